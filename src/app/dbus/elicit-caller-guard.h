/* elicit-caller-guard.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The platform data key under which a remote command line carries the bus
 * name that sent it, set by the guard (never by the caller). */
#define ELICIT_CALLER_GUARD_SENDER_KEY "elicit-caller"

#define ELICIT_TYPE_CALLER_GUARD (elicit_caller_guard_get_type ())

G_DECLARE_FINAL_TYPE (ElicitCallerGuard, elicit_caller_guard, ELICIT, CALLER_GUARD, GObject)

ElicitCallerGuard *elicit_caller_guard_new          (GApplication         *application,
                                                     GDBusConnection      *connection,
                                                     const char           *object_path);
void               elicit_caller_guard_stop         (ElicitCallerGuard    *self);
void               elicit_caller_guard_check_async  (ElicitCallerGuard    *self,
                                                     const char           *sender,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
gboolean           elicit_caller_guard_check_finish (ElicitCallerGuard    *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);

G_END_DECLS
