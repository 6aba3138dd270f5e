/* test-config.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <sys/stat.h>

#include <glib/gstdio.h>

#include "elicit-http-transport.h"

#include "elicit-config.h"

static ElicitConfig *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  ElicitConfig *config;

  config = elicit_config_new_from_data (text, -1, "servers.json", "/home/ada/.config/elicit",
                                        &error);
  g_assert_no_error (error);
  g_assert_nonnull (config);

  return config;
}

static void
assert_fails (const char        *text,
              ElicitConfigError  code,
              const char        *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitConfig) config = NULL;

  config = elicit_config_new_from_data (text, -1, "servers.json", NULL, &error);
  g_assert_null (config);
  g_assert_error (error, ELICIT_CONFIG_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
}

static ElicitServerConfig *
nth_server (ElicitConfig *config,
            guint         position)
{
  g_autoptr(ElicitServerConfig) server = NULL;

  server = g_list_model_get_item (elicit_config_get_servers (config), position);
  g_assert_nonnull (server);

  /* The configuration keeps its own reference. */
  return server;
}

static void
test_entries_keep_the_file_order (void)
{
  g_autoptr(ElicitConfig) config = NULL;
  g_auto(GStrv) argv = NULL;
  ElicitServerConfig *server;
  const char * const args[] = { "-y", "@modelcontextprotocol/server-everything", NULL };
  const char * const env[] = { "API_BASE=https://api.example.com", "DEBUG=1", NULL };
  const char * const no_args[] = { NULL };

  config = parse_ok ("{\"mcpServers\": {"
                     "  \"zeta\": {\"command\": \"npx\","
                     "             \"args\": [\"-y\", \"@modelcontextprotocol/server-everything\"],"
                     "             \"env\": {\"API_BASE\": \"https://api.example.com\", \"DEBUG\": \"1\"},"
                     "             \"cwd\": \"projects/zeta\"},"
                     "  \"alpha\": {\"command\": \"/usr/bin/alpha-server\", \"cwd\": \"/srv/alpha\"}"
                     "}}");

  g_assert_cmpuint (elicit_config_get_n_servers (config), ==, 2);
  g_assert_false (elicit_config_get_is_demo (config));

  server = nth_server (config, 0);
  g_assert_cmpstr (elicit_server_config_get_name (server), ==, "zeta");
  g_assert_cmpint (elicit_server_config_get_kind (server), ==, ELICIT_SERVER_KIND_STDIO);
  g_assert_null (elicit_server_config_get_problem (server));
  g_assert_cmpstr (elicit_server_config_get_command (server), ==, "npx");
  g_assert_cmpstrv (elicit_server_config_get_args (server), args);
  g_assert_cmpstrv (elicit_server_config_get_environment (server), env);
  /* Relative to the folder of the file that names it. */
  g_assert_cmpstr (elicit_server_config_get_cwd (server), ==,
                   "/home/ada/.config/elicit/projects/zeta");
  g_assert_null (elicit_server_config_get_url (server));
  g_assert_null (elicit_server_config_get_text_domain (server));
  g_assert_false (elicit_server_config_get_disabled (server));

  argv = elicit_server_config_dup_argv (server);
  g_assert_cmpstrv (argv, ((const char * const []) { "npx", "-y",
                                                     "@modelcontextprotocol/server-everything",
                                                     NULL }));

  server = nth_server (config, 1);
  g_assert_cmpstr (elicit_server_config_get_name (server), ==, "alpha");
  g_assert_cmpstrv (elicit_server_config_get_args (server), no_args);
  g_assert_cmpstr (elicit_server_config_get_cwd (server), ==, "/srv/alpha");

  g_assert_true (elicit_config_lookup_server (config, "alpha") == server);
  g_assert_null (elicit_config_lookup_server (config, "beta"));
}

static void
test_unknown_keys_are_ignored (void)
{
  g_autoptr(ElicitConfig) config = NULL;
  ElicitServerConfig *server;

  config = parse_ok ("{\"$schema\": \"https://example.com/schema.json\", \"theme\": [1, 2],"
                     " \"mcpServers\": {\"demo\": {\"command\": \"demo-server\","
                     "   \"type\": \"stdio\", \"autoApprove\": [\"x\"], \"timeout\": 60,"
                     "   \"elicit\": {\"futureOption\": true}}},"
                     " \"globalShortcut\": \"Ctrl+Space\"}");

  g_assert_cmpuint (elicit_config_get_n_servers (config), ==, 1);
  server = nth_server (config, 0);
  g_assert_cmpint (elicit_server_config_get_kind (server), ==, ELICIT_SERVER_KIND_STDIO);
  g_assert_null (elicit_server_config_get_problem (server));
  g_assert_cmpstr (elicit_server_config_get_command (server), ==, "demo-server");
}

