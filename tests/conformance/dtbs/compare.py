#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
#
# Compare `dtbind validate --format=json` on the reference boards with
# dt-validate 2022.08's results.tsv.  Called by run.sh; stdlib only.
#
# Usage: compare.py --ref REFDIR --dtbs DTBDIR --dtb-json FILE --dts-dir DIR
#                   --src KERNEL --classes FILE [--times FILE]
#   --ref       a reference set (files.txt, results.tsv, timings.tsv,
#               pertime.tsv); given once a set: the shared 50
#               (../shared/reference/6.1-dtbs-check-arm64-50) and the extra
#               50 recorded here (reference-extra-50)
#   --dtbs      the built BOARD.dtb files
#   --dtb-json  dtbind's JSON Lines for all the .dtb files (one invocation)
#   --dts-dir   BOARD.json: dtbind's JSON Lines for BOARD.dts, one run each
#   --src       the kernel tree (relative source positions are under it)
#   --classes   the known difference classes, differences.tsv
#   --times     timed.py's output: "dtb" (the one .dtb run), "load" (an
#               empty tree: the fixed cost) and one line per board (.dts)
#
# Every finding on either side becomes a tuple (board, node path, property,
# keyword) as DIFFERENCES.md ("Normalisation") describes.  Prints the
# agreement |intersection| / |union| overall and per board, every difference
# grouped by class, the CPU time against the reference's, and
# "TEST name: ok|FAIL (detail)" lines that run.sh counts.

import collections
import json
import os
import re
import struct

# ---------------------------------------------------------------------------
# The node tree of a .dtb (names only): {path: (set(child names), set(props))}


def fdt_tree(path):
    """{path: (set(child names), set(property names))}, and the paths in
    the order dt-validate checks the nodes (depth first, as in the blob;
    no "__...__" nodes)."""
    with open(path, 'rb') as f:
        blob = f.read()
    magic, _size, off_struct, off_strings = struct.unpack_from('>IIII', blob, 0)
    if magic != 0xd00dfeed:
        raise ValueError('%s: not a dtb' % path)
    tree = {}
    order = []
    stack = []
    pos = off_struct

    def cstr(at):
        end = blob.index(b'\0', at)
        return blob[at:end].decode('latin-1'), end

    while True:
        (tok,) = struct.unpack_from('>I', blob, pos)
        pos += 4
        if tok == 1:                    # FDT_BEGIN_NODE
            name, end = cstr(pos)
            pos = (end + 1 + 3) & ~3
            if not stack:
                p = '/'
            else:
                parent = stack[-1]
                tree[parent][0].add(name)
                p = (parent if parent != '/' else '') + '/' + name
            tree[p] = (set(), set())
            stack.append(p)
            if '/__' not in p:
                order.append(p)
        elif tok == 2:                  # FDT_END_NODE
            stack.pop()
        elif tok == 3:                  # FDT_PROP
            ln, nameoff = struct.unpack_from('>II', blob, pos)
            pos += 8
            name, _ = cstr(off_strings + nameoff)
            tree[stack[-1]][1].add(name)
            pos = (pos + ln + 3) & ~3
        elif tok == 4:                  # FDT_NOP
            continue
        elif tok == 9:                  # FDT_END
            break
        else:
            raise ValueError('%s: bad token %d' % (path, tok))
    return tree, order


def basename(p):
    return '/' if p == '/' else p.rsplit('/', 1)[1]


# ---------------------------------------------------------------------------
# Keyword of a dt-validate (jsonschema 4.10) message, and the properties it
# names.

def q_names(s):
    """'a', 'b' -> [a, b] (names are quoted with ' or with ")."""
    return [m.group(2) for m in re.finditer(r'''(['"])(.*?)\1''', s)]


