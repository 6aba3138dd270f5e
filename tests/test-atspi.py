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
import sys

from atspi_helpers import (KEY_ESCAPE, DialogHost as Host, check, check_equal, display_missing, do_action,
                           find, pick_option, press, run_tests, sensitive, set_text, share_display_with_the_bus,
                           skip_all, tab_stops, test, unnamed_stops, wait_for, wait_sensitive, walk)

if not os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
    skip_all('no session bus (run under dbus-run-session)')
if display_missing():
    skip_all(display_missing())

HOST = os.environ.get('ELICIT_ATSPI_HOST')
SERVER = os.environ.get('ELICIT_DEMO_SERVER')
if not HOST or not SERVER:
    skip_all('ELICIT_ATSPI_HOST and ELICIT_DEMO_SERVER must name the programs')

share_display_with_the_bus()

try:
    import pyatspi
except ImportError:
    skip_all('python3-pyatspi is not installed')


@test
def a_person_fills_the_form_and_accepts():
    host = Host('register_user')
    try:
        dialog = host.dialog()
        check(dialog.name == 'Request from Demo Server (AT-SPI test)', 'window title: ' + dialog.name)
        check(find(dialog, 'label', 'The server calls itself “Elicit Demo Server”.') is not None,
              'the server\'s own name is not shown as its claim')

        accept = find(dialog, 'push button', 'Send')
        check(accept is not None, 'no Send button')
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

        do_action(wait_sensitive(dialog, 'push button', 'Send'))

        result = host.result()
        expected = ('RESULT accept: {"username":"ada_l","email":"ada@example.com","age":36,'
                    '"country":"de","newsletter":true}')
        check(result == expected, 'the server received %r, not %r' % (result, expected))
    finally:
        host.close()


INTERACTIVE_ROLES = ('push button', 'toggle button', 'check box', 'radio button', 'text',
                     'spin button', 'combo box', 'entry', 'password text', 'slider', 'switch',
                     'menu item', 'list item', 'link')


def unnamed_focusables(root):
    """Every object a Tab can reach under root that a screen reader could not name."""
    found = []
    seen = []

    def walk(node, depth):
        if node is None or depth > 60:
            return
        states = node.getState()
        role = node.getRoleName()
        # GTK 4.8 does not export "focusable"; what takes focus is what a
        # person operates.
        if (states.contains(pyatspi.STATE_FOCUSABLE) or role in INTERACTIVE_ROLES) and \
                states.contains(pyatspi.STATE_VISIBLE):
            seen.append(role)
            if not role or role in ('unknown', 'invalid') or not (node.name or '').strip():
                found.append('%s %r' % (role, node.name))
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1)

    walk(root, 0)
    return found, seen


@test
def every_focusable_object_of_the_dialog_has_a_role_and_a_name():
    host = Host('register_user')
    try:
        dialog = host.dialog()
        wait_sensitive(dialog, 'push button', 'Cancel')
        unnamed, seen = unnamed_focusables(dialog)
        # Five fields, a drop-down's button, Decline, Cancel, Accept at least.
        check(len(seen) >= 8, 'only %d focusable objects found: %r' % (len(seen), seen))
        check(not unnamed, 'focusable objects without a name: %s' % ', '.join(unnamed))
        do_action(find(dialog, 'push button', 'Cancel'))
        host.result()
    finally:
        host.close()


def check_tab_stops(host, expected, readable=(), ready='Cancel'):
    """Tabs once round the dialog: every stop has a role and a name, and the
    stops are exactly expected (role, name) pairs, in order from the first."""
    dialog = host.dialog()
    wait_sensitive(dialog, 'push button', ready)
    stops = tab_stops(dialog)
    unnamed = unnamed_stops(stops, readable)
    check(not unnamed, 'Tab stops a screen reader cannot name: %s' % ', '.join(unnamed))
    got = [(acc.getRoleName(), acc.name) for acc in stops]
    # Where the round starts depends on where the focus was: start at the first expected stop.
    if expected[0] in got:
        start = got.index(expected[0])
        got = got[start:] + got[:start]
    check_equal(got, expected, 'the Tab stops')
    do_action(find(dialog, 'push button', 'Cancel'))
    host.result()


@test
def tab_stops_only_at_named_controls_in_a_form():
    host = Host('register_user')
    try:
        # Accept waits (insensitive) until the form is valid; one line beside
        # it says why, its popover's entries take the user to each field.
        check_tab_stops(host, [
            ('text', 'Username'), ('text', 'Email Address'), ('spin button', 'Age'),
            ('push button', 'Country'), ('check box', 'Subscribe to Newsletter'),
            ('push button', '4 fields need attention'), ('push button', 'Decline'), ('push button', 'Cancel')])
    finally:
        host.close()


@test
def tab_stops_only_at_named_controls_in_url_mode():
    host = Host('url_login')
    try:
        # The address is selectable text, a stop so that it can be copied from the keyboard.
        check_tab_stops(host, [('label', 'Address'), ('push button', 'Decline'), ('push button', 'Cancel'),
                               ('push button', 'Open in Browser')], readable=('Address',),
                        ready='Open in Browser')
    finally:
        host.close()


@test
def tab_stops_only_at_named_controls_in_url_mode_with_warnings():
    host = Host(None, request={'mode': 'url', 'message': 'Sign in to your account to continue.',
                               'elicitationId': '7f0c1c9e',
                               'url': 'http://xn--pypal-4ve.com/login?next=%2Fsettings'})
    try:
        dialog = host.dialog()
        check(any(acc.getRoleName() == 'label' and 'HTTP' in acc.name for acc in walk(dialog)),
              'no warning about plain HTTP')
        check_tab_stops(host, [('label', 'Address'), ('push button', 'Decline'), ('push button', 'Cancel'),
                               ('push button', 'Open in Browser')], readable=('Address',),
                        ready='Open in Browser')
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
    # Withdrawing a request is 2025-11-25's notifications/cancelled.
    host = Host('cancel_after', '{"after_ms": 1500}', '--protocol=2025-11-25')
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


if __name__ == '__main__':
    sys.exit(run_tests('Atspi'))
