/* elicit-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <signal.h>
#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-incoming-private.h"
#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-transport-private.h"

/**
 * ElicitTransport:
 *
 * Carries JSON-RPC messages between a client and one MCP server.
 *
 * A transport sends one message at a time with [method@Transport.send],
 * emits [signal@Transport::message] for each message it receives, in the
 * order received, and [signal@Transport::closed] exactly once, with a reason
 * a user can read. Nothing is received before [method@Transport.start].
 *
 * Implementations: [class@StdioTransport] spawns a server and speaks to it
 * over its standard input and output, [class@StreamTransport] speaks over any
 * [class@Gio.IOStream], [class@HttpTransport] speaks Streamable HTTP. It is an
 * abstract class: applications and bindings implement their own by
 * overriding the virtual methods of [struct@TransportClass] and reporting
 * through the emit helpers, such as [method@Transport.emit_message]. A transport that receives its bytes in chunks
 * (pipes, sockets, HTTP event streams) reassembles them into whole messages
 * before emitting them; every message it emits has passed the safe JSON
 * parser (depth, NUL, number range, UTF-8 checks).
 *
 * [method@Transport.send] never blocks: it queues the message. A transport
 * that learns it could not deliver one request, or that its answer will
 * never come (an HTTP transport whose POST failed), emits
 * [signal@Transport::request-failed] for its id with an
 * [error@TransportError], so the caller's pending call fails with that
 * error instead of waiting, and can tell it from an error the server
 * answered with; one that can no longer deliver anything closes.
 *
 * Since: 1.0
 */

typedef struct
{
  gboolean             closed;
  GError              *error;
  guint                waiting_for_user;
  /* The peer reading this transport, past the ::message signal. */
  ElicitTransportSink  sink;
  gpointer             sink_data;
} ElicitTransportPrivate;

enum {
  MESSAGE,
  INVALID_MESSAGE,
  CLOSED,
  LOG,
  REQUEST_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_WAITING_FOR_USER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ElicitTransport, elicit_transport, G_TYPE_OBJECT)

/**
 * elicit_transport_error_quark:
 *
 * The quark of [error@TransportError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-transport-error-quark, elicit_transport_error)

static ElicitTransportPrivate *
get_state (ElicitTransport *self)
{
  return elicit_transport_get_instance_private (self);
}

static void
elicit_transport_finalize (GObject *object)
{
  ElicitTransportPrivate *priv =
    elicit_transport_get_instance_private (ELICIT_TRANSPORT (object));

  g_clear_error (&priv->error);

  G_OBJECT_CLASS (elicit_transport_parent_class)->finalize (object);
}

/* What a transport with nothing of its own to release does on close. */
static void
elicit_transport_real_close_async (ElicitTransport     *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GError) error = g_error_new_literal (ELICIT_TRANSPORT_ERROR,
                                                 ELICIT_TRANSPORT_ERROR_CLOSED,
                                                 _("The connection was closed"));

  g_task_set_source_tag (task, elicit_transport_real_close_async);
  elicit_transport_emit_closed (self, error);
  g_task_return_boolean (task, TRUE);
}

