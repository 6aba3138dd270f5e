/* fuzz-session.c — libFuzzer target for a whole ElicitSession's dispatch
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is what a server writes after the handshake, one message per
 * line, given to a connected ElicitSession over an in-memory transport. At
 * the end the user dismisses every prompt still open, and the target checks
 * the exactly-once rule from the server's side: every request it sent with a
 * valid id got exactly one answer with that id — none only when the server
 * itself cancelled it (notifications/cancelled) — and no answer names an id
 * no request had (a message with an id but no method, result or error may get
 * one -32600). Nothing may crash, leak or log a CRITICAL (the run uses
 * G_DEBUG=fatal-criticals).
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elicit-request.h"
#include "elicit-session.h"
#include "elicit-transport.h"
#include "elicit-json-private.h"
#include "elicit-transport-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

#define MAX_LINES 256

/* The transport: what the session sends is kept; lines are given by hand. */

#define FUZZ_TYPE_TRANSPORT (fuzz_transport_get_type ())
G_DECLARE_FINAL_TYPE (FuzzTransport, fuzz_transport, FUZZ, TRANSPORT, ElicitTransport)

struct _FuzzTransport
{
  ElicitTransport  parent_instance;
  GPtrArray       *sent;  /* JsonNode */
};

G_DEFINE_FINAL_TYPE (FuzzTransport, fuzz_transport, ELICIT_TYPE_TRANSPORT)

static void
fuzz_transport_start (ElicitTransport *transport)
{
}

static gboolean
fuzz_transport_send (ElicitTransport  *transport,
                     JsonNode         *message,
                     GError          **error)
{
  g_ptr_array_add (FUZZ_TRANSPORT (transport)->sent, json_node_copy (message));
  return TRUE;
}

static void
fuzz_transport_close_async (ElicitTransport     *transport,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (transport, cancellable, callback, user_data);
  g_autoptr(GError) error = g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                                                 "closed");

  elicit_transport_emit_closed (transport, error);
  g_task_return_boolean (task, TRUE);
}

static gboolean
fuzz_transport_close_finish (ElicitTransport  *transport,
                             GAsyncResult     *result,
                             GError          **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
fuzz_transport_finalize (GObject *object)
{
  g_ptr_array_unref (FUZZ_TRANSPORT (object)->sent);
  G_OBJECT_CLASS (fuzz_transport_parent_class)->finalize (object);
}

static void
fuzz_transport_class_init (FuzzTransportClass *klass)
{
  ElicitTransportClass *transport_class = ELICIT_TRANSPORT_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = fuzz_transport_finalize;
  transport_class->start = fuzz_transport_start;
  transport_class->send = fuzz_transport_send;
  transport_class->close_async = fuzz_transport_close_async;
  transport_class->close_finish = fuzz_transport_close_finish;
}

static void
fuzz_transport_init (FuzzTransport *self)
{
  self->sent = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
}

/* The check --------------------------------------------------------------------- */

static void
spin (void)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(gboolean *) user_data = elicit_session_connect_finish (ELICIT_SESSION (object), result, NULL);
}

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                GPtrArray     *requests)
{
  g_ptr_array_add (requests, g_object_ref (request));
}

/* A request id as the exactly-once rule knows it: a string or an integer,
 * written exactly; NULL for anything else. */
static char *
id_key (JsonNode *id)
{
  GType type;

  if (id == NULL || !JSON_NODE_HOLDS_VALUE (id))
    return NULL;
  type = json_node_get_value_type (id);
  if (type != G_TYPE_STRING && type != G_TYPE_INT64)
    return NULL;

  return elicit_json_to_string (id, NULL);
}

static void
count (GHashTable *table,
       char       *key)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (table, key));

  g_hash_table_replace (table, key, GUINT_TO_POINTER (n + 1));
}

/* What the server sent, as the session would read it: a message with a
 * method (of whatever type) and a valid id is a request, which must be
 * answered; one with an id but neither a method nor a result or an error may
 * be answered (-32600), once at most. */
