/* elicit-window.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-application.h"
#include "elicit-import-dialog.h"
#include "elicit-server-editor.h"
#include "elicit-server-page.h"
#include "elicit-server-row.h"
#include "elicit-window.h"

/**
 * ElicitWindow:
 *
 * The main window, a libadwaita leaflet: the configured servers in a
 * sidebar, each with its state and the number of its prompts waiting for an
 * answer, and the chosen server's [class@ServerPage]. Narrower than about
 * 600 px the leaflet folds: the sidebar and the page take turns, the page
 * with a back button. Toasts tell of what happened out of sight — a server
 * refused for flooding, prompts withdrawn, a servers file that could not be
 * read. Its size and maximized state are kept in GSettings.
 *
 * The sidebar is a column of sections: the servers first; more lists go
 * under them with elicit_window_add_sidebar_section().
 */

struct _ElicitWindow
{
  AdwApplicationWindow  parent_instance;

  GListModel           *servers;
  GSettings            *settings;
  AdwToast             *notice;        /* the toast shown, borrowed */
  guint                 notice_settle_id;
  char                 *pending_notice; /* markup, for when the toast has settled */
  gboolean              pending_warning;
  gboolean              pending_dismiss;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwLeaflet           *leaflet;
  GtkWidget            *sidebar;
  GtkBox               *sidebar_sections;
  AdwWindowTitle       *window_title;
  AdwWindowTitle       *page_title;
  GtkListBox           *server_list;
  GtkStack             *server_stack;
  AdwStatusPage        *empty_page;
  GtkLabel             *empty_body_label;
  GtkWidget            *file_actions;
  GtkWidget            *import_button;
  GtkWidget            *keyring_bar;
  GtkLabel             *keyring_label;
  GtkWidget            *keyring_retry_button;
};

G_DEFINE_FINAL_TYPE (ElicitWindow, elicit_window, ADW_TYPE_APPLICATION_WINDOW)

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
show_content (ElicitWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
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
  /* Folded, the page of the server chosen shows; back leads to the list. */
  show_content (self);
}

/* Choosing a server, even the one already chosen, opens its page when the
 * sidebar and the page take turns. */
static void
server_row_activated_cb (ElicitWindow    *self,
                         ElicitServerRow *row)
{
  show_content (self);
}

static void
back_clicked_cb (ElicitWindow *self)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
visible_page_changed_cb (ElicitWindow *self)
{
  GtkWidget *child = gtk_stack_get_visible_child (self->server_stack);
  g_autofree char *name = NULL;

  if (ELICIT_IS_SERVER_PAGE (child))
    name = elicit_text_sanitize_line (elicit_server_get_name (elicit_server_page_get_server (ELICIT_SERVER_PAGE (child))),
                                      ELICIT_TEXT_LINE_MAX);
  adw_window_title_set_title (self->page_title, name != NULL ? name : "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-server",
                                 ELICIT_IS_SERVER_PAGE (child));
}

/* Folded, the sidebar's list shows no selection: each row leads to a page. */
static void
folded_changed_cb (ElicitWindow *self)
{
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  if (folded)
    gtk_widget_add_css_class (self->sidebar, "folded");
  else
    gtk_widget_remove_css_class (self->sidebar, "folded");
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

  if (self->settings != NULL)
    elicit_server_page_set_settings (ELICIT_SERVER_PAGE (page), self->settings);

  gtk_stack_add_named (self->server_stack, page, name);
  gtk_list_box_append (self->server_list, row);

  g_signal_connect_object (prompts, "items-changed",
                           G_CALLBACK (prompts_changed_cb), row, G_CONNECT_SWAPPED);
  elicit_server_row_set_n_prompts (ELICIT_SERVER_ROW (row), g_list_model_get_n_items (prompts));
}

static char *
dup_chosen_name (ElicitWindow *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->server_list);

  if (!ELICIT_IS_SERVER_ROW (row))
    return NULL;

  return g_strdup (elicit_server_get_name (elicit_server_row_get_server (ELICIT_SERVER_ROW (row))));
}

