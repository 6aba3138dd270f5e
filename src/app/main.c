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
#ifdef HAVE_GTK
#include "elicit-application.h"
#include "elicit-call.h"
#include "elicit-cli.h"
#include "elicit-proxy.h"
#endif

static void
print_usage (void)
{
  fprintf (stderr, "%s\n  elicit [--config FILE]\n"
           "  elicit lint [--content CONTENT.json] FILE.json\n"
           "  elicit call [--name NAME] [--tool TOOL [--arguments JSON]] -- COMMAND [ARG…]\n"
           "  elicit call [--config FILE] --server NAME [--tool TOOL [--arguments JSON]]\n"
           "  elicit proxy [--name NAME] -- COMMAND [ARG…]\n",
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

#ifdef HAVE_GTK
  if (argc >= 2 && (g_str_equal (argv[1], "call") || g_str_equal (argv[1], "proxy")))
    elicit_cli_stash_activation_token ();
  if (argc >= 2 && g_str_equal (argv[1], "call"))
    return elicit_call_main (argc - 1, argv + 1);
  if (argc >= 2 && g_str_equal (argv[1], "proxy"))
    return elicit_proxy_main (argc - 1, argv + 1);

  /* No subcommand, or only the app's own options (--config FILE): the app. */
  if (argc < 2 || argv[1][0] == '-')
    return elicit_application_main (argc, argv);
#else
  /* Built with -Dgtk=disabled: the app, call and proxy show dialogs. */
  if (argc < 2 || argv[1][0] == '-' ||
      g_str_equal (argv[1], "call") || g_str_equal (argv[1], "proxy"))
    {
      fprintf (stderr, "%s\n",
               _("This build of Elicit has no GTK: only “elicit lint” is available, without --render"));
      return 2;
    }
#endif

  fprintf (stderr, _("Unknown command “%s”"), argv[1]);
  fputc ('\n', stderr);
  print_usage ();
  return 2;
}
