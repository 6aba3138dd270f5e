/* elicit-session-connect.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: finding out which revision the server speaks.
 *
 * Elicit is dual-era. It first probes with `server/discover` in the modern
 * revision (2026-07-28: no handshake, every request carries its version,
 * identity and capabilities in `_meta`). A DiscoverResult, or a modern
 * error (-32022, UnsupportedProtocolVersion, with the versions the server
 * supports), means a modern server: the session picks a version both speak,
 * retrying the probe once with it. Any other error means a legacy server:
 * the session falls back to the `initialize` handshake of 2025-11-25,
 * accepting 2025-06-18, 2025-03-26 and 2024-11-05 (which cannot elicit).
 *
 * Silence is a verdict on stdio only, where a legacy server may ignore a
 * request before initialize. Over HTTP every request gets a status (a
 * legacy server answers 4xx), so a probe that times out means a slow or
 * unreachable server: the connection fails rather than falling back to a
 * revision the server may not speak (a modern server then rejects the
 * initialize-era requests, e.g. "Missing MCP-Protocol-Version header"). */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-http-transport.h"
#include "elicit-session-private.h"
#include "elicit-text-private.h"

/* Every version Elicit speaks, best first; all but the first are legacy. */
const char * const elicit_session_known_versions[] = {
  ELICIT_PROTOCOL_VERSION,
  ELICIT_LEGACY_PROTOCOL_VERSION,
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  NULL
};

/* Whether the user lets the session speak @version. */
static gboolean
speaks (ElicitSession *self,
        const char    *version)
{
  return g_strv_contains ((const char * const *) self->protocol_versions, version);
}

/* The version an initialize offers: the best legacy one allowed. */
static const char *
offered_legacy_version (ElicitSession *self)
{
  for (guint i = 1; elicit_session_known_versions[i] != NULL; i++)
    if (speaks (self, elicit_session_known_versions[i]))
      return elicit_session_known_versions[i];

  return NULL;
}

/* A modern server may answer -32022 twice before we give up on it. */
#define MAX_DISCOVER_ATTEMPTS 2
/* How long a stdio server that ignores the probe is waited for, in ms. */
#define DISCOVER_TIMEOUT 10000

static void start_initialize (ElicitSession *self,
                              GTask         *task);

/* Tasks: 2025-11-25 lets a server run its elicitation/create as a task;
 * 2026-07-28 has the tasks extension instead. */
static JsonObject *
tasks_capability (void)
{
  JsonObject *tasks = json_object_new ();
  JsonObject *requests = json_object_new ();
  JsonObject *elicitation = json_object_new ();

  json_object_set_object_member (elicitation, "create", json_object_new ());
  json_object_set_object_member (requests, "elicitation", elicitation);
  json_object_set_object_member (tasks, "list", json_object_new ());
  json_object_set_object_member (tasks, "cancel", json_object_new ());
  json_object_set_object_member (tasks, "requests", requests);

  return tasks;
}

JsonObject *
elicit_session_client_capabilities (ElicitSession *self,
                                    gboolean       modern)
{
  JsonObject *capabilities = json_object_new ();
  JsonObject *elicitation = json_object_new ();

  json_object_set_object_member (elicitation, "form", json_object_new ());
  json_object_set_object_member (elicitation, "url", json_object_new ());
  json_object_set_object_member (capabilities, "elicitation", elicitation);

  if (modern)
    {
      JsonObject *extensions = json_object_new ();

      json_object_set_object_member (extensions, "io.modelcontextprotocol/tasks", json_object_new ());
      json_object_set_object_member (capabilities, "extensions", extensions);
    }
  else
    json_object_set_object_member (capabilities, "tasks", tasks_capability ());

  return capabilities;
}

JsonObject *
elicit_session_client_info (ElicitSession *self)
{
  JsonObject *client_info = json_object_new ();

  json_object_set_string_member (client_info, "name", self->client_name);
  if (self->client_title != NULL)
    json_object_set_string_member (client_info, "title", self->client_title);
  json_object_set_string_member (client_info, "version", self->client_version);

  return client_info;
}

