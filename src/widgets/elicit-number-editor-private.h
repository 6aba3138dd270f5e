/* elicit-number-editor-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field-editor-private.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_NUMBER_EDITOR (elicit_number_editor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitNumberEditor, elicit_number_editor, ELICIT, NUMBER_EDITOR, ElicitFieldEditor)

G_END_DECLS
