/* elicit-config-import.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * The servers other MCP clients on this machine know, offered for import
 * into Elicit's own servers file. Their files are only ever read — through
 * the servers file's own reader (elicit_config_read_json(): regular files of
 * bounded size), in a worker thread — and never written.
 *
 * Every client writes a close variant of one shape: a map from names to
 * entries with a command, its arguments, environment and folder, or an
 * address and its headers. Where the variants differ:
 *
 *   client          file                                    map              remote address
 *   Claude Desktop  ~/.config/Claude/claude_desktop_config   mcpServers       (stdio only)
 *   Claude Code     ~/.claude.json                          mcpServers, and  url (type http|sse)
 *                                                           projects.*.mcpServers
 *   VS Code         ~/.config/Code/User/mcp.json            servers          url (type http|sse)
 *                   ~/.config/Code/User/settings.json       mcp.servers
 *   Cursor          ~/.cursor/mcp.json                      mcpServers       url
 *   Gemini CLI      ~/.gemini/settings.json                 mcpServers       url (SSE), httpUrl
 *   Windsurf        ~/.codeium/windsurf/mcp_config.json     mcpServers       serverUrl
 *   Cline           VS Code's globalStorage                 mcpServers       url
 *   LM Studio       ~/.lmstudio/mcp.json                    mcpServers       url
 *   Zed             ~/.config/zed/settings.json             context_servers  (command may be
 *                                                                            {path, args, env})
 *   opencode        ~/.config/opencode/opencode.json        mcp              url (type remote;
 *                                                                            command is a list)
 *
 * Claude Code's ~/.claude/settings.json holds permissions, not servers.
 * Entries that name a variable the client fills in (VS Code's
 * `${input:…}`, `${workspaceFolder}`, `${env:…}`) or an environment file
 * cannot mean the same in Elicit: they are listed with the reason, not
 * imported.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-config.h"
#include "elicit-config-import.h"
#include "elicit-config-writer.h"
#include "elicit-import-candidate.h"

typedef enum
{
  IN_HOME,
  IN_CONFIG,
} Base;

typedef struct
{
  const char *client;   /* a product's name: not translated */
  Base        base;
  const char *path;
  const char *member;   /* where the map of servers is; a dot steps into an object */
  gboolean    projects; /* Claude Code: also projects.<folder>.mcpServers */
  gboolean    commented; /* JSON with comments and trailing commas */
} ClientFile;

