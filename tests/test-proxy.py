#!/usr/bin/python3
# test-proxy.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# `elicit proxy` as an MCP client runs it, without a display, in front of
# fake-mcp-server.py (which reports exactly what it received): messages pass
# both ways as the same JSON, ids untouched; the client's initialize gains
# the elicitation capability; the server's elicitations are answered by the
# proxy and never reach the client; malformed messages are answered as the
# session answers them; the child's death and the client's EOF end it
# cleanly; stdout carries nothing but MCP messages. The real dialog, the
# official SDK client and server-everything are in test-e2e-cli.py.

import json
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time

from atspi_helpers import Failure, check, check_equal, run_tests, skip_all, test

# What the ASan build's tests run with (setup.sh); no MCP client passes them, and the
# stripped environments keep them so that LeakSanitizer reads its suppressions.
SANITIZER_VARIABLES = ('ASAN_OPTIONS', 'LSAN_OPTIONS', 'UBSAN_OPTIONS', 'GDK_DEBUG')
# What a client such as the MCP Inspector passes a server, and nothing else.
CLIENT_VARIABLES = ('HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER') + SANITIZER_VARIABLES
ELICIT = os.environ.get('ELICIT_BIN')
FAKE = os.path.join(os.environ.get('G_TEST_SRCDIR', os.path.dirname(__file__)), 'fake-mcp-server.py')
PYTHON = '/usr/bin/python3'
TIMEOUT = 60

if not ELICIT:
    skip_all('ELICIT_BIN must name the elicit program')

CAPABILITY = {'form': {}, 'url': {}}


