// SPDX-License-Identifier: BSD-2-Clause
/*
 * text.c - the .txt as lines: sections and property items (headings: heading.c;
 * an item's names and text: items.c).
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* A line of quoted compatibles only, as a heading's tail ("\"marvell,armada-375-timer\":"). */
static bool quoted_tail(const struct line *l, unsigned ind)
{
	size_t tl = strlen(l->t);

	return !l->blank && l->ind > ind && l->t[0] == '"' &&
	       strspn(l->t, "\"\t ,:abcdefghijklmnopqrstuvwxyz0123456789-._") == tl;
}

/*
 * "Clocks required for compatibles = \"marvell,armada-xp-timer\",\n\t\t
 * \"marvell,armada-375-timer\":": a heading whose compatibles run on over
 * indented lines of quoted strings, to the one ending with ':', is read as
 * one line (armada-370-xp-timer and marvel's watchdog in 6.1).
 */
static void join_heading_tails(struct conv *cv)
{
	for (size_t i = 0; i + 1 < cv->nlines; i++) {
		struct line *l = &cv->lines[i];
		size_t nl = strlen(l->s), k = i + 1;

		if (l->blank || l->ind > 4 || !nl || (l->s[nl - 1] != ',' && l->s[nl - 1] != '"') ||
		    !find_ci(l->t, "compatible"))
			continue;
		while (k < cv->nlines && k - i <= 8 && quoted_tail(&cv->lines[k], l->ind) &&
		       !str_ends_with(cv->lines[k].t, ":"))
			k++;
		if (k == cv->nlines || k - i > 8 || !quoted_tail(&cv->lines[k], l->ind) ||
		    !str_ends_with(cv->lines[k].t, ":"))
			continue;
		struct strbuf sb;

		sb_init(&sb);
		sb_puts(&sb, l->s);
		for (size_t j = i + 1; j <= k; j++) {
			sb_putc(&sb, ' ');
			sb_puts(&sb, cv->lines[j].t);
		}
		char *joined = sb.oom ? NULL : cv_strndup(cv, sb.buf, sb.len);

		sb_free(&sb);
		if (!joined)
			return;
		l->t = joined + (l->t - l->s);
		l->s = joined;
		memmove(l + 1, &cv->lines[k + 1], (cv->nlines - k - 1) * sizeof(*l));
		cv->nlines -= k - i;
	}
}

/* Copy @text into lines: NUL bytes and controls become spaces, bad UTF-8 becomes '?'. */
void split_lines(struct conv *cv, const char *text, size_t len)
{
	char *buf = cv_alloc(cv, len + 1);
	size_t n = 0, cap = 64;

	if (!buf)
		return;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];

		if (c < 0x80) {
			buf[i] = (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? ' ' : (char)c;
			if (c == '\r')
				buf[i] = i + 1 < len && text[i + 1] == '\n' ? ' ' : '\n';
			i++;
			continue;
		}
		size_t k = utf8_sequence((const unsigned char *)text + i, len - i);

		if (k) {
			memcpy(buf + i, text + i, k);
			i += k;
		} else {
			buf[i++] = '?';
		}
	}
	buf[len] = '\0';
	cv->lines = cv_alloc(cv, cap * sizeof(*cv->lines));
	if (!cv->lines)
		return;
	for (char *p = buf; p <= buf + len;) {
		char *eol = memchr(p, '\n', (size_t)(buf + len - p));
		char *end = eol ? eol : buf + len;

		if (!eol && p == end)
			break;
		*end = '\0';
		while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = '\0';
		if (n == cap) {
			struct line *nl = cv_alloc(cv, 2 * cap * sizeof(*nl));

			if (!nl)
				return;
			memcpy(nl, cv->lines, n * sizeof(*nl));
			cv->lines = nl;
			cap *= 2;
		}
		struct line *l = &cv->lines[n];

		l->s = p;
		l->t = skip_blanks(p);
		l->ind = vcol(p, l->t);
		l->no = (unsigned)n + 1;
		l->blank = !*l->t;
		n++;
		if (!eol)
			break;
		p = eol + 1;
	}
	cv->nlines = n;
	join_heading_tails(cv);
}

/* "=====", "-----", "*****": a heading's underline or overline. */
bool is_rule_line(const struct line *l)
{
	const char *t = l->t;
	char c = *t;
	size_t n = 0;

	if (!strchr("=-~*#_^", c) || !c)
		return false;
	for (; *t; t++) {
		if (*t == c)
			n++;
		else if (*t != ' ' && *t != '\t')
			return false;
	}
	return n >= 3;
}

const struct line *next_line(const struct conv *cv, size_t i)
{
	return i + 1 < cv->nlines ? &cv->lines[i + 1] : NULL;
}

void trim(char *s)
{
	size_t n = strlen(s);
	char *p = s;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	while (*p == ' ' || *p == '\t')
		p++;
	memmove(s, p, strlen(p) + 1);
}

/* Does @t open with a list bullet ("- ", "* ", "o \"", "-foo")?  The text after it into *@after. */
bool bullet_at(const char *t, const char **after)
{
	if ((t[0] == '-' || t[0] == '*' || t[0] == '+' || t[0] == 'o') &&
	    (t[1] == ' ' || t[1] == '\t')) {
		if (t[0] == 'o' && !(t[2] == '"' || islower((unsigned char)t[2]) || t[2] == '#'))
			return false;
		*after = skip_blanks(t + 2);
		return true;
	}
	if (t[0] == '-' && (t[1] == '"' || t[1] == '#' || islower((unsigned char)t[1]))) {
		*after = t + 1;
		return true;
	}
	return false;
}

