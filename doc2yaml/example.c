// SPDX-License-Identifier: BSD-2-Clause
/*
 * example.c - example clean-up: device nodes, top level, unit addresses, bus wrappers, labels.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

static bool node_is_ours(struct conv *cv, const struct ditem *n)
{
	const struct ditem *p = node_prop(n, "compatible");
	const char *s[16];
	size_t k;

	if (!p || !p->value)
		return false;
	k = value_strings(cv, p->value, s, 16);
	for (size_t i = 0; i < k; i++)
		if (s[i] && our_compatible(cv, s[i]))
			return true;
	return false;
}

void find_devnodes(struct conv *cv, struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		if (node_is_ours(cv, it))
			vec_push(cv, &cv->devnodes, it);
		else
			find_devnodes(cv, it->children, depth + 1);
	}
}

/* An example item made by the converter (no .txt line of its own). */
struct ditem *mk_item(struct conv *cv, enum ditem_kind kind, const char *name,
			     struct ditem *parent)
{
	struct ditem *it = cv_alloc(cv, sizeof(*it));

	if (!it)
		return NULL;
	it->kind = kind;
	it->name = name;
	it->parent = parent;
	return it;
}

struct ditem *mk_prop(struct conv *cv, const char *name, const char *value,
			     struct ditem *parent)
{
	struct ditem *it = mk_item(cv, DI_PROP, name, parent);

	if (it)
		it->value = value;
	return it;
}

struct ditem *mk_node(struct conv *cv, const char *name, struct ditem *parent)
{
	return mk_item(cv, DI_NODE, name, parent);
}

static void set_parent(struct ditem *list, struct ditem *parent)
{
	for (; list; list = list->next)
		list->parent = parent;
}

/* Prepend "#address-cells = <ac>; #size-cells = <sc>;" unless the node has them. */
void add_cells(struct conv *cv, struct ditem *node, unsigned ac, unsigned sc)
{
	if (!node_prop(node, "#size-cells")) {
		struct ditem *p = mk_prop(cv, "#size-cells", cv_printf(cv, "<%u>", sc), node);

		if (p) {
			p->next = node->children;
			node->children = p;
		}
	}
	if (!node_prop(node, "#address-cells")) {
		struct ditem *p = mk_prop(cv, "#address-cells", cv_printf(cv, "<%u>", ac), node);

		if (p) {
			p->next = node->children;
			node->children = p;
		}
	}
}

/* Replace *@link (a node) by its children; returns the new *link. */
static void unwrap(struct ditem **link, bool keep_props)
{
	struct ditem *n = *link, *after = n->next, **tail = link;
	struct ditem *kids = n->children, *prev = NULL;

	/* Drop properties (they belong to a node the example does not show). */
	for (struct ditem *k = kids; k; k = k->next) {
		if (k->kind == DI_PROP && !keep_props) {
			k->dead = true;
			continue;
		}
		k->parent = NULL;
		(void)prev;
	}
	*tail = kids;
	while (*tail)
		tail = &(*tail)->next;
	*tail = after;
	if (kids && n->lead && !kids->lead)
		kids->lead = n->lead;
}

/* Does a node below @it carry the label @v names ("dsp1" of "dsp1;" or "dsp1")? */
static bool defines_label(const struct ditem *it, const char *v, unsigned depth)
{
	size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		for (size_t l = 0; l < it->nlabels; l++)
			if (strlen(it->labels[l]) == n && !strncmp(it->labels[l], v, n))
				return true;
		if (defines_label(it->children, v, depth + 1))
			return true;
	}
	return false;
}

static bool is_bus_label(const char *ref, const char *bus)
{
	return find_ci(ref, bus) != NULL;
}

