/* elicit-session-server.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitSession: what the server sends of its own accord. Its requests for
 * input reach the session through its ElicitInputSource; here are the rest:
 * ping, log messages, progress and list changes. */

#include "config.h"

#include <math.h>

#include "elicit-session-private.h"

static gboolean
get_number (JsonObject *object,
            const char *name,
            double     *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;

  *value = json_node_get_double (node);

  return isfinite (*value);
}

static gboolean
ping_cb (ElicitPeer    *peer,
         const char    *method,
         JsonNode      *id,
         JsonObject    *params,
         JsonNode      *message,
         ElicitSession *self)
{
  g_autoptr(JsonObject) result = json_object_new ();

  elicit_peer_reply (peer, id, result);

  return TRUE;
}

/* A log message's members, read from the text's index in one pass when
 * there is no tree. Short plain strings go into the buffers. */
typedef struct
{
  char        level_buf[64];
  char        logger_buf[256];
  char       *level_heap;
  char       *logger_heap;
  const char *level;
  const char *logger;
  JsonNode   *data;
} LogMessage;

static void
log_message_clear (LogMessage *log)
{
  g_free (log->level_heap);
  g_free (log->logger_heap);
  g_clear_pointer (&log->data, json_node_unref);
}

static void
read_log_message (ElicitIncoming *message,
                  LogMessage     *log)
{
  static const char * const names[] = { "level", "logger", "data" };
  int found[G_N_ELEMENTS (names)];

  if (elicit_incoming_find_params (message, names, G_N_ELEMENTS (names), found))
    {
      log->level = elicit_incoming_member_string (message, found[0], log->level_buf,
                                                  sizeof log->level_buf, &log->level_heap);
      log->logger = elicit_incoming_member_string (message, found[1], log->logger_buf,
                                                   sizeof log->logger_buf, &log->logger_heap);
      log->data = elicit_incoming_member_build (message, found[2]);
      return;
    }

  log->level = elicit_incoming_params_string (message, "level", log->level_buf,
                                              sizeof log->level_buf, &log->level_heap);
  log->logger = elicit_incoming_params_string (message, "logger", log->logger_buf,
                                               sizeof log->logger_buf, &log->logger_heap);
  log->data = elicit_incoming_dup_params_member (message, "data");
}

/* How many log messages a handler of ::message, once seen, is trusted for. */
#define LOG_HANDLER_TRUST 64

/*
 * Whether ::message has a handler. Asking GLib is a good part of a log
 * message's cost, so a handler seen is trusted for the next
 * LOG_HANDLER_TRUST messages: if it goes meanwhile, those few are read and
 * emitted to nobody, which wastes a little and changes nothing. No handler
 * is never trusted: a handler connected since is found at the next message.
 */
static gboolean
wants_log_messages (ElicitSession *self)
{
  if (self->log_handler_trust > 0)
    {
      self->log_handler_trust--;
      return TRUE;
    }

  if (!g_signal_has_handler_pending (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_MESSAGE],
                                     0, FALSE))
    return FALSE;

  self->log_handler_trust = LOG_HANDLER_TRUST - 1;
  return TRUE;
}

/* Log messages: read, from the text when there is no tree, only when
 * ::message has a handler. */
static void
log_message_cb (ElicitPeer     *peer,
                const char     *method,
                ElicitIncoming *message,
                gpointer        user_data)
{
  ElicitSession *self = user_data;
  LogMessage log;

  if (!wants_log_messages (self))
    return;

  /* The buffers are left as they are: a string is written before it is read. */
  log.level_heap = log.logger_heap = NULL;
  read_log_message (message, &log);
  if (log.level == NULL || log.data == NULL)
    g_debug ("ignoring a malformed notifications/message");
  else
    g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_MESSAGE], 0,
                   log.level, log.logger, log.data);
  log_message_clear (&log);
}

static gboolean
is_token (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         (json_node_get_value_type (node) == G_TYPE_INT64 ||
          json_node_get_value_type (node) == G_TYPE_STRING);
}

/* The params object of a notification, from its tree; NULL when it is not
 * an object. The rare notifications below are read as trees. */
static JsonObject *
tree_params (ElicitIncoming *message)
{
  JsonNode *node = elicit_incoming_get_node (message);

  return elicit_json_object_get_object (json_node_get_object (node), "params");
}

static void
progress_cb (ElicitPeer     *peer,
             const char     *method,
             ElicitIncoming *message,
             gpointer        user_data)
{
  ElicitSession *self = user_data;
  JsonObject *params = tree_params (message);
  JsonNode *token = params ? json_object_get_member (params, "progressToken") : NULL;
  const char *text = elicit_json_object_get_string (params, "message");
  double progress;
  double total = -1;

  if (!is_token (token) || !get_number (params, "progress", &progress))
    {
      g_debug ("ignoring a malformed notifications/progress");
      return;
    }

  if (json_object_has_member (params, "total") && !get_number (params, "total", &total))
    total = -1;

  elicit_session_report_progress (self, token, progress, total, text);
  g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_PROGRESS], 0,
                 token, progress, total, text);
}

static void
list_changed_cb (ElicitPeer     *peer,
                 const char     *method,
                 ElicitIncoming *message,
                 gpointer        user_data)
{
  ElicitSession *self = user_data;
  static const char * const kinds[] = { "tools", "prompts", "resources" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *expected = g_strdup_printf ("notifications/%s/list_changed", kinds[i]);

      if (g_str_equal (method, expected))
        g_signal_emit (self, elicit_session_signals[ELICIT_SESSION_SIGNAL_LIST_CHANGED],
                       g_quark_from_static_string (kinds[i]), kinds[i]);
    }
}

static void
task_status_cb (ElicitPeer     *peer,
                const char     *method,
                ElicitIncoming *message,
                gpointer        user_data)
{
  ElicitSession *self = user_data;
  JsonObject *params = tree_params (message);

  if (params != NULL)
    elicit_session_task_status_changed (self, params);
}

void
elicit_session_listen_to_server (ElicitSession *self)
{
  g_signal_connect_object (self->peer, "handle-request::ping", G_CALLBACK (ping_cb), self, 0);
  elicit_peer_add_notification_func (self->peer, "notifications/message", log_message_cb, self);
  /* Not ::notification handlers: with none, the peer reads a flood of log
   * lines without asking GObject about each detail. */
  elicit_peer_add_notification_func (self->peer, "notifications/progress", progress_cb, self);
  elicit_peer_add_notification_func (self->peer, "notifications/tools/list_changed",
                                     list_changed_cb, self);
  elicit_peer_add_notification_func (self->peer, "notifications/prompts/list_changed",
                                     list_changed_cb, self);
  elicit_peer_add_notification_func (self->peer, "notifications/resources/list_changed",
                                     list_changed_cb, self);
  elicit_peer_add_notification_func (self->peer, "notifications/tasks/status", task_status_cb, self);
}
