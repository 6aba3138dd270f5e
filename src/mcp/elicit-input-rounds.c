/* elicit-input-rounds.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-input-rounds.h"
#include "elicit-session-error.h"
#include "elicit-json.h"

/**
 * ElicitInputRounds:
 *
 * The multi-round-trip loop of 2026-07-28, for one request: a server that
 * needs input before it can finish a `tools/call` (or `prompts/get`,
 * `resources/read`) answers with an `InputRequiredResult`; the client asks
 * the user, then sends the request again under a new id with the answers
 * and the server's `requestState`, for as many rounds as the server needs.
 *
 * Whoever sends the request keeps sending it: [class@Session] through its
 * peer, a proxy under ids of its own. This object decides the rest, the
 * same way for both: it checks each `InputRequiredResult`, asks through an
 * [class@InputSource], and builds the parameters of the next attempt
 * ([method@InputRounds.answer_async]).
 *
 * The rules it applies:
 *
 * - `requestState` is echoed exactly as the server sent it, and only to the
 *   retry of the request it came with. The specification makes it a
 *   string: a result whose `requestState` is any other JSON value is
 *   malformed, and the loop stops with
 *   [error@SessionError.INVALID_RESPONSE] instead of sending it on;
 * - `inputRequests`, when present, is an object; a result with neither it
 *   nor `requestState` is malformed too;
 * - the retry carries `inputResponses` when the server asked for input (an
 *   entry Elicit refused without asking anyone is left out: a retry cannot
 *   carry an error, and a server re-asks for what is missing), and no
 *   `requestState` unless the server sent one;
 * - after [const@INPUT_ROUNDS_MAX] rounds the loop gives up.
 *
 * Since: 1.0
 */

struct _ElicitInputRounds
{
  GObject            parent_instance;

  ElicitInputSource *source;
  char              *method;
  JsonObject        *params;    /* the request as first sent */
  JsonObject        *attempt;   /* the parameters of the latest attempt */
  guint              n_rounds;
};

/* What one round keeps while the user answers. */
typedef struct
{
  JsonNode *request_state;
  gboolean  has_requests;
} Round;

G_DEFINE_FINAL_TYPE (ElicitInputRounds, elicit_input_rounds, G_TYPE_OBJECT)

static void
round_free (gpointer data)
{
  Round *round = data;

  g_clear_pointer (&round->request_state, json_node_unref);
  g_free (round);
}

static void
elicit_input_rounds_dispose (GObject *object)
{
  ElicitInputRounds *self = ELICIT_INPUT_ROUNDS (object);

  g_clear_object (&self->source);

  G_OBJECT_CLASS (elicit_input_rounds_parent_class)->dispose (object);
}

static void
elicit_input_rounds_finalize (GObject *object)
{
  ElicitInputRounds *self = ELICIT_INPUT_ROUNDS (object);

  g_free (self->method);
  g_clear_pointer (&self->params, json_object_unref);
  g_clear_pointer (&self->attempt, json_object_unref);

  G_OBJECT_CLASS (elicit_input_rounds_parent_class)->finalize (object);
}

static void
elicit_input_rounds_class_init (ElicitInputRoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_input_rounds_dispose;
  object_class->finalize = elicit_input_rounds_finalize;
}

static void
elicit_input_rounds_init (ElicitInputRounds *self)
{
}

/**
 * elicit_input_rounds_is_input_required:
 * @result: (nullable): the `result` of a response
 *
 * Tells whether a server's result is an `InputRequiredResult`: its
 * `resultType` is `input_required`.
 *
 * Returns: %TRUE if the server asks for input before it finishes
 *
 * Since: 1.0
 */
gboolean
elicit_input_rounds_is_input_required (JsonObject *result)
{
  return g_strcmp0 (elicit_json_object_get_string (result, "resultType"), "input_required") == 0;
}

/**
 * elicit_input_rounds_new:
 * @source: where the user is asked
 * @method: the request's method, such as `tools/call`
 * @params: the request's parameters, as first sent
 *
 * Starts the loop of one request. Each request has its own: a server's
 * `requestState` never goes to another.
 *
 * Returns: (transfer full): a new loop
 *
 * Since: 1.0
 */
ElicitInputRounds *
elicit_input_rounds_new (ElicitInputSource *source,
                         const char        *method,
                         JsonObject        *params)
{
  ElicitInputRounds *self;

  g_return_val_if_fail (ELICIT_IS_INPUT_SOURCE (source), NULL);
  g_return_val_if_fail (method != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_INPUT_ROUNDS, NULL);
  self->source = g_object_ref (source);
  self->method = g_strdup (method);
  self->params = elicit_json_object_deep_copy (params);
  self->attempt = json_object_ref (self->params);

  return self;
}

/**
 * elicit_input_rounds_get_method:
 * @self: a loop
 *
 * Gets the method of the request the loop retries.
 *
 * Returns: the method
 *
 * Since: 1.0
 */
const char *
elicit_input_rounds_get_method (ElicitInputRounds *self)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_ROUNDS (self), NULL);

  return self->method;
}

