/* elicit-url-spoof-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean elicit_url_spoof_check (const char  *unicode_host,
                                 const char  *unicode_domain,
                                 const char  *ascii_domain,
                                 char       **lookalike);

G_END_DECLS
