/* elicit-peer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-init-private.h"
#include "elicit-marshal.h"
#include "elicit-peer-private.h"
#include "elicit-peer-struct-private.h"
#include "elicit-session-error-private.h"
#include "elicit-text-private.h"
#include "elicit-transport-private.h"

/**
 * ElicitPeer:
 *
 * One JSON-RPC 2.0 peer over an [class@Transport], as MCP uses it: the one
 * place in Elicit that knows message ids, pending calls, their timeouts and
 * cancellation, JSON-RPC error codes, and the rule that every request gets
 * exactly one answer.
 *
 * Calls: [method@Peer.call_async] sends a request under a new integer id and
 * completes with its `result`, or with an [error@SessionError] carrying the
 * error the other side answered with, or with the [error@TransportError]
 * of a transport that could not carry it
 * ([signal@Transport::request-failed]). A call that gets no answer within
 * [property@Peer:timeout] fails with %ELICIT_SESSION_ERROR_TIMEOUT and
 * `notifications/cancelled` is sent; [method@Peer.restart_timeout] restarts
 * the clock (on progress), and the clock never runs out while the other side
 * waits for an answer from us: it may be waiting for its user. Cancelling a
 * call sends `notifications/cancelled`; a late answer is ignored.
 *
 * What the other side sends: each request is offered to
 * [signal@Peer::handle-request]; the handler answers it, now or later, with
 * [method@Peer.reply], [method@Peer.reply_error] or
 * [method@Peer.relay_response], and only the first answer is sent. A request
 * no handler takes gets -32601, and a request that reuses the id of one still
 * pending gets -32600. `notifications/cancelled` naming a pending request
 * forgets it (it must not be answered any more) and emits
 * [signal@Peer::request-cancelled]; every notification is emitted as
 * [signal@Peer::notification]. Responses to ids this peer did not send go to
 * [signal@Peer::unknown-response], where a proxy passes them on.
 *
 * Hostile input is normal input: a batch, a message that is not an object,
 * a bad id, a missing `"jsonrpc": "2.0"` or a message the safe parser refused
 * is answered with -32600 (with a null id when its own cannot be trusted),
 * reported through [signal@Peer::refused], and survived.
 *
 * Since: 1.0
 */

typedef struct
{
  ElicitPeer          *peer;
  gint64               id;
  char                *method;
  GTask               *task;
  gpointer             timer;
  guint                timeout;
  GSource             *cancel_source;
  ElicitPeerCallFlags  flags;
} Call;

enum {
  PROP_0,
  PROP_TRANSPORT,
  PROP_TIMEOUT,
  N_PROPS
};

enum {
  HANDLE_REQUEST,
  NOTIFICATION,
  REQUEST_CANCELLED,
  UNKNOWN_RESPONSE,
  UNKNOWN_REQUEST_FAILED,
  REFUSED,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitPeer, elicit_peer, G_TYPE_OBJECT)

/* Sending ---------------------------------------------------------------------- */


static gboolean
send_node (ElicitPeer *self,
           JsonNode   *message)
{
  g_autoptr(GError) error = NULL;

  if (self->close_error != NULL || !elicit_transport_send (self->transport, message, &error))
    {
      g_debug ("not sent: %s", error ? error->message : "the connection is closed");
      return FALSE;
    }

  return TRUE;
}

static gboolean
send_object (ElicitPeer *self,
             JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return send_node (self, node);
}

/* @id NULL answers with a null id, as JSON-RPC wants when it is unknown. */
static void
send_error (ElicitPeer *self,
            JsonNode   *id,
            gint64      code,
            const char *text)
{
  g_autoptr(JsonObject) message = elicit_jsonrpc_envelope_new (id);
  JsonObject *error = json_object_new ();

  if (id == NULL)
    json_object_set_null_member (message, "id");

  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", text);
  json_object_set_object_member (message, "error", error);
  send_object (self, message);
}

/* Calls ------------------------------------------------------------------------ */

static void
call_free (Call *call)
{
  if (call->timer != NULL)
    call->peer->clock->remove (g_steal_pointer (&call->timer), call->peer->clock_data);
  elicit_clear_source (&call->cancel_source);
  g_clear_object (&call->task);
  g_free (call->method);
  g_free (call);
}

/* Takes the call out of the table; the caller completes its task. */
static Call *
steal_call (ElicitPeer *self,
            gint64      id)
{
  Call *call = g_hash_table_lookup (self->calls, &id);

  if (call != NULL)
    g_hash_table_steal (self->calls, &id);

  return call;
}

static void
finish_call (Call   *call,
             GError *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&call->task);

  call_free (call);
  g_task_return_error (task, error);
}

static void
send_cancelled (ElicitPeer *self,
                Call       *call,
                const char *reason)
{
  g_autoptr(JsonObject) params = NULL;

  /* The specification forbids cancelling initialize. */
  if (call->flags & ELICIT_PEER_CALL_NOT_CANCELLABLE)
    return;

  params = json_object_new ();
  json_object_set_int_member (params, "requestId", call->id);
  json_object_set_string_member (params, "reason", reason);
  elicit_peer_notify (self, "notifications/cancelled", params);
}

