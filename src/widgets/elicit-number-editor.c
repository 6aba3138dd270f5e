/* elicit-number-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "elicit-init-private.h"
#include "elicit-number-editor-private.h"

/*
 * Numbers and integers in a GtkSpinButton. A spin button always holds a
 * value, but an optional number the server gave no default for must stay
 * absent until the user picks one: until then the spin button shows nothing,
 * and a clear button takes the field back to that state.
 *
 * Integers have no decimals. Numbers show two, or as many as the bounds and
 * the default need (up to MAX_DIGITS). Without bounds the range is wide but
 * finite: integers stay within what a JSON number holds exactly.
 */

#define MAX_DIGITS       6
#define WIDE_INTEGER     9007199254740991.0  /* 2^53 - 1 */
#define WIDE_NUMBER      1e12

struct _ElicitNumberEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget *spin;
  GtkWidget *clear_button;

  guint      is_integer : 1;
  guint      has_default : 1;
  guint      present : 1;
  guint      updating : 1;
};

G_DEFINE_FINAL_TYPE (ElicitNumberEditor, elicit_number_editor, ELICIT_TYPE_FIELD_EDITOR)

static guint
digits_needed (double value)
{
  for (guint digits = 0; digits < MAX_DIGITS; digits++)
    {
      double scaled = value * pow (10, digits);

      if (fabs (scaled - round (scaled)) < 1e-9 * MAX (1.0, fabs (scaled)))
        return digits;
    }

  return MAX_DIGITS;
}

static gboolean
get_default (ElicitField *field,
             double      *value)
{
  JsonNode *node = elicit_field_get_default (field);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
    case G_TYPE_DOUBLE:
      *value = json_node_get_double (node);
      return isfinite (*value);
    default:
      return FALSE;
    }
}

static void
configure_range (ElicitNumberEditor *self,
                 ElicitField        *field)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (self->spin);
  double wide = self->is_integer ? WIDE_INTEGER : WIDE_NUMBER;
  double lower = -wide, upper = wide, value, step = 1;
  guint digits = 0;

  if (elicit_field_get_minimum (field, &value) && isfinite (value))
    lower = MAX (value, -wide);
  if (elicit_field_get_maximum (field, &value) && isfinite (value))
    upper = MIN (value, wide);
  if (lower > upper)
    {
      lower = -wide;
      upper = wide;
    }

  if (!self->is_integer)
    {
      digits = MAX (2, MAX (digits_needed (lower), digits_needed (upper)));
      if (get_default (field, &value))
        digits = MAX (digits, digits_needed (value));
      if (upper - lower < 1)
        step = 0.01;
      else if (upper - lower < 10)
        step = 0.1;
    }

  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_range (spin, lower, upper);
  gtk_spin_button_set_increments (spin, step, step * 10);
  gtk_spin_button_set_value (spin, CLAMP (0, lower, upper));
}

static void
set_present (ElicitNumberEditor *self,
             gboolean            present)
{
  self->present = present;
  gtk_widget_set_visible (self->clear_button, present && !self->has_default);
}

/* While the field is absent the spin button shows nothing at all. */
static gboolean
output_cb (ElicitNumberEditor *self,
           GtkSpinButton      *spin)
{
  if (self->present)
    return FALSE;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (spin), "");
  self->updating = FALSE;

  return TRUE;
}

/* An empty text is no number: keep the value, do not turn it into 0. */
static int
input_cb (ElicitNumberEditor *self,
          double             *new_value,
          GtkSpinButton      *spin)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));

  if (*text != '\0')
    return FALSE;

  *new_value = gtk_spin_button_get_value (spin);

  return TRUE;
}

/* The spin button formats its text before it says the value changed, so the
 * first value after "absent" has to be written out here. */
static void
show_value (ElicitNumberEditor *self)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (self->spin);
  g_autofree char *text = g_strdup_printf ("%0.*f", gtk_spin_button_get_digits (spin),
                                           gtk_spin_button_get_value (spin));

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  self->updating = FALSE;
}

static void
value_changed_cb (ElicitNumberEditor *self)
{
  if (self->updating)
    return;

  if (!self->present)
    {
      set_present (self, TRUE);
      show_value (self);
    }
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
}

