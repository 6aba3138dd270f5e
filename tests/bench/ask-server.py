#!/usr/bin/python3
# ask-server.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A server for tests/bench/bench-call: in 2025-11-25, its one tool "ask" waits
# DELAY_MS (argv[1], default 0) after the call, then asks two questions
# (elicitation/create), the second once the first is answered, then answers
# the call with the two answers. `elicit call --accept-defaults` answers
# them: the first dialog's time from line to mapped next to a later one's,
# with the client asked at once and with its start-up long over.
#
# With TIMING_FILE (argv[2]) it writes "asked N MICROSECONDS" there as each
# question's line has been written to the pipe, on CLOCK_MONOTONIC (Python's
# time.monotonic_ns() // 1000 is g_get_monotonic_time() on Linux): when the
# server asked, not when the client got round to reading it.
#
# With DELAY_MS "on-signal" it asks only when it gets SIGUSR1, and writes
# "pid N" to TIMING_FILE first: tests/test-call.py asks once `elicit call`
# says it has warmed up, an event rather than a guess at how long that takes.

import json
import os
import signal
import sys
import threading
import time

FORM = {'message': 'Delete the file demo.txt?',
        'requestedSchema': {'type': 'object', 'properties': {
            'confirm': {'type': 'boolean', 'title': 'Confirm', 'default': True}}}}


def write(obj):
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


TIMING = open(sys.argv[2], 'a', buffering=1) if len(sys.argv) > 2 else None


def ask(n):
    write({'jsonrpc': '2.0', 'id': 'q%d' % n, 'method': 'elicitation/create', 'params': FORM})
    if TIMING is not None:
        TIMING.write('asked %d %d\n' % (n, time.monotonic_ns() // 1000))


def main():
    on_signal = len(sys.argv) > 1 and sys.argv[1] == 'on-signal'
    delay = int(sys.argv[1]) / 1000 if len(sys.argv) > 1 and not on_signal else 0
    if on_signal:
        signal.signal(signal.SIGUSR1, lambda signum, frame: ask(1))
        TIMING.write('pid %d\n' % os.getpid())
    call_id, answers = None, []
    for line in sys.stdin:
        msg = json.loads(line)
        method, msg_id = msg.get('method'), msg.get('id')
        if method == 'initialize':
            write({'jsonrpc': '2.0', 'id': msg_id, 'result': {
                'protocolVersion': '2025-11-25', 'capabilities': {'tools': {}},
                'serverInfo': {'name': 'ask', 'version': '1'}}})
        elif method == 'tools/list':
            write({'jsonrpc': '2.0', 'id': msg_id, 'result': {'tools': [
                {'name': 'ask', 'description': 'Asks twice', 'inputSchema': {'type': 'object'}}]}})
        elif method == 'tools/call':
            call_id = msg_id
            if not on_signal:
                threading.Timer(delay, ask, (1,)).start()
        elif method is None and msg_id in ('q1', 'q2'):
            answers.append(msg.get('result'))
            if msg_id == 'q1':
                ask(2)
            else:
                write({'jsonrpc': '2.0', 'id': call_id, 'result': {
                    'content': [{'type': 'text', 'text': json.dumps(answers)}]}})
        elif msg_id is not None and method is not None:
            write({'jsonrpc': '2.0', 'id': msg_id, 'error': {'code': -32601, 'message': 'no'}})


if __name__ == '__main__':
    main()
