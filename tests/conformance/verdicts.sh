#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Per-binding verdicts against the reference's dt_binding_check (part of
# `make conformance`).
#
# Usage: tests/conformance/verdicts.sh lint|examples BINARY [VERSION REFDIR [MIN%]]
#
# Runs `dtbind lint` or `dtbind exampletest` over the bindings of a kernel
# (VERSION, default 6.1) that the reference checked, and compares the
# per-file verdict (clean, or at least one error) with what dt_binding_check
# reported for the same file in REFDIR/results.tsv (default
# ../shared/reference/6.1-binding-check, dt-schema 2022.08; for 6.12,
# ../shared/reference/modern-6.12, dt-schema 2026.06), in the phases the
# command replaces:
#   lint      yamllint (its error level) and dt-doc-validate
#   examples  extract, cpp, dtc and validate of the examples
# dtbind picks the dt-schema generation from the tree, as a user gets it.
# Files whose verdicts differ for a known reason are listed in
# tests/conformance/{lint,examples}-differences.txt for 6.1 and in
# tests/conformance/modern-VERSION/{lint,examples}-differences.txt otherwise
# ("path<TAB>reason"); any other difference fails.  With MIN% (e.g. 99.8),
# the known differences must also leave at least that agreement.  Ends with
# "N passed, N failed" (one test per binding).
set -u

USAGE="usage: $0 lint|examples BINARY [VERSION REFDIR [MIN%]]"
[ $# -eq 2 ] || [ $# -eq 4 ] || [ $# -eq 5 ] || { echo "$USAGE" >&2; exit 2; }
MODE=$1
case $2 in /*) BIN=$2 ;; *) BIN=$(pwd)/$2 ;; esac
VERSION=${3:-6.1}
MIN=${5:-}
case $MODE in
lint)
	PHASES='docval yamllint'
	WHAT="lint vs dt-doc-validate + yamllint ($VERSION)" ;;
examples)
	PHASES='extract cpp dtc validate'
	WHAT="exampletest vs dt_binding_check ($VERSION)" ;;
*) echo "$USAGE" >&2; exit 2 ;;
esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
REFDIR=${4:-$SHARED/reference/6.1-binding-check}
REF=$REFDIR/results.tsv
if [ "$VERSION" = 6.1 ]; then
	KNOWN=tests/conformance/$MODE-differences.txt
else
	KNOWN=tests/conformance/modern-$VERSION/$MODE-differences.txt
fi
[ -r "$REF" ] || { echo "$MODE: $REF missing" >&2; exit 2; }

CORPUS=$(sh "$SHARED/corpus.sh" "$VERSION" 2>/dev/null | tail -n 1)
B=$CORPUS/Documentation/devicetree/bindings
[ -d "$B" ] || { echo "$MODE: no $VERSION corpus" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# The files the reference ran these phases on (6.12's examples: every 5th).
awk -F'\t' -v phases=" $PHASES " 'index(phases, " " $2 " ") { print $1 }' "$REF" |
	sort -u >"$TMP/all"
sed "s|^|$CORPUS/|" "$TMP/all" >"$TMP/files"

start=$(date +%s.%N)
if [ "$MODE" = lint ]; then
	"$BIN" lint --format=json -u "$B" @"$TMP/files" >"$TMP/out.json" 2>&1
else
	"$BIN" exampletest --no-source --format=json -u "$B" @"$TMP/files" >"$TMP/out.json" 2>&1
fi
end=$(date +%s.%N)

# Files with an error finding (dtbind), as paths relative to the kernel tree.
awk -v pre="$CORPUS/" '
	/"severity":"error"/ {
		if (match($0, /"file":"[^"]*"/)) {
			f = substr($0, RSTART + 8, RLENGTH - 9)
			if (index(f, pre) == 1) f = substr(f, length(pre) + 1)
			print f
		}
	}' "$TMP/out.json" | sort -u >"$TMP/ours"
# Files the reference flags in those phases.
awk -F'\t' -v phases=" $PHASES " '$3 == "error" && index(phases, " " $2 " ") { print $1 }' \
	"$REF" | sort -u >"$TMP/theirs"

passed=0 failed=0 known=0
while read -r f; do
	a=clean b=clean
	grep -qxF "$f" "$TMP/ours" && a=errors
	grep -qxF "$f" "$TMP/theirs" && b=errors
	if [ "$a" = "$b" ]; then
		passed=$((passed + 1))
	elif [ -r "$KNOWN" ] && grep -q "^$f	" "$KNOWN"; then
		known=$((known + 1))
		passed=$((passed + 1))
		echo "KNOWN $f: dtbind $a, reference $b: $(grep "^$f	" "$KNOWN" | cut -f2)"
	else
		failed=$((failed + 1))
		echo "FAIL $f: dtbind $a, reference $b"
		grep -F "\"file\":\"$CORPUS/$f\"" "$TMP/out.json" | grep '"severity":"error"' |
			head -n 3 | sed 's/^/    /'
	fi
done <"$TMP/all"
total=$((passed + failed))
warnings=$(grep -c '"severity":"warning"' "$TMP/out.json")
echo "$WHAT: $(wc -l <"$TMP/theirs") files flagged by the reference, $(wc -l <"$TMP/ours") by dtbind; $warnings warnings"
awk -v p="$passed" -v k="$known" -v t="$total" -v s="$start" -v e="$end" 'BEGIN {
	printf "verdict agreement: %d/%d = %.2f%% (%d known differences); dtbind took %.1f s wall\n",
		p - k, t, t ? 100 * (p - k) / t : 0, k, e - s }'
if [ -n "$MIN" ] && ! awk -v p="$passed" -v k="$known" -v t="$total" -v m="$MIN" \
	'BEGIN { exit !(t && 100 * (p - k) / t >= m) }'; then
	echo "FAIL agreement below $MIN% without the known differences"
	failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
