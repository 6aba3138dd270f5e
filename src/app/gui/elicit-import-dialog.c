/* elicit-import-dialog.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-config-import.h"
#include "elicit-config-writer.h"
#include "elicit-import-candidate.h"
#include "elicit-import-dialog.h"

/**
 * ElicitImportDialog:
 *
 * Lists the servers other MCP clients on this computer use, client by
 * client, each with a check box; Import adds the checked ones to Elicit's
 * servers file through [class@ConfigWriter], one after the other. A server
 * whose name the servers file already has, and one that cannot be mapped,
 * are shown with the reason and cannot be checked; of several servers with
 * one name, one can be checked at a time. The other clients' files are only
 * read ([func@config_import_scan_async]).
 */

typedef struct
{
  ElicitImportCandidate *candidate;
  GtkCheckButton        *check;
  gboolean               present;
} Row;

struct _ElicitImportDialog
{
  AdwWindow           parent_instance;

  GtkStack           *stack;
  AdwPreferencesPage *page;
  GtkLabel           *problem_label;
  GtkWidget          *import_button;

  ElicitConfigWriter *writer;
  GCancellable       *cancellable;
  GPtrArray          *rows;       /* of Row */
  guint               next;       /* the row Import saves next */
  guint               imported;
};

G_DEFINE_FINAL_TYPE (ElicitImportDialog, elicit_import_dialog, ADW_TYPE_WINDOW)

enum {
  IMPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
row_free (Row *row)
{
  g_clear_object (&row->candidate);
  g_free (row);
}

static void
show_problem (ElicitImportDialog *self,
              const char         *problem)
{
  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

static gboolean
importable (Row *row)
{
  return !row->present && elicit_import_candidate_get_entry (row->candidate) != NULL;
}

/* Of several servers with one name, one can be checked at a time. */
static gboolean
name_taken (ElicitImportDialog *self,
            Row                *row)
{
  const char *name = elicit_import_candidate_get_name (row->candidate);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *other = g_ptr_array_index (self->rows, i);

      if (other != row && gtk_check_button_get_active (other->check) &&
          g_strcmp0 (elicit_import_candidate_get_name (other->candidate), name) == 0)
        return TRUE;
    }

  return FALSE;
}

static void
update (ElicitImportDialog *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      gtk_widget_set_sensitive (GTK_WIDGET (row->check), importable (row) && !name_taken (self, row));
      any |= gtk_check_button_get_active (row->check);
    }

  gtk_widget_set_sensitive (self->import_button, any && self->next == 0);
}

/* Building the list ----------------------------------------------------------------------- */

static char *
describe_entry (JsonObject *entry)
{
  JsonArray *args = elicit_json_object_get_array (entry, "args");
  g_autoptr(GString) text = NULL;

  if (json_object_has_member (entry, "url"))
    return g_strdup (elicit_json_object_get_string (entry, "url"));

  text = g_string_new (elicit_json_object_get_string (entry, "command"));
  for (guint i = 0; args != NULL && i < json_array_get_length (args); i++)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, json_array_get_string_element (args, i));
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe (Row *row)
{
  JsonObject *entry = elicit_import_candidate_get_entry (row->candidate);
  g_autofree char *what = NULL;

  if (entry == NULL)
    /* Translators: %s says why a server of another client cannot be imported */
    return g_strdup_printf (_("Cannot be imported: %s"), elicit_import_candidate_get_problem (row->candidate));

  what = describe_entry (entry);
  if (row->present)
    /* Translators: %s is the server's command line or address */
    return g_strdup_printf (_("Already in Elicit — %s"), what);

  return g_steal_pointer (&what);
}

static GtkWidget *
make_row (ElicitImportDialog *self,
          Row                *row)
{
  const char *name = elicit_import_candidate_get_name (row->candidate);
  g_autofree char *subtitle = describe (row);
  GtkWidget *action_row = adw_action_row_new ();

  row->check = GTK_CHECK_BUTTON (gtk_check_button_new ());
  gtk_widget_set_valign (GTK_WIDGET (row->check), GTK_ALIGN_CENTER);
  /* Named by the row's title (the row labels its activatable widget). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->check),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                  -1);
  g_signal_connect_object (row->check, "toggled", G_CALLBACK (update), self, G_CONNECT_SWAPPED);

  /* Names and commands come from another program's file: plain text. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (action_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (action_row), 3);
  adw_action_row_add_prefix (ADW_ACTION_ROW (action_row), GTK_WIDGET (row->check));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (action_row), GTK_WIDGET (row->check));

  return action_row;
}

/* A file that could not be read: its group says why. */
static GtkWidget *
make_unread_row (ElicitImportCandidate *candidate)
{
  GtkWidget *label = gtk_label_new (elicit_import_candidate_get_problem (candidate));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (label, "dim-label");

  return label;
}

static AdwPreferencesGroup *
add_group (ElicitImportDialog    *self,
           ElicitImportCandidate *candidate)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  g_autofree char *title = g_markup_escape_text (elicit_import_candidate_get_client (candidate), -1);
  g_autofree char *source = g_markup_escape_text (elicit_import_candidate_get_source (candidate), -1);

  adw_preferences_group_set_title (group, title);
  adw_preferences_group_set_description (group, source);
  adw_preferences_page_add (self->page, group);

  return group;
}

