#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The sanitizers over the whole kernel corpus (`make asan-corpus`): a
# build with AddressSanitizer and UBSan runs exampletest on every binding
# of 6.1 and 6.12 (from source, then from its cache) and validate -m on the
# 100 boards of tests/conformance/dtbs, as .dtb and as .dts.  Findings are
# expected; a sanitizer report, a crash or an exit status of 2 fails.
#
# Usage: tests/conformance/asan-corpus.sh ASAN-BINARY
# Env:   SHARED, DTCORPUS as for tests/conformance/dtbs/run.sh; ASAN_OPTIONS
# Ends with "N passed, N failed".
set -u

[ $# -eq 1 ] || { echo "usage: $0 ASAN-BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "asan-corpus: $1: not an executable" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-asan.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_OPTIONS

pass=0 fail=0
# run NAME CMD...: exit 0 or 1, and nothing from the sanitizers.
run() {
	name=$1
	shift
	# A schema cache of its own: the first run of a tree builds it, the second reads it.
	XDG_CACHE_HOME=$tmp/cache "$@" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -gt 1 ] || grep -Eq 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$tmp/out"; then
		fail=$((fail + 1))
		echo "FAIL: $name (exit $rc)"
		grep -E -A12 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$tmp/out" | head -n 20
		[ "$rc" -gt 1 ] && tail -n 5 "$tmp/out"
	else
		pass=$((pass + 1))
		echo "PASS: $name (exit $rc, $(grep -c ': error:' "$tmp/out") errors reported)"
	fi
}

for v in 6.1 6.12; do
	K=$(sh "$SHARED/corpus.sh" "$v" 2>/dev/null | tail -n 1)
	B=$K/Documentation/devicetree/bindings
	[ -d "$B" ] || { echo "asan-corpus: no $v corpus" >&2; exit 2; }
	run "exampletest $v, schemas from source" "$BIN" exampletest -u "$B" "$B"
	run "exampletest $v, schemas from the cache" "$BIN" exampletest -u "$B" "$B"
done
K=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
REF=$SHARED/reference/6.1-dtbs-check-arm64-50
REF2=tests/conformance/dtbs/reference-extra-50
DTBS=$(sh tests/conformance/dtbs/build.sh "$K" "$REF" "$REF2" | tail -n 1) || exit 2
run "validate -m, 100 .dtb" "$BIN" validate -m -u "$K/Documentation/devicetree/bindings" "$DTBS"
cat "$REF/files.txt" "$REF2/files.txt" | sed "s|^|$K/|" >"$tmp/dts.list"
run "validate -m, 100 .dts" "$BIN" validate -m -u "$K/Documentation/devicetree/bindings" \
	-I "$K/scripts/dtc/include-prefixes" "@$tmp/dts.list"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