def ref_keyword(msg):
    """(keyword, [property names the message is about] or None)."""
    m = re.match(r"^'([^']*)' is a required property", msg)
    if m:
        return 'required', [m.group(1)]
    m = re.match(r"^'([^']*)' is a dependency of '([^']*)'", msg)
    if m:
        return 'dependencies', [m.group(1)]
    m = re.match(r'^Unevaluated properties are not allowed \((.*) (?:was|were) unexpected\)', msg)
    if m:
        return 'unevaluatedProperties', q_names(m.group(1))
    m = re.match(r'^Additional properties are not allowed \((.*) (?:was|were) unexpected\)', msg)
    if m:
        return 'additionalProperties', q_names(m.group(1))
    m = re.match(r'^(.*) (?:does|do) not match any of the regexes: ', msg)
    if m:
        return 'additionalProperties', q_names(m.group(1))
    m = re.match(r"^'(anyOf|oneOf|allOf)' conditional failed", msg)
    if m:
        return m.group(1), None
    if msg.startswith('More than one condition true in oneOf schema'):
        return 'oneOf', None
    if msg.startswith('False schema does not allow'):
        return 'false', None
    if msg.startswith('size (') and ' error for type ' in msg:
        return 'typeSize', None
    tails = [
        (' is too long', lambda s: 'maxLength' if s[:1] in '\'"' else 'maxItems'),
        (' is too short', lambda s: 'minLength' if s[:1] in '\'"' else 'minItems'),
        (' was expected', 'const'),
        (' is not one of ', 'enum'),
        (' is not of type ', 'type'),
        (' should not be valid under ', 'not'),
        (' does not contain items matching', 'contains'),
        (' is less than the minimum of ', 'minimum'),
        (' is greater than the maximum of ', 'maximum'),
        (' has non-unique elements', 'uniqueItems'),
        (' is not valid under any of the given schemas', 'anyOf'),
        (' is valid under each of ', 'oneOf'),
        (' does not match ', 'pattern'),
    ]
    for t, k in tails:
        if t in msg:
            return (k(msg) if callable(k) else k), None
    return 'other', None


SCHEMA_PREFIXES = ('Documentation/devicetree/bindings/', 'dtschema/schemas/',
                   'http://devicetree.org/schemas/')


def schema_name(s):
    s = s.split('#', 1)[0]
    for p in SCHEMA_PREFIXES:
        if s.startswith(p):
            return s[len(p):]
    return s


# ---------------------------------------------------------------------------
# The reference: results.tsv

def parse_ref_message(m):
    """'node: p1:p2: msg\\n\\tFrom schema: S' -> (node, [p1, p2], msg, S)."""
    first, _, rest = m.partition('\\n')
    sch = ''
    ms = re.search(r'\\n\\tFrom schema: (\S+)$', m)
    if ms:
        sch = schema_name(ms.group(1))
    node, sep, rest = first.partition(': ')
    if not sep:
        return None
    path = []
    mp = re.match(r'''^((?:[^\s:'"\[{]+:)+) (.*)$''', rest)
    if mp:
        path = mp.group(1)[:-1].split(':')
        rest = mp.group(2)
    return node, path, rest, sch


def resolve(tree, byname, node, path):
    """Candidate (start node, node path, property) for the reference
    location NODE + PATH: NODE is only the name of the node the schema was
    applied to (dt-validate prints no full path), PATH its absolute_path
    inside: child nodes, then a property, then indices."""
    out = []
    for start in byname.get(node, []):
        cur, prop = start, ''
        for el in path:
            if prop:
                break                   # index inside a property
            if el in tree[cur][0]:
                cur = (cur if cur != '/' else '') + '/' + el
            else:
                prop = el
        out.append((start, cur, prop))
    return out


def load_ref(refdir, boards):
    """Per board, the validate lines in their order: ('error', message) and
    ('warn', node path) for -m's "failed to match any schema" warnings; and
    the set of those nodes."""
    events = collections.defaultdict(list)
    unmatched = collections.defaultdict(set)
    with open(os.path.join(refdir, 'results.tsv'), encoding='utf-8') as f:
        for line in f:
            cols = line.rstrip('\n').split('\t')
            if len(cols) < 4 or cols[1] != 'validate':
                continue
            board = boards.get(cols[0])
            if board is None:
                continue
            if cols[2] == 'warn':
                m = re.search(r'(/\S*): failed to match any schema with compatible', cols[3])
                if m:
                    unmatched[board].add(m.group(1))
                    events[board].append(('warn', m.group(1)))
            elif cols[2] == 'error':
                events[board].append(('error', cols[3]))
    return events, unmatched


