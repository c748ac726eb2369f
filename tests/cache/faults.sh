#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The schema cache under faults (`make cache-tests`): processes building the
# same cache at once, processes killed while writing it, partial files, and
# cache directories that are missing, read-only, a symlink elsewhere or on
# a full filesystem.  In every case a run reports what an uncached run
# does, with the same exit status, within a time limit, and a partial file
# is never read as valid.  The read-only and full-filesystem cases mount a
# small tmpfs when run as root (a plain chmod when not; the full filesystem
# is skipped then).
#
# Usage: tests/cache/faults.sh BINARY
# Prints PASS/FAIL/SKIP per test and ends with "N passed, N failed".
set -u

# shellcheck source=tests/cache/lib.sh
. "$(dirname "$0")/lib.sh"
cache_test_init faults "$@"
MOUNTS=
cache_test_cleanup() {
	for m in $MOUNTS; do umount "$m" 2>/dev/null; done
	chmod -R u+w "$T" 2>/dev/null
	rm -rf "$T"
}

# The fixture, next to the repository's corpus bindings.
mkdir -p "$T/b"
cp -r "$(dirname "$0")/../../corpus/bindings/." "$T/b/"
widget_board

# run NAME: validate with the automatic cache, output in $T/NAME.out; 60 s at most.
run() {
	timeout 60 "$BIN" validate -u "$T/b" "$T/board.dts" >"$T/$1.out" 2>&1
	echo $? >"$T/$1.rc"
}
same() { cmp -s "$T/$1.out" "$T/ref.out" && cmp -s "$T/$1.rc" "$T/ref.rc"; }
no_temp() { [ -z "$(ls "$CDIR" 2>/dev/null | grep '\.tmp$')" ]; }

"$BIN" validate -u "$T/b" --no-cache "$T/board.dts" >"$T/ref.out" 2>&1
echo $? >"$T/ref.rc"
check "the uncached run has the finding (exit 1)" \
	"grep -q 'acme,speed' '$T/ref.out' && [ \"\$(cat '$T/ref.rc')\" = 1 ]"

# parallel N: N processes on an empty cache at once, then one more from the cache.
parallel() {
	rm -rf "$CDIR"
	i=0
	while [ $i -lt "$1" ]; do
		run "par$1_$i" &
		i=$((i + 1))
	done
	wait
	all=true
	i=0
	while [ $i -lt "$1" ]; do
		same "par$1_$i" || all=false
		i=$((i + 1))
	done
	check "$1 processes building the same cache at once report what an uncached run does" "$all"
	check "... and leave one cache file, no temporary" \
		"[ \$(ls '$CDIR' | wc -l) = 1 ] && no_temp"
	run "par$1_after"
	check "... which the next run uses, same findings" "same par$1_after"
}
parallel 2
parallel 8

# Partial files, as a writer killed without the rename would leave them if it
# wrote in place: cut at offsets in the header, the index and the values.
run full
good=$(cache_file)
cp "$good" "$T/good.bin"
size=$(wc -c <"$T/good.bin")
all=true
for cut in 1 40 71 72 73 200 1000 $((size / 3)) $((size / 2)) $((size - 100)) $((size - 1)); do
	head -c "$cut" "$T/good.bin" >"$good"
	run "cut$cut"
	same "cut$cut" || { all=false; echo "  cut at $cut of $size differs"; }
	cmp -s "$good" "$T/good.bin" || [ "$(wc -c <"$good")" -gt "$cut" ] ||
		{ all=false; echo "  cut at $cut of $size: not rebuilt"; }
done
check "a cache cut anywhere is never read as valid: same findings, rebuilt" "$all"

# Killed at random points while building and writing: the next run is right.
all=true
i=0
while [ $i -lt 12 ]; do
	rm -rf "$CDIR"
	[ $((i % 3)) = 0 ] || { mkdir -p "$CDIR"; cp "$T/good.bin" "$CDIR/"; }
	timeout 60 "$BIN" validate -u "$T/b" "$T/board.dts" >/dev/null 2>&1 &
	pid=$!
	# 0 to ~0.6 s: from start-up through loading, writing and exit.
	sleep "0.$(awk -v s="$i$$" 'BEGIN { srand(s); printf "%03d", rand() * 600 }')"
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	run "kill$i"
	same "kill$i" || { all=false; echo "  run after kill $i differs"; }
	i=$((i + 1))
