/* elicit-gtk-i18n.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libintl.h>

#include "elicit-gtk-i18n-private.h"

/* ELICIT_LOCALEDIR lets the tests and an uninstalled build use the
 * catalogues in the build tree, as it does for elicit-1. */
static gpointer
bind_text_domain (gpointer data)
{
  const char *localedir = g_getenv ("ELICIT_LOCALEDIR");

  bindtextdomain (ELICIT_GTK_GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (ELICIT_GTK_GETTEXT_PACKAGE, "UTF-8");

  return NULL;
}

const char *
elicit_gtk_gettext_domain (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, bind_text_domain, NULL);

  return ELICIT_GTK_GETTEXT_PACKAGE;
}
