/* elicit-field-parse.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* ElicitField: reading one property of a requested schema, with every
 * refusal and warning the schema model gives. The object itself is in
 * elicit-field.c; both share the struct in elicit-field-private.h. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-field.h"
#include "elicit-field-private.h"
#include "elicit-init-private.h"
#include "elicit-option-list-private.h"
#include "elicit-schema.h"
#include "elicit-schema-enums.h"
#include "elicit-schema-private.h"
#include "elicit-text-private.h"

/* Parsing ---------------------------------------------------------------- */

typedef enum
{
  TYPE_NONE,
  TYPE_STRING,
  TYPE_NUMBER,
  TYPE_INTEGER,
  TYPE_BOOLEAN,
  TYPE_ARRAY,
  TYPE_OBJECT,
  TYPE_NULL,
  TYPE_UNKNOWN,
} TypeId;

static const struct
{
  const char *name;
  TypeId      id;
} type_names[] = {
  { "string", TYPE_STRING },
  { "number", TYPE_NUMBER },
  { "integer", TYPE_INTEGER },
  { "boolean", TYPE_BOOLEAN },
  { "array", TYPE_ARRAY },
  { "object", TYPE_OBJECT },
  { "null", TYPE_NULL },
};

static const char * const common_keywords[] = { "type", "title", "description", "default", NULL };
static const char * const text_keywords[] = { "minLength", "maxLength", "pattern", "format", NULL };
static const char * const number_keywords[] = { "minimum", "maximum", NULL };
static const char * const choice_keywords[] = { "enum", "enumNames", "oneOf", "anyOf", NULL };
static const char * const multi_keywords[] = { "items", "minItems", "maxItems", "uniqueItems", NULL };
static const char * const items_keywords[] = { "type", "enum", "enumNames", "oneOf", "anyOf", NULL };

/* Keywords whose values are data, not schemas: a "$ref" key inside is not a reference. */
static const char * const data_keywords[] = { "default", "const", "enum", "enumNames", "examples", NULL };

/* At most this many unknown keywords are named in a warning. */
#define MAX_LISTED_KEYWORDS 10

typedef struct
{
  ElicitField        *field;
  JsonObject         *prop;
  JsonObject         *items;
  ElicitSchemaParser *parser;
  char               *display;
  gboolean            choices_at_top;
} Parse;

static gboolean
in_list (const char         *word,
         const char * const *list)
{
  for (guint i = 0; list[i] != NULL; i++)
    if (strcmp (word, list[i]) == 0)
      return TRUE;

  return FALSE;
}

static TypeId
type_from_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (type_names); i++)
    if (strcmp (name, type_names[i].name) == 0)
      return type_names[i].id;

  return TYPE_UNKNOWN;
}

static const char *
type_to_name (TypeId id)
{
  for (guint i = 0; i < G_N_ELEMENTS (type_names); i++)
    if (type_names[i].id == id)
      return type_names[i].name;

  return "";
}

/*
 * Whether "$ref" appears anywhere in a property's schema. Iterative, since a
 * JsonObject handed to elicit_schema_new_from_json() may be nested as deep as
 * its builder liked.
 */
static gboolean
contains_ref (JsonNode *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      JsonNode *node = g_ptr_array_remove_index_fast (stack, stack->len - 1);
      JsonObject *object = elicit_node_get_object (node);
      JsonArray *array = elicit_node_get_array (node);

      if (object != NULL)
        {
          JsonObjectIter iter;
          const char *name;
          JsonNode *member;

          if (json_object_has_member (object, "$ref"))
            return TRUE;

          json_object_iter_init (&iter, object);
          while (json_object_iter_next (&iter, &name, &member))
            if (!in_list (name, data_keywords) &&
                (JSON_NODE_HOLDS_OBJECT (member) || JSON_NODE_HOLDS_ARRAY (member)))
              g_ptr_array_add (stack, member);
        }
      else if (array != NULL)
        {
          guint n = json_array_get_length (array);

          for (guint i = 0; i < n; i++)
            {
              JsonNode *element = json_array_get_element (array, i);

              if (JSON_NODE_HOLDS_OBJECT (element) || JSON_NODE_HOLDS_ARRAY (element))
                g_ptr_array_add (stack, element);
            }
        }
    }

  return FALSE;
}

