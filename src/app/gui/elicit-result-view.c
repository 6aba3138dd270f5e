/* elicit-result-view.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-result-view.h"

/* A picture or a sound in a result is small; a larger one is not decoded. */
#define MEDIA_MAX           (16 * 1024 * 1024)
#define RESOURCE_TEXT_MAX   2000
#define VALUE_MAX           400
#define JSON_MAX            200000

/**
 * ElicitResultView:
 *
 * What a tool's result holds besides its text, as a person reads it: images
 * as pictures, audio as a file to save, links to resources as links (only
 * http and https open, in the browser), embedded resources by their name and
 * type with the start of their text, `structuredContent` as a list of names
 * and values. **Show JSON** shows the result as the server sent it.
 */

struct _ElicitResultView
{
  GtkWidget    parent_instance;

  GtkWidget   *items;          /* a vertical box, rebuilt per result */
  GtkWidget   *json_button;
  GtkWidget   *json_frame;
  GtkTextView *json_view;
};

G_DEFINE_FINAL_TYPE (ElicitResultView, elicit_result_view, GTK_TYPE_WIDGET)

/* Readers that accept anything a server sends ------------------------------------------ */

static const char *
get_string (JsonObject *object,
            const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static GBytes *
decode_base64 (const char *data)
{
  guchar *bytes;
  gsize length;

  if (data == NULL || strlen (data) > MEDIA_MAX)
    return NULL;

  bytes = g_base64_decode (data, &length);
  return g_bytes_new_take (bytes, length);
}

static GtkWidget *
new_label (const char *text,
           const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Copied with the mouse, never a Tab stop (GTK 4.8 tabs into selectable labels) */
  gtk_widget_set_can_focus (label, FALSE);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);

  return label;
}

static char *
clean_line (const char *text)
{
  return elicit_text_sanitize_line (text != NULL ? text : "", ELICIT_TEXT_LINE_MAX);
}

/* Items ---------------------------------------------------------------------------------- */

static GtkWidget *
image_item (JsonObject *item)
{
  g_autoptr(GBytes) bytes = decode_base64 (get_string (item, "data"));
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *mime = clean_line (get_string (item, "mimeType"));
  g_autofree char *name = NULL;
  GtkWidget *picture;

  if (bytes != NULL)
    texture = gdk_texture_new_from_bytes (bytes, NULL);
  if (texture == NULL)
    /* Translators: %s is a type, such as image/png */
    return new_label (name = g_strdup_printf (_("An image (%s) that could not be shown"), mime),
                      "dim-label");

  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_halign (picture, GTK_ALIGN_START);
  /* Translators: what a screen reader says of a picture in a result; %s is its type */
  name = g_strdup_printf (_("Image (%s)"), mime);
  gtk_picture_set_alternative_text (GTK_PICTURE (picture), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);

  return picture;
}

static void
audio_saved_cb (GtkNativeDialog *chooser,
                int              response,
                GBytes          *bytes)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT &&
      (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) != NULL)
    g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                         NULL, NULL);

  g_object_unref (chooser);
}

