// SPDX-License-Identifier: BSD-2-Clause
/*
 * dtschema.c - the processed schema set: every binding of a tree plus the
 * core schemas, checked against their meta-schema, fixed up for decoded
 * data, compiled, with the property type database and an index from
 * compatible strings to the bindings that select them.  Then: validate a
 * decoded devicetree node by node against every schema that selects it,
 * as dt-validate does.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dtschema-private.h"
#include "fixup.h"
#include "vbuild.h"

/*
 * The meta-schema check of the reference: a binding that fails it is left
 * out.  2022.08 checks it against its devicetree meta-schema ($schema);
 * 2026.06 only against JSON Schema 2019-09's own, so a binding that breaks
 * a devicetree rule (lint's finding) is still used for validation.
 */
static bool passes_meta(struct dtbind_dtschemas *s, const struct dtbind_value *root)
{
	const struct dtbind_value *ms = dtbind_value_get(root, "$schema");
	const struct dtbind_schema *meta;
	const char *uri = ms && ms->kind == DTBIND_STRING ? ms->u.str.ptr : NULL;

	if (s->gen == DTBIND_GEN_2026_06)
		uri = "https://json-schema.org/draft/2019-09/schema";
	if (!uri)
		return false;
	if (dtbind_schema_set_get(s->set, uri, &meta))
		return true;	/* no meta-schema to check with: keep the binding */
	return dtbind_schema_validate(meta, root, NULL) == 1;
}


static int add_binding(struct dtbind_dtschemas *s, const char *file, const struct dtbind_value *root)
{
	const struct dtbind_value *id = dtbind_value_get(root, "$id");

	if (!id || id->kind != DTBIND_STRING || root->kind != DTBIND_MAP)
		return 0;
	if (id_taken(s, id->u.str.ptr, file, id->loc))
		return 0;
	if (!passes_meta(s, root)) {
		left_out(s, root->loc, "schema-ignored",
			 "binding left out of validation: it does not pass its meta-schema "
			 "(dtbind lint tells why)");
		return 0;
	}
	struct dtbind_value *fixed = fixup_schema(&s->arena, root, s->gen);
	const char *bid = arena_strdup(&s->arena, id->u.str.ptr);
	const char *bfile = arena_strdup(&s->arena, file);

	if (!fixed || !bid || !bfile)
		return -DTBIND_ENOMEM;
	return push_binding(s, bid, bfile, fixed);
}

/* The generated select: {required: [compatible], properties: {compatible: {contains: {enum}}}}. */
static const struct dtbind_value *generated_enum(const struct dtbind_value *sel)
{
	const struct dtbind_value *req, *props, *compat, *contains, *e;

	if (!sel || sel->kind != DTBIND_MAP || sel->u.map.n != 2)
		return NULL;
	req = dtbind_value_get(sel, "required");
	props = dtbind_value_get(sel, "properties");
	if (!req || req->kind != DTBIND_SEQ || req->u.seq.n != 1 || !props ||
	    props->kind != DTBIND_MAP || props->u.map.n != 1)
		return NULL;
	if (req->u.seq.items[0]->kind != DTBIND_STRING ||
	    strcmp(req->u.seq.items[0]->u.str.ptr, "compatible"))
		return NULL;
	compat = dtbind_value_get(props, "compatible");
	if (!compat || compat->kind != DTBIND_MAP || compat->u.map.n != 1 ||
	    !(contains = dtbind_value_get(compat, "contains")) || contains->kind != DTBIND_MAP ||
	    contains->u.map.n != 1 || !(e = dtbind_value_get(contains, "enum")) ||
	    e->kind != DTBIND_SEQ)
		return NULL;
	for (size_t i = 0; i < e->u.seq.n; i++)
		if (e->u.seq.items[i]->kind != DTBIND_STRING)
			return NULL;
	return e;
}

/* A binding's own select, compiled (and its binding decoded) on first use. */
static int binding_select(struct dtbind_dtschemas *s, struct binding *b)
{
	char uri[4096];

	if (b->select)
		return 0;
	snprintf(uri, sizeof(uri), "%.*s#/select", (int)uri_fragment_offset(b->id), b->id);
	return dtbind_schema_set_get(s->set, uri, &b->select);
}

static int index_binding(struct dtbind_dtschemas *s, size_t i)
{
	struct binding *b = &s->b[i];
	const struct dtbind_value *sel = dtbind_value_get(b->fixed, "select");
	const struct dtbind_value *e;
	int ret;
	if (sel && sel->kind == DTBIND_BOOL) {
		b->select_true = sel->u.b;
		return sel->u.b ? list_push(&s->always, i) : 0;
	}
	if ((e = generated_enum(sel))) {
		for (size_t k = 0; k < e->u.seq.n; k++) {
			const struct dtbind_value *c = e->u.seq.items[k];
			struct index_list *l = hmap_get_str(&s->by_compat, c->u.str.ptr, c->u.str.len);

			if (!l) {
				l = arena_alloc(&s->arena, sizeof(*l));
				if (!l || hmap_put_str(&s->by_compat, c->u.str.ptr, c->u.str.len, l))
					return -DTBIND_ENOMEM;
			}
			if (!l->n || l->v[l->n - 1] != i)
				if ((ret = list_push(l, i)))
					return ret;
		}
		return list_push(&s->by_compat_all, i);
	}
	if ((ret = binding_select(s, b))) {
		if (ret == -DTBIND_ENOMEM)
			return ret;
		dtbind_diag_report(s->diag, DTBIND_WARNING, (struct dtbind_loc){ .file = b->file },
				   "schema-ignored", "cannot use the 'select' of %s: %s", b->id,
				   dtbind_strerror(ret));
		return 0;
	}
	return list_push(&s->always, i);
}

