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
#   compare.py dtbs STDERR BOARDS TREE REFDIR...  dtbs_check's findings on BOARDS
#                                               (.dts paths below TREE, built there)
#                                               against the references holding them
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
#
# Keyed as the validate conformance keys them (../modern-6.12/dtbs-compare.py,
# whose reference parser is used here): (board, node name, property); a
# required / dependency / unexpected-property message is keyed by the
# properties it names; -m's unmatched compatibles are (board, node name,
# "<unmatched>").  The reference names only the node's last component, so
# its lines are resolved against the board's .dtb as kbuild built it.

def _modern_compare():
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'modern-6.12',
                        'dtbs-compare.py')
    spec = importlib.util.spec_from_file_location('modern_dtbs_compare', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def board_name(path):
    return re.sub(r'\.dt[sb]$', '', os.path.basename(path.strip()))


# F.dtb: [warning: ]/path[:prop[:index...]]: message   (dt-validate's layout)
OUR_DTB_LINE = re.compile(r'^(\S+?\.dtb): (warning: )?(/\S*): (.*)')


def our_dtbs(stderr, M):
    keys = set()
    with open(stderr, errors='replace') as f:
        for line in f:
            m = OUR_DTB_LINE.match(line)
            if not m:
                continue
            board, where, msg = board_name(m.group(1)), m.group(3), m.group(4)
            parts = where.split(':')
            node = M.C.basename(parts[0])
            if re.search(r'failed to match any schema|is not documented by any binding', msg):
                keys.add((board, node, '<unmatched>'))
                continue
            # dtbind's wording of an unexpected property and of a dependency
            ma = re.match(r"^property '([^']*)' is not allowed here|"
                          r"^'([^']*)' is required when ", msg)
            if ma:
                keys.add((board, node, ma.group(1) or ma.group(2)))
                continue
            _kw, names = M.C.ref_keyword(msg.replace('"', "'"))
            if names:
                keys |= {(board, node, n) for n in names}
            else:
                keys.add((board, node, next((p for p in parts[1:] if not p.isdigit()), '')))
    return keys


def ref_dtbs(refdir, boards, tree_dir, M):
    """The reference's keys for BOARDS (.dts paths below TREE_DIR, whose
    .dtb kbuild has built next to them)."""
    keys = set()
    trees = {}
    for p in boards:
        tree, _order = M.C.fdt_tree(os.path.join(tree_dir, re.sub(r'\.dts$', '.dtb', p)))
        byname = collections.defaultdict(list)
        for n in tree:
            byname[M.C.basename(n)].append(n)
        trees[board_name(p)] = (tree, byname)
    with open(os.path.join(refdir, 'results.tsv'), errors='replace') as f:
        for line in f:
            p = line.rstrip('\n').split('\t')
            if len(p) < 4 or p[1] != 'validate' or p[2] not in ('error', 'warn'):
                continue
            b = board_name(p[0])
            if b in trees:
                # dt-schema 2022.08 (6.1) names the node by its path, 2026.06 by its name
                msg = p[3]
                if 'failed to match any schema' not in msg:
                    msg = re.sub(r'^/[^:\s]*(?=: )', lambda m: M.C.basename(m.group(0)), msg)
                keys |= M.ref_keys(b, msg, *trees[b])
    return keys


def dtbs(stderr, boards_file, tree_dir, *refdirs):
    M = _modern_compare()
    with open(boards_file) as f:
        boards = [l.strip() for l in f if l.strip()]
    theirs = set()
    for r in refdirs:
        with open(os.path.join(r, 'files.txt')) as f:
            mine = {l.strip() for l in f} & set(boards)
        theirs |= ref_dtbs(r, sorted(mine), tree_dir, M)
    names = {board_name(b) for b in boards}
    ours = {k for k in our_dtbs(stderr, M) if k[0] in names}
    both, ronly, donly = theirs & ours, theirs - ours, ours - theirs
    um = lambda s: {k for k in s if k[2] == '<unmatched>'}
    print(f'dtbs_check, {len(names)} boards; keys (board, node, property): reference '
          f'{len(theirs)}, dtbind {len(ours)}, both {len(both)}, reference only {len(ronly)}, '
          f'dtbind only {len(donly)}; -m unmatched: reference {len(um(theirs))}, '
          f'dtbind {len(um(ours))}, both {len(um(both))}')
    for side, keys in (('reference only', ronly), ('dtbind only', donly)):
        for k in sorted(keys):
            print(f'  {side}: {k[0]} {k[1]} {k[2]}')
    found = 100.0 * len(both) / len(theirs) if theirs else 100.0
    extra = 100.0 * len(donly) / len(theirs) if theirs else 0.0
    # The thresholds of the validate conformance (../modern-6.12/dtbs.sh).
    return [('dtbs_check findings found', found >= 98.0,
             f'{found:.1f} % of the reference, need >= 98'),
            ('dtbs_check findings extra', extra <= 5.0,
             f'{extra:.1f} % of the reference, need <= 5'),
            ('dtbs_check -m unmatched compatibles', um(theirs) == um(ours),
             f'{len(um(both))} of {len(um(theirs))}, {len(um(ours) - um(theirs))} extra')]


# ---- times ---------------------------------------------------------------

def ref_cpu(refdir, runset, ntotal):
    """The reference's CPU seconds for what make ran: its per-file phases of
    the files run (a sampled reference: those of the files it sampled,
    scaled to all the files run), its per-tree phases (yamllint,
    dt-doc-validate) in proportion, dt-mk-schema whole (it always reads the
    whole tree).  Also how many of the files run it had timed."""
    run = read_set(runset)
    if os.path.isfile(refdir):	# a whole run, measured: in proportion
        nums = read_summary(refdir)[0]
        return (float(nums['user']) + float(nums['sys'])) * len(run) / int(ntotal), 0
    cpu, timed = 0.0, set()
    with open(os.path.join(refdir, 'pertime.tsv')) as f:
        for line in f:
            p = line.split('\t')
            if p[0] in run:
                cpu += float(p[3]) + float(p[4])
                timed.add(p[0])
    cpu *= len(run) / max(1, len(timed))
    with open(os.path.join(refdir, 'timings.tsv')) as f:
        for line in f:
            p = line.split('\t')
            if p[0] in ('yamllint', 'docval'):
                cpu += (float(p[2]) + float(p[3])) * len(run) / int(ntotal)
            elif p[0] == 'mkschema':
                cpu += float(p[2]) + float(p[3])
    return cpu, len(timed)


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
    tests = []
    if refdir:
        ref, sampled = ref_cpu(refdir, runset, ntotal)
        ratio = ref / max(total, 1e-9)
        print(f'reference (stored, the same files): {ref:.0f} s CPU; dtbind\'s make run '
              f'{ratio:.1f}x less CPU, the front-ends alone '
              f'{ref / max(mine, 1e-9):.0f}x less than dt-schema and yamllint'
              + (f' (the reference timed the examples of {sampled} of the '
                 f'{len(read_set(runset))} files: scaled)' if sampled else ''))
        # The goal, judged only against a whole run of the real tools
        # measured on this machine (reference.sh), never against a scaled sample.
        if os.path.isfile(refdir) and len(read_set(runset)) == int(ntotal):
            tests.append(('whole make dt_binding_check >= 20x less CPU than with dt-schema',
                          ratio >= 20, f'{ratio:.1f}x: {total:.0f} s against {ref:.0f} s'))
    return tests


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
