/* elicit-input-source.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-init-private.h"
#include "elicit-input-source-private.h"
#include "elicit-request-private.h"
#include "elicit-session-private.h"
#include "elicit-task-store-private.h"
#include "elicit-text-private.h"

/**
 * ElicitInputSource:
 *
 * The one place that turns "the server wants input" into an
 * [class@Request]: every way a server can ask its user something arrives
 * here, and leaves as a request that a dialog or a prompt queue answers
 * without ever learning where it came from.
 *
 * The sources it knows:
 *
 * - an `elicitation/create` request through its [class@Peer]: the request's
 *   answer goes back as the reply, exactly once; `notifications/cancelled`
 *   withdraws it, and `notifications/elicitation/complete` completes an
 *   accepted URL request;
 * - the URL elicitations of a -32042 error ([method@InputSource.take_url_required]):
 *   answering one sends nothing, the server's completion notice completes it;
 * - the `inputRequests` of a 2026-07-28 `InputRequiredResult`
 *   ([method@InputSource.answer_async]): every elicitation in it becomes a
 *   request, and their answers come back together as the `inputResponses`
 *   of the retry, keyed as the server asked.
 *
 * A server may keep at most 64 requests open at once; more are refused at
 * once with the error [const@REQUEST_REFUSED_CODE], so a flood grows
 * neither memory nor windows. When the
 * peer closes, every open request is withdrawn with the reason.
 *
 * Since: 1.0
 */

/* How many elicitations may wait for the user at once. */
#define MAX_OPEN_REQUESTS 64
/* Input kinds a client may be asked for in an InputRequiredResult that
 * Elicit does not offer (it declares no such capability). */
static const char * const unoffered_methods[] = {
  "sampling/createMessage",
  "roots/list",
};

/* How many answered ids and elicitation ids are remembered, so that late
 * notifications about them are still recognised as ours. */
#define MAX_REMEMBERED 1024

struct _ElicitInputSource
{
  GObject     parent_instance;

  ElicitPeer *peer;
  GWeakRef    session;
  /* task-augmented elicitation/create (2025-11-25) */
  ElicitTaskStore *tasks;

  /* JsonNode id → ElicitRequest (unowned), while the server waits for it */
  GHashTable *pending;
  /* elicitationId → ElicitRequest (unowned), while open */
  GHashTable *url_requests;
  /* every request alive, watched with a weak reference */
  GPtrArray  *watched;
  /* request ids (JsonNode) and elicitation ids seen, oldest first, so
   * claims_notification knows them after they were answered */
  GQueue      id_order;
  GHashTable *ids;
  GQueue      elicitation_order;
  GHashTable *elicitation_ids;
};

typedef struct
{
  GWeakRef  peer;
  JsonNode *id;
} Responder;

enum {
  PROP_0,
  PROP_PEER,
  N_PROPS
};

enum {
  REQUEST,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitInputSource, elicit_input_source, G_TYPE_OBJECT)


static gboolean
remove_if_value (gpointer key,
                 gpointer value,
                 gpointer user_data)
{
  return value == user_data;
}

/* Adds @key to the set @seen, which owns it, forgetting the oldest past
 * the cap; @order holds the same keys, oldest first. */
static void
remember (GHashTable *seen,
          GQueue     *order,
          gpointer    key)
{
  if (!g_hash_table_add (seen, key))
    return;

  g_queue_push_tail (order, key);
  if (g_queue_get_length (order) > MAX_REMEMBERED)
    g_hash_table_remove (seen, g_queue_pop_head (order));
}

/* Watching requests ------------------------------------------------------------- */

static void
request_finalized_cb (gpointer  data,
                      GObject  *where_the_object_was)
{
  ElicitInputSource *self = data;

  g_hash_table_foreach_remove (self->pending, remove_if_value, where_the_object_was);
  g_hash_table_foreach_remove (self->url_requests, remove_if_value, where_the_object_was);
  g_ptr_array_remove_fast (self->watched, where_the_object_was);
}

