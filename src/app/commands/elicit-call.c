/* elicit-call.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * elicit call [--name NAME] [--tool TOOL [--arguments JSON]] -- COMMAND [ARG…]
 * elicit call [--config FILE] --server NAME [--tool TOOL [--arguments JSON]]
 * elicit call --url URL [--header 'NAME: VALUE'…] [--tool TOOL [--arguments JSON]]
 * elicit call --sign-out (--url URL | --server NAME)
 *
 * Starts one MCP server, calls one tool, answers every elicitation with a
 * native dialog labelled NAME, prints the tool's result as JSON on stdout,
 * and exits with an ElicitCallStatus; without --tool it prints the server's
 * tools. What a script uses to ask a person something through a server.
 */

#include "config.h"

#include <signal.h>
#include <stdio.h>

#include <glib-unix.h>
#include <glib/gi18n.h>

#include "elicit.h"
#include "elicit-auth-options.h"
#include "elicit-call.h"
#include "elicit-tap-transport.h"
#include "elicit-text-domain.h"
#include "elicit-cli.h"
#include "elicit-timing.h"
#include "elicit-config.h"
#include "elicit-cli-prompts.h"
#include "elicit-header-options.h"

/* How many lines of the server's stderr are kept to explain a failure. */
#define STDERR_TAIL_LINES 20

typedef struct
{
  char     *name;
  char     *tool;
  char     *arguments;
  char     *server;
  char     *config;
  int       timeout;
  gboolean  verbose;
  gboolean  sign_out;
  char    **command;
  char     *url;
  char    **headers;
  char     *header_file;
  gboolean  accept_defaults;
  ElicitAuthOptions auth;
  ElicitAuthorizer *authorizer;  /* a remote server's, once made */
} Options;

typedef struct
{
  GMainLoop       *loop;
  ElicitTransport *transport;
  ElicitSession   *session;
  ElicitCliPrompts *prompts;
  GCancellable    *cancellable;
  char            *label;
  char            *tool;
  JsonObject      *arguments;
  GQueue           stderr_tail;
  GPtrArray       *url_requests;   /* URL elicitations shown, which the user may say are done */
  GPtrArray       *open_requests;  /* elicitations not yet answered, oldest first */
  int              status;
  gboolean         verbose;
  gboolean         finishing;
} Call;

static void start_call (Call *call);

static void
options_clear (Options *options)
{
  g_free (options->name);
  g_free (options->tool);
  g_free (options->arguments);
  g_free (options->server);
  g_free (options->config);
  g_strfreev (options->command);
  g_free (options->url);
  g_strfreev (options->headers);
  g_free (options->header_file);
  elicit_auth_options_clear (&options->auth);
  g_clear_object (&options->authorizer);
}

static int
usage_error (const char *message)
{
  g_printerr ("elicit call: %s\n", message);
  g_printerr (_("Run “%s” to see the options.\n"), "elicit call --help");

  return ELICIT_CALL_STATUS_USAGE;
}

/* Options and command ---------------------------------------------------------- */

