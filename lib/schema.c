// SPDX-License-Identifier: BSD-2-Clause
/*
 * schema.c - JSON Schema draft-07 and 2019-09: a registry of schema
 * resources, a compiler from schema values to nodes, and the validator.
 *
 * Schemas are compiled on first use (children eagerly, $ref targets lazily,
 * so reference cycles cost nothing at compile time) and every compiled node
 * is cached by the address of its schema value: validating many instances
 * against one schema compiles it once.
 */
#include "schema-private.h"
/* ------------------------------------------------------------------ */
/* Registry                                                             */

struct dtbind_schema_set *dtbind_schema_set_new(struct dtbind_diag *diag)
{
	struct dtbind_schema_set *set = calloc(1, sizeof(*set));

	if (!set)
		return NULL;
	arena_init(&set->arena, 256 * 1024);
	set->diag = diag;
	set->default_dialect = DTBIND_DRAFT2019_09;
	set->gen = DTBIND_GEN_2026_06;
	hmap_init(&set->resources);
	hmap_init(&set->anchors);
	hmap_init(&set->roots);
	hmap_init(&set->compiled);
	hmap_init(&set->regexes);
	/* The embedded meta-schemas answer for their canonical URIs. */
	dtbind_schema_set_map_prefix(set, "http://json-schema.org/draft-07/",
				     EMBED_SCHEME "json-schema/draft-07");
	dtbind_schema_set_map_prefix(set, "https://json-schema.org/draft/2019-09/",
				     EMBED_SCHEME "json-schema/2019-09");
	dtbind_schema_set_map_prefix(set, "http://json-schema.org/draft/2019-09/",
				     EMBED_SCHEME "json-schema/2019-09");
	return set;
}

void dtbind_schema_set_free(struct dtbind_schema_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->regexes.cap; i++)
		if (set->regexes.e[i].hash)
			regex_free(set->regexes.e[i].value);
	for (struct doc_list *d = set->docs, *next; d; d = next) {
		next = d->next;
		dtbind_doc_free(d->doc);
		free(d);
	}
	hmap_free(&set->resources);
	hmap_free(&set->anchors);
	hmap_free(&set->roots);
	hmap_free(&set->compiled);
	hmap_free(&set->regexes);
	free(set->spare_vctx);
	arena_release(&set->arena);
	free(set);
}

void dtbind_schema_set_dt_annotations(struct dtbind_schema_set *set, bool on)
{
	set->ref_annotations_on_failure = on;
}

void dtbind_schema_set_assert_regex_format(struct dtbind_schema_set *set, bool on)
{
	set->assert_regex_format = on;
}

void dtbind_schema_set_generation(struct dtbind_schema_set *set, enum dtbind_gen gen)
{
	set->gen = gen == DTBIND_GEN_AUTO ? DTBIND_GEN_2026_06 : gen;
}

void dtbind_schema_set_default_dialect(struct dtbind_schema_set *set, enum dtbind_dialect d)
{
	set->default_dialect = d;
}

int dtbind_schema_set_map_prefix(struct dtbind_schema_set *set, const char *prefix,
				 const char *dir)
{
	struct prefix_map *pm = arena_alloc(&set->arena, sizeof(*pm));

	if (!pm)
		return -DTBIND_ENOMEM;
	pm->prefix = arena_strdup(&set->arena, prefix);
	pm->dir = arena_strdup(&set->arena, dir);
	if (!pm->prefix || !pm->dir)
		return -DTBIND_ENOMEM;
	/* Later maps win: user maps override the embedded defaults. */
	pm->next = set->prefixes;
	set->prefixes = pm;
	return 0;
}

void dtbind_schema_set_loader(struct dtbind_schema_set *set, dtbind_schema_loader fn, void *ctx)
{
	set->loader = fn;
	set->loader_ctx = ctx;
}

int dtbind_schema_set_array_keyword(struct dtbind_schema_set *set, const char *name,
				    dtbind_array_keyword_fn check)
{
	struct array_keyword *k = arena_alloc(&set->arena, sizeof(*k));

	if (!k || !(k->name = arena_strdup(&set->arena, name)))
		return -DTBIND_ENOMEM;
	k->check = check;
	k->next = set->array_keywords;
	set->array_keywords = k;
	return 0;
}

