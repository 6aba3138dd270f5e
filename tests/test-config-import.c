/* test-config-import.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "elicit.h"

#include "elicit-config-import.h"
#include "elicit-import-candidate.h"

/* Maps one entry of another client's file; returns the entry as compact JSON
 * text, or NULL with @problem set. */
static char *
map (const char  *entry_json,
     char       **problem)
{
  g_autoptr(JsonNode) node = elicit_json_parse (entry_json, -1, 64, NULL);
  g_autoptr(JsonObject) entry = NULL;
  g_autoptr(JsonNode) out = NULL;

  g_assert_nonnull (node);
  entry = elicit_config_import_map ("server", node, problem);
  if (entry == NULL)
    return NULL;

  g_assert_null (*problem);
  out = json_node_init_object (json_node_alloc (), entry);
  return json_to_string (out, FALSE);
}

static void
assert_maps_to (const char *entry_json,
                const char *expected)
{
  g_autofree char *problem = NULL;
  g_autofree char *got = map (entry_json, &problem);

  if (got == NULL)
    g_error ("%s: not mapped: %s", entry_json, problem);
  g_assert_cmpstr (got, ==, expected);
}

static void
assert_refused (const char *entry_json,
                const char *problem_part)
{
  g_autofree char *problem = NULL;
  g_autofree char *got = map (entry_json, &problem);

  g_assert_null (got);
  g_assert_nonnull (problem);
  if (strstr (problem, problem_part) == NULL)
    g_error ("“%s” does not say “%s”", problem, problem_part);
}

static void
test_claude_desktop (void)
{
  /* Command, arguments, environment; anything else stays behind. */
  assert_maps_to ("{\"command\": \"npx\", \"args\": [\"-y\", \"fs\", \"/tmp\"],"
                  " \"env\": {\"TOKEN\": \"t\"}, \"alwaysAllow\": [\"read\"]}",
                  "{\"command\":\"npx\",\"args\":[\"-y\",\"fs\",\"/tmp\"],\"env\":{\"TOKEN\":\"t\"}}");
}

static void
test_claude_code (void)
{
  assert_maps_to ("{\"type\": \"stdio\", \"command\": \"uvx\", \"args\": [\"srv\"], \"env\": {}}",
                  "{\"command\":\"uvx\",\"args\":[\"srv\"],\"env\":{}}");
  assert_maps_to ("{\"type\": \"http\", \"url\": \"https://mcp.example/mcp\","
                  " \"headers\": {\"Authorization\": \"Bearer x\"}}",
                  "{\"url\":\"https://mcp.example/mcp\",\"headers\":{\"Authorization\":\"Bearer x\"}}");
  /* The old HTTP+SSE transport: Elicit falls back to it at the same address. */
  assert_maps_to ("{\"type\": \"sse\", \"url\": \"https://old.example/sse\"}",
                  "{\"url\":\"https://old.example/sse\"}");
  /* Claude Code expands ${VAR} itself. */
  assert_refused ("{\"type\": \"http\", \"url\": \"https://mcp.example/mcp\","
                  " \"headers\": {\"Authorization\": \"Bearer ${API_KEY}\"}}", "${API_KEY}");
}

static void
test_vs_code (void)
{
  assert_maps_to ("{\"type\": \"stdio\", \"command\": \"node\", \"args\": [\"s.js\"],"
                  " \"cwd\": \"/srv/mcp\", \"dev\": {\"watch\": \"*.js\"}}",
                  "{\"command\":\"node\",\"args\":[\"s.js\"],\"cwd\":\"/srv/mcp\"}");
  assert_maps_to ("{\"type\": \"http\", \"url\": \"http://localhost:3000/mcp\"}",
                  "{\"url\":\"http://localhost:3000/mcp\"}");
  assert_refused ("{\"type\": \"stdio\", \"command\": \"npx\", \"args\": [\"gh\"],"
                  " \"env\": {\"GITHUB_TOKEN\": \"${input:github-token}\"}}",
                  "${input:github-token}");
  assert_refused ("{\"command\": \"node\", \"args\": [\"${workspaceFolder}/s.js\"]}",
                  "${workspaceFolder}");
  assert_refused ("{\"type\": \"stdio\", \"command\": \"x\", \"envFile\": \"${workspaceFolder}/.env\"}",
                  "envFile");
}

