/* elicit-auth-util.c: WWW-Authenticate, PKCE, well-known URLs, URL rules, scopes
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/prctl.h>

#include "elicit-i18n-private.h"

#include "elicit-auth-private.h"
#include "elicit-json.h"
#include "elicit-text.h"

/* Secrets in memory ----------------------------------------------------------- */

void
elicit_auth_secret_free (char *secret)
{
  if (secret == NULL)
    return;

  explicit_bzero (secret, strlen (secret));
  g_free (secret);
}

void
elicit_auth_protect_process (void)
{
#ifndef ELICIT_UNDER_ASAN
  static gsize done = 0;

  if (!g_once_init_enter (&done))
    return;

  /* A core dump (systemd-coredump keeps them on disk) or a debugger attached
   * by another program of the user would read the tokens. */
  if (prctl (PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
    g_debug ("could not make the process undumpable: %s", g_strerror (errno));

  g_once_init_leave (&done, 1);
#endif
}

/* WWW-Authenticate (RFC 9110 §11.6.1) --------------------------------------- */

void
elicit_auth_challenge_free (ElicitAuthChallenge *challenge)
{
  g_free (challenge->scheme);
  g_hash_table_unref (challenge->params);
  g_free (challenge);
}

static gboolean
is_tchar (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("!#$%&'*+-.^_`|~", c) != NULL);
}

static void
skip_space (const char **p)
{
  while (**p == ' ' || **p == '\t')
    (*p)++;
}

static char *
read_token (const char **p)
{
  const char *start = *p;

  while (is_tchar (**p))
    (*p)++;

  return *p > start ? g_strndup (start, *p - start) : NULL;
}

/* A quoted-string with its escapes undone; NULL when it never ends. */
static char *
read_quoted (const char **p)
{
  g_autoptr(GString) value = g_string_new (NULL);
  const char *q = *p + 1;

  for (; *q != '\0' && *q != '"'; q++)
    {
      if (*q == '\\')
        {
          q++;
          if (*q == '\0')
            return NULL;
        }
      g_string_append_c (value, *q);
    }

  if (*q != '"')
    return NULL;

  *p = q + 1;
  return g_string_free (g_steal_pointer (&value), FALSE);
}

/* Whether an auth-param (name "=") starts at @p, rather than a new
 * challenge's scheme or a token68. */
static gboolean
at_param (const char *p)
{
  g_autofree char *name = read_token (&p);

  if (name == NULL)
    return FALSE;
  skip_space (&p);
  if (*p != '=')
    return FALSE;
  p++;
  skip_space (&p);

  /* "abc==" is a token68, "a=b" and a="b" are parameters. */
  return *p != '\0' && *p != ',' && *p != '=';
}

static gboolean
read_param (const char          **p,
            ElicitAuthChallenge  *challenge)
{
  g_autofree char *name = read_token (p);
  g_autofree char *lower = NULL;
  g_autofree char *value = NULL;

  skip_space (p);
  (*p)++; /* '=', as at_param() saw */
  skip_space (p);

  value = **p == '"' ? read_quoted (p) : read_token (p);
  if (value == NULL)
    return FALSE;

  lower = g_ascii_strdown (name, -1);
  if (!g_hash_table_contains (challenge->params, lower))
    g_hash_table_insert (challenge->params, g_steal_pointer (&lower), g_steal_pointer (&value));

  return TRUE;
}

/* The parameters (or token68) after a scheme, up to the next challenge. */
static gboolean
read_challenge_params (const char          **p,
                       ElicitAuthChallenge  *challenge)
{
  for (;;)
    {
      skip_space (p);
      if (at_param (*p))
        {
          if (!read_param (p, challenge))
            return FALSE;
        }
      else if (is_tchar (**p))
        {
          /* A token68: not used by Bearer; skipped. */
          g_free (read_token (p));
          while (**p == '=')
            (*p)++;
        }

      skip_space (p);
      if (**p == '\0')
        return TRUE;
      if (**p != ',')
        return FALSE;

      while (**p == ',' || **p == ' ' || **p == '\t')
        (*p)++;
      if (!at_param (*p))
        return TRUE; /* the next challenge begins */
    }
}

GPtrArray *
elicit_auth_parse_www_authenticate (const char *header)
{
  GPtrArray *challenges = g_ptr_array_new_with_free_func ((GDestroyNotify) elicit_auth_challenge_free);
  g_autofree char *bounded = NULL;
  const char *p;

  if (header == NULL)
    return challenges;

  bounded = g_strndup (header, ELICIT_AUTH_MAX_HEADER);
  p = bounded;

  for (;;)
    {
      g_autofree char *scheme = NULL;
      ElicitAuthChallenge *challenge;

      while (*p == ',' || *p == ' ' || *p == '\t')
        p++;
      scheme = read_token (&p);
      if (scheme == NULL)
        break;

      challenge = g_new0 (ElicitAuthChallenge, 1);
      challenge->scheme = g_ascii_strdown (scheme, -1);
      challenge->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_ptr_array_add (challenges, challenge);

      if (!read_challenge_params (&p, challenge))
        break;
    }

  return challenges;
}

GHashTable *
elicit_auth_find_challenge (GPtrArray  *challenges,
                            const char *scheme)
{
  for (guint i = 0; challenges != NULL && i < challenges->len; i++)
    {
      ElicitAuthChallenge *challenge = g_ptr_array_index (challenges, i);

      if (g_str_equal (challenge->scheme, scheme))
        return challenge->params;
    }

  return NULL;
}

GHashTable *
elicit_auth_find_bearer (GPtrArray *challenges)
{
  GHashTable *bearer = elicit_auth_find_challenge (challenges, "bearer");

  return bearer != NULL ? bearer : elicit_auth_find_challenge (challenges, "dpop");
}

/* PKCE (RFC 7636) ----------------------------------------------------------- */

char *
elicit_auth_base64url (const guint8 *data,
                       gsize         length)
{
  char *text = g_base64_encode (data, length);
  gsize n = strlen (text);

  while (n > 0 && text[n - 1] == '=')
    text[--n] = '\0';
  for (char *c = text; *c != '\0'; c++)
    {
      if (*c == '+')
        *c = '-';
      else if (*c == '/')
        *c = '_';
    }

  return text;
}

char *
elicit_auth_random_string (gsize n_bytes)
{
  g_autofree guint8 *bytes = g_malloc (n_bytes);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) random = g_file_new_for_path ("/dev/urandom");
  g_autoptr(GFileInputStream) stream = g_file_read (random, NULL, &error);
  gsize n_read = 0;

  /* A verifier and a state must not be guessable: GLib's g_random is not
   * a cryptographic generator, the kernel's is. */
  if (stream == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), bytes, n_bytes, &n_read, NULL, &error) ||
      n_read != n_bytes)
    g_error ("cannot read /dev/urandom: %s", error != NULL ? error->message : "short read");

  return elicit_auth_base64url (bytes, n_bytes);
}

