/* test-http-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ElicitHttpTransport against a SoupServer on 127.0.0.1 in this process: an
 * MCP endpoint whose answers each test scripts, down to raw bytes on a
 * stolen connection where the edge case lives in the framing (events split
 * across reads, streams that drop mid-event, bodies that never end).
 */

#include "config.h"

#include <string.h>

#include <libsoup/soup.h>

#include "elicit.h"
#include "elicit-json-private.h"

/* Generous: the suite also runs under AddressSanitizer on slow machines. */
#define DEADLINE_USEC (60 * G_USEC_PER_SEC)
#define SECRET        "Bearer s3cret-t0ken"
#define SESSION_ID    "sess-1"

typedef struct _Fixture Fixture;

/* One request the server got. */
typedef struct
{
  char               *method;
  char               *path;
  SoupMessageHeaders *headers;
  char               *body;
  char               *rpc_method;
} Recorded;

/* A connection taken from the SoupServer, written raw, chunk by chunk. */
typedef struct
{
  GIOStream *io;
  GQueue     queue;
  guint      delay_source;
  gboolean   writing;
  gboolean   failed;
} RawConn;

typedef struct
{
  GBytes  *bytes;   /* NULL: close */
  guint    delay;   /* ms to wait before */
} Chunk;

typedef void (*Route) (Fixture           *f,
                       SoupServerMessage *msg,
                       Recorded          *request);

struct _Fixture
{
  SoupServer      *server;
  SoupServer      *other;
  char            *url;
  char            *other_url;
  GPtrArray       *requests;
  GPtrArray       *other_requests;
  GPtrArray       *conns;
  Route            tool_route;
  Route            get_route;
  Route            initialize_route;
  Route            discover_route;
  RawConn         *conn;
  char            *call_id;
  guint            n_calls;
  GPtrArray       *server_logs;

  ElicitTransport *transport;
  ElicitSession   *session;
  GPtrArray       *logs;
  GPtrArray       *elicitations;
  GError          *closed;
  guint            ticker;
};

/* Every log line the process writes, to prove secrets never reach one. */
static GString *all_logs;

/* Spinning ------------------------------------------------------------------ */

#define SPIN_UNTIL(cond)                                                     \
  G_STMT_START {                                                             \
    gint64 _deadline = g_get_monotonic_time () + DEADLINE_USEC;              \
    while (!(cond))                                                          \
      {                                                                      \
        if (g_get_monotonic_time () > _deadline)                             \
          g_error ("timed out waiting for %s", #cond);                       \
        g_main_context_iteration (NULL, TRUE);                               \
      }                                                                      \
  } G_STMT_END

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
spin_for (guint msec)
{
  gint64 end = g_get_monotonic_time () + msec * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
}

/* Raw connections ----------------------------------------------------------- */

static void raw_pump (RawConn *conn);

static void
chunk_free (Chunk *chunk)
{
  g_clear_pointer (&chunk->bytes, g_bytes_unref);
  g_free (chunk);
}

static void
raw_conn_free (RawConn *conn)
{
  g_assert_false (conn->writing);
  g_queue_clear_full (&conn->queue, (GDestroyNotify) chunk_free);
  g_clear_object (&conn->io);
  g_free (conn);
}

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  RawConn *conn = user_data;
  g_autoptr(GError) error = NULL;

  conn->writing = FALSE;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      /* The client hung up: what the size tests want. */
      conn->failed = TRUE;
      g_queue_clear_full (&conn->queue, (GDestroyNotify) chunk_free);
      return;
    }

  raw_pump (conn);
}

static void
raw_write_now (RawConn *conn)
{
  Chunk *chunk = g_queue_pop_head (&conn->queue);
  GOutputStream *out = g_io_stream_get_output_stream (conn->io);

  if (chunk->bytes == NULL)
    {
      g_io_stream_close (conn->io, NULL, NULL);
      chunk_free (chunk);
      return;
    }

  conn->writing = TRUE;
  g_output_stream_write_all_async (out, g_bytes_get_data (chunk->bytes, NULL),
                                   g_bytes_get_size (chunk->bytes), G_PRIORITY_DEFAULT, NULL,
                                   write_cb, conn);
  /* The queue no longer holds it: keep the bytes alive with the stream. */
  g_object_set_data_full (G_OBJECT (out), "chunk", chunk, (GDestroyNotify) chunk_free);
}

static gboolean
delay_cb (gpointer data)
{
  RawConn *conn = data;
  Chunk *chunk = g_queue_peek_head (&conn->queue);

  conn->delay_source = 0;
  chunk->delay = 0;
  raw_pump (conn);

  return G_SOURCE_REMOVE;
}

static void
raw_pump (RawConn *conn)
{
  Chunk *chunk = g_queue_peek_head (&conn->queue);

  if (conn->writing || conn->delay_source != 0 || chunk == NULL || conn->failed)
    return;

  if (chunk->delay > 0)
    {
      conn->delay_source = g_timeout_add (chunk->delay, delay_cb, conn);
      return;
    }

  raw_write_now (conn);
}

static void
raw_push (RawConn *conn,
          GBytes  *bytes,
          guint    delay)
{
  Chunk *chunk = g_new0 (Chunk, 1);

  chunk->bytes = bytes;
  chunk->delay = delay;
  g_queue_push_tail (&conn->queue, chunk);
  raw_pump (conn);
}

static void
raw_send (RawConn    *conn,
          guint       delay,
          const char *text)
{
  raw_push (conn, g_bytes_new (text, strlen (text)), delay);
}

static void
raw_close (RawConn *conn,
           guint    delay)
{
  raw_push (conn, NULL, delay);
}

/* Takes the connection of @msg from the server and starts a response with
 * @status_and_headers ("HTTP/1.1 200 OK\r\n...\r\n\r\n"). */
static RawConn *
raw_take (Fixture           *f,
          SoupServerMessage *msg,
          const char        *status_and_headers)
{
  RawConn *conn = g_new0 (RawConn, 1);

  conn->io = soup_server_message_steal_connection (msg);
  g_assert_nonnull (conn->io);
  g_queue_init (&conn->queue);
  g_ptr_array_add (f->conns, conn);

  raw_send (conn, 0, status_and_headers);
  return conn;
}

#define DONE_RESULT "{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}"
#define SSE_HEAD "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
#define JSON_HEAD "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"

/* The server --------------------------------------------------------------- */

static void
recorded_free (Recorded *request)
{
  g_free (request->method);
  g_free (request->path);
  soup_message_headers_unref (request->headers);
  g_free (request->body);
  g_free (request->rpc_method);
  g_free (request);
}

