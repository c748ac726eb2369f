// SPDX-License-Identifier: BSD-2-Clause
/*
 * dts.c - the devicetree source parser: dtc 1.6/1.7's grammar, by hand.
 *
 * The lexer follows dtc-lexer.l rule for rule, including its start
 * conditions (names are only lexed after '{', ';' and the /delete-.../
 * keywords, bytes only inside '[...]', numbers everywhere else) and flex's
 * longest-match choice between rules; the state changes on tokens alone, so
 * the token stream does not depend on the parser.  The parser is recursive
 * descent over dtc-parser.y with a bounded depth; after a syntax error it
 * skips to the next ';' and goes on.  Tree building follows dtc's livetree.c
 * (deletions are entries with ->deleted set that a later definition revives
 * in place), and the passes after the parse follow dtc's checks.c fixups in
 * its order: duplicate names, redundant "name" properties, duplicate
 * labels, explicit phandles, phandle references, path references,
 * /omit-if-no-ref/.
 *
 * Out of memory unwinds with longjmp to dts_parse(); everything the parser
 * holds outside the tree's arena is freed there.
 */
#include "dts-private.h"
/* ---- locations and reports ---------------------------------------- */

static const char *intern_file(struct parser *p, const char *file)
{
	if (!file)
		return NULL;
	const char *c = hmap_get_ptr(&p->files, file);

	if (c)
		return c;
	c = need(p, arena_strdup(&p->t->arena, file));
	if (hmap_put_ptr(&p->files, file, (void *)c) < 0)
		oom(p);
	return c;
}

struct dtbind_loc dts_loc_of(struct parser *p, const struct pos *ps)
{
	struct dtbind_loc loc = { .line = ps->line, .col = ps->col };

	if (!ps->src)
		return (struct dtbind_loc){ .file = p->name };
	if (ps->mfile) {
		int64_t l = (int64_t)ps->line + ps->mdelta;

		loc.file = ps->mfile;
		loc.line = l > 0 && l <= UINT32_MAX ? (uint32_t)l : 0;
	} else if (ps->src->map) {
		loc = srcmap_loc(ps->src->map, ps->src->name, ps->line, ps->col);
		loc.file = intern_file(p, loc.file);
	} else {
		loc.file = ps->src->name;
	}
	return loc;
}

void dts_vreport(struct parser *p, struct dtbind_loc loc, const char *rule, const char *node,
		 const char *fmt, va_list ap)
{
	p->t->errors++;
	if (!p->diag)
		return;
	struct dtbind_finding f = {
		.severity = DTBIND_ERROR, .loc = loc, .rule = rule, .node = node,
	};
	va_list ap2;

	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);

	va_end(ap2);
	if (n >= 0) {
		char *buf = malloc((size_t)n + 1);

		if (!buf)
			oom(p);
		vsnprintf(buf, (size_t)n + 1, fmt, ap);
		f.message = buf;
		dtbind_diag_emit(p->diag, &f);
		free(buf);
	}
}

void dts_error_at(struct parser *p, const struct pos *ps, const char *rule, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dts_vreport(p, dts_loc_of(p, ps), rule, NULL, fmt, ap);
	va_end(ap);
}

static void error_loc(struct parser *p, struct dtbind_loc loc, const char *node, const char *fmt,
		      ...) DTBIND_PRINTF(4, 5);

static void error_loc(struct parser *p, struct dtbind_loc loc, const char *node, const char *fmt,
		      ...)
{
	va_list ap;

	va_start(ap, fmt);
	dts_vreport(p, loc, RULE_SEMANTIC, node, fmt, ap);
	va_end(ap);
}

/* ---- after the parse: dtc's checks.c fixups, in its order ---------- */

/* Pre-order over the live tree, then over each orphan's subtree. */
#define for_each_live_node(p, n)						\
	for (struct dt_node *top_ = (p)->t->root, *orph_ = (p)->t->orphans; top_;	\
	     top_ = orph_, orph_ = orph_ ? orph_->next : NULL)			\
		if (!top_->deleted)						\
			for (struct dt_node *n = top_; n; n = dts_walk_next(top_, n))

static const char *path_of(struct parser *p, const struct dt_node *n)
{
	return need(p, (void *)dt_node_path(p->t, n));
}

