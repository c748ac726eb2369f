// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_generation.c - which dt-schema generation a bindings tree gets, and
 * which built-in schema file a generation reads.
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

#include "dtbind.h"
#include "internal.h"

/* A bindings directory whose Makefile holds @text; returns its path (malloc'd). */
static char *tree_with_makefile(const char *text)
{
	char tmpl[] = "/tmp/dtbind-gen-XXXXXX", *dir, *mk;
	FILE *f;

	dir = mkdtemp(tmpl);
	assert_non_null(dir);
	dir = strdup(dir);
	assert_true(asprintf(&mk, "%s/Makefile", dir) > 0);
	if (text) {
		f = fopen(mk, "w");
		assert_non_null(f);
		fputs(text, f);
		fclose(f);
	}
	free(mk);
	return dir;
}

static void tree_remove(char *dir)
{
	char *mk;

	assert_true(asprintf(&mk, "%s/Makefile", dir) > 0);
	unlink(mk);
	free(mk);
	rmdir(dir);
	free(dir);
}

/* The opening of the bindings Makefile of kernel 6.1 and of 6.12, as they are. */
#define MK_HEAD "# SPDX-License-Identifier: GPL-2.0\nDT_DOC_CHECKER ?= dt-doc-validate\n\n"
#define MK_TAIL "\ncheck_dtschema_version:\n\t@{ echo $(DT_SCHEMA_MIN_VERSION); \\\n" \
		"\t$(DT_DOC_CHECKER) --version 2>/dev/null || echo 0; } | sort -Vc >/dev/null || \\\n"
static const char mk_61[] = MK_HEAD "DT_SCHEMA_MIN_VERSION = 2022.3\n" MK_TAIL;
static const char mk_612[] = MK_HEAD "DT_SCHEMA_MIN_VERSION = 2023.9\n" MK_TAIL;

static void test_gen_min_version_read_from_makefile(void **state)
{
	char *t61 = tree_with_makefile(mk_61), *t612 = tree_with_makefile(mk_612);
	char *tnone = tree_with_makefile(MK_HEAD MK_TAIL), *tmissing = tree_with_makefile(NULL);

	(void)state;
	assert_int_equal(dtbind_gen_tree_min_version(t61), 202203);
	assert_int_equal(dtbind_gen_tree_min_version(t612), 202309);
	/* a use of the variable is no assignment; no Makefile at all reads as none */
	assert_int_equal(dtbind_gen_tree_min_version(tnone), 0);
	assert_int_equal(dtbind_gen_tree_min_version(tmissing), 0);
	assert_int_equal(dtbind_gen_tree_min_version(NULL), 0);
	tree_remove(t61);
	tree_remove(t612);
	tree_remove(tnone);
	tree_remove(tmissing);
}

static void test_gen_choose_by_tree_and_override(void **state)
{
	char *t61 = tree_with_makefile(mk_61), *t612 = tree_with_makefile(mk_612);
	char *tnew = tree_with_makefile("DT_SCHEMA_MIN_VERSION := 2025.12\n");
	char *told = tree_with_makefile("DT_SCHEMA_MIN_VERSION ?= 2023.8\n");
	char *tnone = tree_with_makefile(NULL);

	(void)state;
	assert_int_equal(dtbind_gen_choose(t61, DTBIND_GEN_AUTO), DTBIND_GEN_2022_08);
	assert_int_equal(dtbind_gen_choose(t612, DTBIND_GEN_AUTO), DTBIND_GEN_2026_06);
	assert_int_equal(dtbind_gen_choose(tnew, DTBIND_GEN_AUTO), DTBIND_GEN_2026_06);
	assert_int_equal(dtbind_gen_choose(told, DTBIND_GEN_AUTO), DTBIND_GEN_2022_08);
	assert_int_equal(dtbind_gen_choose(tnone, DTBIND_GEN_AUTO), DTBIND_GEN_2026_06);
	assert_int_equal(dtbind_gen_choose(NULL, DTBIND_GEN_AUTO), DTBIND_GEN_2026_06);
	/* --dtschema wins over the tree either way */
	assert_int_equal(dtbind_gen_choose(t61, DTBIND_GEN_2026_06), DTBIND_GEN_2026_06);
	assert_int_equal(dtbind_gen_choose(t612, DTBIND_GEN_2022_08), DTBIND_GEN_2022_08);
	assert_int_equal(dtbind_gen_choose(NULL, DTBIND_GEN_2022_08), DTBIND_GEN_2022_08);
	tree_remove(t61);
	tree_remove(t612);
	tree_remove(tnew);
	tree_remove(told);
	tree_remove(tnone);
}