# ---------------------------------------------------------------------------
# dtbind: JSON Lines; an error is followed by its notes, the last of which is
# "from this schema" naming the schema that selected the node.

def load_dtbind(lines, unmatched=None):
    """[[finding, top schema]] for the errors and warnings in LINES; -m's
    undocumented compatibles go to UNMATCHED[board] as node paths."""
    out = []
    cur = None
    for line in lines:
        line = line.strip()
        if not line.startswith('{'):
            continue
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if d.get('rule') == 'undocumented-compatible':
            b = os.path.basename(d.get('file') or '')
            b = b[:-4] if b.endswith('.dtb') else b
            if unmatched is not None:
                unmatched[b].add(d.get('message', '').split(': compatible ', 1)[0])
            continue
        if d.get('severity') in ('error', 'warning'):
            if cur:
                out.append(cur)
            cur = [d, '']
        elif cur and d.get('message') == 'from this schema':
            cur[1] = schema_name(d.get('schema', ''))
            out.append(cur)
            cur = None
    if cur:
        out.append(cur)
    return out


def dtbind_tuples(d):
    """[(node path, property, keyword)] for one dtbind finding."""
    node = d.get('node') or '?'
    parts = node.split(':')
    path, prop = parts[0], (parts[1] if len(parts) > 1 else '')
    msg = d.get('message', '')
    sch = d.get('schema', '')
    kw = sch.rsplit('/', 1)[-1] if '#' in sch else 'other'
    if d.get('rule') == 'dt-decode' and ' cannot be cells of type ' in msg:
        kw = 'typeSize'  # the reference's "size (N) error for type T"

    if "(the schema is 'false')" in msg or kw == 'false':
        kw = 'false'
    if kw in ('dependentRequired', 'dependentSchemas', 'dependencies'):
        kw = 'dependencies'
    if kw in ('additionalProperties', 'unevaluatedProperties'):
        names = q_names(msg.split(' is not allowed', 1)[0]) or ['?']
        return [(path, n, kw) for n in names]
    if kw == 'required':
        m = re.match(r'''^['"]([^'"]*)['"] is a required property''', msg)
        return [(path, m.group(1) if m else '?', kw)]
    if kw == 'dependencies':
        m = re.match(r'''^['"]([^'"]*)['"] is''', msg)
        return [(path, m.group(1) if m else '?', kw)]
    return [(path, prop, kw)]


# ---------------------------------------------------------------------------
# Known difference classes

def load_classes(path):
    """differences.tsv: TAB-separated id, status (bug: dtbind's, ref: a
    quirk of the reference not copied on purpose, norm: of this
    comparison), side the tuple is only in (ref|dtbind), then regexes
    (whole match, empty = any) for keyword, kind (node: the property names
    a child node; prop; empty), property, node path, board.  The reason of
    each class is in DIFFERENCES.md under its id."""
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            c = line.rstrip('\n').split('\t')
            c += [''] * (8 - len(c))
            out.append((c[0], c[1], c[2]) + tuple(re.compile(x or '.*') for x in c[3:8]))
    return out


def classify(classes, side, t, kind):
    board, node, prop, kw = t
    for cid, status, cside, rk, rkind, rp, rn, rb in classes:
        if cside == side and rk.fullmatch(kw) and rkind.fullmatch(kind) and \
           rp.fullmatch(prop) and rn.fullmatch(node) and rb.fullmatch(board):
            return cid, status
    return 'UNEXPLAINED', '?'


# ---------------------------------------------------------------------------

