/* elicit-timing.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include "elicit-timing.h"

gboolean
elicit_timing_enabled (void)
{
  static int enabled = -1;

  if (enabled < 0)
    enabled = g_getenv ("ELICIT_BENCH_TIMING") != NULL;

  return enabled;
}

/* For tests/bench/bench-call: one "elicit-timing EVENT MICROSECONDS" line on
 * stderr, on the clock of g_get_monotonic_time() (CLOCK_MONOTONIC), which
 * other processes can compare with theirs. */
void
elicit_timing_mark (const char *event)
{
  if (elicit_timing_enabled ())
    {
      fprintf (stderr, "elicit-timing %s %" G_GINT64_FORMAT "\n", event, g_get_monotonic_time ());
      fflush (stderr);
    }
}

static gboolean
stall_tick_cb (gpointer user_data)
{
  static gint64 last;
  gint64 now = g_get_monotonic_time ();

  /* A gap far past the 1 ms period: the main loop was busy that long. */
  if (last != 0 && now - last >= 20000)
    {
      fprintf (stderr, "elicit-timing stall %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
               now - last, now);
      fflush (stderr);
    }
  last = now;

  return G_SOURCE_CONTINUE;
}

/* For tests/bench/bench-app-flood.py: with ELICIT_BENCH_TIMING set, a 1 ms
 * timeout on the main loop writes "elicit-timing stall GAP_USEC END_USEC" for
 * every gap of 20 ms or more between its runs. */
void
elicit_timing_watch_stalls (void)
{
  if (elicit_timing_enabled ())
    g_timeout_add_full (G_PRIORITY_DEFAULT, 1, stall_tick_cb, NULL, NULL);
}
