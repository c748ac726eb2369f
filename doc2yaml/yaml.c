// SPDX-License-Identifier: BSD-2-Clause
/*
 * yaml.c - a small YAML tree for the schema and its emitter.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

struct ynode *yn(struct conv *cv, enum ykind k, const char *s, unsigned src)
{
	struct ynode *n = cv_alloc(cv, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = k;
	n->s = s;
	n->src = src;
	return n;
}

struct ynode *ymap(struct conv *cv, unsigned src)
{
	return yn(cv, Y_MAP, NULL, src);
}

struct ynode *yseq(struct conv *cv, unsigned src)
{
	return yn(cv, Y_SEQ, NULL, src);
}

struct ynode *ystr(struct conv *cv, const char *s, unsigned src)
{
	return s ? yn(cv, Y_STR, s, src) : NULL;
}

struct ynode *yraw(struct conv *cv, const char *s, unsigned src)
{
	return s ? yn(cv, Y_RAW, s, src) : NULL;
}

struct ynode *yint(struct conv *cv, long long v, unsigned src)
{
	return yraw(cv, cv_printf(cv, "%lld", v), src);
}

struct ynode *yget(const struct ynode *map, const char *key)
{
	for (struct ynode *m = map ? map->first : NULL; m; m = m->next)
		if (m->key && !strcmp(m->key, key))
			return m;
	return NULL;
}

struct ynode *yset(struct ynode *map, const char *key, struct ynode *v)
{
	if (!map || !v)
		return v;
	v->key = key;
	for (struct ynode **pp = &map->first; *pp; pp = &(*pp)->next) {
		if ((*pp)->key && !strcmp((*pp)->key, key)) {
			v->next = (*pp)->next;
			if (map->last == *pp)
				map->last = v;
			*pp = v;
			return v;
		}
	}
	if (map->last)
		map->last->next = v;
	else
		map->first = v;
	map->last = v;
	return v;
}

void ypush(struct ynode *seq, struct ynode *v)
{
	if (!seq || !v)
		return;
	v->key = NULL;
	if (seq->last)
		seq->last->next = v;
	else
		seq->first = v;
	seq->last = v;
}

void ymove_end(struct ynode *map, const char *key)
{
	struct ynode **pp, *x = NULL;

	for (pp = &map->first; *pp; pp = &(*pp)->next) {
		if ((*pp)->key && !strcmp((*pp)->key, key)) {
			x = *pp;
			*pp = x->next;
			break;
		}
	}
	if (!x)
		return;
	x->next = NULL;
	map->last = NULL;
	for (struct ynode *m = map->first; m; m = m->next)
		map->last = m;
	if (map->last)
		map->last->next = x;
	else
		map->first = x;
	map->last = x;
}

/*
 * Remove from @n the members keyed @key (a map) or the scalars equal to @s
 * (a sequence); pass NULL for the other.
 */
void yremove(struct ynode *n, const char *key, const char *s)
{
	if (!n)
		return;
	for (struct ynode **pp = &n->first; *pp;) {
		if ((key && (*pp)->key && !strcmp((*pp)->key, key)) ||
		    (s && (*pp)->s && !strcmp((*pp)->s, s)))
			*pp = (*pp)->next;
		else
			pp = &(*pp)->next;
	}
	n->last = NULL;
	for (struct ynode *x = n->first; x; x = x->next)
		n->last = x;
}

bool yempty(const struct ynode *n)
{
	return !n || ((n->kind == Y_MAP || n->kind == Y_SEQ) && !n->first);
}

/* ---- scalars ---------------------------------------------------------- */

/* Does @p hold only characters of @digits and '_', one digit at least? */
static bool digits_of(const char *p, const char *digits)
{
	bool any = false;

	for (; *p; p++) {
		if (*p == '_')
			continue;
		if (!strchr(digits, *p))
			return false;
		any = true;
	}
	return any;
}

/*
 * Would a YAML 1.1 (PyYAML, yamllint) or 1.2 (ruamel, dt-schema) reader
 * take @s, plain, for a number?  Hex digits only after "0x": "01_01a" is a
 * string to both.
 */
