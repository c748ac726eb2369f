/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt.h - the devicetree model shared by the DTS parser, the FDT writer and
 * reader, and validation.  Internal to libdtbind.
 *
 * Property values are raw big-endian bytes, as in an FDT, plus typed markers
 * (dtc's idea) that remember where cells of a given width, strings and
 * references start, so phandles can be resolved and types kept.  Everything
 * is allocated in the tree's arena.
 */
#ifndef DTBIND_DT_H
#define DTBIND_DT_H

#include "internal.h"

enum dt_marker_type {
	DT_M_U8,		/* cells of 8/16/32/64 bits start here (/bits/ N) */
	DT_M_U16,
	DT_M_U32,
	DT_M_U64,
	DT_M_STRING,		/* a string starts here */
	DT_M_BYTES,		/* a [bytestring] starts here */
	DT_M_REF_PHANDLE,	/* a 4-byte phandle cell to fill in from ref */
	DT_M_REF_PATH,		/* a path string was inserted here from ref */
	DT_M_LABEL,		/* a label inside the value (ref = label name) */
};

struct dt_marker {
	enum dt_marker_type type;
	uint32_t offset;		/* byte offset in the value */
	const char *ref;		/* label name, or "/path" for &{/path} */
	struct dtbind_loc loc;		/* where the reference was written */
	struct dt_marker *next;
};

struct dt_label {
	const char *name;
	struct dt_label *next;
};

struct dt_property {
	const char *name;
	uint8_t *val;
	uint32_t len;
	struct dt_marker *markers;	/* in offset order */
	struct dt_label *labels;
	struct dtbind_loc loc;		/* of the property name */
	struct dt_property *next;
	bool deleted;
};

struct dt_node {
	const char *name;		/* "name@unit"; "" for the root */
	struct dt_property *props;
	struct dt_node *children;	/* first child */
	struct dt_node *next;		/* next sibling */
	struct dt_node *parent;
	struct dt_label *labels;
	struct dtbind_loc loc;		/* of the node name */
	uint32_t phandle;		/* 0 = none yet */
	bool deleted;
	bool omit_if_no_ref;
	bool referenced;
};

struct dt_reserve {
	uint64_t address, size;
	struct dt_label *labels;
	struct dt_reserve *next;
};

struct dt_tree {
	struct arena arena;
	struct dt_node *root;
	struct dt_reserve *reserves;
	bool plugin;			/* /plugin/: unresolved references become fixups */
	/* Node extensions that name a label not in this tree (&label { ... } in a plugin). */
	struct dt_node *orphans;
	unsigned errors;		/* syntax and semantic errors reported */
};

void dt_tree_init(struct dt_tree *t);
void dt_tree_release(struct dt_tree *t);

struct dt_node *dt_node_new(struct dt_tree *t, const char *name, struct dtbind_loc loc);
void dt_node_add_child(struct dt_node *parent, struct dt_node *child);
struct dt_node *dt_node_child(const struct dt_node *n, const char *name);
struct dt_property *dt_node_prop(const struct dt_node *n, const char *name);
/* Add or replace a property (replacing keeps the position of the old one). */
struct dt_property *dt_node_set_prop(struct dt_tree *t, struct dt_node *n, const char *name,
				     const void *val, uint32_t len, struct dtbind_loc loc);
/* Lookups over the live (not deleted) tree. */
struct dt_node *dt_find_label(const struct dt_tree *t, const char *label);
struct dt_node *dt_find_path(const struct dt_tree *t, const char *path);
/* @path below @n ("a/b" or "/a/b"). */
struct dt_node *dt_find_path_from(struct dt_node *n, const char *path);
/* A reference: "/path", "label" or "label/path" (dtc 1.7). */
struct dt_node *dt_find_ref(const struct dt_tree *t, const char *ref);
struct dt_node *dt_find_phandle(const struct dt_tree *t, uint32_t phandle);
/* "/soc/i2c@1000/dev@50"; allocated in the tree's arena. */
const char *dt_node_path(struct dt_tree *t, const struct dt_node *n);

/* The next live node after @n in pre-order under @top; @n's children are skipped if @skip. */
struct dt_node *dt_next_live(const struct dt_node *top, const struct dt_node *n, bool skip);

#define dt_for_each_child(n, c) \
	for (struct dt_node *c = (n)->children; c; c = c->next) if (!c->deleted)
#define dt_for_each_prop(n, p) \
	for (struct dt_property *p = (n)->props; p; p = p->next) if (!p->deleted)

/* ---- source mapping --------------------------------------------------- */
/*
 * Where each line of a generated text (preprocessor output, a wrapped
 * binding example) came from: file, line, and the columns to add (an
 * example's indentation inside its .yaml).  Where a line's columns do not
 * follow its source one for one (macros expanded on it, or text from
 * another line), spans say where each part of it came from.
 */
struct srcmap_span {
	const char *file;
	uint32_t line;
	uint32_t out_col;	/* first column of the generated line it covers */
	uint32_t col;		/* source column of out_col */
	bool fixed;		/* all its columns are @col (a macro's output) */
};

struct srcmap_line {
	const char *file;
	uint32_t line;
	uint32_t col_offset;
	uint32_t n_spans;	/* spans[first_span ...], by out_col; 0: none */
	size_t first_span;
};

struct srcmap {
	struct srcmap_line *lines;	/* lines[i] describes line i + 1 */
	size_t n, cap;
	struct srcmap_span *spans;
	size_t n_spans, cap_spans;
};

void srcmap_init(struct srcmap *m);
void srcmap_free(struct srcmap *m);
int srcmap_push(struct srcmap *m, const char *file, uint32_t line, uint32_t col_offset);
/*
 * From column @out_col of the last line on, the text comes from @file:@line:
 * @col on (or, @fixed, all of it from that one place).  Nothing is recorded
 * when the line's map already says so.  Spans are added left to right.
 */
int srcmap_add_span(struct srcmap *m, uint32_t out_col, const char *file, uint32_t line,
		    uint32_t col, bool fixed);
/* The original location of 1-based @line:@col of the generated text. */
struct dtbind_loc srcmap_loc(const struct srcmap *m, const char *fallback_file, uint32_t line,
			     uint32_t col);

#endif
