/* elicit-window.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "elicit-server.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_WINDOW (elicit_window_get_type ())

G_DECLARE_FINAL_TYPE (ElicitWindow, elicit_window, ELICIT, WINDOW, AdwApplicationWindow)

GtkWidget    *elicit_window_new              (GtkApplication *application) G_GNUC_WARN_UNUSED_RESULT;
void          elicit_window_save_state       (ElicitWindow   *self);
void          elicit_window_set_servers      (ElicitWindow   *self,
                                              GListModel     *servers);
void          elicit_window_set_subtitle     (ElicitWindow   *self,
                                              const char     *subtitle);
void          elicit_window_set_empty_text   (ElicitWindow   *self,
                                              const char     *title,
                                              const char     *body);
void          elicit_window_set_file_actions_visible (ElicitWindow *self,
                                                      gboolean      visible);
void          elicit_window_show_notice      (ElicitWindow   *self,
                                              const char     *text,
                                              gboolean        warning);
void          elicit_window_dismiss_notice   (ElicitWindow   *self);
void          elicit_window_show_keyring_problem (ElicitWindow *self,
                                                  const char   *message,
                                                  gboolean      can_retry);
void          elicit_window_hide_keyring_problem (ElicitWindow *self);
void          elicit_window_add_sidebar_section (ElicitWindow *self,
                                                 GtkWidget    *section);
void          elicit_window_show_server      (ElicitWindow   *self,
                                              ElicitServer   *server,
                                              const char     *section);

G_END_DECLS
