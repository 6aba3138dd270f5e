/* elicit-init.h
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

ELICIT_AVAILABLE_IN_1_0
void elicit_init (void);

G_END_DECLS