static gboolean call_timeout_cb (gpointer data);

static void
restart_timeout (ElicitPeer *self,
                 Call       *call)
{
  if (call->timer != NULL)
    self->clock->remove (g_steal_pointer (&call->timer), self->clock_data);

  if (call->timeout > 0)
    call->timer = self->clock->add (call->timeout, call_timeout_cb, call, self->clock_data);
}

static void
restart_all_timeouts (ElicitPeer *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    restart_timeout (self, value);
}

static gboolean
call_timeout_cb (gpointer data)
{
  Call *call = data;
  ElicitPeer *self = call->peer;
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);
  g_autofree char *text = NULL;

  /* The other side may be waiting for our user to answer one of its
   * requests, or the transport for the user to sign in; that is not the
   * other side being slow. */
  if (g_hash_table_size (self->requests) > 0 ||
      (self->transport != NULL && elicit_transport_get_waiting_for_user (self->transport)))
    {
      restart_timeout (self, call);
      return G_SOURCE_REMOVE;
    }

  self->clock->remove (g_steal_pointer (&call->timer), self->clock_data);
  call = steal_call (self, call->id);
  g_assert (call != NULL);

  g_debug ("call %" G_GINT64_FORMAT " (%s) timed out", call->id, call->method);
  text = g_strdup_printf (_("The server did not answer “%s” in time"), call->method);
  send_cancelled (self, call, "timed out");
  finish_call (call, elicit_session_error_new_rpc (0, ELICIT_SESSION_ERROR_TIMEOUT, text, NULL));

  return G_SOURCE_REMOVE;
}

static gboolean
call_cancelled_cb (GCancellable *cancellable,
                   gpointer      data)
{
  Call *call = data;
  ElicitPeer *self = call->peer;
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);

  g_clear_pointer (&call->cancel_source, g_source_unref);
  call = steal_call (self, call->id);
  g_assert (call != NULL);

  g_debug ("call %" G_GINT64_FORMAT " (%s) cancelled", call->id, call->method);
  send_cancelled (self, call, "cancelled by the client");
  finish_call (call, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                          _("The call was cancelled")));

  return G_SOURCE_REMOVE;
}

static GError *
error_from_response (Call     *call,
                     JsonNode *node)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *code_node = object ? json_object_get_member (object, "code") : NULL;
  const char *message = elicit_json_object_get_string (object, "message");
  JsonNode *data = object ? json_object_get_member (object, "data") : NULL;
  g_autofree char *text = NULL;
  gint64 code;
  int domain_code;

  if (code_node == NULL || !JSON_NODE_HOLDS_VALUE (code_node) ||
      json_node_get_value_type (code_node) != G_TYPE_INT64)
    return g_error_new (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                        _("The server sent a malformed error for “%s”"), call->method);

  code = json_node_get_int (code_node);
  switch (code)
    {
    case ELICIT_SESSION_ERROR_PARSE_ERROR:
    case ELICIT_SESSION_ERROR_INVALID_REQUEST:
    case ELICIT_SESSION_ERROR_METHOD_NOT_FOUND:
    case ELICIT_SESSION_ERROR_INVALID_PARAMS:
    case ELICIT_SESSION_ERROR_INTERNAL_ERROR:
    case ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED:
    case ELICIT_SESSION_ERROR_HEADER_MISMATCH:
    case ELICIT_SESSION_ERROR_MISSING_CLIENT_CAPABILITY:
    case ELICIT_SESSION_ERROR_UNSUPPORTED_PROTOCOL_VERSION:
      domain_code = (int) code;
      break;

    default:
      domain_code = ELICIT_SESSION_ERROR_SERVER_ERROR;
      break;
    }

  /* The other side's words, made safe to show; never empty. */
  if (message != NULL && *message != '\0')
    text = elicit_text_sanitize_block (message, ELICIT_TEXT_BLOCK_MAX);
  else
    {
      /* G_GINT64_FORMAT inside _() would hide the string from xgettext. */
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, code);

      /* Translators: the first %s is an MCP method such as “tools/call”, the
       * second a JSON-RPC error code */
      text = g_strdup_printf (_("The server answered “%s” with error %s"), call->method, number);
    }

  return elicit_session_error_new_rpc (code, domain_code, text, data);
}

