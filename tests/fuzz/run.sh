#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Run the libFuzzer harnesses (`make fuzz-smoke`, `make fuzz FUZZ_S=N`):
# each first on its saved regression inputs (tests/fuzz/regress/<harness>/),
# then SECONDS of fuzzing from its seeds (tests/fuzz/seeds.sh, generated
# when missing) and what earlier runs found (BUILD/corpus/<harness>/).  A
# crash, a leak, an input slower than 2 s or over 2 GiB fails the harness;
# the input is kept in BUILD/artifacts/<harness>/ and the log in BUILD/logs/.
#
# Usage: tests/fuzz/run.sh BUILD SECONDS [HARNESS...]
# Prints one line per harness (executions, coverage) and "N passed, N failed".
set -u

HERE=$(dirname "$0")
# shellcheck source=tests/fuzz/options.sh
. "$HERE/options.sh"
fuzz_setup "$@" || exit 2
# FUZZ_TIMEOUT: a longer limit for long runs at nice 19, where a starved
# process can take 2 s of wall time over an input of 0.1 s of CPU.
FLAGS="-timeout=${FUZZ_TIMEOUT:-2} -rss_limit_mb=2048"
pass=0
fail=0

mkdir -p "$B/logs" "$B/dict"
for h in $HARNESSES; do
	bin=$B/fuzz/fuzz_$h
	log=$B/logs/$h.log
	[ -x "$bin" ] || { echo "FAIL: $h: no $bin"; fail=$((fail + 1)); continue; }
	dict=$B/dict/$h.dict
	fuzz_dict "$HERE" "$h" >"$dict"
	mkdir -p "$B/corpus/$h" "$B/artifacts/$h"
	# One run of a harness at a time: two would share its log and corpus.
	exec 9>"$B/logs/$h.lock"
	if command -v flock >/dev/null && ! flock -n 9; then
		echo "FAIL: $h: another run of it holds $B/logs/$h.lock"
		fail=$((fail + 1))
		exec 9>&-
		continue
	fi

	# Saved inputs of bugs already fixed: each must run clean.
	reg=$(ls "$HERE/regress/$h"/* 2>/dev/null)
	# shellcheck disable=SC2086 # the file list and flags split on purpose
	if [ -n "$reg" ] && ! "$bin" $FLAGS $reg >"$log" 2>&1; then
		echo "FAIL: $h: a regression input fails again (see $log)"
		fail=$((fail + 1))
		exec 9>&-
		continue
	fi
	# shellcheck disable=SC2086
	"$bin" $FLAGS $(fuzz_options "$h") -max_total_time="$SECS" -print_final_stats=1 -dict="$dict" \
		-artifact_prefix="$B/artifacts/$h/" "$B/corpus/$h" "$B/seeds/$h" >"$log" 2>&1
	rc=$?
	exec 9>&-
	runs=$(LC_ALL=C sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d ' ' -f 2)
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "PASS: $h: ${runs:-?} executions, ${cov:-?} edges"
	else
		fail=$((fail + 1))
		echo "FAIL: $h: exit $rc after ${runs:-?} executions, see $log:"
		grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -n 5 | sed 's/^/  /'
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
