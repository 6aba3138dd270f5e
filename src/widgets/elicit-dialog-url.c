/* elicit-dialog-url.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitDialog in URL mode: the address shown so that its site can be
 * judged (registrable domain in bold, host, connection, warnings), the
 * refusal of an address that must not be opened, and opening the browser
 * once the user consents. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-dialog-private.h"
#include "schema/elicit-text-private.h"

#define SHOWN_URL_MAX 2000

static void
finish_launch (ElicitDialog *self,
               gboolean      launched,
               const GError *launch_error)
{
  g_autoptr(GError) error = NULL;

  self->launching = FALSE;

  /* The server may have withdrawn the request while the browser started. */
  if (!elicit_dialog_is_pending (self))
    return;

  if (!launched)
    {
      g_autofree char *text = g_strdup_printf (_("Could not open a web browser: %s"),
                                               launch_error != NULL ? launch_error->message : "");

      gtk_label_set_text (self->launch_error_label, text);
      gtk_widget_set_visible (self->launch_error_box, TRUE);
      elicit_dialog_update_actions (self);
      return;
    }

  if (!elicit_request_accept (self->request, NULL, &error))
    g_message ("Could not accept a URL-mode request: %s", error->message);

  elicit_dialog_update_actions (self);
}

static void
show_uri_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ElicitDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean launched;

  launched = gtk_show_uri_full_finish (GTK_WINDOW (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  finish_launch (self, launched, error);
}

/* Consent given: open the URL in the user's browser, through GIO's handler
 * for the scheme (or the portal), never a shell; answer accept once the
 * browser was started. Nothing was fetched before. */
void
elicit_dialog_accept_url (ElicitDialog *self)
{
  const char *url = elicit_url_info_get_url (self->url_info);

  self->launching = TRUE;
  gtk_widget_set_visible (self->launch_error_box, FALSE);
  elicit_dialog_update_actions (self);

  if (self->launch_func != NULL)
    {
      g_autoptr(GError) error = NULL;
      gboolean launched = self->launch_func (self, url, self->launch_data, &error);

      finish_launch (self, launched, error);
      return;
    }

  gtk_show_uri_full (GTK_WINDOW (self), url, GDK_CURRENT_TIME, self->cancellable,
                     show_uri_cb, g_object_ref (self));
}

/* Body: the URL */

static GtkWidget *
make_label (const char *text,
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

static GtkWidget *
make_note (const char *icon_name,
           const char *text,
           const char *css_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *label = make_label (text, NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, css_class);

  return box;
}

static GtkWidget *
make_url_label (ElicitDialog *self,
                const char   *text,
                gboolean      highlight)
{
  GtkWidget *label = make_label (text, "elicit-url");
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
  if (highlight && elicit_url_info_get_domain_range (self->url_info, &start, &end))
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
  GtkWidget *name_label = make_label (name, "dim-label");
  GtkWidget *value_label = make_label (value, strong ? "heading" : NULL);

  gtk_label_set_wrap (GTK_LABEL (name_label), FALSE);
  gtk_label_set_width_chars (GTK_LABEL (name_label), -1);
  gtk_label_set_max_width_chars (GTK_LABEL (name_label), -1);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_label_set_selectable (GTK_LABEL (value_label), FALSE);
  gtk_grid_attach (grid, name_label, 0, row, 1, 1);
  gtk_grid_attach (grid, value_label, 1, row, 1, 1);
}

static GtkWidget *
make_url_details (ElicitDialog *self)
{
  ElicitUrlInfo *info = self->url_info;
  GtkWidget *grid = gtk_grid_new ();
  const char *domain = elicit_url_info_get_registrable_domain (info);
  gboolean https = g_str_equal (elicit_url_info_get_scheme (info), "https");
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);

  if (domain != NULL)
    /* Translators: the registrable domain of a web address, such as example.co.uk */
    add_detail (GTK_GRID (grid), row++, _("Site"), domain, TRUE);
  /* Translators: the full host name of a web address, such as www.example.co.uk */
  add_detail (GTK_GRID (grid), row++, _("Host"), elicit_url_info_get_host (info), domain == NULL);
  if (elicit_url_info_is_idn (info) && !elicit_url_info_is_deceptive (info))
    add_detail (GTK_GRID (grid), row++, _("Host in ASCII"), elicit_url_info_get_ascii_host (info), FALSE);
  /* Translators: whether the connection to a web address is encrypted */
  add_detail (GTK_GRID (grid), row++, _("Connection"),
              https ? _("Encrypted (HTTPS)") : _("Not encrypted (HTTP)"), FALSE);

  return grid;
}

static void
copy_link_cb (ElicitDialog *self)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));

  gdk_clipboard_set_text (clipboard, elicit_url_info_get_url (self->url_info));
}

