// SPDX-License-Identifier: BSD-2-Clause
/*
 * doc2yaml.c - legacy .txt bindings to DT schema.
 *
 * The text is read as lines and cut into sections by its headings
 * ("Required properties:", "Example:", underlined titles, ePAPR
 * "PROPERTIES").  Property sections yield items in any of the usual
 * spellings; example sections yield code blocks, which a tolerant DTS
 * parser turns into trees that are cleaned (labels, unit addresses, bus
 * wrappers, macros) and printed again.  The schema is built from the items,
 * typed from their text and from the values the examples give them, then
 * emitted as YAML by hand (2-space indentation, quoting only when needed,
 * the kernel's .yamllint rules) with a map from each output line to the
 * .txt line it came from, so that the self-check (lint, in process) can
 * report at the .txt line.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/* Its rules are doc2yaml-* in lib/rules.def. */

/* ------------------------------------------------------------------ */
/* Conversion                                                          */

/* @word in the text (not the examples), as a token: "SPI" but not "GIC_SPI". */
bool text_mentions(const struct conv *cv, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i < cv->nlines; i++) {
		const char *s = cv->lines[i].s;

		if (cv->lines[i].exsec)
			continue;
		for (const char *p = s; (p = find_ci(p, word)) != NULL; p++) {
			bool before = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
			bool after = !(isalnum((unsigned char)p[n]) || p[n] == '_');

			if (before && after)
				return true;
		}
	}
	return false;
}

static void emit_top(struct emitter *em, struct ynode *schema)
{
	for (struct ynode *m = schema->first; m; m = m->next) {
		struct ynode one = *schema;

		one.first = m;
		one.last = m;
		struct ynode *next = m->next;

		m->next = NULL;
		if (strcmp(m->key, "$schema") && strcmp(m->key, "$id"))
			em_nl(em);
		em_node(em, &one, 0, 0);
		m->next = next;
	}
}

int emit_schema(struct conv *cv, struct ynode *schema, struct emitter *em)
{
	sb_init(&em->sb);
	em->src = 1;
	sb_puts(&em->sb, "# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)");
	em_nl(em);
	sb_puts(&em->sb, "%YAML 1.2");
	em_nl(em);
	sb_puts(&em->sb, "---");
	em_nl(em);
	emit_top(em, schema);
	em->src = cv->nlines ? cv->lines[cv->nlines - 1].no : 1;
	sb_puts(&em->sb, "...");
	em_nl(em);
	return em->oom || em->sb.oom ? -DTBIND_ENOMEM : 0;
}

/* Does a main-scope item other than @self have @name? */
static bool item_named(const struct conv *cv, const struct prop *self, const char *name)
{
	for (size_t j = 0; j < cv->props.n; j++) {
		const struct prop *o = cv->props.v[j];

		if (o != self && !o->scope && !strcmp(o->name, name))
			return true;
	}
	return false;
}

/*
 * The standard property @name misspells in a way none is written: '_' for
 * '-' ("clock_names", "#dma_cells"), a plural without its 's' ("#size-cell",
 * "reg-name": only with @plural_slip, an example's, since an item so named
 * may be a property of its own, sti-mailbox's "mbox-name"), one letter off a
 * long standard name ("interrupt-congroller").  NULL when none.
 */
static const char *std_spelling(struct conv *cv, const char *name, bool plural_slip)
{
	char *fixed;
	const char *plural;

	if (is_std_prop(name) || is_vendor_prop(name))
		return NULL;
	if (strchr(name, '_') && (fixed = cv_strdup(cv, name)) != NULL) {
		for (char *u = strchr(fixed, '_'); u; u = strchr(u + 1, '_'))
			*u = '-';
		if (is_std_prop(fixed))
			return fixed;
	}
	if (plural_slip && (str_ends_with(name, "-cell") || str_ends_with(name, "-name")) &&
	    (plural = cv_printf(cv, "%ss", name)) != NULL && is_std_prop(plural))
		return plural;
	return std_prop_one_off(name);
}

/*
 * An example's device node that says "clock_names" where the text's item
 * and the standard say "clock-names" is fixed, with a warning: the schema
 * does not allow the slip, dt_binding_check would fail it.
 */
