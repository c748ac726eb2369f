#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
#
# What `make dt_binding_check` / `make dtbs_check` printed with dtbind's
# front-ends, against the stored reference results.  Called by run.sh;
# stdlib only.
#
#   compare.py bindings STDERR REFDIR SAMPLE|- [RUNSET]
#                                               failing binding files (SAMPLE: the
#                                               reference built only those examples;
#                                               RUNSET: make checked only those files)
#   compare.py dtbs STDERR REFDIR [BOARDS]      findings per board (BOARDS: the
#                                               reference's boards that were run)
#   compare.py times TIMEFILE FRONTEND_TIMES [REF RUNSET NTOTAL]
#                                               our share of the CPU time
#   compare.py reffail STDERR                   the failing files of a make run
#                                               on the real dt-schema (for a
#                                               stored summary: reference-*.txt)
#
# REFDIR is a stored reference directory (results.tsv, timings.tsv) or a
# summary of a whole make run with the real dt-schema (reference-*.txt:
# "wall/user/sys SECONDS", "examples N", "fail FILE" lines).
#
# Prints "TEST name: ok|FAIL (detail)" lines that run.sh counts.

import collections
import os
import re
import sys

BDIR = 'Documentation/devicetree/bindings/'


def rel(path):
    """A path under the kernel tree, from wherever make printed it."""
    path = path.strip()
    i = path.rfind(BDIR)
    if i >= 0:
        return path[i:]
    i = path.find('arch/')
    return path[i:] if i >= 0 else path


def example_yaml(path):
    return re.sub(r'\.example\.dtb?s?$', '.yaml', rel(path))


# Our front-ends' error lines, and the kernel's own steps' (dtc, make):
#   F.yaml:L:C: error: ... [rule]             dt-doc-validate
#   F.yaml:L:C: [error] ... (rule)            yamllint
#   F.yaml:L:C: /example-0/...: message       dt-validate, from the example's .yaml
#   F.example.dtb: /node: message             dt-validate, from the blob
#   Error: F.example.dts:L.C-C ...            dtc
#   make[N]: *** [...: F.example.dtb] Error   a failed step
FINDING = re.compile(r'^(\S+?\.(?:yaml|dtb|dts)):(?:\d+:\d+:)? (error: |\[error\] |/)')
DTC_ERROR = re.compile(r'^Error: (\S+?\.example\.dts):')
MAKE_ERROR = re.compile(r'^make\[\d+\]: \*\*\* \[\S+: (\S+?\.example\.dtb)\] Error')


def our_failing(stderr):
    files = set()
    with open(stderr, errors='replace') as f:
        for line in f:
            for rx in (FINDING, DTC_ERROR, MAKE_ERROR):
                m = rx.match(line)
                if m:
                    files.add(example_yaml(m.group(1)))
                    break
    return files


# The real dt-schema's lines in a make run (stderr):
#   F.yaml:L:C: [error] ... (rule)            yamllint ([warning]: not a failure)
#   F.example.dtb: node: message              dt-validate (-m's unmatched
#                                             compatibles are not failures)
#   F.yaml: message                           dt-doc-validate, or dt-mk-schema's
#                                             informational "multiple incompatible
#                                             types" / "ignoring, error in schema"
REF_YAMLLINT = re.compile(r'^(\S+?\.yaml):\d+:\d+: \[(error|warning)\] ')
REF_LINE = re.compile(r'^(\S+?\.(?:yaml|dtb)): (.*)')
REF_INFO = re.compile(r'multiple incompatible types|ignoring, error in schema|'
                      r'failed to match any schema')


def ref_make_failing(stderr):
    files = set()
    with open(stderr, errors='replace') as f:
        for line in f:
            m = REF_YAMLLINT.match(line)
            if m:
                if m.group(2) == 'error':
                    files.add(example_yaml(m.group(1)))
                continue
            m = REF_LINE.match(line) or DTC_ERROR.match(line) or MAKE_ERROR.match(line)
            if m and not (m.re is REF_LINE and REF_INFO.search(m.group(2))):
                files.add(example_yaml(m.group(1)))
    return files


def read_summary(path):
    """A stored summary of a whole make run: its numbers and failing files."""
    nums, fail = {}, set()
    with open(path) as f:
        for line in f:
            p = line.split(None, 1)
            if len(p) < 2 or p[0].startswith('#'):
                continue
            if p[0] == 'fail':
                fail.add(p[1].strip())
            else:
                nums[p[0]] = p[1].strip()
    return nums, fail


