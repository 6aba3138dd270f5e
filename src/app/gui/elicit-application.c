/* elicit-application.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "elicit.h"

#include "elicit-request.h"
#include "elicit-session.h"
#include "elicit-dialog.h"
#include "elicit-presenter.h"

#include "elicit-application.h"
#include "elicit-browser-command.h"
#include "elicit-caller-guard.h"
#include "elicit-config-monitor.h"
#include "elicit-foreign-parent.h"
#include "elicit-prompter-service.h"
#include "elicit-recent-prompt.h"
#include "elicit-recent-view.h"
#include "elicit-renderer-choice.h"
#include "elicit-server.h"
#include "elicit-settings.h"
#include "elicit-timing.h"
#include "elicit-window.h"

#define NOTIFICATION_BODY_MAX 200
/* Started by D-Bus activation for a caller's prompt, the app quits this
 * long after its last dialog closed. */
#define SERVICE_INACTIVITY_TIMEOUT_MS 10000
/* How many answered prompts the window lists (in memory only). */
#define RECENT_MAX 50

/**
 * ElicitApplication:
 *
 * The Elicit app: reads the servers file (`--config FILE`, else
 * `$XDG_CONFIG_HOME/elicit/servers.json`, else the bundled demo server),
 * starts each server, and answers their elicitations.
 *
 * Every server's elicitations go through one [class@PromptQueue], shown by
 * one [class@Presenter]: one [class@Dialog] per server at a time, transient
 * for the main window, with the `accept-delay` setting; sign-ins too;
 * floods are refused by the queue, and the window says so; prompts a server
 * withdraws (or takes with it when it goes away) are reported too. When no
 * window of the app has the focus as a prompt appears, a desktop
 * notification names the server that asks.
 *
 * The same queue answers every other program on the desktop: the app's bus
 * name exports the D-Bus prompter ([class@PrompterService]); each caller
 * connection has its own place in the queue. Started by D-Bus activation
 * (`--gapplication-service`), the app shows only the callers' dialogs, no
 * window, and quits when idle.
 */

struct _ElicitApplication
{
  AdwApplication     parent_instance;

  GSettings         *settings;
  ElicitPromptQueue *queue;
  ElicitPresenter   *presenter;        /* the queue's dialogs, and sign-ins */
  ElicitPrompterService *prompter;
  ElicitCallerGuard *guard;            /* on org.gtk.Application, org.gtk.Actions… */
  GListStore        *recent;           /* ElicitRecentPrompts, newest first */
  GFile             *config_file;      /* from --config, or NULL */
  ElicitConfig      *config;
  GListStore        *servers;
  GCancellable      *load_cancellable;
  ElicitConfigMonitor *config_monitor;
  gboolean           started;          /* the servers file was asked for */
  gboolean           quitting;         /* shutting down: no dialog is built any more */
  GHashTable        *dialogs;          /* server name → ElicitDialog, borrowed */
  GHashTable        *refused;          /* server name → count since the last notice */
  GHashTable        *refused_total;    /* server name → count since the app started */
  GHashTable        *withdrawn;        /* server name → count since the last notice */
  char              *withdrawn_reason;
  guint              notice_source;
  /* Every server's sign-ins, unless its entry says "keyring": false; one
   * store, so that one "Don't Remember" answers for all of them. */
  ElicitTokenStore  *token_store;
  GHashTable        *keyring_told;     /* the keyring's messages shown this run */
  gboolean           renderer_chosen;  /* service mode: GL disabled for gtk_init() */
};

G_DEFINE_FINAL_TYPE (ElicitApplication, elicit_application, ADW_TYPE_APPLICATION)

static ElicitWindow *
get_window (ElicitApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (ELICIT_IS_WINDOW (l->data))
      return l->data;

  return NULL;
}

static ElicitWindow *
ensure_window (ElicitApplication *self)
{
  ElicitWindow *window = get_window (self);

  if (window == NULL)
    {
      window = ELICIT_WINDOW (elicit_window_new (GTK_APPLICATION (self)));
      elicit_presenter_set_parent (self->presenter, GTK_WINDOW (window));
      elicit_window_set_servers (window, G_LIST_MODEL (self->servers));
      elicit_window_set_empty_text (window, _("Starting…"), "");
      elicit_window_add_sidebar_section (window, elicit_recent_view_new (G_LIST_MODEL (self->recent)));
    }

  return window;
}

static ElicitServer *
find_server (ElicitApplication *self,
             const char        *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (g_str_equal (elicit_server_get_name (server), name))
        return server;
    }

  return NULL;
}

static ElicitServer *
find_server_for_request (ElicitApplication *self,
                         ElicitRequest     *request)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (request);

  for (guint i = 0; session != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (elicit_server_get_session (server) == session)
        return server;
    }

  return NULL;
}

/* Notices: refused and withdrawn prompts, gathered and told once in a toast ---------- */

static void
count (GHashTable *table,
       const char *name)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (table, name));

  g_hash_table_replace (table, g_strdup (name), GUINT_TO_POINTER (n + 1));
}

static char *
describe_refused (const char *name,
                  guint       n)
{
  /* Translators: %s is a server's name, %u how many of its prompts were refused so far */
  return g_strdup_printf (ngettext ("“%s” sent more prompts than it may at once; %u was answered "
                                    "with an error without asking you.",
                                    "“%s” sent more prompts than it may at once; %u were answered "
                                    "with an error without asking you.",
                                    n),
                          name, n);
}

