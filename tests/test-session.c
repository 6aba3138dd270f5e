/* test-session.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit.h"
#include "elicit-json-private.h"
#include "fake-peer.h"
#include "manual-clock.h"

#define INIT_REQUEST \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{" \
  "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{\"form\":{},\"url\":{}}," \
  "\"tasks\":{\"list\":{},\"cancel\":{},\"requests\":{\"elicitation\":{\"create\":{}}}}}," \
  "\"clientInfo\":{\"name\":\"elicit\",\"title\":\"Elicit\",\"version\":\"" PACKAGE_VERSION "\"}}}"

#define INIT_RESULT(version) \
  "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"" version "\"," \
  "\"capabilities\":{\"tools\":{\"listChanged\":true},\"logging\":{}}," \
  "\"serverInfo\":{\"name\":\"fake\",\"title\":\"Fake Server\",\"version\":\"1.2.3\"}," \
  "\"instructions\":\"Be nice.\"}}"

#define INITIALIZED "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"

#define ERROR_NULL_ID(code, message) \
  "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" code ",\"message\":\"" message "\"}}"

#define FORM_PARAMS \
  "{\"mode\":\"form\",\"message\":\"Who are you?\",\"requestedSchema\":{\"type\":\"object\"," \
  "\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}}"

#define URL_PARAMS(id) \
  "{\"mode\":\"url\",\"message\":\"Connect\",\"url\":\"https://example.com/connect\"," \
  "\"elicitationId\":\"" id "\"}"

typedef struct
{
  FakePeer        *peer;
  ElicitTransport *transport;
  ElicitSession   *session;
  GPtrArray       *requests;
  GPtrArray       *log;
  GPtrArray       *progress;
  GPtrArray       *changed;
  GError          *closed;
  guint            n_closed;
  gboolean         keep_requests;
} Fixture;

typedef struct
{
  gboolean      done;
  GAsyncResult *result;
} Result;

static void
result_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *res = user_data;

  g_assert_false (res->done);
  res->result = g_object_ref (result);
  res->done = TRUE;
}

static GAsyncResult *
wait_result (Result *res)
{
  spin_until (&res->done);
  return res->result;
}

static void
result_clear (Result *res)
{
  g_clear_object (&res->result);
  res->done = FALSE;
}

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *f)
{
  g_assert_true (elicit_request_dup_session (request) == session);
  g_object_unref (session);

  if (f->keep_requests)
    g_ptr_array_add (f->requests, g_object_ref (request));
}

static void
message_cb (ElicitSession *session,
            const char    *level,
            const char    *logger,
            JsonNode      *data,
            Fixture       *f)
{
  g_autofree char *text = elicit_json_to_string (data, NULL);

  g_ptr_array_add (f->log, g_strdup_printf ("%s|%s|%s", level, logger ? logger : "-", text));
}

static void
progress_cb (ElicitSession *session,
             JsonNode      *token,
             double         progress,
             double         total,
             const char    *message,
             Fixture       *f)
{
  g_autofree char *text = elicit_json_to_string (token, NULL);

  g_ptr_array_add (f->progress, g_strdup_printf ("%s|%g|%g|%s", text, progress, total,
                                                 message ? message : "-"));
}

static void
list_changed_cb (ElicitSession *session,
                 const char    *kind,
                 Fixture       *f)
{
  g_ptr_array_add (f->changed, g_strdup (kind));
}

static void
closed_cb (ElicitSession *session,
           const GError  *error,
           Fixture       *f)
{
  f->n_closed++;
  g_clear_error (&f->closed);
  f->closed = g_error_copy (error);
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->transport = fake_peer_new (&f->peer);
  f->session = elicit_session_new (f->transport);
  elicit_session_set_protocol_versions (f->session, fake_legacy_versions);
  f->requests = g_ptr_array_new_with_free_func (g_object_unref);
  f->log = g_ptr_array_new_with_free_func (g_free);
  f->progress = g_ptr_array_new_with_free_func (g_free);
  f->changed = g_ptr_array_new_with_free_func (g_free);
  f->keep_requests = TRUE;

  g_signal_connect (f->session, "elicitation", G_CALLBACK (elicitation_cb), f);
  g_signal_connect (f->session, "message", G_CALLBACK (message_cb), f);
  g_signal_connect (f->session, "progress", G_CALLBACK (progress_cb), f);
  g_signal_connect (f->session, "list-changed::tools", G_CALLBACK (list_changed_cb), f);
  g_signal_connect (f->session, "closed", G_CALLBACK (closed_cb), f);
}

static void
close_session (Fixture *f)
{
  Result res = { 0 };

  elicit_session_close_async (f->session, NULL, result_cb, &res);
  g_assert_true (elicit_session_close_finish (f->session, wait_result (&res), NULL));
  result_clear (&res);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  close_session (f);
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);

  g_clear_pointer (&f->requests, g_ptr_array_unref);
  g_assert_finalize_object (f->session);
  g_assert_finalize_object (f->transport);
  fake_peer_free (f->peer);
  g_clear_pointer (&f->log, g_ptr_array_unref);
  g_clear_pointer (&f->progress, g_ptr_array_unref);
  g_clear_pointer (&f->changed, g_ptr_array_unref);
  g_clear_error (&f->closed);
}

static void
wait_closed (Fixture *f)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (f->n_closed == 0)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for the session to close");
      spin_once ();
    }
}

static void
handshake_with (ElicitSession *session,
                FakePeer      *peer,
                const char    *version)
{
  g_autofree char *result = g_strdup_printf (INIT_RESULT ("%s"), version);
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (session, NULL, result_cb, &res);
  g_assert_cmpint (elicit_session_get_state (session), ==, ELICIT_SESSION_STATE_CONNECTING);
  fake_peer_expect (peer, INIT_REQUEST);
  fake_peer_send_line (peer, result);

  g_assert_true (elicit_session_connect_finish (session, wait_result (&res), &error));
  g_assert_no_error (error);
  fake_peer_expect (peer, INITIALIZED);
  g_assert_cmpint (elicit_session_get_state (session), ==, ELICIT_SESSION_STATE_READY);
  result_clear (&res);
}

static void
handshake (Fixture    *f,
           const char *version)
{
  handshake_with (f->session, f->peer, version);
}

static void
connected (Fixture *f)
{
  handshake (f, "2025-11-25");
}

static ElicitRequest *
request_at (Fixture *f,
            guint    i)
{
  g_assert_cmpuint (f->requests->len, >, i);
  return g_ptr_array_index (f->requests, i);
}

static JsonObject *
object (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = elicit_json_parse (text, -1, 0, &error);

  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (node));
}

/* Handshake -------------------------------------------------------------------- */

static void
test_handshake (Fixture       *f,
                gconstpointer  data)
{
  JsonObject *capabilities;

  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_DISCONNECTED);
  g_assert_null (elicit_session_get_protocol_version (f->session));

  handshake (f, data ? data : "2025-11-25");

  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==,
                   data ? data : "2025-11-25");
  g_assert_cmpstr (elicit_session_get_server_name (f->session), ==, "fake");
  g_assert_cmpstr (elicit_session_get_server_title (f->session), ==, "Fake Server");
  g_assert_cmpstr (elicit_session_get_server_version (f->session), ==, "1.2.3");
  g_assert_cmpstr (elicit_session_get_instructions (f->session), ==, "Be nice.");
  capabilities = elicit_session_get_server_capabilities (f->session);
  g_assert_true (json_object_has_member (capabilities, "tools"));
  g_assert_true (json_object_has_member (capabilities, "logging"));
  g_assert_true (elicit_session_get_transport (f->session) == f->transport);
  fake_peer_sync (f->peer);
}

