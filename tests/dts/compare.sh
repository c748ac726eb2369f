#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# compare.sh - dtbind's DTS parser against the real dtc, tree for tree.
#
# usage: sh tests/dts/compare.sh [-n N] [-a] [-v] [-d DIR] [-p GLOB] [KERNEL-ROOT...]
#
# Each input is compiled by dtc to a .dtb and parsed by dts_parse(); a small
# driver (tests/dts/canon.c, built here against build/libdtbind.a) prints
# both in one canonical form (node and property order as in the blob, values
# as strings, cells or bytes) and the two texts must be identical.  A plugin
# is printed with the fragment@N, __fixups__ and __local_fixups__ nodes dtc
# adds, built from the parser's markers.
#
# Inputs:
#   tests/dts/ok/*.dts    fixtures over the grammar: must match dtc
#   tests/dts/bad/*.dts   fixtures dtc rejects: dtbind must reject them too
#   KERNEL-ROOT           a kernel tree (default: the 6.1 corpus root printed
#                         by $SHARED/corpus.sh (default ../shared), when present); a sample of
#                         N (default 50) arch/arm64/boot/dts/**/*.dts spread
#                         over the sorted list, or all of them with -a, each
#                         preprocessed as kbuild does.  -d and -p choose
#                         another directory and file pattern (-p '*.dtso'
#                         for the overlays, plugins all).
#
# dtc errors of its own checks that the parser does not do (node and property
# name characters, ...) are forced past with -f; the parser's own ones
# (duplicates, labels, phandles, references) count as a rejection.
# Prints one line per difference and "N identical out of M" per group; exits
# 1 when anything differs.
set -u

n=50
all=0
verbose=0
dir=arch/arm64/boot/dts
pattern='*.dts'
while getopts n:avd:p: opt; do
	case $opt in
	n) n=$OPTARG ;;
	a) all=1 ;;
	v) verbose=1 ;;
	d) dir=$OPTARG ;;
	p) pattern=$OPTARG ;;
	*) echo "usage: $0 [-n N] [-a] [-v] [-d DIR] [-p GLOB] [KERNEL-ROOT...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cd "$top" || exit 2
[ -f build/libdtbind.a ] || make -s build/libdtbind.a || exit 2
command -v dtc >/dev/null || { echo "compare.sh: dtc not found" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-compare.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck disable=SC2046
cc -std=c11 -O2 -Ilib -o "$tmp/canon" tests/dts/canon.c build/libdtbind.a \
	$(pkg-config --libs libfyaml yaml-0.1 libpcre2-8) -lfdt -lm || exit 2

# Errors of dtc checks that mirror what dts_parse() reports itself.
PARSER_CHECKS='duplicate_node_names|duplicate_property_names|name_is_string|name_properties'
PARSER_CHECKS="$PARSER_CHECKS|duplicate_label|explicit_phandles|phandle_references|path_references"
PARSER_CHECKS="$PARSER_CHECKS|omit_unused_nodes|node_name_chars|property_name_chars"

failures=0

# run_dtc FILE: 0 when dtc wrote $tmp/dtc.dtb, 1 when it rejects the input.
run_dtc() {
	rm -f "$tmp/dtc.dtb"
	if dtc -q -I dts -O dtb -o "$tmp/dtc.dtb" "$1" 2>"$tmp/dtc.err"; then
		return 0
	fi
	# A failed check of dtc's that is none of ours: force the output.
	if grep -q 'ERROR (' "$tmp/dtc.err" && ! grep -Eq "ERROR \\(($PARSER_CHECKS)\\)" "$tmp/dtc.err" &&
	   ! grep -q 'FATAL' "$tmp/dtc.err"; then
		dtc -q -f -I dts -O dtb -o "$tmp/dtc.dtb" "$1" 2>/dev/null && return 0
	fi
	return 1
}

# compare LABEL FILE EXPECT: EXPECT is "same" or "reject".  Sets $ok.
compare() {
	label=$1 file=$2 expect=$3
	ok=0
	run_dtc "$file"
	dtc_rc=$?
	"$tmp/canon" dts "$file" >"$tmp/ours.txt" 2>"$tmp/ours.err"
	our_rc=$?
	if [ "$expect" = reject ]; then
		if [ $dtc_rc -ne 0 ] && [ $our_rc -ne 0 ]; then
			ok=1
		else
			echo "DIFF $label: dtc exit $dtc_rc, dtbind exit $our_rc (both should reject)"
			[ $our_rc -ne 0 ] || echo "    dtc: $(head -n 1 "$tmp/dtc.err")"
		fi
		return
	fi
	if [ $dtc_rc -ne 0 ] && [ $our_rc -ne 0 ]; then
		ok=1
		[ $verbose -eq 0 ] || echo "both reject $label"
		return
	fi
	if [ $dtc_rc -ne 0 ]; then
		echo "DIFF $label: dtc rejects, dtbind accepts"
		sed -n '1,3s/^/    dtc: /p' "$tmp/dtc.err"
		return
	fi
	if [ $our_rc -ne 0 ]; then
		echo "DIFF $label: dtbind rejects, dtc accepts"
		sed -n '1,3s/^/    dtbind: /p' "$tmp/ours.err"
		return
	fi
	"$tmp/canon" dtb "$tmp/dtc.dtb" >"$tmp/dtc.txt"
	if cmp -s "$tmp/dtc.txt" "$tmp/ours.txt"; then
		ok=1
	else
		echo "DIFF $label: trees differ"
		diff -u "$tmp/dtc.txt" "$tmp/ours.txt" | sed -n '3,14s/^/    /p'
	fi
}

# group NAME: print the tally of the group just run.
tally() {
	echo "$1: $same identical out of $total"
	failures=$((failures + total - same))
}

same=0 total=0
for f in tests/dts/ok/*.dts; do
	compare "$f" "$f" same
	total=$((total + 1)) same=$((same + ok))
done
tally "fixtures (tests/dts/ok)"

same=0 total=0
for f in tests/dts/bad/*.dts; do
	compare "$f" "$f" reject
	total=$((total + 1)) same=$((same + ok))
done
tally "rejected by both (tests/dts/bad)"

if [ $# -eq 0 ] && [ -f "${SHARED:-../shared}/corpus.sh" ]; then
	root=$(sh "${SHARED:-../shared}/corpus.sh" 6.1 2>/dev/null | tail -n 1)
	[ -n "$root" ] && set -- "$root"
fi
for root in "$@"; do
	list=$tmp/list
	find "$root/$dir" -name "$pattern" | LC_ALL=C sort >"$list"
	count=$(wc -l <"$list")
	if [ $all -eq 1 ] || [ "$count" -le "$n" ]; then
		step=1
	else
		step=$((count / n))
	fi
	same=0 total=0
	i=0
	while read -r dts; do
		i=$((i + 1))
		[ $(((i - 1) % step)) -eq 0 ] || continue
		[ $all -eq 1 ] || [ $total -lt "$n" ] || break
		pp=$tmp/pp.dts
		if ! gcc -E -nostdinc -I "$root/scripts/dtc/include-prefixes" -I "$root/include" \
			-undef -D__DTS__ -x assembler-with-cpp -o "$pp" "$dts" 2>"$tmp/cpp.err"; then
			echo "SKIP ${dts#"$root"/}: cpp failed: $(head -n 1 "$tmp/cpp.err")"
			continue
		fi
		compare "${dts#"$root"/}" "$pp" same
		total=$((total + 1)) same=$((same + ok))
	done <"$list"
	tally "kernel $(basename "$root") $dir/$pattern (of $count)"
done

[ $failures -eq 0 ]
