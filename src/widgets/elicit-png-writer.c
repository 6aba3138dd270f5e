/* elicit-png-writer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <zlib.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-png-writer-private.h"

/*
 * Writes a tall RGB PNG from rows of B, G, R, A pixels (GDK_MEMORY_DEFAULT,
 * premultiplied, opaque), handed over a strip at a time, for the picture of
 * a whole long form (`elicit lint --render`: 510 × 44,125 px for 500 fields).
 *
 * libpng compresses a row at a time on the caller's thread, and its per-row
 * path, not deflate, was most of the cost. Here the rows are cut into jobs
 * of about JOB_BYTES that worker threads turn into RGB and deflate, each as
 * a raw deflate stream ended on a byte boundary (Z_FULL_FLUSH; the last one
 * Z_FINISH), while the caller draws the next strip. Those streams, one after
 * another behind one zlib header and the combined Adler-32 (the technique of
 * pigz), are one zlib stream: the PNG's IDAT data, one chunk per job.
 *
 * Only the caller's thread writes the file, in order. It waits for the
 * oldest jobs when the pixels handed over and not yet compressed pass
 * MAX_PENDING_BYTES, so memory stays bounded however tall the image.
 */

/* The RGB bytes a job deflates: enough that deflate's set-up and the
 * flush at its end are noise, small enough that the last strip's jobs
 * still spread over the threads. */
#define JOB_BYTES (2 * 1024 * 1024)
/* The pixels waiting for the workers: a few strips, so that the caller
 * draws ahead while they compress, and goes on to other work (tearing the
 * dialog down) before they are done. */
#define MAX_PENDING_BYTES (20 * 1024 * 1024)

typedef struct
{
  /* Set by the caller's thread, read by the worker. */
  GBytes *pixels;
  gsize stride;
  guint first_row;
  guint n_rows;
  guint width;
  gboolean last;

  /* Set by the worker, read once done (under the writer's lock). */
  guchar *deflated;
  gsize deflated_len;
  gsize raw_len;
  uLong adler;
  gboolean ok;
  gboolean done;
} Job;

struct _ElicitPngWriter
{
  FILE *file;
  char *path;
  guint width;
  guint height;
  guint rows_added;

  GThreadPool *pool;
  GMutex lock;
  GCond done_cond;
  /* Handed to the pool and not yet written, in the image's order, and
   * the bytes of pixels they were given. */
  GQueue jobs;
  gsize pending_bytes;
  /* Buffers of strips the workers are done with (GBytes of their size):
   * filling a fresh one costs a page fault a page. */
  GPtrArray *spare;

  gboolean idat_started;
  uLong adler;
  gboolean failed;
};

static void
job_free (Job *job)
{
  g_clear_pointer (&job->pixels, g_bytes_unref);
  g_free (job->deflated);
  g_free (job);
}

typedef struct
{
  ElicitPngWriter *writer;
  GBytes *buffer;
} Strip;

/* The last job of a strip has read its pixels: its buffer is kept for the
 * next strip. */
static void
strip_done_cb (gpointer user_data)
{
  Strip *strip = user_data;
  ElicitPngWriter *self = strip->writer;

  g_mutex_lock (&self->lock);
  g_ptr_array_add (self->spare, strip->buffer);
  g_mutex_unlock (&self->lock);
  g_free (strip);
}

/* ---- the workers -------------------------------------------------------- */

/* Each row as PNG stores it unfiltered: filter type 0, then R, G, B. A
 * form is mostly runs of one colour, which deflate finds as well
 * unfiltered, in less time and fewer bytes than after "up". */
static void
to_png_rows (const guchar *bgra,
             gsize         stride,
             guint         width,
             guint         n_rows,
             guchar       *out)
{
  for (guint y = 0; y < n_rows; y++, bgra += stride)
    {
      const guchar *in = bgra;

      *out++ = 0;
      for (guint x = 0; x < width; x++, in += 4, out += 3)
        {
          out[0] = in[2];
          out[1] = in[1];
          out[2] = in[0];
        }
    }
}

/* A job's deflate stream as it grows. */
typedef struct
{
  z_stream zs;
  guchar *data;
  gsize len;
  gsize capacity;
  guint64 bits;
  guint n_bits;
} Deflated;

