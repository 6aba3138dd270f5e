/* elicit-server-editor.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "elicit-server-config.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_SERVER_EDITOR (elicit_server_editor_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServerEditor, elicit_server_editor, ELICIT, SERVER_EDITOR, AdwWindow)

GtkWidget   *elicit_server_editor_new   (GtkWindow          *parent,
                                         GFile              *file,
                                         ElicitServerConfig *server) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