static void fix_misspelt_example_props(struct conv *cv)
{
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		struct ditem *node = cv->devnodes.v[d];

		for (struct ditem *c = node->children; c; c = c->next) {
			const char *right;

			if (c->kind != DI_PROP || c->dead || item_named(cv, NULL, c->name) ||
			    !(right = std_spelling(cv, c->name, true)) || node_prop(node, right))
				continue;
			finding(cv, DTBIND_WARNING, c->line, 1, "doc2yaml-name",
				"the example's '%s' is written '%s', the standard property", c->name,
				right);
			c->name = right;
		}
	}
}

/* Does a child of a device node of the examples (not the node itself) set @name? */
static bool only_children_set(const struct conv *cv, const char *name)
{
	bool child = false;

	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *node = cv->devnodes.v[d];

		if (node_prop(node, name))
			return false;
		for (const struct ditem *c = node->children; c && !child; c = c->next)
			child = !c->dead && c->kind == DI_NODE && node_prop(c, name);
	}
	return child;
}

/*
 * A vendor's item the examples set only in a child of the device node
 * ("backlight { su1-dev = ...; }" under as3711's properties) is that
 * child's: its description goes there, and the device node does not take it.
 */
static void rescope_child_items(struct conv *cv)
{
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];

		if (pr->scope || pr->pattern || pr->is_node || pr->share || is_std_prop(pr->name) ||
		    !strcmp(pr->name, "compatible") || !only_children_set(cv, pr->name))
			continue;
		pr->scope = ++cv->nscopes;
		/* The items that share its text go with it. */
		for (size_t j = 0; j < cv->props.n; j++) {
			struct prop *o = cv->props.v[j];

			if (o->share == pr)
				o->scope = pr->scope;
		}
	}
}

/* Is @a @b with one character more ("#phys-cells", "#phy-cells")? */
static bool one_char_more(const char *a, const char *b)
{
	size_t i = 0;

	if (strlen(a) != strlen(b) + 1)
		return false;
	while (b[i] && a[i] == b[i])
		i++;
	return !strcmp(a + i + 1, b + i);
}

/*
 * The standard property an item misspells, or NULL: one letter more or less
 * than a standard property the examples' device nodes use and no other item
 * names ("- interrupt:", "- #phys-cells:", "- pinctr-names:" where the
 * example says "interrupts", "#phy-cells", "pinctrl-names"), or "regs" (5
 * files of 6.1, their examples say "reg" or "regs"), the plural of a
 * standard property that is none itself, which the 6.12 conversions call
 * "reg".  And whatever the example says, a slip no standard name makes
 * (std_spelling()).
 */
static const char *misspelt_std_prop(struct conv *cv, const struct prop *pr)
{
	size_t n = strlen(pr->name);
	const char *fixed;

	if (pr->scope || pr->pattern || is_std_prop(pr->name) || is_vendor_prop(pr->name))
		return NULL;
	if (n > 1 && pr->name[n - 1] == 's') {
		const char *singular = cv_strndup(cv, pr->name, n - 1);

		if (singular && is_std_prop(singular) && !item_named(cv, pr, singular))
			return singular;
	}
	if ((fixed = std_spelling(cv, pr->name, false)) != NULL && !item_named(cv, pr, fixed))
		return fixed;
	if (devnodes_use(cv, pr->name))
		return NULL;
	for (size_t d = 0; d < cv->devnodes.n; d++) {
		const struct ditem *node = cv->devnodes.v[d];

		for (const struct ditem *c = node->children; c; c = c->next) {
			if (c->kind != DI_PROP || c->dead || !is_std_prop(c->name) ||
			    item_named(cv, pr, c->name))
				continue;
			if (one_char_more(pr->name, c->name) || one_char_more(c->name, pr->name))
				return c->name;
		}
	}
	return NULL;
}

