/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * yamllint-private.h - what the yamllint modules share: rule ids and option
 * slots, the configuration, the token and comment model of one run (struct
 * lint), and the functions one module calls in another.  The rule table
 * itself (rule_defs) stays in yamllint.c.
 */
#ifndef DTBIND_YAMLLINT_PRIVATE_H
#define DTBIND_YAMLLINT_PRIVATE_H

#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "internal.h"
#include "yamllint.h"

/* ------------------------------------------------------------------ */
/* Rules and their options                                             */

enum rid {
	R_BRACES, R_BRACKETS, R_COLONS, R_COMMAS, R_COMMENTS, R_COMMENTS_INDENTATION,
	R_DOCUMENT_END, R_DOCUMENT_START, R_EMPTY_LINES, R_EMPTY_VALUES, R_FLOAT_VALUES,
	R_HYPHENS, R_INDENTATION, R_KEY_DUPLICATES, R_KEY_ORDERING, R_LINE_LENGTH,
	R_NEW_LINE_AT_END_OF_FILE, R_NEW_LINES, R_OCTAL_VALUES, R_QUOTED_STRINGS,
	R_TRAILING_SPACES, R_TRUTHY, R_COUNT
};

/* yamllint runs token rules on tokens, comment rules on comments, line rules on lines. */
enum rtype { RT_TOKEN, RT_COMMENT, RT_LINE };

enum okind {
	O_INT, O_BOOL,
	O_FORBID,	/* false | true | 'non-empty' */
	O_SPACES,	/* int | 'consistent' */
	O_INDSEQ,	/* false | true | 'whatever' | 'consistent' */
	O_NEWLINE,	/* 'unix' | 'dos' | 'platform' */
	O_QTYPE,	/* 'any' | 'single' | 'double' */
	O_REQUIRED,	/* true | false | 'only-when-needed' */
	O_TRUTHY,	/* list of truthy words, kept as a bit mask */
	O_REGEXES,	/* list of (Python) regular expressions */
};

#define MAX_OPTS 5
#define SPACES_CONSISTENT INT_MIN
enum { FORBID_FALSE, FORBID_TRUE, FORBID_NON_EMPTY };
enum { SEQ_FALSE, SEQ_TRUE, SEQ_WHATEVER, SEQ_CONSISTENT };
enum { NL_UNIX, NL_DOS, NL_PLATFORM };
enum { QT_ANY, QT_SINGLE, QT_DOUBLE };
enum { REQ_FALSE, REQ_TRUE, REQ_ONLY_WHEN_NEEDED };

/* Option slots, in the order of rule_defs[].opt. */
enum { BR_FORBID, BR_MIN, BR_MAX, BR_MIN_EMPTY, BR_MAX_EMPTY };
enum { CO_MAX_BEFORE, CO_MAX_AFTER };
enum { CM_MAX_BEFORE, CM_MIN_AFTER, CM_MAX_AFTER };
enum { CT_STARTING_SPACE, CT_SHEBANGS, CT_MIN_FROM_CONTENT };
enum { DOC_PRESENT };
enum { EL_MAX, EL_MAX_START, EL_MAX_END };
enum { EV_BLOCK, EV_FLOW };
enum { FV_NUMERAL, FV_SCIENTIFIC, FV_NAN, FV_INF };
enum { HY_MAX_AFTER };
enum { IN_SPACES, IN_SEQUENCES, IN_MULTI_LINE };
enum { LL_MAX, LL_WORDS, LL_INLINE_MAPPINGS };
enum { NL_TYPE };
enum { OV_IMPLICIT, OV_EXPLICIT };
enum { QS_TYPE, QS_REQUIRED, QS_EXTRA_REQUIRED, QS_EXTRA_ALLOWED, QS_QUOTED_QUOTES };
enum { TR_ALLOWED, TR_CHECK_KEYS };

static const char *const truthy_words[] = {
	"YES", "Yes", "yes", "NO", "No", "no", "TRUE", "True", "true",
	"FALSE", "False", "false", "ON", "On", "on", "OFF", "Off", "off", NULL
};
#define N_TRUTHY ((int)ARRAY_SIZE(truthy_words) - 1)
#define TRUTHY_DEFAULT ((1 << 8) | (1 << 11))	/* true, false */
/* truthy_words[] in Python's sorted() order, for the message. */
static const unsigned char truthy_sorted[] = { 9, 10, 3, 4, 15, 12, 16, 13, 6, 7, 0, 1,
					       11, 5, 17, 14, 8, 2 };

struct opt_def {
	const char *name;
	enum okind kind;
	int def;
};

struct rule_def {
	const char *name;
	enum rtype type;
	struct opt_def opt[MAX_OPTS];
};

#define BRACES_OPTS { { "forbid", O_FORBID, FORBID_FALSE }, { "min-spaces-inside", O_INT, 0 }, \
		      { "max-spaces-inside", O_INT, 0 }, { "min-spaces-inside-empty", O_INT, -1 }, \
		      { "max-spaces-inside-empty", O_INT, -1 } }

struct regex_list {
	struct dtbind_regex **re;
	size_t n;
};

struct rule_conf {
	bool enabled;
	enum dtbind_severity level;
	int v[MAX_OPTS];
	struct regex_list rx[MAX_OPTS];	/* O_REGEXES options */
};

