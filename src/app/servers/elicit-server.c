/* elicit-server.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-server.h"
#include "elicit-auth-options.h"
#include "elicit-log-ring.h"
#include "elicit-server-tool.h"
#include "elicit-tap-transport.h"
#include "elicit-text-domain.h"

/* The log keeps the latest lines; older ones go in batches. */
/* A server listing more tools than this is shown its first ones. */
#define MAX_TOOLS         1000
#define INSTRUCTIONS_MAX  2000

/**
 * ElicitServer:
 *
 * One server of the configuration, alive: it starts the server, keeps its
 * [class@Session], and offers what the window shows — the state and, when
 * it failed, why; the tools; a log of its standard error, its protocol
 * traffic and its log messages. Its session's elicitations go through the
 * application's [class@PromptQueue]. It owns no widgets.
 */

struct _ElicitServer
{
  GObject             parent_instance;

  ElicitServerConfig *config;
  ElicitPromptQueue  *queue;

  ElicitServerState   state;
  char               *status;
  char               *claim;
  char               *instructions;
  char               *last_stderr_line;

  ElicitTransport    *transport;
  ElicitSession      *session;
  GCancellable       *cancellable;

  GListStore         *tools;
  ElicitLogRing      *log;
  ElicitAuthorizer   *authorizer;
  char               *detail;        /* the technical line behind a failure */
  /* Where sign-ins go unless the config says not in the keyring: the app's. */
  ElicitTokenStore   *token_store;
};

enum {
  PROP_0,
  PROP_CONFIG,
  PROP_QUEUE,
  PROP_NAME,
  PROP_STATE,
  PROP_STATUS,
  PROP_CLAIM,
  PROP_INSTRUCTIONS,
  PROP_DETAIL,
  PROP_SESSION,
  PROP_SIGNED_IN,
  N_PROPS
};

enum {
  SIGN_IN,
  STORE_ERROR,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitServer, elicit_server, G_TYPE_OBJECT)

static void list_tools (ElicitServer *self);

/* Log ------------------------------------------------------------------------- */

static void
add_log (ElicitServer  *self,
         ElicitLogKind  kind,
         const char    *text)
{
  elicit_log_ring_append (self->log, kind, text);
}

/* Every message either way: kept as text, shown only when looked at. */
static void
traffic_cb (ElicitServer *self,
            int           direction,
            JsonNode     *message)
{
  elicit_log_ring_append_take (self->log,
                               direction == ELICIT_TAP_SENT ? ELICIT_LOG_KIND_SENT
                                                            : ELICIT_LOG_KIND_RECEIVED,
                               elicit_json_to_string (message, NULL));
}

static void
stderr_cb (ElicitServer *self,
           const char   *line)
{
  g_free (self->last_stderr_line);
  self->last_stderr_line = elicit_text_sanitize_line (line, ELICIT_TEXT_LINE_MAX);

  add_log (self, ELICIT_LOG_KIND_STDERR, line);
}

static void
message_cb (ElicitServer *self,
            const char   *level,
            const char   *logger,
            JsonNode     *data)
{
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  if (JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (data));
  else
    text = elicit_json_to_string (data, NULL);

  if (logger != NULL)
    line = g_strdup_printf ("[%s] %s: %s", level, logger, text);
  else
    line = g_strdup_printf ("[%s] %s", level, text);

  add_log (self, ELICIT_LOG_KIND_SERVER_LOG, line);
}

/* State ----------------------------------------------------------------------- */

static void
set_state (ElicitServer      *self,
           ElicitServerState  state,
           const char        *status)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }

  if (state != ELICIT_SERVER_STATE_FAILED && self->detail != NULL)
    {
      g_clear_pointer (&self->detail, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETAIL]);
    }

  if (g_strcmp0 (self->status, status) != 0)
    {
      g_free (self->status);
      self->status = g_strdup (status);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_detail (ElicitServer *self,
            const char   *detail)
{
  if (g_strcmp0 (self->detail, detail) == 0)
    return;

  g_free (self->detail);
  self->detail = g_strdup (detail);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETAIL]);
}

