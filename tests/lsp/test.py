# SPDX-License-Identifier: BSD-2-Clause
"""`dtbind lsp` driven as an editor drives it, over stdio, on real kernel
files (tests/lsp/tree/: a binding, a board and its .dtsi from Linux 6.12).

Usage: python3 tests/lsp/test.py BINARY
Prints PASS/FAIL per test and "N passed, N failed"; exit 1 on a failure."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, apply_edits, offset_to_pos, uri_of  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.join(HERE, "tree")
BINDING = os.path.join(TREE, "Documentation/devicetree/bindings/serial/snps-dw-apb-uart.yaml")
BOARD = os.path.join(TREE, "arch/arm64/boot/dts/bitmain/bm1880-sophon-edge.dts")
DTSI = os.path.join(TREE, "arch/arm64/boot/dts/bitmain/bm1880.dtsi")
SPDX = {"code": "spdx", "severity": 2,
        "range": {"start": {"line": 0, "character": 27}, "end": {"line": 0, "character": 34}},
        "message": "DT binding documents should be licensed (GPL-2.0-only OR BSD-2-Clause), "
                   "not 'GPL-2.0'", "source": "dtbind"}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def pos_of(text, needle, plus=0):
    i = text.index(needle)
    return offset_to_pos(text, i + plus)


def only_fix(c, uri, diag):
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diag["range"],
        "context": {"diagnostics": [diag]}})["result"]
    assert len(r) == 1, r
    assert r[0]["kind"] == "quickfix"
    return r[0]["edit"]["changes"][uri]


def test_binding_diagnostics_and_fix(c):
    text, uri = read(BINDING), uri_of(BINDING)
    c.open(uri, text, "yaml")
    assert c.wait_diagnostics(uri, 1) == [SPDX]
    # A meta-schema keyword misspelt, typed as an incremental change.
    at = text.index("\nrequired:") + 1
    c.change(uri, 2, [{"range": {"start": offset_to_pos(text, at),
                                 "end": offset_to_pos(text, at + len("required"))},
                       "text": "requird"}])
    typo = text[:at] + "requird" + text[at + len("required"):]
    d = c.wait_diagnostics(uri, 2)
    assert len(d) == 2 and d[0] == SPDX, d
    assert d[1]["code"] == "meta-schema" and d[1]["severity"] == 1
    assert d[1]["range"]["start"] == offset_to_pos(typo, at), d[1]
    assert d[1]["message"].startswith("'requird' is not allowed here; did you mean 'required'?")
    edits = only_fix(c, uri, d[1])
    fixed = apply_edits(typo, edits)
    assert fixed == text
    c.change(uri, 3, [{"text": fixed}])
    assert c.wait_diagnostics(uri, 3) == [SPDX]


def test_board_diagnostics_and_fix(c):
    text, uri = read(BOARD), uri_of(BOARD)
    c.open(uri, text)
    assert c.wait_diagnostics(uri, 1) == []
    at = text.index('status = "okay"') + len('status = "')
    bad = text[:at] + "okey" + text[at + 4:]
    c.change(uri, 2, [{"range": {"start": offset_to_pos(text, at),
                                 "end": offset_to_pos(text, at + 4)}, "text": "okey"}])
    d = c.wait_diagnostics(uri, 2)
    assert len(d) == 1, d
    assert d[0]["code"] == "dt-schema" and d[0]["severity"] == 1
    assert d[0]["range"]["start"]["line"] == offset_to_pos(text, at)["line"]
    # 2026.06's dt-core: status is a child node or one of five strings (a oneOf)
    assert d[0]["message"] == ('/soc/serial@58018000:status: ["okey"] is not valid under any of '
                               'the 2 \'oneOf\' schemas; the closest, oneOf/1, fails because:\n'
                               '"okey" is not one of ["okay", "disabled", "reserved", "fail", '
                               '"fail-needs-probe"]; did you mean \'okay\'?'), d
    edits = only_fix(c, uri, d[0])
    assert edits[0]["range"]["start"] == offset_to_pos(bad, at)
    fixed = apply_edits(bad, edits)
    assert fixed == text
    c.change(uri, 3, [{"text": fixed}])
    assert c.wait_diagnostics(uri, 3) == []


def hover(c, uri, pos):
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": pos})
    return r["result"]["contents"]["value"] if r["result"] else None


def test_hover(c):
    text, uri = read(BOARD), uri_of(BOARD)
    c.open(uri, text)
    c.wait_diagnostics(uri, 1)
    v = hover(c, uri, pos_of(text, '"bitmain,sophon-edge"', 3))
    assert v == "`bitmain,sophon-edge` is documented by **arm/bitmain.yaml**: Bitmain platform", v
    dtext, duri = read(DTSI), uri_of(DTSI)
    c.open(duri, dtext)
    c.wait_diagnostics(duri, 1)
    v = hover(c, duri, pos_of(dtext, "reg-shift", 4))
    assert v == "**reg-shift**: `uint32`\n\nDefined in serial/snps-dw-apb-uart.yaml", v
    # a property typed into the board: its type, description and binding
    at = text.index("&uart0 {") + len("&uart0 {\n")
    new = text[:at] + "\tsnps,uart-16550-compatible;\n" + text[at:]
    c.change(uri, 2, [{"text": new}])
    c.wait_diagnostics(uri, 2)
    v = hover(c, uri, offset_to_pos(new, at + 5))
    assert v == ("**snps,uart-16550-compatible**: `boolean`\n\nreflects the value of "
                 "UART_16550_COMPATIBLE configuration parameter. Define this if your UART does "
                 "not implement the busy functionality.\n\nDefined in "
                 "serial/snps-dw-apb-uart.yaml"), v
    btext, buri = read(BINDING), uri_of(BINDING)
    c.open(buri, btext, "yaml")
    c.wait_diagnostics(buri, 1)
    v = hover(c, buri, pos_of(btext, "$ref: serial.yaml#", 8))
    assert v == "`serial.yaml#`: Serial Interface Generic", v


def labels(c, uri, pos):
    r = c.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": pos})
    return [i["label"] for i in r["result"]]


def test_completion(c):
    text, uri = read(BOARD), uri_of(BOARD)
    c.open(uri, text)
    c.wait_diagnostics(uri, 1)
    # inside "&uart0 {": the uart's binding, found through the label in the .dtsi
    got = labels(c, uri, pos_of(text, "&uart0 {", len("&uart0 {")))
    for name in ("reg-shift", "reg-io-width", "clock-frequency", "resets", "dmas"):
        assert name in got, (name, got)
    dtext, duri = read(DTSI), uri_of(DTSI)
    c.open(duri, dtext)
    c.wait_diagnostics(duri, 1)
    got = labels(c, duri, pos_of(dtext, '"snps,dw-apb-uart"', 1))
    assert "snps,dw-apb-uart" in got and "rockchip,rk3399-uart" in got, got
    btext, buri = read(BINDING), uri_of(BINDING)
    c.open(buri, btext, "yaml")
    c.wait_diagnostics(buri, 1)
    got = labels(c, buri, pos_of(btext, "$ref: serial.yaml#", 6))
    assert "/schemas/types.yaml#/definitions/uint32" in got, got[:20]
    assert "/schemas/serial/rs485.yaml#" in got, got
    got = labels(c, buri, pos_of(btext, "\nrequired:", 1))
    assert "unevaluatedProperties" in got and "$id" in got, got


def test_dtsi_seen_from_board(c):
    # the editor's text of the .dtsi, unsaved, checked through the board that includes it
    text, uri = read(DTSI), uri_of(DTSI)
    c.open(uri, text)
    assert c.wait_diagnostics(uri, 1) == []
    bad = text.replace("reg-shift = <2>;", "reg-shift = <2>;\n\t\t\treg-shiftt = <2>;", 1)
    c.change(uri, 2, [{"text": bad}])
    d = c.wait_diagnostics(uri, 2)
    assert len(d) == 1, d
    assert d[0]["message"] == ("/soc/serial@58018000: property 'reg-shiftt' is not allowed here; "
                               "did you mean 'reg-shift'? (seen from board bm1880-sophon-edge.dts)"), d
    assert d[0]["range"]["start"] == offset_to_pos(bad, bad.index("reg-shiftt")), d[0]
    c.change(uri, 3, [{"text": text}])
    assert c.wait_diagnostics(uri, 3) == []


def test_cancel_and_bad_messages(c):
    text, uri = read(BOARD), uri_of(BOARD)
    c.open(uri, text)
    c.wait_diagnostics(uri, 1)
    # A request and its cancellation in one write: answered RequestCancelled.
    rid = c.next_id
    c.next_id += 1
    req = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "textDocument/hover",
                      "params": {"textDocument": {"uri": uri},
                                 "position": {"line": 0, "character": 0}}}).encode()
    cancel = json.dumps({"jsonrpc": "2.0", "method": "$/cancelRequest",
                         "params": {"id": rid}}).encode()
    c.send_raw(b"Content-Length: %d\r\n\r\n%s" % (len(req), req) +
               b"Content-Length: %d\r\n\r\n%s" % (len(cancel), cancel))
    r = c.wait_response(rid)
    assert r["error"]["code"] == -32800, r
    # Not JSON, no Content-Length, an unknown method: errors, and the server goes on.
    c.send_raw(b"Content-Length: 5\r\n\r\n{oops")
    c.send_raw(b"Content-Type: x\r\n\r\n")
    r = c.request("no/such-method", {})
    assert r["error"]["code"] == -32601, r
    assert [e["error"]["code"] for e in c.null_errors] == [-32700, -32700], c.null_errors
    assert c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                            "position": {"line": 0, "character": 0}})["result"] \
        is None


def validate_view(path, board, suffix=""):
    """What `dtbind validate` finds in @path, checking @board from disk, as
    the server's diagnostics would show it (notes of -s left out)."""
    r = subprocess.run([BINARY, "validate", "--format=json", board], capture_output=True,
                       text=True, check=False)
    assert r.returncode in (0, 1), r.stderr
    real, out, kept = os.path.realpath(path), [], False
    for line in r.stdout.splitlines():
        f = json.loads(line)
        if f["severity"] == "note":
            if kept and f["message"] != "from this schema":
                out[-1]["message"] += "\n" + f["message"]
            continue
        kept = os.path.realpath(f["file"]) == real
        if kept:
            out.append({"line": f["line"] - 1, "character": f["col"] - 1, "code": f["rule"],
                        "severity": 1 if f["severity"] == "error" else 2,
                        "message": "%s: %s%s" % (f["node"], f["message"], suffix)})
    return sorted(out, key=lambda d: (d["line"], d["character"], d["message"]))


