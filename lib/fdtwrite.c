// SPDX-License-Identifier: BSD-2-Clause
/*
 * fdtwrite.c - write a parsed devicetree as a real FDT blob with libfdt's
 * sequential-write API, the way dtc writes it: phandle properties on
 * referenced nodes, and for a /plugin/ tree the fragment@N nodes of its
 * node extensions, __fixups__ for references it cannot resolve and
 * __local_fixups__ for those it can.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "fdtwrite.h"

struct fixup {
	const char *label;
	const char *where;		/* "path:prop:offset" */
	struct fixup *next;
};

/* __local_fixups__ mirrors the tree: per node path, per property, the offsets. */
struct local_fixup {
	const char *path;
	const char *prop;
	uint32_t offset;
	struct local_fixup *next;
};

struct writer {
	struct dt_tree *t;
	void *fdt;
	struct arena *a;
	struct fixup *fixups, **fixups_tail;
	struct local_fixup *locals, **locals_tail;
	struct hmap *paths;		/* path -> node, for locations (may be NULL) */
	unsigned fragments;
	int err;
	bool nospace;			/* the buffer is too small: retry with a bigger one */
};

static void write_local_fixups(struct writer *w);

static void add_fixup(struct writer *w, const char *label, const char *path, const char *prop,
		      uint32_t offset)
{
	struct fixup *f = arena_alloc(w->a, sizeof(*f));

	if (!f || !(f->where = arena_printf(w->a, "%s:%s:%u", path, prop, offset))) {
		w->err = -DTBIND_ENOMEM;
		return;
	}
	f->label = label;
	*w->fixups_tail = f;
	w->fixups_tail = &f->next;
}

static void add_local(struct writer *w, const char *path, const char *prop, uint32_t offset)
{
	struct local_fixup *l = arena_alloc(w->a, sizeof(*l));

	if (!l) {
		w->err = -DTBIND_ENOMEM;
		return;
	}
	l->path = path;
	l->prop = prop;
	l->offset = offset;
	*w->locals_tail = l;
	w->locals_tail = &l->next;
}

static int check(struct writer *w, int ret)
{
	if (ret < 0 && !w->err) {
		w->nospace = ret == -FDT_ERR_NOSPACE;
		w->err = w->nospace ? -DTBIND_ENOMEM : -DTBIND_EINVAL;
	}
	return ret;
}

static void write_node(struct writer *w, struct dt_node *n, const char *name, const char *path,
		       unsigned depth);

static void write_props(struct writer *w, struct dt_node *n, const char *path)
{
	bool has_phandle = false;

	dt_for_each_prop(n, p) {
		/* Fixups exist for plugins only; elsewhere skip the label lookups. */
		for (struct dt_marker *m = w->t->plugin ? p->markers : NULL; m; m = m->next) {
			if (m->type != DT_M_REF_PHANDLE)
				continue;
			struct dt_node *target = dt_find_ref(w->t, m->ref);

			if (target)
				add_local(w, path, p->name, m->offset);
			else if (w->t->plugin)
				add_fixup(w, m->ref, path, p->name, m->offset);
		}
		if (!strcmp(p->name, "phandle") || !strcmp(p->name, "linux,phandle"))
			has_phandle = true;
		check(w, fdt_property(w->fdt, p->name, p->val, (int)p->len));
	}
	if (n->phandle && !has_phandle)
		check(w, fdt_property_u32(w->fdt, "phandle", n->phandle));
}

static void write_node(struct writer *w, struct dt_node *n, const char *name, const char *path,
		       unsigned depth)
{
	if (depth > 256) {
		w->err = -DTBIND_ELIMIT;
		return;
	}
	if (w->paths)
		hmap_put_str(w->paths, path, strlen(path), n);
	check(w, fdt_begin_node(w->fdt, name));
	write_props(w, n, path);
	dt_for_each_child(n, c) {
		const char *cpath = arena_printf(w->a, "%s/%s", strcmp(path, "/") ? path : "", c->name);

		if (!cpath) {
			w->err = -DTBIND_ENOMEM;
			return;
		}
		write_node(w, c, c->name, cpath, depth + 1);
	}
	if (depth == 0) {
		/* Node extensions of labels the plugin does not define: overlay fragments. */
		for (struct dt_node *o = w->t->orphans; o; o = o->next) {
			char *fname = arena_printf(w->a, "fragment@%u", w->fragments++);
			char *fpath = fname ? arena_printf(w->a, "/%s", fname) : NULL;
			char *opath = fpath ? arena_printf(w->a, "%s/__overlay__", fpath) : NULL;

			if (!opath) {
				w->err = -DTBIND_ENOMEM;
				return;
			}
			if (w->paths)
				hmap_put_str(w->paths, fpath, strlen(fpath), o);
			check(w, fdt_begin_node(w->fdt, fname));
			if (o->name[0] == '/') {
				check(w, fdt_property_string(w->fdt, "target-path", o->name));
			} else {
				check(w, fdt_property_u32(w->fdt, "target", 0xffffffff));
				add_fixup(w, o->name, fpath, "target", 0);
			}
			write_node(w, o, "__overlay__", opath, depth + 1);
			check(w, fdt_end_node(w->fdt));
		}
	}
	if (depth == 0 && w->t->plugin && w->fixups) {
		/* One property per label: its "path:prop:offset" strings. */
		check(w, fdt_begin_node(w->fdt, "__fixups__"));
		for (struct fixup *f = w->fixups; f; f = f->next) {
			bool first = true;

			for (struct fixup *g = w->fixups; g != f; g = g->next)
				if (!strcmp(g->label, f->label))
					first = false;
			if (!first)
				continue;
			struct strbuf sb;

			sb_init(&sb);
			for (struct fixup *g = f; g; g = g->next)
				if (!strcmp(g->label, f->label))
					sb_putn(&sb, g->where, strlen(g->where) + 1);
			check(w, fdt_property(w->fdt, f->label, sb_cstr(&sb), (int)sb.len));
			sb_free(&sb);
		}
		check(w, fdt_end_node(w->fdt));
	}
	if (depth == 0 && w->t->plugin && w->locals)
		write_local_fixups(w);
	check(w, fdt_end_node(w->fdt));
}

