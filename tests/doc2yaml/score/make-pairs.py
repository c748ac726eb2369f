#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The pairs score.py reads (pairs-all.tsv): the 97 development pairs of
../shared/doc2yaml-dev (split 'dev') and the pairs of ../pairs-extended.tsv
(every converted 6.1 .txt with the 6.12 schema that replaced it; made by
../make-pairs.py), cut again by a hash of the .txt path into the part the
conditions and $ref rules were shaped on ('tune') and a part never looked at
while shaping them.  The latter is 'held' where make-pairs.py's own split is
'tune' (the general text rules were shaped on it) and 'heldx' where it is
'check' (no rule was shaped on it).  Score both with --set held,heldx.

usage: make-pairs.py [--dev PAIRS] [--extended PAIRS] > pairs-all.tsv
"""
import argparse
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--dev', default='/work/shared/doc2yaml-dev/pairs.tsv')
    ap.add_argument('--extended', default=os.path.join(HERE, '..', 'pairs-extended.tsv'))
    args = ap.parse_args()
    print('\t'.join(['txt', 'yaml', 'shared_compatibles', 'split', 'method']))
    rows = [(p, 'dev') for p in score.read_pairs(args.dev)]
    for p in score.read_pairs(args.extended):
        mine = 'tune' if hashlib.sha1(p['txt'].encode()).digest()[0] % 2 == 0 else 'held'
        if mine == 'held' and p['split'] == 'check':
            mine = 'heldx'
        rows.append((p, mine))
    for p, split in sorted(rows, key=lambda r: r[0]['txt']):
        print('\t'.join([p['txt'], p['yaml'], p['shared_compatibles'], split, p['method']]))
    return 0


if __name__ == '__main__':
    sys.exit(main())
