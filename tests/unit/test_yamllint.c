// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_yamllint.c - the .yamllint rules: each rule firing with yamllint's
 * message at yamllint's line:col, staying silent on good input, and its
 * options, levels and `disable`; syntax errors in PyYAML's words and places;
 * `# yamllint` directives; loading configurations.
 *
 * The expected outputs of the table were produced by yamllint 1.29 itself
 * (`yamllint -f parsable` on the same text and configuration, rewritten to
 * dtbind's format), so a difference here is a difference from yamllint.
 */
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
#include "lint/yamllint.h"

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	struct yamllint_config *cfg;
	char dir[64];
	char path[2][128];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->out = open_memstream(&f->text, &f->len);
	if (!f->out)
		return -1;
	f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC);
	if (!f->diag)
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 2; i++)
		if (f->path[i][0])
			unlink(f->path[i]);
	if (f->dir[0])
		rmdir(f->dir);
	yamllint_config_free(f->cfg);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

static const char *output(struct fixture *f)
{
	fflush(f->out);
	return f->text ? f->text : "";
}

/* Load @config (NULL: the kernel's) into f->cfg; 0 or the error. */
static int load(struct fixture *f, const char *config)
{
	yamllint_config_free(f->cfg);
	f->cfg = NULL;
	if (!config)
		return yamllint_config_load(NULL, f->diag, &f->cfg);
	return yamllint_config_load_string("cfg.yaml", config, strlen(config), f->diag, &f->cfg);
}

/* Check @text as t.yaml; returns what yamllint_check() returned. */
static int check(struct fixture *f, const char *text, size_t len)
{
	return yamllint_check(f->cfg, "t.yaml", text, len, f->diag);
}