static const char *const draft7_uris[] = {
	"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema", NULL
};
static const char *const d201909_uris[] = {
	"https://json-schema.org/draft/2019-09/schema#",
	"https://json-schema.org/draft/2019-09/schema",
	/* some meta-schemas spell it with http */
	"http://json-schema.org/draft/2019-09/schema#",
	"http://json-schema.org/draft/2019-09/schema", NULL
};

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

static int load_uri(struct dtbind_schema_set *set, const char *uri, struct resource **out);

/* Vocabularies declared by a meta-schema's $vocabulary, or VOCAB_ALL. */
static unsigned vocab_of(const struct dtbind_value *meta)
{
	const struct dtbind_value *vocab = dtbind_value_get(meta, "$vocabulary");
	static const struct {
		const char *uri;
		unsigned bit;
	} known[] = {
		{ "https://json-schema.org/draft/2019-09/vocab/core", VOCAB_CORE },
		{ "https://json-schema.org/draft/2019-09/vocab/applicator", VOCAB_APPLICATOR },
		{ "https://json-schema.org/draft/2019-09/vocab/validation", VOCAB_VALIDATION },
		{ "https://json-schema.org/draft/2019-09/vocab/meta-data", VOCAB_META },
		{ "https://json-schema.org/draft/2019-09/vocab/format", VOCAB_FORMAT },
		{ "https://json-schema.org/draft/2019-09/vocab/content", VOCAB_CONTENT },
	};
	unsigned bits = 0;

	if (!vocab || vocab->kind != DTBIND_MAP)
		return VOCAB_ALL;
	for (size_t i = 0; i < vocab->u.map.n; i++)
		for (size_t k = 0; k < ARRAY_SIZE(known); k++)
			if (!strcmp(vocab->u.map.members[i].key, known[k].uri))
				bits |= known[k].bit;
	return bits | VOCAB_CORE;
}

/* Dialect and vocabularies named by a resource's $schema. */
static void dialect_of(struct dtbind_schema_set *set, const struct dtbind_value *root,
		       enum dtbind_dialect inherited, enum dtbind_dialect *dialect, unsigned *vocab)
{
	const struct dtbind_value *ms = dtbind_value_get(root, "$schema");

	*dialect = inherited;
	*vocab = VOCAB_ALL;
	if (!ms || ms->kind != DTBIND_STRING)
		return;
	if (in_list(ms->u.str.ptr, draft7_uris)) {
		*dialect = DTBIND_DRAFT7;
		return;
	}
	if (in_list(ms->u.str.ptr, d201909_uris)) {
		*dialect = DTBIND_DRAFT2019_09;
		return;
	}
	/* A custom meta-schema: its own dialect, and its $vocabulary when it has one. */
	struct resource *meta = NULL;
	char *uri = arena_strndup(&set->arena, ms->u.str.ptr, uri_fragment_offset(ms->u.str.ptr));

	if (uri && load_uri(set, uri, &meta) == 0 && meta->root != root) {
		*dialect = meta->dialect;
		*vocab = vocab_of(meta->root);
	}
}

static int register_anchor(struct dtbind_schema_set *set, const char *base, const char *name,
			   const struct dtbind_value *v, struct scope sc)
{
	char *key = arena_printf(&set->arena, "%.*s#%s", (int)uri_fragment_offset(base), base, name);
	struct anchor_def *a = arena_alloc(&set->arena, sizeof(*a));

	if (!key || !a)
		return -DTBIND_ENOMEM;
	a->v = v;
	a->sc = sc;
	return hmap_put_str(&set->anchors, key, strlen(key), a);
}

static struct resource *new_resource(struct dtbind_schema_set *set, const char *uri,
				     const struct dtbind_value *root, enum dtbind_dialect dialect,
				     unsigned vocab, bool replace)
{
	struct resource *r = arena_alloc(&set->arena, sizeof(*r));

	if (!r)
		return NULL;
	r->uri = arena_strndup(&set->arena, uri, uri_fragment_offset(uri));
	r->root = root;
	r->dialect = dialect;
	r->vocab = vocab;
	if (!r->uri)
		return NULL;
	/*
	 * Embedded resources: the first registration wins.  A document added
	 * explicitly replaces one loaded earlier under the same URI (lint checks
	 * the file it was given, not the copy a $ref found on disk).
	 */
	if (replace || !hmap_get_str(&set->resources, r->uri, strlen(r->uri)))
		hmap_put_str(&set->resources, r->uri, strlen(r->uri), r);
	hmap_put_ptr(&set->roots, root, r);
	return r;
}

