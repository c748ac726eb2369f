// SPDX-License-Identifier: BSD-2-Clause
/* test_util.c - arena, strbuf, hmap, read_file, edit_distance, dtbind_strerror. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "dtbind.h"
#include "internal.h"

/* ---- arena -------------------------------------------------------- */

static void test_arena_returns_zeroed_16_aligned_distinct_blocks(void **state)
{
	struct arena a;

	(void)state;
	/* Twice: the second round likely gets the first round's dirty memory back. */
	for (int round = 0; round < 2; round++) {
		unsigned char *prev = NULL;

		arena_init(&a, 256);
		for (size_t size = 0; size < 200; size++) {
			unsigned char *p = arena_alloc(&a, size);

			assert_non_null(p);
			assert_int_equal((uintptr_t)p % 16, 0);
			for (size_t i = 0; i < size; i++)
				assert_int_equal(p[i], 0);
			memset(p, 0xa5, size);
			if (prev)
				assert_true(p != prev);
			prev = p;
		}
		arena_release(&a);
		assert_null(a.head);
	}
}

static void test_arena_blocks_do_not_overlap(void **state)
{
	struct arena a;
	unsigned char *blocks[100];

	(void)state;
	arena_init(&a, 512);
	for (unsigned i = 0; i < ARRAY_SIZE(blocks); i++) {
		blocks[i] = arena_alloc(&a, 24);
		assert_non_null(blocks[i]);
		memset(blocks[i], (int)i, 24);
	}
	for (unsigned i = 0; i < ARRAY_SIZE(blocks); i++)
		for (unsigned j = 0; j < 24; j++)
			assert_int_equal(blocks[i][j], i);
	arena_release(&a);
}

static void test_arena_large_allocation_gets_own_chunk_and_small_ones_continue(void **state)
{
	struct arena a;

	(void)state;
	arena_init(&a, 1024);
	char *small1 = arena_alloc(&a, 16);
	char *big = arena_alloc(&a, 100000);
	char *small2 = arena_alloc(&a, 16);

	assert_non_null(small1);
	assert_non_null(big);
	assert_non_null(small2);
	assert_int_equal((uintptr_t)big % 16, 0);
	memset(big, 'x', 100000);
	memcpy(small1, "first", 6);
	memcpy(small2, "second", 7);
	/* The big block went beside the current chunk, which stays in use. */
	assert_ptr_equal(small2, small1 + 16);
	assert_string_equal(small1, "first");
	assert_int_equal(big[0], 'x');
	assert_int_equal(big[99999], 'x');
	arena_release(&a);
}

/* Regular chunks: 4 KiB first, then twice the last, never past chunk_size. */
static void test_arena_chunks_start_small_and_double_to_chunk_size(void **state)
{
	struct arena a;
	size_t want = 4096;

	(void)state;
	arena_init(&a, 64 * 1024);
	assert_int_equal(a.next_size, 4096);
	/* 4 KiB blocks: one a chunk until the chunks grow past 4 KiB of room. */
	for (int i = 0; i < 40; i++) {
		char *prev_head = (char *)a.head;

		assert_non_null(arena_alloc(&a, 4096 - 64));
		if ((char *)a.head != prev_head) {
			want = want < 32 * 1024 ? want * 2 : 64 * 1024;
			assert_int_equal(a.next_size, want);
		}
	}
	assert_int_equal(a.next_size, 64 * 1024);
	arena_release(&a);

	/* A request above the next size (but not big) takes a chunk that fits it. */
	arena_init(&a, 64 * 1024);
	char *p = arena_alloc(&a, 10000);

	assert_non_null(p);
	memset(p, 'y', 10000);
	assert_int_equal(a.next_size, 32 * 1024);
	/* A big one (over a quarter of chunk_size) gets its own and leaves the growth alone. */
	assert_non_null(arena_alloc(&a, 20000));
	assert_int_equal(a.next_size, 32 * 1024);
	assert_ptr_equal(arena_alloc(&a, 16), p + 10000);
	arena_release(&a);

	/* A small chunk_size is the first chunk's size too. */
	arena_init(&a, 256);
	assert_int_equal(a.next_size, 256);
	arena_release(&a);
}

