// SPDX-License-Identifier: BSD-2-Clause
/*
 * dts.c - the devicetree source parser: dtc 1.6/1.7's grammar, by hand.
 *
 * The lexer follows dtc-lexer.l rule for rule, including its start
 * conditions (names are only lexed after '{', ';' and the /delete-.../
 * keywords, bytes only inside '[...]', numbers everywhere else) and flex's
 * longest-match choice between rules; the state changes on tokens alone, so
 * the token stream does not depend on the parser.  The parser is recursive
 * descent over dtc-parser.y with a bounded depth; after a syntax error it
 * skips to the next ';' and goes on.  Tree building follows dtc's livetree.c
 * (deletions are entries with ->deleted set that a later definition revives
 * in place), and the passes after the parse follow dtc's checks.c fixups in
 * its order: duplicate names, redundant "name" properties, duplicate
 * labels, explicit phandles, phandle references, path references,
 * /omit-if-no-ref/.
 *
 * Out of memory unwinds with longjmp to dts_parse(); everything the parser
 * holds outside the tree's arena is freed there.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "dts.h"

#define MAX_NODE_DEPTH 256	/* nested node bodies */
#define MAX_EXPR_DEPTH 256	/* nested parentheses, ?: and unary operators */
#define MAX_INCLUDE_DEPTH 200	/* as dtc's MAX_SRCFILE_DEPTH */
#define MAX_SYNTAX_ERRORS 50

#define RULE_SYNTAX "dts-syntax"
#define RULE_SEMANTIC "dts-semantic"

/* ---- tokens ------------------------------------------------------- */

enum tok {
	T_EOF = 256,
	T_ERROR,		/* a lexical error, already reported */
	T_V1, T_PLUGIN, T_MEMRESERVE, T_BITS, T_DEL_PROP, T_DEL_NODE, T_OMIT, T_INCBIN,
	T_LABEL,		/* s = name without ':' */
	T_LITERAL,		/* val */
	T_CHAR,			/* val */
	T_LABEL_REF,		/* s = label */
	T_PATH_REF,		/* s = "/path" */
	T_BYTE,			/* val */
	T_NAME,			/* s = name (a leading '\' dropped) */
	T_STRING,		/* s = body between the quotes, still escaped */
	T_WORD,			/* an identifier where none can be: always a syntax error */
	T_LSHIFT, T_RSHIFT, T_LE, T_GE, T_EQ, T_NE, T_AND, T_OR,
};

enum lex_state { LS_INITIAL, LS_V1, LS_PROPNODENAME, LS_BYTESTRING };

struct src {
	struct src *prev;	/* the includer */
	struct src *all;	/* every source, freed at the end */
	const char *text;
	size_t len, pos;
	uint32_t line;		/* of text[pos] */
	size_t line_start;	/* offset of the first character of that line */
	const char *name;	/* the file really read: includes resolve from its dir */
	const struct srcmap *map;	/* only for the top-level text */
	const char *mfile;	/* set by a "# N file" line marker */
	int64_t mdelta;		/* original line = line + mdelta under a marker */
	char *owned;		/* malloc'd file contents */
	unsigned depth;
};

/* Where a token starts, in the coordinates of its source. */
struct pos {
	const struct src *src;
	uint32_t line, col;
	const char *mfile;
	int64_t mdelta;
};

struct token {
	int type;
	const char *text;	/* the whole token */
	size_t len;
	const char *s;		/* payload, see enum tok */
	size_t slen;
	uint64_t val;
	struct pos pos;
};

/* A label, with what the parser needs to find and report it. */
struct plabel {
	struct dt_label l;	/* first: dt_label pointers are plabel pointers */
	struct dtbind_loc loc;
	struct dt_node *node;	/* for node labels: the node carrying it */
	struct plabel *same;	/* next node label with the same name */
	bool dead;		/* deleted, or merged into a node that had it */
	bool pending;		/* on a node not in the tree yet */
};

struct parser {
	struct dt_tree *t;
	struct dtbind_diag *diag;
	const char *name;
	jmp_buf oom;

	/* lexer */
	struct src *src, *srcs;
	enum lex_state state;
	struct token la[2];
	unsigned nla;
	struct token prev;	/* the last token consumed */
	struct hmap files;	/* file name pointer (the map's) -> arena copy */
	struct hmap mnames;	/* line marker file names, by content */

	/* errors */
	unsigned depth, edepth;	/* node and expression nesting */
	unsigned syntax_errors;
	bool serr;		/* a syntax error: unwind to the item being parsed */
	bool fatal;		/* stop: a limit was hit */
	bool input_lost;	/* a lexical error swallowed the rest of the input */
	const char *last_err;	/* the token last reported (one report per token) */

	bool plugin;

	/* the value of the property being parsed */
	uint8_t *vbuf;
	size_t vlen, vcap;
	struct dt_marker *mhead, **mtail;

	struct hmap labels;	/* name -> struct plabel chain of node labels */
	struct plabel **pending;	/* node labels of the element being parsed */
	size_t npending, cappending;
	struct hmap phandles;	/* phandle -> node */
	uint32_t next_phandle;
};

_Noreturn static void oom(struct parser *p)
{
	longjmp(p->oom, 1);
}

static void *need(struct parser *p, void *ptr)
{
	if (!ptr)
		oom(p);
	return ptr;
}

static void *alloc(struct parser *p, size_t size)
{
	return need(p, arena_alloc(&p->t->arena, size));
}

static char *strndup_a(struct parser *p, const char *s, size_t len)
{
	return need(p, arena_strndup(&p->t->arena, s, len));
}

/* ---- locations and reports ---------------------------------------- */

static const char *intern_file(struct parser *p, const char *file)
{
	if (!file)
		return NULL;
	const char *c = hmap_get_ptr(&p->files, file);

	if (c)
		return c;
	c = need(p, arena_strdup(&p->t->arena, file));
	if (hmap_put_ptr(&p->files, file, (void *)c) < 0)
		oom(p);
	return c;
}

static struct dtbind_loc loc_of(struct parser *p, const struct pos *ps)
{
	struct dtbind_loc loc = { .line = ps->line, .col = ps->col };

	if (!ps->src)
		return (struct dtbind_loc){ .file = p->name };
	if (ps->mfile) {
		int64_t l = (int64_t)ps->line + ps->mdelta;

		loc.file = ps->mfile;
		loc.line = l > 0 && l <= UINT32_MAX ? (uint32_t)l : 0;
	} else if (ps->src->map) {
		loc = srcmap_loc(ps->src->map, ps->src->name, ps->line, ps->col);
		loc.file = intern_file(p, loc.file);
	} else {
		loc.file = ps->src->name;
	}
	return loc;
}

static void vreport(struct parser *p, struct dtbind_loc loc, const char *rule, const char *node,
		    const char *fmt, va_list ap) DTBIND_PRINTF(5, 0);

static void vreport(struct parser *p, struct dtbind_loc loc, const char *rule, const char *node,
		    const char *fmt, va_list ap)
{
	p->t->errors++;
	if (!p->diag)
		return;
	struct dtbind_finding f = {
		.severity = DTBIND_ERROR, .loc = loc, .rule = rule, .node = node,
	};
	va_list ap2;

	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);

	va_end(ap2);
	if (n >= 0) {
		char *buf = malloc((size_t)n + 1);

		if (!buf)
			oom(p);
		vsnprintf(buf, (size_t)n + 1, fmt, ap);
		f.message = buf;
		dtbind_diag_emit(p->diag, &f);
		free(buf);
	}
}

static void error_at(struct parser *p, const struct pos *ps, const char *rule, const char *fmt,
		     ...) DTBIND_PRINTF(4, 5);

static void error_at(struct parser *p, const struct pos *ps, const char *rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, loc_of(p, ps), rule, NULL, fmt, ap);
	va_end(ap);
}

static void error_loc(struct parser *p, struct dtbind_loc loc, const char *node, const char *fmt,
		      ...) DTBIND_PRINTF(4, 5);

static void error_loc(struct parser *p, struct dtbind_loc loc, const char *node, const char *fmt,
		      ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(p, loc, RULE_SEMANTIC, node, fmt, ap);
	va_end(ap);
}

/* ---- lexer -------------------------------------------------------- */

/* Character classes of dtc-lexer.l, by table: the lexer asks for every byte. */
enum { C_IDSTART = 1, C_IDENT = 2, C_PROPNODE = 4, C_HEX = 8, C_SPACE = 16 };

