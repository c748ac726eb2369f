#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Reference YAML load benchmark: load files the way dt-schema loads schemas.

dt-schema reads every schema with ruamel.yaml's YAML(typ='safe') (the C
loader when available).  This times exactly that, so dtbind's own loader can
be compared against it in `make bench`.

Usage: /usr/bin/python3 bench/ref_yaml_load.py FILE... | @LISTFILE...
  @LISTFILE names a file with one path per line ("-" for stdin).

Prints one line:
  files=N seconds=S cpu_seconds=C files_per_sec=R peak_rss_kb=K
seconds (wall) and cpu_seconds (this process's user + system time) cover
reading and parsing only (not interpreter start-up);
peak_rss_kb is this process's ru_maxrss.

Exit: 0 ok, 1 a file failed to load (reported on stderr), 2 usage error or
ruamel.yaml missing (Debian: apt-get install python3-ruamel.yaml).
"""

import resource
import sys
import time

try:
    import ruamel.yaml
except ImportError:
    sys.stderr.write("ref_yaml_load.py: ruamel.yaml is not installed "
                     "(Debian: apt-get install python3-ruamel.yaml; "
                     "run with /usr/bin/python3)\n")
    sys.exit(2)


def expand(args):
    paths = []
    for a in args:
        if a.startswith("@"):
            name = a[1:]
            f = sys.stdin if name == "-" else open(name, encoding="utf-8")
            with f:
                paths.extend(line.rstrip("\n") for line in f if line.strip())
        else:
            paths.append(a)
    return paths


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    try:
        paths = expand(argv)
    except OSError as e:
        sys.stderr.write("ref_yaml_load.py: %s\n" % e)
        return 2

    # Same as dtschema/lib.py: one safe loader (C parser when the
    # _ruamel_yaml extension is present), duplicate keys rejected, reused
    # for every file, each file read whole and then loaded from the string.
    yaml = ruamel.yaml.YAML(typ="safe")
    yaml.allow_duplicate_keys = False
    failed = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for p in paths:
        try:
            with open(p, encoding="utf-8") as f:
                yaml.load(f.read())
        except (OSError, ruamel.yaml.YAMLError) as e:
            failed += 1
            sys.stderr.write("%s: %s\n" % (p, str(e).replace("\n", " ")))
    secs = time.perf_counter() - t0
    cpu = time.process_time() - c0

    n = len(paths)
    rate = n / secs if secs > 0 else 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print("files=%d seconds=%.3f cpu_seconds=%.3f files_per_sec=%.1f peak_rss_kb=%d"
          % (n, secs, cpu, rate, peak))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
