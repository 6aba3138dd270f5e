/* test-schema.c
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
#include "elicit-option.h"
#include "elicit-schema.h"
#include "elicit-schema-enums.h"
#include "elicit-validate.h"

/* Helpers ------------------------------------------------------------------ */

/* Schemas in tests are written with single quotes, for legibility. */
static char *
sq (const char *text)
{
  char *json = g_strdup (text);

  g_strdelimit (json, "'", '"');
  return json;
}

static ElicitSchema *
parse_sq (const char  *text,
          GError     **error)
{
  g_autofree char *json = sq (text);

  return elicit_schema_new_from_data (json, -1, error);
}

static const char *
nick (GType type,
      int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);

  return g_enum_get_value (klass, value)->value_nick;
}

/* One line that says everything about a field, for exact comparisons. */
static char *
describe_field (ElicitField *field)
{
  GString *out = g_string_new (elicit_field_get_name (field));
  GListModel *options = elicit_field_get_options (field);
  guint n_options = g_list_model_get_n_items (options);
  double bound;

  g_string_append_printf (out, " %s", nick (ELICIT_TYPE_FIELD_KIND, elicit_field_get_kind (field)));
  if (elicit_field_get_required (field))
    g_string_append (out, " required");
  if (elicit_field_get_title (field) != NULL)
    g_string_append_printf (out, " title=“%s”", elicit_field_get_title (field));
  if (elicit_field_get_description (field) != NULL)
    g_string_append_printf (out, " description=“%s”", elicit_field_get_description (field));
  if (elicit_field_get_min_length (field) >= 0)
    g_string_append_printf (out, " min-length=%" G_GINT64_FORMAT, elicit_field_get_min_length (field));
  if (elicit_field_get_max_length (field) >= 0)
    g_string_append_printf (out, " max-length=%" G_GINT64_FORMAT, elicit_field_get_max_length (field));
  if (elicit_field_get_pattern (field) != NULL)
    g_string_append_printf (out, " pattern=“%s”", elicit_field_get_pattern (field));
  if (elicit_field_get_format (field) != ELICIT_TEXT_FORMAT_NONE)
    g_string_append_printf (out, " format=%s", nick (ELICIT_TYPE_TEXT_FORMAT, elicit_field_get_format (field)));
  if (elicit_field_get_minimum (field, &bound))
    g_string_append_printf (out, " minimum=%.17g", bound);
  if (elicit_field_get_maximum (field, &bound))
    g_string_append_printf (out, " maximum=%.17g", bound);
  if (elicit_field_get_min_items (field) >= 0)
    g_string_append_printf (out, " min-items=%" G_GINT64_FORMAT, elicit_field_get_min_items (field));
  if (elicit_field_get_max_items (field) >= 0)
    g_string_append_printf (out, " max-items=%" G_GINT64_FORMAT, elicit_field_get_max_items (field));
  if (elicit_field_get_default (field) != NULL)
    {
      g_autofree char *json = elicit_json_to_string (elicit_field_get_default (field), NULL);

      g_string_append_printf (out, " default=%s", json);
    }

  if (n_options > 0)
    {
      g_string_append (out, " options=[");
      for (guint i = 0; i < n_options; i++)
        {
          g_autoptr(ElicitOption) option = g_list_model_get_item (options, i);

          g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", elicit_option_get_value (option));
          if (elicit_option_get_title (option) != NULL)
            g_string_append_printf (out, " “%s”", elicit_option_get_title (option));
        }
      g_string_append_c (out, ']');
    }

  return g_string_free (out, FALSE);
}

static void
assert_fields (ElicitSchema       *schema,
               const char * const *expected)
{
  GListModel *fields = elicit_schema_get_fields (schema);
  guint n = g_list_model_get_n_items (fields);

  g_assert_cmpuint (n, ==, g_strv_length ((char **) expected));
  g_assert_cmpuint (elicit_schema_get_n_fields (schema), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);
      g_autofree char *described = describe_field (field);

      g_assert_cmpstr (described, ==, expected[i]);
      g_assert_true (elicit_schema_get_field (schema, elicit_field_get_name (field)) == field);
    }
}

static void
assert_warnings (ElicitSchema       *schema,
                 const char * const *expected)
{
  const char * const *warnings = elicit_schema_get_warnings (schema);
  guint n = g_strv_length ((char **) warnings);

  for (guint i = 0; i < n && expected[i] != NULL; i++)
    g_assert_cmpstr (warnings[i], ==, expected[i]);
  g_assert_cmpuint (n, ==, g_strv_length ((char **) expected));
}

#define NONE ((const char * const[]) { NULL })

/* Fixtures from the seeds and the specification ---------------------------- */

typedef struct
{
  const char         *file;
  const char * const *fields;
  const char * const *warnings;
} Fixture;

#define STRV(...) ((const char * const[]) { __VA_ARGS__, NULL })

#define COLOR_TITLES "title=“Color Selection” description=“Choose your favorite color”"
#define COLORS_TITLES "title=“Color Selection” description=“Choose your favorite colors”"
#define HEX_OPTIONS "options=[#FF0000 “Red”, #00FF00 “Green”, #0000FF “Blue”]"
#define ZH_HEX_OPTIONS "options=[#FF0000 “红色”, #00FF00 “绿色”, #0000FF “蓝色”]"
#define RGB_OPTIONS "options=[Red, Green, Blue]"
#define DISPLAY "title=“Display Name” description=“Description text”"

