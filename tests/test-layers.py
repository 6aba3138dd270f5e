#!/usr/bin/env python3
# The folders are the layers: a file includes headers of its own layer or of
# the layers below, never above, and one program's folder never includes
# another program's files. Run by meson with the source root; prints TAP.
#
#   schema/                         the model; no I/O
#   auth/, jsonrpc/                 each on schema/ only
#   transports/                     on jsonrpc/ and auth/
#   mcp/                            the top of elicit-1
#   widgets/                        elicit-gtk-1, on elicit-1; plain GTK
#   app/servers/, app/common/       GIO only, shared by the programs
#   app/dbus/                       the D-Bus prompter service
#   app/gui/, app/commands/         the two programs: neither uses the other
#   demo-server/                    GLib only, nothing of Elicit's
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
src = os.path.join(root, 'src')

CORE = ['src', 'schema', 'auth', 'jsonrpc', 'transports', 'mcp']
APP_SHARED = ['app/servers', 'app/common']

# folder: the folders (besides itself) whose headers it may include
ALLOWED = {
    'src': ['schema', 'auth', 'jsonrpc', 'transports', 'mcp'],  # the init code and umbrella headers
    'schema': ['src'],
    'auth': ['src', 'schema'],
    'jsonrpc': ['src', 'schema'],
    'transports': ['src', 'schema', 'auth', 'jsonrpc'],
    'mcp': ['src', 'schema', 'auth', 'jsonrpc', 'transports'],
    'widgets': CORE,
    'app/servers': CORE + ['app/common'],
    'app/common': CORE,
    'app/dbus': CORE + APP_SHARED,
    'app/gui': CORE + ['widgets', 'app/dbus'] + APP_SHARED,
    'app/commands': CORE + ['widgets', 'app/dbus'] + APP_SHARED,
    'app': CORE + ['widgets', 'app/dbus', 'app/gui', 'app/commands'] + APP_SHARED,  # main.c
    'demo-server': [],
}

# Headers the build generates, by the folder whose layer they belong to.
GENERATED = {
    'config.h': 'src',
    'elicit-version.h': 'src',
    'elicit-version-macros.h': 'src',
    'elicit-gtk-version-macros.h': 'widgets',
    'elicit-schema-enums.h': 'schema',
    'elicit-protocol-enums.h': 'src',   # GTypes of the enums in auth/ … mcp/ only
    'elicit-marshal.h': 'src',          # the protocol layer's signal marshallers
    'elicit-gtk-enums.h': 'widgets',
    'elicit-dbus-generated.h': 'app/dbus',
    'elicit-resources.h': 'widgets',
}

# Build configuration every folder may read.
EVERYWHERE = {'config.h'}

# The umbrella headers stand for the whole library they open.
UMBRELLA = {'elicit.h': 'mcp', 'elicit-gtk.h': 'widgets'}

# System headers a folder may not use: elicit-1 never touches GTK, the
# widgets stay plain GTK for apps without libadwaita, the shared app code
# is GIO only.
FORBIDDEN_SYSTEM = {
    'gtk/gtk.h': CORE + APP_SHARED + ['app/dbus', 'demo-server'],
    'adwaita.h': CORE + APP_SHARED + ['app/dbus', 'widgets', 'demo-server'],
    # Their _() is the app's text domain: each library has its own header.
    'glib/gi18n.h': CORE + ['widgets'],
    'glib/gi18n-lib.h': CORE + ['widgets'],
}

# Headers whose _() is one library's text domain, and the folders of that
# library: no other code may translate through them.
TEXT_DOMAIN_HEADERS = {
    'elicit-i18n-private.h': CORE,
    'elicit-gtk-i18n-private.h': ['widgets'],
}

INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]')


def folder_of(path):
    rel = os.path.relpath(os.path.dirname(path), src).replace(os.sep, '/')
    if rel == '.':
        return 'src'
    parts = rel.split('/')
    return '/'.join(parts[:2]) if parts[0] == 'app' and len(parts) > 1 else parts[0]


sources = []
headers = {}
for dirpath, _, files in os.walk(src):
    for name in sorted(files):
        if name.endswith(('.c', '.h')):
            path = os.path.join(dirpath, name)
            sources.append(path)
            if name.endswith('.h'):
                headers.setdefault(name, []).append(folder_of(path))

problems = []
checked = 0
for path in sorted(sources):
    here = folder_of(path)
    name = os.path.basename(path)
    if here == 'src' and name in UMBRELLA:
        here = UMBRELLA[name]
    allowed = set(ALLOWED[here]) | {here}
    rel = os.path.relpath(path, root)
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            checked += 1
            kind, target = m.groups()
            if kind == '<':
                if here in FORBIDDEN_SYSTEM.get(target, []):
                    problems.append(f'{rel}:{number}: {here}/ includes <{target}>')
                continue
            base = os.path.basename(target)
            if target != base:
                problems.append(f'{rel}:{number}: includes "{target}" by a path; '
                                'include headers by their name')
            if base in EVERYWHERE:
                continue
            if base in TEXT_DOMAIN_HEADERS and here not in TEXT_DOMAIN_HEADERS[base]:
                problems.append(f'{rel}:{number}: {here}/ translates through "{base}", '
                                "another library's text domain")
                continue
            if base in UMBRELLA:
                owners = [UMBRELLA[base]]
            elif base in GENERATED:
                owners = [GENERATED[base]]
            else:
                owners = headers.get(base)
            if not owners:
                problems.append(f'{rel}:{number}: "{target}" is not a header of this tree')
                continue
            if len(owners) > 1:
                problems.append(f'{rel}:{number}: "{base}" exists in {", ".join(owners)}')
                continue
            if owners[0] not in allowed:
                problems.append(f'{rel}:{number}: {here}/ includes "{base}" of {owners[0]}/, '
                                'a layer above it or another program')

print('1..1')
if problems:
    print(f'not ok 1 - {len(problems)} include(s) cross a layer')
    for p in problems:
        print(f'#   {p}')
    sys.exit(1)
print(f'ok 1 - {checked} includes in {len(sources)} files keep to their layers')
