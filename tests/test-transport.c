/* test-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "elicit.h"
#include "elicit-json-private.h"
#include "fake-peer.h"

/* What a transport emitted. */
typedef struct
{
  GPtrArray *messages;
  GPtrArray *invalid;
  GPtrArray *logs;
  GError    *closed;
  guint      n_closed;
  guint      n_messages;
  gboolean   count_only;
} Recorder;

static void
message_cb (ElicitTransport *transport,
            JsonNode        *message,
            Recorder        *rec)
{
  rec->n_messages++;
  if (!rec->count_only)
    g_ptr_array_add (rec->messages, elicit_json_to_string (message, NULL));
}

static void
invalid_cb (ElicitTransport *transport,
            const GError    *error,
            Recorder        *rec)
{
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON);
  g_ptr_array_add (rec->invalid, g_strdup (error->message));
}

static void
log_cb (ElicitTransport *transport,
        const char      *line,
        Recorder        *rec)
{
  g_assert_true (g_utf8_validate (line, -1, NULL));
  g_ptr_array_add (rec->logs, g_strdup (line));
}

static void
closed_cb (ElicitTransport *transport,
           const GError    *error,
           Recorder        *rec)
{
  rec->n_closed++;
  g_clear_error (&rec->closed);
  rec->closed = g_error_copy (error);
}

static void
recorder_init (Recorder        *rec,
               ElicitTransport *transport)
{
  memset (rec, 0, sizeof *rec);
  rec->messages = g_ptr_array_new_with_free_func (g_free);
  rec->invalid = g_ptr_array_new_with_free_func (g_free);
  rec->logs = g_ptr_array_new_with_free_func (g_free);

  g_signal_connect (transport, "message", G_CALLBACK (message_cb), rec);
  g_signal_connect (transport, "invalid-message", G_CALLBACK (invalid_cb), rec);
  g_signal_connect (transport, "log", G_CALLBACK (log_cb), rec);
  g_signal_connect (transport, "closed", G_CALLBACK (closed_cb), rec);
}

static void
recorder_clear (Recorder *rec)
{
  g_clear_pointer (&rec->messages, g_ptr_array_unref);
  g_clear_pointer (&rec->invalid, g_ptr_array_unref);
  g_clear_pointer (&rec->logs, g_ptr_array_unref);
  g_clear_error (&rec->closed);
}

static void
wait_messages (Recorder *rec,
               guint     n)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (rec->n_messages < n)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %u messages (got %u)", n, rec->n_messages);
      spin_once ();
    }
}

static void
wait_closed (Recorder *rec)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (rec->n_closed == 0)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for the transport to close");
      spin_once ();
    }
  g_assert_cmpuint (rec->n_closed, ==, 1);
}

static void
close_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
close_and_wait (ElicitTransport *transport)
{
  gboolean done = FALSE;

  elicit_transport_close_async (transport, NULL, close_done_cb, &done);
  spin_until (&done);
}

static JsonNode *
json (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = elicit_json_parse (text, -1, 0, &error);

  g_assert_no_error (error);
  return node;
}

/* Stream transport ------------------------------------------------------------- */

typedef struct
{
  ElicitTransport *transport;
  FakePeer        *peer;
  Recorder         rec;
} StreamFixture;

static void
stream_setup (StreamFixture *f,
              gconstpointer  data)
{
  f->transport = fake_peer_new (&f->peer);
  recorder_init (&f->rec, f->transport);
}

static void
stream_teardown (StreamFixture *f,
                 gconstpointer  data)
{
  /* Also waits for a transport that closed by itself to release its stream. */
  close_and_wait (f->transport);
  g_assert_finalize_object (f->transport);
  fake_peer_free (f->peer);
  recorder_clear (&f->rec);
}

static void
set_limit (StreamFixture *f,
           gsize          limit)
{
  elicit_stream_transport_set_max_line_length (ELICIT_STREAM_TRANSPORT (f->transport), limit);
}

static void
test_stream_in_order (StreamFixture *f,
                      gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"a\":1}\n[1,2]\n\"three\"\n{\"b\":{\"c\":null}}\n");
  wait_messages (&f->rec, 4);

  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"a\":1}");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 1), ==, "[1,2]");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 2), ==, "\"three\"");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 3), ==, "{\"b\":{\"c\":null}}");
  g_assert_false (elicit_transport_is_closed (f->transport));
}

