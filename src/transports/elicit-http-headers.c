/* elicit-http-headers.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-json.h"
#include "elicit-http-headers-private.h"
#include "elicit-transport.h"
#include "elicit-text-private.h"

/* JavaScript's safe integers: what an integer header value may be. */
#define MAX_SAFE_INTEGER ((gint64) 9007199254740991)

void
elicit_tool_header_free (ElicitToolHeader *header)
{
  g_free (header->name);
  g_strfreev (header->path);
  g_free (header);
}

/* RFC 9110 tchar. */
static gboolean
is_tchar (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("!#$%&'*+-.^_`|~", c) != NULL);
}

static gboolean
is_token (const char *text)
{
  if (*text == '\0')
    return FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (!is_tchar (*p))
      return FALSE;

  return TRUE;
}

typedef struct
{
  GPtrArray  *headers;
  GPtrArray  *path;     /* char *, the properties chain so far */
  GHashTable *seen;     /* lower-case names */
  GError     *error;
} Scan;

static gboolean
scan_fail (Scan       *scan,
           const char *reason)
{
  if (scan->error == NULL)
    g_set_error_literal (&scan->error, ELICIT_TRANSPORT_ERROR,
                         ELICIT_TRANSPORT_ERROR_PROTOCOL, reason);

  return FALSE;
}

static gboolean
check_annotation (Scan       *scan,
                  JsonObject *schema,
                  JsonNode   *annotation,
                  gboolean    reachable)
{
  const char *type = elicit_json_object_get_string (schema, "type");
  g_autofree char *folded = NULL;
  ElicitToolHeader *header;
  const char *name;

  if (!reachable || scan->path->len == 0)
    return scan_fail (scan, _("an “x-mcp-header” is reachable other than through “properties”"));

  if (!JSON_NODE_HOLDS_VALUE (annotation) ||
      json_node_get_value_type (annotation) != G_TYPE_STRING)
    return scan_fail (scan, _("an “x-mcp-header” is not a string"));

  name = json_node_get_string (annotation);
  if (*name == '\0')
    return scan_fail (scan, _("an “x-mcp-header” is empty"));
  if (!is_token (name))
    return scan_fail (scan, _("an “x-mcp-header” is not a valid header name"));

  if (g_strcmp0 (type, "string") != 0 && g_strcmp0 (type, "integer") != 0 &&
      g_strcmp0 (type, "boolean") != 0)
    return scan_fail (scan, _("an “x-mcp-header” annotates a parameter that is not a string, "
                              "an integer or a boolean"));

  folded = g_ascii_strdown (name, -1);
  if (!g_hash_table_add (scan->seen, g_steal_pointer (&folded)))
    return scan_fail (scan, _("two “x-mcp-header” annotations have the same name"));

  header = g_new0 (ElicitToolHeader, 1);
  header->name = g_strdup (name);
  g_ptr_array_add (scan->path, NULL);
  header->path = g_strdupv ((char **) scan->path->pdata);
  g_ptr_array_remove_index (scan->path, scan->path->len - 1);
  g_ptr_array_add (scan->headers, header);

  return TRUE;
}

static gboolean scan_node (Scan     *scan,
                           JsonNode *node,
                           gboolean  reachable);

static gboolean
scan_properties (Scan       *scan,
                 JsonObject *properties,
                 gboolean    reachable)
{
  g_autoptr(GList) names = json_object_get_members (properties);

  for (GList *l = names; l != NULL; l = l->next)
    {
      gboolean ok;

      g_ptr_array_add (scan->path, l->data);
      ok = scan_node (scan, json_object_get_member (properties, l->data), reachable);
      g_ptr_array_remove_index (scan->path, scan->path->len - 1);
      if (!ok)
        return FALSE;
    }

  return TRUE;
}

/* Walks a schema: an annotation counts only where every step from the
 * root was a `properties` key; anywhere else it voids the tool. */
static gboolean
scan_node (Scan     *scan,
           JsonNode *node,
           gboolean  reachable)
{
  JsonObject *object;
  g_autoptr(GList) members = NULL;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        if (!scan_node (scan, json_array_get_element (array, i), FALSE))
          return FALSE;
      return TRUE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return TRUE;

  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *child = json_object_get_member (object, l->data);
      gboolean ok;

      if (g_str_equal (l->data, "x-mcp-header"))
        ok = check_annotation (scan, object, child, reachable);
      else if (g_str_equal (l->data, "properties") && JSON_NODE_HOLDS_OBJECT (child))
        ok = scan_properties (scan, json_node_get_object (child), reachable);
      else
        ok = scan_node (scan, child, FALSE);

      if (!ok)
        return FALSE;
    }

  return TRUE;
}

