#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Behaviour-neutral changes (refactors, restructures) must not change any
# output.  This records every command's output on the kernel corpora into a
# directory, and compares two such directories byte for byte.
#
# Usage: tests/conformance/same-output.sh record BINARY DIR
#        tests/conformance/same-output.sh compare DIR_BEFORE DIR_AFTER
#
# record runs, with the cache off so that both sides do the same work:
#   lint and exampletest on every binding of 6.1 and 6.12 (text and JSON),
#   validate on the 100 arm64 boards of the dtbs conformance run (.dtb, -m),
#   doc2yaml on every .txt of 6.1 (each output file and its messages),
#   check on the seeds' patches.
# compare prints the files that differ and exits 1 when one does.
# Env: ONLY="lint examples validate doc2yaml check" records those parts only.
set -u
ONLY=${ONLY:-lint examples validate doc2yaml check}
want() { case " $ONLY " in *" $1 "*) return 0 ;; esac; return 1; }
SHARED=${SHARED:-../shared}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

case ${1:-} in
compare)
	[ $# -eq 3 ] || { echo "usage: $0 compare DIR_BEFORE DIR_AFTER" >&2; exit 2; }
	if diff -r -q "$2" "$3"; then
		echo "same-output: $(find "$2" -type f | wc -l) outputs byte-identical"
		exit 0
	fi
	exit 1 ;;
record)
	[ $# -eq 3 ] || { echo "usage: $0 record BINARY DIR" >&2; exit 2; }
	case $2 in /*) BIN=$2 ;; *) BIN=$(pwd)/$2 ;; esac
	OUT=$3 ;;
*)	echo "usage: $0 record BINARY DIR | compare DIR_BEFORE DIR_AFTER" >&2; exit 2 ;;
esac
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) || exit 2
cd "$ROOT" || exit 2

for v in 6.1 6.12; do
	K=$(sh "$SHARED/corpus.sh" "$v" 2>/dev/null | tail -n 1)
	B=$K/Documentation/devicetree/bindings
	[ -d "$B" ] || { echo "same-output: no $v corpus" >&2; exit 2; }
	for fmt in gcc json; do
		want lint || continue
		"$BIN" lint --format=$fmt -u "$B" "$B" >"$OUT/lint-$v.$fmt" 2>&1
		echo "exit $?" >>"$OUT/lint-$v.$fmt"
	done
	for fmt in gcc json; do
		want examples || continue
		"$BIN" exampletest --no-cache --format=$fmt -u "$B" "$B" >"$OUT/examples-$v.$fmt" 2>&1
		echo "exit $?" >>"$OUT/examples-$v.$fmt"
	done
done

# validate: the 100 boards' .dtb as tests/conformance/dtbs builds them.
K=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
DTBS=$(sh tests/conformance/dtbs/build.sh "$K" "$SHARED/reference/6.1-dtbs-check-arm64-50" \
	tests/conformance/dtbs/reference-extra-50 2>/dev/null | tail -n 1)
if ! want validate; then
	:
elif [ -d "$DTBS" ]; then
	find "$DTBS" -name '*.dtb' | LC_ALL=C sort >"$OUT/.boards"
	"$BIN" validate --no-cache -m --format=json -u "$K/Documentation/devicetree/bindings" \
		@"$OUT/.boards" >"$OUT/validate-100.json" 2>&1
	echo "exit $?" >>"$OUT/validate-100.json"
	rm -f "$OUT/.boards"
else
	echo "same-output: no .dtb directory; validate skipped" >&2
fi

# doc2yaml on every .txt of 6.1.
want doc2yaml && mkdir -p "$OUT/doc2yaml" &&
find "$K/Documentation/devicetree/bindings" -name '*.txt' | LC_ALL=C sort | while read -r t; do
	rel=${t#"$K/Documentation/devicetree/bindings/"}
	o=$OUT/doc2yaml/$(echo "$rel" | tr / _)
	"$BIN" doc2yaml "$t" -o "$o.yaml" >"$o.out" 2>&1
	echo "exit $?" >>"$o.out"
done

# check on the seeds' patches and the test series.
want check &&
find "$SHARED/seeds" tests/check/patches -type f -name "*.patch" | LC_ALL=C sort | while read -r p; do
	[ -f "$p" ] || continue
	"$BIN" check "$p" >"$OUT/check-$(echo "$p" | tr / _).out" 2>&1
	echo "exit $?" >>"$OUT/check-$(echo "$p" | tr / _).out"
done
echo "same-output: recorded $(find "$OUT" -type f | wc -l) outputs in $OUT"
