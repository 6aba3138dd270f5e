/* elicit-http-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "elicit-http-transport.h"
#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-sse-parser-private.h"
#include "elicit-transport-private.h"

/**
 * ElicitHttpTransport:
 *
 * A [iface@Transport] to a remote MCP server over Streamable HTTP, the
 * transport of the MCP specification (revision 2025-11-25).
 *
 * Each message is POSTed to the server's address with `Accept:
 * application/json, text/event-stream`. The server answers a request with a
 * JSON body or with an event stream, which may carry the server's own
 * requests (such as `elicitation/create`) and notifications before the
 * response; notifications and responses are answered with 202. The session
 * id the server gives with its `initialize` response is sent back with every
 * later request, and so is the negotiated protocol version
 * ([method@Transport.set_protocol_version]). Once initialized, a GET stream
 * carries the messages the server starts itself (a server that answers 405
 * offers none).
 *
 * Streams that drop are resumed with a GET carrying `Last-Event-ID`, after
 * the delay the server asked for with `retry`, backing off when attempts
 * keep failing, and giving up after a few. A request whose answer cannot be
 * had (the server failed, timed out, or broke the stream for good) is
 * answered by the transport with a JSON-RPC error, so the call fails with
 * a reason instead of waiting.
 *
 * The transport closes, with a reason a user can read, when the server
 * sends a body or an event larger than the limits, an event stream that is
 * malformed, or a body that is not JSON; and when the server no longer knows
 * the session (HTTP 404): [method@HttpTransport.get_session_expired] then
 * says so, and a new transport and session start over. Closing ends the
 * session on the server with `DELETE`.
 *
 * Extra headers (such as `Authorization`) are sent with every request and
 * never logged. Redirects are followed only within the same site.
 */

#define READ_SIZE               (64 * 1024)
#define MAX_ERROR_BODY          (64 * 1024)
#define MAX_SESSION_ID_LENGTH   1024
#define MAX_HEADER_NAME_LENGTH  256
#define MAX_HEADER_VALUE_LENGTH (8 * 1024)
#define MAX_REDIRECTS           5
/* Attempts in a row that get nothing before a stream is given up. */
#define MAX_RECONNECT_FAILURES  5
/* Resumptions of one request's stream, however successful. */
#define MAX_RESUMES             100
/* A stream open this long without a message still counts as working. */
#define HEALTHY_STREAM_USEC     (G_USEC_PER_SEC)
#define DEFAULT_RECONNECT_DELAY 1000
#define MIN_RECONNECT_DELAY     100
#define MAX_RECONNECT_DELAY     (60 * 1000)
#define DELETE_TIMEOUT          5000
#define MAX_CONNECTIONS         64

typedef enum
{
  EXCHANGE_POST,    /* one client message */
  EXCHANGE_LISTEN,  /* the GET stream for messages the server starts */
  EXCHANGE_RESUME,  /* a GET resuming the stream of a request */
  EXCHANGE_DELETE,  /* ending the session */
} ExchangeKind;

typedef struct _Exchange Exchange;

struct _ElicitHttpTransport
{
  GObject      parent_instance;

  char        *url;
  GUri        *uri;
  char        *origin;
  GPtrArray   *header_names;
  GPtrArray   *header_values;

  SoupSession *soup;
  char        *session_id;
  char        *protocol_version;
  GPtrArray   *exchanges;
  /* POSTs not sent yet, in order, and the one they wait for */
  GQueue       queue;
  Exchange    *gate;
  GPtrArray   *close_tasks;

  guint        timeout;
  gsize        max_body_size;
  gsize        max_event_size;

  guint        started : 1;
  guint        listening : 1;
  guint        session_expired : 1;
  guint        shutting_down : 1;
};

struct _Exchange
{
  grefcount            ref_count;
  ElicitHttpTransport *self;          /* NULL once the transport is disposed */
  ExchangeKind         kind;

  GBytes              *body;          /* what a POST sends */
  char                *method;        /* the JSON-RPC method POSTed, if any */
  JsonNode            *request_id;    /* the request awaiting an answer, if any */
  GUri                *uri;
  guint                redirects;

  SoupMessage         *message;
  GCancellable        *cancellable;
  GSource             *timer;
  GInputStream        *stream;
  ElicitSseParser     *parser;        /* reading an event stream */
  GByteArray          *body_buffer;   /* reading a body */
  gsize                body_limit;
  gboolean             error_body;    /* the body of an HTTP error */

  char                *last_event_id;
  gint64               retry;
  guint                failures;
  guint                resumes;

