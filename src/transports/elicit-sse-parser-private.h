/* elicit-sse-parser-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest event id kept: it is sent back as the Last-Event-ID header. */
#define ELICIT_SSE_MAX_ID_LENGTH 1024

#define ELICIT_SSE_ERROR (elicit_sse_error_quark ())

/*
 * ElicitSseError:
 * @ELICIT_SSE_ERROR_TOO_LARGE: one event (or one line) is larger than the limit
 * @ELICIT_SSE_ERROR_INVALID_UTF8: the stream is not UTF-8
 * @ELICIT_SSE_ERROR_INVALID_ID: an `id` field longer than %ELICIT_SSE_MAX_ID_LENGTH
 */
typedef enum
{
  ELICIT_SSE_ERROR_TOO_LARGE,
  ELICIT_SSE_ERROR_INVALID_UTF8,
  ELICIT_SSE_ERROR_INVALID_ID,
} ElicitSseError;

/* One dispatched event. @data is NUL-terminated at @data_length; @id is the
 * stream's last event id once this event was dispatched (NULL if none). */
typedef struct
{
  char  *type;
  char  *data;
  gsize  data_length;
  char  *id;
} ElicitSseEvent;

typedef struct _ElicitSseParser ElicitSseParser;

GQuark           elicit_sse_error_quark              (void);

ElicitSseParser *elicit_sse_parser_new               (gsize             max_event_size);
void             elicit_sse_parser_free              (ElicitSseParser  *self);
void             elicit_sse_parser_feed              (ElicitSseParser  *self,
                                                      const char       *data,
                                                      gsize             length);
ElicitSseEvent  *elicit_sse_parser_next              (ElicitSseParser  *self,
                                                      GError          **error);
gboolean         elicit_sse_parser_is_mid_event      (ElicitSseParser  *self);
const char      *elicit_sse_parser_get_last_event_id (ElicitSseParser  *self);
gint64           elicit_sse_parser_get_retry         (ElicitSseParser  *self);

void             elicit_sse_event_free               (ElicitSseEvent   *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitSseParser, elicit_sse_parser_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitSseEvent, elicit_sse_event_free)

G_END_DECLS
