/* elicit-sse-parser.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-sse-parser-private.h"

/*
 * An incremental parser for `text/event-stream`, as the WHATWG HTML standard
 * ("Server-sent events", "Interpreting an event stream") describes it: lines
 * end in CRLF, LF or CR, in any mix, and a CR may end one read and its LF
 * start the next; `:` starts a comment; `data` lines accumulate, joined by
 * LF; `id` sets the last event id (kept across events, taken at dispatch);
 * `retry` with ASCII digits only sets the reconnection time; an empty line
 * dispatches; an event cut off by the end of the stream is never dispatched.
 *
 * Unlike a browser it refuses, instead of repairing: an event (or a line)
 * larger than the limit, bytes that are not UTF-8, and ids too long to send
 * back in a header. Bytes are fed as they arrive; events are pulled one at a
 * time, so the caller may stop between any two.
 */

struct _ElicitSseParser
{
  GByteArray *buffer;
  gsize       position;      /* first byte not consumed yet */
  gsize       scanned;       /* bytes after @position known to hold no line end */
  gsize       max_event_size;

  GString    *data;
  char       *type;
  char       *id_buffer;     /* the id field being collected */
  char       *last_event_id; /* the id as of the last dispatch */
  gint64      retry;

  guint       skip_lf : 1;   /* the last line ended in CR at the end of a read */
  guint       seen_start : 1;
  guint       in_event : 1;  /* a field of an undispatched event was read */
};

G_DEFINE_QUARK (elicit-sse-error-quark, elicit_sse_error)

ElicitSseParser *
elicit_sse_parser_new (gsize max_event_size)
{
  ElicitSseParser *self;

  g_return_val_if_fail (max_event_size > 0, NULL);

  elicit_ensure_i18n ();

  self = g_new0 (ElicitSseParser, 1);
  self->buffer = g_byte_array_new ();
  self->data = g_string_new (NULL);
  self->max_event_size = max_event_size;
  self->retry = -1;

  return self;
}

void
elicit_sse_parser_free (ElicitSseParser *self)
{
  if (self == NULL)
    return;

  g_byte_array_unref (self->buffer);
  g_string_free (self->data, TRUE);
  g_free (self->type);
  g_free (self->id_buffer);
  g_free (self->last_event_id);
  g_free (self);
}

void
elicit_sse_event_free (ElicitSseEvent *event)
{
  if (event == NULL)
    return;

  g_free (event->type);
  g_free (event->data);
  g_free (event->id);
  g_free (event);
}

void
elicit_sse_parser_feed (ElicitSseParser *self,
                        const char      *data,
                        gsize            length)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (data != NULL || length == 0);

  /* Drop what was consumed before growing, so the buffer holds at most one
   * unfinished line and the bytes of one read. */
  if (self->position > 0)
    {
      g_byte_array_remove_range (self->buffer, 0, self->position);
      self->position = 0;
    }

  g_byte_array_append (self->buffer, (const guint8 *) data, length);
}

static gsize
event_size (ElicitSseParser *self)
{
  return self->data->len + (self->type != NULL ? strlen (self->type) : 0);
}

static gboolean
set_too_large (ElicitSseParser  *self,
               GError          **error)
{
  g_autofree char *limit = g_format_size_full (self->max_event_size, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_TOO_LARGE,
               _("the server sent an event larger than %s"), limit);
  return FALSE;
}

/* Finds the end of the line that starts at @position: sets @line_length and
 * @terminator_length (0 when the CR is the last byte we have: its LF, if
 * any, comes with the next read). */
static gboolean
find_line_end (ElicitSseParser *self,
               gsize           *line_length,
               gsize           *terminator_length)
{
  const guint8 *start = self->buffer->data + self->position;
  gsize available = self->buffer->len - self->position;

  for (gsize i = self->scanned; i < available; i++)
    {
      if (start[i] == '\n')
        {
          *line_length = i;
          *terminator_length = 1;
          return TRUE;
        }

      if (start[i] == '\r')
        {
          *line_length = i;
          *terminator_length = (i + 1 < available && start[i + 1] == '\n') ? 2 : 1;
          self->skip_lf = (i + 1 == available);
          return TRUE;
        }
    }

  self->scanned = available;
  return FALSE;
}

static gboolean
parse_retry (const char *value,
             gint64     *retry)
{
  gint64 result = 0;

  if (*value == '\0')
    return FALSE;

  for (const char *p = value; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;

      /* Saturate: the caller clamps to something sensible anyway. */
      if (result < G_MAXINT32)
        result = MIN (result * 10 + (*p - '0'), (gint64) G_MAXINT32);
    }

  *retry = result;
  return TRUE;
}