static gboolean
parse_fail (GError            **error,
            ElicitSchemaError   code,
            const char         *format,
            ...) G_GNUC_PRINTF (3, 4);

static gboolean
parse_fail (GError            **error,
            ElicitSchemaError   code,
            const char         *format,
            ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;

  va_start (args, format);
  *error = g_error_new_valist (ELICIT_SCHEMA_ERROR, code, format, args);
  va_end (args);

  return FALSE;
}

static TypeId
check_type (Parse       *p,
            TypeId       id,
            const char  *name,
            GError     **error)
{
  g_autofree char *shown = NULL;

  switch (id)
    {
    case TYPE_OBJECT:
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                  _("Property “%s” is a nested object, which a form cannot show"), p->display);
      return TYPE_NONE;

    case TYPE_NULL:
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                  _("Property “%s” can only be null, which a form cannot show"), p->display);
      return TYPE_NONE;

    case TYPE_UNKNOWN:
      shown = elicit_schema_display_text (name);
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                  _("Property “%s” has unknown type “%s”"), p->display, shown);
      return TYPE_NONE;

    case TYPE_NONE:
    case TYPE_STRING:
    case TYPE_NUMBER:
    case TYPE_INTEGER:
    case TYPE_BOOLEAN:
    case TYPE_ARRAY:
    default:
      return id;
    }
}

/* `type: ["string", "null"]`: one type, perhaps with null, reads as that type. */
static TypeId
read_type_list (Parse      *p,
                JsonArray  *list,
                GError    **error)
{
  guint n = json_array_get_length (list);
  TypeId found = TYPE_NONE;
  gboolean several = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const char *name = elicit_node_get_string (json_array_get_element (list, i));
      TypeId id;

      if (name == NULL)
        {
          parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                      _("Property “%s” has a “type” that is neither text nor a list of text"),
                      p->display);
          return TYPE_NONE;
        }

      id = type_from_name (name);
      if (id == TYPE_UNKNOWN)
        return check_type (p, id, name, error);
      if (id == TYPE_NULL)
        continue;
      if (found != TYPE_NONE && found != id)
        several = TRUE;
      found = id;
    }

  if (several)
    {
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                  _("Property “%s” allows several types, which a form cannot show"), p->display);
      return TYPE_NONE;
    }

  if (found == TYPE_NONE)
    return check_type (p, TYPE_NULL, "null", error);

  if (check_type (p, found, NULL, error) == TYPE_NONE)
    return TYPE_NONE;

  /* Translators: the property's name and a JSON type such as “string” */
  elicit_schema_parser_warn (p->parser, _("Property “%s”: a list of types is read as “%s”"),
                             p->display, type_to_name (found));
  return found;
}

static const char *
first_choice_keyword (JsonObject *object)
{
  static const char * const keywords[] = { "enum", "oneOf", "anyOf" };

  for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
    if (json_object_has_member (object, keywords[i]))
      return keywords[i];

  return NULL;
}

static TypeId
infer_type (Parse   *p,
            GError **error)
{
  const char *keyword = first_choice_keyword (p->prop);

  if (keyword != NULL)
    {
      /* Translators: the property's name, the JSON type it is read as, and the
       * keyword that tells */
      elicit_schema_parser_warn (p->parser, _("Property “%s” has no “type”; read as “%s” from its “%s”"),
                                 p->display, "string", keyword);
      return TYPE_STRING;
    }

  if (json_object_has_member (p->prop, "items"))
    {
      /* Translators: the property's name, the JSON type it is read as, and the
       * keyword that tells */
      elicit_schema_parser_warn (p->parser, _("Property “%s” has no “type”; read as “%s” from its “%s”"),
                                 p->display, "array", "items");
      return TYPE_ARRAY;
    }

  parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
              _("Property “%s” has no “type”"), p->display);
  return TYPE_NONE;
}

