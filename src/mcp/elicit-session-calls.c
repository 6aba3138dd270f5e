/* elicit-session-calls.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: what the client calls — tools, ping, any method. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-http-headers-private.h"
#include "elicit-input-rounds.h"
#include "elicit-request-private.h"
#include "elicit-json-private.h"
#include "elicit-session-private.h"
#include "elicit-text-private.h"

/* list_tools follows at most this many pages, and returns at most this
 * many tools, so a server cannot keep us paging forever. */
#define MAX_TOOL_PAGES 1000
#define MAX_TOOLS 10000


static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, node, (GDestroyNotify) json_node_unref);
}

/**
 * elicit_session_call_async:
 * @self: a connected session
 * @method: the method to call
 * @params: (nullable): its parameters
 * @cancellable: (nullable): a cancellable; cancelling sends `notifications/cancelled`
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Calls any method of the server. Prefer the dedicated calls where there is one.
 *
 * Since: 1.0
 */
void
elicit_session_call_async (ElicitSession       *self,
                           const char          *method,
                           JsonObject          *params,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_call_async);

  if (!elicit_session_check_ready (self, task))
    return;

  elicit_session_start_call (self, method, params, ELICIT_PEER_CALL_DEFAULT, NULL, NULL, cancellable,
              call_done_cb, g_steal_pointer (&task));
}

/**
 * elicit_session_call_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.call_async].
 *
 * Returns: (transfer full): the `result` the server answered with, or %NULL
 *
 * Since: 1.0
 */
JsonNode *
elicit_session_call_finish (ElicitSession  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
ping_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * elicit_session_ping_async:
 * @self: a connected session
 * @cancellable: (nullable): a cancellable
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Checks that the server answers.
 *
 * Since: 1.0
 */
void
elicit_session_ping_async (ElicitSession       *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_ping_async);

  if (!elicit_session_check_ready (self, task))
    return;

  elicit_session_start_call (self, "ping", NULL, ELICIT_PEER_CALL_DEFAULT, NULL, NULL, cancellable,
              ping_cb, g_steal_pointer (&task));
}

/**
 * elicit_session_ping_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.ping_async].
 *
 * Returns: %TRUE if the server answered
 *
 * Since: 1.0
 */
gboolean
elicit_session_ping_finish (ElicitSession  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Tools ------------------------------------------------------------------------ */

typedef struct
{
  JsonArray  *tools;
  GHashTable *cursors;
  guint       pages;
} ListTools;

static void
list_tools_free (gpointer data)
{
  ListTools *state = data;

  g_clear_pointer (&state->tools, json_array_unref);
  g_clear_pointer (&state->cursors, g_hash_table_unref);
  g_free (state);
}

static void list_tools_page (ElicitSession *self,
                             GTask         *task,
                             const char    *cursor);

/* 2026-07-28: a tool whose x-mcp-header annotations are invalid is left
 * out of the list, and never called. */
static gboolean
accept_tool (ElicitSession *self,
             JsonObject    *tool)
{
  const char *name = elicit_json_object_get_string (tool, "name");
  JsonObject *execution = elicit_json_object_get_object (tool, "execution");
  const char *task_support = elicit_json_object_get_string (execution, "taskSupport");
  g_autoptr(GPtrArray) headers = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = NULL;

  if (task_support != NULL)
    g_hash_table_replace (self->task_support, g_strdup (name), g_strdup (task_support));
  else
    g_hash_table_remove (self->task_support, name);

  if (self->meta_version == NULL)
    return TRUE;

  headers = elicit_tool_headers_parse (tool, &error);
  if (headers != NULL)
    {
      g_hash_table_remove (self->invalid_tools, name);
      return TRUE;
    }

  shown = elicit_text_sanitize_line (name, 80);
  g_debug ("leaving out the tool “%s”: %s", shown, error->message);
  g_hash_table_replace (self->invalid_tools, g_strdup (name), g_strdup (error->message));

  return FALSE;
}

static gboolean
add_tools (ElicitSession *self,
           ListTools     *state,
           JsonObject    *result)
{
  JsonNode *node = json_object_get_member (result, "tools");
  JsonArray *tools;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;

  tools = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (tools); i++)
    {
      JsonNode *tool = json_array_get_element (tools, i);

      if (!JSON_NODE_HOLDS_OBJECT (tool) ||
          elicit_json_object_get_string (json_node_get_object (tool), "name") == NULL)
        {
          g_debug ("skipping a tool without a name");
          continue;
        }

      if (json_array_get_length (state->tools) >= MAX_TOOLS)
        return FALSE;

      if (accept_tool (self, json_node_get_object (tool)))
        json_array_add_element (state->tools, json_node_copy (tool));
    }

  return TRUE;
}