/* Root nodes and &label references at the top of an example. */
void fix_top(struct conv *cv, struct example *ex)
{
	for (struct ditem **link = &ex->top; *link;) {
		struct ditem *n = *link;

		if (n->dead || n->kind != DI_NODE) {
			link = &n->next;
			continue;
		}
		if (!strcmp(n->name, "/")) {
			bool has_nodes = false;

			for (struct ditem *k = n->children; k; k = k->next)
				if (k->kind == DI_NODE)
					has_nodes = true;
			if (!has_nodes) {
				n->dead = true;
				link = &n->next;
				continue;
			}
			unwrap(link, false);
			continue;
		}
		/* dt-schema's cpus.yaml requires the container's cells (cpu@N: one cell, no size). */
		if (!strcmp(n->name, "cpus"))
			add_cells(cv, n, 1, 0);
		if (n->name[0] == '&') {
			const char *ref = n->name + 1;
			const char *bus = is_bus_label(ref, "i2c") ? "i2c" :
					  is_bus_label(ref, "spi") ? "spi" :
					  is_bus_label(ref, "mdio") ? "mdio" : NULL;

			if (bus) {
				/* The device's bus: a plain bus node the example can hold. */
				n->name = bus;
				for (struct ditem *k = n->children; k; k = k->next)
					if (k->kind == DI_PROP)
						k->dead = true;
				add_cells(cv, n, 1, 0);
				n->nlabels = 0;
				link = &n->next;
				continue;
			}
			unwrap(link, false);
			continue;
		}
		link = &n->next;
	}
	/*
	 * An alias is a path ("ethernet0 = &sxgbe0;"): one written as a phandle
	 * cell ("<&sxgbe0>"), which dt-schema's aliases schema rejects, goes,
	 * and the aliases node with it when none is left.
	 */
	bool has_nodes = false;

	for (struct ditem *k = ex->top; k; k = k->next) {
		if (k->dead || k->kind != DI_NODE || strcmp(k->name, "aliases"))
			continue;
		bool left = false;

		for (struct ditem *a = k->children; a; a = a->next) {
			if (a->dead)
				continue;
			if (a->kind == DI_PROP && (!a->value || (a->value[0] != '&' && a->value[0] != '"')))
				a->dead = true;
			/* "rproc1 = &dsp1;" to a node the example does not have */
			else if (a->kind == DI_PROP && a->value[0] == '&' && a->value[1] != '{' &&
				 !defines_label(ex->top, a->value + 1, 0))
				a->dead = true;
			else
				left = true;
		}
		if (!left)
			k->dead = true;
	}
	/* Properties at the top level (a board's root compatible) say nothing here. */
	for (struct ditem *k = ex->top; k; k = k->next)
		if (!k->dead && k->kind == DI_NODE)
			has_nodes = true;
	if (!has_nodes)
		for (struct ditem *k = ex->top; k; k = k->next)
			k->dead = true;
}

static bool same_node_name(const struct ditem *a, const struct ditem *b)
{
	return a->kind == DI_NODE && b->kind == DI_NODE && !a->dead && !b->dead &&
	       !strcmp(a->name, b->name);
}

/* Siblings of the same name are one node to dtc: merge them (later properties win). */
void merge_dups(struct conv *cv, struct ditem *list, unsigned depth)
{
	if (depth > MAX_NESTING)
		return;
	for (struct ditem *a = list; a; a = a->next) {
		if (a->dead)
			continue;
		if (a->kind == DI_PROP) {
			for (struct ditem *b = a->next; b; b = b->next)
				if (!b->dead && b->kind == DI_PROP && !strcmp(a->name, b->name)) {
					a->dead = true;
					break;
				}
			continue;
		}
		for (struct ditem *b = a->next; b; b = b->next) {
			if (!same_node_name(a, b))
				continue;
			struct ditem **tail = &a->children;

			while (*tail)
				tail = &(*tail)->next;
			*tail = b->children;
			set_parent(b->children, a);
			for (size_t l = 0; l < b->nlabels && a->nlabels < ARRAY_SIZE(a->labels); l++) {
				bool have = false;

				for (size_t m = 0; m < a->nlabels; m++)
					if (!strcmp(a->labels[m], b->labels[l]))
						have = true;
				if (!have)
					a->labels[a->nlabels++] = b->labels[l];
			}
			b->children = NULL;
			b->dead = true;
		}
		merge_dups(cv, a->children, depth + 1);
	}
}

/*
 * A node name with a character dtc refuses ("cooling-fan#8-data": only
 * letters, digits and ",._+-" around the '@'): '-' for it, as the binding's
 * own words would be written today.
 */
static void fix_name_chars(struct conv *cv, struct ditem *n, unsigned line)
{
	char *name = cv_strdup(cv, n->name);
	size_t len = 0;
	bool at = false, changed = false;

	if (!name)
		return;
	for (size_t i = 0; n->name[i]; i++) {
		char c = n->name[i];

		if (isalnum((unsigned char)c) || strchr(",._+-", c) || (c == '@' && !at && i)) {
			at |= c == '@';
			name[len++] = c;
			continue;
		}
		changed = true;
		if (!(c == '@' && i && n->name[i - 1] == '@'))	/* "spi@@44a00000": one '@' */
			name[len++] = '-';
	}
	name[len] = '\0';
	if (!changed)
		return;
	finding(cv, DTBIND_NOTE, line, 1, "doc2yaml-example",
		"example node '%s' renamed '%s': dtc allows only letters, digits and ',._+-' in a "
		"node name", n->name, name);
	n->name = name;
}