done
check "after processes SIGKILLed at random points, runs report the same" "$all"
check "... and a finished run leaves no temporary file of the killed ones" "no_temp"

# A temporary file of a writer that died stays until a run that writes; one of a live process stays.
rm -rf "$CDIR" && mkdir -p "$CDIR"
sleep 60 &
live=$!
: >"$CDIR/schemas-0000000000000001.bin.999999999.tmp"
: >"$CDIR/schemas-0000000000000001.bin.$live.tmp"
run stale
check "a dead writer's temporary file is removed, a live one's kept" \
	"same stale && [ ! -e '$CDIR/schemas-0000000000000001.bin.999999999.tmp' ] && \
	 [ -e '$CDIR/schemas-0000000000000001.bin.$live.tmp' ]"
kill $live 2>/dev/null
wait $live 2>/dev/null

# Missing: a directory that does not exist yet, several levels down.
XDG_CACHE_HOME=$T/new/deeper/xdg run missing
check "a missing cache directory is created" "same missing && ls '$T/new/deeper/xdg/dtbind'/schemas-*.bin >/dev/null 2>&1"
# No place at all for a cache.
env -u XDG_CACHE_HOME -u HOME "$BIN" validate -u "$T/b" "$T/board.dts" >"$T/nohome.out" 2>&1
echo $? >"$T/nohome.rc"
check "no HOME nor XDG_CACHE_HOME: runs uncached" "same nohome"
# A file where the directory should be.
: >"$T/afile"
XDG_CACHE_HOME=$T/afile run notadir
check "a file where the cache directory should be" "same notadir"

# A symlink to somewhere else, and one to nowhere.
rm -rf "$CDIR" && mkdir -p "$T/elsewhere" "$XDG_CACHE_HOME"
ln -s "$T/elsewhere" "$CDIR"
run link1
run link2
check "a cache directory that is a symlink elsewhere: written there, used" \
	"same link1 && same link2 && ls '$T/elsewhere'/schemas-*.bin >/dev/null 2>&1 && [ -L '$CDIR' ]"
rm -f "$CDIR" && ln -s "$T/nowhere/at/all" "$CDIR"
run dangling
check "a dangling symlink as the cache directory" "same dangling"
rm -f "$CDIR"

# Read-only: a read-only filesystem as root (root ignores modes), a mode otherwise.
rm -rf "$CDIR" && mkdir -p "$CDIR"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4m tmpfs "$CDIR" 2>/dev/null; then
	MOUNTS="$CDIR $MOUNTS"
	cp "$T/good.bin" "$CDIR/stale-copy.bin"
	mount -o remount,ro "$CDIR"
else
	chmod 555 "$CDIR"
fi
run ro_empty
check "a read-only cache directory: runs uncached, same findings" "same ro_empty"
if [ -n "$MOUNTS" ]; then umount "$CDIR"; MOUNTS=; fi
chmod 755 "$CDIR"
# Read-only with a good cache in it: read, not rewritten.
rm -rf "$CDIR" && run ro_fill && chmod 555 "$CDIR" && chmod 444 "$(cache_file)"
run ro_good
check "a read-only directory holding a good cache: same findings" "same ro_good"
chmod -R u+w "$CDIR"

# Full: a tmpfs too small for the cache file (root only).
rm -rf "$CDIR" && mkdir -p "$CDIR"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$CDIR" 2>/dev/null; then
	MOUNTS="$CDIR"
	run full1
	run full2
	check "a full filesystem: same findings, no partial or temporary file left" \
		"same full1 && same full2 && [ -z \"\$(ls '$CDIR')\" ]"
	head -c 60000 /dev/zero >"$CDIR/filler" 2>/dev/null
	run full3
	check "a filesystem with no room at all: same findings" "same full3"
	umount "$CDIR"
	MOUNTS=
else
	echo "SKIP: a full filesystem (needs root to mount a small tmpfs)"
fi

cache_test_end
