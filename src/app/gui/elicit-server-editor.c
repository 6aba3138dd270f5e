/* elicit-server-editor.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "elicit.h"

#include "elicit-config-writer.h"
#include "elicit-server-editor.h"

/**
 * ElicitServerEditor:
 *
 * Adds a server to the servers file, or changes or removes one: a local
 * program (the program, its arguments, its environment, its working folder)
 * or a remote address (the URL, headers to send, the client ID and scopes to
 * sign in with). What the user types is checked as the loader reads it
 * ([func@config_check_entry]); members of the entry the editor does not show
 * are kept. Saving writes the file through [class@ConfigWriter]; when that
 * fails, the editor stays open and says why, and the file is as it was.
 * [signal@ServerEditor::saved] tells the window to read the file again.
 */

struct _ElicitServerEditor
{
  AdwWindow            parent_instance;

  ElicitConfigWriter  *writer;
  ElicitServerConfig  *server;        /* the server edited, NULL to add one */
  char                *old_name;      /* its name in the file, NULL when not there */
  JsonObject          *original;      /* its entry as the file has it, or NULL */
  GCancellable        *cancellable;
  gboolean             tried;         /* Save was pressed: problems show as they change */

  /* Template widgets */
  GtkWidget           *save_button;
  GtkWidget           *problem_label;
  GtkEditable         *name_entry;
  GtkToggleButton     *local_button;
  GtkToggleButton     *remote_button;
  GtkStack            *kind_stack;
  GtkBox              *local_box;
  GtkBox              *remote_box;
  GtkWidget           *remove_button;

  /* Fields made in init */
  GtkEditable         *program_entry;
  GtkEditable         *args_entry;
  GtkEditable         *cwd_entry;
  GtkTextView         *env_view;
  GtkEditable         *url_entry;
  GtkTextView         *headers_view;
  GtkEditable         *client_id_entry;
  GtkEditable         *scope_entry;
};

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ElicitServerEditor, elicit_server_editor, ADW_TYPE_WINDOW)

/* The members this editor shows; the others of an entry are kept as they are. */
static const char * const local_members[] = { "command", "args", "env", "cwd", NULL };
static const char * const remote_members[] = { "url", "headers", NULL };

static void changed_cb (ElicitServerEditor *self);

/* Fields ---------------------------------------------------------------------------- */

static void
add_field (GtkBox     *box,
           const char *title,
           const char *hint,
           GtkWidget  *field)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (title);
  GtkWidget *hint_label = gtk_label_new (hint);
  GtkWidget *focus = GTK_IS_FRAME (field) ? gtk_frame_get_child (GTK_FRAME (field)) : field;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), focus);

  gtk_label_set_xalign (GTK_LABEL (hint_label), 0);
  gtk_label_set_wrap (GTK_LABEL (hint_label), TRUE);
  gtk_widget_add_css_class (hint_label, "caption");
  gtk_widget_add_css_class (hint_label, "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  hint, -1);

  gtk_box_append (box, label);
  gtk_box_append (box, field);
  gtk_box_append (box, hint_label);
}

static GtkEditable *
add_entry (ElicitServerEditor *self,
           GtkBox             *box,
           const char         *title,
           const char         *hint)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  g_signal_connect_object (entry, "changed", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
  add_field (box, title, hint, entry);

  return GTK_EDITABLE (entry);
}

static GtkTextView *
add_lines (ElicitServerEditor *self,
           GtkBox             *box,
           const char         *title,
           const char         *hint)
{
  GtkWidget *view = gtk_text_view_new ();
  GtkWidget *frame = gtk_frame_new (NULL);

  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_widget_set_size_request (view, -1, 72);
  gtk_frame_set_child (GTK_FRAME (frame), view);
  add_field (box, title, hint, frame);

  return GTK_TEXT_VIEW (view);
}

static char *
lines_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start;
  GtkTextIter end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
set_lines (GtkTextView *view,
           const char  *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
}

/* From an entry to the fields ------------------------------------------------------------ */

static gboolean
needs_quotes (const char *arg)
{
  if (*arg == '\0')
    return TRUE;

  for (const char *p = arg; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("@%+=:,./_-", *p) == NULL && (guchar) *p < 0x80)
      return TRUE;

  return FALSE;
}