static gboolean
elicit_transport_real_close_finish (ElicitTransport  *self,
                                    GAsyncResult     *result,
                                    GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
elicit_transport_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_WAITING_FOR_USER:
      g_value_set_boolean (value, elicit_transport_get_waiting_for_user (ELICIT_TRANSPORT (object)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_transport_class_init (ElicitTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->finalize = elicit_transport_finalize;
  object_class->get_property = elicit_transport_get_property;

  /**
   * ElicitTransport:waiting-for-user:
   *
   * Whether the transport waits for the user, such as for a sign-in (see
   * [method@Transport.hold_for_user]); calls do not time out meanwhile.
   *
   * Since: 1.0
   */
  properties[PROP_WAITING_FOR_USER] =
    g_param_spec_boolean ("waiting-for-user", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  klass->close_async = elicit_transport_real_close_async;
  klass->close_finish = elicit_transport_real_close_finish;

  /**
   * ElicitTransport::message:
   * @self: the transport
   * @message: (transfer none): the message received, a JSON object or, from
   *   a misbehaving peer, any other JSON value
   *
   * Emitted for each message received, in order. @message is only valid
   * during the emission; take a reference to keep it. The [class@Peer]
   * reading the transport handles the message after every handler of this
   * signal. While no handler is connected, messages reach the peer without
   * a tree being built for them.
   *
   * Since: 1.0
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL,
                  g_cclosure_marshal_VOID__BOXED,
                  G_TYPE_NONE, 1,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);
  g_signal_set_va_marshaller (signals[MESSAGE], G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__BOXEDv);

  /**
   * ElicitTransport::invalid-message:
   * @self: the transport
   * @error: why it was refused, in [error@TransportError.INVALID_JSON]
   *
   * Emitted for a message that arrived whole and is JSON, but that the safe
   * parser refuses to read: nested deeper than 64 levels, with a number out
   * of range, a NUL in a string, or a member name twice in one object. The
   * transport stays open; a JSON-RPC peer answers it with error -32600.
   * (Text that is not JSON at all closes the transport instead.)
   *
   * Since: 1.0
   */
  signals[INVALID_MESSAGE] =
    g_signal_new ("invalid-message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitTransport::closed:
   * @self: the transport
   * @error: why, in [error@TransportError]; the message is a sentence a user
   *   can read
   *
   * Emitted once, when the transport closes for any reason. Nothing is
   * received or sent afterwards.
   *
   * Since: 1.0
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitTransport::log:
   * @self: the transport
   * @line: one line of diagnostics from the peer, valid UTF-8 (for the stdio
   *   transport: one line the server wrote to its standard error)
   *
   * Emitted for each line of diagnostics. A log line is never an error by
   * itself.
   *
   * Since: 1.0
   */
  signals[LOG] =
    g_signal_new ("log",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitTransport::request-failed:
   * @self: the transport
   * @id: (transfer none): the id of the request sent with
   *   [method@Transport.send]
   * @error: why, in [error@TransportError]; the message is a sentence a user
   *   can read
   *
   * Emitted when one request will get no answer through this transport,
   * which stays open: it could not be delivered, or its answer could not be
   * received (an HTTP POST failed, or was answered with an HTTP error and no
   * JSON-RPC response). [class@Peer] fails the pending call with @error;
   * nothing pretends that the server answered.
   *
   * Since: 1.0
   */
  signals[REQUEST_FAILED] =
    g_signal_new ("request-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
elicit_transport_init (ElicitTransport *self)
{
}

/**
 * elicit_transport_is_closed:
 * @self: a transport
 *
 * Whether the transport has closed.
 *
 * Returns: %TRUE once [signal@Transport::closed] has been emitted
 *
 * Since: 1.0
 */
gboolean
elicit_transport_is_closed (ElicitTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), TRUE);

  return get_state (self)->closed;
}

/**
 * elicit_transport_get_close_error:
 * @self: a transport
 *
 * Gets why the transport closed.
 *
 * Returns: (nullable) (transfer none): the reason, or %NULL while open
 *
 * Since: 1.0
 */
const GError *
elicit_transport_get_close_error (ElicitTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), NULL);

  return get_state (self)->error;
}

/**
 * elicit_transport_start:
 * @self: a transport
 *
 * Begins receiving. Connect to [signal@Transport::message] and
 * [signal@Transport::closed] first. Calling it again does nothing.
 *
 * Since: 1.0
 */
void
elicit_transport_start (ElicitTransport *self)
{
  g_return_if_fail (ELICIT_IS_TRANSPORT (self));

  if (get_state (self)->closed)
    return;

  ELICIT_TRANSPORT_GET_CLASS (self)->start (self);
}

/**
 * elicit_transport_send:
 * @self: a transport
 * @message: a JSON-RPC message
 * @error: return location for a [error@TransportError]
 *
 * Queues @message for the peer and returns at once; it never blocks.
 * Messages are delivered in the order they were queued.
 *
 * Returns: %TRUE if the message was queued, %FALSE if the transport is closed
 *
 * Since: 1.0
 */
gboolean
elicit_transport_send (ElicitTransport  *self,
                       JsonNode         *message,
                       GError          **error)
{
  ElicitTransportPrivate *state;

  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  state = get_state (self);
  if (state->closed)
    {
      g_set_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                   _("The connection is closed: %s"), state->error->message);
      return FALSE;
    }

  return ELICIT_TRANSPORT_GET_CLASS (self)->send (self, message, error);
}

/**
 * elicit_transport_close_async:
 * @self: a transport
 * @cancellable: (nullable): a cancellable
 * @callback: called when the peer is released
 * @user_data: data for @callback
 *
 * Closes the transport: [signal@Transport::closed] is emitted at once (if it
 * was not already) and the peer is released. For a child process that means
 * closing its input, waiting for it to exit, then `SIGTERM`, then `SIGKILL`;
 * @callback runs when it is gone. Never blocks.
 *
 * Since: 1.0
 */
void
elicit_transport_close_async (ElicitTransport     *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  ELICIT_TRANSPORT_GET_CLASS (self)->close_async (self, cancellable, callback, user_data);
}

/**
 * elicit_transport_close_finish:
 * @self: a transport
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Transport.close_async].
 *
 * Returns: %TRUE when the peer was released cleanly
 *
 * Since: 1.0
 */
gboolean
elicit_transport_close_finish (ElicitTransport  *self,
                               GAsyncResult     *result,
                               GError          **error)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), FALSE);

  return ELICIT_TRANSPORT_GET_CLASS (self)->close_finish (self, result, error);
}

