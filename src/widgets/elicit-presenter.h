/* elicit-presenter.h
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
#include "elicit-sign-in.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_PRESENTER (elicit_presenter_get_type ())

ELICIT_GTK_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitPresenter, elicit_presenter, ELICIT, PRESENTER, GObject)

ELICIT_GTK_AVAILABLE_IN_1_0
ElicitPresenter   *elicit_presenter_new              (ElicitPromptQueue *queue) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitPromptQueue *elicit_presenter_get_queue        (ElicitPresenter   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
GtkWindow         *elicit_presenter_get_parent       (ElicitPresenter   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
guint              elicit_presenter_get_accept_delay (ElicitPresenter   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
guint              elicit_presenter_get_n_open       (ElicitPresenter   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void               elicit_presenter_set_parent       (ElicitPresenter   *self,
                                                      GtkWindow         *parent);
ELICIT_GTK_AVAILABLE_IN_1_0
void               elicit_presenter_set_accept_delay (ElicitPresenter   *self,
                                                      guint              accept_delay);
ELICIT_GTK_AVAILABLE_IN_1_0
void               elicit_presenter_present          (ElicitPresenter   *self,
                                                      ElicitRequest     *request);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean           elicit_presenter_sign_in          (ElicitPresenter   *self,
                                                      ElicitSignIn      *sign_in);
ELICIT_GTK_AVAILABLE_IN_1_0
void               elicit_presenter_close_all        (ElicitPresenter   *self);

G_END_DECLS