static void
test_stream_nothing_before_start (StreamFixture *f,
                                  gconstpointer  data)
{
  fake_peer_send (f->peer, "{\"early\":true}\n");
  spin_for (50);
  g_assert_cmpuint (f->rec.n_messages, ==, 0);

  elicit_transport_start (f->transport);
  wait_messages (&f->rec, 1);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"early\":true}");
}

static void
test_stream_split_reads (StreamFixture *f,
                         gconstpointer  data)
{
  const char *text = "{\"split\":\"across many reads\"}\n{\"n\":2}\n";

  elicit_transport_start (f->transport);
  for (const char *p = text; *p != '\0'; p++)
    {
      fake_peer_send_len (f->peer, p, 1);
      spin_once ();
    }

  wait_messages (&f->rec, 2);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"split\":\"across many reads\"}");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 1), ==, "{\"n\":2}");
}

static void
test_stream_crlf_and_empty_lines (StreamFixture *f,
                                  gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "\n\r\n{\"a\":1}\r\n\n{\"b\":2}\n");
  wait_messages (&f->rec, 2);

  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"a\":1}");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 1), ==, "{\"b\":2}");
  g_assert_cmpuint (f->rec.invalid->len, ==, 0);
}

static void
test_stream_blank_lines (StreamFixture *f,
                         gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "   \n\t \r\n{\"a\":1}\n \t \t\n\r\r\n{\"b\":2}\n"
                           "garbage after blank lines\n");
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"a\":1}");
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 1), ==, "{\"b\":2}");
  g_assert_cmpuint (f->rec.invalid->len, ==, 0);
  /* Skipped lines still count: the text that is not JSON is named by its line. */
  g_assert_cmpstr (f->rec.closed->message, ==,
                   "received invalid JSON on line 7: Not valid JSON: unexpected “g” at byte 0");
}

static void
test_stream_sends_one_line_per_message (StreamFixture *f,
                                        gconstpointer  data)
{
  g_autoptr(JsonNode) first = json ("{\"text\":\"two\\nlines\",\"n\":30.0,\"big\":1e20,\"i\":-7}");
  g_autoptr(JsonNode) second = json ("[true,false,null,\"\\u00e9\\t\"]");
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_transport_send (f->transport, first, &error));
  g_assert_no_error (error);
  g_assert_true (elicit_transport_send (f->transport, second, &error));
  g_assert_no_error (error);

  fake_peer_expect (f->peer, "{\"text\":\"two\\nlines\",\"n\":30.0,\"big\":1e+20,\"i\":-7}");
  fake_peer_expect (f->peer, "[true,false,null,\"é\\t\"]");
}

static void
test_stream_line_too_long (StreamFixture *f,
                           gconstpointer  data)
{
  g_autofree char *long_line = g_strdup_printf ("\"%s\"\n", "0123456789012345678901234567890123456789"
                                                           "0123456789012345678901234567890123456789");

  set_limit (f, 64);
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"before\":1}\n");
  fake_peer_send (f->peer, long_line);
  fake_peer_send (f->peer, "{\"after\":1}\n");
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"before\":1}");
  g_assert_error (f->rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG);
  g_assert_cmpstr (f->rec.closed->message, ==, "received a line longer than 64 bytes (line 2)");
  fake_peer_expect_eof (f->peer);
}

static void
test_stream_line_too_long_unterminated (StreamFixture *f,
                                        gconstpointer  data)
{
  g_autofree char *endless = g_strnfill (300000, 'x');

  /* No newline ever comes: memory must not grow past the limit. */
  set_limit (f, 1000);
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"ok\":true}\n[");
  fake_peer_send (f->peer, endless);
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 1);
  g_assert_cmpstr (f->rec.closed->message, ==, "received a line longer than 1000 bytes (line 2)");
}

static void
test_stream_line_at_the_limit (StreamFixture *f,
                               gconstpointer  data)
{
  /* Exactly 16 bytes, without the newline, is allowed. */
  set_limit (f, 16);
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "\"0123456789abcd\"\n");
  wait_messages (&f->rec, 1);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "\"0123456789abcd\"");
  g_assert_false (elicit_transport_is_closed (f->transport));
}

static void
test_stream_invalid_json (StreamFixture *f,
                          gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"first\":1}\ngarbage from a server\n{\"never\":1}\n");
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 1);
  g_assert_error (f->rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON);
  g_assert_cmpstr (f->rec.closed->message, ==,
                   "received invalid JSON on line 2: Not valid JSON: unexpected “g” at byte 0");
}

