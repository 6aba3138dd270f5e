/* elicit-config-writer.c
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
#include "elicit-config-writer.h"

/* The same limit as the reader: a servers file is a few kilobytes. */
#define MAX_CONFIG_SIZE (16 * 1024 * 1024)

/**
 * ElicitConfigWriter:
 *
 * Adds, changes and removes one server of a servers file, the way a person
 * editing it by hand would: the text of everything else stays byte for byte
 * as it was (other servers, keys Elicit does not know, comments, the file's
 * indentation), and within the server changed, the members whose value did
 * not change keep their text too.
 *
 * The file is read again when a change is saved, so that edits made meanwhile
 * in a text editor are kept; the result is read back as the loader reads it
 * ([func@Config.new_from_data]) before anything is written, and written with
 * g_file_replace_contents(): a temporary file beside it, synced, then renamed
 * over it. A write that fails leaves the old file whole.
 */

struct _ElicitConfigWriter
{
  GObject     parent_instance;

  GFile      *file;
  JsonNode   *root;      /* the file as last loaded, or NULL */
};

G_DEFINE_FINAL_TYPE (ElicitConfigWriter, elicit_config_writer, G_TYPE_OBJECT)

G_DEFINE_QUARK (elicit-config-writer-error-quark, elicit_config_writer_error)

static JsonNode *parse_root (const char *text,
                             gsize       length);

/* Where things are in the text ----------------------------------------------- */

typedef struct
{
  const char *text;
  gsize       length;
  gsize       pos;
} Scanner;

typedef struct
{
  char  *name;
  gsize  key_start;     /* the name's opening quote */
  gsize  key_end;       /* after its closing quote */
  gsize  value_start;
  gsize  value_end;     /* after the value */
} Member;

typedef struct
{
  GArray *members;      /* of Member, in the text's order */
  gsize   open;         /* the '{' */
  gsize   close;        /* the '}' */
} ObjectText;

static void
member_clear (gpointer data)
{
  g_free (((Member *) data)->name);
}

static void
object_text_clear (ObjectText *object)
{
  g_clear_pointer (&object->members, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ObjectText, object_text_clear)

static gboolean
at (Scanner *s,
    char     c)
{
  return s->pos < s->length && s->text[s->pos] == c;
}

static gboolean
at_comment (Scanner *s)
{
  return s->pos + 1 < s->length && s->text[s->pos] == '/' &&
         (s->text[s->pos + 1] == '/' || s->text[s->pos + 1] == '*');
}

/* Blanks, and the comments json-glib accepts (and people write in JSONC). */
static void
skip_blank (Scanner *s)
{
  while (s->pos < s->length)
    {
      const char *p = s->text + s->pos;
      const char *end;

      if (g_ascii_isspace (*p))
        s->pos++;
      else if (at_comment (s) && p[1] == '/')
        {
          end = memchr (p, '\n', s->length - s->pos);
          s->pos = end != NULL ? (gsize) (end - s->text) + 1 : s->length;
        }
      else if (at_comment (s))
        {
          end = g_strstr_len (p + 2, (gssize) (s->length - s->pos - 2), "*/");
          s->pos = end != NULL ? (gsize) (end - s->text) + 2 : s->length;
        }
      else
        break;
    }
}

static gboolean
scan_string (Scanner *s)
{
  for (s->pos++; s->pos < s->length; s->pos++)
    {
      if (s->text[s->pos] == '\\')
        s->pos++;
      else if (s->text[s->pos] == '"')
        {
          s->pos++;
          return TRUE;
        }
    }

  return FALSE;
}

static gboolean
scan_value (Scanner *s)
{
  gsize start = s->pos;
  guint depth = 0;

  if (at (s, '"'))
    return scan_string (s);

  if (!at (s, '{') && !at (s, '['))
    {
      while (s->pos < s->length && s->text[s->pos] != '\0' &&
             strchr (",]}/ \t\r\n", s->text[s->pos]) == NULL)
        s->pos++;
      return s->pos > start;
    }

  while (s->pos < s->length)
    {
      char c = s->text[s->pos];

      if (c == '"')
        {
          if (!scan_string (s))
            return FALSE;
          continue;
        }
      if (at_comment (s))
        {
          skip_blank (s);
          continue;
        }
      if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && --depth == 0)
        {
          s->pos++;
          return TRUE;
        }
      s->pos++;
    }

  return FALSE;
}

