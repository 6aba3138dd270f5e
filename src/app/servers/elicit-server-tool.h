/* elicit-server-tool.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_SERVER_TOOL (elicit_server_tool_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServerTool, elicit_server_tool, ELICIT, SERVER_TOOL, GObject)

ElicitServerTool *elicit_server_tool_new_from_json     (JsonObject       *tool) G_GNUC_WARN_UNUSED_RESULT;
const char       *elicit_server_tool_get_name          (ElicitServerTool *self);
const char       *elicit_server_tool_get_title         (ElicitServerTool *self);
const char       *elicit_server_tool_get_description   (ElicitServerTool *self);
JsonObject       *elicit_server_tool_get_input_schema  (ElicitServerTool *self);

G_END_DECLS
