/* test-validate.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <locale.h>
#include <string.h>

/* The schema layer alone, without the GTK that <elicit.h> brings. */
#include "elicit-field.h"
#include "elicit-json-private.h"
#include "elicit-schema.h"
#include "elicit-validate.h"

/* Values and schemas in tests are written with single quotes, for legibility. */
static JsonNode *
parse_sq (const char *text)
{
  g_autofree char *json = g_strdup (text);
  g_autoptr(GError) error = NULL;
  JsonNode *node;

  g_strdelimit (json, "'", '"');
  node = elicit_json_parse (json, -1, 0, &error);
  g_assert_no_error (error);

  return node;
}

static ElicitSchema *
schema_sq (const char *text)
{
  g_autoptr(JsonNode) node = parse_sq (text);
  g_autoptr(GError) error = NULL;
  ElicitSchema *schema;

  schema = elicit_schema_new_from_json (json_node_get_object (node), &error);
  g_assert_no_error (error);

  return schema;
}

static const char form_schema[] =
  "{'type':'object','properties':{"
  "'name':{'type':'string','minLength':2,'maxLength':5},"
  "'nick':{'type':'string','maxLength':1},"
  "'email':{'type':'string','format':'email'},"
  "'site':{'type':'string','format':'uri'},"
  "'day':{'type':'string','format':'date'},"
  "'when':{'type':'string','format':'date-time'},"
  "'code':{'type':'string','pattern':'^[A-Z]{3}$'},"
  "'part':{'type':'string','pattern':'b+'},"
  "'hex':{'type':'string','pattern':'^\\\\u0041[0-9a-f]*$'},"
  "'slow':{'type':'string','pattern':'(a+)+$'},"
  "'bio':{'type':'string','maxLength':500},"
  "'age':{'type':'integer','minimum':13,'maximum':120},"
  "'ratio':{'type':'number','minimum':0,'maximum':1.5},"
  "'count':{'type':'integer'},"
  "'agree':{'type':'boolean'},"
  "'color':{'type':'string','enum':['red','green']},"
  "'tags':{'type':'array','items':{'enum':['a','b','c']},'minItems':1,'maxItems':2},"
  "'pair':{'type':'array','items':{'enum':['x','y','z']},'minItems':2},"
  "'one':{'type':'array','items':{'anyOf':[{'const':'x','title':'X'},{'const':'y','title':'Y'}]},'maxItems':1}"
  "},'required':['name','age']}";

static ElicitSchema *the_schema;

/* Content, field by field ------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *field;
  const char *value;     /* single-quoted JSON, or NULL for missing */
  const char *message;   /* NULL when valid */
} Case;

#define DATE_TIME_FORM "Must be a date and time with seconds and a time zone, such as 2025-01-31T09:30:00Z"
#define URI_FORM "Enter a full web address, such as https://example.com"
#define DATE_FORM "Must be a date written as YYYY-MM-DD"