static char *
decode_string (const char *text,
               gsize       length)
{
  g_autoptr(JsonNode) node = elicit_json_parse (text, (gssize) length, 1, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return g_strdup (json_node_get_string (node));
}

static gboolean
scan_member (Scanner *s,
             Member  *member)
{
  if (!at (s, '"'))
    return FALSE;
  member->key_start = s->pos;
  if (!scan_string (s))
    return FALSE;
  member->key_end = s->pos;
  member->name = decode_string (s->text + member->key_start, member->key_end - member->key_start);
  if (member->name == NULL)
    return FALSE;

  skip_blank (s);
  if (!at (s, ':'))
    return FALSE;
  s->pos++;
  skip_blank (s);
  member->value_start = s->pos;
  if (!scan_value (s))
    return FALSE;
  member->value_end = s->pos;

  return TRUE;
}

/* The members of the object that starts at @pos, where they are. */
static gboolean
scan_object (const char *text,
             gsize       length,
             gsize       pos,
             ObjectText *object)
{
  Scanner s = { text, length, pos };

  object->members = g_array_new (FALSE, TRUE, sizeof (Member));
  g_array_set_clear_func (object->members, member_clear);

  if (!at (&s, '{'))
    return FALSE;
  object->open = s.pos++;

  for (;;)
    {
      Member member = { 0 };

      skip_blank (&s);
      if (at (&s, '}'))
        {
          object->close = s.pos;
          return TRUE;
        }

      if (!scan_member (&s, &member))
        {
          g_free (member.name);
          return FALSE;
        }
      g_array_append_val (object->members, member);

      skip_blank (&s);
      if (at (&s, ','))
        s.pos++;
      else if (!at (&s, '}'))
        return FALSE;
    }
}

/* The last member called @name, as json-glib keeps the last of duplicates. */
static Member *
find_member (ObjectText *object,
             const char *name)
{
  for (guint i = object->members->len; name != NULL && i > 0; i--)
    {
      Member *member = &g_array_index (object->members, Member, i - 1);

      if (g_str_equal (member->name, name))
        return member;
    }

  return NULL;
}

/* The servers object, found as the loader finds it. */
static gboolean
scan_servers (const char *text,
              gsize       length,
              ObjectText *servers,
              Member    **servers_member,
              ObjectText *root)
{
  static const char * const names[] = { "mcpServers", "servers" };
  Scanner s = { text, length, 0 };

  skip_blank (&s);
  if (!scan_object (text, length, s.pos, root))
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      Member *member = find_member (root, names[i]);

      if (member != NULL && text[member->value_start] == '{')
        {
          *servers_member = member;
          return scan_object (text, length, member->value_start, servers);
        }
    }

  return FALSE;
}

/* The blanks a line starts with up to @pos, when only blanks come before it. */
static char *
indent_before (const char *text,
               gsize       pos)
{
  gsize start = pos;

  while (start > 0 && text[start - 1] != '\n')
    {
      if (text[start - 1] != ' ' && text[start - 1] != '\t')
        return NULL;
      start--;
    }

  return g_strndup (text + start, pos - start);
}

/* Writing a server's entry ------------------------------------------------------ */

static void
append_string (GString    *out,
               const char *string)
{
  g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), string);

  elicit_json_append (out, node);
}

/* Lists and maps on one line, spaced as people write them. */
static void
append_value (GString  *out,
              JsonNode *node)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      g_string_append_c (out, '[');
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          elicit_json_append (out, json_array_get_element (array, i));
        }
      g_string_append_c (out, ']');
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (object);

      g_string_append_c (out, '{');
      for (GList *l = names; l != NULL; l = l->next)
        {
          if (l != names)
            g_string_append (out, ", ");
          append_string (out, l->data);
          g_string_append (out, ": ");
          elicit_json_append (out, json_object_get_member (object, l->data));
        }
      g_string_append_c (out, '}');
    }
  else
    elicit_json_append (out, node);
}

/* Compared as json-glib reads them, since that is how the entry was read:
 * a number json-glib cannot hold exactly still counts as unchanged. */
static gboolean
same_value (const char *text,
            Member     *member,
            JsonNode   *node)
{
  g_autoptr(JsonNode) old = parse_root (text + member->value_start,
                                        member->value_end - member->value_start);

  return old != NULL && json_node_equal (old, node);
}

