/* elicit-header-options.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "elicit-header-options.h"

/*
 * `-H "Authorization: Bearer …"` puts a secret where every local user can
 * read it: /proc/PID/cmdline. `--header-file FILE` keeps it in a file only
 * its owner reads; headers given on the command line that look secret get a
 * warning that says so.
 */

#define MAX_HEADER_FILE_SIZE (64 * 1024)

static gboolean
looks_secret (const char *header)
{
  static const char * const names[] = {
    "authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "apikey",
  };
  const char *colon = strchr (header, ':');
  g_autofree char *name = g_ascii_strdown (header, colon != NULL ? colon - header : -1);

  g_strstrip (name);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      return TRUE;

  return strstr (name, "token") != NULL || strstr (name, "secret") != NULL ||
         strstr (name, "key") != NULL || strstr (name, "auth") != NULL;
}

static void
warn_about_secrets (char **headers)
{
  for (guint i = 0; headers != NULL && headers[i] != NULL; i++)
    {
      const char *colon = strchr (headers[i], ':');
      g_autofree char *name = g_strndup (headers[i], colon != NULL ? (gsize) (colon - headers[i])
                                                                    : strlen (headers[i]));

      if (looks_secret (headers[i]))
        g_printerr (_("elicit: warning: every local user can read the “%s” header given on the "
                      "command line; put it in a --header-file instead\n"),
                    g_strstrip (name));
    }
}

/* Only a regular file of bounded size: not a FIFO that blocks the read. */
static char *
read_header_file (const char  *path,
                  GError     **error)
{
  g_autofree char *contents = NULL;
  GStatBuf info;
  gsize length;

  if (g_stat (path, &info) != 0 || !S_ISREG (info.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("The header file %s is not a regular file"), path);
      return NULL;
    }
  if (info.st_size > MAX_HEADER_FILE_SIZE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("The header file %s is larger than %u KiB"), path, MAX_HEADER_FILE_SIZE / 1024);
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if (length > MAX_HEADER_FILE_SIZE || memchr (contents, '\0', length) != NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("The header file %s is not a text file of headers"), path);
      return NULL;
    }

  return g_steal_pointer (&contents);
}

gboolean
elicit_header_options_resolve (char       ***headers,
                               const char   *header_file,
                               GError      **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  warn_about_secrets (*headers);
  if (header_file == NULL)
    return TRUE;

  contents = read_header_file (header_file, error);
  if (contents == NULL)
    return FALSE;

  if (*headers != NULL)
    g_strv_builder_addv (builder, (const char **) *headers);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line != '\0' && *line != '#')
        g_strv_builder_add (builder, line);
    }

  g_strfreev (*headers);
  *headers = g_strv_builder_end (builder);
  explicit_bzero (contents, strlen (contents));
  for (guint i = 0; lines[i] != NULL; i++)
    explicit_bzero (lines[i], strlen (lines[i]));
  return TRUE;
}