static void
watch (ElicitInputSource *self,
       ElicitRequest     *request)
{
  g_autoptr(ElicitSession) session = g_weak_ref_get (&self->session);

  if (session != NULL)
    elicit_request_set_session (request, session);

  g_object_weak_ref (G_OBJECT (request), request_finalized_cb, self);
  g_ptr_array_add (self->watched, request);

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL &&
      elicit_request_get_elicitation_id (request) != NULL)
    {
      const char *elicitation_id = elicit_request_get_elicitation_id (request);

      /* A newer elicitation with the same id replaces the older one. */
      g_hash_table_replace (self->url_requests, g_strdup (elicitation_id), request);
      remember (self->elicitation_ids, &self->elicitation_order, g_strdup (elicitation_id));
    }
}

/* elicitation/create ------------------------------------------------------------ */

/* Answered: the server no longer waits, and it no longer counts as open. */
static void
request_state_cb (ElicitRequest     *request,
                  GParamSpec        *pspec,
                  ElicitInputSource *self)
{
  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    return;

  g_signal_handlers_disconnect_by_func (request, request_state_cb, self);
  g_hash_table_foreach_remove (self->pending, remove_if_value, request);
}

static void
responder_free (gpointer data)
{
  Responder *responder = data;

  g_weak_ref_clear (&responder->peer);
  g_clear_pointer (&responder->id, json_node_unref);
  g_free (responder);
}

static void
respond_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       data)
{
  Responder *responder = data;
  g_autoptr(ElicitPeer) peer = g_weak_ref_get (&responder->peer);

  if (peer == NULL)
    return;

  if (result != NULL)
    elicit_peer_reply (peer, responder->id, result);
  else
    elicit_request_reply_refused (peer, responder->id);
}

/* The request for @params: read, or — over the prompt queue's limits —
 * an unread one that carries its refusal, so a flood costs no parsing.
 * NULL with @error for params that are invalid. */
static ElicitRequest *
admit_and_read (ElicitInputSource  *self,
                JsonObject         *params,
                GError            **error)
{
  g_autoptr(ElicitSession) session = g_weak_ref_get (&self->session);
  g_autoptr(JsonObject) empty = NULL;
  const char *refusal = NULL;
  gboolean decided;
  ElicitRequest *request;

  decided = session != NULL && elicit_session_admit (session, &refusal);
  if (refusal != NULL)
    {
      request = elicit_request_new_unread (session);
      elicit_request_set_refusal (request, refusal);
      return request;
    }

  request = elicit_request_new (params != NULL ? params : (empty = json_object_new ()), error);
  if (request != NULL && decided)
    elicit_request_set_admitted (request);

  return request;
}

static gboolean
elicitation_create_cb (ElicitPeer        *peer,
                       const char        *method,
                       JsonNode          *id,
                       JsonObject        *params,
                       JsonNode          *message,
                       ElicitInputSource *self)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(GError) error = NULL;
  Responder *responder;
  JsonNode *task;

  remember (self->ids, &self->id_order, json_node_copy (id));

  if (g_hash_table_size (self->pending) >= MAX_OPEN_REQUESTS)
    {
      g_debug ("too many elicitations waiting; refusing");
      elicit_request_reply_refused (peer, id);
      return TRUE;
    }

  request = admit_and_read (self, params, &error);
  if (request == NULL)
    {
      g_debug ("refusing an elicitation: %s", error->message);
      elicit_peer_reply_error (peer, id, ELICIT_SESSION_ERROR_INVALID_PARAMS, error->message);
      return TRUE;
    }

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL &&
      g_hash_table_contains (self->url_requests, elicit_request_get_elicitation_id (request)))
    {
      g_debug ("refusing an elicitation whose elicitationId is in use");
      elicit_peer_reply_error (peer, id, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                               _("“elicitationId” is already in use by another elicitation"));
      return TRUE;
    }

  watch (self, request);

  /* The server polls a task for the answer instead of waiting for it. */
  task = params != NULL ? json_object_get_member (params, "task") : NULL;
  if (task != NULL && JSON_NODE_HOLDS_OBJECT (task))
    elicit_task_store_add (self->tasks, id, json_node_get_object (task), request);
  else
    {
      responder = g_new0 (Responder, 1);
      g_weak_ref_init (&responder->peer, peer);
      responder->id = json_node_copy (id);
      elicit_request_set_responder (request, respond_cb, responder, responder_free);
      g_hash_table_replace (self->pending, json_node_copy (id), request);
      g_signal_connect_object (request, "notify::state", G_CALLBACK (request_state_cb), self, 0);
    }

  /* If no handler keeps the request, dropping it here answers cancel. */
  g_signal_emit (self, signals[REQUEST], 0, request);

  return TRUE;
}