static void
test_vscode_servers_are_read (void)
{
  g_autoptr(ElicitConfig) config = NULL;

  config = parse_ok ("{\"servers\": {\"code\": {\"type\": \"stdio\", \"command\": \"code-server\"}}}");

  g_assert_cmpuint (elicit_config_get_n_servers (config), ==, 1);
  g_assert_cmpstr (elicit_server_config_get_name (nth_server (config, 0)), ==, "code");
}

static void
test_broken_json_names_line_and_column (void)
{
  assert_fails ("{\n"
                "  \"mcpServers\": {\n"
                "    \"demo\": {\"command\": \"demo\",}\n"
                "  }\n"
                "}\n",
                ELICIT_CONFIG_ERROR_SYNTAX,
                "servers.json:3:31: Parse error: unexpected character `,', "
                "expected character `]'");

  assert_fails ("{\"mcpServers\": {\n\n  \"demo\": tru }}",
                ELICIT_CONFIG_ERROR_SYNTAX,
                "servers.json:3:13: Parse error: unexpected identifier `tru', expected value");
}

static void
test_invalid_utf8_names_line_and_column (void)
{
  assert_fails ("{\"mcpServers\": {\n  \"d\xffmo\": {}}}",
                ELICIT_CONFIG_ERROR_SYNTAX,
                "servers.json:2:5: not valid UTF-8");
}

static void
test_absurd_nesting_is_refused (void)
{
  g_autoptr(GString) text = g_string_new ("{\"mcpServers\": {\"x\": ");

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '[');

  assert_fails (text->str, ELICIT_CONFIG_ERROR_SYNTAX,
                "servers.json: JSON nested deeper than 64 levels");
}

static void
test_a_file_without_servers_is_invalid (void)
{
  assert_fails ("{\"servers\": [1]}", ELICIT_CONFIG_ERROR_INVALID,
                "servers.json has no “mcpServers” object");
  assert_fails ("[]", ELICIT_CONFIG_ERROR_INVALID,
                "servers.json has no “mcpServers” object");
  assert_fails ("  \n", ELICIT_CONFIG_ERROR_SYNTAX, "servers.json is empty");
}

static void
test_url_entries (void)
{
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitTransport) transport = NULL;
  ElicitServerConfig *server;
  GHashTable *headers;

  config = parse_ok ("{\"mcpServers\": {"
                     "  \"remote\": {\"type\": \"http\", \"url\": \"https://mcp.example.com/mcp\","
                     "              \"headers\": {\"Authorization\": \"Bearer abc\", \"X-Team\": \"7\"}},"
                     "  \"ftp\": {\"url\": \"ftp://example.com/mcp\"},"
                     "  \"nohost\": {\"url\": \"https:///mcp\"},"
                     "  \"badheaders\": {\"url\": \"http://localhost:3000/mcp\", \"headers\": {\"X\": 1}}"
                     "}}");

  server = nth_server (config, 0);
  g_assert_cmpint (elicit_server_config_get_kind (server), ==, ELICIT_SERVER_KIND_REMOTE);
  g_assert_null (elicit_server_config_get_problem (server));
  g_assert_cmpstr (elicit_server_config_get_url (server), ==, "https://mcp.example.com/mcp");
  g_assert_null (elicit_server_config_get_command (server));
  g_assert_null (elicit_server_config_dup_argv (server));
  headers = elicit_server_config_get_headers (server);
  g_assert_cmpuint (g_hash_table_size (headers), ==, 2);
  g_assert_cmpstr (g_hash_table_lookup (headers, "Authorization"), ==, "Bearer abc");
  g_assert_cmpstr (g_hash_table_lookup (headers, "X-Team"), ==, "7");

  transport = elicit_server_config_create_transport (server, &error);
  g_assert_no_error (error);
  g_assert_true (ELICIT_IS_HTTP_TRANSPORT (transport));
  g_assert_cmpstr (elicit_http_transport_get_url (ELICIT_HTTP_TRANSPORT (transport)), ==,
                   "https://mcp.example.com/mcp");
  g_clear_object (&transport);

  for (guint i = 1; i <= 2; i++)
    {
      server = nth_server (config, i);
      g_assert_cmpint (elicit_server_config_get_kind (server), ==, ELICIT_SERVER_KIND_INVALID);
      g_assert_cmpstr (elicit_server_config_get_problem (server), ==,
                       "“url” must be an http or https address");
    }

  server = nth_server (config, 3);
  g_assert_cmpstr (elicit_server_config_get_problem (server), ==,
                   "“headers” must map names to strings");
  g_assert_null (elicit_server_config_get_url (server));

  transport = elicit_server_config_create_transport (server, &error);
  g_assert_null (transport);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpstr (error->message, ==, "“headers” must map names to strings");
}

