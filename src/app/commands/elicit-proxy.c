/* elicit-proxy.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * elicit proxy [--name NAME] -- COMMAND [ARG…]
 * elicit proxy [--name NAME] --url URL [--header 'NAME: VALUE'…]
 *
 * An MCP server to its client (on its own stdin and stdout) and an MCP
 * client to the server it starts (COMMAND), or to a remote one over
 * Streamable HTTP (--url: a stdio-to-HTTP bridge). Every message passes through
 * unchanged, ids included, except:
 *
 *   - the client's `initialize` gains the elicitation capability
 *     ({"form": {}, "url": {}}, added to whatever the client declared);
 *   - the server's `elicitation/create` requests never reach the client: the
 *     proxy answers them itself, in a native dialog labelled NAME, and the
 *     `notifications/cancelled` and `notifications/elicitation/complete`
 *     that name them are consumed too, even after they were answered.
 *
 * Each side is an ElicitPeer, so malformed messages from either side are
 * answered as ElicitSession answers them (JSON-RPC -32600 to the sender;
 * with a null id when the message has no usable one) and go no further, and
 * every request gets exactly one answer. The server's requests for input
 * become dialogs through an ElicitInputSource, as in any session. Standard output carries only MCP
 * messages: file descriptor 1 is moved aside at start, and anything else
 * the process would print there goes to stderr. The server's stderr is
 * copied to ours.
 *
 * When the server exits, the proxy flushes what it forwarded and exits 1,
 * saying why on stderr. When the client closes our stdin, the proxy shuts
 * the server down as the specification says (closes its stdin, waits, then
 * SIGTERM, then SIGKILL) and exits 0.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>
#include <glib/gi18n.h>

#include "elicit.h"
#include "elicit-auth-options.h"
#include "elicit-cli.h"
#include "elicit-timing.h"
#include "elicit-cli-prompts.h"
#include "elicit-header-options.h"
#include "elicit-proxy.h"

#include "elicit-proxy-private.h"

JsonObject *
elicit_proxy_object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

void
elicit_proxy_log_passed (Proxy      *proxy,
            ElicitPeer *to,
            const char *method)
{
  if (proxy->verbose)
    g_printerr ("elicit proxy: %s %s\n", to == proxy->server_peer ? "→ server" : "→ client",
                method != NULL ? method : "(response)");
}

static void
refused_cb (ElicitPeer *peer,
            const char *reason,
            Proxy      *proxy)
{
  g_printerr (_("elicit proxy: %s sent an invalid message: %s\n"),
              peer == proxy->client_peer ? _("the client") : _("the server"), reason);
}

/* The server's input requests: answered here, never forwarded --------------------- */

/* The desktop's prompter shows the client that started the proxy ("via
 * claude"), as that client's claim: until the client names itself, by the
 * parent process's name. */
static void
label_with_client (ElicitCliPrompts *prompts)
{
  g_autofree char *client = elicit_cli_parent_name ();

  elicit_cli_prompts_set_client_label (prompts, client);
}

/* The client's own name (clientInfo, in initialize or a 2026-07-28 request's
 * _meta) is a better claim than its process's: Node 22 and later call their
 * main thread "MainThread", so every Node client would be "MainThread". */
static void
label_with_client_info (Proxy      *proxy,
                        JsonObject *info)
{
  const char *claim = elicit_json_object_get_string (info, "title");

  if (claim == NULL || *claim == '\0')
    claim = elicit_json_object_get_string (info, "name");
  if (claim != NULL && *claim != '\0')
    elicit_cli_prompts_set_client_label (proxy->prompts, claim);
}

static void
input_request_cb (ElicitInputSource *input,
                  ElicitRequest     *request,
                  Proxy             *proxy)
{
  elicit_timing_mark ("elicitation-received");
  elicit_prompt_queue_push (elicit_cli_prompts_get_queue (proxy->prompts), request);
}

