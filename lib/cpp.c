// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp.c - the C preprocessor as the kernel runs it on devicetree sources:
 * `cpp -nostdinc -undef -x assembler-with-cpp` (see cpp.h).
 *
 * The model is gcc's cpplib, because the output has to be token for token
 * what gcc produces, white space included where DTS cares (`foo-BAR`,
 * `&LABEL`, `<FOO>`):
 *
 *  - a lexer over a cleaned copy of each file (backslash-newlines removed,
 *    a table of where every physical line starts, so tokens keep their
 *    original line and column);
 *  - a stack of token contexts for macro expansion.  A macro is disabled
 *    while its context is on the stack; a name met while its macro is
 *    disabled is painted (F_NO_EXPAND) for good.  Arguments are collected
 *    unexpanded, pre-expanded on their own context ending in an EOF
 *    sentinel, substituted, and the result rescanned;
 *  - padding tokens that carry "was there white space before the thing that
 *    expanded here", and gcc's printer rules (print a space only for white
 *    space in the source or to keep two tokens from pasting);
 *  - in assembler-with-cpp mode a `#` that does not start a known directive
 *    is passed through (`#address-cells`), quotes that do not close on their
 *    line are one "other" token up to the end of the line (`don't`), `$` is
 *    not part of identifiers, and there are no digraphs.
 *
 * Output lines follow input lines: a token that starts a source line starts
 * an output line, indented as in the source, and gaps are filled with empty
 * lines (up to 8 lines in included files, always in the main file), so most
 * tokens stand at their source line and column.  out->map says where each
 * output line came from and, where an expansion of another length or
 * arguments across lines moved what follows, where each token came from: a
 * token from a file where it is written, a macro's output at the name of the
 * outermost macro invoked.
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpp.h"

/* ---- limits -------------------------------------------------------- */
#define DEFAULT_INCLUDE_DEPTH	200		/* as gcc */
#define CPP_MAX_INCLUDES	100000		/* #include directives run per cpp_run */
#define CPP_MAX_ARG_NEST	200		/* argument pre-expansions inside each other */
#define CPP_MAX_CONTEXTS	100000		/* token contexts on the stack */
#define CPP_MAX_LIVE_TOKENS	(4u << 20)	/* tokens held by contexts and arguments */
#define CPP_MAX_EXPANDED	(16u << 20)	/* tokens read from macro expansions per run */
#define CPP_MAX_EXPR_DEPTH	400		/* #if operators nested inside each other */
#define CPP_MAX_OUTPUT		DTBIND_MAX_FILE_SIZE /* bytes of output, of one # result */
#define CPP_MAX_INPUT		(512u << 20)	/* bytes of files entered per run */
#define CPP_MAX_MACRO_TOKENS	(4u << 20)	/* tokens of distinct #defines per run */
#define CPP_MAX_PARAMS		1024		/* parameters of one macro */
#define CPP_MAX_PASTED		(256u << 20)	/* bytes re-lexed by ## per run */
#define CPP_MAX_FILL		8		/* blank lines kept in included files */

#define RULE "cpp"

/* ---- tokens -------------------------------------------------------- */
enum tok_type {
	T_EOF,		/* end of input; F_ARG_EOF: end of a macro argument */
	T_EOL,		/* end of a directive line */
	T_NAME,
	T_NUMBER,	/* a preprocessing number */
	T_CHAR,
	T_STRING,
	T_HEADER,	/* <file> in #include */
	T_PUNCT,
	T_OTHER,	/* a stray character, or an unterminated quote to the end of the line */
	T_PADDING,	/* white space information only (see print_padding) */
	T_ARG,		/* a macro parameter in a replacement list */
};

enum punct {
	P_NONE, P_LBRACK, P_RBRACK, P_LPAREN, P_RPAREN, P_LBRACE, P_RBRACE, P_DOT, P_ARROW,
	P_INC, P_DEC, P_AND, P_MUL, P_PLUS, P_MINUS, P_COMPL, P_NOT, P_DIV, P_MOD, P_LSHIFT,
	P_RSHIFT, P_LT, P_GT, P_LE, P_GE, P_EQEQ, P_NE, P_XOR, P_OR, P_ANDAND, P_OROR, P_QUERY,
	P_COLON, P_SEMI, P_ELLIPSIS, P_EQ, P_MULEQ, P_DIVEQ, P_MODEQ, P_PLUSEQ, P_MINUSEQ,
	P_LSHIFTEQ, P_RSHIFTEQ, P_ANDEQ, P_XOREQ, P_OREQ, P_COMMA, P_HASH, P_PASTE,
};

enum {
	F_WHITE = 1 << 0,	/* white space (or a comment) before it */
	F_BOL = 1 << 1,		/* first token of a line */
	F_NO_EXPAND = 1 << 2,	/* a macro name met while its macro was disabled */
	F_PASTE_LEFT = 1 << 3,	/* ## follows */
	F_STRINGIFY = 1 << 4,	/* T_ARG preceded by # */
	F_FILE = 1 << 5,	/* straight from a file: line and col are where it is */
	F_PREFIX = 1 << 6,	/* L"..." or L'.' */
	F_ARG_EOF = 1 << 7,	/* T_EOF ending a macro argument */
	F_SRC = 1 << 8,		/* T_PADDING: has a source token ... */
	F_SRC_WHITE = 1 << 9,	/* ... which had white space before it */
};

struct srcfile;

struct tok {
	const char *text;
	const struct srcfile *sf;	/* where it was spelled; NULL when made up */
	uint32_t len;
	uint32_t line, col;		/* physical line and column in sf */
	uint32_t arg;			/* T_ARG: parameter index */
	uint16_t flags;
	uint8_t type;
	uint8_t op;			/* T_PUNCT: enum punct */
};

/* ---- files and buffers --------------------------------------------- */
struct srcfile {
	const char *path;	/* as opened, for messages */
	const char *dir;	/* "" or "dir/": where "..." includes look first */
	char *text;		/* cleaned: no backslash-newlines, ends in '\n' */
	size_t len;
	uint32_t *ls;		/* ls[i]: offset in text where physical line i + 1 starts */
	uint32_t nl;
	struct srcfile *next;	/* all loaded files */
};

struct buffer {
	struct srcfile *sf;
	size_t pos;
	uint32_t li;		/* line index of the last token lexed (only grows) */
	bool bol;
	bool is_main;
	int dir_idx;		/* include_dirs index it was found in; -1 otherwise */
	size_t if_base;		/* conditionals open when the file was entered */
	const char *presumed;	/* #line file name (interned), or NULL */
	int64_t line_delta;	/* #line: presumed = physical + line_delta */
	bool line_set;
	struct buffer *prev;
};

/* ---- macros -------------------------------------------------------- */
enum builtin {
	BI_NONE, BI_FILE, BI_FILE_NAME, BI_BASE_FILE, BI_LINE, BI_COUNTER, BI_INCLUDE_LEVEL, BI_PRAGMA,
	BI_HAS_INCLUDE, BI_HAS_INCLUDE_NEXT,
};

struct macro {
	const char *name;
	uint32_t name_len;
	struct tok *body;
	uint32_t n;
	uint32_t nparams;
	const char **pnames;
	uint32_t *plens;
	bool funlike, variadic, disabled;
	uint8_t builtin;
	struct dtbind_loc loc;
};

struct context {
	struct tok *toks;	/* owned */
	size_t n, i;
	struct macro *m;	/* re-enabled when the context is popped */
};

struct arg {
	struct tok *raw;
	size_t n, cap;
	struct tok *exp;
	size_t n_exp;
	bool expanded;
	bool stringified;
	bool omitted;		/* variadic argument left out (GNU , ## __VA_ARGS__) */
	struct tok str;
};

struct ifstate {
	struct dtbind_loc loc;
	bool was_skipping;
	bool skip_elses;	/* a group was taken, or the whole #if is skipped */
	bool seen_else;
	const char *kind;	/* "if", "ifdef", ... for "unterminated #..." */
};

struct printer {
	const struct srcfile *sf;	/* what the current output line shows */
	uint32_t line;
	uint32_t col;			/* characters on the current output line */
	size_t line_start;		/* offset of the current line in the text */
	bool content;			/* a token was printed on the current line */
	bool fresh;			/* just positioned: no space before the next token */
	bool avoid_paste;		/* a padding token came since the last token */
	int source;			/* -1 none; else whether the source had white space */
	bool have_prev;
	struct tok prev;
};

struct tokvec {
	struct tok *v;
	size_t n, cap;
};

struct cpp {
	const struct cpp_opts *opts;
	struct dtbind_diag *diag;
	const struct srcmap *in_map;
	const char *name;
	struct cpp_output *out;
	struct strbuf text;
	struct arena a;
	struct hmap macros;	/* name -> struct macro *, NULL after #undef */
	struct hmap files;	/* path -> struct srcfile * */
	struct hmap names;	/* interned output file names */
	struct hmap once;	/* real paths of #pragma once files */
	struct srcfile *files_list;
	struct srcfile *main_sf;
	struct buffer *buf;
	unsigned depth;
	unsigned max_depth;
	unsigned n_includes;
	struct ifstate *ifs;
	size_t n_ifs, cap_ifs;
	bool skipping;
	bool in_directive;
	bool printing;
	int parsing_args;	/* 1: looking for '(', 2: collecting arguments */
	int prevent_expansion;
	struct context *ctx;
	size_t n_ctx, cap_ctx;
	struct tok la[8];	/* tokens backed up into the lexer */
	int n_la;
	struct printer pr;
	/* #include found during a directive, entered when its line is done */
	struct srcfile *pending;
	int pending_dir;
	bool pending_line;	/* #line: set line_delta when the line is done */
	int64_t pending_line_no;
	const char *pending_line_name;
	/* bookkeeping */
	unsigned errors;
	int fatal;		/* -DTBIND_ENOMEM or -DTBIND_ELIMIT: stop */
	size_t live_tokens;
	size_t expanded;
	size_t input_bytes;
	size_t macro_tokens;
	size_t pasted_bytes;
	unsigned arg_nest;
	unsigned counter;
	struct tok exp_tok;	/* name token of the outermost expansion */
	struct tok last_tok;	/* last token from a file */
	const char *last_in, *last_out;
};

static const struct tok eof_tok = { .text = "", .type = T_EOF };

/* ---- diagnostics ---------------------------------------------------- */
static void oom(struct cpp *p)
{
	if (!p->fatal)
		p->fatal = -DTBIND_ENOMEM;
}

static struct dtbind_loc file_loc(const struct cpp *p, const struct srcfile *sf, uint32_t line,
				  uint32_t col)
{
	const struct buffer *b = p->buf;

	if (!sf)
		return (struct dtbind_loc){ p->name, 0, 0 };
	if (b && b->sf == sf && b->line_set)
		return (struct dtbind_loc){ b->presumed ? b->presumed : sf->path,
					    (uint32_t)(line + b->line_delta), col };
	if (sf == p->main_sf && p->in_map)
		return srcmap_loc(p->in_map, p->name, line, col);
	return (struct dtbind_loc){ sf->path, line, col };
}

/* Where a token was written; for made-up tokens, the expansion it came from. */
static struct dtbind_loc tok_loc(const struct cpp *p, const struct tok *t)
{
	if (t && t->sf && t->line && (t->flags & F_FILE))
		return file_loc(p, t->sf, t->line, t->col);
	if (p->exp_tok.sf)
		return file_loc(p, p->exp_tok.sf, p->exp_tok.line, p->exp_tok.col);
	if (t && t->sf && t->line)
		return file_loc(p, t->sf, t->line, t->col);
	return file_loc(p, p->last_tok.sf, p->last_tok.line, p->last_tok.col);
}

static void report(struct cpp *p, enum dtbind_severity sev, struct dtbind_loc loc,
		   const char *fmt, ...) DTBIND_PRINTF(4, 5);
static void report(struct cpp *p, enum dtbind_severity sev, struct dtbind_loc loc,
		   const char *fmt, ...)
{
	va_list ap;

	if (sev == DTBIND_ERROR)
		p->errors++;
	if (!p->diag)
		return;
	va_start(ap, fmt);
	dtbind_diag_vreport(p->diag, sev, loc, sev == DTBIND_NOTE ? NULL : RULE, fmt, ap);
	va_end(ap);
}

#define error_at(p, t, ...) report(p, DTBIND_ERROR, tok_loc(p, t), __VA_ARGS__)
#define warning_at(p, t, ...) report(p, DTBIND_WARNING, tok_loc(p, t), __VA_ARGS__)

/* A limit was hit: say where, once, and stop. */
static void limit(struct cpp *p, const struct tok *t, const char *what, unsigned long max)
{
	if (p->fatal)
		return;
	error_at(p, t, "%s exceeds the limit of %lu", what, max);
	p->fatal = -DTBIND_ELIMIT;
}

