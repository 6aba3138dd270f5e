/* elicit-authorizer-flow.c: what happens when a server says 401 or 403
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-dpop-private.h"
#include "elicit-authorizer-private.h"
#include "elicit-json.h"
#include "elicit-sign-in-private.h"

typedef struct
{
  guint               status;
  char               *resource_metadata;
  char               *challenge_scope;
  char               *challenge_error;
  char               *sent_token;
  char               *scope;        /* what this flow asks for */
  ElicitAuthClient   *client;
  ElicitAuthListener *listener;
  char               *verifier;
  char               *state;
  ElicitSignIn       *sign_in;
  GCancellable       *wait_cancellable;
  gulong              finished_id;
  gboolean            concluding;   /* the browser is being told the outcome */
  GError             *outcome;      /* meanwhile */
} Flow;

static void
flow_free (Flow *flow)
{
  if (flow->finished_id != 0)
    g_signal_handler_disconnect (flow->sign_in, flow->finished_id);
  g_free (flow->resource_metadata);
  g_free (flow->challenge_scope);
  g_free (flow->challenge_error);
  elicit_auth_secret_free (flow->sent_token);
  g_free (flow->scope);
  g_clear_pointer (&flow->client, elicit_auth_client_free);
  g_clear_pointer (&flow->listener, elicit_auth_listener_free);
  elicit_auth_secret_free (flow->verifier);
  g_free (flow->state);
  g_clear_object (&flow->sign_in);
  g_clear_object (&flow->wait_cancellable);
  g_clear_error (&flow->outcome);
  g_free (flow);
}

static ElicitAuthorizer *
flow_self (GTask *task)
{
  return g_task_get_source_object (task);
}

/* Ending ----------------------------------------------------------------------- */

/* Every challenge that waited for this flow gets its outcome. */
static void
flow_return_now (GTask        *task,
                 const GError *error)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GPtrArray) waiters = g_steal_pointer (&self->waiters);

  if (flow->sign_in != NULL)
    {
      if (error != NULL)
        elicit_sign_in_fail (flow->sign_in, error);
      else
        elicit_sign_in_advance (flow->sign_in, ELICIT_SIGN_IN_STATE_DONE);
      if (self->sign_in == flow->sign_in)
        g_clear_object (&self->sign_in);
    }

  self->waiters = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < waiters->len; i++)
    {
      GTask *waiter = g_ptr_array_index (waiters, i);

      if (error != NULL)
        g_task_return_error (waiter, g_error_copy (error));
      else
        g_task_return_boolean (waiter, TRUE);
    }
}

static void
concluded_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GError) error = g_steal_pointer (&flow->outcome);

  elicit_auth_listener_conclude_finish (flow->listener, result, NULL);
  flow_return_now (task, error);
}

/* The browser learns the outcome only once Elicit has judged the answer, and
 * the waiters only once the browser has its page. */
static void
flow_return (GTask        *task,
             const GError *error)
{
  Flow *flow = g_task_get_task_data (task);

  if (flow->listener == NULL)
    {
      flow_return_now (task, error);
      return;
    }

  if (flow->concluding)
    return;

  flow->concluding = TRUE;
  flow->outcome = error != NULL ? g_error_copy (error) : NULL;
  elicit_auth_listener_conclude_async (flow->listener, error, concluded_cb, g_object_ref (task));
}

static void
flow_fail (GTask  *task,
           GError *error)
{
  g_autoptr(GError) owned = error;

  flow_return (task, owned);
}

static void
flow_fail_literal (GTask      *task,
                   int         code,
                   const char *message)
{
  flow_fail (task, g_error_new_literal (ELICIT_AUTH_ERROR, code, message));
}

static void
flow_got_tokens (GTask            *task,
                 ElicitAuthTokens *tokens)
{
  ElicitAuthorizer *self = flow_self (task);

  elicit_authorizer_set_tokens (self, self->server->issuer, tokens);
  elicit_authorizer_save (self);
  flow_return (task, NULL);
}

