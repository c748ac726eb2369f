#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Every tool finds the same bindings root (`make root-tests`): the
# devicetree/bindings directory above a path, or, from a directory of a
# kernel tree outside its bindings (a binding being written in scratch/,
# a .dts in arch/), the tree's Documentation/devicetree/bindings.  lint and
# exampletest once picked different roots there: lint none, so the binding's
# $ref into the tree did not resolve, while exampletest used the tree.
#
# Each case runs a tool without -u and with -u naming the expected root:
# the outputs must be equal, and must show the tree's schemas in use.
#
# Usage: tests/roots/run.sh BINARY
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u

[ $# -eq 1 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "roots: $1: not an executable" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-roots.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
XDG_CACHE_HOME=$T/xdg
export XDG_CACHE_HOME
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

K=$T/linux
B=$K/Documentation/devicetree/bindings
mkdir -p "$B/misc" "$K/scripts" "$K/arch/acme" "$K/scratch" "$T/elsewhere/devicetree/bindings/misc"
head='# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
%YAML 1.2
---'
who='maintainers:
  - Wile E. Coyote <wile@acme.example>'
cat >"$B/misc/acme,common.yaml" <<EOF2
$head
\$id: http://devicetree.org/schemas/misc/acme,common.yaml#
\$schema: http://devicetree.org/meta-schemas/core.yaml#

title: ACME common properties

$who

select: false

properties:
  acme,label:
    \$ref: /schemas/types.yaml#/definitions/string
    description: what the board calls it

additionalProperties: true
EOF2
cat >"$B/misc/acme,widget.yaml" <<EOF2
$head
\$id: http://devicetree.org/schemas/misc/acme,widget.yaml#
\$schema: http://devicetree.org/meta-schemas/core.yaml#

title: ACME widget

$who

properties:
  compatible:
    const: acme,widget

  reg:
    maxItems: 1

  acme,speed:
    \$ref: /schemas/types.yaml#/definitions/uint32
    enum: [1, 2, 3]
    description: how fast

required:
  - compatible
  - reg

additionalProperties: false
EOF2
# A binding being written outside the bindings directory: it refers to a
# schema of the tree, and its example uses a device the tree documents.
gadget() {
	cat >"$1" <<EOF2
$head
\$id: http://devicetree.org/schemas/misc/acme,gadget.yaml#
\$schema: http://devicetree.org/meta-schemas/core.yaml#

title: ACME gadget

$who

allOf:
  - \$ref: /schemas/misc/acme,common.yaml#

properties:
  compatible:
    const: acme,gadget

  reg:
    maxItems: 1

required:
  - compatible
  - reg

unevaluatedProperties: false

examples:
  - |
    gadget@2000 {
        compatible = "acme,gadget";
        reg = <0x2000 0x10>;
        acme,label = "front";
    };
    widget@1000 {
        compatible = "acme,widget";
        reg = <0x1000 0x10>;
        acme,speed = <7>;
    };
EOF2
}
gadget "$K/scratch/acme,gadget.yaml"
gadget "$K/arch/acme/acme,gadget.yaml"
cp "$B/misc/acme,common.yaml" "$B/misc/acme,widget.yaml" "$T/elsewhere/devicetree/bindings/misc/"
gadget "$T/elsewhere/devicetree/bindings/misc/acme,gadget.yaml"

# same CASE ROOT FILE CMD...: CMD on FILE finds ROOT by itself (outputs and
# exit status equal to CMD -u ROOT).
same() {
	name=$1 root=$2 file=$3
	shift 3
	(cd "$T" && "$BIN" "$@" "$file" >"$T/found.out" 2>&1; echo "exit $?" >>"$T/found.out")
	(cd "$T" && "$BIN" "$@" -u "$root" "$file" >"$T/given.out" 2>&1
	 echo "exit $?" >>"$T/given.out")
	if cmp -s "$T/found.out" "$T/given.out"; then
		ok "$name"
	else
		bad "$name"
		diff "$T/given.out" "$T/found.out" | sed 's/^/	/'
	fi
}

for where in scratch arch/acme; do
	F=$K/$where/acme,gadget.yaml
	same "exampletest from $where/ uses the tree's bindings" "$B" "$F" exampletest --no-cache
	same "lint from $where/ uses the tree's bindings" "$B" "$F" lint
done
E=$T/elsewhere/devicetree/bindings
same "exampletest in a devicetree/bindings directory uses it" "$E" "$E/misc/acme,gadget.yaml" \
	exampletest --no-cache
same "lint in a devicetree/bindings directory uses it" "$E" "$E/misc/acme,gadget.yaml" lint

# What the tree's schemas show: the $ref into the tree resolves (lint is
# clean), and the example's widget is checked against the tree's widget.
F=$K/scratch/acme,gadget.yaml
out=$(cd "$T" && "$BIN" lint "$F" 2>&1; echo "exit $?")
if [ "$out" = "exit 0" ]; then
	ok "lint resolves the \$ref into the tree"
else
	bad "lint resolves the \$ref into the tree"
	printf '%s\n' "$out" | sed 's/^/	/'
fi
out=$(cd "$T" && "$BIN" exampletest --no-cache "$F" 2>&1; echo "exit $?")
case $out in
*"acme,speed"*"exit 1") ok "exampletest checks the example against the tree's widget" ;;
*) bad "exampletest checks the example against the tree's widget"
   printf '%s\n' "$out" | sed 's/^/	/' ;;
esac

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