def reference_tuples(order, dtbdir, ref_events, D):
    """The reference's tuples; also with the selecting schema; also with
    each message still ambiguous after the ordering on all its candidates
    (no use of dtbind's findings: a lower bound of the agreement); the
    trees."""
    R, Rs, Rlb, trees = set(), set(), set(), {}
    stats = collections.Counter()
    for b in order:
        tree, walk = fdt_tree(os.path.join(dtbdir, b + '.dtb'))
        trees[b] = tree
        index = {p: i for i, p in enumerate(walk)}
        byname = collections.defaultdict(list)
        for p in walk:
            byname[basename(p)].append(p)
        # msgs: [message, candidates, anchor]: the anchor is the walk index
        # of the node being checked when the line was printed, when known
        msgs = []
        for kind, text in ref_events.get(b, []):
            if kind == 'warn':
                msgs.append([None, [], index.get(text)])
                continue
            parsed = parse_ref_message(text)
            if not parsed:
                R.add((b, '?', '', 'unparsed'))
                stats['unparsed'] += 1
                continue
            node, path, msg, sch = parsed
            kw, props = ref_keyword(msg)
            stats['messages'] += 1
            stats['other keyword'] += kw == 'other'
            if kw == 'typeSize' and not path:
                # a decoding message of dtschema/dtb.py, "PROP: size (N)
                # error for type T", printed before validation: every node
                # with PROP
                cands = [(None, p, node) for p in walk if node in tree[p][1]]
            else:
                cands = resolve(tree, byname, node, path)
            starts = {c[0] for c in cands}
            anchor = index.get(next(iter(starts))) if len(starts) == 1 else None
            msgs.append([(kw, props, sch), cands, anchor])

        # dt-validate checks the nodes in walk order and prints each node's
        # lines (its errors and its -m warning) before its children's: a
        # node name that fits several nodes is narrowed to those between
        # the anchors printed before and after it, until nothing changes.
        changed = True
        while changed:
            changed = False
            lo, los = -1, []
            for m in msgs:
                los.append(lo)
                if m[2] is not None:
                    lo = max(lo, m[2])
            hi, his = len(walk), []
            for m in reversed(msgs):
                his.append(hi)
                if m[2] is not None:
                    hi = min(hi, m[2])
            his.reverse()
            for m, lo, hi in zip(msgs, los, his):
                if m[0] is None or m[2] is not None or len({c[0] for c in m[1]}) < 2:
                    continue
                fit = [c for c in m[1] if c[0] is None or lo <= index[c[0]] <= hi]
                if fit and len(fit) < len(m[1]):
                    m[1] = fit
                    starts = {c[0] for c in fit}
                    if len(starts) == 1 and None not in starts:
                        m[2] = index[next(iter(starts))]
                        stats['resolved by order'] += 1
                    changed = True

        for m in msgs:
            if m[0] is None:
                continue
            (kw, props, sch), cands = m[0], m[1]
            if not cands:
                stats['node not found'] += 1
                R.add((b, '?', '', kw))
                continue
            for _, cpath, cprop in cands:
                for p in (props if props is not None else [cprop]):
                    Rlb.add((b, cpath, p, kw))
            if len({c[0] for c in cands}) > 1 and kw != 'typeSize':
                # still several: where dtbind reports the most of the same
                # tuples, else the first (noted)
                def score(c):
                    return sum((b, c[1], p, kw) in D for p in (props or [c[2]]))
                best = max(cands, key=score)
                stats['resolved by dtbind' if score(best) else 'left ambiguous'] += 1
                cands = [best]
            for _, cpath, cprop in cands:
                for p in (props if props is not None else [cprop]):
                    R.add((b, cpath, p, kw))
                    Rs.add((b, cpath, p, kw, sch))
    return R, Rs, Rlb, trees, stats


