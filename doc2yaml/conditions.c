// SPDX-License-Identifier: BSD-2-Clause
/*
 * conditions.c - per-compatible conditions: what the text ties to some of
 * the compatibles ("Select DSD input pins for ak4497", "not present on
 * px30", "required for RK3399", "Optional properties for rk3328-hdmi-phy:")
 * becomes allOf: - if: {properties: {compatible: {contains: ...}}} then: ...,
 * as kernel conversions write it.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

#include "conditions.h"

static bool has_any(const char *s, const char *const *words, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (find_word(s, words[i]))
			return true;
	return false;
}

struct cond *push_cond(struct conv *cv, struct vec *conds, enum cond_kind kind,
			      const bool *in, bool invert, size_t n, const char *prop, unsigned line)
{
	struct cond *c = cv_alloc(cv, sizeof(*c));
	size_t count = 0;

	if (!c)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		c->in[i] = invert ? !in[i] : in[i];
		count += c->in[i];
	}
	if (!count || count == n)
		return NULL;
	c->kind = kind;
	c->prop = prop;
	c->line = line;
	vec_push(cv, conds, c);
	return c;
}

/*
 * Which of the quoted values of @text does @s name outside quotes ("evdet
 * applies to isl1209 only"), or NULL?  @s is changed: its quoted parts are
 * blanked.
 */
static const char *names_a_value(struct conv *cv, char *s, const char *text)
{
	for (char *q = strchr(s, '"'); q; q = strchr(q, '"')) {
		char *e = strchr(q + 1, '"');

		if (!e)
			break;
		memset(q, ' ', (size_t)(e - q + 1));
		q = e + 1;
	}
	for (const char *q = strchr(text, '"'); q; q = strchr(q + 1, '"')) {
		const char *e = strchr(q + 1, '"');
		char v[64];

		if (!e)
			break;
		if (e - q - 1 > 0 && (size_t)(e - q - 1) < sizeof(v) && !memchr(q, ',', (size_t)(e - q))) {
			memcpy(v, q + 1, (size_t)(e - q - 1));
			v[e - q - 1] = '\0';
			if (find_word(s, v))
				return cv_strdup(cv, v);
		}
		q = e;
	}
	return NULL;
}

/* The quoted value a names list's item starts with ("\"intr\": Used for SoCs like ..."), or NULL. */
static const char *leading_value(struct conv *cv, const char *s, size_t len)
{
	const char *p = s, *end = s + len;

	while (p < end && (isspace((unsigned char)*p) || *p == '-' || *p == '*'))
		p++;
	if (p >= end || *p != '"')
		return NULL;
	const char *e = memchr(p + 1, '"', (size_t)(end - p - 1));

	if (!e || e == p + 1 || e - p > 40)
		return NULL;
	const char *after = skip_blanks(e + 1);

	if (*after != ':' && *after != '-')
		return NULL;
	return cv_strndup(cv, p + 1, (size_t)(e - p - 1));
}

/* The names property an entry of @prop's list is named in: "clock-names" of "clocks". */
static const char *names_of(struct conv *cv, const char *prop)
{
	size_t n = strlen(prop);

	if (names_prop(prop))
		return prop;
	if (n > 1 && prop[n - 1] == 's')
		return cv_printf(cv, "%.*s-names", (int)(n - 1), prop);
	return cv_printf(cv, "%s-names", prop);
}

/* Does @w[0..wl) only join the names of a scoping phrase ("For X and Y type of devices")? */
static bool scope_word(const char *w, size_t wl)
{
	static const char *const joins[] = {
		"and", "or", "both", "the", "only", "for", "on", "of", "type", "types", "soc", "socs",
		"chip", "chips", "device", "devices", "variant", "variants", "model", "models",
		"compatible", "compatibles", "later", "newer", "following", "onwards", "above",
		"family", "families", "series", "platform", "platforms",
	};
	for (size_t i = 0; i < ARRAY_SIZE(joins); i++)
		if (wl == strlen(joins[i]) && !strncasecmp(w, joins[i], wl))
			return true;
	return false;
}

/* Is every word of @s[0..len) a compatible's name or a joining word?  How many names, into @in. */
static size_t only_names(const struct conv *cv, const struct cset *cs, const char *s, size_t len,
			 bool *in)
{
	const char *end = s + len;
	bool one[MAX_COMPAT];

	for (const char *p = s; p < end;) {
		while (p < end && (isspace((unsigned char)*p) || strchr("\"'(),/", *p)))
			p++;
		const char *w = p;

		while (p < end && !isspace((unsigned char)*p) && !strchr("\"'()/", *p) &&
		       !(*p == ',' && (p + 1 == end || isspace((unsigned char)p[1]))))
			p++;
		if (p > w && !scope_word(w, (size_t)(p - w)) && !mentions(cv, cs, w, (size_t)(p - w), one))
			return 0;
	}
	return mentions(cv, cs, s, len, in);
}

/*
 * The compatibles named after the last "for" or "on" of @b..@end, into @in,
 * when nothing else follows ("... values for WM1811 or WM8958"); how many.
 * @max_tail: how near the end that word must be (0: anywhere).
 */
static size_t names_after_for(const struct conv *cv, const struct cset *cs, const char *b,
			      const char *end, size_t max_tail, bool *in)
{
	for (const char *p = end; p > b; p--) {
		bool lead = p == b + 1 && (!strncasecmp(b, "for ", 4) || !strncasecmp(b, "on ", 3));

		if (lead || !strncasecmp(p, " for ", 5) || !strncasecmp(p, " on ", 4) ||
		    !strncasecmp(p, "(for ", 5) || !strncasecmp(p, "(on ", 4)) {
			const char *from = lead ? b : p;

			if (max_tail && (size_t)(end - from) >= max_tail)
				return 0;
			return only_names(cv, cs, from, (size_t)(end - from), in);
		}
	}
	return 0;
}