/* The real kernel trees, when the corpus is extracted (sh ../shared/corpus.sh VERSION). */
static void check_kernel(const char *version, enum dtbind_gen want)
{
	const char *home = getenv("HOME");
	char *root;
	struct stat st;

	assert_true(asprintf(&root, "%s/.cache/dtbind-corpus/linux-%s/Documentation/devicetree/bindings",
			     home ? home : "/nonexistent", version) > 0);
	if (stat(root, &st)) {
		free(root);
		skip();
	}
	assert_int_equal(dtbind_gen_choose(root, DTBIND_GEN_AUTO), want);
	free(root);
}

static void test_gen_kernel_6_1_is_2022_08(void **state)
{
	(void)state;
	check_kernel("6.1", DTBIND_GEN_2022_08);
}

static void test_gen_kernel_6_12_is_2026_06(void **state)
{
	(void)state;
	check_kernel("6.12", DTBIND_GEN_2026_06);
}

static void test_gen_names_round_trip(void **state)
{
	enum dtbind_gen g = DTBIND_GEN_AUTO;

	(void)state;
	assert_true(dtbind_gen_parse("2022.08", &g));
	assert_int_equal(g, DTBIND_GEN_2022_08);
	assert_string_equal(dtbind_gen_name(g), "2022.08");
	assert_true(dtbind_gen_parse("2026.06", &g));
	assert_int_equal(g, DTBIND_GEN_2026_06);
	assert_string_equal(dtbind_gen_name(g), "2026.06");
	assert_true(dtbind_gen_parse("auto", &g));
	assert_int_equal(g, DTBIND_GEN_AUTO);
	assert_false(dtbind_gen_parse("2024.01", &g));
	assert_false(dtbind_gen_parse("", &g));
	assert_false(dtbind_gen_parse(NULL, &g));
}

/* A file no overlay replaces is the base file in both generations. */
static void test_gen_base_file_shared(void **state)
{
	const struct embedded_file *old = embedded_find_gen("core/types.yaml", DTBIND_GEN_2022_08);

	(void)state;
	assert_non_null(old);
	assert_string_equal(old->path, "core/types.yaml");
	assert_null(embedded_find_gen("core/no-such-file.yaml", DTBIND_GEN_2026_06));
}

/* Every file a generation walks is found again by its relative path, once. */
static void check_walk(enum dtbind_gen gen, const char *prefix)
{
	const struct embedded_file *ef;
	size_t i = 0, n = 0;

	while ((ef = embedded_next(prefix, gen, &i))) {
		const char *rel = strncmp(ef->path, "2026.06/", 8) ? ef->path : ef->path + 8;

		assert_int_equal(strncmp(rel, prefix, strlen(prefix)), 0);
		assert_ptr_equal(embedded_find_gen(rel, gen), ef);
		if (gen == DTBIND_GEN_2022_08)
			assert_int_not_equal(strncmp(ef->path, "2026.06/", 8), 0);
		n++;
	}
	assert_true(n > 10);
}

static void test_gen_walk_core_and_meta(void **state)
{
	(void)state;
	check_walk(DTBIND_GEN_2022_08, "core/");
	check_walk(DTBIND_GEN_2026_06, "core/");
	check_walk(DTBIND_GEN_2022_08, "meta/");
	check_walk(DTBIND_GEN_2026_06, "meta/");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gen_min_version_read_from_makefile),
		cmocka_unit_test(test_gen_choose_by_tree_and_override),
		cmocka_unit_test(test_gen_kernel_6_1_is_2022_08),
		cmocka_unit_test(test_gen_kernel_6_12_is_2026_06),
		cmocka_unit_test(test_gen_names_round_trip),
		cmocka_unit_test(test_gen_base_file_shared),
		cmocka_unit_test(test_gen_walk_core_and_meta),
	};

	return cmocka_run_group_tests_name("generation", tests, NULL, NULL);
}
