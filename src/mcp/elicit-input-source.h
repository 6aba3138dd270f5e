/* elicit-input-source.h
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
#include <json-glib/json-glib.h>

#include "elicit-peer.h"
#include "elicit-request.h"
#include "elicit-version.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_INPUT_SOURCE (elicit_input_source_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitInputSource, elicit_input_source, ELICIT, INPUT_SOURCE, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitInputSource *elicit_input_source_new                  (ElicitPeer        *peer) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitPeer        *elicit_input_source_get_peer             (ElicitInputSource *self);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_input_source_get_n_open           (ElicitInputSource *self);
ELICIT_AVAILABLE_IN_1_0
GPtrArray         *elicit_input_source_take_url_required    (ElicitInputSource *self,
                                                             JsonNode          *data);
ELICIT_AVAILABLE_IN_1_0
void               elicit_input_source_answer_async         (ElicitInputSource   *self,
                                                             JsonObject          *input_requests,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
ELICIT_AVAILABLE_IN_1_0
JsonObject        *elicit_input_source_answer_finish        (ElicitInputSource   *self,
                                                             GAsyncResult        *result,
                                                             GError             **error);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_input_source_claims_notification  (ElicitInputSource *self,
                                                             const char        *method,
                                                             JsonObject        *params);
ELICIT_AVAILABLE_IN_1_0
void               elicit_input_source_withdraw_all         (ElicitInputSource *self,
                                                             const char        *reason);

G_END_DECLS
