/* elicit-http-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"
#include <libsoup/soup.h>

#include "elicit-authorizer-private.h"
#include "elicit-http-headers-private.h"
#include "elicit-http-transport.h"
#include "elicit-http-transport-private.h"
#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-sse-parser-private.h"
#include "elicit-transport-private.h"

/**
 * ElicitHttpTransport:
 *
 * A [class@Transport] to a remote MCP server over Streamable HTTP, the
 * transport of the MCP specification (revision 2025-11-25).
 *
 * Each message is POSTed to the server's address with `Accept:
 * application/json, text/event-stream`. The server answers a request with a
 * JSON body or with an event stream, which may carry the server's own
 * requests (such as `elicitation/create`) and notifications before the
 * response; notifications and responses are answered with 202. The session
 * id the server gives with its `initialize` response is sent back with every
 * later request, and so is the negotiated protocol version
 * ([method@Transport.set_protocol_version]). Once initialized, a GET stream
 * carries the messages the server starts itself (a server that answers 405
 * offers none).
 *
 * Streams that drop are resumed with a GET carrying `Last-Event-ID`, after
 * the delay the server asked for with `retry`, backing off when attempts
 * keep failing, and giving up after a few. A request whose answer cannot be
 * had (the server failed, timed out, or broke the stream for good) is
 * answered by the transport with a JSON-RPC error, so the call fails with
 * a reason instead of waiting.
 *
 * The transport closes, with a reason a user can read, when the server
 * sends a body or an event larger than the limits, an event stream that is
 * malformed, or a body that is not JSON; and when the server no longer knows
 * the session (HTTP 404): [method@HttpTransport.get_session_expired] then
 * says so, and a new transport and session start over. Closing ends the
 * session on the server with `DELETE`.
 *
 * Extra headers (such as `Authorization`) are sent with every request and
 * never logged. Redirects are followed only within the same site.
 *
 * Since: 1.0
 */

enum {
  PROP_0,
  PROP_URL,
  PROP_SESSION_ID,
  PROP_SESSION_EXPIRED,
  PROP_PROTOCOL_VERSION,
  PROP_TIMEOUT,
  PROP_MAX_BODY_SIZE,
  PROP_MAX_EVENT_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const reserved_headers[] = {
  "Accept", "Connection", "Content-Length", "Content-Type", "Host", "Last-Event-ID",
  "MCP-Protocol-Version", "Mcp-Session-Id", "Transfer-Encoding",
};


G_DEFINE_FINAL_TYPE (ElicitHttpTransport, elicit_http_transport, ELICIT_TYPE_TRANSPORT)

/**
 * elicit_http_transport_error_quark:
 *
 * The quark of [error@HttpTransportError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-http-transport-error-quark, elicit_http_transport_error)

/* ElicitTransport -------------------------------------------------------------- */

static void
elicit_http_transport_start (ElicitTransport *transport)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);

  if (self->started)
    return;

  self->started = TRUE;
  elicit_http_transport_pump_queue (self);
}

static gboolean
elicit_http_transport_send (ElicitTransport  *transport,
                            JsonNode         *message,
                            GError          **error)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);
  JsonObject *object = NULL;
  const char *method;
  Exchange *ex;
  char *text;
  gsize length;

  g_assert (!self->shutting_down);

  ex = elicit_http_exchange_new (self, EXCHANGE_POST);
  text = elicit_json_to_string (message, &length);
  ex->body = g_bytes_new_take (text, length);

  if (JSON_NODE_HOLDS_OBJECT (message))
    object = json_node_get_object (message);

  method = elicit_json_object_get_string (object, "method");
  if (method != NULL)
    {
      ex->method = g_strdup (method);
      ex->is_initialize = g_str_equal (ex->method, "initialize");

      if (json_object_has_member (object, "id"))
        {
          ex->request_id = json_node_copy (json_object_get_member (object, "id"));
          elicit_http_transport_prepare_modern_request (self, ex, object);
        }
      else if (g_str_equal (ex->method, "notifications/cancelled"))
        elicit_http_transport_forget_request (self, message);
    }

  g_queue_push_tail (&self->queue, ex);
  elicit_http_transport_pump_queue (self);

  return TRUE;
}

static void
elicit_http_transport_close_async (ElicitTransport     *transport,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_http_transport_close_async);

  elicit_http_transport_close_literal (self, ELICIT_TRANSPORT_ERROR_CLOSED, _("the connection was closed"));

  if (self->exchanges->len == 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->close_tasks == NULL)
    self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
}

