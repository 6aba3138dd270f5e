/* elicit-proxy.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/*
 * elicit proxy [--name NAME] -- COMMAND [ARG…]
 * elicit proxy [--name NAME] --url URL [--header 'NAME: VALUE'…]
 *
 * An MCP server to its client (on its own stdin and stdout) and an MCP
 * client to the server it starts (COMMAND), or to a remote one over
 * Streamable HTTP (--url: a stdio-to-HTTP bridge). Every message passes through
 * unchanged, ids included, except:
 *
 *   - the client's `initialize` gains the elicitation capability
 *     ({"form": {}, "url": {}}, added to whatever the client declared);
 *   - the server's `elicitation/create` requests never reach the client: the
 *     proxy answers them itself, in a native dialog labelled NAME, and the
 *     `notifications/cancelled` and `notifications/elicitation/complete`
 *     that name them are consumed too.
 *
 * Malformed messages from either side are answered as ElicitSession answers
 * them (JSON-RPC -32600 to the sender; with a null id when the message has
 * no usable one) and go no further. Standard output carries only MCP
 * messages: file descriptor 1 is moved aside at start, and anything else
 * the process would print there goes to stderr. The server's stderr is
 * copied to ours.
 *
 * When the server exits, the proxy flushes what it forwarded and exits 1,
 * saying why on stderr. When the client closes our stdin, the proxy shuts
 * the server down as the specification says (closes its stdin, waits, then
 * SIGTERM, then SIGKILL) and exits 0.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>
#include <glib/gi18n.h>

#include "elicit.h"
#include "elicit-cli.h"
#include "elicit-json-private.h"
#include "elicit-prompter.h"
#include "elicit-proxy.h"
#include "elicit-request-private.h"
#include "elicit-text-private.h"

#define JSONRPC_INVALID_REQUEST (-32600)
#define JSONRPC_INVALID_PARAMS  (-32602)

typedef enum
{
  MESSAGE_REQUEST,
  MESSAGE_NOTIFICATION,
  MESSAGE_RESPONSE,
  MESSAGE_DROPPED,
} MessageKind;

typedef struct
{
  GMainLoop       *loop;
  ElicitTransport *client;
  ElicitTransport *server;
  ElicitPrompter  *prompter;
  /* The elicitations we answer, by the key of their JSON-RPC id. */
  GHashTable      *requests;
  /* The URL ones still open, by elicitationId. */
  GHashTable      *url_requests;
  /* The key of the client's initialize, until the server answers it. */
  char            *initialize_key;
  char            *label;
  guint            n_closing;
  int              status;
  gboolean         verbose;
  gboolean         finishing;
} Proxy;

typedef struct
{
  Proxy    *proxy;
  JsonNode *id;
} Responder;

/* Sending ------------------------------------------------------------------------ */

static void
send_object (ElicitTransport *to,
             JsonObject      *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);
  g_autoptr(GError) error = NULL;

  if (!elicit_transport_send (to, node, &error))
    g_debug ("not sent: %s", error->message);
}

static JsonObject *
envelope_new (JsonNode *id)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "jsonrpc", "2.0");
  if (id != NULL)
    json_object_set_member (object, "id", json_node_copy (id));
  else
    json_object_set_null_member (object, "id");

  return object;
}

/* @id NULL answers with a null id, as JSON-RPC wants when it is unknown. */
static void
send_error (ElicitTransport *to,
            JsonNode        *id,
            gint64           code,
            const char      *message)
{
  g_autoptr(JsonObject) object = envelope_new (id);
  JsonObject *error = json_object_new ();

  json_object_set_int_member (error, "code", code);
  json_object_set_string_member (error, "message", message);
  json_object_set_object_member (object, "error", error);
  send_object (to, object);
}

static void
forward (Proxy           *proxy,
         ElicitTransport *to,
         JsonNode        *node,
         const char      *method)
{
  g_autoptr(GError) error = NULL;

  if (proxy->verbose)
    g_printerr ("elicit proxy: %s %s\n", to == proxy->server ? "→ server" : "→ client",
                method != NULL ? method : "(response)");

  if (!elicit_transport_send (to, node, &error))
    g_debug ("not forwarded: %s", error->message);
}

/* Checking messages ---------------------------------------------------------------- */

static gboolean
has_jsonrpc_2 (JsonObject *object)
{
  return g_strcmp0 (json_object_get_string_member_with_default (object, "jsonrpc", NULL), "2.0") == 0;
}

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_valid_id (JsonNode *node)
{
  return is_string (node) ||
         (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64);
}

