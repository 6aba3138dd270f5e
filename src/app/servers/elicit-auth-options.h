/* elicit-auth-options.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

G_BEGIN_DECLS

/* How `elicit call` and `elicit proxy` sign in to a remote server: their
 * options, and the same keys under "oauth" in a server's config entry. */
typedef struct
{
  char     *client_id;
  char     *client_secret_file;
  char     *client_key_file;
  char     *scope;
  char     *grant;
  char     *client_metadata_url;
  char     *workload_token_file;  /* grant jwt_bearer */
  char     *id_token_file;        /* grant enterprise_managed, with the two below */
  char     *idp_token_endpoint;
  char     *idp_client_id;
  gboolean  no_keyring;
} ElicitAuthOptions;

void              elicit_auth_options_clear         (ElicitAuthOptions   *options);
/* The option entries that fill @options, NULL-terminated (free the array). */
GOptionEntry     *elicit_auth_options_entries       (ElicitAuthOptions   *options);
gboolean          elicit_auth_options_given         (ElicitAuthOptions   *options);
/* Fills what the command line left unset from a config entry's "oauth"
 * object (clientId, clientSecretFile, clientKeyFile, scope, grant,
 * clientMetadataUrl, keyring). */
gboolean          elicit_auth_options_merge_json    (ElicitAuthOptions   *options,
                                                     JsonObject          *oauth,
                                                     GError             **error);
/* The authorizer for the remote server at @url, its secrets read from
 * their files. It keeps its sign-in in @store (shared with other servers)
 * unless the options say not to use the keyring, or @store is NULL: then
 * in a store of its own. */
ElicitAuthorizer *elicit_auth_options_create_authorizer (ElicitAuthOptions *options,
                                                         const char        *url,
                                                         const char        *label,
                                                         ElicitTokenStore  *store,
                                                         GError           **error);

G_END_DECLS
