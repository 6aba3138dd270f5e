/* elicit-prompter-client.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <unistd.h>

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-prompter-client.h"

/**
 * ElicitPrompterClient:
 *
 * Asks the desktop's elicitation prompter, the Elicit app's
 * `org.gnome.World.Elicit.Prompter` D-Bus interface, to put an
 * [class@Request] to the user, as libportal asks xdg-desktop-portal and
 * gcr asks the system prompter. One prompter shows every program's
 * questions in one queue, in native dialogs that name the server that
 * asks and the program that asks for it; a program without a display of
 * its own (an MCP proxy started by a terminal client) can still ask.
 *
 * [method@PrompterClient.ask_async] sends the request; the prompter's
 * answer is applied to the request itself (accept with its content,
 * decline or cancel) before the call finishes. When there is no prompter
 * (no session bus, nothing owns or can start `org.gnome.World.Elicit`),
 * the call finishes with an error and the request is still pending, for a
 * dialog of the caller's own.
 *
 * ```c
 * static void
 * asked_cb (GObject *object, GAsyncResult *result, gpointer user_data)
 * {
 *   g_autoptr(ElicitRequest) request = user_data;
 *   g_autoptr(GError) error = NULL;
 *
 *   if (!elicit_prompter_client_ask_finish (ELICIT_PROMPTER_CLIENT (object), result, &error))
 *     show_own_dialog (request);
 * }
 *
 * elicit_prompter_client_ask_async (client, request, "Everything", NULL, "x11:4c00007",
 *                                   NULL, asked_cb, g_object_ref (request));
 * ```
 *
 * The bus: the session bus when `DBUS_SESSION_BUS_ADDRESS` says where it
 * is; otherwise the user's bus socket at `$XDG_RUNTIME_DIR/bus`, then
 * `/run/user/UID/bus`, so a program whose environment was stripped (the MCP
 * TypeScript SDK passes a server only `HOME`, `LOGNAME`, `PATH`, `SHELL`,
 * `TERM` and `USER`) still reaches the desktop. One connection, opened on
 * the first question or by [method@PrompterClient.prepare].
 *
 * As with xdg-desktop-portal, the `Response` signal is subscribed to before
 * the call, on the handle the prompter will use (`handle_token`). If the
 * request stops being pending meanwhile (the server withdrew it), the
 * prompter's dialog is closed (`Close()`).
 *
 * Since: 1.0
 */

#define BUS_NAME "org.gnome.World.Elicit"
#define OBJECT_PATH "/org/gnome/World/Elicit"

struct _ElicitPrompterClient
{
  GObject          parent_instance;

  char            *client_label;
  char            *activation_token;
  GDBusConnection *connection;
  GError          *connect_error;
  GPtrArray       *waiting;      /* GTasks waiting for the connection */
  guint            owner_subscription;
  guint            connecting : 1;
  guint            has_owner : 1;
  guint            activatable : 1;
  guint            checked : 1;
  guint            next_token;
};

G_DEFINE_FINAL_TYPE (ElicitPrompterClient, elicit_prompter_client, G_TYPE_OBJECT)

typedef struct
{
  ElicitRequest   *request;
  char            *server_label;
  char            *client_label;
  char            *server_claim;
  char            *parent_window;
  char            *activation_token;
  char            *handle;
  GDBusConnection *connection;
  guint            subscription;
  guint            watch_id;
  gulong           state_handler;
  gulong           cancelled_handler;
  guint            asked : 1;
  guint            done : 1;
} Ask;

/* The subscription and the watch hold the task: let go of both. */
static void
stop_listening (Ask *ask)
{
  if (ask->state_handler != 0)
    g_signal_handler_disconnect (ask->request, ask->state_handler);
  ask->state_handler = 0;
  if (ask->subscription != 0)
    g_dbus_connection_signal_unsubscribe (ask->connection, ask->subscription);
  ask->subscription = 0;
  if (ask->watch_id != 0)
    g_bus_unwatch_name (ask->watch_id);
  ask->watch_id = 0;
}

static void
ask_free (Ask *ask)
{
  stop_listening (ask);
  g_clear_object (&ask->request);
  g_clear_object (&ask->connection);
  g_free (ask->server_label);
  g_free (ask->client_label);
  g_free (ask->server_claim);
  g_free (ask->parent_window);
  g_free (ask->activation_token);
  g_free (ask->handle);
  g_free (ask);
}

