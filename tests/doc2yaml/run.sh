#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh - doc2yaml golden tests.
#
# usage: sh tests/doc2yaml/run.sh [DTBIND] [--update]
#
# Converts every case listed in tests/doc2yaml/cases (one .txt path per line,
# relative to the repository root) with fixed options and compares the whole
# output: the YAML with golden/NAME.yaml, the findings (standard error) with
# golden/NAME.stderr, the exit status with golden/NAME.rc, and the parts
# of the text converted on their own beside it with golden/NAME+PART.yaml.  --update
# rewrites the golden files instead (review the diff before committing).
# A case with no golden/NAME.yaml must write nothing (a pointer stub, an
# output that would shadow a core schema).
# Each case is converted into a scratch directory that mirrors its path under
# corpus/txt/ (so $id keeps the kernel's directory) and never in the tree.
# doc2yaml runs with a TMPDIR that does not exist: its self-check (lint and
# exampletest on the result) makes no temporary tree.
# Exits 1 when a case differs, else 0.

cd "$(dirname "$0")/../.." || exit 2
DTBIND=${1:-build/dtbind}
UPDATE=
[ "$2" = "--update" ] || [ "$1" = "--update" ] && UPDATE=1
[ "$1" = "--update" ] && DTBIND=build/dtbind
case $DTBIND in /*) ;; *) DTBIND=$PWD/$DTBIND ;; esac
if [ ! -x "$DTBIND" ]; then
	echo "run.sh: $DTBIND not found (make first)" >&2
	exit 2
fi

G=tests/doc2yaml/golden
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/doc2yaml-golden.XXXXXX") || exit 2
trap 'rm -rf "$SCRATCH"' EXIT INT TERM
mkdir -p "$G"
pass=0
fail=0
seen=

while read -r txt root gen; do
	case $txt in ''|'#'*) continue ;; esac
	# A second field is a bindings root (-u): the tree the conversion consults
	# ("-": none).  A third is a generation: the conversion is made for it
	# (--dtschema) and linted with its meta-schemas only; its golden files
	# are NAME@GEN.
	set --
	[ -n "$root" ] && [ "$root" != - ] && set -- -u "$root"
	name=$(basename "$txt" .txt)
	# Golden files are named by the case: two cases of one name would share them.
	case " $seen " in *" $name${gen:+@$gen} "*)
		echo "FAIL: $txt: another case is named $name${gen:+@$gen}"
		fail=$((fail + 1))
		continue ;;
	esac
	seen="$seen $name${gen:+@$gen}"
	gens="2022.08 2026.06"
	if [ -n "$gen" ]; then
		set -- "$@" --dtschema="$gen"
		name=$name@$gen
		gens=$gen
	fi
	rel=${txt#corpus/txt/}
	rel=${rel#tests/doc2yaml/fixtures/}
	rel=${rel#tree/}
	out=$SCRATCH/out${gen:+@$gen}/${rel%.txt}.yaml
	mkdir -p "$(dirname "$out")"
	# Relative paths: findings print the input as given, stable across checkouts.
	# The self-check runs in memory: a TMPDIR that cannot exist must not matter.
	before=$(ls "$(dirname "$out")")
	TMPDIR=/nonexistent/dtbind-no-tmpdir "$DTBIND" doc2yaml --maintainer 'Golden Test <golden@example.com>' "$@" \
		-o "$out" "$txt" 2>"$SCRATCH/$name.stderr"
	echo $? >"$SCRATCH/$name.rc"
	# Parts of the text for other devices, converted beside the output: NAME+PART.yaml.
	parts=
	for f in $(ls "$(dirname "$out")"); do
		case "
$before
$(basename "$out")
" in *"
$f
"*) ;; *) parts="$parts $f" ;; esac
	done
	if [ -n "$UPDATE" ]; then
		if [ -e "$out" ]; then cp "$out" "$G/$name.yaml"; else rm -f "$G/$name.yaml"; fi
		rm -f "$G/$name+"*.yaml
		for f in $parts; do cp "$(dirname "$out")/$f" "$G/$name+$f"; done
		cp "$SCRATCH/$name.stderr" "$G/$name.stderr"
		cp "$SCRATCH/$name.rc" "$G/$name.rc"
		echo "updated $name"
		continue
	fi
	ok=1
	for f in $parts; do
		if [ -e "$G/$name+$f" ]; then
			diff -u "$G/$name+$f" "$(dirname "$out")/$f" || ok=
		else
			echo "$txt: wrote part $f, expected none"
			ok=
		fi
	done
	for g in "$G/$name+"*.yaml; do
		[ -e "$g" ] || continue
		case " $parts " in *" ${g#"$G/$name+"} "*) ;; *)
			echo "$txt: did not write part ${g#"$G/$name+"}"
			ok= ;;
		esac
	done
	if [ -e "$G/$name.yaml" ]; then
		diff -u "$G/$name.yaml" "$out" || ok=
	elif [ -e "$out" ]; then
		echo "$txt: wrote $out, expected nothing"
		ok=
	fi
	diff -u "$G/$name.stderr" "$SCRATCH/$name.stderr" || ok=
	diff -u "$G/$name.rc" "$SCRATCH/$name.rc" || ok=
	# The output passes both generations' meta-schemas (score.py lints with
	# 2022.08, current trees with 2026.06), or its own generation's when the
	# case names one; outside a tree $refs do not
	# resolve, so only meta-schema findings count here.
	if [ -e "$out" ]; then
		for g in $gens; do
			if "$DTBIND" lint --dtschema=$g "$out" 2>&1 | grep 'error:.*\[meta-schema\]'; then
				echo "$txt: the output fails the $g meta-schemas"
				ok=
			fi
		done
	fi
	if [ -n "$ok" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL: $txt"
		fail=$((fail + 1))
	fi
done <tests/doc2yaml/cases

[ -n "$UPDATE" ] && exit 0
# '-o -' is standard output, as with no -o, not a file named '-'.
txt=corpus/txt/arm/cpus.txt
mkdir "$SCRATCH/dash"
if (cd "$SCRATCH/dash" && "$DTBIND" doc2yaml --maintainer 'G <g@example.com>' -o - "$OLDPWD/$txt" >stdout.yaml 2>/dev/null) &&
	"$DTBIND" doc2yaml --maintainer 'G <g@example.com>' "$txt" 2>/dev/null | cmp -s - "$SCRATCH/dash/stdout.yaml" &&
	grep -q '^\$id: ' "$SCRATCH/dash/stdout.yaml" && [ ! -e "$SCRATCH/dash/-" ]; then
	pass=$((pass + 1))
else
	echo "FAIL: doc2yaml -o - $txt: not the YAML on standard output"
	fail=$((fail + 1))
fi
echo "doc2yaml golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
