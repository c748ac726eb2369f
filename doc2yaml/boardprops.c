// SPDX-License-Identifier: BSD-2-Clause
/*
 * boardprops.c - what the board nodes of the device set, from the index
 * boards.c keeps: which properties they have (a node's own, or set by a
 * block a build reads with it), the entries of their phandle lists and
 * their -names lists.  From these: properties the text requires that no
 * board has, properties the boards use that the text never named, and the
 * names and counts per compatible that boardconds.c turns into conditions.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

static bool has_line(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = list; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (k == n && !memcmp(l, name, n))
			return true;
		l += k + (l[k] == '\n');
	}
	return false;
}

/* Marks in @has which of @names property list @props sets; true when all are. */
static bool mark_props(const char *props, const char *const *names, size_t n, bool *has)
{
	bool all = true;

	for (size_t i = 0; i < n; i++) {
		has[i] = has[i] || has_line(props, names[i]);
		all = all && has[i];
	}
	return all;
}

typedef bool (*block_fn)(const struct board_props *bp, void *arg);

/* @fn on the blocks under @key that a build reads with file @fid, until it returns true. */
static bool each_chained(const struct board_index *b, const struct hmap *m, const char *key,
			 size_t kn, unsigned fid, block_fn fn, void *arg)
{
	for (const struct board_props *bp = hmap_get_str(m, key, kn); bp; bp = bp->next)
		if (built_together(b, bp->fid, fid) && fn(bp, arg))
			return true;
	return false;
}

/*
 * @fn on each block that sets properties of board node @bn in a file a
 * build reads with its own: a &label { } block of one of its labels, a
 * block reopening its path, and with @ref (a node set in a &ref { } block)
 * the labelled node and the other blocks of that label.  Stops, returning
 * true, when @fn returns true.
 */
static bool each_block(const struct board_index *b, const struct board_node *bn, bool ref,
		       block_fn fn, void *arg)
{
	for (const char *l = bn->labels; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (each_chained(b, &b->overrides, l, k, bn->fid, fn, arg))
			return true;
		l += k + (l[k] == '\n');
	}
	if (bn->path && each_chained(b, &b->paths, bn->path, strlen(bn->path), bn->fid, fn, arg))
		return true;
	return ref && bn->ref &&
	       (each_chained(b, &b->labelled, bn->ref, strlen(bn->ref), bn->fid, fn, arg) ||
		each_chained(b, &b->overrides, bn->ref, strlen(bn->ref), bn->fid, fn, arg));
}

struct marking {
	const char *const *names;
	size_t n;
	bool *has;
};

static bool mark_block(const struct board_props *bp, void *arg)
{
	struct marking *mk = arg;

	return mark_props(bp->props, mk->names, mk->n, mk->has);
}

/*
 * Marks in @has which of @names board node @bn has: its own, or set in a
 * block a build reads with it (each_block).
 */
static void node_has(const struct board_index *b, const struct board_node *bn,
		     const char *const *names, size_t n, bool *has)
{
	struct marking mk = { names, n, has };

	if (!mark_props(bn->props, names, n, has))
		each_block(b, bn, true, mark_block, &mk);
}

/* The value of line "@prop=..." in @lines ("clocks=2\n..."), its length in *@len; or NULL. */
static const char *line_value(const char *lines, const char *prop, size_t *len)
{
	size_t pl = strlen(prop);

	for (const char *l = lines; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (k > pl && l[pl] == '=' && !memcmp(l, prop, pl)) {
			*len = k - pl - 1;
			return l + pl + 1;
		}
		l += k + (l[k] == '\n');
	}
	return NULL;
}

/* The count of phandle list @prop in @counts ("clocks=2\n..."), or 0. */
static unsigned count_in(const char *counts, const char *prop)
{
	size_t len;
	const char *v = line_value(counts, prop, &len);

	return v ? (unsigned)strtoul(v, NULL, 10) : 0;
}

struct folding {
	const char *prop;
	unsigned most;
	bool mixed;	/* two counts differ (a board sets the list again) */
};

static bool fold_block(const struct board_props *bp, void *arg)
{
	struct folding *f = arg;
	unsigned n = count_in(bp->counts, f->prop);

	if (n && f->most && n != f->most)
		f->mixed = true;
	if (n > f->most)
		f->most = n;
	return false;
}

/*
 * The entries board node @bn gives phandle list @prop: the most of its own
 * and of the blocks a build reads with it; *@mixed when they differ (a
 * board sets the list again); 0: none.
 */