/* The token endpoint ----------------------------------------------------------- */

static void
token_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *nonce = NULL;
  ElicitAuthTokens *tokens = elicit_auth_token_request_finish (result, &nonce, &error);
  Flow *flow = g_task_get_task_data (task);

  elicit_authorizer_set_as_nonce (flow_self (task), nonce);

  if (tokens == NULL)
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  /* RFC 6749 §5.1: no scope in the answer means the scope asked for. */
  if (tokens->scope == NULL)
    tokens->scope = g_strdup (flow->scope);
  flow_got_tokens (task, tokens);
}

static GHashTable *
new_params (const char *grant_type,
            const char *resource)
{
  GHashTable *params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_hash_table_insert (params, g_strdup ("grant_type"), g_strdup (grant_type));
  g_hash_table_insert (params, g_strdup ("resource"), g_strdup (resource));

  return params;
}

/* RFC 9449 §5.1: an authorization server that lists ES256 among its DPoP
 * algorithms gets a proof with every token request, and may bind the token
 * to the sign-in's key; a bound token is refreshed with the same key. */
static gboolean
wants_dpop (ElicitAuthorizer *self)
{
  return elicit_auth_server_supports (self->server, "dpop_signing_alg_values_supported",
                                      ELICIT_AUTH_DPOP_ALG) ||
         (self->tokens != NULL && self->tokens->dpop);
}

static void
request_token (GTask      *task,
               GHashTable *params,
               GAsyncReadyCallback callback)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  ElicitAuthDpopKey *key = NULL;
  g_autoptr(GError) error = NULL;

  if (wants_dpop (self))
    {
      key = elicit_authorizer_ensure_dpop_key (self, &error);
      if (key == NULL)
        {
          flow_fail (task, g_steal_pointer (&error));
          return;
        }
    }

  elicit_auth_token_request_async (self->soup, self->server, flow->client, params, key,
                                   key != NULL ? self->as_nonce : NULL, NULL, callback, task);
}

/* Which client --------------------------------------------------------------- */

/* RFC 8414 §2: without a list, client_secret_basic is the default. */
static ElicitAuthClientMethod
secret_method (ElicitAuthServer *server)
{
  JsonArray *methods = elicit_json_object_get_array (server->metadata,
                                                     "token_endpoint_auth_methods_supported");

  if (methods == NULL || elicit_auth_array_has_string (methods, "client_secret_basic"))
    return ELICIT_AUTH_CLIENT_SECRET_BASIC;
  if (elicit_auth_array_has_string (methods, "client_secret_post"))
    return ELICIT_AUTH_CLIENT_SECRET_POST;

  return ELICIT_AUTH_CLIENT_SECRET_BASIC;
}

static ElicitAuthClient *
client_copy (ElicitAuthClient *client)
{
  ElicitAuthClient *copy = g_new0 (ElicitAuthClient, 1);

  copy->client_id = g_strdup (client->client_id);
  copy->client_secret = g_strdup (client->client_secret);
  copy->private_key = g_strdup (client->private_key);
  copy->method = client->method;
  copy->redirect_uri = g_strdup (client->redirect_uri);

  return copy;
}

static ElicitAuthClient *
configured_client (ElicitAuthorizer *self)
{
  ElicitAuthClient *client = g_new0 (ElicitAuthClient, 1);

  client->client_id = g_strdup (self->client_id);
  client->client_secret = g_strdup (self->client_secret);
  client->private_key = g_strdup (self->client_key);
  if (self->client_key != NULL)
    client->method = ELICIT_AUTH_CLIENT_PRIVATE_KEY_JWT;
  else if (self->client_secret != NULL)
    client->method = secret_method (self->server);
  else
    client->method = ELICIT_AUTH_CLIENT_NONE;

  return client;
}