/* ePAPR item body lines. */
static bool epapr_line(const char *t)
{
	return epapr_label(t, "usage") || epapr_label(t, "value type") ||
	       epapr_label(t, "definition") || starts_with_ci(t, "usage and definition");
}

struct parse_state {
	enum sec_kind kind;
	struct heading h;
	bool ctx_sub;		/* an OTHER heading said the following is about a child node */
	bool seen_node_heading;
	unsigned seen_required;	/* "Required properties" headings so far */
	int scope;		/* current scope */
	unsigned item_ind;	/* indentation of the current section's items */
	bool have_items;
	struct prop *cur;	/* item being continued */
	unsigned cur_ind;
	bool blank_before;
	int last_compat_scope;
	char qualifier[128];	/* "for MDIO bus": the current property section's qualifier */
	char main_qualifier[128];
	char lead[128];		/* "dai-link": the words before "properties" */
	unsigned head_line;
	bool main_has_compat;
	bool qual_compat;	/* the qualifier names some of the compatibles */
	/* "- for act8600:" over its own items or names, in a property section. */
	char sub_qual[128];
	unsigned sub_qual_ind;
	bool sub_qual_on;
	size_t desc_mark;	/* the description's length before a bullet that is no item */
	bool desc_marked;
	/*
	 * Prose that moved to a scope of its own ("... used by client devices"):
	 * the description's length before it.  It stays in the description
	 * unless items of that scope follow, whose lead-in it was.
	 */
	int prose_scope;
	size_t prose_mark;
	unsigned exsec;		/* current example section (1-based) */
	/* The heading of a section of prose ("Supported chips:"), 1-based, until its first line. */
	size_t other_heading;
	/* Example code region being collected. */
	size_t ex_first, ex_last;
};

static struct prop *new_prop(struct conv *cv, const char *name, struct line *l, int scope)
{
	struct prop *pr = cv_alloc(cv, sizeof(*pr));

	if (!pr)
		return NULL;
	pr->name = name;
	pr->line = l->no;
	pr->scope = scope;
	pr->block = cv->block;
	vec_push(cv, &cv->props, pr);
	return pr;
}

static void add_prop_line(struct conv *cv, struct prop *pr, struct line *l)
{
	struct line **nl;

	if (!pr)
		return;
	nl = cv_alloc(cv, (pr->nlines + 1) * sizeof(*nl));
	if (!nl)
		return;
	if (pr->nlines)
		memcpy(nl, pr->lines, pr->nlines * sizeof(*nl));
	nl[pr->nlines++] = l;
	pr->lines = nl;
	l->used = true;
}

/* The part of a heading after "properties": "for MDIO bus", "(port)". */
static void heading_qualifier(const char *t, char *out, size_t max)
{
	const char *p = find_ci(t, "proper");

	/* "Required if compatible is \"x\":", "Clocks required for compatible = \"x\":" */
	if (!p)
		p = find_ci(t, "required ");
	if (!p)
		p = find_ci(t, "optional ");
	out[0] = '\0';
	if (!p)
		return;
	while (*p && isalpha((unsigned char)*p))
		p++;
	p = skip_blanks(p);
	snprintf(out, max, "%s", p);
	size_t n = strlen(out);

	while (n && strchr(": ", out[n - 1]))
		out[--n] = '\0';
}


