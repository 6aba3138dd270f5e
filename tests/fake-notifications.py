#!/usr/bin/python3
# fake-notifications.py
#
# Copyright 2026 The Elicit authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A stand-in for the desktop's notification server on a test's session bus:
# owns org.freedesktop.Notifications, accepts every notification, and writes
# each one, as a JSON line {"summary": …, "body": …}, to the file named by its
# argument. Prints "ready" once it owns the name. Run with Debian's
# /usr/bin/python3 (python3-gi).

import json
import sys

from gi.repository import Gio, GLib

INTERFACE = '''
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/>
      <arg type="u" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/>
      <arg type="i" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification">
      <arg type="u" direction="in"/>
    </method>
    <method name="GetCapabilities">
      <arg type="as" direction="out"/>
    </method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
    </method>
    <signal name="NotificationClosed">
      <arg type="u"/>
      <arg type="u"/>
    </signal>
    <signal name="ActionInvoked">
      <arg type="u"/>
      <arg type="s"/>
    </signal>
  </interface>
</node>
'''

log_path = sys.argv[1]
next_id = [1]


def method_call(connection, sender, path, interface, method, params, invocation):
    if method == 'Notify':
        app_name, replaces, icon, summary, body, actions, hints, timeout = params.unpack()
        with open(log_path, 'a', encoding='utf-8') as log:
            log.write(json.dumps({'summary': summary, 'body': body}) + '\n')
        invocation.return_value(GLib.Variant('(u)', (next_id[0],)))
        next_id[0] += 1
    elif method == 'CloseNotification':
        invocation.return_value(None)
    elif method == 'GetCapabilities':
        invocation.return_value(GLib.Variant('(as)', (['body', 'actions'],)))
    elif method == 'GetServerInformation':
        invocation.return_value(GLib.Variant('(ssss)', ('fake', 'elicit', '1', '1.2')))


def bus_acquired(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object('/org/freedesktop/Notifications', info.interfaces[0],
                               method_call, None, None)


def name_acquired(connection, name):
    print('ready', flush=True)


def name_lost(connection, name):
    sys.exit('could not own ' + name)


Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.Notifications',
                 Gio.BusNameOwnerFlags.NONE, bus_acquired, name_acquired, name_lost)
GLib.MainLoop().run()