/* The bus --------------------------------------------------------------------------- */

static char *
find_user_bus (void)
{
  const char *runtime_dir = g_getenv ("XDG_RUNTIME_DIR");
  g_autofree char *run_user = g_strdup_printf ("/run/user/%u/bus", (guint) getuid ());
  g_autofree char *from_env = NULL;

  if (runtime_dir != NULL && *runtime_dir != '\0')
    {
      from_env = g_build_filename (runtime_dir, "bus", NULL);
      if (g_file_test (from_env, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&from_env);
    }

  if (g_file_test (run_user, G_FILE_TEST_EXISTS))
    return g_steal_pointer (&run_user);

  return NULL;
}

static void
connected (ElicitPrompterClient *self,
           GDBusConnection      *connection,
           GError               *error)
{
  g_autoptr(GPtrArray) waiting = g_steal_pointer (&self->waiting);

  self->connecting = FALSE;
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
  if (connection != NULL)
    {
      /* A bus that goes away takes the prompter with it, not the caller. */
      g_dbus_connection_set_exit_on_close (connection, FALSE);
      self->connection = connection;
    }
  else
    self->connect_error = error;

  for (guint i = 0; i < waiting->len; i++)
    {
      GTask *task = g_ptr_array_index (waiting, i);

      if (self->connection != NULL)
        g_task_return_pointer (task, g_object_ref (self->connection), g_object_unref);
      else
        g_task_return_error (task, g_error_copy (self->connect_error));
    }
}

static void
bus_get_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ElicitPrompterClient) self = user_data;
  GError *error = NULL;
  GDBusConnection *connection = g_bus_get_finish (result, &error);

  connected (self, connection, error);
}

static void
new_for_address_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(ElicitPrompterClient) self = user_data;
  GError *error = NULL;
  GDBusConnection *connection = g_dbus_connection_new_for_address_finish (result, &error);

  connected (self, connection, error);
}

static void
start_connecting (ElicitPrompterClient *self)
{
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  g_autofree char *socket = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *user_address = NULL;

  self->connecting = TRUE;

  if (address != NULL && *address != '\0')
    {
      g_bus_get (G_BUS_TYPE_SESSION, NULL, bus_get_cb, g_object_ref (self));
      return;
    }

  socket = find_user_bus ();
  if (socket == NULL)
    {
      connected (self, NULL,
                 g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                      _("There is no session bus: DBUS_SESSION_BUS_ADDRESS is not "
                                        "set, and neither $XDG_RUNTIME_DIR/bus nor "
                                        "/run/user/UID/bus exists")));
      return;
    }

  escaped = g_dbus_address_escape_value (socket);
  user_address = g_strconcat ("unix:path=", escaped, NULL);
  g_dbus_connection_new_for_address (user_address,
                                     G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                     G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                     NULL, NULL, new_for_address_cb, g_object_ref (self));
}

static void
get_connection_async (ElicitPrompterClient *self,
                      GAsyncReadyCallback   callback,
                      gpointer              user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);

  if (self->connection != NULL)
    {
      g_task_return_pointer (task, g_object_ref (self->connection), g_object_unref);
      return;
    }
  if (self->connect_error != NULL)
    {
      g_task_return_error (task, g_error_copy (self->connect_error));
      return;
    }

  g_ptr_array_add (self->waiting, g_steal_pointer (&task));
  if (!self->connecting)
    start_connecting (self);
}

/* Whether there is a prompter ------------------------------------------------------- */

static void
owner_changed_cb (GDBusConnection *connection,
                  const char      *sender_name,
                  const char      *object_path,
                  const char      *interface_name,
                  const char      *signal_name,
                  GVariant        *parameters,
                  gpointer         user_data)
{
  ElicitPrompterClient *self = user_data;
  const char *name, *old_owner, *new_owner;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sss)")))
    return;

  g_variant_get (parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
  self->has_owner = *new_owner != '\0';
}

static void
list_activatable_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(ElicitPrompterClient) self = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autofree const char **names = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  if (reply == NULL)
    return;

  g_variant_get (reply, "(^a&s)", &names);
  self->activatable = g_strv_contains (names, BUS_NAME);
  self->checked = TRUE;
}

