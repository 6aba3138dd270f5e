/* elicit-demo-server.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * elicit-demo-server: a small, well-behaved MCP server on stdio.
 *
 * It speaks protocol revision 2025-11-25 (and answers a client asking for 2025-06-18 or
 * 2025-03-26 in that version), one JSON-RPC message per line on stdout, logs on stderr.
 * It stands in for a third-party server, so its text is plain English and not translated.
 *
 * Every eliciting tool checks what comes back (action, content keys, types and the
 * schema's constraints) and reports it twice, as text and as structuredContent:
 *
 *   accept (form)   text "accept: <content>"       structured {"action":"accept","content":{…}}
 *                   <content> is compact JSON with the keys in the schema's order and
 *                   numbers in their shortest round-trip form, e.g. accept: {"name":"Ada"}
 *   decline         text "decline"                 structured {"action":"decline"}
 *   cancel          text "cancel"                  structured {"action":"cancel"}
 *   bad answer      text "invalid: <reason>"       structured {"action":"invalid","reason":…}
 *   error answer    text "error: <code> <message>" structured {"action":"error","code":…,"message":…}
 *   no capability   text "unsupported: <reason>"   structured {"action":"unsupported","reason":…}
 *
 * The last three set isError. URL-mode results also carry "elicitationId". Tools:
 *
 *   register_user, configure_project, setup_dev_environment   the seed examples
 *   every_field, no_defaults      one field of every kind and constraint, with and without defaults
 *   every_enum {with_defaults}    every enum shape (untitled, enumNames, oneOf, anyOf, multi)
 *   confirm {question}            a boolean confirmation
 *   url_login {complete_after_ms} URL mode; after accept, waits, sends
 *                                 notifications/elicitation/complete, then answers
 *                                 "accept: elicitation <id> completed"
 *   url_required {complete_after_ms}  JSON-RPC error -32042 with one URL elicitation; the
 *                                 elicitation completes after the delay, and a retry then
 *                                 answers "authorized: elicitation <id>"
 *   cancel_after {after_ms}       elicits, then withdraws the request with
 *                                 notifications/cancelled and answers
 *                                 "withdrawn: the server cancelled its request after <n> ms"
 *   flood_elicitations {count}    sends count requests at once; answers
 *                                 "accept: A, decline: D, cancel: C, error: E, invalid: I"
 *
 * Options: --flood N writes N notifications/message lines as soon as the client sends
 * notifications/initialized; --crash-on-start exits with status 3 at once.
 */

#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <json-glib/json-glib.h>

#define MAX_LINE_LENGTH   (16 * 1024 * 1024)
#define MAX_DEPTH         64
#define READ_CHUNK_SIZE   (64 * 1024)
#define FLOOD_BATCH_SIZE  (64 * 1024)
#define MAX_SAFE_ID       G_GINT64_CONSTANT (9007199254740991)

#define JSONRPC_PARSE_ERROR             (-32700)
#define JSONRPC_INVALID_REQUEST         (-32600)
#define JSONRPC_METHOD_NOT_FOUND        (-32601)
#define JSONRPC_INVALID_PARAMS          (-32602)
#define MCP_URL_ELICITATION_REQUIRED    (-32042)

#define SERVER_NAME    "elicit-demo-server"
#define LATEST_VERSION "2025-11-25"

typedef struct _Server  Server;
typedef struct _Call    Call;
typedef struct _Pending Pending;
typedef struct _Tool    Tool;

typedef void (*ToolStartFunc)    (Call     *call);
typedef void (*ToolAnsweredFunc) (Call     *call,
                                  Pending  *pending,
                                  JsonNode *result,
                                  JsonNode *error,
                                  gboolean  lossy);

struct _Tool
{
  const char       *name;
  const char       *title;
  const char       *description;
  const char       *input_schema;
  const char       *message;
  const char       *requested_schema;
  ToolStartFunc     start;
  ToolAnsweredFunc  answered;
};

struct _Server
{
  GMainLoop     *loop;
  GInputStream  *input;
  GOutputStream *output;
  GCancellable  *cancellable;
  GByteArray    *buffer;
  gboolean       discarding;
  gboolean       stopping;
  int            exit_status;

  guint          flood;

  gboolean       initialize_seen;
  gboolean       initialized_seen;
  gboolean       can_form;
  gboolean       can_url;

  gint64         next_request_id;
  GHashTable    *calls;             /* id key → Call, tools/call in progress */
  GHashTable    *pending;           /* gint64 id → Pending, our elicitation/create requests */
  GHashTable    *input_schemas;     /* tool name → JsonNode */
  GHashTable    *requested_schemas; /* tool name → JsonNode */

  char          *required_id;       /* url_required's elicitation */
  guint          required_timer;
  gboolean       required_complete;
};

struct _Call
{
  Server     *server;
  char       *key;
  JsonNode   *id;
  const Tool *tool;
  JsonObject *arguments;
  JsonNode   *schema;
  GPtrArray  *pending;
  guint       timer;
  gint64      delay_ms;
  char       *elicitation_id;
  guint       tally[5];
};

struct _Pending
{
  gint64  id;
  Call   *call;
};

enum { TALLY_ACCEPT, TALLY_DECLINE, TALLY_CANCEL, TALLY_ERROR, TALLY_INVALID };

static const char *tally_names[] = { "accept", "decline", "cancel", "error", "invalid" };

static gboolean validate_object (JsonNode    *schema,
                                 JsonNode    *value,
                                 const char  *where,
                                 JsonObject **normalised,
                                 char       **problem);

/* Logging and output */

static void G_GNUC_PRINTF (1, 2)
log_line (const char *format,
          ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("%s: %s\n", SERVER_NAME, text);
}

static void
server_stop (Server *self,
             int     status)
{
  if (self->stopping)
    return;
  self->stopping = TRUE;
  self->exit_status = status;
  g_cancellable_cancel (self->cancellable);
  g_main_loop_quit (self->loop);
}

static void
write_bytes (Server     *self,
             const char *data,
             gsize       len)
{
  g_autoptr(GError) error = NULL;

  if (self->stopping)
    return;

  /* Blocking on purpose: the client reads what we write, and ordering is simple. */
  if (!g_output_stream_write_all (self->output, data, len, NULL, NULL, &error))
    {
      log_line ("cannot write to stdout: %s", error->message);
      server_stop (self, 1);
    }
}

static void
send_node (Server   *self,
           JsonNode *message)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  gsize len;

  json_generator_set_root (generator, message);
  text = json_generator_to_data (generator, &len);
  text = g_realloc (text, len + 2);
  text[len] = '\n';
  text[len + 1] = '\0';
  write_bytes (self, text, len + 1);
}

static JsonObject *
new_message (void)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  return object;
}

static void
send_object (Server     *self,
             JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  send_node (self, node);
}

static void
send_result (Server     *self,
             JsonNode   *id,
             JsonObject *result)
{
  g_autoptr(JsonObject) message = new_message ();

  json_object_set_member (message, "id", json_node_copy (id));
  json_object_set_object_member (message, "result", result);
  send_object (self, message);
}

static void
send_error (Server     *self,
            JsonNode   *id,
            int         code,
            const char *text,
            JsonObject *data)
{
  g_autoptr(JsonObject) message = new_message ();
  JsonObject *error = json_object_new ();

  if (id != NULL)
    json_object_set_member (message, "id", json_node_copy (id));
  else
    json_object_set_null_member (message, "id");
  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", text);
  if (data != NULL)
    json_object_set_object_member (error, "data", data);
  json_object_set_object_member (message, "error", error);
  send_object (self, message);
}

static void
send_notification (Server     *self,
                   const char *method,
                   JsonObject *params)
{
  g_autoptr(JsonObject) message = new_message ();

  json_object_set_string_member (message, "method", method);
  if (params != NULL)
    json_object_set_object_member (message, "params", params);
  send_object (self, message);
}

/* Compact JSON for the text results: keys in their order, numbers in their shortest
 * round-trip form (json-glib 1.6 prints 3.14 as 3.1400000000000001). */

