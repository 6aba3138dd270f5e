# secret_service.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The Secret Service seen from outside, for the tests that run inside
# tests/keyring-session.sh (test-token-store-keyring.py, test-e2e-auth.py):
# which items Elicit left for a server, and locking and unlocking the "login"
# collection as a user would, without a prompt.

from gi.repository import Gio, GLib

SECRETS = 'org.freedesktop.secrets'
SERVICE_PATH = '/org/freedesktop/secrets'
SERVICE_IFACE = 'org.freedesktop.Secret.Service'
ITEM_IFACE = 'org.freedesktop.Secret.Item'
LOGIN = '/org/freedesktop/secrets/collection/login'
SCHEMA = 'org.gnome.World.Elicit.Token'

_bus = []


def bus():
    # Held for the whole run: the plain session of unlock_login() lives as long as the
    # connection that opened it, and GLib drops a shared connection nobody holds.
    if not _bus:
        _bus.append(Gio.bus_get_sync(Gio.BusType.SESSION, None))
    return _bus[0]


def call(path, iface, method, args, reply=None):
    return bus().call_sync(SECRETS, path, iface, method, args,
                           GLib.VariantType.new(reply) if reply else None,
                           Gio.DBusCallFlags.NONE, -1, None).unpack()


def items_of(resource):
    """The paths of Elicit's items for @resource, locked or not."""
    unlocked, locked = call(SERVICE_PATH, SERVICE_IFACE, 'SearchItems',
                            GLib.Variant('(a{ss})', ({'xdg:schema': SCHEMA,
                                                      'resource': resource},)),
                            '(aoao)')
    return unlocked + locked


def item_property(path, name):
    return call(path, 'org.freedesktop.DBus.Properties', 'Get',
                GLib.Variant('(ss)', (ITEM_IFACE, name)), '(v)')[0]


def lock_login():
    call(SERVICE_PATH, SERVICE_IFACE, 'Lock', GLib.Variant('(ao)', ([LOGIN],)), '(aoo)')


def unlock_login(password):
    # GNOME Keyring's own way to unlock without a prompt, as Passwords and Keys does.
    _, session = call(SERVICE_PATH, SERVICE_IFACE, 'OpenSession',
                      GLib.Variant('(sv)', ('plain', GLib.Variant('s', ''))), '(vo)')
    secret = (session, b'', password.encode(), 'text/plain')
    call(SERVICE_PATH, 'org.gnome.keyring.InternalUnsupportedGuiltRiddenInterface',
         'UnlockWithMasterPassword', GLib.Variant('(o(oayays))', (LOGIN, secret)))


def secret_of(path):
    """The text an unlocked item keeps, read over a plain session as a
    keyring browser would."""
    _, session = call(SERVICE_PATH, SERVICE_IFACE, 'OpenSession',
                      GLib.Variant('(sv)', ('plain', GLib.Variant('s', ''))), '(vo)')
    secrets, = call(SERVICE_PATH, SERVICE_IFACE, 'GetSecrets',
                    GLib.Variant('(aoo)', ([path], session)), '(a{o(oayays)})')
    call(session, 'org.freedesktop.Secret.Session', 'Close', None)
    return bytes(secrets[path][2]).decode('utf-8')
