/* test-session-tasks.c: ElicitSession and the tasks of 2025-11-25, both
 * ways — tools that run as tasks, and elicitations a server runs as tasks
 * on the client — against a scripted server.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "session-test.h"
#include "manual-clock.h"

#define FORM_PARAMS \
  "\"message\":\"Name?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":" \
  "{\"name\":{\"type\":\"string\"}}}"

typedef struct
{
  FakePeer        *peer;
  ElicitTransport *transport;
  ElicitSession   *session;
  GPtrArray       *requests;
  GPtrArray       *statuses;
} Fixture;

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *f)
{
  g_ptr_array_add (f->requests, g_object_ref (request));
}

static void
task_status_cb (ElicitSession *session,
                const char    *task_id,
                const char    *status,
                const char    *message,
                Fixture       *f)
{
  g_ptr_array_add (f->statuses, g_strdup_printf ("%s %s", task_id, status));
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->transport = fake_peer_new (&f->peer);
  f->session = elicit_session_new (f->transport);
  elicit_session_set_protocol_versions (f->session, fake_legacy_versions);
  f->requests = g_ptr_array_new_with_free_func (g_object_unref);
  f->statuses = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (f->session, "elicitation", G_CALLBACK (elicitation_cb), f);
  g_signal_connect (f->session, "task-status", G_CALLBACK (task_status_cb), f);
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
  g_clear_pointer (&f->statuses, g_ptr_array_unref);
  g_assert_finalize_object (f->session);
  g_clear_object (&f->transport);
  fake_peer_free (f->peer);
}

static const char *
method_of (JsonObject *message)
{
  return json_object_get_string_member_with_default (message, "method", "");
}

/* A legacy server that runs tools as tasks, with one tool that must. */
static void
connect_with_tasks (Fixture *f)
{
  g_autoptr(JsonObject) initialize = NULL;
  g_autoptr(JsonObject) initialized = NULL;
  Result res = { 0 };

  elicit_session_connect_async (f->session, NULL, result_cb, &res);
  initialize = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (initialize), ==, "initialize");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":"
                                "\"2025-11-25\",\"capabilities\":{\"tools\":{},\"tasks\":{\"requests\":"
                                "{\"tools\":{\"call\":{}}}}},\"serverInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
  g_assert_true (elicit_session_connect_finish (f->session, wait_result (&res), NULL));
  initialized = peer_read_message (f->peer);
  result_clear (&res);
}

/* Calls the slow tool: the session reads the tools first, then calls it
 * as a task, which the server creates with @status. Returns the call's
 * task parameter as JSON. */
static char *
start_task_call (Fixture      *f,
                 Result       *res,
                 GCancellable *cancellable,
                 const char   *status)
{
  g_autoptr(JsonObject) list = NULL;
  g_autoptr(JsonObject) call = NULL;

  elicit_session_call_tool_async (f->session, "slow", NULL, NULL, NULL, cancellable, result_cb, res);
  list = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (list), ==, "tools/list");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"tools\":["
               "{\"name\":\"slow\",\"inputSchema\":{\"type\":\"object\"},"
               "\"execution\":{\"taskSupport\":\"required\"}}]}}",
               json_object_get_int_member (list, "id"));

  call = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (call), ==, "tools/call");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"task\":"
               "{\"taskId\":\"t-1\",\"status\":\"%s\",\"createdAt\":\"2026-01-01T00:00:00Z\","
               "\"lastUpdatedAt\":\"2026-01-01T00:00:00Z\",\"ttl\":null,\"pollInterval\":100}}}",
               json_object_get_int_member (call, "id"), status);

  return member_json (member_object (call, "params"), "task");
}