static void
handle_response (ElicitPeer *self,
                 JsonNode   *message,
                 JsonNode   *id)
{
  JsonObject *object = json_node_get_object (message);
  JsonNode *result = json_object_get_member (object, "result");
  JsonNode *error = json_object_get_member (object, "error");
  g_autoptr(GTask) task = NULL;
  gboolean handled = FALSE;
  Call *call = NULL;

  if (id != NULL && json_node_get_value_type (id) == G_TYPE_INT64)
    call = steal_call (self, json_node_get_int (id));

  if (call == NULL)
    {
      /* Late answers to calls we cancelled or timed out land here too. */
      g_signal_emit (self, signals[UNKNOWN_RESPONSE], 0, message, id, &handled);
      if (!handled)
        g_debug ("ignoring a response to an unknown id");
      return;
    }

  task = g_steal_pointer (&call->task);

  if ((result == NULL) == (error == NULL))
    {
      g_debug ("the response to %s has %s", call->method,
               result ? "both a result and an error" : "neither a result nor an error");
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed response to “%s”"), call->method);
    }
  else if (error != NULL)
    g_task_return_error (task, error_from_response (call, error));
  else
    g_task_return_pointer (task, json_node_copy (result), (GDestroyNotify) json_node_unref);

  call_free (call);
}

/* The other side's requests and notifications ----------------------------------- */

static void
handle_request (ElicitPeer *self,
                const char *method,
                JsonNode   *id,
                JsonObject *params,
                JsonNode   *message)
{
  g_autoptr(JsonNode) held = NULL;
  gboolean handled = FALSE;

  if (g_hash_table_contains (self->requests, id))
    {
      g_debug ("the other side reused the id of a request still pending");
      send_error (self, id, ELICIT_JSONRPC_ERROR_INVALID_REQUEST,
                  _("The request id is already in use by a pending request"));
      return;
    }

  held = json_node_copy (id);
  g_hash_table_add (self->requests, json_node_ref (held));

  g_signal_emit (self, signals[HANDLE_REQUEST], g_quark_try_string (method),
                 method, held, params, message, &handled);

  if (!handled && g_hash_table_contains (self->requests, held))
    {
      g_autofree char *shown = elicit_text_sanitize_line (method, 100);
      g_autofree char *text = g_strdup_printf (_("Method not found: %s"), shown);

      g_debug ("no handler for a request");
      elicit_peer_reply_error (self, held, ELICIT_JSONRPC_ERROR_METHOD_NOT_FOUND, text);
    }
}

static void
handle_cancelled (ElicitPeer *self,
                  JsonObject *params)
{
  JsonNode *request_id = params ? json_object_get_member (params, "requestId") : NULL;
  const char *reason = elicit_json_object_get_string (params, "reason");
  g_autoptr(JsonNode) id = NULL;

  if (!elicit_jsonrpc_is_valid_id (request_id) || !g_hash_table_steal_extended (self->requests, request_id,
                                                                  (gpointer *) &id, NULL))
    return;

  restart_all_timeouts (self);
  g_signal_emit (self, signals[REQUEST_CANCELLED], 0, id, reason);
}

static void
refuse (ElicitPeer *self,
        JsonNode   *id,
        GError     *error)
{
  g_debug ("refusing a message: %s", error->message);
  g_signal_emit (self, signals[REFUSED], 0, error->message);

  /* A response or notification is never answered, however malformed. */
  if (error->code == ELICIT_JSONRPC_ERROR_INVALID_PARAMS && id != NULL)
    send_error (self, id, error->code, error->message);
  else if (error->code == ELICIT_JSONRPC_ERROR_INVALID_REQUEST)
    send_error (self, id, error->code, error->message);
}

static gboolean
has_notification_handler (ElicitPeer *self,
                          const char *method)
{
  GQuark detail;

  /* Without a detail in the mask, this finds a handler with any detail,
   * blocked or not; ElicitPeer is final, so there is no class handler. No
   * handler at all, the usual case (the library listens through
   * elicit_peer_add_notification_func()), answers in one question. */
  if (g_signal_handler_find (self, G_SIGNAL_MATCH_ID, signals[NOTIFICATION], 0,
                             NULL, NULL, NULL) == 0)
    return FALSE;

  /* A detail finds only the handlers connected with it, so ask both. */
  if (g_signal_has_handler_pending (self, signals[NOTIFICATION], 0, FALSE))
    return TRUE;

  detail = elicit_peer_notification_detail (self, method);
  return detail != 0 && g_signal_has_handler_pending (self, signals[NOTIFICATION], detail, FALSE);
}

/*
 * A notification the index vouches for, read without a tree when no
 * ::notification handler wants one: only the in-tree listeners of its
 * method see it, and they read what they need from the text. FALSE sends
 * it down the full path.
 */
static gboolean
handle_notification_fast (ElicitPeer     *self,
                          ElicitIncoming *message)
{
  char method[ELICIT_INCOMING_METHOD_MAX];

  if (!elicit_incoming_notification (message, method, sizeof method) ||
      g_str_equal (method, "notifications/cancelled") ||
      has_notification_handler (self, method))
    return FALSE;

  elicit_peer_call_notification_funcs (self, method, message);
  return TRUE;
}

