/* elicit-session.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "elicit-init-private.h"
#include "elicit-protocol-enums.h"
#include "elicit-request-private.h"
#include "elicit-session.h"
#include "elicit-text-private.h"
#include "elicit-transport-private.h"

/**
 * ElicitSession:
 *
 * An MCP client session with one server, over an [iface@Transport].
 *
 * [method@Session.connect_async] performs the handshake: `initialize` with
 * protocol version 2025-11-25 and the elicitation capability (form and URL
 * modes), a check of the version the server answers (2025-11-25, 2025-06-18
 * and 2025-03-26 are accepted), then `notifications/initialized`. After it,
 * the server's self-description is available: [property@Session:server-name],
 * [property@Session:server-title], [property@Session:server-version],
 * [property@Session:server-capabilities] and [property@Session:instructions].
 * None of it is trusted: the label to show users is
 * [property@Session:display-name], which the application sets from the
 * user's own configuration.
 *
 * Calls: [method@Session.list_tools_async] (following pagination),
 * [method@Session.call_tool_async] (with progress), [method@Session.ping_async],
 * and any method with [method@Session.call_async]. A call that gets no answer
 * within [property@Session:timeout] fails with %ELICIT_SESSION_ERROR_TIMEOUT;
 * progress restarts the clock, and so does answering an elicitation, and it
 * does not run out while an elicitation waits for the user. Cancelling a call
 * sends `notifications/cancelled`; a late answer is ignored.
 *
 * What the server asks: each `elicitation/create` becomes an
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
 * %ELICIT_SESSION_ERROR_CLOSED and the transport's reason, every open request
 * is withdrawn, and [signal@Session::closed] is emitted.
 */

/* How many elicitations may wait for the user at once; more are answered
 * `cancel` at once, so a flood cannot grow memory or windows. */
#define MAX_OPEN_REQUESTS 64
/* list_tools follows at most this many pages, and returns at most this
 * many tools, so a server cannot keep us paging forever. */
#define MAX_TOOL_PAGES 1000
#define MAX_TOOLS 10000
#define DEFAULT_TIMEOUT 60000

static const char * const supported_versions[] = {
  ELICIT_PROTOCOL_VERSION,
  "2025-06-18",
  "2025-03-26",
};

struct _ElicitSession
{
  GObject             parent_instance;

  ElicitTransport    *transport;
  ElicitSessionState  state;
  GError             *close_error;

  char               *display_name;
  char               *client_name;
  char               *client_title;
  char               *client_version;

  char               *protocol_version;
  JsonObject         *server_capabilities;
  char               *server_name;
  char               *server_title;
  char               *server_version;
  char               *instructions;

  guint               timeout;
  gint64              next_id;

  /* gint64 id → Call */
  GHashTable         *calls;
  /* "i<int>"/"s<string>" id → ElicitRequest (unowned), while pending */
  GHashTable         *pending_requests;
  /* elicitationId → ElicitRequest (unowned), while open */
  GHashTable         *url_requests;
  /* every request we watch with a weak reference */
  GPtrArray          *watched;
};

typedef struct
{
  ElicitSession          *session;
  gint64                  id;
  char                   *method;
  GTask                  *task;
  GSource                *timeout;
  GSource                *cancel_source;
  ElicitProgressCallback  progress;
  gpointer                progress_data;
  guint                   is_initialize : 1;
} Call;

typedef struct
{
  GWeakRef  session;
  JsonNode *id;
  char     *key;
} Responder;

enum {
  PROP_0,
  PROP_TRANSPORT,
  PROP_STATE,
  PROP_DISPLAY_NAME,
  PROP_PROTOCOL_VERSION,
  PROP_SERVER_CAPABILITIES,
  PROP_SERVER_NAME,
  PROP_SERVER_TITLE,
  PROP_SERVER_VERSION,
  PROP_INSTRUCTIONS,
  PROP_TIMEOUT,
  N_PROPS
};

enum {
  ELICITATION,
  MESSAGE,
  PROGRESS,
  LIST_CHANGED,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitSession, elicit_session, G_TYPE_OBJECT)

/* Error domain with private data ------------------------------------------------ */

typedef struct
{
  gint64     code;
  JsonNode  *data;
  GPtrArray *elicitations;
} ElicitSessionErrorPrivate;

/*
 * The session's errors carry private data (GLib's extended error domains).
 * Written out rather than with G_DEFINE_EXTENDED_ERROR(), whose accessor
 * may return NULL and trips -Wnull-dereference everywhere it is inlined; the
 * layout is the one that macro documents.
 */
static ElicitSessionErrorPrivate *
error_get_private (const GError *error)
{
  const gsize sa = 2 * sizeof (gsize);
  const gsize as = (sizeof (ElicitSessionErrorPrivate) + (sa - 1)) & -sa;

  return (ElicitSessionErrorPrivate *) (((guint8 *) error) - as);
}

static void
error_private_init (GError *error)
{
  memset (error_get_private (error), 0, sizeof (ElicitSessionErrorPrivate));
}

static void
error_private_copy (const GError *src_error,
                    GError       *dest_error)
{
  const ElicitSessionErrorPrivate *src = error_get_private (src_error);
  ElicitSessionErrorPrivate *dest = error_get_private (dest_error);

  dest->code = src->code;
  dest->data = src->data ? json_node_copy (src->data) : NULL;
  dest->elicitations = src->elicitations ? g_ptr_array_ref (src->elicitations) : NULL;
}

static void
error_private_clear (GError *error)
{
  ElicitSessionErrorPrivate *priv = error_get_private (error);

  g_clear_pointer (&priv->data, json_node_unref);
  g_clear_pointer (&priv->elicitations, g_ptr_array_unref);
}

/**
 * elicit_session_error_quark:
 *
 * The quark of [error@SessionError], an extended error domain.
 *
 * Returns: the error domain
 */
