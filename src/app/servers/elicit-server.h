/* elicit-server.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "elicit-prompt-queue.h"
#include "elicit-session.h"
#include "elicit-authorizer.h"

#include "elicit-log-entry.h"
#include "elicit-server-config.h"

G_BEGIN_DECLS

/**
 * ElicitServerState:
 * @ELICIT_SERVER_STATE_STOPPED: not started
 * @ELICIT_SERVER_STATE_STARTING: started; the MCP handshake is under way
 * @ELICIT_SERVER_STATE_READY: connected; its tools can be called
 * @ELICIT_SERVER_STATE_FAILED: it could not be started, or went away;
 *   [property@Server:status] says why
 * @ELICIT_SERVER_STATE_DISABLED: the configuration says not to start it
 *
 * Where a configured server is.
 */
typedef enum
{
  ELICIT_SERVER_STATE_STOPPED,
  ELICIT_SERVER_STATE_STARTING,
  ELICIT_SERVER_STATE_READY,
  ELICIT_SERVER_STATE_FAILED,
  ELICIT_SERVER_STATE_DISABLED,
} ElicitServerState;

#define ELICIT_TYPE_SERVER (elicit_server_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServer, elicit_server, ELICIT, SERVER, GObject)

const char         *elicit_server_state_get_icon_name  (ElicitServerState    state);
const char         *elicit_server_state_get_style_class (ElicitServerState   state);

ElicitServer       *elicit_server_new               (ElicitServerConfig  *config,
                                                     ElicitPromptQueue   *queue) G_GNUC_WARN_UNUSED_RESULT;
void                elicit_server_set_token_store   (ElicitServer        *self,
                                                     ElicitTokenStore    *store);
ElicitServerConfig *elicit_server_get_config        (ElicitServer        *self);
ElicitPromptQueue  *elicit_server_get_queue         (ElicitServer        *self);
const char         *elicit_server_get_name          (ElicitServer        *self);
ElicitServerState   elicit_server_get_state         (ElicitServer        *self);
const char         *elicit_server_get_status        (ElicitServer        *self);
const char         *elicit_server_get_claim         (ElicitServer        *self);
const char         *elicit_server_get_instructions  (ElicitServer        *self);
const char         *elicit_server_get_detail        (ElicitServer        *self);
ElicitSession      *elicit_server_get_session       (ElicitServer        *self);
GListModel         *elicit_server_get_tools         (ElicitServer        *self);
GListModel         *elicit_server_get_log           (ElicitServer        *self);
ElicitAuthorizer   *elicit_server_get_authorizer    (ElicitServer        *self);
gboolean            elicit_server_is_remote         (ElicitServer        *self);
gboolean            elicit_server_get_signed_in     (ElicitServer        *self);
void                elicit_server_sign_out_async    (ElicitServer        *self,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean            elicit_server_sign_out_finish   (ElicitServer        *self,
                                                     GAsyncResult        *result,
                                                     GError             **error);
void                elicit_server_start             (ElicitServer        *self);
void                elicit_server_stop              (ElicitServer        *self);
void                elicit_server_restart           (ElicitServer        *self);
void                elicit_server_add_notice        (ElicitServer        *self,
                                                     const char          *text);
void                elicit_server_call_tool_async   (ElicitServer        *self,
                                                     const char          *name,
                                                     JsonObject          *arguments,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
JsonObject         *elicit_server_call_tool_finish  (ElicitServer        *self,
                                                     GAsyncResult        *result,
                                                     GError             **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
