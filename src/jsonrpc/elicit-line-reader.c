/* elicit-line-reader.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "elicit-line-reader-private.h"

/*
 * Reads a stream in large chunks and splits it into lines itself, so a flood
 * of small messages costs one main-loop dispatch per chunk, not per line.
 * Each dispatch does a bounded amount of work (BUDGET_USEC), then yields to
 * the main loop at idle priority so redraws and input still get their turn.
 * The reader stops reading while it holds unprocessed lines: a peer faster
 * than the application fills its pipe and waits, memory does not grow.
 *
 * Pollable streams (pipes, sockets, memory) are read without threads or
 * GTask round trips; other streams fall back to g_input_stream_read_async().
 */

#define CHUNK_SIZE             (64 * 1024)
#define BUDGET_USEC            4000
#define LINES_PER_CLOCK_CHECK  32

struct _ElicitLineReader
{
  grefcount          ref_count;

  GInputStream      *stream;
  GCancellable      *cancellable;
  GSource           *source;

  GByteArray        *buffer;
  gsize              start;        /* first byte of the current line */
  gsize              scan;         /* where the search for '\n' resumes */
  gsize              reserved_at;  /* fallback path: where the pending read writes */
  guint64            line_number;  /* lines seen so far, empty ones included */
  gsize              max_line;

  ElicitLineFunc     line_func;
  ElicitLineEndFunc  end_func;
  gpointer           user_data;
  GObject           *owner;        /* not owned; held while lines are delivered */

  guint              truncate : 1;
  guint              discarding : 1;
  guint              pollable : 1;
  guint              read_pending : 1;
  guint              started : 1;
  guint              stopped : 1;
  guint              paused : 1;
  guint              eof : 1;
};

typedef enum
{
  PROCESS_NEED_DATA,
  PROCESS_OUT_OF_TIME,
  PROCESS_STOPPED,
  PROCESS_PAUSED,
} ProcessResult;

static void pump (ElicitLineReader *self);

ElicitLineReader *
elicit_line_reader_new (GInputStream      *stream,
                        gsize              max_line_length,
                        gboolean           truncate_long_lines,
                        ElicitLineFunc     line_func,
                        ElicitLineEndFunc  end_func,
                        gpointer           user_data)
{
  ElicitLineReader *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (max_line_length > 0, NULL);
  g_return_val_if_fail (line_func != NULL, NULL);
  g_return_val_if_fail (end_func != NULL, NULL);

  self = g_new0 (ElicitLineReader, 1);
  g_ref_count_init (&self->ref_count);
  self->stream = g_object_ref (stream);
  self->cancellable = g_cancellable_new ();
  self->buffer = g_byte_array_sized_new (CHUNK_SIZE);
  self->max_line = max_line_length;
  self->truncate = !!truncate_long_lines;
  self->line_func = line_func;
  self->end_func = end_func;
  self->user_data = user_data;
  self->pollable = G_IS_POLLABLE_INPUT_STREAM (stream) &&
                   g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (stream));

  return self;
}

ElicitLineReader *
elicit_line_reader_ref (ElicitLineReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);

  return self;
}

void
elicit_line_reader_unref (ElicitLineReader *self)
{
  g_return_if_fail (self != NULL);

  if (!g_ref_count_dec (&self->ref_count))
    return;

  g_assert (self->source == NULL);
  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_byte_array_unref (self->buffer);
  g_free (self);
}

static void
clear_source (ElicitLineReader *self)
{
  if (self->source != NULL)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
}

/*
 * pump() holds @owner, the object whose line function the reader calls,
 * while it delivers lines: one reference per dispatch rather than one per
 * line, and @owner outlives any line even when a handler drops its last
 * reference. The reader forgets @owner when it is stopped, which @owner
 * does before it goes.
 */
void
elicit_line_reader_set_owner (ElicitLineReader *self,
                              gpointer          owner)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (owner == NULL || G_IS_OBJECT (owner));

  self->owner = owner;
}

gpointer
elicit_line_reader_get_owner (ElicitLineReader *self)
{
  return self->owner;
}

void
elicit_line_reader_stop (ElicitLineReader *self)
{
  g_return_if_fail (self != NULL);

  self->stopped = TRUE;
  self->owner = NULL;
  clear_source (self);
  g_cancellable_cancel (self->cancellable);
}


