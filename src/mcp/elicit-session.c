/* elicit-session.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-protocol-enums.h"
#include "elicit-marshal.h"
#include "elicit-session-private.h"
#include "elicit-text-private.h"

/**
 * ElicitSession:
 *
 * An MCP client session with one server, over an [class@Transport].
 *
 * [method@Session.connect_async] finds out which revision the server
 * speaks. It probes with `server/discover` in 2026-07-28 first: a modern
 * server has no handshake, and every request then carries the protocol
 * version, the client's identity and its capabilities (elicitation in form
 * and URL modes) in `_meta`. A server that does not answer the probe as a
 * modern one gets the `initialize` handshake of 2025-11-25 instead (2025-06-18,
 * 2025-03-26 and 2024-11-05 are accepted too; the last cannot elicit), then
 * `notifications/initialized`. [property@Session:protocol-version] says
 * which revision was agreed. After it, the server's self-description is
 * available: [property@Session:server-name],
 * [property@Session:server-title], [property@Session:server-version],
 * [property@Session:server-capabilities] and [property@Session:instructions].
 * None of it is trusted: the label to show users is
 * [property@Session:display-name], which the application sets from the
 * user's own configuration.
 *
 * Calls: [method@Session.list_tools_async] (following pagination),
 * [method@Session.call_tool_async] (with progress; as a task when the tool
 * and the server offer it; in 2026-07-28, round after round while the server
 * answers with an `InputRequiredResult`, whose elicitations reach the user
 * like any other), [method@Session.ping_async], and any method with
 * [method@Session.call_async]. A call that gets no answer
 * within [property@Session:timeout] fails with [error@SessionError.TIMEOUT];
 * progress restarts the clock, and so does answering an elicitation, and it
 * does not run out while an elicitation waits for the user. Cancelling a call
 * sends `notifications/cancelled`; a late answer is ignored.
 *
 * What the server asks: each `elicitation/create` (sent as a request, in an
 * `InputRequiredResult`, or by a task waiting for input) becomes an
 * [class@Request] emitted by [signal@Session::elicitation]; `ping` is
 * answered; any other method gets JSON-RPC error -32601; malformed parameters
 * get -32602 with the reason. Notifications: `notifications/cancelled` and
 * `notifications/elicitation/complete` reach their request,
 * `notifications/message` and `notifications/progress` are re-emitted as
 * [signal@Session::message] and [signal@Session::progress], list changes as
 * [signal@Session::list-changed]. Anything malformed is logged (at debug or
 * message level: it is the server's fault, not the application's) and
 * survived.
 *
 * When the transport closes, every pending call fails with
 * [error@SessionError.CLOSED] and the transport's reason, every open request
 * is withdrawn, and [signal@Session::closed] is emitted.
 *
 * Since: 1.0
 */

GParamSpec *elicit_session_properties[ELICIT_SESSION_N_PROPS];
guint elicit_session_signals[ELICIT_SESSION_N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitSession, elicit_session, G_TYPE_OBJECT)

/* Helpers ---------------------------------------------------------------------- */

static gboolean
set_str (char       **dest,
         const char  *value)
{
  if (g_strcmp0 (*dest, value) == 0)
    return FALSE;

  g_free (*dest);
  *dest = g_strdup (value);

  return TRUE;
}

void
elicit_session_set_state (ElicitSession      *self,
                          ElicitSessionState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_STATE]);
}

gboolean
elicit_session_check_ready (ElicitSession *self,
                            GTask         *task)
{
  if (self->state == ELICIT_SESSION_STATE_READY)
    return TRUE;

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                             "%s", self->close_error->message);
  else
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED,
                             _("The session is not connected"));

  return FALSE;
}

/* Calls ------------------------------------------------------------------------ */

