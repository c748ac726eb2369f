/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dts-private.h - what the DTS parser's modules share: tokens, sources,
 * the parser state, and the functions one module calls in another.  See
 * dts.c for the design.
 */
#ifndef DTBIND_DTS_PRIVATE_H
#define DTBIND_DTS_PRIVATE_H

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

_Noreturn static inline void oom(struct parser *p)
{
	longjmp(p->oom, 1);
}

static inline void *need(struct parser *p, void *ptr)
{
	if (!ptr)
		oom(p);
	return ptr;
}

static inline void *alloc(struct parser *p, size_t size)
{
	return need(p, arena_alloc(&p->t->arena, size));
}

static inline char *strndup_a(struct parser *p, const char *s, size_t len)
{
	return need(p, arena_strndup(&p->t->arena, s, len));
}

/* ---- dts.c ---- */
struct dtbind_loc dts_loc_of(struct parser *p, const struct pos *ps);
void dts_vreport(struct parser *p, struct dtbind_loc loc, const char *rule, const char *node,
		 const char *fmt, va_list ap) DTBIND_PRINTF(5, 0);
void dts_error_at(struct parser *p, const struct pos *ps, const char *rule, const char *fmt, ...) DTBIND_PRINTF(4, 5);

/* ---- dts-lex.c ---- */
size_t dts_unescape_all(const char *s, size_t len, uint8_t *out, bool *bad_hex);
void dts_free_sources(struct parser *p);
struct src *dts_push_source(struct parser *p, const char *name, const char *text, size_t len,
			    char *owned);
int dts_read_relative(struct parser *p, const struct pos *at, const char *what,
		      const char *fname, size_t flen, const char **path, char **buf, size_t *len);
const struct token *dts_peek(struct parser *p, unsigned i);
int dts_peek_type(struct parser *p);
struct token dts_next(struct parser *p);

/* ---- dts-parse.c ---- */
void dts_settle_pending(struct parser *p, bool keep);
struct dt_node *dts_resolve(struct parser *p, const char *ref);
void dts_delete_prop(struct dt_property *prop);
struct dt_node *dts_walk_next(const struct dt_node *top, const struct dt_node *n);
void dts_delete_node(struct dt_node *top);
const char *dts_written_ref(struct parser *p, const char *ref);
struct dt_node *dts_empty_root(struct parser *p, const struct pos *at);
void dts_parse_source(struct parser *p);

#endif /* DTBIND_DTS_PRIVATE_H */
