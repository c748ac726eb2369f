// SPDX-License-Identifier: BSD-2-Clause
/*
 * parse.c - example code blocks and the tolerant DTS parser that reads them; value shapes.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* Does @t look like DTS rather than prose (for lines outside braces)? */
bool dts_like(const char *t)
{
	const char *p = t;

	if (!*t)
		return false;
	if (starts_with(t, "/*") || starts_with(t, "//") || starts_with(t, "*/") ||
	    (t[0] == '*' && (t[1] == ' ' || t[1] == '/' || !t[1])))
		return true;
	if (starts_with(t, "#include") || starts_with(t, "#define") || starts_with(t, "#if") ||
	    starts_with(t, "#endif") || starts_with(t, "#else") || starts_with(t, "/dts-v1/") ||
	    starts_with(t, "/plugin/") || starts_with(t, "/ {") || starts_with(t, "/{"))
		return true;
	if (t[0] == '&' || t[0] == '}')
		return true;
	/* label: name@addr { */
	while (is_name_char((unsigned char)*p) || *p == ':' || *p == ' ' || *p == '\t' ||
	       *p == '&' || *p == '/')
		p++;
	if (*p == '{')
		return true;
	/* prop = value;  prop; */
	p = t;
	while (is_name_char((unsigned char)*p))
		p++;
	if (p == t)
		return false;
	p = skip_blanks(p);
	if (*p == '=' || (*p == ';' && !p[1]))
		return true;
	return false;
}

struct dts_cur {
	struct conv *cv;
	const char *s;
	size_t pos, len;
	const unsigned *lno;	/* .txt line of each line of s */
	size_t nl;
	size_t li;		/* current line index */
	struct strbuf lead;	/* comments waiting for the next item */
	struct ditem *last;	/* last item finished, for same-line comments */
	size_t last_li;
	unsigned dropped, dropped_line;
	/*
	 * Braces that do not balance ("bus-width = <8>" and no "};" before
	 * the next example node, 17 texts of 7.2): a node line indented no
	 * deeper than its open parent's ends that parent.  @open_col: the
	 * column of each open node's line, by depth.
	 */
	bool recover, recovered;
	unsigned open_col[MAX_NESTING + 2];
};

/* The column of byte @at in its line, tabs to multiples of 8. */
static unsigned column_of(const struct dts_cur *c, size_t at)
{
	size_t b = at;
	unsigned col = 0;

	while (b > 0 && c->s[b - 1] != '\n')
		b--;
	for (; b < at; b++)
		col = c->s[b] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

/* More '{' than '}' outside comments and strings? */
static bool braces_open(const char *s)
{
	long open = 0;

	for (const char *p = s; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			p = e + 1;
		} else if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (*p == '"') {
			while (p[1] && p[1] != '"' && p[1] != '\n')
				p++;
			if (p[1])
				p++;
		} else if (*p == '{') {
			open++;
		} else if (*p == '}') {
			open--;
		}
	}
	return open > 0;
}

static unsigned cur_line(const struct dts_cur *c)
{
	return c->li < c->nl ? c->lno[c->li] : c->nl ? c->lno[c->nl - 1] : 0;
}

static void adv(struct dts_cur *c, size_t n)
{
	while (n-- && c->pos < c->len) {
		if (c->s[c->pos] == '\n')
			c->li++;
		c->pos++;
	}
}

static char peek(const struct dts_cur *c, size_t k)
{
	return c->pos + k < c->len ? c->s[c->pos + k] : '\0';
}

static void skip_to_eol(struct dts_cur *c)
{
	while (c->pos < c->len && c->s[c->pos] != '\n')
		c->pos++;
}

static void drop_line(struct dts_cur *c, size_t from)
{
	size_t save = c->pos;

	c->pos = from;
	/* Recount the line: from may be on an earlier line than pos. */
	for (size_t k = from; k < save; k++)
		if (c->s[k] == '\n' && c->li)
			c->li--;
	if (!c->dropped++)
		c->dropped_line = cur_line(c);
	skip_to_eol(c);
}

/* Comments and blanks; a comment on the line where the last item ended trails it. */
static void skip_space(struct dts_cur *c)
{
	for (;;) {
		char ch = peek(c, 0);

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			adv(c, 1);
			continue;
		}
		if (ch == '/' && (peek(c, 1) == '*' || peek(c, 1) == '/')) {
			size_t start = c->pos, li = c->li;

			if (peek(c, 1) == '*') {
				const char *e = strstr(c->s + c->pos + 2, "*/");
				size_t end = e ? (size_t)(e - c->s) + 2 : c->len;

				adv(c, end - c->pos);
			} else {
				skip_to_eol(c);
			}
			const char *txt = cv_strndup(c->cv, c->s + start, c->pos - start);

			if (!txt)
				return;
			if (c->last && li == c->last_li && !c->last->trail && !strchr(txt, '\n')) {
				c->last->trail = txt;
			} else {
				if (c->lead.len)
					sb_putc(&c->lead, '\n');
				sb_puts(&c->lead, txt);
			}
			continue;
		}
		break;
	}
}

