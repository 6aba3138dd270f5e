/* elicit-demo-server.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * elicit-demo-server: a small, well-behaved MCP server on stdio.
 *
 * It speaks protocol revisions 2026-07-28 and 2025-11-25, one JSON-RPC message per line on
 * stdout, logs on stderr. A client that sends initialize gets 2025-11-25 exactly as before
 * (or the 2025-06-18 or 2025-03-26 it asks for): server-initiated elicitation/create. A
 * client that sends server/discover, or requests whose params._meta carry
 * "io.modelcontextprotocol/protocolVersion" "2026-07-28", is served statelessly
 * (elicit-demo-modern.c): every result carries "resultType", and the eliciting tools answer
 * with an InputRequiredResult (multi-round-trip input) instead; another declared version
 * gets error -32022 with the supported list. The files:
 *
 *   elicit-demo-server.c    start-up, options, the 2025-11-25 handshake and dispatch
 *   elicit-demo-modern.c    2026-07-28: server/discover, stateless requests, MRTR rounds
 *   elicit-demo-tools.c     the tools, their schemas, and their 2025-11-25 behaviour
 *   elicit-demo-validate.c  checking answers against the schema that was sent
 *   elicit-demo-wire.c      reading lines, writing messages, compact JSON, tool results
 *
 * It stands in for a third-party server, so its text is plain English and not translated.
 *
 * Every eliciting tool checks what comes back (action, content keys, types and the
 * schema's constraints) and reports it twice, as text and as structuredContent:
 *
 *   accept (form)   text "accept: <content>"       structured {"action":"accept","content":{…}}
 *                   <content> is compact JSON with the keys in the schema's order and
 *                   numbers in their shortest round-trip form, e.g. accept: {"name":"Ada"}
 *   decline         text "decline"                 structured {"action":"decline"}
 *   cancel          text "cancel"                  structured {"action":"cancel"}
 *   bad answer      text "invalid: <reason>"       structured {"action":"invalid","reason":…}
 *   error answer    text "error: <code> <message>" structured {"action":"error","code":…,"message":…}
 *   no capability   text "unsupported: <reason>"   structured {"action":"unsupported","reason":…}
 *
 * The last three set isError. URL-mode results also carry "elicitationId". Tools:
 *
 *   register_user, configure_project, setup_dev_environment   the seed examples
 *   every_field, no_defaults      one field of every kind and constraint, with and without defaults
 *   every_enum {with_defaults}    every enum shape (untitled, enumNames, oneOf, anyOf, multi)
 *   confirm {question}            a boolean confirmation
 *   url_login {complete_after_ms} URL mode; after accept, waits, sends
 *                                 notifications/elicitation/complete, then answers
 *                                 "accept: elicitation <id> completed"
 *   url_required {complete_after_ms}  JSON-RPC error -32042 with one URL elicitation; the
 *                                 elicitation completes after the delay, and a retry then
 *                                 answers "authorized: elicitation <id>"
 *   cancel_after {after_ms}       elicits, then withdraws the request with
 *                                 notifications/cancelled and answers
 *                                 "withdrawn: the server cancelled its request after <n> ms"
 *   flood_elicitations {count}    sends count requests at once; answers
 *                                 "accept: A, decline: D, cancel: C, error: E, invalid: I",
 *                                 then a line for each distinct error answered:
 *                                 error CODE “MESSAGE”: N
 *
 * In 2026-07-28 the form tools, confirm and flood_elicitations ask through inputRequests
 * ("answer", or "request-1"… for the flood) and report the answers in the same words;
 * url_login asks in URL mode without an elicitationId and answers with the action
 * ("accept", "decline" or "cancel"); url_required and cancel_after need server-initiated
 * requests and are offered only in 2025-11-25. Two tools are offered only in 2026-07-28:
 *
 *   two_questions                 two requests in one round, "name" and "confirm"; answers
 *                                 "name: <outcome>; confirm: <outcome>"
 *   two_rounds                    round one asks "project" (projectName); round two asks
 *                                 "details" (framework, port) and carries the first answer
 *                                 in an HMAC-signed requestState; answers
 *                                 "first: <outcome>; second: <outcome>"
 *
 * where <outcome> is what a form tool would answer, e.g. accept: {"name":"Ada"}.
 *
 * Options: --flood N writes N notifications/message lines as soon as the client sends
 * notifications/initialized; --crash-on-start exits with status 3 at once;
 * --protocol=2025-11-25 serves only clients that initialize, as before 2026-07-28.
 */

#include "elicit-demo-server.h"

/* Requests from the client */

static char *
id_key (JsonNode *id)
{
  if (node_is_string (id))
    return g_strconcat ("s:", json_node_get_string (id), NULL);
  return g_strdup_printf ("i:%" G_GINT64_FORMAT, json_node_get_int (id));
}

