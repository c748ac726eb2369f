// SPDX-License-Identifier: BSD-2-Clause
/* test_uri.c - RFC 3986 reference resolution, fragments, percent-decoding. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dtbind.h"
#include "internal.h"

struct resolve_case {
	const char *ref;
	const char *expected;
};

static void check_cases(const char *base, const struct resolve_case *cases, size_t n)
{
	struct arena a;
	unsigned failures = 0;

	arena_init(&a, 0);
	for (size_t i = 0; i < n; i++) {
		const char *got = uri_resolve(&a, base, cases[i].ref);

		assert_non_null(got);
		if (strcmp(got, cases[i].expected) != 0) {
			print_error("base \"%s\" ref \"%s\": got \"%s\", expected \"%s\"\n",
				    base ? base : "(null)", cases[i].ref, got, cases[i].expected);
			failures++;
		}
	}
	arena_release(&a);
	assert_int_equal(failures, 0);
}

#define RFC_BASE "http://a/b/c/d;p?q"

static void test_uri_resolve_rfc3986_normal_examples(void **state)
{
	/* RFC 3986 section 5.4.1 */
	static const struct resolve_case cases[] = {
		{ "g:h", "g:h" },
		{ "g", "http://a/b/c/g" },
		{ "./g", "http://a/b/c/g" },
		{ "g/", "http://a/b/c/g/" },
		{ "/g", "http://a/g" },
		{ "//g", "http://g" },
		{ "?y", "http://a/b/c/d;p?y" },
		{ "g?y", "http://a/b/c/g?y" },
		{ "#s", "http://a/b/c/d;p?q#s" },
		{ "g#s", "http://a/b/c/g#s" },
		{ "g?y#s", "http://a/b/c/g?y#s" },
		{ ";x", "http://a/b/c/;x" },
		{ "g;x", "http://a/b/c/g;x" },
		{ "g;x?y#s", "http://a/b/c/g;x?y#s" },
		{ "", "http://a/b/c/d;p?q" },
		{ ".", "http://a/b/c/" },
		{ "./", "http://a/b/c/" },
		{ "..", "http://a/b/" },
		{ "../", "http://a/b/" },
		{ "../g", "http://a/b/g" },
		{ "../..", "http://a/" },
		{ "../../", "http://a/" },
		{ "../../g", "http://a/g" },
	};

	(void)state;
	check_cases(RFC_BASE, cases, ARRAY_SIZE(cases));
}

static void test_uri_resolve_rfc3986_abnormal_examples(void **state)
{
	/* RFC 3986 section 5.4.2 (strict parser for "http:g") */
	static const struct resolve_case cases[] = {
		{ "../../../g", "http://a/g" },
		{ "../../../../g", "http://a/g" },
		{ "/./g", "http://a/g" },
		{ "/../g", "http://a/g" },
		{ "g.", "http://a/b/c/g." },
		{ ".g", "http://a/b/c/.g" },
		{ "g..", "http://a/b/c/g.." },
		{ "..g", "http://a/b/c/..g" },
		{ "./../g", "http://a/b/g" },
		{ "./g/.", "http://a/b/c/g/" },
		{ "g/./h", "http://a/b/c/g/h" },
		{ "g/../h", "http://a/b/c/h" },
		{ "g;x=1/./y", "http://a/b/c/g;x=1/y" },
		{ "g;x=1/../y", "http://a/b/c/y" },
		{ "g?y/./x", "http://a/b/c/g?y/./x" },
		{ "g?y/../x", "http://a/b/c/g?y/../x" },
		{ "g#s/./x", "http://a/b/c/g#s/./x" },
		{ "g#s/../x", "http://a/b/c/g#s/../x" },
		{ "http:g", "http:g" },
	};

	(void)state;
	check_cases(RFC_BASE, cases, ARRAY_SIZE(cases));
}

static void test_uri_resolve_fragment_refs_against_urn_base(void **state)
{
	static const struct resolve_case cases[] = {
		{ "#/$defs/a", "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#/$defs/a" },
		{ "#foo", "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#foo" },
		{ "#", "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#" },
		{ "", "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed" },
		{ "urn:other#/x", "urn:other#/x" },
	};

	(void)state;
	check_cases("urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed", cases, ARRAY_SIZE(cases));
}

static void test_uri_resolve_replaces_base_fragment(void **state)
{
	static const struct resolve_case cases[] = {
		{ "#bar", "urn:example:root#bar" },
		{ "", "urn:example:root" },
	};
	static const struct resolve_case http_cases[] = {
		{ "z.json", "http://x/dir/z.json" },
		{ "#/definitions/b", "http://x/dir/y.json#/definitions/b" },
	};

	(void)state;
	check_cases("urn:example:root#foo", cases, ARRAY_SIZE(cases));
	check_cases("http://x/dir/y.json#/definitions/a", http_cases, ARRAY_SIZE(http_cases));
}