/* "7" and "\"7\"" are different ids. */
static char *
id_key (JsonNode *id)
{
  return elicit_json_to_string (id, NULL);
}

static MessageKind
drop (Proxy           *proxy,
      ElicitTransport *from,
      JsonNode        *id,
      const char      *reason)
{
  g_printerr (_("elicit proxy: %s sent an invalid message: %s\n"),
              from == proxy->client ? _("the client") : _("the server"), reason);
  send_error (from, id, JSONRPC_INVALID_REQUEST, reason);

  return MESSAGE_DROPPED;
}

/* What ElicitSession checks, so a malformed message gets the answer the
 * session would give, and never reaches the other side. */
static MessageKind
check_message (Proxy            *proxy,
               ElicitTransport  *from,
               JsonNode         *node,
               JsonObject      **out_object,
               const char      **out_method,
               JsonNode        **out_id)
{
  JsonObject *object;
  JsonNode *method;
  JsonNode *id;

  if (JSON_NODE_HOLDS_ARRAY (node))
    return drop (proxy, from, NULL, "Invalid Request: batches are not supported");
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return drop (proxy, from, NULL, "Invalid Request: not a JSON object");

  object = json_node_get_object (node);
  method = json_object_get_member (object, "method");
  id = json_object_get_member (object, "id");
  *out_object = object;
  *out_method = NULL;
  *out_id = id;

  if (method == NULL)
    {
      if (!json_object_has_member (object, "result") && !json_object_has_member (object, "error"))
        return drop (proxy, from, NULL, "Invalid Request: no method, result or error");
      if (!has_jsonrpc_2 (object))
        {
          g_printerr (_("elicit proxy: ignoring a response without “jsonrpc”: “2.0”\n"));
          return MESSAGE_DROPPED;
        }
      return MESSAGE_RESPONSE;
    }

  if (id == NULL)
    {
      if (!has_jsonrpc_2 (object) || !is_string (method))
        {
          g_printerr (_("elicit proxy: ignoring a malformed notification\n"));
          return MESSAGE_DROPPED;
        }
      *out_method = json_node_get_string (method);
      return MESSAGE_NOTIFICATION;
    }

  if (!is_valid_id (id))
    return drop (proxy, from, NULL, "Invalid Request: the id must be a string or an integer");
  if (!has_jsonrpc_2 (object))
    return drop (proxy, from, id, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
  if (!is_string (method))
    return drop (proxy, from, id, "Invalid Request: the method must be a string");

  *out_method = json_node_get_string (method);

  return MESSAGE_REQUEST;
}

static void
invalid_message_cb (ElicitTransport *transport,
                    const GError    *error,
                    Proxy           *proxy)
{
  g_autofree char *text = g_strdup_printf ("Invalid Request: %s", error->message);

  /* Whole, but unreadable: its id cannot be trusted, so answer with null. */
  drop (proxy, transport, NULL, text);
}

/* Elicitations: answered here, never forwarded ------------------------------------ */

static void
responder_free (gpointer data)
{
  Responder *responder = data;

  json_node_unref (responder->id);
  g_free (responder);
}

static void
respond_cb (ElicitRequest *request,
            JsonObject    *result,
            gpointer       data)
{
  Responder *responder = data;
  Proxy *proxy = responder->proxy;
  g_autoptr(JsonObject) message = NULL;
  gint64 code;
  const char *refusal;

  if (proxy->server == NULL || elicit_transport_is_closed (proxy->server))
    return;

  if (result == NULL)
    {
      refusal = elicit_request_get_refusal (request, &code);
      send_error (proxy->server, responder->id, code, refusal);
      return;
    }

  message = envelope_new (responder->id);
  json_object_set_object_member (message, "result", json_object_ref (result));
  send_object (proxy->server, message);
}

static gboolean
remove_if_value (gpointer key,
                 gpointer value,
                 gpointer user_data)
{
  return value == user_data;
}

/* Forgets a request once nothing more can reach it. */
static void
request_state_cb (ElicitRequest *request,
                  GParamSpec    *pspec,
                  Proxy         *proxy)
{
  g_autoptr(ElicitRequest) hold = NULL;

  if (elicit_request_is_open (request))
    return;

  hold = g_object_ref (request);
  g_signal_handlers_disconnect_by_func (request, request_state_cb, proxy);
  g_hash_table_foreach_remove (proxy->url_requests, remove_if_value, request);
  g_hash_table_foreach_remove (proxy->requests, remove_if_value, request);
}

static void
handle_elicitation (Proxy      *proxy,
                    JsonObject *message,
                    JsonNode   *id)
{
  JsonNode *params = json_object_get_member (message, "params");
  g_autoptr(ElicitRequest) request = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *key = id_key (id);
  Responder *responder;

  if (params == NULL || !JSON_NODE_HOLDS_OBJECT (params))
    {
      send_error (proxy->server, id, JSONRPC_INVALID_PARAMS, _("“params” must be an object"));
      return;
    }

  if (g_hash_table_contains (proxy->requests, key))
    {
      send_error (proxy->server, id, JSONRPC_INVALID_REQUEST,
                  _("The request id is already in use by a pending request"));
      return;
    }

  request = elicit_request_new (json_node_get_object (params), &error);
  if (request == NULL)
    {
      g_printerr (_("elicit proxy: refusing an elicitation: %s\n"), error->message);
      send_error (proxy->server, id, JSONRPC_INVALID_PARAMS, error->message);
      return;
    }

  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL &&
      g_hash_table_contains (proxy->url_requests, elicit_request_get_elicitation_id (request)))
    {
      send_error (proxy->server, id, JSONRPC_INVALID_PARAMS,
                  _("“elicitationId” is already in use by another elicitation"));
      return;
    }

  responder = g_new0 (Responder, 1);
  responder->proxy = proxy;
  responder->id = json_node_copy (id);
  elicit_request_set_responder (request, respond_cb, responder, responder_free);

  g_signal_connect (request, "notify::state", G_CALLBACK (request_state_cb), proxy);
  g_hash_table_insert (proxy->requests, g_steal_pointer (&key), g_object_ref (request));
  if (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL)
    g_hash_table_insert (proxy->url_requests,
                         g_strdup (elicit_request_get_elicitation_id (request)),
                         g_object_ref (request));

  elicit_prompt_queue_push (elicit_prompter_get_queue (proxy->prompter), request);
}