static void
append_string (GString    *out,
               const char *str)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) str; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_double (GString *out,
               double   value)
{
  static const char *formats[] = { "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

static void
append_json (GString  *out,
             JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(GList) members = json_object_get_members (object);

        g_string_append_c (out, '{');
        for (GList *l = members; l != NULL; l = l->next)
          {
            if (l != members)
              g_string_append_c (out, ',');
            append_string (out, l->data);
            g_string_append_c (out, ':');
            append_json (out, json_object_get_member (object, l->data));
          }
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            append_json (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          append_double (out, json_node_get_double (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        default:
          append_string (out, json_node_get_string (node));
          break;
        }
      break;

    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

static char *
format_number (double value)
{
  GString *out = g_string_new (NULL);

  append_double (out, value);
  return g_string_free (out, FALSE);
}

/* Tool results */

static JsonObject *
tool_result (gboolean    is_error,
             const char *text,
             JsonObject *structured)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();
  JsonObject *item = json_object_new ();

  json_object_set_string_member (item, "type", "text");
  json_object_set_string_member (item, "text", text);
  json_array_add_object_element (content, item);
  json_object_set_array_member (result, "content", content);
  if (structured != NULL)
    json_object_set_object_member (result, "structuredContent", structured);
  json_object_set_boolean_member (result, "isError", is_error);
  return result;
}

static JsonObject *
action_object (const char *action)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "action", action);
  return object;
}

static JsonObject *
result_with_reason (const char *action,
                    const char *reason)
{
  g_autofree char *text = g_strdup_printf ("%s: %s", action, reason);
  JsonObject *structured = action_object (action);

  json_object_set_string_member (structured, "reason", reason);
  return tool_result (TRUE, text, structured);
}

static JsonObject *
result_from_error (JsonNode *error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (error) ? json_node_get_object (error) : NULL;
  JsonNode *code_node = object ? json_object_get_member (object, "code") : NULL;
  JsonNode *message_node = object ? json_object_get_member (object, "message") : NULL;
  gint64 code = 0;
  const char *message = "(no message)";
  g_autofree char *text = NULL;
  JsonObject *structured;

  if (code_node != NULL && json_node_get_value_type (code_node) == G_TYPE_INT64)
    code = json_node_get_int (code_node);
  if (message_node != NULL && json_node_get_value_type (message_node) == G_TYPE_STRING)
    message = json_node_get_string (message_node);

  text = g_strdup_printf ("error: %" G_GINT64_FORMAT " %s", code, message);
  structured = action_object ("error");
  json_object_set_int_member (structured, "code", code);
  json_object_set_string_member (structured, "message", message);
  return tool_result (TRUE, text, structured);
}

/* Validation of what the client sends back, against the flat schema we sent. */

static gboolean G_GNUC_PRINTF (2, 3)
fail (char       **problem,
      const char  *format,
      ...)
{
  va_list args;

  va_start (args, format);
  *problem = g_strdup_vprintf (format, args);
  va_end (args);
  return FALSE;
}

static gboolean
node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
node_number (JsonNode *node,
             double   *value)
{
  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    return FALSE;
  return TRUE;
}

static gboolean
schema_number (JsonObject *prop,
               const char *keyword,
               double     *value)
{
  JsonNode *node = json_object_get_member (prop, keyword);

  return node != NULL && node_number (node, value);
}

static const char *
schema_string (JsonObject *object,
               const char *keyword)
{
  JsonNode *node = json_object_get_member (object, keyword);

  return node != NULL && node_is_string (node) ? json_node_get_string (node) : NULL;
}

/* The values a choice may take: enum, or the consts of oneOf/anyOf. */
static gboolean
choice_allows (JsonObject *prop,
               const char *value,
               gboolean   *is_choice)
{
  static const char *lists[] = { "enum", "oneOf", "anyOf" };

  *is_choice = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      JsonNode *node = json_object_get_member (prop, lists[i]);
      JsonArray *array;

      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        continue;
      *is_choice = TRUE;
      array = json_node_get_array (node);
      for (guint j = 0; j < json_array_get_length (array); j++)
        {
          JsonNode *item = json_array_get_element (array, j);
          const char *candidate = NULL;

          if (node_is_string (item))
            candidate = json_node_get_string (item);
          else if (JSON_NODE_HOLDS_OBJECT (item))
            candidate = schema_string (json_node_get_object (item), "const");
          if (g_strcmp0 (candidate, value) == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
check_email (const char *value)
{
  const char *at = strchr (value, '@');

  return at != NULL && at != value && strchr (at + 1, '@') == NULL
         && strchr (at + 1, '.') != NULL && at[1] != '.'
         && strpbrk (value, " \t\r\n") == NULL;
}

static gboolean
check_date (const char *value)
{
  static const char shape[] = "dddd-dd-dd";
  int y, m, d;

  if (strlen (value) != strlen (shape))
    return FALSE;
  for (guint i = 0; shape[i] != '\0'; i++)
    if (shape[i] == 'd' ? !g_ascii_isdigit (value[i]) : value[i] != shape[i])
      return FALSE;
  y = atoi (value);
  m = atoi (value + 5);
  d = atoi (value + 8);
  return y > 0 && g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

static gboolean
check_date_time (const char *value)
{
  g_autoptr(GDateTime) parsed = NULL;

  /* RFC 3339 wants a full date, a 'T' and an explicit offset. */
  if (!g_regex_match_simple ("^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?"
                             "([Zz]|[+-]\\d{2}:\\d{2})$", value, 0, 0))
    return FALSE;
  parsed = g_date_time_new_from_iso8601 (value, NULL);
  return parsed != NULL;
}

static gboolean
check_format (const char *format,
              const char *value)
{
  if (g_strcmp0 (format, "email") == 0)
    return check_email (value);
  if (g_strcmp0 (format, "uri") == 0)
    return g_uri_is_valid (value, G_URI_FLAGS_NONE, NULL);
  if (g_strcmp0 (format, "date") == 0)
    return check_date (value);
  if (g_strcmp0 (format, "date-time") == 0)
    return check_date_time (value);
  return TRUE;
}

static gboolean
check_pattern (const char *pattern,
               const char *value)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);

  /* Our own schemas only; an unusable pattern would be our bug, not the client's. */
  return regex == NULL || g_regex_match (regex, value, 0, NULL);
}

static gboolean
check_string (const char  *path,
              JsonObject  *prop,
              JsonNode    *value,
              char       **problem)
{
  const char *str;
  double min, max;
  glong length;
  gboolean is_choice;

  if (!node_is_string (value))
    return fail (problem, "%s: expected a string", path);
  str = json_node_get_string (value);
  length = g_utf8_strlen (str, -1);

  if (!choice_allows (prop, str, &is_choice) && is_choice)
    return fail (problem, "%s: \"%s\" is not one of the choices", path, str);
  if (schema_number (prop, "minLength", &min) && length < min)
    return fail (problem, "%s: shorter than %g characters", path, min);
  if (schema_number (prop, "maxLength", &max) && length > max)
    return fail (problem, "%s: longer than %g characters", path, max);
  if (schema_string (prop, "pattern") && !check_pattern (schema_string (prop, "pattern"), str))
    return fail (problem, "%s: does not match the pattern %s", path,
                 schema_string (prop, "pattern"));
  if (schema_string (prop, "format") && !check_format (schema_string (prop, "format"), str))
    return fail (problem, "%s: not a valid %s", path, schema_string (prop, "format"));
  return TRUE;
}

static gboolean
check_number (const char  *path,
              JsonObject  *prop,
              JsonNode    *value,
              gboolean     integer,
              char       **problem)
{
  double number, min, max;
  g_autofree char *shown = NULL;

  if (!node_number (value, &number))
    return fail (problem, "%s: expected %s", path, integer ? "an integer" : "a number");
  if (!isfinite (number))
    return fail (problem, "%s: not a finite number", path);
  if (integer && (number != floor (number)))
    return fail (problem, "%s: expected an integer", path);

  shown = format_number (number);
  if (schema_number (prop, "minimum", &min) && number < min)
    return fail (problem, "%s: %s is below the minimum %g", path, shown, min);
  if (schema_number (prop, "maximum", &max) && number > max)
    return fail (problem, "%s: %s is above the maximum %g", path, shown, max);
  return TRUE;
}

static gboolean
check_array (const char  *path,
             JsonObject  *prop,
             JsonNode    *value,
             char       **problem)
{
  JsonNode *items_node = json_object_get_member (prop, "items");
  JsonObject *items = items_node && JSON_NODE_HOLDS_OBJECT (items_node)
                      ? json_node_get_object (items_node) : NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;
  double min, max;
  guint length;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return fail (problem, "%s: expected an array", path);
  array = json_node_get_array (value);
  length = json_array_get_length (array);

  for (guint i = 0; i < length; i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      gboolean is_choice;

      if (!node_is_string (item))
        return fail (problem, "%s[%u]: expected a string", path, i);
      if (items && !choice_allows (items, json_node_get_string (item), &is_choice) && is_choice)
        return fail (problem, "%s[%u]: \"%s\" is not one of the choices", path, i,
                     json_node_get_string (item));
      if (!g_hash_table_add (seen, (gpointer) json_node_get_string (item)))
        return fail (problem, "%s[%u]: \"%s\" is chosen twice", path, i,
                     json_node_get_string (item));
    }
  if (schema_number (prop, "minItems", &min) && length < min)
    return fail (problem, "%s: fewer than %g items", path, min);
  if (schema_number (prop, "maxItems", &max) && length > max)
    return fail (problem, "%s: more than %g items", path, max);
  return TRUE;
}

static gboolean
validate_property (const char  *path,
                   JsonObject  *prop,
                   JsonNode    *value,
                   char       **problem)
{
  const char *type = schema_string (prop, "type");

  if (g_strcmp0 (type, "string") == 0)
    return check_string (path, prop, value, problem);
  if (g_strcmp0 (type, "number") == 0)
    return check_number (path, prop, value, FALSE, problem);
  if (g_strcmp0 (type, "integer") == 0)
    return check_number (path, prop, value, TRUE, problem);
  if (g_strcmp0 (type, "boolean") == 0)
    {
      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN)
        return TRUE;
      return fail (problem, "%s: expected a boolean", path);
    }
  if (g_strcmp0 (type, "array") == 0)
    return check_array (path, prop, value, problem);
  return fail (problem, "%s: the schema has no usable type", path);
}

static gboolean
check_required (JsonObject  *schema,
                JsonObject  *content,
                const char  *where,
                char       **problem)
{
  JsonNode *required = json_object_get_member (schema, "required");
  JsonArray *array;

  if (required == NULL || !JSON_NODE_HOLDS_ARRAY (required))
    return TRUE;
  array = json_node_get_array (required);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      const char *name = json_array_get_string_element (array, i);

      if (name != NULL && !json_object_has_member (content, name))
        return fail (problem, "%s.%s: required but missing", where, name);
    }
  return TRUE;
}

/* Checks @value against @schema and copies it, keys in the schema's order, into
 * @normalised; unknown keys are refused (our schemas allow no others). */
static gboolean
validate_object (JsonNode    *schema,
                 JsonNode    *value,
                 const char  *where,
                 JsonObject **normalised,
                 char       **problem)
{
  JsonObject *schema_object = json_node_get_object (schema);
  JsonObject *properties = json_object_get_object_member (schema_object, "properties");
  g_autoptr(JsonObject) out = json_object_new ();
  g_autoptr(GList) members = NULL;
  JsonObject *content;

  if (!JSON_NODE_HOLDS_OBJECT (value))
    return fail (problem, "%s: expected an object", where);
  content = json_node_get_object (value);

  members = json_object_get_members (content);
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (properties == NULL || !json_object_has_member (properties, l->data))
        return fail (problem, "%s.%s: not in the requested schema", where,
                     (const char *) l->data);
    }
  if (!check_required (schema_object, content, where, problem))
    return FALSE;

  g_clear_pointer (&members, g_list_free);
  members = properties ? json_object_get_members (properties) : NULL;
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *member = json_object_get_member (content, l->data);
      g_autofree char *path = NULL;

      if (member == NULL)
        continue;
      path = g_strdup_printf ("%s.%s", where, (const char *) l->data);
      if (!validate_property (path, json_object_get_object_member (properties, l->data),
                              member, problem))
        return FALSE;
      json_object_set_member (out, l->data, json_node_copy (member));
    }

  if (normalised != NULL)
    *normalised = g_steal_pointer (&out);
  return TRUE;
}