static void test_uri_resolve_file_base_with_dot_dot_and_fragment(void **state)
{
	static const struct resolve_case cases[] = {
		{ "../z.yaml#/a", "file:///z.yaml#/a" },
		{ "z.yaml", "file:///x/z.yaml" },
		{ "sub/../w.yaml#", "file:///x/w.yaml#" },
		{ "/abs.yaml", "file:///abs.yaml" },
	};

	(void)state;
	check_cases("file:///x/y.yaml", cases, ARRAY_SIZE(cases));
}

static void test_uri_resolve_devicetree_org_refs(void **state)
{
	static const struct resolve_case cases[] = {
		{ "/schemas/types.yaml#/definitions/uint32",
		  "http://devicetree.org/schemas/types.yaml#/definitions/uint32" },
		{ "adc.yaml", "http://devicetree.org/schemas/iio/adc/adc.yaml" },
		{ "../../types.yaml#", "http://devicetree.org/schemas/types.yaml#" },
		{ "http://devicetree.org/meta-schemas/core.yaml#",
		  "http://devicetree.org/meta-schemas/core.yaml#" },
	};

	(void)state;
	check_cases("http://devicetree.org/schemas/iio/adc/acme,adc.yaml#", cases,
		    ARRAY_SIZE(cases));
}

static void test_uri_resolve_absolute_ref_removes_dot_segments(void **state)
{
	static const struct resolve_case cases[] = {
		{ "http://h/a/./b/../c", "http://h/a/c" },
		{ "http://h/a/..", "http://h/" },
	};

	(void)state;
	check_cases("urn:ignored", cases, ARRAY_SIZE(cases));
}

static void test_uri_resolve_empty_or_null_base_keeps_ref(void **state)
{
	static const struct resolve_case cases[] = {
		{ "x/y.yaml#/a", "x/y.yaml#/a" },
		{ "../a.json", "../a.json" },
		{ "#/defs", "#/defs" },
		{ "", "" },
	};

	(void)state;
	check_cases("", cases, ARRAY_SIZE(cases));
	check_cases(NULL, cases, ARRAY_SIZE(cases));
}

static void test_uri_fragment_offset_splits_at_first_hash(void **state)
{
	(void)state;
	assert_int_equal(uri_fragment_offset("http://a/b#/c"), 10);
	assert_int_equal(uri_fragment_offset("a#b#c"), 1);
	assert_int_equal(uri_fragment_offset("#only"), 0);
	assert_int_equal(uri_fragment_offset("no-fragment"), 11);
	assert_int_equal(uri_fragment_offset("trailing#"), 8);
	assert_int_equal(uri_fragment_offset(""), 0);
}

static void check_decode(const char *in, const char *expected, size_t expected_len)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s", in);
	assert_int_equal(uri_percent_decode(buf), expected_len);
	assert_memory_equal(buf, expected, expected_len + 1);
}

static void test_uri_percent_decode_decodes_hex_pairs(void **state)
{
	(void)state;
	check_decode("a%20b", "a b", 3);
	check_decode("%7e%7E", "~~", 2);
	check_decode("%2Fdefinitions%2f", "/definitions/", 13);
	check_decode("%C3%A9", "\xc3\xa9", 2);
	check_decode("plain", "plain", 5);
	check_decode("", "", 0);
}

static void test_uri_percent_decode_decodes_once(void **state)
{
	(void)state;
	check_decode("%25", "%", 1);
	check_decode("%2541", "%41", 3);
}

static void test_uri_percent_decode_leaves_malformed_escapes(void **state)
{
	(void)state;
	check_decode("%", "%", 1);
	check_decode("a%2", "a%2", 3);
	check_decode("%zz", "%zz", 3);
	check_decode("%g1x", "%g1x", 4);
	check_decode("100%", "100%", 4);
}

static void test_uri_percent_decode_counts_decoded_nul(void **state)
{
	(void)state;
	check_decode("a%00b", "a\0b", 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uri_resolve_rfc3986_normal_examples),
		cmocka_unit_test(test_uri_resolve_rfc3986_abnormal_examples),
		cmocka_unit_test(test_uri_resolve_fragment_refs_against_urn_base),
		cmocka_unit_test(test_uri_resolve_replaces_base_fragment),
		cmocka_unit_test(test_uri_resolve_file_base_with_dot_dot_and_fragment),
		cmocka_unit_test(test_uri_resolve_devicetree_org_refs),
		cmocka_unit_test(test_uri_resolve_absolute_ref_removes_dot_segments),
		cmocka_unit_test(test_uri_resolve_empty_or_null_base_keeps_ref),
		cmocka_unit_test(test_uri_fragment_offset_splits_at_first_hash),
		cmocka_unit_test(test_uri_percent_decode_decodes_hex_pairs),
		cmocka_unit_test(test_uri_percent_decode_decodes_once),
		cmocka_unit_test(test_uri_percent_decode_leaves_malformed_escapes),
		cmocka_unit_test(test_uri_percent_decode_counts_decoded_nul),
	};

	return cmocka_run_group_tests_name("uri", tests, NULL, NULL);
}
