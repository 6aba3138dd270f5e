/* elicit-import-candidate.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-import-candidate.h"

/**
 * ElicitImportCandidate:
 *
 * A server found in another MCP client's configuration: which client, the
 * file it was read from, its name, and either its entry mapped to Elicit's
 * servers file or why it cannot be imported. A file that could not be read
 * is a candidate without a name.
 */

struct _ElicitImportCandidate
{
  GObject     parent_instance;

  char       *client;
  char       *source;
  char       *name;
  JsonObject *entry;
  char       *problem;
};

G_DEFINE_FINAL_TYPE (ElicitImportCandidate, elicit_import_candidate, G_TYPE_OBJECT)

static void
elicit_import_candidate_finalize (GObject *object)
{
  ElicitImportCandidate *self = ELICIT_IMPORT_CANDIDATE (object);

  g_free (self->client);
  g_free (self->source);
  g_free (self->name);
  g_clear_pointer (&self->entry, json_object_unref);
  g_free (self->problem);

  G_OBJECT_CLASS (elicit_import_candidate_parent_class)->finalize (object);
}

static void
elicit_import_candidate_class_init (ElicitImportCandidateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = elicit_import_candidate_finalize;
}

static void
elicit_import_candidate_init (ElicitImportCandidate *self)
{
}

/**
 * elicit_import_candidate_new:
 * @client: the client's name, as people know it (“Claude Desktop”)
 * @source: the file the server was found in, as shown to people
 * @name: (nullable): the server's name; %NULL when the file could not be read
 * @entry: (nullable): the entry for Elicit's servers file; %NULL when @problem is set
 * @problem: (nullable): why the server cannot be imported
 *
 * Returns: (transfer full): a new candidate
 */
ElicitImportCandidate *
elicit_import_candidate_new (const char *client,
                             const char *source,
                             const char *name,
                             JsonObject *entry,
                             const char *problem)
{
  ElicitImportCandidate *self;

  g_return_val_if_fail (client != NULL && source != NULL, NULL);
  g_return_val_if_fail ((entry == NULL) != (problem == NULL), NULL);

  self = g_object_new (ELICIT_TYPE_IMPORT_CANDIDATE, NULL);
  self->client = g_strdup (client);
  self->source = g_strdup (source);
  self->name = g_strdup (name);
  self->entry = entry != NULL ? json_object_ref (entry) : NULL;
  self->problem = g_strdup (problem);

  return self;
}

/**
 * elicit_import_candidate_get_client:
 * @self: a candidate
 *
 * Returns: the name of the client it was found in
 */
const char *
elicit_import_candidate_get_client (ElicitImportCandidate *self)
{
  g_return_val_if_fail (ELICIT_IS_IMPORT_CANDIDATE (self), NULL);

  return self->client;
}

/**
 * elicit_import_candidate_get_source:
 * @self: a candidate
 *
 * Returns: the file it was found in, as shown to people
 */
const char *
elicit_import_candidate_get_source (ElicitImportCandidate *self)
{
  g_return_val_if_fail (ELICIT_IS_IMPORT_CANDIDATE (self), NULL);

  return self->source;
}

/**
 * elicit_import_candidate_get_name:
 * @self: a candidate
 *
 * Returns: (nullable): the server's name, %NULL for a file that could not be read
 */
const char *
elicit_import_candidate_get_name (ElicitImportCandidate *self)
{
  g_return_val_if_fail (ELICIT_IS_IMPORT_CANDIDATE (self), NULL);

  return self->name;
}

/**
 * elicit_import_candidate_get_entry:
 * @self: a candidate
 *
 * Returns: (transfer none) (nullable): the entry for Elicit's servers file,
 *   %NULL when it cannot be imported
 */
JsonObject *
elicit_import_candidate_get_entry (ElicitImportCandidate *self)
{
  g_return_val_if_fail (ELICIT_IS_IMPORT_CANDIDATE (self), NULL);

  return self->entry;
}

/**
 * elicit_import_candidate_get_problem:
 * @self: a candidate
 *
 * Returns: (nullable): why it cannot be imported
 */
const char *
elicit_import_candidate_get_problem (ElicitImportCandidate *self)
{
  g_return_val_if_fail (ELICIT_IS_IMPORT_CANDIDATE (self), NULL);

  return self->problem;
}
