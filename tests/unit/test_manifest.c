// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_manifest.c - the schema cache's manifest (lib/schemamanifest.c):
 * stamps trusted only when older than the listing by more than the racy
 * window, directories listed again only when their stamps moved or are
 * racy, and added, removed and renamed files seen.
 */
#define _GNU_SOURCE
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

#include "dtschema-private.h"

#define SECOND 1000000000ll

struct fixture {
	char root[64];
	struct arena arena;
	struct strbuf idx;
};

static void write_text(const char *root, const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char sub[96];

	if (!fx)
		return -1;
	snprintf(fx->root, sizeof(fx->root), "/tmp/dtbind-manifest-XXXXXX");
	if (!mkdtemp(fx->root))
		return -1;
	snprintf(sub, sizeof(sub), "%s/misc", fx->root);
	mkdir(sub, 0755);
	write_text(fx->root, "top.yaml", "title: top\n");
	write_text(fx->root, "misc/widget.yaml", "title: widget\n");
	write_text(fx->root, "misc/notes.txt", "not a binding\n");
	arena_init(&fx->arena, 4096);
	sb_init(&fx->idx);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fx->root);
	if (system(cmd) != 0)
		return -1;
	arena_release(&fx->arena);
	sb_free(&fx->idx);
	free(fx);
	return 0;
}

/* No file gives a binding here: only the manifest is under test. */
static uint32_t no_binding(void *ctx, const struct source_file *f)
{
	(void)ctx;
	(void)f;
	return 0;
}

/*
 * The tree listed now, its files hashed (or given @wrong_hash), written as a
 * manifest and read back as if its listing had begun @shift ns later; with
 * @drop, that file is left out, as a listing made just before it appeared.
 */
static void record(struct fixture *fx, int64_t shift, bool wrong_hash, const char *drop,
		   struct manifest *m)
{
	struct source_tree t;
	struct reader r;

	assert_int_equal(source_tree_collect(fx->root, &t), 0);
	for (size_t i = 0; i < t.n; i++) {
		char *buf;
		size_t len;

		assert_int_equal(read_file(t.files[i].path, 1 << 20, &buf, &len), 0);
		t.files[i].hash = wrong_hash ? 0 : hash64(0, buf, len);
		free(buf);
		if (drop && str_ends_with(t.files[i].path, drop)) {
			free(t.files[i].path);
			memmove(&t.files[i], &t.files[i + 1], (t.n - i - 1) * sizeof(t.files[0]));
			t.n--;
			i--;
		}
	}
	sb_free(&fx->idx);
	sb_init(&fx->idx);
	manifest_put(&fx->idx, fx->root, &t, no_binding, NULL);
	r = (struct reader){ (const unsigned char *)fx->idx.buf,
			     (const unsigned char *)fx->idx.buf + fx->idx.len, false };
	assert_true(manifest_get(&r, &fx->arena, t.listed + shift, m));
	source_tree_free(&t);
}

static void test_lists_directories_and_files(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;

	record(fx, 0, false, NULL, &m);
	assert_int_equal(m.n_dirs, 2);
	assert_string_equal(m.dirs[0].rel, "");
	assert_string_equal(m.dirs[1].rel, "/misc");
	assert_int_equal(m.dirs[1].parent, 0);
	/* in path order, the .txt left out */
	assert_int_equal(m.n_files, 2);
	assert_string_equal(m.files[0].rel, "/misc/widget.yaml");
	assert_int_equal(m.files[0].dir, 1);
	assert_string_equal(m.files[1].rel, "/top.yaml");
	assert_int_equal(m.files[1].dir, 0);
}

static void test_settled_stamps_are_trusted(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;
	bool stale;

	/* Listed 10 s after the files were written: the stamps alone decide, no file is read. */
	record(fx, 10 * SECOND, true, NULL, &m);
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	assert_false(stale);
}

