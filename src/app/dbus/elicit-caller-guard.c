/* elicit-caller-guard.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "elicit-caller-guard.h"

/*
 * ElicitCallerGuard: the prompter's caller rule on the interfaces GApplication
 * exports for the app (org.gtk.Application, org.freedesktop.Application,
 * org.gtk.Actions), which have no caller check of their own. A bus that lets
 * another user connect, or a sandboxed app allowed to talk to Elicit's name,
 * would otherwise run command lines (and so servers) and actions as the user.
 *
 * A connection filter, on GDBus's worker thread, sees every call to those
 * interfaces first. Read-only calls pass. A caller already judged acceptable
 * passes. A call from any other caller is taken out of the stream; on the
 * main thread the guard asks the bus for the caller's credentials
 * (GetConnectionCredentials), and answers AccessDenied to another user or a
 * sandboxed process (Flatpak's /.flatpak-info, a snap's cgroup, as the
 * portals judge), or performs the call itself (activate, an action) for an
 * acceptable one, which from then on passes. A command line, whose remote
 * object only GApplication can drive, always passes, stamped with its sender
 * under ELICIT_CALLER_GUARD_SENDER_KEY: the application checks it with
 * elicit_caller_guard_check_async() before acting on it.
 */

typedef struct
{
  ElicitCallerGuard *guard;
  char              *sender;
} Check;

struct _ElicitCallerGuard
{
  GObject          parent_instance;

  GApplication    *application;   /* weak */
  GDBusConnection *connection;
  char            *object_path;
  GMainContext    *context;
  guint            filter_id;

  GMutex           lock;          /* guards allowed: the filter reads it */
  GHashTable      *allowed;       /* unique name → watch id */

  GHashTable      *checking;      /* unique name → GPtrArray of GTask */
};

G_DEFINE_FINAL_TYPE (ElicitCallerGuard, elicit_caller_guard, G_TYPE_OBJECT)

static gboolean
is_guarded_interface (const char *interface)
{
  return g_strcmp0 (interface, "org.gtk.Application") == 0 ||
         g_strcmp0 (interface, "org.freedesktop.Application") == 0 ||
         g_strcmp0 (interface, "org.gtk.Actions") == 0;
}

/* The app's path, and the windows' under it (GtkApplication exports each
 * window's actions at OBJECT_PATH/window/ID). */
static gboolean
is_guarded_path (ElicitCallerGuard *self,
                 const char        *path)
{
  gsize length = strlen (self->object_path);

  return path != NULL && strncmp (path, self->object_path, length) == 0 &&
         (path[length] == '\0' || path[length] == '/');
}

static gboolean
is_read_only (const char *interface,
              const char *member)
{
  return g_strcmp0 (interface, "org.gtk.Actions") == 0 &&
         (g_strcmp0 (member, "List") == 0 || g_strcmp0 (member, "Describe") == 0 ||
          g_strcmp0 (member, "DescribeAll") == 0);
}

static gboolean
is_allowed (ElicitCallerGuard *self,
            const char        *sender)
{
  gboolean allowed;

  g_mutex_lock (&self->lock);
  allowed = g_hash_table_contains (self->allowed, sender);
  g_mutex_unlock (&self->lock);

  return allowed;
}

/* Judging ---------------------------------------------------------------------------- */

static gboolean
is_sandboxed (guint32 pid)
{
  g_autofree char *flatpak_info = g_strdup_printf ("/proc/%u/root/.flatpak-info", pid);
  g_autofree char *cgroup_path = g_strdup_printf ("/proc/%u/cgroup", pid);
  g_autofree char *cgroup = NULL;

  if (g_file_test (flatpak_info, G_FILE_TEST_EXISTS))
    return TRUE;

  return g_file_get_contents (cgroup_path, &cgroup, NULL, NULL) && strstr (cgroup, "/snap.") != NULL;
}

/* Why @credentials may not drive the app, or NULL when they may. */
static GError *
judge (GVariant *credentials)
{
  guint32 uid, pid;

  if (!g_variant_lookup (credentials, "UnixUserID", "u", &uid) || uid != getuid ())
    return g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED,
                                _("Only the session’s own user may control Elicit"));

  if (!g_variant_lookup (credentials, "ProcessID", "u", &pid) || is_sandboxed (pid))
    return g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED,
                                _("Sandboxed applications may not control Elicit"));

  return NULL;
}

static void
sender_vanished_cb (GDBusConnection *connection,
                    const char      *name,
                    gpointer         user_data)
{
  ElicitCallerGuard *self = user_data;
  gpointer key = NULL, value = NULL;
  guint watch_id = 0;

  g_mutex_lock (&self->lock);
  if (g_hash_table_steal_extended (self->allowed, name, &key, &value))
    {
      g_free (key);
      watch_id = GPOINTER_TO_UINT (value);
    }
  g_mutex_unlock (&self->lock);

  if (watch_id != 0)
    g_bus_unwatch_name (watch_id);
}