/* Keywords whose value is one schema, an array of schemas, or a map of schemas. */
static const char *const kw_single[] = {
	"additionalItems", "additionalProperties", "not", "if", "then", "else", "contains",
	"propertyNames", "unevaluatedItems", "unevaluatedProperties", "items", NULL
};
static const char *const kw_array[] = { "allOf", "anyOf", "oneOf", "items", NULL };
static const char *const kw_map[] = {
	"properties", "patternProperties", "definitions", "$defs", "dependentSchemas",
	"dependencies", NULL
};

bool schema_is_schema_value(const struct dtbind_value *v)
{
	return v->kind == DTBIND_MAP || v->kind == DTBIND_BOOL;
}

/*
 * Walk a document once when it is added: register every embedded resource
 * ($id) and anchor, so a $ref can find them before they are compiled.
 */
static int walk(struct dtbind_schema_set *set, const struct dtbind_value *v, struct scope sc,
		unsigned depth)
{
	if (v->kind != DTBIND_MAP || depth > DTBIND_MAX_DEPTH)
		return 0;
	const struct dtbind_value *id = dtbind_value_get(v, "$id");
	bool draft7 = sc.res->dialect == DTBIND_DRAFT7;
	int ret;

	/* draft-07: $ref makes its siblings, $id included, ignored. */
	if (id && id->kind == DTBIND_STRING && !(draft7 && dtbind_value_get(v, "$ref")) &&
	    v != sc.res->root) {
		const char *s = id->u.str.ptr;

		if (s[0] == '#') {
			if (draft7 && s[1] && (ret = register_anchor(set, sc.res->uri, s + 1, v, sc)))
				return ret;
		} else {
			char *uri = uri_resolve(&set->arena, sc.res->uri, s);
			enum dtbind_dialect d;
			unsigned vocab;

			if (!uri)
				return -DTBIND_ENOMEM;
			dialect_of(set, v, sc.res->dialect, &d, &vocab);
			struct resource *r = new_resource(set, uri, v, d, vocab, false);

			if (!r)
				return -DTBIND_ENOMEM;
			sc.res = r;
			sc.ptr = "";
			size_t f = uri_fragment_offset(uri);

			if (draft7 && uri[f] == '#' && uri[f + 1] &&
			    (ret = register_anchor(set, r->uri, uri + f + 1, v, sc)))
				return ret;
		}
	}
	const struct dtbind_value *anchor = dtbind_value_get(v, "$anchor");

	if (!draft7 && anchor && anchor->kind == DTBIND_STRING &&
	    (ret = register_anchor(set, sc.res->uri, anchor->u.str.ptr, v, sc)))
		return ret;

	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];
		const struct dtbind_value *c = m->value;
		struct scope csc = sc;

		if (in_list(m->key, kw_single) && c->kind == DTBIND_MAP) {
			csc.ptr = NULL;	/* computed on demand */
			if ((ret = walk(set, c, csc, depth + 1)))
				return ret;
		} else if (in_list(m->key, kw_array) && c->kind == DTBIND_SEQ) {
			for (size_t k = 0; k < c->u.seq.n; k++)
				if ((ret = walk(set, c->u.seq.items[k], csc, depth + 1)))
					return ret;
		} else if (in_list(m->key, kw_map) && c->kind == DTBIND_MAP) {
			for (size_t k = 0; k < c->u.map.n; k++)
				if ((ret = walk(set, c->u.map.members[k].value, csc, depth + 1)))
					return ret;
		}
	}
	return 0;
}

static int add_root(struct dtbind_schema_set *set, const struct dtbind_value *root,
		    const char *retrieval_uri, struct resource **out)
{
	const struct dtbind_value *id = dtbind_value_get(root, "$id");
	enum dtbind_dialect d;
	unsigned vocab;
	char *uri;
	int ret;

	dialect_of(set, root, set->default_dialect, &d, &vocab);
	if (id && id->kind == DTBIND_STRING && !(d == DTBIND_DRAFT7 && dtbind_value_get(root, "$ref")))
		uri = uri_resolve(&set->arena, retrieval_uri, id->u.str.ptr);
	else if (retrieval_uri)
		uri = arena_strdup(&set->arena, retrieval_uri);
	else
		uri = arena_printf(&set->arena, "urn:dtbind:anonymous:%u", ++set->anon);
	if (!uri)
		return -DTBIND_ENOMEM;
	struct resource *r = new_resource(set, uri, root, d, vocab, true);

	if (!r)
		return -DTBIND_ENOMEM;
	/* The retrieval URI names the document too, when its $id differs. */
	if (retrieval_uri) {
		size_t n = uri_fragment_offset(retrieval_uri);

		if (strncmp(retrieval_uri, r->uri, n) || r->uri[n]) {
			char *alias = arena_strndup(&set->arena, retrieval_uri, n);

			if (!alias || hmap_put_str(&set->resources, alias, n, r))
				return -DTBIND_ENOMEM;
		}
	}
	ret = walk(set, root, (struct scope){ r, "" }, 0);
	if (out)
		*out = r;
	return ret;
}