static const char *take_lead(struct dts_cur *c)
{
	const char *s = NULL;

	if (c->lead.len) {
		s = cv_strndup(c->cv, c->lead.buf, c->lead.len);
		c->lead.len = 0;
	}
	return s;
}

static size_t ident_len(const struct dts_cur *c, size_t at)
{
	size_t n = 0;

	while (at + n < c->len && (is_name_char((unsigned char)c->s[at + n]) ||
				   c->s[at + n] == '*'))
		n++;
	return n;
}

/* At a newline inside a value: does the next line start a new statement? */
static bool next_is_statement(const struct dts_cur *c, size_t at)
{
	size_t p = at;

	for (;;) {
		while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t' || c->s[p] == '\n'))
			p++;
		/* "bus-width = <8>", a comment, then "mmc1: sdhci@...": the next statement */
		if (p + 1 < c->len && c->s[p] == '/' && c->s[p + 1] == '*') {
			const char *e = strstr(c->s + p + 2, "*/");

			p = e ? (size_t)(e - c->s) + 2 : c->len;
			continue;
		}
		if (p + 1 < c->len && c->s[p] == '/' && c->s[p + 1] == '/') {
			while (p < c->len && c->s[p] != '\n')
				p++;
			continue;
		}
		break;
	}
	if (p >= c->len || c->s[p] == '}')
		return true;
	size_t n = 0;

	while (p + n < c->len && is_name_char((unsigned char)c->s[p + n]))
		n++;
	if (!n || isdigit((unsigned char)c->s[p]))
		return false;
	p += n;
	while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t'))
		p++;
	return p < c->len && (c->s[p] == '=' || c->s[p] == '{' || c->s[p] == ';' ||
			      (c->s[p] == ':' && c->s[p + 1] != ':'));
}

/* The raw value after '=' up to its ';' (consumed). */
static const char *read_value(struct dts_cur *c, bool *bad)
{
	size_t start, end;
	int angle = 0, bracket = 0, paren = 0;

	*bad = false;
	while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
		adv(c, 1);
	start = c->pos;
	for (;;) {
		char ch = peek(c, 0);

		if (!ch) {
			end = c->pos;
			break;
		}
		if (ch == '"') {
			adv(c, 1);
			while (peek(c, 0) && peek(c, 0) != '"' && peek(c, 0) != '\n') {
				if (peek(c, 0) == '\\')
					adv(c, 1);
				adv(c, 1);
			}
			adv(c, 1);
			continue;
		}
		if (ch == '/' && peek(c, 1) == '*') {
			const char *e = strstr(c->s + c->pos + 2, "*/");

			adv(c, (e ? (size_t)(e - c->s) + 2 : c->len) - c->pos);
			continue;
		}
		if (ch == '/' && peek(c, 1) == '/') {
			skip_to_eol(c);
			continue;
		}
		if (ch == '&' && peek(c, 1) == '{') {
			while (peek(c, 0) && peek(c, 0) != '}' && peek(c, 0) != '\n')
				adv(c, 1);
			adv(c, 1);
			continue;
		}
		if (ch == '<')
			angle++;
		else if (ch == '>' && angle)
			angle--;
		else if (ch == '[')
			bracket++;
		else if (ch == ']' && bracket)
			bracket--;
		else if (ch == '(')
			paren++;
		else if (ch == ')' && paren)
			paren--;
		if (ch == ';' && !bracket) {
			end = c->pos;
			adv(c, 1);
			break;
		}
		if (ch == '}' && !angle && !bracket && !paren) {
			end = c->pos;	/* missing ';' before a closing brace */
			break;
		}
		if (ch == '\n' && !bracket && next_is_statement(c, c->pos + 1)) {
			end = c->pos;	/* missing ';' */
			break;
		}
		adv(c, 1);
	}
	while (end > start && strchr(" \t\n", c->s[end - 1]))
		end--;
	const char *v = cv_strndup(c->cv, c->s + start, end - start);

	if (v && (strstr(v, "...") || strstr(v, "\xe2\x80\xa6") || !*v))
		*bad = true;
	if (v && angle)
		*bad = true;
	return v;
}

