/* elicit-sign-in-dialog.h
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
#include "elicit-sign-in.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_SIGN_IN_DIALOG (elicit_sign_in_dialog_get_type ())

ELICIT_GTK_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitSignInDialog, elicit_sign_in_dialog, ELICIT, SIGN_IN_DIALOG, GtkWindow)

ELICIT_GTK_AVAILABLE_IN_1_0
GtkWidget    *elicit_sign_in_dialog_new              (ElicitSignIn       *sign_in) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitSignIn *elicit_sign_in_dialog_get_sign_in      (ElicitSignInDialog *self);
ELICIT_GTK_AVAILABLE_IN_1_0
guint         elicit_sign_in_dialog_get_accept_delay (ElicitSignInDialog *self);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean      elicit_sign_in_dialog_get_can_sign_in  (ElicitSignInDialog *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void          elicit_sign_in_dialog_set_accept_delay (ElicitSignInDialog *self,
                                                      guint               accept_delay);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean      elicit_sign_in_dialog_sign_in          (ElicitSignInDialog *self);

G_END_DECLS
