/* elicit-human-input.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-human-input-private.h"

/*
 * Dates and times as people write them: in the order of their locale's
 * date format (31.12.2025 in German, 12/31/2025 in American English,
 * 2025年12月31日 in Chinese), or in ISO 8601, which servers are sent. A
 * day above 12 in the month's place is read the other way round, as a
 * person who wrote 31/12/2025 meant. Two-digit years are this century's.
 */

#define MAX_PARTS 7

/* The locale's date format with a four-digit year; ISO in the C locale. */
static char *
date_format (void)
{
  const char *locale = setlocale (LC_TIME, NULL);
  g_autoptr(GString) format = NULL;

  /* Without a locale of their own for dates, people still read them as
   * their language writes them. */
  if (locale == NULL || g_str_equal (locale, "C") || g_str_equal (locale, "POSIX") ||
      g_str_has_prefix (locale, "C."))
    /* Translators: how your language writes a date, see strftime(3), with
     * %d, %m and %Y each once (used when the system's locale says nothing
     * about dates), e.g. "%d.%m.%Y" */
    format = g_string_new (C_("date format", "%Y-%m-%d"));
  else
    format = g_string_new (nl_langinfo (D_FMT));

  g_string_replace (format, "%y", "%Y", 0);
  if (strstr (format->str, "%d") == NULL || strstr (format->str, "%m") == NULL ||
      strstr (format->str, "%Y") == NULL)
    return g_strdup ("%Y-%m-%d");

  return g_string_free (g_steal_pointer (&format), FALSE);
}

/* Where day, month and year come in the locale's format: 'd', 'm', 'y'. */
static void
date_order (char order[3])
{
  g_autofree char *format = date_format ();
  guint n = 0;

  for (const char *p = format; *p != '\0' && n < 3; p++)
    if (p[0] == '%' && p[1] != '\0')
      {
        if (p[1] == 'd' || p[1] == 'e')
          order[n++] = 'd';
        else if (p[1] == 'm')
          order[n++] = 'm';
        else if (p[1] == 'Y')
          order[n++] = 'y';
        p++;
      }

  if (n < 3)
    memcpy (order, "ymd", 3);
}

/* The runs of digits in @text; FALSE if anything but digits, spaces,
 * separators and CJK date marks is in it. */
static gboolean
split_numbers (const char *text,
               int         parts[MAX_PARTS],
               guint       widths[MAX_PARTS],
               guint      *n_parts)
{
  *n_parts = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_ascii_isdigit (*p))
        {
          const char *start = p;

          if (*n_parts == MAX_PARTS)
            return FALSE;
          while (g_ascii_isdigit (p[1]))
            p++;
          widths[*n_parts] = p - start + 1;
          if (widths[*n_parts] > 4)
            return FALSE;
          parts[(*n_parts)++] = atoi (start);
        }
      else if (!g_unichar_isspace (c) && strchr ("./-:,", *p) == NULL &&
               c != 0x5E74 && c != 0x6708 && c != 0x65E5)  /* 年 月 日 */
        return FALSE;
    }

  return TRUE;
}

static gboolean
read_date (const int    parts[3],
           const guint  widths[3],
           GDate       *date)
{
  char order[3];
  int day = 0, month = 0, year = 0;

  if (widths[0] == 4)
    memcpy (order, "ymd", 3);
  else
    date_order (order);
  /* 31/12/2025 where the locale puts the year first: day or month first. */
  if (order[0] == 'y' && widths[0] != 4 && widths[2] == 4)
    memcpy (order, "dmy", 3);

  for (guint i = 0; i < 3; i++)
    {
      if (order[i] == 'd')
        day = parts[i];
      else if (order[i] == 'm')
        month = parts[i];
      else
        year = widths[i] <= 2 ? 2000 + parts[i] : parts[i];
    }

  if (!g_date_valid_dmy (day, month, year) && g_date_valid_dmy (month, day, year))
    {
      int swap = day;

      day = month;
      month = swap;
    }
  if (year < 1 || year > 9999 || !g_date_valid_dmy (day, month, year))
    return FALSE;

  g_date_clear (date, 1);
  g_date_set_dmy (date, day, month, year);

  return TRUE;
}

char *
elicit_human_input_parse_date (const char *text)
{
  int parts[MAX_PARTS];
  guint widths[MAX_PARTS], n;
  GDate date;

  if (text == NULL || !split_numbers (text, parts, widths, &n) || n != 3 ||
      !read_date (parts, widths, &date))
    return NULL;

  return g_strdup_printf ("%04d-%02d-%02d", g_date_get_year (&date), g_date_get_month (&date),
                          g_date_get_day (&date));
}

char *
elicit_human_input_parse_date_time (const char *text)
{
  g_autoptr(GTimeZone) local_zone = g_time_zone_new_local ();
  g_autoptr(GDateTime) moment = NULL;
  int parts[MAX_PARTS];
  guint widths[MAX_PARTS], n;
  GDate date;

  if (text == NULL)
    return NULL;

  /* ISO 8601, with or without a zone (then the user's). */
  moment = g_date_time_new_from_iso8601 (text, local_zone);
  if (moment == NULL)
    {
      if (!split_numbers (text, parts, widths, &n) || n < 5 || n > 6 ||
          !read_date (parts, widths, &date) || parts[3] > 23 || parts[4] > 59 ||
          (n == 6 && parts[5] > 59))
        return NULL;
      moment = g_date_time_new (local_zone, g_date_get_year (&date), g_date_get_month (&date),
                                g_date_get_day (&date), parts[3], parts[4], n == 6 ? parts[5] : 0);
    }
  if (moment == NULL)
    return NULL;

  return g_date_time_format (moment, "%Y-%m-%dT%H:%M:%S%:z");
}

char *
elicit_human_input_format_date (const char *iso)
{
  g_autofree char *format = date_format ();
  g_autoptr(GDateTime) moment = NULL;
  int year, month, day;

  if (iso == NULL || sscanf (iso, "%4d-%2d-%2d", &year, &month, &day) != 3 ||
      !g_date_valid_dmy (day, month, year))
    return NULL;

  moment = g_date_time_new_utc (year, month, day, 0, 0, 0);

  return moment != NULL ? g_date_time_format (moment, format) : NULL;
}

char *
elicit_human_input_format_date_time (const char *iso)
{
  g_autoptr(GTimeZone) local_zone = g_time_zone_new_local ();
  g_autoptr(GDateTime) parsed = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *format = date_format ();
  g_autofree char *with_time = NULL;

  if (iso == NULL || (parsed = g_date_time_new_from_iso8601 (iso, local_zone)) == NULL)
    return NULL;

  local = g_date_time_to_local (parsed);
  with_time = g_strconcat (format, g_date_time_get_second (local) != 0 ? " %H:%M:%S" : " %H:%M", NULL);

  return g_date_time_format (local, with_time);
}

/* An address typed without a scheme ("example.com") is a web address. */
char *
elicit_human_input_complete_url (const char *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  if (*stripped == '\0' || strstr (stripped, "://") != NULL || strchr (stripped, ' ') != NULL ||
      g_uri_peek_scheme (stripped) != NULL || strchr (stripped, '.') == NULL)
    return NULL;

  return g_strconcat ("https://", stripped, NULL);
}
