/* elicit-demo-modern.c: protocol revision 2026-07-28, stateless, with multi-round-trip input
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * A request whose params carry `_meta` "io.modelcontextprotocol/protocolVersion" (and
 * server/discover) from a client that never sent initialize is served here, on its own:
 * nothing is remembered between requests. Each result carries "resultType". An eliciting
 * tool answers its first attempt with an InputRequiredResult; the client retries with
 * "inputResponses" (and the "requestState" it was given), and the tool reports the answers
 * exactly as the 2025-11-25 tools do. requestState is signed with a key made at start-up,
 * and a state that fails the check is refused with -32602.
 */

#include "elicit-demo-server.h"

#define JSONRPC_UNSUPPORTED_VERSION (-32022)
#define META_VERSION      "io.modelcontextprotocol/protocolVersion"
#define META_CAPABILITIES "io.modelcontextprotocol/clientCapabilities"
#define META_SERVER_INFO  "io.modelcontextprotocol/serverInfo"

static const char *supported_versions[] = { MODERN_VERSION, "2025-11-25" };

static const char name_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\",\"title\":\"Name\",\"description\":\"Who is asking\","
  "\"minLength\":1,\"maxLength\":40}},\"required\":[\"name\"]}";

static const char go_ahead_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"confirmed\":{\"type\":\"boolean\",\"title\":\"Go ahead\",\"description\":\"Answer Yes to go ahead\"}},"
  "\"required\":[\"confirmed\"]}";

static const char project_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"projectName\":{\"type\":\"string\",\"title\":\"Project name\",\"minLength\":1,\"maxLength\":50}},"
  "\"required\":[\"projectName\"]}";

static const char details_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"framework\":{\"type\":\"string\",\"title\":\"Framework\",\"enum\":[\"react\",\"vue\",\"svelte\"]},"
  "\"port\":{\"type\":\"integer\",\"title\":\"Port\",\"minimum\":1024,\"maximum\":65535}},"
  "\"required\":[\"framework\",\"port\"]}";

/* The _meta of a request */

static JsonObject *
request_meta (JsonObject *params)
{
  JsonNode *meta = params ? json_object_get_member (params, "_meta") : NULL;

  return meta != NULL && JSON_NODE_HOLDS_OBJECT (meta) ? json_node_get_object (meta) : NULL;
}

static const char *
request_version (JsonObject *params)
{
  JsonObject *meta = request_meta (params);

  return meta ? schema_string (meta, META_VERSION) : NULL;
}

gboolean
modern_is_request (JsonObject *params)
{
  return request_version (params) != NULL;
}

/* Which elicitation modes the request's client capabilities declare; as for initialize,
 * an empty elicitation object means form mode only. */
static void
request_modes (JsonObject *params,
               gboolean   *can_form,
               gboolean   *can_url)
{
  JsonObject *meta = request_meta (params);
  JsonNode *caps = meta ? json_object_get_member (meta, META_CAPABILITIES) : NULL;
  JsonNode *elicit = caps && JSON_NODE_HOLDS_OBJECT (caps)
                     ? json_object_get_member (json_node_get_object (caps), "elicitation") : NULL;

  *can_form = *can_url = FALSE;
  if (elicit == NULL || !JSON_NODE_HOLDS_OBJECT (elicit))
    return;
  *can_url = json_object_has_member (json_node_get_object (elicit), "url");
  *can_form = json_object_has_member (json_node_get_object (elicit), "form") || !*can_url;
}

/* Results */

static JsonObject *
complete (JsonObject *result)
{
  json_object_set_string_member (result, "resultType", "complete");
  return result;
}

static JsonObject *
elicit_request (const char *mode,
                const char *message)
{
  JsonObject *request = json_object_new ();
  JsonObject *params = json_object_new ();

  json_object_set_string_member (request, "method", "elicitation/create");
  json_object_set_string_member (params, "mode", mode);
  json_object_set_string_member (params, "message", message);
  json_object_set_object_member (request, "params", params);
  return request;
}

static JsonObject *
form_request (const char *message,
              JsonNode   *schema)
{
  JsonObject *request = elicit_request ("form", message);

  json_object_set_member (json_object_get_object_member (request, "params"), "requestedSchema",
                          json_node_copy (schema));
  return request;
}

static JsonObject *
input_required (JsonObject *requests,
                const char *state)
{
  JsonObject *result = json_object_new ();

  json_object_set_string_member (result, "resultType", "input_required");
  json_object_set_object_member (result, "inputRequests", requests);
  if (state != NULL)
    json_object_set_string_member (result, "requestState", state);
  return result;
}

