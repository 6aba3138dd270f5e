/* test-auth-jwt.c: client assertions (RFC 7523) signed with the test keys
 * in tests/fixtures/auth, read back and verified with GnuTLS.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "elicit-auth-jwt-private.h"
#include "elicit-json-private.h"

#define AUDIENCE "https://auth.example.test/token"

typedef struct
{
  char       *header;
  char       *claims;
  GBytes     *signature;
  char       *signing_input;
  JsonObject *claims_object;
} Jwt;

static void
jwt_free (Jwt *jwt)
{
  g_free (jwt->header);
  g_free (jwt->claims);
  g_clear_pointer (&jwt->signature, g_bytes_unref);
  g_free (jwt->signing_input);
  g_clear_pointer (&jwt->claims_object, json_object_unref);
  g_free (jwt);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Jwt, jwt_free)

static char *
read_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "auth", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static gboolean
is_base64url (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;

  return TRUE;
}

/* Decodes unpadded base64url, as RFC 7515 §2 writes it. */
static GBytes *
decode_base64url (const char *text)
{
  g_autoptr(GString) standard = g_string_new (text);
  guchar *data;
  gsize length;

  g_assert_true (is_base64url (text));
  g_assert_cmpuint (strlen (text) % 4, !=, 1);
  g_string_replace (standard, "-", "+", 0);
  g_string_replace (standard, "_", "/", 0);
  while (standard->len % 4 != 0)
    g_string_append_c (standard, '=');

  data = g_base64_decode (standard->str, &length);
  return g_bytes_new_take (data, length);
}

static char *
decode_base64url_text (const char *text)
{
  g_autoptr(GBytes) bytes = decode_base64url (text);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_assert_null (memchr (data, '\0', size));
  return g_strndup (data, size);
}

static Jwt *
jwt_parse (const char *token)
{
  g_auto(GStrv) parts = g_strsplit (token, ".", -1);
  g_autoptr(JsonNode) claims = NULL;
  g_autoptr(GError) error = NULL;
  Jwt *jwt = g_new0 (Jwt, 1);

  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  jwt->header = decode_base64url_text (parts[0]);
  jwt->claims = decode_base64url_text (parts[1]);
  jwt->signature = decode_base64url (parts[2]);
  jwt->signing_input = g_strconcat (parts[0], ".", parts[1], NULL);

  claims = elicit_json_parse (jwt->claims, -1, 4, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (claims));
  jwt->claims_object = json_object_ref (json_node_get_object (claims));
  return jwt;
}

