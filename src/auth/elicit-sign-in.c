/* elicit-sign-in.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-auth-error.h"
#include "elicit-init-private.h"
#include "elicit-protocol-enums.h"
#include "elicit-sign-in-private.h"

/**
 * ElicitSignIn:
 *
 * One pending sign-in to a remote MCP server with the OAuth authorization
 * code flow, as [class@Request] is one pending elicitation.
 *
 * An `ElicitAuthorizer` makes one when a server needs the user to sign in,
 * and hands it to its `sign-in` signal. A sign-in starts in
 * [enum@SignInState.CONSENT]: nothing is opened before the user agrees. Show
 * the server's label, the authorization server and the scopes, then:
 *
 * - [method@SignIn.launch_browser_async] opens the sign-in page (which also
 *   approves); or open [property@SignIn:authorization-url] with a launcher
 *   of your own (`gtk_show_uri_full()`) and call [method@SignIn.approve];
 * - [method@SignIn.cancel] gives up.
 *
 * The authorization server then redirects the browser back to Elicit, which
 * exchanges the code for tokens; [signal@SignIn::finished] says how it ended.
 *
 * Since: 1.0
 */

struct _ElicitSignIn
{
  GObject            parent_instance;

  char              *server_label;
  char              *resource;
  char              *authorization_server;
  char              *authorization_url;
  GStrv              scopes;
  GStrv              browser_command;
  ElicitSignInState  state;
  GError            *error;
  GCancellable      *cancellable;
};

enum {
  PROP_0,
  PROP_SERVER_LABEL,
  PROP_RESOURCE,
  PROP_AUTHORIZATION_SERVER,
  PROP_AUTHORIZATION_URL,
  PROP_SCOPES,
  PROP_BROWSER_COMMAND,
  PROP_STATE,
  PROP_ERROR,
  N_PROPS
};

enum {
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitSignIn, elicit_sign_in, G_TYPE_OBJECT)

static void
set_state (ElicitSignIn      *self,
           ElicitSignInState  state)
{
  g_assert (state > self->state);

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);

  if (elicit_sign_in_is_finished (self))
    {
      if (state == ELICIT_SIGN_IN_STATE_CANCELLED)
        g_cancellable_cancel (self->cancellable);
      g_signal_emit (self, signals[FINISHED], 0);
    }
}

static void
elicit_sign_in_dispose (GObject *object)
{
  ElicitSignIn *self = ELICIT_SIGN_IN (object);

  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (elicit_sign_in_parent_class)->dispose (object);
}

static void
elicit_sign_in_finalize (GObject *object)
{
  ElicitSignIn *self = ELICIT_SIGN_IN (object);

  g_clear_pointer (&self->server_label, g_free);
  g_clear_pointer (&self->resource, g_free);
  g_clear_pointer (&self->authorization_server, g_free);
  g_clear_pointer (&self->authorization_url, g_free);
  g_clear_pointer (&self->scopes, g_strfreev);
  g_clear_pointer (&self->browser_command, g_strfreev);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (elicit_sign_in_parent_class)->finalize (object);
}

static void
elicit_sign_in_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ElicitSignIn *self = ELICIT_SIGN_IN (object);

  switch (prop_id)
    {
    case PROP_SERVER_LABEL:
      g_value_set_string (value, elicit_sign_in_get_server_label (self));
      break;

    case PROP_RESOURCE:
      g_value_set_string (value, elicit_sign_in_get_resource (self));
      break;

    case PROP_AUTHORIZATION_SERVER:
      g_value_set_string (value, elicit_sign_in_get_authorization_server (self));
      break;

    case PROP_AUTHORIZATION_URL:
      g_value_set_string (value, elicit_sign_in_get_authorization_url (self));
      break;

    case PROP_SCOPES:
      g_value_set_boxed (value, elicit_sign_in_get_scopes (self));
      break;

    case PROP_BROWSER_COMMAND:
      g_value_set_boxed (value, elicit_sign_in_get_browser_command (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, elicit_sign_in_get_state (self));
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, elicit_sign_in_get_error (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
string_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                               G_PARAM_STATIC_STRINGS));
}

