/* elicit-text-domain.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void elicit_text_domain_bind                   (const char *domain,
                                                const char *locale_dir);
void elicit_text_domain_translate_elicitation  (const char *domain,
                                                JsonObject *params);
void elicit_text_domain_translate_schema       (const char *domain,
                                                JsonObject *schema);
void elicit_text_domain_translate_tools        (const char *domain,
                                                JsonObject *result);

G_END_DECLS
