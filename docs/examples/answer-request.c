/* answer-request.c: checks an answer to an MCP elicitation request.
 *
 * Usage: answer-request PARAMS CONTENT
 *
 * PARAMS is the JSON text of the params of an `elicitation/create` request,
 * CONTENT the JSON object a user answered with. Prints the result to send
 * back to the server, or why the answer does not fit the request's form.
 *
 * SPDX-License-Identifier: CC0-1.0
 */

#include <locale.h>

#include <elicit.h>

int
main (int   argc,
      char *argv[])
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonNode) content = NULL;
  g_autoptr(GHashTable) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  GHashTableIter iter;
  gpointer field, problem;

  /* The library's messages in the user's language. */
  setlocale (LC_ALL, "");

  if (argc != 3)
    {
      g_printerr ("Usage: %s PARAMS CONTENT\n", argv[0]);
      return 2;
    }

  request = elicit_request_new_from_data (argv[1], -1, &error);
  if (request == NULL)
    {
      g_printerr ("Not a request: %s\n", error->message);
      return 1;
    }

  content = elicit_json_parse (argv[2], -1, 0, &error);
  if (content == NULL || !JSON_NODE_HOLDS_OBJECT (content))
    {
      g_printerr ("Not a JSON object: %s\n", error != NULL ? error->message : argv[2]);
      return 1;
    }

  /* One message per field that is wrong, in the user's language. */
  problems = elicit_schema_validate (elicit_request_get_schema (request),
                                     json_node_get_object (content));
  g_hash_table_iter_init (&iter, problems);
  while (g_hash_table_iter_next (&iter, &field, &problem))
    g_printerr ("%s: %s\n", (const char *) field, (const char *) problem);
  if (g_hash_table_size (problems) > 0)
    return 1;

  if (!elicit_request_accept (request, json_node_get_object (content), &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  result = elicit_request_dup_result_json (request);
  g_print ("%s\n", result);

  return 0;
}
