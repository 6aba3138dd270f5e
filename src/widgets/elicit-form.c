/* elicit-form.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "elicit-gtk-i18n-private.h"

#include "elicit-json.h"
#include "elicit-schema.h"
#include "elicit-form.h"

#include "elicit-field-editor-private.h"
#include "elicit-form-private.h"
#include "elicit-resources-private.h"
#include "elicit-text-private.h"

/**
 * ElicitForm:
 *
 * A form built from an [class@Elicit.Schema]: one row per field, in the
 * server's order, each with the field's title, a required marker, its
 * description, an editor for its kind, and an inline error.
 *
 * The form knows nothing about servers; embed it anywhere, read
 * [property@Form:valid] and [method@Form.get_content], and
 * listen to [signal@Form::changed].
 *
 * Defaults are pre-filled. An optional field the user leaves untouched and
 * that has no default is left out of the content, never sent as `""`, `0` or
 * `false`: numbers show an empty spin button and yes/no fields say "Not set"
 * until the user picks a value, and a clear button takes them back there; a
 * drop-down without a default starts on "Choose…". Text the user empties is
 * left out too, unless it overrides a default. A yes/no question on its own,
 * and a required yes/no without a default, get explicit Yes and No radio
 * buttons with nothing chosen: a required one waits for the user's choice.
 * A required multiple choice without a default sends what it shows (`[]`).
 *
 * Editors: an entry for text (with a calendar popover for `date` and
 * `date-time`), a multi-line text view for long text (`maxLength` over 200,
 * or no `maxLength` and a name or title such as "description", "comments",
 * "message" or "notes"), a spin button for numbers, a switch for yes/no, a
 * drop-down for one choice (searchable past 10 options), check buttons for
 * several (past 30 options, a searchable list that only makes widgets for
 * the rows on screen).
 *
 * A field's error appears once the user has edited it and moved on
 * (left it, pressed Enter, or picked a value), or after
 * [method@Form.show_all_errors], on a line under the field that is kept
 * for it, so that nothing moves when it appears. Nothing is shown as an
 * error before that: a required field says "Required" beside its title.
 *
 * A long form (more than 48 fields) shows its first rows at once and
 * builds the others in the idle time of the next frames, so that it appears
 * as fast as a short one. Until every row is built, [property@Form:valid]
 * is %FALSE, and [method@Form.get_content] gives the fields not built yet
 * as untouched editors would (their defaults). Asking for a field's widget,
 * focusing it, or showing every error builds what is needed at once.
 *
 * Every string that comes from the schema is shown as plain text, stripped of
 * invisible and bidirectional control characters and shortened when long.
 *
 * Since: 1.0
 */

/* How much of a field's description a row shows. */
#define DESCRIPTION_MAX 2000
/* How much of an error message a row shows (it may quote a server's pattern). */
#define ERROR_MAX       500
/* Forms up to SYNC_ROWS fields are built at once; longer ones build
 * EAGER_ROWS rows (more than a screenful) at once and the rest in batches of
 * about BATCH_USEC, one a frame, so that each frame stays on time. */
#define SYNC_ROWS       48
#define EAGER_ROWS      16
#define BATCH_USEC      10000
#define FRAME_TIMEOUT_MS 250

typedef struct
{
  ElicitField       *field;
  ElicitFieldEditor *editor;
  GtkWidget         *error_label;
  gboolean           reveal;
  gboolean           shown;
} Row;

struct _ElicitForm
{
  GtkWidget     parent_instance;

  GtkWidget    *rows_box;
  GtkWidget    *empty_label;

  ElicitSchema *schema;
  GPtrArray    *rows;
  GHashTable   *rows_by_name;
  GHashTable   *errors;
  guint         build_source;   /* the next batch's idle */
  GdkFrameClock *paint_clock;
  gulong        paint_handler;  /* on paint_clock: a frame between batches */
  guint         frame_timeout;  /* or no frame comes (a hidden window) */
  gboolean      building;
  gboolean      frame_pending;  /* rows were added that no frame has shown */
  gboolean      valid;
};

G_DEFINE_FINAL_TYPE (ElicitForm, elicit_form, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCHEMA,
  PROP_VALID,
  N_PROPS
};

