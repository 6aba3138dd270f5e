/* elicit-authorizer.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>

#include "elicit-version.h"
#include "elicit-sign-in.h"
#include "elicit-token-store.h"

G_BEGIN_DECLS

/**
 * ElicitAuthGrant:
 * @ELICIT_AUTH_GRANT_AUTHORIZATION_CODE: a person signs in in the browser (the default)
 * @ELICIT_AUTH_GRANT_CLIENT_CREDENTIALS: no person: the client authenticates as itself,
 *   with a client secret or a private key (the MCP client credentials extension), for
 *   scripts
 * @ELICIT_AUTH_GRANT_JWT_BEARER: no person: workload identity federation; the JWT the
 *   workload already holds ([property@Authorizer:token-file]), issued for the
 *   authorization server, is presented as an RFC 7523 assertion
 * @ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED: no browser: enterprise-managed authorization;
 *   the person's ID token from the organisation's identity provider
 *   ([property@Authorizer:token-file]) is exchanged at the provider's token endpoint
 *   ([property@Authorizer:idp-token-endpoint], RFC 8693) for an identity assertion grant
 *   (ID-JAG), which the authorization server takes as an RFC 7523 assertion
 *
 * How an [class@Authorizer] obtains its tokens.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_AUTH_GRANT_AUTHORIZATION_CODE,
  ELICIT_AUTH_GRANT_CLIENT_CREDENTIALS,
  ELICIT_AUTH_GRANT_JWT_BEARER,
  ELICIT_AUTH_GRANT_ENTERPRISE_MANAGED,
} ElicitAuthGrant;

#define ELICIT_TYPE_AUTHORIZER (elicit_authorizer_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitAuthorizer, elicit_authorizer, ELICIT, AUTHORIZER, GObject)

ELICIT_AVAILABLE_IN_1_0
ElicitAuthorizer *elicit_authorizer_new                     (const char           *resource,
                                                             const char           *server_label) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_resource            (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_server_label        (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_authorizer_get_signed_in           (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_client_id           (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_scope               (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
ElicitAuthGrant   elicit_authorizer_get_grant               (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_client_metadata_url (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_token_file          (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_idp_token_endpoint  (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char       *elicit_authorizer_get_idp_client_id       (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
ElicitTokenStore *elicit_authorizer_get_token_store         (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_authorizer_get_auto_approve        (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_authorizer_get_browser_command   (ElicitAuthorizer     *self);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_client_id           (ElicitAuthorizer     *self,
                                                             const char           *client_id);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_client_secret       (ElicitAuthorizer     *self,
                                                             const char           *client_secret);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_client_key          (ElicitAuthorizer     *self,
                                                             const char           *private_key_pem);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_scope               (ElicitAuthorizer     *self,
                                                             const char           *scope);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_grant               (ElicitAuthorizer     *self,
                                                             ElicitAuthGrant       grant);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_client_metadata_url (ElicitAuthorizer     *self,
                                                             const char           *url);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_token_file          (ElicitAuthorizer     *self,
                                                             const char           *path);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_idp_token_endpoint  (ElicitAuthorizer     *self,
                                                             const char           *url);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_idp_client_id       (ElicitAuthorizer     *self,
                                                             const char           *client_id);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_token_store         (ElicitAuthorizer     *self,
                                                             ElicitTokenStore     *store);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_auto_approve        (ElicitAuthorizer     *self,
                                                             gboolean              auto_approve);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_set_browser_command     (ElicitAuthorizer     *self,
                                                             const char * const   *argv);
ELICIT_AVAILABLE_IN_1_0
void              elicit_authorizer_sign_out_async          (ElicitAuthorizer     *self,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean          elicit_authorizer_sign_out_finish         (ElicitAuthorizer     *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);

G_END_DECLS
