/* elicit-token-store-keyring.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitTokenStore: the keyring half — the Secret Service, its schema and
 * items, and the lookups, saves and removals in it — as described at the top
 * of elicit-token-store.c. */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-token-store-private.h"

#define SAVED_ATTRIBUTE "saved"

static const SecretSchema *
token_schema (void)
{
  static const SecretSchema schema = {
    "org.gnome.World.Elicit.Token", SECRET_SCHEMA_NONE,
    {
      { "resource", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "issuer", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { SAVED_ATTRIBUTE, SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  };

  return &schema;
}

/*
 * Turns what libsecret or D-Bus said into the user's terms. The cause goes to
 * the debug log: those messages name D-Bus objects and errors, never secrets.
 */
static GError *
keyring_error (ElicitTokenStore *self,
               OpKind            kind,
               GError           *cause)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_error_copy (cause);

  g_debug ("The keyring failed: %s", cause->message);

  if (g_error_matches (cause, SECRET_ERROR, SECRET_ERROR_IS_LOCKED))
    return elicit_token_store_locked_error (kind);

  /* Reconnect next time: the service may have gone away or restarted. */
  g_clear_object (&self->service);
  return elicit_token_store_unavailable_error (kind);
}

static void
op_fail_keyring (GTask  *task,
                 GError *cause)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);

  elicit_token_store_op_fail (task, keyring_error (self, op->kind, cause));
}

/* The service ------------------------------------------------------------- */

static void
service_opened_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  g_autoptr(SecretService) service = NULL;
  g_autoptr(GError) error = NULL;

  if (op->service_wait != NULL)
    {
      g_source_destroy (op->service_wait);
      g_clear_pointer (&op->service_wait, g_source_unref);
    }

  service = secret_service_open_finish (result, &error);

  /* Another operation may have opened one meanwhile: keep the first. Kept
   * too when this one's caller gave up: the next operation uses it. */
  if (service != NULL && self->service == NULL)
    self->service = g_object_ref (service);

  /* Its caller gave up waiting (service_wait_cancelled_cb): it has returned. */
  if (op->next == NULL)
    return;

  if (g_task_return_error_if_cancelled (task))
    return;

  if (service == NULL)
    {
      op_fail_keyring (task, error);
      return;
    }

  op->next (task, self->service);
}

static gboolean
service_wait_cancelled_cb (GCancellable *cancellable,
                           gpointer      user_data)
{
  GTask *task = user_data;
  Op *op = g_task_get_task_data (task);

  /* The source goes as this returns; the opening goes on, and
   * service_opened_cb drops the task. */
  g_clear_pointer (&op->service_wait, g_source_unref);
  op->next = NULL;
  g_task_return_error_if_cancelled (task);

  return G_SOURCE_REMOVE;
}

/* A service of our own, not libsecret's shared one, so that it can be dropped
 * and opened again when the keyring restarts.
 *
 * It opens with no cancellable: GLib shares the session bus connection being
 * made among all who ask for it meanwhile, and a cancelled one fails them all
 * with "Operation was cancelled". The caller's cancellable ends only its own
 * wait. */
void
elicit_token_store_with_service (GTask       *task,
                                 ServiceNext  next)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  op->next = next;

  if (self->service != NULL)
    {
      next (task, self->service);
      return;
    }

  g_assert (op->service_wait == NULL);
  if (cancellable != NULL)
    {
      /* Not the cancelled signal: that may be emitted in another thread. */
      op->service_wait = g_cancellable_source_new (cancellable);
      g_source_set_callback (op->service_wait, G_SOURCE_FUNC (service_wait_cancelled_cb),
                             task, NULL);
      g_source_attach (op->service_wait, g_task_get_context (task));
    }

  secret_service_open (SECRET_TYPE_SERVICE, NULL, SECRET_SERVICE_OPEN_SESSION,
                       NULL, service_opened_cb, g_object_ref (task));
}

static GHashTable *
attributes_new (const char *resource,
                const char *issuer)
{
  GHashTable *attributes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  g_hash_table_insert (attributes, "resource", g_strdup (resource));
  if (issuer != NULL)
    g_hash_table_insert (attributes, "issuer", g_strdup (issuer));

  return attributes;
}

/* Never SECRET_SEARCH_UNLOCK: locked items are found and reported, not unlocked. */
static void
search (GTask               *task,
        SecretService       *service,
        gboolean             with_issuer,
        GAsyncReadyCallback  callback)
{
  Op *op = g_task_get_task_data (task);
  g_autoptr(GHashTable) attributes = attributes_new (op->resource,
                                                     with_issuer ? op->issuer : NULL);

  secret_service_search (service, token_schema (), attributes, SECRET_SEARCH_ALL,
                         g_task_get_cancellable (task), callback, g_object_ref (task));
}

