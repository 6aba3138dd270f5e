/* elicit-session-error.h
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

#include "elicit-jsonrpc.h"
#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_SESSION_ERROR:
 *
 * The error domain of MCP calls: JSON-RPC errors the server answered with,
 * and what can go wrong around them. An extended error domain: errors the
 * server sent carry its code, its data and, for
 * [error@SessionError.URL_ELICITATION_REQUIRED], the elicitations it listed
 * (see [func@SessionError.get_elicitations]).
 */
#define ELICIT_SESSION_ERROR (elicit_session_error_quark ())

/**
 * ElicitSessionError:
 * @ELICIT_SESSION_ERROR_PARSE_ERROR: JSON-RPC -32700: the server could not parse what it got
 * @ELICIT_SESSION_ERROR_INVALID_REQUEST: JSON-RPC -32600: not a valid request
 * @ELICIT_SESSION_ERROR_METHOD_NOT_FOUND: JSON-RPC -32601: the server does not offer the method
 * @ELICIT_SESSION_ERROR_INVALID_PARAMS: JSON-RPC -32602: invalid parameters (also what a
 *   malformed `elicitation/create` gets)
 * @ELICIT_SESSION_ERROR_INTERNAL_ERROR: JSON-RPC -32603: the server failed
 * @ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED: MCP -32042: the user must complete the URL
 *   elicitations the error carries, then the call may be retried
 * @ELICIT_SESSION_ERROR_HEADER_MISMATCH: MCP -32020: the HTTP headers of a request do not match
 *   its body
 * @ELICIT_SESSION_ERROR_MISSING_CLIENT_CAPABILITY: MCP -32021: the request needs a capability
 *   the client did not declare
 * @ELICIT_SESSION_ERROR_UNSUPPORTED_PROTOCOL_VERSION: MCP -32022: the server does not speak the
 *   protocol version the request declared; its data lists those it does
 * @ELICIT_SESSION_ERROR_SERVER_ERROR: any other code the server answered with; the code
 *   itself is in [func@SessionError.get_code]
 * @ELICIT_SESSION_ERROR_CLOSED: the connection closed (the message says why), or is closed
 * @ELICIT_SESSION_ERROR_TIMEOUT: the server did not answer in time
 * @ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION: the server only speaks a protocol version this
 *   client does not; the message names both
 * @ELICIT_SESSION_ERROR_INVALID_RESPONSE: the server's answer is malformed
 * @ELICIT_SESSION_ERROR_NOT_CONNECTED: the call needs a connected session
 *
 * Why a call failed. The JSON-RPC codes are those of [error@JsonrpcError],
 * with their numeric values, as in jsonrpc-glib; the error a server
 * answered with is in this domain, carrying its code and data. A transport
 * that could not carry the call fails it with its [error@TransportError]
 * instead. A call cancelled through its [class@Gio.Cancellable] fails
 * with %G_IO_ERROR_CANCELLED, as everywhere in GIO.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_SESSION_ERROR_PARSE_ERROR              = ELICIT_JSONRPC_ERROR_PARSE_ERROR,
  ELICIT_SESSION_ERROR_INVALID_REQUEST          = ELICIT_JSONRPC_ERROR_INVALID_REQUEST,
  ELICIT_SESSION_ERROR_METHOD_NOT_FOUND         = ELICIT_JSONRPC_ERROR_METHOD_NOT_FOUND,
  ELICIT_SESSION_ERROR_INVALID_PARAMS           = ELICIT_JSONRPC_ERROR_INVALID_PARAMS,
  ELICIT_SESSION_ERROR_INTERNAL_ERROR           = ELICIT_JSONRPC_ERROR_INTERNAL_ERROR,
  ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED = -32042,
  ELICIT_SESSION_ERROR_HEADER_MISMATCH          = -32020,
  ELICIT_SESSION_ERROR_MISSING_CLIENT_CAPABILITY = -32021,
  ELICIT_SESSION_ERROR_UNSUPPORTED_PROTOCOL_VERSION = -32022,
  ELICIT_SESSION_ERROR_SERVER_ERROR             = -32000,
  ELICIT_SESSION_ERROR_CLOSED                   = 1,
  ELICIT_SESSION_ERROR_TIMEOUT                  = 2,
  ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION      = 3,
  ELICIT_SESSION_ERROR_INVALID_RESPONSE         = 4,
  ELICIT_SESSION_ERROR_NOT_CONNECTED            = 5,
} ElicitSessionError;

ELICIT_AVAILABLE_IN_1_0
GQuark     elicit_session_error_quark            (void);
ELICIT_AVAILABLE_IN_1_0
gint64     elicit_session_error_get_code         (const GError *error);
ELICIT_AVAILABLE_IN_1_0
JsonNode  *elicit_session_error_get_data         (const GError *error);
ELICIT_AVAILABLE_IN_1_0
GPtrArray *elicit_session_error_get_elicitations (const GError *error);

G_END_DECLS