static char *
describe_refused_now (guint n)
{
  /* Translators: a line of a server's log; %u is how many of its prompts were refused */
  return g_strdup_printf (ngettext ("Answered %u prompt with an error without asking: too many at once",
                                    "Answered %u prompts with an error without asking: too many at once",
                                    n),
                          n);
}

static char *
describe_withdrawn (const char *name,
                    guint       n,
                    const char *reason)
{
  /* Not “withdrew”: a server that died withdrew nothing.
   * Translators: %u is how many prompts were closed, the first %s a server's name, the last why */
  return g_strdup_printf (ngettext ("%1$u prompt from “%2$s” was closed: %3$s",
                                    "%1$u prompts from “%2$s” were closed: %3$s",
                                    n),
                          n, name, reason);
}

/* Each server's log gets what happened since the last time; the toast,
 * the refusals so far, since a flood arrives in several bursts. */
static void
flush_refused (ElicitApplication  *self,
               char              **toast_text)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->refused);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      ElicitServer *server = find_server (self, key);
      g_autofree char *notice = describe_refused_now (GPOINTER_TO_UINT (value));
      guint total = GPOINTER_TO_UINT (g_hash_table_lookup (self->refused_total, key));

      if (server != NULL)
        elicit_server_add_notice (server, notice);

      g_free (*toast_text);
      *toast_text = describe_refused (key, total);
    }
  g_hash_table_remove_all (self->refused);
}

static void
flush_withdrawn (ElicitApplication  *self,
                 char              **toast_text)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->withdrawn);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      ElicitServer *server = find_server (self, key);
      g_autofree char *text = NULL;

      const char *reason = self->withdrawn_reason != NULL ? self->withdrawn_reason : "";

      /* A server that stopped took its prompts with it: say so in its words. */
      if (server != NULL && elicit_server_get_state (server) == ELICIT_SERVER_STATE_FAILED)
        reason = elicit_server_get_status (server);
      text = describe_withdrawn (key, GPOINTER_TO_UINT (value), reason);
      if (server != NULL)
        elicit_server_add_notice (server, text);

      g_free (*toast_text);
      *toast_text = g_steal_pointer (&text);
    }
  g_hash_table_remove_all (self->withdrawn);
}

static gboolean
flush_notices_cb (gpointer user_data)
{
  ElicitApplication *self = user_data;
  g_autofree char *withdrawn = NULL;
  g_autofree char *refused = NULL;
  ElicitWindow *window = get_window (self);

  self->notice_source = 0;

  flush_withdrawn (self, &withdrawn);
  flush_refused (self, &refused);

  /* A flood is the more pressing news. */
  if (window != NULL && (refused != NULL || withdrawn != NULL))
    elicit_window_show_notice (window, refused != NULL ? refused : withdrawn, refused != NULL);

  return G_SOURCE_REMOVE;
}

static void
schedule_notices (ElicitApplication *self)
{
  if (self->notice_source == 0)
    self->notice_source = g_idle_add_full (G_PRIORITY_LOW, flush_notices_cb, self, NULL);
}

static void
refused_cb (ElicitApplication *self,
            ElicitRequest     *request,
            const char        *message)
{
  ElicitServer *server = find_server_for_request (self, request);
  const char *name = server != NULL ? elicit_server_get_name (server)
                                    : g_object_get_data (G_OBJECT (request), "elicit-asker");

  if (name == NULL)
    return;

  count (self->refused, name);
  count (self->refused_total, name);
  schedule_notices (self);
}

static void
withdrawn_cb (ElicitApplication *self,
              ElicitRequest     *request)
{
  ElicitServer *server = find_server_for_request (self, request);
  const char *reason = elicit_request_get_withdrawn_reason (request);
  /* An external caller's request: named as its dialog was. */
  const char *name = server != NULL ? elicit_server_get_name (server)
                                    : g_object_get_data (G_OBJECT (request), "elicit-asker");

  if (name == NULL)
    return;

  g_free (self->withdrawn_reason);
  self->withdrawn_reason = elicit_text_sanitize_line (reason != NULL ? reason
                                                                     : _("the server took it back"),
                                                      ELICIT_TEXT_LINE_MAX);
  count (self->withdrawn, name);
  schedule_notices (self);
}

/* Prompts ------------------------------------------------------------------------------ */

static gboolean
has_focus (ElicitApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (gtk_window_is_active (l->data))
      return TRUE;

  return FALSE;
}

static char *
notification_id (const char *server_name)
{
  return g_strconcat ("prompt-", server_name, NULL);
}

/* @key: the server's name, or the key of an external caller's dialog;
 * @label: what to call the asker. */
