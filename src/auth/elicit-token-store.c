/* elicit-token-store.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-init.h"
#include "elicit-json.h"
#include "elicit-protocol-enums.h"
#include "elicit-token-store-private.h"

/**
 * ElicitTokenStore:
 *
 * Where sign-ins to remote MCP servers are remembered: the tokens, client
 * secrets and registrations of one server, as one JSON object (a *record*)
 * that the store keeps without reading.
 *
 * Records are keyed by the *resource* (the MCP server's URL, compared as
 * given) and the *issuer* (the authorization server). Saving replaces the
 * record of that resource and issuer; looking up a resource gives its most
 * recently saved record, whichever the issuer; forgetting a resource removes
 * all of its records: that is signing out.
 *
 * The store always keeps a copy of its records in memory, wiped when it is
 * finalized. With %ELICIT_TOKEN_STORE_KEYRING it also remembers them in the
 * user's keyring through libsecret (the Secret Service: GNOME Keyring,
 * KeePassXC...), where `elicit call`, `elicit proxy` and the app all find
 * them. Each record is one item of the default collection, with the schema
 * `org.gnome.World.Elicit.Token`, the attributes `resource`, `issuer` and
 * `saved` (when it was saved, in microseconds since 1970, which tells the
 * most recent one), and the label “Elicit sign-in for” the server's address
 * without its query. The record itself is the item's secret, of content type
 * `application/json`: it never goes to a file, a log or an error message.
 *
 * The store never unlocks the keyring: an unlock prompt could wait forever
 * where no one can answer it (under `elicit proxy`, in a script). A locked
 * keyring fails with %ELICIT_TOKEN_STORE_ERROR_LOCKED and a missing one with
 * %ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE, each with a message for the user;
 * the application may then offer to unlock the keyring itself, or to keep
 * the sign-in in memory only. Either way a save still keeps the record in
 * memory, and a lookup falls back to the memory copy (it fails only when
 * there is none). Setting [property@TokenStore:remember] to %FALSE is the
 * user's "don't remember": the store then keeps what it holds, and what is
 * saved from then on, in memory only, as %ELICIT_TOKEN_STORE_MEMORY_ONLY
 * does; [method@TokenStore.save_pending_async] is "try again".
 *
 * Some keyrings ask the user to confirm removals: that prompt
 * waits for the user, and cancelling the operation dismisses it.
 *
 * Since: 1.0
 */

G_DEFINE_FINAL_TYPE (ElicitTokenStore, elicit_token_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FLAGS,
  PROP_BUSY,
  PROP_REMEMBER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * elicit_token_store_error_quark:
 *
 * The error domain of [class@TokenStore].
 *
 * Returns: the quark of %ELICIT_TOKEN_STORE_ERROR
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-token-store-error-quark, elicit_token_store_error)

/* Secrets ---------------------------------------------------------------- */

void
elicit_token_store_wipe_free (gpointer data)
{
  char *text = data;

  if (text == NULL)
    return;

  /* volatile, so the compiler cannot drop a store to memory about to be freed */
  for (volatile char *p = text; *p != '\0'; p++)
    *p = '\0';
  g_free (text);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->issuer);
  elicit_token_store_wipe_free (entry->record);
  g_free (entry);
}

static void
op_free (gpointer data)
{
  Op *op = data;

  g_free (op->resource);
  g_free (op->issuer);
  elicit_token_store_wipe_free (op->record);
  g_list_free_full (op->doomed, g_object_unref);
  g_queue_clear_full (&op->pending, op_free);
  g_free (op);
}

/* Checks ------------------------------------------------------------------ */

static gboolean
check_name (const char  *value,
            const char  *message,
            GError     **error)
{
  if (value[0] != '\0' && g_utf8_validate (value, -1, NULL))
    return TRUE;

  g_set_error_literal (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID, message);
  return FALSE;
}

static gboolean
check_resource (const char  *resource,
                GError     **error)
{
  return check_name (resource, _("The server address is empty or not valid UTF-8"), error);
}

