/* elicit-validate.c
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
#include "elicit-schema.h"
#include "elicit-schema-private.h"
#include "elicit-validate.h"

/*
 * Checking what a user entered against a field, with one message a user can
 * read per failing field. Lengths count characters, not bytes; formats are
 * checked with GLib (GUri, GDateTime, GDate, g_hostname_to_ascii()).
 */

/* Formats ------------------------------------------------------------------ */

static gboolean
is_atext (guchar c)
{
  /* RFC 5322 atext, plus UTF-8 (RFC 6531). */
  return g_ascii_isalnum (c) || c >= 0x80 ||
         (c != '\0' && strchr ("!#$%&'*+/=?^_`{|}~-", c) != NULL);
}

static gboolean
is_domain (const char *domain)
{
  g_autofree char *ascii = NULL;
  guint n_labels = 0;
  gboolean numeric = TRUE;
  const char *label;

  if (!g_str_is_ascii (domain))
    {
      ascii = g_hostname_to_ascii (domain);
      if (ascii == NULL)
        return FALSE;
      domain = ascii;
    }

  if (domain[0] == '\0' || strlen (domain) > 253)
    return FALSE;

  for (label = domain; ; )
    {
      const char *end = strchr (label, '.');
      gsize len = end != NULL ? (gsize) (end - label) : strlen (label);

      if (len == 0 || len > 63 || label[0] == '-' || label[len - 1] == '-')
        return FALSE;

      numeric = TRUE;
      for (gsize i = 0; i < len; i++)
        {
          if (!g_ascii_isalnum (label[i]) && label[i] != '-')
            return FALSE;
          if (!g_ascii_isdigit (label[i]))
            numeric = FALSE;
        }

      n_labels++;
      if (end == NULL)
        break;
      label = end + 1;
    }

  /* "user@localhost" is valid for RFC 5321, but in a form it is a typo. */
  return n_labels >= 2 && !numeric;
}

static gboolean
is_email (const char *text)
{
  const char *at = strrchr (text, '@');

  if (at == NULL || at == text || at - text > 64)
    return FALSE;

  if (text[0] == '.' || at[-1] == '.')
    return FALSE;

  for (const char *p = text; p < at; p++)
    {
      if (*p == '.' ? p[1] == '.' : !is_atext ((guchar) *p))
        return FALSE;
    }

  return is_domain (at + 1);
}

static gboolean
is_uri_char (guchar c)
{
  return g_ascii_isalnum (c) ||
         (c != '\0' && strchr ("-._~:/?#[]@!$&'()*+,;=%", c) != NULL);
}

static gboolean
is_uri (const char *text)
{
  static const char * const need_host[] = { "http", "https", "ws", "wss", "ftp", NULL };
  g_autoptr(GUri) uri = NULL;
  const char *host;

  /* GUri accepts spaces and backslashes; RFC 3986 does not. */
  for (const char *p = text; *p != '\0'; p++)
    if (!is_uri_char ((guchar) *p))
      return FALSE;

  uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL)
    return FALSE;

  host = g_uri_get_host (uri);
  if (g_strv_contains (need_host, g_uri_get_scheme (uri)) && (host == NULL || host[0] == '\0'))
    return FALSE;

  return TRUE;
}

static gboolean
read_digits (const char *p,
             guint       n,
             guint      *value)
{
  *value = 0;
  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (p[i]))
        return FALSE;
      *value = *value * 10 + (guint) (p[i] - '0');
    }

  return TRUE;
}

/* YYYY-MM-DD at the start of @text, with plausible ranges. */
static gboolean
read_date (const char *text,
           guint      *year,
           guint      *month,
           guint      *day)
{
  return read_digits (text, 4, year) && text[4] == '-' &&
         read_digits (text + 5, 2, month) && text[7] == '-' &&
         read_digits (text + 8, 2, day) &&
         *month >= 1 && *month <= 12 && *day >= 1 && *day <= 31;
}

typedef enum
{
  DATE_OK,
  DATE_MALFORMED,
  DATE_IMPOSSIBLE,
} DateCheck;

static DateCheck
check_date (const char *text)
{
  guint year, month, day;

  if (strlen (text) != 10 || !read_date (text, &year, &month, &day))
    return DATE_MALFORMED;

  if (!g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year))
    return DATE_IMPOSSIBLE;

  return DATE_OK;
}