/* The client's initialize gains the elicitation capability. */
void
elicit_proxy_add_elicitation_capability (JsonObject *params)
{
  JsonNode *node;
  JsonObject *capabilities;
  JsonObject *elicitation;

  /* The server will refuse it; not ours to fix. */
  if (params == NULL)
    return;

  node = json_object_get_member (params, "capabilities");
  if (node == NULL)
    {
      capabilities = json_object_new ();
      json_object_set_object_member (params, "capabilities", capabilities);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    capabilities = json_node_get_object (node);
  else
    return;

  elicitation = elicit_proxy_object_member (capabilities, "elicitation");
  if (elicitation == NULL)
    {
      elicitation = json_object_new ();
      json_object_set_object_member (capabilities, "elicitation", elicitation);
    }

  if (!json_object_has_member (elicitation, "form"))
    json_object_set_object_member (elicitation, "form", json_object_new ());
  if (!json_object_has_member (elicitation, "url"))
    json_object_set_object_member (elicitation, "url", json_object_new ());
}

/* The server's own name, shown in the dialog as what it claims to be; over
 * HTTP, the negotiated version goes with every later request. */
void
elicit_proxy_note_initialize_result (Proxy    *proxy,
                        JsonNode *message,
                        JsonNode *id)
{
  JsonObject *result;
  JsonObject *info;
  const char *version;
  const char *claim;

  if (proxy->initialize_id == NULL || id == NULL || !json_node_equal (id, proxy->initialize_id))
    return;

  g_clear_pointer (&proxy->initialize_id, json_node_unref);
  result = elicit_proxy_object_member (json_node_get_object (message), "result");

  version = elicit_json_object_get_string (result, "protocolVersion");
  if (version != NULL)
    elicit_transport_set_protocol_version (proxy->server, version);

  info = elicit_proxy_object_member (result, "serverInfo");
  claim = elicit_json_object_get_string (info, "title");
  if (claim == NULL)
    claim = elicit_json_object_get_string (info, "name");
  if (claim != NULL)
    elicit_cli_prompts_set_server_claim (proxy->prompts, claim);
}

/* Multi-round-trip input, bridged (2026-07-28) ----------------------------------- */

/* A client's request whose InputRequiredResults the proxy answers itself:
 * the client sees only the final result, under its own id. Held by
 * Proxy.bridged (by the client's id) and by a round of dialogs under way. */
typedef struct
{
  grefcount          ref_count;
  Proxy             *proxy;
  JsonNode          *client_id;
  JsonNode          *attempt_id;  /* the request in flight; NULL while asking the user */
  /* the request as forwarded (the proxy's capability included), and its retries */
  ElicitInputRounds *rounds;
  GCancellable      *cancellable;
} Bridged;

static Bridged *
bridged_ref (Bridged *bridged)
{
  g_ref_count_inc (&bridged->ref_count);
  return bridged;
}

static void
bridged_unref (gpointer data)
{
  Bridged *bridged = data;

  if (!g_ref_count_dec (&bridged->ref_count))
    return;

  g_clear_object (&bridged->cancellable);
  g_clear_pointer (&bridged->client_id, json_node_unref);
  g_clear_pointer (&bridged->attempt_id, json_node_unref);
  g_clear_object (&bridged->rounds);
  g_free (bridged);
}

static gboolean
may_ask_for_input (const char *method)
{
  return g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get") ||
         g_str_equal (method, "resources/read");
}

/* A modern request declares the client's capabilities in its _meta: the
 * proxy adds the elicitation it answers, as it does to an initialize. */
static gboolean
add_modern_capability (JsonObject *params)
{
  JsonObject *meta = elicit_proxy_object_member (params, "_meta");
  JsonObject *capabilities;
  JsonObject *elicitation;

  if (meta == NULL ||
      elicit_json_object_get_string (meta, "io.modelcontextprotocol/protocolVersion") == NULL)
    return FALSE;

  capabilities = elicit_proxy_object_member (meta, "io.modelcontextprotocol/clientCapabilities");
  if (capabilities == NULL)
    {
      capabilities = json_object_new ();
      json_object_set_object_member (meta, "io.modelcontextprotocol/clientCapabilities",
                                     capabilities);
    }

  elicitation = elicit_proxy_object_member (capabilities, "elicitation");
  if (elicitation == NULL)
    {
      elicitation = json_object_new ();
      json_object_set_object_member (capabilities, "elicitation", elicitation);
    }
  if (!json_object_has_member (elicitation, "form"))
    json_object_set_object_member (elicitation, "form", json_object_new ());
  if (!json_object_has_member (elicitation, "url"))
    json_object_set_object_member (elicitation, "url", json_object_new ());

  return TRUE;
}

static void
bridge_request (Proxy      *proxy,
                const char *method,
                JsonNode   *id,
                JsonObject *params)
{
  Bridged *bridged;

  if (params == NULL || !may_ask_for_input (method) || !add_modern_capability (params))
    return;

  bridged = g_new0 (Bridged, 1);
  g_ref_count_init (&bridged->ref_count);
  bridged->proxy = proxy;
  bridged->client_id = json_node_copy (id);
  bridged->attempt_id = json_node_copy (id);
  bridged->rounds = elicit_input_rounds_new (proxy->input, method, params);
  bridged->cancellable = g_cancellable_new ();
  g_hash_table_replace (proxy->bridged, json_node_copy (id), bridged);
}

/* The input of an InputRequiredResult that the proxy can gather: only
 * elicitations, which it answers with dialogs. */
static gboolean
is_answerable (JsonObject *result)
{
  JsonObject *requests = elicit_proxy_object_member (result, "inputRequests");
  g_autoptr(GList) keys = NULL;

  if (!elicit_input_rounds_is_input_required (result))
    return FALSE;

  keys = json_object_get_members (requests);
  for (GList *l = keys; l != NULL; l = l->next)
    if (g_strcmp0 (elicit_json_object_get_string (elicit_proxy_object_member (requests, l->data), "method"),
                   "elicitation/create") != 0)
      return FALSE;

  return TRUE;
}

/* Answers the client in the server's name and forgets the request. */
static void
bridge_fail (Bridged    *bridged,
             const char *message)
{
  Proxy *proxy = bridged->proxy;

  elicit_peer_reply_error (proxy->client_peer, bridged->client_id,
                           ELICIT_SESSION_ERROR_INTERNAL_ERROR, message);
  g_hash_table_remove (proxy->bridged, bridged->client_id);
}

/* The retry is a new request: an id of the proxy's own, never the client's. */
static void
bridge_retry (Bridged    *bridged,
              JsonObject *params)
{
  Proxy *proxy = bridged->proxy;
  const char *method = elicit_input_rounds_get_method (bridged->rounds);
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *attempt_id = NULL;

  attempt_id = g_strdup_printf ("elicit-proxy-%u", ++proxy->next_retry);
  bridged->attempt_id = json_node_init_string (json_node_alloc (), attempt_id);
  node = elicit_jsonrpc_build_request (bridged->attempt_id, method, params);
  elicit_proxy_log_passed (proxy, proxy->server_peer, method);
  elicit_peer_forward (proxy->server_peer, node);
}

static void
bridge_answered_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Bridged *bridged = user_data;
  g_autoptr(JsonObject) params = NULL;
  g_autoptr(GError) error = NULL;

  params = elicit_input_rounds_answer_finish (ELICIT_INPUT_ROUNDS (object), result, &error);

  /* Cancelled: the client gave up, or the proxy is going. */
  if (bridged->proxy->finishing || bridged->proxy->client_peer == NULL)
    ;
  else if (params == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    bridge_fail (bridged, error->message);
  else if (params != NULL)
    bridge_retry (bridged, params);

  bridged_unref (bridged);
}

static Bridged *
find_attempt (Proxy    *proxy,
              JsonNode *id)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, proxy->bridged);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Bridged *bridged = value;

      if (bridged->attempt_id != NULL && json_node_equal (bridged->attempt_id, id))
        return bridged;
    }

  return NULL;
}

