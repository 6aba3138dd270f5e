/* elicit-line-writer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gio/gfiledescriptorbased.h>
#include <glib-unix.h>
#include "elicit-i18n-private.h"

#include "elicit-line-writer-private.h"
#include "elicit-transport.h"

/*
 * Queues lines and writes them in order, asynchronously, coalescing whatever
 * queued up during a write into the next one. The queue is bounded: a peer
 * that stops reading cannot make us grow without limit.
 */

struct _ElicitLineWriter
{
  grefcount                  ref_count;
  GOutputStream             *stream;
  GCancellable              *cancellable;
  GByteArray                *pending;
  GByteArray                *inflight;
  gsize                      max_pending;
  ElicitLineWriterErrorFunc  error_func;
  gpointer                   user_data;
  GPtrArray                 *close_tasks;
  guint                      writing : 1;
  guint                      close_requested : 1;
  guint                      closed : 1;
  guint                      failed : 1;
  guint                      close_done : 1;
};

static void write_next (ElicitLineWriter *self);

ElicitLineWriter *
elicit_line_writer_new (GOutputStream             *stream,
                        gsize                      max_pending,
                        ElicitLineWriterErrorFunc  error_func,
                        gpointer                   user_data)
{
  ElicitLineWriter *self;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), NULL);

  self = g_new0 (ElicitLineWriter, 1);
  g_ref_count_init (&self->ref_count);
  self->stream = g_object_ref (stream);
  self->cancellable = g_cancellable_new ();

  /* GSubprocess and standard output hand over blocking pipes, on which an
   * "async" write of more than the pipe holds blocks the main loop until the
   * peer reads; a peer busy writing to us then never does, and both hang.
   * Non-blocking, GIO writes what fits and waits for the rest. */
  if (G_IS_FILE_DESCRIPTOR_BASED (stream))
    g_unix_set_fd_nonblocking (g_file_descriptor_based_get_fd (G_FILE_DESCRIPTOR_BASED (stream)),
                               TRUE, NULL);
  self->pending = g_byte_array_new ();
  self->max_pending = max_pending;
  self->error_func = error_func;
  self->user_data = user_data;

  return self;
}

ElicitLineWriter *
elicit_line_writer_ref (ElicitLineWriter *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);

  return self;
}

void
elicit_line_writer_unref (ElicitLineWriter *self)
{
  g_return_if_fail (self != NULL);

  if (!g_ref_count_dec (&self->ref_count))
    return;

  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pending, g_byte_array_unref);
  g_clear_pointer (&self->inflight, g_byte_array_unref);
  g_clear_pointer (&self->close_tasks, g_ptr_array_unref);
  g_free (self);
}

static void
fail (ElicitLineWriter *self,
      const GError     *error)
{
  if (self->failed)
    return;

  self->failed = TRUE;
  g_byte_array_set_size (self->pending, 0);

  if (self->error_func != NULL)
    self->error_func (error, self->user_data);
}

static void
complete_close (ElicitLineWriter *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->close_tasks);

  self->close_done = TRUE;
  for (guint i = 0; tasks != NULL && i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(ElicitLineWriter) self = data;
  g_autoptr(GError) error = NULL;

  /* Closing a pipe whose reader is gone can fail; nobody needs to know. */
  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, &error))
    g_debug ("closing a stream failed: %s", error->message);

  complete_close (self);
}

static void
maybe_close (ElicitLineWriter *self)
{
  if (!self->close_requested || self->closed || self->writing)
    return;

  self->closed = TRUE;
  g_output_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, close_cb,
                               elicit_line_writer_ref (self));
}

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(ElicitLineWriter) self = data;
  g_autoptr(GError) error = NULL;

  self->writing = FALSE;
  g_byte_array_set_size (self->inflight, 0);

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fail (self, error);
      maybe_close (self);
      return;
    }

  write_next (self);
}

static void
write_next (ElicitLineWriter *self)
{
  GByteArray *swap;

  if (self->writing || self->failed)
    return;

  if (self->pending->len == 0)
    {
      maybe_close (self);
      return;
    }

  if (self->inflight == NULL)
    self->inflight = g_byte_array_new ();

  swap = self->inflight;
  self->inflight = self->pending;
  self->pending = swap;

  self->writing = TRUE;
  g_output_stream_write_all_async (self->stream,
                                   self->inflight->data, self->inflight->len,
                                   G_PRIORITY_DEFAULT, self->cancellable,
                                   write_cb, elicit_line_writer_ref (self));
}

gboolean
elicit_line_writer_write (ElicitLineWriter  *self,
                          GBytes            *bytes,
                          GError           **error)
{
  gsize size;
  const guint8 *data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  if (self->failed || self->close_requested)
    {
      g_set_error_literal (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                           _("The connection is closed"));
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &size);
  if (self->max_pending > 0 &&
      self->pending->len + (self->inflight ? self->inflight->len : 0) + size > self->max_pending)
    {
      g_autoptr(GError) local_error = NULL;

      local_error = g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                                         _("The peer stopped reading its input"));
      fail (self, local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  g_byte_array_append (self->pending, data, size);
  write_next (self);

  return TRUE;
}

/* Closes the stream once everything queued has been written (or the writer
 * failed); completes when the stream is closed. */
void
elicit_line_writer_close_async (ElicitLineWriter    *self,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (self != NULL);

  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (task, elicit_line_writer_close_async);

  if (self->close_done)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->close_tasks == NULL)
    self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));

  self->close_requested = TRUE;
  if (self->failed)
    g_byte_array_set_size (self->pending, 0);
  maybe_close (self);
}

gboolean
elicit_line_writer_close_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The owner goes away: writing goes on, but no callback reaches it. */
void
elicit_line_writer_stop_callbacks (ElicitLineWriter *self)
{
  g_return_if_fail (self != NULL);

  self->error_func = NULL;
  self->user_data = NULL;
}
