/* elicit-render-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "protocol/elicit-request.h"

G_BEGIN_DECLS

gboolean elicit_render_dialog_to_png (ElicitRequest  *request,
                                      const char     *server_label,
                                      const char     *server_claim,
                                      const char     *path,
                                      GError        **error);

char    *elicit_render_check_layout  (GtkWidget      *dialog);

G_END_DECLS
