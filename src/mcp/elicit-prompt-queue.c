/* elicit-prompt-queue.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-prompt-queue-private.h"
#include "elicit-request-private.h"
#include "elicit-session-private.h"

/**
 * ElicitPromptQueue:
 *
 * Decides when each server's elicitation requests reach the user: one at a
 * time per server, in the order they arrived, and never more than the user
 * can handle.
 *
 * Give it the sessions to watch with [method@PromptQueue.add_session] (or
 * hand it requests yourself with [method@PromptQueue.push]) and show each
 * request when [signal@PromptQueue::prompt] says it is its turn, typically in
 * an `ElicitDialog`. When that request has been answered (or withdrawn), the
 * next one of the same server follows. Requests of different servers do not
 * wait for each other.
 *
 * A server cannot flood the user: the queue holds at most
 * [property@PromptQueue:max-pending] of its requests at once, the one shown
 * included, and lets it send [property@PromptQueue:burst] requests in quick
 * succession and then [property@PromptQueue:rate] per second (a token
 * bucket). Every request beyond that is answered at once with the JSON-RPC
 * error [const@REQUEST_REFUSED_CODE] and [const@REQUEST_REFUSED_MESSAGE],
 * without asking the user, and [signal@PromptQueue::refused] lets the
 * application say so, in words for the user. Memory stays
 * bounded however many requests arrive.
 *
 * A server that disconnects, or withdraws a request, takes its requests with
 * it: they become [enum@RequestState.WITHDRAWN], leave the queue, and
 * [signal@PromptQueue::withdrawn] is emitted for each.
 *
 * The queue is a [iface@Gio.ListModel] of the requests it holds, shown and
 * waiting, in the order they arrived.
 *
 * Since: 1.0
 */

typedef struct
{
  ElicitPromptQueue *queue;
  /* Weak: the record goes when the session does. NULL groups the
   * requests that came without a session. */
  ElicitSession     *session;
  /* Requests pushed with elicit_prompt_queue_push_from() group by their
   * origin instead (owned; NULL otherwise). */
  char              *origin;
  /* Owned references; the head is the request shown, or about to be. */
  GQueue             requests;
  double             tokens;
  gint64             refilled_at;
  guint              advance_source;
  gulong             elicitation_handler;
  gulong             closed_handler;
  guint              shown : 1;
} Server;

struct _ElicitPromptQueue
{
  GObject                 parent_instance;

  GHashTable             *servers;
  GHashTable             *origins;
  Server                 *sessionless;
  GPtrArray              *items;

  guint                   max_pending;
  guint                   burst;
  double                  rate;

  ElicitPromptQueueClock  clock;
  gpointer                clock_data;
};

enum {
  PROP_0,
  PROP_MAX_PENDING,
  PROP_BURST,
  PROP_RATE,
  N_PROPS
};

