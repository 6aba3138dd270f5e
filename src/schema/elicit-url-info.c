/* elicit-url-info.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"
#include <libpsl.h>

#include "elicit-init-private.h"
#include "elicit-text-private.h"
#include "elicit-url-info.h"
#include "elicit-url-spoof-private.h"

/**
 * ElicitUrlInfo:
 *
 * What a URL-mode request's URL really points to, as a user must see it
 * before agreeing to open it.
 *
 * A server is untrusted, so the URL is checked before anything is shown:
 * [ctor@UrlInfo.new] refuses URLs a browser and this library would read
 * differently (a backslash, user-info before the host, a percent-encoded host,
 * a number browsers read as an IP address), URLs that hide characters (spaces,
 * controls, bidirectional overrides), and every scheme but `http` and
 * `https`. For the others it tells the host in Unicode and in ASCII, the
 * registrable domain (from the Public Suffix List through libpsl) and where it
 * sits in the URL, and a list of warnings: plain HTTP away from this computer,
 * international host names (which can imitate other names), IP-address
 * hosts, loopback hosts, hosts that are not a registered domain.
 *
 * A host whose Unicode form could pass for another name (mixed scripts, a
 * whole-script confusable, a confusable of a well-known domain, judged by
 * ICU's spoof checker after Unicode TS #39 as browsers judge them) is
 * "deceptive": its host, registrable domain and display URL are given in
 * ASCII (punycode), and a warning names what it looks like.
 *
 * Nothing is fetched or resolved: the analysis is purely textual.
 *
 * Since: 1.0
 */

struct _ElicitUrlInfo
{
  GObject    parent_instance;

  char      *url;
  char      *display_url;
  char      *lookalike;
  char      *scheme;
  char      *host;
  char      *ascii_host;
  char      *registrable_domain;
  GPtrArray *warnings;
  int        port;
  guint      domain_start;
  guint      domain_end;
  guint      is_ip : 1;
  guint      is_loopback : 1;
  guint      is_idn : 1;
  guint      is_deceptive : 1;
  guint      has_domain_range : 1;
};

G_DEFINE_FINAL_TYPE (ElicitUrlInfo, elicit_url_info, G_TYPE_OBJECT)

/**
 * elicit_url_error_quark:
 *
 * The quark of [error@UrlError].
 *
 * Returns: the error domain
 *
 * Since: 1.0
 */
G_DEFINE_QUARK (elicit-url-error-quark, elicit_url_error)

static void
elicit_url_info_finalize (GObject *object)
{
  ElicitUrlInfo *self = (ElicitUrlInfo *)object;

  g_free (self->url);
  g_free (self->display_url);
  g_free (self->lookalike);
  g_free (self->scheme);
  g_free (self->host);
  g_free (self->ascii_host);
  g_free (self->registrable_domain);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_url_info_parent_class)->finalize (object);
}

static void
elicit_url_info_class_init (ElicitUrlInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = elicit_url_info_finalize;

  elicit_ensure_i18n ();
}

static void
elicit_url_info_init (ElicitUrlInfo *self)
{
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->warnings, NULL);
  self->port = -1;
}

static const psl_ctx_t *
get_psl (void)
{
  static const psl_ctx_t *psl;

  if (g_once_init_enter (&psl))
    {
      /* The system's list when it is newer than the copy built into libpsl.
       * Kept for the life of the process. */
      const psl_ctx_t *ctx = psl_latest (NULL);

      if (ctx == NULL)
        ctx = psl_builtin ();
      g_once_init_leave (&psl, ctx);
    }

  return psl;
}

static void
add_warning (ElicitUrlInfo *self,
             char          *text)
{
  g_ptr_array_insert (self->warnings, self->warnings->len - 1, text);
}

/* Whitespace, controls, and characters that render as nothing or reorder
 * text: any of them lets a URL look like something it is not. */
static gboolean
is_hidden_char (gunichar c)
{
  GUnicodeType type;

  if (c <= 0x20 || c == 0x7F)
    return TRUE;

  if (g_unichar_isspace (c))
    return TRUE;

  if (elicit_text_is_invisible (c))
    return TRUE;

  type = g_unichar_type (c);

  return (type == G_UNICODE_LINE_SEPARATOR ||
          type == G_UNICODE_PARAGRAPH_SEPARATOR ||
          type == G_UNICODE_SPACE_SEPARATOR);
}

