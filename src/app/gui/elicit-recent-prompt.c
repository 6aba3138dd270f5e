/* elicit-recent-prompt.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-recent-prompt.h"

/*
 * ElicitRecentPrompt: one line of the app's "Recent Prompts": when a prompt
 * was answered, the server that asked, the client it came through (a D-Bus
 * caller's claim, or none for the app's own servers) and what became of it.
 * Never the content: it is the user's data, and some of it may be secret —
 * except the Yes or No that answered a question, which is what the person
 * remembers doing ("Answered No"). Kept in memory only.
 */

struct _ElicitRecentPrompt
{
  GObject             parent_instance;

  GDateTime          *time;
  char               *server;
  char               *client;
  ElicitRequestState  state;
  /* A question's answer: -1 none, 0 No, 1 Yes. */
  int                 answer;
};

G_DEFINE_FINAL_TYPE (ElicitRecentPrompt, elicit_recent_prompt, G_TYPE_OBJECT)

static void
elicit_recent_prompt_finalize (GObject *object)
{
  ElicitRecentPrompt *self = ELICIT_RECENT_PROMPT (object);

  g_date_time_unref (self->time);
  g_free (self->server);
  g_free (self->client);

  G_OBJECT_CLASS (elicit_recent_prompt_parent_class)->finalize (object);
}

static void
elicit_recent_prompt_class_init (ElicitRecentPromptClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = elicit_recent_prompt_finalize;
}

static void
elicit_recent_prompt_init (ElicitRecentPrompt *self)
{
  self->answer = -1;
}

ElicitRecentPrompt *
elicit_recent_prompt_new (GDateTime          *time,
                          const char         *server,
                          const char         *client,
                          ElicitRequestState  state)
{
  ElicitRecentPrompt *self;

  g_return_val_if_fail (time != NULL, NULL);
  g_return_val_if_fail (server != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_RECENT_PROMPT, NULL);
  self->time = g_date_time_ref (time);
  self->server = elicit_text_sanitize_line (server, ELICIT_TEXT_LINE_MAX);
  self->client = client != NULL ? elicit_text_sanitize_line (client, ELICIT_TEXT_LINE_MAX) : NULL;
  self->state = state;

  return self;
}

GDateTime *
elicit_recent_prompt_get_time (ElicitRecentPrompt *self)
{
  g_return_val_if_fail (ELICIT_IS_RECENT_PROMPT (self), NULL);

  return self->time;
}

const char *
elicit_recent_prompt_get_server (ElicitRecentPrompt *self)
{
  g_return_val_if_fail (ELICIT_IS_RECENT_PROMPT (self), NULL);

  return self->server;
}

/* NULL for the app's own servers. */
const char *
elicit_recent_prompt_get_client (ElicitRecentPrompt *self)
{
  g_return_val_if_fail (ELICIT_IS_RECENT_PROMPT (self), NULL);

  return self->client;
}

ElicitRequestState
elicit_recent_prompt_get_state (ElicitRecentPrompt *self)
{
  g_return_val_if_fail (ELICIT_IS_RECENT_PROMPT (self), ELICIT_REQUEST_STATE_PENDING);

  return self->state;
}

/* A question answered with Yes or No (elicit_schema_get_question()) is
 * remembered as that answer, not as "Sent". */
void
elicit_recent_prompt_note_answer (ElicitRecentPrompt *self,
                                  ElicitRequest      *request)
{
  ElicitSchema *schema;
  ElicitField *question;
  JsonObject *content;
  JsonNode *value;

  g_return_if_fail (ELICIT_IS_RECENT_PROMPT (self));
  g_return_if_fail (ELICIT_IS_REQUEST (request));

  schema = elicit_request_get_schema (request);
  content = elicit_request_get_content (request);
  question = schema != NULL ? elicit_schema_get_question (schema) : NULL;
  if (question == NULL || content == NULL)
    return;

  value = json_object_get_member (content, elicit_field_get_name (question));
  if (value != NULL && JSON_NODE_HOLDS_VALUE (value) &&
      json_node_get_value_type (value) == G_TYPE_BOOLEAN)
    self->answer = json_node_get_boolean (value) ? 1 : 0;
}

/* "14:02 · Sent" */
char *
elicit_recent_prompt_describe_state (ElicitRecentPrompt *self)
{
  g_autofree char *time = NULL;
  const char *action;

  g_return_val_if_fail (ELICIT_IS_RECENT_PROMPT (self), NULL);

  switch (self->state)
    {
    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_COMPLETED:
      if (self->answer == 1)
        action = C_("recent prompt", "Answered Yes");
      else if (self->answer == 0)
        action = C_("recent prompt", "Answered No");
      else
        action = C_("recent prompt", "Sent");
      break;

    case ELICIT_REQUEST_STATE_DECLINED:
      action = C_("recent prompt", "Declined");
      break;

    case ELICIT_REQUEST_STATE_WITHDRAWN:
      action = C_("recent prompt", "Withdrawn");
      break;

    case ELICIT_REQUEST_STATE_CANCELLED:
    case ELICIT_REQUEST_STATE_PENDING:
    default:
      action = C_("recent prompt", "Cancelled");
      break;
    }

  time = g_date_time_format (self->time, "%X");

  /* Translators: a line of the recent prompts: when it was answered, then how
   * ("14:02:07 · Sent") */
  return g_strdup_printf (C_("recent prompt", "%s · %s"), time, action);
}
