/* elicit-session-tasks.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: tools that run as tasks, in both wire formats.
 *
 * 2025-11-25:
 * A tool whose definition says `execution.taskSupport` "required" or
 * "optional", on a server whose capabilities offer task-augmented
 * tools/call, is called with a `task` parameter. The server answers at once
 * with the task; the session then polls `tasks/get` at the server's
 * interval (and listens to `notifications/tasks/status`), and:
 *
 *   - input_required: calls `tasks/result`, during which the server sends
 *     its `elicitation/create` requests (with related-task metadata), which
 *     reach the user like any other, and which returns the final result;
 *   - completed, failed, cancelled: `tasks/result` returns the final result.
 *
 * 2026-07-28, the tasks extension (io.modelcontextprotocol/tasks): the
 * session declares the extension on every request, and the server decides
 * per call whether to answer with a task (`resultType` "task"). The session
 * polls `tasks/get`, whose answer carries the final `result` or `error`, or,
 * for input_required, `inputRequests`: those become requests like any other
 * (each key once), and their answers go back with `tasks/update`.
 *
 * Cancelling the call sends `tasks/cancel`. Every status change is emitted
 * as ElicitSession::task-status, so an application can show it. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-json-private.h"
#include "elicit-session-private.h"
#include "elicit-text-private.h"

/* The bounds of a server's poll interval, in ms. */
#define MIN_POLL_INTERVAL 100
#define MAX_POLL_INTERVAL 30000
#define DEFAULT_POLL_INTERVAL 1000
/* How long the task may live, asked of the server: a day. */
#define TASK_TTL (24 * 60 * 60 * 1000)

/* One tools/call run as a task. Freed once it is done and no call of its
 * own is under way. */
typedef struct
{
  ElicitSession *session;
  GTask         *task;        /* the tools/call's */
  char          *task_id;
  guint          poll_interval;
  guint          poll_source;
  GSource       *cancel_source;
  guint          n_calls;     /* tasks/get and tasks/result under way */
  gboolean       fetching;    /* tasks/result under way */
  gboolean       done;
  gboolean       modern;      /* the 2026-07-28 extension */
  GHashTable    *asked;       /* modern: inputRequests keys shown already */
  gboolean       answering;   /* modern: a round of input under way */
} TaskRun;

static void
task_run_free (TaskRun *run)
{
  g_clear_handle_id (&run->poll_source, g_source_remove);
  if (run->cancel_source != NULL)
    g_source_destroy (run->cancel_source);
  g_clear_pointer (&run->cancel_source, g_source_unref);
  g_clear_object (&run->task);
  g_clear_pointer (&run->asked, g_hash_table_unref);
  g_free (run->task_id);
  g_free (run);
}

static void
task_run_release (TaskRun *run)
{
  if (run->done && run->n_calls == 0)
    task_run_free (run);
}

gboolean
elicit_session_offers_tool_tasks (ElicitSession *self)
{
  JsonObject *tasks = elicit_json_object_get_object (self->server_capabilities, "tasks");
  JsonObject *requests = elicit_json_object_get_object (tasks, "requests");
  JsonObject *tools = elicit_json_object_get_object (requests, "tools");

  /* Tasks of the 2026-07-28 extension are another wire format. */
  return self->meta_version == NULL && elicit_json_object_get_object (tools, "call") != NULL;
}

gboolean
elicit_session_tool_runs_as_task (ElicitSession *self,
                                  const char    *name)
{
  const char *support = name != NULL ? g_hash_table_lookup (self->task_support, name) : NULL;

  return elicit_session_offers_tool_tasks (self) &&
         (g_strcmp0 (support, "required") == 0 || g_strcmp0 (support, "optional") == 0);
}

static void
finish_run (TaskRun    *run,
            GError     *error,
            JsonObject *result)
{
  if (run->done)
    {
      g_clear_error (&error);
      return;
    }

  run->done = TRUE;
  g_clear_handle_id (&run->poll_source, g_source_remove);
  g_hash_table_remove (run->session->task_runs, run->task_id);
  if (error != NULL)
    g_task_return_error (run->task, error);
  else
    g_task_return_pointer (run->task, json_object_ref (result), (GDestroyNotify) json_object_unref);
  task_run_release (run);
}