/* ---- small helpers -------------------------------------------------- */
static bool is_idstart(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static bool is_idnum(int c)
{
	return is_idstart(c) || is_digit(c);
}

static bool tok_is(const struct tok *t, enum punct op)
{
	return t->type == T_PUNCT && t->op == op;
}

static bool tok_eq(const struct tok *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && memcmp(t->text, s, n) == 0;
}

static bool is_eol(const struct tok *t)
{
	return t->type == T_EOL || t->type == T_EOF;
}

static const char *intern(struct cpp *p, const char *s)
{
	if (s == p->last_in)
		return p->last_out;
	size_t n = strlen(s);
	char *r = hmap_get_str(&p->names, s, n);

	if (!r) {
		r = arena_strndup(&p->out->names, s, n);
		if (!r || hmap_put_str(&p->names, r, n, r)) {
			oom(p);
			return "";
		}
	}
	p->last_in = s;
	p->last_out = r;
	return r;
}

static bool vec_push(struct cpp *p, struct tokvec *v, const struct tok *t)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		struct tok *nv;

		if (p->live_tokens + (cap - v->cap) > CPP_MAX_LIVE_TOKENS) {
			limit(p, t, "macro expansion size (tokens)", CPP_MAX_LIVE_TOKENS);
			return false;
		}
		nv = realloc(v->v, cap * sizeof(*nv));
		if (!nv) {
			oom(p);
			return false;
		}
		p->live_tokens += cap - v->cap;
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = *t;
	return true;
}

static void vec_free(struct cpp *p, struct tokvec *v)
{
	p->live_tokens -= v->cap;
	free(v->v);
	v->v = NULL;
	v->n = v->cap = 0;
}

/* ---- source files ---------------------------------------------------- */
static int push_line_start(struct srcfile *sf, uint32_t *cap, size_t off)
{
	if (sf->nl == *cap) {
		uint32_t ncap = *cap ? *cap * 2 : 256;
		uint32_t *n = realloc(sf->ls, ncap * sizeof(*n));

		if (!n)
			return -1;
		sf->ls = n;
		*cap = ncap;
	}
	sf->ls[sf->nl++] = (uint32_t)off;
	return 0;
}

/*
 * A cleaned copy of @raw: backslash-newlines (also with blanks between the
 * backslash and the newline, as gcc accepts them) are removed, CRLF becomes
 * LF, NUL becomes a space, and the text ends in a newline.  ls[] records
 * where each physical line starts, so positions stay those of the file.
 */
static struct srcfile *new_srcfile(struct cpp *p, const char *path, const char *raw, size_t len,
				   bool is_main)
{
	struct srcfile *sf = arena_alloc(&p->a, sizeof(*sf));
	uint32_t cap = 0, line = 1;
	size_t o = 0, raw_ls = 0;

	if (!sf || len > CPP_MAX_OUTPUT || !(sf->text = malloc(len + 2))) {
		oom(p);
		return NULL;
	}
	sf->path = arena_strdup(&p->a, path);
	if (!sf->path)
		goto fail;
	if (is_main)
		p->main_sf = sf;
	const char *slash = strrchr(sf->path, '/');

	sf->dir = slash ? arena_strndup(&p->a, sf->path, (size_t)(slash - sf->path) + 1) : "";
	if (!sf->dir || push_line_start(sf, &cap, 0))
		goto fail;
	for (size_t i = 0; i < len; i++) {
		char c = raw[i];

		if (c == '\\') {
			size_t j = i + 1;

			while (j < len && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\f' ||
					   raw[j] == '\v' || raw[j] == '\r'))
				j++;
			if (j < len && raw[j] == '\n') {
				bool blanks = false;

				for (size_t k = i + 1; k < j; k++)
					blanks |= raw[k] != '\r';
				if (blanks)
					report(p, DTBIND_WARNING,
					       file_loc(p, sf, line, (uint32_t)(i - raw_ls + 1)),
					       "backslash and newline separated by space");
				line++;
				if (push_line_start(sf, &cap, o))
					goto fail;
				i = j;
				raw_ls = j + 1;
				continue;
			}
		}
		if (c == '\r' && i + 1 < len && raw[i + 1] == '\n')
			continue;
		if (c == '\0')
			c = ' ';
		sf->text[o++] = c;
		if (c == '\n') {
			line++;
			raw_ls = i + 1;
			if (push_line_start(sf, &cap, o))
				goto fail;
		}
	}
	if (!o || sf->text[o - 1] != '\n') {
		sf->text[o++] = '\n';
		if (push_line_start(sf, &cap, o))
			goto fail;
	}
	sf->text[o] = '\0';
	sf->len = o;
	sf->next = p->files_list;
	p->files_list = sf;
	return sf;
fail:
	if (is_main)
		p->main_sf = NULL;
	free(sf->text);
	free(sf->ls);
	oom(p);
	return NULL;
}

static void free_files(struct cpp *p)
{
	struct srcfile *sf = p->files_list, *next;

	for (; sf; sf = next) {
		next = sf->next;
		free(sf->text);
		free(sf->ls);
	}
	p->files_list = NULL;
}

/* A file by path, loaded once per run; NULL when it is not a readable regular file. */
static struct srcfile *load_file(struct cpp *p, const char *path, const struct tok *at)
{
	size_t n = strlen(path);
	struct srcfile *sf = hmap_get_str(&p->files, path, n);
	struct stat st;
	char *raw;
	size_t len;
	int ret;

	if (sf)
		return sf;
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return NULL;
	ret = read_file(path, DTBIND_MAX_FILE_SIZE, &raw, &len);
	if (ret == -DTBIND_ENOMEM) {
		oom(p);
		return NULL;
	}
	if (ret == -DTBIND_ELIMIT) {
		error_at(p, at, "%s: file larger than %u bytes", path, DTBIND_MAX_FILE_SIZE);
		return NULL;
	}
	if (ret)
		return NULL;
	sf = new_srcfile(p, path, raw, len, false);
	free(raw);
	if (sf && hmap_put_str(&p->files, sf->path, n, sf))
		oom(p);
	return sf;
}

static char *join_path(struct cpp *p, const char *dir, const char *name)
{
	size_t dl = strlen(dir);

	if (!dl || dir[dl - 1] == '/')
		return arena_printf(&p->a, "%s%s", dir, name);
	return arena_printf(&p->a, "%s/%s", dir, name);
}

/*
 * gcc's search: "file" in the including file's directory, then the include
 * directories; <file> only in the include directories; #include_next from
 * the directory after the one the current file was found in.
 */
static struct srcfile *find_include(struct cpp *p, const char *name, bool angled, bool next,
				    const struct tok *at, int *dir_idx)
{
	size_t start = 0;
	char *path;
	struct srcfile *sf;

	*dir_idx = -1;
	if (name[0] == '/')
		return load_file(p, name, at);
	if (next && p->buf->dir_idx >= 0)
		start = (size_t)p->buf->dir_idx + 1;
	else if (!angled && !next) {
		path = join_path(p, p->buf->sf->dir, name);
		if (!path) {
			oom(p);
			return NULL;
		}
		if ((sf = load_file(p, path, at)))
			return sf;
	}
	for (size_t i = start; i < p->opts->n_include_dirs && !p->fatal; i++) {
		path = join_path(p, p->opts->include_dirs[i], name);
		if (!path) {
			oom(p);
			return NULL;
		}
		if ((sf = load_file(p, path, at))) {
			*dir_idx = (int)i;
			return sf;
		}
	}
	return NULL;
}

static bool is_once(struct cpp *p, const struct srcfile *sf)
{
	char *real;
	bool found;

	if (!p->once.n)
		return false;
	real = realpath(sf->path, NULL);
	if (!real)
		return false;
	found = hmap_get_str(&p->once, real, strlen(real)) != NULL;
	free(real);
	return found;
}

static void mark_once(struct cpp *p, const struct srcfile *sf)
{
	char *real = realpath(sf->path, NULL);
	char *key;

	if (!real)
		return;
	key = arena_strdup(&p->a, real);
	free(real);
	if (!key || hmap_put_str(&p->once, key, strlen(key), key))
		oom(p);
}

static void push_buffer(struct cpp *p, struct srcfile *sf, int dir_idx, bool is_main)
{
	struct buffer *b = calloc(1, sizeof(*b));

	if (!b) {
		oom(p);
		return;
	}
	b->sf = sf;
	b->bol = true;
	b->is_main = is_main;
	b->dir_idx = dir_idx;
	b->if_base = p->n_ifs;
	b->prev = p->buf;
	p->buf = b;
	p->depth++;
}

static void pop_buffer(struct cpp *p)
{
	struct buffer *b = p->buf;

	if (p->n_ifs > b->if_base) {
		p->skipping = p->ifs[b->if_base].was_skipping;
		while (p->n_ifs > b->if_base) {
			struct ifstate *s = &p->ifs[--p->n_ifs];

			report(p, DTBIND_ERROR, s->loc, "unterminated #%s", s->kind);
		}
	}
	p->buf = b->prev;
	p->depth--;
	free(b);
}

/* ---- the lexer ------------------------------------------------------ */
static const char *lex_quote(const char *s, const char *q, const char *end, struct tok *t)
{
	char term = *q++;

	while (q < end) {
		if (*q == '\\' && q + 1 < end && q[1] != '\n') {
			q += 2;
		} else if (*q == term) {
			t->type = term == '"' ? T_STRING : T_CHAR;
			q++;
			goto done;
		} else if (*q == '\n') {
			break;
		} else {
			q++;
		}
	}
	/* Not closed on its line: in assembler mode the rest of the line is one token. */
	t->type = T_OTHER;
done:
	t->len = (uint32_t)(q - s);
	return q;
}

/* One token at @s (not white space); returns where it ends. */
static const char *lex_raw(const char *s, const char *end, struct tok *t)
{
	unsigned char c = (unsigned char)*s;
	const char *q = s + 1;
	enum punct op = P_NONE;
	size_t n = 1;

	t->text = s;
	t->op = P_NONE;
	if (is_idstart(c)) {
		while (q < end && is_idnum(*q))
			q++;
		n = (size_t)(q - s);
		/* Only L: assembler mode has no u, U or u8 literals (u8"x" is u8 "x"). */
		if (q < end && (*q == '"' || *q == '\'') && n == 1 && c == 'L') {
			t->flags |= F_PREFIX;
			return lex_quote(s, q, end, t);
		}
		t->type = T_NAME;
		t->len = (uint32_t)n;
		return q;
	}
	if (is_digit(c) || (c == '.' && q < end && is_digit(*q))) {
		while (q < end) {
			if (is_idnum(*q) || *q == '.')
				q++;
			else if ((*q == '+' || *q == '-') && strchr("eEpP", q[-1]))
				q++;
			else
				break;
		}
		t->type = T_NUMBER;
		t->len = (uint32_t)(q - s);
		return q;
	}
	if (c == '"' || c == '\'')
		return lex_quote(s, s, end, t);

	char c1 = q < end ? *q : 0, c2 = q + 1 < end ? q[1] : 0;

	switch (c) {
	case '[': op = P_LBRACK; break;
	case ']': op = P_RBRACK; break;
	case '(': op = P_LPAREN; break;
	case ')': op = P_RPAREN; break;
	case '{': op = P_LBRACE; break;
	case '}': op = P_RBRACE; break;
	case '~': op = P_COMPL; break;
	case '?': op = P_QUERY; break;
	case ';': op = P_SEMI; break;
	case ',': op = P_COMMA; break;
	case ':': op = P_COLON; break;
	case '.':
		if (c1 == '.' && c2 == '.')
			op = P_ELLIPSIS, n = 3;
		else
			op = P_DOT;
		break;
	case '-':
		if (c1 == '>')
			op = P_ARROW, n = 2;
		else if (c1 == '-')
			op = P_DEC, n = 2;
		else if (c1 == '=')
			op = P_MINUSEQ, n = 2;
		else
			op = P_MINUS;
		break;
	case '+':
		if (c1 == '+')
			op = P_INC, n = 2;
		else if (c1 == '=')
			op = P_PLUSEQ, n = 2;
		else
			op = P_PLUS;
		break;
	case '&':
		if (c1 == '&')
			op = P_ANDAND, n = 2;
		else if (c1 == '=')
			op = P_ANDEQ, n = 2;
		else
			op = P_AND;
		break;
	case '|':
		if (c1 == '|')
			op = P_OROR, n = 2;
		else if (c1 == '=')
			op = P_OREQ, n = 2;
		else
			op = P_OR;
		break;
	case '*': op = c1 == '=' ? (n = 2, P_MULEQ) : P_MUL; break;
	case '/': op = c1 == '=' ? (n = 2, P_DIVEQ) : P_DIV; break;
	case '%': op = c1 == '=' ? (n = 2, P_MODEQ) : P_MOD; break;
	case '^': op = c1 == '=' ? (n = 2, P_XOREQ) : P_XOR; break;
	case '!': op = c1 == '=' ? (n = 2, P_NE) : P_NOT; break;
	case '=': op = c1 == '=' ? (n = 2, P_EQEQ) : P_EQ; break;
	case '#': op = c1 == '#' ? (n = 2, P_PASTE) : P_HASH; break;
	case '<':
		if (c1 == '<')
			op = c2 == '=' ? (n = 3, P_LSHIFTEQ) : (n = 2, P_LSHIFT);
		else if (c1 == '=')
			op = P_LE, n = 2;
		else
			op = P_LT;
		break;
	case '>':
		if (c1 == '>')
			op = c2 == '=' ? (n = 3, P_RSHIFTEQ) : (n = 2, P_RSHIFT);
		else if (c1 == '=')
			op = P_GE, n = 2;
		else
			op = P_GT;
		break;
	default:
		break;
	}
	t->type = op == P_NONE ? T_OTHER : T_PUNCT;
	t->op = (uint8_t)op;
	t->len = (uint32_t)n;
	return s + n;
}