GPtrArray *
elicit_tool_headers_parse (JsonObject  *tool,
                           GError     **error)
{
  JsonNode *schema = json_object_get_member (tool, "inputSchema");
  Scan scan = { 0 };

  scan.headers = g_ptr_array_new_with_free_func ((GDestroyNotify) elicit_tool_header_free);
  scan.path = g_ptr_array_new ();
  scan.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* The root is no property: an annotation there is unreachable too. */
  if (schema != NULL)
    scan_node (&scan, schema, TRUE);

  g_ptr_array_unref (scan.path);
  g_hash_table_unref (scan.seen);

  if (scan.error != NULL)
    {
      g_propagate_error (error, scan.error);
      g_ptr_array_unref (scan.headers);
      return NULL;
    }

  return scan.headers;
}

static gboolean
needs_base64 (const char *value)
{
  gsize length = strlen (value);

  if (length > 0 && (g_ascii_isspace (value[0]) || g_ascii_isspace (value[length - 1])))
    return TRUE;

  /* A plain value that looks encoded would be read as encoded. */
  if (g_str_has_prefix (value, "=?base64?") && g_str_has_suffix (value, "?="))
    return TRUE;

  for (const guchar *p = (const guchar *) value; *p != '\0'; p++)
    if (*p < 0x20 || *p > 0x7e)
      return TRUE;

  return FALSE;
}

char *
elicit_http_header_encode (const char *value)
{
  g_autofree char *encoded = NULL;

  g_return_val_if_fail (value != NULL, NULL);

  if (!needs_base64 (value))
    return g_strdup (value);

  encoded = g_base64_encode ((const guchar *) value, strlen (value));

  return g_strconcat ("=?base64?", encoded, "?=", NULL);
}

/* The argument at @path as header text, or NULL when absent or not a
 * string, an integer or a boolean. */
static char *
argument_text (JsonObject         *arguments,
               const char * const *path)
{
  JsonNode *node = NULL;
  JsonObject *level = arguments;

  for (guint i = 0; path[i] != NULL; i++)
    {
      if (level == NULL)
        return NULL;
      node = json_object_get_member (level, path[i]);
      level = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
    }

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (node));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_INT64:
      if (ABS (json_node_get_int (node)) > MAX_SAFE_INTEGER)
        return NULL;
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    default:
      return NULL;
    }
}


static void
add (GPtrArray  *names,
     GPtrArray  *values,
     char       *name,
     const char *value)
{
  g_ptr_array_add (names, name);
  g_ptr_array_add (values, elicit_http_header_encode (value));
}

void
elicit_http_headers_for_request (JsonObject *message,
                                 GPtrArray  *headers,
                                 GPtrArray  *names,
                                 GPtrArray  *values)
{
  JsonNode *method_node = json_object_get_member (message, "method");
  JsonNode *params_node = json_object_get_member (message, "params");
  JsonObject *params = params_node && JSON_NODE_HOLDS_OBJECT (params_node)
                       ? json_node_get_object (params_node) : NULL;
  JsonNode *arguments_node = params ? json_object_get_member (params, "arguments") : NULL;
  JsonObject *arguments = arguments_node && JSON_NODE_HOLDS_OBJECT (arguments_node)
                          ? json_node_get_object (arguments_node) : NULL;
  const char *method;
  const char *name = NULL;

  if (method_node == NULL || !JSON_NODE_HOLDS_VALUE (method_node) ||
      json_node_get_value_type (method_node) != G_TYPE_STRING)
    return;

  method = json_node_get_string (method_node);
  add (names, values, g_strdup ("Mcp-Method"), method);

  if (params != NULL && (g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get")))
    name = elicit_json_object_get_string (params, "name");
  else if (params != NULL && g_str_equal (method, "resources/read"))
    name = elicit_json_object_get_string (params, "uri");
  if (name != NULL)
    add (names, values, g_strdup ("Mcp-Name"), name);

  if (!g_str_equal (method, "tools/call") || headers == NULL || arguments == NULL)
    return;

  for (guint i = 0; i < headers->len; i++)
    {
      ElicitToolHeader *header = g_ptr_array_index (headers, i);
      g_autofree char *text = argument_text (arguments, (const char * const *) header->path);

      if (text != NULL)
        add (names, values, g_strconcat ("Mcp-Param-", header->name, NULL), text);
    }
}
