/* elicit-text.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <glib.h>

#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_TEXT_LINE_MAX:
 *
 * How many characters of server text a single-line label keeps: the
 * @max_chars to give [func@text_sanitize_line] for a title or a name.
 *
 * Since: 1.0
 */
#define ELICIT_TEXT_LINE_MAX  200

/**
 * ELICIT_TEXT_BLOCK_MAX:
 *
 * How many characters of a server's message or description are kept: the
 * @max_chars to give [func@text_sanitize_block].
 *
 * Since: 1.0
 */
#define ELICIT_TEXT_BLOCK_MAX 10000

ELICIT_AVAILABLE_IN_1_0
char     *elicit_text_sanitize_line            (const char *text,
                                                gsize       max_chars) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
char     *elicit_text_sanitize_block           (const char *text,
                                                gsize       max_chars) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
gboolean  elicit_text_looks_secret             (const char *text);
ELICIT_AVAILABLE_IN_1_0
gboolean  elicit_text_is_invisible             (gunichar    c);

ELICIT_AVAILABLE_IN_1_0
char     *elicit_text_escape_for_terminal      (const char *text,
                                                gboolean    keep_breaks) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
char     *elicit_text_escape_json_for_terminal (const char *json) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
