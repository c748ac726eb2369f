#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""external-check.py - run the official JSON Schema Test Suite (draft2019-09
and draft7, required tests only) through the dtbind command-line tool, one
process per test, independently of tests/jsonschema/suite-runner.c.

For each test the group's schema is written to schema.json and the test's data
to data.json, then

    dtbind jsonschema -q -m http://localhost:1234/=SUITE/remotes/ \
        [--draft7] -s schema.json data.json

is run (--draft7 for draft7 groups whose schema has no "$schema").  Exit
status 0 means valid, 1 invalid, anything else is an error and a failure.
Tests listed in the expected-failures file are handled as the C runner does:
one that fails is counted as expected, one that passes is a failure, and a
listed test that does not exist is a failure.

Standard library only.  Numbers and member order are copied from the suite
files verbatim, so the CLI sees the same values the C runner does.
"""

import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

DRAFTS = ("draft2019-09", "draft7")
REMOTES_PREFIX = "http://localhost:1234/"
TIMEOUT = 60  # seconds per dtbind run


# --- JSON that round-trips exactly -----------------------------------------

class RawNumber:
    """A JSON number kept as its source text."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


class Obj(list):
    """A JSON object as its list of (key, value) members, in source order."""

    def get(self, key, default=None):
        for k, v in self:
            if k == key:
                return v
        return default

    def has(self, key):
        return any(k == key for k, _ in self)


def load_json(path):
    with open(path, "r", encoding="utf-8") as f:
        return json.load(f, parse_float=RawNumber, parse_int=RawNumber,
                         object_pairs_hook=Obj)