static JsonObject *
initialize_params (ElicitSession *self)
{
  JsonObject *params = json_object_new ();
  JsonObject *capabilities = elicit_session_client_capabilities (self, FALSE);

  json_object_set_string_member (params, "protocolVersion", offered_legacy_version (self));
  json_object_set_object_member (params, "capabilities", capabilities);
  json_object_set_object_member (params, "clientInfo", elicit_session_client_info (self));

  return params;
}

static gboolean
is_supported_version (ElicitSession *self,
                      const char    *version)
{
  return !g_str_equal (version, ELICIT_PROTOCOL_VERSION) && speaks (self, version);
}

/* What the server says of itself, made safe to show; all of it a claim. */
static void
apply_server_info (ElicitSession *self,
                   JsonObject    *server_info,
                   JsonObject    *capabilities,
                   const char    *instructions)
{
  g_clear_pointer (&self->server_capabilities, json_object_unref);
  g_clear_pointer (&self->server_name, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->instructions, g_free);

  self->server_capabilities = capabilities ? json_object_ref (capabilities) : json_object_new ();
  self->server_name = elicit_text_sanitize_line (elicit_json_object_get_string (server_info, "name"),
                                                 ELICIT_TEXT_LINE_MAX);
  self->server_title = elicit_text_sanitize_line (elicit_json_object_get_string (server_info, "title"),
                                                  ELICIT_TEXT_LINE_MAX);
  self->server_version = elicit_text_sanitize_line (elicit_json_object_get_string (server_info, "version"),
                                                    ELICIT_TEXT_LINE_MAX);
  self->instructions = elicit_text_sanitize_block (instructions, ELICIT_TEXT_BLOCK_MAX);
}

static gboolean
apply_initialize_result (ElicitSession  *self,
                         JsonNode       *node,
                         GError        **error)
{
  JsonObject *result = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *version = elicit_json_object_get_string (result, "protocolVersion");
  JsonObject *capabilities = elicit_json_object_get_object (result, "capabilities");
  JsonObject *server_info = elicit_json_object_get_object (result, "serverInfo");
  const char *instructions = elicit_json_object_get_string (result, "instructions");

  if (version == NULL)
    {
      g_set_error_literal (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                           _("The server's answer to “initialize” has no protocol version"));
      return FALSE;
    }

  if (!is_supported_version (self, version))
    {
      g_autofree char *shown = elicit_text_sanitize_line (version, 40);

      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION,
                   _("The server speaks MCP version “%s”, which Elicit does not support "
                     "(Elicit asked for version “%s”)"),
                   shown, offered_legacy_version (self));
      return FALSE;
    }

  self->protocol_version = g_strdup (version);
  apply_server_info (self, server_info, capabilities, instructions);

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
fail_connect (ElicitSession *self,
              GTask         *task,
              GError        *error)
{
  /* A session whose handshake failed is of no further use. */
  g_debug ("connecting failed: %s", error->message);
  if (!elicit_transport_is_closed (self->transport))
    elicit_transport_close_async (self->transport, NULL, NULL, NULL);
  g_task_return_error (task, error);
}

static void
become_ready (ElicitSession *self,
              GTask         *task)
{
  notify_server_info (self);
  if (self->state == ELICIT_SESSION_STATE_CONNECTING)
    elicit_session_set_state (self, ELICIT_SESSION_STATE_READY);

  if (self->state == ELICIT_SESSION_STATE_CLOSED)
    g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                             "%s", self->close_error->message);
  else
    g_task_return_boolean (task, TRUE);
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;

  node = g_task_propagate_pointer (G_TASK (result), &error);

  if (node == NULL || !apply_initialize_result (self, node, &error))
    {
      fail_connect (self, task, error);
      return;
    }

  elicit_transport_set_protocol_version (self->transport, self->protocol_version);
  elicit_peer_notify (self->peer, "notifications/initialized", NULL);
  become_ready (self, task);
}

