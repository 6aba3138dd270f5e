/* test-sse-parser.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-sse-parser-private.h"

#define LIMIT (64 * 1024)

#define feed(parser, text) elicit_sse_parser_feed ((parser), (text), strlen (text))

/* Each event as "type|id|data", id "-" when none. */
static char *
describe (ElicitSseEvent *event)
{
  g_assert_cmpuint (strlen (event->data), ==, event->data_length);

  return g_strdup_printf ("%s|%s|%s", event->type, event->id != NULL ? event->id : "-",
                          event->data);
}

static void
drain (ElicitSseParser *parser,
       GPtrArray       *out)
{
  g_autoptr(GError) error = NULL;
  ElicitSseEvent *event;

  while ((event = elicit_sse_parser_next (parser, &error)) != NULL)
    {
      g_ptr_array_add (out, describe (event));
      elicit_sse_event_free (event);
    }

  g_assert_no_error (error);
}

/* Parses @text fed in pieces of @step bytes (0: all at once). */
static char *
parse_in_steps (const char *text,
                gsize       step)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  gsize length = strlen (text);

  if (step == 0)
    step = MAX (length, 1);

  for (gsize i = 0; i < length; i += step)
    {
      elicit_sse_parser_feed (parser, text + i, MIN (step, length - i));
      drain (parser, events);
    }

  g_ptr_array_add (events, NULL);
  return g_strjoinv ("\n", (char **) events->pdata);
}

static void
assert_parses (const char *text,
               const char *expected)
{
  /* Whole, in every split into two reads, and a byte at a time: the same. */
  for (gsize step = 0; step <= 3; step++)
    {
      g_autofree char *got = parse_in_steps (text, step);

      g_assert_cmpstr (got, ==, expected);
    }

  for (gsize cut = 1; cut < strlen (text); cut++)
    {
      g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *got = NULL;

      elicit_sse_parser_feed (parser, text, cut);
      drain (parser, events);
      elicit_sse_parser_feed (parser, text + cut, strlen (text) - cut);
      drain (parser, events);
      g_ptr_array_add (events, NULL);
      got = g_strjoinv ("\n", (char **) events->pdata);

      g_assert_cmpstr (got, ==, expected);
    }
}

static void
test_events_split_across_reads (void)
{
  assert_parses ("data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n"
                 "event: message\nid: 7\ndata: {\"a\":1}\n\n",
                 "message|-|{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"
                 "message|7|{\"a\":1}");
}

static void
test_comments_and_multi_line_data (void)
{
  assert_parses (": keep-alive\n"
                 "data: {\"a\":\n"
                 ": a comment between data lines\n"
                 "data: 1}\n"
                 "\n"
                 ":\n\n",
                 "message|-|{\"a\":\n1}");
}

static void
test_every_line_ending (void)
{
  assert_parses ("data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\n",
                 "message|-|a\nmessage|-|b\nmessage|-|c\nmessage|-|d");
}

static void
test_cr_at_the_end_of_a_read_is_one_line_end (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  feed (parser, "data: a\r");
  drain (parser, events);
  feed (parser, "\ndata: b\r");
  drain (parser, events);
  g_assert_cmpuint (events->len, ==, 0);

  /* The LF after a CR is part of that line end, not an empty line. */
  feed (parser, "\n\r\n");
  drain (parser, events);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (events, 0), ==, "message|-|a\nb");
}

static void
test_field_values_lose_one_leading_space (void)
{
  assert_parses ("data:x\n\ndata: x\n\ndata:  x\n\ndata\n\ndata:\ndata:\n\n",
                 "message|-|x\nmessage|-|x\nmessage|-| x\nmessage|-|\nmessage|-|\n");
}

static void
test_event_types (void)
{
  assert_parses ("event: ping\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\n"
                 "event: gone\n\ndata: 4\n\n",
                 "ping|-|1\nmessage|-|2\nmessage|-|3\nmessage|-|4");
}

