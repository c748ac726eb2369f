# SPDX-License-Identifier: BSD-2-Clause
#
# Shared by the benchmarks of bench/ (`. bench/lib.sh`, then
# `bench_init NAME "$@"`).  Not a command.
#
# bench_init NAME ARGS...  checks the one argument (the dtbind binary) and
#                   sets BIN (absolute), ARG (as given), ROOT (the repository,
#                   also the working directory), SHARED, RUNS, OUT (bench/out),
#                   tmp (removed on exit) and MEASURE (python3+gnu-time,
#                   python3 or gnu-time: what measure uses; with both, the
#                   times are the command's alone, GNU time gives the RSS)
# measure CMD...    runs CMD once (stdout to $tmp/out, stderr to $tmp/err);
#                   sets rc and m_line to "WALL USER SYS RSS_KB"
# bench NAME OKRC CMD...  a warm-up run plus RUNS timed runs; best_line is the
#                   one with the least CPU time (user + sys).  An exit status
#                   other than 0 and OKRC is a failure (returns 1)
# cpu LINE          user + sys of an m_line, in seconds
# ms_row W DESC LINE  one table row: DESC (W wide), then the m_line's wall, cpu
#                   (ms) and RSS (MiB)
# bench_corpus VERSION  the kernel tree VERSION of the corpus cache: sets root
#                   and b (its bindings); returns 1, said, when there is none
# ref_schema VERSION BINDINGS  dt-schema's processed schema of the kernel
#                   VERSION's BINDINGS, made once by dt-mk-schema -j (not
#                   timed) and kept in bench/out; prints its absolute path (returns 1
#                   when dt-mk-schema fails)
# save_report NAME  prints $tmp/report and keeps it as bench/out/NAME-latest.txt
#                   and bench/out/NAME-<UTC time>.txt
#
# Env: SHARED  directory holding corpus.sh and reference/ (default: ../shared
#              beside the repository)
#      DTCORPUS  corpus cache, passed on to corpus.sh
#      RUNS    timed runs of each repeated measurement (default 3)

