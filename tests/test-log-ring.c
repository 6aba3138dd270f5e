/* test-log-ring.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A server's log in the app (src/app/servers/elicit-log-ring.c): bounded, counting
 * what it drops, and telling a view of new lines in batches.
 */

#include "config.h"

#include <string.h>

#include "elicit-log-ring.h"

typedef struct
{
  guint n_signals;
  guint n_added;
  guint n_removed;
} Changes;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Changes    *changes)
{
  /* Each signal tells of the model as it is when emitted. */
  g_assert_cmpuint (position + added, <=, g_list_model_get_n_items (model));
  changes->n_signals++;
  changes->n_added += added;
  changes->n_removed += removed;
}

static char *
text_at (GListModel *model,
         guint       position)
{
  g_autoptr(ElicitLogEntry) entry = g_list_model_get_item (model, position);

  return g_strdup (elicit_log_entry_get_text (entry));
}

static void
test_keeps_the_newest (void)
{
  g_autoptr(ElicitLogRing) ring = elicit_log_ring_new (5);
  GListModel *model = G_LIST_MODEL (ring);
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;

  for (guint i = 0; i < 12; i++)
    {
      g_autofree char *text = g_strdup_printf ("line %u", i);

      elicit_log_ring_append (ring, ELICIT_LOG_KIND_RECEIVED, text);
    }

  /* No one listens: the lines went straight in. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  g_assert_cmpuint (elicit_log_ring_get_n_dropped (ring), ==, 7);
  g_assert_cmpuint (elicit_log_ring_get_n_appended (ring), ==, 12);
  first = text_at (model, 0);
  last = text_at (model, 4);
  g_assert_cmpstr (first, ==, "line 7");
  g_assert_cmpstr (last, ==, "line 11");
  g_assert_null (g_list_model_get_item (model, 5));
}

static void
test_batches_for_a_view (void)
{
  g_autoptr(ElicitLogRing) ring = elicit_log_ring_new (5000);
  GListModel *model = G_LIST_MODEL (ring);
  Changes changes = { 0 };
  g_autofree char *last = NULL;

  g_signal_connect (ring, "items-changed", G_CALLBACK (items_changed_cb), &changes);

  /* A flood: 20,000 lines, and not one signal until the batch. */
  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"n\":%u}", i);

      elicit_log_ring_append (ring, ELICIT_LOG_KIND_RECEIVED, text);
    }
  g_assert_cmpuint (changes.n_signals, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  /* The batch comes from the main loop, by itself. */
  while (changes.n_signals == 0)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (changes.n_signals, ==, 1);
  g_assert_cmpuint (changes.n_added, ==, 5000);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5000);
  g_assert_cmpuint (elicit_log_ring_get_n_dropped (ring), ==, 15000);
  last = text_at (model, 4999);
  g_assert_cmpstr (last, ==, "{\"n\":19999}");

  /* The next batch pushes the oldest out: removal first, then the new lines. */
  changes = (Changes) { 0 };
  elicit_log_ring_append (ring, ELICIT_LOG_KIND_SENT, "one more");
  elicit_log_ring_append (ring, ELICIT_LOG_KIND_SENT, "and another");
  elicit_log_ring_flush (ring);
  g_assert_cmpuint (changes.n_signals, ==, 2);
  g_assert_cmpuint (changes.n_removed, ==, 2);
  g_assert_cmpuint (changes.n_added, ==, 2);
  g_assert_cmpuint (elicit_log_ring_get_n_dropped (ring), ==, 15002);

  g_signal_handlers_disconnect_by_data (ring, &changes);
}

static void
test_cuts_long_lines (void)
{
  g_autoptr(ElicitLogRing) ring = elicit_log_ring_new (2);
  g_autoptr(GString) big = g_string_new (NULL);
  g_autoptr(ElicitLogEntry) entry = NULL;
  const char *text;

  /* Two-byte characters, so the cut falls inside one. */
  for (guint i = 0; i < 100000; i++)
    g_string_append (big, "é");
  elicit_log_ring_append (ring, ELICIT_LOG_KIND_RECEIVED, big->str);
  elicit_log_ring_append (ring, ELICIT_LOG_KIND_STDERR, "a\033]0;title\007b");

  entry = g_list_model_get_item (G_LIST_MODEL (ring), 0);
  text = elicit_log_entry_get_text (entry);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_true (g_str_has_suffix (text, "é…"));
  g_assert_cmpuint (strlen (text), <=, 4096 + 3);
  g_clear_object (&entry);

  /* One line per entry: control characters blanked. */
  entry = g_list_model_get_item (G_LIST_MODEL (ring), 1);
  g_assert_cmpstr (elicit_log_entry_get_text (entry), ==, "a ]0;title b");
}

/* U+202E, U+2066, U+200B and the C1 CSI U+009B, as a server's stderr may carry them. */
static void
test_drops_invisible_characters (void)
{
  g_autoptr(ElicitLogRing) ring = elicit_log_ring_new (2);
  g_autoptr(ElicitLogEntry) entry = NULL;

  elicit_log_ring_append (ring, ELICIT_LOG_KIND_STDERR,
                          "safe" "\xe2\x80\xae" "txt.exe " "\xe2\x81\xa6" "isolated" "\xe2\x81\xa9"
                          " zero" "\xe2\x80\x8b" "width " "\xc2\x9b" "31m");
  entry = g_list_model_get_item (G_LIST_MODEL (ring), 0);
  g_assert_cmpstr (elicit_log_entry_get_text (entry), ==, "safetxt.exe isolated zerowidth 31m");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/LogRing/keeps-the-newest-and-counts-the-dropped", test_keeps_the_newest);
  g_test_add_func ("/Elicit/LogRing/drops-bidi-zero-width-and-c1-characters", test_drops_invisible_characters);
  g_test_add_func ("/Elicit/LogRing/tells-a-view-in-batches", test_batches_for_a_view);
  g_test_add_func ("/Elicit/LogRing/cuts-long-lines-at-a-character", test_cuts_long_lines);

  return g_test_run ();
}
