/* elicit-render.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "elicit-gtk-i18n-private.h"

#include "elicit-dialog.h"
#include "elicit-dialog-private.h"
#include "elicit-form-private.h"
#include "elicit-png-writer-private.h"
#include "elicit-render-private.h"

/*
 * Renders an ElicitDialog to a PNG, for `elicit lint --render` and the
 * screenshots. GTK only draws mapped widgets (and skips transparent ones), so
 * the window is mapped for the two frames it takes, taking no input and never
 * presented (no focus is requested), then destroyed. On a desktop it may
 * flicker; under Xvfb nobody sees it.
 *
 * A form longer than the window is drawn whole: the dialog as it shows,
 * with its scrolling body replaced by everything in it, top to bottom.
 * Renderers draw at most a few thousand pixels at a time, so the image is
 * drawn in strips.
 */

#define RENDER_TIMEOUT_S 10
/* The tallest strip drawn at once: each strip draws the nodes it shows
 * (cull()), but walks the whole tree to find them, so few and tall (GL
 * renderers tile past their texture size). */
#define STRIP_HEIGHT     8192
/* The tallest image written: past it, the end of the form is left out and
 * an error says so. */
#define MAX_HEIGHT       65535

typedef struct
{
  gboolean painted;
  gboolean timed_out;
} RenderWait;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  RenderWait *wait = user_data;

  wait->painted = TRUE;
}

static gboolean
timeout_cb (gpointer user_data)
{
  RenderWait *wait = user_data;

  wait->timed_out = TRUE;

  return G_SOURCE_REMOVE;
}

static gboolean
wait_for_paint (GtkWidget  *window,
                GError    **error)
{
  RenderWait wait = { FALSE, FALSE };
  GdkFrameClock *clock;
  gulong handler;
  guint timeout;

  while (!gtk_widget_get_mapped (window) && !wait.timed_out)
    g_main_context_iteration (NULL, TRUE);

  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &wait);
  timeout = g_timeout_add_seconds (RENDER_TIMEOUT_S, timeout_cb, &wait);

  /* Two frames: the first one's layout may change what the second shows
   * (scrollbars appear once the content's size is known). */
  for (guint frames = 0; frames < 2 && !wait.timed_out; frames++)
    {
      wait.painted = FALSE;
      gtk_widget_queue_draw (window);
      while (!wait.painted && !wait.timed_out)
        g_main_context_iteration (NULL, TRUE);
    }

  g_signal_handler_disconnect (clock, handler);
  if (!wait.timed_out)
    g_source_remove (timeout);

  if (!wait.painted)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           _("The dialog was not drawn in time"));
      return FALSE;
    }

  return TRUE;
}

/* ---- culling ------------------------------------------------------------ */

static GskRenderNode *cull (GskRenderNode *node, const graphene_rect_t *area);

static GskRenderNode *
cull_container (GskRenderNode         *node,
                const graphene_rect_t *area)
{
  guint n = gsk_container_node_get_n_children (node);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);

  for (guint i = 0; i < n; i++)
    {
      GskRenderNode *child = cull (gsk_container_node_get_child (node, i), area);

      if (child != NULL)
        g_ptr_array_add (kept, child);
    }
  if (kept->len == 0)
    return NULL;

  return gsk_container_node_new ((GskRenderNode **) kept->pdata, kept->len);
}

/* Only a translation is looked through: anything else is kept whole. */
static GskRenderNode *
cull_transform (GskRenderNode         *node,
                const graphene_rect_t *area)
{
  GskTransform *transform = gsk_transform_node_get_transform (node);
  g_autoptr(GskRenderNode) child = NULL;
  graphene_rect_t moved;
  float dx, dy;

  if (gsk_transform_get_category (transform) < GSK_TRANSFORM_CATEGORY_2D_TRANSLATE)
    return gsk_render_node_ref (node);

  gsk_transform_to_translate (transform, &dx, &dy);
  graphene_rect_offset_r (area, -dx, -dy, &moved);
  child = cull (gsk_transform_node_get_child (node), &moved);
  if (child == NULL)
    return NULL;

  return gsk_transform_node_new (child, transform);
}

