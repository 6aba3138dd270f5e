/* elicit-config.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "elicit-server-config.h"

G_BEGIN_DECLS

/**
 * ELICIT_CONFIG_ERROR:
 *
 * The error domain of reading a servers file.
 */
#define ELICIT_CONFIG_ERROR (elicit_config_error_quark ())

/**
 * ElicitConfigError:
 * @ELICIT_CONFIG_ERROR_NOT_FOUND: the file does not exist
 * @ELICIT_CONFIG_ERROR_READ: the file could not be read
 * @ELICIT_CONFIG_ERROR_SYNTAX: the file is not JSON; the message starts with
 *   the file name, the line and the column (`servers.json:3:25: …`)
 * @ELICIT_CONFIG_ERROR_INVALID: the file is JSON, but has no `mcpServers` object
 *
 * Why a servers file could not be read. Problems with one entry do not fail
 * the file: that entry carries them ([method@ServerConfig.get_problem]).
 */
typedef enum
{
  ELICIT_CONFIG_ERROR_NOT_FOUND,
  ELICIT_CONFIG_ERROR_READ,
  ELICIT_CONFIG_ERROR_SYNTAX,
  ELICIT_CONFIG_ERROR_INVALID,
} ElicitConfigError;

/**
 * ELICIT_CONFIG_DEMO_SERVER_NAME:
 *
 * The name of the bundled demo server in the configuration used when the
 * user has none.
 */
#define ELICIT_CONFIG_DEMO_SERVER_NAME "demo"

#define ELICIT_TYPE_CONFIG (elicit_config_get_type ())

G_DECLARE_FINAL_TYPE (ElicitConfig, elicit_config, ELICIT, CONFIG, GObject)

GQuark               elicit_config_error_quark        (void);
GFile               *elicit_config_get_default_file   (void) G_GNUC_WARN_UNUSED_RESULT;
char                *elicit_config_find_demo_server   (void) G_GNUC_WARN_UNUSED_RESULT;

ElicitConfig        *elicit_config_new                (void) G_GNUC_WARN_UNUSED_RESULT;
ElicitConfig        *elicit_config_new_demo           (void) G_GNUC_WARN_UNUSED_RESULT;
ElicitConfig        *elicit_config_new_from_data      (const char          *data,
                                                       gssize               length,
                                                       const char          *display_name,
                                                       const char          *base_dir,
                                                       GError             **error) G_GNUC_WARN_UNUSED_RESULT;
ElicitConfig        *elicit_config_new_from_file      (GFile               *file,
                                                       GError             **error) G_GNUC_WARN_UNUSED_RESULT;
void                 elicit_config_load_async         (GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
ElicitConfig        *elicit_config_load_finish        (GAsyncResult        *result,
                                                       GError             **error) G_GNUC_WARN_UNUSED_RESULT;

JsonNode            *elicit_config_read_json          (GFile               *file,
                                                       gboolean             commented,
                                                       GError             **error) G_GNUC_WARN_UNUSED_RESULT;

GFile               *elicit_config_get_file           (ElicitConfig        *self);
gboolean             elicit_config_get_is_demo        (ElicitConfig        *self);
GListModel          *elicit_config_get_servers        (ElicitConfig        *self);
guint                elicit_config_get_n_servers      (ElicitConfig        *self);
ElicitServerConfig  *elicit_config_lookup_server      (ElicitConfig        *self,
                                                       const char          *name);

G_END_DECLS
