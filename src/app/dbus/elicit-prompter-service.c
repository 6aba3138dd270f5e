/* elicit-prompter-service.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "elicit-dbus-generated.h"
#include "elicit-prompter-service.h"

/*
 * ElicitPrompterService: the desktop's elicitation prompter,
 * org.gnome.World.Elicit.Prompter (data/org.gnome.World.Elicit.Prompter.xml)
 * on the app's object path.
 *
 * Ask() checks that the caller runs as the session's user and learns its
 * process (once per caller connection, GetConnectionCredentials); at most
 * MAX_ASKERS connections, and MAX_ASKERS_PER_PROCESS of one process, have
 * prompts pending at once. It validates the request as any other
 * (elicit_request_new()), exports an ElicitRemoteRequest at the handle and
 * puts the request in the app's prompt queue under the caller's unique
 * name: each caller connection has its own place, cap and rate limit there.
 * When the caller's connection closes, its requests are withdrawn. Every
 * pending request holds the application, so a D-Bus-activated app stays
 * until the last one is answered.
 */

#define HANDLE_TOKEN_MAX 64
#define PARENT_HANDLE_MAX 256
/* An Ask bigger than this is refused at the door, before it is judged or
 * parsed: a caller cannot make the app hold gigabytes. */
#define REQUEST_MAX_BYTES (4 * 1024 * 1024)
/* Callers with prompts pending at once: each has its own place in the queue
 * and so its own dialog; sixty connections must not open sixty windows. */
#define MAX_ASKERS 8
/* Of those, connections of one process: a program that opens many
 * connections gets no more windows for it. Per user there is nothing more
 * to bound: only the session's own user may ask (got_credentials_cb()), so
 * MAX_ASKERS is that user's bound. */
#define MAX_ASKERS_PER_PROCESS 2

typedef struct
{
  ElicitPrompterService *service;
  char                  *name;
  guint                  watch_id;
  guint32                pid;
  guint                  verified : 1;
  guint                  has_pid : 1;
} Caller;

struct _ElicitPrompterService
{
  GObject             parent_instance;

  GApplication       *application;   /* weak */
  ElicitPromptQueue  *queue;
  GDBusConnection    *connection;
  char               *object_path;
  ElicitDBusPrompter *skeleton;

  GHashTable         *callers;       /* unique name → Caller */
  GHashTable         *requests;      /* handle → ElicitRemoteRequest */
  char               *refusal;       /* the queue's last refusal, while pushing */
  guint               next_token;
};

G_DEFINE_FINAL_TYPE (ElicitPrompterService, elicit_prompter_service, G_TYPE_OBJECT)

/* Callers ------------------------------------------------------------------------ */

static void
caller_free (Caller *caller)
{
  if (caller->watch_id != 0)
    g_bus_unwatch_name (caller->watch_id);
  g_free (caller->name);
  g_free (caller);
}

static void
drop_requests_of (ElicitPrompterService *self,
                  const char            *sender)
{
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_str_equal (elicit_remote_request_get_sender (value), sender))
      g_ptr_array_add (gone, g_object_ref (value));

  /* Nobody is left to hear a Response: let go without one. */
  for (guint i = 0; i < gone->len; i++)
    {
      ElicitRemoteRequest *remote = g_ptr_array_index (gone, i);

      elicit_remote_request_unexport (remote);
      g_hash_table_remove (self->requests, elicit_remote_request_get_handle (remote));
    }
}

static void
caller_vanished_cb (GDBusConnection *connection,
                    const char      *name,
                    gpointer         user_data)
{
  Caller *caller = user_data;
  ElicitPrompterService *self = caller->service;
  g_autofree char *sender = g_strdup (caller->name);

  g_debug ("prompter: caller %s went away", sender);
  elicit_prompt_queue_withdraw_origin (self->queue, sender,
                                       _("The program that asked went away"));
  drop_requests_of (self, sender);
  g_hash_table_remove (self->callers, sender);
}

