/* elicit-authorizer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-authorizer-private.h"
#include "elicit-init-private.h"
#include "elicit-json.h"
#include "elicit-protocol-enums.h"

/**
 * ElicitAuthorizer:
 *
 * Signs in to one remote MCP server with OAuth 2.1, as the MCP
 * authorization specification says, for an [class@HttpTransport] (see
 * [method@HttpTransport.set_authorizer]).
 *
 * When the server answers 401 (or 403 `insufficient_scope`), the authorizer
 * reads its protected resource metadata and its authorization server's
 * metadata, registers (a configured client id; else a Client ID Metadata
 * Document, [property@Authorizer:client-metadata-url]; else Dynamic Client
 * Registration), and signs in:
 *
 * - with the authorization code flow (the default): PKCE S256, `state`,
 *   `resource`, the `iss` check, through the user's browser and a loopback
 *   redirect. Before anything opens, [signal@Authorizer::sign-in] hands the
 *   pending [class@SignIn] to the application, which asks the user. If no
 *   handler takes it, the sign-in goes ahead only with
 *   [property@Authorizer:auto-approve] set; otherwise it fails with
 *   [error@AuthError.SIGN_IN_REQUIRED]. The page opens in the desktop's
 *   browser, or with [property@Authorizer:browser-command] when the program
 *   chose one;
 * - with client credentials ([enum@AuthGrant.CLIENT_CREDENTIALS]): a
 *   client secret or a private key signs a JWT assertion; no person.
 *
 * Tokens are refreshed before they expire and after a 401; a 403
 * `insufficient_scope` asks for the union of the scopes, a bounded number of
 * times. The tokens and the registration are kept in
 * [property@Authorizer:token-store] (under the server's URL), never in a
 * file or a log; the bearer token goes to the MCP server only, the client
 * secret to the token endpoint of its authorization server only.
 *
 * Since: 1.0
 */

enum {
  PROP_0,
  PROP_RESOURCE,
  PROP_SERVER_LABEL,
  PROP_SIGNED_IN,
  PROP_CLIENT_ID,
  PROP_SCOPE,
  PROP_GRANT,
  PROP_CLIENT_METADATA_URL,
  PROP_TOKEN_FILE,
  PROP_IDP_TOKEN_ENDPOINT,
  PROP_IDP_CLIENT_ID,
  PROP_TOKEN_STORE,
  PROP_AUTO_APPROVE,
  PROP_BROWSER_COMMAND,
  N_PROPS
};

enum {
  SIGN_IN,
  STORE_ERROR,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitAuthorizer, elicit_authorizer, G_TYPE_OBJECT)

void
elicit_auth_client_free (ElicitAuthClient *client)
{
  g_free (client->client_id);
  g_free (client->client_secret);
  g_free (client->private_key);
  g_free (client->redirect_uri);
  g_free (client);
}

static void
elicit_authorizer_dispose (GObject *object)
{
  ElicitAuthorizer *self = ELICIT_AUTHORIZER (object);

  if (self->sign_in != NULL)
    elicit_sign_in_cancel (self->sign_in);
  g_clear_object (&self->sign_in);
  g_clear_object (&self->store);
  g_clear_object (&self->soup);

  G_OBJECT_CLASS (elicit_authorizer_parent_class)->dispose (object);
}

static void
elicit_authorizer_finalize (GObject *object)
{
  ElicitAuthorizer *self = ELICIT_AUTHORIZER (object);

  g_free (self->resource);
  g_free (self->server_label);
  g_free (self->client_id);
  g_free (self->client_secret);
  g_free (self->client_key);
  g_free (self->scope);
  g_free (self->client_metadata_url);
  g_free (self->token_file);
  g_free (self->idp_token_endpoint);
  g_free (self->idp_client_id);
  g_free (self->issuer);
  g_strfreev (self->browser_command);
  g_clear_pointer (&self->registered, elicit_auth_client_free);
  g_clear_pointer (&self->tokens, elicit_auth_tokens_free);
  g_clear_pointer (&self->server, elicit_auth_server_free);
  g_clear_pointer (&self->dpop_key, elicit_auth_dpop_key_unref);
  g_free (self->as_nonce);
  g_free (self->rs_nonce);
  g_clear_pointer (&self->waiters, g_ptr_array_unref);
  g_clear_pointer (&self->preparers, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_authorizer_parent_class)->finalize (object);
}

