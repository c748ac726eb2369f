#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# compare.sh - dtbind's yamllint rules against the real yamllint, finding by finding.
#
# usage: sh tests/yamllint/compare.sh [-k] [-v] [-j N] [ROOT...]
#
#   ROOT     kernel trees (default: what $SHARED/corpus.sh prints, SHARED
#            defaulting to ../shared beside the repository, or
#            $DTCORPUS/linux-*); their Documentation/devicetree/bindings is used
#   -k       keep the work directory (its name is printed)
#   -v       print every differing finding
#   -j N     parallel yamllint runs (default: number of CPUs)
#
# RELEASE=1.38 compares dtbind's 1.38 behaviour with YAMLLINT (default then
# /opt/dtschema-sid-bin/yamllint, which runs in the caller's directory: the
# trees and TMPDIR must be visible inside its chroot), and skips (c), whose
# expectations are 1.29's.  Default: RELEASE=1.29 and the host's yamllint.
#
# Builds build/libdtbind.a (make), compiles a throwaway driver into a
# temporary directory and runs it and `yamllint -f parsable` on:
#   (a) every binding of each tree, with the tree's own .yamllint (the job
#       dt_binding_check does), and with two stricter configurations that
#       make most rules fire (stress-default: extends default with every
#       rule on; stress-indent: 4 spaces, indent-sequences false/whatever);
#   (b) mutations: copies of ~30 real bindings, each with one layout mistake
#       (tests/yamllint/mutate.py), checked with the kernel's .yamllint;
#   (c) the golden fixtures tests/yamllint/*.yaml with the kernel's 6.1
#       configuration, and the expectations they carry.
# Output lines are compared as sets per file, and in order.  A file passes
# when both tools print the same lines in the same order.
#
# With RELEASE=1.38, (a) also runs stress-138 (the anchors rule and 1.38's
# new options, all on).
#
# Prints agreement per corpus and a last line "N passed, N failed" (files).
# Exits 1 when a file differs.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
keep=0
verbose=0
jobs=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
	case $1 in
	-k) keep=1; shift ;;
	-v) verbose=1; shift ;;
	-j) jobs=$2; shift 2 ;;
	-*) echo "usage: $0 [-k] [-v] [-j N] [ROOT...]" >&2; exit 2 ;;
	*) break ;;
	esac
done

RELEASE=${RELEASE:-1.29}
case $RELEASE in
1.29) YAMLLINT=${YAMLLINT:-yamllint} ;;
1.38) YAMLLINT=${YAMLLINT:-/opt/dtschema-sid-bin/yamllint} ;;
*) echo "compare.sh: RELEASE is 1.29 or 1.38" >&2; exit 2 ;;
esac
export RELEASE
command -v "$YAMLLINT" >/dev/null || { echo "compare.sh: yamllint not installed" >&2; exit 2; }
PYTHON=$(head -1 "$(command -v "$YAMLLINT")" | sed -n 's/^#! *//p')
# a wrapper script (the chroot's yamllint) names no Python
case $PYTHON in */python*) [ -x "$PYTHON" ] || PYTHON= ;; *) PYTHON= ;; esac
[ -n "$PYTHON" ] || PYTHON=python3