static gboolean
starts_object (const char *record,
               gsize       length)
{
  gsize i = 0;

  while (i < length && strchr (" \t\r\n", record[i]) != NULL && record[i] != '\0')
    i++;

  return i < length && record[i] == '{';
}

/* What the record may be, without a word of what it holds in any message. */
gboolean
elicit_token_store_check_record (const char  *record,
                                 gsize        length,
                                 GError     **error)
{
  const char *message = NULL;

  if (length > ELICIT_TOKEN_STORE_MAX_RECORD_SIZE)
    message = _("The sign-in record is larger than 64 KiB");
  else if (memchr (record, '\0', length) != NULL || !elicit_json_check (record, length, 0, NULL))
    message = _("The sign-in record is not valid JSON");
  else if (!starts_object (record, length))
    message = _("The sign-in record is not a JSON object");

  if (message == NULL)
    return TRUE;

  g_set_error_literal (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID, message);
  return FALSE;
}

/* The memory copy --------------------------------------------------------- */

Entry *
elicit_token_store_memory_find (ElicitTokenStore *self,
                                const char       *resource,
                                const char       *issuer)
{
  GPtrArray *entries = g_hash_table_lookup (self->records, resource);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->issuer, issuer))
        return entry;
    }

  return NULL;
}

static Entry *
memory_newest (ElicitTokenStore *self,
               const char       *resource)
{
  GPtrArray *entries = g_hash_table_lookup (self->records, resource);
  Entry *newest = NULL;

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      if (newest == NULL || entry->saved > newest->saved)
        newest = entry;
    }

  return newest;
}

/* Keeps @record for (@resource, @issuer) unless the copy held is newer. */
void
elicit_token_store_memory_put (ElicitTokenStore *self,
                               const char       *resource,
                               const char       *issuer,
                               const char       *record,
                               gint64            saved,
                               gboolean          in_keyring)
{
  Entry *entry = elicit_token_store_memory_find (self, resource, issuer);

  if (entry == NULL)
    {
      GPtrArray *entries = g_hash_table_lookup (self->records, resource);

      if (entries == NULL)
        {
          entries = g_ptr_array_new_with_free_func (entry_free);
          g_hash_table_insert (self->records, g_strdup (resource), entries);
        }
      entry = g_new0 (Entry, 1);
      entry->issuer = g_strdup (issuer);
      g_ptr_array_add (entries, entry);
    }
  else if (entry->saved > saved)
    {
      return;
    }

  elicit_token_store_wipe_free (entry->record);
  entry->record = g_strdup (record);
  entry->saved = saved;
  entry->in_keyring = in_keyring;
}

/*
 * Marks the record @op saved as held by the keyring too. Returns FALSE when
 * memory no longer holds it: it was forgotten or replaced meanwhile, and the
 * item just created is stale.
 */
gboolean
elicit_token_store_memory_mark_in_keyring (ElicitTokenStore *self,
                                           Op               *op)
{
  Entry *entry = elicit_token_store_memory_find (self, op->resource, op->issuer);

  if (entry == NULL || entry->saved != op->saved)
    return FALSE;

  entry->in_keyring = TRUE;
  return TRUE;
}

/* Drops what the keyring held and no longer does: another process signed out. */
void
elicit_token_store_memory_drop_gone (ElicitTokenStore *self,
                                     const char       *resource,
                                     GHashTable       *issuers_present)
{
  GPtrArray *entries = g_hash_table_lookup (self->records, resource);

  for (guint i = entries != NULL ? entries->len : 0; i > 0; i--)
    {
      Entry *entry = g_ptr_array_index (entries, i - 1);

      if (entry->in_keyring && !g_hash_table_contains (issuers_present, entry->issuer))
        g_ptr_array_remove_index (entries, i - 1);
    }
}

static char *
memory_lookup (ElicitTokenStore *self,
               const char       *resource)
{
  Entry *newest = memory_newest (self, resource);

  return newest != NULL ? g_strdup (newest->record) : NULL;
}

