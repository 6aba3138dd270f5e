/* elicit-config-monitor.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_CONFIG_MONITOR (elicit_config_monitor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitConfigMonitor, elicit_config_monitor, ELICIT, CONFIG_MONITOR, GObject)

ElicitConfigMonitor *elicit_config_monitor_new      (GFile               *file) G_GNUC_WARN_UNUSED_RESULT;
GFile               *elicit_config_monitor_get_file (ElicitConfigMonitor *self);

G_END_DECLS
