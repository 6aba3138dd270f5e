/* elicit-foreign-parent.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void elicit_foreign_parent_set (GtkWindow  *window,
                                const char *parent_window);

G_END_DECLS
