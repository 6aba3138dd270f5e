/* elicit-init-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "elicit-init.h"

G_BEGIN_DECLS

/* Binds elicit-1's text domain, libelicit-1, at once; its _() does so on
 * first use anyway (elicit-i18n-private.h). elicit-gtk-1 binds its own
 * domain with elicit_gtk_ensure_i18n(). */
static inline void
elicit_ensure_i18n (void)
{
  elicit_init ();
}

G_END_DECLS