static void
test_cursor (void)
{
  assert_maps_to ("{\"url\": \"https://cursor.example/mcp\", \"headers\": {\"X-Key\": \"k\"}}",
                  "{\"url\":\"https://cursor.example/mcp\",\"headers\":{\"X-Key\":\"k\"}}");
  assert_refused ("{\"command\": \"x\", \"env\": {\"KEY\": \"${env:KEY}\"}}", "${env:KEY}");
}

static void
test_gemini_cli (void)
{
  assert_maps_to ("{\"httpUrl\": \"https://gem.example/mcp\", \"timeout\": 5000, \"trust\": true}",
                  "{\"url\":\"https://gem.example/mcp\"}");
  assert_maps_to ("{\"url\": \"https://gem.example/sse\", \"headers\": {\"A\": \"b\"}}",
                  "{\"url\":\"https://gem.example/sse\",\"headers\":{\"A\":\"b\"}}");
  assert_maps_to ("{\"command\": \"python\", \"args\": [\"-m\", \"srv\"], \"cwd\": \"/opt/srv\","
                  " \"includeTools\": [\"a\"]}",
                  "{\"command\":\"python\",\"args\":[\"-m\",\"srv\"],\"cwd\":\"/opt/srv\"}");
}

static void
test_windsurf (void)
{
  assert_maps_to ("{\"serverUrl\": \"https://wind.example/mcp\", \"disabled\": true}",
                  "{\"url\":\"https://wind.example/mcp\",\"disabled\":true}");
}

static void
test_zed_and_opencode (void)
{
  /* Zed: the command as an object. */
  assert_maps_to ("{\"command\": {\"path\": \"/usr/bin/srv\", \"args\": [\"--stdio\"],"
                  " \"env\": {\"A\": \"1\"}}, \"settings\": {}}",
                  "{\"command\":\"/usr/bin/srv\",\"args\":[\"--stdio\"],\"env\":{\"A\":\"1\"}}");
  /* opencode: the command and its arguments as one list, "environment", "enabled". */
  assert_maps_to ("{\"type\": \"local\", \"command\": [\"npx\", \"-y\", \"srv\"],"
                  " \"environment\": {\"A\": \"1\"}, \"enabled\": false}",
                  "{\"command\":\"npx\",\"args\":[\"-y\",\"srv\"],\"env\":{\"A\":\"1\"},\"disabled\":true}");
  assert_maps_to ("{\"type\": \"remote\", \"url\": \"https://oc.example/mcp\"}",
                  "{\"url\":\"https://oc.example/mcp\"}");
}

static void
test_what_cannot_be_mapped (void)
{
  assert_refused ("{\"type\": \"websocket\", \"url\": \"ws://localhost:9\"}", "websocket");
  assert_refused ("{\"type\": \"http\"}", "address");
  assert_refused ("{\"url\": \"ftp://files.example/\"}", "http");
  assert_refused ("{\"command\": \"\"}", "command");
  assert_refused ("{\"command\": \"x\", \"args\": \"--all\"}", "args");
  assert_refused ("[1, 2]", "object");
}

/* Scanning a home ----------------------------------------------------------------------- */

static void
write_file (const char *home,
            const char *path,
            const char *text)
{
  g_autofree char *full = g_build_filename (home, path, NULL);
  g_autofree char *dir = g_path_get_dirname (full);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (full, text, -1, &error);
  g_assert_no_error (error);
}

static void
rm_rf (const char *path)
{
  const char *argv[] = { "rm", "-rf", path, NULL };

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, NULL, NULL));
}

static ElicitImportCandidate *
find_candidate (GListModel *found,
                const char *client,
                const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (found); i++)
    {
      g_autoptr(ElicitImportCandidate) candidate = g_list_model_get_item (found, i);

      if (g_str_equal (elicit_import_candidate_get_client (candidate), client) &&
          g_strcmp0 (elicit_import_candidate_get_name (candidate), name) == 0)
        return candidate;
    }

  g_error ("%s has no server %s", client, name);
}

static const char claude_code[] =
  "{\"numStartups\": 3,\n"
  " \"mcpServers\": {\"user-srv\": {\"type\": \"stdio\", \"command\": \"a\"}},\n"
  " \"projects\": {\"/home/me/proj\": {\"mcpServers\":"
  " {\"proj-srv\": {\"type\": \"http\", \"url\": \"https://p.example/mcp\"}}}}}\n";

static const char vs_code_settings[] =
  "{\n  // VS Code writes comments, /* of both kinds */\n  \"editor.fontSize\": 12,\n"
  "  \"url\": \"http://not/a // comment\",\n"
  "  \"mcp\": {\"servers\": {\"from-settings\": {\"command\": \"b\", \"args\": [\"x,\",],},}},\n}\n";