static GskRenderNode *
cull_clip (GskRenderNode         *node,
           const graphene_rect_t *area)
{
  g_autoptr(GskRenderNode) child = NULL;
  graphene_rect_t inside;

  /* What is drawn of the child is only what the clip lets through. */
  if (!graphene_rect_intersection (area, gsk_clip_node_get_clip (node), &inside))
    return NULL;
  child = cull (gsk_clip_node_get_child (node), &inside);
  if (child == NULL)
    return NULL;

  return gsk_clip_node_new (child, gsk_clip_node_get_clip (node));
}

/* @node without what lies outside @area, or NULL if nothing is left.
 * Renderers draw every node of a tree, even one clipped away (GTK 4.8's
 * cairo renderer does), and each strip of a long form is a small part of
 * a tree with thousands of nodes: culled, a strip costs its own nodes. */
static GskRenderNode *
cull (GskRenderNode         *node,
      const graphene_rect_t *area)
{
  graphene_rect_t bounds;

  gsk_render_node_get_bounds (node, &bounds);
  if (!graphene_rect_intersection (&bounds, area, NULL))
    return NULL;
  if (graphene_rect_contains_rect (area, &bounds))
    return gsk_render_node_ref (node);

  switch ((int) gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      return cull_container (node, area);
    case GSK_TRANSFORM_NODE:
      return cull_transform (node, area);
    case GSK_CLIP_NODE:
      return cull_clip (node, area);
    default:
      return gsk_render_node_ref (node);
    }
}

/* Draws @area of @node into @pixels: what the renderer's texture of it
 * would hold. The cairo renderer's texture is a cairo image of the area
 * with the node drawn on it, moved by the area's origin; drawing into the
 * writer's buffer the same way spares the image and the copy out of it
 * (16 MB a strip). */
static void
draw_strip (GskRenderer           *renderer,
            GskRenderNode         *node,
            const graphene_rect_t *area,
            guchar                *pixels,
            gsize                  stride)
{
  int width = (int) area->size.width;
  int height = (int) area->size.height;
  g_autoptr(GdkTexture) texture = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (!GSK_IS_CAIRO_RENDERER (renderer))
    {
      texture = gsk_renderer_render_texture (renderer, node, area);
      gdk_texture_download (texture, pixels, stride);
      return;
    }

  /* A buffer used before: transparent again, as a new image is. */
  memset (pixels, 0, stride * height);
  surface = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
  cr = cairo_create (surface);
  cairo_translate (cr, -area->origin.x, -area->origin.y);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
}

/* Starts writing @node's @width × @height pixels from the top to @path as
 * a PNG, drawn a strip at a time while the strips before are compressed: a
 * whole long form is tens of megapixels, which GTK's writer (one texture,
 * compressed hard) took seconds and hundreds of megabytes for. The last
 * strips are still being compressed when this returns: the caller
 * finishes the writer once it has done its own work. */
static ElicitPngWriter *
write_tall_png (GskRenderer    *renderer,
                GskRenderNode  *node,
                int             width,
                int             height,
                const char     *path,
                GError        **error)
{
  g_autoptr(ElicitPngWriter) writer = elicit_png_writer_new (path, width, height, error);
  gsize stride = (gsize) width * 4;

  if (writer == NULL)
    return NULL;

  for (int y = 0; y < height; y += STRIP_HEIGHT)
    {
      int strip = MIN (STRIP_HEIGHT, height - y);
      graphene_rect_t area = GRAPHENE_RECT_INIT (0, y, width, strip);
      g_autoptr(GskRenderNode) part = cull (node, &area);
      guchar *pixels = elicit_png_writer_get_buffer (writer, strip, stride);

      draw_strip (renderer, part != NULL ? part : node, &area, pixels, stride);
      elicit_png_writer_add_rows (writer, pixels, stride, strip);
    }

  return g_steal_pointer (&writer);
}

