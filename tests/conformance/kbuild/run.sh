#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The kernel's own make targets on dtbind's front-ends (part of `make
# conformance`; issue 12).
#
# Usage: tests/conformance/kbuild/run.sh BUILD/dtbind
#
# Extracts full kernel trees from /usr/src/linux-source-{6.1,6.12}.tar.xz
# into $KBUILD_WORK (default /var/tmp/dtbind-kbuild; once, kept), installs
# dtbind there with `make install` (a copy: rebuilding during the run does
# not change the binary under make), puts `dtbind kbuild-path` first in
# PATH as the README says, and runs in each tree:
#   make dt_binding_check                     the whole target, timed, with
#                                             our CPU share (DTBIND_KBUILD_TIMES)
#   make dt_binding_check DT_SCHEMA_FILES=X   one binding, touched, then again
#   make ARCH=arm64 CHECK_DTBS=y BOARD.dtb... the reference's boards (after defconfig)
# and compares the failing binding files with the stored reference:
# ../shared/reference/6.1-binding-check (dt-schema 2022.08) for 6.1,
# ../shared/reference/modern-6.12 (2026.06; its examples are every 5th
# binding: examples.txt) for 6.12; the dtbs findings with the reference's
# boards (6.1-dtbs-check-arm64-50; for 6.12 modern-6.12/dtbs-N20 and
# ../modern-6.12/dtbs-N51, 61 boards), keyed as the validate conformance
# keys them.  The reference is not re-run: its stored timings are printed
# next to ours.
# VERSIONS="6.12" or BOARDS=N (the first N boards) narrow the run
# (VERSIONS="6.12 7.2": the newest kernel too, from
# /usr/src/linux-source-7.2.tar.xz).
# KBUILD_SUBSET=1 (the default, CI's time budget) runs dt_binding_check with
# DT_SCHEMA_FILES naming a part of the tree (6.12: the reference's every-5th
# sample; 6.1: iio/); KBUILD_SUBSET=0 runs the whole target and compares it
# with the stored summary of a whole run of the real dt-schema where there is
# one (reference-6.12.txt: failing files, CPU and wall, measured here).
# Ends with "N passed, N failed".
set -u
[ $# -eq 1 ] || { echo "usage: $0 BUILD/dtbind" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
SHARED=${SHARED:-../shared}
case $SHARED in /*) ;; *) SHARED=$ROOT/$SHARED ;; esac
WORK=${KBUILD_WORK:-/var/tmp/dtbind-kbuild}
VERSIONS=${VERSIONS:-6.1 6.12}
SUBSET=${KBUILD_SUBSET:-${SUBSET:-1}}
BOARDS=${BOARDS:-}
B=Documentation/devicetree/bindings
OUT=$WORK/out
mkdir -p "$OUT" || exit 2
passed=0 failed=0

result() { # NAME OK|FAIL DETAIL
	echo "TEST $1: $2 ($3)"
	if [ "$2" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

count_tests() { # FILE: the TEST lines compare.py printed
	passed=$((passed + $(grep -c '^TEST .*: ok' "$1")))
	failed=$((failed + $(grep -c '^TEST .*: FAIL' "$1")))
}

# ---- the trees and the installed front-ends ---------------------------------
for v in $VERSIONS; do
	t=$WORK/linux-source-$v
	[ -f "$t/.dtbind-extracted" ] && continue
	echo "extracting /usr/src/linux-source-$v.tar.xz into $WORK"
	rm -rf "$t"
	nice tar -xJf "/usr/src/linux-source-$v.tar.xz" -C "$WORK" && touch "$t/.dtbind-extracted" ||
		{ echo "cannot extract linux-source-$v" >&2; exit 2; }
done
rm -rf "$WORK/dest"
make -C "$ROOT" --no-print-directory -s install-kbuild install BUILD="$(dirname "$BIN")" \
	DESTDIR="$WORK/dest" PREFIX=/usr/local >"$OUT/install.log" 2>&1 ||
	{ cat "$OUT/install.log"; exit 2; }
# A fresh shell with nothing of ours in its environment, as the README says.
FE=$(env -i HOME="$HOME" PATH=/usr/bin:/bin sh -c \
	"PATH=\$($WORK/dest/usr/local/bin/dtbind kbuild-path):\$PATH; command -v dt-validate")
case $FE in
"$WORK/dest/usr/local/libexec/dtbind/kbuild/dt-validate")
	result "make install DESTDIR; a fresh shell finds the front-ends" ok "$FE" ;;
*)	result "make install DESTDIR; a fresh shell finds the front-ends" FAIL "got '$FE'" ;;
esac
KPATH=$(dirname "$FE")

clean_bindings() { # TREE: what dt_binding_check made, so that it is made again
	find "$1/$B" \( -name '*.example.dt*' -o -name 'processed-schema*.json' \
		-o -name '.*.cmd' -o -name '.*.checked' -o -name '.*.tmp' \) -delete 2>/dev/null
}

kbuild_examples() { # TREE RUNLIST: how many examples the tree's kbuild makes of
	# those bindings: each one's (6.12), or on later kernels (7.2) only those with an
	# "examples:" key (its Makefile's `grep -l '^examples:'`).
	if grep -q "grep -l '^examples:'" "$1/$B/Makefile"; then
		(cd "$1" && tr '\n' '\0' <"$2" | xargs -0 grep -l '^examples:' | wc -l)
	else
		wc -l <"$2"
	fi
}

kmake() { # LOG TIMEFILE MAKEARGS...: make in the tree with the front-ends first in PATH
	log=$1 tf=$2
	shift 2
	rm -f "$log.fe"
	PATH=$KPATH:$PATH DTBIND_KBUILD_TIMES=$log.fe nice /usr/bin/time \
		-f 'wall %e user %U sys %S' -o "$tf" make -j2 "$@" >"$log.out" 2>"$log.err"
}

ref_times() { # REFDIR SCALE-OF-EXAMPLE-PHASES: the stored reference's whole run
	awk -v s="$2" 'NR > 1 {
		k = ($1 == "extract" || $1 == "cpp" || $1 == "dtc" || $1 == "validate") ? s : 1
		w += $2 * k; c += ($3 + $4) * k }
		END { printf "%.0f s wall, %.0f s CPU", w, c }' "$1/timings.tsv"
}

for v in $VERSIONS; do
	t=$WORK/linux-source-$v
	case $v in
	6.1)	ref=$SHARED/reference/6.1-binding-check sample= scale=1 one=iio/adc/adi,ad7124.yaml
		dref=$SHARED/reference/6.1-dtbs-check-arm64-50 gen=2022.08 ;;
	*)	ref=$SHARED/reference/modern-6.12 sample=$SHARED/reference/modern-6.12/examples.txt
		scale=$(awk 'NR > 1 && $1 == "extract" { printf "%.3f", 4357 / $6 }' \
			"$ref/timings.tsv")
		one=rtc/isil,isl1208.yaml gen=2026.06
		dref="$ref/dtbs-N20 $HERE/../modern-6.12/dtbs-N51" ;;
	esac
	# A whole run of the real dt-schema, measured on this machine: the
	# reference of the whole target (no sample; its CPU and wall as measured).
	summary=$HERE/reference-$v.txt
	if [ "$SUBSET" = 0 ] && [ -f "$summary" ]; then
		ref=$summary sample=
	elif [ "$v" != 6.1 ] && [ "$v" != 6.12 ]; then
		ref=
	fi
	echo "== linux $v (dt-schema $gen semantics) =="
	ver=$(cd "$t" && PATH=$KPATH:$PATH dt-doc-validate --version | head -n 1)

	# The whole target (or, with SUBSET=1, the part of it DT_SCHEMA_FILES selects).
	clean_bindings "$t"
	(cd "$t" && find "./$B" -name '*.yaml' ! -name 'processed-schema*' | sed 's|^\./||' |
		sort >"$OUT/$v-all.txt")
	files=
	if [ "$SUBSET" = 1 ]; then
		if [ -n "$sample" ]; then
			sed "s|^$B/||" "$sample" | paste -sd: >"$OUT/$v-subset.arg"
		else
			echo iio/ >"$OUT/$v-subset.arg"
		fi
		files=DT_SCHEMA_FILES=$(cat "$OUT/$v-subset.arg")
		tr ':' '\n' <"$OUT/$v-subset.arg" | while read -r p; do
			grep -F "$p" "$OUT/$v-all.txt"; done | sort -u >"$OUT/$v-run.txt"
	else
		cp "$OUT/$v-all.txt" "$OUT/$v-run.txt"
	fi
	(cd "$t" && kmake "$OUT/$v-bc" "$OUT/$v-bc.time" dt_binding_check ${files:+"$files"})
	rc=$?
	n_yaml=$(kbuild_examples "$t" "$OUT/$v-run.txt")
	n_dtex=$(grep -c '^ *DTEX ' "$OUT/$v-bc.out")
	n_dtb=$(find "$t/$B" -name '*.example.dtb' | wc -l)
	if [ $rc -eq 0 ] && [ "$n_dtb" -eq "$n_yaml" ] && [ "$n_dtex" -eq "$n_yaml" ]; then
		result "$v: make dt_binding_check ${files:+(SUBSET) }completes" ok \
			"$n_dtb of $n_yaml examples built and checked ($(wc -l <"$OUT/$v-run.txt") bindings)"
	else
		result "$v: make dt_binding_check ${files:+(SUBSET) }completes" FAIL \
			"exit $rc, $n_dtex extracted, $n_dtb built, of $n_yaml examples"
		tail -n 5 "$OUT/$v-bc.err"
	fi
	# The kernel's check: `sort -Vc` over its DT_SCHEMA_MIN_VERSION and our first line.
	if [ "$ver" = "$gen" ] && ! grep -q 'dtschema minimum version' "$OUT/$v-bc.err"; then
		result "$v: --version says $gen and the kernel's version check passes" ok "$ver"
	else
		result "$v: --version says $gen and the kernel's version check passes" FAIL "'$ver'"
	fi
	if [ -z "$ref" ]; then
		echo "no reference stored for $v: failing files not compared"
		python3 "$HERE/compare.py" times "$OUT/$v-bc.time" "$OUT/$v-bc.fe"
	else
		python3 "$HERE/compare.py" bindings "$OUT/$v-bc.err" "$ref" "${sample:--}" \
			"$OUT/$v-run.txt" >"$OUT/$v-bc.cmp"
		cat "$OUT/$v-bc.cmp"
		count_tests "$OUT/$v-bc.cmp"
		python3 "$HERE/compare.py" times "$OUT/$v-bc.time" "$OUT/$v-bc.fe" "$ref" \
			"$OUT/$v-run.txt" "$(wc -l <"$OUT/$v-all.txt")" >"$OUT/$v-times.cmp"
		cat "$OUT/$v-times.cmp"
		count_tests "$OUT/$v-times.cmp"
	fi
	if [ -f "$ref" ]; then
		awk '$1 == "wall" { w = $2 } $1 == "user" || $1 == "sys" { c += $2 }
			END { printf "reference (stored summary), whole target: %.0f s wall, %.0f s CPU\n", w, c }' "$ref"
	elif [ -n "$ref" ]; then
		echo "reference (stored), whole target: $(ref_times "$ref" "$scale")${sample:+ (example phases scaled from its every-5th sample)}"
	fi

	# One binding, in the tree built above: touched (its example and the
	# schema set are made again), then untouched.
	touch "$t/$B/$one"
	(cd "$t" && kmake "$OUT/$v-one" "$OUT/$v-one.time" dt_binding_check DT_SCHEMA_FILES="$one")
	rc=$?
	ex=$(grep -c '^ *DTEX ' "$OUT/$v-one.out")
	(cd "$t" && kmake "$OUT/$v-one2" "$OUT/$v-one2.time" dt_binding_check DT_SCHEMA_FILES="$one")
	if [ $rc -eq 0 ] && [ "$ex" -eq 1 ] && grep -q "DTEX .*${one%.yaml}.example.dts" "$OUT/$v-one.out"; then
		result "$v: DT_SCHEMA_FILES=$one checks just that binding" ok \
			"$(cat "$OUT/$v-one.time") after a touch; $(cat "$OUT/$v-one2.time") again"
	else
		result "$v: DT_SCHEMA_FILES=$one checks just that binding" FAIL "exit $rc, $ex examples"
	fi

	# dtbs_check on the reference's boards.
	# (A kernel without a reference of its own: 6.12's boards it still has.)
	# shellcheck disable=SC2086 # the reference directories
	for d in $dref; do cat "$d/files.txt"; done | sort -u |
		while read -r b; do [ -f "$t/$b" ] && echo "$b"; done |
		head -n "${BOARDS:-100000}" >"$OUT/$v-boards.txt"
	targets=$(sed 's|^arch/arm64/boot/dts/||; s|\.dts$|.dtb|' "$OUT/$v-boards.txt")
	[ -f "$t/.config" ] || (cd "$t" && make ARCH=arm64 defconfig >"$OUT/$v-defconfig.log" 2>&1)
	for d in $targets; do rm -f "$t/arch/arm64/boot/dts/$d"; done
	# shellcheck disable=SC2086 # one make argument per board
	(cd "$t" && kmake "$OUT/$v-dtbs" "$OUT/$v-dtbs.time" ARCH=arm64 CHECK_DTBS=y $targets)
	rc=$?
	built=0
	for d in $targets; do [ -f "$t/arch/arm64/boot/dts/$d" ] && built=$((built + 1)); done
	nb=$(echo "$targets" | wc -w)
	if [ $rc -eq 0 ] && [ $built -eq "$nb" ]; then
		result "$v: make CHECK_DTBS=y on $nb arm64 boards completes" ok "$built built and checked"
	else
		result "$v: make CHECK_DTBS=y on $nb arm64 boards completes" FAIL "exit $rc, $built built"
		tail -n 5 "$OUT/$v-dtbs.err"
	fi
	python3 "$HERE/compare.py" times "$OUT/$v-dtbs.time" "$OUT/$v-dtbs.fe"
	[ -z "$ref" ] && { echo "no dtbs_check reference stored for $v"; continue; }
	# shellcheck disable=SC2086 # the reference directories
	python3 "$HERE/compare.py" dtbs "$OUT/$v-dtbs.err" "$OUT/$v-boards.txt" "$t" $dref \
		>"$OUT/$v-dtbs.cmp"
	cat "$OUT/$v-dtbs.cmp"
	count_tests "$OUT/$v-dtbs.cmp"
	r1=${dref%% *}	# the one with per-phase timings
	awk -v n="$nb" 'NR > 1 { c += $3 + $4 } END {
		printf "reference (stored, per board as in %d boards): %.0f s CPU for %d boards\n", f, c * n / f, n }' \
		f="$(wc -l <"$r1/files.txt")" "$r1/timings.tsv"
done
echo "logs: $OUT"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