#define IDS (C_IDSTART | C_IDENT | C_PROPNODE)
#define HEXL (IDS | C_HEX)
#define DIG (C_IDENT | C_PROPNODE | C_HEX)
static const uint8_t cclass[256] = {
	['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE,
	['\r'] = C_SPACE, [' '] = C_SPACE,
	['0'] = DIG, ['1'] = DIG, ['2'] = DIG, ['3'] = DIG, ['4'] = DIG,
	['5'] = DIG, ['6'] = DIG, ['7'] = DIG, ['8'] = DIG, ['9'] = DIG,
	['a'] = HEXL, ['b'] = HEXL, ['c'] = HEXL, ['d'] = HEXL, ['e'] = HEXL, ['f'] = HEXL,
	['A'] = HEXL, ['B'] = HEXL, ['C'] = HEXL, ['D'] = HEXL, ['E'] = HEXL, ['F'] = HEXL,
	['g'] = IDS, ['h'] = IDS, ['i'] = IDS, ['j'] = IDS, ['k'] = IDS, ['l'] = IDS,
	['m'] = IDS, ['n'] = IDS, ['o'] = IDS, ['p'] = IDS, ['q'] = IDS, ['r'] = IDS,
	['s'] = IDS, ['t'] = IDS, ['u'] = IDS, ['v'] = IDS, ['w'] = IDS, ['x'] = IDS,
	['y'] = IDS, ['z'] = IDS,
	['G'] = IDS, ['H'] = IDS, ['I'] = IDS, ['J'] = IDS, ['K'] = IDS, ['L'] = IDS,
	['M'] = IDS, ['N'] = IDS, ['O'] = IDS, ['P'] = IDS, ['Q'] = IDS, ['R'] = IDS,
	['S'] = IDS, ['T'] = IDS, ['U'] = IDS, ['V'] = IDS, ['W'] = IDS, ['X'] = IDS,
	['Y'] = IDS, ['Z'] = IDS,
	['_'] = IDS,
	/* PROPNODECHAR [a-zA-Z0-9,._+*#?@-] */
	[','] = C_PROPNODE, ['.'] = C_PROPNODE, ['+'] = C_PROPNODE, ['*'] = C_PROPNODE,
	['#'] = C_PROPNODE, ['?'] = C_PROPNODE, ['@'] = C_PROPNODE, ['-'] = C_PROPNODE,
};
#undef IDS
#undef HEXL
#undef DIG

static bool is_propnodechar(unsigned char c)
{
	return cclass[c] & C_PROPNODE;
}

static bool is_ident_start(unsigned char c)
{
	return cclass[c] & C_IDSTART;
}

static bool is_ident(unsigned char c)
{
	return cclass[c] & C_IDENT;
}

static bool is_hex(unsigned char c)
{
	return cclass[c] & C_HEX;
}

static int hex_val(unsigned char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static bool is_space(unsigned char c)
{
	return cclass[c] & C_SPACE;
}

/* Move @s to @to, counting lines. */
static void advance_to(struct src *s, size_t to)
{
	const char *b = s->text;

	for (size_t i = s->pos; i < to;) {
		const char *nl = memchr(b + i, '\n', to - i);

		if (!nl)
			break;
		i = (size_t)(nl - b) + 1;
		s->line++;
		s->line_start = i;
	}
	s->pos = to;
}

static struct pos pos_here(const struct src *s)
{
	return (struct pos){
		.src = s, .line = s->line, .col = (uint32_t)(s->pos - s->line_start) + 1,
		.mfile = s->mfile, .mdelta = s->mdelta,
	};
}

/*
 * One escape sequence of a string, char literal or line marker body, as
 * dtc's get_escape_char(): @s[*i] follows the backslash.  @s[len] is the
 * closing quote, so reading one past the body is safe and stops digit runs.
 */
static unsigned char unescape(const char *s, size_t len, size_t *i, bool *bad_hex)
{
	unsigned char c = (unsigned char)s[*i];
	unsigned v = 0;
	int n = 0;

	(*i)++;
	switch (c) {
	case 'a': return '\a';
	case 'b': return '\b';
	case 't': return '\t';
	case 'n': return '\n';
	case 'v': return '\v';
	case 'f': return '\f';
	case 'r': return '\r';
	case 'x':
		while (n < 2 && *i < len && is_hex((unsigned char)s[*i])) {
			v = v * 16 + (unsigned)hex_val((unsigned char)s[(*i)++]);
			n++;
		}
		if (!n)
			*bad_hex = true;
		return (unsigned char)v;
	default:
		if (c >= '0' && c <= '7') {
			v = c - '0';
			for (n = 1; n < 3 && *i < len && s[*i] >= '0' && s[*i] <= '7'; n++)
				v = v * 8 + (unsigned)(s[(*i)++] - '0');
			return (unsigned char)v;
		}
		return c;
	}
}

/* Decode an escaped body into @out (at least @len bytes); returns the length. */
static size_t unescape_all(const char *s, size_t len, uint8_t *out, bool *bad_hex)
{
	size_t n = 0;

	for (size_t i = 0; i < len;) {
		if (s[i] == '\\') {
			i++;
			out[n++] = unescape(s, len, &i, bad_hex);
		} else {
			out[n++] = (uint8_t)s[i++];
		}
	}
	return n;
}

/*
 * The end (offset after the closing quote) of the string starting at @at,
 * or 0: flex's \"([^\\"]|\\.)*\" - a backslash escapes anything but a newline.
 */
static size_t string_end(const struct src *s, size_t at)
{
	for (size_t i = at + 1; i < s->len; i++) {
		if (s->text[i] == '"')
			return i + 1;
		if (s->text[i] == '\\') {
			if (i + 1 >= s->len || s->text[i + 1] == '\n')
				return 0;
			i++;
		}
	}
	return 0;
}

/*
 * The longest match of '([^']|\\')*' at @at, or 0: the body may hold a quote
 * only right after a backslash, so the match runs to the first quote that
 * is not escaped, or else to the last escaped one.
 */
static size_t char_literal_end(const struct src *s, size_t at)
{
	size_t last = 0;

	for (size_t i = at + 1; i < s->len; i++) {
		if (s->text[i] != '\'')
			continue;
		if (i > at + 1 && s->text[i - 1] == '\\') {
			last = i + 1;
			continue;
		}
		return i + 1;
	}
	return last;
}

static void lex_error(struct parser *p, const struct pos *ps, const char *fmt, ...)
	DTBIND_PRINTF(3, 4);

static void lex_error(struct parser *p, const struct pos *ps, const char *fmt, ...)
{
	va_list ap;

	/* Skipping after a syntax error: what follows is likely more of the same. */
	if (p->serr)
		return;
	p->syntax_errors++;
	va_start(ap, fmt);
	vreport(p, loc_of(p, ps), RULE_SYNTAX, NULL, fmt, ap);
	va_end(ap);
}

static void free_sources(struct parser *p)
{
	for (struct src *s = p->srcs, *next; s; s = next) {
		next = s->all;
		free(s->owned);
		free(s);
	}
	p->srcs = p->src = NULL;
}

static struct src *push_source(struct parser *p, const char *name, const char *text, size_t len,
			       char *owned)
{
	struct src *s = calloc(1, sizeof(*s));

	if (!s) {
		free(owned);
		oom(p);
	}
	s->all = p->srcs;
	p->srcs = s;
	s->owned = owned;
	s->text = text;
	s->len = len;
	s->line = 1;
	s->name = name;
	s->prev = p->src;
	s->depth = p->src ? p->src->depth + 1 : 1;
	p->src = s;
	return s;
}

/* @fname relative to the directory of the file @s reads (dtc's srcfile_relative_open). */
static char *relative_path(struct parser *p, const struct src *s, const char *fname, size_t len)
{
	const char *slash = s ? strrchr(s->name, '/') : NULL;

	if (fname[0] == '/' || !slash)
		return strndup_a(p, fname, len);
	return need(p, arena_printf(&p->t->arena, "%.*s/%.*s", (int)(slash - s->name), s->name,
				    (int)len, fname));
}

/* Read @fname for /include/ or /incbin/; reports and returns -1 on failure. */
static int read_relative(struct parser *p, const struct pos *at, const char *what,
			 const char *fname, size_t flen, const char **path, char **buf, size_t *len)
{
	*path = relative_path(p, p->src, fname, flen);
	int ret = read_file(*path, DTBIND_MAX_FILE_SIZE, buf, len);

	if (ret == -DTBIND_ENOMEM)
		oom(p);
	if (ret) {
		lex_error(p, at, "cannot %s '%.*s': %s", what, (int)flen, fname,
			  ret == -DTBIND_ELIMIT ? "file too large" : strerror(errno));
		return -1;
	}
	return 0;
}

/* "/include/" WS* STRING at @at (the keyword is known to be there); returns its end or 0. */
static size_t include_end(const struct src *s, size_t at)
{
	size_t i = at + 9;

	while (i < s->len && is_space((unsigned char)s->text[i]))
		i++;
	if (i >= s->len || s->text[i] != '"')
		return 0;
	return string_end(s, i);
}

static void do_include(struct parser *p, size_t end)
{
	struct src *s = p->src;
	struct pos at = pos_here(s);
	const char *q = memchr(s->text + s->pos, '"', end - s->pos);
	const char *fname = q + 1;
	size_t flen = (size_t)(s->text + end - 1 - fname);
	const char *path;
	char *buf;
	size_t len;

	advance_to(s, end);
	if (memchr(fname, '\0', flen)) {
		lex_error(p, &at, "nul in include file name");
		return;
	}
	if (s->depth >= MAX_INCLUDE_DEPTH) {
		lex_error(p, &at, "includes nested too deeply (more than %u levels)",
			  MAX_INCLUDE_DEPTH);
		p->fatal = true;
		return;
	}
	if (read_relative(p, &at, "open include file", fname, flen, &path, &buf, &len) == 0)
		push_source(p, path, buf, len, buf);
}

/* ^"#"(line)?[ \t]+[0-9]+[ \t]+{STRING}([ \t]+[0-9]+)* at @at; returns its end or 0. */
static size_t line_marker_end(const struct src *s, size_t at, size_t *num, size_t *str)
{
	const char *t = s->text;
	size_t i = at + 1, n = s->len, j;

	if (n - i >= 4 && memcmp(t + i, "line", 4) == 0)
		i += 4;
	for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
		;
	if (j == i)
		return 0;
	*num = i = j;
	while (i < n && t[i] >= '0' && t[i] <= '9')
		i++;
	if (i == j)
		return 0;
	for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
		;
	if (j == i || j >= n || t[j] != '"')
		return 0;
	*str = j;
	i = string_end(s, j);
	if (!i)
		return 0;
	for (;;) {
		for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
			;
		size_t k = j;

		while (k < n && t[k] >= '0' && t[k] <= '9')
			k++;
		if (j == i || k == j)
			return i;
		i = k;
	}
}

static void do_line_marker(struct parser *p, size_t end, size_t num, size_t str)
{
	struct src *s = p->src;
	struct pos at = pos_here(s);
	const char *t = s->text;
	uint64_t line = 0;

	for (size_t i = num; t[i] >= '0' && t[i] <= '9'; i++)
		line = line < UINT32_MAX ? line * 10 + (uint64_t)(t[i] - '0') : line;
	/* The filename, unescaped, as dtc does. */
	size_t flen = end - str;	/* bounds the unescaped length */
	const char *body = t + str + 1;
	size_t blen;

	for (blen = flen - 2; body[blen] != '"'; blen--)
		;
	char small[256], *name = blen < sizeof(small) ? small : alloc(p, blen + 1);
	bool bad_hex = false;
	size_t n = unescape_all(body, blen, (uint8_t *)name, &bad_hex);

	name[n] = '\0';
	if (memchr(name, '\0', n))
		lex_error(p, &at, "nul in line number directive");
	if (bad_hex)
		lex_error(p, &at, "\\x used with no following hex digits");
	advance_to(s, end);
	/* cpp repeats the same few names in thousands of markers: keep one copy of each. */
	const char *known = hmap_get_str(&p->mnames, name, n);

	if (!known) {
		known = strndup_a(p, name, n);
		if (hmap_put_str(&p->mnames, known, n, (void *)known) < 0)
			oom(p);
	}
	/* The marker names the line after it. */
	s->mfile = known;
	s->mdelta = (int64_t)(line > UINT32_MAX ? UINT32_MAX : line) - (int64_t)(s->line + 1);
}

/* [0-9]+|0[xX][0-9a-fA-F]+ then (U|L|UL|LL|ULL)?, and its value as strtoull(.., 0). */
static size_t literal(struct parser *p, struct token *tk, const char *t, size_t n)
{
	size_t i = 0, dig, base = 10;
	uint64_t v = 0;
	bool overflow = false, bad = false;

	while (i < n && t[i] >= '0' && t[i] <= '9')
		i++;
	if (t[0] == '0' && i == 1 && n > 2 && (t[1] | 0x20) == 'x' && is_hex((unsigned char)t[2])) {
		for (i = 2; i < n && is_hex((unsigned char)t[i]); i++)
			;
		dig = 2;
		base = 16;
	} else {
		dig = 0;
		if (t[0] == '0' && i > 1)
			base = 8;
	}
	size_t end = i;

	if (end < n && t[end] == 'U')
		end++;
	if (end < n && t[end] == 'L')
		end += end + 1 < n && t[end + 1] == 'L' ? 2 : 1;
	/* U?L?L? covers exactly the suffixes U, L, UL, LL and ULL. */
	for (size_t k = dig; k < i; k++) {
		unsigned d = (unsigned)hex_val((unsigned char)t[k]);

		if (d >= base) {
			bad = true;
			break;
		}
		if (v > (UINT64_MAX - d) / base)
			overflow = true;
		v = overflow ? UINT64_MAX : v * base + d;
	}
	tk->val = v;
	tk->type = T_LITERAL;
	if (bad || overflow) {
		struct pos at = tk->pos;

		if (bad)
			lex_error(p, &at, "bad integer literal '%.*s'", (int)end, t);
		else
			lex_error(p, &at, "integer literal '%.*s' out of range", (int)end, t);
	}
	return end;
}

static const struct keyword {
	const char *text;
	int type;
	enum lex_state to;	/* LS_INITIAL: no change */
} keywords[] = {
	{ "/dts-v1/", T_V1, LS_V1 },
	{ "/plugin/", T_PLUGIN, LS_INITIAL },
	{ "/memreserve/", T_MEMRESERVE, LS_V1 },
	{ "/bits/", T_BITS, LS_V1 },
	{ "/delete-property/", T_DEL_PROP, LS_PROPNODENAME },
	{ "/delete-node/", T_DEL_NODE, LS_PROPNODENAME },
	{ "/omit-if-no-ref/", T_OMIT, LS_PROPNODENAME },
	{ "/incbin/", T_INCBIN, LS_INITIAL },	/* not in <PROPNODENAME> nor <BYTESTRING> */
};

/* Skip whitespace and comments; returns false at an unterminated comment (reported). */
static bool skip_blanks(struct parser *p, struct src *s)
{
	const char *t = s->text;

	while (s->pos < s->len) {
		size_t i = s->pos;

		if (is_space((unsigned char)t[i])) {
			while (i < s->len && is_space((unsigned char)t[i]))
				i++;
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '*') {
			const char *e = NULL;

			for (size_t k = i + 2; k + 1 < s->len; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k + 2;
					break;
				}
			if (!e) {
				struct pos at = pos_here(s);

				lex_error(p, &at, "unterminated comment");
				advance_to(s, s->len);
				p->input_lost |= !s->prev;
				return false;
			}
			i = (size_t)(e - t);
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '/') {
			const char *nl = memchr(t + i, '\n', s->len - i);

			i = nl ? (size_t)(nl - t) + 1 : s->len;
		} else {
			return true;
		}
		advance_to(s, i);
	}
	return true;
}

static void lex(struct parser *p, struct token *tk)
{
	struct src *s;

again:
	s = p->src;
	memset(tk, 0, sizeof(*tk));
	if (p->fatal) {
		tk->type = T_EOF;
		tk->pos = pos_here(s);
		tk->text = s->text + s->pos;
		return;
	}
	skip_blanks(p, s);
	if (s->pos >= s->len) {
		if (s->prev) {
			p->src = s->prev;
			goto again;
		}
		tk->type = T_EOF;
		tk->pos = pos_here(s);
		tk->text = s->text + s->len;
		return;
	}

	const char *t = s->text + s->pos;
	size_t n = s->len - s->pos, len = 1;
	unsigned char c = (unsigned char)t[0];

	tk->pos = pos_here(s);
	tk->text = t;
	tk->type = c;

	switch (c) {
	case '/':
		if (n >= 9 && memcmp(t, "/include/", 9) == 0) {
			size_t end = include_end(s, s->pos);

			if (end) {
				do_include(p, end);
				goto again;
			}
		}
		for (size_t k = 0; k < ARRAY_SIZE(keywords); k++) {
			size_t kl = strlen(keywords[k].text);

			if (n < kl || memcmp(t, keywords[k].text, kl) != 0)
				continue;
			if (keywords[k].type == T_INCBIN &&
			    (p->state == LS_PROPNODENAME || p->state == LS_BYTESTRING))
				continue;
			tk->type = keywords[k].type;
			len = kl;
			if (keywords[k].to != LS_INITIAL)
				p->state = keywords[k].to;
			break;
		}
		break;
	case '#':
		if (s->pos == 0 || t[-1] == '\n') {
			size_t num, str, end = line_marker_end(s, s->pos, &num, &str);

			if (end) {
				do_line_marker(p, end, num, str);
				goto again;
			}
		}
		break;
	case '"': {
		size_t end = string_end(s, s->pos);

		if (!end) {
			lex_error(p, &tk->pos, "unterminated string");
			tk->type = T_ERROR;
			p->input_lost |= !s->prev;
			len = n;
			break;
		}
		len = end - s->pos;
		tk->type = T_STRING;
		tk->s = t + 1;
		tk->slen = len - 2;
		break;
	}
	case '\'': {
		size_t end = char_literal_end(s, s->pos);

		if (!end)
			break;
		len = end - s->pos;
		tk->type = T_CHAR;
		/* Decode into the arena only when it is long: usually 1 or 2 bytes. */
		uint8_t small[8], *out = len - 2 <= sizeof(small) ? small : alloc(p, len);
		bool bad_hex = false;
		size_t dl = unescape_all(t + 1, len - 2, out, &bad_hex);

		if (bad_hex)
			lex_error(p, &tk->pos, "\\x used with no following hex digits");
		if (dl == 0) {
			lex_error(p, &tk->pos, "empty character literal");
		} else {
			tk->val = out[0];
			if (dl > 1)
				lex_error(p, &tk->pos,
					  "character literal has %zu characters instead of 1", dl);
		}
		break;
	}
	case '&':
		if (n >= 2 && t[1] == '&') {
			tk->type = T_AND;
			len = 2;
		} else if (n >= 3 && t[1] == '{' &&
			   (t[2] == '/' || is_ident_start((unsigned char)t[2]))) {
			/* &{/path}, and dtc 1.7's &{label/path} */
			size_t i = 3;

			while (i < n && (is_propnodechar((unsigned char)t[i]) || t[i] == '/'))
				i++;
			if (i < n && t[i] == '}') {
				tk->type = T_PATH_REF;
				tk->s = t + 2;
				tk->slen = i - 2;
				len = i + 1;
			}
		} else if (n >= 2 && is_ident_start((unsigned char)t[1])) {
			size_t i = 2;

			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			tk->type = T_LABEL_REF;
			tk->s = t + 1;
			tk->slen = i - 1;
			len = i;
		}
		break;
	case '<':
		if (n >= 2 && (t[1] == '<' || t[1] == '=')) {
			tk->type = t[1] == '<' ? T_LSHIFT : T_LE;
			len = 2;
		}
		break;
	case '>':
		if (n >= 2 && (t[1] == '>' || t[1] == '=')) {
			tk->type = t[1] == '>' ? T_RSHIFT : T_GE;
			len = 2;
		}
		break;
	case '=':
	case '!':
		if (n >= 2 && t[1] == '=') {
			tk->type = c == '=' ? T_EQ : T_NE;
			len = 2;
		}
		break;
	case '|':
		if (n >= 2 && t[1] == '|') {
			tk->type = T_OR;
			len = 2;
		}
		break;
	case '[':
		p->state = LS_BYTESTRING;
		break;
	case '{':
	case ';':
		p->state = LS_PROPNODENAME;
		break;
	case ']':
		if (p->state == LS_BYTESTRING)
			p->state = LS_V1;
		break;
	default:
		break;
	}

	if (tk->type == c && c != '\'') {
		/* No punctuation rule matched: labels, numbers, names, bytes, words. */
		size_t il = 0;

		if (is_ident_start(c))
			for (il = 1; il < n && is_ident((unsigned char)t[il]); il++)
				;
		if (il && il < n && t[il] == ':') {
			tk->type = T_LABEL;
			tk->s = t;
			tk->slen = il;
			len = il + 1;
		} else if (p->state == LS_PROPNODENAME &&
			   (is_propnodechar(c) ||
			    (c == '\\' && n > 1 && is_propnodechar((unsigned char)t[1])))) {
			size_t i = c == '\\';

			while (i < n && is_propnodechar((unsigned char)t[i]))
				i++;
			tk->type = T_NAME;
			tk->s = t + (c == '\\');
			tk->slen = i - (c == '\\');
			len = i;
			p->state = LS_V1;
		} else if (p->state == LS_BYTESTRING) {
			if (n >= 2 && is_hex(c) && is_hex((unsigned char)t[1])) {
				tk->type = T_BYTE;
				tk->val = (uint64_t)(hex_val(c) * 16 + hex_val((unsigned char)t[1]));
				len = 2;
			}
		} else if (p->state == LS_V1 && c >= '0' && c <= '9') {
			len = literal(p, tk, t, n);
		} else if (il) {
			tk->type = T_WORD;
			len = il;
		}
	}
	tk->len = len;
	advance_to(s, s->pos + len);
}

static const struct token *peek(struct parser *p, unsigned i)
{
	while (p->nla <= i)
		lex(p, &p->la[p->nla++]);
	return &p->la[i];
}

static int peek_type(struct parser *p)
{
	return peek(p, 0)->type;
}

static struct token next(struct parser *p)
{
	peek(p, 0);
	p->prev = p->la[0];
	p->la[0] = p->la[1];
	p->nla--;
	return p->prev;
}

/* ---- syntax errors ------------------------------------------------ */

static const char *const tok_names[] = {
	[T_EOF - 256] = "end of input",
	[T_ERROR - 256] = "invalid token",
	[T_V1 - 256] = "'/dts-v1/'",
	[T_PLUGIN - 256] = "'/plugin/'",
	[T_MEMRESERVE - 256] = "'/memreserve/'",
	[T_BITS - 256] = "'/bits/'",
	[T_DEL_PROP - 256] = "'/delete-property/'",
	[T_DEL_NODE - 256] = "'/delete-node/'",
	[T_OMIT - 256] = "'/omit-if-no-ref/'",
	[T_INCBIN - 256] = "'/incbin/'",
	[T_LSHIFT - 256] = "'<<'",
	[T_RSHIFT - 256] = "'>>'",
	[T_LE - 256] = "'<='",
	[T_GE - 256] = "'>='",
	[T_EQ - 256] = "'=='",
	[T_NE - 256] = "'!='",
	[T_AND - 256] = "'&&'",
	[T_OR - 256] = "'||'",
};

/* "label 'foo:'", "'}'", ...; in the arena (messages are rare). */
static const char *describe(struct parser *p, const struct token *tk)
{
	int len = tk->len > 40 ? 40 : (int)tk->len;
	const char *more = tk->len > 40 ? "..." : "";

	switch (tk->type) {
	case T_LABEL:
		return arena_printf(&p->t->arena, "label '%.*s'", len, tk->text);
	case T_LITERAL:
		return arena_printf(&p->t->arena, "number '%.*s'", len, tk->text);
	case T_CHAR:
		return arena_printf(&p->t->arena, "character literal %.*s%s", len, tk->text, more);
	case T_LABEL_REF:
	case T_PATH_REF:
		return arena_printf(&p->t->arena, "reference '%.*s%s'", len, tk->text, more);
	case T_BYTE:
		return arena_printf(&p->t->arena, "byte '%.*s'", len, tk->text);
	case T_NAME:
		return arena_printf(&p->t->arena, "name '%.*s%s'", len, tk->text, more);
	case T_STRING:
		return arena_printf(&p->t->arena, "string %.*s%s", len, tk->text, more);
	case T_WORD:
		return arena_printf(&p->t->arena, "'%.*s%s'", len, tk->text, more);
	default:
		if (tk->type >= 256)
			return tok_names[tk->type - 256];
		if (tk->type > ' ' && tk->type < 127)
			return arena_printf(&p->t->arena, "'%c'", tk->type);
		return arena_printf(&p->t->arena, "character 0x%02x", (unsigned)tk->type);
	}
}

static void syntax_error(struct parser *p, const char *expected)
{
	const struct token *tk = peek(p, 0);

	p->serr = true;
	/*
	 * Not again for a token already reported, nor after a limit; lexical
	 * errors were reported, and an input they swallowed ends early.
	 */
	if (p->fatal || tk->type == T_ERROR || (tk->type == T_EOF && p->input_lost) ||
	    tk->text == p->last_err)
		return;
	p->last_err = tk->text;
	p->syntax_errors++;
	const char *what = need(p, (void *)describe(p, tk));

	error_at(p, &tk->pos, RULE_SYNTAX, "syntax error: unexpected %s; expected %s", what,
		 expected);
	if (p->syntax_errors >= MAX_SYNTAX_ERRORS && !p->fatal) {
		error_at(p, &tk->pos, RULE_SYNTAX, "too many errors, giving up");
		p->fatal = true;
	}
}

/* Consume a token of @type, or report a syntax error. */
static bool expect(struct parser *p, int type, const char *expected)
{
	if (p->serr)
		return false;
	if (peek_type(p) != type) {
		syntax_error(p, expected);
		return false;
	}
	next(p);
	return true;
}

/*
 * After a syntax error: skip to just after the next ';' of this level, or to
 * the '}' that closes it (left for the caller), or to the end.  At the top
 * level (@top) no '}' closes anything: a stray one is skipped too.
 */
static void recover(struct parser *p, bool top)
{
	unsigned depth = 0;

	p->serr = false;
	for (;;) {
		int type = peek_type(p);

		if (type == T_EOF)
			return;
		if (type == '}' && depth == 0 && !top)
			return;
		next(p);
		if (type == '{')
			depth++;
		else if (type == '}' && depth)
			depth--;
		else if (type == ';' && depth == 0)
			return;
	}
}

/* ---- values ------------------------------------------------------- */

static void v_reset(struct parser *p)
{
	p->vlen = 0;
	p->mhead = NULL;
	p->mtail = &p->mhead;
}

static uint8_t *v_grow(struct parser *p, size_t n)
{
	if (n > UINT32_MAX - p->vlen) {
		/* Property values are at most 4 GiB in an FDT. */
		oom(p);
	}
	if (p->vlen + n > p->vcap) {
		size_t cap = p->vcap ? p->vcap : 256;

		while (cap < p->vlen + n)
			cap *= 2;
		uint8_t *nb = realloc(p->vbuf, cap);

		if (!nb)
			oom(p);
		p->vbuf = nb;
		p->vcap = cap;
	}
	uint8_t *at = p->vbuf + p->vlen;

	p->vlen += n;
	return at;
}

static void v_marker(struct parser *p, enum dt_marker_type type, const char *ref, size_t rlen,
		     const struct pos *ps)
{
	struct dt_marker *m = alloc(p, sizeof(*m));

	m->type = type;
	m->offset = (uint32_t)p->vlen;
	m->ref = ref ? strndup_a(p, ref, rlen) : NULL;
	m->loc = loc_of(p, ps);
	*p->mtail = m;
	p->mtail = &m->next;
}

static void v_int(struct parser *p, uint64_t v, unsigned bits)
{
	uint8_t *at = v_grow(p, bits / 8);

	for (unsigned i = bits / 8; i-- > 0; v >>= 8)
		at[i] = (uint8_t)v;
}

/* ---- integer expressions ------------------------------------------ */

static uint64_t parse_expr(struct parser *p);

/* integer_prim: a literal, a character or a parenthesised expression. */
static uint64_t parse_prim(struct parser *p)
{
	const struct token *tk = peek(p, 0);
	uint64_t v;

	if (p->serr)
		return 0;
	switch (tk->type) {
	case T_LITERAL:
	case T_CHAR:
		return next(p).val;
	case '(':
		next(p);
		v = parse_expr(p);
		expect(p, ')', "')'");
		return v;
	default:
		syntax_error(p, "a number, a character literal or '('");
		return 0;
	}
}

static uint64_t parse_unary(struct parser *p)
{
	int ops[64];
	unsigned n = 0;
	uint64_t v;

	/* Iterative: a run of prefix operators does not recurse. */
	for (;;) {
		int type = peek_type(p);

		if (type != '-' && type != '~' && type != '!')
			break;
		next(p);
		if (n == ARRAY_SIZE(ops)) {
			error_at(p, &p->prev.pos, RULE_SYNTAX,
				 "expression nested too deeply (more than %u levels)",
				 (unsigned)ARRAY_SIZE(ops));
			p->fatal = p->serr = true;
			return 0;
		}
		ops[n++] = type;
	}
	v = parse_prim(p);
	while (n--)
		v = ops[n] == '-' ? -v : ops[n] == '~' ? ~v : !v;
	return v;
}

/* Binary operators by precedence, lowest first, as dtc-parser.y's integer_* rules. */
static int binary_prec(int type)
{
	switch (type) {
	case T_OR: return 1;
	case T_AND: return 2;
	case '|': return 3;
	case '^': return 4;
	case '&': return 5;
	case T_EQ: case T_NE: return 6;
	case '<': case '>': case T_LE: case T_GE: return 7;
	case T_LSHIFT: case T_RSHIFT: return 8;
	case '+': case '-': return 9;
	case '*': case '/': case '%': return 10;
	default: return 0;
	}
}

static uint64_t parse_binary(struct parser *p, int min_prec)
{
	struct pos start = peek(p, 0)->pos;
	uint64_t a = parse_unary(p);

	for (;;) {
		if (p->serr)
			return 0;
		int op = peek_type(p), prec = binary_prec(op);

		if (!prec || prec < min_prec)
			return a;
		next(p);
		uint64_t b = parse_binary(p, prec + 1);

		switch (op) {
		case T_OR: a = a || b; break;
		case T_AND: a = a && b; break;
		case '|': a |= b; break;
		case '^': a ^= b; break;
		case '&': a &= b; break;
		case T_EQ: a = a == b; break;
		case T_NE: a = a != b; break;
		case '<': a = a < b; break;
		case '>': a = a > b; break;
		case T_LE: a = a <= b; break;
		case T_GE: a = a >= b; break;
		case T_LSHIFT: a = b < 64 ? a << b : 0; break;
		case T_RSHIFT: a = b < 64 ? a >> b : 0; break;
		case '+': a += b; break;
		case '-': a -= b; break;
		case '*': a *= b; break;
		default:
			if (b == 0) {
				if (!p->serr)
					error_at(p, &start, RULE_SEMANTIC, "division by zero");
				a = 0;
			} else {
				a = op == '/' ? a / b : a % b;
			}
		}
	}
}

/* integer_expr: a ?: b : c, right-associative, over the binary operators. */
static uint64_t parse_expr(struct parser *p)
{
	struct pos at = p->prev.pos;	/* the '(', '?' or ':' that opens it */

	if (++p->edepth > MAX_EXPR_DEPTH) {
		error_at(p, &at, RULE_SYNTAX, "expression nested too deeply (more than %u levels)",
			 MAX_EXPR_DEPTH);
		p->fatal = p->serr = true;
		p->edepth--;
		return 0;
	}
	uint64_t c = parse_binary(p, 1);

	if (!p->serr && peek_type(p) == '?') {
		next(p);
		uint64_t a = parse_expr(p);

		expect(p, ':', "':'");
		uint64_t b = parse_expr(p);

		c = c ? a : b;
	}
	p->edepth--;
	return c;
}

/* ---- property values ---------------------------------------------- */

static void value_labels(struct parser *p)
{
	while (!p->serr && peek_type(p) == T_LABEL) {
		struct token tk = next(p);

		v_marker(p, DT_M_LABEL, tk.s, tk.slen, &tk.pos);
	}
}

static void parse_string(struct parser *p)
{
	struct token tk = next(p);
	bool bad_hex = false;

	v_marker(p, DT_M_STRING, NULL, 0, &tk.pos);
	/* Reserve the escaped length, then give back what unescaping saved. */
	size_t at = p->vlen;
	uint8_t *out = v_grow(p, tk.slen + 1);
	size_t n = unescape_all(tk.s, tk.slen, out, &bad_hex);

	out[n] = 0;
	p->vlen = at + n + 1;
	if (bad_hex)
		error_at(p, &tk.pos, RULE_SYNTAX, "\\x used with no following hex digits");
}

/* [/bits/ N] < cells, references, labels > */
static void parse_cells(struct parser *p)
{
	static const enum dt_marker_type types[] = { DT_M_U8, DT_M_U16, DT_M_U32, DT_M_U64 };
	unsigned bits = 32;
	struct pos start = peek(p, 0)->pos;

	if (peek_type(p) == T_BITS) {
		next(p);
		if (peek_type(p) != T_LITERAL) {
			syntax_error(p, "the element size in bits");
			return;
		}
		struct token n = next(p);

		if (n.val == 8 || n.val == 16 || n.val == 32 || n.val == 64)
			bits = (unsigned)n.val;
		else
			error_at(p, &n.pos, RULE_SEMANTIC,
				 "array elements must be 8, 16, 32 or 64-bits");
	}
	if (!expect(p, '<', "'<'"))
		return;
	v_marker(p, types[bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3], NULL, 0, &start);
	for (;;) {
		if (p->serr)
			return;
		const struct token *tk = peek(p, 0);

		switch (tk->type) {
		case '>':
			next(p);
			return;
		case T_LABEL:
			value_labels(p);
			break;
		case T_LABEL_REF:
		case T_PATH_REF: {
			struct token r = next(p);

			if (bits == 32)
				v_marker(p, DT_M_REF_PHANDLE, r.s, r.slen, &r.pos);
			else
				error_at(p, &r.pos, RULE_SEMANTIC,
					 "references are only allowed in arrays with 32-bit elements");
			v_int(p, ~0ull, bits);
			break;
		}
		case T_LITERAL:
		case T_CHAR:
		case '(': {
			struct pos at = tk->pos;
			uint64_t v = parse_prim(p);

			if (bits < 64) {
				uint64_t mask = (1ull << bits) - 1;

				/* Bits above the mask: all clear, or all set (a negative value). */
				if (v > mask && (v | mask) != ~0ull && !p->serr)
					error_at(p, &at, RULE_SEMANTIC,
						 "value out of range for %u-bit array element", bits);
			}
			v_int(p, v, bits);
			break;
		}
		default:
			syntax_error(p, "a number, a reference, a label or '>'");
			return;
		}
	}
}

static void parse_bytes(struct parser *p)
{
	struct token open = next(p);

	v_marker(p, DT_M_BYTES, NULL, 0, &open.pos);
	for (;;) {
		int type = peek_type(p);

		if (type == T_BYTE) {
			*v_grow(p, 1) = (uint8_t)next(p).val;
		} else if (type == T_LABEL) {
			value_labels(p);
		} else {
			expect(p, ']', "two hex digits, a label or ']'");
			return;
		}
	}
}

/* /incbin/("file") or /incbin/("file", offset, length) */
static void parse_incbin(struct parser *p)
{
	struct token kw = next(p);

	if (!expect(p, '(', "'('"))
		return;
	if (peek_type(p) != T_STRING) {
		syntax_error(p, "a file name");
		return;
	}
	struct token name = next(p);
	uint64_t off = 0, len = UINT64_MAX;

	if (peek_type(p) == ',') {
		next(p);
		off = parse_prim(p);
		expect(p, ',', "','");
		len = parse_prim(p);
	}
	if (!expect(p, ')', "')'"))
		return;
	bool bad_hex = false;
	char *fname = alloc(p, name.slen + 1);
	size_t flen = unescape_all(name.s, name.slen, (uint8_t *)fname, &bad_hex);
	const char *path;
	char *buf;
	size_t size;

	fname[flen] = '\0';
	v_marker(p, DT_M_BYTES, NULL, 0, &kw.pos);
	if (read_relative(p, &name.pos, "open /incbin/ file", fname, strlen(fname), &path, &buf,
			  &size))
		return;
	/* As dtc: seek to @off, then read up to @len bytes. */
	size_t from = off < size ? (size_t)off : size;
	size_t n = size - from < len ? size - from : (size_t)len;

	if (n)
		memcpy(v_grow(p, n), buf + from, n);
	free(buf);
}

/* propdata: (labels value labels) separated by ','. */
static void parse_propdata(struct parser *p)
{
	for (;;) {
		value_labels(p);
		if (p->serr)
			return;
		const struct token *tk = peek(p, 0);

		switch (tk->type) {
		case T_STRING:
			parse_string(p);
			break;
		case '<':
		case T_BITS:
			parse_cells(p);
			break;
		case '[':
			parse_bytes(p);
			break;
		case T_LABEL_REF:
		case T_PATH_REF: {
			struct token r = next(p);

			/* The path is inserted once references are resolved. */
			v_marker(p, DT_M_STRING, r.s, r.slen, &r.pos);
			v_marker(p, DT_M_REF_PATH, r.s, r.slen, &r.pos);
			break;
		}
		case T_INCBIN:
			parse_incbin(p);
			break;
		default:
			syntax_error(p, "a string, '<', '[', a reference or '/incbin/'");
			return;
		}
		value_labels(p);
		if (p->serr || peek_type(p) != ',')
			return;
		next(p);
	}
}

/* ---- labels --------------------------------------------------------- */

static struct plabel *label_new(struct parser *p, const struct token *tk)
{
	struct plabel *l = alloc(p, sizeof(*l));

	l->l.name = strndup_a(p, tk->s, tk->slen);
	l->loc = loc_of(p, &tk->pos);
	return l;
}

static bool has_label(const struct dt_label *list, const char *name)
{
	for (; list; list = list->next)
		if (strcmp(list->name, name) == 0)
			return true;
	return false;
}

/* dtc's add_label() on a node: prepend, unless the node has it already. */
static void node_add_label(struct parser *p, struct dt_node *n, struct plabel *l, bool pending)
{
	if (has_label(n->labels, l->l.name)) {
		l->dead = true;
		return;
	}
	l->l.next = n->labels;
	n->labels = &l->l;
	if (l->node) {		/* moved from a merged node: registered already */
		l->node = n;
		return;
	}
	l->node = n;
	l->pending = pending;
	size_t len = strlen(l->l.name);
	struct plabel *first = hmap_get_str(&p->labels, l->l.name, len);

	if (first) {
		while (first->same)
			first = first->same;
		first->same = l;
	} else if (hmap_put_str(&p->labels, l->l.name, len, l) < 0) {
		oom(p);
	}
	if (pending) {
		if (p->npending == p->cappending) {
			size_t cap = p->cappending ? p->cappending * 2 : 64;
			struct plabel **np = realloc(p->pending, cap * sizeof(*np));

			if (!np)
				oom(p);
			p->pending = np;
			p->cappending = cap;
		}
		p->pending[p->npending++] = l;
	}
}

static void prop_add_label(struct dt_property *prop, struct plabel *l)
{
	if (has_label(prop->labels, l->l.name))
		return;
	l->l.next = prop->labels;
	prop->labels = &l->l;
}

/* The element just parsed is in the tree now (@keep), or was dropped. */
static void settle_pending(struct parser *p, bool keep)
{
	for (size_t i = 0; i < p->npending; i++) {
		p->pending[i]->pending = false;
		if (!keep)
			p->pending[i]->dead = true;
	}
	p->npending = 0;
}

/*
 * dtc's get_node_by_ref(): "/", a path, a label on a live node of the tree,
 * or (dtc 1.7) a label followed by a path below its node.
 */
static struct dt_node *resolve(struct parser *p, const char *ref)
{
	if (ref[0] == '/') {
		if (!ref[1])
			return p->t->root;
		return dt_find_path(p->t, ref);
	}
	size_t len = strcspn(ref, "/");

	for (struct plabel *l = hmap_get_str(&p->labels, ref, len); l; l = l->same)
		if (!l->dead && !l->pending && !l->node->deleted)
			return ref[len] ? dt_find_path_from(l->node, ref + len) : l->node;
	return NULL;
}

/* ---- tree building (dtc's livetree.c) ------------------------------ */

static void kill_labels(struct dt_label **list)
{
	for (struct dt_label *l = *list; l; l = l->next)
		((struct plabel *)l)->dead = true;
	*list = NULL;
}

static void delete_prop(struct dt_property *prop)
{
	prop->deleted = true;
	kill_labels(&prop->labels);
}

/* The next node after @n in pre-order under @top, skipping deleted ones. */
static struct dt_node *walk_next(const struct dt_node *top, const struct dt_node *n)
{
	dt_for_each_child(n, c)
		return c;
	for (; n && n != top; n = n->parent)
		for (struct dt_node *s = n->next; s; s = s->next)
			if (!s->deleted)
				return s;
	return NULL;
}

/* dtc's delete_node(): the node, its live subtree, their properties and labels. */
static void delete_node(struct dt_node *top)
{
	for (struct dt_node *n = top, *next; n; n = next) {
		/* Before marking: the walk must still see @n's live children. */
		next = walk_next(top, n);
		dt_for_each_prop(n, prop)
			delete_prop(prop);
		kill_labels(&n->labels);
		n->deleted = true;
	}
}

/* dtc's merge_nodes(): @new's labels, properties and children into @old. */
static void merge(struct parser *p, struct dt_node *old, struct dt_node *new)
{
	old->deleted = false;
	for (struct dt_label *l = new->labels, *next; l; l = next) {
		next = l->next;
		node_add_label(p, old, (struct plabel *)l, false);
	}
	new->labels = NULL;

	for (struct dt_property *np = new->props, *next; np; np = next) {
		struct dt_property *op, **tail = &old->props;

		next = np->next;
		np->next = NULL;
		for (op = old->props; op; tail = &op->next, op = op->next)
			if (strcmp(op->name, np->name) == 0)
				break;
		if (np->deleted) {
			/* The first of that name, deleted or not, as dtc. */
			if (op)
				delete_prop(op);
			continue;
		}
		if (!op) {
			*tail = np;
			continue;
		}
		for (struct dt_label *l = np->labels, *ln; l; l = ln) {
			ln = l->next;
			prop_add_label(op, (struct plabel *)l);
		}
		op->val = np->val;
		op->len = np->len;
		op->markers = np->markers;
		op->loc = np->loc;
		op->deleted = false;
	}
	new->props = NULL;

	for (struct dt_node *nc = new->children, *next; nc; nc = next) {
		struct dt_node *oc, **tail = &old->children;

		next = nc->next;
		nc->next = NULL;
		for (oc = old->children; oc; tail = &oc->next, oc = oc->next)
			if (strcmp(oc->name, nc->name) == 0)
				break;
		if (nc->deleted) {
			if (oc && !oc->deleted)
				delete_node(oc);
			continue;
		}
		if (oc) {
			merge(p, oc, nc);
		} else {
			nc->parent = old;
			*tail = nc;
		}
	}
	new->children = NULL;
}

static struct dt_node *node_new(struct parser *p, const char *name, size_t len,
				const struct pos *ps)
{
	struct dt_node *n = alloc(p, sizeof(*n));

	n->name = strndup_a(p, name, len);
	n->loc = loc_of(p, ps);
	return n;
}

/* Labels of an item, in source order; attached in reverse as dtc's reductions do. */
struct item_labels {
	struct plabel *first, *last;
};

static void take_label(struct parser *p, struct item_labels *il)
{
	struct token tk = next(p);
	struct plabel *l = label_new(p, &tk);

	/* Chained through ->same until attached; a node label's chain is rebuilt then. */
	if (il->last)
		il->last->same = l;
	else
		il->first = l;
	il->last = l;
}

/*
 * Attach in reverse source order, as dtc's reductions do: each add_label()
 * prepends, so the list ends up in source order.
 */
static struct plabel *reverse_labels(struct plabel *l)
{
	struct plabel *r = NULL;

	while (l) {
		struct plabel *next = l->same;

		l->same = r;
		r = l;
		l = next;
	}
	return r;
}

static void attach_node_labels(struct parser *p, struct dt_node *n, struct plabel *l, bool pending)
{
	for (l = reverse_labels(l); l;) {
		struct plabel *next = l->same;

		l->same = NULL;
		node_add_label(p, n, l, pending);
		l = next;
	}
}

static void attach_prop_labels(struct dt_property *prop, struct plabel *l)
{
	for (l = reverse_labels(l); l;) {
		struct plabel *next = l->same;

		l->same = NULL;
		prop_add_label(prop, l);
		l = next;
	}
}

/* ---- the grammar ---------------------------------------------------- */

struct body {
	struct dt_node *node;
	struct dt_property **ptail;
	struct dt_node **ctail;
	bool seen_child;
};

static void add_child(struct body *b, struct dt_node *n)
{
	n->parent = b->node;
	*b->ctail = n;
	b->ctail = &n->next;
	b->seen_child = true;
}

static void add_prop(struct parser *p, struct body *b, const struct token *name,
		     struct plabel *labels, bool deleted)
{
	struct dt_property *prop = alloc(p, sizeof(*prop));

	if (b->seen_child)
		error_at(p, &name->pos, RULE_SYNTAX, "properties must precede subnodes");
	prop->name = strndup_a(p, name->s, name->slen);
	prop->loc = loc_of(p, &name->pos);
	prop->deleted = deleted;
	if (!deleted && p->vlen) {
		prop->val = alloc(p, p->vlen);
		memcpy(prop->val, p->vbuf, p->vlen);
		prop->len = (uint32_t)p->vlen;
	}
	if (!deleted)
		prop->markers = p->mhead;
	attach_prop_labels(prop, labels);
	*b->ptail = prop;
	b->ptail = &prop->next;
}

static struct dt_node *parse_nodedef(struct parser *p, const char *name, size_t len,
				     const struct pos *at);

/* One property or child node of a body, with its labels. */
static void parse_item(struct parser *p, struct body *b)
{
	struct item_labels il = { 0 };
	bool omit = false;

	for (;;) {
		int type = peek_type(p);

		if (type == T_LABEL) {
			take_label(p, &il);
		} else if (type == T_OMIT) {
			next(p);
			omit = true;
		} else {
			break;
		}
	}
	int type = peek_type(p);

	if (type == T_DEL_PROP || type == T_DEL_NODE) {
		if (type == T_DEL_PROP && omit) {
			syntax_error(p, "a node");
			return;
		}
		next(p);
		if (peek_type(p) != T_NAME) {
			syntax_error(p, type == T_DEL_PROP ? "a property name" : "a node name");
			return;
		}
		struct token name = next(p);

		if (!expect(p, ';', "';'"))
			return;
		if (type == T_DEL_PROP) {
			add_prop(p, b, &name, il.first, true);
			return;
		}
		struct dt_node *n = node_new(p, name.s, name.slen, &name.pos);

		n->deleted = true;
		n->omit_if_no_ref = omit;
		attach_node_labels(p, n, il.first, true);
		add_child(b, n);
		return;
	}
	if (type != T_NAME) {
		syntax_error(p, omit ? "a node" : "a property or a node");
		return;
	}
	int after = peek(p, 1)->type;

	if (after == '{') {
		struct token name = next(p);
		struct dt_node *n = parse_nodedef(p, name.s, name.slen, &name.pos);

		if (!n)
			return;
		n->omit_if_no_ref = omit;
		attach_node_labels(p, n, il.first, true);
		add_child(b, n);
		return;
	}
	struct token name = next(p);

	if (omit || (after != '=' && after != ';')) {
		syntax_error(p, omit ? "'{'" : "'=', ';' or '{'");
		return;
	}
	v_reset(p);
	if (after == '=') {
		next(p);
		parse_propdata(p);
	}
	if (expect(p, ';', "',' or ';'"))
		add_prop(p, b, &name, il.first, false);
}

/* '{' items '}' ';' - a node named @name. */
static struct dt_node *parse_nodedef(struct parser *p, const char *name, size_t len,
				     const struct pos *at)
{
	if (!expect(p, '{', "'{'"))
		return NULL;
	if (p->depth >= MAX_NODE_DEPTH) {
		error_at(p, &p->prev.pos, RULE_SYNTAX, "nodes nested too deeply (more than %u levels)",
			 MAX_NODE_DEPTH);
		p->fatal = p->serr = true;
		return NULL;
	}
	p->depth++;

	struct dt_node *n = node_new(p, name, len, at);
	struct body b = { .node = n, .ptail = &n->props, .ctail = &n->children };

	while (!p->fatal) {
		int type = peek_type(p);

		if (type == '}' || type == T_EOF)
			break;
		parse_item(p, &b);
		if (p->serr)
			recover(p, false);
	}
	p->depth--;
	if (expect(p, '}', "'}' or a property or node"))
		expect(p, ';', "';'");
	return n;
}

static const char *written_ref(struct parser *p, const char *ref)
{
	return need(p, ref[0] == '/' ? arena_printf(&p->t->arena, "&{%s}", ref)
				     : arena_printf(&p->t->arena, "&%s", ref));
}

static void add_orphan(struct parser *p, struct dt_node *n)
{
	struct dt_node **pp = &p->t->orphans;

	while (*pp)
		pp = &(*pp)->next;
	*pp = n;
}

static struct dt_node *empty_root(struct parser *p, const struct pos *at)
{
	return p->t->root = node_new(p, "", 0, at);
}

/* &ref { ... }; and lbl: &ref { ... }; */
static void parse_extension(struct parser *p, struct plabel *label, bool first)
{
	struct token ref = next(p);
	struct dt_node *n = parse_nodedef(p, ref.s, ref.slen, &ref.pos);
	bool keep = false;

	/* A body whose closing "};" is wrong is still kept: the error is reported. */
	if (!n) {
		settle_pending(p, false);
		return;
	}
	if (first) {
		empty_root(p, &ref.pos);
		if (p->plugin) {
			add_orphan(p, n);
			keep = true;
		} else {
			error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
				 written_ref(p, n->name));
		}
		settle_pending(p, keep);
		return;
	}
	/* A path extension in a plugin always targets the base tree, as in dtc. */
	struct dt_node *target = ref.type == T_PATH_REF && n->name[0] == '/' && p->plugin && !label
					 ? NULL : resolve(p, n->name);

	if (target) {
		if (label)
			node_add_label(p, target, label, false);
		merge(p, target, n);
		keep = true;
	} else if (p->plugin && !label) {
		add_orphan(p, n);
		keep = true;
	} else {
		error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
			 written_ref(p, n->name));
	}
	settle_pending(p, keep);
}