static JsonNode *
response (Round      *round,
          const char *key)
{
  return round->responses ? json_object_get_member (round->responses, key) : NULL;
}

static gboolean
require_mode (Round       *round,
              gboolean     url_mode,
              JsonObject **result)
{
  if (!url_mode && !round->can_form)
    *result = result_with_reason ("unsupported", "the client did not declare the elicitation "
                                  "capability for form mode, so this tool cannot ask the user "
                                  "anything");
  else if (url_mode && !round->can_url)
    *result = result_with_reason ("unsupported", "the client did not declare the elicitation.url "
                                  "capability, so this tool cannot send the user to a web page");
  else
    return TRUE;
  return FALSE;
}

/* The text of a tool result made by form_outcome() and friends */
static const char *
result_text (JsonObject *result)
{
  JsonArray *content = json_object_get_array_member (result, "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

/* "key: outcome; key: outcome", and the structured outcomes under their keys */
static JsonObject *
combined_result (const char * const *keys,
                 JsonObject         **outcomes,
                 guint                n)
{
  g_autoptr(GString) text = g_string_new (NULL);
  JsonObject *structured = json_object_new ();
  gboolean is_error = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (text, "%s%s: %s", i > 0 ? "; " : "", keys[i],
                              result_text (outcomes[i]));
      is_error |= json_object_get_boolean_member (outcomes[i], "isError");
      json_object_set_member (structured, keys[i],
                              json_node_copy (json_object_get_member (outcomes[i], "structuredContent")));
      json_object_unref (outcomes[i]);
    }
  return tool_result (is_error, text->str, structured);
}

/* Tools */

JsonObject *
modern_form (Round *round)
{
  JsonNode *answer = response (round, "answer");
  JsonNode *question = json_object_get_member (round->arguments, "question");
  JsonNode *with_defaults = json_object_get_member (round->arguments, "with_defaults");
  JsonObject *result = NULL;

  if (with_defaults != NULL && !json_node_get_boolean (with_defaults))
    strip_defaults (round->schema);
  if (answer != NULL)
    return form_outcome (round->schema, answer, NULL, round->lossy);
  if (!require_mode (round, FALSE, &result))
    return result;

  result = json_object_new ();
  json_object_set_object_member (result, "answer",
                                 form_request (question ? json_node_get_string (question)
                                                        : round->tool->message, round->schema));
  return input_required (result, NULL);
}

/* URL mode: no elicitationId, no completion notification; the answer is the action. */
JsonObject *
modern_url_login (Round *round)
{
  JsonNode *answer = response (round, "login");
  g_autoptr(JsonObject) content = NULL;
  g_autofree char *problem = NULL;
  const char *action = NULL;
  JsonObject *requests, *request, *result = NULL;

  if (answer != NULL)
    {
      if (round->lossy)
        return result_with_reason ("invalid", "the answer held an out-of-range number");
      if (!parse_answer (answer, NULL, &action, &content, &problem))
        return result_with_reason ("invalid", problem);
      return tool_result (FALSE, action, action_object (action));
    }
  if (!require_mode (round, TRUE, &result))
    return result;

  request = elicit_request ("url", round->tool->message);
  json_object_set_string_member (json_object_get_object_member (request, "params"), "url",
                                 "https://auth.example.com/login");
  requests = json_object_new ();
  json_object_set_object_member (requests, "login", request);
  return input_required (requests, NULL);
}

JsonObject *
modern_flood (Round *round)
{
  JsonNode *count_node = json_object_get_member (round->arguments, "count");
  gint64 count = count_node != NULL ? (gint64) json_node_get_double (count_node) : 10;
  static const char *names[] = { "accept", "decline", "cancel", "invalid" };
  guint tally[G_N_ELEMENTS (names)] = { 0 };
  g_autoptr(GString) text = NULL;
  JsonObject *requests, *structured, *result = NULL;

  if (round->responses == NULL)
    {
      if (!require_mode (round, FALSE, &result))
        return result;
      requests = json_object_new ();
      for (gint64 i = 1; i <= count; i++)
        {
          g_autofree char *key = g_strdup_printf ("request-%" G_GINT64_FORMAT, i);
          g_autofree char *message = g_strdup_printf ("Flood request %" G_GINT64_FORMAT " of %"
                                                      G_GINT64_FORMAT, i, count);

          json_object_set_object_member (requests, key, form_request (message, round->schema));
        }
      return input_required (requests, NULL);
    }

  for (gint64 i = 1; i <= count; i++)
    {
      g_autofree char *key = g_strdup_printf ("request-%" G_GINT64_FORMAT, i);
      g_autoptr(JsonObject) content = NULL;
      g_autofree char *problem = NULL;
      JsonNode *answer = response (round, key);
      const char *action = NULL;

      if (answer == NULL || round->lossy
          || !parse_answer (answer, round->schema, &action, &content, &problem))
        tally[3]++;
      else
        tally[g_str_equal (action, "accept") ? 0 : g_str_equal (action, "decline") ? 1 : 2]++;
    }
  text = g_string_new (NULL);
  structured = json_object_new ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_string_append_printf (text, "%s%s: %u", i > 0 ? ", " : "", names[i], tally[i]);
      json_object_set_int_member (structured, names[i], tally[i]);
    }
  return tool_result (FALSE, text->str, structured);
}