enum {
  PROMPT,
  REFUSED,
  WITHDRAWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitPromptQueue, elicit_prompt_queue, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static gint64
now (ElicitPromptQueue *self)
{
  if (self->clock != NULL)
    return self->clock (self->clock_data);

  return g_get_monotonic_time ();
}

/* Servers ---------------------------------------------------------------------- */

static void session_finalized_cb (gpointer data, GObject *where_the_object_was);
static void request_state_cb (ElicitRequest *request, GParamSpec *pspec, Server *server);

static Server *
server_new (ElicitPromptQueue *self,
            ElicitSession     *session)
{
  Server *server = g_new0 (Server, 1);

  server->queue = self;
  server->session = session;
  server->tokens = self->burst;
  server->refilled_at = now (self);
  g_queue_init (&server->requests);

  if (session != NULL)
    g_object_weak_ref (G_OBJECT (session), session_finalized_cb, server);

  return server;
}

static void
server_unwatch (Server *server)
{
  if (server->session == NULL)
    return;

  if (server->elicitation_handler != 0)
    elicit_session_set_admit_func (server->session, NULL, NULL);
  g_clear_signal_handler (&server->elicitation_handler, server->session);
  g_clear_signal_handler (&server->closed_handler, server->session);
}

/* Lets go of everything without answering: requests nobody else holds
 * answer `cancel` as they are finalized. */
static void
server_free (Server *server)
{
  ElicitRequest *request;

  g_clear_handle_id (&server->advance_source, g_source_remove);
  server_unwatch (server);

  if (server->session != NULL)
    g_object_weak_unref (G_OBJECT (server->session), session_finalized_cb, server);

  while ((request = g_queue_pop_head (&server->requests)) != NULL)
    {
      g_signal_handlers_disconnect_by_func (request, request_state_cb, server);
      g_object_unref (request);
    }

  g_free (server->origin);
  g_free (server);
}

static Server *
lookup_server (ElicitPromptQueue *self,
               ElicitSession     *session)
{
  if (session == NULL)
    return self->sessionless;

  return g_hash_table_lookup (self->servers, session);
}

static Server *
ensure_server (ElicitPromptQueue *self,
               ElicitSession     *session,
               const char        *origin)
{
  Server *server;

  if (session == NULL && origin != NULL)
    server = g_hash_table_lookup (self->origins, origin);
  else
    server = lookup_server (self, session);

  if (server != NULL)
    return server;

  server = server_new (self, session);
  if (session == NULL && origin != NULL)
    {
      server->origin = g_strdup (origin);
      g_hash_table_insert (self->origins, server->origin, server);
    }
  else if (session == NULL)
    self->sessionless = server;
  else
    g_hash_table_insert (self->servers, session, server);

  return server;
}

static guint cancel_server (Server *server);

/* The group @request was queued in: its session's, its origin's, or the
 * one of the requests without either. */
static Server *
server_for_request (ElicitPromptQueue *self,
                    ElicitRequest     *request)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (request);
  GHashTableIter iter;
  gpointer value;

  if (session != NULL)
    return lookup_server (self, session);

  g_hash_table_iter_init (&iter, self->origins);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_queue_find (&((Server *) value)->requests, request) != NULL)
      return value;

  return self->sessionless;
}

/* The group holding @request, or NULL if it is not in the queue. */
static Server *
group_holding (ElicitPromptQueue *self,
               ElicitRequest     *request)
{
  Server *server = server_for_request (self, request);

  if (server == NULL || g_queue_find (&server->requests, request) == NULL)
    return NULL;

  return server;
}

/* Requests --------------------------------------------------------------------- */

static void
show_head (Server *server)
{
  ElicitRequest *head = g_queue_peek_head (&server->requests);

  if (head == NULL || server->shown)
    return;

  server->shown = TRUE;
  g_signal_emit (server->queue, signals[PROMPT], 0, head);
}

/* The next request follows from an idle callback, so the dialog of the last
 * one is gone first, and a server that is going away has withdrawn all of
 * its requests before any of them is shown. */
static gboolean
advance_cb (gpointer data)
{
  Server *server = data;
  g_autoptr(ElicitPromptQueue) hold G_GNUC_UNUSED = g_object_ref (server->queue);

  server->advance_source = 0;
  show_head (server);

  return G_SOURCE_REMOVE;
}

static void
schedule_advance (Server *server)
{
  if (server->advance_source == 0 && !g_queue_is_empty (&server->requests))
    server->advance_source = g_idle_add_full (G_PRIORITY_DEFAULT, advance_cb, server, NULL);
}

static void
remove_item (ElicitPromptQueue *self,
             ElicitRequest     *request)
{
  guint position;

  if (g_ptr_array_find (self->items, request, &position))
    {
      g_ptr_array_remove_index (self->items, position);
      g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
    }
}

/* A request leaves the queue as soon as it is no longer pending: answered
 * (a URL request still waiting for its completion included: the next
 * request need not wait for a browser), refused or withdrawn. */
