/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cpp-private.h - what the preprocessor's modules share: its limits, tokens,
 * files, macros and run state (struct cpp), and the functions one module
 * calls in another.  See cpp.c for the design.
 */
#ifndef DTBIND_CPP_PRIVATE_H
#define DTBIND_CPP_PRIVATE_H

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

#define error_at(p, t, ...) cpp_report(p, DTBIND_ERROR, cpp_tok_loc(p, t), __VA_ARGS__)
#define warning_at(p, t, ...) cpp_report(p, DTBIND_WARNING, cpp_tok_loc(p, t), __VA_ARGS__)
/* ---- small helpers -------------------------------------------------- */
static inline bool is_idstart(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static inline bool is_idnum(int c)
{
	return is_idstart(c) || is_digit(c);
}

static inline bool tok_is(const struct tok *t, enum punct op)
{
	return t->type == T_PUNCT && t->op == op;
}

static inline bool tok_eq(const struct tok *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && memcmp(t->text, s, n) == 0;
}

static inline bool is_eol(const struct tok *t)
{
	return t->type == T_EOL || t->type == T_EOF;
}

/* ---- cpp.c ---- */
void cpp_oom(struct cpp *p);
struct dtbind_loc cpp_file_loc(const struct cpp *p, const struct srcfile *sf, uint32_t line,
			       uint32_t col);
struct dtbind_loc cpp_tok_loc(const struct cpp *p, const struct tok *t);
void cpp_report(struct cpp *p, enum dtbind_severity sev, struct dtbind_loc loc,
		const char *fmt, ...) DTBIND_PRINTF(4, 5);
void cpp_limit(struct cpp *p, const struct tok *t, const char *what, unsigned long max);
const char *cpp_intern(struct cpp *p, const char *s);
bool cpp_vec_push(struct cpp *p, struct tokvec *v, const struct tok *t);
void cpp_vec_free(struct cpp *p, struct tokvec *v);
void cpp_do_pragma_text(struct cpp *p, const char *text, const struct tok *at);
int cpp_handle_directive(struct cpp *p);

/* ---- cpp-lex.c ---- */
struct srcfile *cpp_new_srcfile(struct cpp *p, const char *path, const char *raw, size_t len,
				bool is_main);
void cpp_free_files(struct cpp *p);
struct srcfile *cpp_find_include(struct cpp *p, const char *name, bool angled, bool next,
				 const struct tok *at, int *dir_idx);
bool cpp_is_once(struct cpp *p, const struct srcfile *sf);
void cpp_mark_once(struct cpp *p, const struct srcfile *sf);
void cpp_push_buffer(struct cpp *p, struct srcfile *sf, int dir_idx, bool is_main);
void cpp_pop_buffer(struct cpp *p);
const char *cpp_lex_raw(const char *s, const char *end, struct tok *t);
uint32_t cpp_line_of(struct buffer *b, size_t off);
void cpp_lex_direct(struct cpp *p, struct buffer *b, struct tok *t, bool header);

/* ---- cpp-print.c ---- */
struct srcmap_line cpp_map_line(struct cpp *p, const struct srcfile *sf, uint32_t line);
void cpp_position(struct cpp *p, const struct tok *t);
bool cpp_avoid_paste(const struct tok *a, const struct tok *b);
void cpp_print_padding(struct cpp *p, const struct tok *pad);
void cpp_print_token(struct cpp *p, const struct tok *t);

/* ---- cpp-macro.c ---- */
void cpp_pop_context(struct cpp *p);
void cpp_backup(struct cpp *p, const struct tok *t);
struct macro *cpp_lookup(const struct cpp *p, const struct tok *t);
void cpp_spell(struct strbuf *sb, const struct tok *t);
void cpp_get_token_nopad(struct cpp *p, struct tok *t);
int cpp_builtin(struct cpp *p, struct macro *m, const struct tok *name);
void cpp_get_token(struct cpp *p, struct tok *out);
void cpp_lex_dir(struct cpp *p, struct tok *t);
void cpp_skip_line(struct cpp *p);
void cpp_check_eol(struct cpp *p, const char *dir);
bool cpp_macro_name(struct cpp *p, struct tok *t, const char *dir);
void cpp_do_define(struct cpp *p);
void cpp_do_undef(struct cpp *p);

/* ---- cpp-expr.c ---- */
enum { HDR_OK, HDR_NONE, HDR_ERROR };	/* cpp_header_name() */
int cpp_header_name(struct cpp *p, const struct tok *first, bool *angled, char **name);
bool cpp_eval_if(struct cpp *p, const struct tok *dir);

#endif /* DTBIND_CPP_PRIVATE_H */
