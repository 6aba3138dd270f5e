/* elicit-request.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-json.h"
#include "elicit-protocol-enums.h"
#include "elicit-request-private.h"
#include "elicit-session.h"
#include "elicit-text-private.h"

/**
 * ElicitRequest:
 *
 * One elicitation: a server asking its user for input, in a form
 * ([enum@RequestMode.FORM]) or by visiting a URL ([enum@RequestMode.URL]).
 *
 * Requests arrive through [signal@Session::elicitation]; one can also be made
 * from `elicitation/create` parameters with [ctor@Request.new], or from their
 * JSON text with [ctor@Request.new_from_data], without a session: to show
 * what another MCP client received, and for tests, previews and linting.
 * [method@Request.dup_result_json] then gives the answer as the JSON text of
 * an `elicitation/create` result.
 *
 * Answer with [method@Request.accept], [method@Request.decline] or
 * [method@Request.cancel], exactly once: each sends its answer to the server
 * at once. A request dropped without an answer sends `cancel` when it is
 * finalized, so a server is never left waiting by a lost object.
 *
 * The server may take a request back ([signal@Request::withdrawn]: it sent
 * `notifications/cancelled`, or the connection closed), and in URL mode report
 * the interaction complete ([signal@Request::completed]).
 *
 * Since: 1.0
 */

struct _ElicitRequest
{
  GObject                 parent_instance;

  ElicitRequestMode       mode;
  ElicitRequestState      state;
  char                   *message;
  ElicitSchema           *schema;
  char                   *url;
  char                   *elicitation_id;
  char                   *withdrawn_reason;
  gboolean                refused;
  gboolean                admitted;
  char                   *refusal;
  JsonObject             *content;
  JsonObject             *params;

  GWeakRef                session;
  ElicitRequestResponder  responder;
  gpointer                responder_data;
  GDestroyNotify          responder_destroy;
};

enum {
  PROP_0,
  PROP_MODE,
  PROP_STATE,
  PROP_MESSAGE,
  PROP_SCHEMA,
  PROP_URL,
  PROP_ELICITATION_ID,
  PROP_WITHDRAWN_REASON,
  N_PROPS
};

enum {
  WITHDRAWN,
  COMPLETED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitRequest, elicit_request, G_TYPE_OBJECT)

static JsonObject *
result_new (const char *action)
{
  JsonObject *result = json_object_new ();

  json_object_set_string_member (result, "action", action);

  return result;
}

/* Leaves PENDING with an answer; the responder sends it. */
static void
respond (ElicitRequest      *self,
         ElicitRequestState  state,
         JsonObject         *result)
{
  ElicitRequestResponder responder = self->responder;

  g_assert (self->state == ELICIT_REQUEST_STATE_PENDING);

  self->state = state;
  self->responder = NULL;

  if (responder != NULL)
    responder (self, result, self->responder_data);
}

static gboolean
check_can_answer (ElicitRequest *self,
                  const char    *what)
{
  switch (self->state)
    {
    case ELICIT_REQUEST_STATE_PENDING:
      return TRUE;

    case ELICIT_REQUEST_STATE_WITHDRAWN:
      /* The server took it back while the user was deciding: not a bug. */
      g_debug ("not sending %s: the request is no longer pending", what);
      return FALSE;

    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
    case ELICIT_REQUEST_STATE_COMPLETED:
    default:
      /* g_log(), not g_critical(): with G_LOG_USE_STRUCTURED only the
       * former reaches g_test_expect_message(). */
      g_log (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL,
             "elicit_request_%s: the request was already answered; "
             "every request is answered exactly once", what);
      return FALSE;
    }
}

static void
elicit_request_dispose (GObject *object)
{
  ElicitRequest *self = ELICIT_REQUEST (object);

  /* Nobody will ever answer: tell the server instead of leaving it waiting. */
  if (self->state == ELICIT_REQUEST_STATE_PENDING && self->responder != NULL)
    {
      g_autoptr(JsonObject) result = result_new ("cancel");

      g_debug ("request dropped without an answer: sending cancel");
      respond (self, ELICIT_REQUEST_STATE_CANCELLED, result);
    }

  if (self->responder_destroy != NULL)
    g_clear_pointer (&self->responder_data, self->responder_destroy);
  self->responder = NULL;
  self->responder_destroy = NULL;

  g_clear_object (&self->schema);

  G_OBJECT_CLASS (elicit_request_parent_class)->dispose (object);
}

