#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Mutation fuzzing of dtbind on real kernel inputs (`make fuzz`).

Usage: tests/fuzz/fuzz.py BINARY KERNEL SEEDS-DIR [--kind K]... [--cases N] [--seed S]

Each case takes a real input, applies a few random mutations (deletions,
syntax tokens, copied spans, bytes that are not UTF-8) and runs BINARY on
it.  Findings are expected; what fails is an exit status other than 0, 1
or 2, a sanitizer report (build BINARY with `make asan`), or a run over 60
seconds.  Failing inputs are kept in tests/fuzz/out/ to turn into
regression tests.  Kinds:

  yaml      a binding, through lint or exampletest
  examples  a binding with its examples mutated, through exampletest
  dts       a .dtsi as a .dts, through validate
  dtb       a .dtb, bytes flipped or cut, through validate -m
  patch     a seed patch, through check --no-tree

Found so far: libfyaml 0.7 looping on a directive name that is not UTF-8
(now refused before parsing), a refused hunk header read as hunk -1.
"""
import argparse, glob, os, random, subprocess, sys

TOKENS = {
    'yaml': [b'{', b'}', b'[', b']', b':', b'- ', b'\n- ', b'*a', b'&a ', b'$ref: ', b'\t', b'"',
             b"'", b'\xff', b'%', b'!!', b'|', b'>', b'\n  ', b'#', b'...\n', b'---\n'],
    'examples': [b'<', b'>', b';', b'{', b'}', b'&', b'"', b'#include <dt-bindings/', b'(', b')',
                 b'#define A(x) x##x\n', b'/bits/ 64', b'&{/', b'0x', b'@', b'/delete-node/ ',
                 b'/plugin/;', b'\\', b"'", b'/*', b'*/', b'#if 1\n', b'#endif\n', b'GIC_SPI',
                 b'\n    '],
    'dts': [b'{', b'}', b';', b'<', b'>', b'"', b'&', b'/', b'#define X(', b'\\\n', b'\x00', b'\xff',
            b'-', b':', b'[', b']', b'0x', b'/bits/ 8', b'&{/', b'/delete-property/ ', b'#include "'],
    'patch': [b'\n+', b'\n-', b'\n@@ -1,3 +1,4 @@\n', b'\ndiff --git a/x b/x\n', b'\xff', b'\n\n',
              b'\n--- a/Documentation/devicetree/bindings/a.yaml\n'
              b'+++ b/Documentation/devicetree/bindings/a.yaml\n', b'\nFrom: x\n', b'\t'],
}


def mutate(rng, data, tokens, start=0):
    for _ in range(rng.randint(1, 8)):
        pos = rng.randrange(start, max(start + 1, len(data)))
        r = rng.random()
        if r < 0.3:
            del data[pos:pos + rng.randint(1, 20)]
        elif r < 0.7:
            data[pos:pos] = rng.choice(tokens)
        else:
            j = rng.randrange(max(1, len(data)))
            data[pos:pos + 5] = data[j:j + 5]
    return data


def mutate_dtb(rng, data):
    for _ in range(rng.randint(1, 6)):
        pos = rng.randrange(len(data))
        r = rng.random()
        if r < 0.5:
            data[pos] = rng.randrange(256)
        elif r < 0.7:
            data[pos:pos + 4] = rng.choice([b'\xff\xff\xff\xff', b'\0\0\0\0', b'\0\0\0\3', b'\x7f\xff\xff\xff'])
        elif r < 0.85:
            del data[pos:]
        else:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('kernel')
    ap.add_argument('seeds')
    ap.add_argument('--kind', action='append')
    ap.add_argument('--cases', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--dtbs', help='a directory of .dtb files (for --kind dtb)')
    a = ap.parse_args()
    kinds = a.kind or ['yaml', 'examples', 'dts', 'patch'] + (['dtb'] if a.dtbs else [])
    rng = random.Random(a.seed)
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, 'out')
    work = os.path.join(out, 'work')
    tree = os.path.join(work, 'Documentation', 'devicetree', 'bindings', 'misc')
    os.makedirs(tree, exist_ok=True)
    B = os.path.join(a.kernel, 'Documentation', 'devicetree', 'bindings')
    yamls = sorted(glob.glob(B + '/**/*.yaml', recursive=True))
    with_ex = [f for f in yamls if b'\nexamples:' in open(f, 'rb').read()]
    dtsis = sorted(glob.glob(a.kernel + '/arch/arm64/boot/dts/**/*.dtsi', recursive=True))
    patches = sorted(glob.glob(a.seeds + '/*.patch'))
    dtbs = sorted(glob.glob((a.dtbs or '/nonexistent') + '/*.dtb'))
    inc = os.path.join(a.kernel, 'scripts', 'dtc', 'include-prefixes')
    bad = 0
    for i in range(a.cases):
        kind = kinds[i % len(kinds)]
        if kind == 'yaml':
            data = mutate(rng, bytearray(open(rng.choice(yamls), 'rb').read()), TOKENS['yaml'])
            path = os.path.join(tree, 'case.yaml')
            cmd = [a.binary, rng.choice(['lint', 'exampletest']), path]
        elif kind == 'examples':
            data = bytearray(open(rng.choice(with_ex), 'rb').read())
            data = mutate(rng, data, TOKENS['examples'], data.find(b'\nexamples:') + 10)
            path = os.path.join(tree, 'case.yaml')
            cmd = [a.binary, 'exampletest', '-u', B, path]
        elif kind == 'dts':
            data = b'/dts-v1/;\n' + mutate(rng, bytearray(open(rng.choice(dtsis), 'rb').read()), TOKENS['dts'])
            path = os.path.join(work, 'case.dts')
            cmd = [a.binary, 'validate', '-u', B, '-I', inc, path]
        elif kind == 'dtb':
            data = mutate_dtb(rng, bytearray(open(rng.choice(dtbs), 'rb').read()))
            path = os.path.join(work, 'case.dtb')
            cmd = [a.binary, 'validate', '-m', '-u', B, path]
        else:
            data = mutate(rng, bytearray(open(rng.choice(patches), 'rb').read()), TOKENS['patch'])
            path = os.path.join(work, 'case.patch')
            cmd = [a.binary, 'check', '--no-tree', path]
        with open(path, 'wb') as f:
            f.write(data)
        why = None
        try:
            r = subprocess.run(cmd, capture_output=True, timeout=60)
            err = r.stderr.decode('utf-8', 'replace')
            if r.returncode not in (0, 1, 2):
                why = 'exit %d' % r.returncode
            elif 'Sanitizer' in err or 'runtime error:' in err:
                why = 'sanitizer'
        except subprocess.TimeoutExpired:
            why, err = 'timeout', ''
        if why:
            bad += 1
            keep = os.path.join(out, '%s-%d-%d%s' % (kind, a.seed, i, os.path.splitext(path)[1]))
            with open(keep, 'wb') as f:
                f.write(data)
            print('FAIL %s (%s): %s\n%s' % (kind, why, keep, err[-1500:]))
    print('%d cases (%s): %d passed, %d failed' % (a.cases, ', '.join(kinds), a.cases - bad, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
