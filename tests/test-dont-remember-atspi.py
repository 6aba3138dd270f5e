#!/usr/bin/python3
# test-dont-remember-atspi.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A locked keyring in the app (issue 11), as a person meets it: inside
# tests/keyring-session.sh, with the "login" collection locked through the
# Secret Service's Lock call, `elicit --config FILE` signs in to
# tests/hostile-as.py --mode good (ELICIT_BROWSER is tests/follow-redirects).
# The window says the keyring's documented message and offers Try Again and
# Don't Remember; Don't Remember takes the message away, the server stays
# signed in, its tool runs, and the keyring holds nothing. Run with Debian's
# /usr/bin/python3 and python3-pyatspi, under dbus-run-session and Xvfb.

import os

# Before GLib is loaded, as test-app.py does: AT-SPI's client logs warnings of its
# own (a new app's cache that is not exported yet: "Error in GetItems"), which the
# suite's fatal-warnings made fatal to this process; a CRITICAL still is.
os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'

import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

import gi  # noqa: E402
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402


def use_the_outer_accessibility_bus():
    """keyring-session.sh runs this on a private bus that activates nothing:
    the accessibility bus is the one of the session it was started in."""
    outer = os.environ.get('ELICIT_TEST_OUTER_BUS_ADDRESS')
    if not outer or 'AT_SPI_BUS_ADDRESS' in os.environ:
        return
    bus = Gio.DBusConnection.new_for_address_sync(
        outer, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
        Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    env = {k: os.environ[k] for k in ('DISPLAY', 'XAUTHORITY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR')
           if k in os.environ}
    bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                  'UpdateActivationEnvironment', GLib.Variant('(a{ss})', (env,)),
                  None, Gio.DBusCallFlags.NONE, -1, None)
    address, = bus.call_sync('org.a11y.Bus', '/org/a11y/bus', 'org.a11y.Bus', 'GetAddress',
                             None, GLib.VariantType.new('(s)'), Gio.DBusCallFlags.NONE, -1,
                             None).unpack()
    os.environ['AT_SPI_BUS_ADDRESS'] = address


use_the_outer_accessibility_bus()

from atspi_helpers import (ConfigApp, Failure, atspi_missing, check, check_equal,  # noqa: E402
                           do_action, find, run_tests, skip_all, test, wait_for, wait_sensitive,
                           walk)

missing = atspi_missing()
if missing:
    skip_all(missing)
if 'ELICIT_TEST_KEYRING_HOME' not in os.environ:
    skip_all('run inside tests/keyring-session.sh')

import pyatspi  # noqa: E402  (after the checks above)

from secret_service import (SCHEMA, SERVICE_IFACE, SERVICE_PATH, call,  # noqa: E402
                            lock_login, unlock_login)

ELICIT = os.environ['ELICIT_BIN']
HERE = os.path.dirname(os.path.abspath(__file__))
AS = os.path.join(HERE, 'hostile-as.py')
BROWSER = os.path.join(HERE, 'follow-redirects')
LABEL = 'Work Tracker'
TITLE = 'Sign In to ' + LABEL

# The message ElicitTokenStore documents for a save to a locked keyring.
LOCKED_SAVE = ('Your keyring is locked, so the sign-in cannot be remembered; unlock it (for '
               'example in Passwords and Keys) and try again, or choose not to remember the '
               'sign-in')


def elicit_items():
    """Every item of Elicit's schema in the keyring, locked or not."""
    unlocked, locked = call(SERVICE_PATH, SERVICE_IFACE, 'SearchItems',
                            GLib.Variant('(a{ss})', ({'xdg:schema': SCHEMA},)), '(aoao)')
    return unlocked + locked