static gboolean
parse_options (Options  *options,
               int       argc,
               char    **argv,
               GError  **error)
{
  const GOptionEntry entries[] = {
    { "name", 'n', 0, G_OPTION_ARG_STRING, &options->name,
      N_("The name dialogs show for the server (default: the command’s name)"), N_("NAME") },
    { "tool", 't', 0, G_OPTION_ARG_STRING, &options->tool,
      N_("The tool to call; without it, the server’s tools are listed"), N_("TOOL") },
    { "arguments", 'a', 0, G_OPTION_ARG_STRING, &options->arguments,
      N_("The tool’s arguments, a JSON object"), N_("JSON") },
    { "server", 's', 0, G_OPTION_ARG_STRING, &options->server,
      N_("Start the server of this name in the servers file instead of a command"), N_("NAME") },
    { "config", 'c', 0, G_OPTION_ARG_FILENAME, &options->config,
      N_("The servers file for --server (default: ~/.config/elicit/servers.json)"), N_("FILE") },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &options->timeout,
      N_("Give up after this many seconds without an answer or progress from the server; 0 waits forever (default: 60)"),
      N_("SECONDS") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &options->verbose,
      N_("Show the server’s log messages, progress and standard error"), NULL },
    { "url", 'u', 0, G_OPTION_ARG_STRING, &options->url,
      N_("Connect to the remote server at this address (Streamable HTTP) instead of starting one"),
      N_("URL") },
    { "header", 'H', 0, G_OPTION_ARG_STRING_ARRAY, &options->headers,
      N_("Send this header with every request to --url; repeat for more. Every local user can read "
         "the command line: put secrets in --header-file"),
      N_("“NAME: VALUE”") },
    { "header-file", 0, 0, G_OPTION_ARG_FILENAME, &options->header_file,
      N_("Send the headers in this file, one “NAME: VALUE” a line, with every request to --url"),
      N_("FILE") },
    { "accept-defaults", 0, 0, G_OPTION_ARG_NONE, &options->accept_defaults,
      N_("For tests and automation: accept each form as shown, with its defaults, once it is valid"),
      NULL },
    { "sign-out", 0, 0, G_OPTION_ARG_NONE, &options->sign_out,
      N_("Forget the sign-in to the remote server of --url or --server (its tokens and "
         "registration, in the keyring too) instead of calling a tool"), NULL },
    { NULL }
  };
  g_autofree GOptionEntry *auth_entries = elicit_auth_options_entries (&options->auth);
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = elicit_cli_split_command (argc, argv, &options->command);
  char **parsed = args;
  int n_parsed = g_strv_length (args);

  context = g_option_context_new (_("[-- COMMAND [ARG…]] — call a tool of an MCP server, answering its questions in dialogs"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, auth_entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("Prints the tool’s result as JSON on standard output. Exit status: 0 success; 1 the tool "
      "reported an error or refused the call; 2 a wrong command line; 3 the server failed (with "
      "--sign-out: the keyring could not forget the sign-in); 4 you declined or cancelled a "
      "request of the server; 130 interrupted."));

  /* Parsing a copy of the vector, as g_option_context_parse() rearranges it. */
  parsed = g_memdup2 (args, sizeof (char *) * (n_parsed + 1));
  if (!g_option_context_parse (context, &n_parsed, &parsed, error))
    {
      g_free (parsed);
      return FALSE;
    }

  /* Without `--`, what is left over is the command. */
  if (options->command == NULL && n_parsed > 1)
    options->command = g_strdupv (parsed + 1);
  else if (n_parsed > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("Unexpected argument “%s” before “--”"), parsed[1]);
      g_free (parsed);
      return FALSE;
    }

  g_free (parsed);

  return TRUE;
}

static gboolean
check_options (Options  *options,
               GError  **error)
{
  gboolean have_command = options->command != NULL && options->command[0] != NULL;

  if (have_command && options->server != NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("Give either --server or a command, not both"));
  else if (options->url != NULL && (have_command || options->server != NULL))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("Give --url alone, without --server or a command"));
  else if ((options->headers != NULL || options->header_file != NULL) && options->url == NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("--header needs --url"));
  else if (elicit_auth_options_given (&options->auth) && options->url == NULL &&
           options->server == NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("The sign-in options need --url or --server"));
  else if (options->sign_out && (have_command || (options->url == NULL && options->server == NULL)))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("--sign-out needs the remote server: --url URL or --server NAME"));
  else if (!have_command && options->server == NULL && options->url == NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("No server to start: give a command after “--”, or --server NAME"));
  else if (options->sign_out && options->tool != NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("Give either --sign-out or --tool, not both"));
  else if (options->arguments != NULL && options->tool == NULL)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("--arguments needs --tool"));
  else if (options->timeout < -1)
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                         _("--timeout must not be negative"));
  else
    return elicit_header_options_resolve (&options->headers, options->header_file, error);

  return FALSE;
}

