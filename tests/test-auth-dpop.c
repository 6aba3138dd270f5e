/* test-auth-dpop.c: DPoP keys and proofs (RFC 9449), read back and verified
 * from the public key in the proof alone, by GnuTLS and by
 * python3-cryptography (which setup.sh installs): code no one here wrote.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>

#include "elicit-auth-dpop-private.h"
#include "elicit-auth-private.h"
#include "elicit-json-private.h"

#define TOKEN "an-access-token.with.dots"

/* A Python that verifies a proof with python3-cryptography, from nothing but
 * the proof: the jwk in its header, its signing input, its R || S. Prints
 * "ok" or why not. */
static const char verify_py[] =
  "import base64, json, sys\n"
  "from cryptography.hazmat.primitives import hashes\n"
  "from cryptography.hazmat.primitives.asymmetric import ec\n"
  "from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature\n"
  "def b64(s):\n"
  "    return base64.urlsafe_b64decode(s + '=' * (-len(s) % 4))\n"
  "proof = sys.stdin.read().strip()\n"
  "h, c, s = proof.split('.')\n"
  "header = json.loads(b64(h))\n"
  "jwk = header['jwk']\n"
  "assert set(jwk) == {'kty', 'crv', 'x', 'y'}, jwk\n"
  "x = int.from_bytes(b64(jwk['x']), 'big')\n"
  "y = int.from_bytes(b64(jwk['y']), 'big')\n"
  "key = ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()\n"
  "sig = b64(s)\n"
  "assert len(sig) == 64\n"
  "der = encode_dss_signature(int.from_bytes(sig[:32], 'big'), int.from_bytes(sig[32:], 'big'))\n"
  "key.verify(der, (h + '.' + c).encode(), ec.ECDSA(hashes.SHA256()))\n"
  "print('ok')\n";

typedef struct
{
  char       *header_text;
  JsonObject *header;
  JsonObject *claims;
  GBytes     *signature;
  char       *signing_input;
} Proof;

static void
proof_free (Proof *proof)
{
  g_free (proof->header_text);
  g_clear_pointer (&proof->header, json_object_unref);
  g_clear_pointer (&proof->claims, json_object_unref);
  g_clear_pointer (&proof->signature, g_bytes_unref);
  g_free (proof->signing_input);
  g_free (proof);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Proof, proof_free)

static GBytes *
decode (const char *text)
{
  g_autoptr(GString) standard = g_string_new (text);
  gsize length = 0;
  guchar *data;

  for (const char *p = text; *p != '\0'; p++)
    g_assert_true (g_ascii_isalnum (*p) || *p == '-' || *p == '_');
  g_string_replace (standard, "-", "+", 0);
  g_string_replace (standard, "_", "/", 0);
  while (standard->len % 4 != 0)
    g_string_append_c (standard, '=');

  data = g_base64_decode (standard->str, &length);
  return g_bytes_new_take (data, length);
}

static JsonObject *
decode_object (const char *text,
               char      **raw)
{
  g_autoptr(GBytes) bytes = decode (text);
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autoptr(JsonNode) node = elicit_json_parse (data, size, 8, NULL);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  if (raw != NULL)
    *raw = g_strndup (data, size);
  return json_object_ref (json_node_get_object (node));
}

static Proof *
parse (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ".", -1);
  Proof *proof = g_new0 (Proof, 1);

  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  proof->header = decode_object (parts[0], &proof->header_text);
  proof->claims = decode_object (parts[1], NULL);
  proof->signature = decode (parts[2]);
  proof->signing_input = g_strconcat (parts[0], ".", parts[1], NULL);
  return proof;
}

static ElicitAuthDpopKey *
new_key (void)
{
  g_autoptr(GError) error = NULL;
  ElicitAuthDpopKey *key = elicit_auth_dpop_key_generate (&error);

  g_assert_no_error (error);
  g_assert_nonnull (key);
  return key;
}

static char *
new_proof (ElicitAuthDpopKey *key,
           const char        *token,
           const char        *nonce)
{
  g_autoptr(GError) error = NULL;
  char *proof = elicit_auth_dpop_key_proof (key, "POST", "https://MCP.example.test:8443/mcp?x=1#f",
                                            token, nonce, &error);

  g_assert_no_error (error);
  g_assert_nonnull (proof);
  return proof;
}