/* Two requests in one round */
JsonObject *
modern_two_questions (Round *round)
{
  static const char * const keys[] = { "name", "confirm" };
  g_autoptr(JsonNode) name = parse_static_json (name_schema);
  g_autoptr(JsonNode) go_ahead = parse_static_json (go_ahead_schema);
  JsonObject *requests, *result = NULL;

  if (response (round, "name") != NULL && response (round, "confirm") != NULL)
    {
      JsonObject *outcomes[] = {
        form_outcome (name, response (round, "name"), NULL, round->lossy),
        form_outcome (go_ahead, response (round, "confirm"), NULL, round->lossy),
      };
      return combined_result (keys, outcomes, G_N_ELEMENTS (outcomes));
    }
  if (!require_mode (round, FALSE, &result))
    return result;

  /* Both again if either is missing, as the MRTR page asks. */
  requests = json_object_new ();
  json_object_set_object_member (requests, "name", form_request ("What is your name?", name));
  json_object_set_object_member (requests, "confirm", form_request ("Go ahead with the demo?", go_ahead));
  return input_required (requests, NULL);
}

/* requestState for two_rounds: base64 of {"first":<answer>}, a dot, and its HMAC-SHA256
 * under a key made at start-up, so a changed state is refused rather than believed. */

static const guchar *
state_key (void)
{
  static guchar key[32];
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      for (guint i = 0; i < G_N_ELEMENTS (key); i++)
        key[i] = (guchar) g_random_int_range (0, 256);
      g_once_init_leave (&ready, 1);
    }
  return key;
}

static char *
state_sign (const char *payload)
{
  return g_compute_hmac_for_string (G_CHECKSUM_SHA256, state_key (), 32, payload, -1);
}

static char *
state_encode (JsonNode *first)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GString) json = g_string_new (NULL);
  g_autofree char *payload = NULL;
  g_autofree char *mac = NULL;

  json_object_set_member (object, "first", json_node_copy (first));
  node = json_node_init_object (json_node_alloc (), object);
  append_json (json, node);
  payload = g_base64_encode ((const guchar *) json->str, json->len);
  mac = state_sign (payload);
  return g_strconcat (payload, ".", mac, NULL);
}

/* The first round's answer from a verified state, or NULL after setting round->problem. */
static JsonNode *
state_decode (Round *round)
{
  const char *dot = strrchr (round->state, '.');
  g_autofree char *payload = NULL;
  g_autofree char *mac = NULL;
  g_autofree guchar *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root, *first;
  gsize len;

  if (dot == NULL)
    goto invalid;
  payload = g_strndup (round->state, dot - round->state);
  mac = state_sign (payload);
  if (!g_str_equal (mac, dot + 1))
    goto invalid;
  json = g_base64_decode (payload, &len);
  if (!json_parser_load_from_data (parser, (const char *) json, len, NULL))
    goto invalid;
  root = json_parser_get_root (parser);
  first = JSON_NODE_HOLDS_OBJECT (root) ? json_object_get_member (json_node_get_object (root), "first")
                                         : NULL;
  if (first == NULL)
    goto invalid;
  return json_node_copy (first);

invalid:
  round->problem = g_strdup ("Invalid params: requestState failed verification");
  return NULL;
}

