/* elicit-application.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

#include "elicit-prompt-queue.h"

#include "elicit-config.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_APPLICATION (elicit_application_get_type ())

G_DECLARE_FINAL_TYPE (ElicitApplication, elicit_application, ELICIT, APPLICATION, AdwApplication)

ElicitApplication *elicit_application_new           (void) G_GNUC_WARN_UNUSED_RESULT;
GSettings         *elicit_application_get_settings  (ElicitApplication *self);
ElicitPromptQueue *elicit_application_get_queue     (ElicitApplication *self);
ElicitConfig      *elicit_application_get_config    (ElicitApplication *self);
GFile             *elicit_application_dup_config_file (ElicitApplication *self) G_GNUC_WARN_UNUSED_RESULT;
GListModel        *elicit_application_get_servers   (ElicitApplication *self);
int                elicit_application_main          (int                argc,
                                                     char             **argv);

G_END_DECLS