static void
start_initialize (ElicitSession *self,
                  GTask         *task)
{
  g_autoptr(JsonObject) params = initialize_params (self);

  g_clear_pointer (&self->meta_version, g_free);
  elicit_session_start_call (self, "initialize", params, ELICIT_PEER_CALL_NOT_CANCELLABLE,
                             NULL, NULL, g_task_get_cancellable (task), initialize_cb, task);
}

/* The modern server's identity: `_meta`'s serverInfo, or a plain
 * `serverInfo` as some servers still send. */
static JsonObject *
discovered_server_info (JsonObject *result)
{
  JsonObject *meta = elicit_json_object_get_object (result, "_meta");
  JsonObject *info = elicit_json_object_get_object (meta, "io.modelcontextprotocol/serverInfo");

  return info != NULL ? info : elicit_json_object_get_object (result, "serverInfo");
}

static gboolean
lists_version (JsonArray  *versions,
               const char *version)
{
  for (guint i = 0; versions != NULL && i < json_array_get_length (versions); i++)
    {
      JsonNode *node = json_array_get_element (versions, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING &&
          g_str_equal (json_node_get_string (node), version))
        return TRUE;
    }

  return FALSE;
}

/* The best legacy version in @versions that the session may speak, or NULL. */
static const char *
best_legacy_version (ElicitSession *self,
                     JsonArray     *versions)
{
  for (guint i = 1; elicit_session_known_versions[i] != NULL; i++)
    if (speaks (self, elicit_session_known_versions[i]) &&
        lists_version (versions, elicit_session_known_versions[i]))
      return elicit_session_known_versions[i];

  return NULL;
}

static GError *
no_common_version (ElicitSession *self,
                   JsonArray     *versions)
{
  g_autofree char *ours = NULL;
  g_autoptr(GString) listed = g_string_new (NULL);

  for (guint i = 0; versions != NULL && i < json_array_get_length (versions) && i < 8; i++)
    {
      JsonNode *node = json_array_get_element (versions, i);
      g_autofree char *shown = NULL;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      shown = elicit_text_sanitize_line (json_node_get_string (node), 40);
      g_string_append_printf (listed, "%s“%s”", listed->len > 0 ? ", " : "", shown);
    }

  ours = g_strjoinv (", ", self->protocol_versions);

  return g_error_new (ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION,
                      _("The server speaks MCP versions %s, none of which this client speaks (%s)"),
                      listed->len > 0 ? listed->str : "—", ours);
}

static void start_discover (ElicitSession *self,
                            GTask         *task);

/* -32022: a modern server that wants another version. Takes @error. */
static void
retry_discover (ElicitSession *self,
                GTask         *task,
                GError        *error)
{
  JsonNode *data = elicit_session_error_get_data (error);
  JsonObject *object = data && JSON_NODE_HOLDS_OBJECT (data) ? json_node_get_object (data) : NULL;
  JsonNode *list = object ? json_object_get_member (object, "supported") : NULL;
  JsonArray *versions = list && JSON_NODE_HOLDS_ARRAY (list) ? json_node_get_array (list) : NULL;

  if (speaks (self, ELICIT_PROTOCOL_VERSION) && lists_version (versions, ELICIT_PROTOCOL_VERSION) &&
      self->discover_attempts < MAX_DISCOVER_ATTEMPTS)
    start_discover (self, g_object_ref (task));
  else if (best_legacy_version (self, versions) != NULL)
    start_initialize (self, g_object_ref (task));
  else
    fail_connect (self, task, no_common_version (self, versions));

  g_error_free (error);
}

/* Whether @error says the probe got no answer at all (it timed out, or the
 * server could not be reached or stopped mid-answer) where that says
 * nothing about the server's era: over HTTP, where even a legacy server
 * answers with a status. */
static gboolean
is_no_verdict (ElicitSession *self,
               const GError  *error)
{
  return ELICIT_IS_HTTP_TRANSPORT (self->transport) &&
         (g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_TIMEOUT) ||
          g_error_matches (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO));
}