static void
notify_prompt (ElicitApplication *self,
               const char        *key,
               const char        *label,
               ElicitRequest     *request)
{
  g_autoptr(GNotification) notification = NULL;
  g_autofree char *name = elicit_text_sanitize_line (label, 60);
  g_autofree char *title = NULL;
  g_autofree char *body = NULL;
  g_autofree char *id = notification_id (key);

  /* Translators: a desktop notification; %s is the name of a server */
  title = g_strdup_printf (_("“%s” is asking for your input"), name);
  notification = g_notification_new (title);

  body = elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL
    ? g_strdup (_("It asks you to open a web page."))
    : elicit_text_sanitize_line (elicit_request_get_message (request), NOTIFICATION_BODY_MAX);
  if (body != NULL && *body != '\0')
    g_notification_set_body (notification, body);

  g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
  g_notification_set_default_action_and_target (notification, "app.show-prompt", "s", key);
  g_application_send_notification (G_APPLICATION (self), id, notification);
}

/* A URL step closed while waiting ("I've Finished"): the user says they are
 * done. Whoever waits on the request (a tool call to send again after a
 * -32042) hears it. */
static void
dialog_hidden_cb (GtkWidget         *dialog,
                  ElicitApplication *self)
{
  /* The dialog lets go of its request as it closes: the app kept it. */
  ElicitRequest *request = g_object_get_data (G_OBJECT (dialog), "elicit-request");

  if (request != NULL)
    elicit_request_complete (request);
}

static void
dialog_destroyed_cb (GtkWidget         *dialog,
                     ElicitApplication *self)
{
  dialog_hidden_cb (dialog, self);
  const char *name = g_object_get_data (G_OBJECT (dialog), "elicit-server-name");
  g_autofree char *id = NULL;

  if (name == NULL)
    return;

  if (g_hash_table_lookup (self->dialogs, name) == dialog)
    g_hash_table_remove (self->dialogs, name);

  id = notification_id (name);
  g_application_withdraw_notification (G_APPLICATION (self), id);
}

static void
dialog_map_cb (GtkWidget *dialog)
{
  elicit_timing_mark ("app-dialog-mapped");
}

/* One dialog per key (a server's name, an external request's handle) at a
 * time, found again by the notification's action. */
static void
track_dialog (ElicitApplication *self,
              GtkWidget         *dialog,
              const char        *key,
              const char        *label,
              ElicitRequest     *request,
              gboolean           focused)
{
  g_object_set_data_full (G_OBJECT (dialog), "elicit-server-name", g_strdup (key), g_free);
  g_hash_table_replace (self->dialogs, g_strdup (key), dialog);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroyed_cb), self, 0);
  if (!focused)
    notify_prompt (self, key, label, request);
}

/* An external caller's question: titled with its name for the server, its
 * own name and the server's shown as their claims. */
static void
label_remote_dialog (ElicitApplication   *self,
                     ElicitDialog        *dialog,
                     ElicitRemoteRequest *remote,
                     gboolean             focused)
{
  const char *asker = g_object_get_data (G_OBJECT (elicit_remote_request_get_request (remote)),
                                         "elicit-asker");

  elicit_dialog_set_server_label (dialog, elicit_remote_request_get_server_label (remote));
  elicit_dialog_set_server_claim (dialog, elicit_remote_request_get_server_claim (remote));
  elicit_dialog_set_client_claim (dialog, elicit_remote_request_get_client_label (remote));
  elicit_foreign_parent_set (GTK_WINDOW (dialog), elicit_remote_request_get_parent_window (remote));
  /* Before it is presented: GTK 4.8 presents it with the caller's token
   * (xdg-activation on Wayland), so the compositor may give it the focus. */
  if (elicit_remote_request_get_activation_token (remote) != NULL)
    {
      g_debug ("prompter: presenting with the caller's activation token");
      gtk_window_set_startup_id (GTK_WINDOW (dialog), elicit_remote_request_get_activation_token (remote));
    }
  track_dialog (self, GTK_WIDGET (dialog), elicit_remote_request_get_handle (remote), asker,
                elicit_remote_request_get_request (remote), focused);
}

/* Recent prompts: who asked, when it was answered, how; never the content. */
static void
record_answer_cb (ElicitApplication *self,
                  GParamSpec        *pspec,
                  ElicitRequest     *request)
{
  g_autoptr(ElicitRecentPrompt) prompt = NULL;
  g_autoptr(GDateTime) now = NULL;
  guint n;

  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    return;

  g_signal_handlers_disconnect_by_func (request, record_answer_cb, self);
  now = g_date_time_new_now_local ();
  prompt = elicit_recent_prompt_new (now, g_object_get_data (G_OBJECT (request), "elicit-recent-server"),
                                     g_object_get_data (G_OBJECT (request), "elicit-recent-client"),
                                     elicit_request_get_state (request));
  elicit_recent_prompt_note_answer (prompt, request);
  g_list_store_insert (self->recent, 0, prompt);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->recent));
  if (n > RECENT_MAX)
    g_list_store_splice (self->recent, RECENT_MAX, n - RECENT_MAX, NULL, 0);
}

