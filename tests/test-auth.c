/* test-auth.c: the pieces of MCP authorization, each on its own
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit.h"
#include "elicit-auth-private.h"
#include "elicit-json.h"

/* PKCE ------------------------------------------------------------------------- */

static void
test_pkce_matches_rfc7636_appendix_b (void)
{
  g_autofree char *challenge = elicit_auth_pkce_challenge ("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");

  g_assert_cmpstr (challenge, ==, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

static void
test_random_strings_are_base64url_and_differ (void)
{
  g_autofree char *a = elicit_auth_random_string (32);
  g_autofree char *b = elicit_auth_random_string (32);

  /* 32 bytes: 43 characters (RFC 7636 §4.1's minimum), none outside base64url. */
  g_assert_cmpuint (strlen (a), ==, 43);
  g_assert_cmpstr (a, !=, b);
  for (const char *c = a; *c != '\0'; c++)
    g_assert_true (g_ascii_isalnum (*c) || *c == '-' || *c == '_');
}

/* WWW-Authenticate ------------------------------------------------------------- */

static const char *
param (GPtrArray  *challenges,
       guint       index,
       const char *name)
{
  ElicitAuthChallenge *challenge;

  g_assert_cmpuint (index, <, challenges->len);
  challenge = g_ptr_array_index (challenges, index);
  return g_hash_table_lookup (challenge->params, name);
}

static const char *
scheme (GPtrArray *challenges,
        guint      index)
{
  return ((ElicitAuthChallenge *) g_ptr_array_index (challenges, index))->scheme;
}

static void
test_challenge_with_quoted_parameters (void)
{
  g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate (
    "Bearer resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource/mcp\", "
    "scope=\"files:read files:write\"");

  g_assert_cmpuint (c->len, ==, 1);
  g_assert_cmpstr (scheme (c, 0), ==, "bearer");
  g_assert_cmpstr (param (c, 0, "resource_metadata"), ==,
                   "https://mcp.example.com/.well-known/oauth-protected-resource/mcp");
  g_assert_cmpstr (param (c, 0, "scope"), ==, "files:read files:write");
}

static void
test_challenge_escapes_and_case (void)
{
  g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate (
    "bEaReR ERROR=insufficient_scope, error_description=\"say \\\"hi\\\" \\\\ bye, now\", "
    "scope=a, scope=b");

  g_assert_cmpuint (c->len, ==, 1);
  g_assert_cmpstr (scheme (c, 0), ==, "bearer");
  g_assert_cmpstr (param (c, 0, "error"), ==, "insufficient_scope");
  g_assert_cmpstr (param (c, 0, "error_description"), ==, "say \"hi\" \\ bye, now");
  /* A repeated parameter: the first counts. */
  g_assert_cmpstr (param (c, 0, "scope"), ==, "a");
}

static void
test_several_challenges_in_one_header (void)
{
  /* RFC 9110 §11.6.1's example, then a token68 and a Bearer. */
  g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate (
    "Newauth realm=\"apps\", type=1, title=\"Login to \\\"apps\\\"\", Basic realm=\"simple\", "
    "Other dXNlcjpwYXNz==, Bearer scope=\"mcp:basic\", error=\"invalid_token\"");
  GHashTable *bearer = elicit_auth_find_bearer (c);

  g_assert_cmpuint (c->len, ==, 4);
  g_assert_cmpstr (scheme (c, 0), ==, "newauth");
  g_assert_cmpstr (param (c, 0, "title"), ==, "Login to \"apps\"");
  g_assert_cmpstr (param (c, 0, "type"), ==, "1");
  g_assert_cmpstr (scheme (c, 1), ==, "basic");
  g_assert_cmpstr (param (c, 1, "realm"), ==, "simple");
  g_assert_cmpstr (scheme (c, 2), ==, "other");
  g_assert_nonnull (bearer);
  g_assert_cmpstr (g_hash_table_lookup (bearer, "scope"), ==, "mcp:basic");
  g_assert_cmpstr (g_hash_table_lookup (bearer, "error"), ==, "invalid_token");
}

static void
test_garbage_challenges_end_the_parse (void)
{
  const char *garbage[] = {
    "", "   ", ",,,", "=", "\"Bearer\"", "=,=,", "Bearer scope=\"never ends",
    "Bearer scope=\"a\" junk", "Bearer scope=\"ends in a backslash\\", "\xff\xfe",
  };

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate (garbage[i]);
      GHashTable *bearer = elicit_auth_find_bearer (c);

      /* Whatever came before the garbage, nothing made up. */
      if (bearer != NULL)
        g_assert_null (g_hash_table_lookup (bearer, "error"));
    }

  {
    g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate ("Bearer");

    g_assert_cmpuint (c->len, ==, 1);
    g_assert_cmpuint (g_hash_table_size (elicit_auth_find_bearer (c)), ==, 0);
  }
  {
    g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate ("Bearer scope=\"a\" junk");

    g_assert_cmpstr (g_hash_table_lookup (elicit_auth_find_bearer (c), "scope"), ==, "a");
  }
  {
    g_autoptr(GPtrArray) c = elicit_auth_parse_www_authenticate (NULL);

    g_assert_null (elicit_auth_find_bearer (c));
  }
}

static void
test_a_huge_challenge_is_bounded (void)
{
  g_autoptr(GString) header = g_string_new ("Bearer scope=\"");
  g_autoptr(GPtrArray) c = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (header, "x ");
  g_string_append (header, "\"");

  /* Cut at ELICIT_AUTH_MAX_HEADER: the quote never ends, nothing is read. */
  c = elicit_auth_parse_www_authenticate (header->str);
  g_assert_null (g_hash_table_lookup (elicit_auth_find_bearer (c), "scope"));
}

/* Well-known URLs -------------------------------------------------------------- */

static void
assert_urls (GPtrArray          *urls,
             const char * const *expected)
{
  g_assert_cmpuint (urls->len, ==, g_strv_length ((GStrv) expected));
  for (guint i = 0; i < urls->len; i++)
    g_assert_cmpstr (g_ptr_array_index (urls, i), ==, expected[i]);
}

static void
test_protected_resource_metadata_urls (void)
{
  g_autoptr(GPtrArray) path = elicit_auth_prm_urls ("https://mcp.example.com/public/mcp");
  g_autoptr(GPtrArray) slash = elicit_auth_prm_urls ("https://mcp.example.com:8443/mcp/");
  g_autoptr(GPtrArray) root = elicit_auth_prm_urls ("https://mcp.example.com/");
  const char *path_expected[] = {
    "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp",
    "https://mcp.example.com/.well-known/oauth-protected-resource", NULL };
  const char *slash_expected[] = {
    "https://mcp.example.com:8443/.well-known/oauth-protected-resource/mcp",
    "https://mcp.example.com:8443/.well-known/oauth-protected-resource", NULL };
  const char *root_expected[] = {
    "https://mcp.example.com/.well-known/oauth-protected-resource", NULL };

  assert_urls (path, path_expected);
  assert_urls (slash, slash_expected);
  assert_urls (root, root_expected);
}

static void
test_authorization_server_metadata_urls (void)
{
  g_autoptr(GPtrArray) path = elicit_auth_metadata_urls ("https://auth.example.com/tenant1");
  g_autoptr(GPtrArray) root = elicit_auth_metadata_urls ("https://auth.example.com");
  const char *path_expected[] = {
    "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
    "https://auth.example.com/.well-known/openid-configuration/tenant1",
    "https://auth.example.com/tenant1/.well-known/openid-configuration", NULL };
  const char *root_expected[] = {
    "https://auth.example.com/.well-known/oauth-authorization-server",
    "https://auth.example.com/.well-known/openid-configuration", NULL };

  assert_urls (path, path_expected);
  assert_urls (root, root_expected);
}

/* Issuers, resources, endpoints ------------------------------------------------ */

static JsonObject *
object (const char *text)
{
  g_autoptr(JsonNode) node = elicit_json_parse (text, -1, 64, NULL);

  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

static void
test_issuer_must_be_identical (void)
{
  g_autoptr(JsonObject) metadata = object ("{\"issuer\": \"https://auth.example.com\"}");
  g_autoptr(JsonObject) none = object ("{}");
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_auth_check_issuer (metadata, "https://auth.example.com", NULL));
  g_assert_false (elicit_auth_check_issuer (metadata, "https://auth.example.com/", &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH);
  g_assert_cmpstr (error->message, ==,
                   "The authorization server’s metadata names another issuer "
                   "(https://auth.example.com) than https://auth.example.com/");
  g_clear_error (&error);
  g_assert_false (elicit_auth_check_issuer (metadata, "HTTPS://auth.example.com", NULL));
  g_assert_false (elicit_auth_check_issuer (none, "https://auth.example.com", &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH);
}

static void
test_resource_covers_the_server (void)
{
  const char *server = "https://mcp.example.com/api/mcp";

  g_assert_true (elicit_auth_resource_covers ("https://mcp.example.com/api/mcp", server));
  g_assert_true (elicit_auth_resource_covers ("https://mcp.example.com/api/mcp/", server));
  g_assert_true (elicit_auth_resource_covers ("https://mcp.example.com/api", server));
  g_assert_true (elicit_auth_resource_covers ("https://mcp.example.com", server));
  g_assert_true (elicit_auth_resource_covers ("https://MCP.example.com:443/api", server));
  g_assert_false (elicit_auth_resource_covers ("https://mcp.example.com/ap", server));
  g_assert_false (elicit_auth_resource_covers ("https://mcp.example.com/api/mcp/more", server));
  g_assert_false (elicit_auth_resource_covers ("https://evil.example.com/api/mcp", server));
  g_assert_false (elicit_auth_resource_covers ("http://mcp.example.com/api/mcp", server));
  g_assert_false (elicit_auth_resource_covers ("https://mcp.example.com:8443/api/mcp", server));
  g_assert_false (elicit_auth_resource_covers ("not a url", server));
  g_assert_false (elicit_auth_resource_covers (NULL, server));
}

static void
test_endpoints_must_be_https_or_loopback (void)
{
  const char *good[] = {
    "https://auth.example.com/token", "http://127.0.0.1:8080/token", "http://localhost/token",
    "http://[::1]:9/token", "http://127.1.2.3/token",
  };
  const char *insecure[] = { "http://auth.example.com/token", "http://10.0.0.1/token",
                             "ftp://auth.example.com/token" };
  const char *invalid[] = { "https://user:pass@auth.example.com/token", "https:///token",
                            "https://auth.example.com/token#frag", "token" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    g_assert_true (elicit_auth_check_endpoint (good[i], "token endpoint", NULL));

  for (guint i = 0; i < G_N_ELEMENTS (insecure); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (elicit_auth_check_endpoint (insecure[i], "token endpoint", &error));
      g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INSECURE);
    }

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (elicit_auth_check_endpoint (invalid[i], "token endpoint", &error));
      g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_DISCOVERY);
    }

  {
    g_autoptr(GError) error = NULL;

    elicit_auth_check_endpoint ("http://auth.example.com/authorize", "authorization endpoint", &error);
    g_assert_cmpstr (error->message, ==, "The authorization endpoint is not on https "
                     "(auth.example.com): Elicit does not send a sign-in there");
  }
}

/* Scopes ----------------------------------------------------------------------- */

static void
test_scope_union_keeps_order_without_repeats (void)
{
  g_autofree char *both = elicit_auth_scope_union ("mcp:basic  read", "read mcp:write mcp:basic");
  g_autofree char *first = elicit_auth_scope_union ("a", NULL);
  g_autofree char *second = elicit_auth_scope_union (NULL, "b");
  g_autofree char *none = elicit_auth_scope_union ("", " ");

  g_assert_cmpstr (both, ==, "mcp:basic read mcp:write");
  g_assert_cmpstr (first, ==, "a");
  g_assert_cmpstr (second, ==, "b");
  g_assert_null (none);

  g_assert_true (elicit_auth_scope_contains ("a b c", "c a"));
  g_assert_true (elicit_auth_scope_contains ("a", ""));
  g_assert_false (elicit_auth_scope_contains ("a b", "a d"));
  g_assert_false (elicit_auth_scope_contains (NULL, "a"));
}

/* Token responses and secrets -------------------------------------------------- */

static void
test_token_response_must_be_bearer (void)
{
  g_autoptr(JsonObject) mac = object ("{\"access_token\": \"t\", \"token_type\": \"mac\"}");
  g_autoptr(JsonObject) none = object ("{\"access_token\": \"t\"}");
  g_autoptr(JsonObject) bearer = object ("{\"access_token\": \"tok\", \"token_type\": \"bearer\", "
                                         "\"expires_in\": 60, \"refresh_token\": \"r\"}");
  g_autoptr(JsonObject) spaces = object ("{\"access_token\": \"a b\", \"token_type\": \"Bearer\"}");
  g_autoptr(ElicitAuthTokens) tokens = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (elicit_auth_tokens_from_response (mac, 200, NULL, NULL, &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN);
  g_assert_cmpstr (error->message, ==,
                   "The authorization server issued a token of type “mac”; Elicit only uses "
                   "Bearer and DPoP tokens");
  g_clear_error (&error);

  g_assert_null (elicit_auth_tokens_from_response (none, 200, NULL, NULL, &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN);
  g_clear_error (&error);

  g_assert_null (elicit_auth_tokens_from_response (spaces, 200, NULL, NULL, &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN);
  g_clear_error (&error);

  tokens = elicit_auth_tokens_from_response (bearer, 200, "s1 s2", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tokens->access_token, ==, "tok");
  g_assert_cmpstr (tokens->refresh_token, ==, "r");
  g_assert_cmpstr (tokens->scope, ==, "s1 s2");
  g_assert_cmpint (tokens->expires_at, >, g_get_real_time () / G_USEC_PER_SEC);
}

static void
test_a_secret_never_shows_in_an_error (void)
{
  const char *secrets[] = { "s3cr3t-client-secret", "the-auth-code", NULL };
  g_autoptr(JsonObject) echo = object ("{\"error\": \"invalid_client s3cr3t-client-secret\", "
                                       "\"error_description\": \"bad secret s3cr3t-client-secret "
                                       "for code the-auth-code\"}");
  g_autoptr(JsonObject) type = object ("{\"access_token\": \"t\", "
                                       "\"token_type\": \"s3cr3t-client-secret\"}");
  g_autoptr(GError) error = NULL;

  g_assert_null (elicit_auth_tokens_from_response (echo, 401, NULL, secrets, &error));
  g_assert_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN);
  g_assert_null (strstr (error->message, "s3cr3t"));
  g_assert_null (strstr (error->message, "the-auth-code"));
  g_assert_cmpstr (error->message, ==, "The authorization server refused to issue a token: "
                   "bad secret … for code … (invalid_client …)");
  g_clear_error (&error);

  g_assert_null (elicit_auth_tokens_from_response (type, 200, NULL, secrets, &error));
  g_assert_null (strstr (error->message, "s3cr3t"));
}

/* The redirect listener -------------------------------------------------------- */

typedef struct
{
  GHashTable *answer;
  GError     *error;
  gboolean    done;
  guint       status;
  gboolean    got_status;
} Wait;

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Wait *wait = user_data;

  wait->answer = elicit_auth_listener_wait_finish (NULL, result, &wait->error);
  wait->done = TRUE;
}

static void
got_page_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Wait *wait = user_data;
  SoupMessage *message = soup_session_get_async_result_message (SOUP_SESSION (object), result);
  GBytes *body = soup_session_send_and_read_finish (SOUP_SESSION (object), result, NULL);

  g_clear_pointer (&body, g_bytes_unref);
  wait->status = soup_message_get_status (message);
  wait->got_status = TRUE;
}

static gboolean
timed_out_cb (gpointer user_data)
{
  g_error ("timed out");
  return G_SOURCE_REMOVE;
}

static void
spin_until (gboolean *flag)
{
  guint timeout = g_timeout_add_seconds (30, timed_out_cb, NULL);

  while (!*flag)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
start_visit (SoupSession        *soup,
             ElicitAuthListener *listener,
             const char         *path_and_query,
             Wait               *wait)
{
  g_autoptr(GUri) base = g_uri_parse (elicit_auth_listener_get_redirect_uri (listener), G_URI_FLAGS_NONE, NULL);
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%d%s", g_uri_get_port (base), path_and_query);
  g_autoptr(SoupMessage) message = soup_message_new ("GET", url);

  wait->got_status = FALSE;
  soup_session_send_and_read_async (soup, message, G_PRIORITY_DEFAULT, NULL, got_page_cb, wait);
}

static guint
visit (SoupSession        *soup,
       ElicitAuthListener *listener,
       const char         *path_and_query,
       Wait               *wait)
{
  start_visit (soup, listener, path_and_query, wait);
  spin_until (&wait->got_status);

  return wait->status;
}

static void
test_listener_takes_only_its_answer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitAuthListener) listener = elicit_auth_listener_new ("st4te", &error);
  g_autoptr(SoupSession) soup = g_object_new (SOUP_TYPE_SESSION, "proxy-resolver", NULL, NULL);
  Wait wait = { 0 };

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (elicit_auth_listener_get_redirect_uri (listener), "http://127.0.0.1:"));
  g_assert_true (g_str_has_suffix (elicit_auth_listener_get_redirect_uri (listener), "/callback"));

  elicit_auth_listener_wait_async (listener, NULL, answered_cb, &wait);

  /* Other paths (a favicon) are not the answer. */
  g_assert_cmpuint (visit (soup, listener, "/favicon.ico", &wait), ==, 404);
  g_assert_cmpuint (visit (soup, listener, "/callback/x?code=c&state=st4te", &wait), ==, 404);
  g_assert_false (wait.done);

  /* The browser waits for the page until Elicit has judged the answer. */
  start_visit (soup, listener, "/callback?code=the-code&state=st4te&iss=x", &wait);
  spin_until (&wait.done);
  g_assert_false (wait.got_status);
  g_assert_no_error (wait.error);
  g_assert_cmpstr (g_hash_table_lookup (wait.answer, "code"), ==, "the-code");
  g_assert_cmpstr (g_hash_table_lookup (wait.answer, "iss"), ==, "x");
  g_hash_table_unref (wait.answer);
  elicit_auth_listener_conclude_async (listener, NULL, NULL, NULL);
  spin_until (&wait.got_status);
  g_assert_cmpuint (wait.status, ==, 200);

  /* One answer only. */
  g_assert_cmpuint (visit (soup, listener, "/callback?code=again&state=st4te", &wait), ==, 410);
}

