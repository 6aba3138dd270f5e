/* elicit-auth-jwt-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Seconds between a client assertion's `iat` and its `exp`. */
#define ELICIT_AUTH_JWT_LIFETIME 300

/* The longest PEM text read as a client key: an RSA key of 16384 bits
 * fits in a quarter of it. */
#define ELICIT_AUTH_JWT_MAX_PEM_LENGTH (64 * 1024)

/* A `private_key_jwt` client assertion (RFC 7523 §2.2, RFC 7521 §4.2) for
 * the client credentials grant: a compact JWS whose claims are `iss` and
 * `sub` = @client_id, `aud` = @audience (the authorization server's issuer
 * or token endpoint, as the caller decides), `iat` = now, `exp` = now +
 * %ELICIT_AUTH_JWT_LIFETIME and `jti` = 128 random bits, base64url.
 *
 * @private_key_pem is PEM text (at most %ELICIT_AUTH_JWT_MAX_PEM_LENGTH
 * bytes) holding an unencrypted "PRIVATE KEY" (PKCS #8), "EC PRIVATE KEY"
 * (SEC 1) or "RSA PRIVATE KEY" (PKCS #1). An EC key on P-256 signs ES256,
 * an RSA key of at least 2048 bits (RFC 7518 §3.3) signs RS256. Every other
 * key — P-384 and P-521 included, so the assertion always uses one of the
 * two algorithms authorization servers are sure to accept — is refused.
 *
 * Errors are G_IO_ERROR_INVALID_DATA for a key that cannot be read or used,
 * G_IO_ERROR_INVALID_ARGUMENT for an empty or non-UTF-8 @client_id or
 * @audience, and G_IO_ERROR_FAILED when signing fails. Their messages are
 * translated and never quote the key. */
char *elicit_auth_jwt_new_client_assertion (const char  *private_key_pem,
                                            const char  *client_id,
                                            const char  *audience,
                                            GError     **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
