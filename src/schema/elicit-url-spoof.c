/* elicit-url-spoof.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include "elicit-url-spoof-private.h"

/*
 * Whether a host name may be shown in Unicode, decided as browsers decide
 * (Chromium's IDN display policy, after Unicode TS #39): each label must pass
 * ICU's spoof checker at the "highly restrictive" level (one script, or Latin
 * with Han and Japanese or Korean), use only characters recommended for
 * identifiers, no invisible ones, no numbers from several systems; a label
 * written wholly in another script must not read as Latin letters (a
 * whole-script confusable, such as Cyrillic "аррӏе"); and the registrable
 * domain must not be a confusable of a well-known domain. A host that fails
 * is shown in its ASCII (punycode) form, and what it imitates is named.
 *
 * GLib and ICU only: URL analysis stays free of GTK.
 */

/* Domains people trust and attackers imitate. Small on purpose: a lookalike
 * of anything else is still caught by the script rules, only not named. */
static const char * const well_known_domains[] = {
  "adobe.com", "airbnb.com", "amazon.com", "americanexpress.com", "anthropic.com",
  "apple.com", "atlassian.com", "bankofamerica.com", "binance.com", "bing.com",
  "booking.com", "chase.com", "citi.com", "cloudflare.com", "coinbase.com",
  "debian.org", "docker.com", "dropbox.com", "ebay.com", "epicgames.com",
  "facebook.com", "figma.com", "github.com", "gitlab.com", "gmail.com",
  "gnome.org", "google.com", "hsbc.com", "icloud.com", "instagram.com",
  "linkedin.com", "live.com", "mastercard.com", "microsoft.com", "mozilla.org",
  "netflix.com", "notion.so", "npmjs.com", "office.com", "openai.com",
  "outlook.com", "paypal.com", "pypi.org", "reddit.com", "salesforce.com",
  "shopify.com", "slack.com", "spotify.com", "steamcommunity.com", "stripe.com",
  "telegram.org", "tiktok.com", "twitch.tv", "twitter.com", "ubuntu.com",
  "visa.com", "wellsfargo.com", "whatsapp.com", "wikipedia.org", "x.com",
  "yahoo.com", "youtube.com", "zoom.us",
};

static const USpoofChecker *
get_checker (void)
{
  static const USpoofChecker *checker;

  if (g_once_init_enter (&checker))
    {
      UErrorCode status = U_ZERO_ERROR;
      USpoofChecker *sc = uspoof_open (&status);

      if (U_SUCCESS (status))
        {
          uspoof_setRestrictionLevel (sc, USPOOF_HIGHLY_RESTRICTIVE);
          uspoof_setChecks (sc,
                            USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS |
                            USPOOF_HIDDEN_OVERLAY | USPOOF_CHAR_LIMIT,
                            &status);
          uspoof_setAllowedChars (sc, uspoof_getRecommendedSet (&status), &status);
        }
      if (U_FAILURE (status))
        {
          g_warning ("ICU spoof checker unavailable: %s", u_errorName (status));
          g_clear_pointer (&sc, uspoof_close);
        }
      /* Kept for the life of the process; checks on it are thread-safe. */
      g_once_init_leave (&checker, sc != NULL ? sc : (USpoofChecker *) 1);
    }

  return checker != (USpoofChecker *) 1 ? checker : NULL;
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p >= 0x80)
      return FALSE;

  return TRUE;
}

/* The TS #39 skeleton: two strings that look alike have the same one. */
static char *
skeleton (const USpoofChecker *checker,
          const char          *text)
{
  UErrorCode status = U_ZERO_ERROR;
  int32_t len = uspoof_getSkeletonUTF8 (checker, 0, text, -1, NULL, 0, &status);
  char *out;

  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE (status))
    return NULL;

  out = g_malloc (len + 1);
  status = U_ZERO_ERROR;
  uspoof_getSkeletonUTF8 (checker, 0, text, -1, out, len + 1, &status);
  if (U_FAILURE (status))
    g_clear_pointer (&out, g_free);

  return out;
}