static Caller *
ensure_caller (ElicitPrompterService *self,
               const char            *sender)
{
  Caller *caller = g_hash_table_lookup (self->callers, sender);

  if (caller != NULL)
    return caller;

  caller = g_new0 (Caller, 1);
  caller->service = self;
  caller->name = g_strdup (sender);
  g_hash_table_insert (self->callers, caller->name, caller);
  caller->watch_id = g_bus_watch_name_on_connection (self->connection, sender,
                                                     G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                     NULL, caller_vanished_cb,
                                                     caller, NULL);

  return caller;
}

/* Requests ----------------------------------------------------------------------- */

static void
remote_finished_cb (ElicitRemoteRequest   *remote,
                    ElicitPrompterService *self)
{
  g_autoptr(ElicitRemoteRequest) hold G_GNUC_UNUSED = g_object_ref (remote);

  if (g_hash_table_lookup (self->requests, elicit_remote_request_get_handle (remote)) != remote)
    return;

  g_hash_table_remove (self->requests, elicit_remote_request_get_handle (remote));
}

static void
remote_weak_notify (gpointer  data,
                    GObject  *where_the_object_was)
{
  ElicitPrompterService *self = data;

  if (self->application != NULL)
    g_application_release (self->application);
  g_object_unref (self);
}

static gboolean
valid_token (const char *token)
{
  if (*token == '\0' || strlen (token) > HANDLE_TOKEN_MAX)
    return FALSE;

  for (const char *p = token; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;

  return TRUE;
}

/* ":1.42" → "1_42", as xdg-desktop-portal does. */
static char *
handle_for (ElicitPrompterService *self,
            const char            *sender,
            const char            *token)
{
  g_autofree char *escaped = g_strdup (sender[0] == ':' ? sender + 1 : sender);

  g_strdelimit (escaped, ".", '_');

  return g_strdup_printf ("%s/request/%s/%s", self->object_path, escaped, token);
}

/* "x11:" and a window ID in hexadecimal, or "wayland:" and a handle
 * exported with xdg_foreign, as xdg-desktop-portal takes a parent window;
 * "" for none. */
static gboolean
valid_parent_window (const char *parent_window)
{
  const char *rest;

  if (*parent_window == '\0')
    return TRUE;

  if (g_str_has_prefix (parent_window, "x11:"))
    {
      rest = parent_window + strlen ("x11:");
      if (*rest == '\0' || strlen (rest) > 16)
        return FALSE;
      for (const char *p = rest; *p != '\0'; p++)
        if (!g_ascii_isxdigit (*p))
          return FALSE;
      return TRUE;
    }

  if (!g_str_has_prefix (parent_window, "wayland:"))
    return FALSE;

  rest = parent_window + strlen ("wayland:");
  if (*rest == '\0' || strlen (rest) > PARENT_HANDLE_MAX)
    return FALSE;
  for (const char *p = rest; *p != '\0'; p++)
    if (!g_ascii_isgraph (*p))
      return FALSE;

  return TRUE;
}

static ElicitRequest *
parse_request (const char  *request_json,
               GError     **error)
{
  g_autoptr(JsonNode) node = NULL;

  node = elicit_json_parse (request_json, -1, 64, error);
  if (node == NULL)
    return NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The request is not a JSON object"));
      return NULL;
    }

  return elicit_request_new (json_node_get_object (node), error);
}

static void
refused_cb (ElicitPromptQueue     *queue,
            ElicitRequest         *request,
            const char            *message,
            ElicitPrompterService *self)
{
  g_free (self->refusal);
  self->refusal = g_strdup (message);
}

static void
return_invalid (GDBusMethodInvocation *invocation,
                const char            *message)
{
  g_dbus_method_invocation_return_dbus_error (invocation,
                                              "org.gnome.World.Elicit.Error.InvalidRequest",
                                              message);
}

/* What the app calls the asker in notices and notifications. */
static char *
asker_name (ElicitRemoteRequest *remote)
{
  const char *server = elicit_remote_request_get_server_label (remote);
  const char *client = elicit_remote_request_get_client_label (remote);

  if (server == NULL)
    server = _("Unnamed server");
  if (client == NULL)
    return g_strdup (server);

  /* Translators: the first %s is a server's name, the second the name of the
   * program (an MCP client) that asks on its behalf, e.g. "Everything, via claude" */
  return g_strdup_printf (_("%s, via %s"), server, client);
}

