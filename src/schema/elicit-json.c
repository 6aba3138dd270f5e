/* elicit-json.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-json-private.h"

/* Copies and the type-checking readers of untrusted members. The strict
 * reader is in elicit-json-scan.c, the writer in elicit-json-write.c. */

/**
 * elicit_json_deep_copy:
 * @node: a value
 *
 * Copies @node and everything in it. json_node_copy() shares the objects and
 * arrays of the node it copies, so a change to that copy changes the
 * original; this copy shares nothing. Recursive: for nodes parsed with a
 * depth limit.
 *
 * Returns: (transfer full): the copy
 *
 * Since: 1.0
 */
JsonNode *
elicit_json_deep_copy (JsonNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(JsonObject) copy = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (copy, l->data,
                                elicit_json_deep_copy (json_object_get_member (object, l->data)));

      return json_node_init_object (json_node_alloc (), copy);
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr(JsonArray) copy = json_array_sized_new (json_array_get_length (array));

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (copy, elicit_json_deep_copy (json_array_get_element (array, i)));

      return json_node_init_array (json_node_alloc (), copy);
    }

  return json_node_copy (node);
}

/**
 * elicit_json_object_deep_copy:
 * @object: an object
 *
 * Like [func@json_deep_copy], for an object.
 *
 * Returns: (transfer full): the copy, which shares nothing with @object
 *
 * Since: 1.0
 */
JsonObject *
elicit_json_object_deep_copy (JsonObject *object)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) copy = NULL;

  g_return_val_if_fail (object != NULL, NULL);

  node = json_node_init_object (json_node_alloc (), object);
  copy = elicit_json_deep_copy (node);

  return json_object_ref (json_node_get_object (copy));
}

/* Type-checking readers ------------------------------------------------------ */

static JsonNode *
member (JsonObject *object,
        const char *name)
{
  if (object == NULL || name == NULL)
    return NULL;

  return json_object_get_member (object, name);
}

static gboolean
holds_value_of (JsonNode *node,
                GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/**
 * elicit_json_object_get_string:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 *
 * Reads a string member without trusting its type, where
 * json_object_get_string_member() would log a critical for a member of
 * another type.
 *
 * Returns: (nullable) (transfer none): the string @name holds; %NULL when
 *   it is missing or holds anything else (null, a number, an object, an
 *   array)
 *
 * Since: 1.0
 */
const char *
elicit_json_object_get_string (JsonObject *object,
                               const char *name)
{
  JsonNode *node = member (object, name);

  return holds_value_of (node, G_TYPE_STRING) ? json_node_get_string (node) : NULL;
}

/**
 * elicit_json_object_get_object:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 *
 * Reads an object member without trusting its type.
 *
 * Returns: (nullable) (transfer none): the object @name holds, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
elicit_json_object_get_object (JsonObject *object,
                               const char *name)
{
  JsonNode *node = member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/**
 * elicit_json_object_get_array:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 *
 * Reads an array member without trusting its type.
 *
 * Returns: (nullable) (transfer none): the array @name holds, or %NULL
 *
 * Since: 1.0
 */
JsonArray *
elicit_json_object_get_array (JsonObject *object,
                              const char *name)
{
  JsonNode *node = member (object, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/**
 * elicit_json_object_get_int:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 * @out_value: (out) (optional): where to store the integer
 *
 * Only integer literals count: 2.0 and "2" do not.
 *
 * Returns: whether @name holds an integer
 *
 * Since: 1.0
 */
gboolean
elicit_json_object_get_int (JsonObject *object,
                            const char *name,
                            gint64     *out_value)
{
  JsonNode *node = member (object, name);

  if (!holds_value_of (node, G_TYPE_INT64))
    return FALSE;
  if (out_value != NULL)
    *out_value = json_node_get_int (node);
  return TRUE;
}

/**
 * elicit_json_object_get_number:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 * @out_value: (out) (optional): where to store the number
 *
 * Reads a number member without trusting its type: integers count too.
 *
 * Returns: whether @name holds a number, integer or not
 *
 * Since: 1.0
 */
gboolean
elicit_json_object_get_number (JsonObject *object,
                               const char *name,
                               double     *out_value)
{
  JsonNode *node = member (object, name);

  if (!holds_value_of (node, G_TYPE_INT64) && !holds_value_of (node, G_TYPE_DOUBLE))
    return FALSE;
  if (out_value != NULL)
    *out_value = json_node_get_double (node);
  return TRUE;
}

/**
 * elicit_json_object_get_boolean:
 * @object: (nullable): an object from untrusted JSON
 * @name: a member name
 * @out_value: (out) (optional): where to store the boolean
 *
 * Reads a boolean member without trusting its type.
 *
 * Returns: whether @name holds true or false
 *
 * Since: 1.0
 */
gboolean
elicit_json_object_get_boolean (JsonObject *object,
                                const char *name,
                                gboolean   *out_value)
{
  JsonNode *node = member (object, name);

  if (!holds_value_of (node, G_TYPE_BOOLEAN))
    return FALSE;
  if (out_value != NULL)
    *out_value = json_node_get_boolean (node);
  return TRUE;
}

/**
 * elicit_json_array_get_string:
 * @array: (nullable): an array from untrusted JSON
 * @index: a position, which may be past the end
 *
 * Reads a string element without trusting its type or the length of @array.
 *
 * Returns: (nullable) (transfer none): the string at @index, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_json_array_get_string (JsonArray *array,
                              guint      index)
{
  JsonNode *node;

  if (array == NULL || index >= json_array_get_length (array))
    return NULL;

  node = json_array_get_element (array, index);
  return holds_value_of (node, G_TYPE_STRING) ? json_node_get_string (node) : NULL;
}

/**
 * elicit_json_array_get_object:
 * @array: (nullable): an array from untrusted JSON
 * @index: a position, which may be past the end
 *
 * Reads an object element without trusting its type or the length of @array.
 *
 * Returns: (nullable) (transfer none): the object at @index, or %NULL
 *
 * Since: 1.0
 */
JsonObject *
elicit_json_array_get_object (JsonArray *array,
                              guint      index)
{
  JsonNode *node;

  if (array == NULL || index >= json_array_get_length (array))
    return NULL;

  node = json_array_get_element (array, index);
  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}
