/* elicit-width-bin.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_WIDTH_BIN (elicit_width_bin_get_type ())

G_DECLARE_FINAL_TYPE (ElicitWidthBin, elicit_width_bin, ELICIT, WIDTH_BIN, GtkWidget)

int  elicit_width_bin_get_natural_width (ElicitWidthBin *self);
void elicit_width_bin_set_natural_width (ElicitWidthBin *self,
                                         int             natural_width);

G_END_DECLS
