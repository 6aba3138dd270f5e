/* elicit-recent-view.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-recent-prompt.h"
#include "elicit-recent-view.h"

/*
 * ElicitRecentView: the window's "Recent Prompts" sidebar section, newest
 * first: who asked (the server, and the client it came through, as that
 * client's claim) and when it was answered, how. Never the content.
 */

struct _ElicitRecentView
{
  GtkBox parent_instance;
};

G_DEFINE_FINAL_TYPE (ElicitRecentView, elicit_recent_view, GTK_TYPE_BOX)

static GtkWidget *
dim_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");

  return label;
}

static GtkWidget *
create_row_cb (gpointer item,
               gpointer user_data)
{
  ElicitRecentPrompt *prompt = item;
  const char *client = elicit_recent_prompt_get_client (prompt);
  g_autofree char *state = elicit_recent_prompt_describe_state (prompt);
  g_autofree char *via = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *server = gtk_label_new (elicit_recent_prompt_get_server (prompt));

  gtk_label_set_xalign (GTK_LABEL (server), 0);
  gtk_label_set_ellipsize (GTK_LABEL (server), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), server);

  if (client != NULL)
    {
      /* Translators: under a server's name in the recent prompts: the program
       * the prompt came through, as it calls itself */
      via = g_strdup_printf (_("via “%s”"), client);
      gtk_box_append (GTK_BOX (box), dim_label (via));
    }
  gtk_box_append (GTK_BOX (box), dim_label (state));

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  return box;
}

static void
elicit_recent_view_class_init (ElicitRecentViewClass *klass)
{
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "recentprompts");
}

static void
elicit_recent_view_init (ElicitRecentView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
}

/* @prompts: ElicitRecentPrompts, newest first. */
GtkWidget *
elicit_recent_view_new (GListModel *prompts)
{
  ElicitRecentView *self = g_object_new (ELICIT_TYPE_RECENT_VIEW, NULL);
  GtkWidget *heading = gtk_label_new (_("Recent Prompts"));
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *placeholder = dim_label (_("None yet. Kept until Elicit quits."));

  g_return_val_if_fail (G_IS_LIST_MODEL (prompts), NULL);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_start (heading, 18);
  gtk_widget_set_margin_top (heading, 18);
  gtk_widget_set_margin_bottom (heading, 6);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (self), heading);

  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_top (placeholder, 6);
  gtk_widget_set_margin_bottom (placeholder, 6);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (list), placeholder);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_set_margin_start (list, 12);
  gtk_widget_set_margin_end (list, 12);
  gtk_widget_set_margin_bottom (list, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Recent Prompts"), -1);
  gtk_list_box_bind_model (GTK_LIST_BOX (list), prompts, create_row_cb, NULL, NULL);
  gtk_box_append (GTK_BOX (self), list);

  return GTK_WIDGET (self);
}
