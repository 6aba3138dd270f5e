/* fake-peer.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scripted peer for protocol tests: one end of a socket pair, read and
 * written with plain non-blocking system calls (nothing of the code under
 * test), while the other end is an ElicitStreamTransport. Every wait blocks
 * in the main loop until an event (a source dispatched, the socket ready)
 * and fails loudly after a deadline; nothing sleeps.
 */

#pragma once

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <glib-unix.h>

#include "elicit.h"

/* Generous: the suite also runs under AddressSanitizer on slow machines. */
#define FAKE_PEER_DEADLINE_USEC (60 * G_USEC_PER_SEC)

typedef struct
{
  int      fd;
  GString *input;
  guint    n_syncs;
  gboolean eof;
} FakePeer;

/* The longest one wait blocks, so a caller looks again at a condition no
 * main loop source reports (a process that exits). Every event the tests
 * wait for wakes the wait at once. */
#define FAKE_PEER_WAKE_MSEC 100

static gboolean
fake_peer_wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
fake_peer_ready_cb (int          fd,
                    GIOCondition condition,
                    gpointer     data)
{
  return G_SOURCE_CONTINUE;
}

/* Blocks until the main loop has dispatched something, @fd (unless -1) is
 * ready for @condition, or FAKE_PEER_WAKE_MSEC have passed. */
static void G_GNUC_UNUSED
wait_event (int          fd,
            GIOCondition condition)
{
  GMainContext *context = g_main_context_ref_thread_default ();
  GSource *wake = g_timeout_source_new (FAKE_PEER_WAKE_MSEC);
  GSource *ready = NULL;

  g_source_set_callback (wake, fake_peer_wake_cb, NULL, NULL);
  g_source_attach (wake, context);
  if (fd >= 0)
    {
      ready = g_unix_fd_source_new (fd, condition);
      g_source_set_callback (ready, G_SOURCE_FUNC (fake_peer_ready_cb), NULL, NULL);
      g_source_attach (ready, context);
    }

  g_main_context_iteration (context, TRUE);

  g_source_destroy (wake);
  g_source_unref (wake);
  if (ready != NULL)
    {
      g_source_destroy (ready);
      g_source_unref (ready);
    }
  g_main_context_unref (context);
}

/* Waits for the next event of the main loop (see wait_event()). */
static void G_GNUC_UNUSED
spin_once (void)
{
  wait_event (-1, 0);
}

/* Spins the main loop until *flag is set. */
static void G_GNUC_UNUSED
spin_until (const gboolean *flag)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (!*flag)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for the main loop");
      spin_once ();
    }
}

static gboolean
fake_peer_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Spins the main loop until a timeout of @msec fires. */
static void G_GNUC_UNUSED
spin_for (guint msec)
{
  gboolean done = FALSE;
  GSource *source = g_timeout_source_new (msec);

  g_source_set_callback (source, fake_peer_flag_cb, &done, NULL);
  g_source_attach (source, NULL);
  spin_until (&done);
  g_source_destroy (source);
  g_source_unref (source);
}

static ElicitTransport * G_GNUC_UNUSED
fake_peer_new (FakePeer **out_peer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketConnection) connection = NULL;
  FakePeer *peer;
  int fds[2];

  g_assert_no_errno (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds));
  g_assert_true (g_unix_set_fd_nonblocking (fds[1], TRUE, NULL));

  socket = g_socket_new_from_fd (fds[0], &error);
  g_assert_no_error (error);
  connection = g_socket_connection_factory_create_connection (socket);

  peer = g_new0 (FakePeer, 1);
  peer->fd = fds[1];
  peer->input = g_string_new (NULL);
  *out_peer = peer;

  return elicit_stream_transport_new (G_IO_STREAM (connection));
}

static void G_GNUC_UNUSED
fake_peer_close (FakePeer *peer)
{
  if (peer->fd >= 0)
    {
      close (peer->fd);
      peer->fd = -1;
    }
}

static void G_GNUC_UNUSED
fake_peer_free (FakePeer *peer)
{
  fake_peer_close (peer);
  g_string_free (peer->input, TRUE);
  g_free (peer);
}

