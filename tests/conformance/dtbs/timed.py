#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
#
# Run commands, N at a time, and record each one's CPU time (stdlib only).
#
# Usage: timed.py N OUT.tsv <JOBS
#   JOBS: one command a line, TAB-separated: name, directory, output file,
#         then the argument vector.  stdout and stderr go to the output file.
#   OUT:  name, user s, sys s, wall s, exit status (TAB-separated), in the
#         order of JOBS.
# Exits 2 when a command could not be started or was killed by a signal.

import os
import subprocess
import sys
import threading
import time


def run(job):
    name, cwd, out, *argv = job
    t0 = time.monotonic()
    with open(out, 'wb') as f:
        p = subprocess.Popen(argv, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return (name, ru.ru_utime, ru.ru_stime, time.monotonic() - t0, p.returncode)


def main():
    n, outfile = int(sys.argv[1]), sys.argv[2]
    jobs = [l.rstrip('\n').split('\t') for l in sys.stdin if l.strip()]
    results = [None] * len(jobs)
    lock = threading.Lock()
    nxt = [0]

    def worker():
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
            if i >= len(jobs):
                return
            try:
                results[i] = run(jobs[i])
            except OSError as e:
                print('timed.py: %s: %s' % (jobs[i][0], e), file=sys.stderr)
                results[i] = (jobs[i][0], 0.0, 0.0, 0.0, -1)

    threads = [threading.Thread(target=worker) for _ in range(max(1, n))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    bad = False
    with open(outfile, 'w') as f:
        for name, u, s, w, rc in results:
            f.write('%s\t%.3f\t%.3f\t%.3f\t%d\n' % (name, u, s, w, rc))
            bad |= rc < 0
    sys.exit(2 if bad else 0)


if __name__ == '__main__':
    main()
