/* elicit-demo-tools.c: the tools: their schemas, and how each one asks and answers (2025-11-25)
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "elicit-demo-server.h"

enum { TALLY_ACCEPT, TALLY_DECLINE, TALLY_CANCEL, TALLY_ERROR, TALLY_INVALID };

static const char *tally_names[] = { "accept", "decline", "cancel", "error", "invalid" };

/* Calls and pending elicitations */

void
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
  g_clear_pointer (&call->errors, json_array_unref);
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
void
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

JsonObject *
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

/* Counts @error among the distinct errors the call was answered with. */
static void
count_error (Call     *call,
             JsonNode *error)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (error) ? json_node_get_object (error) : NULL;
  JsonNode *code = object != NULL ? json_object_get_member (object, "code") : NULL;
  JsonNode *message = object != NULL ? json_object_get_member (object, "message") : NULL;
  gint64 number = code != NULL && JSON_NODE_HOLDS_VALUE (code) ? json_node_get_int (code) : 0;
  const char *text = message != NULL && JSON_NODE_HOLDS_VALUE (message) &&
                     json_node_get_value_type (message) == G_TYPE_STRING
                     ? json_node_get_string (message) : "";
  JsonObject *entry;

  if (call->errors == NULL)
    call->errors = json_array_new ();

  for (guint i = 0; i < json_array_get_length (call->errors); i++)
    {
      entry = json_array_get_object_element (call->errors, i);
      if (json_object_get_int_member (entry, "code") == number &&
          g_str_equal (json_object_get_string_member (entry, "message"), text))
        {
          json_object_set_int_member (entry, "count", json_object_get_int_member (entry, "count") + 1);
          return;
        }
    }

  entry = json_object_new ();
  json_object_set_int_member (entry, "code", number);
  json_object_set_string_member (entry, "message", text);
  json_object_set_int_member (entry, "count", 1);
  json_array_add_object_element (call->errors, entry);
}