static void
name_has_owner_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ElicitPrompterClient) self = user_data;
  g_autoptr(GVariant) reply = NULL;
  gboolean has_owner;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  if (reply == NULL)
    return;

  g_variant_get (reply, "(b)", &has_owner);
  /* An owner that appeared meanwhile was already seen. */
  self->has_owner |= has_owner;
}

/* Only looks: DO_NOT_AUTO_START would be implied, nothing is started here. */
static void
check_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(ElicitPrompterClient) self = user_data;
  g_autoptr(GDBusConnection) connection = NULL;

  connection = g_task_propagate_pointer (G_TASK (result), NULL);
  if (connection == NULL || self->owner_subscription != 0)
    return;

  self->owner_subscription =
    g_dbus_connection_signal_subscribe (connection, "org.freedesktop.DBus", "org.freedesktop.DBus",
                                        "NameOwnerChanged", "/org/freedesktop/DBus", BUS_NAME,
                                        G_DBUS_SIGNAL_FLAGS_NONE, owner_changed_cb, self, NULL);
  g_dbus_connection_call (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "NameHasOwner", g_variant_new ("(s)", BUS_NAME),
                          G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          name_has_owner_cb, g_object_ref (self));
  g_dbus_connection_call (connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "ListActivatableNames", NULL,
                          G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          list_activatable_cb, g_object_ref (self));
}

/**
 * elicit_prompter_client_prepare:
 * @self: a prompter client
 *
 * Connects to the bus and finds out, without starting anything, whether a
 * prompter is running (`NameHasOwner`) or can be started
 * (`ListActivatableNames`); `NameOwnerChanged` keeps that answer current.
 * Call it early (while an MCP server starts, say), so that
 * [method@PrompterClient.get_available] knows the answer when the first
 * request comes.
 *
 * Since: 1.0
 */
void
elicit_prompter_client_prepare (ElicitPrompterClient *self)
{
  g_return_if_fail (ELICIT_IS_PROMPTER_CLIENT (self));

  get_connection_async (self, check_cb, g_object_ref (self));
}

/**
 * elicit_prompter_client_get_available:
 * @self: a prompter client
 *
 * Whether there may be a prompter to ask. %FALSE once it is known that
 * there is none (no session bus, or nobody owns the name and the bus cannot
 * start it): then show a dialog of your own at once, without a round trip
 * per request. %TRUE while that is not known yet (see
 * [method@PrompterClient.prepare]).
 *
 * Returns: %FALSE when asking is known to fail
 *
 * Since: 1.0
 */
gboolean
elicit_prompter_client_get_available (ElicitPrompterClient *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER_CLIENT (self), FALSE);

  if (self->connect_error != NULL)
    return FALSE;

  return !self->checked || self->has_owner || self->activatable;
}

/* Asking ------------------------------------------------------------------------------- */

static void
answer (ElicitRequest *request,
        const char    *action,
        const char    *content_json)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    return;

  if (g_strcmp0 (action, "decline") == 0)
    {
      elicit_request_decline (request);
      return;
    }
  if (g_strcmp0 (action, "accept") != 0)
    {
      elicit_request_cancel (request);
      return;
    }

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_FORM)
    {
      node = elicit_json_parse (content_json, -1, 64, &error);
      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        {
          g_debug ("the prompter's answer is not a JSON object; answering cancel");
          elicit_request_cancel (request);
          return;
        }
    }

  /* The schema decides, here too: an answer that does not fit is not sent. */
  if (!elicit_request_accept (request, node != NULL ? json_node_get_object (node) : NULL, &error))
    {
      g_debug ("the prompter's answer does not fit the request (%s); answering cancel",
               error->message);
      if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
        elicit_request_cancel (request);
    }
}

static void
response_cb (GDBusConnection *connection,
             const char      *sender_name,
             const char      *object_path,
             const char      *interface_name,
             const char      *signal_name,
             GVariant        *parameters,
             gpointer         user_data)
{
  GTask *task = user_data;
  Ask *ask = g_task_get_task_data (task);
  const char *action, *content;

  if (ask->done || ask->subscription == 0 ||
      !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ss)")))
    return;

  g_variant_get (parameters, "(&s&s)", &action, &content);
  g_signal_handler_disconnect (ask->request, ask->state_handler);
  ask->state_handler = 0;
  answer (ask->request, action, content);

  ask->done = TRUE;
  g_task_return_boolean (task, TRUE);
  stop_listening (ask);
}