GQuark
elicit_session_error_quark (void)
{
  static GQuark quark;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      quark = g_error_domain_register_static ("elicit-session-error-quark",
                                              sizeof (ElicitSessionErrorPrivate),
                                              error_private_init,
                                              error_private_copy,
                                              error_private_clear);
      g_once_init_leave (&initialized, 1);
    }

  return quark;
}

/**
 * elicit_session_error_get_code:
 * @error: an error
 *
 * Gets the JSON-RPC error code the server answered with.
 *
 * Returns: the code, or 0 if @error is not an [error@SessionError] the
 *   server sent
 */
gint64
elicit_session_error_get_code (const GError *error)
{
  g_return_val_if_fail (error != NULL, 0);

  if (error->domain != ELICIT_SESSION_ERROR)
    return 0;

  return error_get_private (error)->code;
}

/**
 * elicit_session_error_get_data:
 * @error: an error
 *
 * Gets the `data` of the JSON-RPC error the server answered with.
 *
 * Returns: (transfer none) (nullable): the data, or %NULL
 */
JsonNode *
elicit_session_error_get_data (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != ELICIT_SESSION_ERROR)
    return NULL;

  return error_get_private (error)->data;
}

/**
 * elicit_session_error_get_elicitations:
 * @error: an error
 *
 * Gets the URL elicitations a %ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED
 * error carries: what the user must complete before the call is retried.
 *
 * They are URL-mode [class@Request]s in the session: show each like any other
 * (with the user's consent, open its URL); answering one sends nothing (the
 * server asked through an error, not a request), and each is
 * [signal@Request::completed] when the server sends its completion
 * notification. Entries that are not valid URL elicitations are left out.
 *
 * Returns: (transfer none) (nullable) (element-type ElicitRequest): the
 *   elicitations, or %NULL for any other error
 */
GPtrArray *
elicit_session_error_get_elicitations (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (!g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED))
    return NULL;

  return error_get_private (error)->elicitations;
}

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

static gboolean
is_valid_id (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);

  return type == G_TYPE_STRING || type == G_TYPE_INT64;
}

static char *
id_key (JsonNode *id)
{
  if (json_node_get_value_type (id) == G_TYPE_INT64)
    return g_strdup_printf ("i%" G_GINT64_FORMAT, json_node_get_int (id));

  return g_strconcat ("s", json_node_get_string (id), NULL);
}

static const char *
get_string (JsonObject *object,
            const char *name)
{
  JsonNode *node;

  if (object == NULL)
    return NULL;

  node = json_object_get_member (object, name);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static JsonObject *
get_object (JsonObject *object,
            const char *name)
{
  JsonNode *node;

  if (object == NULL)
    return NULL;

  node = json_object_get_member (object, name);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

static gboolean
get_number (JsonObject *object,
            const char *name,
            double     *value)
{
  JsonNode *node = json_object_get_member (object, name);
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;

  *value = json_node_get_double (node);

  return isfinite (*value);
}

static JsonObject *
envelope_new (void)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");

  return object;
}

static gboolean
send_object (ElicitSession *self,
             JsonObject    *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(GError) error = NULL;

  if (self->transport == NULL || !elicit_transport_send (self->transport, node, &error))
    {
      g_debug ("not sent: %s", error ? error->message : "no transport");
      return FALSE;
    }

  return TRUE;
}

static void
send_result (ElicitSession *self,
             JsonNode      *id,
             JsonObject    *result)
{
  g_autoptr(JsonObject) message = envelope_new ();

  json_object_set_member (message, "id", json_node_copy (id));
  json_object_set_object_member (message, "result", json_object_ref (result));
  send_object (self, message);
}

/* @id NULL answers with a null id, as JSON-RPC wants when it is unknown. */
static void
send_error (ElicitSession *self,
            JsonNode      *id,
            gint64         code,
            const char    *text)
{
  g_autoptr(JsonObject) message = envelope_new ();
  JsonObject *error = json_object_new ();

  if (id != NULL)
    json_object_set_member (message, "id", json_node_copy (id));
  else
    json_object_set_null_member (message, "id");

  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", text);
  json_object_set_object_member (message, "error", error);
  send_object (self, message);
}

static void
send_notification (ElicitSession *self,
                   const char    *method,
                   JsonObject    *params)
{
  g_autoptr(JsonObject) message = envelope_new ();

  json_object_set_string_member (message, "method", method);
  if (params != NULL)
    json_object_set_object_member (message, "params", json_object_ref (params));
  send_object (self, message);
}

static GError *
session_error_new (gint64      rpc_code,
                   int         code,
                   const char *message)
{
  GError *error = g_error_new_literal (ELICIT_SESSION_ERROR, code, message);

  error_get_private (error)->code = rpc_code;

  return error;
}

static void
set_state (ElicitSession      *self,
           ElicitSessionState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Calls ------------------------------------------------------------------------ */

static void
call_free (Call *call)
{
  elicit_clear_source (&call->timeout);
  elicit_clear_source (&call->cancel_source);
  g_clear_object (&call->task);
  g_free (call->method);
  g_free (call);
}

static gboolean
has_pending_requests (ElicitSession *self)
{
  return g_hash_table_size (self->pending_requests) > 0;
}

/* Takes the call out of the table; the caller completes its task. */
static Call *
steal_call (ElicitSession *self,
            gint64         id)
{
  Call *call = g_hash_table_lookup (self->calls, &id);

  if (call != NULL)
    g_hash_table_steal (self->calls, &id);

  return call;
}

static void
finish_call_with_error (Call   *call,
                        GError *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&call->task);

  call_free (call);
  g_task_return_error (task, error);
}

static void
send_cancelled (ElicitSession *self,
                gint64         id,
                const char    *reason)
{
  g_autoptr(JsonObject) params = json_object_new ();

  json_object_set_int_member (params, "requestId", id);
  json_object_set_string_member (params, "reason", reason);
  send_notification (self, "notifications/cancelled", params);
}

static void close_transport (ElicitSession *self);

static gboolean call_timeout_cb (gpointer data);

static void
restart_timeout (ElicitSession *self,
                 Call          *call)
{
  elicit_clear_source (&call->timeout);

  if (self->timeout > 0)
    call->timeout = elicit_timeout_source_add (self->timeout, call_timeout_cb, call,
                                               "[elicit] call timeout");
}

static gboolean
call_timeout_cb (gpointer data)
{
  Call *call = data;
  ElicitSession *self = call->session;
  g_autoptr(ElicitSession) hold = g_object_ref (self);
  g_autofree char *text = NULL;

  /* The server may be waiting for the user to answer one of its
   * elicitations; that is not the server being slow. */
  if (has_pending_requests (self))
    {
      restart_timeout (self, call);
      return G_SOURCE_REMOVE;
    }

  g_clear_pointer (&call->timeout, g_source_unref);
  call = steal_call (self, call->id);
  g_assert (call != NULL);

  g_debug ("call %" G_GINT64_FORMAT " (%s) timed out", call->id, call->method);
  text = g_strdup_printf (_("The server did not answer “%s” in time"), call->method);

  if (call->is_initialize)
    {
      finish_call_with_error (call, session_error_new (0, ELICIT_SESSION_ERROR_TIMEOUT, text));
      return G_SOURCE_REMOVE;
    }

  send_cancelled (self, call->id, "timed out");
  finish_call_with_error (call, session_error_new (0, ELICIT_SESSION_ERROR_TIMEOUT, text));

  return G_SOURCE_REMOVE;
}

static gboolean
call_cancelled_cb (GCancellable *cancellable,
                   gpointer      data)
{
  Call *call = data;
  ElicitSession *self = call->session;
  g_autoptr(ElicitSession) hold = g_object_ref (self);

  g_clear_pointer (&call->cancel_source, g_source_unref);
  call = steal_call (self, call->id);
  g_assert (call != NULL);

  g_debug ("call %" G_GINT64_FORMAT " (%s) cancelled", call->id, call->method);

  /* The specification forbids cancelling initialize; connect_async closes
   * the session instead when its call fails. */
  if (!call->is_initialize)
    send_cancelled (self, call->id, "cancelled by the client");

  finish_call_with_error (call, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                     _("The call was cancelled")));

  return G_SOURCE_REMOVE;
}

