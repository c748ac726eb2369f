#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The kernel trees that corpus.sh extracts are the reference's inputs: a
# file added to one (a test's copy of a binding directory, say) becomes one
# more schema for every later run and turns all of the conformance red with
# findings nobody can explain.  Refuse to start on a tree that has files
# newer than its extraction stamp, and name them.  Only trees already
# extracted are looked at (corpus.sh is not run: it may install packages).
#
# Usage: tests/conformance/pristine.sh
# Env:   DTCORPUS  the corpus cache, as corpus.sh has it
DTCORPUS=${DTCORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/dtbind-corpus}
status=0
for root in "$DTCORPUS"/linux-*; do
	[ -f "$root/.corpus-stamp" ] || continue
	extra=$(find "$root" -type f -newer "$root/.corpus-stamp" ! -name .corpus-stamp -print)
	[ -n "$extra" ] || continue
	n=$(printf '%s\n' "$extra" | wc -l)
	echo "pristine: $root: $n file(s) added or changed since extraction:" >&2
	printf '%s\n' "$extra" | head -n 5 | sed 's/^/    /' >&2
	echo "  hint: remove them, or delete $root/.corpus-stamp so that corpus.sh extracts the tree again" >&2
	status=2
done
exit $status
