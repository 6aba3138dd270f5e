/* elicit-show-uri-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* @error: why the browser could not be started, when @launched is FALSE */
typedef void (*ElicitShowUriDone) (GtkWindow    *parent,
                                   gboolean      launched,
                                   const GError *error);

void elicit_show_uri (GtkWindow         *parent,
                      const char        *uri,
                      GCancellable      *cancellable,
                      ElicitShowUriDone  done);

G_END_DECLS