class Proxy:
    """elicit proxy -- fake-mcp-server.py, with the test as its client."""

    def __init__(self, *args, server_args=(), env=None, extra_env=None, command=None):
        if env is None:
            env = dict(os.environ, **(extra_env or {}))
            env.pop('DISPLAY', None)
            env.pop('WAYLAND_DISPLAY', None)
        self.process = subprocess.Popen([ELICIT, 'proxy', '--name', 'fake'] + list(args) +
                                        ['--'] + (command or [PYTHON, FAKE] + list(server_args)),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.stderr = []
        self.stderr_changed = threading.Condition()
        self.other = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_thread.start()

    def _read_stdout(self):
        for raw in self.process.stdout:
            self.lines.put(raw.decode('utf-8'))
        self.lines.put(None)

    def _read_stderr(self):
        for raw in self.process.stderr:
            with self.stderr_changed:
                self.stderr.append(raw.decode('utf-8', 'replace').rstrip('\n'))
                self.stderr_changed.notify_all()

    def wait_for_stderr(self, line):
        """Waits until the proxy writes line on stderr: its stderr and stdout
        are read by two threads, so an answer on stdout can come first."""
        with self.stderr_changed:
            if not self.stderr_changed.wait_for(lambda: line in self.stderr, timeout=TIMEOUT):
                raise Failure('stderr never said %r: %r' % (line, self.stderr))

    def send_raw(self, text):
        self.process.stdin.write(text.encode('utf-8') + b'\n')
        self.process.stdin.flush()

    def send(self, message):
        self.send_raw(json.dumps(message, ensure_ascii=False))

    def read(self):
        """The next message on stdout; every line there must be one."""
        try:
            line = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise Failure('timed out waiting for a message from the proxy')
        if line is None:
            raise Failure('the proxy closed its output; stderr:\n' + '\n'.join(self.stderr))
        message = json.loads(line)
        check(isinstance(message, dict) and message.get('jsonrpc') == '2.0',
              'stdout carried something else than an MCP message: %r' % line)
        return message

    def request(self, method, params=None, msg_id=1):
        """Sends a request; returns its response. What else arrives meanwhile is kept in .other."""
        message = {'jsonrpc': '2.0', 'id': msg_id, 'method': method}
        if params is not None:
            message['params'] = params
        self.send(message)
        while True:
            reply = self.read()
            if 'method' not in reply and reply.get('id') == msg_id:
                return reply
            self.other.append(reply)

    def initialize(self, capabilities=None):
        params = {'protocolVersion': '2025-11-25', 'clientInfo': {'name': 'test', 'version': '1'}}
        if capabilities is not None:
            params['capabilities'] = capabilities
        reply = self.request('initialize', params, msg_id=0)
        self.send({'jsonrpc': '2.0', 'method': 'notifications/initialized'})
        return reply['result']

    def received(self, with_probe=False):
        """What the server received so far, test/ requests and (unless asked)
        the proxy's own server/discover probe aside."""
        reply = self.request('test/received', msg_id='received')
        messages = [json.loads(line) for line in reply['result']['lines']]
        return [m for m in messages if with_probe or m.get('id') != 'elicit-proxy-discover']

    def expect_eof(self):
        while True:
            try:
                line = self.lines.get(timeout=TIMEOUT)
            except queue.Empty:
                raise Failure('the proxy did not close its output')
            if line is None:
                return
            self.other.append(json.loads(line))

    def wait(self):
        try:
            status = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failure('the proxy did not exit')
        self.stderr_thread.join(TIMEOUT)
        return status

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass


def with_proxy(func):
    def run():
        proxy = Proxy()
        try:
            func(proxy)
        finally:
            proxy.close()
    run.__name__ = func.__name__
    return test(run)


@with_proxy
def adds_the_elicitation_capability_to_what_the_client_declared(proxy):
    declared = {'roots': {'listChanged': True}, 'sampling': {}, 'experimental': {'x': [1]}}
    result = proxy.initialize(declared)
    received = result['_received']['capabilities']
    check_equal(received, dict(declared, elicitation=CAPABILITY), 'the capabilities the server received')
    # The server's answer reaches the client unchanged.
    check_equal(result['serverInfo'], {'name': 'fake', 'title': 'Fake Server', 'version': '1.0'},
                'serverInfo')


@with_proxy
def keeps_an_elicitation_capability_the_client_declared(proxy):
    result = proxy.initialize({'elicitation': {'form': {'applyDefaults': True}}})
    check_equal(result['_received']['capabilities'],
                {'elicitation': {'form': {'applyDefaults': True}, 'url': {}}}, 'capabilities')


@with_proxy
def adds_capabilities_to_an_initialize_without_any(proxy):
    result = proxy.initialize()
    check_equal(result['_received']['capabilities'], {'elicitation': CAPABILITY}, 'capabilities')


@with_proxy
def forwards_the_clients_messages_as_the_same_json_with_their_ids(proxy):
    proxy.initialize({})
    params = {'text': 'ü “quoted” \u2028 \\ / \t\u0001', 'big': 9007199254740993, 'negative': -5,
              'float': 0.1, 'exponent': 1e300, 'nested': [[[]], {}, {'a': {'b': None}}],
              'bool': False, 'empty': ''}
    for msg_id in ['abc-Ω', 7, -3, 0]:
        reply = proxy.request('test/echo', params, msg_id=msg_id)
        check_equal(reply['id'], msg_id, 'the response id')
        check_equal(json.loads(reply['result']['line']),
                    {'jsonrpc': '2.0', 'id': msg_id, 'method': 'test/echo', 'params': params},
                    'what the server received')

    proxy.send({'jsonrpc': '2.0', 'method': 'notifications/custom', 'params': params})
    received = proxy.received()
    check_equal(received[-1], {'jsonrpc': '2.0', 'method': 'notifications/custom', 'params': params},
                'the notification the server received')
    check_equal(received[1], {'jsonrpc': '2.0', 'method': 'notifications/initialized'},
                'notifications/initialized')


@with_proxy
def forwards_the_servers_messages_as_the_same_json_with_their_ids(proxy):
    proxy.initialize({'roots': {}})
    sent = [{'jsonrpc': '2.0', 'method': 'notifications/message',
             'params': {'level': 'info', 'data': {'x': [1, 2.5, 'ü']}}},
            {'jsonrpc': '2.0', 'id': 'srv-1', 'method': 'roots/list'},
            {'jsonrpc': '2.0', 'id': 12, 'method': 'ping'},
            {'jsonrpc': '2.0', 'method': 'notifications/cancelled', 'params': {'requestId': 99}}]
    proxy.request('test/send', {'lines': [json.dumps(m) for m in sent]}, msg_id='send')
    check_equal(proxy.other, sent, 'what the client received')

    answer = {'jsonrpc': '2.0', 'id': 'srv-1', 'result': {'roots': [{'uri': 'file:///tmp', 'name': 'tmp'}]}}
    error = {'jsonrpc': '2.0', 'id': 12, 'error': {'code': -32601, 'message': 'no'}}
    proxy.send(answer)
    proxy.send(error)
    check_equal(proxy.received()[-2:], [answer, error], 'the answers the server received')


NO_ONE_TO_ASK = ('“fake” asked for input, but elicit proxy found no one to ask: it has no display, '
                 'and no Elicit app answers on the session bus. Start the Elicit app, or pass DISPLAY '
                 '(or WAYLAND_DISPLAY) and DBUS_SESSION_BUS_ADDRESS to elicit proxy in the client’s '
                 'configuration of this server')


@with_proxy
def answers_the_servers_elicitations_itself(proxy):
    # No one to ask (no display, no Elicit app on the bus): the client's request fails with
    # what happened and how to fix it (issue 22), the server's elicitation is answered
    # cancel and the server hears the client's request is given up; the proxy stays.
    proxy.initialize({})
    reply = proxy.request('tools/call', {'name': 'elicit', 'arguments': {}}, msg_id=5)
    check_equal(reply.get('error'), {'code': -32603, 'message': NO_ONE_TO_ASK}, 'the client\'s answer')
    check(not any(m.get('method') == 'elicitation/create' for m in proxy.other),
          'the client saw the elicitation')
    received = proxy.received()
    answers = [m for m in received if m.get('id') == 'elicit-1']
    check_equal(answers, [{'jsonrpc': '2.0', 'id': 'elicit-1', 'result': {'action': 'cancel'}}],
                'the response with the server\'s own id')
    cancelled = [m['params'] for m in received if m.get('method') == 'notifications/cancelled']
    check_equal(cancelled, [{'requestId': 5, 'reason': NO_ONE_TO_ASK}], 'what the server was told')
    proxy.wait_for_stderr('elicit: “fake” asks for input, but there is no display to ask on; answering “cancel”')
    check_equal(proxy.request('tools/call', {'name': 'echo', 'arguments': {'a': 1}}, msg_id=6)['result'],
                {'content': [{'type': 'text', 'text': '{"a": 1}'}]}, 'the next call')


@with_proxy
def notices_about_elicitations_it_answered_never_reach_the_client(proxy):
    proxy.initialize({})
    proxy.request('tools/call', {'name': 'elicit', 'arguments': {}}, msg_id=5)
    url = {'mode': 'url', 'message': 'Sign in', 'url': 'https://example.com/x', 'elicitationId': 'e-7'}
    proxy.request('tools/call', {'name': 'elicit', 'arguments': {'params': url}}, msg_id=6)
    # Both were answered (cancel: no display). Later notices about them, and
    # one about a request the client did see, come from the server:
    sent = [{'jsonrpc': '2.0', 'method': 'notifications/cancelled',
             'params': {'requestId': 'elicit-1', 'reason': 'late'}},
            {'jsonrpc': '2.0', 'method': 'notifications/elicitation/complete',
             'params': {'elicitationId': 'e-7'}},
            {'jsonrpc': '2.0', 'method': 'notifications/cancelled', 'params': {'requestId': 'elicit-9'}},
            {'jsonrpc': '2.0', 'method': 'notifications/elicitation/complete',
             'params': {'elicitationId': 'someone-else'}}]
    proxy.request('test/send', {'lines': [json.dumps(m) for m in sent]}, msg_id='send')
    check_equal([m for m in proxy.other if m.get('method', '').startswith('notifications/')],
                sent[2:], 'the notices the client received')


@with_proxy
def hostile_members_are_read_without_a_critical(proxy):
    # serverInfo.name and .title as objects, a cancel whose reason is an
    # object, an elicitationId that is an array, "jsonrpc" as an object: with
    # G_DEBUG=fatal-criticals any CRITICAL would kill the proxy.
    reply = proxy.request('initialize', {'protocolVersion': '2025-11-25', 'capabilities': {},
                                         'clientInfo': {'name': 'c', 'version': '1'},
                                         'test/serverInfo': {'name': {'x': 1}, 'title': [1]}},
                          msg_id='init')
    check('result' in reply, 'the initialize answer: %r' % reply)
    sent = [{'jsonrpc': '2.0', 'method': 'notifications/cancelled',
             'params': {'requestId': 'elicit-1', 'reason': {'why': 'object'}}},
            {'jsonrpc': '2.0', 'method': 'notifications/elicitation/complete',
             'params': {'elicitationId': ['e']}},
            {'jsonrpc': {'v': '2.0'}, 'method': 'notifications/message', 'params': {}}]
    proxy.request('test/send', {'lines': [json.dumps(m) for m in sent]}, msg_id='send')
    check_equal([m for m in proxy.other if m.get('method', '').startswith('notifications/')],
                sent[:2], 'the notices the client received')
    check_equal(proxy.request('test/echo', {}, msg_id='alive')['id'], 'alive', 'the proxy is alive')


MODERN_META = {'io.modelcontextprotocol/protocolVersion': '2026-07-28',
               'io.modelcontextprotocol/clientInfo': {'name': 'c', 'version': '1'},
               'io.modelcontextprotocol/clientCapabilities': {'sampling': {}}}


@with_proxy
def probes_the_servers_era_before_passing_on_a_legacy_initialize(proxy):
    proxy.initialize({})
    received = proxy.received(with_probe=True)
    check_equal([m.get('method') for m in received], ['server/discover', 'initialize',
                                                     'notifications/initialized'],
                'what the legacy server received')
    meta = received[0]['params']['_meta']
    check_equal(meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28', 'the probe\'s version')
    check_equal(meta['io.modelcontextprotocol/clientCapabilities'], {'elicitation': CAPABILITY},
                'the capabilities the probe declares')


@with_proxy
def keeps_a_pipelining_clients_order(proxy):
    # All at once, before any answer: the server sees them in this order.
    initialize = {'protocolVersion': '2025-11-25', 'clientInfo': {'name': 'test', 'version': '1'},
                  'capabilities': {}}
    proxy.send_raw('\n'.join(json.dumps(m) for m in (
        {'jsonrpc': '2.0', 'id': 0, 'method': 'initialize', 'params': initialize},
        {'jsonrpc': '2.0', 'method': 'notifications/initialized'},
        {'jsonrpc': '2.0', 'id': 1, 'method': 'tools/list'},
        {'jsonrpc': '2.0', 'id': 2, 'method': 'tools/call', 'params': {'name': 'x', 'arguments': {}}})))
    answered = set()
    while answered != {0, 1, 2}:
        reply = proxy.read()
        if 'method' not in reply:
            answered.add(reply.get('id'))
    check_equal([m.get('method') for m in proxy.received()],
                ['initialize', 'notifications/initialized', 'tools/list', 'tools/call'],
                'the order the server received')


@test
def a_legacy_client_speaks_to_a_modern_server_through_it():
    proxy = Proxy('--accept-defaults', server_args=['--modern'])
    try:
        result = proxy.initialize({'roots': {}})
        check_equal(result['protocolVersion'], '2025-11-25', 'the version the client is answered in')
        check_equal(result['serverInfo'], {'name': 'fake', 'version': '2.0'},
                    'the server the client is told of')
        check_equal(proxy.request('ping', {}, msg_id='p')['result'], {}, 'ping')
        reply = proxy.request('tools/call', {'name': 'mrtr', 'arguments': {}}, msg_id=7)
        check_equal(json.loads(reply['result']['content'][0]['text']),
                    {'inputResponses': {'q': {'action': 'accept', 'content': {}}},
                     'requestState': 'state "1" \u00e9',
                     'capabilities': {'roots': {}, 'elicitation': CAPABILITY}},
                    'what the modern server received on the retry')
        received = proxy.received(with_probe=True)
        check(not any(m.get('method') in ('initialize', 'notifications/initialized', 'ping')
                      for m in received), 'the modern server saw the handshake: %r' % received)
        check(all('_meta' in m['params'] for m in received if m.get('method') == 'tools/call'),
              'a request without _meta reached the modern server')
    finally:
        proxy.close()


@with_proxy
def a_modern_client_speaks_to_a_legacy_server_through_it(proxy):
    # Issue 22: the server refuses server/discover (-32601); the proxy initializes it in the
    # client's name and answers the client's discover from the InitializeResult.
    discovered = proxy.request('server/discover', {'_meta': MODERN_META}, msg_id='d')
    check_equal(discovered['result'], {'resultType': 'complete', 'supportedVersions': ['2026-07-28'],
                                       'capabilities': {'tools': {}},
                                       '_meta': {'io.modelcontextprotocol/serverInfo':
                                                 {'name': 'fake', 'title': 'Fake Server', 'version': '1.0'}}},
                'the DiscoverResult')
    reply = proxy.request('tools/call', {'name': 'echo', 'arguments': {'a': 1},
                                         '_meta': dict(MODERN_META, progressToken=7)}, msg_id=8)
    check_equal(reply['result'], {'content': [{'type': 'text', 'text': '{"a": 1}'}],
                                  'resultType': 'complete'}, 'the result, marked complete')
    received = proxy.received(with_probe=True)
    initialize = [m for m in received if m.get('method') == 'initialize']
    check_equal([m['params'] for m in initialize],
                [{'protocolVersion': '2025-11-25', 'clientInfo': {'name': 'c', 'version': '1'},
                  'capabilities': {'sampling': {}, 'elicitation': CAPABILITY}}],
                'the initialize the proxy sent in the client\'s name')
    check_equal([m['method'] for m in received if 'method' in m],
                ['server/discover', 'initialize', 'notifications/initialized', 'tools/call'],
                'what the server received, in order')
    call = [m for m in received if m.get('method') == 'tools/call'][0]
    check_equal(call['params']['_meta'], {'progressToken': 7}, 'the _meta the legacy server got')


@test
def answers_a_modern_servers_input_requests_for_a_client_without_elicitation():
    proxy = Proxy('--accept-defaults', server_args=['--modern'])
    try:
        modern_client_without_elicitation(proxy)
    finally:
        proxy.close()


def modern_client_without_elicitation(proxy):
    # A 2026-07-28 client that declares no elicitation: the proxy adds it,
    # answers the InputRequiredResult itself (no display: the form's defaults,
    # with --accept-defaults), retries
    # under an id of its own, and the client sees only the final result,
    # under its own id.
    reply = proxy.request('tools/call', {'name': 'mrtr', 'arguments': {}, '_meta': MODERN_META},
                          msg_id=41)
    check_equal(reply['id'], 41, 'the id the client gets its answer under')
    check_equal(reply['result']['resultType'], 'complete', 'the result type')
    check_equal(json.loads(reply['result']['content'][0]['text']),
                {'inputResponses': {'q': {'action': 'accept', 'content': {}}},
                 'requestState': 'state "1" \u00e9',
                 'capabilities': {'sampling': {}, 'elicitation': {'form': {}, 'url': {}}}},
                'what the server received on the retry')
    calls = [json.loads(line) for line in proxy.request('test/received', {}, msg_id='r')['result']['lines']
             if json.loads(line).get('method') == 'tools/call']
    check_equal([c['id'] for c in calls], [41, 'elicit-proxy-1'], 'the ids the server saw')
    check(not any('inputRequests' in json.dumps(m) for m in proxy.other),
          'the client saw the input requests')


def call_with_the_session(*args):
    """`elicit call` (an ElicitSession) in front of the fake server; returns
    its status, its stderr and the lines the server received."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'received')
        env = dict(os.environ, FAKE_MCP_RECEIVED=log)
        env.pop('DISPLAY', None)
        env.pop('WAYLAND_DISPLAY', None)
        done = subprocess.run([ELICIT, 'call', '--name', 'fake'] + list(args) +
                              ['--', PYTHON, FAKE, '--modern'],
                              env=env, capture_output=True, text=True, timeout=TIMEOUT)
        with open(log) as f:
            return done.returncode, done.stderr, [json.loads(line) for line in f]


@test
def a_request_state_that_is_not_a_string_stops_the_proxy_as_it_stops_the_session():
    # requestState is a string (schema.json): the session and the proxy share
    # one loop (ElicitInputRounds), so both refuse the same result the same
    # way, and neither sends a retry.
    malformed = 'The server asked for input for “tools/call” in a malformed result'
    arguments = {'state': {'n': 1}}

    status, err, received = call_with_the_session('--tool', 'mrtr', '--arguments', json.dumps(arguments))
    check_equal(status, 3, 'elicit call\'s exit status: ' + err)
    check_equal(err.splitlines()[0], 'elicit: “fake” failed: ' + malformed, 'elicit call\'s error')
    check_equal([m['id'] for m in received if m.get('method') == 'tools/call'], [3],
                'the tools/call the server received from the session')

    proxy = Proxy(server_args=['--modern'])
    try:
        reply = proxy.request('tools/call', {'name': 'mrtr', 'arguments': arguments,
                                             '_meta': MODERN_META}, msg_id=41)
        check_equal(reply, {'jsonrpc': '2.0', 'id': 41,
                            'error': {'code': -32603, 'message': malformed}},
                    'the answer the client gets from the proxy')
        calls = [m for m in proxy.received() if m.get('method') == 'tools/call']
        check_equal([m['id'] for m in calls], [41], 'the tools/call the server received from the proxy')
    finally:
        proxy.close()


@test
def a_flood_is_refused_with_the_one_documented_error():
    # Without a display each request is cancelled as it comes: after a burst
    # of 20 the rate limit refuses the rest, and the server gets the error
    # `elicit call` and the app answer with (test-call.py, test-app.py), not
    # a cancel it could take for a person's. Its own prompter only, as there.
    proxy = Proxy(extra_env={'ELICIT_PROMPTER': 'local'})
    try:
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, 'answers')
            proxy.initialize({})
            reply = proxy.request('tools/call', {'name': 'flood', 'arguments': {'count': 60, 'log': log}},
                                  msg_id=9)
            # No one to ask: the call in flight fails saying so (issue 22).
            check_equal(reply.get('error'), {'code': -32603, 'message': NO_ONE_TO_ASK},
                        'the tool\'s answer')
            deadline = time.monotonic() + TIMEOUT
            while True:
                answers = [m for m in proxy.received() if str(m.get('id')).startswith('flood-')]
                if len(answers) == 60 or time.monotonic() > deadline:
                    break
        check_equal(sorted(a['id'] for a in answers), sorted('flood-%d' % i for i in range(60)),
                    'one answer for each request')
        cancelled = [a for a in answers if a.get('result') == {'action': 'cancel'}]
        refused = [a for a in answers if 'error' in a]
        check_equal(len(cancelled), 20, 'requests cancelled')
        check_equal(len(refused), 40, 'requests refused')
        check(all(a['error'] == {'code': -31000, 'message': 'Refused without asking the user: too many requests'}
                  for a in refused), 'the error of a refused request: %r' % refused[:1])
        check(not any(str(m.get('id')).startswith('flood-') for m in proxy.other),
              'the client saw the flood')
    finally:
        proxy.close()


@with_proxy
def a_malformed_elicitation_gets_invalid_params(proxy):
    proxy.initialize({})
    bad = {'message': 5, 'requestedSchema': {'type': 'object', 'properties': {}}}
    reply = proxy.request('tools/call', {'name': 'elicit', 'arguments': {'params': bad}}, msg_id=5)
    check_equal(json.loads(reply['result']['content'][0]['text']),
                {'code': -32602, 'message': '“message” must be a string'}, 'the error the server received')


@with_proxy
def malformed_messages_from_the_client_are_answered_and_stop_there(proxy):
    proxy.initialize({})
    cases = [
        ('[1]', None, 'Invalid Request: batches are not supported'),
        ('"hello"', None, 'Invalid Request: not a JSON object'),
        ('{"foo":1}', None, 'Invalid Request: no method, result or error'),
        ('{"jsonrpc":"2.0","id":{"a":1},"method":"x"}', None,
         'Invalid Request: the id must be a string or an integer'),
        ('{"jsonrpc":"2.0","id":1.5,"method":"x"}', None,
         'Invalid Request: the id must be a string or an integer'),
        ('{"id":4,"method":"x"}', 4, 'Invalid Request: "jsonrpc" must be "2.0"'),
        ('{"jsonrpc":"2.0","id":"m","method":["x"]}', 'm', 'Invalid Request: the method must be a string'),
    ]
    for line, msg_id, message in cases:
        proxy.send_raw(line)
        check_equal(proxy.read(), {'jsonrpc': '2.0', 'id': msg_id, 'error': {'code': -32600, 'message': message}},
                    'the answer to %s' % line)

    proxy.send_raw('[' * 100 + ']' * 100)
    reply = proxy.read()
    check_equal((reply['id'], reply['error']['code']), (None, -32600), 'the answer to deep nesting')
    check(reply['error']['message'].startswith('Invalid Request: '), reply['error']['message'])

    # A malformed notification has no one to answer: only logged.
    proxy.send_raw('{"jsonrpc":"2.0","method":5}')
    proxy.send_raw('{"method":"notifications/x"}')
    check_equal(len(proxy.received()), 2, 'messages the server received (initialize, initialized)')
    check_equal(proxy.other, [], 'other messages to the client')
    proxy.wait_for_stderr('elicit proxy: the client sent an invalid message: Invalid Request: batches are not supported')


@with_proxy
def malformed_messages_from_the_server_are_answered_and_stop_there(proxy):
    proxy.initialize({})
    lines = ['[1]', '{"foo":1}', '{"jsonrpc":"2.0","id":{"a":1},"method":"x"}', '{"id":"k","method":"x"}',
             '{"jsonrpc":"2.0","method":"notifications/fine"}']
    proxy.request('test/send', {'lines': lines}, msg_id='send')
    check_equal(proxy.other, [{'jsonrpc': '2.0', 'method': 'notifications/fine'}], 'what reached the client')
    errors = proxy.received()[2:]
    check_equal([(e['id'], e['error']['code'], e['error']['message']) for e in errors],
                [(None, -32600, 'Invalid Request: batches are not supported'),
                 (None, -32600, 'Invalid Request: no method, result or error'),
                 (None, -32600, 'Invalid Request: the id must be a string or an integer'),
                 ('k', -32600, 'Invalid Request: "jsonrpc" must be "2.0"')],
                'what the server was answered')


@with_proxy
def heavy_traffic_both_ways_at_once_does_not_stall(proxy):
    # The client writes 3,000 requests (over 1 MB) before reading a single
    # answer: the proxy must keep reading both sides while its writes wait.
    proxy.initialize({})
    padding = 'x' * 400
    count = 3000

    def write_all():
        for i in range(count):
            proxy.send({'jsonrpc': '2.0', 'id': i, 'method': 'test/echo', 'params': {'pad': padding}})

    writer = threading.Thread(target=write_all, daemon=True)
    writer.start()
    writer.join(TIMEOUT)
    check(not writer.is_alive(), 'the proxy stopped reading its input')
    ids = [proxy.read()['id'] for _ in range(count)]
    check_equal(ids, list(range(count)), 'the answers, in order')


@with_proxy
def the_servers_stderr_goes_to_stderr_and_stdout_carries_only_mcp(proxy):
    proxy.initialize({})
    proxy.request('test/stderr', {'line': 'fake: a log line'}, msg_id='log')
    proxy.process.stdin.close()
    proxy.expect_eof()
    check_equal(proxy.wait(), 0, 'exit status')
    check('fake: ready' in proxy.stderr and 'fake: a log line' in proxy.stderr, 'stderr: %r' % proxy.stderr)


@with_proxy
def the_servers_death_ends_the_proxy_after_what_it_sent(proxy):
    proxy.initialize({})
    note = {'jsonrpc': '2.0', 'method': 'notifications/message', 'params': {'level': 'info', 'data': 'bye'}}
    proxy.send({'jsonrpc': '2.0', 'id': 'last', 'method': 'test/send', 'params': {'lines': [json.dumps(note)]}})
    proxy.send({'jsonrpc': '2.0', 'method': 'test/exit', 'params': {'status': 5}})
    proxy.expect_eof()
    check_equal(proxy.other, [note, {'jsonrpc': '2.0', 'id': 'last', 'result': {}}], 'what reached the client')
    check_equal(proxy.wait(), 1, 'exit status')
    check('elicit proxy: “fake” stopped: server exited with status 5' in proxy.stderr,
          'stderr: %r' % proxy.stderr)


@with_proxy
def garbage_from_the_server_ends_the_proxy(proxy):
    # The answer to test/send comes after the bad line: it never arrives.
    proxy.send({'jsonrpc': '2.0', 'id': 'send', 'method': 'test/send', 'params': {'lines': ['this is not JSON']}})
    proxy.expect_eof()
    check_equal(proxy.other, [], 'what reached the client')
    check_equal(proxy.wait(), 1, 'exit status')
    check(any(line.startswith('elicit proxy: “fake” stopped: server wrote invalid JSON on line 1: ')
              for line in proxy.stderr), 'stderr: %r' % proxy.stderr)


@with_proxy
def garbage_from_the_client_ends_the_proxy(proxy):
    proxy.initialize({})
    proxy.send_raw('this is not JSON')
    proxy.expect_eof()
    check_equal(proxy.wait(), 1, 'exit status')
    check(any(line.startswith('elicit proxy: stopping “fake”: the connection to the client failed: '
                              'received invalid JSON on line 3')
              for line in proxy.stderr), 'stderr: %r' % proxy.stderr)


def server_is_gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie not yet reaped by the (exited) proxy's reaper counts as gone.
    try:
        with open('/proc/%d/stat' % pid) as f:
            return f.read().split(') ')[1].startswith('Z')
    except OSError:
        return True


@with_proxy
def the_clients_eof_shuts_the_server_down(proxy):
    proxy.initialize({})
    pid = proxy.request('test/pid', msg_id='pid')['result']['pid']
    proxy.process.stdin.close()
    proxy.expect_eof()
    check_equal(proxy.wait(), 0, 'exit status')
    check(server_is_gone(pid), 'the server is still running')
    check('fake: stdin closed' in proxy.stderr, 'the server did not see its input close: %r' % proxy.stderr)


@with_proxy
def sigterm_shuts_the_server_down(proxy):
    proxy.initialize({})
    pid = proxy.request('test/pid', msg_id='pid')['result']['pid']
    proxy.process.send_signal(signal.SIGTERM)
    proxy.expect_eof()
    check_equal(proxy.wait(), 128 + signal.SIGTERM, 'exit status')
    check(server_is_gone(pid), 'the server is still running')


def wait_gone(pid, what):
    """Waits for pid to end: its pidfd becomes readable then."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        check(poller.poll(TIMEOUT * 1000) != [], what + ' still runs')
    finally:
        os.close(fd)


def proxy_with_a_grandchild():
    """A server started through `sh -c`, whose shell also started a process
    that ignores the end of its input, as npx and uvx do."""
    pidfile = os.path.join(tempfile.mkdtemp(prefix='elicit-proxy-'), 'pid')
    proxy = Proxy(command=['sh', '-c', 'sleep 1000 & echo $! > %s; %s %s; wait' % (pidfile, PYTHON, FAKE)])
    proxy.initialize({})
    server = proxy.request('test/pid', msg_id='pid')['result']['pid']
    with open(pidfile) as f:
        return proxy, server, int(f.read())


@test
def a_stopped_servers_grandchild_goes_too():
    proxy, server, sleeper = proxy_with_a_grandchild()
    try:
        proxy.process.stdin.close()
        proxy.expect_eof()
        check_equal(proxy.wait(), 0, 'exit status')
        wait_gone(server, 'the server')
        wait_gone(sleeper, 'the process the server\'s shell started')
    finally:
        proxy.close()


@test
def a_killed_proxys_servers_and_their_children_go_too():
    proxy, server, sleeper = proxy_with_a_grandchild()
    try:
        proxy.process.kill()
        proxy.process.wait()
        wait_gone(server, 'the server')
        wait_gone(sleeper, 'the process the server\'s shell started')
    finally:
        proxy.close()


# What the MCP Inspector's stdio transport (and the SDK's default) pass a server: no
# LANG, no display, no bus address (issue 22).
STRIPPED_ENV = {name: os.environ[name] for name in CLIENT_VARIABLES
                if name in os.environ}


@test
def verbose_logs_are_utf8_without_a_locale():
    proxy = Proxy('--verbose', env=dict(STRIPPED_ENV))
    try:
        proxy.initialize({})
        proxy.wait_for_stderr('elicit proxy: → server notifications/initialized')
        check(not any('?' in line for line in proxy.stderr if line.startswith('elicit proxy:')),
              'a character lost: %r' % proxy.stderr)
    finally:
        proxy.close()


@test
def without_a_command_it_exits_2():
    done = subprocess.run([ELICIT, 'proxy', '--name', 'x'], capture_output=True, text=True, timeout=TIMEOUT)
    check_equal(done.returncode, 2, 'exit status')
    check_equal(done.stdout, '', 'stdout')
    check_equal(done.stderr, 'elicit proxy: No server to start: give its command after “--”\n'
                             'Run “elicit proxy --help” to see the options.\n', 'stderr')


@test
def a_server_that_cannot_start_ends_the_proxy():
    done = subprocess.run([ELICIT, 'proxy', '--', '/nonexistent/server'], capture_output=True, text=True,
                          timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    check_equal(done.returncode, 1, 'exit status')
    check_equal(done.stdout, '', 'stdout')
    check(done.stderr.startswith('elicit proxy: “server” failed: could not start the server: '), done.stderr)


if __name__ == '__main__':
    sys.exit(run_tests('Proxy'))