/* One element of the devicetree after the headers and /memreserve/s. */
static void parse_element(struct parser *p, bool first)
{
	const struct token *tk = peek(p, 0);

	switch (tk->type) {
	case '/': {
		struct token slash = next(p);
		struct dt_node *n = parse_nodedef(p, "", 0, &slash.pos);

		if (!n) {
			settle_pending(p, false);
			return;
		}
		if (!p->t->root)
			p->t->root = n;
		else
			merge(p, p->t->root, n);
		settle_pending(p, true);
		return;
	}
	case T_LABEL_REF:
	case T_PATH_REF:
		parse_extension(p, NULL, first);
		return;
	case T_LABEL: {
		if (first)
			break;
		struct token lt = next(p);
		struct plabel *l = label_new(p, &lt);

		tk = peek(p, 0);
		if (tk->type != T_LABEL_REF && tk->type != T_PATH_REF) {
			syntax_error(p, "a reference");
			return;
		}
		parse_extension(p, l, false);
		return;
	}
	case T_DEL_NODE:
	case T_OMIT: {
		if (first)
			break;
		int kw = next(p).type;

		tk = peek(p, 0);
		if (tk->type != T_LABEL_REF && tk->type != T_PATH_REF) {
			syntax_error(p, "a reference");
			return;
		}
		struct token ref = next(p);

		if (!expect(p, ';', "';'"))
			return;
		const char *r = strndup_a(p, ref.s, ref.slen);
		struct dt_node *target = resolve(p, r);

		if (!target)
			error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
				 written_ref(p, r));
		else if (kw == T_DEL_NODE)
			delete_node(target);
		else
			target->omit_if_no_ref = true;
		return;
	}
	default:
		break;
	}
	syntax_error(p, first ? "'/' or a reference"
			      : "'/', a reference, '/delete-node/' or '/omit-if-no-ref/'");
}

