/* elicit-sign-in.h
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

G_BEGIN_DECLS

/**
 * ElicitSignInState:
 * @ELICIT_SIGN_IN_STATE_CONSENT: waiting for the user to approve signing in; nothing was
 *   opened yet
 * @ELICIT_SIGN_IN_STATE_BROWSER: approved: the sign-in page is (being) opened in a browser,
 *   waiting for the authorization server to redirect back to Elicit
 * @ELICIT_SIGN_IN_STATE_EXCHANGING: the redirect arrived; exchanging its code for tokens
 * @ELICIT_SIGN_IN_STATE_DONE: signed in
 * @ELICIT_SIGN_IN_STATE_FAILED: signing in failed; [property@SignIn:error] says why
 * @ELICIT_SIGN_IN_STATE_CANCELLED: the user (or the program) cancelled it
 *
 * Where a sign-in is. It moves forward only, and ends in DONE, FAILED or
 * CANCELLED exactly once ([signal@SignIn::finished]).
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_SIGN_IN_STATE_CONSENT,
  ELICIT_SIGN_IN_STATE_BROWSER,
  ELICIT_SIGN_IN_STATE_EXCHANGING,
  ELICIT_SIGN_IN_STATE_DONE,
  ELICIT_SIGN_IN_STATE_FAILED,
  ELICIT_SIGN_IN_STATE_CANCELLED,
} ElicitSignInState;

#define ELICIT_TYPE_SIGN_IN (elicit_sign_in_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitSignIn, elicit_sign_in, ELICIT, SIGN_IN, GObject)

ELICIT_AVAILABLE_IN_1_0
const char         *elicit_sign_in_get_server_label          (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_sign_in_get_resource              (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_sign_in_get_authorization_server  (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_sign_in_get_authorization_url     (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_sign_in_get_scopes                (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_sign_in_get_browser_command       (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
ElicitSignInState   elicit_sign_in_get_state                 (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
const GError       *elicit_sign_in_get_error                 (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_sign_in_approve                   (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_sign_in_cancel                    (ElicitSignIn         *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_sign_in_launch_browser_async      (ElicitSignIn         *self,
                                                              GCancellable         *cancellable,
                                                              GAsyncReadyCallback   callback,
                                                              gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_sign_in_launch_browser_finish     (ElicitSignIn         *self,
                                                              GAsyncResult         *result,
                                                              GError              **error);

G_END_DECLS