static void
append_line (GString    *out,
             const char *indent,
             gboolean   *first)
{
  g_string_append (out, *first ? "\n" : ",\n");
  g_string_append (out, indent);
  *first = FALSE;
}

/* @entry as the text of an object: the members it shares with @old (the
 * entry as it was, nullable) in @old's order, and with @old's text where
 * their value did not change; then the new ones. */
static void
append_entry (GString    *out,
              const char *text,
              ObjectText *old,
              JsonObject *entry,
              const char *indent)
{
  g_autoptr(GHashTable) written = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GList) names = json_object_get_members (entry);
  g_autofree char *inner = NULL;
  gboolean first = TRUE;

  if (old != NULL && old->members->len > 0)
    inner = indent_before (text, g_array_index (old->members, Member, 0).key_start);
  if (inner == NULL)
    inner = g_strconcat (indent, "  ", NULL);

  g_string_append_c (out, '{');
  for (guint i = 0; old != NULL && i < old->members->len; i++)
    {
      Member *member = &g_array_index (old->members, Member, i);
      JsonNode *node = json_object_get_member (entry, member->name);

      if (node == NULL || g_hash_table_contains (written, member->name))
        continue;
      g_hash_table_add (written, member->name);

      append_line (out, inner, &first);
      g_string_append_len (out, text + member->key_start,
                           member->value_start - member->key_start);
      if (same_value (text, member, node))
        g_string_append_len (out, text + member->value_start,
                             member->value_end - member->value_start);
      else
        append_value (out, node);
    }

  for (GList *l = names; l != NULL; l = l->next)
    {
      if (g_hash_table_contains (written, l->data))
        continue;

      append_line (out, inner, &first);
      append_string (out, l->data);
      g_string_append (out, ": ");
      append_value (out, json_object_get_member (entry, l->data));
    }

  if (!first)
    g_string_append_printf (out, "\n%s", indent);
  g_string_append_c (out, '}');
}

static char *
member_indent (const char *text,
               ObjectText *servers,
               Member     *servers_member)
{
  g_autofree char *outer = NULL;
  char *indent = NULL;

  if (servers->members->len > 0)
    indent = indent_before (text, g_array_index (servers->members, Member,
                                                 servers->members->len - 1).key_start);
  if (indent != NULL)
    return indent;

  outer = indent_before (text, servers_member->key_start);
  return g_strconcat (outer != NULL ? outer : "", "  ", NULL);
}

static GString *
splice_text (const char *text,
             gsize       length,
             gsize       start,
             gsize       end,
             const char *replacement)
{
  GString *out = g_string_sized_new (length + strlen (replacement));

  g_string_append_len (out, text, start);
  g_string_append (out, replacement);
  g_string_append_len (out, text + end, length - end);

  return out;
}

static GString *
remove_member (const char *text,
               gsize       length,
               ObjectText *servers,
               Member     *member)
{
  guint i = member - &g_array_index (servers->members, Member, 0);
  guint n = servers->members->len;

  if (i + 1 < n)
    return splice_text (text, length, member->key_start,
                        g_array_index (servers->members, Member, i + 1).key_start, "");
  if (i > 0)
    return splice_text (text, length, g_array_index (servers->members, Member, i - 1).value_end,
                        member->value_end, "");

  return splice_text (text, length, servers->open + 1, servers->close, "");
}

static GString *
put_member (const char *text,
            gsize       length,
            ObjectText *servers,
            Member     *servers_member,
            Member     *old,
            const char *name,
            JsonObject *entry)
{
  g_autofree char *indent = member_indent (text, servers, servers_member);
  g_auto(ObjectText) old_entry = { 0 };
  g_autoptr(GString) member = g_string_new (NULL);
  g_autofree char *outer = NULL;
  gboolean has_old_entry;

  has_old_entry = old != NULL && scan_object (text, length, old->value_start, &old_entry);
  append_string (member, name);
  g_string_append (member, ": ");
  append_entry (member, text, has_old_entry ? &old_entry : NULL, entry, indent);

  if (old != NULL)
    return splice_text (text, length, old->key_start, old->value_end, member->str);

  if (servers->members->len > 0)
    {
      g_string_prepend (member, indent);
      g_string_prepend (member, ",\n");
      return splice_text (text, length,
                          g_array_index (servers->members, Member,
                                         servers->members->len - 1).value_end,
                          g_array_index (servers->members, Member,
                                         servers->members->len - 1).value_end,
                          member->str);
    }

  outer = indent_before (text, servers_member->key_start);
  g_string_prepend (member, indent);
  g_string_prepend_c (member, '\n');
  g_string_append_printf (member, "\n%s", outer != NULL ? outer : "");
  return splice_text (text, length, servers->open + 1, servers->close, member->str);
}