/* Is [p, e) a valid cell: a number, a macro, a reference, a char or a (expression)? */
static bool valid_cell_token(const char *p, const char *e)
{
	size_t n = (size_t)(e - p);

	if (!n)
		return true;
	if (*p == '&')
		return n > 1;
	if (*p == '(')
		return p[n - 1] == ')';
	if (*p == '\'')
		return n >= 3 && p[n - 1] == '\'';
	if (isdigit((unsigned char)*p)) {
		for (const char *q = p; q < e; q++)
			if (!isalnum((unsigned char)*q))
				return false;
		return true;
	}
	if (isalpha((unsigned char)*p) || *p == '_') {
		for (const char *q = p; q < e; q++)
			if (!is_label_char((unsigned char)*q))
				return false;
		return true;
	}
	return false;
}

/*
 * The inside of <...>: tokens checked; lines of junk ("::::") dropped;
 * bare negative numbers put in parentheses.  Returns false when beyond repair.
 */
static bool fix_cells(struct strbuf *out, const char *p, const char *end)
{
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *le = eol ? eol : end;
		struct strbuf line;
		bool junk = false, any = false;

		sb_init(&line);
		for (const char *q = p; q < le;) {
			if (isspace((unsigned char)*q)) {
				sb_putc(&line, *q++);
				continue;
			}
			if (q[0] == '/' && q + 1 < le && q[1] == '*') {
				const char *c = strstr(q + 2, "*/");
				const char *ce = c && c + 2 <= le ? c + 2 : le;

				sb_putn(&line, q, (size_t)(ce - q));
				q = ce;
				continue;
			}
			const char *t = q;

			if (*q == '(') {
				int depth = 0;

				for (; q < le; q++) {
					if (*q == '(')
						depth++;
					else if (*q == ')' && !--depth) {
						q++;
						break;
					}
				}
			} else if (*q == '&' && q + 1 < le && q[1] == '{') {
				while (q < le && *q != '}')
					q++;
				if (q < le)
					q++;
			} else if (*q == '\'') {
				q++;
				while (q < le && *q != '\'')
					q++;
				if (q < le)
					q++;
			} else if (*q == '-' && q + 1 < le && isdigit((unsigned char)q[1])) {
				q++;
				while (q < le && isalnum((unsigned char)*q))
					q++;
				sb_putc(&line, '(');
				sb_putn(&line, t, (size_t)(q - t));
				sb_putc(&line, ')');
				any = true;
				continue;
			} else {
				if (*q == '&')
					q++;
				while (q < le && !isspace((unsigned char)*q) && *q != '(' &&
				       !(q[0] == '/' && q + 1 < le && q[1] == '*'))
					q++;
			}
			/* "<&bman, 2>": a comma between cells is a slip of the text. */
			const char *te = q - t > 1 && q[-1] == ',' && *t != '(' ? q - 1 : q;

			if (!valid_cell_token(t, te)) {
				junk = true;
				break;
			}
			sb_putn(&line, t, (size_t)(te - t));
			any = true;
		}
		if (junk) {
			/* A line of junk goes; junk among cells cannot be repaired. */
			if (any) {
				sb_free(&line);
				return false;
			}
		} else {
			sb_putn(out, line.buf ? line.buf : "", line.len);
		}
		sb_free(&line);
		if (eol) {
			if (!junk)
				sb_putc(out, '\n');
		}
		p = eol ? eol + 1 : end;
	}
	return true;
}

/* The end of the <cells> that start at @p ('<'), or NULL: parentheses and comments may hold '>'. */
static const char *cells_end(const char *p)
{
	const char *q = p + 1;
	int depth = 0;

	for (; *q && !(*q == '>' && !depth); q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && depth)
			depth--;
		else if (q[0] == '/' && q[1] == '*') {
			const char *e = strstr(q + 2, "*/");

			if (!e)
				break;
			q = e + 1;
		}
	}
	return *q == '>' ? q : NULL;
}

/* The end of the &label or &{/path} at @p, or NULL. */
static const char *ref_end(const char *p)
{
	const char *q = p + 1;

	if (*q == '{') {
		q = strchr(q, '}');
		if (!q)
			return NULL;
		q++;
	} else {
		while (is_label_char((unsigned char)*q))
			q++;
	}
	return q == p + 1 ? NULL : q;
}

/*
 * One item of a value at @p (a string, /bits/ n, <cells>, [bytes], a
 * reference or bare cells) into @sb; returns what follows it.  *@ok is
 * cleared when it is not one; *@need_item when an item was taken.
 */