static unsigned node_count(const struct board_index *b, const struct board_node *bn,
			   const char *prop, bool *mixed)
{
	struct folding f = { prop, count_in(bn->counts, prop), false };

	each_block(b, bn, true, fold_block, &f);
	*mixed = f.mixed;
	return f.most;
}

/*
 * Calls @fn on each board node with one of our compatibles (generic ones
 * and those without a vendor aside), once: at its list's first string of
 * ours.  Returns how many there are.
 */
static size_t each_device_node(struct conv *cv, void (*fn)(struct conv *, const struct board_node *,
							   void *),
			       void *arg)
{
	struct dtbind_doc2yaml *c = cv->c;
	const char *seen[256];
	size_t nseen = 0, nodes = 0;

	load_boards(cv);
	if (!c->boards.dir)
		return 0;
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t m = 0; m < ch->n; m++) {
			const char *s = ch->s[m];
			bool again = false;

			for (size_t k = 0; k < nseen; k++)
				again = again || !strcmp(seen[k], s);
			/* "cache", "syscon": every such node of the tree, not the device's. */
			if (again || generic_compatible(s) || !strchr(s, ',') ||
			    nseen == ARRAY_SIZE(seen))
				continue;
			seen[nseen++] = s;
			for (const struct board_noderef *r = hmap_get_str(&c->boards.nodes, s, strlen(s));
			     r; r = r->next) {
				const struct board_list *l = r->node->l;
				size_t first = 0;

				while (first < l->n && (!our_compatible(cv, l->s[first]) ||
							generic_compatible(l->s[first]) ||
							!strchr(l->s[first], ',')))
					first++;
				if (first < l->n && strcmp(l->s[first], s))
					continue;
				nodes++;
				fn(cv, r->node, arg);
			}
		}
	}
	return nodes;
}

struct having {
	const char *const *names;
	size_t n;
	size_t *with;
};

static void count_having(struct conv *cv, const struct board_node *bn, void *arg)
{
	struct having *h = arg;
	bool has[32] = { false };

	node_has(&cv->c->boards, bn, h->names, h->n, has);
	for (size_t k = 0; k < h->n; k++)
		h->with[k] += has[k];
}

/* How many of our board nodes there are, and in @with[i] how many have @names[i]. */
static size_t board_nodes_having(struct conv *cv, const char *const *names, size_t n,
				 size_t *with)
{
	struct having h = { names, n, with };

	memset(with, 0, n * sizeof(*with));
	if (n > 32)
		return 0;
	return each_device_node(cv, count_having, &h);
}

/*
 * Do the board nodes with one of our compatibles all lack property @name?
 * *@nodes: how many there are; false when fewer than two.
 */
bool boards_lack_property(struct conv *cv, const char *name, size_t *nodes)
{
	size_t with;

	/* dt-schema takes interrupts-extended for interrupts (its fixup). */
	if (!strcmp(name, "interrupts") && !boards_lack_property(cv, "interrupts-extended", nodes))
		return false;
	*nodes = board_nodes_having(cv, &name, 1, &with);
	return *nodes >= 2 && !with;	/* one board is thin evidence against the text */
}

/*
 * The names list @prop ("clock-names") the board nodes whose compatible
 * list starts with @head agree on, as "a\x1fb\x1f" (arena); NULL when no
 * such node sets it or two disagree.  *@nodes: how many set it.
 */
const char *board_names_of(struct conv *cv, const char *head, const char *prop, size_t *nodes)
{
	const char *common = NULL;
	size_t clen = 0;

	*nodes = 0;
	load_boards(cv);
	if (!cv->c->boards.dir)
		return NULL;
	for (const struct board_noderef *r = hmap_get_str(&cv->c->boards.nodes, head, strlen(head));
	     r; r = r->next) {
		size_t len;
		const char *v;

		if (strcmp(r->node->l->s[0], head) ||
		    !(v = line_value(r->node->names, prop, &len)))
			continue;
		if (common && (len != clen || memcmp(v, common, len)))
			return NULL;
		common = v;
		clen = len;
		++*nodes;
	}
	return common ? cv_strndup(cv, common, clen) : NULL;
}

/*
 * The entries every board node whose list opens with @head gives phandle
 * list @prop; 0: none, or several (across nodes, or a node's own against
 * what a board sets again).
 */
unsigned board_count_of(struct conv *cv, const char *head, const char *prop, size_t *nodes)
{
	const struct board_index *b = &cv->c->boards;
	unsigned common = 0;

	*nodes = 0;
	load_boards(cv);
	if (!b->dir)
		return 0;
	for (const struct board_noderef *r = hmap_get_str(&b->nodes, head, strlen(head)); r;
	     r = r->next) {
		if (strcmp(r->node->l->s[0], head))
			continue;
		bool mixed;
		unsigned n = node_count(b, r->node, prop, &mixed);

		if (!n)
			continue;
		if (mixed || (common && n != common))
			return 0;
		common = n;
		++*nodes;
	}
	return common;
}