static void
reserve (Deflated *out,
         gsize     more)
{
  if (out->len + more <= out->capacity)
    return;
  out->capacity = MAX (out->capacity * 2, out->len + more);
  out->data = g_realloc (out->data, out->capacity);
}

/* Deflates @raw through zlib, ended on a byte boundary with nothing after
 * it referring back (Z_FULL_FLUSH), or as the end of the stream. */
static gboolean
deflate_rows (Deflated     *out,
              const guchar *raw,
              gsize         raw_len,
              gboolean      last)
{
  out->zs.next_in = (Bytef *) raw;
  out->zs.avail_in = raw_len;

  for (;;)
    {
      int status;

      reserve (out, deflateBound (&out->zs, out->zs.avail_in) + 64);
      out->zs.next_out = out->data + out->len;
      out->zs.avail_out = out->capacity - out->len;
      status = deflate (&out->zs, last ? Z_FINISH : Z_FULL_FLUSH);
      out->len = out->capacity - out->zs.avail_out;

      if (last ? status == Z_STREAM_END : (status == Z_OK && out->zs.avail_out > 0))
        return TRUE;
      if ((status != Z_OK && status != Z_BUF_ERROR) || out->zs.avail_out > 0)
        return FALSE;
    }
}

/* Deflate's bits go least significant first; Huffman codes most
 * significant first (reversed by the caller). */
static void
put_bits (Deflated *out,
          guint     value,
          guint     n_bits)
{
  out->bits |= (guint64) value << out->n_bits;
  out->n_bits += n_bits;
  while (out->n_bits >= 8)
    {
      out->data[out->len++] = out->bits & 0xff;
      out->bits >>= 8;
      out->n_bits -= 8;
    }
}

static guint
reverse_bits (guint code,
              guint n_bits)
{
  guint reversed = 0;

  for (guint i = 0; i < n_bits; i++, code >>= 1)
    reversed = reversed << 1 | (code & 1);

  return reversed;
}

/* A match of @length (3 to 258) at @distance (1 to 32,768) in the fixed
 * Huffman codes (RFC 1951, 3.2.5 and 3.2.6). */
static void
put_match (Deflated *out,
           guint     length,
           guint     distance)
{
  static const guint16 length_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                           35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
  static const guint8 length_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                           3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
  static const guint16 distance_base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                             193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                             4097, 6145, 8193, 12289, 16385, 24577 };
  guint l = 28, d = 29;
  guint symbol;

  while (length_base[l] > length)
    l--;
  while (distance_base[d] > distance)
    d--;

  /* Symbols 257-279 are 7-bit codes from 0, 280-287 8-bit from 0xc0. */
  symbol = 257 + l;
  if (symbol < 280)
    put_bits (out, reverse_bits (symbol - 256, 7), 7);
  else
    put_bits (out, reverse_bits (0xc0 + symbol - 280, 8), 8);
  put_bits (out, length - length_base[l], length_extra[l]);
  put_bits (out, reverse_bits (d, 5), 5);
  put_bits (out, distance - distance_base[d], d < 4 ? 0 : d / 2 - 1);
}

/* @n_rows rows each the same as the row before, @row_len bytes back: one
 * fixed-Huffman block of matches, which costs almost nothing to make
 * (most rows of a form's picture are blank, like the one above). Ends on a
 * byte boundary: with an empty stored block, as Z_FULL_FLUSH does, or as
 * the end of the stream. */
static void
put_repeats (Deflated *out,
             gsize     row_len,
             guint     n_rows,
             gboolean  last)
{
  gsize left = row_len * n_rows;

  reserve (out, left / 258 * 4 + 32);
  put_bits (out, last ? 1 : 0, 1);
  put_bits (out, 1, 2);
  while (left > 0)
    {
      /* No match is shorter than 3 bytes: the last ones share. */
      guint length = left > 260 ? 258 : left > 258 ? left - 3 : left;

      put_match (out, length, row_len);
      left -= length;
    }
  /* End of block: symbol 256, seven 0 bits. */
  put_bits (out, 0, 7);

  if (!last)
    {
      put_bits (out, 0, 3);
      put_bits (out, 0, (8 - out->n_bits % 8) % 8);
      put_bits (out, 0x0000, 16);
      put_bits (out, 0xffff, 16);
    }
  else
    put_bits (out, 0, (8 - out->n_bits % 8) % 8);
}

