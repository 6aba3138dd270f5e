/* elicit-json-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

/* The safe JSON reader and writer are public (elicit-json.h); the library's
 * own files keep including this name. */
#include "elicit-json.h"
