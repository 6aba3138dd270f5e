/* elicit-stdio-transport.c
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "elicit-i18n-private.h"

#include "elicit-init-private.h"
#include "elicit-line-reader-private.h"
#include "elicit-line-writer-private.h"
#include "elicit-stdio-transport.h"
#include "elicit-transport-private.h"

/**
 * ElicitStdioTransport:
 *
 * A [class@Transport] that spawns an MCP server and speaks to it over its
 * standard input and output, one JSON-RPC message per line.
 *
 * Everything the server writes to its standard error becomes a
 * [signal@Transport::log] line, never an error by itself. The transport
 * closes with a reason a user can read when the server exits ("server exited
 * with status 1", "server was killed by signal 9"), closes its output, or
 * writes a line that is not JSON ("server wrote invalid JSON on line 3: …")
 * or is longer than [property@StdioTransport:max-line-length]. Messages the
 * server wrote before such a line are still emitted.
 *
 * Closing follows the MCP specification: the server's input is closed, then,
 * if it has not exited after [property@StdioTransport:shutdown-timeout]
 * milliseconds, it gets `SIGTERM`, and after as long again `SIGKILL`. All of
 * it happens in the background, without blocking the main loop; dropping the
 * last reference to a running transport shuts the server down the same way.
 *
 * Since: 1.0
 */

/* Longest stderr line kept; the rest of a longer one is dropped. */
#define MAX_LOG_LINE (64 * 1024)
/* A server that stops reading may leave this much queued before we give up. */
#define MAX_PENDING_WRITE (64 * 1024 * 1024)
#define DEFAULT_SHUTDOWN_TIMEOUT 2000

struct _ElicitStdioTransport
{
  ElicitTransport   parent_instance;

  char            **argv;
  char            **environment;
  char             *cwd;
  gsize             max_line_length;
  guint             shutdown_timeout;

  GSubprocess      *subprocess;
  GCancellable     *cancellable;
  ElicitLineReader *stdout_reader;
  ElicitLineReader *stderr_reader;
  ElicitLineWriter *stdin_writer;

  /* Set when we decided to stop the server: the reason it went away. */
  GError           *shutdown_reason;
  GPtrArray        *close_tasks;
  GSource          *grace_source;

  guint             started : 1;
  guint             exited : 1;
  guint             stdout_done : 1;
  guint             stderr_done : 1;
  guint             grace_expired : 1;
  guint             shutting_down : 1;
};

enum {
  PROP_0,
  PROP_ARGV,
  PROP_ENVIRONMENT,
  PROP_CWD,
  PROP_MAX_LINE_LENGTH,
  PROP_SHUTDOWN_TIMEOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void initable_iface_init  (GInitableIface           *iface);
static void check_exit           (ElicitStdioTransport     *self);

G_DEFINE_FINAL_TYPE_WITH_CODE (ElicitStdioTransport, elicit_stdio_transport, ELICIT_TYPE_TRANSPORT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, initable_iface_init))

/* Process groups -------------------------------------------------------------------------- */

/*
 * Each server runs in a process group of its own, led by a small keeper
 * process: what the server starts (`sh -c`, `npx`, `uvx` start more) is in
 * that group, and stopping the server signals the whole group. The keeper is
 * the child Elicit spawned: it forks the server, waits for it and exits as
 * it did, and it has a parent-death signal, so when Elicit dies, even by
 * SIGKILL, the keeper sends the group SIGTERM, then SIGKILL after a grace
 * period. Between fork() and exec() only async-signal-safe calls are made.
 */
#define KEEPER_GRACE_SECONDS 2

static void
keeper_parent_died_cb (int signum)
{
  kill (0, SIGTERM);
  alarm (KEEPER_GRACE_SECONDS);
}

static void
keeper_grace_over_cb (int signum)
{
  kill (0, SIGKILL);
}

static void
keeper_set_handler (int   signum,
                    void (*handler) (int))
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset (&action.sa_mask);
  sigaction (signum, &action, NULL);
}

/* The stdio pipes belong to the server alone (so end of file still means
 * what it meant), and GLib's exec-error pipe must see the server's exec. */
static void
keeper_close_files (void)
{
  int null = open ("/dev/null", O_RDWR);

  if (null >= 0)
    {
      dup2 (null, 0);
      dup2 (null, 1);
      dup2 (null, 2);
    }
  if (syscall (SYS_close_range, 3, ~0U, 0) != 0)
    for (int fd = 3; fd < 65536; fd++)
      close (fd);
}