static JsonObject *
get_params (JsonObject *message)
{
  JsonNode *params = json_object_get_member (message, "params");

  return params != NULL && JSON_NODE_HOLDS_OBJECT (params) ? json_node_get_object (params) : NULL;
}

/* Whether the notification was about one of our elicitations. */
static gboolean
handle_cancelled (Proxy      *proxy,
                  JsonObject *message)
{
  JsonObject *params = get_params (message);
  JsonNode *request_id = params ? json_object_get_member (params, "requestId") : NULL;
  const char *reason = params ? json_object_get_string_member_with_default (params, "reason", NULL) : NULL;
  g_autofree char *key = NULL;
  ElicitRequest *request;

  if (request_id == NULL || !is_valid_id (request_id))
    return FALSE;

  key = id_key (request_id);
  request = g_hash_table_lookup (proxy->requests, key);
  if (request == NULL)
    return FALSE;

  elicit_request_withdraw (request, reason != NULL ? reason : _("The server cancelled the request"));

  return TRUE;
}

static gboolean
handle_complete (Proxy      *proxy,
                 JsonObject *message)
{
  JsonObject *params = get_params (message);
  const char *elicitation_id =
    params ? json_object_get_string_member_with_default (params, "elicitationId", NULL) : NULL;
  ElicitRequest *request;

  if (elicitation_id == NULL)
    return FALSE;

  request = g_hash_table_lookup (proxy->url_requests, elicitation_id);
  if (request == NULL)
    return FALSE;

  elicit_request_complete (request);

  return TRUE;
}

