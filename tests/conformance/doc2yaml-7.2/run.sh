#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# doc2yaml on the newest kernel (7.2), checked by today's dt-schema.
#
# Usage: tests/conformance/doc2yaml-7.2/run.sh BINARY
# Env:   SHARED   directory holding corpus.sh (default: ../shared)
#        MODERN   dt-schema 2026.06 wrappers (default: /opt/dtschema-sid-bin)
#        KEEP=1   keep the work tree (printed) for a look at the outputs
#        MIN=99   the pass rate (percent of converted files) below which it fails
#
# As a new user would: a copy of the 7.2 bindings tree, and in it, for every
# .txt, `dtbind doc2yaml X.txt -o X.yaml` (X-txt.yaml when X.yaml exists);
# all the outputs stay in the tree, so one that shadows another schema
# breaks the others as it would for the user.  Then yamllint 1.38 with the
# tree's .yamllint and dt-doc-validate 2026.06 -u the tree, on every output.
# Pointer stubs ("This file has moved to ...") must be skipped: exit 0,
# nothing written.  Skipped (exit 0) when the 7.2 corpus or the wrappers
# are missing.
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "doc2yaml-7.2: $1: not an executable" >&2; exit 2; }
SHARED=${SHARED:-$(cd "$(dirname "$0")/../../.." && pwd)/../shared}
MODERN=${MODERN:-/opt/dtschema-sid-bin}
MIN=${MIN:-99}
K=${DTCORPUS:-$HOME/.cache/dtbind-corpus}/linux-7.2
B=Documentation/devicetree/bindings

if [ ! -d "$K/$B" ] || [ ! -x "$MODERN/dt-doc-validate" ] || [ ! -x "$MODERN/yamllint" ]; then
	echo "doc2yaml-7.2: skipped (needs $K and $MODERN; see tests/conformance/newest-7.2/run.md)"
	exit 0
fi
# /tmp is visible inside the dt-schema chroot.
W=$(mktemp -d /tmp/d2y72.XXXXXX) || exit 2
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$W"' EXIT INT TERM
mkdir -p "$W/t/Documentation/devicetree"
cp -r "$K/$B" "$W/t/$B"
cp -r "$K/include" "$W/t/include"
# The board sources, as in a kernel checkout: doc2yaml reads their compatible lists.
ln -s "$K/arch" "$W/t/arch"
[ -f "$K/MAINTAINERS" ] && cp "$K/MAINTAINERS" "$W/t/"
cd "$W/t" || exit 2
find $B -name '*.txt' | sort > "$W/txt"

# Convert.
: > "$W/outs"; : > "$W/stubs"; : > "$W/failed"; : > "$W/renamed"; : > "$W/parts"
while read -r f; do
	o=${f%.txt}.yaml
	if [ -e "$o" ]; then
		o=${f%.txt}-txt.yaml
		echo "$f" >> "$W/renamed"
	fi
	"$BIN" doc2yaml "$f" -o "$o" > "$W/log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && [ ! -e "$o" ] && grep -q 'doc2yaml-stub' "$W/log"; then
		echo "$f" >> "$W/stubs"
	elif [ -e "$o" ] && [ $rc -le 1 ]; then
		echo "$o" >> "$W/outs"
		# Parts of the text for other devices, converted beside it: checked too.
		sed -n 's/.*converted on its own, into \([^ ]*\.yaml\) \[doc2yaml-part\]$/\1/p' "$W/log" |
			while read -r p; do
				[ -e "$(dirname "$o")/$p" ] && echo "$(dirname "$o")/$p"
			done >> "$W/parts"
	else
		echo "$f rc=$rc" >> "$W/failed"
	fi
done < "$W/txt"

np=$(wc -l < "$W/parts")
cat "$W/parts" >> "$W/outs"
# Check: file names on the findings' lines say which outputs fail.
xargs -n 200 "$MODERN/yamllint" -f parsable -c $B/.yamllint < "$W/outs" > "$W/yl" 2>&1
# Paths may come back absolute (the wrappers run in a chroot): make them relative.
grep -E ':[0-9]+:[0-9]+: \[error\]' "$W/yl" | cut -d: -f1 | sed "s|^$W/t/||; s|^\./||" |
	sort -u > "$W/yl-bad"
xargs -n 100 "$MODERN/dt-doc-validate" -u $B < "$W/outs" > "$W/dv" 2>&1
sort -u "$W/outs" > "$W/outs-sorted"
# dt-doc-validate names the file at the start of each finding line.
grep -o "^[^:]*\.yaml" "$W/dv" | sed "s|^$W/t/||; s|^\./||" | sort -u |
	comm -12 - "$W/outs-sorted" > "$W/dv-bad"
sort -u "$W/yl-bad" "$W/dv-bad" > "$W/bad"

n=$(wc -l < "$W/txt"); s=$(wc -l < "$W/stubs"); c=$(wc -l < "$W/outs")
fl=$(wc -l < "$W/failed"); y=$(wc -l < "$W/yl-bad"); d=$(wc -l < "$W/dv-bad")
bad=$(wc -l < "$W/bad"); ok=$((c - bad))
echo "doc2yaml-7.2: $n .txt; $s pointer stubs skipped; $((c - np)) converted ($(wc -l < "$W/renamed") beside an existing .yaml) and $np parts of them for other devices; $fl failed to convert"
echo "doc2yaml-7.2: yamllint 1.38: $y files with errors; dt-doc-validate 2026.06: $d files with findings"
sed 's/^/  yamllint: /' "$W/yl-bad"
sed 's/^/  dt-doc-validate: /' "$W/dv-bad"
sed 's/^/  failed: /' "$W/failed"
denom=$((c + fl))
[ $denom -gt 0 ] || denom=1
echo "doc2yaml-7.2: $ok / $denom pass both ($((ok * 1000 / denom / 10)).$((ok * 1000 / denom % 10)) %)"
[ "${KEEP:-0}" = 1 ] && echo "doc2yaml-7.2: work tree kept in $W"
[ $((ok * 100)) -ge $((MIN * denom)) ] || exit 1
exit 0