/* The words of a heading between "Required"/"Optional" and "properties": "TDM dai-link". */
static void heading_lead(const char *t, char *out, size_t max)
{
	static const char *const skip[] = { "required", "optional", "mandatory", "additional" };
	const char *p = find_ci(t, "proper");
	size_t n;

	out[0] = '\0';
	if (!p)
		return;
	while (*t && !isalpha((unsigned char)*t))
		t++;
	for (size_t k = 0; k < ARRAY_SIZE(skip); k++) {
		size_t l = strlen(skip[k]);

		if (!strncasecmp(t, skip[k], l) && !isalnum((unsigned char)t[l])) {
			t = skip_blanks(t + l);
			break;
		}
	}
	n = t < p ? (size_t)(p - t) : 0;
	if (n >= max)
		n = max - 1;
	memcpy(out, t, n);
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

/* The description cut back to its first @len bytes (a mark taken earlier, not past its end). */
static void desc_truncate(struct conv *cv, size_t len)
{
	while (cv->desc_at.n && ((struct desc_at *)cv->desc_at.v[cv->desc_at.n - 1])->off >= len)
		cv->desc_at.n--;
	cv->desc.len = len;
	if (cv->desc.buf)
		cv->desc.buf[len] = '\0';
}

/*
 * A heading that goes on with the description's last sentence ("The
 * following additional\nproperties are needed by the Nokia modem HSI
 * client:") takes that sentence with it: the description keeps what ends
 * before it.
 */
static void drop_unfinished_sentence(struct conv *cv)
{
	char *d = cv->desc.buf;
	size_t n = cv->desc.len, para = 0;

	if (!d)
		return;
	while (n && (d[n - 1] == '\n' || d[n - 1] == ' '))
		n--;
	if (!n || strchr(".!?:)", d[n - 1]))
		return;
	for (size_t k = 0; k + 1 < n; k++)
		if (d[k] == '\n' && d[k + 1] == '\n')
			para = k + 2;
	size_t cut = para;

	for (size_t k = para; k + 1 < n; k++)
		if (strchr(".!?", d[k]) && (d[k + 1] == ' ' || d[k + 1] == '\n'))
			cut = k + 1;
	desc_truncate(cv, cut);
	if (cut)
		sb_putc(&cv->desc, '\n');
}

/*
 * Does the description end on a word no sentence ends with ("... the two
 * values defined below are specific to the\nBCM6328-style timer:")?
 */
static bool desc_ends_mid_sentence(const struct conv *cv)
{
	static const char *const open_words[] = {
		"the", "a", "an", "of", "to", "for", "with", "and", "or", "by", "in", "on",
		"as", "is", "are", "be", "following", "its", "their", "this", "these",
	};
	const char *d = cv->desc.buf;
	size_t n = cv->desc.len, w;

	if (!d)
		return false;
	while (n && (d[n - 1] == '\n' || d[n - 1] == ' '))
		n--;
	w = n;
	while (w && isalpha((unsigned char)d[w - 1]))
		w--;
	if (w == n || (w && d[w - 1] != ' ' && d[w - 1] != '\n'))
		return false;
	for (size_t k = 0; k < ARRAY_SIZE(open_words); k++)
		if (strlen(open_words[k]) == n - w && !strncasecmp(d + w, open_words[k], n - w))
			return true;
	return false;
}

static void start_section(struct conv *cv, struct parse_state *ps, size_t i, const struct heading *h)
{
	ps->cur = NULL;
	ps->kind = h->kind;
	ps->h = *h;
	/* "... must reference the IOMMU in its device\nnode with the following property:" */
	if (ps->prose_scope && cv->desc_last + 1 == cv->lines[i].no && ps->prose_mark <= cv->desc.len) {
		desc_truncate(cv, ps->prose_mark);
	}
	ps->prose_scope = 0;
	if (cv->desc_last + 1 == cv->lines[i].no &&
	    (islower((unsigned char)*cv->lines[i].t) || desc_ends_mid_sentence(cv)))
		drop_unfinished_sentence(cv);
	/* A heading over prose right under it ("Supported chips:\nP5020, P5040"), not a title. */
	const struct line *under = next_line(cv, i);

	ps->other_heading = h->kind == SEC_OTHER && str_ends_with(cv->lines[i].t, ":") && under &&
			    !under->blank && under->no == cv->lines[i].no + 1 && !is_rule_line(under) ?
			    i + 1 : 0;
	ps->have_items = false;
	ps->item_ind = 0;
	if (h->kind == SEC_EXAMPLE)
		ps->exsec++;
	/* Another device's part: another heading, or a second "Required properties". */
	if (h->kind == SEC_OTHER || h->kind == SEC_EXAMPLE ||
	    (h->kind == SEC_PROPS && h->req == REQ_YES && ps->seen_required++))
		cv->block++;
	if (h->kind == SEC_OTHER) {
		const struct line *nx = next_line(cv, i);
		bool underlined = nx && !nx->blank && is_rule_line(nx);
		bool main_props = false;

		for (size_t k = 0; k < cv->props.n; k++)
			if (!((struct prop *)cv->props.v[k])->scope)
				main_props = true;
		/* "ID\ttransfer priority" over dashes: a table's column heads, no node's part. */
		const char *t = cv->lines[i].t;
		bool columns = strchr(t, '\t') || strstr(t, "   ");

		if (h->sub || (underlined && main_props && !h->root && !columns))
			ps->ctx_sub = true;
		else if (h->nodeword)
			ps->ctx_sub = ps->seen_node_heading;
		if (h->nodeword)
			ps->seen_node_heading = true;
		if (h->root)
			cv->root_binding = true;
		return;
	}
	if (h->kind == SEC_PROPS || h->kind == SEC_NODES) {
		heading_qualifier(cv->lines[i].t, ps->qualifier, sizeof(ps->qualifier));
		heading_lead(cv->lines[i].t, ps->lead, sizeof(ps->lead));
		ps->head_line = cv->lines[i].no;
		ps->qual_compat = h->kind == SEC_PROPS && ps->main_has_compat &&
				  (starts_with_ci(ps->qualifier, "for ") || ps->qualifier[0] == '(' ||
				   starts_with_ci(ps->qualifier, "if ") ||
				   starts_with_ci(ps->qualifier, "when ")) &&
				  qualifier_names_compatible(cv, ps->qualifier);
		if (h->root)
			cv->root_binding = true;
		if (h->kind == SEC_NODES)
			ps->scope = 0;
		else if (h->sub || (ps->ctx_sub && !h->root))
			ps->scope = ++cv->nscopes;
		else if (ps->qual_compat)
			ps->scope = 0;	/* "Required properties for rk3399": conditions.c */
		else if (ps->main_has_compat && h->req != REQ_NO && ps->qualifier[0] &&
			 strcasecmp(ps->qualifier, ps->main_qualifier) &&
			 (starts_with_ci(ps->qualifier, "for ") || ps->qualifier[0] == '('))
			ps->scope = ++cv->nscopes;	/* "Required properties for MDIO bus" */
		else
			ps->scope = 0;
	}
}

/*
 * Is @l a line no schema's description keeps: a copyright notice, or an
 * entry of a table of contents ("CONTENTS" over "- FMan Node", "- Example")?
 */
static bool front_matter(const struct conv *cv, const struct line *l)
{
	static const char *const toc[] = { "contents", "contents:", "table of contents",
					   "table of contents:" };

	if (starts_with_ci(l->t, "copyright") || starts_with_ci(l->t, "(c) "))
		return true;
	if (l < cv->lines || l >= cv->lines + cv->nlines)
		return false;
	for (const struct line *b = l; b-- > cv->lines;) {
		if (b->blank)
			return false;
		if (span_in_ci(b->t, strlen(b->t), toc, ARRAY_SIZE(toc)))
			return true;
		if (b->t[0] != '-' && b->t[0] != '*' && b->ind <= 1)
			return false;
	}
	return false;
}

static void add_desc_line(struct conv *cv, const struct line *l)
{
	const char *text = l->s;

	if (l->used)
		return;	/* a compatible table's row */
	if (front_matter(cv, l))
		return;
	/* ePAPR's "Description: Describes SMP timer": the text without its label. */
	if (starts_with(l->t, "Description:") && l->t[12])
		text = skip_blanks(l->t + 12);
	/* An indented "PROPERTIES" over its node's items heads them; it says nothing. */
	if (!strcmp(l->t, "PROPERTIES") || !strcmp(l->t, "PROPERTIES:"))
		return;
	/* "and" or "or" alone between two lists of items joins them; no paragraph of its own. */
	if (!strcasecmp(l->t, "and") || !strcasecmp(l->t, "or") || !strcasecmp(l->t, "and/or"))
		return;
	if (!cv->desc_line)
		cv->desc_line = l->no;
	/* Keep paragraphs apart. */
	if (cv->desc_last && l->no > cv->desc_last + 1 && cv->desc.len)
		sb_putc(&cv->desc, '\n');
	cv->desc_last = l->no;
	struct desc_at *at = cv_alloc(cv, sizeof(*at));

	if (at) {
		at->off = cv->desc.len;
		at->line = l->no;
		vec_push(cv, &cv->desc_at, at);
	}
	sb_puts(&cv->desc, text);
	sb_putc(&cv->desc, '\n');
}

/* Is @l the start of an item?  Returns the new prop (first of several names). */
/* Does @t start "name:" (blanks allowed before the colon) with a property-like name? */
static bool names_a_property(const struct conv *cv, const char *t)
{
	size_t n = 0;
	char name[MAX_NAME + 1];

	while (t[n] && !isspace((unsigned char)t[n]) && t[n] != ':' && n < MAX_NAME)
		n++;
	if (!n || *skip_blanks(t + n) != ':')
		return false;
	memcpy(name, t, n);
	name[n] = '\0';
	return prop_name_ok(cv, name) && (strpbrk(name, "-,#") || is_std_prop(name));
}

/* "- ti,#tlb-entries :" refused for its '#': say why and what would take it. */
static void hash_name_note(struct conv *cv, const char *t, unsigned line)
{
	size_t n = strcspn(t, " \t:");
	char name[MAX_NAME + 1];

	if (cv->c->gen_2026 || !n || n > MAX_NAME || t[strspn(t + n, " \t") + n] != ':')
		return;
	memcpy(name, t, n);
	name[n] = '\0';
	if (valid_prop_name(name) && strchr(name + 1, '#'))
		finding(cv, DTBIND_WARNING, line, 1, "doc2yaml-name",
			"'%s' is left in the description: dt-schema 2022.08 forbids '#' inside a "
			"property name (--dtschema=2026.06 converts it for current trees)", name);
}

/* An item under "- for act8600:": those devices' (conditions.c), required or not by the section. */
static void give_sub_qual(struct conv *cv, const struct parse_state *ps, struct prop *pr)
{
	pr->qual = cv_strdup(cv, ps->sub_qual);
	pr->qual_req = ps->h.conditional ? REQ_NO : ps->h.req;
	pr->req = REQ_NO;
}

/*
 * Is @name the model of one of the text's quoted compatibles ("ltc2974" of
 * "lltc,ltc2974")?  "* ltc2974, ltc2975 : vout0 - vout3" under the optional
 * properties lists what each chip has, not properties.
 */
static bool names_a_model(struct conv *cv, const char *name)
{
	size_t n = strlen(name);
	bool digit = false;

	if (!n || strpbrk(name, "-,#") || is_std_prop(name))
		return false;
	for (size_t i = 0; i < n; i++)
		digit = digit || isdigit((unsigned char)name[i]);
	if (!digit)
		return false;
	if (!cv->models_read) {
		struct vec found = { 0 };

		cv->models_read = true;
		/* ",model\"" or ",model'" after a word: a quoted compatible's model. */
		for (size_t i = 0; i < cv->nlines; i++)
			for (const char *p = strchr(cv->lines[i].t, ','); p; p = strchr(p + 1, ',')) {
				size_t k = strcspn(p + 1, "\"', \t");

				const char *m = k && (p[k + 1] == '"' || p[k + 1] == '\'') ?
						cv_strndup(cv, p + 1, k) : NULL;

				if (m)
					vec_push(cv, &found, (void *)m);
			}
		cv->models = (const char **)found.v;
		cv->nmodels = found.n;
		if (cv->nmodels)
			qsort(cv->models, cv->nmodels, sizeof(*cv->models), cmp_strp);
	}
	return cv->nmodels && bsearch(&name, cv->models, cv->nmodels, sizeof(*cv->models), cmp_strp);
}

static struct prop *try_item(struct conv *cv, struct parse_state *ps, struct line *l, bool loose)
{
	const char *after = l->t;
	bool bullet = bullet_at(l->t, &after);
	const char *names[8];
	size_t nn = 0;
	bool pattern;
	const char *rest;

	if (!bullet) {
		/* "compatible: ..." without a dash, at the items' indentation. */
		if (ps->have_items && l->ind > ps->item_ind + 2)
			return NULL;
		if (!loose && !ps->blank_before && ps->cur && l->ind > ps->cur_ind)
			return NULL;
	}
	/* "- DEPRECATED: compatible : \"bcm,kona-timer\"": the item, deprecated. */
	bool marked_deprecated = bullet && starts_with_ci(after, "deprecated:");

	if (marked_deprecated)
		after = skip_blanks(after + strlen("deprecated:"));
	rest = item_names(cv, after, bullet, names, &nn, &pattern);
	if (!rest || !nn) {
		hash_name_note(cv, after, l->no);
		return NULL;
	}
	if (names_a_model(cv, names[0]))
		return NULL;
	if (!bullet) {
		/* Without a bullet the separator must be ':' (or '=' for "#x-cells = <1>"). */
		const char *sep = after;
		size_t li = (size_t)(l - cv->lines);
		const struct line *nx = next_line(cv, li);

		while (*sep && *sep != ':' && *sep != '=' && *sep != ' ' && *sep != '\t')
			sep++;
		sep = skip_blanks(sep);
		/* "#address-cells" alone, then "Usage: required" (ePAPR). */
		if (!*sep && nx && epapr_line(nx->t))
			sep = ":";
		/*
		 * A table under a properties heading: "compatible<TAB>Must be
		 * one of", the name and its text apart by a tab or two spaces.
		 */
		bool table = ps->kind == SEC_PROPS && (!ps->have_items || l->ind == ps->item_ind) &&
			     (strchr(after, '\t') || strstr(after, "  ")) && rest > after &&
			     (rest[-1] == '\t' || (rest[-1] == ' ' && rest[-2] == ' '));

		/* "clock-names" alone over "clocks<TAB>Through ...": a row of its own. */
		if (ps->kind == SEC_PROPS && !*rest && nx && !nx->blank && nx->no == l->no + 1 &&
		    nx->ind == l->ind && (strchr(nx->t, '\t') || strstr(nx->t, "  ")) &&
		    (!ps->have_items || l->ind == ps->item_ind))
			table = true;

		if (*sep != ':' && *sep != '=' && !table)
			return NULL;
		/* A plain word ("port<TAB>A phandle ...") is a name when the text's code sets it. */
		if (!(strpbrk(names[0], "-,#") || is_std_prop(names[0]) ||
		      !strcmp(names[0], "compatible") || (table && code_sets(cv, names[0]))))
			return NULL;
	}
	if (loose && !bullet)
		return NULL;
	struct prop *first = NULL;

	for (size_t k = 0; k < nn; k++) {
		struct prop *pr = new_prop(cv, names[k], l, ps->scope);

		if (!pr)
			return NULL;
		pr->pattern = pattern;
		pr->first = rest;
		pr->is_node = ps->kind == SEC_NODES;
		pr->deprecated = ps->h.deprecated || marked_deprecated;
		if (ps->h.conditional || ps->qual_compat)
			pr->req = REQ_NO;
		else
			pr->req = ps->h.req;
		/*
		 * "- clocks: (optional) ..." under "Required properties": the
		 * item's own word.  Not "(required)" under "Optional": the
		 * items that say so in 6.1 are a referenced binding's.
		 */
		if (starts_with_ci(rest, "(optional)"))
			pr->req = REQ_NO;
		if (ps->kind == SEC_PROPS && ps->lead[0]) {
			pr->lead = cv_strdup(cv, ps->lead);
			pr->head_line = ps->head_line;
		}
		if (ps->qual_compat) {
			pr->qual = cv_strdup(cv, ps->qualifier);
			pr->qual_req = ps->h.req;
		}
		if (ps->sub_qual_on && l->ind > ps->sub_qual_ind)
			give_sub_qual(cv, ps, pr);
		if (!first) {
			first = pr;
			add_prop_line(cv, pr, l);
		} else {
			pr->share = first;
		}
	}
	if (!ps->have_items) {
		ps->have_items = true;
		ps->item_ind = l->ind;
	}
	if (!ps->scope && !ps->main_has_compat && !strcmp(first->name, "compatible")) {
		ps->main_has_compat = true;
		snprintf(ps->main_qualifier, sizeof(ps->main_qualifier), "%s", ps->qualifier);
	}
	ps->cur = first;
	ps->cur_ind = l->ind;
	return first;
}

/* Prose line inside a property section: may switch to a child node's scope. */
static void props_prose(struct conv *cv, struct parse_state *ps, const struct line *l)
{
	const char *t = l->t;

	if (*t == '=')
		return;
	if (find_ci(t, "bus master") || find_ci(t, "in its device node") ||
	    find_ci(t, "consumer") || find_ci(t, "client device") ||
	    find_ci(t, "must reference the") || find_ci(t, "devices that use") ||
	    find_ci(t, "device node that") || find_ci(t, "should be added to a device node")) {
		ps->scope = ++cv->nscopes;
		ps->h.req = REQ_NO;
		ps->prose_scope = ps->scope;
		ps->prose_mark = cv->desc.len;
		return;
	}
	if ((find_ci(t, "child node") || find_ci(t, "subnode") || find_ci(t, "sub-node")) &&
	    (mentions_props(t) || find_ci(t, "contain") || find_ci(t, "represented") ||
	     find_ci(t, "must") || find_ci(t, "should"))) {
		ps->scope = ++cv->nscopes;
		if (find_ci(t, "mandatory") || find_ci(t, "required"))
			ps->h.req = REQ_YES;
		ps->h.conditional = false;
		ps->prose_scope = ps->scope;
		ps->prose_mark = cv->desc.len;
	}
	(void)cv;
}

/* The brace depth after example line @t (strings and comments skipped). */
static int example_depth(const char *t, int depth)
{
	for (const char *p = t; *p; p++) {
		if (*p == '"') {
			p++;
			while (*p && *p != '"')
				p++;
			if (!*p)
				break;
		} else if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			p = e + 1;
		} else if (*p == '/' && p[1] == '/') {
			break;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}') {
			depth = depth > 0 ? depth - 1 : 0;
		}
	}
	return depth;
}