static const char *norm_item(struct strbuf *sb, const char *p, bool *ok, bool *need_item)
{
	const char *q;

	if (*p == '"') {
		for (q = p + 1; *q && *q != '"'; q++)
			if (*q == '\\' && q[1])
				q++;
		if (!*q) {
			*ok = false;
			return p;
		}
		sb_putn(sb, p, (size_t)(q + 1 - p));
		*need_item = false;
		return q + 1;
	}
	if (starts_with(p, "/bits/")) {
		q = p + 6;
		while (isspace((unsigned char)*q))
			q++;
		while (isdigit((unsigned char)*q))
			q++;
		sb_putn(sb, p, (size_t)(q - p));
		return q;
	}
	if (*p == '<') {
		q = cells_end(p);
		if (!q) {
			*ok = false;
			return p;
		}
		sb_putc(sb, '<');
		*ok = fix_cells(sb, p + 1, q);
		sb_putc(sb, '>');
		*need_item = false;
		return q + 1;
	}
	if (*p == '[') {
		q = strchr(p, ']');
		if (!q) {
			*ok = false;
			return p;
		}
		for (const char *b = p + 1; b < q; b++)
			if (!isxdigit((unsigned char)*b) && !isspace((unsigned char)*b))
				*ok = false;
		sb_putn(sb, p, (size_t)(q + 1 - p));
		*need_item = false;
		return q + 1;
	}
	if (*p == '&') {
		q = ref_end(p);
		if (!q) {
			*ok = false;
			return p;
		}
		sb_putn(sb, p, (size_t)(q - p));
		*need_item = false;
		return q;
	}
	if (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '(') {
		/* Bare cells: "3072000", "1 2", "GPIO_ACTIVE_LOW". */
		q = p;
		while (*q && *q != ',' && *q != '"' && *q != '<' && !(q[0] == '/' && q[1] == '*'))
			q++;
		while (q > p && isspace((unsigned char)q[-1]))
			q--;
		sb_putc(sb, '<');
		*ok = fix_cells(sb, p, q);
		sb_putc(sb, '>');
		*need_item = false;
		return q;
	}
	*ok = false;
	return p;
}

/*
 * A property value as dtc accepts it, or NULL: "= 3072000;" gets its <>,
 * a trailing comma goes, cells are checked.
 */
static const char *normalize_value(struct conv *cv, const char *v)
{
	struct strbuf sb;
	const char *p = v;
	bool ok = true, need_item = true;

	/* "function = LED_FUNCTION_BACKLIGHT;": a macro that may be a string stays bare. */
	if (macro_name_only(v))
		return v;
	sb_init(&sb);
	while (*p && ok) {
		if (isspace((unsigned char)*p)) {
			sb_putc(&sb, *p++);
			continue;
		}
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			size_t n = e ? (size_t)(e - p) + 2 : strlen(p);

			sb_putn(&sb, p, n);
			p += n;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);

			sb_putn(&sb, p, n);
			p += n;
			continue;
		}
		if (*p == ',') {
			const char *q = p + 1;

			while (*q && isspace((unsigned char)*q))
				q++;
			if (!*q || need_item) {
				p++;	/* "<...>,;" or ",," */
				continue;
			}
			sb_putc(&sb, *p++);
			need_item = true;
			continue;
		}
		if (!need_item) {
			ok = false;
			break;
		}
		p = norm_item(&sb, p, &ok, &need_item);
	}
	if (ok && need_item) {
		/* Nothing, or a trailing comma only. */
		size_t k = sb.len;

		while (k && isspace((unsigned char)sb.buf[k - 1]))
			k--;
		if (!k)
			ok = false;
	}
	const char *r = ok ? cv_strndup(cv, sb.buf ? sb.buf : "", sb.len) : NULL;

	sb_free(&sb);
	if (r) {
		/* Trim, keeping comments. */
		char *t = (char *)r;
		size_t n = strlen(t);

		while (n && isspace((unsigned char)t[n - 1]))
			t[--n] = '\0';
	}
	return r;
}

static struct ditem *new_item(struct dts_cur *c, enum ditem_kind kind, const char *name,
			      unsigned line)
{
	struct ditem *it = mk_item(c->cv, kind, name, NULL);

	if (!it)
		return NULL;
	it->line = line;
	it->lead = take_lead(c);
	return it;
}

void append_item(struct ditem **head, struct ditem *it)
{
	while (*head)
		head = &(*head)->next;
	*head = it;
}

static void parse_body(struct dts_cur *c, struct ditem *parent, struct ditem **head,
		       struct strbuf *directives, unsigned depth);

