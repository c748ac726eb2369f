#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Speed and memory of dtbind on every binding of the kernel corpus
# (`make bench`).
#
# Usage: bench/run.sh BINARY
# Env:   SHARED     directory holding corpus.sh (default: ../shared beside
#                   the repository)
#        DTCORPUS   corpus cache, passed on to corpus.sh
#        RUNS       timed runs per tool, the best is kept (default 3)
#        REF_PYTHON interpreter for the reference (default /usr/bin/python3)
#
# Measures, on the *.yaml files under Documentation/devicetree/bindings of
# linux-6.1 and linux-6.12:
#   dtbind parse @LIST                       load every file
#   bench/ref_yaml_load.py @LIST             the same with ruamel.yaml, the
#                                            way dt-schema loads schemas
#                                            (skipped when /usr/bin/python3
#                                            cannot import ruamel.yaml)
#   dtbind jsonschema -s 2019-09 @LIST       meta-schema validation
# CPU time comes from python3's wait4() (to the microsecond), peak RSS from
# GNU /usr/bin/time; either alone will do (python3 alone: the peak RSS is
# at least python's, ~14 MiB; GNU time alone: 10 ms steps).
# Each tool runs once untimed (warm cache), then RUNS times; the run with the
# least CPU time (user + sys) is reported.  Results go to stdout and to
# bench/out/yaml-*.txt.  bench/lib.sh holds what the benchmarks share.
set -u

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init run "$@"
META=https://json-schema.org/draft/2019-09/schema
REF_PY=${REF_PYTHON:-/usr/bin/python3}

if ! roots=$(sh "$SHARED/corpus.sh"); then
	echo "bench/run.sh: corpus.sh failed; cannot get the kernel corpus" >&2
	exit 1
fi

list=$OUT/bindings.list
: >"$list"
corpus_desc=
for r in $roots; do
	d=$r/Documentation/devicetree/bindings
	if [ ! -d "$d" ]; then
		echo "bench/run.sh: $d missing" >&2
		exit 1
	fi
	find "$d" -name '*.yaml' -type f | LC_ALL=C sort >"$tmp/one"
	corpus_desc="$corpus_desc ${r##*/}: $(wc -l <"$tmp/one"),"
	cat "$tmp/one" >>"$list"
done
nfiles=$(wc -l <"$list")
if [ "$nfiles" -eq 0 ]; then
	echo "bench/run.sh: no binding files found" >&2
	exit 1
fi

status=0
rows=
# row NAME WALL USER SYS RSS_KB
row() {
	rows="$rows$(printf '%-34s %8.2f %8.2f %8.2f %9s %9s' "$1" "$2" "$3" "$4" \
		"$(awk -v n="$nfiles" -v u="$3" -v s="$4" 'BEGIN { if (u + s > 0) printf "%.0f", n / (u + s); else print "-" }')" \
		"$(awk -v k="$5" 'BEGIN { if (k ~ /^[0-9]+$/) printf "%.1f", k / 1024; else print "-" }')")
"
}

parse_cpu=
if bench "dtbind parse" 1 "$BIN" parse "@$list"; then
	if [ "$rc" -ne 0 ]; then
		echo "bench/run.sh: note: dtbind parse reported errors (see $OUT/parse.err)" >&2
		cp "$tmp/err" "$OUT/parse.err"
	fi
	# shellcheck disable=SC2086 # four fields on purpose
	set -- $best_line
	parse_cpu=$(cpu "$best_line")
	row "dtbind parse" "$1" "$2" "$3" "$4"
else
	status=1
fi

ref_note=
ref_cpu=
if [ -x "$REF_PY" ] && "$REF_PY" -c 'import ruamel.yaml' 2>/dev/null; then
	if bench "ref_yaml_load.py" 1 "$REF_PY" bench/ref_yaml_load.py "@$list"; then
		# files=N seconds=S cpu_seconds=C files_per_sec=R peak_rss_kb=K
		# (S and C exclude start-up)
		ref=$(cat "$tmp/out")
		ref_secs=$(printf '%s\n' "$ref" | sed -n 's/.* seconds=\([0-9.]*\).*/\1/p')
		ref_cpu=$(printf '%s\n' "$ref" | sed -n 's/.*cpu_seconds=\([0-9.]*\).*/\1/p')
		ref_rss=$(printf '%s\n' "$ref" | sed -n 's/.*peak_rss_kb=\([0-9]*\).*/\1/p')
		# shellcheck disable=SC2086
		set -- $best_line
		row "ruamel.yaml (dt-schema's loader)" "$ref_secs" "$2" "$3" "$ref_rss"
		[ "$rc" -ne 0 ] && ref_note="ruamel.yaml failed to load some files (see $OUT/ref.err)" &&
			cp "$tmp/err" "$OUT/ref.err"
	else
		status=1
	fi
else
	ref_note="reference skipped: $REF_PY cannot import ruamel.yaml (apt-get install python3-ruamel.yaml)"
fi

if bench "dtbind jsonschema" 1 "$BIN" jsonschema -q -s "$META" "@$list"; then
	# shellcheck disable=SC2086
	set -- $best_line
	row "dtbind jsonschema (2019-09 meta)" "$1" "$2" "$3" "$4"
else
	status=1
fi

{
	echo "dtbind bench $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs"
	echo "binary: $ARG ($("$BIN" --version 2>/dev/null | head -n 1 || true))" | sed 's/ ()$//'
	echo "files: $nfiles binding YAML files (${corpus_desc# }" | sed 's/,$/)/'
	echo "best of $RUNS runs (least CPU time) after one warm-up; times in seconds, via $MEASURE"
	echo "files/s: per CPU second (user + sys); ruamel.yaml row: wall is the loading only, user and sys the whole process"
	echo
	printf '%-34s %8s %8s %8s %9s %9s\n' tool wall user sys files/s "RSS MiB"
	printf '%s' "$rows"
	if [ -n "$parse_cpu" ] && [ -n "$ref_cpu" ]; then
		awk -v d="$parse_cpu" -v r="$ref_cpu" 'BEGIN {
			if (d > 0) printf "\ndtbind parse takes %.1fx less CPU time than ruamel.yaml ", r / d;
			else printf "\ndtbind parse took < 0.001 s ";
			printf "(ruamel: %.2f s, loading only, no interpreter start-up; dtbind: the whole process)\n", r }'
	fi
	[ -n "$ref_note" ] && echo "$ref_note"
	:
} >"$tmp/report"

save_report yaml
echo "file list: $list"
exit "$status"