static JsonObject *
parse_arguments (const char  *text,
                 GError     **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;

  if (text == NULL)
    return json_object_new ();

  node = elicit_json_parse (text, -1, ELICIT_JSON_DEFAULT_MAX_DEPTH, &local_error);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--arguments must be a JSON object: %s"),
                   local_error != NULL ? local_error->message : _("it is not an object"));
      return NULL;
    }

  return json_object_ref (json_node_get_object (node));
}

static ElicitServerConfig *
lookup_server (Options  *options,
               GError  **error)
{
  g_autoptr(ElicitConfig) config = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  ElicitServerConfig *server;

  file = options->config != NULL ? g_file_new_for_commandline_arg (options->config)
                                 : elicit_config_get_default_file ();
  config = elicit_config_new_from_file (file, &local_error);

  /* No servers file of one's own: the app runs its demo, and so do we. */
  if (config == NULL && options->config == NULL &&
      g_error_matches (local_error, ELICIT_CONFIG_ERROR, ELICIT_CONFIG_ERROR_NOT_FOUND))
    {
      g_clear_error (&local_error);
      config = elicit_config_new_demo ();
    }

  if (config == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  server = elicit_config_lookup_server (config, options->server);
  if (server == NULL)
    {
      g_autofree char *path = g_file_get_path (file);

      /* A name the servers file lacks is a mistake on the command line. */
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("There is no server named “%s” in %s"), options->server,
                   elicit_config_get_is_demo (config) ? _("the demo configuration") : path);
      return NULL;
    }

  if (elicit_server_config_get_kind (server) == ELICIT_SERVER_KIND_INVALID)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The server “%s” cannot be started: %s"), options->server,
                   elicit_server_config_get_problem (server));
      return NULL;
    }

  return g_object_ref (server);
}

/* A remote server signs in with an authorizer: the command line's options,
 * else the config entry's "oauth". */
static gboolean
add_authorizer (Options          *options,
                ElicitTransport  *transport,
                const char       *url,
                JsonObject       *oauth,
                const char       *label,
                GError          **error)
{
  g_autoptr(ElicitAuthorizer) authorizer = NULL;

  if (oauth != NULL && !elicit_auth_options_merge_json (&options->auth, oauth, error))
    return FALSE;

  authorizer = elicit_auth_options_create_authorizer (&options->auth, url, label, NULL, error);
  if (authorizer == NULL)
    return FALSE;
  elicit_cli_watch_store (authorizer, "elicit");

  /* No person to ask in a script: --accept-defaults opens the browser. */
  if (options->accept_defaults)
    elicit_authorizer_set_auto_approve (authorizer, TRUE);
  elicit_http_transport_set_authorizer (ELICIT_HTTP_TRANSPORT (transport), authorizer);
  g_set_object (&options->authorizer, authorizer);

  return TRUE;
}

/* The one place that decides how to reach the server. */
static ElicitTransport *
create_transport (Options     *options,
                  const char  *label,
                  GError     **error)
{
  if (options->server != NULL)
    {
      g_autoptr(ElicitServerConfig) server = lookup_server (options, error);
      g_autoptr(ElicitTransport) inner = NULL;
      const char *text_domain;

      if (server == NULL)
        return NULL;

      inner = elicit_server_config_create_transport (server, error);
      if (inner != NULL && ELICIT_IS_HTTP_TRANSPORT (inner) &&
          !add_authorizer (options, inner, elicit_server_config_get_url (server),
                           elicit_server_config_get_oauth (server), label, error))
        return NULL;
      text_domain = elicit_server_config_get_text_domain (server);
      if (inner == NULL || text_domain == NULL)
        return g_steal_pointer (&inner);

      /* As in the app: the server's own catalogue translates its text. */
      elicit_text_domain_bind (text_domain, elicit_server_config_get_locale_dir (server));
      return elicit_tap_transport_new (inner, text_domain);
    }

  if (options->url != NULL)
    {
      g_autoptr(ElicitTransport) transport = NULL;

      transport = elicit_http_transport_new (options->url, (const char * const *) options->headers,
                                             error);
      if (transport == NULL || !add_authorizer (options, transport, options->url, NULL, label, error))
        return NULL;
      return g_steal_pointer (&transport);
    }

  return elicit_stdio_transport_new ((const char * const *) options->command, NULL, NULL, error);
}