/*
 * The compatibles a property's first sentence scopes it to, into @in: a
 * leading "For X and Y type of devices, ..." or a closing "... values for
 * WM1811 or WM8958", when the whole text names no other compatible.
 */
static bool scoped_to(const struct conv *cv, const struct cset *cs, const char *text,
		      const char *s, size_t len, bool *in)
{
	bool all[MAX_COMPAT];
	const char *b = skip_blanks(s), *end = s + len;
	size_t got = 0;

	while (end > b && (isspace((unsigned char)end[-1]) || end[-1] == '.'))
		end--;
	if (!mentions(cv, cs, text, strlen(text), all))
		return false;
	if (!strncasecmp(b, "for ", 4) || !strncasecmp(b, "on ", 3)) {
		const char *c = b;

		while (c < end && !(*c == ',' && isspace((unsigned char)c[1])))
			c++;
		if (c < end && c - b < 100)
			got = only_names(cv, cs, b, (size_t)(c - b), in);
	}
	if (!got)
		got = names_after_for(cv, cs, b, end, 60, in);
	if (!got)
		return false;
	for (size_t i = 0; i < cs->n; i++)
		if (all[i] != in[i])
			return false;
	return true;
}

/*
 * Does the sentence close on "for X" or "on X and Y" ("... supply (for
 * 5711)", "PHY clock on rk3399")?  Not "for the ektf2127 interrupt": there
 * the name only qualifies a noun.
 */
static bool names_close(const struct conv *cv, const struct cset *cs, const char *b, size_t len)
{
	const char *end = b + len;
	bool in[MAX_COMPAT];

	while (end > b && (isspace((unsigned char)end[-1]) || end[-1] == '.'))
		end--;
	/* "... supply (5717/5719)", "(OMAP2430 and newer SoC)": a closing aside of names. */
	if (end > b && end[-1] == ')') {
		const char *open = end - 1;

		while (open > b && open[-1] != '(' && open[-1] != ')')
			open--;
		if (open > b && open[-1] == '(' &&
		    only_names(cv, cs, open, (size_t)(end - 1 - open), in) > 0)
			return true;
		end--;
	}
	return names_after_for(cv, cs, b, end, 0, in) > 0;
}

/* "must be set", "should be present when ...": a requirement, not a value ("must be set to 1"). */
static bool says_required(const char *s)
{
	static const char *const verbs[] = {
		"must be", "should be", "shall be", "has to be", "have to be",
	};
	static const char *const done[] = {
		"set", "present", "specified", "provided", "defined", "given",
	};
	for (size_t i = 0; i < ARRAY_SIZE(verbs); i++) {
		for (const char *p = find_word(s, verbs[i]); p; p = find_word(p + 1, verbs[i])) {
			const char *w = skip_blanks(p + strlen(verbs[i]));

			for (size_t k = 0; k < ARRAY_SIZE(done); k++) {
				size_t n = strlen(done[k]);

				if (strncasecmp(w, done[k], n) || isalnum((unsigned char)w[n]))
					continue;
				const char *next = skip_blanks(w + n);

				if (strncasecmp(next, "to ", 3) && strncasecmp(next, "as ", 3) &&
				    strncasecmp(next, "by ", 3) && *next != '<' && *next != ':')
					return true;
			}
		}
	}
	return false;
}

/*
 * The compatibles a requirement inside the sentence names ("... which is
 * required by imx8qm/imx8qxp platform", "needed on rk3399 and rk3568"),
 * into @in; how many.  The names run to the sentence's end, a value
 * ("<0> - ...") or an aside.
 */
static size_t required_by_names(const struct conv *cv, const struct cset *cs, const char *buf,
				bool *in)
{
	static const char *const lead[] = { "required by ", "required for ", "required on ",
					    "required with ", "needed by ", "needed for ",
					    "needed on " };

	for (size_t k = 0; k < ARRAY_SIZE(lead); k++) {
		const char *at = find_ci(buf, lead[k]);

		if (!at || (at > buf && isalnum((unsigned char)at[-1])))
			continue;
		const char *from = at + strlen(lead[k]), *to = from;

		while (*to && *to != '<' && *to != ';' && *to != '(' &&
		       !(*to == '.' && (to[1] == ' ' || !to[1])))
			to++;
		if (to > from)
			return only_names(cv, cs, from, (size_t)(to - from), in);
	}
	return 0;
}

/* Does sentence @b open with a requirement that names where: "Required if/when/for/on ..."? */
static bool required_where(const char *b)
{
	static const char *const lead[] = { "required ", "only required ", "mandatory " };
	static const char *const where[] = { "if ", "when ", "for ", "on ", "only " };

	for (size_t i = 0; i < ARRAY_SIZE(lead); i++) {
		if (!starts_with_ci(b, lead[i]))
			continue;
		const char *w = skip_blanks(b + strlen(lead[i]));

		for (size_t k = 0; k < ARRAY_SIZE(where); k++)
			if (starts_with_ci(w, where[k]))
				return true;
	}
	return false;
}

/*
 * The compatibles the words after "for" name, into @in, up to the first
 * word that is neither a name nor a joining word ("for imx6ull and imx7d",
 * not "for the wcss sub-system ... on SDM845").
 */
static size_t names_after(const struct conv *cv, const struct cset *cs, const char *s, bool *in)
{
	const char *p = s + (tolower((unsigned char)*s) == 'f' ? 3 : 2), *stop = p;
	bool one[MAX_COMPAT];

	while (*p) {
		while (*p && (isspace((unsigned char)*p) || strchr("\"'(),/", *p)))
			p++;
		const char *w = p;

		while (*p && !isspace((unsigned char)*p) && !strchr("\"'()/.;", *p) &&
		       !(*p == ',' && (!p[1] || isspace((unsigned char)p[1]))))
			p++;
		if (p == w || (!scope_word(w, (size_t)(p - w)) && !mentions(cv, cs, w, (size_t)(p - w), one)))
			break;
		stop = p;
	}
	return mentions(cv, cs, s, (size_t)(stop - s), in);
}

