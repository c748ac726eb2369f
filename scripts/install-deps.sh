#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# Install the Debian packages dtbind needs to build and test, but only the
# missing ones.  Prints nothing and exits 0 when everything is present, so
# `make check` can call it on every run.
#
# Usage: scripts/install-deps.sh [--clang] [--fuzz] [--reference]
#   --clang      also ensure clang
#   --fuzz       also ensure clang's libFuzzer and sanitizer runtimes
#   --reference  also ensure dt-schema, device-tree-compiler and yamllint
#                (reference tools for `make bench` and `make conformance`),
#                pre-commit, and the Debian packaging tools (debhelper,
#                devscripts, lintian, fakeroot) the package test uses

set -eu

pkgs="gcc make pkg-config libfyaml-dev libyaml-dev libpcre2-dev libfdt-dev libcmocka-dev python3"
# the man page and completion tests of make check
pkgs="$pkgs man-db groff-base bsdextrautils zsh"

for arg in "$@"; do
	case $arg in
	--clang)	pkgs="$pkgs clang" ;;
	--fuzz)		pkgs="$pkgs clang libclang-rt-14-dev" ;;
	--reference)	pkgs="$pkgs dt-schema device-tree-compiler yamllint pre-commit"
		pkgs="$pkgs debhelper devscripts lintian fakeroot" ;;
	-h|--help)
		sed -n '4,14s/^# \{0,1\}//p' "$0"
		exit 0 ;;
	*)
		echo "install-deps.sh: unknown option '$arg' (try --help)" >&2
		exit 2 ;;
	esac
done

# One dpkg-query call for all packages; unknown packages print nothing.
missing=
# shellcheck disable=SC2086 # word splitting of the package list is intended
installed=$(dpkg-query -W -f='${Package} ${Status}\n' $pkgs 2>/dev/null || true)
for p in $pkgs; do
	if ! printf '%s\n' "$installed" | grep -q "^$p install ok installed\$"; then
		missing="$missing $p"
	fi
done
missing=${missing# }

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps.sh: missing Debian packages: $missing" >&2
	echo "install-deps.sh: run as root, or: sudo apt-get install $missing" >&2
	exit 1
fi

echo "install-deps.sh: installing missing Debian packages: $missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >&2
# shellcheck disable=SC2086 # word splitting of the package list is intended
if ! apt-get install -y -q $missing >&2; then
	echo "install-deps.sh: install failed; refreshing package lists and retrying" >&2
	apt-get update -q >&2
	apt-get install -y -q $missing >&2
fi
