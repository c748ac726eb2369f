#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The .dtb files of the kernel 6.1 arm64 boards that
# tests/conformance/dtbs/run.sh and bench/validate.sh check: the 100 of
# ../shared/reference/6.1-dtbs-check-arm64-50 and reference-extra-50 here.
#
# Usage: tests/conformance/dtbs/build.sh KERNEL REFDIR...
#   KERNEL   the 6.1 tree of ../shared/corpus.sh
#   REFDIR   a reference set: files.txt lists its boards (.dts paths in
#            KERNEL); extra-flags.txt, when there is one, a board's extra dtc
#            flags ("path: flags")
# Env:   DTCORPUS  the .dtb files are cached in $DTCORPUS/dtbs-6.1-arm64-100
#                  (default: ~/.cache/dtbind-corpus/dtbs-6.1-arm64-100)
#        DTBS_NAME, DTBS_DTC_FLAGS  another cache name and other DTC_FLAGS
#                  (modern-6.12/dtbs.sh: kernel 6.12's)
#
# Builds each board as the references' READMEs say (kbuild of 6.1: gcc -E,
# then dtc -O dtb -b 0 with scripts/Makefile.lib's DTC_FLAGS and the board's
# extra flags), only when missing from the cache; all of them again when the
# stamp (dtc and gcc versions, flags) changes.  Prints the cache directory on
# stdout; it holds BOARD.dtb for every board and files.txt, the boards' .dts
# paths (the REFDIRs' files.txt in order).  Needs gcc and dtc.  Exits 2 when
# something is missing or a build fails.
set -u

[ $# -ge 2 ] || { echo "usage: $0 KERNEL REFDIR..." >&2; exit 2; }
K=$1
shift
[ -d "$K/arch/arm64/boot/dts" ] || { echo "dtbs: $K: no arm64 boards" >&2; exit 2; }
for t in gcc dtc; do
	command -v "$t" >/dev/null || { echo "dtbs: $t not found" >&2; exit 2; }
done
INC=$K/scripts/dtc/include-prefixes
CACHE=${DTCORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/dtbind-corpus}/${DTBS_NAME:-dtbs-6.1-arm64-100}

# DTC_FLAGS of scripts/Makefile.lib (6.1) without KBUILD_EXTRA_WARN; dtc also
# gets "-i <dir of the .dts> -i include-prefixes" as kbuild passes them.
DTC_FLAGS=${DTBS_DTC_FLAGS:-"-Wno-interrupt_provider -Wno-unit_address_vs_reg
-Wno-avoid_unnecessary_addr_size -Wno-alias_paths -Wno-graph_child_address
-Wno-simple_bus_reg -Wno-unique_unit_address"}
CPP_FLAGS="-nostdinc -I $INC -undef -D__DTS__ -x assembler-with-cpp"

mkdir -p "$CACHE" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-dtbs-build.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
# the boards of every set, and their extra flags
: >"$tmp/files.txt"
: >"$tmp/extra-flags.txt"
for r in "$@"; do
	cat "$r/files.txt" >>"$tmp/files.txt" || exit 2
	if [ -e "$r/extra-flags.txt" ]; then
		cat "$r/extra-flags.txt" >>"$tmp/extra-flags.txt" || exit 2
	fi
done

# A stamp of the flags and dtc's version: when it changes, everything is
# rebuilt.
stamp="$(dtc --version 2>&1 | head -n 1) | $(gcc -dumpversion) | $CPP_FLAGS | $DTC_FLAGS | $(cat "$tmp/extra-flags.txt")"
stamp=$(printf '%s' "$stamp" | tr '\n' ' ')
if [ "$(cat "$CACHE/stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -f "$CACHE"/*.dtb
	printf '%s\n' "$stamp" >"$CACHE/stamp"
fi
built=0
while read -r f; do
	b=$(basename "$f" .dts)
	[ -s "$CACHE/$b.dtb" ] && continue
	extra=$(awk -v f="$f:" '$1 == f { $1 = ""; print }' "$tmp/extra-flags.txt")
	# shellcheck disable=SC2086
	(cd "$K" && gcc -E $CPP_FLAGS -o "$tmp/$b.pp" "$f" &&
		dtc -O dtb -o "$tmp/$b.dtb" -b 0 -i "$(dirname "$f")" -i "$INC" \
			$DTC_FLAGS $extra "$tmp/$b.pp" 2>"$tmp/$b.dtc") ||
		{ echo "dtbs: $f: build failed" >&2; cat "$tmp/$b.dtc" >&2; exit 2; }
	mv "$tmp/$b.dtb" "$CACHE/$b.dtb" || exit 2
	built=$((built + 1))
done <"$tmp/files.txt"
# files.txt by rename (others may read it at the same time)
if ! cmp -s "$tmp/files.txt" "$CACHE/files.txt"; then
	cp "$tmp/files.txt" "$CACHE/files.txt.$$" && mv "$CACHE/files.txt.$$" "$CACHE/files.txt" || exit 2
fi
echo "dtbs: $(wc -l <"$tmp/files.txt") boards in $CACHE ($built built now)" >&2
echo "$CACHE"