/* The answer to one elicitation/create: its action, and for form mode its content. */
static gboolean
parse_answer (JsonNode     *result,
              JsonNode     *schema,
              const char  **action,
              JsonObject  **content,
              char        **problem)
{
  JsonObject *object;
  JsonNode *content_node;
  const char *name;

  *content = NULL;
  if (!JSON_NODE_HOLDS_OBJECT (result))
    return fail (problem, "result: expected an object");
  object = json_node_get_object (result);
  name = schema_string (object, "action");
  if (name == NULL)
    return fail (problem, "result.action: missing or not a string");
  if (!g_str_equal (name, "accept") && !g_str_equal (name, "decline")
      && !g_str_equal (name, "cancel"))
    return fail (problem, "result.action: \"%s\" is not accept, decline or cancel", name);
  *action = name;

  content_node = json_object_get_member (object, "content");
  if (content_node != NULL && JSON_NODE_HOLDS_NULL (content_node))
    content_node = NULL;

  if (!g_str_equal (name, "accept") || schema == NULL)
    {
      gboolean empty = content_node == NULL
                       || (JSON_NODE_HOLDS_OBJECT (content_node)
                           && json_object_get_size (json_node_get_object (content_node)) == 0);
      if (!empty)
        return fail (problem, "result.content: not allowed %s",
                     schema == NULL ? "in URL mode" : "unless the action is accept");
      return TRUE;
    }

  /* An accept without content answers a schema whose fields are all optional. */
  if (content_node == NULL)
    {
      g_autoptr(JsonNode) empty = json_node_init_object (json_node_alloc (), json_object_new ());

      return validate_object (schema, empty, "content", content, problem);
    }
  return validate_object (schema, content_node, "content", content, problem);
}

/* Schemas, parsed once at start-up */

static JsonNode *
parse_static_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    g_error ("built-in schema does not parse: %s\n%s", error->message, text);
  return json_node_copy (json_parser_get_root (parser));
}

static void
strip_defaults (JsonNode *schema)
{
  JsonObject *properties = json_object_get_object_member (json_node_get_object (schema),
                                                          "properties");
  g_autoptr(GList) members = json_object_get_members (properties);

  for (GList *l = members; l != NULL; l = l->next)
    json_object_remove_member (json_object_get_object_member (properties, l->data), "default");
}

/* Calls and pending elicitations */

static void
call_free (Call *call)
{
  for (guint i = 0; i < call->pending->len; i++)
    {
      Pending *pending = g_ptr_array_index (call->pending, i);
      g_hash_table_remove (call->server->pending, &pending->id);
    }
  g_ptr_array_unref (call->pending);
  g_clear_handle_id (&call->timer, g_source_remove);
  g_clear_pointer (&call->id, json_node_unref);
  g_clear_pointer (&call->arguments, json_object_unref);
  g_clear_pointer (&call->schema, json_node_unref);
  g_free (call->elicitation_id);
  g_free (call->key);
  g_free (call);
}

/* Sends notifications/cancelled for each of the call's open elicitations and forgets them. */
static void
call_withdraw (Call       *call,
               const char *reason)
{
  Server *self = call->server;

  for (guint i = 0; i < call->pending->len; i++)
    {
      Pending *pending = g_ptr_array_index (call->pending, i);
      JsonObject *params = json_object_new ();

      json_object_set_int_member (params, "requestId", pending->id);
      json_object_set_string_member (params, "reason", reason);
      send_notification (self, "notifications/cancelled", params);
      g_hash_table_remove (self->pending, &pending->id);
    }
  g_ptr_array_set_size (call->pending, 0);
}

/* Ends a call without answering it; withdraws its open elicitations if @reason is set. */
static void
call_drop (Call       *call,
           const char *reason)
{
  if (reason != NULL)
    call_withdraw (call, reason);
  g_hash_table_remove (call->server->calls, call->key);
}

static void
call_finish (Call       *call,
             JsonObject *result)
{
  send_result (call->server, call->id, result);
  call_drop (call, "The tool call already finished.");
}

static void
call_send_elicitation (Call       *call,
                       JsonObject *params)
{
  Server *self = call->server;
  g_autoptr(JsonObject) message = new_message ();
  Pending *pending = g_new0 (Pending, 1);

  pending->id = self->next_request_id++;
  pending->call = call;
  g_hash_table_insert (self->pending, &pending->id, pending);
  g_ptr_array_add (call->pending, pending);

  json_object_set_int_member (message, "id", pending->id);
  json_object_set_string_member (message, "method", "elicitation/create");
  json_object_set_object_member (message, "params", params);
  send_object (self, message);
}

static void
call_send_form (Call       *call,
                const char *text,
                JsonNode   *schema)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "mode", "form");
  json_object_set_string_member (params, "message", text);
  json_object_set_member (params, "requestedSchema", json_node_copy (schema));
  call_send_elicitation (call, params);
}