static void
record_when_answered (ElicitApplication *self,
                      ElicitRequest     *request,
                      const char        *server,
                      const char        *client)
{
  g_object_set_data_full (G_OBJECT (request), "elicit-recent-server",
                          g_strdup (server != NULL ? server : _("Unnamed server")), g_free);
  g_object_set_data_full (G_OBJECT (request), "elicit-recent-client", g_strdup (client), g_free);
  g_signal_connect_object (request, "notify::state", G_CALLBACK (record_answer_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Quitting, each request the queue moves on to is cancelled, not shown: a
 * dialog built while the app (and GTK's accessibility tree) is taken down
 * would be presented half-way through it. The queue moves on whenever the
 * request shown is cancelled, as the prompter's callers are answered. */
static gboolean
ask_cb (ElicitApplication *self,
        ElicitRequest     *request)
{
  if (!self->quitting)
    return FALSE;

  elicit_request_cancel (request);
  return TRUE;
}

/* The presenter built a dialog for a request: name its asker, follow it
 * (notification, recent prompts), and keep the request for "I've Finished". */
static void
dialog_created_cb (ElicitApplication *self,
                   ElicitDialog      *dialog)
{
  ElicitRequest *request = elicit_dialog_get_request (dialog);
  ElicitServer *server = find_server_for_request (self, request);
  ElicitRemoteRequest *remote = NULL;
  gboolean focused = has_focus (self);
  g_auto(GStrv) browser = NULL;

  if (server == NULL && self->prompter != NULL)
    remote = elicit_prompter_service_lookup (self->prompter, request);

  /* Scripts and tests choose who opens URL-mode pages, as for sign-ins; an
   * invalid ELICIT_BROWSER is reported where it signs in. */
  browser = elicit_browser_command_from_env (NULL);
  elicit_dialog_set_browser_command (dialog, (const char * const *) browser);
  g_object_set_data_full (G_OBJECT (dialog), "elicit-request", g_object_ref (request), g_object_unref);
  g_signal_connect_object (dialog, "hide", G_CALLBACK (dialog_hidden_cb), self, 0);
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));

  if (server != NULL)
    {
      track_dialog (self, GTK_WIDGET (dialog), elicit_server_get_name (server),
                    elicit_server_get_name (server), request, focused);
      record_when_answered (self, request, elicit_server_get_name (server), NULL);
    }
  else if (remote != NULL)
    {
      label_remote_dialog (self, dialog, remote, focused);
      record_when_answered (self, request, elicit_remote_request_get_server_label (remote),
                            elicit_remote_request_get_client_label (remote));
    }

  elicit_timing_mark ("app-dialog-built");
  if (elicit_timing_enabled ())
    g_signal_connect (dialog, "map", G_CALLBACK (dialog_map_cb), NULL);
}

/* The keyring: locked or missing is said once, with Don't Remember -------------------- */

static void
server_store_error_cb (ElicitApplication *self,
                       const GError      *error,
                       ElicitServer      *server)
{
  ElicitWindow *window = get_window (self);

  /* Too late for a save or lookup that was on its way when the user chose. */
  if (!elicit_token_store_get_remember (self->token_store))
    return;

  /* Every refresh of every server fails alike: tell each message once. */
  if (!g_hash_table_add (self->keyring_told, g_strdup (error->message)))
    return;

  elicit_server_add_notice (server, error->message);
  if (window == NULL)
    return;

  elicit_window_show_keyring_problem (window, error->message,
                                      g_error_matches (error, ELICIT_TOKEN_STORE_ERROR,
                                                       ELICIT_TOKEN_STORE_ERROR_LOCKED));
}

static void
dont_remember_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  ElicitApplication *self = user_data;
  ElicitWindow *window = get_window (self);

  /* The servers stay signed in: the store keeps what it holds, in memory. */
  elicit_token_store_set_remember (self->token_store, FALSE);
  if (window != NULL)
    elicit_window_hide_keyring_problem (window);
}

static void
keyring_retried_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(ElicitApplication) self = user_data;
  g_autoptr(GError) error = NULL;
  ElicitWindow *window = get_window (self);

  if (elicit_token_store_save_pending_finish (ELICIT_TOKEN_STORE (object), result, &error) ||
      window == NULL || !elicit_token_store_get_remember (self->token_store))
    return;

  /* Asked for: said again, even if said before. */
  g_hash_table_add (self->keyring_told, g_strdup (error->message));
  elicit_window_show_keyring_problem (window, error->message,
                                      g_error_matches (error, ELICIT_TOKEN_STORE_ERROR,
                                                       ELICIT_TOKEN_STORE_ERROR_LOCKED));
}

static void
keyring_retry_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  ElicitApplication *self = user_data;
  ElicitWindow *window = get_window (self);

  if (window != NULL)
    elicit_window_hide_keyring_problem (window);
  elicit_token_store_save_pending_async (self->token_store, NULL, keyring_retried_cb,
                                         g_object_ref (self));
}

/* Servers ------------------------------------------------------------------------------- */

static void
stop_servers (ElicitApplication *self)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      elicit_server_stop (server);
    }
  g_list_store_remove_all (self->servers);
}

/* A server whose entry did not change goes on running, its session and its
 * sign-in kept: saving one server in the window restarts that one only. */
static ElicitServer *
take_unchanged (GPtrArray          *running,
                ElicitServerConfig *entry)
{
  for (guint i = 0; i < running->len; i++)
    {
      ElicitServer *server = g_ptr_array_index (running, i);

      if (elicit_server_config_equal (elicit_server_get_config (server), entry))
        return g_ptr_array_steal_index (running, i);
    }

  return NULL;
}

