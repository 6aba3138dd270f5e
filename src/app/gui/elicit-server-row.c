/* elicit-server-row.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-server-row.h"

/**
 * ElicitServerRow:
 *
 * A server in the window's sidebar: its state as an icon (a spinner while it
 * starts), its name, its status line — for a failed server, the reason —,
 * how many of its prompts wait for an answer, and a restart button when it
 * is not running.
 */

struct _ElicitServerRow
{
  GtkListBoxRow  parent_instance;

  ElicitServer  *server;

  GtkWidget     *icon_stack;
  GtkImage      *icon;
  GtkSpinner    *spinner;
  GtkLabel      *name_label;
  GtkLabel      *status_label;
  GtkLabel      *count_label;
  GtkWidget     *restart_button;
};

G_DEFINE_FINAL_TYPE (ElicitServerRow, elicit_server_row, GTK_TYPE_LIST_BOX_ROW)

static const char * const state_classes[] = { "starting", "ready", "failed", "stopped" };

static void
set_state_class (GtkWidget  *widget,
                 const char *style_class)
{
  for (guint i = 0; i < G_N_ELEMENTS (state_classes); i++)
    gtk_widget_remove_css_class (widget, state_classes[i]);
  gtk_widget_add_css_class (widget, style_class);
}

static void
update (ElicitServerRow *self)
{
  ElicitServerState state = elicit_server_get_state (self->server);
  const char *icon_name = elicit_server_state_get_icon_name (state);
  const char *style_class = elicit_server_state_get_style_class (state);
  const char *status = elicit_server_get_status (self->server);
  g_autofree char *remote_status = NULL;

  /* A remote server also says whether it is signed in. */
  if (elicit_server_is_remote (self->server))
    {
      /* Translators: a server's status, then whether the user is signed in to it:
       * "Connected · Signed in" */
      remote_status = g_strdup_printf (C_("server status", "%s · %s"), status,
                                       elicit_server_get_signed_in (self->server)
                                         ? _("Signed in") : _("Not signed in"));
      status = remote_status;
    }

  gtk_spinner_set_spinning (self->spinner, icon_name == NULL);
  gtk_stack_set_visible_child (GTK_STACK (self->icon_stack),
                               icon_name == NULL ? GTK_WIDGET (self->spinner)
                                                 : GTK_WIDGET (self->icon));
  if (icon_name != NULL)
    gtk_image_set_from_icon_name (self->icon, icon_name);

  gtk_label_set_text (self->status_label, status);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), status);
  set_state_class (GTK_WIDGET (self->icon), style_class);
  set_state_class (GTK_WIDGET (self->status_label), style_class);

  /* Starting again changes nothing for an entry the servers file gets wrong. */
  gtk_widget_set_visible (self->restart_button,
                          (state == ELICIT_SERVER_STATE_FAILED ||
                           state == ELICIT_SERVER_STATE_STOPPED) &&
                          elicit_server_config_get_problem (elicit_server_get_config (self->server)) == NULL);
}

static void
restart_clicked_cb (ElicitServerRow *self)
{
  elicit_server_restart (self->server);
}

static GtkWidget *
make_icon (ElicitServerRow *self)
{
  self->icon_stack = gtk_stack_new ();
  gtk_widget_set_valign (self->icon_stack, GTK_ALIGN_CENTER);

  self->icon = GTK_IMAGE (gtk_image_new ());
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_stack_add_child (GTK_STACK (self->icon_stack), GTK_WIDGET (self->icon));
  gtk_stack_add_child (GTK_STACK (self->icon_stack), GTK_WIDGET (self->spinner));

  return self->icon_stack;
}

static GtkWidget *
make_labels (ElicitServerRow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *name = NULL;

  gtk_widget_set_hexpand (box, TRUE);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);

  name = elicit_text_sanitize_line (elicit_server_get_name (self->server), ELICIT_TEXT_LINE_MAX);
  self->name_label = GTK_LABEL (gtk_label_new (name));
  gtk_label_set_xalign (self->name_label, 0);
  gtk_label_set_ellipsize (self->name_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->name_label), "heading");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->name_label));

  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status_label, 0);
  gtk_label_set_ellipsize (self->status_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_lines (self->status_label, 2);
  gtk_label_set_wrap (self->status_label, TRUE);
  gtk_label_set_wrap_mode (self->status_label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "status");
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->name_label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->status_label, NULL,
                                  -1);

  return box;
}

static GtkWidget *
make_restart_button (ElicitServerRow *self)
{
  g_autofree char *label = NULL;

  self->restart_button = gtk_button_new_from_icon_name ("view-refresh-symbolic");
  gtk_widget_set_valign (self->restart_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->restart_button, "flat");
  gtk_widget_add_css_class (self->restart_button, "circular");
  gtk_widget_set_tooltip_text (self->restart_button, _("Restart"));
  /* Translators: the accessible name of a button; %s is the server's name */
  label = g_strdup_printf (_("Restart “%s”"), gtk_label_get_text (self->name_label));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->restart_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  g_signal_connect_object (self->restart_button, "clicked",
                           G_CALLBACK (restart_clicked_cb), self, G_CONNECT_SWAPPED);

  return self->restart_button;
}

static void
elicit_server_row_dispose (GObject *object)
{
  ElicitServerRow *self = ELICIT_SERVER_ROW (object);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (elicit_server_row_parent_class)->dispose (object);
}

static void
elicit_server_row_class_init (ElicitServerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_server_row_dispose;
}

static void
elicit_server_row_init (ElicitServerRow *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "server-row");
}

/**
 * elicit_server_row_new:
 * @server: a server
 *
 * Returns: (transfer floating): a sidebar row that follows @server
 */
GtkWidget *
elicit_server_row_new (ElicitServer *server)
{
  ElicitServerRow *self;
  GtkWidget *box;

  g_return_val_if_fail (ELICIT_IS_SERVER (server), NULL);

  self = g_object_new (ELICIT_TYPE_SERVER_ROW, NULL);
  self->server = g_object_ref (server);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), make_icon (self));
  gtk_box_append (GTK_BOX (box), make_labels (self));

  self->count_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_valign (GTK_WIDGET (self->count_label), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "prompt-count");
  gtk_widget_set_visible (GTK_WIDGET (self->count_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->count_label));
  gtk_box_append (GTK_BOX (box), make_restart_button (self));

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), box);

  g_signal_connect_object (server, "notify::state", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (server, "notify::status", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (server, "notify::signed-in", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);

  return GTK_WIDGET (self);
}

/**
 * elicit_server_row_get_server:
 * @self: a server row
 *
 * Returns: (transfer none): the server
 */
ElicitServer *
elicit_server_row_get_server (ElicitServerRow *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_ROW (self), NULL);

  return self->server;
}

/**
 * elicit_server_row_set_n_prompts:
 * @self: a server row
 * @n_prompts: how many of the server's prompts wait for an answer
 *
 * Shows the count, or nothing when it is 0.
 */
void
elicit_server_row_set_n_prompts (ElicitServerRow *self,
                                 guint            n_prompts)
{
  g_autofree char *count = NULL;
  g_autofree char *description = NULL;

  g_return_if_fail (ELICIT_IS_SERVER_ROW (self));

  count = g_strdup_printf ("%u", n_prompts);
  gtk_label_set_text (self->count_label, count);
  gtk_widget_set_visible (GTK_WIDGET (self->count_label), n_prompts > 0);

  description = g_strdup_printf (ngettext ("%u prompt waiting for an answer",
                                           "%u prompts waiting for an answer",
                                           n_prompts),
                                 n_prompts);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->count_label), description);
}