static gint64
call_int_argument (Call       *call,
                   const char *name)
{
  JsonNode *schema = g_hash_table_lookup (call->server->input_schemas, call->tool->name);
  JsonObject *properties = json_object_get_object_member (json_node_get_object (schema),
                                                          "properties");
  JsonNode *node = json_object_get_member (call->arguments, name);

  if (node == NULL)
    node = json_object_get_member (json_object_get_object_member (properties, name), "default");
  return (gint64) json_node_get_double (node);
}

static gboolean
call_boolean_argument (Call       *call,
                       const char *name,
                       gboolean    fallback)
{
  JsonNode *node = json_object_get_member (call->arguments, name);

  return node != NULL ? json_node_get_boolean (node) : fallback;
}

static gboolean
call_require (Call     *call,
              gboolean  url_mode)
{
  Server *self = call->server;

  if (!url_mode && !self->can_form)
    {
      call_finish (call, result_with_reason ("unsupported", "the client did not declare the "
                                             "elicitation capability for form mode, so this tool "
                                             "cannot ask the user anything"));
      return FALSE;
    }
  if (url_mode && !self->can_url)
    {
      call_finish (call, result_with_reason ("unsupported", "the client did not declare the "
                                             "elicitation.url capability, so this tool cannot "
                                             "send the user to a web page"));
      return FALSE;
    }
  return TRUE;
}

/* Form-mode answers, shared by every form tool */

static JsonObject *
form_outcome (JsonNode *schema,
              JsonNode *result,
              JsonNode *error,
              gboolean  lossy)
{
  g_autoptr(JsonObject) content = NULL;
  g_autofree char *problem = NULL;
  g_autoptr(GString) text = NULL;
  const char *action = NULL;
  JsonObject *structured;

  if (error != NULL)
    return result_from_error (error);
  if (lossy)
    return result_with_reason ("invalid", "the answer held an integer outside the 64-bit range "
                               "or a string with \\u0000");
  if (!parse_answer (result, schema, &action, &content, &problem))
    return result_with_reason ("invalid", problem);

  structured = action_object (action);
  text = g_string_new (action);
  if (content != NULL)
    {
      g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), content);

      g_string_append (text, ": ");
      append_json (text, node);
      json_object_set_object_member (structured, "content", g_steal_pointer (&content));
    }
  return tool_result (FALSE, text->str, structured);
}

static void
start_form (Call *call)
{
  if (call_require (call, FALSE))
    call_send_form (call, call->tool->message, call->schema);
}

static void
answered_form (Call     *call,
               Pending  *pending,
               JsonNode *result,
               JsonNode *error,
               gboolean  lossy)
{
  call_finish (call, form_outcome (call->schema, result, error, lossy));
}

static void
start_every_enum (Call *call)
{
  if (!call_boolean_argument (call, "with_defaults", TRUE))
    strip_defaults (call->schema);
  start_form (call);
}

static void
start_confirm (Call *call)
{
  JsonNode *question = json_object_get_member (call->arguments, "question");

  if (call_require (call, FALSE))
    call_send_form (call, question ? json_node_get_string (question) : call->tool->message,
                    call->schema);
}

/* cancel_after */

static gboolean
cancel_after_cb (gpointer user_data)
{
  Call *call = user_data;
  g_autofree char *reason = NULL;
  g_autofree char *text = NULL;
  JsonObject *structured;

  call->timer = 0;
  reason = g_strdup_printf ("The demo server withdrew this request after %" G_GINT64_FORMAT " ms.",
                            call->delay_ms);
  text = g_strdup_printf ("withdrawn: the server cancelled its request after %" G_GINT64_FORMAT " ms",
                          call->delay_ms);
  structured = action_object ("withdrawn");
  json_object_set_int_member (structured, "after_ms", call->delay_ms);

  /* Withdraw first, so the client closes the prompt before it sees the result. */
  call_withdraw (call, reason);
  call_finish (call, tool_result (FALSE, text, structured));
  return G_SOURCE_REMOVE;
}

static void
start_cancel_after (Call *call)
{
  if (!call_require (call, FALSE))
    return;
  call->delay_ms = call_int_argument (call, "after_ms");
  call_send_form (call, call->tool->message, call->schema);
  call->timer = g_timeout_add ((guint) call->delay_ms, cancel_after_cb, call);
}

/* url_login */

static char *
example_url (const char *path,
             const char *elicitation_id)
{
  return g_strdup_printf ("https://auth.example.com/%s?elicitationId=%s", path, elicitation_id);
}

static void
send_complete (Server     *self,
               const char *elicitation_id)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "elicitationId", elicitation_id);
  send_notification (self, "notifications/elicitation/complete", params);
}

static JsonObject *
url_result (const char *action,
            const char *elicitation_id,
            gboolean    completed)
{
  g_autofree char *text = NULL;
  JsonObject *structured = action_object (action);

  json_object_set_string_member (structured, "elicitationId", elicitation_id);
  if (completed)
    json_object_set_boolean_member (structured, "completed", TRUE);
  text = completed ? g_strdup_printf ("%s: elicitation %s completed", action, elicitation_id)
                   : g_strdup (action);
  return tool_result (FALSE, text, structured);
}

static gboolean
url_login_complete_cb (gpointer user_data)
{
  Call *call = user_data;

  call->timer = 0;
  send_complete (call->server, call->elicitation_id);
  call_finish (call, url_result ("accept", call->elicitation_id, TRUE));
  return G_SOURCE_REMOVE;
}

static void
start_url_login (Call *call)
{
  JsonObject *params;
  g_autofree char *url = NULL;

  if (!call_require (call, TRUE))
    return;
  call->delay_ms = call_int_argument (call, "complete_after_ms");
  call->elicitation_id = g_uuid_string_random ();
  url = example_url ("login", call->elicitation_id);

  params = json_object_new ();
  json_object_set_string_member (params, "mode", "url");
  json_object_set_string_member (params, "message", call->tool->message);
  json_object_set_string_member (params, "url", url);
  json_object_set_string_member (params, "elicitationId", call->elicitation_id);
  call_send_elicitation (call, params);
}

static void
answered_url_login (Call     *call,
                    Pending  *pending,
                    JsonNode *result,
                    JsonNode *error,
                    gboolean  lossy)
{
  g_autoptr(JsonObject) content = NULL;
  g_autofree char *problem = NULL;
  const char *action = NULL;

  if (error != NULL)
    call_finish (call, result_from_error (error));
  else if (lossy)
    call_finish (call, result_with_reason ("invalid", "the answer held an out-of-range number"));
  else if (!parse_answer (result, NULL, &action, &content, &problem))
    call_finish (call, result_with_reason ("invalid", problem));
  else if (!g_str_equal (action, "accept"))
    call_finish (call, url_result (action, call->elicitation_id, FALSE));
  else
    call->timer = g_timeout_add ((guint) call->delay_ms, url_login_complete_cb, call);
}

/* url_required */

static gboolean
url_required_complete_cb (gpointer user_data)
{
  Server *self = user_data;

  self->required_timer = 0;
  self->required_complete = TRUE;
  send_complete (self, self->required_id);
  return G_SOURCE_REMOVE;
}

static void
start_url_required (Call *call)
{
  Server *self = call->server;
  g_autofree char *url = NULL;
  JsonObject *data, *elicitation;
  JsonArray *list;
  gint64 delay;

  if (!call_require (call, TRUE))
    return;
  if (self->required_complete)
    {
      g_autofree char *text = g_strdup_printf ("authorized: elicitation %s", self->required_id);
      JsonObject *structured = action_object ("authorized");

      json_object_set_string_member (structured, "elicitationId", self->required_id);
      call_finish (call, tool_result (FALSE, text, structured));
      return;
    }

  if (self->required_id == NULL)
    self->required_id = g_uuid_string_random ();
  delay = call_int_argument (call, "complete_after_ms");
  if (delay >= 0 && self->required_timer == 0)
    self->required_timer = g_timeout_add ((guint) delay, url_required_complete_cb, self);

  url = example_url ("connect", self->required_id);
  elicitation = json_object_new ();
  json_object_set_string_member (elicitation, "mode", "url");
  json_object_set_string_member (elicitation, "elicitationId", self->required_id);
  json_object_set_string_member (elicitation, "url", url);
  json_object_set_string_member (elicitation, "message", call->tool->message);
  list = json_array_new ();
  json_array_add_object_element (list, elicitation);
  data = json_object_new ();
  json_object_set_array_member (data, "elicitations", list);

  send_error (self, call->id, MCP_URL_ELICITATION_REQUIRED,
              "This request requires more information.", data);
  call_drop (call, NULL);
}