static const Fixture fixtures[] = {
  { "seed-sep1330-untitled-single.json",
    STRV ("color choice " COLOR_TITLES " default=\"Green\" " RGB_OPTIONS),
    NONE },
  /* The seed's own example gives a title as the default, not a value: dropped. */
  { "seed-sep1330-legacy-titled.json",
    STRV ("color choice " COLOR_TITLES " " HEX_OPTIONS),
    STRV ("Property “color”: “default” dropped: Must be one of the options") },
  { "seed-sep1330-titled-single.json",
    STRV ("color choice " COLOR_TITLES " default=\"#00FF00\" " HEX_OPTIONS),
    NONE },
  { "seed-sep1330-untitled-multi.json",
    STRV ("colors multi-choice " COLORS_TITLES " min-items=1 max-items=3 default=[\"Green\"] " RGB_OPTIONS),
    NONE },
  { "seed-sep1330-titled-multi.json",
    STRV ("colors multi-choice " COLORS_TITLES " min-items=1 max-items=3 " HEX_OPTIONS),
    STRV ("Property “colors”: “default” dropped: Every choice must be one of the options") },
  { "seed-sep1330-titled-multi-oneof.json",
    STRV ("colors multi-choice title=“Color Selection” min-items=1 max-items=3 default=[\"#00FF00\"] " HEX_OPTIONS),
    NONE },
  { "seed-zh-enum-examples.json",
    STRV ("color choice required title=“颜色选择” description=“选择你最喜欢的颜色” default=\"Green\" " RGB_OPTIONS,
          "legacyColor choice title=“颜色选择（遗留）” description=“选择你最喜欢的颜色” " ZH_HEX_OPTIONS,
          "titledColor choice title=“颜色选择（带标题）” description=“选择你最喜欢的颜色” default=\"#00FF00\" "
          ZH_HEX_OPTIONS,
          "colors multi-choice title=“多种颜色” description=“选择你最喜欢的颜色（可多选）” min-items=1 max-items=3 "
          "default=[\"Green\"] " RGB_OPTIONS,
          "titledColors multi-choice title=“多种颜色（带标题）” description=“选择你最喜欢的颜色（可多选）” "
          "min-items=1 max-items=3 default=[\"#00FF00\"] " ZH_HEX_OPTIONS,
          "nickname text required title=“昵称” description=“两到八个字” min-length=2 max-length=8 default=\"小明\""),
    STRV ("Property “legacyColor”: “default” dropped: Must be one of the options") },
  { "seed-draft-simple-text.json",
    STRV ("name text required"),
    NONE },
  { "seed-draft-structured.json",
    STRV ("name text required description=“Your full name”",
          "email text required description=“Your email address” format=email",
          "age number description=“Your age” minimum=18"),
    NONE },
  { "seed-draft-request-schema.json",
    STRV ("propertyName text required title=“Display Name” description=“Description of the property”",
          "anotherProperty number minimum=0 maximum=100"),
    NONE },
  { "seed-draft-primitive-types.json",
    STRV ("text text " DISPLAY " min-length=3 max-length=50 pattern=“^[A-Za-z]+$” format=email",
          "number number " DISPLAY " minimum=0 maximum=100",
          "flag boolean " DISPLAY " default=false",
          "choice choice " DISPLAY " options=[option1 “Option 1”, option2 “Option 2”, option3 “Option 3”]"),
    NONE },
  { "seed-request-types-strings.json",
    STRV ("username text title=“Username” description=“Your account username” min-length=3 max-length=20",
          "firstName text title=“First Name” min-length=1 max-length=50",
          "bio text title=“Biography” description=“Brief description about yourself” max-length=500"),
    NONE },
  { "seed-request-types-formats.json",
    STRV ("email text title=“Email Address” description=“Your contact email” format=email",
          "website text title=“Website URL” description=“Your personal or company website” format=uri",
          "birthDate text title=“Birth Date” description=“Format: YYYY-MM-DD” format=date",
          "meetingTime text title=“Meeting Time” description=“Format: YYYY-MM-DDTHH:mm:ssZ” format=date-time"),
    NONE },
  { "seed-request-types-numbers.json",
    STRV ("age integer title=“Age” description=“Must be 13 or older” minimum=13 maximum=120",
          "salary number title=“Annual Salary” description=“In USD” minimum=0",
          "score number title=“Test Score” description=“Percentage score (0-100)” minimum=0 maximum=100",
          "quantity integer title=“Quantity” minimum=1 maximum=99"),
    NONE },
  { "seed-request-types-booleans.json",
    STRV ("newsletter boolean title=“Subscribe to Newsletter” "
          "description=“Receive weekly updates about new features” default=false",
          "termsAccepted boolean title=“Accept Terms of Service” description=“I agree to the terms and conditions”",
          "notifications boolean title=“Enable Notifications” description=“Allow desktop notifications” default=true"),
    NONE },
  { "seed-request-types-enums.json",
    STRV ("priority choice title=“Priority Level” description=“Task priority level” "
          "options=[low “Low”, medium “Medium”, high “High”, urgent “Urgent”]",
          "theme choice title=“UI Theme” options=[light “Light Mode”, dark “Dark Mode”, auto “System Default”]",
          "language choice title=“Programming Language” options=[javascript “JavaScript”, "
          "typescript “TypeScript”, python “Python”, rust “Rust”, go “Go”]"),
    NONE },
  { "seed-user-registration.json",
    STRV ("username text required title=“Username” description=“Letters, numbers, and underscores only” "
          "min-length=3 max-length=20",
          "email text required title=“Email Address” format=email",
          "age integer required title=“Age” description=“Must be 13 or older to register” minimum=13",
          "country choice required title=“Country” options=[us “United States”, ca “Canada”, "
          "uk “United Kingdom”, de “Germany”, fr “France”, jp “Japan”, au “Australia”]",
          "newsletter boolean title=“Subscribe to Newsletter” description=“Receive product updates and news” "
          "default=false"),
    NONE },
  { "seed-project-configuration.json",
    STRV ("projectName text required title=“Project Name” description=“Name for your project” "
          "min-length=1 max-length=50",
          "framework choice required title=“Framework” options=[react “React”, vue “Vue.js”, "
          "angular “Angular”, svelte “Svelte”, vanilla “Vanilla JS”]",
          "typescript boolean title=“Use TypeScript” description=“Enable TypeScript support” default=true",
          "port integer title=“Development Port” description=“Port for development server” "
          "minimum=1024 maximum=65535",
          "apiUrl text title=“API Base URL” description=“Backend API endpoint” format=uri"),
    NONE },
  { "seed-development-environment.json",
    STRV ("editor choice required title=“Code Editor” options=[vscode “VS Code”, vim “Vim”, emacs “Emacs”, "
          "sublime “Sublime Text”, atom “Atom”, webstorm “WebStorm”]",
          "shellType choice title=“Shell Type” options=[bash “Bash”, zsh “Zsh”, fish “Fish”, powershell “PowerShell”]",
          "tabSize integer required title=“Tab Size” description=“Number of spaces for indentation” "
          "minimum=2 maximum=8",
          "lineEndings choice title=“Line Endings” options=[lf “LF (Unix)”, crlf “CRLF (Windows)”, auto “Auto-detect”]",
          "enableLinting boolean title=“Enable Linting” description=“Automatically lint code for errors” default=true",
          "maxFileSize number title=“Max File Size (MB)” description=“Maximum file size to process” "
          "minimum=1 maximum=100"),
    NONE },
  { "seed-user-preferences.json",
    STRV ("theme choice required title=“UI Theme” options=[light “Light”, dark “Dark”, auto “System Default”]",
          "notifications boolean title=“Enable Notifications” description=“Receive desktop notifications” default=true",
          "refreshInterval integer title=“Refresh Interval (seconds)” description=“How often to refresh data” "
          "minimum=30 maximum=3600",
          "defaultEditor choice required title=“Default Code Editor” options=[vscode “VS Code”, vim “Vim”, emacs “Emacs”]"),
    NONE },
  { "seed-sep1034-email-reply.json",
    STRV ("recipient text required title=“To” format=email default=\"alice@example.com\"",
          "subject text required title=“Subject” max-length=200 default=\"Re: Quarterly report\"",
          "priority choice title=“Priority” default=\"normal\" options=[low, normal, high]",
          "followUpDays integer title=“Follow up after (days)” minimum=0 maximum=30 default=3",
          "confidence number title=“Confidence” minimum=0 maximum=1 default=0.8",
          "includeQuote boolean title=“Quote the original message” default=true",
          "labels multi-choice title=“Labels” default=[\"work\",\"finance\"] options=[work, finance, urgent]"),
    NONE },
  /* The specification's own example default fails its own pattern: dropped. */
  { "spec-string-schema.json",
    STRV ("displayName text " DISPLAY " min-length=3 max-length=50 pattern=“^[A-Za-z]+$” format=email"),
    STRV ("Property “displayName”: “default” dropped: Does not match the expected pattern") },
  { "spec-2026-string-schema.json",
    STRV ("displayName text " DISPLAY " min-length=3 max-length=50 format=email default=\"user@example.com\""),
    NONE },
  { "spec-number-schema.json",
    STRV ("amount number " DISPLAY " minimum=0 maximum=100 default=50"),
    NONE },
  { "spec-integer-schema.json",
    STRV ("amount integer " DISPLAY " minimum=0 maximum=100 default=50"),
    NONE },
  { "spec-boolean-schema.json",
    STRV ("flag boolean " DISPLAY " default=false"),
    NONE },
  { "spec-enum-untitled-single.json",
    STRV ("color choice " COLOR_TITLES " default=\"Red\" " RGB_OPTIONS),
    NONE },
  { "spec-enum-titled-single.json",
    STRV ("color choice " COLOR_TITLES " default=\"#FF0000\" " HEX_OPTIONS),
    NONE },
  { "spec-enum-untitled-multi.json",
    STRV ("colors multi-choice " COLORS_TITLES " min-items=1 max-items=2 default=[\"Red\",\"Green\"] " RGB_OPTIONS),
    NONE },
  { "spec-enum-titled-multi.json",
    STRV ("colors multi-choice " COLORS_TITLES " min-items=1 max-items=2 default=[\"#FF0000\",\"#00FF00\"] "
          HEX_OPTIONS),
    NONE },
  { "spec-simple-text.json",
    STRV ("name text required"),
    NONE },
  { "spec-structured.json",
    STRV ("name text required description=“Your full name”",
          "email text required description=“Your email address” format=email",
          "age number description=“Your age” minimum=18"),
    NONE },
};

