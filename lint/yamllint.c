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
#include "yamllint-private.h"
/* Indexed by enum rid; names, kinds and defaults are yamllint's. */
const struct rule_def yl_rule_defs[R_COUNT] = {
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
		rc->v[i] = yl_rule_defs[r].opt[i].def;
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
	const struct opt_def *od = &yl_rule_defs[r].opt[o];
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
				   od->name, yl_rule_defs[r].name, s->u.str.ptr, err ? err : "?");
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

	switch (yl_rule_defs[r].opt[o].kind) {
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
	const struct rule_def *rd = &yl_rule_defs[r];

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
		if (strcmp(yl_rule_defs[r].name, name) == 0)
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
/* Findings                                                            */

void yl_add(struct lint *l, enum rid r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	struct problem *p;
	va_list ap, ap2;
	char *msg = NULL;
	int n;

	if (!yl_grow((void **)&l->cache, &l->cap_cache, l->ncache + 1, sizeof(*l->cache))) {
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
	emit(l, p->line, p->col, l->cfg->rule[p->rule].level, yl_rule_defs[p->rule].name, p->msg);
}

void yl_flush(struct lint *l)
{
	for (size_t i = 0; i < l->ncache; i++) {
		uint32_t bit = 1u << l->cache[i].rule;

		if (!((l->dis_line | l->dis) & bit))
			output(l, &l->cache[i]);
	}
	l->ncache = 0;
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
	bpos = yl_boff(l, from);
	bend = yl_boff(l, to);
	while (bpos <= bend) {
		const unsigned char *nl = memchr(l->buf + bpos, '\n', bend - bpos);
		size_t seg_end = nl ? (size_t)(nl - l->buf) : bend;
		const unsigned char *hash = memchr(l->buf + bpos, '#', seg_end - bpos);

		if (hash) {
			size_t hb = (size_t)(hash - l->buf);

			cm.line = line;
			cm.col = col + (uint32_t)yl_nchars_in(l, bpos, hb);
			cm.ptr = yl_cidx(l, hb);
			cm.before = a;
			cm.after = b;
			yl_lines_until(l, it, cm.line);
			yl_run_comment(l, &cm);
			cm.has_prev = true;
			cm.prev_inline = yl_comment_inline(l, a, cm.line);
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
	for (i = 1; i < e && yl_is_space_c(b[i]); i++)
		;
	if (e - i < strlen(w) || memcmp(b + i, w, strlen(w)) != 0)
		return false;
	for (i += strlen(w); i < e; i++)
		if (!yl_is_space_c(b[i]))
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
	    se->mark.i >= l->nchars || yl_ch(l, (long)se->mark.i) != '\t')
		return false;
	/* an explicit indentation indicator leaves nothing to detect */
	h = yl_boff(l, se->context_mark.i);
	for (b = h + 1; b < l->len && strchr("+-0123456789", l->buf[b]); b++)
		if (l->buf[b] >= '1' && l->buf[b] <= '9')
			return false;
	/* the lines before hold spaces only; the most of them counts */
	while (b < l->len && l->buf[b] != '\n')
		b++;
	bt = yl_boff(l, se->mark.i);
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
	    se->mark.i >= l->nchars || !strchr(",[]", yl_ch(l, (long)se->mark.i)))
		return 0;
	b = yl_boff(l, se->mark.i);
	while (b < l->len && l->buf[b] && !yl_is_blank_or_break(l->buf[b]))
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

		ret = yl_scan_tokens(l, text, l->len, &se);
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
			work[yl_boff(l, se.mark.i)] = 'x';	/* the tab is text */
			continue;
		}
		for (size_t b = yl_boff(l, se.mark.i); b < tag_end; b++)
			if (strchr(",[]", work[b]))
				work[b] = 'x';		/* part of the tag */
	}
	if (!ret && se.problem == yl_too_deep) {
		pe = se;	/* do not let libyaml's parser run into it again */
		tab = SIZE_MAX;
	} else {
		if (!ret)
			ret = yl_parse_events(l, text, l->len, &pe);
		if (ret)
			goto out;
		tab = yl_find_bad_tab(l, &se);
	}
	if (tab == SIZE_MAX) {
		scan_error = se.kind != YAML_NO_ERROR;
	} else if (yl_tab_ends_token(l, tab)) {
		/* a '`' stops libyaml there with the error PyYAML gives */
		copy = malloc(l->len);
		if (!copy) {
			ret = -DTBIND_ENOMEM;
			goto out;
		}
		memcpy(copy, text, l->len);
		copy[yl_boff(l, tab)] = '`';
		ret = yl_scan_tokens(l, copy, l->len, &se);
		if (!ret && se.problem == yl_too_deep)
			pe = se;
		else if (!ret)
			ret = yl_parse_events(l, copy, l->len, &pe);
		free(copy);
		if (ret)
			goto out;
		scan_error = se.kind != YAML_NO_ERROR;
	} else {
		/*
		 * PyYAML scans up to the tab as libyaml scans the text that ends
		 * there; then it stops, holding back what waits on a simple key.
		 */
		struct mark tm = yl_mark_of(l, tab), last, err_at;
		size_t bt = yl_boff(l, tab), n = 0;

		ret = yl_scan_tokens(l, text, bt, &se);
		if (!ret && se.problem == yl_too_deep)
			pe = se;
		else if (!ret)
			ret = yl_parse_events(l, text, bt, &pe);
		if (ret)
			goto out;
		while (n < l->nt && l->t[n].s.i < tab && l->t[n].type != YAML_STREAM_END_TOKEN)
			n++;
		l->nt = n;
		if (se.problem == yl_too_deep) {
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
					size_t b = yl_boff(l, t->e.i);

					while (b < bt && (l->buf[b] == ' ' || l->buf[b] == '\n' ||
							  l->buf[b] == '\r'))
						b++;
					if (b == bt)
						last = tm;
				}
			}
			nret = yl_returned_before_tab(l, last);
			stale_required = false;
			err_at = tm;
		}
		if (se.problem != yl_too_deep &&
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
		yl_set_syntax_error(l, &pe);
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
	ret = yl_map_text(&l);
	if (!ret)
		ret = analyse(&l);
	if (ret)
		goto out;
	l.spaces = cfg->rule[R_INDENTATION].v[IN_SPACES];
	l.indseq = cfg->rule[R_INDENTATION].v[IN_SEQUENCES];
	yl_push(&l, P_ROOT, 0, 0);

	for (size_t i = 0; i < l.nyield && !l.oom; i++) {
		yl_lines_until(&l, &it, l.t[i].s.line + 1);
		yl_run_token_rules(&l, i);
		comments_between(&l, &it, i, i + 1 < l.nt ? i + 1 : SIZE_MAX);
	}
	yl_lines_until(&l, &it, UINT32_MAX);
	if (l.syn)
		emit(&l, l.syn_line, l.syn_col, DTBIND_ERROR, "syntax", l.syn_msg);
	ret = l.oom ? -DTBIND_ENOMEM : l.found;
out:
	yl_kstack_free(&l.kd);
	yl_kstack_free(&l.ko);
	free(l.st);
	free(l.cache);
	free(l.t);
	free(l.c2b);
	arena_release(&l.a);
	return ret;
}