  guint                busy : 1;      /* an operation is under way */
  guint                finished : 1;
  guint                timed_out : 1;
  gint64               opened_at;     /* when the stream of this attempt opened */
  guint                got_message : 1;
  guint                answered : 1;
  guint                is_initialize : 1;
};

enum {
  PROP_0,
  PROP_URL,
  PROP_SESSION_ID,
  PROP_SESSION_EXPIRED,
  PROP_PROTOCOL_VERSION,
  PROP_TIMEOUT,
  PROP_MAX_BODY_SIZE,
  PROP_MAX_EVENT_SIZE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const reserved_headers[] = {
  "Accept", "Connection", "Content-Length", "Content-Type", "Host", "Last-Event-ID",
  "MCP-Protocol-Version", "Mcp-Session-Id", "Transfer-Encoding",
};

static void transport_iface_init (ElicitTransportInterface *iface);
static void exchange_begin       (Exchange                 *ex);
static void exchange_read        (Exchange                 *ex);
static void stream_ended         (Exchange                 *ex,
                                  const char               *reason);

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitHttpTransport, elicit_http_transport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (ELICIT_TYPE_TRANSPORT, transport_iface_init))

G_DEFINE_QUARK (elicit-http-transport-error-quark, elicit_http_transport_error)

/* Exchanges -------------------------------------------------------------------- */

static Exchange *
exchange_ref (Exchange *ex)
{
  g_ref_count_inc (&ex->ref_count);
  return ex;
}

static void
exchange_unref (Exchange *ex)
{
  if (!g_ref_count_dec (&ex->ref_count))
    return;

  g_assert (ex->timer == NULL);

  g_clear_pointer (&ex->body, g_bytes_unref);
  g_clear_pointer (&ex->method, g_free);
  g_clear_pointer (&ex->request_id, json_node_unref);
  g_clear_pointer (&ex->uri, g_uri_unref);
  g_clear_object (&ex->message);
  g_clear_object (&ex->cancellable);
  g_clear_object (&ex->stream);
  g_clear_pointer (&ex->parser, elicit_sse_parser_free);
  g_clear_pointer (&ex->body_buffer, g_byte_array_unref);
  g_clear_pointer (&ex->last_event_id, g_free);
  g_free (ex);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Exchange, exchange_unref)

static Exchange *
exchange_new (ElicitHttpTransport *self,
              ExchangeKind         kind)
{
  Exchange *ex = g_new0 (Exchange, 1);

  g_ref_count_init (&ex->ref_count);
  ex->self = self;
  ex->kind = kind;
  ex->uri = g_uri_ref (self->uri);
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
static void release_gate (Exchange *ex);

static void
exchange_remove (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  elicit_clear_source (&ex->timer);
  ex->finished = TRUE;

  if (self == NULL)
    return;

  g_queue_remove (&self->queue, ex);
  release_gate (ex);

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

  exchanges = g_ptr_array_copy (self->exchanges, (GCopyFunc) exchange_ref, NULL);
  g_ptr_array_set_free_func (exchanges, (GDestroyNotify) exchange_unref);
  for (guint i = 0; i < exchanges->len; i++)
    exchange_finish (g_ptr_array_index (exchanges, i));

  if (self->session_id != NULL && !self->session_expired)
    start_delete (self);
}

static void
close_with_error (ElicitHttpTransport *self,
                  GError              *error)
{
  g_autoptr(ElicitHttpTransport) hold = g_object_ref (self);
  g_autoptr(GError) owned = error;

  if (elicit_transport_emit_closed (ELICIT_TRANSPORT (self), error))
    shut_down (self);
}

static void
close_literal (ElicitHttpTransport  *self,
               ElicitTransportError  code,
               const char           *reason)
{
  close_with_error (self, g_error_new_literal (ELICIT_TRANSPORT_ERROR, code, reason));
}

static void
session_expired (ElicitHttpTransport *self)
{
  self->session_expired = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION_EXPIRED]);

  close_literal (self, ELICIT_TRANSPORT_ERROR_CLOSED,
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

/* Answers @ex's request with a JSON-RPC error, since the server will not. */
static void
answer_with_error (Exchange   *ex,
                   const char *reason)
{
  ElicitHttpTransport *self = ex->self;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  g_assert (ex->request_id != NULL);

  if (ex->answered)
    return;

  ex->answered = TRUE;
  log_line (self, reason);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "jsonrpc");
  json_builder_add_string_value (builder, "2.0");
  json_builder_set_member_name (builder, "id");
  json_builder_add_value (builder, json_node_copy (ex->request_id));
  json_builder_set_member_name (builder, "error");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "code");
  json_builder_add_int_value (builder, -32603);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, reason);
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  elicit_transport_emit_message (ELICIT_TRANSPORT (self), node);
}

