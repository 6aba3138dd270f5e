/* elicit-auth-discovery.c: protected resource and authorization server metadata
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-private.h"
#include "elicit-json.h"

typedef struct
{
  SoupSession      *soup;
  char             *server_url;
  GPtrArray        *candidates;   /* URLs still to try, in order */
  gboolean          reading_prm;
  ElicitAuthServer *server;
} Discovery;

static void
discovery_free (Discovery *d)
{
  g_clear_object (&d->soup);
  g_free (d->server_url);
  g_clear_pointer (&d->candidates, g_ptr_array_unref);
  g_clear_pointer (&d->server, elicit_auth_server_free);
  g_free (d);
}

void
elicit_auth_server_free (ElicitAuthServer *server)
{
  g_free (server->resource);
  g_free (server->resource_scopes);
  g_free (server->issuer);
  g_clear_pointer (&server->metadata, json_object_unref);
  g_free (server->authorization_endpoint);
  g_free (server->token_endpoint);
  g_free (server->registration_endpoint);
  g_free (server);
}

gboolean
elicit_auth_server_supports (ElicitAuthServer *server,
                             const char       *array_member,
                             const char       *value)
{
  return elicit_auth_array_has_string (elicit_json_object_get_array (server->metadata, array_member),
                                       value);
}

gboolean
elicit_auth_check_issuer (JsonObject  *metadata,
                          const char  *issuer,
                          GError     **error)
{
  const char *published = elicit_json_object_get_string (metadata, "issuer");
  g_autofree char *shown = NULL;

  if (g_strcmp0 (published, issuer) == 0)
    return TRUE;

  shown = elicit_auth_clean_text (published != NULL ? published : _("none"), NULL);
  g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_ISSUER_MISMATCH,
               _("The authorization server’s metadata names another issuer (%s) than %s"),
               shown, issuer);
  return FALSE;
}

static void try_next (GTask *task);

static char *
space_joined (JsonArray *array)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    if (elicit_json_array_get_string (array, i) != NULL)
      g_strv_builder_add (builder, elicit_json_array_get_string (array, i));
  strv = g_strv_builder_end (builder);

  return strv[0] != NULL ? g_strjoinv (" ", strv) : NULL;
}

/* The authorization server's metadata candidates, once its issuer is known. */
static void
begin_metadata (GTask      *task,
                const char *issuer)
{
  Discovery *d = g_task_get_task_data (task);

  d->reading_prm = FALSE;
  d->server->issuer = g_strdup (issuer);
  g_clear_pointer (&d->candidates, g_ptr_array_unref);
  d->candidates = elicit_auth_metadata_urls (issuer);
  try_next (task);
}

static gboolean
take_prm (Discovery   *d,
          JsonObject  *prm,
          const char **issuer,
          GError     **error)
{
  const char *resource = elicit_json_object_get_string (prm, "resource");
  JsonArray *servers = elicit_json_object_get_array (prm, "authorization_servers");
  g_autofree char *shown = NULL;

  /* RFC 9728 §3.3 and RFC 8707: tokens for another resource are not ours
   * to ask for. */
  if (resource == NULL || !elicit_auth_resource_covers (resource, d->server_url))
    {
      shown = elicit_auth_clean_text (resource != NULL ? resource : _("none"), NULL);
      g_set_error (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_DISCOVERY,
                   _("The server’s protected resource metadata is for another resource (%s)"),
                   shown);
      return FALSE;
    }

  *issuer = elicit_json_array_get_string (servers, 0);
  if (*issuer == NULL)
    {
      g_set_error_literal (error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_DISCOVERY,
                           _("The server’s protected resource metadata names no authorization server"));
      return FALSE;
    }

  if (!elicit_auth_check_endpoint (*issuer, _("authorization server"), error))
    return FALSE;

  d->server->resource = g_strdup (resource);
  d->server->resource_scopes = space_joined (elicit_json_object_get_array (prm, "scopes_supported"));
  return TRUE;
}

static gboolean
take_metadata (Discovery   *d,
               JsonObject  *metadata,
               GError     **error)
{
  ElicitAuthServer *server = d->server;
  const char *registration = elicit_json_object_get_string (metadata, "registration_endpoint");

  if (!elicit_auth_check_issuer (metadata, server->issuer, error))
    return FALSE;

  server->authorization_endpoint = g_strdup (elicit_json_object_get_string (metadata, "authorization_endpoint"));
  server->token_endpoint = g_strdup (elicit_json_object_get_string (metadata, "token_endpoint"));
  server->registration_endpoint = g_strdup (registration);
  server->metadata = json_object_ref (metadata);

  if (!elicit_auth_check_endpoint (server->token_endpoint, _("token endpoint"), error))
    return FALSE;
  if (server->authorization_endpoint != NULL &&
      !elicit_auth_check_endpoint (server->authorization_endpoint, _("authorization endpoint"), error))
    return FALSE;
  if (registration != NULL &&
      !elicit_auth_check_endpoint (registration, _("registration endpoint"), error))
    return FALSE;

  return TRUE;
}