static void test_arena_refuses_sizes_that_would_overflow(void **state)
{
	struct arena a;

	(void)state;
	arena_init(&a, 0);
	assert_null(arena_alloc(&a, SIZE_MAX));
	assert_null(arena_alloc(&a, SIZE_MAX - 8));
	assert_null(arena_alloc(&a, SIZE_MAX / 2 + 1));
	/* The arena is still usable. */
	assert_non_null(arena_alloc(&a, 8));
	arena_release(&a);
}

static void test_arena_strdup_strndup_copy_and_terminate(void **state)
{
	struct arena a;
	const char src[] = "hello, world";

	(void)state;
	arena_init(&a, 64);
	char *d = arena_strdup(&a, src);
	char *n = arena_strndup(&a, src, 5);
	char *e = arena_strdup(&a, "");

	assert_string_equal(d, "hello, world");
	assert_true(d != src);
	assert_string_equal(n, "hello");
	assert_string_equal(e, "");
	/* strndup copies exactly len bytes, NULs included */
	char *z = arena_strndup(&a, "a\0b", 3);

	assert_memory_equal(z, "a\0b\0", 4);
	arena_release(&a);
}

static void test_arena_printf_formats_short_and_long_strings(void **state)
{
	struct arena a;
	char longer[1000];

	(void)state;
	arena_init(&a, 128);
	assert_string_equal(arena_printf(&a, "%s-%d-%04x", "id", 42, 0xbeef), "id-42-beef");
	memset(longer, 'q', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	/* Beyond the 256-byte fast path. */
	char *p = arena_printf(&a, "<%s>", longer);

	assert_non_null(p);
	assert_int_equal(strlen(p), 1001);
	assert_int_equal(p[0], '<');
	assert_int_equal(p[1], 'q');
	assert_int_equal(p[999], 'q');
	assert_string_equal(p + 1000, ">");
	arena_release(&a);
}

/* ---- strbuf ------------------------------------------------------- */

static void test_strbuf_empty_cstr_is_empty_string(void **state)
{
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	assert_string_equal(sb_cstr(&sb), "");
	assert_int_equal(sb.len, 0);
	sb_free(&sb);
}

static void test_strbuf_grows_and_keeps_content(void **state)
{
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	for (int i = 0; i < 10000; i++)
		sb_putc(&sb, (char)('a' + i % 26));
	sb_puts(&sb, "|end");
	sb_printf(&sb, "|%d|%s", 12345, "tail");
	assert_false(sb.oom);
	assert_int_equal(sb.len, 10000 + 4 + 11);
	assert_true(sb.cap > sb.len);
	const char *s = sb_cstr(&sb);

	for (int i = 0; i < 10000; i++)
		assert_int_equal(s[i], 'a' + i % 26);
	assert_string_equal(s + 10000, "|end|12345|tail");
	assert_int_equal(strlen(s), sb.len);
	sb_free(&sb);
	assert_null(sb.buf);
	assert_int_equal(sb.len, 0);
}

static void test_strbuf_printf_longer_than_initial_capacity(void **state)
{
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	sb_puts(&sb, "x");
	sb_printf(&sb, "%0300d", 7);
	assert_int_equal(sb.len, 301);
	assert_int_equal(sb_cstr(&sb)[299], '0');
	assert_int_equal(sb_cstr(&sb)[300], '7');
	assert_int_equal(sb_cstr(&sb)[301], '\0');
	sb_free(&sb);
}

static void test_strbuf_putn_keeps_embedded_nul(void **state)
{
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	sb_putn(&sb, "a\0b", 3);
	assert_int_equal(sb.len, 3);
	assert_memory_equal(sb_cstr(&sb), "a\0b\0", 4);
	sb_free(&sb);
}

static void assert_json_string(const char *in, size_t n, const char *expected)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_json_string(&sb, in, n);
	assert_string_equal(sb_cstr(&sb), expected);
	sb_free(&sb);
}

