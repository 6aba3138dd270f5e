/* elicit-config.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-config.h"

/* A servers file is a few kilobytes; anything this large is a mistake. */
#define MAX_CONFIG_SIZE (16 * 1024 * 1024)

/**
 * ElicitConfig:
 *
 * The servers Elicit connects to, read from a servers file
 * (`$XDG_CONFIG_HOME/elicit/servers.json` unless the user names another) in
 * the `mcpServers` format other MCP clients use, so a user can point Elicit
 * at a file they already have:
 *
 * ```json
 * {
 *   "mcpServers": {
 *     "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."] },
 *     "remote": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer …" } }
 *   }
 * }
 * ```
 *
 * Servers keep the file's order. A file VS Code wrote (`"servers"` instead of
 * `"mcpServers"`) is read too. A file that is not JSON fails with the line and
 * the column of the mistake; an entry that cannot be used is listed with its
 * problem ([method@ServerConfig.get_problem]) and does not fail the file.
 */

struct _ElicitConfig
{
  GObject     parent_instance;

  GFile      *file;
  GListStore *servers;
  gboolean    is_demo;
};

G_DEFINE_FINAL_TYPE (ElicitConfig, elicit_config, G_TYPE_OBJECT)

G_DEFINE_QUARK (elicit-config-error-quark, elicit_config_error)

static void
elicit_config_dispose (GObject *object)
{
  ElicitConfig *self = ELICIT_CONFIG (object);

  g_clear_object (&self->file);
  g_clear_object (&self->servers);

  G_OBJECT_CLASS (elicit_config_parent_class)->dispose (object);
}

static void
elicit_config_class_init (ElicitConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_config_dispose;
}

static void
elicit_config_init (ElicitConfig *self)
{
  self->servers = g_list_store_new (ELICIT_TYPE_SERVER_CONFIG);
}

/* Reading ------------------------------------------------------------------- */

static void
locate (const char *data,
        const char *at,
        guint      *line,
        guint      *column)
{
  *line = 1;
  *column = 1;
  for (const char *p = data; p < at; p++)
    {
      if (*p == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else
        (*column)++;
    }
}

static void
set_syntax_error (GError     **error,
                  const char  *display_name,
                  guint        line,
                  guint        column,
                  const char  *message)
{
  /* Translators: the usual FILE:LINE:COLUMN: MESSAGE of compilers and editors */
  g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_SYNTAX,
               _("%s:%u:%u: %s"), display_name, line, column, message);
}

/* json-glib says where it stopped as "<data>:LINE:COLUMN: message". */
static void
propagate_parser_error (GError     **error,
                        const char  *display_name,
                        GError      *parser_error)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;

  regex = g_regex_new ("^<data>:([0-9]+):([0-9]+): (.*)$", G_REGEX_DOTALL, 0, NULL);
  if (g_regex_match (regex, parser_error->message, 0, &match))
    {
      g_autofree char *line = g_match_info_fetch (match, 1);
      g_autofree char *column = g_match_info_fetch (match, 2);
      g_autofree char *message = g_match_info_fetch (match, 3);

      set_syntax_error (error, display_name,
                        (guint) g_ascii_strtoull (line, NULL, 10),
                        (guint) g_ascii_strtoull (column, NULL, 10),
                        message);
      return;
    }

  g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_SYNTAX,
               "%s: %s", display_name, parser_error->message);
}

static JsonNode *
parse (const char  *data,
       gsize        length,
       const char  *display_name,
       GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *end;
  guint line;
  guint column;

  if (!g_utf8_validate (data, length, &end))
    {
      locate (data, end, &line, &column);
      set_syntax_error (error, display_name, line, column, _("not valid UTF-8"));
      return NULL;
    }

  /* json-glib recurses once per level: refuse absurd nesting before it does.
   * Its own errors say where, so only the limits are taken from the check. */
  if (!elicit_json_check (data, length, ELICIT_JSON_DEFAULT_MAX_DEPTH, &local_error) &&
      (g_error_matches (local_error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_DEEP) ||
       g_error_matches (local_error, ELICIT_JSON_ERROR, ELICIT_JSON_ERROR_TOO_MANY_VALUES)))
    {
      g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_SYNTAX,
                   "%s: %s", display_name, local_error->message);
      return NULL;
    }
  g_clear_error (&local_error);

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      propagate_parser_error (error, display_name, local_error);
      return NULL;
    }

  if (json_parser_get_root (parser) == NULL)
    {
      /* Translators: %s is a file name */
      g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_SYNTAX,
                   _("%s is empty"), display_name);
      return NULL;
    }

  return json_parser_steal_root (parser);
}