/* One line per distinct error, after the tally. */
static void
describe_errors (Call       *call,
                 GString    *text,
                 JsonObject *structured)
{
  for (guint i = 0; call->errors != NULL && i < json_array_get_length (call->errors); i++)
    {
      JsonObject *entry = json_array_get_object_element (call->errors, i);

      g_string_append_printf (text, "\nerror %" G_GINT64_FORMAT " “%s”: %" G_GINT64_FORMAT,
                              json_object_get_int_member (entry, "code"),
                              json_object_get_string_member (entry, "message"),
                              json_object_get_int_member (entry, "count"));
    }
  if (call->errors != NULL)
    json_object_set_array_member (structured, "errors", json_array_ref (call->errors));
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
    {
      call->tally[TALLY_ERROR]++;
      count_error (call, error);
    }
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
  describe_errors (call, text, structured);
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
  "\"confirmed\":{\"type\":\"boolean\",\"title\":\"Confirm\",\"description\":\"Answer Yes to go ahead\"}},"
  "\"required\":[\"confirmed\"]}";

static const char note_schema[] =
  "{\"type\":\"object\",\"properties\":{"
  "\"note\":{\"type\":\"string\",\"title\":\"Note\",\"description\":\"Anything at all\"}}}";

const Tool demo_tools[] = {
  {
    "register_user", "Register a user",
    "Asks for the user registration form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Complete your user registration", register_user_schema,
    start_form, answered_form, modern_form,
  },
  {
    "configure_project", "Configure a project",
    "Asks for the project configuration form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Configure your new project settings", configure_project_schema,
    start_form, answered_form, modern_form,
  },
  {
    "setup_dev_environment", "Set up a development environment",
    "Asks for the development environment form from the MCP elicitation examples.",
    NO_ARGUMENTS, "Set up your development environment preferences", setup_dev_environment_schema,
    start_form, answered_form, modern_form,
  },
  {
    "every_field", "Every field",
    "Asks for one field of every kind and constraint, each with a default.",
    NO_ARGUMENTS, "Fill in one field of every kind", every_field_schema,
    start_form, answered_form, modern_form,
  },
  {
    "no_defaults", "Every field, no defaults",
    "Asks for one field of every kind and constraint, none with a default.",
    NO_ARGUMENTS, "Fill in one field of every kind (nothing is filled in for you)", every_field_schema,
    start_form, answered_form, modern_form,
  },
  {
    "every_enum", "Every kind of choice",
    "Asks for every shape of single and multiple choice: untitled enum, legacy enumNames, "
    "titled oneOf and anyOf, items.enum and items.anyOf with minItems and maxItems.",
    "{\"type\":\"object\",\"properties\":{\"with_defaults\":{\"type\":\"boolean\","
    "\"title\":\"With defaults\",\"description\":\"Give every choice a default\",\"default\":true}},"
    "\"additionalProperties\":false}",
    "Choose one of each", every_enum_schema,
    start_every_enum, answered_form, modern_form,
  },
  {
    "confirm", "Confirm",
    "Asks a yes-or-no question.",
    "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\",\"title\":\"Question\","
    "\"description\":\"What to ask\",\"minLength\":1,\"maxLength\":500,"
    "\"default\":\"Delete the file demo.txt?\"}},\"additionalProperties\":false}",
    "Delete the file demo.txt?", confirm_schema,
    start_confirm, answered_form, modern_form,
  },
  {
    "url_login", "Sign in on a web page",
    "Sends the user to https://auth.example.com/login (URL mode) and reports the "
    "interaction complete a moment after the user accepts.",
    "{\"type\":\"object\",\"properties\":{\"complete_after_ms\":{\"type\":\"integer\","
    "\"title\":\"Complete after (ms)\",\"description\":\"How long the pretend sign-in takes\","
    "\"minimum\":0,\"maximum\":60000,\"default\":500}},\"additionalProperties\":false}",
    "Please sign in to Example Co to continue.", NULL,
    start_url_login, answered_url_login, modern_url_login,
  },
  {
    "url_required", "Require a web sign-in",
    "Answers with error -32042 (URL elicitation required) until its URL elicitation has "
    "completed, which it reports after a delay; then a retry succeeds.",
    "{\"type\":\"object\",\"properties\":{\"complete_after_ms\":{\"type\":\"integer\","
    "\"title\":\"Complete after (ms)\",\"description\":\"-1 never completes\","
    "\"minimum\":-1,\"maximum\":60000,\"default\":1000}},\"additionalProperties\":false}",
    "Authorization is required to access your Example Co files.", NULL,
    start_url_required, NULL, NULL,
  },
  {
    "cancel_after", "Ask, then change its mind",
    "Asks for a note, then withdraws the request with notifications/cancelled after a delay.",
    "{\"type\":\"object\",\"properties\":{\"after_ms\":{\"type\":\"integer\","
    "\"title\":\"After (ms)\",\"description\":\"How long to wait before withdrawing\","
    "\"minimum\":0,\"maximum\":600000,\"default\":1000}},\"additionalProperties\":false}",
    "This request will be withdrawn in a moment", note_schema,
    start_cancel_after, answered_form, NULL,
  },
  {
    "flood_elicitations", "Flood of requests",
    "Sends count elicitation requests at once and tallies the answers.",
    "{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\",\"title\":\"Count\","
    "\"description\":\"How many requests to send\",\"minimum\":1,\"maximum\":1000,"
    "\"default\":10}},\"additionalProperties\":false}",
    NULL, note_schema,
    start_flood, answered_flood, modern_flood,
  },
  {
    "two_questions", "Two questions at once",
    "Asks for a name and a confirmation in one round (2026-07-28 only).",
    NO_ARGUMENTS, NULL, NULL,
    NULL, NULL, modern_two_questions,
  },
  {
    "two_rounds", "Two rounds of questions",
    "Asks for a project name, then, in a second round that carries requestState, for its "
    "framework and port (2026-07-28 only).",
    NO_ARGUMENTS, NULL, NULL,
    NULL, NULL, modern_two_rounds,
  },
};

const guint demo_n_tools = G_N_ELEMENTS (demo_tools);

const Tool *
find_tool (const char *name)
{
  for (guint i = 0; i < demo_n_tools; i++)
    if (g_str_equal (demo_tools[i].name, name))
      return &demo_tools[i];
  return NULL;
}

void
load_schemas (Server *self)
{
  for (guint i = 0; i < demo_n_tools; i++)
    {
      const Tool *tool = &demo_tools[i];

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

