/* elicit-choice-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-choice-editor-private.h"
#include "elicit-editor-kind.h"

/*
 * One value among options, in a GtkDropDown over the field's own option
 * model: a hundred thousand options cost no widget each, only the rows the
 * popup shows. Without a default, an explicit "Choose…" item comes first, so
 * the first real option never looks chosen when it is not.
 *
 * Long lists (as elicit_form_describe_field() decides) get a search entry,
 * and GTK 4.8's popup is made fit for them:
 * as wide as the form row, options wrapped rather than cut, a search that
 * finds the text anywhere in an option ignoring case and accents (GTK's own
 * matches only the start), and a "No matches" line when nothing does. The
 * popup's parts are GTK's; they are found once, after it is built.
 *
 * GtkDropDown's popup list makes its rows as soon as it has a model, open or
 * not: for a form of small choices, more widgets than the form shows. The
 * popup's rows are made when it first opens (the list factory given then);
 * until then the list has a factory that makes nothing.
 */

struct _ElicitChoiceEditor
{
  ElicitFieldEditor parent_instance;

  GtkWidget    *drop_down;
  ElicitOption *placeholder;

  /* Long lists: the popup's search */
  GtkFilter    *filter;
  GtkFilterListModel *matches;  /* the popup's, owned by the drop-down */
  GtkWidget    *no_matches_label;
  char         *query;      /* folded, or NULL for everything */
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
  elicit_field_editor_set_tooltip (label, text);
  if (option == self->placeholder)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
}

/* In the popup, options are never cut short ("Technical/scien…"): the list
 * is as wide as its longest option, up to about 60 characters, and longer
 * ones wrap. */
static void
setup_list_item_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_list_item_set_child (item, label);
}

static GtkListItemFactory *
list_factory_new (ElicitChoiceEditor *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_list_item_cb), NULL);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_item_cb), self);

  return factory;
}

/* Case and accents do not count: "cote" finds "Côte d’Ivoire". */
static char *
fold_text (const char *text)
{
  g_autofree char *decomposed = g_utf8_normalize (text != NULL ? text : "", -1, G_NORMALIZE_ALL);
  g_autoptr(GString) bare = g_string_new (NULL);

  for (const char *p = decomposed; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK &&
          g_unichar_type (c) != G_UNICODE_ENCLOSING_MARK)
        g_string_append_unichar (bare, c);
    }

  return g_utf8_casefold (bare->str, -1);
}

static gboolean
option_matches (gpointer item,
                gpointer user_data)
{
  ElicitChoiceEditor *self = user_data;
  g_autofree char *label = NULL;
  g_autofree char *folded = NULL;

  if (self->query == NULL)
    return TRUE;
  if (item == self->placeholder)
    return FALSE;

  label = elicit_field_editor_dup_option_label (item);
  folded = fold_text (label);

  return strstr (folded, self->query) != NULL;
}

static void
search_changed_cb (ElicitChoiceEditor *self,
                   GtkEditable        *entry)
{
  g_autofree char *query = fold_text (gtk_editable_get_text (entry));

  g_free (self->query);
  self->query = *g_strstrip (query) != '\0' ? g_steal_pointer (&query) : NULL;

  /* A filter on the model asks every option, 100,000 of them maybe: only
   * while there is something to look for. */
  if (self->query == NULL)
    gtk_filter_list_model_set_filter (self->matches, NULL);
  else if (gtk_filter_list_model_get_filter (self->matches) != self->filter)
    gtk_filter_list_model_set_filter (self->matches, self->filter);
  else
    gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
}

static void
matches_changed_cb (ElicitChoiceEditor *self,
                    guint               position,
                    guint               removed,
                    guint               added,
                    GListModel         *matches)
{
  gtk_widget_set_visible (self->no_matches_label, g_list_model_get_n_items (matches) == 0);
}

static GtkWidget *
find_child (GtkWidget *widget,
            GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* As wide as the row the field sits in, whatever the button's width. */
static void
popup_show_cb (ElicitChoiceEditor *self,
               GtkWidget          *popover)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  gtk_widget_set_size_request (gtk_popover_get_child (GTK_POPOVER (popover)),
                               MAX (width - 24, 240), -1);
}

