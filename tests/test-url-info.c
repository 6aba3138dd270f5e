/* test-url-info.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "elicit.h"
#include "elicit-url-info.h"

#define W_HTTP "This address uses plain HTTP: what you send and receive there can be read or changed on the way."
#define W_IP "The host is an IP address, not a domain name, so there is no name to check."
#define W_LOOPBACK "This address leads to a program on your own computer."
#define W_IDN(u, a) "The host name uses international characters, which can imitate other names. It is “" u "”, also written “" a "”."
#define W_LOOKS(known, real) "This address looks like " known ", but it is a different site: " real "."
#define W_MIXED(a) "The host name mixes alphabets or uses letters that imitate other letters, so it is shown as “" a "”."
#define W_NO_DOMAIN(h) "“" h "” is not a registered domain name, so it may lead to different places on different networks."

#define E_INVALID "This is not a valid web address."
#define E_HIDDEN "The address contains spaces, control characters or invisible characters."
#define E_BACKSLASH "The address contains a backslash, which browsers and this program would read differently."
#define E_USERINFO "The address contains a user name or password before the host name, which can disguise where it leads."
#define E_NO_HOST "The address has no host name."
#define E_BAD_HOST "The host name is not valid."
#define E_PERCENT "The host name is percent-encoded, which can disguise where the address leads."
#define E_NUMBER "The host name is a number that browsers would read as an IP address in an unusual notation."
#define E_SCHEME(s) "Only web addresses (http and https) can be opened, not “" s ":” addresses."

typedef struct
{
  const char *path;
  const char *url;
  /* when accepted */
  const char *scheme;
  const char *host;
  const char *ascii_host;
  const char *domain;       /* registrable domain, or NULL */
  const char *highlighted;  /* the part of the URL highlighted as the domain */
  int         port;
  gboolean    ip;
  gboolean    loopback;
  const char *warnings[4];
  /* when refused */
  int         error_code;
  const char *error_message;
} UrlCase;

#define OK(p, u, s, h, a, d, hl, port, ip, lo, ...) \
  { p, u, s, h, a, d, hl, port, ip, lo, { __VA_ARGS__ }, -1, NULL }
#define REFUSED(p, u, code, msg) \
  { p, u, NULL, NULL, NULL, NULL, NULL, -1, FALSE, FALSE, { NULL }, code, msg }