/* 2..64 from "two".."eight" or digits, else 0. */
unsigned count_word(const char *w, size_t wl)
{
	static const char *const words[] = { "two", "three", "four", "five", "six", "seven", "eight" };

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (wl == strlen(words[i]) && !strncasecmp(w, words[i], wl))
			return (unsigned)i + 2;
	if (wl > 2 || !isdigit((unsigned char)w[0]) || (wl == 2 && !isdigit((unsigned char)w[1])))
		return 0;
	unsigned n = (unsigned)strtoul(w, NULL, 10);

	return n >= 2 && n <= 64 ? n : 0;
}

/* Does @w name what list @prop counts: "interrupt(s)" of interrupts, "clock(s)" of clocks? */
static bool counts_prop(const char *prop, const char *w, size_t wl)
{
	size_t n = strlen(prop);

	if (n > 1 && prop[n - 1] == 's')
		n--;
	if (n < 3 || strchr(prop, '-') || strchr(prop, ','))
		return false;
	return (wl == n || (wl == n + 1 && tolower((unsigned char)w[n]) == 's')) &&
	       !strncasecmp(w, prop, n);
}

/*
 * "the PXP interrupt, two interrupts for imx6ull and imx7d", "17 interrupt
 * numbers for \"qcom,ipq4019-wifi\"": the list has that many entries on the
 * compatibles named after the count; when the words before the count name
 * the list in the singular only, the others have one.  True if read.
 */
static bool count_cond(struct conv *cv, const struct cset *cs, struct vec *conds,
		       const struct prop *pr, const char *buf, const struct ynode *props)
{
	const struct ynode *sp = yget(props, pr->name), *max = yget(sp, "maxItems");
	bool in[MAX_COMPAT], before[MAX_COMPAT];

	for (const char *p = buf; *p;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *w = p;

		while (isalnum((unsigned char)*p))
			p++;
		unsigned n = count_word(w, (size_t)(p - w));

		if (!n || (w > buf && isalnum((unsigned char)w[-1])))
			continue;
		/* The noun within two words ("two PXP interrupts"), not "three per PWM clocks". */
		const char *q = p, *noun = NULL;

		for (int k = 0; k < 3 && !noun; k++) {
			q = skip_blanks(q);
			const char *x = q;

			while (isalnum((unsigned char)*q))
				q++;
			if (q == x || !strncasecmp(x, "per", 3))
				break;
			if (counts_prop(pr->name, x, (size_t)(q - x)))
				noun = x;
		}
		const char *fo = noun ? find_word(q, "for") : NULL;

		if (!fo)
			fo = noun ? find_word(q, "on") : NULL;
		if (!fo || fo - q > 30 || !names_after(cv, cs, fo, in) ||
		    mentions(cv, cs, buf, (size_t)(w - buf), before))
			return false;
		/* The schema's list must allow that many: a count it cannot have is misread. */
		if (!sp || !max || !max->s || strtoul(max->s, NULL, 10) < n)
			return false;
		struct cond *c = push_cond(cv, conds, CK_ITEMS, in, false, cs->n, pr->name, pr->line);

		if (!c)
			return false;
		c->count = n;
		char one[64];
		size_t nl = strlen(pr->name);

		snprintf(one, sizeof(one), "%.*s", (int)(nl && pr->name[nl - 1] == 's' ? nl - 1 : nl),
			 pr->name);
		const char *sing = find_word(buf, one), *plural = find_word(buf, pr->name);

		if (sing && sing < w && (!plural || plural >= w)) {
			c = push_cond(cv, conds, CK_COUNT, in, true, cs->n, pr->name, pr->line);
			if (c)
				c->count = 1;
		}
		return true;
	}
	return false;
}