static unsigned count_lines(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ------------------------------------------------------------------ */
/* One case per rule behaviour: the output must be exactly yamllint's.  */

struct ycase {
	const char *name;
	const char *config;	/* NULL: the kernel's .yamllint built in */
	const char *input;
	const char *expected;
};

static const struct ycase cases[] = {
	/* name, configuration (NULL: the kernel's), input, expected output */
	{ "braces_too_many_spaces_inside",
	  "rules: {braces: enable}",
	  "a: { b: 1 }\n",
	  "t.yaml:1:5: error: too many spaces inside braces [braces]\n"
	  "t.yaml:1:10: error: too many spaces inside braces [braces]\n" },
	{ "braces_ok_without_spaces",
	  "rules: {braces: enable}",
	  "a: {b: 1}\n",
	  "" },
	{ "braces_max_spaces_inside_option",
	  "rules: {braces: {max-spaces-inside: 1}}",
	  "a: { b: 1 }\n"
	  "c: {  d: 1}\n",
	  "t.yaml:2:6: error: too many spaces inside braces [braces]\n" },
	{ "braces_min_spaces_inside_option",
	  "rules: {braces: {min-spaces-inside: 1, max-spaces-inside: 2}}",
	  "a: {b: 1 }\n",
	  "t.yaml:1:5: error: too few spaces inside braces [braces]\n" },
	{ "braces_empty_options",
	  "rules: {braces: {min-spaces-inside-empty: 1, max-spaces-inside-empty: 1}}",
	  "a: {}\n"
	  "b: {  }\n"
	  "c: { }\n",
	  "t.yaml:1:5: error: too few spaces inside empty braces [braces]\n"
	  "t.yaml:2:6: error: too many spaces inside empty braces [braces]\n" },
	{ "braces_forbid_true",
	  "rules: {braces: {forbid: true}}",
	  "a: {}\n"
	  "b: {c: 1}\n",
	  "t.yaml:1:5: error: forbidden flow mapping [braces]\n"
	  "t.yaml:2:5: error: forbidden flow mapping [braces]\n" },
	{ "braces_forbid_non_empty",
	  "rules: {braces: {forbid: non-empty}}",
	  "a: {}\n"
	  "b: {c: 1}\n",
	  "t.yaml:2:5: error: forbidden flow mapping [braces]\n" },
	{ "braces_disabled",
	  "rules: {braces: disable}",
	  "a: {   b: 1   }\n",
	  "" },
	{ "brackets_too_many_spaces_inside",
	  "rules: {brackets: enable}",
	  "a: [ 1, 2 ]\n",
	  "t.yaml:1:5: error: too many spaces inside brackets [brackets]\n"
	  "t.yaml:1:10: error: too many spaces inside brackets [brackets]\n" },
	{ "brackets_ok",
	  "rules: {brackets: enable}",
	  "a: [1, 2]\n"
	  "b: []\n",
	  "" },
	{ "brackets_kernel_empty_with_space",
	  NULL,
	  "---\n"
	  "a: [ ]\n"
	  "b: [  1]\n",
	  "t.yaml:2:5: warning: too many spaces inside empty brackets [brackets]\n"
	  "t.yaml:3:6: warning: too many spaces inside brackets [brackets]\n" },
	{ "brackets_forbid_true",
	  "rules: {brackets: {forbid: true}}",
	  "a: [1]\n",
	  "t.yaml:1:5: error: forbidden flow sequence [brackets]\n" },
	{ "brackets_disabled",
	  "rules: {brackets: disable}",
	  "a: [   1   ]\n",
	  "" },
	{ "colons_too_many_spaces_before_and_after",
	  "rules: {colons: enable}",
	  "a : 1\n"
	  "b:  2\n",
	  "t.yaml:1:2: error: too many spaces before colon [colons]\n"
	  "t.yaml:2:4: error: too many spaces after colon [colons]\n" },
	{ "colons_ok",
	  "rules: {colons: enable}",
	  "a: 1\n"
	  "b:\n"
	  "  c: 2\n",
	  "" },
	{ "colons_question_mark",
	  "rules: {colons: enable}",
	  "?  a\n"
	  ": b\n",
	  "t.yaml:1:3: error: too many spaces after question mark [colons]\n" },
	{ "colons_options",
	  "rules: {colons: {max-spaces-before: -1, max-spaces-after: 3}}",
	  "a   :   1\n",
	  "" },
	{ "commas_spaces",
	  "rules: {commas: enable}",
	  "a: [1 , 2,3,   4]\n",
	  "t.yaml:1:6: error: too many spaces before comma [commas]\n"
	  "t.yaml:1:11: error: too few spaces after comma [commas]\n"
	  "t.yaml:1:15: error: too many spaces after comma [commas]\n" },
	{ "commas_before_on_next_line",
	  "rules: {commas: enable}",
	  "a: [1\n"
	  "  , 2]\n",
	  "t.yaml:2:2: error: too many spaces before comma [commas]\n" },
	{ "commas_ok",
	  "rules: {commas: enable}",
	  "a: [1, 2, 3]\n",
	  "" },
	{ "commas_options",
	  "rules: {commas: {max-spaces-before: -1, min-spaces-after: 0, max-spaces-afte"
	  "r: -1}}",
	  "a: [1 ,2,    3]\n",
	  "" },
	{ "comments_missing_space_and_too_close",
	  "rules: {comments: enable}",
	  "#bad\n"
	  "a: 1 # too close\n"
	  "b: 2  #no space\n",
	  "t.yaml:1:2: error: missing starting space in comment [comments]\n"
	  "t.yaml:2:6: error: too few spaces before comment [comments]\n"
	  "t.yaml:3:8: error: missing starting space in comment [comments]\n" },
	{ "comments_ok",
	  "rules: {comments: enable}",
	  "# good\n"
	  "a: 1  # fine\n"
	  "##\n"
	  "#\n",
	  "" },
	{ "comments_shebang",
	  "rules: {comments: enable}",
	  "#!/bin/sh\n"
	  "a: 1\n",
	  "" },
	{ "comments_shebang_not_ignored",
	  "rules: {comments: {ignore-shebangs: false}}",
	  "#!/bin/sh\n"
	  "a: 1\n",
	  "t.yaml:1:2: error: missing starting space in comment [comments]\n" },
	{ "comments_kernel_options",
	  NULL,
	  "---\n"
	  "#ok in the kernel\n"
	  "a: 1 #one space is enough\n"
	  "b: 2#not a comment\n",
	  "" },
	{ "comments_indentation_bad",
	  "rules: {comments-indentation: enable}",
	  "a:\n"
	  "  b: 1\n"
	  "    # over\n"
	  "  c: 2\n"
	  "# back\n"
	  "  # wrong\n",
	  "t.yaml:3:5: error: comment not indented like content [comments-indentation]"
	  "\n"
	  "t.yaml:6:3: error: comment not indented like content [comments-indentation]"
	  "\n" },
	{ "comments_indentation_ok",
	  "rules: {comments-indentation: enable}",
	  "a:\n"
	  "  # here\n"
	  "  b: 1\n"
	  "# or here\n"
	  "c: 2\n",
	  "" },
	{ "document_end_missing",
	  "rules: {document-end: enable}",
	  "---\n"
	  "a: 1\n"
	  "---\n"
	  "b: 2\n",
	  "t.yaml:3:1: error: missing document end \"...\" [document-end]\n"
	  "t.yaml:4:1: error: missing document end \"...\" [document-end]\n" },
	{ "document_end_present",
	  "rules: {document-end: enable}",
	  "---\n"
	  "a: 1\n"
	  "...\n",
	  "" },
	{ "document_end_forbidden",
	  "rules: {document-end: {present: false}}",
	  "---\n"
	  "a: 1\n"
	  "...\n",
	  "t.yaml:3:1: error: found forbidden document end \"...\" [document-end]\n" },
	{ "document_start_missing",
	  "rules: {document-start: enable}",
	  "a: 1\n",
	  "t.yaml:1:1: error: missing document start \"---\" [document-start]\n" },
	{ "document_start_present",
	  "rules: {document-start: enable}",
	  "---\n"
	  "a: 1\n",
	  "" },
	{ "document_start_forbidden",
	  "rules: {document-start: {present: false}}",
	  "---\n"
	  "a: 1\n",
	  "t.yaml:1:1: error: found forbidden document start \"---\" [document-start]\n" },
	{ "document_start_kernel_level_error",
	  NULL,
	  "a: 1\n",
	  "t.yaml:1:1: error: missing document start \"---\" [document-start]\n" },
	{ "empty_lines_too_many",
	  "rules: {empty-lines: enable}",
	  "a: 1\n"
	  "\n"
	  "\n"
	  "\n"
	  "b: 2\n",
	  "t.yaml:4:1: error: too many blank lines (3 > 2) [empty-lines]\n" },
	{ "empty_lines_start_and_end",
	  "rules: {empty-lines: enable}",
	  "\n"
	  "a: 1\n"
	  "\n",
	  "t.yaml:1:1: error: too many blank lines (1 > 0) [empty-lines]\n"
	  "t.yaml:3:1: error: too many blank lines (1 > 0) [empty-lines]\n" },
	{ "empty_lines_ok",
	  "rules: {empty-lines: enable}",
	  "a: 1\n"
	  "\n"
	  "\n"
	  "b: 2\n",
	  "" },
	{ "empty_lines_kernel",
	  NULL,
	  "---\n"
	  "a: 1\n"
	  "\n"
	  "\n"
	  "\n"
	  "\n"
	  "b: 2\n"
	  "\n"
	  "\n",
	  "t.yaml:6:1: warning: too many blank lines (4 > 3) [empty-lines]\n"
	  "t.yaml:9:1: warning: too many blank lines (2 > 1) [empty-lines]\n" },
	{ "empty_lines_crlf",
	  "rules: {empty-lines: enable}",
	  "a: 1\r\n"
	  "\r\n"
	  "\r\n"
	  "\r\n"
	  "b: 2\r\n",
	  "t.yaml:4:1: error: too many blank lines (3 > 2) [empty-lines]\n" },
	{ "empty_values_block_and_flow",
	  "rules: {empty-values: enable}",
	  "a:\n"
	  "b: {c: , d: 1}\n"
	  "e:\n"
	  "  f: 1\n",
	  "t.yaml:1:3: error: empty value in block mapping [empty-values]\n"
	  "t.yaml:2:7: error: empty value in flow mapping [empty-values]\n" },
	{ "empty_values_options",
	  "rules: {empty-values: {forbid-in-block-mappings: false}}",
	  "a:\n"
	  "b: {c: }\n",
	  "t.yaml:2:7: error: empty value in flow mapping [empty-values]\n" },
	{ "float_values_all",
	  "rules: {float-values: {require-numeral-before-decimal: true, forbid-scientif"
	  "ic-notation: true, forbid-nan: true, forbid-inf: true}}",
	  "a: .5\n"
	  "b: 1e3\n"
	  "c: .nan\n"
	  "d: -.inf\n"
	  "e: 0.5\n"
	  "f: '.5'\n",
	  "t.yaml:1:4: error: forbidden decimal missing 0 prefix \".5\" [float-values]"
	  "\n"
	  "t.yaml:2:4: error: forbidden scientific notation \"1e3\" [float-values]\n"
	  "t.yaml:3:4: error: forbidden not a number value \".nan\" [float-values]\n"
	  "t.yaml:4:4: error: forbidden infinite value \"-.inf\" [float-values]\n" },
	{ "float_values_defaults_silent",
	  "rules: {float-values: enable}",
	  "a: .5\n"
	  "b: 1e3\n"
	  "c: .nan\n",
	  "" },
	{ "hyphens_too_many_spaces",
	  "rules: {hyphens: enable}",
	  "-  a\n"
	  "- b\n",
	  "t.yaml:1:3: error: too many spaces after hyphen [hyphens]\n" },
	{ "hyphens_option",
	  "rules: {hyphens: {max-spaces-after: 3}}",
	  "-   a\n"
	  "-    b\n",
	  "t.yaml:2:5: error: too many spaces after hyphen [hyphens]\n" },
	{ "indentation_wrong",
	  "rules: {indentation: enable}",
	  "a:\n"
	  "  b: 1\n"
	  "c:\n"
	  "   d: 2\n",
	  "t.yaml:4:4: error: wrong indentation: expected 2 but found 3 [indentation]\n" },
	{ "indentation_spaces_option",
	  "rules: {indentation: {spaces: 4}}",
	  "a:\n"
	  "  b: 1\n",
	  "t.yaml:2:3: error: wrong indentation: expected 4 but found 2 [indentation]\n" },
	{ "indentation_sequences_true",
	  "rules: {indentation: {spaces: 2}}",
	  "a:\n"
	  "- b\n",
	  "t.yaml:2:1: error: wrong indentation: expected 2 but found 0 [indentation]\n" },
	{ "indentation_sequences_false",
	  "rules: {indentation: {spaces: 2, indent-sequences: false}}",
	  "a:\n"
	  "  - b\n",
	  "t.yaml:2:3: error: wrong indentation: expected 0 but found 2 [indentation]\n" },
	{ "indentation_sequences_whatever",
	  "rules: {indentation: {spaces: 2, indent-sequences: whatever}}",
	  "a:\n"
	  "  - b\n"
	  "c:\n"
	  "- d\n",
	  "" },
	{ "indentation_sequences_consistent",
	  "rules: {indentation: {spaces: 2, indent-sequences: consistent}}",
	  "a:\n"
	  "- b\n"
	  "c:\n"
	  "  - d\n",
	  "t.yaml:4:3: error: wrong indentation: expected 0 but found 2 [indentation]\n" },
	{ "indentation_consistent_spaces",
	  "rules: {indentation: enable}",
	  "a:\n"
	  "   b:\n"
	  "      c: 1\n"
	  "   d:\n"
	  "     e: 2\n",
	  "t.yaml:5:6: error: wrong indentation: expected 6 but found 5 [indentation]\n" },
	{ "indentation_at_least",
	  "rules: {indentation: enable}",
	  "a:\n"
	  "- b\n",
	  "t.yaml:2:1: error: wrong indentation: expected at least 1 [indentation]\n" },
	{ "indentation_multi_line_strings",
	  "rules: {indentation: {spaces: 2, check-multi-line-strings: true}}",
	  "a: |\n"
	  "  x\n"
	  "   y\n"
	  "b: plain\n"
	  "  text\n"
	  "   more\n",
	  "t.yaml:3:4: error: wrong indentation: expected 2 but found 3 [indentation]\n"
	  "t.yaml:5:3: error: wrong indentation: expected 3 but found 2 [indentation]\n" },
	{ "indentation_flow",
	  "rules: {indentation: {spaces: 2}}",
	  "a: [\n"
	  "    1,\n"
	  "  2\n"
	  "  ]\n",
	  "t.yaml:2:5: error: wrong indentation: expected 2 but found 4 [indentation]\n"
	  "t.yaml:4:3: error: wrong indentation: expected 0 but found 2 [indentation]\n" },
	{ "indentation_kernel_ok",
	  NULL,
	  "---\n"
	  "a:\n"
	  "  - b\n"
	  "  - c:\n"
	  "      d: 1\n",
	  "" },
	{ "key_duplicates",
	  "rules: {key-duplicates: enable}",
	  "a: 1\n"
	  "b: 2\n"
	  "a: 3\n"
	  "<<: 4\n"
	  "<<: 5\n"
	  "c: {x: 1, x: 2}\n"
	  "d: [x: 1, x: 2]\n",
	  "t.yaml:3:1: error: duplication of key \"a\" in mapping [key-duplicates]\n"
	  "t.yaml:6:11: error: duplication of key \"x\" in mapping [key-duplicates]\n" },
	{ "key_duplicates_nested_ok",
	  "rules: {key-duplicates: enable}",
	  "a:\n"
	  "  x: 1\n"
	  "b:\n"
	  "  x: 2\n",
	  "" },
	{ "key_ordering",
	  "rules: {key-ordering: enable}",
	  "b: 1\n"
	  "a: 2\n"
	  "c:\n"
	  "  z: 1\n"
	  "  y: 2\n",
	  "t.yaml:2:1: error: wrong ordering of key \"a\" in mapping [key-ordering]\n"
	  "t.yaml:5:3: error: wrong ordering of key \"y\" in mapping [key-ordering]\n" },
	{ "line_length_too_long",
	  "rules: {line-length: {max: 20}}",
	  "a: this line is quite long indeed\n"
	  "b: short\n",
	  "t.yaml:1:21: error: line too long (33 > 20 characters) [line-length]\n" },
	{ "line_length_non_breakable_word",
	  "rules: {line-length: {max: 20}}",
	  "a:\n"
	  "  - https://example.com/a/very/long/url\n"
	  "# https://example.com/a/very/long/url\n",
	  "" },
	{ "line_length_words_not_allowed",
	  "rules: {line-length: {max: 20, allow-non-breakable-words: false}}",
	  "- https://example.com/a/very/long/url\n",
	  "t.yaml:1:21: error: line too long (37 > 20 characters) [line-length]\n" },
	{ "line_length_inline_mapping",
	  "rules: {line-length: {max: 20, allow-non-breakable-inline-mappings: true}}",
	  "url: https://example.com/a/very/long/url\n"
	  "url2: \"https://example.com/a/long/url\"\n",
	  "" },
	{ "line_length_counts_characters",
	  "rules: {line-length: {max: 10}}",
	  "a: \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\n"
	  "b: \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\n",
	  "t.yaml:1:11: error: line too long (11 > 10 characters) [line-length]\n"
	  "t.yaml:2:11: error: line too long (12 > 10 characters) [line-length]\n" },
	{ "line_length_kernel_warning",
	  NULL,
	  "---\n"
	  "description: word word word word word word word word word word word word wor"
	  "d word word word word word word word word word \n",
	  "t.yaml:2:111: warning: line too long (123 > 110 characters) [line-length]\n" },
	{ "new_line_at_end_missing",
	  "rules: {new-line-at-end-of-file: enable}",
	  "a: 1\n"
	  "b: 2",
	  "t.yaml:2:5: error: no new line character at the end of file [new-line-at-end"
	  "-of-file]\n" },
	{ "new_lines_crlf_with_unix",
	  "rules: {new-lines: enable}",
	  "a: 1\r\n"
	  "b: 2\r\n",
	  "t.yaml:1:5: error: wrong new line character: expected \\n [new-lines]\n" },
	{ "new_lines_lf_with_dos",
	  "rules: {new-lines: {type: dos}}",
	  "a: 1\n"
	  "b: 2\n",
	  "t.yaml:1:5: error: wrong new line character: expected \\r\\n [new-lines]\n" },
	{ "new_lines_dos_ok",
	  "rules: {new-lines: {type: dos}}",
	  "a: 1\r\n"
	  "b: 2\r\n",
	  "" },
	{ "octal_values",
	  "rules: {octal-values: enable}",
	  "a: 010\n"
	  "b: 0o10\n"
	  "c: '010'\n"
	  "d: !!str 010\n"
	  "e: 0\n"
	  "f: 0x10\n",
	  "t.yaml:1:7: error: forbidden implicit octal value \"010\" [octal-values]\n"
	  "t.yaml:2:8: error: forbidden explicit octal value \"0o10\" [octal-values]\n" },
	{ "octal_values_explicit_allowed",
	  "rules: {octal-values: {forbid-explicit-octal: false}}",
	  "a: 010\n"
	  "b: 0o10\n",
	  "t.yaml:1:7: error: forbidden implicit octal value \"010\" [octal-values]\n" },
	{ "quoted_strings_required_true",
	  "rules: {quoted-strings: enable}",
	  "a: foo\n"
	  "b: 'bar'\n"
	  "c: 1\n"
	  "d: true\n"
	  "e: |\n"
	  "  x\n"
	  "f: null\n",
	  "t.yaml:1:4: error: string value is not quoted with any quotes [quoted-string"
	  "s]\n" },
	{ "quoted_strings_quote_type",
	  "rules: {quoted-strings: {quote-type: single}}",
	  "a: \"foo\"\n"
	  "b: 'bar'\n"
	  "c: \"it's\"\n",
	  "t.yaml:1:4: error: string value is not quoted with single quotes [quoted-str"
	  "ings]\n"
	  "t.yaml:3:4: error: string value is not quoted with single quotes [quoted-str"
	  "ings]\n" },
	{ "quoted_strings_allow_quoted_quotes",
	  "rules: {quoted-strings: {quote-type: single, allow-quoted-quotes: true}}",
	  "c: \"it's\"\n"
	  "d: \"plain\"\n",
	  "t.yaml:2:4: error: string value is not quoted with single quotes [quoted-str"
	  "ings]\n" },
	{ "quoted_strings_only_when_needed",
	  "rules: {quoted-strings: {required: only-when-needed}}",
	  "a: 'foo'\n"
	  "b: 'foo: bar'\n"
	  "c: '1'\n"
	  "d: ''\n"
	  "e: 'yes'\n"
	  "f: '#x'\n"
	  "g: [ 'x' ]\n",
	  "t.yaml:1:4: error: string value is redundantly quoted with any quotes [quote"
	  "d-strings]\n"
	  "t.yaml:7:6: error: string value is redundantly quoted with any quotes [quote"
	  "d-strings]\n" },
	{ "quoted_strings_extra_required",
	  "rules: {quoted-strings: {required: false, extra-required: ['^http']}}",
	  "a: http://x\n"
	  "b: 'http://y'\n"
	  "c: foo\n",
	  "t.yaml:1:4: error: string value is not quoted [quoted-strings]\n" },
	{ "quoted_strings_kernel_612_extra_allowed",
	  "rules:\n"
	  "  quoted-strings:\n"
	  "    required: only-when-needed\n"
	  "    extra-allowed:\n"
	  "      - '[$^,[]'\n"
	  "      - '^/$'\n",
	  "a: '^foo$'\n"
	  "b: '/'\n"
	  "c: 'plain'\n"
	  "d: 'a,b'\n",
	  "t.yaml:3:4: error: string value is redundantly quoted with any quotes [quote"
	  "d-strings]\n" },
	{ "trailing_spaces",
	  "rules: {trailing-spaces: enable}",
	  "a: 1  \n"
	  "b: 2\t\n"
	  "# c \n",
	  "t.yaml:1:5: error: trailing spaces [trailing-spaces]\n"
	  "t.yaml:2:5: error: syntax error: found character '\\t' that cannot start any"
	  " token [syntax]\n"
	  "t.yaml:3:4: error: trailing spaces [trailing-spaces]\n" },
	{ "trailing_spaces_kernel_off",
	  NULL,
	  "---\n"
	  "a: 1  \n",
	  "" },
	{ "truthy_default",
	  "rules: {truthy: enable}",
	  "a: yes\n"
	  "b: true\n"
	  "c: 'on'\n"
	  "d: !!bool no\n"
	  "Off: 1\n",
	  "t.yaml:1:4: error: truthy value should be one of [false, true] [truthy]\n"
	  "t.yaml:5:1: error: truthy value should be one of [false, true] [truthy]\n" },
	{ "truthy_options",
	  "rules: {truthy: {allowed-values: ['yes', 'no'], check-keys: false}}",
	  "a: yes\n"
	  "b: true\n"
	  "Off: no\n",
	  "t.yaml:2:4: error: truthy value should be one of [no, yes] [truthy]\n" },
	{ "level_warning",
	  "rules: {colons: {level: warning}}",
	  "a:  1\n",
	  "t.yaml:1:4: warning: too many spaces after colon [colons]\n" },
	{ "extends_default",
	  "extends: default",
	  "a: 1\n"
	  "b:  yes\n",
	  "t.yaml:1:1: warning: missing document start \"---\" [document-start]\n"
	  "t.yaml:2:4: error: too many spaces after colon [colons]\n"
	  "t.yaml:2:5: warning: truthy value should be one of [false, true] [truthy]\n" },
	{ "extends_relaxed",
	  "extends: relaxed",
	  "a:  1\n"
	  "b: yes\n"
	  "#c\n",
	  "t.yaml:1:4: warning: too many spaces after colon [colons]\n" },
	{ "rule_false_disables",
	  "extends: default\n"
	  "rules: {trailing-spaces: false}",
	  "---\n"
	  "a: 1  \n",
	  "" },
	{ "syntax_error_mapping_values",
	  "rules: {colons: enable}",
	  "a: b: c\n"
	  "d:  1\n",
	  "t.yaml:1:5: error: syntax error: mapping values are not allowed here [syntax"
	  "]\n" },
	{ "syntax_error_tab_indentation",
	  NULL,
	  "---\n"
	  "a:\n"
	  "\tb: 1\n",
	  "t.yaml:3:1: error: syntax error: found character '\\t' that cannot start any"
	  " token [syntax]\n" },
	{ "syntax_error_tab_after_value",
	  NULL,
	  "---\n"
	  "a: 1\t# comment\n"
	  "b:  2\n",
	  "t.yaml:2:5: error: syntax error: found character '\\t' that cannot start any"
	  " token [syntax]\n" },
	{ "syntax_error_tab_in_block_scalar_indentation",
	  NULL,
	  "---\n"
	  "a: |\n"
	  "  x\n"
	  "\ty\n",
	  "t.yaml:4:1: error: syntax error: found character '\\t' that cannot start any"
	  " token [syntax]\n" },
	{ "syntax_error_tab_in_quoted_is_fine",
	  NULL,
	  "---\n"
	  "a: \"x\ty\"\n"
	  "b: |\n"
	  "  c\td\n",
	  "" },
	{ "syntax_error_unclosed_flow",
	  NULL,
	  "---\n"
	  "a: [1, 2\n"
	  "b: 3\n",
	  "t.yaml:3:2: error: syntax error: expected ',' or ']', but got ':' [syntax]\n" },
	{ "syntax_error_expected_block_end",
	  NULL,
	  "---\n"
	  "a:\n"
	  "  b: 1\n"
	  " - c\n",
	  "t.yaml:4:2: error: syntax error: expected <block end>, but found '<block seq"
	  "uence start>' [syntax]\n" },
	{ "syntax_error_no_document_start_after_end",
	  NULL,
	  "---\n"
	  "a: 1\n"
	  "...\n"
	  "b: 2\n",
	  "t.yaml:4:1: error: syntax error: expected '<document start>', but found '<bl"
	  "ock mapping start>' [syntax]\n" },
	{ "syntax_error_placed_before_later_findings",
	  "rules: {colons: enable, trailing-spaces: enable}",
	  "a:  1 \n"
	  "b: [\n"
	  "c:  2 \n",
	  "t.yaml:1:4: error: too many spaces after colon [colons]\n"
	  "t.yaml:1:6: error: trailing spaces [trailing-spaces]\n"
	  "t.yaml:3:4: error: too many spaces after colon [colons]\n"
	  "t.yaml:3:6: error: trailing spaces [trailing-spaces]\n"
	  "t.yaml:4:1: error: syntax error: expected ',' or ']', but got '<stream end>'"
	  " [syntax]\n" },
	{ "directive_disable_rule",
	  "rules: {colons: enable, hyphens: enable}",
	  "# yamllint disable rule:hyphens\n"
	  "-  a\n"
	  "- b:  1\n"
	  "# yamllint enable rule:hyphens\n"
	  "-  c\n",
	  "t.yaml:3:6: error: too many spaces after colon [colons]\n"
	  "t.yaml:5:3: error: too many spaces after hyphen [hyphens]\n" },
	{ "directive_disable_all_and_enable",
	  "rules: {colons: enable}",
	  "# yamllint disable\n"
	  "a:  1\n"
	  "# yamllint enable\n"
	  "b:  2\n",
	  "t.yaml:4:4: error: too many spaces after colon [colons]\n" },
	{ "directive_disable_line",
	  "rules: {colons: enable}",
	  "a:  1  # yamllint disable-line rule:colons\n"
	  "# yamllint disable-line\n"
	  "b:  2\n"
	  "c:  3\n",
	  "t.yaml:4:4: error: too many spaces after colon [colons]\n" },
	{ "directive_disable_file",
	  "rules: {colons: enable}",
	  "# yamllint disable-file\n"
	  "a:  1\n",
	  "" },
	{ "columns_count_characters",
	  "rules: {colons: enable, trailing-spaces: enable}",
	  "\xc3\xa9\xc3\xa9:  1 \n",
	  "t.yaml:1:5: error: too many spaces after colon [colons]\n"
	  "t.yaml:1:7: error: trailing spaces [trailing-spaces]\n" },
	{ "byte_order_mark",
	  "rules: {document-start: enable, colons: enable}",
	  "\xef\xbb\xbf" "a:  1\n",
	  "t.yaml:1:1: error: missing document start \"---\" [document-start]\n"
	  "t.yaml:1:4: error: too many spaces after colon [colons]\n" },
	{ "empty_file",
	  "extends: default",
	  "",
	  "" },
};

static void test_case(void **state)
{
	struct fixture *f;
	const struct ycase *c = *state;
	int n;

	assert_int_equal(setup(state), 0);
	f = *state;
	assert_int_equal(load(f, c->config), 0);
	n = check(f, c->input, strlen(c->input));
	assert_string_equal(output(f), c->expected);
	assert_int_equal(n, (int)count_lines(c->expected));
	teardown(state);
}

/* ------------------------------------------------------------------ */
/* Beyond the table                                                    */

static void test_nesting_deeper_than_the_limit_stops_with_a_syntax_error(void **state)
{
	struct fixture *f = *state;
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "---\na: ");
	for (int i = 0; i < 600; i++)
		sb_putc(&sb, '[');
	for (int i = 0; i < 600; i++)
		sb_putc(&sb, ']');
	sb_putc(&sb, '\n');
	assert_false(sb.oom);
	assert_int_equal(load(f, NULL), 0);
	assert_int_equal(check(f, sb.buf, sb.len), 2);
	assert_string_equal(output(f),
		"t.yaml:2:111: warning: line too long (1203 > 110 characters) [line-length]\n"
		"t.yaml:2:515: error: syntax error: nested too deeply (more than 512 levels) "
		"[syntax]\n");
	sb_free(&sb);
}

