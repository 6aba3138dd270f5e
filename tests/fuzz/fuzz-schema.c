/* fuzz-schema.c — libFuzzer target for schema parsing, validation and content
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is a requestedSchema, optionally followed by a form feed and
 * content to validate against it, so one corpus exercises both halves.
 */

#include "config.h"

#include <string.h>

#include "elicit-schema.h"
#include "elicit-json-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static void
exercise_content (ElicitSchema *schema,
                  const char   *text,
                  gsize         length)
{
  g_autoptr(JsonNode) node = elicit_json_parse (text, length, 64, NULL);
  g_autoptr(GHashTable) errors = NULL;
  g_autoptr(JsonObject) content = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;

  errors = elicit_schema_validate (schema, json_node_get_object (node));
  content = elicit_schema_build_content (schema, json_node_get_object (node));
  elicit_schema_check_content (schema, content, NULL);
}

static void
exercise_fields (ElicitSchema *schema)
{
  GListModel *fields = elicit_schema_get_fields (schema);

  for (guint i = 0; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      JsonNode *value = elicit_field_get_default (field);

      if (value != NULL)
        g_free (elicit_field_validate_value (field, value));
      elicit_field_get_label (field);
      g_list_model_get_n_items (elicit_field_get_options (field));
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const char *text = (const char *) data;
  const char *split = memchr (text, '\f', size);
  gsize schema_length = split ? (gsize) (split - text) : size;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = elicit_schema_new_from_data (text, schema_length, NULL);
  if (schema == NULL)
    return 0;

  exercise_fields (schema);
  if (split != NULL)
    exercise_content (schema, split + 1, size - schema_length - 1);

  return 0;
}