static void
elicit_authorizer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ElicitAuthorizer *self = ELICIT_AUTHORIZER (object);

  switch (prop_id)
    {
    case PROP_RESOURCE:
      g_value_set_string (value, self->resource);
      break;

    case PROP_SERVER_LABEL:
      g_value_set_string (value, self->server_label);
      break;

    case PROP_SIGNED_IN:
      g_value_set_boolean (value, elicit_authorizer_get_signed_in (self));
      break;

    case PROP_CLIENT_ID:
      g_value_set_string (value, self->client_id);
      break;

    case PROP_SCOPE:
      g_value_set_string (value, self->scope);
      break;

    case PROP_GRANT:
      g_value_set_enum (value, self->grant);
      break;

    case PROP_CLIENT_METADATA_URL:
      g_value_set_string (value, self->client_metadata_url);
      break;

    case PROP_TOKEN_FILE:
      g_value_set_string (value, self->token_file);
      break;

    case PROP_IDP_TOKEN_ENDPOINT:
      g_value_set_string (value, self->idp_token_endpoint);
      break;

    case PROP_IDP_CLIENT_ID:
      g_value_set_string (value, self->idp_client_id);
      break;

    case PROP_TOKEN_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_AUTO_APPROVE:
      g_value_set_boolean (value, self->auto_approve);
      break;

    case PROP_BROWSER_COMMAND:
      g_value_set_boxed (value, self->browser_command);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_authorizer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  ElicitAuthorizer *self = ELICIT_AUTHORIZER (object);

  switch (prop_id)
    {
    case PROP_RESOURCE:
      self->resource = g_value_dup_string (value);
      break;

    case PROP_SERVER_LABEL:
      self->server_label = g_value_dup_string (value);
      break;

    case PROP_CLIENT_ID:
      elicit_authorizer_set_client_id (self, g_value_get_string (value));
      break;

    case PROP_SCOPE:
      elicit_authorizer_set_scope (self, g_value_get_string (value));
      break;

    case PROP_GRANT:
      elicit_authorizer_set_grant (self, g_value_get_enum (value));
      break;

    case PROP_CLIENT_METADATA_URL:
      elicit_authorizer_set_client_metadata_url (self, g_value_get_string (value));
      break;

    case PROP_TOKEN_FILE:
      elicit_authorizer_set_token_file (self, g_value_get_string (value));
      break;

    case PROP_IDP_TOKEN_ENDPOINT:
      elicit_authorizer_set_idp_token_endpoint (self, g_value_get_string (value));
      break;

    case PROP_IDP_CLIENT_ID:
      elicit_authorizer_set_idp_client_id (self, g_value_get_string (value));
      break;

    case PROP_TOKEN_STORE:
      elicit_authorizer_set_token_store (self, g_value_get_object (value));
      break;

    case PROP_AUTO_APPROVE:
      elicit_authorizer_set_auto_approve (self, g_value_get_boolean (value));
      break;

    case PROP_BROWSER_COMMAND:
      elicit_authorizer_set_browser_command (self, g_value_get_boxed (value));
      break;

    case PROP_SIGNED_IN:
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
string_property (const char  *name,
                 GParamFlags  flags)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              flags | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
elicit_authorizer_class_init (ElicitAuthorizerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->dispose = elicit_authorizer_dispose;
  object_class->finalize = elicit_authorizer_finalize;
  object_class->get_property = elicit_authorizer_get_property;
  object_class->set_property = elicit_authorizer_set_property;

  /**
   * ElicitAuthorizer:resource:
   *
   * The URL of the MCP server, as configured; the token store keeps the
   * sign-in under it.
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCE] = string_property ("resource", G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY);

  /**
   * ElicitAuthorizer:server-label:
   *
   * The server's name as the user configured it, for [class@SignIn] and
   * messages.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_LABEL] = string_property ("server-label",
                                                   G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY);

  /**
   * ElicitAuthorizer:signed-in:
   *
   * Whether the authorizer holds a token for the server.
   *
   * Since: 1.0
   */
  properties[PROP_SIGNED_IN] =
    g_param_spec_boolean ("signed-in", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitAuthorizer:client-id:
   *
   * A client id registered in advance with the server's authorization
   * server, or %NULL to register on the fly.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_ID] = string_property ("client-id", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:scope:
   *
   * The scopes to ask for, space-separated, instead of those the server
   * names; %NULL to follow the server.
   *
   * Since: 1.0
   */
  properties[PROP_SCOPE] = string_property ("scope", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:grant:
   *
   * How tokens are obtained.
   *
   * Since: 1.0
   */
  properties[PROP_GRANT] =
    g_param_spec_enum ("grant", NULL, NULL,
                       ELICIT_TYPE_AUTH_GRANT, ELICIT_AUTH_GRANT_AUTHORIZATION_CODE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitAuthorizer:client-metadata-url:
   *
   * The https URL of this client's Client ID Metadata Document, used as
   * its client id with authorization servers that support them.
   *
   * Since: 1.0
   */
  properties[PROP_CLIENT_METADATA_URL] = string_property ("client-metadata-url", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:token-file:
   *
   * The file holding the JWT a grant without a browser starts from, read
   * each time a token is needed (so a rotated file is followed): the
   * workload's own token for %ELICIT_AUTH_GRANT_JWT_BEARER, the person's ID
   * token from the organisation's identity provider for
   * %ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED.
   *
   * Since: 1.0
   */
  properties[PROP_TOKEN_FILE] = string_property ("token-file", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:idp-token-endpoint:
   *
   * The token endpoint of the organisation's identity provider, where
   * %ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED exchanges the ID token for an
   * identity assertion grant (https, or http to this machine).
   *
   * Since: 1.0
   */
  properties[PROP_IDP_TOKEN_ENDPOINT] = string_property ("idp-token-endpoint", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:idp-client-id:
   *
   * This client's id at the identity provider, sent with the token exchange
   * of %ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED; %NULL to send none.
   *
   * Since: 1.0
   */
  properties[PROP_IDP_CLIENT_ID] = string_property ("idp-client-id", G_PARAM_READWRITE);

  /**
   * ElicitAuthorizer:token-store:
   *
   * Where the sign-in is kept; %NULL keeps it in this object only.
   *
   * Since: 1.0
   */
  properties[PROP_TOKEN_STORE] =
    g_param_spec_object ("token-store", NULL, NULL, ELICIT_TYPE_TOKEN_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitAuthorizer:auto-approve:
   *
   * Whether a sign-in no handler of [signal@Authorizer::sign-in] took
   * opens the browser at once, for scripts and tests (`elicit call
   * --accept-defaults`). Nothing else makes the authorizer open a page
   * without asking: it reads no environment variable.
   *
   * Since: 1.0
   */
  properties[PROP_AUTO_APPROVE] =
    g_param_spec_boolean ("auto-approve", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * ElicitAuthorizer:browser-command:
   *
   * The command that opens sign-in pages instead of the desktop's handler
   * for the URL, as an argument vector: the page's URL is appended as one
   * more argument, and the command runs without a shell. %NULL (the
   * default) uses the desktop's handler.
   *
   * Each [class@SignIn] the authorizer makes carries it
   * ([property@SignIn:browser-command]). The library never chooses a
   * command by itself: a program that lets its users pick one (Elicit's own
   * read `ELICIT_BROWSER`) sets it here.
   *
   * Since: 1.0
   */
  properties[PROP_BROWSER_COMMAND] =
    g_param_spec_boxed ("browser-command", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitAuthorizer::sign-in:
   * @self: the authorizer
   * @sign_in: the pending sign-in, in [enum@SignInState.CONSENT]
   *
   * Emitted when the server needs the user to sign in, before anything
   * opens. Show @sign_in to the user and return %TRUE; then approve it
   * ([method@SignIn.launch_browser_async]) or cancel it. Returning %FALSE
   * leaves it to the next handler, or to the default described in
   * [class@Authorizer].
   *
   * Returns: %TRUE when the handler took the sign-in
   *
   * Since: 1.0
   */
  signals[SIGN_IN] =
    g_signal_new ("sign-in",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1,
                  ELICIT_TYPE_SIGN_IN);

  /**
   * ElicitAuthorizer::store-error:
   * @self: the authorizer
   * @error: what went wrong, in the [error@TokenStoreError] domain, with a
   *   message for the user
   *
   * Emitted when [property@Authorizer:token-store] could not look up, save
   * or forget the sign-in in the keyring: the keyring is locked, or there is
   * none. The sign-in goes on, kept in memory only; show @error's message
   * so the user knows it will not be remembered (or, after signing out,
   * that the keyring still holds it).
   *
   * Since: 1.0
   */
  signals[STORE_ERROR] =
    g_signal_new ("store-error",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR);
}

static void
elicit_authorizer_init (ElicitAuthorizer *self)
{
  /* It may hold tokens and a sign-in's keys. */
  elicit_auth_protect_process ();
  self->soup = elicit_auth_soup_session_new ();
  self->waiters = g_ptr_array_new_with_free_func (g_object_unref);
  self->preparers = g_ptr_array_new_with_free_func (g_object_unref);
  self->loaded = TRUE;
}

/**
 * elicit_authorizer_new:
 * @resource: the URL of the MCP server
 * @server_label: (nullable): the server's name as the user configured it
 *
 * Creates an authorizer for the server at @resource. It keeps its sign-in
 * in memory until [property@Authorizer:token-store] is set.
 *
 * Returns: (transfer full): a new authorizer
 *
 * Since: 1.0
 */
ElicitAuthorizer *
elicit_authorizer_new (const char *resource,
                       const char *server_label)
{
  g_return_val_if_fail (resource != NULL, NULL);

  return g_object_new (ELICIT_TYPE_AUTHORIZER,
                       "resource", resource,
                       "server-label", server_label != NULL ? server_label : resource,
                       NULL);
}

/**
 * elicit_authorizer_get_resource:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:resource].
 *
 * Returns: the MCP server's URL
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_resource (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->resource;
}

/**
 * elicit_authorizer_get_server_label:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:server-label].
 *
 * Returns: the server's label
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_server_label (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->server_label;
}

/**
 * elicit_authorizer_get_signed_in:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:signed-in].
 *
 * Returns: whether the authorizer holds a token
 *
 * Since: 1.0
 */
gboolean
elicit_authorizer_get_signed_in (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), FALSE);

  return self->tokens != NULL;
}

/**
 * elicit_authorizer_get_client_id:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:client-id].
 *
 * Returns: (nullable): the configured client id
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_client_id (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->client_id;
}

/**
 * elicit_authorizer_get_scope:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:scope].
 *
 * Returns: (nullable): the configured scopes
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_scope (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->scope;
}

/**
 * elicit_authorizer_get_grant:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:grant].
 *
 * Returns: how tokens are obtained
 *
 * Since: 1.0
 */
ElicitAuthGrant
elicit_authorizer_get_grant (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), ELICIT_AUTH_GRANT_AUTHORIZATION_CODE);

  return self->grant;
}

/**
 * elicit_authorizer_get_client_metadata_url:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:client-metadata-url].
 *
 * Returns: (nullable): the URL of the client's metadata document
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_client_metadata_url (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->client_metadata_url;
}

/**
 * elicit_authorizer_get_token_file:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:token-file].
 *
 * Returns: (nullable) (type filename): the path of the file
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_token_file (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->token_file;
}

/**
 * elicit_authorizer_get_idp_token_endpoint:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:idp-token-endpoint].
 *
 * Returns: (nullable): the URL of the identity provider's token endpoint
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_idp_token_endpoint (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->idp_token_endpoint;
}

/**
 * elicit_authorizer_get_idp_client_id:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:idp-client-id].
 *
 * Returns: (nullable): the client id at the identity provider
 *
 * Since: 1.0
 */
const char *
elicit_authorizer_get_idp_client_id (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->idp_client_id;
}

/**
 * elicit_authorizer_get_token_store:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:token-store].
 *
 * Returns: (transfer none) (nullable): the token store
 *
 * Since: 1.0
 */
ElicitTokenStore *
elicit_authorizer_get_token_store (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return self->store;
}

/**
 * elicit_authorizer_get_auto_approve:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:auto-approve].
 *
 * Returns: whether unhandled sign-ins open the browser at once
 *
 * Since: 1.0
 */
gboolean
elicit_authorizer_get_auto_approve (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), FALSE);

  return self->auto_approve;
}

/**
 * elicit_authorizer_get_browser_command:
 * @self: an authorizer
 *
 * Gets [property@Authorizer:browser-command].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   command that opens sign-in pages, or %NULL for the desktop's handler
 *
 * Since: 1.0
 */
const char * const *
elicit_authorizer_get_browser_command (ElicitAuthorizer *self)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), NULL);

  return (const char * const *) self->browser_command;
}

static void
set_string (ElicitAuthorizer  *self,
            char             **field,
            const char        *value,
            GParamSpec        *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  if (pspec != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/**
 * elicit_authorizer_set_client_id:
 * @self: an authorizer
 * @client_id: (nullable): a client id registered in advance
 *
 * Sets [property@Authorizer:client-id].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_client_id (ElicitAuthorizer *self,
                                 const char       *client_id)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->client_id, client_id, properties[PROP_CLIENT_ID]);
}

/**
 * elicit_authorizer_set_client_secret:
 * @self: an authorizer
 * @client_secret: (nullable): the secret of [property@Authorizer:client-id]
 *
 * Sets the client secret, which goes to the token endpoint of the
 * authorization server only. It is no property: it is never read back.
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_client_secret (ElicitAuthorizer *self,
                                     const char       *client_secret)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->client_secret, client_secret, NULL);
}

/**
 * elicit_authorizer_set_client_key:
 * @self: an authorizer
 * @private_key_pem: (nullable): a private key, PEM
 *
 * Sets the private key (an EC P-256 or RSA key, PEM) that signs client
 * assertions (`private_key_jwt`) for [property@Authorizer:client-id].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_client_key (ElicitAuthorizer *self,
                                  const char       *private_key_pem)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->client_key, private_key_pem, NULL);
}

/**
 * elicit_authorizer_set_scope:
 * @self: an authorizer
 * @scope: (nullable): space-separated scopes
 *
 * Sets [property@Authorizer:scope].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_scope (ElicitAuthorizer *self,
                             const char       *scope)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->scope, scope != NULL && *scope != '\0' ? scope : NULL,
              properties[PROP_SCOPE]);
}

/**
 * elicit_authorizer_set_grant:
 * @self: an authorizer
 * @grant: how to obtain tokens
 *
 * Sets [property@Authorizer:grant].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_grant (ElicitAuthorizer *self,
                             ElicitAuthGrant   grant)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  if (self->grant == grant)
    return;

  self->grant = grant;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRANT]);
}

/**
 * elicit_authorizer_set_client_metadata_url:
 * @self: an authorizer
 * @url: (nullable): an https URL
 *
 * Sets [property@Authorizer:client-metadata-url].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_client_metadata_url (ElicitAuthorizer *self,
                                           const char       *url)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->client_metadata_url, url, properties[PROP_CLIENT_METADATA_URL]);
}

/**
 * elicit_authorizer_set_token_file:
 * @self: an authorizer
 * @path: (nullable) (type filename): the file holding the JWT, or %NULL
 *
 * Sets [property@Authorizer:token-file].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_token_file (ElicitAuthorizer *self,
                                  const char       *path)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->token_file, path, properties[PROP_TOKEN_FILE]);
}

/**
 * elicit_authorizer_set_idp_token_endpoint:
 * @self: an authorizer
 * @url: (nullable): the identity provider's token endpoint, or %NULL
 *
 * Sets [property@Authorizer:idp-token-endpoint].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_idp_token_endpoint (ElicitAuthorizer *self,
                                          const char       *url)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->idp_token_endpoint, url, properties[PROP_IDP_TOKEN_ENDPOINT]);
}

/**
 * elicit_authorizer_set_idp_client_id:
 * @self: an authorizer
 * @client_id: (nullable): the client id at the identity provider, or %NULL
 *
 * Sets [property@Authorizer:idp-client-id].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_idp_client_id (ElicitAuthorizer *self,
                                     const char       *client_id)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  set_string (self, &self->idp_client_id, client_id, properties[PROP_IDP_CLIENT_ID]);
}

/**
 * elicit_authorizer_set_token_store:
 * @self: an authorizer
 * @store: (nullable): a token store
 *
 * Sets [property@Authorizer:token-store]. The sign-in it holds for
 * [property@Authorizer:resource] is read before the next request.
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_token_store (ElicitAuthorizer *self,
                                   ElicitTokenStore *store)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));
  g_return_if_fail (!store || ELICIT_IS_TOKEN_STORE (store));

  if (!g_set_object (&self->store, store))
    return;

  self->loaded = store == NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOKEN_STORE]);
}

/**
 * elicit_authorizer_set_auto_approve:
 * @self: an authorizer
 * @auto_approve: whether unhandled sign-ins open the browser at once
 *
 * Sets [property@Authorizer:auto-approve].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_auto_approve (ElicitAuthorizer *self,
                                    gboolean          auto_approve)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  auto_approve = !!auto_approve;
  if (self->auto_approve == auto_approve)
    return;

  self->auto_approve = auto_approve;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_APPROVE]);
}

/**
 * elicit_authorizer_set_browser_command:
 * @self: an authorizer
 * @argv: (nullable) (array zero-terminated=1): the command that opens
 *   sign-in pages, the URL appended; %NULL or empty for the desktop's handler
 *
 * Sets [property@Authorizer:browser-command].
 *
 * Since: 1.0
 */
void
elicit_authorizer_set_browser_command (ElicitAuthorizer   *self,
                                       const char * const *argv)
{
  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  if (argv != NULL && argv[0] == NULL)
    argv = NULL;
  if (self->browser_command == NULL && argv == NULL)
    return;
  if (self->browser_command != NULL && argv != NULL &&
      g_strv_equal ((const char * const *) self->browser_command, argv))
    return;

  g_strfreev (self->browser_command);
  self->browser_command = g_strdupv ((char **) argv);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BROWSER_COMMAND]);
}

gboolean
elicit_authorizer_emit_sign_in (ElicitAuthorizer *self,
                                ElicitSignIn     *sign_in)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[SIGN_IN], 0, sign_in, &handled);

  return handled;
}

