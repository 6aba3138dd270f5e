#!/usr/bin/env python3
# The translations, one catalogue folder per gettext domain (the app's po/,
# elicit-1's po-libelicit/, elicit-gtk-1's po-libelicit-gtk/):
#  - each folder's POTFILES.in names every file of its code that has
#    translatable strings, and nothing else: no file that does not exist, none
#    without strings, none of another domain's code (xgettext finds the strings,
#    with the keywords of i18n.gettext(preset: 'glib'));
#  - the libraries look their strings up in their own domain only: no
#    gettext()/ngettext() (the program's default domain), no GETTEXT_PACKAGE
#    (the app's);
#  - xgettext reads them without a warning;
#  - every catalogue in LINGUAS passes `msgfmt --check`, and its ok line says how
#    much of its domain it translates ("de libelicit-gtk-1: 131/131 (100%)").
# A new string needs no translation to pass: translators catch up.
# Usage: test-po.py SOURCE-ROOT FOLDER=DOMAIN...  (prints TAP; needs xgettext,
# msgmerge, msgfmt)
import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
domains = dict(arg.split('=', 1) for arg in sys.argv[2:])

# Which catalogue folder a source file's strings belong to: the domain of the
# code that shows them.
LIBRARY_FOLDERS = {
    'src/schema': 'po-libelicit',
    'src/auth': 'po-libelicit',
    'src/jsonrpc': 'po-libelicit',
    'src/transports': 'po-libelicit',
    'src/mcp': 'po-libelicit',
    'src': 'po-libelicit',   # elicit-init.c
    'src/widgets': 'po-libelicit-gtk',
}
CANDIDATE_FOLDERS = ['src', 'data']
CANDIDATE_ENDINGS = ('.c', '.h', '.ui', '.desktop.in', '.metainfo.xml.in', '.gschema.xml')

XGETTEXT = [
    'xgettext', '--from-code=UTF-8', '--add-comments', '--no-wrap',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format',
]

n = 0
failed = False


def report(ok, name, details=()):
    global n, failed
    n += 1
    print(f'{"ok" if ok else "not ok"} {n} - {name}')
    for line in details:
        print(f'#   {line}')
    failed = failed or not ok


def folder_of(path):
    folder = os.path.dirname(path)
    if folder != 'src':
        folder = '/'.join(folder.split('/')[:2])
    return LIBRARY_FOLDERS.get(folder, 'po')


def xgettext(files, output, package):
    with tempfile.NamedTemporaryFile('w', suffix='.files') as listing:
        listing.write(''.join(f + '\n' for f in files))
        listing.flush()
        return subprocess.run(XGETTEXT + [f'--package-name={package}', '-f', listing.name,
                                          '-o', output],
                              cwd=root, capture_output=True, text=True)


def files_with_strings(tmp):
    candidates = []
    for top in CANDIDATE_FOLDERS:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                if name.endswith(CANDIDATE_ENDINGS):
                    candidates.append(os.path.relpath(os.path.join(dirpath, name), root))
    pot = os.path.join(tmp, 'candidates.pot')
    run = xgettext(sorted(candidates), pot, 'candidates')
    if run.returncode != 0:
        report(False, 'xgettext reads every candidate file', run.stderr.splitlines())
        sys.exit(1)
    found = set()
    if os.path.exists(pot):
        with open(pot, encoding='utf-8') as f:
            for line in f:
                if line.startswith('#: '):
                    found.update(ref.rsplit(':', 1)[0] for ref in line[3:].split())
    return found


# Lookups in the program's default domain or in the app's.
OTHER_DOMAIN = re.compile(r'(?<![\w])(?:n?gettext|d?c?n?gettext) \(|\bGETTEXT_PACKAGE\b')


def check_library_lookups():
    problems = []
    for path in sorted(files_of_libraries()):
        with open(os.path.join(root, path), encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                if OTHER_DOMAIN.search(line):
                    problems.append(f'{path}:{number}: {line.strip()}')
    report(not problems, "the libraries' strings are looked up in their own domains", problems)


def files_of_libraries():
    for dirpath, _, names in os.walk(os.path.join(root, 'src')):
        for name in names:
            path = os.path.relpath(os.path.join(dirpath, name), root)
            if name.endswith(('.c', '.h')) and folder_of(path) != 'po':
                yield path


def potfiles(folder):
    with open(os.path.join(root, folder, 'POTFILES.in'), encoding='utf-8') as f:
        return [line.strip() for line in f if line.strip() and not line.startswith('#')]


def check_potfiles(folder, listed, translatable):
    problems = [f'{f} does not exist' for f in listed
                if not os.path.exists(os.path.join(root, f))]
    problems += [f'{f} has no translatable string' for f in listed
                 if os.path.exists(os.path.join(root, f)) and f not in translatable]
    problems += [f'{f} belongs to {folder_of(f)}/' for f in listed if folder_of(f) != folder]
    problems += [f'{f} has translatable strings and is missing' for f in sorted(translatable)
                 if folder_of(f) == folder and f not in listed]
    if listed != sorted(listed):
        problems.append('the list is not sorted')
    report(not problems, f'{folder}/POTFILES.in lists the files of {domains[folder]} '
           'with translatable strings', problems)


def statistics(po):
    run = subprocess.run(['msgfmt', '--statistics', '-o', '/dev/null', po],
                         capture_output=True, text=True)
    counts = {kind: int(number) for number, kind in
              re.findall(r'(\d+) (translated|fuzzy|untranslated)', run.stderr)}
    return counts.get('translated', 0), sum(counts.values())


def check_catalogues(folder, pot, tmp):
    domain = domains[folder]
    with open(os.path.join(root, folder, 'LINGUAS'), encoding='utf-8') as f:
        languages = ' '.join(line for line in f if not line.startswith('#')).split()
    for language in languages:
        po = os.path.join(root, folder, f'{language}.po')
        run = subprocess.run(['msgfmt', '--check', '-o', '/dev/null', po],
                             capture_output=True, text=True)
        if run.returncode != 0:
            report(False, f'{folder}/{language}.po passes msgfmt --check', run.stderr.splitlines())
            continue
        merged = os.path.join(tmp, f'{domain}-{language}.po')
        subprocess.run(['msgmerge', '--quiet', '--no-fuzzy-matching', '-o', merged, po, pot],
                       check=True)
        translated, total = statistics(merged)
        percent = 100 * translated // total if total else 100
        report(True, f'{folder}/{language}.po passes msgfmt --check; '
               f'{language} {domain}: {translated}/{total} ({percent}%)')


def main():
    with tempfile.TemporaryDirectory() as tmp:
        translatable = files_with_strings(tmp)
        check_library_lookups()
        for folder in domains:
            listed = potfiles(folder)
            check_potfiles(folder, listed, translatable)
            pot = os.path.join(tmp, f'{domains[folder]}.pot')
            run = xgettext([f for f in listed if os.path.exists(os.path.join(root, f))],
                           pot, domains[folder])
            report(run.returncode == 0 and not run.stderr,
                   f'xgettext reads {folder}/POTFILES.in without a warning',
                   run.stderr.splitlines())
            if run.returncode == 0:
                check_catalogues(folder, pot, tmp)
    print(f'1..{n}')
    sys.exit(1 if failed else 0)


main()