enum {
  CHANGED,
  ACTIVATE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
row_free (gpointer data)
{
  Row *row = data;

  g_clear_object (&row->field);
  g_free (row);
}

static void stop_building (ElicitForm *self);
static void resume_building (ElicitForm *self);

/* ---- validation --------------------------------------------------------- */

static JsonObject *
collect_values (ElicitForm *self)
{
  JsonObject *values = json_object_new ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      JsonNode *value = elicit_field_editor_dup_value (row->editor);

      if (value != NULL)
        json_object_set_member (values, elicit_field_get_name (row->field), value);
    }

  return values;
}

/* An error line says something only now and then: while it is empty it
 * asks for no width in characters, since each one it has makes its every
 * measure read the font's metrics (a row's title, 12 characters at least in
 * a bigger font, is as wide as the empty line ever was). With a message it
 * is between 12 and 48 characters wide, as label_new() makes the others. */
static void
set_error_text (GtkLabel   *label,
                const char *text)
{
  gboolean empty = *text == '\0';

  gtk_label_set_width_chars (label, empty ? -1 : 12);
  gtk_label_set_max_width_chars (label, empty ? -1 : 48);
  gtk_label_set_text (label, text);
}

static void
show_row_error (ElicitForm *self,
                Row        *row)
{
  const char *message = g_hash_table_lookup (self->errors, elicit_field_get_name (row->field));
  GtkAccessible *input = GTK_ACCESSIBLE (elicit_field_editor_get_input (row->editor));
  gboolean shown = row->reveal && message != NULL;

  /* The line is always there, empty until the error shows: an error that
   * appears moves neither this field nor the ones below. */
  if (shown)
    {
      g_autofree char *text = elicit_text_sanitize_block (message, ERROR_MAX);

      set_error_text (GTK_LABEL (row->error_label), text);
    }
  else
    set_error_text (GTK_LABEL (row->error_label), "");
  row->shown = shown;
  if (shown)
    gtk_widget_add_css_class (GTK_WIDGET (input), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (input), "error");
  gtk_accessible_update_state (input,
                               GTK_ACCESSIBLE_STATE_INVALID,
                               shown ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
}

static void
set_valid (ElicitForm *self,
           gboolean    valid)
{
  if (self->valid == valid)
    return;

  self->valid = valid;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

static void
revalidate (ElicitForm *self)
{
  g_autoptr(JsonObject) content = NULL;

  g_clear_pointer (&self->errors, g_hash_table_unref);

  if (self->schema == NULL)
    {
      self->errors = g_hash_table_new (g_str_hash, g_str_equal);
      set_valid (self, FALSE);
      return;
    }

  content = elicit_form_get_content (self);
  self->errors = elicit_schema_validate (self->schema, content);

  /* Text that is no value at all says so, rather than "required". */
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      char *problem = elicit_field_editor_dup_problem (row->editor);

      if (problem != NULL)
        g_hash_table_replace (self->errors, g_strdup (elicit_field_get_name (row->field)), problem);
    }

  for (guint i = 0; i < self->rows->len; i++)
    show_row_error (self, g_ptr_array_index (self->rows, i));

  set_valid (self, g_hash_table_size (self->errors) == 0 && !self->building);
}

static void
editor_changed_cb (ElicitForm        *self,
                   ElicitFieldEditor *editor)
{
  revalidate (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
editor_commit_cb (ElicitForm        *self,
                  ElicitFieldEditor *editor)
{
  Row *row = g_object_get_data (G_OBJECT (editor), "elicit-form-row");

  if (row == NULL || row->reveal || !elicit_field_editor_get_edited (editor))
    return;

  row->reveal = TRUE;
  show_row_error (self, row);
}

static void
editor_activate_cb (ElicitForm        *self,
                    ElicitFieldEditor *editor)
{
  g_signal_emit (self, signals[ACTIVATE], 0);
}

/* ---- building rows ------------------------------------------------------ */

static GtkWidget *
label_new (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* A wrapping label asks for its whole text's width otherwise, and a
   * scrolled window (GTK 4.8) sizes its content for that width: the dialog
   * would come out as short as if every text fit on one line. */
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);

  return label;
}

static GtkWidget *
header_new (ElicitField  *field,
            GtkWidget   **title_label)
{
  g_autofree char *title = elicit_text_sanitize_line (elicit_field_get_label (field),
                                                      ELICIT_TEXT_LINE_MAX);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  *title_label = label_new (title, "heading");
  /* Bold, and beside the marker: narrower, so the dialog is not too short. */
  gtk_label_set_max_width_chars (GTK_LABEL (*title_label), 36);
  gtk_widget_set_hexpand (*title_label, TRUE);
  gtk_box_append (GTK_BOX (header), *title_label);

  if (elicit_field_get_required (field))
    {
      /* Translators: marks a form field the user must fill in */
      GtkWidget *marker = gtk_label_new (_("Required"));

      /* Not baseline-aligned: GTK 4.8 measures a wrapping label in a
       * baseline row at another width than it gives it, and the title then
       * runs over what follows. */
      gtk_widget_set_valign (marker, GTK_ALIGN_START);
      gtk_widget_set_margin_top (marker, 2);
      gtk_widget_add_css_class (marker, "dim-label");
      gtk_widget_add_css_class (marker, "caption");
      gtk_box_append (GTK_BOX (header), marker);
    }

  return header;
}

static gboolean
looks_secret (ElicitField *field)
{
  return elicit_text_looks_secret (elicit_field_get_name (field)) ||
         elicit_text_looks_secret (elicit_field_get_title (field));
}

static GtkWidget *
secret_warning_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *label = label_new (_("Servers must not ask for passwords, keys or other secrets "
                                  "in a form. Do not enter one here."),
                                NULL);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (box, "secret-warning");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);

  return box;
}