/* What the server says on the side -------------------------------------------- */

static void
log_cb (ElicitTransport *transport,
        const char      *line,
        Call            *call)
{
  g_autofree char *clean = elicit_text_sanitize_line (line, 1000);

  if (call->verbose)
    {
      g_printerr ("%s: %s\n", call->label, clean);
      return;
    }

  g_queue_push_tail (&call->stderr_tail, g_steal_pointer (&clean));
  if (call->stderr_tail.length > STDERR_TAIL_LINES)
    g_free (g_queue_pop_head (&call->stderr_tail));
}

static void
message_cb (ElicitSession *session,
            const char    *level,
            const char    *logger,
            JsonNode      *data,
            Call          *call)
{
  g_autofree char *text = NULL;
  g_autofree char *clean = NULL;

  if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
    clean = elicit_text_sanitize_block (json_node_get_string (data), ELICIT_TEXT_BLOCK_MAX);
  else
    {
      text = elicit_json_to_string (data, NULL);
      clean = elicit_text_sanitize_block (text, ELICIT_TEXT_BLOCK_MAX);
    }

  g_printerr ("%s: [%s] %s\n", call->label, level, clean);
}

static void
progress_cb (double      progress,
             double      total,
             const char *message,
             gpointer    user_data)
{
  Call *call = user_data;
  g_autofree char *clean = message ? elicit_text_sanitize_line (message, 200) : NULL;

  if (!call->verbose)
    return;

  if (total >= 0)
    g_printerr (_("%s: progress %g of %g%s%s\n"), call->label, progress, total,
                clean ? ": " : "", clean ? clean : "");
  else
    g_printerr (_("%s: progress %g%s%s\n"), call->label, progress,
                clean ? ": " : "", clean ? clean : "");
}

/* The 2025-11-25 question arrives: an emission hook runs before the
 * session's own handler, and unlike a ::message handler on the transport it
 * costs the other lines nothing (a transport with a ::message handler
 * builds a tree for every line; a flood of log lines would pay for it). */
static gboolean
timing_request_hook (GSignalInvocationHint *hint,
                     guint                  n_params,
                     const GValue          *params,
                     gpointer               user_data)
{
  elicit_timing_mark ("elicitation-received");
  return TRUE;
}

static void
timing_message_cb (ElicitTransport *transport,
                   JsonNode        *node,
                   gpointer         user_data)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonObject *result = elicit_json_object_get_object (object, "result");

  /* The server's question arrives: a request (2025-11-25), or an
   * InputRequiredResult (2026-07-28). */
  if (g_strcmp0 (elicit_json_object_get_string (object, "method"), "elicitation/create") == 0 ||
      g_strcmp0 (elicit_json_object_get_string (result, "resultType"), "input_required") == 0)
    elicit_timing_mark ("elicitation-received");
}

/* The end ---------------------------------------------------------------------- */

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Call *call = user_data;

  elicit_session_close_finish (ELICIT_SESSION (object), result, NULL);
  g_main_loop_quit (call->loop);
}

/* Every request is answered before the connection closes ------------------------- */

static void
open_request_state_cb (ElicitRequest *request,
                       GParamSpec    *pspec,
                       Call          *call)
{
  if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
    return;

  g_signal_handlers_disconnect_by_func (request, open_request_state_cb, call);
  g_ptr_array_remove (call->open_requests, request);
}

/* After the queue's handler: a request it refused is answered already. */
static void
elicitation_cb (ElicitSession *session,
                ElicitRequest *request,
                Call          *call)
{
  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL)
    g_ptr_array_add (call->url_requests, g_object_ref (request));

  if (elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    return;

  g_ptr_array_add (call->open_requests, g_object_ref (request));
  g_signal_connect (request, "notify::state", G_CALLBACK (open_request_state_cb), call);
}

/* Requests shown or waiting their turn when the call ends get `cancel`, as
 * if the user had dismissed them: the server never waits for an answer that
 * will not come. The newest first, so that the queue shows nothing more. */
