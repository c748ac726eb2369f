#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The compiled schema cache (`make cache-tests`): reused when its inputs are
# unchanged, rebuilt when they change in content, never trusted when
# damaged, and pruned.  Each case compares what `dtbind validate` reports
# with a run that does not use the cache at all.
#
# Usage: tests/cache/run.sh BINARY
# Prints PASS/FAIL per test and ends with "N passed, N failed".
set -u

# shellcheck source=tests/cache/lib.sh
. "$(dirname "$0")/lib.sh"
cache_test_init cache "$@"

gadget_board

run() {	# run NAME [OPTIONS]: validate, output in $T/NAME.out
	name=$1
	shift
	"$BIN" validate -u "$T/b" "$@" "$T/board.dts" >"$T/$name.out" 2>&1
	echo $? >"$T/$name.rc"
}
same() {	# same NAME REFERENCE: output and exit status equal
	cmp -s "$T/$1.out" "$T/$2.out" && cmp -s "$T/$1.rc" "$T/$2.rc"
}
ident() { ls -i "$1" 2>/dev/null | awk '{ print $1 }'; }

run ref --no-cache
check "a finding for the value outside the enum" "grep -q 'acme,speed' '$T/ref.out'"
check "findings are exit status 1" "[ \"\$(cat '$T/ref.rc')\" = 1 ]"

run first
f=$(cache_file)
check "the first run writes one cache file" "[ -n '$f' ] && [ \$(ls '$CDIR' | wc -l) = 1 ]"
check "the first run reports what an uncached run does" "same first ref"
id1=$(ident "$f")
run second
check "the second run reports the same" "same second ref"
check "the second run reuses the cache (not rewritten)" "[ \"\$(ident '$f')\" = '$id1' ]"

# The other generation: a cache of its own, the first one left alone.
run gen_old --dtschema=2022.08
run gen_old_ref --no-cache --dtschema=2022.08
check "each dt-schema generation has its own cache file" \
	"[ \$(ls '$CDIR' | wc -l) = 2 ] && same gen_old gen_old_ref"
check "the other generation's run leaves the first cache alone" "[ \"\$(ident '$f')\" = '$id1' ]"
run gen_old_again --dtschema=2022.08
check "a second 2022.08 run (from its cache) reports the same" "same gen_old_again gen_old_ref"
for g in "$CDIR"/schemas-*.bin; do [ "$g" = "$f" ] || rm -f "$g"; done

# A change of content with size and mtime kept: the ctime tells, the hash decides.
sed 's/enum: \[1, 2, 3\]/enum: [1, 2, 7]/' "$T/b/misc/acme,widget.yaml" >"$T/edit"
touch -r "$T/b/misc/acme,widget.yaml" "$T/edit"
cat "$T/edit" >"$T/b/misc/acme,widget.yaml"
touch -r "$T/edit" "$T/b/misc/acme,widget.yaml"
run edited
run edited_ref --no-cache
check "an edited binding is seen (size and mtime unchanged)" "same edited edited_ref && ! grep -q 'acme,speed' '$T/edited.out'"
f=$(cache_file)
id2=$(ident "$f")
check "the cache was rewritten in place" "[ \$(ls '$CDIR' | wc -l) = 1 ] && [ '$id2' != '$id1' ]"

touch "$T/b/misc/acme,widget.yaml"
run touched
check "a touched binding (same content) keeps the cache" "same touched edited_ref && [ \"\$(ident '$f')\" = '$id2' ]"

binding gadget
run added
run added_ref --no-cache
check "a new binding is seen" "same added added_ref && grep -q 'acme,size' '$T/added.out'"

# Damage where the header's checksum covers it: rebuilt silently.
f=$(cache_file)
size=$(wc -c <"$f")
printf 'X' | dd of="$f" bs=1 seek=100 conv=notrunc 2>/dev/null
run damaged_index
check "a damaged index is rebuilt, same findings" "same damaged_index added_ref"

# Damage in one binding's record, found when that binding is decoded.
f=$(cache_file)
off=$(grep -boa 'acme,widget' "$f" | tail -n 1 | cut -d: -f1)
printf 'Z' | dd of="$f" bs=1 seek="$off" conv=notrunc 2>/dev/null
run damaged_record
grep -v 'schema-cache' "$T/damaged_record.out" >"$T/damaged_record_rest.out"
check "a damaged record is reported" "grep -q 'damaged record' '$T/damaged_record.out'"
check "a damaged record is loaded from source, same findings" \
	"cmp -s '$T/damaged_record_rest.out' '$T/added_ref.out'"
check "a damaged record removes the cache" "[ -z \"\$(cache_file)\" ]"
run after_damage
check "the next run rebuilds it" "same after_damage added_ref && [ -n \"\$(cache_file)\" ]"