struct count_max {
	const char *prop;
	unsigned most, least;
};

static void note_count(struct conv *cv, const struct board_node *bn, void *arg)
{
	struct count_max *cm = arg;
	bool mixed;
	unsigned n = node_count(&cv->c->boards, bn, cm->prop, &mixed);

	if (n > cm->most)
		cm->most = n;
	if (n && (!cm->least || n < cm->least))
		cm->least = n;
}

/* The most entries any of our board nodes gives phandle list @prop, and in *@least the fewest; 0: none. */
unsigned board_count_max(struct conv *cv, const char *prop, unsigned *least)
{
	struct count_max cm = { prop, 0, 0 };

	each_device_node(cv, note_count, &cm);
	*least = cm.least;
	return cm.most;
}

/*
 * Properties of the consumer families dt-schema checks on every node
 * (power domains, IOMMUs, GPIO line names, ...) that the device's schema
 * must still list.  Texts written before those families had schemas leave
 * them out; a converting developer adds them when dtbs_check names them.
 */
static const char *const board_family_props[] = {
	"power-domains", "iommus", "dma-coherent", "wakeup-source", "gpio-line-names",
	"gpio-reserved-ranges", "gpio-ranges", "resets", "reset-names", "clocks", "clock-names",
	"phys", "phy-names", "nvmem-cells", "nvmem-cell-names", "memory-region", "interconnects",
	"interconnect-names", "#sound-dai-cells", "dmas", "dma-names",
};

static bool pinfo_named(const struct pinfo *pis, size_t np, const char *name)
{
	for (size_t i = 0; i < np; i++)
		if (!strcmp(pis[i].name, name))
			return true;
	return false;
}

struct names_lists {
	const char *prop;
	const char *v[32];	/* each list once, as a DTS value: "a", "b" */
	size_t n;
};

static void collect_names(struct conv *cv, const struct board_node *bn, void *arg)
{
	struct names_lists *nl = arg;
	size_t len;
	const char *v = line_value(bn->names, nl->prop, &len);
	struct strbuf sb;

	if (!v || nl->n == ARRAY_SIZE(nl->v))
		return;
	sb_init(&sb);
	for (const char *p = v, *end = v + len; p < end;) {
		const char *q = memchr(p, '\x1f', (size_t)(end - p));

		if (!q)
			break;
		if (sb.len)
			sb_puts(&sb, ", ");
		sb_putc(&sb, '"');
		sb_putn(&sb, p, (size_t)(q - p));
		sb_putc(&sb, '"');
		p = q + 1;
	}
	for (size_t i = 0; sb.len && i < nl->n; i++)
		if (!strcmp(nl->v[i], sb.buf))
			sb.len = 0;
	if (sb.len)
		nl->v[nl->n++] = cv_strndup(cv, sb.buf, sb.len);
	sb_free(&sb);
}

