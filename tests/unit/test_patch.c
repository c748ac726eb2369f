// SPDX-License-Identifier: BSD-2-Clause
/* test_patch.c - patch and mbox parsing, copies, malformed input, in-memory apply. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lint/patch.h"

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	struct dtbind_patch_series s;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->out = open_memstream(&f->text, &f->len)) ||
	    !(f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC)))
		return -1;
	dtbind_patch_series_init(&f->s);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	dtbind_patch_series_release(&f->s);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

static const char *diag_text(struct fixture *f)
{
	fflush(f->out);
	return f->text ? f->text : "";
}

static void parse(struct fixture *f, const char *name, const char *text)
{
	assert_int_equal(dtbind_patch_parse(&f->s, name, text, strlen(text), f->diag), 0);
}

#define NEW_FILE_PATCH                                                                     \
	"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"         \
	"From: Jane Doe <jane@example.com>\n"                                              \
	"Subject: [PATCH 1/2] dt-bindings: Add the\n"                                      \
	" frob\n"                                                                          \
	"\n"                                                                               \
	"Message.\n"                                                                       \
	"---\n"                                                                            \
	" a.yaml | 3 +++\n"                                                                \
	"\n"                                                                               \
	"diff --git a/Documentation/a.yaml b/Documentation/a.yaml\n"                       \
	"new file mode 100644\n"                                                           \
	"index 0000000..1111111\n"                                                         \
	"--- /dev/null\n"                                                                  \
	"+++ b/Documentation/a.yaml\n"                                                     \
	"@@ -0,0 +1,3 @@\n"                                                                \
	"+one\n"                                                                           \
	"+two\n"                                                                           \
	"+three\n"                                                                         \
	"-- \n"                                                                            \
	"2.40.0\n"                                                                         \
	"\n"

#define MODIFY_PATCH                                                                       \
	"From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001\n"         \
	"From: Jane Doe <jane@example.com>\n"                                              \
	"Subject: [PATCH 2/2] change it\n"                                                 \
	"\n"                                                                               \
	"---\n"                                                                            \
	"diff --git a/Documentation/a.yaml b/Documentation/a.yaml\n"                       \
	"index 1111111..2222222 100644\n"                                                  \
	"--- a/Documentation/a.yaml\n"                                                     \
	"+++ b/Documentation/a.yaml\n"                                                     \
	"@@ -1,3 +1,3 @@\n"                                                                \
	" one\n"                                                                           \
	"-two\n"                                                                           \
	"+TWO\n"                                                                           \
	" three\n"                                                                         \
	"\\ No newline at end of file\n"                                                   \
	"-- \n"                                                                            \
	"2.40.0\n"

static void test_format_patch_files_hunks_and_lines(void **state)
{
	struct fixture *f = *state;

	parse(f, "0001.patch", NEW_FILE_PATCH);
	assert_int_equal(f->s.n, 1);
	const struct dtbind_patch *p = &f->s.patches[0];

	assert_string_equal(p->subject, "[PATCH 1/2] dt-bindings: Add the frob");
	assert_null(p->message_id);
	assert_int_equal(p->at, 1);
	assert_int_equal(p->n_files, 1);
	const struct dtbind_patch_file *pf = &p->files[0];

	assert_int_equal(pf->op, DTBIND_PATCH_ADD);
	assert_null(pf->old_path);
	assert_string_equal(pf->new_path, "Documentation/a.yaml");
	assert_int_equal(pf->at, 10);
	assert_int_equal(pf->mode_at, 11);
	assert_int_equal(pf->n_hunks, 1);
	assert_int_equal(pf->hunks[0].new_count, 3);
	assert_int_equal(pf->hunks[0].n, 3);
	assert_int_equal(pf->hunks[0].lines[2].at, 18);
	assert_string_equal(pf->hunks[0].lines[2].text, "three");
	assert_string_equal(diag_text(f), "");
}

static void test_mbox_splits_messages(void **state)
{
	struct fixture *f = *state;

	parse(f, "s.mbox", NEW_FILE_PATCH MODIFY_PATCH);
	assert_int_equal(f->s.n, 2);
	assert_string_equal(f->s.patches[1].subject, "[PATCH 2/2] change it");
	assert_int_equal(f->s.patches[1].at, 22);
	const struct dtbind_patch_hunk *h = &f->s.patches[1].files[0].hunks[0];

	assert_int_equal(f->s.patches[1].files[0].op, DTBIND_PATCH_MODIFY);
	assert_int_equal(h->n, 4);
	assert_true(h->lines[3].no_eol);
	assert_string_equal(diag_text(f), "");
}

static void test_archive_copies_are_skipped(void **state)
{
	struct fixture *f = *state;
	static const char copy[] =
		"\nWARNING: multiple messages have this Message-ID (diff)\n"
		"From: Jane Doe <jane@example.com>\n"
		"Subject: [PATCH 1/2] dt-bindings: Add the frob\n"
		"Message-ID: <x@y> (raw)\n"
		"\n"
		"diff --git a/Documentation/a.yaml b/Documentation/a.yaml\n"
		"new file mode 100644\n"
		"index 0000000..1111111\n"
		"--- /dev/null\n"
		"+++ b/Documentation/a.yaml\n"
		"@@ -0,0 +1,3 @@\n"
		"+one\n"
		"+two\n"
		"+three\n";
	char *buf = malloc(sizeof(NEW_FILE_PATCH) + 2 * sizeof(copy));

	strcpy(buf, NEW_FILE_PATCH);
	strcat(buf, copy);
	strcat(buf, copy);
	/* The third message differs: a mail archive's mangled copy. */
	*strrchr(buf, 'e') = 'E';
	parse(f, "s.mbox", buf);
	free(buf);
	assert_int_equal(f->s.n, 1);
	assert_string_equal(
		diag_text(f),
		"s.mbox:39:1: note: another copy of '[PATCH 1/2] dt-bindings: Add the frob' "
		"(first at line 1) has a different diff (a mail archive's copy?); only the "
		"first is checked [patch]\n");
}

