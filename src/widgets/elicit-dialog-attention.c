/* elicit-dialog-attention.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitDialog: why Send waits. One line beside the buttons whose popover
 * takes the person to each field, and the rule that Send waits until every
 * field has been on screen. */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"
#include "elicit-form-private.h"
#include "elicit-form.h"
#include "elicit-text-private.h"

static void fill_attention (ElicitDialog *self);

#define ATTENTION_MAX 3

static char *
attention_text (guint n_problems)
{
  return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                       "%u field needs attention", "%u fields need attention",
                                       n_problems),
                          n_problems);
}

static void
attention_clicked_cb (GtkButton *button,
                      gpointer   user_data)
{
  ElicitDialog *self = user_data;
  const char *name = g_object_get_data (G_OBJECT (button), "elicit-field-name");

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->attention_button));
  if (self->form != NULL && name != NULL)
    elicit_form_focus_field (self->form, name);
}

static GtkWidget *
attention_entry_new (ElicitDialog *self,
                     ElicitField  *field,
                     const char   *problem)
{
  g_autofree char *title = elicit_text_sanitize_line (elicit_field_get_label (field), ELICIT_TEXT_LINE_MAX);
  g_autofree char *reason = elicit_text_sanitize_line (problem, ELICIT_TEXT_LINE_MAX);
  /* Translators: a field's name, then what is wrong with its value */
  g_autofree char *text = g_strdup_printf (_("“%s”: %s"), title, reason);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "elicit-attention-entry");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, _("Go to this field"));
  /* GTK 4.8 names a button only from a label it made itself: without this,
   * screen readers announce "GtkButton". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Go to this field"),
                                  -1);
  g_object_set_data_full (G_OBJECT (button), "elicit-field-name",
                          g_strdup (elicit_field_get_name (field)), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (attention_clicked_cb), self);

  return button;
}

/* Beside the buttons: why Send waits, in one line whose popover takes the
 * user to each field. It never covers the form nor changes the dialog's
 * size: the action row is as tall with it as without. */
void
elicit_dialog_update_attention (ElicitDialog *self)
{
  if (self->attention_button == NULL)
    return;

  fill_attention (self);
}

static void
show_attention (ElicitDialog *self,
                gboolean      shown)
{
  gtk_widget_set_child_visible (self->attention_button, shown);
  gtk_widget_set_can_target (self->attention_button, shown);
  gtk_widget_set_can_focus (self->attention_button, shown);
  /* GTK 4.8 maps a child made visible again without redrawing its parent,
   * and a child never drawn yet does not ask it to: the row is drawn from
   * before, without the line, until something else changes there. */
  gtk_widget_queue_draw (gtk_widget_get_parent (self->attention_button));
}

/* The form is valid, but its end has not been on screen yet. */
static void
fill_unseen (ElicitDialog *self)
{
  const char *text = _("Scroll down to see every field");
  GtkWidget *label = gtk_label_new (_("Send waits until every field has been on screen."));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_box_append (GTK_BOX (self->attention_box), label);
  gtk_label_set_text (self->attention_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
fill_attention (ElicitDialog *self)
{
  g_autoptr(GHashTable) errors = NULL;
  g_autofree char *summary = NULL;
  GListModel *fields;
  GtkWidget *child;
  guint n_problems, shown = 0;

  while ((child = gtk_widget_get_first_child (self->attention_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->attention_box), child);

  errors = elicit_form_get_errors (self->form);
  n_problems = g_hash_table_size (errors);
  if (n_problems == 0 && !self->fields_seen)
    {
      /* Shown once a layout has found the form's end out of view: a form
       * that fits never says "Scroll down", not even in the frame before
       * its first layout. Until then it is there unseen, so the row is
       * as tall from the start as it will be. */
      fill_unseen (self);
      show_attention (self, self->end_unseen);
      return;
    }

  /* Hidden, it leaves its room to the buttons; the row's height stays. */
  show_attention (self, n_problems > 0);
  if (n_problems == 0)
    {
      gtk_menu_button_popdown (GTK_MENU_BUTTON (self->attention_button));
      gtk_label_set_text (self->attention_label, "");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
      return;
    }

  summary = attention_text (n_problems);
  gtk_label_set_text (self->attention_label, summary);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->attention_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, summary, -1);

  fields = elicit_schema_get_fields (elicit_form_get_schema (self->form));
  for (guint i = 0; i < g_list_model_get_n_items (fields) && shown < ATTENTION_MAX; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      const char *problem = g_hash_table_lookup (errors, elicit_field_get_name (field));

      if (problem == NULL)
        continue;
      gtk_box_append (GTK_BOX (self->attention_box), attention_entry_new (self, field, problem));
      shown++;
    }

  if (n_problems > shown)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                                            "and %u more field",
                                                            "and %u more fields",
                                                            n_problems - shown),
                                               n_problems - shown);

      child = gtk_label_new (more);
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_widget_set_margin_start (child, 10);
      gtk_widget_add_css_class (child, "dim-label");
      gtk_box_append (GTK_BOX (self->attention_box), child);
    }
}

