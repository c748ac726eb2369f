#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Do the converted schemas' examples pass exampletest against themselves?

Takes a score.py run (its out/ holds the conversions) and its split, puts
each conversion into a scratch copy of the 6.12 bindings tree in place of
the schema that replaced its .txt (so that the two do not both select the
example's nodes), and runs `dtbind exampletest` once on all of them.  A file
passes when exampletest reports no error for it.  A second figure counts
only the errors of the conversion itself (a finding whose schema is the
conversion's $id or one it $refs, or that names no schema: the example does
not compile):
an old example often breaks a 6.12 schema of another binding (a syscon, a
connector, thermal zones) that its node also selects, which says nothing of
the conversion.

usage: self-examples.py DTBIND WORKDIR SET [--pairs PAIRS]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def own_schemas(path):
    """The $id of a conversion and of the schemas it $refs (without fragments):
    a finding of a referenced common schema is the conversion's doing too."""
    sid, refs = '', []
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            t = line.strip()
            if t.startswith('$id:'):
                sid = t.split(':', 1)[1].strip().strip('\'"').split('#')[0]
            elif t.startswith('$ref:') or t.startswith('- $ref:'):
                refs.append(t.split(':', 1)[1].strip().strip('\'"').split('#')[0])
    own = {sid} if sid else set()
    for r in refs:
        if r:
            own.add(urllib.parse.urljoin(sid, r) if sid else r)
    return own


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dtbind')
    ap.add_argument('workdir')
    ap.add_argument('set')
    ap.add_argument('--pairs', default=score.DEFAULT_PAIRS)
    ap.add_argument('--keep', action='store_true')
    args = ap.parse_args()
    roots = score.ensure_cache(score.DEFAULT_CACHE)
    b612 = score.bindings_dir(roots['6.12'])
    pairs = [p for p in score.read_pairs(args.pairs)
             if args.set == 'all' or p['split'] == args.set]
    tmp = tempfile.mkdtemp(prefix='self-examples-')
    root = os.path.join(tmp, 'Documentation/devicetree/bindings')
    shutil.copytree(b612, root, symlinks=True)
    files = {}
    ids = {}
    done = [p for p in pairs
            if os.path.isfile(os.path.join(args.workdir, 'out', p['txt'][:-4] + '.yaml'))]
    # All replaced schemas first: two .txt may share one (fsl-asoc-card.yaml), and a
    # conversion may sit at a replaced schema's path.
    for p in done:
        try:
            os.remove(os.path.join(root, p['yaml']))
        except OSError:
            pass
    for p in done:
        out = os.path.join(args.workdir, 'out', p['txt'][:-4] + '.yaml')
        dest = os.path.join(root, p['txt'][:-4] + '.yaml')
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(out, dest)
        files[dest] = p['txt']
        ids[dest] = own_schemas(dest)
    inc = os.path.join(roots['6.12'], 'include')
    r = subprocess.run([args.dtbind, 'exampletest', '--format=json', '--no-cache',
                        '-u', root, '-I', inc] + sorted(files),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bad = {}
    own = {}
    for line in r.stdout.splitlines():
        try:
            f = json.loads(line)
        except ValueError:
            continue
        if f.get('severity') != 'error':
            continue
        for k in (f.get('input'), f.get('file')):
            if k in files:
                bad.setdefault(files[k], f.get('message', '')[:160])
                sch = f.get('schema', '')
                if not sch or sch.split('#')[0] in ids[k]:
                    own.setdefault(files[k], True)
                break
    for t, m in sorted(bad.items()):
        print('FAIL%s %s: %s' % ('' if t in own else ' (other schema)', t, m))
    n = len(files)
    print('self-examples: %d/%d pass (%.3f)' % (n - len(bad), n, (n - len(bad)) / n if n else 0))
    print('self-examples, errors of the conversion only: %d/%d pass (%.3f)'
          % (n - len(own), n, (n - len(own)) / n if n else 0))
    if args.keep:
        print(tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
