#!/usr/bin/python3
# test-e2e-cli.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# `elicit call` and `elicit proxy` end to end, with real dialogs answered
# through the accessibility bus by field labels, as a person would:
#
#   - elicit call against elicit-demo-server and against
#     @modelcontextprotocol/server-everything (npm, pinned in tests/node);
#   - the official TypeScript SDK client (@modelcontextprotocol/sdk, declaring
#     no elicitation support) talking to `elicit proxy -- server-everything`:
#     the proxy adds the capability, the dialog asks, the client gets the
#     server's success text with the values typed;
#   - a flood of 1,000 requests through elicit call: one dialog at a time,
#     the excess refused with errors.
#
# Needs dbus-run-session, Xvfb and python3-pyatspi; the npm cases need
# `npm ci --prefix tests/node`. Run with Debian's /usr/bin/python3.

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile

from atspi_helpers import (Failure, Skip, TIMEOUT, a11y_env, atspi_missing, check, check_equal, do_action,
                           find, find_dialog, on_wayland, pick_option, run_tests, set_number, set_text, showing,
                           skip_all, test, toggle, wait_for, wait_sensitive, walk, tab_to, press, KEY_TAB,
                           focused, focused_object, describe, unnamed_stops)

# What the ASan build's tests run with (setup.sh); no MCP client passes them, and the
# stripped environments keep them so that LeakSanitizer reads its suppressions.
SANITIZER_VARIABLES = ('ASAN_OPTIONS', 'LSAN_OPTIONS', 'UBSAN_OPTIONS', 'GDK_DEBUG')
# What a client such as the MCP Inspector passes a server, and nothing else.
CLIENT_VARIABLES = ('HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER') + SANITIZER_VARIABLES
ELICIT = os.environ.get('ELICIT_BIN')
DEMO = os.environ.get('ELICIT_DEMO_SERVER')
NODE = os.environ.get('ELICIT_NODE')
NODE_MODULES = os.environ.get('ELICIT_NODE_MODULES', '')
HERE = os.environ.get('G_TEST_SRCDIR', os.path.dirname(os.path.abspath(__file__)))
EVERYTHING = os.path.join(NODE_MODULES, '@modelcontextprotocol', 'server-everything', 'dist', 'index.js')
SDK_CLIENT = os.path.join(HERE, 'proxy-sdk-client.mjs')
V2_CLIENT = os.path.join(HERE, 'v2-proxy-client.mjs')

if not ELICIT or not DEMO:
    skip_all('ELICIT_BIN and ELICIT_DEMO_SERVER must name the programs')
missing = atspi_missing()
if missing:
    skip_all(missing)


def need_everything():
    if not NODE or not os.path.exists(EVERYTHING):
        raise Skip('server-everything is not installed (npm ci --prefix tests/node)')


class Run:
    """A program whose dialogs the test answers; collects its output."""

    def __init__(self, argv, env=None, stdin=None):
        self.process = subprocess.Popen(argv, env=env or a11y_env(), stdin=stdin,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

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


def elicit_call(name, tool, arguments, *command):
    argv = [ELICIT, 'call', '--name', name, '--tool', tool]
    if arguments is not None:
        argv += ['--arguments', json.dumps(arguments)]
    return Run(argv + ['--'] + list(command))


def text_items(result):
    return [item['text'] for item in result['content']]


# elicit-demo-server ----------------------------------------------------------------

@test
def call_answers_the_demo_servers_form_in_a_dialog():
    run = elicit_call('Demo (elicit call)', 'register_user', None, DEMO)
    try:
        dialog = find_dialog('Request from Demo (elicit call)', pid=run.process.pid)
        check(find(dialog, 'label', 'The server calls itself “Elicit Demo Server”.') is not None,
              'the server\'s own name is not shown as its claim')
        set_text(dialog, 'text', 'Username', 'ada_l')
        set_text(dialog, 'text', 'Email Address', 'ada@example.com')
        set_number(dialog, 'Age', 36)
        pick_option(dialog, 'Country', 'Germany')
        toggle(dialog, 'check box', 'Subscribe to Newsletter')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))

        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        result = json.loads(out)
        check_equal(result['structuredContent'],
                    {'action': 'accept', 'content': {'username': 'ada_l', 'email': 'ada@example.com',
                                                     'age': 36, 'country': 'de', 'newsletter': True}},
                    'what the server received')
        check_equal(text_items(result),
                    ['accept: {"username":"ada_l","email":"ada@example.com","age":36,"country":"de",'
                     '"newsletter":true}'], 'the result text')
    finally:
        run.close()


