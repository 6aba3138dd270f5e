/* elicit-peer-struct-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-peer-private.h"

G_BEGIN_DECLS

/* The peer's instance, shared by elicit-peer.c (calls, requests, signals),
 * elicit-peer-notify.c (the in-tree notification listeners) and
 * elicit-peer-clock.c (the default clock). */
struct _ElicitPeer
{
  GObject                parent_instance;

  ElicitTransport       *transport;
  GError                *close_error;
  guint                  timeout;
  gint64                 next_id;

  /* gint64 id → Call */
  GHashTable            *calls;
  /* JsonNode id → the same node: the other side's requests we owe an answer */
  GHashTable            *requests;

  const ElicitPeerClock *clock;
  gpointer               clock_data;

  /* NotificationFunc: in-tree listeners that read notifications lazily */
  GArray                *notification_funcs;

  guint                  started : 1;
  guint                  has_sink : 1;
};

typedef struct
{
  char                       *method;
  gsize                       method_len;
  GQuark                      detail;
  ElicitPeerNotificationFunc  func;
  gpointer                    user_data;
} NotificationFunc;

void   elicit_peer_notification_func_clear (gpointer        data);
void   elicit_peer_call_notification_funcs (ElicitPeer     *self,
                                            const char     *method,
                                            ElicitIncoming *message);
GQuark elicit_peer_notification_detail     (ElicitPeer     *self,
                                            const char     *method);

extern const ElicitPeerClock elicit_peer_main_context_clock;

G_END_DECLS