static JsonObject *
second_round (JsonNode *first,
              JsonNode *project)
{
  g_autoptr(JsonNode) details = parse_static_json (details_schema);
  g_autofree char *state = state_encode (first);
  g_autofree char *message = NULL;
  JsonObject *requests = json_object_new ();
  JsonObject *content = json_object_get_object_member (json_node_get_object (first), "content");

  message = g_strdup_printf ("Choose a framework and port for %s",
                             json_object_get_string_member (content, "projectName"));
  json_object_set_object_member (requests, "details", form_request (message, details));
  return input_required (requests, state);
}

/* Round one asks for a project name; round two, which carries the first answer in
 * requestState, for its framework and port. */
JsonObject *
modern_two_rounds (Round *round)
{
  static const char * const keys[] = { "first", "second" };
  g_autoptr(JsonNode) project = parse_static_json (project_schema);
  g_autoptr(JsonNode) details = parse_static_json (details_schema);
  g_autoptr(JsonNode) first = NULL;
  JsonObject *outcome, *requests, *result = NULL;

  if (round->state != NULL)
    {
      if ((first = state_decode (round)) == NULL)
        return NULL;
      if (response (round, "details") == NULL)
        return second_round (first, project);
      {
        JsonObject *outcomes[] = {
          form_outcome (project, first, NULL, FALSE),
          form_outcome (details, response (round, "details"), NULL, round->lossy),
        };
        return combined_result (keys, outcomes, G_N_ELEMENTS (outcomes));
      }
    }

  if (response (round, "project") != NULL)
    {
      outcome = form_outcome (project, response (round, "project"), NULL, round->lossy);
      /* Only an accepted, valid name goes on to round two. */
      if (!g_str_has_prefix (result_text (outcome), "accept"))
        {
          JsonObject *outcomes[] = { outcome };
          return combined_result (keys, outcomes, 1);
        }
      json_object_unref (outcome);
      return second_round (response (round, "project"), project);
    }

  if (!require_mode (round, FALSE, &result))
    return result;
  requests = json_object_new ();
  json_object_set_object_member (requests, "project", form_request ("Name your project", project));
  return input_required (requests, NULL);
}

/* Requests */

static void
handle_discover (Server   *self,
                 JsonNode *id)
{
  JsonObject *result = json_object_new ();
  JsonArray *versions = json_array_new ();
  JsonObject *capabilities = json_object_new ();
  JsonObject *tools = json_object_new ();
  JsonObject *meta = json_object_new ();
  JsonObject *info = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (supported_versions); i++)
    json_array_add_string_element (versions, supported_versions[i]);
  json_object_set_array_member (result, "supportedVersions", versions);
  json_object_set_boolean_member (tools, "listChanged", FALSE);
  json_object_set_object_member (capabilities, "tools", tools);
  json_object_set_object_member (result, "capabilities", capabilities);
  json_object_set_string_member (info, "name", SERVER_NAME);
  json_object_set_string_member (info, "title", "Elicit Demo Server");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);
  json_object_set_object_member (meta, META_SERVER_INFO, info);
  json_object_set_object_member (result, "_meta", meta);
  json_object_set_string_member (result, "instructions",
                                 "Each tool asks the user for something through elicitation "
                                 "and reports exactly what it received.");
  send_result (self, id, complete (result));
}

static void
send_unsupported_version (Server     *self,
                          JsonNode   *id,
                          const char *requested)
{
  JsonObject *data = json_object_new ();
  JsonArray *versions = json_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (supported_versions); i++)
    json_array_add_string_element (versions, supported_versions[i]);
  json_object_set_array_member (data, "supported", versions);
  if (requested != NULL)
    json_object_set_string_member (data, "requested", requested);
  send_error (self, id, JSONRPC_UNSUPPORTED_VERSION, "Unsupported protocol version", data);
}

static void
handle_tools_list (Server   *self,
                   JsonNode *id)
{
  JsonObject *result = json_object_new ();
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < demo_n_tools; i++)
    {
      const Tool *tool = &demo_tools[i];
      JsonObject *object;

      if (tool->modern == NULL)
        continue;
      object = json_object_new ();
      json_object_set_string_member (object, "name", tool->name);
      json_object_set_string_member (object, "title", tool->title);
      json_object_set_string_member (object, "description", tool->description);
      json_object_set_member (object, "inputSchema",
                              json_node_copy (g_hash_table_lookup (self->input_schemas, tool->name)));
      json_array_add_object_element (list, object);
    }
  json_object_set_array_member (result, "tools", list);
  send_result (self, id, complete (result));
}