static gboolean
write_png (GdkTexture  *texture,
           const char  *path,
           GError     **error)
{
  if (gdk_texture_save_to_png (texture, path))
    return TRUE;

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”"), path);

  return FALSE;
}

static gboolean
save_png (GtkWidget   *window,
          const char  *path,
          GError     **error)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  /* At the display's scale, as the person sees it (2 on a HiDPI screen). */
  int scale = gtk_widget_get_scale_factor (window);

  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL || renderer == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The dialog could not be rendered"));
      return FALSE;
    }

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));

  return write_png (texture, path, error);
}

/* ---- the whole of a long form ------------------------------------------- */

/* The window's background, where the body's margin shows it. */
static void
sample_background (GskRenderer   *renderer,
                   GskRenderNode *node,
                   float          x,
                   float          y,
                   GdkRGBA       *color)
{
  g_autoptr(GdkTexture) texture = gsk_renderer_render_texture (renderer, node,
                                                               &GRAPHENE_RECT_INIT (x, y, 1, 1));
  guchar pixel[4];

  gdk_texture_download (texture, pixel, 4);
  /* GDK_MEMORY_DEFAULT: B, G, R, A, premultiplied; the window is opaque. */
  *color = (GdkRGBA) { pixel[2] / 255.f, pixel[1] / 255.f, pixel[0] / 255.f, 1.f };
}

/* The dialog as drawn, with the scroller's @view (window coordinates)
 * stretched to @content_height and the body drawn whole in it. */
static GskRenderNode *
unroll_body (ElicitDialog    *self,
             GskRenderNode   *window_node,
             graphene_rect_t *view,
             int              content_height,
             int              width,
             int              height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GdkPaintable) body = gtk_widget_paintable_new (GTK_WIDGET (self->body_box));
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (self));
  float below = view->origin.y + view->size.height;
  GdkRGBA background;

  sample_background (renderer, window_node, view->origin.x + 2, view->origin.y + 1, &background);

  /* Above the body, as drawn. */
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, view->origin.y));
  gtk_snapshot_append_node (snapshot, window_node);
  gtk_snapshot_pop (snapshot);

  /* The body, whole, on the window's background, between the window's
   * edges as drawn beside the view, repeated down. */
  gtk_snapshot_append_color (snapshot, &background,
                             &GRAPHENE_RECT_INIT (view->origin.x, view->origin.y,
                                                  view->size.width, content_height));
  for (float y = 0; y < content_height; y += view->size.height)
    {
      float band = MIN (view->size.height, content_height - y);
      float right = view->origin.x + view->size.width;

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, y));
      gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, view->origin.y, view->origin.x, band));
      gtk_snapshot_append_node (snapshot, window_node);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (right, view->origin.y, width - right, band));
      gtk_snapshot_append_node (snapshot, window_node);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_restore (snapshot);
    }
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (view->origin.x + gtk_widget_get_margin_start (GTK_WIDGET (self->body_box)),
                                                          view->origin.y + gtk_widget_get_margin_top (GTK_WIDGET (self->body_box))));
  gdk_paintable_snapshot (body, snapshot,
                          gtk_widget_get_width (GTK_WIDGET (self->body_box)),
                          gtk_widget_get_height (GTK_WIDGET (self->body_box)));
  gtk_snapshot_restore (snapshot);

  /* Below the body (the buttons), moved down. */
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (0, content_height - view->size.height));
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, below, width, height - below));
  gtk_snapshot_append_node (snapshot, window_node);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);

  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

/* Whether the body scrolls: then what the window shows is not all. */
static gboolean
body_scrolls (ElicitDialog *self,
              int          *content_height)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->body_scroller));

  *content_height = (int) ceil (gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment));

  return gtk_widget_get_mapped (self->body_scroller) &&
         *content_height > gtk_adjustment_get_page_size (adjustment) + 0.5;
}