/**
 * elicit_transport_set_protocol_version:
 * @self: a transport
 * @protocol_version: the MCP protocol version the session negotiated
 *
 * Tells the transport which protocol version was negotiated. Transports that
 * need it (HTTP sends it with every request) implement it; others ignore it.
 *
 * Since: 1.0
 */
void
elicit_transport_set_protocol_version (ElicitTransport *self,
                                       const char      *protocol_version)
{
  ElicitTransportClass *klass;

  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (protocol_version != NULL);

  klass = ELICIT_TRANSPORT_GET_CLASS (self);
  if (klass->set_protocol_version != NULL)
    klass->set_protocol_version (self, protocol_version);
}

/**
 * elicit_transport_emit_message:
 * @self: a transport
 * @message: the message received, a JSON object or, from a misbehaving peer,
 *   any other JSON value
 *
 * For implementations: reports one message received, in order, by emitting
 * [signal@Transport::message]. Nothing is emitted once the transport has
 * closed. @message must come from a parser that refuses what the safe parser
 * refuses; [method@Transport.receive_text] parses text that way.
 *
 * Since: 1.0
 */
void
elicit_transport_emit_message (ElicitTransport *self,
                               JsonNode        *message)
{
  ElicitTransportPrivate *state;
  ElicitIncoming incoming;

  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (message != NULL);

  state = get_state (self);
  if (state->closed)
    return;

  /* Handlers may drop the last reference to the transport. */
  g_object_ref (self);
  g_signal_emit (self, signals[MESSAGE], 0, message);
  if (state->sink != NULL && !state->closed)
    {
      elicit_incoming_init_node (&incoming, message);
      state->sink (self, &incoming, state->sink_data);
      elicit_incoming_clear (&incoming);
    }
  g_object_unref (self);
}

/*
 * The peer reading @self takes each message past the ::message signal, after
 * its handlers, through @sink: as text and an index when ::message has no
 * handler, so nothing is built that nobody reads. One sink per transport;
 * FALSE when another has it (that peer then listens to ::message).
 */
gboolean
elicit_transport_set_sink (ElicitTransport     *self,
                           ElicitTransportSink  sink,
                           gpointer             user_data)
{
  ElicitTransportPrivate *state = get_state (self);

  if (state->sink != NULL)
    return FALSE;

  state->sink = sink;
  state->sink_data = user_data;
  return TRUE;
}

void
elicit_transport_clear_sink (ElicitTransport *self,
                             gpointer         user_data)
{
  ElicitTransportPrivate *state = get_state (self);

  if (state->sink_data == user_data)
    {
      state->sink = NULL;
      state->sink_data = NULL;
    }
}

/**
 * elicit_transport_emit_invalid_message:
 * @self: a transport
 * @error: why the message was refused, in [error@TransportError.INVALID_JSON]
 *
 * For implementations: reports a message that arrived whole but cannot be
 * read, by emitting [signal@Transport::invalid-message]. The transport stays
 * open. Nothing is emitted once it has closed.
 *
 * Since: 1.0
 */