typedef enum
{
  CALL_DEFAULT             = 0,
  CALL_WITH_PROGRESS_TOKEN = 1 << 0,
  CALL_INITIALIZE          = 1 << 1,
} CallFlags;

/* Sends a request; @callback gets a GTask whose pointer result is the
 * `result` JsonNode. Takes ownership of @user_data's task if any. */
static void
start_call (ElicitSession          *self,
            const char             *method,
            JsonObject             *params,
            CallFlags               flags,
            ElicitProgressCallback  progress,
            gpointer                progress_data,
            GCancellable           *cancellable,
            GAsyncReadyCallback     callback,
            gpointer                user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(JsonObject) message = NULL;
  Call *call;
  gint64 id;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    {
      g_task_return_error (task, session_error_new (0, ELICIT_SESSION_ERROR_CLOSED,
                                                    self->close_error->message));
      return;
    }

  id = self->next_id++;

  message = envelope_new ();
  json_object_set_int_member (message, "id", id);
  json_object_set_string_member (message, "method", method);
  if (params != NULL)
    {
      if (flags & CALL_WITH_PROGRESS_TOKEN)
        {
          JsonObject *meta = json_object_new ();

          json_object_set_int_member (meta, "progressToken", id);
          json_object_set_object_member (params, "_meta", meta);
        }
      json_object_set_object_member (message, "params", json_object_ref (params));
    }

  call = g_new0 (Call, 1);
  call->session = self;
  call->id = id;
  call->method = g_strdup (method);
  call->task = g_object_ref (task);
  call->progress = progress;
  call->progress_data = progress_data;
  call->is_initialize = !!(flags & CALL_INITIALIZE);
  g_hash_table_insert (self->calls, &call->id, call);

  if (!send_object (self, message))
    {
      /* If the transport closed while sending, closed_cb failed the call. */
      if ((call = steal_call (self, id)) != NULL)
        finish_call_with_error (call, session_error_new (0, ELICIT_SESSION_ERROR_CLOSED,
                                                         _("The connection is closed")));
      return;
    }

  restart_timeout (self, call);
  if (cancellable != NULL)
    {
      call->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (call->cancel_source, G_SOURCE_FUNC (call_cancelled_cb), call, NULL);
      g_source_set_static_name (call->cancel_source, "[elicit] call cancelled");
      g_source_attach (call->cancel_source, g_main_context_get_thread_default ());
    }
}

static GPtrArray *
parse_url_elicitations (ElicitSession *self,
                        JsonNode      *data)
{
  GPtrArray *elicitations = g_ptr_array_new_with_free_func (g_object_unref);
  JsonObject *object = data && JSON_NODE_HOLDS_OBJECT (data) ? json_node_get_object (data) : NULL;
  JsonNode *list = object ? json_object_get_member (object, "elicitations") : NULL;
  JsonArray *array = list && JSON_NODE_HOLDS_ARRAY (list) ? json_node_get_array (list) : NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autoptr(ElicitRequest) request = NULL;
      g_autoptr(GError) error = NULL;

      if (elicitations->len >= MAX_OPEN_REQUESTS)
        break;

      if (JSON_NODE_HOLDS_OBJECT (node))
        request = elicit_request_new (json_node_get_object (node), &error);

      if (request == NULL || elicit_request_get_mode (request) != ELICIT_REQUEST_MODE_URL)
        {
          g_debug ("ignoring an invalid URL elicitation in a -32042 error: %s",
                   error ? error->message : "not a URL elicitation");
          continue;
        }

      g_ptr_array_add (elicitations, g_steal_pointer (&request));
    }

  return elicitations;
}