static char *
join_args (JsonArray *array)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      const char *arg = elicit_json_array_get_string (array, i);
      g_autofree char *quoted = NULL;

      if (arg == NULL)
        continue;
      quoted = needs_quotes (arg) ? g_shell_quote (arg) : g_strdup (arg);
      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", quoted);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
join_map (JsonObject *object,
          const char *separator)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GList) names = object != NULL ? json_object_get_members (object) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *value = elicit_json_object_get_string (object, l->data);

      if (value != NULL)
        g_string_append_printf (text, "%s%s%s\n", (char *) l->data, separator, value);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
set_entry_text (GtkEditable *entry,
                const char  *text)
{
  gtk_editable_set_text (entry, text != NULL ? text : "");
}

static void
fill_from_entry (ElicitServerEditor *self,
                 JsonObject         *entry)
{
  JsonObject *oauth = elicit_json_object_get_object (entry, "oauth");
  g_autofree char *args = join_args (elicit_json_object_get_array (entry, "args"));
  g_autofree char *env = join_map (elicit_json_object_get_object (entry, "env"), "=");
  g_autofree char *headers = join_map (elicit_json_object_get_object (entry, "headers"), ": ");

  set_entry_text (self->program_entry, elicit_json_object_get_string (entry, "command"));
  set_entry_text (self->args_entry, args);
  set_entry_text (self->cwd_entry, elicit_json_object_get_string (entry, "cwd"));
  set_lines (self->env_view, env);
  set_entry_text (self->url_entry, elicit_json_object_get_string (entry, "url"));
  set_lines (self->headers_view, headers);
  if (oauth != NULL)
    {
      set_entry_text (self->client_id_entry, elicit_json_object_get_string (oauth, "clientId"));
      set_entry_text (self->scope_entry, elicit_json_object_get_string (oauth, "scope"));
    }

  gtk_toggle_button_set_active (json_object_has_member (entry, "url") ? self->remote_button
                                                                      : self->local_button,
                                TRUE);
}

/* A server not in the file (the demo server): what is known of it. */
static void
fill_from_server (ElicitServerEditor *self,
                  ElicitServerConfig *server)
{
  g_autoptr(GString) args = g_string_new (NULL);
  const char * const *argv = elicit_server_config_get_args (server);

  for (guint i = 0; argv != NULL && argv[i] != NULL; i++)
    {
      g_autofree char *quoted = needs_quotes (argv[i]) ? g_shell_quote (argv[i])
                                                       : g_strdup (argv[i]);

      g_string_append_printf (args, "%s%s", args->len > 0 ? " " : "", quoted);
    }

  set_entry_text (self->program_entry, elicit_server_config_get_command (server));
  set_entry_text (self->args_entry, args->str);
  set_entry_text (self->cwd_entry, elicit_server_config_get_cwd (server));
  set_entry_text (self->url_entry, elicit_server_config_get_url (server));
  gtk_toggle_button_set_active (elicit_server_config_get_kind (server) == ELICIT_SERVER_KIND_REMOTE
                                  ? self->remote_button : self->local_button,
                                TRUE);
}

/* From the fields to an entry ------------------------------------------------------------ */

static gboolean
parse_args (const char  *text,
            JsonArray  **array,
            GError     **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) local_error = NULL;

  *array = json_array_new ();
  if (g_shell_parse_argv (text, NULL, &argv, &local_error))
    {
      for (guint i = 0; argv[i] != NULL; i++)
        json_array_add_string_element (*array, argv[i]);
      return TRUE;
    }

  if (g_error_matches (local_error, G_SHELL_ERROR, G_SHELL_ERROR_EMPTY_STRING))
    return TRUE;

  g_clear_pointer (array, json_array_unref);
  /* Translators: %s is why the arguments could not be split (“Text ended before matching quote”) */
  g_set_error (error, G_SHELL_ERROR, G_SHELL_ERROR_BAD_QUOTING,
               _("The arguments cannot be split into words: %s"), local_error->message);
  return FALSE;
}

