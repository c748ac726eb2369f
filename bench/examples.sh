#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind exampletest against the reference dt_binding_check pipeline
# (`make bench`, issue 4).
#
# Usage: bench/examples.sh BINARY
# Env:   SHARED, DTCORPUS, RUNS as for bench/run.sh (bench/lib.sh)
#        ONE   the binding of part 2, relative to the 6.1 bindings
#              (default i2c/i2c-gpio.yaml)
#
# 1. Every example of the 6.1 and 6.12 bindings, dtbind exampletest in one
#    process: with its schema-set cache (warm) and with --no-cache (every
#    schema loaded and processed, the work of dt-mk-schema).  The reference
#    for 6.1 is the recorded dt_binding_check run
#    ($SHARED/reference/6.1-binding-check/timings.tsv: 2,983 files, two jobs
#    at a time, 43 minutes here), not rerun: its extract, cpp, dtc and
#    validate phases against dtbind with the cache, and the same plus
#    mkschema against --no-cache.
#    The reference for 6.12 is the recorded run of dt-schema 2026.06
#    ($SHARED/reference/modern-6.12/timings.tsv: the examples of every 5th
#    binding, 872), compared per binding and scaled to the whole tree.
# 2. One binding side by side, live, when the reference is installed (6.1:
#    Debian's dt-schema 2022.08; 6.12: dt-schema 2026.06's wrappers in
#    REFBIN, default /opt/dtschema-sid-bin; dtc and gcc): dt-extract-example,
#    gcc -E, dtc and dt-validate as kbuild runs them (the processed schema
#    made once by dt-mk-schema, not timed) against dtbind exampletest on the
#    same file, process start and schema-set load included, in two rows:
#    with -p FILE, a set made once by dtbind mkschema -o (not timed) and
#    taken as it is, the same work as the reference's row, whose freshness
#    make owns; and the default, which checks on every run that its cached
#    set is that of the binding files (a stat of every binding and
#    directory: 4,611 on 6.12, ~11 ms of CPU on this VM, a cost the
#    reference's row does not pay).  The goals (< 50 ms on 6.1,
#    < 20 ms on 6.12 with the 2026.06 generation) are stated against the
#    -p row, with the default's figure beside them.  The live/recorded
#    factor of the 6.1 reference on that binding scales the recorded total
#    to an estimate at today's speed.
# Ratios are of CPU time (user + sys); best of RUNS runs after a warm-up.
# Results go to stdout and to bench/out/examples-*.txt.
set -u

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init examples "$@"
ONE=${ONE:-i2c/i2c-gpio.yaml}
REFT612=$SHARED/reference/modern-6.12/timings.tsv
REFT=$SHARED/reference/6.1-binding-check/timings.tsv
REFP=$SHARED/reference/6.1-binding-check/pertime.tsv
status=0

# 1. The whole corpora.
{
	echo "1. every example, dtbind exampletest in one process (exit 1: findings; times in s)"
	printf '%-7s %-10s %8s %8s %8s %8s %8s\n' corpus schemas bindings wall cpu ms/each "RSS MiB"
} >"$tmp/t1"
cpu61='' cpu61nc='' reftot='' cpu612='' n612=''
for v in 6.1 6.12; do
	if ! bench_corpus "$v"; then
		status=1
		continue
	fi
	n=$(find "$b" -name '*.yaml' -type f | wc -l)
	for mode in cached no-cache; do
		opt=
		[ "$mode" = no-cache ] && opt=--no-cache
		# shellcheck disable=SC2086 # $opt is one option or none
		if ! bench "exampletest $v $mode" 1 "$BIN" exampletest $opt --no-source -u "$b" "$b"; then
			status=1
			continue
		fi
		# shellcheck disable=SC2086 # four fields on purpose
		set -- $best_line
		c=$(cpu "$best_line")
		awk -v v="$v" -v m="$mode" -v n="$n" -v w="$1" -v c="$c" -v k="$4" 'BEGIN {
			printf "%-7s %-10s %8d %8.2f %8.2f %8.2f %8.1f\n", v, m, n, w, c, 1000 * c / n, k / 1024 }' >>"$tmp/t1"
		[ "$v" = 6.1 ] && [ "$mode" = cached ] && cpu61=$c
		[ "$v" = 6.1 ] && [ "$mode" = no-cache ] && cpu61nc=$c
		[ "$v" = 6.12 ] && [ "$mode" = cached ] && cpu612=$c n612=$n
	done
done