/* flood_elicitations */

static void
start_flood (Call *call)
{
  gint64 count;

  if (!call_require (call, FALSE))
    return;
  count = call_int_argument (call, "count");
  for (gint64 i = 1; i <= count && !call->server->stopping; i++)
    {
      g_autofree char *text = g_strdup_printf ("Flood request %" G_GINT64_FORMAT " of %"
                                               G_GINT64_FORMAT, i, count);
      call_send_form (call, text, call->schema);
    }
}

static void
answered_flood (Call     *call,
                Pending  *pending,
                JsonNode *result,
                JsonNode *error,
                gboolean  lossy)
{
  g_autoptr(JsonObject) content = NULL;
  g_autofree char *problem = NULL;
  const char *action = NULL;
  g_autoptr(GString) text = NULL;
  JsonObject *structured;

  if (error != NULL)
    call->tally[TALLY_ERROR]++;
  else if (lossy || !parse_answer (result, call->schema, &action, &content, &problem))
    call->tally[TALLY_INVALID]++;
  else
    call->tally[g_str_equal (action, "accept") ? TALLY_ACCEPT
                : g_str_equal (action, "decline") ? TALLY_DECLINE : TALLY_CANCEL]++;

  if (call->pending->len > 0)
    return;

  text = g_string_new (NULL);
  structured = json_object_new ();
  for (guint i = 0; i < G_N_ELEMENTS (tally_names); i++)
    {
      g_string_append_printf (text, "%s%s: %u", i > 0 ? ", " : "", tally_names[i], call->tally[i]);
      json_object_set_int_member (structured, tally_names[i], call->tally[i]);
    }
  call_finish (call, tool_result (FALSE, text->str, structured));
}

/* The tools */

#define NO_ARGUMENTS "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}"

/* Identical to the examples in seeds/003 ("Elicitation Request Types"). */
static const char register_user_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"username\":{\"type\":\"string\",\"title\":\"Username\",\"minLength\":3,\"maxLength\":20,"
  "\"description\":\"Letters, numbers, and underscores only\"},"
  "\"email\":{\"type\":\"string\",\"format\":\"email\",\"title\":\"Email Address\"},"
  "\"age\":{\"type\":\"integer\",\"title\":\"Age\",\"minimum\":13,"
  "\"description\":\"Must be 13 or older to register\"},"
  "\"country\":{\"type\":\"string\",\"title\":\"Country\","
  "\"enum\":[\"us\",\"ca\",\"uk\",\"de\",\"fr\",\"jp\",\"au\"],"
  "\"enumNames\":[\"United States\",\"Canada\",\"United Kingdom\",\"Germany\",\"France\",\"Japan\",\"Australia\"]},"
  "\"newsletter\":{\"type\":\"boolean\",\"title\":\"Subscribe to Newsletter\",\"default\":false,"
  "\"description\":\"Receive product updates and news\"}},"
  "\"required\":[\"username\",\"email\",\"age\",\"country\"]}";

static const char configure_project_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"projectName\":{\"type\":\"string\",\"title\":\"Project Name\",\"minLength\":1,\"maxLength\":50,"
  "\"description\":\"Name for your project\"},"
  "\"framework\":{\"type\":\"string\",\"title\":\"Framework\","
  "\"enum\":[\"react\",\"vue\",\"angular\",\"svelte\",\"vanilla\"],"
  "\"enumNames\":[\"React\",\"Vue.js\",\"Angular\",\"Svelte\",\"Vanilla JS\"]},"
  "\"typescript\":{\"type\":\"boolean\",\"title\":\"Use TypeScript\",\"default\":true,"
  "\"description\":\"Enable TypeScript support\"},"
  "\"port\":{\"type\":\"integer\",\"title\":\"Development Port\",\"minimum\":1024,\"maximum\":65535,"
  "\"description\":\"Port for development server\"},"
  "\"apiUrl\":{\"type\":\"string\",\"format\":\"uri\",\"title\":\"API Base URL\","
  "\"description\":\"Backend API endpoint\"}},"
  "\"required\":[\"projectName\",\"framework\"]}";

static const char setup_dev_environment_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"editor\":{\"type\":\"string\",\"title\":\"Code Editor\","
  "\"enum\":[\"vscode\",\"vim\",\"emacs\",\"sublime\",\"atom\",\"webstorm\"],"
  "\"enumNames\":[\"VS Code\",\"Vim\",\"Emacs\",\"Sublime Text\",\"Atom\",\"WebStorm\"]},"
  "\"shellType\":{\"type\":\"string\",\"title\":\"Shell Type\","
  "\"enum\":[\"bash\",\"zsh\",\"fish\",\"powershell\"],"
  "\"enumNames\":[\"Bash\",\"Zsh\",\"Fish\",\"PowerShell\"]},"
  "\"tabSize\":{\"type\":\"integer\",\"title\":\"Tab Size\",\"minimum\":2,\"maximum\":8,"
  "\"description\":\"Number of spaces for indentation\"},"
  "\"lineEndings\":{\"type\":\"string\",\"title\":\"Line Endings\","
  "\"enum\":[\"lf\",\"crlf\",\"auto\"],"
  "\"enumNames\":[\"LF (Unix)\",\"CRLF (Windows)\",\"Auto-detect\"]},"
  "\"enableLinting\":{\"type\":\"boolean\",\"title\":\"Enable Linting\",\"default\":true,"
  "\"description\":\"Automatically lint code for errors\"},"
  "\"maxFileSize\":{\"type\":\"number\",\"title\":\"Max File Size (MB)\",\"minimum\":1,\"maximum\":100,"
  "\"description\":\"Maximum file size to process\"}},"
  "\"required\":[\"editor\",\"tabSize\"]}";

/* no_defaults is this schema with every "default" removed. */
static const char every_field_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"name\":{\"type\":\"string\",\"title\":\"Name\",\"description\":\"Plain text, 2 to 40 characters\","
  "\"minLength\":2,\"maxLength\":40,\"default\":\"Ada Lovelace\"},"
  "\"code\":{\"type\":\"string\",\"title\":\"Code\",\"description\":\"Three capital letters\","
  "\"pattern\":\"^[A-Z]{3}$\",\"default\":\"ABC\"},"
  "\"email\":{\"type\":\"string\",\"format\":\"email\",\"title\":\"Email\","
  "\"description\":\"An email address\",\"default\":\"ada@example.com\"},"
  "\"website\":{\"type\":\"string\",\"format\":\"uri\",\"title\":\"Website\","
  "\"description\":\"A web address\",\"default\":\"https://example.com/ada\"},"
  "\"birthday\":{\"type\":\"string\",\"format\":\"date\",\"title\":\"Birthday\","
  "\"description\":\"A date\",\"default\":\"1815-12-10\"},"
  "\"meeting\":{\"type\":\"string\",\"format\":\"date-time\",\"title\":\"Meeting\","
  "\"description\":\"A date and time\",\"default\":\"2025-11-25T10:30:00Z\"},"
  "\"ratio\":{\"type\":\"number\",\"title\":\"Ratio\",\"description\":\"A number from 0 to 1\","
  "\"minimum\":0,\"maximum\":1,\"default\":0.5},"
  "\"count\":{\"type\":\"integer\",\"title\":\"Count\",\"description\":\"A whole number from 1 to 10\","
  "\"minimum\":1,\"maximum\":10,\"default\":3},"
  "\"subscribe\":{\"type\":\"boolean\",\"title\":\"Subscribe\",\"description\":\"Yes or no\","
  "\"default\":true},"
  "\"color\":{\"type\":\"string\",\"title\":\"Color\",\"description\":\"One choice\","
  "\"enum\":[\"red\",\"green\",\"blue\"],\"default\":\"green\"},"
  "\"toppings\":{\"type\":\"array\",\"title\":\"Toppings\",\"description\":\"One or two choices\","
  "\"minItems\":1,\"maxItems\":2,\"items\":{\"type\":\"string\",\"enum\":[\"cheese\",\"ham\",\"olives\"]},"
  "\"default\":[\"cheese\"]}},"
  "\"required\":[\"name\",\"email\",\"count\"]}";

