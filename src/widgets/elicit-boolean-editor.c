/* elicit-boolean-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-boolean-editor-private.h"
#include "elicit-editor-kind.h"

/*
 * Yes or no. Among other fields, a GtkSwitch: an optional boolean without a
 * default is absent until the user flips it; until then a "Not set" note
 * says so, and Delete or Backspace on the switch takes it back there. No
 * clear button: a Tab stop that erases an answer on Space is a trap, and
 * one that comes and goes moves the form under the pointer. The note keeps
 * its place, empty, once the field is set.
 *
 * A question on its own ("Delete the file demo.txt?") and a required yes/no
 * without a default get explicit Yes and No radio buttons instead: a switch
 * that is off reads as an answer nobody gave. Nothing is chosen until the
 * user chooses (unless there is a default), so a required one makes Accept
 * wait.
 */

struct _ElicitBooleanEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget *toggle;       /* the switch, or the group of Yes and No */
  GtkWidget *yes;
  GtkWidget *no;
  GtkWidget *unset_label;

  guint      can_be_absent : 1;
  guint      present : 1;
  guint      updating : 1;
};

G_DEFINE_FINAL_TYPE (ElicitBooleanEditor, elicit_boolean_editor, ELICIT_TYPE_FIELD_EDITOR)

static void
set_present (ElicitBooleanEditor *self,
             gboolean             present)
{
  self->present = present;
  /* Emptied, not hidden: the row keeps its size either way. */
  gtk_label_set_text (GTK_LABEL (self->unset_label), present ? "" : _("Not set"));
}

static void
active_changed_cb (ElicitBooleanEditor *self)
{
  if (self->updating)
    return;

  set_present (self, TRUE);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static void
choice_toggled_cb (ElicitBooleanEditor *self,
                   GtkCheckButton      *button)
{
  if (self->updating || !gtk_check_button_get_active (button))
    return;

  set_present (self, TRUE);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static gboolean
clear_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  ElicitBooleanEditor *self = ELICIT_BOOLEAN_EDITOR (widget);

  if (!self->can_be_absent || !self->present)
    return FALSE;

  self->updating = TRUE;
  if (self->yes != NULL)
    {
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->yes), FALSE);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->no), FALSE);
    }
  else
    gtk_switch_set_active (GTK_SWITCH (self->toggle), FALSE);
  self->updating = FALSE;
  set_present (self, FALSE);
  elicit_field_editor_reset_edited (ELICIT_FIELD_EDITOR (self));

  return TRUE;
}

/* Delete or Backspace, with the focus on the switch or a radio button. */
static void
add_clear_keys (ElicitBooleanEditor *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  const guint keys[] = { GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i], 0),
                                                            gtk_callback_action_new (clear_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static GtkWidget *
choice_new (ElicitBooleanEditor *self,
            const char          *label)
{
  GtkWidget *button = gtk_check_button_new_with_label (label);

  g_signal_connect_swapped (button, "toggled", G_CALLBACK (choice_toggled_cb), self);
  gtk_box_append (GTK_BOX (self->toggle), button);

  return button;
}

/* Yes and No as radio buttons, in a group that carries the field's name. */
static void
build_choices (ElicitBooleanEditor *self)
{
  self->toggle = g_object_new (GTK_TYPE_BOX,
                               "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO_GROUP,
                               "orientation", GTK_ORIENTATION_HORIZONTAL,
                               "spacing", 18,
                               NULL);
  /* Translators: the answer to a yes/no question in a form */
  self->yes = choice_new (self, _("Yes"));
  /* Translators: the answer to a yes/no question in a form */
  self->no = choice_new (self, _("No"));
  gtk_check_button_set_group (GTK_CHECK_BUTTON (self->no), GTK_CHECK_BUTTON (self->yes));
}

static void
build (ElicitBooleanEditor *self,
       gboolean             choices)
{
  if (choices)
    build_choices (self);
  else
    {
      self->toggle = gtk_switch_new ();
      gtk_widget_set_valign (self->toggle, GTK_ALIGN_CENTER);
    }
  gtk_widget_set_parent (self->toggle, GTK_WIDGET (self));

  /* Translators: an optional yes/no field the user has not answered */
  self->unset_label = gtk_label_new (_("Not set"));
  gtk_widget_add_css_class (self->unset_label, "dim-label");
  gtk_widget_set_visible (self->unset_label, !choices);
  gtk_widget_set_parent (self->unset_label, GTK_WIDGET (self));

  add_clear_keys (self);
}

static void
explain_clear_keys (ElicitBooleanEditor *self)
{
  if (self->can_be_absent)
    elicit_field_editor_set_tooltip (self->toggle, _("Delete or Backspace leaves this unanswered"));
}

static void
elicit_boolean_editor_constructed (GObject *object)
{
  ElicitBooleanEditor *self = ELICIT_BOOLEAN_EDITOR (object);
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  JsonNode *default_value = elicit_field_get_default (field);
  gboolean has_default, required, choices;

  G_OBJECT_CLASS (elicit_boolean_editor_parent_class)->constructed (object);

  has_default = default_value != NULL && JSON_NODE_HOLDS_VALUE (default_value) &&
                json_node_get_value_type (default_value) == G_TYPE_BOOLEAN;
  required = elicit_field_get_required (field);
  choices = elicit_form_describe_field_in_form (field,
                                                elicit_field_editor_get_alone (ELICIT_FIELD_EDITOR (self)),
                                                NULL) == ELICIT_EDITOR_KIND_YES_NO;
  self->can_be_absent = !has_default && !required;
  build (self, choices);
  explain_clear_keys (self);

  if (choices)
    {
      self->updating = TRUE;
      if (has_default)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (json_node_get_boolean (default_value) ? self->yes : self->no),
                                     TRUE);
      self->updating = FALSE;
      /* Nothing chosen is plain to see: no "Not set" note. */
      set_present (self, has_default);
      return;
    }

  if (has_default)
    gtk_switch_set_active (GTK_SWITCH (self->toggle), json_node_get_boolean (default_value));
  set_present (self, !self->can_be_absent);

  g_signal_connect_swapped (self->toggle, "notify::active", G_CALLBACK (active_changed_cb), self);
}

static JsonNode *
elicit_boolean_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitBooleanEditor *self = ELICIT_BOOLEAN_EDITOR (editor);

  if (!self->present)
    return NULL;

  if (self->yes != NULL)
    return json_node_init_boolean (json_node_alloc (),
                                   gtk_check_button_get_active (GTK_CHECK_BUTTON (self->yes)));

  return json_node_init_boolean (json_node_alloc (),
                                 gtk_switch_get_active (GTK_SWITCH (self->toggle)));
}

static GtkWidget *
elicit_boolean_editor_get_input (ElicitFieldEditor *editor)
{
  return ELICIT_BOOLEAN_EDITOR (editor)->toggle;
}

static void
elicit_boolean_editor_class_init (ElicitBooleanEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitFieldEditorClass *editor_class = ELICIT_FIELD_EDITOR_CLASS (klass);

  object_class->constructed = elicit_boolean_editor_constructed;
  editor_class->dup_value = elicit_boolean_editor_dup_value;
  editor_class->get_input = elicit_boolean_editor_get_input;

  elicit_gtk_ensure_i18n ();
}

static void
elicit_boolean_editor_init (ElicitBooleanEditor *self)
{
}
