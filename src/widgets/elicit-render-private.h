/* elicit-render-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit-render.h"

G_BEGIN_DECLS

char     *elicit_render_check_layout  (GtkWidget      *dialog);
gboolean  elicit_render_window_to_png (GtkWidget      *window,
                                      const char     *path,
                                      GError        **error);

G_END_DECLS