static void
report_status (TaskRun    *run,
               JsonObject *task)
{
  const char *status = elicit_json_object_get_string (task, "status");
  const char *message = elicit_json_object_get_string (task, "statusMessage");
  g_autofree char *shown = elicit_text_sanitize_line (message, ELICIT_TEXT_LINE_MAX);

  g_signal_emit (run->session, elicit_session_signals[ELICIT_SESSION_SIGNAL_TASK_STATUS], 0,
                 run->task_id, status, shown);
}

static void     fetch_result  (TaskRun       *run);
static void     schedule_poll (TaskRun       *run);
static TaskRun *task_run_new  (ElicitSession *self,
                               GTask         *task,
                               const char    *task_id);

static gboolean
is_terminal (const char *status)
{
  return g_strcmp0 (status, "completed") == 0 || g_strcmp0 (status, "failed") == 0 ||
         g_strcmp0 (status, "cancelled") == 0;
}

static gboolean
is_status (const char *status)
{
  return is_terminal (status) || g_strcmp0 (status, "working") == 0 ||
         g_strcmp0 (status, "input_required") == 0;
}

static gboolean follow_modern_status (TaskRun    *run,
                                      JsonObject *task);

/* Does what a task's state says to do next; FALSE for a malformed state. */
static gboolean
follow_status (TaskRun    *run,
               JsonObject *task)
{
  const char *status = elicit_json_object_get_string (task, "status");
  JsonNode *interval = task ? json_object_get_member (task, "pollInterval") : NULL;

  if (!is_status (status))
    return FALSE;

  if (run->modern)
    return follow_modern_status (run, task);

  if (interval != NULL && JSON_NODE_HOLDS_VALUE (interval) &&
      json_node_get_value_type (interval) == G_TYPE_INT64)
    run->poll_interval = CLAMP (json_node_get_int (interval), MIN_POLL_INTERVAL, MAX_POLL_INTERVAL);

  report_status (run, task);

  /* The server waits to send us its questions on tasks/result, or the
   * result is there: either way, tasks/result. */
  if (g_str_equal (status, "input_required") || is_terminal (status))
    fetch_result (run);
  else
    schedule_poll (run);

  return TRUE;
}

static GError *
malformed (const char *what)
{
  return g_error_new (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE, "%s", what);
}

static void
result_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  run->n_calls--;
  run->fetching = FALSE;

  /* finish_run() may free @run; nothing touches it after. */
  if (run->done)
    {
      g_clear_error (&error);
      task_run_release (run);
    }
  else if (node == NULL)
    finish_run (run, error, NULL);
  else if (!JSON_NODE_HOLDS_OBJECT (node))
    finish_run (run, malformed (_("The server sent a malformed result for its task")), NULL);
  else
    finish_run (run, NULL, json_node_get_object (node));
}

static void
fetch_result (TaskRun *run)
{
  g_autoptr(JsonObject) params = json_object_new ();

  if (run->fetching || run->done)
    return;

  run->fetching = TRUE;
  run->n_calls++;
  g_clear_handle_id (&run->poll_source, g_source_remove);
  json_object_set_string_member (params, "taskId", run->task_id);
  /* It blocks until the task ends, the user's answers included: no timeout. */
  elicit_session_start_call_with_timeout (run->session, "tasks/result", params,
                                          ELICIT_PEER_CALL_DEFAULT, 0, NULL, NULL, NULL,
                                          result_cb, run);
}

static void
poll_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  run->n_calls--;

  /* finish_run() may free @run; nothing touches it after. */
  if (run->done || run->fetching)
    {
      g_clear_error (&error);
      task_run_release (run);
    }
  else if (node == NULL)
    finish_run (run, error, NULL);
  else if (!JSON_NODE_HOLDS_OBJECT (node) || !follow_status (run, json_node_get_object (node)))
    finish_run (run, malformed (_("The server sent a malformed state for its task")), NULL);
}

static gboolean
poll_timeout_cb (gpointer user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonObject) params = json_object_new ();

  run->poll_source = 0;
  run->n_calls++;
  json_object_set_string_member (params, "taskId", run->task_id);
  elicit_session_start_call (run->session, "tasks/get", params, ELICIT_PEER_CALL_DEFAULT,
                             NULL, NULL, NULL, poll_cb, run);

  return G_SOURCE_REMOVE;
}

static void
schedule_poll (TaskRun *run)
{
  if (run->fetching || run->done || run->poll_source != 0)
    return;

  run->poll_source = g_timeout_add (run->poll_interval, poll_timeout_cb, run);
  g_source_set_name_by_id (run->poll_source, "[elicit] task poll");
}

/* The 2026-07-28 tasks extension ---------------------------------------------- */