static void fix_misspelt_props(struct conv *cv)
{
	/* All found before any is renamed: two "- regs:" items (two devices) both are "reg". */
	const char **rights = cv_alloc(cv, (cv->props.n + 1) * sizeof(*rights));

	if (!rights)
		return;
	for (size_t k = 0; k < cv->props.n; k++)
		rights[k] = misspelt_std_prop(cv, cv->props.v[k]);
	for (size_t k = 0; k < cv->props.n; k++) {
		struct prop *pr = cv->props.v[k];
		const char *right = rights[k];

		if (!right)
			continue;
		if (devnodes_use(cv, right))
			finding(cv, DTBIND_WARNING, pr->line, 1, "doc2yaml-name",
				"'%s' is written for '%s', which the example uses", pr->name, right);
		else
			finding(cv, DTBIND_WARNING, pr->line, 1, "doc2yaml-name",
				"'%s' is written for the standard property '%s'", pr->name, right);
		/* The examples' device nodes are renamed with it. */
		for (size_t d = 0; d < cv->devnodes.n; d++) {
			struct ditem *p = node_prop(cv->devnodes.v[d], pr->name);

			if (p && !node_prop(cv->devnodes.v[d], right))
				p->name = right;
		}
		pr->name = right;
	}
}

/*
 * The title: the first line that is not a rule, or the first sentence of a
 * paragraph, or the file's name.  Returns the line the structure starts at
 * (the title's line is one of it when it may be a heading).
 */
static size_t find_title(struct conv *cv)
{
	size_t first = 0;

	while (first < cv->nlines && (cv->lines[first].blank || is_rule_line(&cv->lines[first])))
		first++;
	if (first < cv->nlines) {
		struct heading h;
		const struct line *l = &cv->lines[first];

		if (classify_heading(cv, first, false, &h) && h.kind != SEC_OTHER) {
			cv->title = title_from_path(cv, cv->file);
			cv->title_line = l->no;
		} else if (l->t[0] == '-' && l->t[1] == ' ') {
			cv->title = title_from_path(cv, cv->file);
			cv->title_line = l->no;
		} else if (first + 1 < cv->nlines && !cv->lines[first + 1].blank &&
			   !is_rule_line(&cv->lines[first + 1]) && !strchr("*=#", l->t[0]) &&
			   strlen(l->t) > 50) {
			/* A paragraph, not a heading: its first sentence, and it stays prose. */
			struct strbuf sb;

			sb_init(&sb);
			for (size_t k = first; k < cv->nlines && !cv->lines[k].blank; k++) {
				const char *t = cv->lines[k].t, *dot = strstr(t, ". ");

				if (sb.len)
					sb_putc(&sb, ' ');
				if (!dot && str_ends_with(t, "."))
					dot = t + strlen(t) - 1;
				sb_putn(&sb, t, dot ? (size_t)(dot - t) : strlen(t));
				if (dot)
					break;
			}
			char *sent = (char *)sb_cstr(&sb);
			char *comma = strstr(sent, ", ");

			if (strlen(sent) > 90 && comma)
				*comma = '\0';
			cv->title = clean_title(cv, sent);
			cv->title_line = l->no;
			sb_free(&sb);
		} else {
			/* "*** NOTE ***", "== Introduction ==": a banner, no title; the file's name is. */
			static const char *const banners[] = {
				"note", "notes", "introduction", "overview", "abstract", "summary",
				"description", "warning", "attention", "important",
			};
			char *t = clean_title(cv, l->t);

			cv->title = t && span_in_ci(t, strlen(t), banners, ARRAY_SIZE(banners)) ?
				    title_from_path(cv, cv->file) : t;
			cv->title_line = l->no;
			cv->lines[first].used = true;
			first++;
		}
	}
	return first;
}