static void
request_state_cb (ElicitRequest *request,
                  GParamSpec    *pspec,
                  Server        *server)
{
  g_autoptr(ElicitPromptQueue) self = g_object_ref (server->queue);
  g_autoptr(ElicitRequest) owned = NULL;
  gboolean was_head;

  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    return;

  was_head = g_queue_peek_head (&server->requests) == request;
  if (!g_queue_remove (&server->requests, request))
    return;

  owned = request;
  g_signal_handlers_disconnect_by_func (request, request_state_cb, server);
  remove_item (self, request);

  if (was_head)
    {
      server->shown = FALSE;
      schedule_advance (server);
    }

  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_WITHDRAWN)
    g_signal_emit (self, signals[WITHDRAWN], 0, request);
}

static gboolean
take_token (ElicitPromptQueue *self,
            Server            *server)
{
  gint64 time = now (self);

  if (time > server->refilled_at)
    server->tokens += (time - server->refilled_at) / (double) G_USEC_PER_SEC * self->rate;
  server->tokens = MIN (server->tokens, (double) self->burst);
  server->refilled_at = time;

  if (server->tokens < 1.0)
    return FALSE;

  server->tokens -= 1.0;

  return TRUE;
}

static void
refuse (ElicitPromptQueue *self,
        ElicitRequest     *request,
        const char        *message)
{
  g_autoptr(ElicitRequest) hold G_GNUC_UNUSED = g_object_ref (request);

  g_debug ("refusing an elicitation: %s", message);
  elicit_request_refuse (request);
  g_signal_emit (self, signals[REFUSED], 0, request, message);
}

/* Why one more request from @server is refused (a token is spent when not). */
static const char *
over_limit (ElicitPromptQueue *self,
            Server            *server)
{
  if (server->requests.length >= self->max_pending)
    return _("Too many requests from this server are waiting for the user; this one was refused without asking");

  if (!take_token (self, server))
    return _("This server sends requests faster than the user can answer them; this one was refused without asking");

  return NULL;
}

/* Before the session reads an elicitation/create: a request over the limits
 * is refused before its schema is parsed (a flood of large schemas costs
 * the parsing of none). It comes to push() unread, with this refusal. */
static const char *
admit_cb (ElicitSession *session,
          gpointer       data)
{
  Server *server = data;

  return over_limit (server->queue, server);
}

static void
withdraw_server (Server     *server,
                 const char *reason)
{
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = server->requests.head; l != NULL; l = l->next)
    g_ptr_array_add (requests, g_object_ref (l->data));

  /* Waiting requests first: withdrawing the one shown would bring the next
   * one forward. */
  for (guint i = requests->len; i > 0; i--)
    elicit_request_withdraw (g_ptr_array_index (requests, i - 1), reason);
}

static void
session_finalized_cb (gpointer  data,
                      GObject  *where_the_object_was)
{
  Server *server = data;
  ElicitPromptQueue *self = server->queue;

  g_hash_table_steal (self->servers, where_the_object_was);

  /* Its handlers went with it. */
  server->elicitation_handler = 0;
  server->closed_handler = 0;
  server->session = NULL;

  withdraw_server (server, _("The connection to the server closed"));
  server_free (server);
}

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Server        *server)
{
  elicit_prompt_queue_push (server->queue, request);
}

/* The session withdrew its requests already; this catches any it no longer
 * knew about. */
static void
closed_cb (ElicitSession *session,
           const GError  *error,
           Server        *server)
{
  withdraw_server (server, error != NULL ? error->message : _("The connection to the server closed"));
}

/* GListModel ------------------------------------------------------------------- */

static GType
get_item_type (GListModel *model)
{
  return ELICIT_TYPE_REQUEST;
}

