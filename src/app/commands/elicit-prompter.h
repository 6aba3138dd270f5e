/* elicit-prompter.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-gtk.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_PROMPTER (elicit_prompter_get_type ())

G_DECLARE_FINAL_TYPE (ElicitPrompter, elicit_prompter, ELICIT, PROMPTER, GObject)

ElicitPrompter    *elicit_prompter_new              (const char     *server_label,
                                                     gboolean        have_display) G_GNUC_WARN_UNUSED_RESULT;
ElicitPromptQueue *elicit_prompter_get_queue        (ElicitPrompter *self);
guint              elicit_prompter_get_n_refused    (ElicitPrompter *self);
guint              elicit_prompter_get_n_said_no    (ElicitPrompter *self);
guint              elicit_prompter_get_n_open       (ElicitPrompter *self);
void               elicit_prompter_set_server_claim (ElicitPrompter *self,
                                                     const char     *server_claim);
void               elicit_prompter_set_client_label (ElicitPrompter *self,
                                                     const char     *client_label);
void               elicit_prompter_set_verbose      (ElicitPrompter *self,
                                                     gboolean        verbose);
void               elicit_prompter_set_accept_defaults (ElicitPrompter *self,
                                                        gboolean        accept_defaults);
gboolean           elicit_prompter_sign_in          (ElicitPrompter *self,
                                                     ElicitSignIn   *sign_in);
void               elicit_prompter_close_all        (ElicitPrompter *self);

G_END_DECLS