static TypeId
read_type (Parse   *p,
           GError **error)
{
  JsonNode *node = json_object_get_member (p->prop, "type");
  const char *name;

  if (node == NULL)
    return infer_type (p, error);

  name = elicit_node_get_string (node);
  if (name != NULL)
    return check_type (p, type_from_name (name), name, error);

  if (elicit_node_get_array (node) != NULL)
    return read_type_list (p, json_node_get_array (node), error);

  parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
              _("Property “%s” has a “type” that is neither text nor a list of text"),
              p->display);
  return TYPE_NONE;
}

static gboolean
check_option_budget (Parse   *p,
                     guint    n,
                     GError **error)
{
  if (n > ELICIT_SCHEMA_MAX_OPTIONS - p->parser->n_options)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_TOO_LARGE,
                       _("Property “%s” brings the form past %u options"),
                       p->display, (guint) ELICIT_SCHEMA_MAX_OPTIONS);

  p->parser->n_options += n;
  return TRUE;
}

typedef struct
{
  guint       n_repeated;
  const char *first_repeated;
  guint       n_bad_titles;
} OptionStats;

static void
add_option (Parse       *p,
            const char  *value,
            const char  *title,
            OptionStats *stats)
{
  if (elicit_option_list_append (p->field->options, value, title))
    return;

  if (stats->n_repeated++ == 0)
    stats->first_repeated = value;
}

static void
report_option_stats (Parse       *p,
                     OptionStats *stats)
{
  if (stats->n_repeated > 0)
    {
      g_autofree char *shown = elicit_schema_display_text (stats->first_repeated);

      elicit_schema_parser_warn (p->parser,
                                 g_dngettext (elicit_gettext_domain (),
                                              "Property “%s”: %u repeated option ignored (“%s”)",
                                              "Property “%s”: %u repeated options ignored (the first: “%s”)",
                                              stats->n_repeated),
                                 p->display, stats->n_repeated, shown);
    }

  if (stats->n_bad_titles > 0)
    elicit_schema_parser_warn (p->parser,
                               g_dngettext (elicit_gettext_domain (),
                                            "Property “%s”: %u option title is not text; ignored",
                                            "Property “%s”: %u option titles are not text; ignored",
                                            stats->n_bad_titles),
                               p->display, stats->n_bad_titles);
}

static JsonArray *
read_enum_names (Parse      *p,
                 JsonObject *holder,
                 guint       n_values)
{
  JsonNode *node = json_object_get_member (holder, "enumNames");
  JsonArray *names;

  if (node == NULL)
    return NULL;

  names = elicit_node_get_array (node);
  if (names == NULL)
    {
      elicit_schema_parser_warn (p->parser, _("Property “%s”: “enumNames” is not a list; ignored"),
                                 p->display);
      return NULL;
    }

  if (json_array_get_length (names) != n_values)
    elicit_schema_parser_warn (p->parser,
                               _("Property “%s”: %u “enumNames” for %u “enum” values; "
                                 "the titles that exist are used"),
                               p->display, json_array_get_length (names), n_values);

  return names;
}

