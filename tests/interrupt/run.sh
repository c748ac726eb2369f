#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Interrupted runs leave nothing behind (`make interrupt-tests`): `check`
# (a series applied in memory over the kernel tree) and `doc2yaml` (its
# self-check in memory, its output files) are sent SIGINT or SIGTERM while
# they work.  They create nothing in $TMPDIR, not even while they run;
# afterwards the cache directory holds no temporary file, and every output
# file doc2yaml wrote is whole (it loads as YAML; no temporary file beside
# it).  Needs the kernel trees of ../shared/corpus.sh;
# skipped without them.
#
# Usage: tests/interrupt/run.sh BINARY
# Prints PASS/FAIL/SKIP per test and ends with "N passed, N failed".
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "interrupt: $1: not an executable" >&2; exit 2; }
SHARED=${SHARED:-../shared}
case $SHARED in /*) ;; *) SHARED=$(pwd)/$SHARED ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-interrupt.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

k61=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1) || k61=
k612=$(sh "$SHARED/corpus.sh" 6.12 2>/dev/null | tail -n 1) || k612=
if [ ! -d "$k61/Documentation/devicetree/bindings" ] || [ ! -d "$k612/Documentation/devicetree/bindings" ]; then
	echo "SKIP: interrupted runs (no kernel trees from $SHARED/corpus.sh)"
	echo "$pass passed, $fail failed"
	exit 0
fi
patch=$(ls "$SHARED"/seeds/*convert-cpu-binding*.patch 2>/dev/null | head -n 1)

# await GLOB: until a path matching GLOB exists (60 s at most, the process still running).
await() {
	i=0
	while [ $i -lt 1200 ] && kill -0 "$pid" 2>/dev/null; do
		# shellcheck disable=SC2086 # GLOB expands here
		[ -n "$(ls -d $1 2>/dev/null)" ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
empty() { [ -z "$(ls -A "$1" 2>/dev/null)" ]; }
no_temp() { [ -z "$(find "$1" -name '*.tmp' 2>/dev/null)" ]; }

for sig in INT TERM; do
	rm -rf "$T/tmp" "$T/xdg" "$T/out"
	mkdir -p "$T/tmp" "$T/out"
	# A shell starts background commands with SIGINT ignored: env gives it back.
	# The cache is cold: the run spends seconds with its tree in place.
	TMPDIR=$T/tmp XDG_CACHE_HOME=$T/xdg env --default-signal=INT "$BIN" check --tree "$k612" "$patch" >/dev/null 2>&1 &
	pid=$!
	# Nothing appears to wait for: a second into the cold schema load it still works.
	sleep 1
	if kill -0 $pid 2>/dev/null; then
		made=$(ls -A "$T/tmp")
		kill -"$sig" $pid
		wait $pid 2>/dev/null
		rc=$?
		check "check creates nothing in TMPDIR while it runs${made:+ (made: $made)}" \
			"[ -z '$made' ]"
		check "check stopped by SIG$sig (exit $rc) leaves nothing behind" \
			"[ $rc -gt 128 ] && empty '$T/tmp' && no_temp '$T/xdg'"
	else
		wait $pid
		bad "check ended before it could be interrupted"
	fi

	TMPDIR=$T/tmp XDG_CACHE_HOME=$T/xdg env --default-signal=INT "$BIN" doc2yaml -f -o "$T/out" \
		"$k61/Documentation/devicetree/bindings" >/dev/null 2>&1 &
	pid=$!
	if await "$T/out/*"; then
		sleep 1
		made=$(ls -A "$T/tmp")
		kill -"$sig" $pid
		wait $pid 2>/dev/null
		rc=$?
		whole=true
		n=0
		for f in $(find "$T/out" -name '*.yaml'); do
			n=$((n + 1))
			"$BIN" parse "$f" >/dev/null 2>&1 || { whole=false; echo "  not whole: $f"; }
		done
		check "doc2yaml's self-check creates nothing in TMPDIR while it runs${made:+ (made: $made)}" \
			"[ -z '$made' ]"
		check "doc2yaml stopped by SIG$sig (exit $rc) leaves nothing behind" \
			"[ $rc -gt 128 ] && empty '$T/tmp' && no_temp '$T/xdg'"
		check "... and its $n output files are whole, no temporary one beside them" \
			"$whole && [ -z \"\$(find '$T/out' -name '.*')\" ]"
	else
		wait $pid
		bad "doc2yaml wrote no output to interrupt"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