/**
 * elicit_config_splice:
 * @text: the text of a servers file
 * @length: its length in bytes
 * @old_name: (nullable): the server to change or remove; %NULL adds one
 * @name: the server's name after the change
 * @entry: (nullable): the server's entry after the change; %NULL removes @old_name
 * @error: return location for an [error@ConfigWriterError]
 *
 * Changes one server in the text of a servers file, leaving the rest of the
 * text as it was. Checks only the names: check @entry with
 * elicit_config_check_entry().
 *
 * Returns: (transfer full) (nullable): the new text, or %NULL with @error set
 */
char *
elicit_config_splice (const char  *text,
                      gsize        length,
                      const char  *old_name,
                      const char  *name,
                      JsonObject  *entry,
                      GError     **error)
{
  g_auto(ObjectText) root = { 0 };
  g_auto(ObjectText) servers = { 0 };
  Member *servers_member = NULL;
  Member *old;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (name != NULL || entry == NULL, NULL);

  if (!scan_servers (text, length, &servers, &servers_member, &root))
    {
      g_set_error_literal (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE,
                           _("The servers file has no “mcpServers” object to change"));
      return NULL;
    }

  old = find_member (&servers, old_name);
  if (old_name != NULL && old == NULL)
    {
      g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE,
                   /* Translators: %s is a server's name */
                   _("The servers file no longer has a server called “%s”"), old_name);
      return NULL;
    }

  if (entry == NULL)
    out = remove_member (text, length, &servers, old);
  else if ((old_name == NULL || g_strcmp0 (old_name, name) != 0) &&
           find_member (&servers, name) != NULL)
    {
      g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_NAME,
                   /* Translators: %s is a server's name */
                   _("There is already a server called “%s”"), name);
      return NULL;
    }
  else
    out = put_member (text, length, &servers, servers_member, old, name, entry);

  return g_string_free (out, FALSE);
}

/**
 * elicit_config_check_entry:
 * @name: a server's name
 * @entry: its entry
 * @base_dir: (nullable): the folder of the servers file
 * @error: return location for an [error@ConfigWriterError]
 *
 * Checks a server's entry as the loader reads it
 * ([ctor@ServerConfig.new_from_json]): the message is the problem the loader
 * would list it with.
 *
 * Returns: whether the entry can be used
 */
gboolean
elicit_config_check_entry (const char  *name,
                           JsonObject  *entry,
                           const char  *base_dir,
                           GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(ElicitServerConfig) server = NULL;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (*name == '\0' || g_ascii_isspace (*name))
    {
      g_set_error_literal (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_NAME,
                           _("The server needs a name that does not start with a space"));
      return FALSE;
    }

  node = json_node_init_object (json_node_alloc (), entry);
  server = elicit_server_config_new_from_json (name, node, base_dir);
  if (elicit_server_config_get_problem (server) != NULL)
    {
      g_set_error_literal (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_ENTRY,
                           elicit_server_config_get_problem (server));
      return FALSE;
    }

  return TRUE;
}

/* Reading and writing the file, in a worker thread ------------------------------------ */

static const char empty_file[] = "{\n  \"mcpServers\": {}\n}\n";

/* A servers file that is a link (into a dotfiles repository, say) stays one:
 * the file it points to is the one replaced. */
static GFile *
resolve_link (GFile        *file,
              GCancellable *cancellable)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFile) parent = NULL;
  const char *target;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_IS_SYMLINK ","
                            G_FILE_ATTRIBUTE_STANDARD_SYMLINK_TARGET,
                            G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable, NULL);
  if (info == NULL || !g_file_info_get_is_symlink (info) ||
      (target = g_file_info_get_symlink_target (info)) == NULL)
    return g_object_ref (file);

  parent = g_file_get_parent (file);
  return parent != NULL ? g_file_resolve_relative_path (parent, target)
                        : g_file_new_for_path (target);
}

