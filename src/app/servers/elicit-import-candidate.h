/* elicit-import-candidate.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ELICIT_TYPE_IMPORT_CANDIDATE (elicit_import_candidate_get_type ())

G_DECLARE_FINAL_TYPE (ElicitImportCandidate, elicit_import_candidate, ELICIT, IMPORT_CANDIDATE, GObject)

ElicitImportCandidate *elicit_import_candidate_new         (const char            *client,
                                                            const char            *source,
                                                            const char            *name,
                                                            JsonObject            *entry,
                                                            const char            *problem) G_GNUC_WARN_UNUSED_RESULT;
const char            *elicit_import_candidate_get_client  (ElicitImportCandidate *self);
const char            *elicit_import_candidate_get_source  (ElicitImportCandidate *self);
const char            *elicit_import_candidate_get_name    (ElicitImportCandidate *self);
JsonObject            *elicit_import_candidate_get_entry   (ElicitImportCandidate *self);
const char            *elicit_import_candidate_get_problem (ElicitImportCandidate *self);

G_END_DECLS