/* The request a response answers, or NULL when @node is no response. */
static JsonNode *
get_response_id (JsonNode *node)
{
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  object = json_node_get_object (node);
  if (json_object_has_member (object, "method") ||
      !(json_object_has_member (object, "result") || json_object_has_member (object, "error")))
    return NULL;

  return json_object_get_member (object, "id");
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
    note_response (self, id);

  elicit_transport_emit_message (ELICIT_TRANSPORT (self), node);
  return TRUE;
}

static void
close_invalid_json (ElicitHttpTransport *self,
                    const GError        *error)
{
  g_message ("invalid JSON from the server: %s", error->message);
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
          g_message ("malformed event stream: %s", error->message);
          close_literal (self, ELICIT_TRANSPORT_ERROR_PROTOCOL, error->message);
          return FALSE;
        }

      if (event == NULL)
        break;

      /* The priming event of a resumable stream carries an id and no data. */
      if (event->data_length == 0)
        continue;

      ex->got_message = TRUE;

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

static const char *
get_method_name (Exchange *ex)
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
    exchange_begin (ex);

  return G_SOURCE_REMOVE;
}

/* Gives up on a stream that cannot be (re)opened. */
static void
give_up_stream (Exchange   *ex,
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
      answer_with_error (ex, reason);
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

  if (ex->failures >= MAX_RECONNECT_FAILURES || ex->resumes > MAX_RESUMES)
    {
      give_up_stream (ex, reason);
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
static void
stream_ended (Exchange   *ex,
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
                                         get_method_name (ex));
      give_up_stream (ex, reason);
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
                              get_method_name (ex), soup_message_get_status (ex->message),
                              status_phrase (ex->message));
      answer_with_error (ex, text);
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
                              get_method_name (ex));
      answer_with_error (ex, text);
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
  exchange_read (ex);
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
        stream_ended (ex, reason);
      else if (ex->request_id != NULL && !ex->error_body)
        give_up_stream (ex, reason);
      else
        finish_error_body (ex);
      return;
    }

  if (g_bytes_get_size (bytes) == 0)
    {
      if (ex->parser != NULL)
        stream_ended (ex, NULL);
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
    exchange_read (ex);
}

/* Reads on; a body, or an event begun, must go on within the timeout,
 * while a stream may rest between events for as long as it likes. */
static void
exchange_read (Exchange *ex)
{
  g_assert (!ex->busy);

  if (ex->parser == NULL || elicit_sse_parser_is_mid_event (ex->parser))
    arm_timer (ex, ex->self->timeout);

  ex->busy = TRUE;
  g_input_stream_read_bytes_async (ex->stream, READ_SIZE, G_PRIORITY_DEFAULT, ex->cancellable,
                                   read_cb, exchange_ref (ex));
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
static gboolean
is_visible_ascii (const char *id)
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

  if (!is_visible_ascii (id))
    {
      close_literal (self, ELICIT_TRANSPORT_ERROR_PROTOCOL,
                     _("the server sent an invalid session id"));
      return FALSE;
    }

  if (g_strcmp0 (self->session_id, id) != 0)
    {
      g_free (self->session_id);
      self->session_id = g_strdup (id);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION_ID]);
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
  exchange_read (ex);
}

static void
read_events (Exchange *ex)
{
  ex->opened_at = g_get_monotonic_time ();
  ex->parser = elicit_sse_parser_new (ex->self->max_event_size);
  exchange_read (ex);
}

static void start_listening (ElicitHttpTransport *self);

static void
post_answered (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;
  SoupMessage *message = ex->message;
  g_autofree char *text = NULL;

  if (ex->request_id == NULL)
    {
      /* A notification or a response: nothing to read. */
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
                                get_method_name (ex));
      else
        text = g_strdup_printf (_("The server answered “%s” with neither JSON nor an event stream"),
                                get_method_name (ex));
      give_up_stream (ex, text);
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

  text = g_strdup_printf (_("The server refused “%s”: HTTP %u %s"), get_method_name (ex),
                          soup_message_get_status (message), status_phrase (message));
  g_message ("%s", text);
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
    give_up_stream (ex, text);
  else
    reconnect_later (ex, text);
}

/* Redirects -------------------------------------------------------------------- */