/* Saves the dialog with the whole of its body; an error says what of it
 * had to be left out, if anything. A long form's PNG may still be being
 * written: then @writer is set, for elicit_png_writer_finish(). */
static gboolean
save_whole_png (ElicitDialog     *self,
                const char       *path,
                ElicitPngWriter **writer,
                GError          **error)
{
  GtkWidget *window = GTK_WIDGET (self);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) window_node = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  int content_height, full_height;
  graphene_rect_t view;

  if (!body_scrolls (self, &content_height))
    return save_png (window, path, error);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  window_node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (window_node == NULL || renderer == NULL ||
      !gtk_widget_compute_bounds (self->body_scroller, window, &view))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The dialog could not be rendered"));
      return FALSE;
    }

  node = unroll_body (self, window_node, &view, content_height, width, height);
  full_height = height + content_height - (int) view.size.height;
  *writer = write_tall_png (renderer, node, width, MIN (full_height, MAX_HEIGHT), path, error);
  if (*writer == NULL)
    return FALSE;

  if (full_height > MAX_HEIGHT)
    {
      /* Translators: the first %d is the form's height, the second how much of it was drawn */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   g_dngettext (elicit_gtk_gettext_domain (),
                                "The form is %d pixel tall: only its first %d were drawn",
                                "The form is %d pixels tall: only its first %d were drawn",
                                full_height),
                   full_height, MAX_HEIGHT);
      return FALSE;
    }

  return TRUE;
}

/* Private: a window of any kind as it looks now, for the screenshots of
 * dialogs that are not ElicitDialog (ElicitSignInDialog). @window must be
 * shown. */
gboolean
elicit_render_window_to_png (GtkWidget   *window,
                             const char  *path,
                             GError     **error)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return wait_for_paint (window, error) && save_png (window, path, error);
}

/* ---- hidden content ----------------------------------------------------- */

typedef struct
{
  GtkWidget *widget;
  graphene_rect_t bounds;
} Box;

static gboolean
is_editor (GtkWidget *widget)
{
  return g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Elicit") &&
         g_str_has_suffix (G_OBJECT_TYPE_NAME (widget), "Editor");
}

/* The labels and editors a user reads in the dialog's body, with where they
 * are drawn (in the body's coordinates, so scrolling does not matter). */
static void
collect_boxes (GtkWidget *widget,
               GtkWidget *body,
               GArray    *boxes)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return;

  if ((GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0') ||
      is_editor (widget))
    {
      Box box = { widget, GRAPHENE_RECT_INIT (0, 0, 0, 0) };

      if (gtk_widget_compute_bounds (widget, body, &box.bounds))
        g_array_append_val (boxes, box);
      /* What is inside an editor is the editor's business. */
      if (is_editor (widget))
        return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_boxes (child, body, boxes);
}

static char *
describe (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      /* g_utf8_substring() reads past the end of a shorter text. */
      g_autofree char *start = g_utf8_substring (text, 0, MIN (g_utf8_strlen (text, -1), 30));

      return g_strdup_printf ("“%s”", start);
    }

  return g_strdup (G_OBJECT_TYPE_NAME (widget));
}

/* What @widget asks for at the width it got, in the terms of
 * gtk_widget_get_height() (without its margins). */
static void
measure_height (GtkWidget *widget,
                int       *minimum,
                int       *natural)
{
  int margins = gtk_widget_get_margin_top (widget) + gtk_widget_get_margin_bottom (widget);
  int width = gtk_widget_get_width (widget) +
              gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, minimum, natural, NULL, NULL);
  *minimum -= margins;
  *natural -= margins;
}

