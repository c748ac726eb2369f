// SPDX-License-Identifier: BSD-2-Clause
/*
 * print.c - the DTS printer for the cleaned examples.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

void put_indent(struct strbuf *sb, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sb_putc(sb, ' ');
}

void em_nl(struct emitter *em)
{
	sb_putc(&em->sb, '\n');
	if (em->nmap == em->capmap) {
		size_t ncap = em->capmap ? em->capmap * 2 : 256;
		unsigned *nm = realloc(em->map, ncap * sizeof(*nm));

		if (!nm) {
			em->oom = true;
			return;
		}
		em->map = nm;
		em->capmap = ncap;
	}
	em->map[em->nmap++] = em->src;
}

static void print_comment(struct emitter *em, const char *c, unsigned ind)
{
	const char *p = c;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p;

		while (t < p + n && (*t == ' ' || *t == '\t'))
			t++;
		n -= (size_t)(t - p);
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		put_indent(&em->sb, ind + (p != c && *t == '*' ? 1 : 0));
		for (size_t k = 0; k < n; k++)
			sb_putc(&em->sb, t[k] == '\t' ? ' ' : t[k]);
		em_nl(em);
		p = eol ? eol + 1 : NULL;
	}
}

static void print_labels(struct strbuf *sb, const struct ditem *it)
{
	for (size_t i = 0; i < it->nlabels; i++) {
		sb_puts(sb, it->labels[i]);
		sb_puts(sb, ": ");
	}
}

static void print_value(struct emitter *em, const char *v, unsigned align)
{
	const char *p = v;
	bool first = true;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *t = p;

		if (!first) {
			while (t < p + n && (*t == ' ' || *t == '\t'))
				t++;
			n -= (size_t)(t - p);
			em_nl(em);
			put_indent(&em->sb, align);
		}
		while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		for (size_t k = 0; k < n; k++)
			sb_putc(&em->sb, t[k] == '\t' ? ' ' : t[k]);
		first = false;
		p = eol ? eol + 1 : NULL;
	}
}

static void print_items(struct emitter *em, const struct ditem *list, unsigned ind, unsigned depth)
{
	bool any_prop = false, first_node = true;

	if (depth > MAX_NESTING)
		return;
	for (const struct ditem *it = list; it; it = it->next) {
		if (it->dead || it->kind != DI_PROP)
			continue;
		if (it->line)
			em->src = it->line;
		if (it->lead)
			print_comment(em, it->lead, ind);
		put_indent(&em->sb, ind);
		print_labels(&em->sb, it);
		sb_puts(&em->sb, it->name);
		if (it->value) {
			sb_puts(&em->sb, " = ");
			print_value(em, it->value, ind + (unsigned)strlen(it->name) + 3);
		}
		sb_putc(&em->sb, ';');
		if (it->trail) {
			sb_putc(&em->sb, ' ');
			sb_puts(&em->sb, it->trail);
		}
		em_nl(em);
		any_prop = true;
	}
	for (const struct ditem *it = list; it; it = it->next) {
		if (it->dead || it->kind != DI_NODE)
			continue;
		if (it->line)
			em->src = it->line;
		if (any_prop || !first_node)
			em_nl(em);
		first_node = false;
		if (it->lead)
			print_comment(em, it->lead, ind);
		put_indent(&em->sb, ind);
		print_labels(&em->sb, it);
		sb_puts(&em->sb, it->name);
		sb_puts(&em->sb, " {");
		em_nl(em);
		print_items(em, it->children, ind + 4, depth + 1);
		if (it->tail)
			print_comment(em, it->tail, ind + 4);
		put_indent(&em->sb, ind);
		sb_puts(&em->sb, "};");
		if (it->trail) {
			sb_putc(&em->sb, ' ');
			sb_puts(&em->sb, it->trail);
		}
		em_nl(em);
	}
}

static bool example_has_nodes(const struct example *ex)
{
	for (const struct ditem *k = ex->top; k; k = k->next)
		if (!k->dead && k->kind == DI_NODE)
			return true;
	return false;
}

static bool subtree_has(const struct ditem *list, const struct ditem *target, unsigned depth)
{
	for (; list && depth < MAX_NESTING; list = list->next) {
		if (list == target)
			return true;
		if (list->kind == DI_NODE && subtree_has(list->children, target, depth + 1))
			return true;
	}
	return false;
}

void process_examples(struct conv *cv)
{
	struct macro_ctx mc = { .next = 0 };
	bool any_ours = false;

	hmap_init(&mc.unknown);
	sb_init(&mc.names);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		fix_top(cv, ex);
		merge_dups(cv, ex->top, 0);
	}
	for (size_t e = 0; e < cv->examples.n; e++)
		find_devnodes(cv, ((struct example *)cv->examples.v[e])->top, 0);
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		ex->keep = example_has_nodes(ex);
		for (size_t d = 0; d < cv->devnodes.n; d++)
			if (subtree_has(ex->top, cv->devnodes.v[d], 0))
				any_ours = true;
	}
	/* With the device in some examples, the others show consumers: drop them. */
	if (any_ours) {
		for (size_t e = 0; e < cv->examples.n; e++) {
			struct example *ex = cv->examples.v[e];
			bool ours = false;

			for (size_t d = 0; d < cv->devnodes.n; d++)
				if (subtree_has(ex->top, cv->devnodes.v[d], 0))
					ours = true;
			if (!ours)
				ex->keep = false;
		}
	} else if (!cv->chains.n) {
		/* A generic binding: its examples' top-level nodes show the properties. */
		for (size_t e = 0; e < cv->examples.n; e++) {
			struct example *ex = cv->examples.v[e];

			if (!ex->keep)
				continue;
			/*
			 * Not the aliases node beside them (mpic-msgr's); under "cpus",
			 * the cpu nodes (cpufreq texts describe theirs).
			 */
			for (struct ditem *k = ex->top; k; k = k->next) {
				if (k->dead || k->kind != DI_NODE || k->name[0] == '&' ||
				    !strcmp(k->name, "aliases"))
					continue;
				bool cpus = false;

				for (struct ditem *c = k->children; !strcmp(k->name, "cpus") && c;
				     c = c->next)
					if (!c->dead && c->kind == DI_NODE && starts_with(c->name, "cpu@")) {
						vec_push(cv, &cv->devnodes, c);
						cpus = true;
					}
				if (!cpus)
					vec_push(cv, &cv->devnodes, k);
			}
		}
	}
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		if (!ex->keep)
			continue;
		wrap_in_bus(cv, ex);
		fix_unit_addresses(cv, ex->top, 0);
		rewrite_values(cv, ex->top, fix_macros, &mc, 0);
		fix_interrupts_values(cv, ex->top, 0);
	}
	fix_labels(cv);
	if (mc.names.len)
		finding(cv, DTBIND_WARNING, mc.first_line, 1, "doc2yaml-macro",
			"no dt-bindings header found for %s in the example; replaced by numbers "
			"(give the kernel's include directory with -I to keep the names)",
			sb_cstr(&mc.names));
	hmap_free(&mc.unknown);
	sb_free(&mc.names);
}

