#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind validate -m (2026.06 generation) against dtbs_check with dt-schema
# 2026.06 (dt-validate -m) on 50 arm64 boards of kernel 7.2, the newest in
# Debian's archive: every 31st sorted .dts, the first 50 (dtbs-N50, recorded
# by dtbs-N50/make.sh).  DIFFERENCES.md here lists what still differs.
#
# Usage: tests/conformance/newest-7.2/dtbs.sh BINARY
# Env:   SHARED    directory holding corpus.sh (../shared)
#        DTCORPUS  corpus cache; the .dtb files go to $DTCORPUS/dtbs-7.2-arm64
#        VERBOSE=1 list every difference
#
# Skips (exit 0, one line saying "skipped") when the 7.2 corpus or the stored
# results are not there: the tree comes from Debian sid's linux-source-7.2,
# which not every machine (CI's among them) has.  Run by make conformance.
# The boards are built as kbuild of 7.2 does (gcc -E, the kernel's dtc -O dtb -b 0 with
# 7.2's DTC_FLAGS; ../dtbs/build.sh, cached); dtbind runs once on all of them and
# ../modern-6.12/dtbs-compare.py keys both sides by (board, node, property).
# Tests: dtbind finds >= 98 % of the reference's keys, adds at most 5 % of
# their count, and -m reports exactly the reference's unmatched-compatible
# nodes.  Ends with "N passed, N failed"; exits 1 when a test fails, 2 when
# something is missing.
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "dtbs-7.2: $1: not an executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
SHARED=$(cd "$SHARED" 2>/dev/null && pwd) || { echo "dtbs-7.2: no $SHARED" >&2; exit 2; }
REF=$HERE/dtbs-N50
PY=${PYTHON:-python3}
for f in files.txt results.tsv; do
	if [ ! -r "$REF/$f" ]; then
		echo "dtbs-7.2: no stored dt-validate results ($REF/$f): skipped"
		exit 0
	fi
done
K=$(sh "$SHARED/corpus.sh" 7.2 2>/dev/null | tail -n 1)
if [ ! -d "$K/arch/arm64/boot/dts" ]; then
	echo "dtbs-7.2: no 7.2 corpus (Debian sid's linux-source-7.2): skipped"
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-dtbs72.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# 7.2's .dts files use syntax newer than the host's dtc 1.6.1 knows
# (/delete-node/ &{label/path}): build the kernel's own dtc, as kbuild does
# (-DNO_YAML), once, into the corpus cache.  Needs flex and bison.
DTC_DIR=${DTCORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/dtbind-corpus}/dtc-7.2
if [ ! -x "$DTC_DIR/dtc" ]; then
	for t in flex bison gcc; do
		command -v "$t" >/dev/null || { echo "dtbs-7.2: $t not found (to build 7.2's dtc)" >&2; exit 2; }
	done
	rm -rf "$DTC_DIR" && mkdir -p "$DTC_DIR" && cp -r "$K/scripts/dtc" "$DTC_DIR/src" &&
		(cd "$DTC_DIR/src" && flex -o dtc-lexer.lex.c dtc-lexer.l &&
			bison -d -o dtc-parser.tab.c dtc-parser.y &&
			gcc -O2 -DNO_YAML -I. -Ilibfdt -o "$DTC_DIR/dtc.tmp" dtc.c flattree.c fstree.c \
				data.c livetree.c treesource.c srcpos.c checks.c util.c \
				dtc-lexer.lex.c dtc-parser.tab.c libfdt/*.c) >"$tmp/dtc.log" 2>&1 &&
		mv "$DTC_DIR/dtc.tmp" "$DTC_DIR/dtc" || { cat "$tmp/dtc.log" >&2; echo "dtbs-7.2: building 7.2's dtc failed" >&2; exit 2; }
fi
PATH=$DTC_DIR:$PATH
export PATH
# scripts/Makefile.dtbs of 7.2 (without KBUILD_EXTRA_WARN)
CACHE=$(DTBS_NAME=dtbs-7.2-arm64 DTBS_DTC_FLAGS="-Wno-unique_unit_address
-Wno-unit_address_vs_reg -Wno-avoid_unnecessary_addr_size -Wno-alias_paths
-Wno-interrupt_map -Wno-simple_bus_reg" sh "$ROOT/tests/conformance/dtbs/build.sh" "$K" "$REF" | tail -n 1) || exit 2
(cd "$CACHE" && while read -r f; do printf '%s.dtb\n' "$(basename "$f" .dts)"; done \
	<files.txt >"$tmp/dtbs.txt") || exit 2
# One run on all boards; exit status 0 or 1 (findings), 2 is an error.
(cd "$CACHE" && "$BIN" validate --no-cache --dtschema=2026.06 -m --format=json \
	-u "$K/Documentation/devicetree/bindings" @"$tmp/dtbs.txt") >"$tmp/dtb.json" 2>&1
rc=$?
[ $rc -le 1 ] || { echo "dtbs-7.2: dtbind exit status $rc" >&2; grep -v '^{' "$tmp/dtb.json" | head -n 5 >&2; exit 2; }

"$PY" "$HERE/../modern-6.12/dtbs-compare.py" --dtbs "$CACHE" --dtb-json "$tmp/dtb.json" "$REF" >"$tmp/report" || {
	cat "$tmp/report"
	echo "dtbs-7.2: dtbs-compare.py failed" >&2
	exit 2
}
echo "== N50: $(head -n 1 "$tmp/report")"
if [ -n "${VERBOSE:-}" ]; then
	grep -v '^TEST\|^boards' "$tmp/report"
else
	grep -v '^TEST\|^boards' "$tmp/report" | head -n 40
fi
grep '^TEST' "$tmp/report" >"$tmp/all"
cat "$tmp/all"
passed=$(grep -c ': ok' "$tmp/all")
failed=$(grep -c ': FAIL' "$tmp/all")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
