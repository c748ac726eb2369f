# SPDX-License-Identifier: BSD-2-Clause
#
# What tests/cache/run.sh and faults.sh share: the binary, a scratch
# directory with its own XDG cache, PASS/FAIL counting, and the fixture (a
# binding with an enum and a board whose value lies outside it).  Sourced,
# then `cache_test_init NAME "$@"`; a script that needs more cleanup
# redefines cache_test_cleanup after sourcing.

# cache_test_init NAME ARGS...: the binary from ARGS, a scratch directory
# with its own XDG cache directory, counters at 0.
cache_test_init() {
	[ $# -eq 2 ] || { echo "usage: $0 BINARY" >&2; exit 2; }
	case $2 in /*) BIN=$2 ;; *) BIN=$(pwd)/$2 ;; esac
	[ -x "$BIN" ] || { echo "$1: $2: not an executable" >&2; exit 2; }
	T=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-$1.XXXXXX") || exit 2
	trap 'cache_test_cleanup' EXIT
	trap 'exit 130' INT TERM
	XDG_CACHE_HOME=$T/xdg
	export XDG_CACHE_HOME
	CDIR=$XDG_CACHE_HOME/dtbind
	pass=0
	fail=0
}
cache_test_cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$T"; }

ok() { pass=$((pass + 1)); echo "PASS: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
cache_file() { ls "$CDIR"/schemas-*.bin 2>/dev/null | head -n 1; }

# binding NAME [PROPERTY-LINES]: misc/acme,NAME.yaml with compatible and reg,
# both required, and what PROPERTY-LINES add.
binding() {
	mkdir -p "$T/b/misc"
	{
		printf '# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)\n%%YAML 1.2\n---\n'
		printf '$id: http://devicetree.org/schemas/misc/acme,%s.yaml#\n' "$1"
		printf '$schema: http://devicetree.org/meta-schemas/core.yaml#\n\n'
		printf 'title: ACME %s\n\nmaintainers:\n  - Wile E. Coyote <wile@acme.example>\n\n' "$1"
		printf 'properties:\n  compatible:\n    const: acme,%s\n\n  reg:\n    maxItems: 1\n' "$1"
		[ -n "${2:-}" ] && printf '\n%s\n' "$2"
		printf '\nrequired:\n  - compatible\n  - reg\n\nadditionalProperties: false\n'
	} >"$T/b/misc/acme,$1.yaml"
}

# The widget binding (acme,speed: one of 1, 2, 3) and $T/board.dts with a
# widget whose acme,speed is 7, then the nodes given as $1.
widget_board() {
	binding widget '  acme,speed:
    $ref: /schemas/types.yaml#/definitions/uint32
    enum: [1, 2, 3]
    description: how fast'
	cat >"$T/board.dts" <<DTS
/dts-v1/;
/ {
	compatible = "acme,board";
	model = "test";
	#address-cells = <1>;
	#size-cells = <1>;

	widget@1000 {
		compatible = "acme,widget";
		reg = <0x1000 0x10>;
		acme,speed = <7>;
	};
${1:-}};
DTS
}

# widget_board with a gadget (acme,size = 1) beside the widget.
gadget_board() {
	widget_board '
	gadget@2000 {
		compatible = "acme,gadget";
		reg = <0x2000 0x10>;
		acme,size = <1>;
	};
'
}

cache_test_end() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
