// SPDX-License-Identifier: BSD-2-Clause
/*
 * canon.c - print a devicetree in one canonical text form, from a .dtb (as
 * dtc wrote it) or from dtbind's parse of a .dts, so the two can be diffed.
 *
 *   canon dtb FILE.dtb     the blob, through libfdt
 *   canon dts FILE.dts     dts_parse() straight from the model: a plugin's
 *                          node extensions become fragment@N nodes and its
 *                          references __fixups__ / __local_fixups__, as dtc
 *                          writes them (the writer is not used)
 *   canon fdt FILE.dts     dts_parse() then dt_to_fdt(), printed as a blob
 *
 * Nodes and properties print in their order; values as strings when they
 * look like strings, else as 32-bit cells, else as bytes.  Diagnostics go
 * to stderr; the exit status is 1 when parsing reported errors.
 * Built by tests/dts/compare.sh against build/libdtbind.a.
 */
#define _POSIX_C_SOURCE 200809L
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "dts.h"
#include "fdtwrite.h"

struct cprop {
	const char *name;
	uint8_t *val;
	uint32_t len;
	struct cprop *next;
};

struct cnode {
	const char *name;
	struct cprop *props, **ptail;
	struct cnode *kids, **ktail, *next;
};

static struct arena A;

static void *xalloc(size_t n)
{
	void *p = arena_alloc(&A, n);

	if (!p) {
		fprintf(stderr, "canon: out of memory\n");
		exit(2);
	}
	return p;
}

static struct cnode *cnode(const char *name)
{
	struct cnode *n = xalloc(sizeof(*n));

	n->name = name;
	n->ptail = &n->props;
	n->ktail = &n->kids;
	return n;
}

static void add_kid(struct cnode *parent, struct cnode *kid)
{
	*parent->ktail = kid;
	parent->ktail = &kid->next;
}

static struct cprop *add_prop(struct cnode *n, const char *name, const void *val, uint32_t len)
{
	struct cprop *p = xalloc(sizeof(*p));

	p->name = name;
	p->val = xalloc(len);
	memcpy(p->val, val, len);
	p->len = len;
	*n->ptail = p;
	n->ptail = &p->next;
	return p;
}

/* Append to property @name of @n (created when missing), as dtc's append_to_property(). */
static void append_prop(struct cnode *n, const char *name, const void *val, uint32_t len)
{
	struct cprop *p;

	for (p = n->props; p; p = p->next)
		if (!strcmp(p->name, name))
			break;
	if (!p) {
		add_prop(n, name, val, len);
		return;
	}
	uint8_t *nv = xalloc(p->len + len);

	memcpy(nv, p->val, p->len);
	memcpy(nv + p->len, val, len);
	p->val = nv;
	p->len += len;
}

static struct cnode *kid_named(struct cnode *n, const char *name)
{
	for (struct cnode *k = n->kids; k; k = k->next)
		if (!strcmp(k->name, name))
			return k;
	struct cnode *k = cnode(name);

	add_kid(n, k);
	return k;
}

/* ---- printing ------------------------------------------------------- */

static bool looks_like_strings(const uint8_t *v, uint32_t len)
{
	if (!len || v[len - 1] || !v[0])
		return false;
	for (uint32_t i = 0; i < len; i++) {
		if (!v[i]) {
			if (i + 1 < len && !v[i + 1])
				return false;
		} else if (v[i] < 0x20 || v[i] > 0x7e || v[i] == '"' || v[i] == '\\') {
			return false;
		}
	}
	return true;
}

static void print_value(const uint8_t *v, uint32_t len)
{
	if (!len)
		return;
	fputs(" = ", stdout);
	if (looks_like_strings(v, len)) {
		for (uint32_t i = 0; i < len; i += (uint32_t)strlen((const char *)v + i) + 1)
			printf("%s\"%s\"", i ? ", " : "", (const char *)v + i);
	} else if (len % 4 == 0) {
		putchar('<');
		for (uint32_t i = 0; i < len; i += 4)
			printf("%s0x%08x", i ? " " : "",
			       (unsigned)v[i] << 24 | (unsigned)v[i + 1] << 16 |
			       (unsigned)v[i + 2] << 8 | v[i + 3]);
		putchar('>');
	} else {
		putchar('[');
		for (uint32_t i = 0; i < len; i++)
			printf("%s%02x", i ? " " : "", v[i]);
		putchar(']');
	}
}

static void print_node(const struct cnode *n, int depth)
{
	printf("%*s%s {\n", depth * 4, "", depth ? n->name : "/");
	for (const struct cprop *p = n->props; p; p = p->next) {
		printf("%*s%s", depth * 4 + 4, "", p->name);
		print_value(p->val, p->len);
		fputs(";\n", stdout);
	}
	for (const struct cnode *k = n->kids; k; k = k->next)
		print_node(k, depth + 1);
	printf("%*s};\n", depth * 4, "");
}

/* ---- from a blob ---------------------------------------------------- */

static struct cnode *from_fdt(const void *fdt, int off)
{
	struct cnode *n = cnode(fdt_get_name(fdt, off, NULL));
	int p, c;

	fdt_for_each_property_offset(p, fdt, off) {
		const char *name;
		int len;
		const void *val = fdt_getprop_by_offset(fdt, p, &name, &len);

		add_prop(n, name, val, (uint32_t)len);
	}
	fdt_for_each_subnode(c, fdt, off)
		add_kid(n, from_fdt(fdt, c));
	return n;
}