if [ -r "$REFT" ] && [ -n "$cpu61" ] && [ -n "$cpu61nc" ]; then
	awk -F'\t' -v ours="$cpu61" -v oursnc="$cpu61nc" -v tf="$tmp/reftot" '
		$1 == "extract" || $1 == "cpp" || $1 == "dtc" || $1 == "validate" || $1 == "mkschema" {
			c = $3 + $4
			printf "  %-9s %8.1f %8.1f\n", $1, $2, c
			if ($1 != "mkschema") { w += $2; cx += c } else { wm = $2; cm = c }
			n = $6 }
		END {
			printf "  %-9s %8.1f %8.1f   dtbind (cached):   %.2f s CPU, %.0fx less\n",
				"examples", w, cx, ours, cx / ours
			printf "  %-9s %8.1f %8.1f   dtbind --no-cache: %.2f s CPU, %.0fx less\n",
				"+mkschema", w + wm, cx + cm, oursnc, (cx + cm) / oursnc
			printf "  (per binding: reference %.0f ms CPU, dtbind %.1f ms)\n", 1000 * cx / n, 1000 * ours / n
			print cx > tf }' \
		"$REFT" >"$tmp/r1" || status=1
	reftot=$(cat "$tmp/reftot")
	{
		echo
		echo "reference 6.1, recorded (not rerun): dt_binding_check with dt-schema 2022.08,"
		echo "two jobs at a time; wall = elapsed of the phase, cpu = user + sys"
		echo "($REFT)"
		printf '  %-9s %8s %8s\n' phase wall cpu
		cat "$tmp/r1"
	} >>"$tmp/t1"
else
	echo "reference 6.1: no recorded timings ($REFT) or no dtbind 6.1 figure: no ratio" >>"$tmp/t1"
fi
if [ -r "$REFT612" ] && [ -n "$cpu612" ]; then
	{
		echo
		echo "reference 6.12, recorded (not rerun): dt_binding_check with dt-schema 2026.06,"
		echo "the examples of every 5th binding, two jobs at a time ($REFT612)"
		printf '  %-9s %8s %8s\n' phase wall cpu
		awk -F'\t' -v ours="$cpu612" -v nall="$n612" '
			$1 == "extract" || $1 == "cpp" || $1 == "dtc" || $1 == "validate" {
				c = $3 + $4
				printf "  %-9s %8.1f %8.1f\n", $1, $2, c
				w += $2; cx += c; n = $6 }
			END {
				printf "  %-9s %8.1f %8.1f   for %d bindings: %.0f ms CPU each\n", "examples", w, cx, n, 1000 * cx / n
				printf "  whole tree (%d bindings) at that rate: ~%.0f s CPU; dtbind (cached): %.2f s, ~%.0fx less\n",
					nall, cx / n * nall, ours, cx / n * nall / ours }' "$REFT612"
	} >>"$tmp/t1" || status=1
else
	echo "reference 6.12: no recorded timings ($REFT612) or no dtbind 6.12 figure: no ratio" >>"$tmp/t1"
fi

# 2. One binding, live, per generation.
{
	echo
	echo "2. one binding side by side, live: $ONE (best of $RUNS; times in ms)"
	printf '%-56s %7s %7s %8s\n' tool wall cpu "RSS MiB"
} >"$tmp/t2"
for v in 6.1 6.12; do
	bench_tree "$v"
	inc=$root/scripts/dtc/include-prefixes
	goal=0.02
	[ "$v" = 6.1 ] && goal=0.05
	ocpu= pcpu= rcpu= rnote=
	if [ ! -r "$one" ]; then
		echo "bench/examples.sh: $one missing" >&2
		status=1
		continue
	elif bench "exampletest $v $ONE" 1 "$BIN" exampletest --no-source -u "$b" "$one"; then
		ocpu=$(cpu "$best_line")
		oline=$best_line
	else
		status=1
	fi
	# The like-for-like row: the set made once, as dt-mk-schema's is, and taken as it is.
	if "$BIN" mkschema -u "$b" -o "$tmp/set-$v.bin" >/dev/null 2>&1 &&
	   bench "exampletest -p $v $ONE" 1 "$BIN" exampletest --no-source -u "$b" \
		-p "$tmp/set-$v.bin" "$one"; then
		pcpu=$(cpu "$best_line")
		pline=$best_line
	else
		status=1
	fi
	missing=$(ref_missing dt-extract-example dt-mk-schema dt-validate dtc gcc)
	if [ -n "$missing" ]; then
		rnote="$v reference skipped:$missing not installed (scripts/install-deps.sh --reference; ../shared/modern-ref/setup.sh)"
	elif ps=$(PATH=${pfx:+$REFBIN:}$PATH ref_schema "$v" "$b"); then
		# the bindings Makefile's DTC_FLAGS; kbuild's cpp and dtc command lines
		cat >"$tmp/ref.sh" <<EOS
