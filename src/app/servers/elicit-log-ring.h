/* elicit-log-ring.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "elicit-log-entry.h"

G_BEGIN_DECLS

/* How many lines a server's log keeps: the newest. */
#define ELICIT_LOG_RING_DEFAULT_CAPACITY 5000

#define ELICIT_TYPE_LOG_RING (elicit_log_ring_get_type ())

G_DECLARE_FINAL_TYPE (ElicitLogRing, elicit_log_ring, ELICIT, LOG_RING, GObject)

ElicitLogRing *elicit_log_ring_new           (guint          capacity) G_GNUC_WARN_UNUSED_RESULT;
void           elicit_log_ring_append        (ElicitLogRing *self,
                                              ElicitLogKind  kind,
                                              const char    *text);
void           elicit_log_ring_append_take   (ElicitLogRing *self,
                                              ElicitLogKind  kind,
                                              char          *text);
void           elicit_log_ring_flush         (ElicitLogRing *self);
guint          elicit_log_ring_get_capacity  (ElicitLogRing *self);
guint64        elicit_log_ring_get_n_dropped (ElicitLogRing *self);
guint64        elicit_log_ring_get_n_appended (ElicitLogRing *self);
void           elicit_log_ring_clear         (ElicitLogRing *self);

G_END_DECLS