/* Row @y of the job repeats the one above it, in the same job. */
static gboolean
repeats (Job          *job,
         const guchar *pixels,
         guint         y)
{
  const guchar *row = pixels + job->stride * (job->first_row + y);

  return y > 0 && memcmp (row, row - job->stride, (gsize) job->width * 4) == 0;
}

/* The job's rows, a run of rows that differ through zlib, then a run of
 * repeated rows as matches of the row above, and so on. */
static gboolean
deflate_job (Job          *job,
             const guchar *pixels,
             guchar       *raw,
             Deflated     *out)
{
  gsize row_len = 1 + (gsize) job->width * 3;
  /* A match reaches at most 32 KiB back: wider rows are all deflated. */
  gboolean find_repeats = row_len <= 32768;
  guint y = 0;

  job->adler = adler32 (0, NULL, 0);
  while (y < job->n_rows)
    {
      guint end = y + 1, repeated;
      uLong row_adler;

      while (end < job->n_rows && !(find_repeats && repeats (job, pixels, end)))
        end++;
      to_png_rows (pixels + job->stride * (job->first_row + y), job->stride, job->width, end - y, raw);
      job->adler = adler32 (job->adler, raw, row_len * (end - y));
      if (!deflate_rows (out, raw, row_len * (end - y), job->last && end == job->n_rows))
        return FALSE;

      for (repeated = 0; end + repeated < job->n_rows && repeats (job, pixels, end + repeated); repeated++)
        ;
      if (repeated == 0)
        break;
      row_adler = adler32 (adler32 (0, NULL, 0), raw + row_len * (end - y - 1), row_len);
      for (guint i = 0; i < repeated; i++)
        job->adler = adler32_combine (job->adler, row_adler, row_len);
      put_repeats (out, row_len, repeated, job->last && end + repeated == job->n_rows);
      y = end + repeated;
    }

  return TRUE;
}

static void
run_job_cb (gpointer data,
            gpointer user_data)
{
  Job *job = data;
  ElicitPngWriter *self = user_data;
  Deflated out = { { 0 }, NULL, 0, 0, 0, 0 };
  gsize row_len = 1 + (gsize) job->width * 3;
  g_autofree guchar *raw = g_malloc (row_len * job->n_rows);
  gboolean ok;

  job->raw_len = row_len * job->n_rows;
  ok = deflateInit2 (&out.zs, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
  if (ok)
    {
      ok = deflate_job (job, g_bytes_get_data (job->pixels, NULL), raw, &out);
      deflateEnd (&out.zs);
    }
  /* The strip's pixels go as soon as its last job has read them. */
  g_clear_pointer (&job->pixels, g_bytes_unref);
  job->deflated = out.data;
  job->deflated_len = out.len;

  g_mutex_lock (&self->lock);
  job->ok = ok;
  job->done = TRUE;
  g_cond_broadcast (&self->done_cond);
  g_mutex_unlock (&self->lock);
}

/* ---- the file ----------------------------------------------------------- */

static void
write_bytes (ElicitPngWriter *self,
             const void      *data,
             gsize            len,
             uLong           *crc)
{
  if (crc != NULL)
    *crc = crc32 (*crc, data, len);
  if (!self->failed && len > 0 && fwrite (data, 1, len, self->file) != len)
    self->failed = TRUE;
}

static void
write_be32 (ElicitPngWriter *self,
            guint32          value,
            uLong           *crc)
{
  guint32 big_endian = GUINT32_TO_BE (value);

  write_bytes (self, &big_endian, 4, crc);
}

/* A chunk's length and type; then its data, then chunk_end(). */
static uLong
chunk_start (ElicitPngWriter *self,
             const char      *type,
             guint32          length)
{
  uLong crc = crc32 (0, NULL, 0);

  write_be32 (self, length, NULL);
  write_bytes (self, type, 4, &crc);

  return crc;
}

static void
chunk_end (ElicitPngWriter *self,
           uLong            crc)
{
  write_be32 (self, crc, NULL);
}

static void
write_header (ElicitPngWriter *self)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  /* Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no
   * interlace. */
  static const guchar format[5] = { 8, 2, 0, 0, 0 };
  uLong crc;

  write_bytes (self, signature, sizeof signature, NULL);
  crc = chunk_start (self, "IHDR", 13);
  write_be32 (self, self->width, &crc);
  write_be32 (self, self->height, &crc);
  write_bytes (self, format, sizeof format, &crc);
  chunk_end (self, crc);
}

