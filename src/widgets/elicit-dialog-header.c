/* elicit-dialog-header.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitDialog: the header that names the server as the person configured
 * it, what it claims to be, and the client it asked through. */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog-private.h"
#include "elicit-session.h"
#include "elicit-text-private.h"

/* Server-supplied names are one line, at most this many characters. */
#define SERVER_TEXT_MAX   120

char *
elicit_dialog_sanitize_server_text (const char *text)
{
  g_autofree char *clean = NULL;

  if (text == NULL)
    return NULL;

  clean = elicit_text_sanitize_line (text, SERVER_TEXT_MAX);
  g_strstrip (clean);

  return *clean != '\0' ? g_steal_pointer (&clean) : NULL;
}

void
elicit_dialog_update_header (ElicitDialog *self)
{
  const char *label = self->server_label != NULL ? self->server_label : _("Unnamed server");
  /* Translators: the window title; %s is the name the user gave the server */
  g_autofree char *window_title = g_strdup_printf (_("Request from %s"), label);
  g_autoptr(GString) claims = g_string_new (NULL);

  gtk_label_set_text (self->server_name_label, label);
  gtk_label_set_text (self->window_title_label, window_title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  if (self->server_claim != NULL &&
      (self->server_label == NULL || g_utf8_collate (self->server_claim, self->server_label) != 0))
    /* Translators: %s is the name the server reports for itself, which may differ
     * from (and try to imitate) the name the user gave it */
    g_string_append_printf (claims, _("The server calls itself “%s”."), self->server_claim);

  if (self->client_claim != NULL)
    {
      if (claims->len > 0)
        g_string_append_c (claims, '\n');
      /* Translators: %s is the name a program that asks on a server's behalf (an MCP
       * client such as an AI assistant) gives for itself; nothing vouches for it */
      g_string_append_printf (claims, _("Asked through “%s”, as that program calls itself."),
                              self->client_claim);
    }

  gtk_label_set_text (self->server_claim_label, claims->str);
  gtk_widget_set_visible (GTK_WIDGET (self->server_claim_label), claims->len > 0);
}

void
elicit_dialog_load_server_names (ElicitDialog *self)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (self->request);
  const char *claim;

  if (session == NULL)
    return;

  self->server_label = elicit_dialog_sanitize_server_text (elicit_session_get_display_name (session));

  claim = elicit_session_get_server_title (session);
  if (claim == NULL || *claim == '\0')
    claim = elicit_session_get_server_name (session);
  self->server_claim = elicit_dialog_sanitize_server_text (claim);
}