static const char every_enum_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"plain\":{\"type\":\"string\",\"title\":\"Untitled enum\",\"description\":\"enum without titles\","
  "\"enum\":[\"red\",\"green\",\"blue\"],\"default\":\"red\"},"
  "\"legacy\":{\"type\":\"string\",\"title\":\"Legacy enumNames\",\"description\":\"enum with enumNames\","
  "\"enum\":[\"s\",\"m\",\"l\"],\"enumNames\":[\"Small\",\"Medium\",\"Large\"],\"default\":\"m\"},"
  "\"titled\":{\"type\":\"string\",\"title\":\"Titled oneOf\",\"description\":\"oneOf with const and title\","
  "\"oneOf\":[{\"const\":\"#FF0000\",\"title\":\"Red\"},{\"const\":\"#00FF00\",\"title\":\"Green\"},"
  "{\"const\":\"#0000FF\",\"title\":\"Blue\"}],\"default\":\"#00FF00\"},"
  "\"titled_any\":{\"type\":\"string\",\"title\":\"Titled anyOf\",\"description\":\"anyOf with const and title\","
  "\"anyOf\":[{\"const\":\"cat\",\"title\":\"Cat\"},{\"const\":\"dog\",\"title\":\"Dog\"},"
  "{\"const\":\"fish\",\"title\":\"Fish\"}],\"default\":\"dog\"},"
  "\"multi\":{\"type\":\"array\",\"title\":\"Untitled multi-select\",\"description\":\"One or two of items.enum\","
  "\"minItems\":1,\"maxItems\":2,\"items\":{\"type\":\"string\",\"enum\":[\"a\",\"b\",\"c\"]},"
  "\"default\":[\"a\"]},"
  "\"multi_titled\":{\"type\":\"array\",\"title\":\"Titled multi-select\","
  "\"description\":\"Two or three of items.anyOf\",\"minItems\":2,\"maxItems\":3,"
  "\"items\":{\"anyOf\":[{\"const\":\"#FF0000\",\"title\":\"Red\"},{\"const\":\"#00FF00\",\"title\":\"Green\"},"
  "{\"const\":\"#0000FF\",\"title\":\"Blue\"},{\"const\":\"#000000\",\"title\":\"Black\"}]},"
  "\"default\":[\"#FF0000\",\"#0000FF\"]}},"
  "\"required\":[\"plain\",\"multi\"]}";

static const char confirm_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"confirmed\":{\"type\":\"boolean\",\"title\":\"Confirm\",\"description\":\"Switch on to go ahead\"}},"
  "\"required\":[\"confirmed\"]}";

static const char note_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"note\":{\"type\":\"string\",\"title\":\"Note\",\"description\":\"Anything at all\"}}}";

static const Tool tools[] = {
  {
    "register_user", "Register a user",
    "Asks for the user registration form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Complete your user registration", register_user_schema,
    start_form, answered_form,
  },
  {
    "configure_project", "Configure a project",
    "Asks for the project configuration form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Configure your new project settings", configure_project_schema,
    start_form, answered_form,
  },
  {
    "setup_dev_environment", "Set up a development environment",
    "Asks for the development environment form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Set up your development environment preferences", setup_dev_environment_schema,
    start_form, answered_form,
  },
  {
    "every_field", "Every field",
    "Asks for one field of every kind and constraint, each with a default.",
    NO_ARGUMENTS, "Fill in one field of every kind", every_field_schema,
    start_form, answered_form,
  },
  {
    "no_defaults", "Every field, no defaults",
    "Asks for one field of every kind and constraint, none with a default.",
    NO_ARGUMENTS, "Fill in one field of every kind (nothing is filled in for you)", every_field_schema,
    start_form, answered_form,
  },
  {
    "every_enum", "Every kind of choice",
    "Asks for every shape of single and multiple choice: untitled enum, legacy enumNames, "
    "titled oneOf and anyOf, items.enum and items.anyOf with minItems and maxItems.",
    "{\"type\":\"object\",\"properties\":{\"with_defaults\":{\"type\":\"boolean\","
    "\"title\":\"With defaults\",\"description\":\"Give every choice a default\",\"default\":true}},"
    "\"additionalProperties\":false}",
    "Choose one of each", every_enum_schema,
    start_every_enum, answered_form,
  },
  {
    "confirm", "Confirm",
    "Asks a yes-or-no question.",
    "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\",\"title\":\"Question\","
    "\"description\":\"What to ask\",\"minLength\":1,\"maxLength\":500,"
    "\"default\":\"Delete the file demo.txt?\"}},\"additionalProperties\":false}",
    "Delete the file demo.txt?", confirm_schema,
    start_confirm, answered_form,
  },
  {
    "url_login", "Sign in on a web page",
    "Sends the user to https://auth.example.com/login (URL mode) and reports the "
    "interaction complete a moment after the user accepts.",
    "{\"type\":\"object\",\"properties\":{\"complete_after_ms\":{\"type\":\"integer\","
    "\"title\":\"Complete after (ms)\",\"description\":\"How long the pretend sign-in takes\","
    "\"minimum\":0,\"maximum\":60000,\"default\":500}},\"additionalProperties\":false}",
    "Please sign in to Example Co to continue.", NULL,
    start_url_login, answered_url_login,
  },
  {
    "url_required", "Require a web sign-in",
    "Answers with error -32042 (URL elicitation required) until its URL elicitation has "
    "completed, which it reports after a delay; then a retry succeeds.",
    "{\"type\":\"object\",\"properties\":{\"complete_after_ms\":{\"type\":\"integer\","
    "\"title\":\"Complete after (ms)\",\"description\":\"-1 never completes\","
    "\"minimum\":-1,\"maximum\":60000,\"default\":1000}},\"additionalProperties\":false}",
    "Authorization is required to access your Example Co files.", NULL,
    start_url_required, NULL,
  },
  {
    "cancel_after", "Ask, then change its mind",
    "Asks for a note, then withdraws the request with notifications/cancelled after a delay.",
    "{\"type\":\"object\",\"properties\":{\"after_ms\":{\"type\":\"integer\","
    "\"title\":\"After (ms)\",\"description\":\"How long to wait before withdrawing\","
    "\"minimum\":0,\"maximum\":600000,\"default\":1000}},\"additionalProperties\":false}",
    "This request will be withdrawn in a moment", note_schema,
    start_cancel_after, answered_form,
  },
  {
    "flood_elicitations", "Flood of requests",
    "Sends count elicitation requests at once and tallies the answers.",
    "{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\",\"title\":\"Count\","
    "\"description\":\"How many requests to send\",\"minimum\":1,\"maximum\":1000,"
    "\"default\":10}},\"additionalProperties\":false}",
    NULL, note_schema,
    start_flood, answered_flood,
  },
};

static const Tool *
find_tool (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_str_equal (tools[i].name, name))
      return &tools[i];
  return NULL;
}

static void
load_schemas (Server *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      const Tool *tool = &tools[i];

      g_hash_table_insert (self->input_schemas, (gpointer) tool->name,
                           parse_static_json (tool->input_schema));
      if (tool->requested_schema != NULL)
        {
          JsonNode *schema = parse_static_json (tool->requested_schema);

          if (g_str_equal (tool->name, "no_defaults"))
            strip_defaults (schema);
          g_hash_table_insert (self->requested_schemas, (gpointer) tool->name, schema);
        }
    }
}

/* Requests from the client */

static char *
id_key (JsonNode *id)
{
  if (node_is_string (id))
    return g_strconcat ("s:", json_node_get_string (id), NULL);
  return g_strdup_printf ("i:%" G_GINT64_FORMAT, json_node_get_int (id));
}

static void
handle_initialize (Server     *self,
                   JsonNode   *id,
                   JsonObject *params)
{
  const char *version = params ? schema_string (params, "protocolVersion") : NULL;
  JsonNode *caps_node = params ? json_object_get_member (params, "capabilities") : NULL;
  JsonObject *caps = caps_node && JSON_NODE_HOLDS_OBJECT (caps_node)
                     ? json_node_get_object (caps_node) : NULL;
  JsonNode *elicit_node = caps ? json_object_get_member (caps, "elicitation") : NULL;
  JsonObject *result, *capabilities, *info;

  if (self->initialize_seen)
    {
      send_error (self, id, JSONRPC_INVALID_REQUEST, "initialize was already received", NULL);
      return;
    }
  if (version == NULL)
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS,
                  "Invalid params: protocolVersion must be a string", NULL);
      return;
    }

  self->initialize_seen = TRUE;
  if (elicit_node != NULL && JSON_NODE_HOLDS_OBJECT (elicit_node))
    {
      JsonObject *elicit = json_node_get_object (elicit_node);
      gboolean form = json_object_has_member (elicit, "form");

      self->can_url = json_object_has_member (elicit, "url");
      /* An empty elicitation capability means form mode only. */
      self->can_form = form || !self->can_url;
    }
  if (!g_str_equal (version, "2025-11-25") && !g_str_equal (version, "2025-06-18")
      && !g_str_equal (version, "2025-03-26"))
    version = LATEST_VERSION;
  log_line ("initialize: protocol %s, elicitation form %s, url %s", version,
            self->can_form ? "yes" : "no", self->can_url ? "yes" : "no");

  result = json_object_new ();
  json_object_set_string_member (result, "protocolVersion", version);
  capabilities = json_object_new ();
  json_object_set_object_member (capabilities, "tools", json_object_new ());
  json_object_set_boolean_member (json_object_get_object_member (capabilities, "tools"),
                                  "listChanged", FALSE);
  json_object_set_object_member (capabilities, "logging", json_object_new ());
  json_object_set_object_member (result, "capabilities", capabilities);
  info = json_object_new ();
  json_object_set_string_member (info, "name", SERVER_NAME);
  json_object_set_string_member (info, "title", "Elicit Demo Server");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);
  json_object_set_object_member (result, "serverInfo", info);
  json_object_set_string_member (result, "instructions",
                                 "Each tool asks the user for something through elicitation "
                                 "and reports exactly what it received.");
  send_result (self, id, result);
}

