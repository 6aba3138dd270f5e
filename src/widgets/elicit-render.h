/* elicit-render.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_GTK_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>

#include "elicit-gtk-version-macros.h"
#include "elicit-request.h"

G_BEGIN_DECLS

ELICIT_GTK_AVAILABLE_IN_1_0
gboolean elicit_render_dialog_to_png (ElicitRequest  *request,
                                      const char     *server_label,
                                      const char     *server_claim,
                                      const char     *path,
                                      GError        **error);

G_END_DECLS
