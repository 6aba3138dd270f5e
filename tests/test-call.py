#!/usr/bin/python3
# test-call.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# `elicit call` as a script runs it, without a display: the exact output,
# errors and exit status (0 ok, 1 tool failed, 2 usage, 3 server failed,
# 4 declined/cancelled, 130 interrupted). Dialogs are tested in
# test-e2e-cli.py.

import contextlib
import json
import os
import select
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from atspi_helpers import check, check_equal, run_tests, skip_all, test

ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')
FAKE = os.path.join(os.environ.get('G_TEST_SRCDIR', os.path.dirname(__file__)), 'fake-mcp-server.py')
PYTHON = '/usr/bin/python3'
# The one error a request Elicit refuses without asking anyone gets.
REFUSED = {'code': -31000, 'message': 'Refused without asking the user: too many requests'}

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')

# elicit call speaks 2026-07-28 with the demo server, which offers these tools there; with
# --protocol=2025-11-25 it speaks only 2025-11-25 and offers LEGACY_TOOLS.
DEMO_TOOLS = ['register_user', 'configure_project', 'setup_dev_environment', 'every_field',
              'no_defaults', 'every_enum', 'confirm', 'url_login', 'flood_elicitations',
              'two_questions', 'two_rounds']
LEGACY_TOOLS = ['register_user', 'configure_project', 'setup_dev_environment', 'every_field',
                'no_defaults', 'every_enum', 'confirm', 'url_login', 'url_required', 'cancel_after',
                'flood_elicitations']
LEGACY = '--protocol=2025-11-25'


def headless_env():
    env = dict(os.environ)
    env.pop('DISPLAY', None)
    env.pop('WAYLAND_DISPLAY', None)
    return env