static JsonObject *
find_servers (JsonNode *root)
{
  static const char * const members[] = { "mcpServers", "servers" };

  if (!JSON_NODE_HOLDS_OBJECT (root))
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonNode *node = json_object_get_member (json_node_get_object (root), members[i]);

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        return json_node_get_object (node);
    }

  return NULL;
}

static ElicitConfig *
config_new_from_data (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      const char  *base_dir,
                      GError     **error)
{
  g_autoptr(ElicitConfig) self = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *servers;
  GList *names;

  root = parse (data, length, display_name, error);
  if (root == NULL)
    return NULL;

  servers = find_servers (root);
  if (servers == NULL)
    {
      /* Translators: %s is a file name; “mcpServers” is a JSON key, keep it */
      g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_INVALID,
                   _("%s has no “mcpServers” object"), display_name);
      return NULL;
    }

  self = elicit_config_new ();
  names = json_object_get_members (servers);
  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autoptr(ElicitServerConfig) server = NULL;

      server = elicit_server_config_new_from_json (l->data,
                                                   json_object_get_member (servers, l->data),
                                                   base_dir);
      g_list_store_append (self->servers, server);
    }
  g_list_free (names);

  return g_steal_pointer (&self);
}

static ElicitConfig *
config_new_from_contents (GFile       *file,
                          const char  *data,
                          gsize        length,
                          GError     **error)
{
  g_autofree char *display_name = g_file_get_parse_name (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *base_dir = parent != NULL ? g_file_get_path (parent) : NULL;
  ElicitConfig *self;

  if (length > MAX_CONFIG_SIZE)
    {
      /* Translators: %s is a file name */
      g_set_error (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_READ,
                   _("%s is too large to be a servers file"), display_name);
      return NULL;
    }

  self = config_new_from_data (data, length, display_name, base_dir, error);
  if (self != NULL)
    self->file = g_object_ref (file);

  return self;
}

static void
propagate_read_error (GError **error,
                      GFile   *file,
                      GError  *read_error)
{
  g_autofree char *display_name = g_file_get_parse_name (file);

  g_set_error (error, ELICIT_CONFIG_ERROR,
               g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)
                 ? ELICIT_CONFIG_ERROR_NOT_FOUND
                 : ELICIT_CONFIG_ERROR_READ,
               /* Translators: the first %s is a file name, the second why it could not be read */
               _("Could not read %s: %s"), display_name, read_error->message);
}

/*
 * A servers file names commands to run, and may be anything a path can name:
 * only a regular file of bounded size is read, so a FIFO (which would block
 * forever) or /dev/zero (which never ends) is refused at once. Opened with
 * O_NONBLOCK and judged by fstat(), so nothing swapped in after a check can
 * block the open.
 */
static gboolean
read_bounded (GFile   *file,
              char   **contents,
              gsize   *length,
              GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GString) text = NULL;
  struct stat info;
  int fd;

  if (path == NULL)
    return g_file_load_contents (file, NULL, contents, length, NULL, error);

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
      return FALSE;
    }

  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      close (fd);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("It is not a regular file"));
      return FALSE;
    }

  /* Sized by what fstat() says, grown if the file grows while read. */
  text = g_string_sized_new (MIN ((gsize) info.st_size, MAX_CONFIG_SIZE) + 1);
  while (text->len <= MAX_CONFIG_SIZE)
    {
      char chunk[16384];
      gssize n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      g_string_append_len (text, chunk, n);
    }
  close (fd);

  if (text->len > MAX_CONFIG_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("It is larger than %u MiB"),
                   (guint) (MAX_CONFIG_SIZE / (1024 * 1024)));
      return FALSE;
    }

  *length = text->len;
  *contents = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *file = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autofree char *contents = NULL;
  ElicitConfig *config;
  gsize length;

  if (!read_bounded (file, &contents, &length, &read_error))
    {
      propagate_read_error (&error, file, read_error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  config = config_new_from_contents (file, contents, length, &error);
  if (config == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, config, g_object_unref);
}

/* Public API ------------------------------------------------------------------ */

/**
 * elicit_config_get_default_file:
 *
 * Returns: (transfer full): `$XDG_CONFIG_HOME/elicit/servers.json`
 */
GFile *
elicit_config_get_default_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_config_dir (), "elicit", "servers.json",
                                            NULL);

  return g_file_new_for_path (path);
}

