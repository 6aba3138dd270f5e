/* fuzz-url-info.c — libFuzzer target for URL analysis
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A URL-mode elicitation's URL comes from the server: analysis either
 * refuses it with an error or describes it, and what it describes is valid
 * UTF-8 a dialog can show.
 */

#include "config.h"

#include "elicit.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *url = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitUrlInfo) info = elicit_url_info_new (url, &error);

  g_assert ((info == NULL) != (error == NULL));
  if (info != NULL)
    g_assert_true (g_utf8_validate (elicit_url_info_get_host (info), -1, NULL));
  else
    g_assert_true (g_utf8_validate (error->message, -1, NULL));

  return 0;
}
