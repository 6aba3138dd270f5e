/* elicit-resources.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-resources.h"
#include "elicit-resources-private.h"

/*
 * The resource registers itself when the program starts (a constructor in
 * the generated code), but only if the linker keeps that code: from a static
 * library it keeps only what something refers to. Referring to it here, from
 * every widget's class_init, keeps it.
 */
void
elicit_ensure_resources (void)
{
  (void) elicit_get_resource ();
}