static void
test_runs_tools_of_a_2024_server (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  g_assert_true (elicit_session_get_can_elicit (f->session));
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, INIT_REQUEST);
  fake_peer_send_line (f->peer, INIT_RESULT ("2024-11-05"));

  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_no_error (error);
  fake_peer_expect (f->peer, INITIALIZED);
  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==, "2024-11-05");
  /* That revision has no elicitation: the application says so. */
  g_assert_false (elicit_session_get_can_elicit (f->session));
  result_clear (&res);
}

static void
test_refuses_unknown_version (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, INIT_REQUEST);
  fake_peer_send_line (f->peer, INIT_RESULT ("2024-10-07"));

  g_assert_false (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION);
  g_assert_cmpstr (error->message, ==,
                   "The server speaks MCP version “2024-10-07”, which Elicit does not support "
                   "(Elicit asked for version “2025-11-25”)");

  /* It disconnects without saying initialized. */
  fake_peer_expect_eof (f->peer);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);
  g_assert_cmpuint (f->n_closed, ==, 1);
  result_clear (&res);
}

static void
test_initialize_error (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, INIT_REQUEST);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,"
                                "\"message\":\"Unsupported protocol version\","
                                "\"data\":{\"supported\":[\"2024-11-05\"]}}}");

  g_assert_false (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS);
  g_assert_cmpstr (error->message, ==, "Unsupported protocol version");
  g_assert_cmpint (elicit_session_error_get_code (error), ==, -32602);
  g_assert_nonnull (elicit_session_error_get_data (error));
  fake_peer_expect_eof (f->peer);
  result_clear (&res);
}

static void
test_server_info_is_sanitized (Fixture       *f,
                               gconstpointer  data)
{
  Result res = { 0 };

  elicit_session_set_display_name (f->session, "My files");
  elicit_session_set_client_info (f->session, "proxy", NULL, "9.9");
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                    "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":"
                    "{\"form\":{},\"url\":{}},\"tasks\":{\"list\":{},\"cancel\":{},\"requests\":"
                    "{\"elicitation\":{\"create\":{}}}}},\"clientInfo\":{\"name\":\"proxy\","
                    "\"version\":\"9.9\"}}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":"
                                "\"2025-06-18\",\"capabilities\":{},\"serverInfo\":{\"name\":"
                                "\"Bank\\u202e\\nLogin\",\"version\":\"1\"}}}");
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  fake_peer_expect (f->peer, INITIALIZED);

  g_assert_cmpstr (elicit_session_get_server_name (f->session), ==, "Bank Login");
  g_assert_null (elicit_session_get_server_title (f->session));
  g_assert_null (elicit_session_get_instructions (f->session));
  /* The user's own label is untouched by anything the server says. */
  g_assert_cmpstr (elicit_session_get_display_name (f->session), ==, "My files");
  result_clear (&res);
}

static void
test_calls_need_connection (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED);
  result_clear (&res);
  g_clear_error (&error);

  connected (f);
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  g_assert_false (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED);
  result_clear (&res);
  fake_peer_sync (f->peer);
}

static void
test_cancel_connect (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, cancellable, result_cb, &res);
  fake_peer_expect (f->peer, INIT_REQUEST);
  g_cancellable_cancel (cancellable);

  g_assert_false (elicit_session_connect_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* initialize may not be cancelled: the session hangs up instead. */
  fake_peer_expect_eof (f->peer);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);
  result_clear (&res);
}

/* Calls ------------------------------------------------------------------------ */

static void
test_list_tools_pages (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_list_tools_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":["
                                "{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\"}},"
                                "{\"title\":\"nameless\"},{\"name\":\"b\"}],\"nextCursor\":\"p2\"}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\","
                             "\"params\":{\"cursor\":\"p2\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"tools\":"
                                "[{\"name\":\"c\"}]}}");

  tools = elicit_session_list_tools_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (tools), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tools, 0), "name"),
                   ==, "a");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tools, 1), "name"),
                   ==, "b");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (tools, 2), "name"),
                   ==, "c");
  result_clear (&res);
}

static void
test_list_tools_endless (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_list_tools_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[],"
                                "\"nextCursor\":\"again\"}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\","
                             "\"params\":{\"cursor\":\"again\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"tools\":[],"
                                "\"nextCursor\":\"again\"}}");

  tools = elicit_session_list_tools_finish (f->session, wait_result (&res), &error);
  g_assert_null (tools);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==, "The server's list of tools does not end");
  fake_peer_sync (f->peer);
  result_clear (&res);
}

static void
record_progress (double      progress,
                 double      total,
                 const char *message,
                 gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strdup_printf ("%g/%g %s", progress, total,
                                               message ? message : "-"));
}

static void
test_call_tool_with_progress (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonObject) arguments = object ("{\"who\":\"world\",\"n\":3}");
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_call_tool_async (f->session, "greet", arguments, record_progress, seen, NULL,
                                  NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"greet\",\"arguments\":{\"who\":\"world\",\"n\":3},"
                             "\"_meta\":{\"progressToken\":2}}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                                "{\"progressToken\":2,\"progress\":1,\"total\":3,\"message\":\"one\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                                "{\"progressToken\":2,\"progress\":2.5}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                                "{\"progressToken\":\"other\",\"progress\":9}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":"
                                "[{\"type\":\"text\",\"text\":\"hello world\"}]}}");

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_true (json_object_has_member (result, "content"));

  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (seen, 0), ==, "1/3 one");
  g_assert_cmpstr (g_ptr_array_index (seen, 1), ==, "2.5/-1 -");
  /* The signal sees every progress notification, ours or not. */
  g_assert_cmpuint (f->progress->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (f->progress, 2), ==, "\"other\"|9|-1|-");
  result_clear (&res);
}

/* Sends one progress notification for call 2 and waits until the session
 * has seen it. */
static void
send_progress (Fixture *f)
{
  guint seen = f->progress->len;

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                                "\"params\":{\"progressToken\":2,\"progress\":1}}");
  while (f->progress->len == seen)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_timeout_restarts_on_progress (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  ManualClock clock = { 0 };
  Result res = { 0 };

  connected (f);
  manual_clock_use (&clock, elicit_session_get_peer (f->session));
  elicit_session_set_timeout (f->session, 1000);
  g_assert_cmpuint (elicit_session_get_timeout (f->session), ==, 1000);
  elicit_session_call_tool_async (f->session, "slow", NULL, NULL, NULL, NULL, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"slow\",\"_meta\":{\"progressToken\":2}}}");

  /* 1.75 s in all, never a second without a sign of life. */
  for (guint i = 0; i < 5; i++)
    {
      manual_clock_advance (&clock, 350);
      g_assert_false (res.done);
      send_progress (f);
    }
  g_assert_cmpuint (clock.n_fired, ==, 0);

  /* Then a whole second of silence. */
  manual_clock_advance (&clock, 999);
  g_assert_cmpuint (clock.n_fired, ==, 0);
  manual_clock_advance (&clock, 1);
  g_assert_cmpuint (clock.n_fired, ==, 1);

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_TIMEOUT);
  g_assert_null (result);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                             "\"params\":{\"requestId\":2,\"reason\":\"timed out\"}}");
  result_clear (&res);
  manual_clock_clear (&clock);
}

