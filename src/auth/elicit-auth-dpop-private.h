/* elicit-auth-dpop-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* DPoP (RFC 9449): a key pair of the sign-in, and the proof that goes with
 * every request that uses a token bound to it. The key is made here (EC P-256,
 * signed ES256 with GnuTLS), kept in the sign-in's record in the token store
 * (the keyring, or memory) and nowhere else. */

typedef struct _ElicitAuthDpopKey ElicitAuthDpopKey;

/* The one algorithm Elicit signs proofs with. */
#define ELICIT_AUTH_DPOP_ALG "ES256"

ElicitAuthDpopKey *elicit_auth_dpop_key_generate      (GError            **error);
/* A key kept in a record: PEM text of an EC P-256 private key. */
ElicitAuthDpopKey *elicit_auth_dpop_key_new_from_pem  (const char         *pem,
                                                       GError            **error);
ElicitAuthDpopKey *elicit_auth_dpop_key_ref           (ElicitAuthDpopKey  *key);
void               elicit_auth_dpop_key_unref         (ElicitAuthDpopKey  *key);
/* The private key as PEM: for the token store only. */
const char        *elicit_auth_dpop_key_get_pem       (ElicitAuthDpopKey  *key);
/* The public key as a JWK (RFC 7517), its members in RFC 7638 order. */
const char        *elicit_auth_dpop_key_get_jwk       (ElicitAuthDpopKey  *key);
/* Its RFC 7638 SHA-256 thumbprint, base64url: what a bound token's cnf.jkt is. */
const char        *elicit_auth_dpop_key_get_thumbprint (ElicitAuthDpopKey *key);
/* A fresh proof (RFC 9449 §4.2) for the request @htm @htu (query and
 * fragment are left out), with `ath` when @access_token is not NULL and
 * `nonce` when @nonce is not NULL. */
char              *elicit_auth_dpop_key_proof         (ElicitAuthDpopKey  *key,
                                                       const char         *htm,
                                                       const char         *htu,
                                                       const char         *access_token,
                                                       const char         *nonce,
                                                       GError            **error) G_GNUC_WARN_UNUSED_RESULT;
/* @url without its query and fragment, as `htu` wants it; NULL when it is
 * not an absolute URL. */
char              *elicit_auth_dpop_htu               (const char         *url);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthDpopKey, elicit_auth_dpop_key_unref)

G_END_DECLS
