#!/usr/bin/python3
# test-prompter-client.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# ElicitPrompterClient, the public client of the desktop's prompter, as an
# embedder meets it: Python through Elicit-1.0 asks the real prompter service
# (`elicit --gapplication-service`), with a window of its own as the dialog's
# parent; the dialog is answered through AT-SPI, and the answer lands in the
# request. The service's dialogs wait the `accept-delay` setting.
#
# Its own session bus, as in test-prompter.py: at $XDG_RUNTIME_DIR/bus in a
# temporary XDG_RUNTIME_DIR. The settings are a keyfile there, so that the
# service reads what the test wrote. Run with Debian's /usr/bin/python3
# under an X display, or in the Wayland lane (tests/wayland-session.sh),
# where the focus cases run: another window has the focus when a question
# arrives, with or without an activation token.

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from atspi_helpers import (KEY_RETURN, Skip, a11y_env, atspi_missing, check,  # noqa: E402
                           check_equal, display_missing, do_action, find, on_wayland, press,
                           run_tests, sensitive, set_text, showing, skip_all, tap, test,
                           type_text, wait_for, wait_sensitive)

ELICIT = os.environ.get('ELICIT_BIN', '')
PYTHON = '/usr/bin/python3'
BUS_NAME = 'org.gnome.World.Elicit'
PATH = '/org/gnome/World/Elicit'
ACCEPT_DELAY = 1234
FORM = ('{"message": "Your name?", "requestedSchema": {"type": "object", '
        '"properties": {"name": {"type": "string", "title": "Name"}}}}')

# A window of another program, for the dialog to sit over: its X window ID
# on stdout once it is mapped.
PARENT_PROGRAM = '''
import gi
gi.require_version('Gtk', '4.0')
gi.require_version('GdkX11', '4.0')
from gi.repository import Gtk, GdkX11, GLib

loop = GLib.MainLoop()
Gtk.init()
window = Gtk.Window(title='The caller')
def mapped(w):
    print('%x' % w.get_surface().get_xid(), flush=True)
window.connect('map', mapped)
window.present()
loop.run()
'''

if display_missing():
    skip_all(display_missing())
if not ELICIT:
    skip_all('ELICIT_BIN is not set (run through meson test)')
for tool in ('dbus-daemon',) + (() if on_wayland() else ('xwininfo', 'xprop')):
    if shutil.which(tool) is None:
        skip_all('%s is not installed' % tool)

RUNTIME = tempfile.mkdtemp(prefix='elicit-prompter-client-')
ADDRESS = 'unix:path=' + os.path.join(RUNTIME, 'bus')
KEYFILE = os.path.join(RUNTIME, 'config', 'glib-2.0', 'settings', 'keyfile')
os.makedirs(os.path.dirname(KEYFILE))
os.makedirs(os.path.join(RUNTIME, 'config', 'elicit'))
with open(os.path.join(RUNTIME, 'config', 'elicit', 'servers.json'), 'w') as servers:
    servers.write('{"mcpServers": {}}')
with open(KEYFILE, 'w') as keyfile:
    keyfile.write('[org/gnome/World/Elicit]\naccept-delay=%d\n' % ACCEPT_DELAY)

os.environ['XDG_RUNTIME_DIR'] = RUNTIME
os.environ['XDG_CONFIG_HOME'] = os.path.join(RUNTIME, 'config')
os.environ['DBUS_SESSION_BUS_ADDRESS'] = ADDRESS
DAEMON = subprocess.Popen(['dbus-daemon', '--session', '--address', ADDRESS, '--nofork',
                           '--print-address'], stdout=subprocess.PIPE, text=True, env=a11y_env())
DAEMON.stdout.readline()

missing = atspi_missing()
if missing:
    skip_all(missing)

import gi  # noqa: E402
gi.require_version('Elicit', '1.0')
gi.require_version('Json', '1.0')
import pyatspi  # noqa: E402
from gi.repository import Elicit, Gio, GLib, Json  # noqa: E402

BUS = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def spin():
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def wait_spinning(what, func, timeout=30):
    def step():
        spin()
        return func()
    return wait_for(what, step, timeout)


class App:
    """elicit --gapplication-service, reading the keyfile's settings, its
    debug log in a file."""

    def __init__(self):
        env = a11y_env()
        env['GSETTINGS_BACKEND'] = 'keyfile'
        env['G_MESSAGES_DEBUG'] = 'Elicit'
        self.log_path = os.path.join(RUNTIME, 'app.log')
        self.log = open(self.log_path, 'w')
        self.process = subprocess.Popen([ELICIT, '--gapplication-service'], env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)

        def owner():
            reply = BUS.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus',
                                  'org.freedesktop.DBus', 'NameHasOwner',
                                  GLib.Variant('(s)', (BUS_NAME,)), GLib.VariantType('(b)'),
                                  Gio.DBusCallFlags.NONE, -1, None)
            return reply.unpack()[0]
        wait_for('the prompter on the bus', owner)

    def logged(self):
        with open(self.log_path, encoding='utf-8', errors='replace') as log:
            return log.read()