static void
elicit_sign_in_class_init (ElicitSignInClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->dispose = elicit_sign_in_dispose;
  object_class->finalize = elicit_sign_in_finalize;
  object_class->get_property = elicit_sign_in_get_property;

  /**
   * ElicitSignIn:server-label:
   *
   * The server's name as the user configured it: name the server by this,
   * never only by what it or its authorization server claim.
   *
   * Since: 1.0
   */
  properties[PROP_SERVER_LABEL] = string_property ("server-label");

  /**
   * ElicitSignIn:resource:
   *
   * The MCP server's URL: the resource the tokens are for.
   *
   * Since: 1.0
   */
  properties[PROP_RESOURCE] = string_property ("resource");

  /**
   * ElicitSignIn:authorization-server:
   *
   * The authorization server's issuer URL, where the user signs in. Show its
   * registrable domain (see [class@UrlInfo]).
   *
   * Since: 1.0
   */
  properties[PROP_AUTHORIZATION_SERVER] = string_property ("authorization-server");

  /**
   * ElicitSignIn:authorization-url:
   *
   * The full URL of the sign-in page to open in the browser, for a launcher
   * of your own and for "Copy Link".
   *
   * Since: 1.0
   */
  properties[PROP_AUTHORIZATION_URL] = string_property ("authorization-url");

  /**
   * ElicitSignIn:scopes:
   *
   * The scopes asked for, possibly none.
   *
   * Since: 1.0
   */
  properties[PROP_SCOPES] =
    g_param_spec_boxed ("scopes", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSignIn:browser-command:
   *
   * The command [method@SignIn.launch_browser_async] runs to open the
   * sign-in page, the URL appended as its last argument; %NULL when it uses
   * the desktop's handler. It is the authorizer's
   * [property@Authorizer:browser-command]: a launcher of your own should
   * honour it too.
   *
   * Since: 1.0
   */
  properties[PROP_BROWSER_COMMAND] =
    g_param_spec_boxed ("browser-command", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSignIn:state:
   *
   * Where the sign-in is; notified on every change.
   *
   * Since: 1.0
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       ELICIT_TYPE_SIGN_IN_STATE, ELICIT_SIGN_IN_STATE_CONSENT,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitSignIn:error:
   *
   * Why the sign-in failed, once it is [enum@SignInState.FAILED]: usually
   * in [error@AuthError], with a message for the user.
   *
   * Since: 1.0
   */
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL,
                        G_TYPE_ERROR,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitSignIn::finished:
   * @self: the sign-in
   *
   * Emitted once, when the sign-in ends: [property@SignIn:state] is then
   * DONE, FAILED or CANCELLED. Close the dialog.
   *
   * Since: 1.0
   */
  signals[FINISHED] =
    g_signal_new ("finished",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
elicit_sign_in_init (ElicitSignIn *self)
{
  self->cancellable = g_cancellable_new ();
}

ElicitSignIn *
elicit_sign_in_new (const char         *server_label,
                    const char         *resource,
                    const char         *authorization_server,
                    const char         *authorization_url,
                    const char * const *scopes)
{
  ElicitSignIn *self;

  g_return_val_if_fail (resource != NULL, NULL);
  g_return_val_if_fail (authorization_url != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_SIGN_IN, NULL);
  self->server_label = g_strdup (server_label != NULL ? server_label : resource);
  self->resource = g_strdup (resource);
  self->authorization_server = g_strdup (authorization_server);
  self->authorization_url = g_strdup (authorization_url);
  self->scopes = scopes != NULL ? g_strdupv ((GStrv) scopes) : g_new0 (char *, 1);

  return self;
}

/**
 * elicit_sign_in_get_server_label:
 * @self: a sign-in
 *
 * Gets [property@SignIn:server-label].
 *
 * Returns: (transfer none): the server's configured label
 *
 * Since: 1.0
 */
const char *
elicit_sign_in_get_server_label (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return self->server_label;
}

/**
 * elicit_sign_in_get_resource:
 * @self: a sign-in
 *
 * Gets [property@SignIn:resource].
 *
 * Returns: (transfer none): the MCP server's URL
 *
 * Since: 1.0
 */
const char *
elicit_sign_in_get_resource (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return self->resource;
}

/**
 * elicit_sign_in_get_authorization_server:
 * @self: a sign-in
 *
 * Gets [property@SignIn:authorization-server].
 *
 * Returns: (transfer none) (nullable): the authorization server's issuer URL
 *
 * Since: 1.0
 */
const char *
elicit_sign_in_get_authorization_server (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return self->authorization_server;
}

/**
 * elicit_sign_in_get_authorization_url:
 * @self: a sign-in
 *
 * Gets [property@SignIn:authorization-url].
 *
 * Returns: (transfer none): the URL of the sign-in page
 *
 * Since: 1.0
 */
const char *
elicit_sign_in_get_authorization_url (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return self->authorization_url;
}

/**
 * elicit_sign_in_get_scopes:
 * @self: a sign-in
 *
 * Gets [property@SignIn:scopes].
 *
 * Returns: (transfer none) (array zero-terminated=1): the scopes asked for,
 *   possibly none
 *
 * Since: 1.0
 */
const char * const *
elicit_sign_in_get_scopes (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return (const char * const *) self->scopes;
}

/**
 * elicit_sign_in_get_browser_command:
 * @self: a sign-in
 *
 * Gets [property@SignIn:browser-command].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the
 *   command that opens the sign-in page, or %NULL for the desktop's handler
 *
 * Since: 1.0
 */
const char * const *
elicit_sign_in_get_browser_command (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return (const char * const *) self->browser_command;
}

void
elicit_sign_in_set_browser_command (ElicitSignIn       *self,
                                    const char * const *argv)
{
  g_assert (ELICIT_IS_SIGN_IN (self));

  g_clear_pointer (&self->browser_command, g_strfreev);
  if (argv != NULL && argv[0] != NULL)
    self->browser_command = g_strdupv ((char **) argv);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BROWSER_COMMAND]);
}

/**
 * elicit_sign_in_get_state:
 * @self: a sign-in
 *
 * Gets [property@SignIn:state].
 *
 * Returns: where the sign-in is
 *
 * Since: 1.0
 */
ElicitSignInState
elicit_sign_in_get_state (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), ELICIT_SIGN_IN_STATE_FAILED);

  return self->state;
}