static uint32_t line_of(struct buffer *b, size_t off)
{
	const struct srcfile *sf = b->sf;

	while (b->li + 1 < sf->nl && sf->ls[b->li + 1] <= off)
		b->li++;
	return b->li + 1;
}

/*
 * The next token of @b.  In a directive the end of the line is T_EOL, and
 * stays so (the newline is consumed by skip_line()); elsewhere newlines are
 * white space that sets F_BOL on the next token.  @header: lex <...> and
 * "..." as #include reads them.
 */
static void lex_direct(struct cpp *p, struct buffer *b, struct tok *t, bool header)
{
	const struct srcfile *sf = b->sf;
	const char *s = sf->text;
	size_t n = sf->len, i = b->pos;
	bool white = false;

	for (;;) {
		if (i >= n) {
			b->pos = n;
			*t = eof_tok;
			t->sf = sf;
			t->line = line_of(b, n ? n - 1 : 0);
			return;
		}
		char c = s[i];

		if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
			white = true;
			i++;
		} else if (c == '\n') {
			if (p->in_directive) {
				b->pos = i;
				*t = (struct tok){ .text = "", .type = T_EOL, .sf = sf,
						   .line = line_of(b, i) };
				t->col = (uint32_t)(i - sf->ls[t->line - 1] + 1);
				return;
			}
			i++;
			b->bol = true;
			white = false;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			if (j + 1 >= n) {
				uint32_t line = line_of(b, i);

				report(p, DTBIND_ERROR,
				       file_loc(p, sf, line, (uint32_t)(i - sf->ls[line - 1] + 1)),
				       "unterminated comment");
				i = n;
			} else {
				i = j + 2;
			}
			white = true;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			white = true;
		} else {
			break;
		}
	}
	memset(t, 0, sizeof(*t));
	const char *e;

	if (header && (s[i] == '<' || s[i] == '"')) {
		char term = s[i] == '<' ? '>' : '"';
		size_t j = i + 1;

		while (s[j] != '\n' && s[j] != term)
			j++;
		if (s[j] == term) {
			t->type = term == '>' ? T_HEADER : T_STRING;
			t->text = s + i;
			t->len = (uint32_t)(j + 1 - i);
			e = s + j + 1;
		} else {
			e = lex_raw(s + i, s + n, t);
		}
	} else {
		e = lex_raw(s + i, s + n, t);
	}
	t->sf = sf;
	t->line = line_of(b, i);
	t->col = (uint32_t)(i - sf->ls[t->line - 1] + 1);
	t->flags |= F_FILE | (white ? F_WHITE : 0) | (b->bol ? F_BOL : 0);
	b->bol = false;
	b->pos = (size_t)(e - s);
}

/* ---- output ---------------------------------------------------------- */
static struct srcmap_line map_line(struct cpp *p, const struct srcfile *sf, uint32_t line)
{
	const struct buffer *b = p->buf;

	if (b && b->sf == sf && b->line_set)
		return (struct srcmap_line){ b->presumed ? b->presumed : intern(p, sf->path),
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
		return (struct srcmap_line){ intern(p, l->file ? l->file : p->name),
					     l->line + extra, l->col_offset };
	}
	return (struct srcmap_line){ intern(p, sf->path), line, 0 };
}

static void new_line(struct cpp *p, const struct srcfile *sf, uint32_t line)
{
	struct srcmap_line l = map_line(p, sf, line);

	sb_putc(&p->text, '\n');
	if (srcmap_push(&p->out->map, l.file, l.line, l.col_offset))
		oom(p);
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
		struct srcmap_line l = map_line(p, sf, line);

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
static void position(struct cpp *p, const struct tok *t)
{
	move_to(p, t->sf, t->line);
	indent(p, t);
	p->pr.fresh = true;
	p->pr.have_prev = false;
	p->pr.source = -1;
}

/* gcc's cpp_avoid_paste(): would @a and @b printed together lex differently? */
static bool avoid_paste(const struct tok *a, const struct tok *b)
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

		return src || (pr->have_prev && avoid_paste(&pr->prev, t)) ||
		       (!pr->have_prev && tok_is(t, P_HASH));
	}
	return t->flags & F_WHITE;
}

/* A file token on a later line that gcc separates with white space starts its own line. */
static bool later_line(const struct cpp *p, const struct tok *t)
{
	return (t->flags & F_FILE) && t->sf && (t->sf != p->pr.sf || t->line > p->pr.line);
}

static void print_padding(struct cpp *p, const struct tok *pad)
{
	struct printer *pr = &p->pr;

	if (later_line(p, pad) && (pad->flags & F_SRC_WHITE))
		position(p, pad);
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
		l = map_line(p, at->sf, at->line);
	if (srcmap_add_span(&p->out->map, out_col, l.file, l.line, at->col + l.col_offset,
			    !(t->flags & F_FILE)))
		oom(p);
}

static void print_token(struct cpp *p, const struct tok *t)
{
	struct printer *pr = &p->pr;
	bool space;

	if (later_line(p, t) && need_space(p, t))
		position(p, t);
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
		oom(p);
	else if (p->text.len > CPP_MAX_OUTPUT)
		limit(p, t, "preprocessor output (bytes)", CPP_MAX_OUTPUT);
}

/* ---- token contexts --------------------------------------------------- */
static bool push_context(struct cpp *p, struct tok *toks, size_t n, struct macro *m,
			 const struct tok *at)
{
	if (p->n_ctx == p->cap_ctx) {
		size_t cap = p->cap_ctx ? p->cap_ctx * 2 : 64;
		struct context *nc;

		if (p->n_ctx >= CPP_MAX_CONTEXTS) {
			free(toks);
			limit(p, at, "macro expansion depth (contexts)", CPP_MAX_CONTEXTS);
			return false;
		}
		nc = realloc(p->ctx, cap * sizeof(*nc));
		if (!nc) {
			free(toks);
			oom(p);
			return false;
		}
		p->ctx = nc;
		p->cap_ctx = cap;
	}
	p->ctx[p->n_ctx++] = (struct context){ toks, n, 0, m };
	p->live_tokens += n;
	if (m)
		m->disabled = true;
	return true;
}

static bool push_one(struct cpp *p, const struct tok *t)
{
	struct tok *v = malloc(sizeof(*v));

	if (!v) {
		oom(p);
		return false;
	}
	*v = *t;
	v->flags &= (uint16_t)~(F_FILE | F_BOL);
	return push_context(p, v, 1, NULL, t);
}

static void pop_context(struct cpp *p)
{
	struct context *c = &p->ctx[--p->n_ctx];

	if (c->m)
		c->m->disabled = false;
	p->live_tokens -= c->n;
	free(c->toks);
}

static void backup(struct cpp *p, const struct tok *t)
{
	if (p->n_ctx) {
		p->ctx[p->n_ctx - 1].i--;
	} else if (p->n_la < (int)ARRAY_SIZE(p->la)) {
		p->la[p->n_la++] = *t;
	}
}

static struct tok padding(const struct tok *src)
{
	struct tok t = { .text = "", .type = T_PADDING };

	if (src) {
		t.flags = F_SRC | (src->flags & F_FILE);
		if (src->flags & F_WHITE)
			t.flags |= F_SRC_WHITE;
		t.sf = src->sf;
		t.line = src->line;
		t.col = src->col;
	}
	return t;
}

/* ---- directives (declared here, defined below) ------------------------ */
static int handle_directive(struct cpp *p);
static void get_token(struct cpp *p, struct tok *out);

/* The next token from the files: directives run, skipped groups dropped. */
static void lex_token(struct cpp *p, struct tok *t)
{
	for (;;) {
		if (p->fatal) {
			*t = eof_tok;
			return;
		}
		if (p->n_la) {
			*t = p->la[--p->n_la];
		} else {
			struct buffer *b = p->buf;

			if (!b) {
				*t = eof_tok;
				return;
			}
			lex_direct(p, b, t, false);
			/* A newline inside macro arguments is white space (stringify "a b"). */
			if ((t->flags & F_BOL) && p->parsing_args == 2)
				t->flags |= F_WHITE;
			if (t->type == T_EOF) {
				if (p->in_directive || p->parsing_args || !b->prev)
					return;
				pop_buffer(p);
				continue;
			}
		}
		if (p->in_directive)
			return;
		if (t->flags & F_BOL) {
			if (tok_is(t, P_HASH) && p->parsing_args != 1 && handle_directive(p))
				continue;
			if (!p->skipping && !p->parsing_args && p->printing)
				position(p, t);
		}
		if (p->skipping)
			continue;
		p->last_tok = *t;
		return;
	}
}

/* ---- macro expansion ---------------------------------------------------- */
static struct macro *lookup(const struct cpp *p, const struct tok *t)
{
	return hmap_get_str(&p->macros, t->text, t->len);
}

/* Spell @t into @sb (the stringify and paste spelling). */
static void spell(struct strbuf *sb, const struct tok *t)
{
	sb_putn(sb, t->text, t->len);
}

/* gcc's stringify_arg(): spaces where the argument had white space, \ and " escaped in literals. */
static bool stringify(struct cpp *p, struct arg *a, const struct tok *at)
{
	struct strbuf sb;
	int source = -1;
	unsigned backslashes = 0;

	sb_init(&sb);
	sb_putc(&sb, '"');
	for (size_t i = 0; i < a->n; i++) {
		const struct tok *t = &a->raw[i];

		if (t->type == T_PADDING) {
			if (source < 0 || (source == 0 && !(t->flags & F_SRC)))
				source = (t->flags & F_SRC) ? !!(t->flags & F_SRC_WHITE) : -1;
			continue;
		}
		if (sb.len > 1) {
			int white = source >= 0 ? source : !!(t->flags & F_WHITE);

			if (white)
				sb_putc(&sb, ' ');
		}
		source = -1;
		if (t->type == T_STRING || t->type == T_CHAR) {
			for (uint32_t k = 0; k < t->len; k++) {
				if (t->text[k] == '"' || t->text[k] == '\\')
					sb_putc(&sb, '\\');
				sb_putc(&sb, t->text[k]);
			}
		} else {
			spell(&sb, t);
		}
		if (t->type == T_OTHER && t->text[0] == '\\')
			backslashes++;
		else
			backslashes = 0;
		if (sb.len > CPP_MAX_OUTPUT) {
			sb_free(&sb);
			limit(p, at, "stringified macro argument (bytes)", CPP_MAX_OUTPUT);
			return false;
		}
	}
	if (backslashes & 1) {
		warning_at(p, at, "invalid string literal, ignoring final '\\'");
		sb.len--;
	}
	sb_putc(&sb, '"');
	if (sb.oom) {
		sb_free(&sb);
		oom(p);
		return false;
	}
	char *s = arena_strndup(&p->a, sb.buf, sb.len);

	a->str = (struct tok){ .text = s, .len = (uint32_t)sb.len, .type = T_STRING };
	sb_free(&sb);
	if (!s) {
		oom(p);
		return false;
	}
	a->stringified = true;
	return true;
}

/* Pre-expand an argument on a context of its own, ended by an EOF sentinel. */
static bool expand_arg(struct cpp *p, struct arg *a, const struct tok *at)
{
	struct tokvec out = { 0 };
	struct tok *v;
	size_t base;

	if (p->arg_nest >= CPP_MAX_ARG_NEST) {
		limit(p, at, "nesting of macro arguments", CPP_MAX_ARG_NEST);
		return false;
	}
	v = malloc((a->n + 1) * sizeof(*v));
	if (!v) {
		oom(p);
		return false;
	}
	if (a->n)
		memcpy(v, a->raw, a->n * sizeof(*v));
	v[a->n] = eof_tok;
	v[a->n].flags = F_ARG_EOF;
	if (!push_context(p, v, a->n + 1, NULL, at))
		return false;
	base = p->n_ctx;
	p->arg_nest++;
	for (;;) {
		struct tok t;

		get_token(p, &t);
		if (p->fatal || t.type == T_EOF)
			break;
		if (!vec_push(p, &out, &t))
			break;
	}
	p->arg_nest--;
	if (p->fatal) {
		vec_free(p, &out);
		return false;
	}
	while (p->n_ctx >= base)
		pop_context(p);
	a->exp = out.v;
	a->n_exp = out.n;
	p->live_tokens -= out.cap;	/* accounted again when substituted */
	a->expanded = true;
	return true;
}

static void free_args(struct cpp *p, struct arg *args, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		p->live_tokens -= args[i].cap;
		free(args[i].raw);
		free(args[i].exp);
	}
	free(args);
}