static void
test_ids_carry_over_and_priming_events (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  g_assert_null (elicit_sse_parser_get_last_event_id (parser));

  /* A priming event: an id and an empty data field. */
  feed (parser, "id: prime-1\ndata: \n\n");
  drain (parser, events);
  g_assert_cmpstr (elicit_sse_parser_get_last_event_id (parser), ==, "prime-1");

  feed (parser, "data: a\n\nid: 2\ndata: b\n\nid\ndata: c\n\n");
  drain (parser, events);
  g_ptr_array_add (events, NULL);
  g_assert_cmpstrv ((char **) events->pdata,
                    ((const char *[]) { "message|prime-1|", "message|prime-1|a", "message|2|b",
                                        "message||c", NULL }));
  g_assert_cmpstr (elicit_sse_parser_get_last_event_id (parser), ==, "");
}

static void
test_an_id_without_data_still_counts (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  feed (parser, "id: 41\n\n");
  drain (parser, events);
  g_assert_cmpuint (events->len, ==, 0);
  g_assert_cmpstr (elicit_sse_parser_get_last_event_id (parser), ==, "41");
}

static void
test_an_event_cut_off_is_never_dispatched (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  feed (parser, "id: 1\ndata: whole\n\nid: 2\ndata: {\"jsonrpc\"");
  drain (parser, events);

  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (events, 0), ==, "message|1|whole");
  g_assert_true (elicit_sse_parser_is_mid_event (parser));
  /* What a client resumes from: the last event it got whole. */
  g_assert_cmpstr (elicit_sse_parser_get_last_event_id (parser), ==, "1");
}

static void
test_mid_event_state (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  g_assert_false (elicit_sse_parser_is_mid_event (parser));

  feed (parser, ": keep-alive\n");
  drain (parser, events);
  g_assert_false (elicit_sse_parser_is_mid_event (parser));

  feed (parser, "da");
  drain (parser, events);
  g_assert_true (elicit_sse_parser_is_mid_event (parser));

  feed (parser, "ta: x\n");
  drain (parser, events);
  g_assert_true (elicit_sse_parser_is_mid_event (parser));

  feed (parser, "\n");
  drain (parser, events);
  g_assert_false (elicit_sse_parser_is_mid_event (parser));
  g_assert_cmpuint (events->len, ==, 1);
}

static void
test_retry (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (elicit_sse_parser_get_retry (parser), ==, -1);

  feed (parser, "retry: 500\n\n");
  drain (parser, events);
  g_assert_cmpint (elicit_sse_parser_get_retry (parser), ==, 500);

  /* Only ASCII digits count; anything else is ignored. */
  feed (parser, "retry: 5s\nretry: -1\nretry:\nretry: 1e3\n\n");
  drain (parser, events);
  g_assert_cmpint (elicit_sse_parser_get_retry (parser), ==, 500);

  feed (parser, "retry: 99999999999999999999999\n\n");
  drain (parser, events);
  g_assert_cmpint (elicit_sse_parser_get_retry (parser), ==, G_MAXINT32);
  g_assert_cmpuint (events->len, ==, 0);
}

static void
test_unknown_fields_are_ignored (void)
{
  assert_parses ("foo: bar\ndata: 1\nDATA: 2\nbaz\n\n", "message|-|1");
}

static void
test_byte_order_mark (void)
{
  assert_parses ("\xEF\xBB\xBF" "data: 1\n\n", "message|-|1");
  /* Only at the very start. */
  assert_parses ("data: 1\n\n\xEF\xBB\xBF" "data: 2\n\n", "message|-|1");
}

static void
test_an_event_too_large_is_refused (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (100);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_strnfill (40, 'x');
  g_autofree char *text = g_strdup_printf ("data: %s\ndata: %s\ndata: %s\n\n", line, line, line);

  elicit_sse_parser_feed (parser, text, strlen (text));
  g_assert_null (elicit_sse_parser_next (parser, &error));
  g_assert_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "the server sent an event larger than 100 bytes");
}