/* The record in the token store ------------------------------------------------ */

void
elicit_authorizer_set_tokens (ElicitAuthorizer *self,
                              const char       *issuer,
                              ElicitAuthTokens *tokens)
{
  gboolean was_signed_in = self->tokens != NULL;

  if (issuer != NULL && g_strcmp0 (issuer, self->issuer) != 0)
    {
      g_free (self->issuer);
      self->issuer = g_strdup (issuer);
    }

  g_clear_pointer (&self->tokens, elicit_auth_tokens_free);
  self->tokens = tokens;

  if (was_signed_in != (tokens != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIGNED_IN]);
}

/* A new authorization server: what the old one issued is no use there,
 * and the new sign-in gets a key of its own. */
void
elicit_authorizer_forget_issuer (ElicitAuthorizer *self)
{
  g_clear_pointer (&self->registered, elicit_auth_client_free);
  elicit_authorizer_set_tokens (self, NULL, NULL);
  g_clear_pointer (&self->issuer, g_free);
  g_clear_pointer (&self->dpop_key, elicit_auth_dpop_key_unref);
  g_clear_pointer (&self->as_nonce, g_free);
}

static void
set_optional_string (JsonObject *object,
                     const char *name,
                     const char *value)
{
  if (value != NULL)
    json_object_set_string_member (object, name, value);
}

