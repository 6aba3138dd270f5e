/* elicit-text-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How many characters of server text a single-line label keeps. */
#define ELICIT_TEXT_LINE_MAX  200
/* How many characters of a server's message or description are kept. */
#define ELICIT_TEXT_BLOCK_MAX 10000

char     *elicit_text_sanitize_line  (const char *text,
                                      gsize       max_chars);
char     *elicit_text_sanitize_block (const char *text,
                                      gsize       max_chars);
gboolean  elicit_text_looks_secret   (const char *text);
/* Controls, format characters (zero-width characters, bidirectional marks and
 * overrides), unassigned, private-use and surrogate code points: characters
 * that render as nothing or reorder the text around them. */
gboolean  elicit_text_is_invisible   (gunichar    c);

/* Text for a terminal: characters that drive one (C0 controls such as ESC and
 * BEL, DEL, C1 controls such as CSI) or disguise text (format characters:
 * bidirectional overrides, zero-width characters) are written as \u{XXXX}.
 * With @keep_breaks, line feeds and tabs pass. NULL reads as "". */
gboolean  elicit_text_drives_terminal      (gunichar    c);
char     *elicit_text_escape_for_terminal  (const char *text,
                                            gboolean    keep_breaks);
/* JSON text for a terminal: the same characters as \uXXXX escapes, which
 * leaves the JSON meaning the same. */
char     *elicit_text_escape_json_for_terminal (const char *json);

G_END_DECLS