/* hh:mm:ss at @p, then an optional fraction; returns past it, or NULL. */
static const char *
read_time (const char *p,
           guint      *second)
{
  guint hour, minute;

  if (!read_digits (p, 2, &hour) || p[2] != ':' ||
      !read_digits (p + 3, 2, &minute) || p[5] != ':' ||
      !read_digits (p + 6, 2, second) ||
      hour > 23 || minute > 59 || *second > 60)
    return NULL;

  p += 8;
  if (*p == '.')
    {
      p++;
      if (!g_ascii_isdigit (*p))
        return NULL;
      while (g_ascii_isdigit (*p))
        p++;
    }

  return p;
}

/* RFC 3339: full-date "T" full-time, with seconds and a mandatory offset. */
static DateCheck
check_date_time (const char *text)
{
  g_autoptr(GDateTime) instant = NULL;
  g_autofree char *copy = NULL;
  guint year, month, day, second, hours, minutes;
  const char *p;

  if (strlen (text) < 20 || !read_date (text, &year, &month, &day) ||
      (text[10] != 'T' && text[10] != 't'))
    return DATE_MALFORMED;

  p = read_time (text + 11, &second);
  if (p == NULL)
    return DATE_MALFORMED;

  if (*p == 'Z' || *p == 'z')
    p++;
  else if ((*p == '+' || *p == '-') &&
           read_digits (p + 1, 2, &hours) && p[3] == ':' && read_digits (p + 4, 2, &minutes) &&
           hours <= 23 && minutes <= 59)
    p += 6;
  else
    return DATE_MALFORMED;

  if (*p != '\0')
    return DATE_MALFORMED;

  /* GDateTime wants upper case, and knows no leap seconds: read :60 as :59. */
  copy = g_ascii_strup (text, -1);
  if (second == 60)
    memcpy (copy + 17, "59", 2);

  instant = g_date_time_new_from_iso8601 (copy, NULL);
  if (instant == NULL)
    return DATE_IMPOSSIBLE;

  return DATE_OK;
}

static char *
date_message (DateCheck   check,
              const char *malformed)
{
  switch (check)
    {
    case DATE_MALFORMED:
      return g_strdup (malformed);
    case DATE_IMPOSSIBLE:
      return g_strdup (_("There is no such date"));
    case DATE_OK:
    default:
      return NULL;
    }
}

/**
 * elicit_validate_text_format:
 * @format: a text format
 * @text: what the user entered
 *
 * Checks @text against @format: an email address (`name@example.com`, the
 * domain may be internationalized), an absolute URI (RFC 3986, checked with
 * [struct@GLib.Uri]; web addresses need a host), a date (`YYYY-MM-DD`, a
 * real calendar date) or an RFC 3339 date and time (with seconds and a time
 * zone, such as `2025-01-31T09:30:00Z`, checked with
 * [struct@GLib.DateTime]).
 *
 * Returns: (transfer full) (nullable): a message a user can read, or %NULL
 *   when @text fits
 *
 * Since: 1.0
 */
char *
elicit_validate_text_format (ElicitTextFormat  format,
                             const char       *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  elicit_ensure_i18n ();

  switch (format)
    {
    case ELICIT_TEXT_FORMAT_EMAIL:
      return is_email (text) ? NULL : g_strdup (_("Must be an email address"));

    case ELICIT_TEXT_FORMAT_URI:
      return is_uri (text) ? NULL : g_strdup (_("Enter a full web address, such as https://example.com"));

    case ELICIT_TEXT_FORMAT_DATE:
      return date_message (check_date (text), _("Must be a date written as YYYY-MM-DD"));

    case ELICIT_TEXT_FORMAT_DATE_TIME:
      return date_message (check_date_time (text),
                           _("Must be a date and time with seconds and a time zone, "
                             "such as 2025-01-31T09:30:00Z"));

    case ELICIT_TEXT_FORMAT_NONE:
    default:
      return NULL;
    }
}

/* Fields ------------------------------------------------------------------- */

/* Plural forms pick on the count, which is written as %s since it is 64-bit. */
static char *
count_text (gint64 count)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, count);
}

/* A match that runs into the cost limits decides nothing: the server judges. */
static gboolean
matches (ElicitPattern *pattern,
         const char    *text)
{
  return elicit_pattern_match (pattern, text) != ELICIT_PATTERN_NO_MATCH;
}