static void
test_timeout (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_set_timeout (f->session, 50);
  elicit_session_call_tool_async (f->session, "hang", NULL, NULL, NULL, NULL, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"hang\",\"_meta\":{\"progressToken\":2}}}");

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_TIMEOUT);
  g_assert_cmpstr (error->message, ==, "The server did not answer “tools/call” in time");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                             "\"params\":{\"requestId\":2,\"reason\":\"timed out\"}}");

  /* The answer comes too late: ignored, not fatal. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[]}}");
  fake_peer_sync (f->peer);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
  result_clear (&res);
}

static void
test_timeout_waits_for_the_user (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada\"}");
  g_autoptr(GError) error = NULL;
  ManualClock clock = { 0 };
  Result res = { 0 };

  connected (f);
  manual_clock_use (&clock, elicit_session_get_peer (f->session));
  elicit_session_set_timeout (f->session, 100);
  elicit_session_call_tool_async (f->session, "ask", NULL, NULL, NULL, NULL, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"ask\",\"_meta\":{\"progressToken\":2}}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"elicitation/create\","
                                "\"params\":" FORM_PARAMS "}");
  fake_peer_sync (f->peer);

  /* The user takes their time; the server waits for them, so do we. */
  manual_clock_advance (&clock, 400);
  g_assert_cmpuint (clock.n_fired, >, 0);
  g_assert_false (res.done);

  g_assert_true (elicit_request_accept (request_at (f, 0), content, NULL));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"action\":\"accept\","
                             "\"content\":{\"name\":\"Ada\"}}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[]}}");

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  result_clear (&res);
  manual_clock_clear (&clock);
}

static void
test_timeout_waits_for_a_sign_in (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  ManualClock clock = { 0 };
  Result res = { 0 };

  connected (f);
  manual_clock_use (&clock, elicit_session_get_peer (f->session));
  elicit_session_set_timeout (f->session, 100);
  elicit_session_call_tool_async (f->session, "private", NULL, NULL, NULL, NULL, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"private\",\"_meta\":{\"progressToken\":2}}}");

  /* The transport waits for the user to sign in: minutes, not a timeout. */
  elicit_transport_hold_for_user (f->transport, TRUE);
  g_assert_true (elicit_transport_get_waiting_for_user (f->transport));
  manual_clock_advance (&clock, 400);
  g_assert_cmpuint (clock.n_fired, >, 0);
  g_assert_false (res.done);

  /* Signed in; then the server is slow for real. */
  elicit_transport_hold_for_user (f->transport, FALSE);
  g_assert_false (elicit_transport_get_waiting_for_user (f->transport));
  manual_clock_advance (&clock, 100);

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_TIMEOUT);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                             "\"params\":{\"requestId\":2,\"reason\":\"timed out\"}}");
  result_clear (&res);
  manual_clock_clear (&clock);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_call_tool_async (f->session, "long", NULL, NULL, NULL, NULL, cancellable,
                                  result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"long\",\"_meta\":{\"progressToken\":2}}}");
  g_cancellable_cancel (cancellable);

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                             "\"params\":{\"requestId\":2,\"reason\":\"cancelled by the client\"}}");

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32800,"
                                "\"message\":\"Request cancelled\"}}");
  fake_peer_sync (f->peer);
  result_clear (&res);
}

#define URL_REQUIRED(id) \
  "{\"jsonrpc\":\"2.0\",\"id\":" id ",\"error\":{\"code\":-32042," \
  "\"message\":\"This request requires more information.\"," \
  "\"data\":{\"elicitations\":[" URL_PARAMS ("e-1") "," FORM_PARAMS ",42]}}}"

/* Calls the tool "files", which the server answers -32042 with one URL
 * elicitation (and two entries that are not valid there). */
static void
call_answered_url_required (Fixture *f,
                            Result  *res)
{
  connected (f);
  elicit_session_call_tool_async (f->session, "files", NULL, NULL, NULL, NULL, NULL, result_cb, res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"files\",\"_meta\":{\"progressToken\":2}}}");
  fake_peer_send_line (f->peer, URL_REQUIRED ("2"));
  fake_peer_sync (f->peer);
}

static void
test_url_elicitation_required_then_the_call_goes_again (Fixture       *f,
                                                        gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  ElicitRequest *request;
  Result res = { 0 };

  call_answered_url_required (f, &res);

  /* Only the URL elicitation is shown, as any elicitation is; the form and
   * the 42 are not valid there. The call waits for it. */
  g_assert_cmpuint (f->requests->len, ==, 1);
  request = request_at (f, 0);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_URL);
  g_assert_cmpstr (elicit_request_get_elicitation_id (request), ==, "e-1");
  g_assert_cmpstr (elicit_request_get_url (request), ==, "https://example.com/connect");
  g_assert_null (res.result);

  /* The user consents: nothing to send, the server asked through an error. */
  g_assert_true (elicit_request_accept (request, NULL, NULL));
  fake_peer_sync (f->peer);
  g_assert_null (res.result);

  /* Complete: the call goes again, under a new id, and succeeds. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\","
                                "\"params\":{\"elicitationId\":\"e-1\"}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                             "{\"name\":\"files\",\"_meta\":{\"progressToken\":3}}}");
  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_COMPLETED);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[]}}");

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  result_clear (&res);
}

static void
test_url_elicitation_required_declined_fails_the_call (Fixture       *f,
                                                       gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *elicitations;
  Result res = { 0 };

  call_answered_url_required (f, &res);
  g_assert_cmpuint (f->requests->len, ==, 1);

  /* The user says no: the call fails with the server's -32042 and its steps. */
  elicit_request_decline (request_at (f, 0));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED);
  g_assert_cmpstr (error->message, ==, "This request requires more information.");
  g_assert_cmpint (elicit_session_error_get_code (error), ==, -32042);
  elicitations = elicit_session_error_get_elicitations (error);
  g_assert_nonnull (elicitations);
  g_assert_cmpuint (elicitations->len, ==, 1);
  g_assert_true (g_ptr_array_index (elicitations, 0) == request_at (f, 0));
  fake_peer_sync (f->peer);
  result_clear (&res);
}

static void
test_url_elicitation_required_goes_again_three_times (Fixture       *f,
                                                      gconstpointer  data)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_call_tool_async (f->session, "files", NULL, NULL, NULL, NULL, NULL, result_cb, &res);

  /* Each time the person says they are done; the fourth -32042 ends it. */
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", i + 2);
      g_autofree char *call = NULL;
      g_autofree char *line = NULL;

      call = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"method\":\"tools/call\",\"params\":"
                              "{\"name\":\"files\",\"_meta\":{\"progressToken\":%s}}}", id, id);
      fake_peer_expect (f->peer, call);
      line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32042,"
                              "\"message\":\"Again.\",\"data\":{\"elicitations\":["
                              URL_PARAMS ("e-%s") "]}}}", id, id);
      fake_peer_send_line (f->peer, line);
      fake_peer_sync (f->peer);
      if (i < 3)
        {
          g_assert_cmpuint (f->requests->len, ==, i + 1);
          g_assert_true (elicit_request_accept (request_at (f, i), NULL, NULL));
          g_assert_true (elicit_request_complete (request_at (f, i)));
        }
    }

  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED);
  g_assert_cmpstr (error->message, ==, "Again.");
  g_assert_cmpuint (f->requests->len, ==, 3);
  result_clear (&res);
}

typedef struct
{
  const char *error;
  int         code;
  gint64      rpc_code;
  const char *message;
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "{\"code\":-32601,\"message\":\"Method not found\"}",
    ELICIT_SESSION_ERROR_METHOD_NOT_FOUND, -32601, "Method not found" },
  { "{\"code\":-32603,\"message\":\"boom\"}",
    ELICIT_SESSION_ERROR_INTERNAL_ERROR, -32603, "boom" },
  { "{\"code\":42,\"message\":\"The answer\"}",
    ELICIT_SESSION_ERROR_SERVER_ERROR, 42, "The answer" },
  { "{\"code\":-32001}",
    ELICIT_SESSION_ERROR_SERVER_ERROR, -32001, "The server answered “ping” with error -32001" },
  { "{\"code\":\"-32601\",\"message\":\"string code\"}",
    ELICIT_SESSION_ERROR_INVALID_RESPONSE, 0, "The server sent a malformed error for “ping”" },
  { "\"just a string\"",
    ELICIT_SESSION_ERROR_INVALID_RESPONSE, 0, "The server sent a malformed error for “ping”" },
};

