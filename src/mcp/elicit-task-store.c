/* elicit-task-store.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The client's side of task-augmented elicitation (2025-11-25): a server
 * may send `elicitation/create` with a `task` parameter and poll for the
 * user's answer instead of waiting on the request. The store answers such
 * a request at once with its task, says `input_required` while the user
 * decides, and answers `tasks/get`, `tasks/result` (held until the user
 * answered), `tasks/cancel` and `tasks/list` for it. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-request-private.h"
#include "elicit-task-store-private.h"

/* Finished tasks kept for tasks/result, oldest dropped first. */
#define MAX_TASKS 64
#define POLL_INTERVAL 1000

typedef struct
{
  ElicitTaskStore *store;
  char            *task_id;
  ElicitRequest   *request;
  char            *status;
  JsonObject      *result;
  GDateTime       *created;
  GDateTime       *updated;
  JsonNode        *ttl;
  GPtrArray       *waiting;   /* JsonNode ids of tasks/result held */
} ClientTask;

struct _ElicitTaskStore
{
  ElicitPeer *peer;
  GHashTable *tasks;          /* task id → ClientTask */
  GQueue      order;          /* task ids, oldest first */
  gulong      handlers[4];
};

static void
client_task_free (gpointer data)
{
  ClientTask *task = data;

  /* Nothing may answer through a task that is gone. */
  g_signal_handlers_disconnect_by_data (task->request, task);
  if (elicit_request_get_state (task->request) == ELICIT_REQUEST_STATE_PENDING)
    elicit_request_withdraw (task->request, _("The connection is closed"));
  g_clear_object (&task->request);
  g_free (task->task_id);
  g_free (task->status);
  g_clear_pointer (&task->result, json_object_unref);
  g_clear_pointer (&task->created, g_date_time_unref);
  g_clear_pointer (&task->updated, g_date_time_unref);
  g_clear_pointer (&task->ttl, json_node_unref);
  g_clear_pointer (&task->waiting, g_ptr_array_unref);
  g_free (task);
}

static gboolean
is_terminal (ClientTask *task)
{
  return g_str_equal (task->status, "completed") || g_str_equal (task->status, "cancelled") ||
         g_str_equal (task->status, "failed");
}

static JsonObject *
describe (ClientTask *task)
{
  JsonObject *object = json_object_new ();
  g_autofree char *created = g_date_time_format_iso8601 (task->created);
  g_autofree char *updated = g_date_time_format_iso8601 (task->updated);

  json_object_set_string_member (object, "taskId", task->task_id);
  json_object_set_string_member (object, "status", task->status);
  json_object_set_string_member (object, "createdAt", created);
  json_object_set_string_member (object, "lastUpdatedAt", updated);
  json_object_set_member (object, "ttl", task->ttl ? json_node_copy (task->ttl)
                                                  : json_node_init_null (json_node_alloc ()));
  json_object_set_int_member (object, "pollInterval", POLL_INTERVAL);

  return object;
}

static void
set_status (ClientTask *task,
            const char *status)
{
  g_free (task->status);
  task->status = g_strdup (status);
  g_clear_pointer (&task->updated, g_date_time_unref);
  task->updated = g_date_time_new_now_utc ();
}

/* tasks/result: the request's own answer, tagged with its task. */
static void
reply_result (ClientTask *task,
              JsonNode   *id)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *meta;
  JsonObject *related;

  if (task->result == NULL)
    {
      elicit_request_reply_refused (task->store->peer, id);
      return;
    }

  result = json_object_new ();
  members = json_object_get_members (task->result);
  meta = json_object_new ();
  related = json_object_new ();

  for (GList *l = members; l != NULL; l = l->next)
    json_object_set_member (result, l->data,
                            json_node_copy (json_object_get_member (task->result, l->data)));
  json_object_set_string_member (related, "taskId", task->task_id);
  json_object_set_object_member (meta, "io.modelcontextprotocol/related-task", related);
  json_object_set_object_member (result, "_meta", meta);

  elicit_peer_reply (task->store->peer, id, result);
}

static void
finish_task (ClientTask *task,
             const char *status,
             JsonObject *result)
{
  set_status (task, status);
  g_clear_pointer (&task->result, json_object_unref);
  task->result = result != NULL ? json_object_ref (result) : NULL;

  for (guint i = 0; i < task->waiting->len; i++)
    reply_result (task, g_ptr_array_index (task->waiting, i));
  g_ptr_array_set_size (task->waiting, 0);
}

static void
respond_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       data)
{
  ClientTask *task = data;

  /* Refused unseen (a flood): the task fails, and its result is the error. */
  if (result == NULL)
    finish_task (task, "failed", NULL);
  else
    finish_task (task, "completed", result);
}

static void
withdrawn_cb (ElicitRequest *request,
              const char    *reason,
              ClientTask    *task)
{
  g_autoptr(JsonObject) cancel = json_object_new ();

  if (is_terminal (task))
    return;

  json_object_set_string_member (cancel, "action", "cancel");
  finish_task (task, "cancelled", cancel);
}

/* One of ours, or NULL: then the request is not taken (a proxy passes on
 * what is about its client's tasks). */
static ClientTask *
find_task (ElicitTaskStore *self,
           JsonObject      *params)
{
  const char *task_id = elicit_json_object_get_string (params, "taskId");

  if (task_id == NULL)
    return NULL;

  return g_hash_table_lookup (self->tasks, task_id);
}

