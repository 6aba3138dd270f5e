/* elicit-browser-command.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The command that opens web pages for Elicit's programs (the app, `elicit
 * call`, `elicit proxy`) instead of the desktop's handler: ELICIT_BROWSER,
 * parsed like a shell command line (and later run without a shell). Both
 * sign-in pages (ElicitAuthorizer:browser-command) and URL-mode requests
 * (ElicitDialog:browser-command) open with it: the libraries read no
 * environment variable, the programs map this one onto them.
 *
 * NULL without @error when the variable is unset or empty; NULL with @error
 * when it does not parse. */
char **elicit_browser_command_from_env (GError **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