static const UrlCase cases[] = {
  OK ("plain-https-has-no-warnings",
      "https://example.com/path?q=1#frag", "https", "example.com", "example.com", "example.com",
      "example.com", -1, FALSE, FALSE, NULL),
  OK ("the-registrable-domain-of-a-subdomain-is-highlighted",
      "https://login.accounts.example.co.uk/oauth", "https", "login.accounts.example.co.uk",
      "login.accounts.example.co.uk", "example.co.uk", "example.co.uk", -1, FALSE, FALSE, NULL),
  OK ("a-lookalike-subdomain-highlights-the-real-domain",
      "https://paypal.com.evil.example.net/login", "https", "paypal.com.evil.example.net",
      "paypal.com.evil.example.net", "example.net", "example.net", -1, FALSE, FALSE, NULL),
  OK ("scheme-and-host-are-lower-cased",
      "HTTPS://WWW.Example.ORG:8443/", "https", "www.example.org", "www.example.org",
      "example.org", "Example.ORG", 8443, FALSE, FALSE, NULL),
  OK ("plain-http-warns",
      "http://example.com/", "http", "example.com", "example.com", "example.com", "example.com",
      -1, FALSE, FALSE, W_HTTP, NULL),
  OK ("plain-http-to-localhost-does-not-warn-about-http",
      "http://localhost:8080/callback", "http", "localhost", "localhost", NULL, NULL, 8080,
      FALSE, TRUE, W_LOOPBACK, NULL),
  OK ("a-name-under-localhost-is-loopback",
      "http://app.localhost/", "http", "app.localhost", "app.localhost", NULL, NULL, -1, FALSE,
      TRUE, W_LOOPBACK, NULL),
  OK ("loopback-ipv4-is-loopback",
      "http://127.0.0.1:3000/done", "http", "127.0.0.1", "127.0.0.1", NULL, NULL, 3000, TRUE,
      TRUE, W_LOOPBACK, NULL),
  OK ("loopback-ipv6-is-loopback",
      "http://[::1]:3000/", "http", "::1", "::1", NULL, NULL, 3000, TRUE, TRUE, W_LOOPBACK, NULL),
  OK ("an-ipv4-host-warns",
      "https://203.0.113.7/pay", "https", "203.0.113.7", "203.0.113.7", NULL, NULL, -1, TRUE,
      FALSE, W_IP, NULL),
  OK ("plain-http-to-an-ipv6-host-warns-twice",
      "http://[2001:DB8::1]/", "http", "2001:db8::1", "2001:db8::1", NULL, NULL, -1, TRUE, FALSE,
      W_HTTP, W_IP, NULL),
  OK ("a-unicode-host-shows-both-forms",
      "https://bücher.example.de/", "https", "bücher.example.de", "xn--bcher-kva.example.de",
      "example.de", "example.de", -1, FALSE, FALSE,
      W_IDN ("bücher.example.de", "xn--bcher-kva.example.de"), NULL),
  OK ("a-whole-script-lookalike-is-shown-in-punycode",
      "https://xn--80ak6aa92e.com/", "https", "xn--80ak6aa92e.com", "xn--80ak6aa92e.com",
      "xn--80ak6aa92e.com", "xn--80ak6aa92e.com", -1, FALSE, FALSE,
      W_LOOKS ("apple.com", "xn--80ak6aa92e.com"), NULL),
  OK ("a-mixed-script-apple-is-named-by-its-punycode",
      "http://xn--pple-43d.com/login", "http", "xn--pple-43d.com", "xn--pple-43d.com",
      "xn--pple-43d.com", "xn--pple-43d.com", -1, FALSE, FALSE,
      W_HTTP, W_LOOKS ("apple.com", "xn--pple-43d.com"), NULL),
  OK ("a-mixed-script-host-written-in-unicode-is-shown-in-punycode",
      "https://login.аpple.com/", "https", "login.xn--pple-43d.com", "login.xn--pple-43d.com",
      "xn--pple-43d.com", "xn--pple-43d.com", -1, FALSE, FALSE,
      W_LOOKS ("apple.com", "xn--pple-43d.com"), NULL),
  OK ("a-mixed-script-host-that-imitates-nothing-known-is-still-punycode",
      "https://exаmple.org/", "https", "xn--exmple-4nf.org", "xn--exmple-4nf.org",
      "xn--exmple-4nf.org", "xn--exmple-4nf.org", -1, FALSE, FALSE,
      W_MIXED ("xn--exmple-4nf.org"), NULL),
  OK ("an-ascii-lookalike-is-named",
      "https://rnicrosoft.com/", "https", "rnicrosoft.com", "rnicrosoft.com", "rnicrosoft.com",
      "rnicrosoft.com", -1, FALSE, FALSE, W_LOOKS ("microsoft.com", "rnicrosoft.com"), NULL),
  OK ("a-single-script-international-name-stays-unicode",
      "https://пример.рф/", "https", "пример.рф", "xn--e1afmkfd.xn--p1ai", "пример.рф",
      "пример.рф", -1, FALSE, FALSE, W_IDN ("пример.рф", "xn--e1afmkfd.xn--p1ai"), NULL),
  OK ("an-ideographic-full-stop-is-a-dot",
      "https://example\u3002com/", "https", "example.com", "example.com", "example.com",
      "example\u3002com", -1, FALSE, FALSE, NULL),
  OK ("a-fullwidth-full-stop-is-a-dot",
      "http://127\uFF0E0\uFF0E0\uFF0E1/", "http", "127.0.0.1", "127.0.0.1", NULL, NULL, -1,
      TRUE, TRUE, W_LOOPBACK, NULL),
  OK ("an-ipv4-mapped-loopback-is-loopback",
      "http://[::ffff:127.0.0.1]:8080/", "http", "::ffff:127.0.0.1", "::ffff:127.0.0.1", NULL,
      NULL, 8080, TRUE, TRUE, W_LOOPBACK, NULL),
  OK ("an-ipv4-mapped-loopback-in-hex-is-loopback",
      "http://[::ffff:7f00:1]/", "http", "::ffff:7f00:1", "::ffff:7f00:1", NULL, NULL, -1, TRUE,
      TRUE, W_LOOPBACK, NULL),
  OK ("a-nat64-loopback-is-loopback",
      "http://[64:ff9b::7f00:1]/", "http", "64:ff9b::7f00:1", "64:ff9b::7f00:1", NULL, NULL, -1,
      TRUE, TRUE, W_LOOPBACK, NULL),
  OK ("the-unspecified-address-is-this-computer",
      "http://0.0.0.0:3000/", "http", "0.0.0.0", "0.0.0.0", NULL, NULL, 3000, TRUE, TRUE,
      W_LOOPBACK, NULL),
  OK ("an-international-registrable-domain-is-highlighted-as-written",
      "https://münchen.de/rathaus", "https", "münchen.de", "xn--mnchen-3ya.de", "münchen.de",
      "münchen.de", -1, FALSE, FALSE, W_IDN ("münchen.de", "xn--mnchen-3ya.de"), NULL),
  OK ("a-host-that-is-a-public-suffix-warns",
      "https://github.io/", "https", "github.io", "github.io", NULL, NULL, -1, FALSE, FALSE,
      W_NO_DOMAIN ("github.io"), NULL),
  OK ("a-single-label-host-warns",
      "https://intranet/wiki", "https", "intranet", "intranet", NULL, NULL, -1, FALSE, FALSE,
      W_NO_DOMAIN ("intranet"), NULL),
  OK ("a-private-suffix-counts-as-public",
      "https://someone.github.io/page", "https", "someone.github.io", "someone.github.io",
      "someone.github.io", "someone.github.io", -1, FALSE, FALSE, NULL),
  OK ("a-trailing-dot-is-not-part-of-the-domain",
      "https://www.example.com./", "https", "www.example.com", "www.example.com",
      "example.com", "example.com", -1, FALSE, FALSE, NULL),
  REFUSED ("user-info-is-refused",
           "https://user:secret@example.com/", ELICIT_URL_ERROR_USER_INFO, E_USERINFO),
  REFUSED ("a-lookalike-user-name-is-refused",
           "https://good.example@evil.example/", ELICIT_URL_ERROR_USER_INFO, E_USERINFO),
  REFUSED ("a-backslash-before-an-at-sign-is-refused",
           "https://evil.example\\@good.com/", ELICIT_URL_ERROR_BACKSLASH, E_BACKSLASH),
  REFUSED ("a-backslash-in-the-path-is-refused",
           "https://example.com/a\\b", ELICIT_URL_ERROR_BACKSLASH, E_BACKSLASH),
  REFUSED ("javascript-is-refused",
           "javascript:alert(1)", ELICIT_URL_ERROR_UNSUPPORTED_SCHEME, E_SCHEME ("javascript")),
  REFUSED ("data-is-refused",
           "data:text/html,<h1>hi</h1>", ELICIT_URL_ERROR_UNSUPPORTED_SCHEME, E_SCHEME ("data")),
  REFUSED ("file-is-refused",
           "file:///etc/passwd", ELICIT_URL_ERROR_UNSUPPORTED_SCHEME, E_SCHEME ("file")),
  REFUSED ("ftp-is-refused",
           "FTP://example.com/", ELICIT_URL_ERROR_UNSUPPORTED_SCHEME, E_SCHEME ("ftp")),
  REFUSED ("a-relative-reference-is-refused",
           "/just/a/path", ELICIT_URL_ERROR_INVALID, E_INVALID),
  REFUSED ("an-empty-string-is-refused",
           "", ELICIT_URL_ERROR_INVALID, E_INVALID),
  REFUSED ("a-space-is-refused",
           "https://example.com/a b", ELICIT_URL_ERROR_INVISIBLE_CHARACTERS, E_HIDDEN),
  REFUSED ("a-newline-is-refused",
           "https://example.com/\nhttps://good.com", ELICIT_URL_ERROR_INVISIBLE_CHARACTERS, E_HIDDEN),
  REFUSED ("a-bidi-override-is-refused",
           "https://example.com/\u202Egpj.exe", ELICIT_URL_ERROR_INVISIBLE_CHARACTERS, E_HIDDEN),
  REFUSED ("a-zero-width-space-in-the-host-is-refused",
           "https://exa\u200Bmple.com/", ELICIT_URL_ERROR_INVISIBLE_CHARACTERS, E_HIDDEN),
  REFUSED ("a-hangul-filler-that-draws-nothing-is-refused",
           "https://example.com/pay\u3164ment", ELICIT_URL_ERROR_INVISIBLE_CHARACTERS, E_HIDDEN),
  REFUSED ("a-missing-host-is-refused",
           "https:///path", ELICIT_URL_ERROR_NO_HOST, E_NO_HOST),
  REFUSED ("a-url-without-slashes-is-refused",
           "https:example.com", ELICIT_URL_ERROR_NO_HOST, E_NO_HOST),
  REFUSED ("a-port-without-host-is-refused",
           "https://:443/", ELICIT_URL_ERROR_NO_HOST, E_NO_HOST),
  REFUSED ("a-percent-encoded-host-is-refused",
           "https://%65vil.example/", ELICIT_URL_ERROR_INVALID_HOST, E_PERCENT),
  REFUSED ("a-decimal-ip-is-refused",
           "http://2130706433/", ELICIT_URL_ERROR_INVALID_HOST, E_NUMBER),
  REFUSED ("a-hex-ip-is-refused",
           "http://0x7f.1/", ELICIT_URL_ERROR_INVALID_HOST, E_NUMBER),
  REFUSED ("an-octal-ip-is-refused",
           "http://010.0.0.1/", ELICIT_URL_ERROR_INVALID_HOST, E_NUMBER),
  REFUSED ("odd-characters-in-the-host-are-refused",
           "https://exa<mple.com/", ELICIT_URL_ERROR_INVALID_HOST, E_BAD_HOST),
  REFUSED ("an-unclosed-ipv6-literal-is-refused",
           "https://[::1/", ELICIT_URL_ERROR_INVALID_HOST, E_BAD_HOST),
  REFUSED ("an-out-of-range-port-is-refused",
           "https://example.com:99999/", ELICIT_URL_ERROR_INVALID, E_INVALID),
};