static gint64
item_saved (SecretItem *item)
{
  g_autoptr(GHashTable) attributes = secret_item_get_attributes (item);
  const char *text = g_hash_table_lookup (attributes, SAVED_ATTRIBUTE);
  gint64 saved = 0;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, &saved, NULL))
    return 0;

  return saved;
}

static char *
item_issuer (SecretItem *item)
{
  g_autoptr(GHashTable) attributes = secret_item_get_attributes (item);

  return g_strdup (g_hash_table_lookup (attributes, "issuer"));
}

/* Deleting, one item after another ----------------------------------------- */

static void delete_next (GTask *task);

static void
item_deleted_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Op *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!secret_item_delete_finish (SECRET_ITEM (object), result, &error))
    {
      /* The new record is saved: an old copy left behind is not worth failing for. */
      if (op->kind == OP_SAVE && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_debug ("An old sign-in stays in the keyring: %s", error->message);
          delete_next (task);
          return;
        }
      op_fail_keyring (task, error);
      return;
    }

  delete_next (task);
}

static void
delete_next (GTask *task)
{
  Op *op = g_task_get_task_data (task);
  g_autoptr(SecretItem) item = NULL;

  if (op->doomed == NULL)
    {
      if (op->locked_left)
        elicit_token_store_op_fail (task, elicit_token_store_locked_error (op->kind));
      else
        g_task_return_boolean (task, TRUE);
      return;
    }

  item = op->doomed->data;
  op->doomed = g_list_delete_link (op->doomed, op->doomed);

  if (g_task_return_error_if_cancelled (task))
    return;

  secret_item_delete (item, g_task_get_cancellable (task), item_deleted_cb, g_object_ref (task));
}

/*
 * Takes the unlocked items of @items saved before @before to delete. Later ones
 * were saved after the operation began: a sign-in that follows a sign-out
 * survives it.
 */
static void
doom_items (Op    *op,
            GList *items,
            gint64 before)
{
  for (GList *l = items; l != NULL; l = l->next)
    {
      SecretItem *item = l->data;

      if (item_saved (item) >= before)
        continue;
      if (secret_item_get_locked (item))
        op->locked_left = TRUE;
      else
        op->doomed = g_list_prepend (op->doomed, g_object_ref (item));
    }
}

/*
 * Takes the copies of the record just saved, but one, to delete: "try again"
 * may save a record whose own save was still on its way, and both create an
 * item with the same time. Every save of it keeps the same one (the first
 * path), so the copies come down to one, whichever searches last.
 */
static void
doom_copies (Op    *op,
             GList *items)
{
  SecretItem *kept = NULL;

  for (GList *l = items; l != NULL; l = l->next)
    if (item_saved (l->data) == op->saved && !secret_item_get_locked (l->data) &&
        (kept == NULL || g_strcmp0 (g_dbus_proxy_get_object_path (G_DBUS_PROXY (l->data)),
                                    g_dbus_proxy_get_object_path (G_DBUS_PROXY (kept))) < 0))
      kept = l->data;

  for (GList *l = items; l != NULL; l = l->next)
    if (l->data != kept && item_saved (l->data) == op->saved && !secret_item_get_locked (l->data))
      op->doomed = g_list_prepend (op->doomed, g_object_ref (l->data));
}

/* Lookup ------------------------------------------------------------------ */

static void
lookup_loaded_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  SecretItem *item = SECRET_ITEM (object);
  g_autoptr(SecretValue) value = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *issuer = NULL;
  g_autofree char *record = NULL;
  const char *data;
  gsize length = 0;

  if (!secret_item_load_secret_finish (item, result, &error))
    {
      op_fail_keyring (task, error);
      return;
    }

  value = secret_item_get_secret (item);
  data = value != NULL ? secret_value_get (value, &length) : NULL;
  if (data == NULL || !elicit_token_store_check_record (data, length, NULL))
    {
      error = g_error_new_literal (ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID,
                                   _("The sign-in remembered in the keyring is damaged; "
                                     "sign out and sign in again"));
      elicit_token_store_op_fail (task, g_steal_pointer (&error));
      return;
    }

  record = g_strndup (data, length);
  issuer = item_issuer (item);
  elicit_token_store_memory_put (self, op->resource, issuer, record, item_saved (item), TRUE);
  elicit_token_store_wipe_free (g_steal_pointer (&record));
  elicit_token_store_lookup_return (task);
}

