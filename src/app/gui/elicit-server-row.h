/* elicit-server-row.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit-server.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_SERVER_ROW (elicit_server_row_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServerRow, elicit_server_row, ELICIT, SERVER_ROW, GtkListBoxRow)

GtkWidget    *elicit_server_row_new            (ElicitServer    *server) G_GNUC_WARN_UNUSED_RESULT;
ElicitServer *elicit_server_row_get_server     (ElicitServerRow *self);
void          elicit_server_row_set_n_prompts  (ElicitServerRow *self,
                                                guint            n_prompts);

G_END_DECLS
