/* test-session-modern.c: ElicitSession in the 2026-07-28 revision — the
 * server/discover probe, per-request _meta, falling back to initialize, and
 * multi-round-trip input — against a scripted server.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "session-test.h"
#include "manual-clock.h"

#define DISCOVER_RESULT(id) \
  "{\"jsonrpc\":\"2.0\",\"id\":" id ",\"result\":{\"resultType\":\"complete\"," \
  "\"supportedVersions\":[\"2026-07-28\"],\"capabilities\":{\"tools\":{}}," \
  "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"modern\",\"version\":\"2.0\"}}," \
  "\"instructions\":\"Be brief.\"}}"

#define FORM(message) \
  "{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\",\"message\":\"" message "\"," \
  "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}}"

typedef struct
{
  FakePeer        *peer;
  ElicitTransport *transport;
  ElicitSession   *session;
  GPtrArray       *requests;
} Fixture;

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *f)
{
  g_ptr_array_add (f->requests, g_object_ref (request));
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->transport = fake_peer_new (&f->peer);
  f->session = elicit_session_new (f->transport);
  f->requests = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (f->session, "elicitation", G_CALLBACK (elicitation_cb), f);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  Result res = { 0 };

  elicit_session_close_async (f->session, NULL, result_cb, &res);
  elicit_session_close_finish (f->session, wait_result (&res), NULL);
  result_clear (&res);
  g_clear_pointer (&f->requests, g_ptr_array_unref);
  g_assert_finalize_object (f->session);
  g_clear_object (&f->transport);
  fake_peer_free (f->peer);
}

/* Checks the request's method and modern _meta; returns its id. */
static gint64
expect_request (Fixture    *f,
                JsonObject *message,
                const char *method)
{
  JsonObject *meta = member_object (member_object (message, "params"), "_meta");
  g_autofree char *capabilities = NULL;

  g_assert_cmpstr (json_object_get_string_member (message, "method"), ==, method);
  g_assert_nonnull (meta);
  g_assert_cmpstr (json_object_get_string_member (meta, "io.modelcontextprotocol/protocolVersion"),
                   ==, "2026-07-28");
  g_assert_cmpstr (json_object_get_string_member (
                     member_object (meta, "io.modelcontextprotocol/clientInfo"), "name"),
                   ==, "elicit");
  capabilities = member_json (meta, "io.modelcontextprotocol/clientCapabilities");
  g_assert_cmpstr (capabilities, ==, "{\"elicitation\":{\"form\":{},\"url\":{}},"
                                     "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}");

  return json_object_get_int_member (message, "id");
}

/* Answers the tools/list the session sends before its first call: the
 * definitions tell it which headers a call carries, and which tools are
 * invalid. Returns the tools it kept. */
static JsonArray *
answer_tools_list (Fixture    *f,
                   Result     *res,
                   const char *tools)
{
  g_autoptr(JsonObject) list = peer_read_message (f->peer);
  g_autofree char *line = NULL;

  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"tools\":%s}}", expect_request (f, list, "tools/list"), tools);
  fake_peer_send_line (f->peer, line);

  return res != NULL ? elicit_session_list_tools_finish (f->session, wait_result (res), NULL)
                     : NULL;
}

static void
connect_modern (Fixture *f)
{
  g_autoptr(JsonObject) discover = NULL;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  discover = peer_read_message (f->peer);
  g_assert_cmpint (expect_request (f, discover, "server/discover"), ==, 1);
  fake_peer_send_line (f->peer, DISCOVER_RESULT ("1"));
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_no_error (error);
  result_clear (&res);

  elicit_session_list_tools_async (f->session, NULL, result_cb, &res);
  tools = answer_tools_list (f, &res, "[{\"name\":\"ask\",\"inputSchema\":{\"type\":\"object\"}}]");
  g_assert_cmpuint (json_array_get_length (tools), ==, 1);
  result_clear (&res);
}