/* `enum: [...]`, with legacy `enumNames` for titles. */
static gboolean
read_enum (Parse      *p,
           JsonObject *holder,
           GError    **error)
{
  JsonArray *values = elicit_node_get_array (json_object_get_member (holder, "enum"));
  OptionStats stats = { 0 };
  JsonArray *names;
  guint n, n_names;

  if (values == NULL)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                       _("Property “%s”: “%s” is not a list"), p->display, "enum");

  n = json_array_get_length (values);
  if (n == 0)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                       _("Property “%s”: “%s” is empty"), p->display, "enum");

  if (!check_option_budget (p, n, error))
    return FALSE;

  for (guint i = 0; i < n; i++)
    if (elicit_node_get_string (json_array_get_element (values, i)) == NULL)
      return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                         _("Property “%s”: “enum” lists a value that is not text"), p->display);

  names = read_enum_names (p, holder, n);
  n_names = names != NULL ? json_array_get_length (names) : 0;

  for (guint i = 0; i < n; i++)
    {
      const char *value = elicit_node_get_string (json_array_get_element (values, i));
      const char *title = NULL;

      if (i < n_names)
        {
          title = elicit_node_get_string (json_array_get_element (names, i));
          if (title == NULL)
            stats.n_bad_titles++;
        }

      add_option (p, value, title, &stats);
    }

  report_option_stats (p, &stats);
  return TRUE;
}

/* `oneOf` / `anyOf: [{const, title}, ...]`. */
static gboolean
read_titled (Parse       *p,
             JsonObject  *holder,
             const char  *keyword,
             GError     **error)
{
  JsonArray *entries = elicit_node_get_array (json_object_get_member (holder, keyword));
  OptionStats stats = { 0 };
  guint n;

  if (entries == NULL)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                       _("Property “%s”: “%s” is not a list"), p->display, keyword);

  n = json_array_get_length (entries);
  if (n == 0)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                       _("Property “%s”: “%s” is empty"), p->display, keyword);

  if (!check_option_budget (p, n, error))
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      JsonObject *entry = elicit_node_get_object (json_array_get_element (entries, i));
      const char *value = entry != NULL ? elicit_node_get_string (json_object_get_member (entry, "const")) : NULL;
      JsonNode *title_node;
      const char *title;

      if (value == NULL)
        return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                           _("Property “%s”: an entry of “%s” has no text “const”"),
                           p->display, keyword);

      title_node = json_object_get_member (entry, "title");
      title = elicit_node_get_string (title_node);
      if (title_node != NULL && title == NULL)
        stats.n_bad_titles++;

      add_option (p, value, title, &stats);
    }

  report_option_stats (p, &stats);
  return TRUE;
}

static gboolean
read_options (Parse       *p,
              JsonObject  *holder,
              const char  *keyword,
              GError     **error)
{
  static const char * const keywords[] = { "enum", "oneOf", "anyOf" };

  /* Only the first of enum, oneOf and anyOf counts. */
  for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
    if (strcmp (keywords[i], keyword) != 0 && json_object_has_member (holder, keywords[i]))
      /* Translators: the property's name, then two schema keywords such as
       * “enum” and “oneOf”; the second is ignored */
      elicit_schema_parser_warn (p->parser, _("Property “%s” has both “%s” and “%s”; “%s” is ignored"),
                                 p->display, keyword, keywords[i], keywords[i]);

  if (strcmp (keyword, "enum") == 0)
    return read_enum (p, holder, error);

  return read_titled (p, holder, keyword, error);
}

/* A count such as minLength: a whole number, zero or more; -1 when unset. */
static gint64
read_count (Parse      *p,
            const char *keyword)
{
  JsonNode *node = json_object_get_member (p->prop, keyword);
  gboolean is_int;
  double value;

  if (node == NULL)
    return -1;

  if (elicit_node_get_number (node, &value, &is_int))
    {
      if (is_int && json_node_get_int (node) >= 0)
        return json_node_get_int (node);
      if (!is_int && value >= 0 && value <= 9007199254740992.0 && value == floor (value))
        return (gint64) value;
    }

  elicit_schema_parser_warn (p->parser, _("Property “%s”: “%s” is not a whole number of zero or more; ignored"),
                             p->display, keyword);
  return -1;
}

