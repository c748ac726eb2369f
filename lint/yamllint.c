// SPDX-License-Identifier: BSD-2-Clause
/*
 * yamllint.c - yamllint's layout rules on libyaml tokens.
 *
 * `make dt_binding_check` runs `yamllint -c .yamllint` on every binding.  This
 * module does that job: the same rules and options, and the same findings at
 * the same line:col in the same words, so the kernel's .yamllint keeps its
 * meaning and users see the messages they know.
 *
 * yamllint works on the tokens of PyYAML's pure-Python scanner.  libyaml's
 * scanner is the C original of that scanner: on all kernel bindings it yields
 * the same tokens with the same marks.  Where the two differ we make libyaml
 * look like PyYAML:
 *  - at the end of a text without a final newline, libyaml puts STREAM-END
 *    (and the BLOCK-ENDs before it) on the next line, and may give up on a
 *    simple key there: marks at the end get PyYAML's line and column back,
 *    and the tokens come from libyaml's queue;
 *  - PyYAML takes a tab only inside quoted scalars, block scalar text and
 *    comments, libyaml also between tokens and inside plain scalars.  At the
 *    first tab PyYAML stops at, we scan the text before it and hand out what
 *    PyYAML hands out before it stops (replaying its simple-key bookkeeping),
 *    or, after a tag, directive or block scalar header, put a '`' there,
 *    which stops libyaml with PyYAML's error;
 *  - libyaml words its errors differently: they are translated.
 * yamllint only sees the tokens its generator got before a scanner error (it
 * looks two ahead), and puts the syntax error before the first finding at or
 * after it: so do we.
 * Marks count characters like Python strings do; files that are not ASCII
 * get a map from character index to byte offset.
 *
 * Known differences, all on broken YAML: a ']' or '}' that closes nothing
 * (PyYAML's flow level goes negative and it scans on as in a flow
 * collection; yamllint itself often crashes there), an unknown %DIRECTIVE
 * (PyYAML skips it, libyaml stops), a '?' inside a plain scalar in a flow
 * collection (PyYAML ends the scalar there), and nesting deeper than
 * DTBIND_MAX_DEPTH, which stops the check with a syntax error: libyaml, like
 * PyYAML, takes time quadratic in the depth of flow collections.
 *
 * Everything is iterative; the stacks grow with the nesting of the input.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "internal.h"
#include "yamllint.h"

/* ------------------------------------------------------------------ */
/* Rules and their options                                             */

enum rid {
	R_BRACES, R_BRACKETS, R_COLONS, R_COMMAS, R_COMMENTS, R_COMMENTS_INDENTATION,
	R_DOCUMENT_END, R_DOCUMENT_START, R_EMPTY_LINES, R_EMPTY_VALUES, R_FLOAT_VALUES,
	R_HYPHENS, R_INDENTATION, R_KEY_DUPLICATES, R_KEY_ORDERING, R_LINE_LENGTH,
	R_NEW_LINE_AT_END_OF_FILE, R_NEW_LINES, R_OCTAL_VALUES, R_QUOTED_STRINGS,
	R_TRAILING_SPACES, R_TRUTHY, R_COUNT
};

/* yamllint runs token rules on tokens, comment rules on comments, line rules on lines. */
enum rtype { RT_TOKEN, RT_COMMENT, RT_LINE };

enum okind {
	O_INT, O_BOOL,
	O_FORBID,	/* false | true | 'non-empty' */
	O_SPACES,	/* int | 'consistent' */
	O_INDSEQ,	/* false | true | 'whatever' | 'consistent' */
	O_NEWLINE,	/* 'unix' | 'dos' | 'platform' */
	O_QTYPE,	/* 'any' | 'single' | 'double' */
	O_REQUIRED,	/* true | false | 'only-when-needed' */
	O_TRUTHY,	/* list of truthy words, kept as a bit mask */
	O_REGEXES,	/* list of (Python) regular expressions */
};

#define MAX_OPTS 5
#define SPACES_CONSISTENT INT_MIN
enum { FORBID_FALSE, FORBID_TRUE, FORBID_NON_EMPTY };
enum { SEQ_FALSE, SEQ_TRUE, SEQ_WHATEVER, SEQ_CONSISTENT };
enum { NL_UNIX, NL_DOS, NL_PLATFORM };
enum { QT_ANY, QT_SINGLE, QT_DOUBLE };
enum { REQ_FALSE, REQ_TRUE, REQ_ONLY_WHEN_NEEDED };

/* Option slots, in the order of rule_defs[].opt. */
enum { BR_FORBID, BR_MIN, BR_MAX, BR_MIN_EMPTY, BR_MAX_EMPTY };
enum { CO_MAX_BEFORE, CO_MAX_AFTER };
enum { CM_MAX_BEFORE, CM_MIN_AFTER, CM_MAX_AFTER };
enum { CT_STARTING_SPACE, CT_SHEBANGS, CT_MIN_FROM_CONTENT };
enum { DOC_PRESENT };
enum { EL_MAX, EL_MAX_START, EL_MAX_END };
enum { EV_BLOCK, EV_FLOW };
enum { FV_NUMERAL, FV_SCIENTIFIC, FV_NAN, FV_INF };
enum { HY_MAX_AFTER };
enum { IN_SPACES, IN_SEQUENCES, IN_MULTI_LINE };
enum { LL_MAX, LL_WORDS, LL_INLINE_MAPPINGS };
enum { NL_TYPE };
enum { OV_IMPLICIT, OV_EXPLICIT };
enum { QS_TYPE, QS_REQUIRED, QS_EXTRA_REQUIRED, QS_EXTRA_ALLOWED, QS_QUOTED_QUOTES };
enum { TR_ALLOWED, TR_CHECK_KEYS };

static const char *const truthy_words[] = {
	"YES", "Yes", "yes", "NO", "No", "no", "TRUE", "True", "true",
	"FALSE", "False", "false", "ON", "On", "on", "OFF", "Off", "off", NULL
};
#define N_TRUTHY ((int)ARRAY_SIZE(truthy_words) - 1)
#define TRUTHY_DEFAULT ((1 << 8) | (1 << 11))	/* true, false */
/* truthy_words[] in Python's sorted() order, for the message. */
static const unsigned char truthy_sorted[] = { 9, 10, 3, 4, 15, 12, 16, 13, 6, 7, 0, 1,
					       11, 5, 17, 14, 8, 2 };

struct opt_def {
	const char *name;
	enum okind kind;
	int def;
};

struct rule_def {
	const char *name;
	enum rtype type;
	struct opt_def opt[MAX_OPTS];
};

#define BRACES_OPTS { { "forbid", O_FORBID, FORBID_FALSE }, { "min-spaces-inside", O_INT, 0 }, \
		      { "max-spaces-inside", O_INT, 0 }, { "min-spaces-inside-empty", O_INT, -1 }, \
		      { "max-spaces-inside-empty", O_INT, -1 } }

/* Indexed by enum rid; names, kinds and defaults are yamllint's. */
static const struct rule_def rule_defs[R_COUNT] = {
	[R_BRACES] = { "braces", RT_TOKEN, BRACES_OPTS },
	[R_BRACKETS] = { "brackets", RT_TOKEN, BRACES_OPTS },
	[R_COLONS] = { "colons", RT_TOKEN, { { "max-spaces-before", O_INT, 0 },
					     { "max-spaces-after", O_INT, 1 } } },
	[R_COMMAS] = { "commas", RT_TOKEN, { { "max-spaces-before", O_INT, 0 },
					     { "min-spaces-after", O_INT, 1 },
					     { "max-spaces-after", O_INT, 1 } } },
	[R_COMMENTS] = { "comments", RT_COMMENT, { { "require-starting-space", O_BOOL, 1 },
						   { "ignore-shebangs", O_BOOL, 1 },
						   { "min-spaces-from-content", O_INT, 2 } } },
	[R_COMMENTS_INDENTATION] = { "comments-indentation", RT_COMMENT, { { NULL } } },
	[R_DOCUMENT_END] = { "document-end", RT_TOKEN, { { "present", O_BOOL, 1 } } },
	[R_DOCUMENT_START] = { "document-start", RT_TOKEN, { { "present", O_BOOL, 1 } } },
	[R_EMPTY_LINES] = { "empty-lines", RT_LINE, { { "max", O_INT, 2 },
						      { "max-start", O_INT, 0 },
						      { "max-end", O_INT, 0 } } },
	[R_EMPTY_VALUES] = { "empty-values", RT_TOKEN,
			     { { "forbid-in-block-mappings", O_BOOL, 1 },
			       { "forbid-in-flow-mappings", O_BOOL, 1 } } },
	[R_FLOAT_VALUES] = { "float-values", RT_TOKEN,
			     { { "require-numeral-before-decimal", O_BOOL, 0 },
			       { "forbid-scientific-notation", O_BOOL, 0 },
			       { "forbid-nan", O_BOOL, 0 }, { "forbid-inf", O_BOOL, 0 } } },
	[R_HYPHENS] = { "hyphens", RT_TOKEN, { { "max-spaces-after", O_INT, 1 } } },
	[R_INDENTATION] = { "indentation", RT_TOKEN,
			    { { "spaces", O_SPACES, SPACES_CONSISTENT },
			      { "indent-sequences", O_INDSEQ, SEQ_TRUE },
			      { "check-multi-line-strings", O_BOOL, 0 } } },
	[R_KEY_DUPLICATES] = { "key-duplicates", RT_TOKEN, { { NULL } } },
	[R_KEY_ORDERING] = { "key-ordering", RT_TOKEN, { { NULL } } },
	[R_LINE_LENGTH] = { "line-length", RT_LINE,
			    { { "max", O_INT, 80 }, { "allow-non-breakable-words", O_BOOL, 1 },
			      { "allow-non-breakable-inline-mappings", O_BOOL, 0 } } },
	[R_NEW_LINE_AT_END_OF_FILE] = { "new-line-at-end-of-file", RT_LINE, { { NULL } } },
	[R_NEW_LINES] = { "new-lines", RT_LINE, { { "type", O_NEWLINE, NL_UNIX } } },
	[R_OCTAL_VALUES] = { "octal-values", RT_TOKEN,
			     { { "forbid-implicit-octal", O_BOOL, 1 },
			       { "forbid-explicit-octal", O_BOOL, 1 } } },
	[R_QUOTED_STRINGS] = { "quoted-strings", RT_TOKEN,
			       { { "quote-type", O_QTYPE, QT_ANY },
				 { "required", O_REQUIRED, REQ_TRUE },
				 { "extra-required", O_REGEXES, 0 },
				 { "extra-allowed", O_REGEXES, 0 },
				 { "allow-quoted-quotes", O_BOOL, 0 } } },
	[R_TRAILING_SPACES] = { "trailing-spaces", RT_LINE, { { NULL } } },
	[R_TRUTHY] = { "truthy", RT_TOKEN, { { "allowed-values", O_TRUTHY, TRUTHY_DEFAULT },
					     { "check-keys", O_BOOL, 1 } } },
};

struct regex_list {
	struct dtbind_regex **re;
	size_t n;
};

struct rule_conf {
	bool enabled;
	enum dtbind_severity level;
	int v[MAX_OPTS];
	struct regex_list rx[MAX_OPTS];	/* O_REGEXES options */
};

struct yamllint_config {
	struct rule_conf rule[R_COUNT];
	/* yamllint runs the rules in the order of its (merged) configuration. */
	unsigned char order[R_COUNT];
	unsigned norder;
};

/* ------------------------------------------------------------------ */
/* Configuration                                                       */

/* yamllint's conf/default.yaml and conf/relaxed.yaml (1.29), and the kernel's 6.1 .yamllint. */
static const char builtin_default[] =
	"yaml-files: ['*.yaml', '*.yml', '.yamllint']\n"
	"rules:\n"
	"  braces: enable\n"
	"  brackets: enable\n"
	"  colons: enable\n"
	"  commas: enable\n"
	"  comments:\n"
	"    level: warning\n"
	"  comments-indentation:\n"
	"    level: warning\n"
	"  document-end: disable\n"
	"  document-start:\n"
	"    level: warning\n"
	"  empty-lines: enable\n"
	"  empty-values: disable\n"
	"  float-values: disable\n"
	"  hyphens: enable\n"
	"  indentation: enable\n"
	"  key-duplicates: enable\n"
	"  key-ordering: disable\n"
	"  line-length: enable\n"
	"  new-line-at-end-of-file: enable\n"
	"  new-lines: enable\n"
	"  octal-values: disable\n"
	"  quoted-strings: disable\n"
	"  trailing-spaces: enable\n"
	"  truthy:\n"
	"    level: warning\n";

static const char builtin_relaxed[] =
	"extends: default\n"
	"rules:\n"
	"  braces: {level: warning, max-spaces-inside: 1}\n"
	"  brackets: {level: warning, max-spaces-inside: 1}\n"
	"  colons: {level: warning}\n"
	"  commas: {level: warning}\n"
	"  comments: disable\n"
	"  comments-indentation: disable\n"
	"  document-start: disable\n"
	"  empty-lines: {level: warning}\n"
	"  hyphens: {level: warning}\n"
	"  indentation: {level: warning, indent-sequences: consistent}\n"
	"  line-length: {level: warning, allow-non-breakable-inline-mappings: true}\n"
	"  truthy: disable\n";

static const char builtin_kernel[] =
	"extends: relaxed\n"
	"rules:\n"
	"  line-length:\n"
	"    max: 110\n"
	"    allow-non-breakable-words: true\n"
	"    level: warning\n"
	"  braces:\n"
	"    min-spaces-inside: 0\n"
	"    max-spaces-inside: 1\n"
	"    min-spaces-inside-empty: 0\n"
	"    max-spaces-inside-empty: 0\n"
	"  brackets:\n"
	"    min-spaces-inside: 0\n"
	"    max-spaces-inside: 1\n"
	"    min-spaces-inside-empty: 0\n"
	"    max-spaces-inside-empty: 0\n"
	"  colons: {max-spaces-before: 0, max-spaces-after: 1}\n"
	"  commas: {min-spaces-after: 1, max-spaces-after: 1}\n"
	"  comments:\n"
	"    require-starting-space: false\n"
	"    min-spaces-from-content: 1\n"
	"  comments-indentation: disable\n"
	"  document-start:\n"
	"    present: true\n"
	"  empty-lines:\n"
	"    max: 3\n"
	"    max-end: 1\n"
	"  empty-values:\n"
	"    forbid-in-block-mappings: true\n"
	"    forbid-in-flow-mappings: true\n"
	"  hyphens:\n"
	"    max-spaces-after: 1\n"
	"  indentation:\n"
	"    spaces: 2\n"
	"    indent-sequences: true\n"
	"    check-multi-line-strings: false\n"
	"  trailing-spaces: false\n";

#define MAX_EXTENDS 16

struct cfg_loader {
	struct dtbind_diag *diag;
	int err;
};

static void cfg_report(struct cfg_loader *ld, enum dtbind_severity sev, struct dtbind_loc loc,
		       const char *fmt, ...) DTBIND_PRINTF(4, 5);
static void cfg_report(struct cfg_loader *ld, enum dtbind_severity sev, struct dtbind_loc loc,
		       const char *fmt, ...)
{
	va_list ap;

	if (sev == DTBIND_ERROR && !ld->err)
		ld->err = -DTBIND_EINVAL;
	if (!ld->diag)
		return;
	va_start(ap, fmt);
	dtbind_diag_vreport(ld->diag, sev, loc, NULL, fmt, ap);
	va_end(ap);
}

static void regex_list_clear(struct regex_list *rl)
{
	for (size_t i = 0; i < rl->n; i++)
		regex_free(rl->re[i]);
	free(rl->re);
	rl->re = NULL;
	rl->n = 0;
}

static void rule_reset(struct rule_conf *rc, enum rid r)
{
	for (int i = 0; i < MAX_OPTS; i++) {
		regex_list_clear(&rc->rx[i]);
		rc->v[i] = rule_defs[r].opt[i].def;
	}
	rc->enabled = true;
	rc->level = DTBIND_ERROR;
}

