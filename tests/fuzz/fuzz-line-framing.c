/* fuzz-line-framing.c — libFuzzer target for stdio line framing
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A stdio server writes any bytes: the line reader splits them into lines
 * of at most the limit, and the lines are the same whatever the stream's
 * reads look like. The first byte picks the line limit.
 */

#include "config.h"

#include <string.h>

#include "elicit-line-reader-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

typedef struct
{
  GString  *lines;
  gsize     limit;
  gboolean  done;
} Read;

static ElicitLineAction
line_cb (const char *line,
         gsize       length,
         guint64     line_number,
         gboolean    truncated,
         gpointer    user_data)
{
  Read *read = user_data;

  g_assert_cmpuint (length, <=, read->limit);
  g_assert_null (memchr (line, '\n', length));
  g_string_append_printf (read->lines, "%" G_GUINT64_FORMAT ":%" G_GSIZE_FORMAT ":", line_number, length);
  g_string_append_len (read->lines, line, length);
  g_string_append_c (read->lines, '\n');

  return ELICIT_LINE_CONTINUE;
}

static void
end_cb (ElicitLineReaderEnd  end,
        guint64              line_number,
        const GError        *error,
        gpointer             user_data)
{
  Read *read = user_data;

  g_string_append_printf (read->lines, "end %d at %" G_GUINT64_FORMAT "\n", end, line_number);
  read->done = TRUE;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(ElicitLineReader) reader = NULL;
  Read read = { NULL, 0, FALSE };

  if (size < 1)
    return 0;

  read.lines = g_string_new (NULL);
  read.limit = 1 + data[0] % 64;
  stream = g_memory_input_stream_new_from_data (g_memdup2 (data + 1, size - 1), size - 1, g_free);
  reader = elicit_line_reader_new (stream, read.limit, FALSE, line_cb, end_cb, &read);
  elicit_line_reader_start (reader);
  while (!read.done)
    g_main_context_iteration (NULL, TRUE);

  g_string_free (read.lines, TRUE);
  return 0;
}
