/* elicit-auth-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "elicit-auth-error.h"

G_BEGIN_DECLS

#if defined(__SANITIZE_ADDRESS__)
# define ELICIT_UNDER_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define ELICIT_UNDER_ASAN 1
# endif
#endif

/* The pieces of MCP authorization (OAuth 2.1), one concern per file:
 *
 *   elicit-auth-util.c       WWW-Authenticate, PKCE, well-known URLs, URL rules, scopes
 *   elicit-auth-http.c       bounded JSON over HTTP with the authorization server
 *   elicit-auth-discovery.c  protected resource and authorization server metadata
 *   elicit-auth-listener.c   the loopback redirect listener (RFC 8252)
 *   elicit-auth-token.c      the token endpoint: code, refresh, client credentials
 *   elicit-authorizer*.c     the object that runs them for one server
 */

/* Answers from an authorization server are small: anything longer is refused. */
#define ELICIT_AUTH_MAX_BODY   (64 * 1024)
#define ELICIT_AUTH_TIMEOUT_S  30
/* The longest WWW-Authenticate header looked at. */
#define ELICIT_AUTH_MAX_HEADER (16 * 1024)

/* --- elicit-auth-util.c --- */

typedef struct
{
  char       *scheme;   /* lower case */
  GHashTable *params;   /* lower-case name → value, the first of repeated names */
} ElicitAuthChallenge;

void        elicit_auth_challenge_free          (ElicitAuthChallenge *challenge);
/* Every challenge of a WWW-Authenticate value (several headers joined by
 * commas are one value); garbage ends the parse, keeping what came before. */
GPtrArray  *elicit_auth_parse_www_authenticate  (const char          *header);
/* The parameters of the first Bearer challenge, else of the first DPoP
 * one (RFC 9449 §7.1), or NULL. */
GHashTable *elicit_auth_find_bearer             (GPtrArray           *challenges);
/* The parameters of the first challenge of @scheme (lower case), or NULL. */
GHashTable *elicit_auth_find_challenge          (GPtrArray           *challenges,
                                                 const char          *scheme);

char       *elicit_auth_base64url               (const guint8        *data,
                                                 gsize                length);
/* @n_bytes random bytes from the system's generator, base64url. */
char       *elicit_auth_random_string           (gsize                n_bytes);
/* The S256 code challenge of @verifier (RFC 7636 §4.2). */
char       *elicit_auth_pkce_challenge          (const char          *verifier);

/* RFC 9728 §3.1: where the protected resource metadata of @server_url is,
 * path-based first; one or two URLs. */
GPtrArray  *elicit_auth_prm_urls                (const char          *server_url);
/* RFC 8414 §3.1 and OpenID Connect Discovery, in the MCP specification's
 * order for an issuer with and without a path. */
GPtrArray  *elicit_auth_metadata_urls           (const char          *issuer);
gboolean    elicit_auth_is_loopback_host        (const char          *host);
/* https, or http on a loopback host; else an ELICIT_AUTH_ERROR_INSECURE
 * error naming @what. Refuses user-info and fragments. */
gboolean    elicit_auth_check_endpoint          (const char          *url,
                                                 const char          *what,
                                                 GError             **error);
/* Whether the protected resource metadata's `resource` covers @server_url:
 * the same origin, and its path the same or a parent (on a segment
 * boundary). */
gboolean    elicit_auth_resource_covers         (const char          *resource,
                                                 const char          *server_url);
/* The scopes of @a then those of @b not in @a, space-separated; NULL when
 * both are empty. */
char       *elicit_auth_scope_union             (const char          *a,
                                                 const char          *b);
/* Whether every scope of @wanted is in @have. */
gboolean    elicit_auth_scope_contains          (const char          *have,
                                                 const char          *wanted);
/* Whether @scope appears in the JSON string array @supported. */
gboolean    elicit_auth_array_has_string        (JsonArray           *supported,
                                                 const char          *scope);
/* Whether @text can travel in an HTTP header as a token: visible ASCII,
 * at most 8 KiB. */
gboolean    elicit_auth_is_token_text           (const char          *text);
/* Wipes a secret (a token, a PKCE verifier) before freeing it. */
void        elicit_auth_secret_free             (char                *secret);
/* Once this process may hold a token or a sign-in's keys: no core dump, no
 * ptrace by other processes of the user (as ssh-agent and gnome-keyring).
 * Not under AddressSanitizer, whose leak checker must ptrace the process. */
