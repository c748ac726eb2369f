// SPDX-License-Identifier: BSD-2-Clause
/*
 * yaml.c - load YAML 1.2 / JSON into the value tree with a location on every
 * node.  Built from libfyaml's event stream rather than its document tree:
 * events carry marks for collections too, duplicate keys can be located at
 * the second key, and nesting is bounded by our own explicit stack.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <libfyaml.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Aliases share nodes; this bounds the tree as it would be expanded (billion laughs). */
#define MAX_EXPANDED_NODES (20u * 1000 * 1000)

struct dtbind_doc {
	struct arena arena;
	const char *path;
	struct dtbind_value *root;
};

struct frame {
	struct dtbind_value *v;
	/*
	 * Children collect in a malloc'd vector and move to the arena on close.
	 * The vectors stay with the stack slot for the next collection at this
	 * depth (freed with the loader): a malloc and a free per collection were
	 * most of the allocations of a load.
	 */
	struct dtbind_value **items;
	struct dtbind_member *members;
	size_t n, items_cap, members_cap;
	bool have_key;
	struct dtbind_member key;
	struct hmap keys;	/* for duplicate detection in large maps */
	uint64_t expanded;	/* node count with aliases expanded */
	const char *anchor;	/* open anchor on this node, to refuse recursive aliases */
};

struct anchor {
	struct dtbind_value *v;
	uint64_t expanded;
	bool open;
};

struct loader {
	struct dtbind_doc *doc;
	struct dtbind_diag *diag;
	struct frame *stack;	/* grown as collections open, to DTBIND_MAX_DEPTH */
	unsigned depth, stack_cap;
	struct hmap anchors;	/* name -> struct anchor * (malloc) */
	int err;
	const char *buf;
	size_t len;
	size_t dash_at;		/* offset + 1 of a '-' that libfyaml refused as a flow scalar */
	size_t last_end;	/* end of the last token seen: a block scalar's header is after it */
	bool yaml11;		/* a %YAML 1.1 document: NEL, LS and PS are line breaks */
};

static struct dtbind_loc mark_loc(struct loader *ld, const struct fy_mark *m)
{
	struct dtbind_loc loc = { .file = ld->doc->path };

	if (m) {
		loc.line = (uint32_t)m->line + 1;
		loc.col = (uint32_t)m->column + 1;
	}
	return loc;
}

static struct dtbind_loc token_loc(struct loader *ld, struct fy_token *t)
{
	return mark_loc(ld, t ? fy_token_start_mark(t) : NULL);
}

static void fail(struct loader *ld, struct dtbind_loc loc, int err, const char *rule,
		 const char *fmt, ...) DTBIND_PRINTF(5, 6);
static void fail(struct loader *ld, struct dtbind_loc loc, int err, const char *rule,
		 const char *fmt, ...)
{
	va_list ap;

	if (ld->err)
		return;
	ld->err = err;
	if (!ld->diag)
		return;
	va_start(ap, fmt);
	dtbind_diag_vreport(ld->diag, DTBIND_ERROR, loc, rule, fmt, ap);
	va_end(ap);
}

static bool is_plain_match(const char *s, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == n && memcmp(*list, s, n) == 0)
			return true;
	return false;
}

static bool all_digits(const char *s, size_t n, int base)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		bool ok = base == 16 ? ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
					(c >= 'A' && c <= 'F'))
				     : (c >= '0' && c < '0' + base);

		if (!ok)
			return false;
	}
	return true;
}

/* [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? */
static bool is_float_text(const char *s, size_t n)
{
	size_t i = 0, digits = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++, digits++;
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++, digits++;
	}
	if (!digits)
		return false;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t e = 0;

		i++;
		if (i < n && (s[i] == '-' || s[i] == '+'))
			i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++, e++;
		if (!e)
			return false;
	}
	return i == n;
}

static bool parse_int(const char *s, size_t n, struct dtbind_value *v)
{
	char buf[80];
	const char *p = s;
	size_t len = n;
	bool neg = false;
	int base = 10;

	if (n >= sizeof(buf))
		goto big;
	if (len && (*p == '-' || *p == '+')) {
		neg = *p == '-';
		p++, len--;
	}
	if (len > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o')) {
		if (s != p)
			return false;	/* YAML 1.2: no sign on 0x / 0o */
		base = p[1] == 'x' ? 16 : 8;
		p += 2, len -= 2;
	}
	if (!all_digits(p, len, base))
		return false;
	memcpy(buf, p, len);
	buf[len] = '\0';
	errno = 0;
	unsigned long long u = strtoull(buf, NULL, base);

	if (errno == 0 && (neg ? u <= (unsigned long long)INT64_MAX + 1 : u <= INT64_MAX)) {
		v->kind = DTBIND_INT;
		v->u.i = neg ? (int64_t)(0 - u) : (int64_t)u;
		return true;
	}
	if (errno == 0) {
		/* Beyond int64 (for example 0xffffffffffffffff): keep the magnitude. */
		v->kind = DTBIND_FLOAT;
		v->u.f = neg ? -(double)u : (double)u;
		return true;
	}
big:
	if (!all_digits(s + (s[0] == '-' || s[0] == '+'), n - (s[0] == '-' || s[0] == '+'), 10))
		return false;
	v->kind = DTBIND_FLOAT;
	{
		char *tmp = strndup(s, n);

		if (!tmp)
			return false;
		v->u.f = strtod(tmp, NULL);
		free(tmp);
	}
	return true;
}

