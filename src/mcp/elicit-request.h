/* elicit-request.h
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

#include "elicit-version.h"
#include "elicit-schema.h"

G_BEGIN_DECLS

/**
 * ELICIT_REQUEST_REFUSED_CODE:
 *
 * The JSON-RPC error code of a request Elicit refuses without asking
 * anyone: -31000. Everything that answers requests for Elicit (the library's
 * sessions, input sources and prompt queues, so the app, `elicit call`,
 * `elicit proxy` and the D-Bus prompter) answers a request it turns away
 * unseen (a flood: too many waiting, or too many too fast) with this code
 * and [const@REQUEST_REFUSED_MESSAGE], never with an answer a person could
 * have given, such as `cancel`. The code lies outside the range JSON-RPC
 * reserves (-32768 to -32000), as MCP asks of application-defined errors.
 *
 * Since: 1.0
 */
#define ELICIT_REQUEST_REFUSED_CODE (-31000)

/**
 * ELICIT_REQUEST_REFUSED_MESSAGE:
 *
 * The message of the error [const@REQUEST_REFUSED_CODE], in English
 * whatever the user's language, so that a server can log and match it.
 *
 * Since: 1.0
 */
#define ELICIT_REQUEST_REFUSED_MESSAGE "Refused without asking the user: too many requests"

/**
 * ElicitRequestMode:
 * @ELICIT_REQUEST_MODE_FORM: the server asks for structured data through a form
 * @ELICIT_REQUEST_MODE_URL: the server asks the user to visit a URL, out of band
 *
 * The two ways a server can ask for input.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_REQUEST_MODE_FORM,
  ELICIT_REQUEST_MODE_URL,
} ElicitRequestMode;

/**
 * ElicitRequestState:
 * @ELICIT_REQUEST_STATE_PENDING: waiting for the user
 * @ELICIT_REQUEST_STATE_ACCEPTED: the user accepted; the answer was sent
 * @ELICIT_REQUEST_STATE_DECLINED: the user declined; the answer was sent
 * @ELICIT_REQUEST_STATE_CANCELLED: the user dismissed it; `cancel` was sent
 * @ELICIT_REQUEST_STATE_WITHDRAWN: the server cancelled it or went away; nothing was sent
 * @ELICIT_REQUEST_STATE_COMPLETED: URL mode: the server said the interaction is complete
 *
 * Where a request is in its life. Every request leaves PENDING exactly once.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_REQUEST_STATE_PENDING,
  ELICIT_REQUEST_STATE_ACCEPTED,
  ELICIT_REQUEST_STATE_DECLINED,
  ELICIT_REQUEST_STATE_CANCELLED,
  ELICIT_REQUEST_STATE_WITHDRAWN,
  ELICIT_REQUEST_STATE_COMPLETED,
} ElicitRequestState;

typedef struct _ElicitSession ElicitSession;

#define ELICIT_TYPE_REQUEST (elicit_request_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitRequest, elicit_request, ELICIT, REQUEST, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitRequest      *elicit_request_new                (JsonObject     *params,
                                                       GError        **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitRequest      *elicit_request_new_from_data      (const char     *data,
                                                       gssize          length,
                                                       GError        **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitSession      *elicit_request_dup_session        (ElicitRequest  *self) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitRequestMode   elicit_request_get_mode           (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
ElicitRequestState  elicit_request_get_state          (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_request_get_message        (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
ElicitSchema       *elicit_request_get_schema         (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_request_get_url            (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_request_get_elicitation_id (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_request_get_withdrawn_reason (ElicitRequest *self);
ELICIT_AVAILABLE_IN_1_0
JsonObject         *elicit_request_get_params         (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
JsonObject         *elicit_request_get_content        (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
char               *elicit_request_dup_result_json    (ElicitRequest  *self) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_request_accept             (ElicitRequest  *self,
                                                       JsonObject     *content,
                                                       GError        **error);
ELICIT_AVAILABLE_IN_1_0
void                elicit_request_decline            (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_request_cancel             (ElicitRequest  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_request_complete           (ElicitRequest  *self);

G_END_DECLS