def ref_failing(refdir, run=None):
    """Files with an error in a phase make dt_binding_check runs (mkschema's
    lines are informational), and every file the reference checked."""
    if os.path.isfile(refdir):
        return read_summary(refdir)[1], set(run or ())
    fail, checked = set(), set()
    with open(os.path.join(refdir, 'results.tsv'), errors='replace') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if len(p) < 3 or p[1] == 'mkschema':
                continue
            checked.add(p[0])
            if p[2] == 'error':
                fail.add(p[0])
    return fail, checked


def read_set(path):
    with open(path) as f:
        return {l.strip() for l in f if l.strip()}


def bindings(stderr, refdir, sample_file='-', runset=None):
    ours = our_failing(stderr)
    run = read_set(runset) if runset else None
    theirs, checked = ref_failing(refdir, run)
    if run is not None:
        theirs &= run
        checked &= run
    tests = []
    # The reference may have built only some examples (6.12: every 5th): the
    # example phases compare on those, the others on every file.
    sample = read_set(sample_file) if sample_file != '-' else None
    only_ours = sorted(f for f in ours - theirs
                       if f in checked and (sample is None or f in sample or
                                            not example_only(stderr, f)))
    only_theirs = sorted(f for f in theirs - ours
                         if sample is None or f in sample or not ref_example_only(refdir, f))
    both = ours & theirs
    n = len(checked)
    agree = n - len(only_ours) - len(only_theirs)
    print(f'failing files: reference {len(theirs)}, dtbind {len(ours & checked)}, '
          f'both {len(both)}; agreement {agree}/{n} = {100.0 * agree / n:.2f}%')
    for f in only_theirs:
        print(f'  reference only: {f}')
    for f in only_ours:
        print(f'  dtbind only: {f}')
    ok = not only_theirs and not only_ours
    tests.append(('same failing files as the reference', ok,
                  f'{len(only_theirs)} reference only, {len(only_ours)} dtbind only'))
    return tests


_example_cache = {}
_ref_lint = None


def ref_example_only(refdir, f):
    """Does the reference fail @f on its example alone?"""
    global _ref_lint
    if _ref_lint is None:
        _ref_lint = set()
        with open(os.path.join(refdir, 'results.tsv'), errors='replace') as fh:
            for line in fh:
                p = line.split('\t')
                if len(p) > 2 and p[1] in ('yamllint', 'docval') and p[2] == 'error':
                    _ref_lint.add(p[0])
    return f not in _ref_lint


def example_only(stderr, f):
    """Does dtbind fail @f on its example alone (outside a sampled reference)?"""
    if stderr not in _example_cache:
        lint = set()
        with open(stderr, errors='replace') as fh:
            for line in fh:
                m = FINDING.match(line)
                if m and m.group(2) != '/':
                    lint.add(example_yaml(m.group(1)))
        _example_cache[stderr] = lint
    return f not in _example_cache[stderr]


# ---- dtbs_check --------------------------------------------------------

def node_key(node):
    node = re.sub(r' \(.*$', '', node.strip())	# dt-validate 2026.06: "name (compatible)"
    node = node.split(':', 1)[0] if not node.startswith('/') or ':' in node else node
    return node.rstrip('/').rsplit('/', 1)[-1] or '/'


def schema_key(text):
    m = re.search(r'[Ff]rom schema(?: \$id)?: (\S+)', text)
    return os.path.basename(m.group(1)) if m else ''


def ref_dtbs(refdir, boards):
    keys = set()
    with open(os.path.join(refdir, 'results.tsv'), errors='replace') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if len(p) < 4 or p[1] != 'validate' or p[2] not in ('error', 'warn'):
                continue
            if boards is not None and p[0] not in boards:
                continue
            board = p[0].replace('.dts', '')
            msg = p[3].replace('\\n', '\n').replace('\\t', '\t')
            msg = re.sub(r'^\d+:\d+: ', '', msg)
            node = msg.split(': ', 1)[0]
            if 'failed to match any schema' in msg:
                keys.add((rel(board), 'unmatched', node_key(node), ''))
            else:
                keys.add((rel(board), 'error', node_key(node), schema_key(msg)))
    return keys


def our_dtbs(stderr):
    keys = set()
    last = None
    with open(stderr, errors='replace') as f:
        for line in f:
            m = re.match(r'^(\S+?)\.dtb: (warning: )?(/\S*): (.*)', line)
            if m:
                board = rel(m.group(1))
                # dtbind says it per compatible string, dt-validate per node
                if re.search(r'failed to match any schema|is not documented by any binding',
                             m.group(4)):
                    keys.add((board, 'unmatched', node_key(m.group(3)), ''))
                    last = None
                else:
                    last = [board, 'error', node_key(m.group(3)), '']
                    keys.add(tuple(last))
                continue
            if last and line.startswith('\tfrom schema $id: '):
                keys.discard(tuple(last))
                last[3] = schema_key(line)
                keys.add(tuple(last))
                last = None
    return keys


