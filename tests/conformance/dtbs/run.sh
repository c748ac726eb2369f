#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind validate against dtbs_check (dt-validate 2022.08) on 100 kernel 6.1
# arm64 boards: the 50 of ../shared/reference/6.1-dtbs-check-arm64-50 (every
# 15th .dts from index 0) and the 50 of reference-extra-50 here (every 15th
# from index 7, recorded by reference-extra-50/make.sh).
#
# Usage: tests/conformance/dtbs/run.sh BINARY
# Env:   SHARED      directory holding corpus.sh and reference/ (default:
#                    ../shared beside the repository)
#        DTCORPUS    corpus cache, passed on to corpus.sh; the .dtb files
#                    are cached in $DTCORPUS/dtbs-6.1-arm64-100
#        JOBS        .dts runs at a time (default 2)
#        VERBOSE=1   list every difference, not only the unexplained ones
#        KEEP=DIR    keep dtbind's outputs in DIR
#
# 1. build.sh builds each board's .dtb as the reference's README says
#    (kbuild of 6.1: gcc -E, then dtc -O dtb -b 0 with scripts/Makefile.lib's
#    DTC_FLAGS and the board's extra flags), only when missing from the cache.
# 2. Runs `dtbind validate --format=json` once on all 100 .dtb, and once per
#    board on its .dts source.
# 3. compare.py turns both sides into (board, node path, property, keyword)
#    tuples (DIFFERENCES.md, "Normalisation"), prints the agreement
#    |intersection| / |union| overall and per board, the differences by
#    class (differences.tsv), and the CPU time against the reference's;
#    the agreement over the 100 and over each set of 50.
# Tests: agreement >= 95 % (over the 100 and per set); every difference in a documented class; per
# board, the .dts gives the same findings as the .dtb, each with a
# file:line:col at the property (or node).  Ends with "N passed, N failed";
# exits 1 when a test fails, 2 when something is missing.
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "dtbs: $1: not an executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
SHARED=$(cd "$SHARED" 2>/dev/null && pwd) || { echo "dtbs: no $SHARED" >&2; exit 2; }
REF=$SHARED/reference/6.1-dtbs-check-arm64-50
REF2=$HERE/reference-extra-50
PY=${PYTHON:-python3}
JOBS=${JOBS:-2}
for f in files.txt extra-flags.txt results.tsv timings.tsv pertime.tsv; do
	[ -r "$REF/$f" ] || { echo "dtbs: $REF/$f missing" >&2; exit 2; }
done
for f in files.txt results.tsv timings.tsv pertime.tsv; do
	[ -r "$REF2/$f" ] || { echo "dtbs: $REF2/$f missing" >&2; exit 2; }
done
command -v "$PY" >/dev/null || { echo "dtbs: $PY not found" >&2; exit 2; }

K=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
[ -d "$K/arch/arm64/boot/dts" ] || { echo "dtbs: no 6.1 corpus" >&2; exit 2; }
B=$K/Documentation/devicetree/bindings
INC=$K/scripts/dtc/include-prefixes

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-dtbs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# 1. The .dtb files (build.sh, shared with bench/validate.sh).
CACHE=$(sh "$HERE/build.sh" "$K" "$REF" "$REF2") || exit 2
cp "$CACHE/files.txt" "$tmp/files.txt" || exit 2
printf '/dts-v1/;\n/ { };\n' >"$tmp/empty.dts"
dtc -O dtb -o "$tmp/empty.dtb" "$tmp/empty.dts" 2>/dev/null || exit 2

# 2. dtbind: the .dtb files in one run; the fixed cost on an empty tree; each
# .dts on its own.  timed.py records the CPU time of each run.
mkdir -p "$tmp/dts"
{
	printf 'load\t%s\t%s\t%s\tvalidate\t-u\t%s\t--format=json\tempty.dtb\n' \
		"$tmp" "$tmp/load.json" "$BIN" "$B"
	printf 'dtb\t%s\t%s\t%s\tvalidate\t-m\t-u\t%s\t--format=json' "$CACHE" "$tmp/dtb.json" "$BIN" "$B"
	while read -r f; do printf '\t%s' "$(basename "$f" .dts).dtb"; done <"$tmp/files.txt"
	printf '\n'
} >"$tmp/jobs1"
"$PY" "$HERE/timed.py" 1 "$tmp/times1" <"$tmp/jobs1" || exit 2
while read -r f; do
	b=$(basename "$f" .dts)
	printf '%s\t%s\t%s\t%s\tvalidate\t-u\t%s\t-I\t%s\t--format=json\t%s\n' \
		"$b" "$K" "$tmp/dts/$b.json" "$BIN" "$B" "$INC" "$f"
done <"$tmp/files.txt" >"$tmp/jobs2"
"$PY" "$HERE/timed.py" "$JOBS" "$tmp/times2" <"$tmp/jobs2" || exit 2
cat "$tmp/times1" "$tmp/times2" >"$tmp/times"
# Exit status 0 (clean) or 1 (findings); 2 is a usage or I/O error.
awk -F'\t' '$5 != 0 && $5 != 1 { print "dtbs: dtbind " $1 ": exit status " $5; bad = 1 }
	END { exit bad }' "$tmp/times" >&2 || {
	grep -v '^{' "$tmp/dtb.json" | head -n 5 >&2
	exit 2
}

# 3. Compare.
"$PY" "$HERE/compare.py" --ref "$REF" --ref "$REF2" --dtbs "$CACHE" --dtb-json "$tmp/dtb.json" \
	--dts-dir "$tmp/dts" --src "$K" --classes "$HERE/differences.tsv" \
	--times "$tmp/times" ${VERBOSE:+--verbose} >"$tmp/report" || {
	cat "$tmp/report"
	echo "dtbs: compare.py failed" >&2
	exit 2
}
grep -v '^TEST .*: ok' "$tmp/report"
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp -r "$tmp"/dtb.json "$tmp"/dts "$tmp"/times "$tmp"/report "$KEEP"/
passed=$(grep -c '^TEST .*: ok' "$tmp/report")
failed=$(grep -c '^TEST .*: FAIL' "$tmp/report")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
