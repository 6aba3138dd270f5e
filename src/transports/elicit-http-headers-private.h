/* elicit-http-headers-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The request headers of Streamable HTTP in 2026-07-28 (SEP-2243):
 * `Mcp-Method`, `Mcp-Name`, and the `Mcp-Param-{Name}` headers that a
 * tool's input schema asks for with `x-mcp-header`. */

/* One `x-mcp-header` annotation: the header's name part and the chain of
 * `properties` keys that leads to its value in the call's arguments. */
typedef struct
{
  char  *name;
  GStrv  path;
} ElicitToolHeader;

void       elicit_tool_header_free         (ElicitToolHeader *header);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitToolHeader, elicit_tool_header_free)

/* The annotations of a tool definition, or NULL with the reason the
 * definition must be rejected (an empty or non-token name, a duplicate, a
 * non-primitive parameter, an annotation not reachable through
 * `properties` alone). An empty array for a tool with none. */
GPtrArray *elicit_tool_headers_parse        (JsonObject  *tool,
                                             GError     **error);

/* A header value as sent: plain when it is safe visible ASCII, else
 * `=?base64?…?=` of its UTF-8. */
char      *elicit_http_header_encode        (const char  *value);

/* Appends the headers for the request @message to @names and @values
 * (both of char *): `Mcp-Method`, `Mcp-Name` for tools/call, prompts/get
 * and resources/read, and for tools/call the `Mcp-Param-*` of @headers (the
 * tool's annotations; may be NULL). */
void       elicit_http_headers_for_request  (JsonObject  *message,
                                             GPtrArray   *headers,
                                             GPtrArray   *names,
                                             GPtrArray   *values);

G_END_DECLS
