/* elicit-init.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "elicit-init.h"
#include "elicit-init-private.h"

/*
 * The library's strings live in its own text domain, so an application that
 * embeds the widgets gets them translated whatever its own domain is.
 * ELICIT_LOCALEDIR lets the tests and an uninstalled build use the catalogues
 * in the build tree.
 */
static gpointer
bind_text_domain (gpointer data)
{
  const char *localedir = g_getenv ("ELICIT_LOCALEDIR");

  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  return NULL;
}

/**
 * elicit_init:
 *
 * Binds libelicit's text domain. Every type of the library calls it on first
 * use, so applications rarely need to; calling it more than once is harmless.
 *
 * Since: 1.0
 */
void
elicit_init (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, bind_text_domain, NULL);
}
