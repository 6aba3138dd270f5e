/* elicit-demo-validate.c: checks what the client answers against the schema it was sent
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "elicit-demo-server.h"

/* Validation of what the client sends back, against the flat schema we sent. */

static gboolean G_GNUC_PRINTF (2, 3)
fail (char       **problem,
      const char  *format,
      ...)
{
  va_list args;

  va_start (args, format);
  *problem = g_strdup_vprintf (format, args);
  va_end (args);
  return FALSE;
}

gboolean
node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
node_number (JsonNode *node,
             double   *value)
{
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

static gboolean
schema_number (JsonObject *prop,
               const char *keyword,
               double     *value)
{
  JsonNode *node = json_object_get_member (prop, keyword);

  return node != NULL && node_number (node, value);
}

const char *
schema_string (JsonObject *object,
               const char *keyword)
{
  JsonNode *node = json_object_get_member (object, keyword);

  return node != NULL && node_is_string (node) ? json_node_get_string (node) : NULL;
}

/* The values a choice may take: enum, or the consts of oneOf/anyOf. */
static gboolean
choice_allows (JsonObject *prop,
               const char *value,
               gboolean   *is_choice)
{
  static const char *lists[] = { "enum", "oneOf", "anyOf" };

  *is_choice = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      JsonNode *node = json_object_get_member (prop, lists[i]);
      JsonArray *array;

      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        continue;
      *is_choice = TRUE;
      array = json_node_get_array (node);
      for (guint j = 0; j < json_array_get_length (array); j++)
        {
          JsonNode *item = json_array_get_element (array, j);
          const char *candidate = NULL;

          if (node_is_string (item))
            candidate = json_node_get_string (item);
          else if (JSON_NODE_HOLDS_OBJECT (item))
            candidate = schema_string (json_node_get_object (item), "const");
          if (g_strcmp0 (candidate, value) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
check_email (const char *value)
{
  const char *at = strchr (value, '@');

  return at != NULL && at != value && strchr (at + 1, '@') == NULL
         && strchr (at + 1, '.') != NULL && at[1] != '.'
         && strpbrk (value, " \t\r\n") == NULL;
}

static gboolean
check_date (const char *value)
{
  static const char shape[] = "dddd-dd-dd";
  int y, m, d;

  if (strlen (value) != strlen (shape))
    return FALSE;
  for (guint i = 0; shape[i] != '\0'; i++)
    if (shape[i] == 'd' ? !g_ascii_isdigit (value[i]) : value[i] != shape[i])
      return FALSE;
  y = atoi (value);
  m = atoi (value + 5);
  d = atoi (value + 8);
  return y > 0 && g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

static gboolean
check_date_time (const char *value)
{
  g_autoptr(GDateTime) parsed = NULL;

  /* RFC 3339 wants a full date, a 'T' and an explicit offset. */
  if (!g_regex_match_simple ("^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?"
                             "([Zz]|[+-]\\d{2}:\\d{2})$", value, 0, 0))
    return FALSE;
  parsed = g_date_time_new_from_iso8601 (value, NULL);
  return parsed != NULL;
}

static gboolean
check_format (const char *format,
              const char *value)
{
  if (g_strcmp0 (format, "email") == 0)
    return check_email (value);
  if (g_strcmp0 (format, "uri") == 0)
    return g_uri_is_valid (value, G_URI_FLAGS_NONE, NULL);
  if (g_strcmp0 (format, "date") == 0)
    return check_date (value);
  if (g_strcmp0 (format, "date-time") == 0)
    return check_date_time (value);
  return TRUE;
}

static gboolean
check_pattern (const char *pattern,
               const char *value)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);

  /* Our own schemas only; an unusable pattern would be our bug, not the client's. */
  return regex == NULL || g_regex_match (regex, value, 0, NULL);
}

static gboolean
check_string (const char  *path,
              JsonObject  *prop,
              JsonNode    *value,
              char       **problem)
{
  const char *str;
  double min, max;
  glong length;
  gboolean is_choice;

  if (!node_is_string (value))
    return fail (problem, "%s: expected a string", path);
  str = json_node_get_string (value);
  length = g_utf8_strlen (str, -1);

  if (!choice_allows (prop, str, &is_choice) && is_choice)
    return fail (problem, "%s: \"%s\" is not one of the choices", path, str);
  if (schema_number (prop, "minLength", &min) && length < min)
    return fail (problem, "%s: shorter than %g characters", path, min);
  if (schema_number (prop, "maxLength", &max) && length > max)
    return fail (problem, "%s: longer than %g characters", path, max);
  if (schema_string (prop, "pattern") && !check_pattern (schema_string (prop, "pattern"), str))
    return fail (problem, "%s: does not match the pattern %s", path,
                 schema_string (prop, "pattern"));
  if (schema_string (prop, "format") && !check_format (schema_string (prop, "format"), str))
    return fail (problem, "%s: not a valid %s", path, schema_string (prop, "format"));
  return TRUE;
}

static gboolean
check_number (const char  *path,
              JsonObject  *prop,
              JsonNode    *value,
              gboolean     integer,
              char       **problem)
{
  double number, min, max;
  g_autofree char *shown = NULL;

  if (!node_number (value, &number))
    return fail (problem, "%s: expected %s", path, integer ? "an integer" : "a number");
  if (!isfinite (number))
    return fail (problem, "%s: not a finite number", path);
  if (integer && (number != floor (number)))
    return fail (problem, "%s: expected an integer", path);

  shown = format_number (number);
  if (schema_number (prop, "minimum", &min) && number < min)
    return fail (problem, "%s: %s is below the minimum %g", path, shown, min);
  if (schema_number (prop, "maximum", &max) && number > max)
    return fail (problem, "%s: %s is above the maximum %g", path, shown, max);
  return TRUE;
}

static gboolean
check_array (const char  *path,
             JsonObject  *prop,
             JsonNode    *value,
             char       **problem)
{
  JsonNode *items_node = json_object_get_member (prop, "items");
  JsonObject *items = items_node && JSON_NODE_HOLDS_OBJECT (items_node)
                      ? json_node_get_object (items_node) : NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;
  double min, max;
  guint length;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return fail (problem, "%s: expected an array", path);
  array = json_node_get_array (value);
  length = json_array_get_length (array);

  for (guint i = 0; i < length; i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gboolean is_choice;

      if (!node_is_string (item))
        return fail (problem, "%s[%u]: expected a string", path, i);
      if (items && !choice_allows (items, json_node_get_string (item), &is_choice) && is_choice)
        return fail (problem, "%s[%u]: \"%s\" is not one of the choices", path, i,
                     json_node_get_string (item));
      if (!g_hash_table_add (seen, (gpointer) json_node_get_string (item)))
        return fail (problem, "%s[%u]: \"%s\" is chosen twice", path, i,
                     json_node_get_string (item));
    }
  if (schema_number (prop, "minItems", &min) && length < min)
    return fail (problem, "%s: fewer than %g items", path, min);
  if (schema_number (prop, "maxItems", &max) && length > max)
    return fail (problem, "%s: more than %g items", path, max);
  return TRUE;
}

static gboolean
validate_property (const char  *path,
                   JsonObject  *prop,
                   JsonNode    *value,
                   char       **problem)
{
  const char *type = schema_string (prop, "type");

  if (g_strcmp0 (type, "string") == 0)
    return check_string (path, prop, value, problem);
  if (g_strcmp0 (type, "number") == 0)
    return check_number (path, prop, value, FALSE, problem);
  if (g_strcmp0 (type, "integer") == 0)
    return check_number (path, prop, value, TRUE, problem);
  if (g_strcmp0 (type, "boolean") == 0)
    {
      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN)
        return TRUE;
      return fail (problem, "%s: expected a boolean", path);
    }
  if (g_strcmp0 (type, "array") == 0)
    return check_array (path, prop, value, problem);
  return fail (problem, "%s: the schema has no usable type", path);
}

static gboolean
check_required (JsonObject  *schema,
                JsonObject  *content,
                const char  *where,
                char       **problem)
{
  JsonNode *required = json_object_get_member (schema, "required");
  JsonArray *array;

  if (required == NULL || !JSON_NODE_HOLDS_ARRAY (required))
    return TRUE;
  array = json_node_get_array (required);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *name = json_array_get_string_element (array, i);

      if (name != NULL && !json_object_has_member (content, name))
        return fail (problem, "%s.%s: required but missing", where, name);
    }
  return TRUE;
}

/* Checks @value against @schema and copies it, keys in the schema's order, into
 * @normalised; unknown keys are refused (our schemas allow no others). */
gboolean
validate_object (JsonNode    *schema,
                 JsonNode    *value,
                 const char  *where,
                 JsonObject **normalised,
                 char       **problem)
{
  JsonObject *schema_object = json_node_get_object (schema);
  JsonObject *properties = json_object_get_object_member (schema_object, "properties");
  g_autoptr(JsonObject) out = json_object_new ();
  g_autoptr(GList) members = NULL;
  JsonObject *content;

  if (!JSON_NODE_HOLDS_OBJECT (value))
    return fail (problem, "%s: expected an object", where);
  content = json_node_get_object (value);

  members = json_object_get_members (content);
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (properties == NULL || !json_object_has_member (properties, l->data))
        return fail (problem, "%s.%s: not in the requested schema", where,
                     (const char *) l->data);
    }
  if (!check_required (schema_object, content, where, problem))
    return FALSE;

  g_clear_pointer (&members, g_list_free);
  members = properties ? json_object_get_members (properties) : NULL;
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *member = json_object_get_member (content, l->data);
      g_autofree char *path = NULL;

      if (member == NULL)
        continue;
      path = g_strdup_printf ("%s.%s", where, (const char *) l->data);
      if (!validate_property (path, json_object_get_object_member (properties, l->data),
                              member, problem))
        return FALSE;
      json_object_set_member (out, l->data, json_node_copy (member));
    }

  if (normalised != NULL)
    *normalised = g_steal_pointer (&out);
  return TRUE;
}

