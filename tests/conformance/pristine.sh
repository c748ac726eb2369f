#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The kernel trees that corpus.sh extracts are the reference's inputs: a
# file added to one (a test's copy of a binding directory, say) becomes one
# more schema for every later run and turns all of the conformance red with
# findings nobody can explain.  Refuse to start on a tree that has files
# newer than its extraction stamp, and name them.
#
# Usage: tests/conformance/pristine.sh [VERSION...]   (default 6.1 6.12 7.2)
# Env:   SHARED  directory holding corpus.sh (default ../shared)
SHARED=${SHARED:-../shared}
[ -f "$SHARED/corpus.sh" ] || { echo "pristine: $SHARED/corpus.sh not found" >&2; exit 2; }
[ $# -gt 0 ] || set -- 6.1 6.12 7.2
status=0
for v in "$@"; do
	root=$(sh "$SHARED/corpus.sh" "$v" 2>/dev/null | tail -n 1)
	[ -n "$root" ] && [ -f "$root/.corpus-stamp" ] || continue
	extra=$(find "$root" -type f -newer "$root/.corpus-stamp" ! -name .corpus-stamp -print)
	[ -n "$extra" ] || continue
	n=$(printf '%s\n' "$extra" | wc -l)
	echo "pristine: $root: $n file(s) added or changed since extraction:" >&2
	printf '%s\n' "$extra" | head -n 5 | sed 's/^/    /' >&2
	echo "  hint: remove them, or delete $root/.corpus-stamp so that corpus.sh extracts the tree again" >&2
	status=2
done
exit $status