/* A bullet that holds a compatible string ("- \"vendor,chip\""), not a name. */
static bool quoted_compatible_bullet(const char *t)
{
	const char *after, *end;

	if (!bullet_at(t, &after) || *after != '"' || !(end = strchr(after + 1, '"')))
		return false;
	const char *rest = skip_blanks(end + 1);

	static const char *const words[] = { "for", "or", "and", "on", "in" };
	size_t wl = 0;

	while (isalpha((unsigned char)rest[wl]))
		wl++;
	char w[8] = "";

	if (wl < sizeof(w))
		memcpy(w, rest, wl), w[wl] = '\0';
	/* "- \"arm,vexpress-sysreg,func\" when controlled via ..." names a property. */
	return memchr(after, ',', (size_t)(end - after)) &&
	       (!*rest || strchr(",\"(.;:-/", *rest) || str_in(w, words, ARRAY_SIZE(words)));
}

/*
 * "- for act8600:", "- for wlf,wm1811 and wlf,wm8958:", "- For an OMAP5
 * SMP system:" in a property section: the items or names below it are
 * that device's.  Fills @q with "for ..." (without ':' or " only").
 */
static bool sub_qualifier(const struct conv *cv, const struct parse_state *ps,
			  const struct line *l, char *q, size_t max)
{
	const char *after;
	size_t n;

	if (ps->kind != SEC_PROPS || !ps->main_has_compat || ps->scope ||
	    !bullet_at(l->t, &after) || !(starts_with_ci(after, "for ") || starts_with_ci(after, "on ")))
		return false;
	n = strlen(after);
	if (!n || after[n - 1] != ':' || n >= max || strchr(after, '"'))
		return false;
	snprintf(q, max, "for %.*s", (int)(n - 1 - (size_t)(strchr(after, ' ') + 1 - after)),
		 strchr(after, ' ') + 1);
	n = strlen(q);
	if (n > 9 && !strcasecmp(q + n - 5, " only"))
		q[n - 5] = '\0';
	return qualifier_names_compatible(cv, q);
}