static void
test_a_required_task_is_polled_and_its_result_fetched (Fixture       *f,
                                                       gconstpointer  data)
{
  g_autoptr(JsonObject) poll = NULL;
  g_autoptr(JsonObject) fetch = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *task = NULL;
  Result res = { 0 };

  connect_with_tasks (f);
  task = start_task_call (f, &res, NULL, "working");
  g_assert_cmpstr (task, ==, "{\"ttl\":86400000}");

  /* After the server's poll interval, the state. */
  poll = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (poll), ==, "tasks/get");
  g_assert_cmpstr (json_object_get_string_member (member_object (poll, "params"), "taskId"), ==, "t-1");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"taskId\":"
               "\"t-1\",\"status\":\"input_required\",\"statusMessage\":\"Which one?\"}}",
               json_object_get_int_member (poll, "id"));

  /* input_required: tasks/result, during which the server asks. */
  fetch = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (fetch), ==, "tasks/result");
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"elicitation/create\","
                                "\"params\":{" FORM_PARAMS ",\"_meta\":{\"io.modelcontextprotocol/"
                                "related-task\":{\"taskId\":\"t-1\"}}}}");
  while (f->requests->len < 1)
    g_main_context_iteration (NULL, TRUE);
  elicit_request_decline (g_ptr_array_index (f->requests, 0));
  g_autofree char *answer = fake_peer_read_line (f->peer);
  g_assert_cmpstr (answer, ==, "{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"result\":{\"action\":\"decline\"}}");

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":"
               "[{\"type\":\"text\",\"text\":\"done\"}]}}", json_object_get_int_member (fetch, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_cmpuint (f->statuses->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->statuses, 0), ==, "t-1 working");
  g_assert_cmpstr (g_ptr_array_index (f->statuses, 1), ==, "t-1 input_required");
  result_clear (&res);
}

static void
test_a_garbled_task_state_is_a_clear_error (Fixture       *f,
                                            gconstpointer  data)
{
  g_autoptr(JsonObject) poll = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *task = NULL;
  Result res = { 0 };

  connect_with_tasks (f);
  task = start_task_call (f, &res, NULL, "working");
  poll = peer_read_message (f->peer);
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"status\":[5]}}",
               json_object_get_int_member (poll, "id"));
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==, "The server sent a malformed state for its task");
  result_clear (&res);
}

static void
test_cancelling_a_task_call_cancels_the_task (Fixture       *f,
                                              gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonObject) cancel = NULL;
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *task = NULL;
  Result res = { 0 };

  connect_with_tasks (f);
  task = start_task_call (f, &res, cancellable, "working");
  /* The task never finishes; the user stops it. */
  while (f->statuses->len < 1)
    g_main_context_iteration (NULL, TRUE);
  /* The application finds which of its calls the task is. */
  g_assert_true (elicit_session_get_task_cancellable (f->session, "t-1") == cancellable);
  g_assert_null (elicit_session_get_task_cancellable (f->session, "t-2"));
  g_cancellable_cancel (cancellable);
  result = elicit_session_call_tool_finish (f->session, wait_result (&res), &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (elicit_session_get_task_cancellable (f->session, "t-1"));

  cancel = peer_read_message (f->peer);
  g_assert_cmpstr (method_of (cancel), ==, "tasks/cancel");
  g_assert_cmpstr (json_object_get_string_member (member_object (cancel, "params"), "taskId"), ==, "t-1");
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"taskId\":\"t-1\","
               "\"status\":\"cancelled\"}}", json_object_get_int_member (cancel, "id"));
  fake_peer_sync (f->peer);
  result_clear (&res);
}

