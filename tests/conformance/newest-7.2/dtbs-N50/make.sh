#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# How files.txt and results.tsv here were recorded: dt-schema 2026.06's
# dtbs_check (dt-validate -m) on every 31st sorted arm64 .dts of kernel
# 7.2, from the first, the first 50 of them.  Needs the Debian-sid chroot of
# ../shared/modern-ref (wrappers in /opt/dtschema-sid-bin), flex and bison
# (the kernel's dtc, as kbuild builds it) and about 15 CPU-minutes.
#
# Usage: tests/conformance/newest-7.2/dtbs-N50/make.sh KERNEL WORKDIR
#   KERNEL   the 7.2 tree of ../shared/corpus.sh; WORKDIR scratch space
#            under a directory the chroot sees (/tmp, /var/tmp, $HOME)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 KERNEL WORKDIR" >&2; exit 2; }
K=$(cd "$1" && pwd)
W=$2
HERE=$(cd "$(dirname "$0")" && pwd)
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
(cd "$K" && find arch/arm64/boot/dts -name '*.dts' | sort) | awk 'NR % 31 == 1' | head -n 50 >"$W/files.txt"
# processed-schema.json as make dt_binding_check makes it (no flags in 7.2)
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
			-Wno-interrupt_map -Wno-simple_bus_reg "$W/dtb/$b.pp" 2>/dev/null)
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