static void
test_fixture (gconstpointer data)
{
  const Fixture *fixture = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", fixture->file, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  schema = elicit_schema_new_from_data (contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (schema);

  assert_fields (schema, fixture->fields);
  assert_warnings (schema, fixture->warnings);
}

/* Every fixture in tests/data is covered by the table above. */
static void
test_every_fixture_is_checked (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_schema_fixtures = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean found = FALSE;

      if (!g_str_has_suffix (name, ".json") ||
          !(g_str_has_prefix (name, "seed-") || g_str_has_prefix (name, "spec-")))
        continue;

      for (guint i = 0; i < G_N_ELEMENTS (fixtures) && !found; i++)
        found = strcmp (fixtures[i].file, name) == 0;
      if (!found)
        g_error ("tests/data/%s has no expectations in test-schema.c", name);
      n_schema_fixtures++;
    }

  g_assert_cmpuint (n_schema_fixtures, ==, G_N_ELEMENTS (fixtures));
}

/* Refusals ---------------------------------------------------------------- */

typedef struct
{
  const char        *path;
  const char        *json;
  ElicitSchemaError  code;
  const char        *message;
} Refusal;

#define WRAP(props) "{'type':'object','properties':{" props "}}"

static const Refusal refusals[] = {
  { "nested-object",
    WRAP ("'address':{'type':'object','properties':{'street':{'type':'string'}}}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “address” is a nested object, which a form cannot show" },
  { "nested-object-or-null",
    WRAP ("'address':{'type':['object','null']}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “address” is a nested object, which a form cannot show" },
  { "array-of-objects",
    WRAP ("'tags':{'type':'array','items':{'type':'object','properties':{}}}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “tags” is a list of something other than listed text options, which a form cannot show" },
  { "array-of-free-text",
    WRAP ("'tags':{'type':'array','items':{'type':'string'}}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “tags” is a list of something other than listed text options, which a form cannot show" },
  { "array-of-numbers-with-enum",
    WRAP ("'tags':{'type':'array','items':{'type':'number','enum':[1,2]}}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “tags” is a list of something other than listed text options, which a form cannot show" },
  { "array-without-items",
    WRAP ("'tags':{'type':'array'}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “tags” is a list of something other than listed text options, which a form cannot show" },
  { "array-with-items-not-an-object",
    WRAP ("'tags':{'type':'array','items':'string'}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “tags” is a list of something other than listed text options, which a form cannot show" },
  { "ref-as-the-property",
    "{'type':'object','$defs':{'X':{'type':'string'}},'properties':{'x':{'$ref':'#/$defs/X'}}}",
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
    "Property “x” uses “$ref”, which a form cannot follow" },
  { "ref-deep-inside-a-property",
    WRAP ("'x':{'type':'array','items':{'anyOf':[{'const':'a','title':'A'},{'$ref':'#/a'}]}}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
    "Property “x” uses “$ref”, which a form cannot follow" },
  { "ref-at-the-root",
    "{'$ref':'#/$defs/Form','$defs':{'Form':{'type':'object'}}}",
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD,
    "The schema uses “$ref”, which a form cannot follow" },
  { "unknown-type",
    WRAP ("'when':{'type':'date'}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “when” has unknown type “date”" },
  { "unknown-type-in-a-list",
    WRAP ("'when':{'type':['null','datetime']}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “when” has unknown type “datetime”" },
  { "null-type",
    WRAP ("'nothing':{'type':'null'}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “nothing” can only be null, which a form cannot show" },
  { "type-that-is-a-number",
    WRAP ("'x':{'type':5}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” has a “type” that is neither text nor a list of text" },
  { "type-list-with-a-number",
    WRAP ("'x':{'type':['string',5]}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” has a “type” that is neither text nor a list of text" },
  { "several-types",
    WRAP ("'x':{'type':['string','number']}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” allows several types, which a form cannot show" },
  { "empty-type-list",
    WRAP ("'x':{'type':[]}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” can only be null, which a form cannot show" },
  { "missing-type",
    WRAP ("'x':{'title':'X'}"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” has no “type”" },
  { "property-that-is-a-string",
    WRAP ("'x':'string'"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” is not an object describing a field" },
  { "property-that-is-null",
    WRAP ("'x':null"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” is not an object describing a field" },
  { "property-that-is-true",
    WRAP ("'x':true"),
    ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE,
    "Property “x” is not an object describing a field" },
  { "required-not-a-list",
    "{'type':'object','properties':{'name':{'type':'string'}},'required':'name'}",
    ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
    "The schema’s “required” is not a list of property names" },
  { "required-with-a-number",
    "{'type':'object','properties':{'name':{'type':'string'}},'required':['name',1]}",
    ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
    "The schema’s “required” is not a list of property names" },
  { "required-naming-a-missing-property",
    "{'type':'object','properties':{'name':{'type':'string'}},'required':['name','nmae']}",
    ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
    "The schema’s “required” names “nmae”, which is not a property" },
  { "required-without-properties",
    "{'type':'object','required':['name']}",
    ELICIT_SCHEMA_ERROR_INVALID_REQUIRED,
    "The schema’s “required” names “name”, which is not a property" },
  { "empty-enum",
    WRAP ("'color':{'type':'string','enum':[]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “enum” is empty" },
  { "enum-with-a-number",
    WRAP ("'color':{'type':'string','enum':['Red',2]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “enum” lists a value that is not text" },
  { "enum-with-null",
    WRAP ("'color':{'type':'string','enum':[null]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “enum” lists a value that is not text" },
  { "enum-not-a-list",
    WRAP ("'color':{'type':'string','enum':'Red'}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “enum” is not a list" },
  { "empty-items-enum",
    WRAP ("'colors':{'type':'array','items':{'type':'string','enum':[]}}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “colors”: “enum” is empty" },
  { "one-of-entry-without-const",
    WRAP ("'color':{'type':'string','oneOf':[{'const':'a','title':'A'},{'title':'B'}]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: an entry of “oneOf” has no text “const”" },
  { "one-of-entry-with-a-number-const",
    WRAP ("'color':{'type':'string','oneOf':[{'const':1,'title':'One'}]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: an entry of “oneOf” has no text “const”" },
  { "one-of-entry-not-an-object",
    WRAP ("'color':{'type':'string','oneOf':['a']}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: an entry of “oneOf” has no text “const”" },
  { "one-of-not-a-list",
    WRAP ("'color':{'type':'string','oneOf':{'const':'a'}}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “oneOf” is not a list" },
  { "empty-any-of",
    WRAP ("'color':{'type':'string','anyOf':[]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “color”: “anyOf” is empty" },
  { "items-any-of-entry-without-const",
    WRAP ("'colors':{'type':'array','items':{'anyOf':[{'title':'Red'}]}}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “colors”: an entry of “anyOf” has no text “const”" },
  { "options-on-an-integer",
    WRAP ("'level':{'type':'integer','enum':[1,2,3]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “level” offers options for a value that is not text, which a form cannot show" },
  { "options-on-a-boolean",
    WRAP ("'flag':{'type':'boolean','oneOf':[{'const':true}]}"),
    ELICIT_SCHEMA_ERROR_INVALID_OPTIONS,
    "Property “flag” offers options for a value that is not text, which a form cannot show" },
  { "root-type-array",
    "{'type':'array','items':{'type':'string'}}",
    ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
    "The schema’s “type” is not “object”" },
  { "root-type-not-a-string",
    "{'type':{},'properties':{}}",
    ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
    "The schema’s “type” is not “object”" },
  { "properties-not-an-object",
    "{'type':'object','properties':[{'name':'x'}]}",
    ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
    "The schema’s “properties” is not an object" },
  { "root-not-an-object",
    "[{'type':'object'}]",
    ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
    "The schema is not a JSON object" },
  { "root-a-string",
    "'object'",
    ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT,
    "The schema is not a JSON object" },
  { "not-json",
    "{type: object}",
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid JSON: unexpected “t” at byte 1" },
  /* Verbatim from the draft seed, trailing commas and all. */
  { "seed-with-trailing-commas",
    "{'type': 'object', 'properties': {'name': {'type': 'string',},}, 'required': ['name']}",
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid JSON: unexpected “}” at byte 60" },
  /* Verbatim from the SEP-1330 seed, typographic quotes and all. */
  { "seed-with-typographic-quotes",
    WRAP ("'color':{'type':'string','enum':['#FF0000'],“enumNames”:['Red']}"),
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid JSON: unexpected character at byte 75" },
  { "text-after-the-schema",
    "{'type':'object','properties':{}} trailing",
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid JSON: more text after the end at byte 34" },
  { "nul-in-a-property-name",
    WRAP ("'a\\u0000b':{'type':'string'}"),
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: A JSON string contains a NUL character (\\u0000) at byte 33" },
  { "repeated-property-name",
    WRAP ("'a':{'type':'string'},'a':{'type':'number'}"),
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: A JSON object repeats the member name at byte 53" },
  { "invalid-utf8-in-a-title",
    WRAP ("'a':{'type':'string','title':'\xff'}"),
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid UTF-8 at byte 61" },
  { "integer-past-int64",
    WRAP ("'n':{'type':'integer','maximum':9223372036854775808}"),
    ELICIT_SCHEMA_ERROR_TOO_LARGE,
    "Cannot read the schema: The integer at byte 63 does not fit in 64 bits" },
  { "infinite-number",
    WRAP ("'n':{'type':'number','default':1e400}"),
    ELICIT_SCHEMA_ERROR_TOO_LARGE,
    "Cannot read the schema: The number at byte 62 is too large" },
  { "octal-looking-default",
    WRAP ("'n':{'type':'integer','default':010}"),
    ELICIT_SCHEMA_ERROR_INVALID_JSON,
    "Cannot read the schema: Not valid JSON: a number with a leading zero at byte 63" },
};

static void
test_refusal (gconstpointer data)
{
  const Refusal *refusal = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = parse_sq (refusal->json, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, (int) refusal->code);
  g_assert_cmpstr (error->message, ==, refusal->message);
}

/* Tolerated oddities ------------------------------------------------------- */

typedef struct
{
  const char         *path;
  const char         *json;
  const char * const *fields;
  const char * const *warnings;
} Tolerance;

static const Tolerance tolerances[] = {
  /* Valid JSON, as a JavaScript server writes half an emoji: U+FFFD. */
  { "lone-surrogate-in-a-title-becomes-a-replacement-character",
    WRAP ("'a':{'type':'string','title':'Smile \\ud83d'}"),
    STRV ("a text title=“Smile \uFFFD”"),
    NONE },
  { "unknown-keywords-are-listed",
    WRAP ("'x':{'type':'string','foo':1,'x-bar':true,'minimum':3,'$comment':'c'}"),
    STRV ("x text"),
    STRV ("Property “x” has keywords a form ignores: “foo”, “x-bar”, “minimum”, “$comment”") },
  { "unknown-keywords-in-items-are-listed",
    WRAP ("'x':{'type':'array','uniqueItems':true,'items':{'type':'string','enum':['a'],'minLength':1}}"),
    STRV ("x multi-choice options=[a]"),
    STRV ("Property “x” has keywords a form ignores: “items.minLength”") },
  { "many-unknown-keywords-are-cut-short",
    WRAP ("'x':{'type':'boolean','k1':1,'k2':1,'k3':1,'k4':1,'k5':1,'k6':1,'k7':1,'k8':1,'k9':1,"
          "'k10':1,'k11':1,'k12':1}"),
    STRV ("x boolean"),
    STRV ("Property “x” has keywords a form ignores: “k1”, “k2”, “k3”, “k4”, “k5”, “k6”, “k7”, “k8”, "
          "“k9”, “k10”, …") },
  { "unknown-root-keywords-are-listed",
    "{'type':'object','$schema':'https://json-schema.org/draft/2020-12/schema','properties':{},"
    "'$defs':{},'additionalProperties':false,'allOf':[]}",
    NONE,
    STRV ("The schema has keywords a form ignores: “$defs”, “allOf”") },
  { "text-default-of-the-wrong-type-is-dropped",
    WRAP ("'x':{'type':'string','default':5}"),
    STRV ("x text"),
    STRV ("Property “x”: “default” dropped: Must be text") },
  { "number-default-of-the-wrong-type-is-dropped",
    WRAP ("'x':{'type':'number','default':'5'}"),
    STRV ("x number"),
    STRV ("Property “x”: “default” dropped: Must be a number") },
  { "integer-default-with-decimals-is-dropped",
    WRAP ("'x':{'type':'integer','default':2.5}"),
    STRV ("x integer"),
    STRV ("Property “x”: “default” dropped: Must be a whole number") },
  { "integer-default-written-as-a-double-becomes-an-integer",
    WRAP ("'x':{'type':'integer','default':3.0}"),
    STRV ("x integer default=3"),
    NONE },
  { "number-default-keeps-its-type",
    WRAP ("'x':{'type':'number','default':3}"),
    STRV ("x number default=3"),
    NONE },
  { "boolean-default-of-the-wrong-type-is-dropped",
    WRAP ("'x':{'type':'boolean','default':'true'}"),
    STRV ("x boolean"),
    STRV ("Property “x”: “default” dropped: Must be true or false") },
  { "null-default-is-dropped",
    WRAP ("'x':{'type':'string','default':null}"),
    STRV ("x text"),
    STRV ("Property “x”: “default” dropped: Must be text") },
  { "default-outside-the-options-is-dropped",
    WRAP ("'x':{'type':'string','enum':['a','b'],'default':'c'}"),
    STRV ("x choice options=[a, b]"),
    STRV ("Property “x”: “default” dropped: Must be one of the options") },
  { "multiple-choice-default-not-a-list-is-dropped",
    WRAP ("'x':{'type':'array','items':{'enum':['a','b']},'default':'a'}"),
    STRV ("x multi-choice options=[a, b]"),
    STRV ("Property “x”: “default” dropped: Must be a list of options") },
  { "multiple-choice-default-with-repeats-is-dropped",
    WRAP ("'x':{'type':'array','items':{'enum':['a','b']},'default':['a','a']}"),
    STRV ("x multi-choice options=[a, b]"),
    STRV ("Property “x”: “default” dropped: Each option can be chosen only once") },
  { "default-breaking-a-constraint-is-dropped",
    WRAP ("'x':{'type':'integer','minimum':1,'default':0}"),
    STRV ("x integer minimum=1"),
    STRV ("Property “x”: “default” dropped: Must be at least 1") },
  { "empty-default-of-a-required-text-is-dropped",
    "{'type':'object','properties':{'x':{'type':'string','default':''}},'required':['x']}",
    STRV ("x text required"),
    STRV ("Property “x”: “default” dropped: This field is required") },
  { "minimum-above-maximum-ignores-both",
    WRAP ("'x':{'type':'number','minimum':10,'maximum':1.5}"),
    STRV ("x number"),
    STRV ("Property “x”: “minimum” (10) is greater than “maximum” (1.5); both ignored") },
  { "min-length-above-max-length-ignores-both",
    WRAP ("'x':{'type':'string','minLength':5,'maxLength':2}"),
    STRV ("x text"),
    STRV ("Property “x”: “minLength” (5) is greater than “maxLength” (2); both ignored") },
  { "min-items-above-max-items-ignores-both",
    WRAP ("'x':{'type':'array','items':{'enum':['a','b','c']},'minItems':3,'maxItems':1}"),
    STRV ("x multi-choice options=[a, b, c]"),
    STRV ("Property “x”: “minItems” (3) is greater than “maxItems” (1); both ignored") },
  { "min-items-above-the-options-is-ignored",
    WRAP ("'x':{'type':'array','items':{'enum':['a','b']},'minItems':5}"),
    STRV ("x multi-choice options=[a, b]"),
    STRV ("Property “x”: “minItems” (5) is more than the 2 options; ignored") },
  { "fewer-enum-names-than-values",
    WRAP ("'x':{'type':'string','enum':['a','b','c'],'enumNames':['A','B']}"),
    STRV ("x choice options=[a “A”, b “B”, c]"),
    STRV ("Property “x”: 2 “enumNames” for 3 “enum” values; the titles that exist are used") },
  { "more-enum-names-than-values",
    WRAP ("'x':{'type':'string','enum':['a'],'enumNames':['A','B']}"),
    STRV ("x choice options=[a “A”]"),
    STRV ("Property “x”: 2 “enumNames” for 1 “enum” values; the titles that exist are used") },
  { "enum-names-not-a-list",
    WRAP ("'x':{'type':'string','enum':['a'],'enumNames':'A'}"),
    STRV ("x choice options=[a]"),
    STRV ("Property “x”: “enumNames” is not a list; ignored") },
  { "enum-name-not-text",
    WRAP ("'x':{'type':'string','enum':['a','b'],'enumNames':['A',2]}"),
    STRV ("x choice options=[a “A”, b]"),
    STRV ("Property “x”: 1 option title is not text; ignored") },
  { "one-of-titles-not-text",
    WRAP ("'x':{'type':'string','oneOf':[{'const':'a','title':1},{'const':'b','title':null},{'const':'c'}]}"),
    STRV ("x choice options=[a, b, c]"),
    STRV ("Property “x”: 2 option titles are not text; ignored") },
  { "repeated-option-keeps-the-first",
    WRAP ("'x':{'type':'string','enum':['a','b','a'],'enumNames':['A','B','Again']}"),
    STRV ("x choice options=[a “A”, b “B”]"),
    STRV ("Property “x”: 1 repeated option ignored (“a”)") },
  { "repeated-options-are-counted",
    WRAP ("'x':{'type':'array','items':{'anyOf':[{'const':'a','title':'A'},{'const':'b','title':'B'},"
          "{'const':'b','title':'B2'},{'const':'a','title':'A2'}]}}"),
    STRV ("x multi-choice options=[a “A”, b “B”]"),
    STRV ("Property “x”: 2 repeated options ignored (the first: “b”)") },
  { "constraints-of-the-wrong-type-are-ignored",
    WRAP ("'x':{'type':'string','minLength':'3','maxLength':-1,'pattern':5,'format':true,"
          "'title':7,'description':null}"),
    STRV ("x text"),
    STRV ("Property “x”: “minLength” is not a whole number of zero or more; ignored",
          "Property “x”: “maxLength” is not a whole number of zero or more; ignored",
          "Property “x”: “pattern” is not text; ignored",
          "Property “x”: “format” is not text; ignored",
          "Property “x”: “title” is not text; ignored",
          "Property “x”: “description” is not text; ignored") },
  { "count-with-decimals-is-ignored-but-whole-doubles-count",
    WRAP ("'x':{'type':'string','minLength':2.5,'maxLength':4.0}"),
    STRV ("x text max-length=4"),
    STRV ("Property “x”: “minLength” is not a whole number of zero or more; ignored") },
  { "bound-of-the-wrong-type-is-ignored",
    WRAP ("'x':{'type':'integer','minimum':'0','maximum':[1]}"),
    STRV ("x integer"),
    STRV ("Property “x”: “minimum” is not a number; ignored",
          "Property “x”: “maximum” is not a number; ignored") },
  { "pattern-glib-cannot-compile-is-ignored",
    WRAP ("'x':{'type':'string','pattern':'[a-'}"),
    STRV ("x text"),
    STRV ("Property “x”: “pattern” is not a regular expression GLib understands (missing "
          "terminating ] for character class at character 3); ignored") },
  { "ecmascript-unicode-escape-in-a-pattern-is-understood",
    WRAP ("'x':{'type':'string','pattern':'^\\\\u0041+$'}"),
    STRV ("x text pattern=“^\\u0041+$”"),
    NONE },
  { "unknown-format-is-plain-text",
    WRAP ("'x':{'type':'string','format':'uuid'}"),
    STRV ("x text"),
    STRV ("Property “x”: unknown “format” “uuid” is treated as plain text") },
  { "type-with-null-is-read-as-the-type",
    WRAP ("'x':{'type':['string','null'],'maxLength':3}"),
    STRV ("x text max-length=3"),
    STRV ("Property “x”: a list of types is read as “string”") },
  { "null-first-in-a-type-list",
    WRAP ("'x':{'type':['null','integer']}"),
    STRV ("x integer"),
    STRV ("Property “x”: a list of types is read as “integer”") },
  { "missing-type-is-inferred-from-enum",
    WRAP ("'x':{'enum':['a','b']}"),
    STRV ("x choice options=[a, b]"),
    STRV ("Property “x” has no “type”; read as “string” from its “enum”") },
  { "missing-type-is-inferred-from-one-of",
    WRAP ("'x':{'oneOf':[{'const':'a','title':'A'}]}"),
    STRV ("x choice options=[a “A”]"),
    STRV ("Property “x” has no “type”; read as “string” from its “oneOf”") },
  { "missing-type-is-inferred-from-items",
    WRAP ("'x':{'items':{'type':'string','enum':['a']}}"),
    STRV ("x multi-choice options=[a]"),
    STRV ("Property “x” has no “type”; read as “array” from its “items”") },
  { "enum-wins-over-one-of",
    WRAP ("'x':{'type':'string','enum':['a'],'oneOf':[{'const':'b'}]}"),
    STRV ("x choice options=[a]"),
    STRV ("Property “x” has both “enum” and “oneOf”; “oneOf” is ignored") },
  { "options-at-the-top-of-an-array",
    WRAP ("'x':{'type':'array','anyOf':[{'const':'a','title':'A'},{'const':'b','title':'B'}],'maxItems':1}"),
    STRV ("x multi-choice max-items=1 options=[a “A”, b “B”]"),
    STRV ("Property “x” lists its options in “anyOf” instead of “items”; read as a multiple choice") },
  { "root-without-type",
    "{'properties':{'x':{'type':'boolean'}}}",
    STRV ("x boolean"),
    STRV ("The schema has no “type”; read as “object”") },
  { "root-type-with-null",
    "{'type':['object','null'],'properties':{}}",
    NONE,
    STRV ("The schema’s “type” is a list; read as “object”") },
  { "root-without-properties",
    "{'type':'object'}",
    NONE,
    STRV ("The schema has no “properties”; the form is empty") },
  { "warnings-come-in-order",
    WRAP ("'b':{'type':'string','format':'phone'},'a':{'type':'number','minimum':2,'maximum':1}"),
    STRV ("b text", "a number"),
    STRV ("Property “b”: unknown “format” “phone” is treated as plain text",
          "Property “a”: “minimum” (2) is greater than “maximum” (1); both ignored") },
  { "invisible-characters-in-names-are-escaped-in-warnings",
    WRAP ("'a\\u202eb\\n':{'type':'string','format':'x\\u0007'}"),
    STRV ("a\u202eb\n text"),
    STRV ("Property “a\\u{202E}b\\u{000A}”: unknown “format” “x\\u{0007}” is treated as plain text") },
};

static void
test_tolerance (gconstpointer data)
{
  const Tolerance *tolerance = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = parse_sq (tolerance->json, &error);
  g_assert_no_error (error);
  g_assert_nonnull (schema);

  assert_fields (schema, tolerance->fields);
  assert_warnings (schema, tolerance->warnings);
}

/* Hostile sizes ----------------------------------------------------------- */

static char *
properties_json (guint n)
{
  GString *out = g_string_new ("{\"type\":\"object\",\"properties\":{");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s\"p%u\":{\"type\":\"string\",\"title\":\"P %u\"}", i > 0 ? "," : "", i, i);
  g_string_append (out, "}}");

  return g_string_free (out, FALSE);
}

static void
test_ten_thousand_properties (void)
{
  g_autofree char *json = properties_json (10000);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "The schema has 10000 properties; a form shows at most 1000");
}

static void
test_thousand_properties_keep_their_order (void)
{
  g_autofree char *json = properties_json (1000);
  g_autofree char *too_many = properties_json (1001);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(ElicitSchema) refused = NULL;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (elicit_schema_get_n_fields (schema), ==, 1000);
  for (guint i = 0; i < 1000; i += 111)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (elicit_schema_get_fields (schema), i);
      g_autofree char *name = g_strdup_printf ("p%u", i);

      g_assert_cmpstr (elicit_field_get_name (field), ==, name);
    }

  refused = elicit_schema_new_from_data (too_many, -1, &error);
  g_assert_null (refused);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "The schema has 1001 properties; a form shows at most 1000");
}

static void
test_hundred_thousand_brackets (void)
{
  g_autofree char *open = g_strnfill (100000, '[');
  g_autofree char *close = g_strnfill (100000, ']');
  g_autofree char *json = g_strdup_printf ("{\"type\":\"object\",\"properties\":{\"x\":"
                                           "{\"type\":\"string\",\"default\":%s%s}}}",
                                           open, close);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "Cannot read the schema: JSON nested deeper than 64 levels");
}

static char *
options_json (const char *name,
              guint       n,
              gboolean    titled)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "\"%s\":{\"type\":\"string\",\"%s\":[", name, titled ? "oneOf" : "enum");
  for (guint i = 0; i < n; i++)
    {
      if (titled)
        g_string_append_printf (out, "%s{\"const\":\"v%u\",\"title\":\"Option %u\"}", i > 0 ? "," : "", i, i);
      else
        g_string_append_printf (out, "%s\"v%u\"", i > 0 ? "," : "", i);
    }
  g_string_append (out, "]}");

  return g_string_free (out, FALSE);
}

static void
test_hundred_thousand_options (void)
{
  g_autofree char *plain = options_json ("plain", 100000, FALSE);
  g_autofree char *titled = options_json ("titled", 100000, TRUE);
  g_autofree char *json = g_strdup_printf ("{\"type\":\"object\",\"properties\":{%s,%s}}", plain, titled);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(ElicitOption) last = NULL;
  g_autoptr(ElicitOption) again = NULL;
  ElicitField *field;
  GListModel *options;
  guint position = 0;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_no_error (error);

  field = elicit_schema_get_field (schema, "titled");
  options = elicit_field_get_options (field);
  g_assert_true (g_list_model_get_item_type (options) == ELICIT_TYPE_OPTION);
  g_assert_cmpuint (g_list_model_get_n_items (options), ==, 100000);
  g_assert_true (elicit_field_find_option (field, "v99999", &position));
  g_assert_cmpuint (position, ==, 99999);
  g_assert_false (elicit_field_find_option (field, "v100000", NULL));

  last = g_list_model_get_item (options, 99999);
  again = g_list_model_get_item (options, 99999);
  g_assert_true (last == again);
  g_assert_cmpstr (elicit_option_get_value (last), ==, "v99999");
  g_assert_cmpstr (elicit_option_get_label (last), ==, "Option 99999");
  g_assert_null (g_list_model_get_item (options, 100000));

  field = elicit_schema_get_field (schema, "plain");
  g_assert_cmpuint (g_list_model_get_n_items (elicit_field_get_options (field)), ==, 100000);
  g_assert_true (elicit_field_find_option (field, "v0", &position));
  g_assert_cmpuint (position, ==, 0);
}

/* The most options a form takes, each an object: within the JSON limits too. */
static void
test_two_hundred_thousand_titled_options (void)
{
  g_autofree char *titled = options_json ("titled", 200000, TRUE);
  g_autofree char *json = g_strdup_printf ("{\"type\":\"object\",\"properties\":{%s}}", titled);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (elicit_field_get_options (elicit_schema_get_field (schema, "titled"))),
                    ==, 200000);
}

static void
test_too_many_options (void)
{
  g_autofree char *one = options_json ("big", 200001, FALSE);
  g_autofree char *first = options_json ("a", 150000, FALSE);
  g_autofree char *second = options_json ("b", 50001, FALSE);
  g_autofree char *json_one = g_strdup_printf ("{\"type\":\"object\",\"properties\":{%s}}", one);
  g_autofree char *json_two = g_strdup_printf ("{\"type\":\"object\",\"properties\":{%s,%s}}", first, second);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = elicit_schema_new_from_data (json_one, -1, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "Property “big” brings the form past 200000 options");
  g_clear_error (&error);

  /* The limit is for the whole form, not each field. */
  schema = elicit_schema_new_from_data (json_two, -1, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "Property “b” brings the form past 200000 options");
}

/* `^(a+)+$` against thirty `a`s and a `!` backtracks for seconds under PCRE's own limits. */
static void
test_catastrophic_pattern_is_ignored (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(JsonNode) typed = NULL;
  g_autofree char *problem = NULL;
  ElicitField *field;

  schema = elicit_schema_new_from_data ("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\","
                                        "\"pattern\":\"^(a+)+$\",\"default\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"}}}",
                                        -1, &error);
  g_assert_no_error (error);

  field = elicit_schema_get_field (schema, "x");
  g_assert_null (elicit_field_get_pattern (field));
  assert_warnings (schema, STRV ("Property “x”: “pattern” ignored: checking text against it takes too long"));

  /* What the person types is checked against nothing costly either. */
  typed = json_from_string ("\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"", NULL);
  problem = elicit_field_validate_value (field, typed);
  g_assert_null (problem);
}

/* Two hundred such fields froze the app for fifty seconds. */
static void
test_many_catastrophic_patterns_are_bounded (void)
{
  g_autoptr(GString) json = g_string_new ("{\"type\":\"object\",\"properties\":{");
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  const char * const *warnings;
  guint n = 200;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s\"f%u\":{\"type\":\"string\",\"pattern\":\"^(a+)+$\","
                            "\"default\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"}",
                            i == 0 ? "" : ",", i);
  g_string_append (json, "}}");

  schema = elicit_schema_new_from_data (json->str, -1, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      g_assert_null (elicit_field_get_pattern (elicit_schema_get_field (schema, name)));
    }

  warnings = elicit_schema_get_warnings (schema);
  g_assert_cmpstr (warnings[0], ==, "Property “f0”: “pattern” ignored: checking text against it takes too long");
}

static void
test_megabyte_strings (void)
{
  g_autofree char *big = g_strnfill (1024 * 1024, 'a');
  g_autofree char *json = g_strdup_printf ("{\"type\":\"object\",\"properties\":{"
                                           "\"%s\":{\"type\":\"string\",\"description\":\"%s\",\"enum\":[\"%s\"]},"
                                           "\"t\":{\"type\":\"string\",\"title\":\"%s\",\"pattern\":\"%s\"}}}",
                                           big, big, big, big, big);
  g_autofree char *nested = g_strdup_printf ("{\"type\":\"object\",\"properties\":{\"%s\":{\"type\":\"object\"}}}", big);
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(ElicitSchema) refused = NULL;
  g_autoptr(ElicitOption) option = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *sixty_four = g_strnfill (64, 'a');
  ElicitField *named, *titled;

  schema = elicit_schema_new_from_data (json, -1, &error);
  g_assert_no_error (error);

  named = elicit_schema_get_field (schema, big);
  g_assert_nonnull (named);
  g_assert_cmpuint (strlen (elicit_field_get_name (named)), ==, 1024 * 1024);
  g_assert_cmpint (g_utf8_strlen (elicit_field_get_label (named), -1), ==, 201);
  g_assert_true (g_str_has_suffix (elicit_field_get_label (named), "a…"));
  g_assert_cmpint (g_utf8_strlen (elicit_field_get_description (named), -1), ==, 10001);
  option = g_list_model_get_item (elicit_field_get_options (named), 0);
  g_assert_cmpuint (strlen (elicit_option_get_value (option)), ==, 1024 * 1024);
  g_assert_cmpint (g_utf8_strlen (elicit_option_get_label (option), -1), ==, 201);

  titled = elicit_schema_get_field (schema, "t");
  g_assert_cmpint (g_utf8_strlen (elicit_field_get_title (titled), -1), ==, 201);
  g_assert_null (elicit_field_get_pattern (titled));
  assert_warnings (schema, STRV ("Property “t”: “pattern” is longer than 4096 bytes; ignored"));

  /* Messages show a long name cut short. */
  refused = elicit_schema_new_from_data (nested, -1, &error);
  g_assert_null (refused);
  expected = g_strdup_printf ("Property “%s…” is a nested object, which a form cannot show", sixty_four);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_integers_past_2_to_the_53 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  schema = parse_sq (WRAP ("'id':{'type':'integer','minimum':9007199254740993,'default':9007199254740993},"
                           "'big':{'type':'integer','default':9223372036854775807}"),
                     &error);
  g_assert_no_error (error);
  assert_fields (schema, STRV ("id integer minimum=9007199254740992 default=9007199254740993",
                               "big integer default=9223372036854775807"));
  assert_warnings (schema, NONE);
}

static void
test_too_many_warnings (void)
{
  g_autoptr(GString) json = g_string_new ("{\"type\":\"object\",\"properties\":{");
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  const char * const *warnings;

  for (guint i = 0; i < 150; i++)
    g_string_append_printf (json, "%s\"p%u\":{\"type\":\"string\",\"odd\":1}", i > 0 ? "," : "", i);
  g_string_append (json, "}}");

  schema = elicit_schema_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);

  warnings = elicit_schema_get_warnings (schema);
  g_assert_cmpuint (g_strv_length ((char **) warnings), ==, 101);
  g_assert_cmpstr (warnings[0], ==, "Property “p0” has keywords a form ignores: “odd”");
  g_assert_cmpstr (warnings[99], ==, "Property “p99” has keywords a form ignores: “odd”");
  g_assert_cmpstr (warnings[100], ==, "50 more warnings not shown");
}

/* Programmatic JSON --------------------------------------------------------- */

/* Nodes built in code can hold what no parser produces: empty containers, valueless values. */
static void
test_hollow_nodes (void)
{
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonObject) props = json_object_new ();
  g_autoptr(JsonObject) good = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;

  json_object_set_string_member (root, "type", "object");
  json_object_set_object_member (root, "properties", json_object_ref (props));

  /* A property whose object is missing. */
  json_object_set_member (props, "hollow", json_node_new (JSON_NODE_OBJECT));
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE);
  g_assert_cmpstr (error->message, ==, "Property “hollow” is not an object describing a field");
  g_clear_error (&error);
  json_object_remove_member (props, "hollow");

  /* A type with no value, a title that is a NULL string, a default with no value. */
  json_object_set_member (good, "type", json_node_new (JSON_NODE_VALUE));
  json_object_set_object_member (props, "odd", json_object_ref (good));
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_TYPE);
  g_assert_cmpstr (error->message, ==, "Property “odd” has a “type” that is neither text nor a list of text");
  g_clear_error (&error);

  json_object_set_string_member (good, "type", "string");
  json_object_set_string_member (good, "title", NULL);
  json_object_set_member (good, "default", json_node_new (JSON_NODE_VALUE));
  json_object_set_member (good, "enum", json_node_new (JSON_NODE_ARRAY));
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_OPTIONS);
  g_assert_cmpstr (error->message, ==, "Property “odd”: “enum” is not a list");
  g_clear_error (&error);

  json_object_remove_member (good, "enum");
  json_object_set_member (root, "required", json_node_new (JSON_NODE_ARRAY));
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_INVALID_REQUIRED);
  g_clear_error (&error);

  json_object_remove_member (root, "required");
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_no_error (error);
  assert_fields (schema, STRV ("odd text"));
  assert_warnings (schema, STRV ("Property “odd”: “title” is not text; ignored",
                                 "Property “odd”: “default” dropped: Must be text"));
  g_clear_object (&schema);

  json_object_set_member (root, "properties", json_node_new (JSON_NODE_OBJECT));
  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_NOT_AN_OBJECT);
  g_assert_cmpstr (error->message, ==, "The schema’s “properties” is not an object");
}

/* A $ref nested far deeper than any parser would allow is still found, without recursion. */
static void
test_deep_ref_built_in_code (void)
{
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonObject) props = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  JsonObject *prop = json_object_new ();
  JsonObject *inner = prop;

  json_object_set_string_member (prop, "type", "string");
  for (guint i = 0; i < 100000; i++)
    {
      JsonObject *next = json_object_new ();

      json_object_set_object_member (inner, "not", next);
      inner = next;
    }
  json_object_set_string_member (inner, "$ref", "#/x");

  json_object_set_string_member (root, "type", "object");
  json_object_set_object_member (props, "deep", prop);
  json_object_set_object_member (root, "properties", json_object_ref (props));

  schema = elicit_schema_new_from_json (root, &error);
  g_assert_null (schema);
  g_assert_error (error, ELICIT_SCHEMA_ERROR, ELICIT_SCHEMA_ERROR_UNSUPPORTED_KEYWORD);
  g_assert_cmpstr (error->message, ==, "Property “deep” uses “$ref”, which a form cannot follow");

  /* Free the chain from the inside out: json-glib's own unref would recurse 100,000 deep. */
  for (JsonObject *o = prop; o != NULL;
       o = json_object_has_member (o, "not") ? json_object_get_object_member (o, "not") : NULL)
    g_ptr_array_add (chain, json_object_ref (o));
  json_object_remove_member (root, "properties");
  g_clear_pointer (&props, json_object_unref);
  for (guint i = chain->len; i > 0; i--)
    {
      JsonObject *o = g_ptr_array_index (chain, i - 1);

      if (json_object_has_member (o, "not"))
        json_object_remove_member (o, "not");
      json_object_unref (o);
    }
}

/* The model ---------------------------------------------------------------- */

static void
test_property_order_is_kept (void)
{
  g_autoptr(ElicitSchema) schema = parse_sq (WRAP ("'zeta':{'type':'string'},'alpha':{'type':'number'},"
                                                   "'mu':{'type':'boolean'},'beta':{'enum':['x']}"),
                                             NULL);

  g_assert_nonnull (schema);
  assert_fields (schema, STRV ("zeta text", "alpha number", "mu boolean", "beta choice options=[x]"));
  g_assert_null (elicit_schema_get_field (schema, "gamma"));
}

static void
test_schema_is_a_list_model (void)
{
  g_autoptr(ElicitSchema) schema = parse_sq (WRAP ("'a':{'type':'string'},'b':{'type':'string'}"), NULL);
  GListModel *model = elicit_schema_get_fields (schema);
  g_autoptr(ElicitField) first = g_list_model_get_item (model, 0);
  g_auto(GStrv) warnings = NULL;
  guint n_fields = 0;

  g_assert_true (model == G_LIST_MODEL (schema));
  g_assert_true (g_list_model_get_item_type (model) == ELICIT_TYPE_FIELD);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  g_assert_true (first == elicit_schema_get_field (schema, "a"));
  g_assert_null (g_list_model_get_item (model, 2));

  g_object_get (schema, "n-fields", &n_fields, "warnings", &warnings, NULL);
  g_assert_cmpuint (n_fields, ==, 2);
  g_assert_cmpuint (g_strv_length (warnings), ==, 0);
}

static void
test_field_properties (void)
{
  g_autoptr(ElicitSchema) schema = parse_sq ("{'type':'object','properties':{'when':{'type':'string','title':'When',"
                                             "'format':'date','minLength':10,'default':'2025-01-31'}},"
                                             "'required':['when']}", NULL);
  ElicitField *field = elicit_schema_get_field (schema, "when");
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;
  g_autoptr(JsonNode) fallback = NULL;
  g_autoptr(GListModel) options = NULL;
  ElicitFieldKind kind;
  ElicitTextFormat format;
  gint64 min_length, max_items;
  gboolean required;

  g_object_get (field,
                "name", &name,
                "label", &label,
                "kind", &kind,
                "format", &format,
                "required", &required,
                "min-length", &min_length,
                "max-items", &max_items,
                "default", &fallback,
                "options", &options,
                NULL);

  g_assert_cmpstr (name, ==, "when");
  g_assert_cmpstr (label, ==, "When");
  g_assert_cmpint (kind, ==, ELICIT_FIELD_KIND_TEXT);
  g_assert_cmpint (format, ==, ELICIT_TEXT_FORMAT_DATE);
  g_assert_true (required);
  g_assert_cmpint (min_length, ==, 10);
  g_assert_cmpint (max_items, ==, -1);
  g_assert_cmpstr (json_node_get_string (fallback), ==, "2025-01-31");
  g_assert_cmpuint (g_list_model_get_n_items (options), ==, 0);
  g_assert_false (elicit_field_get_minimum (field, NULL));
  g_assert_false (elicit_field_get_maximum (field, NULL));
}

static void
test_titles_are_made_safe (void)
{
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(ElicitOption) option = NULL;
  ElicitField *field;

  schema = parse_sq (WRAP ("'a':{'type':'string','title':'Na\\u202eme\\n\\tof  it\\u200b',"
                           "'description':'Line one\\nLine\\u202e two\\u0007'},"
                           "'b':{'type':'string','title':'\\u200b\\u200e'},"
                           "'\\u200b':{'type':'string'},"
                           "'c':{'type':'string','oneOf':[{'const':'v\\u0007','title':'\\u202eTitle'},"
                           "{'const':'\\u200b'}]}"),
                     NULL);
  g_assert_nonnull (schema);

  field = elicit_schema_get_field (schema, "a");
  g_assert_cmpstr (elicit_field_get_title (field), ==, "Name of it");
  g_assert_cmpstr (elicit_field_get_label (field), ==, "Name of it");
  g_assert_cmpstr (elicit_field_get_description (field), ==, "Line one\nLine two");

  /* Nothing visible left: no title, the name is the label. */
  field = elicit_schema_get_field (schema, "b");
  g_assert_null (elicit_field_get_title (field));
  g_assert_cmpstr (elicit_field_get_label (field), ==, "b");

  /* A name with nothing visible still shows as something. */
  field = elicit_schema_get_field (schema, "\u200b");
  g_assert_cmpstr (elicit_field_get_label (field), ==, "\\u{200B}");

  field = elicit_schema_get_field (schema, "c");
  option = g_list_model_get_item (elicit_field_get_options (field), 0);
  g_assert_cmpstr (elicit_option_get_value (option), ==, "v\a");
  g_assert_cmpstr (elicit_option_get_title (option), ==, "Title");
  g_clear_object (&option);
  option = g_list_model_get_item (elicit_field_get_options (field), 1);
  g_assert_null (elicit_option_get_title (option));
  g_assert_cmpstr (elicit_option_get_label (option), ==, "\\u{200B}");
}

static void
test_option_new (void)
{
  g_autoptr(ElicitOption) titled = elicit_option_new ("#FF0000", "Red\u202e");
  g_autoptr(ElicitOption) plain = elicit_option_new ("Red", NULL);
  g_autofree char *value = NULL;
  g_autofree char *label = NULL;

  g_assert_cmpstr (elicit_option_get_value (titled), ==, "#FF0000");
  g_assert_cmpstr (elicit_option_get_title (titled), ==, "Red");
  g_assert_cmpstr (elicit_option_get_label (titled), ==, "Red");
  g_assert_null (elicit_option_get_title (plain));
  g_assert_cmpstr (elicit_option_get_label (plain), ==, "Red");

  g_object_get (titled, "value", &value, "label", &label, NULL);
  g_assert_cmpstr (value, ==, "#FF0000");
  g_assert_cmpstr (label, ==, "Red");
}

static char **
problems_of (const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = elicit_json_parse (json, strlen (json), 64, &error);

  g_assert_no_error (error);
  return elicit_schema_list_problems (json_node_get_object (node));
}

/* What `elicit lint` shows an author: every reason, not the first only. */
static void
test_every_problem_is_listed (void)
{
  g_auto(GStrv) three = problems_of (
    "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\"},"
    "\"b\":{\"type\":\"strnig\"},\"c\":{\"type\":\"string\"}},\"required\":[\"c\",\"zz\"]}");
  g_auto(GStrv) none = problems_of (
    "{\"type\":\"object\",\"properties\":{\"c\":{\"type\":\"string\"}},\"required\":[\"c\"]}");
  g_auto(GStrv) unreadable = problems_of ("{\"$ref\":\"#/x\",\"properties\":{\"a\":{\"type\":\"object\"}}}");
  const char * const expected[] = {
    "The schema’s “required” names “zz”, which is not a property",
    "Property “a” is a nested object, which a form cannot show",
    "Property “b” has unknown type “strnig”",
    NULL
  };

  g_assert_cmpstrv (three, expected);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_cmpuint (g_strv_length (unreadable), ==, 1);
  g_assert_cmpstr (unreadable[0], ==, "The schema uses “$ref”, which a form cannot follow");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fixtures); i++)
    {
      g_autofree char *base = g_strndup (fixtures[i].file, strlen (fixtures[i].file) - strlen (".json"));
      g_autofree char *path = g_strdup_printf ("/Elicit/Schema/fixture/%s", base);

      g_test_add_data_func (path, &fixtures[i], test_fixture);
    }
  g_test_add_func ("/Elicit/Schema/every-fixture-has-expectations", test_every_fixture_is_checked);
  g_test_add_func ("/Elicit/Schema/every-problem-of-a-refused-schema-is-listed", test_every_problem_is_listed);

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Schema/refuses/%s", refusals[i].path);

      g_test_add_data_func (path, &refusals[i], test_refusal);
    }

  for (guint i = 0; i < G_N_ELEMENTS (tolerances); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/Schema/tolerates/%s", tolerances[i].path);

      g_test_add_data_func (path, &tolerances[i], test_tolerance);
    }

  g_test_add_func ("/Elicit/Schema/ten-thousand-properties-are-refused", test_ten_thousand_properties);
  g_test_add_func ("/Elicit/Schema/a-thousand-properties-keep-their-order", test_thousand_properties_keep_their_order);
  g_test_add_func ("/Elicit/Schema/hundred-thousand-brackets-are-refused", test_hundred_thousand_brackets);
  g_test_add_func ("/Elicit/Schema/hundred-thousand-options-are-read", test_hundred_thousand_options);
  g_test_add_func ("/Elicit/Schema/two-hundred-thousand-titled-options-are-read",
                   test_two_hundred_thousand_titled_options);
  g_test_add_func ("/Elicit/Schema/too-many-options-are-refused", test_too_many_options);
  g_test_add_func ("/Elicit/Schema/megabyte-strings-are-cut-for-display", test_megabyte_strings);
  g_test_add_func ("/Elicit/Schema/catastrophic-pattern-is-judged-and-ignored", test_catastrophic_pattern_is_ignored);
  g_test_add_func ("/Elicit/Schema/many-catastrophic-patterns-cost-a-bounded-time",
                   test_many_catastrophic_patterns_are_bounded);
  g_test_add_func ("/Elicit/Schema/integers-past-2-to-the-53-stay-exact", test_integers_past_2_to_the_53);
  g_test_add_func ("/Elicit/Schema/warnings-past-a-hundred-are-counted", test_too_many_warnings);
  g_test_add_func ("/Elicit/Schema/hollow-nodes-built-in-code", test_hollow_nodes);
  g_test_add_func ("/Elicit/Schema/deep-ref-built-in-code-is-found", test_deep_ref_built_in_code);
  g_test_add_func ("/Elicit/Schema/property-order-is-kept", test_property_order_is_kept);
  g_test_add_func ("/Elicit/Schema/schema-is-a-list-model-of-fields", test_schema_is_a_list_model);
  g_test_add_func ("/Elicit/Schema/field-properties", test_field_properties);
  g_test_add_func ("/Elicit/Schema/titles-are-made-safe-to-show", test_titles_are_made_safe);
  g_test_add_func ("/Elicit/Schema/option-label-is-title-or-value", test_option_new);

  return g_test_run ();
}