static gboolean
check_characters (const char  *url,
                  GError     **error)
{
  for (const char *p = url; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_hidden_char (c))
        {
          g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVISIBLE_CHARACTERS,
                               _("The address contains spaces, control characters or invisible characters."));
          return FALSE;
        }

      /* GUri reads https://evil.example\@good.com as user-info "evil.example\"
       * at good.com; browsers treat the backslash as a slash and go to
       * evil.example. Refuse anything the two could read differently. */
      if (c == '\\')
        {
          g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_BACKSLASH,
                               _("The address contains a backslash, which browsers and this program would read differently."));
          return FALSE;
        }
    }

  return TRUE;
}

/*
 * The RFC 3986 scheme of @url, lower-cased, or NULL. Not g_uri_peek_scheme(),
 * which interns what it returns: every distinct scheme a server sent would
 * stay in memory for good.
 */
static char *
read_scheme (const char *url)
{
  const char *p = url;

  if (!g_ascii_isalpha (*p))
    return NULL;
  while (g_ascii_isalnum (*p) || *p == '+' || *p == '-' || *p == '.')
    p++;
  if (*p != ':')
    return NULL;

  return g_ascii_strdown (url, p - url);
}

static gboolean
check_scheme (const char  *url,
              char       **scheme_out,
              GError     **error)
{
  g_autofree char *scheme = read_scheme (url);

  if (scheme == NULL)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID,
                           _("This is not a valid web address."));
      return FALSE;
    }

  if (strcmp (scheme, "http") != 0 && strcmp (scheme, "https") != 0)
    {
      /* read_scheme() only returns RFC 3986 scheme characters; the
       * length cap keeps a hostile scheme from filling the dialog. */
      if (strlen (scheme) > 32)
        scheme[32] = '\0';
      g_set_error (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_UNSUPPORTED_SCHEME,
                   /* Translators: %s is a URL scheme such as “file” or “javascript” */
                   _("Only web addresses (http and https) can be opened, not “%s:” addresses."),
                   scheme);
      return FALSE;
    }

  *scheme_out = g_steal_pointer (&scheme);
  return TRUE;
}

/* Finds the host as written in @url, in bytes from the start: RFC 3986
 * authority = [ userinfo "@" ] host [ ":" port ], after "scheme://". */
static gboolean
find_raw_host (const char  *url,
               gsize       *host_start,
               gsize       *host_len,
               GError     **error)
{
  const char *colon = strchr (url, ':');
  const char *authority;
  gsize authority_len;
  const char *end;

  g_assert (colon != NULL);

  if (strncmp (colon + 1, "//", 2) != 0)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_NO_HOST,
                           _("The address has no host name."));
      return FALSE;
    }

  authority = colon + 3;
  authority_len = strcspn (authority, "/?#");

  if (memchr (authority, '@', authority_len) != NULL)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_USER_INFO,
                           _("The address contains a user name or password before the host name, which can disguise where it leads."));
      return FALSE;
    }

  if (authority[0] == '[')
    {
      end = memchr (authority, ']', authority_len);
      if (end == NULL)
        {
          g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                               _("The host name is not valid."));
          return FALSE;
        }
      end++;
    }
  else
    {
      end = memchr (authority, ':', authority_len);
      if (end == NULL)
        end = authority + authority_len;
    }

  if (end == authority)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_NO_HOST,
                           _("The address has no host name."));
      return FALSE;
    }

  *host_start = authority - url;
  *host_len = end - authority;

  return TRUE;
}

