/* elicit-auth-token.c: the token endpoint (authorization code, refresh, client credentials)
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-dpop-private.h"
#include "elicit-auth-jwt-private.h"
#include "elicit-auth-private.h"
#include "elicit-json.h"

void
elicit_auth_tokens_free (ElicitAuthTokens *tokens)
{
  elicit_auth_secret_free (tokens->access_token);
  elicit_auth_secret_free (tokens->refresh_token);
  g_free (tokens->scope);
  g_free (tokens);
}

static const char * const method_names[] = {
  [ELICIT_AUTH_CLIENT_NONE] = "none",
  [ELICIT_AUTH_CLIENT_SECRET_BASIC] = "client_secret_basic",
  [ELICIT_AUTH_CLIENT_SECRET_POST] = "client_secret_post",
  [ELICIT_AUTH_CLIENT_PRIVATE_KEY_JWT] = "private_key_jwt",
};

const char *
elicit_auth_client_method_to_string (ElicitAuthClientMethod method)
{
  return method_names[method];
}

ElicitAuthClientMethod
elicit_auth_client_method_from_string (const char *text)
{
  for (guint i = 0; i < G_N_ELEMENTS (method_names); i++)
    if (g_strcmp0 (text, method_names[i]) == 0)
      return i;

  return ELICIT_AUTH_CLIENT_NONE;
}

/* RFC 6749 §2.3.1: both halves form-encoded before they are joined. */
static char *
basic_authorization (ElicitAuthClient *client)
{
  g_autofree char *id = g_uri_escape_string (client->client_id, NULL, FALSE);
  g_autofree char *secret = g_uri_escape_string (client->client_secret, NULL, FALSE);
  g_autofree char *pair = g_strconcat (id, ":", secret, NULL);
  g_autofree char *encoded = g_base64_encode ((const guchar *) pair, strlen (pair));

  return g_strconcat ("Basic ", encoded, NULL);
}

/* Adds the client's credentials to @params, or returns the Authorization
 * header that carries them. */
static gboolean
authenticate (ElicitAuthServer  *server,
              ElicitAuthClient  *client,
              GHashTable        *params,
              char             **authorization,
              GError           **error)
{
  g_autofree char *assertion = NULL;

  switch (client->method)
    {
    case ELICIT_AUTH_CLIENT_SECRET_BASIC:
      *authorization = basic_authorization (client);
      return TRUE;

    case ELICIT_AUTH_CLIENT_SECRET_POST:
      g_hash_table_replace (params, g_strdup ("client_id"), g_strdup (client->client_id));
      g_hash_table_replace (params, g_strdup ("client_secret"), g_strdup (client->client_secret));
      return TRUE;

    case ELICIT_AUTH_CLIENT_PRIVATE_KEY_JWT:
      assertion = elicit_auth_jwt_new_client_assertion (client->private_key, client->client_id,
                                                        server->issuer, error);
      if (assertion == NULL)
        return FALSE;
      g_hash_table_replace (params, g_strdup ("client_id"), g_strdup (client->client_id));
      g_hash_table_replace (params, g_strdup ("client_assertion_type"),
                            g_strdup ("urn:ietf:params:oauth:client-assertion-type:jwt-bearer"));
      g_hash_table_replace (params, g_strdup ("client_assertion"), g_steal_pointer (&assertion));
      return TRUE;

    case ELICIT_AUTH_CLIENT_NONE:
    default:
      /* A JWT assertion may stand for the client on its own (RFC 7523 §3.1). */
      if (client->client_id != NULL)
        g_hash_table_replace (params, g_strdup ("client_id"), g_strdup (client->client_id));
      return TRUE;
    }
}

static GError *
token_error (JsonObject         *response,
             guint               status,
             const char * const *secrets)
{
  const char *code = elicit_json_object_get_string (response, "error");
  const char *description = elicit_json_object_get_string (response, "error_description");
  g_autofree char *clean_code = code != NULL ? elicit_auth_clean_text (code, secrets) : NULL;
  g_autofree char *clean_description = description != NULL ? elicit_auth_clean_text (description, secrets)
                                                            : NULL;

  if (clean_code != NULL && clean_description != NULL)
    return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                        _("The authorization server refused to issue a token: %s (%s)"),
                        clean_description, clean_code);
  if (clean_code != NULL)
    return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                        _("The authorization server refused to issue a token (%s)"), clean_code);

  return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                      _("The authorization server refused to issue a token (HTTP %u)"), status);
}

