#!/bin/sh
# check-refs.sh - check that every absolute $ref of the kernel binding
# corpora lands on a schema: either a file of that kernel's bindings tree or
# one of dtbind's core schemas (schemas/core/), and, for core schemas, that
# the $ref (including any "#/..." JSON pointer) resolves in dtbind itself.
#
# Usage: tests/core-schemas/check-refs.sh [-v] [VERSION...]
#          VERSION defaults to "6.1 6.12"; the corpora come from
#          /work/shared/corpus.sh (override with CORPUS_SH=...).
#        Env: DTBIND  the dtbind binary (default: build/dtbind of this tree)
#
# Only "$ref" values starting with /schemas/ or http://devicetree.org/schemas/
# are considered; relative refs (../foo.yaml, #/...) are out of scope. The
# unit counted is one distinct target per corpus. A target passes when
#   - its file exists below the corpus's Documentation/devicetree/bindings/
#     (a kernel-local schema; pointers into those are not resolved here), or
#   - its file exists below schemas/core/ and "dtbind jsonschema" can
#     resolve the full URI (exit status other than 2).
# Prints one line per failure, a summary per corpus, and finally
# "N passed, N failed". Exit status 0 when nothing failed, 1 otherwise.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
core=$top/schemas/core
DTBIND=${DTBIND:-$top/build/dtbind}
CORPUS_SH=${CORPUS_SH:-/work/shared/corpus.sh}

verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
[ $# -gt 0 ] || set -- 6.1 6.12

[ -x "$DTBIND" ] || { echo "check-refs.sh: $DTBIND not built (run make)" >&2; exit 2; }
[ -d "$core" ] || { echo "check-refs.sh: $core missing" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-refs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
printf '{}\n' >"$tmp/instance.yaml"

total_pass=0
total_fail=0

# Print "count<TAB>target" for every absolute $ref in the YAML files below $1.
# Handles block style ($ref: x), flow style ({ $ref: x }) and quoted keys
# ("$ref": x); the value may be single- or double-quoted.
collect_refs() {
	find "$1" -name '*.yaml' -type f -exec awk '
		{
			line = $0
			while (match(line, /["'\'']?\$ref["'\'']?[ \t]*:[ \t]*/)) {
				rest = substr(line, RSTART + RLENGTH)
				q = substr(rest, 1, 1)
				if (q == "\"" || q == "'\''") {
					rest = substr(rest, 2)
					n = index(rest, q)
					val = (n ? substr(rest, 1, n - 1) : rest)
				} else {
					# Plain scalar: up to a comment; inside a flow
					# mapping also up to the next "," or "}".
					val = rest
					sub(/[ \t]+#.*$/, "", val)
					if (index(substr(line, 1, RSTART), "{"))
						sub(/[,}].*$/, "", val)
					sub(/[ \t]+$/, "", val)
				}
				if (val ~ /^\/schemas\// || val ~ /^http:\/\/devicetree\.org\/schemas\//)
					print val
				line = substr(line, RSTART + RLENGTH)
			}
		}' {} + | sort | uniq -c | awk '{ c = $1; $1 = ""; sub(/^ /, ""); print c "\t" $0 }'
}

for version in "$@"; do
	root=$("$CORPUS_SH" "$version" 2>/dev/null | tail -n 1)
	bindings=$root/Documentation/devicetree/bindings
	if [ ! -d "$bindings" ]; then
		echo "check-refs.sh: no bindings for $version ($bindings)" >&2
		total_fail=$((total_fail + 1))
		continue
	fi

	pass=0 fail=0 kernel=0 corecount=0 refs=0
	collect_refs "$bindings" >"$tmp/refs"
	while IFS='	' read -r count target; do
		refs=$((refs + count))
		path=${target#http://devicetree.org}
		path=${path#/schemas/}
		file=${path%%#*}
		reason=

		if [ -n "$file" ] && [ -f "$bindings/$file" ]; then
			kernel=$((kernel + 1))
		elif [ -n "$file" ] && [ -f "$core/$file" ]; then
			corecount=$((corecount + 1))
			uri=http://devicetree.org/schemas/$path
			printf '{"$ref": "%s"}\n' "$uri" >"$tmp/ref.json"
			rc=0
			"$DTBIND" jsonschema -q -s "$tmp/ref.json" "$tmp/instance.yaml" >/dev/null 2>&1 || rc=$?
			[ "$rc" -ne 2 ] || reason="core schema, \$ref does not resolve in dtbind"
		else
			reason="no such file in the $version bindings or in schemas/core"
		fi

		if [ -z "$reason" ]; then
			pass=$((pass + 1))
			[ "$verbose" -eq 0 ] || printf 'ok   %s %s (%s refs)\n' "$version" "$target" "$count"
		else
			fail=$((fail + 1))
			printf 'FAIL %s %s (%s refs): %s\n' "$version" "$target" "$count" "$reason"
		fi
	done <"$tmp/refs"

	printf '%s: %d distinct targets (%d refs): %d kernel-local, %d core; %d passed, %d failed\n' \
		"$version" $((pass + fail)) "$refs" "$kernel" "$corecount" "$pass" "$fail"
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
done

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