/* One job's deflate stream as an IDAT chunk: the first one carries the
 * zlib header, the last one the Adler-32 of all the rows. */
static void
write_job (ElicitPngWriter *self,
           Job             *job)
{
  /* CMF: deflate, 32 KiB window; FLG: the fastest level, no dictionary,
   * and the check bits that make the pair a multiple of 31. */
  static const guchar zlib_header[2] = { 0x78, 0x01 };
  gsize length = job->deflated_len + (self->idat_started ? 0 : 2) + (job->last ? 4 : 0);
  uLong crc;

  if (!job->ok)
    self->failed = TRUE;
  if (self->failed)
    return;

  self->adler = adler32_combine (self->adler, job->adler, job->raw_len);
  crc = chunk_start (self, "IDAT", length);
  if (!self->idat_started)
    write_bytes (self, zlib_header, sizeof zlib_header, &crc);
  self->idat_started = TRUE;
  write_bytes (self, job->deflated, job->deflated_len, &crc);
  if (job->last)
    write_be32 (self, self->adler, &crc);
  chunk_end (self, crc);
}

static gboolean
head_done (ElicitPngWriter *self)
{
  Job *head = g_queue_peek_head (&self->jobs);
  gboolean done;

  if (head == NULL)
    return FALSE;

  g_mutex_lock (&self->lock);
  done = head->done;
  g_mutex_unlock (&self->lock);

  return done;
}

/* Writes the jobs that are done, in order, waiting for the oldest ones
 * until at most @keep bytes of pixels are pending. */
static void
write_jobs (ElicitPngWriter *self,
            gsize            keep)
{
  while (self->pending_bytes > keep || head_done (self))
    {
      Job *job = g_queue_pop_head (&self->jobs);

      self->pending_bytes -= job->stride * job->n_rows;

      g_mutex_lock (&self->lock);
      while (!job->done)
        g_cond_wait (&self->done_cond, &self->lock);
      g_mutex_unlock (&self->lock);

      write_job (self, job);
      job_free (job);
    }
}

/* ---- API ---------------------------------------------------------------- */

/*
 * elicit_png_writer_new:
 * @path: (type filename): the PNG to write
 * @width: its width, at least 1
 * @height: its height, at least 1
 * @error: return location for an error
 *
 * Creates @path and writes the PNG's header. Rows follow through
 * elicit_png_writer_add_rows(), all @height of them before
 * elicit_png_writer_finish().
 *
 * Returns: (transfer full) (nullable): the writer, or %NULL if @path
 *   cannot be created
 */
ElicitPngWriter *
elicit_png_writer_new (const char  *path,
                       guint        width,
                       guint        height,
                       GError     **error)
{
  g_autoptr(ElicitPngWriter) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (width > 0 && width <= G_MAXINT32, NULL);
  g_return_val_if_fail (height > 0 && height <= G_MAXINT32, NULL);

  self = g_new0 (ElicitPngWriter, 1);
  self->path = g_strdup (path);
  self->width = width;
  self->height = height;
  self->adler = adler32 (0, NULL, 0);
  g_mutex_init (&self->lock);
  g_cond_init (&self->done_cond);
  g_queue_init (&self->jobs);
  self->spare = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  self->file = g_fopen (path, "wb");
  if (self->file == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not write “%s”"), path);
      return NULL;
    }

  self->pool = g_thread_pool_new (run_job_cb, self, MAX (1, g_get_num_processors ()), FALSE, NULL);
  write_header (self);

  return g_steal_pointer (&self);
}

