// SPDX-License-Identifier: BSD-2-Clause
/*
 * dt.c - the devicetree model: a tree of nodes and properties allocated in
 * the tree's arena, with dtc's lookups (by label, path and phandle).
 *
 * Deleted nodes and properties stay in their lists with ->deleted set (as in
 * dtc: a later definition revives them in place); lookups skip them.  Walks
 * are iterative through the parent links: trees built by merging can be
 * deeper than any recursion limit we would like to trust.
 */
#include <string.h>

#include "dt.h"

void dt_tree_init(struct dt_tree *t)
{
	memset(t, 0, sizeof(*t));
	arena_init(&t->arena, 0);
}

void dt_tree_release(struct dt_tree *t)
{
	if (!t)
		return;
	arena_release(&t->arena);
	memset(t, 0, sizeof(*t));
}

struct dt_node *dt_node_new(struct dt_tree *t, const char *name, struct dtbind_loc loc)
{
	struct dt_node *n = arena_alloc(&t->arena, sizeof(*n));

	if (!n)
		return NULL;
	n->name = arena_strdup(&t->arena, name ? name : "");
	if (!n->name)
		return NULL;
	n->loc = loc;
	return n;
}

void dt_node_add_child(struct dt_node *parent, struct dt_node *child)
{
	struct dt_node **pp = &parent->children;

	while (*pp)
		pp = &(*pp)->next;
	child->next = NULL;
	child->parent = parent;
	*pp = child;
}

struct dt_node *dt_node_child(const struct dt_node *n, const char *name)
{
	dt_for_each_child(n, c)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

struct dt_property *dt_node_prop(const struct dt_node *n, const char *name)
{
	dt_for_each_prop(n, p)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

struct dt_property *dt_node_set_prop(struct dt_tree *t, struct dt_node *n, const char *name,
				     const void *val, uint32_t len, struct dtbind_loc loc)
{
	struct dt_property *p = dt_node_prop(n, name);
	uint8_t *copy = NULL;

	if (len) {
		copy = arena_alloc(&t->arena, len);
		if (!copy)
			return NULL;
		memcpy(copy, val, len);
	}
	if (!p) {
		struct dt_property **pp = &n->props;

		p = arena_alloc(&t->arena, sizeof(*p));
		if (!p)
			return NULL;
		p->name = arena_strdup(&t->arena, name);
		if (!p->name)
			return NULL;
		while (*pp)
			pp = &(*pp)->next;
		*pp = p;
	}
	p->val = copy;
	p->len = len;
	p->markers = NULL;	/* they described the old value */
	p->loc = loc;
	return p;
}

struct dt_node *dt_next_live(const struct dt_node *top, const struct dt_node *n, bool skip)
{
	if (!skip)
		dt_for_each_child(n, c)
			return c;
	for (; n && n != top; n = n->parent)
		for (struct dt_node *s = n->next; s; s = s->next)
			if (!s->deleted)
				return s;
	return NULL;
}

/* Pre-order walk of the live tree, then of the orphans (nodes outside the tree). */
#define walk_live(t, n)								\
	for (const struct dt_node *top_ = (t)->root, *orph_ = (t)->orphans; top_;	\
	     top_ = orph_, orph_ = orph_ ? orph_->next : NULL)			\
		if (!top_->deleted)						\
			for (const struct dt_node *n = top_; n; n = dt_next_live(top_, n, false))

struct dt_node *dt_find_label(const struct dt_tree *t, const char *label)
{
	walk_live(t, n)
		for (const struct dt_label *l = n->labels; l; l = l->next)
			if (strcmp(l->name, label) == 0)
				return (struct dt_node *)n;
	return NULL;
}

struct dt_node *dt_find_path(const struct dt_tree *t, const char *path)
{
	return dt_find_path_from(t->root, path);
}

struct dt_node *dt_find_path_from(struct dt_node *n, const char *path)
{
	if (!n || n->deleted || !path)
		return NULL;
	for (;;) {
		while (*path == '/')
			path++;
		if (!*path)
			return n;
		size_t len = strcspn(path, "/");
		struct dt_node *next = NULL;

		dt_for_each_child(n, c)
			if (strncmp(c->name, path, len) == 0 && c->name[len] == '\0') {
				next = c;
				break;
			}
		if (!next)
			return NULL;
		n = next;
		path += len;
	}
}

struct dt_node *dt_find_ref(const struct dt_tree *t, const char *ref)
{
	if (ref[0] == '/')
		return dt_find_path(t, ref);
	size_t len = strcspn(ref, "/");

	walk_live(t, n)
		for (const struct dt_label *l = n->labels; l; l = l->next)
			if (strncmp(l->name, ref, len) == 0 && l->name[len] == '\0')
				return ref[len] ? dt_find_path_from((struct dt_node *)n, ref + len)
						: (struct dt_node *)n;
	return NULL;
}

struct dt_node *dt_find_phandle(const struct dt_tree *t, uint32_t phandle)
{
	if (phandle == 0 || phandle == ~0u)
		return NULL;
	walk_live(t, n)
		if (n->phandle == phandle)
			return (struct dt_node *)n;
	return NULL;
}

const char *dt_node_path(struct dt_tree *t, const struct dt_node *n)
{
	const struct dt_node *top = n;
	size_t len = 0;

	for (; top->parent; top = top->parent)
		len += 1 + strlen(top->name);
	/*
	 * A node outside the tree (an orphan extension of a plugin) is named
	 * after its target: its subtree's paths start "&label" or "&{/path}".
	 */
	bool orphan = top != t->root && top->name[0];
	bool by_path = top->name[0] == '/';
	size_t head = orphan ? strlen(top->name) + (by_path ? 3 : 1) : 0;

	if (!len && !orphan)
		return "/";
	char *buf = arena_alloc(&t->arena, head + len + 1);

	if (!buf)
		return NULL;
	if (orphan) {
		buf[0] = '&';
		if (by_path) {
			buf[1] = '{';
			memcpy(buf + 2, top->name, head - 3);
			buf[head - 1] = '}';
		} else {
			memcpy(buf + 1, top->name, head - 1);
		}
	}
	char *p = buf + head + len;

	*p = '\0';
	for (const struct dt_node *c = n; c != top; c = c->parent) {
		size_t l = strlen(c->name);

		p -= l;
		memcpy(p, c->name, l);
		*--p = '/';
	}
	return buf;
}