static void
lookup_searched_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) issuers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autolist(SecretItem) items = NULL;
  g_autofree char *newest_issuer = NULL;
  SecretItem *newest = NULL;
  Entry *known;

  items = secret_service_search_finish (SECRET_SERVICE (object), result, &error);
  if (error != NULL)
    {
      op_fail_keyring (task, error);
      return;
    }

  for (GList *l = items; l != NULL; l = l->next)
    {
      char *issuer = item_issuer (l->data);

      if (issuer != NULL)
        g_hash_table_add (issuers, issuer);
      if (issuer != NULL && (newest == NULL || item_saved (l->data) > item_saved (newest)))
        newest = l->data;
    }

  elicit_token_store_memory_drop_gone (self, op->resource, issuers);

  if (newest == NULL)
    {
      elicit_token_store_lookup_return (task);
      return;
    }

  /* Already known: no need to fetch the secret again. */
  newest_issuer = item_issuer (newest);
  known = elicit_token_store_memory_find (self, op->resource, newest_issuer);
  if (known != NULL && known->saved >= item_saved (newest))
    {
      elicit_token_store_lookup_return (task);
      return;
    }

  if (secret_item_get_locked (newest))
    {
      elicit_token_store_op_fail (task, elicit_token_store_locked_error (op->kind));
      return;
    }

  secret_item_load_secret (newest, g_task_get_cancellable (task), lookup_loaded_cb,
                           g_object_ref (task));
}

void
elicit_token_store_lookup_with_service (GTask         *task,
                                        SecretService *service)
{
  search (task, service, FALSE, lookup_searched_cb);
}

/* Save -------------------------------------------------------------------- */

static void
save_old_searched_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Op *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autolist(SecretItem) items = NULL;

  items = secret_service_search_finish (SECRET_SERVICE (object), result, &error);
  if (error != NULL)
    {
      g_debug ("Old sign-ins may stay in the keyring: %s", error->message);
      g_task_return_boolean (task, TRUE);
      return;
    }

  doom_items (op, items, op->stale ? op->saved + 1 : op->saved);
  if (!op->stale)
    doom_copies (op, items);
  /* A locked old copy elsewhere is older than the new one: lookups skip it. */
  op->locked_left = FALSE;
  delete_next (task);
}

static void
save_created_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  g_autoptr(SecretItem) item = NULL;
  g_autoptr(GError) error = NULL;

  item = secret_item_create_finish (result, &error);
  if (item == NULL)
    {
      op_fail_keyring (task, error);
      return;
    }

  /* Signed out (or saved again) while this was on its way: it goes too. */
  op->stale = !elicit_token_store_memory_mark_in_keyring (self, op);

  /* Created before the old ones go, so that a crash never loses the sign-in. */
  search (task, secret_item_get_service (item), TRUE, save_old_searched_cb);
}

static char *
label_for (const char *resource)
{
  g_autoptr(GUri) uri = g_uri_parse (resource, G_URI_FLAGS_NONE, NULL);
  g_autofree char *address = NULL;

  /* The query may carry a key of its own: the label shows everything but. */
  if (uri != NULL && g_uri_get_host (uri) != NULL)
    address = g_uri_join (G_URI_FLAGS_NONE, g_uri_get_scheme (uri), NULL, g_uri_get_host (uri),
                          g_uri_get_port (uri), g_uri_get_path (uri), NULL, NULL);
  else
    address = g_strdup (resource);

  return g_strdup_printf (_("Elicit sign-in for %s"), address);
}

static void
save_collection_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Op *op = g_task_get_task_data (task);
  g_autoptr(SecretCollection) collection = NULL;
  g_autoptr(SecretValue) value = NULL;
  g_autoptr(GHashTable) attributes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  collection = secret_collection_for_alias_finish (result, &error);
  if (error != NULL)
    {
      op_fail_keyring (task, error);
      return;
    }

  /* Creating a default collection would ask for a new password: not ours to do. */
  if (collection == NULL)
    {
      g_debug ("The keyring has no default collection");
      elicit_token_store_op_fail (task, elicit_token_store_unavailable_error (op->kind));
      return;
    }

  if (secret_collection_get_locked (collection))
    {
      elicit_token_store_op_fail (task, elicit_token_store_locked_error (op->kind));
      return;
    }

  attributes = attributes_new (op->resource, op->issuer);
  g_hash_table_insert (attributes, SAVED_ATTRIBUTE,
                       g_strdup_printf ("%" G_GINT64_FORMAT, op->saved));
  value = secret_value_new (op->record, -1, "application/json");
  label = label_for (op->resource);
  secret_item_create (collection, token_schema (), attributes, label, value,
                      SECRET_ITEM_CREATE_NONE, g_task_get_cancellable (task),
                      save_created_cb, g_object_ref (task));
}

void
elicit_token_store_save_with_service (GTask         *task,
                                      SecretService *service)
{
  secret_collection_for_alias (service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE,
                               g_task_get_cancellable (task), save_collection_cb,
                               g_object_ref (task));
}

/* Forget ------------------------------------------------------------------ */

static void
forget_searched_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Op *op = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autolist(SecretItem) items = NULL;

  items = secret_service_search_finish (SECRET_SERVICE (object), result, &error);
  if (error != NULL)
    {
      op_fail_keyring (task, error);
      return;
    }

  doom_items (op, items, op->saved);
  delete_next (task);
}

void
elicit_token_store_forget_with_service (GTask         *task,
                                        SecretService *service)
{
  search (task, service, FALSE, forget_searched_cb);
}