static void parse_memreserve(struct parser *p, struct dt_reserve ***tail)
{
	struct item_labels il = { 0 };

	while (peek_type(p) == T_LABEL)
		take_label(p, &il);
	if (!expect(p, T_MEMRESERVE, "'/memreserve/'"))
		return;
	uint64_t addr = parse_prim(p);
	uint64_t size = parse_prim(p);

	if (!expect(p, ';', "';'"))
		return;
	struct dt_reserve *r = alloc(p, sizeof(*r));

	r->address = addr;
	r->size = size;
	for (struct plabel *l = reverse_labels(il.first), *next; l; l = next) {
		next = l->same;
		l->same = NULL;
		if (!has_label(r->labels, l->l.name)) {
			l->l.next = r->labels;
			r->labels = &l->l;
		}
	}
	**tail = r;
	*tail = &r->next;
}

static void parse_source(struct parser *p)
{
	unsigned flags0 = 0;
	bool first = true;

	/* headers: (/dts-v1/; [/plugin/;])+ */
	while (!p->fatal && peek_type(p) == T_V1) {
		struct token v = next(p);
		unsigned flags = 1;

		if (expect(p, ';', "';'") && peek_type(p) == T_PLUGIN) {
			next(p);
			if (expect(p, ';', "';'"))
				flags |= 2;
		}
		if (p->serr) {
			recover(p, true);
			continue;
		}
		if (first)
			flags0 = flags;
		else if (flags != flags0)
			error_at(p, &v.pos, RULE_SYNTAX, "header flags don't match earlier ones");
		first = false;
	}
	if (first) {
		syntax_error(p, "'/dts-v1/'");
		return;
	}
	p->plugin = p->t->plugin = flags0 & 2;

	struct dt_reserve **rtail = &p->t->reserves;

	while (!p->fatal && (peek_type(p) == T_LABEL || peek_type(p) == T_MEMRESERVE)) {
		parse_memreserve(p, &rtail);
		if (p->serr)
			recover(p, true);
	}

	first = true;
	while (!p->fatal && peek_type(p) != T_EOF) {
		parse_element(p, first);
		if (!p->serr) {
			first = false;
			continue;
		}
		recover(p, true);
	}
	if (first)
		syntax_error(p, "'/' or a reference");
}

