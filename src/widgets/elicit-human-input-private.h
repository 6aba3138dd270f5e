/* elicit-human-input-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a person typed, read as their locale writes dates or as ISO 8601:
 * the ISO text a server is sent ("2025-12-31", "2025-12-31T14:30:00+01:00"),
 * or NULL. */
char *elicit_human_input_parse_date         (const char *text);
char *elicit_human_input_parse_date_time    (const char *text);

/* ISO 8601 text shown as the locale writes it, or NULL. */
char *elicit_human_input_format_date        (const char *iso);
char *elicit_human_input_format_date_time   (const char *iso);

/* "example.com" → "https://example.com"; NULL when @text has a scheme or
 * does not look like a host name. */
char *elicit_human_input_complete_url       (const char *text);

G_END_DECLS