/**
 * elicit_input_rounds_get_n_rounds:
 * @self: a loop
 *
 * Gets how many times the server asked for input so far.
 *
 * Returns: the number of rounds started
 *
 * Since: 1.0
 */
guint
elicit_input_rounds_get_n_rounds (ElicitInputRounds *self)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_ROUNDS (self), 0);

  return self->n_rounds;
}

/**
 * elicit_input_rounds_get_params:
 * @self: a loop
 *
 * Gets the parameters of the latest attempt: those the request was created
 * with until a round ends, then those of the retry.
 *
 * Returns: (transfer none): the parameters; do not modify them
 *
 * Since: 1.0
 */
JsonObject *
elicit_input_rounds_get_params (ElicitInputRounds *self)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_ROUNDS (self), NULL);

  return self->attempt;
}

/* The round @result starts, or NULL with the reason it cannot. */
static Round *
start_round (ElicitInputRounds  *self,
             JsonObject         *result,
             GError            **error)
{
  JsonNode *requests = json_object_get_member (result, "inputRequests");
  JsonNode *state = json_object_get_member (result, "requestState");
  Round *round;

  if (++self->n_rounds > ELICIT_INPUT_ROUNDS_MAX)
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   _("The server asked for more input %u times without finishing “%s”"),
                   ELICIT_INPUT_ROUNDS_MAX, self->method);
      return NULL;
    }

  /* requestState is a string (schema.json): anything else is not echoed. */
  if ((requests != NULL && !JSON_NODE_HOLDS_OBJECT (requests)) ||
      (state != NULL && (!JSON_NODE_HOLDS_VALUE (state) ||
                         json_node_get_value_type (state) != G_TYPE_STRING)) ||
      (requests == NULL && state == NULL))
    {
      g_set_error (error, ELICIT_SESSION_ERROR, ELICIT_SESSION_ERROR_INVALID_RESPONSE,
                   _("The server asked for input for “%s” in a malformed result"), self->method);
      return NULL;
    }

  round = g_new0 (Round, 1);
  round->request_state = state != NULL ? json_node_copy (state) : NULL;
  round->has_requests = requests != NULL;

  return round;
}

static void
answered_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ElicitInputRounds *self = g_task_get_source_object (task);
  Round *round = g_task_get_task_data (task);
  g_autoptr(JsonObject) responses = NULL;
  JsonObject *params;
  GError *error = NULL;

  responses = elicit_input_source_answer_finish (ELICIT_INPUT_SOURCE (object), result, &error);
  if (responses == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  params = elicit_json_object_deep_copy (self->params);
  if (round->has_requests)
    json_object_set_object_member (params, "inputResponses", g_steal_pointer (&responses));
  if (round->request_state != NULL)
    json_object_set_member (params, "requestState", json_node_copy (round->request_state));

  g_clear_pointer (&self->attempt, json_object_unref);
  self->attempt = json_object_ref (params);
  g_task_return_pointer (task, params, (GDestroyNotify) json_object_unref);
}

/**
 * elicit_input_rounds_answer_async:
 * @self: a loop
 * @result: the server's `InputRequiredResult` for the latest attempt
 * @cancellable: (nullable): a cancellable; cancelling withdraws the round's requests
 * @callback: called with the parameters of the retry
 * @user_data: data for @callback
 *
 * Takes one round: checks @result, asks the user for every elicitation in
 * its `inputRequests` through the source's [signal@InputSource::request],
 * and gives the parameters to send the request again with, under a new id.
 *
 * Fails with [error@SessionError.INVALID_RESPONSE] for a malformed result
 * (a `requestState` that is not a string, `inputRequests` that is not an
 * object, neither of them) or after [const@INPUT_ROUNDS_MAX] rounds; and
 * as [method@InputSource.answer_async] fails. Nothing is to be sent then.
 *
 * Since: 1.0
 */
void
elicit_input_rounds_answer_async (ElicitInputRounds   *self,
                                  JsonObject          *result,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  Round *round;

  g_return_if_fail (ELICIT_IS_INPUT_ROUNDS (self));
  g_return_if_fail (result != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_input_rounds_answer_async);

  round = start_round (self, result, &error);
  if (round == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, round, round_free);

  elicit_input_source_answer_async (self->source,
                                    elicit_json_object_get_object (result, "inputRequests"),
                                    cancellable, answered_cb, g_steal_pointer (&task));
}

/**
 * elicit_input_rounds_answer_finish:
 * @self: a loop
 * @result: the result passed to the callback
 * @error: return location for an error
 *
 * Finishes [method@InputRounds.answer_async].
 *
 * Returns: (transfer full): the parameters of the retry: those the request
 *   was created with, its `inputResponses` and `requestState`; or %NULL
 *
 * Since: 1.0
 */
JsonObject *
elicit_input_rounds_answer_finish (ElicitInputRounds  *self,
                                   GAsyncResult       *result,
                                   GError            **error)
{
  g_return_val_if_fail (ELICIT_IS_INPUT_ROUNDS (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
