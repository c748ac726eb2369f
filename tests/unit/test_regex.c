// SPDX-License-Identifier: BSD-2-Clause
/* test_regex.c - ECMA-262 patterns on pcre2: translation, errors, limits, Unicode. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "dtbind.h"
#include "internal.h"

/* What regex.c puts for ECMA's \s: pcre2's ASCII \s plus the Unicode spaces. */
#define SPACES "\\s\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}"

static int arena_setup(void **state)
{
	static struct arena a;

	arena_init(&a, 0);
	*state = &a;
	return 0;
}

static int arena_teardown(void **state)
{
	arena_release(*state);
	return 0;
}

static void check_translate(struct arena *a, const char *ecma, const char *pcre)
{
	const char *got = regex_translate(ecma, strlen(ecma), a);

	assert_non_null(got);
	assert_string_equal(got, pcre);
}

/* 1 match, 0 no match, negative error; the pattern must compile. */
static int match(const char *pattern, const char *subject, size_t len)
{
	struct arena a;
	const char *err = NULL;
	struct dtbind_regex *re;
	int rc;

	arena_init(&a, 0);
	re = regex_compile(pattern, strlen(pattern), &err, &a);
	if (!re)
		print_error("pattern \"%s\": %s\n", pattern, err ? err : "(no message)");
	assert_non_null(re);
	rc = regex_match(re, subject, len);
	regex_free(re);
	arena_release(&a);
	return rc;
}

static int matches(const char *pattern, const char *subject)
{
	return match(pattern, subject, strlen(subject));
}

/* ---- translation -------------------------------------------------- */

static void test_translate_u_escapes_become_x_braces(void **state)
{
	struct arena *a = *state;

	check_translate(a, "\\u00e9", "\\x{00e9}");
	check_translate(a, "a\\u00E9b", "a\\x{00E9}b");
	check_translate(a, "\\u{1F600}", "\\x{1F600}");
	check_translate(a, "[\\u0041-\\u005a]", "[\\x{0041}-\\x{005a}]");
	/* not complete escapes: left for pcre2 to judge */
	check_translate(a, "\\u12", "\\u12");
	check_translate(a, "\\u{}", "\\u{}");
	check_translate(a, "\\u{12", "\\u{12");
	/* an escaped backslash followed by u is not a \u escape */
	check_translate(a, "\\\\u0041", "\\\\u0041");
}

static void test_translate_empty_classes(void **state)
{
	struct arena *a = *state;

	check_translate(a, "[^]", "[\\s\\S]");
	check_translate(a, "a[]b", "a(?!)b");
	check_translate(a, "x[^]*y", "x[\\s\\S]*y");
}

static void test_translate_s_in_and_out_of_classes(void **state)
{
	struct arena *a = *state;

	check_translate(a, "\\s", "[" SPACES "]");
	check_translate(a, "a\\s+b", "a[" SPACES "]+b");
	check_translate(a, "[\\s,]", "[" SPACES ",]");
	check_translate(a, "\\S", "[^" SPACES "]");
	check_translate(a, "[\\S]", "[\\S]");
	/* after a class closes, \s is outside again */
	check_translate(a, "[a]\\s", "[a][" SPACES "]");
	/* an escaped ']' does not close the class */
	check_translate(a, "[\\]\\s]", "[\\]" SPACES "]");
	/* escaped backslash then 's' */
	check_translate(a, "\\\\s", "\\\\s");
}

static void test_translate_leaves_other_escapes_alone(void **state)
{
	struct arena *a = *state;

	check_translate(a, "^\\d+$", "^\\d+$");
	check_translate(a, "\\w\\W\\D\\b\\.", "\\w\\W\\D\\b\\.");
	check_translate(a, "^[a-z0-9,.+-]+$", "^[a-z0-9,.+-]+$");
	check_translate(a, "(?<!-)-ms$", "(?<!-)-ms$");
	check_translate(a, "", "");
}

/* ---- compiling ----------------------------------------------------- */