static void
set_config (ElicitApplication *self,
            ElicitConfig      *config)
{
  GListModel *entries = elicit_config_get_servers (config);
  guint n_entries = g_list_model_get_n_items (entries);
  guint n_running = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  g_autoptr(GPtrArray) servers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) running = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) started = g_ptr_array_new ();

  for (guint i = 0; i < n_running; i++)
    g_ptr_array_add (running, g_list_model_get_item (G_LIST_MODEL (self->servers), i));
  g_set_object (&self->config, config);

  for (guint i = 0; i < n_entries; i++)
    {
      g_autoptr(ElicitServerConfig) entry = g_list_model_get_item (entries, i);
      g_autoptr(ElicitServer) server = take_unchanged (running, entry);

      if (server == NULL)
        {
          server = elicit_server_new (entry, self->queue);
          elicit_server_set_token_store (server, self->token_store);
          g_signal_connect_object (server, "sign-in", G_CALLBACK (elicit_presenter_sign_in),
                                   self->presenter, G_CONNECT_SWAPPED);
          g_signal_connect_object (server, "store-error", G_CALLBACK (server_store_error_cb),
                                   self, G_CONNECT_SWAPPED);
          g_ptr_array_add (started, server);
        }
      g_ptr_array_add (servers, g_steal_pointer (&server));
    }

  for (guint i = 0; i < running->len; i++)
    elicit_server_stop (g_ptr_array_index (running, i));
  g_list_store_splice (self->servers, 0, n_running, servers->pdata, servers->len);

  for (guint i = 0; i < started->len; i++)
    elicit_server_start (g_ptr_array_index (started, i));
}

/* The file as people write it: ~/.config/elicit/servers.json. */
static char *
display_path (GFile *file)
{
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = g_file_get_relative_path (home, file);

  if (relative != NULL)
    return g_build_filename ("~", relative, NULL);

  return g_file_get_parse_name (file);
}

static void
show_config_state (ElicitApplication *self,
                   GFile             *file,
                   const GError      *error)
{
  ElicitWindow *window = ensure_window (self);
  g_autofree char *path = file != NULL ? display_path (file) : NULL;
  g_autofree char *hint = NULL;

  /* Said once, on the page, with Open File and Reload beside it. */
  elicit_window_set_file_actions_visible (window, error != NULL);
  if (error != NULL)
    elicit_window_set_empty_text (window, _("The Servers File Could Not Be Read"),
                                  error->message);
  else
    {
      /* Translators: %s is the path of the servers file */
      hint = g_strdup_printf (_("Add servers to %s, in the “mcpServers” format other MCP "
                                "clients use, then reload it."), path != NULL ? path : "");
      elicit_window_set_empty_text (window, _("No Servers"), hint);
    }

  if (self->config != NULL && elicit_config_get_is_demo (self->config))
    elicit_window_set_subtitle (window, _("The demo server (no servers file yet)"));
  else
    elicit_window_set_subtitle (window, path);
}

static void
load_config_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ElicitApplication) self = user_data;
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  config = elicit_config_load_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->load_cancellable);
  file = self->config_file != NULL ? g_object_ref (self->config_file)
                                   : elicit_config_get_default_file ();

  if (config == NULL && self->config_file == NULL &&
      g_error_matches (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_NOT_FOUND))
    {
      /* No servers file yet: the bundled demo server shows what Elicit does. */
      g_clear_error (&error);
      config = elicit_config_new_demo ();
    }
  else if (config == NULL)
    {
      g_message ("%s", error->message);
      config = elicit_config_new ();
    }

  set_config (self, config);
  show_config_state (self, file, error);
}

static void load_config (ElicitApplication *self);

/* A change on disk, by a text editor or by the window's server editor, is
 * read at once; servers whose entry did not change go on running. */
static void
watch_config (ElicitApplication *self,
              GFile             *file)
{
  if (self->config_monitor != NULL &&
      g_file_equal (elicit_config_monitor_get_file (self->config_monitor), file))
    return;

  g_clear_object (&self->config_monitor);
  self->config_monitor = elicit_config_monitor_new (file);
  g_signal_connect_object (self->config_monitor, "changed", G_CALLBACK (load_config), self,
                           G_CONNECT_SWAPPED);
}

static void
load_config (ElicitApplication *self)
{
  g_autoptr(GFile) file = NULL;

  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  file = self->config_file != NULL ? g_object_ref (self->config_file)
                                   : elicit_config_get_default_file ();
  watch_config (self, file);
  elicit_config_load_async (file, self->load_cancellable, load_config_cb, g_object_ref (self));
}

/* Actions ---------------------------------------------------------------------------------- */

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
reload_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  load_config (ELICIT_APPLICATION (user_data));
}

static void
restart_all_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ElicitApplication *self = user_data;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      elicit_server_restart (server);
    }
}

static void
show_prompt_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ElicitApplication *self = user_data;
  const char *name = g_variant_get_string (parameter, NULL);
  GtkWindow *dialog = g_hash_table_lookup (self->dialogs, name);
  ElicitServer *server = find_server (self, name);
  ElicitWindow *window;

  /* An external caller's prompt: its dialog alone, even with no window. */
  if (server == NULL && dialog != NULL && get_window (self) == NULL)
    {
      gtk_window_present (dialog);
      return;
    }

  window = ensure_window (self);
  gtk_window_present (GTK_WINDOW (window));
  if (server != NULL)
    elicit_window_show_server (window, server, "prompts");
  if (dialog != NULL)
    gtk_window_present (dialog);
}