/* The reference's generic pattern for any compatible: not a documentation. */
#define GENERIC_COMPATIBLE "^[a-zA-Z0-9][a-zA-Z0-9,+\\-._]+$"

static void add_doc_pattern(struct dtbind_dtschemas *s, const char *text, size_t len)
{
	const char *err;
	struct dtbind_regex *re = regex_compile(text, len, &err, &s->arena);

	if (!re)
		return;
	if (s->n_doc_patterns == s->cap_doc_patterns) {
		size_t ncap = s->cap_doc_patterns ? s->cap_doc_patterns * 2 : 64;
		struct dtbind_regex **np = realloc(s->doc_patterns, ncap * sizeof(*np));
		const char **nt = np ? realloc(s->doc_pattern_text, ncap * sizeof(*nt)) : NULL;

		if (np)
			s->doc_patterns = np;
		if (!np || !nt) {
			regex_free(re);
			return;
		}
		s->doc_pattern_text = nt;
		s->cap_doc_patterns = ncap;
	}
	s->doc_pattern_text[s->n_doc_patterns] = text;
	s->doc_patterns[s->n_doc_patterns++] = re;
}

/*
 * 2026.06 counts a regex as documentation only when it is anchored at both
 * ends and has no ".+"/".*": a catch-all like '^(?!renesas,.+-.+).+$'
 * documents nothing.  Its generic pattern also allows '/'.
 */
static bool doc_pattern_2026(const char *p)
{
	size_t n = strlen(p);

	return n >= 2 && p[0] == '^' && p[n - 1] == '$' && !strstr(p, ".+") && !strstr(p, ".*") &&
	       strcmp(p, "^[a-zA-Z0-9][a-zA-Z0-9,+\\-._/]+$");
}

static void document(struct dtbind_dtschemas *s, const struct dtbind_value *v, bool pattern)
{
	if (!v || v->kind != DTBIND_STRING)
		return;
	if (s->gen == DTBIND_GEN_2026_06) {
		/* Only the text decides: a 'pattern' without regex syntax is a name. */
		if (!strpbrk(v->u.str.ptr, "^[{($"))
			hmap_put_str(&s->documented, v->u.str.ptr, v->u.str.len, (void *)1);
		else if (doc_pattern_2026(v->u.str.ptr))
			add_doc_pattern(s, v->u.str.ptr, v->u.str.len);
		return;
	}
	/* Strings with regex syntax are patterns, as the reference decides. */
	if (pattern || strpbrk(v->u.str.ptr, "^[{($")) {
		if (strcmp(v->u.str.ptr, GENERIC_COMPATIBLE))
			add_doc_pattern(s, v->u.str.ptr, v->u.str.len);
		return;
	}
	hmap_put_str(&s->documented, v->u.str.ptr, v->u.str.len, (void *)1);
}

/* enum, const and pattern strings under a compatible schema. */
static void document_compatibles(struct dtbind_dtschemas *s, const struct dtbind_value *v,
				 unsigned depth)
{
	if (!v || depth > 64)
		return;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			document_compatibles(s, v->u.seq.items[i], depth + 1);
		return;
	}
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "enum") && m->value->kind == DTBIND_SEQ) {
			for (size_t k = 0; k < m->value->u.seq.n; k++)
				document(s, m->value->u.seq.items[k], false);
		} else if (!strcmp(m->key, "const")) {
			document(s, m->value, false);
		} else if (!strcmp(m->key, "pattern")) {
			document(s, m->value, true);
		} else {
			document_compatibles(s, m->value, depth + 1);
		}
	}
}

/* Every "compatible" schema anywhere in a binding. */
static void find_compatible_schemas(struct dtbind_dtschemas *s, const struct dtbind_value *v,
				    unsigned depth)
{
	if (!v || depth > 64)
		return;
	if (v->kind == DTBIND_SEQ)
		for (size_t i = 0; i < v->u.seq.n; i++)
			find_compatible_schemas(s, v->u.seq.items[i], depth + 1);
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "compatible"))
			document_compatibles(s, m->value, depth + 1);
		else
			find_compatible_schemas(s, m->value, depth + 1);
	}
}

