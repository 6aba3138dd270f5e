/* elicit-choice-editor-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field-editor-private.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_CHOICE_EDITOR (elicit_choice_editor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitChoiceEditor, elicit_choice_editor, ELICIT, CHOICE_EDITOR, ElicitFieldEditor)

G_END_DECLS
