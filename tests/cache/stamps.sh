#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# How a run tells the cache is current (`make cache-tests`): from the stamps
# of the directories and files its manifest records, listing a directory
# only when its stamps moved, and recording new stamps once (a refresh)
# when the content turned out the same; bindings renamed, moved and
# removed are seen.  And -p FILE (--processed-schema): the set taken as it
# is, the binding files not read, a foreign file refused.  Each case
# compares what `dtbind validate` reports with a run without the cache.
# With strace installed, the syscalls are counted too.
#
# Stamps within 2 s of a listing are not trusted (the racy rule, tested in
# tests/unit/test_manifest.c): the script waits that long where it needs
# stamps to be trusted.
#
# (--no-source: a finding quotes no line of a binding, which would read it.)
#
# Usage: tests/cache/stamps.sh BINARY
# Prints PASS/FAIL/SKIP per test and ends with "N passed, N failed".
set -u

# shellcheck source=tests/cache/lib.sh
. "$(dirname "$0")/lib.sh"
cache_test_init stamps "$@"

gadget_board
binding gadget '  acme,size:
    $ref: /schemas/types.yaml#/definitions/uint32
    maximum: 0
    description: how big'

run() {	# run NAME [OPTIONS]: validate, output in $T/NAME.out
	name=$1
	shift
	"$BIN" validate --no-source -u "$T/b" "$@" "$T/board.dts" >"$T/$name.out" 2>&1
	echo $? >"$T/$name.rc"
}
same() { cmp -s "$T/$1.out" "$T/$2.out" && cmp -s "$T/$1.rc" "$T/$2.rc"; }
ident() { ls -i "$(cache_file)" 2>/dev/null | awk '{ print $1 }'; }
set_hash() { od -An -tx1 -j32 -N8 "$(cache_file)" | tr -d ' \n'; }	# header bytes 32-39
settle() { sleep 3; }
STRACE=$(command -v strace || true)
# traced NAME: run NAME under strace; $T/NAME.trace lists its directory reads and opens.
traced() {
	if [ -n "$STRACE" ]; then
		# LeakSanitizer cannot run under ptrace: an ASan build checks leaks in the other runs
		ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
			"$STRACE" -f -qq -e trace=getdents64,openat,open -o "$T/$1.trace" \
			"$BIN" validate --no-source -u "$T/b" "$T/board.dts" >"$T/$1.out" 2>&1
		echo $? >"$T/$1.rc"
	else
		run "$1"
	fi
}
# quiet NAME WHAT: in NAME's trace, no directory was read and no binding opened.
quiet() {
	if [ -z "$STRACE" ]; then
		echo "SKIP: $2 (no strace)"
	else
		check "$2" "! grep -q getdents '$T/$1.trace' && ! grep -q '$T/b/.*\.yaml' '$T/$1.trace'"
	fi
}

settle
run ref --no-cache
check "the fixture has both findings" "grep -q 'acme,speed' '$T/ref.out' && grep -q 'acme,size' '$T/ref.out'"
run first
id1=$(ident)
traced second
check "a run with settled stamps reports the same" "same second ref"
check "it keeps the cache as it is" "[ \"\$(ident)\" = '$id1' ]"
quiet second "it reads no directory and opens no binding"

# Same content under new stamps: hashed while too recent, then recorded once.
touch "$T/b/misc/acme,widget.yaml"
run touched
check "a touched binding: the same report" "same touched ref"
hash1=$(set_hash)
settle
run touched_settled
id2=$(ident)
check "once its stamps are old enough, they are recorded (the cache file is rewritten)" \
	"same touched_settled ref && [ '$id2' != '$id1' ]"
check "the set hash is kept (the identity kbuild's kept results use)" "[ \"\$(set_hash)\" = '$hash1' ]"
traced touched_after
check "after that the cache is kept as it is" "same touched_after ref && [ \"\$(ident)\" = '$id2' ]"
quiet touched_after "and the touched binding is not read again"

# An editor's swap file: the directory is listed again, the bindings are the same.
: >"$T/b/misc/.acme,widget.yaml.swp"
settle
run swap
check "a swap file next to the bindings changes nothing reported" "same swap ref"
traced swap_after
quiet swap_after "the directory's new stamps are recorded: not listed again"

