#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""compare-seeds.py - doc2yaml's golden outputs against the kernel's own conversions.

usage: /usr/bin/python3 tests/doc2yaml/compare-seeds.py

For the seed conversions that have a kernel counterpart in corpus/bindings/
(trivial-devices, socfpga clock manager, arm cpus), prints precision, recall
and F1 of the compatible strings, top-level properties and required list, as
the doc2yaml-dev scorer measures them, and what differs.  Informational: the
2018 conversions differ in style (they describe cpu nodes under
patternProperties, for one), so this does not fail.
"""
import os
import sys

import ruamel.yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
PAIRS = [
    ('trivial-devices', 'corpus/bindings/trivial-devices.yaml'),
    ('socfpga-clk-manager', 'corpus/bindings/arm/altera/socfpga-clk-manager.yaml'),
    ('cpus', 'corpus/bindings/arm/cpus.yaml'),
]
SKIP = {'description', '$comment', 'pattern', '$ref', 'title'}


def strings(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in SKIP:
                strings(v, out)
    elif isinstance(node, list):
        for v in node:
            strings(v, out)
    elif isinstance(node, str):
        out.add(node)
    return out


def sets(doc):
    props = doc.get('properties') or {}
    return {
        'compatible': strings(props.get('compatible'), set()) if 'compatible' in props else set(),
        'properties': {str(k) for k in props if k != 'compatible'},
        'required': {str(x) for x in doc.get('required') or []},
    }


def prf(out, truth):
    if not out and not truth:
        return 1.0, 1.0, 1.0
    inter = len(out & truth)
    p = inter / len(out) if out else 0.0
    r = inter / len(truth) if truth else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main():
    y = ruamel.yaml.YAML(typ='safe')
    print('%-22s %-11s %5s %5s %5s  %s' % ('case', 'metric', 'P', 'R', 'F1', 'differences'))
    for name, kernel in PAIRS:
        with open(os.path.join(ROOT, 'tests/doc2yaml/golden', name + '.yaml')) as f:
            ours = sets(y.load(f))
        with open(os.path.join(ROOT, kernel)) as f:
            theirs = sets(y.load(f))
        for m in ('compatible', 'properties', 'required'):
            p, r, f1 = prf(ours[m], theirs[m])
            extra, missing = sorted(ours[m] - theirs[m]), sorted(theirs[m] - ours[m])
            diff = []
            if extra:
                diff.append('extra ' + ', '.join(extra[:6]) + (' ...' if len(extra) > 6 else ''))
            if missing:
                diff.append('missing ' + ', '.join(missing[:6]) +
                            (' ...' if len(missing) > 6 else ''))
            print('%-22s %-11s %5.2f %5.2f %5.2f  %s' % (name, m, p, r, f1, '; '.join(diff)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