static const Case cases[] = {
  /* Required text, lengths in characters. */
  { "text-of-three-letters-is-valid", "name", "'Bob'", NULL },
  { "required-text-missing", "name", NULL, "This field is required" },
  { "required-text-empty", "name", "''", "This field is required" },
  { "text-too-short", "name", "'B'", "Must be at least 2 characters" },
  { "text-too-long", "name", "'Bobbyy'", "Must be at most 5 characters" },
  { "accented-text-counts-characters", "name", "'Zoë'", NULL },
  { "chinese-text-counts-characters-not-bytes", "name", "'王小明'", NULL },
  { "one-chinese-character-is-too-short", "name", "'中'", "Must be at least 2 characters" },
  { "five-emoji-fit", "name", "'😀😀😀😀😀'", NULL },
  { "six-emoji-are-too-long", "name", "'😀😀😀😀😀😀'", "Must be at most 5 characters" },
  { "combining-accent-counts-as-a-character", "name", "'e\\u0301e\\u0301e\\u0301'", "Must be at most 5 characters" },
  { "number-for-text", "name", "5", "Must be text" },
  { "null-for-text", "name", "null", "Must be text" },
  { "list-for-text", "name", "['Bob']", "Must be text" },
  { "optional-text-missing", "nick", NULL, NULL },
  { "optional-text-empty", "nick", "''", NULL },
  { "singular-length-message", "nick", "'ab'", "Must be at most 1 character" },
  /* Email. */
  { "email-valid", "email", "'octocat@github.com'", NULL },
  { "email-with-plus-and-subdomains", "email", "'user.name+tag@sub.example.co.uk'", NULL },
  { "email-internationalized", "email", "'用户@例子.广告'", NULL },
  { "email-without-a-dot-in-the-domain", "email", "'user@example'", "Must be an email address" },
  { "email-with-two-at-signs", "email", "'user@@example.com'", "Must be an email address" },
  { "email-without-local-part", "email", "'@example.com'", "Must be an email address" },
  { "email-with-a-space", "email", "'user@exa mple.com'", "Must be an email address" },
  { "email-with-leading-dot", "email", "'.user@example.com'", "Must be an email address" },
  { "email-with-two-dots", "email", "'us..er@example.com'", "Must be an email address" },
  { "email-with-numeric-top-level-domain", "email", "'user@10.0.0.1'", "Must be an email address" },
  { "email-with-hyphen-at-label-edge", "email", "'user@-example.com'", "Must be an email address" },
  /* URI. */
  { "uri-valid", "site", "'https://example.com/path?q=1#top'", NULL },
  { "uri-mailto", "site", "'mailto:octocat@github.com'", NULL },
  { "uri-urn", "site", "'urn:isbn:0451450523'", NULL },
  { "uri-ipv6", "site", "'http://[::1]:8080/'", NULL },
  { "uri-relative", "site", "'example.com'", URI_FORM },
  { "uri-with-a-space", "site", "'https://exa mple.com'", URI_FORM },
  { "uri-without-host", "site", "'https://'", URI_FORM },
  { "uri-with-backslash", "site", "'https://evil.example\\\\@good.com'", URI_FORM },
  { "uri-with-bad-percent-encoding", "site", "'http://%zz'", URI_FORM },
  { "uri-with-non-ascii", "site", "'https://例子.广告'", URI_FORM },
  /* Date. */
  { "date-valid", "day", "'2025-01-31'", NULL },
  { "date-leap-day", "day", "'2024-02-29'", NULL },
  { "date-february-29-of-a-common-year", "day", "'2025-02-29'", "There is no such date" },
  { "date-april-31", "day", "'2025-04-31'", "There is no such date" },
  { "date-1900-is-not-a-leap-year", "day", "'1900-02-29'", "There is no such date" },
  { "date-2000-is-a-leap-year", "day", "'2000-02-29'", NULL },
  { "date-month-13", "day", "'2025-13-01'", DATE_FORM },
  { "date-without-leading-zero", "day", "'2025-1-01'", DATE_FORM },
  { "date-with-a-time", "day", "'2025-01-31T00:00:00Z'", DATE_FORM },
  { "date-with-slashes", "day", "'2025/01/31'", DATE_FORM },
  /* Date and time, RFC 3339. */
  { "date-time-valid", "when", "'2025-01-31T09:30:00Z'", NULL },
  { "date-time-lower-case", "when", "'2025-01-31t09:30:00z'", NULL },
  { "date-time-with-fraction-and-offset", "when", "'2025-01-31T09:30:00.123456789+05:30'", NULL },
  { "date-time-with-negative-offset", "when", "'2025-01-31T09:30:00-08:00'", NULL },
  { "date-time-leap-second", "when", "'2016-12-31T23:59:60Z'", NULL },
  { "date-time-without-offset", "when", "'2025-01-31T09:30:00'", DATE_TIME_FORM },
  { "date-time-without-seconds", "when", "'2025-01-31T09:30Z'", DATE_TIME_FORM },
  { "date-time-with-a-space", "when", "'2025-01-31 09:30:00Z'", DATE_TIME_FORM },
  { "date-time-hour-24", "when", "'2025-01-31T24:00:00Z'", DATE_TIME_FORM },
  { "date-time-short-offset", "when", "'2025-01-31T09:30:00+5:30'", DATE_TIME_FORM },
  { "date-time-empty-fraction", "when", "'2025-01-31T09:30:00.Z'", DATE_TIME_FORM },
  { "date-time-on-an-impossible-date", "when", "'2025-02-29T09:30:00Z'", "There is no such date" },
  /* Pattern: ECMAScript style, not anchored. */
  { "pattern-matched", "code", "'ABC'", NULL },
  { "pattern-too-long", "code", "'ABCD'", "Does not match the expected pattern" },
  { "pattern-lower-case", "code", "'abc'", "Does not match the expected pattern" },
  { "pattern-dollar-is-the-very-end", "code", "'ABC\\n'", "Does not match the expected pattern" },
  { "pattern-is-a-search", "part", "'abba'", NULL },
  { "pattern-search-fails", "part", "'acca'", "Does not match the expected pattern" },
  { "pattern-with-unicode-escape", "hex", "'A0f'", NULL },
  { "pattern-with-unicode-escape-fails", "hex", "'B0f'", "Does not match the expected pattern" },
  { "pattern-too-slow-to-decide-is-left-to-the-server", "slow", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'", NULL },
  /* Integers. */
  { "integer-valid", "age", "30", NULL },
  { "integer-at-the-minimum", "age", "13", NULL },
  { "integer-at-the-maximum", "age", "120", NULL },
  { "integer-as-a-whole-double", "age", "30.0", NULL },
  { "integer-with-decimals", "age", "30.5", "Must be a whole number" },
  { "integer-as-text", "age", "'30'", "Must be a whole number" },
  { "integer-below-the-minimum", "age", "12", "Must be at least 13" },
  { "integer-above-the-maximum", "age", "121", "Must be at most 120" },
  { "required-integer-missing", "age", NULL, "This field is required" },
  { "integer-without-bounds-past-2-to-the-53", "count", "9007199254740993", NULL },
  { "integer-as-a-huge-whole-double", "count", "1e300", NULL },
  { "integer-as-boolean", "count", "true", "Must be a whole number" },
  /* Numbers. */
  { "number-at-the-maximum", "ratio", "1.5", NULL },
  { "number-above-the-maximum", "ratio", "1.6", "Must be at most 1.5" },
  { "number-below-the-minimum", "ratio", "-0.1", "Must be at least 0" },
  { "number-as-an-integer", "ratio", "1", NULL },
  { "number-as-text", "ratio", "'1'", "Must be a number" },
  { "number-as-boolean", "ratio", "true", "Must be a number" },
  /* Booleans. */
  { "boolean-true", "agree", "true", NULL },
  { "boolean-false", "agree", "false", NULL },
  { "boolean-as-text", "agree", "'yes'", "Must be true or false" },
  { "boolean-as-number", "agree", "1", "Must be true or false" },
  /* Single choice. */
  { "choice-valid", "color", "'red'", NULL },
  { "choice-unknown", "color", "'blue'", "Must be one of the options" },
  { "choice-is-case-sensitive", "color", "'Red'", "Must be one of the options" },
  { "choice-as-number", "color", "1", "Must be one of the options" },
  { "choice-as-list", "color", "['red']", "Must be one of the options" },
  /* Multiple choice. */
  { "choices-valid", "tags", "['a','c']", NULL },
  { "choices-missing-when-optional", "tags", NULL, NULL },
  { "choices-none-below-min-items", "tags", "[]", "Choose at least 1 option" },
  { "choices-too-many", "tags", "['a','b','c']", "Choose at most 2 options" },
  { "choices-repeated", "tags", "['a','a']", "Each option can be chosen only once" },
  { "choices-unknown", "tags", "['d']", "Every choice must be one of the options" },
  { "choices-not-a-list", "tags", "'a'", "Must be a list of options" },
  { "choices-with-a-number", "tags", "[1]", "Must be a list of options" },
  { "choices-plural-minimum", "pair", "['x']", "Choose at least 2 options" },
  { "choices-singular-maximum", "one", "['x','y']", "Choose at most 1 option" },
  { "titled-choices-by-value", "one", "['y']", NULL },
  { "titled-choices-by-title-are-wrong", "one", "['Y']", "Every choice must be one of the options" },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  ElicitField *field = elicit_schema_get_field (the_schema, c->field);
  g_autoptr(JsonNode) value = c->value != NULL ? parse_sq (c->value) : NULL;
  g_autofree char *message = NULL;

  g_assert_nonnull (field);
  message = elicit_field_validate_value (field, value);
  g_assert_cmpstr (message, ==, c->message);
}

static void
test_megabyte_text (void)
{
  ElicitField *field = elicit_schema_get_field (the_schema, "bio");
  g_autofree char *text = g_strnfill (1024 * 1024, 'x');
  g_autoptr(JsonNode) value = json_node_new (JSON_NODE_VALUE);
  g_autofree char *message = NULL;

  json_node_set_string (value, text);
  message = elicit_field_validate_value (field, value);
  g_assert_cmpstr (message, ==, "Must be at most 500 characters");
}

static void
test_invalid_utf8_text (void)
{
  ElicitField *field = elicit_schema_get_field (the_schema, "nick");
  g_autoptr(JsonNode) value = json_node_new (JSON_NODE_VALUE);
  g_autofree char *message = NULL;

  json_node_set_string (value, "\xff");
  message = elicit_field_validate_value (field, value);
  g_assert_cmpstr (message, ==, "Must be text");
}

static void
test_text_formats (void)
{
  static const struct
  {
    ElicitTextFormat  format;
    const char       *text;
    const char       *message;
  } formats[] = {
    { ELICIT_TEXT_FORMAT_NONE, "anything at all", NULL },
    { ELICIT_TEXT_FORMAT_NONE, "", NULL },
    { ELICIT_TEXT_FORMAT_EMAIL, "a@b.co", NULL },
    { ELICIT_TEXT_FORMAT_EMAIL, "", "Must be an email address" },
    { ELICIT_TEXT_FORMAT_URI, "https://example.com", NULL },
    { ELICIT_TEXT_FORMAT_URI, "", URI_FORM },
    { ELICIT_TEXT_FORMAT_DATE, "1999-12-31", NULL },
    { ELICIT_TEXT_FORMAT_DATE, "0000-01-01", "There is no such date" },
    { ELICIT_TEXT_FORMAT_DATE, "", DATE_FORM },
    { ELICIT_TEXT_FORMAT_DATE_TIME, "1999-12-31T23:59:59+14:00", NULL },
    { ELICIT_TEXT_FORMAT_DATE_TIME, "1999-12-31T23:59:59+24:00", DATE_TIME_FORM },
    { ELICIT_TEXT_FORMAT_DATE_TIME, "", DATE_TIME_FORM },
  };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *message = elicit_validate_text_format (formats[i].format, formats[i].text);

      g_assert_cmpstr (message, ==, formats[i].message);
    }
}