static char *
get_origin (GUri *uri)
{
  return g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), "", NULL, NULL);
}

static int
effective_port (GUri *uri)
{
  if (g_uri_get_port (uri) > 0)
    return g_uri_get_port (uri);

  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0 ? 443 : 80;
}

static gboolean
is_same_origin (GUri *a,
                GUri *b)
{
  return g_ascii_strcasecmp (g_uri_get_scheme (a), g_uri_get_scheme (b)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0 &&
         effective_port (a) == effective_port (b);
}

/* Follows a redirect within the same site; FALSE, with the reason, for
 * one that goes elsewhere or too far. */
static gboolean
follow_redirect (Exchange  *ex,
                 char     **reason)
{
  const char *location;
  g_autoptr(GUri) target = NULL;
  g_autofree char *origin = NULL;

  location = soup_message_headers_get_one (soup_message_get_response_headers (ex->message),
                                           "Location");
  if (location != NULL)
    target = g_uri_parse_relative (ex->uri, location, SOUP_HTTP_URI_FLAGS, NULL);

  if (target == NULL || g_uri_get_host (target) == NULL ||
      (g_ascii_strcasecmp (g_uri_get_scheme (target), "http") != 0 &&
       g_ascii_strcasecmp (g_uri_get_scheme (target), "https") != 0))
    {
      *reason = g_strdup (_("The server redirected to an invalid address"));
      return FALSE;
    }

  if (!is_same_origin (target, ex->self->uri))
    {
      origin = get_origin (target);
      *reason = g_strdup_printf (_("The server redirected to another site (%s), which Elicit does "
                                   "not follow: use that address instead if you trust it"),
                                 origin);
      return FALSE;
    }

  if (ex->redirects >= MAX_REDIRECTS)
    {
      *reason = g_strdup (_("The server redirected too many times"));
      return FALSE;
    }

  ex->redirects++;
  g_clear_pointer (&ex->uri, g_uri_unref);
  ex->uri = g_steal_pointer (&target);
  g_clear_object (&ex->stream);
  exchange_begin (ex);

  return TRUE;
}

/* Sending ---------------------------------------------------------------------- */

/* An exchange that got no answer at all: the server could not be reached,
 * did not answer in time, or redirected where we do not go. */
static void
exchange_failed (Exchange   *ex,
                 const char *reason)
{
  g_autofree char *text = NULL;

  release_gate (ex);

  switch (ex->kind)
    {
    case EXCHANGE_POST:
      if (ex->request_id != NULL)
        {
          answer_with_error (ex, reason);
        }
      else
        {
          text = g_strdup_printf (_("%s; “%s” was not delivered"), reason, get_method_name (ex));
          g_message ("%s", text);
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
      exchange_failed (ex, reason);
      return;
    }

  status = soup_message_get_status (ex->message);

  if (SOUP_STATUS_IS_REDIRECTION (status) && status != SOUP_STATUS_NOT_MODIFIED)
    {
      if (follow_redirect (ex, &reason))
        return;

      /* Asking again would be redirected again. */
      release_gate (ex);
      if (ex->kind == EXCHANGE_LISTEN || ex->kind == EXCHANGE_RESUME)
        give_up_stream (ex, reason);
      else
        exchange_failed (ex, reason);
      return;
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

  /* The server's own stream opens once it knows we are initialized. */
  if (ex->kind == EXCHANGE_POST && SOUP_STATUS_IS_SUCCESSFUL (status) &&
      g_strcmp0 (ex->method, "notifications/initialized") == 0)
    start_listening (self);

  release_gate (ex);

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
  if (self->protocol_version != NULL)
    soup_message_headers_replace (headers, "MCP-Protocol-Version", self->protocol_version);
  if (ex->kind == EXCHANGE_RESUME || ex->kind == EXCHANGE_LISTEN)
    if (ex->last_event_id != NULL)
      soup_message_headers_replace (headers, "Last-Event-ID", ex->last_event_id);

  if (ex->body != NULL)
    soup_message_set_request_body_from_bytes (message, "application/json", ex->body);

  return message;
}

static void
exchange_begin (Exchange *ex)
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
                           sent_cb, exchange_ref (ex));
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

  exchange_begin (ex);
}

static void
pump_queue (ElicitHttpTransport *self)
{
  while (self->started && !self->shutting_down && self->gate == NULL &&
         !g_queue_is_empty (&self->queue))
    post_begin (g_queue_pop_head (&self->queue));
}

static void
release_gate (Exchange *ex)
{
  ElicitHttpTransport *self = ex->self;

  if (self != NULL && self->gate == ex)
    {
      self->gate = NULL;
      pump_queue (self);
    }
}

static void
start_listening (ElicitHttpTransport *self)
{
  Exchange *ex;

  if (self->listening || self->shutting_down)
    return;

  self->listening = TRUE;
  ex = exchange_new (self, EXCHANGE_LISTEN);

  /* What follows waits until the server has this stream: a server that
   * sends its requests there (as the TypeScript SDK does with requests not
   * tied to one of ours) must not find it missing and drop them. */
  self->gate = ex;
  exchange_begin (ex);
}

static void
start_delete (ElicitHttpTransport *self)
{
  exchange_begin (exchange_new (self, EXCHANGE_DELETE));
}

/* Ends the streams waiting for a request the client just cancelled. */
static void
forget_request (ElicitHttpTransport *self,
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

/* ElicitTransport -------------------------------------------------------------- */

static void
elicit_http_transport_start (ElicitTransport *transport)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);

  if (self->started)
    return;

  self->started = TRUE;
  pump_queue (self);
}