static void
track (ElicitPrompterService *self,
       ElicitRemoteRequest   *remote)
{
  g_object_set_data_full (G_OBJECT (elicit_remote_request_get_request (remote)), "elicit-asker",
                          asker_name (remote), g_free);
  g_hash_table_insert (self->requests, g_strdup (elicit_remote_request_get_handle (remote)),
                       g_object_ref (remote));
  g_signal_connect_object (remote, "finished", G_CALLBACK (remote_finished_cb), self, 0);
  g_object_weak_ref (G_OBJECT (remote), remote_weak_notify, g_object_ref (self));
  if (self->application != NULL)
    g_application_hold (self->application);
}

/* How many of @askers are connections of @sender's process. */
static guint
count_same_process (ElicitPrompterService *self,
                    GHashTable            *askers,
                    const char            *sender)
{
  Caller *caller = g_hash_table_lookup (self->callers, sender);
  GHashTableIter iter;
  gpointer asker;
  guint n = 0;

  /* A bus that does not tell the process makes each connection its own. */
  if (caller == NULL || !caller->has_pid)
    return 0;

  g_hash_table_iter_init (&iter, askers);
  while (g_hash_table_iter_next (&iter, &asker, NULL))
    {
      Caller *other = g_hash_table_lookup (self->callers, asker);

      if (other != NULL && other->has_pid && other->pid == caller->pid)
        n++;
    }

  return n;
}

/* Whether one more caller may have prompts pending: @sender already has
 * some, or fewer than MAX_ASKERS callers do and fewer than
 * MAX_ASKERS_PER_PROCESS of its process's connections. */
static gboolean
has_room_for (ElicitPrompterService *self,
              const char            *sender)
{
  g_autoptr(GHashTable) askers = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (askers, (gpointer) elicit_remote_request_get_sender (value));

  if (g_hash_table_contains (askers, sender))
    return TRUE;

  return g_hash_table_size (askers) < MAX_ASKERS &&
         count_same_process (self, askers, sender) < MAX_ASKERS_PER_PROCESS;
}

static void
ask (ElicitPrompterService *self,
     GDBusMethodInvocation *invocation)
{
  const char *sender = g_dbus_method_invocation_get_sender (invocation);
  const char *server_label, *client_label, *request_json;
  g_autoptr(GVariant) options = NULL;
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(ElicitRemoteRequest) remote = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *token = NULL;
  g_autofree char *handle = NULL;
  const char *server_claim = NULL;
  const char *parent_window = "";
  const char *activation_token = NULL;

  g_variant_get (g_dbus_method_invocation_get_parameters (invocation), "(&s&s&s@a{sv})",
                 &server_label, &client_label, &request_json, &options);
  g_variant_lookup (options, "server_claim", "&s", &server_claim);
  g_variant_lookup (options, "parent_window", "&s", &parent_window);
  g_variant_lookup (options, "activation_token", "&s", &activation_token);
  if (activation_token != NULL && !g_utf8_validate (activation_token, -1, NULL))
    activation_token = NULL;
  if (!valid_parent_window (parent_window))
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                                             _("parent_window must be “x11:” and a window ID in "
                                               "hexadecimal, or “wayland:” and an exported handle"));
      return;
    }

  if (!g_variant_lookup (options, "handle_token", "s", &token))
    token = g_strdup_printf ("elicit%u", ++self->next_token);
  if (!valid_token (token))
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                                             _("handle_token must be 1 to %d letters, digits or '_'"),
                                             HANDLE_TOKEN_MAX);
      return;
    }

  handle = handle_for (self, sender, token);
  if (g_hash_table_contains (self->requests, handle))
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                                             _("handle_token “%s” is in use"), token);
      return;
    }

  if (!has_room_for (self, sender))
    {
      g_dbus_method_invocation_return_dbus_error (invocation, "org.gnome.World.Elicit.Error.Refused",
                                                  _("Too many programs are asking at once; try again "
                                                    "once their questions are answered"));
      return;
    }

  request = parse_request (request_json, &error);
  if (request == NULL)
    {
      return_invalid (invocation, error->message);
      return;
    }

  /* Known before the queue shows it (the dialog names its asker), exported
   * only once queued: a refused request never has an object, nor a
   * Response, only Ask's error. */
  remote = elicit_remote_request_new (request, sender, handle, server_label, client_label,
                                      server_claim);
  elicit_remote_request_set_parent_window (remote, parent_window);
  elicit_remote_request_set_activation_token (remote, activation_token);
  track (self, remote);
  g_clear_pointer (&self->refusal, g_free);
  if (!elicit_prompt_queue_push_from (self->queue, request, sender))
    {
      g_hash_table_remove (self->requests, handle);
      g_dbus_method_invocation_return_dbus_error (invocation, "org.gnome.World.Elicit.Error.Refused",
                                                  self->refusal != NULL ? self->refusal
                                                  : _("The request was refused"));
      return;
    }

  if (!elicit_remote_request_export (remote, self->connection, &error))
    {
      elicit_request_cancel (request);
      g_hash_table_remove (self->requests, handle);
      g_dbus_method_invocation_return_gerror (invocation, error);
      return;
    }

  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", handle));
}

