#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# How fast each harness runs and how much it covers in a fixed time, from its
# seeds alone (a fresh corpus each time, so runs compare): executions, exec/s
# of wall time, edges (libFuzzer's cov) and features (ft) at the end, CPU
# seconds used, and executions per CPU second (steadier on a loaded machine).  For before/after figures of a harness change (README.md).
#
# SPEED_FROM=DIR starts each harness from a copy of DIR/<harness> (a corpus
# of earlier runs) instead of its seeds alone: runs of 100 s or more from a
# big corpus measure the steady state of long runs.  Short runs from the
# seeds are in ASan's fresh-memory regime (its 256 MiB quarantine not yet
# full, every allocation touches new pages), where a change can look 10%
# slower that is 8% faster in a long run (README.md).
#
# Usage: tests/fuzz/speed.sh BUILD SECONDS [HARNESS...]
set -u

HERE=$(dirname "$0")
# The options run.sh gives each harness (max_len, dictionary), without its corpus.
# shellcheck source=tests/fuzz/options.sh
. "$HERE/options.sh"
fuzz_setup "$@" || exit 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-11s %10s %8s %10s %6s %7s %6s\n' harness executions exec/s exec/cpu-s edges features cpu-s
for h in $HARNESSES; do
	mkdir -p "$tmp/$h"
	[ -z "${SPEED_FROM:-}" ] || cp -r "$SPEED_FROM/$h/." "$tmp/$h/"
	fuzz_dict "$HERE" "$h" >"$tmp/$h.dict"
	# shellcheck disable=SC2046 # the options split on purpose
	/usr/bin/time -f '%U %S' -o "$tmp/$h.time" "$B/fuzz/fuzz_$h" -timeout=10 -rss_limit_mb=2048 \
		$(fuzz_options "$h") -dict="$tmp/$h.dict" -max_total_time="$SECS" -print_final_stats=1 \
		-artifact_prefix="$tmp/" "$tmp/$h" "$B/seeds/$h" >"$tmp/$h.log" 2>&1
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/$h.log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$tmp/$h.log" | tail -n 1 | cut -d ' ' -f 2)
	ft=$(grep -o 'ft: [0-9]*' "$tmp/$h.log" | tail -n 1 | cut -d ' ' -f 2)
	cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$tmp/$h.time")
	printf '%-11s %10s %8s %10s %6s %7s %6s\n' "$h" "${runs:-?}" "$(( ${runs:-0} / SECS ))" \
		"$(( ${runs:-0} / (cpu > 0 ? cpu : 1) ))" "${cov:-?}" "${ft:-?}" "$cpu"
	grep -E '^==[0-9]+==ERROR|SUMMARY' "$tmp/$h.log" | head -n 3
done