static void test_racy_file_is_hashed(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;
	bool stale;

	/* Written within the racy window of the listing: the content is read. */
	record(fx, 0, true, NULL, &m);
	assert_false(manifest_unchanged(&m, fx->root, &stale));
	record(fx, 0, false, NULL, &m);
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	assert_true(stale);
}

static void test_racy_directory_is_listed(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;
	bool stale;

	/*
	 * A listing that missed misc/widget.yaml with the directory's stamps
	 * as they are now, as when the file appears in the same tick just after
	 * the listing: trusted if the stamps were old enough (which then they
	 * could not be), listed again when racy.
	 */
	record(fx, 10 * SECOND, false, "widget.yaml", &m);
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	record(fx, 0, false, "widget.yaml", &m);
	assert_false(manifest_unchanged(&m, fx->root, &stale));
}

/*
 * Past the file system's timestamp tick (jiffies: 4 ms at HZ=250): a change
 * made after a listing that claims to be 10 s later must show in the stamps.
 */
static void next_tick(void)
{
	usleep(20000);
}

static void test_changes_are_seen(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;
	char from[128], to[128];
	bool stale;

	record(fx, 10 * SECOND, false, NULL, &m);
	next_tick();
	write_text(fx->root, "misc/gadget.yaml", "title: gadget\n");
	assert_false(manifest_unchanged(&m, fx->root, &stale));	/* added */
	record(fx, 10 * SECOND, false, NULL, &m);
	snprintf(from, sizeof(from), "%s/misc/gadget.yaml", fx->root);
	snprintf(to, sizeof(to), "%s/misc/gizmo.yaml", fx->root);
	next_tick();
	assert_int_equal(rename(from, to), 0);
	assert_false(manifest_unchanged(&m, fx->root, &stale));	/* renamed */
	record(fx, 10 * SECOND, false, NULL, &m);
	next_tick();
	assert_int_equal(unlink(to), 0);
	assert_false(manifest_unchanged(&m, fx->root, &stale));	/* removed */
	record(fx, 10 * SECOND, false, NULL, &m);
	next_tick();
	write_text(fx->root, "misc/.widget.yaml.swp", "an editor's\n");
	/* An entry the walk skips: listed again, the same files, stale stamps. */
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	assert_true(stale);
	next_tick();
	write_text(fx->root, "misc/widget.yaml", "title: widget 2\n");
	assert_false(manifest_unchanged(&m, fx->root, &stale));	/* edited */
}

/* Each file is looked up from its own directory's descriptor: two levels down, and the root's. */
static void test_nested_edits_are_seen(void **state)
{
	struct fixture *fx = *state;
	struct manifest m;
	char deep[128];
	bool stale;

	snprintf(deep, sizeof(deep), "%s/misc/deep", fx->root);
	assert_int_equal(mkdir(deep, 0755), 0);
	write_text(fx->root, "misc/deep/part.yaml", "title: part\n");
	record(fx, 10 * SECOND, false, NULL, &m);
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	assert_false(stale);
	next_tick();
	write_text(fx->root, "misc/deep/part.yaml", "title: PART\n");	/* same size */
	assert_false(manifest_unchanged(&m, fx->root, &stale));
	record(fx, 10 * SECOND, false, NULL, &m);
	assert_true(manifest_unchanged(&m, fx->root, &stale));
	next_tick();
	write_text(fx->root, "top.yaml", "title: TOP\n");
	assert_false(manifest_unchanged(&m, fx->root, &stale));
	record(fx, 10 * SECOND, false, NULL, &m);
	/* a directory removed with the file in it */
	char cmd[192];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", deep);
	assert_int_equal(system(cmd), 0);
	assert_false(manifest_unchanged(&m, fx->root, &stale));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_lists_directories_and_files, setup, teardown),
		cmocka_unit_test_setup_teardown(test_settled_stamps_are_trusted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_racy_file_is_hashed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_racy_directory_is_listed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_changes_are_seen, setup, teardown),
		cmocka_unit_test_setup_teardown(test_nested_edits_are_seen, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