f=$(cache_file)
head -c 2000 "$f" >"$T/short" && cat "$T/short" >"$f"
run truncated
check "a truncated cache is rebuilt" "same truncated added_ref && [ \$(wc -c <'$f') -gt 2000 ]"
head -c 100000 /dev/urandom >"$f"
run garbage
check "a file of garbage is rebuilt" "same garbage added_ref"

"$BIN" mkschema -u "$T/b" -o "$T/explicit.bin" >/dev/null 2>&1
run explicit -s "$T/explicit.bin"
check "mkschema -o FILE, then -s FILE" "same explicit added_ref"

# The same tree elsewhere, with the file made from the first: names are of the new place.
cp -r "$T/b" "$T/moved"
"$BIN" validate -u "$T/moved" -s "$T/explicit.bin" "$T/board.dts" >"$T/moved.out" 2>&1
"$BIN" validate -u "$T/moved" --no-cache "$T/board.dts" >"$T/moved_ref.out" 2>&1
check "a moved tree reports its own paths" \
	"cmp -s '$T/moved.out' '$T/moved_ref.out' && grep -q '$T/moved/misc/acme,gadget.yaml' '$T/moved.out'"

# A binding that now fails its meta-schema, and one removed: the others from their records.
# (The tree has no Makefile: 2026.06, which leaves out only what breaks JSON
# Schema's own meta-schema, so additionalProperties becomes no schema.)
sed -e 's/^title: ACME widget$/titel: ACME widget/' \
	-e 's/^additionalProperties: false$/additionalProperties: nothing/' \
	"$T/b/misc/acme,widget.yaml" >"$T/edit"
cat "$T/edit" >"$T/b/misc/acme,widget.yaml"
run broken
run broken_ref --no-cache
check "a binding that stops passing its meta-schema is left out" \
	"same broken broken_ref && grep -q 'schema-ignored' '$T/broken.out'"
run broken_again
check "the cache says so again, as loading it did" "same broken_again broken_ref"
rm "$T/b/misc/acme,gadget.yaml"
run removed
run removed_ref --no-cache
check "a removed binding is gone" "same removed removed_ref && ! grep -q 'acme,size' '$T/removed.out'"

# check applies a series in a mirror of the tree: it reads (and refreshes) the
# tree's cache, and never writes one for the mirror.
K=$T/kernel
mkdir -p "$K/Documentation/devicetree/bindings/misc" "$K/scripts/dtc/include-prefixes"
cp "$T/b/misc/acme,widget.yaml" "$K/Documentation/devicetree/bindings/misc/"
rm -f "$CDIR"/schemas-*.bin
p=Documentation/devicetree/bindings/misc/acme,widget.yaml
{
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: A <a@example.com>\nSubject: [PATCH] dt-bindings: misc: acme,widget: speed 9\n\n'
	printf 'Signed-off-by: A <a@example.com>\n---\n'
	printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$p" "$p" "$p" "$p"
	printf '@@ -21,1 +21,1 @@\n'
	printf -- '-    enum: [1, 2, 7]\n+    enum: [1, 2, 9]\n'
	printf -- '-- \n2.39.2\n'
} >"$T/speed.patch"
"$BIN" check --tree "$K" "$T/speed.patch" >"$T/check1.out" 2>&1
echo $? >"$T/check1.rc"
"$BIN" check --tree "$K" "$T/speed.patch" >"$T/check2.out" 2>&1
echo $? >"$T/check2.rc"
check "check reads the tree's cache: one file, the tree's" "[ \$(ls '$CDIR' | wc -l) = 1 ]"
check "check says the same with the cache as without" \
	"cmp -s '$T/check1.out' '$T/check2.out' && cmp -s '$T/check1.rc' '$T/check2.rc'"
"$BIN" validate -u "$K/Documentation/devicetree/bindings" "$T/board.dts" >/dev/null 2>&1
check "the file it read is the tree's own cache" "[ \$(ls '$CDIR' | wc -l) = 1 ]"

# Pruning: old cache files of other trees and programs go, the newest stay.
rm -f "$CDIR"/schemas-*.bin
for i in 01 02 03 04 05 06 07 08 09 10; do
	: >"$CDIR/schemas-00000000000000$i.bin"
	touch -d "2020-01-$i" "$CDIR/schemas-00000000000000$i.bin"
done
run pruned
check "a rebuild prunes the directory to 8 files, keeping its own" \
	"[ \$(ls '$CDIR' | wc -l) = 8 ] && [ ! -e '$CDIR/schemas-0000000000000001.bin' ] && \
	 ls '$CDIR' | grep -qv '^schemas-00000000000000'"

cache_test_end