static bool str_is(const struct dtbind_value *v, const char *s)
{
	return v && v->kind == DTBIND_STRING && strcmp(v->u.str.ptr, s) == 0;
}

/* Index of @v among @choices (a NULL-terminated list), or -1. */
static int str_choice(const struct dtbind_value *v, const char *const *choices)
{
	for (int i = 0; v && v->kind == DTBIND_STRING && choices[i]; i++)
		if (strcmp(v->u.str.ptr, choices[i]) == 0)
			return i;
	return -1;
}

/* The Python spelling of an option's type, as yamllint prints it. */
static const char *const kind_spelling[] = {
	[O_INT] = "int",
	[O_BOOL] = "bool",
	[O_FORBID] = "(<class 'bool'>, 'non-empty')",
	[O_SPACES] = "(<class 'int'>, 'consistent')",
	[O_INDSEQ] = "(<class 'bool'>, 'whatever', 'consistent')",
	[O_NEWLINE] = "('unix', 'dos', 'platform')",
	[O_QTYPE] = "('any', 'single', 'double')",
	[O_REQUIRED] = "(True, False, 'only-when-needed')",
	[O_TRUTHY] = ("['YES', 'Yes', 'yes', 'NO', 'No', 'no', 'TRUE', 'True', 'true', 'FALSE', "
		      "'False', 'false', 'ON', 'On', 'on', 'OFF', 'Off', 'off']"),
	[O_REGEXES] = "[<class 'str'>]",
};

static int parse_list_option(struct cfg_loader *ld, struct rule_conf *rc, enum rid r, int o,
			     const struct dtbind_value *v)
{
	const struct opt_def *od = &rule_defs[r].opt[o];
	struct regex_list rl = { NULL, 0 };
	unsigned mask = 0;

	if (v->kind != DTBIND_SEQ)
		return -1;
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (v->u.seq.items[i]->kind != DTBIND_STRING)
			return -1;
	if (od->kind == O_TRUTHY) {
		for (size_t i = 0; i < v->u.seq.n; i++) {
			int k = str_choice(v->u.seq.items[i], truthy_words);

			if (k < 0)
				return -1;
			mask |= 1u << k;
		}
		rc->v[o] = (int)mask;
		return 0;
	}
	rl.re = calloc(v->u.seq.n ? v->u.seq.n : 1, sizeof(*rl.re));
	if (!rl.re) {
		ld->err = -DTBIND_ENOMEM;
		return 0;
	}
	for (size_t i = 0; i < v->u.seq.n; i++) {
		const struct dtbind_value *s = v->u.seq.items[i];
		struct arena a;
		const char *err = NULL;

		arena_init(&a, 256);
		rl.re[rl.n] = regex_compile(s->u.str.ptr, s->u.str.len, &err, &a);
		if (!rl.re[rl.n])
			cfg_report(ld, DTBIND_ERROR, s->loc,
				   "invalid config: option \"%s\" of \"%s\": bad regular expression '%s': %s",
				   od->name, rule_defs[r].name, s->u.str.ptr, err ? err : "?");
		else
			rl.n++;
		arena_release(&a);
	}
	regex_list_clear(&rc->rx[o]);
	rc->rx[o] = rl;
	rc->v[o] = (int)rl.n;
	return 0;
}

/* Parse one option of rule @r into @rc.  Returns -1 when the value has the wrong type. */
static int parse_option(struct cfg_loader *ld, struct rule_conf *rc, enum rid r, int o,
			const struct dtbind_value *v)
{
	static const char *const forbid_s[] = { "non-empty", NULL };
	static const char *const spaces_s[] = { "consistent", NULL };
	static const char *const indseq_s[] = { "whatever", "consistent", NULL };
	static const char *const newline_s[] = { "unix", "dos", "platform", NULL };
	static const char *const qtype_s[] = { "any", "single", "double", NULL };
	static const char *const required_s[] = { "only-when-needed", NULL };
	int k;

	switch (rule_defs[r].opt[o].kind) {
	case O_INT:
		/* Python's isinstance(True, int) holds: yamllint takes booleans here. */
		if (v->kind == DTBIND_INT && v->u.i >= INT_MIN + 1 && v->u.i <= INT_MAX)
			rc->v[o] = (int)v->u.i;
		else if (v->kind == DTBIND_BOOL)
			rc->v[o] = v->u.b;
		else
			return -1;
		return 0;
	case O_BOOL:
		if (v->kind != DTBIND_BOOL)
			return -1;
		rc->v[o] = v->u.b;
		return 0;
	case O_FORBID:
		if (v->kind == DTBIND_BOOL)
			rc->v[o] = v->u.b ? FORBID_TRUE : FORBID_FALSE;
		else if (str_choice(v, forbid_s) == 0)
			rc->v[o] = FORBID_NON_EMPTY;
		else
			return -1;
		return 0;
	case O_SPACES:
		if (v->kind == DTBIND_INT && v->u.i > INT_MIN && v->u.i <= INT_MAX)
			rc->v[o] = (int)v->u.i;
		else if (str_choice(v, spaces_s) == 0)
			rc->v[o] = SPACES_CONSISTENT;
		else
			return -1;
		return 0;
	case O_INDSEQ:
		if (v->kind == DTBIND_BOOL)
			rc->v[o] = v->u.b ? SEQ_TRUE : SEQ_FALSE;
		else if ((k = str_choice(v, indseq_s)) >= 0)
			rc->v[o] = k == 0 ? SEQ_WHATEVER : SEQ_CONSISTENT;
		else
			return -1;
		return 0;
	case O_NEWLINE:
		if ((k = str_choice(v, newline_s)) < 0)
			return -1;
		rc->v[o] = k;
		return 0;
	case O_QTYPE:
		if ((k = str_choice(v, qtype_s)) < 0)
			return -1;
		rc->v[o] = k;
		return 0;
	case O_REQUIRED:
		if (v->kind == DTBIND_BOOL)
			rc->v[o] = v->u.b ? REQ_TRUE : REQ_FALSE;
		else if (str_choice(v, required_s) == 0)
			rc->v[o] = REQ_ONLY_WHEN_NEEDED;
		else
			return -1;
		return 0;
	case O_TRUTHY:
	case O_REGEXES:
		return parse_list_option(ld, rc, r, o, v);
	}
	return -1;
}

static void apply_rule_map(struct cfg_loader *ld, struct rule_conf *rc, enum rid r,
			   const struct dtbind_value *map)
{
	const struct rule_def *rd = &rule_defs[r];

	for (size_t i = 0; i < map->u.map.n; i++) {
		const struct dtbind_member *m = &map->u.map.members[i];
		int o;

		if (strcmp(m->key, "level") == 0) {
			if (str_is(m->value, "error"))
				rc->level = DTBIND_ERROR;
			else if (str_is(m->value, "warning"))
				rc->level = DTBIND_WARNING;
			else
				cfg_report(ld, DTBIND_ERROR, m->value->loc,
					   "invalid config: level should be \"error\" or \"warning\"");
			continue;
		}
		if (strcmp(m->key, "ignore") == 0 || strcmp(m->key, "ignore-from-file") == 0) {
			cfg_report(ld, DTBIND_WARNING, m->key_loc,
				   "'%s' of rule \"%s\" is not supported: the rule checks every file",
				   m->key, rd->name);
			continue;
		}
		for (o = 0; o < MAX_OPTS && rd->opt[o].name; o++)
			if (strcmp(rd->opt[o].name, m->key) == 0)
				break;
		if (o == MAX_OPTS || !rd->opt[o].name) {
			cfg_report(ld, DTBIND_ERROR, m->key_loc,
				   "invalid config: unknown option \"%s\" for rule \"%s\"",
				   m->key, rd->name);
			continue;
		}
		if (parse_option(ld, rc, r, o, m->value) < 0) {
			enum okind k = rd->opt[o].kind;

			if (k == O_INT || k == O_BOOL)
				cfg_report(ld, DTBIND_ERROR, m->value->loc,
					   "invalid config: option \"%s\" of \"%s\" should be %s",
					   m->key, rd->name, kind_spelling[k]);
			else if (k == O_TRUTHY || k == O_REGEXES)
				cfg_report(ld, DTBIND_ERROR, m->value->loc,
					   "invalid config: option \"%s\" of \"%s\" should only contain values in %s",
					   m->key, rd->name, kind_spelling[k]);
			else
				cfg_report(ld, DTBIND_ERROR, m->value->loc,
					   "invalid config: option \"%s\" of \"%s\" should be in %s",
					   m->key, rd->name, kind_spelling[k]);
		}
	}
}

static int find_rule(const char *name)
{
	for (int r = 0; r < R_COUNT; r++)
		if (strcmp(rule_defs[r].name, name) == 0)
			return r;
	return -1;
}

static void config_from_value(struct yamllint_config *cfg, const struct dtbind_value *root,
			      struct dtbind_loc where, struct cfg_loader *ld, unsigned depth);

/* Load the configuration @name extends: yamllint's own by name, else a file. */
static void load_base(struct yamllint_config *cfg, const struct dtbind_value *ext,
		      struct cfg_loader *ld, unsigned depth)
{
	const char *name = ext->u.str.ptr;
	struct dtbind_doc *doc = NULL;
	int ret;

	if (depth > MAX_EXTENDS) {
		cfg_report(ld, DTBIND_ERROR, ext->loc,
			   "invalid config: 'extends' nested more than %d deep", MAX_EXTENDS);
		ld->err = -DTBIND_ELIMIT;
		return;
	}
	if (strcmp(name, "default") == 0)
		ret = dtbind_doc_load_string("default", builtin_default,
					     sizeof(builtin_default) - 1, ld->diag, 0, &doc);
	else if (strcmp(name, "relaxed") == 0)
		ret = dtbind_doc_load_string("relaxed", builtin_relaxed,
					     sizeof(builtin_relaxed) - 1, ld->diag, 0, &doc);
	else
		ret = dtbind_doc_load_file(name, ld->diag, 0, &doc);
	if (ret) {
		if (!ld->err)
			ld->err = ret;
		return;
	}
	config_from_value(cfg, dtbind_doc_root(doc), (struct dtbind_loc){ .file = name }, ld,
			  depth);
	dtbind_doc_free(doc);
}

static void add_to_order(struct yamllint_config *cfg, int r)
{
	for (unsigned i = 0; i < cfg->norder; i++)
		if (cfg->order[i] == r)
			return;
	cfg->order[cfg->norder++] = (unsigned char)r;
}

/*
 * One configuration file over what it extends, as yamllint merges them: a map
 * updates the options of a rule that is on, and replaces one that is off;
 * "enable" keeps a rule that is on as it is.
 */
static void config_from_value(struct yamllint_config *cfg, const struct dtbind_value *root,
			      struct dtbind_loc where, struct cfg_loader *ld, unsigned depth)
{
	const struct dtbind_value *ext, *rules;

	if (!root || root->kind != DTBIND_MAP) {
		cfg_report(ld, DTBIND_ERROR, root ? root->loc : where,
			   "invalid config: not a dict");
		return;
	}
	ext = dtbind_value_get(root, "extends");
	if (ext) {
		if (ext->kind != DTBIND_STRING)
			cfg_report(ld, DTBIND_ERROR, ext->loc,
				   "invalid config: extends should be a string");
		else
			load_base(cfg, ext, ld, depth + 1);
	}
	for (size_t i = 0; i < root->u.map.n; i++) {
		const struct dtbind_member *m = &root->u.map.members[i];

		if (strcmp(m->key, "ignore") == 0 || strcmp(m->key, "ignore-from-file") == 0)
			cfg_report(ld, DTBIND_WARNING, m->key_loc,
				   "'%s' is not supported: the files to check are chosen by the caller",
				   m->key);
	}
	rules = dtbind_value_get(root, "rules");
	if (rules && rules->kind != DTBIND_MAP) {
		cfg_report(ld, DTBIND_ERROR, rules->loc, "invalid config: rules should be a dict");
		rules = NULL;
	}
	for (size_t i = 0; rules && i < rules->u.map.n; i++) {
		const struct dtbind_member *m = &rules->u.map.members[i];
		int r = find_rule(m->key);
		struct rule_conf *rc;

		if (r < 0) {
			cfg_report(ld, DTBIND_ERROR, m->key_loc,
				   "invalid config: no such rule: \"%s\"", m->key);
			continue;
		}
		rc = &cfg->rule[r];
		if (str_is(m->value, "enable")) {
			if (!rc->enabled)
				rule_reset(rc, (enum rid)r);
		} else if (str_is(m->value, "disable") ||
			   (m->value->kind == DTBIND_BOOL && !m->value->u.b)) {
			/* yamllint takes `false` for "disable" (the kernel writes it) */
			rc->enabled = false;
		} else if (m->value->kind == DTBIND_MAP) {
			if (!rc->enabled)
				rule_reset(rc, (enum rid)r);
			apply_rule_map(ld, rc, (enum rid)r, m->value);
		} else {
			cfg_report(ld, DTBIND_ERROR, m->value->loc,
				   "invalid config: rule \"%s\": should be either \"enable\", \"disable\" or a dict",
				   m->key);
			continue;
		}
		add_to_order(cfg, r);
	}
	/* quoted-strings' own validation */
	if (cfg->rule[R_QUOTED_STRINGS].enabled) {
		const struct rule_conf *q = &cfg->rule[R_QUOTED_STRINGS];
		const struct dtbind_member *qm =
			rules ? dtbind_value_member(rules, "quoted-strings") : NULL;
		const char *bad = NULL;

		if (q->v[QS_REQUIRED] == REQ_TRUE && q->rx[QS_EXTRA_ALLOWED].n)
			bad = "cannot use both \"required: true\" and \"extra-allowed\"";
		else if (q->v[QS_REQUIRED] == REQ_TRUE && q->rx[QS_EXTRA_REQUIRED].n)
			bad = "cannot use both \"required: true\" and \"extra-required\"";
		else if (q->v[QS_REQUIRED] == REQ_FALSE && q->rx[QS_EXTRA_ALLOWED].n)
			bad = "cannot use both \"required: false\" and \"extra-allowed\"";
		if (bad)
			cfg_report(ld, DTBIND_ERROR, qm ? qm->key_loc : root->loc,
				   "invalid config: quoted-strings: %s", bad);
	}
}

void yamllint_config_free(struct yamllint_config *cfg)
{
	if (!cfg)
		return;
	for (int r = 0; r < R_COUNT; r++)
		for (int o = 0; o < MAX_OPTS; o++)
			regex_list_clear(&cfg->rule[r].rx[o]);
	free(cfg);
}

static int config_from_doc(int ret, struct dtbind_doc *doc, const char *name,
			   struct dtbind_diag *diag, struct yamllint_config **out)
{
	struct cfg_loader ld = { diag, 0 };
	struct yamllint_config *cfg;

	*out = NULL;
	if (ret)
		return ret;
	cfg = calloc(1, sizeof(*cfg));
	if (!cfg) {
		dtbind_doc_free(doc);
		return -DTBIND_ENOMEM;
	}
	config_from_value(cfg, dtbind_doc_root(doc), (struct dtbind_loc){ .file = name }, &ld, 0);
	dtbind_doc_free(doc);
	if (ld.err) {
		yamllint_config_free(cfg);
		return ld.err;
	}
	*out = cfg;
	return 0;
}

int yamllint_config_load_string(const char *name, const char *buf, size_t len,
				struct dtbind_diag *diag, struct yamllint_config **out)
{
	struct dtbind_doc *doc = NULL;
	int ret = dtbind_doc_load_string(name, buf, len, diag, 0, &doc);

	return config_from_doc(ret, doc, name, diag, out);
}

int yamllint_config_load(const char *path, struct dtbind_diag *diag,
			 struct yamllint_config **out)
{
	struct dtbind_doc *doc = NULL;
	int ret;