static bool is_directive(const struct dts_cur *c)
{
	static const char *const d[] = {
		"#include", "#define", "#undef", "#ifdef", "#ifndef", "#if", "#else", "#elif",
		"#endif",
	};
	size_t ls = c->pos;

	while (ls > 0 && (c->s[ls - 1] == ' ' || c->s[ls - 1] == '\t'))
		ls--;
	if (ls > 0 && c->s[ls - 1] != '\n')
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(d); i++) {
		size_t n = strlen(d[i]);

		if (!strncmp(c->s + c->pos, d[i], n) &&
		    (c->pos + n >= c->len || strchr(" \t\n<\"", c->s[c->pos + n])))
			return true;
	}
	return false;
}

/* @s[0..n) as a label dtc takes: '-' becomes '_', a leading digit gets "ref_". */
const char *valid_label(struct conv *cv, const char *s, size_t n)
{
	char *l = cv_printf(cv, "%s%.*s", isdigit((unsigned char)*s) ? "ref_" : "", (int)n, s);

	for (char *q = l; q && *q; q++)
		if (*q == '-')
			*q = '_';
	return l;
}

/* The labels ("a: b:") before a statement into @labels (up to @max); returns their count. */
static size_t read_labels(struct dts_cur *c, const char **labels, size_t max)
{
	size_t nlabels = 0;

	for (;;) {
		size_t n = 0;

		/* "dp-controller:", "1v8:": labels dtc refuses, taken and made valid. */
		while (c->pos + n < c->len && (is_label_char((unsigned char)c->s[c->pos + n]) ||
					       (n && c->s[c->pos + n] == '-')))
			n++;
		if (!n || c->s[c->pos + n - 1] == '-')
			break;
		size_t p = c->pos + n;

		while (p < c->len && (c->s[p] == ' ' || c->s[p] == '\t'))
			p++;
		if (p < c->len && c->s[p] == ':' && (p + 1 >= c->len || c->s[p + 1] != ':')) {
			if (nlabels < max)
				labels[nlabels++] = valid_label(c->cv, c->s + c->pos, n);
			adv(c, p + 1 - c->pos);
			while (strchr(" \t\n", peek(c, 0)) && peek(c, 0))
				adv(c, 1);
			continue;
		}
		break;
	}
	return nlabels;
}

/* "/dts-v1/;", "/delete-node/ x;"...: skipped to the end of the statement; false when not one. */
static bool skip_keyword(struct dts_cur *c)
{
	static const char *const skip[] = {
		"/dts-v1/", "/plugin/", "/memreserve/", "/delete-node/", "/delete-property/",
		"/include/", "/omit-if-no-ref/",
	};
	for (size_t i = 0; i < ARRAY_SIZE(skip); i++) {
		if (!strncmp(c->s + c->pos, skip[i], strlen(skip[i]))) {
			while (peek(c, 0) && peek(c, 0) != ';' && peek(c, 0) != '\n')
				adv(c, 1);
			if (peek(c, 0) == ';')
				adv(c, 1);
			return true;
		}
	}
	return false;
}

/* A node "name {", its '{' read: the node and its body; false when out of memory. */
static bool parse_node(struct dts_cur *c, struct ditem *parent, struct ditem **head,
		       const char *name, unsigned line, const char *const *labels, size_t nlabels,
		       unsigned depth)
{
	struct ditem *it = new_item(c, DI_NODE, name, line);

	if (!it)
		return false;
	it->parent = parent;
	memcpy(it->labels, labels, nlabels * sizeof(labels[0]));
	it->nlabels = nlabels;
	c->last = NULL;
	parse_body(c, it, &it->children, NULL, depth + 1);
	/* Comments before the node that ended an unclosed one lead that node. */
	if (c->lead.len && !c->recovered)
		it->tail = take_lead(c);
	c->last = it;
	c->last_li = c->li;
	append_item(head, it);
	return true;
}

/* The value after "name =", as dtc accepts it; NULL (counted as dropped) when it cannot be. */
static const char *statement_value(struct dts_cur *c, const char *name, unsigned line)
{
	bool bad;
	const char *v = read_value(c, &bad);

	if (v && !bad)
		v = normalize_value(c->cv, v);
	if (bad || !v) {
		if (!c->dropped++)
			c->dropped_line = line;
		return NULL;
	}
	if (!strcmp(name, "compatible") && strchr(v, '<') && strchr(v, '"')) {
		/* "<vendor,panel>": a placeholder, written as a plain string. */
		char *w = cv_strdup(c->cv, v), *q = w;

		for (const char *r = v; w && *r; r++)
			if (*r != '<' && *r != '>')
				*q++ = *r;
		if (w) {
			*q = '\0';
			v = w;
		}
	}
	return v;
}