static void
check_count_order (Parse      *p,
                   const char *min_keyword,
                   gint64     *min,
                   const char *max_keyword,
                   gint64     *max)
{
  g_autofree char *min_text = NULL;
  g_autofree char *max_text = NULL;

  if (*min < 0 || *max < 0 || *min <= *max)
    return;

  min_text = g_strdup_printf ("%" G_GINT64_FORMAT, *min);
  max_text = g_strdup_printf ("%" G_GINT64_FORMAT, *max);
  /* Translators: the property's name, a keyword such as “minLength” and its
   * value, then a keyword such as “maxLength” and its value */
  elicit_schema_parser_warn (p->parser, _("Property “%s”: “%s” (%s) is greater than “%s” (%s); both ignored"),
                             p->display, min_keyword, min_text, max_keyword, max_text);
  *min = -1;
  *max = -1;
}

static const char *
read_string_keyword (Parse      *p,
                     const char *keyword)
{
  JsonNode *node = json_object_get_member (p->prop, keyword);
  const char *value = elicit_node_get_string (node);

  if (node != NULL && value == NULL)
    elicit_schema_parser_warn (p->parser, _("Property “%s”: “%s” is not text; ignored"),
                               p->display, keyword);

  return value;
}

static void
read_pattern (Parse *p)
{
  const char *pattern = read_string_keyword (p, "pattern");
  g_autoptr(GError) error = NULL;
  ElicitPattern *compiled;

  if (pattern == NULL)
    return;

  if (strlen (pattern) > ELICIT_SCHEMA_MAX_PATTERN_LENGTH)
    {
      elicit_schema_parser_warn (p->parser, _("Property “%s”: “pattern” is longer than %u bytes; ignored"),
                                 p->display, (guint) ELICIT_SCHEMA_MAX_PATTERN_LENGTH);
      return;
    }

  if (!elicit_schema_parser_has_pattern_time (p->parser))
    {
      elicit_schema_parser_warn (p->parser,
                                 _("Property “%s”: “pattern” ignored: this form’s patterns already took too long to check"),
                                 p->display);
      return;
    }

  compiled = elicit_schema_parser_compile_pattern (p->parser, pattern, &error);
  if (compiled == NULL)
    {
      elicit_schema_parser_warn (p->parser,
                                 _("Property “%s”: “pattern” is not a regular expression GLib understands (%s); ignored"),
                                 p->display, error->message);
      return;
    }

  p->field->pattern = g_strdup (pattern);
  p->field->regex = compiled;
}

/*
 * The default is the first text a server's pattern meets, while the request
 * is parsed: a pattern whose match runs into the cost limits is judged
 * unusable here, rather than on every key the person presses.
 */
static void
check_default_pattern (Parse    *p,
                       JsonNode *value)
{
  const char *text = elicit_node_get_string (value);

  if (p->field->regex == NULL || text == NULL || !g_utf8_validate (text, -1, NULL))
    return;

  if (elicit_schema_parser_match_pattern (p->parser, p->field->regex, text) != ELICIT_PATTERN_TOO_COSTLY)
    return;

  elicit_schema_parser_warn (p->parser,
                             _("Property “%s”: “pattern” ignored: checking text against it takes too long"),
                             p->display);
  g_clear_pointer (&p->field->pattern, g_free);
  g_clear_pointer (&p->field->regex, elicit_pattern_unref);
}