bool dtbind_dtschemas_documented(struct dtbind_dtschemas *s, const char *compatible)
{
	size_t n = strlen(compatible);

	if (s->lazy_documented) {
		/* Checked when the cache was opened: the strings, then the patterns. */
		struct reader r = { s->lazy_documented, (const unsigned char *)s->map + s->map_len, false };
		uint32_t nd = get_u32(&r);

		hmap_reserve(&s->documented, nd);
		for (uint32_t i = 0; i < nd && !r.bad; i++) {
			size_t len;
			const char *c = get_str(&r, &len);

			hmap_put_str(&s->documented, c, len, (void *)1);
		}
		uint32_t np = get_u32(&r);

		for (uint32_t i = 0; i < np && !r.bad; i++) {
			size_t len;
			const char *text = get_str(&r, &len);

			add_doc_pattern(s, text, len);
		}
		s->lazy_documented = NULL;
	}
	if (hmap_get_str(&s->documented, compatible, n))
		return true;
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		if (regex_match(s->doc_patterns[i], compatible, n) == 1)
			return true;
	return false;
}

static void binding_ref(struct dtbind_dtschemas *s, size_t i, struct dtbind_binding_ref *out)
{
	out->id = s->b[i].id;
	out->file = s->b[i].file;
	out->value = binding_value(s, i);
}

size_t dtbind_dtschemas_for_compatible(struct dtbind_dtschemas *s, const char *compatible,
				       struct dtbind_binding_ref *out, size_t max)
{
	const struct index_list *l = compat_bindings(s, compatible, strlen(compatible));

	for (size_t k = 0; l && k < l->n && k < max; k++)
		binding_ref(s, l->v[k], &out[k]);
	return l ? l->n : 0;
}

bool dtbind_dtschemas_binding(struct dtbind_dtschemas *s, const char *uri,
			      struct dtbind_binding_ref *out)
{
	size_t i = binding_by_id(s, uri);

	if (i)
		binding_ref(s, i - 1, out);
	return i != 0;
}

static void reset_bindings(struct dtbind_dtschemas *s)
{
	s->n = 0;
	hmap_free(&s->ids);
	hmap_init(&s->ids);
	s->id_order = NULL;
	s->n_id_order = 0;
	for (size_t i = 0; i < s->by_compat.cap; i++)
		if (s->by_compat.e[i].hash && ((struct index_list *)s->by_compat.e[i].value)->cap)
			free(((struct index_list *)s->by_compat.e[i].value)->v);
	memset(&s->compat_table, 0, sizeof(s->compat_table));
	hmap_free(&s->by_compat);
	hmap_init(&s->by_compat);
	hmap_free(&s->documented);
	hmap_init(&s->documented);
	s->always.n = s->by_compat_all.n = 0;
	dt_types_free(s->types);
	s->types = NULL;
	s->lazy_documented = NULL;
	free(s->cache_path);
	s->cache_path = NULL;
	schema_cache_unmap(s);
}

static int load_source(struct dtbind_dtschemas *s, struct source_file *f);

struct dtbind_dtschemas *dtschemas_new(struct dtbind_diag *diag, enum dtbind_gen gen)
{
	struct dtbind_dtschemas *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	arena_init(&s->arena, 1u << 20);
	s->diag = diag;
	hmap_init(&s->by_compat);
	hmap_init(&s->ids);
	hmap_init(&s->documented);
	s->set = dtbind_schema_set_new(diag);
	if (!s->set || dtbind_dtschemas_configure_set(s->set)) {
		dtbind_dtschemas_free(s);
		return NULL;
	}
	s->gen = gen;
	dtbind_schema_set_generation(s->set, gen);
	dtbind_schema_set_dt_annotations(s->set, true);
	dtbind_schema_set_loader(s->set, schema_cache_loader, s);
	s->load_source = load_source;
	return s;
}

/* Bindings are in from their sources: register them, learn the types, index the selects. */
static int dtschemas_finish(struct dtbind_dtschemas *s)
{
	const struct dtbind_value **roots = calloc(s->n + 1, sizeof(*roots));
	int ret = 0;

	if (!roots)
		return -DTBIND_ENOMEM;
	for (size_t i = 0; i < s->n; i++)
		roots[i] = s->b[i].fixed;
	ret = dt_types_build(&s->types, roots, s->n, s->gen);
	free(roots);
	/* 2026.06: array sizes go where the decoded rows put them, by each property's type. */
	for (size_t i = 0; i < s->n && !ret && s->gen == DTBIND_GEN_2026_06; i++)
		fixup_flat_arrays(&s->arena, (struct dtbind_value *)(uintptr_t)s->b[i].fixed, s->types);
	/* Registered under their $id, $refs resolve to the fixed-up schemas. */
	for (size_t i = 0; i < s->n && !ret; i++)
		/* Compiled on first use: most bindings select nothing in a given tree. */
		ret = dtbind_schema_set_add_value(s->set, s->b[i].fixed, s->b[i].id, NULL);
	for (size_t i = 0; i < s->n && !ret; i++) {
		ret = index_binding(s, i);
		find_compatible_schemas(s, s->b[i].fixed, 0);
	}
	return ret;
}

/* From the cache: only the bindings a lazy $ref could not find are registered now. */
static int dtschemas_finish_cached(struct dtbind_dtschemas *s)
{
	for (size_t i = 0; i < s->n; i++) {
		if (!s->b[i].eager)
			continue;
		const struct dtbind_value *v = binding_value(s, i);
		int ret = v ? dtbind_schema_set_add_value(s->set, v, s->b[i].id, NULL) : 0;

		if (ret)
			return ret;
	}
	return 0;
}