static void test_text_need_not_end_in_nul(void **state)
{
	struct fixture *f = *state;
	const char text[] = "a:  1\nb:  2\n";

	assert_int_equal(load(f, "rules: {colons: enable}"), 0);
	/* only the first line */
	assert_int_equal(check(f, text, 6), 1);
	assert_string_equal(output(f), "t.yaml:1:4: error: too many spaces after colon [colons]\n");
}

static void test_config_unknown_rule(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "rules:\n  no-such-rule: enable\n"), -DTBIND_EINVAL);
	assert_null(f->cfg);
	assert_string_equal(output(f),
			    "cfg.yaml:2:3: error: invalid config: no such rule: \"no-such-rule\"\n");
}

static void test_config_unknown_option(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "rules:\n  colons: {max-spaces: 1}\n"), -DTBIND_EINVAL);
	assert_string_equal(output(f),
		"cfg.yaml:2:12: error: invalid config: unknown option \"max-spaces\" "
		"for rule \"colons\"\n");
}

static void test_config_option_of_wrong_type(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "rules:\n  colons: {max-spaces-after: many}\n"
				 "  indentation: {indent-sequences: always}\n"
				 "  truthy: {allowed-values: [maybe]}\n"), -DTBIND_EINVAL);
	assert_string_equal(output(f),
		"cfg.yaml:2:30: error: invalid config: option \"max-spaces-after\" of \"colons\" "
		"should be int\n"
		"cfg.yaml:3:35: error: invalid config: option \"indent-sequences\" of \"indentation\" "
		"should be in (<class 'bool'>, 'whatever', 'consistent')\n"
		"cfg.yaml:4:28: error: invalid config: option \"allowed-values\" of \"truthy\" "
		"should only contain values in ['YES', 'Yes', 'yes', 'NO', 'No', 'no', 'TRUE', "
		"'True', 'true', 'FALSE', 'False', 'false', 'ON', 'On', 'on', 'OFF', 'Off', 'off']\n");
}