static gboolean
elicit_http_transport_close_finish (ElicitTransport  *transport,
                                    GAsyncResult     *result,
                                    GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
elicit_http_transport_set_protocol_version (ElicitTransport *transport,
                                            const char      *protocol_version)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);

  if (g_strcmp0 (self->protocol_version, protocol_version) == 0)
    return;

  /* It goes into a header: a proxy may pass on whatever a server said. */
  if (!elicit_http_is_visible_ascii (protocol_version) || strlen (protocol_version) > 64)
    {
      g_debug ("not sending an invalid protocol version");
      return;
    }

  g_free (self->protocol_version);
  self->protocol_version = g_strdup (protocol_version);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_http_transport_dispose (GObject *object)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  g_queue_clear (&self->queue);
  self->gate = NULL;
  g_clear_pointer (&self->legacy_initialize, elicit_http_exchange_unref);

  /* Operations under way keep their exchange alive, not us. */
  while (self->exchanges->len > 0)
    {
      Exchange *ex = g_ptr_array_steal_index (self->exchanges, self->exchanges->len - 1);

      elicit_clear_source (&ex->timer);
      ex->finished = TRUE;
      ex->self = NULL;
      if (ex->cancellable != NULL)
        g_cancellable_cancel (ex->cancellable);
      elicit_http_exchange_unref (ex);
    }

  g_clear_object (&self->soup);

  g_clear_object (&self->authorizer);

  G_OBJECT_CLASS (elicit_http_transport_parent_class)->dispose (object);
}

static void
elicit_http_transport_finalize (GObject *object)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  /* Close tasks hold a reference to us: none can be left. */
  g_assert (self->close_tasks == NULL);

  g_free (self->url);
  g_clear_pointer (&self->uri, g_uri_unref);
  g_clear_pointer (&self->legacy_endpoint, g_uri_unref);
  g_free (self->legacy_reason);
  g_free (self->origin);
  g_ptr_array_unref (self->header_names);
  g_ptr_array_unref (self->header_values);
  g_free (self->session_id);
  g_free (self->protocol_version);
  g_clear_pointer (&self->tool_headers, g_hash_table_unref);
  g_clear_pointer (&self->tools_list_ids, g_ptr_array_unref);
  g_ptr_array_unref (self->exchanges);

  G_OBJECT_CLASS (elicit_http_transport_parent_class)->finalize (object);
}

