#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Block scalar texts three ways: lib/yaml.c's own (from the source),
libfyaml's (fy_token_get_text(), which lib/yaml.c no longer calls for them:
it leaks) and PyYAML's, the YAML 1.2 section 8.1 reading ruamel (dt-schema)
shares for block scalars.

  block-diff.py BLOCK_DIFF PATH...      every *.yaml / *.json below each PATH
  block-diff.py BLOCK_DIFF --random N [--seed S]
                                        N generated documents, one block
                                        scalar each: headers, chomping,
                                        indicators, empty and more-indented
                                        lines, tabs, CRLF, EOF without a break

BLOCK_DIFF is build/tests/block-diff (tests/yaml/block-diff.c).  Prints the
counts, each difference from PyYAML, and exits 1 when dtbind's text differs
from PyYAML's anywhere both load the document.  Differences from libfyaml
are listed (with PyYAML's text): libfyaml 0.7.12 is wrong on some.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def pyyaml_blocks(path):
    """PyYAML's block scalar values of a file in document order (not keys), or None."""
    try:
        with open(path, "rb") as f:
            node = yaml.compose(f.read().decode("utf-8"), Loader=Loader)
    except Exception:  # noqa: BLE001 - any refusal means "not comparable"
        return None
    out, seen, stack = [], set(), [node]
    while stack:
        n = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        if isinstance(n, yaml.ScalarNode):
            if n.style in ("|", ">"):
                out.append(n.value)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(reversed(n.value))
        elif isinstance(n, yaml.MappingNode):
            stack.extend(reversed([v for _, v in n.value]))
    return out


def run(block_diff, files):
    with tempfile.NamedTemporaryFile("w", suffix=".list", delete=False) as lst:
        lst.write("".join(f + "\n" for f in files))
    try:
        out = subprocess.run([block_diff, "-j", "@" + lst.name], capture_output=True,
                             text=True, check=False).stdout
    finally:
        os.unlink(lst.name)
    by_file = {}
    for line in out.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            # Each byte came as \u00XX: libfyaml's texts are not always UTF-8 (its bugs).
            for k in ("libfyaml", "dtbind"):
                r[k] = r[k].encode("latin-1").decode("utf-8", "backslashreplace")
            by_file.setdefault(r["file"], []).append(r)
    return by_file


def compare(block_diff, files, show=int(os.environ.get("BLOCK_DIFF_SHOW", "20"))):
    by_file = run(block_diff, files)
    n = fy_diff = py_same = py_diff = py_extent = py_skipped = fy_diff_py_same = 0
    for f in files:
        ours = by_file.get(f, [])
        if not ours:
            continue
        n += len(ours)
        py = pyyaml_blocks(f)
        if py is not None and len(py) != len(ours):
            py = None
        for i, r in enumerate(ours):
            p = py[i] if py is not None else None
            if r["libfyaml"] != r["dtbind"]:
                fy_diff += 1
                fy_diff_py_same += p == r["dtbind"]
                if fy_diff <= show:
                    print(f"{f}:{r['line']}: libfyaml differs\n  libfyaml {r['libfyaml']!r}\n"
                          f"  dtbind   {r['dtbind']!r}\n  PyYAML   {p!r}")
            if p is None:
                py_skipped += 1
            elif p == r["dtbind"]:
                py_same += 1
            elif r["libfyaml"] == r["dtbind"]:
                # libfyaml's extent, not the formatting: its parse, which dtbind keeps.
                py_extent += 1
            else:
                py_diff += 1
                if py_diff <= show:
                    print(f"{f}:{r['line']}: PyYAML DIFFERS\n  PyYAML   {p!r}\n"
                          f"  dtbind   {r['dtbind']!r}\n  libfyaml {r['libfyaml']!r}")
    print(f"{len(files)} files, {n} block scalars: dtbind = libfyaml on {n - fy_diff}, "
          f"differs on {fy_diff} (PyYAML agrees with dtbind on {fy_diff_py_same} of them); "
          f"dtbind = PyYAML on {py_same}, differs on {py_diff} "
          f"(and on {py_extent} where dtbind = libfyaml: libfyaml's parse), "
          f"{py_skipped} not compared with PyYAML (it refuses the file or counts otherwise)")
    return py_diff


def random_doc(rng):
    """One document holding one block scalar, in one of several contexts."""
    ind = rng.choice([0, 1, 2, 2, 4])
    head = rng.choice("|>")
    inc = rng.choice([0, 0, 0, 1, 2, 3])
    chomp = rng.choice(["", "", "-", "+"])
    head += inc and chomp and rng.random() < 0.5 and chomp + str(inc) or \
        (str(inc) if inc else "") + chomp
    if rng.random() < 0.2:
        head += rng.choice([" # c | > #", "  #", "\t# x"])
    ctx = rng.choice(["top", "doc", "map", "nested", "seq", "seqmap", "tagged"])
    prefix, after = {
        "top": (" " * rng.choice([0, 1]) + head, ["", "z\n"]),
        "doc": ("--- " + head, ["", "...\n", "--- x\n"]),
        "map": ("k: " + head, ["", "b: 1\n", "# c\n", "  # c\n"]),
        "nested": ("a:\n  k: " + head, ["", "  b: 1\n", "c: 2\n", " # c\n"]),
        "seq": ("- " + head, ["", "- x\n", "# c\n"]),
        "seqmap": ("- a: 1\n  k: " + head, ["", "  b: 1\n", "- y\n"]),
        "tagged": ('"q | r": !!str &a|b ' + head, ["", "b: 1\n"]),
    }[ctx]
    base = {"top": 0, "doc": 0, "map": 0, "nested": 2, "seq": 0, "seqmap": 2, "tagged": 0}[ctx]
    content = (base + inc) if inc else base + rng.choice([1, 2, 3])
    if ctx in ("top", "doc") and not inc:
        # Not 0: PyYAML wants top-level text indented, libfyaml (and YAML 1.2) do not.
        content = rng.choice([1, 2])
    lines = []
    for _ in range(rng.randint(0, 7)):
        k = rng.random()
        if k < 0.2:
            lines.append("")
        elif k < 0.35:
            lines.append(" " * rng.randint(0, content + 3))
        elif k < 0.55:
            lines.append(" " * content + rng.choice(["x", "x y", "a  b", "x\ty", "w "]))
        elif k < 0.75:
            lines.append(" " * (content + rng.randint(1, 3)) + rng.choice(["m", "- n", "o  "]))
        elif k < 0.85:
            lines.append(" " * content + "\t" + rng.choice(["t", " u", ""]))
        else:
            lines.append(" " * content + rng.choice(["p:", "# not a comment", "r\t"]))
    nl = rng.choice(["\n", "\n", "\r\n"])
    text = prefix + nl + "".join(line + nl for line in lines)
    tail = rng.choice(after)
    if rng.random() < 0.15 and text.endswith(nl) and not tail:
        text = text[: -len(nl)]
    return text + tail.replace("\n", nl)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    block_diff = args.pop(0)
    if args[0] == "--random":
        count = int(args[1])
        seed = int(args[3]) if len(args) > 3 and args[2] == "--seed" else 1
        rng = random.Random(seed)
        with tempfile.TemporaryDirectory() as d:
            files = []
            for i in range(count):
                p = os.path.join(d, f"r{i}.yaml")
                with open(p, "w", newline="") as f:
                    f.write(random_doc(rng))
                files.append(p)
            bad = compare(block_diff, files)
    else:
        files = []
        for top in args:
            for root, _, names in os.walk(top):
                files += [os.path.join(root, n) for n in names
                          if n.endswith((".yaml", ".yml", ".json"))]
        files.sort()
        bad = compare(block_diff, files)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
