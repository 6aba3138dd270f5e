/* elicit-server-config.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-http-transport.h"
#include "elicit-stdio-transport.h"

#include "elicit-server-config.h"

/**
 * ElicitServerConfig:
 *
 * One entry of the `mcpServers` object of a servers file, as other MCP
 * clients write it:
 *
 * ```json
 * "NAME": { "command": "…", "args": ["…"], "env": {"KEY": "value"}, "cwd": "…" }
 * "NAME": { "url": "https://…", "headers": {"Authorization": "…"} }
 * ```
 *
 * plus Elicit's own extras under `"elicit"`: `{"textDomain": "…", "localeDir": "…"}`
 * (see [method@ServerConfig.get_text_domain]). Unknown
 * keys are ignored. An entry that cannot be used is still listed, with its
 * [property@ServerConfig:kind] %ELICIT_SERVER_KIND_INVALID and a problem the
 * user can read, so the user sees which entry is wrong and why.
 */

struct _ElicitServerConfig
{
  GObject           parent_instance;

  char             *name;
  ElicitServerKind  kind;
  char             *problem;
  gboolean          disabled;
  char             *command;
  char            **args;
  char            **environment;
  char             *cwd;
  char             *url;
  GHashTable       *headers;
  JsonObject       *oauth;
  char             *text_domain;
  char             *locale_dir;
};

enum {
  PROP_0,
  PROP_NAME,
  PROP_KIND,
  PROP_PROBLEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ElicitServerConfig, elicit_server_config, G_TYPE_OBJECT)

static void
elicit_server_config_finalize (GObject *object)
{
  ElicitServerConfig *self = ELICIT_SERVER_CONFIG (object);

  g_free (self->name);
  g_free (self->problem);
  g_free (self->command);
  g_strfreev (self->args);
  g_strfreev (self->environment);
  g_free (self->cwd);
  g_free (self->url);
  g_hash_table_unref (self->headers);
  g_clear_pointer (&self->oauth, json_object_unref);
  g_free (self->text_domain);
  g_free (self->locale_dir);

  G_OBJECT_CLASS (elicit_server_config_parent_class)->finalize (object);
}