static guint
get_n_items (GListModel *model)
{
  return ELICIT_PROMPT_QUEUE (model)->items->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  ElicitPromptQueue *self = ELICIT_PROMPT_QUEUE (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_prompt_queue_dispose (GObject *object)
{
  ElicitPromptQueue *self = ELICIT_PROMPT_QUEUE (object);

  g_ptr_array_set_size (self->items, 0);
  g_hash_table_remove_all (self->servers);
  g_hash_table_remove_all (self->origins);
  g_clear_pointer (&self->sessionless, server_free);

  G_OBJECT_CLASS (elicit_prompt_queue_parent_class)->dispose (object);
}

static void
elicit_prompt_queue_finalize (GObject *object)
{
  ElicitPromptQueue *self = ELICIT_PROMPT_QUEUE (object);

  g_clear_pointer (&self->servers, g_hash_table_unref);
  g_clear_pointer (&self->origins, g_hash_table_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_prompt_queue_parent_class)->finalize (object);
}

static void
elicit_prompt_queue_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ElicitPromptQueue *self = ELICIT_PROMPT_QUEUE (object);

  switch (prop_id)
    {
    case PROP_MAX_PENDING:
      g_value_set_uint (value, elicit_prompt_queue_get_max_pending (self));
      break;

    case PROP_BURST:
      g_value_set_uint (value, elicit_prompt_queue_get_burst (self));
      break;

    case PROP_RATE:
      g_value_set_double (value, elicit_prompt_queue_get_rate (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_prompt_queue_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  ElicitPromptQueue *self = ELICIT_PROMPT_QUEUE (object);

  switch (prop_id)
    {
    case PROP_MAX_PENDING:
      elicit_prompt_queue_set_max_pending (self, g_value_get_uint (value));
      break;

    case PROP_BURST:
      elicit_prompt_queue_set_burst (self, g_value_get_uint (value));
      break;

    case PROP_RATE:
      elicit_prompt_queue_set_rate (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_prompt_queue_class_init (ElicitPromptQueueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->dispose = elicit_prompt_queue_dispose;
  object_class->finalize = elicit_prompt_queue_finalize;
  object_class->get_property = elicit_prompt_queue_get_property;
  object_class->set_property = elicit_prompt_queue_set_property;

  /**
   * ElicitPromptQueue:max-pending:
   *
   * How many requests of one server the queue holds at once, the one shown
   * included; more are refused. At least 1.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_PENDING] =
    g_param_spec_uint ("max-pending", NULL, NULL,
                       1, G_MAXUINT, ELICIT_PROMPT_QUEUE_DEFAULT_MAX_PENDING,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitPromptQueue:burst:
   *
   * How many requests one server may send in quick succession: the size of
   * its token bucket. 0 refuses every request.
   *
   * Since: 1.0
   */
  properties[PROP_BURST] =
    g_param_spec_uint ("burst", NULL, NULL,
                       0, G_MAXUINT, ELICIT_PROMPT_QUEUE_DEFAULT_BURST,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitPromptQueue:rate:
   *
   * How many requests per second one server may send once its burst is
   * spent: the rate its token bucket refills at.
   *
   * Since: 1.0
   */
  properties[PROP_RATE] =
    g_param_spec_double ("rate", NULL, NULL,
                         0.0, G_MAXDOUBLE, ELICIT_PROMPT_QUEUE_DEFAULT_RATE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitPromptQueue::prompt:
   * @self: the queue
   * @request: the request whose turn it is
   *
   * Emitted when a request should be shown to the user: it is the oldest
   * pending request of its server and no other request of that server is
   * shown. Show it (for example in an `ElicitDialog`) and answer it; the
   * next request of that server waits until it is no longer pending.
   *
   * Since: 1.0
   */
  signals[PROMPT] =
    g_signal_new ("prompt",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ELICIT_TYPE_REQUEST);

  /**
   * ElicitPromptQueue::refused:
   * @self: the queue
   * @request: the refused request, no longer pending
   * @message: the error message the server was sent
   *
   * Emitted after a request was answered with an error without reaching
   * the user, because its server has too many requests waiting or sends
   * them too fast. Tell the user, so a server cannot go quiet unnoticed;
   * a flood emits this once per refused request, so coalesce.
   *
   * Since: 1.0
   */
  signals[REFUSED] =
    g_signal_new ("refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  ELICIT_TYPE_REQUEST,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitPromptQueue::withdrawn:
   * @self: the queue
   * @request: the withdrawn request
   *
   * Emitted when a request the queue held, shown or waiting, was withdrawn
   * by its server: it cancelled the request or disconnected
   * ([property@Request:withdrawn-reason] says which). Nothing was sent.
   *
   * Since: 1.0
   */
  signals[WITHDRAWN] =
    g_signal_new ("withdrawn",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ELICIT_TYPE_REQUEST);
}

static void
elicit_prompt_queue_init (ElicitPromptQueue *self)
{
  self->max_pending = ELICIT_PROMPT_QUEUE_DEFAULT_MAX_PENDING;
  self->burst = ELICIT_PROMPT_QUEUE_DEFAULT_BURST;
  self->rate = ELICIT_PROMPT_QUEUE_DEFAULT_RATE;
  self->servers = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) server_free);
  self->origins = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) server_free);
  self->items = g_ptr_array_new ();
}

static gboolean
push (ElicitPromptQueue *self,
      ElicitRequest     *request,
      const char        *origin)
{
  g_autoptr(ElicitSession) session = NULL;
  const char *message;
  Server *server;

  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    return FALSE;

  session = elicit_request_dup_session (request);
  server = ensure_server (self, session, origin);

  if (g_queue_find (&server->requests, request) != NULL)
    return TRUE;

  /* A request its session admitted or refused was counted then (admit_cb()). */
  message = elicit_request_get_refusal (request);
  if (message == NULL && !elicit_request_get_admitted (request))
    message = over_limit (self, server);
  if (message != NULL)
    {
      refuse (self, request, message);
      return FALSE;
    }

  g_queue_push_tail (&server->requests, g_object_ref (request));
  g_signal_connect (request, "notify::state", G_CALLBACK (request_state_cb), server);
  g_ptr_array_add (self->items, request);
  g_list_model_items_changed (G_LIST_MODEL (self), self->items->len - 1, 0, 1);

  if (server->requests.length == 1 && server->advance_source == 0)
    show_head (server);

  return TRUE;
}

/* Public API ------------------------------------------------------------------- */

/**
 * elicit_prompt_queue_new:
 *
 * Creates an empty prompt queue with the default limits.
 *
 * Returns: (transfer full): a new [class@PromptQueue]
 *
 * Since: 1.0
 */
ElicitPromptQueue *
elicit_prompt_queue_new (void)
{
  return g_object_new (ELICIT_TYPE_PROMPT_QUEUE, NULL);
}

/**
 * elicit_prompt_queue_get_max_pending:
 * @self: a prompt queue
 *
 * Gets how many requests of one server the queue holds at once.
 *
 * Returns: the cap
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_get_max_pending (ElicitPromptQueue *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);

  return self->max_pending;
}

/**
 * elicit_prompt_queue_get_burst:
 * @self: a prompt queue
 *
 * Gets how many requests one server may send in quick succession.
 *
 * Returns: the burst
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_get_burst (ElicitPromptQueue *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);

  return self->burst;
}

/**
 * elicit_prompt_queue_get_rate:
 * @self: a prompt queue
 *
 * Gets how many requests per second one server may send once its burst is
 * spent.
 *
 * Returns: the rate
 *
 * Since: 1.0
 */
double
elicit_prompt_queue_get_rate (ElicitPromptQueue *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0.0);

  return self->rate;
}

/**
 * elicit_prompt_queue_set_max_pending:
 * @self: a prompt queue
 * @max_pending: the cap, at least 1
 *
 * Sets how many requests of one server the queue holds at once, the one
 * shown included. Requests already held stay.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_set_max_pending (ElicitPromptQueue *self,
                                     guint              max_pending)
{
  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (max_pending >= 1);

  if (self->max_pending == max_pending)
    return;

  self->max_pending = max_pending;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_PENDING]);
}

/**
 * elicit_prompt_queue_set_burst:
 * @self: a prompt queue
 * @burst: the size of each server's token bucket
 *
 * Sets how many requests one server may send in quick succession.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_set_burst (ElicitPromptQueue *self,
                               guint              burst)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));

  if (self->burst == burst)
    return;

  self->burst = burst;

  /* A smaller bucket holds less at once. */
  g_hash_table_iter_init (&iter, self->servers);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    ((Server *) value)->tokens = MIN (((Server *) value)->tokens, (double) burst);
  g_hash_table_iter_init (&iter, self->origins);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    ((Server *) value)->tokens = MIN (((Server *) value)->tokens, (double) burst);
  if (self->sessionless != NULL)
    self->sessionless->tokens = MIN (self->sessionless->tokens, (double) burst);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BURST]);
}

/**
 * elicit_prompt_queue_set_rate:
 * @self: a prompt queue
 * @rate: requests per second, 0 or more
 *
 * Sets how many requests per second one server may send once its burst is
 * spent. With 0, a server may send no more than its burst, ever.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_set_rate (ElicitPromptQueue *self,
                              double             rate)
{
  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (rate >= 0.0 && rate <= G_MAXDOUBLE);

  if (self->rate == rate)
    return;

  self->rate = rate;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATE]);
}

/**
 * elicit_prompt_queue_add_session:
 * @self: a prompt queue
 * @session: a session
 *
 * Queues every elicitation @session receives from now on
 * ([signal@Session::elicitation]), and withdraws its requests when it
 * closes. Connect to [signal@PromptQueue::prompt] first.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_add_session (ElicitPromptQueue *self,
                                 ElicitSession     *session)
{
  Server *server;

  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (ELICIT_IS_SESSION (session));

  server = ensure_server (self, session, NULL);
  if (server->elicitation_handler != 0)
    return;

  server->elicitation_handler =
    g_signal_connect (session, "elicitation", G_CALLBACK (elicitation_cb), server);
  elicit_session_set_admit_func (session, admit_cb, server);
  server->closed_handler =
    g_signal_connect (session, "closed", G_CALLBACK (closed_cb), server);
}

/**
 * elicit_prompt_queue_remove_session:
 * @self: a prompt queue
 * @session: a session given to [method@PromptQueue.add_session]
 *
 * Stops queueing what @session receives. Its requests already in the queue
 * stay there until they are answered.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_remove_session (ElicitPromptQueue *self,
                                    ElicitSession     *session)
{
  Server *server;

  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (ELICIT_IS_SESSION (session));

  server = lookup_server (self, session);
  if (server != NULL)
    server_unwatch (server);
}

/**
 * elicit_prompt_queue_push:
 * @self: a prompt queue
 * @request: a pending request
 *
 * Queues @request behind the other requests of its server (its session;
 * requests without a session form one group of their own). If it is the
 * only one, [signal@PromptQueue::prompt] is emitted for it before this
 * returns.
 *
 * If its server already has [property@PromptQueue:max-pending] requests in
 * the queue, or has spent its rate limit, @request is answered at once with
 * JSON-RPC error [const@REQUEST_REFUSED_CODE] and
 * [signal@PromptQueue::refused] is emitted.
 *
 * Returns: %TRUE if @request was queued (or already was), %FALSE if it was
 *   refused or is not pending
 *
 * Since: 1.0
 */
gboolean
elicit_prompt_queue_push (ElicitPromptQueue *self,
                          ElicitRequest     *request)
{
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), FALSE);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), FALSE);

  return push (self, request, NULL);
}