typedef struct
{
  ElicitProgressCallback  callback;
  gpointer                data;
} Progress;

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitSession *self = g_task_get_source_object (task);
  gint64 id = *(gint64 *) g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  g_hash_table_remove (self->progress, &id);

  node = elicit_peer_call_finish (ELICIT_PEER (object), result, &error);
  if (node != NULL)
    {
      g_task_return_pointer (task, node, (GDestroyNotify) json_node_unref);
      return;
    }

  if (g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED))
    elicit_session_error_take_elicitations (
      error, elicit_input_source_take_url_required (self->input,
                                                    elicit_session_error_get_data (error)));

  g_task_return_error (task, g_steal_pointer (&error));
}

/* 2026-07-28: every request says who asks, in which version, able to do
 * what. */
static void
add_request_meta (ElicitSession *self,
                  JsonObject    *params)
{
  JsonObject *meta = elicit_json_object_get_object (params, "_meta");

  if (meta == NULL)
    {
      meta = json_object_new ();
      json_object_set_object_member (params, "_meta", meta);
    }

  json_object_set_string_member (meta, "io.modelcontextprotocol/protocolVersion",
                                 self->meta_version);
  json_object_set_object_member (meta, "io.modelcontextprotocol/clientInfo",
                                 elicit_session_client_info (self));
  json_object_set_object_member (meta, "io.modelcontextprotocol/clientCapabilities",
                                 elicit_session_client_capabilities (self, TRUE));
}

void
elicit_session_start_call (ElicitSession          *self,
                           const char             *method,
                           JsonObject             *params,
                           ElicitPeerCallFlags     flags,
                           ElicitProgressCallback  progress,
                           gpointer                progress_data,
                           GCancellable           *cancellable,
                           GAsyncReadyCallback     callback,
                           gpointer                user_data)
{
  elicit_session_start_call_with_timeout (self, method, params, flags,
                                          elicit_peer_get_timeout (self->peer),
                                          progress, progress_data,
                                          cancellable, callback, user_data);
}

void
elicit_session_start_call_with_timeout (ElicitSession          *self,
                                        const char             *method,
                                        JsonObject             *params,
                                        ElicitPeerCallFlags     flags,
                                        guint                   timeout,
                                        ElicitProgressCallback  progress,
                                        gpointer                progress_data,
                                        GCancellable           *cancellable,
                                        GAsyncReadyCallback     callback,
                                        gpointer                user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  gint64 *id = g_new0 (gint64, 1);
  g_autoptr(JsonObject) copy = NULL;

  g_task_set_task_data (task, id, g_free);
  if (self->meta_version != NULL)
    {
      /* The caller's parameters stay as they were. */
      copy = params != NULL ? elicit_json_object_deep_copy (params) : json_object_new ();
      add_request_meta (self, copy);
      params = copy;
    }
  *id = elicit_peer_call_with_timeout_async (self->peer, method, params, flags, timeout,
                                             cancellable, call_done_cb, task);

  if (*id != 0 && progress != NULL)
    {
      Progress *entry = g_new0 (Progress, 1);

      entry->callback = progress;
      entry->data = progress_data;
      g_hash_table_insert (self->progress, g_memdup2 (id, sizeof *id), entry);
    }
}

void
elicit_session_report_progress (ElicitSession *self,
                                JsonNode      *token,
                                double         progress,
                                double         total,
                                const char    *message)
{
  Progress *entry;
  gint64 id;

  if (json_node_get_value_type (token) != G_TYPE_INT64)
    return;

  id = json_node_get_int (token);
  if (!elicit_peer_restart_timeout (self->peer, id))
    return;

  entry = g_hash_table_lookup (self->progress, &id);
  if (entry != NULL)
    entry->callback (progress, total, message, entry->data);
}

/* Closing ---------------------------------------------------------------------- */

static void
peer_closed_cb (ElicitPeer    *peer,
                const GError  *error,
                ElicitSession *self)
{
  g_autoptr(ElicitSession) hold G_GNUC_UNUSED = g_object_ref (self);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    return;

  g_debug ("session closed: %s", error->message);

  self->close_error = g_error_copy (error);
  elicit_session_set_state (self, ELICIT_SESSION_STATE_CLOSED);
  elicit_input_source_withdraw_all (self->input, self->close_error->message);

  g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_CLOSED], 0, self->close_error);
}

