#!/usr/bin/python3
# test-sign-in-atspi.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Signing in as a person would (issue 11): `elicit call` against an
# OAuth-protected MCP server (tests/hostile-as.py --mode good) shows an
# ElicitSignInDialog; this script finds it through the accessibility bus,
# reads what it says, presses Sign In, and checks that the tool's result
# arrives. ELICIT_BROWSER points at tests/follow-redirects, a "browser" that
# follows the authorization server's redirects to Elicit's loopback listener,
# so the real listener, state check and code exchange run. Run with Debian's
# /usr/bin/python3 and python3-pyatspi, under dbus-run-session and Xvfb.

import json
import os
import subprocess
import sys
import tempfile

from atspi_helpers import (ConfigApp, KEY_ESCAPE, TIMEOUT, Failure, a11y_env, atspi_missing, check, check_equal,
                           do_action, find, press, run_tests, skip_all, test,
                           wait_for, wait_sensitive)

missing = atspi_missing()
if missing:
    skip_all(missing)

import pyatspi  # noqa: E402  (after the checks above)


def gtk_display_ready():
    """Whether a GTK program of Elicit's opens the display. Under meson and
    xvfb-run the first one sometimes could not, and elicit call, finding no
    display to ask on, then left the sign-in to ELICIT_BROWSER without
    asking: wait until `elicit lint --render` draws a dialog."""
    with tempfile.TemporaryDirectory() as tmp:
        status = subprocess.run([ELICIT, 'lint', '--render', os.path.join(tmp, 'out.png'),
                                 os.path.join(HERE, 'data', 'seed-draft-simple-text.json')],
                                env=a11y_env(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
    return status == 0



ELICIT = os.environ['ELICIT_BIN']
HERE = os.path.dirname(os.path.abspath(__file__))
AS = os.path.join(HERE, 'hostile-as.py')
BROWSER = os.path.join(HERE, 'follow-redirects')
LABEL = 'Work Tracker'
TITLE = 'Sign In to ' + LABEL

wait_for('a display for GTK programs', gtk_display_ready)


class Server:
    """hostile-as.py --mode good: a protected MCP server and its authorization server."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()
        self.log = os.path.join(self.dir.name, 'as.log')
        self.process = subprocess.Popen(['/usr/bin/python3', AS, '--mode', 'good', '--log', self.log],
                                        stdout=subprocess.PIPE, text=True)
        self.base = self.process.stdout.readline().strip()
        check(self.base.startswith('http://127.0.0.1:'), 'the server said %r' % self.base)

    def requests(self, path):
        with open(self.log) as f:
            entries = [json.loads(line) for line in f if line.strip()]
        return [e for e in entries if e.get('path', '').startswith(path)]

    def close(self):
        self.process.kill()
        self.process.wait()
        self.dir.cleanup()


class Call:
    """elicit call --url BASE/mcp --tool whoami, its dialogs on the accessibility bus."""

    def __init__(self, server, *extra):
        env = a11y_env()
        env['ELICIT_BROWSER'] = BROWSER
        env['LANGUAGE'] = 'C'
        argv = [ELICIT, 'call', '--name', LABEL, '--url', server.base + '/mcp', '--no-keyring',
                '--tool', 'whoami'] + list(extra)
        self.process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)

    def dialog(self):
        dialog = self.next_dialog_or_exit(None)
        if dialog is None:
            out, err = self.process.communicate()
            raise Failure('elicit call ended without asking; stdout:\n%s\nstderr:\n%s' % (out, err))
        return dialog

    def windows(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.get_process_id() == self.process.pid:
                return [app.getChildAtIndex(j) for j in range(app.childCount)]
        return []

    def next_dialog_or_exit(self, previous):
        """The next sign-in dialog after previous, or None once the program has ended."""
        def found():
            if self.process.poll() is not None:
                return 'exited'
            for frame in self.windows():
                if frame is not None and frame.name == TITLE and \
                        (previous is None or frame.path != previous.path):
                    return frame
            return None
        result = wait_for('a sign-in dialog or the end of elicit call', found)
        return None if result == 'exited' else result

    def refuse_sign_in(self, refuse):
        """Refuses the sign-in dialog with refuse(dialog): the call ends, and
        nothing asks again (no fallback to an older revision, no retry)."""
        dialog = self.dialog()
        refuse(dialog)
        check(self.next_dialog_or_exit(dialog) is None, 'a refused sign-in was asked for again')

    def finish(self):
        try:
            out, err = self.process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            raise Failure('elicit call did not finish; stderr:\n' + err)
        return self.process.returncode, out, err

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


def label_texts(root):
    texts = []

    def walk(node, depth):
        if node is None or depth > 60:
            return
        if node.getRoleName() == 'label' and node.getState().contains(pyatspi.STATE_VISIBLE):
            texts.append(node.name)
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1)

    walk(root, 0)
    return texts


@test
def a_person_signs_in_and_the_tool_result_arrives():
    server = Server()
    call = Call(server)
    try:
        dialog = call.dialog()
        sign_in = wait_sensitive(dialog, 'push button', 'Sign In')
        texts = label_texts(dialog)
        check(LABEL in texts, 'the server\'s label is not shown: %r' % texts)
        # A loopback IP has no registrable domain: the host is named, and warned about.
        check('You will sign in at 127.0.0.1' in texts, 'where the user signs in is not said: %r' % texts)
        check('mcp:tools' in texts, 'the scope is not listed: %r' % texts)
        check(not server.requests('/authorize'), 'the sign-in page was opened before consent')

        check(find(dialog, 'push button', 'Cancel') is not None, 'no Cancel button')
        do_action(sign_in)

        status, out, err = call.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        result = json.loads(out)
        check(result['content'][0]['text'].startswith('signed in as '),
              'the tool did not run signed in: %r' % out)
        check(len(server.requests('/authorize')) == 1, 'the sign-in page was not opened once')
        check('hostile-secret' not in err, 'a secret reached stderr:\n' + err)
    finally:
        call.close()
        server.close()


def showing_button(dialog, name):
    def found():
        for node in pyatspi.utils.findAllDescendants(dialog, lambda n: True):
            if node.getRoleName() == 'push button' and node.name == name and \
                    node.getState().contains(pyatspi.STATE_VISIBLE) and \
                    node.getState().contains(pyatspi.STATE_SENSITIVE):
                return node
        return None
    return wait_for('push button %r' % name, found)


def press_cancel(dialog):
    do_action(showing_button(dialog, 'Cancel'))


def press_escape(dialog):
    showing_button(dialog, 'Cancel')
    wait_for('the dialog to have the focus', lambda: dialog.getState().contains(pyatspi.STATE_ACTIVE))
    press(KEY_ESCAPE)


INTERACTIVE_ROLES = ('push button', 'toggle button', 'check box', 'text', 'link')


@test
def every_focusable_object_of_the_dialog_has_a_name():
    server = Server()
    call = Call(server)
    try:
        dialog = call.dialog()
        wait_sensitive(dialog, 'push button', 'Sign In')
        unnamed = []
        seen = []
        for node in pyatspi.utils.findAllDescendants(dialog, lambda n: True):
            states = node.getState()
            role = node.getRoleName()
            if (states.contains(pyatspi.STATE_FOCUSABLE) or role in INTERACTIVE_ROLES) and \
                    states.contains(pyatspi.STATE_VISIBLE):
                seen.append('%s %r' % (role, node.name))
                if not (node.name or '').strip():
                    unnamed.append(role)
        # Show the full address, Copy Link, Cancel, Sign In at least.
        check(len(seen) >= 4, 'only %d focusable objects: %r' % (len(seen), seen))
        check(not unnamed, 'focusable objects without a name: %r' % unnamed)
        call.refuse_sign_in(press_cancel)
        status, out, err = call.finish()
        check(status != 0, 'a cancelled sign-in ended the call with status 0')
    finally:
        call.close()
        server.close()


@test
def escape_cancels_and_nothing_opens():
    server = Server()
    call = Call(server)
    try:
        call.refuse_sign_in(press_escape)
        status, out, err = call.finish()
        check(status != 0, 'a cancelled sign-in ended the call with status 0')
        check_equal(out, '', 'standard output')
        check(not server.requests('/authorize'), 'the sign-in page was opened after Escape')
        check(not server.requests('/token'), 'a token was asked for after Escape')
    finally:
        call.close()
        server.close()


def App(server):
    """elicit --config FILE, with the protected server as its one server."""
    return ConfigApp({LABEL: {'url': server.base + '/mcp', 'oauth': {'keyring': False}}}, {'ELICIT_BROWSER': BROWSER, 'LANGUAGE': 'C'})


def labelled(root, text):
    return any(a.getRoleName() == 'label' and a.name == text for a in pyatspi.utils.findAllDescendants(root, lambda n: True))


@test
def the_app_asks_shows_signed_in_and_signs_out():
    server = Server()
    app = App(server)
    try:
        # Starting the server asks before anything opens.
        dialog = app.window(TITLE)
        check(not server.requests('/authorize'), 'the sign-in page was opened before consent')
        do_action(wait_sensitive(dialog, 'push button', 'Sign In'))
        window = app.window('Elicit')
        wait_for('"Signed in"', lambda: labelled(window, 'Signed in'))
        wait_for('the tool list', lambda: labelled(window, 'whoami'))

        # Sign Out forgets, says so, and offers Sign In, which asks again.
        do_action(wait_sensitive(window, 'push button', 'Sign Out'))
        wait_for('the sign-out notice',
                 lambda: any('Signed out of “%s”' % LABEL in (a.name or '')
                             for a in pyatspi.utils.findAllDescendants(window, lambda n: True)))
        wait_for('"Not signed in"', lambda: labelled(window, 'Not signed in'))
        do_action(wait_sensitive(window, 'push button', 'Sign In'))
        dialog = app.window(TITLE)
        do_action(wait_sensitive(dialog, 'push button', 'Sign In'))
        wait_for('"Signed in" again', lambda: labelled(window, 'Signed in'))
        check_equal(len(server.requests('/authorize')), 2, 'sign-in pages opened')
    finally:
        app.close()
        server.close()


sys.exit(run_tests('SignInAtspi'))