void
elicit_token_store_lookup_return (GTask *task)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);

  g_task_return_pointer (task, memory_lookup (self, op->resource), elicit_token_store_wipe_free);
}

/* Errors ------------------------------------------------------------------ */

static const char *
locked_message (OpKind kind)
{
  switch (kind)
    {
    case OP_SAVE:
      return _("Your keyring is locked, so the sign-in cannot be remembered; unlock it (for "
               "example in Passwords and Keys) and try again, or choose not to remember the "
               "sign-in");
    case OP_LOOKUP:
      return _("Your keyring is locked, so the remembered sign-in cannot be read; unlock it "
               "(for example in Passwords and Keys) and try again, or sign in without "
               "remembering it");
    case OP_FORGET:
    default:
      return _("Your keyring is locked, so the remembered sign-in cannot be removed from it; "
               "unlock it (for example in Passwords and Keys) and sign out again");
    }
}

static const char *
unavailable_message (OpKind kind)
{
  switch (kind)
    {
    case OP_SAVE:
      return _("No keyring is available to remember the sign-in; it is kept only until "
               "Elicit quits");
    case OP_LOOKUP:
      return _("No keyring is available to look up a remembered sign-in; sign-ins are kept "
               "only until Elicit quits");
    case OP_FORGET:
    default:
      return _("No keyring is available to remove the sign-in from; it is forgotten only "
               "until Elicit quits");
    }
}

GError *
elicit_token_store_locked_error (OpKind kind)
{
  return g_error_new_literal (ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_LOCKED,
                              locked_message (kind));
}

GError *
elicit_token_store_unavailable_error (OpKind kind)
{
  return g_error_new_literal (ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE,
                              unavailable_message (kind));
}

/* Every failure of the keyring ends here: the memory copy stands in. */
void
elicit_token_store_op_fail (GTask  *task,
                            GError *error)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  g_autofree char *record = NULL;

  if (op->kind == OP_LOOKUP && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    record = memory_lookup (self, op->resource);

  if (record != NULL)
    {
      g_error_free (error);
      g_task_return_pointer (task, g_steal_pointer (&record), elicit_token_store_wipe_free);
    }
  else
    {
      g_task_return_error (task, error);
    }
}

/* GObject ----------------------------------------------------------------- */

static void
elicit_token_store_finalize (GObject *object)
{
  ElicitTokenStore *self = (ElicitTokenStore *)object;

  /* Each entry's record is wiped as it is freed. */
  g_clear_pointer (&self->records, g_hash_table_unref);
  g_clear_pointer (&self->keyring_turns, g_hash_table_unref);
  g_clear_object (&self->service);

  G_OBJECT_CLASS (elicit_token_store_parent_class)->finalize (object);
}