static void
test_stream_invalid_utf8 (StreamFixture *f,
                          gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"a\":\"caf\xc3\"}\n");
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 0);
  g_assert_cmpstr (f->rec.closed->message, ==,
                   "received invalid JSON on line 1: Not valid UTF-8 at byte 9");
}

static void
test_stream_truncated_json (StreamFixture *f,
                            gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"a\":[1,2\n");
  wait_closed (&f->rec);

  g_assert_cmpstr (f->rec.closed->message, ==,
                   "received invalid JSON on line 1: Not valid JSON: the text ends too early");
}

typedef struct
{
  const char *line;
  const char *reason;
} Refused;

static void
test_stream_refuses_unreadable_json (StreamFixture *f,
                                     gconstpointer  data)
{
  const Refused *cases = data;
  g_autofree char *deep = NULL;
  Refused deep_case;

  if (cases == NULL)
    {
      /* Deeper than json-glib's own stack can take. */
      g_autofree char *open = g_strnfill (100000, '[');
      g_autofree char *close = g_strnfill (100000, ']');

      deep = g_strconcat (open, close, NULL);
      deep_case = (Refused) { deep, "JSON nested deeper than 64 levels" };
      cases = &deep_case;
    }

  elicit_transport_start (f->transport);
  fake_peer_send_line (f->peer, cases->line);
  fake_peer_send_line (f->peer, "{\"still\":\"open\"}");
  wait_messages (&f->rec, 1);

  g_assert_cmpuint (f->rec.invalid->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->rec.invalid, 0), ==, cases->reason);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"still\":\"open\"}");
  g_assert_false (elicit_transport_is_closed (f->transport));
}

static const Refused refuse_infinity = {
  "{\"x\":1e400}", "The number at byte 5 is too large"
};
static const Refused refuse_nul = {
  "{\"x\":\"a\\u0000b\"}", "A JSON string contains a NUL character (\\u0000) at byte 7"
};
static const Refused refuse_huge_integer = {
  "{\"id\":123456789012345678901234567890}", "The integer at byte 6 does not fit in 64 bits"
};
static const Refused refuse_duplicate_names = {
  "{\"id\":1,\"id\":2}", "A JSON object repeats the member name at byte 8"
};

static void
test_stream_end_of_stream (StreamFixture *f,
                           gconstpointer  data)
{
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"a\":1}\n{\"last\":\"without newline\"}");
  fake_peer_close (f->peer);
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 1), ==, "{\"last\":\"without newline\"}");
  g_assert_error (f->rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED);
  g_assert_cmpstr (f->rec.closed->message, ==, "the connection was closed by the peer");
  g_assert_true (elicit_transport_is_closed (f->transport));
  g_assert_cmpstr (elicit_transport_get_close_error (f->transport)->message, ==,
                   "the connection was closed by the peer");
}

static void
test_stream_close (StreamFixture *f,
                   gconstpointer  data)
{
  g_autoptr(JsonNode) message = json ("{\"bye\":true}");
  g_autoptr(GError) error = NULL;

  elicit_transport_start (f->transport);
  g_assert_true (elicit_transport_send (f->transport, message, NULL));
  close_and_wait (f->transport);

  g_assert_cmpuint (f->rec.n_closed, ==, 1);
  g_assert_cmpstr (f->rec.closed->message, ==, "the connection was closed");

  /* What was queued before closing still arrives, then the end. */
  fake_peer_expect (f->peer, "{\"bye\":true}");
  fake_peer_expect_eof (f->peer);

  g_assert_false (elicit_transport_send (f->transport, message, &error));
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED);
  g_assert_cmpstr (error->message, ==, "The connection is closed: the connection was closed");

  /* Closing again is harmless and emits nothing more. */
  close_and_wait (f->transport);
  g_assert_cmpuint (f->rec.n_closed, ==, 1);
}