static char *
read_text (GFile         *file,
           gsize         *length,
           char         **etag,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display_name = g_file_get_parse_name (file);
  char *text = NULL;

  if (g_file_load_contents (file, cancellable, &text, length, etag, &local_error))
    {
      if (*length <= MAX_CONFIG_SIZE)
        return text;
      g_free (text);
      g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE,
                   /* Translators: %s is a file name */
                   _("%s is too large to be a servers file"), display_name);
      return NULL;
    }

  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      *length = strlen (empty_file);
      return g_strdup (empty_file);
    }

  g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_WRITE,
               /* Translators: the first %s is a file name, the second why it could not be read */
               _("Could not read %s: %s"), display_name, local_error->message);
  return NULL;
}

static JsonNode *
parse_root (const char *text,
            gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (!json_parser_load_from_data (parser, text, (gssize) length, NULL) ||
      json_parser_get_root (parser) == NULL)
    return NULL;

  return json_parser_steal_root (parser);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ElicitConfigWriter *self = source_object;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  text = read_text (self->file, &length, NULL, cancellable, &error);
  if (text == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, parse_root (text, length), (GDestroyNotify) json_node_unref);
}

typedef struct
{
  char       *old_name;
  char       *name;
  JsonObject *entry;
} Change;

static void
change_free (gpointer data)
{
  Change *change = data;

  g_free (change->old_name);
  g_free (change->name);
  g_clear_pointer (&change->entry, json_object_unref);
  g_free (change);
}

/* The new text must read as the loader reads it, with the change made. */
static gboolean
check_result (const char  *text,
              gsize        length,
              const char  *display_name,
              const char  *base_dir,
              Change      *change,
              GError     **error)
{
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(GError) local_error = NULL;
  ElicitServerConfig *server;

  config = elicit_config_new_from_data (text, (gssize) length, display_name, base_dir,
                                        &local_error);
  server = config != NULL && change->name != NULL
             ? elicit_config_lookup_server (config, change->name) : NULL;
  if (config != NULL &&
      (change->entry == NULL ? elicit_config_lookup_server (config, change->old_name) == NULL
                             : server != NULL && elicit_server_config_get_problem (server) == NULL))
    return TRUE;

  g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE,
               /* Translators: %s is a file name */
               _("%s is written in a way Elicit cannot change safely; it was left as it is"),
               display_name);
  return FALSE;
}

static char *
make_new_text (GFile         *file,
               Change        *change,
               char         **etag,
               gsize         *new_length,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autofree char *display_name = g_file_get_parse_name (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *base_dir = parent != NULL ? g_file_get_path (parent) : NULL;
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *new_text = NULL;
  gsize length;

  text = read_text (file, &length, etag, cancellable, error);
  if (text == NULL)
    return NULL;

  config = elicit_config_new_from_data (text, (gssize) length, display_name, base_dir,
                                        &local_error);
  if (config == NULL)
    {
      g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_FILE,
                   /* Translators: %s says what is wrong with the servers file, and where */
                   _("Correct the servers file first: %s"), local_error->message);
      return NULL;
    }

  if (change->entry != NULL &&
      !elicit_config_check_entry (change->name, change->entry, base_dir, error))
    return NULL;

  new_text = elicit_config_splice (text, length, change->old_name, change->name, change->entry,
                                   error);
  if (new_text == NULL)
    return NULL;

  *new_length = strlen (new_text);
  if (!check_result (new_text, *new_length, display_name, base_dir, change, error))
    return NULL;

  return g_steal_pointer (&new_text);
}

static gboolean
write_all (int         fd,
           const char *text,
           gsize       length)
{
  while (length > 0)
    {
      gssize written = write (fd, text, length);

      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        return FALSE;
      text += written;
      length -= (gsize) written;
    }

  return TRUE;
}

