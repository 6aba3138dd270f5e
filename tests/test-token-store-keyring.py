#!/usr/bin/python3
# test-token-store-keyring.py: ElicitTokenStore against a real GNOME Keyring.
#
# Copyright 2026 The Elicit authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run inside tests/keyring-session.sh (a throwaway home, a private session bus,
# gnome-keyring-daemon unlocked with a test password), by Debian's
# /usr/bin/python3, with ELICIT_TOKEN_STORE_TOOL pointing at token-store-tool;
# with GI_TYPELIB_PATH and LD_LIBRARY_PATH pointing into the build tree, it
# also drives the store through Elicit-1.0. Several processes share the keyring
# as `elicit call`, `elicit proxy` and the app do. Prints TAP.

import os
import subprocess
import sys

from gi.repository import Gio, GLib

from secret_service import (SCHEMA, SECRETS, bus, item_property, items_of, lock_login,
                            unlock_login)

TOOL = os.environ['ELICIT_TOKEN_STORE_TOOL']
HOME = os.environ['ELICIT_TEST_KEYRING_HOME']
KEYRING_FILE = os.environ['ELICIT_TEST_KEYRING_FILE']
PASSWORD = os.environ['ELICIT_TEST_KEYRING_PASSWORD']
DAEMON_PID = int(os.environ['ELICIT_TEST_KEYRING_PID'])

# The query is part of the resource, never of the label.
SERVER = 'https://mcp.example.com/mcp?tenant=t1'
LABEL = 'Elicit sign-in for https://mcp.example.com/mcp'
ISSUER_A = 'https://auth-a.example.com'
ISSUER_B = 'https://auth-b.example.com'

# Distinct token values, each grepped for where it must never be.
TOKENS = ['tok-alpha-5f1c9e', 'tok-bravo-7d2a41', 'tok-charlie-c3b802', 'tok-delta-91e0f7',
          'tok-echo-4ab6d3']


def record(token):
    return '{"access_token":"%s","token_type":"Bearer"}' % token


LOCKED_SAVE = ('Your keyring is locked, so the sign-in cannot be remembered; unlock it (for '
               'example in Passwords and Keys) and try again, or choose not to remember the '
               'sign-in')
LOCKED_LOOKUP = ('Your keyring is locked, so the remembered sign-in cannot be read; unlock it '
                 '(for example in Passwords and Keys) and try again, or sign in without '
                 'remembering it')
LOCKED_FORGET = ('Your keyring is locked, so the remembered sign-in cannot be removed from it; '
                 'unlock it (for example in Passwords and Keys) and sign out again')
NO_KEYRING_SAVE = ('No keyring is available to remember the sign-in; it is kept only until '
                   'Elicit quits')
NO_KEYRING_LOOKUP = ('No keyring is available to look up a remembered sign-in; sign-ins are '
                     'kept only until Elicit quits')

results = []
tool_logs = []


def check(description, condition, detail=''):
    results.append((description, bool(condition), detail))


def tool(*args, env=None):
    """Runs token-store-tool with debug logs on; returns its result lines."""
    run_env = dict(os.environ, G_MESSAGES_DEBUG='all', LC_ALL='C.UTF-8')
    run_env.update(env or {})
    proc = subprocess.run([TOOL, *args], capture_output=True, text=True, env=run_env,
                          timeout=120)
    # GLib writes debug and info lines to standard output: keep all of it for log_checks.
    lines = proc.stdout.splitlines()
    results = [line for line in lines if line.startswith(('save: ', 'lookup: ', 'forget: '))]
    tool_logs.extend(line for line in lines + proc.stderr.splitlines() if line not in results)
    if proc.returncode != 0:
        return ['exit %d: %s' % (proc.returncode, proc.stderr.strip())]
    return results


# The Secret Service, seen from outside: secret_service.py ------------------------


def stop_daemon():
    """Stops gnome-keyring-daemon and waits until the bus says it is gone."""
    loop = GLib.MainLoop()
    gone = []

    def vanished(connection, name):
        gone.append(True)
        loop.quit()

    def appeared(connection, name, owner):
        os.kill(DAEMON_PID, 15)

    def limit():
        timer.clear()
        loop.quit()
        return GLib.SOURCE_REMOVE

    watch = Gio.bus_watch_name_on_connection(bus(), SECRETS, Gio.BusNameWatcherFlags.NONE,
                                             appeared, vanished)
    timer = [GLib.timeout_add_seconds(60, limit)]
    loop.run()
    if timer:
        GLib.source_remove(timer[0])
    Gio.bus_unwatch_name(watch)
    return bool(gone)


