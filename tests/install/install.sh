#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# make install into a DESTDIR puts the binary, the man pages and both
# completions where PREFIX says; the installed binary runs and man finds its
# pages there; make uninstall removes everything it installed.
#
# Usage: tests/install/install.sh BUILD
set -eu

BUILD=$1
DEST=$(mktemp -d /tmp/dtbind-install.XXXXXX)
trap 'rm -rf "$DEST"' EXIT
fail=0
prefix=/opt/dtbind-test

make --no-print-directory -s BUILD="$BUILD" PREFIX=$prefix DESTDIR="$DEST" install >/dev/null
root=$DEST$prefix
for f in bin/dtbind share/man/man1/dtbind.1 share/man/man1/dtbind-lint.1 \
	share/bash-completion/completions/dtbind share/zsh/vendor-completions/_dtbind; do
	[ -f "$root/$f" ] || { echo "install: FAIL $prefix/$f not installed"; fail=1; }
done
n=$(ls "$root/share/man/man1" | wc -l)
want=$(($("$BUILD/dtbind" --complete | grep -vc '^help$') + 1))
[ "$n" -eq "$want" ] || { echo "install: FAIL $n man pages installed, want $want"; fail=1; }
"$root/bin/dtbind" --version | grep -q '^dtbind ' || { echo "install: FAIL installed dtbind --version"; fail=1; }
MANPATH=$root/share/man man -w dtbind-validate >/dev/null 2>&1 ||
	{ echo "install: FAIL man does not find dtbind-validate under $prefix/share/man"; fail=1; }

make --no-print-directory -s BUILD="$BUILD" PREFIX=$prefix DESTDIR="$DEST" uninstall >/dev/null
left=$(find "$root" -type f)
[ -z "$left" ] || { printf 'install: FAIL left after uninstall:\n%s\n' "$left"; fail=1; }
[ "$fail" -eq 0 ] && echo "install: binary, $n man pages and 2 completions installed under DESTDIR/PREFIX and uninstalled"
exit "$fail"
