#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The whole `make dt_binding_check` of a kernel on the real dt-schema, timed,
# summarised for run.sh (KBUILD_SUBSET=0) to compare with: failing files,
# CPU (user+sys of make and all its children) and wall.  Takes an hour or
# more of both cores (dt-schema 2026.06: about 1 s of CPU per example).
#
# Usage: tests/conformance/kbuild/reference.sh VERSION [OUT]
#
# Extracts /usr/src/linux-source-VERSION.tar.xz into $REF_WORK (default
# /var/tmp/dtbind-kbuild-ref; its own tree, never the one run.sh uses), runs
# `make -k -j2 dt_binding_check` there with $DTSCHEMA_BIN (default
# /opt/dtschema-sid-bin: dt-schema 2026.06 and yamllint 1.38 in the sid
# chroot, ../shared/modern-ref/README.md) first in PATH, and writes the
# summary to OUT (default: reference-VERSION.txt next to this script).
# A run in progress can be read with `compare.py reffail $REF_WORK/VERSION.err`.
set -u
[ $# -ge 1 ] || { echo "usage: $0 VERSION [OUT]" >&2; exit 2; }
v=$1
HERE=$(cd "$(dirname "$0")" && pwd)
OUTF=${2:-$HERE/reference-$v.txt}
W=${REF_WORK:-/var/tmp/dtbind-kbuild-ref}
BIN=${DTSCHEMA_BIN:-/opt/dtschema-sid-bin}
t=$W/linux-source-$v
mkdir -p "$W" || exit 2
if [ ! -f "$t/.extracted" ]; then
	rm -rf "$t"
	tar -xJf "/usr/src/linux-source-$v.tar.xz" -C "$W" && touch "$t/.extracted" ||
		{ echo "cannot extract linux-source-$v" >&2; exit 2; }
fi
# What an earlier (stopped) run made is made again: the figures are a whole run's.
find "$t/Documentation/devicetree/bindings" \( -name '*.example.dt*' -o -name 'processed-schema*' \
	-o -name '.*.cmd' -o -name '.*.checked' -o -name '.*.tmp' \) -exec rm -rf {} + 2>/dev/null
ver=$(cd "$t" && PATH=$BIN:$PATH dt-doc-validate --version) ||
	{ echo "no dt-doc-validate in $BIN" >&2; exit 2; }
start=$(date -u '+%Y-%m-%d %H:%M')
load=$(cut -d' ' -f1 /proc/loadavg)
(cd "$t" && PATH=$BIN:$PATH /usr/bin/time -f 'wall %e user %U sys %S' -o "$W/$v.time" \
	make -k -j2 dt_binding_check >"$W/$v.out" 2>"$W/$v.err")
rc=$?
B=$t/Documentation/devicetree/bindings
{
	echo "# make -k -j2 dt_binding_check (the whole target) in linux-source-$v from /usr/src,"
	echo "# dt-schema $ver and $(PATH=$BIN:$PATH yamllint --version) first in PATH ($BIN),"
	echo "# the kernel's own dtc and the host's gcc -E; tests/conformance/kbuild/reference.sh."
	echo "# Measured $start to $(date -u '+%H:%M') UTC on the shared 2-core machine, load $load"
	echo "# at the start, $(cut -d' ' -f1 /proc/loadavg) at the end; CPU = user+sys of make and"
	echo "# all its children (/usr/bin/time), which load disturbs less than wall.  make exit $rc."
	echo "bindings $(find "$B" -name '*.yaml' ! -name 'processed-schema*' | wc -l)"
	echo "examples $(find "$B" -name '*.example.dtb' | wc -l)"
	tr ' ' '\n' <"$W/$v.time" | paste -d' ' - -
	python3 "$HERE/compare.py" reffail "$W/$v.err"
} >"$OUTF"
echo "summary: $OUTF"
