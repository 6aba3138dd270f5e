/* elicit-result-view.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_RESULT_VIEW (elicit_result_view_get_type ())

G_DECLARE_FINAL_TYPE (ElicitResultView, elicit_result_view, ELICIT, RESULT_VIEW, GtkWidget)

GtkWidget   *elicit_result_view_new         (void) G_GNUC_WARN_UNUSED_RESULT;
void         elicit_result_view_set_result  (ElicitResultView *self,
                                             JsonObject       *result);

G_END_DECLS
