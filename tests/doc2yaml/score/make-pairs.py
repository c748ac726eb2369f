#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Pair every legacy .txt binding of Linux 6.1 with the 6.12 schema that
replaced it, the way ../shared/doc2yaml-dev/pairs.tsv was made: a .yaml at the
same path, else the 6.12 schema new since 6.1 that shares the most compatible
strings with the text.  Writes a pairs.tsv that score.py reads.

Splits: 'dev' are the shared development pairs (as given); the rest are cut
by a hash of the .txt path into 'tune' (rules may be tuned on them) and
'held' (never looked at while tuning; only scored).

usage: make-pairs.py [--cache DIR] [--dev PAIRS] > pairs-all.tsv
"""
import argparse
import hashlib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402

COMPAT_RE = re.compile(r'"([a-z0-9][a-z0-9-]*,[a-zA-Z0-9][a-zA-Z0-9._+,/-]*)"')
STUB_RE = re.compile(r'(moved to|converted to|has been moved|see .*\.yaml|'
                     r'now in .*\.yaml|in yaml format)', re.I)


def txt_compatibles(text):
    return set(COMPAT_RE.findall(text))


def is_stub(text):
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return len(lines) <= 6 and STUB_RE.search(text) is not None


def split_of(txt):
    h = hashlib.sha1(txt.encode()).digest()[0]
    return 'tune' if h % 2 == 0 else 'held'


def walk(root, ext):
    out = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(ext):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cache', default=score.DEFAULT_CACHE)
    ap.add_argument('--dev', default='/work/shared/doc2yaml-dev/pairs.tsv')
    args = ap.parse_args()
    roots = score.ensure_cache(os.path.abspath(args.cache))
    b61, b612 = score.bindings_dir(roots['6.1']), score.bindings_dir(roots['6.12'])
    dev = {p['txt']: p for p in score.read_pairs(args.dev)}

    new_yaml = [y for y in walk(b612, '.yaml')
                if not os.path.exists(os.path.join(b61, y))]
    ycompat = {}
    for y in new_yaml:
        doc, _ = score.load_yaml_file(os.path.join(b612, y))
        ycompat[y] = score.schema_compatibles(doc)
    cols = ['txt', 'yaml', 'shared_compatibles', 'split', 'method']
    print('\t'.join(cols))
    for t in walk(b61, '.txt'):
        if os.path.exists(os.path.join(b612, t)):
            continue	# still a .txt in 6.12: not converted
        if t in dev:
            p = dev[t]
            print('\t'.join([t, p['yaml'], p['shared_compatibles'], 'dev', p['method']]))
            continue
        with open(os.path.join(b61, t), encoding='utf-8', errors='replace') as f:
            text = f.read()
        if is_stub(text):
            continue
        tc = txt_compatibles(text)
        same = t[:-4] + '.yaml'
        if same in ycompat:
            print('\t'.join([t, same, str(len(tc & ycompat[same])), split_of(t),
                             'same-path']))
            continue
        best, nbest = None, 0
        for y, yc in ycompat.items():
            n = len(tc & yc)
            if n > nbest or (n == nbest and n and y < best):
                best, nbest = y, n
        if best:
            print('\t'.join([t, best, str(nbest), split_of(t), 'compat']))
    return 0


if __name__ == '__main__':
    sys.exit(main())