static void
test_discover_makes_it_modern (Fixture       *f,
                               gconstpointer  data)
{
  connect_modern (f);

  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==, "2026-07-28");
  g_assert_cmpstr (elicit_session_get_server_name (f->session), ==, "modern");
  g_assert_cmpstr (elicit_session_get_server_version (f->session), ==, "2.0");
  g_assert_cmpstr (elicit_session_get_instructions (f->session), ==, "Be brief.");
  g_assert_true (json_object_has_member (elicit_session_get_server_capabilities (f->session),
                                         "tools"));
  g_assert_true (elicit_session_get_can_elicit (f->session));
  /* No handshake: nothing more was sent. */
  fake_peer_sync (f->peer);
}

static void
test_unsupported_version_is_retried (Fixture       *f,
                                     gconstpointer  data)
{
  g_autoptr(JsonObject) first = NULL;
  g_autoptr(JsonObject) second = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  first = peer_read_message (f->peer);
  expect_request (f, first, "server/discover");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,"
                                "\"message\":\"Unsupported protocol version\",\"data\":"
                                "{\"supported\":[\"2026-07-28\"],\"requested\":\"x\"}}}");

  /* A modern error: retried under a new id with a version it supports. */
  second = peer_read_message (f->peer);
  g_assert_cmpint (expect_request (f, second, "server/discover"), ==, 2);
  fake_peer_send_line (f->peer, DISCOVER_RESULT ("2"));
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==, "2026-07-28");
  result_clear (&res);
}

static void
test_legacy_server_gets_initialize (Fixture       *f,
                                    gconstpointer  data)
{
  g_autoptr(JsonObject) discover = NULL;
  g_autoptr(JsonObject) initialize = NULL;
  g_autoptr(JsonObject) initialized = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  discover = peer_read_message (f->peer);
  expect_request (f, discover, "server/discover");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,"
                                "\"message\":\"Method not found\"}}");

  initialize = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (initialize, "method"), ==, "initialize");
  g_assert_cmpstr (json_object_get_string_member (member_object (initialize, "params"),
                                                  "protocolVersion"), ==, "2025-11-25");
  g_assert_null (member_object (member_object (initialize, "params"), "_meta"));
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"protocolVersion\":"
                                "\"2025-06-18\",\"capabilities\":{},\"serverInfo\":"
                                "{\"name\":\"old\",\"version\":\"1\"}}}");
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_no_error (error);
  initialized = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (initialized, "method"), ==,
                   "notifications/initialized");
  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==, "2025-06-18");
  result_clear (&res);
}

static void
test_silent_server_gets_initialize_after_ten_seconds (Fixture       *f,
                                                      gconstpointer  data)
{
  g_autoptr(JsonObject) discover = NULL;
  g_autoptr(JsonObject) initialize = NULL;
  static ManualClock clock;
  Result res = { 0 };

  manual_clock_use (&clock, elicit_session_get_peer (f->session));
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  discover = peer_read_message (f->peer);
  expect_request (f, discover, "server/discover");

  manual_clock_advance (&clock, 9999);
  g_assert_false (res.done);
  manual_clock_advance (&clock, 1);

  initialize = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (initialize, "method"), ==, "initialize");
  g_assert_false (res.done);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"protocolVersion\":"
                                "\"2025-11-25\",\"capabilities\":{},\"serverInfo\":"
                                "{\"name\":\"quiet\",\"version\":\"1\"}}}");
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  result_clear (&res);
  /* No call is pending when the clock goes. */
  manual_clock_clear (&clock);
}

static void
test_no_common_version_is_a_clear_error (Fixture       *f,
                                         gconstpointer  data)
{
  g_autoptr(JsonObject) discover = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  discover = peer_read_message (f->peer);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32022,"
                                "\"message\":\"no\",\"data\":{\"supported\":[\"2099-01-01\"]}}}");
  g_assert_false (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION);
  g_assert_cmpstr (error->message, ==,
                   "The server speaks MCP versions “2099-01-01”, none of which this client speaks "
                   "(2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)");
  result_clear (&res);
}

