/* elicit-schema.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-field-private.h"
#include "elicit-init-private.h"
#include "elicit-json-private.h"
#include "elicit-schema.h"
#include "elicit-schema-private.h"
#include "elicit-text-private.h"

/**
 * ElicitSchema:
 *
 * The model of a `requestedSchema`: a flat list of [class@Field], in the
 * server's property order.
 *
 * A schema a form cannot represent (nested objects, arrays of anything but
 * options, `$ref`, unknown types, a `required` naming a missing property,
 * empty options, too many properties or options) is refused with an error
 * in [error@SchemaError] that names the property and the reason. Harmless
 * oddities (unknown keywords, a default of the wrong type, `minimum` greater
 * than `maximum`, repeated options...) are tolerated and recorded as
 * warnings, in English-by-default developer-facing text: see
 * [method@Schema.get_warnings].
 *
 * The schema is a [iface@Gio.ListModel] of its fields, and never changes.
 *
 * Since: 1.0
 */

struct _ElicitSchema
{
  GObject     parent_instance;

  GPtrArray  *fields;      /* ElicitField * */
  GHashTable *by_name;     /* name → ElicitField *, borrowed */
  GPtrArray  *warnings;    /* char *, NULL-terminated */
};

enum {
  PROP_0,
  PROP_N_FIELDS,
  PROP_WARNINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Keywords of the schema's root that need no warning. */
static const char * const root_keywords[] = {
  "type", "properties", "required", "$schema", "$id", "title", "description",
  "additionalProperties", NULL
};

/* How many characters of a name or value messages show. */
#define DISPLAY_MAX_CHARS 64
#define MAX_LISTED_KEYWORDS 10

/**
 * elicit_schema_error_quark:
 *
 * The quark of [error@SchemaError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-schema-error-quark, elicit_schema_error)

static GType
elicit_schema_get_item_type (GListModel *model)
{
  return ELICIT_TYPE_FIELD;
}

static guint
elicit_schema_get_n_items (GListModel *model)
{
  ElicitSchema *self = ELICIT_SCHEMA (model);

  return self->fields->len;
}

static gpointer
elicit_schema_get_item (GListModel *model,
                        guint       position)
{
  ElicitSchema *self = ELICIT_SCHEMA (model);

  if (position >= self->fields->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->fields, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = elicit_schema_get_item_type;
  iface->get_n_items = elicit_schema_get_n_items;
  iface->get_item = elicit_schema_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitSchema, elicit_schema, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

/* Helpers shared by the schema layer --------------------------------------- */

void
elicit_schema_parser_warn (ElicitSchemaParser *parser,
                           const char         *format,
                           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_debug ("Schema warning: %s", message);

  if (parser->warnings->len < ELICIT_SCHEMA_MAX_WARNINGS)
    g_ptr_array_add (parser->warnings, g_steal_pointer (&message));
  else
    parser->n_unrecorded++;
}

/*
 * A server may send a thousand patterns, each just under its own match
 * limit: past the budget, further patterns are ignored rather than compiled.
 */
gboolean
elicit_schema_parser_has_pattern_time (ElicitSchemaParser *parser)
{
  return parser->pattern_time < ELICIT_SCHEMA_PATTERN_TIME_BUDGET;
}

ElicitPattern *
elicit_schema_parser_compile_pattern (ElicitSchemaParser  *parser,
                                      const char          *pattern,
                                      GError             **error)
{
  gint64 start = g_get_monotonic_time ();
  ElicitPattern *compiled = elicit_pattern_new (pattern, error);

  parser->pattern_time += g_get_monotonic_time () - start;
  return compiled;
}

ElicitPatternResult
elicit_schema_parser_match_pattern (ElicitSchemaParser *parser,
                                    ElicitPattern      *pattern,
                                    const char         *text)
{
  gint64 start = g_get_monotonic_time ();
  ElicitPatternResult result = elicit_pattern_match (pattern, text);

  parser->pattern_time += g_get_monotonic_time () - start;
  return result;
}

static gboolean
is_hidden (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_CONTROL ||
         type == G_UNICODE_FORMAT ||
         type == G_UNICODE_UNASSIGNED ||
         type == G_UNICODE_PRIVATE_USE ||
         type == G_UNICODE_SURROGATE ||
         type == G_UNICODE_LINE_SEPARATOR ||
         type == G_UNICODE_PARAGRAPH_SEPARATOR ||
         (type == G_UNICODE_SPACE_SEPARATOR && c != ' ');
}

/*
 * elicit_schema_display_text:
 * Server text (a property name, an option value, a type) as it may appear
 * inside a message: characters that do not show, or that could reorder or
 * disguise the text or drive a terminal, are written as \u{XXXX}; at most
 * DISPLAY_MAX_CHARS characters are kept. NULL reads as "".
 */
char *
elicit_schema_display_text (const char *text)
{
  g_autofree char *valid = NULL;
  const char *p;
  GString *out;
  guint n = 0;

  if (text == NULL)
    return g_strdup ("");

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  out = g_string_new (NULL);
  for (p = text; *p != '\0' && n < DISPLAY_MAX_CHARS; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (is_hidden (c))
        g_string_append_printf (out, "\\u{%04X}", c);
      else
        g_string_append_unichar (out, c);
    }

  if (*p != '\0')
    g_string_append (out, "…");

  return g_string_free (out, FALSE);
}

/*
 * elicit_schema_make_label:
 * A name or value as a label: sanitized like a title, or, when nothing
 * visible is left, escaped so that it still shows as something.
 */
char *
elicit_schema_make_label (const char *text)
{
  g_autofree char *clean = elicit_text_sanitize_line (text, ELICIT_TEXT_LINE_MAX);

  if (clean != NULL && clean[0] != '\0')
    return g_steal_pointer (&clean);

  return elicit_schema_display_text (text);
}

char *
elicit_schema_format_number (double value)
{
  return g_strdup_printf ("%.15g", value);
}

gboolean
elicit_node_get_number (JsonNode *node,
                        double   *value,
                        gboolean *is_int)
{
  GType type;
  double number;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    {
      if (value != NULL)
        *value = (double) json_node_get_int (node);
      if (is_int != NULL)
        *is_int = TRUE;
      return TRUE;
    }

  if (type != G_TYPE_DOUBLE)
    return FALSE;

  number = json_node_get_double (node);
  if (!isfinite (number))
    return FALSE;

  if (value != NULL)
    *value = number;
  if (is_int != NULL)
    *is_int = FALSE;
  return TRUE;
}

/* Parsing ------------------------------------------------------------------ */

static gboolean
is_object_type_list (JsonArray *list)
{
  guint n = json_array_get_length (list);
  gboolean has_object = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const char *type = elicit_node_get_string (json_array_get_element (list, i));

      if (g_strcmp0 (type, "object") == 0)
        has_object = TRUE;
      else if (g_strcmp0 (type, "null") != 0)
        return FALSE;
    }