if [ $# -eq 0 ]; then
	if [ -f "${SHARED:-../shared}/corpus.sh" ]; then
		set -- $(sh "${SHARED:-../shared}/corpus.sh" 2>/dev/null)
	else
		set -- "${DTCORPUS:-$HOME/.cache/dtbind-corpus}"/linux-*
	fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-yamllint.XXXXXX")
if [ $keep -eq 0 ]; then
	trap 'rm -rf "$work"' EXIT INT TERM
else
	echo "work directory: $work"
fi

# The library as built; lint/yamllint*.c are compiled in below, so a tree where
# some other module does not build yet still gets compared.
(cd "$top" && make --no-print-directory build/libdtbind.a >/dev/null 2>&1) ||
	echo "compare.sh: warning: make build/libdtbind.a failed; using the archive as it is" >&2
[ -f "$top/build/libdtbind.a" ] || { echo "compare.sh: no build/libdtbind.a" >&2; exit 2; }

# The driver: one config, many files; prints yamllint's parsable format.
cat >"$work/driver.c" <<'EOF'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dtbind.h"
#include "internal.h"
#include "yamllint.h"

int main(int argc, char **argv)
{
	struct dtbind_diag *cdiag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_diag *diag = dtbind_diag_new(stdout, DTBIND_FORMAT_GCC);
	struct yamllint_config *cfg;
	char line[8192];

	if (argc != 2 || !diag || !cdiag)
		return 2;
	const char *rel = getenv("RELEASE");

	if (yamllint_config_load_release(strcmp(argv[1], "-") ? argv[1] : NULL,
					 rel && !strcmp(rel, "1.38") ? YAMLLINT_1_38 : YAMLLINT_1_29,
					 cdiag, &cfg))
		return 2;
	/* file names on stdin */
	while (fgets(line, sizeof(line), stdin)) {
		char *buf;
		size_t len;

		line[strcspn(line, "\n")] = 0;
		if (read_file(line, DTBIND_MAX_FILE_SIZE, &buf, &len)) {
			fprintf(stderr, "%s: cannot read\n", line);
			continue;
		}
		if (yamllint_check(cfg, line, buf, len, diag) < 0)
			fprintf(stderr, "%s: out of memory\n", line);
		fflush(stdout);
		free(buf);
	}
	yamllint_config_free(cfg);
	dtbind_diag_free(diag);
	dtbind_diag_free(cdiag);
	return 0;
}
EOF
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -O2 -I"$top/lib" -I"$top/lint" -I"$top/build" $(pkg-config --cflags yaml-0.1) \
	-o "$work/driver" "$work/driver.c" "$top"/lint/yamllint*.c \
	"$top/build/libdtbind.a" $(pkg-config --libs libfyaml yaml-0.1 libpcre2-8) -lfdt -lm

# dtbind's "f:l:c: sev: msg [rule]" -> yamllint's "f:l:c: [sev] msg (rule)"
to_parsable() {
	sed -n 's/^\(.*\):\([0-9][0-9]*\):\([0-9][0-9]*\): \(warning\|error\): \(.*\) \[\([a-z-]*\)\]$/\1:\2:\3: [\4] \5 (\6)/p'
}

cat >"$work/stress-default.yaml" <<'EOF'
extends: default
rules:
  document-end: enable
  empty-values: enable
  octal-values: enable
  float-values: {require-numeral-before-decimal: true, forbid-scientific-notation: true,
                 forbid-nan: true, forbid-inf: true}
  key-ordering: enable
  quoted-strings: {quote-type: single, required: only-when-needed,
                   extra-required: ['^http'], extra-allowed: ['^#']}
  comments-indentation: enable
  truthy: {allowed-values: ['true', 'false', 'on'], check-keys: false}
  indentation: {spaces: consistent, indent-sequences: consistent,
                check-multi-line-strings: true}
  braces: {forbid: non-empty}
  commas: {min-spaces-after: 2, max-spaces-before: -1}
  hyphens: {max-spaces-after: 2}
  colons: {max-spaces-before: 1, max-spaces-after: 0}
  line-length: {max: 60, allow-non-breakable-words: false}
EOF
cat >"$work/stress-indent.yaml" <<'EOF'
extends: relaxed
rules:
  indentation: {spaces: 4, indent-sequences: false, check-multi-line-strings: true, level: error}
  quoted-strings: {required: false, quote-type: double, allow-quoted-quotes: true}
  brackets: {forbid: true}
  empty-lines: {max: 0, max-start: 1, max-end: 2}
  line-length: {max: 100, allow-non-breakable-words: true,
                allow-non-breakable-inline-mappings: true}
  new-lines: {type: dos}
  document-start: {present: false}
  key-duplicates: disable
EOF

# 1.38's new rule and options, all on
cat >"$work/stress-138.yaml" <<'EOF'
extends: default
rules:
  anchors: {forbid-undeclared-aliases: true, forbid-duplicated-anchors: true,
            forbid-unused-anchors: true}
  quoted-strings: {quote-type: consistent, required: only-when-needed, check-keys: true,
                   extra-allowed: ['^#']}
  empty-values: enable
  key-duplicates: {forbid-duplicated-merge-keys: true}
  key-ordering: {ignored-keys: ['^\$', 'compatible']}
  truthy: {check-keys: true}
  comments: {min-spaces-from-content: 3}
  document-end: enable
EOF

total_pass=0
total_fail=0

# compare NAME CONFIG(yamllint) CONFIG(driver) FILELIST
compare() {
	name=$1 ycfg=$2 dcfg=$3 list=$4
	d="$work/$name"
	mkdir -p "$d"
	# yamllint, in parallel chunks; keep the file order of the list
	split -n "l/$jobs" "$list" "$d/chunk."
	for c in "$d"/chunk.*; do
		(xargs -d '\n' "$YAMLLINT" -f parsable -c "$ycfg" <"$c" >"$c.ref" 2>"$c.err" || true) &
	done
	wait
	cat "$d"/chunk.*.ref >"$d/ref.txt"
	cat "$d"/chunk.*.err >"$d/ref.err"
	"$work/driver" "$dcfg" <"$list" | to_parsable >"$d/out.txt"
	rm -f "$d"/chunk.*

	"$PYTHON" - "$list" "$d/ref.txt" "$d/out.txt" "$name" "$verbose" >"$d/summary" <<'PYEOF'
import sys, collections
files = [l.rstrip('\n') for l in open(sys.argv[1])]
def load(p):
    per = collections.OrderedDict((f, []) for f in files)
    for line in open(p, errors='replace'):
        line = line.rstrip('\n')
        # file:line:col: [level] message (rule)
        f = line.split(':', 1)[0]
        for cand in per:
            if line.startswith(cand + ':'):
                f = cand
                break
        per.setdefault(f, []).append(line)
    return per
ref, out = load(sys.argv[2]), load(sys.argv[3])
name, verbose = sys.argv[4], sys.argv[5] == '1'
npass = nfail = 0
rl = ol = common = 0
rules = collections.Counter()
bad = collections.Counter()
for f in files:
    r, o = ref.get(f, []), out.get(f, [])
    rl += len(r); ol += len(o)
    c = collections.Counter(r) & collections.Counter(o)
    common += sum(c.values())
    for x in r:
        rules[x.rsplit('(', 1)[-1].rstrip(')')] += 1
    if r == o:
        npass += 1
    else:
        nfail += 1
        for x in (collections.Counter(r) - collections.Counter(o)).elements():
            bad[x.rsplit('(', 1)[-1].rstrip(')')] += 1
        for x in (collections.Counter(o) - collections.Counter(r)).elements():
            bad[x.rsplit('(', 1)[-1].rstrip(')')] += 1
        if verbose:
            print('--- %s' % f)
            for x in r:
                if x not in o: print('  yamllint only: ' + x)
            for x in o:
                if x not in r: print('  dtbind only:   ' + x)
            if collections.Counter(r) == collections.Counter(o):
                print('  (same findings, different order)')
def pct(a, b):
    return '%.2f%%' % (100.0 * a / b) if b else '100%'
print('%-16s files %5d: %5d identical, %4d differ | findings: yamllint %6d, dtbind %6d, common %6d (%s of yamllint\'s, %s of dtbind\'s)'
      % (name, len(files), npass, nfail, rl, ol, common, pct(common, rl), pct(common, ol)))
if bad:
    print('%-16s differing findings by rule: %s' % ('', ', '.join('%s %d' % kv for kv in bad.most_common())))
print('RESULT %d %d' % (npass, nfail))
PYEOF
	grep -v '^RESULT' "$d/summary"
	set -- $(sed -n 's/^RESULT //p' "$d/summary")
	total_pass=$((total_pass + $1))
	total_fail=$((total_fail + $2))
	if [ -s "$d/ref.err" ]; then
		echo "  (yamllint wrote to stderr: $(head -c 200 "$d/ref.err" | tr '\n' ' '))"
	fi
}

# (a) kernel trees
for root in "$@"; do
	b="$root/Documentation/devicetree/bindings"
	[ -d "$b" ] || { echo "compare.sh: no $b" >&2; continue; }
	v=$(basename "$root")
	find "$b" -name '*.yaml' | LC_ALL=C sort >"$work/files-$v"
	compare "$v" "$b/.yamllint" "$b/.yamllint" "$work/files-$v"
	compare "$v-stress-default" "$work/stress-default.yaml" "$work/stress-default.yaml" "$work/files-$v"
	compare "$v-stress-indent" "$work/stress-indent.yaml" "$work/stress-indent.yaml" "$work/files-$v"
	if [ "$RELEASE" = 1.38 ]; then
		compare "$v-stress-138" "$work/stress-138.yaml" "$work/stress-138.yaml" "$work/files-$v"
	fi
	last_root=$root
done

# (b) mutations of real bindings, with the kernel's .yamllint of the last tree
if [ -n "${last_root:-}" ]; then
	b="$last_root/Documentation/devicetree/bindings"
	mkdir -p "$work/mut"
	"$PYTHON" "$here/mutate.py" "$b" "$work/mut" >"$work/files-mut"
	compare mutations "$b/.yamllint" "$b/.yamllint" "$work/files-mut"
	compare mutations-strict "$work/stress-default.yaml" "$work/stress-default.yaml" "$work/files-mut"
fi

# (c) the golden fixtures: yamllint with the kernel 6.1 .yamllint (the
# configuration built in) against dtbind with the built-in one; and the
# expectation each fixture carries between "# check-error-start" and
# "# check-error-end" against dtbind's output.
ls "$here"/*.yaml 2>/dev/null | LC_ALL=C sort >"$work/files-golden" || true
[ "$RELEASE" = 1.29 ] || : >"$work/files-golden"
if [ -s "$work/files-golden" ]; then
	cat >"$work/kernel.yamllint" <<'KERNEL_EOF'
extends: relaxed

rules:
  line-length:
    # 80 chars should be enough, but don't fail if a line is longer
    max: 110
    allow-non-breakable-words: true
    level: warning
  braces:
    min-spaces-inside: 0
    max-spaces-inside: 1
    min-spaces-inside-empty: 0
    max-spaces-inside-empty: 0
  brackets:
    min-spaces-inside: 0
    max-spaces-inside: 1
    min-spaces-inside-empty: 0
    max-spaces-inside-empty: 0
  colons: {max-spaces-before: 0, max-spaces-after: 1}
  commas: {min-spaces-after: 1, max-spaces-after: 1}
  comments:
    require-starting-space: false
    min-spaces-from-content: 1
  comments-indentation: disable
  document-start:
    present: true
  empty-lines:
    max: 3
    max-end: 1
  empty-values:
    forbid-in-block-mappings: true
    forbid-in-flow-mappings: true
  hyphens:
    max-spaces-after: 1
  indentation:
    spaces: 2
    indent-sequences: true
    check-multi-line-strings: false
  trailing-spaces: false
KERNEL_EOF
	compare golden "$work/kernel.yamllint" - "$work/files-golden"

	gp=0 gf=0
	while read -r f; do
		b=$(basename "$f")
		sed -n '/^# check-error-start/,/^# check-error-end/p' "$f" | tr -d '\r' |
			sed '1d;$d;s/^# //' >"$work/golden-expected"
		(cd "$here" && echo "$b" | "$work/driver" -) >"$work/golden-out"
		if cmp -s "$work/golden-expected" "$work/golden-out"; then
			gp=$((gp + 1))
		else
			gf=$((gf + 1))
			echo "--- $b: expected"
			cat "$work/golden-expected"
			echo "--- $b: dtbind"
			cat "$work/golden-out"
		fi
	done <"$work/files-golden"
	echo "golden expectations: $gp match, $gf differ"
	total_pass=$((total_pass + gp))
	total_fail=$((total_fail + gf))
fi

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