void
elicit_dialog_build_attention (ElicitDialog *self)
{
  GtkWidget *popover = gtk_popover_new ();

  /* Two short lines at most, in the height of the buttons beside it. */
  self->attention_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->attention_label, TRUE);
  gtk_label_set_wrap_mode (self->attention_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->attention_label, 2);
  gtk_label_set_ellipsize (self->attention_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->attention_label, 8);
  gtk_label_set_max_width_chars (self->attention_label, 24);
  gtk_label_set_xalign (self->attention_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->attention_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->attention_label), "caption");

  self->attention_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (self->attention_box, "elicit-attention");
  gtk_popover_set_child (GTK_POPOVER (popover), self->attention_box);

  self->attention_button = gtk_menu_button_new ();
  gtk_menu_button_set_child (GTK_MENU_BUTTON (self->attention_button), GTK_WIDGET (self->attention_label));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->attention_button), popover);
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (self->attention_button), FALSE);
  gtk_menu_button_set_direction (GTK_MENU_BUTTON (self->attention_button), GTK_ARROW_UP);
  gtk_widget_set_hexpand (self->attention_button, TRUE);
  gtk_widget_set_halign (self->attention_button, GTK_ALIGN_START);
  gtk_widget_set_valign (self->attention_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->attention_button, _("What Send waits for"));
  gtk_box_append (GTK_BOX (self->action_start), self->attention_button);
  elicit_dialog_update_attention (self);
}

static gboolean
attention_idle_cb (gpointer user_data)
{
  ElicitDialog *self = user_data;

  self->attention_idle = 0;
  elicit_dialog_update_attention (self);

  return G_SOURCE_REMOVE;
}

/* The form ends the body: once its last field has been on screen (scrolled
 * to, tabbed to, or it all fits), every field has been. Until then Send waits, so that a
 * long form cannot be answered with fields the person never saw. */
static GtkWidget *
last_field_widget (ElicitDialog *self)
{
  ElicitSchema *schema = elicit_form_get_schema (self->form);
  guint n = elicit_schema_get_n_fields (schema);
  g_autoptr(ElicitField) last = NULL;

  if (n == 0)
    return NULL;
  last = g_list_model_get_item (elicit_schema_get_fields (schema), n - 1);

  return elicit_form_get_field_widget (self->form, elicit_field_get_name (last));
}

/* Whether the last field's top (a line of it) is in the body's view, which
 * has been laid out (its page has a size). */
static gboolean
last_field_in_view (ElicitDialog  *self,
                    GtkAdjustment *adjustment)
{
  double page = gtk_adjustment_get_page_size (adjustment);
  double value = gtk_adjustment_get_value (adjustment);
  GtkWidget *last;
  graphene_rect_t bounds;

  /* The end of a long form still being built is not the form's end; the
   * last rows change the adjustment, which asks again. */
  if (!elicit_form_get_complete (self->form))
    return FALSE;
  if (value + page >= gtk_adjustment_get_upper (adjustment) - 1)
    return TRUE;
  last = last_field_widget (self);
  if (last == NULL || !gtk_widget_compute_bounds (last, GTK_WIDGET (self->body_box), &bounds))
    return FALSE;

  return bounds.origin.y + MIN (bounds.size.height, 24) <= value + page;
}

void
elicit_dialog_note_fields_seen (ElicitDialog  *self,
                                GtkAdjustment *adjustment)
{
  /* Not laid out yet: nothing is known of what shows. */
  if (self->fields_seen || self->form == NULL || gtk_adjustment_get_page_size (adjustment) <= 0)
    return;

  if (last_field_in_view (self, adjustment))
    {
      self->fields_seen = TRUE;
      elicit_dialog_update_actions (self);
    }
  else if (!self->end_unseen)
    self->end_unseen = TRUE;
  else
    return;

  /* Its text changes size: not during the allocation this runs in. */
  if (self->attention_idle == 0)
    self->attention_idle = g_idle_add (attention_idle_cb, self);
}

/* Says now what the line beside Send would say at the next idle, for a
 * picture of the dialog taken at once. Returns whether it changed. */
gboolean
elicit_dialog_settle_attention (ElicitDialog *self)
{
  if (self->attention_idle == 0)
    return FALSE;

  g_clear_handle_id (&self->attention_idle, g_source_remove);
  elicit_dialog_update_attention (self);

  return TRUE;
}

/* A line above the buttons when the body scrolls, so a field cut in half
 * reads as "more below", not as the end of the form. */
void
elicit_dialog_body_adjustment_changed (ElicitDialog  *self,
                                       GtkAdjustment *adjustment)
{
  gboolean scrolls = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment) >
                     gtk_adjustment_get_page_size (adjustment) + 0.5;

  /* Opacity, not visibility: this runs during size allocation, where a
   * change of size would be too late for this frame. */
  gtk_widget_set_opacity (self->action_separator, scrolls ? 1.0 : 0.0);
  elicit_dialog_note_fields_seen (self, adjustment);
}