static void test_same_patch_twice_is_one(void **state)
{
	struct fixture *f = *state;

	parse(f, "a.patch", NEW_FILE_PATCH);
	parse(f, "b.patch", NEW_FILE_PATCH);
	assert_int_equal(f->s.n, 1);
	assert_string_equal(diag_text(f), "");
}

static void test_truncated_hunk_is_located(void **state)
{
	struct fixture *f = *state;

	parse(f, "t.patch",
	      "diff --git a/x.yaml b/x.yaml\n"
	      "--- a/x.yaml\n"
	      "+++ b/x.yaml\n"
	      "@@ -1,1 +1,3 @@\n"
	      " a\n"
	      "+b\n"
	      "-- \n"
	      "2.1\n");
	assert_int_equal(f->s.n, 1);
	assert_true(f->s.patches[0].files[0].broken);
	assert_string_equal(
		diag_text(f),
		"t.patch:7:1: error: the hunk at line 4 of 'x.yaml' ends early: line 7 is "
		"the signature ('-- '); 0 old and 1 new lines are missing [patch]\n");
}

static void test_hunk_at_end_of_input(void **state)
{
	struct fixture *f = *state;

	parse(f, "t.patch", "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n");
	assert_true(f->s.patches[0].files[0].broken);
	assert_string_equal(
		diag_text(f),
		"t.patch:4:1: error: the hunk at line 3 of 'x' ends early: line 4 is the end "
		"of the message; 1 old and 1 new lines are missing [patch]\n");
}

static void test_huge_counts_stay_bounded(void **state)
{
	struct fixture *f = *state;

	parse(f, "h.patch", "--- a/x\n+++ b/x\n@@ -1,1000000000 +1,1000000000 @@\n a\n b\n");
	assert_true(f->s.patches[0].files[0].broken);
	assert_int_equal(f->s.patches[0].files[0].hunks[0].n, 2);
	parse(f, "h2.patch", "--- a/y\n+++ b/y\n@@ -1,99999999999999999999 +1 @@\n a\n");
	assert_non_null(strstr(diag_text(f), "h2.patch:3:1: error: malformed hunk header"));
}

