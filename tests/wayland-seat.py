#!/usr/bin/python3
# wayland-seat.py COMMAND [ARG...]
#
# Run by tests/wayland-session.sh inside its headless mutter: gives the seat
# a keyboard, then runs COMMAND and exits with its status.
#
# A headless mutter has no input device: no window gets the keyboard focus
# (GTK's is-active stays false), so no key could reach one. A virtual
# keyboard of mutter's remote desktop API (org.gnome.Mutter.RemoteDesktop)
# is one; it lives as long as the D-Bus connection that made it, hence this
# process around COMMAND. The keyboard is ready once a window shown here is
# given the focus, as mutter gives it to every new window (the event waited
# for, not a time).

import os
import subprocess
import sys

import gi
gi.require_version('Gtk', '4.0')
from gi.repository import Gio, GLib, Gtk  # noqa: E402

KEY_SHIFT = 0xffe1
TIMEOUT = 30


def fail(message):
    sys.stderr.write('wayland-seat.py: %s\n' % message)
    sys.exit(1)


def virtual_keyboard(bus):
    session, = bus.call_sync('org.gnome.Mutter.RemoteDesktop', '/org/gnome/Mutter/RemoteDesktop',
                             'org.gnome.Mutter.RemoteDesktop', 'CreateSession', None,
                             GLib.VariantType('(o)'), Gio.DBusCallFlags.NONE, -1, None).unpack()

    def call(method, args=None):
        bus.call_sync('org.gnome.Mutter.RemoteDesktop', session,
                      'org.gnome.Mutter.RemoteDesktop.Session', method, args, None,
                      Gio.DBusCallFlags.NONE, -1, None)
    call('Start')
    # The device exists in mutter once it sent a key: Shift, which types nothing.
    for down in (True, False):
        call('NotifyKeyboardKeysym', GLib.Variant('(ub)', (KEY_SHIFT, down)))


def wait_for_focus():
    """Shows a window and waits until it has the keyboard focus."""
    Gtk.init()
    window = Gtk.Window(title='wayland-seat')
    context = GLib.MainContext.default()
    deadline = GLib.get_monotonic_time() + TIMEOUT * 1000000
    window.present()
    while not window.is_active():
        if GLib.get_monotonic_time() > deadline:
            fail('no window gets the keyboard focus in this mutter')
        context.iteration(True)
    window.destroy()
    while context.pending():
        context.iteration(False)


def main():
    if len(sys.argv) < 2:
        fail('usage: wayland-seat.py COMMAND [ARG...]')
    if os.environ.get('DISPLAY'):
        fail('DISPLAY is set: this must run without an X server')
    os.environ['GDK_BACKEND'] = 'wayland'
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    virtual_keyboard(bus)
    # Only this check uses GTK here; COMMAND chooses its own backend. Nor is
    # this window for the accessibility bus: GTK 4 ignores NO_AT_BRIDGE (GTK
    # 3's switch) and would register an application there whose main loop
    # stops below, so that every question put to it waits for its timeout.
    a11y = os.environ.get('GTK_A11Y')
    os.environ['NO_AT_BRIDGE'] = '1'
    os.environ['GTK_A11Y'] = 'none'
    wait_for_focus()
    del os.environ['GDK_BACKEND']
    del os.environ['NO_AT_BRIDGE']
    if a11y is None:
        del os.environ['GTK_A11Y']
    else:
        os.environ['GTK_A11Y'] = a11y
    # Tests that run on a bus of their own, with an XDG_RUNTIME_DIR of their
    # own, still reach this compositor and its keyboard.
    display = os.environ['WAYLAND_DISPLAY']
    if not os.path.isabs(display):
        os.environ['WAYLAND_DISPLAY'] = os.path.join(os.environ['XDG_RUNTIME_DIR'], display)
    os.environ['ELICIT_TEST_MUTTER_BUS'] = os.environ['DBUS_SESSION_BUS_ADDRESS']
    sys.exit(subprocess.call(sys.argv[1:]))


main()