static char *
build_record (ElicitAuthorizer *self)
{
  g_autoptr(JsonObject) record = json_object_new ();
  g_autoptr(JsonNode) node = NULL;

  json_object_set_int_member (record, "version", 1);
  set_optional_string (record, "issuer", self->issuer);
  if (self->registered != NULL)
    {
      JsonObject *client = json_object_new ();

      json_object_set_string_member (client, "client_id", self->registered->client_id);
      set_optional_string (client, "client_secret", self->registered->client_secret);
      json_object_set_string_member (client, "token_endpoint_auth_method",
                                     elicit_auth_client_method_to_string (self->registered->method));
      set_optional_string (client, "redirect_uri", self->registered->redirect_uri);
      json_object_set_object_member (record, "client", client);
    }
  if (self->tokens != NULL)
    {
      json_object_set_string_member (record, "access_token", self->tokens->access_token);
      set_optional_string (record, "refresh_token", self->tokens->refresh_token);
      set_optional_string (record, "scope", self->tokens->scope);
      json_object_set_int_member (record, "expires_at", self->tokens->expires_at);
      if (self->tokens->lifetime > 0)
        json_object_set_int_member (record, "lifetime", self->tokens->lifetime);
      if (self->tokens->dpop)
        json_object_set_string_member (record, "token_type", "DPoP");
    }
  if (self->dpop_key != NULL)
    json_object_set_string_member (record, "dpop_key", elicit_auth_dpop_key_get_pem (self->dpop_key));

  node = json_node_init_object (json_node_alloc (), record);
  return elicit_json_to_string (node, NULL);
}