  return has_object;
}

static gboolean
read_root_type (ElicitSchemaParser  *parser,
                JsonObject          *root,
                GError             **error)
{
  JsonNode *node = json_object_get_member (root, "type");
  JsonArray *list;

  if (node == NULL)
    {
      elicit_schema_parser_warn (parser, _("The schema has no “type”; read as “object”"));
      return TRUE;
    }

  if (g_strcmp0 (elicit_node_get_string (node), "object") == 0)
    return TRUE;

  list = elicit_node_get_array (node);
  if (list != NULL && is_object_type_list (list))
    {
      elicit_schema_parser_warn (parser, _("The schema’s “type” is a list; read as “object”"));
      return TRUE;
    }

  g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
                       _("The schema’s “type” is not “object”"));
  return FALSE;
}

static void
warn_unknown_root_keywords (ElicitSchemaParser *parser,
                            JsonObject         *root)
{
  g_autoptr(GList) names = json_object_get_members (root);
  g_autoptr(GString) unknown = g_string_new (NULL);
  guint n_unknown = 0;

  for (const GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *shown = NULL;

      if (g_strv_contains (root_keywords, l->data))
        continue;

      if (n_unknown < MAX_LISTED_KEYWORDS)
        {
          shown = elicit_schema_display_text (l->data);
          g_string_append_printf (unknown, "%s“%s”", unknown->len > 0 ? ", " : "", shown);
        }
      else if (n_unknown == MAX_LISTED_KEYWORDS)
        g_string_append (unknown, ", …");
      n_unknown++;
    }

  if (n_unknown > 0)
    elicit_schema_parser_warn (parser, _("The schema has keywords a form ignores: %s"), unknown->str);
}