/* The maintainers: --maintainer, else MAINTAINERS, else a placeholder. */
static void add_maintainers(struct conv *cv, struct ynode *schema, const char *rel)
{
	struct ynode *maint = yseq(cv, cv->title_line);
	const struct dtbind_doc2yaml_opts *o = &cv->c->opts;

	for (size_t i = 0; i < o->n_maintainers; i++)
		ypush(maint, ystr(cv, o->maintainers[i], 1));
	if (!o->n_maintainers && cv->root) {
		const char *paths[2], *m[8];
		size_t nm;

		load_maintainers_file(cv->c, cv->root);
		paths[0] = cv_printf(cv, "Documentation/devicetree/bindings/%s",
				     cv->txt_rel ? cv->txt_rel : rel);
		paths[1] = cv_printf(cv, "Documentation/devicetree/bindings/%s", rel);
		nm = maintainers_for(cv, paths, 2, m, 4);
		for (size_t i = 0; i < nm; i++)
			ypush(maint, ystr(cv, m[i], 1));
	}
	if (yempty(maint)) {
		ypush(maint, ystr(cv, "FIXME Maintainer Name <fixme@example.com>", 1));
		finding(cv, DTBIND_WARNING, 1, 1, "doc2yaml-maintainer",
			"no maintainer given (--maintainer) or found in MAINTAINERS; "
			"a placeholder is written");
	}
	yset(schema, "maintainers", maint);
}

/* The examples as YAML block texts, each with its map to .txt lines. */
static struct ynode *examples_node(struct conv *cv)
{
	struct ynode *exs = yseq(cv, 1);

	for (size_t e = 0; e < cv->examples.n; e++) {
		struct example *ex = cv->examples.v[e];
		struct strbuf sb;

		if (!ex->keep || !ex->text)
			continue;
		sb_init(&sb);
		/* Every include in the first example: cpp reads them all, once. */
		if (yempty(exs) && cv->n_includes) {
			for (size_t i = 0; i < cv->n_includes; i++)
				sb_printf(&sb, "#include <%s>\n", cv->macro_includes[i]);
			sb_putc(&sb, '\n');
		}
		size_t pre = 0;

		for (size_t i = 0; i < sb.len; i++)
			if (sb.buf[i] == '\n')
				pre++;
		sb_puts(&sb, ex->text);
		struct ynode *t = yn(cv, Y_TEXT, cv_strndup(cv, sb_cstr(&sb), sb.len), ex->line);
		unsigned *lm = cv_alloc(cv, (pre + ex->nlmap + 1) * sizeof(*lm));

		if (t && lm) {
			for (size_t i = 0; i < pre; i++)
				lm[i] = ex->line;
			if (ex->nlmap)
				memcpy(lm + pre, ex->lmap, ex->nlmap * sizeof(*lm));
			t->lmap = lm;
			t->nlmap = pre + ex->nlmap;
		}
		ypush(exs, t);
		sb_free(&sb);
	}
	return exs;
}

/*
 * A pointer stub: a few lines that only send the reader elsewhere ("This
 * file has moved to graph.yaml", "See rs485.yaml", a title and "Please see
 * .../st,stm32-rcc.yaml").  Its conversion would be a schema of nothing,
 * and graph.txt's would shadow the core graph.yaml.  Returns the line of
 * the pointer, or 0.
 */
static unsigned pointer_stub(const struct conv *cv)
{
	unsigned content = 0, at = 0, pointing = 0;

	for (size_t i = 0; i < cv->nlines; i++) {
		const struct line *l = &cv->lines[i];
		const char *t = l->t;

		if (l->blank || is_rule_line(l))
			continue;
		if (++content > 6 || strchr(t, '{') || strchr(t, '"') || find_ci(t, "properties") ||
		    *t == '-' || (*t == '*' && t[1] == ' '))
			return 0;
		if (find_ci(t, "moved to") || find_word(t, "see") || find_word(t, "refer"))
			pointing = l->no;
		/* The file named on that line or the next ("moved to ...:" and a URL). */
		if (pointing && l->no <= pointing + 1 && !at &&
		    (strstr(t, ".yaml") || strstr(t, ".txt") || strstr(t, "://")))
			at = pointing;
	}
	return at;
}

/*
 * dt-schema's core schemas, by path: our embedded set has most; these are
 * the ones of dt-schema 2026.06 it lacks.  A binding with one of their
 * $ids would shadow the core schema for every other binding.
 */
