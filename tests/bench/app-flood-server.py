#!/usr/bin/python3
# app-flood-server.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# An MCP server on stdio that floods its client, for tests/bench/bench-app-flood.py.
# The app starts it from its servers file; it measures the app from outside:
#
#   app-flood-server.py requests RESULTS SECONDS RATE
#       sends RATE elicitation/create requests per second for SECONDS, in batches
#       every 10 ms; records when each is answered (answer or error).
#   app-flood-server.py messages RESULTS COUNT
#       writes COUNT notifications/message lines as fast as the pipe takes them,
#       then a ping: the time to its answer is the time the client took. A
#       tools/call (from `elicit call`) is answered once that is measured.
#
# In both, a ping goes out every 10 ms beside the flood: the client answers pings
# on its main loop, so the longest ping round trip bounds the longest stall.
# The client's RSS (/proc/<parent>/status) is read before and after. RESULTS gets
# one JSON object; the server then idles until its stdin closes.

import json
import os
import sys
import threading
import time

FORM = ('{"mode":"form","message":"Flood?","requestedSchema":{"type":"object",'
        '"properties":{"name":{"type":"string"}}}}')

lock = threading.Lock()
answered = {}
pings = {}
initialized = threading.Event()
tool_calls = []  # ids of tools/call, answered when the flood is over
stdin_closed = threading.Event()
out = sys.stdout.buffer


def write(text):
    out.write(text.encode() + b'\n')
    out.flush()


def rss_kib(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    return 0


def reader():
    for line in sys.stdin.buffer:
        now = time.monotonic()
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if not isinstance(msg, dict):
            continue
        method = msg.get('method')
        msg_id = msg.get('id')
        if method == 'initialize':
            version = (msg.get('params') or {}).get('protocolVersion', '2025-11-25')
            write(json.dumps({'jsonrpc': '2.0', 'id': msg_id, 'result': {
                'protocolVersion': version, 'capabilities': {'tools': {}, 'logging': {}},
                'serverInfo': {'name': 'flood', 'version': '1'}}}))
        elif method == 'notifications/initialized':
            initialized.set()
        elif method == 'tools/list':
            write(json.dumps({'jsonrpc': '2.0', 'id': msg_id, 'result': {'tools': []}}))
        elif method == 'ping':
            write(json.dumps({'jsonrpc': '2.0', 'id': msg_id, 'result': {}}))
        elif method == 'tools/call':
            with lock:
                tool_calls.append(msg_id)
        elif method is not None and msg_id is not None:
            write(json.dumps({'jsonrpc': '2.0', 'id': msg_id,
                              'error': {'code': -32601, 'message': 'Method not found'}}))
        elif method is None and isinstance(msg_id, str):
            with lock:
                if msg_id.startswith('f-'):
                    answered.setdefault(msg_id, now)
                elif msg_id.startswith('p-'):
                    pings[msg_id] = (pings.get(msg_id, (now, None))[0], now)
    stdin_closed.set()


def send_ping(n):
    with lock:
        pings['p-%d' % n] = (time.monotonic(), None)
    write('{"jsonrpc":"2.0","id":"p-%d","method":"ping"}' % n)


def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def ping_figures():
    with lock:
        timed = sorted((start, end - start) for start, end in pings.values() if end is not None)
        lost = sum(1 for _, end in pings.values() if end is None)
    rtts = [rtt for _, rtt in timed]
    figures = {'pings': len(rtts), 'pings_unanswered': lost,
               'longest_ping_ms': round(max(rtts) * 1000, 1) if rtts else None,
               'p99_ping_ms': round(percentile(rtts, 0.99) * 1000, 1) if rtts else None}
    if rtts:
        # The longest after the first second: the first request opens a dialog.
        later = [rtt for start, rtt in timed if start - timed[0][0] >= 1.0]
        figures['longest_ping_after_1s_ms'] = round(max(later) * 1000, 1) if later else None
    return figures


def flood_requests(seconds, rate):
    sent = {}
    batch = max(1, rate // 100)
    start = time.monotonic()
    n = 0
    tick = 0
    while True:
        now = time.monotonic()
        if now - start >= seconds:
            break
        lines = []
        for _ in range(batch):
            lines.append('{"jsonrpc":"2.0","id":"f-%d","method":"elicitation/create","params":%s}'
                         % (n, FORM))
            sent['f-%d' % n] = now
            n += 1
        out.write(('\n'.join(lines) + '\n').encode())
        out.flush()
        send_ping(tick)
        tick += 1
        delay = start + tick * 0.01 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    # What is still coming: up to 5 s.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with lock:
            if len(answered) >= len(sent):
                break
        time.sleep(0.05)
    with lock:
        latencies = [answered[i] - sent[i] for i in answered if i in sent]
    within_1s = sum(1 for x in latencies if x <= 1.0)
    return {'sent': len(sent), 'answered': len(latencies), 'answered_within_1s': within_1s,
            'p50_ms': round(percentile(latencies, 0.5) * 1000, 1) if latencies else None,
            'p99_ms': round(percentile(latencies, 0.99) * 1000, 1) if latencies else None,
            'seconds': seconds, 'rate': rate}


def flood_messages(count):
    pinger_stop = threading.Event()
    start = time.monotonic()
    chunk = 1000
    tick = 0
    for i in range(0, count, chunk):
        lines = ['{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info",'
                 '"logger":"flood","data":"flood message %d of %d"}}' % (j + 1, count)
                 for j in range(i, min(i + chunk, count))]
        out.write(('\n'.join(lines) + '\n').encode())
        out.flush()
        send_ping(tick)
        tick += 1
    # The last ping comes after every line: the client has read them all when it answers.
    last = 'p-%d' % (tick - 1)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        with lock:
            if pings[last][1] is not None:
                break
        time.sleep(0.01)
    pinger_stop.set()
    with lock:
        end = pings[last][1]
    return {'count': count, 'seconds': round(end - start, 2) if end else None}


def main():
    mode, results = sys.argv[1], sys.argv[2]
    threading.Thread(target=reader, daemon=True).start()
    initialized.wait(60)
    time.sleep(2)  # the window settles
    app = os.getppid()
    figures = {'mode': mode, 'rss_before_kib': rss_kib(app),
               'start_us': int(time.monotonic() * 1e6)}
    if mode == 'requests':
        figures.update(flood_requests(int(sys.argv[3]), int(sys.argv[4])))
    else:
        figures.update(flood_messages(int(sys.argv[3])))
    figures['end_us'] = int(time.monotonic() * 1e6)
    figures.update(ping_figures())
    time.sleep(1)
    figures['rss_after_kib'] = rss_kib(app)
    with open(results + '.tmp', 'w') as f:
        json.dump(figures, f)
    os.rename(results + '.tmp', results)
    # `elicit call --tool flood` waits for its result all along.
    with lock:
        calls = list(tool_calls)
    for call_id in calls:
        write(json.dumps({'jsonrpc': '2.0', 'id': call_id,
                          'result': {'content': [{'type': 'text', 'text': 'flooded'}]}}))
    stdin_closed.wait()


if __name__ == '__main__':
    main()