static void
list_tools_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  ListTools *state = g_task_get_task_data (task);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *page;
  const char *cursor;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  page = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (page == NULL || !add_tools (self, state, page))
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed list of tools"));
      return;
    }

  cursor = elicit_json_object_get_string (page, "nextCursor");
  if (cursor == NULL)
    {
      self->tools_known = TRUE;
      g_task_return_pointer (task, g_steal_pointer (&state->tools),
                             (GDestroyNotify) json_array_unref);
      return;
    }

  /* A cursor seen before, or endless pages, would keep us paging forever. */
  if (++state->pages >= MAX_TOOL_PAGES || !g_hash_table_add (state->cursors, g_strdup (cursor)))
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server's list of tools does not end"));
      return;
    }

  list_tools_page (self, g_steal_pointer (&task), cursor);
}

static void
list_tools_page (ElicitSession *self,
                 GTask         *task,
                 const char    *cursor)
{
  g_autoptr(JsonObject) params = NULL;

  if (cursor != NULL)
    {
      params = json_object_new ();
      json_object_set_string_member (params, "cursor", cursor);
    }

  elicit_session_start_call (self, "tools/list", params, ELICIT_PEER_CALL_DEFAULT, NULL, NULL,
              g_task_get_cancellable (task), list_tools_cb, task);
}

/**
 * elicit_session_list_tools_async:
 * @self: a connected session
 * @cancellable: (nullable): a cancellable
 * @callback: called with the tools
 * @user_data: data for @callback
 *
 * Lists the server's tools, following `nextCursor` through every page.
 *
 * Since: 1.0
 */
void
elicit_session_list_tools_async (ElicitSession       *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ListTools *state;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_list_tools_async);

  if (!elicit_session_check_ready (self, task))
    return;

  state = g_new0 (ListTools, 1);
  state->tools = json_array_new ();
  state->cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, state, list_tools_free);

  list_tools_page (self, g_steal_pointer (&task), NULL);
}

/**
 * elicit_session_list_tools_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.list_tools_async].
 *
 * Returns: (transfer full): the tools, each a JSON object with at least a
 *   `name`, in the server's order, or %NULL
 *
 * Since: 1.0
 */
JsonArray *
elicit_session_list_tools_finish (ElicitSession  *self,
                                  GAsyncResult   *result,
                                  GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Multi-round-trip input (2026-07-28) ------------------------------------------ */

/* A call answered -32042 is sent again at most this many times. */
#define MAX_URL_RETRIES 3

typedef struct
{
  ElicitInputRounds      *rounds;         /* the request and its retries */
  ElicitProgressCallback  progress;
  gpointer                progress_data;
  GDestroyNotify          progress_destroy;
  gboolean                relisted;
  /* -32042: the error, its URL requests waiting for the user, and how
   * often the call was sent again after them */
  GError                 *url_error;
  GPtrArray              *url_requests;
  GSource                *url_cancel_source;
  guint                   url_retries;
} Rounds;

static void stop_url_requests (Rounds *rounds);

static void
rounds_free (gpointer data)
{
  Rounds *rounds = data;

  stop_url_requests (rounds);
  g_clear_object (&rounds->rounds);
  if (rounds->progress_destroy != NULL)
    rounds->progress_destroy (rounds->progress_data);
  g_free (rounds);
}

static void attempt_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data);