static gboolean
elicit_http_transport_send (ElicitTransport  *transport,
                            JsonNode         *message,
                            GError          **error)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);
  JsonObject *object = NULL;
  const char *method;
  Exchange *ex;
  char *text;
  gsize length;

  g_assert (!self->shutting_down);

  ex = exchange_new (self, EXCHANGE_POST);
  text = elicit_json_to_string (message, &length);
  ex->body = g_bytes_new_take (text, length);

  if (JSON_NODE_HOLDS_OBJECT (message))
    object = json_node_get_object (message);

  method = elicit_json_object_get_string (object, "method");
  if (method != NULL)
    {
      ex->method = g_strdup (method);
      ex->is_initialize = g_str_equal (ex->method, "initialize");

      if (json_object_has_member (object, "id"))
        ex->request_id = json_node_copy (json_object_get_member (object, "id"));
      else if (g_str_equal (ex->method, "notifications/cancelled"))
        forget_request (self, message);
    }

  g_queue_push_tail (&self->queue, ex);
  pump_queue (self);

  return TRUE;
}

static void
elicit_http_transport_close_async (ElicitTransport     *transport,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_http_transport_close_async);

  close_literal (self, ELICIT_TRANSPORT_ERROR_CLOSED, _("the connection was closed"));

  if (self->exchanges->len == 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->close_tasks == NULL)
    self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
}

static gboolean
elicit_http_transport_close_finish (ElicitTransport  *transport,
                                    GAsyncResult     *result,
                                    GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
elicit_http_transport_set_protocol_version (ElicitTransport *transport,
                                            const char      *protocol_version)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (transport);

  if (g_strcmp0 (self->protocol_version, protocol_version) == 0)
    return;

  /* It goes into a header: a proxy may pass on whatever a server said. */
  if (!is_visible_ascii (protocol_version) || strlen (protocol_version) > 64)
    {
      g_message ("not sending an invalid protocol version");
      return;
    }

  g_free (self->protocol_version);
  self->protocol_version = g_strdup (protocol_version);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
}

static void
transport_iface_init (ElicitTransportInterface *iface)
{
  iface->start = elicit_http_transport_start;
  iface->send = elicit_http_transport_send;
  iface->close_async = elicit_http_transport_close_async;
  iface->close_finish = elicit_http_transport_close_finish;
  iface->set_protocol_version = elicit_http_transport_set_protocol_version;
}

/* GObject ---------------------------------------------------------------------- */

static void
elicit_http_transport_dispose (GObject *object)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  g_queue_clear (&self->queue);
  self->gate = NULL;

  /* Operations under way keep their exchange alive, not us. */
  while (self->exchanges->len > 0)
    {
      Exchange *ex = g_ptr_array_steal_index (self->exchanges, self->exchanges->len - 1);

      elicit_clear_source (&ex->timer);
      ex->finished = TRUE;
      ex->self = NULL;
      if (ex->cancellable != NULL)
        g_cancellable_cancel (ex->cancellable);
      exchange_unref (ex);
    }

  g_clear_object (&self->soup);

  G_OBJECT_CLASS (elicit_http_transport_parent_class)->dispose (object);
}