/*
 * One binding file: hashed for the manifest, parsed, checked, fixed up.
 * The schema set keeps the document (the fixed-up copy points into it)
 * without registering it: a $ref to a binding left out (it fails its
 * meta-schema) must not find it, from source as from the cache.
 */
/* One binding file: hashed for the manifest, parsed, checked, fixed up, added. */
static int load_source(struct dtbind_dtschemas *s, struct source_file *f)
{
	struct dtbind_doc *doc;
	char *buf;
	size_t len;
	int ret = 0, loaded;

	/* Read once: the manifest's hash and the parse from the same bytes. */
	if (read_file(f->path, DTBIND_MAX_FILE_SIZE, &buf, &len) == 0) {
		f->hash = hash64(0, buf, len);
		loaded = dtbind_doc_load_string(f->path, buf, len, s->diag, 0, &doc);
		free(buf);
	} else {
		loaded = dtbind_doc_load_file(f->path, s->diag, 0, &doc);	/* says why */
	}
	if (loaded == 0) {
		s->loading = f;
		ret = add_binding(s, f->path, dtbind_doc_root(doc));
		s->loading = NULL;
		if (dtbind_schema_set_keep_doc(s->set, doc) && !ret)
			ret = -DTBIND_ENOMEM;
	}
	return ret;
}

static int load_sources(struct dtbind_dtschemas *s, struct source_file *files, size_t nfiles)
{
	int ret = 0;

	for (size_t i = 0; i < nfiles && !ret; i++)
		ret = load_source(s, &files[i]);
	/* The core schemas: those a tree does not override. */
	const struct embedded_file *ef;

	for (size_t i = 0; !ret && (ef = embedded_next("core/", s->gen, &i));) {
		struct dtbind_doc *doc;
		char name[512];

		snprintf(name, sizeof(name), "<dtbind>/schemas/%s", ef->path);
		if (dtbind_doc_load_string(name, ef->data, ef->len, s->diag, 0, &doc) == 0) {
			ret = add_binding(s, name, dtbind_doc_root(doc));
			if (dtbind_schema_set_keep_doc(s->set, doc) && !ret)
				ret = -DTBIND_ENOMEM;
		}
	}
	return ret;
}

/*
 * typeSize: the cell width an integer array was written with (/bits/ N rides
 * in the value's style; anything else counts as 32 bits, as in dt-schema).
 */
static bool check_type_size(const struct dtbind_value *arg, const struct dtbind_value *inst,
			    char *why, size_t why_size)
{
	if (arg->kind != DTBIND_INT || !arg->u.i || inst->kind != DTBIND_SEQ || !inst->u.seq.n ||
	    inst->u.seq.items[0]->kind != DTBIND_SEQ || !inst->u.seq.items[0]->u.seq.n)
		return true;
	const struct dtbind_value *cell = inst->u.seq.items[0]->u.seq.items[0];
	bool number = cell->kind == DTBIND_INT || cell->kind == DTBIND_FLOAT;
	int64_t size = number && cell->style ? cell->style : 32;

	if (size == arg->u.i)
		return true;
	snprintf(why, why_size, "has %lld-bit cells, %lld-bit cells expected", (long long)size,
		 (long long)arg->u.i);
	return false;
}

int dtbind_dtschemas_configure_set(struct dtbind_schema_set *set)
{
	/* The embedded dt-schema meta-schemas and core schemas answer for their URIs. */
	if (dtbind_schema_set_map_prefix(set, "http://devicetree.org/meta-schemas/",
					 DTBIND_EMBEDDED "meta") ||
	    dtbind_schema_set_map_prefix(set, "http://devicetree.org/schemas/",
					 DTBIND_EMBEDDED "core"))
		return -DTBIND_ENOMEM;
	return dtbind_schema_set_array_keyword(set, "typeSize", check_type_size);
}

int dtbind_dtschemas_load(struct dtbind_diag *diag, const char *bindings_root,
			  struct dtbind_dtschemas **out)
{
	return dtbind_dtschemas_load_cached(diag, bindings_root, NULL, false, DTBIND_GEN_AUTO, out);
}

/* A cache holds one generation's fixed-up schemas: the generation keys it. */
static uint64_t cache_program(enum dtbind_gen gen)
{
	return hash64(schema_cache_program(), dtbind_gen_name(gen), strlen(dtbind_gen_name(gen)));
}

char *dtbind_dtschemas_cache_path(const char *bindings_root, enum dtbind_gen gen)
{
	return schema_cache_default_path(bindings_root,
					 cache_program(dtbind_gen_choose(bindings_root, gen)));
}

static int load_set(struct dtbind_diag *diag, const char *bindings_root, const char *cache,
		    const char *cache_of, bool use_cache, enum dtbind_gen gen,
		    struct dtbind_dtschemas **out)
{
	struct dtbind_dtschemas *s = dtschemas_new(diag, gen);
	struct source_tree tree = { 0 };
	char *path = NULL;
	uint64_t program = 0;
	int ret = -DTBIND_EPARSE;
	enum { FROM_SOURCE, WHOLE_CACHE, INCREMENTAL } how = FROM_SOURCE;

