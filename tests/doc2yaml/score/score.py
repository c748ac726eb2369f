#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc2yaml benchmark scorer (dtbind's copy of ../shared/doc2yaml-dev/score.py).

Added here: per-compatible conditions (does the conversion have an `if` on
compatible where the 6.12 schema has one), the `$ref`s to other schemas
(precision and recall against the 6.12 schema's), any split named in the
pairs file (make-pairs.py writes dev/tune/held), and --fast (no lint and no
example compile: the structural metrics only).

Scores a converter that turns a legacy devicetree binding document (free-form
.txt from Linux 6.1) into a devicetree schema (YAML) against the schema that
replaced it in Linux 6.12.

Usage:
    /usr/bin/python3 score.py --converter 'CMD {in} {out}' --set dev
                              [--limit N] [--jobs N] [--timeout S]

{in} is replaced by the path of a copy of the 6.1 .txt (kept at its relative
path under <workdir>/in/, so the converter may look at the directory name),
{out} by the path where the converter must write the YAML.  Both are shell
quoted; the command line runs under /bin/sh.

Needs only /usr/bin/python3 with the standard library plus ruamel.yaml (the
interpreter used by Debian's dt-schema).  External tools used when present:
tar, dt-doc-validate, dt-extract-example, cpp, dtc, yamllint.

See README.md next to this file for the metric definitions and baselines.
"""

import argparse
import concurrent.futures
import fcntl
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CACHE = os.path.join(os.environ.get('XDG_CACHE_HOME', os.path.expanduser('~/.cache')), 'dtbind-doc2yaml-dev')
DEFAULT_PAIRS = os.path.join(HERE, 'pairs-all.tsv')
TARBALLS = {
    '6.1': '/usr/src/linux-source-6.1.tar.xz',
    '6.12': '/usr/src/linux-source-6.12.tar.xz',
}
# Parts of each tree the benchmark needs.  include/uapi is there because a
# few include/dt-bindings headers are symlinks into it.
MEMBERS = ['Documentation/devicetree/bindings', 'include/dt-bindings',
           'include/uapi']
BINDINGS = 'Documentation/devicetree/bindings'
# DTC_FLAGS of Documentation/devicetree/bindings/Makefile (Linux 6.12).
DTC_FLAGS = ['-Wno-avoid_unnecessary_addr_size', '-Wno-graph_child_address',
             '-Wno-interrupt_provider', '-Wno-unique_unit_address',
             '-Wunique_unit_address_if_enabled']
TOOL_TIMEOUT = 120
MSG_MAX = 400


# --------------------------------------------------------------------------
# Source cache
# --------------------------------------------------------------------------

def _tar_topdir(tarball):
    with tarfile.open(tarball, 'r:xz') as t:
        first = t.next()
        return first.name.split('/')[0]


def _marker_text(tarball):
    st = os.stat(tarball)
    return '%s %d %d %s\n' % (tarball, st.st_size, int(st.st_mtime),
                              ' '.join(MEMBERS))


def ensure_tree(cache, ver, log=sys.stderr):
    """Extract the needed parts of linux-source-<ver> into <cache>/<ver>.

    Returns the root of the extracted tree.  Safe against concurrent runs
    (flock) and interrupted extractions (extract to a temp dir, then rename).
    """
    tarball = TARBALLS[ver]
    dest = os.path.join(cache, ver)
    marker = os.path.join(dest, '.complete')
    want = _marker_text(tarball)
    os.makedirs(cache, exist_ok=True)

    def ok():
        try:
            with open(marker) as f:
                return f.read() == want
        except OSError:
            return False

    if ok():
        return dest
    with open(os.path.join(cache, '.lock-' + ver), 'w') as lockf:
        fcntl.flock(lockf, fcntl.LOCK_EX)
        if ok():
            return dest
        t0 = time.time()
        print('[cache] extracting %s from %s ...' % (', '.join(MEMBERS), tarball),
              file=log, flush=True)
        top = _tar_topdir(tarball)
        tmp = tempfile.mkdtemp(prefix='.extract-%s-' % ver, dir=cache)
        try:
            cmd = ['tar', '-xJf', tarball, '-C', tmp] + \
                  ['%s/%s' % (top, m) for m in MEMBERS]
            subprocess.run(cmd, check=True)
            if os.path.exists(dest):
                shutil.rmtree(dest)
            os.rename(os.path.join(tmp, top), dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        with open(marker, 'w') as f:
            f.write(want)
        print('[cache] %s ready in %.1fs: %s' % (ver, time.time() - t0, dest),
              file=log, flush=True)
    return dest


def ensure_cache(cache, log=sys.stderr):
    """Extract both trees (in parallel).  Returns {ver: root}."""
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        futs = {v: ex.submit(ensure_tree, cache, v, log) for v in TARBALLS}
        return {v: f.result() for v, f in futs.items()}


def bindings_dir(root):
    return os.path.join(root, BINDINGS)


# --------------------------------------------------------------------------
# YAML helpers
# --------------------------------------------------------------------------

def load_yaml_text(text):
    """Parse YAML the way dt-schema does (ruamel.yaml, safe, YAML 1.2).

    Returns (obj, None) or (None, error message)."""
    import ruamel.yaml
    try:
        y = ruamel.yaml.YAML(typ='safe')
        return y.load(text), None
    except Exception as e:  # noqa: BLE001 - any parse problem is a failure
        msg = str(e).replace('\n', ' ')
        return None, (type(e).__name__ + ': ' + msg)[:MSG_MAX]


def load_yaml_file(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError as e:
        return None, str(e)
    return load_yaml_text(text)


# Keys whose string values are prose or regexes, not compatible strings.
NON_VALUE_KEYS = {'description', '$comment', 'pattern', '$ref', 'title'}


def strings_in(node, out=None):
    """All string scalars in a schema fragment, skipping prose/regex keys."""
    if out is None:
        out = set()
    if isinstance(node, dict):
        for k, v in node.items():
            if k in NON_VALUE_KEYS:
                continue
            strings_in(v, out)
    elif isinstance(node, list):
        for v in node:
            strings_in(v, out)
    elif isinstance(node, str):
        out.add(node)
    return out


def schema_compatibles(doc):
    """String values under properties.compatible (recursively)."""
    if not isinstance(doc, dict):
        return set()
    props = doc.get('properties')
    if not isinstance(props, dict) or 'compatible' not in props:
        return set()
    return strings_in(props['compatible'])


def schema_properties(doc):
    """Keys of the top-level `properties`, minus compatible."""
    if not isinstance(doc, dict) or not isinstance(doc.get('properties'), dict):
        return set()
    return {str(k) for k in doc['properties'] if str(k) != 'compatible'}


def schema_required(doc):
    if not isinstance(doc, dict) or not isinstance(doc.get('required'), list):
        return set()
    return {str(x) for x in doc['required'] if isinstance(x, (str, int, float))}


def schema_examples(doc):
    if not isinstance(doc, dict):
        return 0
    ex = doc.get('examples')
    if isinstance(ex, list):
        return len(ex)
    if isinstance(ex, str) and ex.strip():
        return 1
    return 0


def has_compat_condition(node, depth=0):
    """An `if` anywhere in the schema that tests properties.compatible."""
    if depth > 32:
        return False
    if isinstance(node, dict):
        cond = node.get('if')
        if isinstance(cond, dict) and isinstance(cond.get('properties'), dict) \
                and 'compatible' in cond['properties']:
            return True
        return any(has_compat_condition(v, depth + 1) for k, v in node.items()
                   if k not in NON_VALUE_KEYS)
    if isinstance(node, list):
        return any(has_compat_condition(v, depth + 1) for v in node)
    return False


def schema_path(doc):
    """The schema's path under bindings/, from its $id."""
    i = doc.get('$id') if isinstance(doc, dict) else None
    if not isinstance(i, str):
        return ''
    i = re.sub(r'^https?://devicetree.org/schemas/', '', i)
    return i.split('#')[0]


def schema_refs(doc):
    """Other schema files the schema $refs (types.yaml and local refs aside)."""
    here = os.path.dirname(schema_path(doc))
    self_path = schema_path(doc)
    out = set()

    def walk(node, depth):
        if depth > 32:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                if k == '$ref' and isinstance(v, str):
                    r = v.split('#')[0]
                    r = re.sub(r'^https?://devicetree.org', '', r)
                    if not r:
                        continue
                    if r.startswith('/schemas/'):
                        r = r[len('/schemas/'):]
                    else:
                        r = os.path.normpath(os.path.join(here, r))
                    if r not in ('types.yaml', self_path):
                        out.add(r)
                elif k not in NON_VALUE_KEYS:
                    walk(v, depth + 1)
        elif isinstance(node, list):
            for v in node:
                walk(v, depth + 1)
    walk(doc, 0)
    return out


HEADER_FIELDS = ['$id', '$schema', 'title', 'maintainers', 'properties']


def prf(out, truth):
    """Set precision/recall/F1.  Both empty counts as perfect."""
    out, truth = set(out), set(truth)
    if not out and not truth:
        return 1.0, 1.0, 1.0
    inter = len(out & truth)
    p = inter / len(out) if out else 0.0
    r = inter / len(truth) if truth else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


# --------------------------------------------------------------------------
# Pair list
# --------------------------------------------------------------------------

def read_pairs(path=DEFAULT_PAIRS):
    rows = []
    with open(path, encoding='utf-8') as f:
        header = None
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            cols = line.split('\t')
            if header is None:
                header = cols
                continue
            rows.append(dict(zip(header, cols)))
    return rows


# --------------------------------------------------------------------------
# Subprocess helpers
# --------------------------------------------------------------------------

def run_cmd(argv_or_sh, timeout, cwd=None, shell=False, stdout=None):
    """Run a command in its own session; kill the whole group on timeout.

    Returns (rc, stdout_text, stderr_text, seconds, timed_out)."""
    t0 = time.time()
    if shell:
        argv = ['/bin/sh', '-c', argv_or_sh]
    else:
        argv = argv_or_sh
    try:
        p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=stdout if stdout is not None else subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        return 127, '', str(e), time.time() - t0, False
    try:
        out, err = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = p.communicate()
        timed_out = True
    dec = (lambda b: b.decode('utf-8', 'replace') if isinstance(b, bytes) else (b or ''))
    return (p.returncode if not timed_out else 124), dec(out), dec(err), \
        time.time() - t0, timed_out


def squash(msg):
    msg = re.sub(r'\s+', ' ', msg or '').strip()
    return msg[:MSG_MAX]


ID_PATH_RE = re.compile(
    r"^.*: \$id: relative path/filename doesn't match actual path or filename\n"
    r"\s*expected: \S+\n?", re.M)


def dt_doc_validate(path, b612):
    """Reference meta-schema check.  Returns (pass, clean, message).

    pass  = exit status 0 (what dt-doc-validate itself reports as failure)
    clean = pass and nothing else printed (ref-resolution and quoting
            warnings count as not clean).  The "$id doesn't match the file
    path" message is dropped: the scorer decides where files live."""
    rc, out, err, _, to = run_cmd(['dt-doc-validate', '-u', b612, path],
                                  TOOL_TIMEOUT, cwd=os.path.dirname(path))
    text = ID_PATH_RE.sub('', (out or '') + (err or ''))
    text = text.replace(os.path.abspath(path), '<file>')
    if to:
        return False, False, 'timeout'
    return rc == 0, (rc == 0 and not text.strip()), squash(text)


def run_yamllint(path, b612):
    conf = os.path.join(b612, '.yamllint')
    if not shutil.which('yamllint'):
        return None, 'yamllint missing'
    argv = ['yamllint', '-f', 'parsable']
    if os.path.exists(conf):
        argv += ['-c', conf]
    rc, out, err, _, to = run_cmd(argv + [path], TOOL_TIMEOUT)
    text = (out + err).replace(os.path.abspath(path), '<file>')
    return (rc == 0 and not to), squash(text)


def compile_example(path, tmpdir, inc_dirs):
    """dt-extract-example + cpp + dtc, as the kernel's dt_binding_check does.

    Returns (pass, message).  pass is None when there is no example."""
    os.makedirs(tmpdir, exist_ok=True)
    dts = os.path.join(tmpdir, 'example.dts')
    pre = os.path.join(tmpdir, 'example.pre.dts')
    dtb = os.path.join(tmpdir, 'example.dtb')
    rc, out, err, _, to = run_cmd(['dt-extract-example', path], TOOL_TIMEOUT)
    if rc != 0 or to:
        return False, squash('extract: ' + err)
    with open(dts, 'w', encoding='utf-8') as f:
        f.write(out)
    argv = ['cpp', '-nostdinc'] + ['-I' + d for d in inc_dirs] + \
           ['-undef', '-D__DTS__', '-x', 'assembler-with-cpp', '-o', pre, dts]
    rc, out, err, _, to = run_cmd(argv, TOOL_TIMEOUT)
    if rc != 0 or to:
        return False, squash('cpp: ' + err.replace(tmpdir, ''))
    argv = ['dtc', '-O', 'dtb', '-o', dtb, '-b', '0'] + DTC_FLAGS + [pre]
    rc, out, err, _, to = run_cmd(argv, TOOL_TIMEOUT)
    if rc != 0 or to:
        return False, squash('dtc: ' + err.replace(tmpdir, ''))
    return True, ''


# --------------------------------------------------------------------------
# Ground-truth checks (cached: they do not depend on the converter)
# --------------------------------------------------------------------------

def tools_version():
    parts = []
    for argv in (['dt-doc-validate', '-V'], ['dtc', '--version'],
                 ['yamllint', '--version']):
        rc, out, err, _, _ = run_cmd(argv, 30)
        parts.append((out + err).strip().replace('\n', ' '))
    return ' | '.join(parts)


def check_schema_file(path, b612, inc_dirs, tmpdir, do_examples=True):
    lint, clean, msg = dt_doc_validate(path, b612)
    yl, ylmsg = run_yamllint(path, b612)
    if do_examples:
        ex, exmsg = compile_example(path, tmpdir, inc_dirs)
    else:
        ex, exmsg = None, ''
    shutil.rmtree(tmpdir, ignore_errors=True)
    return dict(lint=lint, lint_clean=clean, lint_msg=msg, yamllint=yl,
                yamllint_msg=ylmsg, ex_compile=ex, ex_msg=exmsg)


CHECKS_VERSION = 'checks-v2'


def truth_checks(docs, cache, b612, inc_dirs, jobs, log=sys.stderr):
    """docs: {yaml relpath: parsed truth schema}.  Cached in the cache dir."""
    path = os.path.join(cache, 'truth-checks.json')
    ver = ' | '.join([CHECKS_VERSION, tools_version(), _marker_text(TARBALLS['6.12']).strip()])
    data = {}
    try:
        with open(path) as f:
            data = json.load(f)
        if data.get('_version') != ver:
            data = {}
    except (OSError, ValueError):
        data = {}
    todo = sorted(y for y in docs if y not in data)
    if todo:
        t0 = time.time()
        print('[truth] checking %d ground-truth schemas ...' % len(todo),
              file=log, flush=True)
        tmproot = tempfile.mkdtemp(prefix='truth-', dir=cache)

        def one(i_y):
            i, y = i_y
            return y, check_schema_file(os.path.join(b612, y), b612, inc_dirs,
                                        os.path.join(tmproot, str(i)),
                                        do_examples=schema_examples(docs[y]) > 0)
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for y, r in ex.map(one, enumerate(todo)):
                data[y] = r
        shutil.rmtree(tmproot, ignore_errors=True)
        data['_version'] = ver
        tmp = path + '.tmp.%d' % os.getpid()
        with open(tmp, 'w') as f:
            json.dump(data, f, indent=0, sort_keys=True)
        os.replace(tmp, path)
        print('[truth] done in %.1fs' % (time.time() - t0), file=log, flush=True)
    return data


# --------------------------------------------------------------------------
# Scoring one file
# --------------------------------------------------------------------------

COLUMNS = [
    'txt', 'yaml', 'split', 'conv_rc', 'timeout', 'conv_s', 'out', 'parse',
    'hdr_id', 'hdr_schema', 'hdr_title', 'hdr_maint', 'hdr_props', 'header_ok',
    'compat_p', 'compat_r', 'compat_f1', 'n_compat', 'n_compat_truth',
    'prop_p', 'prop_r', 'prop_f1', 'n_prop', 'n_prop_truth',
    'req_p', 'req_r', 'req_f1', 'n_req', 'n_req_truth',
    'n_ex', 'n_ex_truth', 'id_match',
    'lint', 'lint_clean', 'truth_lint', 'truth_lint_clean', 'yamllint', 'truth_yamllint',
    'ex_compile', 'truth_ex_compile', 'cond', 'cond_truth',
    'n_ref', 'n_ref_truth', 'n_ref_hit', 'composite', 'note',
]


def fill_cmd(template, inp, outp):
    cmd = template.replace('{in}', shlex.quote(inp))
    if '{out}' in template:
        cmd = cmd.replace('{out}', shlex.quote(outp))
    return cmd


def score_one(pair, ctx):
    txt, yml = pair['txt'], pair['yaml']
    wd = ctx['workdir']
    src = os.path.join(ctx['b61'], txt)
    inp = os.path.join(wd, 'in', txt)
    outp = os.path.join(wd, 'out', txt[:-4] + '.yaml')
    logp = os.path.join(wd, 'logs', txt.replace('/', '__') + '.log')
    for p in (inp, outp, logp):
        os.makedirs(os.path.dirname(p), exist_ok=True)
    shutil.copyfile(src, inp)
    if os.path.lexists(outp):
        os.remove(outp)

    r = {c: 0 for c in COLUMNS}
    r.update(txt=txt, yaml=yml, split=pair.get('split', ''), note='')
    truth = ctx['truth_docs'][yml]
    tc = ctx['truth_checks'][yml]
    r['n_compat_truth'] = len(schema_compatibles(truth))
    r['n_prop_truth'] = len(schema_properties(truth))
    r['n_req_truth'] = len(schema_required(truth))
    r['n_ex_truth'] = schema_examples(truth)
    r['truth_lint'] = int(bool(tc.get('lint')))
    r['truth_lint_clean'] = int(bool(tc.get('lint_clean')))
    r['truth_yamllint'] = int(bool(tc.get('yamllint')))
    r['truth_ex_compile'] = int(bool(tc.get('ex_compile')))
    r['cond_truth'] = int(has_compat_condition(truth))
    r['n_ref_truth'] = len(schema_refs(truth))

    cmd = fill_cmd(ctx['converter'], inp, outp)
    rc, out, err, secs, to = run_cmd(cmd, ctx['timeout'], shell=True,
                                     cwd=ctx['cwd'])
    if '{out}' not in ctx['converter'] and rc == 0 and not to:
        with open(outp, 'w', encoding='utf-8') as f:
            f.write(out)
        out = ''
    with open(logp, 'w', encoding='utf-8') as f:
        f.write('$ %s\nrc=%s timeout=%s secs=%.2f\n--- stdout\n%s\n--- stderr\n%s\n'
                % (cmd, rc, to, secs, out[-20000:], err[-20000:]))
    r['conv_rc'] = rc
    r['timeout'] = int(to)
    r['conv_s'] = round(secs, 3)
    if to:
        r['note'] = 'converter timeout after %ss' % ctx['timeout']
    elif rc != 0:
        r['note'] = squash('converter rc=%s: %s' % (rc, err.strip().splitlines()[-1]
                                                     if err.strip() else ''))

    if to or rc != 0:
        return r  # a crash or timeout is a failed file, whatever was written
    if not os.path.isfile(outp):
        r['note'] = 'no output file'
        return r
    r['out'] = 1
    try:
        with open(outp, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError as e:
        r['note'] = squash('cannot read output: %s' % e)
        return r
    doc, perr = load_yaml_text(text)
    if perr or not isinstance(doc, dict):
        r['note'] = squash('not a YAML mapping: ' + (perr or type(doc).__name__))
        return r
    r['parse'] = 1

    for col, key in zip(['hdr_id', 'hdr_schema', 'hdr_title', 'hdr_maint',
                         'hdr_props'], HEADER_FIELDS):
        r[col] = int(key in doc and doc[key] not in (None, '', [], {}))
    r['header_ok'] = int(all(r[c] for c in ['hdr_id', 'hdr_schema', 'hdr_title',
                                           'hdr_maint', 'hdr_props']))
    oc, tcset = schema_compatibles(doc), schema_compatibles(truth)
    r['compat_p'], r['compat_r'], r['compat_f1'] = prf(oc, tcset)
    r['n_compat'] = len(oc)
    op, tp = schema_properties(doc), schema_properties(truth)
    r['prop_p'], r['prop_r'], r['prop_f1'] = prf(op, tp)
    r['n_prop'] = len(op)
    oq, tq = schema_required(doc), schema_required(truth)
    r['req_p'], r['req_r'], r['req_f1'] = prf(oq, tq)
    r['n_req'] = len(oq)
    r['n_ex'] = schema_examples(doc)
    r['id_match'] = int(isinstance(doc.get('$id'), str) and
                        doc.get('$id') == truth.get('$id'))
    r['cond'] = int(has_compat_condition(doc))
    orf, trf = schema_refs(doc), schema_refs(truth)
    r['n_ref'], r['n_ref_hit'] = len(orf), len(orf & trf)
    if ctx.get('fast'):
        return r

    chk = check_schema_file(outp, ctx['b612'], ctx['inc_dirs'],
                            os.path.join(wd, 'ex', txt[:-4]),
                            do_examples=ctx['examples'] and r['n_ex'] > 0)
    r['lint'] = int(bool(chk['lint']))
    r['lint_clean'] = int(bool(chk['lint_clean']))
    r['yamllint'] = int(bool(chk['yamllint']))
    r['ex_compile'] = int(bool(chk['ex_compile']))
    if not r['note']:
        if not chk['lint'] or not chk['lint_clean']:
            r['note'] = 'dt-doc-validate: ' + chk['lint_msg']
        elif chk['ex_compile'] is False:
            r['note'] = 'example: ' + chk['ex_msg']
    return r


def composite(r):
    ex_presence = int((r['n_ex'] > 0) == (r['n_ex_truth'] > 0))
    if not r['parse']:
        return 0.0
    return (r['header_ok'] + r['compat_f1'] + r['prop_f1'] + r['req_f1'] +
            ex_presence + r['lint']) / 6.0


# --------------------------------------------------------------------------
# Summary
# --------------------------------------------------------------------------

def summarize(rows, wall, args):
    n = len(rows)
    if not n:
        return {'files': 0}

    def mean(key, sel=None):
        rr = [r for r in rows if sel is None or sel(r)]
        return sum(float(r[key]) for r in rr) / len(rr) if rr else float('nan')

    conv_s = [r['conv_s'] for r in rows]
    s = dict([
        ('files', n),
        ('converter_ok', sum(1 for r in rows if r['conv_rc'] == 0 and r['out']) / n),
        ('converter_crash', sum(1 for r in rows if r['conv_rc'] != 0 and not r['timeout']) / n),
        ('converter_timeout', sum(r['timeout'] for r in rows) / n),
        ('output_present', mean('out')),
        ('parse_ok', mean('parse')),
        ('header_ok', mean('header_ok')),
        ('has_$id', mean('hdr_id')), ('has_$schema', mean('hdr_schema')),
        ('has_title', mean('hdr_title')), ('has_maintainers', mean('hdr_maint')),
        ('has_properties', mean('hdr_props')),
        ('compat_precision', mean('compat_p')), ('compat_recall', mean('compat_r')),
        ('compat_f1', mean('compat_f1')),
        ('compat_f1_eq_1', sum(1 for r in rows if r['parse'] and r['compat_f1'] >= 1.0) / n),
        ('prop_precision', mean('prop_p')), ('prop_recall', mean('prop_r')),
        ('prop_f1', mean('prop_f1')),
        ('required_precision', mean('req_p')), ('required_recall', mean('req_r')),
        ('required_f1', mean('req_f1')),
        ('examples_mean_out', mean('n_ex')), ('examples_mean_truth', mean('n_ex_truth')),
        ('examples_presence_match', sum(1 for r in rows if r['parse'] and
                                        (r['n_ex'] > 0) == (r['n_ex_truth'] > 0)) / n),
        ('examples_count_match', sum(1 for r in rows if r['parse'] and
                                     r['n_ex'] == r['n_ex_truth']) / n),
        ('id_match', mean('id_match')),
        ('lint_pass', mean('lint')),
        ('lint_pass_truth_ceiling', mean('truth_lint')),
        ('lint_pass_where_truth_passes', mean('lint', lambda r: r['truth_lint'])),
        ('lint_clean', mean('lint_clean')),
        ('lint_clean_truth_ceiling', mean('truth_lint_clean')),
        ('yamllint_pass', mean('yamllint')),
        ('yamllint_pass_truth', mean('truth_yamllint')),
        ('example_compiles', mean('ex_compile')),
        ('example_compiles_truth', mean('truth_ex_compile')),
        ('cond_where_truth_has', mean('cond', lambda r: r['cond_truth'])),
        ('cond_where_truth_has_not', mean('cond', lambda r: not r['cond_truth'])),
        ('cond_files_truth', sum(r['cond_truth'] for r in rows)),
        ('ref_precision', sum(r['n_ref_hit'] for r in rows) /
         max(1, sum(r['n_ref'] for r in rows))),
        ('ref_recall', sum(r['n_ref_hit'] for r in rows) /
         max(1, sum(r['n_ref_truth'] for r in rows))),
        ('ref_out', sum(r['n_ref'] for r in rows)),
        ('ref_truth', sum(r['n_ref_truth'] for r in rows)),
        ('composite', mean('composite')),
        ('converter_seconds_total', sum(conv_s)),
        ('converter_seconds_mean', sum(conv_s) / n),
        ('converter_seconds_max', max(conv_s)),
        ('wall_seconds', wall),
    ])
    return s


def fmt(v):
    if isinstance(v, float):
        return '%.3f' % v
    return str(v)


def summary_table(s, title):
    lines = ['# ' + title]
    w = max(len(k) for k in s)
    for k, v in s.items():
        lines.append('%-*s  %s' % (w, k, fmt(v)))
    return '\n'.join(lines)


def rows_tsv(rows):
    out = ['\t'.join(COLUMNS)]
    for r in rows:
        vals = []
        for c in COLUMNS:
            v = r[c]
            if isinstance(v, float):
                v = '%.3f' % v
            vals.append(str(v).replace('\t', ' ').replace('\n', ' '))
        out.append('\t'.join(vals))
    return '\n'.join(out) + '\n'


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(
        description='Score a .txt -> devicetree-schema YAML converter.',
        epilog=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--converter', required=True,
                    help="shell command template with {in} and {out}")
    ap.add_argument('--set', default='dev',
                    help="the pairs' splits to score, comma-separated (dev, tune, held, "
                         "heldx), or all")
    ap.add_argument('--fast', action='store_true',
                    help='structural metrics only: no lint, no example compile')
    ap.add_argument('--limit', type=int, default=0,
                    help='score only the first N pairs of the set (sorted by txt path)')
    ap.add_argument('--timeout', type=float, default=60,
                    help='seconds allowed per converter run (default 60)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--cache', default=DEFAULT_CACHE,
                    help='cache dir for extracted sources (default %(default)s)')
    ap.add_argument('--pairs', default=DEFAULT_PAIRS)
    ap.add_argument('--workdir', help='where inputs/outputs/logs/results go '
                    '(default <cache>/runs/<set>-<time>)')
    ap.add_argument('--no-examples', action='store_true',
                    help='skip the example compile check (h)')
    ap.add_argument('--quiet', action='store_true',
                    help='print only the summary (the per-file TSV is still written)')
    ap.add_argument('--label', default='', help='label shown in the summary header')
    args = ap.parse_args()

    if '{in}' not in args.converter:
        ap.error('--converter must contain {in} (and normally {out})')
    t_start = time.time()
    cache = os.path.abspath(args.cache)
    roots = ensure_cache(cache)
    b61, b612 = bindings_dir(roots['6.1']), bindings_dir(roots['6.12'])
    inc_dirs = [os.path.join(roots['6.12'], 'include'),
                os.path.join(roots['6.1'], 'include'), b612]

    pairs = sorted(read_pairs(args.pairs), key=lambda p: p['txt'])
    if args.set != 'all':
        pairs = [p for p in pairs if p.get('split') in args.set.split(',')]
    if args.limit:
        pairs = pairs[:args.limit]
    if not pairs:
        print('no pairs selected', file=sys.stderr)
        return 2

    if args.workdir:
        workdir = os.path.abspath(args.workdir)
    else:
        tag = hashlib.sha1(args.converter.encode()).hexdigest()[:8]
        workdir = os.path.join(cache, 'runs', '%s-%s-%s' % (
            args.set, time.strftime('%Y%m%d-%H%M%S'), tag))
    os.makedirs(workdir, exist_ok=True)
    marker = os.path.join(workdir, '.doc2yaml-bench-run')
    if os.listdir(workdir) and not os.path.exists(marker):
        print('refusing to use non-empty workdir not made by score.py: ' + workdir,
              file=sys.stderr)
        return 2
    for sub in ('in', 'out', 'logs', 'ex'):
        shutil.rmtree(os.path.join(workdir, sub), ignore_errors=True)
    with open(marker, 'w') as f:
        f.write(args.converter + '\n')

    truth_docs = {}
    for p in pairs:
        doc, err = load_yaml_file(os.path.join(b612, p['yaml']))
        if not isinstance(doc, dict):
            print('cannot load ground truth %s: %s' % (p['yaml'], err), file=sys.stderr)
            return 2
        truth_docs[p['yaml']] = doc
    if args.fast:
        tchecks = {y: {} for y in truth_docs}
    else:
        tchecks = truth_checks(truth_docs, cache, b612, inc_dirs, args.jobs)

    ctx = dict(workdir=workdir, b61=b61, b612=b612, inc_dirs=inc_dirs,
               converter=args.converter, timeout=args.timeout, cwd=os.getcwd(),
               truth_docs=truth_docs, truth_checks=tchecks,
               examples=not args.no_examples, fast=args.fast)

    rows = []
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        futs = {ex.submit(score_one, p, ctx): p for p in pairs}
        for fut in concurrent.futures.as_completed(futs):
            p = futs[fut]
            try:
                r = fut.result()
            except Exception as e:  # scorer bug on one file: record, go on
                r = {c: 0 for c in COLUMNS}
                r.update(txt=p['txt'], yaml=p['yaml'], split=p.get('split', ''),
                         note=squash('scorer error: %r' % e))
            r['composite'] = composite(r)
            rows.append(r)
            done += 1
            if done % 25 == 0 or done == len(pairs):
                print('[score] %d/%d files' % (done, len(pairs)), file=sys.stderr,
                      flush=True)
    rows.sort(key=lambda r: r['txt'])
    wall = time.time() - t_start
    s = summarize(rows, wall, args)
    title = 'doc2yaml-bench summary: set=%s files=%d converter=%s%s' % (
        args.set, len(rows), args.converter,
        (' label=' + args.label) if args.label else '')
    table = summary_table(s, title)
    tsv = rows_tsv(rows)
    with open(os.path.join(workdir, 'per_file.tsv'), 'w') as f:
        f.write(tsv)
    with open(os.path.join(workdir, 'summary.txt'), 'w') as f:
        f.write(table + '\n')
    with open(os.path.join(workdir, 'summary.json'), 'w') as f:
        json.dump(dict(set=args.set, converter=args.converter, label=args.label,
                       summary=s), f, indent=1)
    if not args.quiet:
        sys.stdout.write(tsv + '\n')
    print(table)
    print('# per-file TSV, summary, outputs and logs: ' + workdir)
    return 0


if __name__ == '__main__':
    sys.exit(main())