/**
 * elicit_config_find_demo_server:
 *
 * Finds the bundled `elicit-demo-server`: `$ELICIT_DEMO_SERVER` when set,
 * else next to the running program (installed, or in the build tree), else
 * in the installed bindir, else on `PATH`.
 *
 * Returns: (transfer full): the program to run
 */
char *
elicit_config_find_demo_server (void)
{
  const char *from_env = g_getenv ("ELICIT_DEMO_SERVER");
  g_autofree char *exe = NULL;
  char *found;

  if (from_env != NULL && *from_env != '\0')
    return g_strdup (from_env);

  exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (exe);
      g_autofree char *installed = g_build_filename (dir, "elicit-demo-server", NULL);
      g_autofree char *uninstalled = g_build_filename (dir, "..", "demo-server",
                                                       "elicit-demo-server", NULL);

      if (g_file_test (installed, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&installed);
      if (g_file_test (uninstalled, G_FILE_TEST_IS_EXECUTABLE))
        return g_canonicalize_filename (uninstalled, NULL);
    }

  found = g_build_filename (BINDIR, "elicit-demo-server", NULL);
  if (g_file_test (found, G_FILE_TEST_IS_EXECUTABLE))
    return found;
  g_free (found);

  found = g_find_program_in_path ("elicit-demo-server");
  return found != NULL ? found : g_strdup ("elicit-demo-server");
}

/**
 * elicit_config_new:
 *
 * Returns: (transfer full): a configuration without servers
 */
ElicitConfig *
elicit_config_new (void)
{
  return g_object_new (ELICIT_TYPE_CONFIG, NULL);
}

/**
 * elicit_config_new_demo:
 *
 * The configuration used when the user has none: the bundled demo server,
 * named %ELICIT_CONFIG_DEMO_SERVER_NAME.
 *
 * Returns: (transfer full): a new configuration
 */
ElicitConfig *
elicit_config_new_demo (void)
{
  ElicitConfig *self = elicit_config_new ();
  g_autofree char *program = elicit_config_find_demo_server ();
  g_autoptr(ElicitServerConfig) demo = NULL;

  demo = elicit_server_config_new_stdio (ELICIT_CONFIG_DEMO_SERVER_NAME, program, NULL);
  g_list_store_append (self->servers, demo);
  self->is_demo = TRUE;

  return self;
}

/**
 * elicit_config_new_from_data:
 * @data: the text of a servers file
 * @length: its length in bytes, or -1 when @data ends with a NUL
 * @display_name: how to name the file in messages
 * @base_dir: (nullable): the folder relative `cwd` entries are relative to
 * @error: return location for an [error@ConfigError]
 *
 * Reads a servers file from memory.
 *
 * Returns: (transfer full) (nullable): the configuration, or %NULL with @error set
 */
ElicitConfig *
elicit_config_new_from_data (const char  *data,
                             gssize       length,
                             const char  *display_name,
                             const char  *base_dir,
                             GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);

  return config_new_from_data (data != NULL ? data : "", (gsize) length, display_name, base_dir,
                               error);
}

/**
 * elicit_config_new_from_file:
 * @file: a servers file
 * @error: return location for an [error@ConfigError]
 *
 * Reads a servers file, blocking: for command-line programs. The app uses
 * [func@Config.load_async].
 *
 * Returns: (transfer full) (nullable): the configuration, or %NULL with @error set
 */
ElicitConfig *
elicit_config_new_from_file (GFile   *file,
                             GError **error)
{
  g_autoptr(GError) read_error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_bounded (file, &contents, &length, &read_error))
    {
      propagate_read_error (error, file, read_error);
      return NULL;
    }

  return config_new_from_contents (file, contents, length, error);
}

/**
 * elicit_config_load_async:
 * @file: a servers file
 * @cancellable: (nullable): a cancellable
 * @callback: called when the file has been read
 * @user_data: data for @callback
 *
 * Reads a servers file without blocking.
 */