static int print_blob(const void *fdt, size_t size)
{
	if (fdt_check_header(fdt) || fdt_totalsize(fdt) > size) {
		fprintf(stderr, "canon: not a valid blob\n");
		return 2;
	}
	for (int i = 0; i < fdt_num_mem_rsv(fdt); i++) {
		uint64_t a, s;

		fdt_get_mem_rsv(fdt, i, &a, &s);
		printf("/memreserve/ 0x%llx 0x%llx;\n", (unsigned long long)a,
		       (unsigned long long)s);
	}
	print_node(from_fdt(fdt, 0), 0);
	return 0;
}

/* ---- from the model, writing what dtc adds to a plugin ----------------- */

struct fixups {
	struct dt_tree *t;
	struct cnode *fix, *local;
};

static bool resolves(struct dt_tree *t, const char *ref)
{
	return ref[0] == '/' ? dt_find_path(t, ref) != NULL : dt_find_label(t, ref) != NULL;
}

static void note_refs(struct fixups *fx, const char *path, const struct dt_property *p)
{
	for (const struct dt_marker *m = p->markers; m; m = m->next) {
		if (m->type != DT_M_REF_PHANDLE)
			continue;
		if (!resolves(fx->t, m->ref)) {
			char *e = arena_printf(&A, "%s:%s:%u", path, p->name, m->offset);

			append_prop(fx->fix, m->ref, e, (uint32_t)strlen(e) + 1);
			continue;
		}
		/* __local_fixups__/<path components>/<prop> = offsets */
		struct cnode *n = fx->local;
		char *dup = arena_strdup(&A, path);

		for (char *c = strtok(dup, "/"); c; c = strtok(NULL, "/"))
			n = kid_named(n, c);
		uint8_t be[4] = { (uint8_t)(m->offset >> 24), (uint8_t)(m->offset >> 16),
				  (uint8_t)(m->offset >> 8), (uint8_t)m->offset };

		append_prop(n, p->name, be, 4);
	}
}

static struct cnode *from_model(struct fixups *fx, const struct dt_node *n, const char *name,
				const char *path)
{
	struct cnode *c = cnode(name);

	dt_for_each_prop(n, p) {
		add_prop(c, p->name, p->val, p->len);
		if (fx->t->plugin)
			note_refs(fx, path, p);
	}
	dt_for_each_child(n, k) {
		const char *kp = arena_printf(&A, "%s/%s", strcmp(path, "/") ? path : "", k->name);

		add_kid(c, from_model(fx, k, k->name, kp));
	}
	return c;
}

static int print_model(struct dt_tree *t)
{
	struct fixups fx = { .t = t, .fix = cnode("__fixups__"), .local = cnode("__local_fixups__") };

	for (const struct dt_reserve *r = t->reserves; r; r = r->next)
		printf("/memreserve/ 0x%llx 0x%llx;\n", (unsigned long long)r->address,
		       (unsigned long long)r->size);
	struct cnode *root = from_model(&fx, t->root, "", "/");
	unsigned i = 0;

	for (const struct dt_node *o = t->orphans; o; o = o->next, i++) {
		char *fname = arena_printf(&A, "fragment@%u", i);
		char *fpath = arena_printf(&A, "/%s", fname);
		struct cnode *f = cnode(fname);

		if (o->name[0] == '/') {
			add_prop(f, "target-path", o->name, (uint32_t)strlen(o->name) + 1);
		} else {
			static const uint8_t unresolved[4] = { 0xff, 0xff, 0xff, 0xff };
			char *e = arena_printf(&A, "%s:target:0", fpath);

			add_prop(f, "target", unresolved, 4);
			append_prop(fx.fix, o->name, e, (uint32_t)strlen(e) + 1);
		}
		add_kid(f, from_model(&fx, o, "__overlay__",
				      arena_printf(&A, "%s/__overlay__", fpath)));
		add_kid(root, f);
	}
	if (fx.fix->props)
		add_kid(root, fx.fix);
	if (fx.local->props || fx.local->kids)
		add_kid(root, fx.local);
	print_node(root, 0);
	return 0;
}

int main(int argc, char **argv)
{
	char *buf;
	size_t len;
	int ret;

	if (argc != 3 || (strcmp(argv[1], "dtb") && strcmp(argv[1], "dts") &&
			  strcmp(argv[1], "fdt"))) {
		fprintf(stderr, "usage: canon dtb|dts|fdt FILE\n");
		return 2;
	}
	if (read_file(argv[2], 1u << 30, &buf, &len)) {
		fprintf(stderr, "canon: cannot read %s\n", argv[2]);
		return 2;
	}
	arena_init(&A, 0);
	if (!strcmp(argv[1], "dtb")) {
		ret = print_blob(buf, len);
	} else {
		struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
		struct dt_tree t;

		dt_tree_init(&t);
		ret = dts_parse(&t, argv[2], buf, len, NULL, diag);
		if (ret == 0 && !strcmp(argv[1], "dts")) {
			ret = print_model(&t);
		} else if (ret == 0) {
			void *blob;
			size_t size;

			ret = dt_to_fdt(&t, &t.arena, NULL, &blob, &size);
			if (!ret)
				ret = print_blob(blob, size);
			free(blob);
		}
		ret = ret ? 1 : 0;
		dt_tree_release(&t);
		dtbind_diag_free(diag);
	}
	arena_release(&A);
	free(buf);
	return ret;
}
