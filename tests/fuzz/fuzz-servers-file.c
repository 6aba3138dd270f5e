/* fuzz-servers-file.c — libFuzzer target for the servers file
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A servers file may come from anywhere (another client's config, a
 * download): it is read into a config or refused with a readable error.
 */

#include "config.h"

#include "elicit-config.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitConfig) config = elicit_config_new_from_data ((const char *) data, size, "fuzz.json",
                                                               "/nonexistent", &error);

  g_assert ((config == NULL) != (error == NULL));
  if (config != NULL)
    g_assert_cmpuint (g_list_model_get_n_items (elicit_config_get_servers (config)), ==,
                      elicit_config_get_n_servers (config));

  return 0;
}
