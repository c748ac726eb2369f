#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Seed corpora for the libFuzzer harnesses, generated (not committed) from
# this repository's fixtures, ../shared/seeds, the JSON Schema Test Suite
# and the kernel trees of ../shared/corpus.sh when they are there.  A
# deterministic sample (every Nth file of a sorted list) keeps each harness'
# first pass over its seeds short.
#
# Usage: tests/fuzz/seeds.sh BUILD_DIR   (writes BUILD_DIR/seeds/<harness>/)
set -eu

[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
B=$1
SHARED=${SHARED:-../shared}
S=$B/seeds
rm -rf "$S"
for h in yaml jsonschema dts fdt examples doc2yaml boards patch cache; do mkdir -p "$S/$h"; done

k61=$(sh "$SHARED/corpus.sh" 6.1 2>/dev/null | tail -n 1) || k61=
k612=$(sh "$SHARED/corpus.sh" 6.12 2>/dev/null | tail -n 1) || k612=
[ -d "$k61" ] || k61=
[ -d "$k612" ] || k612=

# sample MAX DIR: copy at most MAX files named on stdin into DIR, spread evenly.
sample() {
	sort | awk -v max="$1" '{ f[NR] = $0 } END {
		step = NR > max ? NR / max : 1
		for (i = 1; i <= NR && n < max; i += step) { print f[int(i)]; n++ } }' |
		xargs -r -d '\n' cp --backup=numbered -t "$2"
}

# YAML and JSON: bindings, the shipped schemas, the meta-schemas.
{
	find corpus/bindings schemas -type f \( -name '*.yaml' -o -name '*.json' \)
	[ -z "$k612" ] || find "$k612/Documentation/devicetree/bindings" -name '*.yaml'
} | sample 400 "$S/yaml"

# JSON Schema: each test of the suite as schema --8<-- instance, and bindings.
python3 - "$SHARED/json-schema-test-suite/tests" "$S/jsonschema" <<'PY'
import json, os, sys, zlib
src, out = sys.argv[1], sys.argv[2]
cases = []
for root, _, files in os.walk(src):
    for f in sorted(files):
        if not f.endswith(".json") or "optional" in root:
            continue
        for group in json.load(open(os.path.join(root, f))):
            for t in group["tests"]:
                cases.append(json.dumps(group["schema"]) + "\n--8<--\n" + json.dumps(t["data"]) + "\n")
cases.sort()
step = max(1, len(cases) // 300)
for c in cases[::step]:
    open(os.path.join(out, "%08x.json" % zlib.crc32(c.encode())), "w").write(c)
PY
find corpus/bindings -name '*.yaml' | sample 20 "$S/jsonschema"

# DTS: the parser's and the preprocessor's fixtures, kernel sources.
{
	find corpus/dts tests/dts tests/cpp -type f \( -name '*.dts' -o -name '*.dtsi' \)
	# The small ones: within -max_len (options.sh), with fewer and smaller #includes.
	[ -z "$k612" ] || find "$k612/arch/arm64/boot/dts" "$k612/arch/arm/boot/dts" -name '*.dts*' -size -8k
} | sample 300 "$S/dts"
# Their "..." includes (the .dtsi and pinfunc.h beside them in the kernel)
# are commented out: the harness's input has no directory to find them in,
# and the error stopped it before the parser (238 of the 300 seeds; in 60 s
# with the .dts/.dtsi ones out, 1,753 -> 1,782 edges).
sed -i 's|^\([ \t]*#[ \t]*include[ \t]*"\)|// \1|' "$S"/dts/*

# FDT: the small kernel boards of the conformance runs when built (each
# execution validates a whole board: under -max_len, options.sh), and the
# fixtures through dtc.
for dtbs in "$HOME"/.cache/dtbind-corpus/dtbs-*; do
	[ ! -d "$dtbs" ] || find "$dtbs" -name '*.dtb' -size -16k
done | sample 20 "$S/fdt"
if command -v dtc >/dev/null; then
	for f in corpus/dts/*.dts tests/dts/ok/*.dts; do
		dtc -q -I dts -O dtb -o "$S/fdt/$(basename "$f" .dts).dtb" "$f" 2>/dev/null ||
			rm -f "$S/fdt/$(basename "$f" .dts).dtb"
	done
fi

# Bindings with examples.
{
	find corpus/bindings -name '*.yaml'
	[ -z "$k612" ] || grep -rl '^examples:' "$k612/Documentation/devicetree/bindings" --include='*.yaml'
} | sample 300 "$S/examples"

# Legacy .txt bindings.
{
	find corpus/txt "$SHARED/seeds" -name '*.txt'
	[ -z "$k61" ] || find "$k61/Documentation/devicetree/bindings" -name '*.txt'
} | sample 300 "$S/doc2yaml"

# Board sources as doc2yaml's board scan reads them: the fixture tree's and the kernel's.
{
	find tests/doc2yaml/fixtures/kernel/arch -name '*.dts*'
	[ -z "$k61" ] || find "$k61/arch" -name '*.dtsi'
} | sample 200 "$S/boards"

# Patches and mbox series.
find "$SHARED/seeds" tests/check -type f \( -name '*.patch' -o -name '*.mbox' -o -name '*.eml' \) |
	sample 200 "$S/patch"

# Cache files: a tiny tree's and corpus/bindings', with most core schemas'
# records emptied (cache_seed.c; the harness writes its own program id).
if [ -x "$B/fuzz/cache_seed" ]; then
	t=$(mktemp -d)
	mkdir -p "$t/b/misc"
	cat >"$t/b/misc/acme,w.yaml" <<'YAML'
$id: http://devicetree.org/schemas/misc/acme,w.yaml#
$schema: http://devicetree.org/meta-schemas/core.yaml#
title: W
maintainers:
  - A B <a@b.example>
properties:
  compatible:
    const: acme,w
required: [compatible]
additionalProperties: false
YAML
	XDG_CACHE_HOME=$t "$B/fuzz/cache_seed" "$t/b" "$S/cache/tiny.bin" >/dev/null 2>&1 || true
	XDG_CACHE_HOME=$t "$B/fuzz/cache_seed" corpus/bindings "$S/cache/corpus.bin" >/dev/null 2>&1 || true
	rm -rf "$t"
fi

for h in "$S"/*; do printf '%s: %s seeds\n' "$(basename "$h")" "$(ls "$h" | wc -l)"; done
