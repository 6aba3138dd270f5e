/* elicit-peer-clock.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-transport-private.h"
#include "elicit-peer-struct-private.h"

/* The default clock ------------------------------------------------------------ */

static gpointer
main_context_add (guint        msec,
                  GSourceFunc  func,
                  gpointer     func_data,
                  gpointer     clock_data)
{
  return elicit_timeout_source_add (msec, func, func_data, "[elicit] call timeout");
}

static void
main_context_remove (gpointer timer,
                     gpointer clock_data)
{
  GSource *source = timer;

  elicit_clear_source (&source);
}

const ElicitPeerClock elicit_peer_main_context_clock = {
  main_context_add,
  main_context_remove,
};
