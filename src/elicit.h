/* elicit.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#define _ELICIT_INSIDE

#include "elicit-version.h"
#include "elicit-init.h"

#include "schema/elicit-schema-enums.h"
#include "schema/elicit-option.h"
#include "schema/elicit-field.h"
#include "schema/elicit-schema.h"
#include "schema/elicit-validate.h"

#ifdef ELICIT_HAVE_PROTOCOL
#endif

#undef _ELICIT_INSIDE
