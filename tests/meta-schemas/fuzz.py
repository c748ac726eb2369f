#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Differential fuzzing of the meta-schemas against dt-schema.

Takes real bindings, applies one or two random structural edits to each
(delete, rename or retype a key, add a keyword or a property with a small
random schema), and compares the verdict of dt-schema's meta-schema check
(run in-process, as dt-doc-validate does) with dtbind's verdict using
schemas/meta/.  For instances both call invalid it also compares where the
errors are (instance paths, up to nesting).

Needs the Python dtschema package (Debian: dt-schema); run it with the
interpreter that has it, e.g. /usr/bin/python3.

Usage: tests/meta-schemas/fuzz.py BINARY BINDINGS_DIR [N [SEED]]
Prints the verdict matrix and each disagreement; exits 1 if there is any.
Instances are kept in a temporary directory (printed) when they disagree.

Known differences that are skipped: an empty "enum" (see mutations.tsv,
enum-empty).
"""
import collections
import copy
import glob
import json
import os
import random
import subprocess
import sys
import tempfile

import dtschema

KEYWORDS = [
    '$ref', 'additionalItems', 'additionalProperties', 'allOf', 'anyOf', 'const',
    'contains', 'default', 'dependencies', 'dependentRequired', 'dependentSchemas',
    'deprecated', 'description', 'else', 'enum', 'exclusiveMinimum', 'format', 'if',
    'items', 'maxItems', 'maximum', 'minItems', 'minimum', 'multipleOf', 'not', 'oneOf',
    'pattern', 'patternProperties', 'properties', 'propertyNames', 'required', 'then',
    'type', 'typeSize', 'unevaluatedProperties', 'uniqueItems', '$defs', 'definitions',
    'title', 'select', 'examples', 'maintainers', '$id', '$schema', 'maxitems', 'foo',
]
NAMES = [
    'vendor,foo', 'vendor,foo-names', 'vendor,nr-gpios', 'vendor,x-microvolt',
    'vendor,x-nanoamp', 'vendor,x--kBps', 'vendor,#x-cells', 'linux,foo', 'rcar_sound,x',
    'foo-gpios', 'foo-gpio', 'foo-supply', 'foo-microvolt', 'foo-kBps', 'foo-names',
    '#foo-cells', 'reg', 'reg-names', 'ranges', 'compatible', '$nodename', 'memory-region',
    'memory-region-names', '#size-cells', '#address-cells', 'clocks', 'clock-names',
    'clock-frequency', 'clock-ranges', 'clock-indices', 'clock-output-names',
    'assigned-clocks', 'assigned-clock-rates', 'interrupts', 'interrupt-parent',
    'interrupt-controller', '#interrupt-cells', 'interrupt-map', 'interrupt-map-mask',
    'interrupts-extended', 'gpio-controller', 'ngpios', '#gpio-cells', 'gpio-line-names',
    'dmas', 'dma-names', 'resets', 'reset-names', 'pwms', 'phys', 'iommus', 'mboxes',
    'shmem', 'nvmem', 'nvmem-cells', 'hwlocks', 'io-channels', 'power-domains', 'type',
    'enum', 'node', '^foo@[0-9]+$', '^foo$', 'foo,bar@1', 'a b',
]
REFS = [
    '/schemas/types.yaml#/definitions/uint32', '/schemas/types.yaml#/definitions/uint32-array',
    '/schemas/types.yaml#/definitions/phandle', '/schemas/types.yaml#/definitions/flag',
    '/schemas/types.yaml#/definitions/string', '/schemas/types.yaml#/definitions/phandle-array',
    '#/definitions/foo', '#/$defs/foo', 'foo.yaml#', 'http://x/y.yaml#', 'a b.yaml',
    'x.yaml#/a#b', '../x.yaml#', '#', '~/x',
]
SCALARS = [0, 1, 2, 3, 13, -1, True, False, None, 1.5, 'foo', '3', 'a b', 'vendor,x',
           'object', 'boolean', 'string', 'x@y', 'http://devicetree.org/schemas/x.yaml#']


def rvalue(depth):
    r = random.random()
    if depth > 2 or r < 0.35:
        return random.choice(SCALARS + REFS)
    if r < 0.6:
        return [rvalue(depth + 1) for _ in range(random.choice([0, 1, 2, 3, 4, 13]))]
    return rschema(depth + 1)


def rschema(depth):
    s = {}
    for _ in range(random.randint(0, 3)):
        k = random.choice(KEYWORDS)
        deep = depth < 3
        if k in ('properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'):
            s[k] = {random.choice(NAMES): rschema(depth + 1)
                    for _ in range(random.randint(0, 2))} if deep else {}
        elif k == 'items':
            s[k] = rschema(depth + 1) if random.random() < 0.5 else \
                [rschema(depth + 1) if deep else {} for _ in range(random.randint(0, 4))]
        elif k in ('allOf', 'anyOf', 'oneOf'):
            s[k] = [rschema(depth + 1) if deep else {} for _ in range(random.randint(0, 3))]
        elif k in ('not', 'if', 'then', 'else', 'contains', 'additionalProperties',
                   'unevaluatedProperties', 'select'):
            s[k] = rschema(depth + 1) if deep and random.random() < 0.7 else random.choice([True, False])
        elif k == '$ref':
            s[k] = random.choice(REFS)
        elif k == 'type':
            s[k] = random.choice(['object', 'boolean', 'string', 'integer', 'array'])
        elif k in ('minItems', 'maxItems', 'minimum', 'maximum'):
            s[k] = random.choice([0, 1, 2, 3, 4, 13])
        elif k == 'enum':
            s[k] = random.choice([[1, 2], [1, 1], ['a', 'b'], ['a b'], [1, 'a']])
        elif k == 'const':
            s[k] = random.choice([1, 'a', '3', 'a(b)'])
        elif k == 'required':
            s[k] = random.choice([['reg'], ['a b'], ['$nodename'], ['reg', 'reg']])
        else:
            s[k] = rvalue(depth + 1)
    return s


def containers(o, acc):
    if isinstance(o, (dict, list)):
        acc.append(o)
        for v in (o.values() if isinstance(o, dict) else o):
            containers(v, acc)
    return acc


def mutate(tree):
    for _ in range(1 if random.random() < 0.8 else 2):
        n = random.choice(containers(tree, []))
        op = random.random()
        if isinstance(n, list):
            if n and op < 0.3:
                n.pop(random.randrange(len(n)))
            elif op < 0.6 or not n:
                n.append(rvalue(1) if random.random() < 0.5 else rschema(1))
            else:
                n[random.randrange(len(n))] = rvalue(1)
            continue
        keys = list(n)
        if keys and op < 0.2:
            del n[random.choice(keys)]
        elif keys and op < 0.35:
            n[random.choice(KEYWORDS + NAMES)] = n.pop(random.choice(keys))
        elif keys and op < 0.55:
            n[random.choice(keys)] = rvalue(1) if random.random() < 0.4 else rschema(1)
        elif op < 0.8:
            n[random.choice(KEYWORDS)] = rvalue(1) if random.random() < 0.4 else rschema(1)
        else:
            n[random.choice(NAMES)] = rschema(1)
    return tree


def reference(tree):
    """dt-doc-validate's verdict and error paths (None when it crashes)."""
    try:
        errs = list(dtschema.DTValidator.iter_schema_errors(tree))
    except BaseException:   # dt-doc-validate reports "error checking schema file"
        return 'invalid', None
    paths = {''.join('/' + str(p) for p in e.absolute_path) for e in errs}
    return ('invalid' if errs else 'valid'), paths