static void
note_sent (const char *line,
           gsize       length,
           GHashTable *requests,
           GHashTable *optional,
           GHashTable *cancelled)
{
  g_autoptr(JsonNode) node = elicit_json_parse (line, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
  JsonObject *object;
  const char *method;
  char *key;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;

  object = json_node_get_object (node);
  method = elicit_json_object_get_string (object, "method");

  if (g_strcmp0 (method, "notifications/cancelled") == 0)
    {
      JsonObject *params = elicit_json_object_get_object (object, "params");

      key = params != NULL ? id_key (json_object_get_member (params, "requestId")) : NULL;
      if (key != NULL)
        g_hash_table_add (cancelled, key);
    }

  key = id_key (json_object_get_member (object, "id"));
  if (key == NULL)
    return;

  if (json_object_has_member (object, "method"))
    count (requests, key);
  else if (!json_object_has_member (object, "result") && !json_object_has_member (object, "error"))
    count (optional, key);
  else
    g_free (key);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(FuzzTransport) transport = g_object_new (FUZZ_TYPE_TRANSPORT, NULL);
  g_autoptr(ElicitSession) session = elicit_session_new (ELICIT_TRANSPORT (transport));
  g_autoptr(GPtrArray) prompts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) answers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) cancelled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) optional = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *result = NULL;
  g_autofree char *init_id = NULL;
  const char *text = (const char *) data;
  const char *end = text + size;
  gboolean connected = FALSE;
  GHashTableIter iter;
  gpointer key, value;
  guint n_lines = 0;
  guint n_sent_before;

  g_signal_connect (session, "elicitation", G_CALLBACK (elicitation_cb), prompts);

  /* The handshake, answered as a 2025-11-25 server answers it. */
  elicit_session_set_protocol_versions (session, (const char * const []) { "2025-11-25", NULL });
  elicit_session_connect_async (session, NULL, connected_cb, &connected);
  spin ();
  g_assert (transport->sent->len >= 1);
  init_id = elicit_json_to_string (json_object_get_member (json_node_get_object (g_ptr_array_index (transport->sent, 0)),
                                                          "id"), NULL);
  result = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"protocolVersion\":\"2025-11-25\","
                            "\"capabilities\":{\"tools\":{},\"logging\":{}},"
                            "\"serverInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}}", init_id);
  g_assert (elicit_transport_receive (ELICIT_TRANSPORT (transport), result, strlen (result), NULL));
  spin ();
  g_assert (connected);
  n_sent_before = transport->sent->len;

  /* The server's lines, while the session is open. */
  while (text < end && n_lines++ < MAX_LINES &&
         elicit_session_get_state (session) == ELICIT_SESSION_STATE_READY)
    {
      const char *nl = memchr (text, '\n', end - text);
      gsize length = (nl != NULL ? nl : end) - text;

      note_sent (text, length, requests, optional, cancelled);
      /* Text that is not JSON would close a stdio session; here it is skipped. */
      elicit_transport_receive (ELICIT_TRANSPORT (transport), text, length, NULL);
      spin ();
      text += length + (nl != NULL ? 1 : 0);
    }

  /* The user dismisses what is still open. */
  for (guint i = 0; i < prompts->len; i++)
    {
      ElicitRequest *request = g_ptr_array_index (prompts, i);

      if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
        elicit_request_cancel (request);
    }
  spin ();

  for (guint i = n_sent_before; i < transport->sent->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (transport->sent, i));
      char *answer_key;

      if (json_object_has_member (object, "method") ||
          !(json_object_has_member (object, "result") || json_object_has_member (object, "error")))
        continue;
      answer_key = id_key (json_object_get_member (object, "id"));
      if (answer_key != NULL)
        count (answers, answer_key);
    }

  /* Each request answered once (a repeated id: once each); none answered twice. */
  g_hash_table_iter_init (&iter, requests);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint n_requests = GPOINTER_TO_UINT (value);
      guint n_optional = GPOINTER_TO_UINT (g_hash_table_lookup (optional, key));
      guint n_answers = GPOINTER_TO_UINT (g_hash_table_lookup (answers, key));

      if (n_answers > n_requests + n_optional ||
          (n_answers < n_requests && !g_hash_table_contains (cancelled, key)))
        {
          fprintf (stderr, "request %s: %u requests, %u answers\n", (char *) key, n_requests, n_answers);
          abort ();
        }
    }

  /* No answer names an id the server never used. */
  g_hash_table_iter_init (&iter, answers);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (requests, key) &&
        GPOINTER_TO_UINT (value) > GPOINTER_TO_UINT (g_hash_table_lookup (optional, key)))
      {
        fprintf (stderr, "%u answers to %s, which no request had\n", GPOINTER_TO_UINT (value),
                 (char *) key);
        abort ();
      }

  g_signal_handlers_disconnect_by_data (session, prompts);
  elicit_session_close_async (session, NULL, NULL, NULL);
  spin ();

  return 0;
}
