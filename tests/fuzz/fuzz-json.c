/* fuzz-json.c — libFuzzer target for the safe JSON pre-scan and parser
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every line a server writes goes through elicit_json_parse() before anything
 * else looks at it: whatever it accepts must be safe to serialise again.
 */

#include "config.h"

#include "schema/elicit-schema.h"
#include "schema/elicit-json-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(JsonNode) node = elicit_json_parse ((const char *) data, size, 64, NULL);
  g_autofree char *again = NULL;
  g_autoptr(JsonNode) reparsed = NULL;

  if (node == NULL)
    return 0;

  /* What was accepted serialises, through our own writer (json-glib 1.6 writes
   * 1e20 as "1e+20.0"), to JSON that is accepted again. */
  again = elicit_json_to_string (node, NULL);
  reparsed = elicit_json_parse (again, -1, 64, NULL);
  g_assert (reparsed != NULL);

  return 0;
}