/**
 * elicit_sign_in_get_error:
 * @self: a sign-in
 *
 * Gets [property@SignIn:error].
 *
 * Returns: (transfer none) (nullable): why the sign-in failed, or %NULL
 *   unless it is [enum@SignInState.FAILED]
 *
 * Since: 1.0
 */
const GError *
elicit_sign_in_get_error (ElicitSignIn *self)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), NULL);

  return self->error;
}

/**
 * elicit_sign_in_approve:
 * @self: a sign-in
 *
 * The user agreed to sign in: the sign-in moves from
 * [enum@SignInState.CONSENT] to [enum@SignInState.BROWSER] and waits for the
 * browser to come back. Call it after opening
 * [property@SignIn:authorization-url] with a launcher of your own;
 * [method@SignIn.launch_browser_async] calls it for you. Does nothing in any
 * other state.
 *
 * Since: 1.0
 */
void
elicit_sign_in_approve (ElicitSignIn *self)
{
  g_return_if_fail (ELICIT_IS_SIGN_IN (self));

  if (self->state == ELICIT_SIGN_IN_STATE_CONSENT)
    set_state (self, ELICIT_SIGN_IN_STATE_BROWSER);
}

/**
 * elicit_sign_in_cancel:
 * @self: a sign-in
 *
 * Gives up signing in: the sign-in ends in [enum@SignInState.CANCELLED],
 * the redirect listener stops, and what waited for it fails with
 * %G_IO_ERROR_CANCELLED. Does nothing once the sign-in ended.
 *
 * Since: 1.0
 */
void
elicit_sign_in_cancel (ElicitSignIn *self)
{
  g_return_if_fail (ELICIT_IS_SIGN_IN (self));

  if (!elicit_sign_in_is_finished (self))
    set_state (self, ELICIT_SIGN_IN_STATE_CANCELLED);
}

GCancellable *
elicit_sign_in_get_cancellable (ElicitSignIn *self)
{
  g_assert (ELICIT_IS_SIGN_IN (self));

  return self->cancellable;
}

void
elicit_sign_in_advance (ElicitSignIn      *self,
                        ElicitSignInState  state)
{
  g_assert (ELICIT_IS_SIGN_IN (self));
  g_assert (state == ELICIT_SIGN_IN_STATE_EXCHANGING || state == ELICIT_SIGN_IN_STATE_DONE);

  if (!elicit_sign_in_is_finished (self) && state > self->state)
    set_state (self, state);
}

