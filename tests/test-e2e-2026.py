#!/usr/bin/python3
# test-e2e-2026.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Protocol revision 2026-07-28 end to end: `elicit call` against real 2026 servers whose
# tools ask through multi-round-trip input (InputRequiredResult), every dialog answered
# through the accessibility bus by field labels, as a person would, and the tool's result
# compared with exactly the answers given:
#
#   - elicit-demo-server (it speaks 2026-07-28 by default): two requests in one round, a
#     second round carrying requestState, URL mode without an elicitationId;
#   - a server on the official TypeScript SDK v2 (@modelcontextprotocol/server 2.4.0,
#     tests/v2-mrtr-server.mjs) over HTTP through createMcpHandler, and over stdio with
#     2025 support turned off: one form, two requests in one round, a second round
#     carrying requestState, URL mode;
#   - the SDK v2 client (@modelcontextprotocol/client 2.4.0) pinned to 2026-07-28,
#     declaring no elicitation, through `elicit proxy`.
#
# A URL-mode "Open in Browser" opens the address with a stand-in browser registered for
# https in a private XDG directory; the test checks the address it was given.
#
# Needs dbus-run-session, Xvfb and python3-pyatspi; the SDK cases need
# `npm ci --prefix tests/node`. Run with Debian's /usr/bin/python3.

import json
import os
import signal
import subprocess
import sys
import tempfile

from atspi_helpers import (Failure, ProgramExited, Skip, TIMEOUT, a11y_env, atspi_missing, check,
                           check_equal, do_action,
                           find, find_dialog, pick_option, run_tests, set_number, set_text, showing, skip_all, test,
                           wait_for, wait_sensitive)

ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')
NODE = os.environ.get('ELICIT_NODE')
NODE_MODULES = os.environ.get('ELICIT_NODE_MODULES', '')
HERE = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))
V2_SERVER = os.path.join(HERE, 'v2-mrtr-server.mjs')
V2_CLIENT = os.path.join(HERE, 'v2-proxy-client.mjs')
V2_PACKAGE = os.path.join(NODE_MODULES, '@modelcontextprotocol', 'server', 'package.json')

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)

BROWSER_DIR = tempfile.mkdtemp(prefix='elicit-e2e-2026-')
OPENED = os.path.join(BROWSER_DIR, 'opened')


def install_browser():
    """A stand-in web browser for https, known only to the programs these tests start."""
    apps = os.path.join(BROWSER_DIR, 'data', 'applications')
    config = os.path.join(BROWSER_DIR, 'config')
    os.makedirs(apps)
    os.makedirs(config)
    script = os.path.join(BROWSER_DIR, 'browser')
    with open(script, 'w') as f:
        f.write('#!/bin/sh\nprintf "%%s\\n" "$1" >> "%s"\n' % OPENED)
    os.chmod(script, 0o755)
    with open(os.path.join(apps, 'elicit-test-browser.desktop'), 'w') as f:
        f.write('[Desktop Entry]\nType=Application\nName=Test Browser\nExec=%s %%u\n'
                'MimeType=x-scheme-handler/https;x-scheme-handler/http;\nNoDisplay=true\n' % script)
    with open(os.path.join(config, 'mimeapps.list'), 'w') as f:
        f.write('[Default Applications]\nx-scheme-handler/https=elicit-test-browser.desktop\n'
                'x-scheme-handler/http=elicit-test-browser.desktop\n')


install_browser()


def env():
    result = a11y_env()
    result['XDG_DATA_HOME'] = os.path.join(BROWSER_DIR, 'data')
    result['XDG_CONFIG_HOME'] = os.path.join(BROWSER_DIR, 'config')
    return result


def opened():
    try:
        with open(OPENED) as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def need_v2():
    if not NODE or not os.path.exists(V2_PACKAGE):
        raise Skip('@modelcontextprotocol/server 2.4.0 is not installed (npm ci --prefix tests/node)')


class Run:
    """A program whose dialogs the test answers; collects its output."""

    def __init__(self, argv):
        self.process = subprocess.Popen(argv, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)

    def finish(self):
        try:
            out, err = self.process.communicate(timeout=TIMEOUT * 4)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            raise Failure('the program did not finish; stderr:\n' + err)
        return self.process.returncode, out, err

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


