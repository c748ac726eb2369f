#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""What doc2yaml missed and added, per file and grouped by cause.

Reads a score.py run (its --workdir: out/ holds the conversions) and lists,
for each pair of the run, the compatibles, properties and required entries
missed (in the 6.12 truth, not in the conversion) and added (the reverse),
each with a cause read from the 6.1 .txt:

  absent       the .txt never names it: the converting developer added it
               (no rule reading the text can find it; the ceiling)
  example      named only in the example
  item         named as a property item ("- name:", "name :", "name  Value")
               of a section; with the section's heading
  prose        named in running text only
  quoted       (compatibles) inside quotes in the text
  truth-child  (added) the truth has it deeper: under a child node, or
               (required) only inside an if/then
  truth-pattern (added properties) a patternProperties of the truth's top
               level matches it
  truth-ref    (added properties) a schema the truth $refs (recursively,
               the kernel's or dt-schema's own) defines it
  truth-else   (added) the truth does not have it at all

usage: errors.py WORKDIR [--pairs pairs-all.tsv] [--kind compat,prop,req]
                 [--summary] [--cause CAUSE]
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402

EXAMPLE_HEADING = re.compile(r'^\s*(\w+\s+)?examples?\s*(\d+\s*)?[:.]?\s*$', re.I)
HEADING = re.compile(r'^\s*([A-Z][^:]{2,60}):\s*$')


def text_parts(txt):
    """(text lines, example lines) of a .txt: the example starts at its heading."""
    lines = txt.split('\n')
    for i, line in enumerate(lines):
        if EXAMPLE_HEADING.match(line):
            return lines[:i], lines[i:]
    return lines, []


def heading_of(lines, i):
    for j in range(i, -1, -1):
        m = HEADING.match(lines[j])
        if m:
            return m.group(1).strip()
    return ''


def token_re(name):
    return re.compile(r'(?<![\w,#.-])' + re.escape(name) + r'(?![\w-])')


def item_re(name):
    """The name opening a property item, as the .txt bindings write one."""
    return re.compile(r'^\s*(?:[-*o]\s+|\d+[.)]\s+|\[?\w\]?\s+)?"?' + re.escape(name)
                      + r'"?\s*(?::|=|\s{2,}|\s+-\s|\t|$)')


def cause(name, text, example, kind):
    """The cause class of one name, and the line that shows it."""
    tok = token_re(name)
    hits = [(i, line) for i, line in enumerate(text) if tok.search(line)]
    if not hits:
        if any(tok.search(line) for line in example):
            return 'example', ''
        joined = ' '.join(line.strip() for line in text)
        if tok.search(joined):
            return 'prose', 'split across lines'
        return 'absent', ''
    if kind == 'compat':
        for i, line in hits:
            if re.search(r'["\']' + re.escape(name) + r'["\']', line):
                return 'quoted', line.strip()
    it = item_re(name)
    for i, line in hits:
        if it.match(line):
            return 'item', '[%s] %s' % (heading_of(text, i), line.strip())
    i, line = hits[0]
    return 'prose', '[%s] %s' % (heading_of(text, i), line.strip())


def child_keys(node, depth=0, out=None):
    """Property names the truth defines below its top level."""
    if out is None:
        out = set()
    if depth > 20:
        return out
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ('properties', 'patternProperties') and isinstance(v, dict) and depth:
                out.update(str(x) for x in v)
            if k not in score.NON_VALUE_KEYS:
                child_keys(v, depth + 1, out)
    elif isinstance(node, list):
        for v in node:
            child_keys(v, depth + 1, out)
    return out


DTSCHEMA = '/opt/dtschema-sid/usr/lib/python3/dist-packages/dtschema/schemas'
_ref_cache = {}


def ref_defines(truth, name, b612, depth=0, seen=None):
    """Does a schema the truth $refs (or one those $ref) define @name?"""
    seen = set() if seen is None else seen
    for r in score.schema_refs(truth):
        if r in seen or depth > 4:
            continue
        seen.add(r)
        if r not in _ref_cache:
            doc = None
            for root in (b612, DTSCHEMA):
                if os.path.isfile(os.path.join(root, r)):
                    doc, _ = score.load_yaml_file(os.path.join(root, r))
                    break
            _ref_cache[r] = doc
        doc = _ref_cache[r]
        if not isinstance(doc, dict):
            continue
        if name in score.schema_properties(doc) or pattern_matches(doc, name):
            return True
        if ref_defines(doc, name, b612, depth + 1, seen):
            return True
    return False


