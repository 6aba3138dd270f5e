/* elicit-auth-jwt-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <gnutls/abstract.h>

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

/* The pieces a DPoP proof (elicit-auth-dpop.c) shares with client
 * assertions. */
typedef struct gnutls_privkey_st ElicitGnutlsPrivkey;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitGnutlsPrivkey, gnutls_privkey_deinit)

char             *elicit_auth_jwt_base64url   (const guint8  *data,
                                               gsize          length);
/* 128 random bits, base64url; NULL when the generator fails. */
char             *elicit_auth_jwt_random_jti  (void);
/* A private key from PEM text, checked as for client assertions. */
gnutls_privkey_t  elicit_auth_jwt_import_key  (const char    *pem,
                                               GError       **error);
gboolean          elicit_auth_jwt_is_p256     (gnutls_privkey_t key);
/* The compact JWS of @header and @claims (JSON text) signed ES256 with
 * @key, an EC P-256 key. */
char             *elicit_auth_jwt_sign_es256  (gnutls_privkey_t  key,
                                               const char       *header,
                                               const char       *claims,
                                               GError          **error);

G_END_DECLS