static char *
new_assertion (const char *key_name,
               const char *client_id)
{
  g_autofree char *pem = read_fixture (key_name);
  g_autoptr(GError) error = NULL;
  char *token;

  token = elicit_auth_jwt_new_client_assertion (pem, client_id, AUDIENCE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (token);
  return token;
}

static gnutls_pubkey_t
public_key (const char *key_name)
{
  g_autofree char *pem = read_fixture (key_name);
  gnutls_datum_t datum = { (unsigned char *) pem, strlen (pem) };
  gnutls_privkey_t key = NULL;
  gnutls_pubkey_t pub = NULL;

  g_assert_cmpint (gnutls_privkey_init (&key), ==, 0);
  g_assert_cmpint (gnutls_privkey_import_x509_raw (key, &datum, GNUTLS_X509_FMT_PEM, NULL, 0), ==, 0);
  g_assert_cmpint (gnutls_pubkey_init (&pub), ==, 0);
  g_assert_cmpint (gnutls_pubkey_import_privkey (pub, key, 0, 0), ==, 0);
  gnutls_privkey_deinit (key);
  return pub;
}

/* The JOSE signature back into what GnuTLS verifies: R || S into a DER
 * Dss-Sig-Value for ECDSA, the PKCS #1 v1.5 signature as it is for RSA. */
static gboolean
verify (gnutls_pubkey_t  pub,
        const Jwt       *jwt,
        gboolean         ecdsa)
{
  gnutls_datum_t data = { (unsigned char *) jwt->signing_input, strlen (jwt->signing_input) };
  gsize size;
  const guint8 *sig = g_bytes_get_data (jwt->signature, &size);
  gnutls_datum_t der = { NULL, 0 };
  int ret;

  if (ecdsa)
    {
      gnutls_datum_t r = { (unsigned char *) sig, 32 };
      gnutls_datum_t s = { (unsigned char *) sig + 32, 32 };

      g_assert_cmpuint (size, ==, 64);
      g_assert_cmpint (gnutls_encode_rs_value (&der, &r, &s), ==, 0);
      ret = gnutls_pubkey_verify_data2 (pub, GNUTLS_SIGN_ECDSA_SHA256, 0, &data, &der);
      gnutls_free (der.data);
    }
  else
    {
      gnutls_datum_t plain = { (unsigned char *) sig, size };

      g_assert_cmpuint (size, ==, 256);
      ret = gnutls_pubkey_verify_data2 (pub, GNUTLS_SIGN_RSA_SHA256, 0, &data, &plain);
    }

  return ret >= 0;
}

/* Header and claims exactly, in order; `iat` taken between @before and
 * @after, `exp` 300 s later, `jti` 128 bits in 22 base64url characters. */
static void
assert_claims (const Jwt  *jwt,
               const char *alg,
               const char *client_id_json,
               gint64      before,
               gint64      after)
{
  g_autofree char *header = g_strdup_printf ("{\"alg\":\"%s\",\"typ\":\"JWT\"}", alg);
  g_autofree char *expected = NULL;
  gint64 iat = 0, exp = 0;
  const char *jti;
  g_autoptr(GBytes) jti_bytes = NULL;

  g_assert_cmpstr (jwt->header, ==, header);
  g_assert_true (elicit_json_object_get_int (jwt->claims_object, "iat", &iat));
  g_assert_true (elicit_json_object_get_int (jwt->claims_object, "exp", &exp));
  g_assert_cmpint (iat, >=, before);
  g_assert_cmpint (iat, <=, after);
  g_assert_cmpint (exp - iat, ==, 300);

  jti = elicit_json_object_get_string (jwt->claims_object, "jti");
  g_assert_nonnull (jti);
  g_assert_cmpuint (strlen (jti), ==, 22);
  jti_bytes = decode_base64url (jti);
  g_assert_cmpuint (g_bytes_get_size (jti_bytes), ==, 16);

  expected = g_strdup_printf ("{\"iss\":%s,\"sub\":%s,\"aud\":\"" AUDIENCE "\","
                              "\"iat\":%" G_GINT64_FORMAT ",\"exp\":%" G_GINT64_FORMAT
                              ",\"jti\":\"%s\"}",
                              client_id_json, client_id_json, iat, exp, jti);
  g_assert_cmpstr (jwt->claims, ==, expected);
}

static void
check_key (const char *key_name,
           const char *alg,
           gboolean    ecdsa)
{
  gnutls_pubkey_t pub = public_key (key_name);
  g_autoptr(GHashTable) jtis = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* ECDSA: enough signatures that some R or S has a leading zero byte or
   * its high bit set, the cases a DER-to-JOSE conversion gets wrong. */
  for (guint i = 0; i < (ecdsa ? 64 : 4); i++)
    {
      gint64 before = g_get_real_time () / G_USEC_PER_SEC;
      g_autofree char *token = new_assertion (key_name, "elicit-test-client");
      gint64 after = g_get_real_time () / G_USEC_PER_SEC;
      g_autoptr(Jwt) jwt = jwt_parse (token);

      assert_claims (jwt, alg, "\"elicit-test-client\"", before, after);
      g_assert_true (verify (pub, jwt, ecdsa));
      g_assert_true (g_hash_table_add (jtis, g_strdup (elicit_json_object_get_string (jwt->claims_object, "jti"))));
    }

  gnutls_pubkey_deinit (pub);
}

static void
test_es256_pkcs8 (void)
{
  check_key ("test-only-p256-pkcs8.pem", "ES256", TRUE);
}

static void
test_es256_sec1 (void)
{
  check_key ("test-only-p256-sec1.pem", "ES256", TRUE);
}

static void
test_rs256_pkcs1 (void)
{
  check_key ("test-only-rsa2048-pkcs1.pem", "RS256", FALSE);
}

static void
test_rs256_pkcs8 (void)
{
  check_key ("test-only-rsa2048-pkcs8.pem", "RS256", FALSE);
}

/* The verification above is not vacuous: one changed claim breaks it. */
static void
test_tampered_claims_fail_verification (void)
{
  gnutls_pubkey_t pub = public_key ("test-only-p256-pkcs8.pem");
  g_autofree char *token = new_assertion ("test-only-p256-pkcs8.pem", "elicit-test-client");
  g_autofree char *other = new_assertion ("test-only-p256-pkcs8.pem", "elicit-test-clienu");
  g_autoptr(Jwt) jwt = jwt_parse (token);
  g_autoptr(Jwt) jwt_other = jwt_parse (other);

  g_assert_true (verify (pub, jwt, TRUE));
  g_free (jwt->signing_input);
  jwt->signing_input = g_strdup (jwt_other->signing_input);
  g_assert_false (verify (pub, jwt, TRUE));
  gnutls_pubkey_deinit (pub);
}

/* JSON string escapes and non-ASCII client IDs reach the claims intact. */
static void
test_client_id_is_escaped (void)
{
  const char *client_id = "a\"b\\c/d\xc3\xa9\n";
  g_autofree char *token = new_assertion ("test-only-p256-sec1.pem", client_id);
  g_autoptr(Jwt) jwt = jwt_parse (token);

  g_assert_cmpstr (elicit_json_object_get_string (jwt->claims_object, "iss"), ==, client_id);
  g_assert_cmpstr (elicit_json_object_get_string (jwt->claims_object, "sub"), ==, client_id);
  g_assert_cmpstr (elicit_json_object_get_string (jwt->claims_object, "aud"), ==, AUDIENCE);
}

static void
assert_refused (const char *pem,
                const char *client_id,
                GQuark      domain,
                int         code,
                const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *token = elicit_auth_jwt_new_client_assertion (pem, client_id, AUDIENCE, &error);

  g_assert_null (token);
  g_assert_error (error, domain, code);
  g_assert_cmpstr (error->message, ==, message);
}

#define NOT_A_KEY "The client key is not a PEM private key (EC P-256 or RSA)"

static void
test_not_pem_is_refused (void)
{
  g_autofree char *cert = g_strdup ("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");

  assert_refused ("", "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
  assert_refused ("hello", "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
  assert_refused ("{\"kty\":\"EC\",\"crv\":\"P-256\"}", "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
  assert_refused (cert, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
  assert_refused ("-----BEGIN PRIVATE KEY-----\n!!!not base64!!!\n-----END PRIVATE KEY-----\n",
                  "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
  assert_refused ("-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n",
                  "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA, NOT_A_KEY);
}

/* Every prefix of a real key is refused, and no error quotes the key. */
static void
test_truncated_pem_is_refused (void)
{
  g_autofree char *pem = read_fixture ("test-only-p256-sec1.pem");
  g_auto(GStrv) lines = g_strsplit (pem, "\n", -1);
  gsize length = strlen (pem);

  for (gsize cut = 0; cut + 1 < length; cut += 7)
    {
      g_autofree char *prefix = g_strndup (pem, cut);
      g_autoptr(GError) error = NULL;
      g_autofree char *token = elicit_auth_jwt_new_client_assertion (prefix, "c", AUDIENCE, &error);

      g_assert_null (token);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      for (guint i = 2; lines[i] != NULL && !g_str_has_prefix (lines[i], "-----"); i++)
        g_assert_null (strstr (error->message, lines[i]));
    }
}

static void
test_other_keys_are_refused (void)
{
  g_autofree char *p384 = read_fixture ("test-only-p384.pem");
  g_autofree char *ed25519 = read_fixture ("test-only-ed25519.pem");
  g_autofree char *rsa1024 = read_fixture ("test-only-rsa1024.pem");
  g_autofree char *encrypted = read_fixture ("test-only-p256-encrypted.pem");

  assert_refused (p384, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is on an elliptic curve other than P-256; "
                  "only P-256 (ES256) and RSA (RS256) keys are supported");
  assert_refused (ed25519, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is of type “EdDSA (Ed25519)”; "
                  "only EC P-256 (ES256) and RSA (RS256) keys are supported");
  assert_refused (rsa1024, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is an RSA key of 1024 bits; RS256 needs at least 2048");
  assert_refused (encrypted, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is encrypted; it must be an unencrypted PEM private key");
}

/* A mebibyte of garbage (with a PEM header, so only the size bound stops
 * it) is refused before anything parses it. */
static void
test_huge_input_is_refused (void)
{
  gsize size = 1024 * 1024;
  g_autofree char *garbage = g_malloc (size + 1);
  g_autofree char *pem = read_fixture ("test-only-p256-pkcs8.pem");

  for (gsize i = 0; i < size; i++)
    garbage[i] = (char) (1 + g_test_rand_int_range (0, 255));
  memcpy (garbage, "-----BEGIN PRIVATE KEY-----\n", 28);
  garbage[size] = '\0';

  assert_refused (garbage, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is too large to be a PEM private key (more than 64 KiB)");

  /* A real key padded with explanatory text just past the bound. */
  memset (garbage, 'x', size);
  memcpy (garbage + ELICIT_AUTH_JWT_MAX_PEM_LENGTH + 1 - strlen (pem), pem, strlen (pem));
  garbage[ELICIT_AUTH_JWT_MAX_PEM_LENGTH + 1] = '\0';
  assert_refused (garbage, "c", G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                  "The client key is too large to be a PEM private key (more than 64 KiB)");

  /* ... and one byte shorter, it is read. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *token = elicit_auth_jwt_new_client_assertion (garbage + 1, "c", AUDIENCE, &error);

    g_assert_no_error (error);
    g_assert_nonnull (token);
  }
}

static void
test_empty_claims_are_refused (void)
{
  g_autofree char *pem = read_fixture ("test-only-p256-pkcs8.pem");
  g_autoptr(GError) error = NULL;
  char *token;

  assert_refused (pem, "", G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                  "The client ID for the client assertion is empty or not UTF-8");
  assert_refused (pem, "caf\xe9", G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                  "The client ID for the client assertion is empty or not UTF-8");

  token = elicit_auth_jwt_new_client_assertion (pem, "c", "", &error);
  g_assert_null (token);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The audience of the client assertion is empty or not UTF-8");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/AuthJwt/es256-from-a-pkcs8-key-verifies", test_es256_pkcs8);
  g_test_add_func ("/Elicit/AuthJwt/es256-from-a-sec1-key-verifies", test_es256_sec1);
  g_test_add_func ("/Elicit/AuthJwt/rs256-from-a-pkcs1-key-verifies", test_rs256_pkcs1);
  g_test_add_func ("/Elicit/AuthJwt/rs256-from-a-pkcs8-key-verifies", test_rs256_pkcs8);
  g_test_add_func ("/Elicit/AuthJwt/tampered-claims-fail-verification",
                   test_tampered_claims_fail_verification);
  g_test_add_func ("/Elicit/AuthJwt/client-id-is-escaped-in-the-claims", test_client_id_is_escaped);
  g_test_add_func ("/Elicit/AuthJwt/text-that-is-not-a-pem-key-is-refused", test_not_pem_is_refused);
  g_test_add_func ("/Elicit/AuthJwt/truncated-pem-is-refused-without-quoting-it",
                   test_truncated_pem_is_refused);
  g_test_add_func ("/Elicit/AuthJwt/p384-ed25519-short-rsa-and-encrypted-keys-are-refused",
                   test_other_keys_are_refused);
  g_test_add_func ("/Elicit/AuthJwt/a-mebibyte-of-garbage-is-refused", test_huge_input_is_refused);
  g_test_add_func ("/Elicit/AuthJwt/empty-client-id-or-audience-is-refused",
                   test_empty_claims_are_refused);

  return g_test_run ();
}