/* The spec's order: configured, then Client ID Metadata Document; NULL
 * when only Dynamic Client Registration is left. */
static ElicitAuthClient *
known_client (ElicitAuthorizer *self)
{
  gboolean cimd = FALSE;
  ElicitAuthClient *client;

  if (self->client_id != NULL)
    return configured_client (self);

  if (self->registered != NULL)
    return client_copy (self->registered);

  elicit_json_object_get_boolean (self->server->metadata, "client_id_metadata_document_supported",
                                  &cimd);
  if (cimd && self->client_metadata_url != NULL)
    {
      client = g_new0 (ElicitAuthClient, 1);
      client->client_id = g_strdup (self->client_metadata_url);
      client->method = ELICIT_AUTH_CLIENT_NONE;
      return client;
    }

  return NULL;
}

/* Client credentials ----------------------------------------------------------- */

static void
client_credentials (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GHashTable) params = NULL;

  if (self->client_id == NULL || (self->client_secret == NULL && self->client_key == NULL))
    {
      flow_fail_literal (task, ELICIT_AUTH_ERROR_CONFIGURATION,
                         _("Client credentials need a client id, and a client secret or a "
                           "private key"));
      return;
    }

  flow->client = configured_client (self);
  params = new_params ("client_credentials", self->server->resource);
  if (flow->scope != NULL)
    g_hash_table_insert (params, g_strdup ("scope"), g_strdup (flow->scope));

  request_token (task, params, token_cb);
}

/* JWT assertions: workload identity, enterprise-managed ------------------------ */

/* RFC 7523 §2.1: the assertion is the grant; the client authenticates as
 * configured (none, a secret, or a key). */
static void
present_assertion (GTask      *task,
                   const char *assertion)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GHashTable) params = new_params (ELICIT_AUTH_JWT_BEARER, self->server->resource);

  g_hash_table_insert (params, g_strdup ("assertion"), g_strdup (assertion));
  if (flow->scope != NULL)
    g_hash_table_insert (params, g_strdup ("scope"), g_strdup (flow->scope));
  if (flow->client == NULL)
    flow->client = configured_client (self);

  request_token (task, params, token_cb);
}

static void
exchanged_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  char *grant = elicit_auth_exchange_id_token_finish (result, &error);

  if (grant == NULL)
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  present_assertion (task, grant);
  elicit_auth_secret_free (grant);
}

static void
token_file_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  char *jwt = elicit_auth_read_jwt_file_finish (result, &error);

  if (jwt == NULL)
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  if (self->grant == ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED)
    elicit_auth_exchange_id_token_async (self->soup, self->idp_token_endpoint,
                                         self->idp_client_id, jwt, self->server, flow->scope,
                                         NULL, exchanged_cb, task);
  else if (elicit_auth_check_workload_jwt (jwt, self->server, &error))
    present_assertion (task, jwt);
  else
    flow_fail (task, g_steal_pointer (&error));

  elicit_auth_secret_free (jwt);
}

static gboolean
check_assertion_setup (ElicitAuthorizer  *self,
                       GError           **error)
{
  JsonArray *grants = elicit_json_object_get_array (self->server->metadata, "grant_types_supported");

  if (self->grant == ELICIT_AUTH_GRANT_JWT_BEARER && self->token_file == NULL)
    g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                         _("Workload identity federation needs the file that holds the "
                           "workload’s token"));
  else if (self->grant == ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED &&
           (self->token_file == NULL || self->idp_token_endpoint == NULL))
    g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                         _("Enterprise-managed authorization needs the identity provider’s token "
                           "endpoint and the file that holds the ID token"));
  else if (grants != NULL && !elicit_auth_array_has_string (grants, ELICIT_AUTH_JWT_BEARER))
    g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                 _("The authorization server of “%s” does not take JWT assertions (RFC 7523)"),
                 self->server_label);
  else
    return TRUE;

  return FALSE;
}

