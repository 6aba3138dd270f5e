/* elicit-demo-wire.c: JSON-RPC lines in and out, compact JSON, tool results
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "elicit-demo-server.h"

/* Logging and output */

void G_GNUC_PRINTF (1, 2)
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

void
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

JsonObject *
new_message (void)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  return object;
}

void
send_object (Server     *self,
             JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  send_node (self, node);
}

void
send_result (Server     *self,
             JsonNode   *id,
             JsonObject *result)
{
  g_autoptr(JsonObject) message = new_message ();

  json_object_set_member (message, "id", json_node_copy (id));
  json_object_set_object_member (message, "result", result);
  send_object (self, message);
}

void
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

void
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

void
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

char *
format_number (double value)
{
  GString *out = g_string_new (NULL);

  append_double (out, value);
  return g_string_free (out, FALSE);
}

/* Tool results */

JsonObject *
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

JsonObject *
action_object (const char *action)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "action", action);
  return object;
}

JsonObject *
result_with_reason (const char *action,
                    const char *reason)
{
  g_autofree char *text = g_strdup_printf ("%s: %s", action, reason);
  JsonObject *structured = action_object (action);

  json_object_set_string_member (structured, "reason", reason);
  return tool_result (TRUE, text, structured);
}

JsonObject *
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

void
read_next (Server *self)
{
  if (self->stopping)
    return;
  g_input_stream_read_bytes_async (self->input, READ_CHUNK_SIZE, G_PRIORITY_DEFAULT,
                                   self->cancellable, read_cb, self);
}

