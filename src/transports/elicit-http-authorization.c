/* elicit-http-authorization.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitHttpTransport: signing in. The credentials on each request (a
 * bearer token, or a DPoP-bound one with its proof), and the answers to a
 * server that refuses them: a DPoP nonce to retry with, a 401 or a 403
 * asking for more scopes that the authorizer signs in for. */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-authorizer-private.h"
#include "elicit-http-transport-private.h"
#include "elicit-transport-private.h"

static const char *
www_authenticate (Exchange *ex)
{
  return soup_message_headers_get_list (soup_message_get_response_headers (ex->message),
                                        "WWW-Authenticate");
}

/* A 401, or a 403 asking for more scopes, that the authorizer can answer. */
static gboolean
is_challenge (Exchange *ex,
              guint     status)
{
  const char *header;

  if (ex->self->authorizer == NULL || ex->kind == EXCHANGE_DELETE)
    return FALSE;

  if (status == SOUP_STATUS_UNAUTHORIZED)
    return TRUE;

  header = www_authenticate (ex);
  return status == SOUP_STATUS_FORBIDDEN && header != NULL &&
         strstr (header, "insufficient_scope") != NULL;
}

static gboolean
is_handshake (Exchange *ex)
{
  return g_strcmp0 (ex->method, "initialize") == 0 || g_strcmp0 (ex->method, "server/discover") == 0;
}

static void auth_failed (Exchange *ex, const char *message);

static void
challenge_answered_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(Exchange) ex = user_data;
  g_autoptr(GError) error = NULL;
  gboolean ok = elicit_authorizer_challenge_finish (ELICIT_AUTHORIZER (object), result, &error);

  if (ex->self == NULL)
    return;

  elicit_transport_hold_for_user (ELICIT_TRANSPORT (ex->self), FALSE);
  if (ex->finished)
    return;

  if (ok)
    {
      elicit_http_exchange_begin (ex);
      return;
    }

  /* Missing scopes fail one request; without a sign-in, or before the
   * session even began, nothing else would get through either. */
  if (ex->kind == EXCHANGE_POST && ex->auth_status == SOUP_STATUS_FORBIDDEN &&
      !is_handshake (ex))
    {
      elicit_http_exchange_release_gate (ex);
      elicit_http_exchange_failed (ex, error->message);
    }
  else
    auth_failed (ex, error->message);
}

static void
auth_failed (Exchange   *ex,
             const char *message)
{
  elicit_http_exchange_release_gate (ex);
  if (ex->kind == EXCHANGE_POST || ex->kind == EXCHANGE_LISTEN)
    elicit_http_transport_close_literal (ex->self, ELICIT_TRANSPORT_ERROR_CLOSED, message);
  else
    elicit_http_exchange_give_up (ex, message);
}

static char *
dpop_refusal (Exchange   *ex,
              GHashTable *dpop)
{
  const char *label = elicit_authorizer_get_server_label (ex->self->authorizer);
  const char *error = g_hash_table_lookup (dpop, "error");
  const char *description = g_hash_table_lookup (dpop, "error_description");
  g_autofree char *reason = NULL;

  if (g_strcmp0 (error, "use_dpop_nonce") == 0)
    return g_strdup_printf (_("“%s” keeps asking for a new DPoP nonce"), label);

  reason = elicit_auth_clean_text (description != NULL ? description : error, NULL);
  return g_strdup_printf (_("“%s” refuses Elicit’s DPoP proof: %s"), label, reason);
}

/* RFC 9449 §9: a server that wants a nonce in the proof answers 401
 * use_dpop_nonce with one, and the request is made once more with a fresh
 * proof that carries it; a second refusal, or a proof the server calls
 * invalid, ends there: signing in again would not help. */
static gboolean
answer_dpop (Exchange *ex,
             guint     status)
{
  const char *nonce = soup_message_headers_get_one (soup_message_get_response_headers (ex->message),
                                                    "DPoP-Nonce");
  g_autoptr(GPtrArray) challenges = NULL;
  GHashTable *dpop;
  const char *error;
  g_autofree char *message = NULL;

  if (ex->self->authorizer == NULL)
    return FALSE;

  elicit_authorizer_set_rs_nonce (ex->self->authorizer, nonce);
  if (status != SOUP_STATUS_UNAUTHORIZED || !ex->sent_dpop)
    return FALSE;

  challenges = elicit_auth_parse_www_authenticate (www_authenticate (ex));
  dpop = elicit_auth_find_challenge (challenges, "dpop");
  error = dpop != NULL ? g_hash_table_lookup (dpop, "error") : NULL;
  if (g_strcmp0 (error, "use_dpop_nonce") != 0 && g_strcmp0 (error, "invalid_dpop_proof") != 0)
    return FALSE;

  if (g_strcmp0 (error, "use_dpop_nonce") == 0 && nonce != NULL && !ex->dpop_retried)
    {
      g_debug ("HTTP 401 use_dpop_nonce for %s: once more with the server's nonce",
               elicit_http_exchange_get_method (ex));
      ex->dpop_retried = TRUE;
      g_clear_object (&ex->stream);
      elicit_http_exchange_begin (ex);
      return TRUE;
    }

  message = dpop_refusal (ex, dpop);
  auth_failed (ex, message);
  return TRUE;
}

static void
answer_challenge (Exchange *ex,
                  guint     status)
{
  ElicitHttpTransport *self = ex->self;

  g_debug ("HTTP %u for %s: signing in", status, elicit_http_exchange_get_method (ex));
  g_clear_object (&ex->stream);
  ex->auth_status = status;
  elicit_transport_hold_for_user (ELICIT_TRANSPORT (self), TRUE);
  elicit_authorizer_challenge_async (self->authorizer, status, www_authenticate (ex),
                                     ex->sent_token, ex->challenges++, NULL,
                                     challenge_answered_cb, elicit_http_exchange_ref (ex));
}

/* Whether @status refused the credentials of @ex in a way signing in
 * answers: the exchange is then made again, or given up, from here. */
gboolean
elicit_http_authorization_answer (Exchange *ex,
                                  guint     status)
{
  if (answer_dpop (ex, status))
    return TRUE;

  if (!is_challenge (ex, status))
    return FALSE;

  answer_challenge (ex, status);
  return TRUE;
}

/* Bearer, or DPoP with a fresh proof for this very request (RFC 9449 §7). */
void
elicit_http_authorization_add (Exchange    *ex,
                               SoupMessage *message,
                               const char  *method)
{
  ElicitAuthorizer *authorizer = ex->self->authorizer;
  SoupMessageHeaders *headers = soup_message_get_request_headers (message);
  g_autofree char *url = g_uri_to_string (ex->uri);
  g_autofree char *proof = elicit_authorizer_get_dpop_proof (authorizer, method, url);
  char *authorization = elicit_authorizer_get_authorization (authorizer);

  ex->sent_token = g_strdup (elicit_authorizer_get_access_token (authorizer));
  soup_message_headers_replace (headers, "Authorization", authorization);
  elicit_auth_secret_free (authorization);
  if (proof != NULL)
    {
      soup_message_headers_replace (headers, "DPoP", proof);
      ex->sent_dpop = TRUE;
    }
}
