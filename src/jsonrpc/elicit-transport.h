/* elicit-transport.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_TRANSPORT_ERROR:
 *
 * The error domain of the reasons a transport closed, or could not carry
 * one request ([signal@Transport::request-failed]): what went wrong on the
 * way to the server, never an answer from it.
 */
#define ELICIT_TRANSPORT_ERROR (elicit_transport_error_quark ())

/**
 * ElicitTransportError:
 * @ELICIT_TRANSPORT_ERROR_CLOSED: the connection was closed, by us or by the peer
 * @ELICIT_TRANSPORT_ERROR_INVALID_JSON: the peer sent a message that is not valid JSON
 *   (or JSON that the safe parser refuses: too deep, NUL in a string, a number out of range)
 * @ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG: the peer sent a line longer than the limit
 * @ELICIT_TRANSPORT_ERROR_EXITED: the server process exited
 * @ELICIT_TRANSPORT_ERROR_KILLED: the server process was killed by a signal
 * @ELICIT_TRANSPORT_ERROR_SPAWN_FAILED: the server process could not be started
 * @ELICIT_TRANSPORT_ERROR_IO: reading or writing failed
 * @ELICIT_TRANSPORT_ERROR_PROTOCOL: the peer broke the transport's own framing
 *   (for example a malformed event stream, or an answer to another request)
 * @ELICIT_TRANSPORT_ERROR_HTTP_STATUS: the server answered an HTTP request with an
 *   error status and no JSON-RPC response (since 1.2)
 *
 * Why a transport closed, or failed one request. The error's message is a
 * sentence a user can read, such as "server exited with status 1".
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_TRANSPORT_ERROR_CLOSED,
  ELICIT_TRANSPORT_ERROR_INVALID_JSON,
  ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG,
  ELICIT_TRANSPORT_ERROR_EXITED,
  ELICIT_TRANSPORT_ERROR_KILLED,
  ELICIT_TRANSPORT_ERROR_SPAWN_FAILED,
  ELICIT_TRANSPORT_ERROR_IO,
  ELICIT_TRANSPORT_ERROR_PROTOCOL,
  ELICIT_TRANSPORT_ERROR_HTTP_STATUS,
} ElicitTransportError;

/**
 * ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH:
 *
 * The longest line, in bytes, that line-based transports accept by default:
 * 16 MiB, the limit GNOME's jsonrpc-glib uses.
 *
 * Since: 1.0
 */
#define ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH (16 * 1024 * 1024)

#define ELICIT_TYPE_TRANSPORT (elicit_transport_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_DERIVABLE_TYPE (ElicitTransport, elicit_transport, ELICIT, TRANSPORT, GObject)

/**
 * ElicitTransportClass:
 * @parent_class: the parent class
 * @start: begins receiving; messages are emitted from then on
 * @send: queues one message for the peer and returns at once; never called
 *   once the transport is closed
 * @close_async: closes the connection and releases the peer (stops a child
 *   process); emits [signal@Transport::closed] through
 *   [method@Transport.emit_closed]. The default emits it and completes at once.
 * @close_finish: finishes @close_async
 * @set_protocol_version: optional; told the negotiated MCP protocol version
 *   (the HTTP transport sends it as a header)
 *
 * The virtual methods of [class@Transport].
 *
 * An implementation reports what happens on its connection through
 * [method@Transport.emit_message] for each message it receives, in order
 * (or [method@Transport.receive_text] for text still to be parsed),
 * [method@Transport.emit_log] for diagnostics and
 * [method@Transport.emit_closed] once, when it closes. The base class keeps
 * the closed state that [method@Transport.is_closed] reports, and drops
 * whatever is emitted after it.
 *
 * Since: 1.0
 */
struct _ElicitTransportClass
{
  GObjectClass parent_class;

  void     (*start)                (ElicitTransport      *self);
  gboolean (*send)                 (ElicitTransport      *self,
                                    JsonNode             *message,
                                    GError              **error);
  void     (*close_async)          (ElicitTransport      *self,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
  gboolean (*close_finish)         (ElicitTransport      *self,
                                    GAsyncResult         *result,
                                    GError              **error);
  void     (*set_protocol_version) (ElicitTransport      *self,
                                    const char           *protocol_version);

  /*< private >*/
  gpointer padding[12];
};

ELICIT_AVAILABLE_IN_1_0
GQuark        elicit_transport_error_quark          (void);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_is_closed            (ElicitTransport      *self);
ELICIT_AVAILABLE_IN_1_0
const GError *elicit_transport_get_close_error      (ElicitTransport      *self);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_start                (ElicitTransport      *self);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_send                 (ElicitTransport      *self,
                                                     JsonNode             *message,
                                                     GError              **error);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_close_async          (ElicitTransport      *self,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_close_finish         (ElicitTransport      *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_set_protocol_version (ElicitTransport      *self,
                                                     const char           *protocol_version);

ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_emit_message         (ElicitTransport      *self,
                                                     JsonNode             *message);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_emit_invalid_message (ElicitTransport      *self,
                                                     const GError         *error);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_emit_request_failed  (ElicitTransport      *self,
                                                     JsonNode             *id,
                                                     const GError         *error);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_emit_closed          (ElicitTransport      *self,
                                                     const GError         *error);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_emit_log             (ElicitTransport      *self,
                                                     const char           *line);
ELICIT_AVAILABLE_IN_1_0
void          elicit_transport_hold_for_user        (ElicitTransport      *self,
                                                     gboolean              waiting);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_get_waiting_for_user (ElicitTransport      *self);
ELICIT_AVAILABLE_IN_1_0
gboolean      elicit_transport_receive_text         (ElicitTransport      *self,
                                                     const char           *text,
                                                     gssize                length,
                                                     GError              **error);

G_END_DECLS