static const ClientFile client_files[] = {
  { "Claude Desktop", IN_CONFIG, "Claude/claude_desktop_config.json", "mcpServers", FALSE, FALSE },
  { "Claude Code", IN_HOME, ".claude.json", "mcpServers", TRUE, FALSE },
  { "Visual Studio Code", IN_CONFIG, "Code/User/mcp.json", "servers", FALSE, TRUE },
  { "Visual Studio Code", IN_CONFIG, "Code/User/settings.json", "mcp.servers", FALSE, TRUE },
  { "VSCodium", IN_CONFIG, "VSCodium/User/mcp.json", "servers", FALSE, TRUE },
  { "Cursor", IN_HOME, ".cursor/mcp.json", "mcpServers", FALSE, FALSE },
  { "Gemini CLI", IN_HOME, ".gemini/settings.json", "mcpServers", FALSE, FALSE },
  { "Windsurf", IN_HOME, ".codeium/windsurf/mcp_config.json", "mcpServers", FALSE, FALSE },
  { "Cline", IN_CONFIG,
    "Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    "mcpServers", FALSE, FALSE },
  { "LM Studio", IN_HOME, ".lmstudio/mcp.json", "mcpServers", FALSE, FALSE },
  { "Zed", IN_CONFIG, "zed/settings.json", "context_servers", FALSE, TRUE },
  { "opencode", IN_CONFIG, "opencode/opencode.json", "mcp", FALSE, FALSE },
};

/* Mapping one entry ------------------------------------------------------------------ */

static void
copy_member (JsonObject *to,
             const char *to_name,
             JsonObject *from,
             const char *from_name)
{
  JsonNode *node = json_object_get_member (from, from_name);

  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    json_object_set_member (to, to_name, json_node_copy (node));
}

/* opencode writes the command and its arguments as one list. */
static gboolean
map_command_list (JsonObject *out,
                  JsonArray  *command,
                  JsonObject *entry)
{
  JsonArray *args = json_array_new ();
  JsonArray *more = elicit_json_object_get_array (entry, "args");

  if (json_array_get_length (command) == 0)
    {
      json_array_unref (args);
      return FALSE;
    }

  json_object_set_member (out, "command", json_node_copy (json_array_get_element (command, 0)));
  for (guint i = 1; i < json_array_get_length (command); i++)
    json_array_add_element (args, json_node_copy (json_array_get_element (command, i)));
  for (guint i = 0; more != NULL && i < json_array_get_length (more); i++)
    json_array_add_element (args, json_node_copy (json_array_get_element (more, i)));
  json_object_set_array_member (out, "args", args);

  return TRUE;
}

static JsonObject *
map_stdio (JsonObject  *entry,
           char       **problem)
{
  g_autoptr(JsonObject) out = json_object_new ();
  JsonNode *command = json_object_get_member (entry, "command");

  /* Zed's older settings: "command": {"path", "args", "env"}. */
  if (command != NULL && JSON_NODE_HOLDS_OBJECT (command))
    return map_stdio (json_node_get_object (command), problem);

  if (json_object_has_member (entry, "envFile"))
    {
      *problem = g_strdup (_("It reads its environment from a file (“envFile”), which Elicit does not"));
      return NULL;
    }

  if (command != NULL && JSON_NODE_HOLDS_ARRAY (command))
    {
      if (!map_command_list (out, json_node_get_array (command), entry))
        {
          *problem = g_strdup (_("Its command is empty"));
          return NULL;
        }
    }
  else
    {
      copy_member (out, "command", entry, json_object_has_member (entry, "path") ? "path" : "command");
      copy_member (out, "args", entry, "args");
    }

  copy_member (out, "env", entry, json_object_has_member (entry, "env") ? "env" : "environment");
  copy_member (out, "cwd", entry, "cwd");

  return g_steal_pointer (&out);
}

static JsonObject *
map_remote (JsonObject  *entry,
            char       **problem)
{
  static const char * const addresses[] = { "url", "httpUrl", "serverUrl" };
  g_autoptr(JsonObject) out = json_object_new ();

  for (guint i = 0; i < G_N_ELEMENTS (addresses); i++)
    if (json_object_has_member (entry, addresses[i]))
      {
        copy_member (out, "url", entry, addresses[i]);
        break;
      }

  if (!json_object_has_member (out, "url"))
    {
      *problem = g_strdup (_("It has no address"));
      return NULL;
    }

  copy_member (out, "headers", entry, "headers");
  return g_steal_pointer (&out);
}

static gboolean
is_remote (JsonObject *entry)
{
  return json_object_has_member (entry, "url") ||
         json_object_has_member (entry, "httpUrl") ||
         json_object_has_member (entry, "serverUrl");
}

/* The transport a "type" names: stdio, remote (Streamable HTTP, or the old
 * HTTP+SSE, which Elicit falls back to by itself), or NULL with @problem set. */
static JsonObject *
map_by_type (JsonObject  *entry,
             const char  *type,
             char       **problem)
{
  static const char * const local[] = { "stdio", "local", NULL };
  static const char * const remote[] = { "http", "streamable-http", "streamableHttp", "sse",
                                         "remote", NULL };

  if (type == NULL)
    return is_remote (entry) ? map_remote (entry, problem) : map_stdio (entry, problem);
  if (g_strv_contains (local, type))
    return map_stdio (entry, problem);
  if (g_strv_contains (remote, type))
    return map_remote (entry, problem);

  /* Translators: %s is an MCP transport named in another client's file, such as “websocket” */
  *problem = g_strdup_printf (_("It uses the transport “%s”, which Elicit does not know"), type);
  return NULL;
}

static void
copy_disabled (JsonObject *out,
               JsonObject *entry)
{
  JsonNode *disabled = json_object_get_member (entry, "disabled");
  JsonNode *enabled = json_object_get_member (entry, "enabled");

  if (disabled != NULL && JSON_NODE_HOLDS_VALUE (disabled) &&
      json_node_get_value_type (disabled) == G_TYPE_BOOLEAN && json_node_get_boolean (disabled))
    json_object_set_boolean_member (out, "disabled", TRUE);
  else if (enabled != NULL && JSON_NODE_HOLDS_VALUE (enabled) &&
           json_node_get_value_type (enabled) == G_TYPE_BOOLEAN && !json_node_get_boolean (enabled))
    json_object_set_boolean_member (out, "disabled", TRUE);
}

/* The first "${…}" in any string of @node: a variable its client fills in. */
static char *
find_variable (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *start = strstr (json_node_get_string (node), "${");
      const char *end = start != NULL ? strchr (start, '}') : NULL;

      if (start == NULL)
        return NULL;
      return end != NULL ? g_strndup (start, end - start + 1) : g_strdup (start);
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          char *found = find_variable (json_array_get_element (array, i));

          if (found != NULL)
            return found;
        }
    }

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        {
          char *found = find_variable (member);

          if (found != NULL)
            return found;
        }
    }

  return NULL;
}