static gboolean
process_field (ElicitSseParser  *self,
               const char       *line,
               gsize             length,
               GError          **error)
{
  const char *colon = memchr (line, ':', length);
  g_autofree char *name = NULL;
  const char *value;
  gsize value_length;

  if (colon == line)
    return TRUE;  /* a comment */

  if (colon == NULL)
    {
      name = g_strndup (line, length);
      value = "";
      value_length = 0;
    }
  else
    {
      name = g_strndup (line, colon - line);
      value = colon + 1;
      value_length = length - (value - line);
      if (value_length > 0 && *value == ' ')
        {
          value++;
          value_length--;
        }
    }

  self->in_event = TRUE;

  if (g_str_equal (name, "data"))
    {
      if (event_size (self) + value_length + 1 > self->max_event_size)
        return set_too_large (self, error);

      g_string_append_len (self->data, value, value_length);
      g_string_append_c (self->data, '\n');
    }
  else if (g_str_equal (name, "event"))
    {
      g_free (self->type);
      self->type = g_strndup (value, value_length);
    }
  else if (g_str_equal (name, "id"))
    {
      /* (The standard ignores an id with a NUL in it; lines with a NUL
       * were already refused as not UTF-8.) */
      if (value_length > ELICIT_SSE_MAX_ID_LENGTH)
        {
          g_set_error (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_INVALID_ID,
                       _("the server sent an event id longer than %d bytes"),
                       ELICIT_SSE_MAX_ID_LENGTH);
          return FALSE;
        }

      g_free (self->id_buffer);
      self->id_buffer = g_strndup (value, value_length);
    }
  else if (g_str_equal (name, "retry"))
    {
      g_autofree char *text = g_strndup (value, value_length);

      parse_retry (text, &self->retry);
    }

  return TRUE;
}

/* The standard's "dispatch the event": NULL when there is nothing to
 * dispatch (no data field was seen). */
static ElicitSseEvent *
dispatch (ElicitSseParser *self)
{
  ElicitSseEvent *event;

  self->in_event = FALSE;

  if (self->id_buffer != NULL)
    {
      g_free (self->last_event_id);
      self->last_event_id = g_strdup (self->id_buffer);
    }

  if (self->data->len == 0)
    {
      g_clear_pointer (&self->type, g_free);
      return NULL;
    }

  g_string_truncate (self->data, self->data->len - 1);

  event = g_new0 (ElicitSseEvent, 1);
  event->type = (self->type != NULL && self->type[0] != '\0')
                ? g_steal_pointer (&self->type) : g_strdup ("message");
  event->data_length = self->data->len;
  event->data = g_strndup (self->data->str, self->data->len);
  event->id = g_strdup (self->last_event_id);

  g_clear_pointer (&self->type, g_free);
  g_string_truncate (self->data, 0);

  return event;
}

/* Drops a byte order mark at the very start of the stream, once we have
 * enough bytes to know whether there is one. FALSE: wait for more. */
static gboolean
skip_bom (ElicitSseParser *self)
{
  static const guint8 bom[] = { 0xEF, 0xBB, 0xBF };
  gsize available = self->buffer->len - self->position;
  gsize n = MIN (available, sizeof bom);

  if (memcmp (self->buffer->data + self->position, bom, n) != 0)
    {
      self->seen_start = TRUE;
      return TRUE;
    }

  if (n < sizeof bom)
    return FALSE;

  self->position += sizeof bom;
  self->seen_start = TRUE;
  return TRUE;
}

ElicitSseEvent *
elicit_sse_parser_next (ElicitSseParser  *self,
                        GError          **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!self->seen_start && !skip_bom (self))
    return NULL;

  for (;;)
    {
      const char *line;
      gsize line_length;
      gsize terminator_length;
      gboolean had_skip_lf = self->skip_lf;

      if (had_skip_lf && self->position < self->buffer->len)
        {
          self->skip_lf = FALSE;
          if (self->buffer->data[self->position] == '\n')
            {
              self->position++;
              continue;
            }
        }

      if (!find_line_end (self, &line_length, &terminator_length))
        {
          if (event_size (self) + self->scanned > self->max_event_size)
            {
              set_too_large (self, error);
              return NULL;
            }
          return NULL;
        }

      line = (const char *) self->buffer->data + self->position;
      self->position += line_length + terminator_length;
      self->scanned = 0;

      /* The same bound as for a line still coming in, so that where the
       * reads happen to split the stream never changes the outcome. */
      if (event_size (self) + line_length > self->max_event_size)
        {
          set_too_large (self, error);
          return NULL;
        }

      if (!g_utf8_validate_len (line, line_length, NULL))
        {
          g_set_error_literal (error, ELICIT_SSE_ERROR, ELICIT_SSE_ERROR_INVALID_UTF8,
                               _("the server sent an event stream that is not valid UTF-8"));
          return NULL;
        }

      if (line_length == 0)
        {
          ElicitSseEvent *event = dispatch (self);

          if (event != NULL)
            return event;
          continue;
        }

      if (!process_field (self, line, line_length, error))
        return NULL;
    }
}

gboolean
elicit_sse_parser_is_mid_event (ElicitSseParser *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->in_event || self->position < self->buffer->len;
}

const char *
elicit_sse_parser_get_last_event_id (ElicitSseParser *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->last_event_id;
}

gint64
elicit_sse_parser_get_retry (ElicitSseParser *self)
{
  g_return_val_if_fail (self != NULL, -1);

  return self->retry;
}
