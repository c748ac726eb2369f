#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Golden tests on corpus/ and on generated bad inputs (`make corpus-tests`).
# Needs no kernel corpus; that is `make conformance`.
#
# Usage: tests/run-corpus.sh BINARY
# Env:   UPDATE_GOLDEN=1  rewrite tests/golden/jsonschema/*/expected.txt and
#                         exit from what BINARY prints now (then READ the diff)
#        MEM_FACTOR=N     multiply the memory limits (default 1; 3 when BINARY
#                         is built with AddressSanitizer)
#
# Sections:
#   corpus  every corpus/**/*.yaml loads; corpus/bindings/**/*.yaml is valid
#           against the 2019-09 meta-schema
#   bad     generated bad inputs (syntax, duplicate keys, $ref cycles,
#           unresolvable $ref, 100,000-deep nesting, pathological regex,
#           100 MB file, alias bomb): exit status, located error, `timeout 60`,
#           peak RSS (GNU /usr/bin/time, else python3's getrusage, else the
#           memory check is skipped)
#   golden  tests/golden/jsonschema/NAME/: `jsonschema [ARGS] -s schema.yaml
#           instance.yaml` run in that directory; stderr must equal
#           expected.txt, the exit status the number in `exit`, stdout must be
#           empty or equal expected-stdout.txt (--format=json findings);
#           `args` (optional) holds extra options on one line
#
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u

if [ $# -ne 1 ]; then
	echo "usage: tests/run-corpus.sh BINARY" >&2
	exit 2
fi
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
if [ ! -x "$BIN" ]; then
	echo "run-corpus.sh: $1: not an executable" >&2
	exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2

META=https://json-schema.org/draft/2019-09/schema
TIMEOUT=60

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

passed=0
failed=0

# result NAME WHY: WHY empty means PASS; details for a FAIL are in $tmp/detail.
result() {
	if [ -z "$2" ]; then
		passed=$((passed + 1))
		echo "PASS: $1"
	else
		failed=$((failed + 1))
		echo "FAIL: $1:${2#;}"
		if [ -s "$tmp/detail" ]; then
			sed 's/^/    /' "$tmp/detail"
		fi
	fi
	: >"$tmp/detail"
}
: >"$tmp/detail"

# How to measure peak RSS of a command (in KiB).
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
	MEM_TOOL=gnu-time
elif command -v python3 >/dev/null 2>&1; then
	MEM_TOOL=python3
else
	MEM_TOOL=
	echo "note: neither GNU /usr/bin/time nor python3 found; memory checks skipped"
fi
if [ -z "${MEM_FACTOR:-}" ]; then
	MEM_FACTOR=1
	if grep -q __asan_init "$BIN" 2>/dev/null; then
		MEM_FACTOR=3
	fi
fi

# measure DIR CMD...: run CMD in DIR under `timeout`, stdout to $tmp/out,
# stderr to $tmp/err; sets rc and rss_kb (empty when unknown).
measure() {
	m_dir=$1
	shift
	rm -f "$tmp/mem"
	case $MEM_TOOL in
	gnu-time)
		(cd "$m_dir" && /usr/bin/time -f %M -o "$tmp/mem" \
			timeout "$TIMEOUT" "$@") >"$tmp/out" 2>"$tmp/err"
		rc=$? ;;
	python3)
		(cd "$m_dir" && python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc if rc >= 0 else 128 - rc)' "$tmp/mem" timeout "$TIMEOUT" "$@") \
			>"$tmp/out" 2>"$tmp/err"
		rc=$? ;;
	*)
		(cd "$m_dir" && timeout "$TIMEOUT" "$@") >"$tmp/out" 2>"$tmp/err"
		rc=$? ;;
	esac
	rss_kb=
	if [ -s "$tmp/mem" ]; then
		# GNU time puts "Command exited with non-zero status N" first.
		rss_kb=$(tail -n 1 "$tmp/mem")
		case $rss_kb in
		'' | *[!0-9]*) rss_kb= ;;
		esac
	fi
}