/* The port is listed in /proc/net/tcp for every user: their requests change nothing. */
static void
test_listener_ignores_other_processes (void)
{
  g_autoptr(ElicitAuthListener) listener = elicit_auth_listener_new ("st4te", NULL);
  g_autoptr(SoupSession) soup = g_object_new (SOUP_TYPE_SESSION, "proxy-resolver", NULL, NULL);
  Wait wait = { 0 };

  elicit_auth_listener_wait_async (listener, NULL, answered_cb, &wait);
  g_assert_cmpuint (visit (soup, listener, "/callback?code=c&state=other", &wait), ==, 400);
  g_assert_cmpuint (visit (soup, listener, "/callback?code=c", &wait), ==, 400);
  g_assert_cmpuint (visit (soup, listener, "/callback?error=access_denied", &wait), ==, 400);
  g_assert_cmpuint (visit (soup, listener, "/callback", &wait), ==, 400);
  g_assert_cmpuint (visit (soup, listener, "/", &wait), ==, 404);
  g_assert_false (wait.done);

  /* The sign-in still completes with the right answer. */
  start_visit (soup, listener, "/callback?code=the-code&state=st4te", &wait);
  spin_until (&wait.done);
  g_assert_no_error (wait.error);
  g_assert_cmpstr (g_hash_table_lookup (wait.answer, "code"), ==, "the-code");
  g_hash_table_unref (wait.answer);

  /* A refused answer: the browser is not told it is signed in. */
  {
    g_autoptr(GError) refused = g_error_new_literal (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH, "wrong issuer");

    elicit_auth_listener_conclude_async (listener, refused, NULL, NULL);
  }
  spin_until (&wait.got_status);
  g_assert_cmpuint (wait.status, ==, 400);
}

