/* elicit-settings.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The application's former ID, whose settings are migrated once. */
#define ELICIT_SETTINGS_FORMER_PATH "/org/gnome/Elicit/"

GSettings *elicit_settings_new     (void) G_GNUC_WARN_UNUSED_RESULT;
void       elicit_settings_migrate (GSettings   *settings,
                                    const char  *former_path);

G_END_DECLS