/* __local_fixups__: the tree of nodes that hold resolved phandle cells. */
static void write_local_level(struct writer *w, const char *path, unsigned depth)
{
	size_t plen = strlen(path);

	if (depth > 256)
		return;
	/* Properties of this node. */
	for (struct local_fixup *l = w->locals; l; l = l->next) {
		if (strcmp(l->path, path))
			continue;
		bool first = true;

		for (struct local_fixup *k = w->locals; k != l; k = k->next)
			if (!strcmp(k->path, path) && !strcmp(k->prop, l->prop))
				first = false;
		if (!first)
			continue;
		struct strbuf sb;

		sb_init(&sb);
		for (struct local_fixup *k = l; k; k = k->next) {
			if (strcmp(k->path, path) || strcmp(k->prop, l->prop))
				continue;
			fdt32_t be = cpu_to_fdt32(k->offset);

			sb_putn(&sb, (const char *)&be, 4);
		}
		check(w, fdt_property(w->fdt, l->prop, sb.buf, (int)sb.len));
		sb_free(&sb);
	}
	/* Child nodes that lead to fixups, in first-seen order. */
	for (struct local_fixup *l = w->locals; l; l = l->next) {
		const char *rest;

		if (!strncmp(l->path, path, plen) && (plen == 1 ? l->path[1] : l->path[plen] == '/'))
			rest = l->path + (plen == 1 ? 1 : plen + 1);
		else
			continue;
		const char *slash = strchr(rest, '/');
		size_t clen = slash ? (size_t)(slash - rest) : strlen(rest);
		char *child = arena_strndup(w->a, rest, clen);
		char *cpath = child ? arena_printf(w->a, "%s/%s", plen == 1 ? "" : path, child) : NULL;
		bool seen = false;

		if (!cpath) {
			w->err = -DTBIND_ENOMEM;
			return;
		}
		for (struct local_fixup *k = w->locals; k != l; k = k->next) {
			size_t cl = strlen(cpath);

			if (!strncmp(k->path, cpath, cl) && (k->path[cl] == '\0' || k->path[cl] == '/'))
				seen = true;
		}
		if (seen)
			continue;
		check(w, fdt_begin_node(w->fdt, child));
		write_local_level(w, cpath, depth + 1);
		check(w, fdt_end_node(w->fdt));
	}
}

static void write_local_fixups(struct writer *w)
{
	check(w, fdt_begin_node(w->fdt, "__local_fixups__"));
	write_local_level(w, "/", 0);
	check(w, fdt_end_node(w->fdt));
}

/*
 * The blob's size without fixups, so that the tree is written once, not
 * again into a buffer twice as large (each try writes all of it).
 */
static size_t estimate(const struct dt_node *n, unsigned depth)
{
	size_t size = 8 + strlen(n->name) + 4 + 4;

	if (depth > 256)
		return size;
	dt_for_each_prop(n, p)
		size += 12 + ((p->len + 3) & ~(size_t)3) + strlen(p->name) + 1;
	dt_for_each_child(n, c)
		size += estimate(c, depth + 1);
	return size;
}

int dt_to_fdt(struct dt_tree *t, struct arena *a, struct hmap *paths, void **blob, size_t *size)
{
	size_t cap = 64 * 1024 + (t->root ? estimate(t->root, 0) * 5 / 4 : 0);

	*blob = NULL;
	*size = 0;
	for (int tries = 0; tries < 16; tries++, cap *= 2) {
		struct writer w = { .t = t, .a = a, .paths = paths };
		void *buf = malloc(cap);

		if (!buf)
			return -DTBIND_ENOMEM;
		w.fdt = buf;
		w.fixups_tail = &w.fixups;
		w.locals_tail = &w.locals;
		/*
		 * libfdt's de-duplication of property names scans the whole
		 * strings block for every property: the writing of a board
		 * went quadratic.  The blob lives only to be decoded again,
		 * so its names are stored once per property instead.
		 */
		check(&w, fdt_create_with_flags(buf, (int)cap, FDT_CREATE_FLAG_NO_NAME_DEDUP));
		for (struct dt_reserve *r = t->reserves; r && !w.err; r = r->next)
			check(&w, fdt_add_reservemap_entry(buf, r->address, r->size));
		check(&w, fdt_finish_reservemap(buf));
		if (!w.err && t->root)
			write_node(&w, t->root, "", "/", 0);
		check(&w, fdt_finish(buf));
		if (!w.err) {
			*blob = buf;
			*size = fdt_totalsize(buf);
			return 0;
		}
		free(buf);
		if (!w.nospace)
			return w.err;
		if (paths) {
			hmap_free(paths);
			hmap_init(paths);
		}
	}
	return -DTBIND_ELIMIT;
}
