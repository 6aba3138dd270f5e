#!/usr/bin/python3
# test-gir-async.py: every public asynchronous function of Elicit-1.0, called
# from Python with a callback through GObject Introspection, completes, and
# the callbacks it holds (a tool call's progress callback) are called and
# then released, as their annotations promise.
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The peers are real where one is at hand: tests/hostile-as.py (a protected
# MCP server and its authorization server) for the sign-in, its sign-out and
# the browser launch, with tests/follow-redirects as the browser command; the
# fake MCP server of test-python-transport.py, behind its Python transport,
# for the session, the peer and the input source; an in-memory token store.
#
# Run by Debian's /usr/bin/python3 with GI_TYPELIB_PATH and LD_LIBRARY_PATH
# pointing into the build tree (Elicit-1.0 only, no display); prints TAP.

import gc
import importlib.util
import os
import subprocess
import sys
import tempfile
import weakref

import gi

gi.require_version('Elicit', '1.0')
gi.require_version('Json', '1.0')

from gi.repository import Elicit, GLib, Json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = '/usr/bin/python3'

_spec = importlib.util.spec_from_file_location('python_transport',
                                               os.path.join(HERE, 'test-python-transport.py'))
python_transport = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(python_transport)

results = []


def check(description, condition, detail=''):
    results.append((description, bool(condition), detail))


def run_until(step, done, seconds=30):
    timed_out = []

    def on_timeout():
        timed_out.append(True)
        return GLib.SOURCE_REMOVE

    source = GLib.timeout_add_seconds(seconds, on_timeout)
    while not done() and not timed_out:
        GLib.MainContext.default().iteration(True)
    if not timed_out:
        GLib.source_remove(source)
    check('%s completes' % step, not timed_out, 'no callback in %d s' % seconds)
    return not timed_out


class Outcomes(dict):
    """Callbacks that record ('ok', value) or ('error', message) by name."""

    def finish(self, name, finisher):
        def callback(source, result, *_):
            try:
                self[name] = ('ok', finisher(result))
            except GLib.Error as error:
                self[name] = ('error', error.message)
        return callback

    def wait(self, name):
        if not run_until(name, lambda: name in self):
            return False
        check('%s succeeds' % name, self[name][0] == 'ok', repr(self[name]))
        return self[name][0] == 'ok'


class ProgressServer(python_transport.FakeServer):
    """test-python-transport's fake server, which also answers ping and
    reports progress for its tool."""

    def receive(self, message):
        if message.get('method') == 'ping':
            self.received.append(message)
            self.send({'jsonrpc': '2.0', 'id': message['id'], 'result': {}})
            return
        meta = (message.get('params') or {}).get('_meta') or {}
        if message.get('method') == 'tools/call' and 'progressToken' in meta:
            for done in (1, 2):
                self.send({'jsonrpc': '2.0', 'method': 'notifications/progress', 'params': {
                    'progressToken': meta['progressToken'], 'progress': done, 'total': 2}})
        python_transport.FakeServer.receive(self, message)


class ProgressTransport(python_transport.PythonTransport):
    def __init__(self):
        super().__init__()
        self.server = ProgressServer(self)


def answer_requests(request):
    """Accepts a moment later, as a person would, with what the form asks."""
    values = {'name': '"Ada"', 'seats': '2'}
    fields = [f.get_name() for f in request.get_schema().get_fields()]
    content = Json.from_string('{%s}' % ', '.join('"%s": %s' % (name, values[name])
                                                  for name in fields)).get_object()
    GLib.idle_add(lambda: request.accept(content) and GLib.SOURCE_REMOVE)


class Progress:
    """A progress callback whose release can be seen."""

    def __init__(self):
        self.seen = []

    def __call__(self, progress, total, message, *_):
        self.seen.append(progress)


def test_session():
    transport = ProgressTransport()
    session = Elicit.Session.new(transport)
    session.connect('elicitation', lambda _s, request: answer_requests(request))
    outcomes = Outcomes()

    session.connect_async(None, outcomes.finish('Session.connect_async', session.connect_finish))
    if not outcomes.wait('Session.connect_async'):
        return

    session.ping_async(None, outcomes.finish('Session.ping_async', session.ping_finish))
    outcomes.wait('Session.ping_async')

    session.list_tools_async(None, outcomes.finish('Session.list_tools_async',
                                                   session.list_tools_finish))
    outcomes.wait('Session.list_tools_async')

    session.call_async('tools/list', None, None,
                       outcomes.finish('Session.call_async', session.call_finish))
    outcomes.wait('Session.call_async')

    progress = Progress()
    released = weakref.ref(progress)
    arguments = Json.from_string('{"when": "tonight"}').get_object()
    # The progress data goes as a tuple of extra arguments: with two callbacks
    # each with its data, PyGObject takes both data as varargs (as for
    # Gio.File.copy_async).
    session.call_tool_async('book', arguments, progress, (), None,
                            outcomes.finish('Session.call_tool_async', session.call_tool_finish))
    if outcomes.wait('Session.call_tool_async'):
        check('the progress callback saw the progress', progress.seen == [1.0, 2.0],
              repr(progress.seen))
    # (scope notified) with its destroy notify: the binding lets go of the
    # callback once the call is over.
    del progress
    GLib.idle_add(lambda: GLib.SOURCE_REMOVE)
    run_until('the progress callback\'s release', lambda: gc.collect() >= 0 and released() is None,
              seconds=10)

    session.close_async(None, outcomes.finish('Session.close_async', session.close_finish))
    outcomes.wait('Session.close_async')


def test_peer_and_input_source():
    transport = python_transport.PythonTransport()
    peer = Elicit.Peer.new(transport)
    source = Elicit.InputSource.new(peer)
    source.connect('request', lambda _s, request: answer_requests(request))
    peer.start()
    outcomes = Outcomes()

    params = Json.from_string('{"protocolVersion": "2025-11-25", "capabilities": {}, '
                              '"clientInfo": {"name": "test", "version": "1"}}').get_object()
    peer.call_async('initialize', params, Elicit.PeerCallFlags.DEFAULT, None,
                    outcomes.finish('Peer.call_async', lambda result: peer.call_finish(result)))
    outcomes.wait('Peer.call_async')

    requests = Json.from_string('{"ask": {"method": "elicitation/create", "params": {'
                                '"mode": "form", "message": "Who?", "requestedSchema": '
                                '{"type": "object", "properties": {"name": {"type": "string"}}}}}}')
    source.answer_async(requests.get_object(), None,
                        outcomes.finish('InputSource.answer_async', source.answer_finish))
    outcomes.wait('InputSource.answer_async')

    transport.close_async(None, outcomes.finish('Transport.close_async', transport.close_finish))
    outcomes.wait('Transport.close_async')


def test_token_store():
    store = Elicit.TokenStore.new(Elicit.TokenStoreFlags.MEMORY_ONLY)
    outcomes = Outcomes()
    resource = 'https://mcp.example.com/mcp'

    store.save_async(resource, 'https://auth.example.com', '{"tokens": {}}', None,
                     outcomes.finish('TokenStore.save_async', store.save_finish))
    outcomes.wait('TokenStore.save_async')
    store.lookup_async(resource, None,
                       outcomes.finish('TokenStore.lookup_async', store.lookup_finish))
    if outcomes.wait('TokenStore.lookup_async'):
        check('the store gives back what it saved',
              '{"tokens": {}}' in repr(outcomes['TokenStore.lookup_async'][1]),
              repr(outcomes['TokenStore.lookup_async']))
    store.save_pending_async(None, outcomes.finish('TokenStore.save_pending_async',
                                                   store.save_pending_finish))
    outcomes.wait('TokenStore.save_pending_async')
    store.forget_async(resource, None,
                       outcomes.finish('TokenStore.forget_async', store.forget_finish))
    outcomes.wait('TokenStore.forget_async')


def start_authorization_server(work):
    process = subprocess.Popen([PYTHON, os.path.join(HERE, 'hostile-as.py'), '--mode', 'good',
                                '--log', os.path.join(work, 'as.log')],
                               stdout=subprocess.PIPE, text=True)
    return process, process.stdout.readline().strip()


def test_sign_in(work):
    process, base = start_authorization_server(work)
    check('hostile-as.py started', base.startswith('http://127.0.0.1:'), repr(base))
    try:
        authorizer = Elicit.Authorizer.new(base + '/mcp', 'Work')
        authorizer.set_browser_command([PYTHON, os.path.join(HERE, 'follow-redirects')])
        outcomes = Outcomes()

        def on_sign_in(_authorizer, sign_in):
            sign_in.launch_browser_async(None, outcomes.finish('SignIn.launch_browser_async',
                                                               sign_in.launch_browser_finish))
            return True

        authorizer.connect('sign-in', on_sign_in)
        transport = Elicit.HttpTransport.new(base + '/mcp', None)
        transport.set_authorizer(authorizer)
        session = Elicit.Session.new(transport)
        session.connect_async(None, outcomes.finish('signed-in connect', session.connect_finish))
        outcomes.wait('signed-in connect')
        outcomes.wait('SignIn.launch_browser_async')
        check('the authorizer signed in', authorizer.get_signed_in())

        authorizer.sign_out_async(None, outcomes.finish('Authorizer.sign_out_async',
                                                        authorizer.sign_out_finish))
        outcomes.wait('Authorizer.sign_out_async')
        session.close_async(None, outcomes.finish('signed-in close', session.close_finish))
        outcomes.wait('signed-in close')
    finally:
        process.terminate()
        process.wait()
        process.stdout.close()


def main():
    with tempfile.TemporaryDirectory(prefix='elicit-gir-async-') as work:
        test_session()
        test_peer_and_input_source()
        test_token_store()
        test_sign_in(work)

    print('1..%d' % len(results))
    failed = 0
    for number, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', number, description))
        if not ok:
            failed += 1
            print('# got: %s' % detail)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