bench_init() {
	b_prog=bench/$1.sh
	shift
	if [ $# -ne 1 ]; then
		echo "usage: $b_prog BINARY" >&2
		exit 2
	fi
	ARG=$1
	case $ARG in
	/*) BIN=$ARG ;;
	*) BIN=$(pwd)/$ARG ;;
	esac
	[ -x "$BIN" ] || { echo "$b_prog: $ARG: not an executable" >&2; exit 2; }
	ROOT=$(cd "$(dirname "$0")/.." && pwd)
	cd "$ROOT" || exit 2
	SHARED=${SHARED:-../shared}
	RUNS=${RUNS:-3}
	OUT=bench/out
	mkdir -p "$OUT" || exit 2
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-bench.XXXXXX") || exit 2
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 130' INT TERM
	if [ ! -f "$SHARED/corpus.sh" ]; then
		echo "$b_prog: $SHARED/corpus.sh not found (set SHARED=DIR)" >&2
		exit 2
	fi
	# python3 times to the microsecond, GNU time gives the command's own
	# peak RSS (a child of python3 reports python's); either alone will do
	b_gnu=
	[ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null && b_gnu=1
	if command -v python3 >/dev/null 2>&1; then
		MEASURE=python3${b_gnu:++gnu-time}
	elif [ -n "$b_gnu" ]; then
		MEASURE=gnu-time
	else
		echo "$b_prog: needs python3 or GNU time (apt-get install time)" >&2
		exit 2
	fi
}

measure() {
	case $MEASURE in
	gnu-time)
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/m" "$@" >"$tmp/out" 2>"$tmp/err"
		rc=$? ;;
	python3*)
		# CPU time: wait4() of the command itself, wall: around it.  RSS:
		# GNU time's %M on a run that asks for it ($b_rss=1: bench's
		# warm-up), kept for the timed runs, which run the command alone
		# (GNU time's own start would add ~4 ms of CPU to each); else the
		# child's own figure
		python3 -c '
import os, subprocess, sys, time
m, gnu, argv = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
if gnu:
    argv = ["/usr/bin/time", "-f", "%M", "-o", m + ".rss"] + argv
t = time.monotonic()
p = subprocess.Popen(argv)
_, status, ru = os.wait4(p.pid, 0)
w = time.monotonic() - t
rss = ru.ru_maxrss
if os.path.exists(m + ".rss"):
    with open(m + ".rss") as f:
        rss = int(f.read().split()[-1])
with open(m, "w") as f:
    f.write("%.3f %.4f %.4f %d\n" % (w, ru.ru_utime, ru.ru_stime, rss))
rc = os.waitstatus_to_exitcode(status)
sys.exit(rc if rc >= 0 else 128 - rc)' "$tmp/m" "${b_rss:-0}" "$@" >"$tmp/out" 2>"$tmp/err"
		rc=$? ;;
	esac
	m_line=$(tail -n 1 "$tmp/m")
}

cpu() {
	# shellcheck disable=SC2086 # four fields on purpose
	set -- $1
	awk -v u="$2" -v s="$3" 'BEGIN { printf "%.4f", u + s }'
}

bench() {
	b_name=$1 b_ok=$2
	shift 2
	best_line=
	b_i=0
	rm -f "$tmp/m.rss"
	while [ "$b_i" -le "$RUNS" ]; do
		# the warm-up takes the RSS (through GNU time), the timed runs the times
		b_rss=
		[ "$b_i" -eq 0 ] && b_rss=${b_gnu:-}
		measure "$@"
		if [ "$rc" -ne 0 ] && [ "$rc" -ne "$b_ok" ]; then
			echo "$b_prog: $b_name exited $rc:" >&2
			head -n 5 "$tmp/err" >&2
			return 1
		fi
		if [ "$b_i" -gt 0 ]; then
			if [ -z "$best_line" ] ||
			   awk -v a="$(cpu "$m_line")" -v b="$(cpu "$best_line")" 'BEGIN { exit !(a < b) }'; then
				best_line=$m_line
			fi
		fi
		b_i=$((b_i + 1))
	done
}

# The kernel tree of version $1 from the corpus cache: sets root and b (its
# bindings); says so and returns 1 when there is none.
bench_corpus() {
	root=$(sh "$SHARED/corpus.sh" "$1" 2>/dev/null | tail -n 1)
	b=$root/Documentation/devicetree/bindings
	[ -d "$b" ] && return 0
	echo "$b_prog: no $1 corpus" >&2
	return 1
}

# The kernel tree of version $1 and its reference: sets root, b (its
# bindings), one ($b/$ONE), gen (the dt-schema generation in force) and pfx
# (the prefix of the reference's programs: "" for the host's dt-schema
# 2022.08, $REFBIN/ for 2026.06's wrappers).
REFBIN=${REFBIN:-/opt/dtschema-sid-bin}
bench_tree() {
	bench_corpus "$1"
	one=$b/${ONE:-}
	if [ "$1" = 6.1 ]; then
		gen=2022.08 pfx=
	else
		gen=2026.06 pfx=$REFBIN/
	fi
}

# Which of the programs named are not installed, with bench_tree's prefix
# for the reference's own ("" when all are).
ref_missing() {
	r_missing=
	for r_t in "$@"; do
		case $r_t in
		dt-*|yamllint) r_p=$pfx ;;
		*) r_p= ;;
		esac
		if [ -n "$r_p" ]; then
			[ -x "$r_p$r_t" ] || r_missing="$r_missing $r_p$r_t"
		else
			command -v "$r_t" >/dev/null 2>&1 || r_missing="$r_missing $r_t"
		fi
	done
	echo "$r_missing"
}

ref_schema() {
	r_ps=$OUT/processed-schema-$1.json
	r_stamp="$(dt-mk-schema --version 2>&1 | head -n 1) $2"
	if [ ! -s "$r_ps" ] || [ "$(cat "$r_ps.stamp" 2>/dev/null)" != "$r_stamp" ]; then
		echo "$b_prog: dt-mk-schema -j $2 (once, not timed)" >&2
		if ! dt-mk-schema -j "$2" >"$r_ps.tmp" 2>"$tmp/mk.err" || [ ! -s "$r_ps.tmp" ]; then
			head -n 5 "$tmp/mk.err" >&2
			rm -f "$r_ps.tmp"
			return 1
		fi
		mv "$r_ps.tmp" "$r_ps" && printf '%s\n' "$r_stamp" >"$r_ps.stamp" || return 1
	fi
	echo "$ROOT/$r_ps"
}

save_report() {
	cat "$tmp/report"
	r_stamp=$(date -u +%Y%m%d-%H%M%S)
	cp "$tmp/report" "$OUT/$1-$r_stamp.txt"
	cp "$tmp/report" "$OUT/$1-latest.txt"
	echo "results: $OUT/$1-latest.txt, $OUT/$1-$r_stamp.txt"
}

ms_row() {
	# shellcheck disable=SC2086 # four fields on purpose
	set -- "$1" "$2" $3
	awk -v n="$1" -v d="$2" -v w="$3" -v u="$4" -v s="$5" -v k="$6" 'BEGIN {
		printf "%-" n "s %7.1f %7.1f %8.1f\n", d, 1000 * w, 1000 * (u + s), k / 1024 }'
}
