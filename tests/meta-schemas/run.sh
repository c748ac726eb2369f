#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Tests of the devicetree meta-schemas in schemas/meta/ (what dt-doc-validate
# checks a binding against), compared with dt-schema 2022.08.
#
# Usage: tests/meta-schemas/run.sh BINARY
# Env:   SHARED=DIR    shared data (default: ../shared next to the repository):
#                      DIR/corpus.sh gives the kernel corpus, and
#                      DIR/reference/6.1-binding-check/results.tsv the reference
#                      verdicts for 6.1
#        EMBEDDED=1    test the meta-schemas built into BINARY instead of the
#                      files in schemas/meta/
#        NO_REFERENCE=1  do not run dt-doc-validate even when it is installed
#        RECORD=1      rewrite the docval column of mutations.tsv from what
#                      dt-doc-validate says now (then READ the diff)
#
# Sections:
#   false-alarms  every kernel 6.1 binding must be valid against the
#                 meta-schema its $schema names; the verdicts are compared with
#                 the reference run (results.tsv, phase docval).  Kernel 6.12
#                 is checked too and compared with docval-6.12-invalid.txt
#                 (dt-doc-validate 2022.08's failures); differences there are
#                 reported only, since 2022.08 predates what 6.12 needs.
#   own-schemas   the schemas dtbind ships in schemas/core must be valid
#                 against the meta-schemas too (dt-schema tests its own the
#                 same way).
#   mutations     each line of mutations.tsv seeds one mistake into a copy of
#                 a 6.1 binding; dtbind's verdict must equal the recorded
#                 dt-doc-validate verdict, and when dt-doc-validate is
#                 installed the recorded verdict must still be what it says.
#
# Prints PASS/FAIL/XFAIL per test and ends with "N passed, N failed".
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/meta-schemas/run.sh BINARY" >&2
	exit 2
fi
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
if [ ! -x "$BIN" ]; then
	echo "run.sh: $1: not an executable" >&2
	exit 2
fi

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SHARED=${SHARED:-$REPO/../shared}
TABLE=$HERE/mutations.tsv
META=http://devicetree.org/meta-schemas/
TAB=$(printf '\t')
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

pass=0
fail=0
xfail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }

# dtbind jsonschema with the meta-schemas under test.
dtbind_meta() {
	if [ "${EMBEDDED:-0}" = 1 ]; then
		"$BIN" jsonschema "$@"
	else
		"$BIN" jsonschema -m "$META=$REPO/schemas/meta/" "$@"
	fi
}