/*
 * A simple-bus named as its content ("scb", "qman-portals@ff4200000"):
 * dt-schema's simple-bus wants a bus name, and the name says nothing here.
 */
static void fix_bus_name(struct conv *cv, struct ditem *n)
{
	static const char *const names[] = { "bus", "localbus", "soc", "axi", "ahb", "apb" };
	const struct ditem *p = node_prop(n, "compatible");
	const char *s[8];
	size_t k = p && p->value ? value_strings(cv, p->value, s, 8) : 0;
	size_t base = strcspn(n->name, "@");
	bool simple = false;

	for (size_t i = 0; i < k; i++)
		simple |= !strcmp(s[i], "simple-bus");
	if (!simple || (base > 4 && !strncmp(n->name + base - 4, "-bus", 4)))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == base && !strncmp(n->name, names[i], base))
			return;
	n->name = cv_printf(cv, "bus%s", n->name + base);
}

/* Unit addresses that agree with reg (dtc's unit_address_vs_reg and format checks). */
void fix_unit_addresses(struct conv *cv, struct ditem *list, unsigned depth)
{
	if (depth > MAX_NESTING)
		return;
	for (struct ditem *n = list; n; n = n->next) {
		if (n->dead || n->kind != DI_NODE || n->name[0] == '&' || !strcmp(n->name, "/"))
			continue;
		fix_unit_addresses(cv, n->children, depth + 1);
		fix_name_chars(cv, n, n->line);
		fix_bus_name(cv, n);
		const struct ditem *reg = node_prop(n, "reg");
		const char *at = strchr(n->name, '@');
		unsigned ac, sc;
		unsigned long long v[8];
		size_t k;

		parent_cells(n, &ac, &sc);
		if (reg && (k = value_ints(reg->value, v, 8)) >= ac && ac >= 1 && ac <= 2) {
			char unit[40];

			if (ac == 2 && v[0])
				snprintf(unit, sizeof(unit), "%llx,%llx", v[0], v[1]);
			else
				snprintf(unit, sizeof(unit), "%llx", v[ac - 1]);
			if (ac == 2 && v[0])
				snprintf(unit, sizeof(unit), "%llx%08llx", v[0], v[1]);
			if (at && strchr(at, ','))
				continue;	/* "nor@0,0": the bus's own format */
			size_t base = at ? (size_t)(at - n->name) : strlen(n->name);
			const char *name = cv_printf(cv, "%.*s@%s", (int)base, n->name, unit);
			bool taken = false;

			/* fsl-fman: ethernet@e8000 with reg 0xf0000 beside ethernet@f0000 */
			for (const struct ditem *o = list; o && name && !taken; o = o->next)
				taken = o != n && !o->dead && o->kind == DI_NODE &&
					!strcmp(o->name, name);
			if (name && !taken)
				n->name = name;
			continue;
		}
		if (at && !reg) {
			/* No reg: a unit address would be wrong; leading zeros still go. */
			const char *u = at + 1;
			bool hex = *u != '\0';

			for (const char *q = u; *q; q++)
				if (!isxdigit((unsigned char)*q))
					hex = false;
			if (hex && (u[0] == '0' && u[1])) {
				unsigned long long x = strtoull(u, NULL, 16);

				n->name = cv_printf(cv, "%.*s@%llx", (int)(at - n->name), n->name, x);
			}
		}
	}
}

/* reg = <0 0xa 0 0xb>: a 64-bit bus; give the node one. */
static bool needs_64bit_bus(const struct ditem *n)
{
	const struct ditem *reg = node_prop(n, "reg");
	unsigned long long v[16];
	size_t k;
	struct vshape sh;

	if (!reg)
		return false;
	value_shape(reg->value, &sh);
	k = value_ints(reg->value, v, 16);
	if (sh.groups == 1 && k == sh.cells && k >= 4 && k % 4 == 0 && v[0] == 0 && v[2] == 0)
		return true;
	if (sh.groups == 1 && k == sh.cells && k == 3 && v[0] == 0)
		return true;	/* <0 addr size>: 2 address cells, 1 size cell */
	if (sh.groups > 1 && sh.max_group == 4 && sh.cells == 4 * sh.groups && k == 4 && v[0] == 0)
		return true;
	return false;
}

