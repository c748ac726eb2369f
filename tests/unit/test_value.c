// SPDX-License-Identifier: BSD-2-Clause
/* test_value.c - value tree: equality, integer test, JSON rendering, names, lookup. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dtbind.h"
#include "internal.h"

/* Documents loaded by a test; freed by the teardown. */
struct docs {
	struct dtbind_doc *d[8];
	unsigned n;
};

static int docs_setup(void **state)
{
	static struct docs docs;

	memset(&docs, 0, sizeof(docs));
	*state = &docs;
	return 0;
}

static int docs_teardown(void **state)
{
	struct docs *docs = *state;

	for (unsigned i = 0; i < docs->n; i++)
		dtbind_doc_free(docs->d[i]);
	return 0;
}

/* The root of @text loaded as YAML; the load must succeed. */
static const struct dtbind_value *load(void **state, const char *text)
{
	struct docs *docs = *state;
	struct dtbind_doc *doc;

	assert_true(docs->n < ARRAY_SIZE(docs->d));
	assert_int_equal(dtbind_doc_load_string("t.yaml", text, strlen(text), NULL, 0, &doc), 0);
	docs->d[docs->n++] = doc;
	return dtbind_doc_root(doc);
}

static bool equal(void **state, const char *a, const char *b)
{
	bool ab = dtbind_value_equal(load(state, a), load(state, b));
	bool ba = dtbind_value_equal(load(state, b), load(state, a));

	assert_int_equal(ab, ba);	/* symmetric */
	return ab;
}

static void free_docs(void **state)
{
	docs_teardown(state);
	docs_setup(state);
}

/* ---- equality ------------------------------------------------------ */

static void test_equal_int_and_float_with_same_value(void **state)
{
	assert_true(equal(state, "1", "1.0"));
	free_docs(state);
	assert_true(equal(state, "1000", "1e3"));
	free_docs(state);
	assert_true(equal(state, "-0", "0.0"));
	free_docs(state);
	assert_false(equal(state, "1", "1.5"));
	free_docs(state);
	assert_false(equal(state, "1", "2"));
}

static void test_equal_int_and_float_compare_exactly_beyond_2_pow_53(void **state)
{
	/* 2^53 + 1 is not representable as a double; it is still not 2^53. */
	assert_false(equal(state, "9007199254740993", "9007199254740992.0"));
	free_docs(state);
	assert_true(equal(state, "9007199254740992", "9007199254740992.0"));
	free_docs(state);
	/* 2^63 as a float is out of int64 range: not equal to INT64_MAX */
	assert_false(equal(state, "9223372036854775807", "9223372036854775808.0"));
	free_docs(state);
	assert_false(equal(state, "-1", "0xffffffffffffffff"));
}

static void test_equal_false_is_not_zero_and_null_is_not_false(void **state)
{
	assert_false(equal(state, "false", "0"));
	free_docs(state);
	assert_false(equal(state, "true", "1"));
	free_docs(state);
	assert_false(equal(state, "null", "false"));
	free_docs(state);
	assert_false(equal(state, "''", "null"));
	free_docs(state);
	assert_false(equal(state, "'1'", "1"));
	free_docs(state);
	assert_true(equal(state, "false", "False"));
	free_docs(state);
	assert_true(equal(state, "~", "null"));
}

static void test_equal_strings_compare_all_bytes(void **state)
{
	assert_true(equal(state, "abc", "'abc'"));
	free_docs(state);
	assert_false(equal(state, "abc", "abd"));
	free_docs(state);
	assert_false(equal(state, "abc", "ab"));
	free_docs(state);
	assert_false(equal(state, "\"a\\0b\"", "\"a\\0c\""));
	free_docs(state);
	assert_true(equal(state, "\"a\\0b\"", "\"a\\0b\""));
}