/* "0 ~ 15", "0 to 7": a range at @p, its bounds into @lo/@hi; the end of it, or NULL. */
static const char *range_at(const char *p, long *lo, long *hi)
{
	char *e;

	if (!isdigit((unsigned char)*p) || (p[-1] && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
		return NULL;
	*lo = strtol(p, &e, 10);
	const char *q = skip_blanks(e);

	if (*q == '~')
		q++;
	else if (!strncasecmp(q, "to ", 3))
		q += 2;
	else
		return NULL;
	q = skip_blanks(q);
	if (!isdigit((unsigned char)*q))
		return NULL;
	*hi = strtol(q, &e, 10);
	return *hi > *lo && !isalnum((unsigned char)*e) && *e != '.' ? e : NULL;
}

/*
 * Value ranges per compatible: "MAX98925/MAX98926 slot range : 0 ~ 30 ...
 * MAX98927 slot range : 0 ~ 15" (the names before "range") or "0 to 7 for
 * ADGS1408 and 0 to 4 for ADGS1409" (right after "for" or "in").  When they cover
 * every compatible the property gets the widest range and the narrower
 * ones go under an if.  True if read.
 */
static bool range_conds(struct conv *cv, const struct cset *cs, struct vec *conds,
			const struct prop *pr, const char *buf, struct ynode *props)
{
	struct ynode *sp = yget(props, pr->name);
	struct cond found[8];
	size_t nf = 0;
	bool covered[MAX_COMPAT] = { false };
	long lo = 0, hi = 0;

	const struct ynode *max = yget(sp, "maxItems");
	/* One reg entry ("maxItems: 1"): its value has the range (an LED line, a channel). */
	bool one_reg = !strcmp(pr->name, "reg") && max && max->s && !strcmp(max->s, "1");

	if (!sp || sp->kind != Y_MAP || yget(sp, "minimum") || yget(sp, "maximum") ||
	    yget(sp, "enum") || yget(sp, "const") || yget(sp, "items") || (max && !one_reg))
		return false;
	for (const char *p = buf, *seg = buf, *e; *p && nf < ARRAY_SIZE(found); p++) {
		struct cond *f = &found[nf];

		if (p == buf || !(e = range_at(p, &f->lo, &f->hi)))
			continue;
		const char *r = find_word(seg, "range");
		const char *fo = skip_blanks(e);
		size_t n = 0;

		if (r && r < p)
			n = mentions(cv, cs, seg, (size_t)(r - seg), f->in);
		else if ((!strncasecmp(fo, "for", 3) && isspace((unsigned char)fo[3])) ||
			 (!strncasecmp(fo, "in", 2) && isspace((unsigned char)fo[2])))
			n = names_after(cv, cs, fo, f->in);	/* "0 to 3 in pca9632 or pca9633" */
		if (!n)
			return false;
		lo = nf && lo < f->lo ? lo : f->lo;
		hi = nf && hi > f->hi ? hi : f->hi;
		for (size_t i = 0; i < cs->n; i++)
			covered[i] |= f->in[i];
		nf++;
		seg = p = e;
	}
	for (size_t i = 0; i < cs->n; i++)
		if (!nf || !covered[i])
			return false;
	if (one_reg)
		yremove(sp, "maxItems", NULL);	/* the meta-schema wants a reg with a range alone */
	yset(sp, "minimum", yint(cv, lo, pr->line));
	yset(sp, "maximum", yint(cv, hi, pr->line));
	for (size_t k = 0; k < nf; k++) {
		struct cond *c = found[k].lo == lo && found[k].hi == hi ? NULL :
				 push_cond(cv, conds, CK_RANGE, found[k].in, false, cs->n, pr->name,
					   pr->line);

		if (c) {
			c->lo = found[k].lo;
			c->hi = found[k].hi;
		}
	}
	return true;
}

/* The index of the const @v in the items of @names, or -1; *@n: how many items. */
static int item_index(const struct ynode *names, const char *v, size_t *n)
{
	const struct ynode *items = yget(names, "items");
	int i = 0, at = -1;

	*n = 0;
	for (const struct ynode *it = items && items->kind == Y_SEQ ? items->first : NULL; it;
	     it = it->next, i++) {
		const struct ynode *c = yget(it, "const");

		if (c && c->s && !strcmp(c->s, v))
			at = i;
		(*n)++;
	}
	return at;
}


/*
 * "For RK3399, a phy config clock (phy_cfg) and a grf clock(grf) are
 * required": entries of the names list, in parentheses, are those
 * devices' (value_counts() bounds the others when they are its tail).
 */
static bool paren_entries_required(struct conv *cv, const struct cset *cs, struct vec *conds,
				   const struct prop *pr, const char *buf, const bool *in,
				   const struct ynode *props)
{
	const char *names = names_of(cv, pr->name);
	const struct ynode *list = names ? yget(props, names) : NULL;
	bool any = false;
	int last = -1;
	size_t nn = 0;

	if (!list || !(find_word(buf, "required") || find_word(buf, "needed")))
		return false;
	size_t len;

	for (const char *p = paren_token(buf, &len); p; p = paren_token(p + len, &len)) {
		const char *v = cv_strndup(cv, p, len);
		struct cond *c;
		int at;

		if (!v || (at = item_index(list, v, &nn)) < 0 ||
		    !(c = push_cond(cv, conds, CK_VALUE, in, false, cs->n, names, pr->line)))
			continue;
		c->value = v;
		any = true;
		last = at > last ? at : last;
	}
	/* The list's tail: those devices have all of its entries. */
	const char *named = any && last + 1 == (int)nn ? named_list(cv, props, names) : NULL;
	const char *full[2] = { names, named };

	for (size_t k = 0; any && last + 1 == (int)nn && k < 2 && full[k]; k++) {
		struct cond *c = push_cond(cv, conds, CK_ITEMS, in, false, cs->n, full[k], pr->line);

		if (c)
			c->count = (unsigned)nn;
	}
	return any;
}

/*
 * Do the examples show @prop is for the compatibles in @in only: an example
 * device of another compatible leaves it out, and none of them sets it?
 * ("#reset-cells: should be 1 on the g12a (and following) soc family", over
 * an axg example without it.)
 */
static bool examples_lack_elsewhere(const struct conv *cv, const struct cset *cs, const bool *in,
				    const char *prop)
{
	bool lacks = false;

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *node = cv->devnodes.v[d];

		for (size_t i = 0; i < cs->n; i++) {
			if (in[i] || !opens_with(node, cs->s[i]))
				continue;
			if (node_prop(node, prop))
				return false;
			lacks = true;
		}
	}
	return lacks;
}

/*
 * An item of the text's required list that a sentence of its own scopes:
 * required of the compatibles in @in (@invert: of the others) only.
 */
static void required_only(struct conv *cv, const struct cset *cs, struct vec *conds,
			  const struct prop *pr, const bool *in, bool invert)
{
	struct cond *c = push_cond(cv, conds, CK_REQUIRED, in, invert, cs->n, pr->name, pr->line);

	if (c)
		c->unrequire = true;
}

/*
 * One sentence of @pr's text that names some compatibles: what it says of
 * them.  A value per device ("Should be 1 for RK3288 and 2 for RK3399", "On
 * CPM2 devices, the second resource is ...", "evdet applies to isl1209
 * only") is no condition on the property's presence; neither is a sentence
 * naming them all.  "for X"/"on X" alone says "only on X" only when it is
 * the whole description ("Select DSD input pins for ak4497").
 */
static void sentence_cond(struct conv *cv, const struct cset *cs, struct vec *conds,
			  const struct prop *pr, const char *text, const char *s, size_t len,
			  bool global_req, bool first, struct ynode *props)
{
	static const char *const neg[] = {
		"not", "except", "unsupported", "n/a", "never", "invalid", "unavailable",
	};
	static const char *const req[] = { "required", "mandatory", "needed" };
	static const char *const only[] = {
		"only", "specific", "supported", "available", "applicable", "present", "exists",
	};
	static const char *const value[] = {
		"should be", "must be", "shall be", "is set to", "value", "<", "first", "second",
		"resource", "cell", "entry", "entries", "default",
	};
	static const char *const counts[] = { "two", "three", "four" };
	bool in[MAX_COMPAT];
	char buf[512];

	if (len >= sizeof(buf) || mentions(cv, cs, s, len, in) == 0)
		return;
	char unq[512];

	memcpy(unq, s, len);
	unq[len] = '\0';
	/* "Should\tbe set\n when": one blank between words. */
	size_t blen = 0;

	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)s[i]) || (blen && buf[blen - 1] != ' '))
			buf[blen++] = isspace((unsigned char)s[i]) ? ' ' : s[i];
	buf[blen] = '\0';
	bool is_neg = has_any(buf, neg, ARRAY_SIZE(neg));
	/* "\"intr\": Used for SoCs like ls2080a ... (could include AER events)": the item's own value. */
	const char *tied = leading_value(cv, s, len);

	if (!tied)
		tied = names_a_value(cv, unq, text);
	if (!tied && !is_neg && paren_entries_required(cv, cs, conds, pr, buf, in, props))
		return;
	if (tied) {
		/* "evdet applies to isl1209 and isl1219 only", "\"Hip\": Hard IP region (if \"x\")". */
		static const char *const for_them[] = {
			"only", "applies", "used", "available", "if",
		};
		struct cond *c = NULL;

		if (!is_neg && has_any(buf, for_them, ARRAY_SIZE(for_them)))
			c = push_cond(cv, conds, CK_VALUE, in, false, cs->n, names_of(cv, pr->name),
				      pr->line);
		if (c)
			c->value = tied;
		return;
	}
	/* "- MG clock (only for armada-7k-pp2)": an entry of a list, not the property. */
	const char *b = skip_blanks(buf);

	if (count_cond(cv, cs, conds, pr, buf, props) || range_conds(cv, cs, conds, pr, buf, props))
		return;

	if ((*b == '-' || *b == '*') && b[1] == ' ' &&
	    (phandle_list_prop(pr->name) || names_prop(pr->name) || !strcmp(pr->name, "reg") ||
	     !strcmp(pr->name, "interrupts")))
		return;
	bool is_req = (has_any(buf, req, ARRAY_SIZE(req)) || says_required(buf)) &&
		      !find_word(buf, "optional");
	bool scoped[MAX_COMPAT], by[MAX_COMPAT];

	/* "For \"fsl,imx50-weim\" and \"fsl,imx6q-weim\" type of devices, it should be ...". */
	if (first && !is_neg && !is_req && !global_req &&
	    scoped_to(cv, cs, text, buf, blen, scoped)) {
		push_cond(cv, conds, CK_ABSENT, scoped, true, cs->n, pr->name, pr->line);
		return;
	}
	bool whole = len + 2 >= strlen(text) && len < 100;
	/* The sentence, or its first line: "Select DSD input pins for ak4497" over a values table. */
	size_t first_line = strcspn(unq, "\n");
	bool is_only = has_any(buf, only, ARRAY_SIZE(only)) ||
		       (whole && (names_close(cv, cs, buf, blen) ||
				  names_close(cv, cs, unq, first_line)));
	bool is_value = false;

	for (size_t i = 0; i < ARRAY_SIZE(value); i++)
		is_value |= find_ci(buf, value[i]) != NULL;
	/* "two interrupts for imx6ull and imx7d": a count there, not a presence. */
	for (size_t i = 0; i < ARRAY_SIZE(counts); i++)
		is_value |= find_word(buf, counts[i]) != NULL;
	if (is_neg && (is_req || find_word(buf, "only")))
		return;	/* "not required for X", "not only for X": too subtle */
	if (is_neg && !is_value) {
		struct cond *c = push_cond(cv, conds, CK_ABSENT, in, false, cs->n, pr->name,
					   pr->line);

		/* "except for MT7628 which has no clocks": required on the others only. */
		if (c && global_req)
			required_only(cv, cs, conds, pr, in, true);
	}
	else if (is_req && !global_req && !is_neg)
		push_cond(cv, conds, CK_REQUIRED, in, false, cs->n, pr->name, pr->line);
	else if (is_req && global_req && !is_neg && !is_value && required_where(b))
		required_only(cv, cs, conds, pr, in, false);	/* "Required if compatible is X" */
	else if (is_req && global_req && !is_neg && required_by_names(cv, cs, buf, by))
		required_only(cv, cs, conds, pr, by, false);	/* "which is required by imx8qm" */
	else if (is_only && !is_req && !is_neg && !global_req && !is_value)
		push_cond(cv, conds, CK_ABSENT, in, true, cs->n, pr->name, pr->line);
	else if (is_only && !is_neg && global_req &&
		 (!is_value || find_word(buf, "only") ||
		  examples_lack_elsewhere(cv, cs, in, pr->name)))
		required_only(cv, cs, conds, pr, in, false);	/* "(px30 only)" */
}

