// SPDX-License-Identifier: BSD-2-Clause
/*
 * boardconds.c - conditions from the tree's board sources (boards.c): names
 * lists and entry counts the boards give per compatible, and counts a
 * default the boards exceed, as a converting developer writes what
 * dtbs_check showed them; and names lists per compatible, from the boards or
 * the text (lists_per_compat).  The text's own conditions are conditions.c's.
 */
#define _GNU_SOURCE
#include "conditions.h"

/*
 * The compatibles whose @key equals @key[i]'s (0: none), into @in, unless
 * @i is @done already or has none: one if/then per value, not per compatible.
 */
static bool take_group(const size_t *key, size_t n, size_t i, bool *done, bool *in)
{
	if (!key[i] || done[i])
		return false;
	for (size_t k = 0; k < n; k++) {
		in[k] = key[k] == key[i];
		done[k] = done[k] || in[k];
	}
	return true;
}

static size_t seq_len(const struct ynode *seq)
{
	size_t n = 0;

	for (const struct ynode *i = seq ? seq->first : NULL; i; i = i->next)
		n++;
	return n;
}

/* Does @prop's schema allow @n entries ("a\x1fb\x1f" for a names list: its consts in order)? */
static bool allows_list(const struct ynode *prop, size_t n, const char *names)
{
	const struct ynode *items = yget(prop, "items"), *max = yget(prop, "maxItems");

	if (!prop || prop->kind != Y_MAP || yget(prop, "const") || yget(prop, "enum"))
		return false;
	if (max && max->s && strtoul(max->s, NULL, 10) < n)
		return false;
	if (!items || items->kind != Y_SEQ)
		return true;
	if (seq_len(items) < n)
		return false;
	const struct ynode *it = items->first;

	for (const char *v = names; v && *v && it; it = it->next) {
		const struct ynode *c = yget(it, "const");
		size_t k = strcspn(v, "\x1f");

		if (c && c->s && (strlen(c->s) != k || memcmp(c->s, v, k)))
			return false;
		v += k + (v[k] == '\x1f');
	}
	return true;
}


/* Entries of a DTS list value: its strings, else its phandles; SIZE_MAX when neither. */
static size_t entry_count(struct conv *cv, const char *v)
{
	size_t n = value_strings(cv, v, NULL, 0);

	if (n || !v)
		return n ? n : SIZE_MAX;
	for (; *v; v++)
		n += *v == '&';
	return n ? n : SIZE_MAX;
}

/* Does example node @it's compatible open with @head? */
bool opens_with(const struct ditem *it, const char *head)
{
	const struct ditem *c = node_prop(it, "compatible");
	const char *cv = c && c->value ? skip_blanks(c->value) : "";
	size_t hl = strlen(head);

	return cv[0] == '"' && !strncmp(cv + 1, head, hl) && cv[hl + 1] == '"';
}

typedef bool (*value_differs_fn)(struct conv *cv, const char *value, const void *arg);

/*
 * Does a node from @it on (its next siblings, their children, @depth deep
 * already) whose compatible opens with @head give @prop a value @differs
 * says is another?
 */
static bool heads_differ(struct conv *cv, const struct ditem *it, const char *head,
			 const char *prop, value_differs_fn differs, const void *arg, unsigned depth)
{
	for (; it && depth < 32; it = it->next) {
		if (it->kind != DI_NODE || it->dead)
			continue;
		const struct ditem *p = node_prop(it, prop);

		if (p && opens_with(it, head) && differs(cv, p->value, arg))
			return true;
		if (heads_differ(cv, it->children, head, prop, differs, arg, depth + 1))
			return true;
	}
	return false;
}

/* A list of another length than *@arg (a size_t). */
static bool length_differs(struct conv *cv, const char *value, const void *arg)
{
	size_t k = entry_count(cv, value);

	return k != SIZE_MAX && k != *(const size_t *)arg;
}