static Recorded *
record (GPtrArray         *requests,
        SoupServerMessage *msg,
        const char        *path)
{
  Recorded *request = g_new0 (Recorded, 1);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  g_autoptr(JsonNode) node = NULL;

  request->method = g_strdup (soup_server_message_get_method (msg));
  request->path = g_strdup (path);
  request->headers = soup_message_headers_ref (soup_server_message_get_request_headers (msg));
  request->body = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  node = elicit_json_parse (request->body, -1, 64, NULL);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node) &&
      json_object_has_member (json_node_get_object (node), "method"))
    request->rpc_method = g_strdup (json_object_get_string_member (json_node_get_object (node),
                                                                   "method"));

  g_ptr_array_add (requests, request);
  return request;
}

static const char *
header (Recorded   *request,
        const char *name)
{
  return soup_message_headers_get_one (request->headers, name);
}

static void
reply (SoupServerMessage *msg,
       guint              status,
       const char        *content_type,
       const char        *body)
{
  soup_server_message_set_status (msg, status, NULL);
  if (body != NULL)
    soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY, body, strlen (body));
}

/* Answers a JSON-RPC request with a JSON body holding @result for its id. */
static void
reply_result (SoupServerMessage *msg,
              Recorded          *request,
              const char        *result)
{
  g_autoptr(JsonNode) node = elicit_json_parse (request->body, -1, 64, NULL);
  g_autofree char *id = elicit_json_to_string (json_object_get_member (json_node_get_object (node),
                                                                       "id"), NULL);
  g_autofree char *text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}",
                                           id, result);

  reply (msg, SOUP_STATUS_OK, "application/json", text);
}

static const char *
request_id (Recorded *request)
{
  static char buffer[64];
  g_autoptr(JsonNode) node = elicit_json_parse (request->body, -1, 64, NULL);
  g_autofree char *id = elicit_json_to_string (json_object_get_member (json_node_get_object (node),
                                                                       "id"), NULL);

  g_strlcpy (buffer, id, sizeof buffer);
  return buffer;
}

static void
initialize_route (Fixture           *f,
                  SoupServerMessage *msg,
                  Recorded          *request)
{
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Mcp-Session-Id", SESSION_ID);
  reply_result (msg, request,
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                "\"serverInfo\":{\"name\":\"test-http\",\"version\":\"1.0\"}}");
}

/* A small MCP server; tests script tools/call, GET and initialize. */
static void
server_cb (SoupServer        *server,
           SoupServerMessage *msg,
           const char        *path,
           GHashTable        *query,
           gpointer           user_data)
{
  Fixture *f = user_data;
  Recorded *request = record (f->requests, msg, path);

  if (g_str_equal (request->method, "DELETE"))
    reply (msg, SOUP_STATUS_OK, NULL, NULL);
  else if (g_str_equal (request->method, "GET"))
    {
      if (f->get_route != NULL)
        f->get_route (f, msg, request);
      else
        reply (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL, NULL);
    }
  else if (request->rpc_method == NULL || g_str_has_prefix (request->rpc_method, "notifications/"))
    reply (msg, SOUP_STATUS_ACCEPTED, NULL, NULL);
  else if (g_str_equal (request->rpc_method, "server/discover") && f->discover_route != NULL)
    f->discover_route (f, msg, request);
  else if (g_str_equal (request->rpc_method, "initialize"))
    (f->initialize_route != NULL ? f->initialize_route : initialize_route) (f, msg, request);
  else if (g_str_equal (request->rpc_method, "tools/call"))
    {
      f->n_calls++;
      g_free (f->call_id);
      f->call_id = g_strdup (request_id (request));
      if (f->tool_route != NULL)
        f->tool_route (f, msg, request);
      else
        reply_result (msg, request, DONE_RESULT);
    }
  else if (g_str_equal (request->rpc_method, "tools/list"))
    reply_result (msg, request, "{\"tools\":[]}");
  else
    reply_result (msg, request, "{}");
}

static void
other_cb (SoupServer        *server,
          SoupServerMessage *msg,
          const char        *path,
          GHashTable        *query,
          gpointer           user_data)
{
  Fixture *f = user_data;

  record (f->other_requests, msg, path);
  reply (msg, SOUP_STATUS_OK, "application/json", "{}");
}

static char *
listen_local (SoupServer         *server,
              SoupServerCallback  callback,
              Fixture            *f)
{
  g_autoptr(GError) error = NULL;
  GSList *uris;
  char *url;

  soup_server_add_handler (server, NULL, callback, f, NULL);
  soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);

  uris = soup_server_get_uris (server);
  g_assert_nonnull (uris);
  url = g_strdup_printf ("http://127.0.0.1:%d/mcp", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  return url;
}

/* The client ---------------------------------------------------------------- */

static void
log_cb (ElicitTransport *transport,
        const char      *line,
        Fixture         *f)
{
  g_ptr_array_add (f->logs, g_strdup (line));
}

static void
closed_cb (ElicitTransport *transport,
           const GError    *error,
           Fixture         *f)
{
  g_assert_null (f->closed);
  f->closed = g_error_copy (error);
}

static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Fixture       *f)
{
  g_ptr_array_add (f->elicitations, g_object_ref (request));
}

static void
server_message_cb (ElicitSession *session,
                   const char    *level,
                   const char    *logger,
                   JsonNode      *data,
                   Fixture       *f)
{
  g_ptr_array_add (f->server_logs, elicit_json_to_string (data, NULL));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->server_logs = g_ptr_array_new_with_free_func (g_free);
  f->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) recorded_free);
  f->other_requests = g_ptr_array_new_with_free_func ((GDestroyNotify) recorded_free);
  f->conns = g_ptr_array_new ();
  f->logs = g_ptr_array_new_with_free_func (g_free);
  f->elicitations = g_ptr_array_new_with_free_func (g_object_unref);

  f->server = soup_server_new (NULL, NULL);
  f->url = listen_local (f->server, server_cb, f);
  f->other = soup_server_new (NULL, NULL);
  f->other_url = listen_local (f->other, other_cb, f);

  /* Keeps blocking iterations waking up, so SPIN_UNTIL checks its clock. */
  f->ticker = g_timeout_add (50, tick_cb, NULL);
}