/*
 * Does the line break at @e start a sentence of its own?  Lines of .txt
 * bindings often carry one statement each without a full stop ("Applies to
 * isl1209 only" / "Possible values are 0 and 1"): a next line opening with
 * a capitalised word, after a line that does not run on (a comma, "the", "and"...).
 */
static bool line_starts_sentence(const char *start, const char *e)
{
	static const char *const run_on[] = {
		"the", "a", "an", "and", "or", "of", "to", "for", "on", "in", "with", "by", "is", "are",
	};
	if (*e != '\n')
		return false;
	const char *n = e + 1;

	while (*n == ' ' || *n == '\t')
		n++;
	if ((*n == '-' || *n == '*') && n[1] == ' ')
		return true;	/* a bullet: "- Not supported on tlv320aic3104" */
	if (*n == '"') {
		/* An entry of a names list: "\"intr\": Used for SoCs like ls2080a". */
		const char *q = strchr(n + 1, '"');

		if (q && q - n < 40 && !memchr(n, '\n', (size_t)(q - n)) && *skip_blanks(q + 1) == ':')
			return true;
	}
	if (!isupper((unsigned char)n[0]) || !islower((unsigned char)n[1]))
		return false;
	const char *b = e;

	while (b > start && isspace((unsigned char)b[-1]))
		b--;
	if (b == start || strchr(",(:-/", b[-1]))
		return false;
	return !word_before(start, b, run_on, ARRAY_SIZE(run_on));
}