static void
finish (ElicitLineReader    *self,
        ElicitLineReaderEnd  end,
        const GError        *error)
{
  if (self->stopped)
    return;

  self->stopped = TRUE;
  self->owner = NULL;
  clear_source (self);
  self->end_func (end, self->line_number, error, self->user_data);
}

static gboolean
source_cb (gpointer data)
{
  ElicitLineReader *self = data;

  /* One-shot: pump() installs the next source when it needs one. */
  g_clear_pointer (&self->source, g_source_unref);
  pump (self);

  return G_SOURCE_REMOVE;
}

static gboolean
pollable_cb (GObject  *stream,
             gpointer  data)
{
  return source_cb (data);
}

static void
attach_source (ElicitLineReader *self,
               GSource          *source,
               int               priority)
{
  g_assert (self->source == NULL);

  self->source = source;
  g_source_set_priority (source, priority);
  g_source_set_static_name (source, "[elicit] line reader");
  g_source_attach (source, g_main_context_get_thread_default ());
}

static void
wait_readable (ElicitLineReader *self)
{
  GSource *source;

  source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (self->stream),
                                                  NULL);
  g_source_set_callback (source, G_SOURCE_FUNC (pollable_cb),
                         elicit_line_reader_ref (self),
                         (GDestroyNotify) elicit_line_reader_unref);
  attach_source (self, source, G_PRIORITY_DEFAULT);
}

static void
continue_later (ElicitLineReader *self)
{
  GSource *source = g_idle_source_new ();

  /* Below redraw priority, so a flood never starves the UI. */
  g_source_set_callback (source, source_cb,
                         elicit_line_reader_ref (self),
                         (GDestroyNotify) elicit_line_reader_unref);
  attach_source (self, source, G_PRIORITY_DEFAULT_IDLE);
}

/* Hands [start, end) to the line function, NUL-terminated in place.
 * Returns whether to go on with the next line. */
static gboolean
deliver (ElicitLineReader *self,
         gsize             end,
         gboolean          truncated)
{
  char *line = (char *) self->buffer->data + self->start;
  gsize length = end - self->start;
  ElicitLineAction action;
  char saved;

  self->line_number++;

  if (length > 0 && line[length - 1] == '\r' && !truncated)
    length--;
  if (length == 0)
    return TRUE;

  saved = line[length];
  line[length] = '\0';
  action = self->line_func (line, length, self->line_number, truncated, self->user_data);
  line[length] = saved;

  if (action == ELICIT_LINE_STOP)
    elicit_line_reader_stop (self);
  else if (action == ELICIT_LINE_PAUSE && !self->stopped)
    self->paused = TRUE;

  return action == ELICIT_LINE_CONTINUE && !self->stopped;
}

static ProcessResult
interrupted (ElicitLineReader *self)
{
  return self->stopped ? PROCESS_STOPPED : PROCESS_PAUSED;
}

/* A line without its end that has passed the limit. */
static gboolean
handle_overlong (ElicitLineReader *self)
{
  if (!self->truncate)
    {
      /* Its number is the one after the last complete line. */
      self->line_number++;
      finish (self, ELICIT_LINE_READER_TOO_LONG, NULL);
      return FALSE;
    }

  if (!self->discarding)
    {
      gboolean go_on = deliver (self, self->start + self->max_line, TRUE);

      self->discarding = TRUE;
      self->start = self->scan = self->buffer->len;
      return go_on;
    }

  self->start = self->scan = self->buffer->len;
  return TRUE;
}

static ProcessResult
process_lines (ElicitLineReader *self,
               gint64            deadline)
{
  guint n_lines = 0;

  while (!self->stopped)
    {
      const guint8 *data = self->buffer->data;
      gsize len = self->buffer->len;
      const guint8 *nl = NULL;

      if (self->scan < len)
        nl = memchr (data + self->scan, '\n', len - self->scan);

      if (nl == NULL)
        {
          self->scan = len;
          if (len - self->start > self->max_line && !handle_overlong (self))
            return interrupted (self);
          return PROCESS_NEED_DATA;
        }

      gsize next = (gsize) (nl - data) + 1;
      gboolean go_on = TRUE;

      if (self->discarding)
        {
          /* The rest of a line already delivered truncated. */
          self->discarding = FALSE;
        }
      else if (next - 1 - self->start > self->max_line)
        {
          if (!self->truncate)
            {
              self->line_number++;
              finish (self, ELICIT_LINE_READER_TOO_LONG, NULL);
              return PROCESS_STOPPED;
            }
          go_on = deliver (self, self->start + self->max_line, TRUE);
        }
      else
        go_on = deliver (self, next - 1, FALSE);

      self->start = self->scan = next;
      if (!go_on)
        return interrupted (self);

      if (++n_lines % LINES_PER_CLOCK_CHECK == 0 && g_get_monotonic_time () >= deadline)
        return PROCESS_OUT_OF_TIME;
    }

  return PROCESS_STOPPED;
}