/* A bullet ending in ':' whose next line is a more-indented bullet item. */
static bool list_head(const struct conv *cv, size_t i, const struct line *l)
{
	const char *after, *nb;
	const struct line *nx = next_line(cv, i);
	size_t n;

	if (!bullet_at(l->t, &after) || !(n = strlen(after)) || after[n - 1] != ':' ||
	    strchr(after, '"') || strchr(after, ':') != after + n - 1 || n > 64)
		return false;
	/* Not an item named alone ("- compatible:" over its values). */
	char head[65];

	memcpy(head, after, n - 1);
	head[n - 1] = '\0';
	trim(head);
	if (valid_prop_name(head) && (strpbrk(head, "-,#") || is_std_prop(head) ||
				      !strcmp(head, "compatible")))
		return false;
	/* Its items, or a head of its own ("- Optional:" then "  - If lanes 0 to 3 are used:") */
	return nx && nx->ind > l->ind && bullet_at(nx->t, &nb) &&
	       (names_a_property(cv, nb) || (*nb && nb[strlen(nb) - 1] == ':'));
}

/* "AVDD1-supply, AVDD2-supply, DBVDD-supply": a line of property names only. */
static size_t names_line(struct conv *cv, const char *t, const char **names, size_t max)
{
	char *copy = cv_strdup(cv, t), *save = NULL;
	size_t n = 0;

	if (!copy)
		return 0;
	for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		trim(w);
		if (starts_with(w, "and "))
			w = (char *)skip_blanks(w + 4);
		size_t wl = strlen(w);

		while (wl && (w[wl - 1] == '.' || w[wl - 1] == ','))
			w[--wl] = '\0';
		if (!wl)
			continue;
		if (n == max || !prop_name_ok(cv, w) || !strpbrk(w, "-,"))
			return 0;
		names[n++] = w;
	}
	return n;
}

