/* elicit-cli-prompts.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "elicit-gtk.h"

#include "elicit-browser-command.h"
#include "elicit-cli.h"
#include "elicit-cli-prompts.h"
#include "elicit-settings.h"
#include "elicit-timing.h"

/*
 * ElicitCliPrompts: what `elicit call` and `elicit proxy` add to the
 * ElicitPresenter that shows their queue's requests (the one the app uses
 * too): who is asked, and what the terminal is told.
 *
 * Before any dialog of its own, a request is put to the desktop's prompter
 * (the Elicit app over D-Bus, ElicitPrompterClient), running or activatable,
 * labelled with the client's name; only when there is none does the
 * presenter show its dialog, or, without a display, the request is answered
 * `cancel` with a word on stderr. The dialogs and sign-ins wait the
 * `accept-delay` setting, as the app's do. ELICIT_PROMPTER=local in the
 * environment says not to ask the desktop at all. It counts what the user said no to
 * (declined or cancelled), so `elicit call` can exit accordingly, and the
 * requests the queue refused.
 *
 * `elicit call` opens the display only when something is to be shown
 * (elicit_cli_prompts_new_deferred()): listing a server's tools, or reading
 * its flood, never starts GTK; a call of a tool warms GTK up at idle priority
 * while the server starts (elicit_cli_prompts_warm_up()), so that its first
 * dialog maps as fast as a later one. The warm-up goes in steps, each when
 * the main loop is idle, so the server's lines are read in between: the
 * display, then a throw-away dialog that loads what every dialog needs,
 * made in three steps and only while no question can be on its way: before
 * the call goes out, or a frame after it (and after the display is ready)
 * with none come (elicit_cli_prompts_expect_question()). A question that
 * comes first is shown at once, and the warm-up stops.
 *
 * With ELICIT_BENCH_TIMING set in the environment it writes
 * "elicit-timing EVENT MICROSECONDS" lines on stderr (CLOCK_MONOTONIC, the
 * clock of g_get_monotonic_time()), which tests/bench/bench-call reads.
 */

struct _ElicitCliPrompts
{
  GObject               parent_instance;

  ElicitPresenter      *presenter;
  GSettings            *settings;
  char                 *server_label;
  char                 *server_claim;
  char                 *activation_token;
  ElicitPrompterClient *desktop;
  GCancellable         *cancellable;

  guint                 n_refused;
  guint                 n_said_no;
  guint                 warm_up_source;
  GtkWidget            *priming;            /* the throw-away dialog, between its steps */
  guint                 prime_step;         /* PRIME_DONE: primed */
  gint64                call_sent_at;       /* when a question became likely; 0: not yet */
  gint64                display_ready_at;
  guint                 display_known : 1;  /* whether have_display says anything yet */
  guint                 have_display : 1;
  guint                 asked : 1;          /* a request came: the warm-up is over */
  guint                 verbose : 1;
  guint                 accept_defaults : 1;
};

G_DEFINE_FINAL_TYPE (ElicitCliPrompts, elicit_cli_prompts, G_TYPE_OBJECT)

enum {
  NO_ONE_TO_ASK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Opens the display the first time it is needed; says whether there is one. */
static gboolean
ensure_display (ElicitCliPrompts *self)
{
  if (!self->display_known)
    {
      self->display_known = TRUE;
      self->have_display = elicit_cli_init_display ();
      self->display_ready_at = g_get_monotonic_time ();
      elicit_timing_mark ("display-ready");
    }

  return self->have_display;
}

/* A request came: it loads what the warm-up would have, and must not wait
 * for it. */
static void
stop_warm_up (ElicitCliPrompts *self)
{
  self->asked = TRUE;
  g_clear_handle_id (&self->warm_up_source, g_source_remove);
  if (self->priming != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->priming)));
}

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWidget     *dialog)
{
  elicit_timing_mark ("dialog-first-frame");
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, dialog);
}

