/* elicit-auth-options.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-auth-options.h"

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
      N_("How to sign in: authorization_code (in the browser, the default) or "
         "client_credentials (as the client itself, for scripts)"), N_("GRANT") },
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
         options->client_metadata_url != NULL || options->no_keyring;
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
      !merge_string (&options->client_metadata_url, oauth, "clientMetadataUrl", error))
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
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unknown grant “%s”: use authorization_code or client_credentials"), text);
      return FALSE;
    }

  return TRUE;
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
  ElicitAuthGrant grant;

  if (!parse_grant (options->grant, &grant, error))
    return NULL;

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

  return g_steal_pointer (&authorizer);
}
