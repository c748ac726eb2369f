#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind validate against dtbs_check's dt-validate (`make bench`, issue 5).
#
# Usage: bench/validate.sh BINARY
# Env:   SHARED, DTCORPUS, RUNS as for bench/run.sh (bench/lib.sh)
#        LIVE  boards dt-validate runs on live (default 4; ~17 s CPU each)
#
# The sample: the 100 kernel 6.1 arm64 boards of tests/conformance/dtbs, their
# .dtb built (and cached) by tests/conformance/dtbs/build.sh.  The
# reference's CPU time per board is recorded: dt-validate 2022.08 -m in
# $SHARED/reference/6.1-dtbs-check-arm64-50 and
# tests/conformance/dtbs/reference-extra-50 (timings.tsv, pertime.tsv).
#
# 1. Fixed costs, live: dtbind validate on an empty tree, the schema set
#    from its cache (the goal: < 100 ms) and with --no-cache.
# 2. The whole sample: dtbind validate -m on the 100 .dtb in one process and
#    one process per board, the same from the .dts sources (-I
#    scripts/dtc/include-prefixes, in the kernel tree), against the recorded
#    dt-validate total.
# 3. Per board: dtbind's CPU time (one process, start-up included) from the
#    .dtb and from the .dts, the recorded dt-validate, and dt-validate run
#    live with the same processed schema (dt-mk-schema -j, made once, not
#    timed) on LIVE boards, every (100 / LIVE)th from the first, when
#    dt-schema is installed.  The live/recorded factor of those boards scales
#    the recorded total to an estimate at today's speed.
# Ratios are of CPU time (user + sys).  Repeated runs: best of RUNS after a
# warm-up; the per-board runs are single.  Results go to stdout and to
# bench/out/validate-*.txt.
set -u

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init validate "$@"
LIVE=${LIVE:-4}
REFA=$SHARED/reference/6.1-dtbs-check-arm64-50
REFB=$ROOT/tests/conformance/dtbs/reference-extra-50
status=0

K=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
[ -d "$K/arch/arm64/boot/dts" ] || { echo "bench/validate.sh: no 6.1 corpus" >&2; exit 2; }
B=$K/Documentation/devicetree/bindings
INC=$K/scripts/dtc/include-prefixes
for f in "$REFA/timings.tsv" "$REFA/pertime.tsv" "$REFB/timings.tsv" "$REFB/pertime.tsv"; do
	[ -r "$f" ] || { echo "bench/validate.sh: $f missing" >&2; exit 2; }
done
# the .dtb files; without gcc and dtc (device-tree-compiler), only the .dts
dtb_note=
if CACHE=$(sh tests/conformance/dtbs/build.sh "$K" "$REFA" "$REFB"); then
	cp "$CACHE/files.txt" "$tmp/files.txt" || exit 2
else
	CACHE=
	dtb_note="no .dtb: tests/conformance/dtbs/build.sh failed (it needs gcc and dtc); .dtb parts skipped"
	cat "$REFA/files.txt" "$REFB/files.txt" >"$tmp/files.txt" || exit 2
fi
# board<TAB>set<TAB>.dts path, set A the shared 50, B the extra 50
awk -v a="$REFA/files.txt" '
	FILENAME == a { inA[$1] = 1; next }
	{ b = $1; sub(/.*\//, "", b); sub(/\.dts$/, "", b)
	  print b "\t" (($1 in inA) ? "A" : "B") "\t" $1 }' "$REFA/files.txt" "$tmp/files.txt" >"$tmp/boards"
nb=$(wc -l <"$tmp/boards")
# recorded dt-validate CPU per .dts path
awk -F'\t' '$2 == "validate" { printf "%s\t%.2f\n", $1, $4 + $5 }' \
	"$REFA/pertime.tsv" "$REFB/pertime.tsv" >"$tmp/refcpu"
# recorded totals: "A_CPU B_CPU"
reftot=$(awk -F'\t' '$1 == "validate" { printf "%s ", $3 + $4 }' "$REFA/timings.tsv" "$REFB/timings.tsv")
printf '/dts-v1/;\n/ { };\n' >"$tmp/empty.dts"
if command -v dtc >/dev/null 2>&1; then
	dtc -O dtb -o "$tmp/empty.dtb" "$tmp/empty.dts" 2>/dev/null || exit 2
	EMPTY=$tmp/empty.dtb
else
	EMPTY=$tmp/empty.dts
fi

# row DESC M_LINE UNIT(1 or 1000) [EXTRA]: "desc wall cpu rss extra"
row() {
	# shellcheck disable=SC2086 # four fields on purpose
	set -- "$1" $2 "$3" "${4:-}"
	awk -v d="$1" -v w="$2" -v u="$3" -v s="$4" -v k="$5" -v x="$6" -v e="$7" 'BEGIN {
		f = (x == 1000) ? "%-52s %8.1f %8.1f %8.1f  %s\n" : "%-52s %8.2f %8.2f %8.1f  %s\n"
		printf f, d, x * w, x * (u + s), k / 1024, e }'
}

