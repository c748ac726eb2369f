/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * conditions.h - what conditions.c, boardconds.c, textlists.c and
 * mentions.c share: the device's compatibles and the conditions on them.
 * Private to those files.
 */
#ifndef DOC2YAML_CONDITIONS_H
#define DOC2YAML_CONDITIONS_H

#include "doc2yaml-private.h"

#define MAX_COMPAT 64

/* The device's own compatibles (the first of each chain) and what names them in prose. */
#define MAX_ALIAS 128

struct cset {
	const char *s[MAX_COMPAT];
	const char *chip[MAX_COMPAT];	/* "rk3399" of "rockchip,rk3399-mipi-dsi" */
	size_t n;
	/* Words the compatible item's legend gives one ("\"samsung,mfc-v5\" for MFC v5 ...") */
	const char *alias[MAX_ALIAS];
	size_t alias_of[MAX_ALIAS];
	size_t nalias;
};

/*
 * One condition: @kind on the compatibles in @in.  CK_VALUE: the entry
 * @value of the names property @prop is for them only; it becomes
 * CK_COUNT (at most @count entries) on the others.  CK_ITEMS: the list
 * @prop has exactly @count entries on them ("two interrupts for imx7d").
 * CK_RANGE: @prop's value lies in @lo..@hi on them ("MAX98927 slot range :
 * 0 ~ 15").  CK_NAMES: the names list @prop is @value ("a\x1fb\x1f") on them.
 */
enum cond_kind { CK_ABSENT, CK_REQUIRED, CK_VALUE, CK_COUNT, CK_ITEMS, CK_RANGE, CK_NAMES, CK_DONE };

struct cond {
	enum cond_kind kind;
	bool in[MAX_COMPAT];
	const char *prop;
	const char *child;	/* the child nodes' pattern it is about, NULL: the node's own */
	const char *value;
	unsigned count;
	unsigned line;
	long lo, hi;
	bool unrequire;	/* the text's "required" list had it for every device */
};

struct cond *push_cond(struct conv *cv, struct vec *conds, enum cond_kind kind, const bool *in,
		       bool invert, size_t n, const char *prop, unsigned line);
const char *named_list(struct conv *cv, const struct ynode *props, const char *names);
void allow_count(struct conv *cv, struct ynode *prop, unsigned count, unsigned src);
size_t names_count(const char *v);
bool opens_with(const struct ditem *it, const char *head);

/* mentions.c: which compatibles the text's words name */
void collect_compats(struct conv *cv, struct cset *cs);
void legend_aliases(struct conv *cv, struct cset *cs);
size_t mentions(const struct conv *cv, const struct cset *cs, const char *s, size_t len, bool *in);

/* textlists.c: names lists the text gives per compatible */
void text_lists(struct conv *cv, const struct cset *cs, struct vec *conds, struct ynode *props);

/* boardconds.c: conditions from the tree's board sources */
void board_conditions(struct conv *cv, const struct cset *cs, struct vec *conds,
		      struct ynode *props);
void board_raise_counts(struct conv *cv, struct ynode *props);
void lists_per_compat(struct conv *cv, const struct cset *cs, struct vec *conds,
		      struct ynode *props, struct ynode *np, const char *const *v, bool from_text);

#endif
