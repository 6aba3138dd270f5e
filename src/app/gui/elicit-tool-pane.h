/* elicit-tool-pane.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit-server.h"
#include "elicit-server-tool.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_TOOL_PANE (elicit_tool_pane_get_type ())

G_DECLARE_FINAL_TYPE (ElicitToolPane, elicit_tool_pane, ELICIT, TOOL_PANE, GtkWidget)

GtkWidget        *elicit_tool_pane_new         (void) G_GNUC_WARN_UNUSED_RESULT;
ElicitServer     *elicit_tool_pane_get_server  (ElicitToolPane   *self);
ElicitServerTool *elicit_tool_pane_get_tool    (ElicitToolPane   *self);
void              elicit_tool_pane_set_server  (ElicitToolPane   *self,
                                                ElicitServer     *server);
void              elicit_tool_pane_set_tool    (ElicitToolPane   *self,
                                                ElicitServerTool *tool);

G_END_DECLS
