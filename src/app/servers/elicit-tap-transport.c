/* elicit-tap-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-tap-transport.h"
#include "elicit-text-domain.h"

/**
 * ElicitTapTransport:
 *
 * The app's view of one server's connection: a [class@Transport] in front of
 * the real one that reports every message, both ways, through
 * [signal@TapTransport::traffic] (the window's log of the protocol), and
 * that translates the server's text through the text domain the user
 * configured for it before the session sees it (the message, titles,
 * descriptions and option titles of `elicitation/create`, and the titles,
 * descriptions and input schemas of `tools/list`).
 *
 * Everything else passes unchanged: start, close, the closing reason, the
 * server's log lines, messages the safe parser refused.
 */

/* The tools/list calls waiting for their answer, so that answer is
 * translated; a server that never answers cannot grow this past the cap. */
#define MAX_TRACKED_CALLS 64

struct _ElicitTapTransport
{
  ElicitTransport  parent_instance;

  ElicitTransport *inner;
  char            *text_domain;
  GPtrArray       *tools_list_ids;   /* JsonNode, the ids of tools/list calls */
  gboolean         started;
};

enum {
  PROP_0,
  PROP_INNER,
  PROP_TEXT_DOMAIN,
  N_PROPS
};

enum {
  TRAFFIC,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitTapTransport, elicit_tap_transport, ELICIT_TYPE_TRANSPORT)

/* Remembers the id of a tools/list we send, so its answer is translated. */
static void
track_sent (ElicitTapTransport *self,
            JsonNode           *message)
{
  const char *method;
  JsonNode *id;

  if (self->text_domain == NULL ||
      elicit_peer_classify (message, &method, &id, NULL, NULL) != ELICIT_MESSAGE_KIND_REQUEST ||
      !g_str_equal (method, "tools/list"))
    return;

  if (self->tools_list_ids->len >= MAX_TRACKED_CALLS)
    g_ptr_array_remove_index (self->tools_list_ids, 0);
  g_ptr_array_add (self->tools_list_ids, json_node_copy (id));
}

static gboolean
take_tracked (ElicitTapTransport *self,
              JsonNode           *message)
{
  JsonNode *id;

  if (self->tools_list_ids->len == 0 ||
      elicit_peer_classify (message, NULL, &id, NULL, NULL) != ELICIT_MESSAGE_KIND_RESPONSE ||
      id == NULL)
    return FALSE;

  for (guint i = 0; i < self->tools_list_ids->len; i++)
    if (json_node_equal (g_ptr_array_index (self->tools_list_ids, i), id))
      {
        g_ptr_array_remove_index (self->tools_list_ids, i);
        return TRUE;
      }

  return FALSE;
}