/* Sends the latest attempt: the request as first made, or its retry. */
static void
send_attempt (ElicitSession *self,
              GTask         *task)
{
  Rounds *rounds = g_task_get_task_data (task);
  g_autoptr(JsonObject) params =
    elicit_json_object_deep_copy (elicit_input_rounds_get_params (rounds->rounds));

  elicit_session_start_call (self, elicit_input_rounds_get_method (rounds->rounds), params,
                             ELICIT_PEER_CALL_PROGRESS_TOKEN, rounds->progress,
                             rounds->progress_data, g_task_get_cancellable (task), attempt_cb,
                             task);
}

/* URL elicitations a -32042 asks for (2025-11-25) ------------------------------ */

static void url_request_state_cb (ElicitRequest *request,
                                  GParamSpec    *pspec,
                                  GTask         *task);

static void
stop_url_requests (Rounds *rounds)
{
  g_autoptr(GPtrArray) requests = g_steal_pointer (&rounds->url_requests);

  for (guint i = 0; requests != NULL && i < requests->len; i++)
    g_signal_handlers_disconnect_matched (g_ptr_array_index (requests, i), G_SIGNAL_MATCH_FUNC,
                                          0, 0, NULL, url_request_state_cb, NULL);
  if (rounds->url_cancel_source != NULL)
    g_source_destroy (rounds->url_cancel_source);
  g_clear_pointer (&rounds->url_cancel_source, g_source_unref);
  g_clear_error (&rounds->url_error);
}

/* Once no step waits (each complete, withdrawn or refused), the call goes
 * again, or fails with the -32042 if the user said no to one. */
static void
url_request_state_cb (ElicitRequest *request,
                      GParamSpec    *pspec,
                      GTask         *task)
{
  ElicitSession *self = g_task_get_source_object (task);
  Rounds *rounds = g_task_get_task_data (task);
  gboolean said_no = FALSE;

  if (g_task_return_error_if_cancelled (task))
    {
      stop_url_requests (rounds);
      g_object_unref (task);
      return;
    }

  for (guint i = 0; i < rounds->url_requests->len; i++)
    switch (elicit_request_get_state (g_ptr_array_index (rounds->url_requests, i)))
      {
      case ELICIT_REQUEST_STATE_PENDING:
      case ELICIT_REQUEST_STATE_ACCEPTED:
        return;
      case ELICIT_REQUEST_STATE_DECLINED:
      case ELICIT_REQUEST_STATE_CANCELLED:
        said_no = TRUE;
        break;
      case ELICIT_REQUEST_STATE_WITHDRAWN:
      case ELICIT_REQUEST_STATE_COMPLETED:
      default:
        break;
      }

  if (said_no)
    {
      GError *error = g_steal_pointer (&rounds->url_error);

      stop_url_requests (rounds);
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  stop_url_requests (rounds);
  rounds->url_retries++;
  send_attempt (self, task);
}

/* From the main loop, never inside g_cancellable_cancel(). */
static gboolean
url_cancelled_cb (GCancellable *cancellable,
                  gpointer      data)
{
  GTask *task = data;
  Rounds *rounds = g_task_get_task_data (task);
  g_autoptr(GPtrArray) requests = g_ptr_array_ref (rounds->url_requests);

  /* The first withdrawal ends the call (url_request_state_cb). */
  g_object_ref (task);
  for (guint i = 0; i < requests->len; i++)
    elicit_request_withdraw (g_ptr_array_index (requests, i), _("The call was cancelled"));
  g_object_unref (task);

  return G_SOURCE_REMOVE;
}

/* Shows the steps a -32042 lists, as any elicitation is shown, and waits
 * for them; FALSE when there are none to show, or the call went again
 * often enough. Takes @task when it returns TRUE. */
static gboolean
start_url_requests (ElicitSession *self,
                    GTask         *task,
                    GError        *error)
{
  Rounds *rounds = g_task_get_task_data (task);
  GPtrArray *requests = elicit_session_error_get_elicitations (error);
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (requests == NULL || requests->len == 0 || rounds->url_retries >= MAX_URL_RETRIES)
    return FALSE;

  rounds->url_error = error;
  rounds->url_requests = g_ptr_array_ref (requests);
  for (guint i = 0; i < requests->len; i++)
    g_signal_connect (g_ptr_array_index (requests, i), "notify::state",
                      G_CALLBACK (url_request_state_cb), task);
  if (cancellable != NULL)
    {
      rounds->url_cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (rounds->url_cancel_source, G_SOURCE_FUNC (url_cancelled_cb), task,
                             NULL);
      g_source_set_static_name (rounds->url_cancel_source, "[elicit] URL steps cancelled");
      g_source_attach (rounds->url_cancel_source, g_main_context_get_thread_default ());
    }

  /* A handler may answer one at once (a refusal, no display): held, and
   * the rest left unshown once the call has ended. */
  {
    g_autoptr(GTask) hold G_GNUC_UNUSED = g_object_ref (task);
    g_autoptr(GPtrArray) shown = g_ptr_array_ref (requests);

    for (guint i = 0; i < shown->len && rounds->url_requests != NULL; i++)
      {
        g_autoptr(ElicitRequest) request = g_object_ref (g_ptr_array_index (shown, i));

        if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
          g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_ELICITATION], 0,
                         request);
      }
  }

  return TRUE;
}

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitSession *self = g_task_get_source_object (task);
  g_autoptr(JsonObject) params = NULL;
  GError *error = NULL;

  params = elicit_input_rounds_answer_finish (ELICIT_INPUT_ROUNDS (object), result, &error);
  if (params == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  send_attempt (self, g_steal_pointer (&task));
}

