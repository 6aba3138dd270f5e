/* elicit-form.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_GTK_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit-gtk.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "elicit-gtk-version-macros.h"
#include "elicit-schema.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_FORM (elicit_form_get_type ())

ELICIT_GTK_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitForm, elicit_form, ELICIT, FORM, GtkWidget)

ELICIT_GTK_AVAILABLE_IN_1_0
GtkWidget    *elicit_form_new               (ElicitSchema *schema) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
ElicitSchema *elicit_form_get_schema        (ElicitForm   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void          elicit_form_set_schema        (ElicitForm   *self,
                                             ElicitSchema *schema);
ELICIT_GTK_AVAILABLE_IN_1_0
gboolean      elicit_form_get_valid         (ElicitForm   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
JsonObject   *elicit_form_get_content       (ElicitForm   *self) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
char         *elicit_form_dup_content_json  (ElicitForm   *self) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
GHashTable   *elicit_form_get_errors        (ElicitForm   *self) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_GTK_AVAILABLE_IN_1_0
GtkWidget    *elicit_form_get_field_widget  (ElicitForm   *self,
                                             const char   *name);
ELICIT_GTK_AVAILABLE_IN_1_0
void          elicit_form_show_all_errors   (ElicitForm   *self);
ELICIT_GTK_AVAILABLE_IN_1_0
void          elicit_form_focus_field       (ElicitForm   *self,
                                             const char   *name);

G_END_DECLS
