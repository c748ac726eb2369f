// SPDX-License-Identifier: BSD-2-Clause
/*
 * yamllint-tokrules.c - yamllint's token rules (braces to truthy, quoted
 * strings, indentation) and their dispatch per token.
 */
#include "yamllint-private.h"

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
		yl_add(l, c->r, t->s.line + 1, next->s.col, "%s", max_desc);
	else if (min != -1 && spaces < min)
		yl_add(l, c->r, t->s.line + 1, next->s.col + 1, "%s", min_desc);
}

static void spaces_before(struct lint *l, const struct tctx *c, int min, int max,
			  const char *min_desc, const char *max_desc)
{
	const struct tok *t = c->t, *prev = c->prev;
	long spaces;

	/* a scalar may end at the start of the next line */
	if (!prev || prev->e.line != t->s.line ||
	    (prev->e.i != 0 && yl_ch(l, (long)prev->e.i - 1) == '\n'))
		return;
	spaces = (long)t->s.i - (long)prev->e.i;
	if (max != -1 && spaces > max)
		yl_add(l, c->r, t->s.line + 1, t->s.col, "%s", max_desc);
	else if (min != -1 && spaces < min)
		yl_add(l, c->r, t->s.line + 1, t->s.col + 1, "%s", min_desc);
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
		yl_add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "%s", forbidden);
	} else if (v[BR_FORBID] == FORBID_NON_EMPTY && is(c->t, open) && !is(c->next, close)) {
		yl_add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "%s", forbidden);
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
	return t->s.i < t->e.i && yl_ch(l, (long)t->s.i) == '?';
}

static void r_colons(struct lint *l, const struct tctx *c)
{
	const int *v = c->rc->v;

	/* 1.38 allows `*alias :`, the one space an alias key needs before its colon */
	if (is(c->t, YAML_VALUE_TOKEN) &&
	    !(l->cfg->rel >= YAMLLINT_1_38 && is(c->prev, YAML_ALIAS_TOKEN) &&
	      c->t->s.i - c->prev->e.i == 1)) {
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
		yl_add(l, c->r, c->t->s.line + 1, c->t->s.col > 1 ? c->t->s.col : 1,
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
		/* 1.38: `%YAML 1.2` then `---` needs no "..." before the "---" */
		bool directive = l->cfg->rel >= YAMLLINT_1_38 &&
				 (is(c->prev, YAML_VERSION_DIRECTIVE_TOKEN) ||
				  is(c->prev, YAML_TAG_DIRECTIVE_TOKEN));

		/* yamllint puts a missing end on the line before the stream's end */
		if (is(c->t, YAML_STREAM_END_TOKEN) && !ok_prev)
			yl_add(l, c->r, c->t->s.line, 1, "missing document end \"...\"");
		else if (is(c->t, YAML_DOCUMENT_START_TOKEN) && !ok_prev && !directive)
			yl_add(l, c->r, c->t->s.line + 1, 1, "missing document end \"...\"");
	} else if (is(c->t, YAML_DOCUMENT_END_TOKEN)) {
		yl_add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
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
			yl_add(l, c->r, c->t->s.line + 1, 1, "missing document start \"---\"");
	} else if (is(c->t, YAML_DOCUMENT_START_TOKEN)) {
		yl_add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
		       "found forbidden document start \"---\"");
	}
}

/* 1.38's forbid-in-block-sequences: a `-` with nothing after it */
static void r_empty_values_seq(struct lint *l, const struct tctx *c)
{
	if (l->cfg->rel >= YAMLLINT_1_38 && c->rc->v[EV_BLOCK_SEQ] &&
	    is(c->t, YAML_BLOCK_ENTRY_TOKEN) &&
	    (is(c->next, YAML_KEY_TOKEN) || is(c->next, YAML_BLOCK_END_TOKEN) ||
	     is(c->next, YAML_BLOCK_ENTRY_TOKEN)))
		yl_add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "empty value in block sequence");
}

static void r_empty_values(struct lint *l, const struct tctx *c)
{
	r_empty_values_seq(l, c);
	if (!is(c->t, YAML_VALUE_TOKEN))
		return;
	if (c->rc->v[EV_BLOCK] &&
	    (is(c->next, YAML_KEY_TOKEN) || is(c->next, YAML_BLOCK_END_TOKEN)))
		yl_add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "empty value in block mapping");
	if (c->rc->v[EV_FLOW] &&
	    (is(c->next, YAML_FLOW_ENTRY_TOKEN) || is(c->next, YAML_FLOW_MAPPING_END_TOKEN)))
		yl_add(l, c->r, c->t->s.line + 1, c->t->e.col + 1, "empty value in flow mapping");
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
	if (!yl_grow((void **)&ks->f, &ks->cap, ks->n + 1, sizeof(*ks->f)))
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