/* The sub-qualifier's names line: one property each. */
static bool sub_qual_names(struct conv *cv, struct parse_state *ps, struct line *l)
{
	const char *names[32];
	size_t n;

	if (!ps->sub_qual_on || l->ind <= ps->sub_qual_ind || *l->t == '-' ||
	    !(n = names_line(cv, l->t, names, ARRAY_SIZE(names))))
		return false;
	for (size_t k = 0; k < n; k++) {
		struct prop *pr = new_prop(cv, names[k], l, ps->scope);

		if (!pr)
			return false;
		give_sub_qual(cv, ps, pr);
		pr->first = "";
	}
	l->used = true;
	ps->cur = NULL;
	return true;
}

/*
 * After a blank line, a legend of values level with an item whose text is
 * written level with its bullet ("  - cirrus,boost-ind-nanohenry : ...\n
 * Seeds the ...\n\n  1000 = 1uH (Default)\n  1200 = 1.2uH") is the item's.
 */
static bool legend_goes_on(const struct prop *cur, const struct line *l)
{
	unsigned ind = cur->nlines ? cur->lines[0]->ind : 0;
	bool level = false;

	if (!isdigit((unsigned char)*l->t) || l->ind != ind)
		return false;
	for (size_t k = 1; k < cur->nlines; k++)
		if (!cur->lines[k]->blank && cur->lines[k]->ind == ind)
			level = true;
	return level;
}

