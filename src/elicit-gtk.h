/* elicit-gtk.h: the umbrella header of elicit-gtk-1.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "elicit.h"

#define _ELICIT_GTK_INSIDE

#include "elicit-gtk-enums.h"
#include "elicit-editor-kind.h"
#include "elicit-form.h"
#include "elicit-dialog.h"
#include "elicit-render.h"
#include "elicit-sign-in-dialog.h"

#undef _ELICIT_GTK_INSIDE