static void test_config_bad_level_and_rule_value(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "rules:\n  colons: {level: fatal}\n  commas: 3\n"), -DTBIND_EINVAL);
	assert_string_equal(output(f),
		"cfg.yaml:2:19: error: invalid config: level should be \"error\" or \"warning\"\n"
		"cfg.yaml:3:11: error: invalid config: rule \"commas\": "
		"should be either \"enable\", \"disable\" or a dict\n");
}

static void test_config_not_a_dict(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "- rules\n"), -DTBIND_EINVAL);
	assert_string_equal(output(f), "cfg.yaml:1:1: error: invalid config: not a dict\n");
}

static void test_config_quoted_strings_conflict(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "rules:\n  quoted-strings: {required: true, extra-allowed: ['x']}\n"),
			 -DTBIND_EINVAL);
	assert_string_equal(output(f),
		"cfg.yaml:2:3: error: invalid config: quoted-strings: "
		"cannot use both \"required: true\" and \"extra-allowed\"\n");
}

static void test_config_ignore_is_reported_unsupported(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f, "ignore: |\n  *.yaml\nrules: {colons: enable}\n"), 0);
	assert_string_equal(output(f),
		"cfg.yaml:1:1: warning: 'ignore' is not supported: "
		"the files to check are chosen by the caller\n");
}