/* With parser->problems set (elicit_schema_list_problems()), notes what
 * makes the schema unusable and lets parsing go on to find the rest. */
static gboolean
record_problem (ElicitSchemaParser  *parser,
                GError             **error)
{
  if (parser->problems == NULL)
    return FALSE;

  g_ptr_array_add (parser->problems, g_strdup ((*error)->message));
  g_clear_error (error);
  return TRUE;
}

/* The set of required names (borrowed from @root), each naming a property. */
static GHashTable *
read_required (ElicitSchemaParser  *parser,
               JsonObject          *root,
               JsonObject          *props,
               GError             **error)
{
  g_autoptr(GHashTable) required = g_hash_table_new (g_str_hash, g_str_equal);
  JsonNode *node = json_object_get_member (root, "required");
  JsonArray *list;
  guint n;

  if (node == NULL)
    return g_steal_pointer (&required);

  list = elicit_node_get_array (node);
  n = list != NULL ? json_array_get_length (list) : 0;
  for (guint i = 0; i < n; i++)
    {
      const char *name = elicit_node_get_string (json_array_get_element (list, i));
      g_autofree char *shown = NULL;

      if (name == NULL)
        {
          list = NULL;
          break;
        }

      if (props == NULL || !json_object_has_member (props, name))
        {
          g_autoptr(GError) local_error = NULL;

          shown = elicit_schema_display_text (name);
          g_set_error (&local_error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
                       _("The schema’s “required” names “%s”, which is not a property"), shown);
          if (!record_problem (parser, &local_error))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }
          continue;
        }

      g_hash_table_add (required, (gpointer) name);
    }

  if (list == NULL)
    {
      g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
                           _("The schema’s “required” is not a list of property names"));
      return NULL;
    }

  return g_steal_pointer (&required);
}

static JsonObject *
read_properties (ElicitSchemaParser  *parser,
                 JsonObject          *root,
                 gboolean            *ok,
                 GError             **error)
{
  JsonNode *node = json_object_get_member (root, "properties");
  JsonObject *props = elicit_node_get_object (node);
  guint n;

  *ok = FALSE;

  if (node == NULL)
    {
      elicit_schema_parser_warn (parser, _("The schema has no “properties”; the form is empty"));
      *ok = TRUE;
      return NULL;
    }

  if (props == NULL)
    {
      g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
                           _("The schema’s “properties” is not an object"));
      return NULL;
    }

  n = json_object_get_size (props);
  if (n > ELICIT_SCHEMA_MAX_PROPERTIES)
    {
      g_set_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE,
                   _("The schema has %u properties; a form shows at most %u"),
                   n, (guint) ELICIT_SCHEMA_MAX_PROPERTIES);
      return NULL;
    }

  *ok = TRUE;
  return props;
}

