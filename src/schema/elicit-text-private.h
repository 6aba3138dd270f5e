/* elicit-text-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

/* Text sanitizing is public (elicit-text.h); the libraries' own files keep
 * including this name. */
#include "elicit-text.h"
