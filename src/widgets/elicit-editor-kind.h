/* elicit-editor-kind.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_GTK_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit-gtk.h> can be included directly."
#endif

#include <glib.h>

#include "elicit-gtk-version-macros.h"
#include "elicit-field.h"

G_BEGIN_DECLS

/**
 * ElicitEditorKind:
 * @ELICIT_EDITOR_KIND_TEXT_ENTRY: a one-line [class@Gtk.Entry]
 * @ELICIT_EDITOR_KIND_EMAIL_ENTRY: an entry for an email address
 * @ELICIT_EDITOR_KIND_URL_ENTRY: an entry for a web address
 * @ELICIT_EDITOR_KIND_DATE_ENTRY: an entry for a date, with a calendar
 * @ELICIT_EDITOR_KIND_DATE_TIME_ENTRY: an entry for a date and time, with a
 *   calendar
 * @ELICIT_EDITOR_KIND_MULTI_LINE_TEXT: a multi-line [class@Gtk.TextView]
 * @ELICIT_EDITOR_KIND_NUMBER: a [class@Gtk.SpinButton] that allows decimals
 * @ELICIT_EDITOR_KIND_INTEGER: a [class@Gtk.SpinButton] for whole numbers
 * @ELICIT_EDITOR_KIND_SWITCH: a [class@Gtk.Switch]
 * @ELICIT_EDITOR_KIND_YES_NO: explicit Yes and No buttons, neither chosen until the user
 *   chooses: for a question asked on its own, or a required one without a default
 * @ELICIT_EDITOR_KIND_DROP_DOWN: a [class@Gtk.DropDown]
 * @ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN: a [class@Gtk.DropDown] with a
 *   search entry, for a long list of options
 * @ELICIT_EDITOR_KIND_CHECK_BOXES: a column of check boxes
 * @ELICIT_EDITOR_KIND_SEARCHABLE_CHECK_LIST: a search entry over a scrolling
 *   list of check boxes, for a long list of options
 *
 * The editor [class@Form] gives a field, as
 * [func@Form.describe_field] decides it.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_EDITOR_KIND_TEXT_ENTRY,
  ELICIT_EDITOR_KIND_EMAIL_ENTRY,
  ELICIT_EDITOR_KIND_URL_ENTRY,
  ELICIT_EDITOR_KIND_DATE_ENTRY,
  ELICIT_EDITOR_KIND_DATE_TIME_ENTRY,
  ELICIT_EDITOR_KIND_MULTI_LINE_TEXT,
  ELICIT_EDITOR_KIND_NUMBER,
  ELICIT_EDITOR_KIND_INTEGER,
  ELICIT_EDITOR_KIND_SWITCH,
  ELICIT_EDITOR_KIND_YES_NO,
  ELICIT_EDITOR_KIND_DROP_DOWN,
  ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN,
  ELICIT_EDITOR_KIND_CHECK_BOXES,
  ELICIT_EDITOR_KIND_SEARCHABLE_CHECK_LIST,
} ElicitEditorKind;

ELICIT_GTK_AVAILABLE_IN_1_0
ElicitEditorKind elicit_form_describe_field (ElicitField  *field,
                                             char        **description);
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitEditorKind elicit_form_describe_field_in_form (ElicitField  *field,
                                                    gboolean      alone,
                                                    char        **description);

G_END_DECLS