static void relist_tools (ElicitSession *self,
                          GTask         *task);

static void
attempt_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  Rounds *rounds = g_task_get_task_data (task);
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;
  const char *method = elicit_input_rounds_get_method (rounds->rounds);
  GCancellable *cancellable = g_task_get_cancellable (task);
  JsonObject *answer;
  const char *type;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    {
      /* The tool's headers changed: read its definition again, once. */
      if (g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_HEADER_MISMATCH) &&
          !rounds->relisted)
        {
          g_error_free (error);
          rounds->relisted = TRUE;
          relist_tools (self, g_steal_pointer (&task));
          return;
        }
      /* URL steps first: shown, then the call goes again. */
      if (g_error_matches (error, ELICIT_SESSION_ERROR,
                           ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED) &&
          start_url_requests (self, task, error))
        {
          g_steal_pointer (&task);
          return;
        }
      g_task_return_error (task, error);
      return;
    }

  answer = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (answer == NULL)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed result for “%s”"), method);
      return;
    }

  /* A result without a type is complete, as earlier revisions send it. */
  type = elicit_json_object_get_string (answer, "resultType");
  if (type == NULL || g_str_equal (type, "complete"))
    g_task_return_pointer (task, json_object_ref (answer), (GDestroyNotify) json_object_unref);
  else if (g_str_equal (type, "task") && g_str_equal (method, "tools/call"))
    elicit_session_follow_task (self, answer, g_steal_pointer (&task));
  else if (elicit_input_rounds_is_input_required (answer))
    elicit_input_rounds_answer_async (rounds->rounds, answer, cancellable, answered_cb,
                                      g_steal_pointer (&task));
  else
    {
      g_autofree char *shown = elicit_text_sanitize_line (type, 40);

      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server answered “%s” with a result of unknown type “%s”"),
                               method, shown);
    }
}

/* Calls the tool unless its definition was rejected. */
static void
begin_tool_call (ElicitSession *self,
                 GTask         *task)
{
  Rounds *rounds = g_task_get_task_data (task);
  JsonObject *params = elicit_input_rounds_get_params (rounds->rounds);
  const char *name = elicit_json_object_get_string (params, "name");
  const char *reason = g_hash_table_lookup (self->invalid_tools, name);

  if (reason != NULL)
    {
      g_autofree char *shown = elicit_text_sanitize_line (name, 80);

      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server’s definition of the tool “%s” is invalid, so it is "
                                 "not called: %s"), shown, reason);
      g_object_unref (task);
      return;
    }

  if (elicit_session_tool_runs_as_task (self, name))
    elicit_session_call_tool_as_task (self, params, rounds->progress, rounds->progress_data,
                                      task);
  else
    send_attempt (self, task);
}

