/* token-store-sync.h: ElicitTokenStore's operations run to completion, for the tests.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit.h"

/* How long an operation may take before the test fails loudly: never a hang. */
#define TOKEN_STORE_SYNC_LIMIT_SECONDS 60

static gboolean
token_store_sync_limit_cb (gpointer data)
{
  g_error ("a token store operation did not finish within %d s", TOKEN_STORE_SYNC_LIMIT_SECONDS);
  return G_SOURCE_REMOVE;
}

static void
token_store_sync_done_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static GAsyncResult *
token_store_sync_wait (GAsyncResult **result)
{
  guint limit = g_timeout_add_seconds (TOKEN_STORE_SYNC_LIMIT_SECONDS,
                                       token_store_sync_limit_cb, NULL);

  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (limit);

  return *result;
}

static inline char *
token_store_lookup_sync (ElicitTokenStore  *store,
                         const char        *resource,
                         GCancellable      *cancellable,
                         GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  elicit_token_store_lookup_async (store, resource, cancellable, token_store_sync_done_cb, &result);
  return elicit_token_store_lookup_finish (store, token_store_sync_wait (&result), error);
}

static inline gboolean
token_store_save_sync (ElicitTokenStore  *store,
                       const char        *resource,
                       const char        *issuer,
                       const char        *record,
                       GCancellable      *cancellable,
                       GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  elicit_token_store_save_async (store, resource, issuer, record, cancellable,
                                 token_store_sync_done_cb, &result);
  return elicit_token_store_save_finish (store, token_store_sync_wait (&result), error);
}

static inline gboolean
token_store_forget_sync (ElicitTokenStore  *store,
                         const char        *resource,
                         GCancellable      *cancellable,
                         GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  elicit_token_store_forget_async (store, resource, cancellable, token_store_sync_done_cb, &result);
  return elicit_token_store_forget_finish (store, token_store_sync_wait (&result), error);
}

static inline gboolean
token_store_save_pending_sync (ElicitTokenStore  *store,
                               GCancellable      *cancellable,
                               GError           **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  elicit_token_store_save_pending_async (store, cancellable, token_store_sync_done_cb, &result);
  return elicit_token_store_save_pending_finish (store, token_store_sync_wait (&result), error);
}