G_GNUC_NORETURN static void
keep (pid_t server,
      pid_t parent)
{
  sigset_t none;
  int status;

  keeper_close_files ();
  /* The group's SIGTERM is for the server; SIGKILL still ends the keeper. */
  keeper_set_handler (SIGTERM, SIG_IGN);
  keeper_set_handler (SIGINT, SIG_IGN);
  keeper_set_handler (SIGPIPE, SIG_IGN);
  keeper_set_handler (SIGHUP, keeper_parent_died_cb);
  keeper_set_handler (SIGALRM, keeper_grace_over_cb);
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);

  prctl (PR_SET_PDEATHSIG, SIGHUP, 0, 0, 0);
  if (getppid () != parent)
    keeper_parent_died_cb (SIGHUP);

  while (waitpid (server, &status, 0) < 0)
    if (errno != EINTR)
      _exit (127);

  if (WIFSIGNALED (status))
    {
      keeper_set_handler (WTERMSIG (status), SIG_DFL);
      kill (getpid (), WTERMSIG (status));
    }
  _exit (WIFEXITED (status) ? WEXITSTATUS (status) : 1);
}

/* In the child, before exec. @user_data: Elicit's pid, or 0 for no keeper. */
static void
child_setup (gpointer user_data)
{
  pid_t parent = GPOINTER_TO_INT (user_data);
  pid_t server;

  setpgid (0, 0);
  if (parent == 0)
    return;

  server = fork ();
  if (server > 0)
    keep (server, parent);
  /* The server (or, if fork() failed, the child itself) goes on to exec. */
}

/*
 * A parent-death signal fires when the *thread* that forked exits: only a
 * server spawned from the main thread gets a keeper.
 */
static gpointer
keeper_parent (void)
{
  if (syscall (SYS_gettid) != getpid ())
    return GINT_TO_POINTER (0);

  return GINT_TO_POINTER (getpid ());
}

static pid_t
group_of (GSubprocess *subprocess)
{
  const char *identifier = g_subprocess_get_identifier (subprocess);

  return identifier != NULL ? (pid_t) g_ascii_strtoll (identifier, NULL, 10) : 0;
}

static void
signal_group (pid_t group,
              int   signum)
{
  if (group > 1)
    kill (-group, signum);
}

/*
 * The reaper stops a child whatever becomes of the transport: it owns the
 * subprocess, sends its group SIGTERM after one timeout and SIGKILL after
 * another, and frees itself when the child has exited and its group is
 * gone (what the server left running gets SIGTERM, then SIGKILL).
 */
typedef struct
{
  GSubprocess *subprocess;
  pid_t        group;
  GSource     *timeout;
  gboolean     terminated;
  gboolean     exited;
} Reaper;

static void
reaper_free (Reaper *reaper)
{
  elicit_clear_source (&reaper->timeout);
  g_clear_object (&reaper->subprocess);
  g_free (reaper);
}

static gboolean
group_gone (pid_t group)
{
  return group <= 1 || (kill (-group, 0) != 0 && errno == ESRCH);
}

