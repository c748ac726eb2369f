#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind on the kernel corpus (`make conformance`).
#
# Usage: tests/conformance/run.sh BINARY
# Env:   SHARED    directory holding corpus.sh (default: ../shared beside the
#                  repository)
#        DTCORPUS  corpus cache, passed on to corpus.sh
#
# For every *.yaml under Documentation/devicetree/bindings of linux-6.1 and
# linux-6.12:
#   load     `dtbind parse`: every file must load.  One test per file; these
#            are the passed/failed counts.
#   meta     `dtbind jsonschema -s https://json-schema.org/draft/2019-09/schema`:
#            counts valid files and lists the invalid ones with their first
#            error.  Informational: the kernel has a few such files.
#   compare  what dtbind loads against what ruamel.yaml (dt-schema's loader)
#            loads, with tests/conformance/compare-load.py.  Informational;
#            skipped when /usr/bin/python3 cannot import ruamel.yaml.
# Full outputs go to $TMPDIR and are removed; the listed lines are the summary.
# Ends with "N passed, N failed"; exits 1 when a file fails to load.
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/conformance/run.sh BINARY" >&2
	exit 2
fi
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
[ -x "$BIN" ] || { echo "conformance: $1: not an executable" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
META=https://json-schema.org/draft/2019-09/schema
REF_PY=/usr/bin/python3
STEP_TIMEOUT=45		# per step and version: 2 x 3 x 45 s stays under 5 min

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-conformance.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

if [ ! -f "$SHARED/corpus.sh" ]; then
	echo "conformance: $SHARED/corpus.sh not found (set SHARED=DIR)" >&2
	exit 2
fi
roots=$(sh "$SHARED/corpus.sh") || { echo "conformance: corpus.sh failed" >&2; exit 2; }

# files_in ERRFILE: the distinct files named by error lines of ERRFILE that are
# also in $list (notes and schema files are not counted).
files_in() {
	sed -n -e 's/^\(.*\):[0-9][0-9]*:[0-9][0-9]*: error: .*/\1/p' \
	       -e 's/^\([^ ].*\): error: .*/\1/p' "$1" |
		LC_ALL=C sort -u | grep -Fx -f "$list" || true
}

# first_error FILE ERRFILE: FILE's first error line, without the file name.
first_error() {
	grep -F -m 1 -e "$1:" "$2" | grep ': error: ' | cut -c$((${#1} + 2))- | cut -c1-200
}

passed=0
failed=0
for r in $roots; do
	v=${r##*/}
	list=$tmp/$v.list
	find "$r/Documentation/devicetree/bindings" -name '*.yaml' -type f |
		LC_ALL=C sort >"$list"
	n=$(wc -l <"$list")
	echo "== $v: $n binding files"
	if [ "$n" -eq 0 ]; then
		echo "FAIL: $v: no binding files"
		failed=$((failed + 1))
		continue
	fi

	# load
	timeout "$STEP_TIMEOUT" "$BIN" parse "@$list" >/dev/null 2>"$tmp/parse.err"
	rc=$?
	files_in "$tmp/parse.err" >"$tmp/bad"
	nbad=$(wc -l <"$tmp/bad")
	if [ "$rc" -ne 0 ] && [ "$nbad" -eq 0 ]; then
		# Failed without naming a file (crash, hang, usage error): count the run.
		if [ "$rc" -eq 124 ]; then
			echo "FAIL: $v: dtbind parse did not finish in $STEP_TIMEOUT s"
		else
			echo "FAIL: $v: dtbind parse exited $rc"
		fi
		head -n 5 "$tmp/parse.err" | sed 's/^/    /'
		nbad=1
	fi
	while IFS= read -r f; do
		echo "FAIL: load $f: $(first_error "$f" "$tmp/parse.err")"
	done <"$tmp/bad"
	passed=$((passed + n - nbad))
	failed=$((failed + nbad))
	echo "load: $((n - nbad)) of $n files load"

	# meta
	timeout "$STEP_TIMEOUT" "$BIN" jsonschema -s "$META" "@$list" >/dev/null 2>"$tmp/meta.err"
	rc=$?
	[ "$rc" -eq 124 ] && echo "  note: jsonschema did not finish in $STEP_TIMEOUT s"
	files_in "$tmp/meta.err" >"$tmp/invalid"
	ninv=$(wc -l <"$tmp/invalid")
	echo "meta-schema 2019-09: $((n - ninv)) valid, $ninv invalid (exit $rc)"
	while IFS= read -r f; do
		echo "  invalid: $f: $(first_error "$f" "$tmp/meta.err")"
	done <"$tmp/invalid"
	# Exit 2 from files that do not load is expected; show anything else.
	grep -v -e '^ ' -e ': note: ' "$tmp/meta.err" | grep -v -F -f "$tmp/invalid" >"$tmp/other"
	if [ "$rc" -ge 2 ] && [ -s "$tmp/other" ]; then
		echo "  note: jsonschema exited $rc (usage, I/O or schema error):"
		head -n 5 "$tmp/other" | cut -c1-200 | sed 's/^/    /'
	fi

	# compare
	if [ -x "$REF_PY" ] && "$REF_PY" -c 'import ruamel.yaml' 2>/dev/null; then
		timeout "$STEP_TIMEOUT" "$REF_PY" tests/conformance/compare-load.py \
			"$BIN" "$list" >"$tmp/cmp.out" 2>&1
		rc=$?
		sed -n 's/^DIFF /  differs: /p' "$tmp/cmp.out" | cut -c1-300
		if [ "$rc" -eq 124 ]; then
			echo "loaded data vs ruamel.yaml: did not finish in $STEP_TIMEOUT s"
		else
			echo "loaded data vs ruamel.yaml: $(tail -n 1 "$tmp/cmp.out")"
		fi
	else
		echo "loaded data vs ruamel.yaml: skipped ($REF_PY cannot import ruamel.yaml)"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