static bool grow_args(struct cpp *p, struct arg **args, size_t *cap, size_t need)
{
	size_t ncap = *cap ? *cap : 4;
	struct arg *na;

	while (ncap < need)
		ncap *= 2;
	na = realloc(*args, ncap * sizeof(*na));
	if (!na) {
		oom(p);
		return false;
	}
	memset(na + *cap, 0, (ncap - *cap) * sizeof(*na));
	*args = na;
	*cap = ncap;
	return true;
}

static bool arg_push(struct cpp *p, struct arg *a, const struct tok *t)
{
	struct tokvec v = { a->raw, a->n, a->cap };
	bool ok = vec_push(p, &v, t);

	a->raw = v.v;
	a->n = v.n;
	a->cap = v.cap;
	return ok;
}

/*
 * gcc's collect_args(): tokens up to the matching ')', unexpanded, split at
 * top-level commas (not inside the variadic argument).  Returns 1 with the
 * arguments, 0 after an error (nothing to expand), -1 when stopping.
 */
static int collect_args(struct cpp *p, struct macro *m, const struct tok *name,
			struct arg **out, size_t *nout)
{
	struct arg *args = NULL;
	size_t n = 0, cap = 0;
	struct tok t;

	/* Unused slots stay zeroed, so free_args() can always free all of them. */
	for (;;) {
		if (n == cap && !grow_args(p, &args, &cap, n + 1))
			goto fail;
		struct arg *a = &args[n++];
		int depth = 0;

		for (;;) {
			get_token(p, &t);
			if (p->fatal)
				goto fail;
			if (t.type == T_PADDING) {
				if (!a->n)
					continue;
			} else if (tok_is(&t, P_LPAREN)) {
				depth++;
			} else if (tok_is(&t, P_RPAREN)) {
				if (depth-- == 0)
					break;
			} else if (tok_is(&t, P_COMMA)) {
				if (depth == 0 && !(m->variadic && n == m->nparams))
					break;
			} else if (tok_is(&t, P_HASH) && (t.flags & F_BOL)) {
				/*
				 * A line starting with # that is no directive ends the
				 * argument, dropped, like a comma would (gcc 12; newer
				 * gcc reports an error).
				 */
				break;
			} else if (is_eol(&t)) {
				if ((t.flags & F_ARG_EOF) || p->in_directive)
					backup(p, &t);
				error_at(p, name,
					 "unterminated argument list invoking macro \"%s\"",
					 m->name);
				free_args(p, args, cap);
				return 0;
			}
			if (!arg_push(p, a, &t))
				goto fail;
		}
		while (a->n && a->raw[a->n - 1].type == T_PADDING)
			a->n--;
		if (tok_is(&t, P_RPAREN))
			break;
	}
	if (n == 1 && m->nparams == 0 && args[0].n == 0)
		n = 0;
	if (n < m->nparams && !(n + 1 == m->nparams && m->variadic)) {
		error_at(p, name, "macro \"%s\" requires %u arguments, but only %zu given", m->name,
			 m->nparams, n);
		report(p, DTBIND_NOTE, m->loc, "macro \"%s\" defined here", m->name);
		free_args(p, args, cap);
		return 0;
	}
	if (n > m->nparams) {
		error_at(p, name, "macro \"%s\" passed %zu arguments, but takes just %u",
			 m->name, n, m->nparams);
		report(p, DTBIND_NOTE, m->loc, "macro \"%s\" defined here", m->name);
		free_args(p, args, cap);
		return 0;
	}
	if (cap < m->nparams && !grow_args(p, &args, &cap, m->nparams))
		goto fail;
	if (m->variadic && (n < m->nparams || (n == 1 && args[0].n == 0)))
		args[m->nparams - 1].omitted = true;
	*out = args;
	*nout = cap;
	return 1;
fail:
	free_args(p, args, cap);
	return -1;
}

/* gcc's replace_args(): substitute the arguments into the replacement list. */
static bool replace_args(struct cpp *p, struct macro *m, struct arg *args, const struct tok *name,
			 struct tokvec *out)
{
	for (uint32_t i = 0; i < m->n && !p->fatal; i++) {
		const struct tok *src = &m->body[i];
		struct tok t;

		if (src->type != T_ARG) {
			t = *src;
			if (!vec_push(p, out, &t))
				return false;
			continue;
		}
		struct arg *a = &args[src->arg];
		const struct tok *from;
		size_t count;
		bool after_paste = i > 0 && (m->body[i - 1].flags & F_PASTE_LEFT);

		if (src->flags & F_STRINGIFY) {
			if (!a->stringified && !stringify(p, a, name))
				return false;
			from = &a->str;
			count = 1;
		} else if ((src->flags & F_PASTE_LEFT) || after_paste) {
			from = a->raw;
			count = a->omitted ? 0 : a->n;
		} else {
			if (!a->expanded && !expand_arg(p, a, name))
				return false;
			from = a->exp;
			count = a->n_exp;
		}
		if (after_paste && out->n) {
			struct tok *last = &out->v[out->n - 1];

			if (m->variadic && src->arg == m->nparams - 1 && tok_is(last, P_COMMA)) {
				/* GNU , ## __VA_ARGS__: no comma when the arguments are left out */
				if (a->omitted)
					out->n--;
				else
					last->flags &= (uint16_t)~F_PASTE_LEFT;
			} else if (!count) {
				/* An empty argument right of ##: nothing to paste with. */
				last->flags &= (uint16_t)~F_PASTE_LEFT;
			}
		}
		if (i > 0 && !after_paste) {
			t = padding(src);
			t.flags &= (uint16_t)~F_FILE;
			if (!vec_push(p, out, &t))
				return false;
		}
		if (count) {
			for (size_t k = 0; k < count; k++) {
				t = from[k];
				t.flags &= (uint16_t)~(F_FILE | F_BOL);
				if (!vec_push(p, out, &t))
					return false;
			}
			if (src->flags & F_PASTE_LEFT)
				out->v[out->n - 1].flags |= F_PASTE_LEFT;
		}
		if (!(src->flags & F_PASTE_LEFT)) {
			t = padding(NULL);
			if (!vec_push(p, out, &t))
				return false;
		}
	}
	return !p->fatal;
}

/* Lex @s as a single token; false when it is not exactly one. */
static bool lex_one(const char *s, size_t n, struct tok *t)
{
	memset(t, 0, sizeof(*t));
	if (!n)
		return false;
	return lex_raw(s, s + n, t) == s + n;
}

/*
 * gcc's paste_all_tokens(): @lhs (with F_PASTE_LEFT) was just read from the
 * top context; paste the tokens that follow onto it and push the result on
 * a context of its own.  In assembler mode a paste that does not make one
 * token is no error: the two tokens stay apart.
 */
static void paste_all(struct cpp *p, struct tok lhs)
{
	struct context *c = &p->ctx[p->n_ctx - 1];
	struct tok rhs;

	do {
		if (c->i >= c->n)
			break;
		rhs = c->toks[c->i++];
		if (rhs.type == T_PADDING) {
			rhs.flags |= F_PASTE_LEFT;	/* keep going */
			continue;
		}
		struct strbuf sb;
		struct tok r;

		sb_init(&sb);
		spell(&sb, &lhs);
		if (tok_is(&lhs, P_DIV) && !tok_is(&rhs, P_EQ))
			sb_putc(&sb, ' ');	/* no comment out of a paste */
		spell(&sb, &rhs);
		if (sb.oom) {
			sb_free(&sb);
			oom(p);
			return;
		}
		p->pasted_bytes += sb.len;
		if (p->pasted_bytes > CPP_MAX_PASTED) {
			sb_free(&sb);
			limit(p, &lhs, "token pasting (bytes)", CPP_MAX_PASTED);
			return;
		}
		if (!lex_one(sb.buf, sb.len, &r)) {
			sb_free(&sb);
			c->i--;
			lhs.flags &= (uint16_t)~F_PASTE_LEFT;
			break;
		}
		char *s = arena_strndup(&p->a, sb.buf, sb.len);

		sb_free(&sb);
		if (!s) {
			oom(p);
			return;
		}
		r.text = s;
		r.sf = lhs.sf;
		r.line = lhs.line;
		r.col = lhs.col;
		r.flags = (uint16_t)((r.flags & F_PREFIX) | (lhs.flags & F_WHITE));
		lhs = r;
	} while (rhs.flags & F_PASTE_LEFT);
	lhs.flags &= (uint16_t)~F_PASTE_LEFT;
	push_one(p, &lhs);
}

static const char *presumed_name(const struct cpp *p)
{
	const struct buffer *b = p->buf;

	if (!b)
		return p->name;
	if (b->line_set && b->presumed)
		return b->presumed;
	return b->sf->path;
}

/* A string literal token for @s. */
static bool string_tok(struct cpp *p, const char *s, struct tok *t)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_putc(&sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			sb_putc(&sb, '\\');
		sb_putc(&sb, *s);
	}
	sb_putc(&sb, '"');
	t->text = sb.oom ? NULL : arena_strndup(&p->a, sb.buf, sb.len);
	t->len = (uint32_t)sb.len;
	t->type = T_STRING;
	sb_free(&sb);
	if (!t->text) {
		oom(p);
		return false;
	}
	return true;
}

static void get_token_nopad(struct cpp *p, struct tok *t)
{
	do
		get_token(p, t);
	while (t->type == T_PADDING);
}

static void do_pragma_text(struct cpp *p, const char *text, const struct tok *at);