/* GnuTLS, from the header's jwk only. */
static gboolean
verifies (const Proof *proof)
{
  JsonObject *jwk = elicit_json_object_get_object (proof->header, "jwk");
  g_autoptr(GBytes) x = decode (elicit_json_object_get_string (jwk, "x"));
  g_autoptr(GBytes) y = decode (elicit_json_object_get_string (jwk, "y"));
  gnutls_datum_t xd = { (unsigned char *) g_bytes_get_data (x, NULL), g_bytes_get_size (x) };
  gnutls_datum_t yd = { (unsigned char *) g_bytes_get_data (y, NULL), g_bytes_get_size (y) };
  gsize size = 0;
  const guint8 *sig = g_bytes_get_data (proof->signature, &size);
  gnutls_datum_t r = { (unsigned char *) sig, 32 };
  gnutls_datum_t s = { (unsigned char *) sig + 32, 32 };
  gnutls_datum_t data = { (unsigned char *) proof->signing_input, strlen (proof->signing_input) };
  gnutls_datum_t der = { NULL, 0 };
  gnutls_pubkey_t pub = NULL;
  int ret;

  g_assert_cmpuint (size, ==, 64);
  g_assert_cmpuint (g_bytes_get_size (x), ==, 32);
  g_assert_cmpuint (g_bytes_get_size (y), ==, 32);
  g_assert_cmpint (gnutls_pubkey_init (&pub), ==, 0);
  g_assert_cmpint (gnutls_pubkey_import_ecc_raw (pub, GNUTLS_ECC_CURVE_SECP256R1, &xd, &yd), ==, 0);
  g_assert_cmpint (gnutls_encode_rs_value (&der, &r, &s), ==, 0);
  ret = gnutls_pubkey_verify_data2 (pub, GNUTLS_SIGN_ECDSA_SHA256, 0, &data, &der);
  gnutls_free (der.data);
  gnutls_pubkey_deinit (pub);

  return ret >= 0;
}

static void
test_header_has_the_public_key_only (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autofree char *text = new_proof (key, TOKEN, NULL);
  g_autoptr(Proof) proof = parse (text);
  JsonObject *jwk = elicit_json_object_get_object (proof->header, "jwk");
  g_autofree char *expected = g_strdup_printf ("{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":%s}",
                                               elicit_auth_dpop_key_get_jwk (key));

  g_assert_cmpstr (proof->header_text, ==, expected);
  g_assert_cmpstr (elicit_json_object_get_string (proof->header, "typ"), ==, "dpop+jwt");
  g_assert_cmpstr (elicit_json_object_get_string (proof->header, "alg"), ==, "ES256");
  g_assert_nonnull (jwk);
  g_assert_cmpuint (json_object_get_size (jwk), ==, 4);
  g_assert_cmpstr (elicit_json_object_get_string (jwk, "kty"), ==, "EC");
  g_assert_cmpstr (elicit_json_object_get_string (jwk, "crv"), ==, "P-256");
  g_assert_false (json_object_has_member (jwk, "d"));
  g_assert_null (strstr (text, "PRIVATE"));
}

static void
test_claims_bind_the_request_and_the_token (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *text = new_proof (key, TOKEN, "server-nonce-1");
  gint64 after = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(Proof) proof = parse (text);
  g_autofree char *ath = elicit_auth_pkce_challenge (TOKEN);
  g_autoptr(GBytes) jti = decode (elicit_json_object_get_string (proof->claims, "jti"));
  gint64 iat = 0;

  g_assert_cmpstr (elicit_json_object_get_string (proof->claims, "htm"), ==, "POST");
  /* No query, no fragment (RFC 9449 §4.2); GUri lower-cases the host. */
  g_assert_cmpstr (elicit_json_object_get_string (proof->claims, "htu"), ==,
                   "https://mcp.example.test:8443/mcp");
  g_assert_true (elicit_json_object_get_int (proof->claims, "iat", &iat));
  g_assert_cmpint (iat, >=, before);
  g_assert_cmpint (iat, <=, after);
  g_assert_cmpuint (g_bytes_get_size (jti), ==, 16);
  /* base64url(SHA-256("an-access-token.with.dots")), computed apart. */
  g_assert_cmpstr (ath, ==, "nsd_er7OJ5jKHBh-_Pl2pQE4QmsuwMeAh-7D6VTLP3U");
  g_assert_cmpstr (elicit_json_object_get_string (proof->claims, "ath"), ==, ath);
  g_assert_cmpstr (elicit_json_object_get_string (proof->claims, "nonce"), ==, "server-nonce-1");
  g_assert_cmpuint (json_object_get_size (proof->claims), ==, 6);
}

