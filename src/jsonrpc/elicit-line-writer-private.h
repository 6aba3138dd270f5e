/* elicit-line-writer-private.h
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ElicitLineWriter ElicitLineWriter;

/* Called once, when a write fails; the writer then drops everything. */
typedef void (*ElicitLineWriterErrorFunc) (const GError *error,
                                           gpointer      user_data);

ElicitLineWriter *elicit_line_writer_new   (GOutputStream             *stream,
                                            gsize                      max_pending,
                                            ElicitLineWriterErrorFunc  error_func,
                                            gpointer                   user_data);
ElicitLineWriter *elicit_line_writer_ref   (ElicitLineWriter          *self);
void              elicit_line_writer_unref (ElicitLineWriter          *self);
gboolean          elicit_line_writer_write (ElicitLineWriter          *self,
                                            GBytes                    *bytes,
                                            GError                   **error);
void              elicit_line_writer_close_async  (ElicitLineWriter    *self,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
gboolean          elicit_line_writer_close_finish (GAsyncResult        *result,
                                                   GError             **error);
void              elicit_line_writer_stop  (ElicitLineWriter          *self);
void              elicit_line_writer_stop_callbacks (ElicitLineWriter *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ElicitLineWriter, elicit_line_writer_unref)

G_END_DECLS