static gboolean
is_numeric_label (const char *label,
                  gsize       len)
{
  gsize i = 0;

  if (len == 0)
    return FALSE;

  if (len >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X'))
    {
      for (i = 2; i < len; i++)
        if (!g_ascii_isxdigit (label[i]))
          return FALSE;
      return TRUE;
    }

  for (i = 0; i < len; i++)
    if (!g_ascii_isdigit (label[i]))
      return FALSE;

  return TRUE;
}

/* Browsers read a host whose last label is a number (decimal, octal or hex)
 * as an IPv4 address: http://2130706433/ and http://0x7f.1/ are 127.0.0.1,
 * and http://010.0.0.1/ is 8.0.0.1. Only the plain dotted-decimal form, which
 * GLib also understands, may pass. */
static gboolean
ends_in_number (const char *ascii_host)
{
  gsize len = strlen (ascii_host);
  const char *last;

  if (len > 0 && ascii_host[len - 1] == '.')
    len--;

  last = g_strrstr_len (ascii_host, len, ".");
  last = last != NULL ? last + 1 : ascii_host;

  return is_numeric_label (last, ascii_host + len - last);
}

static gboolean
is_valid_ascii_host (const char *ascii_host)
{
  if (*ascii_host == '\0' || *ascii_host == '.' || strstr (ascii_host, "..") != NULL)
    return FALSE;

  for (const char *p = ascii_host; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '.' && *p != '_')
      return FALSE;

  return TRUE;
}

/* The full stops IDNA reads as ".": ideographic, fullwidth, halfwidth. */
static char *
normalize_dots (const char *host)
{
  GString *out = g_string_new (NULL);

  for (const char *p = host; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x3002 || c == 0xFF0E || c == 0xFF61)
        g_string_append_c (out, '.');
      else
        g_string_append_unichar (out, c);
    }

  return g_string_free (out, FALSE);
}

static gboolean
analyse_name_host (ElicitUrlInfo  *self,
                   const char     *raw_host,
                   GError        **error)
{
  g_autofree char *dotted = normalize_dots (raw_host);
  g_autofree char *ascii = g_hostname_to_ascii (dotted);
  g_autofree char *unicode = NULL;
  gsize len;

  /* "example.com." is example.com; keep the forms comparable. */
  len = ascii != NULL ? strlen (ascii) : 0;
  if (len > 1 && ascii[len - 1] == '.')
    ascii[len - 1] = '\0';

  if (ascii == NULL || !is_valid_ascii_host (ascii))
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                           _("The host name is not valid."));
      return FALSE;
    }

  if (g_hostname_is_ip_address (ascii))
    {
      self->is_ip = TRUE;
    }
  else if (ends_in_number (ascii))
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                           _("The host name is a number that browsers would read as an IP address in an unusual notation."));
      return FALSE;
    }

  unicode = g_hostname_to_unicode (ascii);
  if (unicode == NULL)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                           _("The host name is not valid."));
      return FALSE;
    }

  self->is_idn = strcmp (ascii, unicode) != 0;
  self->ascii_host = g_steal_pointer (&ascii);
  self->host = g_steal_pointer (&unicode);

  return TRUE;
}

static gboolean
analyse_host (ElicitUrlInfo  *self,
              const char     *raw_host,
              gsize           raw_len,
              GError        **error)
{
  g_autofree char *host = g_strndup (raw_host, raw_len);

  /* A browser decodes %-escapes in the host before resolving it; a reader
   * does not. Legitimate addresses never need them. */
  if (strchr (host, '%') != NULL)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                           _("The host name is percent-encoded, which can disguise where the address leads."));
      return FALSE;
    }

  if (host[0] == '[')
    {
      g_autofree char *inner = g_ascii_strdown (host + 1, raw_len - 2);

      if (!g_hostname_is_ip_address (inner) || strchr (inner, ':') == NULL)
        {
          g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID_HOST,
                               _("The host name is not valid."));
          return FALSE;
        }

      self->is_ip = TRUE;
      self->host = g_strdup (inner);
      self->ascii_host = g_steal_pointer (&inner);
      return TRUE;
    }

  return analyse_name_host (self, host, error);
}

/* 127.0.0.0/8 and ::1, and the spellings that reach them: an IPv4 address
 * mapped or embedded in IPv6 (::ffff:127.0.0.1, ::127.0.0.1, NAT64
 * 64:ff9b::7f00:1), and the unspecified address (0.0.0.0, ::), which
 * browsers connect to this computer. */
static gboolean
address_is_local (GInetAddress *address)
{
  static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
  static const guint8 compatible[12] = { 0 };
  static const guint8 nat64[12] = { 0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0 };
  const guint8 *bytes;

  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_any (address))
    return TRUE;

  if (g_inet_address_get_family (address) != G_SOCKET_FAMILY_IPV6)
    return FALSE;

  bytes = g_inet_address_to_bytes (address);
  if (memcmp (bytes, mapped, 12) != 0 && memcmp (bytes, compatible, 12) != 0 &&
      memcmp (bytes, nat64, 12) != 0)
    return FALSE;

  return bytes[12] == 127 || (bytes[12] == 0 && bytes[13] == 0 && bytes[14] == 0 && bytes[15] == 0);
}