static char *
validate_text (ElicitField *field,
               JsonNode    *value)
{
  const char *text = elicit_node_get_string (value);
  gint64 min_length = elicit_field_get_min_length (field);
  gint64 max_length = elicit_field_get_max_length (field);
  ElicitPattern *regex = elicit_field_get_regex (field);
  g_autofree char *number = NULL;
  char *problem;
  glong length;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return g_strdup (_("Must be text"));

  if (text[0] == '\0' && elicit_field_get_required (field))
    return g_strdup (_("This field is required"));

  length = g_utf8_strlen (text, -1);
  if (min_length >= 0 && length < min_length)
    {
      number = count_text (min_length);
      return g_strdup_printf (g_dngettext (elicit_gettext_domain (),
                                           "Must be at least %s character",
                                           "Must be at least %s characters",
                                           (gulong) min_length),
                              number);
    }
  if (max_length >= 0 && length > max_length)
    {
      number = count_text (max_length);
      return g_strdup_printf (g_dngettext (elicit_gettext_domain (),
                                           "Must be at most %s character",
                                           "Must be at most %s characters",
                                           (gulong) max_length),
                              number);
    }

  problem = elicit_validate_text_format (elicit_field_get_format (field), text);
  if (problem != NULL)
    return problem;

  if (regex != NULL && !matches (regex, text))
    return g_strdup (_("Does not match the expected pattern"));

  return NULL;
}

static char *
validate_number (ElicitField *field,
                 JsonNode    *value)
{
  gboolean integer = elicit_field_get_kind (field) == ELICIT_FIELD_KIND_INTEGER;
  double number, bound;
  gboolean is_int;

  if (!elicit_node_get_number (value, &number, &is_int))
    return g_strdup (integer ? _("Must be a whole number") : _("Must be a number"));

  if (integer && !is_int && number != floor (number))
    return g_strdup (_("Must be a whole number"));

  if (elicit_field_get_minimum (field, &bound) && number < bound)
    {
      g_autofree char *text = elicit_schema_format_number (bound);

      return g_strdup_printf (_("Must be at least %s"), text);
    }

  if (elicit_field_get_maximum (field, &bound) && number > bound)
    {
      g_autofree char *text = elicit_schema_format_number (bound);

      return g_strdup_printf (_("Must be at most %s"), text);
    }

  return NULL;
}

static char *
validate_choice (ElicitField *field,
                 JsonNode    *value)
{
  const char *text = elicit_node_get_string (value);

  if (text == NULL || !elicit_field_find_option (field, text, NULL))
    return g_strdup (_("Must be one of the options"));

  return NULL;
}

static char *
validate_choices (ElicitField *field,
                  JsonNode    *value)
{
  g_autoptr(GHashTable) chosen = NULL;
  JsonArray *list = elicit_node_get_array (value);
  gint64 min_items = elicit_field_get_min_items (field);
  gint64 max_items = elicit_field_get_max_items (field);
  g_autofree char *number = NULL;
  guint n;

  if (list == NULL)
    return g_strdup (_("Must be a list of options"));

  n = json_array_get_length (list);
  chosen = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (list, i);
      const char *text = elicit_node_get_string (element);
      guint position;

      if (text == NULL)
        return g_strdup (_("Must be a list of options"));
      if (!elicit_field_find_option (field, text, &position))
        return g_strdup (_("Every choice must be one of the options"));
      if (!g_hash_table_add (chosen, GUINT_TO_POINTER (position + 1)))
        return g_strdup (_("Each option can be chosen only once"));
    }

  if (min_items >= 0 && n < min_items)
    {
      number = count_text (min_items);
      return g_strdup_printf (g_dngettext (elicit_gettext_domain (),
                                           "Choose at least %s option",
                                           "Choose at least %s options",
                                           (gulong) min_items),
                              number);
    }
  if (max_items >= 0 && n > max_items)
    {
      number = count_text (max_items);
      return g_strdup_printf (g_dngettext (elicit_gettext_domain (),
                                           "Choose at most %s option",
                                           "Choose at most %s options",
                                           (gulong) max_items),
                              number);
    }

  return NULL;
}

/**
 * elicit_field_validate_value:
 * @self: a field
 * @value: (nullable): the value to check, or %NULL when there is none
 *
 * Checks one value against the field: its JSON type, then its constraints.
 * A missing value is only a problem when the field is required; so is an
 * empty text, since a form shows an empty required text box as missing. (An
 * optional text field the user emptied is best left out of the values.)
 *
 * Returns: (transfer full) (nullable): a message a user can read, or %NULL
 *   when @value is valid
 *
 * Since: 1.0
 */