class Parent:
    """Another program's window."""

    def __init__(self):
        self.process = subprocess.Popen([PYTHON, '-c', PARENT_PROGRAM], stdout=subprocess.PIPE,
                                        text=True, env=dict(os.environ, NO_AT_BRIDGE='1'))
        self.xid = int(self.process.stdout.readline().strip(), 16)

    def close(self):
        self.process.terminate()
        self.process.wait()


# The window the person is typing in, when a question arrives: a text
# field with the focus. On stdin: "token" prints an xdg-activation token
# made from it, as a launcher makes one (GdkAppLaunchContext); "text"
# prints what was typed into it.
PERSON_PROGRAM = '''
import sys
import gi
gi.require_version('Gtk', '4.0')
from gi.repository import Gdk, Gio, GLib, Gtk

Gtk.init()
window = Gtk.Window(title='The person is typing')
entry = Gtk.Entry()
window.set_child(entry)
loop = GLib.MainLoop()


def active(window, pspec):
    if window.is_active():
        print('active', flush=True)


def command(channel, condition):
    line = sys.stdin.readline().strip()
    if line == 'token':
        context = Gdk.Display.get_default().get_app_launch_context()
        info = Gio.AppInfo.create_from_commandline('true', 'true', Gio.AppInfoCreateFlags.NONE)
        print(context.get_startup_notify_id(info, []) or '', flush=True)
    elif line == 'text':
        print(entry.get_text(), flush=True)
    else:
        loop.quit()
        return False
    return True


window.connect('notify::is-active', active)
GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT,
                  GLib.IOCondition.IN | GLib.IOCondition.HUP, command)
window.present()
loop.run()
'''


class Person:
    """A window of another program that has the keyboard focus."""

    def __init__(self):
        self.process = subprocess.Popen([PYTHON, '-c', PERSON_PROGRAM], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True,
                                        env=dict(os.environ, NO_AT_BRIDGE='1'))
        check_equal(self.process.stdout.readline().strip(), 'active',
                    'the person\'s window has the focus')

    def ask(self, command):
        self.process.stdin.write(command + '\n')
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def active(acc):
    return acc.getState().contains(pyatspi.STATE_ACTIVE)


def new_request():
    return Elicit.Request.new(Elicit.json_parse(FORM, -1, 0).get_object())


def ask(client, request, parent_window):
    done = []

    def asked(source, result):
        try:
            done.append((source.ask_finish(result), None))
        except GLib.Error as e:
            done.append((False, e.message))
    client.ask_async(request, 'Everything', None, parent_window, None, asked)
    return done


def dialog_titled(title):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        for j in range(app.childCount if app is not None else 0):
            frame = app.getChildAtIndex(j)
            if frame is not None and frame.name == title and showing(frame):
                return frame
    return None


def x_window_titled(title):
    tree = subprocess.run(['xwininfo', '-root', '-tree'], capture_output=True, text=True).stdout
    for line in tree.splitlines():
        found = re.match(r'\s*(0x[0-9a-f]+) "(.*)": ', line)
        if found and found.group(2) == title:
            return found.group(1)
    return None


def transient_for(window):
    prop = subprocess.run(['xprop', '-id', window, 'WM_TRANSIENT_FOR'], capture_output=True,
                          text=True).stdout
    found = re.search(r'window id # (0x[0-9a-f]+)', prop)
    return int(found.group(1), 16) if found else None


APP = App()
CLIENT = Elicit.PrompterClient.new()
CLIENT.set_client_label('embedder')


@test
def an_embedder_asks_the_desktops_prompter_over_its_own_window():
    if on_wayland():
        raise Skip('X11 only: reads WM_TRANSIENT_FOR with xprop; mutter 43 shows no one a '
                   'Wayland window\'s parent (xdg_foreign)')
    parent = Parent()
    try:
        request = new_request()
        done = ask(CLIENT, request, 'x11:%x' % parent.xid)
        dialog = wait_spinning('the prompter\'s dialog', lambda: dialog_titled('Request from Everything'))
        window = wait_for('its X window', lambda: x_window_titled('Request from Everything'))
        check_equal(transient_for(window), parent.xid, 'the window the dialog is transient for')

        set_text(dialog, 'text', 'Name', 'Ada')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))
        wait_spinning('the answer', lambda: done)
        check_equal(done, [(True, None)], 'what ask_finish() says')
        check_equal(request.get_state(), Elicit.RequestState.ACCEPTED, 'the request\'s state')
        content = Json.to_string(Json.Node.alloc().init_object(request.get_content()), False)
        check_equal(content, '{"name":"Ada"}', 'the content the request holds')
    finally:
        parent.close()