def call(*args, timeout=120, env=None):
    done = subprocess.run([ELICIT, 'call'] + list(args), env=env or headless_env(),
                          capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def wait_output(stream, marker, what, timeout=30):
    """Reads @stream (a pipe) until @marker has come, waiting on the pipe,
    and fails after @timeout seconds."""
    deadline = time.monotonic() + timeout
    seen = b''
    fd = stream.fileno()
    while marker not in seen:
        remaining = deadline - time.monotonic()
        check(remaining > 0 and select.select([fd], [], [], remaining)[0],
              'timed out waiting for %s; got %r' % (what, seen))
        chunk = os.read(fd, 4096)
        check(chunk != b'', 'the output ended before %s; got %r' % (what, seen))
        seen += chunk
    return seen


def fake(*args):
    return ['--', PYTHON, FAKE] + list(args)


@test
def without_a_server_it_says_what_is_missing_and_exits_2():
    status, out, err = call('--tool', 'x')
    check_equal(status, 2, 'exit status')
    check_equal(out, '', 'stdout')
    check_equal(err, 'elicit call: No server to start: give a command after “--”, or --server NAME\n'
                     'Run “elicit call --help” to see the options.\n', 'stderr')


@test
def arguments_that_are_not_an_object_exit_2():
    status, out, err = call('--tool', 'confirm', '--arguments', '[1, 2]', '--', DEMO)
    check_equal(status, 2, 'exit status')
    check_equal(err.splitlines()[0], 'elicit call: --arguments must be a JSON object: it is not an object',
                'stderr')
    status, out, err = call('--tool', 'confirm', '--arguments', '{"a":', '--', DEMO)
    check_equal(status, 2, 'exit status')
    check(err.startswith('elicit call: --arguments must be a JSON object: '), 'stderr: ' + err)


@test
def a_server_that_crashes_on_start_exits_3_with_its_own_words():
    status, out, err = call('--tool', 'confirm', '--', DEMO, '--crash-on-start')
    check_equal(status, 3, 'exit status')
    check_equal(out, '', 'stdout')
    check_equal(err, 'elicit: “elicit-demo-server” failed: server exited with status 3\n'
                     'elicit: what “elicit-demo-server” wrote on its standard error:\n'
                     '  elicit-demo-server: crashing on start, as asked by --crash-on-start\n', 'stderr')


@test
def the_server_does_not_inherit_the_activation_token():
    # The token is for the first question's dialog (Wayland's focus), not
    # for the programs started: elicit call takes it out of the environment.
    env = dict(headless_env(), XDG_ACTIVATION_TOKEN='token-1', DESKTOP_STARTUP_ID='startup-1')
    status, out, err = call('--name', 'Env', '--', 'sh', '-c',
                            'echo "[${XDG_ACTIVATION_TOKEN-unset} ${DESKTOP_STARTUP_ID-unset}]" >&2; '
                            'exit 1', env=env)
    check_equal(status, 3, 'exit status')
    check('  [unset unset]\n' in err, 'what the server saw: ' + err)


@test
def a_program_that_does_not_exist_exits_3():
    status, out, err = call('--', '/nonexistent/mcp-server')
    check_equal(status, 3, 'exit status')
    check(err.startswith('elicit: “mcp-server” failed: could not start the server: '), 'stderr: ' + err)


@test
def a_server_that_exits_mid_call_exits_3_with_its_stderr():
    status, out, err = call('--name', 'Fake', '--tool', 'exit', *fake())
    check_equal(status, 3, 'exit status')
    check_equal(err, 'elicit: “Fake” failed: server exited with status 9\n'
                     'elicit: what “Fake” wrote on its standard error:\n'
                     '  fake: ready\n'
                     '  fake: exiting mid-call\n', 'stderr')


@test
def a_server_that_writes_garbage_exits_3():
    # A legacy server: the server/discover probe gets "method not found".
    script = ('read l; echo \'{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}\'; '
              'read l; echo \'{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25",'
              '"capabilities":{},"serverInfo":{"name":"x","version":"1"}}}\'; read l; read l; '
              'echo "this is not JSON"; sleep 30')
    status, out, err = call('--name', 'Shell', '--tool', 't', '--', 'sh', '-c', script)
    check_equal(status, 3, 'exit status')
    check(err.startswith('elicit: “Shell” failed: server wrote invalid JSON on line 3'), 'stderr: ' + err)


@test
def an_unknown_tool_exits_1_with_the_servers_reason():
    status, out, err = call('--tool', 'nope', '--', DEMO)
    check_equal(status, 1, 'exit status')
    check_equal(out, '', 'stdout')
    check_equal(err, 'elicit: the call to “nope” failed: Unknown tool: nope\n', 'stderr')


@test
def without_a_tool_it_prints_the_servers_tools():
    status, out, err = call('--', DEMO)
    check_equal(status, 0, 'exit status')
    tools = json.loads(out)['tools']
    check_equal([tool['name'] for tool in tools], DEMO_TOOLS, 'tool names')
    check_equal(tools[0]['title'], 'Register a user', 'the first tool\'s title')


@contextlib.contextmanager
def a_display_that_only_listens():
    """A Wayland display that never answers: yields the environment that
    names it and its listening socket, to see whether anyone connected."""
    with tempfile.TemporaryDirectory(prefix='elicit-test-display-') as tmp:
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        path = os.path.join(tmp, 'wayland-test')
        listener.bind(path)
        listener.listen(4)
        env = headless_env()
        env.update(WAYLAND_DISPLAY=path, GDK_BACKEND='wayland', XDG_RUNTIME_DIR=tmp)
        try:
            yield env, listener
        finally:
            listener.close()


def connected(listener, timeout=0):
    return bool(select.select([listener], [], [], timeout)[0])


@test
def listing_the_tools_or_reading_a_flood_never_opens_the_display():
    # A script that lists tools does not pay for starting GTK, and works
    # where a display is named but cannot be reached. GTK would wait for this
    # display's answer forever: a timeout here is a display opened too.
    with a_display_that_only_listens() as (env, listener):
        status, out, err = call('--', DEMO, env=env, timeout=60)
        check_equal(status, 0, 'exit status (%s)' % err)
        check_equal([tool['name'] for tool in json.loads(out)['tools']], DEMO_TOOLS, 'tool names')
        check(not connected(listener), 'listing the tools connected to the display')
        status, out, err = call('--', DEMO, LEGACY, '--flood', '20000', env=env, timeout=60)
        check_equal(status, 0, 'exit status (%s)' % err)
        check(not connected(listener), 'reading a flood of log lines connected to the display')


@test
def calling_a_tool_opens_the_display_before_it_is_asked():
    # The other side: the same display is reached when a dialog is likely,
    # before the server asks anything (the tool here never answers).
    with a_display_that_only_listens() as (env, listener):
        process = subprocess.Popen([ELICIT, 'call', '--tool', 'hang'] + fake(), env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            check(connected(listener, 60), 'calling a tool never reached the display')
        finally:
            process.kill()
            process.wait()


@test
def a_2025_only_demo_server_still_lists_its_2025_tools():
    status, out, err = call('--', DEMO, LEGACY)
    check_equal(status, 0, 'exit status (stderr: %s)' % err)
    check_equal([tool['name'] for tool in json.loads(out)['tools']], LEGACY_TOOLS, 'tool names')


@test
def the_demo_server_is_called_in_2026_07_28_with_multi_round_trip_input():
    # elicit call reports no revision itself; --verbose shows the server's own log, which
    # names the revision the client offered and the MRTR retry.
    status, out, err = call('--verbose', '--tool', 'confirm', '--', DEMO)
    check_equal(status, 4, 'exit status')
    lines = err.splitlines()
    check('elicit-demo-server: elicit-demo-server: server/discover: the client offers 2026-07-28' in lines,
          'no 2026-07-28 discovery in: ' + err)
    check('elicit-demo-server: elicit-demo-server: tools/call confirm (2026-07-28, a retry with inputResponses)'
          in lines, 'no MRTR retry in: ' + err)
    check_equal(json.loads(out)['structuredContent'], {'action': 'cancel'}, 'what the server received')
    check_equal(json.loads(out)['resultType'], 'complete', 'the result type')


@test
def the_result_is_printed_as_indented_json():
    arguments = {'b': [1, 2.5, 'ü “quoted”\n'], 'a': None, 'big': 9007199254740993}
    status, out, err = call('--tool', 'echo', '--arguments', json.dumps(arguments), *fake())
    check_equal(status, 0, 'exit status')
    check_equal(json.loads(out), {'content': [{'type': 'text', 'text': json.dumps(arguments, sort_keys=True)}]},
                'the result')
    check(out.startswith('{\n  "content": [\n    {\n      "type": "text",'), 'not indented: ' + out)
    check(out.endswith('}\n'), 'no final newline')


@test
def a_tool_error_exits_1_and_still_prints_the_result():
    status, out, err = call('--tool', 'fail', *fake())
    check_equal(status, 1, 'exit status')
    check_equal(json.loads(out), {'content': [{'type': 'text', 'text': 'it broke'}], 'isError': True},
                'the result')
    check_equal(err, 'elicit: the tool “fail” reported an error: it broke\n', 'stderr')


@test
def hostile_members_of_a_result_are_read_as_missing():
    # Each would make json-glib's own readers log a CRITICAL, fatal in this suite.
    hostile = [
        ({'content': [{'type': 'text', 'text': {'a': 1}}], 'isError': True}, 1, 'no message'),
        ({'content': [{'type': 'text', 'text': ['a']}], 'isError': True}, 1, 'no message'),
        ({'content': [{'type': 'text', 'text': None}], 'isError': True}, 1, 'no message'),
        ({'content': [{'type': 'text', 'text': 7}], 'isError': True}, 1, 'no message'),
        ({'content': ['it broke'], 'isError': True}, 1, 'no message'),
        ({'content': [[{'text': 'nested'}]], 'isError': True}, 1, 'no message'),
        ({'content': {'0': {'text': 'x'}}, 'isError': True}, 1, 'no message'),
        ({'content': 'it broke', 'isError': True}, 1, 'no message'),
        ({'content': [], 'isError': True}, 1, 'no message'),
        ({'content': [{'type': 'text', 'text': 'fine'}], 'isError': 'true'}, 0, None),
        ({'content': [{'type': 'text', 'text': 'fine'}], 'isError': {'value': True}}, 0, None),
        ({'content': [{'type': 'text', 'text': 'fine'}], 'isError': [True]}, 0, None),
        ({'content': [{'type': 'text', 'text': 'fine'}], 'isError': 1}, 0, None),
    ]
    for result, expected_status, message in hostile:
        status, out, err = call('--tool', 'result', '--arguments', json.dumps({'result': result}),
                                *fake())
        check_equal(status, expected_status, 'exit status for %s: %s' % (json.dumps(result), err))
        check_equal(json.loads(out), result, 'the result as the server sent it')
        if message is not None:
            check_equal(err, 'elicit: the tool “result” reported an error: %s\n' % message, 'stderr')
        else:
            check_equal(err, '', 'stderr')


HOSTILE_SERVER = r"""
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get('method') == 'initialize':
        print(json.dumps({'jsonrpc': {'v': '2.0'}, 'id': m['id'], 'result': {
            'protocolVersion': m['params']['protocolVersion'],
            'capabilities': {'tools': [], 'logging': 'yes'},
            'serverInfo': {'name': {'a': 1}, 'title': ['x'], 'version': 5},
            'instructions': {'x': 1}}}), flush=True)
        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {
            'protocolVersion': m['params']['protocolVersion'],
            'capabilities': {'tools': [], 'logging': 'yes'},
            'serverInfo': {'name': {'a': 1}, 'title': ['x'], 'version': 5},
            'instructions': {'x': 1}}}), flush=True)
    elif m.get('method') == 'tools/call':
        for params in ({'level': {'x': 1}, 'logger': [1], 'data': {'a': [1]}},
                       {'level': 'info', 'logger': {'x': 1}, 'data': 'said'}, []):
            print(json.dumps({'jsonrpc': '2.0', 'method': 'notifications/message', 'params': params}),
                  flush=True)
        print(json.dumps({'jsonrpc': '2.0', 'method': 'notifications/progress', 'params': {
            'progressToken': 1, 'progress': 'half', 'total': {}, 'message': [1]}}), flush=True)
        print(json.dumps({'jsonrpc': '2.0', 'method': 'notifications/cancelled', 'params': {
            'requestId': [1], 'reason': {'x': 1}}}), flush=True)
        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {
            'content': [{'type': 'text', 'text': 'ok'}]}}), flush=True)
"""


@test
def hostile_members_of_the_handshake_and_notifications_are_ignored():
    # Objects and arrays where strings belong: json-glib's own readers would
    # log a CRITICAL, fatal in this suite.
    with tempfile.TemporaryDirectory() as tmp:
        server = os.path.join(tmp, 'hostile.py')
        with open(server, 'w') as f:
            f.write(HOSTILE_SERVER)
        status, out, err = call('--verbose', '--tool', 'x', '--', PYTHON, server)
    check_equal(status, 0, 'exit status: ' + err)
    check_equal(json.loads(out), {'content': [{'type': 'text', 'text': 'ok'}]}, 'the result')


TERMINAL_CONTROLS = re.compile('[\x00-\x09\x0b-\x1f\x7f-\x9f]')


@test
def escape_sequences_from_a_server_never_reach_the_terminal():
    title, clear = '\x1b]0;pwned\x07', '\x1b[2J'
    # In the result (stdout, JSON) and a tool error (stderr).
    result = {'content': [{'type': 'text', 'text': title + clear + '\x9b2J'}], 'isError': True,
              title: clear}
    status, out, err = call('--tool', 'result', '--arguments', json.dumps({'result': result}), *fake())
    check_equal(status, 1, 'exit status')
    check_equal(json.loads(out), result, 'the result, the same JSON')
    check('\\u001b]0;pwned\\u0007' in out and '\\u009b' in out, 'escaped in JSON: ' + out)
    check(not TERMINAL_CONTROLS.search(out), 'a control character on stdout: %r' % out)
    check(not TERMINAL_CONTROLS.search(err), 'a control character on stderr: %r' % err)

    # The server's own error message, which names the tool it was given.
    status, out, err = call('--tool', 'x' + title + clear, *fake())
    check_equal(status, 1, 'exit status')
    check_equal(err, 'elicit: the call to “x\\u{001B}]0;pwned\\u{0007}\\u{001B}[2J” failed: '
                     'Unknown tool: x]0;pwned[2J\n', 'stderr')

    # What the server writes on its standard error, and its log messages.
    script = 'printf "\\033]0;pwned\\007\\n\\233[2J\\n" >&2; exit 5'
    status, out, err = call('--tool', 'x', '--', '/bin/sh', '-c', script)
    check_equal(status, 3, 'exit status')
    check('\\u{001B}]0;pwned\\u{0007}' in err or ']0;pwned' in err, 'the line is shown: ' + err)
    check(not TERMINAL_CONTROLS.search(err), 'a control character on stderr: %r' % err)


@test
def without_a_display_a_request_is_cancelled_and_it_exits_4():
    status, out, err = call('--tool', 'confirm', '--', DEMO)
    check_equal(status, 4, 'exit status')
    check_equal(json.loads(out)['structuredContent'], {'action': 'cancel'}, 'what the server received')
    check_equal(err, 'elicit: “elicit-demo-server” asks for input, but there is no display to ask on; '
                     'answering “cancel”\n'
                     'elicit: a request from “elicit-demo-server” was declined or cancelled\n', 'stderr')


@test
def accept_defaults_without_a_display_accepts_a_form_whose_defaults_are_valid():
    # Issue 22: scripts and CI need no Xvfb for a form their defaults answer.
    status, out, err = call('--accept-defaults', '--tool', 'every_field', '--', DEMO)
    check_equal(status, 0, 'exit status (stderr %r)' % err)
    sent = {'name': 'Ada Lovelace', 'code': 'ABC', 'email': 'ada@example.com',
            'website': 'https://example.com/ada', 'birthday': '1815-12-10',
            'meeting': '2025-11-25T10:30:00Z', 'ratio': 0.5, 'count': 3, 'subscribe': True,
            'color': 'green', 'toppings': ['cheese']}
    check_equal(json.loads(out)['structuredContent'], {'action': 'accept', 'content': sent},
                'what the server received')
    prefix = 'elicit: no display; accepted “elicit-demo-server”’s form with its defaults: '
    check(err.startswith(prefix) and err.endswith('\n') and err.count('\n') == 1,
          'stderr: %r' % err)
    check_equal(json.loads(err[len(prefix):]), sent, 'the content stderr says was sent')


@test
def accept_defaults_without_a_display_cancels_a_form_its_defaults_do_not_answer():
    status, out, err = call('--accept-defaults', '--tool', 'confirm', '--', DEMO)
    check_equal(status, 4, 'exit status')
    check_equal(json.loads(out)['structuredContent'], {'action': 'cancel'}, 'what the server received')
    check(err.startswith('elicit: the defaults of “elicit-demo-server”’s form are not a valid '
                         'answer: The content does not fit the form: “confirmed”: This field is '
                         'required\n'), 'stderr: %r' % err)


class OldSseServer:
    """A server of the 2024-11-05 HTTP+SSE transport, on 127.0.0.1, whose `endpoint`
    event says ENDPOINT; it logs every request it gets."""

    def __init__(self, endpoint, close_stream=False):
        import http.server
        requests = self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                requests.append(('POST', self.path))
                self.rfile.read(int(self.headers.get('Content-Length', 0)))
                self.send_response(202 if self.path == endpoint else 404)
                self.send_header('Content-Length', '0')
                self.end_headers()

            def do_GET(self):
                requests.append(('GET', self.path))
                self.send_response(200)
                self.send_header('Content-Type', 'text/event-stream')
                self.end_headers()
                self.wfile.write(('event: endpoint\ndata: %s\n\n' % endpoint).encode())
                self.wfile.flush()
                if not close_stream:
                    self.rfile.read(1)  # open until the client goes

        self.server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.server.daemon_threads = True
        self.url = 'http://127.0.0.1:%d/mcp' % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@test
def an_old_sse_endpoint_on_another_site_is_refused():
    # Issue 22: the fallback to the 2024-11-05 transport takes the endpoint from the
    # server's event stream; one elsewhere would get every message, and a bearer token.
    server = OldSseServer('http://127.0.0.2:9/steal')
    try:
        status, out, err = call('--url', server.url, '--tool', 'echo')
        check_equal(status, 3, 'exit status (stderr %r)' % err)
        origin = server.url[:-len('/mcp')]
        check('The server asked for messages at another site (http://127.0.0.2:9); they go only to '
              '%s' % origin in err, 'stderr: %r' % err)
        check(('GET', '/mcp') in server.requests, 'no GET for the event stream: %r' % server.requests)
    finally:
        server.close()


@test
def an_old_sse_stream_that_ends_ends_the_call():
    # Its session is its stream: a new GET would be a new session that none of our
    # messages reach, so the call fails at once instead of waiting for an answer.
    server = OldSseServer('/message', close_stream=True)
    try:
        status, out, err = call('--url', server.url, '--tool', 'echo', timeout=60)
        check_equal(status, 3, 'exit status (stderr %r)' % err)
        check_equal([r for r in server.requests if r[0] == 'GET'], [('GET', '/mcp')],
                    'the event streams asked for')
    finally:
        server.close()


@test
def the_name_labels_the_server():
    status, out, err = call('--name', 'My Demo', '--tool', 'confirm', '--', DEMO)
    check_equal(status, 4, 'exit status')
    check(err.startswith('elicit: “My Demo” asks for input'), 'stderr: ' + err)


@test
def a_chatty_servers_log_goes_to_stderr_only_with_verbose():
    status, out, err = call('--tool', 'confirm', '--', DEMO, LEGACY, '--flood', '1000')
    check_equal(status, 4, 'exit status')
    check('flood message' not in err, 'log messages without --verbose')

    status, out, err = call('--verbose', '--tool', 'confirm', '--', DEMO, LEGACY, '--flood', '1000')
    check_equal(status, 4, 'exit status')
    lines = [line for line in err.splitlines() if 'flood message' in line]
    check_equal(len(lines), 1000, 'log lines with --verbose')
    check_equal(lines[0], 'elicit-demo-server: [info] flood message 1 of 1000', 'the first log line')
    check('elicit-demo-server: elicit-demo-server: ready on stdio' in err.splitlines(),
          'the server\'s stderr is not shown with --verbose')


@test
def two_hundred_thousand_log_messages_before_the_result_do_not_stop_it():
    status, out, err = call('--tool', 'confirm', '--', DEMO, LEGACY, '--flood', '200000', timeout=300)
    check_equal(status, 4, 'exit status')
    check_equal(json.loads(out)['structuredContent'], {'action': 'cancel'}, 'what the server received')


@test
def a_flood_of_requests_meets_the_rate_limit_without_a_deadlock():
    # Without a display each request is cancelled as it comes: the cap is
    # never reached, but after a burst of 20 the rate limit refuses the rest,
    # while both sides write hundreds of kilobytes at each other. Its own
    # prompter only: the first look for the desktop's (over D-Bus) would let
    # the cap refuse some first.
    env = dict(headless_env(), ELICIT_PROMPTER='local')
    status, out, err = call('--name', 'Flood', '--tool', 'flood_elicitations', '--arguments', '{"count": 1000}',
                            '--', DEMO, LEGACY, env=env)
    check_equal(status, 4, 'exit status')
    check_equal(json.loads(out)['content'][0]['text'], 'accept: 0, decline: 0, cancel: 20, error: 980, invalid: 0\n'
                'error -31000 “Refused without asking the user: too many requests”: 980',
                'the server\'s tally, and the one error of a refused request')
    lines = err.splitlines()
    check_equal(lines.count('elicit: “Flood” asks for input, but there is no display to ask on; answering “cancel”'),
                20, 'requests cancelled')
    check('elicit: refused a request from “Flood”: This server sends requests faster than the user can answer '
          'them; this one was refused without asking' in lines, 'stderr: %r' % lines[:25])
    check_equal(lines[-1], 'elicit: refused 980 requests from “Flood” in all', 'the last line')


@test
def requests_still_open_when_the_call_ends_are_answered_cancel():
    # On the suite's display (Xvfb): one dialog is shown, the next requests
    # wait their turn and the rest are refused. The result comes at once:
    # every request still gets exactly one answer before the connection closes.
    # Without a display (meson test run by hand, headless) each is cancelled
    # at once, and the call says so with its status.
    shown = bool(os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY'))
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'answers')
        env = dict(os.environ)
        done = subprocess.run([ELICIT, 'call', '--tool', 'flood', '--arguments',
                               json.dumps({'count': 40, 'log': log})] + fake(),
                              env=env, capture_output=True, text=True, timeout=120)
        check_equal(done.returncode, 0 if shown else 4, 'exit status: ' + done.stderr)
        with open(log) as f:
            answers = [json.loads(line) for line in f]
    ids = sorted(a['id'] for a in answers)
    check_equal(ids, sorted('flood-%d' % i for i in range(40)), 'one answer for each request')
    cancelled = [a for a in answers if a.get('result') == {'action': 'cancel'}]
    refused = [a for a in answers if a.get('error') == REFUSED]
    check_equal(len(cancelled) + len(refused), 40, 'each cancelled or refused: %r' % answers)
    check(len(cancelled) > 1, 'the shown and the queued requests are cancelled: %r' % answers)


@test
def server_takes_the_command_from_the_servers_file():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'servers.json')
        with open(path, 'w') as f:
            json.dump({'mcpServers': {'Fake One': {'command': PYTHON, 'args': [FAKE]}}}, f)

        status, out, err = call('--config', path, '--server', 'Fake One', '--tool', 'echo',
                                '--arguments', '{"x": 1}')
        check_equal(status, 0, 'exit status (%s)' % err)
        check_equal(json.loads(out)['content'][0]['text'], '{"x": 1}', 'the result')

        status, out, err = call('--config', path, '--server', 'Fake One', '--tool', 'elicit')
        check_equal(status, 4, 'exit status')
        check(err.startswith('elicit: “Fake One” asks for input'), 'the label: ' + err)

        # A name the file lacks is a usage error (2), not a server that failed (3).
        status, out, err = call('--config', path, '--server', 'Nope')
        check_equal(status, 2, 'exit status')
        check_equal(err, 'elicit call: There is no server named “Nope” in %s\n'
                    'Run “elicit call --help” to see the options.\n' % path, 'stderr')

        status, out, err = call('--config', path, '--server', 'Fake One', '--', DEMO)
        check_equal(status, 2, 'exit status')


@test
def server_translates_the_servers_text_through_its_text_domain():
    mo = os.environ.get('ELICIT_TEST_SERVER_MO')
    check(mo, 'ELICIT_TEST_SERVER_MO names the test catalogue')
    with tempfile.TemporaryDirectory() as tmp:
        messages = os.path.join(tmp, 'locale', 'de', 'LC_MESSAGES')
        os.makedirs(messages)
        with open(mo, 'rb') as src, open(os.path.join(messages, 'elicit-test-server.mo'), 'wb') as dst:
            dst.write(src.read())
        path = os.path.join(tmp, 'servers.json')
        with open(path, 'w') as f:
            json.dump({'mcpServers': {'demo': {'command': DEMO, 'elicit': {
                'textDomain': 'elicit-test-server', 'localeDir': os.path.join(tmp, 'locale')}}}}, f)

        env = headless_env()
        env.update({'LANGUAGE': 'de', 'LC_ALL': 'C.UTF-8'})
        done = subprocess.run([ELICIT, 'call', '--config', path, '--server', 'demo'], env=env,
                              capture_output=True, text=True, timeout=120)
        check_equal(done.returncode, 0, 'exit status (%s)' % done.stderr)
        tools = {tool['name']: tool for tool in json.loads(done.stdout)['tools']}
        check_equal(tools['register_user']['title'], 'Benutzer registrieren', 'the translated title')
        check_equal(tools['register_user']['name'], 'register_user', 'the name, never translated')


@test
def the_renderer_choice_stays_out_of_the_servers_environment():
    # A short-lived dialog disables GL for gtk_init() alone: what the server
    # (and every program started later) inherits is the user's environment.
    if not os.environ.get('DISPLAY'):
        return  # without a display GTK never starts: nothing to check
    # GSK_RENDERER=cairo is the user's, and stays; GL is disabled for it too.
    for renderer in (None, 'cairo'):
        env = dict(os.environ)
        env.pop('GDK_DEBUG', None)
        env.pop('GSK_RENDERER', None)
        if renderer is not None:
            env['GSK_RENDERER'] = renderer
        status, out, err = call('--tool', 'env', '--arguments',
                                '{"names": ["GDK_DEBUG", "GSK_RENDERER"]}', *fake(), env=env)
        check_equal(status, 0, 'exit status (%s)' % err)
        check_equal(json.loads(json.loads(out)['content'][0]['text']),
                    {'GDK_DEBUG': None, 'GSK_RENDERER': renderer}, 'what the server inherited')


ASK = os.path.join(os.environ.get('G_TEST_SRCDIR', os.path.dirname(__file__)), 'bench', 'ask-server.py')


def timing_marks(err):
    """The events of ELICIT_BENCH_TIMING's "elicit-timing EVENT USEC" lines, in order."""
    return [line.split()[1] for line in err.splitlines() if line.startswith('elicit-timing ')]


def ask_twice(delay_ms):
    env = dict(os.environ, ELICIT_BENCH_TIMING='1', ELICIT_PROMPTER='local')
    status, out, err = call('--accept-defaults', '--tool', 'ask', '--', PYTHON, ASK, str(delay_ms),
                            env=env)
    check_equal(status, 0, 'exit status (%s)' % err)
    check_equal(json.loads(json.loads(out)['content'][0]['text']),
                [{'action': 'accept', 'content': {'confirm': True}}] * 2, 'the two answers')
    return timing_marks(err)


@test
def a_question_asked_at_once_is_shown_without_waiting_for_the_warm_up():
    # Calling a tool warms GTK up for the first dialog, but once a question
    # has come the warm-up stops: nothing of it runs while the dialog is shown.
    if not (os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')):
        return  # without a display there is no dialog to warm up for
    marks = ask_twice(0)
    first = marks.index('prompt')
    check('dialog-mapped' in marks[first:], 'the first dialog was shown: %r' % marks)
    check('warming-up' not in marks[first:] and 'warmed-up' not in marks[first:],
          'the warm-up went on after the question came: %r' % marks)


@test
def a_question_asked_late_finds_the_warm_up_done():
    # A server that asks well after the call: its first dialog is as ready
    # as a later one, the warm-up having run while the server worked. The
    # server asks only once elicit says the warm-up is over; were it never
    # to end, the wait below fails.
    if not (os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')):
        return
    env = dict(os.environ, ELICIT_BENCH_TIMING='1', ELICIT_PROMPTER='local')
    with tempfile.TemporaryDirectory() as tmp:
        server_file = os.path.join(tmp, 'server')
        process = subprocess.Popen([ELICIT, 'call', '--accept-defaults', '--tool', 'ask', '--', PYTHON,
                                    ASK, 'on-signal', server_file],
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            before = wait_output(process.stderr, b'elicit-timing warmed-up', 'the warm-up')
            with open(server_file) as f:
                pid = int(f.readline().split()[1])
            os.kill(pid, signal.SIGUSR1)
            out, err = process.communicate(timeout=120)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
    err = before.decode() + err.decode()
    check_equal(process.returncode, 0, 'exit status (%s)' % err)
    check_equal(json.loads(json.loads(out)['content'][0]['text']),
                [{'action': 'accept', 'content': {'confirm': True}}] * 2, 'the two answers')
    marks = timing_marks(err)
    check(marks.index('warmed-up') < marks.index('elicitation-received'),
          'the warm-up was not done before the question: %r' % marks)


@test
def an_interrupt_cancels_the_call_and_exits_130():
    process = subprocess.Popen([ELICIT, 'call', '--verbose', '--tool', 'hang'] + fake(),
                               env=headless_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        # Wait until the server has the call (it says so on stderr, which
        # --verbose relays), then interrupt.
        wait_output(process.stderr, b'fake: hanging on request', 'the server to get the call')
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    check_equal(process.returncode, 130, 'exit status')
    check_equal(out, '', 'stdout')


if __name__ == '__main__':
    sys.exit(run_tests('Call'))