/* What the server says about its requests ------------------------------------- */

static void
request_cancelled_cb (ElicitPeer        *peer,
                      JsonNode          *id,
                      const char        *reason,
                      ElicitInputSource *self)
{
  ElicitRequest *request = g_hash_table_lookup (self->pending, id);

  if (request == NULL)
    return;

  g_object_ref (request);
  g_hash_table_remove (self->pending, id);
  g_hash_table_foreach_remove (self->url_requests, remove_if_value, request);
  elicit_request_withdraw (request, reason != NULL && *reason != '\0'
                                    ? reason : _("The server cancelled the request"));
  g_object_unref (request);
}

/* A completion that came before the user opened the page: it applies the
 * moment they accept (the page may already say "done"), and is forgotten
 * if they decline. */
static void
early_completion_state_cb (ElicitRequest     *request,
                           GParamSpec        *pspec,
                           ElicitInputSource *self)
{
  ElicitRequestState state = elicit_request_get_state (request);

  if (state == ELICIT_REQUEST_STATE_PENDING)
    return;

  g_signal_handlers_disconnect_by_func (request, early_completion_state_cb, self);
  if (state != ELICIT_REQUEST_STATE_ACCEPTED)
    return;

  g_hash_table_foreach_remove (self->url_requests, remove_if_value, request);
  elicit_request_complete (request);
}

static void
complete_cb (ElicitPeer     *peer,
             const char     *method,
             ElicitIncoming *message,
             gpointer        user_data)
{
  ElicitInputSource *self = user_data;
  JsonObject *params = elicit_json_object_get_object (
    json_node_get_object (elicit_incoming_get_node (message)), "params");
  const char *elicitation_id = elicit_json_object_get_string (params, "elicitationId");
  ElicitRequest *request;

  request = elicitation_id ? g_hash_table_lookup (self->url_requests, elicitation_id) : NULL;
  if (request == NULL)
    {
      g_debug ("ignoring a completion for an unknown elicitation");
      return;
    }

  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    {
      g_debug ("keeping a completion until the user accepts");
      g_signal_handlers_disconnect_by_func (request, early_completion_state_cb, self);
      g_signal_connect_object (request, "notify::state", G_CALLBACK (early_completion_state_cb),
                               self, 0);
      return;
    }

  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_ACCEPTED)
    {
      g_debug ("ignoring a completion for an elicitation the user did not accept");
      return;
    }

  g_object_ref (request);
  g_hash_table_remove (self->url_requests, elicitation_id);
  elicit_request_complete (request);
  g_object_unref (request);
}

static void
closed_cb (ElicitPeer        *peer,
           const GError      *error,
           ElicitInputSource *self)
{
  elicit_input_source_withdraw_all (self, error->message);
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_input_source_constructed (GObject *object)
{
  ElicitInputSource *self = ELICIT_INPUT_SOURCE (object);

  G_OBJECT_CLASS (elicit_input_source_parent_class)->constructed (object);

  g_assert (ELICIT_IS_PEER (self->peer));

  g_signal_connect_object (self->peer, "handle-request::elicitation/create",
                           G_CALLBACK (elicitation_create_cb), self, 0);
  self->tasks = elicit_task_store_new (self->peer);
  g_signal_connect_object (self->peer, "request-cancelled",
                           G_CALLBACK (request_cancelled_cb), self, 0);
  /* Not a ::notification handler: with none, the peer reads a flood of log
   * lines without asking GObject about each one's detail. */
  elicit_peer_add_notification_func (self->peer, "notifications/elicitation/complete",
                                     complete_cb, self);
  /* After the owner's handlers: a session marks itself closed first, so
   * the requests' dialogs can say the server disconnected. */
  g_signal_connect_object (self->peer, "closed", G_CALLBACK (closed_cb), self, G_CONNECT_AFTER);
}

static void
elicit_input_source_dispose (GObject *object)
{
  ElicitInputSource *self = ELICIT_INPUT_SOURCE (object);

  while (self->watched->len > 0)
    {
      GObject *request = g_ptr_array_steal_index_fast (self->watched, self->watched->len - 1);

      g_object_weak_unref (request, request_finalized_cb, self);
    }
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->url_requests);

  g_clear_pointer (&self->tasks, elicit_task_store_free);
  if (self->peer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->peer, self);
      elicit_peer_remove_notification_funcs (self->peer, self);
    }
  g_clear_object (&self->peer);

  G_OBJECT_CLASS (elicit_input_source_parent_class)->dispose (object);
}

