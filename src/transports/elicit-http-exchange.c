/* elicit-http-exchange.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitHttpTransport: the exchanges with the server — POSTs and their
 * answers, event streams and their reconnection, bodies — as described at
 * the top of elicit-http-transport.c. Signing in and redirects have their
 * own files (elicit-http-authorization.c, elicit-http-redirect.c). */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-authorizer-private.h"
#include "elicit-http-headers-private.h"
#include "elicit-http-transport-private.h"
#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-jsonrpc.h"
#include "elicit-transport-private.h"

/* Exchanges -------------------------------------------------------------------- */

Exchange *
elicit_http_exchange_ref (Exchange *ex)
{
  g_ref_count_inc (&ex->ref_count);
  return ex;
}

void
elicit_http_exchange_unref (Exchange *ex)
{
  if (!g_ref_count_dec (&ex->ref_count))
    return;

  g_assert (ex->timer == NULL);

  g_clear_pointer (&ex->body, g_bytes_unref);
  g_clear_pointer (&ex->method, g_free);
  g_clear_pointer (&ex->version, g_free);
  g_clear_pointer (&ex->extra_names, g_ptr_array_unref);
  g_clear_pointer (&ex->extra_values, g_ptr_array_unref);
  g_clear_pointer (&ex->request_id, json_node_unref);
  g_clear_pointer (&ex->uri, g_uri_unref);
  g_clear_object (&ex->message);
  g_clear_object (&ex->cancellable);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->parser, elicit_sse_parser_free);
  g_clear_pointer (&ex->body_buffer, g_byte_array_unref);
  g_clear_pointer (&ex->last_event_id, g_free);
  g_clear_pointer (&ex->sent_token, elicit_auth_secret_free);
  g_free (ex);
}


Exchange *
elicit_http_exchange_new (ElicitHttpTransport *self,
              ExchangeKind         kind)
{
  Exchange *ex = g_new0 (Exchange, 1);

  g_ref_count_init (&ex->ref_count);
  ex->self = self;
  ex->kind = kind;
  ex->uri = g_uri_ref (kind == EXCHANGE_POST && self->legacy_endpoint != NULL
                       ? self->legacy_endpoint : self->uri);
  ex->retry = -1;

  g_ptr_array_add (self->exchanges, ex);

  return ex;
}

static void
complete_close_tasks (ElicitHttpTransport *self)
{
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->close_tasks == NULL || self->exchanges->len > 0)
    return;

  tasks = g_steal_pointer (&self->close_tasks);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

/* Forgets a finished exchange; the operation under way, if any, still
 * holds a reference and finds it finished. */
static void fail_request (Exchange             *ex,
                          ElicitTransportError  code,
                          const char           *reason);
static void exchange_finish (Exchange *ex);

/* The old transport's stream ended before it named its endpoint: not a
 * server of 2024-11-05 either. The initialize fails as it first did, with
 * its HTTP status. */
static void
legacy_failed (ElicitHttpTransport *self)
{
  g_autoptr(Exchange) initialize = g_steal_pointer (&self->legacy_initialize);

  if (initialize->finished || self->shutting_down)
    return;

  fail_request (initialize, ELICIT_TRANSPORT_ERROR_HTTP_STATUS, self->legacy_reason);
  exchange_finish (initialize);
}

static void
exchange_remove (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  elicit_clear_source (&ex->timer);
  ex->finished = TRUE;

  if (self == NULL)
    return;

  if (ex->kind == EXCHANGE_LISTEN && self->legacy_initialize != NULL)
    legacy_failed (self);

  g_queue_remove (&self->queue, ex);
  elicit_http_exchange_release_gate (ex);

  if (g_ptr_array_remove (self->exchanges, ex))
    complete_close_tasks (self);
}

/* Ends an exchange: cancels what it is doing; it goes away at once, or when
 * its operation returns. */
static void
exchange_finish (Exchange *ex)
{
  elicit_clear_source (&ex->timer);
  ex->finished = TRUE;

  if (ex->cancellable != NULL)
    g_cancellable_cancel (ex->cancellable);

  if (!ex->busy)
    exchange_remove (ex);
}

/* Called first by every callback of an operation: FALSE when the exchange
 * has nothing more to do (and is forgotten). */
static gboolean
exchange_op_done (Exchange *ex)
{
  g_assert (ex->busy);

  ex->busy = FALSE;
  elicit_clear_source (&ex->timer);

  if (ex->self == NULL)
    return FALSE;

  if (ex->finished)
    {
      exchange_remove (ex);
      return FALSE;
    }

  return TRUE;
}