class Server:
    """hostile-as.py --mode good: a protected MCP server and its authorization server."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()
        self.process = subprocess.Popen(['/usr/bin/python3', AS, '--mode', 'good', '--log',
                                         os.path.join(self.dir.name, 'as.log')],
                                        stdout=subprocess.PIPE, text=True)
        self.base = self.process.stdout.readline().strip()
        check(self.base.startswith('http://127.0.0.1:'), 'the server said %r' % self.base)

    def close(self):
        self.process.kill()
        self.process.wait()
        self.dir.cleanup()


def App(server):
    """elicit --config FILE, its one server remembered in the keyring (the default)."""
    return ConfigApp({LABEL: {'url': server.base + '/mcp'}}, {'ELICIT_BROWSER': BROWSER, 'LANGUAGE': 'C'})


def showing(acc):
    return acc.getState().contains(pyatspi.STATE_VISIBLE)


def showing_label(root, text):
    return any(acc.getRoleName() == 'label' and acc.name == text and showing(acc)
               for acc in walk(root))


def choose_tool(window, title):
    tools = wait_for('the tool list', lambda: find(window, 'list', 'Tools'))

    def select():
        for i in range(tools.childCount):
            row = tools.getChildAtIndex(i)
            if any(acc.getRoleName() == 'label' and acc.name == title for acc in walk(row)):
                tools.querySelection().selectChild(i)
                return True
        return False
    wait_for('the tool %r' % title, select)


def result_text(window):
    view = find(window, 'text', 'Result')
    if view is None:
        return ''
    text = view.queryText()
    return text.getText(0, text.characterCount)


@test
def dont_remember_keeps_a_locked_keyrings_sign_in_in_memory():
    server = Server()
    lock_login()
    app = App(server)
    try:
        do_action(wait_sensitive(app.window(TITLE), 'push button', 'Sign In'))
        window = app.window('Elicit')
        wait_for('"Signed in"', lambda: showing_label(window, 'Signed in'))

        # The keyring's own words, once, in a bar named for them, with the two ways out.
        wait_for('the locked keyring\'s message', lambda: showing_label(window, LOCKED_SAVE))
        # Asked before Don't Remember: the press hides the bar, and AT-SPI's
        # doAction returns before the button's clicked (GtkButton emits it on a
        # 250 ms timeout), so a look right after it races the hiding.
        bar = find(window, 'panel', 'Keyring Problem') or find(window, 'filler', 'Keyring Problem')
        check(bar is not None and showing(bar) and showing_label(bar, LOCKED_SAVE),
              'the message is not in a bar named for it')
        retry = wait_sensitive(window, 'push button', 'Try Again')
        check(showing(retry), 'Try Again is not shown')
        dont = wait_sensitive(window, 'push button', 'Don’t Remember')
        check(showing(dont), 'Don\'t Remember is not shown')

        do_action(dont)
        # A hidden widget leaves the accessible tree.
        wait_for('the message to go', lambda: not showing_label(window, LOCKED_SAVE))
        check(showing_label(window, 'Signed in'), 'the server is no longer signed in')

        # Still signed in: the tool runs without asking again.
        choose_tool(window, 'whoami')
        do_action(wait_sensitive(window, 'push button', 'Run'))
        wait_for('the tool\'s result', lambda: 'signed in as ' in result_text(window))
        check(not showing_label(window, LOCKED_SAVE), 'the message came back after running the tool')
        check_equal(elicit_items(), [], 'Elicit\'s items in the keyring')
    except Failure as e:
        app.log.seek(0)
        shown = [(acc.name, showing(acc)) for acc in walk(app.window('Elicit'))
                 if acc.getRoleName() in ('label', 'push button')]
        raise Failure('%s\nthe window shows %r\nthe app wrote:\n%s' % (e, shown, app.log.read()))
    finally:
        app.close()
        server.close()


@test
def try_again_saves_the_sign_in_once_the_keyring_is_unlocked():
    server = Server()
    lock_login()
    app = App(server)
    try:
        do_action(wait_sensitive(app.window(TITLE), 'push button', 'Sign In'))
        window = app.window('Elicit')
        wait_for('the locked keyring\'s message', lambda: showing_label(window, LOCKED_SAVE))
        check_equal(elicit_items(), [], 'Elicit\'s items in the locked keyring')

        unlock_login(os.environ['ELICIT_TEST_KEYRING_PASSWORD'])
        do_action(wait_sensitive(window, 'push button', 'Try Again'))
        wait_for('the message to go', lambda: not showing_label(window, LOCKED_SAVE))
        wait_for('the sign-in in the keyring', lambda: len(elicit_items()) == 1)
        # The bar comes at the first save, before the sign-in ends: wait for it.
        wait_for('"Signed in"', lambda: showing_label(window, 'Signed in'))
    finally:
        app.close()
        server.close()


sys.exit(run_tests('DontRememberAtspi'))