static void
elicit_http_transport_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, elicit_http_transport_get_url (self));
      break;

    case PROP_SESSION_ID:
      g_value_set_string (value, elicit_http_transport_get_session_id (self));
      break;

    case PROP_SESSION_EXPIRED:
      g_value_set_boolean (value, elicit_http_transport_get_session_expired (self));
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, elicit_http_transport_get_protocol_version (self));
      break;

    case PROP_TIMEOUT:
      g_value_set_uint (value, elicit_http_transport_get_timeout (self));
      break;

    case PROP_MAX_BODY_SIZE:
      g_value_set_uint64 (value, elicit_http_transport_get_max_body_size (self));
      break;

    case PROP_MAX_EVENT_SIZE:
      g_value_set_uint64 (value, elicit_http_transport_get_max_event_size (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_http_transport_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_TIMEOUT:
      elicit_http_transport_set_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_BODY_SIZE:
      elicit_http_transport_set_max_body_size (self, g_value_get_uint64 (value));
      break;

    case PROP_MAX_EVENT_SIZE:
      elicit_http_transport_set_max_event_size (self, g_value_get_uint64 (value));
      break;

    case PROP_URL:
    case PROP_SESSION_ID:
    case PROP_SESSION_EXPIRED:
    case PROP_PROTOCOL_VERSION:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_http_transport_class_init (ElicitHttpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitTransportClass *transport_class = ELICIT_TRANSPORT_CLASS (klass);

  elicit_ensure_i18n ();
  elicit_transport_ignore_sigpipe ();

  object_class->dispose = elicit_http_transport_dispose;
  object_class->finalize = elicit_http_transport_finalize;
  object_class->get_property = elicit_http_transport_get_property;
  object_class->set_property = elicit_http_transport_set_property;

  /**
   * ElicitHttpTransport:url:
   *
   * The address of the server's MCP endpoint.
   *
   * Since: 1.0
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:session-id:
   *
   * The session id the server gave with its `initialize` response, sent
   * back with every later request; %NULL until then, or if it gave none.
   *
   * Since: 1.0
   */
  properties[PROP_SESSION_ID] =
    g_param_spec_string ("session-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:session-expired:
   *
   * Whether the transport closed because the server no longer knows the
   * session (HTTP 404). A new transport and session start a new one.
   *
   * Since: 1.0
   */
  properties[PROP_SESSION_EXPIRED] =
    g_param_spec_boolean ("session-expired", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:protocol-version:
   *
   * The negotiated MCP protocol version, sent as `MCP-Protocol-Version`
   * with every request once known.
   *
   * Since: 1.0
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:timeout:
   *
   * How long, in milliseconds, the server may take to answer a request
   * (its status and headers), or pause in the middle of a body or of an
   * event; 0 for no limit. A stream may rest between events indefinitely.
   *
   * Since: 1.0
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:max-body-size:
   *
   * The largest JSON body accepted, in bytes; a larger one closes the
   * transport.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_BODY_SIZE] =
    g_param_spec_uint64 ("max-body-size", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:max-event-size:
   *
   * The largest event accepted on an event stream, in bytes; a larger one
   * closes the transport.
   *
   * Since: 1.0
   */
  properties[PROP_MAX_EVENT_SIZE] =
    g_param_spec_uint64 ("max-event-size", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  transport_class->start = elicit_http_transport_start;
  transport_class->send = elicit_http_transport_send;
  transport_class->close_async = elicit_http_transport_close_async;
  transport_class->close_finish = elicit_http_transport_close_finish;
  transport_class->set_protocol_version = elicit_http_transport_set_protocol_version;
}

static void
elicit_http_transport_init (ElicitHttpTransport *self)
{
  self->timeout = ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT;
  g_queue_init (&self->queue);
  self->max_body_size = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
  self->max_event_size = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
  self->header_names = g_ptr_array_new_with_free_func (g_free);
  self->header_values = g_ptr_array_new_with_free_func (g_free);
  self->exchanges = g_ptr_array_new_with_free_func ((GDestroyNotify) elicit_http_exchange_unref);
  self->tool_headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_ptr_array_unref);
  self->tools_list_ids = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  self->soup = soup_session_new_with_options ("max-conns", MAX_CONNECTIONS,
                                              "max-conns-per-host", MAX_CONNECTIONS,
                                              "user-agent", "elicit/" PACKAGE_VERSION,
                                              "timeout", 0,
                                              NULL);
}

/* Public API ------------------------------------------------------------------- */

static gboolean
is_loopback (const char *host)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (host);

  if (address != NULL)
    return g_inet_address_get_is_loopback (address);

  return g_ascii_strcasecmp (host, "localhost") == 0;
}

static GUri *
parse_url (const char  *url,
           GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *scheme;

  uri = g_uri_parse (url, SOUP_HTTP_URI_FLAGS, &local_error);
  if (uri == NULL)
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                   _("“%s” is not a valid address: %s"), url, local_error->message);
      return NULL;
    }

  scheme = g_uri_get_scheme (uri);
  if ((g_ascii_strcasecmp (scheme, "http") != 0 && g_ascii_strcasecmp (scheme, "https") != 0) ||
      g_uri_get_host (uri) == NULL || g_uri_get_host (uri)[0] == '\0')
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                   _("“%s” is not an http or https address"), url);
      return NULL;
    }

  if (g_uri_get_user (uri) != NULL || g_uri_get_password (uri) != NULL)
    {
      /* The address would end up in messages and logs: not with a secret. */
      g_set_error_literal (error, ELICIT_HTTP_TRANSPORT_ERROR,
                           ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                           _("The address must not contain a user name or password: "
                             "send credentials in a header instead"));
      return NULL;
    }

  return g_uri_build (SOUP_HTTP_URI_FLAGS, scheme, NULL, g_uri_get_host (uri),
                      g_uri_get_port (uri),
                      g_uri_get_path (uri)[0] != '\0' ? g_uri_get_path (uri) : "/",
                      g_uri_get_query (uri), NULL);
}