static void
cancel_open_requests (Call *call)
{
  while (call->open_requests->len > 0)
    {
      g_autoptr(ElicitRequest) request = g_object_ref (g_ptr_array_index (call->open_requests,
                                                                          call->open_requests->len - 1));

      g_signal_handlers_disconnect_by_func (request, open_request_state_cb, call);
      g_ptr_array_remove_index (call->open_requests, call->open_requests->len - 1);
      if (elicit_request_get_state (request) == ELICIT_REQUEST_STATE_PENDING)
        elicit_request_cancel (request);
    }
}

static void
finish (Call *call,
        int   status)
{
  if (call->finishing)
    return;

  call->finishing = TRUE;
  call->status = status;
  elicit_timing_mark ("finishing");

  if (elicit_cli_prompts_get_n_refused (call->prompts) > 1)
    g_printerr (g_dngettext (GETTEXT_PACKAGE,
                             "elicit: refused %u request from “%s” in all\n",
                             "elicit: refused %u requests from “%s” in all\n",
                             elicit_cli_prompts_get_n_refused (call->prompts)),
                elicit_cli_prompts_get_n_refused (call->prompts), call->label);

  cancel_open_requests (call);
  elicit_cli_prompts_close_all (call->prompts);
  elicit_session_close_async (call->session, NULL, close_cb, call);
}

static void
print_stderr_tail (Call *call)
{
  if (g_queue_is_empty (&call->stderr_tail))
    return;

  g_printerr (_("elicit: what “%s” wrote on its standard error:\n"), call->label);
  for (GList *l = call->stderr_tail.head; l != NULL; l = l->next)
    g_printerr ("  %s\n", (const char *) l->data);
}

static void
fail_server (Call         *call,
             const GError *error)
{
  /* TRANSLATORS: the first %s is the server's name, the second the reason */
  g_printerr (_("elicit: “%s” failed: %s\n"), call->label, error->message);
  print_stderr_tail (call);
  finish (call, ELICIT_CALL_STATUS_SERVER_FAILED);
}

static gboolean
is_server_failure (const GError *error)
{
  if (error->domain != ELICIT_SESSION_ERROR)
    return TRUE;

  switch ((ElicitSessionError) error->code)
    {
    case ELICIT_SESSION_ERROR_CLOSED:
    case ELICIT_SESSION_ERROR_TIMEOUT:
    case ELICIT_SESSION_ERROR_UNSUPPORTED_VERSION:
    case ELICIT_SESSION_ERROR_INVALID_RESPONSE:
    case ELICIT_SESSION_ERROR_NOT_CONNECTED:
      return TRUE;

    case ELICIT_SESSION_ERROR_PARSE_ERROR:
    case ELICIT_SESSION_ERROR_INVALID_REQUEST:
    case ELICIT_SESSION_ERROR_METHOD_NOT_FOUND:
    case ELICIT_SESSION_ERROR_INVALID_PARAMS:
    case ELICIT_SESSION_ERROR_INTERNAL_ERROR:
    case ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED:
    case ELICIT_SESSION_ERROR_HEADER_MISMATCH:
    case ELICIT_SESSION_ERROR_MISSING_CLIENT_CAPABILITY:
    case ELICIT_SESSION_ERROR_UNSUPPORTED_PROTOCOL_VERSION:
    case ELICIT_SESSION_ERROR_SERVER_ERROR:
    default:
      return FALSE;
    }
}

/* The text of the first content block of a tool's result, if it is text. */
static const char *
first_text (JsonObject *result)
{
  JsonArray *content = elicit_json_object_get_array (result, "content");

  return elicit_json_object_get_string (elicit_json_array_get_object (content, 0), "text");
}