static void test_sb_json_string_escapes_quotes_backslash_and_whitespace(void **state)
{
	(void)state;
	assert_json_string("", 0, "\"\"");
	assert_json_string("plain", 5, "\"plain\"");
	assert_json_string("say \"hi\"", 8, "\"say \\\"hi\\\"\"");
	assert_json_string("a\\b", 3, "\"a\\\\b\"");
	assert_json_string("l1\nl2\tx\ry", 9, "\"l1\\nl2\\tx\\ry\"");
	/* '/' needs no escape */
	assert_json_string("a/b", 3, "\"a/b\"");
}

static void test_sb_json_string_escapes_control_chars_as_u00xx(void **state)
{
	(void)state;
	assert_json_string("\x01", 1, "\"\\u0001\"");
	assert_json_string("\x1f", 1, "\"\\u001f\"");
	assert_json_string("\b\f", 2, "\"\\u0008\\u000c\"");
	assert_json_string("a\0b", 3, "\"a\\u0000b\"");
	/* DEL and non-ASCII UTF-8 pass through unchanged */
	assert_json_string("\x7f", 1, "\"\x7f\"");
	assert_json_string("\xc3\xa9", 2, "\"\xc3\xa9\"");
}

/* ---- hmap --------------------------------------------------------- */

static void test_hmap_empty_lookup_is_null(void **state)
{
	struct hmap m;
	int x;

	(void)state;
	hmap_init(&m);
	assert_null(hmap_get_str(&m, "a", 1));
	assert_null(hmap_get_ptr(&m, &x));
	hmap_free(&m);
}

static void test_hmap_string_keys_compare_by_length_and_bytes(void **state)
{
	struct hmap m;
	int one = 1, two = 2, three = 3;
	const char text[] = "abcabc";

	(void)state;
	hmap_init(&m);
	assert_int_equal(hmap_put_str(&m, "abc", 3, &one), 0);
	assert_int_equal(hmap_put_str(&m, "ab", 2, &two), 0);
	assert_int_equal(hmap_put_str(&m, "a\0c", 3, &three), 0);
	assert_int_equal(m.n, 3);
	/* Lookup by contents, not by pointer: the key is at a different address. */
	assert_ptr_equal(hmap_get_str(&m, text + 3, 3), &one);
	assert_ptr_equal(hmap_get_str(&m, text, 2), &two);
	assert_ptr_equal(hmap_get_str(&m, "a\0c", 3), &three);
	assert_null(hmap_get_str(&m, "a", 1));
	assert_null(hmap_get_str(&m, "abcd", 4));
	assert_null(hmap_get_str(&m, "", 0));
	hmap_free(&m);
	assert_int_equal(m.n, 0);
}

static void test_hmap_pointer_keys_compare_by_address(void **state)
{
	struct hmap m;
	char a[] = "same", b[] = "same";
	int va = 1, vb = 2;

	(void)state;
	hmap_init(&m);
	assert_int_equal(hmap_put_ptr(&m, a, &va), 0);
	assert_int_equal(hmap_put_ptr(&m, b, &vb), 0);
	assert_int_equal(m.n, 2);
	assert_ptr_equal(hmap_get_ptr(&m, a), &va);
	assert_ptr_equal(hmap_get_ptr(&m, b), &vb);
	assert_null(hmap_get_ptr(&m, a + 1));
	/* A pointer key is not found as a string key with the same bytes. */
	assert_null(hmap_get_str(&m, "same", 4));
	hmap_free(&m);
}

static void test_hmap_overwrite_replaces_value_without_new_entry(void **state)
{
	struct hmap m;
	int v1 = 1, v2 = 2;

	(void)state;
	hmap_init(&m);
	hmap_put_str(&m, "key", 3, &v1);
	hmap_put_str(&m, "key", 3, &v2);
	assert_int_equal(m.n, 1);
	assert_ptr_equal(hmap_get_str(&m, "key", 3), &v2);
	hmap_put_ptr(&m, &v1, &v1);
	hmap_put_ptr(&m, &v1, &v2);
	assert_int_equal(m.n, 2);
	assert_ptr_equal(hmap_get_ptr(&m, &v1), &v2);
	hmap_free(&m);
}

