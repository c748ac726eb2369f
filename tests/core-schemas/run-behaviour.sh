#!/bin/sh
# run-behaviour.sh - check the verdicts of dtbind's core schemas.
#
# Usage: tests/core-schemas/run-behaviour.sh [-v]
#        Env: DTBIND  the dtbind binary (default: build/dtbind of this tree)
#             DTC     the devicetree compiler (default: dtc from PATH)
#
# Two kinds of cases:
#
# behaviour/NAME/  "ref" holds a URI into types.yaml; every valid-*.yaml
#     (expected exit 0) and invalid-*.yaml (expected exit 1) instance, a
#     decoded property value, is checked with "dtbind jsonschema" against
#     {"$ref": URI}. Plain YAML integers count as 32-bit cells (typeSize),
#     as in dt-schema.
#
# dts/NAME.dts + dts/NAME.expect  the source is compiled with dtc and
#     checked with "dtbind validate -u bindings/" (the test bindings below
#     tests/core-schemas/bindings plus the core schemas, fixed up the way
#     dt-schema does). Each finding is reduced to "NODE[:PROPERTY] SCHEMA"
#     (SCHEMA relative to http://devicetree.org/schemas/); NAME.expect lists
#     the lines expected, one each, "#" comments allowed. Every expected
#     line found passes; every expected line missing and every unexpected
#     line fails. Skipped (with a note) when dtc is not installed.
#
# Prints one line per failure and "N passed, N failed" at the end.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
DTBIND=${DTBIND:-$top/build/dtbind}
DTC=${DTC:-dtc}
verbose=0
[ "${1:-}" != "-v" ] || verbose=1

[ -x "$DTBIND" ] || { echo "run-behaviour.sh: $DTBIND not built (run make)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/core-behaviour.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

pass=0
fail=0
ok() { pass=$((pass + 1)); [ "$verbose" -eq 0 ] || echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# --- decoded values against types.yaml ---------------------------------
for dir in "$here"/behaviour/*/; do
	[ -f "$dir/ref" ] || continue
	name=$(basename "$dir")
	uri=$(cat "$dir/ref")
	printf '{"$ref": "%s"}\n' "$uri" >"$tmp/schema.json"
	for inst in "$dir"*.yaml; do
		[ -f "$inst" ] || continue
		case $(basename "$inst") in
		valid*) want=0 ;;
		invalid*) want=1 ;;
		*) bad "$name/$(basename "$inst"): name must start with valid or invalid"; continue ;;
		esac
		got=0
		"$DTBIND" jsonschema -q -s "$tmp/schema.json" "$inst" >/dev/null 2>&1 || got=$?
		if [ "$got" -eq "$want" ]; then
			ok "$name/$(basename "$inst")"
		else
			bad "$name/$(basename "$inst"): exit $got, expected $want ($uri)"
		fi
	done
done

# --- device trees through dtbind validate -------------------------------
# Reduce "dtbind validate --format=json" output to sorted "NODE SCHEMA" lines.
reduce() {
	awk '
	/"severity":"(error|warning)"/ {
		node = ""; schema = ""
		if (match($0, /"node":"[^"]*"/)) node = substr($0, RSTART + 8, RLENGTH - 9)
		if (match($0, /"schema":"[^"]*"/)) schema = substr($0, RSTART + 10, RLENGTH - 11)
		sub(/^http:\/\/devicetree\.org\/schemas\//, "", schema)
		sub(/#.*/, "", schema)
		n = split(node, part, ":")
		key = part[1]
		if (n > 1) key = key ":" part[2]
		print key, schema
	}' | LC_ALL=C sort -u
}

if ! command -v "$DTC" >/dev/null 2>&1; then
	echo "run-behaviour.sh: $DTC not found, device tree cases skipped" >&2
else
	for src in "$here"/dts/*.dts; do
		[ -f "$src" ] || continue
		name=$(basename "$src" .dts)
		exp=${src%.dts}.expect
		if ! "$DTC" -q -@ -I dts -O dtb -o "$tmp/$name.dtb" "$src" 2>"$tmp/dtc.err"; then
			bad "dts/$name.dts: dtc failed: $(head -n 1 "$tmp/dtc.err")"
			continue
		fi
		"$DTBIND" validate -u "$here/bindings" --format=json "$tmp/$name.dtb" \
			>"$tmp/out.json" 2>&1 || true
		reduce <"$tmp/out.json" >"$tmp/got"
		grep -v '^[[:space:]]*\(#\|$\)' "$exp" | LC_ALL=C sort -u >"$tmp/want"
		while IFS= read -r line; do
			if grep -qxF "$line" "$tmp/got"; then
				ok "dts/$name: $line"
			else
				bad "dts/$name: expected finding missing: $line"
			fi
		done <"$tmp/want"
		while IFS= read -r line; do
			grep -qxF "$line" "$tmp/want" || bad "dts/$name: unexpected finding: $line"
		done <"$tmp/got"
	done
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
