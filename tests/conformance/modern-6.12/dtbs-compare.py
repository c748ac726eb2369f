#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
#
# Compare `dtbind validate -m --format=json` on kernel 6.12 boards with
# dt-schema 2026.06's dtbs_check (dt-validate -m).  Called by dtbs.sh;
# stdlib only.  The parsers of the 6.1 comparison (../dtbs/compare.py) are
# reused; only the message form of 2026.06 ("NAME (COMPAT): ...\n\tfrom
# schema $id: URL") is handled here.
#
# Usage: dtbs-compare.py --dtbs DIR --dtb-json FILE REFDIR...
#   REFDIR    files.txt (the boards' .dts paths) and results.tsv (board,
#             phase, ok|warn|error, message), as ../shared/reference/
#             modern-6.12/dtbs-N20 and dtbs-N51 here hold them
#   --dtbs    the built BOARD.dtb files
#   --dtb-json dtbind's JSON Lines for all of them
#   --min-found, --max-extra  the test thresholds (per cent)
#
# A finding is keyed (board, node name, property), as the reference names
# a node only by its last path component: dt-validate's error lines give
# NAME and a path inside it; required / dependency / unexpected-property
# messages name their properties; -m's "failed to match any schema" lines
# are (board, node name, "<unmatched>"), as are dtbind's
# undocumented-compatible warnings.  Prints the counts, the differences,
# and "TEST name: ok|FAIL (detail)" lines.

import argparse
import collections
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'compare61', os.path.join(HERE, '..', 'dtbs', 'compare.py'))
C = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(C)


def board_of(path):
    b = os.path.basename(path)
    for ext in ('.dts', '.dtb'):
        if b.endswith(ext):
            return b[:-len(ext)]
    return b


def ref_keys(board, msg, tree, byname):
    """Keys of one reference line (error or -m warning)."""
    m = re.search(r'(/\S*): failed to match any schema with compatible', msg)
    if m:
        return {(board, C.basename(m.group(1)), '<unmatched>')}
    first = msg.split('\\n', 1)[0]
    node, sep, rest = first.partition(': ')
    if not sep:
        return set()
    node = re.sub(r' \([^()]*\)$', '', node)
    path = []
    mp = re.match(r'''^((?:[^\s:'"\[{]+:)+) (.*)$''', rest)
    if mp:
        path = mp.group(1)[:-1].split(':')
        rest = mp.group(2)
    # NAME's children first (dt-validate prints no full path); a name
    # absent from the board keeps the path's first element as property
    cands = C.resolve(tree, byname, node, path)
    if cands:
        node, prop = C.basename(cands[0][1]), cands[0][2]
    else:
        prop = next((el for el in path if not el.isdigit()), '')
    _kw, names = C.ref_keyword(rest)
    if names:
        return {(board, node, n) for n in names}
    return {(board, node, prop)}


def load_ref(refdirs, dtbdir):
    keys, boards = set(), []
    for r in refdirs:
        with open(os.path.join(r, 'files.txt'), encoding='utf-8') as f:
            files = [ln.strip() for ln in f if ln.strip()]
        boards += [board_of(p) for p in files]
        trees = {}
        for p in files:
            b = board_of(p)
            tree, _order = C.fdt_tree(os.path.join(dtbdir, b + '.dtb'))
            byname = collections.defaultdict(list)
            for n in tree:
                byname[C.basename(n)].append(n)
            trees[b] = (tree, byname)
        with open(os.path.join(r, 'results.tsv'), encoding='utf-8') as f:
            for line in f:
                cols = line.rstrip('\n').split('\t')
                if len(cols) < 4 or cols[1] != 'validate' or cols[2] not in ('warn', 'error'):
                    continue
                b = board_of(cols[0])
                if b in trees:
                    keys |= ref_keys(b, cols[3], *trees[b])
    return keys, boards


def load_dtbind(path):
    keys = set()
    with open(path, encoding='utf-8') as f:
        lines = f.readlines()
    for ln in lines:
        if '"undocumented-compatible"' not in ln:
            continue
        d = json.loads(ln)
        node = d.get('message', '').split(': compatible ', 1)[0]
        keys.add((board_of(d.get('file') or ''), C.basename(node), '<unmatched>'))
    for d, _sch in C.load_dtbind(lines):
        b = board_of(d.get('file') or '')
        for path, prop, _kw in C.dtbind_tuples(d):
            keys.add((b, C.basename(path), prop))
    return keys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--dtbs', required=True)
    ap.add_argument('--dtb-json', required=True)
    ap.add_argument('--min-found', type=float, default=98.0)
    ap.add_argument('--max-extra', type=float, default=5.0)
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('refdirs', nargs='+')
    a = ap.parse_args()
    ref, boards = load_ref(a.refdirs, a.dtbs)
    ours = {k for k in load_dtbind(a.dtb_json) if k[0] in set(boards)}
    both, ronly, donly = ref & ours, ref - ours, ours - ref
    um = lambda s: {k for k in s if k[2] == '<unmatched>'}
    boards = sorted(set(boards))
    print('boards %d; keys (board, node, property): reference %d, dtbind %d, both %d, '
          'reference only %d, dtbind only %d' % (len(boards), len(ref), len(ours), len(both),
                                                  len(ronly), len(donly)))
    print('of which -m (unmatched compatibles): reference %d, dtbind %d, both %d'
          % (len(um(ref)), len(um(ours)), len(um(both))))
    for side, s in (('reference only', ronly), ('dtbind only', donly)):
        for k in sorted(s):
            print('%s\t%s\t%s\t%s' % (side, k[0], k[1], k[2]))
    found = 100.0 * len(both) / len(ref) if ref else 100.0
    extra = 100.0 * len(donly) / len(ref) if ref else 0.0
    print('TEST found: %s (%.1f %% of the reference, need >= %.1f)'
          % ('ok' if found >= a.min_found else 'FAIL', found, a.min_found))
    print('TEST extra: %s (%.1f %% of the reference, need <= %.1f)'
          % ('ok' if extra <= a.max_extra else 'FAIL', extra, a.max_extra))
    mu = um(ref) == um(ours)
    print('TEST unmatched: %s (-m: %d of %d reference keys, %d extra)'
          % ('ok' if mu else 'FAIL', len(um(both)), len(um(ref)), len(um(ours) - um(ref))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