static gboolean
timer_cb (gpointer data)
{
  Exchange *ex = data;

  g_clear_pointer (&ex->timer, g_source_unref);
  ex->timed_out = TRUE;
  g_cancellable_cancel (ex->cancellable);

  return G_SOURCE_REMOVE;
}

static void
arm_timer (Exchange *ex,
           guint     msec)
{
  elicit_clear_source (&ex->timer);

  if (msec > 0)
    ex->timer = elicit_timeout_source_add (msec, timer_cb, ex, "[elicit] http timeout");
}

static gboolean
is_request_id (JsonNode *a,
               JsonNode *b)
{
  return a != NULL && b != NULL && json_node_equal (a, b);
}

/* Closing ---------------------------------------------------------------------- */

static void start_delete (ElicitHttpTransport *self);

static void
shut_down (ElicitHttpTransport *self)
{
  g_autoptr(GPtrArray) exchanges = NULL;

  if (self->shutting_down)
    return;

  self->shutting_down = TRUE;

  exchanges = g_ptr_array_copy (self->exchanges, (GCopyFunc) elicit_http_exchange_ref, NULL);
  g_ptr_array_set_free_func (exchanges, (GDestroyNotify) elicit_http_exchange_unref);
  for (guint i = 0; i < exchanges->len; i++)
    exchange_finish (g_ptr_array_index (exchanges, i));

  if (self->session_id != NULL && !self->session_expired)
    start_delete (self);
}

static void
close_with_error (ElicitHttpTransport *self,
                  GError              *error)
{
  g_autoptr(ElicitHttpTransport) hold G_GNUC_UNUSED = g_object_ref (self);
  g_autoptr(GError) owned G_GNUC_UNUSED = error;

  if (elicit_transport_emit_closed (ELICIT_TRANSPORT (self), error))
    shut_down (self);
}

void
elicit_http_transport_close_literal (ElicitHttpTransport  *self,
               ElicitTransportError  code,
               const char           *reason)
{
  close_with_error (self, g_error_new_literal (ELICIT_TRANSPORT_ERROR, code, reason));
}

static void
session_expired (ElicitHttpTransport *self)
{
  self->session_expired = TRUE;
  g_object_notify (G_OBJECT (self), "session-expired");

  elicit_http_transport_close_literal (self, ELICIT_TRANSPORT_ERROR_CLOSED,
                 _("the server ended the session (it expired or was closed); "
                   "connect again to start a new one"));
}

/* Receiving -------------------------------------------------------------------- */

static void
log_line (ElicitHttpTransport *self,
          const char          *line)
{
  g_debug ("%s", line);
  elicit_transport_emit_log (ELICIT_TRANSPORT (self), line);
}

/* Fails @ex's request with a transport error: the server did not answer
 * it, and nothing pretends that it did. */
static void
fail_request (Exchange             *ex,
              ElicitTransportError  code,
              const char           *reason)
{
  ElicitHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;

  g_assert (ex->request_id != NULL);

  if (ex->answered)
    return;

  /* The error reaches whoever asked; logging it too would tell it twice. */
  ex->answered = TRUE;
  g_debug ("%s", reason);

  error = g_error_new_literal (ELICIT_TRANSPORT_ERROR, code, reason);
  elicit_transport_emit_request_failed (ELICIT_TRANSPORT (self), ex->request_id, error);
}

/* The request a response answers, or NULL when @node is no response. */
static JsonNode *
get_response_id (JsonNode *node)
{
  JsonNode *id = NULL;

  if (elicit_jsonrpc_classify (node, NULL, &id, NULL, NULL) != ELICIT_MESSAGE_KIND_RESPONSE)
    return NULL;

  return id;
}

/* A response ends the wait of whichever exchange asked for it, on
 * whatever stream it came. */
static void
note_response (ElicitHttpTransport *self,
               JsonNode            *id)
{
  for (guint i = 0; i < self->exchanges->len; i++)
    {
      Exchange *ex = g_ptr_array_index (self->exchanges, i);

      if ((ex->kind == EXCHANGE_POST || ex->kind == EXCHANGE_RESUME) &&
          is_request_id (ex->request_id, id))
        ex->answered = TRUE;
    }
}

/* Emits one message the server sent; FALSE (with the reason) when the
 * text is not JSON at all. */
