/* elicit-validate.h
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
#include "elicit-field.h"

G_BEGIN_DECLS

ELICIT_AVAILABLE_IN_1_0
char *elicit_validate_text_format (ElicitTextFormat  format,
                                   const char       *text) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