/* One statement; returns false at the end of the block. */
static bool parse_statement(struct dts_cur *c, struct ditem *parent, struct ditem **head,
			    struct strbuf *directives, unsigned depth)
{
	const char *labels[4];
	size_t nlabels = 0;
	size_t start;
	unsigned line;

	skip_space(c);
	if (c->pos >= c->len)
		return false;
	start = c->pos;
	line = cur_line(c);
	size_t start_li = c->li;
	unsigned col = column_of(c, start);
	if (peek(c, 0) == '}') {
		adv(c, 1);
		while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
			adv(c, 1);
		if (peek(c, 0) == ';')
			adv(c, 1);
		if (depth)
			return false;
		return true;	/* stray brace at top level */
	}
	if (peek(c, 0) == '#' && is_directive(c)) {
		size_t s0 = c->pos;

		skip_to_eol(c);
		if (directives) {
			sb_putn(directives, c->s + s0, c->pos - s0);
			sb_putc(directives, '\n');
		}
		return true;
	}
	if (peek(c, 0) == '.' || (peek(c, 0) == '[' && peek(c, 1) == '.') ||
	    (unsigned char)peek(c, 0) == 0xe2) {
		drop_line(c, start);
		return true;
	}
	nlabels = read_labels(c, labels, ARRAY_SIZE(labels));
	const char *name = NULL;
	bool is_ref = false;

	if (peek(c, 0) == '&') {
		size_t s0 = c->pos;

		adv(c, 1);
		if (peek(c, 0) == '{') {
			while (peek(c, 0) && peek(c, 0) != '}')
				adv(c, 1);
			adv(c, 1);
		} else {
			while (is_label_char((unsigned char)peek(c, 0)))
				adv(c, 1);
		}
		name = cv_strndup(c->cv, c->s + s0, c->pos - s0);
		is_ref = true;
	} else if (peek(c, 0) == '/') {
		if (skip_keyword(c))
			return true;
		adv(c, 1);
		name = "/";
	} else {
		size_t n = ident_len(c, c->pos);

		if (!n) {
			drop_line(c, start);
			return true;
		}
		name = cv_strndup(c->cv, c->s + c->pos, n);
		adv(c, n);
	}
	if (!name)
		return false;
	while (peek(c, 0) == ' ' || peek(c, 0) == '\t')
		adv(c, 1);
	if (peek(c, 0) == '\n') {
		/* "node\n{" */
		size_t p = c->pos;

		while (p < c->len && strchr(" \t\n", c->s[p]))
			p++;
		if (p < c->len && c->s[p] == '{')
			adv(c, p - c->pos);
	}
	char ch = peek(c, 0);
	struct ditem *it = NULL;

	if (ch == '{') {
		if (c->recover && depth && depth <= MAX_NESTING && col <= c->open_col[depth]) {
			c->pos = start;	/* the unclosed parent ends here; read again there */
			c->li = start_li;
			c->recovered = true;
			return false;
		}
		c->recovered = false;
		adv(c, 1);
		if (depth >= MAX_NESTING) {
			drop_line(c, start);
			return true;
		}
		c->open_col[depth + 1] = col;
		return parse_node(c, parent, head, name, line, labels, nlabels, depth);
	}
	if (is_ref || !strcmp(name, "/")) {
		drop_line(c, start);
		return true;
	}
	if (ch == '=') {
		adv(c, 1);
		const char *v = statement_value(c, name, line);

		if (!v)
			return true;
		it = new_item(c, DI_PROP, name, line);
		if (!it)
			return false;
		it->value = v;
	} else if (ch == ';' || ((ch == '\n' || ch == '}' || !ch) && depth &&
				 (strchr(name, '-') || strchr(name, ',') || is_std_prop(name)))) {
		if (ch == ';')
			adv(c, 1);
		it = new_item(c, DI_PROP, name, line);
		if (!it)
			return false;
	} else {
		drop_line(c, start);
		return true;
	}
	memcpy(it->labels, labels, nlabels * sizeof(labels[0]));
	it->nlabels = nlabels;
	it->parent = parent;
	append_item(head, it);
	c->last = it;
	c->last_li = c->li;
	return true;
}

static void parse_body(struct dts_cur *c, struct ditem *parent, struct ditem **head,
		       struct strbuf *directives, unsigned depth)
{
	while (c->pos < c->len && !c->cv->oom) {
		size_t before = c->pos;

		if (!parse_statement(c, parent, head, directives, depth))
			break;
		if (c->pos == before)
			adv(c, 1);	/* never loop in place */
	}
}

