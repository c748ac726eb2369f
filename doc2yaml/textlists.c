// SPDX-License-Identifier: BSD-2-Clause
/*
 * textlists.c - names lists the text gives per compatible: a names
 * property whose text says one list for some devices and another for
 * others,
 *
 *   - clock-names:  Must be "hclock", "multclk", "baseclk" for
 *                   "atmel,sama5d2-sdhci".
 *                   Must be "hclock", "multclk" for "microchip,sam9x60-sdhci".
 *
 *   - clock-names : should contain
 *                   - "clk" entries: for MT7623 SoC
 *                   - "clk", "bus" entries: for MT7622 SoC
 *
 * becomes the same per-compatible items or counts as lists the board
 * sources give (lists_per_compat).  A statement is one list, its names
 * adjacent, and the devices it is for; one that offers alternatives
 * ("or", "optionally") or legends one entry ("\"pwm1-3\": the three per
 * PWM clocks for mt8365", an entry the others lack) is no list.
 */
#define _GNU_SOURCE
#include "conditions.h"

#define MAX_NAMES 16

/*
 * Where the statement from @p ends: at ". " or ";", or at a line that opens
 * a bullet, a capitalised word, or a quote after a line that does not run
 * on into it ("... for\n\"atmel,sama5d2-sdhci\"" is one statement).
 */
static const char *statement_end(const char *p)
{
	static const char *const run_on[] = { "for", "on", "and", "or", "of", "to", "in", "by" };

	for (const char *e = p; *e; e++) {
		if ((*e == '.' || *e == ';') && (!e[1] || isspace((unsigned char)e[1])))
			return e;
		if (*e != '\n')
			continue;
		const char *n = skip_blanks(e + 1), *b = e;

		while (b > p && isspace((unsigned char)b[-1]))
			b--;
		if (b == p)
			continue;
		if (((*n == '-' || *n == '*') && n[1] == ' ') || !*n || *n == '\n')
			return e;
		if ((*n == '"' || (isupper((unsigned char)n[0]) && islower((unsigned char)n[1]))) &&
		    !strchr(",(:", b[-1]) && !word_before(p, b, run_on, ARRAY_SIZE(run_on)))
			return e;
	}
	return p + strlen(p);
}

static bool is_name(const char *q, size_t len)
{
	if (!len || len > 40)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)q[i]) && !strchr("_-.+", q[i]))
			return false;
	return true;
}

/* Only blanks, commas and "and" from @s to @e: the names of one list. */
static bool joins_names(const char *s, const char *e)
{
	while (s < e) {
		if (isspace((unsigned char)*s) || *s == ',')
			s++;
		else if (e - s >= 3 && !strncasecmp(s, "and", 3) && !isalnum((unsigned char)s[3]))
			s += 3;
		else
			return false;
	}
	return true;
}

/*
 * The list one statement @s[0..len) gives (@names, "a\x1fb\x1f") and the
 * compatibles it gives it for (@in), or (@others) "for all other types".
 * False when it is not such a statement.
 */
static bool statement_list(struct conv *cv, const struct cset *cs, const char *s, size_t len,
			   const char **names, bool *in, bool *others)
{
	static const char *const unsure[] = {
		"or", "optional", "optionally", "either", "not", "except", "may", "additional",
	};
	char buf[512];
	struct strbuf sb;
	const char *last_end = NULL;
	size_t count = 0, found;

	*others = false;
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(unsure); i++)
		if (find_word(buf, unsure[i]))
			return false;
	sb_init(&sb);
	for (char *q = strchr(buf, '"'); q; q = strchr(q + 1, '"')) {
		char *e = strchr(q + 1, '"');

		if (!e || memchr(q, '\n', (size_t)(e - q)))
			break;
		size_t k = (size_t)(e - q - 1);

		if (is_name(q + 1, k)) {
			/* "\"pwm1-3\": the three per PWM clocks": one entry's legend. */
			if ((last_end && !joins_names(last_end, q)) || *skip_blanks(e + 1) == ':' ||
			    count == MAX_NAMES) {
				sb_free(&sb);
				return false;
			}
			sb_putn(&sb, q + 1, k);
			sb_putc(&sb, '\x1f');
			count++;
			last_end = e + 1;
			memset(q, ' ', k + 2);	/* a name names no device */
		}
		q = e;
	}
	*names = count ? cv_strndup(cv, sb.buf, sb.len) : NULL;
	sb_free(&sb);
	found = *names ? mentions(cv, cs, buf, len, in) : 0;
	*others = *names && !found && (find_word(buf, "other") || find_word(buf, "others"));
	return *others || (found && found < cs->n);
}

/* Each compatible's list from the statements of @pr's text; false when they disagree. */
static bool lists_of(struct conv *cv, const struct cset *cs, const struct prop *pr,
		     const char **v)
{
	const char *t = prop_text(cv, pr, true), *rest = NULL;
	size_t statements = 0;

	for (const char *p = t; p && *p;) {
		const char *e = statement_end(p), *names;
		bool in[MAX_COMPAT], others;

		if (statement_list(cv, cs, p, (size_t)(e - p), &names, in, &others)) {
			if (others && rest)
				return false;
			rest = others ? names : rest;
			for (size_t i = 0; i < cs->n && !others; i++) {
				if (!in[i])
					continue;
				if (v[i] && strcmp(v[i], names))
					return false;
				v[i] = names;
			}
			statements++;
		}
		p = *e ? e + 1 : e;
	}
	for (size_t i = 0; rest && i < cs->n; i++)
		v[i] = v[i] ? v[i] : rest;
	return statements >= 2;
}

/* Does a condition give @prop's entries already (the boards' lists, which come first)? */
static bool counted(const struct vec *conds, const char *prop)
{
	for (size_t i = 0; i < conds->n; i++) {
		const struct cond *c = conds->v[i];

		if (c->prop && !strcmp(c->prop, prop) &&
		    (c->kind == CK_NAMES || c->kind == CK_ITEMS || c->kind == CK_COUNT))
			return true;
	}
	return false;
}

void text_lists(struct conv *cv, const struct cset *cs, struct vec *conds, struct ynode *props)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];
		struct ynode *np = yget(props, pr->name);
		const char *v[MAX_COMPAT] = { 0 };

		if (pr->scope || pr->pattern || pr->deprecated || pr->qual || !np ||
		    np->kind != Y_MAP || !str_ends_with(pr->name, "-names") ||
		    counted(conds, pr->name))
			continue;
		if (lists_of(cv, cs, pr, v))
			lists_per_compat(cv, cs, conds, props, np, v, true);
	}
}