static void test_compile_error_gives_message_with_offset(void **state)
{
	struct arena *a = *state;
	static const char *const bad[] = { "(", "[z-a]", "a{2,1}", "*a", "\\u{d800}" };

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		const char *err = NULL;

		assert_null(regex_compile(bad[i], strlen(bad[i]), &err, a));
		assert_non_null(err);
		assert_non_null(strstr(err, " at offset "));
	}
	const char *err = NULL;

	assert_null(regex_compile("(", 1, &err, a));
	assert_string_equal(err, "missing closing parenthesis at offset 1");
	/* without an err pointer it still fails cleanly */
	assert_null(regex_compile("(", 1, NULL, a));
}

static void test_compile_rejects_invalid_utf8_pattern(void **state)
{
	struct arena *a = *state;
	const char *err = NULL;

	assert_null(regex_compile("a\xff", 2, &err, a));
	assert_non_null(err);
	assert_null(regex_compile("\xc3", 1, &err, a));
}

static void test_compile_uses_len_not_nul(void **state)
{
	struct arena *a = *state;
	const char *err = NULL;
	/* only the first 3 bytes are the pattern */
	struct dtbind_regex *re = regex_compile("^ab(", 3, &err, a);

	assert_non_null(re);
	assert_int_equal(regex_match(re, "ab", 2), 1);
	assert_int_equal(regex_match(re, "ba", 2), 0);
	regex_free(re);
	regex_free(NULL);
}

/* ---- matching ------------------------------------------------------ */

static void test_match_is_a_search_not_anchored(void **state)
{
	(void)state;
	assert_int_equal(matches("b", "abc"), 1);
	assert_int_equal(matches("^b", "abc"), 0);
	assert_int_equal(matches("", "anything"), 1);
}

static void test_dollar_does_not_match_before_trailing_newline(void **state)
{
	(void)state;
	assert_int_equal(matches("^a$", "a"), 1);
	assert_int_equal(matches("^a$", "a\n"), 0);
	assert_int_equal(matches("a$", "a\nb"), 0);
	assert_int_equal(matches("^[0-9]+$", "12\n"), 0);
}

static void test_s_matches_unicode_spaces_like_ecma(void **state)
{
	(void)state;
	assert_int_equal(matches("^\\s$", " "), 1);
	assert_int_equal(matches("^\\s$", "\t"), 1);
	assert_int_equal(matches("^\\s$", "\xc2\xa0"), 1);		/* U+00A0 */
	assert_int_equal(matches("^\\s$", "\xe2\x80\xa8"), 1);	/* U+2028 */
	assert_int_equal(matches("^\\s$", "\xef\xbb\xbf"), 1);	/* U+FEFF */
	assert_int_equal(matches("^[\\s]$", "\xe3\x80\x80"), 1);	/* U+3000 */
	assert_int_equal(matches("^\\s$", "x"), 0);
	assert_int_equal(matches("^\\S$", "\xc2\xa0"), 0);
	assert_int_equal(matches("^\\S+$", "ab"), 1);
}

static void test_d_is_ascii_only(void **state)
{
	(void)state;
	assert_int_equal(matches("^\\d+$", "0123456789"), 1);
	assert_int_equal(matches("^\\d$", "\xd9\xa3"), 0);	/* ARABIC-INDIC DIGIT THREE */
	assert_int_equal(matches("^\\w$", "\xc3\xa9"), 0);	/* é is not \w in ECMA */
}

static void test_empty_classes_match_anything_and_nothing(void **state)
{
	(void)state;
	assert_int_equal(matches("^a[^]b$", "a\nb"), 1);
	assert_int_equal(matches("^a[^]b$", "ab"), 0);
	assert_int_equal(matches("a[]", "a"), 0);
	assert_int_equal(matches("a[]|b", "b"), 1);
}