/* Reserved room holds that many entries without growing; what was in stays found. */
static void test_hmap_reserve_then_fill_does_not_grow(void **state)
{
	static const char *const keys[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
					    "k", "l", "m", "n", "o", "p", "q", "r", "s", "t" };
	struct hmap m;

	(void)state;
	hmap_init(&m);
	assert_int_equal(hmap_put_str(&m, "first", 5, (void *)1), 0);
	assert_int_equal(hmap_reserve(&m, ARRAY_SIZE(keys) + 1), 0);
	size_t cap = m.cap;

	assert_true(cap * 3 >= (ARRAY_SIZE(keys) + 1) * 4);
	assert_int_equal(cap & (cap - 1), 0);
	assert_ptr_equal(hmap_get_str(&m, "first", 5), (void *)1);
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		assert_int_equal(hmap_put_str(&m, keys[i], 1, (void *)(i + 2)), 0);
	assert_int_equal(m.cap, cap);
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		assert_ptr_equal(hmap_get_str(&m, keys[i], 1), (void *)(i + 2));
	/* Less than there is room for already: nothing changes. */
	assert_int_equal(hmap_reserve(&m, 3), 0);
	assert_int_equal(m.cap, cap);
	hmap_free(&m);
}

static void test_hmap_many_entries_survive_growth(void **state)
{
	enum { N = 20000 };
	struct hmap strs, ptrs;
	char (*keys)[16] = malloc(N * sizeof(*keys));

	(void)state;
	assert_non_null(keys);
	hmap_init(&strs);
	hmap_init(&ptrs);
	for (uintptr_t i = 0; i < N; i++) {
		snprintf(keys[i], sizeof(keys[i]), "key-%lu", (unsigned long)i);
		assert_int_equal(hmap_put_str(&strs, keys[i], strlen(keys[i]), (void *)(i + 1)), 0);
		assert_int_equal(hmap_put_ptr(&ptrs, keys[i], (void *)(i + 7)), 0);
	}
	assert_int_equal(strs.n, N);
	assert_int_equal(ptrs.n, N);
	/* Load factor stays under 3/4 and capacity is a power of two. */
	assert_true(strs.cap * 3 >= strs.n * 4);
	assert_int_equal(strs.cap & (strs.cap - 1), 0);
	for (uintptr_t i = 0; i < N; i++) {
		char probe[16];

		snprintf(probe, sizeof(probe), "key-%lu", (unsigned long)i);
		assert_ptr_equal(hmap_get_str(&strs, probe, strlen(probe)), (void *)(i + 1));
		assert_ptr_equal(hmap_get_ptr(&ptrs, keys[i]), (void *)(i + 7));
	}
	assert_null(hmap_get_str(&strs, "key-20000", 9));
	hmap_free(&strs);
	hmap_free(&ptrs);
	free(keys);
}

/* ---- read_file ---------------------------------------------------- */

struct tmpdir {
	char dir[64];
	char path[128];
};

static int tmpdir_setup(void **state)
{
	struct tmpdir *t = calloc(1, sizeof(*t));

	if (!t)
		return -1;
	strcpy(t->dir, "/tmp/dtbind-test-util-XXXXXX");
	if (!mkdtemp(t->dir)) {
		free(t);
		return -1;
	}
	snprintf(t->path, sizeof(t->path), "%s/file", t->dir);
	*state = t;
	return 0;
}

static int tmpdir_teardown(void **state)
{
	struct tmpdir *t = *state;

	unlink(t->path);
	rmdir(t->dir);
	free(t);
	return 0;
}

static void write_bytes(const char *path, size_t n, char fill)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		fputc(fill, f);
	assert_int_equal(fclose(f), 0);
}

