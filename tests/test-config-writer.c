/* test-config-writer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <unistd.h>
#include <glib/gstdio.h>

#include "elicit.h"

#include "elicit-config-writer.h"

static const char original[] =
  "{\n"
  "  // comments, as in VS Code's files\n"
  "  \"theme\": \"dark\",\n"
  "  \"mcpServers\": {\n"
  "    \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"], \"alwaysAllow\": [1e3]},\n"
  "    \"weather\": {\n"
  "      \"url\": \"https://weather.example/mcp\",\n"
  "      \"headers\":  { \"X-Key\" : \"k\" },\n"
  "      \"x-vendor\": {\"big\": 123456789012345678901234567890}\n"
  "    }\n"
  "  },\n"
  "  \"zzz\": [true, null]\n"
  "}\n";

static JsonObject *
object_from (const char *json)
{
  g_autoptr(JsonNode) node = elicit_json_parse (json, -1, 64, NULL);

  g_assert_nonnull (node);
  return json_object_ref (json_node_get_object (node));
}

static char *
splice_ok (const char *text,
           const char *old_name,
           const char *name,
           const char *entry_json)
{
  g_autoptr(JsonObject) entry = entry_json != NULL ? object_from (entry_json) : NULL;
  g_autoptr(GError) error = NULL;
  char *result;

  result = elicit_config_splice (text, strlen (text), old_name, name, entry, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);

  return result;
}

static void
test_adding_keeps_everything_else (void)
{
  g_autofree char *result = splice_ok (original, NULL, "demo",
                                       "{\"command\": \"/bin/demo\", \"args\": [\"--x\"]}");

  g_assert_cmpstr (result, ==,
                   "{\n"
                   "  // comments, as in VS Code's files\n"
                   "  \"theme\": \"dark\",\n"
                   "  \"mcpServers\": {\n"
                   "    \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"], \"alwaysAllow\": [1e3]},\n"
                   "    \"weather\": {\n"
                   "      \"url\": \"https://weather.example/mcp\",\n"
                   "      \"headers\":  { \"X-Key\" : \"k\" },\n"
                   "      \"x-vendor\": {\"big\": 123456789012345678901234567890}\n"
                   "    },\n"
                   "    \"demo\": {\n"
                   "      \"command\": \"/bin/demo\",\n"
                   "      \"args\": [\"--x\"]\n"
                   "    }\n"
                   "  },\n"
                   "  \"zzz\": [true, null]\n"
                   "}\n");
}

/* The members whose value did not change keep their text; the changed
 * one is written anew, in its place. */
static void
test_editing_keeps_unchanged_members (void)
{
  g_autoptr(JsonObject) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;

  /* The entry as the editor has it: read by json-glib, which cannot hold
   * x-vendor's number; unchanged, it keeps its text all the same. */
  entry = object_from ("{\"url\": \"https://weather.example/v2\", \"headers\": {\"X-Key\": \"k\"}}");
  json_object_set_member (entry, "x-vendor",
                          json_from_string ("{\"big\": 123456789012345678901234567890}", NULL));
  result = elicit_config_splice (original, strlen (original), "weather", "weather", entry, &error);
  g_assert_no_error (error);

  g_assert_cmpstr (result, ==,
                   "{\n"
                   "  // comments, as in VS Code's files\n"
                   "  \"theme\": \"dark\",\n"
                   "  \"mcpServers\": {\n"
                   "    \"files\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs\"], \"alwaysAllow\": [1e3]},\n"
                   "    \"weather\": {\n"
                   "      \"url\": \"https://weather.example/v2\",\n"
                   "      \"headers\":  { \"X-Key\" : \"k\" },\n"
                   "      \"x-vendor\": {\"big\": 123456789012345678901234567890}\n"
                   "    }\n"
                   "  },\n"
                   "  \"zzz\": [true, null]\n"
                   "}\n");
}