bool core_schema_path(enum dtbind_gen gen, const char *rel)
{
	static const char *const more[] = {
		"access-controller/access-controller-consumer.yaml", "bootph.yaml", "cache.yaml",
		"cpu-map.yaml", "gpio/gpio-nexus-node.yaml", "iommu/iommu-provider.yaml",
		"numa-distance-map-v1.yaml", "opp/opp.yaml", "post-init-providers.yaml",
		"reserved-memory/framebuffer.yaml", "sdram/sdram-consumer.yaml",
		"system-idle-states.yaml", "thermal/thermal.yaml", "trigger/trigger-source.yaml",
		"wakeup-source.yaml",
	};
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "core/%s", rel) >= (int)sizeof(path))
		return false;
	return embedded_find_gen(path, gen) || str_in(rel, more, ARRAY_SIZE(more));
}

static int convert(struct conv *cv, const char *text, size_t len, char **yaml, size_t *yaml_len)
{
	size_t first;
	unsigned stub;

	split_lines(cv, text, len);
	if (cv->oom)
		return -DTBIND_ENOMEM;
	stub = pointer_stub(cv);
	if (stub) {
		finding(cv, DTBIND_NOTE, stub, 1, "doc2yaml-stub",
			"the file only points to another document; nothing to convert, "
			"no schema written");
		return 0;
	}
	first = find_title(cv);
	if (!cv->title || !*cv->title)
		cv->title = title_from_path(cv, cv->file);
	/* A part's heading of a word or two ("RFBI", "DISPC") says whose it is with the text's title. */
	if (cv->c->part_of && *cv->c->part_of) {
		const char *sp = strchr(cv->title, ' ');

		if (!sp || !strchr(sp + 1, ' '))
			cv->title = cv_printf(cv, "%s: %s", cv->c->part_of, cv->title);
	}
	compat_table(cv);
	parse_structure(cv, first);
	cv->is_i2c = text_mentions(cv, "i2c");
	cv->is_spi = text_mentions(cv, "spi");
	collect_examples(cv);
	extract_compatibles(cv);
	if (!cv->chains.n && !cv->root_binding)
		finding(cv, DTBIND_WARNING, cv->compat_line ? cv->compat_line : 1, 1,
			"doc2yaml-compatible", "no compatible string found; the schema has none");
	process_examples(cv);
	/* "Required properties for the root node" of a device the examples show at an address. */
	if (cv->root_binding && cv->devnodes.n) {
		bool at_root = false;

		for (size_t d = 0; d < cv->devnodes.n; d++)
			at_root |= !strcmp(((struct ditem *)cv->devnodes.v[d])->name, "/");
		cv->root_binding = at_root;
	}
	fix_misspelt_props(cv);
	fix_misspelt_example_props(cv);
	rescope_child_items(cv);
	if (!cv->props.n && !cv->chains.n)
		finding(cv, DTBIND_WARNING, 1, 1, "doc2yaml-input",
			"no property list found (no \"Required properties:\" or ePAPR items)");
	if (cv->oom)
		return -DTBIND_ENOMEM;

	/* The schema. */
	struct ynode *schema = ymap(cv, 1);
	const char *rel = relative_id_path(cv);

	if (!schema || !rel)
		return -DTBIND_ENOMEM;
	if (core_schema_path(cv->c->opts.gen, rel)) {
		finding(cv, DTBIND_ERROR, 1, 1, "doc2yaml-output",
			"the schema's $id would be " DT_SCHEMAS "%s#, dt-schema's core schema "
			"of that name, which it would shadow; no schema written (choose another "
			"output name)", rel);
		return 0;
	}
	{
		const char *slash = strchr(rel, '/');

		cv->dir_hint = slash ? cv_strndup(cv, rel, (size_t)(slash - rel)) : NULL;
		cv->id_rel = rel;
		cv->dir_is_top = slash && !strchr(slash + 1, '/');
	}
	yset(schema, "$id", ystr(cv, cv_printf(cv, DT_SCHEMAS "%s#", rel), 1));
	yset(schema, "$schema", ystr(cv, "http://devicetree.org/meta-schemas/core.yaml#", 1));
	yset(schema, "title", ystr(cv, cv->title, cv->title_line));
	add_maintainers(cv, schema, rel);
	/* Its place, before properties; its text once build_device() knows the parts left. */
	struct ynode *dnode = yset(schema, "description", yn(cv, Y_TEXT, "", cv->desc_line));

	fix_example_node_kinds(cv);
	build_device(cv, schema);
	const char *desc = top_description(cv);

	if (desc && dnode)
		dnode->s = desc;
	else
		yremove(schema, "description", NULL);
	complete_examples(cv, schema);
	print_examples(cv);
	struct ynode *exs = examples_node(cv);

	if (!yempty(exs))
		yset(schema, "examples", exs);
	if (cv->oom)
		return -DTBIND_ENOMEM;

	/* Emit. */
	struct emitter em = { .src = 1 };

	if (emit_schema(cv, schema, &em)) {
		sb_free(&em.sb);
		free(em.map);
		return -DTBIND_ENOMEM;
	}
	report_uncovered_parts(cv, em.sb.buf);
	if (!cv->c->opts.no_self_check)
		self_check(cv, schema, rel, &em);
	*yaml = em.sb.buf;
	*yaml_len = em.sb.len;
	free(em.map);
	return cv->oom ? -DTBIND_ENOMEM : 0;
}

