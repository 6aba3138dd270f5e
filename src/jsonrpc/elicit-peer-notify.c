/* elicit-peer-notify.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-peer-struct-private.h"

void
elicit_peer_notification_func_clear (gpointer data)
{
  NotificationFunc *f = data;

  g_free (f->method);
}

void
elicit_peer_call_notification_funcs (ElicitPeer     *self,
                         const char     *method,
                         ElicitIncoming *message)
{
  gsize len = strlen (method);

  /* The library's methods share "notifications/"; their lengths differ. */
  for (guint i = 0; i < self->notification_funcs->len; i++)
    {
      NotificationFunc *f = &g_array_index (self->notification_funcs, NotificationFunc, i);

      if (f->method_len == len && memcmp (f->method, method, len) == 0)
        f->func (self, method, message, f->user_data);
    }
}

/*
 * The detail ::notification is emitted with for @method, or 0 when no quark
 * names it. A handler connected with a detail interned its quark, so 0 also
 * says that no handler waits for this detail: the caller need not ask GLib.
 */
GQuark
elicit_peer_notification_detail (ElicitPeer *self,
                                 const char *method)
{
  /* The in-tree listeners' methods: their quark, once it exists, is kept. */
  for (guint i = 0; i < self->notification_funcs->len; i++)
    {
      NotificationFunc *f = &g_array_index (self->notification_funcs, NotificationFunc, i);

      if (g_str_equal (f->method, method))
        {
          if (f->detail == 0)
            f->detail = g_quark_try_string (method);
          return f->detail;
        }
    }

  return g_quark_try_string (method);
}

/*
 * Calls @func for every notification @method the other side sends, before
 * ::notification is emitted for it. @func reads the message through the
 * ElicitIncoming accessors, which build nothing they do not return, so the
 * library's own listeners (the session's log messages) cost no tree.
 */
void
elicit_peer_add_notification_func (ElicitPeer                 *self,
                                   const char                 *method,
                                   ElicitPeerNotificationFunc  func,
                                   gpointer                    user_data)
{
  /* Not interned here: a quark for @method exists only once a handler is
   * connected with it as its detail (or someone else made it). */
  NotificationFunc f = { g_strdup (method), strlen (method), g_quark_try_string (method), func,
                         user_data };

  g_return_if_fail (ELICIT_IS_PEER (self));
  g_return_if_fail (method != NULL && func != NULL);

  g_array_append_val (self->notification_funcs, f);
}

void
elicit_peer_remove_notification_funcs (ElicitPeer *self,
                                       gpointer    user_data)
{
  g_return_if_fail (ELICIT_IS_PEER (self));

  for (guint i = self->notification_funcs->len; i > 0; i--)
    if (g_array_index (self->notification_funcs, NotificationFunc, i - 1).user_data == user_data)
      g_array_remove_index (self->notification_funcs, i - 1);
}
