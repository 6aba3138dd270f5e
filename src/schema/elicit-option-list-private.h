/* elicit-option-list-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_OPTION_LIST (elicit_option_list_get_type ())

G_DECLARE_FINAL_TYPE (ElicitOptionList, elicit_option_list, ELICIT, OPTION_LIST, GObject)

ElicitOptionList *elicit_option_list_new       (void);
gboolean          elicit_option_list_append    (ElicitOptionList *self,
                                                const char       *value,
                                                const char       *raw_title);
guint             elicit_option_list_get_size  (ElicitOptionList *self);
gboolean          elicit_option_list_find      (ElicitOptionList *self,
                                                const char       *value,
                                                guint            *position);

G_END_DECLS