static Row *
row_new (ElicitForm  *self,
         ElicitField *field,
         gboolean     alone,
         GtkWidget   *box)
{
  g_autofree char *description = elicit_text_sanitize_block (elicit_field_get_description (field),
                                                             DESCRIPTION_MAX);
  GtkWidget *title_label;
  Row *row = g_new0 (Row, 1);

  row->field = g_object_ref (field);
  row->editor = ELICIT_FIELD_EDITOR (elicit_field_editor_new_full (field, alone));
  row->error_label = label_new (NULL, "error");
  gtk_widget_add_css_class (row->error_label, "caption");
  set_error_text (GTK_LABEL (row->error_label), "");

  gtk_box_append (GTK_BOX (box), header_new (field, &title_label));
  if (description != NULL && *description != '\0')
    gtk_box_append (GTK_BOX (box), label_new (description, "dim-label"));
  if (looks_secret (field))
    gtk_box_append (GTK_BOX (box), secret_warning_new ());
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->editor));
  gtk_box_append (GTK_BOX (box), row->error_label);

  elicit_field_editor_set_labels (row->editor, title_label, description);
  g_object_set_data (G_OBJECT (row->editor), "elicit-form-row", row);
  g_signal_connect_swapped (row->editor, "changed", G_CALLBACK (editor_changed_cb), self);
  g_signal_connect_swapped (row->editor, "commit", G_CALLBACK (editor_commit_cb), self);
  g_signal_connect_swapped (row->editor, "activate", G_CALLBACK (editor_activate_cb), self);

  return row;
}

static void
clear_rows (ElicitForm *self)
{
  GtkWidget *child;

  stop_building (self);

  /* Focus leaving a row as it goes must not reach a form that forgot it. */
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      g_signal_handlers_disconnect_by_data (row->editor, self);
    }

  while ((child = gtk_widget_get_first_child (self->rows_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->rows_box), child);

  g_ptr_array_set_size (self->rows, 0);
  g_hash_table_remove_all (self->rows_by_name);
}

static guint
n_fields (ElicitForm *self)
{
  return self->schema != NULL ? g_list_model_get_n_items (elicit_schema_get_fields (self->schema)) : 0;
}

/* Rows are built in the schema's order: the next one is the rows->len-th,
 * into @parent. */
static void
build_next_row (ElicitForm *self,
                GtkWidget  *parent)
{
  guint total = n_fields (self);
  g_autoptr(ElicitField) field = g_list_model_get_item (elicit_schema_get_fields (self->schema),
                                                        self->rows->len);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  Row *row = row_new (self, field, total == 1, box);

  gtk_box_append (GTK_BOX (parent), box);
  g_ptr_array_add (self->rows, row);
  g_hash_table_insert (self->rows_by_name, (char *) elicit_field_get_name (field), row);
}