static void
allow (ElicitCallerGuard *self,
       const char        *sender)
{
  guint watch_id = g_bus_watch_name_on_connection (self->connection, sender,
                                                   G_BUS_NAME_WATCHER_FLAGS_NONE, NULL,
                                                   sender_vanished_cb, self, NULL);

  g_mutex_lock (&self->lock);
  g_hash_table_insert (self->allowed, g_strdup (sender), GUINT_TO_POINTER (watch_id));
  g_mutex_unlock (&self->lock);
}

static void
check_free (Check *check)
{
  g_object_unref (check->guard);
  g_free (check->sender);
  g_free (check);
}

static void
got_credentials_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Check *check = user_data;
  ElicitCallerGuard *self = check->guard;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) credentials = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) waiters = NULL;
  gpointer key = NULL, value = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply != NULL)
    {
      g_variant_get (reply, "(@a{sv})", &credentials);
      error = judge (credentials);
    }
  if (error == NULL)
    allow (self, check->sender);
  else
    g_debug ("D-Bus caller %s refused: %s", check->sender, error->message);

  if (g_hash_table_steal_extended (self->checking, check->sender, &key, &value))
    {
      g_free (key);
      waiters = value;
    }
  for (guint i = 0; waiters != NULL && i < waiters->len; i++)
    {
      GTask *task = g_ptr_array_index (waiters, i);

      if (error != NULL)
        g_task_return_error (task, g_error_copy (error));
      else
        g_task_return_boolean (task, TRUE);
    }

  check_free (check);
}

/**
 * elicit_caller_guard_check_async:
 * @self: a guard
 * @sender: a unique bus name
 * @callback: called with the verdict
 * @user_data: for @callback
 *
 * Asks the bus who @sender is: the session's own user, unsandboxed, may
 * drive the app; anyone else gets a G_DBUS_ERROR_ACCESS_DENIED.
 */
void
elicit_caller_guard_check_async (ElicitCallerGuard   *self,
                                 const char          *sender,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  GPtrArray *waiters;
  Check *check;

  g_task_set_source_tag (task, elicit_caller_guard_check_async);

  if (is_allowed (self, sender))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  waiters = g_hash_table_lookup (self->checking, sender);
  if (waiters != NULL)
    {
      g_ptr_array_add (waiters, g_steal_pointer (&task));
      return;
    }

  waiters = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (waiters, g_steal_pointer (&task));
  g_hash_table_insert (self->checking, g_strdup (sender), waiters);

  check = g_new0 (Check, 1);
  check->guard = g_object_ref (self);
  check->sender = g_strdup (sender);
  g_dbus_connection_call (self->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "GetConnectionCredentials",
                          g_variant_new ("(s)", sender), G_VARIANT_TYPE ("(a{sv})"),
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, got_credentials_cb, check);
}