/* Do the text's examples give compatible @head's list @prop another length than @n? */
static bool examples_differ(struct conv *cv, const char *head, const char *prop, size_t n)
{
	for (size_t e = 0; e < cv->examples.n; e++) {
		const struct example *ex = cv->examples.v[e];

		if (heads_differ(cv, ex->top, head, prop, length_differs, &n, 0))
			return true;
	}
	return false;
}

/*
 * Is @s a fallback of some chain ("fsl,imx6q-usb", "fsl,imx27-usb")?  Its
 * `contains` would match those devices too, whose boards are not its own.
 */
static bool later_in_a_chain(const struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t k = 1; k < ch->n; k++)
			if (!strcmp(ch->s[k], s))
				return true;
	}
	return false;
}

/* "a\x1fb\x1f" of an items list of consts, or NULL when an entry is not one. */
static const char *const_names(struct conv *cv, const struct ynode *items)
{
	struct strbuf sb;
	const char *out = NULL;
	bool ok = items->first != NULL;

	sb_init(&sb);
	for (const struct ynode *it = items->first; ok && it; it = it->next) {
		const struct ynode *c = yget(it, "const");

		ok = c && c->s;
		if (ok) {
			sb_puts(&sb, c->s);
			sb_putc(&sb, '\x1f');
		}
	}
	if (ok && sb.len)
		out = cv_strndup(cv, sb.buf, sb.len);
	sb_free(&sb);
	return out;
}

static bool all_prefixes(const char *const *v, size_t n, const char *longest)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] && strncmp(longest, v[i], strlen(v[i])))
			return false;
	return true;
}

/* Names other than @arg, "a\x1fb\x1f" ("a", "b" against it, name by name). */
static bool names_differ(struct conv *cv, const char *value, const void *arg)
{
	const char *q = value ? value : "", *w = arg;

	(void)cv;
	for (q = strchr(q, '"'); q && *w; q = strchr(q, '"')) {
		size_t k = strcspn(w, "\x1f"), e = strcspn(q + 1, "\"");

		if (e != k || strncmp(q + 1, w, k))
			return true;
		w += k + 1;
		q += e + 2;
	}
	return q || *w;
}

/*
 * Does each device node of the examples give names list @prop as the
 * boards give its compatible, or (when not required) not at all?  A list
 * the examples show for a compatible the boards do not, or a required one
 * an example leaves out (the example is completed from the top level's
 * names), keeps the text's list.
 */
static bool examples_agree(struct conv *cv, const struct cset *cs, const char *prop,
			   const char *const *v)
{
	bool required = false;

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		required = required || (!pr->scope && pr->req == REQ_YES && !strcmp(pr->name, prop));
	}
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *node = cv->devnodes.v[d];
		size_t i;

		if (!node_prop(node, prop)) {
			if (required)
				return false;
			continue;
		}
		for (i = 0; i < cs->n; i++)
			if (v[i] && opens_with(node, cs->s[i]))
				break;
		if (i == cs->n || heads_differ(cv, node, cs->s[i], prop, names_differ, v[i], 31))
			return false;
	}
	return true;
}

/*
 * Names lists per compatible that are not prefixes of one another (px30's
 * DSI has "pclk", rk3399's "ref", "pclk", "phy_cfg", "grf"): the top level
 * keeps the counts, each compatible gets its own items, when the list they
 * name has no per-entry items to keep in step and the text's examples agree.
 */
