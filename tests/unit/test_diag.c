// SPDX-License-Identifier: BSD-2-Clause
/* test_diag.c - the diagnostics sink: gcc and JSON Lines output, source lines, counts, limits. */
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
#include "internal.h"

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	char dir[64];
	char path[128];		/* a source file for show_source, when written */
};

static int setup(void **state, enum dtbind_format format)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->out = open_memstream(&f->text, &f->len);
	if (!f->out)
		return -1;
	f->diag = dtbind_diag_new(f->out, format);
	if (!f->diag)
		return -1;
	*state = f;
	return 0;
}

static int gcc_setup(void **state)
{
	return setup(state, DTBIND_FORMAT_GCC);
}

static int json_setup(void **state)
{
	return setup(state, DTBIND_FORMAT_JSON);
}

static int dtschema_setup(void **state)
{
	return setup(state, DTBIND_FORMAT_DTSCHEMA);
}

static int yamllint_setup(void **state)
{
	return setup(state, DTBIND_FORMAT_YAMLLINT);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f->path[0])
		unlink(f->path);
	if (f->dir[0])
		rmdir(f->dir);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

static const char *output(struct fixture *f)
{
	fflush(f->out);
	return f->text;
}

/* Write @text to a fresh file; its name is in f->path. */
static void write_source(struct fixture *f, const char *text)
{
	FILE *fp;

	strcpy(f->dir, "/tmp/dtbind-test-diag-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/acme,adc.yaml", f->dir);
	fp = fopen(f->path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static struct dtbind_loc at(const char *file, uint32_t line, uint32_t col)
{
	return (struct dtbind_loc){ .file = file, .line = line, .col = col };
}

/* ---- gcc format ---------------------------------------------------- */

static void test_gcc_prints_file_line_col_severity_message_rule(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a.yaml", 2, 6), "id-present",
			   "missing %s", "$id");
	assert_string_equal(output(f), "a.yaml:2:6: error: missing $id [id-present]\n");
}

static void test_gcc_without_line_prints_file_only(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding finding = {
		.severity = DTBIND_WARNING,
		.loc = at("board.dtb", 0, 0),
		.rule = "additional-properties",
		.message = "'acme,gain' does not match any of the regexes: '^pinctrl-[0-9]+$'",
		.node = "/soc/adc@1000",
		.schema = "http://devicetree.org/schemas/iio/acme,adc.yaml#/additionalProperties",
	};

	dtbind_diag_emit(f->diag, &finding);
	assert_string_equal(output(f),
			    "board.dtb: warning: /soc/adc@1000: 'acme,gain' does not match any of"
			    " the regexes: '^pinctrl-[0-9]+$' [additional-properties]\n");
}

static void test_gcc_with_node_and_rule(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding finding = {
		.severity = DTBIND_ERROR,
		.loc = at("bindings/iio/adc/acme,adc.yaml", 61, 9),
		.rule = "required",
		.message = "'reg' is a required property",
		.node = "/example-0/adc@1000",
	};

	dtbind_diag_emit(f->diag, &finding);
	assert_string_equal(output(f),
			    "bindings/iio/adc/acme,adc.yaml:61:9: error: /example-0/adc@1000:"
			    " 'reg' is a required property [required]\n");
}

static void test_gcc_omits_empty_parts(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding no_file = { .severity = DTBIND_ERROR, .message = "no input" };
	const struct dtbind_finding empty_node = {
		.severity = DTBIND_NOTE, .loc = at("a.yaml", 40, 0), .message = "here", .node = "",
	};

	dtbind_diag_emit(f->diag, &no_file);
	dtbind_diag_emit(f->diag, &empty_node);
	/* col 0 with a line prints as column 1 */
	assert_string_equal(output(f), "error: no input\n"
				       "a.yaml:40:1: note: here\n");
}

static void test_gcc_report_formats_arguments(void **state)
{
	struct fixture *f = *state;
	char longer[600];

	memset(longer, 'm', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("x.yaml", 3, 4), NULL, "%d items, %s", 7,
			   longer);
	const char *out = output(f);

	assert_true(strncmp(out, "x.yaml:3:4: warning: 7 items, mmm", 33) == 0);
	assert_int_equal(strlen(out), strlen("x.yaml:3:4: warning: 7 items, ") + 599 + 1);
	assert_true(str_ends_with(out, "mmm\n"));
}

/* ---- JSON Lines ---------------------------------------------------- */

static void test_json_prints_every_field_in_order(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding finding = {
		.severity = DTBIND_ERROR,
		.loc = at("a.yaml", 2, 6),
		.rule = "id-present",
		.message = "missing $id",
		.node = "/",
		.schema = "meta.yaml#/required",
	};

	dtbind_diag_emit(f->diag, &finding);
	assert_string_equal(output(f),
			    "{\"file\":\"a.yaml\",\"line\":2,\"col\":6,\"severity\":\"error\","
			    "\"rule\":\"id-present\",\"message\":\"missing $id\",\"node\":\"/\","
			    "\"schema\":\"meta.yaml#/required\"}\n");
}

static void test_json_escapes_quotes_backslashes_newlines(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_report(f->diag, DTBIND_WARNING, at("dir\\\"odd\".yaml", 1, 2), "r",
			   "say \"hi\"\nthen\ttab \x01");
	assert_string_equal(output(f),
			    "{\"file\":\"dir\\\\\\\"odd\\\".yaml\",\"line\":1,\"col\":2,"
			    "\"severity\":\"warning\",\"rule\":\"r\","
			    "\"message\":\"say \\\"hi\\\"\\nthen\\ttab \\u0001\"}\n");
}

static void test_json_null_position_and_omitted_fields(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding dtb = {
		.severity = DTBIND_NOTE, .loc = at("board.dtb", 0, 0), .message = "m",
	};
	const struct dtbind_finding nofile = { .severity = DTBIND_ERROR, .message = "n" };

	dtbind_diag_emit(f->diag, &dtb);
	dtbind_diag_emit(f->diag, &nofile);
	assert_string_equal(output(f),
			    "{\"file\":\"board.dtb\",\"line\":null,\"col\":null,"
			    "\"severity\":\"note\",\"message\":\"m\"}\n"
			    "{\"file\":null,\"line\":null,\"col\":null,"
			    "\"severity\":\"error\",\"message\":\"n\"}\n");
}

static void test_json_ignores_show_source(void **state)
{
	struct fixture *f = *state;

	write_source(f, "a: 1\n");
	dtbind_diag_set_show_source(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at(f->path, 1, 1), NULL, "x");
	assert_null(strstr(output(f), " | "));
	assert_ptr_equal(strchr(output(f), '\n'), output(f) + strlen(output(f)) - 1);
}

/* ---- source lines -------------------------------------------------- */

static void test_show_source_prints_line_and_caret(void **state)
{
	struct fixture *f = *state;
	char expected[512];

	write_source(f, "title: ADC\nproperties:\n  compatible:\n    const: acme,adc\n");
	dtbind_diag_set_show_source(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at(f->path, 4, 12), "r", "bad");
	snprintf(expected, sizeof(expected),
		 "%s:4:12: error: bad [r]\n"
		 "      4 |     const: acme,adc\n"
		 "        |            ^\n", f->path);
	assert_string_equal(output(f), expected);
}

static void test_show_source_keeps_tabs_under_the_caret(void **state)
{
	struct fixture *f = *state;
	char expected[512];

	write_source(f, "\tkey:\tvalue");	/* no final newline */
	dtbind_diag_set_show_source(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_WARNING, at(f->path, 1, 6), NULL, "tabs");
	snprintf(expected, sizeof(expected),
		 "%s:1:6: warning: tabs\n"
		 "      1 | \tkey:\tvalue\n"
		 "        | \t    ^\n", f->path);
	assert_string_equal(output(f), expected);
}

static void test_show_source_first_column_and_line_1(void **state)
{
	struct fixture *f = *state;
	char expected[512];

	write_source(f, "first\nsecond\n");
	dtbind_diag_set_show_source(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_NOTE, at(f->path, 1, 1), NULL, "n");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at(f->path, 2, 0), NULL, "m");
	snprintf(expected, sizeof(expected),
		 "%s:1:1: note: n\n"
		 "      1 | first\n"
		 "        | ^\n"
		 "%s:2:1: note: m\n"
		 "      2 | second\n"
		 "        | ^\n", f->path, f->path);
	assert_string_equal(output(f), expected);
}

