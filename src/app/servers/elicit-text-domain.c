/* elicit-text-domain.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-text-domain.h"

/*
 * A server's own text in the user's language: the configuration may name a
 * gettext domain for a server ("elicit": {"textDomain": "…"}), and then the
 * words a person reads — the message, the titles and descriptions of fields
 * and tools, the titles of options — are looked up in that domain's
 * catalogue before anything shows them. Values (enum constants, defaults,
 * names of properties) are never touched: they are what the server gets back.
 * Without a catalogue for the user's language, dgettext() returns the text
 * unchanged. (Not g_dgettext(): it declines to translate anything when
 * Elicit's own catalogue lacks the user's language, and a server's catalogue
 * may well have it.)
 */

/**
 * elicit_text_domain_bind:
 * @domain: a gettext domain
 * @locale_dir: (nullable): where its catalogues are, when not in the
 *   system's locale folder
 *
 * Makes @domain's translations available, in UTF-8 whatever the locale's
 * character set.
 */
void
elicit_text_domain_bind (const char *domain,
                         const char *locale_dir)
{
  g_return_if_fail (domain != NULL);

  if (locale_dir != NULL)
    bindtextdomain (domain, locale_dir);
  bind_textdomain_codeset (domain, "UTF-8");
}

static void
translate_member (const char *domain,
                  JsonObject *object,
                  const char *member)
{
  const char *text = elicit_json_object_get_string (object, member);
  const char *translated;

  /* gettext ("") is the catalogue's header, never a translation. */
  if (text == NULL || *text == '\0')
    return;

  translated = dgettext (domain, text);
  if (translated != text)
    json_object_set_string_member (object, member, translated);
}

/* [{"const": …, "title": …}, …] */
static void
translate_titled_options (const char *domain,
                          JsonArray  *options)
{
  for (guint i = 0; options != NULL && i < json_array_get_length (options); i++)
    {
      JsonNode *option = json_array_get_element (options, i);

      if (JSON_NODE_HOLDS_OBJECT (option))
        translate_member (domain, json_node_get_object (option), "title");
    }
}

/* Legacy "enumNames": ["Small", "Medium", …] */
static void
translate_strings (const char *domain,
                   JsonArray  *strings)
{
  for (guint i = 0; strings != NULL && i < json_array_get_length (strings); i++)
    {
      JsonNode *node = json_array_get_element (strings, i);
      const char *text;
      const char *translated;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;

      text = json_node_get_string (node);
      if (*text == '\0')
        continue;

      translated = dgettext (domain, text);
      if (translated != text)
        json_node_set_string (node, translated);
    }
}

static void
translate_property (const char *domain,
                    JsonObject *property)
{
  JsonObject *items = elicit_json_object_get_object (property, "items");

  translate_member (domain, property, "title");
  translate_member (domain, property, "description");
  translate_strings (domain, elicit_json_object_get_array (property, "enumNames"));
  translate_titled_options (domain, elicit_json_object_get_array (property, "oneOf"));
  translate_titled_options (domain, elicit_json_object_get_array (property, "anyOf"));

  if (items != NULL)
    {
      translate_strings (domain, elicit_json_object_get_array (items, "enumNames"));
      translate_titled_options (domain, elicit_json_object_get_array (items, "oneOf"));
      translate_titled_options (domain, elicit_json_object_get_array (items, "anyOf"));
    }
}

/**
 * elicit_text_domain_translate_schema:
 * @domain: a gettext domain
 * @schema: a flat object schema (`requestedSchema` or a tool's `inputSchema`)
 *
 * Translates, in place, the schema's title and description and each
 * property's title, description and option titles.
 */
void
elicit_text_domain_translate_schema (const char *domain,
                                     JsonObject *schema)
{
  JsonObject *properties;
  GList *names;

  g_return_if_fail (domain != NULL);
  g_return_if_fail (schema != NULL);

  translate_member (domain, schema, "title");
  translate_member (domain, schema, "description");

  properties = elicit_json_object_get_object (schema, "properties");
  if (properties == NULL)
    return;

  names = json_object_get_members (properties);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonObject *property = elicit_json_object_get_object (properties, l->data);

      if (property != NULL)
        translate_property (domain, property);
    }
  g_list_free (names);
}

/**
 * elicit_text_domain_translate_elicitation:
 * @domain: a gettext domain
 * @params: the params of an `elicitation/create` request
 *
 * Translates, in place, the message and the requested schema's text.
 */
void
elicit_text_domain_translate_elicitation (const char *domain,
                                          JsonObject *params)
{
  JsonObject *schema;

  g_return_if_fail (domain != NULL);
  g_return_if_fail (params != NULL);

  translate_member (domain, params, "message");

  schema = elicit_json_object_get_object (params, "requestedSchema");
  if (schema != NULL)
    elicit_text_domain_translate_schema (domain, schema);
}

/**
 * elicit_text_domain_translate_tools:
 * @domain: a gettext domain
 * @result: the result of a `tools/list` call
 *
 * Translates, in place, each tool's title, description and input schema.
 */
void
elicit_text_domain_translate_tools (const char *domain,
                                    JsonObject *result)
{
  JsonArray *tools;

  g_return_if_fail (domain != NULL);
  g_return_if_fail (result != NULL);

  tools = elicit_json_object_get_array (result, "tools");
  for (guint i = 0; tools != NULL && i < json_array_get_length (tools); i++)
    {
      JsonNode *node = json_array_get_element (tools, i);
      JsonObject *schema;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      translate_member (domain, json_node_get_object (node), "title");
      translate_member (domain, json_node_get_object (node), "description");
      schema = elicit_json_object_get_object (json_node_get_object (node), "inputSchema");
      if (schema != NULL)
        elicit_text_domain_translate_schema (domain, schema);
    }
}
