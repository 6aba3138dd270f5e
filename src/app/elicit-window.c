/* elicit-window.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-application.h"
#include "elicit-server-page.h"
#include "elicit-server-row.h"
#include "elicit-window.h"

/**
 * ElicitWindow:
 *
 * The main window: the configured servers in a sidebar, each with its state
 * and the number of its prompts waiting for an answer, and the chosen
 * server's [class@ServerPage]. A banner across the top tells of what
 * happened out of sight — a server refused for flooding, prompts withdrawn,
 * a servers file that could not be read. Its size and maximized state are
 * kept in GSettings.
 */

struct _ElicitWindow
{
  GtkApplicationWindow  parent_instance;

  GListModel           *servers;
  GSettings            *settings;

  /* Template widgets */
  GtkLabel             *subtitle_label;
  GtkRevealer          *banner_revealer;
  GtkWidget            *banner;
  GtkImage             *banner_icon;
  GtkLabel             *banner_label;
  GtkPaned             *paned;
  GtkListBox           *server_list;
  GtkStack             *server_stack;
  GtkLabel             *empty_title_label;
  GtkLabel             *empty_body_label;
};

G_DEFINE_FINAL_TYPE (ElicitWindow, elicit_window, GTK_TYPE_APPLICATION_WINDOW)

static char *
page_name (ElicitServer *server)
{
  return g_strdup_printf ("server-%p", (gpointer) server);
}

static ElicitServerPage *
find_page (ElicitWindow *self,
           ElicitServer *server)
{
  g_autofree char *name = page_name (server);

  return (ElicitServerPage *) gtk_stack_get_child_by_name (self->server_stack, name);
}

static void
server_row_selected_cb (ElicitWindow    *self,
                        ElicitServerRow *row)
{
  ElicitServerPage *page;

  if (row == NULL)
    return;

  page = find_page (self, elicit_server_row_get_server (row));
  if (page != NULL)
    gtk_stack_set_visible_child (self->server_stack, GTK_WIDGET (page));
}

static void
banner_button_clicked_cb (ElicitWindow *self)
{
  elicit_window_hide_banner (self);
}

/* Servers --------------------------------------------------------------------------- */

static void
prompts_changed_cb (ElicitServerRow *row,
                    guint            position,
                    guint            removed,
                    guint            added,
                    GListModel      *prompts)
{
  elicit_server_row_set_n_prompts (row, g_list_model_get_n_items (prompts));
}

static void
remove_servers (ElicitWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->server_list))) != NULL)
    gtk_list_box_remove (self->server_list, child);

  child = gtk_widget_get_first_child (GTK_WIDGET (self->server_stack));
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (ELICIT_IS_SERVER_PAGE (child))
        gtk_stack_remove (self->server_stack, child);
      child = next;
    }
}

static void
add_server (ElicitWindow *self,
            ElicitServer *server)
{
  GtkWidget *row = elicit_server_row_new (server);
  GtkWidget *page = elicit_server_page_new (server);
  GListModel *prompts = elicit_server_page_get_prompts (ELICIT_SERVER_PAGE (page));
  g_autofree char *name = page_name (server);

  gtk_stack_add_named (self->server_stack, page, name);
  gtk_list_box_append (self->server_list, row);

  g_signal_connect_object (prompts, "items-changed",
                           G_CALLBACK (prompts_changed_cb), row, G_CONNECT_SWAPPED);
  elicit_server_row_set_n_prompts (ELICIT_SERVER_ROW (row), g_list_model_get_n_items (prompts));
}

static void
rebuild_servers (ElicitWindow *self)
{
  guint n_servers = self->servers != NULL ? g_list_model_get_n_items (self->servers) : 0;

  remove_servers (self);

  for (guint i = 0; i < n_servers; i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (self->servers, i);

      add_server (self, server);
    }

  if (n_servers > 0)
    gtk_list_box_select_row (self->server_list, gtk_list_box_get_row_at_index (self->server_list, 0));
  else
    gtk_stack_set_visible_child_name (self->server_stack, "empty");
}

/* Window state ------------------------------------------------------------------------- */

static void
load_window_state (ElicitWindow *self)
{
  int width;
  int height;

  if (self->settings == NULL)
    return;

  g_settings_get (self->settings, "window-size", "(ii)", &width, &height);
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
save_window_state (ElicitWindow *self)
{
  int width;
  int height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set (self->settings, "window-size", "(ii)", width, height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

/* Closing the main window quits: the servers run for it, and prompts still
 * open would have no window to come back to. Quitting cancels them. */
static gboolean
elicit_window_close_request (GtkWindow *window)
{
  GtkApplication *application = gtk_window_get_application (window);

  save_window_state (ELICIT_WINDOW (window));
  if (application != NULL)
    g_application_quit (G_APPLICATION (application));

  return GTK_WINDOW_CLASS (elicit_window_parent_class)->close_request (window);
}

/* GObject --------------------------------------------------------------------------------- */

static void
elicit_window_dispose (GObject *object)
{
  ElicitWindow *self = ELICIT_WINDOW (object);

  if (self->servers != NULL)
    g_signal_handlers_disconnect_by_data (self->servers, self);
  g_clear_object (&self->servers);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_WINDOW);

  G_OBJECT_CLASS (elicit_window_parent_class)->dispose (object);
}

static void
elicit_window_class_init (ElicitWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = elicit_window_dispose;
  window_class->close_request = elicit_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/gnome/World/Elicit/ui/elicit-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, banner);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, banner_icon);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, server_list);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, server_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, empty_title_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, empty_body_label);
  gtk_widget_class_bind_template_callback (widget_class, server_row_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, banner_button_clicked_cb);
}

