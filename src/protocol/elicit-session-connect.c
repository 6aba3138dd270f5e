/* elicit-session-connect.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: the handshake, and the protocol version it settles on. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-session-private.h"
#include "elicit-text-private.h"

static const char * const supported_versions[] = {
  ELICIT_PROTOCOL_VERSION,
  "2025-06-18",
  "2025-03-26",
};

static JsonObject *
initialize_params (ElicitSession *self)
{
  JsonObject *params = json_object_new ();
  JsonObject *capabilities = json_object_new ();
  JsonObject *elicitation = json_object_new ();
  JsonObject *client_info = json_object_new ();

  json_object_set_object_member (elicitation, "form", json_object_new ());
  json_object_set_object_member (elicitation, "url", json_object_new ());
  json_object_set_object_member (capabilities, "elicitation", elicitation);

  json_object_set_string_member (client_info, "name", self->client_name);
  if (self->client_title != NULL)
    json_object_set_string_member (client_info, "title", self->client_title);
  json_object_set_string_member (client_info, "version", self->client_version);

  json_object_set_string_member (params, "protocolVersion", ELICIT_PROTOCOL_VERSION);
  json_object_set_object_member (params, "capabilities", capabilities);
  json_object_set_object_member (params, "clientInfo", client_info);

  return params;
}

static gboolean
is_supported_version (const char *version)
{
  for (guint i = 0; i < G_N_ELEMENTS (supported_versions); i++)
    if (g_str_equal (version, supported_versions[i]))
      return TRUE;

  return FALSE;
}

static gboolean
apply_initialize_result (ElicitSession  *self,
                         JsonNode       *node,
                         GError        **error)
{
  JsonObject *result = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *version = elicit_session_get_string_member (result, "protocolVersion");
  JsonObject *capabilities = elicit_session_get_object_member (result, "capabilities");
  JsonObject *server_info = elicit_session_get_object_member (result, "serverInfo");
  const char *instructions = elicit_session_get_string_member (result, "instructions");

  if (version == NULL)
    {
      g_set_error_literal (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                           _("The server's answer to “initialize” has no protocol version"));
      return FALSE;
    }

  if (!is_supported_version (version))
    {
      g_autofree char *shown = elicit_text_sanitize_line (version, 40);

      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION,
                   _("The server speaks MCP version “%s”, which Elicit does not support "
                     "(Elicit asked for version “%s”)"),
                   shown, ELICIT_PROTOCOL_VERSION);
      return FALSE;
    }

  self->protocol_version = g_strdup (version);
  self->server_capabilities = capabilities ? json_object_ref (capabilities) : json_object_new ();
  self->server_name = elicit_text_sanitize_line (elicit_session_get_string_member (server_info, "name"),
                                                 ELICIT_TEXT_LINE_MAX);
  self->server_title = elicit_text_sanitize_line (elicit_session_get_string_member (server_info, "title"),
                                                  ELICIT_TEXT_LINE_MAX);
  self->server_version = elicit_text_sanitize_line (elicit_session_get_string_member (server_info, "version"),
                                                    ELICIT_TEXT_LINE_MAX);
  self->instructions = elicit_text_sanitize_block (instructions, ELICIT_TEXT_BLOCK_MAX);

  return TRUE;
}

static void
notify_server_info (ElicitSession *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_PROTOCOL_VERSION]);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_SERVER_CAPABILITIES]);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_SERVER_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_SERVER_TITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_SERVER_VERSION]);
  g_object_notify_by_pspec (G_OBJECT (self), elicit_session_properties[ELICIT_SESSION_PROP_INSTRUCTIONS]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);

  if (node == NULL || !apply_initialize_result (self, node, &error))
    {
      /* A session whose handshake failed is of no further use. */
      g_debug ("handshake failed: %s", error->message);
      if (!elicit_transport_is_closed (self->transport))
        elicit_transport_close_async (self->transport, NULL, NULL, NULL);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  elicit_transport_set_protocol_version (self->transport, self->protocol_version);
  elicit_peer_notify (self->peer, "notifications/initialized", NULL);

  notify_server_info (self);
  if (self->state == ELICIT_SESSION_STATE_CONNECTING)
    elicit_session_set_state (self, ELICIT_SESSION_STATE_READY);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                             "%s", self->close_error->message);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * elicit_session_connect_async:
 * @self: a session not connected yet
 * @cancellable: (nullable): a cancellable; cancelling closes the session
 * @callback: called when the handshake is done
 * @user_data: data for @callback
 *
 * Starts the transport and performs the MCP handshake. Fails with
 * %ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION if the server only speaks a
 * version this client does not (the session then closes), or with the error
 * the server answered `initialize` with.
 */
void
elicit_session_connect_async (ElicitSession       *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(JsonObject) params = NULL;

  g_return_if_fail (ELICIT_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_session_connect_async);

  if (self->state != ELICIT_SESSION_STATE_DISCONNECTED)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED,
                               _("The session was already connected"));
      return;
    }

  elicit_session_set_state (self, ELICIT_SESSION_STATE_CONNECTING);
  elicit_peer_start (self->peer);

  params = initialize_params (self);
  elicit_session_start_call (self, "initialize", params, ELICIT_PEER_CALL_NOT_CANCELLABLE, NULL, NULL, cancellable,
              initialize_cb, g_steal_pointer (&task));
}

/**
 * elicit_session_connect_finish:
 * @self: a session
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Session.connect_async].
 *
 * Returns: %TRUE once the session is ready
 */
gboolean
elicit_session_connect_finish (ElicitSession  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  g_return_val_if_fail (ELICIT_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_session_connect_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