# Through Elicit-1.0 --------------------------------------------------------------

def gi_store():
    import gi
    gi.require_version('Elicit', '1.0')
    from gi.repository import Elicit
    return Elicit, Elicit.TokenStore.new(Elicit.TokenStoreFlags.KEYRING)


def gi_run(start, finish):
    loop = GLib.MainLoop()
    out = {}

    def done(store, result):
        try:
            out['value'] = finish(result)
        except GLib.Error as e:
            out['error'] = e
        loop.quit()

    start(done)
    loop.run()
    if 'error' in out:
        raise out['error']
    return out['value']


def gi_checks():
    if 'GI_TYPELIB_PATH' not in os.environ:
        check('the store through Elicit-1.0 # SKIP built without introspection', True)
        return
    Elicit, store = gi_store()
    check('Elicit-1.0: a TokenStore of the keyring has flags KEYRING',
          store.get_flags() == Elicit.TokenStoreFlags.KEYRING)
    found = gi_run(lambda cb: store.lookup_async(SERVER, None, cb),
                   store.lookup_finish)
    check('Elicit-1.0: lookup in this process finds what another process saved',
          found == record(TOKENS[0]), repr(found))
    saved = gi_run(lambda cb: store.save_async(SERVER, ISSUER_B, record(TOKENS[1]), None, cb),
                   store.save_finish)
    check('Elicit-1.0: save for a second issuer succeeds', saved is True)
    try:
        gi_run(lambda cb: store.save_async(SERVER, ISSUER_B, '[1]', None, cb), store.save_finish)
        check('Elicit-1.0: an invalid record is an error', False, 'no error')
    except GLib.Error as e:
        check('Elicit-1.0: an invalid record is ElicitTokenStoreError.INVALID',
              e.matches(Elicit.token_store_error_quark(), Elicit.TokenStoreError.INVALID)
              and e.message == 'The sign-in record is not a JSON object', e.message)


def gi_remember_checks():
    """Don't remember, and try again, through Elicit-1.0 in a real keyring."""
    if 'GI_TYPELIB_PATH' not in os.environ:
        check('remember through Elicit-1.0 # SKIP built without introspection', True)
        return
    Elicit, store = gi_store()
    save = (lambda token: gi_run(lambda cb: store.save_async(SERVER, ISSUER_A, record(token),
                                                             None, cb), store.save_finish))
    lookup = lambda: gi_run(lambda cb: store.lookup_async(SERVER, None, cb), store.lookup_finish)
    save_pending = lambda: gi_run(lambda cb: store.save_pending_async(None, cb),
                                  store.save_pending_finish)

    check('Elicit-1.0: a keyring store remembers', store.get_remember() is True)
    store.set_remember(False)
    check('Elicit-1.0: after remember=FALSE, a save succeeds and the store has the record',
          save(TOKENS[0]) is True and lookup() == record(TOKENS[0]))
    check('after remember=FALSE, a save leaves no item in the (unlocked) keyring',
          items_of(SERVER) == [], repr(items_of(SERVER)))

    store.set_remember(True)
    lock_login()
    try:
        save(TOKENS[1])
        check('Elicit-1.0: remembering again, a save to a locked keyring fails', False)
    except GLib.Error as e:
        check('Elicit-1.0: remembering again, a save to a locked keyring is LOCKED',
              e.matches(Elicit.token_store_error_quark(), Elicit.TokenStoreError.LOCKED)
              and e.message == LOCKED_SAVE, e.message)
    try:
        save_pending()
        check('Elicit-1.0: trying again while still locked fails', False)
    except GLib.Error as e:
        check('Elicit-1.0: trying again while still locked says LOCKED again',
              e.matches(Elicit.token_store_error_quark(), Elicit.TokenStoreError.LOCKED), e.message)
    unlock_login(PASSWORD)
    check('Elicit-1.0: once unlocked, trying again saves what memory alone held',
          save_pending() is True and len(items_of(SERVER)) == 1
          and tool('lookup', SERVER) == ['lookup: ' + record(TOKENS[1])],
          repr((items_of(SERVER), tool('lookup', SERVER))))
    check('Elicit-1.0: trying again with nothing pending changes nothing',
          save_pending() is True and len(items_of(SERVER)) == 1)
    tool('forget', SERVER)


# The scenario ----------------------------------------------------------------------

