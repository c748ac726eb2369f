# SPDX-License-Identifier: BSD-2-Clause
"""A small LSP client over stdio (python3 standard library only), for the
tests and the latency script: it frames messages, answers nothing, and
keeps the notifications it receives."""

import json
import os
import select
import subprocess
import time


class ServerDied(Exception):
    pass


class Client:
    def __init__(self, binary, args=("lsp",), stderr=None):
        self.proc = subprocess.Popen([binary, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr)
        self.buf = b""
        self.next_id = 1
        self.notes = []      # notifications received, in order
        self.responses = {}  # id -> response
        self.null_errors = []  # error responses without an id (bad messages)

    # -- framing ---------------------------------------------------------
    def send_raw(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise ServerDied("the server closed its input")

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _read_message(self, deadline):
        fd = self.proc.stdout.fileno()
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end >= 0:
                length = None
                for line in self.buf[:end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                if length is None:
                    raise AssertionError("server sent a header without Content-Length")
                if len(self.buf) >= end + 4 + length:
                    body = self.buf[end + 4:end + 4 + length]
                    self.buf = self.buf[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise ServerDied("the server closed its output (exit %s)" % self.proc.poll())
            self.buf += chunk

    def pump(self, timeout):
        """Read one message (or none by @timeout); file it."""
        m = self._read_message(time.monotonic() + timeout)
        if m is None:
            return None
        if "id" in m and "method" not in m and m["id"] is None:
            self.null_errors.append(m)
        elif "id" in m and "method" not in m:
            self.responses[m["id"]] = m
        else:
            self.notes.append(m)
        return m

    # -- JSON-RPC ----------------------------------------------------------
    def request_async(self, method, params=None):
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return rid

    def wait_response(self, rid, timeout=60):
        deadline = time.monotonic() + timeout
        while rid not in self.responses:
            if self.pump(max(0.0, deadline - time.monotonic())) is None and \
                    time.monotonic() >= deadline:
                raise AssertionError("no response to request %r" % rid)
        return self.responses.pop(rid)

    def request(self, method, params=None, timeout=60):
        return self.wait_response(self.request_async(method, params), timeout)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def wait_diagnostics(self, uri, version=None, timeout=60):
        """The next publishDiagnostics for @uri (of @version when given)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, n in enumerate(self.notes):
                if n.get("method") == "textDocument/publishDiagnostics" and \
                        n["params"]["uri"] == uri and \
                        (version is None or n["params"].get("version") == version):
                    del self.notes[i]
                    return n["params"]["diagnostics"]
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("no diagnostics for %s (version %s)" % (uri, version))
            self.pump(left)

    # -- the editor's side ---------------------------------------------------
    def initialize(self, root=None):
        r = self.request("initialize", {"processId": os.getpid(), "rootUri": root,
                                        "capabilities": {}})
        self.notify("initialized", {})
        return r

    def open(self, uri, text, language="devicetree", version=1):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri, version, changes):
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    def close(self):
        try:
            self.request("shutdown", timeout=30)
            self.notify("exit")
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def uri_of(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def offset_to_pos(text, off):
    """LSP position (UTF-16 units) of character offset @off of str @text."""
    line = text.count("\n", 0, off)
    start = text.rfind("\n", 0, off) + 1
    units = sum(2 if ord(c) > 0xFFFF else 1 for c in text[start:off])
    return {"line": line, "character": units}


def apply_edits(text, edits):
    """Apply TextEdits (UTF-16 ranges) to @text, last first."""
    def index(pos):
        lines = text.split("\n")
        off = sum(len(l) + 1 for l in lines[:pos["line"]])
        units = 0
        line = lines[pos["line"]] if pos["line"] < len(lines) else ""
        i = 0
        while i < len(line) and units < pos["character"]:
            units += 2 if ord(line[i]) > 0xFFFF else 1
            i += 1
        return off + i
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"],
                                          e["range"]["start"]["character"]), reverse=True):
        a, b = index(e["range"]["start"]), index(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text