static void
updated_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  run->n_calls--;

  /* finish_run() may free @run; nothing touches it after. */
  if (run->done)
    {
      g_clear_error (&error);
      task_run_release (run);
    }
  else if (node == NULL)
    finish_run (run, error, NULL);
  else
    schedule_poll (run);
}

static void
task_input_answered_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonObject) responses = NULL;
  g_autoptr(JsonObject) params = NULL;
  GError *error = NULL;

  responses = elicit_input_source_answer_finish (ELICIT_INPUT_SOURCE (object), result, &error);
  run->n_calls--;
  run->answering = FALSE;

  if (run->done)
    {
      g_clear_error (&error);
      task_run_release (run);
      return;
    }

  if (responses == NULL)
    {
      finish_run (run, error, NULL);
      return;
    }

  params = json_object_new ();
  json_object_set_string_member (params, "taskId", run->task_id);
  json_object_set_object_member (params, "inputResponses", g_steal_pointer (&responses));
  run->n_calls++;
  elicit_session_start_call (run->session, "tasks/update", params, ELICIT_PEER_CALL_DEFAULT,
                             NULL, NULL, NULL, updated_cb, run);
}

/* The requests of an input_required task not shown before: a server
 * repeats them on every poll until they are answered. */
static JsonObject *
new_input_requests (TaskRun    *run,
                    JsonObject *requests)
{
  g_autoptr(GList) keys = json_object_get_members (requests);
  JsonObject *fresh = json_object_new ();

  for (GList *l = keys; l != NULL; l = l->next)
    if (g_hash_table_add (run->asked, g_strdup (l->data)))
      json_object_set_member (fresh, l->data,
                              json_node_copy (json_object_get_member (requests, l->data)));

  return fresh;
}

static GError *
task_error (JsonObject *error)
{
  const char *message = elicit_json_object_get_string (error, "message");
  g_autofree char *shown = elicit_text_sanitize_block (message, ELICIT_TEXT_BLOCK_MAX);

  if (shown == NULL || *shown == '\0')
    return malformed (_("The server’s task failed without saying why"));

  return g_error_new (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_SERVER_ERROR, "%s", shown);
}

static gboolean
follow_modern_status (TaskRun    *run,
                      JsonObject *task)
{
  const char *status = elicit_json_object_get_string (task, "status");
  JsonNode *interval = json_object_get_member (task, "pollIntervalMs");
  JsonObject *requests = elicit_json_object_get_object (task, "inputRequests");
  JsonObject *result = elicit_json_object_get_object (task, "result");
  g_autoptr(JsonObject) fresh = NULL;

  if (interval != NULL && JSON_NODE_HOLDS_VALUE (interval) &&
      json_node_get_value_type (interval) == G_TYPE_INT64)
    run->poll_interval = CLAMP (json_node_get_int (interval), MIN_POLL_INTERVAL, MAX_POLL_INTERVAL);

  if (g_str_equal (status, "completed"))
    {
      if (result == NULL)
        return FALSE;
      report_status (run, task);
      finish_run (run, NULL, result);
      return TRUE;
    }

  report_status (run, task);

  if (g_str_equal (status, "failed"))
    finish_run (run, task_error (elicit_json_object_get_object (task, "error")), NULL);
  else if (g_str_equal (status, "cancelled"))
    finish_run (run, g_error_new_literal (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_SERVER_ERROR,
                                          _("The server cancelled the task")), NULL);
  else if (g_str_equal (status, "input_required") && requests != NULL && !run->answering &&
           json_object_get_size (fresh = new_input_requests (run, requests)) > 0)
    {
      run->answering = TRUE;
      run->n_calls++;
      elicit_input_source_answer_async (run->session->input, fresh, g_task_get_cancellable (run->task),
                                        task_input_answered_cb, run);
    }
  else
    schedule_poll (run);

  return TRUE;
}

void
elicit_session_follow_task (ElicitSession *self,
                            JsonObject    *created,
                            GTask         *task)
{
  const char *task_id = elicit_json_object_get_string (created, "taskId");
  TaskRun *run;

  if (task_id == NULL || *task_id == '\0')
    {
      g_task_return_error (task, malformed (_("The server did not say which task runs the tool")));
      g_object_unref (task);
      return;
    }

  run = task_run_new (self, task, task_id);
  run->modern = TRUE;
  run->asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (!follow_status (run, created))
    finish_run (run, malformed (_("The server sent a malformed state for its task")), NULL);
}

