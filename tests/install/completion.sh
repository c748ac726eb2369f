#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The shell completions, driven as the shells drive them: bash's _dtbind with
# COMP_WORDS/COMP_CWORD set, its COMPREPLY compared with what the binary's
# own --complete, --list-rules and the files on disk call for; zsh's _dtbind
# with words/CURRENT set and compadd/_files recorded (zsh -n only when zsh
# is missing).
#
# Usage: tests/install/completion.sh BUILD/dtbind
set -eu

DTBIND=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d /tmp/dtbind-complete.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
fail=0

# A directory with one file of each kind the commands take.
mkdir -p "$TMP/files/sub"
for f in a.yaml b.dts c.dtb d.txt e.patch f.mbox g.c h.dtsi; do : >"$TMP/files/$f"; done

# complete WORD... : the candidates bash offers for the last word, sorted.
complete_bash()
{
	(cd "$TMP/files" && bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_dtbind
		printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort' sh "$SRC/completion/dtbind.bash" "$DTBIND" "$@")
}

expect()
{
	name=$1 want=$2
	shift 2
	got=$(complete_bash "$@" | tr '\n' ' ' | sed 's/ $//')
	if [ "$got" != "$want" ]; then
		printf 'completion: FAIL %s: dtbind %s\n  want: %s\n  got:  %s\n' "$name" "$*" "$want" "$got"
		fail=1
	fi
}

cmds=$("$DTBIND" --complete | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
[ -n "$cmds" ] || { echo "completion: FAIL dtbind --complete lists no command"; exit 1; }
expect commands "$(printf '%s\n' $cmds --help --version | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" ""
expect command-prefix "exampletest" "ex"
expect help-command "lint" help li
# every option spelling --help shows, for every command
for c in $cmds; do
	[ "$c" = help ] && continue
	want=$( ("$DTBIND" "$c" --help | grep -oE '^ +(-[A-Za-z](, )?)?(--[a-z0-9-]+=?)?' |
		tr ',' ' ' | tr -s ' ' '\n' | grep -v '^$' || true; echo --help) | LC_ALL=C sort -u |
		tr '\n' ' ' | sed 's/ $//')
	expect "$c-options" "$want" "$c" -
done
expect long-prefix "--no-cache --no-source" validate --no
expect format-values "--format=gcc --format=json --format=sarif" lint --format=
expect dtschema-values "--dtschema=2022.08 --dtschema=2026.06" validate --dtschema=
# operands by kind
expect lint-files "a.yaml sub" lint ""
expect validate-files "b.dts c.dtb sub" validate ""
expect doc2yaml-files "d.txt sub" doc2yaml ""
expect check-files "e.patch f.mbox sub" check ""
expect hook-words "install uninstall" hook ""
expect mkschema-none "" mkschema ""
expect dir-argument "sub" validate -u ""
expect file-argument "a.yaml b.dts c.dtb d.txt e.patch f.mbox g.c h.dtsi sub" validate -s ""
# rule names from the binary's --list-rules
rule=$("$DTBIND" lint --list-rules | awk 'NR == 1 { print $1 }')
first=$("$DTBIND" lint --list-rules | awk -v r="$rule" '$1 ~ "^" r { print $1 }' | LC_ALL=C sort)
expect rules-glued-E "$(printf '%s\n' $first | sed 's/^/-Eno-/' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" lint "-Eno-$rule"
expect rules-glued "$(printf '%s\n' $first | sed 's/^/-Wno-/' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" lint "-Wno-$rule"
n=$(complete_bash lint -W "" | wc -l)
nr=$("$DTBIND" lint --list-rules | wc -l)
[ "$n" -eq $((2 * nr + 1)) ] || { echo "completion: FAIL -W offers $n, want $((2 * nr + 1)) (rules, no-rules, error)"; fail=1; }
# a binary without --list-rules: no rule names, no error
printf '#!/bin/sh\n[ "$1" = --complete ] && exec %s "$@"\nexit 2\n' "$DTBIND" >"$TMP/norules"
chmod +x "$TMP/norules"
got=$(cd "$TMP/files" && bash -c '. "$1"; COMP_WORDS=("$2" lint -W ""); COMP_CWORD=3; _dtbind 2>&1; printf "%s\n" "${COMPREPLY[@]}"' sh "$SRC/completion/dtbind.bash" "$TMP/norules")
[ "$got" = error ] || { printf 'completion: FAIL without --list-rules: %s\n' "$got"; fail=1; }

# zsh: the same function driven with words/CURRENT, compadd and _files recorded.
if command -v zsh >/dev/null 2>&1; then
	zsh -n "$SRC/completion/_dtbind" || fail=1
	zcomplete()
	{
		(cd "$TMP/files" && zsh -f -c '
			compadd() {
				local p=
				while [[ $1 != -- ]]; do [[ $1 == -P ]] && { p=$2; shift; }; shift; done
				shift; for a in "$@"; do print -r -- "$p$a"; done
			}
			_files() { print -r -- "_files $*"; }
			_message() { :; }
			source "$1"; shift
			words=("$@"); CURRENT=$#
			_dtbind' zsh "$SRC/completion/_dtbind" "$DTBIND" "$@" | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
	}
	zexpect()
	{
		name=$1 want=$2
		shift 2
		got=$(zcomplete "$@")
		if [ "$got" != "$want" ]; then
			printf 'completion: FAIL zsh %s: dtbind %s\n  want: %s\n  got:  %s\n' "$name" "$*" "$want" "$got"
			fail=1
		fi
	}
	zexpect commands "$(printf '%s\n' $cmds --help --version | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" ""
	zexpect format-values "--format=gcc --format=json --format=sarif" lint --format=
	zexpect lint-files "_files -g *.(yaml)" lint ""
	zexpect validate-files "_files -g *.(dts|dtb|dtbo)" validate ""
	zexpect dir-argument "_files -/" lint -u ""
	zexpect hook-words "install uninstall" hook ""
	zexpect rules "$( ("$DTBIND" lint --list-rules | awk '{ print "no-" $1; print $1 }'; echo error) | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" lint -W ""
else
	echo "completion: zsh not installed; sh scripts/install-deps.sh installs it (zsh test skipped)"
fi

[ "$fail" -eq 0 ] && echo "completion: bash${ZSH_VERSION-}$(command -v zsh >/dev/null 2>&1 && echo ' and zsh'): all cases pass"
exit "$fail"