void
elicit_transport_emit_invalid_message (ElicitTransport *self,
                                       const GError    *error)
{
  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (error != NULL);

  if (!get_state (self)->closed)
    g_signal_emit (self, signals[INVALID_MESSAGE], 0, error);
}

/**
 * elicit_transport_emit_request_failed:
 * @self: a transport
 * @id: the id of the request that will get no answer
 * @error: why, in [error@TransportError]
 *
 * For implementations: reports that one request sent through @self will get
 * no answer, by emitting [signal@Transport::request-failed]. The transport
 * stays open. Nothing is emitted once it has closed.
 *
 * Since: 1.0
 */
void
elicit_transport_emit_request_failed (ElicitTransport *self,
                                      JsonNode        *id,
                                      const GError    *error)
{
  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (error != NULL);

  if (!get_state (self)->closed)
    g_signal_emit (self, signals[REQUEST_FAILED], 0, id, error);
}

/**
 * elicit_transport_emit_closed:
 * @self: a transport
 * @error: why it closed, in [error@TransportError], with a message a user can
 *   read
 *
 * For implementations: records that the transport closed and why, and emits
 * [signal@Transport::closed]. Only the first call counts: later ones return
 * %FALSE and emit nothing. From then on [method@Transport.is_closed] returns
 * %TRUE, [method@Transport.send] fails without calling the implementation,
 * and the other emit helpers do nothing.
 *
 * Returns: %TRUE if this call closed the transport, %FALSE if it was already
 *   closed
 *
 * Since: 1.0
 */
gboolean
elicit_transport_emit_closed (ElicitTransport *self,
                              const GError    *error)
{
  ElicitTransportPrivate *state;

  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (error != NULL, FALSE);

  state = get_state (self);
  if (state->closed)
    return FALSE;

  state->closed = TRUE;
  state->error = g_error_copy (error);

  g_debug ("transport %p closed: %s", self, error->message);

  /* Handlers may drop the last reference to the transport. */
  g_object_ref (self);
  g_signal_emit (self, signals[CLOSED], 0, state->error);
  g_object_unref (self);

  return TRUE;
}

/* Emits what the parser made of one message; FALSE, with the parser's
 * error, when it is not JSON at all. */
static gboolean
deliver_parsed (ElicitTransport  *self,
                JsonNode         *node,
                GError           *parse_error,
                GError          **error)
{
  g_autoptr(GError) refused = NULL;

  if (node != NULL)
    {
      elicit_transport_emit_message (self, node);
      return TRUE;
    }

  if (parse_error->domain != ELICIT_JSON_ERROR ||
      parse_error->code == ELICIT_JSON_ERROR_INVALID ||
      parse_error->code == ELICIT_JSON_ERROR_INVALID_UTF8)
    {
      g_propagate_error (error, g_error_copy (parse_error));
      return FALSE;
    }

  g_debug ("refusing a message: %s", parse_error->message);
  refused = g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON,
                                 parse_error->message);
  elicit_transport_emit_invalid_message (self, refused);

  return TRUE;
}

/* Straight to the sink: checked and indexed, nothing built. */
static gboolean
receive_into_sink (ElicitTransport  *self,
                   const char       *data,
                   gsize             length,
                   GError          **error)
{
  ElicitTransportPrivate *state = get_state (self);
  g_autoptr(GError) parse_error = NULL;
  ElicitIncoming incoming;

  if (!elicit_incoming_init_text (&incoming, data, length, &parse_error))
    return deliver_parsed (self, NULL, parse_error, error);

  if (!state->closed)
    state->sink (self, &incoming, state->sink_data);
  elicit_incoming_clear (&incoming);

  return TRUE;
}

gboolean
elicit_transport_receive (ElicitTransport  *self,
                          const char       *data,
                          gsize             length,
                          GError          **error)
{
  ElicitTransportPrivate *state = get_state (self);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) parse_error = NULL;

  /* Every caller checked @self: this runs for every message. */
  g_assert (self != NULL);

  if (state->sink != NULL && !g_signal_has_handler_pending (self, signals[MESSAGE], 0, FALSE))
    return receive_into_sink (self, data, length, error);

  node = elicit_json_parse (data, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &parse_error);

  return deliver_parsed (self, node, parse_error, error);
}

