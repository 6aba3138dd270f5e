/* elicit-lint.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int elicit_lint_main (int    argc,
                      char **argv);

G_END_DECLS