	if (!path)
		return yamllint_config_load_string("<kernel .yamllint>", builtin_kernel,
						   sizeof(builtin_kernel) - 1, diag, out);
	ret = dtbind_doc_load_file(path, diag, 0, &doc);
	return config_from_doc(ret, doc, path, diag, out);
}

/* ------------------------------------------------------------------ */
/* The text, tokens and comments as yamllint sees them                 */

/* A position, 0-based, in characters (PyYAML's Mark). */
struct mark {
	size_t i;
	uint32_t line, col;
};

struct tok {
	yaml_token_type_t type;
	char style;		/* scalars: 0 plain, '\'', '"', '|', '>' */
	struct mark s, e;
	const char *val;	/* scalar value, tag handle (arena) */
	size_t vlen;
};

struct problem {
	uint32_t line, col;
	enum rid rule;
	const char *msg;
};

/* A comment, as yamllint's Comment: found in the text between two tokens. */
struct comment {
	uint32_t line, col;	/* 1-based */
	size_t ptr;		/* character index of the '#' */
	size_t before;		/* index of the token before it */
	size_t after;		/* index of the token after it, SIZE_MAX for none */
	bool has_prev;		/* an earlier comment between the same two tokens */
	bool prev_inline;
	uint32_t prev_col;
};

/* A libyaml error, with marks in our terms. */
struct yerr {
	yaml_error_type_t kind;
	int indent;			/* the scanner's block indentation then */
	const char *problem, *context;	/* libyaml's static strings */
	struct mark mark, context_mark;
	size_t tokens_parsed;
};

enum ptype { P_ROOT, P_BMAP, P_FMAP, P_BSEQ, P_FSEQ, P_BENT, P_KEY, P_VAL };

struct parent {
	enum ptype type;
	int indent, line_indent;
	bool explicit_key, implicit_block_seq;
};

struct keyframe {
	bool map;
	struct hmap keys;		/* key-duplicates */
	const char *max;		/* key-ordering: the greatest key so far */
	size_t maxlen;
	bool has_max;
};

struct kstack {
	struct keyframe *f;
	size_t n, cap;
};

struct lint {
	const struct yamllint_config *cfg;
	struct dtbind_diag *diag;
	const char *path;
	const unsigned char *buf;	/* the file as given */
	size_t len;
	size_t bom;			/* characters before libyaml's index 0 */
	uint32_t *c2b;			/* character index -> byte offset; NULL for ASCII */
	size_t nchars;
	uint32_t eof_line, eof_col;
	struct arena a;
	bool oom;

	struct tok *t;
	size_t nt, cap_t;
	size_t nyield;			/* tokens yamllint sees (fewer after a scan error) */

	bool syn;			/* a syntax error waits to be placed */
	uint32_t syn_line, syn_col;
	const char *syn_msg;

	struct problem *cache;		/* findings of the current line */
	size_t ncache, cap_cache;
	uint32_t enabled, dis, dis_line, dis_next;	/* rule masks, for directives */
	int found;

	/* indentation */
	struct parent *st;
	size_t nst, cap_st;
	int spaces, indseq;
	long cur_line;
	int cur_line_indent;
	/* key-duplicates, key-ordering */
	struct kstack kd, ko;
};

static bool grow(void **p, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *np;

	if (need <= *cap)
		return true;
	ncap = *cap ? *cap * 2 : 64;
	while (ncap < need)
		ncap *= 2;
	np = realloc(*p, ncap * elem);
	if (!np)
		return false;
	*p = np;
	*cap = ncap;
	return true;
}

static size_t boff(const struct lint *l, size_t ci)
{
	if (ci > l->nchars)
		ci = l->nchars;
	return l->c2b ? l->c2b[ci] : ci;
}

/* Character index of byte offset @b (which starts a character). */
static size_t cidx(const struct lint *l, size_t b)
{
	size_t lo = 0, hi = l->nchars;

	if (!l->c2b)
		return b;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->c2b[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The first byte of character @ci, or 0 outside the text: PyYAML's buffer ends
 * in '\0', and index -1 reads that '\0'.
 */
static int ch(const struct lint *l, long ci)
{
	if (ci < 0 || (size_t)ci >= l->nchars)
		return 0;
	return l->buf[boff(l, (size_t)ci)];
}

/* Characters in bytes [a, b). */
static size_t nchars_in(const struct lint *l, size_t a, size_t b)
{
	size_t n = 0;

	if (!l->c2b)
		return b - a;
	for (; a < b; a++)
		n += (l->buf[a] & 0xc0) != 0x80;
	return n;
}

static bool py_whitespace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Length of the line break at byte @i for PyYAML's scanner ("\r" of "\r\n" is none). */
static size_t break_len(const unsigned char *b, size_t i, size_t len)
{
	if (b[i] == '\n' || (b[i] == '\r' && (i + 1 >= len || b[i + 1] != '\n')))
		return 1;
	if (b[i] == 0xc2 && i + 1 < len && b[i + 1] == 0x85)
		return 2;
	if (b[i] == 0xe2 && i + 2 < len && b[i + 1] == 0x80 &&
	    (b[i + 2] == 0xa8 || b[i + 2] == 0xa9))
		return 3;
	return 0;
}

/* PyYAML's mark of character @ci. */
static struct mark mark_of(const struct lint *l, size_t ci)
{
	struct mark m = { ci, 0, 0 };
	size_t end = boff(l, ci), k;

	for (size_t i = l->bom ? 3 : 0; i < end;) {
		if ((k = break_len(l->buf, i, l->len))) {
			m.line++;
			m.col = 0;
			i += k;
		} else {
			m.col += (l->buf[i] & 0xc0) != 0x80;
			i++;
		}
	}
	return m;
}

/*
 * Character map and PyYAML's mark of the end of the text.  PyYAML counts a
 * BOM as a character (index) but not a column; so does this.
 */
static int map_text(struct lint *l)
{
	const unsigned char *b = l->buf;
	size_t n = 0, len = l->len;
	bool ascii = true;
	uint32_t line = 0, col = 0;

	for (size_t i = 0; i < len; i++)
		if (b[i] & 0x80) {
			ascii = false;
			break;
		}
	if (!ascii) {
		for (size_t i = 0; i < len; i++)
			n += (b[i] & 0xc0) != 0x80;
		l->c2b = malloc((n + 1) * sizeof(*l->c2b));
		if (!l->c2b)
			return -DTBIND_ENOMEM;
		n = 0;
		for (size_t i = 0; i < len; i++)
			if ((b[i] & 0xc0) != 0x80)
				l->c2b[n++] = (uint32_t)i;
		l->c2b[n] = (uint32_t)len;
	} else {
		n = len;
	}
	l->nchars = n;
	l->bom = len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf;
	{
		struct mark m = mark_of(l, n);

		line = m.line;
		col = m.col;
	}
	l->eof_line = line;
	l->eof_col = col;
	return 0;
}

static struct mark mk(const struct lint *l, yaml_mark_t m)
{
	struct mark r = { m.index + l->bom, (uint32_t)m.line, (uint32_t)m.column };

	/* libyaml starts a new line for the end of the stream; PyYAML does not. */
	if (r.i >= l->nchars) {
		r.i = l->nchars;
		r.line = l->eof_line;
		r.col = l->eof_col;
	}
	return r;
}

/* Scan @text (the file, or a copy with one tab replaced) into l->t. */
/* Append a copy of libyaml's token to l->t; false when out of memory. */
static bool add_token(struct lint *l, const yaml_token_t *yt)
{
	struct tok *t;

	if (!grow((void **)&l->t, &l->cap_t, l->nt + 1, sizeof(*l->t)))
		return false;
	t = &l->t[l->nt++];
	memset(t, 0, sizeof(*t));
	t->type = yt->type;
	t->s = mk(l, yt->start_mark);
	t->e = mk(l, yt->end_mark);
	if (yt->type == YAML_SCALAR_TOKEN) {
		switch (yt->data.scalar.style) {
		case YAML_SINGLE_QUOTED_SCALAR_STYLE: t->style = '\''; break;
		case YAML_DOUBLE_QUOTED_SCALAR_STYLE: t->style = '"'; break;
		case YAML_LITERAL_SCALAR_STYLE: t->style = '|'; break;
		case YAML_FOLDED_SCALAR_STYLE: t->style = '>'; break;
		default: t->style = 0; break;
		}
		t->vlen = yt->data.scalar.length;
		t->val = arena_strndup(&l->a, (const char *)yt->data.scalar.value, t->vlen);
	} else if (yt->type == YAML_TAG_TOKEN && yt->data.tag.handle) {
		t->vlen = strlen((const char *)yt->data.tag.handle);
		t->val = arena_strndup(&l->a, (const char *)yt->data.tag.handle, t->vlen);
	} else if (yt->type == YAML_TAG_DIRECTIVE_TOKEN && yt->data.tag_directive.handle) {
		t->vlen = strlen((const char *)yt->data.tag_directive.handle);
		t->val = arena_strndup(&l->a, (const char *)yt->data.tag_directive.handle, t->vlen);
	} else {
		t->val = "";
	}
	return t->val != NULL;
}

/*
 * At the end of a text without a final line break, libyaml starts a new line
 * before it looks at pending simple keys again, and gives up on a required one
 * of the last line ("could not find expected ':'"); PyYAML ends the stream
 * without that.  Is @p's error that one?
 */
static bool eof_key_error(const struct lint *l, const yaml_parser_t *p, size_t len)
{
	unsigned char last = len ? l->buf[len - 1] : '\n';

	return p->error == YAML_SCANNER_ERROR && p->problem &&
	       strcmp(p->problem, "could not find expected ':'") == 0 &&
	       last != '\n' && last != '\r' && len == l->len &&
	       mk(l, p->context_mark).line == l->eof_line &&
	       p->tokens.tail > p->tokens.head &&
	       p->tokens.tail[-1].type == YAML_STREAM_END_TOKEN;
}

/* Our own error, where the nesting passes DTBIND_MAX_DEPTH (compared by address). */
static const char too_deep[] = "nested too deeply (more than 512 levels)";

/* libyaml's error, located in our marks; true when it ran out of memory. */
static bool take_parser_error(struct lint *l, const yaml_parser_t *p, struct yerr *err)
{
	err->kind = p->error;
	err->problem = p->problem;
	err->context = p->context;
	err->mark = mk(l, p->problem_mark);
	err->context_mark = mk(l, p->context_mark);
	if (p->error == YAML_READER_ERROR)
		err->mark = mark_of(l, cidx(l, p->problem_offset));
	return p->error == YAML_MEMORY_ERROR;
}

static int scan_tokens(struct lint *l, const unsigned char *text, size_t len, struct yerr *err)
{
	yaml_parser_t p;
	int ret = 0;
	unsigned depth;

	l->nt = 0;
	memset(err, 0, sizeof(*err));
	if (!yaml_parser_initialize(&p))
		return -DTBIND_ENOMEM;
	depth = 0;
	yaml_parser_set_input_string(&p, text, len);
	for (;;) {
		yaml_token_t yt;
		struct tok *t;
		bool end;

		if (!yaml_parser_scan(&p, &yt)) {
			if (eof_key_error(l, &p, len)) {
				/* take the rest, up to STREAM-END, from libyaml's queue */
				for (yaml_token_t *q = p.tokens.head; q < p.tokens.tail; q++)
					if (!add_token(l, q)) {
						ret = -DTBIND_ENOMEM;
						break;
					}
				break;
			}
			err->indent = p.indent;
			if (take_parser_error(l, &p, err))
				ret = -DTBIND_ENOMEM;
			break;
		}
		if (yt.type == YAML_NO_TOKEN)
			break;
		if (!add_token(l, &yt)) {
			yaml_token_delete(&yt);
			ret = -DTBIND_ENOMEM;
			break;
		}
		t = &l->t[l->nt - 1];
		end = yt.type == YAML_STREAM_END_TOKEN;
		yaml_token_delete(&yt);
		if (end)
			break;
		/*
		 * libyaml (like PyYAML) looks at every open flow level for each
		 * token: cap the nesting to stay linear.
		 */
		switch (t->type) {
		case YAML_BLOCK_SEQUENCE_START_TOKEN:
		case YAML_BLOCK_MAPPING_START_TOKEN:
		case YAML_FLOW_SEQUENCE_START_TOKEN:
		case YAML_FLOW_MAPPING_START_TOKEN:
			depth++;
			break;
		case YAML_BLOCK_END_TOKEN:
		case YAML_FLOW_SEQUENCE_END_TOKEN:
		case YAML_FLOW_MAPPING_END_TOKEN:
			depth -= depth > 0;
			break;
		default:
			break;
		}
		if (depth > DTBIND_MAX_DEPTH) {
			err->kind = YAML_SCANNER_ERROR;
			err->problem = too_deep;
			err->mark = t->s;
			break;
		}
	}
	yaml_parser_delete(&p);
	return ret;
}

/* Parse @text into events to find the first error yaml.parse() would raise. */
static int parse_events(struct lint *l, const unsigned char *text, size_t len, struct yerr *err)
{
	yaml_parser_t p;
	int ret = 0;

	memset(err, 0, sizeof(*err));
	if (!yaml_parser_initialize(&p))
		return -DTBIND_ENOMEM;
	yaml_parser_set_input_string(&p, text, len);
	for (;;) {
		yaml_event_t ev;
		bool end;

		if (!yaml_parser_parse(&p, &ev)) {
			if (eof_key_error(l, &p, len)) {
				/*
				 * PyYAML's parser gets that key: a node where a block
				 * collection wants its next key or entry.
				 */
				err->kind = YAML_PARSER_ERROR;
				err->problem = "did not find expected key";
				err->mark = mk(l, p.context_mark);
				err->tokens_parsed = p.tokens_parsed;
				break;
			}
			err->tokens_parsed = p.tokens_parsed;
			if (take_parser_error(l, &p, err))
				ret = -DTBIND_ENOMEM;
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT || ev.type == YAML_NO_EVENT;
		yaml_event_delete(&ev);
		if (end)
			break;
	}
	yaml_parser_delete(&p);
	return ret;
}

/* Python's repr() of the character at @ci. */
static void py_repr_char(const struct lint *l, struct strbuf *sb, size_t ci)
{
	size_t b = boff(l, ci), e = ci + 1 <= l->nchars ? boff(l, ci + 1) : b;
	int c = b < l->len ? l->buf[b] : 0;

	if (c == '\'') {
		sb_puts(sb, "\"'\"");
		return;
	}
	sb_putc(sb, '\'');
	if (c == '\t')
		sb_puts(sb, "\\t");
	else if (c == '\n')
		sb_puts(sb, "\\n");
	else if (c == '\r')
		sb_puts(sb, "\\r");
	else if (c == '\\')
		sb_puts(sb, "\\\\");
	else if (c < 0x20 || c == 0x7f)
		sb_printf(sb, "\\x%02x", c);
	else if (c < 0x80)
		sb_putc(sb, (char)c);
	else
		sb_putn(sb, (const char *)l->buf + b, e - b);
	sb_putc(sb, '\'');
}

/* PyYAML's Token.id, repr()'d. */
static const char *py_token_id(yaml_token_type_t type)
{
	switch (type) {
	case YAML_STREAM_START_TOKEN: return "'<stream start>'";
	case YAML_STREAM_END_TOKEN: return "'<stream end>'";
	case YAML_VERSION_DIRECTIVE_TOKEN:
	case YAML_TAG_DIRECTIVE_TOKEN: return "'<directive>'";
	case YAML_DOCUMENT_START_TOKEN: return "'<document start>'";
	case YAML_DOCUMENT_END_TOKEN: return "'<document end>'";
	case YAML_BLOCK_SEQUENCE_START_TOKEN: return "'<block sequence start>'";
	case YAML_BLOCK_MAPPING_START_TOKEN: return "'<block mapping start>'";
	case YAML_BLOCK_END_TOKEN: return "'<block end>'";
	case YAML_FLOW_SEQUENCE_START_TOKEN: return "'['";
	case YAML_FLOW_SEQUENCE_END_TOKEN: return "']'";
	case YAML_FLOW_MAPPING_START_TOKEN: return "'{'";
	case YAML_FLOW_MAPPING_END_TOKEN: return "'}'";
	case YAML_BLOCK_ENTRY_TOKEN: return "'-'";
	case YAML_FLOW_ENTRY_TOKEN: return "','";
	case YAML_KEY_TOKEN: return "'?'";
	case YAML_VALUE_TOKEN: return "':'";
	case YAML_ALIAS_TOKEN: return "'<alias>'";
	case YAML_ANCHOR_TOKEN: return "'<anchor>'";
	case YAML_TAG_TOKEN: return "'<tag>'";
	case YAML_SCALAR_TOKEN: return "'<scalar>'";
	default: return "'<unknown>'";
	}
}

/* A_BREAK: PyYAML says what it expected right after a version or block scalar indicators */
enum arg { A_NONE, A_CHAR, A_TOKEN, A_HEX, A_BREAK, A_ESCAPE, A_HANDLE };

/* libyaml's problem -> PyYAML's (scanner.py, parser.py) */
static const struct {
	const char *libyaml, *pyyaml;
	enum arg arg;
} problem_map[] = {
	{ "mapping values are not allowed in this context",
	  "mapping values are not allowed here", A_NONE },
	{ "block sequence entries are not allowed in this context",
	  "sequence entries are not allowed here", A_NONE },
	{ "mapping keys are not allowed in this context",
	  "mapping keys are not allowed here", A_NONE },
	{ "found character that cannot start any token",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found a tab character where an indentation space is expected",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found a tab character that violates indentation",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found unexpected document indicator",
	  "found unexpected document separator", A_NONE },
	{ "found unknown escape character",
	  "found unknown escape character %s", A_ESCAPE },
	{ "did not find expected tag URI",
	  "expected URI, but found %s", A_CHAR },
	{ "did not find expected comment or line break",
	  "expected a comment or a line break, but found %s", A_BREAK },
	{ "could not find expected directive name",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "found unexpected non-alphabetical character",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "did not find expected version number",
	  "expected a digit, but found %s", A_CHAR },
	{ "did not find expected alphabetic or numeric character",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "did not find the expected '>'",
	  "expected '>', but found %s", A_CHAR },
	{ "did not find expected whitespace or line break",
	  "expected ' ', but found %s", A_CHAR },
	{ "did not find expected whitespace",
	  "expected ' ', but found %s", A_CHAR },
	{ "did not find expected hexdecimal number",
	  "expected escape sequence of %d hexadecimal numbers, but found %s", A_HEX },
	{ "found an indentation indicator equal to 0",
	  "expected indentation indicator in the range 1-9, but found 0", A_NONE },
	{ "did not find expected digit or '.' character",
	  "expected a digit or '.', but found %s", A_CHAR },
	{ "did not find expected <document start>",
	  "expected '<document start>', but found %s", A_TOKEN },
	{ "did not find expected key",
	  "expected <block end>, but found %s", A_TOKEN },
	{ "did not find expected '-' indicator",
	  "expected <block end>, but found %s", A_TOKEN },
	{ "did not find expected ',' or ']'",
	  "expected ',' or ']', but got %s", A_TOKEN },
	{ "did not find expected ',' or '}'",
	  "expected ',' or '}', but got %s", A_TOKEN },
	{ "did not find expected node content",
	  "expected the node content, but found %s", A_TOKEN },
	{ "found duplicate %YAML directive",
	  "found duplicate YAML directive", A_NONE },
	{ "found undefined tag handle",
	  "found undefined tag handle %s", A_HANDLE },
	{ "found duplicate %TAG directive",
	  "duplicate tag handle %s", A_HANDLE },
	{ "found incompatible YAML document",
	  "found incompatible YAML document (version 1.* is required)", A_NONE },
};

/* The syntax error yamllint reports for @e, in PyYAML's words. */
static void set_syntax_error(struct lint *l, const struct yerr *e)
{
	struct strbuf sb, arg;
	const char *fmt = NULL;
	enum arg kind = A_NONE;
	struct mark mark = e->mark;

	sb_init(&sb);
	sb_init(&arg);
	for (size_t i = 0; e->problem && i < ARRAY_SIZE(problem_map); i++)
		if (strcmp(e->problem, problem_map[i].libyaml) == 0) {
			fmt = problem_map[i].pyyaml;
			kind = problem_map[i].arg;
			break;
		}
	sb_puts(&sb, "syntax error: ");
	if (!fmt) {
		sb_puts(&sb, e->problem ? e->problem : "unknown error");
	} else if (kind == A_NONE) {
		sb_puts(&sb, fmt);
	} else if (kind == A_CHAR || kind == A_BREAK || kind == A_ESCAPE) {
		int prev = ch(l, (long)e->mark.i - 1);

		if (kind == A_ESCAPE) {
			/* libyaml points at the backslash, PyYAML after it */
			mark = mark_of(l, e->mark.i + 1);
		} else if (e->context && strstr(e->context, "tag") &&
			   strstr(e->problem, "whitespace") && prev == '!') {
			fmt = "expected URI, but found %s";	/* "!" and no suffix */
		}

		if (kind == A_BREAK && e->context && strstr(e->context, "directive") &&
		    prev >= '0' && prev <= '9')
			fmt = "expected a digit or ' ', but found %s";
		else if (kind == A_BREAK && e->context && strstr(e->context, "block scalar") &&
			 prev != ' ')
			fmt = "expected chomping or indentation indicators, but found %s";
		py_repr_char(l, &arg, mark.i);
		sb_printf(&sb, fmt, sb_cstr(&arg));
	} else if (kind == A_HANDLE) {
		/* the handle of the tag or %TAG directive there, repr()'d */
		const char *h = "!";

		for (size_t k = 0; k < l->nt; k++)
			if (l->t[k].s.i == e->mark.i && l->t[k].val && l->t[k].vlen &&
			    (l->t[k].type == YAML_TAG_TOKEN ||
			     l->t[k].type == YAML_TAG_DIRECTIVE_TOKEN)) {
				h = l->t[k].val;
				break;
			}
		sb_printf(&arg, "'%s'", h);
		sb_printf(&sb, fmt, sb_cstr(&arg));
	} else if (kind == A_TOKEN) {
		const char *id = e->tokens_parsed < l->nt ? py_token_id(l->t[e->tokens_parsed].type)
							  : "'<stream end>'";

		sb_printf(&sb, fmt, id);
	} else {
		/* \x, \u, \U: the escape letter is before the hex digits read so far */
		int n = 2;

		for (long k = (long)e->mark.i - 1; k >= 0 && k + 9 >= (long)e->mark.i; k--)
			if (ch(l, k - 1) == '\\' && strchr("xuU", ch(l, k))) {
				n = ch(l, k) == 'x' ? 2 : ch(l, k) == 'u' ? 4 : 8;
				break;
			}
		py_repr_char(l, &arg, e->mark.i);
		sb_printf(&sb, fmt, n, sb_cstr(&arg));
	}
	l->syn = true;
	l->syn_line = mark.line + 1;
	l->syn_col = mark.col + 1;
	l->syn_msg = sb.oom ? NULL : arena_strdup(&l->a, sb_cstr(&sb));
	if (!l->syn_msg)
		l->oom = true;
	sb_free(&sb);
	sb_free(&arg);
}

/* ---- tabs: PyYAML takes them only in quoted and block scalars and comments ---- */

/* First tab outside comments in characters [a, b). */
static size_t gap_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = boff(l, b);
	bool comment = false;

	for (size_t i = boff(l, a); i < bb; i++) {
		unsigned char c = l->buf[i];

		if (c == '\n' || c == '\r')
			comment = false;
		else if (c == '#')
			comment = true;
		else if (c == '\t' && !comment)
			return cidx(l, i);
	}
	return SIZE_MAX;
}

static bool is_blank_or_break(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * First tab in text libyaml scanned but did not return before its error
 * (characters [a, b)): skip comments and quoted scalars lexically.
 */
static size_t tail_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = boff(l, b), ba = boff(l, a);
	bool comment = false;

	for (size_t i = ba; i < bb; i++) {
		unsigned char c = l->buf[i], pc = i > 0 ? l->buf[i - 1] : '\n';

		if (c == '\n' || c == '\r') {
			comment = false;
		} else if (comment) {
			continue;
		} else if (c == '#' && (i == ba || is_blank_or_break(pc))) {
			comment = true;
		} else if ((c == '\'' || c == '"') && (i == ba || is_blank_or_break(pc) ||
						       strchr("[{,:-?", pc))) {
			for (i++; i < bb; i++) {
				if (c == '"' && l->buf[i] == '\\')
					i++;
				else if (c == '\'' && l->buf[i] == '\'' && i + 1 < bb &&
					 l->buf[i + 1] == '\'')
					i++;
				else if (l->buf[i] == c)
					break;
			}
		} else if (c == '\t') {
			return cidx(l, i);
		}
	}
	return SIZE_MAX;
}

static size_t first_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = boff(l, b);
	const unsigned char *p;

	if (a >= b)
		return SIZE_MAX;
	p = memchr(l->buf + boff(l, a), '\t', bb - boff(l, a));
	return p ? cidx(l, (size_t)(p - l->buf)) : SIZE_MAX;
}

/* The header line of a block scalar from @a: a tab before its comment is an error. */
static size_t header_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = boff(l, b);

	for (size_t i = boff(l, a); i < bb; i++) {
		unsigned char c = l->buf[i];

		if (c == '\n' || c == '\r' || c == '#')
			break;
		if (c == '\t')
			return cidx(l, i);
	}
	return SIZE_MAX;
}