/**
 * elicit_transport_receive_text:
 * @self: a transport
 * @text: (array length=length) (element-type guint8): one whole message as
 *   received, UTF-8 JSON text
 * @length: the length of @text in bytes, or -1 if it is nul-terminated
 * @error: return location for the parser's error
 *
 * For implementations that receive text: parses one message with the safe
 * JSON parser (depth 64, no NUL in strings, numbers in range, valid UTF-8)
 * and emits [signal@Transport::message], or
 * [signal@Transport::invalid-message] for JSON the parser refuses to read.
 *
 * Returns: %FALSE, with @error set, when @text is not JSON at all: the
 *   implementation then closes the transport with
 *   [method@Transport.emit_closed]
 *
 * Since: 1.0
 */
gboolean
elicit_transport_receive_text (ElicitTransport  *self,
                               const char       *text,
                               gssize            length,
                               GError          **error)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), FALSE);
  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (length < 0)
    length = strlen (text);

  return elicit_transport_receive (self, text, length, error);
}

static void
parse_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GBytes *bytes = task_data;
  GError *error = NULL;
  const char *data;
  JsonNode *node;
  gsize length;

  data = g_bytes_get_data (bytes, &length);
  node = elicit_json_parse (data, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &error);

  if (node != NULL)
    g_task_return_pointer (task, node, (GDestroyNotify) json_node_unref);
  else
    g_task_return_error (task, error);
}

void
elicit_transport_receive_async (ElicitTransport     *self,
                                GBytes              *data,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_assert (ELICIT_IS_TRANSPORT (self));

  /* No source object: the worker may drop the task last, and must never
   * drop the last reference to a transport. The caller keeps it alive. */
  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (task, elicit_transport_receive_async);
  g_task_set_task_data (task, g_bytes_ref (data), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, parse_in_thread);
}

gboolean
elicit_transport_receive_finish (ElicitTransport  *self,
                                 GAsyncResult     *result,
                                 GError          **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) parse_error = NULL;

  g_assert (ELICIT_IS_TRANSPORT (self));
  g_assert (g_task_is_valid (result, NULL));

  node = g_task_propagate_pointer (G_TASK (result), &parse_error);

  return deliver_parsed (self, node, parse_error, error);
}

typedef struct
{
  ElicitTransport               *self;
  ElicitLineReader              *reader;
  guint64                        line_number;
  ElicitTransportLineFailedFunc  failed;
} LongLine;

static void
long_line_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  LongLine *pending = user_data;
  g_autoptr(ElicitTransport) self = pending->self;
  g_autoptr(ElicitLineReader) reader = pending->reader;
  guint64 line_number = pending->line_number;
  ElicitTransportLineFailedFunc failed = pending->failed;
  g_autoptr(GError) error = NULL;

  g_free (pending);

  if (!elicit_transport_receive_finish (self, result, &error))
    failed (self, line_number, error);
  else
    elicit_line_reader_resume (reader);
}

/* JSON's white space: space, tab, carriage return and line feed. */
static gboolean
is_blank (const char *line,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\n')
      return FALSE;

  return TRUE;
}

ElicitLineAction
elicit_transport_receive_line (ElicitTransport               *self,
                               ElicitLineReader              *reader,
                               const char                    *line,
                               gsize                          length,
                               guint64                        line_number,
                               ElicitTransportLineFailedFunc  failed)
{
  g_autoptr(GError) error = NULL;

  /* Handlers of ::message may drop the last reference to the transport:
   * the reader holds it while it delivers, rather than each line here. */
  g_assert (reader != NULL && elicit_line_reader_get_owner (reader) == (gpointer) self);
  g_assert (failed != NULL);

  /* Lines of only white space are skipped like empty ones (DESIGN.md §3). */
  if (is_blank (line, length))
    return ELICIT_LINE_CONTINUE;

  /* Parsed in a worker; the next lines wait, so the order holds. */
  if (length >= ELICIT_TRANSPORT_THREADED_PARSE_MIN)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (line, length);
      LongLine *pending = g_new0 (LongLine, 1);

      pending->self = g_object_ref (self);
      pending->reader = elicit_line_reader_ref (reader);
      pending->line_number = line_number;
      pending->failed = failed;
      elicit_transport_receive_async (self, bytes, long_line_cb, pending);
      return ELICIT_LINE_PAUSE;
    }

  if (!elicit_transport_receive (self, line, length, &error))
    {
      failed (self, line_number, error);
      return ELICIT_LINE_STOP;
    }

  /* Only the reader's hold is left when a handler dropped the last other
   * reference: as when @self went at once, nothing more is read. */
  if (g_atomic_int_get (&G_OBJECT (self)->ref_count) == 1)
    return ELICIT_LINE_STOP;

  /* Read directly: this runs for every line. */
  return get_state (self)->closed ? ELICIT_LINE_STOP : ELICIT_LINE_CONTINUE;
}

