/* elicit-request-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-peer.h"
#include "elicit-request.h"

G_BEGIN_DECLS

/* Sends the answer to whoever asked. @result is the ElicitResult object
 * ({"action": …, "content": …}), or NULL when the request was refused with
 * elicit_request_refuse(): then answer with elicit_request_reply_refused(). Called at most once per request, possibly from the
 * request's dispose: do not keep a reference to @request. */
typedef void (*ElicitRequestResponder) (ElicitRequest *request,
                                        JsonObject    *result,
                                        gpointer       user_data);

/* elicit_request_new() for the request of a revision: @legacy for
 * 2025-11-25 and earlier, where a URL request needs its `elicitationId`. */
ElicitRequest *elicit_request_new_for_revision (JsonObject *params,
                                                gboolean    legacy,
                                                GError    **error);

void     elicit_request_set_responder (ElicitRequest          *self,
                                       ElicitRequestResponder  responder,
                                       gpointer                user_data,
                                       GDestroyNotify          destroy);
void     elicit_request_set_session   (ElicitRequest          *self,
                                       ElicitSession          *session);
/* The server cancelled it, or went away: PENDING (or an accepted URL
 * request still waiting for completion) becomes WITHDRAWN, nothing is sent.
 * Returns whether the state changed. */
gboolean elicit_request_withdraw      (ElicitRequest          *self,
                                       const char             *reason);
/* Whether the request still waits for something: PENDING, or an accepted
 * URL request waiting for its completion. */
gboolean elicit_request_is_open       (ElicitRequest          *self);
/* Answers a PENDING request with the one error of a request refused
 * before it reached the user (the prompt queue's cap or rate limit):
 * ELICIT_REQUEST_REFUSED_CODE. The state becomes CANCELLED; the responder
 * gets @result NULL, and replies with elicit_request_reply_refused(). */
void     elicit_request_refuse        (ElicitRequest          *self);
gboolean elicit_request_get_refused   (ElicitRequest          *self);
/* Sends that error to the request @id of @peer: every responder and the
 * input source's own cap use it, so a refusal reads the same everywhere. */
gboolean elicit_request_reply_refused (ElicitPeer             *peer,
                                       JsonNode               *id);
/* The prompt queue's limits were checked before the request was read
 * (elicit_session_admit()): pushing it checks them no more. */
void     elicit_request_set_admitted  (ElicitRequest          *self);
gboolean elicit_request_get_admitted  (ElicitRequest          *self);
/* A PENDING request that was never read, standing for one refused before
 * its params were parsed (the session's admission): the prompt queue
 * refuses it with the refusal it carries, as if it had refused it then. */
ElicitRequest *elicit_request_new_unread  (ElicitSession       *session);
void           elicit_request_set_refusal (ElicitRequest       *self,
                                           const char          *refusal);
const char    *elicit_request_get_refusal (ElicitRequest       *self);
/* How many times params were parsed into a request in this process: for
 * tests that a refusal came before the parsing. */
guint    elicit_request_get_n_parsed  (void);

G_END_DECLS