static void
test_legacy_only_skips_the_probe (Fixture       *f,
                                  gconstpointer  data)
{
  const char * const legacy[] = { "2025-11-25", "unknown", NULL };
  g_autoptr(JsonObject) initialize = NULL;
  Result res = { 0 };

  g_assert_false (elicit_session_set_protocol_versions (f->session,
                                                        (const char * const []) { "x", NULL }));
  g_assert_true (elicit_session_set_protocol_versions (f->session, legacy));
  g_assert_cmpstrv (elicit_session_get_protocol_versions (f->session),
                    ((const char * const []) { "2025-11-25", NULL }));
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  initialize = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (initialize, "method"), ==, "initialize");
  g_assert_cmpstr (json_object_get_string_member (member_object (initialize, "params"),
                                                  "protocolVersion"), ==, "2025-11-25");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":"
                                "\"2025-11-25\",\"capabilities\":{},\"serverInfo\":"
                                "{\"name\":\"old\",\"version\":\"1\"}}}");
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  result_clear (&res);
}

static void
test_invalid_header_tools_are_left_out_and_never_called (Fixture       *f,
                                                         gconstpointer  data)
{
  g_autoptr(JsonObject) discover = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  discover = peer_read_message (f->peer);
  fake_peer_send_line (f->peer, DISCOVER_RESULT ("1"));
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  result_clear (&res);

  /* The first call reads the definitions first. */
  elicit_session_call_tool_async (f->session, "bad", NULL, NULL, NULL, NULL, result_cb, &res);
  answer_tools_list (f, NULL,
                     "[{\"name\":\"good\",\"inputSchema\":{\"type\":\"object\",\"properties\":"
                     "{\"r\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"}}}},"
                     "{\"name\":\"bad\",\"inputSchema\":{\"type\":\"object\",\"properties\":"
                     "{\"r\":{\"type\":\"number\",\"x-mcp-header\":\"Region\"}}}}]");
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==,
                   "The server’s definition of the tool “bad” is invalid, so it is not called: "
                   "an “x-mcp-header” annotates a parameter that is not a string, an integer or "
                   "a boolean");
  result_clear (&res);
  /* Nothing was sent for it. */
  fake_peer_sync (f->peer);
}

/* Multi-round-trip input ---------------------------------------------------------- */

static void
answer_request (Fixture    *f,
                guint       index,
                const char *name)
{
  g_autoptr(JsonObject) content = json_object_new ();

  json_object_set_string_member (content, "name", name);
  g_assert_true (elicit_request_accept (g_ptr_array_index (f->requests, index), content, NULL));
}