static void track_url_request (ElicitSession *self,
                               ElicitRequest *request);

static GError *
error_from_response (ElicitSession *self,
                     Call          *call,
                     JsonNode      *node)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *code_node = object ? json_object_get_member (object, "code") : NULL;
  const char *message = get_string (object, "message");
  JsonNode *data = object ? json_object_get_member (object, "data") : NULL;
  g_autofree char *text = NULL;
  ElicitSessionErrorPrivate *priv;
  GError *error;
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
      domain_code = (int) code;
      break;

    default:
      domain_code = ELICIT_SESSION_ERROR_SERVER_ERROR;
      break;
    }

  /* The server's words, made safe to show; never empty. */
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

  error = session_error_new (code, domain_code, text);
  priv = error_get_private (error);
  priv->data = data ? json_node_copy (data) : NULL;

  if (domain_code == ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED)
    {
      priv->elicitations = parse_url_elicitations (self, data);
      for (guint i = 0; i < priv->elicitations->len; i++)
        track_url_request (self, g_ptr_array_index (priv->elicitations, i));
    }

  return error;
}

static void
handle_response (ElicitSession *self,
                 JsonObject    *object,
                 JsonNode      *id)
{
  JsonNode *result = json_object_get_member (object, "result");
  JsonNode *error = json_object_get_member (object, "error");
  g_autoptr(GTask) task = NULL;
  Call *call = NULL;

  if (is_valid_id (id) && json_node_get_value_type (id) == G_TYPE_INT64)
    call = steal_call (self, json_node_get_int (id));

  if (call == NULL)
    {
      /* Late answers to calls we cancelled or timed out land here too. */
      g_debug ("ignoring a response to an unknown id");
      return;
    }

  task = g_steal_pointer (&call->task);

  if ((result == NULL) == (error == NULL))
    {
      g_debug ("the server's response to %s has %s", call->method,
               result ? "both a result and an error" : "neither a result nor an error");
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed response to “%s”"), call->method);
    }
  else if (error != NULL)
    g_task_return_error (task, error_from_response (self, call, error));
  else
    g_task_return_pointer (task, json_node_copy (result), (GDestroyNotify) json_node_unref);

  call_free (call);
}

/* Requests from the server ------------------------------------------------------ */

static void
responder_free (gpointer data)
{
  Responder *responder = data;

  g_weak_ref_clear (&responder->session);
  g_clear_pointer (&responder->id, json_node_unref);
  g_free (responder->key);
  g_free (responder);
}

static void restart_all_timeouts (ElicitSession *self);

static void
respond_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       data)
{
  Responder *responder = data;
  g_autoptr(ElicitSession) self = g_weak_ref_get (&responder->session);

  if (self == NULL)
    return;

  if (g_hash_table_lookup (self->pending_requests, responder->key) == request)
    g_hash_table_remove (self->pending_requests, responder->key);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    ;
  else if (result != NULL)
    send_result (self, responder->id, result);
  else
    {
      gint64 code;
      const char *refusal = elicit_request_get_refusal (request, &code);

      send_error (self, responder->id, code, refusal);
    }

  /* The server was waiting for us, not the other way around. */
  restart_all_timeouts (self);
}

static gboolean
remove_if_value (gpointer key,
                 gpointer value,
                 gpointer user_data)
{
  return value == user_data;
}

static void
request_finalized_cb (gpointer  data,
                      GObject  *where_the_object_was)
{
  ElicitSession *self = data;

  g_hash_table_foreach_remove (self->pending_requests, remove_if_value, where_the_object_was);
  g_hash_table_foreach_remove (self->url_requests, remove_if_value, where_the_object_was);
  g_ptr_array_remove_fast (self->watched, where_the_object_was);
}

static void
watch_request (ElicitSession *self,
               ElicitRequest *request)
{
  elicit_request_set_session (request, self);
  g_object_weak_ref (G_OBJECT (request), request_finalized_cb, self);
  g_ptr_array_add (self->watched, request);
}

static void
track_url_request (ElicitSession *self,
                   ElicitRequest *request)
{
  const char *elicitation_id = elicit_request_get_elicitation_id (request);

  watch_request (self, request);

  /* A newer elicitation with the same id replaces the older one. */
  g_hash_table_replace (self->url_requests, g_strdup (elicitation_id), request);
}

static void
handle_elicitation (ElicitSession *self,
                    JsonNode      *id,
                    const char    *key,
                    JsonObject    *params)
{
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(JsonObject) empty = NULL;
  g_autoptr(GError) error = NULL;
  Responder *responder;

  if (g_hash_table_size (self->pending_requests) >= MAX_OPEN_REQUESTS)
    {
      g_autoptr(JsonObject) result = json_object_new ();

      g_debug ("too many elicitations waiting; answering cancel");
      json_object_set_string_member (result, "action", "cancel");
      send_result (self, id, result);
      return;
    }

  if (params == NULL)
    params = empty = json_object_new ();

  request = elicit_request_new (params, &error);
  if (request == NULL)
    {
      g_debug ("refusing an elicitation: %s", error->message);
      send_error (self, id, ELICIT_SESSION_ERROR_INVALID_PARAMS, error->message);
      return;
    }

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL &&
      g_hash_table_contains (self->url_requests, elicit_request_get_elicitation_id (request)))
    {
      g_debug ("refusing an elicitation whose elicitationId is in use");
      send_error (self, id, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                  _("“elicitationId” is already in use by another elicitation"));
      return;
    }

  responder = g_new0 (Responder, 1);
  g_weak_ref_init (&responder->session, self);
  responder->id = json_node_copy (id);
  responder->key = g_strdup (key);
  elicit_request_set_responder (request, respond_cb, responder, responder_free);

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL)
    track_url_request (self, request);
  else
    watch_request (self, request);
  g_hash_table_insert (self->pending_requests, g_strdup (key), request);

  /* If no handler keeps the request, dropping it here answers cancel. */
  g_signal_emit (self, signals[ELICITATION], 0, request);
}