static void test_show_source_skips_missing_lines_and_files(void **state)
{
	struct fixture *f = *state;
	char expected[512];

	write_source(f, "one line\n");
	dtbind_diag_set_show_source(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at(f->path, 5, 1), NULL, "past the end");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("/nonexistent/x.yaml", 1, 1), NULL, "gone");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at(f->path, 0, 0), NULL, "no line");
	snprintf(expected, sizeof(expected),
		 "%s:5:1: error: past the end\n"
		 "/nonexistent/x.yaml:1:1: error: gone\n"
		 "%s: error: no line\n", f->path, f->path);
	assert_string_equal(output(f), expected);
}

static void test_show_source_off_by_default(void **state)
{
	struct fixture *f = *state;
	char expected[512];

	write_source(f, "a: 1\n");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at(f->path, 1, 4), NULL, "x");
	snprintf(expected, sizeof(expected), "%s:1:4: error: x\n", f->path);
	assert_string_equal(output(f), expected);
}

/* ---- counts and limits --------------------------------------------- */

static void test_counts_per_severity(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 0);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 1, 1), NULL, "e1");
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 1, 1), NULL, "w1");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 1, 1), NULL, "e2");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 1, 1), NULL, "n1");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 1, 1), NULL, "n2");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 1, 1), NULL, "n3");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 2);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 1);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_NOTE), 3);
}

