/* json-same-tree.h — whether two JsonNode trees are the very same
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Shared by tests/test-json.c and tests/fuzz/fuzz-json.c, which compare the
 * trees elicit_json_parse() builds with JsonParser's.
 */

#pragma once

#include <string.h>

#include <json-glib/json-glib.h>

static gboolean same_subtree (JsonNode *a,
                              JsonNode *b,
                              JsonNode *parent_a,
                              JsonNode *parent_b,
                              GString  *why);

static gboolean
differ (GString    *why,
        const char *what)
{
  if (why != NULL)
    g_string_append (why, what);
  return FALSE;
}

static gboolean
same_value (JsonNode *a,
            JsonNode *b,
            GString  *why)
{
  GType type = json_node_get_value_type (a);
  double da, db;

  if (type != json_node_get_value_type (b))
    return differ (why, "value types differ");

  switch (type)
    {
    case G_TYPE_INT64:
      return json_node_get_int (a) == json_node_get_int (b) || differ (why, "integers differ");

    case G_TYPE_DOUBLE:
      /* Bit for bit: -0.0 is not 0.0 here. */
      da = json_node_get_double (a);
      db = json_node_get_double (b);
      return memcmp (&da, &db, sizeof da) == 0 || differ (why, "doubles differ");

    case G_TYPE_BOOLEAN:
      return json_node_get_boolean (a) == json_node_get_boolean (b) ||
             differ (why, "booleans differ");

    case G_TYPE_STRING:
      return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0 ||
             differ (why, "strings differ");

    default:
      return differ (why, "unexpected value type");
    }
}

static gboolean
same_object (JsonNode *a,
             JsonNode *b,
             GString  *why)
{
  JsonObject *object_a = json_node_get_object (a);
  JsonObject *object_b = json_node_get_object (b);
  g_autoptr(GList) names_a = json_object_get_members (object_a);
  g_autoptr(GList) names_b = json_object_get_members (object_b);
  const GList *la, *lb;

  for (la = names_a, lb = names_b; la != NULL && lb != NULL; la = la->next, lb = lb->next)
    {
      if (strcmp (la->data, lb->data) != 0)
        return differ (why, "member names or their order differ");
      if (!same_subtree (json_object_get_member (object_a, la->data),
                         json_object_get_member (object_b, lb->data), a, b, why))
        return differ (why, " in a member");
    }

  if (la != NULL || lb != NULL ||
      json_object_get_size (object_a) != json_object_get_size (object_b))
    return differ (why, "member counts differ");

  return TRUE;
}

static gboolean
same_array (JsonNode *a,
            JsonNode *b,
            GString  *why)
{
  JsonArray *array_a = json_node_get_array (a);
  JsonArray *array_b = json_node_get_array (b);
  guint n = json_array_get_length (array_a);

  if (n != json_array_get_length (array_b))
    return differ (why, "array lengths differ");

  for (guint i = 0; i < n; i++)
    if (!same_subtree (json_array_get_element (array_a, i), json_array_get_element (array_b, i),
                       a, b, why))
      return differ (why, " in an element");

  return TRUE;
}

/* Each node must also point at its own tree's parent, as JsonParser sets them. */
static gboolean
same_subtree (JsonNode *a,
              JsonNode *b,
              JsonNode *parent_a,
              JsonNode *parent_b,
              GString  *why)
{
  if (json_node_get_parent (a) != parent_a || json_node_get_parent (b) != parent_b)
    return differ (why, "a parent is not set as JsonParser sets it");

  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return differ (why, "node types differ");

  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      return same_object (a, b, why);
    case JSON_NODE_ARRAY:
      return same_array (a, b, why);
    case JSON_NODE_VALUE:
      return same_value (a, b, why);
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/*
 * json_same_tree:
 * @a: a root
 * @b: another root
 * @why: (nullable): where to say how they differ
 *
 * Stricter than json_node_equal(), which holds 1 and 1.0, or 0.0 and -0.0,
 * equal and ignores the order of members: also checks it, for both roots.
 *
 * Returns: whether @a and @b are the same tree, types, bits, member order and
 *   parents included
 */
static inline gboolean
json_same_tree (JsonNode *a,
                JsonNode *b,
                GString  *why)
{
  if (!json_node_equal (a, b))
    return differ (why, "json_node_equal() says they differ");

  return same_subtree (a, b, NULL, NULL, why);
}