static void
test_stream_long_lines_keep_order (StreamFixture *f,
                                   gconstpointer  data)
{
  g_autofree char *filler = g_strnfill (300 * 1024, 'q');
  g_autofree char *long_line = g_strdup_printf ("{\"long\":\"%s\"}\n", filler);
  g_autofree char *broken = g_strdup_printf ("{\"long\":\"%s\"\n", filler);
  const char *text;

  /* Long lines are parsed off the main loop; the order must not change. */
  elicit_transport_start (f->transport);
  fake_peer_send (f->peer, "{\"n\":1}\n");
  fake_peer_send (f->peer, long_line);
  fake_peer_send (f->peer, "{\"n\":3}\n");
  fake_peer_send (f->peer, long_line);
  fake_peer_send (f->peer, broken);
  fake_peer_send (f->peer, "{\"n\":6}\n");
  wait_closed (&f->rec);

  g_assert_cmpuint (f->rec.n_messages, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 0), ==, "{\"n\":1}");
  text = g_ptr_array_index (f->rec.messages, 1);
  g_assert_cmpuint (strlen (text), ==, strlen (long_line) - 1);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, 2), ==, "{\"n\":3}");
  g_assert_cmpstr (f->rec.closed->message, ==,
                   "received invalid JSON on line 5: Not valid JSON: the text ends too early");
}

static void
test_stream_flood (StreamFixture *f,
                   gconstpointer  data)
{
  GString *text = g_string_new (NULL);
  const guint n = 50000;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                                  "\"params\":{\"level\":\"info\",\"data\":%u}}\n", i);

  elicit_transport_start (f->transport);
  fake_peer_send_len (f->peer, text->str, text->len);
  wait_messages (&f->rec, n);

  g_assert_cmpuint (f->rec.n_messages, ==, n);
  g_assert_cmpstr (g_ptr_array_index (f->rec.messages, n - 1), ==,
                   "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                   "\"params\":{\"level\":\"info\",\"data\":49999}}");
  g_string_free (text, TRUE);
}

static void
drop_on_first_cb (ElicitTransport *transport,
                  JsonNode        *message,
                  guint           *n)
{
  if ((*n)++ == 0)
    g_object_unref (transport);
}

/* A handler drops the last reference at the first of three lines read at
 * once: the transport goes without reading the other two. */
static void
test_stream_dropped_by_a_handler (void)
{
  FakePeer *peer;
  ElicitTransport *transport = fake_peer_new (&peer);
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;
  guint n = 0;

  g_object_add_weak_pointer (G_OBJECT (transport), (gpointer *) &transport);
  g_signal_connect (transport, "message", G_CALLBACK (drop_on_first_cb), &n);
  fake_peer_send (peer, "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n");
  elicit_transport_start (transport);

  while (transport != NULL)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the transport outlived its last reference");
      spin_once ();
    }
  g_assert_cmpuint (n, ==, 1);
  fake_peer_free (peer);
}

static void
test_stream_not_pollable (void)
{
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GInputStream) buffered = NULL;
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(GError) error = NULL;
  Recorder rec;
  int fds[2];

  g_assert_no_errno (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds));
  socket = g_socket_new_from_fd (fds[0], &error);
  g_assert_no_error (error);
  connection = g_socket_connection_factory_create_connection (socket);
  buffered = g_buffered_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  g_assert_false (G_IS_POLLABLE_INPUT_STREAM (buffered) &&
                  g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (buffered)));
  stream = g_simple_io_stream_new (buffered,
                                   g_io_stream_get_output_stream (G_IO_STREAM (connection)));

  transport = elicit_stream_transport_new (stream);
  recorder_init (&rec, transport);
  elicit_transport_start (transport);

  g_assert_cmpint (write (fds[1], "{\"a\":1}\n{\"b\"", 12), ==, 12);
  g_assert_cmpint (write (fds[1], ":2}\n", 4), ==, 4);
  wait_messages (&rec, 2);
  g_assert_cmpstr (g_ptr_array_index (rec.messages, 1), ==, "{\"b\":2}");

  close (fds[1]);
  wait_closed (&rec);
  g_assert_cmpstr (rec.closed->message, ==, "the connection was closed by the peer");

  close_and_wait (transport);
  recorder_clear (&rec);
}

static void
test_stream_default_limit (void)
{
  FakePeer *peer;
  g_autoptr(ElicitTransport) transport = fake_peer_new (&peer);
  guint64 limit = 0;

  g_assert_cmpuint (elicit_stream_transport_get_max_line_length (ELICIT_STREAM_TRANSPORT (transport)),
                    ==, 16 * 1024 * 1024);
  g_object_get (transport, "max-line-length", &limit, NULL);
  g_assert_cmpuint (limit, ==, 16 * 1024 * 1024);
  g_assert_nonnull (elicit_stream_transport_get_stream (ELICIT_STREAM_TRANSPORT (transport)));

  close_and_wait (transport);
  fake_peer_free (peer);
}