static void
test_case (gconstpointer data)
{
  const UrlCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitUrlInfo) info = elicit_url_info_new (c->url, &error);
  const char * const *warnings;
  guint start, end;

  if (c->error_message != NULL)
    {
      g_assert_null (info);
      g_assert_error (error, ELICIT_URL_ERROR, c->error_code);
      g_assert_cmpstr (error->message, ==, c->error_message);
      return;
    }

  g_assert_no_error (error);
  g_assert_nonnull (info);
  g_assert_cmpstr (elicit_url_info_get_url (info), ==, c->url);
  g_assert_cmpstr (elicit_url_info_get_scheme (info), ==, c->scheme);
  g_assert_cmpstr (elicit_url_info_get_host (info), ==, c->host);
  g_assert_cmpstr (elicit_url_info_get_ascii_host (info), ==, c->ascii_host);
  g_assert_cmpstr (elicit_url_info_get_registrable_domain (info), ==, c->domain);
  g_assert_cmpint (elicit_url_info_get_port (info), ==, c->port);
  g_assert_cmpint (elicit_url_info_is_ip_address (info), ==, c->ip);
  g_assert_cmpint (elicit_url_info_is_loopback (info), ==, c->loopback);
  g_assert_cmpint (elicit_url_info_is_idn (info), ==, strstr (c->ascii_host, "xn--") != NULL);
  g_assert_cmpint (elicit_url_info_is_deceptive (info), ==,
                   strcmp (c->host, c->ascii_host) == 0 && strstr (c->ascii_host, "xn--") != NULL);

  if (c->highlighted != NULL)
    {
      g_autofree char *part = NULL;

      g_assert_true (elicit_url_info_get_domain_range (info, &start, &end));
      part = g_strndup (elicit_url_info_get_display_url (info) + start, end - start);
      g_assert_cmpstr (part, ==, c->highlighted);
    }
  else
    {
      g_assert_false (elicit_url_info_get_domain_range (info, &start, &end));
    }

  warnings = elicit_url_info_get_warnings (info);
  g_assert_nonnull (warnings);
  g_assert_cmpstrv (warnings, c->warnings);
}