static void
input_request_cb (ElicitInputSource *input,
                  ElicitRequest     *request,
                  ElicitSession     *self)
{
  g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_ELICITATION], 0, request);
}

void
elicit_session_set_admit_func (ElicitSession          *self,
                               ElicitSessionAdmitFunc  func,
                               gpointer                user_data)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));

  self->admit_func = func;
  self->admit_data = user_data;
}

/* Returns whether anyone decided; then @refusal is NULL or why not. */
gboolean
elicit_session_admit (ElicitSession  *self,
                      const char    **refusal)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);

  *refusal = NULL;
  if (self->admit_func == NULL)
    return FALSE;

  *refusal = self->admit_func (self, self->admit_data);
  return TRUE;
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_session_constructed (GObject *object)
{
  ElicitSession *self = ELICIT_SESSION (object);

  G_OBJECT_CLASS (elicit_session_parent_class)->constructed (object);

  g_assert (ELICIT_IS_TRANSPORT (self->transport));

  self->peer = elicit_peer_new (self->transport);
  self->input = elicit_input_source_new (self->peer);
  elicit_input_source_set_session (self->input, self);

  g_signal_connect_object (self->input, "request", G_CALLBACK (input_request_cb), self, 0);
  g_signal_connect_object (self->peer, "closed", G_CALLBACK (peer_closed_cb), self, 0);
  elicit_session_listen_to_server (self);
}

static void
elicit_session_dispose (GObject *object)
{
  ElicitSession *self = ELICIT_SESSION (object);

  if (self->peer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->peer, self);
      elicit_peer_remove_notification_funcs (self->peer, self);
      /* Fails what is still pending (only an explicit g_object_run_dispose()
       * gets here with calls pending: they hold a reference to us). */
      g_object_run_dispose (G_OBJECT (self->peer));
    }
  g_clear_object (&self->input);
  g_clear_object (&self->peer);
  g_clear_object (&self->transport);

  G_OBJECT_CLASS (elicit_session_parent_class)->dispose (object);
}

static void
elicit_session_finalize (GObject *object)
{
  ElicitSession *self = ELICIT_SESSION (object);

  g_clear_error (&self->close_error);
  g_clear_pointer (&self->display_name, g_free);
  g_clear_pointer (&self->client_name, g_free);
  g_clear_pointer (&self->client_title, g_free);
  g_clear_pointer (&self->client_version, g_free);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->server_capabilities, json_object_unref);
  g_clear_pointer (&self->server_name, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->progress, g_hash_table_unref);
  g_clear_pointer (&self->meta_version, g_free);
  g_clear_pointer (&self->protocol_versions, g_strfreev);
  g_clear_pointer (&self->invalid_tools, g_hash_table_unref);
  g_clear_pointer (&self->task_support, g_hash_table_unref);
  g_clear_pointer (&self->task_runs, g_hash_table_unref);

  G_OBJECT_CLASS (elicit_session_parent_class)->finalize (object);
}

