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
 * Never the content: it is the user's data, and some of it may be secret.
 * Kept in memory only.
 */

struct _ElicitRecentPrompt
{
  GObject             parent_instance;

  GDateTime          *time;
  char               *server;
  char               *client;
  ElicitRequestState  state;
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

/* "14:02 · Accepted" */
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
      action = C_("recent prompt", "Accepted");
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
   * ("14:02:07 · Accepted") */
  return g_strdup_printf (C_("recent prompt", "%s · %s"), time, action);
}