/* The prompter went away without a Response (it crashed): nobody will
 * answer, so cancel rather than leave the server waiting. */
static void
prompter_vanished_cb (GDBusConnection *connection,
                      const char      *name,
                      gpointer         user_data)
{
  GTask *task = user_data;
  Ask *ask = g_task_get_task_data (task);

  if (ask->done)
    return;

  g_debug ("the desktop's prompter went away without answering; answering cancel");
  if (elicit_request_get_state (ask->request) == ELICIT_REQUEST_STATE_PENDING)
    elicit_request_cancel (ask->request);
  ask->done = TRUE;
  g_task_return_boolean (task, TRUE);
  stop_listening (ask);
}

/* The server withdrew its request (or the proxy is closing): the dialog
 * on the desktop goes away too. */
static void
request_state_cb (ElicitRequest *request,
                  GParamSpec    *pspec,
                  GTask         *task)
{
  Ask *ask = g_task_get_task_data (task);

  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    return;

  g_signal_handler_disconnect (request, ask->state_handler);
  ask->state_handler = 0;
  if (ask->asked)
    g_dbus_connection_call (ask->connection, BUS_NAME, ask->handle,
                            "org.gnome.World.Elicit.Request", "Close", NULL, NULL,
                            G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}

static void
ask_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Ask *ask = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  const char *handle;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (ask->done)
    return;
  if (reply == NULL)
    {
      stop_listening (ask);
      ask->done = TRUE;
      g_dbus_error_strip_remote_error (error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_variant_get (reply, "(&o)", &handle);
  if (!g_str_equal (handle, ask->handle))
    {
      /* A prompter that ignored handle_token: listen where it says. */
      g_dbus_connection_signal_unsubscribe (ask->connection, ask->subscription);
      g_free (ask->handle);
      ask->handle = g_strdup (handle);
      ask->subscription =
        g_dbus_connection_signal_subscribe (ask->connection, BUS_NAME,
                                            "org.gnome.World.Elicit.Request", "Response",
                                            ask->handle, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                            response_cb, g_object_ref (task), g_object_unref);
    }

  /* Held by the subscription and the watch until the Response. */
  ask->asked = TRUE;
  ask->watch_id = g_bus_watch_name_on_connection (ask->connection, BUS_NAME,
                                                  G_BUS_NAME_WATCHER_FLAGS_NONE, NULL,
                                                  prompter_vanished_cb, g_object_ref (task),
                                                  g_object_unref);
  if (elicit_request_get_state (ask->request) != ELICIT_REQUEST_STATE_PENDING)
    request_state_cb (ask->request, NULL, task);
}

static char *
expected_handle (GDBusConnection *connection,
                 const char      *token)
{
  const char *name = g_dbus_connection_get_unique_name (connection);
  g_autofree char *escaped = g_strdup (name != NULL && name[0] == ':' ? name + 1 : "");

  g_strdelimit (escaped, ".", '_');

  return g_strdup_printf ("%s/request/%s/%s", OBJECT_PATH, escaped, token);
}

static char *
params_json (ElicitRequest *request)
{
  g_autoptr(JsonObject) params = elicit_json_object_deep_copy (elicit_request_get_params (request));
  g_autoptr(JsonNode) node = NULL;

  /* The prompter validates as 2025-11-25 does: a URL request names its id. */
  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL &&
      !json_object_has_member (params, "elicitationId"))
    json_object_set_string_member (params, "elicitationId", "elicit-prompter-client");

  node = json_node_init_object (json_node_alloc (), params);

  return elicit_json_to_string (node, NULL);
}

static void
call_ask (ElicitPrompterClient *self,
          GTask                *task)
{
  Ask *ask = g_task_get_task_data (task);
  g_autofree char *token = g_strdup_printf ("elicit_%d_%u", (int) getpid (), ++self->next_token);
  g_autofree char *json = params_json (ask->request);
  GVariantBuilder options;

  ask->handle = expected_handle (ask->connection, token);
  ask->subscription =
    g_dbus_connection_signal_subscribe (ask->connection, BUS_NAME,
                                        "org.gnome.World.Elicit.Request", "Response",
                                        ask->handle, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        response_cb, g_object_ref (task), g_object_unref);
  ask->state_handler = g_signal_connect (ask->request, "notify::state",
                                         G_CALLBACK (request_state_cb), task);

  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "handle_token", g_variant_new_string (token));
  if (ask->server_claim != NULL)
    g_variant_builder_add (&options, "{sv}", "server_claim",
                           g_variant_new_string (ask->server_claim));
  if (ask->parent_window != NULL)
    g_variant_builder_add (&options, "{sv}", "parent_window",
                           g_variant_new_string (ask->parent_window));
  if (ask->activation_token != NULL)
    g_variant_builder_add (&options, "{sv}", "activation_token",
                           g_variant_new_string (ask->activation_token));

  /* Auto-start allowed: an activatable prompter is started by the bus. */
  g_dbus_connection_call (ask->connection, BUS_NAME, OBJECT_PATH,
                          "org.gnome.World.Elicit.Prompter", "Ask",
                          g_variant_new ("(sss@a{sv})", ask->server_label,
                                         ask->client_label != NULL ? ask->client_label : "",
                                         json, g_variant_builder_end (&options)),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, -1,
                          g_task_get_cancellable (task), ask_cb, g_object_ref (task));
}

