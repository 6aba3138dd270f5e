/* elicit-incoming.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-incoming-private.h"

/*
 * The rules here are elicit_jsonrpc_classify()'s, read from the index: a
 * line is a notification for the fast path only when that is certain
 * without decoding anything but plain text. Whatever is not certain (an
 * escape in the method or in "jsonrpc", more members than the index holds,
 * an id of any kind) takes the full path, which builds the tree and asks
 * elicit_jsonrpc_classify(). tests/test-incoming.c holds the two to the same
 * answers.
 */

/* Checks @text with the strict parser; FALSE with its error when refused. */
gboolean
elicit_incoming_init_text (ElicitIncoming  *self,
                           const char      *text,
                           gsize            length,
                           GError         **error)
{
  self->text = text;
  self->length = length;
  self->node = NULL;
  self->params = -1;
  self->indexed = elicit_json_check_indexed (text, length, ELICIT_JSON_DEFAULT_MAX_DEPTH,
                                             &self->index, error);

  return self->indexed;
}

/* A message that arrived as a tree already; takes a reference. */
void
elicit_incoming_init_node (ElicitIncoming *self,
                           JsonNode       *node)
{
  self->text = NULL;
  self->length = 0;
  self->node = json_node_ref (node);
  self->indexed = FALSE;
  self->params = -1;
}

void
elicit_incoming_clear (ElicitIncoming *self)
{
  g_clear_pointer (&self->node, json_node_unref);
}

/* The whole message as a tree, built the first time. */
JsonNode *
elicit_incoming_get_node (ElicitIncoming *self)
{
  if (self->node == NULL)
    {
      self->node = elicit_json_parse (self->text, self->length, ELICIT_JSON_DEFAULT_MAX_DEPTH, NULL);
      /* The same text passed the same checks a moment ago. */
      g_assert (self->node != NULL);
    }

  return self->node;
}

static gboolean
member_is_text (const ElicitJsonMember *member,
                const char             *text)
{
  const char *value;
  gssize len = elicit_json_member_plain_string (member, &value);

  return len >= 0 && (gsize) len == strlen (text) && memcmp (value, text, len) == 0;
}

/*
 * Whether the message is certainly a valid notification, and then its
 * method, into @method. FALSE says "ask the tree", not "not a notification".
 */
gboolean
elicit_incoming_notification (ElicitIncoming *self,
                              char           *method,
                              gsize           method_size)
{
  const ElicitJsonIndex *index = &self->index;
  const char *text;
  gssize len;
  int m = -1, jsonrpc = -1, params = -1;

  if (!self->indexed || !index->complete || !index->is_object)
    return FALSE;

  /* One pass over the root's members; the parser refused repeated names. */
  for (guint i = 0; i < index->n_members; i++)
    {
      const ElicitJsonMember *member = &index->members[i];

      if (member->parent != -1)
        continue;
      if (elicit_json_member_is (member, "method", 6))
        m = (int) i;
      else if (elicit_json_member_is (member, "jsonrpc", 7))
        jsonrpc = (int) i;
      else if (elicit_json_member_is (member, "params", 6))
        params = (int) i;
      else if (elicit_json_member_is (member, "id", 2))
        return FALSE;
    }

  if (m < 0 || jsonrpc < 0 || !member_is_text (&index->members[jsonrpc], "2.0"))
    return FALSE;

  len = elicit_json_member_plain_string (&index->members[m], &text);
  if (len < 0 || (gsize) len >= method_size)
    return FALSE;

  memcpy (method, text, len);
  method[len] = '\0';
  self->params = params >= 0 && index->members[params].value[0] == '{' ? params : -1;

  return TRUE;
}

static JsonObject *
tree_params (ElicitIncoming *self)
{
  JsonObject *object = json_node_get_object (self->node);

  return elicit_json_object_get_object (object, "params");
}

/* The string @member: into @buf when it is plain text that fits, else into
 * a new string in *@heap. NULL when it is not a string. */