char *
elicit_field_validate_value (ElicitField *self,
                             JsonNode    *value)
{
  g_return_val_if_fail (ELICIT_IS_FIELD (self), NULL);

  elicit_ensure_i18n ();

  if (value == NULL)
    return elicit_field_get_required (self) ? g_strdup (_("This field is required")) : NULL;

  switch (elicit_field_get_kind (self))
    {
    case ELICIT_FIELD_KIND_TEXT:
      return validate_text (self, value);

    case ELICIT_FIELD_KIND_NUMBER:
    case ELICIT_FIELD_KIND_INTEGER:
      return validate_number (self, value);

    case ELICIT_FIELD_KIND_BOOLEAN:
      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN)
        return NULL;
      return g_strdup (_("Must be true or false"));

    case ELICIT_FIELD_KIND_CHOICE:
      return validate_choice (self, value);

    case ELICIT_FIELD_KIND_MULTI_CHOICE:
      return validate_choices (self, value);

    default:
      return NULL;
    }
}

/* Schemas ------------------------------------------------------------------ */

/**
 * elicit_schema_validate:
 * @self: a schema
 * @content: (nullable): the content to check, by property name
 *
 * Checks content against every field, as elicit_field_validate_value()
 * does, and reports keys that are not fields.
 *
 * Returns: (transfer full) (element-type utf8 utf8): property name → message
 *   for each field that fails; empty when @content is valid
 *
 * Since: 1.0
 */
GHashTable *
elicit_schema_validate (ElicitSchema *self,
                        JsonObject   *content)
{
  GListModel *fields;
  GHashTable *problems;
  guint n;

  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), NULL);

  elicit_ensure_i18n ();

  problems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  fields = elicit_schema_get_fields (self);
  n = g_list_model_get_n_items (fields);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      const char *name = elicit_field_get_name (field);
      JsonNode *value = content != NULL ? json_object_get_member (content, name) : NULL;
      char *problem = elicit_field_validate_value (field, value);

      if (problem != NULL)
        g_hash_table_insert (problems, g_strdup (name), problem);
    }

  if (content != NULL)
    {
      g_autoptr(GList) names = json_object_get_members (content);

      for (const GList *l = names; l != NULL; l = l->next)
        if (elicit_schema_get_field (self, l->data) == NULL)
          g_hash_table_insert (problems, g_strdup (l->data), g_strdup (_("Not a field of this form")));
    }

  return problems;
}

static void
append_problem (GString    *out,
                const char *name,
                const char *problem)
{
  g_autofree char *shown = elicit_schema_display_text (name);

  if (out->len > 0)
    g_string_append (out, "; ");
  /* Translators: a field's name, then what is wrong with its value */
  g_string_append_printf (out, _("“%s”: %s"), shown, problem);
}

/**
 * elicit_schema_check_content:
 * @self: a schema
 * @content: (nullable): the content to check
 * @error: where to report what does not fit
 *
 * Like elicit_schema_validate(), but as one error: the message lists each
 * failing field (in the schema's order, then unknown keys) with its problem.
 *
 * Returns: %TRUE when @content is valid; %FALSE with
 *   [error@SchemaError.INVALID_CONTENT] otherwise
 *
 * Since: 1.0
 */
gboolean
elicit_schema_check_content (ElicitSchema  *self,
                             JsonObject    *content,
                             GError       **error)
{
  g_autoptr(GHashTable) problems = NULL;
  g_autoptr(GString) details = NULL;
  GListModel *fields;
  guint n;

  g_return_val_if_fail (ELICIT_IS_SCHEMA (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  problems = elicit_schema_validate (self, content);
  if (g_hash_table_size (problems) == 0)
    return TRUE;

  details = g_string_new (NULL);
  fields = elicit_schema_get_fields (self);
  n = g_list_model_get_n_items (fields);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      const char *name = elicit_field_get_name (field);
      const char *problem = g_hash_table_lookup (problems, name);

      if (problem != NULL)
        append_problem (details, name, problem);
    }

  if (content != NULL)
    {
      g_autoptr(GList) names = json_object_get_members (content);

      for (const GList *l = names; l != NULL; l = l->next)
        if (elicit_schema_get_field (self, l->data) == NULL)
          append_problem (details, l->data, g_hash_table_lookup (problems, l->data));
    }

  g_set_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_CONTENT,
               _("The content does not fit the form: %s"), details->str);
  return FALSE;
}
