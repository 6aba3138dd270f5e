/* elicit-http-redirect.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitHttpTransport: origins and redirects. A redirect is followed only
 * within the server's own origin, so neither our messages nor a token go
 * to a site the user did not name. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-http-transport-private.h"

char *
elicit_http_get_origin (GUri *uri)
{
  return g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), "", NULL, NULL);
}

static int
effective_port (GUri *uri)
{
  if (g_uri_get_port (uri) > 0)
    return g_uri_get_port (uri);

  return g_ascii_strcasecmp (g_uri_get_scheme (uri), "https") == 0 ? 443 : 80;
}

static gboolean
is_same_origin (GUri *a,
                GUri *b)
{
  return g_ascii_strcasecmp (g_uri_get_scheme (a), g_uri_get_scheme (b)) == 0 &&
         g_ascii_strcasecmp (g_uri_get_host (a), g_uri_get_host (b)) == 0 &&
         effective_port (a) == effective_port (b);
}

/* Follows a redirect within the same site; FALSE, with the reason, for
 * one that goes elsewhere or too far. */
gboolean
elicit_http_redirect_follow (Exchange  *ex,
                             char     **reason)
{
  const char *location;
  g_autoptr(GUri) target = NULL;
  g_autofree char *origin = NULL;

  location = soup_message_headers_get_one (soup_message_get_response_headers (ex->message),
                                           "Location");
  if (location != NULL)
    target = g_uri_parse_relative (ex->uri, location, SOUP_HTTP_URI_FLAGS, NULL);

  if (target == NULL || g_uri_get_host (target) == NULL ||
      (g_ascii_strcasecmp (g_uri_get_scheme (target), "http") != 0 &&
       g_ascii_strcasecmp (g_uri_get_scheme (target), "https") != 0))
    {
      *reason = g_strdup (_("The server redirected to an invalid address"));
      return FALSE;
    }

  if (!is_same_origin (target, ex->self->uri))
    {
      origin = elicit_http_get_origin (target);
      *reason = g_strdup_printf (_("The server redirected to another site (%s), which Elicit does "
                                   "not follow: use that address instead if you trust it"),
                                 origin);
      return FALSE;
    }

  if (ex->redirects >= MAX_REDIRECTS)
    {
      *reason = g_strdup (_("The server redirected too many times"));
      return FALSE;
    }

  ex->redirects++;
  g_clear_pointer (&ex->uri, g_uri_unref);
  ex->uri = g_steal_pointer (&target);
  g_clear_object (&ex->stream);
  elicit_http_exchange_begin (ex);

  return TRUE;
}
