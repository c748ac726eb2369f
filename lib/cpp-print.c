// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp-print.c - the preprocessor's printer: gcc's spacing and line rules,
 * and the map from output tokens back to their source.
 */
#include "cpp-private.h"

/* ---- output ---------------------------------------------------------- */
struct srcmap_line cpp_map_line(struct cpp *p, const struct srcfile *sf, uint32_t line)
{
	const struct buffer *b = p->buf;

	if (b && b->sf == sf && b->line_set)
		return (struct srcmap_line){ b->presumed ? b->presumed : cpp_intern(p, sf->path),
					     (uint32_t)(line + b->line_delta), 0 };
	if (sf == p->main_sf && p->in_map && p->in_map->n) {
		const struct srcmap_line *l;
		uint32_t extra = 0;

		if (line <= p->in_map->n) {
			l = &p->in_map->lines[line - 1];
		} else {
			l = &p->in_map->lines[p->in_map->n - 1];
			extra = (uint32_t)(line - p->in_map->n);
		}
		return (struct srcmap_line){ cpp_intern(p, l->file ? l->file : p->name),
					     l->line + extra, l->col_offset };
	}
	return (struct srcmap_line){ cpp_intern(p, sf->path), line, 0 };
}

static void new_line(struct cpp *p, const struct srcfile *sf, uint32_t line)
{
	struct srcmap_line l = cpp_map_line(p, sf, line);

	sb_putc(&p->text, '\n');
	if (srcmap_push(&p->out->map, l.file, l.line, l.col_offset))
		cpp_oom(p);
	p->pr.sf = sf;
	p->pr.line = line;
	p->pr.col = 0;
	p->pr.line_start = p->text.len;
	p->pr.content = false;
}

/* Make the current output line the one of @sf:@line. */
static void move_to(struct cpp *p, const struct srcfile *sf, uint32_t line)
{
	struct printer *pr = &p->pr;
	bool fill = sf == pr->sf && line > pr->line &&
		    (line - pr->line <= CPP_MAX_FILL || sf == p->main_sf);

	if (sf == pr->sf && line == pr->line)
		return;
	if (fill) {
		for (uint32_t l = pr->line + 1; l <= line; l++)
			new_line(p, sf, l);
	} else if (!pr->content) {
		/* Nothing on the current line: it becomes the new one. */
		struct srcmap_line l = cpp_map_line(p, sf, line);

		p->text.len = pr->line_start;
		if (p->text.buf)
			p->text.buf[p->text.len] = '\0';
		p->out->map.lines[p->out->map.n - 1] = l;
		pr->sf = sf;
		pr->line = line;
		pr->col = 0;
	} else {
		new_line(p, sf, line);
	}
}

/* White space up to column @col of @t's line, tabs where the source has them. */
static void indent(struct cpp *p, const struct tok *t)
{
	const char *ls = t->sf->text + t->sf->ls[t->line - 1];

	for (uint32_t c = p->pr.col; c + 1 < t->col; c++)
		sb_putc(&p->text, ls[c] == '\t' ? '\t' : ' ');
	if (p->pr.col + 1 < t->col)
		p->pr.col = t->col - 1;
}

/* @t starts an output line (gcc's line change callback). */
void cpp_position(struct cpp *p, const struct tok *t)
{
	move_to(p, t->sf, t->line);
	indent(p, t);
	p->pr.fresh = true;
	p->pr.have_prev = false;
	p->pr.source = -1;
}

/* gcc's cpp_avoid_paste(): would @a and @b printed together lex differently? */
bool cpp_avoid_paste(const struct tok *a, const struct tok *b)
{
	int c = b->type == T_PUNCT ? (unsigned char)b->text[0] : -1;

	if (a->type == T_PUNCT) {
		switch (a->op) {
		case P_EQ: case P_NOT: case P_MUL: case P_XOR:
			return c == '=';
		case P_GT: return c == '>' || c == '=';
		case P_LT: return c == '<' || c == '%' || c == ':' || c == '=';
		case P_PLUS: return c == '+' || c == '=';
		case P_MINUS: return c == '-' || c == '>' || c == '=';
		case P_DIV: return c == '/' || c == '*' || c == '=';
		case P_MOD: return c == ':' || c == '>' || c == '=';
		case P_AND: return c == '&' || c == '=';
		case P_OR: return c == '|' || c == '=';
		case P_RSHIFT: case P_LSHIFT: return c == '=';
		case P_COLON: return c == ':' || c == '>';
		case P_ARROW: return c == '*';
		case P_DOT: return c == '.' || c == '%' || b->type == T_NUMBER;
		case P_HASH: return c == '#' || c == '%';
		case P_LE: return c == '>';
		default: return false;
		}
	}
	bool plain_lit = (b->type == T_CHAR || b->type == T_STRING) && !(b->flags & F_PREFIX);

	switch (a->type) {
	case T_NAME:
		return b->type == T_NAME || plain_lit;
	case T_NUMBER:
		return b->type == T_NUMBER || b->type == T_NAME ||
		       (b->type == T_CHAR && !(b->flags & F_PREFIX)) || c == '.' || c == '+' ||
		       c == '-';
	case T_OTHER:
		return a->text[0] == '\\' && b->type == T_NAME;
	default:
		return false;
	}
}

