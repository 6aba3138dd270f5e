/* elicit-token-store-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsecret/secret.h>

#include "elicit-token-store.h"

G_BEGIN_DECLS

/* ElicitTokenStore is one class in two files: the object, its memory copy,
 * checks, errors and API in elicit-token-store.c, the keyring (the Secret
 * Service) in elicit-token-store-keyring.c. */

typedef enum
{
  OP_LOOKUP,
  OP_SAVE,
  OP_FORGET,
} OpKind;

typedef struct
{
  char     *issuer;
  char     *record;
  gint64    saved;
  /* Whether the keyring holds this very record (as far as we know). */
  gboolean  in_keyring;
} Entry;

struct _ElicitTokenStore
{
  GObject                parent_instance;

  ElicitTokenStoreFlags  flags;
  gboolean               remember;
  /* resource → GPtrArray of Entry */
  GHashTable            *records;
  /* Opened on first use, dropped when it fails so the next use reconnects. */
  SecretService         *service;
  gint64                 last_saved;
  /* Operations started and not yet completed. */
  guint                  n_pending;
  /* resource → GQueue of the GTasks waiting for their turn at its keyring
   * items: one save or forget of a resource at a time, as libsecret returns a
   * task twice (a CRITICAL) when two of them delete the same item. */
  GHashTable            *keyring_turns;
};

typedef struct _Op Op;
typedef void (*ServiceNext) (GTask         *task,
                             SecretService *service);

struct _Op
{
  OpKind       kind;
  char        *resource;
  char        *issuer;
  char        *record;
  gint64       saved;
  ServiceNext  next;
  /* While the service opens: ends this operation's wait, not the opening,
   * when its cancellable is cancelled. */
  GSource     *service_wait;
  /* Items still to delete, and whether a locked one was left. */
  GList       *doomed;
  gboolean     locked_left;
  /* The record saved was forgotten or replaced before the keyring had it. */
  gboolean     stale;
  /* This one's turn at the resource's keyring items (keyring_turns). */
  gboolean     has_turn;
  /* Saving what memory alone holds: the Ops still to start (save_pending). */
  GQueue       pending;
};

/* elicit-token-store.c */
void      elicit_token_store_wipe_free              (gpointer           data);
gboolean  elicit_token_store_check_record           (const char        *record,
                                                     gsize              length,
                                                     GError           **error);
Entry    *elicit_token_store_memory_find            (ElicitTokenStore  *self,
                                                     const char        *resource,
                                                     const char        *issuer);
void      elicit_token_store_memory_put             (ElicitTokenStore  *self,
                                                     const char        *resource,
                                                     const char        *issuer,
                                                     const char        *record,
                                                     gint64             saved,
                                                     gboolean           in_keyring);
gboolean  elicit_token_store_memory_mark_in_keyring (ElicitTokenStore  *self,
                                                     Op                *op);
void      elicit_token_store_memory_drop_gone       (ElicitTokenStore  *self,
                                                     const char        *resource,
                                                     GHashTable        *issuers_present);
GError   *elicit_token_store_locked_error           (OpKind             kind);
GError   *elicit_token_store_unavailable_error      (OpKind             kind);
void      elicit_token_store_op_fail                (GTask             *task,
                                                     GError            *error);
void      elicit_token_store_lookup_return          (GTask             *task);

/* elicit-token-store-keyring.c */
void      elicit_token_store_with_service           (GTask             *task,
                                                     ServiceNext        next);
void      elicit_token_store_lookup_with_service    (GTask             *task,
                                                     SecretService     *service);
void      elicit_token_store_save_with_service      (GTask             *task,
                                                     SecretService     *service);
void      elicit_token_store_forget_with_service    (GTask             *task,
                                                     SecretService     *service);

G_END_DECLS