/* Makes the transport (with a secret header) and a session over it. */
static void
fixture_connect_transport (Fixture *f)
{
  const char * const headers[] = { "Authorization: " SECRET, NULL };
  g_autoptr(GError) error = NULL;

  f->transport = elicit_http_transport_new (f->url, headers, &error);
  g_assert_no_error (error);
  g_signal_connect (f->transport, "log", G_CALLBACK (log_cb), f);
  g_signal_connect (f->transport, "closed", G_CALLBACK (closed_cb), f);

  f->session = elicit_session_new (f->transport);
  elicit_session_set_protocol_versions (f->session, (const char * const []) {
                                          "2025-11-25", "2025-06-18", "2025-03-26", NULL });
  g_signal_connect (f->session, "elicitation", G_CALLBACK (elicitation_cb), f);
  g_signal_connect (f->session, "message", G_CALLBACK (server_message_cb), f);
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  GError **error = user_data;

  if (!elicit_session_connect_finish (ELICIT_SESSION (object), result, error) && *error == NULL)
    g_assert_not_reached ();
  if (*error == NULL)
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NONE, "connected");
}

/* Connects; NULL on success, else the error. */
static GError *
fixture_try_connect (Fixture *f)
{
  GError *error = NULL;

  fixture_connect_transport (f);
  elicit_session_connect_async (f->session, NULL, connect_cb, &error);
  SPIN_UNTIL (error != NULL);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NONE))
    g_clear_error (&error);

  return error;
}

static void
fixture_connect (Fixture *f)
{
  g_autoptr(GError) error = fixture_try_connect (f);

  g_assert_no_error (error);
}

typedef struct
{
  gboolean    done;
  JsonObject *result;
  GError     *error;
} CallResult;

static void
call_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  CallResult *call = user_data;

  call->result = elicit_session_call_tool_finish (ELICIT_SESSION (object), result, &call->error);
  call->done = TRUE;
}

static void
call_tool_async (Fixture    *f,
                 CallResult *call)
{
  elicit_session_call_tool_async (f->session, "work", NULL, NULL, NULL, NULL, NULL, call_cb, call);
}

/* Takes @call's result, as compact JSON. */
static char *
take_result (CallResult *call)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), call->result);

  g_clear_pointer (&call->result, json_object_unref);
  return elicit_json_to_string (node, NULL);
}

/* Calls the tool "work"; returns its result as JSON, or NULL with @error. */
static char *
call_tool (Fixture  *f,
           GError  **error)
{
  CallResult call = { 0 };

  call_tool_async (f, &call);
  SPIN_UNTIL (call.done);

  if (call.result == NULL)
    {
      g_propagate_error (error, call.error);
      return NULL;
    }

  return take_result (&call);
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (elicit_session_close_finish (ELICIT_SESSION (object), result, NULL));
  *done = TRUE;
}

static void
fixture_close_session (Fixture *f)
{
  gboolean done = FALSE;

  elicit_session_close_async (f->session, NULL, close_cb, &done);
  SPIN_UNTIL (done);
}

static void
close_cb_transport (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, NULL));
  *done = TRUE;
}

static gboolean
conns_idle (Fixture *f)
{
  for (guint i = 0; i < f->conns->len; i++)
    {
      RawConn *conn = g_ptr_array_index (f->conns, i);

      if (conn->writing)
        return FALSE;
    }

  return TRUE;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->session != NULL && elicit_session_get_state (f->session) != ELICIT_SESSION_STATE_CLOSED)
    fixture_close_session (f);

  /* Closing waits for every exchange, so nothing of the transport's is
   * left running when it goes. */
  if (f->transport != NULL)
    {
      gboolean done = FALSE;

      elicit_transport_close_async (f->transport, NULL, close_cb_transport, &done);
      SPIN_UNTIL (done);
    }

  g_clear_object (&f->session);
  if (f->transport != NULL)
    g_assert_finalize_object (g_steal_pointer (&f->transport));
  g_ptr_array_unref (f->elicitations);

  for (guint i = 0; i < f->conns->len; i++)
    {
      RawConn *conn = g_ptr_array_index (f->conns, i);

      g_clear_handle_id (&conn->delay_source, g_source_remove);
      g_io_stream_close (conn->io, NULL, NULL);
    }
  SPIN_UNTIL (conns_idle (f));
  g_ptr_array_set_free_func (f->conns, (GDestroyNotify) raw_conn_free);
  g_ptr_array_unref (f->conns);

  /* Let the server see the client's connections close before it goes. */
  spin_for (20);

  soup_server_disconnect (f->server);
  soup_server_disconnect (f->other);
  g_assert_finalize_object (f->server);
  g_assert_finalize_object (f->other);
  g_free (f->url);
  g_free (f->other_url);
  g_ptr_array_unref (f->requests);
  g_ptr_array_unref (f->other_requests);
  g_ptr_array_unref (f->logs);
  g_ptr_array_unref (f->server_logs);
  g_free (f->call_id);
  g_clear_error (&f->closed);
  g_clear_handle_id (&f->ticker, g_source_remove);

  g_assert_null (strstr (all_logs->str, "s3cret"));
}

static Recorded *
nth_request (Fixture *f,
             guint    i)
{
  g_assert_cmpuint (i, <, f->requests->len);
  return g_ptr_array_index (f->requests, i);
}

/* The i-th request that was of @method ("POST", "GET", "DELETE"). */
static Recorded *
find_request (Fixture    *f,
              const char *method,
              guint       nth)
{
  for (guint i = 0; i < f->requests->len; i++)
    {
      Recorded *request = g_ptr_array_index (f->requests, i);

      if (g_str_equal (request->method, method) && nth-- == 0)
        return request;
    }

  g_error ("the server got no such %s request", method);
}


static guint
count_requests (Fixture    *f,
                const char *method)
{
  guint n = 0;

  for (guint i = 0; i < f->requests->len; i++)
    n += g_str_equal (((Recorded *) g_ptr_array_index (f->requests, i))->method, method);

  return n;
}

static gboolean
has_request (Fixture    *f,
             const char *method,
             guint       nth)
{
  return count_requests (f, method) > nth;
}