static void
test_input_required_is_answered_and_retried (Fixture       *f,
                                             gconstpointer  data)
{
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) retry = NULL;
  g_autoptr(JsonObject) last = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *responses = NULL;
  g_autofree char *state = NULL;
  g_autofree char *arguments = NULL;
  g_autoptr(JsonObject) args = json_object_new ();
  gint64 id;
  Result res = { 0 };

  connect_modern (f);
  json_object_set_int_member (args, "n", 3);
  elicit_session_call_tool_async (f->session, "ask", args, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  id = expect_request (f, call, "tools/call");

  /* Round one: two forms in one round, and a state to echo. */
  peer_send_printf (f->peer,
    "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":\"input_required\","
    "\"inputRequests\":{\"first\":" FORM ("One?") ",\"second\":" FORM ("Two?") "},"
    "\"requestState\":\"s\\u00e9t\\\"1\"}}", id);
  while (f->requests->len < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (elicit_request_get_message (g_ptr_array_index (f->requests, 0)), ==, "One?");
  g_assert_cmpstr (elicit_request_get_message (g_ptr_array_index (f->requests, 1)), ==, "Two?");
  answer_request (f, 1, "Bo");
  answer_request (f, 0, "Al");

  retry = peer_read_message (f->peer);
  g_assert_cmpint (expect_request (f, retry, "tools/call"), >, id);
  responses = member_json (member_object (retry, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==,
                   "{\"second\":{\"action\":\"accept\",\"content\":{\"name\":\"Bo\"}},"
                   "\"first\":{\"action\":\"accept\",\"content\":{\"name\":\"Al\"}}}");
  state = member_json (member_object (retry, "params"), "requestState");
  g_assert_cmpstr (state, ==, "\"s\u00e9t\\\"1\"");
  arguments = member_json (member_object (retry, "params"), "arguments");
  g_assert_cmpstr (arguments, ==, "{\"n\":3}");

  /* Round two: no state this time, so none goes back. */
  peer_send_printf (f->peer,
    "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":\"input_required\","
    "\"inputRequests\":{\"third\":" FORM ("Three?") "}}}",
    json_object_get_int_member (retry, "id"));
  while (f->requests->len < 3)
    g_main_context_iteration (NULL, TRUE);
  elicit_request_decline (g_ptr_array_index (f->requests, 2));

  last = peer_read_message (f->peer);
  g_assert_false (json_object_has_member (member_object (last, "params"), "requestState"));
  g_clear_pointer (&responses, g_free);
  responses = member_json (member_object (last, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==, "{\"third\":{\"action\":\"decline\"}}");

  /* Done, and a result without resultType is complete. */
  peer_send_printf (f->peer,
    "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[]}}",
    json_object_get_int_member (last, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_true (json_object_has_member (result, "content"));
  result_clear (&res);
}

static void
test_a_refused_input_request_is_left_out_of_the_retry (Fixture       *f,
                                                       gconstpointer  data)
{
  g_autoptr(ElicitPromptQueue) queue = elicit_prompt_queue_new ();
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) retry = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autofree char *responses = NULL;
  gint64 id;
  Result res = { 0 };

  /* A queue that holds one request: the second of the round is refused
   * unseen, and a retry cannot carry an error. */
  elicit_prompt_queue_set_max_pending (queue, 1);
  elicit_prompt_queue_add_session (queue, f->session);
  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  id = expect_request (f, call, "tools/call");
  peer_send_printf (f->peer,
    "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":\"input_required\","
    "\"inputRequests\":{\"first\":" FORM ("One?") ",\"second\":" FORM ("Two?") "}}}", id);
  while (f->requests->len < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (elicit_request_get_state (g_ptr_array_index (f->requests, 1)), ==,
                   ELICIT_REQUEST_STATE_CANCELLED);
  answer_request (f, 0, "Al");

  /* Left out, never answered as a person would ("cancel"). */
  retry = peer_read_message (f->peer);
  responses = member_json (member_object (retry, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==, "{\"first\":{\"action\":\"accept\",\"content\":{\"name\":\"Al\"}}}");
  peer_send_printf (f->peer,
    "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[]}}",
    json_object_get_int_member (retry, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), NULL);
  g_assert_nonnull (result);
  result_clear (&res);
  elicit_prompt_queue_remove_session (queue, f->session);
}

/* Sends one InputRequiredResult for the call just read; returns the error. */
static GError *
call_failing_with (Fixture    *f,
                   const char *result_json)
{
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autofree char *line = NULL;
  GError *error = NULL;
  Result res = { 0 };

  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":%s}",
                          json_object_get_int_member (call, "id"), result_json);
  fake_peer_send_line (f->peer, line);
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  result_clear (&res);

  return error;
}

static void
test_hostile_input_requests (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GString) many = g_string_new ("{\"resultType\":\"input_required\",\"inputRequests\":{");
  struct {
    const char *result;
    const char *message;
  } cases[] = {
    { "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":5}}",
      "The server’s input request “a” is not a request with parameters" },
    { "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":{\"method\":"
      "\"sampling/createMessage\",\"params\":{}}}}",
      "The server asked for “sampling/createMessage”, which this client does not offer "
      "(it declared no such capability)" },
    { "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":{\"method\":"
      "\"elicitation/create\",\"params\":{\"message\":\"x\"}}}}",
      "The server’s input request “a” is invalid: “requestedSchema” is missing" },
    { "{\"resultType\":\"input_required\",\"inputRequests\":[]}",
      "The server asked for input for “tools/call” in a malformed result" },
    { "{\"resultType\":\"input_required\"}",
      "The server asked for input for “tools/call” in a malformed result" },
    { "{\"resultType\":\"input_required\",\"requestState\":7}",
      "The server asked for input for “tools/call” in a malformed result" },
    /* A requestState is a string: any other value is not echoed (the
     * proxy checks the same through the same ElicitInputRounds). */
    { "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":" FORM ("x") "},"
      "\"requestState\":{\"n\":1}}",
      "The server asked for input for “tools/call” in a malformed result" },
    { "{\"resultType\":\"maybe\"}",
      "The server answered “tools/call” with a result of unknown type “maybe”" },
  };

  connect_modern (f);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = call_failing_with (f, cases[i].result);

      g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }

  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (many, "%s\"k%u\":" FORM ("x"), i > 0 ? "," : "", i);
  g_string_append (many, "}}");
  {
    g_autoptr(GError) error = call_failing_with (f, many->str);

    g_assert_cmpstr (error->message, ==,
                     "The server asked for 10000 inputs at once; at most 64 are answered");
  }

  /* Nothing was shown for any of them, and the session is still up. */
  g_assert_cmpuint (f->requests->len, ==, 0);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
}

static void
test_a_server_that_asks_forever_is_stopped (Fixture       *f,
                                            gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };
  guint rounds = 0;

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);

  while (!res.done)
    {
      g_autoptr(JsonObject) call = peer_read_message (f->peer);
      g_autofree char *line = NULL;

      line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                              "{\"resultType\":\"input_required\",\"requestState\":\"again\"}}",
                              json_object_get_int_member (call, "id"));
      fake_peer_send_line (f->peer, line);
      rounds++;
      /* Either the retry arrives or the call gives up. */
      while (!res.done && memchr (f->peer->input->str, '\n', f->peer->input->len) == NULL &&
             !fake_peer_fill (f->peer))
        spin_once ();
    }

  result = elicit_session_call_tool_finish (f->session, res.result, &error);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==,
                   "The server asked for more input 16 times without finishing “tools/call”");
  g_assert_cmpuint (rounds, ==, 17);
  result_clear (&res);
}