static void
assert_refused (const char *query,
                int         code,
                const char *message)
{
  g_autoptr(ElicitAuthListener) listener = elicit_auth_listener_new ("st4te", NULL);
  g_autoptr(SoupSession) soup = g_object_new (SOUP_TYPE_SESSION, "proxy-resolver", NULL, NULL);
  g_autofree char *path = g_strconcat ("/callback", query, NULL);
  Wait wait = { 0 };

  elicit_auth_listener_wait_async (listener, NULL, answered_cb, &wait);
  g_assert_cmpuint (visit (soup, listener, path, &wait), ==, 400);
  spin_until (&wait.done);
  g_assert_null (wait.answer);
  g_assert_error (wait.error, ELICIT_AUTH_ERROR, code);
  g_assert_cmpstr (wait.error->message, ==, message);
  g_clear_error (&wait.error);
}

static void
test_listener_refuses_wrong_state_and_errors (void)
{
  assert_refused ("?state=st4te", ELICIT_AUTH_ERROR_INVALID_RESPONSE,
                  "The authorization server sent no authorization code");
  assert_refused ("?error=access_denied&state=st4te", ELICIT_AUTH_ERROR_ACCESS_DENIED,
                  "The authorization server refused the sign-in (access_denied)");
  assert_refused ("?error=access_denied&error_description=You%20said%20no%0A%E2%80%AEevil&state=st4te",
                  ELICIT_AUTH_ERROR_ACCESS_DENIED,
                  "The authorization server refused the sign-in: You said no evil (access_denied)");
}

