/* test-png-writer.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <zlib.h>

#include "elicit-png-writer-private.h"

/* An image like a form's picture: runs of rows of one colour, rows of
 * noise (text), and rows repeated, in B, G, R, A. */
static guchar *
make_image (guint width,
            guint height)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  guchar *pixels = g_malloc ((gsize) width * height * 4);

  for (guint y = 0; y < height; y++)
    {
      guchar *row = pixels + (gsize) y * width * 4;
      guint kind = (y / 37) % 3;

      for (guint x = 0; x < width; x++)
        {
          guchar *pixel = row + x * 4;

          pixel[0] = kind == 0 ? 0xfa : kind == 1 ? (guchar) g_rand_int (rand) : (guchar) (x + y / 37);
          pixel[1] = kind == 0 ? 0xf9 : kind == 1 ? (guchar) g_rand_int (rand) : (guchar) (x * 7);
          pixel[2] = kind == 0 ? 0xf8 : kind == 1 ? (guchar) g_rand_int (rand) : (guchar) (y / 37);
          pixel[3] = 0xff;
        }
    }

  return pixels;
}

/* A temporary path for a PNG, removed by the caller. */
static char *
tmp_png_path (void)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("elicit-test-png-XXXXXX.png", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);

  return path;
}

/* Writes @pixels through the writer, handed over in strips of the heights
 * in @strips (0-terminated), as the renderer hands its strips. */
static void
write_in_strips (const char   *path,
                 const guchar *pixels,
                 guint         width,
                 guint         height,
                 const guint  *strips)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitPngWriter) writer = elicit_png_writer_new (path, width, height, &error);
  gsize stride = (gsize) width * 4;
  guint y = 0;

  g_assert_no_error (error);
  for (guint i = 0; strips[i] != 0; i++)
    {
      /* A buffer of a strip written before, once the workers are done
       * with it. */
      guchar *buffer = elicit_png_writer_get_buffer (writer, strips[i], stride);

      memcpy (buffer, pixels + y * stride, strips[i] * stride);
      elicit_png_writer_add_rows (writer, buffer, stride, strips[i]);
      y += strips[i];
    }
  g_assert_cmpuint (y, ==, height);
  g_assert_true (elicit_png_writer_finish (writer, &error));
  g_assert_no_error (error);
}

static guint32
read_be32 (const guchar *data)
{
  return (guint32) data[0] << 24 | (guint32) data[1] << 16 | (guint32) data[2] << 8 | data[3];
}

/* The file, read as the PNG specification says, without GTK: every
 * chunk's CRC, IHDR first and IEND last, and the IDAT data as one zlib
 * stream, whose Adler-32 zlib checks. Returns the rows as stored. */
static GBytes *
read_png_strictly (const char *path,
                   guint       width,
                   guint       height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) idat = g_byte_array_new ();
  g_autofree guchar *data = NULL;
  g_autofree guchar *rows = NULL;
  uLongf rows_len = (uLongf) height * (1 + width * 3);
  gsize len, pos = 8;
  guint n_chunks = 0;
  gboolean ended = FALSE;

  g_file_get_contents (path, (char **) &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (data, 8, signature, 8);

  while (pos < len)
    {
      guint32 length;

      g_assert_false (ended);
      g_assert_cmpuint (pos + 12, <=, len);
      length = read_be32 (data + pos);
      g_assert_cmpuint (pos + 12 + length, <=, len);
      g_assert_cmpuint (crc32 (0, data + pos + 4, 4 + length), ==, read_be32 (data + pos + 8 + length));

      if (n_chunks == 0)
        {
          g_assert_cmpmem (data + pos + 4, 4, "IHDR", 4);
          g_assert_cmpuint (length, ==, 13);
          g_assert_cmpuint (read_be32 (data + pos + 8), ==, width);
          g_assert_cmpuint (read_be32 (data + pos + 12), ==, height);
          /* 8 bits, RGB, deflate, filters, no interlace. */
          g_assert_cmpmem (data + pos + 16, 5, "\x08\x02\x00\x00\x00", 5);
        }
      else if (memcmp (data + pos + 4, "IDAT", 4) == 0)
        g_byte_array_append (idat, data + pos + 8, length);
      else
        {
          g_assert_cmpmem (data + pos + 4, 4, "IEND", 4);
          ended = TRUE;
        }

      n_chunks++;
      pos += 12 + length;
    }
  g_assert_true (ended);

  rows = g_malloc (rows_len);
  g_assert_cmpint (uncompress (rows, &rows_len, idat->data, idat->len), ==, Z_OK);
  g_assert_cmpuint (rows_len, ==, (uLongf) height * (1 + width * 3));

  return g_bytes_new_take (g_steal_pointer (&rows), rows_len);
}

