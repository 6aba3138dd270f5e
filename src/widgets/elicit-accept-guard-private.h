/* elicit-accept-guard-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef void (*ElicitAcceptGuardFunc) (gpointer user_data);

/*
 * What keeps a dialog's affirmative button (Accept, Sign In) deaf for a
 * moment whenever the dialog appears or comes to the front: a click or a
 * Return meant for the window that was there must not answer what the user
 * has not read. Embedded in the dialog's struct; @changed runs whenever
 * `armed` changes, for the dialog to update its actions.
 */
typedef struct
{
  ElicitAcceptGuardFunc  changed;
  gpointer               user_data;
  guint                  delay;
  guint                  source;
  gboolean               armed;
} ElicitAcceptGuard;

void     elicit_accept_guard_init      (ElicitAcceptGuard     *guard,
                                        guint                  delay,
                                        ElicitAcceptGuardFunc  changed,
                                        gpointer               user_data);
void     elicit_accept_guard_clear     (ElicitAcceptGuard     *guard);
void     elicit_accept_guard_disarm    (ElicitAcceptGuard     *guard);
void     elicit_accept_guard_restart   (ElicitAcceptGuard     *guard);
gboolean elicit_accept_guard_set_delay (ElicitAcceptGuard     *guard,
                                        guint                  delay,
                                        gboolean               shown);

G_END_DECLS
