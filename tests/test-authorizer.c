/* test-authorizer.c: ElicitAuthorizer against an authorization server in
 * this process (a SoupServer on 127.0.0.1), the browser played by
 * tests/follow-redirects as the authorizer's browser command
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <sys/prctl.h>

#include "elicit.h"
#include "elicit-authorizer-private.h"
#include "elicit-json.h"

#define SECRET "s3cr3t-Cl1ent"

typedef struct
{
  SoupServer       *server;
  char             *base;
  ElicitAuthorizer *authorizer;
  /* What the authorization server does */
  gboolean          s256;
  const char       *token_type;
  const char       *token_error;   /* answer the token request with this error */
  const char       *token_endpoint; /* instead of its own */
  gboolean          refresh;       /* hand out refresh tokens */
  /* What it saw */
  GPtrArray        *token_requests;  /* form bodies, as hash tables */
  GPtrArray        *authorizations;  /* their Authorization headers ("" for none) */
  guint             n_authorize;
  guint             n_tokens;
} Fixture;

static void
json_response (SoupServerMessage *message,
               guint              status,
               const char        *text)
{
  soup_server_message_set_status (message, status, NULL);
  soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY, text, strlen (text));
}

static void
prm_cb (SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
        gpointer user_data)
{
  Fixture *f = user_data;
  g_autofree char *text = g_strdup_printf ("{\"resource\": \"%s/mcp\", \"authorization_servers\": [\"%s\"],"
                                           " \"scopes_supported\": [\"mcp:read\"]}", f->base, f->base);

  json_response (message, 200, text);
}

static void
metadata_cb (SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
             gpointer user_data)
{
  Fixture *f = user_data;
  g_autofree char *token = f->token_endpoint ? g_strdup (f->token_endpoint) : g_strconcat (f->base, "/token", NULL);
  g_autofree char *text = NULL;

  text = g_strdup_printf ("{\"issuer\": \"%s\", \"authorization_endpoint\": \"%s/authorize\", "
                          "\"token_endpoint\": \"%s\", \"registration_endpoint\": \"%s/register\", "
                          "\"response_types_supported\": [\"code\"], "
                          "\"authorization_response_iss_parameter_supported\": true, "
                          "\"code_challenge_methods_supported\": [%s]}",
                          f->base, f->base, token, f->base, f->s256 ? "\"S256\"" : "\"plain\"");
  json_response (message, 200, text);
}

static void
register_cb (SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
             gpointer user_data)
{
  json_response (message, 201, "{\"client_id\": \"dyn-client\", \"client_secret\": \"" SECRET "\"}");
}

static void
authorize_cb (SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
              gpointer user_data)
{
  Fixture *f = user_data;
  g_autofree char *redirect = NULL;
  g_autofree char *state = g_uri_escape_string (g_hash_table_lookup (query, "state"), NULL, FALSE);
  g_autofree char *iss = g_uri_escape_string (f->base, NULL, FALSE);

  f->n_authorize++;
  g_assert_cmpstr (g_hash_table_lookup (query, "code_challenge_method"), ==, "S256");
  g_assert_cmpstr (g_hash_table_lookup (query, "scope"), ==, "mcp:read");
  redirect = g_strdup_printf ("%s?code=the-code&state=%s&iss=%s",
                              (const char *) g_hash_table_lookup (query, "redirect_uri"), state, iss);
  soup_server_message_set_redirect (message, SOUP_STATUS_FOUND, redirect);
}