/* Line @i outside examples: an item, an item's text, or the description. */
static void section_line(struct conv *cv, struct parse_state *ps, size_t i, struct line *l)
{
	bool props = ps->kind == SEC_PROPS || ps->kind == SEC_NODES;
	struct prop *pr = NULL;
	const char *bullet_text;

	if (ps->sub_qual_on && l->ind <= ps->sub_qual_ind)
		ps->sub_qual_on = false;
	if (sub_qualifier(cv, ps, l, ps->sub_qual, sizeof(ps->sub_qual))) {
		ps->sub_qual_on = true;
		ps->sub_qual_ind = l->ind;
		ps->cur = NULL;
		l->used = true;
		/* Its lead-in ("- power supplies ..., depending on compatible:") said no more. */
		if (ps->desc_marked && ps->desc_mark <= cv->desc.len) {
			desc_truncate(cv, ps->desc_mark);
		}
		ps->desc_marked = false;
		ps->blank_before = false;
		return;
	}
	if (sub_qual_names(cv, ps, l)) {
		ps->blank_before = false;
		return;
	}
	/* "- Required:", "- If lanes 0 to 3 are used:" over more-indented items: a sub-heading. */
	if (list_head(cv, i, l)) {
		l->used = true;
		ps->cur = NULL;
		ps->blank_before = false;
		return;
	}
	/* "Optional properties:" then "- None": nothing, not a line of the description. */
	if (props && bullet_at(l->t, &bullet_text) &&
	    (!strcasecmp(bullet_text, "none") || !strcasecmp(bullet_text, "none."))) {
		l->used = true;
		return;
	}

	if (ps->cur && !strcmp(ps->cur->name, "compatible") && quoted_compatible_bullet(l->t)) {
		add_prop_line(cv, ps->cur, l);	/* "- compatible: one of" then "-   \"a,b\"" */
		ps->blank_before = false;
		return;
	}
	if (props || ps->have_items) {
		if (!(ps->cur && l->ind > ps->cur_ind + (ps->blank_before ? 0 : 0) &&
		      !(ps->blank_before && l->ind <= ps->item_ind))) {
			pr = try_item(cv, ps, l, false);
		} else {
			const char *after;

			/*
			 * A bullet at the items' own indentation starts a new
			 * item; so does "name:" one column off it (" - mdio:"
			 * under "- clocks:"), a sub-list being indented more.
			 */
			if (bullet_at(l->t, &after) &&
			    (l->ind <= ps->item_ind ||
			     (l->ind == ps->item_ind + 1 && names_a_property(cv, after))))
				pr = try_item(cv, ps, l, false);
		}
	} else {
		/*
		 * Outside property sections: ePAPR items ("- reg:" followed by
		 * "Usage:") and "- compatible: ..." lists after prose.
		 */
		const char *after;
		const struct line *nx = next_line(cv, i);

		bool compat_line = starts_with_ci(l->t, "compatible") &&
				   *skip_blanks(l->t + 10) == ':' && l->ind <= 2;

		if ((bullet_at(l->t, &after) &&
		     ((nx && epapr_line(nx->t)) || starts_with(after, "compatible") ||
		      names_a_property(cv, after))) || compat_line) {
			struct heading g = { .kind = SEC_PROPS };

			start_section(cv, ps, i, &g);
			ps->scope = ps->ctx_sub ? ++cv->nscopes : 0;
			pr = try_item(cv, ps, l, false);
		}
	}
	if (pr) {
		if (ps->prose_scope && pr->scope == ps->prose_scope &&
		    ps->prose_mark <= cv->desc.len) {
			desc_truncate(cv, ps->prose_mark);
		}
		ps->prose_scope = 0;
		ps->blank_before = false;
		ps->desc_marked = false;
		return;
	}
	if (ps->cur && (l->ind > ps->cur_ind ||
		       (!ps->blank_before && l->ind >= ps->cur_ind && *l->t != '-' &&
			*l->t != '*') || legend_goes_on(ps->cur, l))) {
		add_prop_line(cv, ps->cur, l);
		ps->blank_before = false;
		return;
	}
	if (props && ps->have_items && l->ind <= ps->item_ind)
		ps->cur = NULL;
	if (props) {
		if (ps->cur == NULL && ps->have_items) {
			props_prose(cv, ps, l);
			/* A bullet that is no item may lead in a sub-list ("- for X:"). */
			if (*l->t == '-') {
				ps->desc_mark = cv->desc.len;
				ps->desc_marked = true;
			} else if (ps->blank_before) {
				ps->desc_marked = false;
			}
			if (!ps->scope || ps->scope == ps->prose_scope)
				add_desc_line(cv, l);
		}
		if (!ps->have_items && cv->props.n == 0)
			add_desc_line(cv, l);
		else if (!ps->have_items && ps->kind == SEC_PROPS)
			add_desc_line(cv, l);
	} else {
		ps->cur = NULL;
		if (ps->have_items && ps->kind == SEC_NONE)
			;	/* prose after items without a heading */
		else if (cv->props.n == 0 || ps->kind == SEC_OTHER) {
			/* Its heading goes with it: "Supported chips:" over "P5020, P5040". */
			if (ps->other_heading && !l->used) {
				struct line hl = cv->lines[ps->other_heading - 1];

				hl.used = false;
				hl.no = l->no - 1 > cv->desc_last ? l->no - 1 : cv->desc_last;
				add_desc_line(cv, &hl);
			}
			add_desc_line(cv, l);
		}
		ps->other_heading = 0;
	}
	if (!l->used && ps->kind != SEC_OTHER && cv->props.n == 0)
		l->used = true;
	ps->blank_before = false;
}