/* dtc's duplicate_node_names and duplicate_property_names, reported at the later one. */
static void check_duplicates(struct parser *p)
{
	struct hmap seen;

	hmap_init(&seen);
	for_each_live_node(p, n) {
		size_t nc = 0, np = 0;

		for (struct dt_node *c = n->children; c; c = c->next)
			nc++;
		for (struct dt_property *q = n->props; q; q = q->next)
			np++;
		if (nc > 1) {
			hmap_free(&seen);
			for (struct dt_node *c = n->children; c; c = c->next) {
				size_t len = strlen(c->name);

				if (hmap_get_str(&seen, c->name, len))
					error_loc(p, c->loc, path_of(p, c), "duplicate node name");
				else if (!c->deleted && hmap_put_str(&seen, c->name, len, c) < 0)
					oom(p);
			}
		}
		if (np > 1) {
			hmap_free(&seen);
			dt_for_each_prop(n, q) {
				size_t len = strlen(q->name);

				if (hmap_get_str(&seen, q->name, len)) {
					const char *where = need(p, arena_printf(&p->t->arena, "%s:%s",
								path_of(p, n), q->name));

					error_loc(p, q->loc, where, "duplicate property name");
				} else if (hmap_put_str(&seen, q->name, len, q) < 0) {
					oom(p);
				}
			}
		}
	}
	hmap_free(&seen);
}

/*
 * dtc's node_name_chars, node_name_format and property_name_chars, which
 * dtc treats as errors: the tree would not build.
 */
static void check_name_chars(struct parser *p)
{
	static const char node_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+-@";
	static const char prop_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+*#?-";

	for_each_live_node(p, n) {
		if (n->parent) {
			size_t ok = strspn(n->name, node_chars);

			if (n->name[ok])
				error_loc(p, n->loc, path_of(p, n), "Bad character '%c' in node name",
					  n->name[ok]);
			else if (strchr(n->name, '@') && strchr(strchr(n->name, '@') + 1, '@'))
				error_loc(p, n->loc, path_of(p, n),
					  "multiple '@' characters in node name");
		}
		dt_for_each_prop(n, q) {
			size_t ok = strspn(q->name, prop_chars);

			if (q->name[ok]) {
				const char *where = need(p, arena_printf(&p->t->arena, "%s:%s",
									 path_of(p, n), q->name));

				error_loc(p, q->loc, where, "Bad character '%c' in property name",
					  q->name[ok]);
			}
		}
	}
}

/*
 * dtc's name_is_string and name_properties: a "name" property must be one
 * string equal to the node's name without its unit address, and is then
 * redundant: dtc drops it from the tree.
 */
static void check_name_properties(struct parser *p)
{
	for_each_live_node(p, n) {
		struct dt_property *prop = dt_node_prop(n, "name");

		if (!prop)
			continue;
		const char *where = need(p, arena_printf(&p->t->arena, "%s:name", path_of(p, n)));
		size_t base = strcspn(n->name, "@");

		if (!prop->len || prop->val[prop->len - 1] ||
		    memchr(prop->val, '\0', prop->len - 1)) {
			error_loc(p, prop->loc, where, "property is not a string");
		} else if (prop->len != base + 1 || memcmp(prop->val, n->name, base) != 0) {
			error_loc(p, prop->loc, path_of(p, n),
				  "\"name\" property is incorrect (\"%s\" instead of base node name)",
				  (const char *)prop->val);
		} else {
			dts_delete_prop(prop);
		}
	}
}

/* Where a label is: on a node, on a property, or inside a property's value. */
struct label_site {
	const struct dt_node *node;
	const struct dt_property *prop;
	const struct dt_marker *mark;
	struct dtbind_loc loc;
};

struct label_first {
	struct label_site node, prop, mark;	/* the first of each kind in tree order */
};

static const char *site_desc(struct parser *p, const struct label_site *s)
{
	const char *path = path_of(p, s->node);

	if (!s->prop)
		return path;
	return need(p, arena_printf(&p->t->arena, "%s'%s' in %s", s->mark ? "value of " : "",
				    s->prop->name, path));
}

/* Visit every live label site in tree order: node labels, then per property. */
#define for_each_label_site(p, s, body)						\
	for_each_live_node(p, n_) {							\
		for (struct dt_label *l_ = n_->labels; l_; l_ = l_->next) {		\
			struct label_site s = { n_, NULL, NULL, ((struct plabel *)l_)->loc }; \
			const char *name_ = l_->name;					\
			body								\
		}								\
		dt_for_each_prop(n_, q_) {						\
			for (struct dt_label *l_ = q_->labels; l_; l_ = l_->next) {	\
				struct label_site s = { n_, q_, NULL, ((struct plabel *)l_)->loc }; \
				const char *name_ = l_->name;				\
				body							\
			}							\
			for (struct dt_marker *m_ = q_->markers; m_; m_ = m_->next) {	\
				if (m_->type != DT_M_LABEL)				\
					continue;					\
				struct label_site s = { n_, q_, m_, m_->loc };		\
				const char *name_ = m_->ref;				\
				body							\
			}							\
		}								\
	}

