/* elicit-config-import.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

JsonObject *elicit_config_import_map          (const char           *name,
                                               JsonNode             *node,
                                               char                **problem) G_GNUC_WARN_UNUSED_RESULT;
GListModel *elicit_config_import_scan         (const char           *home_dir,
                                               const char           *config_dir,
                                               GCancellable         *cancellable) G_GNUC_WARN_UNUSED_RESULT;
void        elicit_config_import_scan_async   (GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
GListModel *elicit_config_import_scan_finish  (GAsyncResult         *result,
                                               GError              **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