/*
 * The first tab PyYAML's scanner stops at (a character index, or SIZE_MAX),
 * among what libyaml scanned up to its own scanner error @se, if any.
 */
static size_t find_bad_tab(const struct lint *l, const struct yerr *se)
{
	size_t cur = 0, x;

	for (size_t k = 0; k < l->nt; k++) {
		const struct tok *t = &l->t[k];

		if (t->s.i > cur && (x = gap_tab(l, cur, t->s.i)) != SIZE_MAX)
			return x;
		if ((t->type == YAML_VERSION_DIRECTIVE_TOKEN || t->type == YAML_TAG_DIRECTIVE_TOKEN) &&
		    (x = first_tab(l, t->s.i, t->e.i)) != SIZE_MAX)
			return x;
		if (t->type == YAML_SCALAR_TOKEN && t->e.i > t->s.i) {
			if (!t->style)
				x = first_tab(l, t->s.i, t->e.i);
			else if (t->style == '|' || t->style == '>')
				x = header_tab(l, t->s.i, t->e.i);
			else
				x = SIZE_MAX;
			if (x != SIZE_MAX)
				return x;
		}
		if (t->e.i > cur)
			cur = t->e.i;
	}
	if (se->kind == YAML_NO_ERROR)
		return gap_tab(l, cur, l->nchars);
	/* up to and with the character libyaml stopped at */
	x = tail_tab(l, cur, se->mark.i < l->nchars ? se->mark.i + 1 : l->nchars);
	if (x == SIZE_MAX && se->context && strstr(se->context, "block scalar") &&
	    se->mark.i < l->nchars && ch(l, (long)se->mark.i) == '\t')
		x = se->mark.i;	/* in the indentation of a block scalar */
	return x;
}

/*
 * Does the tab at @tab end a tag, a directive or a block scalar's indicators?
 * There PyYAML has its own words for it ("expected ' ', but found '\t'"), and
 * a '`' in its place stops libyaml with the same error at the same place.
 * Elsewhere the tab ends what PyYAML was scanning like a space would.
 */
static bool tab_ends_token(const struct lint *l, size_t tab)
{
	size_t bt = boff(l, tab), ls = bt, i = bt;

	while (ls > 0 && l->buf[ls - 1] != '\n' && l->buf[ls - 1] != '\r')
		ls--;
	if (l->buf[ls] == '%')
		return true;		/* a directive */
	if (i == ls || l->buf[i - 1] == ' ' || l->buf[i - 1] == '\t') {
		/* after blanks: only a block scalar header "|  \t" */
		while (i > ls && (l->buf[i - 1] == ' ' || l->buf[i - 1] == '\t'))
			i--;
		if (i == bt)
			return false;
	}
	while (i > ls && strchr("+-0123456789", l->buf[i - 1]))
		i--;
	if (i > ls && (l->buf[i - 1] == '|' || l->buf[i - 1] == '>') &&
	    (i - 1 == ls || l->buf[i - 2] == ' ' || l->buf[i - 2] == '\t'))
		return true;		/* block scalar indicators */
	if (i != bt)
		return false;
	/* the word right before the tab: a tag? */
	while (i > ls && !strchr(" \t[]{},", l->buf[i - 1]))
		i--;
	return l->buf[i] == '!';
}

/*
 * PyYAML's possible simple keys, replayed over the tokens libyaml returned for
 * the text before a tab, which libyaml scanned to its end without an error.
 * Returns how many of them PyYAML hands out before it stops at the tab: none
 * from a key still waiting for its ':'.  (A required key that goes stale
 * stops libyaml too: that case does not come here.)
 */
struct skey {
	bool possible;
	size_t tok;		/* index of its first token */
	uint32_t line;
	size_t i;
};

static size_t returned_before_tab(struct lint *l, struct mark last)
{
	struct skey *keys = NULL;	/* by flow level */
	size_t nkeys = 0, cap = 0, level = 0, ret;
	bool allow = true;
	uint32_t line = 0;

	for (size_t k = 0; k < l->nt && !l->oom; k++) {
		const struct tok *t = &l->t[k];
		bool save = false;

		/* one more level for a flow collection's start */
		if (!grow((void **)&keys, &cap, level + 2, sizeof(*keys))) {
			l->oom = true;
			break;
		}
		for (; nkeys < level + 2; nkeys++)
			keys[nkeys].possible = false;
		if (t->s.line != line) {
			/* a new line: keys of earlier lines are stale */
			for (size_t v = 0; v < nkeys; v++)
				if (keys[v].line != t->s.line)
					keys[v].possible = false;
			if (!level)
				allow = true;
			line = t->s.line;
		}
		switch (t->type) {
		case YAML_STREAM_START_TOKEN:
			allow = true;
			break;
		case YAML_KEY_TOKEN:
			if (t->s.i == t->e.i)
				break;	/* put in for a simple key */
			keys[level].possible = false;
			allow = !level;
			break;
		case YAML_VALUE_TOKEN:
			/* no simple key after a simple key's ':' */
			allow = keys[level].possible ? false : !level;
			keys[level].possible = false;
			break;
		case YAML_DOCUMENT_START_TOKEN:
		case YAML_DOCUMENT_END_TOKEN:
		case YAML_VERSION_DIRECTIVE_TOKEN:
		case YAML_TAG_DIRECTIVE_TOKEN:
			keys[level].possible = false;
			allow = false;
			break;
		case YAML_FLOW_SEQUENCE_END_TOKEN:
		case YAML_FLOW_MAPPING_END_TOKEN:
			keys[level].possible = false;
			level -= level > 0;
			allow = false;
			break;
		case YAML_FLOW_ENTRY_TOKEN:
		case YAML_BLOCK_ENTRY_TOKEN:
			keys[level].possible = false;
			allow = true;
			break;
		case YAML_SCALAR_TOKEN:
			if (t->style == '|' || t->style == '>') {
				keys[level].possible = false;
				allow = true;
			} else {
				save = true;
			}
			break;
		case YAML_FLOW_SEQUENCE_START_TOKEN:
		case YAML_FLOW_MAPPING_START_TOKEN:
		case YAML_ALIAS_TOKEN:
		case YAML_ANCHOR_TOKEN:
		case YAML_TAG_TOKEN:
			save = true;
			break;
		default:
			break;	/* BLOCK-MAPPING-START and the like: put in, not scanned */
		}
		if (save) {
			if (allow)
				keys[level] = (struct skey){ true, k, t->s.line, t->s.i };
			allow = false;
			if (t->type == YAML_FLOW_SEQUENCE_START_TOKEN ||
			    t->type == YAML_FLOW_MAPPING_START_TOKEN) {
				level++;
				keys[level].possible = false;
				allow = true;
			}
		}
	}
	/*
	 * PyYAML hands out no token that may still be a simple key: asking for
	 * one makes it scan on, to the tab, where it stops.  Before that it drops
	 * the keys of other lines than the one its scanner stands on (@last).
	 */
	ret = l->nt;
	for (size_t v = 0; v < nkeys; v++)
		if (keys[v].possible && keys[v].line == last.line &&
		    last.i - keys[v].i <= 1024 && keys[v].tok < ret)
			ret = keys[v].tok;
	free(keys);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Findings                                                            */

static void add(struct lint *l, enum rid r, uint32_t line, uint32_t col, const char *fmt, ...)
	DTBIND_PRINTF(5, 6);
static void add(struct lint *l, enum rid r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	struct problem *p;
	va_list ap, ap2;
	char *msg = NULL;
	int n;

	if (!grow((void **)&l->cache, &l->cap_cache, l->ncache + 1, sizeof(*l->cache))) {
		l->oom = true;
		return;
	}
	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n >= 0)
		msg = arena_alloc(&l->a, (size_t)n + 1);
	if (msg)
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (!msg) {
		l->oom = true;
		return;
	}
	p = &l->cache[l->ncache++];
	p->line = line;
	p->col = col;
	p->rule = r;
	p->msg = msg;
}

