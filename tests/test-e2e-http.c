/* test-e2e-http.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ElicitSession over ElicitHttpTransport against a server no one here
 * wrote: @modelcontextprotocol/server-everything (the pinned npm install in
 * tests/node, ELICIT_NODE_MODULES) in its Streamable HTTP mode,
 * `mcp-server-everything streamableHttp`. It is started on a free port and
 * bound to 127.0.0.1 only (tests/conformance/loopback.mjs, preloaded, which
 * also reports the port). Without node or the npm install the tests skip,
 * saying so.
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include "elicit.h"
#include "elicit-json-private.h"

#include "everything-answer.h"

#define WAIT_USEC (60 * G_USEC_PER_SEC)

typedef struct
{
  GSubprocess      *server;
  GDataInputStream *server_stderr;
  GCancellable     *cancellable;
  GString          *server_log;
  guint             port;
  gboolean          stderr_done;

  ElicitTransport  *transport;
  ElicitSession    *session;
  GQueue            requests;
  guint             ticker;
} Fixture;

#define SPIN_UNTIL(cond)                                                     \
  G_STMT_START {                                                             \
    gint64 _deadline = g_get_monotonic_time () + WAIT_USEC;                  \
    while (!(cond))                                                          \
      {                                                                      \
        if (g_get_monotonic_time () > _deadline)                             \
          g_error ("timed out waiting for %s", #cond);                       \
        g_main_context_iteration (NULL, TRUE);                               \
      }                                                                      \
  } G_STMT_END

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* The server ----------------------------------------------------------------- */

static void
stderr_line_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Fixture *f = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  guint64 port;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result, NULL,
                                                    &error);
  if (line == NULL)
    {
      f->stderr_done = TRUE;
      return;
    }

  if (g_str_has_prefix (line, "ELICIT_LISTENING ") &&
      g_ascii_string_to_unsigned (line + strlen ("ELICIT_LISTENING "), 10, 1, 65535, &port, NULL))
    f->port = (guint) port;
  else
    g_string_append_printf (f->server_log, "%s\n", line);

  /* Drained to the end, so the server never blocks on a full pipe. */
  g_data_input_stream_read_line_async (f->server_stderr, G_PRIORITY_DEFAULT, f->cancellable,
                                       stderr_line_cb, f);
}

static gboolean
start_server (Fixture *f)
{
  const char *modules = g_getenv ("ELICIT_NODE_MODULES");
  const char *node = g_getenv ("ELICIT_NODE");
  const char *loopback = g_getenv ("ELICIT_LOOPBACK_MJS");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *script = NULL;
  g_autofree char *found = NULL;
  g_autofree char *import = NULL;

  if (node == NULL || *node == '\0')
    node = found = g_find_program_in_path ("node");
  if (modules != NULL)
    script = g_build_filename (modules, "@modelcontextprotocol", "server-everything", "dist",
                               "index.js", NULL);
  if (node == NULL || script == NULL || !g_file_test (script, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("tests/node/node_modules is missing (or node is): run "
                   "`npm ci --prefix tests/node`, as the setup script does");
      return FALSE;
    }
  g_assert_nonnull (loopback);

  /* Its log (stdout and stderr) says what it received. */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_setenv (launcher, "PORT", "0", TRUE);
  g_subprocess_launcher_setenv (launcher, "ELICIT_REPORT_PORT", "1", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "NODE_OPTIONS");
  import = g_strconcat ("--import=file://", loopback, NULL);

  f->server = g_subprocess_launcher_spawn (launcher, &error, node, import, script,
                                           "streamableHttp", NULL);
  g_assert_no_error (error);

  f->server_stderr = g_data_input_stream_new (g_subprocess_get_stdout_pipe (f->server));
  g_data_input_stream_read_line_async (f->server_stderr, G_PRIORITY_DEFAULT, f->cancellable,
                                       stderr_line_cb, f);

  SPIN_UNTIL (f->port != 0 || f->stderr_done);
  if (f->port == 0)
    g_error ("server-everything did not start:\n%s", f->server_log->str);

  return TRUE;
}

/* The client ----------------------------------------------------------------- */

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *f)
{
  g_queue_push_tail (&f->requests, g_object_ref (request));
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

static gboolean
fixture_connect (Fixture *f)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;

  if (!start_server (f))
    return FALSE;

  url = g_strdup_printf ("http://127.0.0.1:%u/mcp", f->port);
  f->transport = elicit_http_transport_new (url, NULL, &error);
  g_assert_no_error (error);
  f->session = elicit_session_new (f->transport);
  elicit_session_set_display_name (f->session, "everything over HTTP");
  g_signal_connect (f->session, "elicitation", G_CALLBACK (elicitation_cb), f);

  elicit_session_connect_async (f->session, NULL, connect_cb, &result);
  SPIN_UNTIL (result != NULL);
  g_assert_true (elicit_session_connect_finish (f->session, result, &error));
  g_assert_no_error (error);

  return TRUE;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->cancellable = g_cancellable_new ();
  f->server_log = g_string_new (NULL);
  g_queue_init (&f->requests);
  f->ticker = g_timeout_add (50, tick_cb, NULL);
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;

  elicit_session_close_finish (ELICIT_SESSION (object), result, NULL);
  *done = TRUE;
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  gboolean *done = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  *done = TRUE;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->session != NULL)
    {
      gboolean done = FALSE;

      elicit_session_close_async (f->session, NULL, close_cb, &done);
      SPIN_UNTIL (done);
    }
  g_clear_object (&f->session);
  if (f->transport != NULL)
    g_assert_finalize_object (g_steal_pointer (&f->transport));
  g_queue_clear_full (&f->requests, g_object_unref);

  if (f->server != NULL)
    {
      gboolean done = FALSE;

      g_subprocess_send_signal (f->server, SIGTERM);
      g_subprocess_wait_async (f->server, NULL, wait_cb, &done);
      SPIN_UNTIL (done && f->stderr_done);
    }
  g_cancellable_cancel (f->cancellable);
  g_clear_object (&f->server_stderr);
  g_clear_object (&f->server);
  g_clear_object (&f->cancellable);
  g_string_free (f->server_log, TRUE);
  g_clear_handle_id (&f->ticker, g_source_remove);
}

