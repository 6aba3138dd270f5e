/* elicit-proxy-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* Shared by the files of `elicit proxy`: elicit-proxy.c (the two directions,
 * multi-round-trip input, a legacy client in front of a modern server, the
 * end) and elicit-proxy-legacy-server.c (a modern client in front of a
 * legacy server). */

#pragma once

#include "elicit.h"
#include "elicit-cli-prompts.h"

G_BEGIN_DECLS

typedef struct
{
  GMainLoop         *loop;
  ElicitTransport   *client;
  ElicitTransport   *server;
  ElicitPeer        *client_peer;
  ElicitPeer        *server_peer;
  ElicitInputSource *input;
  ElicitCliPrompts  *prompts;
  ElicitAuthorizer  *authorizer;  /* a remote server's */
  /* The id of the client's initialize, until the server answers it. */
  JsonNode          *initialize_id;
  /* 2026-07-28 requests whose input the proxy gathers itself, by the id of
   * the attempt in flight (JsonNode → Bridged) */
  GHashTable        *bridged;
  guint              next_retry;
  /* A legacy client in front of a modern server: the client's initialize,
   * held while the server is probed, then what it declared. */
  JsonNode          *held_initialize;
  /* What the client sent after it, kept in order until it has gone on. */
  GQueue             held_after;
  guint              probe_timeout;
  gboolean           modern_server;
  /* A modern client in front of a server of unknown era: its requests, held
   * until the server says (ServerEra); a legacy server's DiscoverResult. */
  GPtrArray         *held_modern;
  int                server_era;
  guint              era_timeout;
  JsonObject        *legacy_discover;
  JsonObject        *client_info;
  JsonObject        *client_capabilities;
  /* The client's requests passed on, id → method, pruned of those answered. */
  GHashTable        *in_flight;
  /* A remote server that went away: why, and how to fix it, for every request. */
  char              *server_down;
  gboolean           remote;
  char              *url;
  char              *label;
  guint              n_closing;
  int                status;
  gboolean           verbose;
  gboolean           accept_defaults;
  gboolean           finishing;
} Proxy;

/* How long a server that ignores an era probe is waited for. */
#define PROBE_TIMEOUT_SECONDS 10

typedef enum
{
  ERA_UNKNOWN,
  ERA_PROBING,
  ERA_INITIALIZING,
  ERA_MODERN,
  ERA_LEGACY,
} ServerEra;

JsonObject   *elicit_proxy_object_member (JsonObject *object,
                                          const char *name);
void         elicit_proxy_log_passed (Proxy *proxy,
                                      ElicitPeer *to,
                                      const char *method);
void         elicit_proxy_add_elicitation_capability (JsonObject *params);
void         elicit_proxy_note_initialize_result (Proxy *proxy,
                                                  JsonNode *message,
                                                  JsonNode *id);
gboolean     elicit_proxy_lists_modern_version (JsonObject *result);
void         elicit_proxy_pass_client_request (Proxy *proxy,
                                               JsonNode *message);
JsonNode     *elicit_proxy_message_id (JsonNode *message);
const char   *elicit_proxy_message_method (JsonNode *message);
gboolean     elicit_proxy_hold_modern_request (Proxy *proxy,
                                               JsonNode *message,
                                               JsonObject *params);
gboolean     elicit_proxy_era_answered (Proxy *proxy,
                                        JsonNode *message,
                                        JsonNode *id);
gboolean     elicit_proxy_legacy_request (Proxy *proxy,
                                          const char *method,
                                          JsonNode *id,
                                          JsonObject *params);
JsonNode     *elicit_proxy_modern_response (JsonNode *message);

G_END_DECLS
