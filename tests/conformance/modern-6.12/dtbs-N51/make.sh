#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# How files.txt and results.tsv here were recorded: dt-schema 2026.06's
# dtbs_check (dt-validate -m) on every 22nd sorted arm64 .dts of kernel
# 6.12, from the first (51 boards), through ../../dtbs-reference.sh.  Needs the chroot of
# ../shared/modern-ref (wrappers in /opt/dtschema-sid-bin), flex and bison
# (the kernel's dtc, as kbuild builds it) and about 15 CPU-minutes.
#
# Usage: tests/conformance/modern-6.12/dtbs-N51/make.sh KERNEL WORKDIR
#   KERNEL   the 6.12 tree of ../shared/corpus.sh; WORKDIR scratch space
#            under a directory the chroot sees (/tmp, /var/tmp, $HOME)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 KERNEL WORKDIR" >&2; exit 2; }
HERE=$(dirname "$0")
exec sh "$HERE/../../dtbs-reference.sh" "$1" "$2" "$HERE" 22 51 graph_child_address
