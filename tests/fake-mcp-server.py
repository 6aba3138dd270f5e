#!/usr/bin/python3
# fake-mcp-server.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted MCP server on stdio for the tests of `elicit call` and
# `elicit proxy`: it does what its client tells it, and reports exactly what
# it received, so a test can check what came through a proxy.
#
#   initialize        answers with serverInfo {"name": "fake", "title": "Fake Server"} and,
#                     beside the usual members, "_received": the params it got
#   tools/list        two tools, "echo" and "elicit"
#   tools/call echo   answers {"content": [{"type": "text", "text": <arguments as JSON>}]}
#   tools/call env    answers the values of the environment variables in arguments' "names"
#   tools/call fail   answers {"content": [{"type": "text", "text": "it broke"}], "isError": true}
#   tools/call result answers with the arguments' "result" exactly as given (hostile results)
#   tools/call flood  sends arguments' "count" elicitation/create requests (ids "flood-<n>") and
#                     answers at once; every answer to them is appended to the file arguments'
#                     "log" names, one JSON line each
#   tools/call exit   writes "fake: exiting mid-call" to stderr and exits 9
#   tools/call hang   writes "fake: hanging on request <id>" to stderr, never answers
#   tools/call elicit sends elicitation/create (params: the arguments' "params", or a one-field
#                     form), then answers {"content": [{"type": "text", "text": <the answer as JSON>}]}
#   tools/call mrtr   (2026-07-28) answers an InputRequiredResult asking one form, with the
#                     arguments' "state" as its requestState (any JSON value; a string by
#                     default); the retry answers with what it carried
#   test/echo         answers {"line": <the exact line this request arrived as>}
#   test/received     answers {"lines": [every line received so far that was not a test/ request]}
#   test/send         writes params.lines to stdout as they are (raw text), then answers {}
#   test/stderr       writes params.line to stderr, then answers {}
#   test/pid          answers {"pid": <its process id>}
#   test/exit         (a notification) exits at once with params.status
#   notifications/cancelled  writes "fake: the client cancelled request <id>" to stderr
#
# Options: --crash-on-start writes "fake: crashing on start" to stderr and exits 7;
# --list-fail lists "fail" too, for a client that only calls what is listed.
# With FAKE_MCP_RECEIVED set in its environment, it also appends every line it receives
# to that file, for a client that cannot ask test/received.

import json
import os
import sys

FORM = {
    'message': 'Your name?',
    'requestedSchema': {'type': 'object', 'properties': {'name': {'type': 'string', 'title': 'Name'}}},
}

TOOLS = [
    {'name': 'echo', 'description': 'Says back its arguments', 'inputSchema': {'type': 'object'}},
    {'name': 'elicit', 'description': 'Asks the user', 'inputSchema': {'type': 'object'}},
]
if '--list-fail' in sys.argv:
    TOOLS.append({'name': 'fail', 'title': 'Fail', 'description': 'Answers with an error result',
                  'inputSchema': {'type': 'object'}})

received = []
waiting = {}
# --modern: a 2026-07-28 server only (server/discover, no initialize, no ping)
MODERN = '--modern' in sys.argv
flood_log = None
next_id = 1


def write(obj):
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, separators=(',', ':')) + '\n')
    sys.stdout.flush()


def answer(msg_id, result):
    write({'jsonrpc': '2.0', 'id': msg_id, 'result': result})


def text_result(text, is_error=False):
    result = {'content': [{'type': 'text', 'text': text}]}
    if is_error:
        result['isError'] = True
    return result


def call_tool(msg_id, params):
    global next_id
    name = params.get('name')
    arguments = params.get('arguments') or {}
    if name == 'echo':
        answer(msg_id, text_result(json.dumps(arguments, sort_keys=True)))
    elif name == 'env':
        answer(msg_id, text_result(json.dumps({key: os.environ.get(key)
                                               for key in arguments.get('names', [])},
                                              sort_keys=True)))
    elif name == 'fail':
        answer(msg_id, text_result('it broke', is_error=True))
    elif name == 'flood':
        global flood_log
        flood_log = arguments.get('log')
        for i in range(arguments.get('count', 10)):
            write({'jsonrpc': '2.0', 'id': 'flood-%d' % i, 'method': 'elicitation/create', 'params': FORM})
        answer(msg_id, text_result('sent'))
    elif name == 'result':
        answer(msg_id, arguments.get('result'))
    elif name == 'exit':
        sys.stderr.write('fake: exiting mid-call\n')
        sys.stderr.flush()
        os._exit(9)
    elif name == 'hang':
        sys.stderr.write('fake: hanging on request %s\n' % json.dumps(msg_id))
        sys.stderr.flush()
    elif name == 'mrtr':
        # 2026-07-28: ask through the result, finish on the retry with what
        # came back (and the capabilities the request declared).
        if 'inputResponses' not in params and 'requestState' not in params:
            answer(msg_id, {'resultType': 'input_required',
                            'inputRequests': {'q': {'method': 'elicitation/create',
                                                    'params': arguments.get('params', FORM)}},
                            'requestState': arguments.get('state', 'state "1" \u00e9')})
        else:
            meta = params.get('_meta') or {}
            answer(msg_id, dict(text_result(json.dumps(
                {'inputResponses': params.get('inputResponses'),
                 'requestState': params.get('requestState'),
                 'capabilities': meta.get('io.modelcontextprotocol/clientCapabilities')},
                sort_keys=True)), resultType='complete'))
    elif name == 'elicit':
        request_id = 'elicit-%d' % next_id
        next_id += 1
        waiting[request_id] = msg_id
        write({'jsonrpc': '2.0', 'id': request_id, 'method': 'elicitation/create',
               'params': arguments.get('params', FORM)})
    else:
        write({'jsonrpc': '2.0', 'id': msg_id, 'error': {'code': -32602, 'message': 'Unknown tool: %s' % name}})