class HttpServer:
    """tests/v2-mrtr-server.mjs over HTTP (createMcpHandler); knows its address once listening."""

    def __init__(self):
        self.process = subprocess.Popen([NODE, V2_SERVER, NODE_MODULES, 'http'], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith('LISTENING '):
            self.close()
            raise Failure('the v2 server did not start: %r' % line)
        self.url = line.split(' ', 1)[1].strip()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


def elicit_call(name, tool, server, arguments=None):
    argv = [ELICIT, 'call', '--name', name, '--tool', tool]
    if arguments is not None:
        argv += ['--arguments', json.dumps(arguments)]
    return Run(argv + server)


def call_result(run):
    status, out, err = run.finish()
    check_equal(status, 0, 'exit status (stderr: %s)' % err)
    return json.loads(out)


def texts(result):
    return [item['text'] for item in result['content']]


def answer_dialog(title, process, fill, button='Send'):
    dialog = find_dialog(title, pid=process.pid, process=process)
    fill(dialog)
    do_action(wait_sensitive(dialog, 'push button', button, process=process))
    wait_for('the dialog to close', lambda: gone(dialog))


def gone(acc):
    try:
        return not showing(acc)
    except Exception:  # destroyed
        return True


def shows(text):
    return lambda dialog: check(find(dialog, 'label', text) is not None, 'the dialog does not show %r' % text)


def both(*steps):
    def run(dialog):
        for step in steps:
            step(dialog)
    return run


# elicit-demo-server in 2026-07-28 -----------------------------------------------------

DEMO_TITLE = 'Request from Demo 2026'


@test
def the_demo_servers_two_questions_in_one_round_come_back_exactly():
    run = elicit_call('Demo 2026', 'two_questions', ['--verbose', '--', DEMO])
    try:
        answer_dialog(DEMO_TITLE, run.process,
                      both(shows('What is your name?'), lambda d: set_text(d, 'text', 'Name', 'Ada “Countess” 🚀')))
        # A yes/no question on its own is answered with its Yes button.
        answer_dialog(DEMO_TITLE, run.process,
                      both(shows('Go ahead with the demo?'), shows('Go ahead')), button='Yes')
        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        check('Demo 2026: elicit-demo-server: server/discover: the client offers 2026-07-28'
              in err.splitlines(), 'the call did not offer 2026-07-28: ' + err)
        result = json.loads(out)
        check_equal(texts(result), ['name: accept: {"name":"Ada “Countess” 🚀"}; '
                                    'confirm: accept: {"confirmed":true}'], 'the result text')
        check_equal(result['structuredContent'],
                    {'name': {'action': 'accept', 'content': {'name': 'Ada “Countess” 🚀'}},
                     'confirm': {'action': 'accept', 'content': {'confirmed': True}}}, 'what the server received')
    finally:
        run.close()


@test
def the_demo_servers_second_round_carries_the_first_answer():
    run = elicit_call('Demo 2026', 'two_rounds', ['--', DEMO])
    try:
        answer_dialog(DEMO_TITLE, run.process, lambda d: set_text(d, 'text', 'Project name', 'Zed'))
        # Round two's question names the first answer: it came back in requestState.
        answer_dialog(DEMO_TITLE, run.process,
                      both(shows('Choose a framework and port for Zed'),
                           lambda d: pick_option(d, 'Framework', 'svelte'),
                           lambda d: set_number(d, 'Port', 8080)))
        result = call_result(run)
        check_equal(texts(result), ['first: accept: {"projectName":"Zed"}; '
                                    'second: accept: {"framework":"svelte","port":8080}'], 'the result text')
    finally:
        run.close()


@test
def the_demo_servers_url_request_opens_without_an_elicitation_id():
    before = len(opened())
    run = elicit_call('Demo 2026', 'url_login', ['--', DEMO])
    try:
        answer_dialog(DEMO_TITLE, run.process, shows('Please sign in to Example Co to continue.'),
                      button='Open in Browser')
        result = call_result(run)
        check_equal(texts(result), ['accept'], 'the result text')
        check_equal(result['structuredContent'], {'action': 'accept'}, 'what the server received')
        check_equal(opened()[before:], ['https://auth.example.com/login'], 'what the browser was given')
    finally:
        run.close()


@test
def a_call_that_ends_with_its_dialog_open_is_reported_as_ended():
    # A program that ends while its dialog is up (a crash, a fatal CRITICAL)
    # leaves no Send to wait for: the wait says how it ended, with its stderr,
    # and not that Send never became sensitive.
    run = elicit_call('Demo 2026', 'two_questions', ['--', DEMO])
    try:
        def fill_then_end(dialog):
            set_text(dialog, 'text', 'Name', 'Ada')
            run.process.send_signal(signal.SIGKILL)
        try:
            answer_dialog(DEMO_TITLE, run.process, fill_then_end)
        except ProgramExited as e:
            check('was killed by signal %d' % signal.SIGKILL in str(e), 'what the wait said: %s' % e)
        else:
            raise Failure('the dialog was answered after its program was killed')
    finally:
        run.close()


# The SDK v2 server -------------------------------------------------------------------

V2_TITLE = 'Request from V2'


def v2_form(server):
    run = elicit_call('V2', 'confirm_form', server)
    try:
        answer_dialog(V2_TITLE, run.process,
                      both(shows('Deploy the v2 build?'), shows('Deploy to staging')), button='Yes')
        check_equal(texts(call_result(run)), ['confirm: {"action":"accept","content":{"confirmed":true}}'],
                    'the result text')
    finally:
        run.close()


def v2_two_at_once(server):
    run = elicit_call('V2', 'two_at_once', server)
    try:
        answer_dialog(V2_TITLE, run.process,
                      both(shows('What is your name?'), lambda d: set_text(d, 'text', 'Your name', 'Grace Hopper')))
        answer_dialog(V2_TITLE, run.process,
                      both(shows('Pick a colour'), lambda d: pick_option(d, 'Favourite colour', 'blue')))
        check_equal(texts(call_result(run)), ['name: {"action":"accept","content":{"name":"Grace Hopper"}}',
                                              'color: {"action":"accept","content":{"color":"blue"}}'],
                    'the result text')
    finally:
        run.close()


def v2_two_rounds(server):
    run = elicit_call('V2', 'two_rounds', server)
    try:
        answer_dialog(V2_TITLE, run.process, lambda d: set_text(d, 'text', 'Project name', 'Orbit'))
        answer_dialog(V2_TITLE, run.process,
                      both(shows('Framework and port for Orbit'),
                           lambda d: pick_option(d, 'Framework', 'vue'),
                           lambda d: set_number(d, 'Port', 3000)))
        check_equal(texts(call_result(run)),
                    ['project: {"action":"accept","content":{"projectName":"Orbit"}}',
                     'details: {"action":"accept","content":{"framework":"vue","port":3000}}'], 'the result text')
    finally:
        run.close()


def v2_url(server):
    before = len(opened())
    run = elicit_call('V2', 'url_login', server)
    try:
        answer_dialog(V2_TITLE, run.process, shows('Sign in to Example Co'), button='Open in Browser')
        check_equal(texts(call_result(run)), ['login: {"action":"accept"}'], 'the result text')
        check_equal(opened()[before:], ['https://auth.example.com/v2/login'], 'what the browser was given')
    finally:
        run.close()


def over_http(case):
    need_v2()
    server = HttpServer()
    try:
        case(['--url', server.url])
    finally:
        server.close()


def over_stdio(case):
    need_v2()
    case(['--', NODE, V2_SERVER, NODE_MODULES, 'stdio'])


@test
def v2_http_one_form():
    over_http(v2_form)


@test
def v2_http_two_requests_in_one_round():
    over_http(v2_two_at_once)


@test
def v2_http_a_second_round_carrying_request_state():
    over_http(v2_two_rounds)


@test
def v2_http_url_mode():
    over_http(v2_url)


@test
def v2_stdio_without_2025_one_form():
    over_stdio(v2_form)


@test
def v2_stdio_without_2025_two_requests_in_one_round():
    over_stdio(v2_two_at_once)


@test
def v2_stdio_without_2025_a_second_round_carrying_request_state():
    over_stdio(v2_two_rounds)


@test
def v2_stdio_without_2025_url_mode():
    over_stdio(v2_url)


# The SDK v2 client through elicit proxy ----------------------------------------------

PROXY_MISSING = ('elicit proxy does not yet answer multi-round-trip input for a 2026-07-28 client '
                 '(issue 10 item 5: it passes the client\'s _meta clientCapabilities, without elicitation, '
                 'through unchanged, and answers no InputRequiredResult itself)')


@test
def the_v2_client_gets_native_dialogs_through_the_proxy():
    need_v2()
    run = Run([NODE, V2_CLIENT, NODE_MODULES, 'confirm_form', '--',
               ELICIT, 'proxy', '--name', 'V2 (proxy)', '--', NODE, V2_SERVER, NODE_MODULES, 'stdio'])
    try:
        def dialog_or_exit():
            if run.process.poll() is not None:
                return 'exited'
            try:
                return find_dialog('Request from V2 (proxy)', timeout=0.2)
            except Failure:
                return None
        seen = wait_for('a dialog or the client to give up', dialog_or_exit, timeout=TIMEOUT * 2)
        if seen == 'exited':
            status, out, err = run.finish()
            if 'do not declare the required capability' in err:
                raise Skip(PROXY_MISSING)
            raise Failure('the v2 client exited %d without a dialog; stderr:\n%s' % (status, err))
        check(find(seen, 'label', 'Deploy to staging') is not None, 'the question is not shown')
        do_action(wait_sensitive(seen, 'push button', 'Yes'))
        status, out, err = run.finish()
        check_equal(status, 0, 'the v2 client\'s exit status (stderr: %s)' % err)
        check_equal(texts(json.loads(out)['result']),
                    ['confirm: {"action":"accept","content":{"confirmed":true}}'], 'the result text')
    finally:
        run.close()


if __name__ == '__main__':
    sys.exit(run_tests('E2e2026'))