static void
test_renaming_and_removing (void)
{
  g_autofree char *renamed = NULL;
  g_autofree char *removed_first = NULL;
  g_autofree char *removed_last = NULL;
  g_autofree char *removed_all = NULL;

  renamed = splice_ok (original, "files", "disk",
                       "{\"command\": \"npx\", \"args\": [\"-y\", \"fs\"], \"alwaysAllow\": [1e3]}");
  g_assert_true (strstr (renamed, "    \"disk\": {\n"
                                  "      \"command\": \"npx\",\n"
                                  "      \"args\": [\"-y\", \"fs\"],\n"
                                  "      \"alwaysAllow\": [1e3]\n"
                                  "    },\n    \"weather\"") != NULL);

  removed_first = splice_ok (original, "files", NULL, NULL);
  g_assert_true (strstr (removed_first, "\"mcpServers\": {\n    \"weather\": {\n") != NULL);
  g_assert_null (strstr (removed_first, "\"files\""));

  removed_last = splice_ok (original, "weather", NULL, NULL);
  g_assert_true (strstr (removed_last, "[1e3]}\n  },\n  \"zzz\"") != NULL);

  removed_all = splice_ok (removed_last, "files", NULL, NULL);
  g_assert_true (strstr (removed_all, "\"mcpServers\": {},\n") != NULL);
}

static void
test_adding_to_an_empty_file (void)
{
  g_autofree char *result = splice_ok ("{\n  \"mcpServers\": {}\n}\n", NULL, "r",
                                       "{\"url\": \"https://r.example/mcp\"}");

  g_assert_cmpstr (result, ==,
                   "{\n"
                   "  \"mcpServers\": {\n"
                   "    \"r\": {\n"
                   "      \"url\": \"https://r.example/mcp\"\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
}

static void
test_names_are_checked (void)
{
  g_autoptr(JsonObject) entry = object_from ("{\"command\": \"x\"}");
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;

  result = elicit_config_splice (original, strlen (original), NULL, "files", entry, &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_NAME);
  g_clear_error (&error);

  result = elicit_config_splice (original, strlen (original), "nope", NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE);
}

/* The loader's own problems, not a copy of them. */
static void
test_entries_are_checked_as_the_loader_reads_them (void)
{
  g_autoptr(JsonObject) both = object_from ("{\"command\": \"x\", \"url\": \"https://a.example\"}");
  g_autoptr(JsonObject) ftp = object_from ("{\"url\": \"ftp://a.example\"}");
  g_autoptr(JsonObject) good = object_from ("{\"command\": \"x\", \"env\": {\"A\": \"1\"}}");
  g_autoptr(GError) error = NULL;

  g_assert_false (elicit_config_check_entry ("a", both, NULL, &error));
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_ENTRY);
  g_assert_cmpstr (error->message, ==, "The entry has both “command” and “url”; it needs one");
  g_clear_error (&error);

  g_assert_false (elicit_config_check_entry ("a", ftp, NULL, &error));
  g_assert_cmpstr (error->message, ==, "“url” must be an http or https address");
  g_clear_error (&error);

  g_assert_false (elicit_config_check_entry ("", good, NULL, &error));
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_NAME);
  g_clear_error (&error);

  g_assert_true (elicit_config_check_entry ("a", good, NULL, &error));
  g_assert_no_error (error);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Wait;

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Wait *wait = user_data;

  wait->ok = elicit_config_writer_save_finish (ELICIT_CONFIG_WRITER (object), result,
                                               &wait->error);
  wait->done = TRUE;
}

static gboolean
save (ElicitConfigWriter  *writer,
      const char          *old_name,
      const char          *name,
      JsonObject          *entry,
      GError             **error)
{
  Wait wait = { 0 };
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  elicit_config_writer_save_async (writer, old_name, name, entry, NULL, saved_cb, &wait);
  while (!wait.done)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  if (wait.error != NULL)
    g_propagate_error (error, wait.error);

  return wait.ok;
}