/* _Pragma("...") outside directives: run the pragma, leave nothing. */
static int do_pragma_op(struct cpp *p, const struct tok *name)
{
	struct tok t, s;

	get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		backup(p, &t);
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	get_token_nopad(p, &s);
	if (s.type != T_STRING) {
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	get_token_nopad(p, &t);
	if (!tok_is(&t, P_RPAREN)) {
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	char *text = arena_strndup(&p->a, s.text, s.len);

	if (!text) {
		oom(p);
		return -1;
	}
	do_pragma_text(p, text, name);
	return push_context(p, NULL, 0, NULL, name) ? 1 : -1;
}

static int builtin(struct cpp *p, struct macro *m, const struct tok *name)
{
	struct tok t = { .type = T_NUMBER };
	char num[32];
	uint32_t line;

	switch (m->builtin) {
	case BI_FILE:
		if (!string_tok(p, presumed_name(p), &t))
			return -1;
		break;
	case BI_FILE_NAME: {
		const char *f = presumed_name(p), *slash = strrchr(f, '/');

		if (!string_tok(p, slash ? slash + 1 : f, &t))
			return -1;
		break;
	}
	case BI_BASE_FILE:
		if (!string_tok(p, p->name, &t))
			return -1;
		break;
	case BI_LINE:
		line = (name->flags & F_FILE) ? name->line : p->exp_tok.line;
		if (p->buf && p->buf->line_set)
			line = (uint32_t)(line + p->buf->line_delta);
		snprintf(num, sizeof(num), "%u", line);
		goto number;
	case BI_COUNTER:
		snprintf(num, sizeof(num), "%u", p->counter++);
		goto number;
	case BI_INCLUDE_LEVEL:
		snprintf(num, sizeof(num), "%u", p->depth ? p->depth - 1 : 0);
		goto number;
	case BI_PRAGMA:
		if (p->in_directive)
			return 0;
		return do_pragma_op(p, name);
	default:
		/* __has_include outside #if: not expanded */
		if (!p->in_directive)
			error_at(p, name, "\"%s\" used outside of preprocessing directive",
				 m->name);
		return 0;
	}
	goto push;
number:
	t.text = arena_strdup(&p->a, num);
	t.len = (uint32_t)strlen(num);
	if (!t.text) {
		oom(p);
		return -1;
	}
push:
	t.sf = name->sf;
	t.line = name->line;
	t.col = name->col;
	return push_one(p, &t) ? 1 : -1;
}

/*
 * Expand @m named by @name (@outermost: read from a file, not from another
 * expansion).  Returns 1 when a context was pushed, 0 when the name stays
 * as it is (a function-like macro without arguments, or an error), -1 when
 * stopping.
 */
static int enter_macro(struct cpp *p, struct macro *m, const struct tok *name, bool outermost)
{
	struct arg *args = NULL;
	size_t nargs = 0;
	struct tokvec out = { 0 };

	if (outermost)
		p->exp_tok = *name;
	if (m->builtin)
		return builtin(p, m, name);
	if (m->funlike) {
		struct tok t, pad;
		bool have_pad = false;
		int r;

		p->prevent_expansion++;
		p->parsing_args = 1;
		for (;;) {
			get_token(p, &t);
			if (t.type != T_PADDING)
				break;
			if (!have_pad || !(pad.flags & F_SRC) ||
			    (!(pad.flags & F_SRC_WHITE) && !(t.flags & F_SRC))) {
				pad = t;
				have_pad = true;
			}
		}
		if (!tok_is(&t, P_LPAREN)) {
			if (t.type != T_EOF || (t.flags & F_ARG_EOF))
				backup(p, &t);
			if (have_pad)
				push_one(p, &pad);
			p->parsing_args = 0;
			p->prevent_expansion--;
			return p->fatal ? -1 : 0;
		}
		p->parsing_args = 2;
		r = collect_args(p, m, name, &args, &nargs);
		p->parsing_args = 0;
		p->prevent_expansion--;
		if (r <= 0)
			return r;
	}
	if (m->nparams) {
		if (!replace_args(p, m, args, name, &out)) {
			free_args(p, args, nargs);
			vec_free(p, &out);
			return -1;
		}
	} else {
		for (uint32_t i = 0; i < m->n; i++)
			if (!vec_push(p, &out, &m->body[i])) {
				free_args(p, args, nargs);
				vec_free(p, &out);
				return -1;
			}
	}
	free_args(p, args, nargs);
	p->live_tokens -= out.cap;	/* the context accounts for them now */
	return push_context(p, out.v, out.n, m, name) ? 1 : -1;
}

/* gcc's cpp_get_token(): the next token after macro expansion, paddings included. */
static void get_token(struct cpp *p, struct tok *out)
{
	for (;;) {
		struct tok t;
		struct context *c = NULL;

		if (p->fatal) {
			*out = eof_tok;
			return;
		}
		if (!p->n_ctx) {
			lex_token(p, &t);
		} else {
			c = &p->ctx[p->n_ctx - 1];
			if (c->i < c->n) {
				t = c->toks[c->i++];
				if (++p->expanded > CPP_MAX_EXPANDED) {
					limit(p, &p->exp_tok, "macro expansion (tokens)",
					      CPP_MAX_EXPANDED);
					continue;
				}
				if (t.flags & F_PASTE_LEFT) {
					paste_all(p, t);
					if (p->in_directive)
						continue;
					*out = padding(&t);
					return;
				}
			} else {
				pop_context(p);
				if (p->in_directive)
					continue;
				*out = padding(NULL);
				return;
			}
		}
		if (t.type == T_NAME && !(t.flags & F_NO_EXPAND)) {
			struct macro *m = lookup(p, &t);

			if (m && m->disabled) {
				t.flags |= F_NO_EXPAND;
				if (c)
					c->toks[c->i - 1].flags |= F_NO_EXPAND;
			} else if (m && !p->prevent_expansion) {
				int r = enter_macro(p, m, &t, !c);

				if (r > 0) {
					if (p->in_directive)
						continue;
					*out = padding(&t);
					return;
				}
			}
		}
		*out = t;
		return;
	}
}

/* ---- #define ------------------------------------------------------------- */
static void lex_dir(struct cpp *p, struct tok *t)
{
	if (p->n_la)
		*t = p->la[--p->n_la];
	else
		lex_direct(p, p->buf, t, false);
}

/* The rest of a directive line is not needed: skip it and its newline. */
static void skip_line(struct cpp *p)
{
	struct buffer *b = p->buf;
	struct tok t;

	p->n_la = 0;
	while (p->n_ctx)
		pop_context(p);
	do
		lex_direct(p, b, &t, false);
	while (!is_eol(&t));
	if (t.type == T_EOL) {
		b->pos++;
		b->bol = true;
	}
}

static void check_eol(struct cpp *p, const char *dir)
{
	struct tok t;

	lex_dir(p, &t);
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #%s directive", dir);
}

static bool macro_name(struct cpp *p, struct tok *t, const char *dir)
{
	lex_dir(p, t);
	if (is_eol(t)) {
		error_at(p, t, "no macro name given in #%s directive", dir);
		return false;
	}
	if (t->type != T_NAME) {
		error_at(p, t, "macro names must be identifiers");
		return false;
	}
	if (tok_eq(t, "defined") && strcmp(dir, "ifdef") && strcmp(dir, "ifndef")) {
		error_at(p, t, "\"defined\" cannot be used as a macro name");
		return false;
	}
	return true;
}

static bool same_macro(const struct macro *a, const struct macro *b)
{
	const uint16_t keep = F_WHITE | F_STRINGIFY | F_PASTE_LEFT;

	if (a->funlike != b->funlike || a->variadic != b->variadic || a->nparams != b->nparams ||
	    a->n != b->n || a->builtin || b->builtin)
		return false;
	for (uint32_t i = 0; i < a->nparams; i++)
		if (a->plens[i] != b->plens[i] || memcmp(a->pnames[i], b->pnames[i], a->plens[i]))
			return false;
	for (uint32_t i = 0; i < a->n; i++) {
		const struct tok *x = &a->body[i], *y = &b->body[i];

		if (x->type != y->type || x->len != y->len || x->arg != y->arg ||
		    (x->flags & keep) != (y->flags & keep) || memcmp(x->text, y->text, x->len))
			return false;
	}
	return true;
}

static int param_index(const struct macro *m, const struct tok *t)
{
	for (uint32_t i = 0; i < m->nparams; i++)
		if (m->plens[i] == t->len && !memcmp(m->pnames[i], t->text, t->len))
			return (int)i;
	return -1;
}

/* Parameters go to malloc'd arrays first (see commit_macro()). */
static bool add_param(struct cpp *p, struct macro *m, const struct tok *at, const char *s,
		      uint32_t len)
{
	const char **pn;
	uint32_t *pl;

	if (m->nparams >= CPP_MAX_PARAMS) {
		error_at(p, at, "too many parameters for macro \"%s\" (at most %d)", m->name,
			 CPP_MAX_PARAMS);
		return false;
	}
	pn = realloc((void *)m->pnames, (m->nparams + 1) * sizeof(*pn));
	if (!pn) {
		oom(p);
		return false;
	}
	m->pnames = pn;
	pl = realloc(m->plens, (m->nparams + 1) * sizeof(*pl));
	if (!pl) {
		oom(p);
		return false;
	}
	m->plens = pl;
	pn[m->nparams] = s;
	pl[m->nparams] = len;
	m->nparams++;
	return true;
}

static bool parse_params(struct cpp *p, struct macro *m)
{
	struct tok t;

	for (;;) {
		lex_dir(p, &t);
		if (tok_is(&t, P_RPAREN) && !m->nparams)
			return true;
		if (tok_is(&t, P_ELLIPSIS)) {
			m->variadic = true;
			if (!add_param(p, m, &t, "__VA_ARGS__", 11))
				return false;
			lex_dir(p, &t);
			if (tok_is(&t, P_RPAREN))
				return true;
			error_at(p, &t, "expected ')' after \"...\"");
			return false;
		}
		if (t.type != T_NAME) {
			if (is_eol(&t))
				error_at(p, &t, "expected parameter name before end of line");
			else
				error_at(p, &t, "expected parameter name, found \"%.*s\"",
					 (int)t.len, t.text);
			return false;
		}
		if (tok_eq(&t, "__VA_ARGS__")) {
			error_at(p, &t, "__VA_ARGS__ can not be used as a parameter name");
			return false;
		}
		if (param_index(m, &t) >= 0) {
			error_at(p, &t, "duplicate macro parameter \"%.*s\"", (int)t.len, t.text);
			return false;
		}
		if (!add_param(p, m, &t, t.text, t.len))
			return false;
		lex_dir(p, &t);
		if (tok_is(&t, P_COMMA))
			continue;
		if (tok_is(&t, P_RPAREN))
			return true;
		if (tok_is(&t, P_ELLIPSIS)) {
			/* GNU named variadic parameter: args... */
			m->variadic = true;
			lex_dir(p, &t);
			if (tok_is(&t, P_RPAREN))
				return true;
			error_at(p, &t, "expected ')' after \"...\"");
			return false;
		}
		if (is_eol(&t))
			error_at(p, &t, "expected ',' or ')' before end of line");
		else
			error_at(p, &t, "expected ',' or ')', found \"%.*s\"", (int)t.len, t.text);
		return false;
	}
}

/*
 * Keep the definition @tmp (body and parameters in malloc'd arrays) for the
 * run, unless it repeats the current one: headers without include guards
 * define the same macros every time they are included.
 */
static void commit_macro(struct cpp *p, struct macro *tmp, const struct tok *name)
{
	struct macro *old = lookup(p, name), *m;

	if (old && same_macro(old, tmp))
		return;
	if (old) {
		warning_at(p, name, "\"%s\" redefined", tmp->name);
		if (old->loc.file)
			report(p, DTBIND_NOTE, old->loc,
			       "this is the location of the previous definition");
	}
	p->macro_tokens += tmp->n + tmp->nparams + 1;
	if (p->macro_tokens > CPP_MAX_MACRO_TOKENS) {
		limit(p, name, "size of the macro definitions (tokens)", CPP_MAX_MACRO_TOKENS);
		return;
	}
	m = arena_alloc(&p->a, sizeof(*m));
	if (!m)
		goto fail;
	*m = *tmp;
	m->body = arena_alloc(&p->a, (tmp->n ? tmp->n : 1) * sizeof(*m->body));
	m->pnames = arena_alloc(&p->a, (tmp->nparams ? tmp->nparams : 1) * sizeof(*m->pnames));
	m->plens = arena_alloc(&p->a, (tmp->nparams ? tmp->nparams : 1) * sizeof(*m->plens));
	if (!m->body || !m->pnames || !m->plens)
		goto fail;
	if (tmp->n)
		memcpy(m->body, tmp->body, tmp->n * sizeof(*m->body));
	if (tmp->nparams) {
		memcpy(m->pnames, tmp->pnames, tmp->nparams * sizeof(*m->pnames));
		memcpy(m->plens, tmp->plens, tmp->nparams * sizeof(*m->plens));
	}
	if (hmap_put_str(&p->macros, m->name, m->name_len, m))
		goto fail;
	return;
fail:
	oom(p);
}

static void do_define(struct cpp *p)
{
	struct tokvec body = { 0 };
	struct macro m = { 0 };
	struct tok name, t;

	if (!macro_name(p, &name, "define"))
		return;
	/* A NUL-terminated name for messages and the table (names are few) */
	m.name = arena_strndup(&p->a, name.text, name.len);
	if (!m.name) {
		oom(p);
		return;
	}
	m.name_len = name.len;
	m.loc = tok_loc(p, &name);
	lex_dir(p, &t);
	if (tok_is(&t, P_LPAREN) && !(t.flags & F_WHITE)) {
		m.funlike = true;
		if (!parse_params(p, &m))
			goto out;
		lex_dir(p, &t);
	}
	while (!is_eol(&t)) {
		int idx;

		if (m.funlike && tok_is(&t, P_HASH)) {
			struct tok n;

			lex_dir(p, &n);
			if (n.type == T_NAME && (idx = param_index(&m, &n)) >= 0) {
				n.type = T_ARG;
				n.arg = (uint32_t)idx;
				n.flags = (uint16_t)(F_STRINGIFY | (t.flags & F_WHITE));
				if (!vec_push(p, &body, &n))
					goto out;
				lex_dir(p, &t);
				continue;
			}
			/* In assembler mode a # before a non-parameter is just a # */
			if (!vec_push(p, &body, &t))
				goto out;
			t = n;
			continue;
		}
		if (tok_is(&t, P_PASTE)) {
			struct tok n;

			lex_dir(p, &n);
			if (!body.n || is_eol(&n)) {
				error_at(p, &t,
					 "'##' cannot appear at either end of a macro expansion");
				goto out;
			}
			body.v[body.n - 1].flags |= F_PASTE_LEFT;
			t = n;
			continue;
		}
		if (m.funlike && t.type == T_NAME && (idx = param_index(&m, &t)) >= 0) {
			t.type = T_ARG;
			t.arg = (uint32_t)idx;
		}
		if (!vec_push(p, &body, &t))
			goto out;
		lex_dir(p, &t);
	}
	for (size_t i = 0; i < body.n; i++)
		body.v[i].flags &= (uint16_t)~(F_FILE | F_BOL);
	if (body.n)
		body.v[0].flags &= (uint16_t)~F_WHITE;
	m.body = body.v;
	m.n = (uint32_t)body.n;
	commit_macro(p, &m, &name);
out:
	vec_free(p, &body);
	free((void *)m.pnames);
	free(m.plens);
}

static void do_undef(struct cpp *p)
{
	struct tok name;
	struct macro *m;

	if (!macro_name(p, &name, "undef"))
		return;
	m = lookup(p, &name);
	if (m) {
		if (m->builtin)
			warning_at(p, &name, "undefining \"%s\"", m->name);
		if (hmap_put_str(&p->macros, m->name, m->name_len, NULL))
			oom(p);
	}
	check_eol(p, "undef");
}

/* ---- #if expressions --------------------------------------------------------- */
struct val {
	uint64_t v;
	bool uns;
};

struct expr {
	struct cpp *p;
	struct tok *t;
	size_t n, i;
	const struct tok *dir;
	unsigned depth;
	unsigned skip;		/* inside an operand that is not evaluated */
	bool err;
};

static void expr_error(struct expr *e, const struct tok *t, const char *fmt, ...)
	DTBIND_PRINTF(3, 4);
static void expr_error(struct expr *e, const struct tok *t, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	if (e->err)
		return;
	e->err = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error_at(e->p, t && (t->flags & F_FILE) ? t : e->dir, "%s", msg);
}

static const struct tok *peek(struct expr *e)
{
	static const struct tok end = { .text = "", .type = T_EOL };

	return e->i < e->n ? &e->t[e->i] : &end;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static struct val parse_number(struct expr *e, const struct tok *t)
{
	const char *s = t->text, *end = s + t->len;
	unsigned base = 10;
	uint64_t v = 0;
	bool overflow = false, any = false;
	struct val r = { 0, false };

	if (t->len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (t->len > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (const char *q = t->text; q < end; q++) {
		if (*q == '.' || ((*q == '+' || *q == '-') && base != 16) ||
		    (base == 16 && (*q == 'p' || *q == 'P')) ||
		    (base == 10 && (*q == 'e' || *q == 'E'))) {
			expr_error(e, t, "floating constant in preprocessor expression");
			return r;
		}
	}
	for (; s < end; s++) {
		int d = hexval((unsigned char)*s);

		if (d < 0 || (unsigned)d >= (base == 8 ? 10 : base))
			break;
		if (base == 8 && d >= 8) {
			expr_error(e, t, "invalid digit \"%c\" in octal constant", *s);
			return r;
		}
		if (v > (UINT64_MAX - (unsigned)d) / base)
			overflow = true;
		v = v * base + (unsigned)d;
		any = true;
	}
	if (!any && base != 8) {
		expr_error(e, t, "invalid suffix \"%.*s\" on integer constant",
			   (int)(end - t->text - 1), t->text + 1);
		return r;
	}
	/* Suffix: u, l, ll in any order of u and l/ll, either case (ll not lL). */
	size_t sl = (size_t)(end - s);
	unsigned u = 0, l = 0;
	const char *q = s;

	while (q < end) {
		if ((*q == 'u' || *q == 'U') && !u) {
			u = 1;
			q++;
		} else if ((*q == 'l' || *q == 'L') && !l) {
			l = 1;
			if (q + 1 < end && q[1] == *q) {
				l = 2;
				q++;
			}
			q++;
		} else {
			break;
		}
	}
	if (q != end) {
		expr_error(e, t, "invalid suffix \"%.*s\" on integer constant", (int)sl, s);
		return r;
	}
	if (overflow)
		warning_at(e->p, t, "integer constant is too large for its type");
	r.v = v;
	r.uns = u || v > INT64_MAX;
	if (!u && v > INT64_MAX && base == 10 && !overflow)
		warning_at(e->p, t, "integer constant is so large that it is unsigned");
	return r;
}

/* A character constant's value, as gcc computes it for x86 (char is signed). */
static struct val parse_char(struct expr *e, const struct tok *t)
{
	const char *s = t->text, *end = t->text + t->len - 1;
	struct val r = { 0, false };
	int width = 8;
	unsigned nchars = 0;
	uint64_t v = 0, c = 0;
	bool wide = false;

	if (*s == 'L') {
		wide = true;	/* wchar_t: int on Linux */
		width = 32;
		s++;
	}
	s++;	/* the quote */
	while (s < end) {
		if (*s == '\\' && s + 1 < end) {
			s++;
			switch (*s) {
			case 'n': c = '\n'; s++; break;
			case 't': c = '\t'; s++; break;
			case 'r': c = '\r'; s++; break;
			case 'a': c = 7; s++; break;
			case 'b': c = 8; s++; break;
			case 'f': c = 12; s++; break;
			case 'v': c = 11; s++; break;
			case 'e': case 'E': c = 27; s++; break;
			case 'x':
				s++;
				c = 0;
				while (s < end && hexval((unsigned char)*s) >= 0)
					c = (c << 4) | (unsigned)hexval((unsigned char)*s++);
				break;
			case 'u': case 'U': {
				int digits = *s == 'u' ? 4 : 8;

				s++;
				c = 0;
				while (digits-- && s < end && hexval((unsigned char)*s) >= 0)
					c = (c << 4) | (unsigned)hexval((unsigned char)*s++);
				break;
			}
			default:
				if (*s >= '0' && *s <= '7') {
					c = 0;
					for (int k = 0; k < 3 && s < end && *s >= '0' && *s <= '7';
					     k++)
						c = c * 8 + (unsigned)(*s++ - '0');
				} else {
					if (!strchr("\\'\"?", *s))
						warning_at(e->p, t,
							   "unknown escape sequence: '\\%c'", *s);
					c = (unsigned char)*s++;
				}
			}
		} else {
			c = (unsigned char)*s++;
		}
		c &= width == 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
		nchars++;
		v = wide ? c : ((v << 8) | c);
	}
	if (!nchars) {
		expr_error(e, t, "empty character constant");
		return r;
	}
	if (nchars > 1) {
		if (wide || nchars > 4)
			warning_at(e->p, t, "character constant too long for its type");
		else
			warning_at(e->p, t, "multi-character character constant");
	}
	if (!wide && nchars == 1) {
		/* plain char is signed */
		v = (v & 0x80) ? (v | ~(uint64_t)0xff) : v;
	} else {
		v &= 0xffffffffu;
		v = (v & 0x80000000u) ? (v | ~(uint64_t)0xffffffffu) : v;
	}
	r.v = v;
	r.uns = false;	/* promoted to int / intmax_t */
	return r;
}

static struct val parse_comma(struct expr *e);
static struct val parse_cond(struct expr *e);

static const char *tok_text(const struct tok *t, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s", (int)(t->len > 200 ? 200 : t->len), t->text);
	return buf;
}

static struct val parse_unary(struct expr *e)
{
	struct val r = { 0, false }, v;
	const struct tok *t = peek(e);
	char b[256];

	if (e->err)
		return r;
	if (++e->depth > CPP_MAX_EXPR_DEPTH) {
		expr_error(e, t, "#if expression nested deeper than %d", CPP_MAX_EXPR_DEPTH);
		return r;
	}
	if (is_eol(t)) {
		if (e->i == 0)
			expr_error(e, e->dir, "#%.*s with no expression", (int)e->dir->len,
				   e->dir->text);
		else
			expr_error(e, &e->t[e->i - 1], "operator '%s' has no right operand",
				   tok_text(&e->t[e->i - 1], b, sizeof(b)));
		goto out;
	}
	e->i++;
	switch (t->type) {
	case T_NUMBER:
		r = parse_number(e, t);
		goto out;
	case T_CHAR:
		r = parse_char(e, t);
		goto out;
	case T_NAME:
		r.v = 0;	/* an identifier that is not a macro */
		goto out;
	case T_PUNCT:
		switch (t->op) {
		case P_LPAREN:
			if (tok_is(peek(e), P_RPAREN)) {
				expr_error(e, t, "missing expression between '(' and ')'");
				goto out;
			}
			r = parse_comma(e);
			if (!tok_is(peek(e), P_RPAREN)) {
				if (!e->err)
					expr_error(e, t, "missing ')' in expression");
				goto out;
			}
			e->i++;
			goto out;
		case P_PLUS:
			r = parse_unary(e);
			goto out;
		case P_MINUS:
			v = parse_unary(e);
			r.uns = v.uns;
			r.v = 0 - v.v;
			if (!v.uns && v.v == (uint64_t)1 << 63 && !e->skip)
				warning_at(e->p, t, "integer overflow in preprocessor expression");
			goto out;
		case P_COMPL:
			v = parse_unary(e);
			r.uns = v.uns;
			r.v = ~v.v;
			goto out;
		case P_NOT:
			v = parse_unary(e);
			r.v = !v.v;
			goto out;
		default:
			break;
		}
		break;
	default:
		break;
	}
	if (t->type == T_STRING || t->type == T_OTHER || t->type == T_PUNCT)
		expr_error(e, t, "token \"%s\" is not valid in preprocessor expressions",
			   tok_text(t, b, sizeof(b)));
	else
		expr_error(e, t, "unexpected token \"%s\" in #if", tok_text(t, b, sizeof(b)));
out:
	e->depth--;
	return r;
}

/* Tokens an #if expression may hold (after defined and __has_include are resolved). */
static bool valid_in_if(const struct tok *t)
{
	if (t->type == T_NUMBER || t->type == T_CHAR || t->type == T_NAME)
		return true;
	if (t->type != T_PUNCT)
		return false;
	switch (t->op) {
	case P_PLUS: case P_MINUS: case P_MUL: case P_DIV: case P_MOD: case P_LSHIFT:
	case P_RSHIFT: case P_LT: case P_GT: case P_LE: case P_GE: case P_EQEQ: case P_NE:
	case P_AND: case P_XOR: case P_OR: case P_ANDAND: case P_OROR: case P_QUERY:
	case P_COLON: case P_NOT: case P_COMPL: case P_LPAREN: case P_RPAREN: case P_COMMA:
		return true;
	default:
		return false;
	}
}

static int binprec(const struct tok *t)
{
	if (t->type != T_PUNCT)
		return 0;
	switch (t->op) {
	case P_OROR: return 1;
	case P_ANDAND: return 2;
	case P_OR: return 3;
	case P_XOR: return 4;
	case P_AND: return 5;
	case P_EQEQ: case P_NE: return 6;
	case P_LT: case P_GT: case P_LE: case P_GE: return 7;
	case P_LSHIFT: case P_RSHIFT: return 8;
	case P_PLUS: case P_MINUS: return 9;
	case P_MUL: case P_DIV: case P_MOD: return 10;
	default: return 0;
	}
}

static bool neg(struct val v)
{
	return !v.uns && (v.v >> 63);
}

static uint64_t shift_left(uint64_t v, uint64_t n)
{
	return n >= 64 ? 0 : v << n;
}

static uint64_t shift_right(struct val v, uint64_t n)
{
	if (n >= 64)
		return neg(v) ? UINT64_MAX : 0;
	if (neg(v))
		return ~(~v.v >> n);
	return v.v >> n;
}

static struct val apply(struct expr *e, const struct tok *op, struct val a, struct val b)
{
	struct val r = { 0, a.uns || b.uns };
	bool ovf = false;

	switch (op->op) {
	case P_MUL:
		r.v = a.v * b.v;
		if (!r.uns && a.v && b.v) {
			int64_t x = (int64_t)a.v, y = (int64_t)b.v, z;

			ovf = __builtin_mul_overflow(x, y, &z);
		}
		break;
	case P_DIV:
	case P_MOD:
		if (!b.v) {
			if (!e->skip)
				expr_error(e, op, "division by zero in #if");
			return r;
		}
		if (r.uns) {
			r.v = op->op == P_DIV ? a.v / b.v : a.v % b.v;
		} else if (a.v == (uint64_t)1 << 63 && b.v == UINT64_MAX) {
			r.v = op->op == P_DIV ? a.v : 0;
			ovf = op->op == P_DIV;
		} else {
			int64_t x = (int64_t)a.v, y = (int64_t)b.v;

			r.v = (uint64_t)(op->op == P_DIV ? x / y : x % y);
		}
		break;
	case P_PLUS:
		r.v = a.v + b.v;
		ovf = !r.uns && !neg(a) == !neg(b) && neg(r) != neg(a);
		break;
	case P_MINUS:
		r.v = a.v - b.v;
		ovf = !r.uns && neg(a) != neg(b) && neg(r) != neg(a);
		break;
	case P_LSHIFT:
	case P_RSHIFT: {
		/* The result has the left operand's type; a negative count shifts the other way. */
		bool left = op->op == P_LSHIFT;
		uint64_t n = b.v;

		if (neg(b)) {
			left = !left;
			n = 0 - b.v;
		}
		r.uns = a.uns;
		r.v = left ? shift_left(a.v, n) : shift_right(a, n);
		if (left && !a.uns && shift_right(r, n) != a.v)
			ovf = true;
		break;
	}
	case P_LT: case P_GT: case P_LE: case P_GE: {
		bool lt, eq = a.v == b.v;

		if (r.uns)
			lt = a.v < b.v;
		else
			lt = (int64_t)a.v < (int64_t)b.v;
		r.v = op->op == P_LT ? lt : op->op == P_GT ? (!lt && !eq) :
		      op->op == P_LE ? (lt || eq) : !lt;
		r.uns = false;
		break;
	}
	case P_EQEQ:
		r.v = a.v == b.v;
		r.uns = false;
		break;
	case P_NE:
		r.v = a.v != b.v;
		r.uns = false;
		break;
	case P_AND:
		r.v = a.v & b.v;
		break;
	case P_XOR:
		r.v = a.v ^ b.v;
		break;
	case P_OR:
		r.v = a.v | b.v;
		break;
	default:
		break;
	}
	if (ovf && !e->skip)
		warning_at(e->p, op, "integer overflow in preprocessor expression");
	return r;
}

static struct val parse_binary(struct expr *e, int minprec)
{
	struct val a = parse_unary(e);

	for (;;) {
		const struct tok *op = peek(e);
		int prec = binprec(op);

		if (e->err || !prec || prec < minprec)
			return a;
		e->i++;
		if (op->op == P_ANDAND || op->op == P_OROR) {
			bool short_circuit = op->op == P_ANDAND ? !a.v : !!a.v;
			struct val b;

			e->skip += short_circuit;
			b = parse_binary(e, prec + 1);
			e->skip -= short_circuit;
			a.v = op->op == P_ANDAND ? (a.v && b.v) : (a.v || b.v);
			a.uns = false;
		} else {
			struct val b = parse_binary(e, prec + 1);

			a = apply(e, op, a, b);
		}
	}
}

static struct val parse_cond(struct expr *e)
{
	struct val c, x, y, r;
	const struct tok *q;

	if (++e->depth > CPP_MAX_EXPR_DEPTH) {
		expr_error(e, peek(e), "#if expression nested deeper than %d", CPP_MAX_EXPR_DEPTH);
		e->depth--;
		return (struct val){ 0, false };
	}
	c = parse_binary(e, 1);
	q = peek(e);
	e->depth--;
	if (e->err || !tok_is(q, P_QUERY))
		return c;
	e->depth++;
	e->i++;
	e->skip += !c.v;
	x = parse_comma(e);
	e->skip -= !c.v;
	if (!tok_is(peek(e), P_COLON)) {
		expr_error(e, q, "'?' without following ':'");
		e->depth--;
		return c;
	}
	e->i++;
	e->skip += !!c.v;
	y = parse_cond(e);
	e->skip -= !!c.v;
	e->depth--;
	r = c.v ? x : y;
	r.uns = x.uns || y.uns;
	return r;
}

static struct val parse_comma(struct expr *e)
{
	struct val v = parse_cond(e);

	while (!e->err && tok_is(peek(e), P_COMMA)) {
		e->i++;
		v = parse_cond(e);
	}
	return v;
}

static const struct tok one_tok = { .text = "1", .len = 1, .type = T_NUMBER };
static const struct tok zero_tok = { .text = "0", .len = 1, .type = T_NUMBER };

enum { HDR_OK, HDR_NONE, HDR_ERROR };

/*
 * The file name of a header operand that starts with @first: "file",
 * <file> lexed as one, or < tokens > from macros.  HDR_NONE: not a header
 * name; HDR_ERROR: reported.
 */
static int header_name(struct cpp *p, const struct tok *first, bool *angled, char **name)
{
	struct strbuf sb;
	struct tok t;

	*name = NULL;
	if ((first->type == T_STRING && !(first->flags & F_PREFIX)) || first->type == T_HEADER) {
		*angled = first->type == T_HEADER;
		*name = arena_strndup(&p->a, first->text + 1, first->len - 2);
		if (!*name) {
			oom(p);
			return HDR_ERROR;
		}
		return HDR_OK;
	}
	if (!tok_is(first, P_LT))
		return HDR_NONE;
	*angled = true;
	sb_init(&sb);
	for (;;) {
		get_token(p, &t);
		if (t.type == T_PADDING)
			continue;
		if (is_eol(&t) || tok_is(&t, P_GT) || p->fatal)
			break;
		if ((t.flags & F_WHITE) && sb.len)
			sb_putc(&sb, ' ');
		spell(&sb, &t);
	}
	if (!tok_is(&t, P_GT)) {
		if (t.type == T_EOL)
			backup(p, &t);
		if (!p->fatal)
			error_at(p, first, "missing terminating > character");
		sb_free(&sb);
		return HDR_ERROR;
	}
	*name = arena_strndup(&p->a, sb_cstr(&sb), sb.len);
	sb_free(&sb);
	if (!*name) {
		oom(p);
		return HDR_ERROR;
	}
	return HDR_OK;
}

/* __has_include ( header ) in #if; false after an error. */
static bool has_include(struct cpp *p, const struct tok *op, bool next, bool *err)
{
	struct tok t;
	bool angled;
	char *name;
	int dir_idx, r;

	*err = true;
	get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		error_at(p, op, "missing '(' before \"%.*s\" operand", (int)op->len, op->text);
		return false;
	}
	get_token_nopad(p, &t);
	r = header_name(p, &t, &angled, &name);
	if (r == HDR_NONE)
		error_at(p, op, "operator \"%.*s\" requires a header-name", (int)op->len, op->text);
	if (r != HDR_OK)
		return false;
	get_token_nopad(p, &t);
	if (!tok_is(&t, P_RPAREN)) {
		error_at(p, op, "missing ')' after \"%.*s\" operand", (int)op->len, op->text);
		return false;
	}
	*err = false;
	if (next && p->buf->is_main)
		next = false;
	return *name && find_include(p, name, angled, next, op, &dir_idx);
}

/*
 * #pred or #pred(answer) in #if (after @hash): gcc's deprecated assertions.
 * #assert is not supported, so no predicate is ever asserted: the value is 0.
 */
static bool assertion(struct cpp *p, const struct tok *hash)
{
	struct tok t;
	int depth = 0;

	p->prevent_expansion++;
	get_token_nopad(p, &t);
	if (t.type != T_NAME) {
		p->prevent_expansion--;
		error_at(p, hash, "assertion without predicate");
		return false;
	}
	warning_at(p, hash, "assertions are a deprecated extension");
	get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		backup(p, &t);
		p->prevent_expansion--;
		return true;
	}
	for (;;) {
		get_token_nopad(p, &t);
		if (is_eol(&t) || p->fatal) {
			if (t.type == T_EOL)
				backup(p, &t);
			p->prevent_expansion--;
			error_at(p, hash, "missing ')' to complete answer");
			return false;
		}
		if (tok_is(&t, P_LPAREN))
			depth++;
		else if (tok_is(&t, P_RPAREN) && depth-- == 0)
			break;
	}
	p->prevent_expansion--;
	return true;
}

/* Read a macro-expanded #if / #elif line, resolve defined and __has_include, evaluate it. */
static bool eval_if(struct cpp *p, const struct tok *dir)
{
	struct tokvec v = { 0 };
	struct expr e = { .p = p, .dir = dir };
	struct val r;
	struct tok t;

	for (;;) {
		get_token(p, &t);
		if (p->fatal || is_eol(&t))
			break;
		if (t.type == T_PADDING)
			continue;
		if (t.type == T_NAME && tok_eq(&t, "defined")) {
			struct tok n, op = t;
			bool paren;

			p->prevent_expansion++;
			get_token_nopad(p, &n);
			paren = tok_is(&n, P_LPAREN);
			if (paren)
				get_token_nopad(p, &n);
			if (n.type != T_NAME) {
				error_at(p, &op, "operator \"defined\" requires an identifier");
				p->prevent_expansion--;
				goto fail;
			}
			struct macro *m = lookup(p, &n);

			t = m ? one_tok : zero_tok;
			t.sf = n.sf;
			t.line = n.line;
			t.col = n.col;
			if (paren) {
				struct tok c;

				get_token_nopad(p, &c);
				if (!tok_is(&c, P_RPAREN)) {
					error_at(p, &op, "missing ')' after \"defined\"");
					p->prevent_expansion--;
					goto fail;
				}
			}
			p->prevent_expansion--;
		} else if (tok_is(&t, P_HASH)) {
			/* An assertion test, #pred or #pred(answer): gcc's deprecated extension. */
			if (!assertion(p, &t))
				goto fail;
			struct tok pos = t;

			t = zero_tok;
			t.sf = pos.sf;
			t.line = pos.line;
			t.col = pos.col;
		} else if (t.type == T_NAME &&
			   (tok_eq(&t, "__has_include") || tok_eq(&t, "__has_include_next"))) {
			bool err, found = has_include(p, &t, t.len > 13, &err);
			struct tok pos = t;

			if (err)
				goto fail;
			t = found ? one_tok : zero_tok;
			t.sf = pos.sf;
			t.line = pos.line;
			t.col = pos.col;
		}
		if (!vec_push(p, &v, &t))
			goto fail;
	}
	if (p->fatal)
		goto fail;
	e.t = v.v;
	e.n = v.n;
	r = parse_comma(&e);
	if (!e.err && e.i < e.n) {
		char b[256];

		if (!valid_in_if(&e.t[e.i]))
			expr_error(&e, &e.t[e.i],
				   "token \"%s\" is not valid in preprocessor expressions",
				   tok_text(&e.t[e.i], b, sizeof(b)));
		else if (tok_is(&e.t[e.i], P_COLON))
			expr_error(&e, &e.t[e.i], "':' without preceding '?'");
		else if (tok_is(&e.t[e.i], P_RPAREN))
			expr_error(&e, &e.t[e.i], "missing '(' in expression");
		else
			expr_error(&e, &e.t[e.i], "missing binary operator before token \"%s\"",
				   tok_text(&e.t[e.i], b, sizeof(b)));
	}
	vec_free(p, &v);
	return !e.err && r.v;
fail:
	vec_free(p, &v);
	return false;
}

/* ---- conditionals ----------------------------------------------------------- */
static void push_if(struct cpp *p, const struct tok *dir, const char *kind, bool skip)
{
	struct ifstate *s;

	if (p->n_ifs == p->cap_ifs) {
		size_t cap = p->cap_ifs ? p->cap_ifs * 2 : 16;
		struct ifstate *n = realloc(p->ifs, cap * sizeof(*n));

		if (!n) {
			oom(p);
			return;
		}
		p->ifs = n;
		p->cap_ifs = cap;
	}
	s = &p->ifs[p->n_ifs++];
	s->loc = tok_loc(p, dir);
	s->kind = kind;
	s->was_skipping = p->skipping;
	s->skip_elses = p->skipping || !skip;
	s->seen_else = false;
	p->skipping = p->skipping || skip;
}

static void do_if(struct cpp *p, const struct tok *dir, const char *kind)
{
	bool skip = true;

	if (!p->skipping) {
		if (!strcmp(kind, "if")) {
			skip = !eval_if(p, dir);
		} else {
			struct tok name;

			if (macro_name(p, &name, kind)) {
				skip = !lookup(p, &name) == !strcmp(kind, "ifdef");
				check_eol(p, kind);
			}
		}
	}
	push_if(p, dir, kind, skip);
}

static struct ifstate *current_if(struct cpp *p, const struct tok *dir)
{
	if (p->n_ifs > p->buf->if_base)
		return &p->ifs[p->n_ifs - 1];
	error_at(p, dir, "#%.*s without #if", (int)dir->len, dir->text);
	return NULL;
}

static void do_elif(struct cpp *p, const struct tok *dir, const char *kind)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (s->seen_else) {
		error_at(p, dir, "#%s after #else", kind);
		report(p, DTBIND_NOTE, s->loc, "the conditional began here");
	}
	s->kind = kind;
	if (s->skip_elses) {
		p->skipping = true;
		return;
	}
	p->skipping = false;
	bool take;

	if (!strcmp(kind, "elif")) {
		take = eval_if(p, dir);
	} else {
		struct tok name;

		take = false;
		if (macro_name(p, &name, kind)) {
			take = (lookup(p, &name) != NULL) == !strcmp(kind, "elifdef");
			check_eol(p, kind);
		}
	}
	p->skipping = !take;
	s->skip_elses = take;
}

static void do_else(struct cpp *p, const struct tok *dir)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (s->seen_else) {
		error_at(p, dir, "#else after #else");
		report(p, DTBIND_NOTE, s->loc, "the conditional began here");
	}
	s->seen_else = true;
	s->kind = "else";
	p->skipping = s->skip_elses;
	s->skip_elses = true;
	if (!s->was_skipping)
		check_eol(p, "else");
}

static void do_endif(struct cpp *p, const struct tok *dir)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (!s->was_skipping)
		check_eol(p, "endif");
	p->skipping = s->was_skipping;
	p->n_ifs--;
}

