/* elicit-accept-guard.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-accept-guard-private.h"

void
elicit_accept_guard_init (ElicitAcceptGuard     *guard,
                          guint                  delay,
                          ElicitAcceptGuardFunc  changed,
                          gpointer               user_data)
{
  g_assert (changed != NULL);

  guard->changed = changed;
  guard->user_data = user_data;
  guard->delay = delay;
  guard->source = 0;
  guard->armed = FALSE;
}

/* Before the dialog goes: no timeout may reach it after. */
void
elicit_accept_guard_clear (ElicitAcceptGuard *guard)
{
  g_clear_handle_id (&guard->source, g_source_remove);
}

static gboolean
arm_cb (gpointer user_data)
{
  ElicitAcceptGuard *guard = user_data;

  guard->source = 0;
  guard->armed = TRUE;
  guard->changed (guard->user_data);

  return G_SOURCE_REMOVE;
}

/* Deaf until restarted: the dialog is hidden. */
void
elicit_accept_guard_disarm (ElicitAcceptGuard *guard)
{
  g_clear_handle_id (&guard->source, g_source_remove);
  guard->armed = FALSE;
  guard->changed (guard->user_data);
}

/* Deaf for the delay from now: the dialog appeared or came to the front. */
void
elicit_accept_guard_restart (ElicitAcceptGuard *guard)
{
  g_clear_handle_id (&guard->source, g_source_remove);
  guard->armed = guard->delay == 0;
  if (!guard->armed)
    guard->source = g_timeout_add (guard->delay, arm_cb, guard);
  guard->changed (guard->user_data);
}

/* Returns whether the delay changed. A dialog @shown and still waiting
 * waits the new delay, from now. */
gboolean
elicit_accept_guard_set_delay (ElicitAcceptGuard *guard,
                               guint              delay,
                               gboolean           shown)
{
  if (guard->delay == delay)
    return FALSE;

  guard->delay = delay;
  if (shown && !guard->armed)
    elicit_accept_guard_restart (guard);

  return TRUE;
}
