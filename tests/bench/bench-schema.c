/* bench-schema.c — how long parsing and validating big schemas takes
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage: bench-schema [--write-inputs DIR]
 * Prints one line per case: "<case> <milliseconds per run> ms". With
 * --write-inputs, also writes each case's request and content as JSON so the
 * TypeScript SDK peer (bench-schema-sdk.mjs) measures the very same input.
 */

#include "config.h"

#include <stdio.h>

#include "elicit-schema.h"
#include "elicit-json-private.h"

typedef struct
{
  const char *name;
  char       *request;     /* a whole elicitation/create request */
  char       *content;     /* valid content for it */
} BenchCase;

static void
add_field (JsonBuilder *schema,
           JsonBuilder *content,
           guint        i)
{
  g_autofree char *name = g_strdup_printf ("field_%03u", i);

  json_builder_set_member_name (schema, name);
  json_builder_begin_object (schema);
  json_builder_set_member_name (content, name);
  switch (i % 4)
    {
    case 0:
      json_builder_set_member_name (schema, "type");
      json_builder_add_string_value (schema, "string");
      json_builder_set_member_name (schema, "maxLength");
      json_builder_add_int_value (schema, 64);
      json_builder_add_string_value (content, "some text");
      break;
    case 1:
      json_builder_set_member_name (schema, "type");
      json_builder_add_string_value (schema, "integer");
      json_builder_set_member_name (schema, "minimum");
      json_builder_add_int_value (schema, 0);
      json_builder_add_int_value (content, i);
      break;
    case 2:
      json_builder_set_member_name (schema, "type");
      json_builder_add_string_value (schema, "boolean");
      json_builder_add_boolean_value (content, TRUE);
      break;
    default:
      json_builder_set_member_name (schema, "type");
      json_builder_add_string_value (schema, "string");
      json_builder_set_member_name (schema, "enum");
      json_builder_begin_array (schema);
      json_builder_add_string_value (schema, "red");
      json_builder_add_string_value (schema, "green");
      json_builder_add_string_value (schema, "blue");
      json_builder_end_array (schema);
      json_builder_add_string_value (content, "green");
      break;
    }
  json_builder_set_member_name (schema, "title");
  json_builder_add_string_value (schema, name);
  json_builder_end_object (schema);
}

static void
add_choice (JsonBuilder *schema,
            JsonBuilder *content,
            guint        n_options)
{
  json_builder_set_member_name (schema, "choice");
  json_builder_begin_object (schema);
  json_builder_set_member_name (schema, "type");
  json_builder_add_string_value (schema, "string");
  json_builder_set_member_name (schema, "oneOf");
  json_builder_begin_array (schema);
  for (guint i = 0; i < n_options; i++)
    {
      g_autofree char *value = g_strdup_printf ("option-%06u", i);
      g_autofree char *title = g_strdup_printf ("Option %u", i);

      json_builder_begin_object (schema);
      json_builder_set_member_name (schema, "const");
      json_builder_add_string_value (schema, value);
      json_builder_set_member_name (schema, "title");
      json_builder_add_string_value (schema, title);
      json_builder_end_object (schema);
    }
  json_builder_end_array (schema);
  json_builder_end_object (schema);

  json_builder_set_member_name (content, "choice");
  json_builder_add_string_value (content, "option-099999");
}

static char *
builder_to_string (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  return json_to_string (root, FALSE);
}

static BenchCase
make_case (const char *name,
           guint       n_fields,
           guint       n_options)
{
  g_autoptr(JsonBuilder) schema = json_builder_new ();
  g_autoptr(JsonBuilder) content = json_builder_new ();
  g_autofree char *schema_text = NULL;
  BenchCase bench = { name, NULL, NULL };

  json_builder_begin_object (schema);
  json_builder_set_member_name (schema, "type");
  json_builder_add_string_value (schema, "object");
  json_builder_set_member_name (schema, "properties");
  json_builder_begin_object (schema);
  json_builder_begin_object (content);
  for (guint i = 0; i < n_fields; i++)
    add_field (schema, content, i);
  if (n_options > 0)
    add_choice (schema, content, n_options);
  json_builder_end_object (content);
  json_builder_end_object (schema);
  json_builder_end_object (schema);

  schema_text = builder_to_string (schema);
  bench.request = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"elicitation/create\","
                                   "\"params\":{\"mode\":\"form\",\"message\":\"Bench\","
                                   "\"requestedSchema\":%s}}", schema_text);
  bench.content = builder_to_string (content);
  return bench;
}

/* One run: what a client does with one request: parse the line (through the
 * same safe parser the session uses), build the model, validate the user's
 * answer, build what is sent. */
static void
run_once (const BenchCase *bench)
{
  g_autoptr(JsonNode) request = elicit_json_parse (bench->request, -1, 0, NULL);
  g_autoptr(JsonNode) content = elicit_json_parse (bench->content, -1, 0, NULL);
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(GHashTable) errors = NULL;
  g_autoptr(JsonObject) sent = NULL;
  JsonObject *params;

  g_assert (request != NULL && content != NULL);
  params = json_object_get_object_member (json_node_get_object (request), "params");
  schema = elicit_schema_new_from_json (json_object_get_object_member (params, "requestedSchema"),
                                        NULL);
  g_assert (schema != NULL);

  errors = elicit_schema_validate (schema, json_node_get_object (content));
  g_assert (g_hash_table_size (errors) == 0);
  sent = elicit_schema_build_content (schema, json_node_get_object (content));
}

static void
write_inputs (const char      *dir,
              const BenchCase *bench)
{
  g_autofree char *request_path = g_strdup_printf ("%s/%s.request.json", dir, bench->name);
  g_autofree char *content_path = g_strdup_printf ("%s/%s.content.json", dir, bench->name);

  g_file_set_contents (request_path, bench->request, -1, NULL);
  g_file_set_contents (content_path, bench->content, -1, NULL);
}

int
main (int   argc,
      char *argv[])
{
  BenchCase cases[] = {
    make_case ("500-fields", 500, 0),
    make_case ("100000-options", 0, 100000),
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint runs = 0;
      gint64 start, elapsed;

      if (argc == 3 && g_str_equal (argv[1], "--write-inputs"))
        write_inputs (argv[2], &cases[c]);

      run_once (&cases[c]);  /* warm up */
      start = g_get_monotonic_time ();
      do
        {
          run_once (&cases[c]);
          runs++;
          elapsed = g_get_monotonic_time () - start;
        }
      while (elapsed < G_USEC_PER_SEC && runs < 1000);

      printf ("%s %.3f ms\n", cases[c].name, elapsed / 1000.0 / runs);
      g_free (cases[c].request);
      g_free (cases[c].content);
    }

  return 0;
}