struct yamllint_config {
	struct rule_conf rule[R_COUNT];
	/* yamllint runs the rules in the order of its (merged) configuration. */
	unsigned char order[R_COUNT];
	unsigned norder;
};

/* ------------------------------------------------------------------ */
/* The text, tokens and comments as yamllint sees them                 */

/* A position, 0-based, in characters (PyYAML's Mark). */
struct mark {
	size_t i;
	uint32_t line, col;
};

struct tok {
	yaml_token_type_t type;
	char style;		/* scalars: 0 plain, '\'', '"', '|', '>' */
	struct mark s, e;
	const char *val;	/* scalar value, tag handle (arena) */
	size_t vlen;
};

struct problem {
	uint32_t line, col;
	enum rid rule;
	const char *msg;
};

/* A comment, as yamllint's Comment: found in the text between two tokens. */
struct comment {
	uint32_t line, col;	/* 1-based */
	size_t ptr;		/* character index of the '#' */
	size_t before;		/* index of the token before it */
	size_t after;		/* index of the token after it, SIZE_MAX for none */
	bool has_prev;		/* an earlier comment between the same two tokens */
	bool prev_inline;
	uint32_t prev_col;
};

/* A libyaml error, with marks in our terms. */
struct yerr {
	yaml_error_type_t kind;
	int indent;			/* the scanner's block indentation then */
	const char *problem, *context;	/* libyaml's static strings */
	struct mark mark, context_mark;
	size_t tokens_parsed;
};

enum ptype { P_ROOT, P_BMAP, P_FMAP, P_BSEQ, P_FSEQ, P_BENT, P_KEY, P_VAL };

struct parent {
	enum ptype type;
	int indent, line_indent;
	bool explicit_key, implicit_block_seq;
};

struct keyframe {
	bool map;
	struct hmap keys;		/* key-duplicates */
	const char *max;		/* key-ordering: the greatest key so far */
	size_t maxlen;
	bool has_max;
};

struct kstack {
	struct keyframe *f;
	size_t n, cap;
};

struct lint {
	const struct yamllint_config *cfg;
	struct dtbind_diag *diag;
	const char *path;
	const unsigned char *buf;	/* the file as given */
	size_t len;
	size_t bom;			/* characters before libyaml's index 0 */
	uint32_t *c2b;			/* character index -> byte offset; NULL for ASCII */
	size_t nchars;
	uint32_t eof_line, eof_col;
	struct arena a;
	bool oom;

	struct tok *t;
	size_t nt, cap_t;
	size_t nyield;			/* tokens yamllint sees (fewer after a scan error) */

	bool syn;			/* a syntax error waits to be placed */
	uint32_t syn_line, syn_col;
	const char *syn_msg;

	struct problem *cache;		/* findings of the current line */
	size_t ncache, cap_cache;
	uint32_t enabled, dis, dis_line, dis_next;	/* rule masks, for directives */
	int found;

	/* indentation */
	struct parent *st;
	size_t nst, cap_st;
	int spaces, indseq;
	long cur_line;
	int cur_line_indent;
	/* key-duplicates, key-ordering */
	struct kstack kd, ko;
};

/* Lines as yamllint's line_generator() yields them. */
struct lines {
	size_t pos;
	uint32_t no;
	bool done;
};

/* ---- yamllint.c ---- */
extern const struct rule_def yl_rule_defs[R_COUNT];
void yl_add(struct lint *l, enum rid r, uint32_t line, uint32_t col, const char *fmt, ...) DTBIND_PRINTF(5, 6);
void yl_flush(struct lint *l);

/* ---- yamllint-scan.c ---- */
bool yl_grow(void **p, size_t *cap, size_t need, size_t elem);
size_t yl_boff(const struct lint *l, size_t ci);
size_t yl_cidx(const struct lint *l, size_t b);
int yl_ch(const struct lint *l, long ci);
size_t yl_nchars_in(const struct lint *l, size_t a, size_t b);
bool yl_py_whitespace(int c);
struct mark yl_mark_of(const struct lint *l, size_t ci);
int yl_map_text(struct lint *l);
extern const char yl_too_deep[];
int yl_scan_tokens(struct lint *l, const unsigned char *text, size_t len, struct yerr *err);
int yl_parse_events(struct lint *l, const unsigned char *text, size_t len, struct yerr *err);
void yl_set_syntax_error(struct lint *l, const struct yerr *e);
bool yl_is_blank_or_break(unsigned char c);
size_t yl_find_bad_tab(const struct lint *l, const struct yerr *se);
bool yl_tab_ends_token(const struct lint *l, size_t tab);
size_t yl_returned_before_tab(struct lint *l, struct mark last);

/* ---- yamllint-tokrules.c ---- */
void yl_kstack_free(struct kstack *ks);
void yl_push(struct lint *l, enum ptype type, int indent, int line_indent);
void yl_run_token_rules(struct lint *l, size_t i);

/* ---- yamllint-linerules.c ---- */
bool yl_comment_inline(const struct lint *l, size_t before, uint32_t line);
bool yl_is_space_c(unsigned char c);
void yl_run_comment(struct lint *l, const struct comment *cm);
void yl_lines_until(struct lint *l, struct lines *it, uint32_t before);

#endif /* DTBIND_YAMLLINT_PRIVATE_H */