/* 2025-03-26: without metadata the endpoints have fixed paths on the
 * authorization server (there, the MCP server's origin). */
static void
use_default_endpoints (Discovery *d)
{
  ElicitAuthServer *server = d->server;
  g_autoptr(GUri) uri = g_uri_parse (server->issuer, SOUP_HTTP_URI_FLAGS, NULL);
  g_autofree char *origin = g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL,
                                        g_uri_get_host (uri), g_uri_get_port (uri), "", NULL, NULL);

  server->authorization_endpoint = g_strconcat (origin, "/authorize", NULL);
  server->token_endpoint = g_strconcat (origin, "/token", NULL);
  server->registration_endpoint = g_strconcat (origin, "/register", NULL);
}

static void
got_document_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Discovery *d = g_task_get_task_data (task);
  g_autoptr(JsonObject) document = NULL;
  g_autoptr(GError) error = NULL;
  const char *issuer = NULL;
  guint status = 0;

  document = elicit_auth_get_json_finish (result, &status, &error);

  if (document == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Not there (or not JSON there): the next place, if any. */
  if (document == NULL || !SOUP_STATUS_IS_SUCCESSFUL (status))
    {
      g_debug ("no metadata there (HTTP %u)", status);
      try_next (g_steal_pointer (&task));
      return;
    }

  if (d->reading_prm)
    {
      if (!take_prm (d, document, &issuer, &error))
        g_task_return_error (task, g_steal_pointer (&error));
      else
        begin_metadata (g_steal_pointer (&task), issuer);
      return;
    }

  if (!take_metadata (d, document, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_steal_pointer (&d->server),
                           (GDestroyNotify) elicit_auth_server_free);
}

/* Nothing at the well-known places: what 2025-03-26 servers do. */
static void
none_found (GTask *task)
{
  Discovery *d = g_task_get_task_data (task);
  g_autoptr(GUri) uri = NULL;
  g_autofree char *origin = NULL;

  if (d->reading_prm)
    {
      /* No protected resource metadata: the MCP server's origin is its
       * own authorization server, and the resource is its URL. */
      uri = g_uri_parse (d->server_url, SOUP_HTTP_URI_FLAGS, NULL);
      origin = g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                           g_uri_get_port (uri), "", NULL, NULL);
      d->server->resource = g_strdup (d->server_url);
      begin_metadata (task, origin);
      return;
    }

  use_default_endpoints (d);
  g_task_return_pointer (task, g_steal_pointer (&d->server),
                         (GDestroyNotify) elicit_auth_server_free);
}

static void
try_next (GTask *task)
{
  Discovery *d = g_task_get_task_data (task);
  g_autofree char *url = NULL;

  if (d->candidates->len == 0)
    {
      none_found (task);
      return;
    }

  url = g_ptr_array_steal_index (d->candidates, 0);
  g_debug ("looking for %s metadata at %s", d->reading_prm ? "resource" : "authorization server", url);
  elicit_auth_get_json_async (d->soup, url, g_task_get_cancellable (task), got_document_cb, task);
}

void
elicit_auth_discover_async (SoupSession         *soup,
                            const char          *server_url,
                            const char          *resource_metadata_url,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Discovery *d = g_new0 (Discovery, 1);
  g_autoptr(GError) error = NULL;

  g_task_set_source_tag (task, elicit_auth_discover_async);
  d->soup = g_object_ref (soup);
  d->server_url = g_strdup (server_url);
  d->reading_prm = TRUE;
  d->server = g_new0 (ElicitAuthServer, 1);
  g_task_set_task_data (task, d, (GDestroyNotify) discovery_free);

  if (resource_metadata_url != NULL &&
      elicit_auth_check_endpoint (resource_metadata_url, _("resource metadata address"), &error))
    {
      /* The challenge's own address first, then the well-known ones. */
      d->candidates = elicit_auth_prm_urls (server_url);
      g_ptr_array_insert (d->candidates, 0, g_strdup (resource_metadata_url));
    }
  else
    {
      if (error != NULL)
        g_debug ("ignoring the challenge's resource_metadata: %s", error->message);
      d->candidates = elicit_auth_prm_urls (server_url);
    }

  try_next (task);
}

ElicitAuthServer *
elicit_auth_discover_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_auth_discover_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
