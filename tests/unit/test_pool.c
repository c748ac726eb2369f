// SPDX-License-Identifier: BSD-2-Clause
/* test_pool.c - forked workers: findings come back to the parent's sink, in item order. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dtbind.h"
#include "pool.h"

/* Item i reports i % 3 findings (a warning, then an error with a note), exit 1 when any. */
static int item(void *user, size_t i, struct dtbind_diag *diag)
{
	(void)user;
	if (i % 3 == 0)
		return 0;
	dtbind_diag_report(diag, DTBIND_WARNING, (struct dtbind_loc){ "b.dts", (uint32_t)i, 2 },
			   "dt-schema", "item %zu warns (pid-independent)", i);
	if (i % 3 == 2) {
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ "b.dtsi", 7, 1 },
				   "dtb", "item %zu fails", i);
		dtbind_diag_report(diag, DTBIND_NOTE, (struct dtbind_loc){ "b.dtsi", 8, 1 }, NULL,
				   "because");
	}
	return 1;
}

/* The output, counts and status of @n items in @jobs workers. */
static char *run(unsigned jobs, size_t n, enum dtbind_format fmt, bool werror, int *status,
		 unsigned *errors)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct dtbind_diag *d;

	assert_non_null(out);
	d = dtbind_diag_new(out, fmt);
	assert_non_null(d);
	dtbind_diag_set_werror(d, werror);
	*status = dtbind_pool_run(d, n, jobs, item, NULL);
	*errors = dtbind_diag_count(d, DTBIND_ERROR);
	dtbind_diag_free(d);
	fclose(out);
	return text;
}

static void test_workers_print_what_one_process_prints(void **state)
{
	int s1, s3;
	unsigned e1, e3;

	(void)state;
	for (int fmt = DTBIND_FORMAT_GCC; fmt <= DTBIND_FORMAT_JSON; fmt++) {
		char *serial = run(1, 40, (enum dtbind_format)fmt, false, &s1, &e1);
		char *pooled = run(3, 40, (enum dtbind_format)fmt, false, &s3, &e3);

		assert_true(strlen(serial) > 1000);
		assert_string_equal(pooled, serial);
		assert_int_equal(s3, 1);
		assert_int_equal(s1, 1);
		assert_int_equal(e3, 13);	/* items 2, 5, ..., 38: counted in the parent */
		assert_int_equal(e1, e3);
		free(serial);
		free(pooled);
	}
}

static void test_werror_applies_to_worker_findings(void **state)
{
	int s;
	unsigned e;
	char *text = run(4, 9, DTBIND_FORMAT_JSON, true, &s, &e);

	(void)state;
	assert_int_equal(e, 6 + 3);	/* 6 warnings promoted, 3 errors */
	assert_null(strstr(text, "\"severity\":\"warning\""));
	assert_non_null(strstr(text, "{\"file\":\"b.dts\",\"line\":1,\"col\":2,\"severity\":\"error\","
				     "\"rule\":\"dt-schema\",\"message\":\"item 1 warns"));
	free(text);
}

static void test_more_workers_than_items_and_no_items(void **state)
{
	int s;
	unsigned e;
	char *text = run(8, 3, DTBIND_FORMAT_GCC, false, &s, &e);

	(void)state;
	assert_string_equal(text, "b.dts:1:2: warning: item 1 warns (pid-independent) [dt-schema]\n"
				  "b.dts:2:2: warning: item 2 warns (pid-independent) [dt-schema]\n"
				  "b.dtsi:7:1: error: item 2 fails [dtb]\n"
				  "b.dtsi:8:1: note: because\n");
	assert_int_equal(s, 1);
	free(text);
	text = run(4, 0, DTBIND_FORMAT_GCC, false, &s, &e);
	assert_string_equal(text, "");
	assert_int_equal(s, 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_workers_print_what_one_process_prints),
		cmocka_unit_test(test_werror_applies_to_worker_findings),
		cmocka_unit_test(test_more_workers_than_items_and_no_items),
	};

	return cmocka_run_group_tests_name("pool", tests, NULL, NULL);
}