static void
test_cancelling_withdraws_the_rounds_requests (Fixture       *f,
                                               gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  Result res = { 0 };

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, cancellable,
                                  result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":"
                          FORM ("Wait") "}}}", json_object_get_int_member (call, "id"));
  fake_peer_send_line (f->peer, line);
  while (f->requests->len < 1)
    g_main_context_iteration (NULL, TRUE);

  g_cancellable_cancel (cancellable);
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (elicit_request_get_state (g_ptr_array_index (f->requests, 0)), ==,
                   ELICIT_REQUEST_STATE_WITHDRAWN);
  result_clear (&res);
}

static void
test_url_input_needs_no_elicitation_id (Fixture       *f,
                                        gconstpointer  data)
{
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) retry = NULL;
  g_autofree char *line = NULL;
  g_autofree char *responses = NULL;
  g_autoptr(JsonObject) result = NULL;
  ElicitRequest *request;
  Result res = { 0 };

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "sign-in", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"resultType\":\"input_required\",\"inputRequests\":{\"login\":"
                          "{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"url\","
                          "\"message\":\"Sign in\",\"url\":\"https://example.com/in\"}}}}}",
                          json_object_get_int_member (call, "id"));
  fake_peer_send_line (f->peer, line);
  while (f->requests->len < 1)
    g_main_context_iteration (NULL, TRUE);

  request = g_ptr_array_index (f->requests, 0);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_null (elicit_request_get_elicitation_id (request));
  g_assert_true (elicit_request_accept (request, NULL, NULL));
  /* The retry tells the outcome: no completion notice to wait for. */
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_COMPLETED);

  retry = peer_read_message (f->peer);
  responses = member_json (member_object (retry, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==, "{\"login\":{\"action\":\"accept\"}}");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[]}}",
               json_object_get_int_member (retry, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), NULL);
  g_assert_nonnull (result);
  result_clear (&res);
}