static void
handle_request (ElicitSession *self,
                JsonObject    *object,
                const char    *method,
                JsonNode      *id)
{
  JsonNode *params_node = json_object_get_member (object, "params");
  JsonObject *params = NULL;
  g_autofree char *key = id_key (id);

  if (params_node != NULL && !JSON_NODE_HOLDS_NULL (params_node))
    {
      if (!JSON_NODE_HOLDS_OBJECT (params_node))
        {
          send_error (self, id, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                      _("“params” must be an object"));
          return;
        }
      params = json_node_get_object (params_node);
    }

  if (g_hash_table_contains (self->pending_requests, key))
    {
      g_debug ("the server reused the id of a request still pending");
      send_error (self, id, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  _("The request id is already in use by a pending request"));
      return;
    }

  if (g_str_equal (method, "ping"))
    {
      g_autoptr(JsonObject) result = json_object_new ();

      send_result (self, id, result);
    }
  else if (g_str_equal (method, "elicitation/create"))
    handle_elicitation (self, id, key, params);
  else
    {
      g_autofree char *shown = elicit_text_sanitize_line (method, 100);
      g_autofree char *text = g_strdup_printf (_("Method not found: %s"), shown);

      g_debug ("the server called an unknown method");
      send_error (self, id, ELICIT_SESSION_ERROR_METHOD_NOT_FOUND, text);
    }
}

/* Notifications ---------------------------------------------------------------- */

static void
handle_cancelled (ElicitSession *self,
                  JsonObject    *params)
{
  JsonNode *request_id = params ? json_object_get_member (params, "requestId") : NULL;
  const char *reason = get_string (params, "reason");
  g_autofree char *key = NULL;
  ElicitRequest *request;

  if (!is_valid_id (request_id))
    {
      g_debug ("ignoring a malformed notifications/cancelled");
      return;
    }

  key = id_key (request_id);
  request = g_hash_table_lookup (self->pending_requests, key);
  if (request == NULL)
    {
      g_debug ("ignoring notifications/cancelled for an unknown or answered request");
      return;
    }

  g_object_ref (request);
  g_hash_table_remove (self->pending_requests, key);
  g_hash_table_foreach_remove (self->url_requests, remove_if_value, request);
  elicit_request_withdraw (request, reason && *reason ? reason
                                                      : _("The server cancelled the request"));
  g_object_unref (request);

  restart_all_timeouts (self);
}

static void
handle_complete (ElicitSession *self,
                 JsonObject    *params)
{
  const char *elicitation_id = get_string (params, "elicitationId");
  ElicitRequest *request;

  request = elicitation_id ? g_hash_table_lookup (self->url_requests, elicitation_id) : NULL;
  if (request == NULL)
    {
      g_debug ("ignoring a completion for an unknown elicitation");
      return;
    }

  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_ACCEPTED)
    {
      g_debug ("ignoring a completion for an elicitation the user has not accepted");
      return;
    }

  g_object_ref (request);
  g_hash_table_remove (self->url_requests, elicitation_id);
  elicit_request_complete (request);
  g_object_unref (request);
}

static void
handle_log_debug (ElicitSession *self,
                    JsonObject    *params)
{
  const char *level = get_string (params, "level");
  JsonNode *data = params ? json_object_get_member (params, "data") : NULL;

  if (level == NULL || data == NULL)
    {
      g_debug ("ignoring a malformed notifications/message");
      return;
    }

  g_signal_emit (self, signals[MESSAGE], 0, level, get_string (params, "logger"), data);
}

static void
handle_progress (ElicitSession *self,
                 JsonObject    *params)
{
  JsonNode *token = params ? json_object_get_member (params, "progressToken") : NULL;
  const char *message = get_string (params, "message");
  double progress;
  double total = -1;
  Call *call = NULL;

  if (!is_valid_id (token) || !get_number (params, "progress", &progress))
    {
      g_debug ("ignoring a malformed notifications/progress");
      return;
    }

  if (json_object_has_member (params, "total") && !get_number (params, "total", &total))
    total = -1;

  if (json_node_get_value_type (token) == G_TYPE_INT64)
    {
      gint64 id = json_node_get_int (token);

      call = g_hash_table_lookup (self->calls, &id);
    }

  if (call != NULL)
    {
      restart_timeout (self, call);
      if (call->progress != NULL)
        call->progress (progress, total, message, call->progress_data);
    }

  g_signal_emit (self, signals[PROGRESS], 0, token, progress, total, message);
}

static void
handle_notification (ElicitSession *self,
                     JsonObject    *object,
                     const char    *method)
{
  JsonNode *params_node = json_object_get_member (object, "params");
  JsonObject *params = NULL;

  if (params_node != NULL && JSON_NODE_HOLDS_OBJECT (params_node))
    params = json_node_get_object (params_node);

  if (g_str_equal (method, "notifications/message"))
    handle_log_debug (self, params);
  else if (g_str_equal (method, "notifications/progress"))
    handle_progress (self, params);
  else if (g_str_equal (method, "notifications/cancelled"))
    handle_cancelled (self, params);
  else if (g_str_equal (method, "notifications/elicitation/complete"))
    handle_complete (self, params);
  else if (g_str_equal (method, "notifications/tools/list_changed"))
    g_signal_emit (self, signals[LIST_CHANGED], g_quark_from_static_string ("tools"), "tools");
  else if (g_str_equal (method, "notifications/prompts/list_changed"))
    g_signal_emit (self, signals[LIST_CHANGED], g_quark_from_static_string ("prompts"), "prompts");
  else if (g_str_equal (method, "notifications/resources/list_changed"))
    g_signal_emit (self, signals[LIST_CHANGED], g_quark_from_static_string ("resources"),
                   "resources");
  else
    g_debug ("ignoring an unknown notification");
}

/* Dispatch --------------------------------------------------------------------- */

