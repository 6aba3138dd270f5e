#!/usr/bin/python3
# restart-server.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A server for tests/bench/bench-app-restarts.py: after the handshake it
# lists two tools, writes a few log lines either way, asks one question
# (elicitation/create, left open), then writes its pid to the file named by
# argv[1] and waits to be killed.

import json
import os
import sys


def write(obj):
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


def main():
    ready = sys.argv[1]
    for n, line in enumerate(sys.stdin):
        msg = json.loads(line)
        method, msg_id = msg.get('method'), msg.get('id')
        if method == 'initialize':
            write({'jsonrpc': '2.0', 'id': msg_id, 'result': {
                'protocolVersion': msg['params']['protocolVersion'],
                'capabilities': {'tools': {}, 'logging': {}},
                'serverInfo': {'name': 'restart', 'version': '1'}}})
        elif method == 'tools/list':
            write({'jsonrpc': '2.0', 'id': msg_id, 'result': {'tools': [
                {'name': 'a', 'description': 'A tool', 'inputSchema': {'type': 'object'}},
                {'name': 'b', 'description': 'B tool', 'inputSchema': {'type': 'object'}}]}})
            for i in range(20):
                write({'jsonrpc': '2.0', 'method': 'notifications/message',
                       'params': {'level': 'info', 'data': 'starting up, step %d' % i}})
                sys.stderr.write('restart-server: step %d\n' % i)
            sys.stderr.flush()
            if os.environ.get('RESTART_ASK', '1') == '1':
                write({'jsonrpc': '2.0', 'id': 'ask', 'method': 'elicitation/create', 'params': {
                    'mode': 'form', 'message': 'Still there?', 'requestedSchema': {
                        'type': 'object', 'properties': {'name': {'type': 'string'}}}}})
            with open(ready + '.tmp', 'w') as f:
                f.write(str(os.getpid()))
            os.rename(ready + '.tmp', ready)
        elif method == 'ping':
            write({'jsonrpc': '2.0', 'id': msg_id, 'result': {}})


if __name__ == '__main__':
    main()
