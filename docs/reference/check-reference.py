#!/usr/bin/env python3
# The documentation test of one library's reference. It fails on:
#
# - any warning of `gi-docgen generate` (broken links, bad markup);
# - any symbol `gi-docgen check` finds without documentation;
# - any public symbol without "Since:", or with one newer than the version in
#   CONFIG, the project's (check-since.py).
#
#   check-reference.py GI_DOCGEN CONFIG CONTENT_DIR INCLUDE_DIR GIR [WAIVERS]
#
# WAIVERS lists, one per line, problems of `check` and of "Since:" known to be
# fixed in another branch. A waived problem that is gone fails the test too,
# so the list only ever shrinks: delete the line.

import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
ansi = re.compile(r'\x1b\[[0-9;]*m')


def run(what, argv):
    print(f'# {what}: {" ".join(argv)}', flush=True)
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # gi-docgen logs every page it writes; keep only what is wrong.
    lines = [ansi.sub('', line) for line in proc.stdout.splitlines()]
    return proc.returncode, [line for line in lines if 'INFO:' not in line]


def problems(lines, prefix):
    return [line[len(prefix):].strip() for line in lines if line.startswith(prefix)]


def main():
    gi_docgen, config, content_dir, include_dir, gir = sys.argv[1:6]
    waivers = set()
    if len(sys.argv) > 6:
        with open(sys.argv[6]) as f:
            waivers = {line.strip() for line in f
                       if line.strip() and not line.startswith('#')}
    ok = True

    with tempfile.TemporaryDirectory() as out:
        status, lines = run('gi-docgen warnings',
                            [gi_docgen, 'generate', '--fatal-warnings',
                             '--config', config, '--content-dir', content_dir,
                             '--add-include-path', include_dir,
                             '--output-dir', out, '--no-namespace-dir', gir])
        print('\n'.join(lines))
        ok = status == 0 and not any('WARNING' in line for line in lines)

    found = []
    status, lines = run('undocumented symbols',
                        [gi_docgen, 'check', '--config', config,
                         '--add-include-path', include_dir, gir])
    found += problems(lines, 'WARNING:')
    with open(config) as f:
        version = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M).group(1)
    status, lines = run('Since: tags',
                        [sys.executable, os.path.join(here, 'check-since.py'),
                         '--version', version, gir])
    found += problems(lines, f'{gir}:')

    for problem in found:
        if problem in waivers:
            print(f'waived: {problem}')
        else:
            print(f'FAIL: {problem}')
            ok = False
    for waiver in sorted(waivers - set(found)):
        print(f'FAIL: fixed, delete its waiver: {waiver}')
        ok = False

    print('# documentation OK' if ok else '# documentation has problems')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
