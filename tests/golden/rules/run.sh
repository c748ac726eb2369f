#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# -W/-Wno/-E/-Werror and --list-rules on every command, on a small tree.
#
# Usage: tests/golden/rules/run.sh BINARY
# Env:   UPDATE_GOLDEN=1  rewrite cases/*/expected and cases/*/exit (then READ the diff)
#
# cases/NAME/cmd is one shell command run in this directory with $DTBIND set;
# its standard output and error (stdout first, then stderr, each marked) with
# this directory's path replaced by HERE must equal cases/NAME/expected, its
# exit status cases/NAME/exit.  tree/ is a small kernel tree: one binding
# whose example breaks its schema, two boards sharing a .dtsi that does too.
set -u
[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) DTBIND=$1 ;; *) DTBIND=$(pwd)/$1 ;; esac
export DTBIND
# GOLDEN_DIR: another directory of cases/ and tree/ (default: this one).
cd "${GOLDEN_DIR:-$(dirname "$0")}" || exit 2
HERE=$(pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for d in cases/*/; do
	d=${d%/}
	name=${d#cases/}
	sh -c "$(cat "$d/cmd")" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	{
		echo "--- stdout"
		cat "$tmp/out"
		echo "--- stderr"
		cat "$tmp/err"
	} | sed "s|$HERE|HERE|g" >"$tmp/got"
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		cp "$tmp/got" "$d/expected"
		echo "$rc" >"$d/exit"
	fi
	if [ "$rc" = "$(cat "$d/exit")" ] && cmp -s "$tmp/got" "$d/expected"; then
		echo "PASS $name"
		passed=$((passed + 1))
	else
		echo "FAIL $name (exit $rc, want $(cat "$d/exit"))"
		diff -u "$d/expected" "$tmp/got" | head -20
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