/* Whole content -------------------------------------------------------------- */

static void
test_schema_validate (void)
{
  g_autoptr(JsonNode) content = parse_sq ("{'name':'B','age':30,'email':'nope','extra':1}");
  g_autoptr(GHashTable) problems = NULL;

  problems = elicit_schema_validate (the_schema, json_node_get_object (content));
  g_assert_cmpuint (g_hash_table_size (problems), ==, 3);
  g_assert_cmpstr (g_hash_table_lookup (problems, "name"), ==, "Must be at least 2 characters");
  g_assert_cmpstr (g_hash_table_lookup (problems, "email"), ==, "Must be an email address");
  g_assert_cmpstr (g_hash_table_lookup (problems, "extra"), ==, "Not a field of this form");
}

static void
test_schema_validate_empty (void)
{
  g_autoptr(GHashTable) from_null = elicit_schema_validate (the_schema, NULL);
  g_autoptr(JsonObject) empty = json_object_new ();
  g_autoptr(GHashTable) from_empty = elicit_schema_validate (the_schema, empty);

  g_assert_cmpuint (g_hash_table_size (from_null), ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (from_null, "name"), ==, "This field is required");
  g_assert_cmpstr (g_hash_table_lookup (from_null, "age"), ==, "This field is required");
  g_assert_cmpuint (g_hash_table_size (from_empty), ==, 2);
}