static void
handle_initialize (Server     *self,
                   JsonNode   *id,
                   JsonObject *params)
{
  const char *version = params ? schema_string (params, "protocolVersion") : NULL;
  JsonNode *caps_node = params ? json_object_get_member (params, "capabilities") : NULL;
  JsonObject *caps = caps_node && JSON_NODE_HOLDS_OBJECT (caps_node)
                     ? json_node_get_object (caps_node) : NULL;
  JsonNode *elicit_node = caps ? json_object_get_member (caps, "elicitation") : NULL;
  JsonObject *result, *capabilities, *info;

  if (self->initialize_seen)
    {
      send_error (self, id, JSONRPC_INVALID_REQUEST, "initialize was already received", NULL);
      return;
    }
  if (version == NULL)
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS,
                  "Invalid params: protocolVersion must be a string", NULL);
      return;
    }

  self->initialize_seen = TRUE;
  if (elicit_node != NULL && JSON_NODE_HOLDS_OBJECT (elicit_node))
    {
      JsonObject *elicit = json_node_get_object (elicit_node);
      gboolean form = json_object_has_member (elicit, "form");

      self->can_url = json_object_has_member (elicit, "url");
      /* An empty elicitation capability means form mode only. */
      self->can_form = form || !self->can_url;
    }
  if (!g_str_equal (version, "2025-11-25") && !g_str_equal (version, "2025-06-18")
      && !g_str_equal (version, "2025-03-26"))
    version = LATEST_VERSION;
  log_line ("initialize: protocol %s, elicitation form %s, url %s", version,
            self->can_form ? "yes" : "no", self->can_url ? "yes" : "no");

  result = json_object_new ();
  json_object_set_string_member (result, "protocolVersion", version);
  capabilities = json_object_new ();
  json_object_set_object_member (capabilities, "tools", json_object_new ());
  json_object_set_boolean_member (json_object_get_object_member (capabilities, "tools"),
                                  "listChanged", FALSE);
  json_object_set_object_member (capabilities, "logging", json_object_new ());
  json_object_set_object_member (result, "capabilities", capabilities);
  info = json_object_new ();
  json_object_set_string_member (info, "name", SERVER_NAME);
  json_object_set_string_member (info, "title", "Elicit Demo Server");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);
  json_object_set_object_member (result, "serverInfo", info);
  json_object_set_string_member (result, "instructions",
                                 "Each tool asks the user for something through elicitation "
                                 "and reports exactly what it received.");
  send_result (self, id, result);
}

static void
handle_tools_list (Server   *self,
                   JsonNode *id)
{
  JsonObject *result = json_object_new ();
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < demo_n_tools; i++)
    {
      JsonObject *tool;

      if (demo_tools[i].start == NULL)
        continue;
      tool = json_object_new ();

      json_object_set_string_member (tool, "name", demo_tools[i].name);
      json_object_set_string_member (tool, "title", demo_tools[i].title);
      json_object_set_string_member (tool, "description", demo_tools[i].description);
      json_object_set_member (tool, "inputSchema",
                              json_node_copy (g_hash_table_lookup (self->input_schemas, demo_tools[i].name)));
      json_array_add_object_element (list, tool);
    }
  json_object_set_array_member (result, "tools", list);
  send_result (self, id, result);
}

static void
handle_tools_call (Server     *self,
                   JsonNode   *id,
                   JsonObject *params)
{
  const char *name = params ? schema_string (params, "name") : NULL;
  JsonNode *arguments = params ? json_object_get_member (params, "arguments") : NULL;
  g_autoptr(JsonNode) empty = NULL;
  g_autofree char *key = id_key (id);
  g_autofree char *problem = NULL;
  g_autoptr(JsonObject) checked = NULL;
  const Tool *tool;
  JsonNode *requested;
  Call *call;

  if (name == NULL)
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: name must be a string", NULL);
      return;
    }
  if ((tool = find_tool (name)) == NULL || tool->start == NULL)
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
  if (g_hash_table_contains (self->calls, key))
    {
      send_error (self, id, JSONRPC_INVALID_REQUEST, "Invalid Request: this id is already in use", NULL);
      return;
    }

  if (!validate_object (g_hash_table_lookup (self->input_schemas, name), arguments,
                        "arguments", &checked, &problem))
    {
      send_result (self, id, result_with_reason ("invalid", problem));
      return;
    }

  log_line ("tools/call %s", name);
  call = g_new0 (Call, 1);
  call->server = self;
  call->key = g_steal_pointer (&key);
  call->id = json_node_copy (id);
  call->tool = tool;
  call->arguments = g_steal_pointer (&checked);
  call->pending = g_ptr_array_new ();
  requested = g_hash_table_lookup (self->requested_schemas, name);
  call->schema = requested ? json_node_copy (requested) : NULL;
  g_hash_table_insert (self->calls, call->key, call);
  tool->start (call);
}