/* Writes @len bytes exactly as given, spinning the loop while the socket is full. */
static void G_GNUC_UNUSED
fake_peer_send_len (FakePeer   *peer,
                    const char *data,
                    gsize       len)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (len > 0)
    {
      gssize n = write (peer->fd, data, len);

      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        {
          if (g_get_monotonic_time () > deadline)
            g_error ("timed out writing to the client");
          wait_event (peer->fd, G_IO_OUT | G_IO_ERR | G_IO_HUP);
          continue;
        }
      /* The client may close while we are still writing (on purpose, in the
       * tests of limits); the rest is dropped as a real pipe would. */
      if (n < 0 && (errno == EPIPE || errno == ECONNRESET))
        return;
      g_assert_cmpint (n, >, 0);
      data += n;
      len -= n;
    }
}

static void G_GNUC_UNUSED
fake_peer_send (FakePeer   *peer,
                const char *text)
{
  fake_peer_send_len (peer, text, strlen (text));
}

/* Sends @text followed by a newline. */
static void G_GNUC_UNUSED
fake_peer_send_line (FakePeer   *peer,
                     const char *text)
{
  fake_peer_send (peer, text);
  fake_peer_send (peer, "\n");
}

static gboolean
fake_peer_fill (FakePeer *peer)
{
  char buf[65536];
  gssize n = read (peer->fd, buf, sizeof buf);

  if (n > 0)
    {
      g_string_append_len (peer->input, buf, n);
      return TRUE;
    }
  if (n == 0)
    peer->eof = TRUE;
  else
    g_assert_true (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);

  return FALSE;
}

/* Returns the next line the client wrote, without its newline. */
static char * G_GNUC_UNUSED
fake_peer_read_line (FakePeer *peer)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  for (;;)
    {
      const char *nl = memchr (peer->input->str, '\n', peer->input->len);

      if (nl != NULL)
        {
          char *line = g_strndup (peer->input->str, nl - peer->input->str);

          g_string_erase (peer->input, 0, nl - peer->input->str + 1);
          return line;
        }

      if (fake_peer_fill (peer))
        continue;
      if (peer->eof)
        g_error ("the client closed the connection instead of writing a line");
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for a line from the client");
      wait_event (peer->fd, G_IO_IN | G_IO_ERR | G_IO_HUP);
    }
}

#define fake_peer_expect(peer, expected) \
  G_STMT_START { \
    g_autofree char *_line = fake_peer_read_line (peer); \
    g_assert_cmpstr (_line, ==, expected); \
  } G_STMT_END

/* A barrier: the client answers pings in order, so if the next line is the
 * answer to this ping, the client sent nothing else before it. */
static void G_GNUC_UNUSED
fake_peer_sync (FakePeer *peer)
{
  g_autofree char *ping = NULL;
  g_autofree char *pong = NULL;

  peer->n_syncs++;
  ping = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"sync-%u\",\"method\":\"ping\"}",
                          peer->n_syncs);
  pong = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"sync-%u\",\"result\":{}}",
                          peer->n_syncs);
  fake_peer_send_line (peer, ping);
  fake_peer_expect (peer, pong);
}

/* Waits until the client closes its end, asserting it wrote nothing more. */
static void G_GNUC_UNUSED
fake_peer_expect_eof (FakePeer *peer)
{
  gint64 deadline = g_get_monotonic_time () + FAKE_PEER_DEADLINE_USEC;

  while (!peer->eof)
    {
      if (!fake_peer_fill (peer) && !peer->eof)
        {
          if (g_get_monotonic_time () > deadline)
            g_error ("timed out waiting for the client to close");
          wait_event (peer->fd, G_IO_IN | G_IO_ERR | G_IO_HUP);
        }
    }

  g_assert_cmpstr (peer->input->str, ==, "");
}

/* The revisions before 2026-07-28: a session limited to them starts with
 * the initialize handshake instead of the server/discover probe, as the
 * scripted legacy exchanges of these tests expect. */
static const char * const fake_legacy_versions[] G_GNUC_UNUSED = {
  "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL
};
