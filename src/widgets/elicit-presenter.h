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

#include "elicit-version.h"
#include "elicit-prompt-queue.h"
#include "elicit-request.h"
#include "elicit-sign-in.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_PRESENTER (elicit_presenter_get_type ())

ELICIT_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (ElicitPresenter, elicit_presenter, ELICIT, PRESENTER, GObject)

ELICIT_AVAILABLE_IN_ALL
ElicitPresenter   *elicit_presenter_new              (ElicitPromptQueue *queue) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_ALL
ElicitPromptQueue *elicit_presenter_get_queue        (ElicitPresenter   *self);
ELICIT_AVAILABLE_IN_ALL
GtkWindow         *elicit_presenter_get_parent       (ElicitPresenter   *self);
ELICIT_AVAILABLE_IN_ALL
guint              elicit_presenter_get_accept_delay (ElicitPresenter   *self);
ELICIT_AVAILABLE_IN_ALL
guint              elicit_presenter_get_n_open       (ElicitPresenter   *self);
ELICIT_AVAILABLE_IN_ALL
void               elicit_presenter_set_parent       (ElicitPresenter   *self,
                                                      GtkWindow         *parent);
ELICIT_AVAILABLE_IN_ALL
void               elicit_presenter_set_accept_delay (ElicitPresenter   *self,
                                                      guint              accept_delay);
ELICIT_AVAILABLE_IN_ALL
void               elicit_presenter_present          (ElicitPresenter   *self,
                                                      ElicitRequest     *request);
ELICIT_AVAILABLE_IN_ALL
gboolean           elicit_presenter_sign_in          (ElicitPresenter   *self,
                                                      ElicitSignIn      *sign_in);
ELICIT_AVAILABLE_IN_ALL
void               elicit_presenter_close_all        (ElicitPresenter   *self);

G_END_DECLS