static void
fill (ElicitImportDialog *self,
      GListModel         *found)
{
  AdwPreferencesGroup *group = NULL;
  const char *client = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (found); i++)
    {
      g_autoptr(ElicitImportCandidate) candidate = g_list_model_get_item (found, i);
      const char *name = elicit_import_candidate_get_name (candidate);
      Row *row;

      if (group == NULL || g_strcmp0 (client, elicit_import_candidate_get_client (candidate)) != 0)
        {
          group = add_group (self, candidate);
          client = elicit_import_candidate_get_client (candidate);
        }

      if (name == NULL)
        {
          adw_preferences_group_add (group, make_unread_row (candidate));
          continue;
        }

      row = g_new0 (Row, 1);
      row->candidate = g_object_ref (candidate);
      row->present = elicit_config_writer_has_server (self->writer, name);
      g_ptr_array_add (self->rows, row);
      adw_preferences_group_add (group, make_row (self, row));
    }

  gtk_stack_set_visible_child_name (self->stack, g_list_model_get_n_items (found) > 0 ? "list" : "none");
  update (self);
}

static void
scanned_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ElicitImportDialog) self = user_data;
  g_autoptr(GListModel) found = elicit_config_import_scan_finish (result, NULL);

  if (found != NULL)
    fill (self, found);
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ElicitImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_config_writer_load_finish (self->writer, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      show_problem (self, error->message);
    }

  elicit_config_import_scan_async (self->cancellable, scanned_cb, g_object_ref (self));
}

/* Importing ---------------------------------------------------------------------------------- */

static void import_next (ElicitImportDialog *self);

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(ElicitImportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  Row *failed;

  if (!elicit_config_writer_save_finish (self->writer, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* What was imported stays; the rest can be tried again. */
      failed = g_ptr_array_index (self->rows, self->next - 1);
      failed->present = FALSE;
      if (self->imported > 0)
        g_signal_emit (self, signals[IMPORTED], 0, self->imported);
      self->imported = 0;
      self->next = 0;
      show_problem (self, error->message);
      gtk_check_button_set_active (failed->check, TRUE);
      update (self);
      return;
    }

  self->imported++;
  import_next (self);
}

static void
import_next (ElicitImportDialog *self)
{
  while (self->next < self->rows->len)
    {
      Row *row = g_ptr_array_index (self->rows, self->next++);

      if (!gtk_check_button_get_active (row->check) || !importable (row))
        continue;

      /* Unchecked as it goes, so a failure leaves checked what is left. */
      row->present = TRUE;
      gtk_check_button_set_active (row->check, FALSE);
      elicit_config_writer_save_async (self->writer, NULL,
                                       elicit_import_candidate_get_name (row->candidate),
                                       elicit_import_candidate_get_entry (row->candidate),
                                       self->cancellable, saved_cb, g_object_ref (self));
      return;
    }

  g_signal_emit (self, signals[IMPORTED], 0, self->imported);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
import_clicked_cb (ElicitImportDialog *self)
{
  show_problem (self, NULL);
  self->next = 0;
  self->imported = 0;
  gtk_widget_set_sensitive (self->import_button, FALSE);
  import_next (self);
}

static void
cancel_clicked_cb (ElicitImportDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

/* GObject ---------------------------------------------------------------------------------- */

static void
elicit_import_dialog_dispose (GObject *object)
{
  ElicitImportDialog *self = ELICIT_IMPORT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_IMPORT_DIALOG);
  g_clear_object (&self->writer);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (elicit_import_dialog_parent_class)->dispose (object);
}

static void
elicit_import_dialog_class_init (ElicitImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_import_dialog_dispose;

  /**
   * ElicitImportDialog::imported:
   * @self: the dialog
   * @n_servers: how many servers were added to the servers file
   *
   * Emitted when Import has added servers to the servers file: read it again.
   */
  signals[IMPORTED] = g_signal_new ("imported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/gnome/World/Elicit/ui/elicit-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitImportDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitImportDialog, page);
  gtk_widget_class_bind_template_child (widget_class, ElicitImportDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitImportDialog, import_button);
  gtk_widget_class_bind_template_callback (widget_class, import_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
elicit_import_dialog_init (ElicitImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
}

/**
 * elicit_import_dialog_new:
 * @parent: the window it belongs to
 * @file: Elicit's servers file, where imported servers go
 *
 * Returns: (transfer floating): a new dialog; present it
 */
GtkWidget *
elicit_import_dialog_new (GtkWindow *parent,
                          GFile     *file)
{
  ElicitImportDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ELICIT_TYPE_IMPORT_DIALOG, "transient-for", parent, NULL);
  self->writer = elicit_config_writer_new (file);
  elicit_config_writer_load_async (self->writer, self->cancellable, loaded_cb, g_object_ref (self));

  return GTK_WIDGET (self);
}
