/* elicit-token-store.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>

#include "elicit-version.h"

G_BEGIN_DECLS

/**
 * ELICIT_TOKEN_STORE_MAX_RECORD_SIZE:
 *
 * The largest sign-in record, in bytes, a [class@TokenStore] keeps: 64 KiB.
 *
 * Since: 1.0
 */
#define ELICIT_TOKEN_STORE_MAX_RECORD_SIZE 65536

/**
 * ElicitTokenStoreFlags:
 * @ELICIT_TOKEN_STORE_KEYRING: remember sign-ins in the user's keyring (the
 *   Secret Service), where every Elicit process finds them
 * @ELICIT_TOKEN_STORE_MEMORY_ONLY: keep sign-ins in this process's memory only,
 *   never touching D-Bus: they are gone when it exits
 *
 * Where a [class@TokenStore] keeps sign-ins.
 *
 * Since: 1.0
 */
typedef enum /*< flags >*/
{
  ELICIT_TOKEN_STORE_KEYRING     = 0,
  ELICIT_TOKEN_STORE_MEMORY_ONLY = 1 << 0,
} ElicitTokenStoreFlags;

/**
 * ELICIT_TOKEN_STORE_ERROR:
 *
 * The error domain of [class@TokenStore]; its codes are [error@TokenStoreError].
 *
 * Since: 1.0
 */
#define ELICIT_TOKEN_STORE_ERROR (elicit_token_store_error_quark ())

/**
 * ElicitTokenStoreError:
 * @ELICIT_TOKEN_STORE_ERROR_LOCKED: the keyring is locked; the message asks the
 *   user to unlock it or not to remember the sign-in
 * @ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE: there is no keyring (no D-Bus session
 *   bus, no Secret Service, no default collection) or it failed
 * @ELICIT_TOKEN_STORE_ERROR_INVALID: the record is not a JSON object of at most
 *   %ELICIT_TOKEN_STORE_MAX_RECORD_SIZE bytes, the resource or the issuer is
 *   empty or not UTF-8, or the record the keyring holds is damaged
 *
 * Why a [class@TokenStore] operation failed. Every message is translated and
 * meant for the user; none holds a secret. An operation cancelled through its
 * [class@Gio.Cancellable] fails with %G_IO_ERROR_CANCELLED.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_TOKEN_STORE_ERROR_LOCKED,
  ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE,
  ELICIT_TOKEN_STORE_ERROR_INVALID,
} ElicitTokenStoreError;

#define ELICIT_TYPE_TOKEN_STORE (elicit_token_store_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitTokenStore, elicit_token_store, ELICIT, TOKEN_STORE, GObject)

ELICIT_AVAILABLE_IN_1_0
GQuark                 elicit_token_store_error_quark  (void);
ELICIT_AVAILABLE_IN_1_0
ElicitTokenStore      *elicit_token_store_new          (ElicitTokenStoreFlags flags) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
ElicitTokenStoreFlags  elicit_token_store_get_flags    (ElicitTokenStore     *self);
ELICIT_AVAILABLE_IN_1_0
gboolean               elicit_token_store_get_busy     (ElicitTokenStore     *self);
ELICIT_AVAILABLE_IN_1_0
gboolean               elicit_token_store_get_remember (ElicitTokenStore     *self);
ELICIT_AVAILABLE_IN_1_0
void                   elicit_token_store_set_remember (ElicitTokenStore     *self,
                                                        gboolean              remember);
ELICIT_AVAILABLE_IN_1_0
void                   elicit_token_store_lookup_async (ElicitTokenStore     *self,
                                                        const char           *resource,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
char                  *elicit_token_store_lookup_finish (ElicitTokenStore    *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);
ELICIT_AVAILABLE_IN_1_0
void                   elicit_token_store_save_async   (ElicitTokenStore     *self,
                                                        const char           *resource,
                                                        const char           *issuer,
                                                        const char           *record_json,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean               elicit_token_store_save_finish  (ElicitTokenStore     *self,
                                                        GAsyncResult         *result,
                                                        GError              **error);
ELICIT_AVAILABLE_IN_1_0
void                   elicit_token_store_forget_async (ElicitTokenStore     *self,
                                                        const char           *resource,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean               elicit_token_store_forget_finish (ElicitTokenStore    *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);
ELICIT_AVAILABLE_IN_1_0
void                   elicit_token_store_save_pending_async  (ElicitTokenStore    *self,
                                                               GCancellable        *cancellable,
                                                               GAsyncReadyCallback  callback,
                                                               gpointer             user_data);
ELICIT_AVAILABLE_IN_1_0
gboolean               elicit_token_store_save_pending_finish (ElicitTokenStore    *self,
                                                               GAsyncResult        *result,
                                                               GError             **error);

G_END_DECLS