static void
elicit_session_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ElicitSession *self = ELICIT_SESSION (object);

  switch (prop_id)
    {
    case ELICIT_SESSION_PROP_TRANSPORT:
      g_value_set_object (value, elicit_session_get_transport (self));
      break;

    case ELICIT_SESSION_PROP_STATE:
      g_value_set_enum (value, elicit_session_get_state (self));
      break;

    case ELICIT_SESSION_PROP_DISPLAY_NAME:
      g_value_set_string (value, elicit_session_get_display_name (self));
      break;

    case ELICIT_SESSION_PROP_PROTOCOL_VERSION:
      g_value_set_string (value, elicit_session_get_protocol_version (self));
      break;

    case ELICIT_SESSION_PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, elicit_session_get_server_capabilities (self));
      break;

    case ELICIT_SESSION_PROP_SERVER_NAME:
      g_value_set_string (value, elicit_session_get_server_name (self));
      break;

    case ELICIT_SESSION_PROP_SERVER_TITLE:
      g_value_set_string (value, elicit_session_get_server_title (self));
      break;

    case ELICIT_SESSION_PROP_SERVER_VERSION:
      g_value_set_string (value, elicit_session_get_server_version (self));
      break;

    case ELICIT_SESSION_PROP_INSTRUCTIONS:
      g_value_set_string (value, elicit_session_get_instructions (self));
      break;

    case ELICIT_SESSION_PROP_TIMEOUT:
      g_value_set_uint (value, elicit_session_get_timeout (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_session_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ElicitSession *self = ELICIT_SESSION (object);

  switch (prop_id)
    {
    case ELICIT_SESSION_PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case ELICIT_SESSION_PROP_DISPLAY_NAME:
      elicit_session_set_display_name (self, g_value_get_string (value));
      break;

    case ELICIT_SESSION_PROP_TIMEOUT:
      elicit_session_set_timeout (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_session_class_init (ElicitSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->constructed = elicit_session_constructed;
  object_class->dispose = elicit_session_dispose;
  object_class->finalize = elicit_session_finalize;
  object_class->get_property = elicit_session_get_property;
  object_class->set_property = elicit_session_set_property;

  /**
   * ElicitSession:transport:
   *
   * The transport the session speaks over.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         ELICIT_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:state:
   *
   * Where the session is in the MCP lifecycle.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       ELICIT_TYPE_SESSION_STATE, ELICIT_SESSION_STATE_DISCONNECTED,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:display-name:
   *
   * The name the user gave this server in their own configuration: the
   * trusted label to show with everything the server asks.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:protocol-version:
   *
   * The protocol version negotiated with the server, once connected.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-capabilities:
   *
   * The capabilities the server announced, once connected.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_SERVER_CAPABILITIES] =
    g_param_spec_boxed ("server-capabilities", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-name:
   *
   * The name the server gives itself (`serverInfo.name`), made safe to
   * show as one line. Self-reported: never the only label.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_SERVER_NAME] =
    g_param_spec_string ("server-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-title:
   *
   * The human-readable title the server gives itself (`serverInfo.title`),
   * if any, made safe to show as one line. Self-reported.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-version:
   *
   * The version the server reports (`serverInfo.version`). Self-reported.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:instructions:
   *
   * The server's instructions for using it, if it gave any, as plain text.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:timeout:
   *
   * How long, in milliseconds, a call may go without an answer or progress
   * before it fails with [error@SessionError.TIMEOUT]; 0 waits forever. The
   * clock stops while an elicitation waits for the user.
   *
   * Since: 1.0
   */
  elicit_session_properties[ELICIT_SESSION_PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, ELICIT_PEER_DEFAULT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, ELICIT_SESSION_N_PROPS,
                                     elicit_session_properties);

  /**
   * ElicitSession::elicitation:
   * @self: the session
   * @request: the new request
   *
   * Emitted for each `elicitation/create` the server sends. Keep a reference
   * to @request and answer it when the user has decided; a request nobody
   * keeps is answered `cancel`.
   *
   * Since: 1.0
   */
  elicit_session_signals[ELICIT_SESSION_SIGNAL_ELICITATION] =
    g_signal_new ("elicitation",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ELICIT_TYPE_REQUEST);

  /**
   * ElicitSession::message:
   * @self: the session
   * @level: the severity (`debug`, `info`, `notice`, `warning`, `error`,
   *   `critical`, `alert`, `emergency`), as the server sent it
   * @logger: (nullable): the name of the logger
   * @data: the logged data, any JSON value
   *
   * Emitted for each `notifications/message` log message from the server.
   * While no handler is connected, log messages are not read beyond
   * telling what they are (but for the few that arrive right after the last
   * handler is disconnected, which are read and emitted to nobody).
   *
   * Since: 1.0
   */
  elicit_session_signals[ELICIT_SESSION_SIGNAL_MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, _elicit_marshal_VOID__STRING_STRING_BOXED,
                  G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);
  g_signal_set_va_marshaller (elicit_session_signals[ELICIT_SESSION_SIGNAL_MESSAGE],
                              G_TYPE_FROM_CLASS (klass), _elicit_marshal_VOID__STRING_STRING_BOXEDv);

  /**
   * ElicitSession::progress:
   * @self: the session
   * @token: the progress token: a string or an integer
   * @progress: the progress so far
   * @total: the total, or a negative number when unknown
   * @message: (nullable): the server's description of the step
   *
   * Emitted for each `notifications/progress`. Progress of a call made with
   * a progress callback also reaches that callback.
   *
   * Since: 1.0
   */
  elicit_session_signals[ELICIT_SESSION_SIGNAL_PROGRESS] =
    g_signal_new ("progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_DOUBLE,
                  G_TYPE_DOUBLE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitSession::list-changed:
   * @self: the session
   * @kind: `tools`, `prompts` or `resources`; also the signal's detail
   *
   * Emitted when the server says one of its lists changed.
   *
   * Since: 1.0
   */
  elicit_session_signals[ELICIT_SESSION_SIGNAL_LIST_CHANGED] =
    g_signal_new ("list-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitSession::closed:
   * @self: the session
   * @error: why, as the transport reported it ([error@TransportError])
   *
   * Emitted once, when the connection closes. Pending calls have failed and
   * open requests have been withdrawn by then.
   *
   * Since: 1.0
   */
  /**
   * ElicitSession::task-status:
   * @self: the session
   * @task_id: the server's id of the task
   * @status: `working`, `input_required`, `completed`, `failed` or `cancelled`
   * @message: (nullable): the server's description of the state, made safe to show
   *
   * Emitted when a tool call that runs as a task (2025-11-25, or the
   * 2026-07-28 tasks extension) changes state, so an application can show
   * it; cancelling the call cancels the task.
   * [method@Session.get_task_cancellable] tells which call runs as @task_id.
   *
   * Since: 1.0
   */
  elicit_session_signals[ELICIT_SESSION_SIGNAL_TASK_STATUS] =
    g_signal_new ("task-status",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  elicit_session_signals[ELICIT_SESSION_SIGNAL_CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}


static void
elicit_session_init (ElicitSession *self)
{
  self->client_name = g_strdup ("elicit");
  self->client_title = g_strdup ("Elicit");
  self->client_version = g_strdup (PACKAGE_VERSION);
  self->progress = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->protocol_versions = g_strdupv ((char **) elicit_session_known_versions);
  self->invalid_tools = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->task_support = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->task_runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* Public API ------------------------------------------------------------------- */

/**
 * elicit_session_new:
 * @transport: the transport to the server
 *
 * Creates a session over @transport. Nothing is sent until
 * [method@Session.connect_async].
 *
 * Returns: (transfer full): a new session
 *
 * Since: 1.0
 */
ElicitSession *
elicit_session_new (ElicitTransport *transport)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (transport), NULL);

  return g_object_new (ELICIT_TYPE_SESSION, "transport", transport, NULL);
}

/**
 * elicit_session_get_transport:
 * @self: a session
 *
 * Gets the transport the session speaks over.
 *
 * Returns: (transfer none): the transport
 *
 * Since: 1.0
 */
ElicitTransport *
elicit_session_get_transport (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->transport;
}

/**
 * elicit_session_get_peer:
 * @self: a session
 *
 * Gets the JSON-RPC peer the session speaks MCP through.
 *
 * Returns: (transfer none): the peer
 *
 * Since: 1.0
 */
ElicitPeer *
elicit_session_get_peer (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->peer;
}

/**
 * elicit_session_get_state:
 * @self: a session
 *
 * Gets where the session is in the MCP lifecycle.
 *
 * Returns: the state
 *
 * Since: 1.0
 */
ElicitSessionState
elicit_session_get_state (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), ELICIT_SESSION_STATE_CLOSED);

  return self->state;
}

/**
 * elicit_session_get_close_error:
 * @self: a session
 *
 * Gets why the session closed.
 *
 * Returns: (nullable) (transfer none): the reason, or %NULL while not closed
 *
 * Since: 1.0
 */
const GError *
elicit_session_get_close_error (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->close_error;
}

/**
 * elicit_session_get_display_name:
 * @self: a session
 *
 * Gets the name the user gave the server: the trusted label.
 *
 * Returns: (nullable): the display name
 *
 * Since: 1.0
 */
const char *
elicit_session_get_display_name (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->display_name;
}

/**
 * elicit_session_get_protocol_version:
 * @self: a session
 *
 * Gets the protocol version negotiated with the server.
 *
 * Returns: (nullable): the version, or %NULL before the handshake
 *
 * Since: 1.0
 */
const char *
elicit_session_get_protocol_version (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->protocol_version;
}

/**
 * elicit_session_get_server_capabilities:
 * @self: a session
 *
 * Gets the capabilities the server announced.
 *
 * Returns: (transfer none) (nullable): the capabilities, or %NULL before the handshake
 *
 * Since: 1.0
 */
JsonObject *
elicit_session_get_server_capabilities (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->server_capabilities;
}

/**
 * elicit_session_get_server_name:
 * @self: a session
 *
 * Gets the name the server gives itself. Self-reported: show it as such,
 * next to [property@Session:display-name].
 *
 * Returns: (nullable): the name, or %NULL before the handshake
 *
 * Since: 1.0
 */
const char *
elicit_session_get_server_name (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->server_name;
}

/**
 * elicit_session_get_server_title:
 * @self: a session
 *
 * Gets the human-readable title the server gives itself. Self-reported.
 *
 * Returns: (nullable): the title, or %NULL if it gave none
 *
 * Since: 1.0
 */
const char *
elicit_session_get_server_title (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->server_title;
}

/**
 * elicit_session_get_server_version:
 * @self: a session
 *
 * Gets the version the server reports. Self-reported.
 *
 * Returns: (nullable): the version, or %NULL before the handshake
 *
 * Since: 1.0
 */
const char *
elicit_session_get_server_version (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->server_version;
}

/**
 * elicit_session_get_instructions:
 * @self: a session
 *
 * Gets the server's instructions, as plain text.
 *
 * Returns: (nullable): the instructions, or %NULL if it gave none
 *
 * Since: 1.0
 */
const char *
elicit_session_get_instructions (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->instructions;
}

/**
 * elicit_session_get_timeout:
 * @self: a session
 *
 * Gets how long a call may go without an answer or progress.
 *
 * Returns: the timeout in milliseconds, 0 for none
 *
 * Since: 1.0
 */
guint
elicit_session_get_timeout (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), 0);

  return elicit_peer_get_timeout (self->peer);
}

/**
 * elicit_session_set_display_name:
 * @self: a session
 * @display_name: (nullable): the name the user gave the server
 *
 * Sets the trusted label for the server, from the user's configuration.
 *
 * Since: 1.0
 */
void
elicit_session_set_display_name (ElicitSession *self,
                                 const char    *display_name)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));

  if (set_str (&self->display_name, display_name))
    g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_DISPLAY_NAME]);
}

