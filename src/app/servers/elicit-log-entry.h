/* elicit-log-entry.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * ElicitLogKind:
 * @ELICIT_LOG_KIND_STDERR: a line the server wrote to its standard error
 * @ELICIT_LOG_KIND_SENT: a message Elicit sent to the server
 * @ELICIT_LOG_KIND_RECEIVED: a message the server sent
 * @ELICIT_LOG_KIND_SERVER_LOG: a `notifications/message` log message
 * @ELICIT_LOG_KIND_NOTICE: something Elicit did or noticed (started, stopped, refused)
 *
 * What a line of a server's log is.
 */
typedef enum
{
  ELICIT_LOG_KIND_STDERR,
  ELICIT_LOG_KIND_SENT,
  ELICIT_LOG_KIND_RECEIVED,
  ELICIT_LOG_KIND_SERVER_LOG,
  ELICIT_LOG_KIND_NOTICE,
} ElicitLogKind;

#define ELICIT_TYPE_LOG_ENTRY (elicit_log_entry_get_type ())

G_DECLARE_FINAL_TYPE (ElicitLogEntry, elicit_log_entry, ELICIT, LOG_ENTRY, GObject)

ElicitLogEntry *elicit_log_entry_new          (ElicitLogKind   kind,
                                               const char     *text) G_GNUC_WARN_UNUSED_RESULT;
ElicitLogEntry *elicit_log_entry_new_at       (ElicitLogKind   kind,
                                               const char     *text,
                                               gint64          time) G_GNUC_WARN_UNUSED_RESULT;
ElicitLogKind   elicit_log_entry_get_kind     (ElicitLogEntry *self);
const char     *elicit_log_entry_get_text     (ElicitLogEntry *self);
gint64          elicit_log_entry_get_time     (ElicitLogEntry *self);
char           *elicit_log_entry_format_time  (ElicitLogEntry *self) G_GNUC_WARN_UNUSED_RESULT;
const char     *elicit_log_entry_get_marker   (ElicitLogEntry *self);

G_END_DECLS
