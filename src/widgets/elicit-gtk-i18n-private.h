/* elicit-gtk-i18n-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/*
 * elicit-gtk-1's strings, its templates' included, live in its own text
 * domain, libelicit-gtk-1 (as libadwaita's live in libadwaita), so an
 * application that embeds the widgets gets them translated whatever its own
 * domain is. Every lookup goes through elicit_gtk_gettext_domain(), which
 * binds the domain on first use; class_init calls elicit_gtk_ensure_i18n()
 * before GtkBuilder translates a template.
 *
 * Include this instead of <glib/gi18n-lib.h>, whose _() looks in the
 * app's domain; tests/test-layers.py keeps it that way.
 */
const char *elicit_gtk_gettext_domain (void);

#define _(String) ((char *) g_dgettext (elicit_gtk_gettext_domain (), String))
#define N_(String) (String)
#define C_(Context, String) \
  g_dpgettext (elicit_gtk_gettext_domain (), Context "\004" String, strlen (Context) + 1)
#define NC_(Context, String) (String)

static inline void
elicit_gtk_ensure_i18n (void)
{
  (void) elicit_gtk_gettext_domain ();
}

G_END_DECLS
