/* elicit-transport-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-incoming-private.h"
#include "elicit-line-reader-private.h"
#include "elicit-transport.h"

G_BEGIN_DECLS

/* The emit helpers are public (elicit-transport.h), for implementations
 * out of the tree as much as for these. */

/* Where a transport's messages go past ::message: see elicit-transport.c. */
typedef void (*ElicitTransportSink) (ElicitTransport *self,
                                     ElicitIncoming  *message,
                                     gpointer         user_data);

gboolean  elicit_transport_set_sink       (ElicitTransport     *self,
                                           ElicitTransportSink  sink,
                                           gpointer             user_data);
void      elicit_transport_clear_sink     (ElicitTransport     *self,
                                           gpointer             user_data);

/* Parses one received message with the safe parser and emits ::message,
 * or ::invalid-message for JSON the parser refuses (too deep, a number out of
 * range, NUL in a string, a repeated member name). Returns FALSE, with the
 * parser's error, when the text is not JSON at all: the caller closes. */
gboolean  elicit_transport_receive        (ElicitTransport *self,
                                           const char      *data,
                                           gsize            length,
                                           GError         **error);

/* Messages at least this long are parsed in a worker thread: json-glib
 * takes about 90 ms for 16 MiB, too long to hold the main loop. */
#define ELICIT_TRANSPORT_THREADED_PARSE_MIN (64 * 1024)

/* elicit_transport_receive() for a long message: parsed in a worker thread,
 * emitted from the main context when elicit_transport_receive_finish() is
 * called in @callback. */
void      elicit_transport_receive_async  (ElicitTransport     *self,
                                           GBytes              *data,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean  elicit_transport_receive_finish (ElicitTransport     *self,
                                           GAsyncResult        *result,
                                           GError             **error);

/* Told that line @line_number is not JSON at all (@error from the parser):
 * closes @self with the transport's own wording. */
typedef void (*ElicitTransportLineFailedFunc) (ElicitTransport *self,
                                               guint64          line_number,
                                               const GError    *error);

/* The line function of a transport reading one message per line from
 * @reader: passes the line to elicit_transport_receive(), or, from
 * ELICIT_TRANSPORT_THREADED_PARSE_MIN bytes on, to
 * elicit_transport_receive_async() with @reader paused until it is done, so
 * the order holds. Calls @failed for a line that is not JSON. @reader's
 * owner (elicit_line_reader_set_owner()) is @self. */
ElicitLineAction elicit_transport_receive_line (ElicitTransport               *self,
                                                ElicitLineReader              *reader,
                                                const char                    *line,
                                                gsize                          length,
                                                guint64                        line_number,
                                                ElicitTransportLineFailedFunc  failed);

/* One message as one line of compact, valid JSON, newline included. */
GBytes   *elicit_transport_serialize_line (JsonNode        *message);

/* A timeout on the thread-default main context; the caller owns the
 * returned source and drops it with elicit_clear_source(). */
GSource  *elicit_timeout_source_add       (guint            msec,
                                           GSourceFunc      func,
                                           gpointer         data,
                                           const char      *name);
void      elicit_clear_source             (GSource        **source);

/* A write to a peer that just went away must fail with EPIPE instead of
 * killing the whole process: called from every transport's class_init. */
void      elicit_transport_ignore_sigpipe (void);

G_END_DECLS
