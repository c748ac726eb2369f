#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# lint against the reference (part of `make conformance`).
#
# Usage: tests/conformance/lint.sh BINARY
#
# Runs `dtbind lint` over every binding of kernel 6.1 and compares the
# per-file verdict (clean, or at least one error) with what dt_binding_check
# reported in ../shared/reference/6.1-binding-check/results.tsv for the
# phases lint replaces: yamllint (its error level) and dt-doc-validate.
# Known differences are listed in tests/conformance/lint-differences.txt
# ("path<TAB>reason"); any other difference fails.  Ends with
# "N passed, N failed" (one test per binding).
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
REF=$SHARED/reference/6.1-binding-check/results.tsv
KNOWN=tests/conformance/lint-differences.txt
[ -r "$REF" ] || { echo "lint: $REF missing" >&2; exit 2; }

CORPUS=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
B=$CORPUS/Documentation/devicetree/bindings
[ -d "$B" ] || { echo "lint: no 6.1 corpus" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

start=$(date +%s.%N)
"$BIN" lint --format=json -u "$B" "$B" >"$TMP/out.json" 2>&1
end=$(date +%s.%N)

awk -v pre="$CORPUS/" '
	/"severity":"error"/ {
		if (match($0, /"file":"[^"]*"/)) {
			f = substr($0, RSTART + 8, RLENGTH - 9)
			if (index(f, pre) == 1) f = substr(f, length(pre) + 1)
			print f
		}
	}' "$TMP/out.json" | sort -u >"$TMP/ours"
awk -F'\t' '$3 == "error" && ($2 == "docval" || $2 == "yamllint") { print $1 }' "$REF" |
	sort -u >"$TMP/theirs"
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
		grep -F "\"file\":\"$CORPUS/$f\"" "$TMP/out.json" | grep '"severity":"error"' | head -n 3 | sed 's/^/    /'
	fi
done <"$TMP/all"
total=$((passed + failed))
warnings=$(grep -c '"severity":"warning"' "$TMP/out.json")
echo "lint vs dt-doc-validate + yamllint (6.1): $(wc -l <"$TMP/theirs") files flagged by the reference, $(wc -l <"$TMP/ours") by dtbind; $warnings warnings"
awk -v p="$passed" -v k="$known" -v t="$total" -v s="$start" -v e="$end" 'BEGIN {
	printf "verdict agreement: %d/%d = %.2f%% (%d known differences); dtbind took %.1f s wall\n",
		p - k, t, t ? 100 * (p - k) / t : 0, k, e - s }'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