static void
read_format (Parse *p)
{
  static const struct
  {
    const char       *name;
    ElicitTextFormat  format;
  } formats[] = {
    { "email", ELICIT_TEXT_FORMAT_EMAIL },
    { "uri", ELICIT_TEXT_FORMAT_URI },
    { "date", ELICIT_TEXT_FORMAT_DATE },
    { "date-time", ELICIT_TEXT_FORMAT_DATE_TIME },
  };
  const char *format = read_string_keyword (p, "format");
  g_autofree char *shown = NULL;

  if (format == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (strcmp (format, formats[i].name) == 0)
      {
        p->field->format = formats[i].format;
        return;
      }

  shown = elicit_schema_display_text (format);
  elicit_schema_parser_warn (p->parser, _("Property “%s”: unknown “format” “%s” is treated as plain text"),
                             p->display, shown);
}

static void
read_text (Parse *p)
{
  ElicitField *field = p->field;

  field->kind = ELICIT_FIELD_KIND_TEXT;
  field->min_length = read_count (p, "minLength");
  field->max_length = read_count (p, "maxLength");
  check_count_order (p, "minLength", &field->min_length, "maxLength", &field->max_length);
  read_pattern (p);
  read_format (p);
}

static gboolean
read_bound (Parse      *p,
            const char *keyword,
            double     *value)
{
  JsonNode *node = json_object_get_member (p->prop, keyword);

  if (node == NULL)
    return FALSE;

  if (elicit_node_get_number (node, value, NULL))
    return TRUE;

  elicit_schema_parser_warn (p->parser, _("Property “%s”: “%s” is not a number; ignored"),
                             p->display, keyword);
  return FALSE;
}

static void
read_number (Parse  *p,
             TypeId  type)
{
  ElicitField *field = p->field;

  field->kind = type == TYPE_INTEGER ? ELICIT_FIELD_KIND_INTEGER : ELICIT_FIELD_KIND_NUMBER;
  field->has_minimum = read_bound (p, "minimum", &field->minimum);
  field->has_maximum = read_bound (p, "maximum", &field->maximum);

  if (field->has_minimum && field->has_maximum && field->minimum > field->maximum)
    {
      g_autofree char *min_text = elicit_schema_format_number (field->minimum);
      g_autofree char *max_text = elicit_schema_format_number (field->maximum);

      /* Translators: the property's name, a keyword such as “minLength” and its
       * value, then a keyword such as “maxLength” and its value */
      elicit_schema_parser_warn (p->parser, _("Property “%s”: “%s” (%s) is greater than “%s” (%s); both ignored"),
                                 p->display, "minimum", min_text, "maximum", max_text);
      field->has_minimum = field->has_maximum = FALSE;
    }
}

static gboolean
reject_array (Parse   *p,
              GError **error)
{
  return parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                     _("Property “%s” is a list of something other than listed text options, "
                       "which a form cannot show"),
                     p->display);
}

static void
read_item_counts (Parse *p)
{
  ElicitField *field = p->field;
  guint n_options = elicit_option_list_get_size (field->options);

  field->min_items = read_count (p, "minItems");
  field->max_items = read_count (p, "maxItems");
  check_count_order (p, "minItems", &field->min_items, "maxItems", &field->max_items);

  if (field->min_items > (gint64) n_options)
    {
      g_autofree char *min_text = g_strdup_printf ("%" G_GINT64_FORMAT, field->min_items);

      elicit_schema_parser_warn (p->parser,
                                 g_dngettext (elicit_gettext_domain (),
                                              "Property “%s”: “minItems” (%s) is more than the %u option; ignored",
                                              "Property “%s”: “minItems” (%s) is more than the %u options; ignored",
                                              n_options),
                                 p->display, min_text, n_options);
      field->min_items = -1;
    }
}

/* `type: array` with `items` listing the options (or, leniently, options at the top). */
static gboolean
read_multi (Parse   *p,
            GError **error)
{
  JsonNode *items_node = json_object_get_member (p->prop, "items");
  const char *keyword;

  p->field->kind = ELICIT_FIELD_KIND_MULTI_CHOICE;

  if (items_node == NULL && first_choice_keyword (p->prop) != NULL)
    {
      /* SEP-1330's appendix puts anyOf at the top of TitledMultiSelectEnumSchema. */
      keyword = first_choice_keyword (p->prop);
      elicit_schema_parser_warn (p->parser,
                                 _("Property “%s” lists its options in “%s” instead of “items”; "
                                   "read as a multiple choice"),
                                 p->display, keyword);
      p->choices_at_top = TRUE;
      if (!read_options (p, p->prop, keyword, error))
        return FALSE;
      read_item_counts (p);
      return TRUE;
    }

  p->items = elicit_node_get_object (items_node);
  if (p->items == NULL)
    return reject_array (p, error);

  if (json_object_has_member (p->items, "type") &&
      g_strcmp0 (elicit_node_get_string (json_object_get_member (p->items, "type")), "string") != 0)
    return reject_array (p, error);

  keyword = first_choice_keyword (p->items);
  if (keyword == NULL)
    return reject_array (p, error);

  if (!read_options (p, p->items, keyword, error))
    return FALSE;
  read_item_counts (p);
  return TRUE;
}