/**
 * elicit_session_set_timeout:
 * @self: a session
 * @msec: the timeout in milliseconds, 0 for none
 *
 * Sets how long a call may go without an answer or progress. Applies to
 * calls started afterwards and to the clocks restarted by progress.
 *
 * Since: 1.0
 */
void
elicit_session_set_timeout (ElicitSession *self,
                            guint          msec)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));

  if (elicit_peer_get_timeout (self->peer) == msec)
    return;

  elicit_peer_set_timeout (self->peer, msec);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_TIMEOUT]);
}

/**
 * elicit_session_get_can_elicit:
 * @self: a session
 *
 * Gets whether the server can ask its user anything through this session:
 * every revision but 2024-11-05, which predates elicitation, can.
 *
 * Returns: %FALSE for a server that speaks a revision without elicitation
 *
 * Since: 1.0
 */
gboolean
elicit_session_get_can_elicit (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);

  return g_strcmp0 (self->protocol_version, "2024-11-05") != 0;
}

/**
 * elicit_session_get_protocol_versions:
 * @self: a session
 *
 * Gets the MCP revisions the session may speak, best first.
 *
 * Returns: (transfer none) (array zero-terminated=1): the versions
 *
 * Since: 1.0
 */
const char * const *
elicit_session_get_protocol_versions (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return (const char * const *) self->protocol_versions;
}

