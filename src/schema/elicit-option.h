/* elicit-option.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <glib-object.h>

#include "elicit-version.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_OPTION (elicit_option_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitOption, elicit_option, ELICIT, OPTION, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitOption *elicit_option_new       (const char   *value,
                                       const char   *title) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char   *elicit_option_get_value (ElicitOption *self);
ELICIT_AVAILABLE_IN_1_0
const char   *elicit_option_get_title (ElicitOption *self);
ELICIT_AVAILABLE_IN_1_0
const char   *elicit_option_get_label (ElicitOption *self);

G_END_DECLS