static const char *const null_words[] = { "", "~", "null", "Null", "NULL", NULL };
static const char *const true_words[] = { "true", "True", "TRUE", NULL };
static const char *const false_words[] = { "false", "False", "FALSE", NULL };
static const char *const inf_words[] = { ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", NULL };
static const char *const ninf_words[] = { "-.inf", "-.Inf", "-.INF", NULL };
static const char *const nan_words[] = { ".nan", ".NaN", ".NAN", NULL };

/* Resolve a plain scalar by the YAML 1.2 core schema. */
static void resolve_plain(struct dtbind_value *v, const char *s, size_t n)
{
	if (is_plain_match(s, n, null_words)) {
		v->kind = DTBIND_NULL;
	} else if (is_plain_match(s, n, true_words) || is_plain_match(s, n, false_words)) {
		v->kind = DTBIND_BOOL;
		v->u.b = s[0] == 't' || s[0] == 'T';
	} else if (parse_int(s, n, v)) {
		/* done */
	} else if (is_float_text(s, n)) {
		char *tmp = strndup(s, n);

		v->kind = DTBIND_FLOAT;
		v->u.f = tmp ? strtod(tmp, NULL) : NAN;
		free(tmp);
	} else if (is_plain_match(s, n, inf_words)) {
		v->kind = DTBIND_FLOAT;
		v->u.f = INFINITY;
	} else if (is_plain_match(s, n, ninf_words)) {
		v->kind = DTBIND_FLOAT;
		v->u.f = -INFINITY;
	} else if (is_plain_match(s, n, nan_words)) {
		v->kind = DTBIND_FLOAT;
		v->u.f = NAN;
	}
}

/* The suffix of a standard tag ("str" for !!str), or NULL for other tags. */
static const char *core_tag(struct fy_token *tag, size_t *len)
{
	size_t n;
	const char *t;

	if (!tag)
		return NULL;
	t = fy_token_get_text(tag, &n);
	if (!t)
		return NULL;
	static const char prefix[] = "tag:yaml.org,2002:";

	if (n > sizeof(prefix) - 1 && memcmp(t, prefix, sizeof(prefix) - 1) == 0) {
		*len = n - (sizeof(prefix) - 1);
		return t + sizeof(prefix) - 1;
	}
	if (n > 2 && t[0] == '!' && t[1] == '!') {
		*len = n - 2;
		return t + 2;
	}
	return NULL;
}

/*
 * The text of a single-quoted scalar with a run of '' escapes, made here
 * from its source (in the doc's arena): libfyaml 0.7 (Debian 12) leaks the
 * chunk array it grows while formatting one (its issue 233, fixed upstream;
 * fuzz_jsonschema found it with 12 quotes).  As YAML 1.2 folds a flow
 * scalar: '' is ', a line break between text is a space, each empty line a
 * newline, white space around the breaks dropped.  NULL: not such a scalar.
 */
static const char *single_quoted_text(struct loader *ld, struct fy_token *tok, size_t *len)
{
	const struct fy_mark *from = fy_token_start_mark(tok), *to = fy_token_end_mark(tok);

	/* The marks span the text between the quotes. */
	if (fy_token_scalar_style(tok) != FYSS_SINGLE_QUOTED || !from || !to ||
	    to->input_pos >= ld->len || !from->input_pos || from->input_pos > to->input_pos)
		return NULL;
	const char *p = ld->buf + from->input_pos, *end = ld->buf + to->input_pos;

	const char *run = p;

	while (run + 4 <= end && memcmp(run, "''''", 4))
		run++;
	if (p[-1] != '\'' || *end != '\'' || run + 4 > end)
		return NULL;
	char *out = arena_alloc(&ld->doc->arena, (size_t)(end - p) + 1);
	size_t n = 0;

	if (!out)
		return NULL;
	while (p < end) {
		if (*p == '\'' && p + 1 < end && p[1] == '\'') {
			out[n++] = '\'';
			p += 2;
		} else if (*p == '\n' || *p == '\r') {
			unsigned empty = 0;

			while (n && (out[n - 1] == ' ' || out[n - 1] == '\t'))
				n--;
			p += (*p == '\r' && p + 1 < end && p[1] == '\n') ? 2 : 1;
			for (;;) {
				while (p < end && (*p == ' ' || *p == '\t'))
					p++;
				if (p >= end || (*p != '\n' && *p != '\r'))
					break;
				empty++;
				p += (*p == '\r' && p + 1 < end && p[1] == '\n') ? 2 : 1;
			}
			if (!empty)
				out[n++] = ' ';
			for (; empty; empty--)
				out[n++] = '\n';
		} else {
			out[n++] = *p++;
		}
	}
	out[n] = '\0';
	*len = n;
	return out;
}

/*
 * Block scalars (YAML 1.2 section 8.1) are formatted here from the source
 * too: libfyaml 0.7's atom iterator leaks the chunk array it grows on some
 * of them (fuzz regression block-scalar-space-tail-leak.yaml).  libfyaml's
 * token still gives the extent: its start mark is the line after the
 * header, its end mark where the scalar stopped (trailing empty lines in).
 */
struct block_header {
	bool folded;
	char chomp;		/* '-' strip, '+' keep, 0 clip */
	unsigned increment;	/* the indentation indicator, 0 if none */
};

/*
 * The header ("|2-  # comment") on the line ending at @from.  Searched from
 * after the last token before the scalar (its key, tag or anchor may hold
 * '|' or '>'); no comment can come before the indicator on that line.
 */
static bool block_header(struct loader *ld, size_t from, struct block_header *h)
{
	size_t line = from - 1;

	if (ld->buf[line] == '\n' && line && ld->buf[line - 1] == '\r')
		line--;
	while (line && ld->buf[line - 1] != '\n' && ld->buf[line - 1] != '\r')
		line--;
	for (size_t p = ld->last_end > line ? ld->last_end : line; p < from; p++) {
		const char *s = ld->buf + p;

		if (*s != '|' && *s != '>')
			continue;
		*h = (struct block_header){ .folded = *s == '>' };
		for (s++; *s == '-' || *s == '+' || (*s >= '1' && *s <= '9'); s++) {
			if (*s == '-' || *s == '+')
				h->chomp = *s;
			else
				h->increment = (unsigned)(*s - '0');
		}
		while (*s == ' ' || *s == '\t')
			s++;
		if ((*s == '#' && (s[-1] == ' ' || s[-1] == '\t')) || *s == '\n' || *s == '\r')
			return true;
	}
	return false;
}

/* A YAML 1.1 line break that is not \r or \n: NEL, LS or PS. */
static bool unicode_break_at(const char *s, const char *end)
{
	return (end - s >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0x85) ||
	       (end - s >= 3 && (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
		((unsigned char)s[2] == 0xa8 || (unsigned char)s[2] == 0xa9));
}

/* The line at @p (up to its break, CRLF is one); returns the next one. */
static const char *block_line(const char *p, const char *end, size_t *n, bool *brk)
{
	const char *e = p;

	while (e < end && *e != '\n' && *e != '\r')
		e++;
	*n = (size_t)(e - p);
	*brk = e < end;
	if (e < end && *e == '\r' && e + 1 < end && e[1] == '\n')
		e++;
	return e < end ? e + 1 : e;
}

/*
 * The content indentation: the indicator's, over the enclosing block
 * collection's (as libfyaml and PyYAML count it, 0 at the top level); else
 * that of the first non-empty line, which the extent holds.
 */
static bool block_indent(struct loader *ld, const char *p, const char *end, unsigned increment,
			 size_t *ind)
{
	size_t most = 0;

	if (increment) {
		const struct dtbind_value *parent = ld->depth ? ld->stack[ld->depth - 1].v : NULL;

		if (parent && (!parent->loc.line || parent->style == DTBIND_STYLE_FLOW))
			return false;
		*ind = (parent ? parent->loc.col - 1 : 0) + increment;
		return true;
	}
	while (p < end) {
		size_t n, sp = 0;
		bool brk;
		const char *next = block_line(p, end, &n, &brk);

		while (sp < n && p[sp] == ' ')
			sp++;
		if (sp < n) {
			*ind = sp;
			return sp >= most;	/* else libfyaml has refused it */
		}
		if (sp > most)
			most = sp;
		p = next;
	}
	*ind = most;
	return true;
}

static void put_breaks(char *out, size_t *n, size_t count)
{
	memset(out + *n, '\n', count);
	*n += count;
}

/*
 * Literal: each content line after the indentation, its break and every
 * empty line kept.  Folded: a break between two lines of text (not
 * starting with white space) becomes a space, or is dropped when empty
 * lines follow it.  Then chomping: strip drops the last break, clip keeps
 * it, keep keeps the trailing empty lines too.  NULL: not as expected.
 */
static const char *block_scalar_text(struct loader *ld, struct fy_token *tok, size_t *len)
{
	enum fy_scalar_style style = fy_token_scalar_style(tok);
	const struct fy_mark *from = fy_token_start_mark(tok), *to = fy_token_end_mark(tok);
	struct block_header h;
	size_t ind;

	if ((style != FYSS_LITERAL && style != FYSS_FOLDED) || !from || !to ||
	    to->input_pos > ld->len || from->input_pos > to->input_pos)
		return NULL;
	if (from->input_pos == to->input_pos) {
		*len = 0;
		return "";
	}
	const char *p = ld->buf + from->input_pos, *end = ld->buf + to->input_pos;

	if (!from->input_pos || (p[-1] != '\n' && p[-1] != '\r') ||
	    !block_header(ld, from->input_pos, &h) || !block_indent(ld, p, end, h.increment, &ind))
		return NULL;
	for (const char *u = p; ld->yaml11 && u < end; u++)
		if (unicode_break_at(u, end))
			return NULL;	/* libfyaml's own text: rare, not worth the code */
	/* The text is never longer than its source: breaks and indentation only shrink. */
	char *out = arena_alloc(&ld->doc->arena, (size_t)(end - p) + 1);
	size_t n = 0, empty = 0;
	bool any = false, spaced = false, last_brk = false;

	if (!out)
		return NULL;
	while (p < end) {
		size_t ln, sp = 0;
		bool brk;
		const char *next = block_line(p, end, &ln, &brk);

		while (sp < ln && sp < ind && p[sp] == ' ')
			sp++;
		if (sp == ln) {
			/* Empty; a last line without its break is the next line's indentation. */
			empty += brk;
			p = next;
			continue;
		}
		if (sp < ind)
			return NULL;	/* libfyaml ends the scalar before such a line */
		bool more = p[ind] == ' ' || p[ind] == '\t';	/* more indented */

		if (!any)
			put_breaks(out, &n, empty);
		else if (h.folded && !spaced && !more && !empty)
			out[n++] = ' ';
		else if (h.folded && !spaced && !more)
			put_breaks(out, &n, empty);
		else
			put_breaks(out, &n, empty + 1);
		memcpy(out + n, p + ind, ln - ind);
		n += ln - ind;
		any = true;
		spaced = more;
		last_brk = brk;
		empty = 0;
		p = next;
	}
	if (any && h.chomp != '-' && last_brk)
		out[n++] = '\n';
	if (h.chomp == '+')
		put_breaks(out, &n, empty);
	out[n] = '\0';
	*len = n;
	return out;
}

static struct dtbind_value *make_scalar(struct loader *ld, struct fy_event *ev)
{
	struct fy_token *tok = ev->scalar.value;
	struct dtbind_value *v = arena_alloc(&ld->doc->arena, sizeof(*v));
	size_t n = 0, tn = 0;
	/* Our own texts are in the arena already; libfyaml's are copied there. */
	const char *own = !tok ? "" : fy_token_scalar_style(tok) == FYSS_SINGLE_QUOTED
					   ? single_quoted_text(ld, tok, &n)
					   : block_scalar_text(ld, tok, &n);
	const char *s = own ? own : fy_token_get_text(tok, &n);
	const char *tag = core_tag(ev->scalar.tag, &tn);

	if (!v || !s)
		return NULL;
	v->loc = token_loc(ld, tok);
	v->kind = DTBIND_STRING;
	v->u.str.ptr = own ? own : arena_strndup(&ld->doc->arena, s, n);
	v->u.str.len = n;
	if (!v->u.str.ptr)
		return NULL;
	if (tag) {
		if (tn == 3 && !memcmp(tag, "str", 3))
			return v;
		resolve_plain(v, s, n);
		bool ok = (tn == 3 && !memcmp(tag, "int", 3) && v->kind == DTBIND_INT) ||
			  (tn == 5 && !memcmp(tag, "float", 5) &&
			   (v->kind == DTBIND_FLOAT || v->kind == DTBIND_INT)) ||
			  (tn == 4 && !memcmp(tag, "bool", 4) && v->kind == DTBIND_BOOL) ||
			  (tn == 4 && !memcmp(tag, "null", 4) && v->kind == DTBIND_NULL);

		if (!ok && !(tn == 3 && !memcmp(tag, "seq", 3)) && !(tn == 3 && !memcmp(tag, "map", 3)))
			fail(ld, v->loc, -DTBIND_EPARSE, "yaml-syntax",
			     "scalar '%.*s' does not match its tag !!%.*s", (int)(n > 60 ? 60 : n),
			     s, (int)tn, tag);
		if (tn == 5 && !memcmp(tag, "float", 5) && v->kind == DTBIND_INT) {
			v->u.f = (double)v->u.i;
			v->kind = DTBIND_FLOAT;
		}
		return v;
	}
	switch (fy_token_scalar_style(tok)) {
	case FYSS_PLAIN:
		resolve_plain(v, s, n);
		break;
	/* libfyaml marks a quoted scalar after its opening quote: point at the quote. */
	case FYSS_SINGLE_QUOTED:
		v->style = DTBIND_STYLE_SINGLE_QUOTED;
		if (v->loc.col > 1)
			v->loc.col--;
		break;
	case FYSS_DOUBLE_QUOTED:
		v->style = DTBIND_STYLE_DOUBLE_QUOTED;
		if (v->loc.col > 1)
			v->loc.col--;
		break;
	case FYSS_LITERAL: v->style = DTBIND_STYLE_LITERAL; break;
	case FYSS_FOLDED: v->style = DTBIND_STYLE_FOLDED; break;
	default: break;
	}
	return v;
}

static int frame_push_child(struct loader *ld, struct frame *f, struct dtbind_value *child,
			    uint64_t expanded);

/* Add a finished value to the open collection on top of the stack (or make it the root). */
static int attach(struct loader *ld, struct dtbind_value *v, uint64_t expanded)
{
	if (!ld->depth) {
		if (ld->doc->root) {
			fail(ld, v->loc, -DTBIND_EPARSE, "yaml-syntax",
			     "more than one document in the file");
			return ld->err;
		}
		ld->doc->root = v;
		return 0;
	}
	return frame_push_child(ld, &ld->stack[ld->depth - 1], v, expanded);
}

static int grow(struct loader *ld, struct frame *f, size_t elem)
{
	bool map = f->v->kind == DTBIND_MAP;
	size_t *cap = map ? &f->members_cap : &f->items_cap;

	if (f->n < *cap)
		return 0;
	size_t ncap = *cap ? *cap * 2 : 8;
	void **slot = map ? (void **)&f->members : (void **)&f->items;
	void *p = realloc(*slot, ncap * elem);

	if (!p) {
		fail(ld, f->v->loc, -DTBIND_ENOMEM, NULL, "out of memory");
		return ld->err;
	}
	*slot = p;
	*cap = ncap;
	return 0;
}

static int frame_push_child(struct loader *ld, struct frame *f, struct dtbind_value *child,
			    uint64_t expanded)
{
	/*
	 * An empty value ("key:") has no token: it sits at its key.  A block
	 * collection starts at its first entry; its key says more ("port@0:").
	 */
	if (f->have_key && (!child->loc.line ||
			    ((child->kind == DTBIND_MAP || child->kind == DTBIND_SEQ) &&
			     child->style != DTBIND_STYLE_FLOW && f->v->kind == DTBIND_MAP &&
			     child->loc.line != f->key.key_loc.line)))
		child->loc = f->key.key_loc;
	else if (!child->loc.line)
		child->loc = f->v->loc;
	f->expanded += expanded;
	if (f->expanded > MAX_EXPANDED_NODES) {
		fail(ld, child->loc, -DTBIND_ELIMIT, "yaml-limit",
		     "document expands to more than %u nodes through aliases",
		     MAX_EXPANDED_NODES);
		return ld->err;
	}
	if (f->v->kind == DTBIND_SEQ) {
		if (grow(ld, f, sizeof(*f->items)))
			return ld->err;
		f->items[f->n++] = child;
		return 0;
	}
	if (!f->have_key) {
		/* Keys become strings; JSON Schema has no other kind of key. */
		if (child->kind == DTBIND_SEQ || child->kind == DTBIND_MAP) {
			fail(ld, child->loc, -DTBIND_EPARSE, "yaml-syntax",
			     "a %s as a mapping key is not supported",
			     child->kind == DTBIND_SEQ ? "sequence" : "mapping");
			return ld->err;
		}
		struct dtbind_member *k = &f->key;
		const char *text;
		size_t len;

		if (child->kind == DTBIND_STRING) {
			text = child->u.str.ptr;
			len = child->u.str.len;
		} else {
			/* A resolved scalar key keeps its YAML spelling ("1", "true"). */
			char buf[64];

			len = dtbind_value_to_json(child, buf, sizeof(buf));
			text = arena_strndup(&ld->doc->arena, buf, len);
			if (!text) {
				fail(ld, child->loc, -DTBIND_ENOMEM, NULL, "out of memory");
				return ld->err;
			}
		}
		k->key = text;
		k->key_len = len;
		k->key_loc = child->loc;
		/* Duplicates: linear for small maps, hashed beyond. */
		bool dup = false;
		const struct dtbind_member *first = NULL;

		if (f->n < 16) {
			for (size_t i = 0; i < f->n; i++)
				if (f->members[i].key_len == len &&
				    memcmp(f->members[i].key, text, len) == 0) {
					dup = true;
					first = &f->members[i];
					break;
				}
		} else {
			if (f->keys.n == 0)
				for (size_t i = 0; i < f->n; i++)
					hmap_put_str(&f->keys, f->members[i].key,
						     f->members[i].key_len,
						     (void *)(uintptr_t)(i + 1));
			uintptr_t idx = (uintptr_t)hmap_get_str(&f->keys, text, len);

			if (idx) {
				dup = true;
				first = &f->members[idx - 1];
			}
		}
		if (dup) {
			fail(ld, child->loc, -DTBIND_EPARSE, "yaml-duplicate-key",
			     "duplicate key '%.*s' (first defined at line %u)",
			     (int)(len > 80 ? 80 : len), text, first->key_loc.line);
			return ld->err;
		}
		f->have_key = true;
		return 0;
	}
	if (grow(ld, f, sizeof(*f->members)))
		return ld->err;
	f->key.value = child;
	if (f->n >= 16 && f->keys.n)
		hmap_put_str(&f->keys, f->key.key, f->key.key_len, (void *)(uintptr_t)(f->n + 1));
	f->members[f->n++] = f->key;
	f->have_key = false;
	return 0;
}

static struct anchor *anchor_lookup(struct loader *ld, struct fy_token *t)
{
	size_t n;
	const char *name = fy_token_get_text(t, &n);

	return name ? hmap_get_str(&ld->anchors, name, n) : NULL;
}

static int anchor_define(struct loader *ld, struct fy_token *t, struct dtbind_value *v, bool open,
			 uint64_t expanded)
{
	size_t n;
	const char *name;
	struct anchor *a;

	if (!t)
		return 0;
	name = fy_token_get_text(t, &n);
	if (!name)
		return 0;
	a = hmap_get_str(&ld->anchors, name, n);
	if (!a) {
		/* Redefinition later in the file replaces the earlier one, as YAML says. */
		char *key = arena_strndup(&ld->doc->arena, name, n);

		a = calloc(1, sizeof(*a));
		if (!a || !key || hmap_put_str(&ld->anchors, key, n, a)) {
			free(a);
			fail(ld, v->loc, -DTBIND_ENOMEM, NULL, "out of memory");
			return ld->err;
		}
	}
	a->v = v;
	a->open = open;
	a->expanded = expanded;
	return 0;
}

static int open_collection(struct loader *ld, struct fy_event *ev, enum dtbind_kind kind)
{
	struct fy_token *start = kind == DTBIND_MAP ? ev->mapping_start.mapping_start
						     : ev->sequence_start.sequence_start;
	struct fy_token *anchor = kind == DTBIND_MAP ? ev->mapping_start.anchor
						      : ev->sequence_start.anchor;
	struct dtbind_value *v = arena_alloc(&ld->doc->arena, sizeof(*v));

	if (!v) {
		fail(ld, (struct dtbind_loc){ .file = ld->doc->path }, -DTBIND_ENOMEM, NULL,
		     "out of memory");
		return ld->err;
	}
	v->kind = kind;
	v->loc = token_loc(ld, start);
	if (start && (fy_token_get_type(start) == FYTT_FLOW_MAPPING_START ||
		      fy_token_get_type(start) == FYTT_FLOW_SEQUENCE_START))
		v->style = DTBIND_STYLE_FLOW;
	if (ld->depth >= DTBIND_MAX_DEPTH) {
		fail(ld, v->loc, -DTBIND_ELIMIT, "yaml-limit",
		     "nesting deeper than %d levels", DTBIND_MAX_DEPTH);
		return ld->err;
	}
	if (ld->depth == ld->stack_cap) {
		/* Grown as needed: 512 frames zeroed per document was most of a small one's load. */
		unsigned ncap = ld->stack_cap ? ld->stack_cap * 2 : 16;
		struct frame *ns = realloc(ld->stack, ncap * sizeof(*ns));

		if (!ns) {
			fail(ld, v->loc, -DTBIND_ENOMEM, NULL, "out of memory");
			return ld->err;
		}
		memset(ns + ld->stack_cap, 0, (ncap - ld->stack_cap) * sizeof(*ns));
		ld->stack = ns;
		ld->stack_cap = ncap;
	}
	struct frame *f = &ld->stack[ld->depth++];
	struct frame kept = { .items = f->items, .members = f->members,
			      .items_cap = f->items_cap, .members_cap = f->members_cap };

	*f = kept;
	f->v = v;
	f->expanded = 1;
	hmap_init(&f->keys);
	if (anchor && anchor_define(ld, anchor, v, true, 0))
		return ld->err;
	if (anchor)
		f->anchor = fy_token_get_text0(anchor);
	return 0;
}

static int close_collection(struct loader *ld, struct fy_event *ev)
{
	struct frame *f = &ld->stack[--ld->depth];
	struct dtbind_value *v = f->v;
	int ret = 0;

	if (v->kind == DTBIND_MAP) {
		v->u.map.n = f->n;
		if (f->n) {
			v->u.map.members = arena_alloc(&ld->doc->arena, f->n * sizeof(*f->members));
			if (v->u.map.members)
				memcpy(v->u.map.members, f->members, f->n * sizeof(*f->members));
		}
	} else {
		v->u.seq.n = f->n;
		if (f->n) {
			v->u.seq.items = arena_alloc(&ld->doc->arena, f->n * sizeof(*f->items));
			if (v->u.seq.items)
				memcpy(v->u.seq.items, f->items, f->n * sizeof(*f->items));
		}
	}
	if (f->n && !v->u.map.members && !v->u.seq.items) {
		fail(ld, v->loc, -DTBIND_ENOMEM, NULL, "out of memory");
		ret = ld->err;
	}
	/* Empty block collections have no start token; fall back to the end one. */
	if (!v->loc.line) {
		struct fy_token *end = v->kind == DTBIND_MAP ? ev->mapping_end.mapping_end
							      : ev->sequence_end.sequence_end;

		v->loc = token_loc(ld, end);
	}
	if (!v->loc.line && f->n)
		v->loc = v->kind == DTBIND_MAP ? f->members[0].key_loc : f->items[0]->loc;
	uint64_t expanded = f->expanded;
	bool anchored = f->anchor != NULL;

	hmap_free(&f->keys);
	if (ret)
		return ret;
	if (anchored) {
		/* Find the anchor entry by value and close it. */
		for (size_t i = 0; i < ld->anchors.cap; i++) {
			struct anchor *a = ld->anchors.e[i].value;

			if (ld->anchors.e[i].hash && a->v == v) {
				a->open = false;
				a->expanded = expanded;
			}
		}
	}
	return attach(ld, v, expanded);
}

static void report_fy_errors(struct loader *ld, struct fy_diag *fyd)
{
	void *iter = NULL;
	struct fy_diag_error *e;
	bool any = false;

	while ((e = fy_diag_errors_iterate(fyd, &iter)) != NULL) {
		struct dtbind_loc loc = { .file = ld->doc->path };

		if (e->type < FYET_ERROR)
			continue;
		/* The token's mark is 0-based like every mark; e->line/column are not always. */
		const struct fy_mark *m = e->fyt ? fy_token_start_mark(e->fyt) : NULL;

		if (m) {
			loc = mark_loc(ld, m);
		} else if (e->line >= 0) {
			loc.line = (uint32_t)e->line + 1;
			loc.col = (uint32_t)e->column + 1;
		}
		/*
		 * "[a, -]": ruamel (and so dt-schema) reads the '-' as a plain
		 * scalar, libfyaml refuses it.  Kernel bindings have it; the
		 * caller quotes it and parses again.
		 */
		if (!any && m && m->input_pos < ld->len && ld->buf[m->input_pos] == '-' &&
		    strstr(e->msg, "plain scalar cannot start with '-'")) {
			ld->dash_at = m->input_pos + 1;
			ld->err = -DTBIND_EPARSE;
			return;
		}
		if (!any)
			fail(ld, loc, -DTBIND_EPARSE, "yaml-syntax", "%s", e->msg);
		any = true;
	}
	if (!any)
		fail(ld, (struct dtbind_loc){ .file = ld->doc->path }, -DTBIND_EPARSE, "yaml-syntax",
		     "malformed YAML");
}

static void note_end(struct loader *ld, struct fy_token *t)
{
	const struct fy_mark *m = t ? fy_token_end_mark(t) : NULL;

	if (m && m->input_pos > ld->last_end)
		ld->last_end = m->input_pos;
}

static int handle_event(struct loader *ld, struct fy_event *ev)
{
	switch (ev->type) {
	case FYET_DOCUMENT_START: {
		const struct fy_version *ver = ev->document_start.document_state ?
			fy_document_state_version(ev->document_start.document_state) : NULL;

		ld->yaml11 = ver && ver->major == 1 && ver->minor < 2;
		return 0;
	}
	case FYET_SCALAR: {
		/* What comes before a block scalar's header on its line (block_header()). */
		note_end(ld, ev->scalar.anchor);
		note_end(ld, ev->scalar.tag);
		struct dtbind_value *v = make_scalar(ld, ev);

		note_end(ld, ev->scalar.value);

		if (!v) {
			fail(ld, (struct dtbind_loc){ .file = ld->doc->path }, -DTBIND_ENOMEM, NULL,
			     "out of memory");
			return ld->err;
		}
		if (ld->err)
			return ld->err;
		if (ev->scalar.anchor && anchor_define(ld, ev->scalar.anchor, v, false, 1))
			return ld->err;
		return attach(ld, v, 1);
	}
	case FYET_ALIAS: {
		struct anchor *a = anchor_lookup(ld, ev->alias.anchor);
		struct dtbind_loc loc = token_loc(ld, ev->alias.anchor);

		note_end(ld, ev->alias.anchor);

		if (!a) {
			fail(ld, loc, -DTBIND_EPARSE, "yaml-syntax", "alias to an undefined anchor");
			return ld->err;
		}
		if (a->open) {
			fail(ld, loc, -DTBIND_EPARSE, "yaml-syntax",
			     "recursive alias: the anchor's node contains this alias");
			return ld->err;
		}
		return attach(ld, a->v, a->expanded);
	}
	case FYET_MAPPING_START:
		note_end(ld, ev->mapping_start.anchor);
		note_end(ld, ev->mapping_start.tag);
		return open_collection(ld, ev, DTBIND_MAP);
	case FYET_SEQUENCE_START:
		note_end(ld, ev->sequence_start.anchor);
		note_end(ld, ev->sequence_start.tag);
		return open_collection(ld, ev, DTBIND_SEQ);
	case FYET_MAPPING_END:
	case FYET_SEQUENCE_END:
		return close_collection(ld, ev);
	default:
		return 0;
	}
}

static int load(struct dtbind_doc *doc, const char *buf, size_t len, struct dtbind_diag *diag,
		bool json, size_t *dash_at)
{
	struct loader *ld = calloc(1, sizeof(*ld));
	struct fy_diag_cfg dcfg;
	struct fy_diag *fyd;
	struct fy_parser *fyp = NULL;
	struct fy_event *ev;
	int ret;

	if (!ld)
		return -DTBIND_ENOMEM;
	ld->doc = doc;
	ld->diag = diag;
	ld->buf = buf;
	ld->len = len;
	hmap_init(&ld->anchors);
	fy_diag_cfg_default(&dcfg);
	dcfg.fp = NULL;
	dcfg.colorize = false;
	fyd = fy_diag_create(&dcfg);
	if (!fyd) {
		free(ld);
		return -DTBIND_ENOMEM;
	}
	fy_diag_set_collect_errors(fyd, true);
	struct fy_parse_cfg cfg = {
		/* Sloppy flow indentation: ruamel accepts "]" left of its items, and so do we. */
		.flags = FYPCF_QUIET | FYPCF_COLLECT_DIAG | FYPCF_DEFAULT_VERSION_1_2 |
			 FYPCF_SLOPPY_FLOW_INDENTATION | (json ? FYPCF_JSON_FORCE : FYPCF_JSON_NONE),
		.diag = fyd,
	};

	fyp = fy_parser_create(&cfg);
	if (!fyp || fy_parser_set_string(fyp, buf, len)) {
		fail(ld, (struct dtbind_loc){ .file = doc->path }, -DTBIND_ENOMEM, NULL,
		     "cannot start the YAML parser");
		goto out;
	}
	unsigned docs = 0;

	while ((ev = fy_parser_parse(fyp)) != NULL) {
		if (ev->type == FYET_DOCUMENT_START && ++docs > 1)
			fail(ld, token_loc(ld, ev->document_start.document_start), -DTBIND_EPARSE,
			     "yaml-syntax", "more than one document in the file");
		if (!ld->err)
			handle_event(ld, ev);
		fy_parser_event_free(fyp, ev);
		if (ld->err)
			break;
	}
	if (!ld->err && fy_parser_get_stream_error(fyp))
		report_fy_errors(ld, fyd);
	if (!ld->err && !doc->root) {
		/* An empty file is a null document. */
		doc->root = arena_alloc(&doc->arena, sizeof(*doc->root));
		if (doc->root) {
			doc->root->kind = DTBIND_NULL;
			doc->root->loc = (struct dtbind_loc){ doc->path, 1, 1 };
		}
	}
out:
	while (ld->depth)
		hmap_free(&ld->stack[--ld->depth].keys);
	for (unsigned i = 0; i < ld->stack_cap; i++) {
		free(ld->stack[i].items);
		free(ld->stack[i].members);
	}
	free(ld->stack);
	for (size_t i = 0; i < ld->anchors.cap; i++)
		if (ld->anchors.e[i].hash)
			free(ld->anchors.e[i].value);
	hmap_free(&ld->anchors);
	if (fyp)
		fy_parser_destroy(fyp);
	fy_diag_destroy(fyd);
	ret = ld->err;
	*dash_at = ld->dash_at;
	free(ld);
	return ret;
}

static struct dtbind_doc *doc_new(const char *name)
{
	struct dtbind_doc *doc = calloc(1, sizeof(*doc));

	if (!doc)
		return NULL;
	arena_init(&doc->arena, 0);
	doc->path = arena_strdup(&doc->arena, name);
	if (!doc->path) {
		free(doc);
		return NULL;
	}
	return doc;
}

static bool is_json_name(const char *name)
{
	return str_ends_with(name, ".json");
}

/* A byte that no YAML or JSON text holds, located by line and character. */
static void report_bad_byte(const char *path, struct dtbind_diag *diag, const char *buf,
			    size_t bad)
{
	uint32_t line = 1, col = 1;

	if (!diag)
		return;
	for (size_t i = 0; i < bad; i++) {
		if (buf[i] == '\n') {
			line++;
			col = 1;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80) {
			col++;
		}
	}
	struct dtbind_loc loc = { .file = path, .line = line, .col = col };

	if (buf[bad])
		dtbind_diag_report(diag, DTBIND_ERROR, loc, "yaml-syntax",
				   "invalid UTF-8 (byte 0x%02x): the file must be UTF-8 text",
				   (unsigned char)buf[bad]);
	else
		dtbind_diag_report(diag, DTBIND_ERROR, loc, "yaml-syntax",
				   "a NUL byte: YAML and JSON text cannot hold one");
}

int dtbind_doc_load_string(const char *name, const char *buf, size_t len,
			   struct dtbind_diag *diag, unsigned flags, struct dtbind_doc **out)
{
	struct dtbind_doc *doc = doc_new(name);
	int ret;

	*out = NULL;
	if (!doc)
		return -DTBIND_ENOMEM;
	if (len > DTBIND_MAX_FILE_SIZE) {
		if (diag)
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = doc->path },
					   "yaml-limit", "file is larger than %u MiB",
					   DTBIND_MAX_FILE_SIZE >> 20);
		dtbind_doc_free(doc);
		return -DTBIND_ELIMIT;
	}
	/*
	 * YAML and JSON are Unicode text.  Checked here: libfyaml 0.7 loops
	 * forever on some bytes that are not UTF-8 (in a directive's name).
	 * Nor do they hold a NUL (YAML's c-printable, JSON's unescaped
	 * characters): libfyaml takes one for a line break or the end of the
	 * input, which no text of ours (block_scalar_text()) would match.
	 */
	size_t bad = utf8_invalid_at((const unsigned char *)buf, len);
	const char *nul = bad ? memchr(buf, '\0', bad) : NULL;

	if (nul || bad < len) {
		report_bad_byte(doc->path, diag, buf, nul ? (size_t)(nul - buf) : bad);
		dtbind_doc_free(doc);
		return -DTBIND_EPARSE;
	}
	bool json = (flags & DTBIND_DOC_JSON) || is_json_name(name);
	size_t dash_at = 0;
	char *copy = NULL;	/* our copy of the text: line breaks as LF, '-' quoted */

	/*
	 * Line breaks as LF: libfyaml 0.7.12 leaks the text of a double-quoted
	 * scalar folded over many CRLF breaks (fy_token_get_text(); found by
	 * fuzz_yaml, tests/fuzz/regress/yaml/crlf-double-quoted.yaml).
	 * YAML reads CRLF and a lone CR as LF in every scalar anyway, and the
	 * CR ends its line: lines and columns stay those of the file.
	 */
	if (memchr(buf, '\r', len)) {
		char *nb = malloc(len + 1);
		size_t n = 0;

		if (!nb) {
			dtbind_doc_free(doc);
			return -DTBIND_ENOMEM;
		}
		for (size_t i = 0; i < len; i++)
			if (buf[i] != '\r')
				nb[n++] = buf[i];
			else if (i + 1 >= len || buf[i + 1] != '\n')
				nb[n++] = '\n';
		copy = nb;
		buf = nb;
		len = n;
	}

	ret = load(doc, buf, len, diag, json, &dash_at);
	/* Quote each refused '-' (it stays the string "-") and parse again; bounded. */
	for (unsigned tries = 0; ret && dash_at && tries < 64; tries++) {
		char *nb = malloc(len + 3);

		if (!nb) {
			ret = -DTBIND_ENOMEM;
			break;
		}
		memcpy(nb, buf, dash_at - 1);
		memcpy(nb + dash_at - 1, "\"-\"", 3);
		memcpy(nb + dash_at + 2, buf + dash_at, len - dash_at);
		free(copy);
		copy = nb;
		buf = nb;
		len += 2;
		arena_release(&doc->arena);
		arena_init(&doc->arena, 0);
		doc->path = arena_strdup(&doc->arena, name);
		doc->root = NULL;
		if (!doc->path) {
			ret = -DTBIND_ENOMEM;
			break;
		}
		ret = load(doc, buf, len, diag, json, &dash_at);
	}
	free(copy);
	if (ret && dash_at && diag)
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ .file = name },
				   "yaml-syntax", "too many plain '-' scalars in flow collections");
	if (ret) {
		dtbind_doc_free(doc);
		return ret;
	}
	*out = doc;
	return 0;
}

