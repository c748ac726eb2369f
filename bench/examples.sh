#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# dtbind exampletest against the reference dt_binding_check pipeline
# (`make bench`).
#
# Usage: bench/examples.sh BINARY
# Env:   SHARED, DTCORPUS as for bench/run.sh
#
# 1. All examples of the 6.1 and 6.12 bindings with dtbind (one process);
#    the reference's time for 6.1 is the recorded dt_binding_check run
#    (../shared/reference/6.1-binding-check/timings.tsv: extract, cpp, dtc
#    and validate phases), which takes 43 minutes here and is not rerun.
# 2. One binding side by side, live, when Debian's dt-schema and dtc are
#    installed: dt-extract-example | cpp | dtc | dt-validate (with a
#    processed schema made once by dt-mk-schema, not counted) against
#    dtbind exampletest on the same file (schema loading included).
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
SHARED=${SHARED:-../shared}
OUT=bench/out
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# cpu CMD...: run it, print "WALL CPU RSS_KB" (user + system).
cpu() {
	/usr/bin/time -f '%e %U %S %M' -o "$TMP/m" "$@" >/dev/null 2>"$TMP/err"
	tail -n 1 "$TMP/m" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }'
}

echo "== exampletest: every example of the corpus"
printf '%-8s %7s %8s %8s %9s\n' corpus files wall_s cpu_s rss_mib
for v in 6.1 6.12; do
	root=$(sh "$SHARED/corpus.sh" "$v" 2>/dev/null | tail -n 1)
	b=$root/Documentation/devicetree/bindings
	[ -d "$b" ] || continue
	n=$(find "$b" -name '*.yaml' | wc -l)
	set -- $(cpu "$BIN" exampletest --no-source -u "$b" "$b")
	printf '%-8s %7d %8s %8s %9.1f\n' "$v" "$n" "$1" "$2" "$(echo "$3" | awk '{ print $1 / 1024 }')"
	[ "$v" = 6.1 ] && ours61="$1 $2"
done
ref=$SHARED/reference/6.1-binding-check/timings.tsv
if [ -r "$ref" ] && [ -n "${ours61:-}" ]; then
	awk -F'\t' -v ours="$ours61" '
		$1 == "extract" || $1 == "cpp" || $1 == "dtc" || $1 == "validate" {
			w += $2; c += $3 + $4 }
		END {
			split(ours, o, " ")
			printf "reference 6.1 (recorded): %.0f s wall, %.0f s CPU -> dtbind is %.0fx faster (wall), %.0fx (CPU)\n",
				w, c, w / o[1], c / o[2] }' "$ref"
fi

echo "== one binding, side by side"
root=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1)
b=$root/Documentation/devicetree/bindings
one=$b/i2c/i2c-gpio.yaml
if command -v dt-validate >/dev/null && command -v dtc >/dev/null && [ -r "$one" ]; then
	ps=$OUT/processed-schema-6.1.json
	[ -s "$ps" ] || dt-mk-schema -j "$b" >"$ps" 2>/dev/null
	cat >"$TMP/ref.sh" <<EOS
dt-extract-example "$one" >"$TMP/ex.dts" &&
gcc -E -nostdinc -I "$root/scripts/dtc/include-prefixes" -undef -D__DTS__ -x assembler-with-cpp "$TMP/ex.dts" -o "$TMP/ex.pre" &&
dtc -q -O dtb -o "$TMP/ex.dtb" "$TMP/ex.pre" &&
dt-validate -u "$b" -p "$ps" "$TMP/ex.dtb"
EOS
	set -- $(cpu sh "$TMP/ref.sh")
	rw=$1 rc=$2
	set -- $(cpu "$BIN" exampletest --no-source -u "$b" "$one")
	awk -v rw="$rw" -v rc="$rc" -v w="$1" -v c="$2" 'BEGIN {
		printf "reference: %.2f s wall, %.2f s CPU; dtbind: %.2f s wall, %.2f s CPU (all schemas loaded); ratio %.0fx (CPU)\n",
			rw, rc, w, c, rc / (c > 0.005 ? c : 0.005) }'
else
	echo "reference pipeline not installed (apt-get install dt-schema device-tree-compiler): skipped"
fi