static void
test_server_errors (Fixture       *f,
                    gconstpointer  data)
{
  connected (f);

  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autofree char *expected = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"ping\"}",
                                                   i + 2);
      g_autofree char *answer = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%u,\"error\":%s}",
                                                 i + 2, error_cases[i].error);
      g_autoptr(GError) error = NULL;
      Result res = { 0 };

      elicit_session_ping_async (f->session, NULL, result_cb, &res);
      fake_peer_expect (f->peer, expected);
      fake_peer_send_line (f->peer, answer);

      g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &error));
      g_assert_error (error, ELICIT_SESSION_ERROR, error_cases[i].code);
      g_assert_cmpint (elicit_session_error_get_code (error), ==, error_cases[i].rpc_code);
      g_assert_cmpstr (error->message, ==, error_cases[i].message);
      g_assert_null (elicit_session_error_get_elicitations (error));
      result_clear (&res);
    }
}

static void
test_ping_and_generic_call (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(JsonObject) params = object ("{\"cursor\":\"x\"}");
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  g_assert_true (elicit_session_ping_finish (f->session, wait_result (&res), &error));
  g_assert_no_error (error);
  result_clear (&res);

  elicit_session_call_async (f->session, "resources/list", params, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\","
                             "\"params\":{\"cursor\":\"x\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"resources\":[]}}");
  node = elicit_session_call_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  text = elicit_json_to_string (node, NULL);
  g_assert_cmpstr (text, ==, "{\"resources\":[]}");
  result_clear (&res);
}

/* What the server asks --------------------------------------------------------- */

static void
test_answers_ping (Fixture       *f,
                   gconstpointer  data)
{
  connected (f);

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\\u00e9\",\"method\":\"ping\","
                                "\"params\":{}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"bé\",\"result\":{}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775807,\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775807,\"result\":{}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":-9223372036854775808,\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":-9223372036854775808,\"result\":{}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"\",\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"\",\"result\":{}}");
}

static void
count_request_cb (ElicitSession  *session,
                  ElicitRequest  *request,
                  ElicitRequest **out)
{
  g_set_object (out, request);
}

/* Issue 21: 200 fields whose pattern backtracks for a quarter of a second
 * against its default froze every session of the app for fifty seconds. */
static void
test_redos_schema_does_not_stall_other_sessions (Fixture       *f,
                                                 gconstpointer  data)
{
  FakePeer *other_peer = NULL;
  ElicitTransport *other_transport = fake_peer_new (&other_peer);
  ElicitSession *other = elicit_session_new (other_transport);
  g_autoptr(GString) line = g_string_new ("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"elicitation/create\","
                                          "\"params\":{\"message\":\"m\",\"requestedSchema\":"
                                          "{\"type\":\"object\",\"properties\":{");
  g_autoptr(ElicitRequest) request = NULL;
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;
  Result res = { 0 };

  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (line, "%s\"f%u\":{\"type\":\"string\",\"pattern\":\"^(a+)+$\","
                            "\"default\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"}", i == 0 ? "" : ",", i);
  g_string_append (line, "}}}}");

  connected (f);
  elicit_session_set_protocol_versions (other, fake_legacy_versions);
  g_signal_connect (other, "elicitation", G_CALLBACK (count_request_cb), &request);
  handshake_with (other, other_peer, "2025-11-25");

  fake_peer_send_line (other_peer, line->str);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}");

  while (request == NULL)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the schema was never judged");
      spin_once ();
    }
  g_assert_cmpstr (elicit_schema_get_warnings (elicit_request_get_schema (request))[0], ==,
                   "Property “f0”: “pattern” ignored: checking text against it takes too long");

  elicit_request_cancel (request);
  fake_peer_expect (other_peer, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"action\":\"cancel\"}}");
  elicit_session_close_async (other, NULL, result_cb, &res);
  g_assert_true (elicit_session_close_finish (other, wait_result (&res), NULL));
  result_clear (&res);
  g_clear_object (&request);
  g_assert_finalize_object (other);
  g_assert_finalize_object (other_transport);
  fake_peer_free (other_peer);
}

static void
test_unknown_method (Fixture       *f,
                     gconstpointer  data)
{
  connected (f);

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"sampling/createMessage\","
                                "\"params\":{}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32601,"
                             "\"message\":\"Method not found: sampling/createMessage\"}}");
  fake_peer_sync (f->peer);
}

static void
send_elicitation (Fixture    *f,
                  const char *id,
                  const char *params)
{
  g_autofree char *line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,"
                                           "\"method\":\"elicitation/create\",\"params\":%s}",
                                           id, params);

  fake_peer_send_line (f->peer, line);
}

static void
test_elicitation_accept (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(JsonObject) content = object ("{\"name\":\"Ada Lovelace\"}");
  ElicitRequest *request;
  g_autoptr(ElicitSession) owner = NULL;

  connected (f);
  send_elicitation (f, "\"el-1\"", FORM_PARAMS);
  fake_peer_sync (f->peer);

  request = request_at (f, 0);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Who are you?");
  owner = elicit_request_dup_session (request);
  g_assert_true (owner == f->session);

  g_assert_true (elicit_request_accept (request, content, NULL));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"el-1\",\"result\":{\"action\":\"accept\","
                             "\"content\":{\"name\":\"Ada Lovelace\"}}}");
  fake_peer_sync (f->peer);
}

static void
test_elicitation_decline_cancel (Fixture       *f,
                                 gconstpointer  data)
{
  connected (f);
  send_elicitation (f, "10", FORM_PARAMS);
  send_elicitation (f, "11", URL_PARAMS ("u-1"));
  fake_peer_sync (f->peer);

  elicit_request_decline (request_at (f, 0));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{\"action\":\"decline\"}}");
  elicit_request_cancel (request_at (f, 1));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":11,\"result\":{\"action\":\"cancel\"}}");
  fake_peer_sync (f->peer);
}

static void
test_elicitation_unclaimed (Fixture       *f,
                            gconstpointer  data)
{
  connected (f);
  f->keep_requests = FALSE;

  /* Nobody keeps the request: the server is not left waiting. */
  send_elicitation (f, "3", FORM_PARAMS);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"action\":\"cancel\"}}");
  fake_peer_sync (f->peer);
}

static void
test_elicitation_dropped (Fixture       *f,
                          gconstpointer  data)
{
  connected (f);
  send_elicitation (f, "3", FORM_PARAMS);
  fake_peer_sync (f->peer);

  /* The application loses the request without answering. */
  g_ptr_array_set_size (f->requests, 0);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"action\":\"cancel\"}}");
  fake_peer_sync (f->peer);
}