void print_examples(struct conv *cv)
{
	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];

		if (!ex->keep)
			continue;
		struct emitter em = { .src = ex->line };

		sb_init(&em.sb);
		if (ex->directives) {
			/* #define kept; #include of files the example tree cannot have dropped. */
			for (const char *p = ex->directives; *p;) {
				const char *eol = strchr(p, '\n');
				size_t n = eol ? (size_t)(eol - p) : strlen(p);

				if (starts_with(p, "#include")) {
					const char *lt = strchr(p, '<');

					if (lt && lt < p + n && starts_with(lt + 1, "dt-bindings/")) {
						const char *gt = memchr(lt, '>', (size_t)(p + n - lt));
						const char *h = gt ? cv_strndup(cv, lt + 1,
										(size_t)(gt - lt - 1)) : NULL;

						if (h && header_known(cv, h))
							add_include(cv, h);
					}
				} else {
					sb_putn(&em.sb, p, n);
					em_nl(&em);
				}
				p = eol ? eol + 1 : p + n;
			}
			if (em.sb.len)
				em_nl(&em);
		}
		print_items(&em, ex->top, 0, 0);
		ex->text = cv_strndup(cv, sb_cstr(&em.sb), em.sb.len);
		ex->lmap = cv_alloc(cv, (em.nmap + 1) * sizeof(unsigned));
		if (ex->lmap && em.nmap)
			memcpy(ex->lmap, em.map, em.nmap * sizeof(unsigned));
		ex->nlmap = em.nmap;
		if (em.oom)
			cv->oom = true;
		sb_free(&em.sb);
		free(em.map);
	}
}