static void test_read_file_reads_whole_file_nul_terminated(void **state)
{
	struct tmpdir *t = *state;
	FILE *f = fopen(t->path, "wb");
	char *buf;
	size_t len;

	assert_non_null(f);
	fputs("line one\n", f);
	fputc('\0', f);
	fputs("after nul", f);
	fclose(f);
	assert_int_equal(read_file(t->path, 1000, &buf, &len), 0);
	assert_int_equal(len, 19);
	assert_memory_equal(buf, "line one\n\0after nul", 19);
	assert_int_equal(buf[19], '\0');
	free(buf);
}

static void test_read_file_empty_file_gives_empty_buffer(void **state)
{
	struct tmpdir *t = *state;
	char *buf;
	size_t len = 99;

	write_bytes(t->path, 0, 'x');
	assert_int_equal(read_file(t->path, 10, &buf, &len), 0);
	assert_non_null(buf);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);
}

static void test_read_file_larger_than_limit_is_elimit(void **state)
{
	struct tmpdir *t = *state;
	char *buf = (char *)"untouched";
	size_t len = 99;

	write_bytes(t->path, 20000, 'y');
	assert_int_equal(read_file(t->path, 19999, &buf, &len), -DTBIND_ELIMIT);
	assert_null(buf);
	assert_int_equal(len, 0);
	assert_int_equal(read_file(t->path, 100, &buf, &len), -DTBIND_ELIMIT);
	assert_null(buf);
}