class Settings:
    """A keyfile GSettings backend with accept-delay set, in a home of its own:
    what the programs started with env() read, as a user's dconf would be."""

    def __init__(self, accept_delay):
        self.dir = tempfile.mkdtemp(prefix='elicit-settings-')
        keyfile = os.path.join(self.dir, 'glib-2.0', 'settings', 'keyfile')
        os.makedirs(os.path.dirname(keyfile))
        with open(keyfile, 'w', encoding='utf-8') as f:
            f.write('[org/gnome/World/Elicit]\naccept-delay=%d\n' % accept_delay)

    def env(self):
        # --verbose lets the commands' debug log through: it says each dialog's delay.
        return dict(a11y_env(), GSETTINGS_BACKEND='keyfile', XDG_CONFIG_HOME=self.dir,
                    G_MESSAGES_DEBUG='Elicit', ELICIT_PROMPTER='local')

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def said_delay(err, delay):
    return 'presenter: a dialog, Accept waiting %d ms' % delay in err


@test
def calls_dialogs_wait_the_accept_delay_setting():
    settings = Settings(1234)
    run = Run([ELICIT, 'call', '--verbose', '--name', 'Delayed', '--tool', 'confirm',
               '--arguments', '{"question": "Go?"}', '--', DEMO], env=settings.env())
    try:
        dialog = find_dialog('Request from Delayed', pid=run.process.pid)
        do_action(wait_sensitive(dialog, 'push button', 'Decline'))
        status, out, err = run.finish()
        check_equal(status, 4, 'exit status')
        check(said_delay(err, 1234), 'the dialog\'s delay is not the setting\'s: %s' % err)
    finally:
        run.close()
        settings.close()


@test
def proxys_dialogs_wait_the_accept_delay_setting():
    settings = Settings(1500)
    run = Run([ELICIT, 'proxy', '--verbose', '--name', 'Delayed proxy', '--', DEMO],
              env=settings.env(), stdin=subprocess.PIPE)
    def send(message):
        run.process.stdin.write(json.dumps(message) + '\n')
        run.process.stdin.flush()

    try:
        send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
              'params': {'protocolVersion': '2025-11-25', 'capabilities': {},
                         'clientInfo': {'name': 'test', 'version': '1'}}})
        check_equal(json.loads(run.process.stdout.readline()).get('id'), 1, 'the first answer')
        send({'jsonrpc': '2.0', 'method': 'notifications/initialized'})
        send({'jsonrpc': '2.0', 'id': 2, 'method': 'tools/call',
              'params': {'name': 'confirm', 'arguments': {'question': 'Go?'}}})
        dialog = find_dialog('Request from Delayed proxy', pid=run.process.pid)
        do_action(wait_sensitive(dialog, 'push button', 'Decline'))
        answer = {}
        while answer.get('id') != 2:
            line = run.process.stdout.readline()
            check(line != '', 'the proxy ended before the answer')
            answer = json.loads(line)
        check_equal(answer['result']['structuredContent'], {'action': 'decline'},
                    'what the server received')
        # The client goes: the proxy stops; its stderr is complete.
        run.process.stdin.close()
        err = run.process.stderr.read()
        run.process.wait(timeout=TIMEOUT)
        check(said_delay(err, 1500), 'the dialog\'s delay is not the setting\'s: %s' % err)
    finally:
        run.close()
        settings.close()


