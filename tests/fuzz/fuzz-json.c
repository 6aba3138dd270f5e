/* fuzz-json.c — libFuzzer target for the safe JSON pre-scan and parser
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every line a server writes goes through elicit_json_parse() before anything
 * else looks at it: it must accept exactly what elicit_json_check() accepts,
 * build the very tree JsonParser would, and whatever it accepts must be safe
 * to serialise again.
 *
 * One difference is decided: a lone surrogate escape becomes U+FFFD here,
 * where json-glib refuses it or writes invalid UTF-8. So JsonParser is given
 * the text with each lone surrogate escape spelled "\ufffd" (the same
 * length), which must give the same tree.
 */

#include "config.h"

#include <string.h>

#include "elicit-schema.h"
#include "elicit-json-private.h"

#include "../json-same-tree.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static gboolean
hex4 (const char *p,
      const char *end,
      guint      *out)
{
  *out = 0;
  if (end - p < 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return FALSE;
      *out = (*out << 4) | (guint) digit;
    }
  return TRUE;
}

/* @text, which elicit_json_parse() accepted, with lone surrogate escapes
 * spelled "\ufffd". Outside strings an accepted text has no backslash. */
static char *
spell_lone_surrogates (const char *text,
                       size_t      size)
{
  char *copy = g_memdup2 (text, size);
  const char *end = copy + size;
  char *p = copy;

  while ((p = memchr (p, '\\', end - p)) != NULL)
    {
      guint c, low;

      if (p[1] != 'u')
        {
          p += 2;
          continue;
        }
      hex4 (p + 2, end, &c);
      if (c >= 0xd800 && c <= 0xdbff && end - p >= 12 && p[6] == '\\' &&
          p[7] == 'u' && hex4 (p + 8, end, &low) && low >= 0xdc00 && low <= 0xdfff)
        p += 12;
      else
        {
          if (c >= 0xd800 && c <= 0xdfff)
            memcpy (p + 2, "fffd", 4);
          p += 6;
        }
    }

  return copy;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const char *text = (const char *) data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) check_error = NULL;
  g_autoptr(JsonNode) node = elicit_json_parse (text, size, 64, &error);
  gboolean checked = elicit_json_check (text, size, 64, &check_error);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *spelled = NULL;
  g_autofree char *again = NULL;
  g_autoptr(JsonNode) reparsed = NULL;

  /* Building and checking are one pass: the same texts are accepted, and the
   * rest refused with the same error. */
  g_assert (checked == (node != NULL));
  if (node == NULL)
    {
      g_assert (error != NULL && check_error != NULL);
      g_assert (error->code == check_error->code);
      g_assert (g_str_equal (error->message, check_error->message));
      return 0;
    }

  /* The tree is the one JsonParser builds from the same text, types, bits,
   * member order and parents included, wherever json-glib can read it. */
  parser = json_parser_new ();
  spelled = spell_lone_surrogates (text, size);
  if (json_parser_load_from_data (parser, spelled, size, NULL))
    g_assert (json_same_tree (node, json_parser_get_root (parser), NULL));

  /* What was accepted serialises, through our own writer (json-glib 1.6 writes
   * 1e20 as "1e+20.0"), to JSON that is accepted again. */
  again = elicit_json_to_string (node, NULL);
  reparsed = elicit_json_parse (again, -1, 64, NULL);
  g_assert (reparsed != NULL);

  return 0;
}