static void
token_cb (SoupServer *server, SoupServerMessage *message, const char *path, GHashTable *query,
          gpointer user_data)
{
  Fixture *f = user_data;
  SoupMessageBody *body = soup_server_message_get_request_body (message);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const char *authorization = soup_message_headers_get_one (soup_server_message_get_request_headers (message),
                                                            "Authorization");
  g_autofree char *answer = NULL;

  g_ptr_array_add (f->token_requests, soup_form_decode (text));
  g_ptr_array_add (f->authorizations, g_strdup (authorization ? authorization : ""));
  f->n_tokens++;

  if (f->token_error != NULL)
    {
      json_response (message, 400, f->token_error);
      return;
    }

  answer = g_strdup_printf ("{\"access_token\": \"token-%u\", \"token_type\": \"%s\", \"expires_in\": 3600%s}",
                            f->n_tokens, f->token_type,
                            f->refresh ? ", \"refresh_token\": \"refresh-me\"" : "");
  json_response (message, 200, answer);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "follow-redirects", NULL);
  const char *browser[] = { script, NULL };
  g_autofree char *resource = NULL;
  GSList *uris;

  f->s256 = TRUE;
  f->token_type = "Bearer";
  f->token_requests = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  f->authorizations = g_ptr_array_new_with_free_func (g_free);
  f->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (f->server, "/.well-known/oauth-protected-resource/mcp", prm_cb, f, NULL);
  soup_server_add_handler (f->server, "/.well-known/oauth-authorization-server", metadata_cb, f, NULL);
  soup_server_add_handler (f->server, "/register", register_cb, f, NULL);
  soup_server_add_handler (f->server, "/authorize", authorize_cb, f, NULL);
  soup_server_add_handler (f->server, "/token", token_cb, f, NULL);
  soup_server_listen_local (f->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (f->server);
  f->base = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  resource = g_strconcat (f->base, "/mcp", NULL);
  f->authorizer = elicit_authorizer_new (resource, "Work");
  elicit_authorizer_set_browser_command (f->authorizer, browser);
  elicit_authorizer_set_auto_approve (f->authorizer, TRUE);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_finalize_object (f->authorizer);
  soup_server_disconnect (f->server);
  g_clear_object (&f->server);
  g_ptr_array_unref (f->token_requests);
  g_ptr_array_unref (f->authorizations);
  g_free (f->base);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Outcome;

static void
challenged_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = elicit_authorizer_challenge_finish (ELICIT_AUTHORIZER (object), result, &outcome->error);
  outcome->done = TRUE;
}

static gboolean
timed_out_cb (gpointer user_data)
{
  g_error ("timed out");
  return G_SOURCE_REMOVE;
}

