#!/usr/bin/python3
# test-prompter.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The desktop's prompter (org.gnome.World.Elicit.Prompter, issue 14) as its
# callers meet it: Python through Gio.DBusProxy, `elicit proxy` under two
# fake MCP clients, a proxy with a stripped environment, and D-Bus
# activation. Every dialog is answered through AT-SPI, as a person would.
#
# It runs its own session bus, at $XDG_RUNTIME_DIR/bus in a temporary
# XDG_RUNTIME_DIR, from a --config-file whose <servicedir> holds the
# build tree's org.gnome.World.Elicit.service (ELICIT_PROMPTER_SERVICE_DIR):
# nothing leaks to or from the bus the rest of the suite shares. Run with
# Debian's /usr/bin/python3 under an X display.

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from atspi_helpers import (DISPLAY_VARIABLES, Failure, Skip, a11y_env, atspi_missing, check,  # noqa: E402
                           check_equal, display_missing,
                           do_action, run_tests, set_text, showing, skip_all, tap, test,
                           wait_for, wait_sensitive, walk)

ELICIT = os.environ.get('ELICIT_BIN', '')
SERVICE_DIR = os.environ.get('ELICIT_PROMPTER_SERVICE_DIR', '')
SRCDIR = os.path.dirname(os.path.abspath(__file__))
PYTHON = '/usr/bin/python3'
BUS_NAME = 'org.gnome.World.Elicit'
PATH = '/org/gnome/World/Elicit'
FORM = {'message': 'Your name?',
        'requestedSchema': {'type': 'object',
                            'properties': {'name': {'type': 'string', 'title': 'Name'}}}}

if display_missing():
    skip_all(display_missing())
if not ELICIT or not SERVICE_DIR:
    skip_all('ELICIT_BIN and ELICIT_PROMPTER_SERVICE_DIR are not set (run through meson test)')

# The test's own bus ----------------------------------------------------------------------

RUNTIME = tempfile.mkdtemp(prefix='elicit-prompter-')
# Others may reach the socket, and the bus lets them in: the prompter itself
# must refuse them.
os.chmod(RUNTIME, 0o711)
ADDRESS = 'unix:path=' + os.path.join(RUNTIME, 'bus')
with open(os.path.join(RUNTIME, 'bus.conf'), 'w') as conf:
    conf.write('''<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <include>/usr/share/dbus-1/session.conf</include>
  <servicedir>%s</servicedir>
  <policy context="default">
    <allow user="*"/>
  </policy>
</busconfig>
''' % SERVICE_DIR)

os.environ['XDG_RUNTIME_DIR'] = RUNTIME
# The app's window, when a test opens it, lists no servers of the user's.
os.environ['XDG_CONFIG_HOME'] = os.path.join(RUNTIME, 'config')
os.makedirs(os.path.join(RUNTIME, 'config', 'elicit'))
with open(os.path.join(RUNTIME, 'config', 'elicit', 'servers.json'), 'w') as servers:
    servers.write('{"mcpServers": {}}')
os.environ['DBUS_SESSION_BUS_ADDRESS'] = ADDRESS
# What the daemon passes on to what it activates: the app under test.
DAEMON = subprocess.Popen(['dbus-daemon', '--config-file', os.path.join(RUNTIME, 'bus.conf'),
                           '--address', ADDRESS, '--nofork', '--print-address'],
                          stdout=subprocess.PIPE, text=True, env=a11y_env())
DAEMON.stdout.readline()

missing = atspi_missing()
if missing:
    skip_all(missing)

import pyatspi  # noqa: E402
from gi.repository import Gio, GLib  # noqa: E402

BUS = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def bus_call(method, args, reply_type):
    return BUS.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                         method, args, GLib.VariantType(reply_type), Gio.DBusCallFlags.NONE, -1,
                         None).unpack()


def prompter_pid():
    if not bus_call('NameHasOwner', GLib.Variant('(s)', (BUS_NAME,)), '(b)')[0]:
        return None
    return bus_call('GetConnectionUnixProcessID', GLib.Variant('(s)', (BUS_NAME,)), '(u)')[0]