/* A requestState of @length bytes of printable ASCII that is not all one
 * byte, so a dropped or moved chunk shows. */
static char *
big_state (gsize length)
{
  char *state = g_malloc (length + 1);

  for (gsize i = 0; i < length; i++)
    state[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."[(i * 7 + i / 64) % 65];
  state[length] = '\0';

  return state;
}

static void
test_a_request_state_just_under_the_line_cap_is_echoed_exactly (Fixture       *f,
                                                                 gconstpointer  data)
{
  const gsize room = 1024;
  g_autofree char *state = big_state (ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH - room);
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) retry = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *responses = NULL;
  JsonNode *echoed;
  Result res = { 0 };

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":"
                          FORM ("Big?") "},\"requestState\":\"%s\"}}",
                          json_object_get_int_member (call, "id"), state);
  g_assert_cmpuint (strlen (line), <, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH);
  g_assert_cmpuint (strlen (line), >, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH - room);
  fake_peer_send_line (f->peer, line);
  while (f->requests->len < 1)
    g_main_context_iteration (NULL, TRUE);
  answer_request (f, 0, "Ada");

  /* The retry carries it back byte for byte, and the answer with it. */
  retry = peer_read_message (f->peer);
  expect_request (f, retry, "tools/call");
  echoed = json_object_get_member (member_object (retry, "params"), "requestState");
  g_assert_nonnull (echoed);
  g_assert_cmpint (json_node_get_value_type (echoed), ==, G_TYPE_STRING);
  g_assert_cmpuint (strlen (json_node_get_string (echoed)), ==, strlen (state));
  g_assert_true (strcmp (json_node_get_string (echoed), state) == 0);
  responses = member_json (member_object (retry, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==, "{\"a\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[]}}",
                    json_object_get_int_member (retry, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  result_clear (&res);
}

static void
test_a_request_state_over_the_line_cap_closes_with_a_reason (Fixture       *f,
                                                             gconstpointer  data)
{
  g_autofree char *state = big_state (ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH);
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  Result res = { 0 };

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":"
                          FORM ("Big?") "},\"requestState\":\"%s\"}}",
                          json_object_get_int_member (call, "id"), state);
  fake_peer_send_line (f->peer, line);

  /* The call fails with the transport's reason, nobody is asked, and the
   * session is closed rather than left reading a line without end. */
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "received a line longer than 16.0\u00a0MiB (line 3)");
  g_assert_cmpuint (f->requests->len, ==, 0);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);
  fake_peer_expect_eof (f->peer);
  result_clear (&res);
}

static void
test_input_response_keys_come_back_exactly_as_asked (Fixture       *f,
                                                     gconstpointer  data)
{
  /* Keys a careless client could merge: by case, by a trailing space, by
   * Unicode normalization, a key that is empty, and keys that mean
   * something to a JavaScript object. */
  const char * const keys_json[] = {
    "q", "Q", "q ", "\\u00e9", "e\\u0301", "", "__proto__", "constructor", "toString",
  };
  const char * const keys[] = {
    "q", "Q", "q ", "\u00e9", "e\u0301", "", "__proto__", "constructor", "toString",
  };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) retry = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *responses;
  Result res = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_string_append_printf (requests, "%s\"%s\":{\"method\":\"elicitation/create\",\"params\":"
                            "{\"mode\":\"form\",\"message\":\"Q%u\",\"requestedSchema\":"
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}}",
                            i > 0 ? "," : "", keys_json[i], i);

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                    "{\"resultType\":\"input_required\",\"inputRequests\":{%s}}}",
                    json_object_get_int_member (call, "id"), requests->str);
  while (f->requests->len < G_N_ELEMENTS (keys))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (f->requests->len, ==, G_N_ELEMENTS (keys));

  /* Each request answered with its own number, in reverse. */
  for (guint i = f->requests->len; i-- > 0;)
    {
      ElicitRequest *request = g_ptr_array_index (f->requests, i);
      const char *message = elicit_request_get_message (request);
      g_autofree char *answer = NULL;

      g_assert_true (g_str_has_prefix (message, "Q"));
      answer = g_strdup_printf ("A%s", message + 1);
      answer_request (f, i, answer);
    }

  retry = peer_read_message (f->peer);
  expect_request (f, retry, "tools/call");
  responses = member_object (member_object (retry, "params"), "inputResponses");
  g_assert_nonnull (responses);
  g_assert_cmpuint (json_object_get_size (responses), ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      JsonObject *response = member_object (responses, keys[i]);
      g_autofree char *expected = g_strdup_printf ("A%u", i);

      g_assert_nonnull (response);
      g_assert_cmpstr (json_object_get_string_member (response, "action"), ==, "accept");
      g_assert_cmpstr (json_object_get_string_member (member_object (response, "content"), "name"),
                       ==, expected);
    }

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":[]}}",
                    json_object_get_int_member (retry, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  result_clear (&res);
}