static void test_read_file_exactly_at_limit_is_read(void **state)
{
	struct tmpdir *t = *state;
	/* Sizes just below and at limits that are not powers of two. */
	static const size_t cases[][2] = {
		{ 20000, 20000 }, { 16000, 16000 }, { 15000, 16000 }, { 4096, 4096 }, { 1, 1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *buf;
		size_t len;

		write_bytes(t->path, cases[i][0], 'z');
		assert_int_equal(read_file(t->path, cases[i][1], &buf, &len), 0);
		assert_int_equal(len, cases[i][0]);
		assert_int_equal(buf[len - 1], 'z');
		assert_int_equal(buf[len], '\0');
		free(buf);
	}
}

static void test_read_file_missing_is_eio(void **state)
{
	struct tmpdir *t = *state;
	char *buf;
	size_t len;
	char missing[160];

	snprintf(missing, sizeof(missing), "%s/does-not-exist.yaml", t->dir);
	assert_int_equal(read_file(missing, 1000, &buf, &len), -DTBIND_EIO);
	assert_null(buf);
	assert_int_equal(errno, ENOENT);
}

static void test_read_file_directory_is_eio_with_eisdir(void **state)
{
	struct tmpdir *t = *state;
	char *buf;
	size_t len;

	assert_int_equal(read_file(t->dir, 1000, &buf, &len), -DTBIND_EIO);
	assert_null(buf);
	assert_int_equal(errno, EISDIR);
}

/* ---- edit_distance, str_ends_with, strerror ------------------------ */

static void read_back(const char *path, const char *want)
{
	char *buf;
	size_t len;

	assert_int_equal(read_file(path, 100, &buf, &len), 0);
	assert_string_equal(buf, want);
	free(buf);
}

/* WRITE_NO_REPLACE (doc2yaml without --force) keeps a file that exists; 0 replaces it. */
static void test_write_file_atomic_no_replace_keeps_the_old_file(void **state)
{
	struct tmpdir *t = *state;
	char b1[] = "one\n", b2[] = "two\n";
	struct strbuf one = { .buf = b1, .len = 4 }, two = { .buf = b2, .len = 4 };
	const struct strbuf *p1[] = { &one }, *p2[] = { &two };

	assert_int_equal(write_file_atomic(t->path, p1, 1, -1, WRITE_NO_REPLACE), 0);
	errno = 0;
	assert_int_equal(write_file_atomic(t->path, p2, 1, -1, WRITE_NO_REPLACE), -DTBIND_EIO);
	assert_int_equal(errno, EEXIST);
	read_back(t->path, "one\n");
	assert_int_equal(write_file_atomic(t->path, p2, 1, -1, 0), 0);
	read_back(t->path, "two\n");
	/* No temporary file is left behind: the directory holds the one file. */
	DIR *d = opendir(t->dir);
	struct dirent *de;
	int files = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		files += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
	closedir(d);
	assert_int_equal(files, 1);
}

/* WRITE_IF_CHANGED (doc2yaml --force) leaves a file with the same bytes as it is: same inode. */
static void test_write_file_atomic_if_changed_leaves_the_same_bytes(void **state)
{
	struct tmpdir *t = *state;
	char b1[] = "one\n", b2[] = "one\nmore\n", b3[] = "on";
	struct strbuf one = { .buf = b1, .len = 4 }, longer = { .buf = b2, .len = 9 },
		      prefix = { .buf = b3, .len = 2 };
	const struct strbuf *p1[] = { &one }, *p2[] = { &longer }, *p3[] = { &prefix };
	struct stat before, after;

	assert_int_equal(write_file_atomic(t->path, p1, 1, -1, WRITE_IF_CHANGED), 0);
	read_back(t->path, "one\n");
	assert_int_equal(stat(t->path, &before), 0);
	assert_int_equal(write_file_atomic(t->path, p1, 1, -1, WRITE_IF_CHANGED), 0);
	assert_int_equal(stat(t->path, &after), 0);
	assert_true(before.st_ino == after.st_ino);
	/* A file the new bytes start with, or that starts with them, is replaced. */
	assert_int_equal(write_file_atomic(t->path, p2, 1, -1, WRITE_IF_CHANGED), 0);
	read_back(t->path, "one\nmore\n");
	assert_int_equal(stat(t->path, &after), 0);
	assert_true(before.st_ino != after.st_ino);
	assert_int_equal(write_file_atomic(t->path, p3, 1, -1, WRITE_IF_CHANGED), 0);
	read_back(t->path, "on");
	/* The same bytes in another mode are written again, in the mode asked. */
	assert_int_equal(write_file_atomic(t->path, p3, 1, 0600, WRITE_IF_CHANGED), 0);
	assert_int_equal(stat(t->path, &after), 0);
	assert_int_equal(after.st_mode & 07777, 0600);
}

static void test_edit_distance_counts_edits(void **state)
{
	(void)state;
	assert_int_equal(edit_distance("kitten", "sitting", 10), 3);
	assert_int_equal(edit_distance("same", "same", 3), 0);
	assert_int_equal(edit_distance("", "", 0), 0);
	assert_int_equal(edit_distance("", "abc", 5), 3);
	assert_int_equal(edit_distance("reg", "regs", 2), 1);
	assert_int_equal(edit_distance("compatible", "compatibel", 3), 2);
	assert_int_equal(edit_distance("flaw", "lawn", 2), 2);
}

static void test_edit_distance_above_cap_is_cap_plus_one(void **state)
{
	(void)state;
	/* length difference alone exceeds the cap */
	assert_int_equal(edit_distance("a", "abcdef", 2), 3);
	/* every row exceeds the cap early */
	assert_int_equal(edit_distance("kitten", "sitting", 1), 2);
	/* only the last cell exceeds the cap: still cap + 1, not the distance */
	assert_int_equal(edit_distance("ac", "bbbb", 2), 3);
	assert_int_equal(edit_distance("ccb", "bbaaa", 2), 3);
	assert_int_equal(edit_distance("bbcabbb", "aabbaca", 4), 5);
	/* at the cap is not above it */
	assert_int_equal(edit_distance("kitten", "sitting", 3), 3);
}

static void test_edit_distance_gives_up_on_long_strings(void **state)
{
	char lng[300];

	(void)state;
	memset(lng, 'a', sizeof(lng) - 1);
	lng[sizeof(lng) - 1] = '\0';
	assert_int_equal(edit_distance(lng, lng, 4), 5);
}

static void test_str_ends_with(void **state)
{
	(void)state;
	assert_true(str_ends_with("a.json", ".json"));
	assert_true(str_ends_with(".json", ".json"));
	assert_true(str_ends_with("x", ""));
	assert_false(str_ends_with("json", ".json"));
	assert_false(str_ends_with("a.yaml", ".json"));
}

static void test_strerror_texts_for_both_signs(void **state)
{
	(void)state;
	assert_string_equal(dtbind_strerror(0), "success");
	assert_string_equal(dtbind_strerror(-DTBIND_ENOMEM), "out of memory");
	assert_string_equal(dtbind_strerror(DTBIND_ENOMEM), "out of memory");
	assert_string_equal(dtbind_strerror(-DTBIND_EIO), "input/output error");
	assert_string_equal(dtbind_strerror(-DTBIND_EPARSE), "parse error");
	assert_string_equal(dtbind_strerror(-DTBIND_ENOTFOUND), "not found");
	assert_string_equal(dtbind_strerror(-DTBIND_ELIMIT), "limit exceeded");
	assert_string_equal(dtbind_strerror(-DTBIND_EINVAL), "invalid argument");
	for (int e = 0; e < DTBIND_EMAX; e++) {
		assert_non_null(dtbind_strerror(e));
		assert_string_not_equal(dtbind_strerror(e), "unknown error");
	}
}

static void test_strerror_unknown_codes(void **state)
{
	(void)state;
	assert_string_equal(dtbind_strerror(DTBIND_EMAX), "unknown error");
	assert_string_equal(dtbind_strerror(-DTBIND_EMAX), "unknown error");
	assert_string_equal(dtbind_strerror(12345), "unknown error");
	assert_string_equal(dtbind_strerror(INT_MAX), "unknown error");
	assert_string_equal(dtbind_strerror(INT_MIN), "unknown error");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arena_returns_zeroed_16_aligned_distinct_blocks),
		cmocka_unit_test(test_arena_blocks_do_not_overlap),
		cmocka_unit_test(test_arena_large_allocation_gets_own_chunk_and_small_ones_continue),
		cmocka_unit_test(test_arena_chunks_start_small_and_double_to_chunk_size),
		cmocka_unit_test(test_arena_refuses_sizes_that_would_overflow),
		cmocka_unit_test(test_arena_strdup_strndup_copy_and_terminate),
		cmocka_unit_test(test_arena_printf_formats_short_and_long_strings),
		cmocka_unit_test(test_strbuf_empty_cstr_is_empty_string),
		cmocka_unit_test(test_strbuf_grows_and_keeps_content),
		cmocka_unit_test(test_strbuf_printf_longer_than_initial_capacity),
		cmocka_unit_test(test_strbuf_putn_keeps_embedded_nul),
		cmocka_unit_test(test_sb_json_string_escapes_quotes_backslash_and_whitespace),
		cmocka_unit_test(test_sb_json_string_escapes_control_chars_as_u00xx),
		cmocka_unit_test(test_hmap_empty_lookup_is_null),
		cmocka_unit_test(test_hmap_reserve_then_fill_does_not_grow),
		cmocka_unit_test(test_hmap_string_keys_compare_by_length_and_bytes),
		cmocka_unit_test(test_hmap_pointer_keys_compare_by_address),
		cmocka_unit_test(test_hmap_overwrite_replaces_value_without_new_entry),
		cmocka_unit_test(test_hmap_many_entries_survive_growth),
		cmocka_unit_test_setup_teardown(test_read_file_reads_whole_file_nul_terminated,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_file_empty_file_gives_empty_buffer,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_file_larger_than_limit_is_elimit,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_file_exactly_at_limit_is_read,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_file_missing_is_eio,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_read_file_directory_is_eio_with_eisdir,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_write_file_atomic_no_replace_keeps_the_old_file,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test_setup_teardown(test_write_file_atomic_if_changed_leaves_the_same_bytes,
						tmpdir_setup, tmpdir_teardown),
		cmocka_unit_test(test_edit_distance_counts_edits),
		cmocka_unit_test(test_edit_distance_above_cap_is_cap_plus_one),
		cmocka_unit_test(test_edit_distance_gives_up_on_long_strings),
		cmocka_unit_test(test_str_ends_with),
		cmocka_unit_test(test_strerror_texts_for_both_signs),
		cmocka_unit_test(test_strerror_unknown_codes),
	};

	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
