/* elicit-task-store-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-peer.h"
#include "elicit-request.h"

G_BEGIN_DECLS

/* The client's side of task-augmented `elicitation/create` (2025-11-25). */
typedef struct _ElicitTaskStore ElicitTaskStore;

ElicitTaskStore *elicit_task_store_new  (ElicitPeer      *peer);
void             elicit_task_store_free (ElicitTaskStore *self);
/* Answers the request @id at once with a new task, and @request's answer
 * later through tasks/result. */
void             elicit_task_store_add  (ElicitTaskStore *self,
                                         JsonNode        *id,
                                         JsonObject      *task_params,
                                         ElicitRequest   *request);

G_END_DECLS
