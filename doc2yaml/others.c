// SPDX-License-Identifier: BSD-2-Clause
/*
 * others.c - compatibles a text lists for other devices than the one its
 * schema is about: its children (the examples nest them in the device's
 * node) and devices documented beside it (parts of their own), with the
 * properties of their parts of the text.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/*
 * Is @node inside an example node that is one of our devices: its most
 * specific compatible ours, not @self, and not a generic one ("syscon")?
 */
static bool inside_our_node(struct conv *cv, const struct ditem *node, const char *self)
{
	unsigned depth = 0;

	for (const struct ditem *a = node->parent; a && depth < MAX_NESTING; a = a->parent, depth++) {
		const struct ditem *p = node_prop(a, "compatible");
		const char *s[1];

		if (p && p->value && value_strings(cv, p->value, s, 1) && s[0] &&
		    strcmp(s[0], self) && !generic_compatible(s[0]) && our_compatible(cv, s[0]))
			return true;
	}
	return false;
}

/*
 * Does the file's name name the device of @ch ("oxnas,stdclk.txt" for
 * "oxsemi,ox810se-stdclk")?  Then it is what the file is about, nested in
 * the examples or not.
 */
static bool names_the_file(const struct conv *cv, const struct chain *ch)
{
	const char *b = strrchr(cv->file, '/');

	b = b ? b + 1 : cv->file;
	const char *comma = strchr(b, ',');

	if (comma)
		b = comma + 1;
	for (size_t i = 0; i < ch->n; i++) {
		const char *w = compat_last_word(ch->s[i]);
		size_t wl = strlen(w);

		/* "acme,foo-" has no last word: "" matched at the end and the search went past it. */
		if (!wl)
			continue;
		for (const char *p = b; (p = strstr(p, w)) != NULL; p++)
			if ((p == b || strchr("-_.", p[-1])) && strchr("-_.", p[wl]) && p[wl])
				return true;
	}
	return false;
}

/* The main-scope compatible item the chain was read from, if any. */
static struct prop *chain_item(const struct conv *cv, const struct chain *ch)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		unsigned last = pr->nlines ? pr->lines[pr->nlines - 1]->no : pr->line;

		if (!pr->scope && !strcmp(pr->name, "compatible") && pr->line <= ch->line &&
		    ch->line <= last)
			return pr;
	}
	return NULL;
}

/*
 * The properties of a sub-device's part of the text ("GPIO sub-device",
 * then its property lists) are the child's: they go to a scope of their
 * own, unless that part also has a compatible the device keeps.
 */
static void child_block_props(struct conv *cv, const struct chain *ch)
{
	const struct prop *item = chain_item(cv, ch);

	if (!item || !item->block)
		return;
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *o = cv->chains.v[c];
		const struct prop *oi = o == ch ? NULL : chain_item(cv, o);

		if (oi && oi->block == item->block && our_compatible(cv, o->s[0]) &&
		    strcmp(o->s[0], ch->s[0]))
			return;
	}
	int scope = ++cv->nscopes;
	unsigned block = item->block;

	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (!pr->scope && pr->block == block)
			pr->scope = scope;
	}
}

/*
 * A file that also describes its sub-devices ("2. Clock Provider",
 * "Required properties for the ECC nodes") lists their compatibles too.
 * A chain the examples only ever show inside a node of another of ours is
 * a child's: its node schema (from the examples) has it, the device's
 * compatible does not.  Chains no example shows stay.
 */
static void drop_child_compatibles(struct conv *cv, const struct vec *ex_lists)
{
	bool *child = cv_alloc(cv, (cv->chains.n + 1) * sizeof(*child));
	size_t nchild = 0;

	if (!child)
		return;
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *ch = cv->chains.v[c];
		bool seen = false, nested = true;

		for (size_t e = 0; e < ex_lists->n && nested; e++) {
			const struct chain *x = ex_lists->v[e];

			if (!x->node || strcmp(x->s[0], ch->s[0]))
				continue;
			seen = true;
			nested = inside_our_node(cv, x->node, ch->s[0]);
		}
		child[c] = seen && nested && !names_the_file(cv, ch);
		nchild += child[c];
	}
	if (!nchild || nchild == cv->chains.n)
		return;
	size_t w = 0;

	for (size_t c = 0; c < cv->chains.n; c++) {
		if (child[c])
			child_block_props(cv, cv->chains.v[c]);
		else
			cv->chains.v[w++] = cv->chains.v[c];
	}
	cv->chains.n = w;
}