static void
start_gathering (Bridged    *bridged,
                 JsonObject *result)
{
  g_clear_pointer (&bridged->attempt_id, json_node_unref);
  elicit_input_rounds_answer_async (bridged->rounds, result, bridged->cancellable,
                                    bridge_answered_cb, bridged_ref (bridged));
}

/* Takes the server's answer to a bridged request: gathers its input and
 * tries again, or passes the final result to the client under its id.
 * Returns FALSE for an answer to no bridged request. */
static gboolean
bridge_response (Proxy    *proxy,
                 JsonNode *message,
                 JsonNode *id)
{
  JsonObject *result = elicit_proxy_object_member (json_node_get_object (message), "result");
  g_autoptr(JsonNode) relayed = NULL;
  Bridged *bridged = id != NULL ? find_attempt (proxy, id) : NULL;

  if (bridged == NULL)
    return FALSE;

  if (result != NULL && is_answerable (result))
    {
      start_gathering (bridged, result);
      return TRUE;
    }

  relayed = elicit_json_deep_copy (message);
  json_object_set_member (json_node_get_object (relayed), "id", json_node_copy (bridged->client_id));
  elicit_proxy_log_passed (proxy, proxy->client_peer, NULL);
  if (!elicit_peer_relay_response (proxy->client_peer, relayed))
    g_debug ("dropping the server's answer to a request the client no longer waits for");
  g_hash_table_remove (proxy->bridged, bridged->client_id);

  return TRUE;
}

/* The client gave up on a bridged request: its dialogs go, and the server
 * hears of the attempt in flight. Returns the notification to forward, or
 * NULL when no request of the server's is in flight. */
static JsonNode *
bridge_cancelled (Proxy      *proxy,
                  JsonObject *params,
                  JsonNode   *message)
{
  JsonNode *request_id = params != NULL ? json_object_get_member (params, "requestId") : NULL;
  g_autoptr(JsonNode) forwarded = NULL;
  Bridged *bridged;

  bridged = request_id != NULL ? g_hash_table_lookup (proxy->bridged, request_id) : NULL;
  if (bridged == NULL)
    return json_node_ref (message);

  g_cancellable_cancel (bridged->cancellable);
  if (bridged->attempt_id != NULL)
    {
      forwarded = elicit_json_deep_copy (message);
      json_object_set_member (elicit_proxy_object_member (json_node_get_object (forwarded), "params"),
                              "requestId", json_node_copy (bridged->attempt_id));
    }
  g_hash_table_remove (proxy->bridged, request_id);

  return g_steal_pointer (&forwarded);
}

/* A legacy client in front of a modern server ---------------------------------- */

#define PROBE_ID "elicit-proxy-discover"

static gboolean client_request_cb      (ElicitPeer *peer,
                                        const char *method,
                                        JsonNode   *id,
                                        JsonObject *params,
                                        JsonNode   *message,
                                        Proxy      *proxy);
static void     client_notification_cb (ElicitPeer *peer,
                                        const char *method,
                                        JsonObject *params,
                                        JsonNode   *message,
                                        Proxy      *proxy);

/*
 * A client may send initialize, initialized, tools/list and tools/call at
 * once. While the initialize waits for the probe, what follows it waits
 * too, and goes on in the client's order once the initialize has — until
 * another initialize is held.
 */
static gboolean
hold_behind_initialize (Proxy    *proxy,
                        JsonNode *message)
{
  if (proxy->held_initialize == NULL)
    return FALSE;

  g_queue_push_tail (&proxy->held_after, json_node_ref (message));
  return TRUE;
}

static void
replay_held (Proxy *proxy)
{
  JsonNode *message;

  while (proxy->held_initialize == NULL && (message = g_queue_pop_head (&proxy->held_after)) != NULL)
    {
      g_autoptr(JsonNode) owned G_GNUC_UNUSED = message;
      JsonObject *object = json_node_get_object (message);
      const char *method = elicit_json_object_get_string (object, "method");
      JsonNode *id = json_object_get_member (object, "id");
      JsonObject *params = elicit_proxy_object_member (object, "params");

      if (id != NULL)
        client_request_cb (proxy->client_peer, method, id, params, message, proxy);
      else
        client_notification_cb (proxy->client_peer, method, params, message, proxy);
    }
}

static void
forward_held_initialize (Proxy *proxy)
{
  g_autoptr(JsonNode) initialize = g_steal_pointer (&proxy->held_initialize);

  g_clear_handle_id (&proxy->probe_timeout, g_source_remove);
  if (initialize == NULL)
    return;

  elicit_proxy_log_passed (proxy, proxy->server_peer, "initialize");
  elicit_peer_forward (proxy->server_peer, initialize);
  replay_held (proxy);
}

static gboolean
probe_timeout_cb (gpointer user_data)
{
  Proxy *proxy = user_data;

  proxy->probe_timeout = 0;
  g_debug ("the server ignored server/discover: a legacy server");
  forward_held_initialize (proxy);

  return G_SOURCE_REMOVE;
}

static JsonObject *
modern_meta (Proxy *proxy)
{
  JsonObject *meta = json_object_new ();
  JsonObject *capabilities = proxy->client_capabilities != NULL
                             ? elicit_json_object_deep_copy (proxy->client_capabilities)
                             : json_object_new ();

  json_object_set_string_member (meta, "io.modelcontextprotocol/protocolVersion",
                                 ELICIT_PROTOCOL_VERSION);
  if (proxy->client_info != NULL)
    json_object_set_object_member (meta, "io.modelcontextprotocol/clientInfo",
                                   elicit_json_object_deep_copy (proxy->client_info));
  json_object_set_object_member (meta, "io.modelcontextprotocol/clientCapabilities", capabilities);

  return meta;
}