static gboolean
reaper_timeout_cb (gpointer data)
{
  Reaper *reaper = data;

  if (reaper->exited && group_gone (reaper->group))
    {
      g_clear_pointer (&reaper->timeout, g_source_unref);
      reaper_free (reaper);
      return G_SOURCE_REMOVE;
    }

  if (!reaper->terminated)
    {
      g_debug ("server group %d did not exit, sending SIGTERM", (int) reaper->group);
      reaper->terminated = TRUE;
      signal_group (reaper->group, SIGTERM);
      return G_SOURCE_CONTINUE;
    }

  g_debug ("server group %d ignored SIGTERM, sending SIGKILL", (int) reaper->group);
  signal_group (reaper->group, SIGKILL);
  if (!reaper->exited)
    g_subprocess_force_exit (reaper->subprocess);
  if (reaper->exited)
    {
      g_clear_pointer (&reaper->timeout, g_source_unref);
      reaper_free (reaper);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
reaper_wait_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  Reaper *reaper = data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  reaper->exited = TRUE;
  if (group_gone (reaper->group))
    {
      reaper_free (reaper);
      return;
    }

  /* The server is gone, not all it started: the group hears it now. */
  signal_group (reaper->group, reaper->terminated ? SIGKILL : SIGTERM);
  reaper->terminated = TRUE;
}

static void
reap (GSubprocess *subprocess,
      guint        timeout_msec)
{
  Reaper *reaper = g_new0 (Reaper, 1);

  reaper->subprocess = g_object_ref (subprocess);
  reaper->group = group_of (subprocess);
  reaper->timeout = elicit_timeout_source_add (timeout_msec, reaper_timeout_cb, reaper,
                                               "[elicit] stop server");
  g_subprocess_wait_async (subprocess, NULL, reaper_wait_cb, reaper);
}

static void
complete_close_tasks (ElicitStdioTransport *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->close_tasks);

  for (guint i = 0; tasks != NULL && i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static void
stop_reading (ElicitStdioTransport *self)
{
  if (self->stdout_reader != NULL)
    elicit_line_reader_stop (self->stdout_reader);
  self->stdout_done = TRUE;
}

/* Closes the server's input and has it stopped if it does not exit. */
static void
shut_down (ElicitStdioTransport *self)
{
  if (self->shutting_down)
    return;

  self->shutting_down = TRUE;
  elicit_line_writer_close_async (self->stdin_writer, NULL, NULL);

  if (!self->exited)
    reap (self->subprocess, self->shutdown_timeout);
  else
    signal_group (group_of (self->subprocess), SIGTERM);
}

/* We know why the transport closes before the server is gone. */
static void
close_now (ElicitStdioTransport *self,
           GError               *error)
{
  g_autoptr(GError) owned G_GNUC_UNUSED = error;

  if (self->shutdown_reason == NULL)
    self->shutdown_reason = g_error_copy (error);

  stop_reading (self);
  elicit_transport_emit_closed (ELICIT_TRANSPORT (self), error);
  shut_down (self);
}

static gboolean
grace_cb (gpointer data)
{
  ElicitStdioTransport *self = data;

  g_clear_pointer (&self->grace_source, g_source_unref);
  self->grace_expired = TRUE;

  if (!self->exited && self->shutdown_reason == NULL)
    {
      /* The server closed its output or input but keeps running. */
      self->shutdown_reason =
        g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                             self->stdout_done ? _("server closed its output")
                                               : _("server stopped reading its input"));
      shut_down (self);
      return G_SOURCE_REMOVE;
    }

  check_exit (self);

  return G_SOURCE_REMOVE;
}

static void
start_grace (ElicitStdioTransport *self)
{
  if (self->grace_source != NULL || self->grace_expired)
    return;

  self->grace_source = elicit_timeout_source_add (self->shutdown_timeout, grace_cb, self,
                                                  "[elicit] server exit grace");
}

static GError *
exit_reason (ElicitStdioTransport *self)
{
  if (self->shutdown_reason != NULL)
    return g_error_copy (self->shutdown_reason);

  if (g_subprocess_get_if_signaled (self->subprocess))
    return g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_KILLED,
                        _("server was killed by signal %d"),
                        g_subprocess_get_term_sig (self->subprocess));

  return g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_EXITED,
                      _("server exited with status %d"),
                      g_subprocess_get_exit_status (self->subprocess));
}

/*
 * Once the server has exited, what it wrote before exiting is still read,
 * then the transport closes with the exit status. A pipe held open by a
 * grandchild does not keep us waiting beyond the grace period.
 */
