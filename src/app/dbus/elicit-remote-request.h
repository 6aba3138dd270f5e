/* elicit-remote-request.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_REMOTE_REQUEST (elicit_remote_request_get_type ())

G_DECLARE_FINAL_TYPE (ElicitRemoteRequest, elicit_remote_request, ELICIT, REMOTE_REQUEST, GObject)

ElicitRemoteRequest *elicit_remote_request_new              (ElicitRequest        *request,
                                                             const char           *sender,
                                                             const char           *handle,
                                                             const char           *server_label,
                                                             const char           *client_label,
                                                             const char           *server_claim) G_GNUC_WARN_UNUSED_RESULT;
ElicitRequest       *elicit_remote_request_get_request      (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_sender       (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_handle       (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_server_label (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_client_label (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_server_claim (ElicitRemoteRequest  *self);
const char          *elicit_remote_request_get_parent_window (ElicitRemoteRequest *self);
void                 elicit_remote_request_set_parent_window (ElicitRemoteRequest *self,
                                                              const char          *parent_window);
const char          *elicit_remote_request_get_activation_token (ElicitRemoteRequest *self);
void                 elicit_remote_request_set_activation_token (ElicitRemoteRequest *self,
                                                                 const char          *token);
gboolean             elicit_remote_request_export           (ElicitRemoteRequest  *self,
                                                             GDBusConnection      *connection,
                                                             GError              **error);
void                 elicit_remote_request_unexport         (ElicitRemoteRequest  *self);

G_END_DECLS