static void
discover_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  ElicitSession *self = ELICIT_SESSION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonNode) node = NULL;
  GError *error = NULL;
  JsonObject *answer;
  JsonNode *list;
  JsonArray *versions;

  node = g_task_propagate_pointer (G_TASK (result), &error);
  if (node == NULL)
    {
      if (elicit_session_error_get_code (error) == ELICIT_SESSION_ERROR_UNSUPPORTED_PROTOCOL_VERSION)
        retry_discover (self, task, error);
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
               g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED) ||
               is_no_verdict (self, error))
        fail_connect (self, task, error);
      else
        {
          /* Any other answer, or none: a legacy server. */
          g_debug ("no modern answer to server/discover (%s); initializing", error->message);
          g_error_free (error);
          start_initialize (self, g_steal_pointer (&task));
        }
      return;
    }

  answer = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  list = answer ? json_object_get_member (answer, "supportedVersions") : NULL;
  versions = list && JSON_NODE_HOLDS_ARRAY (list) ? json_node_get_array (list) : NULL;

  /* Some legacy servers answer any method with an empty result: that is
   * no DiscoverResult. */
  if (versions == NULL)
    {
      g_debug ("server/discover answered without supportedVersions; initializing");
      start_initialize (self, g_steal_pointer (&task));
      return;
    }

  if (!lists_version (versions, ELICIT_PROTOCOL_VERSION))
    {
      /* A modern server that only speaks legacy versions: initialize. */
      if (best_legacy_version (self, versions) != NULL)
        start_initialize (self, g_steal_pointer (&task));
      else
        fail_connect (self, task, no_common_version (self, versions));
      return;
    }

  self->protocol_version = g_strdup (ELICIT_PROTOCOL_VERSION);
  apply_server_info (self, discovered_server_info (answer),
                     elicit_json_object_get_object (answer, "capabilities"),
                     elicit_json_object_get_string (answer, "instructions"));
  elicit_transport_set_protocol_version (self->transport, self->protocol_version);
  become_ready (self, task);
}

static void
start_discover (ElicitSession *self,
                GTask         *task)
{
  g_autoptr(JsonObject) params = json_object_new ();

  guint timeout = elicit_peer_get_timeout (self->peer);

  self->discover_attempts++;
  g_free (self->meta_version);
  self->meta_version = g_strdup (ELICIT_PROTOCOL_VERSION);

  /* A legacy stdio server may ignore a request before initialize: not for
   * long, and it hears nothing more of the probe (no cancellation) after.
   * Over HTTP the probe waits as long as any request. */
  if (!ELICIT_IS_HTTP_TRANSPORT (self->transport))
    timeout = timeout > 0 ? MIN (timeout, DISCOVER_TIMEOUT) : DISCOVER_TIMEOUT;
  elicit_session_start_call_with_timeout (self, "server/discover", params,
                                          ELICIT_PEER_CALL_NOT_CANCELLABLE, timeout, NULL, NULL,
                                          g_task_get_cancellable (task), discover_cb, task);
}

/**
 * elicit_session_connect_async:
 * @self: a session not connected yet
 * @cancellable: (nullable): a cancellable; cancelling closes the session
 * @callback: called when the session is ready
 * @user_data: data for @callback
 *
 * Starts the transport and finds out which revision the server speaks: a
 * `server/discover` probe in 2026-07-28 first, then, for a server that does
 * not answer it as a modern server does, the `initialize` handshake of
 * 2025-11-25. Fails with [error@SessionError.UNSUPPORTED_VERSION] if the
 * server only speaks versions this client does not (the session then
 * closes), or with the error the server answered with.
 *
 * Since: 1.0
 */
void
elicit_session_connect_async (ElicitSession       *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

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
  if (speaks (self, ELICIT_PROTOCOL_VERSION))
    start_discover (self, g_steal_pointer (&task));
  else
    start_initialize (self, g_steal_pointer (&task));
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
 *
 * Since: 1.0
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