static gboolean
check_mapped (const char  *name,
              JsonObject  *out,
              char       **problem)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), out);
  g_autofree char *variable = find_variable (node);
  g_autoptr(GError) error = NULL;

  if (variable != NULL)
    {
      /* Translators: %s is a variable another MCP client fills in, such as “${input:api-key}” */
      *problem = g_strdup_printf (_("It uses “%s”, which only the client it came from can fill in"),
                                  variable);
      return FALSE;
    }

  if (!elicit_config_check_entry (name, out, NULL, &error))
    {
      *problem = g_strdup (error->message);
      return FALSE;
    }

  return TRUE;
}

/**
 * elicit_config_import_map:
 * @name: the server's name in the other client's file
 * @node: its entry there
 * @problem: (out) (transfer full) (optional): why it cannot be imported
 *
 * Maps another MCP client's entry for a server to the entry of Elicit's
 * servers file: command, args, env and cwd, or url and headers; a `type` of
 * stdio, http or sse. What Elicit has no use for (timeouts, tool filters,
 * auto-approval lists) is left behind.
 *
 * Returns: (transfer full) (nullable): the entry, or %NULL with @problem set
 */
JsonObject *
elicit_config_import_map (const char  *name,
                          JsonNode    *node,
                          char       **problem)
{
  g_autoptr(JsonObject) out = NULL;
  g_autofree char *why = NULL;
  JsonObject *entry;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (node != NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    why = g_strdup (_("The entry must be an object"));
  else
    {
      entry = json_node_get_object (node);
      out = map_by_type (entry, elicit_json_object_get_string (entry, "type"), &why);
      if (out != NULL)
        copy_disabled (out, entry);
      if (out != NULL && !check_mapped (name, out, &why))
        g_clear_pointer (&out, json_object_unref);
    }

  if (problem != NULL)
    *problem = g_steal_pointer (&why);
  return g_steal_pointer (&out);
}

/* Finding the files ------------------------------------------------------------------ */

static JsonObject *
lookup (JsonNode   *root,
        const char *member)
{
  g_auto(GStrv) steps = g_strsplit (member, ".", -1);
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;

  for (guint i = 0; object != NULL && steps[i] != NULL; i++)
    object = elicit_json_object_get_object (object, steps[i]);

  return object;
}

static void
add_servers (GListStore *store,
             const char *client,
             const char *source,
             JsonObject *servers)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;

  if (servers == NULL)
    return;

  json_object_iter_init (&iter, servers);
  while (json_object_iter_next (&iter, &name, &node))
    {
      g_autofree char *problem = NULL;
      g_autoptr(JsonObject) entry = elicit_config_import_map (name, node, &problem);
      g_autoptr(ElicitImportCandidate) candidate = NULL;

      candidate = elicit_import_candidate_new (client, source, name, entry, problem);
      g_list_store_append (store, candidate);
    }
}

