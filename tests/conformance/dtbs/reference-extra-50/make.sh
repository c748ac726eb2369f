#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Records dt-validate's results for the 50 boards of files.txt (the second
# sample of tests/conformance/dtbs: every 15th arm64 .dts of Linux 6.1 from
# index 7).  Run once by hand; needs dt-schema 2022.08 (dt-mk-schema,
# dt-validate), gcc, dtc, python3.  Takes ~8 min with JOBS=2.
#
# Usage: make.sh [KERNEL]   (default: the 6.1 tree of ../shared/corpus.sh)
# Env:   PS=FILE   reuse a processed schema instead of running dt-mk-schema
#        JOBS      boards at a time (default 2)
# Writes results.tsv, timings.tsv, pertime.tsv here.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
K=${1:-$(sh "$HERE/../../../../../shared/corpus.sh" 6.1 2>/dev/null | tail -n 1)}
K=$(cd "$K" && pwd)
JOBS=${JOBS:-2}
INC=$K/scripts/dtc/include-prefixes
DTC_FLAGS="-Wno-interrupt_provider -Wno-unit_address_vs_reg
-Wno-avoid_unnecessary_addr_size -Wno-alias_paths -Wno-graph_child_address
-Wno-simple_bus_reg -Wno-unique_unit_address"
W=$(mktemp -d "${TMPDIR:-/tmp}/refx.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$K"

# processed schema, as dtbs_check makes it
if [ -n "${PS:-}" ]; then
	cp "$PS" "$W/ps.json"
else
	dt-mk-schema -j Documentation/devicetree/bindings >"$W/ps.json"
fi

# the .dtb files, as kbuild of 6.1 makes them (no board of this sample has
# DTC_FLAGS_<board> in its Makefile)
: >"$W/build.tsv"
while read -r f; do
	b=$(basename "$f" .dts)
	# shellcheck disable=SC2086
	gcc -E -nostdinc -I "$INC" -undef -D__DTS__ -x assembler-with-cpp \
		-o "$W/$b.pp" "$f"
	dtc -O dtb -o "$W/$b.dtb" -b 0 -i "$(dirname "$f")" -i "$INC" \
		$DTC_FLAGS "$W/$b.pp" 2>"$W/$b.dtc"
	printf '%s\tcpp\tok\t\n' "$f" >>"$W/build.tsv"
	if [ -s "$W/$b.dtc" ]; then
		tr '\n' '\r' <"$W/$b.dtc" | sed 's/\r$//; s/\r/\\n/g' |
			sed "s|^|$f\tdtc\twarn\t|" >>"$W/build.tsv"
		echo >>"$W/build.tsv"
	else
		printf '%s\tdtc\tok\t\n' "$f" >>"$W/build.tsv"
	fi
done <"$HERE/files.txt"

# dt-validate, JOBS at a time; timed.py records each run's CPU time and
# sends stdout and stderr (where dt-validate prints) to BOARD.out
while read -r f; do
	b=$(basename "$f" .dts)
	printf '%s\t%s\t%s\tdt-validate\t-m\t-u\tDocumentation/devicetree/bindings\t-p\t%s\t%s\n' \
		"$f" "$K" "$W/$b.out" "$W/ps.json" "$W/$b.dtb"
done <"$HERE/files.txt" >"$W/jobs"
python3 "$HERE/../timed.py" "$JOBS" "$W/times" <"$W/jobs"

# results.tsv: the format of ../shared/reference/6.1-dtbs-check-arm64-50:
# one line a message, continuation lines joined with a literal \n\t, the
# "BOARD.dtb: " prefix dropped, schema paths relative (as when run in the
# tree: Documentation/..., dtschema/schemas/...)
SCH=$(python3 -c 'import dtschema, os; print(os.path.dirname(dtschema.__file__))' 2>/dev/null ||
	/usr/bin/python3 -c 'import dtschema, os; print(os.path.dirname(dtschema.__file__))')
/usr/bin/python3 - "$HERE/files.txt" "$W" "$K" "$SCH" "$W/build.tsv" >"$HERE/results.tsv" <<'EOF'
import os, sys
files, w, k, sch, build = sys.argv[1:6]
blines = {}
for l in open(build):
    l = l.rstrip('\n')
    if l:
        blines.setdefault(l.split('\t', 1)[0], []).append(l)
for f in (l.strip() for l in open(files) if l.strip()):
    for l in blines.get(f, []):
        print(l)
    b = os.path.basename(f)[:-4]
    msgs = []
    for line in open(os.path.join(w, b + '.out'), encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('\t') and msgs:
            msgs[-1] += '\\n\\t' + line[1:].replace('\t', '\\t')
        elif line:
            msgs.append(line.replace('\t', '\\t'))
    dtb = os.path.join(w, b + '.dtb')
    for m in msgs:
        if m.startswith(dtb):
            m = m[len(dtb):]
            m = m[2:] if m.startswith(': ') else m[1:]
        m = m.replace(k + '/', '').replace(sch + '/', 'dtschema/')
        kind = 'warn' if 'failed to match any schema with compatible' in m else 'error'
        print('%s\tvalidate\t%s\t%s' % (f, kind, m))
EOF
{
	printf 'file\tphase\twall_s\tuser_s\tsys_s\n'
	awk -F'\t' '{ printf "%s\tvalidate\t%.2f\t%.2f\t%.2f\n", $1, $4, $2, $3 }' "$W/times"
} >"$HERE/pertime.tsv"
{
	printf 'phase\twall_s\tuser_s\tsys_s\tfiles\n'
	awk -F'\t' '{ w += $4; u += $2; s += $3; n++ }
		END { printf "validate\t%.2f\t%.2f\t%.2f\t%d\n", w, u, s, n }' "$W/times"
} >"$HERE/timings.tsv"
awk -F'\t' '$5 != 0 { print "make.sh: " $1 ": exit status " $5 }' "$W/times" >&2
echo "make.sh: $(grep -c '	validate	error	' "$HERE/results.tsv") errors," \
	"$(grep -c '	validate	warn	' "$HERE/results.tsv") warnings"
