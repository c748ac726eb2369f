#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The whole toolkit on corpus/ (`make demo`): the seeds' .txt bindings
# converted, linted, their examples tested, a sample board validated, a
# patch checked.
#
# Usage: scripts/demo.sh BINARY
# Exit: 0 when every step behaved as expected (the broken copies are expected
# to fail), 1 otherwise.
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

# expect TEXT: the last run's output must contain TEXT.
expect() {
	if ! grep -qF -- "$1" "$tmp/.out"; then
		printf '     UNEXPECTED: no "%s" in the output\n' "$1"
		unexpected=$((unexpected + 1))
	fi
}

echo "dtbind demo: $("$BIN" --version 2>/dev/null || echo dtbind)"
say "The whole toolkit on corpus/: the legacy .txt bindings of Rob Herring's 2018" \
    "series (corpus/txt/) converted, linted, their examples tested, and a sample" \
    "board (corpus/dts/demo-board.dts) validated.  Everything runs on the schemas" \
    "built into dtbind; no kernel tree, network or Python needed."
B=$tmp/bindings

title "Convert the legacy .txt bindings (doc2yaml)"
say "Each .txt becomes a schema: header, compatibles, properties with types," \
    "required, examples with the #includes they need; then doc2yaml lints it and" \
    "tests its examples itself."
run 0 doc2yaml --maintainer 'Demo Maintainer <demo@example.com>' corpus/txt -o "$B/"
say "Written:"
(cd "$B" && find . -name '*.yaml' | LC_ALL=C sort | sed 's|^\./|     |')
say "" "arm/zte-sysctrl.yaml, from corpus/txt/arm/zte-sysctrl.txt:"
sed 's/^/     | /' "$B/arm/zte-sysctrl.yaml"

title "Lint them (dtbind lint)"
say "Meta-schemas, \$id against the path, every \$ref, the kernel's .yamllint."
run 0 lint "$B"

title "Test their examples (dtbind exampletest)"
say "Each example preprocessed, parsed, built into an FDT with libfdt and" \
    "validated against every schema that selects its nodes."
run 0 exampletest -u "$B" "$B"
say "A slip in an example, 'regs' for 'reg', is reported at its line in the .yaml:"
mkdir -p "$tmp/slip/arm"
sed 's/^        reg = <0x116000 0x1000>;/        regs = <0x116000 0x1000>;/' \
	"$B/arm/zte-sysctrl.yaml" >"$tmp/slip/arm/zte-sysctrl.yaml"
run 1 exampletest --no-cache -u "$tmp/slip" "$tmp/slip/arm/zte-sysctrl.yaml"
expect "property 'regs' is not allowed here; did you mean 'reg'?"
say "The same for tools, as JSON Lines:"
run 1 exampletest --no-cache --format=json -u "$tmp/slip" "$tmp/slip/arm/zte-sysctrl.yaml"

title "Validate a board (dtbind validate)"
say "corpus/dts/demo-board.dts, preprocessed in process (#define), against the" \
    "converted bindings and the core schemas; -m lists compatibles no binding" \
    "documents (warnings, not errors)."
run 0 validate -m -u "$B" corpus/dts/demo-board.dts
expect "compatible 'snps,designware-i2c' is not documented by any binding"
say "" "A copy with two mistakes: a reg without its size cell, and a misspelt" \
    "compatible.  Findings name the line and column in the .dts, through the macro:"
sed -e 's/reg = <SYSCTRL_BASE 0x1000>;/reg = <SYSCTRL_BASE>;/' \
    -e 's/"dallas,ds1374"/"dallas,ds1347"/' corpus/dts/demo-board.dts >"$tmp/broken-board.dts"
run 1 validate -m -u "$B" "$tmp/broken-board.dts"
expect "broken-board.dts:28:3: error: /sysctrl@1463000:reg"
expect "compatible 'dallas,ds1347' is not documented by any binding"

title "Check a patch as it is mailed (dtbind check)"
say "A patch adding the converted zte-sysctrl.yaml: the binding is rebuilt from" \
    "the patch alone, linted and its examples tested, with checkpatch's DT rules."
f=$B/arm/zte-sysctrl.yaml
{
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: Demo Maintainer <demo@example.com>\n'
	printf 'Date: Thu, 3 Dec 2026 12:00:00 +0000\n'
	printf 'Subject: [PATCH] dt-bindings: arm: zte: Convert sysctrl to DT schema\n\n'
	printf 'Convert the ZTE sysctrl binding to DT schema format.\n\n'
	printf 'Signed-off-by: Demo Maintainer <demo@example.com>\n---\n'
	p=Documentation/devicetree/bindings/arm/zte-sysctrl.yaml
	printf 'diff --git a/%s b/%s\nnew file mode 100644\nindex 0000000..1111111\n' "$p" "$p"
	printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1,%d @@\n' "$p" "$(wc -l <"$f")"
	sed 's/^/+/' "$f"
	printf -- '-- \n2.39.2\n\n'
} >"$tmp/0001-zte-sysctrl.patch"
run 0 check --no-tree "$tmp/0001-zte-sysctrl.patch"
say "The same patch with the slip in its example:"
sed 's/^+        reg = <0x116000 0x1000>;/+        regs = <0x116000 0x1000>;/' \
	"$tmp/0001-zte-sysctrl.patch" >"$tmp/0001-slip.patch"
run 1 check --no-tree "$tmp/0001-slip.patch"
expect "did you mean 'reg'?"

echo
if [ "$unexpected" -eq 0 ]; then
	echo "demo finished: every step behaved as expected."
	exit 0
fi
echo "demo finished with $unexpected unexpected result(s)."
exit 1