static void
elicit_http_transport_finalize (GObject *object)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  /* Close tasks hold a reference to us: none can be left. */
  g_assert (self->close_tasks == NULL);

  g_free (self->url);
  g_clear_pointer (&self->uri, g_uri_unref);
  g_free (self->origin);
  g_ptr_array_unref (self->header_names);
  g_ptr_array_unref (self->header_values);
  g_free (self->session_id);
  g_free (self->protocol_version);
  g_ptr_array_unref (self->exchanges);

  G_OBJECT_CLASS (elicit_http_transport_parent_class)->finalize (object);
}

static void
elicit_http_transport_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, elicit_http_transport_get_url (self));
      break;

    case PROP_SESSION_ID:
      g_value_set_string (value, elicit_http_transport_get_session_id (self));
      break;

    case PROP_SESSION_EXPIRED:
      g_value_set_boolean (value, elicit_http_transport_get_session_expired (self));
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, elicit_http_transport_get_protocol_version (self));
      break;

    case PROP_TIMEOUT:
      g_value_set_uint (value, elicit_http_transport_get_timeout (self));
      break;

    case PROP_MAX_BODY_SIZE:
      g_value_set_uint64 (value, elicit_http_transport_get_max_body_size (self));
      break;

    case PROP_MAX_EVENT_SIZE:
      g_value_set_uint64 (value, elicit_http_transport_get_max_event_size (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_http_transport_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ElicitHttpTransport *self = ELICIT_HTTP_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_TIMEOUT:
      elicit_http_transport_set_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_BODY_SIZE:
      elicit_http_transport_set_max_body_size (self, g_value_get_uint64 (value));
      break;

    case PROP_MAX_EVENT_SIZE:
      elicit_http_transport_set_max_event_size (self, g_value_get_uint64 (value));
      break;

    case PROP_URL:
    case PROP_SESSION_ID:
    case PROP_SESSION_EXPIRED:
    case PROP_PROTOCOL_VERSION:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_http_transport_class_init (ElicitHttpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();
  elicit_transport_ignore_sigpipe ();

  object_class->dispose = elicit_http_transport_dispose;
  object_class->finalize = elicit_http_transport_finalize;
  object_class->get_property = elicit_http_transport_get_property;
  object_class->set_property = elicit_http_transport_set_property;

  /**
   * ElicitHttpTransport:url:
   *
   * The address of the server's MCP endpoint.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:session-id:
   *
   * The session id the server gave with its `initialize` response, sent
   * back with every later request; %NULL until then, or if it gave none.
   */
  properties[PROP_SESSION_ID] =
    g_param_spec_string ("session-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:session-expired:
   *
   * Whether the transport closed because the server no longer knows the
   * session (HTTP 404). A new transport and session start a new one.
   */
  properties[PROP_SESSION_EXPIRED] =
    g_param_spec_boolean ("session-expired", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:protocol-version:
   *
   * The negotiated MCP protocol version, sent as `MCP-Protocol-Version`
   * with every request once known.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:timeout:
   *
   * How long, in milliseconds, the server may take to answer a request
   * (its status and headers), or pause in the middle of a body or of an
   * event; 0 for no limit. A stream may rest between events indefinitely.
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:max-body-size:
   *
   * The largest JSON body accepted, in bytes; a larger one closes the
   * transport.
   */
  properties[PROP_MAX_BODY_SIZE] =
    g_param_spec_uint64 ("max-body-size", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitHttpTransport:max-event-size:
   *
   * The largest event accepted on an event stream, in bytes; a larger one
   * closes the transport.
   */
  properties[PROP_MAX_EVENT_SIZE] =
    g_param_spec_uint64 ("max-event-size", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_http_transport_init (ElicitHttpTransport *self)
{
  self->timeout = ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT;
  g_queue_init (&self->queue);
  self->max_body_size = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
  self->max_event_size = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
  self->header_names = g_ptr_array_new_with_free_func (g_free);
  self->header_values = g_ptr_array_new_with_free_func (g_free);
  self->exchanges = g_ptr_array_new_with_free_func ((GDestroyNotify) exchange_unref);
  self->soup = soup_session_new_with_options ("max-conns", MAX_CONNECTIONS,
                                              "max-conns-per-host", MAX_CONNECTIONS,
                                              "user-agent", "elicit/" PACKAGE_VERSION,
                                              "timeout", 0,
                                              NULL);
}

/* Public API ------------------------------------------------------------------- */

static gboolean
is_loopback (const char *host)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (host);

  if (address != NULL)
    return g_inet_address_get_is_loopback (address);

  return g_ascii_strcasecmp (host, "localhost") == 0;
}

static GUri *
parse_url (const char  *url,
           GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *scheme;

  uri = g_uri_parse (url, SOUP_HTTP_URI_FLAGS, &local_error);
  if (uri == NULL)
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                   _("“%s” is not a valid address: %s"), url, local_error->message);
      return NULL;
    }

  scheme = g_uri_get_scheme (uri);
  if ((g_ascii_strcasecmp (scheme, "http") != 0 && g_ascii_strcasecmp (scheme, "https") != 0) ||
      g_uri_get_host (uri) == NULL || g_uri_get_host (uri)[0] == '\0')
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                   _("“%s” is not an http or https address"), url);
      return NULL;
    }

  if (g_uri_get_user (uri) != NULL || g_uri_get_password (uri) != NULL)
    {
      /* The address would end up in messages and logs: not with a secret. */
      g_set_error_literal (error, ELICIT_HTTP_TRANSPORT_ERROR,
                           ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                           _("The address must not contain a user name or password: "
                             "send credentials in a header instead"));
      return NULL;
    }

  return g_uri_build (SOUP_HTTP_URI_FLAGS, scheme, NULL, g_uri_get_host (uri),
                      g_uri_get_port (uri),
                      g_uri_get_path (uri)[0] != '\0' ? g_uri_get_path (uri) : "/",
                      g_uri_get_query (uri), NULL);
}

/**
 * elicit_http_transport_new:
 * @url: the address of the server's MCP endpoint, `http` or `https`
 * @headers: (array zero-terminated=1) (nullable): extra headers sent with
 *   every request, each written `Name: value` (for example
 *   `Authorization: Bearer …`)
 * @error: return location for an [error@HttpTransportError]
 *
 * Creates a transport to the MCP server at @url. Nothing is sent before
 * [method@Transport.start].
 *
 * Returns: (transfer full) (nullable): a new transport, or %NULL if @url or
 *   one of @headers is refused
 */
ElicitTransport *
elicit_http_transport_new (const char          *url,
                           const char * const  *headers,
                           GError             **error)
{
  g_autoptr(ElicitHttpTransport) self = NULL;
  g_autoptr(GUri) uri = NULL;

  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uri = parse_url (url, error);
  if (uri == NULL)
    return NULL;

  self = g_object_new (ELICIT_TYPE_HTTP_TRANSPORT, NULL);
  self->uri = g_steal_pointer (&uri);
  self->url = g_uri_to_string (self->uri);
  self->origin = get_origin (self->uri);

  /* A server on this machine is never reached through a proxy. */
  if (is_loopback (g_uri_get_host (self->uri)))
    g_object_set (self->soup, "proxy-resolver", NULL, NULL);

  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    {
      const char *colon = strchr (headers[i], ':');
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      if (colon == NULL)
        {
          g_set_error_literal (error, ELICIT_HTTP_TRANSPORT_ERROR,
                               ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                               _("A header must be written as “Name: value”"));
          return NULL;
        }

      name = g_strstrip (g_strndup (headers[i], colon - headers[i]));
      value = g_strdup (colon + 1);
      if (!elicit_http_transport_add_header (self, name, value, error))
        return NULL;
    }

  return ELICIT_TRANSPORT (g_steal_pointer (&self));
}

/**
 * elicit_http_transport_get_url:
 * @self: an HTTP transport
 *
 * Gets the address of the server's MCP endpoint.
 *
 * Returns: (transfer none): the address
 */
const char *
elicit_http_transport_get_url (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->url;
}

/**
 * elicit_http_transport_get_session_id:
 * @self: an HTTP transport
 *
 * Gets the session id the server assigned.
 *
 * Returns: (nullable) (transfer none): the session id, or %NULL
 */
const char *
elicit_http_transport_get_session_id (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->session_id;
}

/**
 * elicit_http_transport_get_session_expired:
 * @self: an HTTP transport
 *
 * Whether the transport closed because the server no longer knows the
 * session. Connecting again, with a new transport and a new session,
 * starts a new one.
 *
 * Returns: %TRUE if the server ended the session
 */
gboolean
elicit_http_transport_get_session_expired (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), FALSE);

  return self->session_expired;
}