static void
elicit_input_source_finalize (GObject *object)
{
  ElicitInputSource *self = ELICIT_INPUT_SOURCE (object);

  g_weak_ref_clear (&self->session);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->url_requests, g_hash_table_unref);
  g_clear_pointer (&self->watched, g_ptr_array_unref);
  g_queue_clear (&self->id_order);
  g_queue_clear (&self->elicitation_order);
  g_clear_pointer (&self->ids, g_hash_table_unref);
  g_clear_pointer (&self->elicitation_ids, g_hash_table_unref);

  G_OBJECT_CLASS (elicit_input_source_parent_class)->finalize (object);
}

static void
elicit_input_source_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ElicitInputSource *self = ELICIT_INPUT_SOURCE (object);

  switch (prop_id)
    {
    case PROP_PEER:
      g_value_set_object (value, self->peer);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_input_source_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ElicitInputSource *self = ELICIT_INPUT_SOURCE (object);

  switch (prop_id)
    {
    case PROP_PEER:
      self->peer = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_input_source_class_init (ElicitInputSourceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = elicit_input_source_constructed;
  object_class->dispose = elicit_input_source_dispose;
  object_class->finalize = elicit_input_source_finalize;
  object_class->get_property = elicit_input_source_get_property;
  object_class->set_property = elicit_input_source_set_property;

  /**
   * ElicitInputSource:peer:
   *
   * The peer whose requests for input the source turns into [class@Request]s.
   *
   * Since: 1.0
   */
  properties[PROP_PEER] =
    g_param_spec_object ("peer", NULL, NULL,
                         ELICIT_TYPE_PEER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitInputSource::request:
   * @self: the source
   * @request: the new request
   *
   * Emitted for each request for input the server makes. Keep a reference
   * to @request until it is answered: a request dropped unanswered is
   * answered `cancel`.
   *
   * Since: 1.0
   */
  signals[REQUEST] =
    g_signal_new ("request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1,
                  ELICIT_TYPE_REQUEST);

  elicit_ensure_i18n ();
}

static void
elicit_input_source_init (ElicitInputSource *self)
{
  g_weak_ref_init (&self->session, NULL);
  self->pending = g_hash_table_new_full (json_node_hash, json_node_equal,
                                         (GDestroyNotify) json_node_unref, NULL);
  self->url_requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->watched = g_ptr_array_new ();
  self->ids = g_hash_table_new_full (json_node_hash, json_node_equal,
                                     (GDestroyNotify) json_node_unref, NULL);
  self->elicitation_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* Public API ------------------------------------------------------------------- */

/**
 * elicit_input_source_new:
 * @peer: the peer to the server
 *
 * Creates the source of the requests for input that the server sends
 * through @peer. Connect to [signal@InputSource::request] before starting
 * the peer.
 *
 * Returns: (transfer full): a new source
 *
 * Since: 1.0
 */
ElicitInputSource *
elicit_input_source_new (ElicitPeer *peer)
{
  g_return_val_if_fail (ELICIT_IS_PEER (peer), NULL);

  return g_object_new (ELICIT_TYPE_INPUT_SOURCE, "peer", peer, NULL);
}

/**
 * elicit_input_source_get_peer:
 * @self: a source
 *
 * Gets the peer the requests come through.
 *
 * Returns: (transfer none): the peer
 *
 * Since: 1.0
 */
ElicitPeer *
elicit_input_source_get_peer (ElicitInputSource *self)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (self), NULL);

  return self->peer;
}

/**
 * elicit_input_source_get_n_open:
 * @self: a source
 *
 * Counts the requests the server still waits for.
 *
 * Returns: the number of unanswered requests
 *
 * Since: 1.0
 */
guint
elicit_input_source_get_n_open (ElicitInputSource *self)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (self), 0);

  return g_hash_table_size (self->pending);
}