static void
jwt_assertion (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  g_autoptr(GError) error = NULL;

  if (!check_assertion_setup (self, &error))
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  elicit_auth_read_jwt_file_async (self->token_file, NULL, token_file_cb, task);
}

/* The authorization code flow: the answer ------------------------------------- */

/* RFC 9207: an `iss` must be the issuer, character for character; a
 * server that promises one must send it. */
static gboolean
check_iss (ElicitAuthorizer  *self,
           GHashTable        *answer,
           GError           **error)
{
  const char *iss = g_hash_table_lookup (answer, "iss");
  gboolean promised = FALSE;

  elicit_json_object_get_boolean (self->server->metadata,
                                  "authorization_response_iss_parameter_supported", &promised);

  if (iss != NULL && g_strcmp0 (iss, self->server->issuer) != 0)
    {
      g_autofree char *shown = elicit_auth_clean_text (iss, NULL);

      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH,
                   _("The sign-in’s answer comes from another issuer (%s) than %s"),
                   shown, self->server->issuer);
      return FALSE;
    }

  if (iss == NULL && promised)
    {
      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH,
                   _("The sign-in’s answer does not name its issuer, which %s promised to do"),
                   self->server->issuer);
      return FALSE;
    }

  return TRUE;
}

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GHashTable) answer = NULL;
  g_autoptr(GHashTable) params = NULL;
  g_autoptr(GError) error = NULL;

  answer = elicit_auth_listener_wait_finish (flow->listener, result, &error);
  if (answer == NULL)
    {
      /* The sign-in ended first: its own reason. */
      if (elicit_sign_in_get_error (flow->sign_in) != NULL)
        flow_return (task, elicit_sign_in_get_error (flow->sign_in));
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        flow_fail (task, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                      _("Signing in to “%s” was cancelled"), self->server_label));
      else
        flow_fail (task, g_steal_pointer (&error));
      return;
    }

  if (!check_iss (self, answer, &error))
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  elicit_sign_in_advance (flow->sign_in, ELICIT_SIGN_IN_STATE_EXCHANGING);

  params = new_params ("authorization_code", self->server->resource);
  g_hash_table_insert (params, g_strdup ("code"), g_strdup (g_hash_table_lookup (answer, "code")));
  g_hash_table_insert (params, g_strdup ("redirect_uri"),
                       g_strdup (elicit_auth_listener_get_redirect_uri (flow->listener)));
  g_hash_table_insert (params, g_strdup ("code_verifier"), g_strdup (flow->verifier));

  request_token (task, params, token_cb);
}

/* The authorization code flow: asking ---------------------------------------- */

static void
add_query (GString    *url,
           const char *name,
           const char *value)
{
  g_autofree char *escaped = g_uri_escape_string (value, NULL, FALSE);

  g_string_append_c (url, strchr (url->str, '?') != NULL ? '&' : '?');
  g_string_append_printf (url, "%s=%s", name, escaped);
}

static char *
authorization_url (ElicitAuthorizer *self,
                   Flow             *flow)
{
  GString *url = g_string_new (self->server->authorization_endpoint);
  g_autofree char *challenge = elicit_auth_pkce_challenge (flow->verifier);

  add_query (url, "response_type", "code");
  add_query (url, "client_id", flow->client->client_id);
  add_query (url, "redirect_uri", elicit_auth_listener_get_redirect_uri (flow->listener));
  add_query (url, "code_challenge", challenge);
  add_query (url, "code_challenge_method", "S256");
  add_query (url, "state", flow->state);
  if (flow->scope != NULL)
    add_query (url, "scope", flow->scope);
  add_query (url, "resource", self->server->resource);

  return g_string_free (url, FALSE);
}

static void
launched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!elicit_sign_in_launch_browser_finish (ELICIT_SIGN_IN (object), result, &error))
    elicit_sign_in_fail (ELICIT_SIGN_IN (object), error);
}