static void
test_too_long (void)
{
  g_autoptr(GString) url = g_string_new ("https://example.com/");
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitUrlInfo) info = NULL;

  while (url->len <= ELICIT_URL_MAX_LENGTH)
    g_string_append_c (url, 'a');

  info = elicit_url_info_new (url->str, &error);
  g_assert_null (info);
  g_assert_error (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_TOO_LONG);
  g_assert_cmpstr (error->message, ==, "The address is too long.");

  g_string_truncate (url, ELICIT_URL_MAX_LENGTH);
  g_clear_error (&error);
  g_clear_object (&info);
  info = elicit_url_info_new (url->str, &error);
  g_assert_no_error (error);
  g_assert_nonnull (info);
}

static void
test_invalid_utf8 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitUrlInfo) info = elicit_url_info_new ("https://example.com/\xff", &error);

  g_assert_null (info);
  g_assert_error (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_INVALID);
}

/* g_uri_peek_scheme() interned each: 50,000 distinct schemes kept 395 MiB for good. */
static void
test_schemes_are_not_kept (void)
{
  for (guint i = 0; i < 50000; i++)
    {
      g_autofree char *scheme = g_strdup_printf ("elicit-test-scheme-%u", i);
      g_autofree char *url = g_strdup_printf ("%s://example.com/", scheme);
      g_autoptr(GError) error = NULL;
      g_autoptr(ElicitUrlInfo) info = elicit_url_info_new (url, &error);

      g_assert_null (info);
      g_assert_error (error, ELICIT_URL_ERROR, ELICIT_URL_ERROR_UNSUPPORTED_SCHEME);
      g_assert_cmpuint (g_quark_try_string (scheme), ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Elicit/UrlInfo/%s", cases[i].path);

      g_test_add_data_func (path, &cases[i], test_case);
    }

  g_test_add_func ("/Elicit/UrlInfo/a-url-past-the-length-limit-is-refused", test_too_long);
  g_test_add_func ("/Elicit/UrlInfo/invalid-utf-8-is-refused", test_invalid_utf8);
  g_test_add_func ("/Elicit/UrlInfo/distinct-schemes-leave-nothing-behind", test_schemes_are_not_kept);

  return g_test_run ();
}