/* libadwaita's About window (1.2), as GNOME apps have it. */
static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  ElicitApplication *self = user_data;
  const char *developers[] = { _("The Elicit authors"), NULL };
  GtkWidget *about;

  /* No website or issue tracker: the project has no public host, and a link
   * that leads nowhere is worse than none (the metainfo has none either). */
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", get_window (self),
                        "application-name", _("Elicit"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Answer what MCP servers ask you, in native dialogs"),
                        "license-type", GTK_LICENSE_LGPL_2_1,
                        "developers", developers,
                        "developer-name", _("The Elicit authors"),
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action, NULL, NULL, NULL },
  { "reload", reload_action, NULL, NULL, NULL },
  { "restart-all", restart_all_action, NULL, NULL, NULL },
  { "show-prompt", show_prompt_action, "s", NULL, NULL },
  { "about", about_action, NULL, NULL, NULL },
  { "dont-remember", dont_remember_action, NULL, NULL, NULL },
  { "keyring-retry", keyring_retry_action, NULL, NULL, NULL },
};

/* GApplication ------------------------------------------------------------------------------- */

static gboolean
quit_on_signal_cb (gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));

  return G_SOURCE_CONTINUE;
}

static void
elicit_application_startup (GApplication *application)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *reload_accels[] = { "<Control>r", NULL };
  const char *close_accels[] = { "<Control>w", NULL };
  const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (elicit_application_parent_class)->startup (application);
  elicit_renderer_choice_forget (self->renderer_chosen);
  self->renderer_chosen = FALSE;

  g_set_application_name (_("Elicit"));
  gtk_window_set_default_icon_name (APP_ID);

  /* AdwApplication loads style.css and, in dark mode, style-dark.css. */
  self->settings = elicit_settings_new ();
  if (self->settings != NULL)
    elicit_settings_bind_accept_delay (self->settings, self->presenter);
  elicit_timing_watch_stalls ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.reload", reload_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay",
                                         shortcuts_accels);

  g_signal_connect_object (self->presenter, "ask", G_CALLBACK (ask_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->presenter, "dialog-created", G_CALLBACK (dialog_created_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->queue, "refused", G_CALLBACK (refused_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->queue, "withdrawn", G_CALLBACK (withdrawn_cb), self,
                           G_CONNECT_SWAPPED);

  /* Started by D-Bus activation: no window, only the callers' dialogs;
   * gone when idle. */
  if (g_application_get_flags (application) & G_APPLICATION_IS_SERVICE)
    g_application_set_inactivity_timeout (application, SERVICE_INACTIVITY_TIMEOUT_MS);

  g_unix_signal_add (SIGTERM, quit_on_signal_cb, self);
  g_unix_signal_add (SIGINT, quit_on_signal_cb, self);
}

static void
elicit_application_activate (GApplication *application)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);
  ElicitWindow *window = ensure_window (self);

  if (!self->started)
    {
      self->started = TRUE;
      load_config (self);
    }

  gtk_window_present (GTK_WINDOW (window));
}

static void
switch_config (ElicitApplication *self,
               GFile             *file)
{
  g_set_object (&self->config_file, file);
  if (self->started)
    load_config (self);
}

static void
switch_response_cb (AdwMessageDialog  *dialog,
                    const char        *response,
                    ElicitApplication *self)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "elicit-config-file");

  if (g_str_equal (response, "switch"))
    switch_config (self, file);
}

/* A servers file names commands to run: one a remote command line names is
 * opened only once the person has seen which and agreed. */
static void
ask_to_switch (ElicitApplication *self,
               GFile             *file)
{
  g_autofree char *shown = g_file_get_parse_name (file);
  g_autofree char *body = g_strdup_printf (_("Another Elicit asked to use the servers in “%s”. "
                                             "Its servers will start and can run programs as you."),
                                           shown);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (ensure_window (self)),
                                                       _("Use Another Servers File?"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "switch", _("_Use These Servers"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "switch", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "elicit-config-file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (switch_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static int
handle_command_line (ElicitApplication       *self,
                     GApplicationCommandLine *command_line)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree char *config = NULL;
  g_autoptr(GFile) file = NULL;

  if (g_variant_dict_lookup (options, "config", "^ay", &config))
    file = g_application_command_line_create_file_for_arg (command_line, config);

  g_application_activate (G_APPLICATION (self));

  /* A second `elicit --config OTHER` switches the running app to OTHER. */
  if (file == NULL || (self->config_file != NULL && g_file_equal (file, self->config_file)))
    return EXIT_SUCCESS;

  if (g_application_command_line_get_is_remote (command_line))
    ask_to_switch (self, file);
  else
    switch_config (self, file);

  return EXIT_SUCCESS;
}

static void
command_line_checked_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(GApplicationCommandLine) command_line = user_data;
  ElicitApplication *self = g_object_get_data (G_OBJECT (command_line), "elicit-application");
  g_autoptr(GError) error = NULL;

  if (elicit_caller_guard_check_finish (ELICIT_CALLER_GUARD (object), result, &error))
    g_application_command_line_set_exit_status (command_line, handle_command_line (self, command_line));
  else
    {
      g_application_command_line_printerr (command_line, "elicit: %s\n", error->message);
      g_application_command_line_set_exit_status (command_line, EXIT_FAILURE);
    }

  g_application_release (G_APPLICATION (self));
}

/* A remote command line answers once it is let go: held until its caller
 * has been judged by the prompter's rule. */
static int
elicit_application_command_line (GApplication            *application,
                                 GApplicationCommandLine *command_line)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);
  g_autoptr(GVariant) platform_data = NULL;
  const char *sender = NULL;

  if (!g_application_command_line_get_is_remote (command_line))
    return handle_command_line (self, command_line);

  platform_data = g_application_command_line_get_platform_data (command_line);
  if (platform_data != NULL)
    g_variant_lookup (platform_data, ELICIT_CALLER_GUARD_SENDER_KEY, "&s", &sender);
  if (self->guard == NULL || sender == NULL)
    {
      g_application_command_line_printerr (command_line, "elicit: %s\n",
                                           _("Only the session’s own user may control Elicit"));
      return EXIT_FAILURE;
    }

  g_application_hold (application);
  g_object_set_data (G_OBJECT (command_line), "elicit-application", self);
  elicit_caller_guard_check_async (self->guard, sender, command_line_checked_cb,
                                   g_object_ref (command_line));

  return EXIT_SUCCESS;
}

