/* elicit-tap-transport.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-transport.h"

G_BEGIN_DECLS

/**
 * ElicitTapDirection:
 * @ELICIT_TAP_SENT: a message to the server
 * @ELICIT_TAP_RECEIVED: a message from the server
 *
 * Which way a message went.
 */
typedef enum
{
  ELICIT_TAP_SENT,
  ELICIT_TAP_RECEIVED,
} ElicitTapDirection;

#define ELICIT_TYPE_TAP_TRANSPORT (elicit_tap_transport_get_type ())

G_DECLARE_FINAL_TYPE (ElicitTapTransport, elicit_tap_transport, ELICIT, TAP_TRANSPORT, ElicitTransport)

ElicitTransport *elicit_tap_transport_new             (ElicitTransport    *inner,
                                                       const char         *text_domain) G_GNUC_WARN_UNUSED_RESULT;
ElicitTransport *elicit_tap_transport_get_inner       (ElicitTapTransport *self);
const char      *elicit_tap_transport_get_text_domain (ElicitTapTransport *self);

G_END_DECLS