static void
tools_listed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonArray) tools = NULL;
  GError *error = NULL;

  tools = elicit_session_list_tools_finish (self, result, &error);
  if (tools == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  begin_tool_call (self, g_steal_pointer (&task));
}

/* 2026-07-28: a call needs the tool's definition for its headers. */
static void
relist_tools (ElicitSession *self,
              GTask         *task)
{
  elicit_session_list_tools_async (self, g_task_get_cancellable (task), tools_listed_cb, task);
}

/**
 * elicit_session_call_tool_async:
 * @self: a connected session
 * @name: the tool's name
 * @arguments: (nullable): its arguments
 * @progress_callback: (nullable) (scope notified) (closure progress_data) (destroy progress_destroy):
 *   receives the progress the server reports
 * @progress_data: data for @progress_callback
 * @progress_destroy: (nullable): frees @progress_data once the call is over, after
 *   @callback ran
 * @cancellable: (nullable): a cancellable; cancelling sends `notifications/cancelled`
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Runs a tool. The request carries a progress token, and every progress
 * notification restarts the call's timeout. The tool may elicit input while
 * it runs: its requests arrive through [signal@Session::elicitation].
 *
 * A 2026-07-28 server may answer with an `InputRequiredResult`: its
 * elicitations become requests like any other, and once the user answered
 * them all the call is sent again, under a new id, with the answers and the
 * server's `requestState` exactly as it was sent, for as many rounds as the
 * server needs, up to 16 ([class@InputRounds] does this, for `elicit proxy`
 * too).
 *
 * A 2025-11-25 server may answer -32042 instead: the user must first
 * complete the URL elicitations the error lists. They arrive through
 * [signal@Session::elicitation] like any other, and once none is left
 * waiting (each completed by the server's notice, or by the person's word
 * through [method@Request.complete]) the call is sent again, three times at
 * most. If the user declines or cancels one, the call fails with
 * [error@SessionError.URL_ELICITATION_REQUIRED], whose
 * [func@SessionError.get_elicitations] lists them.
 *
 * Since: 1.0
 */
void
elicit_session_call_tool_async (ElicitSession          *self,
                                const char             *name,
                                JsonObject             *arguments,
                                ElicitProgressCallback  progress_callback,
                                gpointer                progress_data,
                                GDestroyNotify          progress_destroy,
                                GCancellable           *cancellable,
                                GAsyncReadyCallback     callback,
                                gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;
  Rounds *rounds;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_call_tool_async);

  if (!elicit_session_check_ready (self, task))
    return;

  params = json_object_new ();
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  rounds = g_new0 (Rounds, 1);
  rounds->rounds = elicit_input_rounds_new (self->input, "tools/call", params);
  rounds->progress = progress_callback;
  rounds->progress_data = progress_data;
  rounds->progress_destroy = progress_destroy;
  g_task_set_task_data (task, rounds, rounds_free);

  /* The tool's definition says which headers (2026-07-28) or whether a
   * task (2025-11-25) its call needs. */
  if ((self->meta_version != NULL || elicit_session_offers_tool_tasks (self)) && !self->tools_known)
    relist_tools (self, g_steal_pointer (&task));
  else
    begin_tool_call (self, g_steal_pointer (&task));
}

/**
 * elicit_session_call_tool_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.call_tool_async]. A tool that failed in its own
 * terms still succeeds here, with `isError` set in the result.
 *
 * Returns: (transfer full): the tool's result (`content`,
 *   `structuredContent`, `isError`), or %NULL
 *
 * Since: 1.0
 */
JsonObject *
elicit_session_call_tool_finish (ElicitSession  *self,
                                 GAsyncResult   *result,
                                 GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