/* Stdio transport -------------------------------------------------------------- */

static ElicitTransport *
spawn_sh (const char  *script,
          Recorder    *rec)
{
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  g_autoptr(GError) error = NULL;
  ElicitTransport *transport;

  transport = elicit_stdio_transport_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ELICIT_IS_STDIO_TRANSPORT (transport));
  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 200);
  recorder_init (rec, transport);
  elicit_transport_start (transport);

  return transport;
}

static void
finish_stdio (ElicitTransport *transport,
              Recorder        *rec)
{
  close_and_wait (transport);
  g_assert_finalize_object (transport);
  recorder_clear (rec);
}

static void
test_stdio_round_trip (void)
{
  const char *argv[] = { "cat", NULL };
  g_autoptr(JsonNode) message = json ("{\"jsonrpc\":\"2.0\",\"method\":\"echo\",\"params\":{\"n\":1}}");
  g_autoptr(GError) error = NULL;
  ElicitTransport *transport;
  Recorder rec;

  /* The command is looked up in PATH. */
  transport = elicit_stdio_transport_new (argv, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (elicit_stdio_transport_get_identifier (ELICIT_STDIO_TRANSPORT (transport)));
  g_assert_cmpstrv (elicit_stdio_transport_get_argv (ELICIT_STDIO_TRANSPORT (transport)), argv);
  recorder_init (&rec, transport);
  elicit_transport_start (transport);

  for (guint i = 0; i < 3; i++)
    g_assert_true (elicit_transport_send (transport, message, &error));
  wait_messages (&rec, 3);
  g_assert_cmpstr (g_ptr_array_index (rec.messages, 2), ==,
                   "{\"jsonrpc\":\"2.0\",\"method\":\"echo\",\"params\":{\"n\":1}}");

  /* Closing its input is enough for cat: it exits by itself. */
  finish_stdio (transport, &rec);
}

static void
test_stdio_stderr_is_log (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("echo 'starting up' >&2; printf 'bad \\377 byte\\n' >&2; "
                                         "echo '{\"ready\":true}'; exit 0", &rec);

  wait_closed (&rec);
  g_assert_cmpuint (rec.n_messages, ==, 1);
  g_assert_cmpuint (rec.logs->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (rec.logs, 0), ==, "starting up");
  g_assert_cmpstr (g_ptr_array_index (rec.logs, 1), ==, "bad \xef\xbf\xbd byte");
  /* Writing to stderr is never an error by itself. */
  g_assert_cmpstr (rec.closed->message, ==, "server exited with status 0");
  finish_stdio (transport, &rec);
}

static void
test_stdio_exit_status (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("echo '{\"last\":\"words\"}'; exit 3", &rec);

  wait_closed (&rec);
  /* What it wrote before exiting still arrives first. */
  g_assert_cmpuint (rec.n_messages, ==, 1);
  g_assert_error (rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_EXITED);
  g_assert_cmpstr (rec.closed->message, ==, "server exited with status 3");
  finish_stdio (transport, &rec);
}

static void
test_stdio_killed (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("kill -9 $$", &rec);

  wait_closed (&rec);
  g_assert_error (rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_KILLED);
  g_assert_cmpstr (rec.closed->message, ==, "server was killed by signal 9");
  finish_stdio (transport, &rec);
}

static void
test_stdio_invalid_json (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("echo '{\"one\":1}'; echo '   '; echo '{\"two\":2}'; "
                                         "echo 'Server listening on port 8080'; "
                                         "exec sleep 30", &rec);

  wait_closed (&rec);
  g_assert_cmpuint (rec.n_messages, ==, 2);
  g_assert_error (rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON);
  g_assert_cmpstr (rec.closed->message, ==,
                   "server wrote invalid JSON on line 4: Not valid JSON: unexpected “S” at byte 0");
  /* The server that keeps running is stopped (sleep ignores stdin: SIGTERM). */
  finish_stdio (transport, &rec);
}

static void
test_stdio_line_too_long (void)
{
  Recorder rec;
  ElicitTransport *transport;

  /* 17 MB without a newline, past the default 16 MiB limit. */
  transport = spawn_sh ("echo '{\"ok\":1}'; head -c 17000000 /dev/zero | tr '\\0' 'a'; "
                        "exec sleep 30", &rec);

  wait_closed (&rec);
  g_assert_cmpuint (rec.n_messages, ==, 1);
  g_assert_error (rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG);
  /* g_format_size() puts a no-break space between number and unit. */
  g_assert_cmpstr (rec.closed->message, ==,
                   "server wrote a line longer than 16.0\u00a0MiB (line 2)");
  finish_stdio (transport, &rec);
}

static void
test_stdio_stderr_flood (void)
{
  Recorder rec;
  ElicitTransport *transport;
  const char *first;

  transport = spawn_sh ("head -c 3000000 /dev/zero | tr '\\0' 'x' >&2; echo >&2; "
                        "yes 'log line' | head -n 20000 >&2; echo '{\"done\":true}'", &rec);

  wait_closed (&rec);
  g_assert_cmpuint (rec.n_messages, ==, 1);
  g_assert_cmpuint (rec.logs->len, ==, 20001);
  /* A 3 MB line is cut to 64 KiB and marked. */
  first = g_ptr_array_index (rec.logs, 0);
  g_assert_cmpuint (strlen (first), ==, 64 * 1024 + strlen ("…"));
  g_assert_true (g_str_has_suffix (first, "xx…"));
  g_assert_cmpstr (g_ptr_array_index (rec.logs, 20000), ==, "log line");
  g_assert_cmpstr (rec.closed->message, ==, "server exited with status 0");
  finish_stdio (transport, &rec);
}

static void
test_stdio_write_after_death (void)
{
  g_autoptr(JsonNode) big = NULL;
  g_autofree char *text = NULL;
  g_autofree char *filler = g_strnfill (1024 * 1024, 'z');
  g_autoptr(GError) error = NULL;
  Recorder rec;
  ElicitTransport *transport;

  text = g_strdup_printf ("{\"filler\":\"%s\"}", filler);
  big = json (text);

  /* The server stops reading and exits; our writes hit a closed pipe. Without
   * SIGPIPE ignored, this test process would die here. */
  transport = spawn_sh ("exec 0<&-; exit 4", &rec);
  for (guint i = 0; i < 4; i++)
    if (!elicit_transport_send (transport, big, &error))
      break;
  g_clear_error (&error);

  wait_closed (&rec);
  g_assert_cmpstr (rec.closed->message, ==, "server exited with status 4");

  g_assert_false (elicit_transport_send (transport, big, &error));
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED);
  finish_stdio (transport, &rec);
}