void yl_kstack_free(struct kstack *ks)
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
		if (!(k->vlen == 2 && memcmp(k->val, "<<", 2) == 0) || c->rc->v[KD_MERGE_KEYS])
			yl_add(l, c->r, k->s.line + 1, k->s.col + 1,
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

static bool any_match(const struct regex_list *rl, const struct tok *t);

static void r_key_ordering(struct lint *l, const struct tctx *c)
{
	struct keyframe *f = key_frame(l, c, &l->ko);
	const struct tok *k = c->next;

	/* 1.38's ignored-keys neither fail nor count as the greatest key */
	if (!f || any_match(&c->rc->rx[KO_IGNORED], k))
		return;
	/* yamllint compares with strcoll() in the C locale: code point order, as UTF-8 bytes */
	if (f->has_max && bytes_cmp(k->val, k->vlen, f->max, f->maxlen) < 0) {
		yl_add(l, c->r, k->s.line + 1, k->s.col + 1, "wrong ordering of key \"%s\" in mapping",
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

	if (l->cfg->rel >= YAMLLINT_1_38) {
		/* 1.38: under %YAML 1.2 only true/false spellings are truthy; the
		 * set is chosen at the first plain scalar and kept until a "..." */
		if (is(c->t, YAML_VERSION_DIRECTIVE_TOKEN)) {
			l->yaml12 = value_is(c->t, "1.2");
		} else if (is(c->t, YAML_DOCUMENT_END_TOKEN)) {
			l->yaml12 = false;
			l->truthy_set = 0;
		}
	}
	if (is(c->prev, YAML_TAG_TOKEN) || !is(c->t, YAML_SCALAR_TOKEN) || c->t->style)
		return;
	if (!c->rc->v[TR_CHECK_KEYS] && is(c->prev, YAML_KEY_TOKEN))
		return;
	if (!l->truthy_set)
		l->truthy_set = l->cfg->rel >= YAMLLINT_1_38 && l->yaml12 ? 2 : 1;
	for (int k = 0; k < N_TRUTHY; k++) {
		if (!value_is(c->t, truthy_words[k]) || (allowed & (1u << k)))
			continue;
		if (l->truthy_set == 2 && (k < 6 || k > 11))
			continue;	/* yes/no/on/off are YAML 1.1's only */
		sb_init(&sb);
		for (int j = 0, first = 1; j < N_TRUTHY; j++)
			if (allowed & (1u << truthy_sorted[j])) {
				sb_printf(&sb, "%s%s", first ? "" : ", ",
					  truthy_words[truthy_sorted[j]]);
				first = 0;
			}
		yl_add(l, c->r, c->t->s.line + 1, c->t->s.col + 1,
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
		yl_add(l, c->r, t->s.line + 1, t->e.col + 1, "forbidden implicit octal value \"%s\"",
		       t->val);
	if (c->rc->v[OV_EXPLICIT] && t->vlen > 2 && t->val[0] == '0' && t->val[1] == 'o' &&
	    all_in(t->val + 2, t->vlen - 2, "01234567"))
		yl_add(l, c->r, t->s.line + 1, t->e.col + 1, "forbidden explicit octal value \"%s\"",
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

/* (?:[eE][-+][0-9]+)?$: PyYAML's float exponent takes a sign, always. */
static bool exponent_then_end(struct cur *c)
{
	if (at(c, "eE")) {
		c->p++;
		if (!eat(c, '-') && !eat(c, '+'))
			return false;
		if (!run(c, DIGITS))
			return false;
	}
	return done(c);
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
			return exponent_then_end(&c);
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
	return exponent_then_end(&c);
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
			yl_add(l, c->r, t->s.line + 1, t->s.col + 1,
			       "forbidden not a number value \"%s\"", t->val);
	}
	if (v[FV_INF]) {
		y = x;
		sign(&y);
		if ((word(&y, ".inf") || word(&y, ".Inf") || word(&y, ".INF")) && done(&y))
			yl_add(l, c->r, t->s.line + 1, t->s.col + 1, "forbidden infinite value \"%s\"",
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
				yl_add(l, c->r, t->s.line + 1, t->s.col + 1,
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
				yl_add(l, c->r, t->s.line + 1, t->s.col + 1,
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

/* PyYAML's Reader.check_printable() on the (decoded) value of @t */
static bool printable(const struct tok *t)
{
	const unsigned char *p = (const unsigned char *)t->val, *e = p + t->vlen;

	while (p < e) {
		uint32_t cp = *p;
		int n = cp < 0x80 ? 0 : cp >= 0xf0 ? 3 : cp >= 0xe0 ? 2 : cp >= 0xc0 ? 1 : -1;

		if (n < 0 || e - p <= n)
			return false;
		if (n)
			cp &= 0x3fu >> n;
		for (int k = 1; k <= n; k++)
			cp = (cp << 6) | (p[k] & 0x3f);
		p += n + 1;
		if (!(cp == 0x09 || cp == 0x0a || cp == 0x0d || (cp >= 0x20 && cp <= 0x7e) ||
		      cp == 0x85 || (cp >= 0xa0 && cp <= 0xd7ff) ||
		      (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff)))
			return false;
	}
	return true;
}

/* A double-quoted scalar over several lines with a line ending escaped by '\\' */
static bool escaped_line_end(const struct lint *l, const struct tok *t)
{
	size_t a, b;

	if (t->s.line == t->e.line)
		return false;
	a = yl_boff(l, t->s.i + 1);
	b = yl_boff(l, t->e.i - 1);
	for (size_t k = a; k + 1 < b; k++)
		if (l->buf[k] == '\\' &&
		    (l->buf[k + 1] == '\n' || (l->buf[k + 1] == '\r' && k + 2 < b &&
						l->buf[k + 2] == '\n')))
			return true;
	return false;
}

/* 1.38's _quotes_are_needed(): what 1.29 asks, after three cases of its own */
static bool quotes_needed_138(struct lint *l, const struct tok *t)
{
	if (l->flow_nest > 0)
		for (const char *f = ",[]{}"; *f; f++)
			if (memchr(t->val, *f, t->vlen))
				return true;
	if (t->style == '"' && (!printable(t) || escaped_line_end(l, t)))
		return true;
	return quotes_needed(t->val, t->vlen);
}

/* _quote_match(); 'consistent' takes the first quote style it is asked about */
static bool quote_match(struct lint *l, int qt, char style)
{
	if (qt == QT_CONSISTENT && style) {
		if (!l->qs_first_style)
			l->qs_first_style = style;
		return l->qs_first_style == style;
	}
	return qt == QT_ANY || (qt == QT_SINGLE && style == '\'') ||
	       (qt == QT_DOUBLE && style == '"');
}

static void r_quoted_strings(struct lint *l, const struct tctx *c)
{
	static const char *const qname[] = { "any", "single", "double", "consistent" };
	const struct tok *t = c->t;
	const struct rule_conf *rc = c->rc;
	int qt = rc->v[QS_TYPE];
	bool v138 = l->cfg->rel >= YAMLLINT_1_38;
	bool plain, is_str, quoted_quotes;
	const char *msg = NULL, *node = "value";

	/* 1.38 counts the flow collections it is in, on every token */
	if (v138 && (is(t, YAML_FLOW_MAPPING_START_TOKEN) || is(t, YAML_FLOW_SEQUENCE_START_TOKEN)))
		l->flow_nest++;
	else if (v138 && (is(t, YAML_FLOW_MAPPING_END_TOKEN) || is(t, YAML_FLOW_SEQUENCE_END_TOKEN)))
		l->flow_nest--;
	if (!is(t, YAML_SCALAR_TOKEN) || !c->prev)
		return;
	switch (c->prev->type) {
	case YAML_BLOCK_ENTRY_TOKEN:
	case YAML_FLOW_ENTRY_TOKEN:
	case YAML_FLOW_SEQUENCE_START_TOKEN:
	case YAML_TAG_TOKEN:
	case YAML_VALUE_TOKEN:
		break;
	case YAML_KEY_TOKEN:
		/* keys: 1.38 with check-keys only */
		if (v138 && rc->v[QS_CHECK_KEYS]) {
			node = "key";
			break;
		}
		return;
	default:
		return;
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
	quoted_quotes = rc->v[QS_QUOTED_QUOTES] && !plain &&
			((t->style == '\'' && memchr(t->val, '"', t->vlen)) ||
			 (t->style == '"' && memchr(t->val, '\'', t->vlen)));
	/* quote_match() is asked exactly where yamllint asks it: 'consistent' remembers */
	switch (rc->v[QS_REQUIRED]) {
	case REQ_TRUE:
		if (plain || !(quote_match(l, qt, t->style) || quoted_quotes))
			msg = "string %s is not quoted with %s quotes";
		break;
	case REQ_FALSE:
		if (!plain && !quote_match(l, qt, t->style) && !quoted_quotes)
			msg = "string %s is not quoted with %s quotes";
		else if (plain && any_match(&rc->rx[QS_EXTRA_REQUIRED], t))
			msg = "string %s is not quoted";
		break;
	default:
		if (!plain && is_str && t->vlen &&
		    !(v138 ? quotes_needed_138(l, t) : quotes_needed(t->val, t->vlen))) {
			if (!any_match(&rc->rx[QS_EXTRA_REQUIRED], t) &&
			    !any_match(&rc->rx[QS_EXTRA_ALLOWED], t))
				msg = "string %s is redundantly quoted with %s quotes";
		} else if (!plain && !quote_match(l, qt, t->style) && !quoted_quotes) {
			msg = "string %s is not quoted with %s quotes";
		} else if (plain && any_match(&rc->rx[QS_EXTRA_REQUIRED], t)) {
			msg = "string %s is not quoted";
		}
		break;
	}
	if (msg)
		yl_add(l, c->r, t->s.line + 1, t->s.col + 1, msg, node, qname[qt]);
}

/* ---- anchors (1.38) ---- */

static void anchors_reset(struct lint *l)
{
	hmap_free(&l->anchors);
	l->naorder = 0;
}

static void anchor_declare(struct lint *l, const struct tok *t)
{
	struct anchor *a = hmap_get_str(&l->anchors, t->val, t->vlen);

	/* a redeclared anchor keeps its place, as a Python dict key does */
	if (!a) {
		a = arena_alloc(&l->a, sizeof(*a));
		if (!a || hmap_put_str(&l->anchors, t->val, t->vlen, a) < 0 ||
		    !yl_grow((void **)&l->aorder, &l->cap_aorder, l->naorder + 1,
			     sizeof(*l->aorder))) {
			l->oom = true;
			return;
		}
		l->aorder[l->naorder++] = a;
	}
	a->name = t->val;
	a->line = t->s.line;
	a->col = t->s.col;
	a->used = false;
}

static void r_anchors(struct lint *l, const struct tctx *c)
{
	const int *v = c->rc->v;
	const struct tok *t = c->t;
	struct anchor *a;

	if (!v[AN_UNDECLARED] && !v[AN_DUPLICATED] && !v[AN_UNUSED])
		return;
	if (is(t, YAML_STREAM_START_TOKEN) || is(t, YAML_DOCUMENT_START_TOKEN) ||
	    is(t, YAML_DOCUMENT_END_TOKEN))
		anchors_reset(l);
	if (v[AN_UNDECLARED] && is(t, YAML_ALIAS_TOKEN) &&
	    !hmap_get_str(&l->anchors, t->val, t->vlen))
		yl_add(l, c->r, t->s.line + 1, t->s.col + 1, "found undeclared alias \"%s\"", t->val);
	if (v[AN_DUPLICATED] && is(t, YAML_ANCHOR_TOKEN) &&
	    hmap_get_str(&l->anchors, t->val, t->vlen))
		yl_add(l, c->r, t->s.line + 1, t->s.col + 1, "found duplicated anchor \"%s\"", t->val);
	if (v[AN_UNUSED]) {
		/* unused anchors show at the end of a document */
		if (is(c->next, YAML_STREAM_END_TOKEN) || is(c->next, YAML_DOCUMENT_START_TOKEN) ||
		    is(c->next, YAML_DOCUMENT_END_TOKEN)) {
			for (size_t k = 0; k < l->naorder; k++)
				if (!l->aorder[k]->used)
					yl_add(l, c->r, l->aorder[k]->line + 1, l->aorder[k]->col + 1,
					       "found unused anchor \"%s\"", l->aorder[k]->name);
		} else if (is(t, YAML_ALIAS_TOKEN) &&
			   (a = hmap_get_str(&l->anchors, t->val, t->vlen))) {
			a->used = true;
		}
	}
	if (is(t, YAML_ANCHOR_TOKEN))
		anchor_declare(l, t);
}

/* ---- indentation ---- */

static struct parent *top(struct lint *l, size_t k)
{
	return l->nst > k ? &l->st[l->nst - 1 - k] : NULL;
}

void yl_push(struct lint *l, enum ptype type, int indent, int line_indent)
{
	struct parent *p;

	if (!yl_grow((void **)&l->st, &l->cap_st, l->nst + 1, sizeof(*l->st))) {
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
	for (long pos = (long)t->e.i - 1; pos >= (long)t->s.i - 1 && yl_py_whitespace(yl_ch(l, pos));
	     pos--)
		if (yl_ch(l, pos) == '\n')
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
	size_t ls = yl_boff(l, t->s.i), end;
	uint32_t line_no = t->s.line + 1;
	bool have = false;
	int expected = 0;

	if (t->s.line == t->e.line)
		return true;
	end = t->e.i ? yl_boff(l, t->e.i - 1) : 0;
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
			yl_add(l, c->r, line_no, (uint32_t)indent + 1,
			       "wrong indentation: expected %d but found %d", expected, indent);
	}
	return true;
}

static bool is_any(const struct tok *t, yaml_token_type_t a, yaml_token_type_t b)
{
	return t && (t->type == a || t->type == b);
}

/* The first token of a line against the indentation its parent expects. */
static void check_line_start(struct lint *l, const struct tctx *c, const struct parent *p,
			     int found)
{
	const struct tok *t = c->t;
	int expected = p->indent;

	if (is_any(t, YAML_FLOW_MAPPING_END_TOKEN, YAML_FLOW_SEQUENCE_END_TOKEN))
		expected = p->line_indent;
	else if (p->type == P_KEY && p->explicit_key && t->type != YAML_VALUE_TOKEN)
		expected = detect_indent(l, expected, found);
	if (found != expected) {
		if (expected < 0)
			yl_add(l, c->r, t->s.line + 1, (uint32_t)found + 1,
			       "wrong indentation: expected at least %d", found + 1);
		else
			yl_add(l, c->r, t->s.line + 1, (uint32_t)found + 1,
			       "wrong indentation: expected %d but found %d", expected, found);
	}
}

/*
 * The indentation of the value after a key's ':' into @indent: 1, or 0 when
 * the value is empty, or -1 on yamllint's assertion.
 */
static int value_indent(struct lint *l, const struct tctx *c, const struct parent *p, int *indent)
{
	const struct tok *prev = c->prev, *nx = c->next;

	if (p->type != P_KEY)
		return -1;
	/* key: &anchor  or  key: !!tag  with the value on the next line */
	if (is_any(nx, YAML_ANCHOR_TOKEN, YAML_TAG_TOKEN) && prev && c->nn &&
	    nx->s.line == prev->s.line && nx->s.line < c->nn->s.line)
		nx = c->nn;
	if (!nx || is_any(nx, YAML_BLOCK_END_TOKEN, YAML_FLOW_MAPPING_END_TOKEN) ||
	    is_any(nx, YAML_FLOW_SEQUENCE_END_TOKEN, YAML_KEY_TOKEN))
		return 0;	/* an empty value */
	if (p->explicit_key) {
		*indent = detect_indent(l, p->indent, (int)nx->s.col);
	} else if (prev && nx->s.line == prev->s.line) {
		*indent = (int)nx->s.col;
	} else if (is_any(nx, YAML_BLOCK_SEQUENCE_START_TOKEN, YAML_BLOCK_ENTRY_TOKEN)) {
		if (l->indseq == SEQ_FALSE) {
			*indent = p->indent;
		} else if (l->indseq == SEQ_TRUE) {
			/* spaces not known yet: "at least" */
			if (l->spaces == SPACES_CONSISTENT &&
			    (int)nx->s.col - p->indent == 0)
				*indent = -1;
			else
				*indent = detect_indent(l, p->indent, (int)nx->s.col);
		} else if ((int)nx->s.col == p->indent) {
			if (l->indseq == SEQ_CONSISTENT)
				l->indseq = SEQ_FALSE;
			*indent = p->indent;
		} else {
			if (l->indseq == SEQ_CONSISTENT)
				l->indseq = SEQ_TRUE;
			*indent = detect_indent(l, p->indent, (int)nx->s.col);
		}
	} else {
		*indent = detect_indent(l, p->indent, (int)nx->s.col);
	}
	return 1;
}

/* Push the parent token c->t opens; false on yamllint's assertion. */
static bool open_parent(struct lint *l, const struct tctx *c, struct parent *p)
{
	const struct tok *t = c->t, *next = c->next;
	int indent, r;

	switch (t->type) {
	case YAML_BLOCK_MAPPING_START_TOKEN:
		if (!is(next, YAML_KEY_TOKEN) || next->s.line != t->s.line)
			return false;
		yl_push(l, P_BMAP, (int)t->s.col, 0);
		break;
	case YAML_FLOW_MAPPING_START_TOKEN:
	case YAML_FLOW_SEQUENCE_START_TOKEN:
		if (!next)
			break;
		if (next->s.line == t->s.line)
			indent = (int)next->s.col;
		else
			indent = detect_indent(l, l->cur_line_indent, (int)next->s.col);
		yl_push(l, t->type == YAML_FLOW_MAPPING_START_TOKEN ? P_FMAP : P_FSEQ, indent,
			l->cur_line_indent);
		break;
	case YAML_BLOCK_SEQUENCE_START_TOKEN:
		if (!is(next, YAML_BLOCK_ENTRY_TOKEN) || next->s.line != t->s.line)
			return false;
		yl_push(l, P_BSEQ, (int)t->s.col, 0);
		break;
	case YAML_BLOCK_ENTRY_TOKEN:
		/* an empty entry */
		if (!next || is_any(next, YAML_BLOCK_ENTRY_TOKEN, YAML_BLOCK_END_TOKEN))
			break;
		/* PyYAML has no BLOCK-SEQUENCE-START for a sequence that is not indented */
		if (top(l, 0)->type != P_BSEQ) {
			yl_push(l, P_BSEQ, (int)t->s.col, 0);
			if (l->nst)
				top(l, 0)->implicit_block_seq = true;
		}
		if (next->s.line == t->e.line || next->s.col == t->s.col)
			indent = (int)next->s.col;
		else
			indent = detect_indent(l, (int)t->s.col, (int)next->s.col);
		yl_push(l, P_BENT, indent, 0);
		break;
	case YAML_KEY_TOKEN:
		yl_push(l, P_KEY, p->indent, 0);
		if (l->nst)
			top(l, 0)->explicit_key = is_explicit_key(l, t);
		break;
	case YAML_VALUE_TOKEN:
		r = value_indent(l, c, p, &indent);
		if (r < 0)
			return false;
		if (r > 0)
			yl_push(l, P_VAL, indent, 0);
		break;
	default:
		break;
	}
	return true;
}

/* Pop the parents token c->t closes; false on yamllint's assertion. */
static bool close_parents(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t, *next = c->next;

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
				return false;
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
	return true;
}

static void r_indentation(struct lint *l, const struct tctx *c)
{
	const struct tok *t = c->t;
	struct parent *p = top(l, 0);
	bool visible, first;
	int found = (int)t->s.col;

	if (!p) {
		yl_push(l, P_ROOT, 0, 0);
		p = top(l, 0);
		if (!p)
			return;
	}
	visible = t->type != YAML_STREAM_START_TOKEN && t->type != YAML_STREAM_END_TOKEN &&
		  t->type != YAML_BLOCK_END_TOKEN && !(t->type == YAML_SCALAR_TOKEN && !t->vlen);
	first = visible && (long)t->s.line + 1 > l->cur_line;
	if (first)
		check_line_start(l, c, p, found);
	if (t->type == YAML_SCALAR_TOKEN && c->rc->v[IN_MULTI_LINE] &&
	    !check_scalar_indentation(l, c))
		goto assertion;
	if (visible) {
		l->cur_line = real_end_line(l, t);
		if (first)
			l->cur_line_indent = found;
	}
	if (open_parent(l, c, p) && close_parents(l, c))
		return;
assertion:
	yl_add(l, c->r, t->s.line + 1, t->s.col + 1, "cannot infer indentation: unexpected token");
}

void yl_run_token_rules(struct lint *l, size_t i)
{
	struct tctx c = {
		.t = &l->t[i],
		.prev = i ? &l->t[i - 1] : NULL,
		.next = i + 1 < l->nt ? &l->t[i + 1] : NULL,
		.nn = i + 2 < l->nt ? &l->t[i + 2] : NULL,
	};

	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];

		if (!l->cfg->rule[r].enabled || yl_rule_defs[r].type != RT_TOKEN)
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
		case R_ANCHORS: r_anchors(l, &c); break;
		default: break;
		}
	}
}