/*
 * A unit address of several parts ("switch@2,0", "ethernet@0,0") whose reg
 * is one entry with more cells: the parent's cells.  Five cells under two
 * parts are a PCI function's (3 address cells, 2 size cells); otherwise the
 * reg starts with the parts ("@2,0": <0x2 0x0 0x20000>, 2 and 1).
 */
static bool multipart_unit_cells(const struct ditem *n, unsigned *ac, unsigned *sc)
{
	const struct ditem *reg = node_prop(n, "reg");
	const char *at = strchr(n->name, '@');
	unsigned long long v[8], part[4];
	size_t k, np = 0;
	struct vshape sh;

	if (!reg || !at || !strchr(at, ','))
		return false;
	for (const char *p = at + 1; np < ARRAY_SIZE(part); p++) {
		char *e;

		part[np++] = strtoull(p, &e, 16);
		if (e == p || (*e && *e != ','))
			return false;
		if (!*e)
			break;
		p = e;
	}
	value_shape(reg->value, &sh);
	k = value_ints(reg->value, v, ARRAY_SIZE(v));
	if (sh.groups != 1 || k != sh.cells || k <= np)
		return false;
	if (np == 2 && k == 5) {
		*ac = 3, *sc = 2;
		return true;
	}
	for (size_t i = 0; i < np; i++)
		if (v[i] != part[i])
			return false;
	*ac = (unsigned)np, *sc = (unsigned)(k - np);
	return true;
}

static bool reg_single_cell(const struct ditem *n)
{
	const struct ditem *reg = node_prop(n, "reg");
	struct vshape sh;

	if (!reg)
		return false;
	value_shape(reg->value, &sh);
	return sh.max_group == 1 && !sh.refs;
}

/* Put top-level nodes into a bus node when their reg needs one. */
void wrap_in_bus(struct conv *cv, struct example *ex)
{
	for (struct ditem **link = &ex->top; *link; link = &(*link)->next) {
		struct ditem *n = *link;
		const char *bus = NULL;
		unsigned ac = 1, sc = 0;

		if (n->dead || n->kind != DI_NODE || n->name[0] == '&')
			continue;
		if (needs_64bit_bus(n)) {
			unsigned long long v[4];
			const struct ditem *reg = node_prop(n, "reg");

			bus = "soc";
			ac = 2;
			sc = reg && value_ints(reg->value, v, 4) == 3 ? 1 : 2;
		} else if (multipart_unit_cells(n, &ac, &sc)) {
			bus = ac == 3 && sc == 2 ? "pcie" : "bus";
		} else if (reg_single_cell(n) && node_is_ours(cv, n) && node_prop(n, "spi-max-frequency")) {
			bus = "spi";	/* this example's device is on SPI, whatever else the text allows */
		} else if (reg_single_cell(n) && node_is_ours(cv, n) && (cv->is_i2c || cv->is_spi)) {
			bus = cv->is_spi && !cv->is_i2c ? "spi" : cv->is_i2c ? "i2c" : NULL;
		}
		if (!bus)
			continue;
		struct ditem *b = mk_node(cv, bus, NULL);

		if (!b)
			return;
		b->next = n->next;
		n->next = NULL;
		b->children = NULL;
		add_cells(cv, b, ac, sc);
		append_item(&b->children, n);
		n->parent = b;
		b->lead = n->lead;
		n->lead = NULL;
		b->line = n->line;
		*link = b;
	}
	merge_dups(cv, ex->top, 0);
}

/* ---- labels --------------------------------------------------------- */

static void collect_refs(const char *v, struct hmap *refs, struct conv *cv)
{
	for (const char *p = v; p && *p; p++) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				;
			if (!*p)
				break;
			continue;
		}
		if (*p != '&' || !is_label_char((unsigned char)p[1]))
			continue;
		const char *s = ++p;

		while (is_label_char((unsigned char)*p))
			p++;
		char *l = cv_strndup(cv, s, (size_t)(p - s));

		if (l)
			hmap_put_str(refs, l, strlen(l), (void *)1);
		p--;
	}
}

static void walk_refs(struct conv *cv, const struct ditem *it, struct hmap *refs, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_PROP)
			collect_refs(it->value, refs, cv);
		else
			walk_refs(cv, it->children, refs, depth + 1);
		if (it->name[0] == '&')
			collect_refs(it->name, refs, cv);
	}
}