/* Who may ask ------------------------------------------------------------------------ */

typedef struct
{
  ElicitPrompterService *service;
  GDBusMethodInvocation *invocation;
} Check;

/* Who the caller is, by the bus's word (as the caller guard asks it):
 * its user, and its process, which bounds its windows (has_room_for()). */
static void
got_credentials_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Check *check = user_data;
  g_autoptr(ElicitPrompterService) self = check->service;
  g_autoptr(GDBusMethodInvocation) invocation = check->invocation;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) credentials = NULL;
  g_autoptr(GError) error = NULL;
  const char *sender = g_dbus_method_invocation_get_sender (invocation);
  Caller *caller;
  guint32 uid;
  guint32 pid;

  g_free (check);

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply != NULL)
    credentials = g_variant_get_child_value (reply, 0);
  if (credentials == NULL || !g_variant_lookup (credentials, "UnixUserID", "u", &uid))
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.AccessDenied",
                                                  _("Could not tell which user the caller runs as"));
      return;
    }

  if (uid != getuid ())
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.AccessDenied",
                                                  _("Only the session’s own user may ask"));
      return;
    }

  if (self->connection == NULL)
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.NoServer",
                                                  _("The prompter is shutting down"));
      return;
    }

  caller = ensure_caller (self, sender);
  caller->verified = TRUE;
  caller->has_pid = g_variant_lookup (credentials, "ProcessID", "u", &pid);
  caller->pid = caller->has_pid ? pid : 0;
  ask (self, invocation);
}