static gboolean
read_fields (ElicitSchema        *self,
             ElicitSchemaParser  *parser,
             JsonObject          *props,
             GHashTable          *required,
             GError             **error)
{
  /* json_object_get_members() keeps the document's order; iterators do not. */
  g_autoptr(GList) names = props != NULL ? json_object_get_members (props) : NULL;

  for (const GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      ElicitField *field;

      field = elicit_field_new_from_property (name, json_object_get_member (props, name),
                                              g_hash_table_contains (required, name),
                                              parser, error);
      if (field == NULL && record_problem (parser, error))
        continue;
      if (field == NULL)
        return FALSE;

      g_ptr_array_add (self->fields, field);
      g_hash_table_insert (self->by_name, (gpointer) elicit_field_get_name (field), field);
    }

  return TRUE;
}

static gboolean
parse (ElicitSchema        *self,
       ElicitSchemaParser  *parser,
       JsonObject          *root,
       GError             **error)
{
  g_autoptr(GHashTable) required = NULL;
  JsonObject *props;
  gboolean ok;

  if (json_object_has_member (root, "$ref"))
    {
      g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
                           _("The schema uses “$ref”, which a form cannot follow"));
      return FALSE;
    }

  if (!read_root_type (parser, root, error))
    return FALSE;

  props = read_properties (parser, root, &ok, error);
  if (!ok)
    return FALSE;

  required = read_required (parser, root, props, error);
  if (required == NULL)
    return FALSE;

  warn_unknown_root_keywords (parser, root);

  return read_fields (self, parser, props, required, error);
}

/* GObject ------------------------------------------------------------------ */

static void
elicit_schema_dispose (GObject *object)
{
  ElicitSchema *self = (ElicitSchema *) object;

  g_hash_table_remove_all (self->by_name);
  g_ptr_array_set_size (self->fields, 0);

  G_OBJECT_CLASS (elicit_schema_parent_class)->dispose (object);
}

static void
elicit_schema_finalize (GObject *object)
{
  ElicitSchema *self = (ElicitSchema *) object;

  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_schema_parent_class)->finalize (object);
}

