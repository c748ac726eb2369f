#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Tests of `dtbind check` and `dtbind hook`.
#
# Usage: tests/check/run.sh BINARY
# Env:   UPDATE_GOLDEN=1  rewrite cases/*/expected and cases/*/exit from what
#                         BINARY prints now (then READ the diff)
#
# golden  cases/NAME/cmd is one shell command run in tests/check with
#         $DTBIND set; its standard output and error together must equal
#         cases/NAME/expected, its exit status cases/NAME/exit (dtbind runs
#         with a TMPDIR that does not exist: it writes no temporary tree).  The inputs
#         are seeds/ (the issue's seed patches, as they came), patches/
#         (written for these tests with git format-patch; each rule firing
#         and not) and tree/ (a small kernel tree: vendor-prefixes.yaml, a
#         binding, a .txt with a wildcard compatible, a dt-bindings header).
# hook    throwaway git repositories: the pre-commit hook that
#         `dtbind hook install` writes blocks a commit adding a broken
#         binding and lets a good one through; it refuses to overwrite a
#         hook it did not write; --staged checks what is staged, not the
#         work tree.
#
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/check/run.sh BINARY" >&2
	exit 2
fi
if [ ! -x "$1" ] || [ -d "$1" ]; then
	echo "run.sh: $1: not an executable" >&2
	exit 2
fi
# Absolute and without symlinks: the hook records the binary's real path.
DTBIND=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
export DTBIND
cd "$(dirname "$0")" || exit 2
HERE=$(pwd)
passed=0
failed=0
# The tool looks for a kernel tree around the current directory: none here.
TMPDIR=${TMPDIR:-/tmp}
export TMPDIR

pass() {
	echo "PASS $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1${2:+: $2}"
	failed=$((failed + 1))
}