@test
def call_accept_defaults_opens_a_url_request_with_elicit_browser():
    """ELICIT_BROWSER opens URL-mode pages too, so a script needs no desktop
    URL handler: `--accept-defaults` accepts the URL request, the command gets
    the URL, and the server completes it."""
    import shlex
    import tempfile
    with tempfile.TemporaryDirectory(prefix='elicit-browser-') as work:
        record = os.path.join(work, 'opened')
        browser = '%s -c %s %s' % (sys.executable if os.path.exists(sys.executable) else '/usr/bin/python3',
                                   shlex.quote('import sys; open(sys.argv[1], "w").write(sys.argv[2])'),
                                   shlex.quote(record))
        env = a11y_env()
        env['ELICIT_BROWSER'] = browser
        process = subprocess.Popen([ELICIT, 'call', '--name', 'Demo', '--accept-defaults',
                                    '--tool', 'url_login', '--arguments', '{"complete_after_ms": 10}',
                                    '--', DEMO], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        try:
            out, err = process.communicate(timeout=TIMEOUT * 4)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            raise Failure('elicit call did not finish; stderr:\n' + err)
        check_equal(process.returncode, 0, 'exit status (stderr: %s)' % err)
        with open(record) as f:
            opened = f.read()
        check(opened.startswith('https://auth.example.com/login'),
              'the browser command got %r' % opened)
        check_equal(json.loads(out)['structuredContent']['action'], 'accept', 'what the server received')


def screen_pixel(x, y):
    """The colour at (@x, @y) of the X screen, as #RRGGBB."""
    done = subprocess.run(['import', '-window', 'root', '-crop', '1x1+%d+%d' % (x, y), '-depth', '8', 'txt:-'],
                          capture_output=True, text=True, check=False)
    words = [word for word in done.stdout.split() if word.startswith('#')]
    return words[-1] if words else None


@test
def calls_dialog_has_libadwaitas_style_or_the_users_gtk_theme():
    # elicit call names libadwaita's empty theme in GTK_THEME while GTK starts, so that GTK's own
    # theme is not parsed for nothing, and takes it away before libadwaita starts, which loads
    # no stylesheet of its own while GTK_THEME is set. The window's background says whose style
    # it got: libadwaita's, light or dark, or GTK's Adwaita when the user named that theme.
    if on_wayland() or shutil.which('import') is None:
        raise Skip('reads the X screen with ImageMagick\'s import')
    cases = (({}, '#FAFAFA', 'libadwaita, light'),
             ({'ADW_DEBUG_COLOR_SCHEME': 'prefer-dark'}, '#242424', 'libadwaita, dark'),
             ({'GTK_THEME': 'Adwaita'}, '#F6F5F4', 'the user\'s GTK_THEME'))
    for extra, colour, whose in cases:
        env = dict(a11y_env(), ELICIT_PROMPTER='local', **extra)
        if 'GTK_THEME' not in extra:
            env.pop('GTK_THEME', None)
        run = Run([ELICIT, 'call', '--name', 'Style', '--tool', 'confirm', '--', DEMO], env=env)
        try:
            find_dialog('Request from Style', pid=run.process.pid)
            # The dialog sits at the screen's corner (no window manager); a point of its margin.
            seen = []
            try:
                wait_for('the dialog drawn', lambda: seen.append(screen_pixel(10, 250)) or seen[-1] == colour)
            except Failure:
                raise Failure('the dialog\'s background is %s, not %s (%s)' % (seen[-1], colour, whose))
        finally:
            run.close()


@test
def call_exits_4_when_the_user_declines():
    run = elicit_call('Demo', 'confirm', {'question': 'Delete the draft?'}, DEMO)
    try:
        dialog = find_dialog('Request from Demo', pid=run.process.pid)
        check(find(dialog, 'label', 'Delete the draft?') is not None, 'the question is not shown')
        do_action(wait_sensitive(dialog, 'push button', 'Decline'))
        status, out, err = run.finish()
        check_equal(status, 4, 'exit status')
        check_equal(json.loads(out)['structuredContent'], {'action': 'decline'}, 'what the server received')
        check_equal(err, 'elicit: a request from “Demo” was declined or cancelled\n', 'stderr')
    finally:
        run.close()


def gone(acc):
    try:
        return not showing(acc)
    except Exception:  # destroyed
        return True


def showing_dialogs(pid, title):
    import pyatspi
    desktop = pyatspi.Registry.getDesktop(0)
    count = 0
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is None or app.get_process_id() != pid:
            continue
        for j in range(app.childCount):
            frame = app.getChildAtIndex(j)
            if frame is not None and frame.name == title and showing(frame):
                count += 1
    return count


@test
def call_shows_a_flood_one_dialog_at_a_time_and_refuses_the_excess():
    # The 2025-11-25 flood: 1,000 server-initiated elicitation/create requests at once.
    run = elicit_call('Flood', 'flood_elicitations', {'count': 1000}, DEMO, '--protocol=2025-11-25')
    title = 'Request from Flood'
    try:
        for answered in range(16):
            dialog = find_dialog(title, pid=run.process.pid)
            check_equal(showing_dialogs(run.process.pid, title), 1, 'dialogs showing at once')
            do_action(wait_sensitive(dialog, 'push button', 'Cancel'))
            wait_for('the dialog to close', lambda: gone(dialog))

        status, out, err = run.finish()
        check_equal(status, 4, 'exit status')
        check_equal(text_items(json.loads(out)), ['accept: 0, decline: 0, cancel: 16, error: 984, invalid: 0\n'
                                                  'error -31000 “Refused without asking the user: too many '
                                                  'requests”: 984'],
                    'the server\'s tally, and the one error of a refused request')
        check_equal(err.splitlines(),
                    ['elicit: refused a request from “Flood”: Too many requests from this server are waiting '
                     'for the user; this one was refused without asking',
                     'elicit: a request from “Flood” was declined or cancelled',
                     'elicit: refused 984 requests from “Flood” in all'], 'stderr')
    finally:
        run.close()


# server-everything ------------------------------------------------------------------

def fill_everything_form(dialog, accept=True):
    check(find(dialog, 'label', 'Please provide inputs for the following fields:') is not None,
          'the server\'s message is not shown')
    set_text(dialog, 'text', 'String', 'Ada Lovelace')
    toggle(dialog, 'check box', 'Boolean')
    set_text(dialog, 'text', 'String with email format', 'ada@example.com')
    set_text(dialog, 'text', 'String with date format', '1815-12-10')
    set_number(dialog, 'Integer', 36)
    toggle(dialog, 'check box', 'Piano')
    pick_option(dialog, 'Titled Single Select Enum', 'Wonder Woman')
    pick_option(dialog, 'Legacy Titled Single Select Enum', 'Dogs')
    if accept:
        do_action(wait_sensitive(dialog, 'push button', 'Send'))


EVERYTHING_TEXT = ['✅ User provided the requested information!',
                   'User inputs:\n'
                   '- Name: Ada Lovelace\n'
                   '- Agreed to terms: true\n'
                   '- Email: ada@example.com\n'
                   '- Birthdate: 1815-12-10\n'
                   '- Favorite Integer: 36\n'
                   '- Favorite Number: 3.14']

EVERYTHING_CONTENT = {'name': 'Ada Lovelace', 'check': True, 'firstLine': 'It was a dark and stormy night.',
                      'email': 'ada@example.com', 'birthdate': '1815-12-10', 'integer': 36, 'number': 3.14,
                      'untitledSingleSelectEnum': 'Monica', 'untitledMultipleSelectEnum': ['Guitar', 'Piano'],
                      'titledSingleSelectEnum': 'hero-3', 'titledMultipleSelectEnum': ['fish-1'],
                      'legacyTitledEnum': 'pet-2'}


def check_everything_result(result):
    texts = text_items(result)
    check_equal(texts[:2], EVERYTHING_TEXT, 'server-everything\'s words')
    check(texts[2].startswith('\nRaw result: '), 'no raw result: %r' % texts[2])
    raw = json.loads(texts[2][len('\nRaw result: '):])
    check_equal(raw, {'action': 'accept', 'content': EVERYTHING_CONTENT}, 'what server-everything received')


@test
def call_answers_server_everythings_form_in_a_dialog():
    need_everything()
    run = elicit_call('Everything', 'trigger-elicitation-request', None, NODE, EVERYTHING, 'stdio')
    try:
        dialog = find_dialog('Request from Everything', pid=run.process.pid)
        fill_everything_form(dialog)
        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        check_everything_result(json.loads(out))
    finally:
        run.close()


@test
def server_everythings_form_takes_one_tab_per_control_to_accept():
    # Issue 12: it took 21 Tabs, through unlabelled and read-only stops.
    need_everything()
    run = elicit_call('Everything', 'trigger-elicitation-request', None, NODE, EVERYTHING, 'stdio')
    try:
        dialog = find_dialog('Request from Everything', pid=run.process.pid)
        fill_everything_form(dialog, accept=False)
        accept = wait_sensitive(dialog, 'push button', 'Send')
        first = find(dialog, 'text', 'String')
        tab_to(dialog, first)
        stops = []
        while not focused(accept):
            press(KEY_TAB)
            stops.append(wait_for('the focus', lambda: focused_object(dialog)))
            check(len(stops) < 60, 'Tab never reached Accept: %s' % ', '.join(map(describe, stops)))
        unnamed = unnamed_stops(stops)
        check(not unnamed, 'Tab stops a screen reader cannot name: %s' % ', '.join(unnamed))
        # From "String": the 12 other fields, of which the two multiple
        # choices are a check box per option (5 and 3: 6 more stops), then
        # Decline, Cancel, Accept; no Clear button after the Boolean (issue 19).
        check_equal(len(stops), 12 + 6 + 3,
                    'Tabs from the first field to Accept (%s)' % ', '.join(map(describe, stops)))
        do_action(accept)
        run.finish()
    finally:
        run.close()


@test
def the_sdk_client_gets_elicitation_through_the_proxy():
    need_everything()
    run = Run([NODE, SDK_CLIENT, NODE_MODULES, 'trigger-elicitation-request', '{}', '--',
               ELICIT, 'proxy', '--name', 'Everything (proxy)', '--', NODE, EVERYTHING, 'stdio'])
    try:
        # The SDK client runs the proxy, which shows the dialog.
        dialog = find_dialog('Request from Everything (proxy)', timeout=TIMEOUT * 2)
        check(find(dialog, 'label', 'The server calls itself “Everything Reference Server”.') is not None or
              any(acc.getRoleName() == 'label' and acc.name.startswith('The server calls itself ')
                  for acc in walk(dialog)),
              'the server\'s own name is not shown as its claim')
        fill_everything_form(dialog)
        status, out, err = run.finish()
        check_equal(status, 0, 'the SDK client\'s exit status (stderr: %s)' % err)
        answer = json.loads(out)
        # server-everything offers the tool only to clients that declare
        # elicitation: the proxy declared it for the SDK client.
        check('trigger-elicitation-request' in answer['tools'], 'tools: %r' % answer['tools'])
        check_everything_result(answer['result'])
    finally:
        run.close()


@test
def a_2026_only_client_gets_server_everythings_form_through_the_proxy():
    # Issue 22: the SDK v2 client pinned to 2026-07-28 sends modern requests, which a
    # 2025 server does not know; the proxy asks the server's era (server/discover,
    # refused), initializes it in the client's name and passes the requests on.
    need_everything()
    if not os.path.exists(os.path.join(NODE_MODULES, '@modelcontextprotocol', 'client', 'package.json')):
        raise Skip('@modelcontextprotocol/client is not installed (npm ci --prefix tests/node)')
    run = Run([NODE, V2_CLIENT, NODE_MODULES, 'trigger-elicitation-request', '--',
               ELICIT, 'proxy', '--name', 'Everything (2026 client)', '--', NODE, EVERYTHING, 'stdio'])
    try:
        dialog = find_dialog('Request from Everything (2026 client)', timeout=TIMEOUT * 2)
        fill_everything_form(dialog)
        status, out, err = run.finish()
        check_equal(status, 0, 'the v2 client\'s exit status (stderr: %s)' % err)
        answer = json.loads(out)
        check_equal(answer['protocolVersion'], '2026-07-28', 'the version the client speaks')
        check_everything_result(answer['result'])
    finally:
        run.close()


@test
def the_sdk_client_with_no_one_to_ask_is_told_why_through_the_proxy():
    # Issue 22: the SDK's default environment (no display, no bus) and no Elicit app: the
    # SDK client's call fails with what happened and how to fix it, not a bare cancel.
    need_everything()
    env = {name: os.environ[name] for name in CLIENT_VARIABLES
           if name in os.environ}
    env['ELICIT_PROMPTER'] = 'local'  # never a prompter of the machine's own session
    done = subprocess.run([NODE, SDK_CLIENT, NODE_MODULES, 'trigger-elicitation-request', '{}', '--',
                           ELICIT, 'proxy', '--name', 'Everything', '--', NODE, EVERYTHING, 'stdio'],
                          env=env, capture_output=True, text=True, timeout=TIMEOUT * 4)
    check_equal(done.returncode, 1, 'the SDK client\'s exit status (stdout %r)' % done.stdout)
    check('MCP error -32603: “Everything” asked for input, but elicit proxy found no one to ask: it '
          'has no display, and no Elicit app answers on the session bus. Start the Elicit app, or '
          'pass DISPLAY (or WAYLAND_DISPLAY) and DBUS_SESSION_BUS_ADDRESS to elicit proxy in the '
          'client’s configuration of this server' in done.stderr, 'the client\'s error: %r' % done.stderr)


class EverythingSse:
    """server-everything in its `sse` mode: the HTTP+SSE transport of 2024-11-05 alone
    (GET /sse, POST /message), on a port the kernel picked for a moment before."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(('127.0.0.1', 0))
            port = probe.getsockname()[1]
        self.url = 'http://127.0.0.1:%d/sse' % port
        self.process = subprocess.Popen([NODE, EVERYTHING, 'sse'], env=dict(os.environ, PORT=str(port)),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in self.process.stderr:
            if 'Server is running on port' in line:
                return
        raise Failure('server-everything did not start in sse mode')

    def close(self):
        self.process.kill()
        self.process.wait()
        self.process.stderr.close()


@test
def call_falls_back_to_server_everythings_old_http_sse_transport():
    # Issue 22: a 2024-11-05 server answers the initialize POST with 404; as the spec's
    # backwards-compatibility section says, Elicit then GETs the event stream, takes its
    # `endpoint` event and POSTs there. The form comes through it, answered in a dialog.
    need_everything()
    server = EverythingSse()
    run = Run([ELICIT, 'call', '--name', 'Everything SSE', '--url', server.url,
               '--tool', 'trigger-elicitation-request'])
    try:
        dialog = find_dialog('Request from Everything SSE', pid=run.process.pid)
        fill_everything_form(dialog)
        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        check_everything_result(json.loads(out))
    finally:
        run.close()
        server.close()


@test
def call_runs_a_task_that_stops_to_ask():
    # simulate-research-query must run as a task (2025-11-25): Elicit polls
    # it, calls tasks/result when it needs input, and the server's question
    # arrives there, answered in the usual dialog.
    need_everything()
    run = elicit_call('Everything', 'simulate-research-query', {'topic': 'python', 'ambiguous': True},
                      NODE, EVERYTHING, 'stdio')
    try:
        dialog = find_dialog('Request from Everything', pid=run.process.pid)
        pick_option(dialog, 'Clarification', 'Monty Python comedy group')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))
        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        report = text_items(json.loads(out))[0]
        check(report.startswith('# Research Report: python (comedy)'), 'the report: %r' % report[:200])
        check('`working` → `input_required` → `working` → `completed`' in report,
              'the task\'s path: %r' % report)
    finally:
        run.close()


@test
def call_answers_an_elicitation_the_server_runs_as_a_task():
    # trigger-elicitation-request-async sends elicitation/create with a task
    # and polls Elicit's tasks/get and tasks/result for the answer.
    need_everything()
    run = elicit_call('Everything', 'trigger-elicitation-request-async', None, NODE, EVERYTHING, 'stdio')
    try:
        dialog = find_dialog('Request from Everything', pid=run.process.pid)
        set_text(dialog, 'text', 'Your Name', 'Ada Lovelace')
        pick_option(dialog, 'Favorite Color', 'Purple')
        do_action(wait_sensitive(dialog, 'push button', 'Send'))
        status, out, err = run.finish()
        check_equal(status, 0, 'exit status (stderr: %s)' % err)
        texts = text_items(json.loads(out))
        check_equal(texts[:2], ['[COMPLETED] User provided the requested information!',
                                'User inputs:\n- Name: Ada Lovelace\n- Favorite Color: Purple'],
                    'what server-everything got through tasks/result')
    finally:
        run.close()


if __name__ == '__main__':
    sys.exit(run_tests('E2eCli'))
