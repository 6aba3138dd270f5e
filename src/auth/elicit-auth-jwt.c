/* elicit-auth-jwt.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <json-glib/json-glib.h>

#include "elicit-auth-jwt-private.h"
#include "elicit-json-private.h"

/* The size of each of R and S in an ES256 signature (RFC 7518 §3.4). */
#define P256_SCALAR_SIZE 32
#define RSA_MIN_BITS 2048
#define JTI_BYTES 16

typedef struct
{
  const char              *name;
  gnutls_sign_algorithm_t  sign;
} JwsAlgorithm;

static const JwsAlgorithm es256 = { "ES256", GNUTLS_SIGN_ECDSA_SHA256 };
static const JwsAlgorithm rs256 = { "RS256", GNUTLS_SIGN_RSA_SHA256 };

static void
clear_datum (gnutls_datum_t *datum)
{
  g_clear_pointer (&datum->data, gnutls_free);
  datum->size = 0;
}

char *
elicit_auth_jwt_base64url (const guint8 *data,
                           gsize         length)
{
  char *text = g_base64_encode (data, length);
  char *end = strchr (text, '=');

  if (end != NULL)
    *end = '\0';

  for (char *p = text; *p != '\0'; p++)
    {
      if (*p == '+')
        *p = '-';
      else if (*p == '/')
        *p = '_';
    }

  return text;
}

/* The JWS signing input: BASE64URL(header) "." BASE64URL(claims). */
static char *
join_base64url (const char *header,
                const char *claims)
{
  g_autofree char *header64 = elicit_auth_jwt_base64url ((const guint8 *) header, strlen (header));
  g_autofree char *claims64 = elicit_auth_jwt_base64url ((const guint8 *) claims, strlen (claims));

  return g_strconcat (header64, ".", claims64, NULL);
}

static gboolean
key_error (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The client key is not a PEM private key (EC P-256 or RSA)"));
  return FALSE;
}

/* Whether @pem holds a whole PEM block of one of the accepted labels
 * (RFC 7468), checked before GnuTLS reads it: GnuTLS would also take a block
 * cut short after "-----END", and other formats (OpenSSH keys, encrypted
 * PKCS #8 with an empty password) that a client key file must not be. */
static gboolean
has_block (const char *pem,
           const char *label)
{
  g_autofree char *begin = g_strdup_printf ("-----BEGIN %s-----", label);
  g_autofree char *end = g_strdup_printf ("-----END %s-----", label);
  const char *start = strstr (pem, begin);

  return start != NULL && strstr (start + strlen (begin), end) != NULL;
}

static gboolean
check_pem (const char  *pem,
           GError     **error)
{
  static const char * const accepted[] = { "PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY" };

  if (strnlen (pem, ELICIT_AUTH_JWT_MAX_PEM_LENGTH + 1) > ELICIT_AUTH_JWT_MAX_PEM_LENGTH)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The client key is too large to be a PEM private key (more than %u KiB)"),
                   ELICIT_AUTH_JWT_MAX_PEM_LENGTH / 1024);
      return FALSE;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (accepted); i++)
    if (has_block (pem, accepted[i]))
      return TRUE;

  if (strstr (pem, "-----BEGIN ENCRYPTED PRIVATE KEY-----") != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The client key is encrypted; it must be an unencrypted PEM private key"));
      return FALSE;
    }

  return key_error (error);
}

gnutls_privkey_t
elicit_auth_jwt_import_key (const char  *pem,
                            GError     **error)
{
  gnutls_x509_privkey_t x509 = NULL;
  g_autoptr(ElicitGnutlsPrivkey) key = NULL;
  gnutls_datum_t datum = { (unsigned char *) pem, strlen (pem) };

  if (!check_pem (pem, error))
    return NULL;

  if (gnutls_x509_privkey_init (&x509) < 0 || gnutls_privkey_init (&key) < 0)
    {
      g_clear_pointer (&x509, gnutls_x509_privkey_deinit);
      key_error (error);
      return NULL;
    }

  if (gnutls_x509_privkey_import2 (x509, &datum, GNUTLS_X509_FMT_PEM, NULL,
                                   GNUTLS_PKCS_PLAIN) < 0 ||
      gnutls_privkey_import_x509 (key, x509, GNUTLS_PRIVKEY_IMPORT_AUTO_RELEASE) < 0)
    {
      gnutls_x509_privkey_deinit (x509);
      key_error (error);
      return NULL;
    }

  return g_steal_pointer (&key);
}