static bool looks_like_number(const char *s)
{
	const char *p = s;

	if (*p == '+' || *p == '-')
		p++;
	if (!strcasecmp(p, ".inf") || !strcasecmp(p, ".nan"))
		return true;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return digits_of(p + 2, "0123456789abcdefABCDEF");
	if (p[0] == '0' && (p[1] == 'o' || p[1] == 'b'))
		return digits_of(p + 2, p[1] == 'o' ? "01234567" : "01");
	if (!isdigit((unsigned char)*p) && !(*p == '.' && isdigit((unsigned char)p[1])))
		return false;
	/* A YAML 1.1 timestamp ("2002-12-14"): PyYAML reads a date. */
	if (strlen(p) >= 8 && strspn(p, "0123456789") == 4 && p[4] == '-')
		return true;
	/* Decimal, octal, sexagesimal and floats: digits, '_', '.', ':' and an exponent. */
	const char *e = p + strspn(p, "0123456789_.:");

	if (!*e)
		return true;
	if (*e != 'e' && *e != 'E')
		return false;
	e++;
	if (*e == '+' || *e == '-')
		e++;
	return *e && e[strspn(e, "0123456789")] == '\0';
}

/* Can @s be written as a plain scalar in block context, read back as the same string? */
bool plain_ok(const char *s)
{
	static const char *const special[] = {
		"null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE",
		"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y",
		"Y", "n", "N", "=", "<<",
	};
	size_t n = strlen(s);

	if (!n || s[0] == ' ' || s[n - 1] == ' ' || s[n - 1] == ':')
		return false;
	if (strchr("-?:,[]{}#&*!|>'\"%@`", s[0]))
		return false;
	if (str_in(s, special, ARRAY_SIZE(special)))
		return false;
	if (looks_like_number(s))
		return false;
	for (const char *p = s; *p; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return false;
		if (*p == ':' && (p[1] == ' ' || !p[1]))
			return false;
		if (*p == '#' && p > s && p[-1] == ' ')
			return false;
	}
	return true;
}