static void
read_dpop_key (ElicitAuthorizer *self,
               JsonObject       *record)
{
  const char *pem = elicit_json_object_get_string (record, "dpop_key");
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->dpop_key, elicit_auth_dpop_key_unref);
  if (pem == NULL)
    return;

  self->dpop_key = elicit_auth_dpop_key_new_from_pem (pem, &error);
  if (self->dpop_key == NULL)
    g_debug ("the remembered sign-in's DPoP key is unusable: %s", error->message);
}

void
elicit_authorizer_read_record (ElicitAuthorizer *self,
                               const char       *text)
{
  g_autoptr(JsonNode) node = elicit_json_parse (text, -1, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
  JsonObject *record = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonObject *client = elicit_json_object_get_object (record, "client");
  const char *issuer = elicit_json_object_get_string (record, "issuer");
  const char *access_token = elicit_json_object_get_string (record, "access_token");
  ElicitAuthTokens *tokens;

  if (record == NULL || issuer == NULL)
    return;

  read_dpop_key (self, record);

  if (client != NULL && elicit_json_object_get_string (client, "client_id") != NULL)
    {
      g_clear_pointer (&self->registered, elicit_auth_client_free);
      self->registered = g_new0 (ElicitAuthClient, 1);
      self->registered->client_id = g_strdup (elicit_json_object_get_string (client, "client_id"));
      self->registered->client_secret = g_strdup (elicit_json_object_get_string (client, "client_secret"));
      self->registered->method =
        elicit_auth_client_method_from_string (elicit_json_object_get_string (client, "token_endpoint_auth_method"));
      self->registered->redirect_uri = g_strdup (elicit_json_object_get_string (client, "redirect_uri"));
    }

  if (access_token == NULL || !elicit_auth_is_token_text (access_token))
    {
      g_free (self->issuer);
      self->issuer = g_strdup (issuer);
      return;
    }

  tokens = g_new0 (ElicitAuthTokens, 1);
  tokens->access_token = g_strdup (access_token);
  tokens->refresh_token = g_strdup (elicit_json_object_get_string (record, "refresh_token"));
  tokens->scope = g_strdup (elicit_json_object_get_string (record, "scope"));
  elicit_json_object_get_int (record, "expires_at", &tokens->expires_at);
  if (!elicit_json_object_get_int (record, "lifetime", &tokens->lifetime) || tokens->lifetime < 0)
    tokens->lifetime = 0;
  tokens->dpop = g_strcmp0 (elicit_json_object_get_string (record, "token_type"), "DPoP") == 0;
  /* A bound token without its key is of no use. */
  if (tokens->dpop && self->dpop_key == NULL)
    {
      g_clear_pointer (&tokens, elicit_auth_tokens_free);
      g_free (self->issuer);
      self->issuer = g_strdup (issuer);
      return;
    }
  elicit_authorizer_set_tokens (self, issuer, tokens);
}

void
elicit_authorizer_store_failed (ElicitAuthorizer *self,
                                const GError     *error)
{
  /* The store keeps the record in memory whatever happens: say why the
   * keyring did not take it, and go on. */
  g_debug ("%s", error->message);
  g_signal_emit (self, signals[STORE_ERROR], 0, error);
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(ElicitAuthorizer) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_token_store_save_finish (ELICIT_TOKEN_STORE (object), result, &error))
    elicit_authorizer_store_failed (self, error);
}

