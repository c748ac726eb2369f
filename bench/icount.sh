#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# User-space instructions of one dtbind run, counted by callgrind: the same
# for the same binary and inputs whatever else the machine does, so two
# builds compare on a loaded machine where CPU seconds do not.  The run is
# made once first, so that both sides find the schema cache warm.
#
# Usage: bench/icount.sh BINARY ARGS...   (in the kernel tree KV, default 6.1)
# Example: bench/icount.sh build/dtbind exampletest --no-source \
#              -u Documentation/devicetree/bindings Documentation/devicetree/bindings
set -u
[ $# -ge 2 ] || { echo "usage: $0 BINARY ARGS..." >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
shift
command -v valgrind >/dev/null || { echo "$0: valgrind not installed" >&2; exit 2; }
cd "$(sh "${SHARED:-../shared}/corpus.sh" "${KV:-6.1}" 2>/dev/null | tail -n 1)" || exit 2
"$BIN" "$@" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$@" 2>&1 >/dev/null |
	sed -n 's/.*Collected : *//p'
