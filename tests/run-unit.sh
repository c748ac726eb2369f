#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run-unit.sh - run cmocka unit test binaries and total their results.
#
# usage: sh tests/run-unit.sh build/tests/test_util build/tests/test_uri ...
#
# Prints each binary's output, then one line "N passed, N failed" summing the
# counts cmocka reports.  A binary that exits non-zero without reporting a
# failed test (a crash, a sanitizer abort, a missing file) counts as one
# failed test.  Exits 1 when anything failed, else 0.

if [ $# -eq 0 ]; then
	echo "usage: $0 TEST-BINARY..." >&2
	exit 2
fi

# The summary lines parsed below are those of cmocka's standard output format.
CMOCKA_MESSAGE_OUTPUT=stdout
export CMOCKA_MESSAGE_OUTPUT

passed=0
failed=0
bad_binaries=0

for bin in "$@"; do
	case $bin in
	*/*) cmd=$bin ;;
	*) cmd=./$bin ;;
	esac
	if [ ! -x "$cmd" ]; then
		echo "$bin: not found or not executable"
		failed=$((failed + 1))
		bad_binaries=$((bad_binaries + 1))
		continue
	fi
	echo "== $bin"
	out=$("$cmd" 2>&1)
	rc=$?
	[ -n "$out" ] && printf '%s\n' "$out"

	# "[  PASSED  ] 12 test(s)."  and  "[  FAILED  ] 2 test(s), listed below:"
	p=$(printf '%s\n' "$out" |
		sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test(s)\..*/\1/p' | tail -n 1)
	f=$(printf '%s\n' "$out" |
		sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test(s).*/\1/p' | tail -n 1)
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))

	if [ "$rc" -ne 0 ]; then
		bad_binaries=$((bad_binaries + 1))
		if [ "${f:-0}" -eq 0 ]; then
			# No failure was counted by cmocka: it crashed or never ran.
			failed=$((failed + 1))
			if [ "$rc" -gt 128 ]; then
				echo "$bin: killed by signal $((rc - 128))"
			else
				echo "$bin: exited with status $rc without a test summary"
			fi
		fi
	elif [ -z "$p" ] && [ -z "$f" ]; then
		# Exit 0 but no summary: not a cmocka run we can count.
		echo "$bin: no cmocka summary in its output"
		failed=$((failed + 1))
		bad_binaries=$((bad_binaries + 1))
	fi
done

echo "$passed passed, $failed failed"
[ "$bad_binaries" -eq 0 ] && [ "$failed" -eq 0 ]
