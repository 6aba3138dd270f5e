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

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"
#include "elicit-show-uri-private.h"
#include "elicit-url-view-private.h"
#include "elicit-text-private.h"

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
    g_debug ("Could not accept a URL-mode request: %s", error->message);

  elicit_dialog_update_actions (self);
}

static void
launched_cb (GtkWindow    *window,
             gboolean      launched,
             const GError *error)
{
  finish_launch (ELICIT_DIALOG (window), launched, error);
}

/* The program's own opener: started without a shell, the URL its last
 * argument. Its output is not ours (stdout may carry a tool's result). */
static gboolean
launch_command (ElicitDialog  *self,
                const char    *url,
                GError       **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autoptr(GSubprocess) subprocess = NULL;

  g_strv_builder_addv (builder, (const char **) self->browser_command);
  g_strv_builder_add (builder, url);
  argv = g_strv_builder_end (builder);

  subprocess = g_subprocess_newv ((const char * const *) argv,
                                  G_SUBPROCESS_FLAGS_STDOUT_SILENCE, error);

  return subprocess != NULL;
}

/* Consent given: open the URL in the user's browser (elicit_show_uri()) or
 * with the program's browser command, never a shell; answer accept once the
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

  if (self->browser_command != NULL)
    {
      g_autoptr(GError) error = NULL;
      gboolean launched = launch_command (self, url, &error);

      finish_launch (self, launched, error);
      return;
    }

  elicit_show_uri (GTK_WINDOW (self), url, self->cancellable, launched_cb);
}

/* Body: the URL */

/* Copying the link is going ahead, as in the sign-in dialog: the person
 * opens it in a browser of their choosing. The button says it worked, and
 * the request is accepted (then the dialog waits for completion). */
static void
copy_link_cb (ElicitDialog *self,
              GtkButton    *button)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;

  gdk_clipboard_set_text (clipboard, elicit_url_info_get_url (self->url_info));
  gtk_button_set_label (button, _("Copied"));

  if (!elicit_dialog_is_pending (self) || self->launching)
    return;

  self->link_copied = TRUE;
  if (!elicit_request_accept (self->request, NULL, &error))
    g_message ("Could not accept a URL-mode request: %s", error->message);
  elicit_dialog_update_actions (self);
}

static GtkWidget *
copy_link_button_new (ElicitDialog *self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (_("Co_py Link"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Copy the address, to open it in a browser yourself; this counts as going ahead"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (copy_link_cb), self);

  return button;
}

static void
build_url_accepted (ElicitDialog *self)
{
  guint n_warnings;

  gtk_box_append (self->body_box,
                  elicit_url_view_address_new (self->url_info,
                                               elicit_url_info_get_display_url (self->url_info),
                                               TRUE));
  gtk_box_append (self->body_box, elicit_url_view_details_new (self->url_info, TRUE));
  n_warnings = elicit_url_view_add_warnings (self->url_info, self->body_box);

  gtk_box_append (self->body_box,
                  elicit_url_view_label_new (_("Nothing has been opened yet. If you accept, this address opens in your web browser."),
                              "dim-label"));

  /* Next to the buttons, not below the fold: the browser did not start,
   * and the link can still be copied into one. */
  self->launch_error_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->launch_error_label = GTK_LABEL (elicit_url_view_label_new (NULL, "error"));
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
  if (n_warnings > 0)
    gtk_widget_remove_css_class (self->accept_button, "suggested-action");
}

static void
build_url_refused (ElicitDialog *self)
{
  elicit_url_view_add_refusal (self->body_box, _("This address will not be opened"),
                               self->url_error->message,
                               elicit_request_get_url (self->request));

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
