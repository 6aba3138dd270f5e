/* elicit-session.h
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
#include "elicit-request.h"
#include "elicit-peer.h"
#include "elicit-session-error.h"
#include "elicit-transport.h"

G_BEGIN_DECLS

/**
 * ELICIT_PROTOCOL_VERSION:
 *
 * The MCP revision the session asks for first: the modern, stateless one.
 *
 * Since: 1.0
 */
#define ELICIT_PROTOCOL_VERSION "2026-07-28"

/**
 * ELICIT_LEGACY_PROTOCOL_VERSION:
 *
 * The revision the session offers in an `initialize` handshake, to a server
 * that does not speak the modern one.
 *
 * Since: 1.0
 */
#define ELICIT_LEGACY_PROTOCOL_VERSION "2025-11-25"

/**
 * ElicitSessionState:
 * @ELICIT_SESSION_STATE_DISCONNECTED: created, not connected yet
 * @ELICIT_SESSION_STATE_CONNECTING: the handshake is under way
 * @ELICIT_SESSION_STATE_READY: connected; calls can be made
 * @ELICIT_SESSION_STATE_CLOSED: the connection closed; see [method@Session.get_close_error]
 *
 * Where a session is in the MCP lifecycle.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_SESSION_STATE_DISCONNECTED,
  ELICIT_SESSION_STATE_CONNECTING,
  ELICIT_SESSION_STATE_READY,
  ELICIT_SESSION_STATE_CLOSED,
} ElicitSessionState;

/**
 * ElicitProgressCallback:
 * @progress: the progress so far, increasing
 * @total: the total, or a negative number when the server did not say
 * @message: (nullable): the server's description of the step, plain text
 * @user_data: the data given with the callback
 *
 * Receives the progress a server reports for one call.
 *
 * Since: 1.0
 */
typedef void (*ElicitProgressCallback) (double      progress,
                                        double      total,
                                        const char *message,
                                        gpointer    user_data);

#define ELICIT_TYPE_SESSION (elicit_session_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitSession, elicit_session, ELICIT, SESSION, GObject)


ELICIT_AVAILABLE_IN_1_0
ElicitSession      *elicit_session_new                     (ElicitTransport        *transport) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitTransport    *elicit_session_get_transport           (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
ElicitPeer         *elicit_session_get_peer                (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
ElicitSessionState  elicit_session_get_state               (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const GError       *elicit_session_get_close_error         (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_display_name        (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_protocol_version    (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
JsonObject         *elicit_session_get_server_capabilities (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_server_name         (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_server_title        (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_server_version      (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_session_get_instructions        (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
guint               elicit_session_get_timeout             (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_set_display_name        (ElicitSession          *self,
                                                            const char             *display_name);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_set_timeout             (ElicitSession          *self,
                                                            guint                   msec);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_session_get_can_elicit         (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_session_get_protocol_versions  (ElicitSession          *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_session_set_protocol_versions  (ElicitSession          *self,
                                                           const char * const     *versions);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_set_client_info         (ElicitSession          *self,
                                                            const char             *name,
                                                            const char             *title,
                                                            const char             *version);

ELICIT_AVAILABLE_IN_1_0
void                elicit_session_connect_async           (ElicitSession          *self,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_session_connect_finish          (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_list_tools_async        (ElicitSession          *self,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
JsonArray          *elicit_session_list_tools_finish       (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_call_tool_async         (ElicitSession          *self,
                                                            const char             *name,
                                                            JsonObject             *arguments,
                                                            ElicitProgressCallback  progress_callback,
                                                            gpointer                progress_data,
                                                            GDestroyNotify          progress_destroy,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
JsonObject         *elicit_session_call_tool_finish        (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);
ELICIT_AVAILABLE_IN_1_0
GCancellable       *elicit_session_get_task_cancellable    (ElicitSession          *self,
                                                            const char             *task_id);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_ping_async              (ElicitSession          *self,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_session_ping_finish             (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_call_async              (ElicitSession          *self,
                                                            const char             *method,
                                                            JsonObject             *params,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
JsonNode           *elicit_session_call_finish             (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);
ELICIT_AVAILABLE_IN_1_0
void                elicit_session_close_async             (ElicitSession          *self,
                                                            GCancellable           *cancellable,
                                                            GAsyncReadyCallback     callback,
                                                            gpointer                user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_session_close_finish            (ElicitSession          *self,
                                                            GAsyncResult           *result,
                                                            GError                **error);

G_END_DECLS
