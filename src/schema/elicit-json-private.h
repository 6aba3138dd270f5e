/* elicit-json-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

/* The safe JSON reader and writer are public (elicit-json.h); the library's
 * own files keep including this name. */
#include <string.h>

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
  gboolean    plain;     /* the value is a string known to have no escape */
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
gboolean  elicit_json_member_is_escaped    (const ElicitJsonMember  *member,
                                            const char              *name);
gssize    elicit_json_member_plain_string  (const ElicitJsonMember  *member,
                                            const char             **out);
JsonNode *elicit_json_member_build         (const ElicitJsonMember  *member) G_GNUC_WARN_UNUSED_RESULT;

/* Whether @member's name, decoded as the parser decodes it, is @name (of
 * @len bytes). Inline, so a literal's length and bytes fold into it. */
static inline gboolean
elicit_json_member_is (const ElicitJsonMember *member,
                       const char             *name,
                       gsize                   len)
{
  if (G_UNLIKELY (member->escaped))
    return elicit_json_member_is_escaped (member, name);

  return (gsize) (member->name_end - member->name) == len && memcmp (member->name, name, len) == 0;
}

/* The member of @index called @name whose parent is @parent (-1: the root
 * object's own members), or -1. */
static inline int
elicit_json_index_find (const ElicitJsonIndex *index,
                        int                    parent,
                        const char            *name)
{
  gsize len = strlen (name);

  for (guint i = 0; i < index->n_members; i++)
    if (index->members[i].parent == parent && elicit_json_member_is (&index->members[i], name, len))
      return (int) i;

  return -1;
}

G_END_DECLS