static void
test_a_token_request_proof_has_no_ath_nor_nonce (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autofree char *text = new_proof (key, NULL, NULL);
  g_autoptr(Proof) proof = parse (text);

  g_assert_false (json_object_has_member (proof->claims, "ath"));
  g_assert_false (json_object_has_member (proof->claims, "nonce"));
  g_assert_cmpuint (json_object_get_size (proof->claims), ==, 4);
}

/* Many proofs: some R or S has a leading zero byte or its high bit set, the
 * cases a DER-to-JOSE conversion gets wrong; every jti differs. */
static void
test_every_proof_verifies_and_is_fresh (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autoptr(GHashTable) jtis = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < 64; i++)
    {
      g_autofree char *text = new_proof (key, TOKEN, NULL);
      g_autoptr(Proof) proof = parse (text);

      g_assert_true (verifies (proof));
      g_assert_true (g_hash_table_add (jtis, g_strdup (elicit_json_object_get_string (proof->claims,
                                                                                      "jti"))));
    }
}

static void
test_a_tampered_proof_does_not_verify (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autofree char *text = new_proof (key, TOKEN, NULL);
  g_autoptr(Proof) proof = parse (text);
  char *claims = strchr (proof->signing_input, '.') + 1;

  claims[3] = claims[3] == 'A' ? 'B' : 'A';
  g_assert_false (verifies (proof));
}

static void
test_python_cryptography_verifies_it (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autofree char *text = new_proof (key, TOKEN, "n");
  g_autoptr(GSubprocess) python = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_test ("/usr/bin/python3", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no /usr/bin/python3");
      return;
    }

  python = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                             G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                             "/usr/bin/python3", "-c", verify_py, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (python, text, NULL, &out, &err, &error);
  g_assert_no_error (error);

  if (err != NULL && strstr (err, "No module named 'cryptography'") != NULL)
    {
      g_test_skip ("python3-cryptography is not installed");
      return;
    }
  g_assert_cmpstr (err, ==, "");
  g_assert_cmpstr (out, ==, "ok\n");
}

/* RFC 7638 §3.1's example shape: the thumbprint is over the required
 * members in lexical order, and survives the key's trip through a record. */
static void
test_the_key_survives_its_record (void)
{
  g_autoptr(ElicitAuthDpopKey) key = new_key ();
  g_autoptr(ElicitAuthDpopKey) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  g_autofree char *thumbprint = NULL;

  g_assert_true (g_str_has_prefix (elicit_auth_dpop_key_get_jwk (key), "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\""));
  g_checksum_update (checksum, (const guchar *) elicit_auth_dpop_key_get_jwk (key), -1);
  g_checksum_get_digest (checksum, digest, &length);
  thumbprint = elicit_auth_base64url (digest, length);
  g_assert_cmpstr (elicit_auth_dpop_key_get_thumbprint (key), ==, thumbprint);

  again = elicit_auth_dpop_key_new_from_pem (elicit_auth_dpop_key_get_pem (key), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (elicit_auth_dpop_key_get_thumbprint (again), ==, thumbprint);
}

static void
test_a_record_with_another_key_is_refused (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "auth",
                                                 "test-only-rsa2048-pkcs8.pem", NULL);
  g_autofree char *pem = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &pem, NULL, NULL));
  g_assert_null (elicit_auth_dpop_key_new_from_pem (pem, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "The sign-in’s DPoP key is not an EC P-256 private key");
  g_clear_error (&error);

  g_assert_null (elicit_auth_dpop_key_new_from_pem ("garbage", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/AuthDpop/the-header-carries-the-public-key-only",
                   test_header_has_the_public_key_only);
  g_test_add_func ("/Elicit/AuthDpop/the-claims-bind-the-request-and-the-token",
                   test_claims_bind_the_request_and_the_token);
  g_test_add_func ("/Elicit/AuthDpop/a-token-request-proof-has-no-ath-nor-nonce",
                   test_a_token_request_proof_has_no_ath_nor_nonce);
  g_test_add_func ("/Elicit/AuthDpop/every-proof-verifies-and-is-fresh",
                   test_every_proof_verifies_and_is_fresh);
  g_test_add_func ("/Elicit/AuthDpop/a-tampered-proof-does-not-verify",
                   test_a_tampered_proof_does_not_verify);
  g_test_add_func ("/Elicit/AuthDpop/python-cryptography-verifies-it",
                   test_python_cryptography_verifies_it);
  g_test_add_func ("/Elicit/AuthDpop/the-key-survives-its-record", test_the_key_survives_its_record);
  g_test_add_func ("/Elicit/AuthDpop/a-record-with-another-key-is-refused",
                   test_a_record_with_another_key_is_refused);

  return g_test_run ();
}
