/* elicit-i18n-private.h
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
 * elicit-1's strings live in its own text domain, libelicit-1 (as GTK's live
 * in gtk40), so an application that embeds the library gets them translated
 * whatever its own domain is. Every lookup goes through
 * elicit_gettext_domain(), which binds the domain on first use.
 *
 * Include this instead of <glib/gi18n-lib.h>, whose _() looks in the
 * app's domain; tests/test-layers.py keeps it that way.
 */
const char *elicit_gettext_domain (void);

#define _(String) ((char *) g_dgettext (elicit_gettext_domain (), String))
#define N_(String) (String)
#define C_(Context, String) \
  g_dpgettext (elicit_gettext_domain (), Context "\004" String, strlen (Context) + 1)
#define NC_(Context, String) (String)

G_END_DECLS