static void test_pathological_pattern_is_bounded(void **state)
{
	char subject[64];
	struct timespec t0, t1;

	(void)state;
	memset(subject, 'a', 40);
	subject[40] = 'b';
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int rc = match("(a+)+$", subject, 41);

	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

	assert_int_not_equal(rc, 1);
	assert_true(rc == 0 || rc == -DTBIND_ELIMIT);
	/* Generous for sanitizer builds; an unbounded match takes hours. */
	assert_true(secs < 10.0);
	/* the same pattern still matches where it should */
	assert_int_equal(match("(a+)+$", subject, 40), 1);
}

static void test_lookbehind_as_in_property_units(void **state)
{
	(void)state;
	assert_int_equal(matches("(?<!-)-ms$", "startup-delay-ms"), 1);
	assert_int_equal(matches("(?<!-)-ms$", "startup-delay--ms"), 0);
	assert_int_equal(matches("(?<!-)-ms$", "delay-ms-extra"), 0);
	assert_int_equal(matches("(?<=a)b", "ab"), 1);
	assert_int_equal(matches("(?<=a)b", "cb"), 0);
	assert_int_equal(matches("^(?!.*-hz$).*-mhz$", "clock-mhz"), 1);
}

static void test_unicode_literals_match_code_points(void **state)
{
	(void)state;
	assert_int_equal(matches("^é+$", "éé"), 1);
	assert_int_equal(matches("^é$", "e"), 0);
	assert_int_equal(matches("^\\u00e9$", "é"), 1);
	assert_int_equal(matches("^\\u{1F600}$", "\xf0\x9f\x98\x80"), 1);
	/* '.' is one code point, not one byte */
	assert_int_equal(matches("^.$", "é"), 1);
	assert_int_equal(matches("^.$", "\xf0\x9f\x98\x80"), 1);
	assert_int_equal(matches("^..$", "é"), 0);
	assert_int_equal(matches("^[α-ω]+$", "λμ"), 1);
	assert_int_equal(matches("^[α-ω]+$", "ab"), 0);
}

static void test_invalid_utf8_subject_does_not_match(void **state)
{
	(void)state;
	assert_int_equal(match("a", "a\xff", 2), 0);
	assert_int_equal(match(".", "\xc3", 1), 0);
	/* what pcre2 itself rejects: overlong forms, surrogates, beyond U+10FFFF */
	assert_int_equal(match(".", "\xc0\xaf", 2), 0);
	assert_int_equal(match(".", "\xe0\x80\xaf", 3), 0);
	assert_int_equal(match(".", "\xed\xa0\x80", 3), 0);
	assert_int_equal(match(".", "\xf4\x90\x80\x80", 4), 0);
	assert_int_equal(match("x", "x\xe2\x82", 3), 0);	/* truncated at the end */
	/* the largest of each length is well formed */
	assert_int_equal(match("^.$", "\xdf\xbf", 2), 1);
	assert_int_equal(match("^.$", "\xef\xbf\xbf", 3), 1);
	assert_int_equal(match("^.$", "\xf4\x8f\xbf\xbf", 4), 1);
}

/*
 * The quick rejections taken before pcre2 (length, anchored first byte,
 * required byte) must never reject a real match.
 */