static void
test_check_content (void)
{
  g_autoptr(JsonNode) good = parse_sq ("{'name':'Bob','age':30,'tags':['a']}");
  g_autoptr(JsonNode) bad = parse_sq ("{'zzz':true,'age':3,'day':'2025-02-29'}");
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_schema_check_content (the_schema, json_node_get_object (good), &error));
  g_assert_no_error (error);

  g_assert_false (elicit_schema_check_content (the_schema, json_node_get_object (bad), &error));
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_CONTENT);
  g_assert_cmpstr (error->message, ==,
                   "The content does not fit the form: “name”: This field is required; "
                   "“day”: There is no such date; “age”: Must be at least 13; "
                   "“zzz”: Not a field of this form");
}

/* Building content ------------------------------------------------------------ */

static const char defaults_schema[] =
  "{'type':'object','properties':{"
  "'title':{'type':'string','default':'Hello'},"
  "'note':{'type':'string'},"
  "'count':{'type':'integer','default':3},"
  "'ratio':{'type':'number'},"
  "'flag':{'type':'boolean'},"
  "'on':{'type':'boolean','default':false},"
  "'color':{'type':'string','enum':['r','g'],'default':'g'},"
  "'tags':{'type':'array','items':{'enum':['a','b']}},"
  "'bad':{'type':'integer','default':'x'},"
  "'id':{'type':'integer','default':9007199254740993}"
  "}}";

