/* elicit-incoming-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "elicit-json-private.h"

G_BEGIN_DECLS

/*
 * One message received, on its way from a transport to the peer, read only
 * as far as someone asks: the text (checked by the strict parser already),
 * an index of its members, and its tree, built the first time it is asked
 * for. A flood of log lines nobody keeps is read without building anything.
 */
typedef struct
{
  const char      *text;
  gsize            length;
  JsonNode        *node;
  gboolean         indexed;
  ElicitJsonIndex  index;
  int              params;   /* the member "params", when it holds an object; or -1 */
} ElicitIncoming;

#define ELICIT_INCOMING_METHOD_MAX 128

gboolean    elicit_incoming_init_text     (ElicitIncoming *self,
                                           const char     *text,
                                           gsize           length,
                                           GError        **error);
void        elicit_incoming_init_node     (ElicitIncoming *self,
                                           JsonNode       *node);
void        elicit_incoming_clear         (ElicitIncoming *self);
JsonNode   *elicit_incoming_get_node      (ElicitIncoming *self);
gboolean    elicit_incoming_notification  (ElicitIncoming *self,
                                           char           *method,
                                           gsize           method_size);
const char *elicit_incoming_params_string (ElicitIncoming *self,
                                           const char     *name,
                                           char           *buf,
                                           gsize           size,
                                           char          **heap);
JsonNode   *elicit_incoming_dup_params_member (ElicitIncoming *self,
                                               const char     *name);
gboolean    elicit_incoming_find_params   (ElicitIncoming     *self,
                                           const char * const *names,
                                           guint               n_names,
                                           int                *found);
const char *elicit_incoming_member_string (ElicitIncoming *self,
                                           int             i,
                                           char           *buf,
                                           gsize           size,
                                           char          **heap);
JsonNode   *elicit_incoming_member_build  (ElicitIncoming *self,
                                           int             i) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
