/* elicit-http-tool-headers.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitHttpTransport and 2026-07-28's request headers: which revision a
 * request declares, MCP-Protocol-Version, Mcp-Method and Mcp-Name, and the
 * custom headers a tool declares in tools/list (x-mcp-header), learned from
 * the answers and sent with its calls. elicit-http-headers.c builds them. */

#include "config.h"

#include <string.h>

#include "elicit-http-headers-private.h"
#include "elicit-http-transport-private.h"

static gboolean
is_modern_version (const char *version)
{
  /* Revisions are dates: every one from 2026-07-28 on is stateless. */
  return version != NULL && strcmp (version, "2026-07-28") >= 0;
}

/* The version a request's _meta declares, if any. */
static const char *
declared_version (JsonObject *message)
{
  JsonNode *params = json_object_get_member (message, "params");
  JsonNode *meta = params && JSON_NODE_HOLDS_OBJECT (params)
                   ? json_object_get_member (json_node_get_object (params), "_meta") : NULL;
  JsonNode *version = meta && JSON_NODE_HOLDS_OBJECT (meta)
                      ? json_object_get_member (json_node_get_object (meta),
                                                "io.modelcontextprotocol/protocolVersion")
                      : NULL;

  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version) ||
      json_node_get_value_type (version) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (version);
}

/* Learns the x-mcp-header annotations of the tools a tools/list lists. */
void
elicit_http_transport_learn_tool_headers (ElicitHttpTransport *self,
                                          JsonNode            *response,
                                          JsonNode            *id)
{
  JsonObject *object = json_node_get_object (response);
  JsonNode *result = json_object_get_member (object, "result");
  JsonNode *tools = result && JSON_NODE_HOLDS_OBJECT (result)
                    ? json_object_get_member (json_node_get_object (result), "tools") : NULL;
  gboolean tracked = FALSE;

  for (guint i = 0; i < self->tools_list_ids->len && !tracked; i++)
    if (json_node_equal (g_ptr_array_index (self->tools_list_ids, i), id))
      {
        g_ptr_array_remove_index (self->tools_list_ids, i);
        tracked = TRUE;
      }

  if (!tracked || tools == NULL || !JSON_NODE_HOLDS_ARRAY (tools))
    return;

  for (guint i = 0; i < json_array_get_length (json_node_get_array (tools)); i++)
    {
      JsonNode *tool = json_array_get_element (json_node_get_array (tools), i);
      JsonNode *name = JSON_NODE_HOLDS_OBJECT (tool)
                       ? json_object_get_member (json_node_get_object (tool), "name") : NULL;
      GPtrArray *headers;

      if (name == NULL || !JSON_NODE_HOLDS_VALUE (name) ||
          json_node_get_value_type (name) != G_TYPE_STRING)
        continue;

      headers = elicit_tool_headers_parse (json_node_get_object (tool), NULL);
      if (headers != NULL && headers->len > 0)
        g_hash_table_replace (self->tool_headers, g_strdup (json_node_get_string (name)), headers);
      else
        {
          g_hash_table_remove (self->tool_headers, json_node_get_string (name));
          g_clear_pointer (&headers, g_ptr_array_unref);
        }
    }
}

/* A modern request carries its version and routing in headers too. */
void
elicit_http_transport_prepare_modern_request (ElicitHttpTransport *self,
                                              Exchange            *ex,
                                              JsonObject          *message)
{
  const char *version = declared_version (message);
  JsonNode *params = json_object_get_member (message, "params");
  JsonNode *name = NULL;
  GPtrArray *headers = NULL;

  if (version != NULL)
    ex->version = g_strdup (version);
  if (!is_modern_version (version != NULL ? version : self->protocol_version))
    return;

  if (g_str_equal (ex->method, "tools/list") && ex->request_id != NULL)
    {
      if (self->tools_list_ids->len >= 64)
        g_ptr_array_remove_index (self->tools_list_ids, 0);
      g_ptr_array_add (self->tools_list_ids, json_node_copy (ex->request_id));
    }

  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    name = json_object_get_member (json_node_get_object (params), "name");
  if (name != NULL && JSON_NODE_HOLDS_VALUE (name) &&
      json_node_get_value_type (name) == G_TYPE_STRING)
    headers = g_hash_table_lookup (self->tool_headers, json_node_get_string (name));

  ex->extra_names = g_ptr_array_new_with_free_func (g_free);
  ex->extra_values = g_ptr_array_new_with_free_func (g_free);
  elicit_http_headers_for_request (message, headers, ex->extra_names, ex->extra_values);
}
