/* elicit-prompt-queue.h
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
#include "elicit-request.h"
#include "elicit-session.h"

G_BEGIN_DECLS

/**
 * ELICIT_PROMPT_QUEUE_DEFAULT_MAX_PENDING:
 *
 * How many requests of one server a [class@PromptQueue] holds at once by
 * default, the one shown included.
 *
 * Since: 1.0
 */
#define ELICIT_PROMPT_QUEUE_DEFAULT_MAX_PENDING 16

/**
 * ELICIT_PROMPT_QUEUE_DEFAULT_BURST:
 *
 * How many requests one server may send in a quick burst by default before
 * the rate limit applies.
 *
 * Since: 1.0
 */
#define ELICIT_PROMPT_QUEUE_DEFAULT_BURST 20

/**
 * ELICIT_PROMPT_QUEUE_DEFAULT_RATE:
 *
 * How many requests per second one server may send by default once its
 * burst is spent.
 *
 * Since: 1.0
 */
#define ELICIT_PROMPT_QUEUE_DEFAULT_RATE 1.0

/**
 * ELICIT_PROMPT_QUEUE_REFUSAL_CODE:
 *
 * The JSON-RPC error code a refused request is answered with:
 * [const@REQUEST_REFUSED_CODE], as everywhere a request is refused without
 * asking anyone.
 *
 * Since: 1.0
 */
#define ELICIT_PROMPT_QUEUE_REFUSAL_CODE ELICIT_REQUEST_REFUSED_CODE

#define ELICIT_TYPE_PROMPT_QUEUE (elicit_prompt_queue_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitPromptQueue, elicit_prompt_queue, ELICIT, PROMPT_QUEUE, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitPromptQueue *elicit_prompt_queue_new             (void) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_get_max_pending (ElicitPromptQueue *self);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_get_burst       (ElicitPromptQueue *self);
ELICIT_AVAILABLE_IN_1_0
double             elicit_prompt_queue_get_rate        (ElicitPromptQueue *self);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_set_max_pending (ElicitPromptQueue *self,
                                                        guint              max_pending);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_set_burst       (ElicitPromptQueue *self,
                                                        guint              burst);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_set_rate        (ElicitPromptQueue *self,
                                                        double             rate);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_add_session     (ElicitPromptQueue *self,
                                                        ElicitSession     *session);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_remove_session  (ElicitPromptQueue *self,
                                                        ElicitSession     *session);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_prompt_queue_push            (ElicitPromptQueue *self,
                                                        ElicitRequest     *request);
ELICIT_AVAILABLE_IN_1_0
gboolean           elicit_prompt_queue_push_from       (ElicitPromptQueue *self,
                                                        ElicitRequest     *request,
                                                        const char        *origin);
ELICIT_AVAILABLE_IN_1_0
ElicitRequest     *elicit_prompt_queue_get_shown       (ElicitPromptQueue *self,
                                                        ElicitSession     *session);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_get_n_pending   (ElicitPromptQueue *self,
                                                        ElicitSession     *session);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_withdraw_all    (ElicitPromptQueue *self,
                                                        ElicitSession     *session,
                                                        const char        *reason);
ELICIT_AVAILABLE_IN_1_0
void               elicit_prompt_queue_withdraw_origin (ElicitPromptQueue *self,
                                                        const char        *origin,
                                                        const char        *reason);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_get_position    (ElicitPromptQueue *self,
                                                        ElicitRequest     *request);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_cancel_all      (ElicitPromptQueue *self,
                                                        ElicitSession     *session);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_get_n_pending_with (ElicitPromptQueue *self,
                                                           ElicitRequest     *request);
ELICIT_AVAILABLE_IN_1_0
guint              elicit_prompt_queue_cancel_with     (ElicitPromptQueue *self,
                                                        ElicitRequest     *request);

G_END_DECLS
