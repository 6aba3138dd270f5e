/* elicit-json-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

/* The safe JSON reader and writer are public (elicit-json.h); the library's
 * own files keep including this name. */
#include "elicit-json.h"

G_BEGIN_DECLS

/* Where one member of a checked text lies: its name (after the opening quote,
 * up to the closing one, escapes as written) and its value. */
typedef struct
{
  const char *name;
  const char *name_end;
  const char *value;
  const char *value_end;
  int         parent;    /* the index of the member holding it, -1 for the root's */
  gboolean    escaped;   /* the name has an escape */
} ElicitJsonMember;

#define ELICIT_JSON_INDEX_SIZE 24

/* The members of a root object and of the objects directly inside it, in
 * the order they appear; complete is FALSE when there were more than fit. */
typedef struct
{
  gboolean          is_object;
  gboolean          complete;
  guint             n_members;
  ElicitJsonMember  members[ELICIT_JSON_INDEX_SIZE];
} ElicitJsonIndex;

gboolean  elicit_json_check_indexed        (const char              *data,
                                            gssize                   length,
                                            guint                    max_depth,
                                            ElicitJsonIndex         *index,
                                            GError                 **error);
gboolean  elicit_json_member_is            (const ElicitJsonMember  *member,
                                            const char              *name);
int       elicit_json_index_find           (const ElicitJsonIndex   *index,
                                            int                      parent,
                                            const char              *name);
gssize    elicit_json_member_plain_string  (const ElicitJsonMember  *member,
                                            const char             **out);
JsonNode *elicit_json_member_build         (const ElicitJsonMember  *member) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