/* Holds the client's initialize and asks the server which era it is. */
static void
probe_server (Proxy      *proxy,
              JsonNode   *message,
              JsonObject *params)
{
  g_autoptr(JsonNode) id = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonObject) probe_params = json_object_new ();

  g_clear_pointer (&proxy->client_info, json_object_unref);
  g_clear_pointer (&proxy->client_capabilities, json_object_unref);
  if (elicit_proxy_object_member (params, "clientInfo") != NULL)
    proxy->client_info = elicit_json_object_deep_copy (elicit_proxy_object_member (params, "clientInfo"));
  if (elicit_proxy_object_member (params, "capabilities") != NULL)
    proxy->client_capabilities = elicit_json_object_deep_copy (elicit_proxy_object_member (params, "capabilities"));

  g_clear_pointer (&proxy->held_initialize, json_node_unref);
  proxy->held_initialize = json_node_ref (message);

  json_object_set_object_member (probe_params, "_meta", modern_meta (proxy));
  id = json_node_init_string (json_node_alloc (), PROBE_ID);
  node = elicit_jsonrpc_build_request (id, "server/discover", probe_params);

  g_clear_handle_id (&proxy->probe_timeout, g_source_remove);
  proxy->probe_timeout = g_timeout_add_seconds (PROBE_TIMEOUT_SECONDS, probe_timeout_cb, proxy);
  elicit_peer_forward (proxy->server_peer, node);
}

gboolean
elicit_proxy_lists_modern_version (JsonObject *result)
{
  JsonNode *list = result != NULL ? json_object_get_member (result, "supportedVersions") : NULL;
  JsonArray *versions = list && JSON_NODE_HOLDS_ARRAY (list) ? json_node_get_array (list) : NULL;

  for (guint i = 0; versions != NULL && i < json_array_get_length (versions); i++)
    {
      JsonNode *node = json_array_get_element (versions, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_str_equal (json_node_get_string (node), ELICIT_PROTOCOL_VERSION))
        return TRUE;
    }

  return FALSE;
}

/* A modern server: the proxy answers the client's initialize itself, in the
 * version the client asked for, with what the server discovered. */
static void
answer_held_initialize (Proxy      *proxy,
                        JsonObject *discovered)
{
  g_autoptr(JsonNode) initialize = g_steal_pointer (&proxy->held_initialize);
  JsonObject *request = json_node_get_object (initialize);
  const char *asked = elicit_json_object_get_string (elicit_proxy_object_member (request, "params"),
                                                     "protocolVersion");
  JsonObject *meta = elicit_proxy_object_member (discovered, "_meta");
  JsonObject *info = elicit_proxy_object_member (meta, "io.modelcontextprotocol/serverInfo");
  JsonObject *capabilities = elicit_proxy_object_member (discovered, "capabilities");
  g_autoptr(JsonObject) result = json_object_new ();
  const char *instructions;
  const char *claim;

  if (info == NULL)
    info = elicit_proxy_object_member (discovered, "serverInfo");

  json_object_set_string_member (result, "protocolVersion",
                                 asked != NULL ? asked : ELICIT_LEGACY_PROTOCOL_VERSION);
  json_object_set_object_member (result, "capabilities",
                                 capabilities ? elicit_json_object_deep_copy (capabilities)
                                              : json_object_new ());
  if (info != NULL)
    json_object_set_object_member (result, "serverInfo", elicit_json_object_deep_copy (info));
  instructions = elicit_json_object_get_string (discovered, "instructions");
  if (instructions != NULL)
    json_object_set_string_member (result, "instructions", instructions);

  claim = elicit_json_object_get_string (info, "title");
  if (claim == NULL)
    claim = elicit_json_object_get_string (info, "name");
  if (claim != NULL)
    elicit_cli_prompts_set_server_claim (proxy->prompts, claim);

  proxy->modern_server = TRUE;
  g_clear_pointer (&proxy->initialize_id, json_node_unref);
  elicit_peer_reply (proxy->client_peer, json_object_get_member (request, "id"), result);
  replay_held (proxy);
}

/* The server's answer to the probe; FALSE for any other message. */
static gboolean
probe_answered (Proxy    *proxy,
                JsonNode *message,
                JsonNode *id)
{
  JsonObject *result;

  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING ||
      !g_str_equal (json_node_get_string (id), PROBE_ID) || proxy->held_initialize == NULL)
    return FALSE;

  g_clear_handle_id (&proxy->probe_timeout, g_source_remove);
  result = elicit_proxy_object_member (json_node_get_object (message), "result");
  if (elicit_proxy_lists_modern_version (result))
    answer_held_initialize (proxy, result);
  else
    forward_held_initialize (proxy);

  return TRUE;
}

/* A legacy client's request to a modern server becomes a modern one. */
static void
modernize_request (Proxy      *proxy,
                   JsonNode   *message,
                   JsonObject *params)
{
  JsonObject *request = json_node_get_object (message);

  if (params == NULL)
    {
      params = json_object_new ();
      json_object_set_object_member (request, "params", params);
    }

  json_object_set_object_member (params, "_meta", modern_meta (proxy));
}

/* Failures the client hears of ------------------------------------------------------ */

static void
prune_in_flight (Proxy *proxy)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, proxy->in_flight);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!elicit_peer_is_request_pending (proxy->client_peer, key))
      g_hash_table_iter_remove (&iter);
}

static void
note_in_flight (Proxy      *proxy,
                JsonNode   *id,
                const char *method)
{
  /* Answers come back through several paths: forget them lazily. */
  if (g_hash_table_size (proxy->in_flight) >= 64)
    prune_in_flight (proxy);
  g_hash_table_replace (proxy->in_flight, json_node_copy (id), g_strdup (method));
}

/* Tells the server the client's request @id is given up, and forgets it. */
static void
give_up_request (Proxy      *proxy,
                 JsonNode   *id,
                 const char *reason)
{
  Bridged *bridged = g_hash_table_lookup (proxy->bridged, id);
  JsonNode *server_id = bridged != NULL ? bridged->attempt_id : id;
  g_autoptr(JsonObject) params = json_object_new ();

  if (bridged != NULL)
    g_cancellable_cancel (bridged->cancellable);

  if (server_id != NULL && !elicit_peer_is_closed (proxy->server_peer))
    {
      json_object_set_member (params, "requestId", json_node_copy (server_id));
      json_object_set_string_member (params, "reason", reason);
      elicit_proxy_log_passed (proxy, proxy->server_peer, "notifications/cancelled");
      elicit_peer_notify (proxy->server_peer, "notifications/cancelled", params);
    }

  if (bridged != NULL)
    g_hash_table_remove (proxy->bridged, id);
}

