#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind lint against the reference's lint phases of dt_binding_check
# (yamllint + dt-doc-validate), per dt-schema generation (`make bench`).
#
# Usage: bench/lint.sh BINARY
# Env:   SHARED, DTCORPUS, RUNS as for bench/run.sh (bench/lib.sh)
#        ONE     the binding of part 2, relative to the bindings root
#                (default i2c/i2c-gpio.yaml)
#        REFBIN  dt-schema 2026.06's wrappers (default /opt/dtschema-sid-bin,
#                made by ../shared/modern-ref/setup.sh)
#
# 1. Every binding, dtbind lint in one process (its meta-schemas and core
#    schemas are built in; lint needs no schema-set cache): kernel 6.1 (the 2022.08 generation, chosen
#    from the tree) against the recorded 6.1 run of dt-schema 2022.08 and
#    yamllint 1.29, kernel 6.12 (the 2026.06 generation) against the
#    recorded 6.12 run of dt-schema 2026.06 and yamllint 1.38
#    ($SHARED/reference/{6.1-binding-check,modern-6.12}/timings.tsv: the
#    yamllint and docval phases; not rerun).
# 2. One binding side by side, live: yamllint -c .yamllint + dt-doc-validate
#    on the file against dtbind lint on it, process start included, for
#    each generation whose reference is installed (2022.08: Debian's
#    dt-schema and yamllint; 2026.06: REFBIN).
# Ratios are of CPU time (user + sys); best of RUNS runs after a warm-up.
# Results go to stdout and to bench/out/lint-*.txt.
set -u

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init lint "$@"
ONE=${ONE:-i2c/i2c-gpio.yaml}
status=0

# ref_dir VERSION: the recorded reference run of that kernel
ref_dir() {
	case $1 in
	6.1) echo "$SHARED/reference/6.1-binding-check" ;;
	*) echo "$SHARED/reference/modern-$1" ;;
	esac
}

{
	echo "1. every binding, dtbind lint in one process (exit 1: findings; times in s)"
	printf '%-7s %-8s %8s %8s %8s %8s %8s\n' corpus dtschema bindings wall cpu ms/each "RSS MiB"
} >"$tmp/t1"
: >"$tmp/r1"
for v in 6.1 6.12; do
	if ! bench_corpus "$v"; then
		status=1
		continue
	fi
	gen=2026.06
	[ "$v" = 6.1 ] && gen=2022.08
	n=$(find "$b" -name '*.yaml' -type f | wc -l)
	ours=
	if bench "lint $v" 1 "$BIN" lint --no-source -u "$b" "$b"; then
		# shellcheck disable=SC2086 # four fields on purpose
		set -- $best_line
		ours=$(cpu "$best_line")
		awk -v v="$v" -v g="$gen" -v n="$n" -v w="$1" -v c="$ours" -v k="$4" 'BEGIN {
			printf "%-7s %-8s %8d %8.2f %8.2f %8.2f %8.1f\n", v, g, n, w, c, 1000 * c / n, k / 1024 }' >>"$tmp/t1"
	else
		status=1
	fi
	reft=$(ref_dir "$v")/timings.tsv
	if [ -r "$reft" ] && [ -n "$ours" ]; then
		awk -F'\t' -v v="$v" -v g="$gen" -v ours="$ours" '
			$1 == "yamllint" || $1 == "docval" {
				c = $3 + $4; cx += c; w += $2; n = $6
				printf "  %-5s %-8s %-9s %8.1f %8.1f\n", v, g, $1, $2, c }
			END {
				if (n)
					printf "  %-5s %-8s %-9s %8.1f %8.1f   dtbind: %.2f s CPU, %.0fx less\n",
						v, g, "lint", w, cx, ours, cx / ours }' "$reft" >>"$tmp/r1" || status=1
	else
		echo "  $v: no recorded timings ($reft) or no dtbind figure: no ratio" >>"$tmp/r1"
	fi
done
{
	echo
	echo "references, recorded (not rerun): the yamllint and dt-doc-validate phases of"
	echo "dt_binding_check, two jobs at a time; wall = elapsed of the phase, cpu = user + sys"
	printf '  %-5s %-8s %-9s %8s %8s\n' kernel dtschema phase wall cpu
	cat "$tmp/r1"
} >>"$tmp/t1"

# 2. One binding, live, per generation.
{
	echo
	echo "2. one binding side by side, live: $ONE (best of $RUNS; times in ms)"
	printf '%-52s %7s %7s %8s\n' tool wall cpu "RSS MiB"
} >"$tmp/t2"
for v in 6.1 6.12; do
	bench_tree "$v"
	[ -r "$one" ] || { echo "bench/lint.sh: $one missing" >&2; status=1; continue; }
	ocpu= rcpu=
	if bench "lint $v $ONE" 1 "$BIN" lint --no-source -u "$b" "$one"; then
		ocpu=$(cpu "$best_line")
		oline=$best_line
	else
		status=1
	fi
	if [ -z "$(ref_missing dt-doc-validate yamllint)" ]; then
		cat >"$tmp/ref.sh" <<EOS
cd "$root" &&
${pfx}yamllint -f parsable -c "$b/.yamllint" "$one" &&
${pfx}dt-doc-validate -u "$b" "$one"
EOS
		if bench "reference lint $v" 0 sh "$tmp/ref.sh"; then
			rcpu=$(cpu "$best_line")
			rline=$best_line
		else
			echo "  $v: the reference failed on $ONE" >>"$tmp/t2"
		fi
	else
		echo "  $v: dt-schema $gen not installed (${pfx:-PATH}): reference skipped" >>"$tmp/t2"
	fi
	[ -n "$rcpu" ] && ms_row 52 "$v reference $gen: yamllint + dt-doc-validate" "$rline" >>"$tmp/t2"
	[ -n "$ocpu" ] && ms_row 52 "$v dtbind lint ($gen, process start)" "$oline" >>"$tmp/t2"
	if [ -n "$rcpu" ] && [ -n "$ocpu" ]; then
		awk -v r="$rcpu" -v o="$ocpu" 'BEGIN {
			printf "  ratio (CPU): dtbind %.1fx less\n", r / (o > 0.001 ? o : 0.001) }' >>"$tmp/t2"
	fi
done

{
	echo "dtbind lint bench $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs"
	echo "binary: $ARG ($("$BIN" --version 2>/dev/null | head -n 1 || true))" | sed 's/ ()$//'
	echo "best of $RUNS runs after one warm-up, via $MEASURE; cpu = user + sys; ratios of CPU time"
	echo
	cat "$tmp/t1" "$tmp/t2"
} >"$tmp/report"
save_report lint
exit "$status"