int dtbind_schema_set_keep_doc(struct dtbind_schema_set *set, struct dtbind_doc *doc)
{
	struct doc_list *dl = malloc(sizeof(*dl));

	if (!dl) {
		dtbind_doc_free(doc);
		return -DTBIND_ENOMEM;
	}
	dl->doc = doc;
	dl->next = set->docs;
	set->docs = dl;
	return 0;
}

int dtbind_schema_set_add_doc(struct dtbind_schema_set *set, struct dtbind_doc *doc,
			      const char *uri, const struct dtbind_schema **out)
{
	struct resource *r;
	int ret = dtbind_schema_set_keep_doc(set, doc);

	if (ret)
		return ret;
	if ((ret = add_root(set, dtbind_doc_root(doc), uri, &r)))
		return ret;
	if (out)
		return schema_resolve_fragment(set, r, "", (struct dtbind_schema **)out);
	return 0;
}

int dtbind_schema_set_add_value(struct dtbind_schema_set *set, const struct dtbind_value *root,
				const char *uri, const struct dtbind_schema **out)
{
	struct resource *r;
	int ret = add_root(set, root, uri, &r);

	if (ret)
		return ret;
	if (out)
		return schema_resolve_fragment(set, r, "", (struct dtbind_schema **)out);
	return 0;
}

static char *file_uri(struct arena *a, const char *path)
{
	char *abs = real_path(path);
	char *uri;

	if (!abs)
		return arena_printf(a, "file://%s", path);
	uri = arena_printf(a, "file://%s", abs);
	free(abs);
	return uri;
}

int dtbind_schema_set_add_file(struct dtbind_schema_set *set, const char *path,
			       const struct dtbind_schema **out)
{
	struct dtbind_doc *doc;
	struct resource *r;
	int ret = dtbind_doc_load_file(path, set->diag, 0, &doc);

	if (ret)
		return ret;
	if ((ret = dtbind_schema_set_keep_doc(set, doc)))
		return ret;
	char *uri = file_uri(&set->arena, path);

	if (!uri)
		return -DTBIND_ENOMEM;
	if ((ret = add_root(set, dtbind_doc_root(doc), uri, &r)))
		return ret;
	if (out)
		return schema_resolve_fragment(set, r, "", (struct dtbind_schema **)out);
	return 0;
}

static bool is_schema_name(const char *name)
{
	return str_ends_with(name, ".json") || str_ends_with(name, ".yaml");
}

struct add_dir_ctx {
	struct dtbind_schema_set *set;
	int ret;
};

/* A file that does not load is reported and skipped: the others still serve. */
static int add_dir_file(void *ctx, char *path, const struct stat *st)
{
	struct add_dir_ctx *c = ctx;
	int r = dtbind_schema_set_add_file(c->set, path, NULL);

	(void)st;
	free(path);
	if (r && !c->ret)
		c->ret = r;
	return r == -DTBIND_ENOMEM ? r : 0;
}

int dtbind_schema_set_add_dir(struct dtbind_schema_set *set, const char *dir)
{
	struct add_dir_ctx c = { set, 0 };
	int ret = walk_tree(dir, is_schema_name, add_dir_file, &c);

	return ret ? ret : c.ret;
}