/* ---- #include, #line, #error, #pragma ------------------------------------------ */
static void do_include(struct cpp *p, const struct tok *dir, bool next, bool import)
{
	struct tok t, at;
	bool angled = false;
	char *name;
	struct srcfile *sf;
	int dir_idx, r;

	if (next && p->buf->is_main) {
		warning_at(p, dir, "#include_next in primary source file");
		next = false;
	}
	lex_direct(p, p->buf, &t, true);
	if (t.type == T_NAME) {
		/* #include MACRO: the header name comes from the expansion */
		backup(p, &t);
		get_token_nopad(p, &t);
	}
	r = header_name(p, &t, &angled, &name);
	if (r == HDR_NONE)
		error_at(p, is_eol(&t) ? dir : &t, "#%.*s expects \"FILENAME\" or <FILENAME>",
			 (int)dir->len, dir->text);
	if (r != HDR_OK)
		return;
	if (!*name) {
		error_at(p, &t, "empty filename in #%.*s", (int)dir->len, dir->text);
		return;
	}
	at = t;
	lex_dir(p, &t);
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #%.*s directive", (int)dir->len,
			   dir->text);
	if (++p->n_includes > CPP_MAX_INCLUDES) {
		limit(p, &at, "number of #include directives", CPP_MAX_INCLUDES);
		return;
	}
	if (p->depth >= p->max_depth) {
		limit(p, &at, "#include nesting depth", p->max_depth);
		return;
	}
	sf = find_include(p, name, angled, next, &at, &dir_idx);
	if (p->fatal)
		return;
	if (!sf) {
		error_at(p, &at, "%s: No such file or directory", name);
		return;
	}
	if (is_once(p, sf))
		return;
	if (import)
		mark_once(p, sf);
	p->input_bytes += sf->len;
	if (p->input_bytes > CPP_MAX_INPUT) {
		limit(p, &at, "size of the included files (bytes)", CPP_MAX_INPUT);
		return;
	}
	p->pending = sf;
	p->pending_dir = dir_idx;
}