/*
 * dtc's duplicate_label: a label names one thing.  The first holder is the
 * first node carrying it in tree order, else the first property, else the
 * first value; every other holder is reported.
 */
static void check_duplicate_labels(struct parser *p)
{
	struct hmap firsts;

	hmap_init(&firsts);
	for_each_label_site(p, s, {
		size_t len = strlen(name_);
		struct label_first *f = hmap_get_str(&firsts, name_, len);

		if (!f) {
			f = alloc(p, sizeof(*f));
			if (hmap_put_str(&firsts, name_, len, f) < 0) {
				hmap_free(&firsts);
				oom(p);
			}
		}
		struct label_site *slot = s.mark ? &f->mark : s.prop ? &f->prop : &f->node;

		if (!slot->node)
			*slot = s;
	})
	for_each_label_site(p, s, {
		struct label_first *f = hmap_get_str(&firsts, name_, strlen(name_));
		const struct label_site *o = f->node.node ? &f->node : f->prop.node ? &f->prop
										      : &f->mark;

		if (o->node != s.node || o->prop != s.prop || o->mark != s.mark)
			error_loc(p, s.loc, NULL, "duplicate label '%s' on %s and %s", name_,
				  site_desc(p, &s), site_desc(p, o));
	})
	hmap_free(&firsts);
}

