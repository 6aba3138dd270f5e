/* elicit-dialog-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-dialog.h"
#include "elicit-form.h"

G_BEGIN_DECLS

/* Opens @uri for the user; replaces gtk_show_uri_full() in tests, which have
 * no browser. Returns FALSE with @error set when it cannot. */
typedef gboolean (*ElicitDialogLaunchFunc) (ElicitDialog  *dialog,
                                            const char    *uri,
                                            gpointer       user_data,
                                            GError       **error);

void        elicit_dialog_set_launch_func     (ElicitDialog           *self,
                                               ElicitDialogLaunchFunc  func,
                                               gpointer                user_data);
void        elicit_dialog_set_notice_timeout  (ElicitDialog           *self,
                                               guint                   timeout_ms);
ElicitForm *elicit_dialog_get_form            (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_accept_button   (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_decline_button  (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_cancel_button   (ElicitDialog           *self);
const char *elicit_dialog_get_page            (ElicitDialog           *self);
GtkWidget  *elicit_dialog_get_body            (ElicitDialog           *self);

G_END_DECLS