ElicitAuthTokens *
elicit_auth_tokens_from_response (JsonObject         *response,
                                  guint               status,
                                  const char         *requested_scope,
                                  const char * const *secrets,
                                  GError            **error)
{
  g_autoptr(ElicitAuthTokens) tokens = g_new0 (ElicitAuthTokens, 1);
  const char *access_token = elicit_json_object_get_string (response, "access_token");
  const char *token_type = elicit_json_object_get_string (response, "token_type");
  const char *scope = elicit_json_object_get_string (response, "scope");
  gint64 expires_in = 0;

  if (!SOUP_STATUS_IS_SUCCESSFUL (status) || json_object_has_member (response, "error"))
    {
      g_propagate_error (error, token_error (response, status, secrets));
      return NULL;
    }

  if (access_token == NULL || *access_token == '\0' ||
      !elicit_auth_is_token_text (access_token))
    {
      g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                           _("The authorization server’s answer has no usable access token"));
      return NULL;
    }

  /* RFC 9449 §5: a DPoP-bound token says so in its type. */
  tokens->dpop = token_type != NULL && g_ascii_strcasecmp (token_type, "DPoP") == 0;
  if (!tokens->dpop && (token_type == NULL || g_ascii_strcasecmp (token_type, "Bearer") != 0))
    {
      g_autofree char *shown = elicit_auth_clean_text (token_type != NULL ? token_type : _("none"),
                                                       secrets);

      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                   _("The authorization server issued a token of type “%s”; Elicit only uses "
                     "Bearer and DPoP tokens"), shown);
      return NULL;
    }

  tokens->access_token = g_strdup (access_token);
  tokens->refresh_token = g_strdup (elicit_json_object_get_string (response, "refresh_token"));
  if (tokens->refresh_token != NULL && !elicit_auth_is_token_text (tokens->refresh_token))
    g_clear_pointer (&tokens->refresh_token, g_free);
  tokens->scope = g_strdup (scope != NULL ? scope : requested_scope);
  if (elicit_json_object_get_int (response, "expires_in", &expires_in) && expires_in > 0)
    {
      tokens->lifetime = MIN (expires_in, G_MAXINT32);
      tokens->expires_at = g_get_real_time () / G_USEC_PER_SEC + tokens->lifetime;
    }

  return g_steal_pointer (&tokens);
}

typedef struct
{
  char              *requested_scope;
  GStrv              secrets;
  SoupSession       *soup;
  ElicitAuthServer  *server;    /* borrowed: the flow that asks keeps it */
  ElicitAuthClient  *client;    /* borrowed too */
  GHashTable        *params;
  ElicitAuthDpopKey *dpop_key;  /* nullable */
  char              *dpop_nonce;
  gboolean           nonce_retried;
} TokenRequest;

static void
token_request_free (TokenRequest *request)
{
  g_free (request->requested_scope);
  g_strfreev (request->secrets);
  g_clear_object (&request->soup);
  g_clear_pointer (&request->params, g_hash_table_unref);
  g_clear_pointer (&request->dpop_key, elicit_auth_dpop_key_unref);
  g_free (request->dpop_nonce);
  g_free (request);
}

static void post (GTask *task);

/* RFC 9449 §8: an authorization server that wants a nonce in the proof
 * says use_dpop_nonce and gives one. */
static const char *
asked_nonce (TokenRequest *request,
             JsonObject   *response,
             GAsyncResult *result)
{
  if (request->dpop_key == NULL ||
      g_strcmp0 (elicit_json_object_get_string (response, "error"), "use_dpop_nonce") != 0)
    return NULL;

  return elicit_auth_post_get_dpop_nonce (result);
}