/* The servers file read again: the server chosen stays chosen. */
static GtkListBoxRow *
row_to_choose (ElicitWindow *self,
               const char   *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->server_list));
       child != NULL && name != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (ELICIT_IS_SERVER_ROW (child) &&
        g_strcmp0 (elicit_server_get_name (elicit_server_row_get_server (ELICIT_SERVER_ROW (child))),
                   name) == 0)
      return GTK_LIST_BOX_ROW (child);

  return gtk_list_box_get_row_at_index (self->server_list, 0);
}

static void
rebuild_servers (ElicitWindow *self)
{
  guint n_servers = self->servers != NULL ? g_list_model_get_n_items (self->servers) : 0;
  g_autofree char *chosen = dup_chosen_name (self);

  remove_servers (self);

  for (guint i = 0; i < n_servers; i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (self->servers, i);

      add_server (self, server);
    }

  if (n_servers > 0)
    gtk_list_box_select_row (self->server_list, row_to_choose (self, chosen));
  else
    gtk_stack_set_visible_child_name (self->server_stack, "empty");
}

/* Editing the servers --------------------------------------------------------------------- */

static void
editor_saved_cb (ElicitWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (application != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (application), "reload", NULL);
}

static void
open_editor (ElicitWindow       *self,
             ElicitServerConfig *server)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = NULL;
  GtkWidget *editor;

  if (!ELICIT_IS_APPLICATION (application))
    return;

  file = elicit_application_dup_config_file (ELICIT_APPLICATION (application));
  editor = elicit_server_editor_new (GTK_WINDOW (self), file, server);
  g_signal_connect_object (editor, "saved", G_CALLBACK (editor_saved_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
add_server_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  open_editor (ELICIT_WINDOW (widget), NULL);
}

static void
imported_cb (ElicitWindow *self,
             guint         n_servers)
{
  g_autofree char *text = NULL;

  editor_saved_cb (self);
  /* Translators: said when servers of other MCP clients were added */
  text = g_strdup_printf (ngettext ("Imported %u server", "Imported %u servers",
                                       n_servers), n_servers);
  elicit_window_show_notice (self, text, FALSE);
}

static void
import_servers_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ElicitWindow *self = ELICIT_WINDOW (widget);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GFile) file = NULL;
  GtkWidget *dialog;

  if (!ELICIT_IS_APPLICATION (application))
    return;

  file = elicit_application_dup_config_file (ELICIT_APPLICATION (application));
  dialog = elicit_import_dialog_new (GTK_WINDOW (self), file);
  g_signal_connect_object (dialog, "imported", G_CALLBACK (imported_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
edit_server_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ElicitWindow *self = ELICIT_WINDOW (widget);
  GtkWidget *child = gtk_stack_get_visible_child (self->server_stack);

  if (ELICIT_IS_SERVER_PAGE (child))
    open_editor (self, elicit_server_get_config (elicit_server_page_get_server (ELICIT_SERVER_PAGE (child))));
}

static void
launched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ElicitWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    elicit_window_show_notice (self, error->message, TRUE);
}

/* In the desktop's text editor (GtkFileLauncher is GTK 4.10). */
static void
open_servers_file_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  ElicitWindow *self = ELICIT_WINDOW (widget);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GAppLaunchContext) context = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;

  if (!ELICIT_IS_APPLICATION (application))
    return;

  file = elicit_application_dup_config_file (ELICIT_APPLICATION (application));
  uri = g_file_get_uri (file);
  context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (widget)));
  g_app_info_launch_default_for_uri_async (uri, context, NULL, launched_cb, g_object_ref (self));
}

/* GTK 4.8 keeps the shortcuts window GtkApplication builds for every
 * window hidden in the list of toplevels for the window's lifetime, and its
 * accessibility root then answers a screen reader that asks for a child
 * index just after a dialog closed with that hidden window's path, which is
 * NULL: a critical in the app. So the window is built when asked for and
 * destroyed when closed; the accelerators it shows are the application's. */
