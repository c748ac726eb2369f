// SPDX-License-Identifier: BSD-2-Clause
/*
 * items.c - a property item of the .txt: the names its first line gives
 * ("- clocks, clock-names:", "- {bus,self}-powered", "reset-gpios" under a
 * table's head) and its text (prop_text(), ePAPR's Usage:/Value type:
 * fields).  text.c finds the items.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* "None", "Note": an English word, capital first, then lower-case letters only. */
static bool capitalised_word(const char *s)
{
	if (!isupper((unsigned char)s[0]) || !s[1])
		return false;
	for (const char *p = s + 1; *p; p++)
		if (!islower((unsigned char)*p))
			return false;
	return true;
}

/*
 * "{bus,self}-powered", "led-{usb,speed}-mode": one name per alternative
 * into @names (up to 8, their count in *@nnames).  Returns the text after
 * the separator, @s itself when @s has no braces, or NULL when a name is
 * not one.
 */
static const char *brace_names(struct conv *cv, const char *s, const char **names, size_t *nnames)
{
	const char *b = s, *lb, *rb;
	size_t nn = 0;

	while (is_name_char((unsigned char)*b) && *b != ',')
		b++;
	if (*b != '{' || (rb = strchr(b, '}')) == NULL || memchr(b, ' ', (size_t)(rb - b)))
		return s;
	const char *e = rb + 1;

	lb = b;
	while (is_name_char((unsigned char)*e))
		e++;
	for (const char *a = lb + 1; a < rb && nn < 8;) {
		const char *ae = a;

		while (ae < rb && *ae != ',')
			ae++;
		char *name = cv_printf(cv, "%.*s%.*s%.*s", (int)(lb - s), s, (int)(ae - a), a,
				       (int)(e - rb - 1), rb + 1);

		if (!name || !prop_name_ok(cv, name))
			return NULL;
		names[nn++] = name;
		a = ae + 1;
	}
	const char *r = skip_blanks(e);

	*nnames = nn;
	if (!nn)
		return NULL;
	if (*r == ':')
		return skip_blanks(r + 1);
	return r;
}

/*
 * "- reg names:", "- #interrupt cells:" (3 texts of 6.1): a standard
 * property written with a space for its hyphen, followed by its separator.
 * Returns the property, or NULL.
 */
static const char *space_for_hyphen(struct conv *cv, const char *first, const char *second)
{
	const char *e = second;

	while (islower((unsigned char)*e))
		e++;
	if (e == second || *skip_blanks(e) != ':')
		return NULL;
	char *joined = cv_printf(cv, "%s-%.*s", first, (int)(e - second), second);

	return joined && is_std_prop(joined) ? joined : NULL;
}

/* Does a line of the text set property @name ("\tport = <&ssp1>;", "read-only;")? */
bool code_sets(const struct conv *cv, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < cv->nlines; i++) {
		const char *t = cv->lines[i].t;

		size_t tl = strlen(t);

		while (tl && (t[tl - 1] == ' ' || t[tl - 1] == '\t'))
			tl--;
		if (!strncmp(t, name, n) && tl && t[tl - 1] == ';' &&
		    (t[n] == ';' || !strncmp(skip_blanks(t + n), "= ", 2)))
			return true;
	}
	return false;
}

/*
 * Parse the name(s) at the start of an item.  @s points after the bullet.
 * Fills @names (up to 8) and returns the text after the separator, or NULL
 * when this is not an item.
 */