static void
sign_in_finished_cb (ElicitSignIn *sign_in,
                     GCancellable *wait_cancellable)
{
  if (elicit_sign_in_get_state (sign_in) != ELICIT_SIGN_IN_STATE_DONE)
    g_cancellable_cancel (wait_cancellable);
}

static void
ask_user (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autofree char *url = authorization_url (self, flow);
  g_auto(GStrv) scopes = g_strsplit_set (flow->scope != NULL ? flow->scope : "", " ", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) scope_list = NULL;

  for (guint i = 0; scopes[i] != NULL; i++)
    if (*scopes[i] != '\0')
      g_strv_builder_add (builder, scopes[i]);
  scope_list = g_strv_builder_end (builder);

  flow->sign_in = elicit_sign_in_new (self->server_label, self->resource, self->server->issuer, url,
                                      (const char * const *) scope_list);
  elicit_sign_in_set_browser_command (flow->sign_in,
                                      (const char * const *) self->browser_command);
  g_set_object (&self->sign_in, flow->sign_in);
  flow->wait_cancellable = g_cancellable_new ();
  flow->finished_id = g_signal_connect_object (flow->sign_in, "finished",
                                               G_CALLBACK (sign_in_finished_cb),
                                               flow->wait_cancellable, 0);

  /* Listening before the browser can answer. */
  elicit_auth_listener_wait_async (flow->listener, flow->wait_cancellable, answered_cb, task);

  if (elicit_authorizer_emit_sign_in (self, flow->sign_in))
    return;

  if (self->auto_approve)
    {
      elicit_sign_in_launch_browser_async (flow->sign_in, NULL, launched_cb, NULL);
      return;
    }

  {
    g_autoptr(GError) error = g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_SIGN_IN_REQUIRED,
                                           _("“%s” needs you to sign in"), self->server_label);

    elicit_sign_in_fail (flow->sign_in, error);
  }
}

static void
registered_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(JsonObject) response = NULL;
  g_autoptr(GError) error = NULL;
  const char *client_id;
  const char *method;
  guint status = 0;

  response = elicit_auth_post_finish (result, &status, &error);
  client_id = elicit_json_object_get_string (response, "client_id");
  if (response == NULL || !SOUP_STATUS_IS_SUCCESSFUL (status) || client_id == NULL)
    {
      const char *reason = elicit_json_object_get_string (response, "error_description");
      g_autofree char *shown = NULL;

      if (reason == NULL)
        reason = elicit_json_object_get_string (response, "error");
      shown = elicit_auth_clean_text (reason != NULL ? reason : error != NULL ? error->message
                                                                             : _("no reason given"),
                                      NULL);
      flow_fail (task, g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_REGISTRATION,
                                    _("The authorization server did not register Elicit: %s"),
                                    shown));
      return;
    }

  g_clear_pointer (&self->registered, elicit_auth_client_free);
  self->registered = g_new0 (ElicitAuthClient, 1);
  self->registered->client_id = g_strdup (client_id);
  self->registered->client_secret = g_strdup (elicit_json_object_get_string (response, "client_secret"));
  method = elicit_json_object_get_string (response, "token_endpoint_auth_method");
  if (method != NULL && g_strcmp0 (method, "private_key_jwt") != 0)
    self->registered->method = elicit_auth_client_method_from_string (method);
  else if (self->registered->client_secret != NULL)
    self->registered->method = secret_method (self->server);
  self->registered->redirect_uri = g_strdup (elicit_auth_listener_get_redirect_uri (flow->listener));

  g_free (self->issuer);
  self->issuer = g_strdup (self->server->issuer);
  elicit_authorizer_save (self);

  flow->client = client_copy (self->registered);
  ask_user (task);
}