static void
check_exit (ElicitStdioTransport *self)
{
  /* Before start() nothing was read yet; start() looks again. */
  if (!self->exited || !self->started)
    return;

  if (!elicit_transport_is_closed (ELICIT_TRANSPORT (self)))
    {
      g_autoptr(GError) reason = NULL;

      if (!(self->stdout_done && self->stderr_done) && !self->grace_expired)
        {
          start_grace (self);
          return;
        }

      reason = exit_reason (self);
      stop_reading (self);
      elicit_transport_emit_closed (ELICIT_TRANSPORT (self), reason);
    }

  elicit_clear_source (&self->grace_source);
  complete_close_tasks (self);
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  ElicitStdioTransport *self;
  g_autoptr(GError) error = NULL;

  /* Cancelled only by dispose: @data is gone then. */
  if (!g_subprocess_wait_finish (G_SUBPROCESS (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = g_object_ref (data);
  self->exited = TRUE;
  g_debug ("server %s exited", g_subprocess_get_identifier (self->subprocess));

  /* Whatever grace was running measured something else; start afresh. */
  elicit_clear_source (&self->grace_source);
  self->grace_expired = FALSE;

  check_exit (self);
  g_object_unref (self);
}

static void
fail_line (ElicitTransport *transport,
           guint64          line_number,
           const GError    *error)
{
  g_debug ("server wrote invalid JSON on line %" G_GUINT64_FORMAT ": %s",
           line_number, error->message);
  close_now (ELICIT_STDIO_TRANSPORT (transport),
             g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_INVALID_JSON,
                          _("server wrote invalid JSON on line %lu: %s"),
                          (gulong) line_number, error->message));
}

static ElicitLineAction
stdout_line_cb (const char *line,
                gsize       length,
                guint64     line_number,
                gboolean    truncated,
                gpointer    user_data)
{
  ElicitStdioTransport *self = user_data;

  /* Not a checked cast: this runs for every line, and the reader's
   * user_data is this transport. */
  return elicit_transport_receive_line ((ElicitTransport *) self, self->stdout_reader,
                                        line, length, line_number, fail_line);
}

static void
stdout_end_cb (ElicitLineReaderEnd  end,
               guint64              line_number,
               const GError        *error,
               gpointer             user_data)
{
  g_autoptr(ElicitStdioTransport) self = g_object_ref (user_data);
  g_autofree char *limit = NULL;

  switch (end)
    {
    case ELICIT_LINE_READER_TOO_LONG:
      limit = g_format_size_full (self->max_line_length, G_FORMAT_SIZE_IEC_UNITS);
      g_debug ("server wrote a line longer than %s", limit);
      close_now (self,
                 g_error_new (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_LINE_TOO_LONG,
                              /* Translators: %s is a size such as “4.0 MiB”, %lu a line number */
                              _("server wrote a line longer than %s (line %lu)"),
                              limit, (gulong) line_number));
      return;

    case ELICIT_LINE_READER_FAILED:
      g_debug ("reading the server's output failed: %s", error->message);
      break;

    case ELICIT_LINE_READER_EOF:
    default:
      break;
    }

  self->stdout_done = TRUE;
  if (self->exited)
    check_exit (self);
  else
    start_grace (self);
}

static ElicitLineAction
stderr_line_cb (const char *line,
                gsize       length,
                guint64     line_number,
                gboolean    truncated,
                gpointer    user_data)
{
  g_autoptr(ElicitStdioTransport) self = g_object_ref (user_data);
  g_autofree char *valid = g_utf8_make_valid (line, length);

  if (truncated)
    {
      g_autofree char *cut = g_steal_pointer (&valid);

      valid = g_strconcat (cut, "…", NULL);
    }

  elicit_transport_emit_log (ELICIT_TRANSPORT (self), valid);

  return ELICIT_LINE_CONTINUE;
}

static void
stderr_end_cb (ElicitLineReaderEnd  end,
               guint64              line_number,
               const GError        *error,
               gpointer             user_data)
{
  g_autoptr(ElicitStdioTransport) self = g_object_ref (user_data);

  if (error != NULL)
    g_debug ("reading the server's standard error failed: %s", error->message);

  self->stderr_done = TRUE;
  check_exit (self);
}

static void
write_error_cb (const GError *error,
                gpointer      user_data)
{
  ElicitStdioTransport *self = user_data;

  /* Most likely the server died: its exit status is the better reason. */
  g_debug ("writing to server %s failed: %s",
           g_subprocess_get_identifier (self->subprocess), error->message);

  if (g_error_matches (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_IO))
    {
      close_now (self, g_error_copy (error));
      return;
    }

  if (!self->exited)
    start_grace (self);
}

static void
elicit_stdio_transport_start (ElicitTransport *transport)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (transport);

  if (self->started)
    return;

  self->started = TRUE;

  self->stdout_reader = elicit_line_reader_new (g_subprocess_get_stdout_pipe (self->subprocess),
                                                self->max_line_length, FALSE,
                                                stdout_line_cb, stdout_end_cb, self);
  elicit_line_reader_set_owner (self->stdout_reader, self);
  self->stderr_reader = elicit_line_reader_new (g_subprocess_get_stderr_pipe (self->subprocess),
                                                MAX_LOG_LINE, TRUE,
                                                stderr_line_cb, stderr_end_cb, self);
  elicit_line_reader_start (self->stdout_reader);
  elicit_line_reader_start (self->stderr_reader);

  check_exit (self);
}

static gboolean
elicit_stdio_transport_send (ElicitTransport  *transport,
                             JsonNode         *message,
                             GError          **error)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (transport);
  g_autoptr(GBytes) line = elicit_transport_serialize_line (message);

  return elicit_line_writer_write (self->stdin_writer, line, error);
}

