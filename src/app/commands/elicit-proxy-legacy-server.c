/* elicit-proxy-legacy-server.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-proxy-private.h"

/* A modern client in front of a legacy server -------------------------------------- */

/* Before a modern client's first request goes on, the proxy asks the server
 * which era it is, with the client's own _meta. A legacy server refuses
 * server/discover: the proxy then does the initialize handshake in the
 * client's name, answers the client's server/discover itself, and passes its
 * requests on without their modern _meta. The requests wait meanwhile. */

#define MODERN_PROBE_ID "elicit-proxy-discover-era"
#define LEGACY_INITIALIZE_ID "elicit-proxy-initialize"

JsonNode *
elicit_proxy_message_id (JsonNode *message)
{
  return json_object_get_member (json_node_get_object (message), "id");
}

const char *
elicit_proxy_message_method (JsonNode *message)
{
  return elicit_json_object_get_string (json_node_get_object (message), "method");
}

static JsonObject *
message_meta (JsonNode *message)
{
  return elicit_proxy_object_member (elicit_proxy_object_member (json_node_get_object (message), "params"), "_meta");
}

static gboolean
is_modern_request (JsonObject *params)
{
  return elicit_json_object_get_string (elicit_proxy_object_member (params, "_meta"),
                        "io.modelcontextprotocol/protocolVersion") != NULL;
}

static void initialize_for_client (Proxy      *proxy,
                                   JsonObject *meta);

/* A server that ignores server/discover is a legacy one too. */
static gboolean
era_probe_timeout_cb (gpointer user_data)
{
  Proxy *proxy = user_data;

  proxy->era_timeout = 0;
  if (proxy->server_era == ERA_PROBING && proxy->held_modern->len > 0)
    initialize_for_client (proxy, message_meta (g_ptr_array_index (proxy->held_modern, 0)));

  return G_SOURCE_REMOVE;
}

static void
send_era_probe (Proxy    *proxy,
                JsonNode *first)
{
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonNode) id = json_node_init_string (json_node_alloc (), MODERN_PROBE_ID);
  g_autoptr(JsonNode) node = NULL;

  json_object_set_object_member (params, "_meta",
                                 elicit_json_object_deep_copy (message_meta (first)));
  node = elicit_jsonrpc_build_request (id, "server/discover", params);
  proxy->server_era = ERA_PROBING;
  g_clear_handle_id (&proxy->era_timeout, g_source_remove);
  proxy->era_timeout = g_timeout_add_seconds (PROBE_TIMEOUT_SECONDS, era_probe_timeout_cb, proxy);
  elicit_proxy_log_passed (proxy, proxy->server_peer, "server/discover");
  elicit_peer_forward (proxy->server_peer, node);
}

/* Holds a modern client's request while the server's era is not known;
 * returns FALSE when it may go on at once. */
gboolean
elicit_proxy_hold_modern_request (Proxy      *proxy,
                     JsonNode   *message,
                     JsonObject *params)
{
  if (proxy->server_era == ERA_MODERN || proxy->server_era == ERA_LEGACY ||
      proxy->modern_server || !is_modern_request (params))
    return FALSE;

  g_ptr_array_add (proxy->held_modern, json_node_ref (message));
  if (proxy->server_era == ERA_UNKNOWN)
    send_era_probe (proxy, message);

  return TRUE;
}

static void
release_held (Proxy *proxy)
{
  g_autoptr(GPtrArray) held = g_steal_pointer (&proxy->held_modern);

  proxy->held_modern = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  for (guint i = 0; i < held->len; i++)
    elicit_proxy_pass_client_request (proxy, g_ptr_array_index (held, i));
}

/* The handshake the client cannot do, in its name: what its _meta declares,
 * and the elicitation the proxy answers. */
static void
initialize_for_client (Proxy      *proxy,
                       JsonObject *meta)
{
  JsonObject *info = elicit_proxy_object_member (meta, "io.modelcontextprotocol/clientInfo");
  JsonObject *capabilities = elicit_proxy_object_member (meta, "io.modelcontextprotocol/clientCapabilities");
  g_autoptr(JsonObject) params = json_object_new ();
  g_autoptr(JsonNode) id = json_node_init_string (json_node_alloc (), LEGACY_INITIALIZE_ID);
  g_autoptr(JsonNode) node = NULL;

  json_object_set_string_member (params, "protocolVersion", ELICIT_LEGACY_PROTOCOL_VERSION);
  json_object_set_object_member (params, "capabilities",
                                 capabilities != NULL ? elicit_json_object_deep_copy (capabilities)
                                                      : json_object_new ());
  elicit_proxy_add_elicitation_capability (params);
  if (info == NULL)
    {
      info = json_object_new ();
      json_object_set_string_member (info, "name", "elicit-proxy");
      json_object_set_string_member (info, "version", PACKAGE_VERSION);
      json_object_set_object_member (params, "clientInfo", info);
    }
  else
    json_object_set_object_member (params, "clientInfo", elicit_json_object_deep_copy (info));

  g_clear_pointer (&proxy->initialize_id, json_node_unref);
  proxy->initialize_id = json_node_ref (id);
  proxy->server_era = ERA_INITIALIZING;
  node = elicit_jsonrpc_build_request (id, "initialize", params);
  elicit_proxy_log_passed (proxy, proxy->server_peer, "initialize");
  elicit_peer_forward (proxy->server_peer, node);
}