static void
test_a_line_without_end_is_bounded (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (1024);
  g_autoptr(GError) error = NULL;
  g_autofree char *chunk = g_strnfill (300, 'x');
  gboolean refused = FALSE;

  feed (parser, "data: ");
  g_assert_null (elicit_sse_parser_next (parser, &error));
  g_assert_no_error (error);

  /* A server that never ends its line is refused once past the limit,
   * not buffered for ever. */
  for (guint i = 0; i < 10 && !refused; i++)
    {
      elicit_sse_parser_feed (parser, chunk, strlen (chunk));
      g_assert_null (elicit_sse_parser_next (parser, &error));
      refused = error != NULL;
      g_assert_cmpuint (i, <, 4);
    }

  g_assert_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "the server sent an event larger than 1.0\xC2\xA0KiB");
}

static void
test_invalid_utf8_is_refused (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GError) error = NULL;
  ElicitSseEvent *event;

  feed (parser, "data: ok\n\ndata: \"\xC3\x28\"\n\n");
  event = elicit_sse_parser_next (parser, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (event->data, ==, "ok");
  elicit_sse_event_free (event);

  g_assert_null (elicit_sse_parser_next (parser, &error));
  g_assert_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_INVALID_UTF8);
  g_assert_cmpstr (error->message, ==, "the server sent an event stream that is not valid UTF-8");
}

static void
test_nul_is_refused (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GError) error = NULL;

  elicit_sse_parser_feed (parser, "id: a\0b\n\n", 9);
  g_assert_null (elicit_sse_parser_next (parser, &error));
  g_assert_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_INVALID_UTF8);
  g_assert_null (elicit_sse_parser_get_last_event_id (parser));
}

static void
test_an_id_too_long_is_refused (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strnfill (ELICIT_SSE_MAX_ID_LENGTH + 1, '7');
  g_autofree char *text = g_strdup_printf ("id: %s\ndata: 1\n\n", id);

  elicit_sse_parser_feed (parser, text, strlen (text));
  g_assert_null (elicit_sse_parser_next (parser, &error));
  g_assert_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_INVALID_ID);
  g_assert_cmpstr (error->message, ==, "the server sent an event id longer than 1024 bytes");
}

static void
test_many_events_in_one_read (void)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (LIMIT);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 1000; i++)
    g_string_append_printf (text, "id: %u\ndata: %u\n\n", i, i);

  elicit_sse_parser_feed (parser, text->str, text->len);
  drain (parser, events);

  g_assert_cmpuint (events->len, ==, 1000);
  g_assert_cmpstr (g_ptr_array_index (events, 999), ==, "message|999|999");
  g_assert_false (elicit_sse_parser_is_mid_event (parser));
}

/* Everything a stream yields, events then the error that stopped it, with
 * the text fed in pieces of the given sizes (cycled). */
