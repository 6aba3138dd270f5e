/* elicit-renderer-choice.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Short-lived dialogs (`call`, `proxy`, the prompter's service mode, `lint
 * --render`) draw with cairo unless the user chose a renderer: call the
 * first before gtk_init(), the second right after it. */
gboolean  elicit_renderer_choice_prefer_cairo (void);
void      elicit_renderer_choice_forget       (gboolean chosen);
gboolean  elicit_renderer_choice_is_own_note  (GLogLevelFlags   log_level,
                                               const GLogField *fields,
                                               gsize            n_fields);
void      elicit_renderer_choice_quiet_notes  (void);

G_END_DECLS
