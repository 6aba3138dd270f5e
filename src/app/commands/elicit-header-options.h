/* elicit-header-options.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Reads @header_file (one "NAME: VALUE" a line; empty lines and lines
 * starting with # skipped) and appends its headers to *@headers; warns on
 * stderr about each secret-looking header in @argv_headers, which every
 * local user can read in /proc/PID/cmdline. */
gboolean elicit_header_options_resolve (char       ***headers,
                                        const char   *header_file,
                                        GError      **error);

G_END_DECLS