/* As root, permissions do not stop a write; the immutable flag does. */
static gboolean
make_read_only (const char *dir)
{
  g_autofree char *command = NULL;
  g_autofree char *quoted = g_shell_quote (dir);

  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (access (dir, W_OK) != 0)
    return TRUE;

  command = g_strdup_printf ("chattr +i %s", quoted);
  return g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL) && access (dir, W_OK) != 0;
}

static void
make_writable (const char *dir)
{
  g_autofree char *quoted = g_shell_quote (dir);
  g_autofree char *command = g_strdup_printf ("chattr -i %s", quoted);

  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  g_chmod (dir, 0755);
}

static void
test_saving_creates_and_replaces_the_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("elicit-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "elicit", "servers.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ElicitConfigWriter) writer = elicit_config_writer_new (file);
  g_autoptr(JsonObject) entry = object_from ("{\"url\": \"https://r.example/mcp\"}");
  g_autoptr(JsonObject) read_back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *parent = g_path_get_dirname (path);

  g_assert_true (save (writer, NULL, "r", entry, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\n  \"mcpServers\": {\n    \"r\": {\n"
                             "      \"url\": \"https://r.example/mcp\"\n    }\n  }\n}\n");
  g_assert_true (elicit_config_writer_has_server (writer, "r"));
  read_back = elicit_config_writer_dup_entry (writer, "r");
  g_assert_cmpstr (json_object_get_string_member (read_back, "url"), ==, "https://r.example/mcp");

  /* A folder that cannot be written: the old file stays, and the error says why. */
  if (!make_read_only (parent))
    {
      g_test_skip ("no way to make a folder read-only here");
      return;
    }
  g_assert_false (save (writer, "r", NULL, NULL, &error));
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_WRITE);
  g_assert_true (g_str_has_prefix (error->message, "Could not save "));
  make_writable (parent);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (strstr (text, "\"r\"") != NULL);

  g_assert_true (save (writer, "r", NULL, NULL, &error));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\n  \"mcpServers\": {}\n}\n");

  g_unlink (path);
  g_rmdir (parent);
  g_rmdir (dir);
}

/* A file that is not a servers file is not touched. */
static void
test_broken_files_are_not_written (void)
{
  g_autofree char *dir = g_dir_make_tmp ("elicit-writer-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "servers.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ElicitConfigWriter) writer = elicit_config_writer_new (file);
  g_autoptr(JsonObject) entry = object_from ("{\"command\": \"x\"}");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (path, "{\"mcpServers\": {", -1, NULL));
  g_assert_false (save (writer, NULL, "x", entry, &error));
  g_assert_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE);
  g_assert_true (g_str_has_prefix (error->message, "Correct the servers file first: "));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"mcpServers\": {");

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/ConfigWriter/adding-keeps-everything-else-byte-for-byte",
                   test_adding_keeps_everything_else);
  g_test_add_func ("/Elicit/ConfigWriter/editing-keeps-the-text-of-unchanged-members",
                   test_editing_keeps_unchanged_members);
  g_test_add_func ("/Elicit/ConfigWriter/renaming-and-removing-servers",
                   test_renaming_and_removing);
  g_test_add_func ("/Elicit/ConfigWriter/adding-to-an-empty-servers-object",
                   test_adding_to_an_empty_file);
  g_test_add_func ("/Elicit/ConfigWriter/names-are-checked", test_names_are_checked);
  g_test_add_func ("/Elicit/ConfigWriter/entries-are-checked-as-the-loader-reads-them",
                   test_entries_are_checked_as_the_loader_reads_them);
  g_test_add_func ("/Elicit/ConfigWriter/saving-creates-and-replaces-the-file",
                   test_saving_creates_and_replaces_the_file);
  g_test_add_func ("/Elicit/ConfigWriter/broken-files-are-not-written",
                   test_broken_files_are_not_written);

  return g_test_run ();
}