/* Skeletons keep "l" and "i" apart; in a non-Latin name "ӏ" (palochka) and
 * "і" pass for either, so compare them folded together. */
static char *
loose_skeleton (const USpoofChecker *checker,
                const char          *text)
{
  char *out = skeleton (checker, text);

  if (out != NULL && !is_ascii (text))
    g_strdelimit (out, "l", 'i');

  return out;
}

static char *
find_lookalike (const USpoofChecker *checker,
                const char          *unicode_domain,
                const char          *ascii_domain)
{
  g_autofree char *wanted = loose_skeleton (checker, unicode_domain);
  gboolean loose = !is_ascii (unicode_domain);

  if (wanted == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (well_known_domains); i++)
    {
      g_autofree char *known = skeleton (checker, well_known_domains[i]);

      if (known == NULL || g_ascii_strcasecmp (ascii_domain, well_known_domains[i]) == 0)
        continue;
      if (loose)
        g_strdelimit (known, "l", 'i');
      if (strcmp (known, wanted) == 0)
        return g_strdup (well_known_domains[i]);
    }

  return NULL;
}

/* A label wholly in one script other than Latin whose skeleton is plain
 * ASCII letters: it reads as a Latin name it is not. */
static gboolean
is_whole_script_confusable (const USpoofChecker *checker,
                            const char          *label)
{
  UScriptCode seen = USCRIPT_INVALID_CODE;
  g_autofree char *shape = NULL;

  if (is_ascii (label))
    return FALSE;

  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    {
      UErrorCode status = U_ZERO_ERROR;
      UScriptCode script = uscript_getScript (g_utf8_get_char (p), &status);

      if (U_FAILURE (status) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED)
        continue;
      if (seen != USCRIPT_INVALID_CODE && script != seen)
        return FALSE;
      seen = script;
    }

  if (seen == USCRIPT_LATIN || seen == USCRIPT_INVALID_CODE)
    return FALSE;

  shape = skeleton (checker, label);
  if (shape == NULL)
    return FALSE;

  for (const char *p = shape; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return FALSE;

  return TRUE;
}

/*
 * elicit_url_spoof_check:
 * @unicode_host: the host in Unicode, labels separated by "."
 * @unicode_domain: (nullable): its registrable domain in Unicode
 * @ascii_domain: (nullable): the same in ASCII
 * @lookalike: (out) (transfer full) (optional): the well-known domain the host
 *   imitates, or %NULL
 *
 * Returns: %TRUE when the host must be shown in ASCII: it mixes scripts,
 *   uses characters not meant for names, reads as Latin letters it is not, or
 *   imitates a well-known domain
 */
gboolean
elicit_url_spoof_check (const char  *unicode_host,
                        const char  *unicode_domain,
                        const char  *ascii_domain,
                        char       **lookalike)
{
  const USpoofChecker *checker = get_checker ();
  g_auto(GStrv) labels = NULL;
  g_autofree char *imitated = NULL;
  gboolean deceptive = FALSE;

  g_return_val_if_fail (unicode_host != NULL, FALSE);

  if (lookalike != NULL)
    *lookalike = NULL;

  /* Without ICU's data nothing can be judged: treat every IDN as suspect. */
  if (checker == NULL)
    return !is_ascii (unicode_host);

  if (unicode_domain != NULL && ascii_domain != NULL)
    imitated = find_lookalike (checker, unicode_domain, ascii_domain);

  labels = g_strsplit (unicode_host, ".", -1);
  for (guint i = 0; labels[i] != NULL && !deceptive; i++)
    {
      UErrorCode status = U_ZERO_ERROR;

      if (is_ascii (labels[i]))
        continue;
      if (uspoof_check2UTF8 (checker, labels[i], -1, NULL, &status) != 0 || U_FAILURE (status) ||
          is_whole_script_confusable (checker, labels[i]))
        deceptive = TRUE;
    }

  /* An ASCII name can still imitate one (rn for m): named, shown as it is. */
  deceptive = deceptive || (imitated != NULL && !is_ascii (unicode_host));

  if (lookalike != NULL)
    *lookalike = g_steal_pointer (&imitated);

  return deceptive;
}
