/* elicit-text-editor-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-field-editor-private.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_TEXT_EDITOR (elicit_text_editor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitTextEditor, elicit_text_editor, ELICIT, TEXT_EDITOR, ElicitFieldEditor)

/* For tests: the date picker (NULL unless the format is a date or date-time). */
GtkCalendar   *elicit_text_editor_get_calendar    (ElicitTextEditor *self);
GtkSpinButton *elicit_text_editor_get_hour_spin   (ElicitTextEditor *self);
GtkSpinButton *elicit_text_editor_get_minute_spin (ElicitTextEditor *self);
GtkPopover    *elicit_text_editor_get_popover     (ElicitTextEditor *self);

G_END_DECLS
