/* elicit-stream-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-line-reader-private.h"
#include "elicit-line-writer-private.h"
#include "elicit-stream-transport.h"
#include "elicit-transport-private.h"

/**
 * ElicitStreamTransport:
 *
 * A [class@Transport] over any [class@Gio.IOStream]: one JSON-RPC message per
 * line, in both directions.
 *
 * Use it for sockets, for pipes you set up yourself, for tests, and for a
 * proxy's own standard input and output (wrap them with
 * [ctor@Gio.SimpleIOStream.new]). Lines longer than
 * [property@StreamTransport:max-line-length] close the transport instead of
 * growing memory; so does a line that is not valid JSON. Messages received
 * before such a line are still emitted.
 *
 * Since: 1.0
 */

struct _ElicitStreamTransport
{
  ElicitTransport   parent_instance;

  GIOStream        *stream;
  ElicitLineReader *reader;
  ElicitLineWriter *writer;
  GPtrArray        *close_tasks;
  gsize             max_line_length;
  guint             started : 1;
  guint             shutting_down : 1;
  guint             stream_closed : 1;
};

enum {
  PROP_0,
  PROP_STREAM,
  PROP_MAX_LINE_LENGTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A peer that stops reading may leave this much queued before we give up. */
#define MAX_PENDING_WRITE (64 * 1024 * 1024)


G_DEFINE_FINAL_TYPE (ElicitStreamTransport, elicit_stream_transport, ELICIT_TYPE_TRANSPORT)

static void
complete_close_tasks (ElicitStreamTransport *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->close_tasks);

  for (guint i = 0; tasks != NULL && i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static void
close_stream_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(ElicitStreamTransport) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_io_stream_close_finish (G_IO_STREAM (object), result, &error))
    g_debug ("closing the stream failed: %s", error->message);

  self->stream_closed = TRUE;
  complete_close_tasks (self);
}

static void
writer_closed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ElicitStreamTransport *self = user_data;

  elicit_line_writer_close_finish (result, NULL);

  /* Our reference passes on to close_stream_cb. */
  g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, close_stream_cb, self);
}

/* Whatever closed us: stop reading, flush what is queued, close the stream.
 * The transport stays alive until the stream is closed. */
static void
shut_down (ElicitStreamTransport *self)
{
  if (self->shutting_down)
    return;

  self->shutting_down = TRUE;

  if (self->reader != NULL)
    elicit_line_reader_stop (self->reader);

  elicit_line_writer_close_async (self->writer, writer_closed_cb, g_object_ref (self));
}

static void
close_with_error (ElicitStreamTransport *self,
                  GError                *error)
{
  g_autoptr(GError) owned G_GNUC_UNUSED = error;

  if (elicit_transport_emit_closed (ELICIT_TRANSPORT (self), error))
    shut_down (self);
}

static void
fail_line (ElicitTransport *transport,
           guint64          line_number,
           const GError    *error)
{
  g_debug ("invalid JSON on line %" G_GUINT64_FORMAT ": %s", line_number, error->message);
  close_with_error (ELICIT_STREAM_TRANSPORT (transport),
                    g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON,
                                 _("received invalid JSON on line %lu: %s"),
                                 (gulong) line_number, error->message));
}

static ElicitLineAction
line_cb (const char *line,
         gsize       length,
         guint64     line_number,
         gboolean    truncated,
         gpointer    user_data)
{
  ElicitStreamTransport *self = user_data;

  return elicit_transport_receive_line (ELICIT_TRANSPORT (self), self->reader,
                                        line, length, line_number, fail_line);
}

static void
end_cb (ElicitLineReaderEnd  end,
        guint64              line_number,
        const GError        *error,
        gpointer             user_data)
{
  ElicitStreamTransport *self = user_data;
  g_autofree char *limit = NULL;

  switch (end)
    {
    case ELICIT_LINE_READER_TOO_LONG:
      limit = g_format_size_full (self->max_line_length, G_FORMAT_SIZE_IEC_UNITS);
      close_with_error (self,
                        g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG,
                                     /* Translators: %s is a size such as “4.0 MiB”, %lu a line number */
                                     _("received a line longer than %s (line %lu)"),
                                     limit, (gulong) line_number));
      break;

    case ELICIT_LINE_READER_FAILED:
      close_with_error (self,
                        g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                                     _("reading failed: %s"), error->message));
      break;

    case ELICIT_LINE_READER_EOF:
    default:
      close_with_error (self,
                        g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                                             _("the connection was closed by the peer")));
      break;
    }
}

static void
write_error_cb (const GError *error,
                gpointer      user_data)
{
  ElicitStreamTransport *self = user_data;

  if (g_error_matches (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO))
    close_with_error (self, g_error_copy (error));
  else
    close_with_error (self,
                      g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO,
                                   _("writing failed: %s"), error->message));
}

static void
elicit_stream_transport_start (ElicitTransport *transport)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (transport);

  if (self->started)
    return;

  self->started = TRUE;
  self->reader = elicit_line_reader_new (g_io_stream_get_input_stream (self->stream),
                                         self->max_line_length, FALSE,
                                         line_cb, end_cb, self);
  elicit_line_reader_set_owner (self->reader, self);
  elicit_line_reader_start (self->reader);
}

static gboolean
elicit_stream_transport_send (ElicitTransport  *transport,
                              JsonNode         *message,
                              GError          **error)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (transport);
  g_autoptr(GBytes) line = elicit_transport_serialize_line (message);

  return elicit_line_writer_write (self->writer, line, error);
}