/* @sentence is what a person reads; @detail, when there is more to it, the
 * technical line behind it, one click away in the server's details. */
static void
fail_with_detail (ElicitServer *self,
                  const char   *sentence,
                  const char   *detail)
{
  g_autofree char *notice = NULL;

  /* Translators: %s says why, e.g. “server exited with status 3: …” */
  notice = g_strdup_printf (_("Failed: %s"), detail != NULL ? detail : sentence);
  add_log (self, ELICIT_LOG_KIND_NOTICE, notice);
  set_detail (self, detail);
  set_state (self, ELICIT_SERVER_STATE_FAILED, sentence);
}

static void
fail (ElicitServer *self,
      const char   *reason)
{
  fail_with_detail (self, reason, NULL);
}

/* Why the server went away, as a sentence a person reads. */
static const char *
failure_sentence (const GError *error)
{
  if (error == NULL || error->domain != ELICIT_TRANSPORT_ERROR)
    return _("The connection to the server was lost");

  switch ((ElicitTransportError) error->code)
    {
    case ELICIT_TRANSPORT_ERROR_EXITED:
      return _("The server stopped unexpectedly");
    case ELICIT_TRANSPORT_ERROR_KILLED:
      return _("The server stopped (it was ended by a signal)");
    case ELICIT_TRANSPORT_ERROR_SPAWN_FAILED:
      return _("The server’s program could not be started");
    case ELICIT_TRANSPORT_ERROR_INVALID_JSON:
    case ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG:
    case ELICIT_TRANSPORT_ERROR_PROTOCOL:
      return _("The server sent something Elicit cannot read, so the connection was closed");
    case ELICIT_TRANSPORT_ERROR_CLOSED:
    case ELICIT_TRANSPORT_ERROR_IO:
    default:
      return _("The connection to the server was lost");
    }
}

/* Why the server is gone, as the user should read it: the transport's
 * reason ("server exited with status 3") and the last thing the server
 * said on its standard error, which is usually the real reason. */
static char *
describe_failure (ElicitServer *self,
                  const GError *error)
{
  const GError *reason = error;

  if (self->transport != NULL)
    {
      ElicitTransport *inner = elicit_tap_transport_get_inner (ELICIT_TAP_TRANSPORT (self->transport));

      if (elicit_transport_get_close_error (inner) != NULL)
        reason = elicit_transport_get_close_error (inner);
    }

  if (self->last_stderr_line != NULL && *self->last_stderr_line != '\0')
    /* Translators: the first %s is why the server stopped, the second the
     * last line it wrote to its standard error */
    return g_strdup_printf (_("%s: %s"), reason->message, self->last_stderr_line);

  return g_strdup (reason->message);
}

static const GError *
close_error (ElicitServer *self,
             const GError *error)
{
  if (self->transport != NULL)
    {
      ElicitTransport *inner = elicit_tap_transport_get_inner (ELICIT_TAP_TRANSPORT (self->transport));

      if (elicit_transport_get_close_error (inner) != NULL)
        return elicit_transport_get_close_error (inner);
    }

  return error;
}

static void
fail_for_error (ElicitServer *self,
                const GError *error)
{
  g_autofree char *detail = describe_failure (self, error);
  const GError *reason = close_error (self, error);

  /* Errors that are already sentences (a refused sign-in, say) stay as they are. */
  if (reason != NULL && reason->domain != ELICIT_TRANSPORT_ERROR)
    fail (self, detail);
  else
    fail_with_detail (self, failure_sentence (reason), detail);
}

