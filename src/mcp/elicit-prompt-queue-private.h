/* elicit-prompt-queue-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-prompt-queue.h"

G_BEGIN_DECLS

/* Monotonic time in microseconds, as g_get_monotonic_time() gives it. */
typedef gint64 (*ElicitPromptQueueClock) (gpointer user_data);

/* Replaces the clock the rate limit reads, so tests can move time on
 * without waiting; NULL restores g_get_monotonic_time(). */
void elicit_prompt_queue_set_clock (ElicitPromptQueue      *self,
                                    ElicitPromptQueueClock  clock,
                                    gpointer                user_data);

G_END_DECLS