static void
test_a_repeated_input_request_key_is_refused (Fixture       *f,
                                              gconstpointer  data)
{
  static ManualClock clock;
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autoptr(JsonObject) cancelled = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autofree char *reason = NULL;
  Result res = { 0 };

  connect_modern (f);
  manual_clock_use (&clock, elicit_session_get_peer (f->session));
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":"
                          "{\"resultType\":\"input_required\",\"inputRequests\":{\"a\":" FORM ("One?")
                          ",\"a\":" FORM ("Two?") "}}}", json_object_get_int_member (call, "id"));
  fake_peer_send_line (f->peer, line);

  /* The safe parser will not read a member name twice: the message is
   * refused with -32600, with a null id since none of it can be trusted. */
  refusal = peer_read_message (f->peer);
  g_assert_true (json_node_is_null (json_object_get_member (refusal, "id")));
  g_assert_cmpint (json_object_get_int_member (member_object (refusal, "error"), "code"), ==, -32600);
  /* The parser names the byte where the second "a" starts. */
  reason = g_strdup_printf ("Invalid Request: A JSON object repeats the member name at byte %lu",
                            (gulong) (strstr (line, ",\"a\":") + 1 - line));
  g_assert_cmpstr (json_object_get_string_member (member_object (refusal, "error"), "message"), ==,
                   reason);

  /* Nobody was asked either question, and the call does not hang: with no
   * readable answer it ends at the call's timeout, with a reason, and the
   * server is told. */
  g_assert_cmpuint (f->requests->len, ==, 0);
  g_assert_false (res.done);
  manual_clock_advance (&clock, ELICIT_PEER_DEFAULT_TIMEOUT);
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_TIMEOUT);
  g_assert_cmpstr (error->message, ==, "The server did not answer “tools/call” in time");
  cancelled = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (cancelled, "method"), ==, "notifications/cancelled");
  g_assert_cmpint (json_object_get_int_member (member_object (cancelled, "params"), "requestId"), ==,
                   json_object_get_int_member (call, "id"));
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
  result_clear (&res);
  manual_clock_clear (&clock);
}

static JsonObject *
answer_poll (Fixture    *f,
             const char *task_json)
{
  JsonObject *poll = peer_read_message (f->peer);

  g_assert_cmpstr (json_object_get_string_member (poll, "method"), ==, "tasks/get");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":"
               "\"complete\",\"taskId\":\"x\",%s}}", json_object_get_int_member (poll, "id"), task_json);

  return poll;
}