const char *item_names(struct conv *cv, const char *s, bool bullet, const char **names,
		       size_t *nnames, bool *pattern)
{
	const char *p = s;
	size_t nn = 0;
	const char *braced = brace_names(cv, s, names, nnames);

	*pattern = false;
	if (braced != s)
		return braced;
	for (;;) {
		char q = 0;
		const char *start;

		if (*p == '"' || *p == '\'')
			q = *p++;
		start = p;
		while (*p && (is_name_char((unsigned char)*p) || *p == '<' || *p == '>' || *p == '*' ||
			      (*p == '[' && strchr(p, ']')) || *p == ']'))
			p++;
		if (p == start)
			return NULL;
		size_t len = (size_t)(p - start);

		/* "name:" splits at the colon only when it is not part of the name. */
		bool comma = false;

		while (len && start[len - 1] == ',') {
			len--;
			comma = true;
		}
		char *name = cv_strndup(cv, start, len);

		if (!name)
			return NULL;
		if (!strcmp(name, "Compatible"))
			name[0] = 'c';	/* "Compatible: Should contain ..." */
		if (!strcasecmp(name, "compatibility"))
			name = cv_strdup(cv, "compatible");	/* ata/marvell.txt, watchdog/marvel.txt */
		if (q && *p == q)
			p++;
		if (strpbrk(name, "<>*[]") || strstr(name, "xxx") || strstr(name, "XXX") ||
		    strstr(name, "-N-") || str_ends_with(name, "-N") || str_ends_with(name, "-n"))
			*pattern = true;
		if (nn < 8)
			names[nn++] = name;
		const char *r = skip_blanks(p);

		/* "AVDD-supply, DVDD-supply, and CPVDD-supply :": "and" joins, it names nothing. */
		if (comma && r > p && (starts_with(r, "and ") || starts_with(r, "or ")))
			r = skip_blanks(strchr(r, ' '));
		if (comma && r > p && (is_name_char((unsigned char)r[0]) || r[0] == '"')) {
			p = r;
			continue;
		}
		if (r[0] == ',' && r[1] == ' ' && (is_name_char((unsigned char)r[2]) || r[2] == '"')) {
			p = r + 2;
			p = skip_blanks(p);
			continue;
		}
		if (r[0] == '/' && (is_name_char((unsigned char)r[1]) || r[1] == ' ')) {
			p = skip_blanks(r + 1);
			continue;
		}
		if (nn == 1 && *p == ' ' && !comma) {
			const char *joined = space_for_hyphen(cv, name, r);

			if (joined) {
				names[0] = joined;
				p = r + strlen(joined) - len;
				break;
			}
		}
		if ((starts_with(r, "and ") || starts_with(r, "or ")) && nn < 8) {
			const char *w = strchr(r, ' ') + 1;
			const char *e = w;

			while (is_name_char((unsigned char)*e))
				e++;
			if (e > w && (*e == ':' || (e[0] == ' ' && e[1] == ':')) &&
			    (memchr(w, '-', (size_t)(e - w)) || *w == '#')) {
				p = w;
				continue;
			}
		}
		break;
	}
	*nnames = nn;
	for (size_t k = 0; k < nn; k++) {
		char *nm = (char *)names[k];

		/* "* Documentation/devicetree/bindings/x.txt" is a path, not names. */
		if (!strcmp(nm, "Documentation") || str_ends_with(nm, ".txt") ||
		    str_ends_with(nm, ".yaml"))
			return NULL;

		/* "interrupts(optional)" */
		if (strchr(nm, '(') || strchr(nm, ')'))
			return NULL;
		if (!*pattern && !prop_name_ok(cv, nm))
			return NULL;
		if (!strpbrk(nm, "abcdefghijklmnopqrstuvwxyz#"))
			return NULL;	/* "IN1L", "LDO2" */
		if (capitalised_word(nm))
			return NULL;	/* "- None", "* Note: ...", "* Examples": no property is one */
	}
	/* The separator. */
	const char *gap = p;
	const char *r = skip_blanks(p);

	if (*r == ':' && r[1] != ':')
		return skip_blanks(r + 1);
	if (*r == '=' || *r == '(' || *r == '\0')
		return r;
	if (r[0] == '-' && r[1] == ' ')
		return skip_blanks(r + 1);
	/* "- fsl,burst-clk-enable	For ...": a tab or two spaces, or a property-like name. */
	bool wide = memchr(gap, '\t', (size_t)(r - gap)) || r - gap >= 2;
	const char *n0 = names[0];

	/* "- compatible must be acme,x": known names need no separator. */
	bool known = strpbrk(n0, "-,#") || is_std_prop(n0) || !strcmp(n0, "compatible");

	if (bullet && (wide || known))
		return r;
	/* A table's "port<TAB>A phandle ...": a plain word the text's code sets is a name too. */
	if (!bullet && wide && (known || code_sets(cv, n0)))
		return r;
	return NULL;
}

