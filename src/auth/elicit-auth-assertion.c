/* elicit-auth-assertion.c: JWTs a grant starts from (RFC 7523, RFC 8693)
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-auth-private.h"
#include "elicit-json-private.h"

/* Reading the token file ------------------------------------------------------- */

static gboolean
read_more_cb (const char *file_contents,
              goffset     file_size,
              gpointer    user_data)
{
  return file_size <= ELICIT_AUTH_MAX_ASSERTION;
}

static gboolean
is_base64url (const char *text,
              gsize       length)
{
  if (length == 0)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (text[i]) && text[i] != '-' && text[i] != '_')
      return FALSE;

  return TRUE;
}

/* Three base64url segments, the last (the signature) not empty. */
static gboolean
is_jwt (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ".", -1);

  return g_strv_length (parts) == 3 && is_base64url (parts[0], strlen (parts[0])) &&
         is_base64url (parts[1], strlen (parts[1])) && is_base64url (parts[2], strlen (parts[2]));
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_parse_name (G_FILE (object));
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_load_partial_contents_finish (G_FILE (object), result, &contents, &length, NULL,
                                            &error))
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                               _("Could not read the token file %s: %s"), path, error->message);
      return;
    }

  g_strstrip (contents);
  if (length > ELICIT_AUTH_MAX_ASSERTION || !elicit_auth_is_token_text (contents) ||
      !is_jwt (contents))
    {
      explicit_bzero (contents, length);
      g_free (contents);
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                               _("The token file %s does not hold a JWT"), path);
      return;
    }

  g_task_return_pointer (task, contents, (GDestroyNotify) elicit_auth_secret_free);
}

void
elicit_auth_read_jwt_file_async (const char          *path,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, elicit_auth_read_jwt_file_async);
  g_file_load_partial_contents_async (file, cancellable, read_more_cb, loaded_cb, task);
}

char *
elicit_auth_read_jwt_file_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_auth_read_jwt_file_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The workload's JWT ----------------------------------------------------------- */

static JsonObject *
jwt_claims (const char *jwt)
{
  g_auto(GStrv) parts = g_strsplit (jwt, ".", -1);
  g_autoptr(GString) text = NULL;
  g_autofree guchar *decoded = NULL;
  g_autoptr(JsonNode) node = NULL;
  gsize length = 0;

  if (g_strv_length (parts) != 3)
    return NULL;

  text = g_string_new (parts[1]);
  g_strdelimit (text->str, "-", '+');
  g_strdelimit (text->str, "_", '/');
  while (text->len % 4 != 0)
    g_string_append_c (text, '=');

  decoded = g_base64_decode (text->str, &length);
  node = elicit_json_parse ((const char *) decoded, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_object_ref (json_node_get_object (node));
}

/* RFC 3986 §6.2.3: an issuer with and without its trailing slash name the
 * same thing. */
static gboolean
same_issuer (const char *a,
             const char *b)
{
  gsize la = strlen (a);
  gsize lb = strlen (b);

  while (la > 0 && a[la - 1] == '/')
    la--;
  while (lb > 0 && b[lb - 1] == '/')
    lb--;

  return la == lb && strncmp (a, b, la) == 0;
}

static gboolean
audience_matches (JsonNode         *aud,
                  ElicitAuthServer *server)
{
  const char *value;

  if (aud == NULL)
    return FALSE;

  if (JSON_NODE_HOLDS_ARRAY (aud))
    {
      JsonArray *array = json_node_get_array (aud);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (audience_matches (json_array_get_element (array, i), server))
          return TRUE;
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_VALUE (aud) || json_node_get_value_type (aud) != G_TYPE_STRING)
    return FALSE;

  value = json_node_get_string (aud);
  return same_issuer (value, server->issuer) ||
         g_strcmp0 (value, server->token_endpoint) == 0;
}

static char *
audience_text (JsonNode *aud)
{
  if (aud != NULL && JSON_NODE_HOLDS_VALUE (aud) && json_node_get_value_type (aud) == G_TYPE_STRING)
    return elicit_auth_clean_text (json_node_get_string (aud), NULL);
  if (aud != NULL && JSON_NODE_HOLDS_ARRAY (aud))
    return g_strdup (_("several others"));

  return g_strdup (_("no one"));
}

gboolean
elicit_auth_check_workload_jwt (const char        *jwt,
                                ElicitAuthServer  *server,
                                GError           **error)
{
  g_autoptr(JsonObject) claims = jwt_claims (jwt);
  JsonNode *aud = claims != NULL ? json_object_get_member (claims, "aud") : NULL;
  gint64 exp = 0;

  if (claims == NULL)
    {
      g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                           _("The workload’s token is not a JWT Elicit can read"));
      return FALSE;
    }

  /* RFC 7523 §3: the authorization server must be its audience; sending a
   * token meant for someone else would hand it to a party it was not for. */
  if (!audience_matches (aud, server))
    {
      g_autofree char *shown = audience_text (aud);

      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                   _("The workload’s token is for %s, not for the authorization server %s: it "
                     "was not sent"), shown, server->issuer);
      return FALSE;
    }

  if (elicit_json_object_get_int (claims, "exp", &exp) &&
      exp <= g_get_real_time () / G_USEC_PER_SEC)
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (exp);
      g_autofree char *shown = when != NULL ? g_date_time_format_iso8601 (when) : g_strdup ("?");

      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_CONFIGURATION,
                   _("The workload’s token expired at %s: it was not sent"), shown);
      return FALSE;
    }

  return TRUE;
}