/* The -names list that goes with @list ("clocks": "clock-names"), or NULL. */
static const char *names_of_list(const char *list)
{
	static const char *const pairs[][2] = {
		{ "clocks", "clock-names" }, { "resets", "reset-names" }, { "phys", "phy-names" },
		{ "dmas", "dma-names" }, { "nvmem-cells", "nvmem-cell-names" },
		{ "interconnects", "interconnect-names" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(pairs); i++)
		if (!strcmp(pairs[i][0], list))
			return pairs[i][1];
	return NULL;
}

/* The names lists our board nodes give @list's -names, as if an example showed them. */
static void board_names_pinfo(struct conv *cv, struct pinfo *pis, size_t *np, size_t cap,
			      const char *list)
{
	struct names_lists nl = { .prop = names_of_list(list) };

	if (!nl.prop || *np == cap || pinfo_named(pis, *np, nl.prop))
		return;
	each_device_node(cv, collect_names, &nl);
	if (!nl.n)
		return;
	struct pinfo *pi = &pis[(*np)++];

	memset(pi, 0, sizeof(*pi));
	pi->name = nl.prop;
	pi->line = cv->compat_line;
	for (size_t i = 0; i < nl.n; i++)
		pi->values[pi->nvalues++] = nl.v[i];
}

/*
 * Add to @pis the family properties board nodes of the device have and
 * neither the text nor its examples name, each with a note.
 */
void board_family_pinfos(struct conv *cv, struct pinfo *pis, size_t *np, size_t cap)
{
	size_t with[ARRAY_SIZE(board_family_props)], nodes;

	if (!cv->chains.n || cv->root_binding)
		return;
	nodes = board_nodes_having(cv, board_family_props, ARRAY_SIZE(board_family_props), with);
	for (size_t i = 0; i < ARRAY_SIZE(board_family_props) && *np < cap; i++) {
		const char *name = board_family_props[i];

		/*
		 * A names list goes with its list, line names with a controller;
		 * one board that uses it is a dtbs_check warning on a schema
		 * without it.
		 */
		if (!with[i] || pinfo_named(pis, *np, name) ||
		    (str_ends_with(name, "-names") && strcmp(name, "gpio-line-names")) ||
		    (starts_with(name, "gpio-") && !pinfo_named(pis, *np, "gpio-controller")))
			continue;
		memset(&pis[*np], 0, sizeof(pis[*np]));
		pis[*np].name = name;
		pis[*np].line = cv->compat_line;
		pis[*np].from_boards = true;
		(*np)++;
		finding(cv, DTBIND_NOTE, cv->compat_line, 1, "doc2yaml-node",
			"'%s' is not in the text, but %zu of the %zu board nodes with these "
			"compatibles %s it: added", name, with[i], nodes, with[i] == 1 ? "has" : "have");
		board_names_pinfo(cv, pis, np, cap, name);
	}
}

/* The device's own properties board nodes set that the text does not name. */
struct other_props {
	const char *name[64];
	size_t len[64], count[64], n;
	bool this_node[64];
};

static void other_props_from(struct other_props *op, const char *props)
{
	for (const char *l = props; l && *l;) {
		size_t k = strcspn(l, "\n"), i;
		bool vendor = memchr(l, ',', k) != NULL;
		bool own = vendor || (k > 7 && !memcmp(l + k - 7, "-supply", 7)) ||
			   (k > 6 && !memcmp(l + k - 6, "-gpios", 6));

		for (i = 0; own && i < op->n; i++)
			if (op->len[i] == k && !memcmp(op->name[i], l, k))
				break;
		if (own && i == op->n && op->n < ARRAY_SIZE(op->name)) {
			op->name[i] = l;
			op->len[i] = k;
			op->count[i] = 0;
			op->this_node[i] = false;
			op->n++;
		}
		if (own && i < op->n && !op->this_node[i]) {
			op->this_node[i] = true;
			op->count[i]++;
		}
		l += k + (l[k] == '\n');
	}
}

static bool other_props_block(const struct board_props *bp, void *arg)
{
	other_props_from(arg, bp->props);
	return false;
}

static void collect_other_props(struct conv *cv, const struct board_node *bn, void *arg)
{
	struct other_props *op = arg;

	for (size_t i = 0; i < op->n; i++)
		op->this_node[i] = false;
	other_props_from(op, bn->props);
	each_block(&cv->c->boards, bn, false, other_props_block, op);
}

/* Is @prop's vendor ("fsl," of "fsl,foo") one of our compatibles'? */
static bool ours_vendor(struct conv *cv, const char *prop)
{
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t m = 0; m < ch->n; m++)
			if (same_vendor(ch->s[m], prop))
				return true;
	}
	return false;
}

void board_other_pinfos(struct conv *cv, struct pinfo *pis, size_t *np, size_t cap)
{
	struct other_props op = { .n = 0 };
	size_t nodes;

	if (!cv->chains.n || cv->root_binding)
		return;
	nodes = each_device_node(cv, collect_other_props, &op);
	for (size_t i = 0; i < op.n && *np < cap; i++) {
		const char *name = cv_strndup(cv, op.name[i], op.len[i]);

		if (!name || !op.count[i] || pinfo_named(pis, *np, name) ||
		    !prop_name_ok(cv, name) || (strchr(name, ',') && !ours_vendor(cv, name)))
			continue;
		struct pinfo *pi = &pis[(*np)++];
		const char *v = hmap_get_str(&cv->c->boards.values, name, strlen(name));

		memset(pi, 0, sizeof(*pi));
		pi->name = name;
		pi->line = cv->compat_line;
		pi->from_boards = true;
		/* A board's value types it as an example's would ("": a flag). */
		if (v) {
			pi->values[0] = *v ? v : NULL;
			pi->nvalues = 1;
		}
		finding(cv, DTBIND_NOTE, cv->compat_line, 1, "doc2yaml-node",
			"'%s' is not in the text, but %zu of the %zu board nodes with these "
			"compatibles %s it: added", name, op.count[i], nodes,
			op.count[i] == 1 ? "has" : "have");
	}
}