static gboolean
tasks_get_cb (ElicitPeer      *peer,
              const char      *method,
              JsonNode        *id,
              JsonObject      *params,
              JsonNode        *message,
              ElicitTaskStore *self)
{
  ClientTask *task = find_task (self, params);
  g_autoptr(JsonObject) described = NULL;

  if (task == NULL)
    return FALSE;

  described = describe (task);
  elicit_peer_reply (peer, id, described);

  return TRUE;
}

static gboolean
tasks_result_cb (ElicitPeer      *peer,
                 const char      *method,
                 JsonNode        *id,
                 JsonObject      *params,
                 JsonNode        *message,
                 ElicitTaskStore *self)
{
  ClientTask *task = find_task (self, params);

  if (task == NULL)
    return FALSE;

  /* Held until the user answered, as the specification asks. */
  if (is_terminal (task))
    reply_result (task, id);
  else if (task->waiting->len < MAX_TASKS)
    g_ptr_array_add (task->waiting, json_node_copy (id));
  else
    elicit_peer_reply_error (peer, id, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                             _("Too many requests wait for this task"));

  return TRUE;
}

static gboolean
tasks_cancel_cb (ElicitPeer      *peer,
                 const char      *method,
                 JsonNode        *id,
                 JsonObject      *params,
                 JsonNode        *message,
                 ElicitTaskStore *self)
{
  ClientTask *task = find_task (self, params);
  g_autoptr(JsonObject) described = NULL;

  if (task == NULL)
    return FALSE;

  if (is_terminal (task))
    {
      elicit_peer_reply_error (peer, id, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                               _("The task has already finished"));
      return TRUE;
    }

  /* Withdrawing it ends the task as cancelled (withdrawn_cb). */
  elicit_request_withdraw (task->request, _("The server cancelled the request"));
  described = describe (task);
  elicit_peer_reply (peer, id, described);

  return TRUE;
}

static gboolean
tasks_list_cb (ElicitPeer      *peer,
               const char      *method,
               JsonNode        *id,
               JsonObject      *params,
               JsonNode        *message,
               ElicitTaskStore *self)
{
  g_autoptr(JsonObject) result = json_object_new ();
  JsonArray *tasks;

  /* With none of ours, the list is someone else's to give. */
  if (g_queue_is_empty (&self->order))
    return FALSE;

  tasks = json_array_new ();
  for (GList *l = self->order.head; l != NULL; l = l->next)
    json_array_add_object_element (tasks, describe (g_hash_table_lookup (self->tasks, l->data)));
  json_object_set_array_member (result, "tasks", tasks);
  elicit_peer_reply (peer, id, result);

  return TRUE;
}

ElicitTaskStore *
elicit_task_store_new (ElicitPeer *peer)
{
  ElicitTaskStore *self = g_new0 (ElicitTaskStore, 1);

  self->peer = g_object_ref (peer);
  self->tasks = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, client_task_free);
  self->handlers[0] = g_signal_connect (peer, "handle-request::tasks/get",
                                        G_CALLBACK (tasks_get_cb), self);
  self->handlers[1] = g_signal_connect (peer, "handle-request::tasks/result",
                                        G_CALLBACK (tasks_result_cb), self);
  self->handlers[2] = g_signal_connect (peer, "handle-request::tasks/cancel",
                                        G_CALLBACK (tasks_cancel_cb), self);
  self->handlers[3] = g_signal_connect (peer, "handle-request::tasks/list",
                                        G_CALLBACK (tasks_list_cb), self);

  return self;
}

void
elicit_task_store_free (ElicitTaskStore *self)
{
  /* A disposed peer has dropped its handlers already. */
  for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
    if (g_signal_handler_is_connected (self->peer, self->handlers[i]))
      g_signal_handler_disconnect (self->peer, self->handlers[i]);
  g_hash_table_remove_all (self->tasks);
  g_queue_clear (&self->order);
  g_clear_pointer (&self->tasks, g_hash_table_unref);
  g_clear_object (&self->peer);
  g_free (self);
}

static void
forget_oldest (ElicitTaskStore *self)
{
  for (GList *l = self->order.head; l != NULL; l = l->next)
    {
      ClientTask *task = g_hash_table_lookup (self->tasks, l->data);

      if (is_terminal (task) && task->waiting->len == 0)
        {
          g_queue_delete_link (&self->order, l);
          g_hash_table_remove (self->tasks, task->task_id);
          return;
        }
    }
}

void
elicit_task_store_add (ElicitTaskStore *self,
                       JsonNode        *id,
                       JsonObject      *task_params,
                       ElicitRequest   *request)
{
  ClientTask *task = g_new0 (ClientTask, 1);
  g_autoptr(JsonObject) answer = json_object_new ();
  JsonNode *ttl = json_object_get_member (task_params, "ttl");

  if (g_queue_get_length (&self->order) >= MAX_TASKS)
    forget_oldest (self);

  task->store = self;
  task->task_id = g_uuid_string_random ();
  task->request = g_object_ref (request);
  task->status = g_strdup ("working");
  task->created = g_date_time_new_now_utc ();
  task->updated = g_date_time_ref (task->created);
  task->waiting = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  if (ttl != NULL && JSON_NODE_HOLDS_VALUE (ttl) && json_node_get_value_type (ttl) == G_TYPE_INT64)
    task->ttl = json_node_copy (ttl);

  g_hash_table_insert (self->tasks, task->task_id, task);
  g_queue_push_tail (&self->order, task->task_id);

  elicit_request_set_responder (request, respond_cb, task, NULL);
  g_signal_connect (request, "withdrawn", G_CALLBACK (withdrawn_cb), task);

  json_object_set_object_member (answer, "task", describe (task));
  elicit_peer_reply (self->peer, id, answer);

  /* From now on the user is asked. */
  set_status (task, "input_required");
}
