/* elicit-stdio-transport.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_ELICIT_INSIDE) && !defined(ELICIT_COMPILATION)
# error "Only <elicit.h> can be included directly."
#endif

#include <gio/gio.h>

#include "elicit-version.h"
#include "elicit-transport.h"

G_BEGIN_DECLS

#define ELICIT_TYPE_STDIO_TRANSPORT (elicit_stdio_transport_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitStdioTransport, elicit_stdio_transport, ELICIT, STDIO_TRANSPORT, ElicitTransport)

ELICIT_AVAILABLE_IN_1_0
ElicitTransport    *elicit_stdio_transport_new                  (const char * const   *argv,
                                                                 const char * const   *environment,
                                                                 const char           *cwd,
                                                                 GError              **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_stdio_transport_get_argv             (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_stdio_transport_get_environment      (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_stdio_transport_get_cwd              (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_stdio_transport_get_identifier       (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
gsize               elicit_stdio_transport_get_max_line_length  (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
guint               elicit_stdio_transport_get_shutdown_timeout (ElicitStdioTransport *self);
ELICIT_AVAILABLE_IN_1_0
void                elicit_stdio_transport_set_max_line_length  (ElicitStdioTransport *self,
                                                                 gsize                 max_line_length);
ELICIT_AVAILABLE_IN_1_0
void                elicit_stdio_transport_set_shutdown_timeout (ElicitStdioTransport *self,
                                                                 guint                 msec);

G_END_DECLS