static void
save_audio_clicked_cb (GtkButton *button,
                       GBytes    *bytes)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (button));
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save Audio"), GTK_WINDOW (native),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("audio"));
  g_signal_connect_data (chooser, "response", G_CALLBACK (audio_saved_cb),
                         g_bytes_ref (bytes), (GClosureNotify) g_bytes_unref, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static GtkWidget *
audio_item (JsonObject *item)
{
  g_autoptr(GBytes) bytes = decode_base64 (get_string (item, "data"));
  g_autofree char *mime = clean_line (get_string (item, "mimeType"));
  g_autofree char *text = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *button;

  /* Translators: a sound in a result; %s is its type, such as audio/wav */
  text = g_strdup_printf (_("Audio (%s)"), mime);
  gtk_box_append (GTK_BOX (box), new_label (text, NULL));
  if (bytes == NULL)
    return box;

  button = gtk_button_new_with_mnemonic (_("_Save Audio…"));
  g_signal_connect_data (button, "clicked", G_CALLBACK (save_audio_clicked_cb),
                         g_bytes_ref (bytes), (GClosureNotify) g_bytes_unref, 0);
  gtk_box_append (GTK_BOX (box), button);

  return box;
}

static gboolean
opens_in_browser (const char *uri)
{
  g_autoptr(GUri) parsed = g_uri_parse (uri, G_URI_FLAGS_NONE, NULL);
  const char *scheme = parsed != NULL ? g_uri_get_scheme (parsed) : NULL;

  return scheme != NULL && (g_ascii_strcasecmp (scheme, "https") == 0 ||
                            g_ascii_strcasecmp (scheme, "http") == 0) &&
         g_uri_get_userinfo (parsed) == NULL && strchr (uri, '\\') == NULL;
}

static GtkWidget *
link_item (JsonObject *item)
{
  const char *raw_uri = get_string (item, "uri");
  g_autofree char *uri = clean_line (raw_uri);
  g_autofree char *name = clean_line (get_string (item, "title") != NULL ? get_string (item, "title")
                                                                         : get_string (item, "name"));
  g_autofree char *description = clean_line (get_string (item, "description"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *link;

  if (*name == '\0')
    {
      g_free (name);
      name = g_strdup (uri);
    }

  if (raw_uri != NULL && opens_in_browser (raw_uri))
    {
      link = gtk_link_button_new_with_label (raw_uri, name);
      gtk_widget_set_halign (link, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), link);
    }
  else
    {
      /* Not a web address: shown, never opened. */
      link = new_label (name, "heading");
      gtk_box_append (GTK_BOX (box), link);
    }

  gtk_box_append (GTK_BOX (box), new_label (uri, "dim-label"));
  if (*description != '\0')
    gtk_box_append (GTK_BOX (box), new_label (description, NULL));

  return box;
}

static GtkWidget *
resource_item (JsonObject *item)
{
  JsonNode *node = json_object_get_member (item, "resource");
  JsonObject *resource = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node)
                                                                       : NULL;
  g_autofree char *uri = clean_line (get_string (resource, "uri"));
  g_autofree char *mime = clean_line (get_string (resource, "mimeType"));
  g_autofree char *heading = NULL;
  g_autofree char *text = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  /* Translators: an embedded resource: %s are its address and its type */
  heading = *mime != '\0' ? g_strdup_printf (_("%s (%s)"), uri, mime) : g_strdup (uri);
  gtk_box_append (GTK_BOX (box), new_label (heading, "heading"));

  text = elicit_text_sanitize_block (get_string (resource, "text"), RESOURCE_TEXT_MAX);
  if (text != NULL && *text != '\0')
    gtk_box_append (GTK_BOX (box), new_label (text, NULL));
  else if (get_string (resource, "blob") != NULL)
    gtk_box_append (GTK_BOX (box), new_label (_("Binary content"), "dim-label"));

  return box;
}

static GtkWidget *
content_item (JsonObject *item)
{
  const char *type = get_string (item, "type");

  if (g_strcmp0 (type, "image") == 0)
    return image_item (item);
  if (g_strcmp0 (type, "audio") == 0)
    return audio_item (item);
  if (g_strcmp0 (type, "resource_link") == 0)
    return link_item (item);
  if (g_strcmp0 (type, "resource") == 0)
    return resource_item (item);

  return NULL;
}

/* Structured content, as names and values -------------------------------------------------- */

static char *
value_text (JsonNode *node)
{
  g_autofree char *json = NULL;

  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return elicit_text_sanitize_block (json_node_get_string (node), VALUE_MAX);
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
  if (JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("—");

  json = elicit_json_to_string (node, NULL);
  return elicit_text_sanitize_block (json, VALUE_MAX);
}

static GtkWidget *
structured_item (JsonNode *structured)
{
  GtkWidget *grid = gtk_grid_new ();
  JsonObject *object;
  g_autoptr(GList) names = NULL;
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Values"), -1);

  if (!JSON_NODE_HOLDS_OBJECT (structured))
    {
      g_autofree char *text = value_text (structured);

      gtk_grid_attach (GTK_GRID (grid), new_label (text, NULL), 0, 0, 1, 1);
      return grid;
    }

  object = json_node_get_object (structured);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next, row++)
    {
      g_autofree char *name = clean_line (l->data);
      g_autofree char *value = value_text (json_object_get_member (object, l->data));
      GtkWidget *name_label = new_label (name, "dim-label");
      GtkWidget *value_label = new_label (value, NULL);

      gtk_widget_set_valign (name_label, GTK_ALIGN_START);
      gtk_widget_set_hexpand (value_label, TRUE);
      gtk_grid_attach (GTK_GRID (grid), name_label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), value_label, 1, row, 1, 1);
    }

  return grid;
}