/* The sentences of a property's text. */
static void prop_conds(struct conv *cv, const struct cset *cs, struct vec *conds,
		       const struct prop *pr, bool global_req, struct ynode *props)
{
	const char *t = prop_text(cv, pr->share ? pr->share : pr, true);

	for (const char *p = t; p && *p;) {
		bool first = p == t;
		const char *e = p;

		/* A sentence ends at ". ", ";" or a blank line; "v1.2" and "fsl,imx6.q" do not end it. */
		while (*e && !((*e == '.' || *e == ';') && (!e[1] || isspace((unsigned char)e[1]))) &&
		       !(*e == '\n' && e[1] == '\n') && !line_starts_sentence(p, e))
			e++;
		sentence_cond(cv, cs, conds, pr, t, p, (size_t)(e - p), global_req, first, props);
		p = *e ? e + 1 : e;
	}
}

static bool in_required(const struct ynode *req, const char *name)
{
	for (const struct ynode *r = req ? req->first : NULL; r; r = r->next)
		if (r->s && !strcmp(r->s, name))
			return true;
	return false;
}

/*
 * A property section's heading names some compatibles: "Required properties
 * for rk3399:"; or a sub-list does ("- for act8600:" over its supplies).  A
 * name listed under several is each one's: the union of their devices.  A
 * required one all of them list is required outright (added to @req).
 */
static void heading_cond(struct conv *cv, const struct cset *cs, struct vec *conds,
			 const struct prop *pr, size_t at, struct ynode *req)
{
	bool in[MAX_COMPAT] = { false }, one[MAX_COMPAT], negated = false;
	size_t count = 0;
	enum req rq = REQ_NO;

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *o = cv->props.v[k];

		if (o->scope || !o->qual || strcmp(o->name, pr->name))
			continue;
		if (k < at)
			return;	/* handled with its first */
		if (!mentions(cv, cs, o->qual, strlen(o->qual), one))
			continue;
		negated |= find_word(o->qual, "not") || find_word(o->qual, "except");
		rq = o->qual_req == REQ_YES ? REQ_YES : rq;
		for (size_t i = 0; i < cs->n; i++)
			in[i] |= one[i];
	}
	for (size_t i = 0; i < cs->n; i++)
		count += in[i];
	if (!count)
		return;
	if (negated)
		push_cond(cv, conds, CK_ABSENT, in, false, cs->n, pr->name, pr->line);
	else if (rq == REQ_YES && count == cs->n && !in_required(req, pr->name))
		ypush(req, ystr(cv, pr->name, pr->line));
	else if (rq == REQ_YES)
		push_cond(cv, conds, CK_REQUIRED, in, false, cs->n, pr->name, pr->line);
	else
		push_cond(cv, conds, CK_ABSENT, in, true, cs->n, pr->name, pr->line);
}

static bool same_set(const struct cond *a, const struct cond *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a->in[i] != b->in[i])
			return false;
	return true;
}

/* if: properties: compatible: contains: const X / enum [X, Y] */
static struct ynode *if_compatible(struct conv *cv, const struct cset *cs, const bool *in,
				   unsigned src)
{
	struct ynode *ifn = ymap(cv, src), *props = ymap(cv, src), *compat = ymap(cv, src);
	struct ynode *contains = ymap(cv, src), *list = yseq(cv, src);
	size_t n = 0, last = 0;

	for (size_t i = 0; i < cs->n; i++) {
		if (in[i]) {
			ypush(list, ystr(cv, cs->s[i], src));
			n++;
			last = i;
		}
	}
	if (n == 1)
		yset(contains, "const", ystr(cv, cs->s[last], src));
	else
		yset(contains, "enum", list);
	yset(compat, "contains", contains);
	yset(props, "compatible", compat);
	yset(ifn, "properties", props);
	return ifn;
}

/*
 * Entries of a names list for some compatibles only: when they are its
 * tail, the others have at most the entries before them (names and the
 * list they name: "interrupts" of "interrupt-names").
 */
static void value_counts(struct conv *cv, const struct cset *cs, struct vec *conds,
			 const struct ynode *props)
{
	for (size_t i = 0; i < conds->n; i++) {
		struct cond *c = conds->v[i];
		bool tied[MAX_COMPAT] = { false };
		size_t n = 0;
		int first = -1;

		if (c->kind != CK_VALUE)
			continue;
		const struct ynode *names = yget(props, c->prop);

		for (size_t j = i; j < conds->n; j++) {
			struct cond *o = conds->v[j];
			size_t nn;
			int at;

			if (o->kind != CK_VALUE || strcmp(o->prop, c->prop) || !same_set(c, o, cs->n))
				continue;
			o->kind = CK_DONE;
			at = names ? item_index(names, o->value, &nn) : -1;
			if (at < 0 || at >= MAX_COMPAT)
				continue;
			n = nn;
			tied[at] = true;
			if (first < 0 || at < first)
				first = at;
		}
		bool tail = first >= 0 && n <= MAX_COMPAT;

		for (size_t k = (size_t)(first < 0 ? 0 : first); tail && k < n; k++)
			tail = tied[k];
		if (!tail)
			continue;
		struct cond *m = push_cond(cv, conds, CK_COUNT, c->in, true, cs->n, c->prop, c->line);

		if (m)
			m->count = (unsigned)first;
	}
}

/* The list a names property names: "clocks" of "clock-names", "reg" of "reg-names". */
const char *named_list(struct conv *cv, const struct ynode *props, const char *names)
{
	size_t len = strlen(names), n = len - strlen("-names");

	if (len <= strlen("-names") || strcmp(names + n, "-names"))
		return NULL;	/* a count on "interrupts" itself */
	const char *plural = cv_printf(cv, "%.*ss", (int)n, names);
	const char *same = cv_strndup(cv, names, n);

	return plural && yget(props, plural) ? plural : same && yget(props, same) ? same : NULL;
}