static void
elicit_request_finalize (GObject *object)
{
  ElicitRequest *self = ELICIT_REQUEST (object);

  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->url, g_free);
  g_clear_pointer (&self->elicitation_id, g_free);
  g_clear_pointer (&self->withdrawn_reason, g_free);
  g_clear_pointer (&self->refusal, g_free);
  g_clear_pointer (&self->content, json_object_unref);
  g_clear_pointer (&self->params, json_object_unref);
  g_weak_ref_clear (&self->session);

  G_OBJECT_CLASS (elicit_request_parent_class)->finalize (object);
}

static void
elicit_request_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ElicitRequest *self = ELICIT_REQUEST (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_enum (value, elicit_request_get_mode (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, elicit_request_get_state (self));
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, elicit_request_get_message (self));
      break;

    case PROP_SCHEMA:
      g_value_set_object (value, elicit_request_get_schema (self));
      break;

    case PROP_URL:
      g_value_set_string (value, elicit_request_get_url (self));
      break;

    case PROP_ELICITATION_ID:
      g_value_set_string (value, elicit_request_get_elicitation_id (self));
      break;

    case PROP_WITHDRAWN_REASON:
      g_value_set_string (value, elicit_request_get_withdrawn_reason (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_request_class_init (ElicitRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  elicit_ensure_i18n ();

  object_class->dispose = elicit_request_dispose;
  object_class->finalize = elicit_request_finalize;
  object_class->get_property = elicit_request_get_property;

  /**
   * ElicitRequest:mode:
   *
   * Whether the server asks for a form or for a visit to a URL.
   *
   * Since: 1.0
   */
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL,
                       ELICIT_TYPE_REQUEST_MODE, ELICIT_REQUEST_MODE_FORM,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:state:
   *
   * Where the request is in its life; notified on every change.
   *
   * Since: 1.0
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       ELICIT_TYPE_REQUEST_STATE, ELICIT_REQUEST_STATE_PENDING,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:message:
   *
   * The server's message explaining why it asks, as the server sent it:
   * untrusted plain text, never markup.
   *
   * Since: 1.0
   */
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:schema:
   *
   * Form mode: the fields asked for. %NULL in URL mode.
   *
   * Since: 1.0
   */
  properties[PROP_SCHEMA] =
    g_param_spec_object ("schema", NULL, NULL,
                         ELICIT_TYPE_SCHEMA,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:url:
   *
   * URL mode: the URL the server wants the user to visit, unchecked beyond
   * being an absolute URI. %NULL in form mode.
   *
   * Since: 1.0
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:elicitation-id:
   *
   * URL mode: the server's id for this elicitation, which its completion
   * notification names. %NULL in form mode.
   *
   * Since: 1.0
   */
  properties[PROP_ELICITATION_ID] =
    g_param_spec_string ("elicitation-id", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitRequest:withdrawn-reason:
   *
   * Why the request was withdrawn, once it is: the server's reason (plain
   * text) or the reason the connection closed.
   *
   * Since: 1.0
   */
  properties[PROP_WITHDRAWN_REASON] =
    g_param_spec_string ("withdrawn-reason", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitRequest::withdrawn:
   * @self: the request
   * @reason: why, as [property@Request:withdrawn-reason]
   *
   * Emitted when the server no longer wants an answer: it cancelled the
   * request, or the connection closed. Nothing is sent; close the prompt.
   *
   * Since: 1.0
   */
  signals[WITHDRAWN] =
    g_signal_new ("withdrawn",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * ElicitRequest::completed:
   * @self: the request
   *
   * URL mode: emitted when the server reports that the out-of-band
   * interaction is complete (`notifications/elicitation/complete`).
   *
   * Since: 1.0
   */
  signals[COMPLETED] =
    g_signal_new ("completed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
elicit_request_init (ElicitRequest *self)
{
  g_weak_ref_init (&self->session, NULL);
}

static gboolean
get_string_member (JsonObject  *params,
                   const char  *name,
                   const char **value,
                   GError     **error)
{
  JsonNode *node = json_object_get_member (params, name);

  if (node == NULL)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("“%s” is missing"), name);
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("“%s” must be a string"), name);
      return FALSE;
    }

  *value = json_node_get_string (node);

  return TRUE;
}

static gboolean
parse_mode (JsonObject         *params,
            ElicitRequestMode  *mode,
            GError            **error)
{
  const char *name;

  if (!json_object_has_member (params, "mode"))
    {
      /* Older servers omit it; the specification says that means a form. */
      *mode = ELICIT_REQUEST_MODE_FORM;
      return TRUE;
    }

  if (!get_string_member (params, "mode", &name, error))
    return FALSE;

  if (g_str_equal (name, "form"))
    *mode = ELICIT_REQUEST_MODE_FORM;
  else if (g_str_equal (name, "url"))
    *mode = ELICIT_REQUEST_MODE_URL;
  else
    {
      g_autofree char *shown = elicit_text_sanitize_line (name, 40);

      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("Unsupported elicitation mode “%s”"), shown);
      return FALSE;
    }

  return TRUE;
}

static gboolean
parse_form (ElicitRequest  *self,
            JsonObject     *params,
            GError        **error)
{
  JsonNode *node = json_object_get_member (params, "requestedSchema");
  g_autoptr(GError) local_error = NULL;

  if (node == NULL)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("“%s” is missing"), "requestedSchema");
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("“%s” must be an object"), "requestedSchema");
      return FALSE;
    }

  self->schema = elicit_schema_new_from_json (json_node_get_object (node), &local_error);
  if (self->schema == NULL)
    {
      /* Keep the schema's domain and code, name where the fault is. */
      g_prefix_error (&local_error,
                      /* Translators: %s is a member of the request, “requestedSchema”;
                       * what is wrong with it follows */
                      _("Invalid “%s”: "), "requestedSchema");
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return TRUE;
}

/* 2026-07-28 dropped `elicitationId`: a retry, not a notice, tells the
 * outcome. It stays required for the requests of earlier revisions. */
static gboolean
parse_url (ElicitRequest  *self,
           JsonObject     *params,
           gboolean        id_required,
           GError        **error)
{
  const char *url;
  const char *elicitation_id = NULL;

  if (!get_string_member (params, "url", &url, error))
    return FALSE;
  if ((id_required || json_object_has_member (params, "elicitationId")) &&
      !get_string_member (params, "elicitationId", &elicitation_id, error))
    return FALSE;

  if (!g_uri_is_valid (url, G_URI_FLAGS_NONE, NULL))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("“%s” is not a valid absolute URL"), "url");
      return FALSE;
    }

  self->url = g_strdup (url);
  self->elicitation_id = g_strdup (elicitation_id);

  return TRUE;
}