static gboolean
has_jsonrpc_2 (JsonObject *object)
{
  const char *version = get_string (object, "jsonrpc");

  return version != NULL && g_str_equal (version, "2.0");
}

static void
handle_message (ElicitSession *self,
                JsonNode      *node)
{
  JsonObject *object;
  JsonNode *id;
  JsonNode *method;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      g_debug ("the server sent a batch, which MCP does not allow");
      send_error (self, NULL, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  "Invalid Request: batches are not supported");
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_debug ("the server sent a message that is not a JSON object");
      send_error (self, NULL, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  "Invalid Request: not a JSON object");
      return;
    }

  object = json_node_get_object (node);
  id = json_object_get_member (object, "id");
  method = json_object_get_member (object, "method");

  if (method == NULL)
    {
      if (json_object_has_member (object, "result") || json_object_has_member (object, "error"))
        {
          if (has_jsonrpc_2 (object))
            handle_response (self, object, id);
          else
            g_debug ("ignoring a response without \"jsonrpc\": \"2.0\"");
        }
      else
        {
          g_debug ("the server sent an object that is no JSON-RPC message");
          send_error (self, NULL, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                      "Invalid Request: no method, result or error");
        }
      return;
    }

  if (id == NULL)
    {
      if (has_jsonrpc_2 (object) && JSON_NODE_HOLDS_VALUE (method) &&
          json_node_get_value_type (method) == G_TYPE_STRING)
        handle_notification (self, object, json_node_get_string (method));
      else
        g_debug ("ignoring a malformed notification");
      return;
    }

  if (!is_valid_id (id))
    {
      g_debug ("the server sent a request whose id is not a string or an integer");
      send_error (self, NULL, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  "Invalid Request: the id must be a string or an integer");
      return;
    }

  if (!has_jsonrpc_2 (object))
    {
      g_debug ("the server sent a request without \"jsonrpc\": \"2.0\"");
      send_error (self, id, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  "Invalid Request: \"jsonrpc\" must be \"2.0\"");
      return;
    }

  if (!JSON_NODE_HOLDS_VALUE (method) || json_node_get_value_type (method) != G_TYPE_STRING)
    {
      g_debug ("the server sent a request whose method is not a string");
      send_error (self, id, ELICIT_SESSION_ERROR_INVALID_REQUEST,
                  "Invalid Request: the method must be a string");
      return;
    }

  handle_request (self, object, json_node_get_string (method), id);
}

static void
transport_message_cb (ElicitTransport *transport,
                      JsonNode        *node,
                      ElicitSession   *self)
{
  g_autoptr(ElicitSession) hold = g_object_ref (self);

  if (self->state != ELICIT_SESSION_STATE_CLOSED)
    handle_message (self, node);
}

static void
transport_invalid_message_cb (ElicitTransport *transport,
                              const GError    *error,
                              ElicitSession   *self)
{
  g_autoptr(ElicitSession) hold = g_object_ref (self);
  g_autofree char *text = NULL;

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    return;

  /* Whole, but unreadable: its id cannot be trusted, so answer with null. */
  text = g_strdup_printf ("Invalid Request: %s", error->message);
  send_error (self, NULL, ELICIT_SESSION_ERROR_INVALID_REQUEST, text);
}

static void
restart_all_timeouts (ElicitSession *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->calls);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    restart_timeout (self, value);
}

/* Closing ---------------------------------------------------------------------- */

static void
fail_all_calls (ElicitSession *self)
{
  g_autoptr(GList) calls = g_hash_table_get_values (self->calls);

  g_hash_table_steal_all (self->calls);

  for (GList *l = calls; l != NULL; l = l->next)
    finish_call_with_error (l->data, session_error_new (0, ELICIT_SESSION_ERROR_CLOSED,
                                                        self->close_error->message));
}

static void
withdraw_all_requests (ElicitSession *self)
{
  g_autoptr(GPtrArray) requests = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->watched->len; i++)
    g_ptr_array_add (requests, g_object_ref (g_ptr_array_index (self->watched, i)));

  g_hash_table_remove_all (self->pending_requests);
  g_hash_table_remove_all (self->url_requests);

  for (guint i = 0; i < requests->len; i++)
    elicit_request_withdraw (g_ptr_array_index (requests, i), self->close_error->message);
}

static void
transport_closed_cb (ElicitTransport *transport,
                     const GError    *error,
                     ElicitSession   *self)
{
  g_autoptr(ElicitSession) hold = g_object_ref (self);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    return;

  g_debug ("session closed: %s", error->message);

  self->close_error = g_error_copy (error);
  set_state (self, ELICIT_SESSION_STATE_CLOSED);

  fail_all_calls (self);
  withdraw_all_requests (self);

  g_signal_emit (self, signals[CLOSED], 0, self->close_error);
}

