#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The man pages: one per command the binary lists plus dtbind(1), each
# rendered by man(1) without a warning, naming the command's summary and
# every option its --help shows.
#
# Usage: tests/install/man.sh BUILD/dtbind BUILD/man
set -eu

DTBIND=$1 MANDIR=$2
fail=0 pages=0
command -v man >/dev/null 2>&1 || { echo "man: man-db missing (sh scripts/install-deps.sh)"; exit 1; }

# The option spellings of `dtbind [CMD] --help`: "-u", "--url-path", "--format=".
help_options()
{
	"$DTBIND" $1 --help | grep -oE '^ +(-[A-Za-z](, )?)?(--[a-z0-9-]+=?)?' |
		tr ',' ' ' | tr -s ' ' '\n' | grep -v '^$' || true
}

for c in "" $("$DTBIND" --complete | grep -v '^help$'); do
	page=$MANDIR/dtbind${c:+-$c}.1
	name=dtbind${c:+-$c}
	if [ ! -f "$page" ]; then
		echo "man: FAIL no page $page for '$name'"
		fail=1
		continue
	fi
	pages=$((pages + 1))
	warn=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
	warn=$warn$(groff -ww -man -z -Tutf8 "$page" 2>&1)
	if [ -n "$warn" ]; then
		printf 'man: FAIL %s warns:\n%s\n' "$page" "$warn"
		fail=1
	fi
	text=$(LC_ALL=C MANWIDTH=80 man -l "$page" 2>/dev/null | col -b)
	# the NAME line carries the summary --help gives the command
	if [ -n "$c" ]; then
		summary=$("$DTBIND" --help | awk -v c="$c" '$1 == c { $1 = ""; sub(/^ +/, ""); print }')
		if ! printf '%s\n' "$text" | tr -s ' \n' ' ' | grep -qF "$name - $summary"; then
			echo "man: FAIL $page: NAME lacks '$name - $summary'"
			fail=1
		fi
	fi
	for o in $(help_options "$c"); do
		if ! printf '%s\n' "$text" | grep -qE "^ *(-[A-Za-z], )?$o([ ,[]|\$|[A-Z])"; then
			echo "man: FAIL $page: option $o of --help not described"
			fail=1
		fi
	done
done
[ "$fail" -eq 0 ] && echo "man: $pages pages render without warnings and describe every option of --help"
exit "$fail"
