/* elicit-auth-options.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-auth-options.h"
#include "elicit-browser-command.h"

/* A secret or key file is small; a larger one is a mistake. */
#define MAX_SECRET_FILE (64 * 1024)

void
elicit_auth_options_clear (ElicitAuthOptions *options)
{
  g_clear_pointer (&options->client_id, g_free);
  g_clear_pointer (&options->client_secret_file, g_free);
  g_clear_pointer (&options->client_key_file, g_free);
  g_clear_pointer (&options->scope, g_free);
  g_clear_pointer (&options->grant, g_free);
  g_clear_pointer (&options->client_metadata_url, g_free);
  g_clear_pointer (&options->workload_token_file, g_free);
  g_clear_pointer (&options->id_token_file, g_free);
  g_clear_pointer (&options->idp_token_endpoint, g_free);
  g_clear_pointer (&options->idp_client_id, g_free);
}

GOptionEntry *
elicit_auth_options_entries (ElicitAuthOptions *options)
{
  const GOptionEntry entries[] = {
    { "client-id", 0, 0, G_OPTION_ARG_STRING, &options->client_id,
      N_("Sign in to --url with this client id, registered in advance with its authorization server"),
      N_("ID") },
    { "client-secret-file", 0, 0, G_OPTION_ARG_FILENAME, &options->client_secret_file,
      N_("Read the client secret of --client-id from this file"), N_("FILE") },
    { "client-key", 0, 0, G_OPTION_ARG_FILENAME, &options->client_key_file,
      N_("Sign client assertions for --client-id with the private key in this PEM file"),
      N_("FILE") },
    { "scope", 0, 0, G_OPTION_ARG_STRING, &options->scope,
      N_("Ask for these scopes (space-separated) instead of those the server names"),
      N_("SCOPES") },
    { "grant", 0, 0, G_OPTION_ARG_STRING, &options->grant,
      N_("How to sign in: authorization_code (in the browser, the default), "
         "client_credentials (as the client itself, for scripts), jwt_bearer (with the "
         "workload’s token, see --workload-token-file) or enterprise_managed (with an ID token "
         "from your organisation’s identity provider, see --id-token-file)"), N_("GRANT") },
    { "workload-token-file", 0, 0, G_OPTION_ARG_FILENAME, &options->workload_token_file,
      N_("For --grant jwt_bearer: the file holding the JWT this workload was issued for the "
         "authorization server (read at each sign-in)"), N_("FILE") },
    { "id-token-file", 0, 0, G_OPTION_ARG_FILENAME, &options->id_token_file,
      N_("For --grant enterprise_managed: the file holding your ID token from the identity "
         "provider"), N_("FILE") },
    { "idp-token-endpoint", 0, 0, G_OPTION_ARG_STRING, &options->idp_token_endpoint,
      N_("For --grant enterprise_managed: the identity provider’s token endpoint, where the ID "
         "token is exchanged"), N_("URL") },
    { "idp-client-id", 0, 0, G_OPTION_ARG_STRING, &options->idp_client_id,
      N_("For --grant enterprise_managed: this client’s id at the identity provider"),
      N_("ID") },
    { "client-metadata-url", 0, 0, G_OPTION_ARG_STRING, &options->client_metadata_url,
      N_("The https address of this client’s metadata document, used as its client id where "
         "the authorization server accepts one"), N_("URL") },
    { "no-keyring", 0, 0, G_OPTION_ARG_NONE, &options->no_keyring,
      N_("Keep sign-ins in memory only, not in the keyring"), NULL },
    { NULL }
  };

  return g_memdup2 (entries, sizeof entries);
}

gboolean
elicit_auth_options_given (ElicitAuthOptions *options)
{
  return options->client_id != NULL || options->client_secret_file != NULL ||
         options->client_key_file != NULL || options->scope != NULL || options->grant != NULL ||
         options->client_metadata_url != NULL || options->workload_token_file != NULL ||
         options->id_token_file != NULL || options->idp_token_endpoint != NULL ||
         options->idp_client_id != NULL || options->no_keyring;
}

static gboolean
merge_string (char       **field,
              JsonObject  *oauth,
              const char  *name,
              GError     **error)
{
  JsonNode *node = json_object_get_member (oauth, name);

  if (node == NULL || *field != NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“oauth”: “%s” must be a string"), name);
      return FALSE;
    }

  *field = g_strdup (json_node_get_string (node));
  return TRUE;
}

gboolean
elicit_auth_options_merge_json (ElicitAuthOptions  *options,
                                JsonObject         *oauth,
                                GError            **error)
{
  gboolean keyring = TRUE;

  if (!merge_string (&options->client_id, oauth, "clientId", error) ||
      !merge_string (&options->client_secret_file, oauth, "clientSecretFile", error) ||
      !merge_string (&options->client_key_file, oauth, "clientKeyFile", error) ||
      !merge_string (&options->scope, oauth, "scope", error) ||
      !merge_string (&options->grant, oauth, "grant", error) ||
      !merge_string (&options->client_metadata_url, oauth, "clientMetadataUrl", error) ||
      !merge_string (&options->workload_token_file, oauth, "workloadTokenFile", error) ||
      !merge_string (&options->id_token_file, oauth, "idTokenFile", error) ||
      !merge_string (&options->idp_token_endpoint, oauth, "idpTokenEndpoint", error) ||
      !merge_string (&options->idp_client_id, oauth, "idpClientId", error))
    return FALSE;

  if (elicit_json_object_get_boolean (oauth, "keyring", &keyring) && !keyring)
    options->no_keyring = TRUE;

  return TRUE;
}