static void
print_result (Call       *call,
              JsonObject *result)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), result);
  gboolean is_error = FALSE;

  elicit_cli_print_json (stdout, node);

  elicit_json_object_get_boolean (result, "isError", &is_error);

  if (elicit_cli_prompts_get_n_said_no (call->prompts) > 0)
    {
      g_printerr (_("elicit: a request from “%s” was declined or cancelled\n"), call->label);
      finish (call, ELICIT_CALL_STATUS_SAID_NO);
    }
  else if (is_error)
    {
      g_autofree char *text = first_text (result) ? elicit_text_sanitize_line (first_text (result), 500)
                                                  : g_strdup (_("no message"));

      g_printerr (_("elicit: the tool “%s” reported an error: %s\n"), call->tool, text);
      finish (call, ELICIT_CALL_STATUS_TOOL_FAILED);
    }
  else
    finish (call, ELICIT_CALL_STATUS_OK);
}

/* URL elicitations ------------------------------------------------------------ */

/* Every window closed: a step still waiting in the browser is done by the
 * user's word, and a tool call that waits on it (-32042) goes again. */
static void
all_closed_cb (ElicitPresenter *presenter,
               Call            *call)
{
  g_autoptr(GPtrArray) requests = g_steal_pointer (&call->url_requests);

  call->url_requests = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < requests->len; i++)
    elicit_request_complete (g_ptr_array_index (requests, i));
}

/* The calls -------------------------------------------------------------------- */

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(JsonObject) tool_result = NULL;
  g_autoptr(GError) error = NULL;

  tool_result = elicit_session_call_tool_finish (ELICIT_SESSION (object), result, &error);
  if (tool_result != NULL)
    print_result (call, tool_result);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    finish (call, ELICIT_CALL_STATUS_INTERRUPTED);
  else if (g_error_matches (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_URL_ELICITATION_REQUIRED) &&
           elicit_cli_prompts_get_n_said_no (call->prompts) > 0)
    {
      g_printerr (_("elicit: a request from “%s” was declined or cancelled\n"), call->label);
      finish (call, ELICIT_CALL_STATUS_SAID_NO);
    }
  else if (is_server_failure (error))
    fail_server (call, error);
  else
    {
      g_printerr (_("elicit: the call to “%s” failed: %s\n"), call->tool, error->message);
      finish (call, ELICIT_CALL_STATUS_TOOL_FAILED);
    }
}

static void
list_tools_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) listing = NULL;
  g_autoptr(JsonNode) node = NULL;

  tools = elicit_session_list_tools_finish (ELICIT_SESSION (object), result, &error);
  if (tools == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        finish (call, ELICIT_CALL_STATUS_INTERRUPTED);
      else
        fail_server (call, error);
      return;
    }

  listing = json_object_new ();
  json_object_set_array_member (listing, "tools", g_steal_pointer (&tools));
  node = json_node_init_object (json_node_alloc (), listing);
  elicit_cli_print_json (stdout, node);
  finish (call, ELICIT_CALL_STATUS_OK);
}