static void put_be32(uint8_t *at, uint32_t v)
{
	at[0] = (uint8_t)(v >> 24);
	at[1] = (uint8_t)(v >> 16);
	at[2] = (uint8_t)(v >> 8);
	at[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *at)
{
	return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

static bool phandle_valid(uint32_t ph)
{
	return ph != 0 && ph != ~0u;
}

static struct dt_node *by_phandle(struct parser *p, uint32_t ph)
{
	return hmap_get_ptr(&p->phandles, (const void *)(uintptr_t)ph);
}

static void set_phandle(struct parser *p, struct dt_node *n, uint32_t ph)
{
	n->phandle = ph;
	if (hmap_put_ptr(&p->phandles, (const void *)(uintptr_t)ph, n) < 0)
		oom(p);
}

/* dtc's check_phandle_prop(): the explicit phandle in @name, or 0. */
static uint32_t phandle_prop(struct parser *p, struct dt_node *n, const char *name)
{
	struct dt_property *prop = dt_node_prop(n, name);

	if (!prop)
		return 0;
	const char *where = need(p, arena_printf(&p->t->arena, "%s:%s", path_of(p, n), name));

	if (prop->len != 4) {
		error_loc(p, prop->loc, where, "bad length (%u) %s property", prop->len, name);
		return 0;
	}
	for (struct dt_marker *m = prop->markers; m; m = m->next) {
		if (m->type != DT_M_REF_PHANDLE)
			continue;
		/* <&self> asks for a phandle: allocated when references are resolved. */
		if (dts_resolve(p, m->ref) != n)
			error_loc(p, prop->loc, path_of(p, n), "%s is a reference to another node",
				  name);
		return 0;
	}
	uint32_t ph = get_be32(prop->val);

	if (!phandle_valid(ph)) {
		error_loc(p, prop->loc, where, "bad value (0x%x) in %s property", ph, name);
		return 0;
	}
	return ph;
}

static void check_explicit_phandles(struct parser *p)
{
	for_each_live_node(p, n) {
		uint32_t ph = phandle_prop(p, n, "phandle");
		uint32_t lph = phandle_prop(p, n, "linux,phandle");

		if (!ph && !lph)
			continue;
		if (ph && lph && ph != lph)
			error_loc(p, n->loc, path_of(p, n),
				  "mismatching 'phandle' and 'linux,phandle' properties");
		if (!ph)
			ph = lph;
		struct dt_node *other = by_phandle(p, ph);

		if (other && other != n) {
			error_loc(p, n->loc, path_of(p, n), "duplicated phandle 0x%x (seen before at %s)",
				  ph, path_of(p, other));
			continue;
		}
		set_phandle(p, n, ph);
	}
}

/* dtc's get_node_phandle(): allocate the lowest free phandle from a running counter. */
static uint32_t node_phandle(struct parser *p, struct dt_node *n)
{
	if (phandle_valid(n->phandle))
		return n->phandle;
	while (by_phandle(p, p->next_phandle))
		p->next_phandle++;
	set_phandle(p, n, p->next_phandle);
	if (!dt_node_prop(n, "phandle")) {
		struct dt_property *prop = alloc(p, sizeof(*prop)), **pp = &n->props;
		struct dt_marker *m = alloc(p, sizeof(*m));

		prop->name = "phandle";
		prop->val = alloc(p, 4);
		prop->len = 4;
		put_be32(prop->val, n->phandle);
		m->type = DT_M_U32;
		m->loc = n->loc;
		prop->markers = m;
		/* Generated: it is located at its node. */
		prop->loc = n->loc;
		while (*pp)
			pp = &(*pp)->next;
		*pp = prop;
	}
	return n->phandle;
}

static void ref_error(struct parser *p, const struct dt_marker *m, const struct dt_node *n)
{
	error_loc(p, m->loc, path_of(p, n), "reference to non-existent node or label '%s'",
		  dts_written_ref(p, m->ref));
}

static void fixup_phandle_references(struct parser *p)
{
	for_each_live_node(p, n) {
		dt_for_each_prop(n, prop) {
			for (struct dt_marker *m = prop->markers; m; m = m->next) {
				if (m->type != DT_M_REF_PHANDLE)
					continue;
				struct dt_node *target = dts_resolve(p, m->ref);

				if (!target) {
					if (!p->plugin)
						ref_error(p, m, n);
					else
						put_be32(prop->val + m->offset, ~0u);
					continue;
				}
				put_be32(prop->val + m->offset, node_phandle(p, target));
				target->referenced = true;
			}
		}
	}
}

static void fixup_path_references(struct parser *p)
{
	for_each_live_node(p, n) {
		dt_for_each_prop(n, prop) {
			for (struct dt_marker *m = prop->markers; m; m = m->next) {
				if (m->type != DT_M_REF_PATH)
					continue;
				struct dt_node *target = dts_resolve(p, m->ref);

				if (!target) {
					ref_error(p, m, n);
					continue;
				}
				const char *path = path_of(p, target);
				size_t plen = strlen(path) + 1;

				if (plen > UINT32_MAX - prop->len)
					oom(p);
				uint8_t *val = alloc(p, prop->len + plen);

				if (prop->len) {	/* else prop->val is NULL */
					memcpy(val, prop->val, m->offset);
					memcpy(val + m->offset + plen, prop->val + m->offset,
					       prop->len - m->offset);
				}
				memcpy(val + m->offset, path, plen);
				prop->val = val;
				prop->len += (uint32_t)plen;
				for (struct dt_marker *after = m->next; after; after = after->next)
					after->offset += (uint32_t)plen;
				target->referenced = true;
			}
		}
	}
}

static void drop_omitted(struct parser *p)
{
	for_each_live_node(p, n)
		if (n->omit_if_no_ref && !n->referenced)
			dts_delete_node(n);
}

/* ---- entry point ---------------------------------------------------- */

/* The parse and the passes; out of memory lands back here. */
static int run(struct parser *p, const char *name, const char *text, size_t len,
	       const struct srcmap *map)
{
	struct dt_tree *t = p->t;
	unsigned errors0 = t->errors;

	if (setjmp(p->oom))
		return -DTBIND_ENOMEM;
	p->name = strndup_a(p, name, strlen(name));
	dts_push_source(p, p->name, text, len, NULL)->map = map;
	dts_parse_source(p);
	dts_settle_pending(p, false);
	if (!t->root)
		dts_empty_root(p, &(struct pos){ 0 });
	/* Resolving references in a tree with holes would only add noise. */
	if (!p->syntax_errors && !p->fatal) {
		check_duplicates(p);
		check_name_chars(p);
		check_name_properties(p);
		check_duplicate_labels(p);
		check_explicit_phandles(p);
		fixup_phandle_references(p);
		fixup_path_references(p);
		drop_omitted(p);
	}
	return t->errors != errors0 ? -DTBIND_EPARSE : 0;
}

int dts_parse(struct dt_tree *t, const char *name, const char *text, size_t len,
	      const struct srcmap *map, struct dtbind_diag *diag)
{
	struct parser *p = calloc(1, sizeof(*p));

	if (!p)
		return -DTBIND_ENOMEM;
	p->t = t;
	p->diag = diag;
	p->next_phandle = 1;
	p->state = LS_INITIAL;
	hmap_init(&p->labels);
	hmap_init(&p->files);
	hmap_init(&p->mnames);
	hmap_init(&p->phandles);

	int ret = run(p, name ? name : "<input>", text, len, map);

	dts_free_sources(p);
	free(p->vbuf);
	free(p->pending);
	hmap_free(&p->labels);
	hmap_free(&p->files);
	hmap_free(&p->mnames);
	hmap_free(&p->phandles);
	free(p);
	return ret;
}
