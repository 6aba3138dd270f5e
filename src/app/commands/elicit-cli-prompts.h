/* elicit-cli-prompts.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-gtk.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_CLI_PROMPTS (elicit_cli_prompts_get_type ())

G_DECLARE_FINAL_TYPE (ElicitCliPrompts, elicit_cli_prompts, ELICIT, CLI_PROMPTS, GObject)

ElicitCliPrompts  *elicit_cli_prompts_new                 (const char       *server_label,
                                                           gboolean          have_display) G_GNUC_WARN_UNUSED_RESULT;
ElicitCliPrompts  *elicit_cli_prompts_new_deferred        (const char       *server_label) G_GNUC_WARN_UNUSED_RESULT;
void               elicit_cli_prompts_warm_up             (ElicitCliPrompts *self);
void               elicit_cli_prompts_expect_question     (ElicitCliPrompts *self);
ElicitPresenter   *elicit_cli_prompts_get_presenter       (ElicitCliPrompts *self);
ElicitPromptQueue *elicit_cli_prompts_get_queue           (ElicitCliPrompts *self);
guint              elicit_cli_prompts_get_n_refused       (ElicitCliPrompts *self);
guint              elicit_cli_prompts_get_n_said_no       (ElicitCliPrompts *self);
guint              elicit_cli_prompts_get_n_open          (ElicitCliPrompts *self);
void               elicit_cli_prompts_set_server_claim    (ElicitCliPrompts *self,
                                                           const char       *server_claim);
void               elicit_cli_prompts_set_client_label    (ElicitCliPrompts *self,
                                                           const char       *client_label);
void               elicit_cli_prompts_set_verbose         (ElicitCliPrompts *self,
                                                           gboolean          verbose);
void               elicit_cli_prompts_set_accept_defaults (ElicitCliPrompts *self,
                                                           gboolean          accept_defaults);
gboolean           elicit_cli_prompts_sign_in             (ElicitCliPrompts *self,
                                                           ElicitSignIn     *sign_in);
void               elicit_cli_prompts_close_all           (ElicitCliPrompts *self);

G_END_DECLS