/* How many main-scope items other than compatibles ("reg", ...) the block of item @it holds. */
static unsigned block_props(const struct conv *cv, const struct prop *it)
{
	unsigned n = 0;

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		n += !pr->scope && pr->block == it->block && strcmp(pr->name, "compatible");
	}
	return n;
}

static bool block_has_props(const struct conv *cv, const struct prop *it)
{
	return block_props(cv, it) >= 2;
}

/* Does a line of the text hold @s? */
static bool text_spells(const struct conv *cv, const char *s)
{
	for (size_t k = 0; k < cv->nlines; k++)
		if (strstr(cv->lines[k].s, s))
			return true;
	return false;
}

/*
 * Does an example show chain @ch's device inside a node of another of ours
 * (fsl-fman's ports in its closing example, beside their own examples)?
 */
static bool chain_nested(struct conv *cv, const struct vec *ex_lists, const struct chain *ch)
{
	for (size_t e = 0; e < ex_lists->n; e++) {
		const struct chain *x = ex_lists->v[e];

		if (x->node && !strcmp(x->s[0], ch->s[0]) && inside_our_node(cv, x->node, ch->s[0]))
			return true;
	}
	return false;
}

/* The name of example node @n without its unit address, its length in *@len. */
static const char *node_base_name(const struct ditem *n, size_t *len)
{
	*len = strcspn(n->name, "@");
	return n->name;
}

/*
 * The example nodes of the chains read from item @main_item: what the device
 * of that item is called in the examples (drop_sibling_devices()).
 */
static void main_nodes(struct conv *cv, const struct vec *ex_lists, const struct prop *main_item,
		       struct vec *out)
{
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *m = cv->chains.v[c];

		if (chain_item(cv, m) != main_item)
			continue;
		for (size_t e = 0; e < ex_lists->n; e++) {
			const struct chain *y = ex_lists->v[e];

			if (y->node && !strcmp(m->s[0], y->s[0]))
				vec_push(cv, out, (void *)y->node);
		}
	}
}

/*
 * Do the examples name a node of chain @ch as they name one of @mains
 * ("dma-controller" for pdma and adma both)?  Then the two are of one
 * kind, which kernel schemas keep together under conditions.
 */
static bool same_node_name(const struct vec *ex_lists, const struct chain *ch,
			   const struct vec *mains)
{
	for (size_t e = 0; e < ex_lists->n; e++) {
		const struct chain *x = ex_lists->v[e];
		size_t xl, yl;

		if (!x->node || strcmp(x->s[0], ch->s[0]))
			continue;
		const char *xn = node_base_name(x->node, &xl);

		for (size_t f = 0; f < mains->n; f++) {
			const struct ditem *y = mains->v[f];
			const char *yn = node_base_name(y, &yl);

			if (y != x->node && xl == yl && !strncmp(xn, yn, xl))
				return true;
		}
	}
	return false;
}

/*
 * A text that documents several devices side by side, each in a part of
 * its own with its own compatible and property list (atmel-usb's "OHCI",
 * "EHCI" and "UDC"; dra7-atl's clock tree and IP driver), none of whose
 * examples nests another's node nor names it as the other's (two
 * "dma-controller"s are one kind, kept together), is the schema of one of
 * them: the part whose device names the file, else the first.  The others'
 * compatibles and properties leave it (with the chains the boards give
 * their strings), when their part has a heading of its own: parts.c
 * converts it beside the output, nothing is lost.
 */
