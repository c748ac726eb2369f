# SPDX-License-Identifier: BSD-2-Clause
"""didChange -> publishDiagnostics latency of `dtbind lsp`, as an editor
sees it: 200 one-character edits (typed, then deleted again) of a real
binding and of real board .dts files, each sent alone and timed until the
diagnostics of that version arrive.  Prints the median and the 90th
percentile of the wall time and of the server's CPU time (user + system,
from /proc/PID/schedstat) per edit.  A measurement, not a test: it asserts
nothing.

Usage: python3 tests/lsp/latency.py BINARY [--binding FILE] [--board FILE]... [--edits N]
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


def cpu_ms(pid):
    """CPU time process @pid has run, in ms (Linux /proc, nanosecond resolution)."""
    with open("/proc/%d/schedstat" % pid) as f:
        return int(f.read().split()[0]) / 1e6


def measure(c, path, where, edits):
    text = open(path, encoding="utf-8").read()
    uri = uri_of(path)
    c.open(uri, text)
    c.wait_diagnostics(uri, 1, timeout=300)   # the tree's bindings load here, once
    at = text.index(where) + len(where)
    pos = offset_to_pos(text, at)
    after = dict(pos, character=pos["character"] + 1)
    times, cpus = [], []
    for v in range(2, edits + 2):
        typed = v % 2 == 0
        change = {"range": {"start": pos, "end": pos if typed else after},
                  "text": "x" if typed else ""}
        cpu0 = cpu_ms(c.proc.pid)
        t0 = time.perf_counter()
        c.change(uri, v, [change])
        c.wait_diagnostics(uri, v)
        times.append((time.perf_counter() - t0) * 1000)
        cpus.append(cpu_ms(c.proc.pid) - cpu0)
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    c.wait_diagnostics(uri)
    return times, cpus


def report(name, path, measured):
    times, cpus = measured
    q, qc = statistics.quantiles(times, n=10), statistics.quantiles(cpus, n=10)
    print("%-8s %s: %d edits, wall median %.1f ms, p90 %.1f ms, max %.1f ms; "
          "server CPU median %.1f ms, p90 %.1f ms"
          % (name, os.path.basename(path), len(times), statistics.median(times), q[8],
             max(times), statistics.median(cpus), qc[8]))


def main():
    args = sys.argv[1:]
    binary = os.path.abspath(args[0])
    edits = int(arg(args, "--edits", "200"))
    binding = arg(args, "--binding", os.path.join(
        HERE, "tree/Documentation/devicetree/bindings/serial/snps-dw-apb-uart.yaml"))
    boards = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--board"] or [
        os.path.join(HERE, "tree/arch/arm64/boot/dts/bitmain/bm1880-sophon-edge.dts")]
    c = Client(binary)
    c.initialize()
    def load():
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    print("load average %s at the start (%d cores: wall times grow with it)"
          % (load(), os.cpu_count()))
    # in the title of the binding; in a comment of the board (both stay valid)
    report("binding", binding, measure(c, binding, "title: ", edits))
    for board in boards:
        report("board", board, measure(c, board, "/*", edits))
    print("load average %s at the end" % load())
    c.close()


if __name__ == "__main__":
    main()
