#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The Debian package: dpkg-buildpackage -us -uc -b builds dtbind_*.deb from
# a copy of this tree (out of tree, so the tree stays clean), lintian finds
# no error in it, and the unpacked package runs `dtbind --version`, shows
# `man dtbind` and carries the completions.  The package is unpacked with
# dpkg -x rather than installed, so the machine's dtbind is left alone.
#
# Usage: tests/conformance/debian-package.sh
# Env:   KEEP=1 keeps the build directory (printed) for a look.
set -eu

SRC=$(cd "$(dirname "$0")/../.." && pwd)
for tool in dpkg-buildpackage dh lintian fakeroot; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "debian-package: SKIP: $tool is not installed (sh scripts/install-deps.sh --reference)"
		exit 0
	fi
done
WORK=$(mktemp -d /var/tmp/dtbind-deb.XXXXXX)
[ "${KEEP:-0}" = 1 ] && echo "debian-package: building in $WORK" || trap 'rm -rf "$WORK"' EXIT
fail=0

version=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version)
tree=$WORK/dtbind-$version
mkdir -p "$tree"
# the tracked and new files of the work tree, not its build directories
(cd "$SRC" && git ls-files -co --exclude-standard -z | grep -zv '^build' |
	xargs -0 tar -cf - --no-recursion) | tar -C "$tree" -xf -

if ! (cd "$tree" && DEB_BUILD_OPTIONS=parallel=2 dpkg-buildpackage -us -uc -b) \
	>"$WORK/build.log" 2>&1; then
	echo "debian-package: FAIL dpkg-buildpackage -us -uc -b; the end of its log:"
	tail -n 30 "$WORK/build.log"
	exit 1
fi
deb=$(ls "$WORK"/dtbind_"$version"_*.deb)
echo "debian-package: built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

lintian --fail-on error --display-info "$deb" >"$WORK/lintian.log" 2>&1 || {
	echo "debian-package: FAIL lintian reports errors:"; cat "$WORK/lintian.log"; fail=1; }
tags=$(grep -c '^[EWIP]: ' "$WORK/lintian.log" || true)
echo "debian-package: lintian: $(grep -c '^E: ' "$WORK/lintian.log" || true) errors," \
	"$(grep -c '^W: ' "$WORK/lintian.log" || true) warnings, $tags tags in all"
grep '^[EW]: ' "$WORK/lintian.log" | sed 's/^/  /' || true

# unpacked: the binary runs, man finds its pages, the completions are there
root=$WORK/root
dpkg -x "$deb" "$root"
"$root/usr/bin/dtbind" --version | grep -q "^dtbind $version" ||
	{ echo "debian-package: FAIL the packaged dtbind --version"; fail=1; }
page=$(MANPATH=$root/usr/share/man LC_ALL=C MANWIDTH=80 man dtbind 2>&1 | col -b)
printf '%s\n' "$page" | grep -q '^ *dtbind - tools for Linux devicetree binding schemas' ||
	{ echo "debian-package: FAIL man dtbind from the package:"; printf '%s\n' "$page" | head; fail=1; }
n=$(ls "$root/usr/share/man/man1" | grep -c '^dtbind.*\.1\.gz$')
want=$(($("$root/usr/bin/dtbind" --complete | grep -vc '^help$') + 1))
[ "$n" -eq "$want" ] || { echo "debian-package: FAIL $n man pages packaged, want $want"; fail=1; }
for f in usr/share/bash-completion/completions/dtbind usr/share/zsh/vendor-completions/_dtbind \
	usr/share/doc/dtbind/copyright; do
	[ -f "$root/$f" ] || { echo "debian-package: FAIL /$f not in the package"; fail=1; }
done
# its dependencies are the runtime libraries of the build dependencies
deps=$(dpkg-deb -f "$deb" Depends)
for lib in libfyaml libyaml libpcre2-8 libfdt1; do
	printf '%s\n' "$deps" | grep -q "$lib" ||
		{ echo "debian-package: FAIL Depends lacks $lib: $deps"; fail=1; }
done

[ "$fail" -eq 0 ] && echo "debian-package: installs /usr/bin/dtbind, $n man pages, bash and zsh completion; --version and man dtbind work (Depends: $deps)"
exit "$fail"
