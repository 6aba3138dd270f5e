/* elicit-remote-request.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-dbus-generated.h"
#include "elicit-remote-request.h"

/*
 * ElicitRemoteRequest: one question a D-Bus caller asked the prompter
 * (org.gnome.World.Elicit.Prompter.Ask). It exports the
 * org.gnome.World.Elicit.Request object at its handle, answers the
 * caller's Close(), and, when its ElicitRequest leaves PENDING, sends the
 * one Response signal to the caller alone (the content is the user's data)
 * and emits ::finished. A withdrawn request (the caller went away) sends
 * nothing.
 */

struct _ElicitRemoteRequest
{
  GObject               parent_instance;

  ElicitRequest        *request;
  char                 *sender;
  char                 *handle;
  char                 *server_label;
  char                 *client_label;
  char                 *server_claim;
  char                 *parent_window;
  char                 *activation_token;

  GDBusConnection      *connection;
  ElicitDBusRequest    *skeleton;
  guint                 finished : 1;
};

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitRemoteRequest, elicit_remote_request, G_TYPE_OBJECT)

static const char *
action_for_state (ElicitRequestState state)
{
  switch (state)
    {
    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_COMPLETED:
      return "accept";

    case ELICIT_REQUEST_STATE_DECLINED:
      return "decline";

    case ELICIT_REQUEST_STATE_CANCELLED:
    case ELICIT_REQUEST_STATE_PENDING:
    case ELICIT_REQUEST_STATE_WITHDRAWN:
    default:
      return "cancel";
    }
}

static char *
content_json (ElicitRequest *request)
{
  JsonObject *content = elicit_request_get_content (request);
  g_autoptr(JsonNode) node = NULL;

  if (content == NULL)
    return g_strdup ("");

  node = json_node_init_object (json_node_alloc (), content);

  return elicit_json_to_string (node, NULL);
}

static void
send_response (ElicitRemoteRequest *self)
{
  ElicitRequestState state = elicit_request_get_state (self->request);
  g_autofree char *content = NULL;
  g_autoptr(GError) error = NULL;

  if (self->connection == NULL || state == ELICIT_REQUEST_STATE_WITHDRAWN)
    return;

  content = content_json (self->request);
  if (!g_dbus_connection_emit_signal (self->connection, self->sender, self->handle,
                                      "org.gnome.World.Elicit.Request", "Response",
                                      g_variant_new ("(ss)", action_for_state (state), content),
                                      &error))
    g_debug ("could not send the response to %s: %s", self->sender, error->message);
}

static void
finish (ElicitRemoteRequest *self)
{
  g_autoptr(ElicitRemoteRequest) hold G_GNUC_UNUSED = g_object_ref (self);

  if (self->finished)
    return;

  self->finished = TRUE;
  g_signal_handlers_disconnect_by_data (self->request, self);
  send_response (self);
  elicit_remote_request_unexport (self);
  g_signal_emit (self, signals[FINISHED], 0);
}

static void
request_state_cb (ElicitRequest       *request,
                  GParamSpec          *pspec,
                  ElicitRemoteRequest *self)
{
  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    finish (self);
}

static gboolean
handle_close_cb (ElicitDBusRequest     *skeleton,
                 GDBusMethodInvocation *invocation,
                 ElicitRemoteRequest   *self)
{
  g_autoptr(ElicitRemoteRequest) hold G_GNUC_UNUSED = g_object_ref (self);

  if (g_strcmp0 (g_dbus_method_invocation_get_sender (invocation), self->sender) != 0)
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.AccessDenied",
                                                  _("Only the caller that asked may close a request"));
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  elicit_dbus_request_complete_close (skeleton, invocation);

  /* The Response follows the reply: cancel, as a user closing the dialog. */
  if (elicit_request_get_state (self->request) == ELICIT_REQUEST_STATE_PENDING)
    elicit_request_cancel (self->request);
  else
    finish (self);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static void
elicit_remote_request_dispose (GObject *object)
{
  ElicitRemoteRequest *self = ELICIT_REMOTE_REQUEST (object);

  elicit_remote_request_unexport (self);
  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (self->request, self);
  g_clear_object (&self->request);

  G_OBJECT_CLASS (elicit_remote_request_parent_class)->dispose (object);
}

