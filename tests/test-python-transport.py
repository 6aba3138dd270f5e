#!/usr/bin/python3
# test-python-transport.py: an ElicitTransport implemented out of the tree, in
# Python through GObject Introspection, carries a whole ElicitSession.
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The transport subclasses Elicit.Transport and reports through the public
# emit helpers only. Behind it, in the same process, a fake MCP server written
# here answers initialize, tools/list and tools/call; its "book" tool sends
# elicitation/create, which Python answers through the ElicitRequest the
# session emits. The test checks the exact JSON the server received.
#
# Run by Debian's /usr/bin/python3 with GI_TYPELIB_PATH and LD_LIBRARY_PATH
# pointing into the build tree (it needs Elicit-1.0 only, no GTK, no display);
# prints TAP.

import json
import sys

import gi

gi.require_version('Elicit', '1.0')
gi.require_version('Json', '1.0')

from gi.repository import Elicit, GLib, Json  # noqa: E402

# How long any one step may take before the test fails, saying which step.
STEP_TIMEOUT_SECONDS = 30

BOOKING_FORM = {
    'type': 'object',
    'properties': {
        'name': {'type': 'string', 'title': 'Your name'},
        'seats': {'type': 'integer', 'minimum': 1, 'maximum': 4},
    },
    'required': ['name'],
}

results = []


def check(description, condition, detail=''):
    results.append((description, bool(condition), detail))


def to_python(node):
    return json.loads(Json.to_string(node, False))


# The revision the fake server speaks. A client that probes for 2026-07-28
# with server/discover first gets "method not found", as from any server of
# this revision, and falls back to initialize.
SERVER_REVISION = '2025-11-25'


class FakeServer:
    """An MCP server that records every message it receives, as parsed JSON."""

    def __init__(self, transport):
        self.transport = transport
        self.received = []
        self.pending_call = None

    def send(self, message):
        # A real peer answers later, never from inside send(): so does this one.
        text = json.dumps(message, separators=(',', ':')).encode('utf-8')
        GLib.idle_add(self._deliver, text)

    def _deliver(self, text):
        self.transport.receive_text(text)
        return GLib.SOURCE_REMOVE

    def receive(self, message):
        self.received.append(message)
        method = message.get('method')
        msg_id = message.get('id')

        if method == 'initialize':
            self.send({'jsonrpc': '2.0', 'id': msg_id, 'result': {
                'protocolVersion': SERVER_REVISION,
                'capabilities': {'tools': {}},
                'serverInfo': {'name': 'python-fake', 'version': '1.0'},
            }})
        elif method == 'tools/list':
            self.send({'jsonrpc': '2.0', 'id': msg_id, 'result': {'tools': [
                {'name': 'book', 'description': 'Books a table', 'inputSchema': {'type': 'object'}},
            ]}})
        elif method == 'tools/call':
            self.pending_call = msg_id
            self.send({'jsonrpc': '2.0', 'id': 'srv-1', 'method': 'elicitation/create', 'params': {
                'mode': 'form',
                'message': 'Who is booking?',
                'requestedSchema': BOOKING_FORM,
            }})
        elif msg_id == 'srv-1' and method is None:
            answer = message.get('result', {})
            self.send({'jsonrpc': '2.0', 'id': self.pending_call, 'result': {
                'content': [{'type': 'text', 'text': 'booked for %s' %
                             answer.get('content', {}).get('name')}],
            }})
        elif method is not None and msg_id is not None:
            self.send({'jsonrpc': '2.0', 'id': msg_id,
                       'error': {'code': -32601, 'message': 'Method not found'}})


class PythonTransport(Elicit.Transport):
    """A transport to FakeServer, implemented only with the public API."""

    def __init__(self):
        super().__init__()
        self.server = FakeServer(self)
        self.started = False
        self.sent = 0

    def do_start(self):
        self.started = True

    def do_send(self, message):
        # Messages are queued, never handled in the caller's stack.
        self.sent += 1
        parsed = to_python(message)
        GLib.idle_add(self._hand_over, parsed)
        return True

    def _hand_over(self, parsed):
        if not self.is_closed():
            self.server.receive(parsed)
        return GLib.SOURCE_REMOVE

    # close_async is the base class's: it emits ::closed and completes.


def run_until(step, done):
    """Runs the main context until done() holds; fails loudly naming @step
    after the timeout."""
    timed_out = []

    def on_timeout():
        timed_out.append(True)
        return GLib.SOURCE_REMOVE

    source = GLib.timeout_add_seconds(STEP_TIMEOUT_SECONDS, on_timeout)
    while not done() and not timed_out:
        GLib.MainContext.default().iteration(True)
    if not timed_out:
        GLib.source_remove(source)
    check('%s finishes' % step, not timed_out,
          'no answer in %d s' % STEP_TIMEOUT_SECONDS)
    return not timed_out