/* Answers the client's requests still waiting (only those that may ask for
 * input, when @input_only) with a JSON-RPC error that says @message. */
static void
fail_in_flight (Proxy      *proxy,
                gboolean    input_only,
                const char *message)
{
  GHashTableIter iter;
  gpointer key, value;

  prune_in_flight (proxy);
  g_hash_table_iter_init (&iter, proxy->in_flight);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (input_only && !may_ask_for_input (value))
        continue;

      elicit_proxy_log_passed (proxy, proxy->client_peer, NULL);
      elicit_peer_reply_error (proxy->client_peer, key, ELICIT_SESSION_ERROR_INTERNAL_ERROR, message);
      give_up_request (proxy, key, message);
      g_hash_table_iter_remove (&iter);
    }
}

/* Nobody to ask (an MCP client that passes neither a display nor the
 * session bus, and no Elicit app): cancel alone would leave the client with
 * a tool result that does not say why. The request it came through fails
 * with what happened and how to fix it; the server hears it is cancelled. */
static void
no_one_to_ask_cb (ElicitCliPrompts *prompts,
                  ElicitRequest    *request,
                  Proxy            *proxy)
{
  g_autofree char *message = NULL;

  message = g_strdup_printf (_("“%s” asked for input, but elicit proxy found no one to ask: it "
                               "has no display, and no Elicit app answers on the session bus. "
                               "Start the Elicit app, or pass DISPLAY (or WAYLAND_DISPLAY) and "
                               "DBUS_SESSION_BUS_ADDRESS to elicit proxy in the client’s "
                               "configuration of this server"), proxy->label);
  fail_in_flight (proxy, TRUE, message);
}

/* A remote server's connection ended (it needs signing in, or failed):
 * the client hears why, and the proxy stays, answering the same. */
static void
remote_down (Proxy        *proxy,
             const GError *error)
{
  g_free (proxy->server_down);
  if (proxy->authorizer != NULL && !elicit_authorizer_get_signed_in (proxy->authorizer))
    /* TRANSLATORS: the first %s says what failed, the second is the server's address */
    proxy->server_down = g_strdup_printf (_("%s. Sign in once with “elicit call --url %s” in a "
                                            "terminal (or in the Elicit app), then connect again: "
                                            "the sign-in is kept in the keyring"),
                                          error->message, proxy->url);
  else
    /* TRANSLATORS: %s says what failed */
    proxy->server_down = g_strdup_printf (_("%s. Connect again to retry"), error->message);

  fail_in_flight (proxy, FALSE, proxy->server_down);
}

/* The two directions ------------------------------------------------------------------ */

static gboolean
server_request_cb (ElicitPeer *peer,
                   const char *method,
                   JsonNode   *id,
                   JsonObject *params,
                   JsonNode   *message,
                   Proxy      *proxy)
{
  elicit_proxy_log_passed (proxy, proxy->client_peer, method);
  elicit_peer_forward (proxy->client_peer, message);

  return TRUE;
}

static gboolean
client_request_cb (ElicitPeer *peer,
                   const char *method,
                   JsonNode   *id,
                   JsonObject *params,
                   JsonNode   *message,
                   Proxy      *proxy)
{
  if (hold_behind_initialize (proxy, message))
    return TRUE;

  label_with_client_info (proxy, elicit_proxy_object_member (elicit_proxy_object_member (params, "_meta"),
                                                "io.modelcontextprotocol/clientInfo"));
  if (proxy->server_down != NULL)
    {
      elicit_peer_reply_error (peer, id, ELICIT_SESSION_ERROR_INTERNAL_ERROR, proxy->server_down);
      return TRUE;
    }

  note_in_flight (proxy, id, method);
  if (g_str_equal (method, "initialize"))
    {
      label_with_client_info (proxy, elicit_proxy_object_member (params, "clientInfo"));
      elicit_proxy_add_elicitation_capability (params);
      g_clear_pointer (&proxy->initialize_id, json_node_unref);
      proxy->initialize_id = json_node_copy (id);
      /* Which era is the server? The answer decides what becomes of it. */
      probe_server (proxy, message, params);
      return TRUE;
    }

  if (proxy->modern_server && g_str_equal (method, "ping"))
    {
      g_autoptr(JsonObject) pong = json_object_new ();

      /* 2026-07-28 has no ping: the proxy is alive, and answers. */
      elicit_peer_reply (peer, id, pong);
      return TRUE;
    }

  if (!elicit_proxy_hold_modern_request (proxy, message, params))
    elicit_proxy_pass_client_request (proxy, message);

  return TRUE;
}

/* A client's request, on its way to the server. */
void
elicit_proxy_pass_client_request (Proxy    *proxy,
                     JsonNode *message)
{
  const char *method = elicit_proxy_message_method (message);
  JsonObject *params = elicit_proxy_object_member (json_node_get_object (message), "params");

  if (proxy->server_era == ERA_LEGACY &&
      elicit_proxy_legacy_request (proxy, method, elicit_proxy_message_id (message), params))
    return;

  if (proxy->modern_server && (params == NULL || !json_object_has_member (params, "_meta")))
    modernize_request (proxy, message, params);

  bridge_request (proxy, method, elicit_proxy_message_id (message),
                  elicit_proxy_object_member (json_node_get_object (message), "params"));

  elicit_proxy_log_passed (proxy, proxy->server_peer, method);
  elicit_peer_forward (proxy->server_peer, message);
}

static void
server_notification_cb (ElicitPeer *peer,
                        const char *method,
                        JsonObject *params,
                        JsonNode   *message,
                        Proxy      *proxy)
{
  /* About an elicitation the client never saw. */
  if (elicit_input_source_claims_notification (proxy->input, method, params))
    return;

  elicit_proxy_log_passed (proxy, proxy->client_peer, method);
  elicit_peer_forward (proxy->client_peer, message);
}

