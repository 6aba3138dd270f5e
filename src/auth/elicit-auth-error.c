/* elicit-auth-error.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-auth-error.h"

/**
 * elicit_auth_error_quark:
 *
 * The quark of [error@AuthError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-auth-error-quark, elicit_auth_error)