static void
close_transport (ElicitSession *self)
{
  if (self->transport != NULL && !elicit_transport_is_closed (self->transport))
    elicit_transport_close_async (self->transport, NULL, NULL, NULL);
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_session_constructed (GObject *object)
{
  ElicitSession *self = ELICIT_SESSION (object);

  G_OBJECT_CLASS (elicit_session_parent_class)->constructed (object);

  g_assert (ELICIT_IS_TRANSPORT (self->transport));

  g_signal_connect_object (self->transport, "message",
                           G_CALLBACK (transport_message_cb), self, 0);
  g_signal_connect_object (self->transport, "invalid-message",
                           G_CALLBACK (transport_invalid_message_cb), self, 0);
  g_signal_connect_object (self->transport, "closed",
                           G_CALLBACK (transport_closed_cb), self, 0);
}

static void
elicit_session_dispose (GObject *object)
{
  ElicitSession *self = ELICIT_SESSION (object);

  /* Calls hold a reference to us through their task, so only an explicit
   * g_object_run_dispose() gets here with calls pending. */
  if (g_hash_table_size (self->calls) > 0)
    {
      g_clear_error (&self->close_error);
      self->close_error = g_error_new_literal (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                                               _("The session was closed"));
      fail_all_calls (self);
    }

  while (self->watched->len > 0)
    {
      GObject *request = g_ptr_array_steal_index_fast (self->watched, self->watched->len - 1);

      g_object_weak_unref (request, request_finalized_cb, self);
    }
  g_hash_table_remove_all (self->pending_requests);
  g_hash_table_remove_all (self->url_requests);

  if (self->transport != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->transport, self);
      close_transport (self);
      g_clear_object (&self->transport);
    }

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
  g_clear_pointer (&self->calls, g_hash_table_unref);
  g_clear_pointer (&self->pending_requests, g_hash_table_unref);
  g_clear_pointer (&self->url_requests, g_hash_table_unref);
  g_clear_pointer (&self->watched, g_ptr_array_unref);

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
    case PROP_TRANSPORT:
      g_value_set_object (value, elicit_session_get_transport (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, elicit_session_get_state (self));
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, elicit_session_get_display_name (self));
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, elicit_session_get_protocol_version (self));
      break;

    case PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, elicit_session_get_server_capabilities (self));
      break;

    case PROP_SERVER_NAME:
      g_value_set_string (value, elicit_session_get_server_name (self));
      break;

    case PROP_SERVER_TITLE:
      g_value_set_string (value, elicit_session_get_server_title (self));
      break;

    case PROP_SERVER_VERSION:
      g_value_set_string (value, elicit_session_get_server_version (self));
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, elicit_session_get_instructions (self));
      break;

    case PROP_TIMEOUT:
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
    case PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case PROP_DISPLAY_NAME:
      elicit_session_set_display_name (self, g_value_get_string (value));
      break;

    case PROP_TIMEOUT:
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
   */
  properties[PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         ELICIT_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:state:
   *
   * Where the session is in the MCP lifecycle.
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       ELICIT_TYPE_SESSION_STATE, ELICIT_SESSION_STATE_DISCONNECTED,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:display-name:
   *
   * The name the user gave this server in their own configuration: the
   * trusted label to show with everything the server asks.
   */
  properties[PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:protocol-version:
   *
   * The protocol version negotiated with the server, once connected.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-capabilities:
   *
   * The capabilities the server announced, once connected.
   */
  properties[PROP_SERVER_CAPABILITIES] =
    g_param_spec_boxed ("server-capabilities", NULL, NULL,
                        JSON_TYPE_OBJECT,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-name:
   *
   * The name the server gives itself (`serverInfo.name`), made safe to
   * show as one line. Self-reported: never the only label.
   */
  properties[PROP_SERVER_NAME] =
    g_param_spec_string ("server-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-title:
   *
   * The human-readable title the server gives itself (`serverInfo.title`),
   * if any, made safe to show as one line. Self-reported.
   */
  properties[PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:server-version:
   *
   * The version the server reports (`serverInfo.version`). Self-reported.
   */
  properties[PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:instructions:
   *
   * The server's instructions for using it, if it gave any, as plain text.
   */
  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSession:timeout:
   *
   * How long, in milliseconds, a call may go without an answer or progress
   * before it fails with %ELICIT_SESSION_ERROR_TIMEOUT; 0 waits forever. The
   * clock stops while an elicitation waits for the user.
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, DEFAULT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitSession::elicitation:
   * @self: the session
   * @request: the new request
   *
   * Emitted for each `elicitation/create` the server sends. Keep a reference
   * to @request and answer it when the user has decided; a request nobody
   * keeps is answered `cancel`.
   */
  signals[ELICITATION] =
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
   */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

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
   */
  signals[PROGRESS] =
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
   */
  signals[LIST_CHANGED] =
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
   */
  signals[CLOSED] =
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
  self->timeout = DEFAULT_TIMEOUT;
  self->next_id = 1;
  self->client_name = g_strdup ("elicit");
  self->client_title = g_strdup ("Elicit");
  self->client_version = g_strdup (PACKAGE_VERSION);
  self->calls = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->pending_requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->url_requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->watched = g_ptr_array_new ();
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
 */
ElicitTransport *
elicit_session_get_transport (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), NULL);

  return self->transport;
}

/**
 * elicit_session_get_state:
 * @self: a session
 *
 * Gets where the session is in the MCP lifecycle.
 *
 * Returns: the state
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
 */
guint
elicit_session_get_timeout (ElicitSession *self)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), 0);

  return self->timeout;
}

/**
 * elicit_session_set_display_name:
 * @self: a session
 * @display_name: (nullable): the name the user gave the server
 *
 * Sets the trusted label for the server, from the user's configuration.
 */
void
elicit_session_set_display_name (ElicitSession *self,
                                 const char    *display_name)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));

  if (set_str (&self->display_name, display_name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
}

/**
 * elicit_session_set_timeout:
 * @self: a session
 * @msec: the timeout in milliseconds, 0 for none
 *
 * Sets how long a call may go without an answer or progress. Applies to
 * calls started afterwards and to the clocks restarted by progress.
 */
void
elicit_session_set_timeout (ElicitSession *self,
                            guint          msec)
{
  g_return_if_fail (ELICIT_IS_SESSION (self));

  if (self->timeout == msec)
    return;

  self->timeout = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

/**
 * elicit_session_set_client_info:
 * @self: a session that is not connected yet
 * @name: the client's name, such as `elicit`
 * @title: (nullable): its human-readable title
 * @version: its version
 *
 * Sets the `clientInfo` sent in `initialize`. The default describes Elicit.
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

/* Connecting ------------------------------------------------------------------- */

static JsonObject *
initialize_params (ElicitSession *self)
{
  JsonObject *params = json_object_new ();
  JsonObject *capabilities = json_object_new ();
  JsonObject *elicitation = json_object_new ();
  JsonObject *client_info = json_object_new ();

  json_object_set_object_member (elicitation, "form", json_object_new ());
  json_object_set_object_member (elicitation, "url", json_object_new ());
  json_object_set_object_member (capabilities, "elicitation", elicitation);

  json_object_set_string_member (client_info, "name", self->client_name);
  if (self->client_title != NULL)
    json_object_set_string_member (client_info, "title", self->client_title);
  json_object_set_string_member (client_info, "version", self->client_version);

  json_object_set_string_member (params, "protocolVersion", ELICIT_PROTOCOL_VERSION);
  json_object_set_object_member (params, "capabilities", capabilities);
  json_object_set_object_member (params, "clientInfo", client_info);

  return params;
}

static gboolean
is_supported_version (const char *version)
{
  for (guint i = 0; i < G_N_ELEMENTS (supported_versions); i++)
    if (g_str_equal (version, supported_versions[i]))
      return TRUE;

  return FALSE;
}

static gboolean
apply_initialize_result (ElicitSession  *self,
                         JsonNode       *node,
                         GError        **error)
{
  JsonObject *result = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *version = get_string (result, "protocolVersion");
  JsonObject *capabilities = get_object (result, "capabilities");
  JsonObject *server_info = get_object (result, "serverInfo");
  const char *instructions = get_string (result, "instructions");

  if (version == NULL)
    {
      g_set_error_literal (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                           _("The server's answer to “initialize” has no protocol version"));
      return FALSE;
    }

  if (!is_supported_version (version))
    {
      g_autofree char *shown = elicit_text_sanitize_line (version, 40);

      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION,
                   _("The server speaks MCP version “%s”, which Elicit does not support "
                     "(Elicit asked for version “%s”)"),
                   shown, ELICIT_PROTOCOL_VERSION);
      return FALSE;
    }

  self->protocol_version = g_strdup (version);
  self->server_capabilities = capabilities ? json_object_ref (capabilities) : json_object_new ();
  self->server_name = elicit_text_sanitize_line (get_string (server_info, "name"),
                                                 ELICIT_TEXT_LINE_MAX);
  self->server_title = elicit_text_sanitize_line (get_string (server_info, "title"),
                                                  ELICIT_TEXT_LINE_MAX);
  self->server_version = elicit_text_sanitize_line (get_string (server_info, "version"),
                                                    ELICIT_TEXT_LINE_MAX);
  self->instructions = elicit_text_sanitize_block (instructions, ELICIT_TEXT_BLOCK_MAX);

  return TRUE;
}

static void
notify_server_info (ElicitSession *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_CAPABILITIES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_TITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_VERSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSTRUCTIONS]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);

  if (node == NULL || !apply_initialize_result (self, node, &error))
    {
      /* A session whose handshake failed is of no further use. */
      g_debug ("handshake failed: %s", error->message);
      close_transport (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  elicit_transport_set_protocol_version (self->transport, self->protocol_version);
  send_notification (self, "notifications/initialized", NULL);

  notify_server_info (self);
  if (self->state == ELICIT_SESSION_STATE_CONNECTING)
    set_state (self, ELICIT_SESSION_STATE_READY);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                             "%s", self->close_error->message);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * elicit_session_connect_async:
 * @self: a session not connected yet
 * @cancellable: (nullable): a cancellable; cancelling closes the session
 * @callback: called when the handshake is done
 * @user_data: data for @callback
 *
 * Starts the transport and performs the MCP handshake. Fails with
 * %ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION if the server only speaks a
 * version this client does not (the session then closes), or with the error
 * the server answered `initialize` with.
 */
void
elicit_session_connect_async (ElicitSession       *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_connect_async);

  if (self->state != ELICIT_SESSION_STATE_DISCONNECTED)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED,
                               _("The session was already connected"));
      return;
    }

  set_state (self, ELICIT_SESSION_STATE_CONNECTING);
  elicit_transport_start (self->transport);

  params = initialize_params (self);
  start_call (self, "initialize", params, CALL_INITIALIZE, NULL, NULL, cancellable,
              initialize_cb, g_steal_pointer (&task));
}