/* RFC 7591, as a native application (RFC 8252) with a loopback redirect. */
static void
register_client (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) body = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "client_name");
  json_builder_add_string_value (builder, "Elicit");
  json_builder_set_member_name (builder, "application_type");
  json_builder_add_string_value (builder, "native");
  json_builder_set_member_name (builder, "redirect_uris");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, elicit_auth_listener_get_redirect_uri (flow->listener));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "grant_types");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, "authorization_code");
  json_builder_add_string_value (builder, "refresh_token");
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "response_types");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, "code");
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "token_endpoint_auth_method");
  json_builder_add_string_value (builder, "none");
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  text = elicit_json_to_string (node, NULL);
  body = g_bytes_new (text, strlen (text));

  if (!elicit_auth_check_endpoint (self->server->registration_endpoint, _("registration endpoint"),
                                   NULL))
    {
      flow_fail_literal (task, ELICIT_AUTH_ERROR_INSECURE,
                         _("The authorization server’s registration endpoint is not on https"));
      return;
    }

  elicit_auth_post_async (self->soup, self->server->registration_endpoint, "application/json", body,
                          NULL, NULL, NULL, registered_cb, task);
}

static gboolean
check_pkce (ElicitAuthorizer  *self,
            GError           **error)
{
  /* Without metadata (2025-03-26 servers) there is nothing to check. */
  if (self->server->metadata == NULL ||
      elicit_auth_server_supports (self->server, "code_challenge_methods_supported", "S256"))
    return TRUE;

  g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INSECURE,
               _("The authorization server of “%s” does not offer PKCE with S256, without which "
                 "Elicit does not sign in"), self->server_label);
  return FALSE;
}

/* The port of the loopback redirect URI the registration names, to
 * listen on it again; 0 for any. */
static guint
registered_port (ElicitAuthorizer *self)
{
  g_autoptr(GUri) uri = NULL;

  if (self->client_id != NULL || self->registered == NULL || self->registered->redirect_uri == NULL)
    return 0;

  uri = g_uri_parse (self->registered->redirect_uri, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL || g_strcmp0 (g_uri_get_host (uri), "127.0.0.1") != 0 ||
      g_uri_get_port (uri) <= 0 || g_uri_get_port (uri) > G_MAXUINT16)
    return 0;

  return (guint) g_uri_get_port (uri);
}

static void
authorization_code (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (self->server->authorization_endpoint == NULL)
    {
      flow_fail_literal (task, ELICIT_AUTH_ERROR_DISCOVERY,
                         _("The authorization server names no authorization endpoint"));
      return;
    }

  if (!check_pkce (self, &error))
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  flow->verifier = elicit_auth_random_string (48);
  flow->state = elicit_auth_random_string (24);
  flow->listener = elicit_auth_listener_new_at (flow->state, registered_port (self), &error);
  if (flow->listener == NULL)
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  /* An authorization server that matches redirect URIs exactly (RFC 8252
   * §7.3 says it must not, for loopback ones) refuses the registration on
   * any other port: when its port was taken, register again. */
  if (self->client_id == NULL && self->registered != NULL &&
      g_strcmp0 (self->registered->redirect_uri,
                 elicit_auth_listener_get_redirect_uri (flow->listener)) != 0)
    g_clear_pointer (&self->registered, elicit_auth_client_free);

  flow->client = known_client (self);
  if (flow->client != NULL)
    ask_user (task);
  else if (self->server->registration_endpoint != NULL)
    register_client (task);
  else
    flow_fail (task, g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_REGISTRATION,
                                  _("The authorization server of “%s” does not let Elicit "
                                    "register: configure a client id for it"),
                                  self->server_label));
}

/* Choosing what to do ---------------------------------------------------------- */

/* The spec's order: the challenge's scope, else the resource's
 * scopes_supported, else none; and offline_access where the authorization
 * server offers it, for a refresh token. */