static void
collect_unknown (JsonObject         *object,
                 const char         *prefix,
                 const char * const *lists[],
                 GString            *out,
                 guint              *n_unknown)
{
  g_autoptr(GList) names = json_object_get_members (object);

  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      gboolean known = FALSE;

      for (guint i = 0; lists[i] != NULL && !known; i++)
        known = in_list (name, lists[i]);
      if (known)
        continue;

      if (*n_unknown < MAX_LISTED_KEYWORDS)
        {
          g_autofree char *shown = elicit_schema_display_text (name);

          g_string_append_printf (out, "%s“%s%s”", out->len > 0 ? ", " : "", prefix, shown);
        }
      else if (*n_unknown == MAX_LISTED_KEYWORDS)
        g_string_append (out, ", …");
      (*n_unknown)++;
    }
}

static void
warn_unknown_keywords (Parse *p)
{
  const char * const *lists[4] = { common_keywords, NULL, NULL, NULL };
  const char * const *item_lists[] = { items_keywords, NULL };
  g_autoptr(GString) unknown = g_string_new (NULL);
  guint n_unknown = 0;

  switch (p->field->kind)
    {
    case ELICIT_FIELD_KIND_TEXT:
      lists[1] = text_keywords;
      break;
    case ELICIT_FIELD_KIND_NUMBER:
    case ELICIT_FIELD_KIND_INTEGER:
      lists[1] = number_keywords;
      break;
    case ELICIT_FIELD_KIND_CHOICE:
      lists[1] = choice_keywords;
      break;
    case ELICIT_FIELD_KIND_MULTI_CHOICE:
      lists[1] = multi_keywords;
      lists[2] = p->choices_at_top ? choice_keywords : NULL;
      break;
    case ELICIT_FIELD_KIND_BOOLEAN:
    default:
      break;
    }

  collect_unknown (p->prop, "", lists, unknown, &n_unknown);
  if (p->items != NULL)
    collect_unknown (p->items, "items.", item_lists, unknown, &n_unknown);

  if (n_unknown > 0)
    /* Translators: the property's name, then a list of schema keywords */
    elicit_schema_parser_warn (p->parser, _("Property “%s” has keywords a form ignores: %s"),
                               p->display, unknown->str);
}

static char *
read_annotation (Parse      *p,
                 const char *keyword,
                 gboolean    block)
{
  const char *text = read_string_keyword (p, keyword);
  g_autofree char *clean = NULL;

  if (text == NULL)
    return NULL;

  if (block)
    clean = elicit_text_sanitize_block (text, ELICIT_TEXT_BLOCK_MAX);
  else
    clean = elicit_text_sanitize_line (text, ELICIT_TEXT_LINE_MAX);

  if (clean[0] == '\0')
    return NULL;

  return g_steal_pointer (&clean);
}

/* An integer field's whole-number default becomes an integer. */
static JsonNode *
copy_value (ElicitField *field,
            JsonNode    *value)
{
  double number;
  gboolean is_int;

  if (field->kind == ELICIT_FIELD_KIND_INTEGER &&
      elicit_node_get_number (value, &number, &is_int) && !is_int &&
      number == floor (number) &&
      number >= -9223372036854775808.0 && number < 9223372036854775808.0)
    {
      JsonNode *node = json_node_new (JSON_NODE_VALUE);

      json_node_set_int (node, (gint64) number);
      return node;
    }

  return json_node_copy (value);
}