static void
elicit_token_store_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ElicitTokenStore *self = ELICIT_TOKEN_STORE (object);

  switch (prop_id)
    {
    case PROP_FLAGS:
      g_value_set_flags (value, elicit_token_store_get_flags (self));
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, elicit_token_store_get_busy (self));
      break;

    case PROP_REMEMBER:
      g_value_set_boolean (value, elicit_token_store_get_remember (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_token_store_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ElicitTokenStore *self = ELICIT_TOKEN_STORE (object);

  switch (prop_id)
    {
    case PROP_FLAGS:
      self->flags = g_value_get_flags (value);
      self->remember = !(self->flags & ELICIT_TOKEN_STORE_MEMORY_ONLY);
      break;

    case PROP_REMEMBER:
      elicit_token_store_set_remember (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_token_store_class_init (ElicitTokenStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_init ();

  object_class->finalize = elicit_token_store_finalize;
  object_class->get_property = elicit_token_store_get_property;
  object_class->set_property = elicit_token_store_set_property;

  /**
   * ElicitTokenStore:flags:
   *
   * Where the store keeps sign-ins: in the keyring (and memory), or in
   * memory only.
   *
   * Since: 1.0
   */
  properties[PROP_FLAGS] =
    g_param_spec_flags ("flags", NULL, NULL,
                        ELICIT_TYPE_TOKEN_STORE_FLAGS,
                        ELICIT_TOKEN_STORE_KEYRING,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitTokenStore:busy:
   *
   * Whether operations are under way. A program about to exit waits until
   * it is %FALSE, so that the sign-in it just saved (or forgot) reaches the
   * keyring before the process is gone.
   *
   * Since: 1.0
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitTokenStore:remember:
   *
   * Whether the store remembers sign-ins in the keyring: %TRUE for a store
   * made with %ELICIT_TOKEN_STORE_KEYRING, %FALSE for one made with
   * %ELICIT_TOKEN_STORE_MEMORY_ONLY.
   *
   * Turned off (the user chose not to remember sign-ins, say because the
   * keyring is locked), the store behaves as a memory-only one from then on:
   * it keeps every record it holds, in memory, and never touches D-Bus again.
   * Operations already under way still finish with the keyring. Records the
   * keyring already holds stay there: sign out first to remove them.
   *
   * Turned on again, the records saved from then on go to the keyring too;
   * [method@TokenStore.save_pending_async] saves those kept in memory only.
   *
   * Since: 1.0
   */
  properties[PROP_REMEMBER] =
    g_param_spec_boolean ("remember", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_token_store_init (ElicitTokenStore *self)
{
  self->remember = TRUE;
  self->records = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_ptr_array_unref);
  /* Each queue is empty when its entry goes: waiting tasks hold @self. */
  self->keyring_turns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_queue_free);
}

/* API --------------------------------------------------------------------- */

/**
 * elicit_token_store_new:
 * @flags: where to keep sign-ins
 *
 * Creates a token store. Nothing is read or connected until the first
 * operation.
 *
 * Returns: (transfer full): a new token store
 *
 * Since: 1.0
 */
ElicitTokenStore *
elicit_token_store_new (ElicitTokenStoreFlags flags)
{
  return g_object_new (ELICIT_TYPE_TOKEN_STORE, "flags", flags, NULL);
}

/**
 * elicit_token_store_get_flags:
 * @self: a token store
 *
 * Gets where @self keeps sign-ins.
 *
 * Returns: the flags it was created with
 *
 * Since: 1.0
 */
ElicitTokenStoreFlags
elicit_token_store_get_flags (ElicitTokenStore *self)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), ELICIT_TOKEN_STORE_KEYRING);

  return self->flags;
}

/**
 * elicit_token_store_get_busy:
 * @self: a token store
 *
 * Gets [property@TokenStore:busy].
 *
 * Returns: whether operations are under way
 *
 * Since: 1.0
 */
gboolean
elicit_token_store_get_busy (ElicitTokenStore *self)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), FALSE);

  return self->n_pending > 0;
}

/**
 * elicit_token_store_get_remember:
 * @self: a token store
 *
 * Gets [property@TokenStore:remember].
 *
 * Returns: whether @self remembers sign-ins in the keyring
 *
 * Since: 1.0
 */
gboolean
elicit_token_store_get_remember (ElicitTokenStore *self)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), FALSE);

  return self->remember;
}

/**
 * elicit_token_store_set_remember:
 * @self: a token store
 * @remember: whether to remember sign-ins in the keyring
 *
 * Sets [property@TokenStore:remember]: %FALSE is the user's "don't
 * remember", after which @self keeps sign-ins in memory only and never
 * touches the keyring.
 *
 * Since: 1.0
 */
void
elicit_token_store_set_remember (ElicitTokenStore *self,
                                 gboolean          remember)
{
  g_return_if_fail (ELICIT_IS_TOKEN_STORE (self));

  remember = !!remember;
  if (self->remember == remember)
    return;

  self->remember = remember;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMEMBER]);
}

/* A save whose record the keyring already holds (a "try again" that waited
 * behind the save it repeats), or that a later save or a forget has
 * replaced, has nothing left to do: saving it again would leave two items
 * of one time, which no later save takes for old. */