def pattern_matches(doc, name):
    pats = doc.get('patternProperties') if isinstance(doc, dict) else None
    if not isinstance(pats, dict):
        return False
    for pat in pats:
        try:
            if re.search(str(pat), name):
                return True
        except re.error:
            pass
    return False


def added_cause(name, truth, kind, b612):
    if kind == 'compat':
        return 'truth-else'
    if kind == 'prop' and pattern_matches(truth, name):
        return 'truth-pattern'
    if kind == 'prop' and ref_defines(truth, name, b612):
        return 'truth-ref'
    if name in child_keys(truth):
        return 'truth-child'
    return 'truth-else'


def names(doc, kind):
    return {'compat': score.schema_compatibles, 'prop': score.schema_properties,
            'req': score.schema_required}[kind](doc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('workdir')
    ap.add_argument('--pairs', default=score.DEFAULT_PAIRS)
    ap.add_argument('--cache', default=score.DEFAULT_CACHE)
    ap.add_argument('--kind', default='compat,prop,req')
    ap.add_argument('--summary', action='store_true', help='counts only')
    ap.add_argument('--cause', help='list only this cause')
    args = ap.parse_args()
    b61 = score.bindings_dir(os.path.join(args.cache, '6.1'))
    b612 = score.bindings_dir(os.path.join(args.cache, '6.12'))
    done = {p['txt'] for p in score.read_pairs(os.path.join(args.workdir, 'per_file.tsv'))}
    pairs = [p for p in score.read_pairs(args.pairs) if p['txt'] in done]
    counts = collections.Counter()
    f1 = collections.defaultdict(float)
    gain = collections.defaultdict(float)
    for p in sorted(pairs, key=lambda p: p['txt']):
        out, _ = score.load_yaml_file(os.path.join(args.workdir, 'out', p['txt'][:-4] + '.yaml'))
        truth, _ = score.load_yaml_file(os.path.join(b612, p['yaml']))
        with open(os.path.join(b61, p['txt']), encoding='utf-8', errors='replace') as f:
            text, example = text_parts(f.read())
        for kind in args.kind.split(','):
            o, t = names(out, kind), names(truth, kind)
            said = {n for n in t if cause(n, text, example, kind)[0] != 'absent'}
            f1[kind, 'now'] += score.prf(o, t)[2]
            f1[kind, 'text'] += score.prf(said, t)[2]
            base = score.prf(o, t)[2]
            by_cause = collections.defaultdict(set)
            for n in t - o:
                by_cause['missed ' + cause(n, text, example, kind)[0]].add(n)
            for n in o - t:
                by_cause['added ' + added_cause(n, truth, kind, b612) + '/'
                         + cause(n, text, example, kind)[0]].add(n)
            for c, ns in by_cause.items():
                fixed = o | ns if c.startswith('missed') else o - ns
                gain[kind, c] += score.prf(fixed, t)[2] - base
            for n in sorted(t - o):
                c, why = cause(n, text, example, kind)
                counts[(kind, 'missed', c)] += 1
                if not args.summary and args.cause in (None, c):
                    print('%s\t%s\tmissed\t%s\t%s\t%s' % (p['txt'], kind, c, n, why))
            for n in sorted(o - t):
                c = added_cause(n, truth, kind, b612)
                c2, why = cause(n, text, example, kind)
                counts[(kind, 'added', c + '/' + c2)] += 1
                if not args.summary and args.cause in (None, c, c2):
                    print('%s\t%s\tadded\t%s/%s\t%s\t%s' % (p['txt'], kind, c, c2, n, why))
    print('# %d files' % len(pairs), file=sys.stderr)
    for kind in args.kind.split(','):
        print('# %-6s F1 now %.3f, ceiling of the text (the truth names it says) %.3f'
              % (kind, f1[kind, 'now'] / len(pairs), f1[kind, 'text'] / len(pairs)),
              file=sys.stderr)
    print('# kind   errors of a cause        count  F1 gained were they all right',
          file=sys.stderr)
    for (kind, how, c), n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1], -kv[1])):
        print('# %-6s %-6s %-24s %4d  %.3f' % (kind, how, c, n,
                                              gain[kind, how + ' ' + c] / len(pairs)),
              file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