int dtbind_doc_load_file(const char *path, struct dtbind_diag *diag, unsigned flags,
			 struct dtbind_doc **out)
{
	char *buf;
	size_t len;
	int ret = read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len);

	*out = NULL;
	if (ret) {
		if (diag) {
			struct dtbind_loc loc = { .file = path };

			if (ret == -DTBIND_ELIMIT)
				dtbind_diag_report(diag, DTBIND_ERROR, loc, "yaml-limit",
						   "file is larger than %u MiB",
						   DTBIND_MAX_FILE_SIZE >> 20);
			else
				dtbind_diag_report(diag, DTBIND_ERROR, loc, "io", "cannot read: %s",
						   strerror(errno));
		}
		return ret;
	}
	ret = dtbind_doc_load_string(path, buf, len, diag, flags, out);
	free(buf);
	return ret;
}

static struct dtbind_value *copy_value(struct arena *a, const struct dtbind_value *v,
				       const char *file, unsigned depth)
{
	struct dtbind_value *c;

	if (depth > DTBIND_MAX_DEPTH)
		return NULL;
	c = arena_alloc(a, sizeof(*c));
	if (!c)
		return NULL;
	*c = *v;
	c->loc.file = file;
	switch (v->kind) {
	case DTBIND_STRING:
		c->u.str.ptr = arena_strndup(a, v->u.str.ptr, v->u.str.len);
		return c->u.str.ptr ? c : NULL;
	case DTBIND_SEQ:
		c->u.seq.items = arena_alloc(a, v->u.seq.n * sizeof(*c->u.seq.items));
		if (!c->u.seq.items)
			return NULL;
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (!(c->u.seq.items[i] = copy_value(a, v->u.seq.items[i], file, depth + 1)))
				return NULL;
		return c;
	case DTBIND_MAP:
		c->u.map.members = arena_alloc(a, v->u.map.n * sizeof(*c->u.map.members));
		if (!c->u.map.members)
			return NULL;
		for (size_t i = 0; i < v->u.map.n; i++) {
			struct dtbind_member *m = &c->u.map.members[i];

			*m = v->u.map.members[i];
			m->key_loc.file = file;
			m->key = arena_strndup(a, m->key, m->key_len);
			m->value = copy_value(a, m->value, file, depth + 1);
			if (!m->key || !m->value)
				return NULL;
		}
		return c;
	default:
		return c;
	}
}

int dtbind_doc_from_value(const char *name, const struct dtbind_value *v, struct dtbind_doc **out)
{
	struct dtbind_doc *doc = doc_new(name);

	*out = NULL;
	if (!doc)
		return -DTBIND_ENOMEM;
	doc->root = copy_value(&doc->arena, v, doc->path, 0);
	if (!doc->root) {
		dtbind_doc_free(doc);
		return -DTBIND_ENOMEM;
	}
	*out = doc;
	return 0;
}

const struct dtbind_value *dtbind_doc_root(const struct dtbind_doc *doc)
{
	return doc->root;
}

const char *dtbind_doc_path(const struct dtbind_doc *doc)
{
	return doc->path;
}

void dtbind_doc_free(struct dtbind_doc *doc)
{
	if (!doc)
		return;
	arena_release(&doc->arena);
	free(doc);
}
