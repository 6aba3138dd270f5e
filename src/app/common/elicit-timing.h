/* elicit-timing.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Timing marks for the benchmarks in tests/bench, on when ELICIT_BENCH_TIMING
 * is set; shared by the app and the commands. */
gboolean  elicit_timing_enabled      (void);
void      elicit_timing_mark         (const char *event);
void      elicit_timing_watch_stalls (void);

G_END_DECLS
