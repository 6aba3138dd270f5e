/* elicit-number-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-number-editor-private.h"

/*
 * Numbers and integers in a GtkSpinButton. A spin button always holds a
 * value, but an optional number the server gave no default for must stay
 * absent until the user picks one: until then the spin button shows nothing,
 * and emptying it takes the field back to that state (no clear button: a
 * Tab stop that erases an answer is a trap).
 *
 * The editor never alters what was typed. A GtkSpinButton clamps, rounds and
 * restores its text when it takes typed text (Enter, leaving it); here its
 * "input" only moves the value when the text is a number within the bounds,
 * and its "output" only rewrites the text when the value moved for another
 * reason (the +/- buttons, the arrow keys, a program). The answer is read
 * from the text: out of range, not a number or too precise stays as typed,
 * and the form shows why it cannot be sent. Emptying the text makes the
 * field absent, default or not.
 *
 * Integers have no decimals. Numbers show two, or as many as the bounds and
 * the default need (up to MAX_DIGITS). Without bounds the range is wide but
 * finite: integers stay within what a JSON number holds exactly.
 */

#define MAX_DIGITS       6
#define WIDE_INTEGER     9007199254740991.0  /* 2^53 - 1 */
#define WIDE_NUMBER      1e12
/* What a double holds exactly, in decimal digits. */
#define MAX_SIGNIFICANT  15

typedef enum {
  PARSE_EMPTY,
  PARSE_OK,
  PARSE_NOT_A_NUMBER,
  PARSE_TOO_PRECISE,
} ParseResult;

struct _ElicitNumberEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget *spin;

  double     shown_value;

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
}

static gboolean
is_minus (gunichar c)
{
  return c == '-' || c == 0x2212;  /* MINUS SIGN */
}

/*
 * parse_number:
 * Reads what a person types as a number: a sign, digits with one decimal
 * point (or comma), an exponent. Nothing else: no hex, no "inf", no
 * grouping, no trailing text.
 */
static ParseResult
parse_number (const char *text,
              double     *value)
{
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autofree char *copy = g_strstrip (g_strdup (text));
  const char *p = copy;
  guint significant = 0, pending_zeros = 0, mantissa_digits = 0;
  gboolean seen_point = FALSE;

  if (*p == '\0')
    return PARSE_EMPTY;

  if (*p == '+' || is_minus (g_utf8_get_char (p)))
    {
      if (*p != '+')
        g_string_append_c (plain, '-');
      p = g_utf8_next_char (p);
    }

  for (; *p != '\0' && *p != 'e' && *p != 'E'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          mantissa_digits++;
          g_string_append_c (plain, *p);
          /* Zeros count only between other digits. */
          if (*p != '0')
            {
              significant += pending_zeros + 1;
              pending_zeros = 0;
            }
          else if (significant > 0)
            pending_zeros++;
        }
      else if ((*p == '.' || *p == ',') && !seen_point)
        {
          seen_point = TRUE;
          g_string_append_c (plain, '.');
        }
      else
        return PARSE_NOT_A_NUMBER;
    }

  /* Trailing zeros say nothing about precision: 1e20 and 1.50 are exact. */
  if (mantissa_digits == 0)
    return PARSE_NOT_A_NUMBER;

  if (*p == 'e' || *p == 'E')
    {
      g_string_append_c (plain, 'e');
      p++;
      if (*p == '+' || *p == '-')
        g_string_append_c (plain, *p++);
      if (!g_ascii_isdigit (*p))
        return PARSE_NOT_A_NUMBER;
      for (; g_ascii_isdigit (*p); p++)
        g_string_append_c (plain, *p);
      if (*p != '\0')
        return PARSE_NOT_A_NUMBER;
    }

  *value = g_ascii_strtod (plain->str, NULL);
  if (!isfinite (*value))
    return PARSE_NOT_A_NUMBER;
  if (significant > MAX_SIGNIFICANT)
    return PARSE_TOO_PRECISE;

  return PARSE_OK;
}

static guint
digits_shown (ElicitNumberEditor *self,
              double              value)
{
  return MAX (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (self->spin)), digits_needed (value));
}

static void
set_text (ElicitNumberEditor *self,
          const char         *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->spin)), text) == 0)
    return;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->spin), text);
  self->updating = FALSE;
}

/* Writes the spin button's value out, in the user's locale. */
static void
show_value (ElicitNumberEditor *self)
{
  double value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->spin));
  g_autofree char *text = g_strdup_printf ("%0.*f", digits_shown (self, value), value);

  self->shown_value = value;
  set_text (self, self->present ? text : "");
}