static void
task_cancelled_done_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(JsonNode) node G_GNUC_UNUSED = g_task_propagate_pointer (G_TASK (result), NULL);
}

/* The user stopped the call: the server stops the task. */
static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  TaskRun *run = user_data;
  g_autoptr(JsonObject) params = json_object_new ();

  g_clear_pointer (&run->cancel_source, g_source_unref);
  json_object_set_string_member (params, "taskId", run->task_id);
  elicit_session_start_call (run->session, "tasks/cancel", params, ELICIT_PEER_CALL_DEFAULT,
                             NULL, NULL, NULL, task_cancelled_done_cb, NULL);
  finish_run (run, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                        _("The call was cancelled")), NULL);

  return G_SOURCE_REMOVE;
}

/* Takes @task. */
static TaskRun *
task_run_new (ElicitSession *self,
              GTask         *task,
              const char    *task_id)
{
  TaskRun *run = g_new0 (TaskRun, 1);

  run->session = self;
  run->task = task;
  run->task_id = g_strdup (task_id);
  run->poll_interval = DEFAULT_POLL_INTERVAL;
  g_hash_table_replace (self->task_runs, g_strdup (task_id), run);

  if (g_task_get_cancellable (run->task) != NULL)
    {
      run->cancel_source = g_cancellable_source_new (g_task_get_cancellable (run->task));
      g_source_set_callback (run->cancel_source, G_SOURCE_FUNC (cancelled_cb), run, NULL);
      g_source_set_static_name (run->cancel_source, "[elicit] task cancelled");
      g_source_attach (run->cancel_source, g_main_context_get_thread_default ());
    }

  return run;
}

static void
created_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(JsonNode) node = NULL;
  JsonObject *created;
  const char *task_id;
  GError *error = NULL;
  TaskRun *run;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  created = elicit_json_object_get_object (JSON_NODE_HOLDS_OBJECT (node)
                                              ? json_node_get_object (node) : NULL, "task");
  task_id = elicit_json_object_get_string (created, "taskId");
  if (task_id == NULL || *task_id == '\0')
    {
      g_task_return_error (task, malformed (_("The server did not say which task runs the tool")));
      return;
    }

  run = task_run_new (self, g_steal_pointer (&task), task_id);
  if (!follow_status (run, created))
    finish_run (run, malformed (_("The server sent a malformed state for its task")), NULL);
}

void
elicit_session_call_tool_as_task (ElicitSession          *self,
                                  JsonObject             *params,
                                  ElicitProgressCallback  progress,
                                  gpointer                progress_data,
                                  GTask                  *task)
{
  g_autoptr(JsonObject) augmented = elicit_json_object_deep_copy (params);
  JsonObject *task_params = json_object_new ();

  json_object_set_int_member (task_params, "ttl", TASK_TTL);
  json_object_set_object_member (augmented, "task", task_params);
  elicit_session_start_call (self, "tools/call", augmented, ELICIT_PEER_CALL_PROGRESS_TOKEN,
                             progress, progress_data, g_task_get_cancellable (task),
                             created_cb, task);
}

void
elicit_session_task_status_changed (ElicitSession *self,
                                    JsonObject    *task)
{
  const char *task_id = elicit_json_object_get_string (task, "taskId");
  TaskRun *run = task_id != NULL ? g_hash_table_lookup (self->task_runs, task_id) : NULL;

  if (run != NULL && !run->done && !run->fetching)
    follow_status (run, task);
}

/**
 * elicit_session_get_task_cancellable:
 * @self: a session
 * @task_id: the server's id of a task, as [signal@Session::task-status] gives it
 *
 * Finds which tool call runs as the task @task_id, so an application that
 * makes several calls at once can show each task's state where its call is
 * shown: the cancellable it gave [method@Session.call_tool_async] is
 * returned. Cancelling it cancels the task.
 *
 * Returns: (transfer none) (nullable): the cancellable of the call that runs
 *   as @task_id, or %NULL if no call under way runs as that task or the
 *   call was made without a cancellable
 *
 * Since: 1.0
 */
GCancellable *
elicit_session_get_task_cancellable (ElicitSession *self,
                                     const char    *task_id)
{
  TaskRun *run;

  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);
  g_return_val_if_fail (task_id != NULL, NULL);

  run = g_hash_table_lookup (self->task_runs, task_id);
  if (run == NULL || run->done)
    return NULL;

  return g_task_get_cancellable (run->task);
}
