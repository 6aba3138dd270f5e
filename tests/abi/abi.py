#!/usr/bin/env python3
# The ABI of one shared library against its record in tests/abi/.
#
#   abi.py RECORD LIBRARY [--skip REASON] [--system-dir DIR]... -- PUBLIC_HEADER...
#
# Compares the freshly built LIBRARY with RECORD (abidw's XML, made by this
# script with ELICIT_ABI_UPDATE=1, which tests/abi/update.sh sets) through
# abidiff. Types count when the installed headers (PUBLIC_HEADER) or the
# dependencies' (the --system-dir folders: GLib's gunichar, JSON-GLib's
# JsonObject…) define them; the structures our .c files and private headers
# define are private, so a new member in one changes nothing. It fails on:
#
# - an incompatible change (a symbol removed, a type or signature changed):
#   every program built against the recorded release would break;
# - any other change, an added symbol first: the record would no longer say
#   what the release exports, so the change comes with its record.
#
# Prints TAP-free plain text; exit 77 (skipped) with --skip REASON, which
# meson passes where the record cannot be compared (see tests/abi/meson.build).

import os
import re
import shutil
import subprocess
import sys
import tempfile

# abidiff's exit status is a bit field.
ABIDIFF_ERROR = 1
ABIDIFF_USAGE_ERROR = 2
ABIDIFF_ABI_CHANGE = 4
ABIDIFF_ABI_INCOMPATIBLE_CHANGE = 8

# What goes into the record: no paths, no line numbers, no DT_NEEDED, so it
# changes only when the ABI does, whoever builds it and wherever.
ABIDW_FLAGS = ['--drop-private-types', '--no-show-locs', '--no-corpus-path',
               '--no-comp-dir-path', '--no-elf-needed', '--type-id-style', 'hash']

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPRESSIONS = os.path.join(HERE, 'suppressions.abignore')


def header_args(flag, headers_dir, system_dirs):
    args = []
    for folder in [headers_dir, *system_dirs]:
        args += [flag, folder]
    return args


def stage(headers, folder):
    # The installed headers in one folder, as they install: libabigail reads
    # a folder of headers (--headers-dir) right, a list of them
    # (--header-file) not, leaving enums without their values.
    for header in headers:
        shutil.copy(header, folder)
    return folder


def record(record_path, library, headers_dir, system_dirs):
    argv = ['abidw', *ABIDW_FLAGS,
            *header_args('--headers-dir', headers_dir, system_dirs),
            '--suppressions', SUPPRESSIONS, '--out-file', record_path, library]
    subprocess.run(argv, check=True)
    print(f'recorded the ABI of {os.path.basename(library)} in {record_path}')
    return 0


def counts(report):
    # "Functions changes summary: 1 Removed, 2 Changed (3 filtered out), 4 Added
    # functions", the same for variables, and for symbols without debug info.
    removed = changed = added = 0
    for line in report.splitlines():
        if 'changes summary:' not in line:
            continue
        numbers = dict((word, int(n)) for n, word in re.findall(r'(\d+) (Removed|Changed|Added)', line))
        removed += numbers.get('Removed', 0)
        changed += numbers.get('Changed', 0)
        added += numbers.get('Added', 0)
    return removed, changed, added


def compare(record_path, library, headers_dir, system_dirs):
    name = os.path.basename(record_path)
    if not os.path.exists(record_path):
        print(f'FAIL: {name} does not exist: run tests/abi/update.sh and commit the record')
        return 1
    argv = ['abidiff', '--suppressions', SUPPRESSIONS,
            *header_args('--headers-dir2', headers_dir, system_dirs),
            record_path, library]
    print('#', ' '.join(argv), flush=True)
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(proc.stdout)
    status = proc.returncode
    if status & (ABIDIFF_ERROR | ABIDIFF_USAGE_ERROR):
        print(f'FAIL: abidiff could not compare {library} with {name} (status {status})')
        return 1
    removed, changed, added = counts(proc.stdout)
    if status & ABIDIFF_ABI_INCOMPATIBLE_CHANGE or removed or changed:
        print(f'FAIL: {os.path.basename(library)} breaks the ABI recorded in {name} '
              f'({removed} removed, {changed} changed): '
              'programs built against it would crash or fail to start. Bring back what was '
              'removed or changed (deprecate it instead); a deliberate break needs a new '
              'soversion in meson.build.')
        return 1
    if status & ABIDIFF_ABI_CHANGE:
        what = f'exports {added} symbol(s) more than {name} records' if added else \
            f'differs from {name} in a way abidiff calls compatible'
        print(f'FAIL: {os.path.basename(library)} {what}: '
              'run tests/abi/update.sh and commit the record with the change.')
        return 1
    print(f'# {os.path.basename(library)} matches {name}')
    return 0


def main(argv):
    split = argv.index('--')
    options, headers = argv[:split], argv[split + 1:]
    record_path, library = options[0], options[1]
    skip = None
    system_dirs = []
    rest = iter(options[2:])
    for option in rest:
        if option == '--skip':
            skip = next(rest)
        elif option == '--system-dir':
            system_dirs.append(next(rest))
    updating = os.environ.get('ELICIT_ABI_UPDATE') == '1'
    if skip is not None:
        if updating:
            print(f'FAIL: cannot record {os.path.basename(record_path)} from this build: {skip}')
            return 1
        print(f'SKIP: {os.path.basename(record_path)} not compared: {skip}')
        return 77
    with tempfile.TemporaryDirectory() as folder:
        headers_dir = stage(headers, folder)
        if updating:
            return record(record_path, library, headers_dir, system_dirs)
        return compare(record_path, library, headers_dir, system_dirs)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