static void
test_elicitation_invalid_params (Fixture       *f,
                                 gconstpointer  data)
{
  const char *schema = "{\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
                       "{\"nested\":{\"type\":\"object\"}}}}";
  g_autoptr(JsonObject) params = object (schema);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitRequest) refused = elicit_request_new (params, &error);
  g_autoptr(JsonNode) expected_node = NULL;
  g_autofree char *expected = NULL;
  JsonObject *reply;

  g_assert_null (refused);
  connected (f);

  send_elicitation (f, "20", "{\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":20,\"error\":{\"code\":-32602,"
                             "\"message\":\"“message” is missing\"}}");
  send_elicitation (f, "21", "{\"mode\":\"sms\",\"message\":\"m\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":21,\"error\":{\"code\":-32602,"
                             "\"message\":\"Unsupported elicitation mode “sms”\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"elicitation/create\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":22,\"error\":{\"code\":-32602,"
                             "\"message\":\"“message” is missing\"}}");

  /* A schema the form cannot show: the schema's own reason goes back. */
  send_elicitation (f, "23", schema);
  reply = json_object_new ();
  json_object_set_string_member (reply, "jsonrpc", "2.0");
  json_object_set_int_member (reply, "id", 23);
  json_object_set_object_member (reply, "error", json_object_new ());
  json_object_set_int_member (json_object_get_object_member (reply, "error"), "code", -32602);
  json_object_set_string_member (json_object_get_object_member (reply, "error"), "message",
                                 error->message);
  expected_node = json_node_init_object (json_node_alloc (), reply);
  json_object_unref (reply);
  expected = elicit_json_to_string (expected_node, NULL);
  fake_peer_expect (f->peer, expected);

  g_assert_cmpuint (f->requests->len, ==, 0);
  fake_peer_sync (f->peer);
}

static void
count_withdrawn_cb (ElicitRequest *request,
                    const char    *reason,
                    guint         *count)
{
  (*count)++;
}

static void
test_server_cancels_elicitation (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(JsonObject) content = object ("{\"name\":\"x\"}");
  g_autoptr(GError) error = NULL;
  ElicitRequest *first;
  ElicitRequest *second;
  guint n_withdrawn = 0;

  connected (f);
  send_elicitation (f, "30", FORM_PARAMS);
  send_elicitation (f, "\"30\"", FORM_PARAMS);
  fake_peer_sync (f->peer);
  first = request_at (f, 0);
  second = request_at (f, 1);
  g_signal_connect (first, "withdrawn", G_CALLBACK (count_withdrawn_cb), &n_withdrawn);

  /* The integer id, not the string one; unknown ids are ignored. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                                "\"params\":{\"requestId\":99,\"reason\":\"nope\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                                "\"params\":{\"requestId\":30,\"reason\":\"Tool stopped\"}}");
  fake_peer_sync (f->peer);

  g_assert_cmpuint (n_withdrawn, ==, 1);
  g_assert_cmpint (elicit_request_get_state (first), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (first), ==, "Tool stopped");
  g_assert_cmpint (elicit_request_get_state (second), ==, ELICIT_REQUEST_STATE_PENDING);

  /* The user answers a moment too late: nothing is sent. */
  g_assert_false (elicit_request_accept (first, content, &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  fake_peer_sync (f->peer);

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                                "\"params\":{\"requestId\":\"30\"}}");
  fake_peer_sync (f->peer);
  g_assert_cmpint (elicit_request_get_state (second), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (second), ==,
                   "The server cancelled the request");

  /* Once withdrawn, the id may be used again. */
  send_elicitation (f, "30", FORM_PARAMS);
  fake_peer_sync (f->peer);
  g_assert_cmpuint (f->requests->len, ==, 3);
}

static void
test_elicitation_complete (Fixture       *f,
                           gconstpointer  data)
{
  ElicitRequest *accepted;
  ElicitRequest *pending;

  connected (f);
  send_elicitation (f, "40", URL_PARAMS ("done-1"));
  send_elicitation (f, "41", URL_PARAMS ("later-2"));
  fake_peer_sync (f->peer);
  accepted = request_at (f, 0);
  pending = request_at (f, 1);

  g_assert_true (elicit_request_accept (accepted, NULL, NULL));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":40,\"result\":{\"action\":\"accept\"}}");

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\","
                                "\"params\":{\"elicitationId\":\"unknown\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\","
                                "\"params\":{\"elicitationId\":\"later-2\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\","
                                "\"params\":{\"elicitationId\":\"done-1\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\","
                                "\"params\":{\"elicitationId\":\"done-1\"}}");
  fake_peer_sync (f->peer);

  g_assert_cmpint (elicit_request_get_state (accepted), ==, ELICIT_REQUEST_STATE_COMPLETED);
  /* Not consented to yet: the completion waits for the user. */
  g_assert_cmpint (elicit_request_get_state (pending), ==, ELICIT_REQUEST_STATE_PENDING);

  /* Accepted later, it finds its completion there: nothing spins forever. */
  g_assert_true (elicit_request_accept (pending, NULL, NULL));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":41,\"result\":{\"action\":\"accept\"}}");
  g_assert_cmpint (elicit_request_get_state (pending), ==, ELICIT_REQUEST_STATE_COMPLETED);
}

static void
test_elicitation_id_in_use (Fixture       *f,
                            gconstpointer  data)
{
  connected (f);
  send_elicitation (f, "50", URL_PARAMS ("same"));
  send_elicitation (f, "51", URL_PARAMS ("same"));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":51,\"error\":{\"code\":-32602,"
                             "\"message\":\"“elicitationId” is already in use by another elicitation\"}}");
  fake_peer_sync (f->peer);
  g_assert_cmpuint (f->requests->len, ==, 1);
}

static void
test_elicitation_flood (Fixture       *f,
                        gconstpointer  data)
{
  connected (f);

  for (guint i = 0; i < 64; i++)
    {
      g_autofree char *id = g_strdup_printf ("%u", 100 + i);

      send_elicitation (f, id, FORM_PARAMS);
    }
  fake_peer_sync (f->peer);
  g_assert_cmpuint (f->requests->len, ==, 64);

  /* The 65th waiting request is turned away at once, with the error of a
   * request refused unseen: never an answer a person could have given. */
  send_elicitation (f, "999", FORM_PARAMS);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":999,\"error\":{\"code\":-31000,"
                             "\"message\":\"Refused without asking the user: too many requests\"}}");
  g_assert_cmpuint (f->requests->len, ==, 64);

  /* Answering one makes room again. */
  elicit_request_decline (request_at (f, 0));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":100,\"result\":{\"action\":\"decline\"}}");
  send_elicitation (f, "1000", FORM_PARAMS);
  fake_peer_sync (f->peer);
  g_assert_cmpuint (f->requests->len, ==, 65);
}

static void
test_duplicate_request_id (Fixture       *f,
                           gconstpointer  data)
{
  connected (f);
  send_elicitation (f, "60", FORM_PARAMS);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":60,\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":60,\"error\":{\"code\":-32600,"
                             "\"message\":\"The request id is already in use by a pending request\"}}");
  fake_peer_sync (f->peer);

  /* The first one is still there and can be answered. */
  elicit_request_cancel (request_at (f, 0));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":60,\"result\":{\"action\":\"cancel\"}}");
}

static void
test_notifications (Fixture       *f,
                    gconstpointer  data)
{
  connected (f);

  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"warning\",\"logger\":\"db\","
                                "\"data\":{\"slow\":true}}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"info\",\"data\":\"plain\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/prompts/list_changed\"}");
  fake_peer_sync (f->peer);

  g_assert_cmpuint (f->log->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->log, 0), ==, "warning|db|{\"slow\":true}");
  g_assert_cmpstr (g_ptr_array_index (f->log, 1), ==, "info|-|\"plain\"");
  /* Connected to list-changed::tools only. */
  g_assert_cmpuint (f->changed->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->changed, 0), ==, "tools");
}

