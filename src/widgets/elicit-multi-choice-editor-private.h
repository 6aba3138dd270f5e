/* elicit-multi-choice-editor-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field-editor-private.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_MULTI_CHOICE_EDITOR (elicit_multi_choice_editor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitMultiChoiceEditor, elicit_multi_choice_editor, ELICIT, MULTI_CHOICE_EDITOR, ElicitFieldEditor)

/* For tests: the search entry of a long list (NULL for a short one). */
GtkEditable *elicit_multi_choice_editor_get_search_entry (ElicitMultiChoiceEditor *self);

G_END_DECLS