def sharing_checks():
    check('a save in one process succeeds',
          tool('save', SERVER, ISSUER_A, record(TOKENS[0])) == ['save: ok'])
    out = tool('lookup', SERVER)
    check('a lookup in a second process finds the record',
          out == ['lookup: ' + record(TOKENS[0])], repr(out))

    gi_checks()
    if 'GI_TYPELIB_PATH' in os.environ:
        out = tool('lookup', SERVER)
        check('the most recently saved record wins across processes (second issuer)',
              out == ['lookup: ' + record(TOKENS[1])], repr(out))
    else:
        tool('save', SERVER, ISSUER_B, record(TOKENS[1]))

    out = tool('save', SERVER, ISSUER_A, record(TOKENS[2]), 'lookup', SERVER)
    check('saving for the first issuer again replaces its record and makes it the newest',
          out == ['save: ok', 'lookup: ' + record(TOKENS[2])], repr(out))
    out = tool('lookup', SERVER)
    check('... in another process too', out == ['lookup: ' + record(TOKENS[2])], repr(out))


def item_checks():
    items = items_of(SERVER)
    check('the keyring holds one item per issuer', len(items) == 2, repr(items))
    issuers = set()
    for path in items:
        label = item_property(path, 'Label')
        attributes = item_property(path, 'Attributes')
        issuer = attributes.get('issuer')
        issuers.add(issuer)
        check('the item of %s is labelled “%s”' % (issuer, LABEL), label == LABEL, repr(label))
        check('the item of %s has the attributes xdg:schema, resource, issuer and saved'
              % issuer,
              sorted(attributes) == ['issuer', 'resource', 'saved', 'xdg:schema']
              and attributes['xdg:schema'] == SCHEMA and attributes['resource'] == SERVER
              and attributes['saved'].isdigit(), repr(attributes))
        check('no attribute of the item of %s holds a token' % issuer,
              not any(t in v for v in attributes.values() for t in TOKENS), repr(attributes))
    check('the items are those of both issuers', issuers == {ISSUER_A, ISSUER_B}, repr(issuers))


def file_checks(when):
    check('%s, the keyring file exists' % when, os.path.isfile(KEYRING_FILE), KEYRING_FILE)
    leaks = []
    for root, _, files in os.walk(HOME):
        for name in files:
            path = os.path.join(root, name)
            try:
                with open(path, 'rb') as f:
                    data = f.read()
            except OSError:
                continue
            for token in TOKENS:
                if token.encode() in data:
                    leaks.append((path, token))
    check('%s, no file under the home holds a token in plain text (the keyring file '
          'neither)' % when,
          not leaks, repr(leaks))


def forget_checks():
    out = tool('forget', SERVER, 'lookup', SERVER)
    check('forget removes the records of every issuer',
          out == ['forget: ok', 'lookup: none'], repr(out))
    check('... from the keyring', items_of(SERVER) == [], repr(items_of(SERVER)))
    out = tool('lookup', SERVER)
    check('... for every process', out == ['lookup: none'], repr(out))


def run_all(operations):
    """Starts operations at once and waits for all; returns their outcomes."""
    loop = GLib.MainLoop()
    outcomes = [None] * len(operations)

    def finisher(index, finish):
        def done(store, result):
            try:
                outcomes[index] = finish(result)
            except GLib.Error as e:
                outcomes[index] = e.message
            if None not in outcomes:
                loop.quit()
        return done

    for index, operation in enumerate(operations):
        operation(finisher(index, operation.finish))
    loop.run()
    return outcomes


def run_both(first, second):
    """Starts two operations at once and waits for both; returns their outcomes."""
    return run_all([first, second])


def race_checks():
    if 'GI_TYPELIB_PATH' not in os.environ:
        check('operations under way together # SKIP built without introspection', True)
        return
    _, store = gi_store()

    def save(token):
        start = lambda cb: store.save_async(SERVER, ISSUER_A, record(token), None, cb)  # noqa
        start.finish = store.save_finish
        return start

    forget = lambda cb: store.forget_async(SERVER, None, cb)  # noqa: E731
    forget.finish = store.forget_finish

    outcomes = run_both(save(TOKENS[0]), forget)
    out = tool('lookup', SERVER)
    check('a sign-out started while a save is on its way wins: nothing is left',
          outcomes == [True, True] and out == ['lookup: none'] and items_of(SERVER) == [],
          repr((outcomes, out, items_of(SERVER))))

    outcomes = run_both(forget, save(TOKENS[1]))
    out = tool('lookup', SERVER)
    check('a sign-in started while a sign-out is on its way survives it',
          outcomes == [True, True] and out == ['lookup: ' + record(TOKENS[1])]
          and len(items_of(SERVER)) == 1, repr((outcomes, out, items_of(SERVER))))
    tool('forget', SERVER)

    # Issue 22: a refresh storm saves one sign-in many times at once; libsecret returned
    # a task twice (a CRITICAL, fatal in this process) when two saves deleted the same
    # old item. Five rounds of eight overlapping saves.
    outcomes = []
    for _ in range(5):
        outcomes += run_all([save(token) for token in TOKENS + TOKENS[:3]])
    out = tool('lookup', SERVER)
    check('overlapping saves of one sign-in all succeed, and the last one is kept',
          outcomes == [True] * 40 and out == ['lookup: ' + record(TOKENS[2])]
          and len(items_of(SERVER)) == 1, repr((outcomes, out, items_of(SERVER))))
    tool('forget', SERVER)

    # Try Again pressed while the record's own save is on its way: both save it.
    store.set_remember(False)
    gi_run(save(TOKENS[2]), store.save_finish)
    store.set_remember(True)

    def save_pending(cb):
        store.save_pending_async(None, cb)
    save_pending.finish = store.save_pending_finish
    outcomes = run_both(save_pending, save_pending)
    check('a record saved twice at once is in the keyring once',
          outcomes == [True, True] and len(items_of(SERVER)) == 1
          and tool('lookup', SERVER) == ['lookup: ' + record(TOKENS[2])],
          repr((outcomes, items_of(SERVER))))
    tool('forget', SERVER)