static void
test_log_flood (Fixture       *f,
                gconstpointer  data)
{
  GString *text = g_string_new (NULL);
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  connected (f);
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (text, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                  "\"params\":{\"level\":\"info\",\"data\":%u}}\n", i);
  fake_peer_send_len (f->peer, text->str, text->len);
  g_string_free (text, TRUE);

  while (f->log->len < 20000)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out: %u log messages", f->log->len);
      spin_once ();
    }
  g_assert_cmpstr (g_ptr_array_index (f->log, 19999), ==, "info|-|19999");
  fake_peer_sync (f->peer);
}

/* Sends @n log messages, data 0 to n - 1, in one write: the session reads
 * them in one go, without returning to the main loop between them. */
static void
send_log_lines (Fixture *f,
                guint    n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                  "\"params\":{\"level\":\"info\",\"data\":%u}}\n", i);
  fake_peer_send_len (f->peer, text->str, text->len);
  fake_peer_sync (f->peer);
}

typedef struct
{
  guint messages;
  guint notifications;
} Joiner;

static void
late_message_cb (ElicitSession *session,
                 const char    *level,
                 const char    *logger,
                 JsonNode      *data,
                 Joiner        *j)
{
  j->messages++;
}

static void
late_notification_cb (ElicitPeer *peer,
                      const char *method,
                      JsonObject *params,
                      JsonNode   *message,
                      Joiner     *j)
{
  j->notifications++;
}

/* At message 50, connects a second ::message handler and one for the peer's
 * ::notification: both must see the very next line of the same read. */
static void
joining_message_cb (ElicitSession *session,
                    const char    *level,
                    const char    *logger,
                    JsonNode      *data,
                    Joiner        *j)
{
  if (json_node_get_int (data) != 49)
    return;
  g_signal_connect (session, "message", G_CALLBACK (late_message_cb), j);
  g_signal_connect (elicit_session_get_peer (session), "notification::notifications/message",
                    G_CALLBACK (late_notification_cb), j);
}

static void
test_log_handlers_join_mid_read (Fixture       *f,
                                 gconstpointer  data)
{
  Joiner j = { 0, 0 };

  connected (f);
  g_signal_connect (f->session, "message", G_CALLBACK (joining_message_cb), &j);
  send_log_lines (f, 200);

  g_assert_cmpuint (f->log->len, ==, 200);
  g_assert_cmpuint (j.messages, ==, 150);
  g_assert_cmpuint (j.notifications, ==, 150);
}

/* No handler, then one: the first line after it is connected is read, however
 * many went unread before. */
static void
test_log_handler_comes_and_goes (Fixture       *f,
                                 gconstpointer  data)
{
  connected (f);
  send_log_lines (f, 3);
  g_assert_cmpuint (f->log->len, ==, 3);

  g_signal_handlers_disconnect_by_func (f->session, message_cb, f);
  send_log_lines (f, 500);
  g_assert_cmpuint (f->log->len, ==, 3);

  g_signal_connect (f->session, "message", G_CALLBACK (message_cb), f);
  send_log_lines (f, 1);
  g_assert_cmpuint (f->log->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (f->log, 3), ==, "info|-|0");
}

static void
test_early_messages (Fixture       *f,
                     gconstpointer  data)
{
  Result res = { 0 };

  /* Logging and pings may come before the handshake ends. */
  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, INIT_REQUEST);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"debug\",\"data\":\"booting\"}}");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"ping\"}");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"result\":{}}");
  fake_peer_send_line (f->peer, INIT_RESULT ("2025-11-25"));
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  fake_peer_expect (f->peer, INITIALIZED);
  g_assert_cmpuint (f->log->len, ==, 1);
  result_clear (&res);
}

/* Closing ---------------------------------------------------------------------- */

static void
test_peer_closes (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) later = NULL;
  ElicitRequest *request;
  Result res = { 0 };

  connected (f);
  send_elicitation (f, "70", FORM_PARAMS);
  fake_peer_sync (f->peer);
  request = request_at (f, 0);

  elicit_session_call_tool_async (f->session, "t", NULL, NULL, NULL, NULL, NULL, result_cb, &res);
  g_free (fake_peer_read_line (f->peer));
  fake_peer_close (f->peer);

  g_assert_null (elicit_session_call_tool_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "the connection was closed by the peer");

  g_assert_cmpint (elicit_request_get_state (request), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (request), ==,
                   "the connection was closed by the peer");
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_error (f->closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);
  g_assert_cmpstr (elicit_session_get_close_error (f->session)->message, ==,
                   "the connection was closed by the peer");
  result_clear (&res);

  /* Calls after the end fail at once with the same reason. */
  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &later));
  g_assert_error (later, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (later->message, ==, "the connection was closed by the peer");
  result_clear (&res);
}

static void
test_close_withdraws (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ElicitRequest *form;
  ElicitRequest *url;
  Result res = { 0 };

  connected (f);
  send_elicitation (f, "80", FORM_PARAMS);
  send_elicitation (f, "81", URL_PARAMS ("x"));
  fake_peer_sync (f->peer);
  form = request_at (f, 0);
  url = request_at (f, 1);
  /* Accepted, waiting for completion: also let go when the session ends. */
  g_assert_true (elicit_request_accept (url, NULL, NULL));
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":81,\"result\":{\"action\":\"accept\"}}");

  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
  close_session (f);

  g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "the connection was closed");
  g_assert_cmpint (elicit_request_get_state (form), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpint (elicit_request_get_state (url), ==, ELICIT_REQUEST_STATE_WITHDRAWN);
  g_assert_cmpstr (elicit_request_get_withdrawn_reason (form), ==, "the connection was closed");
  fake_peer_expect_eof (f->peer);
  result_clear (&res);
}

/* Hostile input ---------------------------------------------------------------- */

typedef struct
{
  const char *sent;
  const char *reply;   /* NULL: ignored */
} Hostile;

static void
test_hostile (Fixture       *f,
              gconstpointer  data)
{
  const Hostile *h = data;
  g_autofree char *deep = NULL;

  connected (f);

  if (h->sent == NULL)
    {
      g_autofree char *open = g_strnfill (100000, '[');
      g_autofree char *close = g_strnfill (100000, ']');

      deep = g_strconcat ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":",
                          open, close, "}}", NULL);
    }

  fake_peer_send_line (f->peer, h->sent ? h->sent : deep);
  if (h->reply != NULL)
    fake_peer_expect (f->peer, h->reply);

  /* It survived, said nothing else, and still works. */
  fake_peer_sync (f->peer);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
  g_assert_cmpuint (f->requests->len, ==, 0);
}

#define HOSTILE(path, sent, reply) \
  { static const Hostile h = { sent, reply }; \
    g_test_add ("/Elicit/Session/hostile/" path, Fixture, &h, setup, test_hostile, teardown); }