static void
dialog_map_cb (GtkWidget *dialog)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (dialog);

  elicit_timing_mark ("dialog-mapped");
  if (clock != NULL)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_paint_cb), dialog, 0);
}

static void
request_state_cb (ElicitRequest    *request,
                  GParamSpec       *pspec,
                  ElicitCliPrompts *self)
{
  switch (elicit_request_get_state (request))
    {
    case ELICIT_REQUEST_STATE_DECLINED:
    case ELICIT_REQUEST_STATE_CANCELLED:
      self->n_said_no++;
      break;

    case ELICIT_REQUEST_STATE_PENDING:
    case ELICIT_REQUEST_STATE_ACCEPTED:
    case ELICIT_REQUEST_STATE_WITHDRAWN:
    case ELICIT_REQUEST_STATE_COMPLETED:
    default:
      break;
    }
}

/* --accept-defaults: accepts, as a user pressing Accept would, as soon as the
 * dialog lets one: the form valid (with the defaults it shows), the accept
 * delay over. ElicitDialog:can-accept says when. For tests and automation
 * only. */
static void
can_accept_cb (ElicitDialog *dialog,
               GParamSpec   *pspec,
               gpointer      user_data)
{
  if (!elicit_dialog_get_can_accept (dialog))
    return;

  g_signal_handlers_disconnect_by_func (dialog, can_accept_cb, user_data);
  elicit_dialog_accept (dialog);
}

static void
accept_when_ready (ElicitDialog *dialog)
{
  ElicitRequest *request = elicit_dialog_get_request (dialog);

  /* Never a URL in the desktop's browser; a script's own (ELICIT_BROWSER)
   * is what it asked for. */
  if (elicit_request_get_mode (request) != ELICIT_REQUEST_MODE_FORM &&
      elicit_dialog_get_browser_command (dialog) == NULL)
    return;

  g_signal_connect (dialog, "notify::can-accept", G_CALLBACK (can_accept_cb), NULL);
  can_accept_cb (dialog, NULL, NULL);
}

static void
dialog_created_cb (ElicitPresenter  *presenter,
                   ElicitDialog     *dialog,
                   ElicitCliPrompts *self)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (elicit_dialog_get_request (dialog));
  g_auto(GStrv) browser = NULL;

  elicit_timing_mark ("dialog-built");
  /* The first dialog may take the focus the command was started with. */
  if (self->activation_token != NULL)
    {
      g_autofree char *token = g_steal_pointer (&self->activation_token);

      gtk_window_set_startup_id (GTK_WINDOW (dialog), token);
    }
  /* An invalid ELICIT_BROWSER is reported where it signs in. */
  browser = elicit_browser_command_from_env (NULL);
  elicit_dialog_set_browser_command (dialog, (const char * const *) browser);
  /* A session labels the dialog itself; the proxy's requests have none. */
  if (session == NULL)
    {
      elicit_dialog_set_server_label (dialog, self->server_label);
      elicit_dialog_set_server_claim (dialog, self->server_claim);
    }

  if (elicit_timing_enabled ())
    g_signal_connect (dialog, "map", G_CALLBACK (dialog_map_cb), NULL);
  if (self->accept_defaults)
    accept_when_ready (dialog);
}

/* Asking the desktop ------------------------------------------------------------------- */

/* --accept-defaults without a display: a form whose defaults are valid is
 * accepted as its dialog would accept it, and stderr says what was sent.
 * Returns FALSE when there is nothing to accept so. */
static gboolean
accept_defaults_headless (ElicitCliPrompts *self,
                          ElicitRequest    *request)
{
  ElicitSchema *schema = elicit_request_get_schema (request);
  g_autoptr(JsonObject) content = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (elicit_request_get_mode (request) != ELICIT_REQUEST_MODE_FORM || schema == NULL)
    return FALSE;

  content = elicit_schema_build_content (schema, NULL);
  if (!elicit_schema_check_content (schema, content, &error))
    {
      /* TRANSLATORS: %s is the name the user gave the server, then why */
      g_printerr (_("elicit: the defaults of “%s”’s form are not a valid answer: %s\n"),
                  self->server_label, error->message);
      return FALSE;
    }

  node = json_node_init_object (json_node_alloc (), content);
  text = json_to_string (node, FALSE);
  if (!elicit_request_accept (request, content, &error))
    {
      g_printerr ("elicit: %s\n", error->message);
      return FALSE;
    }

  /* TRANSLATORS: %s is the name the user gave the server, then the JSON sent */
  g_printerr (_("elicit: no display; accepted “%s”’s form with its defaults: %s\n"),
              self->server_label, text);
  return TRUE;
}