static void test_max_stops_printing_but_keeps_counting(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_set_max(f->diag, 2);
	for (int i = 1; i <= 5; i++)
		dtbind_diag_report(f->diag, i == 2 ? DTBIND_WARNING : DTBIND_ERROR, at("a", i, 1),
				   NULL, "finding %d", i);
	assert_string_equal(output(f), "a:1:1: error: finding 1\n"
				       "a:2:1: warning: finding 2\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 4);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 1);
}

static void test_max_keeps_notes_with_their_finding_only(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_set_max(f->diag, 1);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 1, 1), NULL, "shown");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 2, 1), NULL, "note of shown");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 3, 1), NULL, "second note of shown");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 4, 1), NULL, "hidden");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 5, 1), NULL, "note of hidden");
	assert_string_equal(output(f), "a:1:1: error: shown\n"
				       "a:2:1: note: note of shown\n"
				       "a:3:1: note: second note of shown\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 2);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_NOTE), 3);
}

static void test_max_zero_means_no_limit(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_set_max(f->diag, 0);
	for (int i = 0; i < 50; i++)
		dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 1, 1), NULL, "e");
	const char *out = output(f);
	unsigned lines = 0;

	for (const char *p = out; (p = strchr(p, '\n')); p++)
		lines++;
	assert_int_equal(lines, 50);
}

/* ---- rule overrides ------------------------------------------------ */

static void test_rule_override_changes_or_drops_severity(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(dtbind_diag_set_rule(f->diag, "unit_address_vs_reg", -1), 0);
	assert_int_equal(dtbind_diag_set_rule(f->diag, "ref-form", DTBIND_ERROR), 0);
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 1, 1), "unit-address-vs-reg", "off");
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 2, 1), "ref-form", "promoted");
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 3, 1), "other", "kept");
	assert_string_equal(output(f), "a:2:1: error: promoted [ref-form]\n"
				       "a:3:1: warning: kept [other]\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 1);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 1);
}

static void test_rule_override_drops_the_notes_of_dropped_findings(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(dtbind_diag_set_rule(f->diag, "required", -1), 0);
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 1, 1), "required", "dropped");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("s", 9, 3), NULL, "required by this schema");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a", 2, 1), "type", "kept");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("s", 7, 3), NULL, "required by this schema");
	assert_string_equal(output(f), "a:2:1: error: kept [type]\n"
				       "s:7:3: note: required by this schema\n");
}

static void test_rule_override_rejects_unknown_severity(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(dtbind_diag_set_rule(f->diag, "r", DTBIND_ERROR + 1), -DTBIND_EINVAL);
	assert_int_equal(dtbind_diag_set_rule(f->diag, "r", -2), -DTBIND_EINVAL);
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 1, 1), "r", "unchanged");
	assert_string_equal(output(f), "a:1:1: warning: unchanged [r]\n");
}