static void
add_hostile_tests (void)
{
  HOSTILE ("a-batch-gets-32600-with-a-null-id",
           "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
           ERROR_NULL_ID ("-32600", "Invalid Request: batches are not supported"));
  HOSTILE ("an-empty-batch-gets-32600", "[]",
           ERROR_NULL_ID ("-32600", "Invalid Request: batches are not supported"));
  HOSTILE ("a-number-gets-32600", "42",
           ERROR_NULL_ID ("-32600", "Invalid Request: not a JSON object"));
  HOSTILE ("a-string-gets-32600", "\"hello\"",
           ERROR_NULL_ID ("-32600", "Invalid Request: not a JSON object"));
  HOSTILE ("null-gets-32600", "null",
           ERROR_NULL_ID ("-32600", "Invalid Request: not a JSON object"));
  HOSTILE ("true-gets-32600", "true",
           ERROR_NULL_ID ("-32600", "Invalid Request: not a JSON object"));
  HOSTILE ("an-empty-object-gets-32600", "{}",
           ERROR_NULL_ID ("-32600", "Invalid Request: no method, result or error"));
  HOSTILE ("a-request-without-jsonrpc-gets-32600-with-its-id",
           "{\"id\":3,\"method\":\"ping\"}",
           "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600,"
           "\"message\":\"Invalid Request: \\\"jsonrpc\\\" must be \\\"2.0\\\"\"}}");
  HOSTILE ("a-request-with-jsonrpc-1-gets-32600",
           "{\"jsonrpc\":\"1.0\",\"id\":\"x\",\"method\":\"ping\"}",
           "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"error\":{\"code\":-32600,"
           "\"message\":\"Invalid Request: \\\"jsonrpc\\\" must be \\\"2.0\\\"\"}}");
  HOSTILE ("a-request-with-numeric-jsonrpc-gets-32600",
           "{\"jsonrpc\":2.0,\"id\":4,\"method\":\"ping\"}",
           "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32600,"
           "\"message\":\"Invalid Request: \\\"jsonrpc\\\" must be \\\"2.0\\\"\"}}");
  HOSTILE ("a-null-id-gets-32600-with-a-null-id",
           "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("a-float-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("a-whole-float-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":2.0,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("an-exponent-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":1e3,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("an-object-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("an-array-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("a-boolean-id-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: the id must be a string or an integer"));
  HOSTILE ("an-id-past-int64-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: The integer at byte 22 does not fit in 64 bits"));
  HOSTILE ("100000-nested-brackets-get-32600", NULL,
           ERROR_NULL_ID ("-32600", "Invalid Request: JSON nested deeper than 64 levels"));
  HOSTILE ("1e400-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400}}",
           ERROR_NULL_ID ("-32600", "Invalid Request: The number at byte 54 is too large"));
  HOSTILE ("nul-in-a-string-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0000b\",\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: A JSON string contains a NUL character "
                                    "(\\\\u0000) at byte 24"));
  HOSTILE ("a-repeated-id-member-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
           ERROR_NULL_ID ("-32600", "Invalid Request: A JSON object repeats the member name at byte 24"));
  HOSTILE ("a-method-that-is-not-a-string-gets-32600",
           "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":42}",
           "{\"jsonrpc\":\"2.0\",\"id\":8,\"error\":{\"code\":-32600,"
           "\"message\":\"Invalid Request: the method must be a string\"}}");
  HOSTILE ("params-that-are-not-an-object-get-32602",
           "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"elicitation/create\",\"params\":[1]}",
           "{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32602,"
           "\"message\":\"“params” must be an object\"}}");
  HOSTILE ("a-response-to-an-unknown-id-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"id\":12345,\"result\":{}}", NULL);
  HOSTILE ("a-response-with-a-string-id-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{}}", NULL);
  HOSTILE ("an-error-with-a-null-id-is-ignored",
           ERROR_NULL_ID ("-32700", "Parse error"), NULL);
  HOSTILE ("a-response-without-jsonrpc-is-ignored",
           "{\"id\":1,\"result\":{}}", NULL);
  HOSTILE ("a-notification-without-jsonrpc-is-ignored",
           "{\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":1}}", NULL);
  HOSTILE ("an-unknown-notification-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/who_knows\"}", NULL);
  HOSTILE ("a-notification-with-a-numeric-method-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":7}", NULL);
  HOSTILE ("progress-without-a-token-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}",
           NULL);
  HOSTILE ("progress-with-a-string-progress-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
           "\"params\":{\"progressToken\":1,\"progress\":\"half\"}}", NULL);
  HOSTILE ("a-log-message-without-a-level-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":1}}", NULL);
  HOSTILE ("a-log-message-with-params-an-array-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":[1]}", NULL);
  HOSTILE ("cancelled-with-an-object-request-id-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":{}}}",
           NULL);
  HOSTILE ("cancelled-without-params-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\"}", NULL);
  HOSTILE ("complete-without-an-elicitation-id-is-ignored",
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\",\"params\":{}}",
           NULL);
}

static void
test_response_oddities (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");

  /* Not ours: a string id, no jsonrpc. The call keeps waiting. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"2\",\"result\":{}}");
  fake_peer_send_line (f->peer, "{\"id\":2,\"result\":{}}");
  fake_peer_sync (f->peer);
  g_assert_false (res.done);

  /* Both a result and an error. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{},"
                                "\"error\":{\"code\":1,\"message\":\"m\"}}");
  g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==, "The server sent a malformed response to “ping”");
  result_clear (&res);

  /* A second answer to the same id finds nothing to answer. */
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
  fake_peer_sync (f->peer);
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_READY);
}

static void
test_closes_on_garbage (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  connected (f);
  elicit_session_ping_async (f->session, NULL, result_cb, &res);
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");

  /* In one write: a request that is still answered, then garbage. */
  fake_peer_send (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"before\",\"method\":\"ping\"}\n"
                           "Listening on stdio...\n"
                           "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}\n");
  fake_peer_expect (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"before\",\"result\":{}}");

  g_assert_false (elicit_session_ping_finish (f->session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==,
                   "received invalid JSON on line 3: Not valid JSON: unexpected “L” at byte 0");
  g_assert_error (f->closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON);
  fake_peer_expect_eof (f->peer);
  result_clear (&res);
}

static void
test_closes_on_invalid_utf8 (Fixture       *f,
                             gconstpointer  data)
{
  connected (f);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                "\"params\":{\"level\":\"info\",\"data\":\"\xff\xfe\"}}");
  wait_closed (f);
  g_assert_cmpstr (f->closed->message, ==,
                   "received invalid JSON on line 2: Not valid UTF-8 at byte 83");
  g_assert_cmpuint (f->log->len, ==, 0);
  fake_peer_expect_eof (f->peer);
}

static void
test_closes_on_long_line (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *filler = g_strnfill (2000, 'a');
  g_autofree char *line = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                           "\"params\":{\"level\":\"info\",\"data\":\"%s\"}}", filler);

  elicit_stream_transport_set_max_line_length (ELICIT_STREAM_TRANSPORT (f->transport), 1024);
  connected (f);
  fake_peer_send_line (f->peer, line);
  wait_closed (f);
  g_assert_error (f->closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG);
  g_assert_cmpstr (f->closed->message, ==, "received a line longer than 1.0\u00a0KiB (line 2)");
  fake_peer_expect_eof (f->peer);
}

/* Over stdio, with real child processes ---------------------------------------- */

static ElicitSession *
stdio_session (const char *script)
{
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  ElicitSession *session;
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(GError) error = NULL;

  transport = elicit_stdio_transport_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 100);
  session = elicit_session_new (transport);
  elicit_session_set_protocol_versions (session, fake_legacy_versions);

  return session;
}

static void
finish_stdio_session (ElicitSession *session)
{
  Result res = { 0 };

  elicit_session_close_async (session, NULL, result_cb, &res);
  g_assert_true (elicit_session_close_finish (session, wait_result (&res), NULL));
  result_clear (&res);
  g_assert_finalize_object (session);
}

/* Starts @script as the server, and checks the handshake fails with @reason
 * and leaves the session closed. */
static void
assert_stdio_connect_fails (const char *script,
                            const char *reason)
{
  ElicitSession *session = stdio_session (script);
  g_autoptr(GError) error = NULL;
  Result res = { 0 };

  elicit_session_connect_async (session, NULL, result_cb, &res);
  g_assert_false (elicit_session_connect_finish (session, wait_result (&res), &error));
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, reason);
  g_assert_cmpint (elicit_session_get_state (session), ==, ELICIT_SESSION_STATE_CLOSED);
  result_clear (&res);
  finish_stdio_session (session);
}

