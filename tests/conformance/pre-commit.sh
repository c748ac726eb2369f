#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The hooks of .pre-commit-hooks.yaml run by the real pre-commit tool
# (Debian's pre-commit package) in a throwaway kernel-like git repository:
# a few real 6.12 bindings and a small board.  Each hook blocks a commit
# with one seeded mistake, naming it at its file and line, and lets the
# fixed commit through.
#
# Usage: tests/conformance/pre-commit.sh BUILD/dtbind
# Env:   SHARED (../shared) for the kernel corpus.
set -eu

DTBIND=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$SRC/../shared}
if ! command -v pre-commit >/dev/null 2>&1; then
	echo "pre-commit: SKIP: the pre-commit tool is not installed (sh scripts/install-deps.sh --reference)"
	exit 0
fi
K=$(sh "$SHARED/corpus.sh" 6.12 | tail -n 1)/Documentation/devicetree/bindings
TMP=$(mktemp -d /tmp/dtbind-pre-commit.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
fail=0 n=0

# dtbind on PATH, as language: system wants it; pre-commit's cache kept here.
mkdir -p "$TMP/bin"
ln -s "$DTBIND" "$TMP/bin/dtbind"
PATH=$TMP/bin:$PATH
PRE_COMMIT_HOME=$TMP/cache
export PATH PRE_COMMIT_HOME
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t \
	GIT_COMMITTER_EMAIL=t@example.com

# The hooks repository: this tree's .pre-commit-hooks.yaml, committed.
git init -q "$TMP/hooks"
cp "$SRC/.pre-commit-hooks.yaml" "$TMP/hooks/"
git -C "$TMP/hooks" add .pre-commit-hooks.yaml
git -C "$TMP/hooks" commit -q -m hooks
rev=$(git -C "$TMP/hooks" rev-parse HEAD)

# The kernel-like repository.
R=$TMP/linux
B=$R/Documentation/devicetree/bindings
D=$R/arch/arm64/boot/dts/acme
mkdir -p "$B/iio/adc" "$D"
cp "$K/Makefile" "$B/"
for f in adi,ad7291.yaml adi,ad799x.yaml lltc,ltc2497.yaml; do cp "$K/iio/adc/$f" "$B/iio/adc/"; done
cat >"$D/acme.dtsi" <<'DTS'
/ {
	#address-cells = <1>;
	#size-cells = <1>;

	i2c@1000 {
		compatible = "acme,i2c";
		reg = <0x1000 0x100>;
		#address-cells = <1>;
		#size-cells = <0>;

		adc@20 {
			compatible = "adi,ad7291";
			reg = <0x20>;
		};
	};
};
DTS
printf '/dts-v1/;\n\n#include "acme.dtsi"\n\n/ {\n\tmodel = "Acme board";\n\tcompatible = "acme,board";\n};\n' >"$D/acme-board.dts"
cat >"$R/.pre-commit-config.yaml" <<CFG
repos:
  - repo: $TMP/hooks
    rev: $rev
    hooks:
      - id: dtbind-lint
      - id: dtbind-exampletest
      - id: dtbind-validate
CFG
cd "$R"
git init -q .
pre-commit install >/dev/null

# commit_ok NAME [HOOK]: git commit -a must succeed, HOOK run and passing,
# no hook failing.
commit_ok()
{
	n=$((n + 1))
	git add -A
	if git commit -q -m "$1" >"$TMP/out" 2>&1; then
		if grep -q 'Failed' "$TMP/out" || ! grep -q "^${2:-dtbind}.*Passed" "$TMP/out"; then
			echo "pre-commit: FAIL $1: committed, but a hook failed:"; cat "$TMP/out"; fail=1
		fi
	else
		echo "pre-commit: FAIL $1: commit refused:"; cat "$TMP/out"; fail=1
	fi
}

# commit_refused NAME HOOK FINDING: git commit -a must fail, HOOK failing with
# a line starting with FINDING (file:line:col: severity:), HEAD unchanged.
commit_refused()
{
	n=$((n + 1))
	head=$(git rev-parse -q --verify HEAD || true)
	git add -A
	if git commit -q -m "$1" >"$TMP/out" 2>&1; then
		echo "pre-commit: FAIL $1: the commit went through"; cat "$TMP/out"; fail=1
	elif ! grep -q "^$2.*Failed" "$TMP/out" || ! grep -qF -- "$3" "$TMP/out"; then
		echo "pre-commit: FAIL $1: want '$2' failed naming '$3':"; cat "$TMP/out"; fail=1
	elif [ "$(git rev-parse -q --verify HEAD || true)" != "$head" ]; then
		echo "pre-commit: FAIL $1: HEAD moved"; fail=1
	fi
}

commit_ok "real bindings and a board"
grep -q '^dtbind lint.*Passed' "$TMP/out" && grep -q '^dtbind exampletest.*Passed' "$TMP/out" &&
	grep -q '^dtbind validate.*Passed' "$TMP/out" ||
	{ echo "pre-commit: FAIL the first commit did not run the three hooks:"; cat "$TMP/out"; fail=1; }

# lint: a $id that does not match the file's path
y=Documentation/devicetree/bindings/iio/adc/adi,ad7291.yaml
sed -i 's|schemas/iio/adc/adi,ad7291.yaml#|schemas/iio/adi,ad7291.yaml#|' "$y"
commit_refused "lint: wrong \$id" "dtbind lint" "$y:4:"
git checkout -q HEAD -- "$y"

# exampletest: an example property the binding does not allow
y=Documentation/devicetree/bindings/iio/adc/adi,ad799x.yaml
line=$(grep -n 'vcc-supply = ' "$y" | head -n 1 | cut -d: -f1)
sed -i 's/^title: Analog Devices AD799x/title: Analog Devices AD799x (AD7991 and family)/' "$y"
sed -i "${line}s/\$/\n        acme,gain = <2>;/" "$y"
commit_refused "exampletest: undocumented property" "dtbind exampletest" "$y:$((line + 1)):"
sed -i "$((line + 1))d" "$y"
commit_ok "exampletest: fixed" "dtbind exampletest"

# validate: a .dtsi node with a property the binding does not allow; the
# board including it is validated and the finding is at the .dtsi line
d=arch/arm64/boot/dts/acme/acme.dtsi
sed -i 's|reg = <0x20>;|reg = <0x20>;\n\t\t\tacme,gain = <2>;|; s|^/ {|/* Acme SoC */\n/ {|' "$d"
line=$(grep -n 'acme,gain' "$d" | cut -d: -f1)
commit_refused "validate: undocumented property in a .dtsi" "dtbind validate" "$d:$line:"
sed -i '/acme,gain/d' "$d"
commit_ok "validate: fixed" "dtbind validate"

[ "$fail" -eq 0 ] && echo "pre-commit: $n commits through the real pre-commit $(pre-commit --version | cut -d' ' -f2): each seeded mistake refused at its line, each fix accepted"
exit "$fail"