static void test_equal_maps_ignore_member_order(void **state)
{
	assert_true(equal(state, "{a: 1, b: [1, 2]}", "{b: [1, 2], a: 1.0}"));
	free_docs(state);
	assert_true(equal(state, "{}", "{}"));
	free_docs(state);
	assert_false(equal(state, "{a: 1}", "{a: 1, b: 2}"));
	free_docs(state);
	assert_false(equal(state, "{a: 1, b: 2}", "{a: 1, c: 2}"));
	free_docs(state);
	assert_false(equal(state, "{a: 1}", "{a: 2}"));
	free_docs(state);
	assert_false(equal(state, "{}", "[]"));
}

static void test_equal_map_keys_with_nul_bytes(void **state)
{
	const struct dtbind_value *v = load(state, "{\"a\\0b\": 1, \"a\": 2}");

	assert_true(dtbind_value_equal(v, v));
	assert_false(equal(state, "{\"a\\0b\": 1}", "{\"a\\0c\": 1}"));
}

static void test_equal_sequences_keep_order_and_length(void **state)
{
	assert_true(equal(state, "[1, two, 3.0]", "[1.0, 'two', 3]"));
	free_docs(state);
	assert_false(equal(state, "[1, 2]", "[2, 1]"));
	free_docs(state);
	assert_false(equal(state, "[1]", "[1, 1]"));
	free_docs(state);
	assert_true(equal(state, "[]", "[]"));
}

static void test_equal_nested_structures(void **state)
{
	static const char a[] =
		"compatible: [acme,adc, {x: [1, {deep: true}]}]\n"
		"reg: {minItems: 1, maxItems: 2}\n";
	static const char b[] =
		"reg: {maxItems: 2.0, minItems: 1}\n"
		"compatible: [acme,adc, {x: [1.0, {deep: true}]}]\n";
	static const char c[] =
		"reg: {maxItems: 2, minItems: 1}\n"
		"compatible: [acme,adc, {x: [1, {deep: false}]}]\n";

	assert_true(equal(state, a, b));
	assert_false(equal(state, a, c));
}

/* ---- numbers ------------------------------------------------------- */

static void test_is_integer_for_ints_and_whole_floats(void **state)
{
	const struct dtbind_value *v = load(state,
		"[1, -7, 1.0, 1e3, 0xffffffffffffffff, 1.5, .inf, -.inf, .nan, '1', true, null]");
	static const bool expected[] = {
		true, true, true, true, true, false, false, false, false, false, false, false,
	};

	assert_int_equal(v->u.seq.n, ARRAY_SIZE(expected));
	for (size_t i = 0; i < ARRAY_SIZE(expected); i++) {
		if (dtbind_value_is_integer(v->u.seq.items[i]) != expected[i])
			print_error("item %zu\n", i);
		assert_int_equal(dtbind_value_is_integer(v->u.seq.items[i]), expected[i]);
	}
}

static void test_value_number_of_ints_floats_and_others(void **state)
{
	const struct dtbind_value *v = load(state, "[3, 2.5, 'x']");

	assert_true(dtbind_value_number(v->u.seq.items[0]) == 3.0);
	assert_true(dtbind_value_number(v->u.seq.items[1]) == 2.5);
	assert_true(isnan(dtbind_value_number(v->u.seq.items[2])));
}

/* ---- JSON rendering ------------------------------------------------ */

static void check_json(void **state, const char *yaml, size_t max, const char *expected)
{
	char out[256];

	assert_true(max <= sizeof(out));
	memset(out, 'X', sizeof(out));
	size_t n = dtbind_value_to_json(load(state, yaml), out, max);

	assert_string_equal(out, expected);
	assert_int_equal(n, strlen(expected));
}

static void test_to_json_renders_every_kind(void **state)
{
	check_json(state, "{a: [1, 2.5, \"x\\\"y\", null, true], b: {}, c: []}", 256,
		   "{\"a\": [1, 2.5, \"x\\\"y\", null, true], \"b\": {}, \"c\": []}");
	check_json(state, "-9223372036854775808", 256, "-9223372036854775808");
	check_json(state, "[.inf, -.inf, .nan]", 256, "[.inf, -.inf, .nan]");
	check_json(state, "\"tab\\there\\u0001\"", 256, "\"tab\\there\\u0001\"");
}