static void
test_stdio_sigkill_escalation (void)
{
  Recorder rec;
  ElicitTransport *transport;
  g_autofree char *pid = NULL;
  gint64 start;

  /* Ignores the end of its input and SIGTERM; only SIGKILL stops it. */
  transport = spawn_sh ("trap '' TERM; echo '{\"up\":1}'; while :; do sleep 0.05; done", &rec);
  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 50);
  g_assert_cmpuint (elicit_stdio_transport_get_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport)),
                    ==, 50);
  wait_messages (&rec, 1);

  pid = g_strdup (elicit_stdio_transport_get_identifier (ELICIT_STDIO_TRANSPORT (transport)));
  start = g_get_monotonic_time ();
  close_and_wait (transport);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);

  /* The shell itself is gone and reaped. */
  g_assert_cmpint (kill (atoi (pid), 0), ==, -1);
  g_assert_cmpint (errno, ==, ESRCH);
  g_assert_cmpstr (rec.closed->message, ==, "the connection was closed");
  g_assert_finalize_object (transport);
  recorder_clear (&rec);
}

static void
test_stdio_closes_output (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("exec >&-; exec sleep 30", &rec);

  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 100);
  wait_closed (&rec);
  g_assert_error (rec.closed, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED);
  g_assert_cmpstr (rec.closed->message, ==, "server closed its output");
  finish_stdio (transport, &rec);
}

static void
test_stdio_spawn_failure (void)
{
  const char *argv[] = { "/nonexistent/elicit-test-server", NULL };
  const char *empty[] = { NULL };
  g_autoptr(GError) error = NULL;
  ElicitTransport *transport;

  transport = elicit_stdio_transport_new (argv, NULL, NULL, &error);
  g_assert_null (transport);
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_SPAWN_FAILED);
  g_assert_true (g_str_has_prefix (error->message, "could not start the server: "));
  g_clear_error (&error);

  transport = elicit_stdio_transport_new (empty, NULL, NULL, &error);
  g_assert_null (transport);
  g_assert_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_SPAWN_FAILED);
  g_assert_cmpstr (error->message, ==, "could not start the server: no command given");
}