static void
elicit_stdio_transport_close_async (ElicitTransport     *transport,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, elicit_stdio_transport_close_async);

  if (!elicit_transport_is_closed (transport))
    close_now (self, g_error_new_literal (ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_CLOSED,
                                          _("the connection was closed")));
  else
    shut_down (self);

  if (self->exited)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (self->close_tasks == NULL)
    self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
}

static gboolean
elicit_stdio_transport_close_finish (ElicitTransport  *transport,
                                     GAsyncResult     *result,
                                     GError          **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
elicit_stdio_transport_initable_init (GInitable     *initable,
                                      GCancellable  *cancellable,
                                      GError       **error)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (initable);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) local_error = NULL;

  if (self->argv == NULL || self->argv[0] == NULL)
    {
      g_set_error_literal (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_SPAWN_FAILED,
                           _("could not start the server: no command given"));
      return FALSE;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  for (guint i = 0; self->environment != NULL && self->environment[i] != NULL; i++)
    {
      const char *eq = strchr (self->environment[i], '=');
      g_autofree char *name = NULL;

      if (eq == NULL || eq == self->environment[i])
        {
          g_debug ("ignoring environment entry without a name: %s", self->environment[i]);
          continue;
        }

      name = g_strndup (self->environment[i], eq - self->environment[i]);
      g_subprocess_launcher_setenv (launcher, name, eq + 1, TRUE);
    }
  if (self->cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, self->cwd);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, keeper_parent (), NULL);

  self->subprocess = g_subprocess_launcher_spawnv (launcher, (const char * const *) self->argv,
                                                   &local_error);
  if (self->subprocess == NULL)
    {
      g_set_error (error, ELICIT_TRANSPORT_ERROR, ELICIT_TRANSPORT_ERROR_SPAWN_FAILED,
                   _("could not start the server: %s"), local_error->message);
      return FALSE;
    }

  g_debug ("started server %s: %s", g_subprocess_get_identifier (self->subprocess),
           self->argv[0]);

  self->stdin_writer = elicit_line_writer_new (g_subprocess_get_stdin_pipe (self->subprocess),
                                               MAX_PENDING_WRITE, write_error_cb, self);
  g_subprocess_wait_async (self->subprocess, self->cancellable, wait_cb, self);

  return TRUE;
}

static void
initable_iface_init (GInitableIface *iface)
{
  iface->init = elicit_stdio_transport_initable_init;
}

static void
elicit_stdio_transport_dispose (GObject *object)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (object);

  g_cancellable_cancel (self->cancellable);
  elicit_clear_source (&self->grace_source);

  if (self->stdout_reader != NULL)
    {
      elicit_line_reader_stop (self->stdout_reader);
      g_clear_pointer (&self->stdout_reader, elicit_line_reader_unref);
    }
  if (self->stderr_reader != NULL)
    {
      elicit_line_reader_stop (self->stderr_reader);
      g_clear_pointer (&self->stderr_reader, elicit_line_reader_unref);
    }

  if (self->stdin_writer != NULL)
    {
      elicit_line_writer_stop_callbacks (self->stdin_writer);
      if (self->subprocess != NULL && !self->shutting_down && !self->exited)
        {
          /* Nobody will wait for this server any more: stop it in the background. */
          self->shutting_down = TRUE;
          elicit_line_writer_close_async (self->stdin_writer, NULL, NULL);
          reap (self->subprocess, self->shutdown_timeout);
        }
      g_clear_pointer (&self->stdin_writer, elicit_line_writer_unref);
    }

  g_clear_object (&self->subprocess);

  G_OBJECT_CLASS (elicit_stdio_transport_parent_class)->dispose (object);
}

static void
elicit_stdio_transport_finalize (GObject *object)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (object);

  g_assert (self->close_tasks == NULL);

  g_clear_pointer (&self->argv, g_strfreev);
  g_clear_pointer (&self->environment, g_strfreev);
  g_clear_pointer (&self->cwd, g_free);
  g_clear_error (&self->shutdown_reason);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (elicit_stdio_transport_parent_class)->finalize (object);
}