/**
 * elicit_request_new:
 * @params: the `params` of an `elicitation/create` request
 * @error: return location for an error
 *
 * Makes a request from `elicitation/create` parameters: `mode` (`form`, the
 * default, or `url`), `message`, and `requestedSchema` (form) or `url` and
 * `elicitationId` (URL). The request belongs to no session: answering it
 * changes its state and sends nothing.
 *
 * Returns: (transfer full) (nullable): a new request, or %NULL with
 *   [error@SessionError.INVALID_PARAMS] naming the parameter at fault, or
 *   with the [error@SchemaError] that refused `requestedSchema`
 *
 * Since: 1.0
 */
ElicitRequest *
elicit_request_new (JsonObject  *params,
                    GError     **error)
{
  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return elicit_request_new_for_revision (params, TRUE, error);
}

/**
 * elicit_request_new_from_data:
 * @data: the JSON text of `elicitation/create` parameters
 * @length: the length of @data in bytes, or -1 if it is nul-terminated
 * @error: return location for an error
 *
 * Makes a request from the JSON text of `elicitation/create` parameters,
 * as [ctor@Request.new] does from a parsed object. The text is read as
 * strictly as Elicit reads everything a server sends ([func@json_parse]).
 *
 * Returns: (transfer full) (nullable): a new request, or %NULL with a
 *   [error@JsonError] for text that is not JSON,
 *   [error@SessionError.INVALID_PARAMS] for JSON that is not an object or
 *   whose parameters are wrong, or the [error@SchemaError] that refused
 *   `requestedSchema`
 *
 * Since: 1.0
 */
ElicitRequest *
elicit_request_new_from_data (const char  *data,
                              gssize       length,
                              GError     **error)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  elicit_ensure_i18n ();

  node = elicit_json_parse (data, length, 0, error);
  if (node == NULL)
    return NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_PARAMS,
                   _("The parameters of a request must be a JSON object"));
      return NULL;
    }

  return elicit_request_new (json_node_get_object (node), error);
}