static void
handle_tools_list (Server   *self,
                   JsonNode *id)
{
  JsonObject *result = json_object_new ();
  JsonArray *list = json_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      JsonObject *tool = json_object_new ();

      json_object_set_string_member (tool, "name", tools[i].name);
      json_object_set_string_member (tool, "title", tools[i].title);
      json_object_set_string_member (tool, "description", tools[i].description);
      json_object_set_member (tool, "inputSchema",
                              json_node_copy (g_hash_table_lookup (self->input_schemas, tools[i].name)));
      json_array_add_object_element (list, tool);
    }
  json_object_set_array_member (result, "tools", list);
  send_result (self, id, result);
}

static void
handle_tools_call (Server     *self,
                   JsonNode   *id,
                   JsonObject *params)
{
  const char *name = params ? schema_string (params, "name") : NULL;
  JsonNode *arguments = params ? json_object_get_member (params, "arguments") : NULL;
  g_autoptr(JsonNode) empty = NULL;
  g_autofree char *key = id_key (id);
  g_autofree char *problem = NULL;
  g_autoptr(JsonObject) checked = NULL;
  const Tool *tool;
  JsonNode *requested;
  Call *call;

  if (name == NULL)
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: name must be a string", NULL);
      return;
    }
  if ((tool = find_tool (name)) == NULL)
    {
      g_autofree char *text = g_strdup_printf ("Unknown tool: %s", name);
      send_error (self, id, JSONRPC_INVALID_PARAMS, text, NULL);
      return;
    }
  if (arguments == NULL || JSON_NODE_HOLDS_NULL (arguments))
    arguments = empty = json_node_init_object (json_node_alloc (), json_object_new ());
  if (!JSON_NODE_HOLDS_OBJECT (arguments))
    {
      send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: arguments must be an object", NULL);
      return;
    }
  if (g_hash_table_contains (self->calls, key))
    {
      send_error (self, id, JSONRPC_INVALID_REQUEST, "Invalid Request: this id is already in use", NULL);
      return;
    }

  if (!validate_object (g_hash_table_lookup (self->input_schemas, name), arguments,
                        "arguments", &checked, &problem))
    {
      send_result (self, id, result_with_reason ("invalid", problem));
      return;
    }

  log_line ("tools/call %s", name);
  call = g_new0 (Call, 1);
  call->server = self;
  call->key = g_steal_pointer (&key);
  call->id = json_node_copy (id);
  call->tool = tool;
  call->arguments = g_steal_pointer (&checked);
  call->pending = g_ptr_array_new ();
  requested = g_hash_table_lookup (self->requested_schemas, name);
  call->schema = requested ? json_node_copy (requested) : NULL;
  g_hash_table_insert (self->calls, call->key, call);
  tool->start (call);
}

static void
handle_request (Server     *self,
                JsonNode   *id,
                const char *method,
                JsonObject *params)
{
  if (g_str_equal (method, "initialize"))
    handle_initialize (self, id, params);
  else if (g_str_equal (method, "ping"))
    send_result (self, id, json_object_new ());
  else if (!self->initialize_seen)
    send_error (self, id, JSONRPC_INVALID_REQUEST, "Invalid Request: send initialize first", NULL);
  else if (g_str_equal (method, "tools/list"))
    handle_tools_list (self, id);
  else if (g_str_equal (method, "tools/call"))
    handle_tools_call (self, id, params);
  else if (g_str_equal (method, "logging/setLevel"))
    send_result (self, id, json_object_new ());
  else
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);
      send_error (self, id, JSONRPC_METHOD_NOT_FOUND, text, NULL);
    }
}

static void
write_flood (Server *self)
{
  g_autoptr(GString) batch = g_string_sized_new (FLOOD_BATCH_SIZE + 256);

  log_line ("writing %u notifications/message lines", self->flood);
  for (guint i = 1; i <= self->flood && !self->stopping; i++)
    {
      g_string_append_printf (batch,
                              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                              "\"params\":{\"level\":\"info\",\"logger\":\"flood\","
                              "\"data\":\"flood message %u of %u\"}}\n", i, self->flood);
      if (batch->len >= FLOOD_BATCH_SIZE || i == self->flood)
        {
          write_bytes (self, batch->str, batch->len);
          g_string_truncate (batch, 0);
        }
    }
}

static void
handle_cancelled (Server     *self,
                  JsonObject *params)
{
  JsonNode *request_id = params ? json_object_get_member (params, "requestId") : NULL;
  g_autofree char *key = NULL;
  Call *call;

  if (request_id == NULL || !JSON_NODE_HOLDS_VALUE (request_id)
      || (json_node_get_value_type (request_id) != G_TYPE_STRING
          && json_node_get_value_type (request_id) != G_TYPE_INT64))
    return;
  key = id_key (request_id);
  call = g_hash_table_lookup (self->calls, key);
  if (call == NULL)
    return;
  log_line ("the client cancelled tools/call %s (%s)", call->tool->name,
            schema_string (params, "reason") ? schema_string (params, "reason") : "no reason");
  call_drop (call, "The tool call was cancelled.");
}

static void
handle_notification (Server     *self,
                     const char *method,
                     JsonObject *params)
{
  if (g_str_equal (method, "notifications/initialized"))
    {
      if (self->initialized_seen || !self->initialize_seen)
        return;
      self->initialized_seen = TRUE;
      if (self->flood > 0)
        write_flood (self);
    }
  else if (g_str_equal (method, "notifications/cancelled"))
    handle_cancelled (self, params);
}

static void
handle_response (Server     *self,
                 JsonObject *message,
                 gboolean    lossy)
{
  JsonNode *id = json_object_get_member (message, "id");
  JsonNode *result = json_object_get_member (message, "result");
  JsonNode *error = json_object_get_member (message, "error");
  gint64 number;
  Pending *pending;
  Call *call;

  if (!JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_INT64)
    {
      log_line ("ignoring a response with an id we never used");
      return;
    }
  number = json_node_get_int (id);
  pending = g_hash_table_lookup (self->pending, &number);
  if (pending == NULL)
    {
      log_line ("ignoring a response to request %" G_GINT64_FORMAT ", which is not pending", number);
      return;
    }
  g_hash_table_steal (self->pending, &number);
  call = pending->call;
  g_ptr_array_remove (call->pending, pending);
  call->tool->answered (call, pending, result, error, lossy);
  g_free (pending);
}

static gboolean
valid_id (JsonNode *id)
{
  gint64 number;

  if (!JSON_NODE_HOLDS_VALUE (id))
    return FALSE;
  if (json_node_get_value_type (id) == G_TYPE_STRING)
    return TRUE;
  if (json_node_get_value_type (id) != G_TYPE_INT64)
    return FALSE;
  number = json_node_get_int (id);
  return number >= -MAX_SAFE_ID && number <= MAX_SAFE_ID;
}

