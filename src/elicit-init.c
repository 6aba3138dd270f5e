/* elicit-init.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libintl.h>

#include "elicit-init.h"
#include "elicit-init-private.h"
#include "elicit-i18n-private.h"

/*
 * The library's strings live in its own text domain, so an application that
 * embeds it gets them translated whatever its own domain is.
 * ELICIT_LOCALEDIR lets the tests and an uninstalled build use the catalogues
 * in the build tree.
 */
static gpointer
bind_text_domain (gpointer data)
{
  const char *localedir = g_getenv ("ELICIT_LOCALEDIR");

  bindtextdomain (ELICIT_GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (ELICIT_GETTEXT_PACKAGE, "UTF-8");

  return NULL;
}

const char *
elicit_gettext_domain (void)
{
  elicit_init ();

  return ELICIT_GETTEXT_PACKAGE;
}

/**
 * elicit_init:
 *
 * Binds the text domain of elicit-1's messages, `libelicit-1`. The library
 * calls it before its first translated message, so applications rarely need
 * to; calling it more than once is harmless.
 *
 * Since: 1.0
 */
void
elicit_init (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, bind_text_domain, NULL);
}
