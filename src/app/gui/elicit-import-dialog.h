/* elicit-import-dialog.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_IMPORT_DIALOG (elicit_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (ElicitImportDialog, elicit_import_dialog, ELICIT, IMPORT_DIALOG, AdwWindow)

GtkWidget *elicit_import_dialog_new (GtkWindow *parent,
                                     GFile     *file);

G_END_DECLS
