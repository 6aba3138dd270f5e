/* elicit-prompter-service.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

#include "elicit-remote-request.h"

G_BEGIN_DECLS

#define ELICIT_PROMPTER_OBJECT_PATH "/org/gnome/World/Elicit"
#define ELICIT_PROMPTER_INTERFACE   "org.gnome.World.Elicit.Prompter"
#define ELICIT_PROMPTER_REQUEST_INTERFACE "org.gnome.World.Elicit.Request"

#define ELICIT_TYPE_PROMPTER_SERVICE (elicit_prompter_service_get_type ())

G_DECLARE_FINAL_TYPE (ElicitPrompterService, elicit_prompter_service, ELICIT, PROMPTER_SERVICE, GObject)

ElicitPrompterService *elicit_prompter_service_new        (GApplication          *application,
                                                           ElicitPromptQueue     *queue) G_GNUC_WARN_UNUSED_RESULT;
gboolean               elicit_prompter_service_export     (ElicitPrompterService *self,
                                                           GDBusConnection       *connection,
                                                           const char            *object_path,
                                                           GError               **error);
void                   elicit_prompter_service_unexport   (ElicitPrompterService *self);
ElicitRemoteRequest   *elicit_prompter_service_lookup     (ElicitPrompterService *self,
                                                           ElicitRequest         *request);
void                   elicit_prompter_service_cancel_all (ElicitPrompterService *self);

G_END_DECLS