def dtbs(stderr, refdir, boards_file=None):
    boards = None
    if boards_file:
        with open(boards_file) as f:
            boards = {l.strip() for l in f if l.strip()}
    ours, theirs = our_dtbs(stderr), ref_dtbs(refdir, boards)
    boards = sorted({k[0] for k in theirs} | {k[0] for k in ours})
    both = ours & theirs
    union = ours | theirs
    print(f'dtbs findings (board, kind, node, schema): reference {len(theirs)}, '
          f'dtbind {len(ours)}, both {len(both)}; agreement {len(both)}/{len(union)} = '
          f'{100.0 * len(both) / max(1, len(union)):.2f}%')
    per = collections.Counter()
    for k in ours - theirs:
        per[(k[0], 'dtbind only')] += 1
    for k in theirs - ours:
        per[(k[0], 'reference only')] += 1
    for (b, side), n in sorted(per.items()):
        print(f'  {b}: {n} {side}')
    return [('dtbs_check boards checked', len(boards) >= 1, f'{len(boards)} boards with findings')]


# ---- times ---------------------------------------------------------------

def ref_cpu(refdir, runset, ntotal):
    """The reference's CPU seconds for what make ran: its per-file phases of
    the files run, its per-tree phases (yamllint, dt-doc-validate) in
    proportion, dt-mk-schema whole (it always reads the whole tree)."""
    run = read_set(runset)
    if os.path.isfile(refdir):	# a whole run, measured: in proportion
        nums = read_summary(refdir)[0]
        return (float(nums['user']) + float(nums['sys'])) * len(run) / int(ntotal), 0
    cpu = 0.0
    with open(os.path.join(refdir, 'pertime.tsv')) as f:
        for line in f:
            p = line.split('\t')
            if p[0] in run:
                cpu += float(p[3]) + float(p[4])
    with open(os.path.join(refdir, 'timings.tsv')) as f:
        for line in f:
            p = line.split('\t')
            if p[0] in ('yamllint', 'docval'):
                cpu += (float(p[2]) + float(p[3])) * len(run) / int(ntotal)
            elif p[0] == 'mkschema':
                cpu += float(p[2]) + float(p[3])
    sampled = sum(1 for line in open(os.path.join(refdir, 'pertime.tsv'))) - 1
    return cpu, sampled


def times(timefile, fe_times, refdir=None, runset=None, ntotal=None):
    with open(timefile) as f:
        t = dict(re.findall(r'(\w+) ([\d.]+)', f.read()))
    total = float(t['user']) + float(t['sys'])
    ours = collections.defaultdict(float)
    runs = collections.Counter()
    if os.path.exists(fe_times):
        with open(fe_times) as f:
            for line in f:
                p = line.split()
                if len(p) == 3:
                    ours[p[0]] += float(p[1]) + float(p[2])
                    runs[p[0]] += 1
    mine = sum(ours.values())
    print(f'make: {float(t["wall"]):.1f} s wall, {total:.1f} s CPU; dtbind front-ends '
          f'{mine:.1f} s CPU ({100.0 * mine / max(total, 1e-9):.0f}%), the kernel\'s own steps '
          f'(make, gcc -E, dtc) {total - mine:.1f} s')
    for name in sorted(ours):
        print(f'  {name}: {runs[name]} runs, {ours[name]:.2f} s CPU')
    if refdir:
        ref, sampled = ref_cpu(refdir, runset, ntotal)
        print(f'reference (stored, the same files): {ref:.0f} s CPU; dtbind\'s make run '
              f'{ref / max(total, 1e-9):.1f}x less CPU, the front-ends alone '
              f'{ref / max(mine, 1e-9):.0f}x less than dt-schema and yamllint'
              + (f' (reference per-file times for {sampled} files)' if sampled else ''))
    return []


def main():
    mode = sys.argv[1]
    if mode == 'bindings':
        tests = bindings(*sys.argv[2:])
    elif mode == 'dtbs':
        tests = dtbs(*sys.argv[2:])
    elif mode == 'reffail':
        tests = []
        for f in sorted(ref_make_failing(sys.argv[2])):
            print(f'fail {f}')
    else:
        tests = times(*sys.argv[2:])
    for name, ok, detail in tests:
        print(f'TEST {name}: {"ok" if ok else "FAIL"} ({detail})')


if __name__ == '__main__':
    main()
