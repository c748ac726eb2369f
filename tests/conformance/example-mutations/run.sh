#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Seeded mistakes in binding examples: does `dtbind exampletest` give the same
# verdict (clean, or errors) as the reference pipeline?
#
# Usage: tests/conformance/example-mutations/run.sh BINARY
#        VERSION=6.12 tests/conformance/example-mutations/run.sh BINARY
#
# mutations.tsv holds one mutation per line (tab-separated; '#' lines are
# comments):
#
#   name  binding  sed  kind  reference
#
# binding is a path relative to Documentation/devicetree/bindings of the
# kernel corpus (6.1: mutations.tsv against dt-schema 2022.08; 6.12:
# mutations-6.12.tsv against dt-schema 2026.06); sed is one sed expression (GNU sed) applied to that file;
# kind is the class of mistake; reference is the verdict (clean|errors) the
# reference pipeline gave for the mutated file when it was recorded.  Each
# mutation must change the file and may change only its examples section:
# the schema part stays as it is in the tree, so the processed schema built
# from the tree (reference) and the schemas loaded from -u (dtbind) are the
# ones the mutated examples are checked against.
#
# known-differences.tsv lists mutations whose verdicts are known to differ
# ("name<TAB>reason"); README.md explains each one.
#
# Prints PASS, KNOWN or FAIL per mutation, the agreement, and ends with
# "N passed, N failed".  Fails when a difference is not listed, when a listed
# one no longer occurs (update the list), when a mutation is malformed, or
# when the agreement is below 95 %.
#
# Environment:
#   VERSION=6.1|6.12  the kernel corpus and its table (default 6.1).
#   RECORD=1   run the reference pipeline (dt-mk-schema, dt-extract-example,
#              dt-validate; gcc; dtc) on every mutation and rewrite the
#              reference column of the table; dtbind is still compared with
#              the new verdicts.  6.1 uses the host's dt-schema 2022.08; 6.12
#              the 2026.06 wrappers of ../shared/modern-ref (REFBIN, default
#              /opt/dtschema-sid-bin), first in PATH.
#   PROCESSED_SCHEMA=FILE  with RECORD=1: use this dt-mk-schema -j output
#              of the corpus's bindings instead of building one (~30 s).
#   ONLY=REGEX only the mutations whose name matches (grep -E).
#   VERBOSE=1  show the diff and both tools' output for each mutation.
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "example-mutations: $BIN is not executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
VERSION=${VERSION:-6.1}
case $VERSION in
6.1)	TABLE=$HERE/mutations.tsv KNOWN=$HERE/known-differences.tsv ;;
*)	TABLE=$HERE/mutations-$VERSION.tsv KNOWN=$HERE/known-differences-$VERSION.tsv ;;
esac
[ -r "$TABLE" ] || { echo "example-mutations: no table for $VERSION ($TABLE)" >&2; exit 2; }
RECORD=${RECORD:-0}
ONLY=${ONLY:-}
VERBOSE=${VERBOSE:-0}