# The meta-schema a binding asks for: core.yaml or base.yaml.  Anything else
# (missing, misspelled) is checked against base.yaml, which rejects it.
meta_of() {
	s=$(sed -n 's/^\$schema:[ ]*["'\'']\{0,1\}\([^"'\'' ]*\).*/\1/p' "$1" | head -n 1)
	if [ "$s" = "${META}core.yaml#" ]; then
		echo core
	else
		echo base
	fi
}

have_ref=0
if [ "${NO_REFERENCE:-0}" != 1 ] && command -v dt-doc-validate >/dev/null 2>&1; then
	have_ref=1
fi

# Corpus roots (one per version) from corpus.sh.
ROOT61=
ROOT612=
if [ -x "$SHARED/corpus.sh" ]; then
	roots=$("$SHARED/corpus.sh" 6.1 6.12 2>/dev/null)
	ROOT61=$(echo "$roots" | grep -- '-6\.1$' | head -n 1)
	ROOT612=$(echo "$roots" | grep -- '-6\.12$' | head -n 1)
fi

# check_tree ROOT OUT: validate every binding under ROOT/Documentation/
# devicetree/bindings; writes the sorted list of invalid files (./path) to OUT.
# Returns 2 when dtbind could not check (usage/schema error).
check_tree() {
	(
		cd "$1/Documentation/devicetree/bindings" || exit 2
		find . -name '*.yaml' | LC_ALL=C sort > "$TMP/all"
		# Same choice as meta_of, for all files at once.
		tr '\n' '\0' < "$TMP/all" | xargs -0 grep -l -E \
			"^\\\$schema:[ ]*[\"']?$(echo "${META}core.yaml#" | sed 's/\./\\./g')([\"' ]|\$)" |
			LC_ALL=C sort > "$TMP/list-core"
		LC_ALL=C comm -23 "$TMP/all" "$TMP/list-core" > "$TMP/list-base"
		: > "$TMP/errors"
		rc=0
		for m in core base; do
			[ -s "$TMP/list-$m" ] || continue
			dtbind_meta -s "${META}$m.yaml#" --format=json "@$TMP/list-$m" \
				2> "$TMP/out-$m" >/dev/null
			r=$?
			[ $r -gt 1 ] && rc=2 && sed -n '1,5p' "$TMP/out-$m" >&2
			grep '"severity":"error"' "$TMP/out-$m" >> "$TMP/errors"
		done
		sed -n 's/^{"file":"\([^"]*\)".*/\1/p' "$TMP/errors" | LC_ALL=C sort -u > "$2"
		exit $rc
	)
}

# ---------------------------------------------------------------- false alarms
if [ -n "$ROOT61" ]; then
	check_tree "$ROOT61" "$TMP/inv61"
	rc=$?
	n=$(wc -l < "$TMP/all")
	bad=$(wc -l < "$TMP/inv61")
	echo "6.1: $n bindings, $bad invalid according to dtbind"
	RES=$SHARED/reference/6.1-binding-check/results.tsv
	if [ -f "$RES" ]; then
		# Reference findings that are meta-schema verdicts; unresolvable
		# $refs, $id/path mismatches and quoting hints are other checks.
		grep "${TAB}docval${TAB}" "$RES" | grep -v "${TAB}docval${TAB}ok" |
			grep -v "Unable to find schema file\|Unknown file referenced\|doesn't match actual path\|quotes are not necessary" |
			cut -f1 | sed 's|^Documentation/devicetree/bindings/|./|' | LC_ALL=C sort -u > "$TMP/ref61"
		echo "6.1: $(wc -l < "$TMP/ref61") invalid according to dt-doc-validate 2022.08 (results.tsv)"
	else
		echo "6.1: no results.tsv; expecting every binding to be valid"
		: > "$TMP/ref61"
	fi
	LC_ALL=C comm -23 "$TMP/inv61" "$TMP/ref61" > "$TMP/fa"
	LC_ALL=C comm -13 "$TMP/inv61" "$TMP/ref61" > "$TMP/miss"
	sed 's/^/  false alarm: /' "$TMP/fa"
	sed 's/^/  missed: /' "$TMP/miss"
	if [ $rc -eq 0 ] && [ ! -s "$TMP/fa" ] && [ ! -s "$TMP/miss" ]; then
		ok "false-alarms-6.1 ($n bindings agree with the reference)"
	else
		ko "false-alarms-6.1 ($(wc -l < "$TMP/fa") false alarms, $(wc -l < "$TMP/miss") missed, dtbind status $rc)"
	fi
else
	echo "SKIP false-alarms-6.1: no kernel 6.1 corpus ($SHARED/corpus.sh)"
fi

if [ -n "$ROOT612" ]; then
	check_tree "$ROOT612" "$TMP/inv612"
	rc=$?
	n=$(wc -l < "$TMP/all")
	LC_ALL=C sort "$HERE/docval-6.12-invalid.txt" > "$TMP/ref612"
	LC_ALL=C comm -23 "$TMP/inv612" "$TMP/ref612" | sed 's/^/  only dtbind: /'
	LC_ALL=C comm -13 "$TMP/inv612" "$TMP/ref612" | sed 's/^/  only dt-doc-validate: /'
	same=$(LC_ALL=C comm -12 "$TMP/inv612" "$TMP/ref612" | wc -l)
	echo "INFO 6.12: $n bindings; invalid: dtbind $(wc -l < "$TMP/inv612"), dt-doc-validate 2022.08 $(wc -l < "$TMP/ref612"), both $same (dtbind status $rc)"
	if [ $rc -gt 1 ]; then
		ko "check-6.12 (dtbind could not check the 6.12 bindings)"
	fi
fi

# ------------------------------------------------- the schemas dtbind ships
# Like dt-schema's own tests: the core schemas under schemas/ must pass the
# meta-schema check themselves.
if [ -d "$REPO/schemas/core" ]; then
	mkdir -p "$TMP/own/Documentation/devicetree"
	ln -s "$REPO/schemas/core" "$TMP/own/Documentation/devicetree/bindings"
	check_tree "$TMP/own" "$TMP/invown"
	rc=$?
	n=$(wc -l < "$TMP/all")
	if [ $rc -eq 0 ] && [ ! -s "$TMP/invown" ]; then
		ok "own-schemas ($n files in schemas/core are valid)"
	else
		sed 's|^\./|  invalid: schemas/core/|' "$TMP/invown"
		ko "own-schemas ($(wc -l < "$TMP/invown") of $n files in schemas/core are invalid, dtbind status $rc)"
	fi
fi

# ------------------------------------------------------------------- mutations
if [ -z "$ROOT61" ]; then
	echo "SKIP mutations: no kernel 6.1 corpus"
else
	B61=$ROOT61/Documentation/devicetree/bindings
	[ "${RECORD:-0}" = 1 ] && : > "$TMP/table"
	while IFS= read -r line; do
		case $line in
		'#'*|'')
			[ "${RECORD:-0}" = 1 ] && printf '%s\n' "$line" >> "$TMP/table"
			continue ;;
		esac
		name=$(printf '%s\n' "$line" | cut -f1)
		src=$(printf '%s\n' "$line" | cut -f2)
		expr=$(printf '%s\n' "$line" | cut -f3)
		want=$(printf '%s\n' "$line" | cut -f4)
		known=$(printf '%s\n' "$line" | cut -f5)

		dir=$TMP/m/$name
		mkdir -p "$dir/$(dirname "$src")"
		copy=$dir/$src
		if ! sed -E -e "$expr" "$B61/$src" > "$copy" 2> "$TMP/sed.err"; then
			ko "$name: sed failed: $(head -n 1 "$TMP/sed.err")"
			continue
		fi
		if cmp -s "$B61/$src" "$copy"; then
			ko "$name: the sed script does not change $src"
			continue
		fi

		if [ $have_ref = 1 ]; then
			dt-doc-validate -u "$dir" "$copy" > /dev/null 2>&1
			case $? in
			0) live=valid ;;
			*) live=invalid ;;
			esac
			if [ "${RECORD:-0}" = 1 ]; then
				printf '%s\n' "$line" | awk -F '\t' -v OFS='\t' -v v="$live" '{ $4 = v; print }' >> "$TMP/table"
				want=$live
			elif [ "$live" != "$want" ]; then
				ko "$name: dt-doc-validate now says $live, the table says $want"
				continue
			fi
		fi

		dtbind_meta -q -s "${META}$(meta_of "$copy").yaml#" "$copy"
		case $? in
		0) got=valid ;;
		1) got=invalid ;;
		*) got=error ;;
		esac

		if [ "$got" = "$want" ]; then
			if [ "$known" != "-" ]; then
				ko "$name: dtbind now agrees ($got); remove the known-disagreement note"
			else
				ok "$name ($got)"
			fi
		elif [ "$known" != "-" ]; then
			xfail=$((xfail + 1))
			echo "XFAIL $name: dtbind $got, dt-doc-validate $want: $known"
		else
			ko "$name: dtbind says $got, dt-doc-validate $want"
		fi
	done < "$TABLE"
	if [ "${RECORD:-0}" = 1 ]; then
		if [ $have_ref = 1 ]; then
			cp "$TMP/table" "$TABLE"
			echo "RECORD: rewrote the docval column of $TABLE"
		else
			echo "RECORD: dt-doc-validate is not available; table unchanged"
		fi
	fi
fi

[ $xfail -gt 0 ] && echo "$xfail known disagreements (XFAIL)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