static int
elicit_application_handle_local_options (GApplication *application,
                                         GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("elicit %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  return -1;
}

static void
server_gone_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  guint *n_closing = user_data;

  elicit_session_close_finish (ELICIT_SESSION (object), result, NULL);
  (*n_closing)--;
}

/* Stops every server and waits until each is gone: a server that does not
 * exit when its input closes (a task's timers keep some alive) gets SIGTERM,
 * then SIGKILL, from the transport, which needs the main loop to run; left
 * behind, it would run on after the app. */
static void
stop_servers_and_wait (ElicitApplication *self)
{
  g_autoptr(GPtrArray) sessions = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_closing = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);
      ElicitSession *session = elicit_server_get_session (server);

      if (session != NULL)
        g_ptr_array_add (sessions, g_object_ref (session));
    }

  stop_servers (self);
  for (guint i = 0; i < sessions->len; i++)
    {
      n_closing++;
      elicit_session_close_async (g_ptr_array_index (sessions, i), NULL, server_gone_cb, &n_closing);
    }
  while (n_closing > 0)
    g_main_context_iteration (NULL, TRUE);
}

static void
elicit_application_shutdown (GApplication *application)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);
  ElicitWindow *window = get_window (self);

  self->quitting = TRUE;

  /* Every external caller still waiting hears cancel before the app goes,
   * while the window they are listed in is still there. */
  if (self->prompter != NULL)
    elicit_prompter_service_unexport (self->prompter);

  /* Gone before the servers: the loop below runs while their pages are
   * taken down, and a window that lays out a page losing its focused widget
   * trips over it (GTK 4.8). */
  if (window != NULL)
    {
      elicit_window_save_state (window);
      gtk_window_destroy (GTK_WINDOW (window));
    }

  g_cancellable_cancel (self->load_cancellable);
  g_clear_handle_id (&self->notice_source, g_source_remove);
  stop_servers_and_wait (self);
  /* The sign-ins just saved (or forgotten) reach the keyring before the app
   * goes, as after `elicit call`; the Secret Service answers or D-Bus times out. */
  while (elicit_token_store_get_busy (self->token_store))
    g_main_context_iteration (NULL, TRUE);

  G_APPLICATION_CLASS (elicit_application_parent_class)->shutdown (application);
}

static gboolean
elicit_application_dbus_register (GApplication     *application,
                                  GDBusConnection  *connection,
                                  const char       *object_path,
                                  GError          **error)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);

  /* Before GApplication exports anything: no call slips past it. */
  if (self->guard == NULL)
    self->guard = elicit_caller_guard_new (application, connection, object_path);

  if (!G_APPLICATION_CLASS (elicit_application_parent_class)->dbus_register (application,
                                                                             connection,
                                                                             object_path,
                                                                             error))
    return FALSE;

  if (self->prompter == NULL)
    self->prompter = elicit_prompter_service_new (application, self->queue);

  return elicit_prompter_service_export (self->prompter, connection, object_path, error);
}

static void
elicit_application_dbus_unregister (GApplication    *application,
                                    GDBusConnection *connection,
                                    const char      *object_path)
{
  ElicitApplication *self = ELICIT_APPLICATION (application);

  if (self->prompter != NULL)
    elicit_prompter_service_unexport (self->prompter);
  if (self->guard != NULL)
    elicit_caller_guard_stop (self->guard);
  g_clear_object (&self->guard);

  G_APPLICATION_CLASS (elicit_application_parent_class)->dbus_unregister (application, connection,
                                                                          object_path);
}

/* GObject ------------------------------------------------------------------------------------- */

static void
elicit_application_dispose (GObject *object)
{
  ElicitApplication *self = ELICIT_APPLICATION (object);

  g_clear_handle_id (&self->notice_source, g_source_remove);
  g_clear_object (&self->settings);
  g_clear_object (&self->config_file);
  g_clear_object (&self->config);
  g_clear_object (&self->servers);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->config_monitor);
  g_clear_object (&self->prompter);
  g_clear_object (&self->recent);
  g_clear_object (&self->presenter);
  g_clear_object (&self->queue);
  g_clear_object (&self->token_store);

  G_OBJECT_CLASS (elicit_application_parent_class)->dispose (object);
}