/* Parse lines [a, b] of the text (one code run) into @ex. */
static void parse_example(struct conv *cv, struct example *ex, size_t a, size_t b)
{
	struct strbuf text, dir;
	unsigned *lno = cv_alloc(cv, (b - a + 1) * sizeof(*lno));
	struct dts_cur c = { .cv = cv };

	if (!lno)
		return;
	sb_init(&text);
	sb_init(&dir);
	sb_init(&c.lead);
	for (size_t i = a; i <= b; i++) {
		sb_puts(&text, cv->lines[i].s);
		sb_putc(&text, '\n');
		lno[i - a] = cv->lines[i].no;
	}
	c.s = sb_cstr(&text);
	c.len = text.len;
	c.lno = lno;
	c.nl = b - a + 1;
	c.recover = braces_open(c.s);
	parse_body(&c, NULL, &ex->top, &dir, 0);
	if (c.lead.len) {
		/* Comments after the last node: keep them with it. */
		struct ditem *last = ex->top;

		while (last && last->next)
			last = last->next;
		if (last && !last->tail && last->kind == DI_NODE)
			last->tail = NULL;
	}
	if (dir.len)
		ex->directives = cv_strndup(cv, dir.buf, dir.len);
	if (c.dropped)
		finding(cv, DTBIND_WARNING, c.dropped_line, 1, "doc2yaml-example",
			"%u line%s of the example %s not devicetree source and %s dropped",
			c.dropped, c.dropped == 1 ? "" : "s", c.dropped == 1 ? "is" : "are",
			c.dropped == 1 ? "was" : "were");
	ex->line = cv->lines[a].no;
	ex->last = cv->lines[b].no;
	sb_free(&text);
	sb_free(&dir);
	sb_free(&c.lead);
}

/* Cut the example sections into code runs and parse each. */
void collect_examples(struct conv *cv)
{
	size_t i = 0;

	while (i < cv->nlines) {
		if (!cv->lines[i].exsec) {
			i++;
			continue;
		}
		unsigned sec = cv->lines[i].exsec;
		int depth = 0;
		size_t run_start = SIZE_MAX, run_end = 0;
		bool in_comment = false;

		for (; i < cv->nlines && (cv->lines[i].exsec == sec || cv->lines[i].blank); i++) {
			const struct line *l = &cv->lines[i];
			bool code;

			if (l->blank)
				continue;
			code = depth > 0 || in_comment || dts_like(l->t);
			if (!code) {
				if (run_start != SIZE_MAX) {
					struct example *ex = cv_alloc(cv, sizeof(*ex));

					if (ex) {
						parse_example(cv, ex, run_start, run_end);
						vec_push(cv, &cv->examples, ex);
					}
				}
				run_start = SIZE_MAX;
				continue;
			}
			if (run_start == SIZE_MAX)
				run_start = i;
			run_end = i;
			for (const char *p = l->t; *p; p++) {
				if (in_comment) {
					if (p[0] == '*' && p[1] == '/')
						in_comment = false, p++;
					continue;
				}
				if (*p == '"') {
					for (p++; *p && *p != '"'; p++)
						;
					if (!*p)
						break;
				} else if (p[0] == '/' && p[1] == '*') {
					in_comment = true;
					p++;
				} else if (p[0] == '/' && p[1] == '/') {
					break;
				} else if (*p == '{') {
					depth++;
				} else if (*p == '}' && depth) {
					depth--;
				}
			}
		}
		if (run_start != SIZE_MAX) {
			struct example *ex = cv_alloc(cv, sizeof(*ex));

			if (ex) {
				parse_example(cv, ex, run_start, run_end);
				vec_push(cv, &cv->examples, ex);
			}
		}
	}
}

/* ---- DTS values ---------------------------------------------------- */

/* The strings of a value ("a", "b") into @out (up to @max); returns the count. */
size_t value_strings(struct conv *cv, const char *v, const char **out, size_t max)
{
	size_t n = 0;

	if (!v)
		return 0;
	for (const char *p = v; *p; p++) {
		if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			p = e + 1;
			continue;
		}
		if (*p != '"')
			continue;
		const char *s = ++p;

		while (*p && *p != '"') {
			if (*p == '\\' && p[1])
				p++;
			p++;
		}
		if (n < max)
			out[n] = cv_strndup(cv, s, (size_t)(p - s));
		n++;
		if (!*p)
			break;
	}
	return n < max ? n : max;
}

