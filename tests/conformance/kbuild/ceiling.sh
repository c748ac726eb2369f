#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The best figure any front-ends could reach: `make dt_binding_check` of a
# whole tree with front-ends that do nothing (dt-extract-example prints an
# empty tree, the others exit 0; --version says 2026.06), timed as run.sh
# times ours.  What it costs is the kernel's own part (make, sh, gcc -E, dtc,
# fixdep) plus a process start per front-end run; the reference's CPU
# divided by it is the highest ratio possible on this machine.
#
# Usage: tests/conformance/kbuild/ceiling.sh [VERSION]   (default 6.12; the
# tree run.sh extracted into $WORK, default /var/tmp/dtbind-kbuild)
set -u
v=${1:-6.12}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/var/tmp/dtbind-kbuild}
t=$WORK/linux-source-$v
B=Documentation/devicetree/bindings
[ -d "$t/$B" ] || { echo "no tree at $t (run run.sh first)" >&2; exit 2; }
bin=$(mktemp -d) || exit 2
trap 'rm -rf "$bin"' EXIT
cat >"$bin/noop.c" <<'EOC'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	const char *n = strrchr(argv[0], '/');

	n = n ? n + 1 : argv[0];
	if (argc > 1 && !strcmp(argv[1], "--version")) {
		puts(!strcmp(n, "yamllint") ? "yamllint 1.38.0" : "2026.06");
		return 0;
	}
	if (!strcmp(n, "dt-extract-example"))
		puts("/dts-v1/;\n/ { };");
	return 0;
}
EOC
cc -O2 -static -o "$bin/noop" "$bin/noop.c" || exit 2
for f in dt-extract-example dt-mk-schema dt-validate dt-doc-validate dt-check-compatible yamllint; do
	ln -s noop "$bin/$f"
done
find "$t/$B" \( -name '*.example.dt*' -o -name 'processed-schema*.json' -o -name '.*.cmd' \
	-o -name '.*.checked' -o -name '.*.tmp' \) -delete 2>/dev/null
load=$(cut -d' ' -f1 /proc/loadavg)
(cd "$t" && PATH=$bin:$PATH /usr/bin/time -f 'wall %e user %U sys %S' -o "$bin/time" \
	make -j2 dt_binding_check >"$bin/out" 2>"$bin/err") || { tail -n 5 "$bin/err"; exit 1; }
n=$(find "$t/$B" -name '*.example.dtb' | wc -l)
awk -v n="$n" -v l0="$load" -v l1="$(cut -d' ' -f1 /proc/loadavg)" -v ref="$HERE/reference-$v.txt" '
	{ for (i = 1; i < NF; i += 2) x[$i] = $(i + 1) }
	END {
		cpu = x["user"] + x["sys"]
		printf "do-nothing front-ends, %d examples: %.0f s CPU (user %.0f, sys %.0f), %.0f s wall, load %s -> %s\n",
			n, cpu, x["user"], x["sys"], x["wall"], l0, l1
		while ((getline line < ref) > 0) {
			split(line, f, " ")
			if (f[1] == "user" || f[1] == "sys") r += f[2]
		}
		if (r > 0)
			printf "reference-%s.txt: %.0f s CPU: the highest ratio any front-ends could reach here is %.1fx\n",
				v, r, r / cpu
	}' v="$v" "$bin/time"