gboolean
elicit_caller_guard_check_finish (ElicitCallerGuard  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Performing a held call ---------------------------------------------------------- */

static void
reply_error (ElicitCallerGuard *self,
             GDBusMessage      *message,
             const GError      *error)
{
  g_autofree char *name = g_dbus_error_encode_gerror (error);
  g_autoptr(GDBusMessage) reply = g_dbus_message_new_method_error_literal (message, name, error->message);

  g_dbus_connection_send_message (self->connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
}

static void
reply_empty (ElicitCallerGuard *self,
             GDBusMessage      *message)
{
  g_autoptr(GDBusMessage) reply = g_dbus_message_new_method_reply (message);

  g_dbus_connection_send_message (self->connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
}

/* What GApplication would do with an activation, from (a{sv}). */
static gboolean
do_activate (GApplication *application,
             GVariant     *body)
{
  g_autoptr(GVariant) platform_data = NULL;

  if (body == NULL || !g_variant_is_of_type (body, G_VARIANT_TYPE ("(a{sv})")))
    return FALSE;

  g_variant_get (body, "(@a{sv})", &platform_data);
  G_APPLICATION_GET_CLASS (application)->before_emit (application, platform_data);
  g_application_activate (application);
  G_APPLICATION_GET_CLASS (application)->after_emit (application, platform_data);

  return TRUE;
}

/* An action by name, from (sava{sv}) or, for SetState, (sva{sv}). */
static gboolean
do_action (GApplication *application,
           GVariant     *body,
           gboolean      set_state)
{
  GActionGroup *group = G_ACTION_GROUP (application);
  g_autoptr(GVariant) values = NULL;
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GVariant) platform_data = NULL;
  const GVariantType *expected;
  const char *name;

  if (body == NULL ||
      !g_variant_is_of_type (body, G_VARIANT_TYPE (set_state ? "(sva{sv})" : "(sava{sv})")))
    return FALSE;

  if (set_state)
    g_variant_get (body, "(&s@v@a{sv})", &name, &value, &platform_data);
  else
    g_variant_get (body, "(&s@av@a{sv})", &name, &values, &platform_data);
  if (!g_action_group_has_action (group, name))
    return FALSE;

  if (values != NULL && g_variant_n_children (values) > 1)
    return FALSE;
  if (values != NULL && g_variant_n_children (values) == 1)
    {
      g_autoptr(GVariant) boxed = g_variant_get_child_value (values, 0);

      value = g_variant_get_variant (boxed);
    }
  else if (value != NULL)
    {
      GVariant *inner = g_variant_get_variant (value);

      g_variant_unref (value);
      value = inner;
    }

  expected = set_state ? NULL : g_action_group_get_action_parameter_type (group, name);
  if (!set_state && ((expected == NULL) != (value == NULL) ||
                     (value != NULL && !g_variant_is_of_type (value, expected))))
    return FALSE;
  if (set_state && (g_action_group_get_action_state_type (group, name) == NULL ||
                    !g_variant_is_of_type (value, g_action_group_get_action_state_type (group, name))))
    return FALSE;

  G_APPLICATION_GET_CLASS (application)->before_emit (application, platform_data);
  if (set_state)
    g_action_group_change_action_state (group, name, value);
  else
    g_action_group_activate_action (group, name, value);
  G_APPLICATION_GET_CLASS (application)->after_emit (application, platform_data);

  return TRUE;
}

static gboolean
perform (ElicitCallerGuard *self,
         GDBusMessage      *message)
{
  const char *interface = g_dbus_message_get_interface (message);
  const char *member = g_dbus_message_get_member (message);
  GVariant *body = g_dbus_message_get_body (message);

  /* A window's actions: performed only once the caller passes on its own. */
  if (self->application == NULL || g_strcmp0 (g_dbus_message_get_path (message), self->object_path) != 0)
    return FALSE;

  if (g_strcmp0 (member, "Activate") == 0 && g_strcmp0 (interface, "org.gtk.Actions") != 0)
    return do_activate (self->application, body);
  if (g_strcmp0 (interface, "org.gtk.Actions") == 0 && g_strcmp0 (member, "Activate") == 0)
    return do_action (self->application, body, FALSE);
  if (g_strcmp0 (interface, "org.freedesktop.Application") == 0 &&
      g_strcmp0 (member, "ActivateAction") == 0)
    return do_action (self->application, body, FALSE);
  if (g_strcmp0 (interface, "org.gtk.Actions") == 0 && g_strcmp0 (member, "SetState") == 0)
    return do_action (self->application, body, TRUE);

  /* Open: Elicit opens no files. */
  return FALSE;
}

static void
held_checked_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  ElicitCallerGuard *self = ELICIT_CALLER_GUARD (object);
  g_autoptr(GDBusMessage) message = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_caller_guard_check_finish (self, result, &error))
    {
      reply_error (self, message, error);
      return;
    }

  if (!perform (self, message))
    {
      g_autoptr(GError) refused = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_NOT_SUPPORTED,
                                                       _("Elicit cannot do that"));

      reply_error (self, message, refused);
      return;
    }

  if (!(g_dbus_message_get_flags (message) & G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED))
    reply_empty (self, message);
}

static gboolean
check_held_cb (gpointer user_data)
{
  GDBusMessage *message = user_data;
  ElicitCallerGuard *self = g_object_get_data (G_OBJECT (message), "elicit-caller-guard");

  elicit_caller_guard_check_async (self, g_dbus_message_get_sender (message), held_checked_cb,
                                   g_object_ref (message));

  return G_SOURCE_REMOVE;
}

/* The filter, on GDBus's worker thread ------------------------------------------------ */

/* The command line, stamped with who sent it (replacing any such key the caller set). */
static GDBusMessage *
stamp_command_line (GDBusMessage *message)
{
  GVariant *body = g_dbus_message_get_body (message);
  g_autoptr(GDBusMessage) copy = NULL;
  g_autoptr(GVariant) arguments = NULL;
  g_autoptr(GVariant) platform_data = NULL;
  g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
  const char *path;

  if (body == NULL || !g_variant_is_of_type (body, G_VARIANT_TYPE ("(oaaya{sv})")))
    return NULL;

  copy = g_dbus_message_copy (message, NULL);
  if (copy == NULL)
    return NULL;

  g_variant_get (body, "(&o@aay@a{sv})", &path, &arguments, &platform_data);
  g_variant_dict_init (&dict, platform_data);
  g_variant_dict_insert (&dict, ELICIT_CALLER_GUARD_SENDER_KEY, "s", g_dbus_message_get_sender (message));
  g_dbus_message_set_body (copy, g_variant_new ("(o@aay@a{sv})", path, arguments,
                                                g_variant_dict_end (&dict)));

  return g_steal_pointer (&copy);
}