static void
test_text_domain (void)
{
  g_autoptr(ElicitConfig) config = NULL;

  config = parse_ok ("{\"mcpServers\": {"
                     "  \"de\": {\"command\": \"s\", \"elicit\": {\"textDomain\": \"demo-server\","
                     "                                    \"localeDir\": \"locale\"}},"
                     "  \"empty\": {\"command\": \"s\", \"elicit\": {\"textDomain\": \"\"}},"
                     "  \"wrong\": {\"command\": \"s\", \"elicit\": {\"textDomain\": 7}},"
                     "  \"notobject\": {\"command\": \"s\", \"elicit\": \"demo-server\"}"
                     "}}");

  g_assert_cmpstr (elicit_server_config_get_text_domain (nth_server (config, 0)), ==,
                   "demo-server");
  g_assert_cmpstr (elicit_server_config_get_locale_dir (nth_server (config, 0)), ==,
                   "/home/ada/.config/elicit/locale");
  g_assert_null (elicit_server_config_get_text_domain (nth_server (config, 1)));
  g_assert_null (elicit_server_config_get_locale_dir (nth_server (config, 1)));
  g_assert_cmpstr (elicit_server_config_get_problem (nth_server (config, 2)), ==,
                   "“textDomain” must be a string");
  g_assert_cmpstr (elicit_server_config_get_problem (nth_server (config, 3)), ==,
                   "“elicit” must be an object");
}

static void
test_unusable_entries_are_listed_with_their_problem (void)
{
  static const struct {
    const char *name;
    const char *problem;
  } expected[] = {
    { "both", "The entry has both “command” and “url”; it needs one" },
    { "neither", "The entry has neither “command” nor “url”" },
    { "number", "The entry must be an object" },
    { "args", "“args” must be a list of strings" },
    { "argsnum", "“args” must be a list of strings" },
    { "env", "“env” must map names to strings" },
    { "envname", "“A=B” is not a valid environment variable name" },
    { "command", "“command” must be a string" },
    { "emptycommand", "“command” is empty" },
    { "cwd", "“cwd” must be a string" },
  };
  g_autoptr(ElicitConfig) config = NULL;

  config = parse_ok ("{\"mcpServers\": {"
                     "  \"both\": {\"command\": \"s\", \"url\": \"https://example.com\"},"
                     "  \"neither\": {\"args\": []},"
                     "  \"number\": 3,"
                     "  \"args\": {\"command\": \"s\", \"args\": \"--stdio\"},"
                     "  \"argsnum\": {\"command\": \"s\", \"args\": [\"--port\", 8080]},"
                     "  \"env\": {\"command\": \"s\", \"env\": [\"A=B\"]},"
                     "  \"envname\": {\"command\": \"s\", \"env\": {\"A=B\": \"c\"}},"
                     "  \"command\": {\"command\": [\"s\"]},"
                     "  \"emptycommand\": {\"command\": \"\"},"
                     "  \"cwd\": {\"command\": \"s\", \"cwd\": false}"
                     "}}");

  g_assert_cmpuint (elicit_config_get_n_servers (config), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      ElicitServerConfig *server = nth_server (config, i);

      g_assert_cmpstr (elicit_server_config_get_name (server), ==, expected[i].name);
      g_assert_cmpint (elicit_server_config_get_kind (server), ==, ELICIT_SERVER_KIND_INVALID);
      g_assert_cmpstr (elicit_server_config_get_problem (server), ==, expected[i].problem);
      g_assert_null (elicit_server_config_get_command (server));
      g_assert_null (elicit_server_config_get_args (server));
    }
}

static void
test_disabled_entries (void)
{
  g_autoptr(ElicitConfig) config = NULL;

  config = parse_ok ("{\"mcpServers\": {\"off\": {\"command\": \"s\", \"disabled\": true},"
                     " \"on\": {\"command\": \"s\", \"disabled\": false}}}");

  g_assert_true (elicit_server_config_get_disabled (nth_server (config, 0)));
  g_assert_false (elicit_server_config_get_disabled (nth_server (config, 1)));
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static ElicitConfig *
load (GFile   *file,
      GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  guint timeout = 0;

  elicit_config_load_async (file, NULL, load_cb, &result);
  while (result == NULL)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpuint (++timeout, <, 10000);
    }

  return elicit_config_load_finish (result, error);
}