/**
 * elicit_input_source_take_url_required:
 * @self: a source
 * @data: (nullable): the `data` of a -32042 error
 *
 * Turns the URL elicitations a -32042 error lists into requests. Answering
 * one sends nothing (the server asked through an error, not a request); the
 * server's completion notice completes it. Entries that are not valid URL
 * elicitations are left out, and at most 64 are taken.
 *
 * Returns: (transfer full) (element-type ElicitRequest): the requests
 *
 * Since: 1.0
 */
GPtrArray *
elicit_input_source_take_url_required (ElicitInputSource *self,
                                       JsonNode          *data)
{
  GPtrArray *requests = g_ptr_array_new_with_free_func (g_object_unref);
  JsonObject *object = data && JSON_NODE_HOLDS_OBJECT (data) ? json_node_get_object (data) : NULL;
  JsonNode *list = object ? json_object_get_member (object, "elicitations") : NULL;
  JsonArray *array = list && JSON_NODE_HOLDS_ARRAY (list) ? json_node_get_array (list) : NULL;

  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (self), requests);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autoptr(ElicitRequest) request = NULL;
      g_autoptr(GError) error = NULL;

      if (requests->len >= MAX_OPEN_REQUESTS)
        break;

      if (JSON_NODE_HOLDS_OBJECT (node))
        request = elicit_request_new (json_node_get_object (node), &error);

      if (request == NULL || elicit_request_get_mode (request) != ELICIT_REQUEST_MODE_URL)
        {
          g_debug ("ignoring an invalid URL elicitation in a -32042 error: %s",
                   error ? error->message : "not a URL elicitation");
          continue;
        }

      watch (self, request);
      g_ptr_array_add (requests, g_steal_pointer (&request));
    }

  return requests;
}

/* Multi-round-trip input (2026-07-28) ------------------------------------------- */

typedef struct
{
  JsonObject *responses;   /* key → ElicitResult */
  GPtrArray  *requests;    /* the round's requests, held until it ends */
  guint       pending;
  gboolean    done;
  GSource    *cancel_source;
} Round;

typedef struct
{
  GTask *task;
  char  *key;
} RoundResponder;

static void
round_free (gpointer data)
{
  Round *round = data;

  g_clear_pointer (&round->responses, json_object_unref);
  g_clear_pointer (&round->requests, g_ptr_array_unref);
  if (round->cancel_source != NULL)
    g_source_destroy (round->cancel_source);
  g_clear_pointer (&round->cancel_source, g_source_unref);
  g_free (round);
}

static void
round_stop_watching (Round *round)
{
  if (round->cancel_source != NULL)
    g_source_destroy (round->cancel_source);
  g_clear_pointer (&round->cancel_source, g_source_unref);
}

static void
round_responder_free (gpointer data)
{
  RoundResponder *responder = data;

  g_clear_object (&responder->task);
  g_free (responder->key);
  g_free (responder);
}

static void
round_withdraw (Round      *round,
                const char *reason)
{
  g_autoptr(GPtrArray) requests = g_steal_pointer (&round->requests);

  for (guint i = 0; requests != NULL && i < requests->len; i++)
    elicit_request_withdraw (g_ptr_array_index (requests, i), reason);
}

static void
round_fail (GTask  *task,
            GError *error)
{
  Round *round = g_task_get_task_data (task);

  /* Not g_task_had_error(): it is TRUE as soon as the cancellable is. */
  if (round->done)
    {
      g_error_free (error);
      return;
    }

  round->done = TRUE;
  round_stop_watching (round);
  round_withdraw (round, error->message);
  g_task_return_error (task, error);
}

static void
round_respond_cb (ElicitRequest *request,
                  JsonObject    *result,
                  gpointer       data)
{
  RoundResponder *responder = data;
  GTask *task = responder->task;
  Round *round = g_task_get_task_data (task);

  if (round->done)
    return;

  /* Refused before the user saw it (a flood): a retry cannot carry an
   * error, so the entry is left out, never answered as a person would. */
  if (result != NULL)
    json_object_set_object_member (round->responses, responder->key, json_object_ref (result));

  /* No completion notice follows in this revision: the retry tells. */
  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL)
    elicit_request_complete (request);

  if (--round->pending > 0)
    return;

  round->done = TRUE;
  round_stop_watching (round);
  g_clear_pointer (&round->requests, g_ptr_array_unref);
  g_task_return_pointer (task, json_object_ref (round->responses),
                         (GDestroyNotify) json_object_unref);
}

