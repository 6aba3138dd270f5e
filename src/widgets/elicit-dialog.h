/* elicit-dialog.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_GTK_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>

#include "elicit-gtk-version-macros.h"
#include "elicit-prompt-queue.h"
#include "elicit-request.h"

G_BEGIN_DECLS

/**
 * ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY:
 *
 * How long, in milliseconds, Accept ignores clicks and keys after a dialog
 * appears or regains focus, unless [property@Dialog:accept-delay] says otherwise.
 *
 * Since: 1.0
 */
#define ELICIT_DIALOG_DEFAULT_ACCEPT_DELAY 600

#define ELICIT_TYPE_DIALOG (elicit_dialog_get_type ())

ELICIT_GTK_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitDialog, elicit_dialog, ELICIT, DIALOG, GtkWindow)

ELICIT_GTK_AVAILABLE_IN_1_0
GtkWidget     *elicit_dialog_new              (ElicitRequest *request) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitRequest *elicit_dialog_get_request      (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
const char    *elicit_dialog_get_server_label (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
const char    *elicit_dialog_get_server_claim (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
const char    *elicit_dialog_get_client_claim (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
guint          elicit_dialog_get_accept_delay (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
const char * const *elicit_dialog_get_browser_command (ElicitDialog *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_server_label (ElicitDialog  *self,
                                               const char    *server_label);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_server_claim (ElicitDialog  *self,
                                               const char    *server_claim);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_client_claim (ElicitDialog  *self,
                                               const char    *client_claim);
ELICIT_GTK_AVAILABLE_IN_1_0
const char    *elicit_dialog_get_after_completion (ElicitDialog *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_after_completion (ElicitDialog *self,
                                                   const char   *after_completion);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_accept_delay (ElicitDialog  *self,
                                               guint          accept_delay);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_browser_command (ElicitDialog       *self,
                                                  const char * const *argv);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean       elicit_dialog_get_can_accept   (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean       elicit_dialog_accept           (ElicitDialog  *self);
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitPromptQueue *elicit_dialog_get_queue    (ElicitDialog      *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void           elicit_dialog_set_queue        (ElicitDialog      *self,
                                               ElicitPromptQueue *queue);

G_END_DECLS