static void
answer_without_display (ElicitCliPrompts *self,
                        ElicitRequest    *request)
{
  if (self->accept_defaults && accept_defaults_headless (self, request))
    return;

  g_signal_emit (self, signals[NO_ONE_TO_ASK], 0, request);

  /* TRANSLATORS: %s is the name the user gave the server */
  g_printerr (_("elicit: “%s” asks for input, but there is no display to ask on; answering “cancel”\n"),
              self->server_label);
  elicit_request_cancel (request);
}

/* What waits for the desktop's answer: the request, and the commands'
 * prompts only for as long as they live (they may be gone when the bus
 * answers). */
typedef struct
{
  ElicitRequest *request;
  GWeakRef       prompts;
} DesktopAsk;

static void
desktop_ask_free (DesktopAsk *ask)
{
  g_object_unref (ask->request);
  g_weak_ref_clear (&ask->prompts);
  g_free (ask);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DesktopAsk, desktop_ask_free)

static void
desktop_ask_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(DesktopAsk) ask = user_data;
  ElicitRequest *request = ask->request;
  g_autoptr(GError) error = NULL;
  g_autoptr(ElicitCliPrompts) self = NULL;

  if (elicit_prompter_client_ask_finish (ELICIT_PROMPTER_CLIENT (object), result, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = g_weak_ref_get (&ask->prompts);
  g_debug ("no desktop prompter (%s): asking here", error->message);
  if (self == NULL || elicit_request_get_state (request) != ELICIT_REQUEST_STATE_PENDING)
    return;

  if (ensure_display (self))
    elicit_presenter_present (self->presenter, request);
  else
    answer_without_display (self, request);
}

/* A URL step waits for its completion notice in the dialog that showed it,
 * which the desktop's prompter cannot hear: with a display of our own, it
 * stays here. */
static gboolean
ask_desktop (ElicitCliPrompts *self,
             ElicitRequest    *request)
{
  g_autoptr(ElicitSession) session = elicit_request_dup_session (request);
  const char *label = self->server_label;
  const char *claim = self->server_claim;
  DesktopAsk *ask;

  if (self->desktop == NULL || !elicit_prompter_client_get_available (self->desktop) ||
      (elicit_request_get_mode (request) == ELICIT_REQUEST_MODE_URL && ensure_display (self)))
    return FALSE;

  if (session != NULL)
    {
      label = elicit_session_get_display_name (session);
      claim = elicit_session_get_server_title (session);
      if (claim == NULL || *claim == '\0')
        claim = elicit_session_get_server_name (session);
    }

  ask = g_new0 (DesktopAsk, 1);
  ask->request = g_object_ref (request);
  g_weak_ref_init (&ask->prompts, self);
  if (self->activation_token != NULL)
    {
      g_autofree char *token = g_steal_pointer (&self->activation_token);

      elicit_prompter_client_set_activation_token (self->desktop, token);
    }
  elicit_prompter_client_ask_async (self->desktop, request, label != NULL ? label : "", claim,
                                    NULL, self->cancellable, desktop_ask_cb, ask);
  return TRUE;
}

static gboolean
ask_cb (ElicitPresenter  *presenter,
        ElicitRequest    *request,
        ElicitCliPrompts *self)
{
  elicit_timing_mark ("prompt");
  g_signal_connect_object (request, "notify::state", G_CALLBACK (request_state_cb), self, 0);
  stop_warm_up (self);

  if (ask_desktop (self, request))
    return TRUE;

  if (!ensure_display (self))
    {
      answer_without_display (self, request);
      return TRUE;
    }

  return FALSE;
}

static void
refused_cb (ElicitPromptQueue *queue,
            ElicitRequest     *request,
            const char        *message,
            ElicitCliPrompts  *self)
{
  /* A flood refuses hundreds: say it once, and the count at the end. */
  if (self->n_refused++ == 0 || self->verbose)
    /* TRANSLATORS: the first %s is the name the user gave the server, the second why */
    g_printerr (_("elicit: refused a request from “%s”: %s\n"), self->server_label, message);
}

static void
withdrawn_cb (ElicitPromptQueue *queue,
              ElicitRequest     *request,
              ElicitCliPrompts  *self)
{
  if (self->verbose)
    g_printerr (_("elicit: “%s” withdrew its request: %s\n"), self->server_label,
                elicit_request_get_withdrawn_reason (request));
}

/* GObject ---------------------------------------------------------------------------- */

static void
elicit_cli_prompts_dispose (GObject *object)
{
  ElicitCliPrompts *self = ELICIT_CLI_PROMPTS (object);

  stop_warm_up (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->desktop);
  if (self->presenter != NULL)
    {
      elicit_presenter_close_all (self->presenter);
      g_signal_handlers_disconnect_by_data (elicit_presenter_get_queue (self->presenter), self);
      g_signal_handlers_disconnect_by_data (self->presenter, self);
    }
  g_clear_object (&self->presenter);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (elicit_cli_prompts_parent_class)->dispose (object);
}

static void
elicit_cli_prompts_finalize (GObject *object)
{
  ElicitCliPrompts *self = ELICIT_CLI_PROMPTS (object);

  g_free (self->server_label);
  g_free (self->server_claim);
  g_free (self->activation_token);

  G_OBJECT_CLASS (elicit_cli_prompts_parent_class)->finalize (object);
}

static void
elicit_cli_prompts_class_init (ElicitCliPromptsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = elicit_cli_prompts_dispose;
  object_class->finalize = elicit_cli_prompts_finalize;

  /* ElicitCliPrompts::no-one-to-ask: @request is about to be answered
   * cancel, as there is neither a display nor a desktop prompter to ask on. */
  signals[NO_ONE_TO_ASK] =
    g_signal_new ("no-one-to-ask",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, ELICIT_TYPE_REQUEST);
}

static void
elicit_cli_prompts_init (ElicitCliPrompts *self)
{
  ElicitPromptQueue *queue;

  self->presenter = elicit_presenter_new (NULL);
  self->cancellable = g_cancellable_new ();
  self->activation_token = elicit_cli_take_activation_token ();
  /* The same accept delay as the app's dialogs. */
  self->settings = elicit_settings_new ();
  if (self->settings != NULL)
    elicit_settings_bind_accept_delay (self->settings, self->presenter);
  if (elicit_cli_desktop_wanted ())
    {
      self->desktop = elicit_prompter_client_new ();
      elicit_prompter_client_prepare (self->desktop);
    }

  queue = elicit_presenter_get_queue (self->presenter);
  g_signal_connect (self->presenter, "ask", G_CALLBACK (ask_cb), self);
  g_signal_connect (self->presenter, "dialog-created", G_CALLBACK (dialog_created_cb), self);
  g_signal_connect (queue, "refused", G_CALLBACK (refused_cb), self);
  g_signal_connect (queue, "withdrawn", G_CALLBACK (withdrawn_cb), self);
}

ElicitCliPrompts *
elicit_cli_prompts_new (const char *server_label,
                        gboolean    have_display)
{
  ElicitCliPrompts *self = g_object_new (ELICIT_TYPE_CLI_PROMPTS, NULL);

  self->server_label = g_strdup (server_label);
  self->display_known = TRUE;
  self->have_display = !!have_display;

  return self;
}

/* Prompts that open the display when the first request or sign-in is to be
 * shown, or when warmed up; none before. */
ElicitCliPrompts *
elicit_cli_prompts_new_deferred (const char *server_label)
{
  ElicitCliPrompts *self = g_object_new (ELICIT_TYPE_CLI_PROMPTS, NULL);

  self->server_label = g_strdup (server_label);

  return self;
}

/* A question of one field, never sent: see prime_step_cb(). */
#define WARM_UP_REQUEST \
  "{\"message\": \"?\", \"requestedSchema\": {\"type\": \"object\", \"properties\": " \
  "{\"a\": {\"type\": \"string\", \"title\": \"A\"}}}}"

/* How long a question may take after the call before the warm-up goes on
 * without it: one frame. */
#define QUESTION_WAIT_USEC (G_USEC_PER_SEC / 60)

/* What every dialog needs and only the first would load: the dialog's
 * template, the theme's styles for its widgets, the fonts and icons they
 * use. A dialog for a question nobody asked is built, then measured (so
 * styled and laid out) without ever being realized, then dropped: three
 * steps, so that a question arriving meanwhile waits for one at most. */
enum { PRIME_BUILD, PRIME_ACROSS, PRIME_DOWN, PRIME_DONE };

static gboolean prime_step_cb  (gpointer          user_data);
static void     schedule_prime (ElicitCliPrompts *self);

static gboolean
quiet_cb (gpointer user_data)
{
  ElicitCliPrompts *self = user_data;

  self->warm_up_source = 0;
  schedule_prime (self);

  return G_SOURCE_REMOVE;
}

/* The next step of the prime, when the main loop is idle; a frame after
 * the call (and the display) if a question may be on its way. */
static void
schedule_prime (ElicitCliPrompts *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due = 0;

  g_clear_handle_id (&self->warm_up_source, g_source_remove);
  if (self->asked || self->prime_step == PRIME_DONE || !self->display_known || !self->have_display)
    return;

  if (self->call_sent_at != 0)
    due = MAX (self->call_sent_at, self->display_ready_at) + QUESTION_WAIT_USEC;
  if (due > now)
    self->warm_up_source = g_timeout_add_full (G_PRIORITY_LOW, (due - now + 999) / 1000,
                                               quiet_cb, self, NULL);
  else
    self->warm_up_source = g_idle_add_full (G_PRIORITY_LOW, prime_step_cb, self, NULL);
}

static gboolean
prime_step_cb (gpointer user_data)
{
  ElicitCliPrompts *self = user_data;
  g_autoptr(ElicitRequest) request = NULL;

  self->warm_up_source = 0;
  switch (self->prime_step++)
    {
    case PRIME_BUILD:
      request = elicit_request_new_from_data (WARM_UP_REQUEST, -1, NULL);
      g_assert (request != NULL);
      self->priming = GTK_WIDGET (elicit_dialog_new (request));
      break;

    case PRIME_ACROSS:
      gtk_widget_measure (self->priming, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      break;

    case PRIME_DOWN:
    default:
      gtk_widget_measure (self->priming, GTK_ORIENTATION_VERTICAL, -1, NULL, NULL, NULL, NULL);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->priming)));
      elicit_timing_mark ("warmed-up");
      return G_SOURCE_REMOVE;
    }

  elicit_timing_mark ("warming-up");
  schedule_prime (self);

  return G_SOURCE_REMOVE;
}