/* Claude Code keeps each project's servers under the project's folder. */
static void
add_project_servers (GListStore *store,
                     const char *client,
                     const char *source,
                     JsonNode   *root)
{
  JsonObject *projects = lookup (root, "projects");
  JsonObjectIter iter;
  const char *folder;
  JsonNode *project;

  if (projects == NULL)
    return;

  json_object_iter_init (&iter, projects);
  while (json_object_iter_next (&iter, &folder, &project))
    {
      g_autofree char *label = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (project))
        continue;
      /* Translators: the first %s is a program such as “Claude Code”, the second a folder */
      label = g_strdup_printf (_("%s in %s"), client, folder);
      add_servers (store, label, source, elicit_json_object_get_object (json_node_get_object (project),
                                                                        "mcpServers"));
    }
}

static char *
display_path (const char *path,
              const char *home_dir)
{
  gsize length = strlen (home_dir);

  if (length > 1 && g_str_has_prefix (path, home_dir) && path[length] == G_DIR_SEPARATOR)
    return g_strconcat ("~", path + length, NULL);

  return g_strdup (path);
}

static void
scan_file (GListStore       *store,
           const ClientFile *client,
           const char       *home_dir,
           const char       *config_dir)
{
  g_autofree char *path = g_build_filename (client->base == IN_HOME ? home_dir : config_dir,
                                            client->path, NULL);
  g_autofree char *source = display_path (path, home_dir);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;

  root = elicit_config_read_json (file, client->commented, &error);
  if (root == NULL)
    {
      g_autoptr(ElicitImportCandidate) unread = NULL;

      if (g_error_matches (error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_NOT_FOUND))
        return;
      unread = elicit_import_candidate_new (client->client, source, NULL, NULL, error->message);
      g_list_store_append (store, unread);
      return;
    }

  add_servers (store, client->client, source, lookup (root, client->member));
  if (client->projects)
    add_project_servers (store, client->client, source, root);
}

/**
 * elicit_config_import_scan:
 * @home_dir: the home folder
 * @config_dir: the folder of configuration files (`$XDG_CONFIG_HOME`)
 * @cancellable: (nullable): a cancellable
 *
 * Reads the configurations of the MCP clients Elicit knows, blocking, and
 * never writes them. A client whose file does not exist adds nothing; a file
 * that cannot be read adds a candidate without a name that says why.
 *
 * Returns: (transfer full): the [class@ImportCandidate]s, client by client
 */
GListModel *
elicit_config_import_scan (const char   *home_dir,
                           const char   *config_dir,
                           GCancellable *cancellable)
{
  g_autoptr(GListStore) store = g_list_store_new (ELICIT_TYPE_IMPORT_CANDIDATE);

  g_return_val_if_fail (home_dir != NULL && config_dir != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (client_files); i++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      scan_file (store, &client_files[i], home_dir, config_dir);
    }

  return G_LIST_MODEL (g_steal_pointer (&store));
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  char **dirs = task_data;
  g_autoptr(GListModel) found = elicit_config_import_scan (dirs[0], dirs[1], cancellable);

  if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, g_steal_pointer (&found), g_object_unref);
}

/**
 * elicit_config_import_scan_async:
 * @cancellable: (nullable): a cancellable
 * @callback: called when every file has been read
 * @user_data: data for @callback
 *
 * Runs [func@config_import_scan] on the user's home and configuration
 * folders in a worker thread.
 */
void
elicit_config_import_scan_async (GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  char **dirs = g_new0 (char *, 3);

  dirs[0] = g_strdup (g_get_home_dir ());
  dirs[1] = g_strdup (g_get_user_config_dir ());

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_config_import_scan_async);
  g_task_set_task_data (task, dirs, (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, scan_thread);
}

/**
 * elicit_config_import_scan_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError (only %G_IO_ERROR_CANCELLED)
 *
 * Returns: (transfer full) (nullable): the [class@ImportCandidate]s
 */
GListModel *
elicit_config_import_scan_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == elicit_config_import_scan_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