static void
test_scan_reads_every_client_and_writes_none (void)
{
  g_autofree char *home = g_dir_make_tmp ("elicit-import-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (home, ".config", NULL);
  g_autofree char *fifo = g_build_filename (home, ".cursor", "mcp.json", NULL);
  g_autofree char *claude_path = g_build_filename (home, ".claude.json", NULL);
  g_autofree char *after = NULL;
  g_autoptr(GListModel) found = NULL;
  ElicitImportCandidate *candidate;
  struct stat before_info, after_info;

  write_file (home, ".config/Claude/claude_desktop_config.json",
              "{\"mcpServers\": {\"files\": {\"command\": \"npx\", \"args\": [\"fs\"]}}}");
  write_file (home, ".claude.json", claude_code);
  write_file (home, ".config/Code/User/mcp.json",
              "{\"inputs\": [{\"id\": \"k\", \"type\": \"promptString\"}], \"servers\":"
              " {\"gh\": {\"command\": \"gh-mcp\", \"env\": {\"K\": \"${input:k}\"}}}}");
  write_file (home, ".config/Code/User/settings.json", vs_code_settings);
  write_file (home, ".gemini/settings.json", "{\"theme\": \"x\"}");
  write_file (home, ".codeium/windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\"serverUrl\":");
  /* A FIFO where a file should be: refused at once, never waited on. */
  write_file (home, ".cursor/placeholder", "");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_stat (claude_path, &before_info), ==, 0);

  found = elicit_config_import_scan (home, config, NULL);

  candidate = find_candidate (found, "Claude Desktop", "files");
  g_assert_nonnull (elicit_import_candidate_get_entry (candidate));
  g_assert_cmpstr (elicit_import_candidate_get_source (candidate), ==,
                   "~/.config/Claude/claude_desktop_config.json");
  g_assert_nonnull (elicit_import_candidate_get_entry (find_candidate (found, "Claude Code",
                                                                       "user-srv")));
  g_assert_nonnull (elicit_import_candidate_get_entry (find_candidate (found,
                                                                       "Claude Code in /home/me/proj",
                                                                       "proj-srv")));
  candidate = find_candidate (found, "Visual Studio Code", "gh");
  g_assert_null (elicit_import_candidate_get_entry (candidate));
  g_assert_nonnull (strstr (elicit_import_candidate_get_problem (candidate), "${input:k}"));
  candidate = find_candidate (found, "Visual Studio Code", "from-settings");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (
                     elicit_import_candidate_get_entry (candidate), "args"), 0), ==, "x,");
  /* A file that is not JSON, and a FIFO: each one nameless candidate saying why. */
  g_assert_nonnull (elicit_import_candidate_get_problem (find_candidate (found, "Windsurf", NULL)));
  g_assert_nonnull (elicit_import_candidate_get_problem (find_candidate (found, "Cursor", NULL)));
  /* Gemini CLI's settings without servers add nothing. */
  g_assert_cmpuint (g_list_model_get_n_items (found), ==, 7);

  /* Read, never written. */
  g_assert_true (g_file_get_contents (claude_path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, claude_code);
  g_assert_cmpint (g_stat (claude_path, &after_info), ==, 0);
  g_assert_cmpint (after_info.st_mtime, ==, before_info.st_mtime);

  rm_rf (home);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/ConfigImport/claude-desktop-commands-keep-args-and-env",
                   test_claude_desktop);
  g_test_add_func ("/Elicit/ConfigImport/claude-code-types-stdio-http-and-sse", test_claude_code);
  g_test_add_func ("/Elicit/ConfigImport/vs-code-inputs-and-workspace-variables-are-not-importable",
                   test_vs_code);
  g_test_add_func ("/Elicit/ConfigImport/cursor-remote-servers-keep-headers", test_cursor);
  g_test_add_func ("/Elicit/ConfigImport/gemini-cli-http-url-and-sse-url", test_gemini_cli);
  g_test_add_func ("/Elicit/ConfigImport/windsurf-server-url", test_windsurf);
  g_test_add_func ("/Elicit/ConfigImport/zed-and-opencode-command-shapes", test_zed_and_opencode);
  g_test_add_func ("/Elicit/ConfigImport/what-cannot-be-mapped-says-why", test_what_cannot_be_mapped);
  g_test_add_func ("/Elicit/ConfigImport/scan-reads-every-client-and-writes-none",
                   test_scan_reads_every_client_and_writes_none);

  return g_test_run ();
}