static void
elicit_stream_transport_close_async (ElicitTransport     *transport,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_stream_transport_close_async);

  error = g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                               _("the connection was closed"));
  elicit_transport_emit_closed (transport, error);

  if (self->stream_closed)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->close_tasks == NULL)
    self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));

  shut_down (self);
}

static gboolean
elicit_stream_transport_close_finish (ElicitTransport  *transport,
                                      GAsyncResult     *result,
                                      GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
elicit_stream_transport_constructed (GObject *object)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (object);

  G_OBJECT_CLASS (elicit_stream_transport_parent_class)->constructed (object);

  g_assert (G_IS_IO_STREAM (self->stream));

  self->writer = elicit_line_writer_new (g_io_stream_get_output_stream (self->stream),
                                         MAX_PENDING_WRITE, write_error_cb, self);
}

static void
elicit_stream_transport_dispose (GObject *object)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (object);

  if (self->reader != NULL)
    {
      elicit_line_reader_stop (self->reader);
      g_clear_pointer (&self->reader, elicit_line_reader_unref);
    }

  if (self->writer != NULL)
    {
      /* Writes already queued still go out; no callbacks reach us. */
      elicit_line_writer_close_async (self->writer, NULL, NULL);
      elicit_line_writer_stop_callbacks (self->writer);
      g_clear_pointer (&self->writer, elicit_line_writer_unref);
    }

  g_clear_object (&self->stream);

  G_OBJECT_CLASS (elicit_stream_transport_parent_class)->dispose (object);
}

static void
elicit_stream_transport_finalize (GObject *object)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (object);

  /* Close tasks hold a reference to us: none can be left. */
  g_assert (self->close_tasks == NULL);

  G_OBJECT_CLASS (elicit_stream_transport_parent_class)->finalize (object);
}

static void
elicit_stream_transport_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_STREAM:
      g_value_set_object (value, self->stream);
      break;

    case PROP_MAX_LINE_LENGTH:
      g_value_set_uint64 (value, self->max_line_length);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_stream_transport_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  ElicitStreamTransport *self = ELICIT_STREAM_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_STREAM:
      self->stream = g_value_dup_object (value);
      break;

    case PROP_MAX_LINE_LENGTH:
      elicit_stream_transport_set_max_line_length (self, g_value_get_uint64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_stream_transport_class_init (ElicitStreamTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitTransportClass *transport_class = ELICIT_TRANSPORT_CLASS (klass);

  elicit_ensure_i18n ();
  elicit_transport_ignore_sigpipe ();

  object_class->constructed = elicit_stream_transport_constructed;
  object_class->dispose = elicit_stream_transport_dispose;
  object_class->finalize = elicit_stream_transport_finalize;
  object_class->get_property = elicit_stream_transport_get_property;
  object_class->set_property = elicit_stream_transport_set_property;

  /**
   * ElicitStreamTransport:stream:
   *
   * The stream messages are read from and written to.
   *
   * Since: 1.0
   */
  properties[PROP_STREAM] =
    g_param_spec_object ("stream", NULL, NULL,
                         G_TYPE_IO_STREAM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitStreamTransport:max-line-length:
   *
   * The longest line accepted, in bytes; a longer one closes the transport.
   * Takes effect at [method@Transport.start].
   *
   * Since: 1.0
   */
  properties[PROP_MAX_LINE_LENGTH] =
    g_param_spec_uint64 ("max-line-length", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  transport_class->start = elicit_stream_transport_start;
  transport_class->send = elicit_stream_transport_send;
  transport_class->close_async = elicit_stream_transport_close_async;
  transport_class->close_finish = elicit_stream_transport_close_finish;
}

static void
elicit_stream_transport_init (ElicitStreamTransport *self)
{
  self->max_line_length = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
}

/**
 * elicit_stream_transport_new:
 * @stream: the stream to speak over
 *
 * Creates a transport that reads and writes one JSON-RPC message per line
 * on @stream.
 *
 * Returns: (transfer full): a new transport
 *
 * Since: 1.0
 */
ElicitTransport *
elicit_stream_transport_new (GIOStream *stream)
{
  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);

  return g_object_new (ELICIT_TYPE_STREAM_TRANSPORT, "stream", stream, NULL);
}

/**
 * elicit_stream_transport_get_stream:
 * @self: a stream transport
 *
 * Gets the stream the transport speaks over.
 *
 * Returns: (transfer none): the stream
 *
 * Since: 1.0
 */
GIOStream *
elicit_stream_transport_get_stream (ElicitStreamTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STREAM_TRANSPORT (self), NULL);

  return self->stream;
}

/**
 * elicit_stream_transport_get_max_line_length:
 * @self: a stream transport
 *
 * Gets the longest line accepted, in bytes.
 *
 * Returns: the limit
 *
 * Since: 1.0
 */
gsize
elicit_stream_transport_get_max_line_length (ElicitStreamTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STREAM_TRANSPORT (self), 0);

  return self->max_line_length;
}

/**
 * elicit_stream_transport_set_max_line_length:
 * @self: a stream transport
 * @max_line_length: the longest line accepted, in bytes
 *
 * Sets the longest line accepted; a longer line closes the transport with
 * [error@TransportError.LINE_TOO_LONG]. Set it before starting.
 *
 * Since: 1.0
 */
void
elicit_stream_transport_set_max_line_length (ElicitStreamTransport *self,
                                             gsize                  max_line_length)
{
  g_return_if_fail (ELICIT_IS_STREAM_TRANSPORT (self));
  g_return_if_fail (max_line_length > 0);
  g_return_if_fail (!self->started);

  if (self->max_line_length == max_line_length)
    return;

  self->max_line_length = max_line_length;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_LINE_LENGTH]);
}