/* The legacy server's InitializeResult, as the DiscoverResult a modern client asks for. */
static JsonObject *
discover_result_from (JsonObject *initialized)
{
  JsonObject *capabilities = elicit_proxy_object_member (initialized, "capabilities");
  JsonObject *info = elicit_proxy_object_member (initialized, "serverInfo");
  JsonObject *result = json_object_new ();
  JsonArray *versions = json_array_new ();

  json_object_set_string_member (result, "resultType", "complete");
  json_array_add_string_element (versions, ELICIT_PROTOCOL_VERSION);
  json_object_set_array_member (result, "supportedVersions", versions);
  json_object_set_object_member (result, "capabilities",
                                 capabilities != NULL ? elicit_json_object_deep_copy (capabilities)
                                                      : json_object_new ());
  if (info != NULL)
    {
      JsonObject *meta = json_object_new ();

      json_object_set_object_member (meta, "io.modelcontextprotocol/serverInfo",
                                     elicit_json_object_deep_copy (info));
      json_object_set_object_member (result, "_meta", meta);
    }
  if (elicit_json_object_get_string (initialized, "instructions") != NULL)
    json_object_set_string_member (result, "instructions", elicit_json_object_get_string (initialized, "instructions"));

  return result;
}

static void
fail_held (Proxy      *proxy,
           const char *reason)
{
  g_autoptr(GPtrArray) held = g_steal_pointer (&proxy->held_modern);

  proxy->held_modern = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  proxy->server_era = ERA_UNKNOWN;
  for (guint i = 0; i < held->len; i++)
    elicit_peer_reply_error (proxy->client_peer, elicit_proxy_message_id (g_ptr_array_index (held, i)),
                             ELICIT_SESSION_ERROR_INTERNAL_ERROR, reason);
}

static void
legacy_initialized (Proxy      *proxy,
                    JsonObject *response)
{
  JsonObject *error = elicit_proxy_object_member (response, "error");

  if (error != NULL)
    {
      const char *reason = elicit_json_object_get_string (error, "message");

      fail_held (proxy, reason != NULL ? reason : _("The server refused to initialize"));
      return;
    }

  g_clear_pointer (&proxy->legacy_discover, json_object_unref);
  proxy->legacy_discover = discover_result_from (elicit_proxy_object_member (response, "result"));
  proxy->server_era = ERA_LEGACY;
  elicit_proxy_log_passed (proxy, proxy->server_peer, "notifications/initialized");
  elicit_peer_notify (proxy->server_peer, "notifications/initialized", NULL);
  release_held (proxy);
}

/* The server's answer to the era probe or to the handshake the proxy does for
 * the client; FALSE for any other message. */
gboolean
elicit_proxy_era_answered (Proxy    *proxy,
              JsonNode *message,
              JsonNode *id)
{
  JsonObject *response = json_node_get_object (message);
  const char *text;

  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING)
    return FALSE;
  text = json_node_get_string (id);

  if (g_str_equal (text, MODERN_PROBE_ID) && proxy->server_era == ERA_PROBING)
    {
      g_clear_handle_id (&proxy->era_timeout, g_source_remove);
      if (elicit_proxy_lists_modern_version (elicit_proxy_object_member (response, "result")))
        {
          proxy->server_era = ERA_MODERN;
          release_held (proxy);
        }
      else
        {
          g_debug ("the server does not discover 2026-07-28: a legacy server, initializing it");
          initialize_for_client (proxy, message_meta (g_ptr_array_index (proxy->held_modern, 0)));
        }
      return TRUE;
    }

  if (g_str_equal (text, LEGACY_INITIALIZE_ID) && proxy->server_era == ERA_INITIALIZING)
    {
      elicit_proxy_note_initialize_result (proxy, message, id);
      legacy_initialized (proxy, response);
      return TRUE;
    }

  return FALSE;
}

/* A modern request to a legacy server: its server/discover is answered
 * here; elsewhere what _meta declares for the modern era goes (the server was
 * told at initialize), so that it is not taken for a 2026-07-28 request, over
 * HTTP least of all. Returns TRUE when the request is answered. */
gboolean
elicit_proxy_legacy_request (Proxy      *proxy,
                const char *method,
                JsonNode   *id,
                JsonObject *params)
{
  JsonObject *meta = elicit_proxy_object_member (params, "_meta");

  if (g_str_equal (method, "server/discover"))
    {
      elicit_proxy_log_passed (proxy, proxy->client_peer, NULL);
      elicit_peer_reply (proxy->client_peer, id, proxy->legacy_discover);
      return TRUE;
    }

  if (meta == NULL)
    return FALSE;

  json_object_remove_member (meta, "io.modelcontextprotocol/protocolVersion");
  json_object_remove_member (meta, "io.modelcontextprotocol/clientInfo");
  json_object_remove_member (meta, "io.modelcontextprotocol/clientCapabilities");
  if (json_object_get_size (meta) == 0)
    json_object_remove_member (params, "_meta");

  return FALSE;
}

/* A legacy server's result, for a modern client: 2026-07-28 results say what
 * they are, and a legacy result is always complete. */
JsonNode *
elicit_proxy_modern_response (JsonNode *message)
{
  JsonObject *result = elicit_proxy_object_member (json_node_get_object (message), "result");
  JsonNode *copy;

  if (result == NULL || json_object_has_member (result, "resultType"))
    return json_node_ref (message);

  copy = elicit_json_deep_copy (message);
  json_object_set_string_member (elicit_proxy_object_member (json_node_get_object (copy), "result"),
                                 "resultType", "complete");
  return copy;
}