/**
 * elicit_session_set_protocol_versions:
 * @self: a session not connected yet
 * @versions: (array zero-terminated=1): MCP revisions, such as “2026-07-28” or
 *   “2025-11-25”
 *
 * Limits the revisions the session may speak; by default it speaks every
 * one it knows, the modern 2026-07-28 first. Without the modern revision
 * the session skips the `server/discover` probe and starts with the
 * `initialize` handshake, which suits a legacy server that stays silent
 * when probed. Versions Elicit does not know are left out.
 *
 * Returns: %TRUE if at least one version is known and kept
 *
 * Since: 1.0
 */
gboolean
elicit_session_set_protocol_versions (ElicitSession      *self,
                                      const char * const *versions)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) kept = NULL;

  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (versions != NULL, FALSE);
  g_return_val_if_fail (self->state == ELICIT_SESSION_STATE_DISCONNECTED, FALSE);

  builder = g_strv_builder_new ();
  for (guint i = 0; elicit_session_known_versions[i] != NULL; i++)
    if (g_strv_contains (versions, elicit_session_known_versions[i]))
      g_strv_builder_add (builder, elicit_session_known_versions[i]);
  kept = g_strv_builder_end (builder);

  if (kept[0] == NULL)
    return FALSE;

  g_strfreev (self->protocol_versions);
  self->protocol_versions = g_steal_pointer (&kept);

  return TRUE;
}