/* Moves the unfinished line to the front and makes room for one chunk. */
static guint8 *
reserve (ElicitLineReader *self)
{
  gsize keep = self->buffer->len - self->start;

  if (self->start > 0)
    {
      memmove (self->buffer->data, self->buffer->data + self->start, keep);
      self->scan -= self->start;
      self->start = 0;
    }

  self->reserved_at = keep;
  g_byte_array_set_size (self->buffer, keep + CHUNK_SIZE);

  return self->buffer->data + keep;
}

static void
handle_eof (ElicitLineReader *self)
{
  /* A last line without its newline still counts. */
  if (self->buffer->len > self->start && !self->discarding)
    {
      gsize end = self->buffer->len;

      gboolean go_on;

      g_byte_array_append (self->buffer, (const guint8 *) "", 1);
      go_on = deliver (self, end, FALSE);
      self->start = self->scan = self->buffer->len;
      if (!go_on)
        return;
    }

  finish (self, ELICIT_LINE_READER_EOF, NULL);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(ElicitLineReader) self = data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);
  self->read_pending = FALSE;

  if (self->stopped)
    return;

  if (n < 0)
    {
      g_byte_array_set_size (self->buffer, self->reserved_at);
      finish (self, ELICIT_LINE_READER_FAILED, error);
      return;
    }

  g_byte_array_set_size (self->buffer, self->reserved_at + n);
  if (n == 0)
    self->eof = TRUE;

  pump (self);
}

static void
pump (ElicitLineReader *self)
{
  g_autoptr(ElicitLineReader) hold G_GNUC_UNUSED = elicit_line_reader_ref (self);
  /* Let go of before the reader: the owner's finalize may drop it. */
  g_autoptr(GObject) owner G_GNUC_UNUSED = self->owner != NULL ? g_object_ref (self->owner) : NULL;
  gint64 deadline = g_get_monotonic_time () + BUDGET_USEC;

  while (!self->stopped)
    {
      g_autoptr(GError) error = NULL;
      guint8 *dest;
      gssize n;

      switch (process_lines (self, deadline))
        {
        case PROCESS_STOPPED:
        case PROCESS_PAUSED:
          return;
        case PROCESS_OUT_OF_TIME:
          continue_later (self);
          return;
        case PROCESS_NEED_DATA:
        default:
          break;
        }

      if (self->eof)
        {
          handle_eof (self);
          return;
        }

      dest = reserve (self);

      if (!self->pollable)
        {
          self->read_pending = TRUE;
          g_input_stream_read_async (self->stream, dest, CHUNK_SIZE, G_PRIORITY_DEFAULT,
                                     self->cancellable, read_cb,
                                     elicit_line_reader_ref (self));
          return;
        }

      n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (self->stream),
                                                    dest, CHUNK_SIZE, NULL, &error);
      g_byte_array_set_size (self->buffer, self->reserved_at + MAX (n, 0));

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          wait_readable (self);
          return;
        }
      if (n < 0)
        {
          finish (self, ELICIT_LINE_READER_FAILED, error);
          return;
        }
      if (n == 0)
        self->eof = TRUE;
      else if (g_get_monotonic_time () >= deadline)
        {
          continue_later (self);
          return;
        }
    }
}

/* Goes on after a line function returned PAUSE. */
void
elicit_line_reader_resume (ElicitLineReader *self)
{
  g_return_if_fail (self != NULL);

  if (!self->paused || self->stopped)
    return;

  self->paused = FALSE;
  continue_later (self);
  g_source_set_priority (self->source, G_PRIORITY_DEFAULT);
}

void
elicit_line_reader_start (ElicitLineReader *self)
{
  g_return_if_fail (self != NULL);

  if (self->started || self->stopped)
    return;

  self->started = TRUE;

  /* Start from the main loop, never inside the caller's stack. */
  continue_later (self);
  g_source_set_priority (self->source, G_PRIORITY_DEFAULT);
}