static bool need_space(const struct cpp *p, const struct tok *t)
{
	const struct printer *pr = &p->pr;

	if (pr->avoid_paste) {
		int src = pr->source >= 0 ? pr->source : !!(t->flags & F_WHITE);

		return src || (pr->have_prev && cpp_avoid_paste(&pr->prev, t)) ||
		       (!pr->have_prev && tok_is(t, P_HASH));
	}
	return t->flags & F_WHITE;
}

/* A file token on a later line that gcc separates with white space starts its own line. */
static bool later_line(const struct cpp *p, const struct tok *t)
{
	return (t->flags & F_FILE) && t->sf && (t->sf != p->pr.sf || t->line > p->pr.line);
}

void cpp_print_padding(struct cpp *p, const struct tok *pad)
{
	struct printer *pr = &p->pr;

	if (later_line(p, pad) && (pad->flags & F_SRC_WHITE))
		cpp_position(p, pad);
	pr->avoid_paste = true;
	if (pr->source < 0 || (pr->source == 0 && !(pad->flags & F_SRC)))
		pr->source = (pad->flags & F_SRC) ? !!(pad->flags & F_SRC_WHITE) : -1;
}

/*
 * Map output column @out_col, where @t is about to be printed: a token from
 * a file to where it is written, one of a macro's output to the name of the
 * outermost macro invoked (the line's map says so already where nothing
 * before it on the line changed the columns).
 */
static void map_token(struct cpp *p, const struct tok *t, uint32_t out_col)
{
	const struct tok *at = (t->flags & F_FILE) ? t : &p->exp_tok;
	const struct srcmap *m = &p->out->map;
	struct srcmap_line l;

	/* The common case, cheaply: at its column of the line the map describes. */
	if (at == t && t->sf == p->pr.sf && t->line == p->pr.line && t->col == out_col &&
	    m->n && !m->lines[m->n - 1].n_spans)
		return;
	if (!at->sf || !at->line)
		return;
	/* Mostly on the line the map describes: no need to look its file up again. */
	if (at->sf == p->pr.sf && at->line == p->pr.line && m->n)
		l = m->lines[m->n - 1];
	else
		l = cpp_map_line(p, at->sf, at->line);
	if (srcmap_add_span(&p->out->map, out_col, l.file, l.line, at->col + l.col_offset,
			    !(t->flags & F_FILE)))
		cpp_oom(p);
}

void cpp_print_token(struct cpp *p, const struct tok *t)
{
	struct printer *pr = &p->pr;
	bool space;

	if (later_line(p, t) && need_space(p, t))
		cpp_position(p, t);
	if (pr->fresh) {
		space = false;
		pr->fresh = false;
	} else {
		space = need_space(p, t);
	}
	if (space) {
		if ((t->flags & F_FILE) && t->sf == pr->sf && t->line == pr->line &&
		    pr->col + 1 < t->col) {
			indent(p, t);
		} else {
			sb_putc(&p->text, ' ');
			pr->col++;
		}
	}
	map_token(p, t, pr->col + 1);
	sb_putn(&p->text, t->text, t->len);
	pr->col += t->len;
	pr->content = true;
	pr->avoid_paste = false;
	pr->source = -1;
	pr->prev = *t;
	pr->have_prev = true;
	if (p->text.oom)
		cpp_oom(p);
	else if (p->text.len > CPP_MAX_OUTPUT)
		cpp_limit(p, t, "preprocessor output (bytes)", CPP_MAX_OUTPUT);
}