/* Outside the if: the list may be as short as @count (an items list is otherwise all required). */
void allow_count(struct conv *cv, struct ynode *prop, unsigned count, unsigned src)
{
	struct ynode *min = yget(prop, "minItems");

	if (!prop || prop->kind != Y_MAP || !count)
		return;
	if (min && min->s && strtoul(min->s, NULL, 10) <= count)
		return;
	struct ynode *v = yint(cv, count, src);

	if (min) {
		yset(prop, "minItems", v);
		return;
	}
	/* minItems first, as the kernel writes it. */
	v->key = "minItems";
	v->next = prop->first;
	prop->first = v;
	if (!prop->last)
		prop->last = v;
}

/* items: - const: each name of @v ("a\x1fb\x1f"). */
static struct ynode *names_items(struct conv *cv, const char *v, unsigned src)
{
	struct ynode *m = ymap(cv, src), *items = yseq(cv, src);

	for (const char *p = v; p && *p;) {
		size_t k = strcspn(p, "\x1f");
		struct ynode *c = ymap(cv, src);

		yset(c, "const", ystr(cv, cv_strndup(cv, p, k), src));
		ypush(items, c);
		p += k + (p[k] == '\x1f');
	}
	yset(m, "items", items);
	return m;
}

/* Names in a list "a\x1fb\x1f". */
size_t names_count(const char *v)
{
	size_t n = 0;

	for (; v && *v; v++)
		n += *v == '\x1f';
	return n;
}

/*
 * The names of @c into @m, which has counts already: a count equal to the
 * list's length is what items says (the meta-schema refuses it).
 */
static void add_names_items(struct conv *cv, struct ynode *m, const struct cond *c)
{
	unsigned n = (unsigned)names_count(c->value);
	const struct ynode *min = yget(m, "minItems"), *max = yget(m, "maxItems");

	if (min && min->s && strtoul(min->s, NULL, 10) == n)
		yremove(m, "minItems", NULL);
	if (max && max->s && strtoul(max->s, NULL, 10) == n)
		yremove(m, "maxItems", NULL);
	yset(m, "items", yget(names_items(cv, c->value, c->line), "items"));
}

/* then: properties: the names list and the list it names, at most @c->count long. */
static void count_props(struct conv *cv, struct ynode *tprops, struct ynode *props,
			const struct cond *c)
{
	const char *lists[2] = { c->prop, named_list(cv, props, c->prop) };

	for (size_t i = 0; i < 2; i++) {
		if (!lists[i] || yget(tprops, lists[i]))
			continue;
		if (!c->count) {
			yset(tprops, lists[i], yraw(cv, "false", c->line));
			continue;
		}
		struct ynode *m = ymap(cv, c->line);

		yset(m, "maxItems", yint(cv, c->count, c->line));
		yset(tprops, lists[i], m);
		allow_count(cv, yget(props, lists[i]), c->count, c->line);
	}
}

/* minimum: and maximum: of CK_RANGE @c. */
static struct ynode *range_schema(struct conv *cv, const struct cond *c)
{
	struct ynode *m = ymap(cv, c->line);

	yset(m, "minimum", yint(cv, c->lo, c->line));
	yset(m, "maximum", yint(cv, c->hi, c->line));
	return m;
}

/* then: patternProperties: {child: {properties: {prop: {minimum, maximum}}}} for @c. */
static void child_range(struct conv *cv, struct ynode *then, const struct cond *c)
{
	struct ynode *pats = yget(then, "patternProperties"), *node, *props;

	if (!pats)
		pats = yset(then, "patternProperties", ymap(cv, c->line));
	node = yget(pats, c->child);
	if (!node)
		node = yset(pats, c->child, ymap(cv, c->line));
	props = yget(node, "properties");
	if (!props)
		props = yset(node, "properties", ymap(cv, c->line));
	if (!yget(props, c->prop))
		yset(props, c->prop, range_schema(cv, c));
}

/* The conditions grouped by their compatibles, one if/then each, appended to allOf. */
static void emit_conds(struct conv *cv, const struct cset *cs, struct vec *conds,
		       struct ynode *schema, struct ynode *props)
{
	struct ynode *allof = yget(schema, "allOf");
	bool *done = cv_alloc(cv, (conds->n + 1) * sizeof(*done));

	for (size_t i = 0; done && i < conds->n; i++) {
		struct cond *c = conds->v[i];

		if (done[i] || c->kind == CK_VALUE || c->kind == CK_DONE)
			continue;
		struct ynode *then = ymap(cv, c->line), *tprops = ymap(cv, c->line);
		struct ynode *treq = yseq(cv, c->line);

		for (size_t j = i; j < conds->n; j++) {
			struct cond *o = conds->v[j];

			if (done[j] || !same_set(c, o, cs->n))
				continue;
			done[j] = true;
			if (o->kind == CK_COUNT)
				count_props(cv, tprops, props, o);
			else if (o->kind == CK_ITEMS && !yget(tprops, o->prop)) {
				struct ynode *m = ymap(cv, o->line);

				yset(m, "minItems", yint(cv, o->count, o->line));
				yset(m, "maxItems", yint(cv, o->count, o->line));
				yset(tprops, o->prop, m);
			}
			else if (o->kind == CK_RANGE && o->child)
				child_range(cv, then, o);
			else if (o->kind == CK_RANGE && !yget(tprops, o->prop))
				yset(tprops, o->prop, range_schema(cv, o));
			else if (o->kind == CK_NAMES && !yget(tprops, o->prop))
				yset(tprops, o->prop, names_items(cv, o->value, o->line));
			else if (o->kind == CK_NAMES && !yget(yget(tprops, o->prop), "items") &&
				 yget(tprops, o->prop)->kind == Y_MAP)
				add_names_items(cv, yget(tprops, o->prop), o);
			else if (o->kind == CK_ABSENT && !yget(tprops, o->prop))
				yset(tprops, o->prop, yraw(cv, "false", o->line));
			else if (o->kind == CK_REQUIRED && !in_required(treq, o->prop))
				ypush(treq, ystr(cv, o->prop, o->line));
		}
		if (!yempty(tprops))
			yset(then, "properties", tprops);
		if (!yempty(treq))
			yset(then, "required", treq);
		if (yempty(then))
			continue;
		struct ynode *item = ymap(cv, c->line);

		yset(item, "if", if_compatible(cv, cs, c->in, c->line));
		yset(item, "then", then);
		if (!allof)
			allof = yset(schema, "allOf", yseq(cv, c->line));
		ypush(allof, item);
	}
}