static void test_werror_promotes_warnings_only(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_set_werror(f->diag, true);
	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a", 1, 1), "w", "was a warning");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a", 2, 1), NULL, "still a note");
	assert_string_equal(output(f), "a:1:1: error: was a warning [w]\n"
				       "a:2:1: note: still a note\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 1);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 0);
}

/* ---- consumers: callback, collect, records between processes ---- */

struct seen {
	unsigned n;
	enum dtbind_severity sev[4];
	char msg[4][32];
	char rule[4][16];
};

static void remember(void *user, const struct dtbind_finding *fd)
{
	struct seen *s = user;

	if (s->n < 4) {
		s->sev[s->n] = fd->severity;
		snprintf(s->msg[s->n], sizeof(s->msg[0]), "%s", fd->message);
		snprintf(s->rule[s->n], sizeof(s->rule[0]), "%s", fd->rule ? fd->rule : "-");
	}
	s->n++;
}

static void test_callback_receives_records_after_rules_and_werror(void **state)
{
	struct seen s = { 0 };
	struct dtbind_diag *d = dtbind_diag_new_callback(remember, &s);

	(void)state;
	assert_non_null(d);
	assert_int_equal(dtbind_diag_set_rule(d, "gone", -1), 0);
	dtbind_diag_set_werror(d, true);
	dtbind_diag_report(d, DTBIND_WARNING, at("a", 1, 2), "w", "first %d", 1);
	dtbind_diag_report(d, DTBIND_NOTE, at("a", 3, 1), NULL, "a note");
	dtbind_diag_report(d, DTBIND_ERROR, at("a", 2, 1), "gone", "dropped");
	dtbind_diag_report(d, DTBIND_NOTE, at("a", 3, 1), NULL, "its note, dropped too");
	assert_int_equal(s.n, 2);
	assert_int_equal(s.sev[0], DTBIND_ERROR);	/* -Werror applied before the consumer */
	assert_string_equal(s.msg[0], "first 1");
	assert_string_equal(s.rule[0], "w");
	assert_int_equal(s.sev[1], DTBIND_NOTE);
	assert_string_equal(s.rule[1], "-");
	assert_int_equal(dtbind_diag_count(d, DTBIND_ERROR), 1);
	dtbind_diag_free(d);
}

static void test_collect_keeps_deep_copies_in_order(void **state)
{
	struct dtbind_diag *d = dtbind_diag_new_collect();
	const struct dtbind_finding *fs;
	char file[8] = "x.yaml", msg[16] = "too long";

	(void)state;
	assert_non_null(d);
	dtbind_diag_emit(d, &(struct dtbind_finding){ .severity = DTBIND_ERROR,
		.loc = { file, 4, 7 }, .rule = "r", .message = msg, .node = "/a", .schema = "s#/x" });
	dtbind_diag_report(d, DTBIND_WARNING, at(NULL, 0, 0), NULL, "second");
	strcpy(file, "gone");	/* the sink owns its copies */
	strcpy(msg, "changed");
	assert_int_equal(dtbind_diag_collected(d, &fs), 2);
	assert_string_equal(fs[0].loc.file, "x.yaml");
	assert_int_equal(fs[0].loc.line, 4);
	assert_int_equal(fs[0].loc.col, 7);
	assert_string_equal(fs[0].message, "too long");
	assert_string_equal(fs[0].node, "/a");
	assert_string_equal(fs[0].schema, "s#/x");
	assert_null(fs[1].loc.file);
	assert_null(fs[1].rule);
	assert_string_equal(fs[1].message, "second");
	dtbind_diag_clear(d);
	assert_int_equal(dtbind_diag_collected(d, &fs), 0);
	assert_int_equal(dtbind_diag_count(d, DTBIND_ERROR), 1);	/* counts stay */
	dtbind_diag_free(d);
}