static void
handle_request (Server     *self,
                JsonNode   *id,
                const char *method,
                JsonObject *params)
{
  if (g_str_equal (method, "initialize"))
    handle_initialize (self, id, params);
  else if (g_str_equal (method, "ping"))
    send_result (self, id, json_object_new ());
  else if (!self->initialize_seen)
    send_error (self, id, JSONRPC_INVALID_REQUEST, "Invalid Request: send initialize first", NULL);
  else if (g_str_equal (method, "tools/list"))
    handle_tools_list (self, id);
  else if (g_str_equal (method, "tools/call"))
    handle_tools_call (self, id, params);
  else if (g_str_equal (method, "logging/setLevel"))
    send_result (self, id, json_object_new ());
  else
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);
      send_error (self, id, JSONRPC_METHOD_NOT_FOUND, text, NULL);
    }
}

static void
write_flood (Server *self)
{
  g_autoptr(GString) batch = g_string_sized_new (FLOOD_BATCH_SIZE + 256);

  log_line ("writing %u notifications/message lines", self->flood);
  for (guint i = 1; i <= self->flood && !self->stopping; i++)
    {
      g_string_append_printf (batch,
                              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                              "\"params\":{\"level\":\"info\",\"logger\":\"flood\","
                              "\"data\":\"flood message %u of %u\"}}\n", i, self->flood);
      if (batch->len >= FLOOD_BATCH_SIZE || i == self->flood)
        {
          write_bytes (self, batch->str, batch->len);
          g_string_truncate (batch, 0);
        }
    }
}

static void
handle_cancelled (Server     *self,
                  JsonObject *params)
{
  JsonNode *request_id = params ? json_object_get_member (params, "requestId") : NULL;
  g_autofree char *key = NULL;
  Call *call;

  if (request_id == NULL || !JSON_NODE_HOLDS_VALUE (request_id)
      || (json_node_get_value_type (request_id) != G_TYPE_STRING
          && json_node_get_value_type (request_id) != G_TYPE_INT64))
    return;
  key = id_key (request_id);
  call = g_hash_table_lookup (self->calls, key);
  if (call == NULL)
    return;
  log_line ("the client cancelled tools/call %s (%s)", call->tool->name,
            schema_string (params, "reason") ? schema_string (params, "reason") : "no reason");
  call_drop (call, "The tool call was cancelled.");
}

static void
handle_notification (Server     *self,
                     const char *method,
                     JsonObject *params)
{
  if (g_str_equal (method, "notifications/initialized"))
    {
      if (self->initialized_seen || !self->initialize_seen)
        return;
      self->initialized_seen = TRUE;
      if (self->flood > 0)
        write_flood (self);
    }
  else if (g_str_equal (method, "notifications/cancelled"))
    handle_cancelled (self, params);
}

static void
handle_response (Server     *self,
                 JsonObject *message,
                 gboolean    lossy)
{
  JsonNode *id = json_object_get_member (message, "id");
  JsonNode *result = json_object_get_member (message, "result");
  JsonNode *error = json_object_get_member (message, "error");
  gint64 number;
  Pending *pending;
  Call *call;

  if (!JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_INT64)
    {
      log_line ("ignoring a response with an id we never used");
      return;
    }
  number = json_node_get_int (id);
  pending = g_hash_table_lookup (self->pending, &number);
  if (pending == NULL)
    {
      log_line ("ignoring a response to request %" G_GINT64_FORMAT ", which is not pending", number);
      return;
    }
  g_hash_table_steal (self->pending, &number);
  call = pending->call;
  g_ptr_array_remove (call->pending, pending);
  call->tool->answered (call, pending, result, error, lossy);
  g_free (pending);
}

static gboolean
valid_id (JsonNode *id)
{
  gint64 number;

  if (!JSON_NODE_HOLDS_VALUE (id))
    return FALSE;
  if (json_node_get_value_type (id) == G_TYPE_STRING)
    return TRUE;
  if (json_node_get_value_type (id) != G_TYPE_INT64)
    return FALSE;
  number = json_node_get_int (id);
  return number >= -MAX_SAFE_ID && number <= MAX_SAFE_ID;
}