static void
assert_call_fails (Fixture    *f,
                   GQuark      domain,
                   int         code,
                   const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = call_tool (f, &error);

  g_assert_null (result);
  g_assert_error (error, domain, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
assert_closed (Fixture    *f,
               int         code,
               const char *message)
{
  SPIN_UNTIL (f->closed != NULL);
  g_assert_error (f->closed, ELICIT_TRANSPORT_ERROR, code);
  g_assert_cmpstr (f->closed->message, ==, message);
}

/* A result event for the pending tools/call. */
static char *
result_event (Fixture    *f,
              const char *id,
              const char *text)
{
  return g_strdup_printf ("id: %s\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":"
                          "{\"content\":[{\"type\":\"text\",\"text\":\"%s\"}]}}\n\n",
                          id, f->call_id, text);
}


/* Headers and the session id ------------------------------------------------ */

static void
assert_mcp_headers (Recorded *request)
{
  g_assert_cmpstr (header (request, "Mcp-Session-Id"), ==, SESSION_ID);
  g_assert_cmpstr (header (request, "MCP-Protocol-Version"), ==, "2025-11-25");
  g_assert_cmpstr (header (request, "Authorization"), ==, SECRET);
}

static void
test_sends_the_mcp_headers (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  Recorded *request;

  fixture_connect (f);
  g_assert_cmpstr (elicit_http_transport_get_session_id (ELICIT_HTTP_TRANSPORT (f->transport)),
                   ==, SESSION_ID);
  g_assert_cmpstr (elicit_http_transport_get_protocol_version (ELICIT_HTTP_TRANSPORT (f->transport)),
                   ==, "2025-11-25");

  /* Once initialized it asks for the server's own stream (405: none). */
  SPIN_UNTIL (count_requests (f, "GET") == 1);

  result = call_tool (f, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result, ==, DONE_RESULT);
  fixture_close_session (f);

  request = nth_request (f, 0);
  g_assert_cmpstr (request->method, ==, "POST");
  g_assert_cmpstr (request->path, ==, "/mcp");
  g_assert_cmpstr (request->rpc_method, ==, "initialize");
  g_assert_cmpstr (header (request, "Accept"), ==, "application/json, text/event-stream");
  g_assert_cmpstr (header (request, "Content-Type"), ==, "application/json");
  g_assert_cmpstr (header (request, "Authorization"), ==, SECRET);
  g_assert_null (header (request, "Mcp-Session-Id"));
  g_assert_null (header (request, "MCP-Protocol-Version"));

  request = nth_request (f, 1);
  g_assert_cmpstr (request->body, ==, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  g_assert_cmpstr (header (request, "Content-Type"), ==, "application/json");
  assert_mcp_headers (request);

  request = find_request (f, "GET", 0);
  g_assert_cmpstr (header (request, "Accept"), ==, "text/event-stream");
  g_assert_null (header (request, "Last-Event-ID"));
  assert_mcp_headers (request);

  request = find_request (f, "POST", 2);
  g_assert_cmpstr (request->rpc_method, ==, "tools/call");
  g_assert_cmpstr (header (request, "Accept"), ==, "application/json, text/event-stream");
  assert_mcp_headers (request);

  /* Closing ends the session on the server. */
  request = find_request (f, "DELETE", 0);
  g_assert_nonnull (request);
  assert_mcp_headers (request);

  g_assert_cmpuint (count_requests (f, "GET"), ==, 1);
  g_assert_cmpuint (count_requests (f, "DELETE"), ==, 1);
  g_assert_cmpuint (f->requests->len, ==, 5);
}

/* Event streams -------------------------------------------------------------- */

#define ELICIT_EVENT \
  "id: e3\n" \
  "data: {\"jsonrpc\":\"2.0\",\"id\":\"el-1\",\"method\":\"elicitation/create\",\"params\":" \
  "{\"mode\":\"form\",\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\"," \
  "\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}}}\r\n\r\n"

static void
elicit_on_stream_route (Fixture           *f,
                        SoupServerMessage *msg,
                        Recorded          *request)
{
  f->conn = raw_take (f, msg, SSE_HEAD);
  raw_send (f->conn, 0, ": stream opened\n\nid: e1\ndata: \n\n");
  /* A log message whose JSON spans two data lines, split mid-line. */
  raw_send (f->conn, 20, "event: message\nid: e2\ndata: {\"jsonrpc\":\"2.0\",\"method\":");
  raw_send (f->conn, 20, "\"notifications/message\",\n: a comment inside the event\n"
                         "data: \"params\":{\"level\":\"info\",\"data\":\"working\"}}\n\n");
  /* The elicitation, split inside its JSON and between CR and LF. */
  raw_send (f->conn, 20, "id: e3\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"el-1\",\"method\":\"elic");
  raw_send (f->conn, 20, &ELICIT_EVENT[strlen ("id: e3\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"el-1\","
                                                 "\"method\":\"elic")]);
}

static gboolean
has_response_post (Fixture    *f,
                   const char *needle)
{
  for (guint i = 0; i < f->requests->len; i++)
    {
      Recorded *request = g_ptr_array_index (f->requests, i);

      if (request->rpc_method == NULL && strstr (request->body, needle) != NULL)
        return TRUE;
    }

  return FALSE;
}

static Recorded *
find_response_post (Fixture    *f,
                    const char *needle)
{
  for (guint i = 0; i < f->requests->len; i++)
    {
      Recorded *request = g_ptr_array_index (f->requests, i);

      if (request->rpc_method == NULL && strstr (request->body, needle) != NULL)
        return request;
    }

  g_error ("the server got no answer with %s", needle);
}

static void
test_answers_elicitations_on_the_request_stream (Fixture       *f,
                                                 gconstpointer  data)
{
  g_autoptr(JsonObject) content = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *event = NULL;
  g_autofree char *result = NULL;
  CallResult call = { 0 };
  ElicitRequest *request;
  Recorded *answer;

  f->tool_route = elicit_on_stream_route;
  fixture_connect (f);

  call_tool_async (f, &call);
  SPIN_UNTIL (f->elicitations->len == 1);

  g_assert_cmpuint (f->server_logs->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->server_logs, 0), ==, "\"working\"");

  request = g_ptr_array_index (f->elicitations, 0);
  g_assert_cmpstr (elicit_request_get_message (request), ==, "Your name?");
  json_object_set_string_member (content, "name", "Ada");
  g_assert_true (elicit_request_accept (request, content, &error));
  g_assert_no_error (error);

  /* The answer is POSTed while the request's stream stays open. */
  SPIN_UNTIL (has_response_post (f, "el-1"));
  answer = find_response_post (f, "el-1");
  g_assert_cmpstr (answer->body, ==,
                   "{\"jsonrpc\":\"2.0\",\"id\":\"el-1\",\"result\":"
                   "{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}}");
  g_assert_cmpstr (header (answer, "Accept"), ==, "application/json, text/event-stream");
  assert_mcp_headers (answer);
  g_assert_false (call.done);

  event = result_event (f, "e4", "Hello Ada");
  raw_send (f->conn, 0, event);
  SPIN_UNTIL (call.done);
  g_assert_no_error (call.error);
  result = take_result (&call);
  g_assert_cmpstr (result, ==, "{\"content\":[{\"type\":\"text\",\"text\":\"Hello Ada\"}]}");
  g_assert_null (f->closed);
}

static void
drop_mid_event_route (Fixture           *f,
                      SoupServerMessage *msg,
                      Recorded          *request)
{
  RawConn *conn = raw_take (f, msg, SSE_HEAD);

  raw_send (conn, 0, "retry: 10\nid: e1\ndata: \n\n");
  raw_send (conn, 0, "id: e2\ndata: {\"jsonrpc\":\"2.0\",\"id\":");
  raw_close (conn, 20);
}

static void
resume_route (Fixture           *f,
              SoupServerMessage *msg,
              Recorded          *request)
{
  g_autofree char *event = NULL;
  RawConn *conn;

  if (header (request, "Last-Event-ID") == NULL)
    {
      reply (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL, NULL);
      return;
    }

  conn = raw_take (f, msg, SSE_HEAD);
  event = result_event (f, "e3", "resumed");
  raw_send (conn, 0, event);
}

static void
test_resumes_a_stream_that_drops_mid_event (Fixture       *f,
                                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  Recorded *resume;

  f->tool_route = drop_mid_event_route;
  f->get_route = resume_route;
  fixture_connect (f);

  result = call_tool (f, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result, ==, "{\"content\":[{\"type\":\"text\",\"text\":\"resumed\"}]}");

  /* One GET for the server's own stream, one resuming after "e1": the
   * event cut off ("e2") was never taken for whole. */
  g_assert_cmpuint (count_requests (f, "GET"), ==, 2);
  resume = find_request (f, "GET", 1);
  g_assert_cmpstr (header (resume, "Last-Event-ID"), ==, "e1");
  g_assert_cmpstr (header (resume, "Accept"), ==, "text/event-stream");
  assert_mcp_headers (resume);
  g_assert_null (f->closed);
}

static void
closes_without_id_route (Fixture           *f,
                         SoupServerMessage *msg,
                         Recorded          *request)
{
  RawConn *conn = raw_take (f, msg, SSE_HEAD);

  raw_send (conn, 0, ": nothing to resume from\n\ndata: {\"jsonrpc\":\"2.0\",");
  raw_close (conn, 0);
}

static void
test_a_stream_closed_without_an_event_id_fails_the_call (Fixture       *f,
                                                         gconstpointer  data)
{
  f->tool_route = closes_without_id_route;
  fixture_connect (f);

  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                     "The server closed its stream before answering “tools/call”");
  g_assert_null (f->closed);
}

static void
listen_route (Fixture           *f,
              SoupServerMessage *msg,
              Recorded          *request)
{
  RawConn *conn = raw_take (f, msg, SSE_HEAD);

  if (header (request, "Last-Event-ID") == NULL)
    {
      raw_send (conn, 0, "retry: 10\nid: g1\n"
                         "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"ping\"}\n\n");
      raw_close (conn, 0);
    }
  else
    {
      raw_send (conn, 0, "id: g2\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"srv-2\",\"method\":\"ping\"}\n\n");
    }
}

static void
test_listens_for_server_messages_and_reconnects (Fixture       *f,
                                                 gconstpointer  data)
{
  Recorded *request;

  f->get_route = listen_route;
  fixture_connect (f);

  SPIN_UNTIL (has_response_post (f, "srv-2"));

  request = find_response_post (f, "srv-1");
  g_assert_cmpstr (request->body, ==, "{\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"result\":{}}");
  assert_mcp_headers (request);
  request = find_response_post (f, "srv-2");
  g_assert_cmpstr (request->body, ==, "{\"jsonrpc\":\"2.0\",\"id\":\"srv-2\",\"result\":{}}");

  g_assert_cmpuint (count_requests (f, "GET"), ==, 2);
  g_assert_null (header (find_request (f, "GET", 0), "Last-Event-ID"));
  g_assert_cmpstr (header (find_request (f, "GET", 1), "Last-Event-ID"), ==, "g1");
}

static void
empty_stream_route (Fixture           *f,
                    SoupServerMessage *msg,
                    Recorded          *request)
{
  RawConn *conn = raw_take (f, msg, SSE_HEAD);

  /* A priming event, then nothing: the stream closes at once. */
  raw_send (conn, 0, "retry: 10\nid: p1\ndata: \n\n");
  raw_close (conn, 0);
}

static gboolean
has_log (Fixture    *f,
         const char *line)
{
  for (guint i = 0; i < f->logs->len; i++)
    if (g_str_equal (g_ptr_array_index (f->logs, i), line))
      return TRUE;

  return FALSE;
}

static void
test_a_stream_that_keeps_failing_is_given_up (Fixture       *f,
                                              gconstpointer  data)
{
  const char *line = "The server closed the stream; no longer listening for messages from the server";

  f->get_route = empty_stream_route;
  fixture_connect (f);

  SPIN_UNTIL (has_log (f, line));
  g_assert_cmpuint (count_requests (f, "GET"), ==, 5);
  g_assert_null (header (find_request (f, "GET", 0), "Last-Event-ID"));
  g_assert_cmpstr (header (find_request (f, "GET", 4), "Last-Event-ID"), ==, "p1");

  /* And it stays given up. */
  spin_for (500);
  g_assert_cmpuint (count_requests (f, "GET"), ==, 5);
  g_assert_null (f->closed);
}

static void
held_route (Fixture           *f,
            SoupServerMessage *msg,
            Recorded          *request)
{
  f->conn = raw_take (f, msg, SSE_HEAD);
  raw_send (f->conn, 0, "id: h1\ndata: \n\n");
}

static void
test_cancelling_a_call_ends_its_stream (Fixture       *f,
                                        gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *needle = NULL;
  CallResult call = { 0 };

  f->tool_route = held_route;
  fixture_connect (f);

  elicit_session_call_tool_async (f->session, "work", NULL, NULL, NULL, NULL, cancellable, call_cb,
                                  &call);
  SPIN_UNTIL (f->conn != NULL);
  g_cancellable_cancel (cancellable);
  SPIN_UNTIL (call.done);
  g_assert_error (call.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&call.error);

  needle = g_strdup_printf ("\"requestId\":%s", f->call_id);
  SPIN_UNTIL (has_request (f, "POST", 3));
  g_assert_cmpstr (find_request (f, "POST", 3)->rpc_method, ==, "notifications/cancelled");
  g_assert_nonnull (strstr (find_request (f, "POST", 3)->body, needle));

  /* The client hung up on the stream: writing to it fails. */
  for (guint i = 0; i < 200; i++)
    raw_send (f->conn, 10, ": still here\n");
  SPIN_UNTIL (f->conn->failed);

  /* Nothing resumes a cancelled request. */
  g_assert_cmpuint (count_requests (f, "GET"), ==, 1);
}

/* Errors ---------------------------------------------------------------------- */

static void
not_found_route (Fixture           *f,
                 SoupServerMessage *msg,
                 Recorded          *request)
{
  reply (msg, SOUP_STATUS_NOT_FOUND, "text/plain", "no such session");
}

static void
test_a_404_for_the_session_means_it_expired (Fixture       *f,
                                             gconstpointer  data)
{
  const char *reason = "the server ended the session (it expired or was closed); "
                       "connect again to start a new one";
  g_autoptr(GError) error = NULL;

  f->tool_route = not_found_route;
  fixture_connect (f);

  assert_call_fails (f, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED, reason);
  assert_closed (f, ELICIT_TRANSPORT_ERROR_CLOSED, reason);
  g_assert_true (elicit_http_transport_get_session_expired (ELICIT_HTTP_TRANSPORT (f->transport)));
  g_assert_cmpint (elicit_session_get_state (f->session), ==, ELICIT_SESSION_STATE_CLOSED);

  /* The server forgot the session: no DELETE for it. */
  fixture_close_session (f);
  g_assert_cmpuint (count_requests (f, "DELETE"), ==, 0);

  /* Starting over: a new transport and session, a new initialize without
   * the old session id. */
  g_clear_object (&f->session);
  g_assert_finalize_object (g_steal_pointer (&f->transport));
  g_clear_error (&f->closed);
  f->tool_route = NULL;
  g_ptr_array_set_size (f->requests, 0);

  fixture_connect (f);
  g_assert_cmpstr (nth_request (f, 0)->rpc_method, ==, "initialize");
  g_assert_null (header (nth_request (f, 0), "Mcp-Session-Id"));
  g_free (call_tool (f, &error));
  g_assert_no_error (error);
}

static void
test_a_404_before_any_session_names_the_method (Fixture       *f,
                                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->initialize_route = not_found_route;
  error = fixture_try_connect (f);

  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_HTTP_STATUS);
  g_assert_cmpstr (error->message, ==, "The server answered “initialize” with HTTP 404 Not Found");
  g_assert_false (elicit_http_transport_get_session_expired (ELICIT_HTTP_TRANSPORT (f->transport)));
}

