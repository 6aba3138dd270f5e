/* elicit-jsonrpc.h
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
 * ELICIT_JSONRPC_ERROR:
 *
 * The error domain of JSON-RPC 2.0 itself: why a message is not a valid
 * JSON-RPC message ([func@jsonrpc_classify]), with the standard error codes
 * as their numeric values, as in jsonrpc-glib.
 *
 * An error another peer answered a call with is in [error@SessionError],
 * whose JSON-RPC codes are these same numbers, and which also carries the
 * code and data the peer sent.
 *
 * Since: 1.0
 */
#define ELICIT_JSONRPC_ERROR (elicit_jsonrpc_error_quark ())

/**
 * ElicitJsonrpcError:
 * @ELICIT_JSONRPC_ERROR_PARSE_ERROR: -32700: the text is not JSON
 * @ELICIT_JSONRPC_ERROR_INVALID_REQUEST: -32600: not a valid JSON-RPC message
 * @ELICIT_JSONRPC_ERROR_METHOD_NOT_FOUND: -32601: no such method
 * @ELICIT_JSONRPC_ERROR_INVALID_PARAMS: -32602: the parameters are invalid
 * @ELICIT_JSONRPC_ERROR_INTERNAL_ERROR: -32603: the peer failed
 *
 * The error codes JSON-RPC 2.0 defines, with their numeric values.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_JSONRPC_ERROR_PARSE_ERROR      = -32700,
  ELICIT_JSONRPC_ERROR_INVALID_REQUEST  = -32600,
  ELICIT_JSONRPC_ERROR_METHOD_NOT_FOUND = -32601,
  ELICIT_JSONRPC_ERROR_INVALID_PARAMS   = -32602,
  ELICIT_JSONRPC_ERROR_INTERNAL_ERROR   = -32603,
} ElicitJsonrpcError;

/**
 * ElicitMessageKind:
 * @ELICIT_MESSAGE_KIND_INVALID: not a JSON-RPC message MCP allows (a batch, not an
 *   object, a bad id, a missing `"jsonrpc": "2.0"`…)
 * @ELICIT_MESSAGE_KIND_REQUEST: a request: a string method and a string or integer id
 * @ELICIT_MESSAGE_KIND_NOTIFICATION: a notification: a string method and no id
 * @ELICIT_MESSAGE_KIND_RESPONSE: a response: a `result` or an `error`, and an id
 *
 * What a JSON-RPC message is, as [func@jsonrpc_classify] sees it.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_MESSAGE_KIND_INVALID,
  ELICIT_MESSAGE_KIND_REQUEST,
  ELICIT_MESSAGE_KIND_NOTIFICATION,
  ELICIT_MESSAGE_KIND_RESPONSE,
} ElicitMessageKind;

ELICIT_AVAILABLE_IN_1_0
GQuark             elicit_jsonrpc_error_quark           (void);
ELICIT_AVAILABLE_IN_1_0
ElicitMessageKind  elicit_jsonrpc_classify              (JsonNode     *message,
                                                         const char  **method,
                                                         JsonNode    **id,
                                                         JsonObject  **params,
                                                         GError      **error);
ELICIT_AVAILABLE_IN_1_0
JsonNode          *elicit_jsonrpc_build_error_response  (JsonNode     *id,
                                                         gint64        code,
                                                         const char   *message) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
JsonNode          *elicit_jsonrpc_build_request         (JsonNode     *id,
                                                         const char   *method,
                                                         JsonObject   *params) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
