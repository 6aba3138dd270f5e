/* elicit-log-view.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit-log-ring.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_LOG_VIEW (elicit_log_view_get_type ())

G_DECLARE_FINAL_TYPE (ElicitLogView, elicit_log_view, ELICIT, LOG_VIEW, GtkWidget)

GtkWidget     *elicit_log_view_new     (void);
ElicitLogRing *elicit_log_view_get_log (ElicitLogView *self);
void           elicit_log_view_set_log (ElicitLogView *self,
                                        ElicitLogRing *log);

G_END_DECLS