static gboolean
receive_message (ElicitHttpTransport  *self,
                 const char           *data,
                 gsize                 length,
                 GError              **error)
{
  g_autoptr(JsonNode) node = NULL;
  JsonNode *id;

  node = elicit_json_parse (data, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
  if (node == NULL)
    {
      /* Let the shared path tell refused JSON (::invalid-message) from
       * text that is not JSON (an error). */
      return elicit_transport_receive (ELICIT_TRANSPORT (self), data, length, error);
    }

  id = get_response_id (node);
  if (id != NULL)
    {
      note_response (self, id);
      elicit_http_transport_learn_tool_headers (self, node, id);
    }

  elicit_transport_emit_message (ELICIT_TRANSPORT (self), node);
  return TRUE;
}

static void
close_invalid_json (ElicitHttpTransport *self,
                    const GError        *error)
{
  g_debug ("invalid JSON from the server: %s", error->message);
  close_with_error (self, g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON,
                                       _("the server sent invalid JSON: %s"), error->message));
}

static void
close_too_large (ElicitHttpTransport *self,
                 gsize                limit)
{
  g_autofree char *text = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);

  close_with_error (self, g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_PROTOCOL,
                                       _("the server sent a response larger than %s"), text));
}

/* Event streams ---------------------------------------------------------------- */

/* Handles the events that arrived whole; FALSE when the exchange is done. */
static gboolean
process_events (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  for (;;)
    {
      g_autoptr(ElicitSseEvent) event = NULL;
      g_autoptr(GError) error = NULL;

      event = elicit_sse_parser_next (ex->parser, &error);
      if (error != NULL)
        {
          /* The parser's messages are whole sentences a user can read. */
          g_debug ("malformed event stream: %s", error->message);
          elicit_http_transport_close_literal (self, ELICIT_TRANSPORT_ERROR_PROTOCOL, error->message);
          return FALSE;
        }

      if (event == NULL)
        break;

      /* The priming event of a resumable stream carries an id and no data. */
      if (event->data_length == 0)
        continue;

      ex->got_message = TRUE;

      if (self->legacy && ex->kind == EXCHANGE_LISTEN && g_str_equal (event->type, "endpoint"))
        {
          if (!elicit_http_legacy_take_endpoint (self, event->data, event->data_length))
            return FALSE;
          continue;
        }

      if (!g_str_equal (event->type, "message"))
        {
          g_debug ("ignoring an event of type “%s”", event->type);
          continue;
        }

      if (!receive_message (self, event->data, event->data_length, &error))
        {
          close_invalid_json (self, error);
          return FALSE;
        }

      if (ex->finished)
        return FALSE;
    }

  /* The response came: what the stream was for is done. */
  if (ex->answered && (ex->kind == EXCHANGE_POST || ex->kind == EXCHANGE_RESUME))
    {
      exchange_finish (ex);
      return FALSE;
    }

  return TRUE;
}

static guint
reconnect_delay (Exchange *ex)
{
  gint64 delay = ex->retry >= 0 ? ex->retry : DEFAULT_RECONNECT_DELAY;

  /* The first attempt after a failure waits what the server asked for. */
  delay = CLAMP (delay, MIN_RECONNECT_DELAY, MAX_RECONNECT_DELAY);
  for (guint i = 1; i < ex->failures && delay < MAX_RECONNECT_DELAY; i++)
    delay *= 2;

  return MIN (delay, MAX_RECONNECT_DELAY);
}

const char *
elicit_http_exchange_get_method (Exchange *ex)
{
  return ex->method != NULL ? ex->method : "?";
}

static gboolean
reconnect_cb (gpointer data)
{
  Exchange *ex = data;

  g_clear_pointer (&ex->timer, g_source_unref);

  /* The answer may have come on another stream meanwhile. */
  if (ex->answered)
    exchange_finish (ex);
  else
    elicit_http_exchange_begin (ex);

  return G_SOURCE_REMOVE;
}

/* Gives up on a stream that cannot be (re)opened. */
void
elicit_http_exchange_give_up (Exchange   *ex,
                              const char *reason)
{
  g_autofree char *text = NULL;

  if (ex->kind == EXCHANGE_LISTEN)
    {
      text = g_strdup_printf (_("%s; no longer listening for messages from the server"), reason);
      log_line (ex->self, text);
    }
  else if (ex->request_id != NULL)
    {
      fail_request (ex, ELICIT_TRANSPORT_ERROR_IO, reason);
    }

  exchange_finish (ex);
}

/* Whether an attempt at a stream did any good: a stream that brought a
 * message, or stayed open a while (a server that polls), is one; a stream
 * that could not be had, or closed at once with nothing, is a failure. */
static gboolean
attempt_succeeded (Exchange *ex)
{
  return ex->got_message ||
         (ex->opened_at > 0 && g_get_monotonic_time () - ex->opened_at >= HEALTHY_STREAM_USEC);
}

/* Schedules the next attempt at a stream, after the delay the server asked
 * for, longer after failures in a row; gives up after too many. */