static void
posted_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TokenRequest *request = g_task_get_task_data (task);
  g_autoptr(JsonObject) response = NULL;
  g_autoptr(GError) error = NULL;
  ElicitAuthTokens *tokens;
  guint status = 0;

  response = elicit_auth_post_finish (result, &status, &error);
  if (response == NULL)
    {
      if (error->domain == ELICIT_AUTH_ERROR && !SOUP_STATUS_IS_SUCCESSFUL (status) && status != 0)
        {
          g_clear_error (&error);
          g_set_error (&error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                       _("The authorization server refused to issue a token (HTTP %u)"), status);
        }
      else if (error->domain == ELICIT_AUTH_ERROR)
        {
          /* "127.0.0.1 answered HTTP 200 without JSON" says little alone. */
          if (error->code == ELICIT_AUTH_ERROR_INVALID_RESPONSE)
            g_prefix_error (&error, _("No usable token from the authorization server: "));
          error->code = ELICIT_AUTH_ERROR_TOKEN;
        }
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (elicit_auth_post_get_dpop_nonce (result) != NULL)
    {
      g_free (request->dpop_nonce);
      request->dpop_nonce = g_strdup (elicit_auth_post_get_dpop_nonce (result));
    }

  /* The request is made once more with the nonce, and only once. */
  if (!SOUP_STATUS_IS_SUCCESSFUL (status) && asked_nonce (request, response, result) != NULL)
    {
      if (request->nonce_retried)
        g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                                 _("The authorization server keeps asking for a new DPoP nonce"));
      else
        {
          request->nonce_retried = TRUE;
          post (g_steal_pointer (&task));
        }
      return;
    }

  tokens = elicit_auth_tokens_from_response (response, status, request->requested_scope,
                                             (const char * const *) request->secrets, &error);
  if (tokens != NULL && tokens->dpop && request->dpop_key == NULL)
    {
      g_clear_pointer (&tokens, elicit_auth_tokens_free);
      g_set_error_literal (&error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                           _("The authorization server issued a DPoP token although Elicit sent "
                             "no DPoP proof"));
    }

  if (tokens == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, tokens, (GDestroyNotify) elicit_auth_tokens_free);
}

static GStrv
secrets_of (ElicitAuthClient *client,
            GHashTable       *params)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *names[] = { "code", "code_verifier", "refresh_token", "client_assertion", "assertion" };

  if (client->client_secret != NULL)
    g_strv_builder_add (builder, client->client_secret);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_hash_table_lookup (params, names[i]) != NULL)
      g_strv_builder_add (builder, g_hash_table_lookup (params, names[i]));

  return g_strv_builder_end (builder);
}

/* Each attempt authenticates anew: a client assertion or a proof is good
 * for one request. Takes @owned. */
static void
post (GTask *owned)
{
  g_autoptr(GTask) task = owned;
  TokenRequest *request = g_task_get_task_data (task);
  GCancellable *cancellable;
  g_autoptr(GError) error = NULL;
  g_autofree char *authorization = NULL;
  g_autofree char *proof = NULL;
  g_autofree char *form = NULL;
  g_autoptr(GBytes) body = NULL;

  if (!authenticate (request->server, request->client, request->params, &authorization, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (request->dpop_key != NULL)
    {
      proof = elicit_auth_dpop_key_proof (request->dpop_key, "POST", request->server->token_endpoint,
                                          NULL, request->dpop_nonce, &error);
      if (proof == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
    }

  g_strfreev (request->secrets);
  request->secrets = secrets_of (request->client, request->params);
  form = soup_form_encode_hash (request->params);
  body = g_bytes_new_take (form, strlen (form));
  form = NULL;

  cancellable = g_task_get_cancellable (task);
  elicit_auth_post_async (request->soup, request->server->token_endpoint,
                          "application/x-www-form-urlencoded", body, authorization, proof,
                          cancellable, posted_cb, g_steal_pointer (&task));
  elicit_auth_secret_free (g_steal_pointer (&authorization));
}

void
elicit_auth_token_request_async (SoupSession         *soup,
                                 ElicitAuthServer    *server,
                                 ElicitAuthClient    *client,
                                 GHashTable          *params,
                                 ElicitAuthDpopKey   *dpop_key,
                                 const char          *dpop_nonce,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GError) error = NULL;
  TokenRequest *request = g_new0 (TokenRequest, 1);

  g_task_set_source_tag (task, elicit_auth_token_request_async);
  g_task_set_task_data (task, request, (GDestroyNotify) token_request_free);
  request->requested_scope = g_strdup (g_hash_table_lookup (params, "scope"));
  request->soup = g_object_ref (soup);
  request->server = server;
  request->client = client;
  request->params = g_hash_table_ref (params);
  request->dpop_key = dpop_key != NULL ? elicit_auth_dpop_key_ref (dpop_key) : NULL;
  request->dpop_nonce = g_strdup (dpop_nonce);

  /* Checked again here, where the secrets leave: nothing but https, or
   * http to this very machine. */
  if (!elicit_auth_check_endpoint (server->token_endpoint, _("token endpoint"), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  post (g_steal_pointer (&task));
}

ElicitAuthTokens *
elicit_auth_token_request_finish (GAsyncResult  *result,
                                  char         **dpop_nonce,
                                  GError       **error)
{
  TokenRequest *request = g_task_get_task_data (G_TASK (result));

  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_auth_token_request_async, NULL);

  if (dpop_nonce != NULL)
    *dpop_nonce = g_strdup (request->dpop_nonce);

  return g_task_propagate_pointer (G_TASK (result), error);
}
