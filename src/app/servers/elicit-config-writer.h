/* elicit-config-writer.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * ELICIT_CONFIG_WRITER_ERROR:
 *
 * The error domain of changing a servers file.
 */
#define ELICIT_CONFIG_WRITER_ERROR (elicit_config_writer_error_quark ())

/**
 * ElicitConfigWriterError:
 * @ELICIT_CONFIG_WRITER_ERROR_NAME: the name is empty or another server has it
 * @ELICIT_CONFIG_WRITER_ERROR_ENTRY: the entry is one the servers file may not hold
 * @ELICIT_CONFIG_WRITER_ERROR_FILE: the file as it is on disk cannot be changed
 *   safely (it is not a servers file, or it changed in a way Elicit cannot follow)
 * @ELICIT_CONFIG_WRITER_ERROR_WRITE: the file could not be written; it is as it was
 *
 * Why a change to the servers file was refused or failed.
 */
typedef enum
{
  ELICIT_CONFIG_WRITER_ERROR_NAME,
  ELICIT_CONFIG_WRITER_ERROR_ENTRY,
  ELICIT_CONFIG_WRITER_ERROR_FILE,
  ELICIT_CONFIG_WRITER_ERROR_WRITE,
} ElicitConfigWriterError;

#define ELICIT_TYPE_CONFIG_WRITER (elicit_config_writer_get_type ())

G_DECLARE_FINAL_TYPE (ElicitConfigWriter, elicit_config_writer, ELICIT, CONFIG_WRITER, GObject)

GQuark               elicit_config_writer_error_quark   (void);
char                *elicit_config_splice               (const char          *text,
                                                         gsize                length,
                                                         const char          *old_name,
                                                         const char          *name,
                                                         JsonObject          *entry,
                                                         GError             **error) G_GNUC_WARN_UNUSED_RESULT;
gboolean             elicit_config_check_entry          (const char          *name,
                                                         JsonObject          *entry,
                                                         const char          *base_dir,
                                                         GError             **error);

ElicitConfigWriter  *elicit_config_writer_new           (GFile               *file) G_GNUC_WARN_UNUSED_RESULT;
GFile               *elicit_config_writer_get_file      (ElicitConfigWriter  *self);
char                *elicit_config_writer_dup_base_dir  (ElicitConfigWriter  *self) G_GNUC_WARN_UNUSED_RESULT;
void                 elicit_config_writer_load_async    (ElicitConfigWriter  *self,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
gboolean             elicit_config_writer_load_finish   (ElicitConfigWriter  *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);
JsonObject          *elicit_config_writer_dup_entry     (ElicitConfigWriter  *self,
                                                         const char          *name) G_GNUC_WARN_UNUSED_RESULT;
gboolean             elicit_config_writer_has_server    (ElicitConfigWriter  *self,
                                                         const char          *name);
void                 elicit_config_writer_save_async    (ElicitConfigWriter  *self,
                                                         const char          *old_name,
                                                         const char          *name,
                                                         JsonObject          *entry,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
gboolean             elicit_config_writer_save_finish   (ElicitConfigWriter  *self,
                                                         GAsyncResult        *result,
                                                         GError             **error);

G_END_DECLS
