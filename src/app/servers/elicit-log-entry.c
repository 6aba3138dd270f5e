/* elicit-log-entry.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-log-entry.h"

/* Longer lines are cut: the log is for reading, and must not hold a
 * server's 16 MiB message several times over. */
#define MAX_TEXT_LENGTH 4096

/**
 * ElicitLogEntry:
 *
 * One line of a server's log in the window: what the server wrote to its
 * standard error, a message either way, a log notification, or a notice.
 */

struct _ElicitLogEntry
{
  GObject        parent_instance;

  ElicitLogKind  kind;
  char          *text;
  gint64         time;
};

enum {
  PROP_0,
  PROP_TEXT,
  PROP_MARKER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ElicitLogEntry, elicit_log_entry, G_TYPE_OBJECT)

static void
elicit_log_entry_finalize (GObject *object)
{
  ElicitLogEntry *self = ELICIT_LOG_ENTRY (object);

  g_free (self->text);

  G_OBJECT_CLASS (elicit_log_entry_parent_class)->finalize (object);
}

static void
elicit_log_entry_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ElicitLogEntry *self = ELICIT_LOG_ENTRY (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, elicit_log_entry_get_text (self));
      break;

    case PROP_MARKER:
      g_value_set_string (value, elicit_log_entry_get_marker (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_log_entry_class_init (ElicitLogEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = elicit_log_entry_finalize;
  object_class->get_property = elicit_log_entry_get_property;

  /**
   * ElicitLogEntry:text:
   *
   * The line, valid UTF-8 without line breaks.
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitLogEntry:marker:
   *
   * A short sign of the entry's kind, shown before the line.
   */
  properties[PROP_MARKER] =
    g_param_spec_string ("marker", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_log_entry_init (ElicitLogEntry *self)
{
}

static char *
make_line (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *line = g_string_sized_new (MIN (strlen (valid), MAX_TEXT_LENGTH) + 4);
  const char *p;
  glong n_chars = 0;

  for (p = valid; *p != '\0' && n_chars < MAX_TEXT_LENGTH; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* One entry, one line: control characters would break the list; and
       * as everywhere else server text is shown, nothing that reorders the
       * line or draws nothing (bidi overrides, zero-width, C1 controls). */
      if (c < 0x20 || c == 0x7f)
        g_string_append_c (line, ' ');
      else if (elicit_text_is_invisible (c))
        continue;
      else
        g_string_append_unichar (line, c);
      n_chars++;
    }

  if (*p != '\0')
    g_string_append (line, "…");

  return g_string_free (line, FALSE);
}

/**
 * elicit_log_entry_new:
 * @kind: what the entry is
 * @text: the line; cut when very long, control characters blanked
 *
 * Returns: (transfer full): a new entry, stamped with the current time
 */
ElicitLogEntry *
elicit_log_entry_new (ElicitLogKind  kind,
                      const char    *text)
{
  return elicit_log_entry_new_at (kind, text, g_get_real_time ());
}

/**
 * elicit_log_entry_new_at:
 * @kind: what the entry is
 * @text: the line; cut when very long, control characters blanked
 * @time: when it happened, in microseconds since the epoch
 *
 * Returns: (transfer full): a new entry
 */
ElicitLogEntry *
elicit_log_entry_new_at (ElicitLogKind  kind,
                         const char    *text,
                         gint64         time)
{
  ElicitLogEntry *self;

  g_return_val_if_fail (text != NULL, NULL);

  self = g_object_new (ELICIT_TYPE_LOG_ENTRY, NULL);
  self->kind = kind;
  self->text = make_line (text);
  self->time = time;

  return self;
}

/**
 * elicit_log_entry_get_kind:
 * @self: a log entry
 *
 * Returns: what the entry is
 */
ElicitLogKind
elicit_log_entry_get_kind (ElicitLogEntry *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_ENTRY (self), ELICIT_LOG_KIND_NOTICE);

  return self->kind;
}

/**
 * elicit_log_entry_get_text:
 * @self: a log entry
 *
 * Returns: the line
 */
const char *
elicit_log_entry_get_text (ElicitLogEntry *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_ENTRY (self), NULL);

  return self->text;
}

/**
 * elicit_log_entry_get_time:
 * @self: a log entry
 *
 * Returns: when the entry was made, in microseconds since the epoch
 */
gint64
elicit_log_entry_get_time (ElicitLogEntry *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_ENTRY (self), 0);

  return self->time;
}

/**
 * elicit_log_entry_format_time:
 * @self: a log entry
 *
 * Returns: (transfer full): the local time of the entry, as hours, minutes
 *   and seconds
 */
char *
elicit_log_entry_format_time (ElicitLogEntry *self)
{
  g_autoptr(GDateTime) time = NULL;

  g_return_val_if_fail (ELICIT_IS_LOG_ENTRY (self), NULL);

  time = g_date_time_new_from_unix_local (self->time / G_USEC_PER_SEC);
  if (time == NULL)
    return g_strdup ("");

  return g_date_time_format (time, "%H:%M:%S");
}

/**
 * elicit_log_entry_get_marker:
 * @self: a log entry
 *
 * Returns: a short sign of the entry's kind: `→` sent, `←` received,
 *   `stderr`, `log`, or `•` for Elicit's own notices
 */
const char *
elicit_log_entry_get_marker (ElicitLogEntry *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_ENTRY (self), NULL);

  switch (self->kind)
    {
    case ELICIT_LOG_KIND_STDERR:
      /* Translators: marks a line the server wrote to its standard error */
      return C_("log marker", "stderr");

    case ELICIT_LOG_KIND_SENT:
      return "→";

    case ELICIT_LOG_KIND_RECEIVED:
      return "←";

    case ELICIT_LOG_KIND_SERVER_LOG:
      /* Translators: marks a log message the server sent over MCP */
      return C_("log marker", "log");

    case ELICIT_LOG_KIND_NOTICE:
    default:
      return "•";
    }
}
