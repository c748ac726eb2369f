#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Lengths of the C functions of the tree, longest first: "lines file:line name".
# A function starts at a line that opens with '{' in column 0 and ends at
# the next '}' in column 0 (the kernel style every file here follows).
#
# Usage: scripts/function-sizes.sh [MIN_LINES] [FILE...]
#        (default: 150, every .c outside build directories and tests/)
set -eu
min=${1:-150}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ]; then
	set -- $(find lib src doc2yaml lint exampletest validate lsp schemas -name '*.c' | LC_ALL=C sort)
fi
awk -v min="$min" '
	FNR == 1 { start = 0 }
	/^[A-Za-z_].*\(/ { sig = $0; sigline = FNR }
	/^\{/ { start = FNR; name = sig; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n] }
	/^\}/ && start { len = FNR - sigline + 1; if (len > min) printf "%d %s:%d %s\n", len, FILENAME, sigline, name; start = 0 }
' "$@" | sort -rn
