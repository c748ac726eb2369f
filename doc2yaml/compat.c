// SPDX-License-Identifier: BSD-2-Clause
/*
 * compat.c - compatible strings from the items, tables and examples.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* ------------------------------------------------------------------ */
/* Compatibles                                                         */

bool chain_has(const struct chain *ch, const char *s)
{
	for (size_t i = 0; i < ch->n; i++)
		if (!strcmp(ch->s[i], s))
			return true;
	return false;
}

bool our_compatible(const struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->chains.n; i++)
		if (chain_has(cv->chains.v[i], s))
			return true;
	return false;
}

static struct chain *new_chain(struct conv *cv, const char **s, size_t n, unsigned line)
{
	struct chain *ch = cv_alloc(cv, sizeof(*ch));

	if (!ch)
		return NULL;
	ch->s = cv_alloc(cv, (n ? n : 1) * sizeof(*ch->s));
	if (!ch->s)
		return NULL;
	memcpy(ch->s, s, n * sizeof(*s));
	ch->n = n;
	ch->line = line;
	return ch;
}

static bool chain_equal(const struct chain *a, const char *const *s, size_t n)
{
	if (a->n != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(a->s[i], s[i]))
			return false;
	return true;
}

void add_chain(struct conv *cv, const char **s, size_t n, unsigned line, bool deprecated)
{
	if (!n)
		return;
	for (size_t i = 0; i < cv->chains.n; i++)
		if (chain_equal(cv->chains.v[i], s, n))
			return;
	struct chain *ch = new_chain(cv, s, n, line);

	if (ch) {
		ch->deprecated = deprecated;
		vec_push(cv, &cv->chains, ch);
	}
}

/* "vendor,device-123" -> shape "vendor,device-#" (digits collapsed). */
static void compat_shape(const char *s, char *out, size_t max)
{
	size_t n = 0;

	for (; *s && n + 1 < max; s++) {
		if (isdigit((unsigned char)*s)) {
			if (!n || out[n - 1] != '#')
				out[n++] = '#';
		} else {
			out[n++] = *s;
		}
	}
	out[n] = '\0';
}

const char *compat_device(const char *s)
{
	const char *c = strchr(s, ',');

	return c ? c + 1 : s;
}

/* A compatible many devices share as their fallback ("syscon", "simple-mfd"). */
bool generic_compatible(const char *s)
{
	static const char *const generic[] = {
		"syscon", "simple-mfd", "simple-bus", "simple-pm-bus", "cfi-flash", "jedec,spi-nor",
		"ns16550a", "ns16550", "ns8250", "snps,dw-apb-uart", "generic-ehci", "generic-ohci",
		"usb-ehci", "usb-ohci", "mmio-sram", "regulator-fixed", "gpio-leds", "pwm-backlight",
		"arm,primecell", "arm,pl330", "snps,dwmac", "snps,dw-pcie", "cdns,macb",
	};

	return str_in(s, generic, ARRAY_SIZE(generic));
}

/* Is @last a generic fallback for @first ("syscon", "vendor,ip" after "vendor,soc-ip")? */
bool generic_fallback(const char *first, const char *last)
{
	const char *fv = strchr(first, ','), *lv = strchr(last, ',');
	const char *fd = compat_device(first), *ld = compat_device(last);

	if (generic_compatible(last))
		return true;
	if ((fv ? (size_t)(fv - first) : 0) != (lv ? (size_t)(lv - last) : 0) ||
	    (fv && lv && strncmp(first, last, (size_t)(fv - first))))
		return true;	/* another vendor */
	if (strstr(fd, ld) && strcmp(fd, ld))
		return true;	/* "kpss-gcc-ipq8064" then "kpss-gcc" */
	return strpbrk(fd, "0123456789") && !strpbrk(ld, "0123456789");
}

/* Is @group (as written "a", "b") a fallback chain rather than a list of alternatives? */
static bool group_is_chain(const char **s, size_t n, bool sure)
{
	if (n < 2)
		return false;
	if (sure)
		return true;
	char a[128], b[128];
	bool siblings = true;

	compat_shape(s[0], a, sizeof(a));
	for (size_t i = 1; i < n; i++) {
		compat_shape(s[i], b, sizeof(b));
		if (strcmp(a, b))
			siblings = false;
	}
	if (siblings)
		return false;
	return generic_fallback(s[0], s[n - 1]);
}

/* Every compatible list used by the examples (nodes at any depth) into @out. */
static void example_compat_lists(struct conv *cv, const struct ditem *it, struct vec *out,
				 unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_NODE) {
			const struct ditem *p = node_prop(it, "compatible");

			if (p && p->value) {
				const char *s[16];
				size_t n = value_strings(cv, p->value, s, 16);
				struct chain *ch = n ? new_chain(cv, s, n, it->line) : NULL;

				if (ch) {
					ch->node = it;
					vec_push(cv, out, (void *)ch);
				}
			}
			example_compat_lists(cv, it->children, out, depth + 1);
		}
	}
}