static void emit(struct lint *l, uint32_t line, uint32_t col, enum dtbind_severity sev,
		 const char *rule, const char *msg)
{
	struct dtbind_loc loc = { l->path, line, col };

	dtbind_diag_report(l->diag, sev, loc, rule, "%s", msg);
	l->found++;
}

/* yamllint puts a syntax error before the first finding at or after it, in its place. */
static void output(struct lint *l, const struct problem *p)
{
	if (l->syn && l->syn_line <= p->line && l->syn_col <= p->col) {
		emit(l, l->syn_line, l->syn_col, DTBIND_ERROR, "syntax", l->syn_msg);
		l->syn = false;
		return;
	}
	emit(l, p->line, p->col, l->cfg->rule[p->rule].level, rule_defs[p->rule].name, p->msg);
}

static void flush(struct lint *l)
{
	for (size_t i = 0; i < l->ncache; i++) {
		uint32_t bit = 1u << l->cache[i].rule;

		if (!((l->dis_line | l->dis) & bit))
			output(l, &l->cache[i]);
	}
	l->ncache = 0;
}

/* ------------------------------------------------------------------ */
/* Token rules                                                         */

struct tctx {
	const struct tok *t, *prev, *next, *nn;
	const struct rule_conf *rc;
	enum rid r;
};

static bool is(const struct tok *t, yaml_token_type_t type)
{
	return t && t->type == type;
}

static void spaces_after(struct lint *l, const struct tctx *c, int min, int max,
			 const char *min_desc, const char *max_desc)
{
	const struct tok *t = c->t, *next = c->next;
	long spaces;

	if (!next || t->e.line != next->s.line)
		return;
	spaces = (long)next->s.i - (long)t->e.i;
	if (max != -1 && spaces > max)
		add(l, c->r, t->s.line + 1, next->s.col, "%s", max_desc);
	else if (min != -1 && spaces < min)
		add(l, c->r, t->s.line + 1, next->s.col + 1, "%s", min_desc);
}

static void spaces_before(struct lint *l, const struct tctx *c, int min, int max,
			  const char *min_desc, const char *max_desc)
{
	const struct tok *t = c->t, *prev = c->prev;
	long spaces;

	/* a scalar may end at the start of the next line */
	if (!prev || prev->e.line != t->s.line ||
	    (prev->e.i != 0 && ch(l, (long)prev->e.i - 1) == '\n'))
		return;
	spaces = (long)t->s.i - (long)prev->e.i;
	if (max != -1 && spaces > max)
		add(l, c->r, t->s.line + 1, t->s.col, "%s", max_desc);
	else if (min != -1 && spaces < min)
		add(l, c->r, t->s.line + 1, t->s.col + 1, "%s", min_desc);
}

/* braces and brackets: the same rule on {} and [] */
static void r_flow(struct lint *l, const struct tctx *c, yaml_token_type_t open,
		   yaml_token_type_t close, const char *what, const char *forbidden)
{
	const int *v = c->rc->v;
	char few[64], many[64], few_e[64], many_e[64];

	snprintf(few, sizeof(few), "too few spaces inside %s", what);
	snprintf(many, sizeof(many), "too many spaces inside %s", what);
	snprintf(few_e, sizeof(few_e), "too few spaces inside empty %s", what);
	snprintf(many_e, sizeof(many_e), "too many spaces inside empty %s", what);
	if (v[BR_FORBID] == FORBID_TRUE && is(c->t, open)) {
		add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "%s", forbidden);
	} else if (v[BR_FORBID] == FORBID_NON_EMPTY && is(c->t, open) && !is(c->next, close)) {
		add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "%s", forbidden);
	} else if (is(c->t, open) && is(c->next, close)) {
		spaces_after(l, c, v[BR_MIN_EMPTY] != -1 ? v[BR_MIN_EMPTY] : v[BR_MIN],
			     v[BR_MAX_EMPTY] != -1 ? v[BR_MAX_EMPTY] : v[BR_MAX], few_e, many_e);
	} else if (is(c->t, open)) {
		spaces_after(l, c, v[BR_MIN], v[BR_MAX], few, many);
	} else if (is(c->t, close) && !is(c->prev, open)) {
		spaces_before(l, c, v[BR_MIN], v[BR_MAX], few, many);
	}
}

static bool is_explicit_key(const struct lint *l, const struct tok *t)
{
	return t->s.i < t->e.i && ch(l, (long)t->s.i) == '?';
}

static void r_colons(struct lint *l, const struct tctx *c)
{
	const int *v = c->rc->v;

	if (is(c->t, YAML_VALUE_TOKEN)) {
		spaces_before(l, c, -1, v[CO_MAX_BEFORE], NULL, "too many spaces before colon");
		spaces_after(l, c, -1, v[CO_MAX_AFTER], NULL, "too many spaces after colon");
	}
	if (is(c->t, YAML_KEY_TOKEN) && is_explicit_key(l, c->t))
		spaces_after(l, c, -1, v[CO_MAX_AFTER], NULL,
			     "too many spaces after question mark");
}

static void r_commas(struct lint *l, const struct tctx *c)
{
	const int *v = c->rc->v;

	if (!is(c->t, YAML_FLOW_ENTRY_TOKEN))
		return;
	if (c->prev && v[CM_MAX_BEFORE] != -1 && c->prev->e.line < c->t->s.line)
		add(l, c->r, c->t->s.line + 1, c->t->s.col > 1 ? c->t->s.col : 1,
		    "too many spaces before comma");
	else
		spaces_before(l, c, -1, v[CM_MAX_BEFORE], NULL, "too many spaces before comma");
	spaces_after(l, c, v[CM_MIN_AFTER], v[CM_MAX_AFTER], "too few spaces after comma",
		     "too many spaces after comma");
}

static void r_document_end(struct lint *l, const struct tctx *c)
{
	if (c->rc->v[DOC_PRESENT]) {
		bool ok_prev = is(c->prev, YAML_DOCUMENT_END_TOKEN) ||
			       is(c->prev, YAML_STREAM_START_TOKEN);

		/* yamllint puts a missing end on the line before the stream's end */
		if (is(c->t, YAML_STREAM_END_TOKEN) && !ok_prev)
			add(l, c->r, c->t->s.line, 1, "missing document end \"...\"");
		else if (is(c->t, YAML_DOCUMENT_START_TOKEN) && !ok_prev)
			add(l, c->r, c->t->s.line + 1, 1, "missing document end \"...\"");
	} else if (is(c->t, YAML_DOCUMENT_END_TOKEN)) {
		add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
		    "found forbidden document end \"...\"");
	}
}

static void r_document_start(struct lint *l, const struct tctx *c)
{
	if (c->rc->v[DOC_PRESENT]) {
		if ((is(c->prev, YAML_STREAM_START_TOKEN) || is(c->prev, YAML_DOCUMENT_END_TOKEN) ||
		     is(c->prev, YAML_VERSION_DIRECTIVE_TOKEN) ||
		     is(c->prev, YAML_TAG_DIRECTIVE_TOKEN)) &&
		    !is(c->t, YAML_DOCUMENT_START_TOKEN) &&
		    !is(c->t, YAML_VERSION_DIRECTIVE_TOKEN) &&
		    !is(c->t, YAML_TAG_DIRECTIVE_TOKEN) && !is(c->t, YAML_STREAM_END_TOKEN))
			add(l, c->r, c->t->s.line + 1, 1, "missing document start \"---\"");
	} else if (is(c->t, YAML_DOCUMENT_START_TOKEN)) {
		add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
		    "found forbidden document start \"---\"");
	}
}

static void r_empty_values(struct lint *l, const struct tctx *c)
{
	if (!is(c->t, YAML_VALUE_TOKEN))
		return;
	if (c->rc->v[EV_BLOCK] &&
	    (is(c->next, YAML_KEY_TOKEN) || is(c->next, YAML_BLOCK_END_TOKEN)))
		add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "empty value in block mapping");
	if (c->rc->v[EV_FLOW] &&
	    (is(c->next, YAML_FLOW_ENTRY_TOKEN) || is(c->next, YAML_FLOW_MAPPING_END_TOKEN)))
		add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "empty value in flow mapping");
}

static void r_hyphens(struct lint *l, const struct tctx *c)
{
	if (is(c->t, YAML_BLOCK_ENTRY_TOKEN))
		spaces_after(l, c, -1, c->rc->v[HY_MAX_AFTER], NULL,
			     "too many spaces after hyphen");
}

/* key-duplicates and key-ordering keep one frame per collection */
static bool kstack_push(struct kstack *ks, bool map)
{
	if (!grow((void **)&ks->f, &ks->cap, ks->n + 1, sizeof(*ks->f)))
		return false;
	memset(&ks->f[ks->n], 0, sizeof(ks->f[0]));
	ks->f[ks->n++].map = map;
	return true;
}

static void kstack_pop(struct kstack *ks)
{
	if (ks->n)
		hmap_free(&ks->f[--ks->n].keys);
}

static void kstack_free(struct kstack *ks)
{
	while (ks->n)
		kstack_pop(ks);
	free(ks->f);
}

/* Returns the frame a key goes to, or NULL when the token is not such a key. */
static struct keyframe *key_frame(struct lint *l, const struct tctx *c, struct kstack *ks)
{
	switch (c->t->type) {
	case YAML_BLOCK_MAPPING_START_TOKEN:
	case YAML_FLOW_MAPPING_START_TOKEN:
		if (!kstack_push(ks, true))
			l->oom = true;
		return NULL;
	case YAML_BLOCK_SEQUENCE_START_TOKEN:
	case YAML_FLOW_SEQUENCE_START_TOKEN:
		if (!kstack_push(ks, false))
			l->oom = true;
		return NULL;
	case YAML_BLOCK_END_TOKEN:
	case YAML_FLOW_MAPPING_END_TOKEN:
	case YAML_FLOW_SEQUENCE_END_TOKEN:
		kstack_pop(ks);
		return NULL;
	case YAML_KEY_TOKEN:
		/* KEY tokens also appear in flow sequences: [a: 1] */
		if (is(c->next, YAML_SCALAR_TOKEN) && ks->n && ks->f[ks->n - 1].map)
			return &ks->f[ks->n - 1];
		return NULL;
	default:
		return NULL;
	}
}

static void r_key_duplicates(struct lint *l, const struct tctx *c)
{
	struct keyframe *f = key_frame(l, c, &l->kd);
	const struct tok *k = c->next;

	if (!f)
		return;
	if (hmap_get_str(&f->keys, k->val, k->vlen)) {
		/* "<<" is the merge key */
		if (!(k->vlen == 2 && memcmp(k->val, "<<", 2) == 0))
			add(l, c->r, k->s.line + 1, k->s.col + 1,
			    "duplication of key \"%s\" in mapping", k->val);
		return;
	}
	if (hmap_put_str(&f->keys, k->val, k->vlen, l) < 0)	/* any non-NULL value */
		l->oom = true;
}

static int bytes_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int d = memcmp(a, b, an < bn ? an : bn);

	return d ? d : (an > bn) - (an < bn);
}

static void r_key_ordering(struct lint *l, const struct tctx *c)
{
	struct keyframe *f = key_frame(l, c, &l->ko);
	const struct tok *k = c->next;

	if (!f)
		return;
	/* yamllint compares with strcoll() in the C locale: code point order, as UTF-8 bytes */
	if (f->has_max && bytes_cmp(k->val, k->vlen, f->max, f->maxlen) < 0) {
		add(l, c->r, k->s.line + 1, k->s.col + 1, "wrong ordering of key \"%s\" in mapping",
		    k->val);
		return;
	}
	f->max = k->val;
	f->maxlen = k->vlen;
	f->has_max = true;
}

static bool value_is(const struct tok *t, const char *s)
{
	return t->vlen == strlen(s) && memcmp(t->val, s, t->vlen) == 0;
}

static void r_truthy(struct lint *l, const struct tctx *c)
{
	unsigned allowed = (unsigned)c->rc->v[TR_ALLOWED];
	struct strbuf sb;

	if (is(c->prev, YAML_TAG_TOKEN) || !is(c->t, YAML_SCALAR_TOKEN) || c->t->style)
		return;
	if (!c->rc->v[TR_CHECK_KEYS] && is(c->prev, YAML_KEY_TOKEN))
		return;
	for (int k = 0; k < N_TRUTHY; k++) {
		if (!value_is(c->t, truthy_words[k]) || (allowed & (1u << k)))
			continue;
		sb_init(&sb);
		for (int j = 0, first = 1; j < N_TRUTHY; j++)
			if (allowed & (1u << truthy_sorted[j])) {
				sb_printf(&sb, "%s%s", first ? "" : ", ",
					  truthy_words[truthy_sorted[j]]);
				first = 0;
			}
		add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
		    "truthy value should be one of [%s]", sb_cstr(&sb));
		if (sb.oom)
			l->oom = true;
		sb_free(&sb);
		return;
	}
}

static bool all_in(const char *s, size_t n, const char *set)
{
	for (size_t i = 0; i < n; i++)
		if (!s[i] || !strchr(set, s[i]))
			return false;
	return n > 0;
}

static void r_octal_values(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t;

	if (is(c->prev, YAML_TAG_TOKEN) || !is(t, YAML_SCALAR_TOKEN) || t->style)
		return;
	if (c->rc->v[OV_IMPLICIT] && t->vlen > 1 && t->val[0] == '0' &&
	    all_in(t->val + 1, t->vlen - 1, "01234567"))
		add(l, c->r, t->s.line + 1, t->e.col + 1, "forbidden implicit octal value \"%s\"",
		    t->val);
	if (c->rc->v[OV_EXPLICIT] && t->vlen > 2 && t->val[0] == '0' && t->val[1] == 'o' &&
	    all_in(t->val + 2, t->vlen - 2, "01234567"))
		add(l, c->r, t->s.line + 1, t->e.col + 1, "forbidden explicit octal value \"%s\"",
		    t->val);
}

/* ---- tiny matchers for PyYAML's implicit resolvers and float-values ---- */

struct cur {
	const char *p, *e;
};

static bool at(const struct cur *c, const char *set)
{
	return c->p < c->e && *c->p && strchr(set, *c->p);
}

static size_t run(struct cur *c, const char *set)
{
	size_t n = 0;

	while (at(c, set)) {
		c->p++;
		n++;
	}
	return n;
}

static bool eat(struct cur *c, char ch_)
{
	if (c->p < c->e && *c->p == ch_) {
		c->p++;
		return true;
	}
	return false;
}

static bool word(struct cur *c, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(c->e - c->p) >= n && memcmp(c->p, w, n) == 0) {
		c->p += n;
		return true;
	}
	return false;
}

static void sign(struct cur *c)
{
	if (!eat(c, '-'))
		eat(c, '+');
}

