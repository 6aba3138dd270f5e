/* elicit-auth-dpop.c: DPoP keys and proofs (RFC 9449)
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"
#include <gnutls/crypto.h>
#include <gnutls/x509.h>
#include <json-glib/json-glib.h>

#include "elicit-auth-dpop-private.h"
#include "elicit-auth-jwt-private.h"
#include "elicit-auth-private.h"
#include "elicit-json-private.h"

#define P256_COORDINATE_SIZE 32

struct _ElicitAuthDpopKey
{
  gnutls_privkey_t  key;
  char             *pem;
  char             *jwk;
  char             *thumbprint;
};

static void
key_clear (ElicitAuthDpopKey *self)
{
  g_clear_pointer (&self->key, gnutls_privkey_deinit);
  elicit_auth_secret_free (self->pem);
  g_free (self->jwk);
  g_free (self->thumbprint);
}

ElicitAuthDpopKey *
elicit_auth_dpop_key_ref (ElicitAuthDpopKey *key)
{
  return g_atomic_rc_box_acquire (key);
}

void
elicit_auth_dpop_key_unref (ElicitAuthDpopKey *key)
{
  g_atomic_rc_box_release_full (key, (GDestroyNotify) key_clear);
}

/* A coordinate as JWK wants it: exactly the curve's size, big-endian. */
static char *
coordinate (const gnutls_datum_t *value)
{
  guint8 padded[P256_COORDINATE_SIZE] = { 0 };
  const guint8 *data = value->data;
  gsize size = value->size;

  while (size > 0 && data[0] == 0)
    {
      data++;
      size--;
    }
  if (size > P256_COORDINATE_SIZE)
    return NULL;

  memcpy (padded + P256_COORDINATE_SIZE - size, data, size);
  return elicit_auth_jwt_base64url (padded, sizeof padded);
}

/* RFC 7638 §3.2: the required members, in lexical order, no spaces; the
 * same text is the proof's `jwk`, so the two cannot disagree. */
static gboolean
make_jwk (ElicitAuthDpopKey *self)
{
  gnutls_datum_t x = { NULL, 0 };
  gnutls_datum_t y = { NULL, 0 };
  g_autofree char *x64 = NULL;
  g_autofree char *y64 = NULL;
  guint8 digest[32];
  gsize digest_length = sizeof digest;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  if (gnutls_privkey_export_ecc_raw2 (self->key, NULL, &x, &y, NULL, GNUTLS_EXPORT_FLAG_NO_LZ) < 0)
    return FALSE;

  x64 = coordinate (&x);
  y64 = coordinate (&y);
  gnutls_free (x.data);
  gnutls_free (y.data);
  if (x64 == NULL || y64 == NULL)
    return FALSE;

  self->jwk = g_strdup_printf ("{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"%s\",\"y\":\"%s\"}",
                               x64, y64);
  g_checksum_update (checksum, (const guchar *) self->jwk, strlen (self->jwk));
  g_checksum_get_digest (checksum, digest, &digest_length);
  self->thumbprint = elicit_auth_jwt_base64url (digest, digest_length);

  return TRUE;
}

ElicitAuthDpopKey *
elicit_auth_dpop_key_new_from_pem (const char  *pem,
                                   GError     **error)
{
  g_autoptr(ElicitAuthDpopKey) self = g_atomic_rc_box_new0 (ElicitAuthDpopKey);

  g_return_val_if_fail (pem != NULL, NULL);

  self->key = elicit_auth_jwt_import_key (pem, NULL);
  if (self->key == NULL || !elicit_auth_jwt_is_p256 (self->key) || !make_jwk (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The sign-in’s DPoP key is not an EC P-256 private key"));
      return NULL;
    }

  self->pem = g_strdup (pem);
  return g_steal_pointer (&self);
}

ElicitAuthDpopKey *
elicit_auth_dpop_key_generate (GError **error)
{
  gnutls_x509_privkey_t x509 = NULL;
  gnutls_datum_t pem = { NULL, 0 };
  g_autofree char *text = NULL;
  ElicitAuthDpopKey *key;
  gboolean ok;

  ok = gnutls_x509_privkey_init (&x509) >= 0 &&
       gnutls_x509_privkey_generate (x509, GNUTLS_PK_ECDSA,
                                     GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0) >= 0 &&
       gnutls_x509_privkey_export2_pkcs8 (x509, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN,
                                          &pem) >= 0;
  g_clear_pointer (&x509, gnutls_x509_privkey_deinit);
  if (!ok)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Could not make a key pair for DPoP"));
      return NULL;
    }

  text = g_strndup ((const char *) pem.data, pem.size);
  memset (pem.data, 0, pem.size);
  gnutls_free (pem.data);

  key = elicit_auth_dpop_key_new_from_pem (text, error);
  memset (text, 0, strlen (text));
  return key;
}

