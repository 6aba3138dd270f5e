/* fuzz-sse.c — libFuzzer target for the Server-Sent Events parser
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A remote server controls every byte of its event stream. The first byte of
 * the input picks where the stream is split into reads, so the target checks
 * both that nothing crashes and that the events do not depend on the split.
 */

#include "config.h"

#include "elicit-sse-parser-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static GString *
parse_all (const char *text,
           gsize       length,
           gsize       chunk)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (4096);
  GString *events = g_string_new (NULL);

  for (gsize offset = 0; offset < length; offset += chunk)
    {
      ElicitSseEvent *event;
      g_autoptr(GError) error = NULL;

      elicit_sse_parser_feed (parser, text + offset, MIN (chunk, length - offset));
      while ((event = elicit_sse_parser_next (parser, &error)) != NULL)
        {
          g_string_append_printf (events, "%s|%s|%" G_GSIZE_FORMAT ":",
                                  event->type ? event->type : "",
                                  event->id ? event->id : "", event->data_length);
          g_string_append_len (events, event->data, event->data_length);
          g_string_append_c (events, '\n');
          elicit_sse_event_free (event);
        }
      if (error != NULL)
        {
          g_string_append_printf (events, "error %d\n", error->code);
          break;
        }
    }

  return events;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GString) whole = NULL;
  g_autoptr(GString) split = NULL;

  if (size < 1)
    return 0;

  whole = parse_all ((const char *) data + 1, size - 1, size);
  split = parse_all ((const char *) data + 1, size - 1, 1 + data[0] % 7);
  g_assert_cmpstr (whole->str, ==, split->str);

  return 0;
}