static void
elicit_stdio_transport_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      g_value_set_boxed (value, self->argv);
      break;

    case PROP_ENVIRONMENT:
      g_value_set_boxed (value, self->environment);
      break;

    case PROP_CWD:
      g_value_set_string (value, self->cwd);
      break;

    case PROP_MAX_LINE_LENGTH:
      g_value_set_uint64 (value, self->max_line_length);
      break;

    case PROP_SHUTDOWN_TIMEOUT:
      g_value_set_uint (value, self->shutdown_timeout);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_stdio_transport_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  ElicitStdioTransport *self = ELICIT_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      self->argv = g_value_dup_boxed (value);
      break;

    case PROP_ENVIRONMENT:
      self->environment = g_value_dup_boxed (value);
      break;

    case PROP_CWD:
      self->cwd = g_value_dup_string (value);
      break;

    case PROP_MAX_LINE_LENGTH:
      elicit_stdio_transport_set_max_line_length (self, g_value_get_uint64 (value));
      break;

    case PROP_SHUTDOWN_TIMEOUT:
      elicit_stdio_transport_set_shutdown_timeout (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
elicit_stdio_transport_class_init (ElicitStdioTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ElicitTransportClass *transport_class = ELICIT_TRANSPORT_CLASS (klass);

  elicit_ensure_i18n ();
  elicit_transport_ignore_sigpipe ();

  object_class->dispose = elicit_stdio_transport_dispose;
  object_class->finalize = elicit_stdio_transport_finalize;
  object_class->get_property = elicit_stdio_transport_get_property;
  object_class->set_property = elicit_stdio_transport_set_property;

  /**
   * ElicitStdioTransport:argv:
   *
   * The command that starts the server and its arguments; the command is
   * looked up in `PATH`.
   *
   * Since: 1.0
   */
  properties[PROP_ARGV] =
    g_param_spec_boxed ("argv", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitStdioTransport:environment:
   *
   * Extra environment variables for the server, as `NAME=VALUE` strings,
   * added to (and overriding) the environment it inherits.
   *
   * Since: 1.0
   */
  properties[PROP_ENVIRONMENT] =
    g_param_spec_boxed ("environment", NULL, NULL,
                        G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitStdioTransport:cwd:
   *
   * The directory the server starts in, or %NULL for ours.
   *
   * Since: 1.0
   */
  properties[PROP_CWD] =
    g_param_spec_string ("cwd", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitStdioTransport:max-line-length:
   *
   * The longest line accepted from the server's output, in bytes; a longer
   * one closes the transport. Takes effect at [method@Transport.start].
   *
   * Since: 1.0
   */
  properties[PROP_MAX_LINE_LENGTH] =
    g_param_spec_uint64 ("max-line-length", NULL, NULL,
                         1, G_MAXSIZE, ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ElicitStdioTransport:shutdown-timeout:
   *
   * How long, in milliseconds, the server has to exit after its input is
   * closed before it gets `SIGTERM`, and after that before `SIGKILL`. Also
   * how long a server that closed its output may keep running.
   *
   * Since: 1.0
   */
  properties[PROP_SHUTDOWN_TIMEOUT] =
    g_param_spec_uint ("shutdown-timeout", NULL, NULL,
                       0, G_MAXUINT, DEFAULT_SHUTDOWN_TIMEOUT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  transport_class->start = elicit_stdio_transport_start;
  transport_class->send = elicit_stdio_transport_send;
  transport_class->close_async = elicit_stdio_transport_close_async;
  transport_class->close_finish = elicit_stdio_transport_close_finish;
}

static void
elicit_stdio_transport_init (ElicitStdioTransport *self)
{
  self->max_line_length = ELICIT_TRANSPORT_DEFAULT_MAX_LINE_LENGTH;
  self->shutdown_timeout = DEFAULT_SHUTDOWN_TIMEOUT;
  self->cancellable = g_cancellable_new ();
}

/**
 * elicit_stdio_transport_new:
 * @argv: (array zero-terminated=1): the command and its arguments
 * @environment: (array zero-terminated=1) (nullable): extra `NAME=VALUE`
 *   environment variables
 * @cwd: (nullable) (type filename): the directory to start in
 * @error: return location for a [error@TransportError]
 *
 * Starts the server. Messages are read once [method@Transport.start] is
 * called; the server may write before that, it just waits.
 *
 * Returns: (transfer full): a new transport, or %NULL if the server could
 *   not be started ([error@TransportError.SPAWN_FAILED])
 *
 * Since: 1.0
 */
ElicitTransport *
elicit_stdio_transport_new (const char * const  *argv,
                            const char * const  *environment,
                            const char          *cwd,
                            GError             **error)
{
  g_return_val_if_fail (argv != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return g_initable_new (ELICIT_TYPE_STDIO_TRANSPORT, NULL, error,
                         "argv", argv,
                         "environment", environment,
                         "cwd", cwd,
                         NULL);
}

/**
 * elicit_stdio_transport_get_argv:
 * @self: a stdio transport
 *
 * Gets the command that started the server.
 *
 * Returns: (transfer none) (array zero-terminated=1): the command and its arguments
 *
 * Since: 1.0
 */
const char * const *
elicit_stdio_transport_get_argv (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), NULL);

  return (const char * const *) self->argv;
}

/**
 * elicit_stdio_transport_get_environment:
 * @self: a stdio transport
 *
 * Gets the extra environment variables the server was started with.
 *
 * Returns: (transfer none) (array zero-terminated=1) (nullable): `NAME=VALUE` strings
 *
 * Since: 1.0
 */
const char * const *
elicit_stdio_transport_get_environment (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), NULL);

  return (const char * const *) self->environment;
}

/**
 * elicit_stdio_transport_get_cwd:
 * @self: a stdio transport
 *
 * Gets the directory the server was started in.
 *
 * Returns: (nullable) (type filename): the directory, or %NULL for ours
 *
 * Since: 1.0
 */
const char *
elicit_stdio_transport_get_cwd (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), NULL);

  return self->cwd;
}

/**
 * elicit_stdio_transport_get_identifier:
 * @self: a stdio transport
 *
 * Gets the server's process id, as a string, for logs.
 *
 * Returns: (nullable): the process id, or %NULL once the server has exited
 *
 * Since: 1.0
 */
const char *
elicit_stdio_transport_get_identifier (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), NULL);

  if (self->subprocess == NULL)
    return NULL;

  return g_subprocess_get_identifier (self->subprocess);
}

