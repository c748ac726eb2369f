#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Record dt-schema 2026.06's dtbs_check (dt-validate -m) on a sample of a
# kernel's arm64 boards: files.txt and results.tsv in OUTDIR.  The boards
# are every STEP-th sorted arm64 .dts from the first, at most MAX of them;
# DTC_WNO is the one dtc warning the tree's kbuild turns off besides the
# common ones.  Needs the Debian-sid chroot of ../shared/modern-ref
# (wrappers in /opt/dtschema-sid-bin), flex and bison (the kernel's dtc, as
# kbuild builds it).  Called by modern-6.12/dtbs-N51/make.sh and
# newest-7.2/dtbs-N50/make.sh, which say what they recorded.
#
# Usage: tests/conformance/dtbs-reference.sh KERNEL WORKDIR OUTDIR STEP MAX DTC_WNO
#   WORKDIR  scratch space under a directory the chroot sees (/tmp, /var/tmp, $HOME)
set -eu
[ $# -eq 6 ] || { echo "usage: $0 KERNEL WORKDIR OUTDIR STEP MAX DTC_WNO" >&2; exit 2; }
K=$(cd "$1" && pwd)
W=$2
HERE=$(cd "$3" && pwd)
STEP=$4
MAX=$5
WNO=$6
export PATH=/opt/dtschema-sid-bin:$PATH
mkdir -p "$W/dtb" "$W/out"
W=$(cd "$W" && pwd)
# the kernel's own dtc, without YAML output (kbuild: -DNO_YAML)
if [ ! -x "$W/dtc" ]; then
	rm -rf "$W/dtcsrc"
	cp -r "$K/scripts/dtc" "$W/dtcsrc"
	(cd "$W/dtcsrc" && flex -o dtc-lexer.lex.c dtc-lexer.l &&
		bison -d -o dtc-parser.tab.c dtc-parser.y &&
		gcc -O2 -DNO_YAML -I. -Ilibfdt -o "$W/dtc" dtc.c flattree.c fstree.c data.c \
			livetree.c treesource.c srcpos.c checks.c util.c dtc-lexer.lex.c \
			dtc-parser.tab.c libfdt/*.c)
fi
(cd "$K" && find arch/arm64/boot/dts -name '*.dts' | sort) | awk -v s="$STEP" 'NR % s == 1' | head -n "$MAX" >"$W/files.txt"
# processed-schema.json as make dt_binding_check makes it (no flags in 6.12 or 7.2)
(cd "$K" && find ./Documentation/devicetree/bindings \( -name '*.yaml' ! -name 'processed-schema*' \) |
	sort >"$W/schema-files.txt" && dt-mk-schema -j @"$W/schema-files.txt" >"$W/processed-schema.json")
INC=$K/scripts/dtc/include-prefixes
while read -r f; do
	b=$(basename "$f" .dts)
	(cd "$K" && gcc -E -nostdinc -I "$INC" -undef -D__DTS__ -x assembler-with-cpp \
		-o "$W/dtb/$b.pp" "$f" &&
		"$W/dtc" -O dtb -o "$W/dtb/$b.dtb" -b 0 -i "$(dirname "$f")" -i "$INC" \
			-Wno-unique_unit_address -Wno-unit_address_vs_reg \
			-Wno-avoid_unnecessary_addr_size -Wno-alias_paths \
			"-Wno-$WNO" -Wno-simple_bus_reg "$W/dtb/$b.pp" 2>/dev/null)
done <"$W/files.txt"
# dt-validate, two at a time; one output file per board
xargs -P2 -I{} sh -c 'b=$(basename {} .dts); cd "$1" && dt-validate -m \
	-u ./Documentation/devicetree/bindings -p "$2/processed-schema.json" \
	"$2/dtb/$b.dtb" >"$2/out/$b.out" 2>&1' sh "$K" "$W" <"$W/files.txt"
# results.tsv: board, phase, ok|warn|error, message ("\n" joins continuation lines)
cp "$W/files.txt" "$HERE/files.txt"
while read -r f; do
	b=$(basename "$f" .dts)
	awk -v f="$f" -v p="$W/dtb/$b.dtb: " '
		index($0, p) == 1 { if (m != "") out(); m = substr($0, length(p) + 1); next }
		m != "" { m = m "\\n" $0 }
		function out() { print f "\tvalidate\t" (m ~ /failed to match any schema/ ? "warn" : "error") "\t" m; n++ }
		END { if (m != "") out(); if (!n) print f "\tvalidate\tok\t" }' "$W/out/$b.out"
done <"$W/files.txt" >"$HERE/results.tsv"