typedef struct
{
  const char *path;
  const char *values;   /* single-quoted JSON object, or NULL */
  const char *content;  /* the JSON written out */
} Build;

#define DEFAULTS "'title':'Hello','count':3,'on':false,'color':'g','id':9007199254740993"

static const Build builds[] = {
  { "nothing-touched-sends-only-defaults", NULL,
    "{" DEFAULTS "}" },
  { "empty-values-send-only-defaults", "{}",
    "{" DEFAULTS "}" },
  { "touched-values-replace-defaults", "{'title':'Bye','on':true,'color':'r'}",
    "{'title':'Bye','count':3,'on':true,'color':'r','id':9007199254740993}" },
  { "untouched-fields-without-default-are-left-out", "{'note':'n'}",
    "{'title':'Hello','note':'n','count':3,'on':false,'color':'g','id':9007199254740993}" },
  { "false-and-empty-are-sent-when-chosen", "{'note':'','flag':false,'tags':[]}",
    "{'title':'Hello','note':'','count':3,'flag':false,'on':false,'color':'g','tags':[],"
    "'id':9007199254740993}" },
  { "whole-double-for-an-integer-goes-out-as-an-integer", "{'count':4.0}",
    "{'title':'Hello','count':4,'on':false,'color':'g','id':9007199254740993}" },
  { "number-keeps-its-type", "{'ratio':2.0}",
    "{" "'title':'Hello','count':3,'ratio':2.0,'on':false,'color':'g','id':9007199254740993}" },
  { "number-given-as-an-integer-stays-an-integer", "{'ratio':2}",
    "{'title':'Hello','count':3,'ratio':2,'on':false,'color':'g','id':9007199254740993}" },
  { "huge-whole-double-stays-a-double", "{'count':1e300}",
    "{'title':'Hello','count':1e+300,'on':false,'color':'g','id':9007199254740993}" },
  { "null-means-cleared-even-with-a-default", "{'title':null,'count':null}",
    "{'on':false,'color':'g','id':9007199254740993}" },
  { "keys-that-are-not-fields-are-dropped", "{'extra':1,'bad':2}",
    "{'title':'Hello','count':3,'on':false,'color':'g','bad':2,'id':9007199254740993}" },
  { "order-is-the-schema-order", "{'tags':['b'],'note':'z','ratio':0.5}",
    "{'title':'Hello','note':'z','count':3,'ratio':0.5,'on':false,'color':'g','tags':['b'],"
    "'id':9007199254740993}" },
};