static void
test_listener_stops_on_cancel (void)
{
  g_autoptr(ElicitAuthListener) listener = elicit_auth_listener_new ("st4te", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Wait wait = { 0 };

  elicit_auth_listener_wait_async (listener, cancellable, answered_cb, &wait);
  g_cancellable_cancel (cancellable);
  spin_until (&wait.done);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&wait.error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/Auth/pkce-matches-rfc7636-appendix-b", test_pkce_matches_rfc7636_appendix_b);
  g_test_add_func ("/Elicit/Auth/random-strings-are-base64url-and-differ",
                   test_random_strings_are_base64url_and_differ);
  g_test_add_func ("/Elicit/Auth/challenge-with-quoted-parameters", test_challenge_with_quoted_parameters);
  g_test_add_func ("/Elicit/Auth/challenge-escapes-and-case", test_challenge_escapes_and_case);
  g_test_add_func ("/Elicit/Auth/several-challenges-in-one-header", test_several_challenges_in_one_header);
  g_test_add_func ("/Elicit/Auth/garbage-challenges-end-the-parse", test_garbage_challenges_end_the_parse);
  g_test_add_func ("/Elicit/Auth/a-huge-challenge-is-bounded", test_a_huge_challenge_is_bounded);
  g_test_add_func ("/Elicit/Auth/protected-resource-metadata-urls", test_protected_resource_metadata_urls);
  g_test_add_func ("/Elicit/Auth/authorization-server-metadata-urls",
                   test_authorization_server_metadata_urls);
  g_test_add_func ("/Elicit/Auth/issuer-must-be-identical", test_issuer_must_be_identical);
  g_test_add_func ("/Elicit/Auth/resource-covers-the-server", test_resource_covers_the_server);
  g_test_add_func ("/Elicit/Auth/endpoints-must-be-https-or-loopback",
                   test_endpoints_must_be_https_or_loopback);
  g_test_add_func ("/Elicit/Auth/scope-union-keeps-order-without-repeats",
                   test_scope_union_keeps_order_without_repeats);
  g_test_add_func ("/Elicit/Auth/token-response-must-be-bearer", test_token_response_must_be_bearer);
  g_test_add_func ("/Elicit/Auth/a-secret-never-shows-in-an-error", test_a_secret_never_shows_in_an_error);
  g_test_add_func ("/Elicit/Auth/listener-takes-only-its-answer", test_listener_takes_only_its_answer);
  g_test_add_func ("/Elicit/Auth/listener-refuses-wrong-state-and-errors",
                   test_listener_refuses_wrong_state_and_errors);
  g_test_add_func ("/Elicit/Auth/listener-stops-on-cancel", test_listener_stops_on_cancel);
  g_test_add_func ("/Elicit/Auth/listener-ignores-other-processes", test_listener_ignores_other_processes);

  return g_test_run ();
}