static void
reconnect_later (Exchange   *ex,
                 const char *reason)
{
  if (attempt_succeeded (ex))
    ex->failures = 0;
  else
    ex->failures++;

  if (ex->kind == EXCHANGE_RESUME)
    ex->resumes++;

  /* The old transport's session is its stream: another GET would start
   * another session, which none of our messages would reach. */
  if (ex->kind == EXCHANGE_LISTEN && ex->self->legacy_endpoint != NULL)
    {
      elicit_http_transport_close_literal (ex->self, ELICIT_TRANSPORT_ERROR_CLOSED, reason);
      return;
    }

  if (ex->failures >= MAX_RECONNECT_FAILURES || ex->resumes > MAX_RESUMES)
    {
      elicit_http_exchange_give_up (ex, reason);
      return;
    }

  g_debug ("reconnecting in %u ms: %s", reconnect_delay (ex), reason);

  g_clear_object (&ex->stream);
  g_clear_object (&ex->message);
  g_clear_pointer (&ex->parser, elicit_sse_parser_free);
  ex->got_message = FALSE;
  ex->opened_at = 0;
  ex->timer = elicit_timeout_source_add (reconnect_delay (ex), reconnect_cb, ex,
                                         "[elicit] http reconnect");
}

/* What to do when an event stream ends, cleanly (@reason NULL) or not. */
void
elicit_http_exchange_stream_ended (Exchange   *ex,
              const char *reason)
{
  g_autofree char *text = NULL;

  if (ex->parser != NULL)
    {
      if (elicit_sse_parser_is_mid_event (ex->parser))
        g_debug ("the event stream ended in the middle of an event");

      if (elicit_sse_parser_get_last_event_id (ex->parser) != NULL)
        {
          g_free (ex->last_event_id);
          ex->last_event_id = g_strdup (elicit_sse_parser_get_last_event_id (ex->parser));
        }
      if (elicit_sse_parser_get_retry (ex->parser) >= 0)
        ex->retry = elicit_sse_parser_get_retry (ex->parser);
    }

  if (ex->answered || (ex->kind == EXCHANGE_POST && ex->request_id == NULL))
    {
      exchange_finish (ex);
      return;
    }

  /* Without an event id there is nothing to resume from. */
  if (ex->kind != EXCHANGE_LISTEN && ex->last_event_id == NULL)
    {
      if (reason == NULL)
        reason = text = g_strdup_printf (_("The server closed its stream before answering “%s”"),
                                         elicit_http_exchange_get_method (ex));
      elicit_http_exchange_give_up (ex, reason);
      return;
    }

  if (ex->kind == EXCHANGE_POST)
    {
      /* Resumption is always a GET, whatever the stream was. */
      ex->kind = EXCHANGE_RESUME;
      g_clear_pointer (&ex->body, g_bytes_unref);
    }

  g_clear_pointer (&ex->uri, g_uri_unref);
  ex->uri = g_uri_ref (ex->self->uri);
  ex->redirects = 0;

  reconnect_later (ex, reason != NULL ? reason : _("The server closed the stream"));
}

/* Bodies ----------------------------------------------------------------------- */

/* The standard phrase for the status: the server's own is untrusted text. */
static const char *
status_phrase (SoupMessage *message)
{
  return soup_status_get_phrase (soup_message_get_status (message));
}

/* An HTTP error answering a request: the server's own JSON-RPC error for
 * it when the body is one, else one saying what the status was. */