/* The client's initialize gains the elicitation capability. */
static void
add_elicitation_capability (JsonObject *message)
{
  JsonObject *params = get_params (message);
  JsonNode *node;
  JsonObject *capabilities;
  JsonObject *elicitation;

  /* The server will refuse it; not ours to fix. */
  if (params == NULL)
    return;

  node = json_object_get_member (params, "capabilities");
  if (node == NULL)
    {
      capabilities = json_object_new ();
      json_object_set_object_member (params, "capabilities", capabilities);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    capabilities = json_node_get_object (node);
  else
    return;

  node = json_object_get_member (capabilities, "elicitation");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    elicitation = json_node_get_object (node);
  else
    {
      elicitation = json_object_new ();
      json_object_set_object_member (capabilities, "elicitation", elicitation);
    }

  if (!json_object_has_member (elicitation, "form"))
    json_object_set_object_member (elicitation, "form", json_object_new ());
  if (!json_object_has_member (elicitation, "url"))
    json_object_set_object_member (elicitation, "url", json_object_new ());
}

/* The server's own name, shown in the dialog as what it claims to be. */
static void
note_server_info (Proxy      *proxy,
                  JsonObject *message,
                  JsonNode   *id)
{
  g_autofree char *key = NULL;
  JsonNode *result;
  JsonNode *info;
  JsonObject *object;
  const char *claim;

  if (proxy->initialize_key == NULL || id == NULL)
    return;

  key = id_key (id);
  if (!g_str_equal (key, proxy->initialize_key))
    return;

  g_clear_pointer (&proxy->initialize_key, g_free);
  result = json_object_get_member (message, "result");

  /* Over HTTP, the negotiated version goes with every later request. */
  if (result != NULL && JSON_NODE_HOLDS_OBJECT (result))
    {
      JsonNode *version = json_object_get_member (json_node_get_object (result), "protocolVersion");

      if (version != NULL && JSON_NODE_HOLDS_VALUE (version) &&
          json_node_get_value_type (version) == G_TYPE_STRING)
        elicit_transport_set_protocol_version (proxy->server, json_node_get_string (version));
    }

  info = result && JSON_NODE_HOLDS_OBJECT (result)
         ? json_object_get_member (json_node_get_object (result), "serverInfo") : NULL;
  if (info == NULL || !JSON_NODE_HOLDS_OBJECT (info))
    return;

  object = json_node_get_object (info);
  claim = json_object_get_string_member_with_default (object, "title", NULL);
  if (claim == NULL)
    claim = json_object_get_string_member_with_default (object, "name", NULL);
  elicit_prompter_set_server_claim (proxy->prompter, claim);
}

/* The two directions ------------------------------------------------------------------ */

static void
server_message_cb (ElicitTransport *transport,
                   JsonNode        *node,
                   Proxy           *proxy)
{
  JsonObject *object = NULL;
  const char *method = NULL;
  JsonNode *id = NULL;

  switch (check_message (proxy, transport, node, &object, &method, &id))
    {
    case MESSAGE_REQUEST:
      if (g_str_equal (method, "elicitation/create"))
        handle_elicitation (proxy, object, id);
      else
        forward (proxy, proxy->client, node, method);
      break;

    case MESSAGE_NOTIFICATION:
      if (g_str_equal (method, "notifications/cancelled") && handle_cancelled (proxy, object))
        break;
      if (g_str_equal (method, "notifications/elicitation/complete") && handle_complete (proxy, object))
        break;
      forward (proxy, proxy->client, node, method);
      break;

    case MESSAGE_RESPONSE:
      note_server_info (proxy, object, id);
      forward (proxy, proxy->client, node, NULL);
      break;

    case MESSAGE_DROPPED:
    default:
      break;
    }
}

static void
client_message_cb (ElicitTransport *transport,
                   JsonNode        *node,
                   Proxy           *proxy)
{
  JsonObject *object = NULL;
  const char *method = NULL;
  JsonNode *id = NULL;

  switch (check_message (proxy, transport, node, &object, &method, &id))
    {
    case MESSAGE_REQUEST:
      if (g_str_equal (method, "initialize"))
        {
          add_elicitation_capability (object);
          g_free (proxy->initialize_key);
          proxy->initialize_key = id_key (id);
        }
      forward (proxy, proxy->server, node, method);
      break;

    case MESSAGE_NOTIFICATION:
      forward (proxy, proxy->server, node, method);
      break;

    case MESSAGE_RESPONSE:
      forward (proxy, proxy->server, node, NULL);
      break;

    case MESSAGE_DROPPED:
    default:
      break;
    }
}

static void
server_log_cb (ElicitTransport *transport,
               const char      *line,
               Proxy           *proxy)
{
  /* The server's own diagnostics, as it wrote them. */
  g_printerr ("%s\n", line);
}

/* The end -------------------------------------------------------------------------- */

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Proxy *proxy = user_data;

  elicit_transport_close_finish (ELICIT_TRANSPORT (object), result, NULL);
  if (--proxy->n_closing == 0)
    g_main_loop_quit (proxy->loop);
}

/* Flushes what we owe the client, stops the server the way the
 * specification says, then quits. */
