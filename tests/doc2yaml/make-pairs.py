#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Pairs of (6.1 .txt, 6.12 .yaml) beyond the 97 of ../shared/doc2yaml-dev.

Every 6.1 .txt that is gone in 6.12 and shares a compatible string with a
6.12 schema is paired with the schema sharing the most, when that schema
is new since 6.1 (as for the 97: the conversion, not an older schema the
compatibles were added to).  The pairs are split
by a hash of the .txt path into "tune" (rules may be shaped on them) and
"check" (only measured), so the figures on "check" say how the rules carry
to conversions nobody looked at.  The 97 development pairs keep their own
split ("dev").

Usage: make-pairs.py OLD_ROOT NEW_ROOT > pairs-extended.tsv
(roots as printed by `sh /work/shared/corpus.sh 6.1 | tail -1`).
"""

import hashlib
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'score'))
import score  # noqa: E402  (the scorer's reading of a schema's compatibles)

B = 'Documentation/devicetree/bindings'
COMPAT = re.compile(r'"([a-z0-9][a-z0-9-]*,[A-Za-z0-9][A-Za-z0-9,._+-]*)"')


def yaml_compatibles(path):
    doc, _ = score.load_yaml_file(path)
    return score.schema_compatibles(doc)


def txt_compatibles(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    # Strings before the first example are the binding's own; the rest may
    # name parents and consumers.
    m = re.search(r'^\s*Examples?\b.*:?\s*$', text, re.M | re.I)
    head = text[:m.start()] if m else text
    return set(COMPAT.findall(head)), set(COMPAT.findall(text))


def walk(root, ext):
    base = os.path.join(root, B)
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(ext):
                p = os.path.join(d, f)
                yield os.path.relpath(p, base), p


def main():
    old, new = sys.argv[1], sys.argv[2]
    dev = set()
    devp = '/work/shared/doc2yaml-dev/pairs.tsv'
    if os.path.exists(devp):
        with open(devp) as f:
            next(f)
            dev = {line.split('\t')[0] for line in f if line.strip()}
    index = {}
    for rel, p in walk(new, '.yaml'):
        for c in yaml_compatibles(p):
            index.setdefault(c, set()).add(rel)
    newtxt = {rel for rel, _ in walk(new, '.txt')}
    print('txt\tyaml\tshared_compatibles\tsplit\tmethod\ttxt_own_compatibles')
    for rel, p in sorted(walk(old, '.txt')):
        if rel in newtxt or rel in dev:
            continue
        own, every = txt_compatibles(p)
        votes = {}
        for c in (own or every):
            for y in index.get(c, ()):
                votes[y] = votes.get(y, 0) + 1
        if not votes:
            continue
        best = max(votes.items(), key=lambda kv: (kv[1], kv[0][:-5] == rel[:-4], kv[0]))
        y, n = best
        # Like the 97: the schema is new since 6.1, written as the conversion.
        if os.path.exists(os.path.join(old, B, y)):
            continue
        method = 'same-path' if y[:-5] == rel[:-4] else 'compat'
        h = int(hashlib.sha1(rel.encode()).hexdigest(), 16)
        split = 'tune' if h % 2 == 0 else 'check'
        print('%s\t%s\t%d\t%s\t%s\t%d' % (rel, y, n, split, method, len(own)))


if __name__ == '__main__':
    main()