# Replace the temporary directory in messages by TMP (URIs name it).
sed_escape() { printf '%s\n' "$1" | sed 's/[][\.*^$|/]/\\&/g'; }
tmp_re=$(sed_escape "$tmp")

# findings: the diagnostic lines of $tmp/err (not the source excerpts).
findings() { grep -v '^ ' "$tmp/err" | sed "s|$tmp_re|TMP|g"; }

# ---------------------------------------------------------------- corpus/

yaml_files=$(find corpus -name '*.yaml' -type f | LC_ALL=C sort)
if [ -z "$yaml_files" ]; then
	result "corpus: corpus/ has YAML files" "; none found"
fi
for f in $yaml_files; do
	measure "$ROOT" "$BIN" parse "$f"
	why=
	[ "$rc" -eq 0 ] || why="; dtbind parse exited $rc"
	[ -s "$tmp/err" ] && cp "$tmp/err" "$tmp/detail"
	result "corpus: parse $f" "$why"
done
for f in $yaml_files; do
	case $f in
	corpus/bindings/*) ;;
	*) continue ;;
	esac
	measure "$ROOT" "$BIN" jsonschema -s "$META" "$f"
	why=
	[ "$rc" -eq 0 ] || why="; not valid against $META (exit $rc)"
	[ -s "$tmp/err" ] && cp "$tmp/err" "$tmp/detail"
	result "corpus: meta-schema $f" "$why"
done

# ---------------------------------------------------------------- bad inputs

B=$tmp/bad
mkdir "$B"

# bad NAME RC MEM_MB MODE WANT CMD...
#   Runs CMD in $B. RC is the wanted exit status. MEM_MB bounds peak RSS.
#   MODE exact: WANT is every finding line (newline-separated), compared
#   exactly after TMP substitution.  MODE re: the first finding line must
#   match the extended regex WANT as a whole.
bad() {
	b_name=$1 b_rc=$2 b_mem=$3 b_mode=$4 b_want=$5
	shift 5
	measure "$B" "$@"
	why=
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		why="$why; timed out (timeout $TIMEOUT)"
	elif [ "$rc" -ne "$b_rc" ]; then
		why="$why; exit status $rc, want $b_rc"
	fi
	findings >"$tmp/got"
	case $b_mode in
	exact)
		printf '%s\n' "$b_want" >"$tmp/want"
		if ! cmp -s "$tmp/want" "$tmp/got"; then
			why="$why; diagnostics differ"
			diff -u "$tmp/want" "$tmp/got" | tail -n +3 | cut -c1-300 >>"$tmp/detail"
		fi ;;
	re)
		if ! head -n 1 "$tmp/got" | grep -Eqx -- "$b_want"; then
			why="$why; first diagnostic does not match /$b_want/"
			head -n 3 "$tmp/got" | cut -c1-300 >>"$tmp/detail"
		fi ;;
	esac
	mem_note=
	if [ -n "$rss_kb" ]; then
		limit=$((b_mem * 1024 * MEM_FACTOR))
		if [ "$rss_kb" -gt "$limit" ]; then
			why="$why; peak RSS $rss_kb KiB > limit $limit KiB"
		fi
		mem_note=" [rss ${rss_kb} KiB]"
	fi
	result "bad: $b_name$mem_note" "$why"
}

# Generated inputs.
printf 'a: [1, 2\nb: c\n' >"$B/unclosed.yaml"
printf 'a: b: c\n' >"$B/nested.yaml"
printf 'a:\n  b: 1\n c: 2\n' >"$B/indent.yaml"
printf 'a: "unterminated\nb: 1\n' >"$B/quote.yaml"
printf 'a:\n\t- 1\n' >"$B/tab.yaml"
printf '{"a": 1,}\n' >"$B/comma.json"
printf 'a: 1\nb: 2\na: 3\n' >"$B/dup.yaml"
# not UTF-8, in a directive's name (libfyaml 0.7 loops forever on it) and in a value
printf '# x\n%%\377YAML 1.2\n---\na: 1\n' >"$B/directive-not-utf8.yaml"
printf 'a: caf\303\251\nb: \342\202\n' >"$B/value-not-utf8.yaml"
printf '{"a": 1, "b": {"c": 2, "c": 3}}\n' >"$B/dup.json"
printf 'x: 1\n' >"$B/inst.yaml"
# shellcheck disable=SC2016 # $ref and $defs are literal text
{
	printf '$ref: "#"\n' >"$B/cycle1.yaml"
	printf '$defs:\n  a:\n    $ref: "#/$defs/b"\n  b:\n    $ref: "#/$defs/a"\n$ref: "#/$defs/a"\n' \
		>"$B/cycle2.yaml"
	printf 'properties:\n  x:\n    $ref: "#/$defs/missing"\n' >"$B/unres-ptr.yaml"
	printf '$ref: "missing.yaml#"\n' >"$B/unres-file.yaml"
}
printf '{"pattern": "^(a+)+$"}\n' >"$B/redos.json"
awk 'BEGIN { s = "a"; while (length(s) < 4999) s = s s; printf "\"%sb\"\n", substr(s, 1, 4999) }' \
	>"$B/redos-inst.json"
# 100,000 levels: [[[...]]] (flow) and "- - - ... x" (block sequences).
awk 'BEGIN { n = 100000; s = "[[[[[[[[[["; t = "]]]]]]]]]]";
	for (i = 0; i < n / 10; i++) printf "%s", s; for (i = 0; i < n / 10; i++) printf "%s", t; print "" }' \
	>"$B/deep-flow.yaml"
cp "$B/deep-flow.yaml" "$B/deep-flow.json"
awk 'BEGIN { n = 100000; for (i = 0; i < n / 10; i++) printf "- - - - - - - - - - "; print "x" }' \
	>"$B/deep-block.yaml"
# 100 MiB of a valid YAML list (the last item may be cut short: still valid).
yes -- '- 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' |
	head -c 104857600 >"$B/big.yaml"
# Billion laughs: 9^9 "lol" when expanded.
cat >"$B/laughs.yaml" <<'EOF'
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
EOF
printf 'a: &a [1, *a]\n' >"$B/recursive-alias.yaml"

# Syntax errors: `parse` exits 1; `jsonschema` exits 2 (cannot load).
# The unclosed bracket is reported at the end of input, not at the '[' (see
# the report): only the message is pinned, not the position.
bad "syntax: unclosed flow sequence" 1 100 re \
	'unclosed\.yaml:[0-9]+:[0-9]+: error: flow sequence without a closing bracket \[yaml-syntax\]' \
	"$BIN" parse unclosed.yaml
bad "syntax: unclosed flow sequence (jsonschema instance)" 2 100 re \
	'unclosed\.yaml:[0-9]+:[0-9]+: error: flow sequence without a closing bracket \[yaml-syntax\]' \
	"$BIN" jsonschema -s "$META" unclosed.yaml
bad "syntax: mapping on the same line" 1 100 exact \
	'nested.yaml:1:5: error: invalid nested block mapping on the same line [yaml-syntax]' \
	"$BIN" parse nested.yaml
bad "syntax: bad indentation" 1 100 exact \
	'indent.yaml:3:2: error: invalid indentation in mapping [yaml-syntax]' \
	"$BIN" parse indent.yaml
bad "syntax: unterminated quote" 1 100 exact \
	'quote.yaml:1:5: error: double-quoted scalar without closing quote [yaml-syntax]' \
	"$BIN" parse quote.yaml
bad "syntax: tab indentation" 1 100 exact \
	'tab.yaml:2:1: error: tab character may not be used as indentation [yaml-syntax]' \
	"$BIN" parse tab.yaml
bad "syntax: JSON trailing comma" 1 100 exact \
	'comma.json:1:8: error: JSON disallows trailing comma before closing brace [yaml-syntax]' \
	"$BIN" parse comma.json
bad "syntax: syntax error in the schema" 2 100 re \
	'unclosed\.yaml:[0-9]+:[0-9]+: error: flow sequence without a closing bracket \[yaml-syntax\]' \
	"$BIN" jsonschema -s unclosed.yaml inst.yaml

bad "duplicate key (YAML)" 1 100 exact \
	"dup.yaml:3:1: error: duplicate key 'a' (first defined at line 1) [yaml-duplicate-key]" \
	"$BIN" parse dup.yaml
bad "duplicate key (JSON, nested)" 1 100 exact \
	"dup.json:1:24: error: duplicate key 'c' (first defined at line 1) [yaml-duplicate-key]" \
	"$BIN" parse dup.json

# Schema errors: `jsonschema` exits 2.
bad "\$ref cycle: {\"\$ref\": \"#\"}" 2 100 exact \
	"inst.yaml:1:1: error: \$ref 'file://TMP/bad/cycle1.yaml#' loops back to itself without consuming any of the instance [jsonschema]
cycle1.yaml:1:1: note: '\$ref' of the schema is here [jsonschema]" \
	"$BIN" jsonschema -s cycle1.yaml inst.yaml
bad "\$ref cycle: a -> b -> a via \$defs" 2 100 exact \
	"inst.yaml:1:1: error: \$ref 'file://TMP/bad/cycle2.yaml#/\$defs/a' loops back to itself without consuming any of the instance [jsonschema]
cycle2.yaml:5:5: note: '\$ref' of the schema is here [jsonschema]" \
	"$BIN" jsonschema -s cycle2.yaml inst.yaml
bad "unresolvable \$ref (JSON pointer)" 2 100 exact \
	"inst.yaml:1:4: error: /x: cannot resolve \$ref 'file://TMP/bad/unres-ptr.yaml#/\$defs/missing': not found [jsonschema]
unres-ptr.yaml:3:5: note: '\$ref' of the schema is here [jsonschema]" \
	"$BIN" jsonschema -s unres-ptr.yaml inst.yaml
bad "unresolvable \$ref (missing file)" 2 100 exact \
	"inst.yaml:1:1: error: cannot resolve \$ref 'file://TMP/bad/missing.yaml#': not found [jsonschema]
unres-file.yaml:1:1: note: '\$ref' of the schema is here [jsonschema]" \
	"$BIN" jsonschema -s unres-file.yaml inst.yaml

# Limits: `parse` exits 1, `jsonschema` 2.
bad "pathological regex ^(a+)+\$ on 5000 chars" 2 100 re \
	"redos-inst\\.json:1:[0-9]+: error: \"a{100,}\\.\\.\\.: regular expression '\\^\\(a\\+\\)\\+\\\$' exceeded its backtracking limit \\[jsonschema\\]" \
	"$BIN" jsonschema -s redos.json redos-inst.json
bad "nesting 100,000 deep, flow" 1 100 exact \
	'deep-flow.yaml:1:513: error: nesting deeper than 512 levels [yaml-limit]' \
	"$BIN" parse deep-flow.yaml
bad "nesting 100,000 deep, flow (.json)" 1 100 exact \
	'deep-flow.json:1:513: error: nesting deeper than 512 levels [yaml-limit]' \
	"$BIN" parse deep-flow.json
bad "nesting 100,000 deep, block" 1 100 exact \
	'deep-block.yaml:1:1025: error: nesting deeper than 512 levels [yaml-limit]' \
	"$BIN" parse deep-block.yaml
bad "nesting 100,000 deep (jsonschema instance)" 2 100 exact \
	'deep-flow.yaml:1:513: error: nesting deeper than 512 levels [yaml-limit]' \
	"$BIN" jsonschema -s "$META" deep-flow.yaml
bad "nesting 100,000 deep (jsonschema schema)" 2 100 exact \
	'deep-block.yaml:1:1025: error: nesting deeper than 512 levels [yaml-limit]' \
	"$BIN" jsonschema -s deep-block.yaml inst.yaml
bad "100 MiB file" 1 200 exact \
	'big.yaml: error: file is larger than 64 MiB [yaml-limit]' \
	"$BIN" parse big.yaml
bad "100 MiB file (jsonschema instance)" 2 200 exact \
	'big.yaml: error: file is larger than 64 MiB [yaml-limit]' \
	"$BIN" jsonschema -s "$META" big.yaml
# The bomb is reported at the anchored node, not at the alias that overflows
# (see the report): only the message is pinned.
bad "billion laughs" 1 100 re \
	'laughs\.yaml:[0-9]+:[0-9]+: error: document expands to more than [0-9]+ nodes through aliases \[yaml-limit\]' \
	"$BIN" parse laughs.yaml
bad "billion laughs (jsonschema instance)" 2 100 re \
	'laughs\.yaml:[0-9]+:[0-9]+: error: document expands to more than [0-9]+ nodes through aliases \[yaml-limit\]' \
	"$BIN" jsonschema -s "$META" laughs.yaml
bad "not UTF-8 in a directive (no hang)" 1 100 exact \
	"directive-not-utf8.yaml:2:2: error: invalid UTF-8 (byte 0xff): the file must be UTF-8 text [yaml-syntax]" \
	"$BIN" parse directive-not-utf8.yaml
bad "not UTF-8 in a value, after a valid é" 1 100 exact \
	"value-not-utf8.yaml:2:4: error: invalid UTF-8 (byte 0xe2): the file must be UTF-8 text [yaml-syntax]" \
	"$BIN" parse value-not-utf8.yaml
bad "not UTF-8: lint stops with the same error" 1 100 re \
	'directive-not-utf8\.yaml:2:2: error: invalid UTF-8 .*' \
	"$BIN" lint -Wno-spdx directive-not-utf8.yaml
bad "recursive alias" 1 100 exact \
	"recursive-alias.yaml:1:12: error: recursive alias: the anchor's node contains this alias [yaml-syntax]" \
	"$BIN" parse recursive-alias.yaml
rm -f "$B/big.yaml"

# A path that does not exist is an I/O error (exit 2) in every command that takes paths.
mkdir -p "$B/empty-bindings"
bad "missing path: lint" 2 100 exact \
	"missing.yaml: error: No such file or directory [io]" \
	"$BIN" lint missing.yaml
for cmd in exampletest validate; do
	bad "missing path: $cmd" 2 100 exact \
		"missing.yaml: error: No such file or directory [io]" \
		"$BIN" $cmd --no-cache -u empty-bindings missing.yaml
done
# validate walks a directory for .dtb, .dtbo and .dts (a .yaml there is not a tree)
mkdir -p "$B/trees/sub"
printf '/dts-v1/;\n/ { compatible = "acme,board"; x = <1 2>; };\n' >"$B/trees/sub/a.dts"
printf 'a: 1\n' >"$B/trees/b.yaml"
bad "validate: a directory of trees" 1 100 re \
	'trees/sub/a\.dts:[0-9]+:[0-9]+: error: /: .*' \
	"$BIN" validate --no-cache -u empty-bindings trees

# validate finds the bindings of the kernel tree its file is in (no -u)
mkdir -p "$B/ktree/Documentation/devicetree/bindings/misc" "$B/ktree/arch/x/boot/dts"
cat >"$B/ktree/Documentation/devicetree/bindings/misc/acme,gizmo.yaml" <<'EOF2'
$id: http://devicetree.org/schemas/misc/acme,gizmo.yaml#
$schema: http://devicetree.org/meta-schemas/core.yaml#
title: ACME gizmo
maintainers:
  - A <a@example.com>
properties:
  compatible:
    const: acme,gizmo
  acme,level:
    $ref: /schemas/types.yaml#/definitions/uint32
    maximum: 3
    description: how much
additionalProperties: false
EOF2
printf '/dts-v1/;\n/ { model = "m"; compatible = "acme,board"; #address-cells = <1>;\n\t#size-cells = <1>; gizmo { compatible = "acme,gizmo"; acme,level = <4>; }; };\n' \
	>"$B/ktree/arch/x/boot/dts/g.dts"
bad "validate: the bindings of the tree the file is in" 1 100 re \
	'ktree/arch/x/boot/dts/g\.dts:3:56: error: /gizmo:acme,level:0:0: 4 is greater than the maximum of 3 .*' \
	"$BIN" validate --no-cache ktree/arch/x/boot/dts/g.dts

# dt-schema 2026.06 (issue 11): a catch-all compatible pattern documents
# nothing for -m, and a binding that lists simple-bus next to its own
# compatible is not applied to every simple-bus.  2022.08 does both.
mkdir -p "$B/mtree/Documentation/devicetree/bindings/soc"
cat >"$B/mtree/Documentation/devicetree/bindings/soc/acme-soc.yaml" <<'EOF2'
$id: http://devicetree.org/schemas/soc/acme-soc.yaml#
$schema: http://devicetree.org/meta-schemas/core.yaml#
title: ACME SoC buses
maintainers:
  - A <a@example.com>
properties:
  compatible:
    oneOf:
      - items:
          - const: acme,qbus
          - const: simple-bus
      - items:
          - pattern: '^(?!acme,.+-.+).+$'
  acme,speed:
    $ref: /schemas/types.yaml#/definitions/uint32
    description: bus clock
required:
  - acme,speed
additionalProperties: true
EOF2
printf '/dts-v1/;\n/ { model = "m"; compatible = "acme,board"; #address-cells = <1>;\n\t#size-cells = <1>;\n\tbus { compatible = "simple-bus"; #address-cells = <1>; #size-cells = <1>; ranges; };\n};\n' \
	>"$B/mtree/m.dts"
bad "validate -m, 2026.06: a catch-all pattern documents nothing" 0 100 exact \
	"mtree/m.dts:2:18: warning: /: compatible 'acme,board' is not documented by any binding [undocumented-compatible]" \
	"$BIN" validate --no-cache --dtschema=2026.06 -m -u mtree/Documentation/devicetree/bindings mtree/m.dts
bad "validate -m, 2022.08: the same pattern documents everything" 1 100 re \
	"mtree/m\.dts:4:2: error: /bus: 'acme,speed' is a required property .*" \
	"$BIN" validate --no-cache --dtschema=2022.08 -m -u mtree/Documentation/devicetree/bindings mtree/m.dts

# ---------------------------------------------------------------- golden/

for d in tests/golden/jsonschema/*/; do
	[ -d "$d" ] || continue
	d=${d%/}
	name=${d#tests/golden/}
	args=
	[ -f "$d/args" ] && args=$(cat "$d/args")
	# shellcheck disable=SC2086 # ARGS is split into options on purpose
	measure "$ROOT/$d" "$BIN" jsonschema $args -s schema.yaml instance.yaml
	d_re=$(sed_escape "$ROOT/$d")
	sed "s|$d_re|GOLDEN|g" "$tmp/err" >"$tmp/got"
	sed "s|$d_re|GOLDEN|g" "$tmp/out" >"$tmp/gotout"
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		cp "$tmp/got" "$d/expected.txt"
		echo "$rc" >"$d/exit"
		if [ -s "$tmp/gotout" ]; then cp "$tmp/gotout" "$d/expected-stdout.txt"; fi
	fi
	why=
	want_rc=$(cat "$d/exit" 2>/dev/null)
	if [ "$rc" -eq 124 ]; then
		why="$why; timed out"
	elif [ "$rc" != "$want_rc" ]; then
		why="$why; exit status $rc, want ${want_rc:-(no $d/exit)}"
	fi
	# Machine-readable findings (--format=json) go to stdout: expected-stdout.txt.
	if [ -f "$d/expected-stdout.txt" ]; then
		if ! cmp -s "$d/expected-stdout.txt" "$tmp/gotout"; then
			why="$why; stdout differs from $d/expected-stdout.txt"
			diff -u "$d/expected-stdout.txt" "$tmp/gotout" 2>&1 | tail -n +3 >>"$tmp/detail"
		fi
	elif [ -s "$tmp/out" ]; then
		why="$why; unexpected output on stdout"
		head -n 5 "$tmp/out" >>"$tmp/detail"
	fi
	if ! cmp -s "$d/expected.txt" "$tmp/got"; then
		why="$why; stderr differs from $d/expected.txt"
		diff -u "$d/expected.txt" "$tmp/got" 2>&1 | tail -n +3 >>"$tmp/detail"
	fi
	result "golden: $name" "$why"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
