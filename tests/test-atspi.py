#!/usr/bin/python3
# test-atspi.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Drives a real ElicitDialog through the accessibility bus, the way a screen
# reader or a person would: atspi-dialog-host connects to the demo server and
# calls a tool; this script finds the dialog's fields by their labels, types,
# toggles, picks options, presses the buttons, and checks what the server
# received (the tool's result text). Run with Debian's /usr/bin/python3 and
# python3-pyatspi, under dbus-run-session and Xvfb.

import os
import subprocess
import sys
import time

TIMEOUT = 30

tests = []


def test(func):
    tests.append(func)
    return func


def tap(line):
    print(line, flush=True)


def skip_all(reason):
    tap('1..0 # SKIP ' + reason)
    sys.exit(0)


if not os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
    skip_all('no session bus (run under dbus-run-session)')
if not os.environ.get('DISPLAY'):
    skip_all('no X display (run under xvfb-run)')

HOST = os.environ.get('ELICIT_ATSPI_HOST')
SERVER = os.environ.get('ELICIT_DEMO_SERVER')
if not HOST or not SERVER:
    skip_all('ELICIT_ATSPI_HOST and ELICIT_DEMO_SERVER must name the programs')


def share_display_with_the_bus():
    # Under `dbus-run-session -- xvfb-run`, the bus started before the X
    # server: services it activates (the accessibility bus and its registry,
    # which synthesizes key presses) would not know the display.
    import gi
    gi.require_version('Gio', '2.0')
    from gi.repository import Gio, GLib

    env = {k: os.environ[k] for k in ('DISPLAY', 'XAUTHORITY') if k in os.environ}
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                  'UpdateActivationEnvironment', GLib.Variant('(a{ss})', (env,)),
                  None, Gio.DBusCallFlags.NONE, -1, None)


share_display_with_the_bus()

try:
    import pyatspi