static void
elicit_remote_request_finalize (GObject *object)
{
  ElicitRemoteRequest *self = ELICIT_REMOTE_REQUEST (object);

  g_free (self->sender);
  g_free (self->handle);
  g_free (self->server_label);
  g_free (self->client_label);
  g_free (self->server_claim);
  g_free (self->parent_window);
  g_free (self->activation_token);

  G_OBJECT_CLASS (elicit_remote_request_parent_class)->finalize (object);
}

static void
elicit_remote_request_class_init (ElicitRemoteRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_remote_request_dispose;
  object_class->finalize = elicit_remote_request_finalize;

  /* ElicitRemoteRequest::finished: answered (Response sent) or withdrawn;
   * the object is no longer exported. */
  signals[FINISHED] =
    g_signal_new ("finished",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
elicit_remote_request_init (ElicitRemoteRequest *self)
{
}

static char *
label_or_null (const char *label)
{
  return label != NULL && *label != '\0' ? g_strdup (label) : NULL;
}

ElicitRemoteRequest *
elicit_remote_request_new (ElicitRequest *request,
                           const char    *sender,
                           const char    *handle,
                           const char    *server_label,
                           const char    *client_label,
                           const char    *server_claim)
{
  ElicitRemoteRequest *self;

  g_return_val_if_fail (ELICIT_IS_REQUEST (request), NULL);
  g_return_val_if_fail (sender != NULL, NULL);
  g_return_val_if_fail (g_variant_is_object_path (handle), NULL);

  self = g_object_new (ELICIT_TYPE_REMOTE_REQUEST, NULL);
  self->request = g_object_ref (request);
  self->sender = g_strdup (sender);
  self->handle = g_strdup (handle);
  self->server_label = label_or_null (server_label);
  self->client_label = label_or_null (client_label);
  self->server_claim = label_or_null (server_claim);

  return self;
}

ElicitRequest *
elicit_remote_request_get_request (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->request;
}

const char *
elicit_remote_request_get_sender (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->sender;
}

const char *
elicit_remote_request_get_handle (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->handle;
}

/* What the caller calls the server: the dialog's title. */
const char *
elicit_remote_request_get_server_label (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->server_label;
}

/* What the caller calls itself: a claim. */
const char *
elicit_remote_request_get_client_label (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->client_label;
}

/* What the server calls itself, as the caller reports it. */
const char *
elicit_remote_request_get_server_claim (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->server_claim;
}

gboolean
elicit_remote_request_export (ElicitRemoteRequest  *self,
                              GDBusConnection      *connection,
                              GError              **error)
{
  g_autoptr(ElicitDBusRequest) skeleton = elicit_dbus_request_skeleton_new ();

  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), FALSE);
  g_return_val_if_fail (self->skeleton == NULL, FALSE);

  g_signal_connect (skeleton, "handle-close", G_CALLBACK (handle_close_cb), self);
  if (!g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (skeleton), connection,
                                         self->handle, error))
    return FALSE;

  self->skeleton = g_steal_pointer (&skeleton);
  self->connection = g_object_ref (connection);
  g_signal_connect (self->request, "notify::state", G_CALLBACK (request_state_cb), self);

  return TRUE;
}

void
elicit_remote_request_unexport (ElicitRemoteRequest *self)
{
  g_return_if_fail (ELICIT_IS_REMOTE_REQUEST (self));

  if (self->skeleton != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->skeleton, self);
      g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (self->skeleton));
    }
  g_clear_object (&self->skeleton);
  g_clear_object (&self->connection);
}

/* The caller's window to put the dialog over ("x11:XID", "wayland:HANDLE"),
 * as checked by the prompter; NULL for none. */
const char *
elicit_remote_request_get_parent_window (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->parent_window;
}

void
elicit_remote_request_set_parent_window (ElicitRemoteRequest *self,
                                         const char          *parent_window)
{
  g_return_if_fail (ELICIT_IS_REMOTE_REQUEST (self));

  g_free (self->parent_window);
  self->parent_window = label_or_null (parent_window);
}

/* The caller's xdg-activation token (or X11 startup ID) for the dialog:
 * it may take the focus. NULL for none. */
const char *
elicit_remote_request_get_activation_token (ElicitRemoteRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REMOTE_REQUEST (self), NULL);

  return self->activation_token;
}

void
elicit_remote_request_set_activation_token (ElicitRemoteRequest *self,
                                            const char          *token)
{
  g_return_if_fail (ELICIT_IS_REMOTE_REQUEST (self));

  g_free (self->activation_token);
  self->activation_token = token != NULL && *token != '\0' ? g_strdup (token) : NULL;
}
