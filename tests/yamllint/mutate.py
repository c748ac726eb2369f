#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""mutate.py - copies of real bindings, each with one layout mistake.

usage: mutate.py BINDINGS-DIR OUT-DIR

Picks bindings (deterministically: a fixed seed over the sorted file list)
that have what a mistake needs, writes OUT-DIR/NN-KIND-NAME.yaml and prints
the paths written, one per line.  Each kind of mistake is made twice on two
different files.
"""
import os
import random
import re
import sys


def lines_of(text):
    return text.split('\n')


def block_scalar_lines(lines):
    """Indices of lines inside block scalars (description: |), roughly."""
    inside = set()
    indent = None
    for i, line in enumerate(lines):
        stripped = line.lstrip(' ')
        ind = len(line) - len(stripped)
        if indent is not None:
            if stripped == '' or ind > indent:
                inside.add(i)
                continue
            indent = None
        if re.search(r':\s*[|>][-+0-9]*\s*$', line):
            indent = ind
    return inside


def candidates(lines, pred, skip_block=True):
    blk = block_scalar_lines(lines) if skip_block else set()
    return [i for i, l in enumerate(lines) if i not in blk and pred(l)]


def m_indent(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ {2,}[a-z#$-]', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = (' ' + ls[i]) if rnd.random() < 0.5 else ls[i][1:]
    return '\n'.join(ls)


def m_tab(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^  [a-z$-]', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = '\t' + ls[i][2:]
    return '\n'.join(ls)


def m_tab_in_block(text, rnd):
    ls = lines_of(text)
    blk = sorted(i for i in block_scalar_lines(ls) if ls[i].startswith('    '))
    if not blk:
        return None
    i = rnd.choice(blk)
    ls[i] = '\t' + ls[i][2:]
    return '\n'.join(ls)


def m_tab_after_value(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ *[a-z-]+: [a-z0-9]', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = ls[i] + '\t# tab'
    return '\n'.join(ls)


def m_trailing(text, rnd):
    ls = lines_of(text)
    c = [i for i, l in enumerate(ls) if l.strip()]
    i = rnd.choice(c)
    ls[i] += ' ' * rnd.randint(1, 3)
    return '\n'.join(ls)


def m_long(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ +description: [A-Za-z]', l), skip_block=False)
    if not c:
        c = [i for i, l in enumerate(ls) if l.startswith('  ') and l.strip()]
    i = rnd.choice(c)
    ls[i] += ' and some more words' * 6
    return '\n'.join(ls)


def m_long_word(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ +- [a-z]', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] += 'x' * 120
    return '\n'.join(ls)


def m_no_doc_start(text, rnd):
    if '\n---\n' not in '\n' + text:
        return None
    return re.sub(r'(?m)^---\n', '', text, count=1)


def m_blank_lines(text, rnd):
    ls = lines_of(text)
    i = rnd.randrange(3, len(ls) - 2)
    ls[i:i] = [''] * 5
    return '\n'.join(ls)


def m_brackets(text, rnd):
    m = list(re.finditer(r'\[([^\]\n]+)\]', text))
    if not m:
        return None
    x = rnd.choice(m)
    return text[:x.start()] + '[  ' + x.group(1) + ' ]' + text[x.end():]


def m_brackets_empty(text, rnd):
    m = list(re.finditer(r'(?m)^( +[a-z-]+): \[\]$', text))
    if not m:
        return None
    x = rnd.choice(m)
    return text[:x.start()] + x.group(1) + ': [ ]' + text[x.end():]


def m_braces(text, rnd):
    m = list(re.finditer(r'\{([^}\n]+)\}', text))
    if not m:
        return None
    x = rnd.choice(m)
    return text[:x.start()] + '{   ' + x.group(1) + '}' + text[x.end():]


def m_colon(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ *[a-z-]+: \S', l))
    if not c:
        return None
    i = rnd.choice(c)
    if rnd.random() < 0.5:
        ls[i] = ls[i].replace(': ', ':   ', 1)
    else:
        ls[i] = ls[i].replace(': ', ' : ', 1)
    return '\n'.join(ls)


def m_comma(text, rnd):
    m = list(re.finditer(r', ', text))
    if not m:
        return None
    x = rnd.choice(m)
    rep = ',' if rnd.random() < 0.5 else ' ,  '
    return text[:x.start()] + rep + text[x.end():]


def m_hyphen(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ *- \S', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = ls[i].replace('- ', '-   ', 1)
    return '\n'.join(ls)


def m_duplicate_key(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ +(maxItems|minItems|const|description|type): \S', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls.insert(i + 1, ls[i])
    return '\n'.join(ls)


def m_empty_value(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ +(maxItems|minItems|const): \S', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = ls[i].split(':')[0] + ':'
    return '\n'.join(ls)


def m_no_eol(text, rnd):
    return text.rstrip('\n')


def m_crlf(text, rnd):
    return text.replace('\n', '\r\n')


def m_unclosed(text, rnd):
    m = list(re.finditer(r'\]', text))
    if not m:
        return None
    x = rnd.choice(m)
    return text[:x.start()] + text[x.end():]


def m_comment_space(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^ *[a-z-]+: [a-z0-9]+$', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] += '# no space'
    return '\n'.join(ls)


def m_dedent_key(text, rnd):
    ls = lines_of(text)
    c = candidates(ls, lambda l: re.match(r'^    [a-z-]+:', l))
    if not c:
        return None
    i = rnd.choice(c)
    ls[i] = ls[i][3:]
    return '\n'.join(ls)


MUTATIONS = [
    ('indent', m_indent), ('tab', m_tab), ('tab-in-block', m_tab_in_block),
    ('tab-after-value', m_tab_after_value), ('trailing-space', m_trailing),
    ('long-line', m_long), ('long-word', m_long_word), ('no-doc-start', m_no_doc_start),
    ('blank-lines', m_blank_lines), ('brackets', m_brackets),
    ('brackets-empty', m_brackets_empty), ('braces', m_braces), ('colon', m_colon),
    ('comma', m_comma), ('hyphen', m_hyphen), ('duplicate-key', m_duplicate_key),
    ('empty-value', m_empty_value), ('no-eol', m_no_eol), ('crlf', m_crlf),
    ('unclosed-bracket', m_unclosed), ('comment-space', m_comment_space),
    ('dedent-key', m_dedent_key),
]


def main():
    src, out = sys.argv[1], sys.argv[2]
    files = []
    for d, _, fs in os.walk(src):
        files += [os.path.join(d, f) for f in fs if f.endswith('.yaml')]
    files.sort()
    rnd = random.Random(20240611)
    n = 0
    for kind, fn in MUTATIONS:
        done = 0
        tries = 0
        while done < 2 and tries < 200:
            tries += 1
            f = rnd.choice(files)
            with open(f, newline='') as fp:
                text = fp.read()
            mutated = fn(text, rnd)
            if mutated is None or mutated == text:
                continue
            n += 1
            done += 1
            name = os.path.join(out, '%02d-%s-%s' % (n, kind, os.path.basename(f)))
            with open(name, 'w', newline='') as fp:
                fp.write(mutated)
            print(name)


if __name__ == '__main__':
    main()
