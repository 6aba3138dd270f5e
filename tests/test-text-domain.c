/* test-text-domain.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <glib/gstdio.h>

#include "elicit-json-private.h"
#include "elicit-schema.h"

#include "elicit-text-domain.h"

#define DOMAIN "elicit-test-server"

/* The catalogue tests/meson.build compiles, laid out as gettext wants it. */
static char *
make_locale_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-locale-XXXXXX", &error);
  g_autofree char *messages = NULL;
  g_autofree char *target = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *mo = g_test_build_filename (G_TEST_BUILT, DOMAIN ".mo", NULL);
  gsize length;

  g_assert_no_error (error);
  messages = g_build_filename (dir, "de", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (messages, 0700), ==, 0);
  g_file_get_contents (mo, &contents, &length, &error);
  g_assert_no_error (error);
  target = g_build_filename (messages, DOMAIN ".mo", NULL);
  g_file_set_contents (target, contents, length, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&dir);
}

static void
remove_locale_dir (const char *dir)
{
  g_autofree char *mo = g_build_filename (dir, "de", "LC_MESSAGES", DOMAIN ".mo", NULL);
  g_autofree char *messages = g_build_filename (dir, "de", "LC_MESSAGES", NULL);
  g_autofree char *de = g_build_filename (dir, "de", NULL);

  g_unlink (mo);
  g_rmdir (messages);
  g_rmdir (de);
  g_rmdir (dir);
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = elicit_json_parse (text, -1, 0, &error);

  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (node));
}

static void
assert_json (JsonObject *object,
             const char *expected)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autofree char *text = elicit_json_to_string (node, NULL);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_elicitations_are_translated (void)
{
  g_autoptr(JsonObject) params = NULL;

  params = parse_object ("{\"mode\":\"form\",\"message\":\"Complete your user registration\","
                         "\"requestedSchema\":{\"type\":\"object\",\"properties\":{"
                         "\"username\":{\"type\":\"string\",\"title\":\"Username\","
                         "\"description\":\"Letters, numbers, and underscores only\","
                         "\"default\":\"Username\"},"
                         "\"country\":{\"type\":\"string\",\"title\":\"Country\","
                         "\"enum\":[\"Germany\",\"us\"],\"enumNames\":[\"Germany\",\"United States\"]},"
                         "\"land\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"Germany\",\"title\":\"Germany\"}]},"
                         "\"many\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"const\":\"de\",\"title\":\"Germany\"}]}},"
                         "\"Age\":{\"type\":\"integer\",\"title\":\"Unknown to the catalogue\","
                         "\"description\":\"\"}},"
                         "\"required\":[\"username\"]}}");

  elicit_text_domain_translate_elicitation (DOMAIN, params);

  /* Words a person reads change; values, names and defaults do not, and an
   * empty string is not looked up (gettext ("") is the catalogue's header). */
  assert_json (params,
               "{\"mode\":\"form\",\"message\":\"Schließen Sie Ihre Registrierung ab\","
               "\"requestedSchema\":{\"type\":\"object\",\"properties\":{"
               "\"username\":{\"type\":\"string\",\"title\":\"Benutzername\","
               "\"description\":\"Nur Buchstaben, Ziffern und Unterstriche\","
               "\"default\":\"Username\"},"
               "\"country\":{\"type\":\"string\",\"title\":\"Land\","
               "\"enum\":[\"Germany\",\"us\"],\"enumNames\":[\"Deutschland\",\"Vereinigte Staaten\"]},"
               "\"land\":{\"type\":\"string\",\"oneOf\":[{\"const\":\"Germany\",\"title\":\"Deutschland\"}]},"
               "\"many\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"const\":\"de\",\"title\":\"Deutschland\"}]}},"
               "\"Age\":{\"type\":\"integer\",\"title\":\"Unknown to the catalogue\","
               "\"description\":\"\"}},"
               "\"required\":[\"username\"]}}");
}

static void
test_tools_are_translated (void)
{
  g_autoptr(JsonObject) result = NULL;

  result = parse_object ("{\"tools\":[{\"name\":\"Register a user\",\"title\":\"Register a user\","
                         "\"description\":\"Asks for the user registration form from the MCP "
                         "elicitation examples.\",\"inputSchema\":{\"type\":\"object\","
                         "\"properties\":{\"age\":{\"type\":\"integer\",\"title\":\"Age\"}}}},"
                         "7,{\"name\":\"x\",\"title\":{}}],\"nextCursor\":\"Age\"}");

  elicit_text_domain_translate_tools (DOMAIN, result);

  assert_json (result,
               "{\"tools\":[{\"name\":\"Register a user\",\"title\":\"Benutzer registrieren\","
               "\"description\":\"Fragt nach dem Registrierungsformular aus den MCP-Beispielen.\","
               "\"inputSchema\":{\"type\":\"object\","
               "\"properties\":{\"age\":{\"type\":\"integer\",\"title\":\"Alter\"}}}},"
               "7,{\"name\":\"x\",\"title\":{}}],\"nextCursor\":\"Age\"}");
}

static void
test_malformed_params_are_left_alone (void)
{
  g_autoptr(JsonObject) params = NULL;

  params = parse_object ("{\"message\":[\"Age\"],\"requestedSchema\":{\"properties\":[1],"
                         "\"title\":7}}");

  elicit_text_domain_translate_elicitation (DOMAIN, params);

  assert_json (params, "{\"message\":[\"Age\"],\"requestedSchema\":{\"properties\":[1],"
                       "\"title\":7}}");
}

/* A program that embeds elicit-1 binds its own text domain only, here the
 * test server's (main() makes it the default); the library's messages are
 * German all the same, from the library's own domain, libelicit-1. */
static void
test_library_strings_come_from_its_own_domain (void)
{
  g_autoptr(ElicitSchema) schema = NULL;
  g_autoptr(JsonObject) content = parse_object ("{}");
  g_autoptr(GHashTable) problems = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (textdomain (NULL), ==, DOMAIN);

  schema = elicit_schema_new_from_data ("{\"type\":\"object\",\"properties\":{"
                                        "\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}",
                                        -1, &error);
  g_assert_no_error (error);
  problems = elicit_schema_validate (schema, content);

  g_assert_cmpstr (g_hash_table_lookup (problems, "name"), ==, "Dieses Feld ist erforderlich");
  g_assert_cmpstr (g_dgettext ("libelicit-1", "This field is required"), ==,
                   "Dieses Feld ist erforderlich");
  /* Not from the program's domain, which knows nothing of it. */
  g_assert_cmpstr (dgettext (DOMAIN, "This field is required"), ==, "This field is required");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *locale_dir = NULL;
  int status;

  /* German, whatever locales the machine has: C.UTF-8 honours LANGUAGE. */
  g_setenv ("LANGUAGE", "de", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");

  g_test_init (&argc, &argv, NULL);

  locale_dir = make_locale_dir ();
  elicit_text_domain_bind (DOMAIN, locale_dir);
  textdomain (DOMAIN);

  g_test_add_func ("/Elicit/TextDomain/elicitations-are-translated",
                   test_elicitations_are_translated);
  g_test_add_func ("/Elicit/TextDomain/tools-are-translated", test_tools_are_translated);
  g_test_add_func ("/Elicit/TextDomain/malformed-params-are-left-alone",
                   test_malformed_params_are_left_alone);
  g_test_add_func ("/Elicit/TextDomain/library-strings-come-from-its-own-domain",
                   test_library_strings_come_from_its_own_domain);

  status = g_test_run ();
  remove_locale_dir (locale_dir);

  return status;
}