static void
show_accels (GtkWidget      *widget,
             GtkApplication *application)
{
  g_autofree char *action = NULL;

  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    g_object_get (widget, "action-name", &action, NULL);
  if (action != NULL)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (application, action);
      g_autofree char *shown = g_strjoinv (" ", accels);

      g_object_set (widget, "accelerator", shown, NULL);
      return;
    }

  /* The search page holds copies of the shortcuts: they show the keys too. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    show_accels (child, application);
}

static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (widget));
  GtkWindow *shortcuts;

  builder = gtk_builder_new_from_resource ("/org/gnome/World/Elicit/ui/elicit-shortcuts.ui");
  shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));
  if (application != NULL)
    show_accels (GTK_WIDGET (shortcuts), application);
  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (widget));
  gtk_window_present (shortcuts);
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

  /* The overlay dismisses the toast as it goes: nothing is to settle then. */
  if (self->notice != NULL)
    g_signal_handlers_disconnect_by_data (self->notice, self);
  self->notice = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_WINDOW);
  g_clear_handle_id (&self->notice_settle_id, g_source_remove);
  g_clear_pointer (&self->pending_notice, g_free);

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
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, keyring_bar);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, keyring_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, keyring_retry_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, sidebar_sections);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, page_title);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, server_list);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, server_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, empty_body_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, file_actions);
  gtk_widget_class_bind_template_child (widget_class, ElicitWindow, import_button);
  gtk_widget_class_bind_template_callback (widget_class, server_row_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, server_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, visible_page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, folded_changed_cb);

  gtk_widget_class_install_action (widget_class, "win.add-server", NULL, add_server_action);
  gtk_widget_class_install_action (widget_class, "win.edit-server", NULL, edit_server_action);
  gtk_widget_class_install_action (widget_class, "win.import-servers", NULL,
                                   import_servers_action);
  gtk_widget_class_install_action (widget_class, "win.open-servers-file", NULL,
                                   open_servers_file_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);
}

static void
elicit_window_init (ElicitWindow *self)
{
  GtkWidget *scroller;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-server", FALSE);

  /* The status page scrolls its text; the text is no place to stop at with
   * Tab, and its scroller has no name to announce. */
  scroller = gtk_widget_get_first_child (GTK_WIDGET (self->empty_page));
  if (GTK_IS_SCROLLED_WINDOW (scroller))
    gtk_widget_set_focusable (scroller, FALSE);
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

  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->window_title), subtitle);
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

  adw_status_page_set_title (self->empty_page, title);
  gtk_label_set_text (self->empty_body_label, body);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_body_label), *body != '\0');
}

/* libadwaita 1.2 frees a toast's state from its animations' "done" handlers, and
 * crashes when a toast is dismissed and another added while those still run
 * (under a prompt flood, several notices a second). So a toast is never replaced
 * or taken away before it has animated: the notice shown is re-titled instead,
 * and a notice or dismissal that comes while a toast moves waits until it has
 * settled. libadwaita's own show, hide and replace animations take at most 500 ms. */
#define NOTICE_SETTLE_MS 600

static void settle_notice (ElicitWindow *self);

static void
notice_dismissed_cb (ElicitWindow *self,
                     AdwToast     *toast)
{
  if (self->notice != toast)
    return;

  self->notice = NULL;
  self->pending_dismiss = FALSE;
  settle_notice (self);
}

static void
add_notice (ElicitWindow *self,
            const char   *markup,
            gboolean      warning)
{
  AdwToast *toast = adw_toast_new (markup);

  /* libadwaita's own timeout: every notice is news, none asks for anything
   * (each is in the server's log too). What needs the person's hand gets a
   * bar that stays, as the keyring's problem does. */
  adw_toast_set_priority (toast, warning ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (notice_dismissed_cb), self,
                           G_CONNECT_SWAPPED);
  self->notice = toast;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  settle_notice (self);
}

static gboolean
notice_settled_cb (gpointer user_data)
{
  ElicitWindow *self = user_data;
  g_autofree char *markup = g_steal_pointer (&self->pending_notice);

  self->notice_settle_id = 0;

  if (self->pending_dismiss && self->notice != NULL)
    {
      self->pending_dismiss = FALSE;
      adw_toast_dismiss (self->notice); /* settles again, from notice_dismissed_cb */
    }
  else if (markup != NULL)
    add_notice (self, markup, self->pending_warning);

  return G_SOURCE_REMOVE;
}