/**
 * elicit_prompt_queue_push_from:
 * @self: a prompt queue
 * @request: a pending request without a session
 * @origin: who asked: any string that names one asker, such as a D-Bus
 *   caller's unique name
 *
 * Queues @request as [method@PromptQueue.push] does, behind the other
 * requests of the same @origin: each origin is a server of its own for the
 * queue, with its own place (one request shown at a time), its own cap and
 * its own rate limit, so one asker's flood neither delays nor hides
 * another's question. [method@PromptQueue.withdraw_origin] takes them back.
 *
 * Returns: %TRUE if @request was queued (or already was), %FALSE if it was
 *   refused or is not pending
 *
 * Since: 1.0
 */
gboolean
elicit_prompt_queue_push_from (ElicitPromptQueue *self,
                               ElicitRequest     *request,
                               const char        *origin)
{
  g_autoptr(ElicitSession) session = NULL;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), FALSE);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), FALSE);
  g_return_val_if_fail (origin != NULL, FALSE);

  session = elicit_request_dup_session (request);
  g_return_val_if_fail (session == NULL, FALSE);

  return push (self, request, origin);
}

/**
 * elicit_prompt_queue_withdraw_origin:
 * @self: a prompt queue
 * @origin: an origin given to [method@PromptQueue.push_from]
 * @reason: why, for the user: plain text
 *
 * Withdraws every request of @origin in the queue, shown or waiting, as
 * [method@PromptQueue.withdraw_all] does for a server, and forgets @origin:
 * call it when the asker goes away.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_withdraw_origin (ElicitPromptQueue *self,
                                     const char        *origin,
                                     const char        *reason)
{
  Server *server;

  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (origin != NULL);
  g_return_if_fail (reason != NULL);

  server = g_hash_table_lookup (self->origins, origin);
  if (server == NULL)
    return;

  withdraw_server (server, reason);
  g_hash_table_remove (self->origins, origin);
}

/**
 * elicit_prompt_queue_get_shown:
 * @self: a prompt queue
 * @session: (nullable): a session, or %NULL for the requests without one
 *
 * Gets the request of @session's server that [signal@PromptQueue::prompt]
 * last presented and that is still pending.
 *
 * Returns: (transfer none) (nullable): the request shown, or %NULL
 *
 * Since: 1.0
 */