/**
 * elicit_http_transport_get_protocol_version:
 * @self: an HTTP transport
 *
 * Gets the protocol version sent as `MCP-Protocol-Version`.
 *
 * Returns: (nullable) (transfer none): the version, or %NULL before the
 *   session negotiated one
 */
const char *
elicit_http_transport_get_protocol_version (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), NULL);

  return self->protocol_version;
}

/**
 * elicit_http_transport_get_timeout:
 * @self: an HTTP transport
 *
 * Gets [property@HttpTransport:timeout].
 *
 * Returns: the timeout in milliseconds, 0 for none
 */
guint
elicit_http_transport_get_timeout (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->timeout;
}

/**
 * elicit_http_transport_get_max_body_size:
 * @self: an HTTP transport
 *
 * Gets the largest JSON body accepted.
 *
 * Returns: the limit, in bytes
 */
gsize
elicit_http_transport_get_max_body_size (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->max_body_size;
}

/**
 * elicit_http_transport_get_max_event_size:
 * @self: an HTTP transport
 *
 * Gets the largest event accepted on an event stream.
 *
 * Returns: the limit, in bytes
 */
gsize
elicit_http_transport_get_max_event_size (ElicitHttpTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), 0);

  return self->max_event_size;
}

/**
 * elicit_http_transport_set_timeout:
 * @self: an HTTP transport
 * @msec: the timeout in milliseconds, 0 for none
 *
 * Sets how long the server may take to answer a request, or pause in the
 * middle of a body or an event. A request that times out fails; a stream
 * that times out is resumed.
 */