/* Interpret the escapes of a string literal's contents (for #line and _Pragma). */
static char *destringize(struct cpp *p, const char *s, size_t n)
{
	char *r = arena_alloc(&p->a, n + 1), *o = r;

	if (!r) {
		oom(p);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '\\' || s[i + 1] == '"'))
			i++;
		*o++ = s[i];
	}
	*o = '\0';
	return r;
}

static void do_line(struct cpp *p, const struct tok *dir)
{
	struct tok t;
	uint64_t n = 0;
	const char *file = NULL;

	get_token_nopad(p, &t);
	if (t.type != T_NUMBER) {
		if (is_eol(&t))
			error_at(p, dir, "unexpected end of file after #line");
		else
			error_at(p, &t, "\"%.*s\" after #line is not a positive integer",
				 (int)t.len, t.text);
		return;
	}
	for (uint32_t i = 0; i < t.len; i++) {
		if (!is_digit(t.text[i]) || n > UINT32_MAX) {
			error_at(p, &t, "\"%.*s\" after #line is not a positive integer",
				 (int)t.len, t.text);
			return;
		}
		n = n * 10 + (unsigned)(t.text[i] - '0');
	}
	if (n > 2147483647)
		warning_at(p, &t, "line number out of range");
	get_token_nopad(p, &t);
	if (t.type == T_STRING && !(t.flags & F_PREFIX)) {
		char *s = destringize(p, t.text + 1, t.len - 2);

		if (!s)
			return;
		file = intern(p, s);
		get_token_nopad(p, &t);
	} else if (!is_eol(&t)) {
		error_at(p, &t, "invalid filename \"%.*s\"", (int)t.len, t.text);
		return;
	}
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #line directive");
	p->pending_line = true;
	p->pending_line_no = (int64_t)n;
	p->pending_line_name = file;
}