/* Records written in one process and replayed into a printer print as if emitted there. */
static void test_replay_prints_what_was_encoded(void **state)
{
	struct fixture *f = *state;
	struct dtbind_diag *c = dtbind_diag_new_collect();
	const struct dtbind_finding *fs;
	struct strbuf sb;

	assert_non_null(c);
	dtbind_diag_emit(c, &(struct dtbind_finding){ .severity = DTBIND_WARNING,
		.loc = { "b.dts", 3, 5 }, .rule = "dt-schema", .message = "m \"q\"", .node = "/n" });
	dtbind_diag_report(c, DTBIND_NOTE, at("b.dtsi", 9, 1), NULL, "here");
	sb_init(&sb);
	size_t n = dtbind_diag_collected(c, &fs);

	for (size_t i = 0; i < n; i++)
		dtbind_diag_encode(&sb, &fs[i]);
	assert_int_equal(dtbind_diag_replay(f->diag, sb.buf, sb.len), 0);
	assert_string_equal(output(f), "b.dts:3:5: warning: /n: m \"q\" [dt-schema]\n"
				       "b.dtsi:9:1: note: here\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 1);
	/* A truncated record is refused, after the whole ones were emitted. */
	assert_int_equal(dtbind_diag_replay(f->diag, sb.buf, sb.len - 2), -DTBIND_EPARSE);
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_WARNING), 2);
	assert_int_equal(dtbind_diag_replay(f->diag, "Zjunk", 5), -DTBIND_EPARSE);
	sb_free(&sb);
	dtbind_diag_free(c);
}

/* SARIF: one log written when the sink is freed; notes are related locations of their result. */
static void test_sarif_log_with_rules_results_and_notes(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct dtbind_diag *d;

	(void)state;
	assert_non_null(out);
	d = dtbind_diag_new(out, DTBIND_FORMAT_SARIF);
	assert_non_null(d);
	dtbind_diag_set_input(d, "board.dts");
	dtbind_diag_emit(d, &(struct dtbind_finding){ .severity = DTBIND_ERROR,
		.loc = { "soc.dtsi", 4, 0 }, .rule = "dt-schema", .message = "bad \"x\"", .node = "/n" });
	dtbind_diag_report(d, DTBIND_NOTE, at("s.yaml", 9, 3), NULL, "here");
	dtbind_diag_report(d, DTBIND_WARNING, at(NULL, 0, 0), "io", "no place");
	fflush(out);
	assert_int_equal(len, 0);	/* one JSON document: nothing before the end */
	dtbind_diag_free(d);
	fclose(out);
	assert_non_null(strstr(text, "{\"version\":\"2.1.0\",\"$schema\":"));
	assert_non_null(strstr(text, "{\"id\":\"dt-schema\",\"shortDescription\":{\"text\":"));
	assert_non_null(strstr(text, "\"results\":[{\"ruleId\":\"dt-schema\",\"level\":\"error\","
				     "\"message\":{\"text\":\"/n: bad \\\"x\\\"\"},\"locations\":["
				     "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"soc.dtsi\"},"
				     "\"region\":{\"startLine\":4,\"startColumn\":1}}}],"
				     "\"properties\":{\"input\":\"board.dts\"},"
				     "\"relatedLocations\":[{\"physicalLocation\":{\"artifactLocation\":"
				     "{\"uri\":\"s.yaml\"},\"region\":{\"startLine\":9,\"startColumn\":3}},"
				     "\"message\":{\"text\":\"here\"}}]},"
				     "{\"ruleId\":\"io\",\"level\":\"warning\",\"message\":{\"text\":"
				     "\"no place\"},\"properties\":{\"input\":\"board.dts\"}}]}]}\n"));
	free(text);
}

/* JSON findings name the input they came from; a record's own input wins. */
static void test_json_input_field(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a.dtsi", 1, 1), "r", "none yet");
	dtbind_diag_set_input(f->diag, "b1.dts");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a.dtsi", 1, 1), "r", "m");
	dtbind_diag_emit(f->diag, &(struct dtbind_finding){ .severity = DTBIND_NOTE,
		.message = "n", .input = "other.dts" });
	assert_string_equal(output(f),
		"{\"file\":\"a.dtsi\",\"line\":1,\"col\":1,\"severity\":\"error\",\"rule\":\"r\","
		"\"message\":\"none yet\"}\n"
		"{\"file\":\"a.dtsi\",\"line\":1,\"col\":1,\"severity\":\"error\",\"rule\":\"r\","
		"\"message\":\"m\",\"input\":\"b1.dts\"}\n"
		"{\"file\":null,\"line\":null,\"col\":null,\"severity\":\"note\",\"message\":\"n\","
		"\"input\":\"other.dts\"}\n");
}