void
elicit_http_transport_set_timeout (ElicitHttpTransport *self,
                                   guint                msec)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));

  if (self->timeout == msec)
    return;

  self->timeout = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

/**
 * elicit_http_transport_set_max_body_size:
 * @self: an HTTP transport
 * @max_body_size: the limit, in bytes
 *
 * Sets the largest JSON body accepted; a larger one closes the transport.
 */
void
elicit_http_transport_set_max_body_size (ElicitHttpTransport *self,
                                         gsize                max_body_size)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (max_body_size > 0);

  if (self->max_body_size == max_body_size)
    return;

  self->max_body_size = max_body_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BODY_SIZE]);
}

/**
 * elicit_http_transport_set_max_event_size:
 * @self: an HTTP transport
 * @max_event_size: the limit, in bytes
 *
 * Sets the largest event accepted on an event stream; a larger one closes
 * the transport.
 */
void
elicit_http_transport_set_max_event_size (ElicitHttpTransport *self,
                                          gsize                max_event_size)
{
  g_return_if_fail (ELICIT_IS_HTTP_TRANSPORT (self));
  g_return_if_fail (max_event_size > 0);

  if (self->max_event_size == max_event_size)
    return;

  self->max_event_size = max_event_size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_EVENT_SIZE]);
}

static gboolean
is_token (const char *name)
{
  if (name[0] == '\0' || strlen (name) > MAX_HEADER_NAME_LENGTH)
    return FALSE;

  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("!#$%&'*+-.^_`|~", *p) == NULL)
      return FALSE;

  return TRUE;
}

static gboolean
is_field_value (const char *value)
{
  if (strlen (value) > MAX_HEADER_VALUE_LENGTH)
    return FALSE;

  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    if ((*p < 0x20 && *p != '\t') || *p == 0x7F)
      return FALSE;

  return TRUE;
}

/**
 * elicit_http_transport_add_header:
 * @self: an HTTP transport
 * @name: a header name, such as `Authorization`
 * @value: its value; surrounding spaces are dropped
 * @error: return location for an [error@HttpTransportError]
 *
 * Adds a header sent with every request, such as credentials from the
 * user's configuration. Values are never logged. Headers the transport
 * sets itself (`Accept`, `Content-Type`, `Mcp-Session-Id`,
 * `MCP-Protocol-Version`, `Last-Event-ID` and the framing headers) are
 * refused.
 *
 * Returns: %TRUE if the header was added
 */
gboolean
elicit_http_transport_add_header (ElicitHttpTransport  *self,
                                  const char           *name,
                                  const char           *value,
                                  GError              **error)
{
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (ELICIT_IS_HTTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!is_token (name))
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                   _("“%s” is not a valid header name"), name);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (reserved_headers); i++)
    if (g_ascii_strcasecmp (name, reserved_headers[i]) == 0)
      {
        g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR,
                     ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                     _("The header “%s” is set by Elicit itself"), name);
        return FALSE;
      }

  stripped = g_strstrip (g_strdup (value));
  if (!is_field_value (stripped))
    {
      g_set_error (error, ELICIT_HTTP_TRANSPORT_ERROR, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                   _("The value of the header “%s” is too long or contains a line break or "
                     "a control character"), name);
      return FALSE;
    }

  g_ptr_array_add (self->header_names, g_strdup (name));
  g_ptr_array_add (self->header_values, g_steal_pointer (&stripped));

  return TRUE;
}