const char *
elicit_auth_dpop_key_get_pem (ElicitAuthDpopKey *key)
{
  return key->pem;
}

const char *
elicit_auth_dpop_key_get_jwk (ElicitAuthDpopKey *key)
{
  return key->jwk;
}

const char *
elicit_auth_dpop_key_get_thumbprint (ElicitAuthDpopKey *key)
{
  return key->thumbprint;
}

char *
elicit_auth_dpop_htu (const char *url)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);
  g_autofree char *scheme = NULL;
  g_autofree char *host = NULL;

  if (uri == NULL || g_uri_get_host (uri) == NULL)
    return NULL;

  /* RFC 3986 §6.2.2.1: scheme and host compare without case. */
  scheme = g_ascii_strdown (g_uri_get_scheme (uri), -1);
  host = g_ascii_strdown (g_uri_get_host (uri), -1);
  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, NULL, host, g_uri_get_port (uri),
                     g_uri_get_path (uri), NULL, NULL);
}

static char *
claims_json (const char *htm,
             const char *htu,
             const char *jti,
             const char *access_token,
             const char *nonce)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "jti");
  json_builder_add_string_value (builder, jti);
  json_builder_set_member_name (builder, "htm");
  json_builder_add_string_value (builder, htm);
  json_builder_set_member_name (builder, "htu");
  json_builder_add_string_value (builder, htu);
  json_builder_set_member_name (builder, "iat");
  json_builder_add_int_value (builder, g_get_real_time () / G_USEC_PER_SEC);
  if (access_token != NULL)
    {
      /* `ath` is base64url(SHA-256(token)): PKCE's S256 computation. */
      g_autofree char *ath = elicit_auth_pkce_challenge (access_token);

      json_builder_set_member_name (builder, "ath");
      json_builder_add_string_value (builder, ath);
    }
  if (nonce != NULL)
    {
      json_builder_set_member_name (builder, "nonce");
      json_builder_add_string_value (builder, nonce);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return elicit_json_to_string (root, NULL);
}

char *
elicit_auth_dpop_key_proof (ElicitAuthDpopKey  *key,
                            const char         *htm,
                            const char         *htu,
                            const char         *access_token,
                            const char         *nonce,
                            GError            **error)
{
  g_autofree char *target = elicit_auth_dpop_htu (htu);
  g_autofree char *jti = elicit_auth_jwt_random_jti ();
  g_autofree char *header = NULL;
  g_autofree char *claims = NULL;
  char *proof;

  g_return_val_if_fail (key != NULL && htm != NULL && htu != NULL, NULL);

  if (target == NULL || jti == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Could not make a DPoP proof for this request"));
      return NULL;
    }

  header = g_strdup_printf ("{\"typ\":\"dpop+jwt\",\"alg\":\"" ELICIT_AUTH_DPOP_ALG "\",\"jwk\":%s}",
                            key->jwk);
  claims = claims_json (htm, target, jti, access_token, nonce);
  proof = elicit_auth_jwt_sign_es256 (key->key, header, claims, NULL);
  if (proof == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                         _("Could not sign a DPoP proof with the sign-in’s key"));

  return proof;
}