except ImportError:
    skip_all('python3-pyatspi is not installed')


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def wait_for(what, func, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = func()
        except Exception:  # the tree changes under our feet while GTK builds it
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise Failure('timed out waiting for ' + what)


def walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def find(root, role, name):
    for acc in walk(root):
        if acc.getRoleName() == role and acc.name == name:
            return acc
    return None


def showing(acc):
    return acc.getState().contains(pyatspi.STATE_SHOWING)


def sensitive(acc):
    return acc.getState().contains(pyatspi.STATE_SENSITIVE)


def do_action(acc, name=None):
    action = acc.queryAction()
    for i in range(action.nActions):
        if name is None or action.getName(i) == name:
            action.doAction(i)
            return
    raise Failure('%s %r has no action %r' % (acc.getRoleName(), acc.name, name))


class Host:
    """atspi-dialog-host running one tool call against the demo server."""

    def __init__(self, tool, arguments='{}'):
        env = dict(os.environ)
        # The program must talk to the accessibility bus.
        env.pop('GTK_A11Y', None)
        env.pop('NO_AT_BRIDGE', None)
        env['GDK_BACKEND'] = 'x11'
        self.process = subprocess.Popen([HOST, SERVER, tool, arguments], env=env,
                                        stdout=subprocess.PIPE, text=True)

    def application(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    def dialog(self):
        def found():
            app = self.application()
            if app is None:
                return None
            for i in range(app.childCount):
                frame = app.getChildAtIndex(i)
                if frame is not None and frame.name.startswith('Request from ') and showing(frame):
                    return frame
            return None
        return wait_for('the dialog', found)

    def result(self):
        try:
            out, _ = self.process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise Failure('the program did not finish')
        return out.strip()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def wait_sensitive(dialog, role, name):
    return wait_for('%s %r to be sensitive' % (role, name),
                    lambda: (lambda acc: acc if acc is not None and sensitive(acc) else None)(find(dialog, role, name)))


def set_text(dialog, role, label, text):
    field = wait_for('the field %r' % label, lambda: find(dialog, role, label))
    field.queryEditableText().setTextContents(text)
    contents = field.queryText()
    # GTK 4.8 answers getText (0, -1) with nothing: ask for the exact range.
    check(contents.getText(0, contents.characterCount) == text,
          'the field %r did not take the text' % label)
    return field


KEY_DOWN = 0xff54
KEY_UP = 0xff52
KEY_RETURN = 0xff0d
KEY_ESCAPE = 0xff1b


def press(keysym):
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    time.sleep(0.05)


def pick_option(dialog, label, option):
    combo = wait_for('the choice %r' % label, lambda: find(dialog, 'combo box', label))
    do_action(combo.getChildAtIndex(0), 'click')

    def option_item():
        for acc in walk(combo):
            if acc.getRoleName() == 'list item':
                if any(child.getRoleName() == 'label' and child.name == option for child in walk(acc)):
                    return acc
        return None

    # GTK 4.8 gives list items no action, and selecting through the list's
    # Selection does not reach the drop-down: use the keyboard, as a person
    # would, from the row that has the focus to the wanted one.
    item = wait_for('the option %r' % option, option_item)
    listing = item.parent
    check(listing.getRoleName() == 'list', 'the option is not in a list')
    focused = wait_for('a focused row',
                       lambda: next((acc for acc in walk(listing)
                                     if acc.getRoleName() == 'list item' and
                                     acc.getState().contains(pyatspi.STATE_FOCUSED)), None))
    steps = item.getIndexInParent() - focused.getIndexInParent()
    for _ in range(abs(steps)):
        press(KEY_DOWN if steps > 0 else KEY_UP)
    press(KEY_RETURN)
    button = combo.getChildAtIndex(0)
    wait_for('the choice to show %r' % option,
             lambda: any(acc.getRoleName() == 'label' and acc.name == option
                         for acc in walk(button)))


@test
def a_person_fills_the_form_and_accepts():
    host = Host('register_user')
    try:
        dialog = host.dialog()
        check(dialog.name == 'Request from Demo Server (AT-SPI test)', 'window title: ' + dialog.name)
        check(find(dialog, 'label', 'The server calls itself “Elicit Demo Server”.') is not None,
              'the server\'s own name is not shown as its claim')

        accept = find(dialog, 'push button', 'Accept')
        check(accept is not None, 'no Accept button')
        check(not sensitive(accept), 'Accept is sensitive before the form is valid')

        set_text(dialog, 'text', 'Username', 'ada_l')
        set_text(dialog, 'text', 'Email Address', 'ada@example.com')
        age = set_text(dialog, 'spin button', 'Age', '36')
        age.queryValue().currentValue = 36
        pick_option(dialog, 'Country', 'Germany')
        newsletter = find(dialog, 'check box', 'Subscribe to Newsletter')
        check(newsletter is not None, 'no Subscribe to Newsletter switch')
        do_action(newsletter)
        wait_for('the switch to be on', lambda: newsletter.getState().contains(pyatspi.STATE_CHECKED))

        do_action(wait_sensitive(dialog, 'push button', 'Accept'))

        result = host.result()
        expected = ('RESULT accept: {"username":"ada_l","email":"ada@example.com","age":36,'
                    '"country":"de","newsletter":true}')
        check(result == expected, 'the server received %r, not %r' % (result, expected))
    finally:
        host.close()


@test
def decline_reaches_the_server():
    host = Host('confirm', '{"question": "Delete the draft?"}')
    try:
        dialog = host.dialog()
        do_action(wait_sensitive(dialog, 'push button', 'Decline'))
        result = host.result()
        check(result == 'RESULT decline', 'the server received %r' % result)
    finally:
        host.close()


@test
def escape_on_the_keyboard_cancels():
    host = Host('confirm', '{"question": "Delete the draft?"}')
    try:
        dialog = host.dialog()
        wait_sensitive(dialog, 'push button', 'Cancel')
        wait_for('the dialog to have the focus',
                 lambda: dialog.getState().contains(pyatspi.STATE_ACTIVE))
        press(KEY_ESCAPE)
        result = host.result()
        check(result == 'RESULT cancel', 'the server received %r' % result)
    finally:
        host.close()


@test
def a_withdrawn_request_shows_a_notice():
    host = Host('cancel_after', '{"after_ms": 1500}')
    try:
        dialog = host.dialog()
        wait_for('the notice', lambda: find(dialog, 'label', 'The server withdrew this request'))
        check(find(dialog, 'label', 'Nothing was sent. This window closes by itself.') is not None,
              'no "nothing was sent" line')
        result = host.result()
        check(result == 'RESULT withdrawn: the server cancelled its request after 1500 ms',
              'the tool returned %r' % result)
    finally:
        host.close()


def main():
    tap('1..%d' % len(tests))
    failed = 0
    for number, func in enumerate(tests, 1):
        name = func.__name__.replace('_', '-')
        try:
            func()
            tap('ok %d /Elicit/Atspi/%s' % (number, name))
        except Exception as e:  # report every failure as TAP, go on
            failed += 1
            tap('not ok %d /Elicit/Atspi/%s' % (number, name))
            for line in str(e).splitlines() or [type(e).__name__]:
                tap('# ' + line)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
