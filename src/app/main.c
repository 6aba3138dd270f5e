/* main.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "elicit-lint.h"

static void
print_usage (void)
{
  fprintf (stderr, "%s\n  elicit lint [--content CONTENT.json] FILE.json\n",
           _("Usage:"));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE,
                  g_getenv ("ELICIT_LOCALEDIR") ? g_getenv ("ELICIT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc >= 2 && g_str_equal (argv[1], "lint"))
    return elicit_lint_main (argc - 1, argv + 1);

  print_usage ();
  return 2;
}