static gboolean
etag_unchanged (GFile      *file,
                const char *etag)
{
  g_autoptr(GFileInfo) info = NULL;

  if (etag == NULL)
    return !g_file_query_exists (file, NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return info != NULL && g_strcmp0 (g_file_info_get_etag (info), etag) == 0;
}

/* A temporary file beside it, synced, then renamed over it: the old file
 * stays whole until the new one is. Not g_file_replace_contents(): where it
 * cannot make its temporary file it writes over the old one in place. A new
 * file may hold headers with secrets: only its owner reads it. */
static gboolean
replace_file (GFile       *file,
              const char  *text,
              gsize        length,
              const char  *etag,
              int         *saved_errno)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  struct stat st;
  int fd;

  if (path == NULL)
    {
      *saved_errno = ENOTSUP;
      return FALSE;
    }

  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      *saved_errno = errno;
      return FALSE;
    }

  if ((stat (path, &st) == 0 && fchmod (fd, st.st_mode & 07777) != 0) ||
      !write_all (fd, text, length) || fsync (fd) != 0)
    {
      *saved_errno = errno;
      close (fd);
      g_unlink (temp);
      return FALSE;
    }
  close (fd);

  if (!etag_unchanged (file, etag))
    {
      *saved_errno = EAGAIN;
      g_unlink (temp);
      return FALSE;
    }

  if (g_rename (temp, path) != 0)
    {
      *saved_errno = errno;
      g_unlink (temp);
      return FALSE;
    }

  return TRUE;
}

static gboolean
write_text (GFile         *file,
            const char    *text,
            gsize          length,
            const char    *etag,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display_name = g_file_get_parse_name (file);
  const char *reason;
  int saved_errno = 0;

  if (parent != NULL &&
      !g_file_make_directory_with_parents (parent, cancellable, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    reason = local_error->message;
  else if (replace_file (file, text, length, etag, &saved_errno))
    return TRUE;
  else
    reason = g_strerror (saved_errno);

  if (saved_errno == EAGAIN)
    g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_WRITE,
                 /* Translators: %s is a file name */
                 _("%s changed while it was being saved; it was left as it is. Try again."),
                 display_name);
  else
    g_set_error (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_WRITE,
                 /* Translators: the first %s is a file name, the second why it could not be
                  * written (“Permission denied”) */
                 _("Could not save %s: %s. The file was left as it was."),
                 display_name, reason);
  return FALSE;
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ElicitConfigWriter *self = source_object;
  g_autoptr(GFile) file = resolve_link (self->file, cancellable);
  g_autoptr(GError) error = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  text = make_new_text (file, task_data, &etag, &length, cancellable, &error);
  if (text == NULL || !write_text (file, text, length, etag, cancellable, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, parse_root (text, length), (GDestroyNotify) json_node_unref);
}

/* GObject ------------------------------------------------------------------------ */

static void
elicit_config_writer_dispose (GObject *object)
{
  ElicitConfigWriter *self = ELICIT_CONFIG_WRITER (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->root, json_node_unref);

  G_OBJECT_CLASS (elicit_config_writer_parent_class)->dispose (object);
}

static void
elicit_config_writer_class_init (ElicitConfigWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_config_writer_dispose;
}

static void
elicit_config_writer_init (ElicitConfigWriter *self)
{
}

/* Public API ------------------------------------------------------------------- */

/**
 * elicit_config_writer_new:
 * @file: the servers file, which need not exist yet
 *
 * Returns: (transfer full): a writer for @file
 */
ElicitConfigWriter *
elicit_config_writer_new (GFile *file)
{
  ElicitConfigWriter *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ELICIT_TYPE_CONFIG_WRITER, NULL);
  self->file = g_object_ref (file);

  return self;
}

/**
 * elicit_config_writer_get_file:
 * @self: a writer
 *
 * Returns: (transfer none): the servers file
 */
GFile *
elicit_config_writer_get_file (ElicitConfigWriter *self)
{
  g_return_val_if_fail (ELICIT_IS_CONFIG_WRITER (self), NULL);

  return self->file;
}

/**
 * elicit_config_writer_dup_base_dir:
 * @self: a writer
 *
 * Returns: (transfer full) (nullable): the folder relative paths in the file
 *   are relative to
 */
char *
elicit_config_writer_dup_base_dir (ElicitConfigWriter *self)
{
  g_autoptr(GFile) parent = NULL;

  g_return_val_if_fail (ELICIT_IS_CONFIG_WRITER (self), NULL);

  parent = g_file_get_parent (self->file);
  return parent != NULL ? g_file_get_path (parent) : NULL;
}

/**
 * elicit_config_writer_load_async:
 * @self: a writer
 * @cancellable: (nullable): a cancellable
 * @callback: called when the file has been read
 * @user_data: data for @callback
 *
 * Reads the file, for elicit_config_writer_dup_entry(). A file that does not
 * exist yet reads as one without servers.
 */
void
elicit_config_writer_load_async (ElicitConfigWriter  *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_CONFIG_WRITER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_config_writer_load_async);
  g_task_run_in_thread (task, load_thread);
}