static void
finish (Proxy *proxy,
        int    status)
{
  if (proxy->finishing)
    return;

  proxy->finishing = TRUE;
  proxy->status = status;

  elicit_prompter_close_all (proxy->prompter);

  proxy->n_closing = 2;
  elicit_transport_close_async (proxy->server, NULL, closed_cb, proxy);
  elicit_transport_close_async (proxy->client, NULL, closed_cb, proxy);
}

static void
server_closed_cb (ElicitTransport *transport,
                  const GError    *error,
                  Proxy           *proxy)
{
  if (proxy->finishing)
    return;

  g_printerr (_("elicit proxy: “%s” stopped: %s\n"), proxy->label, error->message);
  elicit_prompt_queue_withdraw_all (elicit_prompter_get_queue (proxy->prompter), NULL, error->message);
  finish (proxy, 1);
}

static void
client_closed_cb (ElicitTransport *transport,
                  const GError    *error,
                  Proxy           *proxy)
{
  if (proxy->finishing)
    return;

  /* End of input is how a client says goodbye; anything else is a fault. */
  if (g_error_matches (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED))
    {
      if (proxy->verbose)
        g_printerr (_("elicit proxy: the client closed the connection; stopping “%s”\n"), proxy->label);
      finish (proxy, 0);
    }
  else
    {
      g_printerr (_("elicit proxy: stopping “%s”: the connection to the client failed: %s\n"),
                  proxy->label, error->message);
      finish (proxy, 1);
    }
}