static bool seq_contains(const char *const *hay, size_t nh, const char *const *s, size_t n)
{
	for (size_t i = 0; i + n <= nh; i++) {
		size_t k = 0;

		while (k < n && !strcmp(hay[i + k], s[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/*
 * The length of a placeholder at @p of the compatible @s, or 0: "<chip>",
 * "*", or a word in capitals standing for a value ("fsl,CHIP-ecm",
 * "fsl,srio-vX.Y", "usbVID,PID", "ti,XXX").  Capitals next to digits or
 * lower-case letters are a part number ("fujitsu,MB86294", "mti,mips14KEc"),
 * and a vendor all in capitals is one ("ALTR,juart-1.0").
 */
static size_t placeholder_at(const char *s, const char *p)
{
	if (*p == '<') {
		const char *gt = strchr(p, '>');

		return gt ? (size_t)(gt - p + 1) : strlen(p);
	}
	if (*p == '*')
		return 1;
	if (!strncmp(p, "X.Y", 3) && !isalnum((unsigned char)p[3]))
		return 3;
	size_t n = 0;

	while (isupper((unsigned char)p[n]))
		n++;
	if (n < 2 || (p > s && (isupper((unsigned char)p[-1]) || isdigit((unsigned char)p[-1]))) ||
	    isalnum((unsigned char)p[n]))
		return 0;
	const char *comma = strchr(s, ',');

	if (p == s && comma == p + n)
		return 0;	/* the vendor */
	return n;
}

static bool has_placeholder(const char *s)
{
	for (const char *p = s; *p; p++)
		if (placeholder_at(s, p))
			return true;
	return false;
}

/* Glob match for placeholders (placeholder_at()): each matches [a-z0-9_-]+. */
static bool placeholder_match_from(const char *pat0, const char *pat, const char *s)
{
	size_t ph;

	if (!*pat)
		return !*s;
	ph = placeholder_at(pat0, pat);
	if (ph) {
		const char *rest = pat + ph;

		for (const char *q = s; ; q++) {
			if (q > s && placeholder_match_from(pat0, rest, q))
				return true;
			if (!*q || !(isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
				return false;
		}
	}
	return *pat == *s && placeholder_match_from(pat0, pat + 1, s + 1);
}

static bool placeholder_match(const char *pat, const char *s)
{
	return placeholder_match_from(pat, pat, s);
}

/* A chip name as tables list them: lower-case letters and digits, with a digit ("ls1021a"). */
static bool chip_token(const char *s, size_t n)
{
	bool digit = false;

	if (!n || n > 32 || !islower((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digit = true;
		else if (!islower((unsigned char)s[i]))
			return false;
	}
	return digit;
}

/*
 * The values of the table column headed by @word ("Chips" for <chip>): a
 * header line with the word, a rule line under it, then rows up to a blank
 * line; the row text at or right of the header's column, split at commas
 * and blanks, keeping chip names.  Returns how many went into @out.
 */
static size_t table_column(struct conv *cv, const char *word, size_t wl, const char **out,
			   size_t max)
{
	for (size_t i = 0; i + 2 < cv->nlines; i++) {
		const struct line *h = &cv->lines[i];
		const char *at = NULL;

		for (const char *p = h->s; *p && !at; p++) {
			const char *e = p + wl;

			if (strncasecmp(p, word, wl) || (p > h->s && isalnum((unsigned char)p[-1])))
				continue;
			if (*e == 's' || *e == 'S')
				e++;
			if (!isalnum((unsigned char)*e))
				at = p;
		}
		if (!at || !is_rule_line(&cv->lines[i + 1]))
			continue;
		/* The column starts where its header's words do ("Example Chips"). */
		while (at - 2 >= h->s && at[-1] == ' ' && !isspace((unsigned char)at[-2])) {
			at--;
			while (at > h->s && !isspace((unsigned char)at[-1]))
				at--;
		}
		unsigned col = vcol(h->s, at), col_end = UINT_MAX;
		/* It ends where the next header starts, after a tab or two blanks. */
		const char *q = at;

		for (; *q; q++)
			if (*q == '\t' || (q[0] == ' ' && q[1] == ' '))
				break;
		q = skip_blanks(q);
		if (*q)
			col_end = vcol(h->s, q);
		size_t n = 0;

		for (size_t k = i + 2; k < cv->nlines && !cv->lines[k].blank && n < max; k++) {
			const char *r = cv->lines[k].s;

			for (const char *p = r; *p && n < max;) {
				while (*p && (isspace((unsigned char)*p) || *p == ','))
					p++;
				const char *b = p;

				while (*p && !isspace((unsigned char)*p) && *p != ',')
					p++;
				if (p > b && vcol(r, b) + 4 >= col && vcol(r, b) < col_end &&
				    chip_token(b, (size_t)(p - b)))
					out[n++] = cv_strndup(cv, b, (size_t)(p - b));
			}
		}
		return n;
	}
	return 0;
}

/* Words that join a placeholder's mention to its values ("<soc>s are known to be supported:"). */
static bool joining_word(const char *s, size_t len, bool *verb)
{
	static const char *const verbs[] = { "is", "are", "be", "include", "includes",
					     "supported", "either" };
	static const char *const others[] = { "can", "should", "must", "may", "one", "of",
					      "the", "following", "known", "to", "any", "s" };
	char w[16];

	if (len >= sizeof(w))
		return false;
	for (size_t i = 0; i < len; i++)
		w[i] = (char)tolower((unsigned char)s[i]);
	w[len] = '\0';
	if (str_in(w, verbs, ARRAY_SIZE(verbs))) {
		*verb = true;
		return true;
	}
	return str_in(w, others, ARRAY_SIZE(others));
}

/*
 * After a mention of the placeholder: the joining words, then the values
 * ("imx23, imx28,\n imx6dl or imx7d.", "- imx51\n - imx53").  The list
 * may run over lines that hold only values; it ends at a sentence's end or
 * at another word.  A value has a digit, or (once the list started) is a
 * short word followed by a comma ("pq3, qoriq, ls1021a").
 */
static size_t placeholder_values(struct conv *cv, const char *pat, const char *lt, const char *gt,
				 const char *p, const char **out, size_t max)
{
	bool verb = false;
	size_t n = 0;

	for (;;) {
		const char *s = p = skip_blanks(p);

		while (isalpha((unsigned char)*p))
			p++;
		if (p > s && joining_word(s, (size_t)(p - s), &verb))
			continue;
		p = s;
		if (*p == ':' || *p == '=') {
			verb = true;
			p++;
			continue;
		}
		break;
	}
	if (!verb)
		return 0;
	while (*p && n < max) {
		while (*p && !isalnum((unsigned char)*p) && *p != '.' && *p != '\n')
			p++;
		if (*p == '\n') {
			/* Another line of values: after blanks and a bullet, a value. */
			const char *q = skip_blanks(p + 1);

			if (*q == '-' || *q == '*')
				q = skip_blanks(q + 1);
			if (!isalnum((unsigned char)*q))
				break;
			p = q;
		}
		if (!*p || *p == '.')
			break;
		const char *s = p;

		while (isalnum((unsigned char)*p) || *p == '-' || *p == '_')
			p++;
		size_t len = (size_t)(p - s);

		if ((len == 2 && !strncmp(s, "or", 2)) || (len == 3 && !strncmp(s, "and", 3)))
			continue;
		if (*p == ':' || len > 32)
			break;
		bool digit = false;

		for (size_t k = 0; k < len; k++)
			digit |= isdigit((unsigned char)s[k]) != 0;
		/* "microchip,sam9x60-sfr" is a compatible, not a value. */
		if (*p == ',' && isalnum((unsigned char)p[1]))
			break;
		if (!digit && !(n && *p == ',' && len <= 12 && islower((unsigned char)*s)))
			break;
		out[n++] = cv_printf(cv, "%.*s%.*s%s", (int)(lt - pat), pat, (int)len, s, gt + 1);
	}
	return n;
}

/*
 * The placeholder mentioned again after the string, with its values:
 * "<chip> is ...", "<soc>s are known to be supported: ...", or its word
 * alone ("where SoC can be one of ...", "chip should be imx1 or imx21").
 */
static size_t placeholder_mention(struct conv *cv, const char *pat, const char *text,
				  const char *lt, const char *gt, const char **out, size_t max)
{
	size_t wl = (size_t)(gt - lt - 1);
	const char *first = strstr(text, pat);

	if (!first || wl < 2)
		return 0;
	for (const char *w = first + strlen(pat); *w; w++) {
		const char *e;

		if (*w == '<' && !strncmp(w + 1, lt + 1, wl) && w[wl + 1] == '>')
			e = w + wl + 2;
		else if (!strncasecmp(w, lt + 1, wl) && !isalnum((unsigned char)w[-1]) &&
			 w[-1] != '<' && !isalnum((unsigned char)w[wl]) && w[wl] != '>')
			e = w + wl;
		else
			continue;
		size_t n = placeholder_values(cv, pat, lt, gt, e, out, max);

		if (n)
			return n;
	}
	return 0;
}

/*
 * Expand "atmel,<chip>-gpio", where <chip> is at91rm9200 or at91sam9x5, or
 * from a table whose column is headed "Chips".
 */
static size_t expand_placeholder(struct conv *cv, const char *pat, const char *text,
				 const char **out, size_t max)
{
	const char *lt = strchr(pat, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	size_t n = 0;

	if (!lt || !gt)
		return 0;
	n = placeholder_mention(cv, pat, text, lt, gt, out, max);
	if (n)
		return n;
	const char *names[64];
	size_t wl = 0;

	while (isalpha((unsigned char)lt[1 + wl]))
		wl++;
	if (wl < 3)
		return 0;
	size_t nn = table_column(cv, lt + 1, wl, names, ARRAY_SIZE(names));

	for (size_t k = 0; k < nn && n < max; k++)
		if (names[k])
			out[n++] = cv_printf(cv, "%.*s%s%s", (int)(lt - pat), pat, names[k], gt + 1);
	return n;
}

/*
 * "st,stmpe[610|801|811]", "fsl,imx{6q,6sl}-foo": the strings a compatible
 * written with alternatives stands for; "a[-b]" stands for "a" and "a-b".
 * Returns how many went into @out (0 when @s has no alternatives).  Every
 * group multiplies the strings tried, valid or not, so *@budget bounds
 * them: a fuzzed text of many groups took 1.2 GB.
 */
static size_t expand_alternatives_in(struct conv *cv, const char *s, const char **out, size_t max,
				     unsigned *budget)
{
	const char *o = strpbrk(s, "[{"), *c = o ? strchr(o, *o == '[' ? ']' : '}') : NULL;
	size_t n = 0;

	if (!o || !c || !*budget)
		return 0;
	bool optional = !memchr(o, '|', (size_t)(c - o)) && !memchr(o, ',', (size_t)(c - o));

	if (optional && *o != '[')
		return 0;
	for (const char *a = optional ? c : o + 1; a <= c && n < max && *budget;) {
		size_t al = optional ? 0 : strcspn(a, "|,]}");
		const char *alt = cv_printf(cv, "%.*s%.*s%s", (int)(o - s), s, (int)al, a, c + 1);
		size_t k;

		(*budget)--;
		k = alt ? expand_alternatives_in(cv, alt, out + n, max - n, budget) : 0;

		if (!k && alt && valid_compatible(alt))
			out[n++] = alt;
		n += k;
		if (optional) {
			optional = false;
			a = o + 1;
			continue;
		}
		a += al + 1;
	}
	return n;
}

static size_t expand_alternatives(struct conv *cv, const char *s, const char **out, size_t max)
{
	unsigned budget = 1024;

	return expand_alternatives_in(cv, s, out, max, &budget);
}

/* Quoted strings of a compatible item's text; unquoted vendor,device words when none are. */
size_t find_compat_strings(struct conv *cv, const char *text, struct qstr *out, size_t max)
{
	size_t n = 0;

	for (const char *p = text; *p && n < max; p++) {
		/*
		 * 'vendor,dev' is a string too, but not '"a", "b"': single
		 * quotes around double-quoted strings only group them.
		 */
		if (*p == '\'' && p[1] && strchr(p + 1, '\'')) {
			size_t sl = (size_t)(strchr(p + 1, '\'') - p - 1);

			if (!memchr(p + 1, ',', sl) || memchr(p + 1, '"', sl))
				continue;
		} else if (*p != '"') {
			continue;
		}
		char q = *p;
		const char *s = ++p;

		while (*p && *p != q && *p != '\n')
			p++;
		if (*p != q)
			break;
		size_t sl = (size_t)(p - s);

		/*
		 * "ti,phy-pipe3-pcie. \"ti,omap-usb3\" is deprecated.": the quote
		 * closing the first was left out; the one found opens the next.
		 */
		if (q == '"' && sl > 3 && p[-1] == ' ' && p[-2] == '.' && memchr(s, ',', sl) &&
		    !memchr(s, ' ', sl - 1)) {
			sl -= 2;
			p--;
		}
		char *str = cv_strndup(cv, s, sl);

		if (!str)
			return n;
		trim(str);
		out[n].s = str;
		out[n].at = (size_t)(s - 1 - text);
		out[n].end = (size_t)(p + 1 - text);
		n++;
	}
	if (n)
		return n;
	/* "compatible: brcm,bcm21664-resetmgr" */
	for (const char *p = text; *p && n < max;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *s = p;

		while (*p && (isalnum((unsigned char)*p) || strchr(",.-_+<>", *p)))
			p++;
		size_t len = (size_t)(p - s);

		while (len && strchr(".,", s[len - 1]))
			len--;
		const char *comma = memchr(s, ',', len);

		if (comma && comma > s && (size_t)(comma - s) + 1 < len &&
		    islower((unsigned char)s[0]) && !memchr(s, ' ', len)) {
			out[n].s = cv_strndup(cv, s, len);
			out[n].at = (size_t)(s - text);
			out[n].end = (size_t)(s - text) + len;
			n++;
		}
	}
	return n;
}

/* The .txt line of offset @off in an item's text. */
static unsigned prop_text_line(const struct prop *pr, const char *text, size_t off)
{
	unsigned k = 0;

	for (size_t i = 0; i < off && text[i]; i++)
		if (text[i] == '\n')
			k++;
	return k < pr->nlines ? pr->lines[k]->no : pr->line;
}

static bool in_lists(const struct vec *lists, const char *s)
{
	for (size_t e = 0; e < lists->n; e++)
		if (chain_has(lists->v[e], s))
			return true;
	return false;
}

/* Where a placeholder's expansions go in a group (compared by address). */
static const char placeholder_slot[] = "<placeholder>";

/*
 * The strings that form one group with q[i] ("a", "b" or "a" followed by
 * "b") into @grp; returns the index of its last string.  *@sure is set when
 * the text says they form a fallback chain.
 */
static size_t read_group(const char *text, const struct qstr *q, size_t n, size_t i,
			 const char **grp, size_t max, size_t *pg, bool *sure)
{
	size_t g = 0, j = i;

	grp[g++] = q[i].s;
	while (j + 1 < n && g < max) {
		const char *sep = text + q[j].end;
		size_t sl = q[j + 1].at - q[j].end;
		char buf[128];

		if (sl >= sizeof(buf))
			break;
		memcpy(buf, sep, sl);
		buf[sl] = '\0';
		bool only_comma = true;

		for (size_t k = 0; k < sl; k++)
			if (!strchr(" \t,", buf[k]))
				only_comma = false;
		if (find_ci(buf, "followed by") || find_ci(buf, "fallback")) {
			*sure = true;
		} else if (!(only_comma && strchr(buf, ','))) {
			if (!(find_word(buf, "and") && !strchr(buf, '\n') && sl < 8))
				break;
		}
		grp[g++] = q[j + 1].s;
		j++;
	}
	*pg = g;
	return j;
}

/*
 * A placeholder @pat no text expands: the concrete strings of the examples
 * it matches, each a chain of its own; or, with @out, those the examples
 * follow by @next (the group's string after the placeholder) into @out (up
 * to @max).
 */
static size_t placeholder_from_examples(struct conv *cv, const char *pat,
					const struct vec *ex_lists, unsigned line,
					const char *next, const char **out, size_t max)
{
	size_t n = 0;

	for (size_t e = 0; e < ex_lists->n; e++) {
		struct chain *ch = ex_lists->v[e];

		for (size_t m = 0; m < ch->n; m++) {
			if (!placeholder_match(pat, ch->s[m]))
				continue;
			if (out && (m + 1 >= ch->n || strcmp(ch->s[m + 1], next)))
				continue;
			if (!out) {
				const char *one[1] = { ch->s[m] };

				add_chain(cv, one, 1, line, false);
				continue;
			}
			bool dup = false;

			for (size_t k = 0; k < n; k++)
				dup |= !strcmp(out[k], ch->s[m]);
			if (!dup && n < max)
				out[n++] = ch->s[m];
		}
	}
	return n;
}

/*
 * Placeholders of the group grp[0..g) (q[i..]).  One written with other
 * strings ("nvidia,<chip>-spi", "nvidia,tegra114-spi" where <chip> is ...)
 * keeps its place as placeholder_slot: its expansions go to @slot_alts and
 * each heads the chain; their count is returned.  Others become chains of
 * their own and leave the group (NULL).
 */
static size_t group_placeholders(struct conv *cv, const char *text, const struct qstr *q, size_t n,
				 size_t i, const char **grp, size_t g, unsigned line,
				 const struct vec *ex_lists, const char **slot_alts)
{
	size_t nslot = 0;

	for (size_t k = 0; k < g; k++) {
		if (!has_placeholder(grp[k]))
			continue;
		const char *alts[16];
		size_t na = expand_placeholder(cv, grp[k], text, alts, ARRAY_SIZE(alts));

		if (na && g >= 2 && !nslot) {
			for (size_t a = 0; a < na; a++)
				if (alts[a] && valid_compatible(alts[a]))
					slot_alts[nslot++] = alts[a];
			if (nslot) {
				grp[k] = placeholder_slot;
				continue;
			}
		}
		for (size_t a = 0; a < na; a++) {
			const char *one[1] = { alts[a] };

			if (alts[a] && valid_compatible(alts[a]))
				add_chain(cv, one, 1, line, false);
		}
		grp[k] = NULL;
		/* Concrete strings elsewhere or in the examples resolve it too. */
		if (!na) {
			bool concrete = false;

			for (size_t m = 0; m < n; m++)
				if (!has_placeholder(q[m].s) && placeholder_match(q[i + k].s, q[m].s))
					concrete = true;
			if (concrete)
				continue;
			/* "fsl,CHIP-ecm", "fsl,ecm": the examples' chips head the chain. */
			if (k + 1 < g && grp[k + 1] && !nslot) {
				nslot = placeholder_from_examples(cv, q[i + k].s, ex_lists, line,
								  grp[k + 1], slot_alts, 16);
				if (nslot) {
					grp[k] = placeholder_slot;
					continue;
				}
			}
			placeholder_from_examples(cv, q[i + k].s, ex_lists, line, NULL, NULL, 0);
		}
	}
	return nslot;
}

/* The group's strings that are compatibles, typos corrected by the examples; returns the count. */
static size_t keep_compatibles(const char **grp, size_t g, const struct vec *ex_lists,
			       bool any_comma)
{
	size_t w = 0;

	for (size_t k = 0; k < g; k++) {
		if (!grp[k])
			continue;
		if (grp[k] == placeholder_slot) {
			grp[w++] = grp[k];
			continue;
		}
		/* "rockchip.rk3288-dp-phy": a typo the examples correct. */
		if (!strchr(grp[k], ',') && strchr(grp[k], '.') && strlen(grp[k]) < 128) {
			char fix[128];	/* the '.' is in it: a longer string is no compatible */

			snprintf(fix, sizeof(fix), "%s", grp[k]);
			*strchr(fix, '.') = ',';
			for (size_t e = 0; e < ex_lists->n; e++) {
				struct chain *ch = ex_lists->v[e];

				for (size_t m = 0; m < ch->n; m++)
					if (!strcmp(ch->s[m], fix))
						grp[k] = ch->s[m];
			}
		}
		/* "string" in `compatible - "string" - One of:` is no compatible. */
		if (!strchr(grp[k], ',') && any_comma && !in_lists(ex_lists, grp[k]))
			continue;
		if (valid_compatible(grp[k]))
			grp[w++] = grp[k];
	}
	return w;
}

/*
 * Does the line(s) of text[at..end) say "deprecated"?  Not when the word
 * comes after another quoted string ("\"a\", \"b\" or \"c\". \"d\" is
 * deprecated.": d's, not a's).
 */
static bool line_deprecated(const char *text, size_t at, size_t end)
{
	const char *ls = text + at, *le = text + end;
	char lbuf[512];

	while (ls > text && ls[-1] != '\n')
		ls--;
	le = strchr(le, '\n');
	if (!le)
		le = text + strlen(text);
	snprintf(lbuf, sizeof(lbuf), "%.*s", (int)(le - ls), ls);
	for (const char *d = find_ci(lbuf, "deprecated"); d; d = find_ci(d + 1, "deprecated")) {
		size_t off = (size_t)(d - lbuf), from = (size_t)(text + end - ls);

		if (off < from || from > strlen(lbuf) || !memchr(lbuf + from, '"', off - from))
			return true;
	}
	return false;
}

/* The group as one chain, or as chains of one when it is a list of alternatives. */
static void add_group(struct conv *cv, const char **grp, size_t g, bool sure, unsigned line,
		      bool dep, const struct vec *ex_lists)
{
	bool alternatives = false;

	/*
	 * Guessed a chain, but an example gives one of its strings alone and
	 * none the whole ('"fsl,cpm1-usb", "fsl,cpm2-usb", "fsl,qe-usb"' over
	 * 'compatible = "fsl,cpm2-usb";'): alternatives.
	 */
	if (g >= 2 && !sure && group_is_chain(grp, g, false)) {
		bool whole = false, alone = false;

		for (size_t e = 0; e < ex_lists->n; e++) {
			const struct chain *ch = ex_lists->v[e];

			whole |= seq_contains(ch->s, ch->n, grp, g);
			/* not the last: a fallback alone is a chain's too ("faraday,fttmr010") */
			alone |= ch->n == 1 && str_in(ch->s[0], grp, g - 1);
		}
		alternatives = alone && !whole;
	}
	if (alternatives) {
		for (size_t k = 0; k < g; k++)
			add_chain(cv, &grp[k], 1, line, dep);
		return;
	}
	if (g >= 2 && !group_is_chain(grp, g, sure)) {
		/* A chain if an example uses it so. */
		bool used = false;

		for (size_t e = 0; e < ex_lists->n && !used; e++) {
			struct chain *ch = ex_lists->v[e];

			used = seq_contains(ch->s, ch->n, grp, g);
			if (used && strcmp(ch->s[ch->n - 1], grp[g - 1]))
				used = false;
		}
		if (!used) {
			for (size_t k = 0; k < g; k++)
				add_chain(cv, &grp[k], 1, line, dep);
			return;
		}
	}
	add_chain(cv, grp, g, line, dep);
}

/* "manufacturer,model", "vendor,device": the form of a compatible, not one. */
static bool form_not_string(const char *s)
{
	static const char *const vendors[] = { "manufacturer", "vendor", "mfr", "company" };
	const char *comma = strchr(s, ',');
	char v[16];

	if (!comma || (size_t)(comma - s) >= sizeof(v))
		return false;
	memcpy(v, s, (size_t)(comma - s));
	v[comma - s] = '\0';
	return str_in(v, vendors, ARRAY_SIZE(vendors));
}

/* The item's strings, without forms (see form_not_string()). */
static size_t item_strings(struct conv *cv, const char *text, struct qstr *q, size_t max)
{
	size_t n = find_compat_strings(cv, text, q, max), k = 0;

	for (size_t i = 0; i < n; i++)
		if (!form_not_string(q[i].s))
			q[k++] = q[i];
	return k;
}

/* Is text[a..b) only blanks around @word ("or"), or (without @word) a comma and blanks? */
static bool sep_is(const char *text, size_t a, size_t b, const char *word)
{
	const char *p = text + a, *e = text + b;
	bool comma = false;

	while (p < e && (isspace((unsigned char)*p) || *p == ',')) {
		comma |= *p == ',';
		p++;
	}
	if (!word)
		return comma && p == e;
	if ((size_t)(e - p) < strlen(word) || strncmp(p, word, strlen(word)))
		return false;
	for (p += strlen(word); p < e; p++)
		if (!isspace((unsigned char)*p))
			return false;
	return true;
}

/*
 * Do the strings after q[j] run on with commas, over lines too, to an "or"
 * before the item's last ("A, B, C,\n D or E")?  Then the strings were a
 * list, not a chain.
 */
static bool ends_with_or(const char *text, const struct qstr *q, size_t n, size_t j)
{
	if (j + 2 > n)
		return false;
	for (size_t k = j; k + 2 < n; k++)
		if (!sep_is(text, q[k].end, q[k + 1].at, NULL))
			return false;
	return sep_is(text, q[n - 2].end, q[n - 1].at, "or");
}

static void compat_from_item(struct conv *cv, struct prop *pr, struct vec *ex_lists)
{
	const char *text = prop_text(cv, pr, false);
	struct qstr q[256];
	size_t n;
	bool any_comma = false;

	if (!text)
		return;
	n = item_strings(cv, text, q, ARRAY_SIZE(q));
	if (!cv->compat_line)
		cv->compat_line = pr->line;
	for (size_t k = 0; k < n; k++)
		if (strchr(q[k].s, ','))
			any_comma = true;
	/*
	 * A string that ends two or more groups of the item is their fallback
	 * ('"mediatek,mt2701-wdt", "mediatek,mt6589-wdt": for MT2701', the
	 * same for MT7622): those groups are chains, though their strings
	 * look alike.
	 */
	const char *ends[64];
	size_t nends = 0;

	for (size_t i = 0, j; i < n && nends < ARRAY_SIZE(ends); i = j + 1) {
		const char *grp[32], *alts[32];
		size_t g;
		bool sure = false;

		j = i;
		if (expand_alternatives(cv, q[i].s, alts, ARRAY_SIZE(alts)))
			continue;
		j = read_group(text, q, n, i, grp, ARRAY_SIZE(grp), &g, &sure);
		if (g >= 2)
			ends[nends++] = grp[g - 1];
	}
	for (size_t i = 0, j; i < n; i = j + 1) {
		const char *grp[32], *slot_alts[16];
		size_t g, nslot;
		bool sure = false;
		unsigned line = prop_text_line(pr, text, q[i].at);

		const char *alts[32];
		size_t na = expand_alternatives(cv, q[i].s, alts, ARRAY_SIZE(alts));

		j = i;
		for (size_t a = 0; a < na; a++)
			add_chain(cv, &alts[a], 1, line, false);
		if (na)
			continue;
		j = read_group(text, q, n, i, grp, ARRAY_SIZE(grp), &g, &sure);
		size_t shared = 0;

		for (size_t e = 0; g >= 2 && e < nends; e++)
			shared += !strcmp(ends[e], grp[g - 1]);
		if (shared >= 2)
			sure = true;
		if (!sure && g >= 3 && ends_with_or(text, q, n, j)) {
			/* "one of A, B, C or D": alternatives, D the last of them. */
			g = 0;
			for (size_t k = i; k < n && g < ARRAY_SIZE(grp); k++)
				grp[g++] = q[k].s;
			g = keep_compatibles(grp, g, ex_lists, any_comma);
			for (size_t k = 0; k < g; k++)
				add_chain(cv, &grp[k], 1, line, false);
			j = n - 1;
			continue;
		}
		nslot = group_placeholders(cv, text, q, n, i, grp, g, line, ex_lists, slot_alts);
		g = keep_compatibles(grp, g, ex_lists, any_comma);
		bool dep = pr->deprecated || line_deprecated(text, q[i].at, q[j].end);

		for (size_t a = 0; a < nslot; a++) {
			const char *one[32];

			for (size_t k = 0; k < g; k++)
				one[k] = grp[k] == placeholder_slot ? slot_alts[a] : grp[k];
			add_chain(cv, one, g, line, dep);
		}
		if (!nslot)
			add_group(cv, grp, g, sure, line, dep, ex_lists);
	}
}

/*
 * A table of compatibles (trivial-devices.txt):
 *	Compatible		Vendor / Chip
 *	==========		=============
 *	abracon,abb5zes3	AB-RTCMC-32.768kHz-B5ZE-S3: Real Time Clock...
 */
void compat_table(struct conv *cv)
{
	for (size_t i = 0; i + 2 < cv->nlines; i++) {
		const struct line *h = &cv->lines[i], *r = &cv->lines[i + 1];

		if (!starts_with_ci(h->t, "compatible") || isalnum((unsigned char)h->t[10]) ||
		    *skip_blanks(h->t + 10) == ':' || !is_rule_line(r))
			continue;
		cv->lines[i].used = true;
		cv->lines[i + 1].used = true;
		for (size_t k = i + 2; k < cv->nlines; k++) {
			struct line *l = &cv->lines[k];
			const char *e = l->t;

			if (l->blank)
				continue;
			while (*e && !isspace((unsigned char)*e))
				e++;
			char *c = cv_strndup(cv, l->t, (size_t)(e - l->t));

			if (!c || !strchr(c, ',') || !valid_compatible(c)) {
				if (c && valid_compatible(c) && *skip_blanks(e))
					goto row;	/* "adt7461  description": no vendor, still a row */
				break;
			}
row:
			{
				const char *one[1] = { c };
				size_t before = cv->chains.n;

				add_chain(cv, one, 1, l->no, false);
				if (cv->chains.n > before)
					((struct chain *)cv->chains.v[before])->desc =
						cv_strdup(cv, skip_blanks(e));
				if (!cv->compat_line)
					cv->compat_line = l->no;
				l->used = true;
			}
		}
		return;
	}
}

/* The node name without unit address and trailing digits ("tsensor@f7030700" -> "tsensor"). */
static size_t node_base_len(const char *name)
{
	size_t n = strcspn(name, "@");

	while (n > 1 && isdigit((unsigned char)name[n - 1]))
		n--;
	return n;
}

/* The last '-' word of a compatible's device part ("hi3660-tsensor" -> "tsensor"). */
const char *compat_last_word(const char *s)
{
	const char *d = compat_device(s), *dash = strrchr(d, '-');

	return dash ? dash + 1 : d;
}

/*
 * Another variant of the device that only an example shows: a node named
 * like one of ours ("tsensor@fff30000" beside "tsensor@f7030700") whose
 * compatible is the same vendor's and ends in the same word
 * ("hisilicon,hi3660-tsensor" beside "hisilicon,tsensor").
 */
static void example_variants(struct conv *cv, const struct vec *ex_lists)
{
	for (size_t e = 0; e < ex_lists->n; e++) {
		const struct chain *ch = ex_lists->v[e];
		bool any_ours = false;

		for (size_t m = 0; m < ch->n; m++)
			if (our_compatible(cv, ch->s[m]) || !valid_compatible(ch->s[m]))
				any_ours = true;
		if (any_ours || !ch->node || !strchr(ch->s[0], ','))
			continue;
		for (size_t o = 0; o < ex_lists->n; o++) {
			const struct chain *mine = ex_lists->v[o];
			const char *a = ch->s[0], *b = mine->s[0];
			size_t an = node_base_len(ch->node->name);

			if (!mine->node || !our_compatible(cv, b) || mine->node == ch->node ||
			    an != node_base_len(mine->node->name) ||
			    strncmp(ch->node->name, mine->node->name, an) ||
			    compat_device(a) - a != compat_device(b) - b ||
			    strncmp(a, b, (size_t)(compat_device(a) - a)) ||
			    strcmp(compat_last_word(a), compat_last_word(b)) ||
			    strlen(compat_last_word(a)) < 3)
				continue;
			add_chain(cv, ch->s, ch->n, ch->line, false);
			break;
		}
	}
}

/*
 * The string of ours @s is one punctuation mark off ("xlnx-pr-decoupler"
 * in an example for the text's "xlnx,pr-decoupler"): the example misspells it.
 */
static const char *misspelt_ours(const struct conv *cv, const char *s)
{
	size_t sl = strlen(s);

	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *ch = cv->chains.v[c];

		for (size_t i = 0; i < ch->n; i++) {
			size_t diff = 0, punct = 0;

			if (strlen(ch->s[i]) != sl)
				continue;
			for (size_t k = 0; k < sl; k++) {
				diff += s[k] != ch->s[i][k];
				punct += s[k] != ch->s[i][k] && !isalnum((unsigned char)s[k]) &&
					 !isalnum((unsigned char)ch->s[i][k]);
			}
			/* Punctuation only: "bcm6368" beside "bcm6358" is another chip. */
			if (diff == 1 && punct == 1)
				return ch->s[i];
		}
	}
	return NULL;
}

/* The examples' misspellings of our strings, corrected in the chains and in the examples. */
static void fix_example_misspellings(struct conv *cv, const struct vec *ex_lists)
{
	for (size_t e = 0; e < ex_lists->n; e++) {
		struct chain *ch = ex_lists->v[e];
		struct ditem *p = ch->node ? node_prop(ch->node, "compatible") : NULL;

		for (size_t m = 0; m < ch->n && p && p->value; m++) {
			const char *fix = misspelt_ours(cv, ch->s[m]);
			char *bad = fix ? cv_printf(cv, "\"%s\"", ch->s[m]) : NULL;
			const char *at = bad ? strstr(p->value, bad) : NULL;

			if (!at)
				continue;
			p->value = cv_printf(cv, "%.*s\"%s\"%s", (int)(at - p->value), p->value, fix,
					     at + strlen(bad));
			ch->s[m] = fix;
		}
	}
}

/*
 * "- compatible : Contains one of entries in the compatible list." or "The
 * compatible strings used for each supported SoC family are defined below.":
 * the strings are the lines of quoted compatibles under a prose line that
 * names them ("The compatible list for this generic sound card currently:",
 * "CCU compatible string values for SoCs in the BCM281XX family are:").
 */
static void compat_list_elsewhere(struct conv *cv, const char *item)
{
	static const char *const refs[] = {
		"compatible list", "defined below", "listed below", "listed above", "one of the above",
		"see above", "see below", "listed in the table",
	};
	bool refers = false;

	for (size_t i = 0; i < ARRAY_SIZE(refs) && item; i++)
		refers |= find_ci(item, refs[i]) != NULL;
	if (!refers)
		return;
	for (size_t i = 0; i + 1 < cv->nlines; i++) {
		const struct line *h = &cv->lines[i];
		size_t hn = strlen(h->t);

		if (h->blank || h->exsec || *h->t == '-' || !hn || h->t[hn - 1] != ':' ||
		    !find_ci(h->t, "compatible"))
			continue;
		for (size_t k = i + 1; k < cv->nlines; k++) {
			const struct line *l = &cv->lines[k];
			struct qstr q[2];

			if (l->blank || *l->t == '(')
				continue;	/* "(compatible with CS4271 and CS4272)" */
			if (*l->t != '"' || l->exsec ||
			    find_compat_strings(cv, l->t, q, ARRAY_SIZE(q)) != 1 ||
			    !strchr(q[0].s, ','))
				break;
			const char *one[1] = { q[0].s };

			add_chain(cv, one, 1, l->no, false);
			if (!cv->compat_line)
				cv->compat_line = l->no;
		}
	}
}

/* Does line @no start with a quoted string (after blanks and a bullet)? */
static bool line_opens_quote(const struct conv *cv, unsigned no, size_t *quotes)
{
	size_t k = line_index(cv, no);

	if (k == SIZE_MAX)
		return false;
	const char *t = cv->lines[k].t;

	if ((*t == '-' || *t == '*') && t[1] == ' ')
		t = skip_blanks(t + 1);
	*quotes = 0;
	for (const char *c = t; *c; c++)
		*quotes += *c == '"';
	return *t == '"';
}

/*
 * Is lone chain @one an entry of its own in a list of one entry a line
 * ('"mediatek,mt6589-wdt": for MT6589' between '"mediatek,mt2701-wdt",
 * "mediatek,mt6589-wdt": for MT2701' lines)?  Then the text names that
 * device alone, though its string is the others' fallback.
 */
static bool listed_alone(const struct conv *cv, const struct chain *one)
{
	size_t here, prev = 0, next = 0;

	if (!one->line || !line_opens_quote(cv, one->line, &here) || here != 2)
		return false;
	return (one->line > 1 && line_opens_quote(cv, one->line - 1, &prev)) ||
	       line_opens_quote(cv, one->line + 1, &next);
}

void extract_compatibles(struct conv *cv)
{
	struct vec ex_lists = { 0 };

	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		example_compat_lists(cv, ex->top, &ex_lists, 0);
	}
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (strcmp(pr->name, "compatible") || pr->share)
			continue;
		if (pr->scope) {
			const char *text = prop_text(cv, pr, false);
			struct qstr q[64];
			size_t n = text ? find_compat_strings(cv, text, q, ARRAY_SIZE(q)) : 0;

			for (size_t i = 0; i < n; i++)
				vec_push(cv, &cv->sub_compat, (void *)q[i].s);
			if (n)
				vec_push(cv, &cv->sub_compat, NULL);	/* the item's list ends */
			continue;
		}
		compat_from_item(cv, pr, &ex_lists);
		compat_list_elsewhere(cv, prop_text(cv, pr, false));
	}
	/* A text without a compatible item: the examples' nodes named like the file. */
	if (!cv->chains.n && !cv->root_binding) {
		const char *b = strrchr(cv->file, '/');
		char base[128];

		snprintf(base, sizeof(base), "%s", b ? b + 1 : cv->file);
		if (str_ends_with(base, ".txt"))
			base[strlen(base) - 4] = '\0';
		for (size_t e = 0; e < ex_lists.n; e++) {
			struct chain *ch = ex_lists.v[e];
			const char *dev = compat_device(ch->s[0]);

			if (!strcmp(dev, base) || !strcmp(ch->s[0], base) ||
			    (strlen(dev) > 6 && strstr(base, dev))) {
				add_chain(cv, ch->s, ch->n, ch->line, false);
				if (!cv->compat_line)
					cv->compat_line = ch->line;
			}
		}
	}
	/*
	 * A compatible item that names no string ("- compatible - name of
	 * SLIMbus controller", "'manufacturer,model'"): the outermost example
	 * node's, which is the device the text is about.
	 */
	bool item = false;

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];
		const char *t = pr->scope || strcmp(pr->name, "compatible") ? NULL :
				prop_text(cv, pr, false);

		struct qstr q[8];

		/* No string at all, or only forms of one. */
		if (t && (!strpbrk(t, "\"'") ||
			  (find_compat_strings(cv, t, q, ARRAY_SIZE(q)) &&
			   !item_strings(cv, t, q, ARRAY_SIZE(q)))))
			item = true;
	}
	if (!cv->chains.n && !cv->root_binding && item && ex_lists.n) {
		struct chain *ch = ex_lists.v[0];
		bool valid = true;

		for (size_t m = 0; m < ch->n; m++)
			if (!valid_compatible(ch->s[m]))
				valid = false;
		if (valid)
			add_chain(cv, ch->s, ch->n, ch->line, false);
	}
	if (!cv->chains.n)
		return;
	fix_example_misspellings(cv, &ex_lists);
	/* Chains the examples use with one of our strings first, not in the text yet. */
	size_t ntext = cv->chains.n;

	for (size_t e = 0; e < ex_lists.n; e++) {
		struct chain *ch = ex_lists.v[e];
		bool ours = false, known = false, valid = true;

		for (size_t m = 0; m < ch->n; m++) {
			if (!valid_compatible(ch->s[m]))
				valid = false;
		}
		for (size_t c = 0; c < ntext; c++) {
			struct chain *t = cv->chains.v[c];

			if (chain_equal(t, ch->s, ch->n))
				known = true;
			if (chain_has(t, ch->s[ch->n - 1]) || chain_has(t, ch->s[0]))
				ours = true;
		}
		if (!valid || known || !ours || ch->n < 2)
			continue;
		/* Only fallbacks we know: the first is new (a SoC) and the rest are ours. */
		bool rest_ours = true;

		for (size_t m = 1; m < ch->n; m++)
			if (!our_compatible(cv, ch->s[m]) && !generic_fallback(ch->s[0], ch->s[m]))
				rest_ours = false;
		if (!rest_ours)
			continue;
		add_chain(cv, ch->s, ch->n, cv->compat_line, false);
	}
	example_variants(cv, &ex_lists);
	board_chains(cv);
	drop_other_devices(cv, &ex_lists);
	/*
	 * A lone string that is the fallback of a chain, or the first of one
	 * the boards use (and never alone): not used alone.
	 */
	for (size_t i = 0; i < cv->chains.n; i++) {
		struct chain *one = cv->chains.v[i];
		bool fallback = false, alone = false, board_first = false;

		if (one->n != 1)
			continue;
		for (size_t j = 0; j < cv->chains.n; j++) {
			struct chain *ch = cv->chains.v[j];

			if (ch->n > 1 && !strcmp(ch->s[ch->n - 1], one->s[0]))
				fallback = true;
			if (ch->n > 1 && !strcmp(ch->s[0], one->s[0]) &&
			    board_lists_with(cv, one->s[0]))
				board_first = true;
		}
		/* A fallback the text lists alone, a line of its own, is a device too. */
		if (fallback && !board_first && listed_alone(cv, one))
			continue;
		fallback |= board_first;
		for (size_t e = 0; e < ex_lists.n; e++) {
			struct chain *ch = ex_lists.v[e];

			if (ch->n == 1 && !strcmp(ch->s[0], one->s[0]))
				alone = true;
		}
		alone = alone || board_uses_alone(cv, one->s[0]);
		if (fallback && !alone) {
			memmove(&cv->chains.v[i], &cv->chains.v[i + 1],
				(cv->chains.n - i - 1) * sizeof(void *));
			cv->chains.n--;
			i--;
		}
	}
}