static void
finish_error_body (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  JsonNode *id = NULL;

  if (ex->body_buffer != NULL && ex->body_buffer->len > 0)
    node = elicit_json_parse ((const char *) ex->body_buffer->data, ex->body_buffer->len,
                              ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
  if (node != NULL)
    id = get_response_id (node);

  if (id != NULL && is_request_id (id, ex->request_id) &&
      json_object_has_member (json_node_get_object (node), "error"))
    {
      log_line (self, _("The server answered with an HTTP error"));
      ex->answered = TRUE;
      elicit_transport_emit_message (ELICIT_TRANSPORT (self), node);
    }
  else
    {
      text = g_strdup_printf (_("The server answered “%s” with HTTP %u %s"),
                              elicit_http_exchange_get_method (ex),
                              soup_message_get_status (ex->message),
                              status_phrase (ex->message));
      fail_request (ex, ELICIT_TRANSPORT_ERROR_HTTP_STATUS, text);
    }

  exchange_finish (ex);
}

static void
finish_json_body (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (ex->error_body)
    {
      finish_error_body (ex);
      return;
    }

  if (!receive_message (self, (const char *) ex->body_buffer->data, ex->body_buffer->len, &error))
    {
      close_invalid_json (self, error);
      return;
    }

  if (ex->finished)
    return;

  if (!ex->answered)
    {
      text = g_strdup_printf (_("The server’s answer to “%s” is not a response to it"),
                              elicit_http_exchange_get_method (ex));
      fail_request (ex, ELICIT_TRANSPORT_ERROR_PROTOCOL, text);
    }

  exchange_finish (ex);
}

static void
body_chunk (Exchange *ex,
            GBytes   *bytes)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);

  if (ex->body_buffer->len + length > ex->body_limit)
    {
      if (ex->error_body)
        {
          /* Enough to know it is no JSON-RPC error. */
          g_byte_array_set_size (ex->body_buffer, 0);
          finish_error_body (ex);
          return;
        }

      close_too_large (ex->self, ex->body_limit);
      return;
    }

  g_byte_array_append (ex->body_buffer, data, length);
  elicit_http_exchange_read (ex);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Exchange) ex = user_data;
  g_autoptr(ElicitHttpTransport) self = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);

  if (!exchange_op_done (ex))
    return;

  self = g_object_ref (ex->self);

  if (bytes == NULL)
    {
      if (ex->timed_out)
        reason = g_strdup (_("The server stopped sending in the middle of a message"));
      else
        reason = g_strdup_printf (_("Reading from the server failed: %s"), error->message);
      ex->timed_out = FALSE;

      if (ex->parser != NULL)
        elicit_http_exchange_stream_ended (ex, reason);
      else if (ex->request_id != NULL && !ex->error_body)
        elicit_http_exchange_give_up (ex, reason);
      else
        finish_error_body (ex);
      return;
    }

  if (g_bytes_get_size (bytes) == 0)
    {
      if (ex->parser != NULL)
        elicit_http_exchange_stream_ended (ex, NULL);
      else
        finish_json_body (ex);
      return;
    }

  if (ex->parser == NULL)
    {
      body_chunk (ex, bytes);
      return;
    }

  elicit_sse_parser_feed (ex->parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  if (process_events (ex))
    elicit_http_exchange_read (ex);
}

/* Reads on; a body, or an event begun, must go on within the timeout,
 * while a stream may rest between events for as long as it likes. */
void
elicit_http_exchange_read (Exchange *ex)
{
  g_assert (!ex->busy);

  if (ex->parser == NULL || elicit_sse_parser_is_mid_event (ex->parser))
    arm_timer (ex, ex->self->timeout);

  ex->busy = TRUE;
  g_input_stream_read_bytes_async (ex->stream, READ_SIZE, G_PRIORITY_DEFAULT, ex->cancellable,
                                   read_cb, elicit_http_exchange_ref (ex));
}

/* Responses -------------------------------------------------------------------- */

static gboolean
is_content_type (SoupMessage *message,
                 const char  *type)
{
  const char *content_type;

  content_type = soup_message_headers_get_content_type (soup_message_get_response_headers (message),
                                                        NULL);

  return content_type != NULL && g_ascii_strcasecmp (content_type, type) == 0;
}

/* Visible ASCII only, what the specification allows in a session id. */
gboolean
elicit_http_is_visible_ascii (const char *id)
{
  gsize length = strlen (id);

  if (length == 0 || length > MAX_SESSION_ID_LENGTH)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    if (id[i] < 0x21 || id[i] > 0x7E)
      return FALSE;

  return TRUE;
}

/* Keeps the session id of the initialize response; FALSE when it is bad. */
static gboolean
take_session_id (ElicitHttpTransport *self,
                 SoupMessage         *message)
{
  const char *id;

  id = soup_message_headers_get_one (soup_message_get_response_headers (message), "Mcp-Session-Id");
  if (id == NULL)
    return TRUE;

  if (!elicit_http_is_visible_ascii (id))
    {
      elicit_http_transport_close_literal (self, ELICIT_TRANSPORT_ERROR_PROTOCOL,
                     _("the server sent an invalid session id"));
      return FALSE;
    }

  if (g_strcmp0 (self->session_id, id) != 0)
    {
      g_free (self->session_id);
      self->session_id = g_strdup (id);
      g_object_notify (G_OBJECT (self), "session-id");
    }

  return TRUE;
}

static gboolean
body_too_large (Exchange *ex)
{
  SoupMessageHeaders *headers = soup_message_get_response_headers (ex->message);

  return soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
         soup_message_headers_get_content_length (headers) > (goffset) ex->self->max_body_size;
}

static void
read_body (Exchange *ex,
           gboolean  error_body)
{
  ex->error_body = error_body;
  ex->body_limit = error_body ? MAX_ERROR_BODY : ex->self->max_body_size;
  ex->body_buffer = g_byte_array_new ();
  elicit_http_exchange_read (ex);
}