static void
elicit_server_config_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ElicitServerConfig *self = ELICIT_SERVER_CONFIG (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, elicit_server_config_get_name (self));
      break;

    case PROP_KIND:
      g_value_set_int (value, elicit_server_config_get_kind (self));
      break;

    case PROP_PROBLEM:
      g_value_set_string (value, elicit_server_config_get_problem (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_server_config_class_init (ElicitServerConfigClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = elicit_server_config_finalize;
  object_class->get_property = elicit_server_config_get_property;

  /**
   * ElicitServerConfig:name:
   *
   * The server's name: its key in `mcpServers`, shown to the user.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServerConfig:kind:
   *
   * How the server is reached, an [enum@ServerKind].
   */
  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL,
                      ELICIT_SERVER_KIND_STDIO, ELICIT_SERVER_KIND_INVALID,
                      ELICIT_SERVER_KIND_INVALID,
                      (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServerConfig:problem:
   *
   * Why the entry cannot be used, or %NULL.
   */
  properties[PROP_PROBLEM] =
    g_param_spec_string ("problem", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_server_config_init (ElicitServerConfig *self)
{
  self->kind = ELICIT_SERVER_KIND_INVALID;
  self->headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* Parsing ------------------------------------------------------------------- */

static gboolean
invalid (ElicitServerConfig *self,
         char               *problem)
{
  self->kind = ELICIT_SERVER_KIND_INVALID;
  g_free (self->problem);
  self->problem = problem;

  return FALSE;
}

/* A member that must be a string when present. */
static gboolean
get_string (ElicitServerConfig  *self,
            JsonObject          *object,
            const char          *member,
            const char         **value)
{
  JsonNode *node = json_object_get_member (object, member);

  *value = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    /* Translators: %s is a key of the servers file, such as “command” */
    return invalid (self, g_strdup_printf (_("“%s” must be a string"), member));

  *value = json_node_get_string (node);
  return TRUE;
}

static gboolean
parse_args (ElicitServerConfig *self,
            JsonObject         *entry)
{
  JsonNode *node = json_object_get_member (entry, "args");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonArray *array;

  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        return invalid (self, g_strdup (_("“args” must be a list of strings")));

      array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *arg = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_VALUE (arg) || json_node_get_value_type (arg) != G_TYPE_STRING)
            return invalid (self, g_strdup (_("“args” must be a list of strings")));

          g_strv_builder_add (builder, json_node_get_string (arg));
        }
    }

  self->args = g_strv_builder_end (builder);
  return TRUE;
}

/* A member that must be an object of strings, such as "env" and "headers". */
static gboolean
parse_string_map (ElicitServerConfig  *self,
                  JsonObject          *entry,
                  const char          *member,
                  GList              **names,
                  JsonObject         **object)
{
  JsonNode *node = json_object_get_member (entry, member);

  *names = NULL;
  *object = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      GList *members = json_object_get_members (json_node_get_object (node));
      gboolean ok = TRUE;

      for (GList *l = members; l != NULL && ok; l = l->next)
        {
          JsonNode *value = json_object_get_member (json_node_get_object (node), l->data);

          ok = JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING;
        }

      if (ok)
        {
          *names = members;
          *object = json_node_get_object (node);
          return TRUE;
        }

      g_list_free (members);
    }

  /* Translators: %s is a key of the servers file, such as “env” */
  return invalid (self, g_strdup_printf (_("“%s” must map names to strings"), member));
}

static gboolean
parse_env (ElicitServerConfig *self,
           JsonObject         *entry)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  JsonObject *env;
  GList *names;

  if (!parse_string_map (self, entry, "env", &names, &env))
    return FALSE;

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *entry_text = NULL;

      if (*name == '\0' || strchr (name, '=') != NULL)
        {
          g_list_free (names);
          /* Translators: %s is the name of an environment variable */
          return invalid (self, g_strdup_printf (_("“%s” is not a valid environment variable name"),
                                                 name));
        }

      entry_text = g_strconcat (name, "=", elicit_json_object_get_string (env, name), NULL);
      g_strv_builder_add (builder, entry_text);
    }
  g_list_free (names);

  self->environment = g_strv_builder_end (builder);
  return TRUE;
}

static gboolean
parse_headers (ElicitServerConfig *self,
               JsonObject         *entry)
{
  JsonObject *headers;
  GList *names;

  if (!parse_string_map (self, entry, "headers", &names, &headers))
    return FALSE;

  for (GList *l = names; l != NULL; l = l->next)
    g_hash_table_replace (self->headers, g_strdup (l->data),
                          g_strdup (elicit_json_object_get_string (headers, l->data)));
  g_list_free (names);

  return TRUE;
}

/* A relative folder means relative to the file that names it. */
static char *
make_absolute (const char *path,
               const char *base_dir)
{
  if (g_path_is_absolute (path) || base_dir == NULL)
    return g_strdup (path);

  return g_build_filename (base_dir, path, NULL);
}

static gboolean
parse_extras (ElicitServerConfig *self,
              JsonObject         *entry,
              const char         *base_dir)
{
  JsonNode *node = json_object_get_member (entry, "elicit");
  const char *text_domain;
  const char *locale_dir;
  JsonNode *disabled;

  disabled = json_object_get_member (entry, "disabled");
  if (disabled != NULL && JSON_NODE_HOLDS_VALUE (disabled) &&
      json_node_get_value_type (disabled) == G_TYPE_BOOLEAN)
    self->disabled = json_node_get_boolean (disabled);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return invalid (self, g_strdup (_("“elicit” must be an object")));

  if (!get_string (self, json_node_get_object (node), "textDomain", &text_domain) ||
      !get_string (self, json_node_get_object (node), "localeDir", &locale_dir))
    return FALSE;

  if (text_domain != NULL && *text_domain != '\0')
    self->text_domain = g_strdup (text_domain);
  if (locale_dir != NULL && *locale_dir != '\0')
    self->locale_dir = make_absolute (locale_dir, base_dir);

  return TRUE;
}