static void
test_a_task_of_the_extension_asks_through_tasks_update (Fixture       *f,
                                                        gconstpointer  data)
{
  g_autoptr(JsonObject) call = NULL;
  g_autoptr(JsonObject) first = NULL;
  g_autoptr(JsonObject) second = NULL;
  g_autoptr(JsonObject) update = NULL;
  g_autoptr(JsonObject) third = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *responses = NULL;
  Result res = { 0 };

  connect_modern (f);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, result_cb, &res);
  call = peer_read_message (f->peer);
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":"
               "\"task\",\"taskId\":\"x\",\"status\":\"working\",\"ttlMs\":null,"
               "\"pollIntervalMs\":100}}", json_object_get_int_member (call, "id"));

  first = answer_poll (f, "\"status\":\"input_required\",\"inputRequests\":{\"a\":" FORM ("Who?") "}");
  while (f->requests->len < 1)
    g_main_context_iteration (NULL, TRUE);
  answer_request (f, 0, "Ada");

  update = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (update, "method"), ==, "tasks/update");
  responses = member_json (member_object (update, "params"), "inputResponses");
  g_assert_cmpstr (responses, ==, "{\"a\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"resultType\":"
               "\"complete\"}}", json_object_get_int_member (update, "id"));

  /* The server still lists the request until it has taken the answer:
   * the user is not asked twice. */
  second = answer_poll (f, "\"status\":\"input_required\",\"inputRequests\":{\"a\":" FORM ("Who?") "}");
  third = answer_poll (f, "\"status\":\"completed\",\"result\":{\"content\":[],\"isError\":false}");
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_true (json_object_has_member (result, "isError"));
  g_assert_cmpuint (f->requests->len, ==, 1);
  result_clear (&res);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define MODERN_TEST(path, func) \
  g_test_add ("/Elicit/Session/Modern/" path, Fixture, NULL, setup, func, teardown)

  MODERN_TEST ("discover/makes-the-session-modern", test_discover_makes_it_modern);
  MODERN_TEST ("discover/unsupported-version-is-retried-with-one-it-speaks",
               test_unsupported_version_is_retried);
  MODERN_TEST ("discover/a-legacy-server-gets-initialize", test_legacy_server_gets_initialize);
  MODERN_TEST ("discover/a-silent-server-gets-initialize-after-ten-seconds",
               test_silent_server_gets_initialize_after_ten_seconds);
  MODERN_TEST ("discover/no-common-version-is-a-clear-error", test_no_common_version_is_a_clear_error);
  MODERN_TEST ("discover/legacy-only-skips-the-probe", test_legacy_only_skips_the_probe);
  MODERN_TEST ("tools/invalid-header-tools-are-left-out-and-never-called",
               test_invalid_header_tools_are_left_out_and_never_called);
  MODERN_TEST ("input/is-answered-and-retried-with-state-and-new-ids",
               test_input_required_is_answered_and_retried);
  MODERN_TEST ("input/hostile-input-requests-are-clear-errors", test_hostile_input_requests);
  MODERN_TEST ("input/a-refused-input-request-is-left-out-of-the-retry",
               test_a_refused_input_request_is_left_out_of_the_retry);
  MODERN_TEST ("input/a-server-that-asks-forever-is-stopped",
               test_a_server_that_asks_forever_is_stopped);
  MODERN_TEST ("input/cancelling-withdraws-the-rounds-requests",
               test_cancelling_withdraws_the_rounds_requests);
  MODERN_TEST ("input/url-input-needs-no-elicitation-id", test_url_input_needs_no_elicitation_id);
  MODERN_TEST ("input/a-request-state-just-under-the-line-cap-is-echoed-exactly",
               test_a_request_state_just_under_the_line_cap_is_echoed_exactly);
  MODERN_TEST ("input/a-request-state-over-the-line-cap-closes-with-a-reason",
               test_a_request_state_over_the_line_cap_closes_with_a_reason);
  MODERN_TEST ("input/response-keys-come-back-exactly-as-asked",
               test_input_response_keys_come_back_exactly_as_asked);
  MODERN_TEST ("input/a-repeated-input-request-key-is-refused",
               test_a_repeated_input_request_key_is_refused);
  MODERN_TEST ("tasks/a-task-of-the-extension-asks-through-tasks-update",
               test_a_task_of_the_extension_asks_through_tasks_update);

  return g_test_run ();
}