def server_view(diags):
    return sorted(({"line": d["range"]["start"]["line"],
                    "character": d["range"]["start"]["character"], "code": d["code"],
                    "severity": d["severity"], "message": d["message"]} for d in diags),
                  key=lambda d: (d["line"], d["character"], d["message"]))


def test_same_as_validate_after_edits(c):
    """After each edit, with every cache warm, the server finds in a board
    and in its .dtsi (open and edited in the editor) what `dtbind validate`
    finds in the same texts saved."""
    tmp = tempfile.mkdtemp(prefix="dtbind-lsp-tree-")
    try:
        tree = os.path.join(tmp, "tree")
        shutil.copytree(TREE, tree, symlinks=True)
        board = os.path.join(tree, os.path.relpath(BOARD, TREE))
        dtsi = os.path.join(tree, os.path.relpath(DTSI, TREE))
        suffix = " (seen from board %s)" % os.path.basename(board)
        buri, duri = uri_of(board), uri_of(dtsi)
        texts = {board: read(board), dtsi: read(dtsi)}
        versions = {board: 1, dtsi: 1}
        c.open(buri, texts[board])
        assert server_view(c.wait_diagnostics(buri, 1)) == validate_view(board, board) == []
        c.open(duri, texts[dtsi])
        assert server_view(c.wait_diagnostics(duri, 1)) == validate_view(dtsi, board, suffix)

        def edit(path, old, new, expect):
            text = texts[path]
            at = text.index(old)
            versions[path] += 1
            c.change(uri_of(path), versions[path],
                     [{"range": {"start": offset_to_pos(text, at),
                                 "end": offset_to_pos(text, at + len(old))}, "text": new}])
            texts[path] = text[:at] + new + text[at + len(old):]
            with open(path, "w", encoding="utf-8") as f:   # for validate, not for the server
                f.write(texts[path])
            got = server_view(c.wait_diagnostics(uri_of(path), versions[path]))
            want = validate_view(path, board, suffix if path == dtsi else "")
            assert got == want, (old, new, got, want)
            assert len(got) == expect, (old, new, got)
            return got

        # a finding in the board; lines added above it (its node is checked again); mended
        edit(board, 'status = "okay"', 'status = "okey"', 1)
        edit(board, "/ {", "/* three\n * more\n * lines */\n/ {", 1)
        edit(board, "&uart0 {", "&uart0 {\n\treg-io-widht = <4>;", 2)
        edit(board, 'status = "okey"', 'status = "okay"', 1)
        # the .dtsi, open in the editor: a finding there, lines moved, mended
        edit(dtsi, "reg-shift = <2>;", "reg-shift = <2>;\n\t\t\treg-shiftt = <2>;", 1)
        edit(dtsi, "/ {", "\n\n/ {", 1)
        # the board, checked again, reads the edited .dtsi from the editor
        edit(board, "/* three", "/* four", 1)
        edit(dtsi, "\t\t\treg-shiftt = <2>;\n", "", 0)
        edit(board, "\n\treg-io-widht = <4>;", "", 0)
        # a label renamed in the editor's .dtsi, not saved: the open board sees it
        c.notes.clear()
        versions[dtsi] += 1
        c.change(duri, versions[dtsi], [{"text": texts[dtsi].replace("uart0: serial", "uartx: serial")}])
        d = c.wait_diagnostics(buri, versions[board])
        assert [x["message"] for x in d] == [
            "label or path '&uart0' not found",
            "/aliases: reference to non-existent node or label '&uart0'"], d
        versions[dtsi] += 1
        c.change(duri, versions[dtsi], [{"text": texts[dtsi]}])
        assert c.wait_diagnostics(buri, versions[board]) == []
    finally:
        shutil.rmtree(tmp)


TESTS = [test_binding_diagnostics_and_fix, test_board_diagnostics_and_fix, test_hover,
         test_completion, test_dtsi_seen_from_board, test_cancel_and_bad_messages,
         test_same_as_validate_after_edits]
BINARY = None


def main():
    global BINARY
    binary = BINARY = os.path.abspath(sys.argv[1])
    cache = tempfile.mkdtemp(prefix="dtbind-lsp-cache-")
    os.environ["XDG_CACHE_HOME"] = cache
    passed = failed = 0
    try:
        for t in TESTS:
            c = Client(binary)
            try:
                c.initialize(uri_of(TREE))
                t(c)
                assert c.close() == 0, "exit status after shutdown"
                print("PASS", t.__name__)
                passed += 1
            except Exception:
                print("FAIL", t.__name__)
                traceback.print_exc()
                failed += 1
                if c.proc.poll() is None:
                    c.proc.kill()
    finally:
        shutil.rmtree(cache)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
