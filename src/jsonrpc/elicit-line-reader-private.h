/* elicit-line-reader-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ElicitLineReader ElicitLineReader;

typedef enum
{
  ELICIT_LINE_READER_EOF,
  ELICIT_LINE_READER_TOO_LONG,
  ELICIT_LINE_READER_FAILED,
} ElicitLineReaderEnd;

typedef enum
{
  ELICIT_LINE_CONTINUE,
  ELICIT_LINE_STOP,
  ELICIT_LINE_PAUSE,
} ElicitLineAction;

/* Called for each line, without its "\n" (nor a "\r" before it); @line is
 * NUL-terminated at @length (it may also contain NUL bytes before that) and
 * valid only during the call. @truncated is set when a reader in truncating
 * mode cut the line. Return STOP to stop reading for good, PAUSE to stop
 * until elicit_line_reader_resume(). */
typedef ElicitLineAction (*ElicitLineFunc) (const char          *line,
                                            gsize                length,
                                            guint64              line_number,
                                            gboolean             truncated,
                                            gpointer             user_data);
/* Called once when reading ends, unless the reader was stopped: at end of
 * stream, when a line exceeds the limit (error mode; @line_number is that
 * line's), or when a read fails (@error set). */
typedef void     (*ElicitLineEndFunc) (ElicitLineReaderEnd  end,
                                       guint64              line_number,
                                       const GError        *error,
                                       gpointer             user_data);

ElicitLineReader *elicit_line_reader_new   (GInputStream      *stream,
                                            gsize              max_line_length,
                                            gboolean           truncate_long_lines,
                                            ElicitLineFunc     line_func,
                                            ElicitLineEndFunc  end_func,
                                            gpointer           user_data);
ElicitLineReader *elicit_line_reader_ref   (ElicitLineReader  *self);
void              elicit_line_reader_unref (ElicitLineReader  *self);
void              elicit_line_reader_start (ElicitLineReader  *self);
void              elicit_line_reader_set_owner (ElicitLineReader *self,
                                                gpointer          owner);
gpointer          elicit_line_reader_get_owner (ElicitLineReader *self);
void              elicit_line_reader_stop  (ElicitLineReader  *self);
void              elicit_line_reader_resume (ElicitLineReader *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitLineReader, elicit_line_reader_unref)

G_END_DECLS