static void
read_events (Exchange *ex)
{
  ex->opened_at = g_get_monotonic_time ();
  ex->parser = elicit_sse_parser_new (ex->self->max_event_size);
  elicit_http_exchange_read (ex);
}

static void start_listening (ElicitHttpTransport *self);

static void
post_answered (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  SoupMessage *message = ex->message;
  g_autofree char *text = NULL;

  /* A notification or a response: nothing to read; with the old
   * transport, the answer comes on its stream. */
  if (ex->request_id == NULL || self->legacy)
    {
      exchange_finish (ex);
      return;
    }

  if (is_content_type (message, "text/event-stream"))
    {
      read_events (ex);
    }
  else if (is_content_type (message, "application/json"))
    {
      if (body_too_large (ex))
        close_too_large (self, self->max_body_size);
      else
        read_body (ex, FALSE);
    }
  else
    {
      if (soup_message_get_status (message) == SOUP_STATUS_ACCEPTED ||
          soup_message_get_status (message) == SOUP_STATUS_NO_CONTENT)
        text = g_strdup_printf (_("The server accepted “%s” without answering it"),
                                elicit_http_exchange_get_method (ex));
      else
        text = g_strdup_printf (_("The server answered “%s” with neither JSON nor an event stream"),
                                elicit_http_exchange_get_method (ex));
      elicit_http_exchange_give_up (ex, text);
    }
}

static void
post_refused (Exchange *ex)
{
  SoupMessage *message = ex->message;
  g_autofree char *text = NULL;

  if (ex->request_id != NULL)
    {
      read_body (ex, TRUE);
      return;
    }

  text = g_strdup_printf (_("The server refused “%s”: HTTP %u %s"),
                          elicit_http_exchange_get_method (ex),
                          soup_message_get_status (message), status_phrase (message));
  g_debug ("%s", text);
  log_line (ex->self, text);
  exchange_finish (ex);
}

static void
stream_answered (Exchange *ex)
{
  SoupMessage *message = ex->message;
  guint status = soup_message_get_status (message);
  g_autofree char *text = NULL;

  if (SOUP_STATUS_IS_SUCCESSFUL (status) && is_content_type (message, "text/event-stream"))
    {
      read_events (ex);
      return;
    }

  if (ex->kind == EXCHANGE_LISTEN && status == SOUP_STATUS_METHOD_NOT_ALLOWED)
    {
      g_debug ("the server offers no stream of its own messages");
      exchange_finish (ex);
      return;
    }

  text = g_strdup_printf (_("The server answered HTTP %u %s"), status, status_phrase (message));

  /* Neither errors of ours nor a stream that is none will go away by
   * asking again. */
  if (SOUP_STATUS_IS_SUCCESSFUL (status) ||
      (SOUP_STATUS_IS_CLIENT_ERROR (status) && status != SOUP_STATUS_REQUEST_TIMEOUT &&
       status != 429 /* Too Many Requests */))
    elicit_http_exchange_give_up (ex, text);
  else
    reconnect_later (ex, text);
}

/* Sending ---------------------------------------------------------------------- */

/* An exchange that got no answer at all: the server could not be reached,
 * did not answer in time, or redirected where we do not go. */
void
elicit_http_exchange_failed (Exchange   *ex,
                             const char *reason)
{
  g_autofree char *text = NULL;

  elicit_http_exchange_release_gate (ex);

  switch (ex->kind)
    {
    case EXCHANGE_POST:
      if (ex->request_id != NULL)
        {
          fail_request (ex, ELICIT_TRANSPORT_ERROR_IO, reason);
        }
      else
        {
          text = g_strdup_printf (_("%s; “%s” was not delivered"), reason,
                                  elicit_http_exchange_get_method (ex));
          g_debug ("%s", text);
          log_line (ex->self, text);
        }
      exchange_finish (ex);
      break;

    case EXCHANGE_LISTEN:
    case EXCHANGE_RESUME:
      reconnect_later (ex, reason);
      break;

    case EXCHANGE_DELETE:
    default:
      g_debug ("ending the session failed: %s", reason);
      exchange_finish (ex);
      break;
    }
}