static bool done(const struct cur *c)
{
	return c->p == c->e;
}

#define DIGITS "0123456789"

/* (?::[0-5]?[0-9])+ */
static bool sexagesimal(struct cur *c)
{
	int groups = 0;

	while (eat(c, ':')) {
		const char *d = c->p;
		size_t n = run(c, DIGITS);

		if (n == 2 && d[0] > '5')
			return false;
		if (n < 1 || n > 2)
			return false;
		groups++;
	}
	return groups > 0;
}

static bool match_float(const char *s, size_t n)
{
	struct cur c = { s, s + n }, d;

	if (word(&c, ".nan") || word(&c, ".NaN") || word(&c, ".NAN"))
		return done(&c);
	c.p = s;
	sign(&c);
	d = c;
	if (word(&d, ".inf") || word(&d, ".Inf") || word(&d, ".INF"))
		return done(&d);
	if (at(&c, DIGITS)) {
		run(&c, DIGITS "_");
		d = c;
		if (eat(&c, '.')) {	/* [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)? */
			run(&c, DIGITS "_");
			if (at(&c, "eE")) {
				c.p++;
				if (!eat(&c, '-') && !eat(&c, '+'))
					return false;
				if (!run(&c, DIGITS))
					return false;
			}
			return done(&c);
		}
		c = d;		/* [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]* */
		if (!sexagesimal(&c) || !eat(&c, '.'))
			return false;
		run(&c, DIGITS "_");
		return done(&c);
	}
	if (c.p != s)
		return false;	/* \.[0-9][0-9_]* takes no sign */
	if (!eat(&c, '.') || !at(&c, DIGITS))
		return false;
	run(&c, DIGITS "_");
	if (at(&c, "eE")) {
		c.p++;
		if (!eat(&c, '-') && !eat(&c, '+'))
			return false;
		if (!run(&c, DIGITS))
			return false;
	}
	return done(&c);
}

/* PyYAML's int resolver plus the 0o form quoted-strings adds to it. */
static bool match_int(const char *s, size_t n)
{
	struct cur c = { s, s + n }, d;

	sign(&c);
	d = c;
	if (word(&d, "0b"))
		return run(&d, "01_") && done(&d);
	d = c;
	if (word(&d, "0x"))
		return run(&d, DIGITS "abcdefABCDEF_") && done(&d);
	d = c;
	if (eat(&d, '0')) {
		if (done(&d))
			return true;
		eat(&d, 'o');
		return run(&d, "01234567_") && done(&d);
	}
	if (!at(&c, "123456789"))
		return false;
	run(&c, DIGITS "_");
	if (done(&c))
		return true;
	return sexagesimal(&c) && done(&c);
}

static bool match_timestamp(const char *s, size_t n)
{
	struct cur c = { s, s + n };
	size_t k;

	if (run(&c, DIGITS) != 4 || !eat(&c, '-'))
		return false;
	k = run(&c, DIGITS);
	if (k < 1 || k > 2 || !eat(&c, '-'))
		return false;
	k = run(&c, DIGITS);
	if (k < 1 || k > 2)
		return false;
	if (done(&c))
		return (size_t)(c.p - s) == 10;	/* the date alone takes two digits each */
	if (!eat(&c, 'T') && !eat(&c, 't') && !run(&c, " \t"))
		return false;
	k = run(&c, DIGITS);
	if (k < 1 || k > 2 || !eat(&c, ':') || run(&c, DIGITS) != 2 || !eat(&c, ':') ||
	    run(&c, DIGITS) != 2)
		return false;
	if (eat(&c, '.'))
		run(&c, DIGITS);
	if (done(&c))
		return true;
	run(&c, " \t");
	if (eat(&c, 'Z'))
		return done(&c);
	if (!eat(&c, '-') && !eat(&c, '+'))
		return false;
	k = run(&c, DIGITS);
	if (k < 1 || k > 2)
		return false;
	if (eat(&c, ':') && run(&c, DIGITS) != 2)
		return false;
	return done(&c);
}

/* Would PyYAML resolve this plain scalar to something else than a string? */
static bool resolves_non_str(const char *v, size_t n)
{
	static const char *const words[] = {
		"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
		"FALSE", "on", "On", "ON", "off", "Off", "OFF", "~", "null", "Null", "NULL", "<<",
		"=", "!", "&", "*",
	};

	if (n == 0)
		return true;		/* null */
	if (v[n - 1] == '\n')
		n--;			/* Python's $ also matches before a final newline */
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (n == strlen(words[i]) && memcmp(v, words[i], n) == 0)
			return true;
	return match_float(v, n) || match_int(v, n) || match_timestamp(v, n);
}

static void r_float_values(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t;
	const int *v = c->rc->v;
	struct cur x, y;

	if (is(c->prev, YAML_TAG_TOKEN) || !is(t, YAML_SCALAR_TOKEN) || t->style)
		return;
	x = (struct cur){ t->val, t->val + t->vlen };
	/* Python's $ matches before a final newline; plain scalars have none */
	if (v[FV_NAN]) {
		y = x;
		if ((word(&y, ".nan") || word(&y, ".NaN") || word(&y, ".NAN")) && done(&y))
			add(l, c->r, t->s.line + 1, t->s.col + 1,
			    "forbidden not a number value \"%s\"", t->val);
	}
	if (v[FV_INF]) {
		y = x;
		sign(&y);
		if ((word(&y, ".inf") || word(&y, ".Inf") || word(&y, ".INF")) && done(&y))
			add(l, c->r, t->s.line + 1, t->s.col + 1, "forbidden infinite value \"%s\"",
			    t->val);
	}
	if (v[FV_SCIENTIFIC]) {
		/* [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)$ */
		bool ok;

		y = x;
		sign(&y);
		if (eat(&y, '.')) {
			ok = run(&y, DIGITS) > 0;
		} else {
			ok = run(&y, DIGITS) > 0;
			if (ok && eat(&y, '.'))
				run(&y, DIGITS);
		}
		if (ok && at(&y, "eE")) {
			y.p++;
			sign(&y);
			if (run(&y, DIGITS) && done(&y))
				add(l, c->r, t->s.line + 1, t->s.col + 1,
				    "forbidden scientific notation \"%s\"", t->val);
		}
	}
	if (v[FV_NUMERAL]) {
		/* [-+]?(\.[0-9]+)([eE][-+]?[0-9]+)?$ */
		y = x;
		sign(&y);
		if (eat(&y, '.') && run(&y, DIGITS)) {
			bool ok = true;

			if (at(&y, "eE")) {
				y.p++;
				sign(&y);
				ok = run(&y, DIGITS) > 0;
			}
			if (ok && done(&y))
				add(l, c->r, t->s.line + 1, t->s.col + 1,
				    "forbidden decimal missing 0 prefix \"%s\"", t->val);
		}
	}
}

/* Does @v need quotes: does PyYAML read `key: v` back as the plain scalar v? */
static bool quotes_needed(const char *v, size_t n)
{
	yaml_parser_t p;
	yaml_token_t tk[7];
	unsigned char *text = malloc(n + 5);
	int got = 0;
	bool needed = true;

	/*
	 * A flow collection (and only it could nest deep) is no plain scalar;
	 * PyYAML stops at a tab (see find_bad_tab()).
	 */
	if (!text || v[0] == '[' || v[0] == '{' || memchr(v, '\t', n)) {
		free(text);
		return true;
	}
	memcpy(text, "key: ", 5);
	memcpy(text + 5, v, n);
	if (!yaml_parser_initialize(&p)) {
		free(text);
		return true;
	}
	yaml_parser_set_input_string(&p, text, n + 5);
	while (got < 7 && yaml_parser_scan(&p, &tk[got])) {
		if (tk[got].type == YAML_NO_TOKEN) {
			yaml_token_delete(&tk[got]);
			break;
		}
		got++;
	}
	if (got == 7 && tk[5].type == YAML_SCALAR_TOKEN &&
	    tk[5].data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    tk[6].type == YAML_BLOCK_END_TOKEN && tk[5].data.scalar.length == n &&
	    memcmp(tk[5].data.scalar.value, v, n) == 0)
		needed = false;
	for (int i = 0; i < got; i++)
		yaml_token_delete(&tk[i]);
	yaml_parser_delete(&p);
	free(text);
	return needed;
}

static bool any_match(const struct regex_list *rl, const struct tok *t)
{
	for (size_t i = 0; i < rl->n; i++)
		if (regex_match(rl->re[i], t->val, t->vlen) == 1)
			return true;
	return false;
}

static void r_quoted_strings(struct lint *l, const struct tctx *c)
{
	static const char *const qname[] = { "any", "single", "double" };
	const struct tok *t = c->t;
	const struct rule_conf *rc = c->rc;
	int qt = rc->v[QS_TYPE];
	bool plain, is_str, match, quoted_quotes;
	const char *msg = NULL;

	if (!is(t, YAML_SCALAR_TOKEN) || !c->prev)
		return;
	switch (c->prev->type) {
	case YAML_BLOCK_ENTRY_TOKEN:
	case YAML_FLOW_ENTRY_TOKEN:
	case YAML_FLOW_SEQUENCE_START_TOKEN:
	case YAML_TAG_TOKEN:
	case YAML_VALUE_TOKEN:
		break;
	default:
		return;		/* keys are not checked */
	}
	/* explicit types: !!str, !!int */
	if (is(c->prev, YAML_TAG_TOKEN) && c->prev->vlen == 2 && memcmp(c->prev->val, "!!", 2) == 0)
		return;
	plain = !t->style;
	is_str = !resolves_non_str(t->val, t->vlen);
	if (plain && !is_str)
		return;
	if (t->style == '|' || t->style == '>')
		return;
	match = qt == QT_ANY || (qt == QT_SINGLE && t->style == '\'') ||
		(qt == QT_DOUBLE && t->style == '"');
	quoted_quotes = rc->v[QS_QUOTED_QUOTES] && !plain &&
			((t->style == '\'' && memchr(t->val, '"', t->vlen)) ||
			 (t->style == '"' && memchr(t->val, '\'', t->vlen)));
	switch (rc->v[QS_REQUIRED]) {
	case REQ_TRUE:
		if (plain || !(match || quoted_quotes))
			msg = "string value is not quoted with %s quotes";
		break;
	case REQ_FALSE:
		if (!plain && !match && !quoted_quotes)
			msg = "string value is not quoted with %s quotes";
		else if (plain && any_match(&rc->rx[QS_EXTRA_REQUIRED], t))
			msg = "string value is not quoted";
		break;
	default:
		if (!plain && is_str && t->vlen && !quotes_needed(t->val, t->vlen)) {
			if (!any_match(&rc->rx[QS_EXTRA_REQUIRED], t) &&
			    !any_match(&rc->rx[QS_EXTRA_ALLOWED], t))
				msg = "string value is redundantly quoted with %s quotes";
		} else if (!plain && !match && !quoted_quotes) {
			msg = "string value is not quoted with %s quotes";
		} else if (plain && any_match(&rc->rx[QS_EXTRA_REQUIRED], t)) {
			msg = "string value is not quoted";
		}
		break;
	}
	if (msg)
		add(l, c->r, t->s.line + 1, t->s.col + 1, msg, qname[qt]);
}

/* ---- indentation ---- */

static struct parent *top(struct lint *l, size_t k)
{
	return l->nst > k ? &l->st[l->nst - 1 - k] : NULL;
}

static void push(struct lint *l, enum ptype type, int indent, int line_indent)
{
	struct parent *p;

	if (!grow((void **)&l->st, &l->cap_st, l->nst + 1, sizeof(*l->st))) {
		l->oom = true;
		return;
	}
	p = &l->st[l->nst++];
	memset(p, 0, sizeof(*p));
	p->type = type;
	p->indent = indent;
	p->line_indent = line_indent;
}

static void pop(struct lint *l)
{
	if (l->nst > 1)
		l->nst--;
}

static int detect_indent(struct lint *l, int base, int found_col)
{
	if (l->spaces == SPACES_CONSISTENT)
		l->spaces = found_col - base;
	return base + l->spaces;
}

/* The line a token really ends on: PyYAML's scalars often end on the next line. */
static long real_end_line(const struct lint *l, const struct tok *t)
{
	long end_line = (long)t->e.line + 1;

	if (t->type != YAML_SCALAR_TOKEN)
		return end_line;
	for (long pos = (long)t->e.i - 1; pos >= (long)t->s.i - 1 && py_whitespace(ch(l, pos));
	     pos--)
		if (ch(l, pos) == '\n')
			end_line--;
	return end_line;
}

/* Expected indentation of the lines of a multi-line scalar; false on yamllint's assertion. */
static bool scalar_expected(struct lint *l, const struct tok *t, int found, int *expected)
{
	struct parent *p = top(l, 0), *pp = top(l, 1);

	if (!t->style) {
		*expected = (int)t->s.col;
	} else if (t->style == '"' || t->style == '\'') {
		*expected = (int)t->s.col + 1;
	} else if (p->type == P_BENT) {
		*expected = detect_indent(l, (int)t->s.col, found);
	} else if (p->type == P_KEY) {
		if (!p->explicit_key)
			return false;
		*expected = detect_indent(l, (int)t->s.col, found);
	} else if (p->type == P_VAL) {
		if (!pp)
			return false;
		if ((long)t->s.line + 1 > l->cur_line)
			*expected = detect_indent(l, p->indent, found);
		else if (pp->explicit_key)
			*expected = detect_indent(l, (int)t->s.col, found);
		else
			*expected = detect_indent(l, pp->indent, found);
	} else {
		*expected = detect_indent(l, p->indent, found);
	}
	return true;
}

static bool check_scalar_indentation(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t;
	size_t ls = boff(l, t->s.i), end;
	uint32_t line_no = t->s.line + 1;
	bool have = false;
	int expected = 0;

	if (t->s.line == t->e.line)
		return true;
	end = t->e.i ? boff(l, t->e.i - 1) : 0;
	for (;;) {
		const unsigned char *nl;
		int indent = 0;

		if (ls >= end || !(nl = memchr(l->buf + ls, '\n', end - ls)))
			break;
		ls = (size_t)(nl - l->buf) + 1;
		line_no++;
		while (ls + indent < l->len && l->buf[ls + indent] == ' ')
			indent++;
		if (ls + indent < l->len && l->buf[ls + indent] == '\n')
			continue;
		if (!have) {
			if (!scalar_expected(l, t, indent, &expected))
				return false;
			have = true;
		}
		if (indent != expected)
			add(l, c->r, line_no, (uint32_t)indent + 1,
			    "wrong indentation: expected %d but found %d", expected, indent);
	}
	return true;
}

static bool is_any(const struct tok *t, yaml_token_type_t a, yaml_token_type_t b)
{
	return t && (t->type == a || t->type == b);
}

