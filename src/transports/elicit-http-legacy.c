/* elicit-http-legacy.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * The HTTP+SSE transport of protocol revision 2024-11-05, which
 * ElicitHttpTransport falls back to as the specification's backwards
 * compatibility section says (2025-11-25, Transports): when the POST of
 * `initialize` fails with a 4xx (404 or 405 here: a 400 may be a modern
 * server's JSON-RPC error), the client GETs the server's URL, expects an
 * event stream whose first event, `endpoint`, names the URL to POST every
 * message to, and reads every answer and server message from that stream.
 * The POSTs are answered 202 with no body.
 *
 * Here: the GET is the transport's listening exchange (nothing else gates
 * on it), the initialize waits, gated, until the endpoint is known, then is
 * sent again there; later POSTs go there too (elicit_http_exchange_new()).
 * The endpoint must be on the server's origin: a server does not get to send
 * our messages, or a bearer token, elsewhere.
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-http-transport-private.h"

/* The initialize @ex was refused with 404 or 405 (@reason says so, for when
 * the old transport is not there either): try the old transport. */
void
elicit_http_legacy_fall_back (ElicitHttpTransport *self,
                              Exchange            *ex,
                              const char          *reason)
{
  Exchange *listen;

  g_debug ("HTTP %u for initialize: trying the HTTP+SSE transport of 2024-11-05",
           soup_message_get_status (ex->message));

  self->legacy = TRUE;
  g_free (self->legacy_reason);
  self->legacy_reason = g_strdup (reason);
  /* Kept, and still the gate: nothing else goes out before it. */
  g_assert (self->legacy_initialize == NULL);
  g_ref_count_inc (&ex->ref_count);
  self->legacy_initialize = ex;
  g_clear_object (&ex->stream);

  self->listening = TRUE;
  listen = elicit_http_exchange_new (self, EXCHANGE_LISTEN);
  elicit_http_exchange_begin (listen);
}

static GUri *
parse_endpoint (ElicitHttpTransport *self,
                const char          *data,
                gsize                length,
                char               **reason)
{
  g_autofree char *text = g_strndup (data, length);
  g_autoptr(GUri) endpoint = NULL;
  g_autofree char *origin = NULL;

  if (!g_utf8_validate (text, -1, NULL) || !elicit_http_is_visible_ascii (g_strstrip (text)))
    {
      *reason = g_strdup (_("The server’s “endpoint” event is not a URL"));
      return NULL;
    }

  endpoint = g_uri_parse_relative (self->uri, text, G_URI_FLAGS_ENCODED, NULL);
  if (endpoint == NULL || g_uri_get_host (endpoint) == NULL)
    {
      *reason = g_strdup (_("The server’s “endpoint” event is not a URL"));
      return NULL;
    }

  origin = elicit_http_get_origin (endpoint);
  if (g_ascii_strcasecmp (origin, self->origin) != 0 || g_uri_get_userinfo (endpoint) != NULL)
    {
      *reason = g_strdup_printf (_("The server asked for messages at another site (%s); "
                                   "they go only to %s"), origin, self->origin);
      return NULL;
    }

  return g_steal_pointer (&endpoint);
}

/* The `endpoint` event of the old transport's stream: where the waiting
 * initialize, and every message after it, goes. Returns FALSE when the
 * transport closed. */
gboolean
elicit_http_legacy_take_endpoint (ElicitHttpTransport *self,
                                  const char          *data,
                                  gsize                length)
{
  g_autofree char *reason = NULL;
  g_autoptr(Exchange) initialize = NULL;
  GUri *endpoint;

  if (self->legacy_endpoint != NULL || self->legacy_initialize == NULL)
    {
      g_debug ("ignoring a second “endpoint” event");
      return TRUE;
    }

  endpoint = parse_endpoint (self, data, length, &reason);
  if (endpoint == NULL)
    {
      elicit_http_transport_close_literal (self, ELICIT_TRANSPORT_ERROR_PROTOCOL, reason);
      return FALSE;
    }

  self->legacy_endpoint = endpoint;
  initialize = g_steal_pointer (&self->legacy_initialize);
  g_clear_pointer (&initialize->uri, g_uri_unref);
  initialize->uri = g_uri_ref (endpoint);
  initialize->redirects = 0;
  if (!initialize->finished && initialize->self != NULL)
    elicit_http_exchange_begin (initialize);

  return TRUE;
}