/* The text changes only when the value moved for a reason other than the
 * text itself: a step, or a program setting it. */
static gboolean
output_cb (ElicitNumberEditor *self,
           GtkSpinButton      *spin)
{
  double value = gtk_spin_button_get_value (spin);
  double typed;

  /* Being built: the text is written once it is. */
  if (self->updating || value == self->shown_value)
    return TRUE;

  self->shown_value = value;
  if (parse_number (gtk_editable_get_text (GTK_EDITABLE (spin)), &typed) == PARSE_OK &&
      typed == value)
    return TRUE;

  self->present = TRUE;
  show_value (self);

  return TRUE;
}

static gboolean
in_bounds (ElicitNumberEditor *self,
           double              value)
{
  double lower, upper;

  gtk_spin_button_get_range (GTK_SPIN_BUTTON (self->spin), &lower, &upper);

  return value >= lower && value <= upper && (!self->is_integer || value == trunc (value));
}

/* Typed text moves the value only when it is a number the field takes;
 * anything else stays as typed, and the value where it was. */
static int
input_cb (ElicitNumberEditor *self,
          double             *new_value,
          GtkSpinButton      *spin)
{
  double typed;

  if (parse_number (gtk_editable_get_text (GTK_EDITABLE (spin)), &typed) == PARSE_OK &&
      in_bounds (self, typed))
    *new_value = typed;
  else
    *new_value = gtk_spin_button_get_value (spin);

  return TRUE;
}

static void
value_changed_cb (ElicitNumberEditor *self)
{
  if (self->updating)
    return;

  set_present (self, TRUE);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
}

static void
text_changed_cb (ElicitNumberEditor *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->spin));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (self->updating)
    return;

  set_present (self, *stripped != '\0');
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
}

static void
commit_cb (ElicitNumberEditor *self)
{
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static void
activate_cb (ElicitNumberEditor *self)
{
  elicit_field_editor_emit_activate (ELICIT_FIELD_EDITOR (self));
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
                            G_CALLBACK (activate_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (commit_cb), self);
  gtk_widget_add_controller (self->spin, focus);
  gtk_widget_set_parent (self->spin, GTK_WIDGET (self));
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
  self->updating = FALSE;
  show_value (self);

  g_signal_connect_swapped (self->spin, "value-changed", G_CALLBACK (value_changed_cb), self);
  g_signal_connect_swapped (self->spin, "changed", G_CALLBACK (text_changed_cb), self);
}

/* The answer is the text: what the user sees is what is sent. */
static JsonNode *
elicit_number_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitNumberEditor *self = ELICIT_NUMBER_EDITOR (editor);
  gboolean edited = elicit_field_editor_get_edited (editor);
  double value;

  if (self->has_default && !edited)
    return NULL;

  switch (parse_number (gtk_editable_get_text (GTK_EDITABLE (self->spin)), &value))
    {
    case PARSE_OK:
      break;
    case PARSE_EMPTY:
    case PARSE_NOT_A_NUMBER:
    case PARSE_TOO_PRECISE:
    default:
      /* No number: absent, and a default must not come back in its place. */
      return edited ? json_node_init_null (json_node_alloc ()) : NULL;
    }

  /* A whole number goes out without a fraction, as the server would write it. */
  if (value == trunc (value) && fabs (value) <= WIDE_INTEGER)
    return json_node_init_int (json_node_alloc (), (gint64) value);

  return json_node_init_double (json_node_alloc (), value);
}

static char *
elicit_number_editor_dup_problem (ElicitFieldEditor *editor)
{
  ElicitNumberEditor *self = ELICIT_NUMBER_EDITOR (editor);
  double value;

  switch (parse_number (gtk_editable_get_text (GTK_EDITABLE (self->spin)), &value))
    {
    case PARSE_NOT_A_NUMBER:
      return g_strdup (self->is_integer ? _("Must be a whole number") : _("Must be a number"));
    case PARSE_TOO_PRECISE:
      return g_strdup_printf (_("Too precise: a number holds at most %u significant digits"),
                              MAX_SIGNIFICANT);
    case PARSE_EMPTY:
    case PARSE_OK:
    default:
      return NULL;
    }
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
  editor_class->dup_problem = elicit_number_editor_dup_problem;

  elicit_gtk_ensure_i18n ();
}

static void
elicit_number_editor_init (ElicitNumberEditor *self)
{
}
