/* elicit-session-calls.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: what the client calls — tools, ping, any method. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-http-headers-private.h"
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
  const char *name = elicit_session_get_string_member (tool, "name");
  JsonObject *execution = elicit_session_get_object_member (tool, "execution");
  const char *task_support = elicit_session_get_string_member (execution, "taskSupport");
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
  g_message ("leaving out the tool “%s”: %s", shown, error->message);
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
          elicit_session_get_string_member (json_node_get_object (tool), "name") == NULL)
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

  cursor = elicit_session_get_string_member (page, "nextCursor");
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

/* A server may ask for input this many times before one call is given up. */
#define MAX_INPUT_ROUNDS 16

typedef struct
{
  char                   *method;
  JsonObject             *params;         /* the request as first sent */
  JsonNode               *request_state;  /* echoed, never read */
  gboolean                has_requests;
  ElicitProgressCallback  progress;
  gpointer                progress_data;
  guint                   rounds;
  gboolean                relisted;
} Rounds;

static void
rounds_free (gpointer data)
{
  Rounds *rounds = data;

  g_free (rounds->method);
  g_clear_pointer (&rounds->params, json_object_unref);
  g_clear_pointer (&rounds->request_state, json_node_unref);
  g_free (rounds);
}

static void attempt_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data);

/* Sends the request again under a new id, with the answers of the last
 * round and the server's state exactly as it sent it. */
static void
send_attempt (ElicitSession *self,
              GTask         *task,
              JsonObject    *input_responses)
{
  Rounds *rounds = g_task_get_task_data (task);
  g_autoptr(JsonObject) params = elicit_json_object_deep_copy (rounds->params);

  if (input_responses != NULL)
    json_object_set_object_member (params, "inputResponses", json_object_ref (input_responses));
  if (rounds->request_state != NULL)
    json_object_set_member (params, "requestState", json_node_copy (rounds->request_state));

  elicit_session_start_call (self, rounds->method, params, ELICIT_PEER_CALL_PROGRESS_TOKEN,
                             rounds->progress, rounds->progress_data,
                             g_task_get_cancellable (task), attempt_cb, task);
}

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitSession *self = g_task_get_source_object (task);
  Rounds *rounds = g_task_get_task_data (task);
  g_autoptr(JsonObject) responses = NULL;
  GError *error = NULL;

  responses = elicit_input_source_answer_finish (ELICIT_INPUT_SOURCE (object), result, &error);
  if (responses == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  send_attempt (self, g_steal_pointer (&task), rounds->has_requests ? responses : NULL);
}

/* An InputRequiredResult: ask the user, then try again. Returns FALSE with
 * @error when the result is malformed or the rounds never end. */
static gboolean
start_round (ElicitSession  *self,
             GTask          *task,
             JsonObject     *result,
             GError        **error)
{
  Rounds *rounds = g_task_get_task_data (task);
  JsonNode *requests = json_object_get_member (result, "inputRequests");
  JsonNode *state = json_object_get_member (result, "requestState");

  if (++rounds->rounds > MAX_INPUT_ROUNDS)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   _("The server asked for more input %u times without finishing “%s”"),
                   MAX_INPUT_ROUNDS, rounds->method);
      return FALSE;
    }

  if ((requests != NULL && !JSON_NODE_HOLDS_OBJECT (requests)) ||
      (state != NULL && (!JSON_NODE_HOLDS_VALUE (state) ||
                         json_node_get_value_type (state) != G_TYPE_STRING)) ||
      (requests == NULL && state == NULL))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   _("The server asked for input for “%s” in a malformed result"), rounds->method);
      return FALSE;
    }

  g_clear_pointer (&rounds->request_state, json_node_unref);
  rounds->request_state = state != NULL ? json_node_copy (state) : NULL;
  rounds->has_requests = requests != NULL;

  elicit_input_source_answer_async (self->input,
                                    requests != NULL ? json_node_get_object (requests) : NULL,
                                    g_task_get_cancellable (task), answered_cb,
                                    g_object_ref (task));

  return TRUE;
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
      g_task_return_error (task, error);
      return;
    }

  answer = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  if (answer == NULL)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed result for “%s”"), rounds->method);
      return;
    }

  /* A result without a type is complete, as earlier revisions send it. */
  type = elicit_session_get_string_member (answer, "resultType");
  if (type == NULL || g_str_equal (type, "complete"))
    g_task_return_pointer (task, json_object_ref (answer), (GDestroyNotify) json_object_unref);
  else if (g_str_equal (type, "task") && g_str_equal (rounds->method, "tools/call"))
    elicit_session_follow_task (self, answer, g_steal_pointer (&task));
  else if (!g_str_equal (type, "input_required"))
    {
      g_autofree char *shown = elicit_text_sanitize_line (type, 40);

      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server answered “%s” with a result of unknown type “%s”"),
                               rounds->method, shown);
    }
  else if (!start_round (self, task, answer, &error))
    g_task_return_error (task, error);
}

/* Calls the tool unless its definition was rejected. */
static void
begin_tool_call (ElicitSession *self,
                 GTask         *task)
{
  Rounds *rounds = g_task_get_task_data (task);
  const char *name = elicit_session_get_string_member (rounds->params, "name");
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
    elicit_session_call_tool_as_task (self, rounds->params, rounds->progress, rounds->progress_data,
                                      task);
  else
    send_attempt (self, task, NULL);
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
 * @progress_callback: (nullable) (scope notified): receives the progress the server reports
 * @progress_data: (closure progress_callback): data for @progress_callback, valid
 *   until @callback runs
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
 * server needs, up to 16.
 *
 * The call fails with [error@SessionError.URL_ELICITATION_REQUIRED] when
 * the server needs the user to complete URL elicitations first; get them
 * with [func@SessionError.get_elicitations], then offer to retry.
 *
 * Since: 1.0
 */
void
elicit_session_call_tool_async (ElicitSession          *self,
                                const char             *name,
                                JsonObject             *arguments,
                                ElicitProgressCallback  progress_callback,
                                gpointer                progress_data,
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
  rounds->method = g_strdup ("tools/call");
  rounds->params = g_steal_pointer (&params);
  rounds->progress = progress_callback;
  rounds->progress_data = progress_data;
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