static void
test_stdio_environment_and_cwd (void)
{
  const char *argv[] = { "/bin/sh", "-c",
                         "printf '{\"foo\":\"%s\",\"cwd\":\"%s\"}\\n' \"$ELICIT_TEST_FOO\" \"$(pwd)\"",
                         NULL };
  const char *env[] = { "ELICIT_TEST_FOO=bar baz", "=ignored", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *cwd = g_canonicalize_filename ("/", NULL);
  ElicitTransport *transport;
  Recorder rec;

  transport = elicit_stdio_transport_new (argv, env, cwd, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (elicit_stdio_transport_get_cwd (ELICIT_STDIO_TRANSPORT (transport)), ==, "/");
  g_assert_cmpstrv (elicit_stdio_transport_get_environment (ELICIT_STDIO_TRANSPORT (transport)), env);
  recorder_init (&rec, transport);
  elicit_transport_start (transport);

  wait_messages (&rec, 1);
  g_assert_cmpstr (g_ptr_array_index (rec.messages, 0), ==, "{\"foo\":\"bar baz\",\"cwd\":\"/\"}");
  finish_stdio (transport, &rec);
}

static gboolean
process_gone (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *end;

  if (kill (pid, 0) != 0)
    return TRUE;

  /* A zombie nobody has reaped yet is gone too. */
  if (!g_file_get_contents (path, &stat, NULL, NULL) || (end = strrchr (stat, ')')) == NULL)
    return TRUE;
  return end[1] == ' ' && end[2] == 'Z';
}

/* `sh -c` left a grandchild that ignores the end of its input: it survived
 * every stop while only the direct child was signalled. */
static void
test_stdio_stops_the_whole_group (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-transport-XXXXXX", &error);
  g_autofree char *pidfile = g_build_filename (dir, "pid", NULL);
  g_autofree char *script = g_strdup_printf ("sleep 1000 & echo $! > '%s'; echo '{\"up\":1}'; "
                                             "cat > /dev/null; wait", pidfile);
  g_autofree char *text = NULL;
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;
  ElicitTransport *transport;
  Recorder rec;
  int sleeper;

  g_assert_no_error (error);
  transport = spawn_sh (script, &rec);
  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 50);
  wait_messages (&rec, 1);
  g_file_get_contents (pidfile, &text, NULL, &error);
  g_assert_no_error (error);
  sleeper = atoi (text);
  g_assert_cmpint (sleeper, >, 1);

  close_and_wait (transport);
  g_assert_finalize_object (transport);
  while (!process_gone (sleeper))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the server's grandchild outlived the stop");
      spin_once ();
    }

  recorder_clear (&rec);
  g_unlink (pidfile);
  g_rmdir (dir);
}

