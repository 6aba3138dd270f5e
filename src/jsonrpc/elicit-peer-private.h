/* elicit-peer-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-incoming-private.h"
#include "elicit-jsonrpc-private.h"
#include "elicit-peer.h"

G_BEGIN_DECLS

/* Where the peer's call timeouts come from. The default is the thread-default
 * main context's clock; tests put in a clock they advance by hand, so no test
 * races the wall clock. @add returns a handle that @remove takes; @remove may
 * be called from inside the timer's own @func. A timer fires once. */
typedef struct
{
  gpointer (*add)    (guint        msec,
                      GSourceFunc  func,
                      gpointer     func_data,
                      gpointer     clock_data);
  void     (*remove) (gpointer     timer,
                      gpointer     clock_data);
} ElicitPeerClock;

/* elicit_peer_call_async() with a timeout of its own (0: none). */
gint64 elicit_peer_call_with_timeout_async (ElicitPeer          *self,
                                            const char          *method,
                                            JsonObject          *params,
                                            ElicitPeerCallFlags  flags,
                                            guint                timeout,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);

/* An in-tree listener of one notification method: see elicit-peer.c. */
typedef void (*ElicitPeerNotificationFunc) (ElicitPeer     *self,
                                            const char     *method,
                                            ElicitIncoming *message,
                                            gpointer        user_data);

void elicit_peer_add_notification_func     (ElicitPeer                 *self,
                                            const char                 *method,
                                            ElicitPeerNotificationFunc  func,
                                            gpointer                    user_data);
void elicit_peer_remove_notification_funcs (ElicitPeer                 *self,
                                            gpointer                    user_data);

void elicit_peer_set_clock (ElicitPeer            *self,
                            const ElicitPeerClock *clock,
                            gpointer               clock_data);

G_END_DECLS