def main():
    transport = PythonTransport()
    session = Elicit.Session.new(transport)
    requests = []
    closed = []

    def on_elicitation(_session, request):
        requests.append(request)
        # The user answers a moment later, as a dialog would.
        content = Json.from_string('{"name": "Ada", "seats": 2}').get_object()
        GLib.idle_add(lambda: request.accept(content) and GLib.SOURCE_REMOVE)

    session.connect('elicitation', on_elicitation)
    transport.connect('closed', lambda _t, error: closed.append(error))

    outcome = {}

    def finish(name, finisher):
        def callback(source, result, *_):
            try:
                outcome[name] = ('ok', finisher(result))
            except GLib.Error as error:
                outcome[name] = ('error', error.message)
        return callback

    session.connect_async(None, finish('connect', session.connect_finish))
    if run_until('connecting', lambda: 'connect' in outcome):
        check('the session connects over the Python transport',
              outcome['connect'] == ('ok', True), repr(outcome['connect']))
    check('the transport was started', transport.started)
    check('the session speaks the server\'s revision',
          session.get_protocol_version() == SERVER_REVISION,
          session.get_protocol_version())
    check('the server is named as it said', session.get_server_name() == 'python-fake',
          session.get_server_name())

    session.list_tools_async(None, finish('list', session.list_tools_finish))
    if run_until('listing tools', lambda: 'list' in outcome):
        kind, tools = outcome['list']
        names = [t.get_object().get_string_member('name') for t in tools.get_elements()] \
            if kind == 'ok' else tools
        check('the tools are listed', names == ['book'], repr(names))

    arguments = Json.from_string('{"when": "tonight"}').get_object()
    session.call_tool_async('book', arguments, None, None, None,
                            finish('call', session.call_tool_finish))
    if run_until('calling the tool', lambda: 'call' in outcome):
        kind, result = outcome['call']
        text = to_python(Json.Node.alloc().init_object(result)) if kind == 'ok' else result
        check('the tool answers after the elicitation',
              text == {'content': [{'type': 'text', 'text': 'booked for Ada'}]}, repr(text))

    check('the elicitation arrived as one ElicitRequest', len(requests) == 1, repr(requests))
    if requests:
        request = requests[0]
        check('the request carries the server\'s message',
              request.get_message() == 'Who is booking?', request.get_message())
        fields = [f.get_name() for f in request.get_schema().get_fields()]
        check('the request carries the form', fields == ['name', 'seats'], repr(fields))
        check('the request is answered',
              request.get_state() == Elicit.RequestState.ACCEPTED, repr(request.get_state()))

    received = transport.server.received
    methods = [m.get('method') for m in received]
    if methods[:1] == ['server/discover']:
        methods = methods[1:]
    check('the server received the handshake, the calls and the answer, in order',
          methods == ['initialize', 'notifications/initialized', 'tools/list', 'tools/call', None],
          repr([m.get('method') for m in received]))

    initialize = next((m for m in received if m.get('method') == 'initialize'), {})
    check('initialize offers form and URL elicitation, and task-augmented elicitation',
          initialize.get('params', {}).get('capabilities') ==
          {'elicitation': {'form': {}, 'url': {}},
           'tasks': {'list': {}, 'cancel': {}, 'requests': {'elicitation': {'create': {}}}}},
          json.dumps(initialize))

    call = next((m for m in received if m.get('method') == 'tools/call'), {})
    check('tools/call carries the arguments exactly',
          call.get('params', {}).get('name') == 'book' and
          call.get('params', {}).get('arguments') == {'when': 'tonight'},
          json.dumps(call))

    answer = received[-1] if received else {}
    check('the server received exactly the user\'s answer, under its own id',
          answer == {'jsonrpc': '2.0', 'id': 'srv-1',
                     'result': {'action': 'accept', 'content': {'name': 'Ada', 'seats': 2}}},
          json.dumps(answer))

    session.close_async(None, finish('close', session.close_finish))
    if run_until('closing', lambda: 'close' in outcome):
        check('the session closes', outcome['close'][0] == 'ok', repr(outcome['close']))
    check('the base class kept the closed state', transport.is_closed())
    check('::closed was emitted once', len(closed) == 1, repr(closed))
    sent = transport.sent
    check('sending on the closed transport fails, without reaching Python',
          not _send_succeeds(transport) and transport.sent == sent)

    print('1..%d' % len(results))
    failed = 0
    for number, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', number, description))
        if not ok:
            failed += 1
            print('# got: %s' % detail)
    return 1 if failed else 0


def _send_succeeds(transport):
    try:
        return transport.send(Json.from_string('{"jsonrpc": "2.0", "method": "x"}'))
    except GLib.Error:
        return False


if __name__ == '__main__':
    sys.exit(main())