/* The properties once the whole text is read. */
static void finish_props(struct conv *cv)
{
	/* Everything about "other" nodes: the first of them is the device after all. */
	bool main_props = false;
	int lowest = 0;

	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->scope)
			main_props = true;
		else if (!lowest || pr->scope < lowest)
			lowest = pr->scope;
	}
	if (!main_props && lowest)
		for (size_t k = 0; k < cv->props.n; k++) {
			struct prop *pr = cv->props.v[k];

			if (pr->scope == lowest)
				pr->scope = 0;
		}
	/*
	 * Names listed alone over one text ("- \"realtek,dc_offset_l_manual\"",
	 * "- \"realtek,dc_offset_r_manual\"", then the last with lines that
	 * describe them all): the run shares the last one's text.
	 */
	for (size_t k = 0; k + 1 < cv->props.n; k++) {
		size_t j = k;

		while (j + 1 < cv->props.n) {
			const struct prop *a = cv->props.v[j], *b = cv->props.v[j + 1];

			if (a->share || a->nlines != 1 || (a->first && *a->first) ||
			    b->line != a->line + 1 || b->scope != a->scope || b->block != a->block)
				break;
			j++;
		}
		struct prop *last = cv->props.v[j];

		if (j > k && last->nlines > 1 && (!last->first || !*last->first))
			for (size_t m = k; m < j; m++)
				((struct prop *)cv->props.v[m])->share = last;
		k = j;
	}
	/* Names that share a text ("clocks, clock-names: ...") take their first's lines. */
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (pr->share) {
			pr->lines = pr->share->lines;
			pr->nlines = pr->share->nlines;
			pr->first = pr->share->first;
		}
	}
}

/* "label: name@unit {", "name {", "/ {": a node opens on this line (and nothing else). */
static bool node_opener(const char *t)
{
	const char *p = t;

	if (starts_with(t, "/ {"))
		return true;
	while (is_name_char((unsigned char)*p) || *p == ':' || *p == '@' || *p == ',' || *p == ' ')
		p++;
	return p > t && *p == '{' && !p[1] && dts_like(t);
}

/*
 * Is the line before @i a label over the code that follows ("SOC specific
 * device node entry" over "usb_otg_hs: usb_otg_hs@4a0ab000 {"): a short
 * line at the margin after a blank one, no sentence?
 */
static bool labels_code(const struct conv *cv, size_t i)
{
	const struct line *b = i ? &cv->lines[i - 1] : NULL;
	size_t n = b ? strlen(b->t) : 0;

	if (!b || b->blank || b->ind || !n || n >= 60 || strchr(".;,{}=", b->t[n - 1]) || i < 2 ||
	    !cv->lines[i - 2].blank)
		return false;
	/* "label: name@unit {", "&label {": not "enum pin_sleep_mode {" of C. */
	const char *t = cv->lines[i].t, *colon = strchr(t, ':');
	const char *name = colon ? skip_blanks(colon + 1) : t;
	size_t nl = strcspn(name, " {");

	return nl && *skip_blanks(name + nl) == '{';
}

void parse_structure(struct conv *cv, size_t first)
{
	struct parse_state ps = { .kind = SEC_NONE };
	int depth = 0;

	for (size_t i = first; i < cv->nlines; i++) {
		struct line *l = &cv->lines[i];
		struct heading h;

		if (l->blank) {
			ps.blank_before = true;
			continue;
		}
		if (is_rule_line(l) && !(ps.kind == SEC_EXAMPLE && depth > 0)) {
			l->used = true;
			continue;
		}
		/* Inside an item's text, "such as:" is not a heading. */
		bool in_item = ps.cur && l->ind > ps.cur_ind &&
			       (ps.kind == SEC_PROPS || ps.kind == SEC_NODES || ps.have_items);

		if (!(ps.kind == SEC_EXAMPLE && depth > 0) && !in_item &&
		    classify_heading(cv, i, ps.kind == SEC_EXAMPLE, &h)) {
			l->used = true;
			start_section(cv, &ps, i, &h);
			if (h.kind == SEC_EXAMPLE) {
				depth = 0;
			}
			ps.blank_before = false;
			continue;
		}
		/*
		 * "cpuclk: clock-complex@d0018700 {" at the margin after a blank
		 * line, outside any item: an example the text gave no heading.
		 */
		if (ps.kind != SEC_EXAMPLE && l->ind == 0 && !in_item && node_opener(l->t) &&
		    (ps.blank_before || labels_code(cv, i))) {
			struct heading eh = { .kind = SEC_EXAMPLE };

			start_section(cv, &ps, i, &eh);
			depth = 0;
		}
		if (ps.kind == SEC_EXAMPLE) {
			/* Mark lines; examples are cut out later from marked lines. */
			l->used = true;
			l->exsec = ps.exsec;
			depth = example_depth(l->t, depth);
		} else {
			section_line(cv, &ps, i, l);
		}
		if (ps.kind == SEC_EXAMPLE)
			ps.blank_before = false;
	}
	finish_props(cv);
}
