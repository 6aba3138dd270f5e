/* elicit-option-list.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-option.h"
#include "elicit-option-list-private.h"
#include "elicit-option-private.h"

/*
 * The options of a choice field, as a read-only GListModel of ElicitOption.
 *
 * A server may list a hundred thousand options. Parsing them must stay
 * cheap, so the list keeps plain strings (in one string chunk) and a hash for
 * lookups, and creates each ElicitOption only when someone asks for that
 * item, keeping it so the same position always gives the same object.
 */

struct _ElicitOptionList
{
  GObject       parent_instance;

  GStringChunk *strings;
  GPtrArray    *values;   /* const char *, in strings */
  GPtrArray    *titles;   /* const char *, in strings, or NULL */
  GPtrArray    *items;    /* ElicitOption *, or NULL until asked for */
  GHashTable   *index;    /* value → position + 1 */
};

static GType
elicit_option_list_get_item_type (GListModel *model)
{
  return ELICIT_TYPE_OPTION;
}

static guint
elicit_option_list_get_n_items (GListModel *model)
{
  ElicitOptionList *self = ELICIT_OPTION_LIST (model);

  return self->values->len;
}

static gpointer
elicit_option_list_get_item (GListModel *model,
                             guint       position)
{
  ElicitOptionList *self = ELICIT_OPTION_LIST (model);

  if (position >= self->values->len)
    return NULL;

  if (self->items->len < self->values->len)
    g_ptr_array_set_size (self->items, self->values->len);

  if (g_ptr_array_index (self->items, position) == NULL)
    g_ptr_array_index (self->items, position) =
      elicit_option_new_internal (g_ptr_array_index (self->values, position),
                                  g_ptr_array_index (self->titles, position));

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = elicit_option_list_get_item_type;
  iface->get_n_items = elicit_option_list_get_n_items;
  iface->get_item = elicit_option_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitOptionList, elicit_option_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
elicit_option_list_dispose (GObject *object)
{
  ElicitOptionList *self = (ElicitOptionList *) object;

  g_ptr_array_set_size (self->items, 0);

  G_OBJECT_CLASS (elicit_option_list_parent_class)->dispose (object);
}

static void
elicit_option_list_finalize (GObject *object)
{
  ElicitOptionList *self = (ElicitOptionList *) object;

  g_clear_pointer (&self->index, g_hash_table_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->titles, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);

  G_OBJECT_CLASS (elicit_option_list_parent_class)->finalize (object);
}

static void
elicit_option_list_class_init (ElicitOptionListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_option_list_dispose;
  object_class->finalize = elicit_option_list_finalize;
}

/* Items not asked for yet are NULL. */
static void
unref_item (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static void
elicit_option_list_init (ElicitOptionList *self)
{
  self->strings = g_string_chunk_new (4096);
  self->values = g_ptr_array_new ();
  self->titles = g_ptr_array_new ();
  self->items = g_ptr_array_new_with_free_func (unref_item);
  self->index = g_hash_table_new (g_str_hash, g_str_equal);
}

ElicitOptionList *
elicit_option_list_new (void)
{
  return g_object_new (ELICIT_TYPE_OPTION_LIST, NULL);
}

/*
 * elicit_option_list_append:
 * Adds an option at the end, unless one with the same value is already
 * there: the first one wins, and FALSE says this one was dropped.
 */
gboolean
elicit_option_list_append (ElicitOptionList *self,
                           const char       *value,
                           const char       *raw_title)
{
  char *stored;

  g_return_val_if_fail (ELICIT_IS_OPTION_LIST (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (g_hash_table_contains (self->index, value))
    return FALSE;

  stored = g_string_chunk_insert (self->strings, value);
  g_ptr_array_add (self->values, stored);
  g_ptr_array_add (self->titles,
                   raw_title != NULL ? g_string_chunk_insert (self->strings, raw_title) : NULL);
  g_hash_table_insert (self->index, stored, GUINT_TO_POINTER (self->values->len));

  return TRUE;
}

guint
elicit_option_list_get_size (ElicitOptionList *self)
{
  g_return_val_if_fail (ELICIT_IS_OPTION_LIST (self), 0);

  return self->values->len;
}

gboolean
elicit_option_list_find (ElicitOptionList *self,
                         const char       *value,
                         guint            *position)
{
  guint found;

  g_return_val_if_fail (ELICIT_IS_OPTION_LIST (self), FALSE);

  if (value == NULL)
    return FALSE;

  found = GPOINTER_TO_UINT (g_hash_table_lookup (self->index, value));
  if (found == 0)
    return FALSE;

  if (position != NULL)
    *position = found - 1;

  return TRUE;
}