static void
elicit_window_init (ElicitWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API -------------------------------------------------------------------------------- */

/**
 * elicit_window_new:
 * @application: the application
 *
 * Returns: (transfer floating): a new main window
 */
GtkWidget *
elicit_window_new (GtkApplication *application)
{
  ElicitWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  self = g_object_new (ELICIT_TYPE_WINDOW, "application", application, NULL);

  /* Not in constructed(): GtkWindow:application is set after it. */
  if (ELICIT_IS_APPLICATION (application))
    {
      GSettings *settings = elicit_application_get_settings (ELICIT_APPLICATION (application));

      if (settings != NULL)
        self->settings = g_object_ref (settings);
    }
  load_window_state (self);

  return GTK_WIDGET (self);
}

/**
 * elicit_window_save_state:
 * @self: a window
 *
 * Keeps the window's size and maximized state in GSettings for the next
 * start. Closing the window does it; quitting the app must too.
 */
void
elicit_window_save_state (ElicitWindow *self)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  save_window_state (self);
}

/**
 * elicit_window_set_servers:
 * @self: a window
 * @servers: (nullable): the [class@Server]s to show
 *
 * Shows @servers in the sidebar, the first one chosen, and follows changes
 * to the list.
 */
void
elicit_window_set_servers (ElicitWindow *self,
                           GListModel   *servers)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (servers == NULL || G_IS_LIST_MODEL (servers));

  if (self->servers != NULL)
    g_signal_handlers_disconnect_by_data (self->servers, self);
  g_set_object (&self->servers, servers);
  if (servers != NULL)
    g_signal_connect_object (servers, "items-changed",
                             G_CALLBACK (rebuild_servers), self, G_CONNECT_SWAPPED);

  rebuild_servers (self);
}

/**
 * elicit_window_set_subtitle:
 * @self: a window
 * @subtitle: (nullable): the line under the title: where the servers come from
 */
void
elicit_window_set_subtitle (ElicitWindow *self,
                            const char   *subtitle)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  gtk_label_set_text (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->subtitle_label), subtitle);
}

/**
 * elicit_window_set_empty_text:
 * @self: a window
 * @title: what the window says when there is no server
 * @body: and how to add one, or why there is none
 */
void
elicit_window_set_empty_text (ElicitWindow *self,
                              const char   *title,
                              const char   *body)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (title != NULL);
  g_return_if_fail (body != NULL);

  gtk_label_set_text (self->empty_title_label, title);
  gtk_label_set_text (self->empty_body_label, body);
}

/**
 * elicit_window_show_banner:
 * @self: a window
 * @text: the notice, plain text
 * @warning: whether it tells of something that went wrong
 *
 * Shows @text across the top of the window until the user dismisses it or
 * another notice replaces it.
 */
void
elicit_window_show_banner (ElicitWindow *self,
                           const char   *text,
                           gboolean      warning)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_text (self->banner_label, text);
  gtk_image_set_from_icon_name (self->banner_icon,
                                warning ? "dialog-warning-symbolic" : "dialog-information-symbolic");
  if (warning)
    gtk_widget_add_css_class (self->banner, "warning");
  else
    gtk_widget_remove_css_class (self->banner, "warning");

  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

/**
 * elicit_window_hide_banner:
 * @self: a window
 *
 * Hides the notice across the top of the window.
 */
void
elicit_window_hide_banner (ElicitWindow *self)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
}

/**
 * elicit_window_get_banner_text:
 * @self: a window
 *
 * Returns: (nullable): the notice shown across the top, or %NULL
 */
const char *
elicit_window_get_banner_text (ElicitWindow *self)
{
  g_return_val_if_fail (ELICIT_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->banner_revealer))
    return NULL;

  return gtk_label_get_text (self->banner_label);
}

/**
 * elicit_window_show_server:
 * @self: a window
 * @server: one of the servers shown
 * @section: (nullable): `tools`, `prompts` or `log`
 *
 * Chooses @server in the sidebar and shows @section of its page.
 */
void
elicit_window_show_server (ElicitWindow *self,
                           ElicitServer *server,
                           const char   *section)
{
  ElicitServerPage *page;

  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (ELICIT_IS_SERVER (server));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->server_list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ELICIT_IS_SERVER_ROW (child) && elicit_server_row_get_server (ELICIT_SERVER_ROW (child)) == server)
      gtk_list_box_select_row (self->server_list, GTK_LIST_BOX_ROW (child));

  page = find_page (self, server);
  if (page != NULL && section != NULL)
    elicit_server_page_show_section (page, section);
}