/* The display, then the prime. */
static gboolean
warm_up_cb (gpointer user_data)
{
  ElicitCliPrompts *self = user_data;

  self->warm_up_source = 0;
  if (ensure_display (self))
    schedule_prime (self);

  return G_SOURCE_REMOVE;
}

/* A dialog is likely: the display is opened, and what the first dialog
 * would otherwise load is loaded, when the main loop has nothing else to
 * do. A request that comes first opens it then. */
void
elicit_cli_prompts_warm_up (ElicitCliPrompts *self)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  if (self->warm_up_source != 0 || self->asked || self->prime_step == PRIME_DONE)
    return;

  if (self->display_known)
    schedule_prime (self);
  else
    self->warm_up_source = g_idle_add_full (G_PRIORITY_LOW, warm_up_cb, self, NULL);
}

/* The call has gone out: its question may come at any moment. The
 * warm-up's throw-away dialog waits a frame for it (counted from the display
 * being ready, if that is later), and is not made if it comes. */
void
elicit_cli_prompts_expect_question (ElicitCliPrompts *self)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  self->call_sent_at = g_get_monotonic_time ();
  /* Before the display is ready, the warm-up's own step is pending; after,
   * a step of the prime is, unless it is over or never began. */
  if (self->display_known && self->warm_up_source != 0)
    schedule_prime (self);
}