static void
got_connection_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Ask *ask = g_task_get_task_data (task);
  GError *error = NULL;

  ask->connection = g_task_propagate_pointer (G_TASK (result), &error);
  if (ask->connection == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (elicit_request_get_state (ask->request) != ELICIT_REQUEST_STATE_PENDING)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  call_ask (g_task_get_source_object (task), task);
}

/* GObject ---------------------------------------------------------------------------- */

static void
elicit_prompter_client_dispose (GObject *object)
{
  ElicitPrompterClient *self = ELICIT_PROMPTER_CLIENT (object);

  if (self->connection != NULL && self->owner_subscription != 0)
    g_dbus_connection_signal_unsubscribe (self->connection, self->owner_subscription);
  self->owner_subscription = 0;
  if (self->connection != NULL)
    g_dbus_connection_flush_sync (self->connection, NULL, NULL);
  g_clear_object (&self->connection);
  g_clear_error (&self->connect_error);

  G_OBJECT_CLASS (elicit_prompter_client_parent_class)->dispose (object);
}

static void
elicit_prompter_client_finalize (GObject *object)
{
  ElicitPrompterClient *self = ELICIT_PROMPTER_CLIENT (object);

  g_clear_pointer (&self->waiting, g_ptr_array_unref);
  g_free (self->client_label);
  g_free (self->activation_token);

  G_OBJECT_CLASS (elicit_prompter_client_parent_class)->finalize (object);
}

static void
elicit_prompter_client_class_init (ElicitPrompterClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_prompter_client_dispose;
  object_class->finalize = elicit_prompter_client_finalize;
}

static void
elicit_prompter_client_init (ElicitPrompterClient *self)
{
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * elicit_prompter_client_new:
 *
 * Creates a client of the desktop's prompter. Nothing is connected yet.
 *
 * Returns: (transfer full): a new prompter client
 *
 * Since: 1.0
 */
ElicitPrompterClient *
elicit_prompter_client_new (void)
{
  return g_object_new (ELICIT_TYPE_PROMPTER_CLIENT, NULL);
}

/**
 * elicit_prompter_client_get_client_label:
 * @self: a prompter client
 *
 * Gets the name the prompter shows for the program that asks.
 *
 * Returns: (nullable): the name the prompter shows for the asking program
 *
 * Since: 1.0
 */
const char *
elicit_prompter_client_get_client_label (ElicitPrompterClient *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER_CLIENT (self), NULL);

  return self->client_label;
}

/**
 * elicit_prompter_client_set_client_label:
 * @self: a prompter client
 * @client_label: (nullable): the asking program's name ("claude")
 *
 * Sets the name the prompter shows for the program that asks, as that
 * program's claim ("Everything, via claude"), in the requests asked from
 * now on. Only a claim: the prompter never shows it as trusted text.
 *
 * Since: 1.0
 */
void
elicit_prompter_client_set_client_label (ElicitPrompterClient *self,
                                         const char           *client_label)
{
  g_return_if_fail (ELICIT_IS_PROMPTER_CLIENT (self));

  g_free (self->client_label);
  self->client_label = g_strdup (client_label);
}

/**
 * elicit_prompter_client_get_activation_token:
 * @self: a prompter client
 *
 * Gets the activation token the next request will carry, if it was set
 * with [method@PrompterClient.set_activation_token] and not used yet.
 *
 * Returns: (nullable): the activation token the next request carries
 *
 * Since: 1.0
 */