static void
check_natural_height (Box     *box,
                      GString *problems)
{
  int minimum, natural;
  int height = gtk_widget_get_height (box->widget);
  g_autofree char *name = NULL;

  /* A label is drawn in full if its text fits where it was given room
   * (its measure counts CSS padding, its height does not). */
  if (GTK_IS_LABEL (box->widget))
    {
      PangoRectangle logical;
      int x, y;

      gtk_label_get_layout_offsets (GTK_LABEL (box->widget), &x, &y);
      pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (box->widget)), NULL, &logical);
      if (y >= -1 && y + logical.height <= height + 1)
        return;

      name = describe (box->widget);
      g_string_append_printf (problems, "%s is drawn from %d to %d px in %d px; ",
                              name, y, y + logical.height, height);
      return;
    }

  measure_height (box->widget, &minimum, &natural);
  if (height >= natural)
    return;

  name = describe (box->widget);
  g_string_append_printf (problems, "%s is %d px tall, needs %d; ", name, height, natural);
}

static gboolean
overlap (Box *a,
         Box *b)
{
  graphene_rect_t both;

  if (!graphene_rect_intersection (&a->bounds, &b->bounds, &both) ||
      both.size.width < 1 || both.size.height < 1)
    return FALSE;

  return !gtk_widget_is_ancestor (a->widget, b->widget) && !gtk_widget_is_ancestor (b->widget, a->widget);
}

static void
report_overlap (Box     *a,
                Box     *b,
                GString *problems)
{
  g_autofree char *first = describe (a->widget);
  g_autofree char *second = describe (b->widget);

  g_string_append_printf (problems, "%s overlaps %s; ", first, second);
}

typedef struct
{
  guint first;
  guint second;
} Pair;

static int
compare_tops (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  Box *boxes = user_data;
  float top_a = boxes[*(const guint *) a].bounds.origin.y;
  float top_b = boxes[*(const guint *) b].bounds.origin.y;

  if (top_a != top_b)
    return top_a < top_b ? -1 : 1;

  return (*(const guint *) a > *(const guint *) b) - (*(const guint *) a < *(const guint *) b);
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const Pair *x = a, *y = b;

  if (x->first != y->first)
    return x->first < y->first ? -1 : 1;

  return (x->second > y->second) - (x->second < y->second);
}

/* The pairs of boxes drawn over each other, in the order of @boxes. A whole
 * form has thousands of labels: only boxes whose tops lie above another's
 * bottom are compared, not every pair. */
static GArray *
find_overlaps (GArray *boxes)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  g_autofree guint *by_top = g_new (guint, MAX (boxes->len, 1));
  Box *all = (Box *) boxes->data;

  for (guint i = 0; i < boxes->len; i++)
    by_top[i] = i;
  g_qsort_with_data (by_top, boxes->len, sizeof (guint), compare_tops, all);

  for (guint k = 0; k < boxes->len; k++)
    {
      Box *a = &all[by_top[k]];
      float bottom = a->bounds.origin.y + a->bounds.size.height;

      for (guint m = k + 1; m < boxes->len && all[by_top[m]].bounds.origin.y < bottom; m++)
        if (overlap (a, &all[by_top[m]]))
          {
            Pair pair = { MIN (by_top[k], by_top[m]), MAX (by_top[k], by_top[m]) };

            g_array_append_val (pairs, pair);
          }
    }
  g_array_sort (pairs, compare_pairs);

  return pairs;
}

/*
 * elicit_render_check_layout:
 * @dialog: a dialog that has been drawn
 *
 * Looks for content a user cannot see: an editor or label given less height
 * than it needs, text drawn over other text or over an editor, a body that
 * cannot scroll to its end.
 *
 * Returns: (transfer full) (nullable): what is hidden, or %NULL
 */
char *
elicit_render_check_layout (GtkWidget *dialog)
{
  GtkWidget *body = elicit_dialog_get_body (ELICIT_DIALOG (dialog));
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  int minimum, natural;

  /* A notice in place of the request: nothing of the body is on screen. */
  if (!gtk_widget_get_mapped (body))
    return NULL;

  collect_boxes (body, body, boxes);
  pairs = find_overlaps (boxes);
  for (guint i = 0, p = 0; i < boxes->len; i++)
    {
      check_natural_height (&g_array_index (boxes, Box, i), problems);
      for (; p < pairs->len && g_array_index (pairs, Pair, p).first == i; p++)
        report_overlap (&g_array_index (boxes, Box, i),
                        &g_array_index (boxes, Box, g_array_index (pairs, Pair, p).second),
                        problems);
    }

  /* Every field can be scrolled to: the body is as tall as it needs. */
  measure_height (body, &minimum, &natural);
  if (gtk_widget_get_height (body) < minimum)
    g_string_append_printf (problems, "the body is %d px tall, needs %d; ",
                            gtk_widget_get_height (body), minimum);

  if (problems->len == 0)
    return NULL;

  g_string_truncate (problems, problems->len - 2);

  return g_string_free (g_steal_pointer (&problems), FALSE);
}