/*
 * The text of an item: the rest of its first line, then the following
 * lines dedented by their common indentation.  With @epapr_only, the
 * Usage:/Value type: lines are dropped and "Definition:" is unwrapped.
 */
const char *prop_text(struct conv *cv, const struct prop *pr, bool clean)
{
	struct strbuf sb;
	unsigned min = UINT_MAX, def_col = 0;

	sb_init(&sb);
	for (size_t k = 1; k < pr->nlines; k++) {
		const struct line *l = pr->lines[k];

		if (!l->blank && l->ind < min)
			min = l->ind;
	}
	const char *first = pr->first ? pr->first : "";

	if (clean) {
		while (*first == ':' || *first == '-' || *first == ' ')
			first++;
	}
	sb_puts(&sb, first);
	for (size_t k = 1; k < pr->nlines; k++) {
		const struct line *l = pr->lines[k];
		const char *t = l->t;

		if (clean && (epapr_label(t, "usage") || epapr_label(t, "value type")))
			continue;
		if (clean && epapr_label(t, "definition")) {
			t = epapr_label(t, "definition");
			if (sb.len)
				sb_putc(&sb, '\n');
			sb_puts(&sb, t);
			/* Its continuation lines line up with the text after "Definition:". */
			def_col = vcol(l->s, t);
			continue;
		}
		if (sb.len)
			sb_putc(&sb, '\n');
		/* A paragraph of its own ("1000 = 1uH (Default)" after a blank line). */
		if (clean && sb.len && l->no > pr->lines[k - 1]->no + 1)
			sb_putc(&sb, '\n');
		/* Keep indentation beyond the common one (lists, tables). */
		unsigned extra = l->ind > min ? l->ind - min : 0;

		if (def_col && l->ind >= def_col)
			extra = l->ind - def_col;

		if (extra > 24)
			extra = 24;
		for (unsigned e = 0; e < extra; e++)
			sb_putc(&sb, ' ');
		for (const char *p = t; *p; p++)
			sb_putc(&sb, *p == '\t' ? ' ' : *p);
	}
	const char *r = cv_strndup(cv, sb.buf ? sb.buf : "", sb.len);

	sb_free(&sb);
	return r;
}

/* "Usage:" and "Value type:" of an ePAPR item. */
void epapr_fields(struct conv *cv, struct prop *pr)
{
	for (size_t k = 1; k < pr->nlines; k++) {
		const char *t = pr->lines[k]->t;

		if (epapr_label(t, "usage")) {
			const char *u = epapr_label(t, "usage");

			/* "required" alone; "required for systems that ..." is a condition. */
			if (starts_with_ci(u, "required") && !*skip_blanks(u + 8 + strspn(u + 8, ".,;")))
				pr->req = REQ_YES;
			else if (starts_with_ci(u, "required") && !pr->qual &&
				 qualifier_names_compatible(cv, u + 8)) {
				/* "required (for qcom,pronto-v1/2-pil)": those devices' (conditions.c). */
				pr->qual = cv_strdup(cv, u + 8);
				pr->qual_req = REQ_YES;
				pr->req = REQ_NO;
			} else if (starts_with_ci(u, "optional") || starts_with_ci(u, "required") ||
				 find_ci(u, "when"))
				pr->req = REQ_NO;
		} else if (epapr_label(t, "value type")) {
			pr->vtype = cv_strdup(cv, epapr_label(t, "value type"));
		}
	}
}
