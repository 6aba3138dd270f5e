/* elicit-cli.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <stdio.h>

#include <json-glib/json-glib.h>

#include "elicit.h"

G_BEGIN_DECLS

/* What `elicit call` and `elicit proxy` share. */

void      elicit_cli_init_logging   (gboolean     verbose);
gboolean  elicit_cli_init_display   (void);
char     *elicit_cli_default_label  (const char  *command) G_GNUC_WARN_UNUSED_RESULT;
void      elicit_cli_print_json     (FILE        *out,
                                     JsonNode    *node);
char    **elicit_cli_split_command  (int          argc,
                                     char       **argv,
                                     char      ***command) G_GNUC_WARN_UNUSED_RESULT;
void      elicit_cli_watch_store    (ElicitAuthorizer *authorizer,
                                     const char  *prefix);
void      elicit_cli_settle_store   (ElicitAuthorizer *authorizer);
gboolean  elicit_cli_desktop_wanted (void);
void      elicit_cli_stash_activation_token (void);
char     *elicit_cli_take_activation_token  (void) G_GNUC_WARN_UNUSED_RESULT;
char     *elicit_cli_parent_name    (void) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
