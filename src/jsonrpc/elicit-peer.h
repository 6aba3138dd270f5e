/* elicit-peer.h
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
#include "elicit-session-error.h"
#include "elicit-transport.h"
#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ElicitPeerCallFlags:
 * @ELICIT_PEER_CALL_DEFAULT: a plain call
 * @ELICIT_PEER_CALL_PROGRESS_TOKEN: the call's id goes as `_meta.progressToken` in its
 *   parameters, so the peer can report progress for it
 * @ELICIT_PEER_CALL_NOT_CANCELLABLE: cancelling or timing out the call sends no
 *   `notifications/cancelled` (MCP forbids cancelling `initialize`)
 *
 * How [method@Peer.call_async] sends a call.
 *
 * Since: 1.0
 */
typedef enum /*< flags >*/
{
  ELICIT_PEER_CALL_DEFAULT         = 0,
  ELICIT_PEER_CALL_PROGRESS_TOKEN  = 1 << 0,
  ELICIT_PEER_CALL_NOT_CANCELLABLE = 1 << 1,
} ElicitPeerCallFlags;

/**
 * ELICIT_PEER_DEFAULT_TIMEOUT:
 *
 * How long, in milliseconds, a call waits for its answer by default.
 *
 * Since: 1.0
 */
#define ELICIT_PEER_DEFAULT_TIMEOUT 60000

#define ELICIT_TYPE_PEER (elicit_peer_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitPeer, elicit_peer, ELICIT, PEER, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitPeer        *elicit_peer_new                 (ElicitTransport      *transport) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitTransport   *elicit_peer_get_transport       (ElicitPeer           *self);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_is_closed           (ElicitPeer           *self);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_peer_get_timeout         (ElicitPeer           *self);
ELICIT_AVAILABLE_IN_1_0
void               elicit_peer_set_timeout         (ElicitPeer           *self,
                                                    guint                 timeout);
ELICIT_AVAILABLE_IN_1_0
void               elicit_peer_start               (ElicitPeer           *self);
ELICIT_AVAILABLE_IN_1_0
gint64             elicit_peer_call_async          (ElicitPeer           *self,
                                                    const char           *method,
                                                    JsonObject           *params,
                                                    ElicitPeerCallFlags   flags,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
JsonNode          *elicit_peer_call_finish         (ElicitPeer           *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_restart_timeout     (ElicitPeer           *self,
                                                    gint64                id);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_notify              (ElicitPeer           *self,
                                                    const char           *method,
                                                    JsonObject           *params);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_reply               (ElicitPeer           *self,
                                                    JsonNode             *id,
                                                    JsonObject           *result);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_reply_error         (ElicitPeer           *self,
                                                    JsonNode             *id,
                                                    gint64                code,
                                                    const char           *message);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_relay_response      (ElicitPeer           *self,
                                                    JsonNode             *response);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_forward             (ElicitPeer           *self,
                                                    JsonNode             *message);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_peer_is_request_pending  (ElicitPeer           *self,
                                                    JsonNode             *id);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_peer_get_n_pending_requests (ElicitPeer        *self);

G_END_DECLS