/* Building ------------------------------------------------------------------------------------- */

static void
clear_items (ElicitResultView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->items)) != NULL)
    gtk_box_remove (GTK_BOX (self->items), child);
}

static void
add_content (ElicitResultView *self,
             JsonObject       *result)
{
  JsonNode *content = json_object_get_member (result, "content");
  JsonArray *items;

  if (content == NULL || !JSON_NODE_HOLDS_ARRAY (content))
    return;

  items = json_node_get_array (content);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *item = json_array_get_element (items, i);
      GtkWidget *widget = JSON_NODE_HOLDS_OBJECT (item) ? content_item (json_node_get_object (item))
                                                        : NULL;

      if (widget != NULL)
        gtk_box_append (GTK_BOX (self->items), widget);
    }
}

static void
set_json (ElicitResultView *self,
          JsonObject       *result)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_node_init_object (json_node_alloc (), result);
  g_autofree char *json = NULL;
  g_autofree char *clean = NULL;

  /* Indented with tabs: sanitizing keeps tabs, and folds runs of spaces. */
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent_char (generator, '\t');
  json_generator_set_indent (generator, 1);
  json = json_generator_to_data (generator, NULL);
  clean = elicit_text_sanitize_block (json, JSON_MAX);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->json_view), clean, -1);
}

static void
json_toggled_cb (ElicitResultView *self)
{
  gtk_widget_set_visible (self->json_frame,
                          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->json_button)));
}

/* GObject ------------------------------------------------------------------------------------- */

static void
elicit_result_view_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (elicit_result_view_parent_class)->dispose (object);
}

static void
elicit_result_view_class_init (ElicitResultViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_result_view_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "elicitresultview");
}

static GtkWidget *
new_json_view (ElicitResultView *self)
{
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Result as JSON"), -1);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  gtk_widget_set_visible (frame, FALSE);
  self->json_view = GTK_TEXT_VIEW (view);

  return frame;
}

static void
elicit_result_view_init (ElicitResultView *self)
{
  GtkWidget *label;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              12);

  /* Never the part of the pane that takes the room left over. */
  gtk_widget_set_vexpand (GTK_WIDGET (self), FALSE);
  self->items = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_parent (self->items, GTK_WIDGET (self));

  /* A label child: GTK 4.8 names a button with a mnemonic "_Show JSON Show JSON". */
  self->json_button = gtk_toggle_button_new ();
  label = gtk_label_new_with_mnemonic (_("Show _JSON"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->json_button);
  gtk_button_set_child (GTK_BUTTON (self->json_button), label);
  gtk_widget_set_halign (self->json_button, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->json_button, "flat");
  g_signal_connect_swapped (self->json_button, "toggled", G_CALLBACK (json_toggled_cb), self);
  gtk_widget_set_parent (self->json_button, GTK_WIDGET (self));

  self->json_frame = new_json_view (self);
  gtk_widget_set_parent (self->json_frame, GTK_WIDGET (self));
}

/**
 * elicit_result_view_new:
 *
 * Returns: (transfer floating): a new, empty result view
 */
GtkWidget *
elicit_result_view_new (void)
{
  return g_object_new (ELICIT_TYPE_RESULT_VIEW, NULL);
}

/**
 * elicit_result_view_set_result:
 * @self: a result view
 * @result: (nullable): a `CallToolResult`, or %NULL for none
 *
 * Shows what @result holds besides its text.
 */
void
elicit_result_view_set_result (ElicitResultView *self,
                               JsonObject       *result)
{
  JsonNode *structured;

  g_return_if_fail (ELICIT_IS_RESULT_VIEW (self));

  clear_items (self);
  gtk_widget_set_visible (GTK_WIDGET (self), result != NULL);
  if (result == NULL)
    return;

  add_content (self, result);
  structured = json_object_get_member (result, "structuredContent");
  if (structured != NULL && !JSON_NODE_HOLDS_NULL (structured))
    gtk_box_append (GTK_BOX (self->items), structured_item (structured));
  gtk_widget_set_visible (self->items, gtk_widget_get_first_child (self->items) != NULL);

  set_json (self, result);
}