CORPUS=$(sh "$SHARED/corpus.sh" "$VERSION" 2>/dev/null | tail -n 1)
B=$CORPUS/Documentation/devicetree/bindings
[ -d "$B" ] || { echo "example-mutations: no $VERSION corpus" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
TAB=$(printf '\t')

if [ "$RECORD" = 1 ]; then
	if [ "$VERSION" != 6.1 ]; then
		REFBIN=${REFBIN:-/opt/dtschema-sid-bin}
		[ -x "$REFBIN/dt-validate" ] ||
			{ echo "example-mutations: RECORD=1 for $VERSION needs dt-schema 2026.06 in $REFBIN (../shared/modern-ref/setup.sh)" >&2; exit 2; }
		PATH=$REFBIN:$PATH
	fi
	for t in dt-mk-schema dt-extract-example dt-validate dtc gcc; do
		command -v $t >/dev/null || { echo "example-mutations: RECORD=1 needs $t" >&2; exit 2; }
	done
	PS=${PROCESSED_SCHEMA:-}
	if [ -z "$PS" ]; then
		PS=$TMP/processed-schema.json
		echo "building the processed schema (dt-mk-schema -j)..."
		dt-mk-schema -j "$B" >"$PS" 2>"$TMP/mk.err" ||
			{ cat "$TMP/mk.err" >&2; exit 2; }
	fi
	: >"$TMP/recorded"
fi

# The file without its examples section (top-level "examples:" up to the next
# top-level key or document marker).
noex() {
	awk '/^examples:/ { ex = 1; next } /^[^ \t#]/ { ex = 0 } !ex' "$1"
}

# The reference verdict for the mutated file $1; messages in $2.
reference() {
	d=$TMP/ref
	rm -rf "$d"; mkdir -p "$d"
	if ! dt-extract-example "$1" >"$d/ex.dts" 2>"$2"; then
		echo errors; return
	fi
	if ! gcc -E -nostdinc -I "$CORPUS/scripts/dtc/include-prefixes" -undef -D__DTS__ \
		-x assembler-with-cpp "$d/ex.dts" -o "$d/ex.pre" >>"$2" 2>&1; then
		echo errors; return
	fi
	# The DTC_FLAGS of Documentation/devicetree/bindings/Makefile.
	if ! dtc -O dtb -o "$d/ex.dtb" -Wno-avoid_unnecessary_addr_size \
		-Wno-graph_child_address -Wno-interrupt_provider -Wno-unique_unit_address \
		-Wunique_unit_address_if_enabled "$d/ex.pre" >>"$2" 2>&1; then
		echo errors; return
	fi
	# dt-validate reports on stderr and exits 0 whatever it finds: any
	# message (a schema error, or a property it cannot decode) is a finding.
	dt-validate -u "$B" -p "$PS" "$d/ex.dtb" >"$d/val" 2>&1
	rc=$?
	cat "$d/val" >>"$2"
	if [ $rc -ne 0 ] || [ -s "$d/val" ]; then echo errors; else echo clean; fi
}

passed=0 failed=0 known=0 agree=0 total=0
summary=$TMP/summary
: >"$summary"
while IFS="$TAB" read -r name path expr kind ref rest; do
	case $name in '' | '#'*) continue ;; esac
	if [ -n "$ONLY" ] && ! printf '%s\n' "$name" | grep -Eq -- "$ONLY"; then
		[ "$RECORD" = 1 ] && printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$path" "$expr" "$kind" "$ref" >>"$TMP/recorded"
		continue
	fi
	total=$((total + 1))
	src=$B/$path
	w=$TMP/m/$name
	mkdir -p "$w"
	m=$w/$(basename "$path")
	if [ ! -r "$src" ]; then
		echo "FAIL $name: $path not in the corpus"
		failed=$((failed + 1)); continue
	fi
	if ! sed -e "$expr" "$src" >"$m" 2>"$w/sed.err"; then
		echo "FAIL $name: sed: $(head -n 1 "$w/sed.err")"
		failed=$((failed + 1)); continue
	fi
	if cmp -s "$src" "$m"; then
		echo "FAIL $name: the sed expression does not change $path"
		failed=$((failed + 1)); continue
	fi
	noex "$src" >"$w/a"; noex "$m" >"$w/b"
	if ! cmp -s "$w/a" "$w/b"; then
		echo "FAIL $name: the sed expression changes $path outside its examples"
		failed=$((failed + 1)); continue
	fi

	if [ "$RECORD" = 1 ]; then
		new=$(reference "$m" "$w/ref.out")
		[ "$new" != "$ref" ] && [ "$ref" != TBD ] &&
			echo "RECORD $name: reference verdict changed from $ref to $new"
		ref=$new
		printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$path" "$expr" "$kind" "$ref" >>"$TMP/recorded"
	fi
	case $ref in
	clean | errors) ;;
	*)	echo "FAIL $name: no recorded reference verdict ('$ref'); run with RECORD=1"
		failed=$((failed + 1)); continue ;;
	esac

	"$BIN" exampletest --no-source -u "$B" "$m" >"$w/ours.out" 2>&1
	rc=$?
	case $rc in
	0) ours=clean ;;
	1) ours=errors ;;
	*)	echo "FAIL $name: dtbind exited with $rc: $(head -n 1 "$w/ours.out")"
		failed=$((failed + 1)); continue ;;
	esac

	reason=
	[ -r "$KNOWN" ] && reason=$(awk -F'\t' -v n="$name" '$1 == n { print $2; exit }' "$KNOWN")
	if [ "$ours" = "$ref" ]; then
		agree=$((agree + 1))
		if [ -n "$reason" ]; then
			echo "FAIL $name: listed in known-differences.tsv but dtbind now agrees ($ours); remove the entry"
			failed=$((failed + 1))
		else
			echo "PASS $name [$kind]: $ours"
			passed=$((passed + 1))
		fi
		printf '%s\t%s\n' "$kind" 1 >>"$summary"
	elif [ -n "$reason" ]; then
		echo "KNOWN $name [$kind]: dtbind $ours, reference $ref: $reason"
		known=$((known + 1)); passed=$((passed + 1))
		printf '%s\t%s\n' "$kind" 0 >>"$summary"
	else
		echo "FAIL $name [$kind]: dtbind $ours, reference $ref"
		failed=$((failed + 1))
		printf '%s\t%s\n' "$kind" 0 >>"$summary"
	fi
	if [ "$VERBOSE" = 1 ]; then
		diff "$src" "$m" | sed 's/^/    diff: /'
		[ -r "$w/ref.out" ] && sed 's/^/    reference: /' "$w/ref.out"
		sed 's/^/    dtbind: /' "$w/ours.out"
	fi
done <"$TABLE"

if [ "$RECORD" = 1 ]; then
	{ grep '^#' "$TABLE"; cat "$TMP/recorded"; } >"$TMP/table.new"
	cp "$TMP/table.new" "$TABLE"
	echo "recorded reference verdicts in $TABLE"
fi

echo "per kind (agreeing/total):"
awk -F'\t' '{ n[$1]++; a[$1] += $2 } END { for (k in n) printf "  %-20s %d/%d\n", k, a[k], n[k] }' \
	"$summary" | sort
awk -v a="$agree" -v t="$total" -v k="$known" 'BEGIN {
	printf "verdict agreement with the reference: %d/%d = %.1f%% (%d known differences)\n",
		a, t, t ? 100 * a / t : 0, k }'
if [ "$total" -gt 0 ] && [ $((agree * 100)) -lt $((total * 95)) ]; then
	echo "FAIL agreement below 95%"
	failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
