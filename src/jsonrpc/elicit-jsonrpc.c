/* elicit-jsonrpc.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* JSON-RPC 2.0's vocabulary: what a message is, and the messages a peer
 * makes — the rules every message ElicitPeer receives is held to. The
 * transports use it too, without the peer. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-jsonrpc-private.h"

/**
 * elicit_jsonrpc_error_quark:
 *
 * The quark of [error@JsonrpcError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-jsonrpc-error-quark, elicit_jsonrpc_error)

/* Messages --------------------------------------------------------------------- */


gboolean
elicit_jsonrpc_is_valid_id (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);

  return type == G_TYPE_STRING || type == G_TYPE_INT64;
}

static gboolean
has_jsonrpc_2 (JsonObject *object)
{
  return g_strcmp0 (elicit_json_object_get_string (object, "jsonrpc"), "2.0") == 0;
}

static ElicitMessageKind
invalid (GError     **error,
         const char  *reason)
{
  g_set_error_literal (error, ELICIT_JSONRPC_ERROR, ELICIT_JSONRPC_ERROR_INVALID_REQUEST, reason);

  return ELICIT_MESSAGE_KIND_INVALID;
}

static ElicitMessageKind
classify_response (JsonObject  *object,
                   GError     **error)
{
  if (!json_object_has_member (object, "result") && !json_object_has_member (object, "error"))
    return invalid (error, "Invalid Request: no method, result or error");
  if (!has_jsonrpc_2 (object))
    return invalid (error, "Invalid Request: a response without \"jsonrpc\": \"2.0\"");

  return ELICIT_MESSAGE_KIND_RESPONSE;
}

/**
 * elicit_jsonrpc_classify:
 * @message: a received message
 * @method: (out) (transfer none) (optional) (nullable): the method of a request
 *   or notification
 * @id: (out) (transfer none) (optional) (nullable): the id of a request or response:
 *   for an invalid message, the id an answer may echo, or %NULL when the
 *   message has no id that can be trusted
 * @params: (out) (transfer none) (optional) (nullable): the `params` object, if any
 * @error: return location for why an invalid message is invalid, in
 *   [error@JsonrpcError] (INVALID_REQUEST, or INVALID_PARAMS for a request
 *   whose `params` is not an object), a sentence that can go back to the
 *   sender
 *
 * Tells what a JSON-RPC message is, with the checks [class@Peer] applies to
 * everything it receives. A request's `params` that is neither an object nor
 * null makes it invalid; a notification's is ignored.
 *
 * Returns: the kind of message
 *
 * Since: 1.0
 */
ElicitMessageKind
elicit_jsonrpc_classify (JsonNode    *message,
                         const char **method,
                         JsonNode   **id,
                         JsonObject **params,
                         GError     **error)
{
  JsonObject *object;
  JsonNode *method_node;
  JsonNode *id_node;
  JsonNode *params_node;
  const char *unused_method;
  JsonNode *unused_id;
  JsonObject *unused_params;

  g_return_val_if_fail (message != NULL, ELICIT_MESSAGE_KIND_INVALID);

  method = method ? method : &unused_method;
  id = id ? id : &unused_id;
  params = params ? params : &unused_params;
  *method = NULL;
  *id = NULL;
  *params = NULL;

  if (JSON_NODE_HOLDS_ARRAY (message))
    return invalid (error, "Invalid Request: batches are not supported");
  if (!JSON_NODE_HOLDS_OBJECT (message))
    return invalid (error, "Invalid Request: not a JSON object");

  object = json_node_get_object (message);
  method_node = json_object_get_member (object, "method");
  id_node = json_object_get_member (object, "id");
  params_node = json_object_get_member (object, "params");

  if (method_node == NULL)
    {
      *id = elicit_jsonrpc_is_valid_id (id_node) ? id_node : NULL;
      return classify_response (object, error);
    }

  if (!JSON_NODE_HOLDS_VALUE (method_node) || json_node_get_value_type (method_node) != G_TYPE_STRING)
    {
      *id = elicit_jsonrpc_is_valid_id (id_node) ? id_node : NULL;
      return invalid (error, "Invalid Request: the method must be a string");
    }

  if (id_node != NULL && !elicit_jsonrpc_is_valid_id (id_node))
    return invalid (error, "Invalid Request: the id must be a string or an integer");

  *id = id_node;
  if (!has_jsonrpc_2 (object))
    return invalid (error, "Invalid Request: \"jsonrpc\" must be \"2.0\"");

  *method = json_node_get_string (method_node);
  if (params_node != NULL && JSON_NODE_HOLDS_OBJECT (params_node))
    *params = json_node_get_object (params_node);
  else if (id_node != NULL && params_node != NULL && !JSON_NODE_HOLDS_NULL (params_node))
    {
      g_set_error_literal (error, ELICIT_JSONRPC_ERROR, ELICIT_JSONRPC_ERROR_INVALID_PARAMS,
                           _("“params” must be an object"));
      return ELICIT_MESSAGE_KIND_INVALID;
    }

  return id_node != NULL ? ELICIT_MESSAGE_KIND_REQUEST : ELICIT_MESSAGE_KIND_NOTIFICATION;
}

/**
 * elicit_jsonrpc_build_error_response:
 * @id: the id of the request to answer
 * @code: a JSON-RPC error code, such as %ELICIT_JSONRPC_ERROR_INTERNAL_ERROR
 * @message: the error's message
 *
 * Makes the error response to a request, for a program that answers
 * requests itself beside a [class@Peer], such as a proxy answering its
 * client when the server could not be reached. (A transport that cannot
 * carry a request reports [signal@Transport::request-failed] instead: an
 * answer in the server's name would be a lie.)
 *
 * Returns: (transfer full): the response
 *
 * Since: 1.0
 */
JsonNode *
elicit_jsonrpc_build_error_response (JsonNode   *id,
                                     gint64      code,
                                     const char *message)
{
  JsonObject *object;
  JsonObject *error;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (message != NULL, NULL);

  object = elicit_jsonrpc_envelope_new (id);
  error = json_object_new ();
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  json_object_set_object_member (object, "error", error);

  return json_node_init_object (json_node_alloc (), object);
}

JsonObject *
elicit_jsonrpc_envelope_new (JsonNode *id)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  if (id != NULL)
    json_object_set_member (object, "id", json_node_copy (id));

  return object;
}

/**
 * elicit_jsonrpc_build_request:
 * @id: the request's id, a string or an integer
 * @method: the method to call
 * @params: (nullable): its parameters
 *
 * Makes a request to send with [method@Peer.forward] under an id of the
 * caller's own: a proxy that asks the server something itself, beside
 * the requests it passes on, uses ids its client cannot use.
 *
 * Returns: (transfer full): the request
 *
 * Since: 1.0
 */
JsonNode *
elicit_jsonrpc_build_request (JsonNode   *id,
                              const char *method,
                              JsonObject *params)
{
  JsonObject *object;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (method != NULL, NULL);

  object = elicit_jsonrpc_envelope_new (id);
  json_object_set_string_member (object, "method", method);
  if (params != NULL)
    json_object_set_object_member (object, "params", json_object_ref (params));

  return json_node_init_object (json_node_alloc (), object);
}