# Renamed, moved, removed: the directory's stamps tell.
mkdir -p "$T/b/other"
mv "$T/b/misc/acme,gadget.yaml" "$T/b/other/acme,gadget.yaml"
run moved_binding
run moved_binding_ref --no-cache
check "a binding moved to another directory is found there" \
	"same moved_binding moved_binding_ref && grep -q 'other/acme,gadget.yaml' '$T/moved_binding.out'"
mv "$T/b/other/acme,gadget.yaml" "$T/b/other/acme,gadget.yaml.orig"
run renamed
run renamed_ref --no-cache
check "a binding renamed to a name that is not a binding's is gone" \
	"same renamed renamed_ref && ! grep -q 'acme,size' '$T/renamed.out'"
mv "$T/b/other/acme,gadget.yaml.orig" "$T/b/other/acme,gadget.yaml"
run back
check "renamed back, it is there again" "same back moved_binding_ref"
rm -r "$T/b/other"
run removed
check "a directory removed with its binding: gone" "same removed renamed_ref"

# -p FILE: the set as it is, whatever the files say now.
settle
"$BIN" mkschema -u "$T/b" -o "$T/set.bin" >/dev/null 2>&1
run p_before -p "$T/set.bin"
check "-p FILE reports what the default does" "same p_before removed"
sed 's/enum: \[1, 2, 3\]/enum: [1, 2, 7]/' "$T/b/misc/acme,widget.yaml" >"$T/edit"
cat "$T/edit" >"$T/b/misc/acme,widget.yaml"
run p_after -p "$T/set.bin"
run default_after
run default_after_ref --no-cache
check "after an edit, -p FILE still reports with the set as it was made" \
	"same p_after p_before && grep -q 'acme,speed' '$T/p_after.out'"
check "the default sees the edit" \
	"same default_after default_after_ref && ! grep -q 'acme,speed' '$T/default_after.out'"
if [ -n "$STRACE" ]; then
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		"$STRACE" -f -qq -e trace=getdents64,openat,open,newfstatat,stat,statx -o "$T/p.trace" \
		"$BIN" validate --no-source -u "$T/b" -p "$T/set.bin" "$T/board.dts" >/dev/null 2>&1
	check "-p FILE reads no directory and stats or opens no binding" \
		"! grep -q getdents '$T/p.trace' && ! grep -q '$T/b/.*\.yaml' '$T/p.trace'"
else
	echo "SKIP: -p FILE reads no binding (no strace)"
fi
"$BIN" exampletest -p "$T/set.bin" "$T/b/misc/acme,widget.yaml" >"$T/p_ex.out" 2>&1
check "exampletest takes -p FILE too" "[ \$? = 0 ]"

# A file that is no set of ours: said, exit 2.  Both -p and -s: exit 2.
printf '{"$id": "processed"}\n' >"$T/processed-schema.json"
run foreign -p "$T/processed-schema.json"
check "a foreign -p file is refused with exit 2" \
	"[ \"\$(cat '$T/foreign.rc')\" = 2 ] && grep -q 'not a schema set of dtbind' '$T/foreign.out'"
"$BIN" exampletest -p "$T/processed-schema.json" "$T/b/misc/acme,widget.yaml" >"$T/foreign_ex.out" 2>&1
check "exampletest refuses it too" "[ \$? = 2 ] && grep -q 'not a schema set' '$T/foreign_ex.out'"
run both -p "$T/set.bin" -s "$T/set.bin"
check "-p and -s together: exit 2" "[ \"\$(cat '$T/both.rc')\" = 2 ]"
run missing -p "$T/no-such.bin"
check "a missing -p file: exit 2" "[ \"\$(cat '$T/missing.rc')\" = 2 ]"

# Damaged behind a good header: made again from the sources, as dt-validate -p's kbuild would.
cp "$T/set.bin" "$T/damaged.bin"
printf 'X' | dd of="$T/damaged.bin" bs=1 seek=100 conv=notrunc 2>/dev/null
run damaged -p "$T/damaged.bin"
check "a damaged -p file is made again from the sources" "same damaged default_after_ref"

cache_test_end