static void
handle_message (ElicitPeer     *self,
                ElicitIncoming *incoming)
{
  g_autoptr(GError) error = NULL;
  JsonNode *message;
  JsonObject *params;
  const char *method;
  JsonNode *id;

  if (handle_notification_fast (self, incoming))
    return;

  message = elicit_incoming_get_node (incoming);
  switch (elicit_jsonrpc_classify (message, &method, &id, &params, &error))
    {
    case ELICIT_MESSAGE_KIND_REQUEST:
      handle_request (self, method, id, params, message);
      break;

    case ELICIT_MESSAGE_KIND_NOTIFICATION:
      if (g_str_equal (method, "notifications/cancelled"))
        handle_cancelled (self, params);
      elicit_peer_call_notification_funcs (self, method, incoming);
      g_signal_emit (self, signals[NOTIFICATION], g_quark_try_string (method),
                     method, params, message);
      break;

    case ELICIT_MESSAGE_KIND_RESPONSE:
      handle_response (self, message, id);
      break;

    case ELICIT_MESSAGE_KIND_INVALID:
    default:
      /* Malformed responses and notifications are dropped without a word:
       * answering them could start a loop of errors between two peers. */
      if (JSON_NODE_HOLDS_OBJECT (message) &&
          (json_object_has_member (json_node_get_object (message), "method")
           ? !json_object_has_member (json_node_get_object (message), "id")
           : (json_object_has_member (json_node_get_object (message), "result") ||
              json_object_has_member (json_node_get_object (message), "error"))))
        {
          g_debug ("dropping a malformed message: %s", error->message);
          g_signal_emit (self, signals[REFUSED], 0, error->message);
          break;
        }
      refuse (self, id, error);
      break;
    }
}

/* The transport ----------------------------------------------------------------- */

/* How the transport's one sink reads: see elicit_transport_set_sink(). */
static void
transport_incoming_cb (ElicitTransport *transport,
                       ElicitIncoming  *message,
                       gpointer         user_data)
{
  ElicitPeer *self = user_data;
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);

  if (self->close_error == NULL)
    handle_message (self, message);
}

/* A second peer on one transport reads ::message, as every peer once did. */
static void
transport_message_cb (ElicitTransport *transport,
                      JsonNode        *message,
                      ElicitPeer      *self)
{
  ElicitIncoming incoming;

  elicit_incoming_init_node (&incoming, message);
  transport_incoming_cb (transport, &incoming, self);
  elicit_incoming_clear (&incoming);
}

static void
transport_invalid_message_cb (ElicitTransport *transport,
                              const GError    *error,
                              ElicitPeer      *self)
{
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);
  g_autoptr(GError) refusal = NULL;

  if (self->close_error != NULL)
    return;

  /* Whole, but unreadable: its id cannot be trusted, so answer with null. */
  refusal = g_error_new (ELICIT_JSONRPC_ERROR, ELICIT_JSONRPC_ERROR_INVALID_REQUEST,
                         "Invalid Request: %s", error->message);
  refuse (self, NULL, refusal);
}

/* The transport will bring no answer to @id: our call fails with the
 * transport's own error, and a request we only forwarded is for whoever
 * forwarded it to answer. */
static void
transport_request_failed_cb (ElicitTransport *transport,
                             JsonNode        *id,
                             const GError    *error,
                             ElicitPeer      *self)
{
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);
  Call *call = NULL;

  if (self->close_error != NULL)
    return;

  if (JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_INT64)
    call = steal_call (self, json_node_get_int (id));

  if (call == NULL)
    {
      g_signal_emit (self, signals[UNKNOWN_REQUEST_FAILED], 0, id, error);
      return;
    }

  g_debug ("call %" G_GINT64_FORMAT " (%s) failed: %s", call->id, call->method, error->message);
  finish_call (call, g_error_copy (error));
}

static void
fail_all_calls (ElicitPeer *self)
{
  g_autoptr(GList) calls = g_hash_table_get_values (self->calls);

  g_hash_table_steal_all (self->calls);

  for (GList *l = calls; l != NULL; l = l->next)
    finish_call (l->data, elicit_session_error_new_rpc (0, ELICIT_SESSION_ERROR_CLOSED,
                                                        self->close_error->message, NULL));
}