# ---- golden cases ------------------------------------------------------
for dir in cases/*/; do
	name=$(basename "$dir")
	# check applies a series in memory: it needs no TMPDIR, so it gets one that
	# cannot exist (a run that wrote a temporary tree would fail there).
	out=$(DTBIND="env TMPDIR=/nonexistent/dtbind-no-tmpdir $DTBIND" sh -c "$(cat "$dir/cmd")" 2>&1)
	rc=$?
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
		printf '%s\n' "$out" > "$dir/expected"
		echo "$rc" > "$dir/exit"
	fi
	want_rc=$(cat "$dir/exit" 2>/dev/null)
	if [ "$rc" != "$want_rc" ]; then
		fail "$name" "exit $rc, expected $want_rc"
		printf '%s\n' "$out" | head -20
	elif [ "$(printf '%s\n' "$out")" != "$(cat "$dir/expected")" ]; then
		fail "$name" "output differs"
		printf '%s\n' "$out" | diff "$dir/expected" - | head -20
	else
		pass "$name"
	fi
done

# ---- a tree that has the series applied already ---------------------------
# As checkpatch is usually run: in the kernel tree where the commits are.
if command -v git >/dev/null 2>&1; then
	applied=$(mktemp -d "$TMPDIR/dtbind-applied.XXXXXX") || exit 2
	series="patches/gizmo/0001-dt-bindings-misc-Add-Acme-gizmo.patch
patches/gizmo/0002-arm64-dts-acme-Add-the-gizmo.patch
patches/addmod/0003-dt-bindings-misc-acme-gizmo-two-interrupts-in-the-ex.patch
patches/modify/0001-dt-bindings-misc-acme-widget-Add-acme-speed.patch"
	cp -R tree/. "$applied/"
	for p in $series; do
		(cd "$applied" && git apply "$HERE/$p")
	done
	# shellcheck disable=SC2086
	out=$("$DTBIND" check --no-source --tree "$applied" $series 2>&1)
	rc=$?
	want="patches/modify/0001-dt-bindings-misc-acme-widget-Add-acme-speed.patch:10:1: note: the tree has this patch applied already: its files are checked as they are there
Documentation/devicetree/bindings/misc/acme,gizmo.yaml:33:9: error: /example-0/gizmo@2000:interrupts: [[7], [8]] is too long (at most 1 item, got 2) [example-schema]
patches/addmod/0003-dt-bindings-misc-acme-gizmo-two-interrupts-in-the-ex.patch:20:10: note: added by '[PATCH 3/3] dt-bindings: misc: acme,gizmo: two interrupts in the example'
Documentation/devicetree/bindings/misc/acme,widget.yaml:41:9: error: /example-0/widget@1000:acme,speed:0:0: 3 is not one of [1, 2, 4] [example-schema]
patches/modify/0001-dt-bindings-misc-acme-widget-Add-acme-speed.patch:30:10: note: added by '[PATCH] dt-bindings: misc: acme,widget: Add acme,speed'"
	if [ "$rc" = 1 ] && [ "$out" = "$want" ]; then
		pass "check-in-applied-tree"
	else
		fail "check-in-applied-tree" "exit $rc"
		printf '%s\n' "$out" | diff - "$(printf '%s\n' "$want" > "$applied.want" && echo "$applied.want")" | head -20
	fi
	rm -rf "$applied" "$applied.want"
fi

# ---- the pre-commit hook -------------------------------------------------
if ! command -v git >/dev/null 2>&1; then
	fail "hook" "git is not installed"
	echo "$passed passed, $failed failed"
	exit 1
fi
work=$(mktemp -d "$TMPDIR/dtbind-hook-test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
repo=$work/repo
cp -R tree "$repo"
gitc() {
	git -C "$repo" -c user.name=Test -c user.email=test@example.com \
		-c commit.gpgsign=false "$@"
}
gitc init -q && gitc add -A && gitc commit -q --no-verify -m base || {
	fail "hook" "cannot make the test repository"
	echo "$passed passed, $failed failed"
	exit 1
}
binding=Documentation/devicetree/bindings/misc/acme,gizmo.yaml
# The gizmo binding of patches/gizmo, as a file.
sed -n '/^@@/,/^-- $/p' patches/gizmo/0001-dt-bindings-misc-Add-Acme-gizmo.patch |
	sed -n 's/^+//p' > "$work/good.yaml"
# Broken: reg has two entries in the example, the schema allows one.
sed 's/reg = <0x2000 0x100>;/reg = <0x2000 0x100>, <0x3000 0x100>;/' "$work/good.yaml" \
	> "$work/broken.yaml"

hook=$repo/.git/hooks/pre-commit
if (cd "$repo/arch" && "$DTBIND" hook install) > "$work/install.out" 2>&1 && [ -x "$hook" ] && grep -qx '# dtbind-managed-hook: pre-commit' "$hook" &&
	grep -q "^dtbind='$DTBIND'\$" "$hook" && grep -q 'check --staged$' "$hook"; then
	pass "hook-install"
else
	fail "hook-install" "$(cat "$work/install.out")"
fi

cp "$work/broken.yaml" "$repo/$binding"
gitc add "$binding"
if gitc commit -q -m "dt-bindings: misc: Add the Acme gizmo (broken)" > "$work/commit.out" 2>&1; then
	fail "hook-blocks-broken-binding" "the commit went through"
elif grep -q "^$binding:32:9: error: /example-0/gizmo@2000:reg: .* is too long .*\[example-schema\]" \
	"$work/commit.out" && [ "$(gitc rev-list --count HEAD)" = 1 ]; then
	pass "hook-blocks-broken-binding"
else
	fail "hook-blocks-broken-binding" "unexpected output: $(head -3 "$work/commit.out")"
fi

# A good version in the work tree, the broken one still staged: --staged reads the index.
cp "$work/good.yaml" "$repo/$binding"
if (cd "$repo" && "$DTBIND" check --staged) > /dev/null 2>&1; then
	fail "staged-reads-the-index" "the staged broken binding passed"
else
	pass "staged-reads-the-index"
fi

gitc add "$binding"
if gitc commit -q -m "dt-bindings: misc: Add the Acme gizmo" > "$work/commit.out" 2>&1 &&
	[ "$(gitc rev-list --count HEAD)" = 2 ] && [ ! -s "$work/commit.out" ]; then
	pass "hook-lets-good-binding-through"
else
	fail "hook-lets-good-binding-through" "$(head -3 "$work/commit.out")"
fi

# A change to the committed binding: applied to HEAD's version in memory.
sed 's/    maxItems: 1/    maxItems: 1\n    minItems: 2/' "$work/good.yaml" > "$repo/$binding"
gitc add "$binding"
if gitc commit -q -m "dt-bindings: misc: acme,gizmo: break it" > "$work/commit.out" 2>&1; then
	fail "hook-blocks-broken-change" "the commit went through"
elif grep -q "^$binding:.*\[meta-schema\]" "$work/commit.out"; then
	pass "hook-blocks-broken-change"
else
	fail "hook-blocks-broken-change" "$(head -3 "$work/commit.out")"
fi
gitc reset -q --hard

# A dts with an undocumented compatible; then the same with its binding in the tree.
printf '\n/ {\n\tfrob@10 {\n\t\tcompatible = "acme,frob";\n\t};\n};\n' \
	>> "$repo/arch/arm64/boot/dts/acme/board.dts"
gitc add -A
if gitc commit -q -m "arm64: dts: acme: Add the frob" > "$work/commit.out" 2>&1; then
	fail "hook-blocks-undocumented-compatible" "the commit went through"
elif grep -q '^arch/arm64/boot/dts/acme/board.dts:11:17: warning: DT compatible string "acme,frob" appears un-documented .*\[UNDOCUMENTED_DT_STRING\]' \
	"$work/commit.out"; then
	pass "hook-blocks-undocumented-compatible"
else
	fail "hook-blocks-undocumented-compatible" "$(head -3 "$work/commit.out")"
fi
gitc reset -q --hard

# Our hook is ours to rewrite; anyone else's is not.
if (cd "$repo" && "$DTBIND" hook install -Wno-DT_SPLIT_BINDING_PATCH) > /dev/null 2>&1 &&
	grep -q "check --staged '-Wno-DT_SPLIT_BINDING_PATCH'\$" "$hook"; then
	pass "hook-reinstall-updates-ours"
else
	fail "hook-reinstall-updates-ours"
fi
printf '#!/bin/sh\nexit 0\n' > "$hook"
if (cd "$repo" && "$DTBIND" hook install) > "$work/install.out" 2>&1; then
	fail "hook-refuses-foreign-hook" "it overwrote the hook"
elif [ "$(cat "$hook")" = "$(printf '#!/bin/sh\nexit 0')" ] &&
	grep -q "was not written by dtbind" "$work/install.out"; then
	pass "hook-refuses-foreign-hook"
else
	fail "hook-refuses-foreign-hook" "$(cat "$work/install.out")"
fi
if (cd "$repo" && "$DTBIND" hook uninstall) > /dev/null 2>&1 || [ ! -f "$hook" ]; then
	fail "hook-uninstall-leaves-foreign-hook"
else
	pass "hook-uninstall-leaves-foreign-hook"
fi
rm -f "$hook"
(cd "$repo" && "$DTBIND" hook install) > /dev/null 2>&1
if (cd "$repo" && "$DTBIND" hook uninstall) > /dev/null 2>&1 && [ ! -e "$hook" ]; then
	pass "hook-uninstall-removes-ours"
else
	fail "hook-uninstall-removes-ours"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