	*out = NULL;
	if (!s)
		return -DTBIND_ENOMEM;
	if (use_cache || cache) {
		bool whole = false;

		program = cache_program(gen);
		path = cache ? strdup(cache)
			     : schema_cache_default_path(cache_of ? cache_of : bindings_root, program);
		/* Files in memory are not the tree's: no cache of them. */
		bool may_write = !cache_of && !fs_overlay_active();

		if (path && !(ret = schema_cache_read(s, path, program, bindings_root, &tree,
						      may_write, &whole)))
			how = whole ? WHOLE_CACHE : INCREMENTAL;
		else
			/* Unusable after all: start again from the sources, with nothing of it. */
			reset_bindings(s);
	}
	if (how == WHOLE_CACHE)
		ret = dtschemas_finish_cached(s);
	else if (how == INCREMENTAL)
		ret = dtschemas_finish(s);
	else {
		if (!tree.collected)
			tree.collect_ret = source_tree_collect(bindings_root, &tree);
		if (!(ret = load_sources(s, tree.files, tree.n)))
			ret = dtschemas_finish(s);
	}
	/*
	 * A fresh result is kept for the next run; a cache that cannot be written
	 * is no error.  Files in memory are not the tree's: no cache of them.
	 */
	if (!ret && how != WHOLE_CACHE && path && !cache_of && !fs_overlay_active() &&
	    !tree.collect_ret && schema_cache_write(s, path, program, bindings_root, &tree) == 0 &&
	    !cache)
		schema_cache_prune();
	source_tree_free(&tree);
	free(path);
	if (ret) {
		dtbind_dtschemas_free(s);
		return ret;
	}
	*out = s;
	return 0;
}

int dtbind_dtschemas_load_cached(struct dtbind_diag *diag, const char *bindings_root,
				 const char *cache, bool use_cache, enum dtbind_gen gen,
				 struct dtbind_dtschemas **out)
{
	gen = dtbind_gen_choose(bindings_root, gen);
	return load_set(diag, bindings_root, cache, NULL, use_cache, gen, out);
}

int dtbind_dtschemas_load_trusted(struct dtbind_diag *diag, const char *bindings_root,
				  const char *cache, enum dtbind_gen gen,
				  struct dtbind_dtschemas **out)
{
	struct dtbind_dtschemas *s;
	int ret;

	gen = dtbind_gen_choose(bindings_root, gen);
	s = dtschemas_new(diag, gen);
	if (!s)
		return -DTBIND_ENOMEM;
	ret = schema_cache_read_trusted(s, cache, cache_program(gen), bindings_root);
	if (!ret)
		ret = dtschemas_finish_cached(s);
	if (!ret) {
		*out = s;
		return 0;
	}
	dtbind_dtschemas_free(s);
	/* Another build's or damaged: made again from the sources, as any cache. */
	return load_set(diag, bindings_root, cache, NULL, true, gen, out);
}

int dtbind_dtschemas_load_from(struct dtbind_diag *diag, const char *bindings_root,
			       const char *cache_of, enum dtbind_gen gen,
			       struct dtbind_dtschemas **out)
{
	/*
	 * The tree's own cache first, brought up to date (quietly: what it says
	 * of the tree's files is said again below): a check of one patch after
	 * another then reads it instead of processing every binding.
	 */
	struct dtbind_diag *quiet = dtbind_diag_new(NULL, DTBIND_FORMAT_GCC);
	struct dtbind_dtschemas *tree = NULL;

	/* The tree's Makefile decides: the copy may hold only the changed files. */
	gen = dtbind_gen_choose(cache_of, gen);
	/* The tree as it is on disk, cached: without the overlay of the copy, if any. */
	struct fs_overlay *was = fs_overlay_use(NULL);

	if (quiet && load_set(quiet, cache_of, NULL, NULL, true, gen, &tree) == 0)
		dtbind_dtschemas_free(tree);
	fs_overlay_use(was);
	dtbind_diag_free(quiet);
	return load_set(diag, bindings_root, NULL, cache_of, true, gen, out);
}

enum dtbind_gen dtbind_dtschemas_generation(const struct dtbind_dtschemas *s)
{
	return s->gen;
}

void dtbind_dtschemas_free(struct dtbind_dtschemas *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->by_compat.cap; i++) {
		if (s->by_compat.e[i].hash) {
			struct index_list *l = s->by_compat.e[i].value;

			if (l->cap)	/* else in the arena: from the cache */
				free(l->v);
		}
	}
	hmap_free(&s->by_compat);
	hmap_free(&s->ids);
	hmap_free(&s->documented);
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		regex_free(s->doc_patterns[i]);
	free(s->doc_patterns);
	free(s->doc_pattern_text);
	free(s->always.v);
	free(s->by_compat_all.v);
	dt_types_free(s->types);
	dtschemas_memo_free(s->memo);
	dtbind_schema_set_free(s->set);
	if (!s->b_in_arena)
		free(s->b);
	free(s->cache_path);
	arena_release(&s->arena);
	schema_cache_unmap(s);
	free(s);
}