static gboolean
parse_stdio (ElicitServerConfig *self,
             JsonObject         *entry,
             const char         *command,
             const char         *base_dir)
{
  const char *cwd;

  if (*command == '\0')
    return invalid (self, g_strdup (_("“command” is empty")));

  if (!parse_args (self, entry) ||
      !parse_env (self, entry) ||
      !get_string (self, entry, "cwd", &cwd))
    return FALSE;

  self->command = g_strdup (command);
  if (cwd != NULL && *cwd != '\0')
    self->cwd = make_absolute (cwd, base_dir);
  self->kind = ELICIT_SERVER_KIND_STDIO;

  return TRUE;
}

static gboolean
parse_remote (ElicitServerConfig *self,
              JsonObject         *entry,
              const char         *url)
{
  g_autoptr(GUri) uri = NULL;
  const char *scheme;

  uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  scheme = uri != NULL ? g_uri_get_scheme (uri) : NULL;
  if (scheme == NULL ||
      (g_ascii_strcasecmp (scheme, "http") != 0 && g_ascii_strcasecmp (scheme, "https") != 0) ||
      g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    return invalid (self, g_strdup (_("“url” must be an http or https address")));

  if (!parse_headers (self, entry))
    return FALSE;

  if (json_object_has_member (entry, "oauth"))
    {
      JsonObject *oauth = elicit_json_object_get_object (entry, "oauth");

      if (oauth == NULL)
        return invalid (self, g_strdup (_("“oauth” must be an object")));
      self->oauth = json_object_ref (oauth);
    }

  self->url = g_strdup (url);
  self->kind = ELICIT_SERVER_KIND_REMOTE;

  return TRUE;
}

static void
parse_entry (ElicitServerConfig *self,
             JsonNode           *node,
             const char         *base_dir)
{
  const char *command;
  const char *url;
  JsonObject *entry;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      invalid (self, g_strdup (_("The entry must be an object")));
      return;
    }

  entry = json_node_get_object (node);
  if (!parse_extras (self, entry, base_dir) ||
      !get_string (self, entry, "command", &command) ||
      !get_string (self, entry, "url", &url))
    return;

  if (command != NULL && url != NULL)
    invalid (self, g_strdup (_("The entry has both “command” and “url”; it needs one")));
  else if (command != NULL)
    parse_stdio (self, entry, command, base_dir);
  else if (url != NULL)
    parse_remote (self, entry, url);
  else
    invalid (self, g_strdup (_("The entry has neither “command” nor “url”")));
}

/* Public API ------------------------------------------------------------------ */

/**
 * elicit_server_config_new_stdio:
 * @name: the server's name
 * @command: the program to run
 * @args: (nullable) (array zero-terminated=1): its arguments
 *
 * Creates the entry of a local server, as if read from a servers file.
 *
 * Returns: (transfer full): a new server configuration
 */
ElicitServerConfig *
elicit_server_config_new_stdio (const char         *name,
                                const char         *command,
                                const char * const *args)
{
  ElicitServerConfig *self;
  const char * const no_args[] = { NULL };

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (command != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_SERVER_CONFIG, NULL);
  self->name = g_strdup (name);
  self->command = g_strdup (command);
  self->args = g_strdupv ((char **) (args != NULL ? args : no_args));
  self->environment = g_new0 (char *, 1);
  self->kind = ELICIT_SERVER_KIND_STDIO;

  return self;
}

/**
 * elicit_server_config_new_from_json:
 * @name: the entry's key in `mcpServers`
 * @entry: the entry
 * @base_dir: (nullable): the folder a relative `cwd` is relative to
 *
 * Reads one entry of `mcpServers`. This never fails: an entry that cannot be
 * used gets the kind %ELICIT_SERVER_KIND_INVALID and a problem.
 *
 * Returns: (transfer full): a new server configuration
 */
