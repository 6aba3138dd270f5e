/* elicit-url-info.h
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

G_BEGIN_DECLS

/**
 * ELICIT_URL_ERROR:
 *
 * The error domain of URLs a URL-mode request must not open.
 */
#define ELICIT_URL_ERROR (elicit_url_error_quark ())

/**
 * ElicitUrlError:
 * @ELICIT_URL_ERROR_INVALID: the text is not a URL
 * @ELICIT_URL_ERROR_TOO_LONG: the URL is longer than a browser address should be
 * @ELICIT_URL_ERROR_INVISIBLE_CHARACTERS: the URL contains whitespace, control characters or
 *   invisible formatting characters
 * @ELICIT_URL_ERROR_BACKSLASH: the URL contains a backslash, which browsers and URI parsers read
 *   differently (`https://evil.example\@good.com`)
 * @ELICIT_URL_ERROR_UNSUPPORTED_SCHEME: the scheme is neither `http` nor `https`
 * @ELICIT_URL_ERROR_USER_INFO: the URL carries a user name or password before the host
 * @ELICIT_URL_ERROR_NO_HOST: the URL has no host
 * @ELICIT_URL_ERROR_INVALID_HOST: the host is percent-encoded, malformed, or a number in a
 *   notation browsers read as an IP address
 *
 * Why a URL was refused.
 *
 * Since: 1.0
 */
typedef enum
{
  ELICIT_URL_ERROR_INVALID,
  ELICIT_URL_ERROR_TOO_LONG,
  ELICIT_URL_ERROR_INVISIBLE_CHARACTERS,
  ELICIT_URL_ERROR_BACKSLASH,
  ELICIT_URL_ERROR_UNSUPPORTED_SCHEME,
  ELICIT_URL_ERROR_USER_INFO,
  ELICIT_URL_ERROR_NO_HOST,
  ELICIT_URL_ERROR_INVALID_HOST,
} ElicitUrlError;

/**
 * ELICIT_URL_MAX_LENGTH:
 *
 * The longest URL, in bytes, that [class@UrlInfo] accepts.
 *
 * Since: 1.0
 */
#define ELICIT_URL_MAX_LENGTH 8192

#define ELICIT_TYPE_URL_INFO (elicit_url_info_get_type ())

ELICIT_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (ElicitUrlInfo, elicit_url_info, ELICIT, URL_INFO, GObject)

ELICIT_AVAILABLE_IN_1_0
GQuark              elicit_url_error_quark                (void);
ELICIT_AVAILABLE_IN_1_0
ElicitUrlInfo      *elicit_url_info_new                   (const char     *url,
                                                           GError        **error) G_GNUC_WARN_UNUSED_RESULT;
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_url               (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_scheme            (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_host              (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_ascii_host        (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
int                 elicit_url_info_get_port              (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_registrable_domain (ElicitUrlInfo *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_url_info_get_domain_range      (ElicitUrlInfo  *self,
                                                           guint          *start,
                                                           guint          *end);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_url_info_is_ip_address         (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_url_info_is_loopback           (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_url_info_is_idn                (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
gboolean            elicit_url_info_is_deceptive          (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_lookalike         (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char         *elicit_url_info_get_display_url       (ElicitUrlInfo  *self);
ELICIT_AVAILABLE_IN_1_0
const char * const *elicit_url_info_get_warnings          (ElicitUrlInfo  *self);

G_END_DECLS