/* ---- after the parse: dtc's checks.c fixups, in its order ---------- */

/* Pre-order over the live tree, then over each orphan's subtree. */
#define for_each_live_node(p, n)						\
	for (struct dt_node *top_ = (p)->t->root, *orph_ = (p)->t->orphans; top_;	\
	     top_ = orph_, orph_ = orph_ ? orph_->next : NULL)			\
		if (!top_->deleted)						\
			for (struct dt_node *n = top_; n; n = walk_next(top_, n))

static const char *path_of(struct parser *p, const struct dt_node *n)
{
	return need(p, (void *)dt_node_path(p->t, n));
}

/* dtc's duplicate_node_names and duplicate_property_names, reported at the later one. */
static void check_duplicates(struct parser *p)
{
	struct hmap seen;

	hmap_init(&seen);
	for_each_live_node(p, n) {
		size_t nc = 0, np = 0;

		for (struct dt_node *c = n->children; c; c = c->next)
			nc++;
		for (struct dt_property *q = n->props; q; q = q->next)
			np++;
		if (nc > 1) {
			hmap_free(&seen);
			for (struct dt_node *c = n->children; c; c = c->next) {
				size_t len = strlen(c->name);

				if (hmap_get_str(&seen, c->name, len))
					error_loc(p, c->loc, path_of(p, c), "duplicate node name");
				else if (!c->deleted && hmap_put_str(&seen, c->name, len, c) < 0)
					oom(p);
			}
		}
		if (np > 1) {
			hmap_free(&seen);
			dt_for_each_prop(n, q) {
				size_t len = strlen(q->name);

				if (hmap_get_str(&seen, q->name, len)) {
					const char *where = need(p, arena_printf(&p->t->arena, "%s:%s",
								path_of(p, n), q->name));

					error_loc(p, q->loc, where, "duplicate property name");
				} else if (hmap_put_str(&seen, q->name, len, q) < 0) {
					oom(p);
				}
			}
		}
	}
	hmap_free(&seen);
}