static void test_prefilters_agree_with_pcre2(void **state)
{
	(void)state;
	/* anchored, one first byte */
	assert_int_equal(matches("^pinctrl-[0-9]+$", "pinctrl-0"), 1);
	assert_int_equal(matches("^pinctrl-[0-9]+$", "xpinctrl-0"), 0);
	/* anchored, a set of first bytes */
	assert_int_equal(matches("^(gpio|led|[0-9])-x$", "led-x"), 1);
	assert_int_equal(matches("^(gpio|led|[0-9])-x$", "7-x"), 1);
	assert_int_equal(matches("^(gpio|led|[0-9])-x$", "max-x"), 0);
	/* a first byte that is a multi-byte character */
	assert_int_equal(matches("^[é-ë]x$", "êx"), 1);
	/* not anchored in every alternative: any start */
	assert_int_equal(matches("^a|b$", "xxb"), 1);
	/* required byte, not at the start */
	assert_int_equal(matches("-supply$", "vdd-supply"), 1);
	assert_int_equal(matches("-supply$", "vddsupply"), 0);
	/* minimum length, in characters */
	assert_int_equal(matches("^...$", "éé"), 0);
	assert_int_equal(matches("^...$", "ééé"), 1);
	assert_int_equal(matches("^.{3,}", "ab"), 0);
	/* an empty subject: only what can match empty does */
	assert_int_equal(matches("^a*$", ""), 1);
	assert_int_equal(matches("^a+$", ""), 0);
	/* inline options make literals caseless: no literal prefilter then */
	assert_int_equal(matches("(?i)^abc-supply$", "ABC-SUPPLY"), 1);
	assert_int_equal(matches("^(?i:x)yz$", "Xyz"), 1);
	assert_int_equal(matches("^(?:ab|cd)$", "cd"), 1);
}

/*
 * The first byte that is not UTF-8, wherever it falls against the 8-byte
 * blocks the ASCII fast path reads: a stray byte, a sequence cut by the
 * end, and valid sequences across a block boundary.
 */
static void test_utf8_invalid_at_every_offset(void **state)
{
	unsigned char buf[48];

	(void)state;
	for (size_t n = 0; n <= sizeof(buf); n++) {
		memset(buf, 'a', n);
		assert_int_equal(utf8_invalid_at(buf, n), n);
		for (size_t bad = 0; bad < n; bad++) {
			memset(buf, 'a', n);
			buf[bad] = 0xff;
			assert_int_equal(utf8_invalid_at(buf, n), bad);
			/* "é" (c3 a9) from here on is valid, across any boundary. */
			if (bad + 1 < n) {
				buf[bad] = 0xc3;
				buf[bad + 1] = 0xa9;
				assert_int_equal(utf8_invalid_at(buf, n), n);
			}
			/* Its lead byte alone, last: cut by the end. */
			memset(buf, 'a', n);
			buf[n - 1] = 0xc3;
			assert_int_equal(utf8_invalid_at(buf, n), n - 1);
		}
	}
	/* A surrogate (ed a0 80) and an overlong form (c0 80) after ASCII. */
	assert_int_equal(utf8_invalid_at((const unsigned char *)"abcdefghij\xed\xa0\x80", 13), 10);
	assert_int_equal(utf8_invalid_at((const unsigned char *)"abcdefghij\xc0\x80", 12), 10);
	assert_true(utf8_valid((const unsigned char *)"0123456789\xf0\x9f\x98\x80xyz", 17));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utf8_invalid_at_every_offset),
		cmocka_unit_test_setup_teardown(test_translate_u_escapes_become_x_braces,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_translate_empty_classes,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_translate_s_in_and_out_of_classes,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_translate_leaves_other_escapes_alone,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_compile_error_gives_message_with_offset,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_compile_rejects_invalid_utf8_pattern,
						arena_setup, arena_teardown),
		cmocka_unit_test_setup_teardown(test_compile_uses_len_not_nul,
						arena_setup, arena_teardown),
		cmocka_unit_test(test_match_is_a_search_not_anchored),
		cmocka_unit_test(test_dollar_does_not_match_before_trailing_newline),
		cmocka_unit_test(test_s_matches_unicode_spaces_like_ecma),
		cmocka_unit_test(test_d_is_ascii_only),
		cmocka_unit_test(test_empty_classes_match_anything_and_nothing),
		cmocka_unit_test(test_pathological_pattern_is_bounded),
		cmocka_unit_test(test_lookbehind_as_in_property_units),
		cmocka_unit_test(test_unicode_literals_match_code_points),
		cmocka_unit_test(test_invalid_utf8_subject_does_not_match),
		cmocka_unit_test(test_prefilters_agree_with_pcre2),
	};

	return cmocka_run_group_tests_name("regex", tests, NULL, NULL);
}