static char *
choose_scope (ElicitAuthorizer *self,
              Flow             *flow)
{
  const char *scope = self->scope;

  if (scope == NULL)
    scope = flow->challenge_scope;
  if (scope == NULL)
    scope = self->server->resource_scopes;
  if (scope == NULL)
    return NULL;

  if (self->grant == ELICIT_AUTH_GRANT_AUTHORIZATION_CODE &&
      elicit_auth_server_supports (self->server, "scopes_supported", "offline_access"))
    return elicit_auth_scope_union (scope, "offline_access");

  return g_strdup (scope);
}

static void
acquire (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);

  switch (self->grant)
    {
    case ELICIT_AUTH_GRANT_CLIENT_CREDENTIALS:
      client_credentials (task);
      break;

    case ELICIT_AUTH_GRANT_JWT_BEARER:
    case ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED:
      jwt_assertion (task);
      break;

    case ELICIT_AUTH_GRANT_AUTHORIZATION_CODE:
    default:
      authorization_code (task);
      break;
    }
}

static void
refreshed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *nonce = NULL;
  ElicitAuthTokens *tokens = elicit_auth_token_request_finish (result, &nonce, &error);
  const char *refresh_token;

  elicit_authorizer_set_as_nonce (self, nonce);

  if (tokens != NULL)
    {
      /* RFC 6749 §6: the old refresh token stays valid unless a new one came. */
      refresh_token = self->tokens != NULL ? self->tokens->refresh_token : NULL;
      if (tokens->refresh_token == NULL)
        tokens->refresh_token = g_strdup (refresh_token);
      if (tokens->scope == NULL && self->tokens != NULL)
        tokens->scope = g_strdup (self->tokens->scope);
      flow_got_tokens (task, tokens);
      return;
    }

  g_debug ("refreshing the token failed: %s", error->message);
  elicit_authorizer_set_tokens (self, NULL, NULL);
  g_clear_pointer (&((Flow *) g_task_get_task_data (task))->client, elicit_auth_client_free);
  acquire (task);
}

static gboolean
try_refresh (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GHashTable) params = NULL;

  if (flow->status != SOUP_STATUS_UNAUTHORIZED || self->tokens == NULL ||
      self->tokens->refresh_token == NULL)
    return FALSE;

  if (self->grant != ELICIT_AUTH_GRANT_AUTHORIZATION_CODE)
    flow->client = configured_client (self);
  else
    flow->client = known_client (self);
  if (flow->client == NULL)
    return FALSE;

  params = new_params ("refresh_token", self->server->resource);
  g_hash_table_insert (params, g_strdup ("refresh_token"), g_strdup (self->tokens->refresh_token));
  request_token (task, params, refreshed_cb);

  return TRUE;
}

static void
discovered_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  ElicitAuthServer *server = elicit_auth_discover_finish (result, &error);

  if (server == NULL)
    {
      flow_fail (task, g_steal_pointer (&error));
      return;
    }

  /* Another authorization server: register again, and never show it
   * what the old one issued. */
  if (self->issuer != NULL && g_strcmp0 (self->issuer, server->issuer) != 0)
    {
      g_debug ("the authorization server changed: registering again");
      elicit_authorizer_forget_issuer (self);
      elicit_authorizer_save (self);
    }

  g_clear_pointer (&self->server, elicit_auth_server_free);
  self->server = server;
  if (flow->scope == NULL)
    flow->scope = choose_scope (self, flow);

  if (!try_refresh (task))
    acquire (task);
}

/* 403 insufficient_scope: the union of what the token has and what the
 * server asks for, unless that is no more than the token already has. */
static gboolean
step_up (GTask   *task,
         GError **error)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  const char *granted = self->tokens != NULL ? self->tokens->scope : NULL;

  if (g_strcmp0 (flow->challenge_error, "insufficient_scope") != 0)
    {
      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_UNAUTHORIZED,
                   _("“%s” refuses access (HTTP 403)"), self->server_label);
      return FALSE;
    }

  if (flow->challenge_scope == NULL || elicit_auth_scope_contains (granted, flow->challenge_scope))
    {
      g_autofree char *shown = elicit_auth_clean_text (flow->challenge_scope != NULL
                                                       ? flow->challenge_scope : _("none named"), NULL);

      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INSUFFICIENT_SCOPE,
                   _("“%s” asks for more access (%s) than its authorization server granted"),
                   self->server_label, shown);
      return FALSE;
    }

  /* A refresh token cannot widen the scopes: sign in again (the token in
   * hand stays until a better one comes). */
  flow->scope = elicit_auth_scope_union (granted, flow->challenge_scope);
  return TRUE;
}