void value_shape(const char *v, struct vshape *sh)
{
	memset(sh, 0, sizeof(*sh));
	if (!v)
		return;
	for (const char *p = v; *p; p++) {
		if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				return;
			p = e + 1;
		} else if (*p == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
			if (!*p)
				return;
		} else if (*p == '"') {
			sh->strings++;
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return;
		} else if (starts_with(p, "/bits/")) {
			sh->bits = (unsigned)strtoul(p + 6, NULL, 10);
			p += 5;
		} else if (*p == '[') {
			sh->bytes = true;
			while (*p && *p != ']')
				p++;
			if (!*p)
				return;
		} else if (*p == '<') {
			unsigned cells = 0;
			int paren = 0;

			sh->groups++;
			for (p++; *p && *p != '>'; p++) {
				if (*p == '(') {
					if (!paren++)
						cells++;
					continue;
				}
				if (*p == ')') {
					paren--;
					continue;
				}
				if (paren)
					continue;
				if (*p == '&') {
					sh->refs++;
					cells++;
					if (p[1] == '{')
						while (*p && *p != '}')
							p++;
					else
						while (is_label_char((unsigned char)p[1]))
							p++;
					if (!*p)
						return;
				} else if (isalnum((unsigned char)*p) || *p == '_' || *p == '-') {
					cells++;
					while (isalnum((unsigned char)p[1]) || p[1] == '_' || p[1] == '.')
						p++;
				} else if (*p == '/' && p[1] == '*') {
					const char *e = strstr(p + 2, "*/");

					if (!e)
						return;
					p = e + 1;
				}
			}
			sh->cells += cells;
			if (cells > sh->max_group)
				sh->max_group = cells;
			if (!*p)
				return;
		} else if (!strchr(" \t\n,", *p)) {
			sh->other = true;
		}
	}
}

/* Integer cells of a single-group value with literal numbers (up to @max). */
size_t value_ints(const char *v, unsigned long long *out, size_t max)
{
	size_t n = 0;
	const char *p = v ? strchr(v, '<') : NULL;

	if (!p)
		return 0;
	for (p++; *p && *p != '>' && n < max;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (!isdigit((unsigned char)*p))
			return n;
		char *e;

		out[n++] = strtoull(p, &e, 0);
		if (e == p)
			return n - 1;
		p = e;
		if (*p && !isspace((unsigned char)*p) && *p != '>')
			return n - 1;
	}
	return n;
}

/* @node's live child node named @name, or NULL (node_prop's twin for nodes). */
struct ditem *node_child(const struct ditem *node, const char *name)
{
	for (struct ditem *it = node->children; it; it = it->next)
		if (!it->dead && it->kind == DI_NODE && !strcmp(it->name, name))
			return it;
	return NULL;
}

struct ditem *node_prop(const struct ditem *node, const char *name)
{
	struct ditem *found = NULL;

	for (struct ditem *it = node->children; it; it = it->next)
		if (!it->dead && it->kind == DI_PROP && !strcmp(it->name, name))
			found = it;
	return found;
}

static bool prop_below_at(const struct ditem *n, const char *name, bool prefix, unsigned depth)
{
	if (depth > MAX_NESTING)
		return false;
	for (const struct ditem *c = n->children; c; c = c->next) {
		if (c->dead)
			continue;
		if (c->kind == DI_PROP ? depth > 0 && (prefix ? starts_with(c->name, name) :
							   !strcmp(c->name, name)) :
					 prop_below_at(c, name, prefix, depth + 1))
			return true;
	}
	return false;
}

/*
 * Does a node below @n (not @n itself) set property @name, or with @prefix
 * one whose name starts with it ("regulator-" in a child)?
 */
bool prop_below(const struct ditem *n, const char *name, bool prefix)
{
	return prop_below_at(n, name, prefix, 0);
}

/* Does any of the examples' device nodes have property @name? */
bool devnodes_use(const struct conv *cv, const char *name)
{
	for (size_t d = 0; d < cv->devnodes.n; d++)
		if (node_prop(cv->devnodes.v[d], name))
			return true;
	return false;
}

unsigned cells_prop(const struct ditem *node, const char *name, unsigned dflt)
{
	const struct ditem *p = node ? node_prop(node, name) : NULL;
	unsigned long long v[2];

	if (p && value_ints(p->value, v, 2) == 1 && v[0] <= 4)
		return (unsigned)v[0];
	return dflt;
}

/* #address-cells and #size-cells a node's reg uses (the example wrapper gives 1, 1). */
void parent_cells(const struct ditem *node, unsigned *ac, unsigned *sc)
{
	const struct ditem *parent = node->parent;

	*ac = cells_prop(parent, "#address-cells", parent ? 2 : 1);
	*sc = cells_prop(parent, "#size-cells", parent ? 1 : 1);
	if (!parent) {
		*ac = 1;
		*sc = 1;
	}
}