ElicitPresenter *
elicit_cli_prompts_get_presenter (ElicitCliPrompts *self)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), NULL);

  return self->presenter;
}

ElicitPromptQueue *
elicit_cli_prompts_get_queue (ElicitCliPrompts *self)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), NULL);

  return elicit_presenter_get_queue (self->presenter);
}

/* How many requests the queue refused (flood). */
guint
elicit_cli_prompts_get_n_refused (ElicitCliPrompts *self)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), 0);

  return self->n_refused;
}

/* How many requests shown were declined or cancelled. */
guint
elicit_cli_prompts_get_n_said_no (ElicitCliPrompts *self)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), 0);

  return self->n_said_no;
}

/* How many dialogs are open. */
guint
elicit_cli_prompts_get_n_open (ElicitCliPrompts *self)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), 0);

  return elicit_presenter_get_n_open (self->presenter);
}

/* The server's self-reported name, shown as its claim next to the label;
 * only needed for requests without a session. */
void
elicit_cli_prompts_set_server_claim (ElicitCliPrompts *self,
                                     const char       *server_claim)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  g_free (self->server_claim);
  self->server_claim = g_strdup (server_claim);
}

/* The client's name, shown by the desktop's prompter as the client's
 * claim ("Everything, via claude"). */
void
elicit_cli_prompts_set_client_label (ElicitCliPrompts *self,
                                     const char       *client_label)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  if (self->desktop != NULL)
    elicit_prompter_client_set_client_label (self->desktop, client_label);
}

