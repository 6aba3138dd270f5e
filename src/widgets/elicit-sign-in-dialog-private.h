/* elicit-sign-in-dialog-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-sign-in-dialog.h"

G_BEGIN_DECLS

/* Opens @uri for the user; replaces the desktop's handler (and the
 * sign-in's browser command) in tests. Returns FALSE with @error set when it cannot. */
typedef gboolean (*ElicitSignInLaunchFunc) (ElicitSignInDialog  *dialog,
                                            const char          *uri,
                                            gpointer             user_data,
                                            GError             **error);

void        elicit_sign_in_dialog_set_launch_func      (ElicitSignInDialog     *self,
                                                        ElicitSignInLaunchFunc  func,
                                                        gpointer                user_data);
/* "consent" or "status". */
const char *elicit_sign_in_dialog_get_page             (ElicitSignInDialog     *self);
GtkWidget  *elicit_sign_in_dialog_get_sign_in_button   (ElicitSignInDialog     *self);
GtkWidget  *elicit_sign_in_dialog_get_cancel_button    (ElicitSignInDialog     *self);

G_END_DECLS