static void
sent_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Exchange) ex = user_data;
  g_autoptr(ElicitHttpTransport) self = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  guint status;

  ex->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);

  if (!exchange_op_done (ex))
    return;

  self = g_object_ref (ex->self);

  if (ex->stream == NULL)
    {
      if (ex->timed_out)
        reason = g_strdup_printf (_("%s did not answer in time"), self->origin);
      else
        reason = g_strdup_printf (_("Could not reach %s: %s"), self->origin, error->message);
      ex->timed_out = FALSE;
      elicit_http_exchange_failed (ex, reason);
      return;
    }

  status = soup_message_get_status (ex->message);

  if (SOUP_STATUS_IS_REDIRECTION (status) && status != SOUP_STATUS_NOT_MODIFIED)
    {
      if (elicit_http_redirect_follow (ex, &reason))
        return;

      /* Asking again would be redirected again. */
      elicit_http_exchange_release_gate (ex);
      if (ex->kind == EXCHANGE_LISTEN || ex->kind == EXCHANGE_RESUME)
        elicit_http_exchange_give_up (ex, reason);
      else
        elicit_http_exchange_failed (ex, reason);
      return;
    }

  if (elicit_http_authorization_answer (ex, status))
    return;

  /* A stream that reconnects for hours may meet an expired token again. */
  if (SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      ex->challenges = 0;
      ex->dpop_retried = FALSE;
    }

  if (status == SOUP_STATUS_NOT_FOUND &&
      soup_message_headers_get_one (soup_message_get_request_headers (ex->message),
                                    "Mcp-Session-Id") != NULL &&
      ex->kind != EXCHANGE_DELETE)
    {
      session_expired (self);
      return;
    }

  if (ex->is_initialize && SOUP_STATUS_IS_SUCCESSFUL (status) &&
      !take_session_id (self, ex->message))
    return;

  /* A server of 2024-11-05 knows only its old HTTP+SSE transport. */
  if (ex->kind == EXCHANGE_POST && ex->is_initialize && !self->legacy &&
      (status == SOUP_STATUS_NOT_FOUND || status == SOUP_STATUS_METHOD_NOT_ALLOWED))
    {
      reason = g_strdup_printf (_("The server answered “%s” with HTTP %u %s"),
                                elicit_http_exchange_get_method (ex), status,
                                status_phrase (ex->message));
      elicit_http_legacy_fall_back (self, ex, reason);
      return;
    }

  /* The server's own stream opens once it knows we are initialized. */
  if (ex->kind == EXCHANGE_POST && SOUP_STATUS_IS_SUCCESSFUL (status) &&
      g_strcmp0 (ex->method, "notifications/initialized") == 0)
    start_listening (self);

  elicit_http_exchange_release_gate (ex);

  switch (ex->kind)
    {
    case EXCHANGE_POST:
      if (SOUP_STATUS_IS_SUCCESSFUL (status))
        post_answered (ex);
      else
        post_refused (ex);
      break;

    case EXCHANGE_LISTEN:
    case EXCHANGE_RESUME:
      stream_answered (ex);
      break;

    case EXCHANGE_DELETE:
    default:
      exchange_finish (ex);
      break;
    }
}

static SoupMessage *
build_message (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  const char *method;
  SoupMessage *message;
  SoupMessageHeaders *headers;

  if (ex->kind == EXCHANGE_POST)
    method = SOUP_METHOD_POST;
  else if (ex->kind == EXCHANGE_DELETE)
    method = SOUP_METHOD_DELETE;
  else
    method = SOUP_METHOD_GET;

  message = soup_message_new_from_uri (method, ex->uri);
  soup_message_add_flags (message, SOUP_MESSAGE_NO_REDIRECT);
  headers = soup_message_get_request_headers (message);

  for (guint i = 0; i < self->header_names->len; i++)
    soup_message_headers_append (headers, g_ptr_array_index (self->header_names, i),
                                 g_ptr_array_index (self->header_values, i));

  if (ex->kind == EXCHANGE_POST)
    soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");
  else if (ex->kind != EXCHANGE_DELETE)
    soup_message_headers_replace (headers, "Accept", "text/event-stream");

  if (self->session_id != NULL)
    soup_message_headers_replace (headers, "Mcp-Session-Id", self->session_id);
  if (ex->version != NULL || self->protocol_version != NULL)
    soup_message_headers_replace (headers, "MCP-Protocol-Version",
                                  ex->version != NULL ? ex->version : self->protocol_version);
  for (guint i = 0; ex->extra_names != NULL && i < ex->extra_names->len; i++)
    soup_message_headers_replace (headers, g_ptr_array_index (ex->extra_names, i),
                                  g_ptr_array_index (ex->extra_values, i));
  if (ex->kind == EXCHANGE_RESUME || ex->kind == EXCHANGE_LISTEN)
    if (ex->last_event_id != NULL)
      soup_message_headers_replace (headers, "Last-Event-ID", ex->last_event_id);

  /* The token goes to the server's own origin only: redirects elsewhere
   * are never followed (elicit_http_redirect_follow()). */
  g_clear_pointer (&ex->sent_token, elicit_auth_secret_free);
  ex->sent_dpop = FALSE;
  if (self->authorizer != NULL && elicit_authorizer_get_access_token (self->authorizer) != NULL)
    elicit_http_authorization_add (ex, message, method);

  if (ex->body != NULL)
    soup_message_set_request_body_from_bytes (message, "application/json", ex->body);

  return message;
}

