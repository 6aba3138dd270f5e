#!/usr/bin/python3
# Reads what the conformance suite wrote for each requirement set and judges
# it against expected-failures.txt: prints TAP (one test per scenario and
# requirement set) and writes the per-scenario table to RESULTS/summary.txt.
#
#   report.py RESULTS EXPECTED_FAILURES REVISION:LISTING...
#
# LISTING is the output of `conformance list --requirements REVISION` (the
# scenarios the set runs); RESULTS/REVISION/ holds the suite's results,
# <scenario>-<time>/checks.json with stdout.txt and stderr.txt beside it.
#
# A scenario passes when its checks have no FAILURE and no WARNING, at least
# one SUCCESS, and every `elicit call` the adapter ran exited 0 (the adapter
# writes "elicit-conformance: exit N" lines on stderr; a missing line means the
# suite killed the client). In the scenarios where the suite expects the
# client to refuse something (CLIENT_MAY_FAIL) a non-zero exit is fine. The
# extensions the adapter does not attempt (its NOT_ATTEMPTED) are listed as
# such, with the reason it gave. The test fails for a failure
# expected-failures.txt does not list, and for a listed scenario that passes
# (remove its line).

import json
import os
import re
import sys

SUFFIX = re.compile(r"-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$")
EXIT = re.compile(r"^elicit-conformance: exit (\d+):", re.M)
ERROR = re.compile(r"^elicit: (.*)$", re.M)
NOT_ATTEMPTED = re.compile(r"^elicit-conformance: not attempted: (.*)$", re.M)
# Scenarios where the suite expects the client to refuse something (its
# allowClientError): a server or authorization server that misbehaves.
CLIENT_MAY_FAIL = {
    "http-invalid-tool-headers",
    "auth/resource-mismatch",
    "auth/scope-retry-limit",
    "auth/iss-supported-missing",
    "auth/iss-wrong-issuer",
    "auth/iss-unexpected",
    "auth/iss-normalized",
    "auth/metadata-issuer-mismatch",
}


def scenarios_of(listing_path):
    """(scenario, scored) in the order `conformance list` prints them."""
    out, section = [], None
    with open(listing_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("Client scenarios"):
                section = "scored"
            elif line.startswith("Run and reported"):
                section = "not scored"
            elif line.startswith("Server scenarios"):
                section = None
            m = re.match(r"^\s+- (\S+)(?: \[(\w+)\])?$", line.rstrip())
            if not m or section is None:
                continue
            if section == "not scored" and m.group(2) != "client":
                continue
            out.append((m.group(1), section == "scored"))
    return out


def results_of(directory):
    """scenario -> its newest results directory."""
    found = {}
    for root, dirs, files in os.walk(directory):
        if "checks.json" in files:
            name = SUFFIX.sub("", os.path.relpath(root, directory))
            if name not in found or root > found[name]:
                found[name] = root
    return found


def expected_failures(path):
    expected = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                sys.exit("%s:%d: want “REVISION SCENARIO REASON”" % (path, number))
            expected[(parts[0], parts[1])] = parts[2]
    return expected


def short(text, width=110):
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def judge(directory):
    """(passed, failed, warnings, exits, reason) of one results directory."""
    with open(os.path.join(directory, "checks.json"), encoding="utf-8") as f:
        checks = json.load(f)
    try:
        with open(os.path.join(directory, "stderr.txt"), encoding="utf-8") as f:
            stderr = f.read()
    except OSError:
        stderr = ""
    count = lambda status: sum(1 for c in checks if c.get("status") == status)
    exits = [int(s) for s in EXIT.findall(stderr)]
    bad = [c for c in checks if c.get("status") in ("FAILURE", "WARNING")]
    reason = ""
    if bad:
        c = bad[0]
        reason = "%s: %s" % (c.get("name") or c.get("id"),
                             c.get("errorMessage") or c.get("description"))
        if len(bad) > 1:
            reason += " (+%d more)" % (len(bad) - 1)
    errors = ERROR.findall(stderr)
    skipped = NOT_ATTEMPTED.findall(stderr)
    return (count("SUCCESS"), count("FAILURE"), count("WARNING"), exits,
            reason, errors[0] if errors else "", skipped[0] if skipped else None)


def ok_checks(failed, warnings, passed, client_ok):
    return failed == 0 and warnings == 0 and passed > 0 and bool(client_ok)


def main():
    results, expected_path, *sets = sys.argv[1:]
    expected = expected_failures(expected_path)
    rows, tap, seen = [], [], set()

    for spec in sets:
        revision, listing = spec.split(":", 1)
        found = results_of(os.path.join(results, revision))
        for scenario, scored in scenarios_of(listing):
            key = (revision, scenario)
            seen.add(key)
            kind = "scored" if scored else "not scored"
            if scenario not in found:
                passed, failed, warnings, exits = 0, 0, 0, []
                reason, error, skipped = "the suite wrote no results", "", None
            else:
                passed, failed, warnings, exits, reason, error, skipped = judge(found[scenario])
            if skipped is not None and not scored:
                rows.append((scenario, revision, kind, "not attempted", "", "", skipped))
                tap.append(("skip", "%s %s # SKIP not attempted: %s" % (revision, scenario, skipped)))
                continue
            client_ok = (scenario in CLIENT_MAY_FAIL and exits) or (exits and all(e == 0 for e in exits))
            if not exits and scenario in found:
                reason = (reason + "; " if reason else "") + "the client did not finish (killed at the suite's timeout)"
            elif not client_ok and scenario in found:
                reason = (reason + "; " if reason else "") + "elicit exited %s" % ",".join(map(str, exits))
            if error and not ok_checks(failed, warnings, passed, client_ok):
                reason += ": " + error
            ok = ok_checks(failed, warnings, passed, client_ok)
            verdict = "pass" if ok else "FAIL"
            rows.append((scenario, revision, kind, verdict, str(passed), str(failed + warnings), short(reason, 220)))
            label = "%s %s: %d passed, %d failed, %d warnings" % (revision, scenario, passed, failed, warnings)
            if ok and key in expected:
                tap.append(("not ok", label + " — passes now: remove its line from expected-failures.txt"))
            elif ok:
                tap.append(("ok", label))
            elif key in expected:
                tap.append(("ok", label + " # expected failure: " + expected[key]))
            else:
                tap.append(("not ok", label + " — " + short(reason, 300)))

    for key in sorted(set(expected) - seen):
        tap.append(("not ok", "%s %s is in expected-failures.txt but no requirement set runs it" % key))

    widths = [max(len(r[i]) for r in rows + [HEADER]) for i in range(6)]
    table = [fmt(HEADER, widths)] + [fmt(r, widths) for r in rows]
    with open(os.path.join(results, "summary.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(table) + "\n")

    print("1..%d" % len(tap))
    failed = False
    for number, (status, label) in enumerate(tap, 1):
        if status == "skip":
            print("ok %d - %s" % (number, label))
        else:
            print("%s %d - %s" % (status, number, label))
            failed |= status == "not ok"
    for line in table:
        print("# " + line)
    return 1 if failed else 0


HEADER = ("scenario", "requirements", "scoring", "result", "checks ok", "failed+warned", "first failing check")


def fmt(row, widths):
    return "  ".join(cell.ljust(widths[i]) if i < 6 else cell
                     for i, cell in enumerate(row)).rstrip()


if __name__ == "__main__":
    sys.exit(main())
