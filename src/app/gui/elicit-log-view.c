/* elicit-log-view.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit-log-view.h"

/**
 * ElicitLogView:
 *
 * A server's log ([class@LogRing]): one row per line, time, a marker of its
 * kind and the text, in a [class@Gtk.ListView] that makes and shapes rows only
 * for the lines on screen. It follows new lines while the user reads the
 * end, and says how many older lines were dropped. Self-contained: a window
 * places it wherever it likes.
 */

struct _ElicitLogView
{
  GtkWidget          parent_instance;

  ElicitLogRing     *log;
  GtkWidget         *dropped;
  GtkWidget         *scroller;
  GtkListView       *list;
  gboolean           sticky;
};

enum {
  PROP_0,
  PROP_LOG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (ElicitLogView, elicit_log_view, GTK_TYPE_WIDGET)

/* Rows ------------------------------------------------------------------------ */

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *time = gtk_label_new (NULL);
  GtkWidget *marker = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_add_css_class (time, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (time), 0);
  gtk_widget_set_valign (time, GTK_ALIGN_START);
  gtk_widget_add_css_class (marker, "marker");
  gtk_widget_add_css_class (marker, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (marker), 0.5);
  gtk_widget_set_valign (marker, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (text, TRUE);

  gtk_box_append (GTK_BOX (box), time);
  gtk_box_append (GTK_BOX (box), marker);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item)
{
  ElicitLogEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *time = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *marker = gtk_widget_get_next_sibling (time);
  GtkWidget *text = gtk_widget_get_next_sibling (marker);
  g_autofree char *stamp = elicit_log_entry_format_time (entry);

  gtk_label_set_text (GTK_LABEL (time), stamp);
  gtk_label_set_text (GTK_LABEL (marker), elicit_log_entry_get_marker (entry));
  gtk_label_set_text (GTK_LABEL (text), elicit_log_entry_get_text (entry));

  if (elicit_log_entry_get_kind (entry) == ELICIT_LOG_KIND_NOTICE)
    gtk_widget_add_css_class (text, "notice");
  else
    gtk_widget_remove_css_class (text, "notice");
}

/* Following the end ----------------------------------------------------------- */

static void
value_changed_cb (ElicitLogView *self,
                  GtkAdjustment *adjustment)
{
  double bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  self->sticky = gtk_adjustment_get_value (adjustment) >= bottom - 4;
}

/* New lines arrive at the end: follow them while the user reads the end. */
static void
upper_changed_cb (ElicitLogView *self,
                  GParamSpec    *pspec,
                  GtkAdjustment *adjustment)
{
  if (self->sticky)
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_upper (adjustment) -
                              gtk_adjustment_get_page_size (adjustment));
}

/* Dropped lines ----------------------------------------------------------------- */

static void
update_dropped (ElicitLogView *self)
{
  guint64 n = self->log != NULL ? elicit_log_ring_get_n_dropped (self->log) : 0;
  g_autofree char *count = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->dropped, n > 0);
  if (n == 0)
    return;

  count = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
  /* Translators: above a server's log, which keeps its newest lines; %s is a number */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s earlier line is not kept",
                                       "%s earlier lines are not kept", (gulong) MIN (n, G_MAXULONG)),
                          count);
  gtk_label_set_text (GTK_LABEL (self->dropped), text);
}

/* Only while on screen ---------------------------------------------------------------- */

/* The list has the log only while the view is on screen: off screen, no row
 * is made, measured or shaped, and the log batches nothing (a GtkStack
 * measures its hidden pages too). On screen again, it shows the end. */
static void
attach_model (ElicitLogView *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  if (self->log != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->log)));
      self->sticky = TRUE;
    }

  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (selection));
}

static void
elicit_log_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (elicit_log_view_parent_class)->map (widget);
  attach_model (ELICIT_LOG_VIEW (widget));
}

static void
elicit_log_view_unmap (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (elicit_log_view_parent_class)->unmap (widget);
  attach_model (ELICIT_LOG_VIEW (widget));
}

/* GObject and GtkWidget ----------------------------------------------------------- */

static void
elicit_log_view_dispose (GObject *object)
{
  ElicitLogView *self = ELICIT_LOG_VIEW (object);
  GtkWidget *child;

  if (self->log != NULL)
    g_signal_handlers_disconnect_by_data (self->log, self);
  g_clear_object (&self->log);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (elicit_log_view_parent_class)->dispose (object);
}

static void
elicit_log_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ElicitLogView *self = ELICIT_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_LOG:
      g_value_set_object (value, self->log);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_log_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  ElicitLogView *self = ELICIT_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_LOG:
      elicit_log_view_set_log (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_log_view_class_init (ElicitLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_log_view_dispose;
  object_class->get_property = elicit_log_view_get_property;
  object_class->set_property = elicit_log_view_set_property;

  /**
   * ElicitLogView:log:
   *
   * The log shown.
   */
  properties[PROP_LOG] =
    g_param_spec_object ("log", NULL, NULL, ELICIT_TYPE_LOG_RING,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->map = elicit_log_view_map;
  widget_class->unmap = elicit_log_view_unmap;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "elicit-log-view");
}

static void
elicit_log_view_init (ElicitLogView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkAdjustment *adjustment;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->dropped = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->dropped), 0);
  gtk_widget_set_margin_start (self->dropped, 12);
  gtk_widget_set_margin_end (self->dropped, 12);
  gtk_widget_add_css_class (self->dropped, "dim-label");
  gtk_widget_set_visible (self->dropped, FALSE);
  gtk_widget_set_parent (self->dropped, GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  self->list = GTK_LIST_VIEW (gtk_list_view_new (NULL, factory));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Server log"),
                                  -1);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "log-view");

  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  /* The list is the stop, not the frame around it. */
  gtk_widget_set_focusable (self->scroller, FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->sticky = TRUE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  g_signal_connect_object (adjustment, "value-changed",
                           G_CALLBACK (value_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "notify::upper",
                           G_CALLBACK (upper_changed_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
elicit_log_view_new (void)
{
  return g_object_new (ELICIT_TYPE_LOG_VIEW, NULL);
}

ElicitLogRing *
elicit_log_view_get_log (ElicitLogView *self)
{
  g_return_val_if_fail (ELICIT_IS_LOG_VIEW (self), NULL);

  return self->log;
}

/**
 * elicit_log_view_set_log:
 * @self: a log view
 * @log: (nullable): the log to show
 */
void
elicit_log_view_set_log (ElicitLogView *self,
                         ElicitLogRing *log)
{
  g_return_if_fail (ELICIT_IS_LOG_VIEW (self));
  g_return_if_fail (log == NULL || ELICIT_IS_LOG_RING (log));

  if (self->log == log)
    return;

  if (self->log != NULL)
    g_signal_handlers_disconnect_by_data (self->log, self);
  g_set_object (&self->log, log);

  if (log != NULL)
    g_signal_connect_object (log, "notify::n-dropped", G_CALLBACK (update_dropped), self,
                             G_CONNECT_SWAPPED);
  attach_model (self);
  update_dropped (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG]);
}