static gboolean
finish_root (ElicitConfigWriter  *self,
             GAsyncResult        *result,
             GError             **error)
{
  g_autoptr(GError) local_error = NULL;
  JsonNode *root = g_task_propagate_pointer (G_TASK (result), &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  g_clear_pointer (&self->root, json_node_unref);
  self->root = root;
  return TRUE;
}

/**
 * elicit_config_writer_load_finish:
 * @self: a writer
 * @result: the result given to the callback
 * @error: return location for an [error@ConfigWriterError]
 *
 * Returns: whether the file could be read
 */
gboolean
elicit_config_writer_load_finish (ElicitConfigWriter  *self,
                                  GAsyncResult        *result,
                                  GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        elicit_config_writer_load_async, FALSE);

  return finish_root (self, result, error);
}

static JsonObject *
lookup_entry (ElicitConfigWriter *self,
              const char         *name)
{
  static const char * const members[] = { "mcpServers", "servers" };
  JsonObject *root;

  if (self->root == NULL || !JSON_NODE_HOLDS_OBJECT (self->root))
    return NULL;

  root = json_node_get_object (self->root);
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonObject *servers = elicit_json_object_get_object (root, members[i]);

      if (servers != NULL)
        return elicit_json_object_get_object (servers, name);
    }

  return NULL;
}

/**
 * elicit_config_writer_dup_entry:
 * @self: a writer
 * @name: a server's name
 *
 * Returns: (transfer full) (nullable): the server's entry as the file last
 *   read or written holds it, every member, known to Elicit or not
 */
JsonObject *
elicit_config_writer_dup_entry (ElicitConfigWriter *self,
                                const char         *name)
{
  JsonObject *entry;

  g_return_val_if_fail (ELICIT_IS_CONFIG_WRITER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  entry = lookup_entry (self, name);
  return entry != NULL ? elicit_json_object_deep_copy (entry) : NULL;
}

/**
 * elicit_config_writer_has_server:
 * @self: a writer
 * @name: a server's name
 *
 * Returns: whether the file last read or written lists a server called @name
 */
gboolean
elicit_config_writer_has_server (ElicitConfigWriter *self,
                                 const char         *name)
{
  static const char * const members[] = { "mcpServers", "servers" };
  JsonObject *root;

  g_return_val_if_fail (ELICIT_IS_CONFIG_WRITER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (self->root == NULL || !JSON_NODE_HOLDS_OBJECT (self->root))
    return FALSE;

  root = json_node_get_object (self->root);
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonObject *servers = elicit_json_object_get_object (root, members[i]);

      if (servers != NULL)
        return json_object_has_member (servers, name);
    }

  return FALSE;
}

/**
 * elicit_config_writer_save_async:
 * @self: a writer
 * @old_name: (nullable): the server to change or remove; %NULL adds one
 * @name: (nullable): the server's name after the change; %NULL when removing
 * @entry: (nullable): its entry after the change; %NULL removes @old_name
 * @cancellable: (nullable): a cancellable
 * @callback: called when the file has been written, or not
 * @user_data: data for @callback
 *
 * Reads the file again, makes the change (see elicit_config_splice()), checks
 * the result reads as it should, and replaces the file atomically.
 */
void
elicit_config_writer_save_async (ElicitConfigWriter  *self,
                                 const char          *old_name,
                                 const char          *name,
                                 JsonObject          *entry,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Change *change;

  g_return_if_fail (ELICIT_IS_CONFIG_WRITER (self));
  g_return_if_fail (entry != NULL ? name != NULL : old_name != NULL);

  change = g_new0 (Change, 1);
  change->old_name = g_strdup (old_name);
  change->name = g_strdup (name);
  change->entry = entry != NULL ? elicit_json_object_deep_copy (entry) : NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_config_writer_save_async);
  g_task_set_task_data (task, change, change_free);
  g_task_run_in_thread (task, save_thread);
}

/**
 * elicit_config_writer_save_finish:
 * @self: a writer
 * @result: the result given to the callback
 * @error: return location for an [error@ConfigWriterError]
 *
 * Returns: whether the change was written
 */
gboolean
elicit_config_writer_save_finish (ElicitConfigWriter  *self,
                                  GAsyncResult        *result,
                                  GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        elicit_config_writer_save_async, FALSE);

  return finish_root (self, result, error);
}
