# atspi_helpers.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What the Python tests share: a small TAP runner, and helpers that drive an
# ElicitDialog through the accessibility bus the way a screen reader or a
# person would (find fields by their labels, type, toggle, pick options,
# press buttons). The AT-SPI part needs Debian's python3-pyatspi, a session
# bus (dbus-run-session) and a display: Xvfb, or a headless mutter when
# GDK_BACKEND is wayland (tests/wayland-session.sh), where keys are typed
# through mutter's remote desktop API, as a real keyboard's reach the
# focused window; programs under test must run without GTK_A11Y and
# NO_AT_BRIDGE (see a11y_env()).

import json
import os
import re
import subprocess
import sys
import time

TIMEOUT = 30

_tests = []


def test(func):
    """Registers func as a test case; its name, dashed, is the TAP path."""
    _tests.append(func)
    return func


def tap(line):
    print(line, flush=True)


def skip_all(reason):
    tap('1..0 # SKIP ' + reason)
    sys.exit(0)


class Failure(Exception):
    pass


class Skip(Exception):
    pass


class ProgramExited(Failure):
    """The program under test is gone: no wait for its windows can succeed,
    and the wait says so at once instead of timing out on what it waited for."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def check_equal(got, expected, what):
    if got != expected:
        raise Failure('%s:\n  got      %r\n  expected %r' % (what, got, expected))


SCREENSHOTS = os.environ.get('ELICIT_SCREENSHOT_DIR')


def screenshot(name):
    """With ELICIT_SCREENSHOT_DIR set, a picture of the whole screen as NAME.png there."""
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        subprocess.run(['import', '-window', 'root', os.path.join(SCREENSHOTS, name + '.png')],
                       check=False)


def run_tests(prefix):
    """Runs every registered test as /Elicit/PREFIX/name; returns the exit status."""
    tap('1..%d' % len(_tests))
    failed = 0
    only = os.environ.get('ELICIT_TEST_ONLY')  # a substring of the names to run, while iterating
    for number, func in enumerate(_tests, 1):
        name = '/Elicit/%s/%s' % (prefix, func.__name__.replace('_', '-'))
        if only and only not in name:
            tap('ok %d %s # SKIP not in ELICIT_TEST_ONLY' % (number, name))
            continue
        try:
            func()
            tap('ok %d %s' % (number, name))
        except Skip as e:
            tap('ok %d %s # SKIP %s' % (number, name, e))
        except Exception as e:  # report every failure as TAP, go on
            failed += 1
            tap('not ok %d %s' % (number, name))
            for line in (str(e) or type(e).__name__).splitlines():
                tap('# ' + line)
    return 1 if failed else 0


def wait_for(what, func, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = func()
        except ProgramExited:
            raise
        except Exception:  # the tree changes under our feet while GTK builds it
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise Failure('timed out waiting for ' + what)


def check_running(process):
    """Raises ProgramExited, with how it ended and its stderr (when the test
    reads it), if process (a subprocess.Popen, or None) has exited."""
    if process is None or process.poll() is None:
        return
    status = process.returncode
    how = 'was killed by signal %d' % -status if status < 0 else 'exited with status %d' % status
    try:
        _, err = process.communicate(timeout=TIMEOUT)
    except (subprocess.TimeoutExpired, ValueError):
        err = None
    raise ProgramExited('the program under test %s%s' % (how, '; stderr:\n' + err if err else ''))


# AT-SPI ----------------------------------------------------------------------------

def on_wayland():
    """Whether this run shows its windows on Wayland (the lane of
    tests/wayland-session.sh), not on X11."""
    return os.environ.get('GDK_BACKEND') == 'wayland'


def display_missing():
    """Why no window can be shown here, or None."""
    if on_wayland():
        return None if os.environ.get('WAYLAND_DISPLAY') else \
            'no Wayland display (run under tests/wayland-session.sh)'
    return None if os.environ.get('DISPLAY') else 'no X display (run under xvfb-run)'


DISPLAY_VARIABLES = ('DISPLAY', 'XAUTHORITY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR')


def share_display_with_the_bus():
    # Under `dbus-run-session -- xvfb-run`, the bus started before the X
    # server: services it activates (the accessibility bus and its registry,
    # which synthesizes key presses) would not know the display.
    import gi
    gi.require_version('Gio', '2.0')
    from gi.repository import Gio, GLib

    env = {k: os.environ[k] for k in DISPLAY_VARIABLES if k in os.environ}
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                  'UpdateActivationEnvironment', GLib.Variant('(a{ss})', (env,)),
                  None, Gio.DBusCallFlags.NONE, -1, None)


def atspi_missing():
    """Why the AT-SPI tests cannot run here, or None; sets the bus up when they can."""
    if not os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
        return 'no session bus (run under dbus-run-session)'
    if display_missing():
        return display_missing()
    # libatspi warns when an application goes away while it is being asked
    # about, or comes before its cache does ("Error in GetItems"): not fatal
    # here. GLib reads G_DEBUG once, when gi first loads it; a test that loaded
    # gi before this (test-dont-remember-atspi.py) still has the suite's
    # fatal-warnings, hence the mask set again below.
    os.environ['G_DEBUG'] = 'gc-friendly,fatal-criticals'
    share_display_with_the_bus()
    from gi.repository import GLib
    GLib.log_set_always_fatal(GLib.LogLevelFlags.LEVEL_CRITICAL)
    try:
        import pyatspi  # noqa: F401
    except ImportError:
        return 'python3-pyatspi is not installed'
    return None


def a11y_env(base=None):
    """The environment for a program whose dialogs a test drives."""
    env = dict(base if base is not None else os.environ)
    env.pop('GTK_A11Y', None)
    env.pop('NO_AT_BRIDGE', None)
    # Warnings are not fatal (AT-SPI logs its own), a CRITICAL is.
    env['G_DEBUG'] = 'gc-friendly,fatal-criticals'
    env['GDK_BACKEND'] = 'wayland' if on_wayland() else 'x11'
    return env


def _pyatspi():
    import pyatspi
    return pyatspi


def walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def find(root, role, name):
    for acc in walk(root):
        if acc.getRoleName() == role and acc.name == name:
            return acc
    return None


def find_all(root, role):
    return [acc for acc in walk(root) if acc.getRoleName() == role]


def showing(acc):
    return acc.getState().contains(_pyatspi().STATE_SHOWING)


def sensitive(acc):
    return acc.getState().contains(_pyatspi().STATE_SENSITIVE)


def checked(acc):
    return acc.getState().contains(_pyatspi().STATE_CHECKED)


def do_action(acc, name=None):
    action = acc.queryAction()
    for i in range(action.nActions):
        if name is None or action.getName(i) == name:
            action.doAction(i)
            return
    raise Failure('%s %r has no action %r' % (acc.getRoleName(), acc.name, name))


def find_dialog(title, pid=None, timeout=TIMEOUT, process=None):
    """The showing window called title, of the process pid if given; fails
    at once should process, the program that shows it, exit first."""
    pyatspi = _pyatspi()

    def found():
        check_running(process)
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None or (pid is not None and app.get_process_id() != pid):
                continue
            for j in range(app.childCount):
                frame = app.getChildAtIndex(j)
                if frame is not None and frame.name == title and showing(frame):
                    return frame
        return None
    return wait_for('the window %r' % title, found, timeout)


def wait_sensitive(dialog, role, name, process=None):
    """The button (or other object) called name in dialog, once sensitive;
    fails at once should process, the dialog's program, exit first, and
    otherwise says what the dialog showed when the wait timed out."""
    def ready():
        check_running(process)
        acc = find(dialog, role, name)
        return acc if acc is not None and sensitive(acc) else None
    try:
        return wait_for('%s %r to be sensitive' % (role, name), ready)
    except ProgramExited:
        raise
    except Failure as e:
        raise Failure('%s; %s' % (e, dialog_account(dialog))) from None


WAITS_FOR = 'What Send waits for'  # ElicitDialog's line beside its buttons (its tooltip)


def dialog_account(dialog):
    """What a person would have seen of dialog: whether it was showing and had
    the focus, and what its line beside the buttons said Send waits for."""
    try:
        state = dialog.getState()
        waits = [acc.name for acc in walk(dialog) if acc.description == WAITS_FOR and acc.name]
    except Exception as e:  # destroyed, or its program does not answer
        return 'the dialog could not be read (%s)' % (str(e).splitlines() or [type(e).__name__])[0]
    return 'the dialog was %s, %s; %s' % (
        'showing' if state.contains(_pyatspi().STATE_SHOWING) else 'not showing',
        'active' if state.contains(_pyatspi().STATE_ACTIVE) else 'not active',
        'it said Send waits for: %r' % waits[0] if waits else 'it named nothing Send waits for')


def set_text(dialog, role, label, text):
    field = wait_for('the field %r' % label, lambda: find(dialog, role, label))
    field.queryEditableText().setTextContents(text)
    contents = field.queryText()
    # GTK 4.8 answers getText (0, -1) with nothing: ask for the exact range.
    check(contents.getText(0, contents.characterCount) == text,
          'the field %r did not take the text' % label)
    return field


def set_number(dialog, label, value):
    field = set_text(dialog, 'spin button', label, str(value))
    field.queryValue().currentValue = value
    return field


KEY_SPACE = 0x20
KEY_TAB = 0xff09


def focused(acc):
    return acc.getState().contains(_pyatspi().STATE_FOCUSED)


def tab_to(dialog, widget, limit=100):
    wait_for('the dialog to be active', lambda: dialog.getState().contains(_pyatspi().STATE_ACTIVE))
    for _ in range(limit):
        if focused(widget):
            return
        press(KEY_TAB)
    raise Failure('Tab never reached %s %r' % (widget.getRoleName(), widget.name))


def toggle(dialog, role, label, on=True, within=None):
    widget = wait_for('the %s %r' % (role, label), lambda: find(within or dialog, role, label))
    if checked(widget) != on:
        if widget.queryAction().nActions > 0:
            do_action(widget)
        else:
            # GTK 4.8 gives check buttons no action, nor grabFocus(): Tab to
            # it and press Space, as a person at the keyboard would.
            tab_to(dialog, widget)
            press(KEY_SPACE)
        wait_for('%r to be %s' % (label, 'on' if on else 'off'), lambda: checked(widget) == on)
    return widget


def answer_yes_no(dialog, label, yes=True):
    """Answers the yes/no question called label: its Yes or No button (GTK 4.8
    reports grouped check buttons as check boxes, the group as a grouping)."""
    def group():
        return next((acc for acc in walk(dialog) if acc.name == label and
                     acc.getRoleName() in ('grouping', 'panel', 'radio menu') and
                     find(acc, 'check box', 'Yes') is not None), None)
    question = wait_for('the yes/no question %r' % label, group)
    return toggle(dialog, 'check box', 'Yes' if yes else 'No', within=question)


KEY_DOWN = 0xff54
KEY_UP = 0xff52
KEY_RETURN = 0xff0d
KEY_ESCAPE = 0xff1b


KEY_CONTROL = 0xffe3


class _MutterKeyboard:
    """A virtual keyboard of mutter's remote desktop API
    (org.gnome.Mutter.RemoteDesktop): its keys go where a real keyboard's
    would, to the surface that has the keyboard focus. AT-SPI 2.46 cannot
    synthesize keys on Wayland."""

    def __init__(self):
        from gi.repository import Gio, GLib
        # mutter's bus (tests/wayland-seat.py), also for a test on a bus of its own.
        address = os.environ.get('ELICIT_TEST_MUTTER_BUS') or os.environ['DBUS_SESSION_BUS_ADDRESS']
        self.bus = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.session, = self.bus.call_sync(
            'org.gnome.Mutter.RemoteDesktop', '/org/gnome/Mutter/RemoteDesktop',
            'org.gnome.Mutter.RemoteDesktop', 'CreateSession', None, GLib.VariantType('(o)'),
            Gio.DBusCallFlags.NONE, -1, None).unpack()
        self._call('Start', None)

    def _call(self, method, args):
        from gi.repository import Gio
        self.bus.call_sync('org.gnome.Mutter.RemoteDesktop', self.session,
                           'org.gnome.Mutter.RemoteDesktop.Session', method, args, None,
                           Gio.DBusCallFlags.NONE, -1, None)

    def key(self, keysym, down):
        from gi.repository import GLib
        self._call('NotifyKeyboardKeysym', GLib.Variant('(ub)', (keysym, down)))


_keyboard = None


def _mutter_keyboard():
    global _keyboard
    if _keyboard is None:
        _keyboard = _MutterKeyboard()
    return _keyboard


def press(keysym):
    if on_wayland():
        _mutter_keyboard().key(keysym, True)
        _mutter_keyboard().key(keysym, False)
    else:
        pyatspi = _pyatspi()
        pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    time.sleep(0.05)


def keysym_of(char):
    code = ord(char)
    return code if 0x20 <= code <= 0x7e or 0xa0 <= code <= 0xff else 0x01000000 + code


def type_text(text):
    """Types text on the keyboard, into whatever has the focus."""
    if on_wayland():
        for char in text:
            press(keysym_of(char))
    else:
        pyatspi = _pyatspi()
        pyatspi.Registry.generateKeyboardEvent(0, text, pyatspi.KEY_STRING)


def press_with_control(keysym):
    """Control+keysym: Control held while keysym is pressed."""
    if on_wayland():
        keyboard = _mutter_keyboard()
        keyboard.key(KEY_CONTROL, True)
        try:
            press(keysym)
        finally:
            keyboard.key(KEY_CONTROL, False)
        return
    from gi.repository import Atspi
    pyatspi = _pyatspi()
    control_mask = 1 << 2
    pyatspi.Registry.generateKeyboardEvent(control_mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    try:
        press(keysym)
    finally:
        pyatspi.Registry.generateKeyboardEvent(control_mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def pick_option(dialog, label, option):
    combo = wait_for('the choice %r' % label, lambda: find(dialog, 'combo box', label))
    do_action(combo.getChildAtIndex(0), 'click')

    def option_item():
        for acc in walk(combo):
            if acc.getRoleName() == 'list item':
                if any(child.getRoleName() == 'label' and child.name == option for child in walk(acc)):
                    return acc
        return None

    # GTK 4.8 gives list items no action, and selecting through the list's
    # Selection does not reach the drop-down: use the keyboard, as a person
    # would, from the row that has the focus to the wanted one.
    item = wait_for('the option %r' % option, option_item)
    listing = item.parent
    check(listing.getRoleName() == 'list', 'the option is not in a list')
    focused = wait_for('a focused row',
                       lambda: next((acc for acc in walk(listing)
                                     if acc.getRoleName() == 'list item' and
                                     acc.getState().contains(_pyatspi().STATE_FOCUSED)), None))
    steps = item.getIndexInParent() - focused.getIndexInParent()
    for _ in range(abs(steps)):
        press(KEY_DOWN if steps > 0 else KEY_UP)
    press(KEY_RETURN)
    button = combo.getChildAtIndex(0)
    wait_for('the choice to show %r' % option,
             lambda: any(acc.getRoleName() == 'label' and acc.name == option
                         for acc in walk(button)))


def focused_object(root):
    """The object under root that has the keyboard focus, or None (the last
    in the tree, should more than one still say so)."""
    state = _pyatspi().STATE_FOCUSED
    found = [acc for acc in walk(root) if acc.getState().contains(state)]
    return found[-1] if found else None


def describe(acc):
    return '%s %r' % (acc.getRoleName(), acc.name)


def tab_stops(window, limit=120):
    """Every object Tab stops at in window, in order, once round: presses Tab
    until the focus comes back to where the round started. Only what a person
    at the keyboard reaches, so it finds invisible and unlabelled stops too."""
    wait_for('the window to be active', lambda: window.getState().contains(_pyatspi().STATE_ACTIVE))
    stops = []
    first = None
    previous = focused_object(window)

    def moved():
        current = focused_object(window)
        return current if current is not None and current != previous else None
    for _ in range(limit):
        press(KEY_TAB)
        # A Tab that leaves the focus where it was is a trap: this times out.
        current = previous = wait_for('the focus to move on from %s' %
                                      (describe(previous) if previous is not None else 'nothing'), moved)
        if first is not None and current == first:
            return stops
        if first is None:
            first = current
        stops.append(current)
    raise Failure('Tab did not come round in %d presses: %s' %
                  (limit, ', '.join(describe(acc) for acc in stops[:40])))


NAMELESS_ROLES = ('', 'unknown', 'invalid', 'filler', 'panel', 'static', 'section')


def unnamed_stops(stops, readable=()):
    """The Tab stops a screen reader could not announce: no role that says
    what it is, no name, or only GTK's fallback name, the widget's type
    ("GtkButton"). Labels a user only reads must not be Tab stops at all;
    readable names the selectable labels that may (a URL to copy)."""
    return [describe(acc) for acc in stops
            if acc.getRoleName() in NAMELESS_ROLES or not (acc.name or '').strip() or
            re.fullmatch(r'(Gtk|Adw|Elicit)[A-Z]\w*', acc.name) or
            (acc.getRoleName() == 'label' and acc.name not in readable)]


class DialogHost:
    """atspi-dialog-host (ELICIT_ATSPI_HOST) running one tool call against the
    demo server (ELICIT_DEMO_SERVER), or showing one request without a server."""

    def __init__(self, tool, arguments='{}', *server_arguments, request=None, env=None):
        env = dict(env if env is not None else os.environ)
        # The program must talk to the accessibility bus.
        env.pop('GTK_A11Y', None)
        env.pop('NO_AT_BRIDGE', None)
        env['GDK_BACKEND'] = 'wayland' if on_wayland() else 'x11'
        argv = ['--request', json.dumps(request)] if request is not None else \
            [os.environ['ELICIT_DEMO_SERVER'], tool, arguments] + list(server_arguments)
        self.process = subprocess.Popen([os.environ['ELICIT_ATSPI_HOST']] + argv, env=env,
                                        stdout=subprocess.PIPE, text=True)

    def application(self):
        desktop = _pyatspi().Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    def dialog(self, prefix='Request from '):
        """The dialog: the window whose title starts with prefix (another
        language's words for it, under LANGUAGE)."""
        def found():
            app = self.application()
            if app is None:
                return None
            for i in range(app.childCount):
                frame = app.getChildAtIndex(i)
                if frame is not None and frame.name.startswith(prefix) and showing(frame):
                    return frame
            return None
        return wait_for('the dialog', found)

    def result(self):
        try:
            out, _ = self.process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise Failure('the program did not finish')
        return out.strip()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class ConfigApp:
    """The app (ELICIT_BIN) on a servers file of its own, with env over
    a11y_env(); its output kept in a log, its settings in a temporary home."""

    def __init__(self, servers, env=None):
        import tempfile
        self.dir = tempfile.TemporaryDirectory()
        config = os.path.join(self.dir.name, 'servers.json')
        with open(config, 'w') as f:
            json.dump({'mcpServers': servers}, f)
        program_env = a11y_env()
        program_env['XDG_CONFIG_HOME'] = os.path.join(self.dir.name, 'config')
        program_env.update(env or {})
        self.log = open(os.path.join(self.dir.name, 'elicit.log'), 'w+')
        self.process = subprocess.Popen([os.environ['ELICIT_BIN'], '--config', config],
                                        env=program_env, stdout=self.log,
                                        stderr=subprocess.STDOUT)

    def window(self, title):
        """The app's window called title, shown or not; fails if the app quit."""
        pyatspi = _pyatspi()

        def found():
            check(self.process.poll() is None, 'the app quit')
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                if app is None or app.get_process_id() != self.process.pid:
                    continue
                for j in range(app.childCount):
                    frame = app.getChildAtIndex(j)
                    if frame is not None and frame.name == title:
                        return frame
            return None
        return wait_for('the window %r' % title, found)

    def close(self):
        self.process.kill()
        self.process.wait()
        self.log.close()
        self.dir.cleanup()
