#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# regen.sh - record what the real yamllint 1.29 and 1.38 say on each case.
#
# usage: sh tests/yamllint/release/regen.sh
#
# For every NAME.yaml here (checked with NAME.conf) writes NAME.1.29 and
# NAME.1.38: yamllint's findings in dtbind's format
# ("NAME.yaml:L:C: error|warning: MESSAGE [RULE]"), or one line
# "config-error: MESSAGE" when that yamllint rejects the configuration, or
# "crash: ..." when it crashes (1.29 on a double-quoted control character).
# tests/unit/test_yamllint_release.c checks dtbind against these files.
# YAMLLINT_129 and YAMLLINT_138 name the two yamllints (defaults: the host's
# yamllint, Debian 12's 1.29, and /opt/dtschema-sid-bin/yamllint, 1.38).
set -eu
cd "$(dirname "$0")"
Y129=${YAMLLINT_129:-yamllint}
Y138=${YAMLLINT_138:-/opt/dtschema-sid-bin/yamllint}
"$Y129" --version | grep -q ' 1\.29\.' || { echo "regen.sh: $Y129 is not yamllint 1.29" >&2; exit 2; }
"$Y138" --version | grep -q ' 1\.38\.' || { echo "regen.sh: $Y138 is not yamllint 1.38" >&2; exit 2; }

for f in *.yaml; do
	n=${f%.yaml}
	for v in 1.29 1.38; do
		if [ "$v" = 1.29 ]; then y=$Y129; else y=$Y138; fi
		rc=0
		"$y" -f parsable -c "$n.conf" "$f" >"$n.$v.tmp" 2>"$n.$v.err" || rc=$?
		if grep -q 'invalid config' "$n.$v.err"; then
			sed -n 's/^.*\(invalid config: .*\)$/config-error: \1/p' "$n.$v.err" | head -1 >"$n.$v"
		elif grep -q '^Traceback' "$n.$v.err"; then
			# that yamllint crashes here: nothing to compare with
			echo "crash: $(tail -1 "$n.$v.err")" >"$n.$v"
		elif [ -s "$n.$v.err" ]; then
			echo "regen.sh: $y on $f: $(cat "$n.$v.err")" >&2
			exit 1
		else
			sed 's/^\([^:]*:[0-9]*:[0-9]*\): \[\(error\|warning\)\] \(.*\) (\([a-z-]*\))$/\1: \2: \3 [\4]/' \
				"$n.$v.tmp" >"$n.$v"
		fi
		rm -f "$n.$v.tmp" "$n.$v.err"
		: "$rc"
	done
done