static void
test_build (gconstpointer data)
{
  const Build *build = data;
  g_autoptr(ElicitSchema) schema = schema_sq (defaults_schema);
  g_autoptr(JsonNode) values = build->values != NULL ? parse_sq (build->values) : NULL;
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *written = NULL;
  g_autofree char *expected = g_strdup (build->content);

  g_strdelimit (expected, "'", '"');
  content = elicit_schema_build_content (schema, values != NULL ? json_node_get_object (values) : NULL);
  json_node_set_object (node, content);
  written = elicit_json_to_string (node, NULL);
  g_assert_cmpstr (written, ==, expected);
}

static void
test_defaults_are_valid_content (void)
{
  g_autoptr(ElicitSchema) schema = schema_sq (defaults_schema);
  g_autoptr(JsonObject) content = elicit_schema_build_content (schema, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (elicit_schema_check_content (schema, content, &error));
  g_assert_no_error (error);
}

static void
test_build_from_seed_fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "seed-user-registration.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(JsonNode) values = parse_sq ("{'username':'octocat','email':'octocat@github.com',"
                                         "'age':30.0,'country':'jp'}");
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *written = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  schema = elicit_schema_new_from_data (contents, -1, &error);
  g_assert_no_error (error);

  content = elicit_schema_build_content (schema, json_node_get_object (values));
  g_assert_true (elicit_schema_check_content (schema, content, &error));
  json_node_set_object (node, content);
  written = elicit_json_to_string (node, NULL);
  g_assert_cmpstr (written, ==,
                   "{\"username\":\"octocat\",\"email\":\"octocat@github.com\",\"age\":30,"
                   "\"country\":\"jp\",\"newsletter\":false}");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  the_schema = schema_sq (form_schema);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Validate/%s/%s", cases[i].field, cases[i].path);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/Elicit/Validate/megabyte-text-is-measured", test_megabyte_text);
  g_test_add_func ("/Elicit/Validate/text-that-is-not-utf8-is-refused", test_invalid_utf8_text);
  g_test_add_func ("/Elicit/Validate/text-formats-checked-on-their-own", test_text_formats);
  g_test_add_func ("/Elicit/Validate/content-gets-one-message-per-field", test_schema_validate);
  g_test_add_func ("/Elicit/Validate/empty-content-misses-the-required-fields", test_schema_validate_empty);
  g_test_add_func ("/Elicit/Validate/check-content-lists-every-problem-in-order", test_check_content);

  for (guint i = 0; i < G_N_ELEMENTS (builds); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Content/%s", builds[i].path);

      g_test_add_data_func (path, &builds[i], test_build);
    }
  g_test_add_func ("/Elicit/Content/defaults-make-valid-content", test_defaults_are_valid_content);
  g_test_add_func ("/Elicit/Content/seed-registration-form-content", test_build_from_seed_fixture);

  status = g_test_run ();
  g_clear_object (&the_schema);

  return status;
}