static gboolean
compute_is_loopback (ElicitUrlInfo *self)
{
  const char *name = self->ascii_host;

  if (self->is_ip)
    {
      g_autoptr(GInetAddress) address = g_inet_address_new_from_string (name);

      return address != NULL && address_is_local (address);
    }

  return strcmp (name, "localhost") == 0 || g_str_has_suffix (name, ".localhost");
}

static gboolean
is_label_separator (gunichar c)
{
  /* The full stops IDNA maps to "." */
  return c == '.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

static guint
count_labels (const char *domain)
{
  guint n = 1;

  for (const char *p = domain; *p != '\0'; p++)
    if (*p == '.')
      n++;

  return n;
}

/* Where the registrable domain sits in the host as the server wrote it
 * (Unicode, punycode, or a mix): its last @n_labels labels. */
static void
compute_domain_range (ElicitUrlInfo *self,
                      const char    *text,
                      gsize          host_start,
                      gsize          host_len,
                      guint          n_labels)
{
  const char *host = text + host_start;
  const char *end = host + host_len;
  const char *p;
  guint seen = 0;

  p = g_utf8_find_prev_char (host, end);
  if (p != NULL && is_label_separator (g_utf8_get_char (p)))
    end = p;

  for (p = end; p > host; )
    {
      const char *prev = g_utf8_find_prev_char (host, p);

      if (is_label_separator (g_utf8_get_char (prev)))
        {
          if (++seen == n_labels)
            break;
        }
      p = prev;
    }

  if (p == host && seen + 1 != n_labels)
    return;

  self->domain_start = p - text;
  self->domain_end = end - text;
  self->has_domain_range = TRUE;
}

static void
compute_registrable_domain (ElicitUrlInfo *self,
                            gsize          host_start,
                            gsize          host_len)
{
  const char *name = self->ascii_host;
  const char *domain;

  /* Loopback names are nobody's registration, whatever the list says. */
  if (self->is_ip || self->is_loopback)
    return;

  domain = psl_registrable_domain (get_psl (), name);
  if (domain == NULL)
    return;

  self->registrable_domain = g_hostname_to_unicode (domain);
  if (self->registrable_domain != NULL)
    compute_domain_range (self, self->url, host_start, host_len, count_labels (domain));
}

/* A name that could pass for another is named in ASCII everywhere. */
static void
judge_lookalike (ElicitUrlInfo *self,
                 gsize          host_start,
                 gsize          host_len)
{
  const char *ascii_domain = NULL;
  g_autoptr(GString) shown = NULL;

  if (self->is_ip)
    return;

  if (self->registrable_domain != NULL)
    ascii_domain = psl_registrable_domain (get_psl (), self->ascii_host);

  self->is_deceptive = elicit_url_spoof_check (self->host, self->registrable_domain,
                                               ascii_domain, &self->lookalike);
  if (!self->is_deceptive)
    return;

  g_free (self->host);
  self->host = g_strdup (self->ascii_host);
  if (ascii_domain != NULL)
    {
      g_free (self->registrable_domain);
      self->registrable_domain = g_strdup (ascii_domain);
    }

  shown = g_string_new_len (self->url, host_start);
  g_string_append (shown, self->ascii_host);
  g_string_append (shown, self->url + host_start + host_len);
  self->display_url = g_string_free (g_steal_pointer (&shown), FALSE);

  self->has_domain_range = FALSE;
  if (ascii_domain != NULL)
    compute_domain_range (self, self->display_url, host_start, strlen (self->ascii_host),
                          count_labels (ascii_domain));
}

static void
compute_warnings (ElicitUrlInfo *self)
{
  if (strcmp (self->scheme, "http") == 0 && !self->is_loopback)
    add_warning (self, g_strdup (_("This address uses plain HTTP: what you send and receive there can be read or changed on the way.")));

  if (self->lookalike != NULL)
    /* Translators: a well-known domain such as apple.com, then the domain of
     * the address, which only looks like it (often in punycode, xn--…) */
    add_warning (self, g_strdup_printf (_("This address looks like %s, but it is a different site: %s."),
                                        self->lookalike,
                                        self->registrable_domain != NULL ? self->registrable_domain : self->host));
  else if (self->is_deceptive)
    /* Translators: %s is a host name in punycode (xn--…) */
    add_warning (self, g_strdup_printf (_("The host name mixes alphabets or uses letters that imitate other letters, so it is shown as “%s”."),
                                        self->host));

  if (self->is_idn && !self->is_deceptive)
    /* Translators: the host name in Unicode, then the same name in ASCII (punycode) */
    add_warning (self, g_strdup_printf (_("The host name uses international characters, which can imitate other names. It is “%s”, also written “%s”."),
                                        self->host, self->ascii_host));

  if (self->is_loopback)
    add_warning (self, g_strdup (_("This address leads to a program on your own computer.")));
  else if (self->is_ip)
    add_warning (self, g_strdup (_("The host is an IP address, not a domain name, so there is no name to check.")));
  else if (self->registrable_domain == NULL)
    /* Translators: %s is a host name */
    add_warning (self, g_strdup_printf (_("“%s” is not a registered domain name, so it may lead to different places on different networks."),
                                        self->host));
}

/**
 * elicit_url_info_new:
 * @url: the URL a server asks the user to open
 * @error: return location for an [error@UrlError]
 *
 * Checks @url and describes where it leads.
 *
 * Returns: (transfer full) (nullable): the analysis, or %NULL with @error set
 *   when the URL must not be opened
 *
 * Since: 1.0
 */
ElicitUrlInfo *
elicit_url_info_new (const char  *url,
                     GError     **error)
{
  g_autoptr(ElicitUrlInfo) self = NULL;
  g_autoptr(GUri) uri = NULL;
  g_autofree char *scheme = NULL;
  gsize host_start = 0;
  gsize host_len = 0;

  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  elicit_ensure_i18n ();

  if (strlen (url) > ELICIT_URL_MAX_LENGTH)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_TOO_LONG,
                           _("The address is too long."));
      return NULL;
    }

  if (*url == '\0' || !g_utf8_validate (url, -1, NULL))
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID,
                           _("This is not a valid web address."));
      return NULL;
    }

  if (!check_characters (url, error) ||
      !check_scheme (url, &scheme, error) ||
      !find_raw_host (url, &host_start, &host_len, error))
    return NULL;

  uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL)
    {
      g_set_error_literal (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID,
                           _("This is not a valid web address."));
      return NULL;
    }

  self = g_object_new (ELICIT_TYPE_URL_INFO, NULL);
  self->url = g_strdup (url);
  self->scheme = g_steal_pointer (&scheme);
  self->port = g_uri_get_port (uri);

  if (!analyse_host (self, url + host_start, host_len, error))
    return NULL;

  self->is_loopback = compute_is_loopback (self);
  compute_registrable_domain (self, host_start, host_len);
  judge_lookalike (self, host_start, host_len);
  compute_warnings (self);

  return g_steal_pointer (&self);
}