def locked_checks():
    tool('save', SERVER, ISSUER_A, record(TOKENS[3]))
    lock_login()
    out = tool('lookup', SERVER)
    check('a lookup in a locked keyring says to unlock it',
          out == ['lookup: ERROR locked: ' + LOCKED_LOOKUP], repr(out))
    out = tool('save', SERVER, ISSUER_A, record(TOKENS[4]), 'lookup', SERVER)
    check('a save to a locked keyring says to unlock it, and keeps the record in memory',
          out == ['save: ERROR locked: ' + LOCKED_SAVE, 'lookup: ' + record(TOKENS[4])],
          repr(out))
    out = tool('forget', SERVER)
    check('forgetting in a locked keyring says to unlock it and sign out again',
          out == ['forget: ERROR locked: ' + LOCKED_FORGET], repr(out))
    check('the keyring stays locked: the store never unlocks it',
          len(items_of(SERVER)) == 1
          and item_property(items_of(SERVER)[0], 'Locked') is True)

    unlock_login(PASSWORD)
    out = tool('lookup', SERVER, 'forget', SERVER, 'lookup', SERVER)
    check('once unlocked, the record saved before is there and can be forgotten',
          out == ['lookup: ' + record(TOKENS[3]), 'forget: ok', 'lookup: none'], repr(out))


def unavailable_checks():
    tool('save', SERVER, ISSUER_A, record(TOKENS[0]))
    check('gnome-keyring-daemon stops', stop_daemon())
    out = tool('save', SERVER, ISSUER_A, record(TOKENS[1]), 'lookup', SERVER)
    check('without a Secret Service, a save says the sign-in is kept until Elicit quits',
          out == ['save: ERROR unavailable: ' + NO_KEYRING_SAVE, 'lookup: ' + record(TOKENS[1])],
          repr(out))
    out = tool('lookup', SERVER)
    check('without a Secret Service, a lookup says there is no keyring',
          out == ['lookup: ERROR unavailable: ' + NO_KEYRING_LOOKUP], repr(out))
    no_bus = {'DBUS_SESSION_BUS_ADDRESS': 'unix:path=%s/no-such-bus' % HOME}
    out = tool('save', SERVER, ISSUER_A, record(TOKENS[2]), env=no_bus)
    check('without a session bus, a save says the same',
          out == ['save: ERROR unavailable: ' + NO_KEYRING_SAVE], repr(out))
    out = tool('--memory-only', 'save', SERVER, ISSUER_A, record(TOKENS[2]), 'lookup', SERVER,
               env=no_bus)
    check('a memory-only store needs no bus at all',
          out == ['save: ok', 'lookup: ' + record(TOKENS[2])], repr(out))


def log_checks():
    logs = '\n'.join(tool_logs)
    check('the tools logged (G_MESSAGES_DEBUG=all), and no token in any line',
          'keyring' in logs and not any(t in logs for t in TOKENS),
          '\n'.join(line for line in logs.splitlines() if any(t in line for t in TOKENS)))


def main():
    sharing_checks()
    item_checks()
    file_checks('after saving')
    forget_checks()
    race_checks()
    locked_checks()
    gi_remember_checks()
    file_checks('after locking and unlocking')
    unavailable_checks()
    log_checks()

    print('1..%d' % len(results))
    failed = 0
    for i, (description, ok, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, description))
        if not ok:
            failed += 1
            for line in str(detail).splitlines():
                print('# ' + line)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
