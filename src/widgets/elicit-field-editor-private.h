/* elicit-field-editor-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "elicit-field.h"
#include "elicit-option.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_FIELD_EDITOR (elicit_field_editor_get_type ())

G_DECLARE_DERIVABLE_TYPE (ElicitFieldEditor, elicit_field_editor, ELICIT, FIELD_EDITOR, GtkWidget)

/*
 * ElicitFieldEditorClass:
 * @dup_value: the value the user gave, or NULL when they gave none (the form
 *   then lets the schema apply the field's default, or leaves it out)
 * @dup_problem: (nullable): why the text the user typed cannot be an
 *   answer at all (not a number, too precise), or NULL; the schema judges
 *   the rest
 * @get_input: the widget a user types into or clicks (an entry, a spin
 *   button, a switch, a drop-down, or the group of check buttons); it carries
 *   the accessible label and description
 *
 * The base of the editors, one subclass per kind of field. The base owns the
 * field and the "edited" flag, and lays its children out in a row.
 */
struct _ElicitFieldEditorClass
{
  GtkWidgetClass parent_class;

  JsonNode  *(*dup_value) (ElicitFieldEditor *self);
  GtkWidget *(*get_input) (ElicitFieldEditor *self);
  char      *(*dup_problem) (ElicitFieldEditor *self);
};

GtkWidget   *elicit_field_editor_new          (ElicitField        *field);
GtkWidget   *elicit_field_editor_new_full     (ElicitField        *field,
                                               gboolean            alone);
gboolean     elicit_field_editor_get_alone    (ElicitFieldEditor  *self);
ElicitField *elicit_field_editor_get_field    (ElicitFieldEditor  *self);
GtkWidget   *elicit_field_editor_get_input    (ElicitFieldEditor  *self);
JsonNode    *elicit_field_editor_dup_value    (ElicitFieldEditor  *self);
char        *elicit_field_editor_dup_problem  (ElicitFieldEditor  *self);
gboolean     elicit_field_editor_get_edited   (ElicitFieldEditor  *self);
void         elicit_field_editor_set_labels   (ElicitFieldEditor  *self,
                                               GtkWidget          *title_label,
                                               const char         *description);

/* For subclasses. */
void         elicit_field_editor_emit_changed (ElicitFieldEditor  *self);
void         elicit_field_editor_emit_commit  (ElicitFieldEditor  *self);
void         elicit_field_editor_emit_activate (ElicitFieldEditor *self);
void         elicit_field_editor_reset_edited (ElicitFieldEditor  *self);

/* A tooltip (and accessible description) set without a display round trip. */
void         elicit_field_editor_set_tooltip  (GtkWidget          *widget,
                                               const char         *text);
const char  *elicit_field_editor_get_tooltip  (GtkWidget          *widget);

/* Server text shown for an option: sanitized, one line, length-capped. */
char          *elicit_field_editor_dup_option_label     (ElicitOption *option);
GtkExpression *elicit_field_editor_option_label_expression (void);

G_END_DECLS