static void
test_files_are_read_without_blocking (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-config-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *missing_path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) missing = NULL;
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(ElicitConfig) blocking = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "servers.json", NULL);
  g_file_set_contents (path, "{\"mcpServers\": {\"s\": {\"command\": \"s\", \"cwd\": \"sub\"}}}", -1,
                       &error);
  g_assert_no_error (error);

  file = g_file_new_for_path (path);
  config = load (file, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_equal (elicit_config_get_file (config), file));
  expected = g_build_filename (dir, "sub", NULL);
  g_assert_cmpstr (elicit_server_config_get_cwd (nth_server (config, 0)), ==, expected);

  blocking = elicit_config_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (elicit_config_get_n_servers (blocking), ==, 1);

  missing_path = g_build_filename (dir, "missing.json", NULL);
  missing = g_file_new_for_path (missing_path);
  g_clear_object (&config);
  config = load (missing, &error);
  g_assert_null (config);
  g_assert_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "Could not read "));
  g_assert_nonnull (strstr (error->message, missing_path));

  g_unlink (path);
  g_rmdir (dir);
}

/* A FIFO would block the read forever, /dev/zero would never end: both refused at once. */
static void
test_only_regular_files_are_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-config-XXXXXX", &error);
  g_autofree char *fifo_path = NULL;
  g_autoptr(GFile) fifo = NULL;
  g_autoptr(GFile) zero = g_file_new_for_path ("/dev/zero");
  g_autoptr(ElicitConfig) config = NULL;

  g_assert_no_error (error);
  fifo_path = g_build_filename (dir, "servers.json", NULL);
  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);
  fifo = g_file_new_for_path (fifo_path);

  config = elicit_config_new_from_file (fifo, &error);
  g_assert_null (config);
  g_assert_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_READ);
  g_assert_true (g_str_has_suffix (error->message, ": It is not a regular file"));
  g_clear_error (&error);

  config = load (fifo, &error);
  g_assert_null (config);
  g_assert_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_READ);
  g_clear_error (&error);

  config = elicit_config_new_from_file (zero, &error);
  g_assert_null (config);
  g_assert_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_READ);
  g_assert_cmpstr (error->message, ==, "Could not read /dev/zero: It is not a regular file");
  g_clear_error (&error);

  g_unlink (fifo_path);
  g_rmdir (dir);
}

static void
test_the_default_file_and_the_demo (void)
{
  g_autoptr(GFile) file = elicit_config_get_default_file ();
  g_autofree char *expected = g_build_filename (g_get_user_config_dir (), "elicit",
                                                "servers.json", NULL);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(ElicitConfig) demo = NULL;
  ElicitServerConfig *server;
  const char * const no_args[] = { NULL };

  g_assert_cmpstr (path, ==, expected);

  g_setenv ("ELICIT_DEMO_SERVER", "/opt/elicit/elicit-demo-server", TRUE);
  demo = elicit_config_new_demo ();
  g_assert_true (elicit_config_get_is_demo (demo));
  g_assert_null (elicit_config_get_file (demo));
  g_assert_cmpuint (elicit_config_get_n_servers (demo), ==, 1);
  server = nth_server (demo, 0);
  g_assert_cmpstr (elicit_server_config_get_name (server), ==, "demo");
  g_assert_cmpstr (elicit_server_config_get_command (server), ==, "/opt/elicit/elicit-demo-server");
  g_assert_cmpstrv (elicit_server_config_get_args (server), no_args);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/Config/mcp-servers-entries-keep-the-file-order",
                   test_entries_keep_the_file_order);
  g_test_add_func ("/Elicit/Config/unknown-keys-are-ignored", test_unknown_keys_are_ignored);
  g_test_add_func ("/Elicit/Config/vscode-servers-are-read-too", test_vscode_servers_are_read);
  g_test_add_func ("/Elicit/Config/broken-json-names-line-and-column",
                   test_broken_json_names_line_and_column);
  g_test_add_func ("/Elicit/Config/invalid-utf8-names-line-and-column",
                   test_invalid_utf8_names_line_and_column);
  g_test_add_func ("/Elicit/Config/absurd-nesting-is-refused", test_absurd_nesting_is_refused);
  g_test_add_func ("/Elicit/Config/only-regular-files-are-read", test_only_regular_files_are_read);
  g_test_add_func ("/Elicit/Config/a-file-without-servers-is-invalid",
                   test_a_file_without_servers_is_invalid);
  g_test_add_func ("/Elicit/Config/url-entries-keep-their-headers", test_url_entries);
  g_test_add_func ("/Elicit/Config/text-domain", test_text_domain);
  g_test_add_func ("/Elicit/Config/unusable-entries-are-listed-with-their-problem",
                   test_unusable_entries_are_listed_with_their_problem);
  g_test_add_func ("/Elicit/Config/disabled-entries", test_disabled_entries);
  g_test_add_func ("/Elicit/Config/files-are-read-without-blocking",
                   test_files_are_read_without_blocking);
  g_test_add_func ("/Elicit/Config/the-default-file-and-the-demo",
                   test_the_default_file_and_the_demo);

  return g_test_run ();
}