/*
 * dtc's node_name_chars, node_name_format and property_name_chars, which
 * dtc treats as errors: the tree would not build.
 */
static void check_name_chars(struct parser *p)
{
	static const char node_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+-@";
	static const char prop_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+*#?-";

	for_each_live_node(p, n) {
		if (n->parent) {
			size_t ok = strspn(n->name, node_chars);

			if (n->name[ok])
				error_loc(p, n->loc, path_of(p, n), "Bad character '%c' in node name",
					  n->name[ok]);
			else if (strchr(n->name, '@') && strchr(strchr(n->name, '@') + 1, '@'))
				error_loc(p, n->loc, path_of(p, n),
					  "multiple '@' characters in node name");
		}
		dt_for_each_prop(n, q) {
			size_t ok = strspn(q->name, prop_chars);

			if (q->name[ok]) {
				const char *where = need(p, arena_printf(&p->t->arena, "%s:%s",
									 path_of(p, n), q->name));

				error_loc(p, q->loc, where, "Bad character '%c' in property name",
					  q->name[ok]);
			}
		}
	}
}

/*
 * dtc's name_is_string and name_properties: a "name" property must be one
 * string equal to the node's name without its unit address, and is then
 * redundant: dtc drops it from the tree.
 */
static void check_name_properties(struct parser *p)
{
	for_each_live_node(p, n) {
		struct dt_property *prop = dt_node_prop(n, "name");

		if (!prop)
			continue;
		const char *where = need(p, arena_printf(&p->t->arena, "%s:name", path_of(p, n)));
		size_t base = strcspn(n->name, "@");

		if (!prop->len || prop->val[prop->len - 1] ||
		    memchr(prop->val, '\0', prop->len - 1)) {
			error_loc(p, prop->loc, where, "property is not a string");
		} else if (prop->len != base + 1 || memcmp(prop->val, n->name, base) != 0) {
			error_loc(p, prop->loc, path_of(p, n),
				  "\"name\" property is incorrect (\"%s\" instead of base node name)",
				  (const char *)prop->val);
		} else {
			delete_prop(prop);
		}
	}
}

