/* elicit-input-rounds.h
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

#include "elicit-input-source.h"
#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_INPUT_ROUNDS_MAX:
 *
 * How many times a server may answer one request with an
 * `InputRequiredResult` before [method@InputRounds.answer_async] gives up.
 *
 * Since: 1.0
 */
#define ELICIT_INPUT_ROUNDS_MAX 16

#define ELICIT_TYPE_INPUT_ROUNDS (elicit_input_rounds_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitInputRounds, elicit_input_rounds, ELICIT, INPUT_ROUNDS, GObject)

ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_input_rounds_is_input_required (JsonObject          *result);
ELICIT_AVAILABLE_IN_1_0
ElicitInputRounds *elicit_input_rounds_new               (ElicitInputSource   *source,
                                                          const char          *method,
                                                          JsonObject          *params) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char        *elicit_input_rounds_get_method        (ElicitInputRounds   *self);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_input_rounds_get_n_rounds      (ElicitInputRounds   *self);
ELICIT_AVAILABLE_IN_1_0
JsonObject        *elicit_input_rounds_get_params        (ElicitInputRounds   *self);
ELICIT_AVAILABLE_IN_1_0
void               elicit_input_rounds_answer_async      (ElicitInputRounds   *self,
                                                          JsonObject          *result,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
ELICIT_AVAILABLE_IN_1_0
JsonObject        *elicit_input_rounds_answer_finish     (ElicitInputRounds   *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

G_END_DECLS