const struct dt_types *dtbind_dtschemas_types(const struct dtbind_dtschemas *s)
{
	return s->types;
}

size_t dtbind_dtschemas_count(const struct dtbind_dtschemas *s)
{
	return s->n;
}

int dtbind_dtschemas_memo(struct dtbind_dtschemas *s)
{
	if (!s->memo && !(s->memo = dtschemas_memo_new()))
		return -DTBIND_ENOMEM;
	return 0;
}

/* ---- validation ------------------------------------------------------ */

struct checker {
	struct dtbind_dtschemas *s;
	const struct dtbind_check_opts *opts;
	struct dtbind_diag *diag;
	struct arena *a;
	const struct dtbind_value *node;	/* being checked */
	bool *selected;			/* per binding, reset per node */
	size_t *order;
	unsigned findings;
	struct dtschemas_memo *memo;	/* NULL: validate every node */
};

static bool has_str(const struct dtbind_value *list, const char *s)
{
	if (!list || list->kind != DTBIND_SEQ)
		return false;
	for (size_t i = 0; i < list->u.seq.n; i++)
		if (list->u.seq.items[i]->kind == DTBIND_STRING && !strcmp(list->u.seq.items[i]->u.str.ptr, s))
			return true;
	return false;
}

/* Missing properties are normal in a disabled node (filled in by boards). */
/* A "/required" or "/unevaluatedProperties" segment in an error's schema path. */
static bool missing_kind(const struct dtbind_verror *e)
{
	static const char *const kws[] = { "required", "unevaluatedProperties" };
	const char *p = e->schema_path ? strchr(e->schema_path, '#') : NULL;

	for (size_t k = 0; p && k < ARRAY_SIZE(kws); k++) {
		size_t n = strlen(kws[k]);

		for (const char *q = p; (q = strstr(q, kws[k])); q += n)
			if (q[-1] == '/' && (q[n] == '/' || !q[n]))
				return true;
	}
	return false;
}

/*
 * 2026.06 drops, on a disabled node, an error whose schema path goes
 * through 'required' or 'unevaluatedProperties', or that explains itself
 * by any such error: properties left for the board to fill in.
 */
static bool missing_on_disabled(const struct dtbind_verrors *errs, size_t i)
{
	if (missing_kind(&errs->v[i]) || errs->v[i].branch_missing)
		return true;
	for (size_t k = i + 1; k < errs->n && errs->v[k].depth > errs->v[i].depth; k++)
		if (missing_kind(&errs->v[k]))
			return true;
	return false;
}

static bool only_required(const struct dtbind_verrors *errs, size_t i)
{
	const struct dtbind_verror *e = &errs->v[i];

	if (e->keyword && !strcmp(e->keyword, "required"))
		return true;
	if (e->keyword && (!strcmp(e->keyword, "oneOf") || !strcmp(e->keyword, "anyOf"))) {
		/* The explained branch: all of it about required properties? */
		bool any = false;

		for (size_t k = i + 1; k < errs->n && errs->v[k].depth > e->depth; k++) {
			any = true;
			if (!errs->v[k].keyword || strcmp(errs->v[k].keyword, "required"))
				return false;
		}
		return any;
	}
	return false;
}

/*
 * The next segment of the JSON pointer at @ptr (which starts with '/'),
 * unescaped (~1 is '/', ~0 is '~') into @seg; returns the rest.
 */
static const char *next_segment(const char *ptr, char *seg, size_t size)
{
	const char *end = strchr(ptr + 1, '/');
	size_t n = end ? (size_t)(end - ptr - 1) : strlen(ptr + 1), k = 0;

	for (size_t i = 0; i < n && k < size - 1; i++) {
		if (ptr[1 + i] == '~' && i + 1 < n) {
			seg[k++] = ptr[2 + i] == '1' ? '/' : '~';
			i++;
		} else {
			seg[k++] = ptr[1 + i];
		}
	}
	seg[k] = '\0';
	return ptr + 1 + n;
}

/*
 * "/soc/i2c@1000/dev@50:reg:0" from the node path and an instance pointer:
 * pointer steps into child nodes extend the path, the rest names the
 * property and the position in it, as dt-validate prints them.
 */
static char *dt_error_path(const char *path, const struct dtbind_value *node, const char *ptr)
{
	struct strbuf sb;
	bool in_prop = false;
	char *res;

	sb_init(&sb);
	sb_puts(&sb, path);
	while (*ptr == '/') {
		char seg[512];

		ptr = next_segment(ptr, seg, sizeof(seg));
		const struct dtbind_value *child = in_prop ? NULL : dtbind_value_get(node, seg);

		if (child && child->kind == DTBIND_MAP) {
			if (strcmp(sb_cstr(&sb), "/"))
				sb_putc(&sb, '/');
			sb_puts(&sb, seg);
			node = child;
		} else {
			sb_putc(&sb, ':');
			sb_puts(&sb, seg);
			in_prop = true;
		}
	}
	res = sb.oom ? NULL : strdup(sb_cstr(&sb));
	sb_free(&sb);
	return res;
}

