/* elicit-stream-transport.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>

#include "elicit-version.h"
#include "elicit-transport.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_STREAM_TRANSPORT (elicit_stream_transport_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitStreamTransport, elicit_stream_transport, ELICIT, STREAM_TRANSPORT, ElicitTransport)

ELICIT_AVAILABLE_IN_1_0
ElicitTransport *elicit_stream_transport_new                 (GIOStream             *stream) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
GIOStream       *elicit_stream_transport_get_stream          (ElicitStreamTransport *self);
ELICIT_AVAILABLE_IN_1_0
gsize            elicit_stream_transport_get_max_line_length (ElicitStreamTransport *self);
ELICIT_AVAILABLE_IN_1_0
void             elicit_stream_transport_set_max_line_length (ElicitStreamTransport *self,
                                                              gsize                  max_line_length);

G_END_DECLS
