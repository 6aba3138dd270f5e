/* elicit-browser-command.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-browser-command.h"

char **
elicit_browser_command_from_env (GError **error)
{
  const char *command = g_getenv ("ELICIT_BROWSER");
  g_auto(GStrv) argv = NULL;

  if (command == NULL || *command == '\0')
    return NULL;

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    {
      g_prefix_error (error, _("ELICIT_BROWSER is not a valid command: "));
      return NULL;
    }

  return g_steal_pointer (&argv);
}
