/* elicit.h: the umbrella header of elicit-1, which has no GTK.
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

#include "elicit-schema-enums.h"
#include "elicit-option.h"
#include "elicit-field.h"
#include "elicit-field-kind.h"
#include "elicit-schema.h"
#include "elicit-validate.h"
#include "elicit-json.h"
#include "elicit-text.h"
#include "elicit-url-info.h"

#include "elicit-protocol-enums.h"
#include "elicit-transport.h"
#include "elicit-session-error.h"
#include "elicit-peer.h"
#include "elicit-stream-transport.h"
#include "elicit-stdio-transport.h"
#include "elicit-http-transport.h"
#include "elicit-request.h"
#include "elicit-input-source.h"
#include "elicit-input-rounds.h"
#include "elicit-session.h"
#include "elicit-prompt-queue.h"
#include "elicit-auth-error.h"
#include "elicit-sign-in.h"
#include "elicit-token-store.h"
#include "elicit-authorizer.h"

#undef _ELICIT_INSIDE
