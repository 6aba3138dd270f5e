/* elicit-input-source-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-input-source.h"
#include "elicit-session.h"

G_BEGIN_DECLS

/* The session the requests report through elicit_request_dup_session(). */
void elicit_input_source_set_session (ElicitInputSource *self,
                                      ElicitSession     *session);

G_END_DECLS