struct label_ctx {
	struct hmap *refs;	/* referenced anywhere */
	struct hmap *seen;	/* label names in use (earlier examples and this one) */
	struct hmap *here;	/* defined by this example: old -> new */
	struct conv *cv;
	unsigned ex;
};

static void fix_labels_in(struct label_ctx *lc, struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		size_t w = 0;

		for (size_t i = 0; i < it->nlabels; i++) {
			const char *l = it->labels[i];

			if (!l || !hmap_get_str(lc->refs, l, strlen(l)))
				continue;	/* unused: drop */
			if (hmap_get_str(lc->seen, l, strlen(l))) {
				/* Taken by this or an earlier example: the first free "label_N". */
				char *nl = NULL;

				for (unsigned k = lc->ex ? lc->ex : 1; k < lc->ex + 1000; k++) {
					nl = cv_printf(lc->cv, "%s_%u", l, k);
					if (!nl || !hmap_get_str(lc->seen, nl, strlen(nl)))
						break;
				}
				if (!nl)
					continue;
				hmap_put_str(lc->here, l, strlen(l), nl);
				l = nl;
			} else {
				hmap_put_str(lc->here, l, strlen(l), (void *)l);
			}
			hmap_put_str(lc->seen, l, strlen(l), (void *)1);
			it->labels[w++] = l;
		}
		it->nlabels = w;
		if (it->kind == DI_NODE)
			fix_labels_in(lc, it->children, depth + 1);
	}
}

const char *rewrite_value(struct conv *cv, const char *v, rewrite_step step, void *ctx,
				 unsigned line)
{
	struct rewrite rw = { .cv = cv, .value = v, .line = line, .ctx = ctx };
	bool stopped = false;

	sb_init(&rw.sb);
	for (const char *p = v; *p;) {
		const char *s = p;

		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p)
				p++;
		} else if (*p == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			p = e ? e + 2 : p + strlen(p);
		} else {
			if (*p == '<')
				rw.angle++;
			else if (*p == '>' && rw.angle)
				rw.angle--;
			p = step(&rw, p);
			if (!p) {
				stopped = true;
				break;
			}
			if (p != s)
				continue;
			p++;
		}
		sb_putn(&rw.sb, s, (size_t)(p - s));
	}
	const char *r = rw.changed && !stopped ? cv_strndup(cv, rw.sb.buf, rw.sb.len) : NULL;

	sb_free(&rw.sb);
	return r ? r : v;
}

/* Apply @fn to every property value of the live items below @it. */
void rewrite_values(struct conv *cv, struct ditem *it, value_rewriter fn, void *ctx,
			   unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_PROP)
			it->value = fn(cv, it->value, ctx, it->line);
		else
			rewrite_values(cv, it->children, fn, ctx, depth + 1);
	}
}

/* &old to the renamed label (rw->ctx: the hmap of renames). */
static const char *rename_ref_step(struct rewrite *rw, const char *p)
{
	if (*p != '&' || !is_label_char((unsigned char)p[1]))
		return p;
	const char *s = p + 1, *e = s;

	while (is_label_char((unsigned char)*e))
		e++;
	const char *nl = hmap_get_str(rw->ctx, s, (size_t)(e - s));

	if (nl && strlen(nl) != (size_t)(e - s)) {
		sb_putc(&rw->sb, '&');
		sb_puts(&rw->sb, nl);
		rw->changed = true;
	} else {
		sb_putn(&rw->sb, p, (size_t)(e - p));
	}
	return e;
}

/* Rewrite &old references of one example to renamed labels. */
static const char *rename_refs(struct conv *cv, const char *v, void *ctx, unsigned line)
{
	if (!v || !strchr(v, '&'))
		return v;
	return rewrite_value(cv, v, rename_ref_step, ctx, line);
}

void fix_labels(struct conv *cv)
{
	struct hmap refs, seen;

	hmap_init(&seen);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];
		struct hmap here;
		struct label_ctx lc = { &refs, &seen, &here, cv, (unsigned)e };

		if (!ex->keep)
			continue;
		/* Each example stands alone: a label it does not use itself goes. */
		hmap_init(&refs);
		walk_refs(cv, ex->top, &refs, 0);
		hmap_init(&here);
		fix_labels_in(&lc, ex->top, 0);
		rewrite_values(cv, ex->top, rename_refs, &here, 0);
		hmap_free(&here);
		hmap_free(&refs);
	}
	hmap_free(&seen);
}