/**
 * elicit_http_transport_new:
 * @url: the address of the server's MCP endpoint, `http` or `https`
 * @headers: (array zero-terminated=1) (nullable): extra headers sent with
 *   every request, each written `Name: value` (for example
 *   `Authorization: Bearer …`)
 * @error: return location for an [error@HttpTransportError]
 *
 * Creates a transport to the MCP server at @url. Nothing is sent before
 * [method@Transport.start].
 *
 * Returns: (transfer full) (nullable): a new transport, or %NULL if @url or
 *   one of @headers is refused
 *
 * Since: 1.0
 */
ElicitTransport *
elicit_http_transport_new (const char          *url,
                           const char * const  *headers,
                           GError             **error)
{
  g_autoptr(ElicitHttpTransport) self = NULL;
  g_autoptr(GUri) uri = NULL;

  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uri = parse_url (url, error);
  if (uri == NULL)
    return NULL;

  self = g_object_new (ELICIT_TYPE_HTTP_TRANSPORT, NULL);
  self->uri = g_steal_pointer (&uri);
  self->url = g_uri_to_string (self->uri);
  self->origin = elicit_http_get_origin (self->uri);

  /* A server on this machine is never reached through a proxy. */
  if (is_loopback (g_uri_get_host (self->uri)))
    g_object_set (self->soup, "proxy-resolver", NULL, NULL);

  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    {
      const char *colon = strchr (headers[i], ':');
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      if (colon == NULL)
        {
          g_set_error_literal (error, ELICIT_HTTP_TRANSPORT_ERROR,
                               ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                               _("A header must be written as “Name: value”"));
          return NULL;
        }

      name = g_strstrip (g_strndup (headers[i], colon - headers[i]));
      value = g_strdup (colon + 1);
      if (!elicit_http_transport_add_header (self, name, value, error))
        return NULL;
    }

  return ELICIT_TRANSPORT (g_steal_pointer (&self));
}

/**
 * elicit_http_transport_get_url:
 * @self: an HTTP transport
 *
 * Gets the address of the server's MCP endpoint.
 *
 * Returns: (transfer none): the address
 *
 * Since: 1.0
 */
const char *
elicit_http_transport_get_url (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->url;
}

/**
 * elicit_http_transport_get_session_id:
 * @self: an HTTP transport
 *
 * Gets the session id the server assigned.
 *
 * Returns: (nullable) (transfer none): the session id, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_http_transport_get_session_id (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->session_id;
}

/**
 * elicit_http_transport_get_session_expired:
 * @self: an HTTP transport
 *
 * Whether the transport closed because the server no longer knows the
 * session. Connecting again, with a new transport and a new session,
 * starts a new one.
 *
 * Returns: %TRUE if the server ended the session
 *
 * Since: 1.0
 */
gboolean
elicit_http_transport_get_session_expired (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), FALSE);

  return self->session_expired;
}

/**
 * elicit_http_transport_get_protocol_version:
 * @self: an HTTP transport
 *
 * Gets the protocol version sent as `MCP-Protocol-Version`.
 *
 * Returns: (nullable) (transfer none): the version, or %NULL before the
 *   session negotiated one
 *
 * Since: 1.0
 */
const char *
elicit_http_transport_get_protocol_version (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->protocol_version;
}

/**
 * elicit_http_transport_get_timeout:
 * @self: an HTTP transport
 *
 * Gets [property@HttpTransport:timeout].
 *
 * Returns: the timeout in milliseconds, 0 for none
 *
 * Since: 1.0
 */
guint
elicit_http_transport_get_timeout (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->timeout;
}

/**
 * elicit_http_transport_get_max_body_size:
 * @self: an HTTP transport
 *
 * Gets the largest JSON body accepted.
 *
 * Returns: the limit, in bytes
 *
 * Since: 1.0
 */
gsize
elicit_http_transport_get_max_body_size (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->max_body_size;
}

/**
 * elicit_http_transport_get_max_event_size:
 * @self: an HTTP transport
 *
 * Gets the largest event accepted on an event stream.
 *
 * Returns: the limit, in bytes
 *
 * Since: 1.0
 */
gsize
elicit_http_transport_get_max_event_size (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->max_event_size;
}

/**
 * elicit_http_transport_set_timeout:
 * @self: an HTTP transport
 * @msec: the timeout in milliseconds, 0 for none
 *
 * Sets how long the server may take to answer a request, or pause in the
 * middle of a body or an event. A request that times out fails; a stream
 * that times out is resumed.
 *
 * Since: 1.0
 */