static gboolean
sigint_cb (gpointer user_data)
{
  finish (user_data, 128 + SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
sigterm_cb (gpointer user_data)
{
  finish (user_data, 128 + SIGTERM);
  return G_SOURCE_CONTINUE;
}

/* Setting up ------------------------------------------------------------------------ */

/* Our stdout is the client's: keep the real one for MCP messages alone, and
 * send whatever else would be printed there to stderr. */
static GIOStream *
open_client_stream (GError **error)
{
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GOutputStream) output = NULL;
  int out_fd = fcntl (STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);

  if (out_fd < 0 || dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      int saved = errno;

      if (out_fd >= 0)
        close (out_fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot set up standard output: %s"), g_strerror (saved));
      return NULL;
    }

  input = g_unix_input_stream_new (STDIN_FILENO, FALSE);
  output = g_unix_output_stream_new (out_fd, TRUE);

  return g_simple_io_stream_new (input, output);
}

static int
usage_error (const char *message)
{
  g_printerr ("elicit proxy: %s\n", message);
  g_printerr (_("Run “%s” to see the options.\n"), "elicit proxy --help");

  return 2;
}

static gboolean
parse_options (int        argc,
               char     **argv,
               char     **name,
               gboolean  *verbose,
               char    ***command,
               char     **url,
               char    ***headers,
               GError   **error)
{
  const GOptionEntry entries[] = {
    { "name", 'n', 0, G_OPTION_ARG_STRING, name,
      N_("The name dialogs show for the server (default: the command’s name)"), N_("NAME") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, verbose,
      N_("Log every message passed on, on standard error"), NULL },
    { "url", 'u', 0, G_OPTION_ARG_STRING, url,
      N_("Bridge to the remote server at this address (Streamable HTTP) instead of starting one"),
      N_("URL") },
    { "header", 'H', 0, G_OPTION_ARG_STRING_ARRAY, headers,
      N_("Send this header with every request to --url, such as “Authorization: Bearer …”; repeat for more"),
      N_("“NAME: VALUE”") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = elicit_cli_split_command (argc, argv, command);
  int n_args = g_strv_length (args);
  g_autofree char **parsed = g_memdup2 (args, sizeof (char *) * (n_args + 1));

  context = g_option_context_new (_("-- COMMAND [ARG…] — give an MCP server’s elicitations native dialogs, for any client"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("Put it in front of the server’s command in an MCP client’s configuration. It forwards every "
      "message unchanged, adds the elicitation capability to the client’s initialize, and answers "
      "the server’s elicitation requests itself with dialogs."));

  if (!g_option_context_parse (context, &n_args, &parsed, error))
    return FALSE;

  if (n_args > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("Unexpected argument “%s”: put the server’s command after “--”"), parsed[1]);
      return FALSE;
    }

  if (*url != NULL && *command != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("Give --url or a command, not both"));
      return FALSE;
    }

  if (*headers != NULL && *url == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--header needs --url"));
      return FALSE;
    }

  if (*url == NULL && (*command == NULL || (*command)[0] == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("No server to start: give its command after “--”"));
      return FALSE;
    }

  return TRUE;
}

static int
run (Proxy       *proxy,
     char       **command,
     const char  *url,
     char       **headers)
{
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  gboolean have_display;
  guint sigint_source, sigterm_source;

  stream = open_client_stream (&error);
  if (stream == NULL)
    {
      g_printerr ("elicit proxy: %s\n", error->message);
      return 1;
    }

  if (url != NULL)
    proxy->server = elicit_http_transport_new (url, (const char * const *) headers, &error);
  else
    proxy->server = elicit_stdio_transport_new ((const char * const *) command, NULL, NULL, &error);
  if (proxy->server == NULL)
    {
      g_printerr (_("elicit proxy: “%s” failed: %s\n"), proxy->label, error->message);
      return 1;
    }

  /* The server starts up while GTK does. */
  have_display = elicit_cli_init_display ();

  proxy->loop = g_main_loop_new (NULL, FALSE);
  proxy->prompter = elicit_prompter_new (proxy->label, have_display);
  elicit_prompter_set_verbose (proxy->prompter, proxy->verbose);
  proxy->client = elicit_stream_transport_new (stream);

  g_signal_connect (proxy->server, "message", G_CALLBACK (server_message_cb), proxy);
  g_signal_connect (proxy->server, "invalid-message", G_CALLBACK (invalid_message_cb), proxy);
  g_signal_connect (proxy->server, "log", G_CALLBACK (server_log_cb), proxy);
  g_signal_connect (proxy->server, "closed", G_CALLBACK (server_closed_cb), proxy);
  g_signal_connect (proxy->client, "message", G_CALLBACK (client_message_cb), proxy);
  g_signal_connect (proxy->client, "invalid-message", G_CALLBACK (invalid_message_cb), proxy);
  g_signal_connect (proxy->client, "closed", G_CALLBACK (client_closed_cb), proxy);

  sigint_source = g_unix_signal_add (SIGINT, sigint_cb, proxy);
  sigterm_source = g_unix_signal_add (SIGTERM, sigterm_cb, proxy);

  elicit_transport_start (proxy->server);
  elicit_transport_start (proxy->client);
  g_main_loop_run (proxy->loop);

  g_source_remove (sigint_source);
  g_source_remove (sigterm_source);

  return proxy->status;
}

static void
proxy_clear (Proxy *proxy)
{
  /* Nothing can be sent any more: requests still held go quietly. */
  if (proxy->prompter != NULL)
    elicit_prompt_queue_withdraw_all (elicit_prompter_get_queue (proxy->prompter), NULL,
                                      _("The proxy is shutting down"));
  g_hash_table_remove_all (proxy->url_requests);
  g_hash_table_remove_all (proxy->requests);
  g_clear_object (&proxy->prompter);

  if (proxy->server != NULL)
    g_signal_handlers_disconnect_by_data (proxy->server, proxy);
  if (proxy->client != NULL)
    g_signal_handlers_disconnect_by_data (proxy->client, proxy);
  g_clear_object (&proxy->server);
  g_clear_object (&proxy->client);

  g_clear_pointer (&proxy->requests, g_hash_table_unref);
  g_clear_pointer (&proxy->url_requests, g_hash_table_unref);
  g_clear_pointer (&proxy->loop, g_main_loop_unref);
  g_free (proxy->initialize_key);
  g_free (proxy->label);
}

int
elicit_proxy_main (int    argc,
                   char **argv)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) command = NULL;
  g_auto(GStrv) headers = NULL;
  g_autofree char *url = NULL;
  g_autofree char *name = NULL;
  gboolean verbose = FALSE;
  Proxy proxy = { 0 };
  int status;

  /* For --help's usage line; the windows take "elicit" later. */
  g_set_prgname ("elicit proxy");
  if (!parse_options (argc, argv, &name, &verbose, &command, &url, &headers, &error))
    return usage_error (error->message);

  /* Debug and info messages would go to stdout by default: not here. */
  elicit_cli_init_logging (verbose);

  proxy.label = name != NULL ? g_strdup (name)
              : elicit_cli_default_label (url != NULL ? url : command[0]);
  proxy.verbose = verbose;
  proxy.requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  proxy.url_requests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  status = run (&proxy, command, url, headers);
  proxy_clear (&proxy);

  return status;
}