static void
set_claim (ElicitServer *self)
{
  const char *title = elicit_session_get_server_title (self->session);
  const char *name = elicit_session_get_server_name (self->session);
  const char *version = elicit_session_get_server_version (self->session);
  g_autofree char *who = NULL;
  g_autofree char *claim = NULL;

  who = elicit_text_sanitize_line (title != NULL && *title != '\0' ? title : name,
                                   ELICIT_TEXT_LINE_MAX);
  if (who == NULL || *who == '\0')
    claim = NULL;
  else if (version != NULL && *version != '\0')
    {
      g_autofree char *clean_version = elicit_text_sanitize_line (version, 40);

      /* Translators: what the server says about itself; %s are its name and version */
      claim = g_strdup_printf (_("Calls itself “%s”, version %s"), who, clean_version);
    }
  else
    /* Translators: what the server says about itself; %s is its name */
    claim = g_strdup_printf (_("Calls itself “%s”"), who);

  g_free (self->claim);
  self->claim = g_steal_pointer (&claim);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLAIM]);

  g_free (self->instructions);
  self->instructions = elicit_text_sanitize_block (elicit_session_get_instructions (self->session),
                                                   INSTRUCTIONS_MAX);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSTRUCTIONS]);
}

static void
session_closed_cb (ElicitServer *self,
                   const GError *error)
{
  fail_for_error (self, error);
}

/* "Ready", with the revision the server speaks, and what a revision
 * without elicitation means for the user. */
static char *
ready_status (ElicitSession *session)
{
  const char *version = elicit_session_get_protocol_version (session);

  /* The revision is for the curious: it is in the server's details. */
  if (!elicit_session_get_can_elicit (session) && version != NULL)
    return g_strdup (_("Ready, but it cannot ask you questions"));

  return g_strdup (_("Ready"));
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ElicitServer) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;

  if (!elicit_session_connect_finish (ELICIT_SESSION (object), result, &error))
    {
      /* A closed session has already said why, through ::closed. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
          ELICIT_SESSION (object) != self->session ||
          self->state == ELICIT_SERVER_STATE_FAILED)
        return;

      fail_for_error (self, error);
      return;
    }

  if (ELICIT_SESSION (object) != self->session)
    return;

  set_claim (self);
  add_log (self, ELICIT_LOG_KIND_NOTICE, _("Connected"));
  status = ready_status (ELICIT_SESSION (object));
  set_state (self, ELICIT_SERVER_STATE_READY, status);
  list_tools (self);
}

/* Tools ----------------------------------------------------------------------- */

static void
list_tools_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ElicitServer) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) tools = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_tools;

  tools = elicit_session_list_tools_finish (ELICIT_SESSION (object), result, &error);
  if (tools == NULL)
    {
      g_autofree char *notice = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;

      /* Translators: %s says why */
      notice = g_strdup_printf (_("Could not list the tools: %s"), error->message);
      add_log (self, ELICIT_LOG_KIND_NOTICE, notice);
      return;
    }

  if (ELICIT_SESSION (object) != self->session)
    return;

  n_tools = json_array_get_length (tools);
  for (guint i = 0; i < n_tools && items->len < MAX_TOOLS; i++)
    {
      JsonNode *node = json_array_get_element (tools, i);
      ElicitServerTool *tool;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;

      tool = elicit_server_tool_new_from_json (json_node_get_object (node));
      if (tool != NULL)
        g_ptr_array_add (items, tool);
    }

  if (n_tools > MAX_TOOLS)
    {
      g_autofree char *notice = NULL;

      notice = g_strdup_printf (ngettext ("The server lists %u tool; the first %u are shown",
                                          "The server lists %u tools; the first %u are shown",
                                          n_tools),
                                n_tools, (guint) MAX_TOOLS);
      add_log (self, ELICIT_LOG_KIND_NOTICE, notice);
    }

  g_list_store_splice (self->tools, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tools)),
                       items->pdata, items->len);
}

static void
list_tools (ElicitServer *self)
{
  elicit_session_list_tools_async (self->session, self->cancellable, list_tools_cb,
                                   g_object_ref (self));
}

static void
tools_changed_cb (ElicitServer *self)
{
  if (self->state == ELICIT_SERVER_STATE_READY)
    list_tools (self);
}

/* Starting and stopping --------------------------------------------------------- */

static void
drop_connection (ElicitServer *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      /* Closing stops the server; the prompt queue withdraws its requests. */
      elicit_session_close_async (self->session, NULL, NULL, NULL);
      g_clear_object (&self->session);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
    }

  if (self->transport != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->transport, self);
      g_clear_object (&self->transport);
    }

  g_clear_pointer (&self->last_stderr_line, g_free);
}