/* GTK 4.8's popup: a box of the search entry and a scrolled list view over
 * a filter model. Its filter is replaced, its search entry listened to. */
/* The popup's rows, now that someone looks at them (once). */
static void
popup_first_show_cb (ElicitChoiceEditor *self,
                     GtkWidget          *popover)
{
  g_autoptr(GtkListItemFactory) list_factory = list_factory_new (self);

  g_signal_handlers_disconnect_by_func (popover, popup_first_show_cb, self);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (self->drop_down), list_factory);
}

static void
improve_popup (ElicitChoiceEditor *self)
{
  GtkWidget *popover = find_child (self->drop_down, GTK_TYPE_POPOVER);
  GtkWidget *entry = popover != NULL ? find_child (popover, GTK_TYPE_SEARCH_ENTRY) : NULL;
  GtkWidget *list = popover != NULL ? find_child (popover, GTK_TYPE_LIST_VIEW) : NULL;
  GListModel *model = list != NULL ? G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))) : NULL;
  GtkWidget *scroller = list != NULL ? gtk_widget_get_parent (list) : NULL;

  while (model != NULL && !GTK_IS_FILTER_LIST_MODEL (model))
    model = GTK_IS_SINGLE_SELECTION (model) ? gtk_single_selection_get_model (GTK_SINGLE_SELECTION (model)) : NULL;
  if (entry == NULL || model == NULL || scroller == NULL || !GTK_IS_BOX (gtk_widget_get_parent (scroller)))
    return;

  /* No filter until the person types: GTK's own (which only matches the
   * start) goes, and with no filter GTK's search handler does nothing. */
  self->filter = GTK_FILTER (gtk_custom_filter_new (option_matches, self, NULL));
  self->matches = GTK_FILTER_LIST_MODEL (model);
  gtk_filter_list_model_set_filter (self->matches, NULL);
  g_signal_connect_object (entry, "search-changed", G_CALLBACK (search_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);

  /* Translators: shown in a drop-down's list when the search finds nothing */
  self->no_matches_label = gtk_label_new (_("No matches"));
  gtk_widget_add_css_class (self->no_matches_label, "dim-label");
  gtk_widget_set_margin_top (self->no_matches_label, 12);
  gtk_widget_set_margin_bottom (self->no_matches_label, 12);
  gtk_widget_set_visible (self->no_matches_label, FALSE);
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (scroller)), self->no_matches_label);
  g_signal_connect_object (model, "items-changed", G_CALLBACK (matches_changed_cb), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect_object (popover, "show", G_CALLBACK (popup_show_cb), self, G_CONNECT_SWAPPED);
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
  g_autoptr(GtkListItemFactory) list_factory = NULL;
  g_autoptr(GtkListItemFactory) no_rows = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkExpression) label = elicit_field_editor_option_label_expression ();
  GtkWidget *popover;
  GListModel *model;
  guint position = 0;
  gboolean has_default;
  gboolean searchable = elicit_form_describe_field (field, NULL) ==
                        ELICIT_EDITOR_KIND_SEARCHABLE_DROP_DOWN;

  G_OBJECT_CLASS (elicit_choice_editor_parent_class)->constructed (object);

  has_default = find_default (field, &position);
  model = has_default ? g_object_ref (options) : with_placeholder (self, options);

  /* Made with its factories rather than given them after: each one given
   * would make the popup's rows again. */
  self->drop_down = g_object_new (GTK_TYPE_DROP_DOWN,
                                  "factory", factory,
                                  "list-factory", no_rows,
                                  "expression", label,
                                  "enable-search", searchable,
                                  "model", model,
                                  NULL);
  g_object_unref (model);
  popover = find_child (self->drop_down, GTK_TYPE_POPOVER);
  if (popover != NULL)
    g_signal_connect_object (popover, "show", G_CALLBACK (popup_first_show_cb), self, G_CONNECT_SWAPPED);
  else
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (self->drop_down), list_factory = list_factory_new (self));
  if (searchable)
    improve_popup (self);
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
  g_clear_object (&self->filter);
  g_free (self->query);

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

  elicit_gtk_ensure_i18n ();
}

static void
elicit_choice_editor_init (ElicitChoiceEditor *self)
{
}