void
handle_message (Server     *self,
                JsonObject *message,
                gboolean    lossy)
{
  JsonNode *id = json_object_get_member (message, "id");
  JsonNode *method = json_object_get_member (message, "method");
  JsonNode *params = json_object_get_member (message, "params");
  JsonObject *params_object = NULL;

  if (g_strcmp0 (schema_string (message, "jsonrpc"), "2.0") != 0)
    {
      send_error (self, NULL, JSONRPC_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"", NULL);
      return;
    }

  if (method == NULL)
    {
      if (id != NULL && (json_object_has_member (message, "result")
                         || json_object_has_member (message, "error")))
        handle_response (self, message, lossy);
      else
        send_error (self, NULL, JSONRPC_INVALID_REQUEST, "Invalid Request: no method, result or error", NULL);
      return;
    }

  if (!node_is_string (method) || (id != NULL && (lossy || !valid_id (id))))
    {
      send_error (self, NULL, JSONRPC_INVALID_REQUEST,
                  "Invalid Request: method must be a string and id a string or a safe integer", NULL);
      return;
    }
  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    params_object = json_node_get_object (params);
  else if (params != NULL && !JSON_NODE_HOLDS_NULL (params))
    {
      if (id != NULL)
        send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: params must be an object", NULL);
      return;
    }

  if (id != NULL && modern_handle_request (self, id, json_node_get_string (method), params_object, lossy))
    return;
  if (id != NULL)
    handle_request (self, id, json_node_get_string (method), params_object);
  else
    handle_notification (self, json_node_get_string (method), params_object);
}


/* Start-up */

static gboolean
parse_options (int      *argc,
               char   ***argv,
               gint     *flood,
               gboolean *crash,
               char    **protocol)
{
  const GOptionEntry entries[] = {
    { "flood", 0, 0, G_OPTION_ARG_INT, flood,
      "Write N notifications/message lines after notifications/initialized", "N" },
    { "crash-on-start", 0, 0, G_OPTION_ARG_NONE, crash,
      "Exit at once with status 3 (for testing clients)", NULL },
    { "protocol", 0, 0, G_OPTION_ARG_STRING, protocol,
      "Speak only this revision: 2025-11-25 (initialize first; server/discover and "
      "2026-07-28 requests are refused as before initialize). Default: both", "VERSION" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;

  g_option_context_set_summary (context, "A small MCP server on stdio whose tools ask the user "
                                         "for input through elicitation. It speaks protocol "
                                         "revisions 2026-07-28 (server/discover, stateless "
                                         "requests, multi-round-trip input) and 2025-11-25 "
                                         "(initialize, elicitation/create).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error) || *flood < 0)
    {
      g_printerr ("%s: %s\n", SERVER_NAME, error ? error->message : "--flood must not be negative");
      return FALSE;
    }
  if (*protocol != NULL && !g_str_equal (*protocol, LATEST_VERSION))
    {
      g_printerr ("%s: --protocol takes only %s\n", SERVER_NAME, LATEST_VERSION);
      return FALSE;
    }
  return TRUE;
}

static void
server_free (Server *self)
{
  /* Calls first: freeing one removes its entries from the pending table. */
  g_hash_table_destroy (self->calls);
  g_hash_table_destroy (self->pending);
  g_hash_table_destroy (self->input_schemas);
  g_hash_table_destroy (self->requested_schemas);
  g_clear_handle_id (&self->required_timer, g_source_remove);
  g_free (self->required_id);
  g_byte_array_unref (self->buffer);
  g_object_unref (self->input);
  g_object_unref (self->output);
  g_object_unref (self->cancellable);
  g_main_loop_unref (self->loop);
  g_free (self);
}

int
main (int   argc,
      char *argv[])
{
  gint flood = 0;
  gboolean crash = FALSE;
  g_autofree char *protocol = NULL;
  Server *self;
  int status;

  if (!parse_options (&argc, &argv, &flood, &crash, &protocol))
    return 2;
  if (crash)
    {
      g_printerr ("%s: crashing on start, as asked by --crash-on-start\n", SERVER_NAME);
      return 3;
    }

  /* A client that goes away must not kill us with SIGPIPE; the write fails instead. */
  signal (SIGPIPE, SIG_IGN);

  self = g_new0 (Server, 1);
  self->loop = g_main_loop_new (NULL, FALSE);
  self->input = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  self->output = g_unix_output_stream_new (STDOUT_FILENO, FALSE);
  self->cancellable = g_cancellable_new ();
  self->buffer = g_byte_array_new ();
  self->flood = (guint) flood;
  self->legacy_only = protocol != NULL;
  self->next_request_id = 1;
  self->calls = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) call_free);
  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  self->input_schemas = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                               (GDestroyNotify) json_node_unref);
  self->requested_schemas = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                   (GDestroyNotify) json_node_unref);
  load_schemas (self);

  log_line ("ready on stdio");
  read_next (self);
  g_main_loop_run (self->loop);

  status = self->exit_status;
  server_free (self);
  return status;
}