static void test_quoted_and_renamed_paths(void **state)
{
	struct fixture *f = *state;

	parse(f, "q.patch",
	      "diff --git \"a/dir/sp ace\\303\\251.yaml\" \"b/dir/sp ace\\303\\251.yaml\"\n"
	      "index 1..2 100644\n"
	      "--- \"a/dir/sp ace\\303\\251.yaml\"\n"
	      "+++ \"b/dir/sp ace\\303\\251.yaml\"\n"
	      "@@ -1 +1 @@\n"
	      "-a\n"
	      "+b\n"
	      "diff --git a/old.yaml b/new.yaml\n"
	      "similarity index 90%\n"
	      "rename from old.yaml\n"
	      "rename to new.yaml\n"
	      "index 1..2 100644\n"
	      "--- a/old.yaml\n"
	      "+++ b/new.yaml\n"
	      "@@ -1 +1 @@\n"
	      "-a\n"
	      "+b\n");
	const struct dtbind_patch *p = &f->s.patches[0];

	assert_int_equal(p->n_files, 2);
	assert_string_equal(p->files[0].new_path, "dir/sp ace\xc3\xa9.yaml");
	assert_string_equal(p->files[0].old_path, "dir/sp ace\xc3\xa9.yaml");
	assert_int_equal(p->files[1].op, DTBIND_PATCH_RENAME);
	assert_string_equal(p->files[1].old_path, "old.yaml");
	assert_string_equal(p->files[1].new_path, "new.yaml");
	assert_string_equal(diag_text(f), "");
}

static void test_quoted_printable_keeps_input_lines(void **state)
{
	struct fixture *f = *state;

	parse(f, "qp.patch",
	      "From: a@b\n"
	      "Subject: [PATCH] qp\n"
	      "Content-Transfer-Encoding: quoted-printable\n"
	      "\n"
	      "diff --git a/x.dts b/x.dts\n"
	      "--- a/x.dts\n"
	      "+++ b/x.dts\n"
	      "@@ -1 +1,2 @@\n"
	      " a\n"
	      "+compatible =3D \"acme,very-long=\n"
	      "-name\";\n");
	const struct dtbind_patch_hunk *h = &f->s.patches[0].files[0].hunks[0];

	assert_int_equal(h->n, 2);
	assert_string_equal(h->lines[1].text, "compatible = \"acme,very-long-name\";");
	assert_int_equal(h->lines[1].at, 10);
	assert_string_equal(diag_text(f), "");
}

static void test_base64_is_refused(void **state)
{
	struct fixture *f = *state;

	parse(f, "b.patch", "Subject: x\nContent-Transfer-Encoding: base64\n\nZGlmZg==\n");
	assert_int_equal(f->s.n, 0);
	assert_non_null(strstr(diag_text(f), "b.patch:2:1: error: the message body is base64"));
}

static void test_crlf_and_garbage(void **state)
{
	struct fixture *f = *state;
	char junk[4096];

	parse(f, "crlf.patch", "--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n");
	assert_string_equal(f->s.patches[0].files[0].new_path, "x");
	assert_string_equal(f->s.patches[0].files[0].hunks[0].lines[1].text, "b");
	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (char)((i * 7919u + 13u) % 251u);
	assert_int_equal(dtbind_patch_parse(&f->s, "junk", junk, sizeof(junk), f->diag), 0);
	assert_int_equal(dtbind_patch_parse(&f->s, "empty", "", 0, f->diag), 0);
}

static void test_mboxrd_splits_on_from_lines_only(void **state)
{
	struct fixture *f = *state;

	parse(f, "rd.mbox",
	      "From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	      "Subject: [PATCH 1/2] x\n"
	      "\n"
	      ">From the start, this message quotes a From line.\n"
	      "\n"
	      "From the start again: not a separator (no date).\n"
	      "diff --git a/x b/x\n"
	      "--- a/x\n"
	      "+++ b/x\n"
	      "@@ -1 +1,2 @@\n"
	      " a\n"
	      "+b\n"
	      "\n"
	      "From mboxrd@z Thu Jan  1 00:00:00 1970\n"
	      "Subject: [PATCH 2/2] y\n"
	      "\n"
	      "diff --git a/y b/y\n"
	      "--- a/y\n"
	      "+++ b/y\n"
	      "@@ -1 +1 @@\n"
	      "-a\n"
	      "+b\n");
	assert_int_equal(f->s.n, 2);
	assert_int_equal(f->s.patches[1].at, 14);
	assert_string_equal(f->s.patches[1].files[0].new_path, "y");
	assert_string_equal(diag_text(f), "");
}

/* Apply the first file of the first patch to @base; the result joined. */
static char *apply(struct fixture *f, const char *base, int *ret)
{
	struct dtbind_text t;
	char *out;

	assert_int_equal(dtbind_text_from_buffer(&t, base, strlen(base)), 0);
	*ret = dtbind_patch_apply(&f->s.patches[0], &f->s.patches[0].files[0], &t, "a.yaml",
				  f->diag);
	out = dtbind_text_join(&t, NULL);
	dtbind_text_free(&t);
	return out;
}