/* The rows a long form adds later come in a box of their own, built before
 * it joins the form: a row added to the form itself would restyle every
 * row before it (position selectors such as :last-child), each batch,
 * which made the last batches of 500 fields take hundreds of ms a frame. */
static GtkWidget *
chunk_new (ElicitForm *self)
{
  return g_object_new (GTK_TYPE_BOX,
                       "orientation", GTK_ORIENTATION_VERTICAL,
                       "spacing", gtk_box_get_spacing (GTK_BOX (self->rows_box)),
                       "accessible-role", GTK_ACCESSIBLE_ROLE_GENERIC,
                       NULL);
}

static void
build_rows_until (ElicitForm *self,
                  guint       n_rows)
{
  GtkWidget *chunk;

  if (self->rows->len >= MIN (n_rows, n_fields (self)))
    return;

  chunk = chunk_new (self);
  while (self->rows->len < MIN (n_rows, n_fields (self)))
    build_next_row (self, chunk);
  gtk_box_append (GTK_BOX (self->rows_box), chunk);
}

static gboolean build_batch_cb (gpointer user_data);

static void
stop_waiting_for_frame (ElicitForm *self)
{
  if (self->paint_clock != NULL)
    g_clear_signal_handler (&self->paint_handler, self->paint_clock);
  g_clear_object (&self->paint_clock);
  g_clear_handle_id (&self->frame_timeout, g_source_remove);
}

static void
stop_building (ElicitForm *self)
{
  g_clear_handle_id (&self->build_source, g_source_remove);
  stop_waiting_for_frame (self);
  self->building = FALSE;
  self->frame_pending = FALSE;
}

/* The next batch, now that a frame showed the last one (or none will). */
static void
resume_building (ElicitForm *self)
{
  stop_waiting_for_frame (self);
  self->frame_pending = FALSE;
  if (self->build_source == 0)
    self->build_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, build_batch_cb, self, NULL);
}

static void
after_paint_cb (GdkFrameClock *clock,
                ElicitForm    *self)
{
  resume_building (self);
}

/* A compositor sends no frames to a window it does not show: the form is
 * built all the same, so that it can be answered once shown. */
static gboolean
frame_timeout_cb (gpointer user_data)
{
  ElicitForm *self = user_data;

  self->frame_timeout = 0;
  resume_building (self);

  return G_SOURCE_REMOVE;
}

/* On screen, a batch waits for the frame that shows the last one: the
 * frame clock paints only when a frame is due, and batches run in between
 * would make the first frame wait for the whole form. */
static gboolean
wait_for_frame (ElicitForm *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (!self->frame_pending || !gtk_widget_get_mapped (GTK_WIDGET (self)) || clock == NULL)
    return FALSE;

  if (self->paint_clock == NULL)
    {
      self->paint_clock = g_object_ref (clock);
      self->paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), self);
      self->frame_timeout = g_timeout_add (FRAME_TIMEOUT_MS, frame_timeout_cb, self);
    }
  self->build_source = 0;

  return TRUE;
}

static gboolean
build_batch_cb (gpointer user_data)
{
  ElicitForm *self = user_data;
  GtkWidget *chunk;
  gint64 deadline;

  if (wait_for_frame (self))
    return G_SOURCE_REMOVE;

  deadline = g_get_monotonic_time () + BATCH_USEC;
  chunk = chunk_new (self);
  do
    build_next_row (self, chunk);
  while (self->rows->len < n_fields (self) && g_get_monotonic_time () < deadline);
  gtk_box_append (GTK_BOX (self->rows_box), chunk);
  self->frame_pending = TRUE;

  if (self->rows->len == n_fields (self))
    {
      self->build_source = 0;
      stop_building (self);
      revalidate (self);
      return G_SOURCE_REMOVE;
    }

  return wait_for_frame (self) ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

/* The first rows now, enough to fill the window; the rest after, a batch a
 * frame, so the dialog appears as soon as a short form's would, and a
 * person can type while the rest are built. What is not built yet answers
 * with its default, as an untouched editor does, but the form is not valid
 * before every row is there. */
static void
build_rows (ElicitForm *self)
{
  guint total = n_fields (self);

  if (total <= SYNC_ROWS)
    {
      while (self->rows->len < total)
        build_next_row (self, self->rows_box);
      return;
    }

  build_rows_until (self, EAGER_ROWS);

  self->building = TRUE;
  /* The first rows wait for their first frame too, if the form is shown in
   * this turn of the main loop, as a dialog is. */
  self->frame_pending = TRUE;
  self->build_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, build_batch_cb, self, NULL);
}