/*
 * elicit_png_writer_add_rows:
 * @self: a writer
 * @bgra: (transfer full): @n_rows rows of B, G, R, A bytes, from g_malloc()
 *   or elicit_png_writer_get_buffer()
 * @stride: the bytes from one row to the next
 * @n_rows: how many rows; with the rows given before, at most the height
 *
 * Hands the next rows to the workers and writes what they have finished,
 * waiting for them while too many rows are pending.
 */
void
elicit_png_writer_add_rows (ElicitPngWriter *self,
                            guchar          *bgra,
                            gsize            stride,
                            guint            n_rows)
{
  g_autoptr(GBytes) pixels = NULL;
  Strip *strip;
  guint rows_per_job = MAX (1, JOB_BYTES / (1 + (gsize) self->width * 3));

  g_return_if_fail (stride >= (gsize) self->width * 4);
  g_return_if_fail (n_rows <= self->height - self->rows_added);

  strip = g_new0 (Strip, 1);
  strip->writer = self;
  strip->buffer = g_bytes_new_take (bgra, stride * n_rows);
  pixels = g_bytes_new_with_free_func (bgra, stride * n_rows, strip_done_cb, strip);

  for (guint first = 0; first < n_rows; first += rows_per_job)
    {
      Job *job = g_new0 (Job, 1);

      job->pixels = g_bytes_ref (pixels);
      job->stride = stride;
      job->first_row = first;
      job->n_rows = MIN (rows_per_job, n_rows - first);
      job->width = self->width;
      job->last = self->rows_added + first + job->n_rows == self->height;
      g_queue_push_tail (&self->jobs, job);
      self->pending_bytes += stride * job->n_rows;
      g_thread_pool_push (self->pool, job, NULL);
    }
  self->rows_added += n_rows;

  write_jobs (self, MAX_PENDING_BYTES);
}

/*
 * elicit_png_writer_get_buffer:
 * @self: a writer
 * @n_rows: how many rows the buffer is for
 * @stride: the bytes from one row to the next
 *
 * A buffer for elicit_png_writer_add_rows(): one of a strip already
 * compressed if one is big enough, else a new one.
 *
 * Returns: (transfer full): @stride × @n_rows bytes, from g_malloc()
 */
guchar *
elicit_png_writer_get_buffer (ElicitPngWriter *self,
                              guint            n_rows,
                              gsize            stride)
{
  gsize size = stride * n_rows;

  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->spare->len; i++)
    {
      GBytes *buffer = g_ptr_array_index (self->spare, i);

      if (g_bytes_get_size (buffer) >= size)
        {
          gsize spare_size;

          g_ptr_array_steal_index_fast (self->spare, i);
          g_mutex_unlock (&self->lock);
          return g_bytes_unref_to_data (buffer, &spare_size);
        }
    }
  g_mutex_unlock (&self->lock);

  return g_malloc (size);
}

/*
 * elicit_png_writer_finish:
 * @self: a writer given all its rows
 * @error: return location for an error
 *
 * Writes the rest of the PNG and closes the file.
 *
 * Returns: whether the whole PNG was written
 */
gboolean
elicit_png_writer_finish (ElicitPngWriter  *self,
                          GError          **error)
{
  g_return_val_if_fail (self->file != NULL, FALSE);
  g_return_val_if_fail (self->rows_added == self->height, FALSE);

  write_jobs (self, 0);
  chunk_end (self, chunk_start (self, "IEND", 0));

  if (fclose (g_steal_pointer (&self->file)) != 0)
    self->failed = TRUE;
  if (self->failed)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”"), self->path);
      return FALSE;
    }

  return TRUE;
}

void
elicit_png_writer_free (ElicitPngWriter *self)
{
  /* Lets the jobs handed over finish: they point at @self. */
  if (self->pool != NULL)
    g_thread_pool_free (self->pool, FALSE, TRUE);
  g_queue_clear_full (&self->jobs, (GDestroyNotify) job_free);
  g_clear_pointer (&self->spare, g_ptr_array_unref);
  if (self->file != NULL)
    fclose (self->file);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done_cond);
  g_free (self->path);
  g_free (self);
}