/**
 * elicit_stdio_transport_get_max_line_length:
 * @self: a stdio transport
 *
 * Gets the longest line accepted from the server, in bytes.
 *
 * Returns: the limit
 *
 * Since: 1.0
 */
gsize
elicit_stdio_transport_get_max_line_length (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), 0);

  return self->max_line_length;
}

/**
 * elicit_stdio_transport_get_shutdown_timeout:
 * @self: a stdio transport
 *
 * Gets how long the server has to exit at each step of a shutdown.
 *
 * Returns: the timeout, in milliseconds
 *
 * Since: 1.0
 */
guint
elicit_stdio_transport_get_shutdown_timeout (ElicitStdioTransport *self)
{
  g_return_val_if_fail (ELICIT_IS_STDIO_TRANSPORT (self), 0);

  return self->shutdown_timeout;
}

/**
 * elicit_stdio_transport_set_max_line_length:
 * @self: a stdio transport
 * @max_line_length: the longest line accepted, in bytes
 *
 * Sets the longest line accepted from the server; a longer line closes the
 * transport with [error@TransportError.LINE_TOO_LONG]. Set it before
 * starting.
 *
 * Since: 1.0
 */
void
elicit_stdio_transport_set_max_line_length (ElicitStdioTransport *self,
                                            gsize                 max_line_length)
{
  g_return_if_fail (ELICIT_IS_STDIO_TRANSPORT (self));
  g_return_if_fail (max_line_length > 0);
  g_return_if_fail (!self->started);

  if (self->max_line_length == max_line_length)
    return;

  self->max_line_length = max_line_length;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_LINE_LENGTH]);
}

/**
 * elicit_stdio_transport_set_shutdown_timeout:
 * @self: a stdio transport
 * @msec: the timeout, in milliseconds
 *
 * Sets how long the server has to exit at each step of a shutdown (after
 * its input is closed, then after `SIGTERM`).
 *
 * Since: 1.0
 */
void
elicit_stdio_transport_set_shutdown_timeout (ElicitStdioTransport *self,
                                             guint                 msec)
{
  g_return_if_fail (ELICIT_IS_STDIO_TRANSPORT (self));

  if (self->shutdown_timeout == msec)
    return;

  self->shutdown_timeout = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHUTDOWN_TIMEOUT]);
}