static JsonObject *
get_object (JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* 2026-07-28: a result (an InputRequiredResult, or a task's state) whose
 * inputRequests carry elicitations. */
static gboolean
asks_for_input (JsonNode *message)
{
  JsonObject *result;

  if (elicit_peer_classify (message, NULL, NULL, NULL, NULL) != ELICIT_MESSAGE_KIND_RESPONSE)
    return FALSE;

  result = get_object (json_node_get_object (message), "result");

  return result != NULL && get_object (result, "inputRequests") != NULL;
}

static void
translate_input_requests (ElicitTapTransport *self,
                          JsonObject         *requests)
{
  g_autoptr(GList) keys = requests != NULL ? json_object_get_members (requests) : NULL;

  for (GList *l = keys; l != NULL; l = l->next)
    {
      JsonObject *entry = get_object (requests, l->data);
      JsonObject *params = entry != NULL ? get_object (entry, "params") : NULL;

      if (params != NULL &&
          g_strcmp0 (elicit_json_object_get_string (entry, "method"), "elicitation/create") == 0)
        elicit_text_domain_translate_elicitation (self->text_domain, params);
    }
}

/* Returns a translated copy of @message, or NULL when nothing is to be
 * translated. The received node is the reader's; it is not changed. */
static JsonNode *
translate (ElicitTapTransport *self,
           JsonNode           *message)
{
  g_autoptr(JsonNode) copy = NULL;
  const char *method = NULL;
  JsonObject *part;

  if (self->text_domain == NULL)
    return NULL;

  if (elicit_peer_classify (message, &method, NULL, NULL, NULL) == ELICIT_MESSAGE_KIND_REQUEST &&
      g_str_equal (method, "elicitation/create"))
    {
      copy = elicit_json_deep_copy (message);
      part = get_object (json_node_get_object (copy), "params");
      if (part != NULL)
        elicit_text_domain_translate_elicitation (self->text_domain, part);
    }
  else if (take_tracked (self, message))
    {
      copy = elicit_json_deep_copy (message);
      part = get_object (json_node_get_object (copy), "result");
      if (part != NULL)
        elicit_text_domain_translate_tools (self->text_domain, part);
    }
  else if (asks_for_input (message))
    {
      copy = elicit_json_deep_copy (message);
      translate_input_requests (self, get_object (get_object (json_node_get_object (copy), "result"),
                                                  "inputRequests"));
    }

  return g_steal_pointer (&copy);
}

static void
inner_message_cb (ElicitTapTransport *self,
                  JsonNode           *message)
{
  g_autoptr(JsonNode) translated = translate (self, message);
  JsonNode *shown = translated != NULL ? translated : message;

  g_signal_emit (self, signals[TRAFFIC], 0, ELICIT_TAP_RECEIVED, shown);
  elicit_transport_emit_message (ELICIT_TRANSPORT (self), shown);
}

static void
inner_invalid_message_cb (ElicitTapTransport *self,
                          const GError       *error)
{
  g_signal_emit_by_name (self, "invalid-message", error);
}

static void
inner_closed_cb (ElicitTapTransport *self,
                 const GError       *error)
{
  elicit_transport_emit_closed (ELICIT_TRANSPORT (self), error);
}

/* A sign-in inside holds the calls outside too. */
static void
inner_waiting_cb (ElicitTapTransport *self)
{
  elicit_transport_hold_for_user (ELICIT_TRANSPORT (self),
                                  elicit_transport_get_waiting_for_user (self->inner));
}

static void
inner_log_cb (ElicitTapTransport *self,
              const char         *line)
{
  elicit_transport_emit_log (ELICIT_TRANSPORT (self), line);
}

/* ElicitTransport ------------------------------------------------------------- */

static void
elicit_tap_transport_start (ElicitTransport *transport)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (transport);

  if (self->started)
    return;
  self->started = TRUE;

  g_signal_connect_object (self->inner, "message",
                           G_CALLBACK (inner_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inner, "invalid-message",
                           G_CALLBACK (inner_invalid_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inner, "closed",
                           G_CALLBACK (inner_closed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inner, "log",
                           G_CALLBACK (inner_log_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inner, "notify::waiting-for-user",
                           G_CALLBACK (inner_waiting_cb), self, G_CONNECT_SWAPPED);

  /* It may have closed already (a server that could not be started). */
  if (elicit_transport_is_closed (self->inner))
    {
      elicit_transport_emit_closed (transport, elicit_transport_get_close_error (self->inner));
      return;
    }

  elicit_transport_start (self->inner);
}

static gboolean
elicit_tap_transport_send (ElicitTransport  *transport,
                           JsonNode         *message,
                           GError          **error)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (transport);

  track_sent (self, message);
  g_signal_emit (self, signals[TRAFFIC], 0, ELICIT_TAP_SENT, message);

  return elicit_transport_send (self->inner, message, error);
}

static void
inner_close_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
elicit_tap_transport_close_async (ElicitTransport     *transport,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_tap_transport_close_async);

  elicit_transport_close_async (self->inner, cancellable, inner_close_cb, g_steal_pointer (&task));

  /* The inner transport said closed to us, unless we never started. */
  if (!elicit_transport_is_closed (transport))
    {
      const GError *reason = elicit_transport_get_close_error (self->inner);
      g_autoptr(GError) closed = NULL;

      if (reason == NULL)
        reason = closed = g_error_new_literal (ELICIT_TRANSPORT_ERROR,
                                               ELICIT_TRANSPORT_ERROR_CLOSED,
                                               _("The connection was closed"));
      elicit_transport_emit_closed (transport, reason);
    }
}

static gboolean
elicit_tap_transport_close_finish (ElicitTransport  *transport,
                                   GAsyncResult     *result,
                                   GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
elicit_tap_transport_set_protocol_version (ElicitTransport *transport,
                                           const char      *protocol_version)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (transport);

  elicit_transport_set_protocol_version (self->inner, protocol_version);
}

static void
transport_class_init (ElicitTransportClass *iface)
{
  iface->start = elicit_tap_transport_start;
  iface->send = elicit_tap_transport_send;
  iface->close_async = elicit_tap_transport_close_async;
  iface->close_finish = elicit_tap_transport_close_finish;
  iface->set_protocol_version = elicit_tap_transport_set_protocol_version;
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_tap_transport_dispose (GObject *object)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (object);

  if (self->inner != NULL)
    g_signal_handlers_disconnect_by_data (self->inner, self);
  g_clear_object (&self->inner);

  G_OBJECT_CLASS (elicit_tap_transport_parent_class)->dispose (object);
}

static void
elicit_tap_transport_finalize (GObject *object)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (object);

  g_free (self->text_domain);
  g_ptr_array_unref (self->tools_list_ids);

  G_OBJECT_CLASS (elicit_tap_transport_parent_class)->finalize (object);
}

static void
elicit_tap_transport_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_INNER:
      g_value_set_object (value, elicit_tap_transport_get_inner (self));
      break;

    case PROP_TEXT_DOMAIN:
      g_value_set_string (value, elicit_tap_transport_get_text_domain (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_tap_transport_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  ElicitTapTransport *self = ELICIT_TAP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_INNER:
      self->inner = g_value_dup_object (value);
      break;

    case PROP_TEXT_DOMAIN:
      self->text_domain = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_tap_transport_class_init (ElicitTapTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_tap_transport_dispose;
  object_class->finalize = elicit_tap_transport_finalize;
  object_class->get_property = elicit_tap_transport_get_property;
  object_class->set_property = elicit_tap_transport_set_property;
  transport_class_init (ELICIT_TRANSPORT_CLASS (klass));

  /**
   * ElicitTapTransport:inner:
   *
   * The transport to the server.
   */
  properties[PROP_INNER] =
    g_param_spec_object ("inner", NULL, NULL,
                         ELICIT_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitTapTransport:text-domain:
   *
   * The gettext domain the server's text is translated through, or %NULL.
   */
  properties[PROP_TEXT_DOMAIN] =
    g_param_spec_string ("text-domain", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitTapTransport::traffic:
   * @self: the transport
   * @direction: an [enum@TapDirection]
   * @message: the message, as the session sends or receives it
   *
   * Emitted for each message, before it goes out or reaches the session.
   */
  signals[TRAFFIC] =
    g_signal_new ("traffic",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_INT,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
elicit_tap_transport_init (ElicitTapTransport *self)
{
  self->tools_list_ids = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
}

/**
 * elicit_tap_transport_new:
 * @inner: the transport to the server, not started yet
 * @text_domain: (nullable): the gettext domain for the server's text
 *
 * Returns: (transfer full): a transport in front of @inner
 */
ElicitTransport *
elicit_tap_transport_new (ElicitTransport *inner,
                          const char      *text_domain)
{
  g_return_val_if_fail (ELICIT_IS_TRANSPORT (inner), NULL);

  return g_object_new (ELICIT_TYPE_TAP_TRANSPORT,
                       "inner", inner,
                       "text-domain", text_domain,
                       NULL);
}

/**
 * elicit_tap_transport_get_inner:
 * @self: a tap transport
 *
 * Returns: (transfer none): the transport to the server
 */
ElicitTransport *
elicit_tap_transport_get_inner (ElicitTapTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_TAP_TRANSPORT (self), NULL);

  return self->inner;
}

/**
 * elicit_tap_transport_get_text_domain:
 * @self: a tap transport
 *
 * Returns: (nullable): the gettext domain for the server's text
 */
const char *
elicit_tap_transport_get_text_domain (ElicitTapTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_TAP_TRANSPORT (self), NULL);

  return self->text_domain;
}