static gboolean
handle_ask_cb (ElicitDBusPrompter    *skeleton,
               GDBusMethodInvocation *invocation,
               const char            *server_label,
               const char            *client_label,
               const char            *request_json,
               GVariant              *options,
               ElicitPrompterService *self)
{
  const char *sender = g_dbus_method_invocation_get_sender (invocation);
  Caller *caller = sender != NULL ? g_hash_table_lookup (self->callers, sender) : NULL;
  Check *check;

  if (strlen (request_json) + strlen (server_label) + strlen (client_label) > REQUEST_MAX_BYTES)
    {
      g_autofree char *message = g_strdup_printf (_("The request is larger than %u MiB"),
                                                  (guint) (REQUEST_MAX_BYTES / (1024 * 1024)));

      return_invalid (invocation, message);
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  if (sender == NULL)
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.AccessDenied",
                                                  _("Ask through the session bus"));
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  if (caller != NULL && caller->verified)
    {
      ask (self, invocation);
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  check = g_new0 (Check, 1);
  check->service = g_object_ref (self);
  check->invocation = g_object_ref (invocation);
  g_dbus_connection_call (self->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "GetConnectionCredentials",
                          g_variant_new ("(s)", sender), G_VARIANT_TYPE ("(a{sv})"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, got_credentials_cb, check);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

/* GObject ------------------------------------------------------------------------- */

static void
elicit_prompter_service_dispose (GObject *object)
{
  ElicitPrompterService *self = ELICIT_PROMPTER_SERVICE (object);

  elicit_prompter_service_unexport (self);
  if (self->queue != NULL)
    g_signal_handlers_disconnect_by_data (self->queue, self);
  g_clear_object (&self->queue);
  g_clear_weak_pointer (&self->application);

  G_OBJECT_CLASS (elicit_prompter_service_parent_class)->dispose (object);
}

static void
elicit_prompter_service_finalize (GObject *object)
{
  ElicitPrompterService *self = ELICIT_PROMPTER_SERVICE (object);

  g_hash_table_unref (self->callers);
  g_hash_table_unref (self->requests);
  g_free (self->object_path);
  g_free (self->refusal);

  G_OBJECT_CLASS (elicit_prompter_service_parent_class)->finalize (object);
}

static void
elicit_prompter_service_class_init (ElicitPrompterServiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_prompter_service_dispose;
  object_class->finalize = elicit_prompter_service_finalize;
}

static void
elicit_prompter_service_init (ElicitPrompterService *self)
{
  self->callers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) caller_free);
  self->requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

ElicitPrompterService *
elicit_prompter_service_new (GApplication      *application,
                             ElicitPromptQueue *queue)
{
  ElicitPrompterService *self;

  g_return_val_if_fail (application == NULL || G_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (queue), NULL);

  self = g_object_new (ELICIT_TYPE_PROMPTER_SERVICE, NULL);
  g_set_weak_pointer (&self->application, application);
  self->queue = g_object_ref (queue);
  g_signal_connect (queue, "refused", G_CALLBACK (refused_cb), self);

  return self;
}

gboolean
elicit_prompter_service_export (ElicitPrompterService  *self,
                                GDBusConnection        *connection,
                                const char             *object_path,
                                GError                **error)
{
  g_autoptr(ElicitDBusPrompter) skeleton = elicit_dbus_prompter_skeleton_new ();

  g_return_val_if_fail (ELICIT_IS_PROMPTER_SERVICE (self), FALSE);
  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), FALSE);
  g_return_val_if_fail (self->skeleton == NULL, FALSE);

  elicit_dbus_prompter_set_version (skeleton, 1);
  g_signal_connect (skeleton, "handle-ask", G_CALLBACK (handle_ask_cb), self);
  if (!g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (skeleton), connection,
                                         object_path, error))
    return FALSE;

  self->skeleton = g_steal_pointer (&skeleton);
  self->connection = g_object_ref (connection);
  g_free (self->object_path);
  self->object_path = g_strdup (object_path);

  return TRUE;
}

/* Answers every request still pending with cancel, then leaves the bus. */
void
elicit_prompter_service_unexport (ElicitPrompterService *self)
{
  g_return_if_fail (ELICIT_IS_PROMPTER_SERVICE (self));

  elicit_prompter_service_cancel_all (self);
  g_hash_table_remove_all (self->callers);

  if (self->skeleton != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->skeleton, self);
      g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (self->skeleton));
    }
  g_clear_object (&self->skeleton);

  /* The Responses must leave before the app does. */
  if (self->connection != NULL)
    g_dbus_connection_flush_sync (self->connection, NULL, NULL);
  g_clear_object (&self->connection);
}

ElicitRemoteRequest *
elicit_prompter_service_lookup (ElicitPrompterService *self,
                                ElicitRequest         *request)
{
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (ELICIT_IS_PROMPTER_SERVICE (self), NULL);
  g_return_val_if_fail (ELICIT_IS_REQUEST (request), NULL);

  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (elicit_remote_request_get_request (value) == request)
      return value;

  return NULL;
}

/* Every pending request answers cancel: the app is quitting. */
void
elicit_prompter_service_cancel_all (ElicitPrompterService *self)
{
  g_autoptr(GPtrArray) pending = NULL;
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (ELICIT_IS_PROMPTER_SERVICE (self));

  pending = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, self->requests);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (pending, g_object_ref (value));

  for (guint i = 0; i < pending->len; i++)
    {
      ElicitRequest *request = elicit_remote_request_get_request (g_ptr_array_index (pending, i));

      if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
        elicit_request_cancel (request);
    }

  g_hash_table_remove_all (self->requests);
}