static void
challenge (Fixture    *f,
           guint       status,
           const char *sent_token,
           Outcome    *outcome)
{
  g_autofree char *header = g_strdup_printf ("Bearer resource_metadata=\"%s/.well-known/oauth-protected-resource/mcp\"",
                                             f->base);
  guint timeout = g_timeout_add_seconds (60, timed_out_cb, NULL);

  elicit_authorizer_challenge_async (f->authorizer, status, header, sent_token, 0, NULL,
                                     challenged_cb, outcome);
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
test_signs_in_through_the_browser (Fixture       *f,
                                   gconstpointer  data)
{
  Outcome outcome = { 0 };
  GHashTable *form;

  f->refresh = TRUE;
  challenge (f, 401, NULL, &outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  g_assert_true (elicit_authorizer_get_signed_in (f->authorizer));
  g_assert_cmpstr (elicit_authorizer_get_access_token (f->authorizer), ==, "token-1");

  /* A process that holds a token leaves no core dump and admits no debugger. */
#ifndef ELICIT_UNDER_ASAN
  g_assert_cmpint (prctl (PR_GET_DUMPABLE, 0, 0, 0, 0), ==, 0);
#endif

  /* The code exchange: PKCE, resource as published, the registered secret
   * in Basic (no list of methods: RFC 8414's default), to the token
   * endpoint only. */
  form = g_ptr_array_index (f->token_requests, 0);
  g_assert_cmpstr (g_hash_table_lookup (form, "grant_type"), ==, "authorization_code");
  g_assert_cmpstr (g_hash_table_lookup (form, "code"), ==, "the-code");
  g_assert_nonnull (g_hash_table_lookup (form, "code_verifier"));
  g_assert_cmpstr (g_hash_table_lookup (form, "resource"), ==,
                   elicit_authorizer_get_resource (f->authorizer));
  g_assert_null (g_hash_table_lookup (form, "client_secret"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (f->authorizations, 0), "Basic "));

  /* A 401 for that token: refreshed, without the browser. */
  outcome = (Outcome) { 0 };
  challenge (f, 401, "token-1", &outcome);
  g_assert_true (outcome.ok);
  g_assert_cmpuint (f->n_authorize, ==, 1);
  form = g_ptr_array_index (f->token_requests, 1);
  g_assert_cmpstr (g_hash_table_lookup (form, "grant_type"), ==, "refresh_token");
  g_assert_cmpstr (g_hash_table_lookup (form, "refresh_token"), ==, "refresh-me");
  g_assert_cmpstr (elicit_authorizer_get_access_token (f->authorizer), ==, "token-2");

  /* A 401 for a token already replaced: just send again. */
  outcome = (Outcome) { 0 };
  challenge (f, 401, "token-1", &outcome);
  g_assert_true (outcome.ok);
  g_assert_cmpuint (f->n_tokens, ==, 2);
}

static void
assert_fails (Fixture    *f,
              int         code,
              const char *message)
{
  Outcome outcome = { 0 };

  challenge (f, 401, NULL, &outcome);
  g_assert_false (outcome.ok);
  g_assert_error (outcome.error, ELICIT_AUTH_ERROR, code);
  if (message != NULL)
    g_assert_cmpstr (outcome.error->message, ==, message);
  g_assert_null (strstr (outcome.error->message, SECRET));
  g_assert_false (elicit_authorizer_get_signed_in (f->authorizer));
  g_clear_error (&outcome.error);
}

static void
test_refuses_a_server_without_s256 (Fixture       *f,
                                    gconstpointer  data)
{
  f->s256 = FALSE;
  assert_fails (f, ELICIT_AUTH_ERROR_INSECURE,
                "The authorization server of “Work” does not offer PKCE with S256, without which "
                "Elicit does not sign in");
  g_assert_cmpuint (f->n_authorize, ==, 0);
}

static void
test_refuses_a_token_endpoint_on_plain_http (Fixture       *f,
                                             gconstpointer  data)
{
  f->token_endpoint = "http://auth.example.com/token";
  assert_fails (f, ELICIT_AUTH_ERROR_INSECURE,
                "The token endpoint is not on https (auth.example.com): Elicit does not send a "
                "sign-in there");
  g_assert_cmpuint (f->n_authorize, ==, 0);
}

static void
test_refuses_a_token_that_is_not_bearer (Fixture       *f,
                                         gconstpointer  data)
{
  f->token_type = "MAC";
  assert_fails (f, ELICIT_AUTH_ERROR_TOKEN,
                "The authorization server issued a token of type “MAC”; Elicit only uses Bearer "
                "and DPoP tokens");
}

static void
test_refuses_a_dpop_token_it_sent_no_proof_for (Fixture       *f,
                                                gconstpointer  data)
{
  f->token_type = "DPoP";
  assert_fails (f, ELICIT_AUTH_ERROR_TOKEN,
                "The authorization server issued a DPoP token although Elicit sent no DPoP proof");
}

static void
test_an_echoed_secret_stays_out_of_the_error (Fixture       *f,
                                              gconstpointer  data)
{
  f->token_error = "{\"error\": \"invalid_client\", \"error_description\": \"wrong secret " SECRET "\"}";
  assert_fails (f, ELICIT_AUTH_ERROR_TOKEN,
                "The authorization server refused to issue a token: wrong secret … (invalid_client)");
}

static void
test_nobody_to_ask_means_sign_in_required (Fixture       *f,
                                           gconstpointer  data)
{
  elicit_authorizer_set_auto_approve (f->authorizer, FALSE);
  assert_fails (f, ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED, "“Work” needs you to sign in");
  g_assert_cmpuint (f->n_authorize, ==, 0);
}

/* An embedder that sets ELICIT_BROWSER for reasons of its own (or inherits
 * it) and handles no ::sign-in: the library opens nothing by itself. */
static void
test_elicit_browser_in_the_environment_opens_nothing (Fixture       *f,
                                                      gconstpointer  data)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "follow-redirects", NULL);
  g_autofree char *quoted = g_shell_quote (script);

  elicit_authorizer_set_auto_approve (f->authorizer, FALSE);
  elicit_authorizer_set_browser_command (f->authorizer, NULL);
  g_setenv ("ELICIT_BROWSER", quoted, TRUE);
  assert_fails (f, ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED, "“Work” needs you to sign in");
  g_unsetenv ("ELICIT_BROWSER");
  g_assert_cmpuint (f->n_authorize, ==, 0);
}