static void r_indentation(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t, *prev = c->prev, *next = c->next;
	struct parent *p = top(l, 0);
	bool visible, first;
	int found = (int)t->s.col, indent;

	if (!p) {
		push(l, P_ROOT, 0, 0);
		p = top(l, 0);
		if (!p)
			return;
	}
	visible = t->type != YAML_STREAM_START_TOKEN && t->type != YAML_STREAM_END_TOKEN &&
		  t->type != YAML_BLOCK_END_TOKEN && !(t->type == YAML_SCALAR_TOKEN && !t->vlen);
	first = visible && (long)t->s.line + 1 > l->cur_line;
	if (first) {
		int expected = p->indent;

		if (is_any(t, YAML_FLOW_MAPPING_END_TOKEN, YAML_FLOW_SEQUENCE_END_TOKEN))
			expected = p->line_indent;
		else if (p->type == P_KEY && p->explicit_key && t->type != YAML_VALUE_TOKEN)
			expected = detect_indent(l, expected, found);
		if (found != expected) {
			if (expected < 0)
				add(l, c->r, t->s.line + 1, (uint32_t)found + 1,
				    "wrong indentation: expected at least %d", found + 1);
			else
				add(l, c->r, t->s.line + 1, (uint32_t)found + 1,
				    "wrong indentation: expected %d but found %d", expected, found);
		}
	}
	if (t->type == YAML_SCALAR_TOKEN && c->rc->v[IN_MULTI_LINE] &&
	    !check_scalar_indentation(l, c))
		goto assertion;
	if (visible) {
		l->cur_line = real_end_line(l, t);
		if (first)
			l->cur_line_indent = found;
	}

	switch (t->type) {
	case YAML_BLOCK_MAPPING_START_TOKEN:
		if (!is(next, YAML_KEY_TOKEN) || next->s.line != t->s.line)
			goto assertion;
		push(l, P_BMAP, (int)t->s.col, 0);
		break;
	case YAML_FLOW_MAPPING_START_TOKEN:
	case YAML_FLOW_SEQUENCE_START_TOKEN:
		if (!next)
			break;
		if (next->s.line == t->s.line)
			indent = (int)next->s.col;
		else
			indent = detect_indent(l, l->cur_line_indent, (int)next->s.col);
		push(l, t->type == YAML_FLOW_MAPPING_START_TOKEN ? P_FMAP : P_FSEQ, indent,
		     l->cur_line_indent);
		break;
	case YAML_BLOCK_SEQUENCE_START_TOKEN:
		if (!is(next, YAML_BLOCK_ENTRY_TOKEN) || next->s.line != t->s.line)
			goto assertion;
		push(l, P_BSEQ, (int)t->s.col, 0);
		break;
	case YAML_BLOCK_ENTRY_TOKEN:
		/* an empty entry */
		if (!next || is_any(next, YAML_BLOCK_ENTRY_TOKEN, YAML_BLOCK_END_TOKEN))
			break;
		/* PyYAML has no BLOCK-SEQUENCE-START for a sequence that is not indented */
		if (top(l, 0)->type != P_BSEQ) {
			push(l, P_BSEQ, (int)t->s.col, 0);
			if (l->nst)
				top(l, 0)->implicit_block_seq = true;
		}
		if (next->s.line == t->e.line || next->s.col == t->s.col)
			indent = (int)next->s.col;
		else
			indent = detect_indent(l, (int)t->s.col, (int)next->s.col);
		push(l, P_BENT, indent, 0);
		break;
	case YAML_KEY_TOKEN:
		push(l, P_KEY, p->indent, 0);
		if (l->nst)
			top(l, 0)->explicit_key = is_explicit_key(l, t);
		break;
	case YAML_VALUE_TOKEN: {
		const struct tok *nx = next;

		if (p->type != P_KEY)
			goto assertion;
		/* key: &anchor  or  key: !!tag  with the value on the next line */
		if (is_any(nx, YAML_ANCHOR_TOKEN, YAML_TAG_TOKEN) && prev && c->nn &&
		    nx->s.line == prev->s.line && nx->s.line < c->nn->s.line)
			nx = c->nn;
		if (!nx || is_any(nx, YAML_BLOCK_END_TOKEN, YAML_FLOW_MAPPING_END_TOKEN) ||
		    is_any(nx, YAML_FLOW_SEQUENCE_END_TOKEN, YAML_KEY_TOKEN))
			break;	/* an empty value */
		if (p->explicit_key) {
			indent = detect_indent(l, p->indent, (int)nx->s.col);
		} else if (prev && nx->s.line == prev->s.line) {
			indent = (int)nx->s.col;
		} else if (is_any(nx, YAML_BLOCK_SEQUENCE_START_TOKEN, YAML_BLOCK_ENTRY_TOKEN)) {
			if (l->indseq == SEQ_FALSE) {
				indent = p->indent;
			} else if (l->indseq == SEQ_TRUE) {
				/* spaces not known yet: "at least" */
				if (l->spaces == SPACES_CONSISTENT &&
				    (int)nx->s.col - p->indent == 0)
					indent = -1;
				else
					indent = detect_indent(l, p->indent, (int)nx->s.col);
			} else if ((int)nx->s.col == p->indent) {
				if (l->indseq == SEQ_CONSISTENT)
					l->indseq = SEQ_FALSE;
				indent = p->indent;
			} else {
				if (l->indseq == SEQ_CONSISTENT)
					l->indseq = SEQ_TRUE;
				indent = detect_indent(l, p->indent, (int)nx->s.col);
			}
		} else {
			indent = detect_indent(l, p->indent, (int)nx->s.col);
		}
		push(l, P_VAL, indent, 0);
		break;
	}
	default:
		break;
	}

	for (bool consumed = false; l->nst;) {
		struct parent *q = top(l, 0), *qq = top(l, 1);

		if (q->type == P_FSEQ && t->type == YAML_FLOW_SEQUENCE_END_TOKEN && !consumed) {
			pop(l);
			consumed = true;
		} else if (q->type == P_FMAP && t->type == YAML_FLOW_MAPPING_END_TOKEN &&
			   !consumed) {
			pop(l);
			consumed = true;
		} else if ((q->type == P_BMAP || q->type == P_BSEQ) &&
			   t->type == YAML_BLOCK_END_TOKEN && !q->implicit_block_seq && !consumed) {
			pop(l);
			consumed = true;
		} else if (q->type == P_BENT && t->type != YAML_BLOCK_ENTRY_TOKEN && qq &&
			   qq->implicit_block_seq &&
			   !is_any(t, YAML_ANCHOR_TOKEN, YAML_TAG_TOKEN) &&
			   !is(next, YAML_BLOCK_ENTRY_TOKEN)) {
			pop(l);
			pop(l);
		} else if (q->type == P_BENT &&
			   is_any(next, YAML_BLOCK_ENTRY_TOKEN, YAML_BLOCK_END_TOKEN)) {
			pop(l);
		} else if (q->type == P_VAL && t->type != YAML_VALUE_TOKEN &&
			   !is_any(t, YAML_ANCHOR_TOKEN, YAML_TAG_TOKEN)) {
			if (!qq || qq->type != P_KEY)
				goto assertion;
			pop(l);
			pop(l);
		} else if (q->type == P_KEY &&
			   (is_any(next, YAML_BLOCK_END_TOKEN, YAML_FLOW_MAPPING_END_TOKEN) ||
			    is_any(next, YAML_FLOW_SEQUENCE_END_TOKEN, YAML_KEY_TOKEN))) {
			/* a key without a value: a set */
			pop(l);
		} else {
			break;
		}
		if (l->nst <= 1)
			break;
	}
	return;
assertion:
	add(l, c->r, t->s.line + 1, t->s.col + 1, "cannot infer indentation: unexpected token");
}

static void run_token_rules(struct lint *l, size_t i)
{
	struct tctx c = {
		.t = &l->t[i],
		.prev = i ? &l->t[i - 1] : NULL,
		.next = i + 1 < l->nt ? &l->t[i + 1] : NULL,
		.nn = i + 2 < l->nt ? &l->t[i + 2] : NULL,
	};

	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];

		if (!l->cfg->rule[r].enabled || rule_defs[r].type != RT_TOKEN)
			continue;
		c.r = r;
		c.rc = &l->cfg->rule[r];
		switch (r) {
		case R_BRACES:
			r_flow(l, &c, YAML_FLOW_MAPPING_START_TOKEN, YAML_FLOW_MAPPING_END_TOKEN,
			       "braces", "forbidden flow mapping");
			break;
		case R_BRACKETS:
			r_flow(l, &c, YAML_FLOW_SEQUENCE_START_TOKEN, YAML_FLOW_SEQUENCE_END_TOKEN,
			       "brackets", "forbidden flow sequence");
			break;
		case R_COLONS: r_colons(l, &c); break;
		case R_COMMAS: r_commas(l, &c); break;
		case R_DOCUMENT_END: r_document_end(l, &c); break;
		case R_DOCUMENT_START: r_document_start(l, &c); break;
		case R_EMPTY_VALUES: r_empty_values(l, &c); break;
		case R_FLOAT_VALUES: r_float_values(l, &c); break;
		case R_HYPHENS: r_hyphens(l, &c); break;
		case R_INDENTATION: r_indentation(l, &c); break;
		case R_KEY_DUPLICATES: r_key_duplicates(l, &c); break;
		case R_KEY_ORDERING: r_key_ordering(l, &c); break;
		case R_OCTAL_VALUES: r_octal_values(l, &c); break;
		case R_QUOTED_STRINGS: r_quoted_strings(l, &c); break;
		case R_TRUTHY: r_truthy(l, &c); break;
		default: break;
		}
	}
}

/* ------------------------------------------------------------------ */
/* Comment rules and directives                                        */

static bool comment_inline(const struct lint *l, size_t before, uint32_t line)
{
	const struct tok *tb = &l->t[before];

	return tb->type != YAML_STREAM_START_TOKEN && line == tb->e.line + 1 &&
	       ch(l, (long)tb->e.i - 1) != '\n';
}

/* The indentation of the line @t starts on. */
static int line_indent_of(const struct lint *l, const struct tok *t)
{
	size_t b = boff(l, t->s.i), s = b;
	int n = 0;

	while (s > 0 && l->buf[s - 1] != '\n')
		s--;
	while (s + (size_t)n < l->len && l->buf[s + (size_t)n] == ' ')
		n++;
	return n;
}

static void r_comments(struct lint *l, const struct comment *cm, const struct rule_conf *rc)
{
	const int *v = rc->v;
	size_t b, start;

	if (v[CT_MIN_FROM_CONTENT] != -1 && comment_inline(l, cm->before, cm->line) &&
	    (long)cm->ptr - (long)l->t[cm->before].e.i < v[CT_MIN_FROM_CONTENT])
		add(l, R_COMMENTS, cm->line, cm->col, "too few spaces before comment");
	if (!v[CT_STARTING_SPACE])
		return;
	start = boff(l, cm->ptr) + 1;
	for (b = start; b < l->len && l->buf[b] == '#'; b++)
		;
	/* PyYAML's buffer ends in '\0': a comment at the very end is fine */
	if (b < l->len) {
		unsigned char c = l->buf[b];

		if (v[CT_SHEBANGS] && cm->line == 1 && cm->col == 1 && c == '!')
			return;
		if (c != ' ' && c != '\n' && c != '\r' && c != '\0')
			add(l, R_COMMENTS, cm->line, cm->col + (uint32_t)(b - start) + 1,
			    "missing starting space in comment");
	}
}

static void r_comments_indentation(struct lint *l, const struct comment *cm)
{
	const struct tok *tb = &l->t[cm->before];
	const struct tok *ta = cm->after != SIZE_MAX ? &l->t[cm->after] : NULL;
	int next_indent, prev_indent;

	/* only comments on their own line */
	if (tb->type != YAML_STREAM_START_TOKEN && tb->e.line + 1 == cm->line)
		return;
	next_indent = ta ? (int)ta->s.col : 0;
	if (!ta || ta->type == YAML_STREAM_END_TOKEN)
		next_indent = 0;
	prev_indent = tb->type == YAML_STREAM_START_TOKEN ? 0 : line_indent_of(l, tb);
	if (prev_indent < next_indent)
		prev_indent = next_indent;
	/* after a comment that went back to the indentation of what follows */
	if (cm->has_prev && !cm->prev_inline)
		prev_indent = (int)cm->prev_col - 1;
	if ((int)cm->col - 1 != prev_indent && (int)cm->col - 1 != next_indent)
		add(l, R_COMMENTS_INDENTATION, cm->line, cm->col,
		    "comment not indented like content");
}

static bool is_space_c(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/*
 * `# yamllint disable( rule:ID)*`: when @s matches @head and the rest,
 * the rules named (0 when none: all) go to *mask.
 */
static bool directive(const struct lint *l, const char *s, size_t n, const char *head,
		      uint32_t *mask, bool *all)
{
	size_t hl = strlen(head), i;

	if (n < hl || memcmp(s, head, hl) != 0)
		return false;
	*mask = 0;
	*all = true;
	i = hl;
	while (i + 6 < n && memcmp(s + i, " rule:", 6) == 0 &&
	       !is_space_c((unsigned char)s[i + 6])) {
		size_t j = i + 6, k;

		while (j < n && !is_space_c((unsigned char)s[j]))
			j++;
		for (k = 0; k < R_COUNT; k++)
			if (strlen(rule_defs[k].name) == j - i - 6 &&
			    memcmp(rule_defs[k].name, s + i + 6, j - i - 6) == 0)
				*mask |= 1u << k;
		*all = false;
		i = j;
	}
	for (; i < n; i++)
		if (!is_space_c((unsigned char)s[i]))
			return false;
	*mask &= l->enabled;
	return true;
}

static void directives(struct lint *l, const struct comment *cm)
{
	size_t b = boff(l, cm->ptr), e = b;
	const char *s = (const char *)l->buf + b;
	uint32_t mask;
	bool all;

	while (e < l->len && l->buf[e] != '\n')
		e++;
	if (directive(l, s, e - b, "# yamllint disable", &mask, &all))
		l->dis = all ? l->enabled : l->dis | mask;
	else if (directive(l, s, e - b, "# yamllint enable", &mask, &all))
		l->dis = all ? 0 : l->dis & ~mask;
	if (directive(l, s, e - b, "# yamllint disable-line", &mask, &all)) {
		if (comment_inline(l, cm->before, cm->line))
			l->dis_line = all ? l->enabled : l->dis_line | mask;
		else
			l->dis_next = all ? l->enabled : l->dis_next | mask;
	}
}

static void run_comment(struct lint *l, const struct comment *cm)
{
	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];

		if (!l->cfg->rule[r].enabled)
			continue;
		if (r == R_COMMENTS)
			r_comments(l, cm, &l->cfg->rule[r]);
		else if (r == R_COMMENTS_INDENTATION)
			r_comments_indentation(l, cm);
	}
	directives(l, cm);
}

/* ------------------------------------------------------------------ */
/* Line rules                                                          */

struct line {
	uint32_t no;
	size_t start, end;	/* bytes; end before "\n" or "\r\n" */
};

static void r_empty_lines(struct lint *l, const struct line *ln, const int *v)
{
	const unsigned char *b = l->buf;
	size_t len = l->len, start = ln->start;
	int blank = 0, max = v[EL_MAX];

	if (ln->start != ln->end || ln->end >= len)
		return;
	/* only the last blank line of a series */
	if ((ln->end + 2 <= len && b[ln->end] == '\n' && b[ln->end + 1] == '\n') ||
	    (ln->end + 4 <= len && memcmp(b + ln->end, "\r\n\r\n", 4) == 0))
		return;
	while (start >= 2 && b[start - 2] == '\r' && b[start - 1] == '\n') {
		blank++;
		start -= 2;
	}
	while (start >= 1 && b[start - 1] == '\n') {
		blank++;
		start--;
	}
	if (start == 0) {
		blank++;	/* the first line has no newline before it */
		max = v[EL_MAX_START];
	}
	if ((ln->end == len - 1 && b[ln->end] == '\n') ||
	    (ln->end + 2 == len && b[ln->end] == '\r' && b[ln->end + 1] == '\n')) {
		if (ln->end == 0)
			return;	/* a file of just "\n" */
		max = v[EL_MAX_END];
	}
	if (blank > max)
		add(l, R_EMPTY_LINES, ln->no, 1, "too many blank lines (%d > %d)", blank, max);
}