char *
elicit_auth_pkce_challenge (const char *verifier)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_checksum_update (checksum, (const guchar *) verifier, strlen (verifier));
  g_checksum_get_digest (checksum, digest, &length);

  return elicit_auth_base64url (digest, length);
}

/* Well-known URLs ----------------------------------------------------------- */

static int effective_port (GUri *uri);

/* The URL of @path on @uri's origin, without the scheme's default port. */
static char *
origin_with_path (GUri       *uri,
                  const char *path)
{
  gboolean https = g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0;
  int port = effective_port (uri);

  if (port == (https ? 443 : 80))
    port = -1;

  return g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     port, path, NULL, NULL);
}

/* The path without a trailing slash; "" for none. */
static char *
trimmed_path (GUri *uri)
{
  g_autofree char *path = g_strdup (g_uri_get_path (uri));
  gsize n = strlen (path);

  while (n > 0 && path[n - 1] == '/')
    path[--n] = '\0';

  return g_steal_pointer (&path);
}

GPtrArray *
elicit_auth_prm_urls (const char *server_url)
{
  GPtrArray *urls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GUri) uri = g_uri_parse (server_url, SOUP_HTTP_URI_FLAGS, NULL);
  g_autofree char *path = NULL;

  if (uri == NULL)
    return urls;

  path = trimmed_path (uri);
  if (*path != '\0')
    {
      g_autofree char *well_known = g_strconcat ("/.well-known/oauth-protected-resource", path, NULL);

      g_ptr_array_add (urls, origin_with_path (uri, well_known));
    }
  g_ptr_array_add (urls, origin_with_path (uri, "/.well-known/oauth-protected-resource"));

  return urls;
}

GPtrArray *
elicit_auth_metadata_urls (const char *issuer)
{
  GPtrArray *urls = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GUri) uri = g_uri_parse (issuer, SOUP_HTTP_URI_FLAGS, NULL);
  g_autofree char *path = NULL;

  if (uri == NULL)
    return urls;

  path = trimmed_path (uri);
  if (*path != '\0')
    {
      g_autofree char *oauth = g_strconcat ("/.well-known/oauth-authorization-server", path, NULL);
      g_autofree char *oidc = g_strconcat ("/.well-known/openid-configuration", path, NULL);
      g_autofree char *oidc_appended = g_strconcat (path, "/.well-known/openid-configuration", NULL);

      g_ptr_array_add (urls, origin_with_path (uri, oauth));
      g_ptr_array_add (urls, origin_with_path (uri, oidc));
      g_ptr_array_add (urls, origin_with_path (uri, oidc_appended));
    }
  else
    {
      g_ptr_array_add (urls, origin_with_path (uri, "/.well-known/oauth-authorization-server"));
      g_ptr_array_add (urls, origin_with_path (uri, "/.well-known/openid-configuration"));
    }

  return urls;
}