/* One NAME=value (or Name: value) a line; blank lines are skipped. */
static JsonObject *
parse_map (const char  *text,
           char         separator,
           const char  *problem,
           GError     **error)
{
  g_autoptr(JsonObject) map = json_object_new ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = g_strdup (lines[i]);
      char *at;

      if (*g_strstrip (line) == '\0')
        continue;

      at = strchr (line, separator);
      if (at == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, problem);
          return NULL;
        }

      *at = '\0';
      json_object_set_string_member (map, g_strchomp (line),
                                     separator == ':' ? g_strchug (at + 1) : at + 1);
    }

  return g_steal_pointer (&map);
}

static void
set_or_remove (JsonObject *entry,
               const char *member,
               JsonNode   *value,
               gboolean    empty)
{
  /* An empty value the file had stays (its text too); a new one is left out. */
  if (empty && !json_object_has_member (entry, member))
    json_node_unref (value);
  else
    json_object_set_member (entry, member, value);
}

static gboolean
build_local (ElicitServerEditor  *self,
             JsonObject          *entry,
             GError             **error)
{
  g_autofree char *env_text = lines_text (self->env_view);
  const char *cwd = gtk_editable_get_text (self->cwd_entry);
  JsonArray *args;
  JsonObject *env;

  if (!parse_args (gtk_editable_get_text (self->args_entry), &args, error))
    return FALSE;
  set_or_remove (entry, "args", json_node_init_array (json_node_alloc (), args),
                 json_array_get_length (args) == 0);
  json_array_unref (args);

  env = parse_map (env_text, '=', _("Write each environment variable on a line of its own, "
                                    "as NAME=value"), error);
  if (env == NULL)
    return FALSE;
  set_or_remove (entry, "env", json_node_init_object (json_node_alloc (), env),
                 json_object_get_size (env) == 0);
  json_object_unref (env);

  json_object_set_string_member (entry, "command", gtk_editable_get_text (self->program_entry));
  if (*cwd != '\0')
    json_object_set_string_member (entry, "cwd", cwd);
  else
    json_object_remove_member (entry, "cwd");

  return TRUE;
}

static void
build_oauth (ElicitServerEditor *self,
             JsonObject         *entry)
{
  JsonObject *old = elicit_json_object_get_object (entry, "oauth");
  g_autoptr(JsonObject) oauth = old != NULL ? elicit_json_object_deep_copy (old) : json_object_new ();
  const char *client_id = gtk_editable_get_text (self->client_id_entry);
  const char *scope = gtk_editable_get_text (self->scope_entry);

  if (*client_id != '\0')
    json_object_set_string_member (oauth, "clientId", client_id);
  else
    json_object_remove_member (oauth, "clientId");
  if (*scope != '\0')
    json_object_set_string_member (oauth, "scope", scope);
  else
    json_object_remove_member (oauth, "scope");

  if (json_object_get_size (oauth) > 0 || old != NULL)
    json_object_set_object_member (entry, "oauth", g_steal_pointer (&oauth));
}

static gboolean
build_remote (ElicitServerEditor  *self,
              JsonObject          *entry,
              GError             **error)
{
  g_autofree char *headers_text = lines_text (self->headers_view);
  JsonObject *headers;

  headers = parse_map (headers_text, ':', _("Write each header on a line of its own, "
                                            "as Name: value"), error);
  if (headers == NULL)
    return FALSE;
  set_or_remove (entry, "headers", json_node_init_object (json_node_alloc (), headers),
                 json_object_get_size (headers) == 0);
  json_object_unref (headers);

  json_object_set_string_member (entry, "url", gtk_editable_get_text (self->url_entry));
  build_oauth (self, entry);

  return TRUE;
}

/* Other clients' "type" names the transport: it follows a change of kind. */
static void
follow_type (JsonObject *entry,
             gboolean    remote)
{
  const char *type = elicit_json_object_get_string (entry, "type");

  if (type == NULL)
    return;
  if (remote && g_str_equal (type, "stdio"))
    json_object_set_string_member (entry, "type", "http");
  else if (!remote && !g_str_equal (type, "stdio"))
    json_object_set_string_member (entry, "type", "stdio");
}

static JsonObject *
build_entry (ElicitServerEditor  *self,
             GError             **error)
{
  gboolean remote = gtk_toggle_button_get_active (self->remote_button);
  g_autoptr(JsonObject) entry = NULL;
  const char * const *others = remote ? local_members : remote_members;

  entry = self->original != NULL ? elicit_json_object_deep_copy (self->original)
                                 : json_object_new ();
  for (guint i = 0; others[i] != NULL; i++)
    json_object_remove_member (entry, others[i]);
  if (!remote)
    json_object_remove_member (entry, "oauth");
  follow_type (entry, remote);

  if (remote ? !build_remote (self, entry, error) : !build_local (self, entry, error))
    return NULL;

  return g_steal_pointer (&entry);
}