static gint n_parsed;

ElicitRequest *
elicit_request_new_for_revision (JsonObject  *params,
                                 gboolean     legacy,
                                 GError     **error)
{
  g_autoptr(ElicitRequest) self = NULL;
  const char *message;
  gboolean ok;

  elicit_ensure_i18n ();

  self = g_object_new (ELICIT_TYPE_REQUEST, NULL);
  g_atomic_int_inc (&n_parsed);

  if (!parse_mode (params, &self->mode, error) ||
      !get_string_member (params, "message", &message, error))
    return NULL;

  self->message = g_strdup (message);

  if (self->mode == ELICIT_REQUEST_MODE_FORM)
    ok = parse_form (self, params, error);
  else
    ok = parse_url (self, params, legacy, error);

  if (ok)
    self->params = json_object_ref (params);

  return ok ? g_steal_pointer (&self) : NULL;
}

/**
 * elicit_request_get_params:
 * @self: a request
 *
 * Gets the `params` of the `elicitation/create` request this request was
 * made from, as the server sent them: what to pass on to another prompter
 * (Elicit's D-Bus prompter takes them as they are).
 *
 * Returns: (transfer none): the params; do not modify them
 *
 * Since: 1.0
 */
JsonObject *
elicit_request_get_params (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->params;
}

/**
 * elicit_request_dup_session:
 * @self: a request
 *
 * Gets the session the request came from, if it is still alive.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL
 *
 * Since: 1.0
 */
ElicitSession *
elicit_request_dup_session (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return g_weak_ref_get (&self->session);
}

/**
 * elicit_request_get_mode:
 * @self: a request
 *
 * Gets whether the server asks for a form or for a visit to a URL.
 *
 * Returns: the mode
 *
 * Since: 1.0
 */
ElicitRequestMode
elicit_request_get_mode (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), ELICIT_REQUEST_MODE_FORM);

  return self->mode;
}

/**
 * elicit_request_get_state:
 * @self: a request
 *
 * Gets where the request is in its life.
 *
 * Returns: the state
 *
 * Since: 1.0
 */
ElicitRequestState
elicit_request_get_state (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), ELICIT_REQUEST_STATE_PENDING);

  return self->state;
}

/**
 * elicit_request_get_message:
 * @self: a request
 *
 * Gets the server's message: untrusted plain text, never markup.
 *
 * Returns: the message
 *
 * Since: 1.0
 */
const char *
elicit_request_get_message (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->message;
}

/**
 * elicit_request_get_schema:
 * @self: a request
 *
 * Gets the fields a form-mode request asks for.
 *
 * Returns: (transfer none) (nullable): the schema, or %NULL in URL mode
 *
 * Since: 1.0
 */
ElicitSchema *
elicit_request_get_schema (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->schema;
}

/**
 * elicit_request_get_url:
 * @self: a request
 *
 * Gets the URL a URL-mode request asks the user to visit. Show it in full
 * and open it only with the user's consent.
 *
 * Returns: (nullable): the URL, or %NULL in form mode
 *
 * Since: 1.0
 */
const char *
elicit_request_get_url (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->url;
}

/**
 * elicit_request_get_elicitation_id:
 * @self: a request
 *
 * Gets the server's id for a URL-mode elicitation.
 *
 * Returns: (nullable): the id, or %NULL in form mode
 *
 * Since: 1.0
 */
const char *
elicit_request_get_elicitation_id (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->elicitation_id;
}

/**
 * elicit_request_get_withdrawn_reason:
 * @self: a request
 *
 * Gets why the request was withdrawn.
 *
 * Returns: (nullable): the reason, or %NULL unless the state is
 *   [enum@RequestState.WITHDRAWN]
 *
 * Since: 1.0
 */
const char *
elicit_request_get_withdrawn_reason (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->withdrawn_reason;
}

/**
 * elicit_request_accept:
 * @self: a pending request
 * @content: (nullable): form mode: the user's answer, which must satisfy the
 *   schema; %NULL is an empty answer. URL mode: must be %NULL
 * @error: return location for an error
 *
 * Sends `accept`: with @content in form mode, alone in URL mode (the user
 * consented to visit the URL).
 *
 * Form content is checked against the schema first; content that does not
 * satisfy it is refused with [error@SchemaError.INVALID_CONTENT] and the
 * field errors, nothing is sent and the request stays pending. A request the
 * server withdrew meanwhile is not answered ([error@SessionError.CLOSED]).
 * Answering twice is a programming error.
 *
 * Returns: %TRUE if the answer was sent
 *
 * Since: 1.0
 */