static void
forgot_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ElicitAuthorizer) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_token_store_forget_finish (ELICIT_TOKEN_STORE (object), result, &error))
    elicit_authorizer_store_failed (self, error);
}

void
elicit_authorizer_save (ElicitAuthorizer *self)
{
  g_autofree char *record = NULL;

  if (self->store == NULL)
    return;

  /* Nothing left worth keeping (the authorization server changed). */
  if (self->issuer == NULL)
    {
      elicit_token_store_forget_async (self->store, self->resource, NULL, forgot_cb,
                                       g_object_ref (self));
      return;
    }

  record = build_record (self);
  elicit_token_store_save_async (self->store, self->resource, self->issuer, record, NULL,
                                 saved_cb, g_object_ref (self));
}

/* DPoP ------------------------------------------------------------------------- */

ElicitAuthDpopKey *
elicit_authorizer_ensure_dpop_key (ElicitAuthorizer  *self,
                                   GError           **error)
{
  if (self->dpop_key == NULL)
    self->dpop_key = elicit_auth_dpop_key_generate (error);

  return self->dpop_key;
}

void
elicit_authorizer_set_as_nonce (ElicitAuthorizer *self,
                                const char       *nonce)
{
  if (nonce == NULL)
    return;

  g_free (self->as_nonce);
  self->as_nonce = g_strdup (nonce);
}