static void test_apply_with_offset_and_origins(void **state)
{
	struct fixture *f = *state;
	struct dtbind_text t;
	const char *base = "x\ny\none\ntwo\nthree\n";

	parse(f, "m.patch", MODIFY_PATCH);
	assert_int_equal(dtbind_text_from_buffer(&t, base, strlen(base)), 0);
	assert_int_equal(dtbind_patch_apply(&f->s.patches[0], &f->s.patches[0].files[0], &t,
					    "a.yaml", f->diag), 0);
	char *out = dtbind_text_join(&t, NULL);

	/* The hunk said line 1; it applies at line 3; "three" had no newline in the patch. */
	assert_string_equal(out, "x\ny\none\nTWO\nthree");
	assert_null(t.lines[2].patch);
	assert_int_equal(t.lines[2].at, 3);
	assert_ptr_equal(t.lines[3].patch, &f->s.patches[0]);
	assert_int_equal(t.lines[3].at, 13);
	free(out);
	dtbind_text_free(&t);
	assert_string_equal(diag_text(f), "");
}

static void test_apply_failure_is_located(void **state)
{
	struct fixture *f = *state;
	int ret;

	parse(f, "m.patch", MODIFY_PATCH);
	char *out = apply(f, "one\n2\nthree\n", &ret);

	assert_int_equal(ret, -DTBIND_EPARSE);
	assert_string_equal(out, "one\n2\nthree\n");	/* unchanged */
	free(out);
	assert_string_equal(
		diag_text(f),
		"m.patch:10:1: error: this hunk does not apply to 'a.yaml': its 3 old lines "
		"are not in the file (from line 1 on) [patch-apply]\n");
}

static void test_apply_new_file(void **state)
{
	struct fixture *f = *state;
	int ret;

	parse(f, "n.patch", NEW_FILE_PATCH);
	char *out = apply(f, "", &ret);

	assert_int_equal(ret, 0);
	assert_string_equal(out, "one\ntwo\nthree\n");
	free(out);
}

static void test_apply_sees_an_applied_patch(void **state)
{
	struct fixture *f = *state;
	struct dtbind_text t;
	const char *tree = "zero\none\nTWO\nthree";

	parse(f, "m.patch", MODIFY_PATCH);
	assert_int_equal(dtbind_text_from_buffer(&t, tree, strlen(tree)), 0);
	assert_int_equal(dtbind_patch_apply(&f->s.patches[0], &f->s.patches[0].files[0], &t,
					    "a.yaml", f->diag), 1);
	assert_int_equal(t.n, 4);
	assert_null(t.lines[1].patch);
	assert_ptr_equal(t.lines[2].patch, &f->s.patches[0]);
	assert_int_equal(t.lines[2].at, 13);
	dtbind_text_free(&t);
	assert_string_equal(diag_text(f), "");
}

static void test_check_rules_table(void **state)
{
	const struct dtbind_rule *r = dtbind_rule_find("patch");

	(void)state;
	assert_non_null(r);
	assert_true(r->tools & DTBIND_TOOL_CHECK);
	assert_ptr_equal(dtbind_rule_find("UNDOCUMENTED_DT_STRING"),
			 dtbind_rule_find("undocumented-dt-string"));
	assert_true(dtbind_rule_find("UNDOCUMENTED_DT_STRING")->tools & DTBIND_TOOL_CHECK);
	assert_null(dtbind_rule_find("no-such-rule"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_format_patch_files_hunks_and_lines, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_mbox_splits_messages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_archive_copies_are_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_same_patch_twice_is_one, setup, teardown),
		cmocka_unit_test_setup_teardown(test_truncated_hunk_is_located, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hunk_at_end_of_input, setup, teardown),
		cmocka_unit_test_setup_teardown(test_huge_counts_stay_bounded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quoted_and_renamed_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_quoted_printable_keeps_input_lines, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_base64_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_crlf_and_garbage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mboxrd_splits_on_from_lines_only, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_apply_with_offset_and_origins, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_apply_failure_is_located, setup, teardown),
		cmocka_unit_test_setup_teardown(test_apply_new_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_apply_sees_an_applied_patch, setup, teardown),
		cmocka_unit_test(test_check_rules_table),
	};
	return cmocka_run_group_tests_name("patch", tests, NULL, NULL);
}