static void
client_notification_cb (ElicitPeer *peer,
                        const char *method,
                        JsonObject *params,
                        JsonNode   *message,
                        Proxy      *proxy)
{
  g_autoptr(JsonNode) forwarded = NULL;

  if (hold_behind_initialize (proxy, message))
    return;

  /* A modern server has no handshake to complete. */
  if (proxy->modern_server && g_str_equal (method, "notifications/initialized"))
    return;

  if (g_str_equal (method, "notifications/cancelled"))
    forwarded = bridge_cancelled (proxy, params, message);
  else
    forwarded = json_node_ref (message);

  if (forwarded == NULL)
    return;

  elicit_proxy_log_passed (proxy, proxy->server_peer, method);
  elicit_peer_forward (proxy->server_peer, forwarded);
}

static gboolean
server_response_cb (ElicitPeer *peer,
                    JsonNode   *message,
                    JsonNode   *id,
                    Proxy      *proxy)
{
  g_autoptr(JsonNode) relayed = NULL;

  if (probe_answered (proxy, message, id) || elicit_proxy_era_answered (proxy, message, id))
    return TRUE;

  elicit_proxy_note_initialize_result (proxy, message, id);
  if (bridge_response (proxy, message, id))
    return TRUE;

  if (proxy->server_era == ERA_LEGACY)
    relayed = elicit_proxy_modern_response (message);

  elicit_proxy_log_passed (proxy, proxy->client_peer, NULL);
  if (!elicit_peer_relay_response (proxy->client_peer, relayed != NULL ? relayed : message))
    g_debug ("dropping the server's answer to a request the client no longer waits for");

  return TRUE;
}

/* The transport could not carry a request to the server (a failed HTTP
 * POST): the client still needs an answer, and only the proxy can give it.
 * It goes the way a server's error would, so the proxy's own requests (the
 * probe, bridged retries) learn of it too. */
static void
server_request_failed_cb (ElicitPeer   *peer,
                          JsonNode     *id,
                          const GError *error,
                          Proxy        *proxy)
{
  g_autoptr(JsonNode) response = NULL;

  response = elicit_jsonrpc_build_error_response (id, ELICIT_SESSION_ERROR_INTERNAL_ERROR,
                                               error->message);
  server_response_cb (peer, response, id, proxy);
}

static gboolean
client_response_cb (ElicitPeer *peer,
                    JsonNode   *message,
                    JsonNode   *id,
                    Proxy      *proxy)
{
  elicit_proxy_log_passed (proxy, proxy->server_peer, NULL);
  if (!elicit_peer_relay_response (proxy->server_peer, message))
    g_debug ("dropping the client's answer to a request the server no longer waits for");

  return TRUE;
}

static void
server_log_cb (ElicitTransport *transport,
               const char      *line,
               Proxy           *proxy)
{
  /* The server's own diagnostics, as it wrote them. */
  g_printerr ("%s\n", line);
}

/* The end -------------------------------------------------------------------------- */

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Proxy *proxy = user_data;

  elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, NULL);
  if (--proxy->n_closing == 0)
    g_main_loop_quit (proxy->loop);
}

/* Flushes what we owe the client, stops the server the way the
 * specification says, then quits. */
static void
finish (Proxy *proxy,
        int    status)
{
  if (proxy->finishing)
    return;

  proxy->finishing = TRUE;
  proxy->status = status;

  elicit_cli_prompts_close_all (proxy->prompts);

  proxy->n_closing = 2;
  elicit_transport_close_async (proxy->server, NULL, closed_cb, proxy);
  elicit_transport_close_async (proxy->client, NULL, closed_cb, proxy);
}

static void
server_closed_cb (ElicitPeer   *peer,
                  const GError *error,
                  Proxy        *proxy)
{
  if (proxy->finishing)
    return;

  g_printerr (_("elicit proxy: “%s” stopped: %s\n"), proxy->label, error->message);
  elicit_prompt_queue_withdraw_all (elicit_cli_prompts_get_queue (proxy->prompts), NULL, error->message);
  if (proxy->remote)
    remote_down (proxy, error);
  else
    finish (proxy, 1);
}

static void
client_closed_cb (ElicitPeer   *peer,
                  const GError *error,
                  Proxy        *proxy)
{
  if (proxy->finishing)
    return;

  /* End of input is how a client says goodbye; anything else is a fault. */
  if (g_error_matches (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED))
    {
      if (proxy->verbose)
        g_printerr (_("elicit proxy: the client closed the connection; stopping “%s”\n"), proxy->label);
      finish (proxy, 0);
    }
  else
    {
      g_printerr (_("elicit proxy: stopping “%s”: the connection to the client failed: %s\n"),
                  proxy->label, error->message);
      finish (proxy, 1);
    }
}