const char *
elicit_prompter_client_get_activation_token (ElicitPrompterClient *self)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER_CLIENT (self), NULL);

  return self->activation_token;
}

/**
 * elicit_prompter_client_set_activation_token:
 * @self: a prompter client
 * @activation_token: (nullable): an xdg-activation token (Wayland), or a
 *   startup notification ID (X11); %NULL or "" for none
 *
 * Lets the prompter's dialog for the next request take the keyboard focus,
 * as the desktop portals' `activation_token` option does: the compositor
 * gives the focus to a window presented with a token that came from the
 * window the person is using (a launcher gets one with
 * g_app_launch_context_get_startup_notify_id() on a
 * gdk_display_get_app_launch_context(); a program started with one finds it
 * in `XDG_ACTIVATION_TOKEN` or `DESKTOP_STARTUP_ID`).
 *
 * A token is good for one activation: the next
 * [method@PrompterClient.ask_async] takes it, and the requests after it go
 * without. A dialog without a token may open behind the person's window;
 * it then asks for their attention, and its answer button stays deaf until
 * it has had the focus for the accept delay.
 *
 * Since: 1.0
 */
void
elicit_prompter_client_set_activation_token (ElicitPrompterClient *self,
                                             const char           *activation_token)
{
  g_return_if_fail (ELICIT_IS_PROMPTER_CLIENT (self));

  g_free (self->activation_token);
  self->activation_token = activation_token != NULL && *activation_token != '\0'
                           ? g_strdup (activation_token) : NULL;
}

/**
 * elicit_prompter_client_ask_async:
 * @self: a prompter client
 * @request: a pending request
 * @server_label: the name the user knows the server by, shown as the
 *   dialog's title
 * @server_claim: (nullable): the name the server gives itself, shown as
 *   its claim when it differs
 * @parent_window: (nullable): the window to put the dialog over, as
 *   xdg-desktop-portal takes it: `x11:XID` (hexadecimal) or
 *   `wayland:HANDLE` (exported with `xdg_foreign`); %NULL or "" for none
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called once the prompter answered, or could
 *   not be asked
 * @user_data: data for @callback
 *
 * Asks the desktop's prompter to put @request to the user. Its answer is
 * applied to @request (accept with the content, decline, cancel; an answer
 * that does not fit the request's schema becomes cancel) before @callback
 * runs. When @request stops being pending meanwhile, the prompter's dialog
 * is closed.
 *
 * Since: 1.0
 */
void
elicit_prompter_client_ask_async (ElicitPrompterClient *self,
                                  ElicitRequest        *request,
                                  const char           *server_label,
                                  const char           *server_claim,
                                  const char           *parent_window,
                                  GCancellable         *cancellable,
                                  GAsyncReadyCallback   callback,
                                  gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  Ask *ask;

  g_return_if_fail (ELICIT_IS_PROMPTER_CLIENT (self));
  g_return_if_fail (ELICIT_IS_REQUEST (request));
  g_return_if_fail (server_label != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_prompter_client_ask_async);

  ask = g_new0 (Ask, 1);
  ask->request = g_object_ref (request);
  ask->server_label = g_strdup (server_label);
  ask->client_label = g_strdup (self->client_label);
  ask->server_claim = g_strdup (server_claim);
  ask->parent_window = parent_window != NULL && *parent_window != '\0' ? g_strdup (parent_window)
                                                                       : NULL;
  /* Good for one activation: this request's dialog. */
  ask->activation_token = g_steal_pointer (&self->activation_token);
  g_task_set_task_data (task, ask, (GDestroyNotify) ask_free);

  get_connection_async (self, got_connection_cb, g_steal_pointer (&task));
}

/**
 * elicit_prompter_client_ask_finish:
 * @self: a prompter client
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@PrompterClient.ask_async].
 *
 * Returns: %TRUE when the prompter answered (or the request stopped being
 *   pending first); %FALSE with @error when there was no prompter to ask,
 *   the request still pending then, for a dialog of the caller's own
 *
 * Since: 1.0
 */
gboolean
elicit_prompter_client_ask_finish (ElicitPrompterClient  *self,
                                   GAsyncResult          *result,
                                   GError               **error)
{
  g_return_val_if_fail (ELICIT_IS_PROMPTER_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