/* Checking and saving --------------------------------------------------------------------- */

static void
show_problem (ElicitServerEditor *self,
              const char         *problem)
{
  gtk_label_set_text (GTK_LABEL (self->problem_label), problem != NULL ? problem : "");
  gtk_widget_set_visible (self->problem_label, problem != NULL);
}

/* A person fills in fields, not JSON keys: the fields left empty are named;
 * everything else is the loader's to judge. */
static JsonObject *
check (ElicitServerEditor  *self,
       GError             **error)
{
  g_autofree char *base_dir = elicit_config_writer_dup_base_dir (self->writer);
  g_autoptr(JsonObject) entry = NULL;
  gboolean remote = gtk_toggle_button_get_active (self->remote_button);

  if (!remote && *gtk_editable_get_text (self->program_entry) == '\0')
    g_set_error_literal (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_ENTRY,
                         _("Enter the program that runs the server"));
  else if (remote && *gtk_editable_get_text (self->url_entry) == '\0')
    g_set_error_literal (error, ELICIT_CONFIG_WRITER_ERROR, ELICIT_CONFIG_WRITER_ERROR_ENTRY,
                         _("Enter the server’s address, such as https://example.com/mcp"));
  else if ((entry = build_entry (self, error)) != NULL &&
           !elicit_config_check_entry (gtk_editable_get_text (self->name_entry), entry, base_dir,
                                       error))
    g_clear_pointer (&entry, json_object_unref);

  return g_steal_pointer (&entry);
}