static gboolean
sigint_cb (gpointer user_data)
{
  finish (user_data, 128 + SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
sigterm_cb (gpointer user_data)
{
  finish (user_data, 128 + SIGTERM);
  return G_SOURCE_CONTINUE;
}

/* Setting up ------------------------------------------------------------------------ */

/* Our stdout is the client's: keep the real one for MCP messages alone, and
 * send whatever else would be printed there to stderr. */
static GIOStream *
open_client_stream (GError **error)
{
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GOutputStream) output = NULL;
  int out_fd = fcntl (STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);

  if (out_fd < 0 || dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      int saved = errno;

      if (out_fd >= 0)
        close (out_fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot set up standard output: %s"), g_strerror (saved));
      return NULL;
    }

  input = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  output = g_unix_output_stream_new (out_fd, TRUE);

  return g_simple_io_stream_new (input, output);
}

static int
usage_error (const char *message)
{
  g_printerr ("elicit proxy: %s\n", message);
  g_printerr (_("Run “%s” to see the options.\n"), "elicit proxy --help");

  return 2;
}

static gboolean
parse_options (int        argc,
               char     **argv,
               char     **name,
               gboolean  *verbose,
               gboolean  *accept_defaults,
               char    ***command,
               char     **url,
               char    ***headers,
               ElicitAuthOptions *auth,
               GError   **error)
{
  g_autofree GOptionEntry *auth_entries = elicit_auth_options_entries (auth);
  g_autofree char *header_file = NULL;
  const GOptionEntry entries[] = {
    { "name", 'n', 0, G_OPTION_ARG_STRING, name,
      N_("The name dialogs show for the server (default: the command’s name)"), N_("NAME") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, verbose,
      N_("Log every message passed on, on standard error"), NULL },
    { "accept-defaults", 0, 0, G_OPTION_ARG_NONE, accept_defaults,
      N_("For tests and automation: accept each form as shown, with its defaults, once it is valid"),
      NULL },
    { "url", 'u', 0, G_OPTION_ARG_STRING, url,
      N_("Bridge to the remote server at this address (Streamable HTTP) instead of starting one"),
      N_("URL") },
    { "header", 'H', 0, G_OPTION_ARG_STRING_ARRAY, headers,
      N_("Send this header with every request to --url; repeat for more. Every local user can read "
         "the command line: put secrets in --header-file"),
      N_("“NAME: VALUE”") },
    { "header-file", 0, 0, G_OPTION_ARG_FILENAME, &header_file,
      N_("Send the headers in this file, one “NAME: VALUE” a line, with every request to --url"),
      N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = elicit_cli_split_command (argc, argv, command);
  int n_args = g_strv_length (args);
  g_autofree char **parsed = g_memdup2 (args, sizeof (char *) * (n_args + 1));

  context = g_option_context_new (_("-- COMMAND [ARG…] — give an MCP server’s elicitations native dialogs, for any client"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, auth_entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("Put it in front of the server’s command in an MCP client’s configuration. It forwards every "
      "message unchanged, adds the elicitation capability to the client’s initialize, and answers "
      "the server’s elicitation requests itself with dialogs. Exit status: 0 the client closed "
      "the connection; 1 the server stopped or a connection failed; 2 a wrong command line; "
      "130 or 143 interrupted (SIGINT or SIGTERM)."));

  if (!g_option_context_parse (context, &n_args, &parsed, error))
    return FALSE;

  if (n_args > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("Unexpected argument “%s”: put the server’s command after “--”"), parsed[1]);
      return FALSE;
    }

  if (*url != NULL && *command != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("Give --url or a command, not both"));
      return FALSE;
    }

  if ((*headers != NULL || header_file != NULL) && *url == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--header needs --url"));
      return FALSE;
    }

  if (!elicit_header_options_resolve (headers, header_file, error))
    return FALSE;

  if (elicit_auth_options_given (auth) && *url == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("The sign-in options need --url"));
      return FALSE;
    }

  if (*url == NULL && (*command == NULL || (*command)[0] == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("No server to start: give its command after “--”"));
      return FALSE;
    }

  return TRUE;
}

/* A remote server signs in like `elicit call --url` does: asked in a
 * dialog when there is a display, else only through ELICIT_BROWSER. */
static ElicitTransport *
create_remote (Proxy              *proxy,
               const char         *url,
               char              **headers,
               ElicitAuthOptions  *auth,
               GError            **error)
{
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(ElicitAuthorizer) authorizer = NULL;

  transport = elicit_http_transport_new (url, (const char * const *) headers, error);
  if (transport == NULL)
    return NULL;

  authorizer = elicit_auth_options_create_authorizer (auth, url, proxy->label, NULL,
                                                      error);
  if (authorizer == NULL)
    return NULL;
  elicit_http_transport_set_authorizer (ELICIT_HTTP_TRANSPORT (transport), authorizer);
  elicit_cli_watch_store (authorizer, "elicit proxy");
  proxy->authorizer = g_steal_pointer (&authorizer);

  return g_steal_pointer (&transport);
}

static int
run (Proxy              *proxy,
     char              **command,
     const char         *url,
     char              **headers,
     ElicitAuthOptions  *auth)
{
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  gboolean have_display;
  guint sigint_source, sigterm_source;

  stream = open_client_stream (&error);
  if (stream == NULL)
    {
      g_printerr ("elicit proxy: %s\n", error->message);
      return 1;
    }

  if (url != NULL)
    proxy->server = create_remote (proxy, url, headers, auth, &error);
  else
    proxy->server = elicit_stdio_transport_new ((const char * const *) command, NULL, NULL, &error);
  if (proxy->server == NULL)
    {
      g_printerr (_("elicit proxy: “%s” failed: %s\n"), proxy->label, error->message);
      return 1;
    }

  /* The server starts up while GTK does. */
  have_display = elicit_cli_init_display ();

  proxy->loop = g_main_loop_new (NULL, FALSE);
  proxy->prompts = elicit_cli_prompts_new (proxy->label, have_display);
  elicit_cli_prompts_set_verbose (proxy->prompts, proxy->verbose);
  elicit_cli_prompts_set_accept_defaults (proxy->prompts, proxy->accept_defaults);
  label_with_client (proxy->prompts);
  g_signal_connect (proxy->prompts, "no-one-to-ask", G_CALLBACK (no_one_to_ask_cb), proxy);
  /* As elicit call: a sign-in is asked for in a dialog when there is a display. */
  if (url != NULL)
    g_signal_connect_object (elicit_http_transport_get_authorizer (ELICIT_HTTP_TRANSPORT (proxy->server)),
                             "sign-in", G_CALLBACK (elicit_cli_prompts_sign_in), proxy->prompts,
                             G_CONNECT_SWAPPED);
  proxy->client = elicit_stream_transport_new (stream);

  proxy->server_peer = elicit_peer_new (proxy->server);
  proxy->client_peer = elicit_peer_new (proxy->client);
  /* The proxy makes no calls of its own: nothing to time out. */
  elicit_peer_set_timeout (proxy->server_peer, 0);
  elicit_peer_set_timeout (proxy->client_peer, 0);

  /* First, so it takes elicitation/create before the generic forwarder. */
  proxy->input = elicit_input_source_new (proxy->server_peer);
  g_signal_connect (proxy->input, "request", G_CALLBACK (input_request_cb), proxy);

  g_signal_connect (proxy->server_peer, "handle-request", G_CALLBACK (server_request_cb), proxy);
  g_signal_connect (proxy->server_peer, "notification", G_CALLBACK (server_notification_cb), proxy);
  g_signal_connect (proxy->server_peer, "unknown-response", G_CALLBACK (server_response_cb), proxy);
  g_signal_connect (proxy->server_peer, "unknown-request-failed",
                    G_CALLBACK (server_request_failed_cb), proxy);
  g_signal_connect (proxy->server_peer, "refused", G_CALLBACK (refused_cb), proxy);
  g_signal_connect (proxy->server_peer, "closed", G_CALLBACK (server_closed_cb), proxy);
  g_signal_connect (proxy->client_peer, "handle-request", G_CALLBACK (client_request_cb), proxy);
  g_signal_connect (proxy->client_peer, "notification", G_CALLBACK (client_notification_cb), proxy);
  g_signal_connect (proxy->client_peer, "unknown-response", G_CALLBACK (client_response_cb), proxy);
  g_signal_connect (proxy->client_peer, "refused", G_CALLBACK (refused_cb), proxy);
  g_signal_connect (proxy->client_peer, "closed", G_CALLBACK (client_closed_cb), proxy);
  g_signal_connect (proxy->server, "log", G_CALLBACK (server_log_cb), proxy);

  sigint_source = g_unix_signal_add (SIGINT, sigint_cb, proxy);
  sigterm_source = g_unix_signal_add (SIGTERM, sigterm_cb, proxy);

  elicit_peer_start (proxy->server_peer);
  elicit_peer_start (proxy->client_peer);
  g_main_loop_run (proxy->loop);

  g_source_remove (sigint_source);
  g_source_remove (sigterm_source);

  return proxy->status;
}

static void
proxy_clear (Proxy *proxy)
{
  proxy->finishing = TRUE;

  /* Nothing can be sent any more: requests still held go quietly. */
  if (proxy->prompts != NULL)
    g_signal_handlers_disconnect_by_data (proxy->prompts, proxy);
  if (proxy->prompts != NULL)
    elicit_prompt_queue_withdraw_all (elicit_cli_prompts_get_queue (proxy->prompts), NULL,
                                      _("The proxy is shutting down"));
  g_clear_object (&proxy->prompts);

  if (proxy->input != NULL)
    g_signal_handlers_disconnect_by_data (proxy->input, proxy);
  g_clear_object (&proxy->input);
  if (proxy->server_peer != NULL)
    g_signal_handlers_disconnect_by_data (proxy->server_peer, proxy);
  if (proxy->client_peer != NULL)
    g_signal_handlers_disconnect_by_data (proxy->client_peer, proxy);
  if (proxy->server != NULL)
    g_signal_handlers_disconnect_by_data (proxy->server, proxy);
  g_clear_object (&proxy->server_peer);
  g_clear_object (&proxy->client_peer);
  g_clear_object (&proxy->server);
  g_clear_object (&proxy->client);

  g_clear_pointer (&proxy->loop, g_main_loop_unref);
  g_clear_pointer (&proxy->initialize_id, json_node_unref);
  g_clear_pointer (&proxy->held_initialize, json_node_unref);
  g_clear_pointer (&proxy->held_modern, g_ptr_array_unref);
  g_clear_pointer (&proxy->in_flight, g_hash_table_unref);
  g_clear_pointer (&proxy->server_down, g_free);
  g_clear_pointer (&proxy->url, g_free);
  g_clear_handle_id (&proxy->era_timeout, g_source_remove);
  g_clear_pointer (&proxy->legacy_discover, json_object_unref);
  g_queue_clear_full (&proxy->held_after, (GDestroyNotify) json_node_unref);
  g_clear_handle_id (&proxy->probe_timeout, g_source_remove);
  g_clear_pointer (&proxy->client_info, json_object_unref);
  g_clear_pointer (&proxy->client_capabilities, json_object_unref);
  if (proxy->bridged != NULL)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, proxy->bridged);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_cancellable_cancel (((Bridged *) value)->cancellable);
    }
  g_clear_pointer (&proxy->bridged, g_hash_table_unref);
  g_free (proxy->label);
}

