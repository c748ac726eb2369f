#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Per-binding verdicts against the reference's dt_binding_check (part of
# `make conformance`).
#
# Usage: tests/conformance/verdicts.sh lint|examples BINARY
#
# Runs `dtbind lint` or `dtbind exampletest` over every binding of kernel
# 6.1 and compares the per-file verdict (clean, or at least one error) with
# what dt_binding_check (dt-schema 2022.08) reported for the same file in
# ../shared/reference/6.1-binding-check/results.tsv, in the phases the
# command replaces:
#   lint      yamllint (its error level) and dt-doc-validate
#   examples  extract, cpp, dtc and validate of the examples
# Files whose verdicts differ for a known reason are listed in
# tests/conformance/{lint,examples}-differences.txt ("path<TAB>reason");
# any other difference fails.  Ends with "N passed, N failed" (one test per
# binding).
set -u

[ $# -eq 2 ] || { echo "usage: $0 lint|examples BINARY" >&2; exit 2; }
MODE=$1
case $2 in /*) BIN=$2 ;; *) BIN=$(pwd)/$2 ;; esac
case $MODE in
lint)
	PHASES='docval yamllint'
	WHAT='lint vs dt-doc-validate + yamllint (6.1)' ;;
examples)
	PHASES='extract cpp dtc validate'
	WHAT='exampletest vs dt_binding_check (6.1)' ;;
*) echo "usage: $0 lint|examples BINARY" >&2; exit 2 ;;
esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
REF=$SHARED/reference/6.1-binding-check/results.tsv
KNOWN=tests/conformance/$MODE-differences.txt
[ -r "$REF" ] || { echo "$MODE: $REF missing" >&2; exit 2; }

CORPUS=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
B=$CORPUS/Documentation/devicetree/bindings
[ -d "$B" ] || { echo "$MODE: no 6.1 corpus" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

start=$(date +%s.%N)
if [ "$MODE" = lint ]; then
	"$BIN" lint --format=json -u "$B" "$B" >"$TMP/out.json" 2>&1
else
	"$BIN" exampletest --no-source --format=json -u "$B" "$B" >"$TMP/out.json" 2>&1
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
awk -F'\t' '{ print $1 }' "$REF" | sort -u >"$TMP/all"

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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