/**
 * elicit_url_info_get_url:
 * @self: an [class@UrlInfo]
 *
 * Gets the URL, exactly as the server sent it.
 *
 * Returns: the URL
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_url (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->url;
}

/**
 * elicit_url_info_get_scheme:
 * @self: an [class@UrlInfo]
 *
 * Gets the scheme in lower case: `http` or `https`.
 *
 * Returns: the scheme
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_scheme (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->scheme;
}

/**
 * elicit_url_info_get_host:
 * @self: an [class@UrlInfo]
 *
 * Gets the host as it should be shown, lower case (an IPv6 address without
 * brackets): in Unicode, or in ASCII when the Unicode form could pass for
 * another name (see elicit_url_info_is_deceptive()).
 *
 * Returns: the host
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_host (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->host;
}

/**
 * elicit_url_info_get_ascii_host:
 * @self: an [class@UrlInfo]
 *
 * Gets the host in ASCII, as the browser will look it up: international
 * labels in punycode (`xn--…`).
 *
 * Returns: the ASCII host
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_ascii_host (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->ascii_host;
}

/**
 * elicit_url_info_get_port:
 * @self: an [class@UrlInfo]
 *
 * Gets the port written in the URL.
 *
 * Returns: the port, or -1 when the URL names none
 *
 * Since: 1.0
 */
int
elicit_url_info_get_port (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), -1);

  return self->port;
}

