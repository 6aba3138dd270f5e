/* elicit-session-error-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-session-error.h"

G_BEGIN_DECLS

typedef struct
{
  gint64     code;
  JsonNode  *data;
  GPtrArray *elicitations;
} ElicitSessionErrorPrivate;

/* An error the peer answered with: its JSON-RPC @rpc_code (0 for errors
 * of our own), and a copy of its @data. */
GError *elicit_session_error_new_rpc           (gint64      rpc_code,
                                                int         code,
                                                const char *message,
                                                JsonNode   *data);
/* Attaches the URL elicitations of a -32042 error; takes @elicitations. */
void    elicit_session_error_take_elicitations (GError     *error,
                                                GPtrArray  *elicitations);

G_END_DECLS