static void
start_call (Call *call)
{
  if (call->tool == NULL)
    elicit_session_list_tools_async (call->session, call->cancellable, list_tools_cb, call);
  else
    {
      elicit_session_call_tool_async (call->session, call->tool, call->arguments,
                                      progress_cb, call, NULL, call->cancellable, call_tool_cb, call);
      /* The warm-up waits a frame for the question before going on. */
      elicit_cli_prompts_expect_question (call->prompts);
    }
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_session_connect_finish (ELICIT_SESSION (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        finish (call, ELICIT_CALL_STATUS_INTERRUPTED);
      else
        fail_server (call, error);
      return;
    }

  /* tests/bench/bench-flood times a server's flood from here to "finishing". */
  elicit_timing_mark ("connected");
  /* From 2026-07-28 on, the question arrives as the answer to the call about
   * to go out, an InputRequiredResult: timed as the line arrives. */
  if (elicit_timing_enabled () &&
      g_strcmp0 (elicit_session_get_protocol_version (ELICIT_SESSION (object)), "2026-07-28") >= 0)
    g_signal_connect (call->transport, "message", G_CALLBACK (timing_message_cb), NULL);

  if (call->verbose)
    /* Translators: the first %s is the server's name, the second an MCP revision */
    g_printerr (_("elicit: “%s” speaks MCP %s\n"), call->label,
                elicit_session_get_protocol_version (ELICIT_SESSION (object)));

  start_call (call);
}

static gboolean
interrupted_cb (gpointer user_data)
{
  Call *call = user_data;

  g_cancellable_cancel (call->cancellable);
  finish (call, ELICIT_CALL_STATUS_INTERRUPTED);

  return G_SOURCE_CONTINUE;
}

static void
call_clear (Call *call)
{
  if (call->prompts != NULL)
    g_signal_handlers_disconnect_by_func (elicit_cli_prompts_get_presenter (call->prompts),
                                          all_closed_cb, call);
  g_clear_pointer (&call->url_requests, g_ptr_array_unref);
  if (call->open_requests != NULL)
    {
      for (guint i = 0; i < call->open_requests->len; i++)
        g_signal_handlers_disconnect_by_func (g_ptr_array_index (call->open_requests, i),
                                              open_request_state_cb, call);
      g_clear_pointer (&call->open_requests, g_ptr_array_unref);
    }
  g_clear_object (&call->prompts);
  if (call->transport != NULL)
    g_signal_handlers_disconnect_by_data (call->transport, call);
  g_clear_object (&call->session);
  g_clear_object (&call->transport);
  g_clear_object (&call->cancellable);
  g_clear_pointer (&call->loop, g_main_loop_unref);
  g_clear_pointer (&call->arguments, json_object_unref);
  g_queue_clear_full (&call->stderr_tail, g_free);
  g_free (call->label);
  g_free (call->tool);
}

static int
run (Call    *call,
     Options *options)
{
  g_autoptr(GError) error = NULL;
  guint sigint_source, sigterm_source;

  call->transport = create_transport (options, call->label, &error);
  if (call->transport == NULL && error->domain == G_OPTION_ERROR)
    return usage_error (error->message);
  if (call->transport == NULL)
    {
      g_printerr (_("elicit: “%s” failed: %s\n"), call->label, error->message);
      return ELICIT_CALL_STATUS_SERVER_FAILED;
    }

  call->loop = g_main_loop_new (NULL, FALSE);
  call->cancellable = g_cancellable_new ();

  /* Before the session's own handler, to time the line as it arrives. The
   * peer's class may not exist yet: its signals come with it. */
  if (elicit_timing_enabled ())
    {
      gpointer peer_class = g_type_class_ref (ELICIT_TYPE_PEER);

      g_signal_add_emission_hook (g_signal_lookup ("handle-request", ELICIT_TYPE_PEER),
                                  g_quark_from_static_string ("elicitation/create"),
                                  timing_request_hook, NULL, NULL);
      g_type_class_unref (peer_class);
    }
  g_signal_connect (call->transport, "log", G_CALLBACK (log_cb), call);

  call->session = elicit_session_new (call->transport);
  elicit_session_set_display_name (call->session, call->label);
  if (options->timeout >= 0)
    elicit_session_set_timeout (call->session, (guint) MIN ((guint) options->timeout, G_MAXUINT / 1000) * 1000);
  if (call->verbose)
    g_signal_connect (call->session, "message", G_CALLBACK (message_cb), call);

  /* `initialize` goes out now; the server starts up and answers while GTK
   * warms up, if it does. Opening the display holds the server's answer
   * back, but the first dialog waits for the display anyway; opening it
   * only once the call had gone out was slower (README, issue 24). */
  elicit_session_connect_async (call->session, call->cancellable, connect_cb, call);
  /* GTK starts only when a dialog is likely (a tool is called) or due: a
   * listing, or a server's flood of log lines, never opens the display. */
  call->prompts = elicit_cli_prompts_new_deferred (call->label);
  if (call->tool != NULL)
    elicit_cli_prompts_warm_up (call->prompts);
  elicit_cli_prompts_set_verbose (call->prompts, call->verbose);
  elicit_cli_prompts_set_accept_defaults (call->prompts, options->accept_defaults);
  elicit_prompt_queue_add_session (elicit_cli_prompts_get_queue (call->prompts), call->session);
  /* Before anything opens, the user is asked (ElicitSignInDialog). */
  if (options->authorizer != NULL)
    g_signal_connect_object (options->authorizer, "sign-in", G_CALLBACK (elicit_cli_prompts_sign_in),
                             call->prompts, G_CONNECT_SWAPPED);
  call->open_requests = g_ptr_array_new_with_free_func (g_object_unref);
  call->url_requests = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect_after (call->session, "elicitation", G_CALLBACK (elicitation_cb), call);
  g_signal_connect (elicit_cli_prompts_get_presenter (call->prompts), "all-closed",
                    G_CALLBACK (all_closed_cb), call);

  sigint_source = g_unix_signal_add (SIGINT, interrupted_cb, call);
  sigterm_source = g_unix_signal_add (SIGTERM, interrupted_cb, call);

  g_main_loop_run (call->loop);

  g_source_remove (sigint_source);
  g_source_remove (sigterm_source);

  return call->status;
}

/* --sign-out ------------------------------------------------------------------ */

typedef struct
{
  gboolean  done;
  gboolean  forgotten;
  GError   *error;
} SignOut;

static void
signed_out_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  SignOut *sign_out = user_data;

  sign_out->forgotten = elicit_authorizer_sign_out_finish (ELICIT_AUTHORIZER (object), result,
                                                           &sign_out->error);
  sign_out->done = TRUE;
}