typedef struct
{
  JsonObject *result;
  GError     *error;
  gboolean    done;
} Call;

static void
call_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Call *call = user_data;

  call->result = elicit_session_call_tool_finish (ELICIT_SESSION (object), result, &call->error);
  call->done = TRUE;
}

static ElicitRequest *
next_request (Fixture *f)
{
  SPIN_UNTIL (!g_queue_is_empty (&f->requests));
  return g_queue_pop_head (&f->requests);
}

/* The tests ------------------------------------------------------------------ */

static void
test_elicitation_over_http (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  Call call = { 0 };

  if (!fixture_connect (f))
    return;

  g_assert_cmpstr (elicit_session_get_server_name (f->session), ==, "mcp-servers/everything");
  g_assert_cmpstr (elicit_session_get_protocol_version (f->session), ==, "2025-11-25");
  g_assert_nonnull (elicit_http_transport_get_session_id (ELICIT_HTTP_TRANSPORT (f->transport)));

  elicit_session_call_tool_async (f->session, "trigger-elicitation-request", NULL, NULL, NULL, NULL,
                                  NULL, call_cb, &call);
  request = next_request (f);
  g_assert_cmpint (elicit_request_get_mode (request), ==, ELICIT_REQUEST_MODE_FORM);
  g_assert_cmpstr (elicit_request_get_message (request), ==,
                   "Please provide inputs for the following fields:");

  everything_accept (request);
  SPIN_UNTIL (call.done);
  g_assert_no_error (call.error);

  assert_everything_accepted (call.result);
  json_object_unref (call.result);
}

static void
test_decline_over_http (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(ElicitRequest) request = NULL;
  Call call = { 0 };

  if (!fixture_connect (f))
    return;

  elicit_session_call_tool_async (f->session, "trigger-elicitation-request", NULL, NULL, NULL, NULL,
                                  NULL, call_cb, &call);
  request = next_request (f);
  elicit_request_decline (request);
  SPIN_UNTIL (call.done);
  g_assert_no_error (call.error);

  g_assert_cmpstr (text_item (call.result, 0), ==,
                   "❌ User declined to provide the requested information.");
  g_assert_cmpstr (text_item (call.result, 1), ==, "\nRaw result: {\n  \"action\": \"decline\"\n}");
  json_object_unref (call.result);
}

static void
list_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **slot = user_data;

  *slot = g_object_ref (result);
}

static gboolean
has_line (GString    *log,
          const char *prefix)
{
  return strstr (log->str, prefix) != NULL;
}

static void
test_tools_and_session_end (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  gboolean found = FALSE;
  gboolean done = FALSE;

  if (!fixture_connect (f))
    return;

  elicit_session_list_tools_async (f->session, NULL, list_cb, &result);
  SPIN_UNTIL (result != NULL);
  tools = elicit_session_list_tools_finish (f->session, result, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < json_array_get_length (tools); i++)
    found |= g_str_equal (json_object_get_string_member (json_array_get_object_element (tools, i),
                                                         "name"),
                          "trigger-elicitation-request");
  g_assert_true (found);

  /* Closing ends the session on the server (DELETE); its log says so. */
  line = g_strdup_printf ("Received session termination request for session %s\n",
                          elicit_http_transport_get_session_id (ELICIT_HTTP_TRANSPORT (f->transport)));
  g_assert_false (has_line (f->server_log, line));
  elicit_session_close_async (f->session, NULL, close_cb, &done);
  SPIN_UNTIL (done);
  g_clear_object (&f->session);
  SPIN_UNTIL (has_line (f->server_log, line));
  g_assert_false (has_line (f->server_log, "Error"));
}