static void names_apart(struct conv *cv, const struct cset *cs, struct vec *conds,
			struct ynode *props, struct ynode *np, const char *const *v,
			bool from_text)
{
	const char *list = named_list(cv, props, np->key);
	struct ynode *lp = list ? yget(props, list) : NULL;
	const struct ynode *items = yget(np, "items");
	size_t least = SIZE_MAX, most = 0;

	if (np->kind != Y_MAP || (lp && (lp->kind != Y_MAP || yget(lp, "items"))) ||
	    (items && items->kind != Y_SEQ))
		return;
	if (!examples_agree(cv, cs, np->key, v))
		return;
	for (size_t i = 0; i < cs->n; i++) {
		if (!v[i])
			continue;
		least = names_count(v[i]) < least ? names_count(v[i]) : least;
		most = names_count(v[i]) > most ? names_count(v[i]) : most;
	}
	/* What the text lists stays one of the counts: other compatibles may have it. */
	if (items && !from_text) {
		least = seq_len(items) < least ? seq_len(items) : least;
		most = seq_len(items) > most ? seq_len(items) : most;
	}
	if (lp && !allows_list(lp, most, NULL))
		return;
	/* The text's own list stays, for the compatibles no board shows (not one of several). */
	const char *text_list = items && !from_text ? const_names(cv, items) : NULL;

	yremove(np, "items", NULL);
	yremove(np, "minItems", NULL);
	yremove(np, "maxItems", NULL);
	if (least < most)
		yset(np, "minItems", yint(cv, least, np->src));
	yset(np, "maxItems", yint(cv, most, np->src));
	if (lp)
		allow_count(cv, lp, (unsigned)least, np->src);

	bool done[MAX_COMPAT] = { false };
	size_t key[MAX_COMPAT] = { 0 };

	for (size_t i = 0; i < cs->n; i++)
		for (size_t k = 0; v[i] && !key[i] && k <= i; k++)
			if (v[k] && !strcmp(v[k], v[i]))
				key[i] = k + 1;	/* the first with the same list */
	for (size_t i = 0; i < cs->n; i++) {
		bool in[MAX_COMPAT] = { false };
		struct cond *c;

		if (!take_group(key, cs->n, i, done, in))
			continue;
		c = push_cond(cv, conds, CK_NAMES, in, false, cs->n, np->key, np->src);
		if (c)
			c->value = v[i];
		/* reg decodes by the parent's cells, which the examples' wrapper sets apart. */
		if (c && list && strcmp(list, "reg") &&
		    (c = push_cond(cv, conds, CK_COUNT, in, false, cs->n, list, np->src)) != NULL)
			c->count = (unsigned)names_count(v[i]);
	}
	if (text_list) {
		bool rest[MAX_COMPAT] = { false };

		for (size_t i = 0; i < cs->n; i++)
			rest[i] = !v[i];
		struct cond *c = push_cond(cv, conds, CK_NAMES, rest, false, cs->n, np->key, np->src);

		if (c)
			c->value = text_list;
	}
	finding(cv, DTBIND_NOTE, np->src, 1, "doc2yaml-node",
		"%s '%s' lists of their own: one per compatible",
		from_text ? "the text gives these compatibles" : "board nodes with these compatibles give",
		np->key);
}

/*
 * Names lists per compatible, @v[i] for cs->s[i] ("a\x1fb\x1f", NULL: not
 * known), from the board sources or the text (clock-names, with one more
 * clock on some SoCs): where two or more of ours have lists of different
 * lengths, each a prefix of the longest, and the schema and the text's
 * examples allow each, the names list gets minItems/maxItems per compatible
 * and the list it names maxItems, as kernel conversions write what
 * dtbs_check showed them; lists that are not prefixes get items of their own
 * (names_apart).  @from_text: the text's statements give them, and the top
 * level's items were read from one of them (their count must fit, not their
 * order); else the board sources do.
 */
void lists_per_compat(struct conv *cv, const struct cset *cs, struct vec *conds,
		      struct ynode *props, struct ynode *np, const char *const *v, bool from_text)
{
	const char *longest = NULL;
	size_t seen = 0;
	bool differ = false;