static void
server_error_route (Fixture           *f,
                    SoupServerMessage *msg,
                    Recorded          *request)
{
  g_autofree char *body = NULL;

  switch (f->n_calls)
    {
    case 1:
      reply (msg, SOUP_STATUS_INTERNAL_SERVER_ERROR, "text/html", "<h1>oops</h1>");
      break;

    case 2:
      body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":"
                              "{\"code\":-32000,\"message\":\"database is down\"}}", f->call_id);
      reply (msg, SOUP_STATUS_INTERNAL_SERVER_ERROR, "application/json", body);
      break;

    default:
      reply_result (msg, request, DONE_RESULT);
      break;
    }
}

static void
test_an_http_500_fails_only_that_call (Fixture       *f,
                                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;

  f->tool_route = server_error_route;
  fixture_connect (f);

  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_HTTP_STATUS,
                     "The server answered “tools/call” with HTTP 500 Internal Server Error");
  /* The server's own JSON-RPC error, when it sent one. */
  assert_call_fails (f, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_SERVER_ERROR,
                     "database is down");

  result = call_tool (f, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result, ==, DONE_RESULT);
  g_assert_null (f->closed);
}

static void
slow_route (Fixture           *f,
            SoupServerMessage *msg,
            Recorded          *request)
{
  RawConn *conn;

  switch (f->n_calls)
    {
    case 1:
      /* Takes the request, never answers. */
      raw_take (f, msg, "");
      break;

    case 2:
      conn = raw_take (f, msg, JSON_HEAD);
      raw_send (conn, 0, "{\"jsonrpc\":\"2.0\",");
      break;

    default:
      conn = raw_take (f, msg, SSE_HEAD);
      raw_send (conn, 0, "id: s1\ndata: \n\nid: s2\ndata: {\"jsonrpc\":\"2.0\",");
      break;
    }
}