void
elicit_http_transport_set_timeout (ElicitHttpTransport *self,
                                   guint                msec)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));

  if (self->timeout == msec)
    return;

  self->timeout = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

/**
 * elicit_http_transport_set_max_body_size:
 * @self: an HTTP transport
 * @max_body_size: the limit, in bytes
 *
 * Sets the largest JSON body accepted; a larger one closes the transport.
 *
 * Since: 1.0
 */
void
elicit_http_transport_set_max_body_size (ElicitHttpTransport *self,
                                         gsize                max_body_size)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (max_body_size > 0);

  if (self->max_body_size == max_body_size)
    return;

  self->max_body_size = max_body_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BODY_SIZE]);
}

/**
 * elicit_http_transport_set_max_event_size:
 * @self: an HTTP transport
 * @max_event_size: the limit, in bytes
 *
 * Sets the largest event accepted on an event stream; a larger one closes
 * the transport.
 *
 * Since: 1.0
 */
void
elicit_http_transport_set_max_event_size (ElicitHttpTransport *self,
                                          gsize                max_event_size)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (max_event_size > 0);

  if (self->max_event_size == max_event_size)
    return;

  self->max_event_size = max_event_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_EVENT_SIZE]);
}

static gboolean
is_token (const char *name)
{
  if (name[0] == '\0' || strlen (name) > MAX_HEADER_NAME_LENGTH)
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("!#$%&'*+-.^_`|~", *p) == NULL)
      return FALSE;

  return TRUE;
}

static gboolean
is_field_value (const char *value)
{
  if (strlen (value) > MAX_HEADER_VALUE_LENGTH)
    return FALSE;

  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    if ((*p < 0x20 && *p != '\t') || *p == 0x7F)
      return FALSE;

  return TRUE;
}

/**
 * elicit_http_transport_add_header:
 * @self: an HTTP transport
 * @name: a header name, such as `Authorization`
 * @value: its value; surrounding spaces are dropped
 * @error: return location for an [error@HttpTransportError]
 *
 * Adds a header sent with every request, such as credentials from the
 * user's configuration. Values are never logged. Headers the transport
 * sets itself (`Accept`, `Content-Type`, `Mcp-Session-Id`,
 * `MCP-Protocol-Version`, `Last-Event-ID` and the framing headers) are
 * refused.
 *
 * Returns: %TRUE if the header was added
 *
 * Since: 1.0
 */
gboolean
elicit_http_transport_add_header (ElicitHttpTransport  *self,
                                  const char           *name,
                                  const char           *value,
                                  GError              **error)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!is_token (name))
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                   _("“%s” is not a valid header name"), name);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (reserved_headers); i++)
    if (g_ascii_strcasecmp (name, reserved_headers[i]) == 0)
      {
        g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR,
                     ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                     _("The header “%s” is set by Elicit itself"), name);
        return FALSE;
      }

  stripped = g_strstrip (g_strdup (value));
  if (!is_field_value (stripped))
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                   _("The value of the header “%s” is too long or contains a line break or "
                     "a control character"), name);
      return FALSE;
    }

  g_ptr_array_add (self->header_names, g_strdup (name));
  g_ptr_array_add (self->header_values, g_steal_pointer (&stripped));

  return TRUE;
}

/**
 * elicit_http_transport_set_authorizer:
 * @self: an HTTP transport
 * @authorizer: (nullable): the authorizer of the server, or %NULL
 *
 * Signs in to the server with @authorizer: every request carries its
 * bearer token (to the server's own address only: redirects elsewhere are
 * never followed), and a request the server answers with 401, or 403
 * `insufficient_scope`, waits for @authorizer to sign in (which may take as
 * long as the user does; calls do not time out meanwhile), then is sent
 * again, a bounded number of times.
 *
 * Since: 1.0
 */
void
elicit_http_transport_set_authorizer (ElicitHttpTransport *self,
                                      ElicitAuthorizer    *authorizer)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (!authorizer || ELICIT_IS_AUTHORIZER (authorizer));

  g_set_object (&self->authorizer, authorizer);
}

/**
 * elicit_http_transport_get_authorizer:
 * @self: an HTTP transport
 *
 * Gets the authorizer set with [method@HttpTransport.set_authorizer].
 *
 * Returns: (transfer none) (nullable): the authorizer
 *
 * Since: 1.0
 */
ElicitAuthorizer *
elicit_http_transport_get_authorizer (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->authorizer;
}