def ask_while_the_person_types(token):
    """A question arrives while another window has the focus and the person
    types a word and Return: returns the dialog, the Ask's answers, the
    request, and what the person's window got."""
    person = Person()
    try:
        request = new_request()
        client = Elicit.PrompterClient.new()
        client.set_client_label('embedder')
        if token:
            client.set_activation_token(person.ask('token'))
            check(client.get_activation_token(), 'the person\'s window made no token')
        done = ask(client, request, None)
        check_equal(client.get_activation_token(), None, 'the token, once used')
        dialog = wait_spinning('the prompter\'s dialog', lambda: dialog_titled('Request from Everything'))
        shown = time.monotonic()
        # Typing meant for the other window, Return included, right as the
        # dialog appears (well within the accept delay).
        type_text('oops')
        press(KEY_RETURN)
        send = find(dialog, 'push button', 'Send')
        guarded = time.monotonic() - shown < ACCEPT_DELAY / 1000 and not sensitive(send)
        spin()
        check_equal(request.get_state(), Elicit.RequestState.PENDING,
                    'the request after Return typed during the accept delay')
        return dialog, done, request, person, guarded
    except BaseException:
        person.close()
        raise


def answer_by_keyboard(dialog, done, request):
    """The person, at the dialog now: a name, then Send with Return."""
    name = wait_for('the Name field', lambda: find(dialog, 'text', 'Name'))
    name.queryEditableText().setTextContents('')
    type_text('Ada')
    wait_for('Ada typed', lambda: name.queryText().getText(0, -1) == 'Ada' or
             name.queryText().getText(0, name.queryText().characterCount) == 'Ada')
    wait_sensitive(dialog, 'push button', 'Send')
    press(KEY_RETURN)
    wait_spinning('the answer', lambda: done)
    check_equal(done, [(True, None)], 'what ask_finish() says')
    content = Json.to_string(Json.Node.alloc().init_object(request.get_content()), False)
    check_equal(content, '{"name":"Ada"}', 'the answer')


@test
def a_question_without_a_token_while_another_window_has_the_focus_waits_for_the_person():
    if not on_wayland():
        raise Skip('Wayland only: the Xvfb lane has no window manager, so no focus policy')
    dialog, done, request, person, guarded = ask_while_the_person_types(token=False)
    try:
        check(guarded, 'Send was not guarded while the dialog was new')
        # mutter 43 gives every new Wayland window the focus on map, token or
        # not (measured: "does focus on map" in MUTTER_DEBUG=focus): what
        # holds is the accept delay, from the moment it has the focus.
        wait_for('the dialog to have the focus', lambda: active(dialog))
        typed = person.ask('text')
        name = wait_for('the Name field', lambda: find(dialog, 'text', 'Name'))
        tap('# what the person typed went to their window: %r, to the dialog\'s Name: %r'
            % (typed, name.queryText().getText(0, name.queryText().characterCount)))
        answer_by_keyboard(dialog, done, request)
    finally:
        person.close()


@test
def a_question_with_the_persons_activation_token_has_the_focus_at_once():
    if not on_wayland():
        raise Skip('Wayland only: xdg-activation tokens are Wayland\'s')
    dialog, done, request, person, guarded = ask_while_the_person_types(token=True)
    try:
        check(guarded, 'Send was not guarded while the dialog was new')
        wait_for('the dialog to have the focus', lambda: active(dialog), timeout=5)
        check('presenting with the caller\'s activation token' in APP.logged(),
              'the service did not use the token: %r' % APP.logged()[-2000:])
        answer_by_keyboard(dialog, done, request)
    finally:
        person.close()


@test
def the_prompters_dialogs_wait_the_accept_delay_setting():
    check('presenter: a dialog, Accept waiting %d ms' % ACCEPT_DELAY in APP.logged(),
          'the service\'s log: %r' % APP.logged()[-2000:])


@test
def a_malformed_parent_window_is_refused_and_the_request_stays_pending():
    request = new_request()
    done = ask(CLIENT, request, 'x11:not-hex')
    wait_spinning('the answer', lambda: done)
    check_equal(done, [(False, 'parent_window must be “x11:” and a window ID in hexadecimal, or '
                               '“wayland:” and an exported handle')], 'what ask_finish() says')
    check_equal(request.get_state(), Elicit.RequestState.PENDING, 'the request\'s state')


@test
def without_a_prompter_the_request_stays_pending_for_a_dialog_of_the_callers_own():
    APP.process.send_signal(signal.SIGTERM)
    APP.process.wait(timeout=30)
    client = Elicit.PrompterClient.new()
    client.prepare()
    # Nothing owns the name and the bus cannot start it (no service file).
    wait_spinning('the client to know', lambda: not client.get_available())
    request = new_request()
    done = ask(client, request, None)
    wait_spinning('the answer', lambda: done)
    check(done[0][0] is False and done[0][1], 'ask_finish() fails with a reason: %r' % done)
    check_equal(request.get_state(), Elicit.RequestState.PENDING, 'the request\'s state')


try:
    status = run_tests('PrompterClient')
finally:
    if APP.process.poll() is None:
        APP.process.kill()
    DAEMON.terminate()
    DAEMON.wait()
    shutil.rmtree(RUNTIME, ignore_errors=True)
sys.exit(status)