/* Does the instance at @ptr (inside @node) have status = "disabled"? */
static bool instance_disabled(const struct dtbind_value *node, const char *ptr)
{
	const struct dtbind_value *v = node;

	while (v && *ptr == '/') {
		char seg[512];

		ptr = next_segment(ptr, seg, sizeof(seg));
		if (v->kind == DTBIND_MAP)
			v = dtbind_value_get(v, seg);
		else if (v->kind == DTBIND_SEQ && (size_t)atol(seg) < v->u.seq.n)
			v = v->u.seq.items[atol(seg)];
		else
			v = NULL;
	}
	return v && v->kind == DTBIND_MAP && has_str(dtbind_value_get(v, "status"), "disabled");
}

static void report_errors(struct checker *c, const struct binding *b,
			  const struct dtbind_validation *res, const char *path, bool disabled)
{
	const struct dtbind_verrors *errs = dtbind_validation_errors(res);

	for (size_t i = 0; i < errs->n; i++) {
		const struct dtbind_verror *e = &errs->v[i];

		if (e->depth)
			continue;	/* printed with their head below */
		if ((disabled || instance_disabled(c->node, e->instance_path)) &&
		    (c->s->gen == DTBIND_GEN_2026_06 ? missing_on_disabled(errs, i)
						     : only_required(errs, i))) {
			while (i + 1 < errs->n && errs->v[i + 1].depth)
				i++;
			continue;
		}
		char *node = dt_error_path(path, c->node, e->instance_path);

		if (!node)
			return;
		struct dtbind_finding f = {
			.severity = DTBIND_ERROR,
			.loc = e->loc,
			.rule = c->opts->rule,
			.message = e->message,
			.node = node,
			.schema = e->schema_path,
			.fix_from = e->fix_from,
			.fix_to = e->fix_to,
		};
		dtbind_diag_emit(c->diag, &f);
		c->findings++;
		for (size_t k = i + 1; k < errs->n && errs->v[k].depth; k++) {
			struct dtbind_finding n = {
				.severity = DTBIND_NOTE,
				.loc = errs->v[k].loc,
				.message = errs->v[k].message,
				.node = errs->v[k].instance_path,
				.schema = errs->v[k].schema_path,
			};

			dtbind_diag_emit(c->diag, &n);
		}
		struct dtbind_finding from = {
			.severity = DTBIND_NOTE,
			.loc = e->schema_loc.line ? e->schema_loc : (struct dtbind_loc){ .file = b->file },
			.message = "from this schema",
			.schema = b->id,
		};

		if (c->opts->show_schema)
			dtbind_diag_emit(c->diag, &from);
		free(node);
	}
}

/* -l: one substring, or several separated by ':' as dt-validate 2026.06 takes them. */
bool dtbind_dtschemas_limit_matches(const char *file, const char *limit)
{
	for (const char *p = limit;;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);

		if (n && memmem(file, strlen(file), p, n))
			return true;
		if (!colon)
			return false;
		p = colon + 1;
	}
}