static int
sign_out (Options    *options,
          const char *label)
{
  g_autoptr(ElicitTransport) transport = NULL;
  g_autoptr(GError) error = NULL;
  SignOut outcome = { 0 };

  transport = create_transport (options, label, &error);
  if (transport == NULL && error->domain == G_OPTION_ERROR)
    return usage_error (error->message);
  if (transport == NULL)
    {
      g_printerr (_("elicit: “%s” failed: %s\n"), label, error->message);
      return ELICIT_CALL_STATUS_SERVER_FAILED;
    }
  if (options->authorizer == NULL)
    return usage_error (_("--sign-out needs a remote server; this one runs on this machine"));

  elicit_authorizer_sign_out_async (options->authorizer, NULL, signed_out_cb, &outcome);
  while (!outcome.done)
    g_main_context_iteration (NULL, TRUE);

  if (!outcome.forgotten)
    {
      g_printerr (_("elicit: signing out of “%s” failed: %s\n"), label, outcome.error->message);
      g_clear_error (&outcome.error);
      return ELICIT_CALL_STATUS_SERVER_FAILED;
    }

  g_print (_("Signed out of %s: the next call signs in again\n"),
           elicit_authorizer_get_resource (options->authorizer));
  return ELICIT_CALL_STATUS_OK;
}

int
elicit_call_main (int    argc,
                  char **argv)
{
  g_autoptr(GError) error = NULL;
  Options options = { .timeout = -1 };
  Call call = { 0 };
  int status;

  elicit_timing_mark ("start");
  /* For --help's usage line; the windows take "elicit" later. */
  g_set_prgname ("elicit call");

  if (!parse_options (&options, argc, argv, &error) ||
      !check_options (&options, &error))
    {
      status = usage_error (error->message);
      options_clear (&options);
      return status;
    }

  call.arguments = parse_arguments (options.arguments, &error);
  if (call.arguments == NULL)
    {
      status = usage_error (error->message);
      options_clear (&options);
      return status;
    }

  elicit_cli_init_logging (options.verbose);
  call.tool = g_strdup (options.tool);
  call.verbose = options.verbose;
  call.label = options.name != NULL ? g_strdup (options.name)
             : options.server != NULL ? g_strdup (options.server)
             : elicit_cli_default_label (options.url != NULL ? options.url : options.command[0]);
  g_queue_init (&call.stderr_tail);

  status = options.sign_out ? sign_out (&options, call.label) : run (&call, &options);

  call_clear (&call);
  /* What the sign-in saved reaches the keyring before we exit. */
  elicit_cli_settle_store (options.authorizer);
  options_clear (&options);

  return status;
}