gboolean
elicit_auth_jwt_is_p256 (gnutls_privkey_t key)
{
  gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;

  if (gnutls_privkey_export_ecc_raw2 (key, &curve, NULL, NULL, NULL, 0) < 0)
    return FALSE;

  return curve == GNUTLS_ECC_CURVE_SECP256R1;
}

static const JwsAlgorithm *
choose_algorithm (gnutls_privkey_t   key,
                  GError           **error)
{
  unsigned int bits = 0;
  int pk = gnutls_privkey_get_pk_algorithm (key, &bits);
  const char *pk_name = pk > 0 ? gnutls_pk_get_name (pk) : NULL;

  if (pk == GNUTLS_PK_ECDSA && elicit_auth_jwt_is_p256 (key))
    return &es256;

  if (pk == GNUTLS_PK_RSA && bits >= RSA_MIN_BITS)
    return &rs256;

  if (pk == GNUTLS_PK_RSA)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("The client key is an RSA key of %u bits; RS256 needs at least %u"),
                 bits, RSA_MIN_BITS);
  else if (pk == GNUTLS_PK_ECDSA)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("The client key is on an elliptic curve other than P-256; "
                           "only P-256 (ES256) and RSA (RS256) keys are supported"));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 _("The client key is of type “%s”; "
                   "only EC P-256 (ES256) and RSA (RS256) keys are supported"),
                 pk_name != NULL ? pk_name : "?");

  return NULL;
}

/* GnuTLS gives ECDSA signatures as a DER Dss-Sig-Value; JWS wants R and S
 * as two big-endian numbers of exactly the curve's size (RFC 7518 §3.4). */
static gboolean
append_scalar (GByteArray           *out,
               const gnutls_datum_t *value)
{
  const guint8 *data = value->data;
  gsize size = value->size;
  static const guint8 zeros[P256_SCALAR_SIZE] = { 0 };

  while (size > 0 && data[0] == 0)
    {
      data++;
      size--;
    }

  if (size > P256_SCALAR_SIZE)
    return FALSE;

  g_byte_array_append (out, zeros, P256_SCALAR_SIZE - size);
  g_byte_array_append (out, data, size);
  return TRUE;
}

static GBytes *
ecdsa_der_to_jose (const gnutls_datum_t *der)
{
  gnutls_datum_t r = { NULL, 0 };
  gnutls_datum_t s = { NULL, 0 };
  g_autoptr(GByteArray) out = g_byte_array_sized_new (2 * P256_SCALAR_SIZE);
  gboolean ok;

  if (gnutls_decode_rs_value (der, &r, &s) < 0)
    return NULL;

  ok = append_scalar (out, &r) && append_scalar (out, &s);
  clear_datum (&r);
  clear_datum (&s);

  return ok ? g_byte_array_free_to_bytes (g_steal_pointer (&out)) : NULL;
}

static GBytes *
sign (gnutls_privkey_t     key,
      const JwsAlgorithm  *algorithm,
      const char          *signing_input,
      GError             **error)
{
  gnutls_datum_t data = { (unsigned char *) signing_input, strlen (signing_input) };
  gnutls_datum_t signature = { NULL, 0 };
  GBytes *result = NULL;

  if (gnutls_privkey_sign_data2 (key, algorithm->sign, 0, &data, &signature) >= 0)
    {
      if (algorithm == &es256)
        result = ecdsa_der_to_jose (&signature);
      else
        result = g_bytes_new (signature.data, signature.size);
    }

  clear_datum (&signature);

  if (result == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Could not sign the client assertion with the client key (%s)"),
                 algorithm->name);

  return result;
}