static GtkWidget *
copy_link_button_new (ElicitDialog *self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("Co_py Link"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Copy the address, to open it in a browser yourself"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (copy_link_cb), self);

  return button;
}

static void
build_url_accepted (ElicitDialog *self)
{
  const char * const *warnings = elicit_url_info_get_warnings (self->url_info);

  gtk_box_append (self->body_box, make_url_label (self, elicit_url_info_get_display_url (self->url_info), TRUE));
  gtk_box_append (self->body_box, make_url_details (self));

  for (guint i = 0; warnings[i] != NULL; i++)
    gtk_box_append (self->body_box, make_note ("dialog-warning-symbolic", warnings[i], "elicit-warning"));

  gtk_box_append (self->body_box,
                  make_label (_("Nothing has been opened yet. If you accept, this address opens in your web browser."),
                              "dim-label"));

  /* Next to the buttons, not below the fold: the browser did not start,
   * and the link can still be copied into one. */
  self->launch_error_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->launch_error_label = GTK_LABEL (make_label (NULL, "error"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->launch_error_label), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->launch_error_label), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->launch_error_box), GTK_WIDGET (self->launch_error_label));
  gtk_box_append (GTK_BOX (self->launch_error_box), copy_link_button_new (self));
  gtk_widget_set_margin_start (self->launch_error_box, 24);
  gtk_widget_set_margin_end (self->launch_error_box, 24);
  gtk_widget_set_margin_top (self->launch_error_box, 6);
  gtk_widget_set_visible (self->launch_error_box, FALSE);
  gtk_box_insert_child_after (GTK_BOX (self->request_page), self->launch_error_box, self->body_scroller);

  gtk_button_set_label (GTK_BUTTON (self->accept_button), _("Open in Browser"));
  /* A warning is a reason to think twice: opening is not the suggestion. */
  if (warnings[0] != NULL)
    gtk_widget_remove_css_class (self->accept_button, "suggested-action");
}

static void
build_url_refused (ElicitDialog *self)
{
  const char *url = elicit_request_get_url (self->request);
  g_autofree char *shown = elicit_text_sanitize_line (url != NULL ? url : "", SHOWN_URL_MAX);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *note;

  gtk_box_append (GTK_BOX (box), make_label (_("This address will not be opened"), "heading"));
  gtk_box_append (GTK_BOX (box), make_label (self->url_error->message, NULL));
  gtk_widget_set_hexpand (box, TRUE);

  note = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_add_css_class (note, "elicit-refusal");
  gtk_box_append (GTK_BOX (note), gtk_image_new_from_icon_name ("dialog-error-symbolic"));
  gtk_widget_set_valign (gtk_widget_get_first_child (note), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (note), box);

  gtk_box_append (self->body_box, note);
  if (*shown != '\0')
    gtk_box_append (self->body_box, make_url_label (self, shown, FALSE));

  gtk_widget_set_visible (self->accept_button, FALSE);
}

void
elicit_dialog_build_url (ElicitDialog *self)
{
  const char *url = elicit_request_get_url (self->request);

  /* Translators: shown under the server's name: "GitHub" / "asks you to open a web page" */
  gtk_label_set_text (self->purpose_label, _("asks you to open a web page"));

  self->url_info = elicit_url_info_new (url != NULL ? url : "", &self->url_error);
  if (self->url_info != NULL)
    build_url_accepted (self);
  else
    build_url_refused (self);
}