void
elicit_config_load_async (GFile               *file,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_config_load_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

/**
 * elicit_config_load_finish:
 * @result: the result given to the callback
 * @error: return location for an [error@ConfigError]
 *
 * Finishes [func@Config.load_async].
 *
 * Returns: (transfer full) (nullable): the configuration, or %NULL with @error set
 */
ElicitConfig *
elicit_config_load_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_config_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* JSON with comments, as VS Code writes its settings: comments and trailing
 * commas become spaces, so the parser's lines and columns stay the file's. */
static void
blank_comments (char  *text,
                gsize  length)
{
  gsize last_comma = G_MAXSIZE;

  for (gsize i = 0; i < length; i++)
    {
      if (text[i] == '"')
        {
          for (i++; i < length && text[i] != '"'; i++)
            if (text[i] == '\\' && i + 1 < length)
              i++;
          last_comma = G_MAXSIZE;
        }
      else if (text[i] == '/' && i + 1 < length && text[i + 1] == '/')
        for (; i < length && text[i] != '\n'; i++)
          text[i] = ' ';
      else if (text[i] == '/' && i + 1 < length && text[i + 1] == '*')
        {
          gsize end = i + 2;

          while (end + 1 < length && !(text[end] == '*' && text[end + 1] == '/'))
            end++;
          for (end = MIN (end + 2, length); i < end; i++)
            if (text[i] != '\n')
              text[i] = ' ';
          i--;
        }
      else if (text[i] == ',')
        last_comma = i;
      else if ((text[i] == '}' || text[i] == ']') && last_comma != G_MAXSIZE)
        {
          text[last_comma] = ' ';
          last_comma = G_MAXSIZE;
        }
      else if (!g_ascii_isspace (text[i]))
        last_comma = G_MAXSIZE;
    }
}

/**
 * elicit_config_read_json:
 * @file: a JSON file, such as another MCP client's configuration
 * @commented: whether comments and trailing commas are allowed
 * @error: return location for an [error@ConfigError]
 *
 * Reads a JSON file as a servers file is read: a regular file of bounded
 * size, nesting refused before the parser recurses, mistakes named by line
 * and column. With @commented, it is read as VS Code and Zed write their
 * settings (JSON with comments and trailing commas). It only reads: the file
 * is never written. Blocks: call it in a worker thread.
 *
 * Returns: (transfer full) (nullable): the file's root, or %NULL with @error set
 */
JsonNode *
elicit_config_read_json (GFile    *file,
                         gboolean  commented,
                         GError  **error)
{
  g_autoptr(GError) read_error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *display_name = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_bounded (file, &contents, &length, &read_error))
    {
      propagate_read_error (error, file, read_error);
      return NULL;
    }

  if (commented)
    blank_comments (contents, length);

  display_name = g_file_get_parse_name (file);
  return parse (contents, length, display_name, error);
}

/**
 * elicit_config_get_file:
 * @self: a configuration
 *
 * Returns: (transfer none) (nullable): the file it was read from
 */
GFile *
elicit_config_get_file (ElicitConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG (self), NULL);

  return self->file;
}

/**
 * elicit_config_get_is_demo:
 * @self: a configuration
 *
 * Returns: whether this is the demo configuration of [func@Config.new_demo]
 */
gboolean
elicit_config_get_is_demo (ElicitConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG (self), FALSE);

  return self->is_demo;
}

/**
 * elicit_config_get_servers:
 * @self: a configuration
 *
 * Returns: (transfer none): the [class@ServerConfig]s, in the file's order
 */
GListModel *
elicit_config_get_servers (ElicitConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG (self), NULL);

  return G_LIST_MODEL (self->servers);
}

/**
 * elicit_config_get_n_servers:
 * @self: a configuration
 *
 * Returns: how many servers the configuration lists
 */
guint
elicit_config_get_n_servers (ElicitConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->servers));
}

/**
 * elicit_config_lookup_server:
 * @self: a configuration
 * @name: a server's name
 *
 * Returns: (transfer none) (nullable): the server called @name
 */
ElicitServerConfig *
elicit_config_lookup_server (ElicitConfig *self,
                             const char   *name)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i++)
    {
      g_autoptr(ElicitServerConfig) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (g_str_equal (elicit_server_config_get_name (server), name))
        return server;
    }

  return NULL;
}