/* The answer to one elicitation/create: its action, and for form mode its content. */
gboolean
parse_answer (JsonNode     *result,
              JsonNode     *schema,
              const char  **action,
              JsonObject  **content,
              char        **problem)
{
  JsonObject *object;
  JsonNode *content_node;
  const char *name;

  *content = NULL;
  if (!JSON_NODE_HOLDS_OBJECT (result))
    return fail (problem, "result: expected an object");
  object = json_node_get_object (result);
  name = schema_string (object, "action");
  if (name == NULL)
    return fail (problem, "result.action: missing or not a string");
  if (!g_str_equal (name, "accept") && !g_str_equal (name, "decline")
      && !g_str_equal (name, "cancel"))
    return fail (problem, "result.action: \"%s\" is not accept, decline or cancel", name);
  *action = name;

  content_node = json_object_get_member (object, "content");
  if (content_node != NULL && JSON_NODE_HOLDS_NULL (content_node))
    content_node = NULL;

  if (!g_str_equal (name, "accept") || schema == NULL)
    {
      gboolean empty = content_node == NULL
                       || (JSON_NODE_HOLDS_OBJECT (content_node)
                           && json_object_get_size (json_node_get_object (content_node)) == 0);
      if (!empty)
        return fail (problem, "result.content: not allowed %s",
                     schema == NULL ? "in URL mode" : "unless the action is accept");
      return TRUE;
    }

  /* An accept without content answers a schema whose fields are all optional. */
  if (content_node == NULL)
    {
      g_autoptr(JsonNode) empty = json_node_init_object (json_node_alloc (), json_object_new ());

      return validate_object (schema, empty, "content", content, problem);
    }
  return validate_object (schema, content_node, "content", content, problem);
}

/* Schemas, parsed once at start-up */

JsonNode *
parse_static_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    g_error ("built-in schema does not parse: %s\n%s", error->message, text);
  return json_node_copy (json_parser_get_root (parser));
}

void
strip_defaults (JsonNode *schema)
{
  JsonObject *properties = json_object_get_object_member (json_node_get_object (schema),
                                                          "properties");
  g_autoptr(GList) members = json_object_get_members (properties);

  for (GList *l = members; l != NULL; l = l->next)
    json_object_remove_member (json_object_get_object_member (properties, l->data), "default");
}