static void
read_default (Parse *p)
{
  JsonNode *node = json_object_get_member (p->prop, "default");
  g_autoptr(JsonNode) value = NULL;
  g_autofree char *problem = NULL;

  if (node == NULL)
    return;

  value = copy_value (p->field, node);
  check_default_pattern (p, value);
  problem = elicit_field_validate_value (p->field, value);
  if (problem != NULL)
    {
      /* Translators: the property's name, then why its default value does not fit it */
      elicit_schema_parser_warn (p->parser, _("Property “%s”: “default” dropped: %s"),
                                 p->display, problem);
      return;
    }

  p->field->default_value = g_steal_pointer (&value);
}

static gboolean
read_kind (Parse   *p,
           TypeId   type,
           GError **error)
{
  if (type != TYPE_STRING && type != TYPE_ARRAY && first_choice_keyword (p->prop) != NULL)
    return parse_fail (error, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
                       _("Property “%s” offers options for a value that is not text, "
                         "which a form cannot show"),
                       p->display);

  switch (type)
    {
    case TYPE_STRING:
      if (first_choice_keyword (p->prop) == NULL)
        {
          read_text (p);
          return TRUE;
        }
      p->field->kind = ELICIT_FIELD_KIND_CHOICE;
      return read_options (p, p->prop, first_choice_keyword (p->prop), error);

    case TYPE_NUMBER:
    case TYPE_INTEGER:
      read_number (p, type);
      return TRUE;

    case TYPE_BOOLEAN:
      p->field->kind = ELICIT_FIELD_KIND_BOOLEAN;
      return TRUE;

    case TYPE_ARRAY:
      return read_multi (p, error);

    case TYPE_NONE:
    case TYPE_OBJECT:
    case TYPE_NULL:
    case TYPE_UNKNOWN:
    default:
      break;
    }

  g_assert_not_reached ();
  return FALSE;
}

/*
 * elicit_field_new_from_property:
 * @name: the property's name, the key its value is sent under
 * @node: the property's schema, untrusted
 * @required: whether the schema's `required` lists it
 * @parser: where warnings go, and the option budget of the whole schema
 * @error: where to say why the property cannot be shown
 *
 * Returns: (transfer full) (nullable): the field, or %NULL with @error set
 */
ElicitField *
elicit_field_new_from_property (const char          *name,
                                JsonNode            *node,
                                gboolean             required,
                                ElicitSchemaParser  *parser,
                                GError             **error)
{
  g_autoptr(ElicitField) field = NULL;
  g_autofree char *display = NULL;
  Parse p = { 0 };
  TypeId type;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (parser != NULL, NULL);

  display = elicit_schema_display_text (name);
  p.display = display;
  p.parser = parser;
  p.prop = elicit_node_get_object (node);

  if (p.prop == NULL)
    {
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
                  _("Property “%s” is not an object describing a field"), display);
      return NULL;
    }

  if (contains_ref (node))
    {
      parse_fail (error, ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
                  _("Property “%s” uses “$ref”, which a form cannot follow"), display);
      return NULL;
    }

  field = g_object_new (ELICIT_TYPE_FIELD, NULL);
  field->name = g_strdup (name);
  field->required = required;
  p.field = field;

  type = read_type (&p, error);
  if (type == TYPE_NONE || !read_kind (&p, type, error))
    return NULL;

  field->title = read_annotation (&p, "title", FALSE);
  field->description = read_annotation (&p, "description", TRUE);
  field->label = field->title != NULL ? g_strdup (field->title) : elicit_schema_make_label (name);

  warn_unknown_keywords (&p);
  read_default (&p);

  return g_steal_pointer (&field);
}
