/* everything-answer.h — one answer to server-everything, and what it says back
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The stdio and Streamable HTTP end-to-end tests answer server-everything's
 * trigger-elicitation-request the same way and expect the same words back;
 * both read them from here, so the two transports are held to one answer.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "elicit-request.h"
#include "elicit-json-private.h"

/* The text of item @index of a tool result's content. */
static inline const char *
text_item (JsonObject *result,
           guint       index)
{
  JsonArray *content;
  JsonObject *item;

  g_assert_true (json_object_has_member (result, "content"));
  content = json_object_get_array_member (result, "content");
  g_assert_cmpuint (json_array_get_length (content), >, index);
  item = json_array_get_object_element (content, index);
  g_assert_cmpstr (json_object_get_string_member (item, "type"), ==, "text");
  return json_object_get_string_member (item, "text");
}

/* Accepts @request with @values as the form sends them: the defaults of
 * fields left alone included. */
static inline void
accept_values (ElicitRequest *request,
               const char    *values)
{
  g_autoptr(JsonNode) node = elicit_json_parse (values, -1, 64, NULL);
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (node);
  content = elicit_schema_build_content (elicit_request_get_schema (request),
                                         json_node_get_object (node));
  g_assert_true (elicit_request_accept (request, content, &error));
  g_assert_no_error (error);
}

/* Answers trigger-elicitation-request with a value for every field but one,
 * whose default then goes out. */
static inline void
everything_accept (ElicitRequest *request)
{
  accept_values (request, "{\"name\":\"Ada Lovelace\",\"check\":true,\"email\":\"ada@example.com\","
                          "\"homepage\":\"https://example.com/ada\",\"birthdate\":\"1815-12-10\","
                          "\"integer\":36,\"number\":2.5,\"untitledSingleSelectEnum\":\"Ross\","
                          "\"untitledMultipleSelectEnum\":[\"Piano\",\"Drums\"],"
                          "\"titledSingleSelectEnum\":\"hero-3\",\"titledMultipleSelectEnum\":[\"fish-2\"],"
                          "\"legacyTitledEnum\":\"pet-2\"}");
}

/* What server-everything 2026.8.31 says back to everything_accept(). */
static inline void
assert_everything_accepted (JsonObject *result)
{
  /* Its own words with the values we sent, then the raw result it echoes:
   * every field, the untouched default included. */
  g_assert_cmpstr (text_item (result, 0), ==, "✅ User provided the requested information!");
  g_assert_cmpstr (text_item (result, 1), ==,
                   "User inputs:\n"
                   "- Name: Ada Lovelace\n"
                   "- Agreed to terms: true\n"
                   "- Email: ada@example.com\n"
                   "- Homepage: https://example.com/ada\n"
                   "- Birthdate: 1815-12-10\n"
                   "- Favorite Integer: 36\n"
                   "- Favorite Number: 2.5");
  g_assert_cmpstr (text_item (result, 2), ==,
                   "\nRaw result: {\n"
                   "  \"action\": \"accept\",\n"
                   "  \"content\": {\n"
                   "    \"name\": \"Ada Lovelace\",\n"
                   "    \"check\": true,\n"
                   "    \"firstLine\": \"It was a dark and stormy night.\",\n"
                   "    \"email\": \"ada@example.com\",\n"
                   "    \"homepage\": \"https://example.com/ada\",\n"
                   "    \"birthdate\": \"1815-12-10\",\n"
                   "    \"integer\": 36,\n"
                   "    \"number\": 2.5,\n"
                   "    \"untitledSingleSelectEnum\": \"Ross\",\n"
                   "    \"untitledMultipleSelectEnum\": [\n"
                   "      \"Piano\",\n"
                   "      \"Drums\"\n"
                   "    ],\n"
                   "    \"titledSingleSelectEnum\": \"hero-3\",\n"
                   "    \"titledMultipleSelectEnum\": [\n"
                   "      \"fish-2\"\n"
                   "    ],\n"
                   "    \"legacyTitledEnum\": \"pet-2\"\n"
                   "  }\n"
                   "}");
}
