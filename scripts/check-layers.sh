#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The layering of dtbind's libraries, checked on the built archives with nm.
#
# Usage: scripts/check-layers.sh BUILD TOOL:DEP+DEP... ...
#
# BUILD/libdtbind.a is the foundation: it may call only itself (and the
# system).  BUILD/libTOOL.a may call itself, the foundation, and the tools
# named after its colon.  Any other call, upward into a tool or sideways
# between tools, is printed with the object that makes it and fails.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 BUILD TOOL:DEPS..." >&2; exit 2; }
B=$1
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Defined symbols of every library: "symbol library".
defs() { nm -g --defined-only "$1" 2>/dev/null | awk -v l="$2" 'NF == 3 { print $3, l }'; }
defs "$B/libdtbind.a" lib >"$tmp/defs"
tools=
for spec; do
	t=${spec%%:*}
	tools="$tools $t"
	defs "$B/lib$t.a" "$t" >>"$tmp/defs"
done

# Undefined symbols of a library, by object: "object symbol".
undefs() {
	nm -g -A --undefined-only "$1" 2>/dev/null |
		awk '{ n = split($1, p, ":"); print p[n - 1], $NF }'
}

check() { # LIBRARY NAME ALLOWED...
	lib=$1 name=$2
	shift 2
	undefs "$lib" | awk -v me="$name" -v ok=" lib $name $* " '
		NR == FNR { owner[$1] = $2; next }
		($2 in owner) && index(ok, " " owner[$2] " ") == 0 {
			printf "check-layers: %s (%s) calls %s of %s: not a layer below it\n",
				$1, me, $2, owner[$2]
			bad = 1
		}
		END { exit bad }' "$tmp/defs" -
}

st=0
check "$B/libdtbind.a" lib || st=1
for spec; do
	t=${spec%%:*}
	deps=$(echo "${spec#*:}" | tr + ' ')
	check "$B/lib$t.a" "$t" $deps || st=1
done
[ $st = 0 ] || echo "check-layers: the foundation (lib/) calls no tool; a tool calls lib/ and the tools of its TOOL_DEPS in the Makefile" >&2
exit $st