void
elicit_authorizer_set_rs_nonce (ElicitAuthorizer *self,
                                const char       *nonce)
{
  if (nonce == NULL || !elicit_auth_is_token_text (nonce))
    return;

  g_free (self->rs_nonce);
  self->rs_nonce = g_strdup (nonce);
}

static gboolean
uses_dpop (ElicitAuthorizer *self)
{
  return self->tokens != NULL && self->tokens->dpop && self->dpop_key != NULL;
}

char *
elicit_authorizer_get_dpop_proof (ElicitAuthorizer *self,
                                  const char       *htm,
                                  const char       *url)
{
  g_autoptr(GError) error = NULL;
  char *proof;

  if (!uses_dpop (self))
    return NULL;

  proof = elicit_auth_dpop_key_proof (self->dpop_key, htm, url, self->tokens->access_token,
                                      self->rs_nonce, &error);
  if (proof == NULL)
    g_debug ("%s", error->message);

  return proof;
}

/* Before a request ------------------------------------------------------------- */

const char *
elicit_authorizer_get_access_token (ElicitAuthorizer *self)
{
  return self->tokens != NULL ? self->tokens->access_token : NULL;
}

char *
elicit_authorizer_get_authorization (ElicitAuthorizer *self)
{
  if (self->tokens == NULL)
    return NULL;

  return g_strconcat (uses_dpop (self) ? "DPoP " : "Bearer ", self->tokens->access_token, NULL);
}

