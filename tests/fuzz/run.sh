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
# Harnesses run FUZZ_JOBS at a time (default: one per CPU), so that the smoke
# run's 8 x 30 s fit CI's 5 minutes with the build.
# Prints one line per harness (executions, coverage) and "N passed, N failed".
set -u

HERE=$(dirname "$0")
# shellcheck source=tests/fuzz/options.sh
. "$HERE/options.sh"
fuzz_setup "$@" || exit 2
# FUZZ_TIMEOUT: a longer limit for long runs at nice 19, where a starved
# process can take 2 s of wall time over an input of 0.1 s of CPU.
FLAGS="-timeout=${FUZZ_TIMEOUT:-2} -rss_limit_mb=2048"
mkdir -p "$B/logs" "$B/dict"

# run_harness H: H's regression inputs, then SECS of fuzzing.  Prints its
# one result line ("PASS: ..." or "FAIL: ..." with the log's key lines) and
# returns 1 on failure.
run_harness() {
	h=$1
	bin=$B/fuzz/fuzz_$h
	log=$B/logs/$h.log
	[ -x "$bin" ] || { echo "FAIL: $h: no $bin"; return 1; }
	dict=$B/dict/$h.dict
	fuzz_dict "$HERE" "$h" >"$dict"
	mkdir -p "$B/corpus/$h" "$B/artifacts/$h"
	# One run of a harness at a time: two would share its log and corpus.
	exec 9>"$B/logs/$h.lock"
	if command -v flock >/dev/null && ! flock -n 9; then
		echo "FAIL: $h: another run of it holds $B/logs/$h.lock"
		return 1
	fi

	# Saved inputs of bugs already fixed: each must run clean.
	reg=$(ls "$HERE/regress/$h"/* 2>/dev/null)
	# shellcheck disable=SC2086 # the file list and flags split on purpose
	if [ -n "$reg" ] && ! "$bin" $FLAGS $reg >"$log" 2>&1; then
		echo "FAIL: $h: a regression input fails again (see $log)"
		return 1
	fi
	# shellcheck disable=SC2086,SC2046 # the options split on purpose
	"$bin" $FLAGS $(fuzz_options "$h") -max_total_time="$SECS" -print_final_stats=1 -dict="$dict" \
		-artifact_prefix="$B/artifacts/$h/" "$B/corpus/$h" "$B/seeds/$h" >"$log" 2>&1
	rc=$?
	runs=$(LC_ALL=C sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d ' ' -f 2)
	if [ $rc -eq 0 ]; then
		echo "PASS: $h: ${runs:-?} executions, ${cov:-?} edges"
		return 0
	fi
	echo "FAIL: $h: exit $rc after ${runs:-?} executions, see $log:"
	grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -n 5 | sed 's/^/  /'
	return 1
}

# FUZZ_JOBS harnesses at a time (default: one per CPU), each in a subshell of
# its own (its lock lives as long as it does); results print in the order
# asked, after each batch.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
res=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$res"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
pass=0
fail=0
# shellcheck disable=SC2086 # one word per harness
set -- $HARNESSES
while [ $# -gt 0 ]; do
	batch=
	n=0
	while [ $# -gt 0 ] && [ $n -lt "$jobs" ]; do
		(run_harness "$1" >"$res/$1.out" 2>&1; echo $? >"$res/$1.rc") &
		batch="$batch $1"
		n=$((n + 1))
		shift
	done
	wait
	for h in $batch; do
		cat "$res/$h.out"
		if [ "$(cat "$res/$h.rc" 2>/dev/null)" = 0 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
		fi
	done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