ElicitServerConfig *
elicit_server_config_new_from_json (const char *name,
                                    JsonNode   *entry,
                                    const char *base_dir)
{
  ElicitServerConfig *self;

  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_SERVER_CONFIG, NULL);
  self->name = g_strdup (name);
  parse_entry (self, entry, base_dir);

  if (self->kind == ELICIT_SERVER_KIND_INVALID)
    {
      /* What was parsed before the problem is of no use. */
      g_clear_pointer (&self->command, g_free);
      g_clear_pointer (&self->url, g_free);
      g_clear_pointer (&self->cwd, g_free);
      g_clear_pointer (&self->args, g_strfreev);
      g_clear_pointer (&self->environment, g_strfreev);
      g_hash_table_remove_all (self->headers);
    }

  return self;
}

/**
 * elicit_server_config_get_name:
 * @self: a server configuration
 *
 * Returns: the server's name, as the user wrote it
 */
const char *
elicit_server_config_get_name (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->name;
}

/**
 * elicit_server_config_get_kind:
 * @self: a server configuration
 *
 * Returns: how the server is reached
 */
ElicitServerKind
elicit_server_config_get_kind (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), ELICIT_SERVER_KIND_INVALID);

  return self->kind;
}

/**
 * elicit_server_config_get_problem:
 * @self: a server configuration
 *
 * Returns: (nullable): why the entry cannot be used, a sentence for the user
 */
const char *
elicit_server_config_get_problem (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->problem;
}

/**
 * elicit_server_config_get_disabled:
 * @self: a server configuration
 *
 * Whether the entry says `"disabled": true`, as some clients write for a
 * server kept in the file but not started.
 *
 * Returns: whether the server is disabled
 */
gboolean
elicit_server_config_get_disabled (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), FALSE);

  return self->disabled;
}

/**
 * elicit_server_config_get_command:
 * @self: a server configuration
 *
 * Returns: (nullable): the program of a local server
 */
const char *
elicit_server_config_get_command (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->command;
}

/**
 * elicit_server_config_get_args:
 * @self: a server configuration
 *
 * Returns: (nullable) (array zero-terminated=1): the arguments of a local server
 */
const char * const *
elicit_server_config_get_args (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *) self->args;
}

/**
 * elicit_server_config_get_environment:
 * @self: a server configuration
 *
 * The variables `env` adds to the environment a local server inherits.
 *
 * Returns: (nullable) (array zero-terminated=1): `NAME=value` entries
 */
const char * const *
elicit_server_config_get_environment (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return (const char * const *) self->environment;
}

/**
 * elicit_server_config_get_cwd:
 * @self: a server configuration
 *
 * Returns: (nullable): the working folder of a local server, made absolute
 *   against the servers file's folder
 */
const char *
elicit_server_config_get_cwd (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->cwd;
}

/**
 * elicit_server_config_get_url:
 * @self: a server configuration
 *
 * Returns: (nullable): the address of a remote server
 */
const char *
elicit_server_config_get_url (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->url;
}

/**
 * elicit_server_config_get_headers:
 * @self: a server configuration
 *
 * Returns: (transfer none) (element-type utf8 utf8): the HTTP headers sent to
 *   a remote server, by name; empty for other kinds
 */
GHashTable *
elicit_server_config_get_headers (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->headers;
}

/**
 * elicit_server_config_get_text_domain:
 * @self: a server configuration
 *
 * The gettext domain of `"elicit": {"textDomain": …}`: when set, the
 * server's messages, titles, descriptions and option titles are translated
 * through it.
 *
 * Returns: (nullable): the text domain
 */
const char *
elicit_server_config_get_text_domain (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->text_domain;
}

/**
 * elicit_server_config_get_locale_dir:
 * @self: a server configuration
 *
 * The folder of the text domain's catalogues, from
 * `"elicit": {"localeDir": …}`, made absolute against the servers file's
 * folder; unset, the system's locale folder is used.
 *
 * Returns: (nullable): the folder
 */
const char *
elicit_server_config_get_locale_dir (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->locale_dir;
}

/**
 * elicit_server_config_dup_argv:
 * @self: a server configuration
 *
 * Returns: (transfer full) (nullable) (array zero-terminated=1): the command
 *   followed by its arguments, or %NULL when the server is not local
 */
char **
elicit_server_config_dup_argv (ElicitServerConfig *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;

  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  if (self->kind != ELICIT_SERVER_KIND_STDIO)
    return NULL;

  builder = g_strv_builder_new ();
  g_strv_builder_add (builder, self->command);
  g_strv_builder_addv (builder, (const char **) self->args);

  return g_strv_builder_end (builder);
}