ElicitRequest *
elicit_prompt_queue_get_shown (ElicitPromptQueue *self,
                               ElicitSession     *session)
{
  Server *server;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), NULL);
  g_return_val_if_fail (session == NULL || ELICIT_IS_SESSION (session), NULL);

  server = lookup_server (self, session);
  if (server == NULL || !server->shown)
    return NULL;

  return g_queue_peek_head (&server->requests);
}

/**
 * elicit_prompt_queue_get_n_pending:
 * @self: a prompt queue
 * @session: (nullable): a session, or %NULL for the requests without one
 *
 * Gets how many requests of @session's server the queue holds, the one
 * shown included.
 *
 * Returns: the number of requests
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_get_n_pending (ElicitPromptQueue *self,
                                   ElicitSession     *session)
{
  Server *server;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);
  g_return_val_if_fail (session == NULL || ELICIT_IS_SESSION (session), 0);

  server = lookup_server (self, session);

  return server != NULL ? server->requests.length : 0;
}

/**
 * elicit_prompt_queue_withdraw_all:
 * @self: a prompt queue
 * @session: (nullable): a session, or %NULL for the requests without one
 * @reason: why, for the user: plain text
 *
 * Withdraws every request of @session's server in the queue, shown or
 * waiting, as when the server goes away: each becomes
 * [enum@RequestState.WITHDRAWN], nothing is sent, and
 * [signal@PromptQueue::withdrawn] is emitted for each. Sessions given to
 * [method@PromptQueue.add_session] do this by themselves when they close.
 *
 * Since: 1.0
 */