static gboolean
round_check (Round      *round,
             JsonObject *params)
{
  JsonNode *responses = json_object_get_member (params, "inputResponses");
  JsonNode *state = json_object_get_member (params, "requestState");

  if (responses != NULL && !JSON_NODE_HOLDS_NULL (responses))
    {
      if (!JSON_NODE_HOLDS_OBJECT (responses))
        {
          round->problem = g_strdup ("Invalid params: inputResponses must be an object");
          return FALSE;
        }
      round->responses = json_node_get_object (responses);
    }
  if (state != NULL && !JSON_NODE_HOLDS_NULL (state))
    {
      if (!node_is_string (state))
        {
          round->problem = g_strdup ("Invalid params: requestState must be a string");
          return FALSE;
        }
      round->state = json_node_get_string (state);
    }
  return TRUE;
}

static void
handle_tools_call (Server     *self,
                   JsonNode   *id,
                   JsonObject *params,
                   gboolean    lossy)
{
  const char *name = params ? schema_string (params, "name") : NULL;
  JsonNode *arguments = params ? json_object_get_member (params, "arguments") : NULL;
  g_autoptr(JsonNode) empty = NULL;
  g_autoptr(JsonObject) checked = NULL;
  g_autofree char *problem = NULL;
  JsonNode *requested;
  const Tool *tool;
  JsonObject *result;
  Round round = { self, NULL, };

  if (name == NULL)
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: name must be a string", NULL);
      return;
    }
  tool = find_tool (name);
  if (tool == NULL || tool->modern == NULL)
    {
      g_autofree char *text = g_strdup_printf ("Unknown tool: %s", name);
      send_error (self, id, JSONRPC_INVALID_PARAMS, text, NULL);
      return;
    }
  if (arguments == NULL || JSON_NODE_HOLDS_NULL (arguments))
    arguments = empty = json_node_init_object (json_node_alloc (), json_object_new ());
  if (!JSON_NODE_HOLDS_OBJECT (arguments))
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: arguments must be an object", NULL);
      return;
    }
  if (!validate_object (g_hash_table_lookup (self->input_schemas, name), arguments,
                        "arguments", &checked, &problem))
    {
      send_result (self, id, complete (result_with_reason ("invalid", problem)));
      return;
    }

  round.tool = tool;
  round.arguments = checked;
  round.lossy = lossy;
  requested = g_hash_table_lookup (self->requested_schemas, name);
  round.schema = requested ? json_node_copy (requested) : NULL;
  request_modes (params, &round.can_form, &round.can_url);
  log_line ("tools/call %s (%s, %s)", name, MODERN_VERSION,
            json_object_has_member (params, "inputResponses") ? "a retry with inputResponses"
                                                              : "first attempt");

  result = round_check (&round, params) ? tool->modern (&round) : NULL;
  if (result != NULL)
    {
      if (!json_object_has_member (result, "resultType"))
        complete (result);
      send_result (self, id, result);
    }
  else
    send_error (self, id, JSONRPC_INVALID_PARAMS, round.problem, NULL);
  g_free (round.problem);
  g_clear_pointer (&round.schema, json_node_unref);
}

/* Serves @method if it is a 2026-07-28 request (it carries the protocol version in
 * `_meta`, or is server/discover) and returns TRUE; FALSE leaves it to the 2025 path. */
gboolean
modern_handle_request (Server     *self,
                       JsonNode   *id,
                       const char *method,
                       JsonObject *params,
                       gboolean    lossy)
{
  const char *version = request_version (params);

  if (self->legacy_only || self->initialize_seen || (version == NULL && !g_str_equal (method, "server/discover")))
    return FALSE;

  if (g_str_equal (method, "server/discover"))
    {
      log_line ("server/discover: the client offers %s", version ? version : "no version");
      handle_discover (self, id);
    }
  else if (!g_str_equal (version, MODERN_VERSION))
    {
      log_line ("%s: refusing protocol version %s", method, version);
      send_unsupported_version (self, id, version);
    }
  else if (g_str_equal (method, "tools/list"))
    handle_tools_list (self, id);
  else if (g_str_equal (method, "tools/call"))
    handle_tools_call (self, id, params, lossy);
  else if (g_str_equal (method, "ping"))
    send_result (self, id, complete (json_object_new ()));
  else
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);
      send_error (self, id, JSONRPC_METHOD_NOT_FOUND, text, NULL);
    }
  return TRUE;
}