/*
 * A child node's item with ranges per compatible ("LED sub-node properties:
 * - reg : number of LED line (could be from 0 to 3 in pca9632 or pca9633,
 * 0 to 7 in pca9634, or 0 to 15 in pca9635)"): the ranges of range_conds(),
 * on the one child pattern whose schema has that property.
 */
static void child_ranges(struct conv *cv, const struct cset *cs, struct vec *conds,
			 struct ynode *schema)
{
	struct ynode *pats = yget(schema, "patternProperties");

	for (size_t k = 0; pats && k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];
		struct ynode *cprops = NULL;
		const char *key = NULL;
		size_t found = 0;

		if (!pr->scope || pr->pattern || pr->deprecated)
			continue;
		for (struct ynode *c = pats->first; c; c = c->next) {
			struct ynode *p = yget(c, "properties");

			if (p && yget(p, pr->name)) {
				cprops = p;
				key = c->key;
				found++;
			}
		}
		if (found != 1)
			continue;
		const char *t = prop_text(cv, pr, true);
		size_t before = conds->n;

		if (!t || strlen(t) >= 512 || !range_conds(cv, cs, conds, pr, t, cprops))
			continue;
		for (size_t i = before; i < conds->n; i++)
			((struct cond *)conds->v[i])->child = key;
	}
}

void add_conditions(struct conv *cv, struct ynode *schema)
{
	struct ynode *props = yget(schema, "properties");
	struct ynode *req = yget(schema, "required");
	struct vec conds = { 0 };
	struct cset cs;

	if (cv->root_binding || !props)
		return;
	board_raise_counts(cv, props);
	collect_compats(cv, &cs);
	legend_aliases(cv, &cs);
	if (cs.n < 2) {
		/* "Required for compatible = \"x\":" over a text of x alone: required. */
		for (size_t k = 0; k < cv->props.n; k++) {
			const struct prop *pr = cv->props.v[k];
			bool in[MAX_COMPAT];

			if (!pr->scope && pr->qual && pr->qual_req == REQ_YES && !pr->deprecated &&
			    yget(props, pr->name) && !in_required(req, pr->name) &&
			    mentions(cv, &cs, pr->qual, strlen(pr->qual), in))
				ypush(req, ystr(cv, pr->name, pr->line));
		}
		return;
	}
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (pr->scope || pr->pattern || pr->deprecated || !strcmp(pr->name, "compatible"))
			continue;
		/* Only what the schema describes: a condition on an unknown name would not lint. */
		if (!yget(props, pr->name) && !in_required(req, pr->name))
			continue;
		if (pr->qual)
			heading_cond(cv, &cs, &conds, pr, k, req);
		else
			prop_conds(cv, &cs, &conds, pr, in_required(req, pr->name), props);
	}
	child_ranges(cv, &cs, &conds, schema);
	board_conditions(cv, &cs, &conds, props);
	text_lists(cv, &cs, &conds, props);
	if (!conds.n)
		return;
	value_counts(cv, &cs, &conds, props);
	emit_conds(cv, &cs, &conds, schema, props);
	for (size_t i = 0; i < conds.n; i++) {
		const struct cond *c = conds.v[i];

		if (c->unrequire)
			yremove(req, NULL, c->prop);
	}
	/* allOf sits before additionalProperties/unevaluatedProperties, as the kernel writes it. */
	ymove_end(schema, "additionalProperties");
	ymove_end(schema, "unevaluatedProperties");
}

/* Is @w inside a quoted compatible string ("vendor,...w...") of the text? */
static bool quoted_compatible_has(const struct conv *cv, const char *w, size_t wl)
{
	for (size_t i = 0; i < cv->nlines; i++) {
		const char *s = cv->lines[i].s;

		for (const char *q = strchr(s, '"'); q; q = strchr(q + 1, '"')) {
			const char *e = strchr(q + 1, '"');

			if (!e)
				break;
			const char *comma = memchr(q + 1, ',', (size_t)(e - q - 1));

			for (const char *p = comma ? q + 1 : NULL; p && p + wl <= e; p++)
				if (!strncasecmp(p, w, wl) && !isalnum((unsigned char)p[wl]) &&
				    !isalnum((unsigned char)p[-1]))
					return true;
			q = e;
		}
	}
	return false;
}

/*
 * Does a property heading's qualifier ("for rk3399", "(st,sti-uni-player
 * compatibility only)") name some of the device's compatibles rather than
 * another node ("for MDIO bus")?  Called while the text is parsed, before
 * the compatibles are known: a word with letters and digits that a quoted
 * compatible of the text contains.
 */
bool qualifier_names_compatible(const struct conv *cv, const char *q)
{
	for (const char *p = q; *p;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *w = p;
		bool digit = false, alpha = false;

		while (*p && (isalnum((unsigned char)*p) || *p == ',' || *p == '-')) {
			digit |= isdigit((unsigned char)*p) != 0;
			alpha |= isalpha((unsigned char)*p) != 0;
			p++;
		}
		bool comma = memchr(w, ',', (size_t)(p - w)) != NULL;

		if (p - w >= 3 && ((digit && alpha) || comma) &&
		    quoted_compatible_has(cv, w, (size_t)(p - w)))
			return true;
	}
	return false;
}
