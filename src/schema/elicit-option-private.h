/* elicit-option-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-option.h"

G_BEGIN_DECLS

ElicitOption *elicit_option_new_internal (const char *value,
                                          const char *raw_title);

G_END_DECLS