int
elicit_proxy_main (int    argc,
                   char **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) command = NULL;
  g_auto(GStrv) headers = NULL;
  g_autofree char *url = NULL;
  g_autofree char *name = NULL;
  gboolean verbose = FALSE;
  gboolean accept_defaults = FALSE;
  ElicitAuthOptions auth = { 0 };
  Proxy proxy = { 0 };
  int status;

  /* For --help's usage line; the windows take "elicit" later. */
  g_set_prgname ("elicit proxy");
  if (!parse_options (argc, argv, &name, &verbose, &accept_defaults, &command, &url, &headers, &auth, &error))
    {
      elicit_auth_options_clear (&auth);
      return usage_error (error->message);
    }

  /* Debug and info messages would go to stdout by default: not here. */
  elicit_cli_init_logging (verbose);

  proxy.held_modern = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  proxy.in_flight = g_hash_table_new_full (json_node_hash, json_node_equal,
                                           (GDestroyNotify) json_node_unref, g_free);
  proxy.remote = url != NULL;
  proxy.url = g_strdup (url);
  proxy.bridged = g_hash_table_new_full (json_node_hash, json_node_equal,
                                         (GDestroyNotify) json_node_unref, bridged_unref);
  proxy.label = name != NULL ? g_strdup (name)
              : elicit_cli_default_label (url != NULL ? url : command[0]);
  proxy.verbose = verbose;
  proxy.accept_defaults = accept_defaults;

  status = run (&proxy, command, url, headers, &auth);
  proxy_clear (&proxy);
  elicit_cli_settle_store (proxy.authorizer);
  g_clear_object (&proxy.authorizer);
  elicit_auth_options_clear (&auth);

  return status;
}