/* URL rules ----------------------------------------------------------------- */

gboolean
elicit_auth_is_loopback_host (const char *host)
{
  g_autoptr(GInetAddress) address = NULL;

  if (host == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (host, "localhost") == 0)
    return TRUE;

  address = g_inet_address_new_from_string (host);
  return address != NULL && g_inet_address_get_is_loopback (address);
}

gboolean
elicit_auth_check_endpoint (const char  *url,
                            const char  *what,
                            GError     **error)
{
  g_autoptr(GUri) uri = url != NULL ? g_uri_parse (url, SOUP_HTTP_URI_FLAGS, NULL) : NULL;
  const char *scheme;

  if (uri == NULL || g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0' ||
      g_uri_get_userinfo (uri) != NULL || g_uri_get_fragment (uri) != NULL)
    {
      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_DISCOVERY,
                   _("The %s is not a valid address"), what);
      return FALSE;
    }

  scheme = g_uri_get_scheme (uri);
  if (g_ascii_strcasecmp (scheme, "https") == 0)
    return TRUE;

  if (g_ascii_strcasecmp (scheme, "http") == 0 && elicit_auth_is_loopback_host (g_uri_get_host (uri)))
    return TRUE;

  g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_INSECURE,
               _("The %s is not on https (%s): Elicit does not send a sign-in there"),
               what, g_uri_get_host (uri));
  return FALSE;
}

static int
effective_port (GUri *uri)
{
  if (g_uri_get_port (uri) > 0)
    return g_uri_get_port (uri);

  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0 ? 443 : 80;
}

gboolean
elicit_auth_resource_covers (const char *resource,
                             const char *server_url)
{
  g_autoptr(GUri) r = resource != NULL ? g_uri_parse (resource, SOUP_HTTP_URI_FLAGS, NULL) : NULL;
  g_autoptr(GUri) s = g_uri_parse (server_url, SOUP_HTTP_URI_FLAGS, NULL);
  g_autofree char *r_path = NULL;
  g_autofree char *s_path = NULL;
  gsize n;

  if (r == NULL || s == NULL || g_uri_get_host (r) == NULL ||
      g_ascii_strcasecmp (g_uri_get_scheme (r), g_uri_get_scheme (s)) != 0 ||
      g_ascii_strcasecmp (g_uri_get_host (r), g_uri_get_host (s)) != 0 ||
      effective_port (r) != effective_port (s))
    return FALSE;

  r_path = trimmed_path (r);
  s_path = trimmed_path (s);
  n = strlen (r_path);

  return strncmp (r_path, s_path, n) == 0 && (s_path[n] == '\0' || s_path[n] == '/');
}

/* Scopes -------------------------------------------------------------------- */

char *
elicit_auth_scope_union (const char *a,
                         const char *b)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *lists[] = { a, b };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      g_auto(GStrv) scopes = g_strsplit_set (lists[i] != NULL ? lists[i] : "", " \t", -1);

      for (guint j = 0; scopes[j] != NULL; j++)
        {
          if (*scopes[j] == '\0' || g_hash_table_contains (seen, scopes[j]))
            continue;
          if (out->len > 0)
            g_string_append_c (out, ' ');
          g_string_append (out, scopes[j]);
          g_hash_table_add (seen, g_strdup (scopes[j]));
        }
    }

  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

gboolean
elicit_auth_scope_contains (const char *have,
                            const char *wanted)
{
  g_auto(GStrv) have_scopes = g_strsplit_set (have != NULL ? have : "", " \t", -1);
  g_auto(GStrv) wanted_scopes = g_strsplit_set (wanted != NULL ? wanted : "", " \t", -1);

  for (guint i = 0; wanted_scopes[i] != NULL; i++)
    if (*wanted_scopes[i] != '\0' && !g_strv_contains ((const char * const *) have_scopes, wanted_scopes[i]))
      return FALSE;

  return TRUE;
}

gboolean
elicit_auth_array_has_string (JsonArray  *supported,
                              const char *value)
{
  for (guint i = 0; supported != NULL && i < json_array_get_length (supported); i++)
    if (g_strcmp0 (elicit_json_array_get_string (supported, i), value) == 0)
      return TRUE;

  return FALSE;
}

gboolean
elicit_auth_is_token_text (const char *text)
{
  gsize n = 0;

  for (const char *c = text; *c != '\0'; c++, n++)
    if (*c <= ' ' || *c > '~' || n >= 8192)
      return FALSE;

  return n > 0;
}

char *
elicit_auth_clean_text (const char         *text,
                        const char * const *secrets)
{
  g_autoptr(GString) out = g_string_new (text != NULL ? text : "");

  /* Before shortening, so that no part of a secret survives either. */
  for (guint i = 0; secrets != NULL && secrets[i] != NULL; i++)
    if (*secrets[i] != '\0')
      g_string_replace (out, secrets[i], "…", 0);

  return elicit_text_sanitize_line (out->str, 300);
}