static Flow *
flow_new (guint       status,
          const char *www_authenticate,
          const char *sent_token)
{
  Flow *flow = g_new0 (Flow, 1);
  g_autoptr(GPtrArray) challenges = elicit_auth_parse_www_authenticate (www_authenticate);
  GHashTable *bearer = elicit_auth_find_bearer (challenges);

  flow->status = status;
  flow->sent_token = g_strdup (sent_token);
  if (bearer != NULL)
    {
      const char *scope = g_hash_table_lookup (bearer, "scope");

      flow->resource_metadata = g_strdup (g_hash_table_lookup (bearer, "resource_metadata"));
      flow->challenge_scope = scope != NULL && *scope != '\0' ? g_strdup (scope) : NULL;
      flow->challenge_error = g_strdup (g_hash_table_lookup (bearer, "error"));
    }

  return flow;
}

/* Whether a token better than @sent_token is at hand already. */
static gboolean
have_newer_token (ElicitAuthorizer *self,
                  const char       *sent_token)
{
  return self->tokens != NULL && g_strcmp0 (sent_token, self->tokens->access_token) != 0;
}

static void
flow_start (GTask *task)
{
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  GError *error = NULL;

  if (flow->status == SOUP_STATUS_FORBIDDEN && !step_up (task, &error))
    {
      flow_fail (task, error);
      return;
    }

  elicit_auth_discover_async (self->soup, self->resource, flow->resource_metadata, NULL,
                              discovered_cb, task);
}

/* The first 401: perhaps another Elicit signed in already. */
static void
looked_up_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  ElicitAuthorizer *self = flow_self (task);
  Flow *flow = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;

  record = elicit_token_store_lookup_finish (ELICIT_TOKEN_STORE (object), result, &error);
  if (error != NULL)
    elicit_authorizer_store_failed (self, error);
  else if (record != NULL && !self->loaded)
    elicit_authorizer_read_record (self, record);
  self->loaded = TRUE;

  if (have_newer_token (self, flow->sent_token))
    flow_return (task, NULL);
  else
    flow_start (task);
}

void
elicit_authorizer_challenge_async (ElicitAuthorizer    *self,
                                   guint                status,
                                   const char          *www_authenticate,
                                   const char          *sent_token,
                                   guint                attempt,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Flow *flow;

  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_authorizer_challenge_async);

  /* One flow at a time; the others wait for its outcome. */
  if (self->waiters->len > 0)
    {
      g_ptr_array_add (self->waiters, g_steal_pointer (&task));
      return;
    }

  if (have_newer_token (self, sent_token))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (attempt >= ELICIT_AUTHORIZER_MAX_CHALLENGES)
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_UNAUTHORIZED,
                               _("“%s” keeps refusing the sign-in (HTTP %u)"),
                               self->server_label, status);
      return;
    }

  flow = flow_new (status, www_authenticate, sent_token);
  g_task_set_task_data (task, flow, (GDestroyNotify) flow_free);

  /* The waiters hold the flow's task until it ends; its callbacks borrow it. */
  g_ptr_array_add (self->waiters, g_object_ref (task));

  if (!self->loaded && self->store != NULL)
    elicit_token_store_lookup_async (self->store, self->resource, NULL, looked_up_cb, task);
  else
    flow_start (task);
}

gboolean
elicit_authorizer_challenge_finish (ElicitAuthorizer  *self,
                                    GAsyncResult      *result,
                                    GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
