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

#include "widgets/elicit-gtk-enums.h"
#include "widgets/elicit-editor-kind.h"
#include "widgets/elicit-form.h"
#include "widgets/elicit-dialog.h"
#include "widgets/elicit-presenter.h"
#include "widgets/elicit-render.h"
#include "widgets/elicit-sign-in-dialog.h"

#undef _ELICIT_GTK_INSIDE