/*
 * elicit_form_get_complete:
 * Whether every field has its row: FALSE while a long form is still being
 * built (elicit_form_complete()).
 */
gboolean
elicit_form_get_complete (ElicitForm *self)
{
  g_return_val_if_fail (ELICIT_IS_FORM (self), FALSE);

  return !self->building;
}

/*
 * elicit_form_complete:
 * Builds the rows not built yet now, for those who need all of them
 * at once (rendering the whole form, showing every error).
 */
void
elicit_form_complete (ElicitForm *self)
{
  g_return_if_fail (ELICIT_IS_FORM (self));

  if (!self->building)
    return;

  stop_building (self);
  build_rows_until (self, n_fields (self));
  revalidate (self);
}

/* ---- GObject ------------------------------------------------------------ */

/* Hidden before its frame, a form still being built goes on without one. */
static void
elicit_form_unmap (GtkWidget *widget)
{
  ElicitForm *self = ELICIT_FORM (widget);

  GTK_WIDGET_CLASS (elicit_form_parent_class)->unmap (widget);

  if (self->paint_clock != NULL)
    resume_building (self);
}

static void
elicit_form_dispose (GObject *object)
{
  ElicitForm *self = ELICIT_FORM (object);

  stop_building (self);

  if (self->rows_box != NULL)
    clear_rows (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_FORM);
  self->rows_box = NULL;
  self->empty_label = NULL;
  g_clear_object (&self->schema);

  G_OBJECT_CLASS (elicit_form_parent_class)->dispose (object);
}

static void
elicit_form_finalize (GObject *object)
{
  ElicitForm *self = ELICIT_FORM (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->rows_by_name, g_hash_table_unref);
  g_clear_pointer (&self->errors, g_hash_table_unref);

  G_OBJECT_CLASS (elicit_form_parent_class)->finalize (object);
}