def spin(seconds=0.0):
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while True:
        while context.iteration(False):
            pass
        if time.monotonic() >= deadline:
            return
        time.sleep(0.01)


def wait_spinning(what, func, timeout=30):
    def step():
        spin()
        return func()
    return wait_for(what, step, timeout)


class Notifications:
    def __init__(self):
        fd, self.path = tempfile.mkstemp(prefix='elicit-notifications-', dir=RUNTIME)
        os.close(fd)
        self.process = subprocess.Popen([PYTHON, os.path.join(SRCDIR, 'fake-notifications.py'),
                                         self.path], stdout=subprocess.PIPE, text=True)
        check(self.process.stdout.readline().strip() == 'ready',
              'the fake notification server did not start')

    def sent(self):
        with open(self.path, encoding='utf-8') as log:
            return [json.loads(line) for line in log if line.strip()]


class App:
    """elicit --gapplication-service, as D-Bus activation starts it."""

    def __init__(self):
        self.process = subprocess.Popen([ELICIT, '--gapplication-service'], env=a11y_env())
        wait_for('the prompter on the bus', lambda: prompter_pid() == self.process.pid)

    def quit(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


class Caller:
    """A program asking through Gio.DBusProxy, on a connection of its own."""

    def __init__(self):
        flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
                 Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
        self.connection = Gio.DBusConnection.new_for_address_sync(ADDRESS, flags, None, None)
        self.proxy = Gio.DBusProxy.new_sync(self.connection, Gio.DBusProxyFlags.NONE, None,
                                            BUS_NAME, PATH, 'org.gnome.World.Elicit.Prompter',
                                            None)
        self.responses = {}
        self.errors = []
        self.next_token = 0

    def _subscribe(self, token):
        unique = self.connection.get_unique_name()[1:].replace('.', '_')
        handle = '%s/request/%s/%s' % (PATH, unique, token)

        def on_response(connection, sender, path, interface, signal_name, params):
            self.responses.setdefault(path, []).append(params.unpack())
        self.connection.signal_subscribe(BUS_NAME, 'org.gnome.World.Elicit.Request', 'Response',
                                         handle, None, Gio.DBusSignalFlags.NONE, on_response)
        return handle

    def _args(self, server, client, request, token):
        text = request if isinstance(request, str) else json.dumps(request)
        return GLib.Variant('(sssa{sv})', (server, client, text,
                                           {'handle_token': GLib.Variant('s', token)}))

    def ask(self, server, client, request=FORM):
        self.next_token += 1
        token = 't%d' % self.next_token
        expected = self._subscribe(token)
        handle = self.proxy.call_sync('Ask', self._args(server, client, request, token),
                                      Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
        check_equal(handle, expected, 'the handle')
        return handle

    def ask_async(self, server, client, request=FORM):
        self.next_token += 1
        token = 't%d' % self.next_token
        self._subscribe(token)

        def done(proxy, result):
            try:
                proxy.call_finish(result)
            except GLib.Error as e:
                self.errors.append(e.message)
        self.proxy.call('Ask', self._args(server, client, request, token),
                        Gio.DBusCallFlags.NONE, -1, None, done)

    def response(self, handle):
        return wait_spinning('the Response of ' + handle, lambda: self.responses.get(handle))

    def close_request(self, handle):
        self.connection.call_sync(BUS_NAME, handle, 'org.gnome.World.Elicit.Request', 'Close',
                                  None, None, Gio.DBusCallFlags.NONE, -1, None)

    def disconnect(self):
        self.connection.close_sync(None)


def dialogs(title):
    found = []
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        for j in range(app.childCount if app is not None else 0):
            frame = app.getChildAtIndex(j)
            if frame is not None and frame.name == title and showing(frame):
                found.append(frame)
    return found


def wait_dialog(title, count=1):
    return wait_spinning('%d window(s) %r' % (count, title),
                         lambda: (lambda d: d if len(d) >= count else None)(dialogs(title)))[:count]


def wait_gone(title):
    wait_spinning('the window %r to close' % title, lambda: not dialogs(title))


def has_label(dialog, text):
    """Whether a label of dialog says text (one of its lines, or all)."""
    return any(acc.getRoleName() == 'label' and text in acc.name.split('\n') + [acc.name]
               for acc in walk(dialog))


def claim(client):
    return 'Asked through “%s”, as that program calls itself.' % client


def accept(dialog, name):
    set_text(dialog, 'text', 'Name', name)
    do_action(wait_sensitive(dialog, 'push button', 'Send'))


NOTIFICATIONS = Notifications()
APP = App()
CALLER = Caller()
TIMES = {}


# Python through Gio.DBusProxy -------------------------------------------------------------

@test
def accept_decline_and_cancel_reach_the_caller():
    handle = CALLER.ask('Everything', 'claude')
    start = time.monotonic()
    dialog = wait_dialog('Request from Everything')[0]
    TIMES['alone'] = time.monotonic() - start
    check(has_label(dialog, claim('claude')), 'the client is shown as its claim')
    accept(dialog, 'Ada')
    action, content = CALLER.response(handle)[0]
    check_equal((action, json.loads(content)), ('accept', {'name': 'Ada'}), 'the Response')
    wait_gone('Request from Everything')
    check('“Everything, via claude” is asking for your input' in
          [n['summary'] for n in NOTIFICATIONS.sent()],
          'a notification names the asker: %r' % NOTIFICATIONS.sent())

    for button, action in (('Decline', 'decline'), ('Cancel', 'cancel')):
        handle = CALLER.ask('Everything', 'claude')
        dialog = wait_dialog('Request from Everything')[0]
        do_action(wait_sensitive(dialog, 'push button', button))
        check_equal(CALLER.response(handle), [(action, '')], 'the Response to ' + button)
        wait_gone('Request from Everything')


@test
def the_window_lists_recent_prompts_with_time_server_client_and_action_never_content():
    BUS.call_sync(BUS_NAME, PATH, 'org.freedesktop.Application', 'Activate',
                  GLib.Variant('(a{sv})', ({},)), None, Gio.DBusCallFlags.NONE, -1, None)

    def recent_list():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None or app.get_process_id() != APP.process.pid:
                continue
            for j in range(app.childCount):
                for acc in walk(app.getChildAtIndex(j)):
                    if acc.name == 'Recent Prompts' and acc.getRoleName() == 'list':
                        return acc
        return None
    def rows():
        found = recent_list()
        return found and [[acc.name for acc in walk(row) if acc.getRoleName() == 'label']
                          for row in [found.getChildAtIndex(i) for i in range(found.childCount)]
                          if row.getRoleName() == 'list item']
    texts = wait_spinning('the recent prompts', rows)
    check_equal(len(texts), 3, 'rows: %r' % texts)
    for row, action in zip(texts, ('Cancelled', 'Declined', 'Sent')):
        check_equal(row[:2], ['Everything', 'via “claude”'], 'who asked')
        check(row[2].endswith(' · ' + action) and ':' in row[2], 'when and how: %r' % row[2])
    check(not any('Ada' in label for row in texts for label in row), 'the content is never shown')


@test
def close_from_the_caller_closes_the_dialog_and_answers_cancel():
    handle = CALLER.ask('Closing', 'claude')
    wait_dialog('Request from Closing')
    # What the prompt's notification does when clicked: its dialog to the front.
    BUS.call_sync(BUS_NAME, PATH, 'org.gtk.Actions', 'Activate',
                  GLib.Variant('(sava{sv})', ('show-prompt', [GLib.Variant('s', handle)], {})),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    wait_spinning('the dialog active', lambda: any(
        d.getState().contains(pyatspi.STATE_ACTIVE) for d in dialogs('Request from Closing')))
    CALLER.close_request(handle)
    check_equal(CALLER.response(handle), [('cancel', '')], 'the Response')
    wait_gone('Request from Closing')
    spin(0.2)
    check_equal(len(CALLER.responses[handle]), 1, 'Responses sent')


@test
def a_caller_that_disconnects_mid_prompt_has_its_prompt_withdrawn():
    caller = Caller()
    caller.ask('Leaving', 'claude')
    dialog = wait_dialog('Request from Leaving')[0]
    caller.disconnect()
    wait_spinning('the withdrawn notice',
                  lambda: has_label(dialog, 'The server withdrew this request'))
    wait_gone('Request from Leaving')


OTHER_USER_ASKS = '''
import sys
from gi.repository import Gio, GLib
bus = Gio.DBusConnection.new_for_address_sync(
    sys.argv[1], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
    Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
try:
    bus.call_sync('org.gnome.World.Elicit', '/org/gnome/World/Elicit',
                  'org.gnome.World.Elicit.Prompter', 'Ask',
                  GLib.Variant('(sssa{sv})', ('Other', 'mallory', sys.argv[2], {})),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    print('asked')
except GLib.Error as e:
    print(e.message)
'''


@test
def a_caller_running_as_another_user_is_refused():
    if os.getuid() != 0 or not shutil.which('setpriv'):
        raise Skip('needs root and setpriv to run a caller as another user')
    done = subprocess.run(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups',
                           PYTHON, '-c', OTHER_USER_ASKS, ADDRESS, json.dumps(FORM)],
                          capture_output=True, text=True, timeout=60,
                          env={'PATH': '/usr/bin:/bin'})
    check_equal(done.stdout.strip(), 'GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: '
                'Only the session’s own user may ask', 'what the other user got: ' + done.stderr)
    spin(0.2)
    check(not dialogs('Request from Other'), 'no dialog for another user')


# The app's own interfaces (org.gtk.Application, org.gtk.Actions) follow the
# prompter's rule too: issue 21.
CONTROLS_APP = '''
import sys
from gi.repository import Gio, GLib
bus = Gio.DBusConnection.new_for_address_sync(
    sys.argv[1], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
    Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
for interface, method, args in (('org.gtk.Actions', 'Activate', ('quit', [], {})),
                                ('org.freedesktop.Application', 'ActivateAction', ('quit', [], {}))):
    try:
        bus.call_sync('org.gnome.World.Elicit', '/org/gnome/World/Elicit', interface, method,
                      GLib.Variant('(sava{sv})', args), None, Gio.DBusCallFlags.NONE, -1, None)
        print('done')
    except GLib.Error as e:
        print(e.message)
'''


def evil_config():
    """A servers file whose one server leaves a mark when it starts."""
    marker = os.path.join(RUNTIME, 'evil-ran-%d' % time.monotonic_ns())
    path = marker + '.json'
    with open(path, 'w') as f:
        json.dump({'mcpServers': {'Evil': {'command': 'sh', 'args': ['-c', 'touch ' + marker]}}}, f)
    os.chmod(path, 0o644)
    return path, marker


def check_app_refuses(prefix, reason):
    path, marker = evil_config()
    env = {'PATH': '/usr/bin:/bin', 'DBUS_SESSION_BUS_ADDRESS': ADDRESS, 'HOME': '/',
           'NO_AT_BRIDGE': '1', 'LANG': 'C.UTF-8'}
    env.update({k: os.environ[k] for k in DISPLAY_VARIABLES if k in os.environ})
    done = subprocess.run(prefix + [PYTHON, '-c', CONTROLS_APP, ADDRESS],
                          capture_output=True, text=True, timeout=60, env=env)
    check_equal(done.stdout.splitlines(), ['GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: ' + reason] * 2,
                'what the actions got: ' + done.stderr)
    done = subprocess.run(prefix + [ELICIT, '--config', path], capture_output=True, text=True,
                          timeout=60, env=env)
    check_equal((done.returncode, done.stderr.strip()), (1, 'elicit: ' + reason), 'the remote command line')
    spin(0.5)
    check(prompter_pid() == APP.process.pid, 'the app still runs')
    check(not os.path.exists(marker), 'the command the servers file named never ran')


@test
def another_user_can_neither_run_a_command_line_nor_an_action_in_the_app():
    if os.getuid() != 0 or not shutil.which('setpriv'):
        raise Skip('needs root and setpriv to run a caller as another user')
    check_app_refuses(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'],
                      'Only the session’s own user may control Elicit')


@test
def a_sandboxed_caller_can_neither_run_a_command_line_nor_an_action_in_the_app():
    if os.getuid() != 0 or not shutil.which('bwrap'):
        raise Skip('needs root and bwrap to fake a Flatpak sandbox')
    info = os.path.join(RUNTIME, 'flatpak-info')
    with open(info, 'w') as f:
        f.write('[Application]\nname=org.example.Sandboxed\n')
    # A root of its own, as Flatpak builds one: the real root is never touched.
    root = ['bwrap', '--tmpfs', '/', '--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc',
            '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
            '--symlink', 'usr/bin', '/bin', '--proc', '/proc', '--dev', '/dev',
            '--ro-bind', '/tmp', '/tmp', '--bind', RUNTIME, RUNTIME,
            '--ro-bind', os.path.dirname(SRCDIR), os.path.dirname(SRCDIR),
            '--ro-bind', info, '/.flatpak-info']
    check_app_refuses(root, 'Sandboxed applications may not control Elicit')


def find_message_dialog(heading):
    """The app's dialog whose heading says heading. (GTK 4.8 does not mark an
    AdwMessageDialog showing for AT-SPI: a dialog is in the tree while shown.)"""
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        for j in range(app.childCount if app is not None else 0):
            frame = app.getChildAtIndex(j)
            if frame is not None and frame.getRoleName() == 'dialog' and has_label(frame, heading):
                return frame
    return None


@test
def a_remote_command_line_starts_no_server_before_the_person_agrees():
    path, marker = evil_config()
    done = subprocess.run([ELICIT, '--config', path], capture_output=True, text=True, timeout=60)
    check_equal(done.returncode, 0, 'the remote command line\'s exit status: ' + done.stderr)
    dialog = wait_spinning('the dialog that asks', lambda: find_message_dialog('Use Another Servers File?'))
    check(has_label(dialog, 'Another Elicit asked to use the servers in “%s”. Its servers will start '
                            'and can run programs as you.' % path), 'the dialog names the file')
    check(not os.path.exists(marker), 'nothing ran before the answer')
    # GTK 4.8 names AdwMessageDialog's buttons with their mnemonic too: "_Cancel Cancel".
    do_action(next(acc for acc in walk(dialog)
                   if acc.getRoleName() == 'push button' and acc.name.endswith('Cancel')))
    wait_spinning('the dialog to close', lambda: find_message_dialog('Use Another Servers File?') is None)
    spin(0.5)
    check(not os.path.exists(marker), 'nothing ran after Cancel')


@test
def a_malformed_request_gets_a_readable_error():
    for request, reason in (('{"message": 1}', '“message” must be a string'),
                            ('not json', None),
                            ('[1]', 'The request is not a JSON object')):
        try:
            CALLER.ask('Broken', 'claude', request)
            raise Failure('%r was accepted' % request)
        except GLib.Error as e:
            check(e.message.startswith('GDBus.Error:org.gnome.World.Elicit.Error.InvalidRequest: '),
                  'the error names InvalidRequest: %s' % e.message)
            check(reason is None or reason in e.message, 'the error says why: %s' % e.message)
    check(not dialogs('Request from Broken'), 'no dialog for a malformed request')


@test
def a_60_mib_request_is_refused_at_the_door():
    huge = json.dumps(dict(FORM, message='x' * (60 * 1024 * 1024)))
    try:
        CALLER.ask('Huge', 'claude', huge)
        raise Failure('a 60 MiB request was accepted')
    except GLib.Error as e:
        check_equal(e.message, 'GDBus.Error:org.gnome.World.Elicit.Error.InvalidRequest: '
                    'The request is larger than 4 MiB', 'the error')
    check(not dialogs('Request from Huge'), 'no dialog')


# A program of its own, asking once and keeping its connection (and its
# prompt) until its input closes: what it got is its first line.
ASKER = '''
import sys
from gi.repository import Gio, GLib
bus = Gio.DBusConnection.new_for_address_sync(
    sys.argv[1], Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
    Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
try:
    bus.call_sync('org.gnome.World.Elicit', '/org/gnome/World/Elicit',
                  'org.gnome.World.Elicit.Prompter', 'Ask',
                  GLib.Variant('(sssa{sv})', (sys.argv[2], 'claude', sys.argv[3], {})),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    print('asked', flush=True)
except GLib.Error as e:
    print(e.message, flush=True)
sys.stdin.read()
'''

TOO_MANY_PROGRAMS = ('GDBus.Error:org.gnome.World.Elicit.Error.Refused: Too many programs are '
                     'asking at once; try again once their questions are answered')


@test
def at_most_eight_callers_have_prompts_at_once():
    # One after the other, so that which ones are refused is known.
    askers, got = [], []
    try:
        for i in range(10):
            asker = subprocess.Popen([PYTHON, '-c', ASKER, ADDRESS, 'Many %d' % i, json.dumps(FORM)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            askers.append(asker)
            got.append(asker.stdout.readline().strip())
        check_equal(got, ['asked'] * 8 + [TOO_MANY_PROGRAMS] * 2, 'what the programs got')
    finally:
        for asker in askers:
            asker.stdin.close()
            asker.wait()
    wait_gone('Request from Many 0')


@test
def one_program_with_many_connections_has_at_most_two_prompts_at_once():
    callers = [Caller() for _ in range(5)]
    asked, refused = [], []
    for i, caller in enumerate(callers):
        try:
            asked.append((caller, caller.ask('Same %d' % i, 'claude')))
        except GLib.Error as e:
            refused.append(e.message)
    check_equal(len(asked), 2, 'connections whose prompt was taken')
    check_equal(refused, [TOO_MANY_PROGRAMS] * 3, 'what the others got')
    wait_dialog('Request from Same 0')
    wait_dialog('Request from Same 1')
    check(not any(dialogs('Request from Same %d' % i) for i in range(2, 5)),
          'a refused connection has a dialog')
    for caller, handle in asked:
        caller.close_request(handle)
        check_equal(caller.response(handle), [('cancel', '')], 'the Response')
    for caller in callers:
        caller.disconnect()


@test
def a_flood_from_one_caller_does_not_delay_another_callers_prompt():
    flooder = Caller()
    for _ in range(100):
        flooder.ask_async('Flood', 'flooder')
    wait_dialog('Request from Flood')
    quiet = Caller()
    start = time.monotonic()
    handle = quiet.ask('Quiet', 'claude')
    dialog = wait_dialog('Request from Quiet')[0]
    took = time.monotonic() - start
    wait_spinning('the flood refused', lambda: len(flooder.errors) >= 100 - 16)
    tap('# a prompt alone: %.0f ms to its dialog; behind another caller\'s flood of 100: %.0f ms; '
        '%d of the flood refused at once' % (TIMES.get('alone', 0) * 1000, took * 1000,
                                            len(flooder.errors)))
    check(all('org.gnome.World.Elicit.Error.Refused' in e for e in flooder.errors),
          'the flood is refused with Refused: %r' % flooder.errors[:1])
    check_equal(len(dialogs('Request from Flood')), 1, 'dialogs of the flooder at once')
    do_action(wait_sensitive(dialog, 'push button', 'Decline'))
    check_equal(quiet.response(handle), [('decline', '')], 'the quiet caller\'s Response')
    flooder.disconnect()
    wait_gone('Request from Flood')


# elicit proxy ------------------------------------------------------------------------------

def client_named(name):
    """A link to Python called name: the process name the proxy sees as its parent's."""
    directory = os.path.join(RUNTIME, 'clients')
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        os.symlink(PYTHON, path)
    return path


def start_client(name, server, extra=(), client_info='none'):
    """A fake MCP client, run as a process called name, whose initialize says
    client_info (JSON), or has no clientInfo ('none')."""
    env = dict(os.environ, FAKE_MCP_CLIENT_INFO=client_info)
    return subprocess.Popen([client_named(name), os.path.join(SRCDIR, 'fake-mcp-client.py'),
                             ELICIT, server, ''] + list(extra),
                            stdout=subprocess.PIPE, text=True, env=env)


@test
def a_client_is_labelled_by_its_client_info_not_its_main_threads_name():
    # Issue 22: Node 22 and later call their main thread "MainThread", the process name
    # the proxy saw; the MCP Inspector names itself in its initialize.
    client = start_client('MainThread', 'Inspected',
                          client_info=json.dumps({'name': 'inspector-client', 'version': '2.12',
                                                  'title': 'MCP Inspector'}))
    dialog = wait_dialog('Request from Inspected')[0]
    check(has_label(dialog, claim('MCP Inspector')), 'the dialog names the client by its title')
    check(not has_label(dialog, claim('MainThread')), 'the dialog names the process')
    accept(dialog, 'Ada')
    check_equal(json.loads(client.stdout.readline()),
                {'action': 'accept', 'content': {'name': 'Ada'}}, 'what the server got')
    check_equal(client.wait(timeout=30), 0, 'the client\'s exit')


@test
def two_proxies_under_two_clients_are_answered_in_order_each_labelled_with_its_client():
    # Neither client names itself: the process names are the fallback.
    claude = start_client('claude', 'Fake')
    claude_dialog = wait_dialog('Request from Fake')[0]
    cursor = start_client('cursor', 'Fake')
    both = wait_dialog('Request from Fake', 2)
    cursor_dialog = [d for d in both if has_label(d, claim('cursor'))]
    check(has_label(claude_dialog, claim('claude')), 'the first dialog names claude')
    check(len(cursor_dialog) == 1, 'the second dialog names cursor')
    check(has_label(claude_dialog, 'The server calls itself “Fake Server”.'),
          'the server\'s own name is shown as its claim')

    accept(claude_dialog, 'for claude')
    check_equal(json.loads(claude.stdout.readline()),
                {'action': 'accept', 'content': {'name': 'for claude'}}, 'what claude\'s server got')
    accept(cursor_dialog[0], 'for cursor')
    check_equal(json.loads(cursor.stdout.readline()),
                {'action': 'accept', 'content': {'name': 'for cursor'}}, 'what cursor\'s server got')
    check_equal((claude.wait(timeout=30), cursor.wait(timeout=30)), (0, 0), 'the clients\' exit')


@test
def a_proxy_with_a_stripped_environment_reaches_the_app_through_the_runtime_dir_bus():
    home = tempfile.mkdtemp(dir=RUNTIME)
    client = start_client('claude', 'Stripped',
                          ['--strip-env', home, '/usr/bin:/bin', RUNTIME])
    dialog = wait_dialog('Request from Stripped')[0]
    accept(dialog, 'Grace')
    check_equal(json.loads(client.stdout.readline()),
                {'action': 'accept', 'content': {'name': 'Grace'}}, 'what the server got')
    check_equal(client.wait(timeout=30), 0, 'the client\'s exit')


# Lifetime ----------------------------------------------------------------------------------

@test
def quitting_answers_every_pending_request_cancel():
    first = CALLER.ask('Quitting', 'claude')
    second = CALLER.ask('Quitting', 'claude')
    wait_dialog('Request from Quitting')
    check_equal(APP.quit(), 0, 'the app\'s exit status')
    check_equal(CALLER.response(first), [('cancel', '')], 'the shown request\'s Response')
    check_equal(CALLER.response(second), [('cancel', '')], 'the waiting request\'s Response')


@test
def a_callers_prompt_starts_the_app_by_d_bus_activation_which_quits_when_idle():
    wait_for('the old app gone', lambda: prompter_pid() is None)
    caller = Caller()
    handle = caller.ask('Activated', 'claude')
    dialog = wait_dialog('Request from Activated')[0]
    check(prompter_pid() not in (None, APP.process.pid), 'a new app answers')
    do_action(wait_sensitive(dialog, 'push button', 'Decline'))
    check_equal(caller.response(handle), [('decline', '')], 'the Response')
    wait_spinning('the activated app to quit when idle', lambda: prompter_pid() is None, 40)


try:
    status = run_tests('Prompter')
finally:
    if APP.process.poll() is None:
        APP.process.kill()
    activated = prompter_pid()
    if activated is not None:
        os.kill(activated, signal.SIGKILL)
    NOTIFICATIONS.process.terminate()
    DAEMON.terminate()
    DAEMON.wait()
    shutil.rmtree(RUNTIME, ignore_errors=True)
sys.exit(status)
