/* elicit-recent-prompt.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_RECENT_PROMPT (elicit_recent_prompt_get_type ())

G_DECLARE_FINAL_TYPE (ElicitRecentPrompt, elicit_recent_prompt, ELICIT, RECENT_PROMPT, GObject)

ElicitRecentPrompt *elicit_recent_prompt_new            (GDateTime          *time,
                                                         const char         *server,
                                                         const char         *client,
                                                         ElicitRequestState  state) G_GNUC_WARN_UNUSED_RESULT;
GDateTime          *elicit_recent_prompt_get_time       (ElicitRecentPrompt *self);
const char         *elicit_recent_prompt_get_server     (ElicitRecentPrompt *self);
const char         *elicit_recent_prompt_get_client     (ElicitRecentPrompt *self);
ElicitRequestState  elicit_recent_prompt_get_state      (ElicitRecentPrompt *self);
void                elicit_recent_prompt_note_answer    (ElicitRecentPrompt *self,
                                                         ElicitRequest      *request);
char               *elicit_recent_prompt_describe_state (ElicitRecentPrompt *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