/* The authorizer's sign-in, handed to whoever shows this server (the
 * window asks in an ElicitSignInDialog). */
static gboolean
authorizer_sign_in_cb (ElicitServer *self,
                       ElicitSignIn *sign_in)
{
  gboolean handled = FALSE;

  g_signal_emit (self, signals[SIGN_IN], 0, sign_in, &handled);

  return handled;
}

static void
authorizer_store_error_cb (ElicitServer *self,
                           const GError *error)
{
  g_signal_emit (self, signals[STORE_ERROR], 0, error);
}

static void
authorizer_signed_in_cb (ElicitServer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIGNED_IN]);
}

/* A remote server signs in through one authorizer for as long as the
 * server is configured, across reconnections: its "oauth" settings, the
 * keyring unless they say otherwise. */
static gboolean
add_authorizer (ElicitServer     *self,
                ElicitTransport  *transport,
                GError          **error)
{
  ElicitAuthOptions options = { 0 };
  JsonObject *oauth = elicit_server_config_get_oauth (self->config);
  gboolean ok = TRUE;

  if (!ELICIT_IS_HTTP_TRANSPORT (transport))
    return TRUE;

  if (self->authorizer == NULL)
    {
      ok = oauth == NULL || elicit_auth_options_merge_json (&options, oauth, error);
      if (ok)
        self->authorizer = elicit_auth_options_create_authorizer (&options,
                                                                  elicit_server_config_get_url (self->config),
                                                                  elicit_server_config_get_name (self->config),
                                                                  self->token_store, error);
      elicit_auth_options_clear (&options);
      if (self->authorizer == NULL)
        return FALSE;
      g_signal_connect_object (self->authorizer, "sign-in",
                               G_CALLBACK (authorizer_sign_in_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->authorizer, "notify::signed-in",
                               G_CALLBACK (authorizer_signed_in_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->authorizer, "store-error",
                               G_CALLBACK (authorizer_store_error_cb), self, G_CONNECT_SWAPPED);
      authorizer_signed_in_cb (self);
    }

  elicit_http_transport_set_authorizer (ELICIT_HTTP_TRANSPORT (transport), self->authorizer);
  return TRUE;
}

static gboolean
create_transport (ElicitServer *self)
{
  g_autoptr(ElicitTransport) inner = NULL;
  g_autoptr(GError) error = NULL;
  const char *text_domain = elicit_server_config_get_text_domain (self->config);

  inner = elicit_server_config_create_transport (self->config, &error);
  if (inner == NULL || !add_authorizer (self, inner, &error))
    {
      fail (self, error->message);
      return FALSE;
    }

  if (text_domain != NULL)
    elicit_text_domain_bind (text_domain, elicit_server_config_get_locale_dir (self->config));

  self->transport = elicit_tap_transport_new (inner, text_domain);
  g_signal_connect_object (self->transport, "traffic",
                           G_CALLBACK (traffic_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "log",
                           G_CALLBACK (stderr_cb), self, G_CONNECT_SWAPPED);

  return TRUE;
}

static void
create_session (ElicitServer *self)
{
  self->session = elicit_session_new (self->transport);
  elicit_session_set_display_name (self->session, elicit_server_config_get_name (self->config));

  g_signal_connect_object (self->session, "closed",
                           G_CALLBACK (session_closed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "message",
                           G_CALLBACK (message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "list-changed::tools",
                           G_CALLBACK (tools_changed_cb), self, G_CONNECT_SWAPPED);

  elicit_prompt_queue_add_session (self->queue, self->session);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static char *
describe_command (ElicitServer *self)
{
  g_auto(GStrv) argv = elicit_server_config_dup_argv (self->config);

  if (argv == NULL)
    return g_strdup (elicit_server_config_get_url (self->config));

  return g_strjoinv (" ", argv);
}

/**
 * elicit_server_start:
 * @self: a server
 *
 * Starts the server and connects to it, unless it runs already. Progress
 * shows in [property@Server:state] and [property@Server:status].
 */
void
elicit_server_start (ElicitServer *self)
{
  g_autofree char *command = NULL;
  g_autofree char *notice = NULL;
  const char *problem;

  g_return_if_fail (ELICIT_IS_SERVER (self));

  if (self->session != NULL)
    return;

  problem = elicit_server_config_get_problem (self->config);
  if (problem != NULL)
    {
      fail (self, problem);
      return;
    }

  if (elicit_server_config_get_disabled (self->config))
    {
      set_state (self, ELICIT_SERVER_STATE_DISABLED, _("Disabled in the servers file"));
      return;
    }

  command = describe_command (self);
  /* Translators: %s is the command line or the address of the server */
  notice = g_strdup_printf (_("Starting %s"), command);
  add_log (self, ELICIT_LOG_KIND_NOTICE, notice);

  if (!create_transport (self))
    return;

  create_session (self);
  self->cancellable = g_cancellable_new ();
  set_state (self, ELICIT_SERVER_STATE_STARTING, _("Starting…"));

  elicit_session_connect_async (self->session, self->cancellable, connect_cb,
                                g_object_ref (self));
}

/**
 * elicit_server_stop:
 * @self: a server
 *
 * Stops the server. Its open requests are withdrawn.
 */
void
elicit_server_stop (ElicitServer *self)
{
  g_return_if_fail (ELICIT_IS_SERVER (self));

  if (self->session == NULL && self->transport == NULL)
    return;

  drop_connection (self);
  add_log (self, ELICIT_LOG_KIND_NOTICE, _("Stopped"));
  set_state (self, ELICIT_SERVER_STATE_STOPPED, _("Stopped"));
}

/**
 * elicit_server_restart:
 * @self: a server
 *
 * Stops the server if it runs, then starts it again.
 */
void
elicit_server_restart (ElicitServer *self)
{
  g_return_if_fail (ELICIT_IS_SERVER (self));

  elicit_server_stop (self);
  g_list_store_remove_all (self->tools);
  g_clear_pointer (&self->claim, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLAIM]);
  elicit_server_start (self);
}

/**
 * elicit_server_add_notice:
 * @self: a server
 * @text: what happened
 *
 * Adds a notice of the application's to the server's log.
 */
void
elicit_server_add_notice (ElicitServer *self,
                          const char   *text)
{
  g_return_if_fail (ELICIT_IS_SERVER (self));
  g_return_if_fail (text != NULL);

  add_log (self, ELICIT_LOG_KIND_NOTICE, text);
}

/* Calls ------------------------------------------------------------------------- */

static void
call_tool_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  JsonObject *answer;

  answer = elicit_session_call_tool_finish (ELICIT_SESSION (object), result, &error);
  if (answer == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, answer, (GDestroyNotify) json_object_unref);
}

/**
 * elicit_server_call_tool_async:
 * @self: a server
 * @name: the tool's name
 * @arguments: (nullable): its arguments
 * @cancellable: (nullable): cancels the call (the server is told)
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Calls one of the server's tools. Fails at once unless the server is ready.
 */
void
elicit_server_call_tool_async (ElicitServer        *self,
                               const char          *name,
                               JsonObject          *arguments,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *shown = NULL;

  g_return_if_fail (ELICIT_IS_SERVER (self));
  g_return_if_fail (name != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_server_call_tool_async);

  if (self->state != ELICIT_SERVER_STATE_READY || self->session == NULL)
    {
      g_task_return_new_error (task, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_NOT_CONNECTED,
                               _("The server is not running"));
      return;
    }

  shown = elicit_text_sanitize_line (name, ELICIT_TEXT_LINE_MAX);
  /* Translators: %s is the name of a tool */
  notice = g_strdup_printf (_("Calling the tool “%s”"), shown);
  add_log (self, ELICIT_LOG_KIND_NOTICE, notice);

  elicit_session_call_tool_async (self->session, name, arguments, NULL, NULL, cancellable,
                                  call_tool_cb, g_steal_pointer (&task));
}

/**
 * elicit_server_call_tool_finish:
 * @self: a server
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the tool's result (`content`,
 *   `structuredContent`, `isError`), or %NULL with @error set
 */
JsonObject *
elicit_server_call_tool_finish (ElicitServer  *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* GObject ----------------------------------------------------------------------- */

static void
elicit_server_dispose (GObject *object)
{
  ElicitServer *self = ELICIT_SERVER (object);

  drop_connection (self);
  g_clear_object (&self->config);
  g_clear_object (&self->queue);
  g_clear_object (&self->tools);
  g_clear_object (&self->log);

  g_clear_object (&self->authorizer);
  g_clear_object (&self->token_store);

  G_OBJECT_CLASS (elicit_server_parent_class)->dispose (object);
}

static void
elicit_server_finalize (GObject *object)
{
  ElicitServer *self = ELICIT_SERVER (object);

  g_free (self->status);
  g_free (self->detail);
  g_free (self->claim);
  g_free (self->instructions);
  g_free (self->last_stderr_line);

  G_OBJECT_CLASS (elicit_server_parent_class)->finalize (object);
}

static void
elicit_server_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ElicitServer *self = ELICIT_SERVER (object);

  switch (prop_id)
    {
    case PROP_CONFIG:
      g_value_set_object (value, self->config);
      break;

    case PROP_QUEUE:
      g_value_set_object (value, self->queue);
      break;

    case PROP_NAME:
      g_value_set_string (value, elicit_server_get_name (self));
      break;

    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;

    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;

    case PROP_CLAIM:
      g_value_set_string (value, self->claim);
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case PROP_DETAIL:
      g_value_set_string (value, self->detail);
      break;

    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_server_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ElicitServer *self = ELICIT_SERVER (object);

  switch (prop_id)
    {
    case PROP_CONFIG:
      self->config = g_value_dup_object (value);
      break;

    case PROP_QUEUE:
      self->queue = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_server_class_init (ElicitServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_server_dispose;
  object_class->finalize = elicit_server_finalize;
  object_class->get_property = elicit_server_get_property;
  object_class->set_property = elicit_server_set_property;

  /**
   * ElicitServer:config:
   *
   * The server's entry in the configuration.
   */
  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL,
                         ELICIT_TYPE_SERVER_CONFIG,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:queue:
   *
   * The prompt queue its elicitations go through.
   */
  properties[PROP_QUEUE] =
    g_param_spec_object ("queue", NULL, NULL,
                         ELICIT_TYPE_PROMPT_QUEUE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:name:
   *
   * The name the user gave the server.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:state:
   *
   * Where the server is, an [enum@ServerState].
   */
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      ELICIT_SERVER_STATE_STOPPED, ELICIT_SERVER_STATE_DISABLED,
                      ELICIT_SERVER_STATE_STOPPED,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:status:
   *
   * The state in words; for a failed server, why it failed.
   */
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:claim:
   *
   * What the server says it is (its own name and version), or %NULL.
   */
  properties[PROP_CLAIM] =
    g_param_spec_string ("claim", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:instructions:
   *
   * The server's instructions from the handshake, cleaned for display, or %NULL.
   */
  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:detail:
   *
   * The technical line behind the status of a server that failed (“server
   * exited with status 3: …”, with the last line it wrote to its standard
   * error), or %NULL.
   */
  properties[PROP_DETAIL] =
    g_param_spec_string ("detail", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:session:
   *
   * The session with the running server, or %NULL.
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         ELICIT_TYPE_SESSION,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitServer:signed-in:
   *
   * Whether a remote server's authorizer holds a sign-in (always %FALSE for
   * a local server, and before a remote one first started).
   */
  properties[PROP_SIGNED_IN] =
    g_param_spec_boolean ("signed-in", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitServer::sign-in:
   * @self: the server
   * @sign_in: the pending sign-in
   *
   * A remote server needs the user to sign in: show @sign_in and return
   * %TRUE, or return %FALSE and the connection fails saying so.
   *
   * Returns: whether a handler took the sign-in
   */
  signals[SIGN_IN] =
    g_signal_new ("sign-in",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1,
                  ELICIT_TYPE_SIGN_IN);

  /**
   * ElicitServer::store-error:
   * @self: the server
   * @error: why the keyring did not take, give or forget the sign-in
   *
   * Forwards [signal@Authorizer::store-error]: the sign-in goes on, kept in
   * memory only.
   */
  signals[STORE_ERROR] =
    g_signal_new ("store-error",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR);
}

static void
elicit_server_init (ElicitServer *self)
{
  self->tools = g_list_store_new (ELICIT_TYPE_SERVER_TOOL);
  self->log = elicit_log_ring_new (ELICIT_LOG_RING_DEFAULT_CAPACITY);
  self->status = g_strdup (_("Not started"));
}

/* Public API -------------------------------------------------------------------- */

/**
 * elicit_server_state_get_icon_name:
 * @state: a server state
 *
 * Returns: (nullable): the symbolic icon that shows @state, or %NULL for
 *   %ELICIT_SERVER_STATE_STARTING (a spinner shows that)
 */
const char *
elicit_server_state_get_icon_name (ElicitServerState state)
{
  switch (state)
    {
    case ELICIT_SERVER_STATE_STARTING:
      return NULL;

    case ELICIT_SERVER_STATE_READY:
      return "emblem-ok-symbolic";

    case ELICIT_SERVER_STATE_FAILED:
      return "dialog-error-symbolic";

    case ELICIT_SERVER_STATE_STOPPED:
    case ELICIT_SERVER_STATE_DISABLED:
    default:
      return "media-playback-stop-symbolic";
    }
}

/**
 * elicit_server_state_get_style_class:
 * @state: a server state
 *
 * Returns: the CSS class of widgets showing @state: `ready`, `failed`,
 *   `starting` or `stopped`
 */
const char *
elicit_server_state_get_style_class (ElicitServerState state)
{
  switch (state)
    {
    case ELICIT_SERVER_STATE_STARTING:
      return "starting";

    case ELICIT_SERVER_STATE_READY:
      return "ready";

    case ELICIT_SERVER_STATE_FAILED:
      return "failed";

    case ELICIT_SERVER_STATE_STOPPED:
    case ELICIT_SERVER_STATE_DISABLED:
    default:
      return "stopped";
    }
}

/**
 * elicit_server_new:
 * @config: the server's entry in the configuration
 * @queue: the prompt queue for its elicitations
 *
 * Returns: (transfer full): a server, not started
 */
ElicitServer *
elicit_server_new (ElicitServerConfig *config,
                   ElicitPromptQueue  *queue)
{
  g_return_val_if_fail (ELICIT_IS_SERVER_CONFIG (config), NULL);
  g_return_val_if_fail (ELICIT_IS_PROMPT_QUEUE (queue), NULL);

  return g_object_new (ELICIT_TYPE_SERVER, "config", config, "queue", queue, NULL);
}

/**
 * elicit_server_set_token_store:
 * @self: a server, not started yet
 * @store: (nullable): where its sign-in goes
 *
 * Sets the token store a remote server keeps its sign-in in, shared by
 * the app's servers so that one "don't remember" covers them all; a
 * config entry with `"keyring": false` keeps a memory-only store of its
 * own. Without one, each server has a keyring store of its own.
 */
void
elicit_server_set_token_store (ElicitServer     *self,
                               ElicitTokenStore *store)
{
  g_return_if_fail (ELICIT_IS_SERVER (self));
  g_return_if_fail (store == NULL || ELICIT_IS_TOKEN_STORE (store));
  g_return_if_fail (self->authorizer == NULL);

  g_set_object (&self->token_store, store);
}

/**
 * elicit_server_get_config:
 * @self: a server
 *
 * Returns: (transfer none): its entry in the configuration
 */
ElicitServerConfig *
elicit_server_get_config (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->config;
}

/**
 * elicit_server_get_queue:
 * @self: a server
 *
 * Returns: (transfer none): the prompt queue its elicitations go through
 */
ElicitPromptQueue *
elicit_server_get_queue (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->queue;
}

/**
 * elicit_server_get_name:
 * @self: a server
 *
 * Returns: the name the user gave it
 */
const char *
elicit_server_get_name (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return elicit_server_config_get_name (self->config);
}

/**
 * elicit_server_get_state:
 * @self: a server
 *
 * Returns: where it is
 */
ElicitServerState
elicit_server_get_state (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), ELICIT_SERVER_STATE_STOPPED);

  return self->state;
}

/**
 * elicit_server_get_status:
 * @self: a server
 *
 * Returns: the state in words, or why it failed
 */
const char *
elicit_server_get_status (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->status;
}

/**
 * elicit_server_get_claim:
 * @self: a server
 *
 * Returns: (nullable): what it says it is
 */
const char *
elicit_server_get_claim (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->claim;
}

/**
 * elicit_server_get_instructions:
 * @self: a server
 *
 * Returns: (nullable): its instructions
 */
const char *
elicit_server_get_instructions (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->instructions;
}

/**
 * elicit_server_get_session:
 * @self: a server
 *
 * Returns: (transfer none) (nullable): the session, while it runs
 */
ElicitSession *
elicit_server_get_session (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->session;
}

/**
 * elicit_server_get_tools:
 * @self: a server
 *
 * Returns: (transfer none): its [class@ServerTool]s
 */
GListModel *
elicit_server_get_tools (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->tools);
}

/**
 * elicit_server_get_log:
 * @self: a server
 *
 * Returns: (transfer none): its [class@LogEntry]s, oldest first
 */
GListModel *
elicit_server_get_log (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return G_LIST_MODEL (self->log);
}

/**
 * elicit_server_get_authorizer:
 * @self: a server
 *
 * The authorizer that signs in to a remote server, once it was first
 * started; %NULL for a local one.
 *
 * Returns: (transfer none) (nullable): the authorizer
 */
ElicitAuthorizer *
elicit_server_get_authorizer (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->authorizer;
}

/**
 * elicit_server_is_remote:
 * @self: a server
 *
 * Returns: whether the server is reached over HTTP (and may need signing in)
 */
gboolean
elicit_server_is_remote (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), FALSE);

  return elicit_server_config_get_url (self->config) != NULL;
}

/**
 * elicit_server_get_signed_in:
 * @self: a server
 *
 * Returns: the value of [property@Server:signed-in]
 */
gboolean
elicit_server_get_signed_in (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), FALSE);

  return self->authorizer != NULL && elicit_authorizer_get_signed_in (self->authorizer);
}

static void
sign_out_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitServer *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  gboolean forgotten = elicit_authorizer_sign_out_finish (ELICIT_AUTHORIZER (object), result, &error);

  /* Signed out: the server would only ask again at its next request. */
  elicit_server_stop (self);
  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, forgotten);
}

/**
 * elicit_server_sign_out_async:
 * @self: a remote server
 * @cancellable: (nullable): a cancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Forgets the server's tokens and client registration (in the keyring
 * too), and stops it: starting it again asks the user to sign in.
 */
void
elicit_server_sign_out_async (ElicitServer        *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ELICIT_IS_SERVER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_server_sign_out_async);

  if (self->authorizer == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  elicit_authorizer_sign_out_async (self->authorizer, cancellable, sign_out_cb,
                                    g_steal_pointer (&task));
}

/**
 * elicit_server_sign_out_finish:
 * @self: a server
 * @result: the result
 * @error: return location for an error
 *
 * Returns: whether the keyring forgot the sign-in too (the authorizer
 *   always forgets it); %FALSE with @error when the keyring could not
 */
gboolean
elicit_server_sign_out_finish (ElicitServer  *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * elicit_server_get_detail:
 * @self: a server
 *
 * Returns: (nullable): the technical line behind the status of a server that
 *   failed, for those who want it
 */
const char *
elicit_server_get_detail (ElicitServer *self)
{
  g_return_val_if_fail (ELICIT_IS_SERVER (self), NULL);

  return self->detail;
}