static void
handle_message (Server     *self,
                JsonObject *message,
                gboolean    lossy)
{
  JsonNode *id = json_object_get_member (message, "id");
  JsonNode *method = json_object_get_member (message, "method");
  JsonNode *params = json_object_get_member (message, "params");
  JsonObject *params_object = NULL;

  if (g_strcmp0 (schema_string (message, "jsonrpc"), "2.0") != 0)
    {
      send_error (self, NULL, JSONRPC_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"", NULL);
      return;
    }

  if (method == NULL)
    {
      if (id != NULL && (json_object_has_member (message, "result")
                         || json_object_has_member (message, "error")))
        handle_response (self, message, lossy);
      else
        send_error (self, NULL, JSONRPC_INVALID_REQUEST, "Invalid Request: no method, result or error", NULL);
      return;
    }

  if (!node_is_string (method) || (id != NULL && (lossy || !valid_id (id))))
    {
      send_error (self, NULL, JSONRPC_INVALID_REQUEST,
                  "Invalid Request: method must be a string and id a string or a safe integer", NULL);
      return;
    }
  if (params != NULL && JSON_NODE_HOLDS_OBJECT (params))
    params_object = json_node_get_object (params);
  else if (params != NULL && !JSON_NODE_HOLDS_NULL (params))
    {
      if (id != NULL)
        send_error (self, id, JSONRPC_INVALID_PARAMS, "Invalid params: params must be an object", NULL);
      return;
    }

  if (id != NULL)
    handle_request (self, id, json_node_get_string (method), params_object);
  else
    handle_notification (self, json_node_get_string (method), params_object);
}

/* Lines */

/* Returns the end of the number at @start, and sets *@lossy for an integer literal that
 * json-glib 1.6 would not read back as itself (beyond int64). */
static gsize
scan_number (const char *line,
             gsize       len,
             gsize       start,
             gboolean   *lossy)
{
  gsize i = start, digits_start, digits;
  gboolean fraction = FALSE;

  if (line[i] == '-')
    i++;
  digits_start = i;
  while (i < len && g_ascii_isdigit (line[i]))
    i++;
  digits = i - digits_start;
  while (i < len && (g_ascii_isdigit (line[i]) || strchr (".eE+-", line[i]) != NULL))
    fraction = TRUE, i++;

  if (!fraction && digits >= 19)
    {
      const char *limit = line[start] == '-' ? "9223372036854775808" : "9223372036854775807";

      if (digits > 19 || strncmp (line + digits_start, limit, 19) > 0)
        *lossy = TRUE;
    }
  return i;
}

/* Checks nesting depth before json-glib sees the line (it overflows its stack on deep
 * input) and notes what it would silently change (huge integers, \u0000). */
static gboolean
scan_line (const char *line,
           gsize       len,
           gboolean   *lossy)
{
  gboolean in_string = FALSE;
  int depth = 0;

  *lossy = FALSE;
  for (gsize i = 0; i < len; i++)
    {
      char c = line[i];

      if (in_string)
        {
          if (c == '\\')
            {
              if (i + 5 < len && strncmp (line + i + 1, "u0000", 5) == 0)
                *lossy = TRUE;
              i++;
            }
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > MAX_DEPTH)
            return FALSE;
        }
      else if (c == ']' || c == '}')
        depth--;
      else if (c == '-' || g_ascii_isdigit (c))
        i = scan_number (line, len, i, lossy) - 1;
    }
  return TRUE;
}

static void
handle_line (Server     *self,
             const char *line,
             gsize       len)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) error = NULL;
  gboolean lossy;
  JsonNode *root;

  while (len > 0 && g_ascii_isspace (line[len - 1]))
    len--;
  if (len == 0)
    return;
  if (!g_utf8_validate (line, len, NULL))
    {
      send_error (self, NULL, JSONRPC_PARSE_ERROR, "Parse error: invalid UTF-8", NULL);
      return;
    }
  if (!scan_line (line, len, &lossy))
    {
      send_error (self, NULL, JSONRPC_PARSE_ERROR, "Parse error: nested more than 64 levels deep", NULL);
      return;
    }

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, line, (gssize) len, &error))
    {
      g_autofree char *text = g_strdup_printf ("Parse error: %s", error->message);
      send_error (self, NULL, JSONRPC_PARSE_ERROR, text, NULL);
      return;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      send_error (self, NULL, JSONRPC_INVALID_REQUEST,
                  "Invalid Request: expected one JSON object per line (batches are not supported)", NULL);
      return;
    }
  handle_message (self, json_node_get_object (root), lossy);
}

static void
handle_buffer (Server *self)
{
  GByteArray *buffer = self->buffer;
  gsize start = 0;

  while (!self->stopping)
    {
      const guint8 *newline = memchr (buffer->data + start, '\n', buffer->len - start);
      gsize end;

      if (newline == NULL)
        break;
      end = (gsize) (newline - buffer->data);
      if (self->discarding)
        self->discarding = FALSE;
      else
        {
          buffer->data[end] = '\0';
          handle_line (self, (const char *) buffer->data + start, end - start);
        }
      start = end + 1;
    }
  g_byte_array_remove_range (buffer, 0, (guint) start);

  if (buffer->len > MAX_LINE_LENGTH)
    {
      log_line ("a line is longer than %d bytes; skipping it", MAX_LINE_LENGTH);
      send_error (self, NULL, JSONRPC_PARSE_ERROR, "Parse error: line longer than 16 MiB", NULL);
      g_byte_array_set_size (buffer, 0);
      self->discarding = TRUE;
    }
}

static void read_next (Server *self);

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Server *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (bytes == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          log_line ("cannot read stdin: %s", error->message);
          server_stop (self, 1);
        }
      return;
    }
  if (g_bytes_get_size (bytes) == 0)
    {
      log_line ("stdin closed; exiting");
      server_stop (self, 0);
      return;
    }
  if (!self->discarding || memchr (g_bytes_get_data (bytes, NULL), '\n', g_bytes_get_size (bytes)))
    g_byte_array_append (self->buffer, g_bytes_get_data (bytes, NULL), (guint) g_bytes_get_size (bytes));
  handle_buffer (self);
  read_next (self);
}

static void
read_next (Server *self)
{
  if (self->stopping)
    return;
  g_input_stream_read_bytes_async (self->input, READ_CHUNK_SIZE, G_PRIORITY_DEFAULT,
                                   self->cancellable, read_cb, self);
}

/* Start-up */

static gboolean
parse_options (int      *argc,
               char   ***argv,
               gint     *flood,
               gboolean *crash)
{
  const GOptionEntry entries[] = {
    { "flood", 0, 0, G_OPTION_ARG_INT, flood,
      "Write N notifications/message lines after notifications/initialized", "N" },
    { "crash-on-start", 0, 0, G_OPTION_ARG_NONE, crash,
      "Exit at once with status 3 (for testing clients)", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;

  g_option_context_set_summary (context, "A small MCP server on stdio whose tools ask the user "
                                         "for input through elicitation.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error) || *flood < 0)
    {
      g_printerr ("%s: %s\n", SERVER_NAME, error ? error->message : "--flood must not be negative");
      return FALSE;
    }
  return TRUE;
}

static void
server_free (Server *self)
{
  /* Calls first: freeing one removes its entries from the pending table. */
  g_hash_table_destroy (self->calls);
  g_hash_table_destroy (self->pending);
  g_hash_table_destroy (self->input_schemas);
  g_hash_table_destroy (self->requested_schemas);
  g_clear_handle_id (&self->required_timer, g_source_remove);
  g_free (self->required_id);
  g_byte_array_unref (self->buffer);
  g_object_unref (self->input);
  g_object_unref (self->output);
  g_object_unref (self->cancellable);
  g_main_loop_unref (self->loop);
  g_free (self);
}

int
main (int   argc,
      char *argv[])
{
  gint flood = 0;
  gboolean crash = FALSE;
  Server *self;
  int status;

  if (!parse_options (&argc, &argv, &flood, &crash))
    return 2;
  if (crash)
    {
      g_printerr ("%s: crashing on start, as asked by --crash-on-start\n", SERVER_NAME);
      return 3;
    }

  /* A client that goes away must not kill us with SIGPIPE; the write fails instead. */
  signal (SIGPIPE, SIG_IGN);

  self = g_new0 (Server, 1);
  self->loop = g_main_loop_new (NULL, FALSE);
  self->input = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  self->output = g_unix_output_stream_new (STDOUT_FILENO, FALSE);
  self->cancellable = g_cancellable_new ();
  self->buffer = g_byte_array_new ();
  self->flood = (guint) flood;
  self->next_request_id = 1;
  self->calls = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) call_free);
  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  self->input_schemas = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                               (GDestroyNotify) json_node_unref);
  self->requested_schemas = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                   (GDestroyNotify) json_node_unref);
  load_schemas (self);

  log_line ("ready on stdio");
  read_next (self);
  g_main_loop_run (self->loop);

  status = self->exit_status;
  server_free (self);
  return status;
}
