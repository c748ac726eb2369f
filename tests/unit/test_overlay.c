// SPDX-License-Identifier: BSD-2-Clause
/* test_overlay.c - files in memory over the file system (lib/overlay.c). */
#define _GNU_SOURCE
#include <errno.h>
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

/* A directory on disk: tree/a.yaml, tree/b.yaml, tree/sub/c.yaml, tree/notes.txt. */
struct fixture {
	char dir[64];
	char *tree;
	struct fs_overlay *o;
};

static void write_text(const char *dir, const char *name, const char *text)
{
	char *p;
	FILE *f;

	assert_true(asprintf(&p, "%s/%s", dir, name) > 0);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(p);
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	char *sub;

	if (!f)
		return -1;
	strcpy(f->dir, "/tmp/dtbind-test-overlay-XXXXXX");
	if (!mkdtemp(f->dir) || asprintf(&f->tree, "%s/tree", f->dir) < 0 ||
	    asprintf(&sub, "%s/sub", f->tree) < 0)
		return -1;
	mkdir(f->tree, 0700);
	mkdir(sub, 0700);
	free(sub);
	write_text(f->tree, "a.yaml", "disk a\n");
	write_text(f->tree, "b.yaml", "disk b\n");
	write_text(f->tree, "sub/c.yaml", "disk c\n");
	write_text(f->tree, "notes.txt", "notes\n");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char *cmd;

	fs_overlay_use(NULL);
	fs_overlay_free(f->o);
	if (asprintf(&cmd, "rm -rf '%s'", f->dir) > 0) {
		assert_int_equal(system(cmd), 0);
		free(cmd);
	}
	free(f->tree);
	free(f);
	return 0;
}

static char *path_of(const char *dir, const char *name)
{
	char *p;

	assert_true(asprintf(&p, "%s/%s", dir, name) > 0);
	return p;
}

/* read_file() of @dir/@name, "" when absent. */
static char *read_of(const char *dir, const char *name)
{
	char *p = path_of(dir, name), *buf = NULL;
	size_t len;

	if (read_file(p, 1000, &buf, &len))
		buf = strdup("");
	free(p);
	return buf;
}

static void assert_reads(const char *dir, const char *name, const char *want)
{
	char *got = read_of(dir, name);

	assert_string_equal(got, want);
	free(got);
}

struct names {
	char buf[512];
};

static int collect(void *ctx, char *path, const struct stat *st)
{
	struct names *n = ctx;

	assert_true(S_ISREG(st->st_mode));
	strcat(n->buf, strrchr(path, '/') + 1);
	strcat(n->buf, " ");
	free(path);
	return 0;
}

static bool yaml_only(const char *name)
{
	return str_ends_with(name, ".yaml");
}

/* The walk of @dir, file names in walk order. */
static void assert_walk(const char *dir, const char *want)
{
	struct names n = { "" };

	assert_int_equal(walk_tree(dir, yaml_only, collect, &n), 0);
	assert_string_equal(n.buf, want);
}

static void test_overlay_files_read_from_memory_only_while_in_use(void **state)
{
	struct fixture *f = *state;
	char *a = path_of(f->tree, "a.yaml");

	assert_non_null(f->o = fs_overlay_new(NULL));
	assert_int_equal(fs_overlay_put(f->o, a, "memory a\n", 9), 0);
	assert_reads(f->tree, "a.yaml", "disk a\n");
	assert_null(fs_overlay_use(f->o));
	assert_reads(f->tree, "a.yaml", "memory a\n");
	assert_reads(f->tree, "b.yaml", "disk b\n");
	assert_ptr_equal(fs_overlay_use(NULL), f->o);
	assert_reads(f->tree, "a.yaml", "disk a\n");
	free(a);
}

static void test_overlay_paths_match_however_spelled(void **state)
{
	struct fixture *f = *state;
	char *a = path_of(f->tree, "sub/../a.yaml"), *cwd = getcwd(NULL, 0);

	assert_non_null(f->o = fs_overlay_new(NULL));
	assert_int_equal(fs_overlay_put(f->o, a, "memory a\n", 9), 0);
	fs_overlay_use(f->o);
	assert_reads(f->tree, "./a.yaml", "memory a\n");
	assert_reads(f->tree, "sub//../a.yaml", "memory a\n");
	/* Relative paths are taken from the current directory. */
	assert_int_equal(chdir(f->tree), 0);
	assert_reads(".", "a.yaml", "memory a\n");
	assert_int_equal(chdir(cwd), 0);
	free(cwd);
	free(a);
}

static void test_overlay_removed_file_is_gone_and_new_files_are_walked(void **state)
{
	struct fixture *f = *state;
	char *b = path_of(f->tree, "b.yaml"), *n = path_of(f->tree, "new/d.yaml");
	struct stat st;

	assert_non_null(f->o = fs_overlay_new(NULL));
	assert_int_equal(fs_overlay_remove(f->o, b), 0);
	assert_int_equal(fs_overlay_put(f->o, n, "d\n", 2), 0);
	assert_walk(f->tree, "a.yaml b.yaml c.yaml ");
	fs_overlay_use(f->o);
	errno = 0;
	assert_int_equal(fs_stat(b, &st), -1);
	assert_int_equal(errno, ENOENT);
	assert_reads(f->tree, "b.yaml", "");
	/* Sorted as on disk: a.yaml, new/, sub/. */
	assert_walk(f->tree, "a.yaml d.yaml c.yaml ");
	assert_true(is_dir(f->tree));
	assert_true(is_dir(n) == false);
	free(b);
	free(n);
}