gboolean
elicit_request_accept (ElicitRequest  *self,
                       JsonObject     *content,
                       GError        **error)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(JsonObject) empty = NULL;

  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);
  g_return_val_if_fail (content == NULL || self->mode == ELICIT_REQUEST_MODE_FORM, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state == ELICIT_REQUEST_STATE_WITHDRAWN)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_CLOSED,
                   _("The server withdrew the request: %s"),
                   self->withdrawn_reason ? self->withdrawn_reason : "");
      return FALSE;
    }

  if (!check_can_answer (self, "accept"))
    return FALSE;

  result = result_new ("accept");

  if (self->mode == ELICIT_REQUEST_MODE_FORM)
    {
      if (content == NULL)
        content = empty = json_object_new ();

      if (!elicit_schema_check_content (self->schema, content, error))
        return FALSE;

      json_object_set_object_member (result, "content", json_object_ref (content));
      self->content = json_object_ref (content);
    }

  g_object_ref (self);
  respond (self, ELICIT_REQUEST_STATE_ACCEPTED, result);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_unref (self);

  return TRUE;
}

/**
 * elicit_request_get_content:
 * @self: a request
 *
 * Gets what the user answered a form-mode request with, once it was
 * accepted: the `content` the server was sent. Embedders that create
 * requests with [ctor@Request.new] read the answer here.
 *
 * Returns: (transfer none) (nullable): the content, or %NULL if the request
 *   was not accepted or is in URL mode
 *
 * Since: 1.0
 */
JsonObject *
elicit_request_get_content (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->content;
}

static const char *
result_action (ElicitRequest *self)
{
  switch (self->state)
    {
    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_COMPLETED:
      return "accept";

    case ELICIT_REQUEST_STATE_DECLINED:
      return "decline";

    case ELICIT_REQUEST_STATE_CANCELLED:
      /* A refused request was answered with an error, not a result. */
      return self->refused ? NULL : "cancel";

    case ELICIT_REQUEST_STATE_PENDING:
    case ELICIT_REQUEST_STATE_WITHDRAWN:
    default:
      return NULL;
    }
}

/**
 * elicit_request_dup_result_json:
 * @self: a request
 *
 * Gets the answer to the request as the JSON text of an
 * `elicitation/create` result, as a server is sent it:
 * `{"action":"accept","content":{…}}` (form mode; URL mode has no
 * `content`), `{"action":"decline"}` or `{"action":"cancel"}`. An embedder
 * that shows a request another MCP client received hands this back to it.
 *
 * Returns: (transfer full) (nullable): compact JSON, or %NULL while the
 *   request is pending, or when it was withdrawn or refused unanswered
 *
 * Since: 1.0
 */
char *
elicit_request_dup_result_json (ElicitRequest *self)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonObject) result = NULL;
  const char *action;

  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  action = result_action (self);
  if (action == NULL)
    return NULL;

  result = result_new (action);
  if (self->content != NULL)
    json_object_set_object_member (result, "content", json_object_ref (self->content));
  node = json_node_init_object (json_node_alloc (), result);

  return elicit_json_to_string (node, NULL);
}

static void
answer (ElicitRequest      *self,
        ElicitRequestState  state,
        const char         *action)
{
  g_autoptr(JsonObject) result = NULL;

  if (!check_can_answer (self, action))
    return;

  result = result_new (action);

  g_object_ref (self);
  respond (self, state, result);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_unref (self);
}

/**
 * elicit_request_decline:
 * @self: a pending request
 *
 * Sends `decline`: the user explicitly refused. Answering twice is a
 * programming error; a request the server withdrew is left alone.
 *
 * Since: 1.0
 */
void
elicit_request_decline (ElicitRequest *self)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  answer (self, ELICIT_REQUEST_STATE_DECLINED, "decline");
}

/**
 * elicit_request_cancel:
 * @self: a pending request
 *
 * Sends `cancel`: the user dismissed the request without choosing (closed
 * the dialog, pressed Escape). Answering twice is a programming error; a
 * request the server withdrew is left alone.
 *
 * Since: 1.0
 */