static void
elicit_form_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ElicitForm *self = ELICIT_FORM (object);

  switch (prop_id)
    {
    case PROP_SCHEMA:
      g_value_set_object (value, elicit_form_get_schema (self));
      break;
    case PROP_VALID:
      g_value_set_boolean (value, elicit_form_get_valid (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_form_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  ElicitForm *self = ELICIT_FORM (object);

  switch (prop_id)
    {
    case PROP_SCHEMA:
      elicit_form_set_schema (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_form_class_init (ElicitFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  elicit_gtk_ensure_i18n ();
  elicit_ensure_resources ();

  object_class->dispose = elicit_form_dispose;
  object_class->finalize = elicit_form_finalize;
  object_class->get_property = elicit_form_get_property;
  object_class->set_property = elicit_form_set_property;
  widget_class->unmap = elicit_form_unmap;

  /**
   * ElicitForm:schema:
   *
   * The schema the form is built from.
   *
   * Since: 1.0
   */
  properties[PROP_SCHEMA] =
    g_param_spec_object ("schema", NULL, NULL,
                         ELICIT_TYPE_SCHEMA,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitForm:valid:
   *
   * Whether the content satisfies the schema, so it may be sent. A form
   * without fields is valid; a form without a schema is not, nor a long
   * form whose last rows are still being built.
   *
   * Since: 1.0
   */
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ElicitForm::changed:
   * @self: the form
   *
   * Emitted when the user changed a value; the content, the errors and
   * [property@Form:valid] are already up to date.
   *
   * Since: 1.0
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * ElicitForm::activate:
   * @self: the form
   *
   * Emitted when the user pressed Return in a one-line field (an entry or a
   * number), as people do to submit a form. The field has taken what was
   * typed: [property@Form:valid] is up to date. A multi-line field keeps
   * Return for new lines and never emits it.
   *
   * Submit the form when it is valid, or show its errors with
   * [method@Form.show_all_errors].
   *
   * Since: 1.0
   */
  signals[ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gnome/World/Elicit/ui/elicit-form.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitForm, rows_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitForm, empty_label);
  gtk_widget_class_set_css_name (widget_class, "elicitform");
}

/* Once per display, for every form on it. */
static void
ensure_css (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  elicit_ensure_dark_css (display);
  if (display == NULL || g_object_get_data (G_OBJECT (display), "elicit-form-css") != NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/gnome/World/Elicit/ui/elicit-form.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "elicit-form-css",
                          g_steal_pointer (&provider), g_object_unref);
}

static void
elicit_form_init (ElicitForm *self)
{
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->rows_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->errors = g_hash_table_new (g_str_hash, g_str_equal);

  gtk_widget_init_template (GTK_WIDGET (self));
  ensure_css (GTK_WIDGET (self));
}

/**
 * elicit_form_new:
 * @schema: (nullable): the schema to build the form from
 *
 * Creates a form for @schema.
 *
 * Returns: (transfer floating): a new form
 *
 * Since: 1.0
 */
GtkWidget *
elicit_form_new (ElicitSchema *schema)
{
  g_return_val_if_fail (schema == NULL || ELICIT_IS_SCHEMA (schema), NULL);

  return g_object_new (ELICIT_TYPE_FORM, "schema", schema, NULL);
}

/**
 * elicit_form_get_schema:
 * @self: a form
 *
 * Gets the schema the form is built from.
 *
 * Returns: (transfer none) (nullable): the schema
 *
 * Since: 1.0
 */
ElicitSchema *
elicit_form_get_schema (ElicitForm *self)
{
  g_return_val_if_fail (ELICIT_IS_FORM (self), NULL);

  return self->schema;
}

/**
 * elicit_form_set_schema:
 * @self: a form
 * @schema: (nullable): the schema to build the form from
 *
 * Rebuilds the form for @schema, with its defaults and no errors shown.
 *
 * Since: 1.0
 */
void
elicit_form_set_schema (ElicitForm   *self,
                        ElicitSchema *schema)
{
  gboolean empty;

  g_return_if_fail (ELICIT_IS_FORM (self));
  g_return_if_fail (schema == NULL || ELICIT_IS_SCHEMA (schema));

  if (!g_set_object (&self->schema, schema))
    return;

  clear_rows (self);
  if (schema != NULL)
    build_rows (self);

  empty = schema != NULL && n_fields (self) == 0;
  gtk_widget_set_visible (self->empty_label, empty);
  gtk_widget_set_visible (self->rows_box, self->rows->len > 0);
  revalidate (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCHEMA]);
}

/**
 * elicit_form_get_valid:
 * @self: a form
 *
 * Gets whether the content satisfies the schema.
 *
 * Returns: whether the form may be submitted
 *
 * Since: 1.0
 */
gboolean
elicit_form_get_valid (ElicitForm *self)
{
  g_return_val_if_fail (ELICIT_IS_FORM (self), FALSE);

  return self->valid;
}

/**
 * elicit_form_get_content:
 * @self: a form
 *
 * Builds the content to send: what the user entered, plus the defaults of
 * the fields they left alone. Optional fields without a default that the
 * user did not fill in are absent. The content may be invalid; check
 * [property@Form:valid] first.
 *
 * Returns: (transfer full): the content, exactly as it would be sent
 *
 * Since: 1.0
 */
JsonObject *
elicit_form_get_content (ElicitForm *self)
{
  g_autoptr(JsonObject) values = NULL;

  g_return_val_if_fail (ELICIT_IS_FORM (self), NULL);

  if (self->schema == NULL)
    return json_object_new ();

  values = collect_values (self);

  return elicit_schema_build_content (self->schema, values);
}

/**
 * elicit_form_dup_content_json:
 * @self: a form
 *
 * Gets [method@Form.get_content] as JSON text, for programs that would
 * rather not build it with a `JsonGenerator`.
 *
 * Returns: (transfer full): the content as compact JSON, exactly as it
 *   would be sent
 *
 * Since: 1.0
 */
char *
elicit_form_dup_content_json (ElicitForm *self)
{
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (ELICIT_IS_FORM (self), NULL);

  content = elicit_form_get_content (self);
  node = json_node_init_object (json_node_alloc (), content);

  return elicit_json_to_string (node, NULL);
}

/**
 * elicit_form_get_errors:
 * @self: a form
 *
 * Gets what is wrong with the content now, one translated message per
 * field, whether or not the form shows it yet. Empty when the form is valid.
 *
 * Returns: (transfer full) (element-type utf8 utf8): a table from field name
 *   to message, a snapshot that later edits do not change; unref it when done
 *
 * Since: 1.0
 */
GHashTable *
elicit_form_get_errors (ElicitForm *self)
{
  g_return_val_if_fail (ELICIT_IS_FORM (self), NULL);

  return g_hash_table_ref (self->errors);
}

/* A field asked for by name has its row, built now if it was not yet. */
static Row *
lookup_row (ElicitForm *self,
            const char *name)
{
  Row *row = g_hash_table_lookup (self->rows_by_name, name);
  GListModel *fields;

  if (row != NULL || !self->building)
    return row;

  fields = elicit_schema_get_fields (self->schema);
  for (guint i = self->rows->len; i < g_list_model_get_n_items (fields); i++)
    {
      g_autoptr(ElicitField) field = g_list_model_get_item (fields, i);

      if (g_str_equal (elicit_field_get_name (field), name))
        {
          build_rows_until (self, i + 1);
          break;
        }
    }
  if (self->rows->len == n_fields (self))
    elicit_form_complete (self);

  return g_hash_table_lookup (self->rows_by_name, name);
}

/**
 * elicit_form_get_field_widget:
 * @self: a form
 * @name: a field's property name
 *
 * Gets the widget the user edits for the field @name: a [class@Gtk.Entry],
 * a [class@Gtk.TextView] for long text, a [class@Gtk.SpinButton], a
 * [class@Gtk.Switch] (or, for a yes/no question on its own or a required one
 * without a default, a [class@Gtk.Box] holding Yes and No
 * [class@Gtk.CheckButton]s), a [class@Gtk.DropDown], or for several choices the
 * group holding the check buttons (a [class@Gtk.Box], or a
 * [class@Gtk.ListView] when there are many options).
 *
 * Returns: (transfer none) (nullable): the widget, or %NULL if there is no
 *   such field
 *
 * Since: 1.0
 */
GtkWidget *
elicit_form_get_field_widget (ElicitForm *self,
                              const char *name)
{
  Row *row;

  g_return_val_if_fail (ELICIT_IS_FORM (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  row = lookup_row (self, name);
  if (row == NULL)
    return NULL;

  return elicit_field_editor_get_input (row->editor);
}

/**
 * elicit_form_show_all_errors:
 * @self: a form
 *
 * Shows the error of every field, edited or not, and moves the keyboard
 * focus to the first field in error. Call it when the user tries to submit.
 *
 * Since: 1.0
 */
void
elicit_form_show_all_errors (ElicitForm *self)
{
  Row *first = NULL;

  g_return_if_fail (ELICIT_IS_FORM (self));

  elicit_form_complete (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      row->reveal = TRUE;
      show_row_error (self, row);
      if (first == NULL && row->shown)
        first = row;
    }

  if (first != NULL)
    gtk_widget_grab_focus (elicit_field_editor_get_input (first->editor));
}

/**
 * elicit_form_focus_field:
 * @self: a form
 * @name: a field's property name
 *
 * Shows the field's error, if it has one, and moves the keyboard focus to
 * it, scrolling it into view. Use it to take the user to a field a summary
 * names.
 *
 * Since: 1.0
 */
void
elicit_form_focus_field (ElicitForm *self,
                         const char *name)
{
  Row *row;

  g_return_if_fail (ELICIT_IS_FORM (self));
  g_return_if_fail (name != NULL);

  row = lookup_row (self, name);
  if (row == NULL)
    return;

  row->reveal = TRUE;
  show_row_error (self, row);
  gtk_widget_grab_focus (elicit_field_editor_get_input (row->editor));
}
