/* elicit-session-error.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-session-error-private.h"

/* Error domain with private data ------------------------------------------------ */


/*
 * The session's errors carry private data (GLib's extended error domains).
 * Written out rather than with G_DEFINE_EXTENDED_ERROR(), whose accessor
 * may return NULL and trips -Wnull-dereference everywhere it is inlined; the
 * layout is the one that macro documents.
 */
static ElicitSessionErrorPrivate *
error_get_private (const GError *error)
{
  const gsize sa = 2 * sizeof (gsize);
  const gsize as = (sizeof (ElicitSessionErrorPrivate) + (sa - 1)) & -sa;

  return (ElicitSessionErrorPrivate *) (((guint8 *) error) - as);
}

static void
error_private_init (GError *error)
{
  memset (error_get_private (error), 0, sizeof (ElicitSessionErrorPrivate));
}

static void
error_private_copy (const GError *src_error,
                    GError       *dest_error)
{
  const ElicitSessionErrorPrivate *src = error_get_private (src_error);
  ElicitSessionErrorPrivate *dest = error_get_private (dest_error);

  dest->code = src->code;
  dest->data = src->data ? json_node_copy (src->data) : NULL;
  dest->elicitations = src->elicitations ? g_ptr_array_ref (src->elicitations) : NULL;
}

static void
error_private_clear (GError *error)
{
  ElicitSessionErrorPrivate *priv = error_get_private (error);

  g_clear_pointer (&priv->data, json_node_unref);
  g_clear_pointer (&priv->elicitations, g_ptr_array_unref);
}

/**
 * elicit_session_error_quark:
 *
 * The quark of [error@SessionError], an extended error domain.
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
GQuark
elicit_session_error_quark (void)
{
  static GQuark quark;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      quark = g_error_domain_register_static ("elicit-session-error-quark",
                                              sizeof (ElicitSessionErrorPrivate),
                                              error_private_init,
                                              error_private_copy,
                                              error_private_clear);
      g_once_init_leave (&initialized, 1);
    }

  return quark;
}

/**
 * elicit_session_error_get_code:
 * @error: an error
 *
 * Gets the JSON-RPC error code the server answered with.
 *
 * Returns: the code, or 0 if @error is not an [error@SessionError] the
 *   server sent
 *
 * Since: 1.0
 */
gint64
elicit_session_error_get_code (const GError *error)
{
  g_return_val_if_fail (error != NULL, 0);

  if (error->domain != ELICIT_SESSION_ERROR)
    return 0;

  return error_get_private (error)->code;
}

/**
 * elicit_session_error_get_data:
 * @error: an error
 *
 * Gets the `data` of the JSON-RPC error the server answered with.
 *
 * Returns: (transfer none) (nullable): the data, or %NULL
 *
 * Since: 1.0
 */
JsonNode *
elicit_session_error_get_data (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != ELICIT_SESSION_ERROR)
    return NULL;

  return error_get_private (error)->data;
}

/**
 * elicit_session_error_get_elicitations:
 * @error: an error
 *
 * Gets the URL elicitations a [error@SessionError.URL_ELICITATION_REQUIRED]
 * error carries: what the user must complete before the call is retried.
 *
 * They are URL-mode [class@Request]s in the session: show each like any other
 * (with the user's consent, open its URL); answering one sends nothing (the
 * server asked through an error, not a request), and each is
 * [signal@Request::completed] when the server sends its completion
 * notification. Entries that are not valid URL elicitations are left out.
 *
 * Returns: (transfer none) (nullable) (element-type ElicitRequest): the
 *   elicitations, or %NULL for any other error
 *
 * Since: 1.0
 */
GPtrArray *
elicit_session_error_get_elicitations (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (!g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED))
    return NULL;

  return error_get_private (error)->elicitations;
}


GError *
elicit_session_error_new_rpc (gint64      rpc_code,
                              int         code,
                              const char *message,
                              JsonNode   *data)
{
  GError *error = g_error_new_literal (ELICIT_SESSION_ERROR, code, message);
  ElicitSessionErrorPrivate *priv = error_get_private (error);

  priv->code = rpc_code;
  priv->data = data != NULL ? json_node_copy (data) : NULL;

  return error;
}

void
elicit_session_error_take_elicitations (GError    *error,
                                        GPtrArray *elicitations)
{
  ElicitSessionErrorPrivate *priv;

  g_return_if_fail (error != NULL && error->domain == ELICIT_SESSION_ERROR);

  priv = error_get_private (error);
  g_clear_pointer (&priv->elicitations, g_ptr_array_unref);
  priv->elicitations = elicitations;
}