/* dt-validate's layout: file, node, message; notes indented; the $id last. */
static void test_dtschema_prints_dt_validate_layout(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_finding err = {
		.severity = DTBIND_ERROR, .loc = at("b.dtb", 0, 0), .rule = "schema",
		.message = "'reg' is a required property", .node = "/soc/adc@10",
		.schema = "http://devicetree.org/schemas/iio/adc/acme.yaml#/required",
	};
	const struct dtbind_finding hint = {
		.severity = DTBIND_NOTE, .loc = at("acme.yaml", 3, 1), .message = "hint: add it",
	};
	const struct dtbind_finding from = {
		.severity = DTBIND_NOTE, .loc = at("acme.yaml", 40, 3), .message = "from this schema",
		.schema = "http://devicetree.org/schemas/iio/adc/acme.yaml",
	};
	const struct dtbind_finding warn = {
		.severity = DTBIND_WARNING, .loc = at("x.yaml", 12, 5), .rule = "unmatched",
		.message = "failed to match any schema", .node = "/example-0/foo",
	};

	dtbind_diag_emit(f->diag, &err);
	dtbind_diag_emit(f->diag, &hint);
	dtbind_diag_emit(f->diag, &from);
	dtbind_diag_emit(f->diag, &warn);
	assert_string_equal(output(f),
			    "b.dtb: /soc/adc@10: 'reg' is a required property\n"
			    "\thint: add it\n"
			    "\tfrom schema $id: http://devicetree.org/schemas/iio/adc/acme.yaml\n"
			    "x.yaml:12:5: warning: /example-0/foo: failed to match any schema\n");
}

/* yamllint -f parsable: [level] and (rule); notes have no place there. */
static void test_yamllint_prints_parsable_layout(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_report(f->diag, DTBIND_WARNING, at("a.yaml", 1, 8), "commas",
			   "too few spaces after comma");
	dtbind_diag_report(f->diag, DTBIND_NOTE, at("a.yaml", 1, 1), NULL, "a note");
	dtbind_diag_report(f->diag, DTBIND_ERROR, at("a.yaml", 3, 1), "syntax",
			   "syntax error: found character '\\t'");
	assert_string_equal(output(f),
			    "a.yaml:1:8: [warning] too few spaces after comma (commas)\n"
			    "a.yaml:3:1: [error] syntax error: found character '\\t' (syntax)\n");
}

int main(void)
{
#define G(fn) cmocka_unit_test_setup_teardown(fn, gcc_setup, teardown)
#define J(fn) cmocka_unit_test_setup_teardown(fn, json_setup, teardown)
	const struct CMUnitTest tests[] = {
		G(test_gcc_prints_file_line_col_severity_message_rule),
		G(test_gcc_without_line_prints_file_only),
		G(test_gcc_with_node_and_rule),
		G(test_gcc_omits_empty_parts),
		G(test_gcc_report_formats_arguments),
		J(test_json_prints_every_field_in_order),
		J(test_json_escapes_quotes_backslashes_newlines),
		J(test_json_null_position_and_omitted_fields),
		J(test_json_ignores_show_source),
		G(test_show_source_prints_line_and_caret),
		G(test_show_source_keeps_tabs_under_the_caret),
		G(test_show_source_first_column_and_line_1),
		G(test_show_source_skips_missing_lines_and_files),
		G(test_show_source_off_by_default),
		G(test_counts_per_severity),
		G(test_max_stops_printing_but_keeps_counting),
		G(test_max_keeps_notes_with_their_finding_only),
		G(test_max_zero_means_no_limit),
		G(test_rule_override_changes_or_drops_severity),
		G(test_rule_override_drops_the_notes_of_dropped_findings),
		G(test_rule_override_rejects_unknown_severity),
		G(test_werror_promotes_warnings_only),
		cmocka_unit_test(test_callback_receives_records_after_rules_and_werror),
		cmocka_unit_test(test_collect_keeps_deep_copies_in_order),
		G(test_replay_prints_what_was_encoded),
		cmocka_unit_test(test_sarif_log_with_rules_results_and_notes),
		J(test_json_input_field),
		cmocka_unit_test_setup_teardown(test_dtschema_prints_dt_validate_layout,
						dtschema_setup, teardown),
		cmocka_unit_test_setup_teardown(test_yamllint_prints_parsable_layout,
						yamllint_setup, teardown),
	};
#undef G
#undef J

	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