/* `elicit proxy --url`: a stdio client talks to the remote server through it.
 * The proxy answers with dialogs, so a build without GTK has no proxy and
 * does not register this test. */

#ifdef HAVE_GTK

typedef struct
{
  GDataInputStream *out;
  GQueue            lines;
  gboolean          eof;
} ProxyOutput;

static void
proxy_line_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ProxyOutput *output = user_data;
  char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (object), result,
                                                          NULL, NULL);

  if (line == NULL)
    {
      output->eof = TRUE;
      return;
    }

  g_queue_push_tail (&output->lines, line);
  g_data_input_stream_read_line_async (output->out, G_PRIORITY_DEFAULT, NULL, proxy_line_cb, output);
}

static char *
next_line (ProxyOutput *output)
{
  SPIN_UNTIL (!g_queue_is_empty (&output->lines) || output->eof);
  g_assert_false (g_queue_is_empty (&output->lines));
  return g_queue_pop_head (&output->lines);
}

static void
write_line (GSubprocess *proxy,
            const char  *line)
{
  GOutputStream *in = g_subprocess_get_stdin_pipe (proxy);
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (in, line, strlen (line), NULL, NULL, &error);
  g_output_stream_write_all (in, "\n", 1, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
test_proxy_bridges_stdio_to_http (Fixture       *f,
                                  gconstpointer  data)
{
  const char *elicit = g_getenv ("ELICIT_BIN");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proxy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *line = NULL;
  ProxyOutput output = { 0 };
  gboolean done = FALSE;

  if (!start_server (f))
    return;
  g_assert_nonnull (elicit);

  url = g_strdup_printf ("http://127.0.0.1:%u/mcp", f->port);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  proxy = g_subprocess_launcher_spawn (launcher, &error, elicit, "proxy", "--name", "everything",
                                       "--url", url, NULL);
  g_assert_no_error (error);

  g_queue_init (&output.lines);
  output.out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proxy));
  g_data_input_stream_read_line_async (output.out, G_PRIORITY_DEFAULT, NULL, proxy_line_cb, &output);

  write_line (proxy, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                     "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                     "\"clientInfo\":{\"name\":\"stdio-client\",\"version\":\"1\"}}}");
  line = next_line (&output);
  g_assert_true (g_str_has_prefix (line, "{\"result\":{\"protocolVersion\":\"2025-11-25\""));
  g_assert_true (g_str_has_suffix (line, "\"jsonrpc\":\"2.0\",\"id\":1}"));
  g_clear_pointer (&line, g_free);

  write_line (proxy, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  write_line (proxy, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                     "{\"name\":\"echo\",\"arguments\":{\"message\":\"hi over http\"}}}");
  line = next_line (&output);
  g_assert_cmpstr (line, ==, "{\"result\":{\"content\":[{\"type\":\"text\",\"text\":"
                             "\"Echo: hi over http\"}]},\"jsonrpc\":\"2.0\",\"id\":2}");

  /* The client hangs up: the proxy ends the session and exits 0. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (proxy), NULL, NULL);
  g_subprocess_wait_async (proxy, NULL, wait_cb, &done);
  SPIN_UNTIL (done && output.eof);
  g_assert_true (g_subprocess_get_if_exited (proxy));
  g_assert_cmpint (g_subprocess_get_exit_status (proxy), ==, 0);
  SPIN_UNTIL (has_line (f->server_log, "Received session termination request for session "));

  g_queue_clear_full (&output.lines, g_free);
  g_clear_object (&output.out);
}

#endif /* HAVE_GTK */

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/Elicit/E2E/Http/everything-trigger-elicitation-request-accepted-over-http", Fixture,
              NULL, fixture_set_up, test_elicitation_over_http, fixture_tear_down);
  g_test_add ("/Elicit/E2E/Http/everything-trigger-elicitation-request-declined-over-http", Fixture,
              NULL, fixture_set_up, test_decline_over_http, fixture_tear_down);
  g_test_add ("/Elicit/E2E/Http/everything-lists-its-tools-and-the-session-ends-cleanly", Fixture,
              NULL, fixture_set_up, test_tools_and_session_end, fixture_tear_down);
#ifdef HAVE_GTK
  g_test_add ("/Elicit/E2E/Http/elicit-proxy-url-bridges-a-stdio-client-to-everything", Fixture,
              NULL, fixture_set_up, test_proxy_bridges_stdio_to_http, fixture_tear_down);
#endif

  return g_test_run ();
}