void dtbind_doc2yaml_flush(struct dtbind_doc2yaml *c)
{
	if (c && c->ov)
		run_example_checks(c);
}

void dtbind_doc2yaml_set_defer(struct dtbind_doc2yaml *c, bool defer)
{
	c->defer = defer;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

int dtbind_doc2yaml_new(struct dtbind_diag *diag, const struct dtbind_doc2yaml_opts *opts,
			struct dtbind_doc2yaml **out)
{
	struct dtbind_doc2yaml *c = calloc(1, sizeof(*c));

	*out = NULL;
	if (!c)
		return -DTBIND_ENOMEM;
	c->diag = diag;
	if (opts)
		c->opts = *opts;
	hmap_init(&c->macros);
	hmap_init(&c->compat_docs);
	hmap_init(&c->prop_types);
	hmap_init(&c->headers);
	hmap_init(&c->stubs);
	arena_init(&c->macro_arena, 256 * 1024);
	c->ptail = &c->pending;
	*out = c;
	return 0;
}

void dtbind_doc2yaml_free(struct dtbind_doc2yaml *c)
{
	if (!c)
		return;
	run_example_checks(c);
	dtbind_linter_free(c->linter);
	dtbind_diag_free(c->cdiag);
	fs_overlay_free(c->ov);
	free(c->top);
	free(c->check_root);
	free(c->inc_root);
	free(c->maint_path);
	free(c->maint_text);
	maint_index_free(&c->maint);
	hmap_free(&c->macros);
	hmap_free(&c->compat_docs);
	hmap_free(&c->prop_types);
	board_index_free(c);
	free(c->compat_root);
	for (size_t i = 0; i < ARRAY_SIZE(c->root_memo); i++) {
		free(c->root_memo[i].dir);
		free(c->root_memo[i].root);
	}
	hmap_free(&c->headers);
	hmap_free(&c->stubs);
	arena_release(&c->macro_arena);
	free(c);
}

/*
 * bindings_root_above() for @path, asked once per directory: a batch has
 * hundreds of files in each, and each answer costs a realpath() per level.
 */
static char *memo_root_above(struct root_memo *m, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t dl = slash ? (size_t)(slash - path) : 0;
	char *dir = strndup(path, dl);

	/* A directory not made yet may hold a bindings tree once it is. */
	if (!dir || !is_dir(dl ? dir : ".")) {
		free(dir);
		return bindings_root_above(path);
	}
	if (m->dir && !strcmp(m->dir, dir)) {
		free(dir);
	} else {
		free(m->dir);
		free(m->root);
		m->dir = dir;
		m->root = bindings_root_above(path);
	}
	return m->root ? strdup(m->root) : NULL;
}

int dtbind_doc2yaml_convert(struct dtbind_doc2yaml *c, const char *txt_path, const char *text,
			    size_t len, const char *out_path, char **yaml, size_t *yaml_len)
{
	struct conv cv = { .c = c, .file = txt_path };
	char *root = NULL;
	int ret;

	*yaml = NULL;
	*yaml_len = 0;
	arena_init(&cv.a, 64 * 1024);
	sb_init(&cv.desc);
	/* A path in no existing directory (a buffer converted in memory): as it is written. */
	cv.abs_in = txt_path ? abs_path(txt_path) : NULL;
	if (txt_path && !cv.abs_in)
		cv.abs_in = strdup(txt_path);
	cv.abs_out = out_path ? abs_path(out_path) : NULL;
	if (out_path && !cv.abs_out)
		cv.abs_out = strdup(out_path);
	if ((txt_path && !cv.abs_in) || (out_path && !cv.abs_out)) {
		free(cv.abs_in);
		free(cv.abs_out);
		arena_release(&cv.a);
		sb_free(&cv.desc);
		return -DTBIND_ENOMEM;
	}
	if (c->opts.bindings_root)
		root = realpath(c->opts.bindings_root, NULL);
	if (!root && out_path)
		root = memo_root_above(&c->root_memo[0], out_path);
	if (!root && txt_path)
		root = memo_root_above(&c->root_memo[1], txt_path);
	cv.root = root;
	/* The tree's dt-schema generation, chosen on the first tree seen (one linter). */
	if (!c->gen_settled) {
		const char *tree = c->opts.bindings_root ? c->opts.bindings_root : root;
		long v = tree ? dtbind_gen_tree_min_version(tree) : 0;

		c->gen_2026 = c->opts.gen == DTBIND_GEN_2026_06 ||
				(c->opts.gen == DTBIND_GEN_AUTO && v >= 202309);
	}
	if (c->opts.gen == DTBIND_GEN_AUTO && !c->linter && (c->opts.bindings_root || root))
		c->opts.gen = dtbind_gen_choose(c->opts.bindings_root ? c->opts.bindings_root : root,
						DTBIND_GEN_AUTO);
	c->gen_settled = c->gen_settled || c->opts.gen != DTBIND_GEN_AUTO;
	if (root && txt_path) {
		const char *a = cv.abs_in;
		size_t rl = strlen(root);

		if (!strncmp(a, root, rl) && a[rl] == '/')
			cv.txt_rel = cv_strdup(&cv, a + rl + 1);
	}
	ret = convert(&cv, text, len, yaml, yaml_len);
	if (ret || !*yaml) {
		free(*yaml);
		*yaml = NULL;
		*yaml_len = 0;
	}
	sb_free(&cv.desc);
	arena_release(&cv.a);
	free(cv.abs_in);
	free(cv.abs_out);
	free(root);
	return ret;
}

int dtbind_doc2yaml_file(struct dtbind_doc2yaml *c, const char *in, const char *out, FILE *stream,
			 bool force)
{
	char *buf, *yaml;
	size_t len, ylen;
	int ret = read_file(in, 4u << 20, &buf, &len);
	struct dtbind_loc at = { .file = in };

	if (ret) {
		if (ret == -DTBIND_ELIMIT)
			dtbind_diag_report(c->diag, DTBIND_ERROR, at, "doc2yaml-input",
					   "file is larger than 4 MiB");
		else
			dtbind_diag_report(c->diag, DTBIND_ERROR, at, "doc2yaml-input",
					   "cannot read: %s", strerror(errno));
		return ret;
	}
	if (out && !force) {
		struct stat st;

		if (lstat(out, &st) == 0) {
			dtbind_diag_report(c->diag, DTBIND_ERROR, (struct dtbind_loc){ .file = out },
					   "doc2yaml-output", "exists; use --force to replace it");
			free(buf);
			return -DTBIND_EIO;
		}
	}
	/* Parts for other devices go to files of their own beside @out (not on stdout). */
	c->split_parts = out != NULL && !c->opts.no_parts;
	c->nparts = 0;
	ret = dtbind_doc2yaml_convert(c, in, buf, len, out, &yaml, &ylen);
	c->split_parts = false;
	if (ret || !yaml) {
		free(buf);
		return ret;	/* a pointer stub writes nothing */
	}
	if (out) {
		ret = doc2yaml_write_output(c, out, yaml, ylen, force);
		if (!ret)
			ret = convert_parts(c, in, buf, len, out, force);
	} else if (fwrite(yaml, 1, ylen, stream) != ylen || fflush(stream)) {
		ret = -DTBIND_EIO;
	}
	free(buf);
	free(yaml);
	return ret;
}