void
elicit_prompt_queue_withdraw_all (ElicitPromptQueue *self,
                                  ElicitSession     *session,
                                  const char        *reason)
{
  Server *server;

  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));
  g_return_if_fail (session == NULL || ELICIT_IS_SESSION (session));
  g_return_if_fail (reason != NULL);

  server = lookup_server (self, session);
  if (server != NULL)
    withdraw_server (server, reason);
}

/**
 * elicit_prompt_queue_get_position:
 * @self: a prompt queue
 * @request: a request
 *
 * Gets where @request stands among the requests of its server (its
 * session) in the queue: 1 for the one shown or shown next. With
 * [method@PromptQueue.get_n_pending], this is what a dialog says as
 * "1 of 5".
 *
 * Returns: the position from 1, or 0 if @request is not in the queue
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_get_position (ElicitPromptQueue *self,
                                  ElicitRequest     *request)
{
  Server *server;
  int position;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), 0);

  server = server_for_request (self, request);
  if (server == NULL)
    return 0;

  position = g_queue_index (&server->requests, request);

  return position >= 0 ? (guint) position + 1 : 0;
}

/**
 * elicit_prompt_queue_cancel_all:
 * @self: a prompt queue
 * @session: (nullable): a session, or %NULL for the requests without one
 *
 * Answers every request of @session's server in the queue, shown or
 * waiting, with `cancel`, as if the user had dismissed each in turn: each
 * request gets exactly one answer, and none of them is shown afterwards.
 * This is a dialog's "Cancel All".
 *
 * Returns: how many requests were cancelled
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_cancel_all (ElicitPromptQueue *self,
                                ElicitSession     *session)
{
  Server *server;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);
  g_return_val_if_fail (session == NULL || ELICIT_IS_SESSION (session), 0);

  server = lookup_server (self, session);

  return server != NULL ? cancel_server (server) : 0;
}

/**
 * elicit_prompt_queue_get_n_pending_with:
 * @self: a prompt queue
 * @request: a request in the queue
 *
 * Gets how many requests the queue holds together with @request (itself
 * included): those of its server, or of its origin when it was queued with
 * [method@PromptQueue.push_from]. The count a dialog's "1 of 5" shows.
 *
 * Returns: the number of requests, or 0 if @request is not in the queue
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_get_n_pending_with (ElicitPromptQueue *self,
                                        ElicitRequest     *request)
{
  Server *server;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), 0);

  server = group_holding (self, request);

  return server != NULL ? server->requests.length : 0;
}

/**
 * elicit_prompt_queue_cancel_with:
 * @self: a prompt queue
 * @request: a request in the queue
 *
 * Cancels @request and every request the queue holds together with it (of
 * its server, or of its origin), as [method@PromptQueue.cancel_all] does:
 * a dialog's "Cancel All", whoever asked.
 *
 * Returns: how many requests were cancelled
 *
 * Since: 1.0
 */
guint
elicit_prompt_queue_cancel_with (ElicitPromptQueue *self,
                                 ElicitRequest     *request)
{
  Server *server;

  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (self), 0);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), 0);

  server = group_holding (self, request);

  return server != NULL ? cancel_server (server) : 0;
}

static guint
cancel_server (Server *server)
{
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_cancelled = 0;

  for (GList *l = server->requests.head; l != NULL; l = l->next)
    g_ptr_array_add (requests, g_object_ref (l->data));

  /* In the order they came. The next one is brought forward from an idle
   * callback, by which time none is left. */
  for (guint i = 0; i < requests->len; i++)
    {
      ElicitRequest *request = g_ptr_array_index (requests, i);

      if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
        continue;

      elicit_request_cancel (request);
      n_cancelled++;
    }

  return n_cancelled;
}

void
elicit_prompt_queue_set_clock (ElicitPromptQueue      *self,
                               ElicitPromptQueueClock  clock,
                               gpointer                user_data)
{
  g_return_if_fail (ELICIT_IS_PROMPT_QUEUE (self));

  self->clock = clock;
  self->clock_data = user_data;
}