static void test_overlay_top_holds_only_its_entries(void **state)
{
	struct fixture *f = *state;
	struct stat st;

	assert_non_null(f->o = fs_overlay_new("/dtbind-test-top"));
	assert_int_equal(fs_overlay_put(f->o, "/dtbind-test-top/x/y.yaml", "y\n", 2), 0);
	assert_int_equal(fs_overlay_mkdir(f->o, "/dtbind-test-top/empty"), 0);
	fs_overlay_use(f->o);
	assert_true(is_dir("/dtbind-test-top"));
	assert_true(is_dir("/dtbind-test-top/x"));
	assert_true(is_dir("/dtbind-test-top/empty"));
	assert_int_equal(fs_stat("/dtbind-test-top/x/y.yaml", &st), 0);
	assert_int_equal(st.st_size, 2);
	assert_int_equal(fs_stat("/dtbind-test-top/x/z.yaml", &st), -1);
	assert_reads("/dtbind-test-top/x", "y.yaml", "y\n");
	assert_walk("/dtbind-test-top", "y.yaml ");
	/* Paths in memory are their own real paths. */
	char *r = real_path("/dtbind-test-top/x/../x/y.yaml");

	assert_string_equal(r, "/dtbind-test-top/x/y.yaml");
	free(r);
	assert_null(real_path("/dtbind-test-top/nothing"));
}

static void test_overlay_mirror_and_link_show_the_disk_as_symlinks_would(void **state)
{
	struct fixture *f = *state;
	char *real_a = realpath(f->tree, NULL), *want, *r;

	assert_non_null(f->o = fs_overlay_new("/dtbind-test-top"));
	/* A directory whose entries are the tree's, one of them changed. */
	assert_int_equal(fs_overlay_mirror(f->o, "/dtbind-test-top/m", f->tree), 0);
	assert_int_equal(fs_overlay_put(f->o, "/dtbind-test-top/m/sub/c.yaml", "memory c\n", 9), 0);
	/* One file that reads as the tree's a.yaml. */
	assert_non_null(want = path_of(f->tree, "a.yaml"));
	assert_int_equal(fs_overlay_link(f->o, "/dtbind-test-top/l/a.yaml", want), 0);
	fs_overlay_use(f->o);
	assert_reads("/dtbind-test-top/m", "b.yaml", "disk b\n");
	assert_reads("/dtbind-test-top/m", "sub/c.yaml", "memory c\n");
	assert_reads("/dtbind-test-top/l", "a.yaml", "disk a\n");
	assert_walk("/dtbind-test-top/m", "a.yaml b.yaml c.yaml ");
	/* The mirror itself is the overlay's; what shows through it resolves to the disk. */
	r = real_path("/dtbind-test-top/m");
	assert_string_equal(r, "/dtbind-test-top/m");
	free(r);
	free(want);
	assert_true(asprintf(&want, "%s/b.yaml", real_a) > 0);
	r = real_path("/dtbind-test-top/m/b.yaml");
	assert_string_equal(r, want);
	free(r);
	free(want);
	assert_true(asprintf(&want, "%s/a.yaml", real_a) > 0);
	r = real_path("/dtbind-test-top/l/a.yaml");
	assert_string_equal(r, want);
	free(r);
	free(want);
	free(real_a);
}

static void test_overlay_read_respects_the_size_limit(void **state)
{
	struct fixture *f = *state;
	char big[2000], *buf;
	size_t len;

	memset(big, 'x', sizeof(big));
	assert_non_null(f->o = fs_overlay_new("/dtbind-test-top"));
	assert_int_equal(fs_overlay_put(f->o, "/dtbind-test-top/big", big, sizeof(big)), 0);
	fs_overlay_use(f->o);
	assert_int_equal(read_file("/dtbind-test-top/big", 1000, &buf, &len), -DTBIND_ELIMIT);
	assert_null(buf);
	assert_int_equal(read_file("/dtbind-test-top", 1000, &buf, &len), -DTBIND_EIO);
	assert_int_equal(errno, EISDIR);
}

static void test_norm_path_folds_dots(void **state)
{
	char *p;

	(void)state;
	p = fs_norm_path("/a/./b//../c/");
	assert_string_equal(p, "/a/c");
	free(p);
	p = fs_norm_path("/../..");
	assert_string_equal(p, "/");
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_overlay_files_read_from_memory_only_while_in_use,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_overlay_paths_match_however_spelled, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_overlay_removed_file_is_gone_and_new_files_are_walked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overlay_top_holds_only_its_entries, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_overlay_mirror_and_link_show_the_disk_as_symlinks_would, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overlay_read_respects_the_size_limit, setup,
						teardown),
		cmocka_unit_test(test_norm_path_folds_dots),
	};

	return cmocka_run_group_tests_name("overlay", tests, NULL, NULL);
}
