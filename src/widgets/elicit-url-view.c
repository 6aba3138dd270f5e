/* elicit-url-view.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The pieces that show a web address so that its site can be judged: the
 * address with its registrable domain in bold, the site, host and
 * connection, and the warnings of ElicitUrlInfo. */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-url-view-private.h"
#include "elicit-text.h"

GtkWidget *
elicit_url_view_label_new (const char *text,
                           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Wrapping labels ask for their whole text's width otherwise. */
  gtk_label_set_width_chars (GTK_LABEL (label), 20);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);

  return label;
}

GtkWidget *
elicit_url_view_note_new (const char *icon_name,
                          const char *text,
                          const char *css_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *label = elicit_url_view_label_new (text, NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, css_class);

  return box;
}

GtkWidget *
elicit_url_view_address_new (ElicitUrlInfo *info,
                             const char    *text,
                             gboolean       highlight)
{
  GtkWidget *label = elicit_url_view_label_new (text, "elicit-url");
  GtkWidget *frame = gtk_frame_new (NULL);
  PangoAttrList *attrs;
  guint start, end;

  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Address"),
                                  -1);

  /* Attributes, never markup: the URL is the server's text. A URL broken
   * across lines must not gain hyphens that are not in it. */
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  if (highlight && elicit_url_info_get_domain_range (info, &start, &end))
    {
      PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

      bold->start_index = start;
      bold->end_index = end;
      pango_attr_list_insert (attrs, bold);
    }
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);

  gtk_frame_set_child (GTK_FRAME (frame), label);
  gtk_widget_add_css_class (frame, "elicit-url-frame");

  return frame;
}

static void
add_detail (GtkGrid    *grid,
            int         row,
            const char *name,
            const char *value,
            gboolean    strong)
{
  GtkWidget *name_label = elicit_url_view_label_new (name, "dim-label");
  GtkWidget *value_label = elicit_url_view_label_new (value, strong ? "heading" : NULL);

  gtk_label_set_wrap (GTK_LABEL (name_label), FALSE);
  gtk_label_set_width_chars (GTK_LABEL (name_label), -1);
  gtk_label_set_max_width_chars (GTK_LABEL (name_label), -1);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_label_set_selectable (GTK_LABEL (value_label), FALSE);
  gtk_grid_attach (grid, name_label, 0, row, 1, 1);
  gtk_grid_attach (grid, value_label, 1, row, 1, 1);
}

GtkWidget *
elicit_url_view_details_new (ElicitUrlInfo *info,
                             gboolean       with_site)
{
  GtkWidget *grid = gtk_grid_new ();
  const char *domain = elicit_url_info_get_registrable_domain (info);
  gboolean https = g_str_equal (elicit_url_info_get_scheme (info), "https");
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);

  if (domain != NULL && with_site)
    /* Translators: the registrable domain of a web address, such as example.co.uk */
    add_detail (GTK_GRID (grid), row++, _("Site"), domain, TRUE);
  /* Translators: the full host name of a web address, such as www.example.co.uk */
  add_detail (GTK_GRID (grid), row++, _("Host"), elicit_url_info_get_host (info),
              domain == NULL && with_site);
  if (elicit_url_info_is_idn (info) && !elicit_url_info_is_deceptive (info))
    add_detail (GTK_GRID (grid), row++, _("Host in ASCII"), elicit_url_info_get_ascii_host (info), FALSE);
  /* Translators: whether the connection to a web address is encrypted */
  add_detail (GTK_GRID (grid), row++, _("Connection"),
              https ? _("Encrypted (HTTPS)") : _("Not encrypted (HTTP)"), FALSE);

  return grid;
}

guint
elicit_url_view_add_warnings (ElicitUrlInfo *info,
                              GtkBox        *box)
{
  const char * const *warnings = elicit_url_info_get_warnings (info);
  guint i;

  for (i = 0; warnings[i] != NULL; i++)
    gtk_box_append (box, elicit_url_view_note_new ("dialog-warning-symbolic", warnings[i],
                                                   "elicit-warning"));

  return i;
}

/* A refusal's note over what it refuses: never a way to open it. */
static GtkWidget *
refusal_new (const char *heading,
             const char *message)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *note = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");

  gtk_box_append (GTK_BOX (box), elicit_url_view_label_new (heading, "heading"));
  gtk_box_append (GTK_BOX (box), elicit_url_view_label_new (message, NULL));
  gtk_widget_set_hexpand (box, TRUE);

  gtk_widget_add_css_class (note, "elicit-refusal");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (note), icon);
  gtk_box_append (GTK_BOX (note), box);

  return note;
}

void
elicit_url_view_add_refusal (GtkBox     *box,
                             const char *heading,
                             const char *message,
                             const char *url)
{
  g_autofree char *shown = elicit_text_sanitize_line (url != NULL ? url : "",
                                                      ELICIT_URL_VIEW_SHOWN_MAX);

  gtk_box_append (box, refusal_new (heading, message));
  if (*shown != '\0')
    gtk_box_append (box, elicit_url_view_address_new (NULL, shown, FALSE));
}
