# SPDX-License-Identifier: BSD-2-Clause
"""didChange -> publishDiagnostics latency of `dtbind lsp`, as an editor
sees it: 200 one-character edits (typed, then deleted again) of a real
binding and of a real board .dts, each sent alone and timed until the
diagnostics of that version arrive.  Prints the median and the 90th
percentile.  A measurement, not a test: it asserts nothing.

Usage: python3 tests/lsp/latency.py BINARY [--binding FILE] [--board FILE] [--edits N]
Defaults: the files of tests/lsp/tree (a 6.12 binding and board)."""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, offset_to_pos, uri_of  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def arg(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def cpu_seconds(pid):
    """User + system CPU time of process @pid (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(c, path, where, edits):
    text = open(path, encoding="utf-8").read()
    uri = uri_of(path)
    c.open(uri, text)
    c.wait_diagnostics(uri, 1, timeout=300)   # the tree's bindings load here, once
    at = text.index(where) + len(where)
    pos = offset_to_pos(text, at)
    after = dict(pos, character=pos["character"] + 1)
    times = []
    cpu0 = cpu_seconds(c.proc.pid)
    for v in range(2, edits + 2):
        typed = v % 2 == 0
        change = {"range": {"start": pos, "end": pos if typed else after},
                  "text": "x" if typed else ""}
        t0 = time.perf_counter()
        c.change(uri, v, [change])
        c.wait_diagnostics(uri, v)
        times.append((time.perf_counter() - t0) * 1000)
    return times, (cpu_seconds(c.proc.pid) - cpu0) * 1000 / edits


def report(name, path, measured):
    times, cpu = measured
    q = statistics.quantiles(times, n=10)
    print("%-8s %s: %d edits, median %.1f ms, p90 %.1f ms, max %.1f ms; server CPU %.1f ms an edit"
          % (name, path, len(times), statistics.median(times), q[8], max(times), cpu))


def main():
    args = sys.argv[1:]
    binary = os.path.abspath(args[0])
    edits = int(arg(args, "--edits", "200"))
    binding = arg(args, "--binding", os.path.join(
        HERE, "tree/Documentation/devicetree/bindings/serial/snps-dw-apb-uart.yaml"))
    board = arg(args, "--board", os.path.join(
        HERE, "tree/arch/arm64/boot/dts/bitmain/bm1880-sophon-edge.dts"))
    c = Client(binary)
    c.initialize()
    with open("/proc/loadavg") as f:
        print("load average %s (2 cores here: wall times grow with it)" % f.read().split()[0])
    # in the title of the binding; in a comment of the board (both stay valid)
    report("binding", binding, measure(c, binding, "title: ", edits))
    report("board", board, measure(c, board, "/*", edits))
    c.close()


if __name__ == "__main__":
    main()