/* A fixed margin would make a token that lives a minute or less count as
 * expiring when issued, and refresh it before every request. */
static gint64
refresh_margin (const ElicitAuthTokens *tokens)
{
  if (tokens->lifetime <= 0)
    return ELICIT_AUTHORIZER_REFRESH_MARGIN_S;

  return MIN (tokens->lifetime / 4, ELICIT_AUTHORIZER_REFRESH_MARGIN_S);
}

static gboolean
is_expiring (ElicitAuthorizer *self)
{
  return self->tokens != NULL && self->tokens->refresh_token != NULL &&
         self->tokens->expires_at > 0 &&
         g_get_real_time () / G_USEC_PER_SEC + refresh_margin (self->tokens) >= self->tokens->expires_at;
}

/* The store is read at the first 401 only (elicit-authorizer-flow.c): a
 * server that needs no sign-in never wakes the keyring. */
gboolean
elicit_authorizer_needs_prepare (ElicitAuthorizer *self)
{
  return is_expiring (self) && self->waiters->len == 0;
}

static void
finish_preparing (ElicitAuthorizer *self)
{
  g_autoptr(GPtrArray) preparers = g_steal_pointer (&self->preparers);

  self->preparers = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < preparers->len; i++)
    g_task_return_boolean (g_ptr_array_index (preparers, i), TRUE);
}

static void
refreshed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  ElicitAuthorizer *self = ELICIT_AUTHORIZER (object);
  g_autoptr(GError) error = NULL;

  /* A failed refresh leaves the old token: the server's 401 will start
   * over. */
  if (!elicit_authorizer_challenge_finish (self, result, &error))
    g_debug ("refreshing before expiry failed: %s", error->message);

  finish_preparing (self);
}

static void
refresh_if_expiring (ElicitAuthorizer *self)
{
  if (!is_expiring (self) || self->waiters->len > 0)
    {
      finish_preparing (self);
      return;
    }

  /* As the server would: a 401 for the token about to expire. */
  elicit_authorizer_challenge_async (self, SOUP_STATUS_UNAUTHORIZED, NULL,
                                     self->tokens->access_token, 0, NULL, refreshed_cb, NULL);
}

void
elicit_authorizer_prepare_async (ElicitAuthorizer    *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, elicit_authorizer_prepare_async);
  g_ptr_array_add (self->preparers, task);
  if (self->preparers->len > 1)
    return;

  refresh_if_expiring (self);
}

void
elicit_authorizer_prepare_finish (ElicitAuthorizer *self,
                                  GAsyncResult     *result)
{
  g_task_propagate_boolean (G_TASK (result), NULL);
}

/* Signing out ------------------------------------------------------------------ */

static void
forgotten_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_token_store_forget_finish (ELICIT_TOKEN_STORE (object), result, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * elicit_authorizer_sign_out_async:
 * @self: an authorizer
 * @cancellable: (nullable): a cancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Forgets the tokens and the client registration, here and in
 * [property@Authorizer:token-store]. The next request that the server
 * refuses signs in again.
 *
 * Since: 1.0
 */
void
elicit_authorizer_sign_out_async (ElicitAuthorizer    *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_AUTHORIZER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_authorizer_sign_out_async);

  if (self->sign_in != NULL)
    elicit_sign_in_cancel (self->sign_in);
  elicit_authorizer_forget_issuer (self);
  self->loaded = TRUE;

  if (self->store == NULL)
    g_task_return_boolean (task, TRUE);
  else
    elicit_token_store_forget_async (self->store, self->resource, cancellable, forgotten_cb,
                                     g_steal_pointer (&task));
}

/**
 * elicit_authorizer_sign_out_finish:
 * @self: an authorizer
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@Authorizer.sign_out_async]. Even when it fails (a
 * locked keyring), the authorizer itself has forgotten the sign-in.
 *
 * Returns: whether the store forgot the sign-in too
 *
 * Since: 1.0
 */
gboolean
elicit_authorizer_sign_out_finish (ElicitAuthorizer  *self,
                                   GAsyncResult      *result,
                                   GError           **error)
{
  g_return_val_if_fail (ELICIT_IS_AUTHORIZER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
