/* elicit-multi-choice-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-editor-kind.h"
#include "elicit-multi-choice-editor-private.h"

/*
 * Several values among options: check buttons. A hint says how many to choose
 * ("Choose 1 to 2 options"), and once the maximum is reached the other boxes
 * go insensitive, so the limit is enforced where the user acts rather than
 * reported after the fact.
 *
 * For many options (elicit_form_describe_field() decides), a search entry and a scrolling GtkListView
 * over a GtkFilterListModel replace the column of boxes: only the visible
 * rows have widgets, so ten thousand options cost a few dozen check buttons.
 * What is chosen lives in a GtkBitset of positions in the field's options,
 * whatever the filter shows.
 */

struct _ElicitMultiChoiceEditor
{
  ElicitFieldEditor parent_instance;

  GListModel  *options;
  GtkBitset   *chosen;
  gint64       max_items;

  GtkWidget   *hint_label;
  GtkWidget   *search_entry;
  GtkWidget   *group;
  GtkWidget   *count_label;
  GtkFilter   *filter;

  /* Every check button (short list) or those bound to a row now (long list). */
  GPtrArray   *buttons;

  guint        has_default : 1;
  guint        updating : 1;
};

G_DEFINE_FINAL_TYPE (ElicitMultiChoiceEditor, elicit_multi_choice_editor, ELICIT_TYPE_FIELD_EDITOR)

static char *
hint_text (gint64 min_items,
           gint64 max_items)
{
  if (min_items > 0 && max_items >= 0 && min_items == max_items)
    return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                         "Choose %u option", "Choose %u options",
                                         (gulong) min_items),
                            (guint) min_items);
  if (min_items > 0 && max_items == min_items + 1)
    /* Translators: as in "Choose 1 or 2 options" */
    return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                         "Choose %u or %u option", "Choose %u or %u options",
                                         (gulong) max_items),
                            (guint) min_items, (guint) max_items);
  if (min_items > 0 && max_items >= 0)
    return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                         "Choose %u to %u option", "Choose %u to %u options",
                                         (gulong) max_items),
                            (guint) min_items, (guint) max_items);
  if (min_items > 0)
    return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                         "Choose at least %u option", "Choose at least %u options",
                                         (gulong) min_items),
                            (guint) min_items);
  if (max_items >= 0)
    return g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                         "Choose up to %u option", "Choose up to %u options",
                                         (gulong) max_items),
                            (guint) max_items);

  return NULL;
}

static void
update_buttons (ElicitMultiChoiceEditor *self)
{
  guint64 count = gtk_bitset_get_size (self->chosen);
  gboolean at_max = self->max_items >= 0 && count >= (guint64) self->max_items;

  for (guint i = 0; i < self->buttons->len; i++)
    {
      GtkCheckButton *button = g_ptr_array_index (self->buttons, i);

      gtk_widget_set_sensitive (GTK_WIDGET (button),
                                gtk_check_button_get_active (button) || !at_max);
    }

  if (self->count_label != NULL)
    {
      /* Translators: how many options of a multiple choice are ticked */
      g_autofree char *text = g_strdup_printf (g_dngettext (elicit_gtk_gettext_domain (),
                                                            "%u chosen", "%u chosen",
                                                            (gulong) count),
                                               (guint) count);

      gtk_label_set_text (GTK_LABEL (self->count_label), text);
    }
}

static void
toggled_cb (GtkCheckButton          *button,
            ElicitMultiChoiceEditor *self)
{
  guint position = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));

  if (self->updating)
    return;

  if (gtk_check_button_get_active (button))
    gtk_bitset_add (self->chosen, position);
  else
    gtk_bitset_remove (self->chosen, position);

  update_buttons (self);
  elicit_field_editor_emit_changed (ELICIT_FIELD_EDITOR (self));
  elicit_field_editor_emit_commit (ELICIT_FIELD_EDITOR (self));
}

static GtkWidget *
check_button_new (ElicitMultiChoiceEditor *self)
{
  GtkWidget *button = gtk_check_button_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (button), label);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                  -1);
  g_signal_connect (button, "toggled", G_CALLBACK (toggled_cb), self);

  return button;
}

/* Shows @option at @position of the field's options in @button. */
static void
show_option (ElicitMultiChoiceEditor *self,
             GtkWidget               *button,
             ElicitOption            *option,
             guint                    position)
{
  g_autofree char *text = elicit_field_editor_dup_option_label (option);
  GtkWidget *label = gtk_check_button_get_child (GTK_CHECK_BUTTON (button));

  gtk_label_set_text (GTK_LABEL (label), text);
  g_object_set_data (G_OBJECT (button), "position", GUINT_TO_POINTER (position));
  self->updating = TRUE;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (button),
                               gtk_bitset_contains (self->chosen, position));
  self->updating = FALSE;
}