static void do_diagnostic(struct cpp *p, const struct tok *dir, enum dtbind_severity sev)
{
	struct strbuf sb;
	struct tok t;

	sb_init(&sb);
	sb_putc(&sb, '#');
	spell(&sb, dir);
	for (bool first = true;; first = false) {
		lex_dir(p, &t);
		if (is_eol(&t))
			break;
		if (first || (t.flags & F_WHITE))
			sb_putc(&sb, ' ');
		spell(&sb, &t);
	}
	report(p, sev, tok_loc(p, dir), "%s", sb_cstr(&sb));
	if (sb.oom)
		oom(p);
	sb_free(&sb);
}

static void do_pragma_text(struct cpp *p, const char *text, const struct tok *at)
{
	const char *s = text;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!strncmp(s, "once", 4) && !is_idnum(s[4])) {
		if (p->buf->is_main)
			warning_at(p, at, "#pragma once in main file");
		else
			mark_once(p, p->buf->sf);
	}
	/* Other pragmas are dropped, as gcc does in assembler mode. */
}

static void do_pragma(struct cpp *p, const struct tok *dir)
{
	struct tok t;

	lex_dir(p, &t);
	if (t.type == T_NAME && tok_eq(&t, "once"))
		do_pragma_text(p, "once", dir);
}

/* ---- directive dispatch ----------------------------------------------------------- */
enum dir_id {
	D_DEFINE, D_UNDEF, D_INCLUDE, D_INCLUDE_NEXT, D_IMPORT, D_IF, D_IFDEF, D_IFNDEF,
	D_ELIF, D_ELIFDEF, D_ELIFNDEF, D_ELSE, D_ENDIF, D_LINE, D_ERROR, D_WARNING, D_PRAGMA,
	D_IDENT, D_SCCS, D_ASSERT, D_UNASSERT,
};

static const struct {
	const char *name;
	bool cond;
} directives[] = {
	[D_DEFINE] = { "define", false },	[D_UNDEF] = { "undef", false },
	[D_INCLUDE] = { "include", false },	[D_INCLUDE_NEXT] = { "include_next", false },
	[D_IMPORT] = { "import", false },	[D_IF] = { "if", true },
	[D_IFDEF] = { "ifdef", true },		[D_IFNDEF] = { "ifndef", true },
	[D_ELIF] = { "elif", true },		[D_ELIFDEF] = { "elifdef", true },
	[D_ELIFNDEF] = { "elifndef", true },	[D_ELSE] = { "else", true },
	[D_ENDIF] = { "endif", true },		[D_LINE] = { "line", false },
	[D_ERROR] = { "error", false },		[D_WARNING] = { "warning", false },
	[D_PRAGMA] = { "pragma", false },	[D_IDENT] = { "ident", false },
	[D_SCCS] = { "sccs", false },		[D_ASSERT] = { "assert", false },
	[D_UNASSERT] = { "unassert", false },
};

static int find_directive(const struct tok *t)
{
	if (t->type != T_NAME)
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(directives); i++)
		if (tok_eq(t, directives[i].name))
			return (int)i;
	return -1;
}

static void end_directive(struct cpp *p)
{
	struct buffer *b = p->buf;

	skip_line(p);
	p->in_directive = false;
	if (p->pending_line) {
		uint32_t next = line_of(b, b->pos);

		p->pending_line = false;
		b->line_set = true;
		b->line_delta = p->pending_line_no - (int64_t)next;
		if (p->pending_line_name)
			b->presumed = p->pending_line_name;
	}
	if (p->pending) {
		struct srcfile *sf = p->pending;

		p->pending = NULL;
		push_buffer(p, sf, p->pending_dir, false);
	}
}

/*
 * Run the directive that the # just read at the start of a line begins.
 * Returns 1 when the line was a directive (done, or skipped), 0 when it is
 * not one: in assembler mode the `#` and the rest of the line are text.
 */
static int handle_directive(struct cpp *p)
{
	int saved_parsing = p->parsing_args, saved_prevent = p->prevent_expansion;
	struct tok name;
	int d;

	p->parsing_args = 0;
	p->prevent_expansion = 0;
	p->in_directive = true;
	lex_direct(p, p->buf, &name, false);
	d = find_directive(&name);
	if (d < 0 && !is_eol(&name) && !p->skipping) {
		p->in_directive = false;
		if (p->n_la < (int)ARRAY_SIZE(p->la))
			p->la[p->n_la++] = name;
		p->parsing_args = saved_parsing;
		p->prevent_expansion = saved_prevent;
		return 0;
	}
	if (d >= 0 && (!p->skipping || directives[d].cond)) {
		switch ((enum dir_id)d) {
		case D_DEFINE: do_define(p); break;
		case D_UNDEF: do_undef(p); break;
		case D_INCLUDE: do_include(p, &name, false, false); break;
		case D_INCLUDE_NEXT: do_include(p, &name, true, false); break;
		case D_IMPORT: do_include(p, &name, false, true); break;
		case D_IF: do_if(p, &name, "if"); break;
		case D_IFDEF: do_if(p, &name, "ifdef"); break;
		case D_IFNDEF: do_if(p, &name, "ifndef"); break;
		case D_ELIF: do_elif(p, &name, "elif"); break;
		case D_ELIFDEF: do_elif(p, &name, "elifdef"); break;
		case D_ELIFNDEF: do_elif(p, &name, "elifndef"); break;
		case D_ELSE: do_else(p, &name); break;
		case D_ENDIF: do_endif(p, &name); break;
		case D_LINE: do_line(p, &name); break;
		case D_ERROR: do_diagnostic(p, &name, DTBIND_ERROR); break;
		case D_WARNING: do_diagnostic(p, &name, DTBIND_WARNING); break;
		case D_PRAGMA: do_pragma(p, &name); break;
		default: break;	/* #ident, #sccs, #assert, #unassert: nothing to output */
		}
	}
	end_directive(p);
	p->parsing_args = saved_parsing;
	p->prevent_expansion = saved_prevent;
	return 1;
}

/* ---- the driver ------------------------------------------------------------------- */
static void define_builtin(struct cpp *p, const char *name, enum builtin bi)
{
	struct macro *m = arena_alloc(&p->a, sizeof(*m));

	if (!m) {
		oom(p);
		return;
	}
	m->name = name;
	m->name_len = (uint32_t)strlen(name);
	m->builtin = (uint8_t)bi;
	if (hmap_put_str(&p->macros, name, m->name_len, m))
		oom(p);
}

/* Run a whole buffer that is expected to hold only directives (the command line). */
static void run_quietly(struct cpp *p, struct srcfile *sf)
{
	struct tok t;

	push_buffer(p, sf, -1, false);
	if (p->fatal)
		return;
	do
		get_token(p, &t);
	while (t.type != T_EOF && !p->fatal);
	while (p->n_ctx)
		pop_context(p);
	if (p->buf)
		pop_buffer(p);
}

static void cleanup(struct cpp *p)
{
	while (p->n_ctx)
		pop_context(p);
	free(p->ctx);
	while (p->buf) {
		struct buffer *b = p->buf;

		p->buf = b->prev;
		free(b);
	}
	free(p->ifs);
	free_files(p);
	hmap_free(&p->macros);
	hmap_free(&p->files);
	hmap_free(&p->names);
	hmap_free(&p->once);
	arena_release(&p->a);
}

void cpp_output_free(struct cpp_output *out)
{
	if (!out)
		return;
	free(out->text);
	srcmap_free(&out->map);
	arena_release(&out->names);
	out->text = NULL;
	out->len = 0;
}

int cpp_run(const struct cpp_opts *opts, const char *name, const char *buf, size_t len,
	    const struct srcmap *in_map, struct dtbind_diag *diag, struct cpp_output *out)
{
	static const struct cpp_opts no_opts;
	struct cpp *p = calloc(1, sizeof(*p));
	struct strbuf cmd;
	struct tok t;
	int ret;

	memset(out, 0, sizeof(*out));
	srcmap_init(&out->map);
	arena_init(&out->names, 4096);
	if (!p)
		return -DTBIND_ENOMEM;
	p->opts = opts ? opts : &no_opts;
	p->diag = diag;
	p->in_map = in_map;
	p->name = name ? name : "<stdin>";
	p->out = out;
	p->max_depth = p->opts->max_include_depth ? p->opts->max_include_depth
						  : DEFAULT_INCLUDE_DEPTH;
	sb_init(&p->text);
	arena_init(&p->a, 64 * 1024);
	hmap_init(&p->macros);
	hmap_init(&p->files);
	hmap_init(&p->names);
	hmap_init(&p->once);

	define_builtin(p, "__FILE__", BI_FILE);
	define_builtin(p, "__FILE_NAME__", BI_FILE_NAME);
	define_builtin(p, "__BASE_FILE__", BI_BASE_FILE);
	define_builtin(p, "__LINE__", BI_LINE);
	define_builtin(p, "__COUNTER__", BI_COUNTER);
	define_builtin(p, "__INCLUDE_LEVEL__", BI_INCLUDE_LEVEL);
	define_builtin(p, "_Pragma", BI_PRAGMA);
	define_builtin(p, "__has_include", BI_HAS_INCLUDE);
	define_builtin(p, "__has_include_next", BI_HAS_INCLUDE_NEXT);

	/* What -undef leaves defined in assembler mode, then the -D options. */
	sb_init(&cmd);
	sb_puts(&cmd, "#define __STDC__ 1\n#define __STDC_HOSTED__ 1\n#define __ASSEMBLER__ 1\n");
	for (size_t i = 0; i < p->opts->n_defines; i++) {
		const char *d = p->opts->defines[i], *eq = strchr(d, '=');

		if (eq)
			sb_printf(&cmd, "#define %.*s %s\n", (int)(eq - d), d, eq + 1);
		else
			sb_printf(&cmd, "#define %s 1\n", d);
	}
	if (cmd.oom) {
		oom(p);
	} else {
		struct srcfile *sf = new_srcfile(p, "<command-line>", cmd.buf, cmd.len, false);

		if (sf)
			run_quietly(p, sf);
	}
	sb_free(&cmd);

	if (!p->fatal)
		new_srcfile(p, p->name, buf ? buf : "", buf ? len : 0, true);
	if (p->main_sf) {
		struct srcmap_line l;

		push_buffer(p, p->main_sf, -1, true);
		p->pr.sf = p->main_sf;
		p->pr.line = 1;
		p->pr.source = -1;
		l = map_line(p, p->main_sf, 1);
		if (srcmap_push(&out->map, l.file, l.line, l.col_offset))
			oom(p);
		p->printing = true;
		for (;;) {
			get_token(p, &t);
			if (t.type == T_EOF || p->fatal)
				break;
			if (t.type == T_PADDING)
				print_padding(p, &t);
			else
				print_token(p, &t);
		}
		p->printing = false;
		while (p->n_ctx)
			pop_context(p);
		while (p->buf && !p->fatal)
			pop_buffer(p);
	}
	sb_putc(&p->text, '\n');
	if (p->text.oom)
		oom(p);

	ret = p->fatal ? p->fatal : p->errors ? -DTBIND_EPARSE : 0;
	if (!ret) {
		out->text = p->text.buf;
		out->len = p->text.len;
	} else {
		sb_free(&p->text);
		srcmap_free(&out->map);
		arena_release(&out->names);
	}
	cleanup(p);
	free(p);
	return ret;
}
