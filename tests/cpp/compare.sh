#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# compare.sh - check lib/cpp*.c against gcc's preprocessor on real kernel inputs.
#
# usage: sh tests/cpp/compare.sh [--fixtures-only] [CORPUS-ROOT]
#
# CORPUS-ROOT is a kernel tree as /work/shared/corpus.sh prints it (default:
# the 6.1 root that "${SHARED:-../shared}/corpus.sh 6.1" prints).  Run from
# the top of the repository after `make` (it links a small driver against
# build/libdtbind.a in a temporary directory).
#
# The fixtures in tests/cpp/fixtures (include directory fixtures/inc), every
# arch/arm64/boot/dts/**/*.dts of the corpus, and every example of every
# binding under Documentation/devicetree/bindings (when python3 has PyYAML),
# are preprocessed by
#
#   gcc -E -P -nostdinc -I ROOT/scripts/dtc/include-prefixes -I ROOT/include \
#       -undef -D__DTS__ -x assembler-with-cpp
#
# and by cpp_run() with the same include directories and -D__DTS__.  The two
# outputs are split at white space (so "a b" and "ab" differ, but indentation
# and blank lines do not) and compared token for token; the exit statuses must
# agree too (both succeed, or both fail).  Prints "N identical out of M" per
# set and the first lines of every difference; exits 1 when there is one.
#
# Environment: JOBS (parallel jobs, default: nproc), KEEP=1 keeps the
# temporary directory.
set -eu

top=$(pwd)
[ -f "$top/build/libdtbind.a" ] && [ -f "$top/lib/cpp.h" ] || {
	echo "$0: run from the repository top after make (build/libdtbind.a)" >&2
	exit 2
}
fixtures_only=0
if [ "${1:-}" = --fixtures-only ]; then
	fixtures_only=1
	shift
fi
if [ $fixtures_only = 1 ]; then
	root=
elif [ $# -ge 1 ]; then
	root=$1
else
	root=$("${SHARED:-../shared}/corpus.sh" 6.1 2>/dev/null | tail -n 1)
fi
[ $fixtures_only = 1 ] || [ -d "$root/arch/arm64/boot/dts" ] || {
	echo "$0: no corpus at '$root'" >&2
	exit 2
}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 4)}

tmp=$(mktemp -d /tmp/dtbind-cpp-compare.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- the driver: preprocess one file with cpp_run() ----------------------
cat > "$tmp/driver.c" <<'EOF'
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpp.h"

/* driver [-I DIR]... [-D NAME[=VALUE]]... FILE: the output on stdout, findings on stderr */
int main(int argc, char **argv)
{
	const char **incs = calloc((size_t)argc, sizeof(*incs));
	const char **defs = calloc((size_t)argc, sizeof(*defs));
	size_t ni = 0, nd = 0, len;
	const char *file = NULL;
	struct cpp_output out;
	struct dtbind_diag *diag;
	char *buf;
	int ret;

	if (!incs || !defs)
		return 2;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-I") && i + 1 < argc)
			incs[ni++] = argv[++i];
		else if (!strcmp(argv[i], "-D") && i + 1 < argc)
			defs[nd++] = argv[++i];
		else
			file = argv[i];
	}
	if (!file || read_file(file, DTBIND_MAX_FILE_SIZE, &buf, &len)) {
		fprintf(stderr, "driver: cannot read %s\n", file ? file : "(no file)");
		return 2;
	}
	struct cpp_opts opts = { incs, ni, defs, nd, 0 };

	diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	ret = cpp_run(&opts, file, buf, len, NULL, diag, &out);
	if (!ret) {
		fwrite(out.text, 1, out.len, stdout);
		cpp_output_free(&out);
	}
	dtbind_diag_free(diag);
	free(buf);
	free(incs);
	free(defs);
	return ret ? 1 : 0;
}
EOF
# shellcheck disable=SC2046
cc -std=c11 -O2 -I"$top/lib" -o "$tmp/driver" "$tmp/driver.c" "$top/build/libdtbind.a" \
	$(pkg-config --libs libfyaml yaml-0.1 libpcre2-8) -lfdt -lm