/**
 * elicit_session_set_client_info:
 * @self: a session that is not connected yet
 * @name: the client's name, such as `elicit`
 * @title: (nullable): its human-readable title
 * @version: its version
 *
 * Sets the `clientInfo` sent in `initialize`. The default describes Elicit.
 *
 * Since: 1.0
 */
void
elicit_session_set_client_info (ElicitSession *self,
                                const char    *name,
                                const char    *title,
                                const char    *version)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (version != NULL);
  g_return_if_fail (self->state == ELICIT_SESSION_STATE_DISCONNECTED);

  set_str (&self->client_name, name);
  set_str (&self->client_title, title);
  set_str (&self->client_version, version);
}

/* Closing ---------------------------------------------------------------------- */

static void
transport_close_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * elicit_session_close_async:
 * @self: a session
 * @cancellable: (nullable): a cancellable
 * @callback: called when the server is gone
 * @user_data: data for @callback
 *
 * Closes the session: pending calls fail, open requests are withdrawn,
 * [signal@Session::closed] is emitted, and the transport releases the server
 * (for a child process: input closed, then `SIGTERM`, then `SIGKILL`).
 *
 * Since: 1.0
 */
void
elicit_session_close_async (ElicitSession       *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_close_async);

  elicit_transport_close_async (self->transport, cancellable, transport_close_cb,
                                g_steal_pointer (&task));
}

/**
 * elicit_session_close_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.close_async].
 *
 * Returns: %TRUE when the server has been released
 *
 * Since: 1.0
 */
gboolean
elicit_session_close_finish (ElicitSession  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
