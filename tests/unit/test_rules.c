// SPDX-License-Identifier: BSD-2-Clause
/* test_rules.c - the rule registry and the -W/-E/-Wno/-Werror parser every command shares. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"

static void test_every_rule_once_with_tools_and_help(void **state)
{
	size_t n;
	const struct dtbind_rule *r = dtbind_rules(&n);

	(void)state;
	assert_true(n > 60);
	for (size_t i = 0; i < n; i++) {
		assert_true(r[i].tools && !(r[i].tools & ~DTBIND_TOOL_ALL));
		assert_true(r[i].severity == DTBIND_ERROR || r[i].severity == DTBIND_WARNING);
		assert_true(strlen(r[i].summary) > 10);
		assert_ptr_equal(dtbind_rule_find(r[i].name), &r[i]);	/* no two alike */
	}
}

/* Rules that were reported but listed nowhere before the registry. */
static void test_rules_used_by_the_foundation_are_listed(void **state)
{
	static const char *const used[] = {
		"dt-schema", "undocumented-compatible", "schema-cache", "example-schema", "io",
		"dtb", "dt-decode", "schema-ignored", "duplicate-id", "yaml-syntax", "jsonschema",
		"schema", "braces", "truthy", "UNDOCUMENTED_DT_STRING", "doc2yaml-exampletest",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(used) / sizeof(used[0]); i++)
		assert_non_null(dtbind_rule_find(used[i]));
	assert_true(dtbind_rule_find("dt-schema")->tools == DTBIND_TOOL_VALIDATE);
	assert_true(dtbind_rule_find("quotes")->off);
}

static void test_one_matcher_case_and_separators(void **state)
{
	(void)state;
	assert_ptr_equal(dtbind_rule_find("undocumented-dt-string"),
			 dtbind_rule_find("UNDOCUMENTED_DT_STRING"));
	assert_ptr_equal(dtbind_rule_find("Example_Schema"), dtbind_rule_find("example-schema"));
	assert_null(dtbind_rule_find("example-schem"));
	assert_null(dtbind_rule_find("example-schemas"));
	assert_true(dtbind_rule_name_equal("a_b", "A-B"));
	assert_false(dtbind_rule_name_equal("a", ""));
}

static void test_options_map_to_severities(void **state)
{
	struct cli_rules r = { .cmd = "validate", .accept = DTBIND_TOOL_VALIDATE };

	(void)state;
	assert_true(cli_rules_option(&r, 'W', "undocumented_compatible"));
	assert_true(cli_rules_option(&r, 'W', "no-dt-schema"));
	assert_true(cli_rules_option(&r, 'E', "undocumented-compatible"));
	assert_true(cli_rules_option(&r, 'E', "no-dt-decode"));
	assert_true(cli_rules_option(&r, 'W', "error=dtb"));
	assert_true(cli_rules_option(&r, 'W', "error"));
	assert_int_equal(r.n, 5);
	assert_string_equal(r.v[0].rule, "undocumented-compatible");	/* registry spelling */
	assert_int_equal(r.v[0].severity, DTBIND_WARNING);
	assert_int_equal(r.v[1].severity, -1);
	assert_int_equal(r.v[2].severity, DTBIND_ERROR);
	assert_int_equal(r.v[3].severity, DTBIND_WARNING);
	assert_string_equal(r.v[4].rule, "dtb");
	assert_int_equal(r.v[4].severity, DTBIND_ERROR);
	assert_true(r.werror);
	assert_true(cli_rules_option(&r, 'W', "no-error"));
	assert_false(r.werror);
	/* unknown, and another command's */
	assert_false(cli_rules_option(&r, 'W', "no-such-rule"));
	assert_false(cli_rules_option(&r, 'W', "spdx"));
	assert_int_equal(r.n, 5);

	/* Applied to a sink: the last word on a rule wins, as on the command line. */
	struct dtbind_diag *d = dtbind_diag_new(NULL, DTBIND_FORMAT_GCC);

	assert_non_null(d);
	assert_int_equal(cli_rules_apply(&r, d), 0);
	dtbind_diag_report(d, DTBIND_WARNING, (struct dtbind_loc){ 0 }, "undocumented-compatible",
			   "x");
	dtbind_diag_report(d, DTBIND_ERROR, (struct dtbind_loc){ 0 }, "dt-schema", "dropped");
	dtbind_diag_report(d, DTBIND_ERROR, (struct dtbind_loc){ 0 }, "dt-decode", "lowered");
	assert_int_equal(dtbind_diag_count(d, DTBIND_ERROR), 1);
	assert_int_equal(dtbind_diag_count(d, DTBIND_WARNING), 1);
	assert_int_equal(dtbind_diag_findings(d), 2);
	dtbind_diag_free(d);
	cli_rules_free(&r);
}

static void test_list_rules_own_all_and_one_tool(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	(void)state;
	assert_non_null(out);
	assert_true(cli_list_rules(out, "jsonschema", DTBIND_TOOL_JSONSCHEMA, NULL));
	fflush(out);
	assert_non_null(strstr(text, "\njsonschema                 error    jsonschema"));
	assert_null(strstr(text, "spdx"));
	assert_true(cli_list_rules(out, "jsonschema", DTBIND_TOOL_JSONSCHEMA, "lint"));
	fflush(out);
	assert_non_null(strstr(text, "\nquotes                     off      lint "));
	assert_false(cli_list_rules(out, "jsonschema", DTBIND_TOOL_JSONSCHEMA, "nothing"));
	fclose(out);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_rule_once_with_tools_and_help),
		cmocka_unit_test(test_rules_used_by_the_foundation_are_listed),
		cmocka_unit_test(test_one_matcher_case_and_separators),
		cmocka_unit_test(test_options_map_to_severities),
		cmocka_unit_test(test_list_rules_own_all_and_one_tool),
	};

	return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