def dump_str(s):
    text = json.dumps(s, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: keep it escaped
        text = json.dumps(s, ensure_ascii=True)
    return text


def dump_json(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, RawNumber):
        return v.text
    if isinstance(v, str):
        return dump_str(v)
    if isinstance(v, Obj):
        return "{" + ", ".join(dump_str(k) + ": " + dump_json(x) for k, x in v) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(dump_json(x) for x in v) + "]"
    raise TypeError("unexpected JSON value %r" % (v,))


# --- expected failures ------------------------------------------------------

def load_xfails(path):
    """Keys of the expected-failures file, parsed as the C runner does."""
    keys = []
    try:
        f = open(path, "r", encoding="utf-8")
    except FileNotFoundError:
        return keys
    with f:
        for line in f:
            if line.startswith("#") or line.startswith("\n"):
                continue
            hash_at = line.find(" #")
            if hash_at >= 0:
                line = line[:hash_at]
            line = line.rstrip("\n ")
            keys.append(line)
    return keys


# --- running ----------------------------------------------------------------

class Case:
    __slots__ = ("index", "draft", "key", "schema", "data", "valid", "draft7")

    def __init__(self, index, draft, key, schema, data, valid, draft7):
        self.index = index
        self.draft = draft
        self.key = key
        self.schema = schema
        self.data = data
        self.valid = valid
        self.draft7 = draft7


def collect(suite, substr):
    cases = []
    for draft in DRAFTS:
        d = os.path.join(suite, "tests", draft)
        names = sorted((n for n in os.listdir(d) if len(n) > 5 and n.endswith(".json")),
                       key=lambda n: n.encode("utf-8"))
        for name in names:
            groups = load_json(os.path.join(d, name))
            for group in groups:
                schema = group.get("schema")
                draft7 = draft == "draft7" and not (isinstance(schema, Obj)
                                                    and schema.has("$schema"))
                schema_text = dump_json(schema)
                for test in group.get("tests", []):
                    key = "%s/%s | %s | %s" % (draft, name, group.get("description"),
                                               test.get("description"))
                    if substr is not None and substr not in key:
                        continue
                    cases.append(Case(len(cases), draft, key, schema_text,
                                      dump_json(test.get("data")), test.get("valid") is True,
                                      draft7))
    return cases


def command(dtbind, remotes, case_dir, draft7):
    cmd = [dtbind, "jsonschema", "-q", "-m", REMOTES_PREFIX + "=" + remotes]
    if draft7:
        cmd.append("--draft7")
    cmd += ["-s", os.path.join(case_dir, "schema.json"), os.path.join(case_dir, "data.json")]
    return cmd


def run_case(case, dtbind, remotes, workdir):
    """Returns (got, detail, cmd, case_dir); got is True/False or None on error."""
    case_dir = os.path.join(workdir, "%05d" % case.index)
    os.mkdir(case_dir)
    for fname, text in (("schema.json", case.schema), ("data.json", case.data)):
        with open(os.path.join(case_dir, fname), "w", encoding="utf-8") as f:
            f.write(text + "\n")
    cmd = command(dtbind, remotes, case_dir, case.draft7)
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "timed out after %ds" % TIMEOUT, cmd, case_dir
    except OSError as e:
        return None, "cannot run %s: %s" % (dtbind, e), cmd, case_dir
    stderr = p.stderr.decode("utf-8", "replace").rstrip("\n")
    if p.returncode == 0:
        return True, stderr, cmd, case_dir
    if p.returncode == 1:
        return False, stderr, cmd, case_dir
    if p.returncode < 0:
        try:
            why = "killed by %s" % signal.Signals(-p.returncode).name
        except ValueError:
            why = "killed by signal %d" % -p.returncode
    else:
        why = "exit status %d" % p.returncode
    return None, why + ("\n" + stderr if stderr else ""), cmd, case_dir


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(
        description="Run the JSON Schema Test Suite (draft2019-09, draft7) through "
                    "the dtbind CLI, one process per test.")
    ap.add_argument("--suite", default=os.path.join(root, "..", "shared", "json-schema-test-suite"),
                    help="test suite directory (default: ../shared/json-schema-test-suite "
                         "from the repository root)")
    ap.add_argument("--dtbind", default=os.path.join(root, "build", "dtbind"),
                    help="dtbind binary (default: build/dtbind)")
    ap.add_argument("--expected-failures",
                    default=os.path.join(root, "tests", "jsonschema", "expected-failures.txt"),
                    help="expected-failures file (default: tests/jsonschema/expected-failures.txt)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="parallel dtbind processes (default: number of CPUs)")
    ap.add_argument("--filter", metavar="SUBSTR",
                    help="only tests whose 'draft/file.json | group | test' key contains SUBSTR")
    ap.add_argument("--keep", metavar="DIR",
                    help="write the test files under DIR and keep them all "
                         "(default: a temporary directory, failing cases kept)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print XFAIL lines too")
    args = ap.parse_args()

    suite = os.path.abspath(args.suite)
    dtbind = os.path.abspath(args.dtbind)
    remotes = os.path.join(suite, "remotes") + "/"
    if not os.access(dtbind, os.X_OK):
        print("external-check: %s is not executable (run make first)" % dtbind, file=sys.stderr)
        return 2
    for draft in DRAFTS:
        if not os.path.isdir(os.path.join(suite, "tests", draft)):
            print("external-check: no %s under %s/tests" % (draft, suite), file=sys.stderr)
            return 2

    xfail_keys = load_xfails(args.expected_failures)
    xfails = {k: False for k in xfail_keys}  # key -> seen
    cases = collect(suite, args.filter)

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        workdir = tempfile.mkdtemp(prefix="external-check-", dir=args.keep)
    else:
        workdir = tempfile.mkdtemp(prefix="dtbind-external-check-")

    passed = failed = expected = 0
    kept_failures = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_case, c, dtbind, remotes, workdir) for c in cases]
        for case, fut in zip(cases, futures):  # report in suite order
            got, detail, cmd, case_dir = fut.result()
            ok = got is not None and got == case.valid
            listed = case.key in xfails
            if listed:
                xfails[case.key] = True
            bad = False
            if ok and not listed:
                passed += 1
            elif not ok and listed:
                expected += 1
                if args.verbose:
                    print("XFAIL %s" % case.key)
            elif ok and listed:
                print("FAIL %s: passes but is listed as an expected failure" % case.key)
                bad = True
            else:
                print("FAIL %s: expected %s, got %s" % (
                    case.key, "valid" if case.valid else "invalid",
                    "error" if got is None else "valid" if got else "invalid"))
                bad = True
            if bad:
                failed += 1
                if got is None:
                    for line in detail.split("\n"):
                        print("    " + line)
                print("    reproduce: " + " ".join(shlex.quote(a) for a in cmd))
                kept_failures = True
            elif not args.keep:
                shutil.rmtree(case_dir, ignore_errors=True)
            sys.stdout.flush()

    for key, seen in xfails.items():
        if not seen and (args.filter is None or args.filter in key):
            print("FAIL %s: listed as an expected failure but no such test" % key)
            failed += 1
    if not args.keep and not kept_failures:
        shutil.rmtree(workdir, ignore_errors=True)
    elif kept_failures and not args.keep:
        print("external-check: files of the failing tests kept under %s" % workdir)
    print("json-schema-test-suite via the CLI (draft2019-09, draft7): "
          "%d tests run, %d expected failures listed" % (len(cases), expected))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
