/* elicit-authorizer-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-auth-dpop-private.h"
#include "elicit-auth-private.h"
#include "elicit-authorizer.h"

G_BEGIN_DECLS

/* ElicitAuthorizer is one class in two files: the object, its settings and
 * its record in the token store in elicit-authorizer.c; what happens when a
 * server says 401 or 403 (discovery, registration, the code flow, client
 * credentials, refresh, step-up) in elicit-authorizer-flow.c. */

/* Challenges one request may answer before it gives up. */
#define ELICIT_AUTHORIZER_MAX_CHALLENGES 3
/* A token this close to its expiry is refreshed before it is sent: a quarter of
 * its lifetime, at most this (and this when the lifetime is unknown). */
#define ELICIT_AUTHORIZER_REFRESH_MARGIN_S 60

struct _ElicitAuthorizer
{
  GObject           parent_instance;

  char             *resource;
  char             *server_label;
  char             *client_id;
  char             *client_secret;
  char             *client_key;
  char             *scope;
  char             *client_metadata_url;
  char             *token_file;
  char             *idp_token_endpoint;
  char             *idp_client_id;
  ElicitAuthGrant   grant;
  ElicitTokenStore *store;
  gboolean          auto_approve;
  GStrv             browser_command;

  SoupSession      *soup;
  /* What is known, and kept in the store as one record. */
  char             *issuer;        /* of the registration and tokens */
  ElicitAuthClient *registered;    /* a dynamic registration with @issuer */
  ElicitAuthTokens *tokens;
  ElicitAuthServer *server;        /* as last discovered */
  gboolean          loaded;        /* the store was read (at the first 401) */
  ElicitAuthDpopKey *dpop_key;     /* the sign-in's DPoP key, kept in the record */
  char             *as_nonce;      /* the authorization server's last DPoP nonce */
  char             *rs_nonce;      /* the resource server's */

  /* The flow under way, and who waits for it. */
  GPtrArray        *waiters;
  GPtrArray        *preparers;
  ElicitSignIn     *sign_in;
};

void         elicit_auth_client_free          (ElicitAuthClient *client);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthClient, elicit_auth_client_free)

/* elicit-authorizer.c */
void         elicit_authorizer_set_tokens     (ElicitAuthorizer *self,
                                               const char       *issuer,
                                               ElicitAuthTokens *tokens);
void         elicit_authorizer_forget_issuer  (ElicitAuthorizer *self);
void         elicit_authorizer_save           (ElicitAuthorizer *self);
void         elicit_authorizer_store_failed   (ElicitAuthorizer *self,
                                               const GError     *error);
void         elicit_authorizer_read_record    (ElicitAuthorizer *self,
                                               const char       *text);
gboolean     elicit_authorizer_emit_sign_in   (ElicitAuthorizer *self,
                                               ElicitSignIn     *sign_in);

/* The sign-in's DPoP key, made when first needed. */
ElicitAuthDpopKey *elicit_authorizer_ensure_dpop_key (ElicitAuthorizer *self,
                                                      GError          **error);
void         elicit_authorizer_set_as_nonce   (ElicitAuthorizer *self,
                                               const char       *nonce);

/* For ElicitHttpTransport. The access token to send, or NULL. */
const char  *elicit_authorizer_get_access_token (ElicitAuthorizer *self);
/* The Authorization header for it: "DPoP TOKEN" for a token bound to the
 * sign-in's key, else "Bearer TOKEN"; NULL without a token. A secret. */
char        *elicit_authorizer_get_authorization (ElicitAuthorizer *self);
/* The DPoP proof for a request with the token (@htm @url), with the
 * resource server's last nonce; NULL when the token is a bearer token. */
char        *elicit_authorizer_get_dpop_proof (ElicitAuthorizer *self,
                                               const char       *htm,
                                               const char       *url);
/* The resource server sent DPoP-Nonce: proofs from now on carry it. */
void         elicit_authorizer_set_rs_nonce   (ElicitAuthorizer *self,
                                               const char       *nonce);
/* Whether to call elicit_authorizer_prepare_async() before sending: the
 * token is about to expire and can be refreshed. */
gboolean     elicit_authorizer_needs_prepare  (ElicitAuthorizer     *self);
void         elicit_authorizer_prepare_async  (ElicitAuthorizer     *self,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
void         elicit_authorizer_prepare_finish (ElicitAuthorizer     *self,
                                               GAsyncResult         *result);
/* The server answered a request sent with @sent_token (or none) with
 * @status (401, or 403) and @www_authenticate: obtains a token that may do
 * better. @attempt counts the challenges this request already met. FALSE
 * with the reason when it is no use asking again. */
void         elicit_authorizer_challenge_async  (ElicitAuthorizer     *self,
                                                 guint                 status,
                                                 const char           *www_authenticate,
                                                 const char           *sent_token,
                                                 guint                 attempt,
                                                 GCancellable         *cancellable,
                                                 GAsyncReadyCallback   callback,
                                                 gpointer              user_data);
gboolean     elicit_authorizer_challenge_finish (ElicitAuthorizer     *self,
                                                 GAsyncResult         *result,
                                                 GError              **error);

G_END_DECLS