static void
test_an_elicitation_run_as_a_task (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(JsonObject) created = NULL;
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonObject) answer = NULL;
  g_autoptr(JsonObject) refused = NULL;
  g_autoptr(JsonObject) content = json_object_new ();
  g_autofree char *task_id = NULL;
  g_autofree char *result = NULL;

  connect_with_tasks (f);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"elicitation/create\","
                                "\"params\":{\"task\":{\"ttl\":60000}," FORM_PARAMS "}}");

  /* Answered at once with the task. */
  created = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (member_object (member_object (created, "result"),
                                                                 "task"), "status"), ==, "working");
  task_id = g_strdup (json_object_get_string_member (member_object (member_object (created, "result"),
                                                                    "task"), "taskId"));
  g_assert_cmpuint (f->requests->len, ==, 1);

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"g1\",\"method\":\"tasks/get\",\"params\":"
               "{\"taskId\":\"%s\"}}", task_id);
  state = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (member_object (state, "result"), "status"), ==,
                   "input_required");

  /* tasks/result waits for the user. */
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"method\":\"tasks/result\",\"params\":"
               "{\"taskId\":\"%s\"}}", task_id);
  fake_peer_sync (f->peer);
  json_object_set_string_member (content, "name", "Ada");
  g_assert_true (elicit_request_accept (g_ptr_array_index (f->requests, 0), content, NULL));
  answer = peer_read_message (f->peer);
  result = member_json (answer, "result");
  g_assert_cmpstr (json_object_get_string_member (answer, "id"), ==, "r1");
  g_assert_true (g_str_has_prefix (result, "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"},"
                                           "\"_meta\":{\"io.modelcontextprotocol/related-task\":"));

  /* A finished task cannot be cancelled. */
  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"c1\",\"method\":\"tasks/cancel\",\"params\":"
               "{\"taskId\":\"%s\"}}", task_id);
  refused = peer_read_message (f->peer);
  g_assert_cmpint (json_object_get_int_member (member_object (refused, "error"), "code"), ==, -32602);
}

static void
test_a_refused_elicitation_task_fails_with_the_refusal (Fixture       *f,
                                                        gconstpointer  data)
{
  g_autoptr(ElicitPromptQueue) queue = elicit_prompt_queue_new ();
  g_autoptr(JsonObject) created = NULL;
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonObject) answer = NULL;
  g_autofree char *task_id = NULL;
  g_autofree char *error = NULL;

  /* A queue that refuses everything: the task fails, and its result is
   * the one error of a request refused unseen. */
  elicit_prompt_queue_set_burst (queue, 0);
  elicit_prompt_queue_set_rate (queue, 0.0);
  elicit_prompt_queue_add_session (queue, f->session);
  connect_with_tasks (f);
  fake_peer_send_line (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"elicitation/create\","
                                "\"params\":{\"task\":{\"ttl\":60000}," FORM_PARAMS "}}");
  created = peer_read_message (f->peer);
  task_id = g_strdup (json_object_get_string_member (member_object (member_object (created, "result"),
                                                                    "task"), "taskId"));

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"g1\",\"method\":\"tasks/get\",\"params\":"
               "{\"taskId\":\"%s\"}}", task_id);
  state = peer_read_message (f->peer);
  g_assert_cmpstr (json_object_get_string_member (member_object (state, "result"), "status"), ==,
                   "failed");

  peer_send_printf (f->peer, "{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"method\":\"tasks/result\",\"params\":"
               "{\"taskId\":\"%s\"}}", task_id);
  answer = peer_read_message (f->peer);
  error = member_json (answer, "error");
  g_assert_cmpstr (error, ==, "{\"code\":-31000,\"message\":\"Refused without asking the user: "
                              "too many requests\"}");
  elicit_prompt_queue_remove_session (queue, f->session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define TASK_TEST(path, func) \
  g_test_add ("/Elicit/Session/Tasks/" path, Fixture, NULL, setup, func, teardown)

  TASK_TEST ("a-required-task-is-polled-and-its-result-fetched",
             test_a_required_task_is_polled_and_its_result_fetched);
  TASK_TEST ("a-garbled-task-state-is-a-clear-error", test_a_garbled_task_state_is_a_clear_error);
  TASK_TEST ("cancelling-a-task-call-cancels-the-task", test_cancelling_a_task_call_cancels_the_task);
  TASK_TEST ("an-elicitation-the-server-runs-as-a-task", test_an_elicitation_run_as_a_task);
  TASK_TEST ("a-refused-elicitation-task-fails-with-the-refusal",
             test_a_refused_elicitation_task_fails_with_the_refusal);

  return g_test_run ();
}