def handle(line, msg):
    method = msg.get('method') if isinstance(msg, dict) else None
    if not (isinstance(method, str) and method.startswith('test/')):
        received.append(line)
        if os.environ.get('FAKE_MCP_RECEIVED'):
            with open(os.environ['FAKE_MCP_RECEIVED'], 'a') as log:
                log.write(line + '\n')
    if not isinstance(msg, dict):
        return
    msg_id = msg.get('id')
    params = msg.get('params') or {}

    if method is None and isinstance(msg_id, str) and msg_id.startswith('flood-') and flood_log:
        with open(flood_log, 'a') as log:
            log.write(line + '\n')
        return

    if method is None:
        # An answer to one of our elicitations.
        if msg_id in waiting:
            outcome = msg.get('result', msg.get('error'))
            answer(waiting.pop(msg_id), text_result(json.dumps(outcome, sort_keys=True)))
        return

    if MODERN and method == 'server/discover':
        answer(msg_id, {'resultType': 'complete', 'supportedVersions': ['2026-07-28'],
                        'capabilities': {'tools': {}},
                        '_meta': {'io.modelcontextprotocol/serverInfo': {'name': 'fake', 'version': '2.0'}}})
        return
    if MODERN and method in ('initialize', 'ping'):
        write({'jsonrpc': '2.0', 'id': msg_id, 'error': {'code': -32601, 'message': 'Method not found'}})
        return

    if method == 'notifications/cancelled':
        sys.stderr.write('fake: the client cancelled request %s\n' % json.dumps(params.get('requestId')))
        sys.stderr.flush()
    elif method == 'initialize':
        answer(msg_id, {'protocolVersion': params.get('protocolVersion', '2025-11-25'),
                        'capabilities': {'tools': {}},
                        'serverInfo': params.get('test/serverInfo',
                                                 {'name': 'fake', 'title': 'Fake Server', 'version': '1.0'}),
                        '_received': params})
    elif method == 'tools/list':
        answer(msg_id, {'tools': TOOLS})
    elif method == 'tools/call':
        call_tool(msg_id, params)
    elif method == 'test/echo':
        answer(msg_id, {'line': line})
    elif method == 'test/received':
        answer(msg_id, {'lines': received})
    elif method == 'test/send':
        for raw in params.get('lines', []):
            sys.stdout.write(raw + '\n')
        sys.stdout.flush()
        answer(msg_id, {})
    elif method == 'test/stderr':
        sys.stderr.write(params.get('line', '') + '\n')
        sys.stderr.flush()
        answer(msg_id, {})
    elif method == 'test/pid':
        answer(msg_id, {'pid': os.getpid()})
    elif method == 'test/exit':
        sys.stdout.flush()
        os._exit(params.get('status', 0))
    elif msg_id is not None and method not in ('ping',):
        write({'jsonrpc': '2.0', 'id': msg_id, 'error': {'code': -32601, 'message': 'Method not found'}})
    elif method == 'ping':
        answer(msg_id, {})


def main():
    if '--crash-on-start' in sys.argv:
        sys.stderr.write('fake: crashing on start\n')
        sys.exit(7)
    sys.stderr.write('fake: ready\n')
    sys.stderr.flush()
    for line in sys.stdin:
        line = line.rstrip('\n')
        try:
            msg = json.loads(line)
        except ValueError:
            sys.stderr.write('fake: not JSON: %r\n' % line)
            continue
        handle(line, msg)
    sys.stderr.write('fake: stdin closed\n')


if __name__ == '__main__':
    main()