/**
 * elicit_render_dialog_to_png:
 * @request: a request, normally without a session
 * @server_label: (nullable): the name to show for the server
 * @server_claim: (nullable): what the server calls itself
 * @path: (type filename): where to write the PNG
 * @error: return location for an error
 *
 * Draws the [class@Dialog] @request would get, as it looks when it appears
 * (Accept enabled if the form's defaults are valid), into a PNG file, and
 * checks that it hides nothing: no editor or label given less height than it
 * needs, no text drawn over other text, a body that scrolls to its end. If it
 * does hide something, the PNG is still written and an error says what is
 * hidden. A form taller than the dialog is drawn whole, the dialog
 * stretched to show every field (up to 65,535 pixels; past that the PNG
 * shows the top of the form and an error says so). Needs GTK initialised
 * with a display. A pending @request is cancelled afterwards, as any dialog
 * that closes does.
 *
 * This is what `elicit lint --render` shows a server author.
 *
 * Returns: %TRUE if the PNG was written and the dialog hides nothing
 *
 * Since: 1.0
 */
gboolean
elicit_render_dialog_to_png (ElicitRequest  *request,
                             const char     *server_label,
                             const char     *server_claim,
                             const char     *path,
                             GError        **error)
{
  g_autoptr(GtkWidget) dialog = NULL;
  g_autoptr(ElicitPngWriter) writer = NULL;
  g_autoptr(GError) write_error = NULL;
  gboolean ret;

  g_return_val_if_fail (ELICIT_IS_REQUEST (request), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  elicit_gtk_ensure_i18n ();

  if (gdk_display_get_default () == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                           _("Rendering needs a display"));
      return FALSE;
    }

  dialog = g_object_ref_sink (elicit_dialog_new (request));
  elicit_dialog_set_accept_delay (ELICIT_DIALOG (dialog), 0);
  if (server_label != NULL)
    elicit_dialog_set_server_label (ELICIT_DIALOG (dialog), server_label);
  if (server_claim != NULL)
    elicit_dialog_set_server_claim (ELICIT_DIALOG (dialog), server_claim);

  /* Every row, now: the picture is of the whole form. */
  if (ELICIT_DIALOG (dialog)->form != NULL)
    elicit_form_complete (ELICIT_DIALOG (dialog)->form);

  gtk_widget_set_can_target (dialog, FALSE);
  gtk_widget_set_visible (dialog, TRUE);

  /* What the line beside Send says once the first layout has told
   * whether the form's end shows; then the frames that show it. */
  ret = wait_for_paint (dialog, error) &&
        (!elicit_dialog_settle_attention (ELICIT_DIALOG (dialog)) || wait_for_paint (dialog, error)) &&
        save_whole_png (ELICIT_DIALOG (dialog), path, &writer, error);
  if (ret)
    {
      g_autofree char *hidden = elicit_render_check_layout (dialog);

      if (hidden != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("The dialog hides content: %s"), hidden);
          ret = FALSE;
        }
    }

  /* The dialog goes while the workers compress the last strips. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_clear_object (&dialog);

  /* A PNG not written at all matters more than what it would show. */
  if (writer != NULL && !elicit_png_writer_finish (writer, &write_error))
    {
      g_clear_error (error);
      g_propagate_error (error, g_steal_pointer (&write_error));
      ret = FALSE;
    }

  return ret;
}