def related(a, b):
    return a == b or a.startswith(b + '/') or b.startswith(a + '/') or not a or not b


def main():
    if len(sys.argv) < 3:
        print(__doc__.split('\n\n')[3], file=sys.stderr)
        return 2
    binary, bindings = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    random.seed(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    meta = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'schemas', 'meta')
    files = sorted(glob.glob(os.path.join(bindings, '**', '*.yaml'), recursive=True))
    out = tempfile.mkdtemp(prefix='meta-fuzz.')
    cases = []
    for i in range(count):
        src = random.choice(files)
        try:
            tree = json.loads(json.dumps(mutate(dtschema.load(src))))
        except (TypeError, ValueError):
            continue
        text = json.dumps(tree)
        if '"enum": []' in text:
            continue
        path = os.path.join(out, '%06d.json' % i)
        with open(path, 'w') as f:
            f.write(text)
        verdict, paths = reference(tree)
        ms = 'core' if tree.get('$schema') == 'http://devicetree.org/meta-schemas/core.yaml#' else 'base'
        cases.append((path, ms, verdict, paths, os.path.relpath(src, bindings)))

    got, where = {}, collections.defaultdict(set)
    for ms in ('core', 'base'):
        lst = [c[0] for c in cases if c[1] == ms]
        if not lst:
            continue
        with open(os.path.join(out, 'list'), 'w') as f:
            f.write('\n'.join(lst) + '\n')
        r = subprocess.run([binary, 'jsonschema', '-m', 'http://devicetree.org/meta-schemas/=' + meta + '/',
                            '-s', 'http://devicetree.org/meta-schemas/%s.yaml#' % ms, '--format=json',
                            '@' + os.path.join(out, 'list')], capture_output=True, text=True)
        if r.returncode > 1:
            print('dtbind failed:', r.stderr[:1000], file=sys.stderr)
            return 2
        for line in r.stderr.splitlines():
            d = json.loads(line)
            if d.get('severity') == 'error':
                where[d['file']].add(d['node'])
        for p in lst:
            got[p] = 'invalid' if where[p] else 'valid'

    matrix, bad = collections.Counter(), 0
    for path, ms, verdict, paths, src in cases:
        matrix[(verdict, got[path])] += 1
        if verdict != got[path]:
            bad += 1
            print('VERDICT %s (%s, from %s): dt-schema %s, dtbind %s' % (path, ms, src, verdict, got[path]))
        elif verdict == 'invalid' and paths is not None:
            only_ref = sorted(a for a in paths if not any(related(a, b) for b in where[path]))
            only_us = sorted(b for b in where[path] if not any(related(a, b) for a in paths))
            if only_ref or only_us:
                bad += 1
                print('WHERE %s (from %s): only dt-schema %s, only dtbind %s' % (path, src, only_ref, only_us))
    print('dt-schema/dtbind verdicts:', ', '.join('%s/%s %d' % (k[0], k[1], v) for k, v in sorted(matrix.items())))
    print('%d cases, %d disagreements%s' % (len(cases), bad, (' (instances in %s)' % out) if bad else ''))
    if not bad:
        for p in glob.glob(os.path.join(out, '*')):
            os.unlink(p)
        os.rmdir(out)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