/**
 * elicit_transport_emit_log:
 * @self: a transport
 * @line: one line of diagnostics from the peer
 *
 * For implementations: reports one line of diagnostics by emitting
 * [signal@Transport::log]. A log line is never an error by itself. Bytes of
 * @line that are not UTF-8 are replaced by U+FFFD.
 *
 * Since: 1.0
 */
void
elicit_transport_emit_log (ElicitTransport *self,
                           const char      *line)
{
  g_return_if_fail (ELICIT_IS_TRANSPORT (self));
  g_return_if_fail (line != NULL);

  if G_UNLIKELY (!g_utf8_validate (line, -1, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (line, -1);

      g_signal_emit (self, signals[LOG], 0, valid);
      return;
    }

  g_signal_emit (self, signals[LOG], 0, line);
}

GBytes *
elicit_transport_serialize_line (JsonNode *message)
{
  GString *line = g_string_sized_new (128);

  /* Control characters in strings are escaped, so the compact form never
   * contains a raw newline: one message, one line. (Not json-glib's
   * generator: 1.6 writes 1e20 as "1e+20.0", which is not JSON.) */
  elicit_json_append (line, message);
  g_string_append_c (line, '\n');

  return g_string_free_to_bytes (line);
}

void
elicit_transport_ignore_sigpipe (void)
{
  static gsize done = 0;

  /* A server can exit at any moment, and our next write to its stdin (or a
   * socket whose peer went away) would raise SIGPIPE, whose default action
   * kills the whole application. Ignored, the write fails with EPIPE and the
   * transport closes with a readable reason instead. */
  if (g_once_init_enter (&done))
    {
      signal (SIGPIPE, SIG_IGN);
      g_once_init_leave (&done, 1);
    }
}

GSource *
elicit_timeout_source_add (guint        msec,
                           GSourceFunc  func,
                           gpointer     data,
                           const char  *name)
{
  GSource *source = g_timeout_source_new (msec);

  g_source_set_callback (source, func, data, NULL);
  g_source_set_static_name (source, name);
  g_source_attach (source, g_main_context_get_thread_default ());

  return source;
}

void
elicit_clear_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

/**
 * elicit_transport_hold_for_user:
 * @self: a transport
 * @waiting: %TRUE when a wait for the user begins, %FALSE when it ends
 *
 * For implementations: the transport waits for the user (for instance
 * while they sign in to the server, which may take minutes). While it
 * does, [property@Transport:waiting-for-user] is %TRUE and an [class@Peer]
 * over it lets no call time out. Holds are counted: end every one begun.
 *
 * Since: 1.0
 */
void
elicit_transport_hold_for_user (ElicitTransport *self,
                                gboolean         waiting)
{
  ElicitTransportPrivate *priv;
  gboolean was_waiting;

  g_return_if_fail (ELICIT_IS_TRANSPORT (self));

  priv = elicit_transport_get_instance_private (self);
  was_waiting = priv->waiting_for_user > 0;

  if (waiting)
    priv->waiting_for_user++;
  else if (priv->waiting_for_user > 0)
    priv->waiting_for_user--;

  if (was_waiting != (priv->waiting_for_user > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WAITING_FOR_USER]);
}

/**
 * elicit_transport_get_waiting_for_user:
 * @self: a transport
 *
 * Gets [property@Transport:waiting-for-user].
 *
 * Returns: whether the transport waits for the user
 *
 * Since: 1.0
 */
gboolean
elicit_transport_get_waiting_for_user (ElicitTransport *self)
{
  ElicitTransportPrivate *priv;

  g_return_val_if_fail (ELICIT_IS_TRANSPORT (self), FALSE);

  priv = elicit_transport_get_instance_private (self);
  return priv->waiting_for_user > 0;
}