/* A file extending another file, which extends yamllint's "relaxed". */
static void test_config_extends_a_file(void **state)
{
	struct fixture *f = *state;
	char text[256];
	FILE *fp;

	strcpy(f->dir, "/tmp/dtbind-test-yamllint-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path[0], sizeof(f->path[0]), "%s/base.yaml", f->dir);
	snprintf(f->path[1], sizeof(f->path[1]), "%s/top.yaml", f->dir);
	fp = fopen(f->path[0], "w");
	assert_non_null(fp);
	fputs("extends: relaxed\nrules:\n  colons: {max-spaces-after: 2}\n", fp);
	fclose(fp);
	fp = fopen(f->path[1], "w");
	assert_non_null(fp);
	fprintf(fp, "extends: %s\nrules:\n  colons: {level: error}\n  hyphens: disable\n",
		f->path[0]);
	fclose(fp);
	assert_int_equal(yamllint_config_load(f->path[1], f->diag, &f->cfg), 0);
	/* colons: relaxed's rule, base's option, top's level; hyphens off */
	strcpy(text, "a:  1\nb:   2\nc:\n  -   d\n");
	assert_int_equal(check(f, text, strlen(text)), 1);
	assert_string_equal(output(f), "t.yaml:2:5: error: too many spaces after colon [colons]\n");
}

static void test_config_missing_file(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(yamllint_config_load("/nonexistent/.yamllint", f->diag, &f->cfg),
			 -DTBIND_EIO);
	assert_null(f->cfg);
	assert_string_equal(output(f),
		"/nonexistent/.yamllint: error: cannot read: No such file or directory [io]\n");
}

static void test_config_free_null(void **state)
{
	(void)state;
	yamllint_config_free(NULL);
}

int main(void)
{
	const struct CMUnitTest more[] = {
		cmocka_unit_test_setup_teardown(test_nesting_deeper_than_the_limit_stops_with_a_syntax_error,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_need_not_end_in_nul, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_unknown_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_unknown_option, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_option_of_wrong_type, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_bad_level_and_rule_value,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_not_a_dict, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_quoted_strings_conflict,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_ignore_is_reported_unsupported,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_extends_a_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_missing_file, setup, teardown),
		cmocka_unit_test(test_config_free_null),
	};
	size_t n = ARRAY_SIZE(cases), m = ARRAY_SIZE(more);
	struct CMUnitTest *tests = calloc(n + m, sizeof(*tests));
	int ret;

	if (!tests)
		return 1;
	/* the table: one named test per case, the case as its state */
	for (size_t i = 0; i < n; i++) {
		tests[i].name = cases[i].name;
		tests[i].test_func = test_case;
		tests[i].initial_state = (void *)&cases[i];
	}
	memcpy(tests + n, more, sizeof(more));
	ret = _cmocka_run_group_tests("yamllint", tests, n + m, NULL, NULL);
	free(tests);
	return ret;
}