static void
elicit_schema_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ElicitSchema *self = ELICIT_SCHEMA (object);

  switch (prop_id)
    {
    case PROP_N_FIELDS:
      g_value_set_uint (value, elicit_schema_get_n_fields (self));
      break;

    case PROP_WARNINGS:
      g_value_set_boxed (value, elicit_schema_get_warnings (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_schema_class_init (ElicitSchemaClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->dispose = elicit_schema_dispose;
  object_class->finalize = elicit_schema_finalize;
  object_class->get_property = elicit_schema_get_property;

  /**
   * ElicitSchema:n-fields:
   *
   * How many fields the schema has.
   *
   * Since: 1.0
   */
  properties[PROP_N_FIELDS] =
    g_param_spec_uint ("n-fields", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  /**
   * ElicitSchema:warnings:
   *
   * What was tolerated while reading the schema, in order.
   *
   * Since: 1.0
   */
  properties[PROP_WARNINGS] =
    g_param_spec_boxed ("warnings", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_schema_init (ElicitSchema *self)
{
  self->fields = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
}

/* Public API --------------------------------------------------------------- */

/**
 * elicit_schema_new_from_json:
 * @requested_schema: the `requestedSchema` of an elicitation request
 * @error: where to say why the schema cannot be shown
 *
 * Reads a requested schema into fields, keeping the server's property order.
 * The schema is untrusted: anything a form cannot represent is refused with
 * an error in [error@SchemaError] naming the property at fault; harmless
 * oddities become warnings.
 *
 * Returns: (transfer full) (nullable): the schema, or %NULL with @error set
 *
 * Since: 1.0
 */
ElicitSchema *
elicit_schema_new_from_json (JsonObject  *requested_schema,
                             GError     **error)
{
  g_autoptr(ElicitSchema) self = NULL;
  ElicitSchemaParser parser = { 0 };
  gboolean ok;

  g_return_val_if_fail (requested_schema != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  elicit_ensure_i18n ();

  self = g_object_new (ELICIT_TYPE_SCHEMA, NULL);
  parser.warnings = self->warnings;

  ok = parse (self, &parser, requested_schema, error);

  if (parser.n_unrecorded > 0)
    g_ptr_array_add (self->warnings,
                     g_strdup_printf (g_dngettext (elicit_gettext_domain (),
                                                   "%u more warning not shown",
                                                   "%u more warnings not shown",
                                                   parser.n_unrecorded),
                                      parser.n_unrecorded));
  g_ptr_array_add (self->warnings, NULL);

  if (!ok)
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * elicit_schema_list_problems:
 * @requested_schema: a `requestedSchema` as a server sent it
 *
 * Lists every reason a form refuses @requested_schema, where
 * elicit_schema_new_from_json() stops at the first: each name in `required`
 * that is not a property, then each property that cannot be shown, in the
 * schema's order. A schema that cannot be read at all (not an object,
 * `$ref`, too many properties) gives that one reason. For tools such as
 * `elicit lint` that show a server's author everything to fix at once.
 *
 * Returns: (transfer full) (array zero-terminated=1): the reasons, each a
 *   sentence for a person; empty when elicit_schema_new_from_json() accepts
 *   the schema
 *
 * Since: 1.0
 */
char **
elicit_schema_list_problems (JsonObject *requested_schema)
{
  g_autoptr(ElicitSchema) self = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  ElicitSchemaParser parser = { 0 };

  g_return_val_if_fail (requested_schema != NULL, NULL);

  elicit_ensure_i18n ();

  self = g_object_new (ELICIT_TYPE_SCHEMA, NULL);
  parser.warnings = self->warnings;
  parser.problems = problems;

  if (!parse (self, &parser, requested_schema, &error))
    g_ptr_array_add (problems, g_strdup (error->message));

  g_ptr_array_add (problems, NULL);
  return (char **) g_ptr_array_steal (problems, NULL);
}

/**
 * elicit_schema_new_from_data:
 * @data: the schema as JSON text
 * @length: the length of @data in bytes, or -1 when it ends with a NUL
 * @error: where to say why the schema cannot be read or shown
 *
 * Parses untrusted JSON safely (nesting at most 64 levels, integers within
 * 64 bits, finite numbers, UTF-8, no `\u0000`, no repeated member names, at
 * most two million values), then reads it as
 * elicit_schema_new_from_json() does. Text that is not JSON fails with
 * [error@SchemaError.INVALID_JSON]; text past the parser's limits with
 * [error@SchemaError.TOO_LARGE].
 *
 * Returns: (transfer full) (nullable): the schema, or %NULL with @error set
 *
 * Since: 1.0
 */
ElicitSchema *
elicit_schema_new_from_data (const char  *data,
                             gssize       length,
                             GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) json_error = NULL;
  JsonObject *object;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  elicit_ensure_i18n ();

  root = elicit_json_parse (data, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &json_error);
  if (root == NULL)
    {
      gboolean too_large = json_error->code == ELICIT_JSON_ERROR_TOO_DEEP ||
                           json_error->code == ELICIT_JSON_ERROR_TOO_MANY_VALUES ||
                           json_error->code == ELICIT_JSON_ERROR_NUMBER_OUT_OF_RANGE;

      g_set_error (error, ELICIT_SCHEMA_ERROR,
                   too_large ? ELICIT_SCHEMA_ERROR_TOO_LARGE : ELICIT_SCHEMA_ERROR_INVALID_JSON,
                   _("Cannot read the schema: %s"), json_error->message);
      return NULL;
    }

  object = elicit_node_get_object (root);
  if (object == NULL)
    {
      g_set_error_literal (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
                           _("The schema is not a JSON object"));
      return NULL;
    }

  return elicit_schema_new_from_json (object, error);
}

/**
 * elicit_schema_get_fields:
 * @self: a schema
 *
 * Gets the fields, in the server's property order. This is @self itself,
 * which is a list model.
 *
 * Returns: (transfer none): a list model of [class@Field]
 *
 * Since: 1.0
 */
GListModel *
elicit_schema_get_fields (ElicitSchema *self)
{
  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);

  return G_LIST_MODEL (self);
}

/**
 * elicit_schema_get_n_fields:
 * @self: a schema
 *
 * Gets how many fields the schema has.
 *
 * Returns: the number of fields
 *
 * Since: 1.0
 */
guint
elicit_schema_get_n_fields (ElicitSchema *self)
{
  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), 0);

  return self->fields->len;
}

/**
 * elicit_schema_get_field:
 * @self: a schema
 * @name: a property name
 *
 * Looks a field up by its property name.
 *
 * Returns: (transfer none) (nullable): the field, or %NULL when there is none
 *
 * Since: 1.0
 */
ElicitField *
elicit_schema_get_field (ElicitSchema *self,
                         const char   *name)
{
  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (self->by_name, name);
}

/**
 * elicit_schema_get_question:
 * @self: a schema
 *
 * Gets the yes/no field of a schema that asks nothing else: a question
 * such as "Delete the file demo.txt?", which a dialog answers with two
 * buttons (Yes sends `true`, No sends `false`) rather than a form.
 *
 * Returns: (transfer none) (nullable): the schema's only field when it is a
 *   boolean, or %NULL
 *
 * Since: 1.0
 */
ElicitField *
elicit_schema_get_question (ElicitSchema *self)
{
  ElicitField *field;

  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);

  if (self->fields->len != 1)
    return NULL;

  field = g_ptr_array_index (self->fields, 0);

  return elicit_field_get_kind (field) == ELICIT_FIELD_KIND_BOOLEAN ? field : NULL;
}

/**
 * elicit_schema_get_warnings:
 * @self: a schema
 *
 * Gets what was tolerated while reading the schema, in the order it was
 * found: unknown keywords, dropped defaults, contradictory constraints,
 * repeated options... These are for the server's author (`elicit lint`
 * prints them); they are never sent back to the server. Property names and
 * values in them have invisible and control characters escaped.
 *
 * Returns: (transfer none) (array zero-terminated=1): the warnings, perhaps none
 *
 * Since: 1.0
 */
const char * const *
elicit_schema_get_warnings (ElicitSchema *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);

  if (self->warnings->len == 0)
    return none;

  return (const char * const *) self->warnings->pdata;
}

/* An integer field's whole double goes out as a JSON integer. */
static JsonNode *
export_value (ElicitField *field,
              JsonNode    *value)
{
  double number;
  gboolean is_int;

  if (elicit_field_get_kind (field) == ELICIT_FIELD_KIND_INTEGER &&
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

/**
 * elicit_schema_build_content:
 * @self: a schema
 * @values: (nullable): the values the user entered or changed, by property name
 *
 * Builds the `content` of an accepting answer, in the schema's order:
 * a field present in @values goes out with that value (an integer field's
 * whole number as a JSON integer); a field the user left alone goes out with
 * its default when it has one, and is left out otherwise — never sent as
 * `""`, `0` or `false`. A JSON null in @values means the user cleared the
 * field: it is left out, default or not. Keys that are not fields are
 * dropped. Validate first: this does not check the values.
 *
 * Returns: (transfer full): the content object
 *
 * Since: 1.0
 */
JsonObject *
elicit_schema_build_content (ElicitSchema *self,
                             JsonObject   *values)
{
  JsonObject *content;

  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);

  content = json_object_new ();
  for (guint i = 0; i < self->fields->len; i++)
    {
      ElicitField *field = g_ptr_array_index (self->fields, i);
      const char *name = elicit_field_get_name (field);
      JsonNode *value = values != NULL ? json_object_get_member (values, name) : NULL;
      JsonNode *fallback = elicit_field_get_default (field);

      if (value != NULL)
        {
          if (!JSON_NODE_HOLDS_NULL (value))
            json_object_set_member (content, name, export_value (field, value));
        }
      else if (fallback != NULL)
        json_object_set_member (content, name, json_node_copy (fallback));
    }

  return content;
}
