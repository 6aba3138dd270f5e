/* elicit-width-bin.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-width-bin.h"

/**
 * ElicitWidthBin:
 *
 * Holds one child and says how wide it would like to be: the child's
 * minimum width stays its own, its natural width is
 * [property@WidthBin:natural-width] (never below the minimum). An
 * [class@Adw.Leaflet] gives its unfolded children their natural widths
 * first, so this is how the tool list gets the width a person dragged it
 * to, while the leaflet still folds by the minimum widths, as before.
 */

struct _ElicitWidthBin
{
  GtkWidget  parent_instance;

  GtkWidget *child;
  int        natural_width;
};

static void buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitWidthBin, elicit_width_bin, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, buildable_init))

enum {
  PROP_0,
  PROP_NATURAL_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static GtkBuildableIface *parent_buildable;

static void
add_child (GtkBuildable *buildable,
           GtkBuilder   *builder,
           GObject      *child,
           const char   *type)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (buildable);

  if (GTK_IS_WIDGET (child) && self->child == NULL)
    {
      self->child = GTK_WIDGET (child);
      gtk_widget_set_parent (self->child, GTK_WIDGET (self));
    }
  else
    parent_buildable->add_child (buildable, builder, child, type);
}

static void
buildable_init (GtkBuildableIface *iface)
{
  parent_buildable = g_type_interface_peek_parent (iface);
  iface->add_child = add_child;
}

static void
measure (GtkWidget      *widget,
         GtkOrientation  orientation,
         int             for_size,
         int            *minimum,
         int            *natural,
         int            *minimum_baseline,
         int            *natural_baseline)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (widget);

  *minimum = *natural = 0;
  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;

  gtk_widget_measure (self->child, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->natural_width >= 0)
    *natural = MAX (*minimum, self->natural_width);
}

static void
size_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

static void
elicit_width_bin_dispose (GObject *object)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);

  G_OBJECT_CLASS (elicit_width_bin_parent_class)->dispose (object);
}

static void
elicit_width_bin_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (object);

  switch (prop_id)
    {
    case PROP_NATURAL_WIDTH:
      g_value_set_int (value, elicit_width_bin_get_natural_width (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_width_bin_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ElicitWidthBin *self = ELICIT_WIDTH_BIN (object);

  switch (prop_id)
    {
    case PROP_NATURAL_WIDTH:
      elicit_width_bin_set_natural_width (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_width_bin_class_init (ElicitWidthBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_width_bin_dispose;
  object_class->get_property = elicit_width_bin_get_property;
  object_class->set_property = elicit_width_bin_set_property;
  widget_class->measure = measure;
  widget_class->size_allocate = size_allocate;

  /**
   * ElicitWidthBin:natural-width:
   *
   * The width the child would like, in pixels; -1 for the child's own.
   */
  properties[PROP_NATURAL_WIDTH] =
    g_param_spec_int ("natural-width", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
elicit_width_bin_init (ElicitWidthBin *self)
{
  self->natural_width = -1;
}

/**
 * elicit_width_bin_get_natural_width:
 * @self: a width bin
 *
 * Returns: the width the child would like, or -1 for the child's own
 */
int
elicit_width_bin_get_natural_width (ElicitWidthBin *self)
{
  g_return_val_if_fail (ELICIT_IS_WIDTH_BIN (self), -1);

  return self->natural_width;
}

/**
 * elicit_width_bin_set_natural_width:
 * @self: a width bin
 * @natural_width: the width the child would like, or -1 for the child's own
 */
void
elicit_width_bin_set_natural_width (ElicitWidthBin *self,
                                    int             natural_width)
{
  g_return_if_fail (ELICIT_IS_WIDTH_BIN (self));
  g_return_if_fail (natural_width >= -1);

  if (self->natural_width == natural_width)
    return;

  self->natural_width = natural_width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NATURAL_WIDTH]);
}
