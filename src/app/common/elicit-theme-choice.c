/* elicit-theme-choice.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-theme-choice.h"

/*
 * GTK 4.8 parses its default theme (gtk.css of "Default", some 8 ms of CPU)
 * when it makes a display's settings, and libadwaita 1.2 then replaces it
 * with its own empty theme, "Adwaita-empty" (shipped in its resources), and
 * its stylesheet. Naming that empty theme in GTK_THEME while GTK makes its
 * settings spares the parse that is thrown away; the variable must be gone
 * again before adw_init(), which loads no stylesheet at all when GTK_THEME
 * is set. The dialog looks the same, and what Elicit starts later inherits
 * the user's environment. A user's own GTK_THEME is left alone: then GTK
 * loads that theme and libadwaita defers to it, as always.
 */

#define THEME_VARIABLE "GTK_THEME"
#define EMPTY_THEME    "Adwaita-empty"

/* Returns whether the choice was made (and must be forgotten). */
gboolean
elicit_theme_choice_skip_default (void)
{
  if (g_getenv (THEME_VARIABLE) != NULL)
    return FALSE;

  return g_setenv (THEME_VARIABLE, EMPTY_THEME, TRUE);
}

/* GTK read the variable when it made its settings; libadwaita must not
 * see it. */
void
elicit_theme_choice_forget (gboolean chosen)
{
  if (chosen)
    g_unsetenv (THEME_VARIABLE);
}