void
elicit_cli_prompts_set_verbose (ElicitCliPrompts *self,
                                gboolean          verbose)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  self->verbose = !!verbose;
}

void
elicit_cli_prompts_set_accept_defaults (ElicitCliPrompts *self,
                                        gboolean          accept_defaults)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  self->accept_defaults = !!accept_defaults;
  /* Automation answers its own dialogs: never a person's desktop prompter. */
  if (accept_defaults)
    g_clear_object (&self->desktop);
}

/*
 * elicit_cli_prompts_sign_in:
 * Asks the user about @sign_in (elicit_presenter_sign_in()): a handler of
 * ElicitAuthorizer::sign-in. Returns FALSE, leaving the sign-in to the
 * authorizer, with --accept-defaults (the authorizer's auto-approve opens
 * the browser without asking, for automation) and when there is nobody to
 * ask (no display: ELICIT_BROWSER may still sign in for a script; else the
 * authorizer says that the server needs signing in).
 */
gboolean
elicit_cli_prompts_sign_in (ElicitCliPrompts *self,
                            ElicitSignIn     *sign_in)
{
  g_return_val_if_fail (ELICIT_IS_CLI_PROMPTS (self), FALSE);
  g_return_val_if_fail (ELICIT_IS_SIGN_IN (sign_in), FALSE);

  if (self->accept_defaults || !ensure_display (self))
    return FALSE;

  return elicit_presenter_sign_in (self->presenter, sign_in);
}

/* Destroys every dialog still open; their pending requests answer cancel,
 * their sign-ins are cancelled. */
void
elicit_cli_prompts_close_all (ElicitCliPrompts *self)
{
  g_return_if_fail (ELICIT_IS_CLI_PROMPTS (self));

  elicit_presenter_close_all (self->presenter);
}