static void test_to_json_floats_use_shortest_round_trip_form(void **state)
{
	check_json(state, "[0.1, 1e3, 1.5e-7, 3.0, 0.30000000000000004]", 256,
		   "[0.1, 1000, 1.5e-07, 3, 0.30000000000000004]");
}

static void test_to_json_truncates_with_ellipsis(void **state)
{
	/* "[1, 2]" is 6 bytes: it fits in 7 (with the NUL) */
	check_json(state, "[1, 2]", 7, "[1, 2]");
	check_json(state, "[1, 2]", 6, "[1...");
	check_json(state, "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", 12, "[1, 2, 3...");
	check_json(state, "{key: a very long string value}", 16, "{\"key\": \"a v...");
}

static void test_to_json_tiny_buffers(void **state)
{
	const struct dtbind_value *v = load(state, "[1, 2]");
	char out[4] = "XYZ";

	assert_int_equal(dtbind_value_to_json(v, out, 0), 0);
	assert_string_equal(out, "XYZ");	/* untouched */
	assert_int_equal(dtbind_value_to_json(v, out, 1), 0);
	assert_string_equal(out, "");
}

/* ---- names and lookup ---------------------------------------------- */

static void test_kind_names_are_json_types(void **state)
{
	(void)state;
	assert_string_equal(dtbind_kind_name(DTBIND_NULL), "null");
	assert_string_equal(dtbind_kind_name(DTBIND_BOOL), "boolean");
	assert_string_equal(dtbind_kind_name(DTBIND_INT), "integer");
	assert_string_equal(dtbind_kind_name(DTBIND_FLOAT), "number");
	assert_string_equal(dtbind_kind_name(DTBIND_STRING), "string");
	assert_string_equal(dtbind_kind_name(DTBIND_SEQ), "array");
	assert_string_equal(dtbind_kind_name(DTBIND_MAP), "object");
	assert_string_equal(dtbind_kind_name((enum dtbind_kind)99), "unknown");
}

static void test_member_lookup_by_key(void **state)
{
	const struct dtbind_value *v = load(state, "{reg: 1, reg-names: [a], '': empty}");
	const struct dtbind_member *m = dtbind_value_member(v, "reg-names");

	assert_non_null(m);
	assert_string_equal(m->key, "reg-names");
	assert_int_equal(m->key_len, 9);
	assert_int_equal(m->value->kind, DTBIND_SEQ);
	assert_int_equal(dtbind_value_get(v, "reg")->u.i, 1);
	assert_int_equal(dtbind_value_get(v, "")->kind, DTBIND_STRING);
	assert_null(dtbind_value_get(v, "re"));
	assert_null(dtbind_value_get(v, "regs"));
	/* not a map */
	assert_null(dtbind_value_member(m->value, "a"));
	assert_null(dtbind_value_get(NULL, "a"));
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, docs_setup, docs_teardown)
	const struct CMUnitTest tests[] = {
		T(test_equal_int_and_float_with_same_value),
		T(test_equal_int_and_float_compare_exactly_beyond_2_pow_53),
		T(test_equal_false_is_not_zero_and_null_is_not_false),
		T(test_equal_strings_compare_all_bytes),
		T(test_equal_maps_ignore_member_order),
		T(test_equal_map_keys_with_nul_bytes),
		T(test_equal_sequences_keep_order_and_length),
		T(test_equal_nested_structures),
		T(test_is_integer_for_ints_and_whole_floats),
		T(test_value_number_of_ints_floats_and_others),
		T(test_to_json_renders_every_kind),
		T(test_to_json_floats_use_shortest_round_trip_form),
		T(test_to_json_truncates_with_ellipsis),
		T(test_to_json_tiny_buffers),
		T(test_kind_names_are_json_types),
		T(test_member_lookup_by_key),
	};
#undef T

	return cmocka_run_group_tests_name("value", tests, NULL, NULL);
}
