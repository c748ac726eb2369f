#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Golden tests of `dtbind lint`, rule by rule (see README.md).
#
# Usage: tests/lint/run.sh BINARY
# Env:   UPDATE_GOLDEN=1  rewrite cases/*/expected and cases/*/exit from what
#                         BINARY prints now (then READ the diff)
#
# Each cases/NAME/ holds a small bindings tree, bindings/VENDOR-DIR/FILE.yaml,
# and three files:
#   args      extra arguments, one per line; @CASE@ stands for the case's
#             directory
#   expected  the whole standard error, the case's directory written @CASE@
#   exit      the exit status
# The command is
#   BINARY lint --no-source -u CASE/bindings ARGS... CASE/bindings
# and its standard output must be empty.
#
# After the cases, "coverage" checks that every rule of --list-rules has
# its cases: RULE-bad, RULE-ok and RULE-off (RULE-on for a rule that is off
# by default).  The .yamllint layout rules (summary ending "(.yamllint)")
# are covered by cases/yamllint-layout, which shows them firing together
# exactly as yamllint reports them, and rule by rule by tests/unit/test_yamllint.c.
#
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/lint/run.sh BINARY" >&2
	exit 2
fi
if [ ! -x "$1" ] || [ -d "$1" ]; then
	echo "run.sh: $1: not an executable" >&2
	exit 2
fi
DTBIND=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
cd "$(dirname "$0")" || exit 2
HERE=$(pwd -P)
TMPDIR=${TMPDIR:-/tmp}
work=$(mktemp -d "$TMPDIR/dtbind-lint-test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM
passed=0
failed=0
nl='
'

pass() {
	echo "PASS $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1${2:+: $2}"
	failed=$((failed + 1))
}

# $1 with the characters special in sed's s||| pattern (sed_re) or
# replacement (sed_repl) escaped.
sed_re() {
	printf '%s\n' "$1" | sed 's/[][\\|.*^$]/\\&/g'
}
sed_repl() {
	printf '%s\n' "$1" | sed 's/[\\|&]/\\&/g'
}

for dir in cases/*/; do
	name=$(basename "$dir")
	case_dir=$HERE/cases/$name
	if [ ! -d "$case_dir/bindings" ] || [ ! -f "$case_dir/args" ]; then
		fail "$name" "no bindings/ or args"
		continue
	fi
	re=$(sed_re "$case_dir")
	repl=$(sed_repl "$case_dir")
	# One argument per line of args; @CASE@ replaced.
	set --
	while IFS= read -r a || [ -n "$a" ]; do
		set -- "$@" "$(printf '%s\n' "$a" | sed "s|@CASE@|$repl|g")"
	done < "$case_dir/args"
	"$DTBIND" lint --no-source -u "$case_dir/bindings" "$@" "$case_dir/bindings" \
		> "$work/stdout" 2> "$work/stderr"
	rc=$?
	sed "s|$re|@CASE@|g" "$work/stderr" > "$work/got"
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$work/got" "$case_dir/expected"
		echo "$rc" > "$case_dir/exit"
	fi
	want_rc=$(cat "$case_dir/exit" 2>/dev/null)
	if [ ! -f "$case_dir/expected" ]; then
		fail "$name" "no expected file (UPDATE_GOLDEN=1 writes it)"
	elif [ "$rc" != "$want_rc" ]; then
		fail "$name" "exit $rc, expected $want_rc"
		diff "$case_dir/expected" "$work/got" | head -20
	elif ! cmp -s "$case_dir/expected" "$work/got"; then
		fail "$name" "standard error differs"
		diff "$case_dir/expected" "$work/got" | head -20
	elif [ -s "$work/stdout" ]; then
		fail "$name" "standard output is not empty"
		head -5 "$work/stdout"
	else
		pass "$name"
	fi
done

# ---- every rule has its cases --------------------------------------------
if ! rules=$("$DTBIND" lint --list-rules 2>&1) || [ -z "$rules" ]; then
	fail "coverage" "lint --list-rules failed"
else
	missing=
	skipped=0
	total=0
	while read -r rule sev summary; do
		total=$((total + 1))
		case $summary in
		*"(.yamllint)")
			if [ -d cases/yamllint-layout ]; then
				skipped=$((skipped + 1))
				continue
			fi ;;
		esac
		if [ "$sev" = off ]; then flag=on; else flag=off; fi
		for c in "$rule-bad" "$rule-ok" "$rule-$flag"; do
			[ -d "cases/$c" ] || missing="$missing $c"
		done
	done <<EOF
$rules
EOF
	if [ -n "$missing" ]; then
		# shellcheck disable=SC2086 # one case name per word
		fail "coverage" "no case$nl$(printf '  %s\n' $missing)"
	else
		pass "coverage ($total rules, $skipped .yamllint rules exempt: lint does not report them yet)"
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