static void
test_a_slow_server_times_out (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *message = NULL;

  f->tool_route = slow_route;
  fixture_connect (f);
  elicit_http_transport_set_timeout (ELICIT_HTTP_TRANSPORT (f->transport), 200);

  message = g_strdup_printf ("%.*s did not answer in time", (int) (strlen (f->url) - 4), f->url);
  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO, message);
  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                     "The server stopped sending in the middle of a message");
  g_assert_null (f->closed);

  /* A stream stalled mid-event is a stream that dropped: resumed from "s1"
   * (405 here), the call fails with why. */
  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                     "The server answered HTTP 405 Method Not Allowed");
  g_assert_cmpstr (header (find_request (f, "GET", 1), "Last-Event-ID"), ==, "s1");
  g_assert_null (f->closed);
}

static void
stalled_route (Fixture           *f,
               SoupServerMessage *msg,
               Recorded          *request)
{
  /* Takes the request, never answers: a server too busy to. */
  raw_take (f, msg, "");
}

/* A server too slow to answer server/discover in time may well be modern:
 * over HTTP, where a legacy server answers 4xx, silence is no reason to
 * speak the legacy revision to it. The connection fails, saying why. */
static void
test_a_slow_discover_fails_rather_than_falls_back (Fixture       *f,
                                                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  f->discover_route = stalled_route;
  fixture_connect_transport (f);
  elicit_session_set_protocol_versions (f->session, (const char * const []) {
                                          "2026-07-28", "2025-11-25", NULL });
  elicit_http_transport_set_timeout (ELICIT_HTTP_TRANSPORT (f->transport), 200);

  elicit_session_connect_async (f->session, NULL, connect_cb, &error);
  SPIN_UNTIL (error != NULL);

  message = g_strdup_printf ("%.*s did not answer in time", (int) (strlen (f->url) - 4), f->url);
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO);
  g_assert_cmpstr (error->message, ==, message);
  for (guint i = 0; i < f->requests->len; i++)
    {
      Recorded *request = g_ptr_array_index (f->requests, i);

      g_assert_cmpstr (request->rpc_method, !=, "initialize");
    }
}

typedef enum
{
  HUGE_WITH_LENGTH,
  HUGE_WITHOUT_LENGTH,
  HUGE_EVENT,
} HugeKind;

static void
huge_route (Fixture           *f,
            SoupServerMessage *msg,
            Recorded          *request)
{
  static const gsize megabyte = 1024 * 1024;
  g_autoptr(GBytes) chunk = NULL;
  HugeKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (f->server), "kind"));
  RawConn *conn;

  if (kind == HUGE_WITH_LENGTH)
    {
      /* Refused on the headers alone: the body never comes. */
      raw_take (f, msg, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        "Content-Length: 52428800\r\n\r\n");
      return;
    }

  conn = raw_take (f, msg, kind == HUGE_EVENT ? SSE_HEAD "data: " : JSON_HEAD);
  chunk = g_bytes_new_take (g_strnfill (megabyte, kind == HUGE_EVENT ? 'x' : ' '), megabyte);
  for (guint i = 0; i < 50; i++)
    raw_push (conn, g_bytes_ref (chunk), 0);
  f->conn = conn;
}

