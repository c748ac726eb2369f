#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The kbuild front-ends on a small tree (part of `make check`): installed
# with `make install DESTDIR`, found from a fresh shell through
# `dtbind kbuild-path`, and each run as the kernel's Makefiles run it.
# The whole kernel targets: tests/conformance/kbuild/run.sh.
#
# Usage: tests/kbuild/run.sh BUILD/dtbind
set -u
[ $# -eq 1 ] || { echo "usage: $0 BUILD/dtbind" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-kbuild.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
passed=0 failed=0

check() { # NAME EXPECTED ACTUAL
	if [ "$2" = "$3" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
	fi
}

# Installed, and found by a shell that knows nothing of us but the prefix.
make -C "$ROOT" --no-print-directory -s install-kbuild install BUILD="$(dirname "$BIN")" \
	DESTDIR="$T/dest" PREFIX=/usr >"$T/install.log" 2>&1 || { cat "$T/install.log"; exit 2; }
got=$(env -i PATH=/usr/bin:/bin sh -c "PATH=\$($T/dest/usr/bin/dtbind kbuild-path):\$PATH
	for p in dt-doc-validate dt-mk-schema dt-extract-example dt-validate dt-check-compatible yamllint
	do command -v \$p; done")
check "install DESTDIR: kbuild-path, PATH" "$(for p in dt-doc-validate dt-mk-schema \
	dt-extract-example dt-validate dt-check-compatible yamllint
	do echo "$T/dest/usr/libexec/dtbind/kbuild/$p"; done)" "$got"
K=$T/dest/usr/libexec/dtbind/kbuild
check "nothing in bin/ but dtbind" "dtbind" "$(ls "$T/dest/usr/bin")"

# Two trees: a 6.1-era Makefile (2022.3) and a 6.12 one (2023.9).
for v in 2022.3 2023.9; do
	B=$T/k$v/Documentation/devicetree/bindings
	mkdir -p "$B/misc" "$T/o$v/Documentation/devicetree/bindings/misc"
	printf 'DT_SCHEMA_MIN_VERSION = %s\n' "$v" >"$B/Makefile"
	cp "$HERE/acme,widget.yaml" "$B/misc/"
done
kcheck() { # DIR MIN [ENV...]: the kernel's version check, as its Makefile runs it
	d=$1 min=$2
	shift 2
	(cd "$d" && { echo "$min"; env "$@" "$K/dt-doc-validate" --version 2>/dev/null || echo 0; } |
		sort -Vc >/dev/null 2>&1) && echo pass || echo refused
}
check "--version, 6.1 tree" "2022.08" "$(cd "$T/k2022.3" && "$K/dt-doc-validate" --version | head -n 1)"
check "--version, 6.12 tree" "2026.06" "$(cd "$T/k2023.9" && "$K/dt-validate" -V | head -n 1)"
check "--version second line" "dtbind 0.1, with dt-schema 2026.06 semantics (from DT_SCHEMA_MIN_VERSION of the tree)" \
	"$(cd "$T/k2023.9" && "$K/dt-mk-schema" -V | sed -n 2p)"
check "6.1's version check" pass "$(kcheck "$T/k2022.3" 2022.3)"
check "6.12's version check" pass "$(kcheck "$T/k2023.9" 2023.9)"
check "6.12 refuses a forced 2022.08" refused "$(kcheck "$T/k2023.9" 2023.9 DTBIND_DTSCHEMA=2022.08)"
check "srctree= names the tree (O= builds)" "2022.08" \
	"$(cd "$T" && srctree=$T/k2022.3 "$K/dt-doc-validate" --version | head -n 1)"

# The steps of dt_binding_check, in a 6.12 tree.
cd "$T/k2023.9" || exit 2
B=Documentation/devicetree/bindings
O=$T/o2023.9/$B/misc
find "./$B" -name '*.yaml' >"$T/files"
"$K/dt-mk-schema" -j @"$T/files" >"$O/../processed-schema.json" 2>"$T/mk.err"
check "dt-mk-schema: exit, stderr, header" "0 DTBSCH" \
	"$? $(cat "$T/mk.err")$(head -c 6 "$O/../processed-schema.json")"
# Into a file the set is copied inside the kernel from a cache kept next to
# it; into a pipe, through us from the per-user cache: the same set (past
# the 80-byte header, which holds the time its sources were listed).
check "dt-mk-schema: its cache next to the output" "DTBSCH" \
	"$(head -c 6 "$O/../.processed-schema.json.dtbind-set.tmp")"
# The kernel's `make clean` deletes what matches its patterns, '.*.tmp' among them.
check "dt-mk-schema: its cache is a file the kernel's make clean removes" \
	"$O/../.processed-schema.json.dtbind-set.tmp" "$(find "$O/.." -maxdepth 1 -name '.*.tmp')"
check "dt-mk-schema into a pipe: the same set" \
	"DTBSCH $(tail -c +81 "$O/../processed-schema.json" | cksum)" \
	"$("$K/dt-mk-schema" -j @"$T/files" | cat >"$T/piped"; head -c 6 "$T/piped")\
 $(tail -c +81 "$T/piped" | cksum)"
"$K/dt-doc-validate" -u "$B" "./$B/misc/acme,widget.yaml" 2>"$T/doc.err"
check "dt-doc-validate: a clean binding" "0 " "$? $(cat "$T/doc.err")"
# What checkpatch and dtc say in kbuild is not said again: an SPDX line, an example.
sed '1s/.*/# SPDX-License-Identifier: GPL-2.0/; s/acme,speed = <11>;/acme,speed = <11>/' \
	"$B/misc/acme,widget.yaml" >"$T/other.yaml"
mkdir -p "$B/other" && cp "$T/other.yaml" "$B/other/acme,widget.yaml"
"$K/dt-doc-validate" -u "$B" "$B/other/acme,widget.yaml" 2>"$T/doc2.err"
check "dt-doc-validate: only its own checks" "1 1" \
	"$? $(grep -c 'id-matches-path' "$T/doc2.err")$(grep -c 'spdx\|dts-' "$T/doc2.err" | sed 's/^0$//')"
rm -r "$B/other"
"$K/dt-extract-example" "$B/misc/acme,widget.yaml" >"$O/acme,widget.example.dts"
check "dt-extract-example: the wrapper" "0 4" "$? $(grep -c 'example-0\|acme,speed = <11>\|/plugin/\|dts-v1' \
	"$O/acme,widget.example.dts")"
# kbuild compiles it with dtc; the front-end reads the example from its .yaml.
if command -v dtc >/dev/null; then
	dtc -q -O dtb -o "$O/acme,widget.example.dtb" "$O/acme,widget.example.dts"
else
	: >"$O/acme,widget.example.dtb"
fi
"$K/dt-validate" -m -u "$(pwd)/$B" -p "$O/../processed-schema.json" \
	"$O/acme,widget.example.dtb" 2>"$T/val.err"
check "dt-validate: example findings at the .yaml's line, dt-validate's layout" "0
$(pwd)/$B/misc/acme,widget.yaml:35:9: /example-0/widget@1000:acme,speed:0:0: 11 is greater than the maximum of 10
	from schema \$id: http://devicetree.org/schemas/misc/acme,widget.yaml" "$?
$(cat "$T/val.err")"
printf '{"$id": "processed"}\n' >"$T/real.json"
"$K/dt-validate" -p "$T/real.json" "$O/acme,widget.example.dtb" 2>"$T/json.err"
check "dt-validate: a JSON of the real dt-mk-schema is refused, said plainly" \
	"2 1" "$? $(grep -c 'not a schema set of dtbind.s dt-mk-schema' "$T/json.err")"
check "dt-check-compatible" "acme,widget
0" "$("$K/dt-check-compatible" -s "$O/../processed-schema.json" acme,widget; echo $?)"
check "dt-check-compatible -v -q: nothing undocumented" "255" \
	"$("$K/dt-check-compatible" -v -q -s "$O/../processed-schema.json" acme,widget; echo $?)"

# A whole make: after 16 examples checked one by one, dt-validate checks the
# rest of the tree in one pass (forked workers) and the later runs print what
# it kept.  What they print must be what checking each one alone prints
# (-p naming the bindings directory keeps nothing).  With -l (DT_SCHEMA_FILES)
# the pass checks only the examples that make builds.
for i in $(seq 1 24); do
	mkdir -p "$B/w$i" "$T/o2023.9/$B/w$i"
	sed "s|misc/acme,widget|w$i/acme,w$i|; s|acme,widget|acme,w$i|g
		s|acme,speed = <11>|acme,speed = <$((i % 4 + 9))>|" "$B/misc/acme,widget.yaml" \
		>"$B/w$i/acme,w$i.yaml"
	cp "$O/acme,widget.example.dtb" "$T/o2023.9/$B/w$i/acme,w$i.example.dtb"
done
find "./$B" -name '*.yaml' >"$T/files"
"$K/dt-mk-schema" -j @"$T/files" >"$O/../processed-schema.json"
S=$O/../processed-schema.json
pass() { # SCHEMA "N..." [-l LIMIT]: dt-validate on those examples, as make runs it
	s=$1 list=$2
	shift 2
	for i in $list; do
		"$K/dt-validate" "$@" -u "$(pwd)/$B" -p "$s" "$T/o2023.9/$B/w$i/acme,w$i.example.dtb"
	done 2>&1
}
kept() { find "$S.dtbind" -mindepth 2 -type f ! -name '.*' | wc -l; }
all=$(seq 1 24)
alone=$(pass "$(pwd)/$B" "$all")
check "dt-validate: 24 examples, one pass after 16, as each alone" "$alone" "$(pass "$S" "$all")"
check "... with findings in 12 of them" 12 "$(echo "$alone" | grep -c 'greater than the maximum')"
check "... and kept: the pass checked the tree" 25 "$(kept)"
rm -r "$S.dtbind"
some="1 2 $(seq 10 24)"	# what DT_SCHEMA_FILES=w1:w2 builds: 17 examples
alone=$(pass "$(pwd)/$B" "$some" -l w1:w2)
check "dt-validate -l: one pass over what make builds, as each alone" "$alone" \
	"$(pass "$S" "$some" -l w1:w2)"
check "... and kept: only those" 17 "$(kept)"
# The set made again with no binding changed (kbuild after a touch) is the
# same set: the results stay, and a run with other options keeps its own too.
"$K/dt-mk-schema" -j @"$T/files" >"$S"
pass "$S" "1" >/dev/null
check "dt-mk-schema again, nothing changed: the results stay" 18 "$(kept)"
# A change the set does not see (a comment) leaves it byte for byte the same:
# its identity is the program and the set's hash, not when it was made.
echo "# changed" >>"$B/w3/acme,w3.yaml"
"$K/dt-mk-schema" -j @"$T/files" >"$S"
pass "$S" "1" >/dev/null
check "... a comment added to a binding: the same set, the results stay" 18 "$(kept)"
sed 's/maximum: 10$/maximum: 12/' "$B/w3/acme,w3.yaml" >"$T/w3" && cat "$T/w3" >"$B/w3/acme,w3.yaml"
"$K/dt-mk-schema" -j @"$T/files" >"$S"
pass "$S" "1" >/dev/null
check "... a binding changed: a new set, the old results go" 1 "$(kept)"

# yamllint as the kernel calls it: -f parsable -c .yamllint, problems on stdout.
printf 'extends: relaxed\nrules:\n  document-start:\n    present: true\n' >"$B/.yamllint"
printf 'a: [ 1,2 ]\n' >"$T/bad.yaml"
check "yamllint -f parsable -c" "$T/bad.yaml:1:1: [error] missing document start \"---\" (document-start)
$T/bad.yaml:1:8: [warning] too few spaces after comma (commas)
1" "$("$K/yamllint" -f parsable -c "$B/.yamllint" "$T/bad.yaml" 2>&1; echo $?)"
check "yamllint: a clean file" "0" "$("$K/yamllint" -f parsable -c "$B/.yamllint" "$B/misc" 2>&1; echo $?)"
check "@file arguments" "0" "$("$K/yamllint" -f parsable -c "$B/.yamllint" @"$T/files" 2>&1; echo $?)"

echo "kbuild front-ends: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