# 1. Fixed costs.
{
	echo "1. fixed costs, live (best of $RUNS; times in ms)"
	printf '%-52s %8s %8s %8s\n' what wall cpu "RSS MiB"
} >"$tmp/t1"
load_cpu=
if bench "validate empty tree" 1 "$BIN" validate -u "$B" "$EMPTY"; then
	load_cpu=$(cpu "$best_line")
	goal=$(awk -v c="$(cpu "$best_line")" 'BEGIN { print (c < 0.1) ? "goal < 100 ms: met" : "goal < 100 ms: NOT met" }')
	row "schema-set load from cache (validate, empty tree)" "$best_line" 1000 "$goal" >>"$tmp/t1"
else
	status=1
fi
if bench "validate empty tree --no-cache" 1 "$BIN" validate --no-cache -u "$B" "$EMPTY"; then
	row "the same with --no-cache (every schema processed)" "$best_line" 1000 >>"$tmp/t1"
else
	status=1
fi

# 2. The whole sample in one process, from the .dtb and from the .dts.
cut -f 1 "$tmp/boards" | sed "s|^|$CACHE/|; s|\$|.dtb|" >"$tmp/dtbs.list"
cut -f 3 "$tmp/boards" | sed "s|^|$K/|" >"$tmp/dts.list"
one_dtb='' one_dts=''
if [ -z "$CACHE" ]; then
	:
elif bench "validate 100 .dtb" 1 "$BIN" validate -m -u "$B" "@$tmp/dtbs.list"; then
	one_dtb=$best_line
else
	status=1
fi
if bench "validate 100 .dts" 1 "$BIN" validate -m -u "$B" -I "$INC" "@$tmp/dts.list"; then
	one_dts=$best_line
else
	status=1
fi

# 3. One process per board, and dt-validate live on LIVE of them.
missing=
for t in dt-mk-schema dt-validate; do
	command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
done
live_note=
PS=
if [ -n "$missing" ]; then
	live_note="dt-validate live: skipped,$missing not installed (sh scripts/install-deps.sh --reference)"
elif [ -z "$CACHE" ]; then
	live_note="dt-validate live: skipped, no .dtb"
elif ! PS=$(ref_schema 6.1 "$B"); then
	live_note="dt-validate live: skipped, dt-mk-schema failed"
	PS=
	status=1
fi
[ "$LIVE" -gt 0 ] || PS=
step=$((nb / (LIVE > 0 ? LIVE : 1)))
[ "$step" -gt 0 ] || step=1
# one job a line for timed.py (name, directory, output, argv; TAB-separated),
# run one at a time: it records each run's CPU time to the millisecond
i=0
while IFS='	' read -r b _ f; do
	[ -n "$CACHE" ] && printf 'dtb %s\t%s\t%s\t%s\tvalidate\t-m\t-u\t%s\t%s\n' \
		"$b" "$tmp" "$tmp/dtb-$b.out" "$BIN" "$B" "$CACHE/$b.dtb"
	printf 'dts %s\t%s\t%s\t%s\tvalidate\t-m\t-u\t%s\t-I\t%s\t%s\n' \
		"$b" "$tmp" "$tmp/dts-$b.out" "$BIN" "$B" "$INC" "$K/$f"
	if [ -n "$PS" ] && [ $((i % step)) -eq 0 ] && [ $((i / step)) -lt "$LIVE" ]; then
		printf 'live %s\t%s\t%s\tdt-validate\t-m\t-u\t%s\t-p\t%s\t%s\n' \
			"$b" "$tmp" "$tmp/live-$b.out" "$B" "$PS" "$CACHE/$b.dtb"
	fi
	i=$((i + 1))
done <"$tmp/boards" >"$tmp/jobs"
echo "bench/validate.sh: $nb boards one process each, dt-validate on $(grep -c '^live ' "$tmp/jobs") live" >&2
python3 tests/conformance/dtbs/timed.py 1 "$tmp/times" <"$tmp/jobs" || exit 2
# exit status 0 (clean) or 1 (findings); a failed live run only loses its figure
awk -F'\t' '$5 != 0 && $5 != 1 { print "bench/validate.sh: " $1 " exited " $5 }' "$tmp/times" >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
	cat "$tmp/bad" >&2
	status=1
	grep -q ' live ' "$tmp/bad" && live_note="dt-validate live: $(grep ' live ' "$tmp/bad" | head -n 1)"
fi
# board<TAB>set<TAB>ref recorded<TAB>dtb<TAB>dts<TAB>live ("-": none)
awk -F'\t' '
	FILENAME == ARGV[1] { ref[$1] = $2; next }
	FILENAME == ARGV[2] { split($1, n, " "); if ($5 == 0 || $5 == 1) t[n[1], n[2]] = sprintf("%.3f", $2 + $3); next }
	{ r = ($3 in ref) ? ref[$3] : "-"
	  printf "%s\t%s\t%s", $1, $2, r
	  for (k = 1; k <= 3; k++) { m = (k == 1) ? "dtb" : (k == 2) ? "dts" : "live"
	    printf "\t%s", ((m, $1) in t) ? t[m, $1] : "-" }
	  print "" }' "$tmp/refcpu" "$tmp/times" "$tmp/boards" >"$tmp/per"