static void
elicit_application_finalize (GObject *object)
{
  ElicitApplication *self = ELICIT_APPLICATION (object);

  g_hash_table_unref (self->dialogs);
  g_hash_table_unref (self->refused);
  g_hash_table_unref (self->refused_total);
  g_hash_table_unref (self->withdrawn);
  g_free (self->withdrawn_reason);
  g_hash_table_unref (self->keyring_told);

  G_OBJECT_CLASS (elicit_application_parent_class)->finalize (object);
}

static void
elicit_application_class_init (ElicitApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = elicit_application_dispose;
  object_class->finalize = elicit_application_finalize;

  application_class->startup = elicit_application_startup;
  application_class->activate = elicit_application_activate;
  application_class->command_line = elicit_application_command_line;
  application_class->handle_local_options = elicit_application_handle_local_options;
  application_class->shutdown = elicit_application_shutdown;
  application_class->dbus_register = elicit_application_dbus_register;
  application_class->dbus_unregister = elicit_application_dbus_unregister;
}

static void
elicit_application_init (ElicitApplication *self)
{
  static const GOptionEntry options[] = {
    { "config", 'c', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
      N_("Read the servers from FILE instead of ~/.config/elicit/servers.json"), N_("FILE") },
    { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
      N_("Print the version and exit"), NULL },
    { NULL }
  };

  self->queue = elicit_prompt_queue_new ();
  self->presenter = elicit_presenter_new (self->queue);
  self->servers = g_list_store_new (ELICIT_TYPE_SERVER);
  self->recent = g_list_store_new (ELICIT_TYPE_RECENT_PROMPT);
  self->dialogs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->refused = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->refused_total = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->withdrawn = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->token_store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  self->keyring_told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), NULL);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Connects to your MCP servers, runs their tools, and "
                                              "answers what they ask you in native dialogs."));
  g_application_set_option_context_description (G_APPLICATION (self),
    _("Commands:\n"
      "  elicit call    call a tool of an MCP server, answering its questions in dialogs\n"
      "  elicit proxy   give an MCP client native dialogs for its server’s questions\n"
      "  elicit lint    check an elicitation schema as the dialog will show it\n"
      "\n"
      "Run “elicit COMMAND --help” for a command’s options and exit codes."));
}

/* Public API ----------------------------------------------------------------------------------- */

/**
 * elicit_application_new:
 *
 * Returns: (transfer full): the application
 */
ElicitApplication *
elicit_application_new (void)
{
  return g_object_new (ELICIT_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/org/gnome/World/Elicit",
                       NULL);
}

/**
 * elicit_application_get_settings:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the app's settings, or %NULL when its
 *   schema is not installed
 */
GSettings *
elicit_application_get_settings (ElicitApplication *self)
{
  g_return_val_if_fail (ELICIT_IS_APPLICATION (self), NULL);

  return self->settings;
}

/**
 * elicit_application_get_queue:
 * @self: the application
 *
 * Returns: (transfer none): the prompt queue of every server's elicitations
 */
ElicitPromptQueue *
elicit_application_get_queue (ElicitApplication *self)
{
  g_return_val_if_fail (ELICIT_IS_APPLICATION (self), NULL);

  return self->queue;
}

/**
 * elicit_application_dup_config_file:
 * @self: the application
 *
 * Returns: (transfer full): the servers file: the one given with `--config`,
 *   else `~/.config/elicit/servers.json`, which need not exist yet
 */
GFile *
elicit_application_dup_config_file (ElicitApplication *self)
{
  g_return_val_if_fail (ELICIT_IS_APPLICATION (self), NULL);

  return self->config_file != NULL ? g_object_ref (self->config_file)
                                   : elicit_config_get_default_file ();
}

/**
 * elicit_application_get_config:
 * @self: the application
 *
 * Returns: (transfer none) (nullable): the configuration in use
 */
ElicitConfig *
elicit_application_get_config (ElicitApplication *self)
{
  g_return_val_if_fail (ELICIT_IS_APPLICATION (self), NULL);

  return self->config;
}

/**
 * elicit_application_get_servers:
 * @self: the application
 *
 * Returns: (transfer none): the [class@Server]s of the configuration
 */
GListModel *
elicit_application_get_servers (ElicitApplication *self)
{
  g_return_val_if_fail (ELICIT_IS_APPLICATION (self), NULL);

  return G_LIST_MODEL (self->servers);
}

/**
 * elicit_application_main:
 * @argc: the argument count
 * @argv: (array length=argc): the arguments
 *
 * Runs the app: what `elicit` does without a subcommand.
 *
 * Returns: the exit status
 */
int
elicit_application_main (int    argc,
                         char **argv)
{
  g_autoptr(ElicitApplication) application = elicit_application_new ();

  /* Started by D-Bus activation to show callers' dialogs, one question at a
   * time: no GL for that (elicit-renderer-choice.c). The window, when the
   * app is started to show it, keeps GTK's default. */
  if (g_strv_contains ((const char * const *) argv, "--gapplication-service"))
    application->renderer_chosen = elicit_renderer_choice_prefer_cairo ();
  if (application->renderer_chosen)
    elicit_renderer_choice_quiet_notes ();

  return g_application_run (G_APPLICATION (application), argc, argv);
}