/* yamllint's check_inline_mapping(): `key: value-without-spaces` on one line */
static bool inline_mapping(const struct lint *l, const struct line *ln)
{
	yaml_parser_t p;
	yaml_token_t tk;
	bool res = false, in_map = false, after_value = false, stop = false;
	const unsigned char *s = l->buf + ln->start;
	size_t n = ln->end - ln->start;
	unsigned depth = 0;

	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, s, n);
	/* a scanner error ends the search: false; so does deep nesting (see scan_tokens) */
	while (!stop && yaml_parser_scan(&p, &tk)) {
		if (tk.type == YAML_FLOW_SEQUENCE_START_TOKEN ||
		    tk.type == YAML_FLOW_MAPPING_START_TOKEN)
			stop = ++depth > DTBIND_MAX_DEPTH;
		else if (tk.type == YAML_FLOW_SEQUENCE_END_TOKEN ||
			 tk.type == YAML_FLOW_MAPPING_END_TOKEN)
			depth -= depth > 0;
		if (stop) {
		} else if (tk.type == YAML_NO_TOKEN) {
			stop = true;
		} else if (!in_map) {
			in_map = tk.type == YAML_BLOCK_MAPPING_START_TOKEN;
		} else if (after_value) {
			/* the token after ':' is taken, whatever it is */
			after_value = false;
			if (tk.type == YAML_SCALAR_TOKEN) {
				size_t b = 0;

				/* no space from the value's column on */
				for (size_t col = 0; b < n && col < tk.start_mark.column; col++)
					for (b++; b < n && (s[b] & 0xc0) == 0x80; b++)
						;
				res = !memchr(s + b, ' ', n - b);
				stop = true;
			}
		} else if (tk.type == YAML_VALUE_TOKEN) {
			after_value = true;
		}
		yaml_token_delete(&tk);
	}
	yaml_parser_delete(&p);
	return res;
}

static void r_line_length(struct lint *l, const struct line *ln, const int *v)
{
	size_t len = nchars_in(l, ln->start, ln->end), start = ln->start;
	const unsigned char *b = l->buf;

	if ((long)len <= (long)v[LL_MAX])
		return;
	if (v[LL_WORDS] || v[LL_INLINE_MAPPINGS]) {
		while (start < ln->end && b[start] == ' ')
			start++;
		if (start != ln->end) {
			if (b[start] == '#') {
				while (start < l->len && b[start] == '#')
					start++;
				start++;
			} else if (b[start] == '-') {
				start += 2;
			}
			if (start >= ln->end || !memchr(b + start, ' ', ln->end - start))
				return;
			if (v[LL_INLINE_MAPPINGS] && inline_mapping(l, ln))
				return;
		}
	}
	add(l, R_LINE_LENGTH, ln->no, (uint32_t)v[LL_MAX] + 1,
	    "line too long (%zu > %d characters)", len, v[LL_MAX]);
}

static void r_trailing_spaces(struct lint *l, const struct line *ln)
{
	size_t pos = ln->end;

	if (ln->end == 0)
		return;
	while (pos > ln->start && py_whitespace(l->buf[pos - 1]))
		pos--;
	if (pos != ln->end && (l->buf[pos] == ' ' || l->buf[pos] == '\t'))
		add(l, R_TRAILING_SPACES, ln->no, (uint32_t)nchars_in(l, ln->start, pos) + 1,
		    "trailing spaces");
}

static void run_line(struct lint *l, const struct line *ln)
{
	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];
		const int *v = l->cfg->rule[r].v;

		if (!l->cfg->rule[r].enabled)
			continue;
		switch (r) {
		case R_EMPTY_LINES:
			r_empty_lines(l, ln, v);
			break;
		case R_LINE_LENGTH:
			r_line_length(l, ln, v);
			break;
		case R_NEW_LINE_AT_END_OF_FILE:
			if (ln->end == l->len && ln->end > ln->start)
				add(l, r, ln->no, (uint32_t)nchars_in(l, ln->start, ln->end) + 1,
				    "no new line character at the end of file");
			break;
		case R_NEW_LINES:
			if (ln->start == 0 && l->len > ln->end) {
				bool dos = v[NL_TYPE] == NL_DOS;
				bool ok = dos ? ln->end + 2 <= l->len &&
						memcmp(l->buf + ln->end, "\r\n", 2) == 0
					      : l->buf[ln->end] == '\n';

				if (!ok)
					add(l, r, 1, (uint32_t)nchars_in(l, ln->start, ln->end) + 1,
					    "wrong new line character: expected %s",
					    dos ? "\\r\\n" : "\\n");
			}
			break;
		case R_TRAILING_SPACES:
			r_trailing_spaces(l, ln);
			break;
		default:
			break;
		}
	}
	/* the end of a line: what was found on it goes out, filtered by directives */
	flush(l);
	l->dis_line = l->dis_next;
	l->dis_next = 0;
}

/* Lines as yamllint's line_generator() yields them. */
struct lines {
	size_t pos;
	uint32_t no;
	bool done;
};

static void lines_until(struct lint *l, struct lines *it, uint32_t before)
{
	while (!it->done && it->no < before) {
		struct line ln = { it->no, it->pos, l->len };
		const unsigned char *nl = it->pos < l->len ?
			memchr(l->buf + it->pos, '\n', l->len - it->pos) : NULL;

		if (nl) {
			size_t n = (size_t)(nl - l->buf);

			/* "\r\n" ends a line; the "\r" is not part of it */
			ln.end = n > 0 && l->buf[n - 1] == '\r' ? n - 1 : n;
			it->pos = n + 1;
		} else {
			it->done = true;
		}
		it->no++;
		run_line(l, &ln);
	}
}

/* ------------------------------------------------------------------ */
/* Driver                                                              */

/* Comments between tokens @a and @b (b = SIZE_MAX: none after a), yamllint's way. */
static void comments_between(struct lint *l, struct lines *it, size_t a, size_t b)
{
	const struct tok *t1 = &l->t[a], *t2 = b != SIZE_MAX ? &l->t[b] : NULL;
	size_t from = t1->e.i, to = t2 ? t2->s.i : l->nchars, bpos, bend;
	uint32_t line, col;
	struct comment cm = { 0 };

	if (t2 && t1->e.line == t2->s.line && t1->type != YAML_STREAM_START_TOKEN &&
	    t2->type != YAML_STREAM_END_TOKEN)
		return;
	if (to < from)
		return;
	line = t1->e.line + 1;
	col = t1->e.col + 1;
	bpos = boff(l, from);
	bend = boff(l, to);
	while (bpos <= bend) {
		const unsigned char *nl = memchr(l->buf + bpos, '\n', bend - bpos);
		size_t seg_end = nl ? (size_t)(nl - l->buf) : bend;
		const unsigned char *hash = memchr(l->buf + bpos, '#', seg_end - bpos);

		if (hash) {
			size_t hb = (size_t)(hash - l->buf);

			cm.line = line;
			cm.col = col + (uint32_t)nchars_in(l, bpos, hb);
			cm.ptr = cidx(l, hb);
			cm.before = a;
			cm.after = b;
			lines_until(l, it, cm.line);
			run_comment(l, &cm);
			cm.has_prev = true;
			cm.prev_inline = comment_inline(l, a, cm.line);
			cm.prev_col = cm.col;
		}
		if (!nl)
			break;
		bpos = seg_end + 1;
		line++;
		col = 1;
	}
}

/* `# yamllint disable-file` on the first line */
static bool disabled_file(const unsigned char *b, size_t len)
{
	size_t i = 0, e;
	const char *w = "yamllint disable-file";

	for (e = 0; e < len && b[e] != '\n'; e++)
		;
	if (e == 0 || b[0] != '#')
		return false;
	for (i = 1; i < e && is_space_c(b[i]); i++)
		;
	if (e - i < strlen(w) || memcmp(b + i, w, strlen(w)) != 0)
		return false;
	for (i += strlen(w); i < e; i++)
		if (!is_space_c(b[i]))
			return false;
	return true;
}

/*
 * libyaml refuses a tab in the indentation of a block scalar's first line
 * while it still detects the indentation; PyYAML stops counting spaces there
 * and, when the tab is at the indentation it settles on, takes it as text.
 */
static bool block_tab_is_text(const struct lint *l, const struct yerr *se)
{
	size_t h, b, bt, spaces;
	int min_indent, max_indent = 0;
	uint32_t col = se->mark.col;

	if (se->kind != YAML_SCANNER_ERROR || !se->problem ||
	    strcmp(se->problem, "found a tab character where an indentation space is expected") ||
	    se->mark.i >= l->nchars || ch(l, (long)se->mark.i) != '\t')
		return false;
	/* an explicit indentation indicator leaves nothing to detect */
	h = boff(l, se->context_mark.i);
	for (b = h + 1; b < l->len && strchr("+-0123456789", l->buf[b]); b++)
		if (l->buf[b] >= '1' && l->buf[b] <= '9')
			return false;
	/* the lines before hold spaces only; the most of them counts */
	while (b < l->len && l->buf[b] != '\n')
		b++;
	bt = boff(l, se->mark.i);
	for (b++, spaces = 0; b < bt; b++) {
		if (l->buf[b] == ' ') {
			spaces++;
			if ((int)spaces > max_indent)
				max_indent = (int)spaces;
		} else if (l->buf[b] == '\n' || l->buf[b] == '\r') {
			spaces = 0;
		} else {
			return false;
		}
	}
	min_indent = se->indent + 1 < 1 ? 1 : se->indent + 1;
	return (int)col >= min_indent && (int)col >= max_indent;
}

/*
 * libyaml 0.2.5 ends a tag at ',', '[' or ']'; PyYAML takes them into it.
 * Returns the end of the run of such characters from the one libyaml stopped
 * at, or 0.
 */
static size_t tag_stops_early(const struct lint *l, const struct yerr *se)
{
	size_t b;

	if (se->kind != YAML_SCANNER_ERROR || !se->context || !se->problem ||
	    strcmp(se->context, "while scanning a tag") ||
	    strcmp(se->problem, "did not find expected whitespace or line break") ||
	    se->mark.i >= l->nchars || !strchr(",[]", ch(l, (long)se->mark.i)))
		return 0;
	b = boff(l, se->mark.i);
	while (b < l->len && l->buf[b] && !is_blank_or_break(l->buf[b]))
		b++;
	return b;
}

/* Tokens and the syntax error, as PyYAML would give them. */
static int analyse(struct lint *l)
{
	struct yerr se, pe;
	size_t tab, nret;
	unsigned char *work = NULL, *copy;
	const unsigned char *text = l->buf;
	bool scan_error, stale_required;
	int ret;

	/* where PyYAML reads on and libyaml stops, make libyaml read on */
	for (int round = 0;; round++) {
		size_t tag_end = 0;

		ret = scan_tokens(l, text, l->len, &se);
		if (ret || round == 64 ||
		    (!block_tab_is_text(l, &se) && !(tag_end = tag_stops_early(l, &se))))
			break;
		if (!work) {
			work = malloc(l->len);
			if (!work)
				return -DTBIND_ENOMEM;
			memcpy(work, l->buf, l->len);
			text = work;
		}
		if (!tag_end) {
			work[boff(l, se.mark.i)] = 'x';	/* the tab is text */
			continue;
		}
		for (size_t b = boff(l, se.mark.i); b < tag_end; b++)
			if (strchr(",[]", work[b]))
				work[b] = 'x';		/* part of the tag */
	}
	if (!ret && se.problem == too_deep) {
		pe = se;	/* do not let libyaml's parser run into it again */
		tab = SIZE_MAX;
	} else {
		if (!ret)
			ret = parse_events(l, text, l->len, &pe);
		if (ret)
			goto out;
		tab = find_bad_tab(l, &se);
	}
	if (tab == SIZE_MAX) {
		scan_error = se.kind != YAML_NO_ERROR;
	} else if (tab_ends_token(l, tab)) {
		/* a '`' stops libyaml there with the error PyYAML gives */
		copy = malloc(l->len);
		if (!copy) {
			ret = -DTBIND_ENOMEM;
			goto out;
		}
		memcpy(copy, text, l->len);
		copy[boff(l, tab)] = '`';
		ret = scan_tokens(l, copy, l->len, &se);
		if (!ret && se.problem == too_deep)
			pe = se;
		else if (!ret)
			ret = parse_events(l, copy, l->len, &pe);
		free(copy);
		if (ret)
			goto out;
		scan_error = se.kind != YAML_NO_ERROR;
	} else {
		/*
		 * PyYAML scans up to the tab as libyaml scans the text that ends
		 * there; then it stops, holding back what waits on a simple key.
		 */
		struct mark tm = mark_of(l, tab), last, err_at;
		size_t bt = boff(l, tab), n = 0;

		ret = scan_tokens(l, text, bt, &se);
		if (!ret && se.problem == too_deep)
			pe = se;
		else if (!ret)
			ret = parse_events(l, text, bt, &pe);
		if (ret)
			goto out;
		while (n < l->nt && l->t[n].s.i < tab && l->t[n].type != YAML_STREAM_END_TOKEN)
			n++;
		l->nt = n;
		if (se.problem == too_deep) {
			nret = n;
			stale_required = false;
			err_at = se.mark;
		} else if (se.kind != YAML_NO_ERROR) {
			/* libyaml stopped before handing out what waits on a required key */
			nret = n;
			/*
			 * At the end of the text libyaml gives up on any required key;
			 * PyYAML, at the tab, only on one of an earlier line.
			 */
			stale_required = se.problem &&
					 strcmp(se.problem, "could not find expected ':'") == 0 &&
					 (se.context_mark.line != tm.line ||
					  tab - se.context_mark.i > 1024);
			err_at = tm;
		} else {
			/* where the scanner stood after the last token: a plain scalar eats blank lines */
			last = tm;
			if (n) {
				const struct tok *t = &l->t[n - 1];

				last = t->e;
				if (t->type == YAML_SCALAR_TOKEN && !t->style) {
					size_t b = boff(l, t->e.i);

					while (b < bt && (l->buf[b] == ' ' || l->buf[b] == '\n' ||
							  l->buf[b] == '\r'))
						b++;
					if (b == bt)
						last = tm;
				}
			}
			nret = returned_before_tab(l, last);
			stale_required = false;
			err_at = tm;
		}
		if (se.problem != too_deep &&
		    (pe.kind != YAML_PARSER_ERROR || pe.tokens_parsed >= nret)) {
			pe = (struct yerr){
				.kind = YAML_SCANNER_ERROR,
				.mark = err_at,
				.problem = stale_required ?
						   "could not find expected ':'" :
						   "found character that cannot start any token"
			};
		}
		l->nt = nret;
		scan_error = true;
	}
	/* yamllint's generator needs the two tokens after the one it yields */
	l->nyield = scan_error ? (l->nt > 2 ? l->nt - 2 : 0) : l->nt;
	if (pe.kind != YAML_NO_ERROR)
		set_syntax_error(l, &pe);
	ret = l->oom ? -DTBIND_ENOMEM : 0;
out:
	free(work);
	return ret;
}

int yamllint_check(const struct yamllint_config *cfg, const char *path, const char *buf,
		   size_t len, struct dtbind_diag *diag)
{
	struct lint l = { 0 };
	struct lines it = { 0, 1, false };
	int ret;

	l.cfg = cfg;
	l.diag = diag;
	l.path = path;
	l.buf = (const unsigned char *)buf;
	l.len = len;
	l.cur_line = -1;
	for (unsigned k = 0; k < cfg->norder; k++)
		if (cfg->rule[cfg->order[k]].enabled)
			l.enabled |= 1u << cfg->order[k];
	if (disabled_file(l.buf, len))
		return 0;
	arena_init(&l.a, 16384);
	ret = map_text(&l);
	if (!ret)
		ret = analyse(&l);
	if (ret)
		goto out;
	l.spaces = cfg->rule[R_INDENTATION].v[IN_SPACES];
	l.indseq = cfg->rule[R_INDENTATION].v[IN_SEQUENCES];
	push(&l, P_ROOT, 0, 0);

	for (size_t i = 0; i < l.nyield && !l.oom; i++) {
		lines_until(&l, &it, l.t[i].s.line + 1);
		run_token_rules(&l, i);
		comments_between(&l, &it, i, i + 1 < l.nt ? i + 1 : SIZE_MAX);
	}
	lines_until(&l, &it, UINT32_MAX);
	if (l.syn)
		emit(&l, l.syn_line, l.syn_col, DTBIND_ERROR, "syntax", l.syn_msg);
	ret = l.oom ? -DTBIND_ENOMEM : l.found;
out:
	kstack_free(&l.kd);
	kstack_free(&l.ko);
	free(l.st);
	free(l.cache);
	free(l.t);
	free(l.c2b);
	arena_release(&l.a);
	return ret;
}