# The report.
# stats COLUMN: "min median max" of a numeric column of $tmp/ratios
stats() {
	awk -v c="$1" '$c != "-" { print $c }' "$tmp/ratios" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) printf "%.0fx, %.0fx, %.0fx", v[1], v[int((NR + 1) / 2)], v[NR]; else printf "-" }'
}
awk -F'\t' '
	function ratio(r, c) { return (r == "-" || c == "-" || c <= 0) ? "-" : sprintf("%.1f", r / c) }
	{ print ratio($3, $4) "\t" ratio($3, $5) "\t" ratio($6, $4) }' "$tmp/per" >"$tmp/ratios"
awk -F'\t' -v tot="$reftot" -v dtb="$one_dtb" -v dts="$one_dts" -v nb="$nb" -v load="$load_cpu" '
	BEGIN { split(tot, t, " "); rec = t[1] + t[2]; split(dtb, a, " "); split(dts, s, " ") }
	{ if ($4 != "-") { p1 += $4; n1++ } if ($5 != "-") { p2 += $5; n2++ }
	  if ($6 != "-") { lv += $6; lr += $3; nl++ } }
	function line(d, w, c, k) {
		if (c <= 0) return
		printf "%-52s %8s %8.2f %8s  %.0fx\n", d, w, c, k, rec / c }
	END {
		printf "2. the whole sample, %d boards (times in s)\n", nb
		printf "%-52s %8s %8s %8s  %s\n", "what", "wall", "cpu", "RSS MiB", "ratio"
		printf "%-52s %8s %8.2f %8s\n", "dt-validate -m, recorded (see below)", "-", rec, "-"
		if (dtb != "") line("dtbind validate -m, 100 .dtb in one process", sprintf("%.2f", a[1]), a[2] + a[3], sprintf("%.1f", a[4] / 1024))
		if (n1 == nb) line("dtbind validate -m, one process per .dtb (sum)", "-", p1, "-")
		if (dts != "") line("dtbind validate -m, 100 .dts in one process", sprintf("%.2f", s[1]), s[2] + s[3], sprintf("%.1f", s[4] / 1024))
		if (n2 == nb) line("dtbind validate -m, one process per .dts (sum)", "-", p2, "-")
		if (dtb != "") {
			c = a[2] + a[3]
			printf "per DTB, one process for all: %.3f s against %.2f s recorded (%.0fx)", c / nb, rec / nb, rec / c
			if (load != "" && c > load)
				printf "; without the fixed cost (%.2f s): %.3f s (%.0fx)", load, (c - load) / nb, rec / (c - load)
			print "" }
		printf "recorded: %.1f s for the 50 of %s, %.1f s for the 50 of %s\n", t[1], "6.1-dtbs-check-arm64-50", t[2], "reference-extra-50"
		if (nl) {
			f = lv / lr
			printf "live: dt-validate on %d boards took %.2f s CPU, %.2f s recorded for them (live/recorded %.2f);\n", nl, lv, lr, f
			printf "  the recorded total at that speed is ~%.0f s: ~%.0fx for the 100 .dtb in one process (estimate)\n",
				rec * f, (a[2] + a[3] > 0) ? rec * f / (a[2] + a[3]) : 0 }
	}' "$tmp/per" >"$tmp/t2" || status=1

{
	echo "3. per board (CPU s; dtbind: one process per board, start-up included; ref: dt-validate -m,"
	echo "   recorded, and live where run; set A: 6.1-dtbs-check-arm64-50, B: reference-extra-50)"
	printf '%-44s %3s %7s %7s %6s %7s %6s %7s %6s\n' board set ref dtb ratio dts ratio "ref-live" ratio
	paste "$tmp/per" "$tmp/ratios" | awk -F'\t' '{
		printf "%-44s %3s %7s %7s %6s %7s %6s %7s %6s\n", $1, $2, $3, $4, $7 == "-" ? "-" : $7 "x", $5, $8 == "-" ? "-" : $8 "x", $6, $9 == "-" ? "-" : $9 "x" }'
	echo "ratio min, median, max: .dtb $(stats 1); .dts $(stats 2); live $(stats 3)"
} >"$tmp/t3"

{
	echo "dtbind validate bench $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs"
	echo "binary: $ARG ($("$BIN" --version 2>/dev/null | head -n 1 || true))" | sed 's/ ()$//'
	echo "sample: the $nb kernel 6.1 arm64 boards of tests/conformance/dtbs, .dtb in ${CACHE:-(none)}"
	[ -n "$dtb_note" ] && echo "$dtb_note"
	echo "via $MEASURE; cpu = user + sys; ratios of CPU time (reference / dtbind)"
	echo "live: measured by this run; recorded: the reference's timings, not rerun"
	echo
	cat "$tmp/t1"
	echo
	cat "$tmp/t2"
	[ -n "$live_note" ] && echo "$live_note"
	echo
	cat "$tmp/t3"
} >"$tmp/report"
save_report validate
exit "$status"
