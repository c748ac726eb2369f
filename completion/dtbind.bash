# SPDX-License-Identifier: BSD-2-Clause
# bash completion for dtbind.  Commands and options come from the binary
# itself (dtbind --complete [CMD], printed from the same descriptions as
# --help), rule names from --list-rules, so nothing here goes stale.

# The rule names, from `dtbind --list-rules` or else `dtbind CMD --list-rules`;
# nothing when neither exists.
_dtbind_rules()
{
	local prog=$1 cmd=$2 out
	out=$("$prog" --list-rules 2>/dev/null) || out=
	[ -n "$out" ] || out=$("$prog" "$cmd" --list-rules 2>/dev/null) || out=
	printf '%s\n' "$out" | while read -r name _; do
		case $name in
		[a-zA-Z]*) printf '%s\n' "$name" ;;
		esac
	done
}

# Files whose extension is one of $2 (space separated; empty: any), and
# directories, that start with $1.
_dtbind_files()
{
	local cur=$1 exts=$2 f e
	compgen -f -- "$cur" | while IFS= read -r f; do
		if [ -d "$f" ] || [ -z "$exts" ]; then
			printf '%s\n' "$f"
			continue
		fi
		for e in $exts; do
			case $f in
			*."$e") printf '%s\n' "$f"; break ;;
			esac
		done
	done
}

# One completion of an option's argument of kind $2 (dir, file, rule,
# values, word) with values $3.
_dtbind_arg()
{
	local cur=$1 kind=$2 values=$3 prog=$4 cmd=$5 r
	case $kind in
	dir) compgen -d -- "$cur" ;;
	file) compgen -f -- "$cur" ;;
	values) compgen -W "$values" -- "$cur" ;;
	rule)
		for r in error $(_dtbind_rules "$prog" "$cmd"); do
			printf '%s\n' "$r"
			[ "$r" = error ] || printf 'no-%s\n' "$r"
		done | grep -e "^$cur" ;;
	esac
}

_dtbind()
{
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev= cmd spec
	local name kind values line
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	command -v "$prog" >/dev/null 2>&1 || prog=dtbind
	COMPREPLY=()
	if [ "$COMP_CWORD" -le 1 ]; then
		mapfile -t COMPREPLY < <(compgen -W "$("$prog" --complete 2>/dev/null) --help --version" -- "$cur")
		return 0
	fi
	cmd=${COMP_WORDS[1]}
	if [ "$cmd" = help ] || [ "$cmd" = --help ]; then
		[ "$COMP_CWORD" -eq 2 ] &&
			mapfile -t COMPREPLY < <(compgen -W "$("$prog" --complete 2>/dev/null)" -- "$cur")
		return 0
	fi
	spec=$("$prog" --complete "$cmd" 2>/dev/null) || return 0

	# the argument of the option before, when it takes one
	while IFS=$'\t' read -r name kind values; do
		if [ "$name" = "$prev" ] && [ -n "$kind" ] && [ "$name" != operands ]; then
			mapfile -t COMPREPLY < <(_dtbind_arg "$cur" "$kind" "$values" "$prog" "$cmd")
			[ "$kind" = dir ] || [ "$kind" = file ] && compopt -o filenames 2>/dev/null
			return 0
		fi
	done <<<"$spec"

	case $cur in
	--*=*)	# --format=<TAB>: the values of a glued option
		while IFS=$'\t' read -r name kind values; do
			[ "$name" = "${cur%%=*}=" ] || continue
			mapfile -t COMPREPLY < <(_dtbind_arg "${cur#*=}" "$kind" "$values" "$prog" "$cmd" |
				sed "s|^|${cur%%=*}=|")
		done <<<"$spec"
		return 0 ;;
	-[WE]?*)	# -Wno-foo, -Werror, -Efoo: rule names glued to -W or -E
		if printf '%s\n' "$spec" | grep -q "^${cur:0:2}"$'\t'"rule"; then
			mapfile -t COMPREPLY < <(_dtbind_arg "${cur:2}" rule "" "$prog" "$cmd" | sed "s/^/${cur:0:2}/")
		fi
		return 0 ;;
	-*)
		mapfile -t COMPREPLY < <(compgen -W "$(printf '%s\n' "$spec" | cut -f1 | grep -v '^operands$') --help" -- "$cur")
		[[ " ${COMPREPLY[*]} " == *"= "* ]] && compopt -o nospace 2>/dev/null
		return 0 ;;
	esac

	line=$(printf '%s\n' "$spec" | grep "^operands"$'\t')
	IFS=$'\t' read -r _ kind values <<<"$line"
	case $kind in
	words)	[ "$COMP_CWORD" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur") ;;
	files)	mapfile -t COMPREPLY < <(_dtbind_files "$cur" "$values")
		compopt -o filenames 2>/dev/null ;;
	esac
	return 0
}
complete -F _dtbind dtbind