static void
test_a_50_mb_answer_is_refused (Fixture       *f,
                                gconstpointer  data)
{
  HugeKind kind = GPOINTER_TO_UINT (data);
  const char *message = kind == HUGE_EVENT ? "the server sent an event larger than 16.0\xC2\xA0MiB"
                                           : "the server sent a response larger than 16.0\xC2\xA0MiB";

  g_object_set_data (G_OBJECT (f->server), "kind", GUINT_TO_POINTER (kind));
  f->tool_route = huge_route;
  fixture_connect (f);

  assert_call_fails (f, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED, message);
  assert_closed (f, ELICIT_TRANSPORT_ERROR_PROTOCOL, message);

  /* It stopped reading: the rest of the 50 MB could not be sent. */
  if (kind != HUGE_WITH_LENGTH)
    SPIN_UNTIL (f->conn->failed);
}

static void
bad_bytes_route (Fixture           *f,
                 SoupServerMessage *msg,
                 Recorded          *request)
{
  const char *what = g_object_get_data (G_OBJECT (f->server), "what");
  g_autofree char *body = NULL;
  RawConn *conn;

  if (g_str_equal (what, "json-utf8"))
    {
      conn = raw_take (f, msg, JSON_HEAD);
      body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":"
                              "[{\"type\":\"text\",\"text\":\"\xC3\x28\"}]}}", f->call_id);
    }
  else if (g_str_equal (what, "sse-utf8"))
    {
      conn = raw_take (f, msg, SSE_HEAD);
      body = g_strdup ("id: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"\xFF\"}\n\n");
    }
  else
    {
      conn = raw_take (f, msg, SSE_HEAD);
      body = g_strdup ("id: 1\ndata: this is not JSON\n\n");
    }

  raw_send (conn, 0, body);
  raw_close (conn, 0);
}

static void
test_bad_bytes_close_with_a_reason (Fixture       *f,
                                    gconstpointer  data)
{
  const char *what = data;
  const char *message;
  int code;

  if (g_str_equal (what, "json-utf8"))
    {
      code = ELICIT_TRANSPORT_ERROR_INVALID_JSON;
      message = "the server sent invalid JSON: Not valid UTF-8 at byte 68";
    }
  else if (g_str_equal (what, "sse-utf8"))
    {
      code = ELICIT_TRANSPORT_ERROR_PROTOCOL;
      message = "the server sent an event stream that is not valid UTF-8";
    }
  else
    {
      code = ELICIT_TRANSPORT_ERROR_INVALID_JSON;
      message = "the server sent invalid JSON: Not valid JSON: unexpected “t” at byte 0";
    }

  g_object_set_data (G_OBJECT (f->server), "what", (gpointer) what);
  f->tool_route = bad_bytes_route;
  fixture_connect (f);

  assert_call_fails (f, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED, message);
  assert_closed (f, code, message);
}

static void
bad_session_route (Fixture           *f,
                   SoupServerMessage *msg,
                   Recorded          *request)
{
  initialize_route (f, msg, request);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Mcp-Session-Id", "two words");
}

static void
test_an_invalid_session_id_closes (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->initialize_route = bad_session_route;
  error = fixture_try_connect (f);

  g_assert_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "the server sent an invalid session id");
  assert_closed (f, ELICIT_TRANSPORT_ERROR_PROTOCOL, "the server sent an invalid session id");
  g_assert_null (elicit_http_transport_get_session_id (ELICIT_HTTP_TRANSPORT (f->transport)));
  g_assert_cmpuint (count_requests (f, "DELETE"), ==, 0);
}

/* Redirects ------------------------------------------------------------------- */

static void
redirect_route (Fixture           *f,
                SoupServerMessage *msg,
                Recorded          *request)
{
  if (g_str_equal (request->path, "/moved"))
    {
      reply_result (msg, request, DONE_RESULT);
      return;
    }

  soup_server_message_set_status (msg, SOUP_STATUS_TEMPORARY_REDIRECT, NULL);
  if (f->n_calls == 1)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                  "Location", "/moved");
  else
    soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                  "Location", f->other_url);
}

static void
test_redirects (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  g_autofree char *message = NULL;
  Recorded *first;
  Recorded *moved;

  f->tool_route = redirect_route;
  fixture_connect (f);

  /* Within the same site: the same request, again, at the new address. */
  result = call_tool (f, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result, ==, DONE_RESULT);

  first = find_request (f, "POST", 2);
  moved = find_request (f, "POST", 3);
  g_assert_cmpstr (first->path, ==, "/mcp");
  g_assert_cmpstr (moved->path, ==, "/moved");
  g_assert_cmpstr (moved->body, ==, first->body);
  g_assert_cmpstr (header (moved, "Content-Type"), ==, "application/json");
  assert_mcp_headers (moved);

  /* To another site (another port is another origin): refused, and
   * nothing, credentials least of all, reaches it. */
  message = g_strdup_printf ("The server redirected to another site (%.*s), which Elicit does "
                             "not follow: use that address instead if you trust it",
                             (int) (strlen (f->other_url) - 4), f->other_url);
  assert_call_fails (f, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO, message);
  g_assert_cmpuint (f->other_requests->len, ==, 0);
  g_assert_null (f->closed);
}

/* Addresses and headers ------------------------------------------------------- */

static void
assert_refused (const char         *url,
                const char * const *headers,
                int                 code,
                const char         *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitTransport) transport = elicit_http_transport_new (url, headers, &error);

  g_assert_null (transport);
  g_assert_error (error, ELICIT_HTTP_TRANSPORT_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_refuses_bad_addresses_and_headers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitTransport) transport = NULL;

  assert_refused ("ftp://example.com/mcp", NULL, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                  "“ftp://example.com/mcp” is not an http or https address");
  assert_refused ("/mcp", NULL, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                  "“/mcp” is not a valid address: URI is not absolute, and no base URI was provided");
  assert_refused ("http://ada:hunter2@127.0.0.1/mcp", NULL, ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
                  "The address must not contain a user name or password: "
                  "send credentials in a header instead");

  assert_refused ("http://127.0.0.1/mcp", (const char *[]) { "Bearer s3cret", NULL },
                  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                  "A header must be written as “Name: value”");
  assert_refused ("http://127.0.0.1/mcp", (const char *[]) { "Bad Name: x", NULL },
                  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                  "“Bad Name” is not a valid header name");
  assert_refused ("http://127.0.0.1/mcp", (const char *[]) { "mcp-session-id: x", NULL },
                  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                  "The header “mcp-session-id” is set by Elicit itself");
  assert_refused ("http://127.0.0.1/mcp", (const char *[]) { "X-Key: a\r\nHost: evil", NULL },
                  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
                  "The value of the header “X-Key” is too long or contains a line break or "
                  "a control character");

  transport = elicit_http_transport_new ("HTTP://Example.COM:8080/a/mcp?x=1#frag",
                                         (const char *[]) { "  X-Key :  v  ", NULL }, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (elicit_http_transport_get_url (ELICIT_HTTP_TRANSPORT (transport)), ==,
                   "http://Example.COM:8080/a/mcp?x=1");
  g_assert_null (elicit_http_transport_get_session_id (ELICIT_HTTP_TRANSPORT (transport)));
  g_assert_cmpuint (elicit_http_transport_get_timeout (ELICIT_HTTP_TRANSPORT (transport)), ==,
                    ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT);
  g_assert_cmpuint (elicit_http_transport_get_max_body_size (ELICIT_HTTP_TRANSPORT (transport)), ==,
                    16 * 1024 * 1024);
  g_assert_finalize_object (g_steal_pointer (&transport));
}