static void
transport_closed_cb (ElicitTransport *transport,
                     const GError    *error,
                     ElicitPeer      *self)
{
  g_autoptr(ElicitPeer) hold G_GNUC_UNUSED = g_object_ref (self);

  if (self->close_error != NULL)
    return;

  g_debug ("peer closed: %s", error->message);
  self->close_error = g_error_copy (error);
  g_hash_table_remove_all (self->requests);
  fail_all_calls (self);

  g_signal_emit (self, signals[CLOSED], 0, self->close_error);
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_peer_constructed (GObject *object)
{
  ElicitPeer *self = ELICIT_PEER (object);

  G_OBJECT_CLASS (elicit_peer_parent_class)->constructed (object);

  g_assert (ELICIT_IS_TRANSPORT (self->transport));

  self->has_sink = elicit_transport_set_sink (self->transport, transport_incoming_cb, self);
  if (!self->has_sink)
    g_signal_connect_object (self->transport, "message",
                             G_CALLBACK (transport_message_cb), self, 0);
  g_signal_connect_object (self->transport, "invalid-message",
                           G_CALLBACK (transport_invalid_message_cb), self, 0);
  g_signal_connect_object (self->transport, "closed",
                           G_CALLBACK (transport_closed_cb), self, 0);
  g_signal_connect_object (self->transport, "request-failed",
                           G_CALLBACK (transport_request_failed_cb), self, 0);
}

static void
elicit_peer_dispose (GObject *object)
{
  ElicitPeer *self = ELICIT_PEER (object);

  /* Calls hold a reference to us through their task, so only an explicit
   * g_object_run_dispose() gets here with calls pending. */
  if (g_hash_table_size (self->calls) > 0)
    {
      if (self->close_error == NULL)
        self->close_error = g_error_new_literal (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                                                 _("The session was closed"));
      fail_all_calls (self);
    }

  if (self->transport != NULL)
    {
      if (self->has_sink)
        elicit_transport_clear_sink (self->transport, self);
      self->has_sink = FALSE;
      g_signal_handlers_disconnect_by_data (self->transport, self);
      if (!elicit_transport_is_closed (self->transport))
        elicit_transport_close_async (self->transport, NULL, NULL, NULL);
      g_clear_object (&self->transport);
    }

  G_OBJECT_CLASS (elicit_peer_parent_class)->dispose (object);
}

static void
elicit_peer_finalize (GObject *object)
{
  ElicitPeer *self = ELICIT_PEER (object);

  g_clear_error (&self->close_error);
  g_clear_pointer (&self->calls, g_hash_table_unref);
  g_clear_pointer (&self->requests, g_hash_table_unref);
  g_clear_pointer (&self->notification_funcs, g_array_unref);

  G_OBJECT_CLASS (elicit_peer_parent_class)->finalize (object);
}

static void
elicit_peer_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ElicitPeer *self = ELICIT_PEER (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      g_value_set_object (value, self->transport);
      break;

    case PROP_TIMEOUT:
      g_value_set_uint (value, self->timeout);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_peer_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ElicitPeer *self = ELICIT_PEER (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case PROP_TIMEOUT:
      elicit_peer_set_timeout (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_peer_class_init (ElicitPeerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = elicit_peer_constructed;
  object_class->dispose = elicit_peer_dispose;
  object_class->finalize = elicit_peer_finalize;
  object_class->get_property = elicit_peer_get_property;
  object_class->set_property = elicit_peer_set_property;

  /**
   * ElicitPeer:transport:
   *
   * The transport the peer speaks over.
   *
   * Since: 1.0
   */
  properties[PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         ELICIT_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitPeer:timeout:
   *
   * How long a call waits for its answer, in milliseconds; 0 waits forever.
   *
   * Since: 1.0
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, ELICIT_PEER_DEFAULT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitPeer::handle-request:
   * @self: the peer
   * @method: the method the other side calls
   * @id: the request's id, to answer with
   * @params: (nullable): the request's parameters
   * @message: the whole request, as received
   *
   * Emitted for each request the other side sends, with the method as the
   * signal's detail. A handler that takes the request returns %TRUE and
   * answers it, now or later, with [method@Peer.reply],
   * [method@Peer.reply_error] or [method@Peer.relay_response]. A request no
   * handler takes is answered with -32601.
   *
   * Returns: %TRUE if the request was taken
   *
   * Since: 1.0
   */
  signals[HANDLE_REQUEST] =
    g_signal_new ("handle-request",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  _elicit_marshal_BOOLEAN__STRING_BOXED_BOXED_BOXED,
                  G_TYPE_BOOLEAN, 4,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE,
                  JSON_TYPE_OBJECT,
                  JSON_TYPE_NODE);
  g_signal_set_va_marshaller (signals[HANDLE_REQUEST], G_TYPE_FROM_CLASS (klass),
                              _elicit_marshal_BOOLEAN__STRING_BOXED_BOXED_BOXEDv);

  /**
   * ElicitPeer::notification:
   * @self: the peer
   * @method: the notification's method
   * @params: (nullable): its parameters
   * @message: the whole message, as received
   *
   * Emitted for each notification the other side sends, with the method as
   * the signal's detail. A notification no handler is connected for, with
   * or without its detail, is read no further than its listeners inside
   * the library need: a flood of log lines costs no tree per line.
   *
   * Since: 1.0
   */
  signals[NOTIFICATION] =
    g_signal_new ("notification",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0,
                  NULL, NULL,
                  _elicit_marshal_VOID__STRING_BOXED_BOXED,
                  G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_OBJECT,
                  JSON_TYPE_NODE);
  g_signal_set_va_marshaller (signals[NOTIFICATION], G_TYPE_FROM_CLASS (klass),
                              _elicit_marshal_VOID__STRING_BOXED_BOXEDv);

  /**
   * ElicitPeer::request-cancelled:
   * @self: the peer
   * @id: the id of the request the other side cancelled
   * @reason: (nullable): the reason it gave
   *
   * Emitted when the other side cancels one of its pending requests. The
   * request is no longer pending: answers to it are not sent.
   *
   * Since: 1.0
   */
  signals[REQUEST_CANCELLED] =
    g_signal_new ("request-cancelled",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2,
                  JSON_TYPE_NODE,
                  G_TYPE_STRING);

  /**
   * ElicitPeer::unknown-response:
   * @self: the peer
   * @message: the response
   * @id: (nullable): its id
   *
   * Emitted for a response to an id this peer has no call for: one a proxy
   * relayed, or a late answer to a call that was cancelled or timed out.
   *
   * Returns: %TRUE if a handler took the response
   *
   * Since: 1.0
   */
  signals[UNKNOWN_RESPONSE] =
    g_signal_new ("unknown-response",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 2,
                  JSON_TYPE_NODE,
                  JSON_TYPE_NODE);

  /**
   * ElicitPeer::unknown-request-failed:
   * @self: the peer
   * @id: the id of the request
   * @error: why, in [error@TransportError]
   *
   * Emitted when the transport reports that a request this peer has no call
   * for will get no answer ([signal@Transport::request-failed]): one a proxy
   * forwarded with [method@Peer.forward]. The proxy answers it as it sees
   * fit; a call of this peer's own fails with @error instead.
   *
   * Since: 1.0
   */
  signals[UNKNOWN_REQUEST_FAILED] =
    g_signal_new ("unknown-request-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 2,
                  JSON_TYPE_NODE,
                  G_TYPE_ERROR);

  /**
   * ElicitPeer::refused:
   * @self: the peer
   * @reason: why, in the words sent back to the other side
   *
   * Emitted when the peer refuses a malformed message, after answering it
   * where JSON-RPC allows.
   *
   * Since: 1.0
   */
  signals[REFUSED] =
    g_signal_new ("refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING);

  /**
   * ElicitPeer::closed:
   * @self: the peer
   * @error: why the transport closed
   *
   * Emitted once, when the transport closes, after every pending call failed
   * with %ELICIT_SESSION_ERROR_CLOSED.
   *
   * Since: 1.0
   */
  signals[CLOSED] =
    g_signal_new ("closed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR);

  elicit_ensure_i18n ();
}

static void
elicit_peer_init (ElicitPeer *self)
{
  self->timeout = ELICIT_PEER_DEFAULT_TIMEOUT;
  self->next_id = 1;
  self->calls = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->requests = g_hash_table_new_full (json_node_hash, json_node_equal,
                                          (GDestroyNotify) json_node_unref, NULL);
  self->clock = &elicit_peer_main_context_clock;
  self->notification_funcs = g_array_new (FALSE, FALSE, sizeof (NotificationFunc));
  g_array_set_clear_func (self->notification_funcs, elicit_peer_notification_func_clear);
}

/* Public API ------------------------------------------------------------------- */

/**
 * elicit_peer_new:
 * @transport: the transport to the other side
 *
 * Creates a peer over @transport. Nothing is received until
 * [method@Peer.start].
 *
 * Returns: (transfer full): a new peer
 *
 * Since: 1.0
 */
ElicitPeer *
elicit_peer_new (ElicitTransport *transport)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (transport), NULL);

  return g_object_new (ELICIT_TYPE_PEER, "transport", transport, NULL);
}

/**
 * elicit_peer_get_transport:
 * @self: a peer
 *
 * Gets the transport the peer speaks over.
 *
 * Returns: (transfer none): the transport
 *
 * Since: 1.0
 */
ElicitTransport *
elicit_peer_get_transport (ElicitPeer *self)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), NULL);

  return self->transport;
}

/**
 * elicit_peer_is_closed:
 * @self: a peer
 *
 * Gets whether the transport has closed.
 *
 * Returns: %TRUE once [signal@Peer::closed] was emitted
 *
 * Since: 1.0
 */
gboolean
elicit_peer_is_closed (ElicitPeer *self)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), TRUE);

  return self->close_error != NULL;
}

