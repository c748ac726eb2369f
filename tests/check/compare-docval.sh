#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# What `dtbind check` says about the schemas that seeds 003-006 add, next to
# what dt-doc-validate (dt-schema) says about the same files extracted from
# the patches.  Informational: prints both, per file, for README.md's table.
#
# Usage: tests/check/compare-docval.sh BINARY
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
	echo "usage: tests/check/compare-docval.sh BINARY" >&2
	exit 2
fi
DTBIND=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
cd "$(dirname "$0")" || exit 2
if ! command -v dt-doc-validate >/dev/null 2>&1; then
	echo "compare-docval.sh: dt-doc-validate is not installed (pip: dtschema)" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/dtbind-docval.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
echo "dt-doc-validate $(dt-doc-validate --version 2>&1)"
for seed in seeds/003-*.patch seeds/004-*.patch seeds/005-*.patch seeds/006-*.patch; do
	rm -rf "$work/x"
	"$DTBIND" check --no-tree --no-source --extract "$work/x" "$seed" > /dev/null 2>&1
	root=$work/x/Documentation/devicetree/bindings
	for f in $(cd "$root" && find . -name '*.yaml' | sed 's|^\./||' | LC_ALL=C sort); do
		echo
		echo "=== $seed: $f"
		echo "--- dtbind check (lint and exampletest findings, no notes)"
		"$DTBIND" check --no-tree --no-source "$seed" 2>&1 |
			grep -E "^Documentation/devicetree/bindings/$f:[0-9]+:[0-9]+: (error|warning)" |
			sed "s|^Documentation/devicetree/bindings/||"
		echo "--- dt-doc-validate -u BINDINGS $f"
		(cd "$root" && dt-doc-validate -u "$root" "$f" 2>&1) | sed "s|$root/||g"
	done
done