static void drop_sibling_devices(struct conv *cv, const struct vec *ex_lists)
{
	const struct prop *main_item = NULL;
	struct vec dropped = { 0 }, mains = { 0 };

	/*
	 * Devices the examples nest (mdss over its mdp5): the outer one is the
	 * schema, and a nested one with a part of its own is converted beside
	 * it, its node here left to that schema's select (children.c).
	 */
	bool nested = false;

	for (size_t e = 0; e < ex_lists->n; e++) {
		const struct chain *x = ex_lists->v[e];

		nested |= x->node && our_compatible(cv, x->s[0]) &&
			  inside_our_node(cv, x->node, x->s[0]);
	}
	for (size_t c = 0; c < cv->chains.n && !main_item; c++)
		if (names_the_file(cv, cv->chains.v[c]) &&
		    !(nested && chain_nested(cv, ex_lists, cv->chains.v[c])))
			main_item = chain_item(cv, cv->chains.v[c]);
	for (size_t c = 0; c < cv->chains.n && !main_item; c++)
		if (!(nested && chain_nested(cv, ex_lists, cv->chains.v[c])))
			main_item = chain_item(cv, cv->chains.v[c]);
	if (!main_item || !block_has_props(cv, main_item) || !cv->c->split_parts)
		return;
	main_nodes(cv, ex_lists, main_item, &mains);
	for (size_t c = 0; c < cv->chains.n; c++) {
		struct chain *ch = cv->chains.v[c];
		const struct prop *it = chain_item(cv, ch);
		unsigned first, last;

		/* Not "compatible = ..." of an example a heading ("+ PCIe node:") cut off. */
		if (it && it->block != main_item->block &&
		    block_props(cv, it) >= (nested ? 1u : 2u) &&
		    it->nlines && !dts_like(it->lines[0]->t) &&
		    (nested ? chain_nested(cv, ex_lists, ch) :
			      !same_node_name(ex_lists, ch, &mains)) &&
		    part_range(cv, it->line, &first, &last) &&
		    !(main_item->line >= first && main_item->line <= last)) {
			vec_push(cv, &dropped, ch);
			note_other_part(cv, first, last);
		}
	}
	if (!dropped.n)
		return;
	/*
	 * The chains that go: the dropped ones, the others of their items (a
	 * part's other chains go with it: fman's v3 ports), and those holding
	 * one of their strings.  Read before any leaves (chain_item() of a
	 * part's chain is gone once child_block_props() scoped its block).
	 */
	const struct prop **items = cv_alloc(cv, dropped.n * sizeof(*items));
	bool *gone = cv_alloc(cv, cv->chains.n * sizeof(*gone));
	struct chain **left = cv_alloc(cv, cv->chains.n * sizeof(*left));
	size_t w = 0, ngone = 0, nleft = 0;

	if (!items || !gone || !left)
		return;
	for (size_t d = 0; d < dropped.n; d++)
		items[d] = chain_item(cv, dropped.v[d]);
	for (size_t c = 0; c < cv->chains.n; c++) {
		const struct chain *ch = cv->chains.v[c];
		const struct prop *it = chain_item(cv, ch);

		for (size_t d = 0; d < dropped.n && !gone[c]; d++) {
			const struct chain *x = dropped.v[d];

			gone[c] = it && it == items[d];
			for (size_t i = 0; i < x->n && !gone[c]; i++)
				gone[c] = chain_has(ch, x->s[i]);
		}
		ngone += gone[c];
	}
	if (ngone == cv->chains.n) {
		cv->other_parts.n = 0;
		return;
	}
	for (size_t c = 0; c < cv->chains.n; c++) {
		struct chain *ch = cv->chains.v[c];

		if (!gone[c]) {
			cv->chains.v[w++] = ch;
			continue;
		}
		left[nleft++] = ch;
		/*
		 * Another node's compatibles now: parts.c finds the part by them.
		 * Those no line spells (a "<chip>" expanded, a board's) come
		 * with the part's own conversion.
		 */
		for (size_t i = 0; i < ch->n; i++)
			if (text_spells(cv, ch->s[i]))
				vec_push(cv, nested ? &cv->part_children : &cv->sibling_compat,
					 (void *)ch->s[i]);
	}
	cv->chains.n = w;
	/* Their parts' properties are theirs: after the chains left, so none of ours holds them. */
	for (size_t c = 0; c < nleft; c++)
		if (chain_item(cv, left[c]))
			child_block_props(cv, left[c]);
	/* The schema's compatible is its device's item now (the part beside has the other). */
	cv->compat_line = main_item->line;
}

/* The chains of other devices leave the device's (extract_compatibles()). */
void drop_other_devices(struct conv *cv, const struct vec *ex_lists)
{
	drop_child_compatibles(cv, ex_lists);
	drop_sibling_devices(cv, ex_lists);
}
