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

#include "schema/elicit-schema-enums.h"
#include "schema/elicit-option.h"
#include "schema/elicit-field.h"
#include "schema/elicit-field-kind.h"
#include "schema/elicit-schema.h"
#include "schema/elicit-validate.h"
#include "schema/elicit-json.h"
#include "schema/elicit-text.h"
#include "schema/elicit-url-info.h"

#include "protocol/elicit-protocol-enums.h"
#include "protocol/elicit-transport.h"
#include "protocol/elicit-session-error.h"
#include "protocol/elicit-peer.h"
#include "protocol/elicit-stream-transport.h"
#include "protocol/elicit-stdio-transport.h"
#include "protocol/elicit-http-transport.h"
#include "protocol/elicit-request.h"
#include "protocol/elicit-input-source.h"
#include "protocol/elicit-session.h"
#include "protocol/elicit-prompt-queue.h"
#include "protocol/elicit-prompter-client.h"
#include "protocol/elicit-auth-error.h"
#include "protocol/elicit-sign-in.h"
#include "protocol/elicit-token-store.h"
#include "protocol/elicit-authorizer.h"

#undef _ELICIT_INSIDE
