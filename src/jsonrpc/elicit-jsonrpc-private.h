/* elicit-jsonrpc-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-jsonrpc.h"

G_BEGIN_DECLS

/* A string or an integer: the ids MCP allows. */
gboolean    elicit_jsonrpc_is_valid_id  (JsonNode *node);
/* {"jsonrpc": "2.0"}, with @id when not NULL. */
JsonObject *elicit_jsonrpc_envelope_new (JsonNode *id);

G_END_DECLS