static GDBusMessage *
filter_cb (GDBusConnection *connection,
           GDBusMessage    *message,
           gboolean         incoming,
           gpointer         user_data)
{
  ElicitCallerGuard *self = user_data;
  const char *interface = g_dbus_message_get_interface (message);
  const char *member = g_dbus_message_get_member (message);
  const char *sender = g_dbus_message_get_sender (message);
  GDBusMessage *stamped;

  if (!incoming || g_dbus_message_get_message_type (message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL ||
      !is_guarded_path (self, g_dbus_message_get_path (message)) ||
      !is_guarded_interface (interface) || is_read_only (interface, member))
    return message;

  if (g_strcmp0 (interface, "org.gtk.Application") == 0 && g_strcmp0 (member, "CommandLine") == 0)
    {
      stamped = stamp_command_line (message);
      g_object_unref (message);
      return stamped;
    }

  if (sender != NULL && is_allowed (self, sender))
    return message;

  /* Held, judged and performed on the main thread; a caller without a name
   * (not on a bus) is not answered at all. */
  if (sender != NULL)
    {
      g_object_set_data_full (G_OBJECT (message), "elicit-caller-guard", g_object_ref (self), g_object_unref);
      g_main_context_invoke_full (self->context, G_PRIORITY_DEFAULT, check_held_cb,
                                  g_object_ref (message), g_object_unref);
    }
  g_object_unref (message);

  return NULL;
}

/* GObject ---------------------------------------------------------------------------- */

void
elicit_caller_guard_stop (ElicitCallerGuard *self)
{
  g_return_if_fail (ELICIT_IS_CALLER_GUARD (self));

  if (self->filter_id != 0)
    g_dbus_connection_remove_filter (self->connection, self->filter_id);
  self->filter_id = 0;
}

static void
unwatch (gpointer value)
{
  if (GPOINTER_TO_UINT (value) != 0)
    g_bus_unwatch_name (GPOINTER_TO_UINT (value));
}

static void
elicit_caller_guard_dispose (GObject *object)
{
  ElicitCallerGuard *self = ELICIT_CALLER_GUARD (object);

  elicit_caller_guard_stop (self);
  g_clear_weak_pointer (&self->application);

  G_OBJECT_CLASS (elicit_caller_guard_parent_class)->dispose (object);
}

static void
elicit_caller_guard_finalize (GObject *object)
{
  ElicitCallerGuard *self = ELICIT_CALLER_GUARD (object);

  g_hash_table_unref (self->allowed);
  g_hash_table_unref (self->checking);
  g_mutex_clear (&self->lock);
  g_clear_object (&self->connection);
  g_main_context_unref (self->context);
  g_free (self->object_path);

  G_OBJECT_CLASS (elicit_caller_guard_parent_class)->finalize (object);
}

static void
elicit_caller_guard_class_init (ElicitCallerGuardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_caller_guard_dispose;
  object_class->finalize = elicit_caller_guard_finalize;
}

static void
elicit_caller_guard_init (ElicitCallerGuard *self)
{
  g_mutex_init (&self->lock);
  self->allowed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unwatch);
  self->checking = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          (GDestroyNotify) g_ptr_array_unref);
  self->context = g_main_context_ref_thread_default ();
}

/**
 * elicit_caller_guard_new:
 * @application: the app whose interfaces are guarded
 * @connection: the bus it is exported on
 * @object_path: its object path
 *
 * Returns: (transfer full): a guard, active until elicit_caller_guard_stop()
 */
ElicitCallerGuard *
elicit_caller_guard_new (GApplication    *application,
                         GDBusConnection *connection,
                         const char      *object_path)
{
  ElicitCallerGuard *self = g_object_new (ELICIT_TYPE_CALLER_GUARD, NULL);

  g_set_weak_pointer (&self->application, application);
  self->connection = g_object_ref (connection);
  self->object_path = g_strdup (object_path);
  /* The filter holds the guard: it may run on the worker thread while the
   * guard is let go. */
  self->filter_id = g_dbus_connection_add_filter (connection, filter_cb, g_object_ref (self),
                                                  g_object_unref);

  return self;
}