static void
round_request_withdrawn_cb (ElicitRequest *request,
                            const char    *reason,
                            GTask         *task)
{
  round_fail (task, g_error_new (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                                 "%s", reason));
}

static gboolean
round_cancelled_cb (GCancellable *cancellable,
                    gpointer      data)
{
  g_autoptr(GTask) task = g_object_ref (data);

  round_fail (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                         _("The call was cancelled")));

  return G_SOURCE_REMOVE;
}

/* The request one `inputRequests` entry asks for, or NULL with the reason. */
static ElicitRequest *
request_from_entry (const char  *key,
                    JsonNode    *entry,
                    GError     **error)
{
  g_autofree char *shown = elicit_text_sanitize_line (key, 80);
  g_autoptr(GError) local_error = NULL;
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (entry) ? json_node_get_object (entry) : NULL;
  const char *method = elicit_json_object_get_string (object, "method");
  JsonNode *params = object ? json_object_get_member (object, "params") : NULL;
  ElicitRequest *request;

  if (method == NULL || params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   _("The server’s input request “%s” is not a request with parameters"), shown);
      return NULL;
    }

  if (!g_str_equal (method, "elicitation/create"))
    {
      g_autofree char *shown_method = elicit_text_sanitize_line (method, 80);
      gboolean known = g_strv_contains (unoffered_methods, method);

      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   known ? _("The server asked for “%s”, which this client does not offer "
                             "(it declared no such capability)")
                         : _("The server asked for “%s”, which is no kind of input MCP knows"),
                   shown_method);
      return NULL;
    }

  request = elicit_request_new_for_revision (json_node_get_object (params), FALSE, &local_error);
  if (request == NULL)
    g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                 _("The server’s input request “%s” is invalid: %s"), shown, local_error->message);

  return request;
}

/* Makes the round's requests, or fails @task and returns FALSE. */
static gboolean
round_add_requests (ElicitInputSource *self,
                    GTask             *task,
                    JsonObject        *input_requests)
{
  Round *round = g_task_get_task_data (task);
  g_autoptr(GList) keys = json_object_get_members (input_requests);
  GError *error = NULL;

  if (g_list_length (keys) > MAX_OPEN_REQUESTS)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server asked for %u inputs at once; at most %u are answered"),
                               g_list_length (keys), MAX_OPEN_REQUESTS);
      return FALSE;
    }

  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonNode *entry = json_object_get_member (input_requests, l->data);
      ElicitRequest *request = request_from_entry (l->data, entry, &error);
      RoundResponder *responder;

      if (request == NULL)
        {
          g_task_return_error (task, error);
          return FALSE;
        }

      responder = g_new0 (RoundResponder, 1);
      responder->task = g_object_ref (task);
      responder->key = g_strdup (l->data);
      elicit_request_set_responder (request, round_respond_cb, responder, round_responder_free);
      g_signal_connect_object (request, "withdrawn", G_CALLBACK (round_request_withdrawn_cb),
                               task, 0);
      g_ptr_array_add (round->requests, request);
      watch (self, request);
    }

  round->pending = round->requests->len;

  return TRUE;
}

/**
 * elicit_input_source_answer_async:
 * @self: a source
 * @input_requests: (nullable): the `inputRequests` of an `InputRequiredResult`
 * @cancellable: (nullable): a cancellable; cancelling withdraws the round's requests
 * @callback: called with the answers
 * @user_data: data for @callback
 *
 * Asks the user for what a 2026-07-28 server needs before it can finish a
 * request: every `elicitation/create` in @input_requests becomes an
 * [class@Request], emitted through [signal@InputSource::request] like any
 * other, and the answers come back together, keyed exactly as asked, once
 * every one is answered. A URL request needs no `elicitationId`; once
 * accepted it is complete, since the retry tells the outcome.
 *
 * Fails with [error@SessionError.INVALID_RESPONSE], saying why, for an
 * entry that is not a request, for a kind of input Elicit does not offer
 * (sampling, roots: it declares no such capability), for an invalid
 * elicitation, or for more than 64 entries; with
 * [error@SessionError.CLOSED] when a request is withdrawn (the server went
 * away).
 *
 * Since: 1.0
 */