/**
 * elicit_peer_get_timeout:
 * @self: a peer
 *
 * Gets [property@Peer:timeout].
 *
 * Returns: the timeout of calls, in milliseconds
 *
 * Since: 1.0
 */
guint
elicit_peer_get_timeout (ElicitPeer *self)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), 0);

  return self->timeout;
}

/**
 * elicit_peer_set_timeout:
 * @self: a peer
 * @timeout: milliseconds, or 0 to wait forever
 *
 * Sets how long calls made from now on wait for their answer.
 *
 * Since: 1.0
 */
void
elicit_peer_set_timeout (ElicitPeer *self,
                         guint       timeout)
{
  g_return_if_fail (ELICIT_IS_PEER (self));

  if (self->timeout == timeout)
    return;

  self->timeout = timeout;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

/**
 * elicit_peer_start:
 * @self: a peer
 *
 * Starts the transport: from now on, what the other side sends is handled.
 *
 * Since: 1.0
 */
void
elicit_peer_start (ElicitPeer *self)
{
  g_return_if_fail (ELICIT_IS_PEER (self));

  if (self->started)
    return;

  self->started = TRUE;
  elicit_transport_start (self->transport);
}

static void
add_progress_token (JsonObject *params,
                    gint64      id)
{
  JsonNode *node = json_object_get_member (params, "_meta");
  JsonObject *meta;

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    meta = json_node_get_object (node);
  else
    {
      meta = json_object_new ();
      json_object_set_object_member (params, "_meta", meta);
    }

  json_object_set_int_member (meta, "progressToken", id);
}

static JsonObject *
request_new (const char          *method,
             gint64               id,
             JsonObject          *params,
             ElicitPeerCallFlags  flags)
{
  JsonObject *message = elicit_jsonrpc_envelope_new (NULL);

  json_object_set_int_member (message, "id", id);
  json_object_set_string_member (message, "method", method);
  if (params != NULL)
    {
      if (flags & ELICIT_PEER_CALL_PROGRESS_TOKEN)
        add_progress_token (params, id);
      json_object_set_object_member (message, "params", json_object_ref (params));
    }

  return message;
}

static void
watch_cancellable (Call         *call,
                   GCancellable *cancellable)
{
  call->cancel_source = g_cancellable_source_new (cancellable);
  g_source_set_callback (call->cancel_source, G_SOURCE_FUNC (call_cancelled_cb), call, NULL);
  g_source_set_static_name (call->cancel_source, "[elicit] call cancelled");
  g_source_attach (call->cancel_source, g_main_context_get_thread_default ());
}

/**
 * elicit_peer_call_async:
 * @self: a peer
 * @method: the method to call
 * @params: (nullable): its parameters; with %ELICIT_PEER_CALL_PROGRESS_TOKEN,
 *   the progress token is added to them
 * @flags: how to send the call
 * @cancellable: (nullable): a cancellable; cancelling sends `notifications/cancelled`
 * @callback: called with the answer
 * @user_data: data for @callback
 *
 * Sends a request under a new id.
 *
 * Returns: the request's id (also its progress token), or 0 when it could
 *   not be sent (@callback then gets the error)
 *
 * Since: 1.0
 */
gint64
elicit_peer_call_async (ElicitPeer          *self,
                        const char          *method,
                        JsonObject          *params,
                        ElicitPeerCallFlags  flags,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), 0);

  return elicit_peer_call_with_timeout_async (self, method, params, flags, self->timeout,
                                              cancellable, callback, user_data);
}