static void
text_changed_cb (ElicitNumberEditor *self)
{
  if (self->updating || *gtk_editable_get_text (GTK_EDITABLE (self->spin)) == '\0')
    return;

  set_present (self, TRUE);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
}

static void
clear_cb (ElicitNumberEditor *self)
{
  set_present (self, FALSE);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->spin), "");
  self->updating = FALSE;
  gtk_widget_grab_focus (self->spin);
  elicit_field_editor_reset_edited (ELICIT_FIELD_EDITOR (self));
}

static void
commit_cb (ElicitNumberEditor *self)
{
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static GtkWidget *
clear_button_new (ElicitNumberEditor *self)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-clear-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Clear"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Clear"),
                                  -1);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (clear_cb), self);

  return button;
}

static void
build_spin (ElicitNumberEditor *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->spin = gtk_spin_button_new (NULL, 1, 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (self->spin), FALSE);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->spin), 12);
  gtk_widget_set_halign (self->spin, GTK_ALIGN_START);
  g_signal_connect_swapped (self->spin, "output", G_CALLBACK (output_cb), self);
  g_signal_connect_swapped (self->spin, "input", G_CALLBACK (input_cb), self);
  /* GtkSpinButton has no "activate" before GTK 4.14; its text has. */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (self->spin)), "activate",
                            G_CALLBACK (commit_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (commit_cb), self);
  gtk_widget_add_controller (self->spin, focus);
  gtk_widget_set_parent (self->spin, GTK_WIDGET (self));

  self->clear_button = clear_button_new (self);
  gtk_widget_set_parent (self->clear_button, GTK_WIDGET (self));
}

static void
elicit_number_editor_constructed (GObject *object)
{
  ElicitNumberEditor *self = ELICIT_NUMBER_EDITOR (object);
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  double value;

  G_OBJECT_CLASS (elicit_number_editor_parent_class)->constructed (object);

  self->is_integer = elicit_field_get_kind (field) == ELICIT_FIELD_KIND_INTEGER;
  self->has_default = get_default (field, &value);
  build_spin (self);

  self->updating = TRUE;
  set_present (self, self->has_default);
  configure_range (self, field);
  if (self->has_default)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->spin), value);
  else
    gtk_editable_set_text (GTK_EDITABLE (self->spin), "");
  self->updating = FALSE;

  g_signal_connect_swapped (self->spin, "value-changed", G_CALLBACK (value_changed_cb), self);
  g_signal_connect_swapped (self->spin, "changed", G_CALLBACK (text_changed_cb), self);
}

/* What the spin button says: the text being typed if it reads as a number
 * (the spin button only takes it on Enter or when focus leaves), its value
 * otherwise. */
static double
current_value (ElicitNumberEditor *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->spin));
  char *end = NULL;
  double typed;

  typed = g_strtod (text, &end);
  if (end != text && end != NULL && *end == '\0' && isfinite (typed))
    return typed;

  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spin));
}

static JsonNode *
elicit_number_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitNumberEditor *self = ELICIT_NUMBER_EDITOR (editor);
  guint digits = gtk_spin_button_get_digits (GTK_SPIN_BUTTON (self->spin));
  double value, scale = pow (10, digits);

  if (!self->present || (self->has_default && !elicit_field_editor_get_edited (editor)))
    return NULL;

  value = round (current_value (self) * scale) / scale;

  /* A whole number goes out without a fraction, as the server would write it. */
  if (value == trunc (value) && fabs (value) <= WIDE_INTEGER)
    return json_node_init_int (json_node_alloc (), (gint64) value);

  return json_node_init_double (json_node_alloc (), value);
}

static GtkWidget *
elicit_number_editor_get_input (ElicitFieldEditor *editor)
{
  return ELICIT_NUMBER_EDITOR (editor)->spin;
}

static void
elicit_number_editor_class_init (ElicitNumberEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitFieldEditorClass *editor_class = ELICIT_FIELD_EDITOR_CLASS (klass);

  object_class->constructed = elicit_number_editor_constructed;
  editor_class->dup_value = elicit_number_editor_dup_value;
  editor_class->get_input = elicit_number_editor_get_input;

  elicit_ensure_i18n ();
}

static void
elicit_number_editor_init (ElicitNumberEditor *self)
{
}