void
elicit_input_source_answer_async (ElicitInputSource   *self,
                                  JsonObject          *input_requests,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Round *round;

  g_return_if_fail (ELICIT_IS_INPUT_SOURCE (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_input_source_answer_async);
  round = g_new0 (Round, 1);
  round->responses = json_object_new ();
  round->requests = g_ptr_array_new_with_free_func (g_object_unref);
  g_task_set_task_data (task, round, round_free);

  if (input_requests == NULL || json_object_get_size (input_requests) == 0)
    {
      g_task_return_pointer (task, json_object_new (), (GDestroyNotify) json_object_unref);
      return;
    }

  if (!round_add_requests (self, task, input_requests))
    return;

  if (cancellable != NULL)
    {
      round->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (round->cancel_source, G_SOURCE_FUNC (round_cancelled_cb), task, NULL);
      g_source_set_static_name (round->cancel_source, "[elicit] input round cancelled");
      g_source_attach (round->cancel_source, g_main_context_get_thread_default ());
    }

  for (guint i = 0; round->requests != NULL && i < round->requests->len; i++)
    g_signal_emit (self, signals[REQUEST], 0, g_ptr_array_index (round->requests, i));
}

/**
 * elicit_input_source_answer_finish:
 * @self: a source
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@InputSource.answer_async].
 *
 * Returns: (transfer full): the `inputResponses` for the retry, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
elicit_input_source_answer_finish (ElicitInputSource  *self,
                                   GAsyncResult       *result,
                                   GError            **error)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * elicit_input_source_claims_notification:
 * @self: a source
 * @method: a notification's method
 * @params: (nullable): its parameters
 *
 * Tells whether a notification is about a request this source turned into
 * an [class@Request], open or answered: `notifications/cancelled` naming its
 * id, or `notifications/elicitation/complete` naming its elicitation. A
 * proxy that answers the server's requests itself consumes those instead of
 * passing them to a client that never saw the request.
 *
 * Returns: %TRUE if the notification is about one of the source's requests
 *
 * Since: 1.0
 */
gboolean
elicit_input_source_claims_notification (ElicitInputSource *self,
                                         const char        *method,
                                         JsonObject        *params)
{
  JsonNode *id;
  const char *elicitation_id;

  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (self), FALSE);
  g_return_val_if_fail (method != NULL, FALSE);

  if (g_str_equal (method, "notifications/cancelled"))
    {
      id = params ? json_object_get_member (params, "requestId") : NULL;
      return id != NULL && JSON_NODE_HOLDS_VALUE (id) && g_hash_table_contains (self->ids, id);
    }

  if (g_str_equal (method, "notifications/elicitation/complete"))
    {
      elicitation_id = elicit_json_object_get_string (params, "elicitationId");
      return elicitation_id != NULL && g_hash_table_contains (self->elicitation_ids, elicitation_id);
    }

  return FALSE;
}

/**
 * elicit_input_source_withdraw_all:
 * @self: a source
 * @reason: why, in words for the user
 *
 * Withdraws every open request: the server went away.
 *
 * Since: 1.0
 */
void
elicit_input_source_withdraw_all (ElicitInputSource *self,
                                  const char        *reason)
{
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (ELICIT_IS_INPUT_SOURCE (self));
  g_return_if_fail (reason != NULL);

  for (guint i = 0; i < self->watched->len; i++)
    g_ptr_array_add (requests, g_object_ref (g_ptr_array_index (self->watched, i)));

  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->url_requests);

  for (guint i = 0; i < requests->len; i++)
    elicit_request_withdraw (g_ptr_array_index (requests, i), reason);
}

void
elicit_input_source_set_session (ElicitInputSource *self,
                                 ElicitSession     *session)
{
  g_return_if_fail (ELICIT_IS_INPUT_SOURCE (self));

  g_weak_ref_set (&self->session, session);
}