def kind_of(trees, t):
    b, node, prop, _ = t
    n = trees.get(b, {}).get(node)
    if not n or not prop:
        return ''
    return 'node' if prop in n[0] else 'prop'


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def check_dts(order, by_board_d, dtsdir, srcroot, tests):
    """.dts findings = .dtb findings, each at file:line:col of its property
    (or node)."""
    srccache = {}

    def srcline(fn, ln):
        if not os.path.isabs(fn):
            fn = os.path.join(srcroot, fn)
        if fn not in srccache:
            try:
                with open(fn, encoding='utf-8', errors='replace') as f:
                    srccache[fn] = f.read().split('\n')
            except OSError:
                srccache[fn] = []
        lines = srccache[fn]
        return lines[ln - 1] if 0 < ln <= len(lines) else None

    def key(d):
        return (d.get('severity'), d.get('node'), d.get('message'), d.get('schema'))

    total = nopos = elsewhere = same = 0
    for b in order:
        fn = os.path.join(dtsdir, b + '.json')
        name = '%s: .dts gives the .dtb findings, each at its source line' % b
        if not os.path.exists(fn):
            tests.append((name, False, 'no output'))
            continue
        with open(fn, encoding='utf-8', errors='replace') as f:
            sf = load_dtbind(f)
        a = collections.Counter(key(d) for d, _ in by_board_d.get(b, []))
        s = collections.Counter(key(d) for d, _ in sf)
        problems = []
        if a != s:
            only_b, only_s = a - s, s - a
            problems.append('%d only from the .dtb, %d only from the .dts' %
                            (sum(only_b.values()), sum(only_s.values())))
            for k in list(only_b)[:3]:
                problems.append('    .dtb only: %s: %s' % (k[1], (k[2] or '')[:100]))
            for k in list(only_s)[:3]:
                problems.append('    .dts only: %s: %s' % (k[1], (k[2] or '')[:100]))
        else:
            same += 1
        bad = []
        for d, _ in sf:
            total += 1
            f, ln, col = d.get('file'), d.get('line'), d.get('col')
            node = d.get('node') or ''
            if not f or not isinstance(ln, int) or not isinstance(col, int):
                nopos += 1
                bad.append('%s: no file:line:col (%s)' % (node, (d.get('message') or '')[:60]))
                continue
            parts = node.split(':')
            # at the property; at the node's name for the node itself and
            # for $nodename; an unexpected property or child at itself
            want = [parts[1]] if len(parts) > 1 and parts[1] != '$nodename' \
                else [basename(parts[0])]
            t = dtbind_tuples(d)
            if len(parts) == 1 and t and t[0][1] and \
               t[0][2] in ('additionalProperties', 'unevaluatedProperties'):
                want.append(t[0][1])
            text = srcline(f, ln)
            at = text[col - 1:] if text is not None else ''
            # a node may also be written "&label {" or "/ {", and a name
            # may be made by a macro: AP_NAME, power-domain@RK3399_PD_VOPB
            tok = re.match(r'[^\s{=;]*', at).group(0)
            ok = any(at.startswith(w) for w in want) or at.startswith('&') or \
                (want == ['/'] and at.startswith('/')) or \
                re.search(r'[A-Z][A-Z0-9_]{2,}', tok) is not None
            if not ok:
                elsewhere += 1
                bad.append('%s:%s:%s: %s (%s) points at %r' %
                           (f, ln, col, node, ' or '.join(want), at[:40]))
        if bad:
            problems.append('%d of %d findings not at their property or node' % (len(bad), len(sf)))
            problems += ['    ' + x for x in bad[:4]]
        tests.append((name, not problems, '\n'.join(problems)))
    print('\n.dts sources: %d of %d boards give the same findings as the .dtb; '
          '%d findings, %d without file:line:col, %d elsewhere than at the '
          'property or node' % (same, len(order), total, nopos, elsewhere))