static char *
parse_in_pieces (const char  *text,
                 gsize        length,
                 const guint *sizes,
                 guint        n_sizes)
{
  g_autoptr(ElicitSseParser) parser = elicit_sse_parser_new (64);
  g_autoptr(GString) out = g_string_new (NULL);
  gsize position = 0;

  for (guint i = 0; position < length; i++)
    {
      gsize size = MIN (sizes[i % n_sizes], length - position);
      g_autoptr(GError) error = NULL;
      ElicitSseEvent *event;

      elicit_sse_parser_feed (parser, text + position, size);
      position += size;

      while ((event = elicit_sse_parser_next (parser, &error)) != NULL)
        {
          g_autofree char *described = describe (event);

          g_assert_true (g_utf8_validate (event->data, event->data_length, NULL));
          g_assert_cmpuint (event->data_length, <=, 64);
          g_string_append_printf (out, "%s\n", described);
          elicit_sse_event_free (event);
        }

      if (error != NULL)
        {
          g_string_append_printf (out, "error %d\n", error->code);
          break;
        }
    }

  g_string_append_printf (out, "last id %s, retry %" G_GINT64_FORMAT,
                          elicit_sse_parser_get_last_event_id (parser) ?: "-",
                          elicit_sse_parser_get_retry (parser));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_random_streams_parse_the_same_however_split (void)
{
  static const char * const pieces[] = {
    "data: ", "data:", "data", "id: ", "id:", "event: ", "event:message", "retry: ", "retry:12",
    ": ", ":", "\n", "\n", "\n", "\r", "\r\n", "x", "{\"a\":1}", "7", " ", "\xC3\xA9", "\xFF",
    "\xEF\xBB\xBF", "\xE2\x82", "\xAC", "0123456789abcdef0123456789abcdef",
  };

  for (guint round = 0; round < 500; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint sizes[4];
      guint n_pieces = g_test_rand_int_range (0, 60);
      g_autofree char *whole = NULL;
      g_autofree char *split = NULL;
      guint one = 1;

      for (guint i = 0; i < n_pieces; i++)
        g_string_append (text, pieces[g_test_rand_int_range (0, G_N_ELEMENTS (pieces))]);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        sizes[i] = g_test_rand_int_range (1, 9);

      whole = parse_in_pieces (text->str, text->len, (guint[]) { G_MAXUINT }, 1);
      split = parse_in_pieces (text->str, text->len, sizes, G_N_ELEMENTS (sizes));
      g_assert_cmpstr (split, ==, whole);
      g_free (split);
      split = parse_in_pieces (text->str, text->len, &one, 1);
      g_assert_cmpstr (split, ==, whole);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/SseParser/events-split-across-reads-parse-the-same",
                   test_events_split_across_reads);
  g_test_add_func ("/Elicit/SseParser/comments-are-skipped-and-data-lines-join",
                   test_comments_and_multi_line_data);
  g_test_add_func ("/Elicit/SseParser/lines-end-in-lf-crlf-or-cr", test_every_line_ending);
  g_test_add_func ("/Elicit/SseParser/a-cr-ending-a-read-and-its-lf-make-one-line-end",
                   test_cr_at_the_end_of_a_read_is_one_line_end);
  g_test_add_func ("/Elicit/SseParser/values-lose-one-leading-space",
                   test_field_values_lose_one_leading_space);
  g_test_add_func ("/Elicit/SseParser/event-types-default-to-message", test_event_types);
  g_test_add_func ("/Elicit/SseParser/ids-carry-over-and-priming-events-set-them",
                   test_ids_carry_over_and_priming_events);
  g_test_add_func ("/Elicit/SseParser/an-id-without-data-still-counts",
                   test_an_id_without_data_still_counts);
  g_test_add_func ("/Elicit/SseParser/an-event-cut-off-is-never-dispatched",
                   test_an_event_cut_off_is_never_dispatched);
  g_test_add_func ("/Elicit/SseParser/knows-when-it-is-in-the-middle-of-an-event",
                   test_mid_event_state);
  g_test_add_func ("/Elicit/SseParser/retry-takes-ascii-digits-only", test_retry);
  g_test_add_func ("/Elicit/SseParser/unknown-fields-are-ignored", test_unknown_fields_are_ignored);
  g_test_add_func ("/Elicit/SseParser/a-byte-order-mark-at-the-start-is-dropped",
                   test_byte_order_mark);
  g_test_add_func ("/Elicit/SseParser/an-event-too-large-is-refused",
                   test_an_event_too_large_is_refused);
  g_test_add_func ("/Elicit/SseParser/a-line-that-never-ends-is-refused-past-the-limit",
                   test_a_line_without_end_is_bounded);
  g_test_add_func ("/Elicit/SseParser/invalid-utf8-is-refused", test_invalid_utf8_is_refused);
  g_test_add_func ("/Elicit/SseParser/nul-is-refused", test_nul_is_refused);
  g_test_add_func ("/Elicit/SseParser/an-id-too-long-to-send-back-is-refused",
                   test_an_id_too_long_is_refused);
  g_test_add_func ("/Elicit/SseParser/many-events-in-one-read", test_many_events_in_one_read);
  g_test_add_func ("/Elicit/SseParser/random-streams-parse-the-same-however-they-are-split",
                   test_random_streams_parse_the_same_however_split);

  return g_test_run ();
}