# ---- one comparison: writes tmp/res/<id>.{ok,diff} --------------------------
cat > "$tmp/one.sh" <<'EOF'
#!/bin/sh
# one.sh TMP INC1 INC2 ID FILE
tmp=$1 inc1=$2 inc2=$3 id=$4 f=$5
o=$tmp/res/$id
norm() { tr -s ' \t\n\r\f\v' '\n' | sed '/^$/d'; }
set +e
gcc -E -P -nostdinc -I "$inc1" -I "$inc2" -undef -D__DTS__ -x assembler-with-cpp "$f" \
	>"$o.graw" 2>"$o.gerr"
gs=$?
"$tmp/driver" -I "$inc1" -I "$inc2" -D __DTS__ "$f" >"$o.oraw" 2>"$o.oerr"
os=$?
norm <"$o.graw" >"$o.g"
norm <"$o.oraw" >"$o.o"
rm -f "$o.graw" "$o.oraw"
if [ $gs -ne 0 ] || [ $os -ne 0 ]; then
	# Both fail: compare nothing more (gcc stops at the first fatal error).
	if [ $gs -ne 0 ] && [ $os -ne 0 ]; then
		: >"$o.ok"
	else
		{ echo "$f: gcc exit $gs, cpp_run exit $os"; sed 's/^/  gcc: /' "$o.gerr";
		  sed 's/^/  ours: /' "$o.oerr"; } >"$o.diff"
	fi
elif cmp -s "$o.g" "$o.o"; then
	: >"$o.ok"
else
	{ echo "$f: token streams differ (< gcc, > cpp_run)"; diff "$o.g" "$o.o" | head -n 12; } >"$o.diff"
fi
rm -f "$o.g" "$o.o"
EOF

# run_set NAME LISTFILE INC1 INC2: LISTFILE has "id file" lines
run_set() {
	name=$1 list=$2
	rm -rf "$tmp/res"
	mkdir -p "$tmp/res"
	total=$(wc -l <"$list")
	xargs -P "$jobs" -L 1 sh "$tmp/one.sh" "$tmp" "$3" "$4" <"$list"
	same=$(find "$tmp/res" -name '*.ok' | wc -l)
	echo "$name: $same identical out of $total"
	for d in "$tmp"/res/*.diff; do
		[ -f "$d" ] || continue
		sed 's/^/    /' "$d"
		status=1
	done
}

status=0
cd "$top/tests/cpp"
find fixtures -name '*.dts' | LC_ALL=C sort | awk '{ printf "fix%05d %s\n", NR, $0 }' \
	>"$tmp/fix.list"
run_set "fixtures (tests/cpp/fixtures)" "$tmp/fix.list" fixtures/inc fixtures/inc
[ $fixtures_only = 0 ] || exit $status

cd "$root"
find arch/arm64/boot/dts -name '*.dts' | LC_ALL=C sort | awk '{ printf "dts%05d %s\n", NR, $0 }' \
	>"$tmp/dts.list"
inc1=$root/scripts/dtc/include-prefixes inc2=$root/include
run_set "arm64 DTS ($root)" "$tmp/dts.list" "$inc1" "$inc2"

# Binding examples, each on its own, as the raw text of the example.
if python3 -c 'import yaml' 2>/dev/null; then
	mkdir -p "$tmp/ex"
	python3 - "$root/Documentation/devicetree/bindings" "$tmp/ex" >"$tmp/ex.list" <<'EOF'
import glob, os, sys, yaml
root, out = sys.argv[1], sys.argv[2]
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
n = 0
for f in sorted(glob.glob(root + "/**/*.yaml", recursive=True)):
    try:
        with open(f) as fh:
            doc = yaml.load(fh, Loader=loader)
    except Exception:
        continue
    ex = doc.get("examples") if isinstance(doc, dict) else None
    if not isinstance(ex, list):
        continue
    for i, e in enumerate(ex):
        if isinstance(e, str):
            n += 1
            name = "%s/%s.example-%d.dts" % (out, os.path.relpath(f, root).replace("/", "__"), i)
            with open(name, "w") as fh:
                fh.write(e)
            print("ex%05d %s" % (n, name))
EOF
	run_set "binding examples" "$tmp/ex.list" "$inc1" "$inc2"
else
	echo "binding examples: skipped (python3 has no yaml module)"
fi
exit $status