static void check_node(struct checker *c, struct dtbind_value *node, const char *name,
		       const char *path, bool disabled)
{
	struct dtbind_dtschemas *s = c->s;
	const struct dtbind_value *compat = dtbind_value_get(node, "compatible");
	size_t n = 0;

	/* The reference skips the wrapper nodes of examples. */
	if (c->opts->examples && (dtbind_value_get(node, "example-0") || strstr(name, "example-")))
		return;
	struct dtbind_value *nn = vb_seq(c->a);

	struct dtbind_value *name_v = vb_str(c->a, name);

	if (!nn || !name_v || vb_push(c->a, nn, name_v))
		return;
	nn->loc = name_v->loc = node->loc;
	vb_set(c->a, node, "$nodename", nn);
	struct memo_key key;
	bool keyed = c->memo && dtschemas_memo_key(c->memo, node, name,
						   disabled | (uint64_t)c->opts->examples << 1,
						   &key);
	unsigned findings_before = c->findings;
	bool sure = true;	/* every selected binding was validated */

	if (keyed && dtschemas_memo_clean(c->memo, &key))
		return;
	/* Bindings selected by compatible, through the index. */
	if (compat && compat->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < compat->u.seq.n; i++) {
			const struct dtbind_value *cs = compat->u.seq.items[i];
			const struct index_list *l;

			if (cs->kind != DTBIND_STRING ||
			    !(l = compat_bindings(s, cs->u.str.ptr, cs->u.str.len)))
				continue;
			/*
			 * 2026.06 maps a compatible to one binding, the last
			 * loaded that lists it, and applies only the one of
			 * the node's first compatible that has one.
			 */
			if (s->gen == DTBIND_GEN_2026_06) {
				c->selected[l->v[l->n - 1]] = true;
				c->order[n++] = l->v[l->n - 1];
				break;
			}
			for (size_t k = 0; k < l->n; k++)
				if (!c->selected[l->v[k]]) {
					c->selected[l->v[k]] = true;
					c->order[n++] = l->v[k];
				}
		}
	} else if (compat) {
		/* Not a list: "contains" does not apply, so every such select matches. */
		for (size_t k = 0; k < s->by_compat_all.n; k++)
			if (!c->selected[s->by_compat_all.v[k]]) {
				c->selected[s->by_compat_all.v[k]] = true;
				c->order[n++] = s->by_compat_all.v[k];
			}
	}
	for (size_t k = 0; k < s->always.n; k++) {
		size_t i = s->always.v[k];
		struct binding *b = &s->b[i];

		if (c->selected[i])
			continue;
		if (b->select_true ||
		    (!binding_select(s, b) && dtbind_schema_validate(b->select, node, NULL) == 1)) {
			c->selected[i] = true;
			c->order[n++] = i;
		}
	}
	if ((c->opts->show_unmatched || c->opts->only_undocumented) && compat &&
	    compat->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < compat->u.seq.n; i++) {
			const struct dtbind_value *cs = compat->u.seq.items[i];

			/*
			 * "foo": the reference documents its test compatible,
			 * that one only; 2026.06 any "foo..." and "test,...".
			 */
			if (cs->kind != DTBIND_STRING || dtbind_dtschemas_documented(s, cs->u.str.ptr) ||
			    !strcmp(cs->u.str.ptr, "foo") ||
			    (s->gen == DTBIND_GEN_2026_06 && (!strncmp(cs->u.str.ptr, "foo", 3) ||
							      !strncmp(cs->u.str.ptr, "test,", 5))))
				continue;
			dtbind_diag_report(c->diag, DTBIND_WARNING, cs->loc, "undocumented-compatible",
					   "%s: compatible '%s' is not documented by any binding", path,
					   cs->u.str.ptr);
			c->findings += c->opts->only_undocumented;
		}
	}
	if (c->opts->only_undocumented) {
		for (size_t k = 0; k < n; k++)
			c->selected[c->order[k]] = false;
		return;
	}
	/* In file order, as the reference walks its schemas. */
	for (size_t k = 1; k < n; k++)
		for (size_t j = k; j > 0 && c->order[j - 1] > c->order[j]; j--) {
			size_t t = c->order[j];

			c->order[j] = c->order[j - 1];
			c->order[j - 1] = t;
		}
	if (c->opts->show_matched) {
		for (size_t k = 0; k < n; k++) {
			const struct binding *b = &s->b[c->order[k]];

			if (!b->select_true)
				dtbind_diag_report(c->diag, DTBIND_NOTE, node->loc, NULL,
						   "%s: matched by %s", path, b->id);
		}
	}
	for (size_t k = 0; k < n; k++) {
		struct binding *b = &s->b[c->order[k]];
		struct dtbind_validation *res = NULL;

		c->selected[c->order[k]] = false;
		c->node = node;
		if (c->opts->limit && !dtbind_dtschemas_limit_matches(b->file, c->opts->limit))
			continue;
		if (!b->schema && dtbind_schema_set_get(s->set, b->id, &b->schema)) {
			sure = false;
			continue;
		}
		int ret = dtbind_schema_validate(b->schema, node, &res);

		if (ret < 0)
			sure = false;
		if (ret == 0 || ret < 0)
			report_errors(c, b, res, path,
				      disabled || has_str(dtbind_value_get(node, "status"), "disabled"));
		dtbind_validation_free(res);
	}
	if (keyed && sure && c->findings == findings_before)
		dtschemas_memo_add(c->memo, &key);
}

static void check_subtree(struct checker *c, struct dtbind_value *node, const char *name,
			  const char *path, bool disabled, unsigned depth)
{
	if (!strncmp(name, "__", 2) || depth > 256)
		return;
	const struct dtbind_value *status = dtbind_value_get(node, "status");

	if (status)
		disabled = has_str(status, "disabled");
	check_node(c, node, name, path, disabled);
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];
		char *cpath;

		if (m->value->kind != DTBIND_MAP)
			continue;
		if (asprintf(&cpath, "%s/%s", strcmp(path, "/") ? path : "", m->key) < 0)
			return;
		check_subtree(c, m->value, m->key, cpath, disabled, depth + 1);
		free(cpath);
	}
}

int dtbind_dtschemas_check(struct dtbind_dtschemas *s, struct dtbind_value *root,
			   const struct dtbind_check_opts *opts, struct dtbind_diag *diag,
			   unsigned *findings)
{
	struct arena a;
	struct checker c = { .s = s, .opts = opts, .diag = diag, .a = &a };

	arena_init(&a, 64 * 1024);
	c.selected = calloc(s->n + 1, sizeof(*c.selected));
	c.order = calloc(s->n + 1, sizeof(*c.order));
	if (!c.selected || !c.order) {
		free(c.selected);
		free(c.order);
		arena_release(&a);
		return -DTBIND_ENOMEM;
	}
	if (s->memo && !opts->limit && !opts->show_unmatched && !opts->show_matched &&
	    !opts->only_undocumented) {
		c.memo = s->memo;
		dtschemas_memo_begin(c.memo, root);
	}
	check_subtree(&c, root, "/", "/", false, 0);
	free(c.selected);
	free(c.order);
	arena_release(&a);
	if (findings)
		*findings = c.findings;
	return 0;
}