gint64
elicit_peer_call_with_timeout_async (ElicitPeer          *self,
                                     const char          *method,
                                     JsonObject          *params,
                                     ElicitPeerCallFlags  flags,
                                     guint                timeout,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) message = NULL;
  Call *call;
  gint64 id;

  g_return_val_if_fail (ELICIT_IS_PEER (self), 0);
  g_return_val_if_fail (method != NULL, 0);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), 0);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_peer_call_async);

  if (g_task_return_error_if_cancelled (task))
    return 0;

  if (self->close_error != NULL)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                               "%s", self->close_error->message);
      return 0;
    }

  id = self->next_id++;
  message = request_new (method, id, params, flags);

  call = g_new0 (Call, 1);
  call->peer = self;
  call->id = id;
  call->method = g_strdup (method);
  call->task = g_object_ref (task);
  call->flags = flags;
  call->timeout = timeout;
  g_hash_table_insert (self->calls, &call->id, call);

  if (!send_object (self, message))
    {
      /* If the transport closed while sending, closed_cb failed the call. */
      if ((call = steal_call (self, id)) != NULL)
        finish_call (call, g_error_new_literal (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                                                _("The connection is closed")));
      return 0;
    }

  restart_timeout (self, call);
  if (cancellable != NULL)
    watch_cancellable (call, cancellable);

  return id;
}

/**
 * elicit_peer_call_finish:
 * @self: a peer
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Peer.call_async].
 *
 * Returns: (transfer full): the `result` the other side answered with, or %NULL
 *
 * Since: 1.0
 */
JsonNode *
elicit_peer_call_finish (ElicitPeer    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * elicit_peer_restart_timeout:
 * @self: a peer
 * @id: the id of a pending call
 *
 * Restarts the timeout of a call, as a sign of life (progress) does.
 *
 * Returns: %TRUE if @id is a pending call of this peer
 *
 * Since: 1.0
 */
gboolean
elicit_peer_restart_timeout (ElicitPeer *self,
                             gint64      id)
{
  Call *call;

  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);

  call = g_hash_table_lookup (self->calls, &id);
  if (call == NULL)
    return FALSE;

  restart_timeout (self, call);

  return TRUE;
}

/**
 * elicit_peer_notify:
 * @self: a peer
 * @method: the notification's method
 * @params: (nullable): its parameters
 *
 * Sends a notification.
 *
 * Returns: %TRUE if it was sent
 *
 * Since: 1.0
 */