cd "$root" &&
${pfx}dt-extract-example "$one" >"$tmp/ex.dts" &&
gcc -E -nostdinc -I "$inc" -undef -D__DTS__ -x assembler-with-cpp -o "$tmp/ex.pp" "$tmp/ex.dts" &&
dtc -O dtb -o "$tmp/ex.dtb" -b 0 -i "$tmp" -i "$inc" -Wno-avoid_unnecessary_addr_size \
	-Wno-graph_child_address -Wno-interrupt_provider -Wno-unique_unit_address \
	-Wunique_unit_address_if_enabled "$tmp/ex.pp" &&
${pfx}dt-validate -u "$b" -p "$ps" "$tmp/ex.dtb"
EOS
		if bench "reference pipeline $v" 0 sh "$tmp/ref.sh"; then
			rcpu=$(cpu "$best_line")
			rline=$best_line
		else
			rnote="$v reference pipeline failed (see above)"
			status=1
		fi
	else
		rnote="$v reference skipped: dt-mk-schema failed"
		status=1
	fi
	{
		[ -n "$rcpu" ] && ms_row 56 "$v reference $gen: extract | cpp | dtc | dt-validate -p" "$rline"
		[ -n "$pcpu" ] && ms_row 56 "$v dtbind exampletest -p FILE ($gen, process start)" "$pline"
		[ -n "$ocpu" ] && ms_row 56 "$v dtbind exampletest ($gen, start, self-checking cache)" "$oline"
		if [ -n "$rcpu" ] && [ -n "$pcpu" ]; then
			awk -v r="$rcpu" -v o="$pcpu" 'BEGIN {
				printf "  ratio (CPU), like for like (-p): dtbind %.1fx less\n", r / (o > 0.005 ? o : 0.005) }'
		fi
		if [ -n "$rcpu" ] && [ -n "$ocpu" ]; then
			awk -v r="$rcpu" -v o="$ocpu" 'BEGIN {
				printf "  ratio (CPU), self-checking default: dtbind %.1fx less\n", r / (o > 0.005 ? o : 0.005) }'
		fi
		[ -n "$rnote" ] && echo "  $rnote"
		if [ "$v" = 6.1 ] && [ -n "$rcpu" ] && [ -r "$REFP" ] && [ -n "$cpu61" ]; then
			awk -F'\t' -v f="Documentation/devicetree/bindings/$ONE" -v live="$rcpu" -v tot="$reftot" -v ours="$cpu61" '
				$1 == f && ($2 == "extract" || $2 == "cpp" || $2 == "dtc" || $2 == "validate") { c += $4 + $5; n++ }
				END {
					if (n == 4 && c > 0 && tot > 0)
						printf "  recorded for this binding: %.0f ms CPU (live/recorded %.2f); the recorded 6.1 total at that speed\n    is ~%.0f s: ~%.0fx for dtbind (cached) on 6.1 (estimate)\n",
							1000 * c, live / c, tot * live / c, tot * live / c / ours }' "$REFP"
		fi
		if [ -n "$pcpu" ] && [ -n "$ocpu" ]; then
			awk -v p="$pcpu" -v pw="${pline%% *}" -v o="$ocpu" -v w="${oline%% *}" -v g="$goal" -v v="$v" 'BEGIN {
				printf "  goal on %s: exampletest of one binding < %.0f ms with process start, like for like\n", v, 1000 * g
				printf "    (-p FILE, as the reference row takes its processed schema): %s (%.1f ms CPU, %.1f ms wall)\n",
					p < g ? "met" : "NOT met", 1000 * p, 1000 * pw
				printf "    the self-checking default: %.1f ms CPU, %.1f ms wall (%s): it stats every binding and\n",
					1000 * o, 1000 * w, o < g ? "under it too" : "over it"
				printf "    directory to prove its cached set current, ~2.5 us a stat on this VM\n" }'
		fi
		:
	} >>"$tmp/t2"
done

{
	echo "dtbind exampletest bench $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs"
	echo "binary: $ARG ($("$BIN" --version 2>/dev/null | head -n 1 || true))" | sed 's/ ()$//'
	echo "best of $RUNS runs after one warm-up, via $MEASURE; cpu = user + sys; ratios of CPU time"
	echo
	cat "$tmp/t1" "$tmp/t2"
} >"$tmp/report"
save_report examples
exit "$status"