def timing(refdirs, order, files, timesfile):
    if not timesfile or not os.path.exists(timesfile):
        return
    t = {}
    with open(timesfile) as f:
        for line in f:
            c = line.rstrip('\n').split('\t')
            if len(c) >= 5:
                t[c[0]] = (float(c[1]) + float(c[2]), float(c[3]), int(c[4]))
    ref_total = 0.0
    ref_board = {}
    parts = []
    for refdir in refdirs:
        with open(os.path.join(refdir, 'timings.tsv')) as f:
            for line in f:
                c = line.rstrip('\n').split('\t')
                if c[0] == 'validate':
                    ref_total += float(c[2]) + float(c[3])
                    parts.append('%s %.1f s' % (os.path.basename(refdir),
                                                float(c[2]) + float(c[3])))
        with open(os.path.join(refdir, 'pertime.tsv')) as f:
            for line in f:
                c = line.rstrip('\n').split('\t')
                if len(c) >= 5 and c[1] == 'validate':
                    ref_board[c[0]] = float(c[3]) + float(c[4])
    print('\nCPU time (user+sys), dt-validate 2022.08 as recorded (%s):'
          % ', '.join(parts))
    if 'dtb' in t and ref_total:
        cpu = t['dtb'][0]
        print('  all %d .dtb, one dtbind run: %.2f s (%.1f s wall) against %.1f s: '
              '%.0fx faster; %.3f s per DTB against %.2f s'
              % (len(order), cpu, t['dtb'][1], ref_total, ref_total / cpu if cpu else 0,
                 cpu / len(order), ref_total / len(order)))
    if 'load' in t:
        fixed = t['load'][0]
        print('  fixed cost (an empty tree: start-up, schema set): %.3f s' % fixed)
        if 'dtb' in t and ref_total and t['dtb'][0] > fixed:
            per = (t['dtb'][0] - fixed) / len(order)
            print('  without it: %.3f s per DTB, %.0fx faster than dt-validate'
                  % (per, ref_total / len(order) / per))
    ratios = []
    rows = []
    for p in files:
        b = os.path.basename(p)[:-4]
        if b in t and p in ref_board and t[b][0] > 0:
            r = ref_board[p] / t[b][0]
            ratios.append(r)
            rows.append((b, ref_board[p], t[b][0], r))
    if ratios:
        ratios.sort()
        mid = ratios[len(ratios) // 2]
        print('  per board from its .dts (one run each: schema set, cpp, '
              'parse, validate): ratio min %.0fx, median %.0fx, max %.0fx'
              % (ratios[0], mid, ratios[-1]))
        print('  %-46s %9s %9s %7s' % ('board', 'reference', 'dtbind', 'ratio'))
        for b, r, d, x in rows:
            print('  %-46s %8.2fs %8.3fs %6.0fx' % (b, r, d, x))


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument('--ref', required=True, action='append')
    for o in ('dtbs', 'dtb-json', 'dts-dir', 'src', 'classes'):
        ap.add_argument('--' + o, required=True)
    ap.add_argument('--times')
    ap.add_argument('--verbose', action='store_true', help='list every difference')
    a = ap.parse_args()

    files, setof = [], {}
    for r in a.ref:
        with open(os.path.join(r, 'files.txt')) as f:
            fs = [l.strip() for l in f if l.strip()]
        files += fs
        for p in fs:
            setof[os.path.basename(p)[:-4]] = os.path.basename(r.rstrip('/'))
    boards = {p: os.path.basename(p)[:-4] for p in files}
    order = [boards[p] for p in files]
    tests = []
    ref_events, unmatched = collections.defaultdict(list), collections.defaultdict(set)
    for r in a.ref:
        e, u = load_ref(r, boards)
        ref_events.update(e)
        unmatched.update(u)

    # dtbind on the .dtb files: its tuples, and with the selecting schema
    d_unmatched = collections.defaultdict(set)
    with open(a.dtb_json, encoding='utf-8', errors='replace') as f:
        dfind = load_dtbind(f, d_unmatched)
    D, Ds = set(), set()
    by_board_d = collections.defaultdict(list)
    for d, top in dfind:
        b = os.path.basename(d.get('file') or '')
        b = b[:-4] if b.endswith('.dtb') else b
        by_board_d[b].append((d, top))
        for t in dtbind_tuples(d):
            D.add((b,) + t)
            Ds.add((b,) + t + (top,))

    R, Rs, Rlb, trees, stats = reference_tuples(order, a.dtbs, ref_events, D)
    inter, union = R & D, R | D
    agree = len(inter) / len(union) if union else 1.0
    print('reference: %d error messages -> %d tuples; node names that fit '
          'several nodes: %d narrowed to one by the order of the lines, %d by '
          'dtbind\'s findings, %d left to the first; %d unparsed, %d of '
          'unknown keyword, %d not in the tree'
          % (stats['messages'], len(R), stats['resolved by order'],
             stats['resolved by dtbind'], stats['left ambiguous'],
             stats['unparsed'], stats['other keyword'], stats['node not found']))
    print('dtbind:    %d errors -> %d tuples' % (len(dfind), len(D)))
    print('agreement (board, node, property, keyword), %d boards: %d / %d = %.2f%%'
          % (len(order), len(inter), len(union), 100 * agree))
    print('  also by the schema that selected the node: %d / %d = %.2f%%'
          % (len(Rs & Ds), len(Rs | Ds), pct(len(Rs & Ds), len(Rs | Ds))))
    print('  lower bound, each message left ambiguous on every node that fits: '
          '%d / %d = %.2f%%' % (len(Rlb & D), len(Rlb | D), pct(len(Rlb & D), len(Rlb | D))))
    print('  only in the reference: %d, only in dtbind: %d' % (len(R - D), len(D - R)))
    sets = []
    for b in order:
        if setof[b] not in sets:
            sets.append(setof[b])
    if len(sets) > 1:
        for sname in sets:
            rs = {t for t in R if setof.get(t[0]) == sname}
            ds = {t for t in D if setof.get(t[0]) == sname}
            nb = sum(setof[b] == sname for b in order)
            print('  %s (%d boards): %d / %d = %.2f%%; only in the reference %d, '
                  'only in dtbind %d' % (sname, nb, len(rs & ds), len(rs | ds),
                                         pct(len(rs & ds), len(rs | ds)),
                                         len(rs - ds), len(ds - rs)))
            tests.append(('agreement with dt-validate >= 95%% on %s' % sname,
                          len(rs & ds) >= 0.95 * len(rs | ds),
                          '%.2f%%' % pct(len(rs & ds), len(rs | ds))))
    # -m: nodes with a compatible no binding documents, (board, node path)
    Ru = {(b, n) for b, ns in unmatched.items() for n in ns}
    Du = {(b, n) for b, ns in d_unmatched.items() for n in ns}
    print('-m, nodes with an undocumented compatible: %d / %d = %.2f%% '
          '(reference %d nodes on %d boards, dtbind %d); only in the reference %d, '
          'only in dtbind %d' % (len(Ru & Du), len(Ru | Du), pct(len(Ru & Du), len(Ru | Du)),
                                 len(Ru), len(unmatched), len(Du), len(Ru - Du), len(Du - Ru)))
    for t in sorted(Ru ^ Du)[:20]:
        print('  -m only in %s: %s %s' % ('the reference' if t in Ru else 'dtbind', t[0], t[1]))
    tests.append(('-m agrees with dt-validate -m', Ru == Du,
                  '%d differences' % len(Ru ^ Du)))

    classes = load_classes(a.classes)
    bycls = collections.defaultdict(list)
    for side, s in (('ref', R - D), ('dtbind', D - R)):
        for t in sorted(s):
            cid, status = classify(classes, side, t, kind_of(trees, t))
            bycls[(cid, status, side)].append(t)
    print('\ndifferences by class (see DIFFERENCES.md):')
    print('  %-30s %-7s %-12s %5s' % ('class', 'status', 'only in', 'count'))
    for (cid, status, side), ts in sorted(bycls.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print('  %-30s %-7s %-12s %5d' % (cid, status, side, len(ts)))
    seen = {k[0] for k in bycls}
    stale = [c[0] for c in classes if c[0] not in seen]
    if stale:
        print('  classes that match nothing now: %s' % ', '.join(sorted(set(stale))))
    for (cid, status, side), ts in sorted(bycls.items()):
        if cid != 'UNEXPLAINED' and not a.verbose:
            continue
        print('\n%s (only in %s):' % (cid, side))
        for t in ts:
            print('  %s  %s  %s  %s' % t)

    print('\nper board: agreement, only in the reference, only in dtbind, '
          'unmatched compatibles (-m)')
    for b in order:
        rb = {t for t in R if t[0] == b}
        db = {t for t in D if t[0] == b}
        print('  %-46s %6.1f%% %4d %4d %4d' % (b, pct(len(rb & db), len(rb | db)),
                                              len(rb - db), len(db - rb),
                                              len(unmatched.get(b, ()))))

    unexplained = sum(len(v) for k, v in bycls.items() if k[0] == 'UNEXPLAINED')
    tests.append(('agreement with dt-validate >= 95%', agree >= 0.95, '%.2f%%' % (100 * agree)))
    tests.append(('every difference in a documented class', unexplained == 0,
                  '%d unexplained' % unexplained))
    check_dts(order, by_board_d, a.dts_dir, a.src, tests)
    timing(a.ref, order, files, a.times)

    print()
    for name, ok, detail in tests:
        first, _, rest = detail.partition('\n')
        print('TEST %s: %s%s' % (name, 'ok' if ok else 'FAIL', (' (%s)' % first) if first else ''))
        if not ok and rest:
            print(rest)


if __name__ == '__main__':
    main()
