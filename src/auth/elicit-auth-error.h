/* elicit-auth-error.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <glib.h>

#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_AUTH_ERROR:
 *
 * The error domain of MCP authorization (OAuth 2.1): signing in to a remote
 * server, and everything its authorization server may get wrong.
 *
 * Since: 1.0
 */
#define ELICIT_AUTH_ERROR (elicit_auth_error_quark ())

/**
 * ElicitAuthError:
 * @ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED: the server needs the user to sign in, and nobody
 *   was there to approve it (no handler of `ElicitAuthorizer::sign-in`, no automatic
 *   approval)
 * @ELICIT_AUTH_ERROR_DISCOVERY: the protected resource or authorization server metadata
 *   could not be found or read
 * @ELICIT_AUTH_ERROR_ISSUER_MISMATCH: an `issuer` (in the metadata, or the `iss` of the
 *   authorization response) is not the authorization server's
 * @ELICIT_AUTH_ERROR_INSECURE: the authorization server asks for something unsafe: an
 *   endpoint on plain `http:` that is not loopback, no PKCE S256, a redirect elsewhere
 * @ELICIT_AUTH_ERROR_REGISTRATION: the client could not register with the authorization
 *   server, and no client id is configured
 * @ELICIT_AUTH_ERROR_ACCESS_DENIED: the authorization server answered the sign-in with an
 *   error (the user refused, or the request was invalid)
 * @ELICIT_AUTH_ERROR_INVALID_RESPONSE: the answer reaching the loopback redirect does not
 *   match the sign-in (wrong `state`, no `code`)
 * @ELICIT_AUTH_ERROR_TOKEN: the token endpoint refused the request or answered with
 *   something that is not a usable bearer token
 * @ELICIT_AUTH_ERROR_BROWSER: the browser could not be opened
 * @ELICIT_AUTH_ERROR_UNAUTHORIZED: the server still refuses the tokens it was given
 * @ELICIT_AUTH_ERROR_INSUFFICIENT_SCOPE: the server keeps asking for more scopes than the
 *   authorization server grants
 * @ELICIT_AUTH_ERROR_CONFIGURATION: the configuration cannot work (for example client
 *   credentials without a client id)
 *
 * Why signing in failed. A sign-in the user cancelled fails with
 * %G_IO_ERROR_CANCELLED, as everywhere in GIO. Messages are translated and
 * meant for the user; they never contain a token or a secret.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED,
  ELICIT_AUTH_ERROR_DISCOVERY,
  ELICIT_AUTH_ERROR_ISSUER_MISMATCH,
  ELICIT_AUTH_ERROR_INSECURE,
  ELICIT_AUTH_ERROR_REGISTRATION,
  ELICIT_AUTH_ERROR_ACCESS_DENIED,
  ELICIT_AUTH_ERROR_INVALID_RESPONSE,
  ELICIT_AUTH_ERROR_TOKEN,
  ELICIT_AUTH_ERROR_BROWSER,
  ELICIT_AUTH_ERROR_UNAUTHORIZED,
  ELICIT_AUTH_ERROR_INSUFFICIENT_SCOPE,
  ELICIT_AUTH_ERROR_CONFIGURATION,
} ElicitAuthError;

ELICIT_AVAILABLE_IN_1_0
GQuark elicit_auth_error_quark (void);

G_END_DECLS
