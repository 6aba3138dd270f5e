/* elicit-json-write.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-json-private.h"

/* The writer: compact JSON that is always valid, whatever the tree holds. */

static void
append_string (GString    *out,
               const char *str)
{
  g_autofree char *valid = NULL;
  const char *run;
  const char *p;

  if (!g_utf8_validate (str, -1, NULL))
    str = valid = g_utf8_make_valid (str, -1);

  g_string_append_c (out, '"');
  for (run = p = str; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;

      g_string_append_len (out, run, p - run);
      run = p + 1;
      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default: g_string_append_printf (out, "\\u%04x", c); break;
        }
    }
  g_string_append_len (out, run, p - run);
  g_string_append_c (out, '"');
}

/*
 * json-glib 1.6 writes 1e20 as "1e+20.0" and infinity as "inf.0", neither of
 * which is JSON. Write the shortest text that reads back as the same double.
 */
static void
append_double (GString *out,
               double   value)
{
  static const char * const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  g_string_append (out, buf);
  if (strpbrk (buf, ".eE") == NULL)
    g_string_append (out, ".0");
}

static void
append_value (GString  *out,
              JsonNode *node)
{
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    append_double (out, json_node_get_double (node));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else if (type == G_TYPE_STRING && json_node_get_string (node) != NULL)
    append_string (out, json_node_get_string (node));
  else
    g_string_append (out, "null");
}

/**
 * elicit_json_append:
 * @out: where to write
 * @node: (nullable): the value to write; %NULL writes `null`
 *
 * Appends @node to @out as compact JSON, members in their order. Unlike
 * json-glib 1.6's generator, the output is always valid JSON: doubles are
 * written so they read back exactly and stay doubles (`30.0`), non-finite
 * numbers become `null` (as JavaScript's JSON.stringify() does), strings that
 * are not UTF-8 are repaired. Recursive: for nodes this process built or
 * parsed with a depth limit.
 *
 * Since: 1.0
 */
void
elicit_json_append (GString  *out,
                    JsonNode *node)
{
  g_return_if_fail (out != NULL);

  if (node == NULL)
    {
      g_string_append (out, "null");
      return;
    }

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(GList) members = object != NULL ? json_object_get_members (object) : NULL;

        g_string_append_c (out, '{');
        for (const GList *l = members; l != NULL; l = l->next)
          {
            if (l != members)
              g_string_append_c (out, ',');
            append_string (out, l->data);
            g_string_append_c (out, ':');
            elicit_json_append (out, json_object_get_member (object, l->data));
          }
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = array != NULL ? json_array_get_length (array) : 0;

        g_string_append_c (out, '[');
        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            elicit_json_append (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_VALUE:
      append_value (out, node);
      break;

    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

/**
 * elicit_json_to_string:
 * @node: (nullable): the value to write
 * @length: (out) (optional): the length of the result in bytes
 *
 * Like elicit_json_append(), into a new string.
 *
 * Returns: (transfer full): compact, valid JSON
 *
 * Since: 1.0
 */
char *
elicit_json_to_string (JsonNode *node,
                       gsize    *length)
{
  GString *out = g_string_new (NULL);

  elicit_json_append (out, node);
  if (length != NULL)
    *length = out->len;

  return g_string_free (out, FALSE);
}
