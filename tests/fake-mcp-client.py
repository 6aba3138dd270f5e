#!/usr/bin/python3
# fake-mcp-client.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A stand-in MCP client for the prompter tests: starts
# `ELICIT proxy --name NAME -- /usr/bin/python3 fake-mcp-server.py` as an MCP
# client would, initializes, calls the server's "elicit" tool with PARAMS
# (JSON; the server's one-field form if empty) and prints the tool's result
# text (the answer the server got, as JSON) on stdout, then exits.
#
#   fake-mcp-client.py ELICIT NAME PARAMS [--strip-env HOME PATH XDG_RUNTIME_DIR]
#
# --strip-env starts the proxy with only those variables, as the MCP
# TypeScript SDK's StdioClientTransport does (no DISPLAY, no bus address).
# The proxy names the client after the clientInfo of its initialize: that is
# FAKE_MCP_CLIENT_INFO (JSON) when set, none at all when it is "none" (then
# the proxy takes its parent's process name: run this through a link named as
# the client should be, "claude"), else {"name": "fake-client"}.

import json
import os
import subprocess
import sys

elicit, name, params = sys.argv[1:4]
here = os.path.dirname(os.path.abspath(__file__))
env = None
if len(sys.argv) > 4 and sys.argv[4] == '--strip-env':
    env = {'HOME': sys.argv[5], 'PATH': sys.argv[6], 'XDG_RUNTIME_DIR': sys.argv[7]}

proxy = subprocess.Popen([elicit, 'proxy', '--name', name, '--', '/usr/bin/python3',
                          os.path.join(here, 'fake-mcp-server.py')],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)


def send(message):
    proxy.stdin.write(json.dumps(message) + '\n')
    proxy.stdin.flush()


def reply(msg_id):
    for line in proxy.stdout:
        message = json.loads(line)
        if message.get('id') == msg_id and ('result' in message or 'error' in message):
            return message
    raise SystemExit('fake-mcp-client: the proxy closed before answering')


initialize = {'protocolVersion': '2025-11-25', 'capabilities': {}}
client_info = os.environ.get('FAKE_MCP_CLIENT_INFO')
if client_info != 'none':
    initialize['clientInfo'] = (json.loads(client_info) if client_info
                                else {'name': 'fake-client', 'version': '1'})
send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': initialize})
reply(1)
send({'jsonrpc': '2.0', 'method': 'notifications/initialized'})
arguments = {'params': json.loads(params)} if params else {}
send({'jsonrpc': '2.0', 'id': 2, 'method': 'tools/call',
      'params': {'name': 'elicit', 'arguments': arguments}})
result = reply(2)
print(result['result']['content'][0]['text'], flush=True)
proxy.stdin.close()
proxy.wait()