/* Where a label is: on a node, on a property, or inside a property's value. */
struct label_site {
	const struct dt_node *node;
	const struct dt_property *prop;
	const struct dt_marker *mark;
	struct dtbind_loc loc;
};

struct label_first {
	struct label_site node, prop, mark;	/* the first of each kind in tree order */
};

static const char *site_desc(struct parser *p, const struct label_site *s)
{
	const char *path = path_of(p, s->node);

	if (!s->prop)
		return path;
	return need(p, arena_printf(&p->t->arena, "%s'%s' in %s", s->mark ? "value of " : "",
				    s->prop->name, path));
}

/* Visit every live label site in tree order: node labels, then per property. */
#define for_each_label_site(p, s, body)						\
	for_each_live_node(p, n_) {							\
		for (struct dt_label *l_ = n_->labels; l_; l_ = l_->next) {		\
			struct label_site s = { n_, NULL, NULL, ((struct plabel *)l_)->loc }; \
			const char *name_ = l_->name;					\
			body								\
		}								\
		dt_for_each_prop(n_, q_) {						\
			for (struct dt_label *l_ = q_->labels; l_; l_ = l_->next) {	\
				struct label_site s = { n_, q_, NULL, ((struct plabel *)l_)->loc }; \
				const char *name_ = l_->name;				\
				body							\
			}							\
			for (struct dt_marker *m_ = q_->markers; m_; m_ = m_->next) {	\
				if (m_->type != DT_M_LABEL)				\
					continue;					\
				struct label_site s = { n_, q_, m_, m_->loc };		\
				const char *name_ = m_->ref;				\
				body							\
			}							\
		}								\
	}

