#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Each missed and each extra `$ref` of a score.py run, with the text's evidence.

For every pair of the run's split, the other schema files the conversion
$refs are compared with the 6.12 schema's (score.schema_refs, the metric's
own sets).  A missed or extra one is printed with the .txt lines that name
its stem's words (the evidence a rule could read, or its absence), and the
totals per referenced schema come last, so that causes can be grouped.

usage: ref-report.py WORKDIR SET [--pairs PAIRS] [--only missed|extra]
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402

GENERIC_WORDS = {'common', 'controller', 'props', 'peripheral', 'bus', 'yaml', 'qcom',
                 'snps', 'dw', 'ti', 'base', 'v2', 'devices', 'device', 'interface'}


def cue_words(ref):
    """The words of a schema's file name a text might use: 'spi' of spi-peripheral-props."""
    stem = os.path.basename(ref)[:-5] if ref.endswith('.yaml') else os.path.basename(ref)
    words = [w for w in re.split(r'[-_,]', stem) if w and w not in GENERIC_WORDS]
    return words or [stem]


def evidence(lines, ref, most=3):
    words = cue_words(ref)
    stem = os.path.basename(ref)[:-5]
    hits = []
    for no, line in enumerate(lines, 1):
        low = line.lower()
        if stem.lower() in low or any(re.search(r'\b%s' % re.escape(w.lower()), low)
                                      for w in words):
            hits.append('      %d: %s' % (no, line.strip()[:110]))
            if len(hits) == most:
                break
    return hits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('workdir')
    ap.add_argument('set')
    ap.add_argument('--pairs', default=score.DEFAULT_PAIRS)
    ap.add_argument('--only', choices=['missed', 'extra'])
    args = ap.parse_args()
    roots = score.ensure_cache(score.DEFAULT_CACHE)
    b61, b612 = score.bindings_dir(roots['6.1']), score.bindings_dir(roots['6.12'])
    totals = {'missed': collections.Counter(), 'extra': collections.Counter(),
              'hit': collections.Counter()}
    for p in score.read_pairs(args.pairs):
        if args.set != 'all' and p['split'] not in args.set.split(','):
            continue
        out_path = os.path.join(args.workdir, 'out', p['txt'][:-4] + '.yaml')
        out, _ = score.load_yaml_file(out_path)
        truth, _ = score.load_yaml_file(os.path.join(b612, p['yaml']))
        mine = score.schema_refs(out) if isinstance(out, dict) else set()
        want = score.schema_refs(truth) if isinstance(truth, dict) else set()
        totals['hit'].update(mine & want)
        with open(os.path.join(b61, p['txt']), encoding='utf-8', errors='replace') as f:
            lines = f.read().splitlines()
        rows = []
        for kind, refs in (('missed', want - mine), ('extra', mine - want)):
            totals[kind].update(refs)
            if args.only and kind != args.only:
                continue
            for r in sorted(refs):
                rows.append('  %s %s' % (kind, r))
                rows.extend(evidence(lines, r) or ['      (no line names it)'])
        if rows:
            print('%s -> %s  [%s]' % (p['txt'], p['yaml'], lines[0].strip()[:70] if lines else ''))
            print('\n'.join(rows))
    hit, missed, extra = (sum(totals[k].values()) for k in ('hit', 'missed', 'extra'))
    print('\n$ref precision %.3f (%d/%d), recall %.3f (%d/%d)' % (
        hit / (hit + extra) if hit + extra else 1, hit, hit + extra,
        hit / (hit + missed) if hit + missed else 1, hit, hit + missed))
    print('per schema: hit / missed / extra')
    keys = set(totals['hit']) | set(totals['missed']) | set(totals['extra'])
    for k in sorted(keys, key=lambda k: -(totals['missed'][k] + totals['extra'][k])):
        print('  %3d %3d %3d  %s' % (totals['hit'][k], totals['missed'][k], totals['extra'][k], k))
    return 0


if __name__ == '__main__':
    sys.exit(main())