/* A toast has just been added or dismissed: hold what comes next until it has
 * animated. */
static void
settle_notice (ElicitWindow *self)
{
  g_clear_handle_id (&self->notice_settle_id, g_source_remove);
  self->notice_settle_id = g_timeout_add (NOTICE_SETTLE_MS, notice_settled_cb, self);
}

/**
 * elicit_window_show_notice:
 * @self: a window
 * @text: the notice, plain text
 * @warning: whether it tells of something that went wrong
 *
 * Shows @text in a toast that goes away after libadwaita's timeout, or when
 * the user dismisses it. A notice that comes while one shows re-titles it
 * (which does not restart its time). For news only: what asks the person to
 * act belongs in a bar that stays (elicit_window_show_keyring_problem()).
 */
void
elicit_window_show_notice (ElicitWindow *self,
                           const char   *text,
                           gboolean      warning)
{
  g_autofree char *markup = NULL;

  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  /* A toast's title is markup; server names and file names are not. */
  markup = g_markup_escape_text (text, -1);

  if (self->notice != NULL)
    {
      self->pending_dismiss = FALSE;
      adw_toast_set_title (self->notice, markup);
    }
  else if (self->notice_settle_id != 0)
    {
      g_free (self->pending_notice);
      self->pending_notice = g_steal_pointer (&markup);
      self->pending_warning = warning;
    }
  else
    {
      add_notice (self, markup, warning);
    }
}

/**
 * elicit_window_dismiss_notice:
 * @self: a window
 *
 * Takes the notice shown by elicit_window_show_notice() away.
 */
void
elicit_window_dismiss_notice (ElicitWindow *self)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  g_clear_pointer (&self->pending_notice, g_free);

  if (self->notice == NULL)
    return;

  if (self->notice_settle_id != 0)
    self->pending_dismiss = TRUE;
  else
    adw_toast_dismiss (self->notice);
}

/**
 * elicit_window_show_keyring_problem:
 * @self: a window
 * @message: what the keyring could not do, plain text
 * @can_retry: whether to offer Try Again (a locked keyring)
 *
 * Shows @message above the server pages, with Don't Remember
 * (`app.dont-remember`) and, when @can_retry, Try Again
 * (`app.keyring-retry`), until elicit_window_hide_keyring_problem(). Not a
 * dialog: the servers go on signed in meanwhile.
 */
void
elicit_window_show_keyring_problem (ElicitWindow *self,
                                    const char   *message,
                                    gboolean      can_retry)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  gtk_label_set_text (self->keyring_label, message);
  gtk_widget_set_visible (self->keyring_retry_button, can_retry);
  gtk_widget_set_visible (self->keyring_bar, TRUE);
}

/**
 * elicit_window_hide_keyring_problem:
 * @self: a window
 *
 * Takes away what elicit_window_show_keyring_problem() showed.
 */
void
elicit_window_hide_keyring_problem (ElicitWindow *self)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  gtk_widget_set_visible (self->keyring_bar, FALSE);
}

/**
 * elicit_window_add_sidebar_section:
 * @self: a window
 * @section: a widget: a heading and a list, say
 *
 * Adds @section to the sidebar, under the servers and the sections added
 * before.
 */
void
elicit_window_add_sidebar_section (ElicitWindow *self,
                                   GtkWidget    *section)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (section));

  gtk_box_append (self->sidebar_sections, section);
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

  show_content (self);
  page = find_page (self, server);
  if (page != NULL && section != NULL)
    elicit_server_page_show_section (page, section);
}

/**
 * elicit_window_set_file_actions_visible:
 * @self: a window
 * @visible: whether the servers file could not be read
 *
 * Shows Open File and Reload under the text of the empty page.
 */
void
elicit_window_set_file_actions_visible (ElicitWindow *self,
                                        gboolean      visible)
{
  g_return_if_fail (ELICIT_IS_WINDOW (self));

  gtk_widget_set_visible (self->file_actions, visible);
  /* A servers file that cannot be read cannot take imported servers either. */
  gtk_widget_set_visible (self->import_button, !visible);
}
