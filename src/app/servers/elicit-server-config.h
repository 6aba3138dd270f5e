/* elicit-server-config.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "elicit-transport.h"

G_BEGIN_DECLS

/**
 * ElicitServerKind:
 * @ELICIT_SERVER_KIND_STDIO: a local program spoken to over stdio (`command`)
 * @ELICIT_SERVER_KIND_REMOTE: a remote server reached over Streamable HTTP (`url`)
 * @ELICIT_SERVER_KIND_INVALID: an entry that cannot be used; see
 *   [method@ServerConfig.get_problem]
 *
 * How a configured server is reached.
 */
typedef enum
{
  ELICIT_SERVER_KIND_STDIO,
  ELICIT_SERVER_KIND_REMOTE,
  ELICIT_SERVER_KIND_INVALID,
} ElicitServerKind;

#define ELICIT_TYPE_SERVER_CONFIG (elicit_server_config_get_type ())

G_DECLARE_FINAL_TYPE (ElicitServerConfig, elicit_server_config, ELICIT, SERVER_CONFIG, GObject)

ElicitServerConfig  *elicit_server_config_new_stdio         (const char          *name,
                                                             const char          *command,
                                                             const char * const  *args) G_GNUC_WARN_UNUSED_RESULT;
ElicitServerConfig  *elicit_server_config_new_from_json     (const char          *name,
                                                             JsonNode            *entry,
                                                             const char          *base_dir) G_GNUC_WARN_UNUSED_RESULT;
const char          *elicit_server_config_get_name          (ElicitServerConfig  *self);
ElicitServerKind     elicit_server_config_get_kind          (ElicitServerConfig  *self);
const char          *elicit_server_config_get_problem       (ElicitServerConfig  *self);
gboolean             elicit_server_config_get_disabled      (ElicitServerConfig  *self);
const char          *elicit_server_config_get_command       (ElicitServerConfig  *self);
const char * const  *elicit_server_config_get_args          (ElicitServerConfig  *self);
const char * const  *elicit_server_config_get_environment   (ElicitServerConfig  *self);
const char          *elicit_server_config_get_cwd           (ElicitServerConfig  *self);
const char          *elicit_server_config_get_url           (ElicitServerConfig  *self);
GHashTable          *elicit_server_config_get_headers       (ElicitServerConfig  *self);
const char          *elicit_server_config_get_text_domain   (ElicitServerConfig  *self);
JsonObject          *elicit_server_config_get_oauth         (ElicitServerConfig  *self);
const char          *elicit_server_config_get_locale_dir    (ElicitServerConfig  *self);
char               **elicit_server_config_dup_argv          (ElicitServerConfig  *self) G_GNUC_WARN_UNUSED_RESULT;
gboolean             elicit_server_config_equal             (ElicitServerConfig  *a,
                                                             ElicitServerConfig  *b);
ElicitTransport     *elicit_server_config_create_transport  (ElicitServerConfig  *self,
                                                             GError             **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
