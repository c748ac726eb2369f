#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind validate -m (2026.06 generation) against dtbs_check with dt-schema
# 2026.06 (dt-validate -m) on kernel 6.12 arm64 boards: the 20 of
# ../shared/reference/modern-6.12/dtbs-N20 (every 55th sorted .dts) and the
# 51 of dtbs-N51 here (every 22nd from the first; recorded by
# dtbs-N51/make.sh): 61 boards, 10 of them in both sets.
#
# Usage: tests/conformance/modern-6.12/dtbs.sh BINARY
# Env:   SHARED    directory holding corpus.sh and reference/ (../shared)
#        DTCORPUS  corpus cache; the .dtb files go to $DTCORPUS/dtbs-6.12-arm64
#        VERBOSE=1 list every difference
#
# The boards are built as the references were (kbuild of 6.12: gcc -E, dtc
# -O dtb -b 0 with 6.12's DTC_FLAGS; ../dtbs/build.sh, cached), dtbind runs
# once on all of them, and dtbs-compare.py keys both sides by (board, node,
# property).  Tests: dtbind finds >= 98 % of the reference's keys, adds at
# most 5 % of their count, and -m reports exactly the reference's
# unmatched-compatible nodes, over both sets and over each.  Ends with "N
# passed, N failed"; exits 1 when a test fails, 2 when something is missing.
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "dtbs-6.12: $1: not an executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
SHARED=$(cd "$SHARED" 2>/dev/null && pwd) || { echo "dtbs-6.12: no $SHARED" >&2; exit 2; }
REF1=$SHARED/reference/modern-6.12/dtbs-N20
REF2=$HERE/dtbs-N51
PY=${PYTHON:-python3}
for r in "$REF1" "$REF2"; do
	for f in files.txt results.tsv; do
		[ -r "$r/$f" ] || { echo "dtbs-6.12: $r/$f missing" >&2; exit 2; }
	done
done
K=$(sh "$SHARED/corpus.sh" 6.12 2>/dev/null | tail -n 1)
[ -d "$K/arch/arm64/boot/dts" ] || { echo "dtbs-6.12: no 6.12 corpus" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-dtbs612.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# scripts/Makefile.dtbs of 6.12 (without KBUILD_EXTRA_WARN)
CACHE=$(DTBS_NAME=dtbs-6.12-arm64 DTBS_DTC_FLAGS="-Wno-unique_unit_address
-Wno-unit_address_vs_reg -Wno-avoid_unnecessary_addr_size -Wno-alias_paths
-Wno-graph_child_address -Wno-simple_bus_reg" sh "$ROOT/tests/conformance/dtbs/build.sh" \
	"$K" "$REF1" "$REF2" | tail -n 1) || exit 2
(cd "$CACHE" && while read -r f; do printf '%s.dtb\n' "$(basename "$f" .dts)"; done \
	<files.txt >"$tmp/dtbs.txt") || exit 2
# One run on all boards; exit status 0 or 1 (findings), 2 is an error.
(cd "$CACHE" && "$BIN" validate --no-cache --dtschema=2026.06 -m --format=json \
	-u "$K/Documentation/devicetree/bindings" @"$tmp/dtbs.txt") >"$tmp/dtb.json" 2>&1
rc=$?
[ $rc -le 1 ] || { echo "dtbs-6.12: dtbind exit status $rc" >&2; grep -v '^{' "$tmp/dtb.json" | head -n 5 >&2; exit 2; }

report() {
	"$PY" "$HERE/dtbs-compare.py" --dtbs "$CACHE" --dtb-json "$tmp/dtb.json" "$@" >"$tmp/report" || {
		cat "$tmp/report"
		echo "dtbs-6.12: dtbs-compare.py failed" >&2
		exit 2
	}
}
: >"$tmp/all"
for set in "all:$REF1 $REF2" "N20:$REF1" "N51:$REF2"; do
	name=${set%%:*}
	# shellcheck disable=SC2086
	report ${set#*:}
	echo "== $name: $(head -n 1 "$tmp/report")"
	if [ -n "${VERBOSE:-}" ] || [ "$name" = all ]; then
		grep -v '^TEST\|^boards' "$tmp/report"
	fi
	sed -n "s/^TEST \([a-z]*\):/TEST $name \1:/p" "$tmp/report" | tee -a "$tmp/all"
done
passed=$(grep -c ': ok' "$tmp/all")
failed=$(grep -c ': FAIL' "$tmp/all")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