static void
set_busy (ElicitServerEditor *self,
          gboolean            busy)
{
  gtk_widget_set_sensitive (self->save_button, !busy);
  gtk_widget_set_sensitive (self->remove_button, !busy);
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(ElicitServerEditor) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!elicit_config_writer_save_finish (ELICIT_CONFIG_WRITER (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      set_busy (self, FALSE);
      show_problem (self, error->message);
      return;
    }

  g_signal_emit (self, signals[SAVED], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
save_clicked_cb (ElicitServerEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) entry = check (self, &error);

  self->tried = TRUE;
  show_problem (self, error != NULL ? error->message : NULL);
  if (entry == NULL)
    return;

  set_busy (self, TRUE);
  elicit_config_writer_save_async (self->writer, self->old_name,
                                   gtk_editable_get_text (self->name_entry), entry,
                                   self->cancellable, saved_cb, g_object_ref (self));
}

static void
changed_cb (ElicitServerEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) entry = NULL;

  if (!self->tried)
    return;

  entry = check (self, &error);
  show_problem (self, error != NULL ? error->message : NULL);
}

static void
kind_toggled_cb (ElicitServerEditor *self)
{
  gboolean remote = gtk_toggle_button_get_active (self->remote_button);

  gtk_stack_set_visible_child_name (self->kind_stack, remote ? "remote" : "local");
  changed_cb (self);
}

static void
cancel_clicked_cb (ElicitServerEditor *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
remove_response_cb (ElicitServerEditor *self,
                    const char         *response)
{
  if (!g_str_equal (response, "remove"))
    return;

  set_busy (self, TRUE);
  elicit_config_writer_save_async (self->writer, self->old_name, NULL, NULL, self->cancellable,
                                   saved_cb, g_object_ref (self));
}

static void
remove_clicked_cb (ElicitServerEditor *self)
{
  GtkWidget *dialog;

  /* Translators: %s is a server's name */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL);
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Remove “%s”?"),
                                     self->old_name);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                               _("Elicit stops the server and takes it out of the servers file."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "remove", _("_Remove"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "remove",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (remove_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
loaded_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(ElicitServerEditor) self = user_data;
  g_autoptr(GError) error = NULL;
  const char *name = self->server != NULL ? elicit_server_config_get_name (self->server) : NULL;

  if (!elicit_config_writer_load_finish (self->writer, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      show_problem (self, error->message);
    }

  if (name != NULL && elicit_config_writer_has_server (self->writer, name))
    {
      self->old_name = g_strdup (name);
      self->original = elicit_config_writer_dup_entry (self->writer, name);
      if (self->original != NULL)
        fill_from_entry (self, self->original);
      gtk_widget_set_visible (self->remove_button, TRUE);
    }
  else if (self->server != NULL)
    fill_from_server (self, self->server);

  gtk_widget_set_sensitive (self->save_button, TRUE);
}

/* GObject ------------------------------------------------------------------------------ */

static void
elicit_server_editor_dispose (GObject *object)
{
  ElicitServerEditor *self = ELICIT_SERVER_EDITOR (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->writer);
  g_clear_object (&self->server);
  g_clear_pointer (&self->original, json_object_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), ELICIT_TYPE_SERVER_EDITOR);

  G_OBJECT_CLASS (elicit_server_editor_parent_class)->dispose (object);
}

static void
elicit_server_editor_finalize (GObject *object)
{
  ElicitServerEditor *self = ELICIT_SERVER_EDITOR (object);

  g_free (self->old_name);

  G_OBJECT_CLASS (elicit_server_editor_parent_class)->finalize (object);
}

static void
elicit_server_editor_class_init (ElicitServerEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = elicit_server_editor_dispose;
  object_class->finalize = elicit_server_editor_finalize;

  /**
   * ElicitServerEditor::saved:
   * @self: the editor
   *
   * The servers file was changed; the editor closes.
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/gnome/World/Elicit/ui/elicit-server-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, save_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, problem_label);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, name_entry);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, local_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, remote_button);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, kind_stack);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, local_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, remote_box);
  gtk_widget_class_bind_template_child (widget_class, ElicitServerEditor, remove_button);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
elicit_server_editor_init (ElicitServerEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->program_entry = add_entry (self, self->local_box, _("_Program"),
                                   _("The command that starts the server, such as npx or "
                                     "/usr/bin/my-server"));
  self->args_entry = add_entry (self, self->local_box, _("_Arguments"),
                                _("Separated by spaces; put an argument with spaces in quotes"));
  self->env_view = add_lines (self, self->local_box, _("_Environment"),
                              _("Optional: one NAME=value a line"));
  self->cwd_entry = add_entry (self, self->local_box, _("_Working Folder"),
                               _("Optional: where the program runs; a relative folder is "
                                 "relative to the servers file"));
  self->url_entry = add_entry (self, self->remote_box, _("_Address"),
                               _("The server’s URL, such as https://example.com/mcp"));
  self->headers_view = add_lines (self, self->remote_box, _("_Headers"),
                                  _("Optional: sent with every request, one Name: value a line"));
  self->client_id_entry = add_entry (self, self->remote_box, _("_Client ID"),
                                     _("Optional: for a server whose sign-in needs an app "
                                       "registered with it"));
  self->scope_entry = add_entry (self, self->remote_box, _("_Scopes"),
                                 _("Optional: the permissions to ask for when signing in, "
                                   "separated by spaces"));

  g_signal_connect_object (gtk_text_view_get_buffer (self->env_view), "changed",
                           G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_text_view_get_buffer (self->headers_view), "changed",
                           G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->save_button);
}

/**
 * elicit_server_editor_new:
 * @parent: the window it belongs to
 * @file: the servers file
 * @server: (nullable): the server to change, %NULL to add one
 *
 * Returns: (transfer floating): a new editor; present it
 */
GtkWidget *
elicit_server_editor_new (GtkWindow          *parent,
                          GFile              *file,
                          ElicitServerConfig *server)
{
  ElicitServerEditor *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (server == NULL || ELICIT_IS_SERVER_CONFIG (server), NULL);

  self = g_object_new (ELICIT_TYPE_SERVER_EDITOR,
                       "transient-for", parent,
                       "title", server != NULL ? _("Edit Server") : _("Add Server"),
                       NULL);
  self->writer = elicit_config_writer_new (file);
  self->server = server != NULL ? g_object_ref (server) : NULL;
  if (server != NULL)
    set_entry_text (self->name_entry, elicit_server_config_get_name (server));

  elicit_config_writer_load_async (self->writer, self->cancellable, loaded_cb,
                                   g_object_ref (self));

  return GTK_WIDGET (self);
}