static void
test_stdio_dropped_stops_server (void)
{
  Recorder rec;
  ElicitTransport *transport = spawn_sh ("echo '{\"up\":1}'; exec sleep 30", &rec);
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;
  int pid;

  elicit_stdio_transport_set_shutdown_timeout (ELICIT_STDIO_TRANSPORT (transport), 20);
  wait_messages (&rec, 1);
  pid = atoi (elicit_stdio_transport_get_identifier (ELICIT_STDIO_TRANSPORT (transport)));

  /* Nobody closes it: dropping the last reference must not leak a server. */
  g_assert_finalize_object (transport);

  while (kill (pid, 0) == 0)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the server outlived its transport");
      spin_once ();
    }
  g_assert_cmpint (errno, ==, ESRCH);
  recorder_clear (&rec);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define STREAM_TEST(path, func, data) \
  g_test_add ("/Elicit/Transport/stream/" path, StreamFixture, data, \
              stream_setup, func, stream_teardown)

  STREAM_TEST ("emits-each-line-as-a-message-in-order", test_stream_in_order, NULL);
  STREAM_TEST ("emits-nothing-before-start", test_stream_nothing_before_start, NULL);
  STREAM_TEST ("reassembles-lines-split-across-reads", test_stream_split_reads, NULL);
  STREAM_TEST ("accepts-crlf-and-skips-empty-lines", test_stream_crlf_and_empty_lines, NULL);
  STREAM_TEST ("sends-each-message-as-one-compact-line", test_stream_sends_one_line_per_message,
               NULL);
  STREAM_TEST ("closes-on-a-line-over-the-limit-after-earlier-lines", test_stream_line_too_long,
               NULL);
  STREAM_TEST ("closes-on-an-endless-line-without-growing",
               test_stream_line_too_long_unterminated, NULL);
  STREAM_TEST ("accepts-a-line-exactly-at-the-limit", test_stream_line_at_the_limit, NULL);
  STREAM_TEST ("skips-lines-of-only-white-space", test_stream_blank_lines, NULL);
  STREAM_TEST ("closes-on-invalid-json-naming-the-line", test_stream_invalid_json, NULL);
  STREAM_TEST ("closes-on-invalid-utf8", test_stream_invalid_utf8, NULL);
  STREAM_TEST ("closes-on-truncated-json", test_stream_truncated_json, NULL);
  STREAM_TEST ("refuses-100000-nested-brackets-and-stays-open",
               test_stream_refuses_unreadable_json, NULL);
  STREAM_TEST ("refuses-1e400-and-stays-open", test_stream_refuses_unreadable_json,
               &refuse_infinity);
  STREAM_TEST ("refuses-nul-in-a-string-and-stays-open", test_stream_refuses_unreadable_json,
               &refuse_nul);
  STREAM_TEST ("refuses-an-integer-past-int64-and-stays-open",
               test_stream_refuses_unreadable_json, &refuse_huge_integer);
  STREAM_TEST ("refuses-repeated-member-names-and-stays-open",
               test_stream_refuses_unreadable_json, &refuse_duplicate_names);
  STREAM_TEST ("delivers-the-last-line-then-reports-the-end", test_stream_end_of_stream, NULL);
  STREAM_TEST ("close-flushes-then-refuses-to-send", test_stream_close, NULL);
  STREAM_TEST ("keeps-up-with-50000-messages", test_stream_flood, NULL);
  STREAM_TEST ("keeps-the-order-around-long-lines-parsed-in-a-thread",
               test_stream_long_lines_keep_order, NULL);
  g_test_add_func ("/Elicit/Transport/stream/goes-when-a-handler-drops-it-mid-read",
                   test_stream_dropped_by_a_handler);
  g_test_add_func ("/Elicit/Transport/stream/reads-streams-that-cannot-poll",
                   test_stream_not_pollable);
  g_test_add_func ("/Elicit/Transport/stream/limits-lines-to-16-mib-by-default",
                   test_stream_default_limit);

  g_test_add_func ("/Elicit/Transport/stdio/round-trips-messages-through-a-child",
                   test_stdio_round_trip);
  g_test_add_func ("/Elicit/Transport/stdio/turns-stderr-lines-into-log-lines",
                   test_stdio_stderr_is_log);
  g_test_add_func ("/Elicit/Transport/stdio/reports-the-exit-status-after-the-last-output",
                   test_stdio_exit_status);
  g_test_add_func ("/Elicit/Transport/stdio/reports-the-killing-signal", test_stdio_killed);
  g_test_add_func ("/Elicit/Transport/stdio/closes-on-stdout-garbage-naming-the-line",
                   test_stdio_invalid_json);
  g_test_add_func ("/Elicit/Transport/stdio/closes-on-a-line-over-16-mib",
                   test_stdio_line_too_long);
  g_test_add_func ("/Elicit/Transport/stdio/survives-a-stderr-flood", test_stdio_stderr_flood);
  g_test_add_func ("/Elicit/Transport/stdio/survives-writing-to-a-dead-server",
                   test_stdio_write_after_death);
  g_test_add_func ("/Elicit/Transport/stdio/escalates-to-sigkill-on-close",
                   test_stdio_sigkill_escalation);
  g_test_add_func ("/Elicit/Transport/stdio/closes-when-the-server-closes-its-output",
                   test_stdio_closes_output);
  g_test_add_func ("/Elicit/Transport/stdio/reports-a-server-that-cannot-start",
                   test_stdio_spawn_failure);
  g_test_add_func ("/Elicit/Transport/stdio/passes-environment-and-directory",
                   test_stdio_environment_and_cwd);
  g_test_add_func ("/Elicit/Transport/stdio/stops-the-servers-whole-process-group",
                   test_stdio_stops_the_whole_group);
  g_test_add_func ("/Elicit/Transport/stdio/stops-the-server-when-dropped",
                   test_stdio_dropped_stops_server);

  return g_test_run ();
}
