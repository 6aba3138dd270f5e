/* manual-clock.h: a clock for ElicitPeer's timeouts that moves only when a
 * test says so, so no test races the wall clock.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-peer-private.h"

typedef struct
{
  guint64      deadline;
  GSourceFunc  func;
  gpointer     data;
  gboolean     removed;
} ManualTimer;

typedef struct
{
  guint64      now;
  GList       *timers;
  ManualTimer *firing;
  guint        n_fired;
} ManualClock;

static gpointer
manual_clock_add (guint        msec,
                  GSourceFunc  func,
                  gpointer     func_data,
                  gpointer     clock_data)
{
  ManualClock *clock = clock_data;
  ManualTimer *timer = g_new0 (ManualTimer, 1);

  timer->deadline = clock->now + msec;
  timer->func = func;
  timer->data = func_data;
  clock->timers = g_list_append (clock->timers, timer);

  return timer;
}

static void
manual_clock_remove (gpointer timer,
                     gpointer clock_data)
{
  ManualClock *clock = clock_data;

  /* The timer that is firing is freed when it returns. */
  if (timer == clock->firing)
    {
      clock->firing->removed = TRUE;
      return;
    }

  clock->timers = g_list_remove (clock->timers, timer);
  g_free (timer);
}

static const ElicitPeerClock manual_clock_funcs = {
  manual_clock_add,
  manual_clock_remove,
};

static ManualTimer *
manual_clock_next_due (ManualClock *clock)
{
  for (GList *l = clock->timers; l != NULL; l = l->next)
    {
      ManualTimer *timer = l->data;

      if (timer->deadline <= clock->now)
        return timer;
    }

  return NULL;
}

/* Moves time on by @msec and fires every timer that falls due, in order. */
static inline void
manual_clock_advance (ManualClock *clock,
                      guint        msec)
{
  ManualTimer *timer;

  clock->now += msec;
  while ((timer = manual_clock_next_due (clock)) != NULL)
    {
      clock->timers = g_list_remove (clock->timers, timer);
      clock->firing = timer;
      timer->func (timer->data);
      clock->firing = NULL;
      clock->n_fired++;
      g_free (timer);
    }
}

static inline void
manual_clock_use (ManualClock *clock,
                  ElicitPeer  *peer)
{
  elicit_peer_set_clock (peer, &manual_clock_funcs, clock);
}

static inline void
manual_clock_clear (ManualClock *clock)
{
  g_list_free_full (g_steal_pointer (&clock->timers), g_free);
}
