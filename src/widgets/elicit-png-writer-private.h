/* elicit-png-writer-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ElicitPngWriter ElicitPngWriter;

ElicitPngWriter *elicit_png_writer_new      (const char       *path,
                                             guint             width,
                                             guint             height,
                                             GError          **error);
guchar          *elicit_png_writer_get_buffer (ElicitPngWriter  *self,
                                             guint             n_rows,
                                             gsize             stride);
void             elicit_png_writer_add_rows (ElicitPngWriter  *self,
                                             guchar           *bgra,
                                             gsize             stride,
                                             guint             n_rows);
gboolean         elicit_png_writer_finish   (ElicitPngWriter  *self,
                                             GError          **error);
void             elicit_png_writer_free     (ElicitPngWriter  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitPngWriter, elicit_png_writer_free)

G_END_DECLS