/**
 * elicit_url_info_get_registrable_domain:
 * @self: an [class@UrlInfo]
 *
 * Gets the registrable domain, in Unicode (in ASCII when the host is
 * deceptive, see elicit_url_info_is_deceptive()): the part of the host its owner
 * registered (`example.co.uk` for `login.example.co.uk`), per the Public
 * Suffix List.
 *
 * Returns: (nullable): the registrable domain, or %NULL for IP addresses and
 *   names that are not registered domains
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_registrable_domain (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->registrable_domain;
}

/**
 * elicit_url_info_get_domain_range:
 * @self: an [class@UrlInfo]
 * @start: (out) (optional): return location for the first byte
 * @end: (out) (optional): return location for the byte after the last
 *
 * Finds the registrable domain inside the URL as shown
 * (elicit_url_info_get_display_url()), to highlight it.
 *
 * Returns: %TRUE if the URL has a registrable domain
 *
 * Since: 1.0
 */
gboolean
elicit_url_info_get_domain_range (ElicitUrlInfo *self,
                                  guint         *start,
                                  guint         *end)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), FALSE);

  if (start != NULL)
    *start = self->has_domain_range ? self->domain_start : 0;
  if (end != NULL)
    *end = self->has_domain_range ? self->domain_end : 0;

  return self->has_domain_range;
}

/**
 * elicit_url_info_is_ip_address:
 * @self: an [class@UrlInfo]
 *
 * Whether the host is an IPv4 or IPv6 address rather than a name.
 *
 * Returns: %TRUE for an IP-address host
 *
 * Since: 1.0
 */
gboolean
elicit_url_info_is_ip_address (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), FALSE);

  return self->is_ip;
}

/**
 * elicit_url_info_is_loopback:
 * @self: an [class@UrlInfo]
 *
 * Whether the host is this computer: a loopback address, `localhost` or a
 * name under `.localhost`.
 *
 * Returns: %TRUE for a loopback host
 *
 * Since: 1.0
 */
gboolean
elicit_url_info_is_loopback (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), FALSE);

  return self->is_loopback;
}

/**
 * elicit_url_info_is_idn:
 * @self: an [class@UrlInfo]
 *
 * Whether the host is an internationalized name, whose Unicode and ASCII
 * forms differ.
 *
 * Returns: %TRUE for an internationalized host
 *
 * Since: 1.0
 */
gboolean
elicit_url_info_is_idn (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), FALSE);

  return self->is_idn;
}

/**
 * elicit_url_info_is_deceptive:
 * @self: an #ElicitUrlInfo
 *
 * Whether the host's Unicode form could pass for another name: it mixes
 * scripts, uses characters not meant for names, reads as Latin letters it is
 * not, or is a confusable of a well-known domain. Such a host is shown in
 * ASCII (punycode) everywhere, as browsers do.
 *
 * Returns: %TRUE when the host must be shown in ASCII
 *
 * Since: 1.0
 */
gboolean
elicit_url_info_is_deceptive (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), FALSE);

  return self->is_deceptive;
}

/**
 * elicit_url_info_get_lookalike:
 * @self: an #ElicitUrlInfo
 *
 * Gets the well-known domain the host imitates (`apple.com` for
 * `xn--pple-43d.com`), if any.
 *
 * Returns: (nullable): the imitated domain, or %NULL
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_lookalike (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->lookalike;
}

/**
 * elicit_url_info_get_display_url:
 * @self: an #ElicitUrlInfo
 *
 * Gets the URL as it should be shown: as written, but with the host in
 * ASCII when it is deceptive. Open elicit_url_info_get_url(), show this.
 *
 * Returns: the URL to show
 *
 * Since: 1.0
 */
const char *
elicit_url_info_get_display_url (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return self->display_url != NULL ? self->display_url : self->url;
}

/**
 * elicit_url_info_get_warnings:
 * @self: an [class@UrlInfo]
 *
 * Gets what the user should know before opening the URL, as translated
 * sentences.
 *
 * Returns: (array zero-terminated=1) (transfer none): the warnings, maybe none
 *
 * Since: 1.0
 */
const char * const *
elicit_url_info_get_warnings (ElicitUrlInfo *self)
{
  g_return_val_if_fail (ELICIT_IS_URL_INFO (self), NULL);

  return (const char * const *)self->warnings->pdata;
}
