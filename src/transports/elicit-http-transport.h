/* elicit-http-transport.h
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
#include "elicit-authorizer.h"

G_BEGIN_DECLS

/**
 * ELICIT_HTTP_TRANSPORT_ERROR:
 *
 * The error domain of [ctor@HttpTransport.new] and
 * [method@HttpTransport.add_header]: what is wrong with an address or a
 * header a user configured.
 */
#define ELICIT_HTTP_TRANSPORT_ERROR (elicit_http_transport_error_quark ())

/**
 * ElicitHttpTransportError:
 * @ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL: the address is not an absolute
 *   `http` or `https` URL, or carries a user name or password
 * @ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER: a header is malformed, or is
 *   one the transport sets itself
 *
 * Why an address or a header was refused. The message names the culprit
 * (never a header's value, which may be a secret).
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_URL,
  ELICIT_HTTP_TRANSPORT_ERROR_INVALID_HEADER,
} ElicitHttpTransportError;

/**
 * ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT:
 *
 * How long, in milliseconds, the transport waits by default for a server to
 * answer a request or to go on with a body or an event it started: 60 seconds.
 *
 * Since: 1.0
 */
#define ELICIT_HTTP_TRANSPORT_DEFAULT_TIMEOUT 60000

#define ELICIT_TYPE_HTTP_TRANSPORT (elicit_http_transport_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitHttpTransport, elicit_http_transport, ELICIT, HTTP_TRANSPORT, ElicitTransport)

ELICIT_AVAILABLE_IN_1_0
GQuark           elicit_http_transport_error_quark          (void);

ELICIT_AVAILABLE_IN_1_0
ElicitTransport *elicit_http_transport_new                  (const char           *url,
                                                             const char * const   *headers,
                                                             GError              **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char      *elicit_http_transport_get_url              (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
const char      *elicit_http_transport_get_session_id       (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean         elicit_http_transport_get_session_expired  (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
const char      *elicit_http_transport_get_protocol_version (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
guint            elicit_http_transport_get_timeout          (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
gsize            elicit_http_transport_get_max_body_size    (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
gsize            elicit_http_transport_get_max_event_size   (ElicitHttpTransport  *self);
ELICIT_AVAILABLE_IN_1_0
void             elicit_http_transport_set_timeout          (ElicitHttpTransport  *self,
                                                             guint                 msec);
ELICIT_AVAILABLE_IN_1_0
void             elicit_http_transport_set_max_body_size    (ElicitHttpTransport  *self,
                                                             gsize                 max_body_size);
ELICIT_AVAILABLE_IN_1_0
void             elicit_http_transport_set_max_event_size   (ElicitHttpTransport  *self,
                                                             gsize                 max_event_size);
ELICIT_AVAILABLE_IN_1_0
gboolean         elicit_http_transport_add_header           (ElicitHttpTransport  *self,
                                                             const char           *name,
                                                             const char           *value,
                                                             GError              **error);

ELICIT_AVAILABLE_IN_1_0
void             elicit_http_transport_set_authorizer       (ElicitHttpTransport  *self,
                                                             ElicitAuthorizer     *authorizer);
ELICIT_AVAILABLE_IN_1_0
ElicitAuthorizer *elicit_http_transport_get_authorizer      (ElicitHttpTransport  *self);

G_END_DECLS