typedef struct
{
  Fixture      *f;
  ElicitSignIn *sign_in;
  guint         n_authorize_before;
} Consent;

static gboolean
consent_later_cb (gpointer user_data)
{
  Consent *consent = user_data;

  /* The handler has had the sign-in for a whole main-loop turn: nothing
   * opened before it said yes. */
  consent->n_authorize_before = consent->f->n_authorize;
  elicit_sign_in_launch_browser_async (consent->sign_in, NULL, NULL, NULL);

  return G_SOURCE_REMOVE;
}

static gboolean
consent_sign_in_cb (ElicitAuthorizer *authorizer,
                    ElicitSignIn     *sign_in,
                    Consent          *consent)
{
  const char * const *browser = elicit_sign_in_get_browser_command (sign_in);

  g_assert_nonnull (browser);
  g_assert_true (g_str_has_suffix (browser[0], "follow-redirects"));
  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);
  consent->sign_in = g_object_ref (sign_in);
  g_idle_add (consent_later_cb, consent);

  return TRUE;
}

static void
test_the_browser_command_runs_only_after_consent (Fixture       *f,
                                                  gconstpointer  data)
{
  Consent consent = { f, NULL, G_MAXUINT };
  Outcome outcome = { 0 };

  g_signal_connect (f->authorizer, "sign-in", G_CALLBACK (consent_sign_in_cb), &consent);
  challenge (f, 401, NULL, &outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  g_assert_cmpuint (consent.n_authorize_before, ==, 0);
  g_assert_cmpuint (f->n_authorize, ==, 1);
  g_assert_cmpint (elicit_sign_in_get_state (consent.sign_in), ==, ELICIT_SIGN_IN_STATE_DONE);
  g_clear_object (&consent.sign_in);
}

static gboolean
cancel_sign_in_cb (ElicitAuthorizer *authorizer,
                   ElicitSignIn     *sign_in,
                   gpointer          user_data)
{
  ElicitSignIn **seen = user_data;
  const char * const *scopes = elicit_sign_in_get_scopes (sign_in);

  *seen = g_object_ref (sign_in);
  g_assert_cmpstr (elicit_sign_in_get_server_label (sign_in), ==, "Work");
  g_assert_cmpstr (scopes[0], ==, "mcp:read");
  g_assert_null (scopes[1]);
  g_assert_true (g_str_has_prefix (elicit_sign_in_get_authorization_url (sign_in),
                                   elicit_sign_in_get_authorization_server (sign_in)));
  g_assert_cmpint (elicit_sign_in_get_state (sign_in), ==, ELICIT_SIGN_IN_STATE_CONSENT);
  elicit_sign_in_cancel (sign_in);

  return TRUE;
}

static void
test_a_handler_sees_the_sign_in_and_may_cancel (Fixture       *f,
                                                gconstpointer  data)
{
  g_autoptr(ElicitSignIn) seen = NULL;
  Outcome outcome = { 0 };

  g_signal_connect (f->authorizer, "sign-in", G_CALLBACK (cancel_sign_in_cb), &seen);
  challenge (f, 401, NULL, &outcome);
  g_assert_false (outcome.ok);
  g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpstr (outcome.error->message, ==, "Signing in to “Work” was cancelled");
  g_assert_nonnull (seen);
  g_assert_cmpint (elicit_sign_in_get_state (seen), ==, ELICIT_SIGN_IN_STATE_CANCELLED);
  g_assert_cmpuint (f->n_authorize, ==, 0);
  g_clear_error (&outcome.error);
}

static void
test_challenges_are_bounded (Fixture       *f,
                             gconstpointer  data)
{
  Outcome outcome = { 0 };

  elicit_authorizer_challenge_async (f->authorizer, 401, NULL, NULL, ELICIT_AUTHORIZER_MAX_CHALLENGES,
                                     NULL, challenged_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (outcome.error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_UNAUTHORIZED);
  g_assert_cmpstr (outcome.error->message, ==, "“Work” keeps refusing the sign-in (HTTP 401)");
  g_clear_error (&outcome.error);
}

static void
test_step_up_that_asks_nothing_new_gives_up (Fixture       *f,
                                             gconstpointer  data)
{
  Outcome outcome = { 0 };

  challenge (f, 401, NULL, &outcome);
  g_assert_true (outcome.ok);

  outcome = (Outcome) { 0 };
  elicit_authorizer_challenge_async (f->authorizer, 403,
                                     "Bearer error=\"insufficient_scope\", scope=\"mcp:read\"",
                                     "token-1", 1, NULL, challenged_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (outcome.error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INSUFFICIENT_SCOPE);
  g_assert_cmpstr (outcome.error->message, ==,
                   "“Work” asks for more access (mcp:read) than its authorization server granted");
  g_assert_cmpuint (f->n_authorize, ==, 1);
  g_clear_error (&outcome.error);
}

static void
signed_out_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = elicit_authorizer_sign_out_finish (ELICIT_AUTHORIZER (object), result, &outcome->error);
  outcome->done = TRUE;
}

static void
test_a_stored_sign_in_is_reused_then_signed_out (Fixture       *f,
                                                 gconstpointer  data)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_MEMORY_ONLY);
  g_autoptr(ElicitAuthorizer) second = NULL;
  Outcome outcome = { 0 };

  elicit_authorizer_set_token_store (f->authorizer, store);
  challenge (f, 401, NULL, &outcome);
  g_assert_true (outcome.ok);
  g_assert_cmpuint (f->n_authorize, ==, 1);

  /* Another authorizer for the same server, say another Elicit process:
   * its first 401 finds the sign-in, no browser. */
  second = elicit_authorizer_new (elicit_authorizer_get_resource (f->authorizer), "Work");
  elicit_authorizer_set_token_store (second, store);
  outcome = (Outcome) { 0 };
  elicit_authorizer_challenge_async (second, 401, NULL, NULL, 0, NULL, challenged_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (outcome.ok);
  g_assert_true (elicit_authorizer_get_signed_in (second));
  g_assert_cmpstr (elicit_authorizer_get_access_token (second), ==, "token-1");
  g_assert_cmpuint (f->n_authorize, ==, 1);

  outcome = (Outcome) { 0 };
  elicit_authorizer_sign_out_async (second, NULL, signed_out_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (outcome.error);
  g_assert_false (elicit_authorizer_get_signed_in (second));
  g_assert_finalize_object (g_steal_pointer (&second));

  /* A third finds nothing: the next 401 means signing in again. */
  second = elicit_authorizer_new (elicit_authorizer_get_resource (f->authorizer), "Work");
  elicit_authorizer_set_token_store (second, store);
  outcome = (Outcome) { 0 };
  elicit_authorizer_challenge_async (second, 401, NULL, NULL, 0, NULL, challenged_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (outcome.error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED);
  g_clear_error (&outcome.error);
  g_assert_finalize_object (g_steal_pointer (&second));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Elicit/Authorizer/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("signs-in-through-the-browser", test_signs_in_through_the_browser);
  ADD ("refuses-a-server-without-s256", test_refuses_a_server_without_s256);
  ADD ("refuses-a-token-endpoint-on-plain-http", test_refuses_a_token_endpoint_on_plain_http);
  ADD ("refuses-a-token-that-is-neither-bearer-nor-dpop", test_refuses_a_token_that_is_not_bearer);
  ADD ("refuses-a-dpop-token-it-sent-no-proof-for", test_refuses_a_dpop_token_it_sent_no_proof_for);
  ADD ("an-echoed-secret-stays-out-of-the-error", test_an_echoed_secret_stays_out_of_the_error);
  ADD ("nobody-to-ask-means-sign-in-required", test_nobody_to_ask_means_sign_in_required);
  ADD ("elicit-browser-in-the-environment-opens-nothing",
       test_elicit_browser_in_the_environment_opens_nothing);
  ADD ("the-browser-command-runs-only-after-consent",
       test_the_browser_command_runs_only_after_consent);
  ADD ("a-handler-sees-the-sign-in-and-may-cancel", test_a_handler_sees_the_sign_in_and_may_cancel);
  ADD ("challenges-are-bounded", test_challenges_are_bounded);
  ADD ("step-up-that-asks-nothing-new-gives-up", test_step_up_that_asks_nothing_new_gives_up);
  ADD ("a-stored-sign-in-is-reused-then-signed-out", test_a_stored_sign_in_is_reused_then_signed_out);

  return g_test_run ();
}