static gboolean
is_settled_save (ElicitTokenStore *self,
                 Op               *op)
{
  Entry *entry;

  if (op->kind != OP_SAVE)
    return FALSE;

  entry = elicit_token_store_memory_find (self, op->resource, op->issuer);
  return entry == NULL || entry->saved != op->saved || entry->in_keyring;
}

static void
start_turn (GTask *task)
{
  Op *op = g_task_get_task_data (task);

  op->has_turn = TRUE;
  if (is_settled_save (g_task_get_source_object (task), op))
    g_task_return_boolean (task, TRUE);
  else
    elicit_token_store_with_service (task, op->next);
}

/* A save or forget of a resource waits until the one before it is done. */
static void
take_turn (GTask       *task,
           ServiceNext  next)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);
  GQueue *waiting = g_hash_table_lookup (self->keyring_turns, op->resource);

  op->next = next;
  if (waiting != NULL)
    {
      g_queue_push_tail (waiting, g_object_ref (task));
      return;
    }

  g_hash_table_insert (self->keyring_turns, g_strdup (op->resource), g_queue_new ());
  start_turn (task);
}

static void
end_turn (ElicitTokenStore *self,
          Op               *op)
{
  GQueue *waiting = g_hash_table_lookup (self->keyring_turns, op->resource);
  g_autoptr(GTask) next = NULL;

  op->has_turn = FALSE;
  g_assert (waiting != NULL);
  next = g_queue_pop_head (waiting);
  if (next == NULL)
    g_hash_table_remove (self->keyring_turns, op->resource);
  else
    start_turn (next);
}

