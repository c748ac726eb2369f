#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Compare what `dtbind parse --dump` loads with what dt-schema's loader loads.

dt-schema reads schemas with ruamel.yaml's YAML(typ='safe') (YAML 1.2,
duplicate keys rejected).  For each file this loads it that way and compares
the result with dtbind's --dump (one JSON line per file).  Numbers compare by
value (1000 == 1000.0); mapping keys compare as strings.

Usage: /usr/bin/python3 tests/conformance/compare-load.py BINARY LISTFILE

Prints one line per differing file ("DIFF file: /json/pointer: ruamel X,
dtbind Y") and a last line "same=N differ=M".
Exit: 0 all the same, 1 some differ, 2 usage error or ruamel.yaml missing.
"""

import json
import math
import subprocess
import sys

try:
    import ruamel.yaml
except ImportError:
    sys.stderr.write("compare-load.py: ruamel.yaml is not installed\n")
    sys.exit(2)


def norm(v):
    if isinstance(v, dict):
        return {str(k): norm(x) for k, x in v.items()}
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, float) and math.isinf(v):
        return "<%sinf>" % ("-" if v < 0 else "")
    if isinstance(v, float) and math.isnan(v):
        return "<nan>"
    if isinstance(v, bytes):
        return "<bytes %s>" % v.hex()
    if hasattr(v, "isoformat"):         # !!timestamp
        return "<timestamp %s>" % v.isoformat()
    return v


def short(v):
    s = json.dumps(v, sort_keys=True)
    return s if len(s) <= 80 else s[:77] + "..."


def first_diff(a, b, path=""):
    """JSON pointer and both values of the first difference, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            p = path + "/" + k.replace("~", "~0").replace("/", "~1")
            if k not in a:
                return p, "(absent)", short(b[k])
            if k not in b:
                return p, short(a[k]), "(absent)"
            d = first_diff(a[k], b[k], p)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_diff(x, y, "%s/%d" % (path, i))
            if d:
                return d
        if len(a) != len(b):
            return path, "%d items" % len(a), "%d items" % len(b)
        return None
    if type(a) is bool or type(b) is bool:
        same = type(a) is type(b) and a == b
    else:
        same = a == b
    if same:
        return None
    if isinstance(a, str) and isinstance(b, str):
        # Show where the strings part, not just their (equal) beginnings.
        i = 0
        while i < min(len(a), len(b)) and a[i] == b[i]:
            i += 1
        lo = max(0, i - 20)
        return ("%s (from char %d)" % (path or "/", lo),
                short(a[lo:i + 20]), short(b[lo:i + 20]))
    return path or "/", short(a), short(b)


def dtbind_dump(binary, paths, listfile):
    """dtbind's documents, one per path (None when it did not load)."""
    r = subprocess.run([binary, "parse", "--dump", "@" + listfile],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if r.returncode == 0 and len(lines) == len(paths):
        return lines
    # Some file failed: go file by file to keep the pairing right.
    out = []
    for p in paths:
        r = subprocess.run([binary, "parse", "--dump", p],
                           capture_output=True, text=True)
        out.append(r.stdout.rstrip("\n") if r.returncode == 0 else None)
    return out


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    binary, listfile = argv
    with open(listfile, encoding="utf-8") as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    yaml = ruamel.yaml.YAML(typ="safe")
    yaml.allow_duplicate_keys = False
    same = differ = 0
    for p, line in zip(paths, dtbind_dump(binary, paths, listfile)):
        try:
            with open(p, encoding="utf-8") as f:
                ref = norm(yaml.load(f.read()))
        except Exception as e:  # noqa: BLE001 - any loader failure is a result
            ref = "<ruamel error: %s>" % str(e).replace("\n", " ")[:100]
            if line is None:    # both refuse the file: they agree
                same += 1
                continue
        if line is None:
            got = "<dtbind could not load it>"
        else:
            try:
                got = norm(json.loads(line))
            except ValueError as e:
                got = "<--dump printed invalid JSON: %s>" % e
        d = first_diff(ref, got)
        if d:
            differ += 1
            print("DIFF %s: %s: ruamel %s, dtbind %s" % (p, d[0], d[1], d[2]))
        else:
            same += 1
    print("same=%d differ=%d" % (same, differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