static void put_scalar(struct strbuf *sb, const char *s, bool force_quote)
{
	bool ctrl = false;

	for (const char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			ctrl = true;
	if (!force_quote && plain_ok(s)) {
		sb_puts(sb, s);
		return;
	}
	if (!ctrl) {
		sb_putc(sb, force_quote && !strchr(s, '\'') ? '"' : '\'');
		for (const char *p = s; *p; p++) {
			if (*p == '\'' && !(force_quote && !strchr(s, '\'')))
				sb_putc(sb, '\'');
			sb_putc(sb, *p);
		}
		sb_putc(sb, force_quote && !strchr(s, '\'') ? '"' : '\'');
		return;
	}
	sb_putc(sb, '"');
	for (const char *p = s; *p; p++) {
		if (*p == '"' || *p == '\\')
			sb_printf(sb, "\\%c", *p);
		else if (*p == '\n')
			sb_puts(sb, "\\n");
		else if (*p == '\t')
			sb_puts(sb, "\\t");
		else if ((unsigned char)*p < 0x20 || *p == 0x7f)
			sb_printf(sb, "\\x%02x", (unsigned char)*p);
		else
			sb_putc(sb, *p);
	}
	sb_putc(sb, '"');
}

/* Keys: regexes in double quotes (as kernel schemas write them), others only when needed. */
static void put_key(struct strbuf *sb, const char *k)
{
	if (strpbrk(k, "^$[(|*\\") && k[0] != '$')
		put_scalar(sb, k, true);
	else
		put_scalar(sb, k, false);
}

/* ---- emitter ----------------------------------------------------------- */

/* Wrap @line (no newline) at spaces so that ind + width <= YAML_WIDTH. */
static void em_text_line(struct emitter *em, const char *line, size_t n, unsigned ind)
{
	size_t width = YAML_WIDTH > ind + 20 ? YAML_WIDTH - ind : 20;
	size_t lead = 0, pad = 0;

	while (lead < n && line[lead] == ' ')
		lead++;
	/*
	 * Continuations keep the line's own indentation, if that leaves room
	 * for text (a line indented past the width would never get shorter).
	 */
	if (lead + 20 > width) {
		line += lead;
		n -= lead;
		lead = 0;
	}
	while (n) {
		size_t avail = width - pad, take = n;

		if (n > avail) {
			/* Cut at the last blank that fits, not inside the first line's indentation. */
			size_t cut = avail, min = pad ? 0 : lead;

			while (cut > min + 1 && line[cut] != ' ')
				cut--;
			if (cut <= min + 1) {
				cut = avail;
				while (cut < n && line[cut] != ' ')
					cut++;
			}
			take = cut;
		}
		put_indent(&em->sb, ind + (unsigned)pad);
		size_t e = take;

		while (e && line[e - 1] == ' ')
			e--;
		sb_putn(&em->sb, line, e);
		em_nl(em);
		while (take < n && line[take] == ' ')
			take++;
		line += take;
		n -= take;
		pad = lead;
	}
}

/* A literal block: "|" then the text's lines at @ind. */
static void em_block(struct emitter *em, const char *text, unsigned ind, const unsigned *lmap,
		     size_t nlmap)
{
	size_t lno = 0;

	unsigned min = UINT_MAX;
	const char *p;

	for (p = text; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		unsigned sp = 0;

		while (sp < n && p[sp] == ' ')
			sp++;
		if (sp < n && sp < min)
			min = sp;
		p = eol ? eol + 1 : p + n;
	}
	if (min == UINT_MAX)
		min = 0;
	/* Leading spaces on the first line need an indentation indicator. */
	p = text;
	while (*p == '\n')
		p++;
	bool indicator = p[0] == ' ' && (size_t)min < strspn(p, " ");

	sb_puts(&em->sb, indicator ? " |2" : " |");
	em_nl(em);
	int blank_run = 0;

	for (; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p + (n >= min ? min : n);
		size_t tn = n >= min ? n - min : 0;

		while (tn && t[tn - 1] == ' ')
			tn--;
		if (lmap && lno < nlmap && lmap[lno])
			em->src = lmap[lno];
		lno++;
		if (!tn) {
			blank_run++;
		} else {
			/* Keep single blank lines; never end on one. */
			if (blank_run)
				em_nl(em);
			blank_run = 0;
			em_text_line(em, t, tn, ind);
		}
		p = eol ? eol + 1 : p + n;
	}
}

static void em_value(struct emitter *em, const struct ynode *v, unsigned ind, unsigned depth)
{
	switch (v->kind) {
	case Y_STR:
		sb_putc(&em->sb, ' ');
		put_scalar(&em->sb, v->s, false);
		em_nl(em);
		break;
	case Y_RAW:
		sb_putc(&em->sb, ' ');
		sb_puts(&em->sb, v->s);
		em_nl(em);
		break;
	case Y_TEXT:
		em_block(em, v->s, ind + 2, v->lmap, v->nlmap);
		break;
	case Y_MAP:
	case Y_SEQ:
		if (yempty(v)) {
			sb_puts(&em->sb, v->kind == Y_MAP ? " {}" : " []");
			em_nl(em);
		} else if (v->kind == Y_SEQ && v->flow) {
			sb_puts(&em->sb, " [");
			for (const struct ynode *i = v->first; i; i = i->next) {
				if (i->kind == Y_STR)
					put_scalar(&em->sb, i->s, !plain_ok(i->s) || strchr(i->s, ','));
				else
					sb_puts(&em->sb, i->s);
				if (i->next)
					sb_puts(&em->sb, ", ");
			}
			sb_putc(&em->sb, ']');
			em_nl(em);
		} else {
			em_nl(em);
			em_node(em, v, ind + 2, depth + 1);
		}
		break;
	}
}

void em_node(struct emitter *em, const struct ynode *n, unsigned ind, unsigned depth)
{
	if (depth > 64)
		return;
	for (const struct ynode *m = n->first; m; m = m->next) {
		if (m->src)
			em->src = m->src;
		put_indent(&em->sb, ind);
		if (n->kind == Y_MAP) {
			put_key(&em->sb, m->key);
			sb_putc(&em->sb, ':');
			em_value(em, m, ind, depth);
			continue;
		}
		/* A sequence item, after its comment. */
		if (m->comment) {
			size_t cl = strlen(m->comment);
			size_t room = YAML_WIDTH + 10 > ind + 4 ? YAML_WIDTH + 10 - ind - 4 : 20;

			sb_puts(&em->sb, "  # ");
			while (cl > room && m->comment[cl - 1] != ' ')
				cl--;
			if (cl > room || !cl)
				cl = strlen(m->comment) < room ? strlen(m->comment) : room;
			while (cl && m->comment[cl - 1] == ' ')
				cl--;
			sb_putn(&em->sb, m->comment, cl);
			em_nl(em);
			put_indent(&em->sb, ind);
		}
		sb_putc(&em->sb, '-');
		if (m->kind == Y_MAP && !yempty(m)) {
			/* "- key: value" with the rest of the map under it. */
			const struct ynode *f = m->first;

			sb_putc(&em->sb, ' ');
			put_key(&em->sb, f->key);
			sb_putc(&em->sb, ':');
			if (f->src)
				em->src = f->src;
			em_value(em, f, ind + 2, depth);
			struct ynode rest = *m;

			rest.first = f->next;
			if (rest.first)
				em_node(em, &rest, ind + 2, depth + 1);
		} else if (m->kind == Y_TEXT) {
			em_block(em, m->s, ind + 2, m->lmap, m->nlmap);
		} else {
			em_value(em, m, ind, depth);
		}
	}
}