char *
elicit_auth_jwt_random_jti (void)
{
  guint8 bytes[JTI_BYTES];

  if (gnutls_rnd (GNUTLS_RND_RANDOM, bytes, sizeof bytes) < 0)
    return NULL;

  return elicit_auth_jwt_base64url (bytes, sizeof bytes);
}

static char *
header_json (const JwsAlgorithm *algorithm)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "alg");
  json_builder_add_string_value (builder, algorithm->name);
  json_builder_set_member_name (builder, "typ");
  json_builder_add_string_value (builder, "JWT");
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return elicit_json_to_string (root, NULL);
}

static char *
claims_json (const char *client_id,
             const char *audience,
             const char *jti)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "iss");
  json_builder_add_string_value (builder, client_id);
  json_builder_set_member_name (builder, "sub");
  json_builder_add_string_value (builder, client_id);
  json_builder_set_member_name (builder, "aud");
  json_builder_add_string_value (builder, audience);
  json_builder_set_member_name (builder, "iat");
  json_builder_add_int_value (builder, now);
  json_builder_set_member_name (builder, "exp");
  json_builder_add_int_value (builder, now + ELICIT_AUTH_JWT_LIFETIME);
  json_builder_set_member_name (builder, "jti");
  json_builder_add_string_value (builder, jti);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return elicit_json_to_string (root, NULL);
}

static gboolean
check_claim (const char  *value,
             const char  *message,
             GError     **error)
{
  if (*value != '\0' && g_utf8_validate (value, -1, NULL))
    return TRUE;

  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
  return FALSE;
}

char *
elicit_auth_jwt_sign_es256 (gnutls_privkey_t   key,
                            const char        *header,
                            const char        *claims,
                            GError           **error)
{
  g_autofree char *signing_input = join_base64url (header, claims);
  g_autofree char *signature_text = NULL;
  g_autoptr(GBytes) signature = sign (key, &es256, signing_input, error);

  if (signature == NULL)
    return NULL;

  signature_text = elicit_auth_jwt_base64url (g_bytes_get_data (signature, NULL),
                                              g_bytes_get_size (signature));
  return g_strconcat (signing_input, ".", signature_text, NULL);
}

char *
elicit_auth_jwt_new_client_assertion (const char  *private_key_pem,
                                      const char  *client_id,
                                      const char  *audience,
                                      GError     **error)
{
  g_autoptr(ElicitGnutlsPrivkey) key = NULL;
  const JwsAlgorithm *algorithm;
  g_autofree char *jti = NULL;
  g_autofree char *header = NULL;
  g_autofree char *claims = NULL;
  g_autofree char *signing_input = NULL;
  g_autofree char *signature_text = NULL;
  g_autoptr(GBytes) signature = NULL;

  g_return_val_if_fail (private_key_pem != NULL, NULL);
  g_return_val_if_fail (client_id != NULL, NULL);
  g_return_val_if_fail (audience != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_claim (client_id, _("The client ID for the client assertion is empty or not UTF-8"), error) ||
      !check_claim (audience, _("The audience of the client assertion is empty or not UTF-8"), error))
    return NULL;

  key = elicit_auth_jwt_import_key (private_key_pem, error);
  if (key == NULL)
    return NULL;

  algorithm = choose_algorithm (key, error);
  if (algorithm == NULL)
    return NULL;

  jti = elicit_auth_jwt_random_jti ();
  if (jti == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Could not draw random bytes for the client assertion"));
      return NULL;
    }

  header = header_json (algorithm);
  claims = claims_json (client_id, audience, jti);
  signing_input = join_base64url (header, claims);

  signature = sign (key, algorithm, signing_input, error);
  if (signature == NULL)
    return NULL;

  signature_text = elicit_auth_jwt_base64url (g_bytes_get_data (signature, NULL), g_bytes_get_size (signature));
  return g_strconcat (signing_input, ".", signature_text, NULL);
}