/* ---- a short list: a column of check buttons ---------------------------- */

static GtkWidget *
build_column (ElicitMultiChoiceEditor *self)
{
  guint n_options = g_list_model_get_n_items (self->options);
  GtkWidget *box = g_object_new (GTK_TYPE_BOX,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                                 "orientation", GTK_ORIENTATION_VERTICAL,
                                 "spacing", 2,
                                 NULL);

  for (guint i = 0; i < n_options; i++)
    {
      g_autoptr(ElicitOption) option = g_list_model_get_item (self->options, i);
      GtkWidget *button = check_button_new (self);

      show_option (self, button, option, i);
      gtk_box_append (GTK_BOX (box), button);
      g_ptr_array_add (self->buttons, button);
    }

  return box;
}

/* ---- a long list: search entry and list view ---------------------------- */

static guint
position_of (ElicitMultiChoiceEditor *self,
             ElicitOption            *option)
{
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  guint position = 0;

  if (elicit_field_find_option (field, elicit_option_get_value (option), &position))
    return position;

  /* Not expected: the options come from the field. */
  for (position = 0; position < g_list_model_get_n_items (self->options); position++)
    {
      g_autoptr(ElicitOption) other = g_list_model_get_item (self->options, position);

      if (other == option)
        return position;
    }

  g_return_val_if_reached (0);
}

static void
setup_row_cb (ElicitMultiChoiceEditor *self,
              GtkListItem             *item)
{
  GtkWidget *button = check_button_new (self);

  gtk_widget_set_margin_start (button, 6);
  gtk_widget_set_margin_end (button, 6);
  gtk_list_item_set_child (item, button);
}

static void
bind_row_cb (ElicitMultiChoiceEditor *self,
             GtkListItem             *item)
{
  GtkWidget *button = gtk_list_item_get_child (item);
  ElicitOption *option = gtk_list_item_get_item (item);

  show_option (self, button, option, position_of (self, option));
  g_ptr_array_add (self->buttons, button);
  update_buttons (self);
}

static void
unbind_row_cb (ElicitMultiChoiceEditor *self,
               GtkListItem             *item)
{
  g_ptr_array_remove_fast (self->buttons, gtk_list_item_get_child (item));
}

static void
search_changed_cb (ElicitMultiChoiceEditor *self)
{
  GListModel *shown = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (self->group)));

  gtk_string_filter_set_search (GTK_STRING_FILTER (self->filter),
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  /* New results start at the top. */
  if (g_list_model_get_n_items (shown) > 0)
    gtk_widget_activate_action (self->group, "list.scroll-to-item", "u", 0);
}

static GtkWidget *
build_list (ElicitMultiChoiceEditor *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkFilterListModel *filtered;
  GtkWidget *list_view, *scroller;

  self->filter = GTK_FILTER (gtk_string_filter_new (elicit_field_editor_option_label_expression ()));
  filtered = gtk_filter_list_model_new (g_object_ref (self->options), g_object_ref (self->filter));

  g_signal_connect_swapped (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect_swapped (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  list_view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (filtered))),
                                 factory);

  self->search_entry = gtk_search_entry_new ();
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search_entry), list_view);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search options"),
                                  -1);
  g_object_set (self->search_entry, "placeholder-text", _("Search options"), NULL);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  gtk_widget_set_parent (self->search_entry, GTK_WIDGET (self));

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list_view);
  gtk_widget_set_parent (scroller, GTK_WIDGET (self));

  self->count_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->count_label), 0);
  gtk_widget_add_css_class (self->count_label, "dim-label");
  gtk_widget_add_css_class (self->count_label, "caption");

  return list_view;
}

/* ---- building ----------------------------------------------------------- */

static void
choose_defaults (ElicitMultiChoiceEditor *self,
                 ElicitField             *field)
{
  JsonNode *node = elicit_field_get_default (field);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;

  self->has_default = TRUE;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      guint position;

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING &&
          elicit_field_find_option (field, json_node_get_string (element), &position))
        gtk_bitset_add (self->chosen, position);
    }
}

static void
add_hint (ElicitMultiChoiceEditor *self,
          ElicitField             *field)
{
  g_autofree char *hint = hint_text (elicit_field_get_min_items (field), self->max_items);

  if (hint == NULL)
    return;

  self->hint_label = gtk_label_new (hint);
  gtk_label_set_xalign (GTK_LABEL (self->hint_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->hint_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->hint_label), 48);
  gtk_widget_add_css_class (self->hint_label, "dim-label");
  gtk_widget_add_css_class (self->hint_label, "caption");
  gtk_widget_set_parent (self->hint_label, GTK_WIDGET (self));
}