/* "Name: value" lines, in name order so that requests are reproducible. */
static char **
dup_header_lines (ElicitServerConfig *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GList) names = g_list_sort (g_hash_table_get_keys (self->headers),
                                        (GCompareFunc) g_strcmp0);

  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *line = g_strdup_printf ("%s: %s", (const char *) l->data,
                                               (const char *) g_hash_table_lookup (self->headers,
                                                                                   l->data));

      g_strv_builder_add (builder, line);
    }

  return g_strv_builder_end (builder);
}

/**
 * elicit_server_config_create_transport:
 * @self: a server configuration
 * @error: return location for an error
 *
 * Creates the transport to the server, not started yet: an
 * [class@StdioTransport] running the command, or an [class@HttpTransport]
 * to the address with the headers.
 *
 * Returns: (transfer full) (nullable): the transport, or %NULL with @error
 *   set when the entry cannot be used
 */
ElicitTransport *
elicit_server_config_create_transport (ElicitServerConfig  *self,
                                       GError             **error)
{
  g_auto(GStrv) argv = NULL;

  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (self->kind)
    {
    case ELICIT_SERVER_KIND_STDIO:
      argv = elicit_server_config_dup_argv (self);
      return elicit_stdio_transport_new ((const char * const *) argv,
                                         (const char * const *) self->environment,
                                         self->cwd, error);

    case ELICIT_SERVER_KIND_REMOTE:
      {
        g_auto(GStrv) headers = dup_header_lines (self);

        return elicit_http_transport_new (self->url, (const char * const *) headers, error);
      }

    case ELICIT_SERVER_KIND_INVALID:
    default:
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, self->problem);
      return NULL;
    }
}

/**
 * elicit_server_config_get_oauth:
 * @self: a server entry
 *
 * A remote server's `"oauth"` object: how to sign in to it (clientId,
 * clientSecretFile, clientKeyFile, scope, grant, clientMetadataUrl,
 * workloadTokenFile, idTokenFile, idpTokenEndpoint, idpClientId, keyring),
 * as `elicit call`'s options say.
 *
 * Returns: (transfer none) (nullable): the object, or %NULL
 */
JsonObject *
elicit_server_config_get_oauth (ElicitServerConfig *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (self), NULL);

  return self->oauth;
}

static gboolean
strv_equal (char **a,
            char **b)
{
  if (a == NULL || b == NULL)
    return a == b;

  return g_strv_equal ((const char * const *) a, (const char * const *) b);
}

static gboolean
headers_equal (GHashTable *a,
               GHashTable *b)
{
  GHashTableIter iter;
  gpointer name;
  gpointer value;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;

  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &name, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, name)) != 0)
      return FALSE;

  return TRUE;
}

/**
 * elicit_server_config_equal:
 * @a: a server configuration
 * @b: another
 *
 * Whether two entries run the same server the same way: a servers file read
 * again keeps the servers whose entry did not change running.
 *
 * Returns: whether @a and @b are the same in every respect
 */
gboolean
elicit_server_config_equal (ElicitServerConfig *a,
                            ElicitServerConfig *b)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (a), FALSE);
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (b), FALSE);

  return g_str_equal (a->name, b->name) && a->kind == b->kind &&
         g_strcmp0 (a->problem, b->problem) == 0 && a->disabled == b->disabled &&
         g_strcmp0 (a->command, b->command) == 0 && strv_equal (a->args, b->args) &&
         strv_equal (a->environment, b->environment) && g_strcmp0 (a->cwd, b->cwd) == 0 &&
         g_strcmp0 (a->url, b->url) == 0 && headers_equal (a->headers, b->headers) &&
         ((a->oauth == NULL && b->oauth == NULL) ||
          (a->oauth != NULL && b->oauth != NULL && json_object_equal (a->oauth, b->oauth))) &&
         g_strcmp0 (a->text_domain, b->text_domain) == 0 &&
         g_strcmp0 (a->locale_dir, b->locale_dir) == 0;
}
