#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind doc2yaml over every .txt binding of a kernel tree, in one process
# (`make bench`).  Nothing else converts .txt bindings, so there is no
# reference to run beside it: the yardstick is issue 16's budget, all the
# .txt of 6.1 in under 5 s.
#
# Usage: bench/doc2yaml.sh BINARY
# Env:   SHARED, DTCORPUS, RUNS as for bench/run.sh (bench/lib.sh)
#        VERSIONS  kernel trees to convert (default "6.1 6.12")
#
# Three ways per tree, each run into a new output directory under TMPDIR
# (kept until the end: a file system slows down creating files right after
# deleting many), as a first conversion writes them:
#   in-tree   as `doc2yaml DIR` in a checkout: the tree's arch/ boards read,
#             each output linted (the self-check)
#   no-check  the same with --no-self-check
#   text      --dts pointing at an empty directory: the text's rules alone
#   again     in-tree again, --force into the first run's directory: the
#             outputs are the same, and none is rewritten
# The time to create 1,800 files depends much on the file system (on ext4
# with many recently deleted inodes, sys time doubles): the report names the
# one TMPDIR is on.  Results go to stdout and to bench/out/doc2yaml-*.txt.
set -u

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
bench_init doc2yaml "$@"
VERSIONS=${VERSIONS:-6.1 6.12}
BUDGET=5
status=0
mkdir "$tmp/noboards" || exit 2

{
	echo "every .txt binding, dtbind doc2yaml in one process (best of $RUNS; times in s)"
	printf '%-6s %-9s %6s %8s %8s %8s %8s %8s\n' kernel way files wall user sys ms/each "RSS MiB"
} >"$tmp/t1"
for v in $VERSIONS; do
	if ! bench_corpus "$v"; then
		status=1
		continue
	fi
	n=$(find "$b" -name '*.txt' -type f | wc -l)
	for way in in-tree no-check text again; do
		out=$tmp/out-$v-$way
		case $way in
		in-tree) set -- ;;
		no-check) set -- --no-self-check ;;
		text) set -- --dts "$tmp/noboards" ;;
		again) set -- --force ;;
		esac
		# A new directory each run: with --force into the same one, a run
		# after the first leaves every unchanged output as it is.
		cat >"$tmp/run.sh" <<'EOS'
out=$1
shift
i=0
while [ -e "$out.$i" ]; do i=$((i + 1)); done
exec "$@" -o "$out.$i"
EOS
		# exit 1: some outputs keep findings (the self-check's), as expected
		if [ "$way" = again ]; then
			bench "doc2yaml $v $way" 1 "$BIN" doc2yaml "$@" -o "$tmp/out-$v-in-tree.0" "$b"
		else
			bench "doc2yaml $v $way" 1 sh "$tmp/run.sh" "$out" "$BIN" doc2yaml "$@" "$b"
		fi
		if [ $? -eq 0 ]; then
			# shellcheck disable=SC2086 # four fields on purpose
			set -- $best_line
			awk -v v="$v" -v way="$way" -v n="$n" -v w="$1" -v u="$2" -v s="$3" -v k="$4" 'BEGIN {
				printf "%-6s %-9s %6d %8.2f %8.2f %8.2f %8.2f %8.1f\n",
					v, way, n, w, u, s, 1000 * (u + s) / n, k / 1024 }' >>"$tmp/t1"
			if [ "$v" = 6.1 ] && [ "$way" = in-tree ]; then
				awk -v c="$(cpu "$best_line")" -v w="$1" -v bud="$BUDGET" 'BEGIN {
					printf "  issue 16 budget, all .txt of 6.1 in under %d s: %.2f s CPU (%s), %.2f s wall (%s)\n",
						bud, c, c < bud ? "met" : "NOT met", w, w < bud ? "met" : "not met" }' >>"$tmp/budget"
			fi
		else
			status=1
		fi
	done
done

{
	echo "dtbind doc2yaml bench $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc 2>/dev/null || echo '?') CPUs"
	echo "binary: $ARG ($("$BIN" --version 2>/dev/null | head -n 1 || true))" | sed 's/ ()$//'
	echo "best of $RUNS runs after one warm-up, via $MEASURE; outputs on $(df -T "$tmp" 2>/dev/null | awk 'NR == 2 { print $2 }') ($tmp)"
	echo "no reference: nothing else converts .txt bindings"
	echo
	cat "$tmp/t1"
	[ -f "$tmp/budget" ] && cat "$tmp/budget"
} >"$tmp/report"
save_report doc2yaml
exit "$status"