static GLogWriterOutput
log_writer (GLogLevelFlags   log_level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      g_string_append_printf (all_logs, "%s\n", (const char *) fields[i].value);

  /* Recorded, not printed: GIO's connection chatter would drown the log. */
  if (log_level & G_LOG_LEVEL_DEBUG)
    return G_LOG_WRITER_HANDLED;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

static void
drop_log (const char     *domain,
          GLogLevelFlags  level,
          const char     *message,
          gpointer        user_data)
{
  g_string_append_printf (all_logs, "%s\n", message);
}

/* Nobody listens: the POST fails, and the call fails with the transport's
 * error, not an error "from the server", and the transport stays open. */
typedef struct
{
  gboolean  done;
  GError   *error;
} PingOutcome;

static void
ping_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  PingOutcome *outcome = user_data;
  g_autoptr(JsonNode) node = elicit_peer_call_finish (ELICIT_PEER (object), result, &outcome->error);

  g_assert_null (node);
  outcome->done = TRUE;
}

static void
test_a_failed_post_is_a_transport_error (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(ElicitPeer) peer = NULL;
  g_autofree char *url = NULL;
  g_autofree char *prefix = NULL;
  PingOutcome outcome = { FALSE, NULL };
  guint16 port;

  /* A port that was free a moment ago and is closed now. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  url = g_strdup_printf ("http://127.0.0.1:%u/mcp", port);

  transport = elicit_http_transport_new (url, NULL, &error);
  g_assert_no_error (error);
  peer = elicit_peer_new (transport);
  elicit_peer_start (peer);
  elicit_peer_call_async (peer, "ping", NULL, ELICIT_PEER_CALL_DEFAULT, NULL, ping_cb, &outcome);
  SPIN_UNTIL (outcome.done);

  g_assert_error (outcome.error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO);
  prefix = g_strdup_printf ("Could not reach http://127.0.0.1:%u: ", port);
  g_assert_true (g_str_has_prefix (outcome.error->message, prefix));
  g_assert_cmpint (elicit_session_error_get_code (outcome.error), ==, 0);
  g_assert_false (elicit_transport_is_closed (transport));
  g_assert_false (elicit_peer_is_closed (peer));
  g_clear_error (&outcome.error);
}

#define ADD(path, func) \
  g_test_add ("/Elicit/HttpTransport/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
#define ADD_DATA(path, data, func) \
  g_test_add ("/Elicit/HttpTransport/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  all_logs = g_string_new (NULL);
  g_log_set_writer_func (log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);
  g_log_set_handler ("GLib-GIO", G_LOG_LEVEL_DEBUG, drop_log, NULL);

  g_test_add_func ("/Elicit/HttpTransport/a-failed-post-is-a-transport-error",
                   test_a_failed_post_is_a_transport_error);
  ADD ("sends-the-mcp-headers-keeps-the-session-id-and-deletes-it",
       test_sends_the_mcp_headers);
  ADD ("answers-elicitations-that-arrive-on-the-request-stream",
       test_answers_elicitations_on_the_request_stream);
  ADD ("resumes-a-stream-that-drops-mid-event-with-last-event-id",
       test_resumes_a_stream_that_drops_mid_event);
  ADD ("a-stream-closed-without-an-event-id-fails-the-call",
       test_a_stream_closed_without_an_event_id_fails_the_call);
  ADD ("listens-for-server-messages-and-reconnects-with-last-event-id",
       test_listens_for_server_messages_and_reconnects);
  ADD ("a-stream-that-keeps-failing-is-given-up", test_a_stream_that_keeps_failing_is_given_up);
  ADD ("cancelling-a-call-ends-its-stream", test_cancelling_a_call_ends_its_stream);
  ADD ("a-404-for-the-session-means-it-expired-and-a-new-one-starts-over",
       test_a_404_for_the_session_means_it_expired);
  ADD ("a-404-before-any-session-names-the-method",
       test_a_404_before_any_session_names_the_method);
  ADD ("an-http-500-fails-only-that-call", test_an_http_500_fails_only_that_call);
  ADD ("a-slow-server-times-out", test_a_slow_server_times_out);
  ADD ("a-slow-discover-fails-rather-than-falls-back",
       test_a_slow_discover_fails_rather_than_falls_back);
  ADD_DATA ("a-50-mb-body-with-a-length-is-refused", GUINT_TO_POINTER (HUGE_WITH_LENGTH),
            test_a_50_mb_answer_is_refused);
  ADD_DATA ("a-50-mb-body-without-a-length-is-refused", GUINT_TO_POINTER (HUGE_WITHOUT_LENGTH),
            test_a_50_mb_answer_is_refused);
  ADD_DATA ("a-50-mb-event-is-refused", GUINT_TO_POINTER (HUGE_EVENT),
            test_a_50_mb_answer_is_refused);
  ADD_DATA ("invalid-utf8-in-a-body-closes-with-a-reason", "json-utf8",
            test_bad_bytes_close_with_a_reason);
  ADD_DATA ("invalid-utf8-in-an-event-stream-closes-with-a-reason", "sse-utf8",
            test_bad_bytes_close_with_a_reason);
  ADD_DATA ("an-event-that-is-not-json-closes-with-a-reason", "not-json",
            test_bad_bytes_close_with_a_reason);
  ADD ("an-invalid-session-id-closes", test_an_invalid_session_id_closes);
  ADD ("follows-redirects-within-the-site-only", test_redirects);
  g_test_add_func ("/Elicit/HttpTransport/refuses-bad-addresses-and-headers",
                   test_refuses_bad_addresses_and_headers);

  return g_test_run ();
}