/* Reads a secret: the file's text without its final newline, and never
 * quoted in an error. */
static char *
read_secret (const char  *path,
             const char  *what,
             GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot read the %s: %s"), what,
                   local_error->message);
      return NULL;
    }

  if (length > MAX_SECRET_FILE || strlen (text) != length || !g_utf8_validate (text, length, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The %s in %s is not text of a reasonable size"), what, path);
      return NULL;
    }

  g_strchomp (text);
  return g_steal_pointer (&text);
}

static gboolean
parse_grant (const char       *text,
             ElicitAuthGrant  *grant,
             GError          **error)
{
  if (text == NULL || g_str_equal (text, "authorization_code"))
    *grant = ELICIT_AUTH_GRANT_AUTHORIZATION_CODE;
  else if (g_str_equal (text, "client_credentials"))
    *grant = ELICIT_AUTH_GRANT_CLIENT_CREDENTIALS;
  else if (g_str_equal (text, "jwt_bearer"))
    *grant = ELICIT_AUTH_GRANT_JWT_BEARER;
  else if (g_str_equal (text, "enterprise_managed"))
    *grant = ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unknown grant “%s”: use authorization_code, client_credentials, "
                     "jwt_bearer or enterprise_managed"), text);
      return FALSE;
    }

  return TRUE;
}

/* Each grant's inputs, and no other grant's: a token file given for the
 * wrong grant would be silently ignored. */
static gboolean
check_grant_inputs (ElicitAuthOptions  *options,
                    ElicitAuthGrant     grant,
                    GError            **error)
{
  gboolean enterprise = grant == ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED;
  const char *message = NULL;

  if (grant == ELICIT_AUTH_GRANT_JWT_BEARER && options->workload_token_file == NULL)
    message = _("--grant jwt_bearer needs --workload-token-file");
  else if (enterprise && (options->id_token_file == NULL || options->idp_token_endpoint == NULL))
    message = _("--grant enterprise_managed needs --id-token-file and --idp-token-endpoint");
  else if (grant != ELICIT_AUTH_GRANT_JWT_BEARER && options->workload_token_file != NULL)
    message = _("--workload-token-file is for --grant jwt_bearer only");
  else if (!enterprise && (options->id_token_file != NULL || options->idp_token_endpoint != NULL ||
                           options->idp_client_id != NULL))
    message = _("--id-token-file, --idp-token-endpoint and --idp-client-id are for --grant "
                "enterprise_managed only");

  if (message == NULL)
    return TRUE;

  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, message);
  return FALSE;
}

static char *
absolute (const char *path)
{
  return path != NULL ? g_canonicalize_filename (path, NULL) : NULL;
}

ElicitAuthorizer *
elicit_auth_options_create_authorizer (ElicitAuthOptions  *options,
                                       const char         *url,
                                       const char         *label,
                                       ElicitTokenStore   *shared_store,
                                       GError            **error)
{
  g_autoptr(ElicitAuthorizer) authorizer = elicit_authorizer_new (url, label);
  g_autoptr(ElicitTokenStore) store = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *key = NULL;
  g_auto(GStrv) browser = NULL;
  g_autoptr(GError) browser_error = NULL;
  ElicitAuthGrant grant;

  g_autofree char *token_file = NULL;

  if (!parse_grant (options->grant, &grant, error) ||
      !check_grant_inputs (options, grant, error))
    return NULL;

  browser = elicit_browser_command_from_env (&browser_error);
  if (browser_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&browser_error));
      return NULL;
    }

  if (options->client_secret_file != NULL &&
      (secret = read_secret (options->client_secret_file, _("client secret"), error)) == NULL)
    return NULL;
  if (options->client_key_file != NULL &&
      (key = read_secret (options->client_key_file, _("client key"), error)) == NULL)
    return NULL;

  if ((secret != NULL || key != NULL) && options->client_id == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("A client secret or key needs --client-id"));
      return NULL;
    }

  if (shared_store != NULL && !options->no_keyring)
    store = g_object_ref (shared_store);
  else
    store = elicit_token_store_new (options->no_keyring ? ELICIT_TOKEN_STORE_MEMORY_ONLY
                                                        : ELICIT_TOKEN_STORE_KEYRING);
  elicit_authorizer_set_token_store (authorizer, store);
  elicit_authorizer_set_grant (authorizer, grant);
  elicit_authorizer_set_client_id (authorizer, options->client_id);
  elicit_authorizer_set_client_secret (authorizer, secret);
  elicit_authorizer_set_client_key (authorizer, key);
  elicit_authorizer_set_scope (authorizer, options->scope);
  elicit_authorizer_set_client_metadata_url (authorizer, options->client_metadata_url);
  /* The library reads the token file at each sign-in, so a rotated one is
   * followed: it gets a path that does not depend on the working directory. */
  token_file = absolute (options->workload_token_file != NULL ? options->workload_token_file
                                                              : options->id_token_file);
  elicit_authorizer_set_token_file (authorizer, token_file);
  elicit_authorizer_set_idp_token_endpoint (authorizer, options->idp_token_endpoint);
  elicit_authorizer_set_idp_client_id (authorizer, options->idp_client_id);

  /* A script's browser signs in even where nobody is asked (no display). */
  elicit_authorizer_set_browser_command (authorizer, (const char * const *) browser);
  elicit_authorizer_set_auto_approve (authorizer, browser != NULL);

  return g_steal_pointer (&authorizer);
}