static void
elicit_multi_choice_editor_constructed (GObject *object)
{
  ElicitMultiChoiceEditor *self = ELICIT_MULTI_CHOICE_EDITOR (object);
  ElicitField *field = elicit_field_editor_get_field (ELICIT_FIELD_EDITOR (self));
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  G_OBJECT_CLASS (elicit_multi_choice_editor_parent_class)->constructed (object);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  self->options = g_object_ref (elicit_field_get_options (field));
  self->max_items = elicit_field_get_max_items (field);
  choose_defaults (self, field);
  add_hint (self, field);

  if (elicit_form_describe_field (field, NULL) == ELICIT_EDITOR_KIND_SEARCHABLE_CHECK_LIST)
    {
      self->group = build_list (self);
      gtk_widget_set_parent (self->count_label, GTK_WIDGET (self));
    }
  else
    {
      self->group = build_column (self);
      gtk_widget_set_parent (self->group, GTK_WIDGET (self));
    }

  update_buttons (self);
}

static void
elicit_multi_choice_editor_dispose (GObject *object)
{
  ElicitMultiChoiceEditor *self = ELICIT_MULTI_CHOICE_EDITOR (object);

  g_ptr_array_set_size (self->buttons, 0);

  G_OBJECT_CLASS (elicit_multi_choice_editor_parent_class)->dispose (object);
}

static void
elicit_multi_choice_editor_finalize (GObject *object)
{
  ElicitMultiChoiceEditor *self = ELICIT_MULTI_CHOICE_EDITOR (object);

  g_clear_object (&self->options);
  g_clear_object (&self->filter);
  g_clear_pointer (&self->chosen, gtk_bitset_unref);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_multi_choice_editor_parent_class)->finalize (object);
}

static JsonNode *
chosen_values (ElicitMultiChoiceEditor *self)
{
  g_autoptr(JsonArray) array = json_array_new ();
  GtkBitsetIter iter;
  guint position;

  for (gboolean more = gtk_bitset_iter_init_first (&iter, self->chosen, &position);
       more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(ElicitOption) option = g_list_model_get_item (self->options, position);

      json_array_add_string_element (array, elicit_option_get_value (option));
    }

  return json_node_init_array (json_node_alloc (), array);
}

/*
 * In the options' order, not the order of the clicks. Untouched: nothing (the
 * default applies, or the field is left out) — except a required field with
 * no default, whose unticked boxes are the answer the user sees. Emptied by
 * the user: [] where that means something (required, or overriding a
 * default), nothing otherwise.
 */
static JsonNode *
elicit_multi_choice_editor_dup_value (ElicitFieldEditor *editor)
{
  ElicitMultiChoiceEditor *self = ELICIT_MULTI_CHOICE_EDITOR (editor);
  gboolean required = elicit_field_get_required (elicit_field_editor_get_field (editor));

  if (!elicit_field_editor_get_edited (editor))
    return (required && !self->has_default) ? chosen_values (self) : NULL;

  if (gtk_bitset_is_empty (self->chosen) && !required && !self->has_default)
    return NULL;

  return chosen_values (self);
}

static GtkWidget *
elicit_multi_choice_editor_get_input (ElicitFieldEditor *editor)
{
  return ELICIT_MULTI_CHOICE_EDITOR (editor)->group;
}

static void
elicit_multi_choice_editor_class_init (ElicitMultiChoiceEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitFieldEditorClass *editor_class = ELICIT_FIELD_EDITOR_CLASS (klass);

  object_class->constructed = elicit_multi_choice_editor_constructed;
  object_class->dispose = elicit_multi_choice_editor_dispose;
  object_class->finalize = elicit_multi_choice_editor_finalize;
  editor_class->dup_value = elicit_multi_choice_editor_dup_value;
  editor_class->get_input = elicit_multi_choice_editor_get_input;

  elicit_gtk_ensure_i18n ();
}

static void
elicit_multi_choice_editor_init (ElicitMultiChoiceEditor *self)
{
  self->chosen = gtk_bitset_new_empty ();
  self->buttons = g_ptr_array_new ();
}

GtkEditable *
elicit_multi_choice_editor_get_search_entry (ElicitMultiChoiceEditor *self)
{
  g_return_val_if_fail (ELICIT_IS_MULTI_CHOICE_EDITOR (self), NULL);

  return self->search_entry != NULL ? GTK_EDITABLE (self->search_entry) : NULL;
}
