# SPDX-License-Identifier: BSD-2-Clause
"""10,000 random, malformed and truncated messages to `dtbind lsp`; the
server must stay up and answer a request afterwards.  Seeded: a failure
is reproduced with the same seed.

Usage: python3 tests/lsp/fuzz.py BINARY [--seed N] [--count N]"""

import json
import os
import random
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, uri_of  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.join(HERE, "tree")
FILES = [os.path.join(TREE, p) for p in (
    "Documentation/devicetree/bindings/serial/snps-dw-apb-uart.yaml",
    "arch/arm64/boot/dts/bitmain/bm1880-sophon-edge.dts",
    "arch/arm64/boot/dts/bitmain/bm1880.dtsi")]
METHODS = ["initialize", "shutdown", "textDocument/hover", "textDocument/completion",
           "textDocument/codeAction", "textDocument/didOpen", "textDocument/didChange",
           "textDocument/didClose", "textDocument/didSave", "$/cancelRequest", "exit-not",
           "workspace/symbol", ""]


def rand_value(rng, depth=0):
    k = rng.randrange(8 if depth < 3 else 5)
    if k == 0:
        return None
    if k == 1:
        return rng.choice([True, False])
    if k == 2:
        return rng.choice([0, -1, 1, 2**31, 2**63 - 1, -2**63, 1e300, 0.5])
    if k == 3:
        return "".join(rng.choice("ab\"\\\n\u00e9\U0001f600{}:") for _ in range(rng.randrange(8)))
    if k == 4:
        return rng.choice(["file:///", "file://" + FILES[0], "file:///%00x", "http://x", ""])
    if k == 5:
        return [rand_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["uri", "line", "character", "text", "range", "start", "end",
                        "textDocument", "position", "id", "version", "contentChanges"]):
            rand_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def rand_pos(rng):
    return {"line": rng.choice([0, 1, 5, 100, 10**6, -1, 2**32]),
            "character": rng.choice([0, 3, 40, 10**6, -5, 2**32 + 1])}


def doc_message(rng, texts):
    """A well-formed document message with random content."""
    i = rng.randrange(len(FILES))
    uri, text = uri_of(FILES[i]), texts[i]
    m = rng.randrange(5)
    if m == 0:
        cut = rng.randrange(len(text) + 1)
        return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "x", "version": 1, "text": text[:cut]}}}
    if m == 1:
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": rng.randrange(100)},
            "contentChanges": [{"range": {"start": rand_pos(rng), "end": rand_pos(rng)},
                                "text": rng.choice(["", "{", "}", "\"", ";", "&x {", "\U0001f600",
                                                    "#include \"bm1880.dtsi\"\n", "- :\n"])}]}}
    method = rng.choice(["textDocument/hover", "textDocument/completion",
                         "textDocument/codeAction"])
    return {"jsonrpc": "2.0", "id": rng.randrange(1000), "method": method, "params": {
        "textDocument": {"uri": uri}, "position": rand_pos(rng),
        "range": {"start": rand_pos(rng), "end": rand_pos(rng)}}}


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(rng, texts):
    k = rng.randrange(10)
    if k == 0:   # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
    if k == 1:   # a bad header
        return rng.choice([b"Content-Length: x\r\n\r\n", b"Content-Length: -1\r\n\r\n",
                           b"Content-Length: 99999999999999999999\r\n\r\n", b"\r\n\r\n",
                           b"Content-Length: 1 2\r\n\r\n", b"Content-Length:\r\n\r\n"])
    if k == 2:   # a truncated body (the next message's bytes complete it)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": rng.choice(METHODS),
                           "params": rand_value(rng)}).encode()
        return b"Content-Length: %d\r\n\r\n" % (len(body) + rng.randrange(1, 64)) + body
    if k == 3:   # a body that is not JSON, or is cut
        body = json.dumps(rand_value(rng)).encode()
        return frame(body[:rng.randrange(len(body) + 1)] + rng.choice([b"", b"}", b"\x00", b"\xff"]))
    if k < 6:    # JSON-RPC shapes with random members
        msg = {"jsonrpc": rng.choice(["2.0", "1.0", 2]), "method": rng.choice(METHODS),
               "params": rand_value(rng)}
        if rng.randrange(2):
            msg["id"] = rand_value(rng)
        return frame(json.dumps(msg).encode())
    return frame(json.dumps(doc_message(rng, texts)).encode())


def main():
    args = sys.argv[1:]
    binary = os.path.abspath(args[0])
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    count = int(args[args.index("--count") + 1]) if "--count" in args else 10000
    rng = random.Random(seed)
    texts = [open(f, encoding="utf-8").read() for f in FILES]
    cache = tempfile.mkdtemp(prefix="dtbind-lsp-fuzz-")
    os.environ["XDG_CACHE_HOME"] = cache
    errlog = tempfile.TemporaryFile()
    c = Client(binary, stderr=errlog)
    c.initialize(uri_of(TREE))
    # Drain the server's output on a thread, so that neither side blocks on a full pipe.
    stop = threading.Event()
    answered = threading.Event()   # a probe (id > 900000) was answered

    def drain():
        while not stop.is_set():
            try:
                m = c.pump(0.2)
                if m is None and c.proc.poll() is not None:
                    return
            except Exception:
                return
            if m and isinstance(m.get("id"), int) and m["id"] > 900000 and "method" not in m:
                answered.set()
            del c.notes[:]
            c.responses.clear()
            del c.null_errors[:]
    t = threading.Thread(target=drain, daemon=True)
    t.start()
    start = time.monotonic()
    sent = 0
    try:
        for i in range(count):
            if i == count // 2:
                # one real message over the limit: skipped whole, answered with an error
                c.send_raw(frame(b" " * (33 << 20)))
            c.send_raw(message(rng, texts))
            sent += 1
            if c.proc.poll() is not None:
                break
    except Exception as e:
        print("fuzz: sending failed after %d messages: %s" % (sent, e))
    # Padding ends any body still open, then probes until one is answered.
    if c.proc.poll() is None:
        c.send_raw(b" " * (1 << 16))
    alive = False
    deadline = time.monotonic() + 60
    probe = 900000
    while c.proc.poll() is None and time.monotonic() < deadline and not alive:
        probe += 1
        try:
            c.send(({"jsonrpc": "2.0", "id": probe, "method": "shutdown"}))
        except Exception:
            break
        alive = answered.wait(1.0)
    code = c.proc.poll()
    if alive:
        # the probe was a shutdown: exit now ends the server with 0 (a sanitizer's report would not)
        try:
            c.notify("exit")
            code = c.proc.wait(timeout=60)
        except Exception as e:
            print("fuzz: no exit: %r" % e)
            code = None
    stop.set()
    t.join()
    if c.proc.poll() is None:
        c.proc.kill()
        c.proc.wait()
    os.system("rm -rf '%s'" % cache)
    took = time.monotonic() - start
    if not alive or code != 0:
        print("FAIL lsp fuzz (seed %d): the server %s after %d messages" %
              (seed, "ended with status %s" % code if code is not None else "stopped answering",
               sent))
        errlog.seek(0)
        sys.stdout.write(errlog.read()[-4000:].decode(errors="replace"))
        sys.exit(1)
    print("PASS lsp fuzz: %d messages (seed %d), the server answered afterwards (%.1f s)" %
          (sent, seed, took))


if __name__ == "__main__":
    main()