void        elicit_auth_protect_process         (void);
/* Server text for a message: one line, bounded, secrets in @secrets
 * replaced by "…". */
char       *elicit_auth_clean_text              (const char          *text,
                                                 const char * const  *secrets);

/* --- elicit-auth-http.c --- */

/* A GET of a JSON object. Fails with ELICIT_AUTH_ERROR_DISCOVERY; @status
 * tells a missing document (4xx) from one that is broken. */
void        elicit_auth_get_json_async          (SoupSession         *soup,
                                                 const char          *url,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
JsonObject *elicit_auth_get_json_finish         (GAsyncResult        *result,
                                                 guint               *status,
                                                 GError             **error);
/* A POST of @body (form or JSON) that answers a JSON object, whatever the
 * status (OAuth errors are JSON too); @authorization and @dpop_proof are
 * the headers, if any. Never follows a redirect: it would carry the secrets
 * elsewhere. */
void        elicit_auth_post_async              (SoupSession         *soup,
                                                 const char          *url,
                                                 const char          *content_type,
                                                 GBytes              *body,
                                                 const char          *authorization,
                                                 const char          *dpop_proof,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
JsonObject *elicit_auth_post_finish             (GAsyncResult        *result,
                                                 guint               *status,
                                                 GError             **error);
/* The answer's DPoP-Nonce header (RFC 9449 §8), if it is one token. */
const char *elicit_auth_post_get_dpop_nonce     (GAsyncResult        *result);
SoupSession *elicit_auth_soup_session_new       (void);

/* --- elicit-auth-discovery.c --- */

typedef struct
{
  char       *resource;                /* as the metadata publishes it, else the server URL */
  char       *resource_scopes;         /* its scopes_supported, space-separated, or NULL */
  char       *issuer;
  JsonObject *metadata;                /* NULL: the 2025-03-26 default endpoints */
  char       *authorization_endpoint;
  char       *token_endpoint;
  char       *registration_endpoint;   /* NULL when the server offers none */
} ElicitAuthServer;

void              elicit_auth_server_free      (ElicitAuthServer    *server);
/* Protected resource metadata (from @resource_metadata_url, the challenge's
 * `resource_metadata`, when not NULL) then the authorization server's. */
void              elicit_auth_discover_async   (SoupSession         *soup,
                                                const char          *server_url,
                                                const char          *resource_metadata_url,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
ElicitAuthServer *elicit_auth_discover_finish  (GAsyncResult        *result,
                                                GError             **error);
/* The metadata's `issuer` against the one the well-known URL came from,
 * RFC 8414 §3.3: identical. */
gboolean          elicit_auth_check_issuer     (JsonObject          *metadata,
                                                const char          *issuer,
                                                GError             **error);
gboolean          elicit_auth_server_supports  (ElicitAuthServer    *server,
                                                const char          *array_member,
                                                const char          *value);

/* --- elicit-auth-listener.c --- */

typedef struct _ElicitAuthListener ElicitAuthListener;

/* A one-shot listener on 127.0.0.1, a random port, for @state; _at()
 * tries @port first. */
ElicitAuthListener *elicit_auth_listener_new            (const char          *state,
                                                         GError             **error);
ElicitAuthListener *elicit_auth_listener_new_at         (const char          *state,
                                                         guint                port,
                                                         GError             **error);
void                elicit_auth_listener_free           (ElicitAuthListener  *self);
const char         *elicit_auth_listener_get_redirect_uri (ElicitAuthListener *self);
/* Waits for the one redirect to the expected path with the expected state
 * (others get an error page and change nothing): its query parameters
 * (code, state, iss…), or an error: an `error=` answer, no code. */
void                elicit_auth_listener_wait_async     (ElicitAuthListener  *self,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
GHashTable         *elicit_auth_listener_wait_finish    (ElicitAuthListener  *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);
/* The browser that delivered the answer waits for this: success or @error. */
void                elicit_auth_listener_conclude_async (ElicitAuthListener  *self,
                                                         const GError        *error,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
gboolean            elicit_auth_listener_conclude_finish (ElicitAuthListener *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);

/* --- elicit-auth-token.c --- */

typedef enum
{
  ELICIT_AUTH_CLIENT_NONE,
  ELICIT_AUTH_CLIENT_SECRET_BASIC,
  ELICIT_AUTH_CLIENT_SECRET_POST,
  ELICIT_AUTH_CLIENT_PRIVATE_KEY_JWT,
} ElicitAuthClientMethod;

typedef struct
{
  char                   *client_id;
  char                   *client_secret;   /* nullable */
  char                   *private_key;     /* PEM, nullable */
  ElicitAuthClientMethod  method;
  char                   *redirect_uri;    /* a dynamic registration's, nullable */
} ElicitAuthClient;

typedef struct
{
  char   *access_token;
  char   *refresh_token;  /* nullable */
  char   *scope;          /* granted, or asked for when the answer omits it; nullable */
  gint64  expires_at;     /* unix seconds, 0 when unknown */
  gint64  lifetime;       /* the expires_in it was issued with, seconds, 0 when unknown */
  gboolean dpop;          /* token_type DPoP: bound to the sign-in's DPoP key (RFC 9449) */
} ElicitAuthTokens;

void              elicit_auth_tokens_free   (ElicitAuthTokens    *tokens);
const char       *elicit_auth_client_method_to_string (ElicitAuthClientMethod method);
ElicitAuthClientMethod elicit_auth_client_method_from_string (const char *text);
/* POSTs @params (grant_type and the rest) to @server's token endpoint,
 * authenticated as @client, and reads the token it answers. The secrets go
 * to the token endpoint only. With @dpop_key, each request carries a DPoP
 * proof (with @dpop_nonce, the authorization server's last nonce, if any);
 * a use_dpop_nonce answer is retried once with the nonce it gives. @server
 * and @client must outlive the request. _finish() gives the nonce to use
 * next time, if any. */
typedef struct _ElicitAuthDpopKey ElicitAuthDpopKey;
void              elicit_auth_token_request_async  (SoupSession         *soup,
                                                    ElicitAuthServer    *server,
                                                    ElicitAuthClient    *client,
                                                    GHashTable          *params,
                                                    ElicitAuthDpopKey   *dpop_key,
                                                    const char          *dpop_nonce,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
ElicitAuthTokens *elicit_auth_token_request_finish (GAsyncResult        *result,
                                                    char               **dpop_nonce,
                                                    GError             **error);
/* Reads a token endpoint's answer; @requested_scope stands in for an
 * omitted `scope`. */
ElicitAuthTokens *elicit_auth_tokens_from_response (JsonObject          *response,
                                                    guint                status,
                                                    const char          *requested_scope,
                                                    const char * const  *secrets,
                                                    GError             **error);

/* --- elicit-auth-assertion.c --- */

/* The longest JWT read from a token file. */
#define ELICIT_AUTH_MAX_ASSERTION (16 * 1024)
#define ELICIT_AUTH_JWT_BEARER "urn:ietf:params:oauth:grant-type:jwt-bearer"

/* The JWT in the file at @path (a workload's token, an ID token): one
 * line of a compact JWS, surrounding white space ignored. A secret. */
void              elicit_auth_read_jwt_file_async  (const char          *path,
                                                    GCancellable        *cancellable,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
char             *elicit_auth_read_jwt_file_finish (GAsyncResult        *result,
                                                    GError             **error);
/* Before a workload's JWT is presented (RFC 7523 §3): its `aud` names
 * @server (its issuer, with or without a trailing slash, or its token
 * endpoint), and it has not expired. The signature is the server's to check. */
gboolean          elicit_auth_check_workload_jwt   (const char          *jwt,
                                                    ElicitAuthServer    *server,
                                                    GError             **error);
/* RFC 8693 at the identity provider: @id_token for an identity assertion
 * grant (ID-JAG) for @server's issuer and resource. */
void              elicit_auth_exchange_id_token_async  (SoupSession         *soup,
                                                        const char          *idp_token_endpoint,
                                                        const char          *idp_client_id,
                                                        const char          *id_token,
                                                        ElicitAuthServer    *server,
                                                        const char          *scope,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
char             *elicit_auth_exchange_id_token_finish (GAsyncResult        *result,
                                                        GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthChallenge, elicit_auth_challenge_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthServer, elicit_auth_server_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthTokens, elicit_auth_tokens_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitAuthListener, elicit_auth_listener_free)

G_END_DECLS