void
elicit_sign_in_fail (ElicitSignIn *self,
                     const GError *error)
{
  g_assert (ELICIT_IS_SIGN_IN (self));
  g_assert (error != NULL);

  if (elicit_sign_in_is_finished (self))
    return;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      set_state (self, ELICIT_SIGN_IN_STATE_CANCELLED);
      return;
    }

  self->error = g_error_copy (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
  set_state (self, ELICIT_SIGN_IN_STATE_FAILED);
}

gboolean
elicit_sign_in_is_finished (ElicitSignIn *self)
{
  return self->state >= ELICIT_SIGN_IN_STATE_DONE;
}

/* A browser command that fails before the redirect arrived ends the
 * sign-in: nothing else would come back to it. */
static void
browser_exited_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ElicitSignIn) self = user_data;
  GSubprocess *subprocess = G_SUBPROCESS (object);
  g_autoptr(GError) error = NULL;

  if (g_subprocess_wait_finish (subprocess, result, &error))
    {
      if (!g_subprocess_get_if_exited (subprocess) ||
          g_subprocess_get_exit_status (subprocess) != 0)
        {
          g_set_error (&error, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_BROWSER,
                       _("The browser command failed before the sign-in came back"));
        }
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* The sign-in was cancelled: the command has nothing left to do. */
      g_subprocess_force_exit (subprocess);
      g_clear_error (&error);
    }

  if (error != NULL && self->state <= ELICIT_SIGN_IN_STATE_BROWSER)
    elicit_sign_in_fail (self, error);
}

static gboolean
launch_command (ElicitSignIn  *self,
                GError       **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) full_argv = NULL;
  g_autoptr(GSubprocess) subprocess = NULL;

  g_strv_builder_addv (builder, (const char **) self->browser_command);
  g_strv_builder_add (builder, self->authorization_url);
  full_argv = g_strv_builder_end (builder);

  /* Its output is not ours: stdout may carry a tool's result. */
  subprocess = g_subprocess_newv ((const char * const *) full_argv,
                                  G_SUBPROCESS_FLAGS_STDOUT_SILENCE, error);
  if (subprocess == NULL)
    {
      g_prefix_error (error, _("Could not run the browser command: "));
      if (*error != NULL)
        {
          (*error)->domain = ELICIT_AUTH_ERROR;
          (*error)->code = ELICIT_AUTH_ERROR_BROWSER;
        }
      return FALSE;
    }

  g_subprocess_wait_async (subprocess, self->cancellable, browser_exited_cb,
                           g_object_ref (self));

  return TRUE;
}

static void
launch_default_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    {
      g_task_return_new_error (task, ELICIT_AUTH_ERROR, ELICIT_AUTH_ERROR_BROWSER,
                               _("Could not open the browser: %s"), error->message);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/**
 * elicit_sign_in_launch_browser_async:
 * @self: a sign-in
 * @cancellable: (nullable): a cancellable
 * @callback: called when the browser was launched
 * @user_data: data for @callback
 *
 * Opens [property@SignIn:authorization-url] in the user's browser, and
 * approves the sign-in if it still waited for consent
 * ([method@SignIn.approve]).
 *
 * When [property@SignIn:browser-command] is set, that command runs instead
 * (without a shell), with the URL as its one extra argument; if it exits
 * with an error before the sign-in came back, the sign-in fails. Otherwise
 * the desktop's handler for the URL opens it
 * (g_app_info_launch_default_for_uri_async(), through the portal when
 * sandboxed).
 *
 * Since: 1.0
 */
void
elicit_sign_in_launch_browser_async (ElicitSignIn        *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ELICIT_IS_SIGN_IN (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_sign_in_launch_browser_async);

  elicit_sign_in_approve (self);
  if (self->state != ELICIT_SIGN_IN_STATE_BROWSER)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The sign-in is over"));
      return;
    }

  if (self->browser_command != NULL)
    {
      if (launch_command (self, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, g_steal_pointer (&error));
    }
  else
    g_app_info_launch_default_for_uri_async (self->authorization_url, NULL, cancellable,
                                             launch_default_cb, g_steal_pointer (&task));
}

/**
 * elicit_sign_in_launch_browser_finish:
 * @self: a sign-in
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@SignIn.launch_browser_async]. On failure (in
 * [error@AuthError.BROWSER]) the sign-in goes on waiting: say so, and offer
 * to copy [property@SignIn:authorization-url] into a browser by hand.
 *
 * Returns: whether the browser was launched
 *
 * Since: 1.0
 */
gboolean
elicit_sign_in_launch_browser_finish (ElicitSignIn  *self,
                                      GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
