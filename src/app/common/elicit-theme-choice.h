/* elicit-theme-choice.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Call the first before gtk_init(), make GTK's settings, then call the
 * second before adw_init(). */
gboolean  elicit_theme_choice_skip_default (void);
void      elicit_theme_choice_forget       (gboolean chosen);

G_END_DECLS
