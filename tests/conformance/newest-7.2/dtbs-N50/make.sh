#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# How files.txt and results.tsv here were recorded: dt-schema 2026.06's
# dtbs_check (dt-validate -m) on every 31st sorted arm64 .dts of kernel
# 7.2, from the first, the first 50 of them.  Needs the Debian-sid chroot of
# ../shared/modern-ref (wrappers in /opt/dtschema-sid-bin), flex and bison
# (the kernel's dtc, as kbuild builds it) and about 15 CPU-minutes.
#
# Usage: tests/conformance/newest-7.2/dtbs-N50/make.sh KERNEL WORKDIR
#   KERNEL   the 7.2 tree of ../shared/corpus.sh; WORKDIR scratch space
#            under a directory the chroot sees (/tmp, /var/tmp, $HOME)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 KERNEL WORKDIR" >&2; exit 2; }
HERE=$(dirname "$0")
exec sh "$HERE/../../dtbs-reference.sh" "$1" "$2" "$HERE" 31 50 interrupt_map