/* Find or load the resource for an absolute URI without fragment. */
static int load_uri(struct dtbind_schema_set *set, const char *uri, struct resource **out)
{
	struct resource *r = hmap_get_str(&set->resources, uri, strlen(uri));

	*out = NULL;
	if (r) {
		*out = r;
		return 0;
	}
	const struct dtbind_value *root = set->loader ? set->loader(set->loader_ctx, uri) : NULL;

	if (root) {
		int ret = add_root(set, root, uri, &r);

		if (ret)
			return ret;
		*out = hmap_get_str(&set->resources, uri, strlen(uri));
		return *out ? 0 : -DTBIND_ENOTFOUND;
	}
	for (struct prefix_map *pm = set->prefixes; pm; pm = pm->next) {
		size_t pl = strlen(pm->prefix);
		struct dtbind_doc *doc = NULL;
		int ret;

		if (strncmp(uri, pm->prefix, pl))
			continue;
		const char *rest = uri + pl;
		char *trimmed = NULL;

		if (strstr(rest, ".."))
			continue;	/* no escaping the mapped directory */
		/*
		 * "/schemas/display/lvds.yaml/#": dt-schema finds the file, so a
		 * trailing '/' after a file name is tolerated (lint warns about it).
		 */
		if (*rest && rest[strlen(rest) - 1] == '/' && strlen(rest) > 6 &&
		    !strncmp(rest + strlen(rest) - 6, ".yaml/", 6)) {
			trimmed = arena_strndup(&set->arena, rest, strlen(rest) - 1);
			if (!trimmed)
				return -DTBIND_ENOMEM;
			rest = trimmed;
		}
		if (!strncmp(pm->dir, EMBED_SCHEME, strlen(EMBED_SCHEME))) {
			const char *base = pm->dir + strlen(EMBED_SCHEME);
			char *path = arena_printf(&set->arena, "%s%s%s", base, *rest ? "/" : "", rest);
			const struct embedded_file *ef = path ? embedded_find_gen(path, set->gen) : NULL;

			if (!ef && path)
				ef = embedded_find_gen(arena_printf(&set->arena, "%s.json", path), set->gen);
			if (!ef && path)
				ef = embedded_find_gen(arena_printf(&set->arena, "%s.yaml", path), set->gen);
			if (!ef)
				continue;
			char *name = arena_printf(&set->arena, "<dtbind>/schemas/%s", ef->path);

			ret = dtbind_doc_load_string(name ? name : ef->path, ef->data, ef->len,
						     set->diag, 0, &doc);
		} else {
			char *path = arena_printf(&set->arena, "%s%s%s", pm->dir,
						  (*rest && pm->dir[strlen(pm->dir) - 1] != '/') ? "/" : "",
						  rest);
			struct stat st;

			if (!path)
				return -DTBIND_ENOMEM;
			if (fs_stat(path, &st) || !S_ISREG(st.st_mode))
				continue;
			ret = dtbind_doc_load_file(path, set->diag, 0, &doc);
		}
		if (ret)
			return ret;
		if ((ret = dtbind_schema_set_keep_doc(set, doc)))
			return ret;
		if ((ret = add_root(set, dtbind_doc_root(doc), uri, &r)))
			return ret;
		/* The document may have registered itself under its $id only. */
		r = hmap_get_str(&set->resources, uri, strlen(uri));
		if (!r)
			return -DTBIND_ENOTFOUND;
		*out = r;
		return 0;
	}
	return -DTBIND_ENOTFOUND;
}

/* Compile the value @frag names inside resource @r. */
int schema_resolve_fragment(struct dtbind_schema_set *set, struct resource *r, const char *frag,
			    struct dtbind_schema **out)
{
	*out = NULL;
	if (!*frag) {
		*out = schema_compile(set, r->root, (struct scope){ r, "" }, "", 0);
		return *out ? 0 : -DTBIND_ENOMEM;
	}
	if (frag[0] != '/') {
		char *key = arena_printf(&set->arena, "%s#%s", r->uri, frag);
		struct anchor_def *a = key ? hmap_get_str(&set->anchors, key, strlen(key)) : NULL;

		if (a) {
			*out = schema_compile(set, a->v, a->sc, a->sc.ptr, 0);
			return *out ? 0 : -DTBIND_ENOMEM;
		}
		/*
		 * "#definitions/flag": no such anchor, but dt-schema (python
		 * jsonschema) reads it as the pointer "/definitions/flag", and
		 * kernel bindings rely on that.  Lint warns about the form.
		 */
		if (!strchr(frag, '/'))
			return -DTBIND_ENOTFOUND;
		char *as_pointer = arena_printf(&set->arena, "/%s", frag);

		return as_pointer ? schema_resolve_fragment(set, r, as_pointer, out) : -DTBIND_ENOMEM;
	}
	/* A JSON pointer: percent-decoded first, then ~1 and ~0. */
	char *p = arena_strdup(&set->arena, frag);