static void
op_completed_cb (GTask      *task,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *op = g_task_get_task_data (task);

  if (op->has_turn)
    end_turn (self, op);

  g_assert (self->n_pending > 0);
  if (--self->n_pending == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static GTask *
op_task_new (ElicitTokenStore    *self,
             OpKind               kind,
             const char          *resource,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data,
             gpointer             source_tag)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  Op *op = g_new0 (Op, 1);

  g_task_set_source_tag (task, source_tag);
  op->kind = kind;
  op->resource = g_strdup (resource);
  g_task_set_task_data (task, op, op_free);

  g_signal_connect (task, "notify::completed", G_CALLBACK (op_completed_cb), NULL);
  if (self->n_pending++ == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);

  return task;
}

static gboolean
uses_keyring (ElicitTokenStore *self)
{
  return self->remember;
}

/* A save or a forget is done in memory: the keyring's turn, if it is used. */
static void
memory_done (GTask       *task,
             ServiceNext  next)
{
  if (!uses_keyring (g_task_get_source_object (task)))
    g_task_return_boolean (task, TRUE);
  else
    take_turn (task, next);
}

/**
 * elicit_token_store_lookup_async:
 * @self: a token store
 * @resource: the MCP server's URL
 * @cancellable: (nullable): a cancellable
 * @callback: called with the record
 * @user_data: data for @callback
 *
 * Looks up the most recently saved record of @resource, whatever its issuer:
 * in the keyring, where another Elicit process may have saved or forgotten
 * it, else in memory.
 *
 * Since: 1.0
 */
void
elicit_token_store_lookup_async (ElicitTokenStore    *self,
                                 const char          *resource,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (ELICIT_IS_TOKEN_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = op_task_new (self, OP_LOOKUP, resource, cancellable, callback, user_data,
                      elicit_token_store_lookup_async);

  if (!check_resource (resource, &error))
    g_task_return_error (task, error);
  else if (!uses_keyring (self))
    elicit_token_store_lookup_return (task);
  else
    elicit_token_store_with_service (task, elicit_token_store_lookup_with_service);
}

/**
 * elicit_token_store_lookup_finish:
 * @self: a token store
 * @result: the result passed to the callback
 * @error: where to report a failure
 *
 * Finishes [method@TokenStore.lookup_async].
 *
 * When the keyring is locked or missing, the copy in memory is the answer if
 * there is one; else the lookup fails with %ELICIT_TOKEN_STORE_ERROR_LOCKED or
 * %ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE.
 *
 * Returns: (transfer full) (nullable): the record (JSON text of an object),
 *   or %NULL without an error when there is none
 *
 * Since: 1.0
 */
char *
elicit_token_store_lookup_finish (ElicitTokenStore  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_token_store_lookup_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static gint64
next_saved (ElicitTokenStore *self)
{
  /* Strictly increasing in this process, even within one microsecond. */
  self->last_saved = MAX (g_get_real_time (), self->last_saved + 1);

  return self->last_saved;
}

/**
 * elicit_token_store_save_async:
 * @self: a token store
 * @resource: the MCP server's URL
 * @issuer: the authorization server's issuer
 * @record_json: the record: the JSON text of an object, at most
 *   %ELICIT_TOKEN_STORE_MAX_RECORD_SIZE bytes
 * @cancellable: (nullable): a cancellable
 * @callback: called when the record is saved, or could not be
 * @user_data: data for @callback
 *
 * Saves @record_json as the record of @resource and @issuer, replacing the
 * one saved before: at once in memory, then in the keyring.
 *
 * Since: 1.0
 */
void
elicit_token_store_save_async (ElicitTokenStore    *self,
                               const char          *resource,
                               const char          *issuer,
                               const char          *record_json,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  Op *op;

  g_return_if_fail (ELICIT_IS_TOKEN_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (issuer != NULL);
  g_return_if_fail (record_json != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = op_task_new (self, OP_SAVE, resource, cancellable, callback, user_data,
                      elicit_token_store_save_async);

  if (!check_resource (resource, &error) ||
      !check_name (issuer, _("The authorization server’s issuer is empty or not valid UTF-8"),
                   &error) ||
      !elicit_token_store_check_record (record_json, strlen (record_json), &error))
    {
      g_task_return_error (task, error);
      return;
    }

  op = g_task_get_task_data (task);
  op->issuer = g_strdup (issuer);
  op->record = g_strdup (record_json);
  op->saved = next_saved (self);
  elicit_token_store_memory_put (self, resource, issuer, record_json, op->saved, FALSE);

  memory_done (task, elicit_token_store_save_with_service);
}

/**
 * elicit_token_store_save_finish:
 * @self: a token store
 * @result: the result passed to the callback
 * @error: where to report a failure
 *
 * Finishes [method@TokenStore.save_async].
 *
 * When the keyring is locked or missing, the record is still kept in memory
 * (lookups in this process find it) and the save fails with
 * %ELICIT_TOKEN_STORE_ERROR_LOCKED or %ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE. An
 * invalid record (%ELICIT_TOKEN_STORE_ERROR_INVALID) is not kept at all.
 *
 * Returns: whether the record is saved where @self keeps records
 *
 * Since: 1.0
 */
gboolean
elicit_token_store_save_finish (ElicitTokenStore  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_token_store_save_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * elicit_token_store_forget_async:
 * @self: a token store
 * @resource: the MCP server's URL
 * @cancellable: (nullable): a cancellable
 * @callback: called when the records are forgotten, or could not be
 * @user_data: data for @callback
 *
 * Forgets every record of @resource, whatever its issuer: signs out. The
 * memory copy goes at once, then the keyring's.
 *
 * Since: 1.0
 */
void
elicit_token_store_forget_async (ElicitTokenStore    *self,
                                 const char          *resource,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (ELICIT_IS_TOKEN_STORE (self));
  g_return_if_fail (resource != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = op_task_new (self, OP_FORGET, resource, cancellable, callback, user_data,
                      elicit_token_store_forget_async);

  if (!check_resource (resource, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_hash_table_remove (self->records, resource);
  /* What is saved from now on is not forgotten by this. */
  ((Op *) g_task_get_task_data (task))->saved = next_saved (self);

  memory_done (task, elicit_token_store_forget_with_service);
}

/**
 * elicit_token_store_forget_finish:
 * @self: a token store
 * @result: the result passed to the callback
 * @error: where to report a failure
 *
 * Finishes [method@TokenStore.forget_async].
 *
 * The memory copy is forgotten whatever the outcome. When the keyring is
 * locked (records in it may remain) or missing, forgetting fails with
 * %ELICIT_TOKEN_STORE_ERROR_LOCKED or %ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE.
 *
 * Returns: whether every record of the resource is forgotten
 *
 * Since: 1.0
 */
gboolean
elicit_token_store_forget_finish (ElicitTokenStore  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_token_store_forget_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Saving again ------------------------------------------------------------ */

static void save_next_pending (GTask *task);

static void
pending_saved_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!elicit_token_store_save_finish (ELICIT_TOKEN_STORE (object), result, &error))
    {
      /* The keyring refuses one as it would the rest: say so once. */
      g_task_return_error (task, error);
      return;
    }

  save_next_pending (task);
}

static void
save_next_pending (GTask *task)
{
  ElicitTokenStore *self = g_task_get_source_object (task);
  Op *next = g_queue_pop_head (&((Op *) g_task_get_task_data (task))->pending);
  g_autoptr(GTask) save = NULL;
  Op *op;

  if (next == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  save = op_task_new (self, OP_SAVE, next->resource, g_task_get_cancellable (task),
                      pending_saved_cb, g_object_ref (task), elicit_token_store_save_async);
  /* The record keeps its time: memory knows it by it, and older copies go. */
  op = g_task_get_task_data (save);
  op->issuer = g_steal_pointer (&next->issuer);
  op->record = g_steal_pointer (&next->record);
  op->saved = next->saved;
  op_free (next);

  take_turn (save, elicit_token_store_save_with_service);
}

/* Every record memory holds and the keyring (as far as we know) does not. */
static void
collect_pending (ElicitTokenStore *self,
                 Op               *op)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->records);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GPtrArray *entries = value;

      for (guint i = 0; i < entries->len; i++)
        {
          Entry *entry = g_ptr_array_index (entries, i);
          Op *pending;

          if (entry->in_keyring)
            continue;

          pending = g_new0 (Op, 1);
          pending->kind = OP_SAVE;
          pending->resource = g_strdup (key);
          pending->issuer = g_strdup (entry->issuer);
          pending->record = g_strdup (entry->record);
          pending->saved = entry->saved;
          g_queue_push_tail (&op->pending, pending);
        }
    }
}

/**
 * elicit_token_store_save_pending_async:
 * @self: a token store
 * @cancellable: (nullable): a cancellable
 * @callback: called when the records are saved, or could not be
 * @user_data: data for @callback
 *
 * Saves to the keyring, one after another, every record that @self keeps in
 * memory only because saving it failed (or because
 * [property@TokenStore:remember] was off when it was saved): "try again",
 * once the user has unlocked the keyring. Does nothing while
 * [property@TokenStore:remember] is %FALSE.
 *
 * Since: 1.0
 */
void
elicit_token_store_save_pending_async (ElicitTokenStore    *self,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_TOKEN_STORE (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = op_task_new (self, OP_SAVE, NULL, cancellable, callback, user_data,
                      elicit_token_store_save_pending_async);

  if (uses_keyring (self))
    collect_pending (self, g_task_get_task_data (task));
  save_next_pending (task);
}

/**
 * elicit_token_store_save_pending_finish:
 * @self: a token store
 * @result: the result passed to the callback
 * @error: where to report a failure
 *
 * Finishes [method@TokenStore.save_pending_async]. It fails as
 * [method@TokenStore.save_finish] does, at the first record the keyring
 * refuses; the records not saved stay in memory, to try again later.
 *
 * Returns: whether every record kept in memory only is now in the keyring
 *   too (or [property@TokenStore:remember] is %FALSE)
 *
 * Since: 1.0
 */
gboolean
elicit_token_store_save_pending_finish (ElicitTokenStore  *self,
                                        GAsyncResult      *result,
                                        GError           **error)
{
  g_return_val_if_fail (ELICIT_IS_TOKEN_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        elicit_token_store_save_pending_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}