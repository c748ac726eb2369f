#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# A short walk through what dtbind does today, on corpus/ (`make demo`).
#
# Usage: scripts/demo.sh BINARY
# Exit: 0 when every step behaved as expected (the broken copy is expected to
# fail), 1 otherwise.
set -u

if [ $# -ne 1 ]; then
	echo "usage: scripts/demo.sh BINARY" >&2
	exit 2
fi
case $1 in
/*) BIN=$1 ;;
*) BIN=$(pwd)/$1 ;;
esac
[ -x "$BIN" ] || { echo "demo: $1: not an executable" >&2; exit 2; }
SHOW=$1			# the binary as the reader would type it
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
META=https://json-schema.org/draft/2019-09/schema

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-demo.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

unexpected=0
step=0
bold='' plain=''
if [ -t 1 ]; then
	bold=$(printf '\033[1m') plain=$(printf '\033[0m')
fi
title() {
	step=$((step + 1))
	printf '\n%s%d. %s%s\n' "$bold" "$step" "$*" "$plain"
}
say() { for l in "$@"; do if [ -n "$l" ]; then printf '   %s\n' "$l"; else echo; fi; done; }
# run WANT_RC ARGS...: show and run `dtbind ARGS` (in the current directory),
# indent its output, complain when the exit status is not WANT_RC.
run() {
	r_want=$1
	shift
	printf '   $ %s %s\n' "$SHOW" "$*"
	"$BIN" "$@" >"$tmp/.out" 2>&1
	r_rc=$?
	sed 's/^/     /' "$tmp/.out"
	if [ "$r_rc" -eq "$r_want" ]; then
		printf '     (exit %d, as expected)\n' "$r_rc"
	else
		printf '     UNEXPECTED: exit %d, expected %d\n' "$r_rc" "$r_want"
		unexpected=$((unexpected + 1))
	fi
}

bindings=$(find corpus/bindings -name '*.yaml' -type f | LC_ALL=C sort)
# shellcheck disable=SC2086 # one argument per file
set -- $bindings

echo "dtbind demo: $("$BIN" --version 2>/dev/null || echo dtbind)"
say "corpus/bindings/ holds the first DT schemas, from Rob Herring's 2018" \
    "series that converted .txt bindings to json-schema (see corpus/README.md)."

title "Load the seed bindings"
say "Every dtbind tool reads YAML 1.2 (and JSON) the same way, with located" \
    "errors and limits on size, nesting and alias expansion."
run 0 parse "$@"
say "--dump shows what was loaded, as one line of JSON:"
printf '   $ %s parse --dump corpus/bindings/arm/altera/socfpga-clk-manager.yaml | cut -c1-160\n' "$SHOW"
if "$BIN" parse --dump corpus/bindings/arm/altera/socfpga-clk-manager.yaml >"$tmp/.dump" 2>&1; then
	cut -c1-160 "$tmp/.dump" | sed 's/^/     /'
else
	sed 's/^/     /' "$tmp/.dump"
	echo "     UNEXPECTED: parse --dump failed"
	unexpected=$((unexpected + 1))
fi

title "Validate them against the JSON Schema 2019-09 meta-schema"
say "The meta-schema is built in; no network access.  A binding is itself a" \
    "JSON Schema, so this catches wrong keyword values (maxItems: one, ...)."
run 0 jsonschema -s "$META" "$@"

title "A broken copy: a misspelled keyword"
say "The meta-schema allows unknown keywords, so a typo like 'requird:' slips" \
    "through it.  A schema that lists the keywords a binding may use, with" \
    "unevaluatedProperties: false, catches it (lint will do this for real):"
mkdir "$tmp/demo"
cat >"$tmp/demo/binding-keywords.yaml" <<'EOF'
$id: http://example.com/demo/binding-keywords.yaml#
$schema: https://json-schema.org/draft/2019-09/schema
$ref: https://json-schema.org/draft/2019-09/schema   # every JSON Schema keyword
properties:                                          # plus the DT extras
  maintainers: {type: array, items: {type: string}}
  examples: {type: array, items: {type: string}}
  select: true
unevaluatedProperties: false
EOF
sed 's/^/     /' "$tmp/demo/binding-keywords.yaml"
sed 's/^required:/requird:/' corpus/bindings/arm/altera/socfpga-clk-manager.yaml \
	>"$tmp/demo/socfpga-clk-manager.yaml"
say "" "The copy, with 'required:' misspelled (line 20):"
grep -n -A1 '^requird:' "$tmp/demo/socfpga-clk-manager.yaml" | sed 's/^/     /'
say "" "The original passes, the copy fails with file:line:col and a suggestion:"
cd "$tmp/demo" || exit 1
cp "$ROOT/corpus/bindings/arm/altera/socfpga-clk-manager.yaml" original.yaml
run 0 jsonschema -s binding-keywords.yaml original.yaml
run 1 jsonschema -s binding-keywords.yaml socfpga-clk-manager.yaml
if ! grep -q "^socfpga-clk-manager.yaml:20:1: error: property 'requird' is not allowed here; did you mean 'required'?" "$tmp/.out"; then
	echo "     UNEXPECTED: no located did-you-mean diagnostic for 'requird'"
	unexpected=$((unexpected + 1))
fi
say "The same finding for tools (--format=json, JSON Lines on stderr):"
run 1 jsonschema --format=json -s binding-keywords.yaml socfpga-clk-manager.yaml
cd "$ROOT" || exit 1

title "What comes next"
# The README roadmap; a command counts as there when `dtbind --help` lists it.
help=$("$BIN" --help 2>&1)
for c in lint exampletest validate doc2yaml; do
	case $c in
	lint) what="check binding schemas the way dt_binding_check does" ;;
	exampletest) what="compile each binding's examples and validate them against it" ;;
	validate) what="validate device trees against the bindings" ;;
	doc2yaml) what="help convert legacy .txt bindings (corpus/txt/) to YAML" ;;
	esac
	if printf '%s\n' "$help" | grep -q "^  $c "; then
		say "$(printf '%-12s available now (%s %s --help): %s' "$c" "$SHOW" "$c" "$what")"
	else
		say "$(printf '%-12s coming: %s' "$c" "$what")"
	fi
done

echo
if [ "$unexpected" -eq 0 ]; then
	echo "demo finished: every step behaved as expected."
	exit 0
fi
echo "demo finished with $unexpected unexpected result(s)."
exit 1