/* Cells of @n bytes of a cell list: blank-separated tokens, "(A | B)" one. */
static unsigned line_cells(const char *s, size_t n)
{
	unsigned cells = 0, depth = 0;
	bool in = false;

	for (size_t i = 0; i < n; i++) {
		bool blank = (s[i] == ' ' || s[i] == '\t') && !depth;

		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth)
			depth--;
		if (!blank && !in)
			cells++;
		in = !blank;
	}
	return cells;
}

/*
 * "interrupts = <0 23 0x4\n 0 24 0x4\n 0 25 0x4>" (or "interrupts =\n <0 23
 * ..."): one entry per line, as the text lays them out, becomes "<0 23
 * 0x4>,\n<0 24 0x4>, ...".  The
 * wrapper's interrupt controller takes its #interrupt-cells from the first
 * interrupts value on one line (dt-extract-example); one over several lines
 * is skipped and its entries miscounted (usdhi6rol0, davinci_emac, rtc-omap,
 * mpic-timer).  Only when every line has as many cells.
 */
static const char *split_entry_lines(struct conv *cv, const char *v)
{
	const char *lt = v + strspn(v, " \t\n"), *gt = strrchr(v, '>');

	if (*lt != '<' || !gt || *skip_blanks(gt + 1) || strchr(lt + 1, '<') ||
	    memchr(lt, '>', (size_t)(gt - lt)) || !memchr(lt, '\n', (size_t)(gt - lt)) ||
	    strstr(v, "//"))
		return v;
	const char *lines[64], *notes[64];
	size_t len[64], nlen[64], nl = 0;
	unsigned cells = 0;

	for (const char *p = lt + 1; p < gt;) {
		const char *e = memchr(p, '\n', (size_t)(gt - p));
		const char *end = e ? e : gt, *b = p;

		while (b < end && (*b == ' ' || *b == '\t'))
			b++;
		size_t n = (size_t)(end - b), cn;

		while (n && (b[n - 1] == ' ' || b[n - 1] == '\t'))
			n--;
		/* "0 98 0x04   /\* controller interrupt *\/": the entry's comment goes after it. */
		const char *c = memmem(b, n, "/*", 2);
		size_t span = c ? (size_t)(b + n - c) : 0;	/* the comment, "/\*" to the end */

		if (c && (span < 4 || memcmp(b + n - 2, "*/", 2) || memmem(c + 2, span - 4, "/*", 2) ||
			  memmem(c + 2, span - 4, "*/", 2)))
			return v;
		cn = c ? (size_t)(c - b) : n;
		while (cn && (b[cn - 1] == ' ' || b[cn - 1] == '\t'))
			cn--;
		if (cn) {
			unsigned k = line_cells(b, cn);

			if (nl == ARRAY_SIZE(lines) || (cells && k != cells))
				return v;
			cells = k;
			lines[nl] = b;
			len[nl] = cn;
			notes[nl] = c;
			nlen[nl++] = span;
		} else if (c) {
			return v;	/* a comment on a line of its own */
		}
		p = e ? e + 1 : gt;
	}
	if (nl < 2)
		return v;
	struct strbuf sb;

	sb_init(&sb);
	for (size_t i = 0; i < nl; i++) {
		sb_putc(&sb, '<');
		sb_putn(&sb, lines[i], len[i]);
		sb_puts(&sb, i + 1 < nl ? ">," : ">");
		if (notes[i]) {
			sb_putc(&sb, ' ');
			sb_putn(&sb, notes[i], nlen[i]);
		}
		if (i + 1 < nl)
			sb_putc(&sb, '\n');
	}
	const char *r = cv_strndup(cv, sb.buf, sb.len);

	sb_free(&sb);
	return r ? r : v;
}

/*
 * The interrupts below @it as dt-schema's example wrapper can count them:
 * calls with arguments written as their values (interrupt_calls()), one
 * entry a line split into one <> each (split_entry_lines()).
 */
void fix_interrupts_values(struct conv *cv, struct ditem *it, unsigned depth)
{
	for (; it && depth < MAX_NESTING; it = it->next) {
		if (it->dead)
			continue;
		if (it->kind == DI_PROP && it->value && !strcmp(it->name, "interrupts"))
			it->value = split_entry_lines(cv, interrupt_calls(cv, it->value, it->line));
		else if (it->kind == DI_NODE)
			fix_interrupts_values(cv, it->children, depth + 1);
	}
}
