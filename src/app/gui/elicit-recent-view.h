/* elicit-recent-view.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_RECENT_VIEW (elicit_recent_view_get_type ())

G_DECLARE_FINAL_TYPE (ElicitRecentView, elicit_recent_view, ELICIT, RECENT_VIEW, GtkBox)

GtkWidget *elicit_recent_view_new (GListModel *prompts) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