	if (!p)
		return -DTBIND_ENOMEM;
	uri_percent_decode(p);
	const struct dtbind_value *v = r->root;
	struct scope sc = { r, "" };
	struct strbuf ptr;

	sb_init(&ptr);
	for (char *tok = p + 1;;) {
		char *end = strchr(tok, '/');
		size_t n;

		if (end)
			*end = '\0';
		/* unescape in place */
		char *w = tok;

		for (char *q = tok; *q; q++) {
			if (q[0] == '~' && q[1] == '1') {
				*w++ = '/';
				q++;
			} else if (q[0] == '~' && q[1] == '0') {
				*w++ = '~';
				q++;
			} else {
				*w++ = *q;
			}
		}
		*w = '\0';
		n = (size_t)(w - tok);
		if (v->kind == DTBIND_MAP) {
			const struct dtbind_value *next = NULL;

			for (size_t i = 0; i < v->u.map.n; i++)
				if (v->u.map.members[i].key_len == n &&
				    !memcmp(v->u.map.members[i].key, tok, n))
					next = v->u.map.members[i].value;
			v = next;
		} else if (v->kind == DTBIND_SEQ) {
			char *e;
			unsigned long idx = strtoul(tok, &e, 10);

			v = (*tok && !*e && idx < v->u.seq.n) ? v->u.seq.items[idx] : NULL;
		} else {
			v = NULL;
		}
		if (!v) {
			sb_free(&ptr);
			return -DTBIND_ENOTFOUND;
		}
		struct resource *er = hmap_get_ptr(&set->roots, v);

		if (er && er != r) {
			sc.res = er;
			sb_free(&ptr);
			sb_init(&ptr);
		} else {
			sb_putc(&ptr, '/');
			sb_puts(&ptr, tok);	/* re-escaped below only if needed */
		}
		if (!end)
			break;
		tok = end + 1;
	}
	char *pstr = arena_strdup(&set->arena, frag[0] == '/' && ptr.len == strlen(frag) ?
					      frag : sb_cstr(&ptr));

	sb_free(&ptr);
	*out = schema_compile(set, v, sc, pstr, 0);
	return *out ? 0 : -DTBIND_ENOMEM;
}

int schema_resolve_uri(struct dtbind_schema_set *set, const char *uri, struct dtbind_schema **out)
{
	size_t f = uri_fragment_offset(uri);
	char *base = arena_strndup(&set->arena, uri, f);

	/* "lvds.yaml/#": dt-schema finds the file; so do we (lint warns about the form). */
	if (base && f > 6 && !strcmp(base + f - 6, ".yaml/"))
		base[f - 1] = '\0';
	struct resource *r;
	int ret;

	*out = NULL;
	if (!base)
		return -DTBIND_ENOMEM;
	/* A location-independent identifier registered with its fragment. */
	if (uri[f] == '#' && uri[f + 1] && uri[f + 1] != '/') {
		struct anchor_def *a = hmap_get_str(&set->anchors, uri, strlen(uri));

		if (a) {
			*out = schema_compile(set, a->v, a->sc, a->sc.ptr, 0);
			return *out ? 0 : -DTBIND_ENOMEM;
		}
	}
	if ((ret = load_uri(set, base, &r)))
		return ret;
	return schema_resolve_fragment(set, r, uri[f] == '#' ? uri + f + 1 : "", out);
}

int dtbind_schema_set_get(struct dtbind_schema_set *set, const char *uri,
			  const struct dtbind_schema **out)
{
	struct dtbind_schema *s;
	int ret = schema_resolve_uri(set, uri, &s);

	*out = s;
	return ret;
}

const char *dtbind_schema_uri(const struct dtbind_schema *s)
{
	return arena_printf(&s->set->arena, "%s#%s", s->sc.res->uri, s->sc.ptr ? s->sc.ptr : "");
}

const struct dtbind_value *dtbind_schema_value(const struct dtbind_schema *s)
{
	return s->v;
}

struct dtbind_loc dtbind_schema_loc(const struct dtbind_schema *s)
{
	return s->v->loc;
}

enum dtbind_dialect dtbind_schema_dialect(const struct dtbind_schema *s)
{
	return s->dialect;
}

