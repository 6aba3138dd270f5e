/* elicit-server-page.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "elicit-server.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_SERVER_PAGE (elicit_server_page_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServerPage, elicit_server_page, ELICIT, SERVER_PAGE, GtkWidget)

GtkWidget    *elicit_server_page_new          (ElicitServer     *server) G_GNUC_WARN_UNUSED_RESULT;
ElicitServer *elicit_server_page_get_server   (ElicitServerPage *self);
void          elicit_server_page_set_settings (ElicitServerPage *self,
                                               GSettings        *settings);
GListModel   *elicit_server_page_get_prompts  (ElicitServerPage *self);
void          elicit_server_page_show_section (ElicitServerPage *self,
                                               const char       *name);
void          elicit_server_page_add_header_action (ElicitServerPage *self,
                                                    GtkWidget        *widget);

G_END_DECLS
