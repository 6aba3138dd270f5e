/* elicit-renderer-choice.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-renderer-choice.h"

/*
 * A dialog that lives for one question draws a few hundred thousand pixels a
 * handful of times. GTK 4.8 prepares OpenGL as soon as the display opens
 * anyway: with Mesa that loads libLLVM (46 MiB) and compiles shaders, which
 * was 46% of `elicit call`'s start-up CPU on llvmpipe and 61 of its 97 MiB.
 * GTK 4.8 has no API to say "no GL" other than GDK_DEBUG=gl-disable read by
 * gtk_init(), so it is set for gtk_init() alone, then taken away again: the
 * servers, browsers and helpers Elicit starts later inherit the user's
 * environment, not this choice. A user who set GDK_DEBUG, or a GSK_RENDERER
 * other than cairo, keeps what they chose; GSK_RENDERER=cairo already says
 * that no GL is wanted, so GDK is told not to prepare it either (it would,
 * in 4.8: 58 MiB and 80 ms more for `elicit call`). The app's long-lived
 * window keeps GTK's default.
 */

#define CHOICE_VARIABLE "GDK_DEBUG"

/* Returns whether the choice was made (and must be forgotten). */
gboolean
elicit_renderer_choice_prefer_cairo (void)
{
  const char *renderer = g_getenv ("GSK_RENDERER");

  if ((renderer != NULL && g_strcmp0 (renderer, "cairo") != 0) || g_getenv (CHOICE_VARIABLE) != NULL)
    return FALSE;

  return g_setenv (CHOICE_VARIABLE, "gl-disable", TRUE);
}

/* GDK read the variable in gtk_init(); nothing of this process needs it now. */
void
elicit_renderer_choice_forget (gboolean chosen)
{
  if (chosen)
    g_unsetenv (CHOICE_VARIABLE);
}

/* With GL disabled, GSK says at every window that its GL renderer could not
 * start: not news to whoever disabled it. */
gboolean
elicit_renderer_choice_is_own_note (GLogLevelFlags   log_level,
                                    const GLogField *fields,
                                    gsize            n_fields)
{
  const char *domain = NULL;
  const char *message = NULL;

  if ((log_level & G_LOG_LEVEL_MESSAGE) == 0)
    return FALSE;

  for (gsize i = 0; i < n_fields; i++)
    if (fields[i].length < 0 && g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (fields[i].length < 0 && g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;

  return g_strcmp0 (domain, "Gsk") == 0 && message != NULL &&
         strstr (message, CHOICE_VARIABLE) != NULL;
}

static GLogWriterOutput
quiet_writer (GLogLevelFlags   log_level,
              const GLogField *fields,
              gsize            n_fields,
              gpointer         user_data)
{
  if (elicit_renderer_choice_is_own_note (log_level, fields, n_fields))
    return G_LOG_WRITER_HANDLED;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* For programs without a log writer of their own (lint, the app): drops
 * that note and writes the rest as GLib would. */
void
elicit_renderer_choice_quiet_notes (void)
{
  g_log_set_writer_func (quiet_writer, NULL, NULL);
}