static const char *
member_string (const ElicitJsonMember *member,
               char                   *buf,
               gsize                   size,
               char                  **heap)
{
  const char *text;
  gssize len;

  if (member->value[0] != '"')
    return NULL;

  len = elicit_json_member_plain_string (member, &text);
  if (len >= 0 && (gsize) len < size)
    {
      memcpy (buf, text, len);
      buf[len] = '\0';
      return buf;
    }

  {
    g_autoptr(JsonNode) node = elicit_json_member_build (member);

    return *heap = json_node_dup_string (node);
  }
}

/*
 * The string member @name of the params object: into @buf when it is plain
 * text that fits, else into a new string in *@heap (the caller frees it),
 * or pointing into the tree when there is one. NULL when it is missing or
 * not a string.
 */
const char *
elicit_incoming_params_string (ElicitIncoming *self,
                               const char     *name,
                               char           *buf,
                               gsize           size,
                               char          **heap)
{
  int i;

  *heap = NULL;
  if (self->node != NULL)
    return elicit_json_object_get_string (tree_params (self), name);

  if (self->params < 0 || (i = elicit_json_index_find (&self->index, self->params, name)) < 0)
    return NULL;

  return member_string (&self->index.members[i], buf, size, heap);
}

/* The member @name of the params object, any value, or NULL. */
JsonNode *
elicit_incoming_dup_params_member (ElicitIncoming *self,
                                   const char     *name)
{
  JsonObject *params;
  int i;

  if (self->node != NULL)
    {
      params = tree_params (self);
      return params != NULL && json_object_has_member (params, name)
             ? json_node_ref (json_object_get_member (params, name)) : NULL;
    }

  if (self->params < 0 || (i = elicit_json_index_find (&self->index, self->params, name)) < 0)
    return NULL;

  return elicit_json_member_build (&self->index.members[i]);
}

/* elicit_json_member_is() without the name's length: it ends with a NUL. */
static inline gboolean
member_is_name (const ElicitJsonMember *member,
                const char             *name)
{
  gsize len = (gsize) (member->name_end - member->name);

  if (G_UNLIKELY (member->escaped))
    return elicit_json_member_is_escaped (member, name);

  /* The first byte turns most names away without a call. */
  if (len == 0 || member->name[0] != name[0])
    return len == 0 && name[0] == '\0';

  return strncmp (member->name, name, len) == 0 && name[len] == '\0';
}

/*
 * Finds the members @names of the params object in one pass over
 * the index: @found[i] is where names[i] is, for the two functions below, or
 * -1. FALSE when the message is a tree: then ask by name.
 */
gboolean
elicit_incoming_find_params (ElicitIncoming    *self,
                             const char * const *names,
                             guint               n_names,
                             int                *found)
{
  const ElicitJsonIndex *index = &self->index;

  if (self->node != NULL)
    return FALSE;

  for (guint j = 0; j < n_names; j++)
    found[j] = -1;

  /* The params' own members follow it, up to the root's next member. */
  for (int i = self->params + 1; self->params >= 0 && i < (int) index->n_members; i++)
    {
      const ElicitJsonMember *member = &index->members[i];

      if (member->parent != self->params)
        break;
      for (guint j = 0; j < n_names; j++)
        if (found[j] < 0 && member_is_name (member, names[j]))
          {
            found[j] = i;
            break;
          }
    }

  return TRUE;
}

/* As elicit_incoming_params_string(), for a member elicit_incoming_find_params() found. */
const char *
elicit_incoming_member_string (ElicitIncoming *self,
                               int             i,
                               char           *buf,
                               gsize           size,
                               char          **heap)
{
  *heap = NULL;
  return i >= 0 ? member_string (&self->index.members[i], buf, size, heap) : NULL;
}

/* The value of a member elicit_incoming_find_params() found, or NULL. */
JsonNode *
elicit_incoming_member_build (ElicitIncoming *self,
                              int             i)
{
  return i >= 0 ? elicit_json_member_build (&self->index.members[i]) : NULL;
}