	for (size_t i = 0; i < cs->n; i++) {
		if (!v[i])
			continue;
		seen++;
		if (longest && strcmp(longest, v[i]))
			differ = true;
		if (!longest || strlen(v[i]) > strlen(longest))
			longest = v[i];
	}
	if (seen < 2 || !differ)
		return;
	const char *list = named_list(cv, props, np->key);
	bool ok = allows_list(np, names_count(longest), from_text ? NULL : longest) &&
		  (!list || allows_list(yget(props, list), names_count(longest), NULL));

	if (ok && !all_prefixes(v, cs->n, longest)) {
		names_apart(cv, cs, conds, props, np, v, from_text);
		return;
	}
	/* The text's order was not asked above; prefixes of the longest must be the schema's. */
	ok = ok && (!from_text || allows_list(np, names_count(longest), longest));

	/* Each a prefix of the longest, and what the text's own examples show. */
	for (size_t i = 0; ok && i < cs->n; i++)
		ok = !v[i] || (!strncmp(longest, v[i], strlen(v[i])) &&
			       !examples_differ(cv, cs->s[i], np->key, names_count(v[i])) &&
			       !(list && examples_differ(cv, cs->s[i], list, names_count(v[i]))));
	if (!ok)
		return;
	bool done[MAX_COMPAT] = { false };
	size_t key[MAX_COMPAT];

	for (size_t i = 0; i < cs->n; i++)
		key[i] = v[i] ? names_count(v[i]) : 0;
	for (size_t i = 0; i < cs->n; i++) {
		bool in[MAX_COMPAT] = { false };
		size_t n = key[i];

		if (!take_group(key, cs->n, i, done, in))
			continue;
		struct cond *c = push_cond(cv, conds, CK_ITEMS, in, false, cs->n, np->key, np->src);

		if (c)
			c->count = (unsigned)n;
		/* The list itself at most as long: phandle lists decode by cells. */
		if (c && list && (c = push_cond(cv, conds, CK_COUNT, in, false, cs->n, list,
						np->src)) != NULL)
			c->count = (unsigned)n;
		allow_count(cv, np, (unsigned)n, np->src);
		if (list)
			allow_count(cv, yget(props, list), (unsigned)n, np->src);
	}
}

/* The names lists the board sources give per compatible (lists_per_compat). */
static void board_conds(struct conv *cv, const struct cset *cs, struct vec *conds,
			struct ynode *props)
{
	for (struct ynode *np = props->first; np; np = np->next) {
		const char *v[MAX_COMPAT] = { 0 };
		size_t nodes;

		if (!np->key || !str_ends_with(np->key, "-names"))
			continue;
		for (size_t i = 0; i < cs->n; i++)
			v[i] = later_in_a_chain(cv, cs->s[i]) ? NULL :
			       board_names_of(cv, cs->s[i], np->key, &nodes);
		lists_per_compat(cv, cs, conds, props, np, v, false);
	}
}

/* Does the text's item for @name give a count ("two clocks", "3 entries", "a single")? */
static bool text_counts(const struct conv *cv, const char *name)
{
	static const char *const words[] = { "one", "single", "two", "three", "four", "five", "six" };

	for (size_t k = 0; k < cv->props.n; k++) {
		const struct prop *pr = cv->props.v[k];

		if (pr->scope || strcmp(pr->name, name) || !pr->text)
			continue;
		for (const char *p = pr->text; *p; p++)
			if (isdigit((unsigned char)*p))
				return true;
		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if (find_word(pr->text, words[i]))
				return true;
	}
	return false;
}

/*
 * A list the boards give @most entries where the schema allows fewer,
 * from its examples or a default of one, not from a count the text gives:
 * dtbs_check would flag every such board, so the schema allows @most.
 */