static void
test_stdio_exit_mid_call (void)
{
  /* Reads the initialize request, complains, and dies without answering. */
  assert_stdio_connect_fails ("read request; echo 'out of cheese' >&2; exit 7",
                              "server exited with status 7");
}

static void
test_stdio_garbage (void)
{
  assert_stdio_connect_fails ("read request; echo 'Welcome to my server!'; exec sleep 30",
                              "server wrote invalid JSON on line 1: Not valid JSON: "
                              "unexpected “W” at byte 0");
}

static void
test_stdio_handshake (void)
{
  ElicitSession *session;
  g_autoptr(GError) error = NULL;
  Result res = { 0 };
  g_autofree char *script = NULL;

  /* A tiny well-behaved server: answers initialize, then every ping. */
  script = g_strdup ("read request; "
                     "echo '" INIT_RESULT ("2025-03-26") "'; "
                     "read initialized; "
                     "while read line; do "
                     "  id=$(echo \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p'); "
                     "  echo \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":$id,\\\"result\\\":{}}\"; "
                     "done");
  session = stdio_session (script);
  elicit_session_connect_async (session, NULL, result_cb, &res);
  g_assert_true (elicit_session_connect_finish (session, wait_result (&res), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (elicit_session_get_protocol_version (session), ==, "2025-03-26");
  result_clear (&res);

  elicit_session_ping_async (session, NULL, result_cb, &res);
  g_assert_true (elicit_session_ping_finish (session, wait_result (&res), &error));
  g_assert_no_error (error);
  result_clear (&res);

  finish_stdio_session (session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define SESSION_TEST(path, func, data) \
  g_test_add ("/Elicit/Session/" path, Fixture, data, setup, func, teardown)

  SESSION_TEST ("handshake/sends-initialize-then-initialized", test_handshake, NULL);
  SESSION_TEST ("handshake/accepts-2025-06-18", test_handshake, "2025-06-18");
  SESSION_TEST ("handshake/accepts-2025-03-26", test_handshake, "2025-03-26");
  SESSION_TEST ("handshake/refuses-an-unknown-version-naming-both", test_refuses_unknown_version,
                NULL);
  SESSION_TEST ("handshake/fails-with-the-servers-error", test_initialize_error, NULL);
  SESSION_TEST ("handshake/runs-tools-of-a-2024-11-05-server", test_runs_tools_of_a_2024_server, NULL);
  SESSION_TEST ("handshake/sanitizes-what-the-server-says-about-itself",
                test_server_info_is_sanitized, NULL);
  SESSION_TEST ("handshake/handles-logs-and-pings-before-it-ends", test_early_messages, NULL);
  SESSION_TEST ("handshake/cancelling-hangs-up", test_cancel_connect, NULL);
  SESSION_TEST ("calls/need-a-connection", test_calls_need_connection, NULL);
  SESSION_TEST ("calls/list-tools-follows-pagination", test_list_tools_pages, NULL);
  SESSION_TEST ("calls/list-tools-stops-on-a-repeated-cursor", test_list_tools_endless, NULL);
  SESSION_TEST ("calls/call-tool-reports-progress", test_call_tool_with_progress, NULL);
  SESSION_TEST ("calls/timeout-restarts-on-progress", test_timeout_restarts_on_progress, NULL);
  SESSION_TEST ("calls/timeout-sends-cancelled-and-ignores-the-late-answer", test_timeout, NULL);
  SESSION_TEST ("calls/timeout-waits-while-the-user-answers", test_timeout_waits_for_the_user,
                NULL);
  SESSION_TEST ("calls/timeout-waits-while-the-user-signs-in", test_timeout_waits_for_a_sign_in,
                NULL);
  SESSION_TEST ("calls/cancelling-sends-cancelled", test_cancel, NULL);
  SESSION_TEST ("calls/url-elicitation-required-shows-its-steps-then-the-call-goes-again",
                test_url_elicitation_required_then_the_call_goes_again, NULL);
  SESSION_TEST ("calls/url-elicitation-required-declined-fails-the-call",
                test_url_elicitation_required_declined_fails_the_call, NULL);
  SESSION_TEST ("calls/url-elicitation-required-goes-again-three-times-at-most",
                test_url_elicitation_required_goes_again_three_times, NULL);
  SESSION_TEST ("calls/server-errors-map-to-the-error-domain", test_server_errors, NULL);
  SESSION_TEST ("calls/ping-and-any-method", test_ping_and_generic_call, NULL);
  SESSION_TEST ("calls/odd-responses-are-survived", test_response_oddities, NULL);
  SESSION_TEST ("server-requests/ping-is-answered-with-the-exact-id", test_answers_ping, NULL);
  SESSION_TEST ("server-requests/a-redos-schema-does-not-stall-other-sessions",
                test_redos_schema_does_not_stall_other_sessions, NULL);
  SESSION_TEST ("server-requests/unknown-methods-get-32601", test_unknown_method, NULL);
  SESSION_TEST ("elicitation/accept-sends-the-content", test_elicitation_accept, NULL);
  SESSION_TEST ("elicitation/decline-and-cancel", test_elicitation_decline_cancel, NULL);
  SESSION_TEST ("elicitation/unclaimed-is-cancelled", test_elicitation_unclaimed, NULL);
  SESSION_TEST ("elicitation/dropped-without-answer-sends-cancel", test_elicitation_dropped,
                NULL);
  SESSION_TEST ("elicitation/malformed-params-get-32602-with-the-reason",
                test_elicitation_invalid_params, NULL);
  SESSION_TEST ("elicitation/notifications-cancelled-withdraws-the-request",
                test_server_cancels_elicitation, NULL);
  SESSION_TEST ("elicitation/complete-reaches-the-accepted-url-request",
                test_elicitation_complete, NULL);
  SESSION_TEST ("elicitation/an-elicitation-id-in-use-gets-32602", test_elicitation_id_in_use,
                NULL);
  SESSION_TEST ("elicitation/a-flood-is-turned-away", test_elicitation_flood, NULL);
  SESSION_TEST ("elicitation/a-duplicate-request-id-gets-32600", test_duplicate_request_id, NULL);
  SESSION_TEST ("notifications/log-and-list-changed", test_notifications, NULL);
  SESSION_TEST ("notifications/a-log-flood-arrives-whole-and-in-order", test_log_flood, NULL);
  SESSION_TEST ("notifications/log-handlers-joining-mid-read-see-the-next-line",
                test_log_handlers_join_mid_read, NULL);
  SESSION_TEST ("notifications/a-log-handler-connected-again-sees-the-next-line",
                test_log_handler_comes_and_goes, NULL);
  SESSION_TEST ("closing/peer-closing-fails-calls-and-withdraws-requests", test_peer_closes,
                NULL);
  SESSION_TEST ("closing/close-fails-calls-and-withdraws-requests", test_close_withdraws, NULL);
  SESSION_TEST ("hostile/garbage-closes-after-earlier-messages-are-handled",
                test_closes_on_garbage, NULL);
  SESSION_TEST ("hostile/invalid-utf8-closes", test_closes_on_invalid_utf8, NULL);
  SESSION_TEST ("hostile/a-line-over-the-limit-closes", test_closes_on_long_line, NULL);
  add_hostile_tests ();

  g_test_add_func ("/Elicit/Session/stdio/server-exiting-mid-call-fails-it-with-the-status",
                   test_stdio_exit_mid_call);
  g_test_add_func ("/Elicit/Session/stdio/stdout-garbage-fails-the-handshake",
                   test_stdio_garbage);
  g_test_add_func ("/Elicit/Session/stdio/talks-to-a-real-child", test_stdio_handshake);

  return g_test_run ();
}