/* The identity provider's token exchange (RFC 8693) -------------------------- */

#define TOKEN_EXCHANGE "urn:ietf:params:oauth:grant-type:token-exchange"
#define ID_TOKEN_TYPE  "urn:ietf:params:oauth:token-type:id_token"
#define ID_JAG_TYPE    "urn:ietf:params:oauth:token-type:id-jag"

static GError *
exchange_error (JsonObject         *response,
                guint               status,
                const char * const *secrets)
{
  const char *code = elicit_json_object_get_string (response, "error");
  const char *description = elicit_json_object_get_string (response, "error_description");
  g_autofree char *clean_code = code != NULL ? elicit_auth_clean_text (code, secrets) : NULL;
  g_autofree char *clean_description = description != NULL
                                       ? elicit_auth_clean_text (description, secrets) : NULL;

  if (clean_code != NULL && clean_description != NULL)
    return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                        _("The identity provider refused to exchange the ID token: %s (%s)"),
                        clean_description, clean_code);
  if (clean_code != NULL)
    return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                        _("The identity provider refused to exchange the ID token (%s)"),
                        clean_code);

  return g_error_new (ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                      _("The identity provider refused to exchange the ID token (HTTP %u)"),
                      status);
}

static char *
read_grant (JsonObject         *response,
            guint               status,
            const char * const *secrets,
            GError            **error)
{
  const char *grant = elicit_json_object_get_string (response, "access_token");
  const char *type = elicit_json_object_get_string (response, "issued_token_type");

  if (!SOUP_STATUS_IS_SUCCESSFUL (status) || json_object_has_member (response, "error"))
    {
      g_propagate_error (error, exchange_error (response, status, secrets));
      return NULL;
    }

  if (grant == NULL || !elicit_auth_is_token_text (grant) || !is_jwt (grant) ||
      (type != NULL && g_strcmp0 (type, ID_JAG_TYPE) != 0))
    {
      g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                           _("The identity provider’s answer has no identity assertion grant"));
      return NULL;
    }

  return g_strdup (grant);
}

static void
exchanged_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  const char *id_token = g_task_get_task_data (task);
  const char *secrets[] = { id_token, NULL };
  g_autoptr(JsonObject) response = NULL;
  g_autoptr(GError) error = NULL;
  char *grant;
  guint status = 0;

  response = elicit_auth_post_finish (result, &status, &error);
  if (response == NULL)
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_TOKEN,
                               _("The identity provider did not exchange the ID token: %s"),
                               error->message);
      return;
    }

  grant = read_grant (response, status, secrets, &error);
  if (grant == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, grant, (GDestroyNotify) elicit_auth_secret_free);
}

static void
add (GHashTable *params,
     const char *name,
     const char *value)
{
  if (value != NULL)
    g_hash_table_replace (params, g_strdup (name), g_strdup (value));
}

void
elicit_auth_exchange_id_token_async (SoupSession         *soup,
                                     const char          *idp_token_endpoint,
                                     const char          *idp_client_id,
                                     const char          *id_token,
                                     ElicitAuthServer    *server,
                                     const char          *scope,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) elicit_auth_secret_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *form = NULL;
  g_autoptr(GBytes) body = NULL;

  g_task_set_source_tag (task, elicit_auth_exchange_id_token_async);
  g_task_set_task_data (task, g_strdup (id_token), (GDestroyNotify) elicit_auth_secret_free);

  if (!elicit_auth_check_endpoint (idp_token_endpoint, _("identity provider’s token endpoint"),
                                   &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The identity assertion grant is for this authorization server and
   * this resource only. */
  add (params, "grant_type", TOKEN_EXCHANGE);
  add (params, "requested_token_type", ID_JAG_TYPE);
  add (params, "audience", server->issuer);
  add (params, "resource", server->resource);
  add (params, "subject_token", id_token);
  add (params, "subject_token_type", ID_TOKEN_TYPE);
  add (params, "client_id", idp_client_id);
  add (params, "scope", scope);

  form = soup_form_encode_hash (params);
  body = g_bytes_new_take (form, strlen (form));
  form = NULL;
  elicit_auth_post_async (soup, idp_token_endpoint, "application/x-www-form-urlencoded", body,
                          NULL, NULL, cancellable, exchanged_cb, g_steal_pointer (&task));
}

char *
elicit_auth_exchange_id_token_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        elicit_auth_exchange_id_token_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
