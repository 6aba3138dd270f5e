/* elicit-sign-in-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-sign-in.h"

G_BEGIN_DECLS

/* What the authorizer makes for one pending authorization code flow. The
 * sign-in starts in CONSENT; the authorizer watches notify::state for the
 * approval and for a cancel (then its cancellable is cancelled too). */
ElicitSignIn *elicit_sign_in_new             (const char          *server_label,
                                              const char          *resource,
                                              const char          *authorization_server,
                                              const char          *authorization_url,
                                              const char * const  *scopes);
/* Cancelled when the sign-in is cancelled: the flow's I/O hangs off it. */
GCancellable *elicit_sign_in_get_cancellable (ElicitSignIn        *self);
/* Moves forward to EXCHANGING or DONE; ignored once the sign-in ended. */
void          elicit_sign_in_advance         (ElicitSignIn        *self,
                                              ElicitSignInState    state);
/* Ends the sign-in in FAILED with @error (or in CANCELLED when @error is
 * G_IO_ERROR_CANCELLED); ignored once it ended. */
void          elicit_sign_in_fail            (ElicitSignIn        *self,
                                              const GError        *error);
gboolean      elicit_sign_in_is_finished     (ElicitSignIn        *self);

/* The command line ELICIT_BROWSER names, parsed like a shell would but run
 * without one; NULL when unset or empty. */
char        **elicit_sign_in_browser_command (GError             **error);

G_END_DECLS
