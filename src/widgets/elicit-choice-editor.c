/* elicit-choice-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-choice-editor-private.h"
#include "elicit-editor-kind.h"
#include "elicit-init-private.h"

/*
 * One value among options, in a GtkDropDown over the field's own option
 * model: a hundred thousand options cost no widget each, only the rows the
 * popup shows. Without a default, an explicit "Choose…" item comes first, so
 * the first real option never looks chosen when it is not. Long lists get a
 * search entry, as elicit_form_describe_field() decides.
 */

struct _ElicitChoiceEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget    *drop_down;
  ElicitOption *placeholder;
};

G_DEFINE_FINAL_TYPE (ElicitChoiceEditor, elicit_choice_editor, ELICIT_TYPE_FIELD_EDITOR)

static void
setup_item_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_list_item_set_child (item, label);
}

static void
bind_item_cb (ElicitChoiceEditor *self,
              GtkListItem        *item)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  ElicitOption *option = gtk_list_item_get_item (item);
  g_autofree char *text = elicit_field_editor_dup_option_label (option);

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, text);
  if (option == self->placeholder)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
}

static GtkListItemFactory *
factory_new (ElicitChoiceEditor *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item_cb), NULL);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_item_cb), self);

  return factory;
}

/* The options behind a "Choose…" item, without copying them. */
static GListModel *
with_placeholder (ElicitChoiceEditor *self,
                  GListModel         *options)
{
  GListStore *head = g_list_store_new (ELICIT_TYPE_OPTION);
  GListStore *parts = g_list_store_new (G_TYPE_LIST_MODEL);

  /* Translators: the item of a drop-down that says nothing is chosen yet */
  self->placeholder = elicit_option_new ("", _("Choose…"));
  g_list_store_append (head, self->placeholder);
  g_list_store_append (parts, head);
  g_list_store_append (parts, options);
  g_object_unref (head);

  return G_LIST_MODEL (gtk_flatten_list_model_new (G_LIST_MODEL (parts)));
}

static gboolean
find_default (ElicitField *field,
              guint       *position)
{
  JsonNode *node = elicit_field_get_default (field);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;

  return elicit_field_find_option (field, json_node_get_string (node), position);
}

static void
selected_cb (ElicitChoiceEditor *self)
{
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static void
elicit_choice_editor_constructed (GObject *object)
{
  ElicitChoiceEditor *self = ELICIT_CHOICE_EDITOR (object);
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  GListModel *options = elicit_field_get_options (field);
  g_autoptr(GtkListItemFactory) factory = factory_new (self);
  GListModel *model;
  guint position = 0;
  gboolean has_default;

  G_OBJECT_CLASS (elicit_choice_editor_parent_class)->constructed (object);

  has_default = find_default (field, &position);
  model = has_default ? g_object_ref (options) : with_placeholder (self, options);

  self->drop_down = gtk_drop_down_new (model, elicit_field_editor_option_label_expression ());
  gtk_drop_down_set_factory (GTK_DROP_DOWN (self->drop_down), factory);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (self->drop_down),
                                   elicit_form_describe_field (field, NULL) ==
                                   ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->drop_down), position);
  gtk_widget_set_halign (self->drop_down, GTK_ALIGN_START);
  gtk_widget_set_parent (self->drop_down, GTK_WIDGET (self));

  g_signal_connect_swapped (self->drop_down, "notify::selected", G_CALLBACK (selected_cb), self);
}

static void
elicit_choice_editor_finalize (GObject *object)
{
  ElicitChoiceEditor *self = ELICIT_CHOICE_EDITOR (object);

  g_clear_object (&self->placeholder);

  G_OBJECT_CLASS (elicit_choice_editor_parent_class)->finalize (object);
}

static JsonNode *
elicit_choice_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitChoiceEditor *self = ELICIT_CHOICE_EDITOR (editor);
  ElicitOption *option = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->drop_down));

  if (option == NULL || option == self->placeholder)
    return NULL;

  return json_node_init_string (json_node_alloc (), elicit_option_get_value (option));
}

static GtkWidget *
elicit_choice_editor_get_input (ElicitFieldEditor *editor)
{
  return ELICIT_CHOICE_EDITOR (editor)->drop_down;
}

static void
elicit_choice_editor_class_init (ElicitChoiceEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitFieldEditorClass *editor_class = ELICIT_FIELD_EDITOR_CLASS (klass);

  object_class->constructed = elicit_choice_editor_constructed;
  object_class->finalize = elicit_choice_editor_finalize;
  editor_class->dup_value = elicit_choice_editor_dup_value;
  editor_class->get_input = elicit_choice_editor_get_input;

  elicit_ensure_i18n ();
}

static void
elicit_choice_editor_init (ElicitChoiceEditor *self)
{
}
