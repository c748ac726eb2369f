# SPDX-License-Identifier: BSD-2-Clause
"""`dtbind lsp` driven as an editor drives it, over stdio, on real kernel
files (tests/lsp/tree/: a binding, a board and its .dtsi from Linux 6.12).

Usage: python3 tests/lsp/test.py BINARY
Prints PASS/FAIL per test and "N passed, N failed"; exit 1 on a failure."""

import json
import os
import shutil
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


TESTS = [test_binding_diagnostics_and_fix, test_board_diagnostics_and_fix, test_hover,
         test_completion, test_dtsi_seen_from_board, test_cancel_and_bad_messages]


def main():
    binary = os.path.abspath(sys.argv[1])
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