/*
 * dtc's duplicate_label: a label names one thing.  The first holder is the
 * first node carrying it in tree order, else the first property, else the
 * first value; every other holder is reported.
 */
static void check_duplicate_labels(struct parser *p)
{
	struct hmap firsts;

	hmap_init(&firsts);
	for_each_label_site(p, s, {
		size_t len = strlen(name_);
		struct label_first *f = hmap_get_str(&firsts, name_, len);

		if (!f) {
			f = alloc(p, sizeof(*f));
			if (hmap_put_str(&firsts, name_, len, f) < 0) {
				hmap_free(&firsts);
				oom(p);
			}
		}
		struct label_site *slot = s.mark ? &f->mark : s.prop ? &f->prop : &f->node;

		if (!slot->node)
			*slot = s;
	})
	for_each_label_site(p, s, {
		struct label_first *f = hmap_get_str(&firsts, name_, strlen(name_));
		const struct label_site *o = f->node.node ? &f->node : f->prop.node ? &f->prop
										      : &f->mark;

		if (o->node != s.node || o->prop != s.prop || o->mark != s.mark)
			error_loc(p, s.loc, NULL, "duplicate label '%s' on %s and %s", name_,
				  site_desc(p, &s), site_desc(p, o));
	})
	hmap_free(&firsts);
}

static void put_be32(uint8_t *at, uint32_t v)
{
	at[0] = (uint8_t)(v >> 24);
	at[1] = (uint8_t)(v >> 16);
	at[2] = (uint8_t)(v >> 8);
	at[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *at)
{
	return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

static bool phandle_valid(uint32_t ph)
{
	return ph != 0 && ph != ~0u;
}

static struct dt_node *by_phandle(struct parser *p, uint32_t ph)
{
	return hmap_get_ptr(&p->phandles, (const void *)(uintptr_t)ph);
}

static void set_phandle(struct parser *p, struct dt_node *n, uint32_t ph)
{
	n->phandle = ph;
	if (hmap_put_ptr(&p->phandles, (const void *)(uintptr_t)ph, n) < 0)
		oom(p);
}

/* dtc's check_phandle_prop(): the explicit phandle in @name, or 0. */
static uint32_t phandle_prop(struct parser *p, struct dt_node *n, const char *name)
{
	struct dt_property *prop = dt_node_prop(n, name);

	if (!prop)
		return 0;
	const char *where = need(p, arena_printf(&p->t->arena, "%s:%s", path_of(p, n), name));

	if (prop->len != 4) {
		error_loc(p, prop->loc, where, "bad length (%u) %s property", prop->len, name);
		return 0;
	}
	for (struct dt_marker *m = prop->markers; m; m = m->next) {
		if (m->type != DT_M_REF_PHANDLE)
			continue;
		/* <&self> asks for a phandle: allocated when references are resolved. */
		if (resolve(p, m->ref) != n)
			error_loc(p, prop->loc, path_of(p, n), "%s is a reference to another node",
				  name);
		return 0;
	}
	uint32_t ph = get_be32(prop->val);

	if (!phandle_valid(ph)) {
		error_loc(p, prop->loc, where, "bad value (0x%x) in %s property", ph, name);
		return 0;
	}
	return ph;
}

static void check_explicit_phandles(struct parser *p)
{
	for_each_live_node(p, n) {
		uint32_t ph = phandle_prop(p, n, "phandle");
		uint32_t lph = phandle_prop(p, n, "linux,phandle");

		if (!ph && !lph)
			continue;
		if (ph && lph && ph != lph)
			error_loc(p, n->loc, path_of(p, n),
				  "mismatching 'phandle' and 'linux,phandle' properties");
		if (!ph)
			ph = lph;
		struct dt_node *other = by_phandle(p, ph);

		if (other && other != n) {
			error_loc(p, n->loc, path_of(p, n), "duplicated phandle 0x%x (seen before at %s)",
				  ph, path_of(p, other));
			continue;
		}
		set_phandle(p, n, ph);
	}
}

/* dtc's get_node_phandle(): allocate the lowest free phandle from a running counter. */
static uint32_t node_phandle(struct parser *p, struct dt_node *n)
{
	if (phandle_valid(n->phandle))
		return n->phandle;
	while (by_phandle(p, p->next_phandle))
		p->next_phandle++;
	set_phandle(p, n, p->next_phandle);
	if (!dt_node_prop(n, "phandle")) {
		struct dt_property *prop = alloc(p, sizeof(*prop)), **pp = &n->props;
		struct dt_marker *m = alloc(p, sizeof(*m));

		prop->name = "phandle";
		prop->val = alloc(p, 4);
		prop->len = 4;
		put_be32(prop->val, n->phandle);
		m->type = DT_M_U32;
		m->loc = n->loc;
		prop->markers = m;
		/* Generated: it is located at its node. */
		prop->loc = n->loc;
		while (*pp)
			pp = &(*pp)->next;
		*pp = prop;
	}
	return n->phandle;
}

static void ref_error(struct parser *p, const struct dt_marker *m, const struct dt_node *n)
{
	error_loc(p, m->loc, path_of(p, n), "reference to non-existent node or label '%s'",
		  written_ref(p, m->ref));
}

static void fixup_phandle_references(struct parser *p)
{
	for_each_live_node(p, n) {
		dt_for_each_prop(n, prop) {
			for (struct dt_marker *m = prop->markers; m; m = m->next) {
				if (m->type != DT_M_REF_PHANDLE)
					continue;
				struct dt_node *target = resolve(p, m->ref);

				if (!target) {
					if (!p->plugin)
						ref_error(p, m, n);
					else
						put_be32(prop->val + m->offset, ~0u);
					continue;
				}
				put_be32(prop->val + m->offset, node_phandle(p, target));
				target->referenced = true;
			}
		}
	}
}

static void fixup_path_references(struct parser *p)
{
	for_each_live_node(p, n) {
		dt_for_each_prop(n, prop) {
			for (struct dt_marker *m = prop->markers; m; m = m->next) {
				if (m->type != DT_M_REF_PATH)
					continue;
				struct dt_node *target = resolve(p, m->ref);

				if (!target) {
					ref_error(p, m, n);
					continue;
				}
				const char *path = path_of(p, target);
				size_t plen = strlen(path) + 1;

				if (plen > UINT32_MAX - prop->len)
					oom(p);
				uint8_t *val = alloc(p, prop->len + plen);

				if (prop->len) {	/* else prop->val is NULL */
					memcpy(val, prop->val, m->offset);
					memcpy(val + m->offset + plen, prop->val + m->offset,
					       prop->len - m->offset);
				}
				memcpy(val + m->offset, path, plen);
				prop->val = val;
				prop->len += (uint32_t)plen;
				for (struct dt_marker *after = m->next; after; after = after->next)
					after->offset += (uint32_t)plen;
				target->referenced = true;
			}
		}
	}
}

static void drop_omitted(struct parser *p)
{
	for_each_live_node(p, n)
		if (n->omit_if_no_ref && !n->referenced)
			delete_node(n);
}

/* ---- entry point ---------------------------------------------------- */

/* The parse and the passes; out of memory lands back here. */
static int run(struct parser *p, const char *name, const char *text, size_t len,
	       const struct srcmap *map)
{
	struct dt_tree *t = p->t;
	unsigned errors0 = t->errors;

	if (setjmp(p->oom))
		return -DTBIND_ENOMEM;
	p->name = strndup_a(p, name, strlen(name));
	push_source(p, p->name, text, len, NULL)->map = map;
	parse_source(p);
	settle_pending(p, false);
	if (!t->root)
		empty_root(p, &(struct pos){ 0 });
	/* Resolving references in a tree with holes would only add noise. */
	if (!p->syntax_errors && !p->fatal) {
		check_duplicates(p);
		check_name_chars(p);
		check_name_properties(p);
		check_duplicate_labels(p);
		check_explicit_phandles(p);
		fixup_phandle_references(p);
		fixup_path_references(p);
		drop_omitted(p);
	}
	return t->errors != errors0 ? -DTBIND_EPARSE : 0;
}

int dts_parse(struct dt_tree *t, const char *name, const char *text, size_t len,
	      const struct srcmap *map, struct dtbind_diag *diag)
{
	struct parser *p = calloc(1, sizeof(*p));

	if (!p)
		return -DTBIND_ENOMEM;
	p->t = t;
	p->diag = diag;
	p->next_phandle = 1;
	p->state = LS_INITIAL;
	hmap_init(&p->labels);
	hmap_init(&p->files);
	hmap_init(&p->mnames);
	hmap_init(&p->phandles);

	int ret = run(p, name ? name : "<input>", text, len, map);

	free_sources(p);
	free(p->vbuf);
	free(p->pending);
	hmap_free(&p->labels);
	hmap_free(&p->files);
	hmap_free(&p->mnames);
	hmap_free(&p->phandles);
	free(p);
	return ret;
}