void
elicit_request_cancel (ElicitRequest *self)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  answer (self, ELICIT_REQUEST_STATE_CANCELLED, "cancel");
}

void
elicit_request_set_responder (ElicitRequest          *self,
                              ElicitRequestResponder  responder,
                              gpointer                user_data,
                              GDestroyNotify          destroy)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));
  g_return_if_fail (self->responder == NULL && self->responder_destroy == NULL);

  self->responder = responder;
  self->responder_data = user_data;
  self->responder_destroy = destroy;
}

void
elicit_request_set_session (ElicitRequest *self,
                            ElicitSession *session)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  g_weak_ref_set (&self->session, session);
}

gboolean
elicit_request_is_open (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);

  return self->state == ELICIT_REQUEST_STATE_PENDING ||
         (self->state == ELICIT_REQUEST_STATE_ACCEPTED && self->mode == ELICIT_REQUEST_MODE_URL);
}

gboolean
elicit_request_withdraw (ElicitRequest *self,
                         const char    *reason)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);
  g_return_val_if_fail (reason != NULL, FALSE);

  if (!elicit_request_is_open (self))
    return FALSE;

  g_object_ref (self);

  self->state = ELICIT_REQUEST_STATE_WITHDRAWN;
  self->responder = NULL;
  g_free (self->withdrawn_reason);
  self->withdrawn_reason = elicit_text_sanitize_line (reason, 1000);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WITHDRAWN_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, signals[WITHDRAWN], 0, self->withdrawn_reason);

  g_object_unref (self);

  return TRUE;
}

/**
 * elicit_request_complete:
 * @self: an accepted URL request
 *
 * Marks an accepted URL request done. The server's
 * `notifications/elicitation/complete` does this; so does a person who says
 * they finished in the browser (closing the dialog that waits, or its "I've
 * Finished"): call this then, and whoever waits on the request, such as a
 * tool call that goes again once its -32042 steps are done, goes on. It
 * becomes [enum@RequestState.COMPLETED] and [signal@Request::completed] is
 * emitted; nothing is sent.
 *
 * Returns: %TRUE if the request was an accepted URL request, now complete
 *
 * Since: 1.0
 */
gboolean
elicit_request_complete (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);

  if (self->mode != ELICIT_REQUEST_MODE_URL || self->state != ELICIT_REQUEST_STATE_ACCEPTED)
    return FALSE;

  g_object_ref (self);

  self->state = ELICIT_REQUEST_STATE_COMPLETED;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_signal_emit (self, signals[COMPLETED], 0);

  g_object_unref (self);

  return TRUE;
}

void
elicit_request_refuse (ElicitRequest *self)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  if (!check_can_answer (self, "refuse"))
    return;

  self->refused = TRUE;

  g_object_ref (self);
  respond (self, ELICIT_REQUEST_STATE_CANCELLED, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_unref (self);
}

gboolean
elicit_request_get_refused (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);

  return self->refused;
}

void
elicit_request_set_admitted (ElicitRequest *self)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  self->admitted = TRUE;
}

gboolean
elicit_request_get_admitted (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), FALSE);

  return self->admitted;
}

void
elicit_request_set_refusal (ElicitRequest *self,
                            const char    *refusal)
{
  g_return_if_fail (ELICIT_IS_REQUEST (self));

  g_free (self->refusal);
  self->refusal = g_strdup (refusal);
}

const char *
elicit_request_get_refusal (ElicitRequest *self)
{
  g_return_val_if_fail (ELICIT_IS_REQUEST (self), NULL);

  return self->refusal;
}

ElicitRequest *
elicit_request_new_unread (ElicitSession *session)
{
  ElicitRequest *self = g_object_new (ELICIT_TYPE_REQUEST, NULL);

  self->message = g_strdup ("");
  self->params = json_object_new ();
  if (session != NULL)
    elicit_request_set_session (self, session);

  return self;
}

guint
elicit_request_get_n_parsed (void)
{
  return (guint) g_atomic_int_get (&n_parsed);
}

gboolean
elicit_request_reply_refused (ElicitPeer *peer,
                              JsonNode   *id)
{
  return elicit_peer_reply_error (peer, id, ELICIT_REQUEST_REFUSED_CODE,
                                  ELICIT_REQUEST_REFUSED_MESSAGE);
}