/**
 * elicit_session_connect_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.connect_async].
 *
 * Returns: %TRUE once the session is ready
 */
gboolean
elicit_session_connect_finish (ElicitSession  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_session_connect_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Generic calls ---------------------------------------------------------------- */

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

static gboolean
check_ready (ElicitSession *self,
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

  if (!check_ready (self, task))
    return;

  start_call (self, method, params, CALL_DEFAULT, NULL, NULL, cancellable,
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

  if (!check_ready (self, task))
    return;

  start_call (self, "ping", NULL, CALL_DEFAULT, NULL, NULL, cancellable,
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

static gboolean
add_tools (ListTools  *state,
           JsonObject *result)
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
          get_string (json_node_get_object (tool), "name") == NULL)
        {
          g_debug ("skipping a tool without a name");
          continue;
        }

      if (json_array_get_length (state->tools) >= MAX_TOOLS)
        return FALSE;

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
  if (page == NULL || !add_tools (state, page))
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                               _("The server sent a malformed list of tools"));
      return;
    }

  cursor = get_string (page, "nextCursor");
  if (cursor == NULL)
    {
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

  start_call (self, "tools/list", params, CALL_DEFAULT, NULL, NULL,
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

  if (!check_ready (self, task))
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

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    g_task_return_error (task, error);
  else if (!JSON_NODE_HOLDS_OBJECT (node))
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                             _("The server sent a malformed result for “%s”"), "tools/call");
  else
    g_task_return_pointer (task, json_object_ref (json_node_get_object (node)),
                           (GDestroyNotify) json_object_unref);
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
 * The call fails with %ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED when
 * the server needs the user to complete URL elicitations first; get them
 * with [func@session_error_get_elicitations], then offer to retry.
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

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_call_tool_async);

  if (!check_ready (self, task))
    return;

  params = json_object_new ();
  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  start_call (self, "tools/call", params, CALL_WITH_PROGRESS_TOKEN,
              progress_callback, progress_data,
              cancellable, call_tool_cb, g_steal_pointer (&task));
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