static void begin_now (Exchange *ex);

static void
prepared_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(Exchange) ex = user_data;

  elicit_authorizer_prepare_finish (ELICIT_AUTHORIZER (object), result);
  if (ex->self != NULL && !ex->finished)
    begin_now (ex);
}

/* With an authorizer, the token is read from the store, or refreshed,
 * before the request that needs it goes out. */
void
elicit_http_exchange_begin (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  if (self->authorizer != NULL && elicit_authorizer_needs_prepare (self->authorizer))
    {
      elicit_authorizer_prepare_async (self->authorizer, NULL, prepared_cb,
                                       elicit_http_exchange_ref (ex));
      return;
    }

  begin_now (ex);
}

static void
begin_now (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  guint timeout = self->timeout;

  g_assert (!ex->busy);
  g_assert (!ex->finished);

  g_clear_object (&ex->message);
  g_clear_object (&ex->cancellable);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->parser, elicit_sse_parser_free);
  g_clear_pointer (&ex->body_buffer, g_byte_array_unref);
  ex->message = build_message (ex);
  ex->cancellable = g_cancellable_new ();
  ex->timed_out = FALSE;

  if (ex->kind == EXCHANGE_DELETE)
    timeout = timeout > 0 ? MIN (timeout, DELETE_TIMEOUT) : DELETE_TIMEOUT;
  arm_timer (ex, timeout);

  ex->busy = TRUE;
  soup_session_send_async (self->soup, ex->message, G_PRIORITY_DEFAULT, ex->cancellable,
                           sent_cb, elicit_http_exchange_ref (ex));
}

/* Messages reach the server in the order they were sent: a POST waits
 * until the server has taken each notification or response before it (by
 * answering its headers: 202, usually at once), and the initialize request,
 * whose answer brings the session id. Requests do not hold up what follows
 * them: their answers may take as long as the user does. */
static gboolean
is_gating (Exchange *ex)
{
  return ex->is_initialize || ex->request_id == NULL;
}

static void
post_begin (Exchange *ex)
{
  if (is_gating (ex))
    ex->self->gate = ex;

  elicit_http_exchange_begin (ex);
}

void
elicit_http_transport_pump_queue (ElicitHttpTransport *self)
{
  while (self->started && !self->shutting_down && self->gate == NULL &&
         !g_queue_is_empty (&self->queue))
    post_begin (g_queue_pop_head (&self->queue));
}

void
elicit_http_exchange_release_gate (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  if (self != NULL && self->gate == ex)
    {
      self->gate = NULL;
      elicit_http_transport_pump_queue (self);
    }
}

static void
start_listening (ElicitHttpTransport *self)
{
  Exchange *ex;

  if (self->listening || self->shutting_down)
    return;

  self->listening = TRUE;
  ex = elicit_http_exchange_new (self, EXCHANGE_LISTEN);

  /* What follows waits until the server has this stream: a server that
   * sends its requests there (as the TypeScript SDK does with requests not
   * tied to one of ours) must not find it missing and drop them. */
  self->gate = ex;
  elicit_http_exchange_begin (ex);
}

static void
start_delete (ElicitHttpTransport *self)
{
  elicit_http_exchange_begin (elicit_http_exchange_new (self, EXCHANGE_DELETE));
}

/* Ends the streams waiting for a request the client just cancelled. */
void
elicit_http_transport_forget_request (ElicitHttpTransport *self,
                JsonNode            *message)
{
  g_autoptr(GPtrArray) cancelled = g_ptr_array_new ();
  JsonObject *object = json_node_get_object (message);
  JsonObject *params;
  JsonNode *id;

  params = elicit_json_object_get_object (object, "params");
  if (params == NULL)
    return;

  id = json_object_get_member (params, "requestId");

  for (guint i = 0; i < self->exchanges->len; i++)
    {
      Exchange *ex = g_ptr_array_index (self->exchanges, i);

      if (ex->kind != EXCHANGE_LISTEN && is_request_id (ex->request_id, id))
        g_ptr_array_add (cancelled, ex);
    }

  for (guint i = 0; i < cancelled->len; i++)
    exchange_finish (g_ptr_array_index (cancelled, i));
}