gboolean
elicit_peer_notify (ElicitPeer *self,
                    const char *method,
                    JsonObject *params)
{
  g_autoptr(JsonObject) message = NULL;

  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (method != NULL, FALSE);

  message = elicit_jsonrpc_envelope_new (NULL);
  json_object_set_string_member (message, "method", method);
  if (params != NULL)
    json_object_set_object_member (message, "params", json_object_ref (params));

  return send_object (self, message);
}

/* Forgets a pending request of the other side; FALSE if it was not pending
 * (answered already, cancelled, or never received). */
static gboolean
take_request (ElicitPeer *self,
              JsonNode   *id)
{
  if (id == NULL || !g_hash_table_remove (self->requests, id))
    {
      g_debug ("not answering a request that is not pending");
      return FALSE;
    }

  /* The other side was waiting for us, not the other way around. */
  restart_all_timeouts (self);

  return TRUE;
}

/**
 * elicit_peer_reply:
 * @self: a peer
 * @id: the id of a pending request of the other side
 * @result: the result
 *
 * Answers a request with a result. Only the first answer to a request is
 * sent; a request the other side cancelled is not answered.
 *
 * Returns: %TRUE if the answer was sent
 *
 * Since: 1.0
 */
gboolean
elicit_peer_reply (ElicitPeer *self,
                   JsonNode   *id,
                   JsonObject *result)
{
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonNode) held = NULL;

  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  held = json_node_copy (id);
  if (!take_request (self, held))
    return FALSE;

  message = elicit_jsonrpc_envelope_new (held);
  json_object_set_object_member (message, "result", json_object_ref (result));

  return send_object (self, message);
}

/**
 * elicit_peer_reply_error:
 * @self: a peer
 * @id: the id of a pending request of the other side
 * @code: a JSON-RPC error code, such as %ELICIT_JSONRPC_ERROR_INVALID_PARAMS
 * @message: the error's message
 *
 * Answers a request with an error. Only the first answer to a request is
 * sent.
 *
 * Returns: %TRUE if the answer was sent
 *
 * Since: 1.0
 */
gboolean
elicit_peer_reply_error (ElicitPeer *self,
                         JsonNode   *id,
                         gint64      code,
                         const char *message)
{
  g_autoptr(JsonNode) held = NULL;

  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  held = json_node_copy (id);
  if (!take_request (self, held))
    return FALSE;

  send_error (self, held, code, message);

  return self->close_error == NULL;
}

/**
 * elicit_peer_relay_response:
 * @self: a peer
 * @response: a response, received elsewhere, to a pending request of the other side
 *
 * Answers a request with a response that came from elsewhere, unchanged: a
 * proxy passes a client's answer to the server's request this way. Only the
 * first answer to a request is sent.
 *
 * Returns: %TRUE if the response was sent
 *
 * Since: 1.0
 */
gboolean
elicit_peer_relay_response (ElicitPeer *self,
                            JsonNode   *response)
{
  JsonNode *id = NULL;

  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (response != NULL, FALSE);

  if (elicit_jsonrpc_classify (response, NULL, &id, NULL, NULL) != ELICIT_MESSAGE_KIND_RESPONSE ||
      !take_request (self, id))
    return FALSE;

  return send_node (self, response);
}

/**
 * elicit_peer_forward:
 * @self: a peer
 * @message: a request or notification received elsewhere
 *
 * Sends a message that came from elsewhere, unchanged, ids included: a
 * proxy passes a client's requests to the server this way. The answer to a
 * forwarded request arrives through [signal@Peer::unknown-response].
 *
 * Returns: %TRUE if the message was sent
 *
 * Since: 1.0
 */
gboolean
elicit_peer_forward (ElicitPeer *self,
                     JsonNode   *message)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  return send_node (self, message);
}

/**
 * elicit_peer_is_request_pending:
 * @self: a peer
 * @id: a request id
 *
 * Gets whether the other side waits for an answer to its request @id.
 *
 * Returns: %TRUE if the request is pending
 *
 * Since: 1.0
 */
gboolean
elicit_peer_is_request_pending (ElicitPeer *self,
                                JsonNode   *id)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  return g_hash_table_contains (self->requests, id);
}

/**
 * elicit_peer_get_n_pending_requests:
 * @self: a peer
 *
 * Counts the other side's requests that wait for an answer.
 *
 * Returns: the number of pending requests
 *
 * Since: 1.0
 */
guint
elicit_peer_get_n_pending_requests (ElicitPeer *self)
{
  g_return_val_if_fail (ELICIT_IS_PEER (self), 0);

  return g_hash_table_size (self->requests);
}

void
elicit_peer_set_clock (ElicitPeer            *self,
                       const ElicitPeerClock *clock,
                       gpointer               clock_data)
{
  g_return_if_fail (ELICIT_IS_PEER (self));
  g_return_if_fail (g_hash_table_size (self->calls) == 0);

  self->clock = clock != NULL ? clock : &elicit_peer_main_context_clock;
  self->clock_data = clock != NULL ? clock_data : NULL;
}