static void raise_board_max(struct conv *cv, struct ynode *np, const char *name, unsigned most)
{
	const struct ynode *max = yget(np, "maxItems");

	if (np->kind != Y_MAP || yget(np, "items") || yget(np, "const") || yget(np, "enum") ||
	    !max || text_counts(cv, name))
		return;
	unsigned was = (unsigned)strtoul(max->s, NULL, 10);

	if (!yget(np, "minItems"))
		allow_count(cv, np, was, np->src);
	yset(np, "maxItems", yint(cv, most, np->src));
	finding(cv, DTBIND_NOTE, np->src, 1, "doc2yaml-node",
		"board nodes with these compatibles give '%s' %u entries: maxItems raised from %u",
		name, most, was);
}

/* Each phandle list whose default count a board node exceeds (raise_board_max). */
void board_raise_counts(struct conv *cv, struct ynode *props)
{
	static const char *const lists[] = {
		"clocks", "resets", "dmas", "phys", "power-domains", "iommus", "interconnects",
	};

	for (size_t k = 0; k < ARRAY_SIZE(lists); k++) {
		struct ynode *np = yget(props, lists[k]);
		unsigned least = 0, any = np ? board_count_max(cv, lists[k], &least) : 0;

		if (any && !allows_list(np, any, NULL))
			raise_board_max(cv, np, lists[k], any);
		/* maxItems alone means exactly that many: fewer where a board gives fewer. */
		const struct ynode *max = np && np->kind == Y_MAP ? yget(np, "maxItems") : NULL;

		if (least && max && max->s && least < strtoul(max->s, NULL, 10) &&
		    !yget(np, "items") && !text_counts(cv, lists[k]))
			allow_count(cv, np, least, np->src);
	}
}

/*
 * Phandle lists without a names list (clocks, resets, ...) whose entries
 * the board sources count differently per compatible: each count becomes
 * minItems/maxItems for those compatibles, as for names lists above.
 */
static void board_count_conds(struct conv *cv, const struct cset *cs, struct vec *conds,
			      struct ynode *props)
{
	static const char *const lists[][2] = {
		{ "clocks", "clock-names" }, { "resets", "reset-names" }, { "dmas", "dma-names" },
		{ "phys", "phy-names" }, { "power-domains", "power-domain-names" },
		{ "iommus", NULL },
	};

	for (size_t k = 0; k < ARRAY_SIZE(lists); k++) {
		struct ynode *np = yget(props, lists[k][0]);
		unsigned n[MAX_COMPAT] = { 0 }, most = 0;
		size_t seen = 0, nodes;
		bool differ = false, ok;

		if (!np || (lists[k][1] && yget(props, lists[k][1])))
			continue;
		for (size_t i = 0; i < cs->n; i++) {
			n[i] = later_in_a_chain(cv, cs->s[i]) ? 0 :
			       board_count_of(cv, cs->s[i], lists[k][0], &nodes);
			if (!n[i])
				continue;
			seen++;
			differ = differ || (most && n[i] != most);
			if (n[i] > most)
				most = n[i];
		}
		ok = seen >= 2 && differ && allows_list(np, most, NULL);
		for (size_t i = 0; ok && i < cs->n; i++)
			ok = !n[i] || !examples_differ(cv, cs->s[i], lists[k][0], n[i]);
		if (!ok)
			continue;
		bool done[MAX_COMPAT] = { false };
		size_t key[MAX_COMPAT];

		for (size_t i = 0; i < cs->n; i++)
			key[i] = n[i];
		for (size_t i = 0; i < cs->n; i++) {
			bool in[MAX_COMPAT] = { false };
			struct cond *c;

			if (!take_group(key, cs->n, i, done, in))
				continue;
			c = push_cond(cv, conds, CK_ITEMS, in, false, cs->n, lists[k][0], np->src);
			if (c)
				c->count = n[i];
			allow_count(cv, np, n[i], np->src);
		}
	}
}

/* The conditions the board sources give, after the text's own. */
void board_conditions(struct conv *cv, const struct cset *cs, struct vec *conds,
		      struct ynode *props)
{
	board_conds(cv, cs, conds, props);
	board_count_conds(cv, cs, conds, props);
}