/* Each stored row is filter 0 and the input's R, G, B. */
static void
assert_rows_match (GBytes       *rows,
                   const guchar *pixels,
                   guint         width,
                   guint         height)
{
  const guchar *row = g_bytes_get_data (rows, NULL);

  for (guint y = 0; y < height; y++, row += 1 + width * 3)
    {
      g_assert_cmpuint (row[0], ==, 0);
      for (guint x = 0; x < width; x++)
        {
          const guchar *in = pixels + ((gsize) y * width + x) * 4;
          const guchar *out = row + 1 + x * 3;

          if (out[0] != in[2] || out[1] != in[1] || out[2] != in[0])
            g_error ("pixel %u, %u is %02x%02x%02x, not %02x%02x%02x",
                     x, y, out[0], out[1], out[2], in[2], in[1], in[0]);
        }
    }
}

/* What an image viewer shows: the file loaded by GTK, pixel for pixel. */
static void
assert_loads_as (const char   *path,
                 const guchar *pixels,
                 guint         width,
                 guint         height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *loaded = NULL;
  gsize stride = (gsize) width * 4;
  char *data;
  gsize len;

  /* Read with GLib, not GFile: GIO's modules are no part of the test. */
  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (data, len);
  texture = gdk_texture_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  loaded = g_malloc (stride * height);
  gdk_texture_download (texture, loaded, stride);
  g_assert_cmpmem (loaded, stride * height, pixels, stride * height);
}

static void
check_image (guint        width,
             guint        height,
             const guint *strips)
{
  g_autofree guchar *pixels = make_image (width, height);
  g_autofree char *path = tmp_png_path ();
  g_autoptr(GBytes) rows = NULL;

  write_in_strips (path, pixels, width, height, strips);
  rows = read_png_strictly (path, width, height);
  assert_rows_match (rows, pixels, width, height);
  assert_loads_as (path, pixels, width, height);
  g_unlink (path);
}

/* Strips of several compression jobs each (about 2 MB of rows a job),
 * compressed on several threads and joined into one zlib stream, more
 * than the writer holds at once (20 MB): the file
 * is a valid PNG with exactly the rows given, in order. */
static void
test_strips_join_into_one_image (void)
{
  const guint strips[] = { 1, 1999, 3000, 997, 1999, 3000, 0 };

  check_image (1200, 10996, strips);
}

/* The smallest image: one job that is both the first and the last. */
static void
test_one_pixel (void)
{
  const guint strips[] = { 1, 0 };

  check_image (1, 1, strips);
}

/* A strip of one row at a time, each its own job. */
static void
test_rows_one_at_a_time (void)
{
  const guint strips[] = { 1, 1, 1, 1, 1, 0 };

  check_image (33, 5, strips);
}

static void
test_unwritable_path_is_an_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("elicit-test-png-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "missing", "form.png", NULL);
  g_autoptr(ElicitPngWriter) writer = NULL;

  g_assert_no_error (error);
  writer = elicit_png_writer_new (path, 10, 10, &error);
  g_assert_null (writer);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, path));
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/PngWriter/strips-join-into-one-image", test_strips_join_into_one_image);
  g_test_add_func ("/Elicit/PngWriter/one-pixel", test_one_pixel);
  g_test_add_func ("/Elicit/PngWriter/rows-one-at-a-time", test_rows_one_at_a_time);
  g_test_add_func ("/Elicit/PngWriter/unwritable-path-is-an-error", test_unwritable_path_is_an_error);

  return g_test_run ();
}
