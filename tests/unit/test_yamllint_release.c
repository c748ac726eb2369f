// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_yamllint_release.c - the yamllint rules as 1.29 and as 1.38 apply
 * them, on the cases of tests/yamllint/release/: NAME.yaml checked with
 * NAME.conf must give exactly NAME.1.29 and NAME.1.38, which regen.sh there
 * recorded from the real yamllint 1.29 and 1.38.  "config-error: MESSAGE"
 * means that release rejects the configuration with MESSAGE; "crash: ..."
 * means it crashed (nothing to compare with; dtbind must still not crash).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dtbind.h"
#include "internal.h"
#include "lint/yamllint.h"

#define CASES "tests/yamllint/release"

static char *slurp(const char *dir, const char *name, const char *ext)
{
	char path[512];
	char *buf;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s%s", dir, name, ext);
	if (read_file(path, 1 << 20, &buf, &len))
		return NULL;
	return buf;
}

/* One case under one release; returns 0 when dtbind says what yamllint said. */
static int run_case(const char *name, enum yamllint_release rel, const char *relname)
{
	char conf[512], file[256];
	char *expected = slurp(CASES, name, relname), *text = NULL, *input;
	size_t len = 0, inlen;
	FILE *out = open_memstream(&text, &len);
	struct dtbind_diag *diag = out ? dtbind_diag_new(out, DTBIND_FORMAT_GCC) : NULL;
	struct yamllint_config *cfg = NULL;
	int ret = 0, bad = 0;

	assert_non_null(expected);
	assert_non_null(diag);
	snprintf(conf, sizeof(conf), "%s/%s.conf", CASES, name);
	snprintf(file, sizeof(file), "%s/%s.yaml", CASES, name);
	ret = yamllint_config_load_release(conf, rel, diag, &cfg);
	if (!strncmp(expected, "config-error: ", 14)) {
		/* rejected, with yamllint's words (ours add a location) */
		fflush(out);
		expected[strcspn(expected, "\n")] = 0;
		if (ret == 0 || !text || !strstr(text, expected + 14)) {
			fprintf(stderr, "%s %s: expected \"%s\", got (%d) \"%s\"\n", name, relname + 1,
				expected + 14, ret, text ? text : "");
			bad = 1;
		}
		goto out;
	}
	if (ret) {
		fflush(out);
		fprintf(stderr, "%s %s: configuration rejected: %s\n", name, relname + 1, text);
		bad = 1;
		goto out;
	}
	assert_int_equal(read_file(file, 1 << 20, &input, &inlen), 0);
	snprintf(file, sizeof(file), "%s.yaml", name);
	ret = yamllint_check(cfg, file, input, inlen, diag);
	free(input);
	fflush(out);
	if (ret < 0 || (strncmp(expected, "crash: ", 7) && strcmp(text ? text : "", expected))) {
		fprintf(stderr, "%s %s: expected\n%s--- dtbind:\n%s", name, relname + 1, expected,
			text ? text : "");
		bad = 1;
	}
out:
	yamllint_config_free(cfg);
	dtbind_diag_free(diag);
	fclose(out);
	free(text);
	free(expected);
	return bad;
}

static void test_cases(void **state)
{
	DIR *d = opendir(CASES);
	struct dirent *e;
	int n = 0, bad = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		char name[256];

		if (l < 6 || l >= sizeof(name) || strcmp(e->d_name + l - 5, ".yaml"))
			continue;
		memcpy(name, e->d_name, l - 5);
		name[l - 5] = 0;
		bad += run_case(name, YAMLLINT_1_29, ".1.29");
		bad += run_case(name, YAMLLINT_1_38, ".1.38");
		n++;
	}
	closedir(d);
	assert_true(n >= 20);
	assert_int_equal(bad, 0);
}

/* The release a configuration was loaded as, and the default: 1.29. */
static void test_release_of_config(void **state)
{
	struct yamllint_config *cfg = NULL;

	(void)state;
	assert_int_equal(yamllint_config_load_string("c", "rules: {}", 9, NULL, &cfg), 0);
	assert_int_equal(yamllint_config_release(cfg), YAMLLINT_1_29);
	yamllint_config_free(cfg);
	assert_int_equal(yamllint_config_load_string_release("c", "rules: {anchors: enable}", 24,
							     YAMLLINT_1_38, NULL, &cfg), 0);
	assert_int_equal(yamllint_config_release(cfg), YAMLLINT_1_38);
	yamllint_config_free(cfg);
	assert_int_equal(yamllint_config_load_string_release("c", "rules: {anchors: enable}", 24,
							     YAMLLINT_1_29, NULL, &cfg),
			 -DTBIND_EINVAL);
	assert_null(cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_release_of_config),
	};

	return cmocka_run_group_tests_name("yamllint_release", tests, NULL, NULL);
}
