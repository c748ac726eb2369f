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
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "internal.h"

#define MAX_VALIDATE_DEPTH 1500
#define MAX_EXPLAIN_DEPTH 3
#define EMBED_SCHEME "dtbind-embedded:"

/* Vocabularies of 2019-09 (draft-07 uses all of them). */
enum {
	VOCAB_CORE = 1 << 0,
	VOCAB_APPLICATOR = 1 << 1,
	VOCAB_VALIDATION = 1 << 2,
	VOCAB_META = 1 << 3,
	VOCAB_FORMAT = 1 << 4,
	VOCAB_CONTENT = 1 << 5,
	VOCAB_ALL = 0x3f,
};

enum {
	T_NULL = 1 << 0,
	T_BOOLEAN = 1 << 1,
	T_INTEGER = 1 << 2,
	T_NUMBER = 1 << 3,
	T_STRING = 1 << 4,
	T_ARRAY = 1 << 5,
	T_OBJECT = 1 << 6,
};

struct resource {
	const char *uri;		/* absolute, without fragment */
	const struct dtbind_value *root;
	enum dtbind_dialect dialect;
	unsigned vocab;
};

/* Where a value sits: which resource, its base URI, its pointer in the resource. */
struct scope {
	struct resource *res;
	const char *ptr;		/* JSON pointer from the resource root ("" = root) */
};

struct anchor_def {
	const struct dtbind_value *v;
	struct scope sc;
};

struct prefix_map {
	struct prefix_map *next;
	const char *prefix;
	const char *dir;
};

struct doc_list {
	struct doc_list *next;
	struct dtbind_doc *doc;
};

struct dtbind_schema_set {
	struct arena arena;
	struct dtbind_diag *diag;
	enum dtbind_dialect default_dialect;
	enum dtbind_gen gen;		/* of the built-in core and meta-schemas */
	struct hmap resources;		/* uri -> struct resource */
	struct hmap anchors;		/* "uri#name" -> struct anchor_def */
	struct hmap roots;		/* value -> struct resource (embedded resource roots) */
	struct hmap compiled;		/* value -> struct dtbind_schema */
	struct hmap regexes;		/* pattern text -> struct dtbind_regex */
	struct prefix_map *prefixes;
	dtbind_schema_loader loader;
	void *loader_ctx;
	struct doc_list *docs;
	struct vctx *spare_vctx;	/* reused: it is large, and validations come by the thousand */
	unsigned anon;			/* counter for documents without a URI */
	bool ref_annotations_on_failure;
	bool assert_regex_format;
};

struct named_schema {
	const char *name;
	size_t len;
	struct dtbind_schema *s;
};

struct pattern_schema {
	const char *pattern;
	struct dtbind_regex *re;
	struct dtbind_schema *s;
};

/*
 * Many patterns of one patternProperties that only test a literal prefix
 * ("^vendor,.*": vendor-prefixes.yaml has 700 of them, and applies to every
 * node) are looked up, not matched one by one: by prefix length, binary
 * search among the literals of that length.
 */
struct prefix_entry {
	const char *lit;
	size_t len, k;			/* k: index in pattern_props */
};

struct prefix_group {
	size_t len, start, end;		/* entries [start, end) have this length */
};

struct pattern_index {
	struct prefix_entry *e;
	size_t n;
	struct prefix_group *groups;
	size_t n_groups;
	size_t *others;			/* patterns that need their regex, ascending */
	size_t n_others;
};

#define PATTERN_INDEX_MIN 16		/* literal patterns worth an index */

struct schema_ref {
	const char *uri;		/* absolute */
	struct dtbind_schema *target;
};

struct dtbind_schema {
	struct dtbind_schema_set *set;
	const struct dtbind_value *v;
	struct scope sc;
	enum dtbind_dialect dialect;
	unsigned vocab;
	bool is_bool, bool_value;
	bool is_resource_root;
	bool recursive_anchor;
	const char *bad;		/* why this schema cannot be used, or NULL */

	struct schema_ref *ref, *recursive_ref;
	struct dtbind_schema **all_of, **any_of, **one_of;
	size_t n_all_of, n_any_of, n_one_of;
	struct dtbind_schema *not_, *if_, *then_, *else_;
	struct dtbind_schema *items, **items_list;	/* items: single form; list form */
	size_t n_items_list;
	bool has_items_list;
	struct dtbind_schema *additional_items, *unevaluated_items, *contains;
	struct named_schema *props;
	size_t n_props;
	struct pattern_schema *pattern_props;
	size_t n_pattern_props;
	struct pattern_index *pattern_index;	/* NULL: match each pattern */
	struct dtbind_schema *additional_props, *unevaluated_props, *property_names;
	struct named_schema *dep_schemas;
	size_t n_dep_schemas;
	const struct dtbind_member *dep_required;	/* member of a map: name -> [names] */
	size_t n_dep_required;
	const struct dtbind_member *dependencies_req;	/* draft-07 "dependencies" (array form) */

	unsigned types;
	bool has_types;
	const struct dtbind_value *enum_, *const_, *required;
	bool has_min, has_max, has_xmin, has_xmax, has_multiple;
	double minimum, maximum, xminimum, xmaximum, multiple;
	int64_t min_len, max_len, min_items, max_items, min_props, max_props;
	int64_t min_contains, max_contains;
	bool unique_items;
	int64_t type_size;		/* devicetree "typeSize": bits of each cell, 0 = none */
	bool format_regex;		/* format: regex, asserted */
	struct dtbind_regex *pattern;
	const char *pattern_text;
};

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
	dtbind_schema_set_map_prefix(set, "http://devicetree.org/meta-schemas/",
				     EMBED_SCHEME "meta");
	dtbind_schema_set_map_prefix(set, "http://devicetree.org/schemas/",
				     EMBED_SCHEME "core");
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

static const char *const draft7_uris[] = {
	"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema", NULL
};
static const char *const d201909_uris[] = {
	"https://json-schema.org/draft/2019-09/schema#",
	"https://json-schema.org/draft/2019-09/schema",
	/* the devicetree meta-schemas spell it with http */
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
static int resolve_fragment(struct dtbind_schema_set *set, struct resource *r, const char *frag,
			    struct dtbind_schema **out);

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

static bool is_schema_value(const struct dtbind_value *v)
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
		return resolve_fragment(set, r, "", (struct dtbind_schema **)out);
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
		return resolve_fragment(set, r, "", (struct dtbind_schema **)out);
	return 0;
}

static char *file_uri(struct arena *a, const char *path)
{
	char *abs = realpath(path, NULL);
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
		return resolve_fragment(set, r, "", (struct dtbind_schema **)out);
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
			if (stat(path, &st) || !S_ISREG(st.st_mode))
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

/* ------------------------------------------------------------------ */
/* Compiler                                                             */

static struct dtbind_schema *compile(struct dtbind_schema_set *set, const struct dtbind_value *v,
				     struct scope sc, const char *ptr, unsigned depth);

static char *ptr_append(struct arena *a, const char *ptr, const char *seg)
{
	struct strbuf sb;
	char *res;

	sb_init(&sb);
	sb_puts(&sb, ptr ? ptr : "");
	sb_putc(&sb, '/');
	for (; *seg; seg++) {
		if (*seg == '~')
			sb_puts(&sb, "~0");
		else if (*seg == '/')
			sb_puts(&sb, "~1");
		else
			sb_putc(&sb, *seg);
	}
	res = sb.oom ? NULL : arena_strndup(a, sb_cstr(&sb), sb.len);
	sb_free(&sb);
	return res;
}

static char *ptr_append_index(struct arena *a, const char *ptr, size_t i)
{
	return arena_printf(a, "%s/%zu", ptr ? ptr : "", i);
}

static struct dtbind_schema *sub(struct dtbind_schema *s, const struct dtbind_value *v,
				 const char *kw, unsigned depth)
{
	if (!is_schema_value(v)) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be a schema", kw);
		return NULL;
	}
	return compile(s->set, v, s->sc, ptr_append(&s->set->arena, s->sc.ptr, kw), depth + 1);
}

static struct dtbind_schema **sub_array(struct dtbind_schema *s, const struct dtbind_value *v,
					const char *kw, size_t *n, unsigned depth)
{
	struct dtbind_schema **arr;

	if (v->kind != DTBIND_SEQ) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be an array of schemas", kw);
		*n = 0;
		return NULL;
	}
	arr = arena_alloc(&s->set->arena, (v->u.seq.n + 1) * sizeof(*arr));
	if (!arr)
		return NULL;
	const char *base = ptr_append(&s->set->arena, s->sc.ptr, kw);

	for (size_t i = 0; i < v->u.seq.n; i++) {
		const struct dtbind_value *c = v->u.seq.items[i];

		if (!is_schema_value(c)) {
			if (!s->bad)
				s->bad = arena_printf(&s->set->arena, "'%s/%zu' must be a schema", kw, i);
			*n = 0;
			return NULL;
		}
		arr[i] = compile(s->set, c, s->sc, ptr_append_index(&s->set->arena, base, i),
				 depth + 1);
		if (!arr[i])
			return NULL;
	}
	*n = v->u.seq.n;
	return arr;
}

static struct named_schema *sub_map(struct dtbind_schema *s, const struct dtbind_value *v,
				    const char *kw, size_t *n, unsigned depth)
{
	struct named_schema *arr;

	*n = 0;
	if (v->kind != DTBIND_MAP) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be an object", kw);
		return NULL;
	}
	arr = arena_alloc(&s->set->arena, (v->u.map.n + 1) * sizeof(*arr));
	if (!arr)
		return NULL;
	const char *base = ptr_append(&s->set->arena, s->sc.ptr, kw);
	size_t k = 0;

	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!is_schema_value(m->value))
			continue;	/* dependencies: arrays are handled apart */
		arr[k].name = m->key;
		arr[k].len = m->key_len;
		arr[k].s = compile(s->set, m->value, s->sc, ptr_append(&s->set->arena, base, m->key),
				   depth + 1);
		if (!arr[k].s)
			return NULL;
		k++;
	}
	*n = k;
	return arr;
}


/* "^LITERAL" or "^LITERAL.*": true with the literal's length. */
static bool literal_prefix(const char *pat, size_t n, size_t *len)
{
	size_t i = 1;

	if (!n || pat[0] != '^')
		return false;
	while (i < n && (isalnum((unsigned char)pat[i]) || strchr(",_-#@", pat[i])))
		i++;
	*len = i - 1;
	return *len && (i == n || (n - i == 2 && pat[i] == '.' && pat[i + 1] == '*'));
}

static int cmp_prefix(const void *a, const void *b)
{
	const struct prefix_entry *x = a, *y = b;
	int c;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	if ((c = memcmp(x->lit, y->lit, x->len)))
		return c;
	return x->k < y->k ? -1 : x->k > y->k;
}

static void index_patterns(struct dtbind_schema *s)
{
	struct arena *a = &s->set->arena;
	size_t n_lit = 0, len;

	for (size_t k = 0; k < s->n_pattern_props; k++)
		n_lit += s->pattern_props[k].re &&
			 literal_prefix(s->pattern_props[k].pattern, strlen(s->pattern_props[k].pattern),
					&len);
	if (n_lit < PATTERN_INDEX_MIN)
		return;
	struct pattern_index *ix = arena_alloc(a, sizeof(*ix));

	if (!ix || !(ix->e = arena_alloc(a, n_lit * sizeof(*ix->e))) ||
	    !(ix->groups = arena_alloc(a, n_lit * sizeof(*ix->groups))) ||
	    !(ix->others = arena_alloc(a, (s->n_pattern_props - n_lit + 1) * sizeof(*ix->others))))
		return;
	for (size_t k = 0; k < s->n_pattern_props; k++) {
		const char *pat = s->pattern_props[k].pattern;

		if (s->pattern_props[k].re && literal_prefix(pat, strlen(pat), &len))
			ix->e[ix->n++] = (struct prefix_entry){ pat + 1, len, k };
		else
			ix->others[ix->n_others++] = k;
	}
	qsort(ix->e, ix->n, sizeof(*ix->e), cmp_prefix);
	for (size_t i = 0; i < ix->n; i++) {
		if (!ix->n_groups || ix->groups[ix->n_groups - 1].len != ix->e[i].len)
			ix->groups[ix->n_groups++] = (struct prefix_group){ ix->e[i].len, i, i };
		ix->groups[ix->n_groups - 1].end = i + 1;
	}
	s->pattern_index = ix;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The literal patterns that match @key, ascending, in @hits (at most @max;
 * more: returns SIZE_MAX, the caller matches them all instead).
 */
static size_t prefix_hits(const struct pattern_index *ix, const char *key, size_t key_len,
			  size_t *hits, size_t max)
{
	size_t nh = 0;

	/* What the regex would say of a subject that is not UTF-8: no match. */
	if (!utf8_valid((const unsigned char *)key, key_len))
		return 0;
	for (size_t g = 0; g < ix->n_groups && ix->groups[g].len <= key_len; g++) {
		size_t lo = ix->groups[g].start, hi = ix->groups[g].end, len = ix->groups[g].len;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (memcmp(ix->e[mid].lit, key, len) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < ix->groups[g].end && !memcmp(ix->e[lo].lit, key, len); lo++) {
			if (nh == max)
				return SIZE_MAX;
			hits[nh++] = ix->e[lo].k;
		}
	}
	qsort(hits, nh, sizeof(*hits), cmp_size);
	return nh;
}

static struct dtbind_regex *get_regex(struct dtbind_schema *s, const struct dtbind_value *pat)
{
	struct dtbind_schema_set *set = s->set;
	struct dtbind_regex *re = hmap_get_str(&set->regexes, pat->u.str.ptr, pat->u.str.len);
	const char *err = NULL;

	if (re)
		return re;
	re = regex_compile(pat->u.str.ptr, pat->u.str.len, &err, &set->arena);
	if (!re) {
		if (!s->bad)
			s->bad = arena_printf(&set->arena, "invalid regular expression '%s': %s",
					      pat->u.str.ptr, err ? err : "?");
		return NULL;
	}
	hmap_put_str(&set->regexes, pat->u.str.ptr, pat->u.str.len, re);
	return re;
}

static bool get_count(struct dtbind_schema *s, const struct dtbind_value *v, const char *kw,
		      int64_t *out)
{
	if (!v)
		return false;
	if (!dtbind_value_is_integer(v) || dtbind_value_number(v) < 0) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be a non-negative integer", kw);
		return false;
	}
	*out = v->kind == DTBIND_INT ? v->u.i : (int64_t)v->u.f;
	return true;
}

static bool get_number(struct dtbind_schema *s, const struct dtbind_value *v, const char *kw,
		       double *out)
{
	if (!v)
		return false;
	if (v->kind != DTBIND_INT && v->kind != DTBIND_FLOAT) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be a number", kw);
		return false;
	}
	*out = dtbind_value_number(v);
	return true;
}

static unsigned type_bit(const struct dtbind_value *t)
{
	static const struct {
		const char *name;
		unsigned bit;
	} names[] = {
		{ "null", T_NULL }, { "boolean", T_BOOLEAN }, { "integer", T_INTEGER },
		{ "number", T_NUMBER }, { "string", T_STRING }, { "array", T_ARRAY },
		{ "object", T_OBJECT },
	};

	if (t->kind != DTBIND_STRING)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(t->u.str.ptr, names[i].name))
			return names[i].bit;
	return 0;
}

static struct schema_ref *make_ref(struct dtbind_schema *s, const struct dtbind_value *v,
				   const char *kw)
{
	struct schema_ref *r;

	if (v->kind != DTBIND_STRING) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be a string", kw);
		return NULL;
	}
	r = arena_alloc(&s->set->arena, sizeof(*r));
	if (!r)
		return NULL;
	r->uri = uri_resolve(&s->set->arena, s->sc.res->uri, v->u.str.ptr);
	return r->uri ? r : NULL;
}

static void compile_applicators(struct dtbind_schema *s, unsigned depth)
{
	const struct dtbind_value *v = s->v, *c;
	bool d7 = s->dialect == DTBIND_DRAFT7;

	if ((c = dtbind_value_get(v, "allOf")))
		s->all_of = sub_array(s, c, "allOf", &s->n_all_of, depth);
	if ((c = dtbind_value_get(v, "anyOf")))
		s->any_of = sub_array(s, c, "anyOf", &s->n_any_of, depth);
	if ((c = dtbind_value_get(v, "oneOf")))
		s->one_of = sub_array(s, c, "oneOf", &s->n_one_of, depth);
	if ((c = dtbind_value_get(v, "not")))
		s->not_ = sub(s, c, "not", depth);
	if ((c = dtbind_value_get(v, "if"))) {
		s->if_ = sub(s, c, "if", depth);
		if ((c = dtbind_value_get(v, "then")))
			s->then_ = sub(s, c, "then", depth);
		if ((c = dtbind_value_get(v, "else")))
			s->else_ = sub(s, c, "else", depth);
	}
	if ((c = dtbind_value_get(v, "items"))) {
		if (c->kind == DTBIND_SEQ) {
			s->has_items_list = true;
			s->items_list = sub_array(s, c, "items", &s->n_items_list, depth);
			if ((c = dtbind_value_get(v, "additionalItems")))
				s->additional_items = sub(s, c, "additionalItems", depth);
		} else {
			s->items = sub(s, c, "items", depth);
		}
	}
	if ((c = dtbind_value_get(v, "contains")))
		s->contains = sub(s, c, "contains", depth);
	if ((c = dtbind_value_get(v, "properties")))
		s->props = sub_map(s, c, "properties", &s->n_props, depth);
	if ((c = dtbind_value_get(v, "patternProperties"))) {
		size_t n;
		struct named_schema *ps = sub_map(s, c, "patternProperties", &n, depth);

		s->pattern_props = arena_alloc(&s->set->arena, (n + 1) * sizeof(*s->pattern_props));
		for (size_t i = 0; ps && s->pattern_props && i < n; i++) {
			const struct dtbind_member *m = dtbind_value_member(c, ps[i].name);

			s->pattern_props[i].pattern = ps[i].name;
			struct dtbind_value pat = { .kind = DTBIND_STRING,
						    .u.str = { m->key, m->key_len } };

			s->pattern_props[i].re = get_regex(s, &pat);
			s->pattern_props[i].s = ps[i].s;
		}
		s->n_pattern_props = s->pattern_props ? n : 0;
		index_patterns(s);
	}
	if ((c = dtbind_value_get(v, "additionalProperties")))
		s->additional_props = sub(s, c, "additionalProperties", depth);
	if ((c = dtbind_value_get(v, "propertyNames")))
		s->property_names = sub(s, c, "propertyNames", depth);
	if (!d7) {
		if ((c = dtbind_value_get(v, "unevaluatedItems")))
			s->unevaluated_items = sub(s, c, "unevaluatedItems", depth);
		if ((c = dtbind_value_get(v, "unevaluatedProperties")))
			s->unevaluated_props = sub(s, c, "unevaluatedProperties", depth);
		if ((c = dtbind_value_get(v, "dependentSchemas")))
			s->dep_schemas = sub_map(s, c, "dependentSchemas", &s->n_dep_schemas, depth);
	}
	/*
	 * draft-07 "dependencies" (schema form here, array form at validation).
	 * Devicetree bindings still use it under 2019-09, so it applies in both.
	 */
	if ((c = dtbind_value_get(v, "dependencies")) && c->kind == DTBIND_MAP && !s->dep_schemas) {
		s->dep_schemas = sub_map(s, c, "dependencies", &s->n_dep_schemas, depth);
		s->dependencies_req = dtbind_value_member(v, "dependencies");
	}
}

static void compile_validation(struct dtbind_schema *s)
{
	const struct dtbind_value *v = s->v, *c;

	if ((c = dtbind_value_get(v, "type"))) {
		s->has_types = true;
		if (c->kind == DTBIND_SEQ) {
			for (size_t i = 0; i < c->u.seq.n; i++)
				s->types |= type_bit(c->u.seq.items[i]);
		} else {
			s->types = type_bit(c);
		}
		if (!s->types && !s->bad)
			s->bad = "'type' names no known type";
	}
	s->enum_ = dtbind_value_get(v, "enum");
	if (s->enum_ && s->enum_->kind != DTBIND_SEQ && !s->bad)
		s->bad = "'enum' must be an array";
	s->const_ = dtbind_value_get(v, "const");
	s->required = dtbind_value_get(v, "required");
	if (s->required && s->required->kind != DTBIND_SEQ) {
		if (!s->bad)
			s->bad = "'required' must be an array of strings";
		s->required = NULL;
	}
	s->has_min = get_number(s, dtbind_value_get(v, "minimum"), "minimum", &s->minimum);
	s->has_max = get_number(s, dtbind_value_get(v, "maximum"), "maximum", &s->maximum);
	s->has_xmin = get_number(s, dtbind_value_get(v, "exclusiveMinimum"), "exclusiveMinimum",
				 &s->xminimum);
	s->has_xmax = get_number(s, dtbind_value_get(v, "exclusiveMaximum"), "exclusiveMaximum",
				 &s->xmaximum);
	s->has_multiple = get_number(s, dtbind_value_get(v, "multipleOf"), "multipleOf", &s->multiple);
	get_count(s, dtbind_value_get(v, "minLength"), "minLength", &s->min_len);
	get_count(s, dtbind_value_get(v, "maxLength"), "maxLength", &s->max_len);
	get_count(s, dtbind_value_get(v, "minItems"), "minItems", &s->min_items);
	get_count(s, dtbind_value_get(v, "maxItems"), "maxItems", &s->max_items);
	get_count(s, dtbind_value_get(v, "minProperties"), "minProperties", &s->min_props);
	get_count(s, dtbind_value_get(v, "maxProperties"), "maxProperties", &s->max_props);
	if (s->dialect != DTBIND_DRAFT7) {
		get_count(s, dtbind_value_get(v, "minContains"), "minContains", &s->min_contains);
		get_count(s, dtbind_value_get(v, "maxContains"), "maxContains", &s->max_contains);
		const struct dtbind_member *dr = dtbind_value_member(v, "dependentRequired");

		if (dr && dr->value->kind == DTBIND_MAP) {
			s->dep_required = dr;
			s->n_dep_required = dr->value->u.map.n;
		}
	}
	c = dtbind_value_get(v, "format");
	s->format_regex = s->set->assert_regex_format && c && c->kind == DTBIND_STRING &&
			  !strcmp(c->u.str.ptr, "regex");
	/* typeSize: dt-schema's keyword for the cell width of decoded integers. */
	if ((c = dtbind_value_get(v, "typeSize")) && c->kind == DTBIND_INT)
		s->type_size = c->u.i;
	c = dtbind_value_get(v, "uniqueItems");
	s->unique_items = c && c->kind == DTBIND_BOOL && c->u.b;
	if ((c = dtbind_value_get(v, "pattern"))) {
		if (c->kind != DTBIND_STRING) {
			if (!s->bad)
				s->bad = "'pattern' must be a string";
		} else {
			s->pattern = get_regex(s, c);
			s->pattern_text = c->u.str.ptr;
		}
	}
}

static struct dtbind_schema *compile(struct dtbind_schema_set *set, const struct dtbind_value *v,
				     struct scope sc, const char *ptr, unsigned depth)
{
	struct dtbind_schema *s = hmap_get_ptr(&set->compiled, v);

	if (s)
		return s;
	if (depth > DTBIND_MAX_DEPTH)
		return NULL;
	s = arena_alloc(&set->arena, sizeof(*s));
	if (!s || hmap_put_ptr(&set->compiled, v, s))
		return NULL;
	s->set = set;
	s->v = v;
	s->min_len = s->min_items = s->min_props = s->min_contains = -1;
	s->max_len = s->max_items = s->max_props = s->max_contains = -1;
	sc.ptr = ptr ? ptr : "";
	/* An embedded resource root changes the base for itself and below. */
	struct resource *r = hmap_get_ptr(&set->roots, v);

	if (r) {
		sc.res = r;
		sc.ptr = "";
		s->is_resource_root = true;
	}
	s->sc = sc;
	s->dialect = sc.res->dialect;
	s->vocab = s->dialect == DTBIND_DRAFT7 ? VOCAB_ALL : sc.res->vocab;
	if (v->kind == DTBIND_BOOL) {
		s->is_bool = true;
		s->bool_value = v->u.b;
		return s;
	}
	if (v->kind != DTBIND_MAP) {
		s->bad = "a schema must be an object or a boolean";
		return s;
	}
	const struct dtbind_value *c;

	if ((c = dtbind_value_get(v, "$ref")))
		s->ref = make_ref(s, c, "$ref");
	/* draft-07: a $ref makes every sibling keyword ignored. */
	if (s->ref && s->dialect == DTBIND_DRAFT7)
		return s;
	if (s->dialect != DTBIND_DRAFT7) {
		if ((c = dtbind_value_get(v, "$recursiveRef")))
			s->recursive_ref = make_ref(s, c, "$recursiveRef");
		c = dtbind_value_get(v, "$recursiveAnchor");
		s->recursive_anchor = c && c->kind == DTBIND_BOOL && c->u.b;
	}
	if (s->vocab & VOCAB_APPLICATOR)
		compile_applicators(s, depth);
	if (s->vocab & VOCAB_VALIDATION)
		compile_validation(s);
	return s;
}

/* Compile the value @frag names inside resource @r. */
static int resolve_fragment(struct dtbind_schema_set *set, struct resource *r, const char *frag,
			    struct dtbind_schema **out)
{
	*out = NULL;
	if (!*frag) {
		*out = compile(set, r->root, (struct scope){ r, "" }, "", 0);
		return *out ? 0 : -DTBIND_ENOMEM;
	}
	if (frag[0] != '/') {
		char *key = arena_printf(&set->arena, "%s#%s", r->uri, frag);
		struct anchor_def *a = key ? hmap_get_str(&set->anchors, key, strlen(key)) : NULL;

		if (a) {
			*out = compile(set, a->v, a->sc, a->sc.ptr, 0);
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

		return as_pointer ? resolve_fragment(set, r, as_pointer, out) : -DTBIND_ENOMEM;
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
	*out = compile(set, v, sc, pstr, 0);
	return *out ? 0 : -DTBIND_ENOMEM;
}

static int resolve_uri(struct dtbind_schema_set *set, const char *uri, struct dtbind_schema **out)
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
			*out = compile(set, a->v, a->sc, a->sc.ptr, 0);
			return *out ? 0 : -DTBIND_ENOMEM;
		}
	}
	if ((ret = load_uri(set, base, &r)))
		return ret;
	return resolve_fragment(set, r, uri[f] == '#' ? uri + f + 1 : "", out);
}

int dtbind_schema_set_get(struct dtbind_schema_set *set, const char *uri,
			  const struct dtbind_schema **out)
{
	struct dtbind_schema *s;
	int ret = resolve_uri(set, uri, &s);

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

/* ------------------------------------------------------------------ */
/* Validator                                                            */

struct dtbind_validation {
	struct arena arena;
	struct dtbind_verrors errors;
	size_t cap;
	int result;
};

/* A step of the instance path. */
struct path_seg {
	const char *key;	/* NULL for an array index */
	size_t len;
	size_t index;
};

/* Bit set over the members (or items) of one instance: what has been evaluated. */
struct evald {
	uint64_t *bits;
	size_t words;
	uint64_t inline_bits[4];
};

struct vctx {
	struct dtbind_validation *res;
	bool collect;
	unsigned depth;
	unsigned explain;		/* depth of anyOf/oneOf explanations */
	int fatal;
	struct path_seg path[MAX_VALIDATE_DEPTH + 1];
	size_t npath;
	const struct dtbind_schema *scopes[MAX_VALIDATE_DEPTH + 1];	/* dynamic scope */
	size_t nscopes;
	struct {
		const struct dtbind_schema *s;
		const struct dtbind_value *inst;
	} refs[MAX_VALIDATE_DEPTH + 1];
	size_t nrefs;
	/* The did-you-mean of the message being built, for the error it goes to. */
	const char *fix_from, *fix_to;
};

static bool evald_init(struct evald *e, const struct dtbind_value *inst)
{
	size_t n = inst->kind == DTBIND_MAP ? inst->u.map.n : inst->kind == DTBIND_SEQ ? inst->u.seq.n : 0;

	e->words = (n + 63) / 64;
	if (e->words <= ARRAY_SIZE(e->inline_bits)) {
		e->bits = e->inline_bits;
		memset(e->inline_bits, 0, sizeof(e->inline_bits));
		return true;
	}
	e->bits = calloc(e->words, sizeof(*e->bits));
	return e->bits != NULL;
}

static void evald_free(struct evald *e)
{
	if (e->bits != e->inline_bits)
		free(e->bits);
}

static void evald_merge(struct evald *into, const struct evald *from)
{
	for (size_t i = 0; i < into->words; i++)
		into->bits[i] |= from->bits[i];
}

static void evald_set(struct evald *e, size_t i)
{
	if (e && i / 64 < e->words)
		e->bits[i / 64] |= 1ull << (i % 64);
}

static bool evald_has(const struct evald *e, size_t i)
{
	return e->bits[i / 64] & (1ull << (i % 64));
}

static char *instance_pointer(struct vctx *c)
{
	struct strbuf sb;
	char *res;

	sb_init(&sb);
	for (size_t i = 0; i < c->npath; i++) {
		const struct path_seg *p = &c->path[i];

		sb_putc(&sb, '/');
		if (!p->key) {
			sb_printf(&sb, "%zu", p->index);
			continue;
		}
		for (size_t k = 0; k < p->len; k++) {
			if (p->key[k] == '~')
				sb_puts(&sb, "~0");
			else if (p->key[k] == '/')
				sb_puts(&sb, "~1");
			else
				sb_putc(&sb, p->key[k]);
		}
	}
	res = arena_strndup(&c->res->arena, sb_cstr(&sb), sb.len);
	sb_free(&sb);
	return res;
}

static const char *short_json(struct vctx *c, const struct dtbind_value *v)
{
	char buf[120];

	dtbind_value_to_json(v, buf, sizeof(buf));
	return arena_strdup(&c->res->arena, buf);
}

static void add_error(struct vctx *c, const struct dtbind_schema *s, const char *kw,
		      struct dtbind_loc at, const char *msg)
{
	struct dtbind_validation *r = c->res;
	const char *fix_from = c->fix_from, *fix_to = c->fix_to;

	c->fix_from = c->fix_to = NULL;
	if (r->errors.n == r->cap) {
		size_t ncap = r->cap ? r->cap * 2 : 8;
		struct dtbind_verror *nv = realloc(r->errors.v, ncap * sizeof(*nv));

		if (!nv)
			return;
		r->errors.v = nv;
		r->cap = ncap;
	}
	struct dtbind_verror *e = &r->errors.v[r->errors.n++];
	const struct dtbind_member *m = kw ? dtbind_value_member(s->v, kw) : NULL;

	memset(e, 0, sizeof(*e));
	e->loc = at;
	e->instance_path = instance_pointer(c);
	e->schema_loc = m ? m->key_loc : s->v->loc;
	e->keyword = kw;
	e->schema_path = kw ? arena_printf(&r->arena, "%s#%s/%s", s->sc.res->uri, s->sc.ptr, kw)
			    : arena_printf(&r->arena, "%s#%s", s->sc.res->uri, s->sc.ptr);
	e->message = msg ? msg : "out of memory";
	e->depth = c->explain;
	e->fix_from = fix_from;
	e->fix_to = fix_to;
	/* The schema's own words, as dt-schema's hints: the first line of its description. */
	const struct dtbind_value *d = dtbind_value_get(s->v, "description");

	if (d && d->kind == DTBIND_STRING && d->u.str.len) {
		size_t n = strcspn(d->u.str.ptr, "\n");

		e->hint = arena_strndup(&r->arena, d->u.str.ptr, n > 200 ? 200 : n);
	}
}

#define FAIL(c, s, kw, inst, ...)                                                   \
	do {                                                                        \
		if ((c)->collect)                                                   \
			add_error((c), (s), (kw), (inst)->loc,                      \
				  arena_printf(&(c)->res->arena, __VA_ARGS__));     \
	} while (0)

static bool validate(struct vctx *c, const struct dtbind_schema *s, const struct dtbind_value *inst,
		     struct evald *ev);

/* Validate @inst against @s, merging its annotations into @ev when valid. */
static bool validate_merge(struct vctx *c, const struct dtbind_schema *s,
			   const struct dtbind_value *inst, struct evald *ev)
{
	struct evald local;

	if (!evald_init(&local, inst)) {
		c->fatal = -DTBIND_ENOMEM;
		return false;
	}
	bool ok = validate(c, s, inst, &local);

	if (ok && ev)
		evald_merge(ev, &local);
	evald_free(&local);
	return ok;
}

static bool validate_child(struct vctx *c, const struct dtbind_schema *s,
			   const struct dtbind_value *child, const char *key, size_t len,
			   size_t index)
{
	if (c->npath >= MAX_VALIDATE_DEPTH) {
		c->fatal = -DTBIND_ELIMIT;
		return false;
	}
	c->path[c->npath++] = (struct path_seg){ key, len, index };
	bool ok = validate_merge(c, s, child, NULL);

	c->npath--;
	return ok;
}

static const char *type_names(unsigned types)
{
	static const char *const names[] = { "null", "boolean", "integer", "number",
					     "string", "array", "object" };
	static char buf[7][80];
	static unsigned slot;
	char *b = buf[slot++ % 7];
	size_t n = 0;

	b[0] = '\0';
	for (unsigned i = 0; i < 7; i++)
		if (types & (1u << i))
			n += (size_t)snprintf(b + n, 80 - n, "%s'%s'", n ? " or " : "", names[i]);
	return b;
}

static bool type_matches(unsigned types, const struct dtbind_value *v)
{
	switch (v->kind) {
	case DTBIND_NULL: return types & T_NULL;
	case DTBIND_BOOL: return types & T_BOOLEAN;
	case DTBIND_INT: return types & (T_INTEGER | T_NUMBER);
	case DTBIND_FLOAT:
		return (types & T_NUMBER) || ((types & T_INTEGER) && dtbind_value_is_integer(v));
	case DTBIND_STRING: return types & T_STRING;
	case DTBIND_SEQ: return types & T_ARRAY;
	case DTBIND_MAP: return types & T_OBJECT;
	case DTBIND_BYTES: return false;
	}
	return false;
}

/* Number of Unicode code points of a UTF-8 string. */
static size_t utf8_length(const char *s, size_t n)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			count++;
	return count;
}

static int match_regex(struct vctx *c, const struct dtbind_regex *re, const char *s, size_t n)
{
	int m = regex_match(re, s, n);

	if (m < 0)
		c->fatal = -DTBIND_ELIMIT;
	return m;
}

/* Candidate property names for did-you-mean: this schema and what it applies in place. */
static void collect_names(const struct dtbind_schema *s, const char ***names, size_t *n,
			  size_t *cap, unsigned depth)
{
	if (!s || depth > 6)
		return;
	for (size_t i = 0; i < s->n_props; i++) {
		if (*n == *cap) {
			size_t ncap = *cap ? *cap * 2 : 32;
			const char **nn = realloc(*names, ncap * sizeof(*nn));

			if (!nn)
				return;
			*names = nn;
			*cap = ncap;
		}
		(*names)[(*n)++] = s->props[i].name;
	}
	if (s->ref)
		collect_names(s->ref->target, names, n, cap, depth + 1);
	for (size_t i = 0; i < s->n_all_of; i++)
		collect_names(s->all_of[i], names, n, cap, depth + 1);
	for (size_t i = 0; i < s->n_any_of; i++)
		collect_names(s->any_of[i], names, n, cap, depth + 1);
	for (size_t i = 0; i < s->n_one_of; i++)
		collect_names(s->one_of[i], names, n, cap, depth + 1);
	collect_names(s->then_, names, n, cap, depth + 1);
	collect_names(s->else_, names, n, cap, depth + 1);
}

static const char *did_you_mean(struct vctx *c, const struct dtbind_schema *s, const char *name)
{
	const char **names = NULL;
	size_t n = 0, cap = 0;

	collect_names(s, &names, &n, &cap, 0);
	const char *best = nearest_name(name, names, n);

	free(names);
	if (!best)
		return "";
	c->fix_from = arena_strdup(&c->res->arena, name);
	c->fix_to = arena_strdup(&c->res->arena, best);
	return arena_printf(&c->res->arena, "; did you mean '%s'?", best);
}

/* For a string outside an enum: the closest allowed string. */
/* Do @a and @b hold the same digits, in any order? */
static bool same_digits(const char *a, const char *b)
{
	int count[10] = { 0 };

	for (; *a; a++)
		if (*a >= '0' && *a <= '9')
			count[*a - '0']++;
	for (; *b; b++)
		if (*b >= '0' && *b <= '9')
			count[*b - '0']--;
	for (int i = 0; i < 10; i++)
		if (count[i])
			return false;
	return true;
}

static const char *did_you_mean_enum(struct vctx *c, const struct dtbind_value *enum_,
				     const struct dtbind_value *inst)
{
	const char *names[256];
	size_t n = 0;

	if (!enum_ || enum_->kind != DTBIND_SEQ || inst->kind != DTBIND_STRING)
		return "";
	for (size_t i = 0; i < enum_->u.seq.n && n < ARRAY_SIZE(names); i++)
		if (enum_->u.seq.items[i]->kind == DTBIND_STRING)
			names[n++] = enum_->u.seq.items[i]->u.str.ptr;
	const char *v = inst->u.str.ptr, *best = nearest_name(v, names, n);

	/*
	 * Values a typo apart, not other chips: "qcom,sm8450-x" is no misspelt
	 * "qcom,sm8150-x".  The same digits, and at most half of it changed.
	 */
	size_t longer = best ? strlen(best) > strlen(v) ? strlen(best) : strlen(v) : 0;

	if (!best || !same_digits(v, best) ||
	    (strcasecmp(v, best) && 2 * edit_distance(v, best, 3) > longer))
		return "";
	c->fix_from = arena_strdup(&c->res->arena, v);
	c->fix_to = arena_strdup(&c->res->arena, best);
	return arena_printf(&c->res->arena, "; did you mean '%s'?", best);
}

/*
 * A property that may not be there: the error sits at its key and names it;
 * the node is its parent (where it would have to be allowed).
 */
static void error_at_property(struct vctx *c, const struct dtbind_schema *s, const char *kw,
			      const struct dtbind_member *m)
{
	add_error(c, s, kw, m->key_loc,
		  arena_printf(&c->res->arena, "property '%s' is not allowed here%s", m->key,
			       did_you_mean(c, s, m->key)));
}

static bool validate_object(struct vctx *c, const struct dtbind_schema *s,
			    const struct dtbind_value *inst, struct evald *ev)
{
	bool ok = true;
	size_t n = inst->u.map.n;

	if (s->min_props >= 0 && (int64_t)n < s->min_props) {
		FAIL(c, s, "minProperties", inst, "%s has too few properties (at least %lld, got %zu)",
		     short_json(c, inst), (long long)s->min_props, n);
		ok = false;
	}
	if (s->max_props >= 0 && (int64_t)n > s->max_props) {
		FAIL(c, s, "maxProperties", inst, "%s has too many properties (at most %lld, got %zu)",
		     short_json(c, inst), (long long)s->max_props, n);
		ok = false;
	}
	if (s->required) {
		for (size_t i = 0; i < s->required->u.seq.n; i++) {
			const struct dtbind_value *r = s->required->u.seq.items[i];

			if (r->kind == DTBIND_STRING && !dtbind_value_member(inst, r->u.str.ptr)) {
				FAIL(c, s, "required", inst, "'%s' is a required property",
				     r->u.str.ptr);
				ok = false;
			}
		}
	}
	if (s->dep_required || s->dependencies_req) {
		const struct dtbind_value *deps = s->dep_required ? s->dep_required->value
								  : s->dependencies_req->value;
		const char *kw = s->dep_required ? "dependentRequired" : "dependencies";

		for (size_t i = 0; i < deps->u.map.n; i++) {
			const struct dtbind_member *d = &deps->u.map.members[i];

			if (d->value->kind != DTBIND_SEQ || !dtbind_value_member(inst, d->key))
				continue;
			for (size_t k = 0; k < d->value->u.seq.n; k++) {
				const struct dtbind_value *r = d->value->u.seq.items[k];

				if (r->kind == DTBIND_STRING && !dtbind_value_member(inst, r->u.str.ptr)) {
					FAIL(c, s, kw, inst, "'%s' is required when '%s' is present",
					     r->u.str.ptr, d->key);
					ok = false;
				}
			}
		}
	}
	for (size_t i = 0; i < s->n_dep_schemas; i++) {
		const struct named_schema *d = &s->dep_schemas[i];

		if (dtbind_value_member(inst, d->name) && !validate_merge(c, d->s, inst, ev))
			ok = false;
	}
	/*
	 * What counts as evaluated for unevaluatedProperties.  JSON Schema: a
	 * property its keywords accepted.  Devicetree mode, as dt-schema's
	 * validator counts: named properties that were valid, every property
	 * a pattern matched, every property under additionalProperties: true,
	 * and none under a schema-valued additionalProperties.
	 */
	bool dt = s->set->ref_annotations_on_failure;

	for (size_t i = 0; i < n; i++) {
		const struct dtbind_member *m = &inst->u.map.members[i];
		bool matched = false, prop_ok = true, by_pattern = false, by_additional = false;

		for (size_t k = 0; k < s->n_props; k++) {
			if (s->props[k].len == m->key_len && !memcmp(s->props[k].name, m->key, m->key_len)) {
				matched = true;
				if (!validate_child(c, s->props[k].s, m->value, m->key, m->key_len, 0))
					prop_ok = false;
				break;
			}
		}
		/* Patterns in their order; the literal ones found through the index. */
		const struct pattern_index *ix = s->pattern_index;
		size_t hits[16], nh = ix ? prefix_hits(ix, m->key, m->key_len, hits, 16) : 0;
		bool indexed = ix && nh != SIZE_MAX;
		size_t ih = 0, io = 0;

		for (size_t k = 0; k < s->n_pattern_props; k++) {
			const struct pattern_schema *p = &s->pattern_props[k];
			bool hit;

			if (indexed) {
				/* next pattern: the smaller of the next hit and the next other */
				size_t nk = ih < nh ? hits[ih] : SIZE_MAX;
				size_t no = io < ix->n_others ? ix->others[io] : SIZE_MAX;

				if (nk == SIZE_MAX && no == SIZE_MAX)
					break;
				k = nk < no ? nk : no;
				p = &s->pattern_props[k];
				if (nk < no) {
					ih++;
					hit = true;
				} else {
					io++;
					hit = p->re && match_regex(c, p->re, m->key, m->key_len) == 1;
				}
			} else {
				hit = p->re && match_regex(c, p->re, m->key, m->key_len) == 1;
			}
			if (hit) {
				matched = true;
				by_pattern = true;
				if (!validate_child(c, p->s, m->value, m->key, m->key_len, 0))
					prop_ok = false;
			}
		}
		if (!matched && s->additional_props) {
			matched = true;
			by_additional = true;
			if (s->additional_props->is_bool && !s->additional_props->bool_value) {
				if (c->collect)
					error_at_property(c, s, "additionalProperties", m);
				prop_ok = false;
			} else if (!validate_child(c, s->additional_props, m->value, m->key,
						   m->key_len, 0)) {
				prop_ok = false;
			}
		}
		if (dt ? (by_pattern || (matched && prop_ok && !by_additional)) : (matched && prop_ok))
			evald_set(ev, i);
		if (dt && s->additional_props && s->additional_props->is_bool &&
		    s->additional_props->bool_value)
			evald_set(ev, i);
		if (!prop_ok)
			ok = false;
		if (s->property_names) {
			struct dtbind_value name = { .kind = DTBIND_STRING, .loc = m->key_loc,
						     .u.str = { m->key, m->key_len } };
			bool collect = c->collect;

			c->collect = false;
			bool nok = validate_merge(c, s->property_names, &name, NULL);

			c->collect = collect;
			if (!nok) {
				if (c->collect) {
					/* Say why: the first error of the name against its schema. */
					size_t mark = c->res->errors.n;
					const char *why = NULL;

					validate_merge(c, s->property_names, &name, NULL);
					/* The most specific reason: an explained branch, else the first. */
					for (size_t k = mark; k < c->res->errors.n && !why; k++)
						if (c->res->errors.v[k].depth > c->explain)
							why = c->res->errors.v[k].message;
					if (!why && c->res->errors.n > mark)
						why = c->res->errors.v[mark].message;
					c->res->errors.n = mark;
					if (s->property_names->enum_ || !why)
						why = arena_printf(&c->res->arena, "'%s' is not allowed here%s",
								   m->key,
								   did_you_mean_enum(c, s->property_names->enum_,
										     &name));
					else
						why = arena_printf(&c->res->arena, "property name %s", why);
					add_error(c, s, "propertyNames", m->key_loc, why);
				}
				ok = false;
			}
		}
	}
	return ok;
}

static bool validate_array(struct vctx *c, const struct dtbind_schema *s,
			   const struct dtbind_value *inst, struct evald *ev)
{
	bool ok = true;
	size_t n = inst->u.seq.n;

	if (s->min_items >= 0 && (int64_t)n < s->min_items) {
		FAIL(c, s, "minItems", inst, "%s is too short (at least %lld item%s, got %zu)",
		     short_json(c, inst), (long long)s->min_items, s->min_items == 1 ? "" : "s", n);
		ok = false;
	}
	if (s->max_items >= 0 && (int64_t)n > s->max_items) {
		FAIL(c, s, "maxItems", inst, "%s is too long (at most %lld item%s, got %zu)",
		     short_json(c, inst), (long long)s->max_items, s->max_items == 1 ? "" : "s", n);
		ok = false;
	}
	if (s->unique_items) {
		for (size_t i = 0; i < n && ok; i++)
			for (size_t k = i + 1; k < n; k++)
				if (dtbind_value_equal(inst->u.seq.items[i], inst->u.seq.items[k])) {
					FAIL(c, s, "uniqueItems", inst,
					     "%s has non-unique items (%zu and %zu are equal)",
					     short_json(c, inst), i, k);
					ok = false;
					break;
				}
	}
	if (s->items) {
		for (size_t i = 0; i < n; i++) {
			if (!validate_child(c, s->items, inst->u.seq.items[i], NULL, 0, i))
				ok = false;
			evald_set(ev, i);
		}
	} else if (s->has_items_list) {
		for (size_t i = 0; i < n; i++) {
			const struct dtbind_schema *is = i < s->n_items_list ? s->items_list[i]
									   : s->additional_items;

			if (!is)
				break;
			if (i >= s->n_items_list && is->is_bool && !is->bool_value) {
				FAIL(c, s, "additionalItems", inst,
				     "%s has too many items (at most %zu allowed, got %zu)",
				     short_json(c, inst), s->n_items_list, n);
				ok = false;
				break;
			}
			if (!validate_child(c, is, inst->u.seq.items[i], NULL, 0, i))
				ok = false;
			evald_set(ev, i);
		}
	}
	if (s->type_size && n && inst->u.seq.items[0]->kind == DTBIND_SEQ &&
	    inst->u.seq.items[0]->u.seq.n) {
		/*
		 * The width a cell was written with (/bits/ N) rides in the value's
		 * style; anything else counts as 32 bits, as in dt-schema.
		 */
		const struct dtbind_value *cell = inst->u.seq.items[0]->u.seq.items[0];
		bool number = cell->kind == DTBIND_INT || cell->kind == DTBIND_FLOAT;
		int64_t size = number && cell->style ? cell->style : 32;

		if (size != s->type_size) {
			FAIL(c, s, "typeSize", inst, "%s has %lld-bit cells, %lld-bit cells expected",
			     short_json(c, inst), (long long)size, (long long)s->type_size);
			ok = false;
		}
	}
	if (s->contains) {
		size_t matches = 0;
		bool collect = c->collect;

		c->collect = false;
		for (size_t i = 0; i < n; i++)
			if (validate_child(c, s->contains, inst->u.seq.items[i], NULL, 0, i))
				matches++;
		c->collect = collect;
		int64_t min = s->min_contains >= 0 ? s->min_contains : 1;

		if ((int64_t)matches < min) {
			if (matches == 0)
				FAIL(c, s, s->min_contains >= 0 ? "minContains" : "contains", inst,
				     "%s does not contain an item that matches 'contains'",
				     short_json(c, inst));
			else
				FAIL(c, s, "minContains", inst,
				     "%s has %zu items that match 'contains', at least %lld required",
				     short_json(c, inst), matches, (long long)min);
			ok = false;
		}
		if (s->max_contains >= 0 && (int64_t)matches > s->max_contains) {
			FAIL(c, s, "maxContains", inst,
			     "%s has %zu items that match 'contains', at most %lld allowed",
			     short_json(c, inst), matches, (long long)s->max_contains);
			ok = false;
		}
	}
	return ok;
}

static bool validate_number(struct vctx *c, const struct dtbind_schema *s,
			    const struct dtbind_value *inst)
{
	double x = dtbind_value_number(inst);
	const char *shown = NULL;
	bool ok = true;

#define SHOWN (shown ? shown : (shown = short_json(c, inst)))
	if (s->has_min && x < s->minimum) {
		FAIL(c, s, "minimum", inst, "%s is less than the minimum of %.17g", SHOWN, s->minimum);
		ok = false;
	}
	if (s->has_max && x > s->maximum) {
		FAIL(c, s, "maximum", inst, "%s is greater than the maximum of %.17g", SHOWN,
		     s->maximum);
		ok = false;
	}
	if (s->has_xmin && x <= s->xminimum) {
		FAIL(c, s, "exclusiveMinimum", inst, "%s must be greater than %.17g", SHOWN,
		     s->xminimum);
		ok = false;
	}
	if (s->has_xmax && x >= s->xmaximum) {
		FAIL(c, s, "exclusiveMaximum", inst, "%s must be less than %.17g", SHOWN, s->xmaximum);
		ok = false;
	}
	if (s->has_multiple && s->multiple > 0) {
		bool multiple;

		if (inst->kind == DTBIND_INT && s->multiple == floor(s->multiple) &&
		    s->multiple < 9.2e18) {
			multiple = inst->u.i % (int64_t)s->multiple == 0;
		} else {
			double q = x / s->multiple;

			multiple = isfinite(q) && fabs(q - round(q)) < 1e-9;
		}
		if (!multiple) {
			FAIL(c, s, "multipleOf", inst, "%s is not a multiple of %.17g", SHOWN,
			     s->multiple);
			ok = false;
		}
	}
#undef SHOWN
	return ok;
}

static bool validate_string(struct vctx *c, const struct dtbind_schema *s,
			    const struct dtbind_value *inst)
{
	bool ok = true;

	if (s->min_len >= 0 || s->max_len >= 0) {
		size_t len = utf8_length(inst->u.str.ptr, inst->u.str.len);

		if (s->min_len >= 0 && (int64_t)len < s->min_len) {
			FAIL(c, s, "minLength", inst, "%s is too short (at least %lld characters)",
			     short_json(c, inst), (long long)s->min_len);
			ok = false;
		}
		if (s->max_len >= 0 && (int64_t)len > s->max_len) {
			FAIL(c, s, "maxLength", inst, "%s is too long (at most %lld characters)",
			     short_json(c, inst), (long long)s->max_len);
			ok = false;
		}
	}
	if (s->format_regex && !hmap_get_str(&s->set->regexes, inst->u.str.ptr, inst->u.str.len)) {
		const char *err = NULL;
		struct dtbind_regex *re = regex_compile(inst->u.str.ptr, inst->u.str.len, &err,
							&s->set->arena);

		if (re) {
			/* Compiled once: the schema that uses the pattern will want it. */
			hmap_put_str(&s->set->regexes, arena_strndup(&s->set->arena, inst->u.str.ptr,
								     inst->u.str.len),
				     inst->u.str.len, re);
		} else {
			FAIL(c, s, "format", inst, "%s is not a valid regular expression: %s",
			     short_json(c, inst), err ? err : "?");
			ok = false;
		}
	}
	if (s->pattern) {
		int m = match_regex(c, s->pattern, inst->u.str.ptr, inst->u.str.len);

		if (m != 1) {
			FAIL(c, s, "pattern", inst, m < 0 ? "%s: regular expression '%s' exceeded its backtracking limit"
							  : "%s does not match '%s'",
			     short_json(c, inst), s->pattern_text);
			ok = false;
		}
	}
	return ok;
}

/* Errors recorded since @mark, for choosing the closest anyOf/oneOf branch. */
struct branch_score {
	size_t n_errors;
	size_t deepest;
	bool type_only;
};

static struct branch_score score_since(struct vctx *c, size_t mark)
{
	struct branch_score sc = { 0, 0, true };

	for (size_t i = mark; i < c->res->errors.n; i++) {
		const struct dtbind_verror *e = &c->res->errors.v[i];
		size_t d = 0;

		for (const char *p = e->instance_path; *p; p++)
			d += *p == '/';
		if (d > sc.deepest)
			sc.deepest = d;
		if (!e->keyword || (strcmp(e->keyword, "type") && strcmp(e->keyword, "const") &&
				    strcmp(e->keyword, "enum")) || d > c->npath)
			sc.type_only = false;
		sc.n_errors++;
	}
	return sc;
}

static bool better(const struct branch_score *a, const struct branch_score *b)
{
	if (a->type_only != b->type_only)
		return !a->type_only;
	if (a->deepest != b->deepest)
		return a->deepest > b->deepest;
	return a->n_errors < b->n_errors;
}

/*
 * All branches of anyOf/oneOf failed: record one error at the keyword and,
 * below it, the errors of the branch that came closest.
 */
static void explain_branches(struct vctx *c, const struct dtbind_schema *s, const char *kw,
			     struct dtbind_schema *const *branches, size_t n,
			     const struct dtbind_value *inst)
{
	if (!c->collect)
		return;
	add_error(c, s, kw, inst->loc,
		  arena_printf(&c->res->arena, "%s is not valid under any of the %zu '%s' schemas",
			       short_json(c, inst), n, kw));
	if (c->explain >= MAX_EXPLAIN_DEPTH)
		return;
	size_t base = c->res->errors.n, best = SIZE_MAX, best_end = base;
	struct branch_score best_score = { 0 };

	c->explain++;
	for (size_t i = 0; i < n; i++) {
		size_t mark = c->res->errors.n;

		validate_merge(c, branches[i], inst, NULL);
		struct branch_score sc = score_since(c, mark);

		if (best == SIZE_MAX || better(&sc, &best_score)) {
			/* Keep only the best branch's errors: move them to base. */
			memmove(&c->res->errors.v[base], &c->res->errors.v[mark],
				(c->res->errors.n - mark) * sizeof(c->res->errors.v[0]));
			c->res->errors.n = base + (c->res->errors.n - mark);
			best = i;
			best_score = sc;
			best_end = c->res->errors.n;
		} else {
			c->res->errors.n = mark;
		}
		c->res->errors.n = best_end;
	}
	c->explain--;
	if (best != SIZE_MAX && c->res->errors.n > base) {
		/* Say which branch the details belong to. */
		struct dtbind_verror *head = &c->res->errors.v[base - 1];

		head->message = arena_printf(&c->res->arena, "%s; the closest, %s/%zu, fails because:", head->message,
					     kw, best);
	}
}

static bool validate_ref(struct vctx *c, const struct dtbind_schema *s, struct schema_ref *ref,
			 const char *kw, const struct dtbind_schema *target,
			 const struct dtbind_value *inst, struct evald *ev)
{
	if (!target) {
		struct dtbind_schema *t;
		int ret = resolve_uri(s->set, ref->uri, &t);

		if (ret) {
			if (c->collect || !c->fatal)
				add_error(c, s, kw, inst->loc,
					  arena_printf(&c->res->arena, "cannot resolve %s '%s': %s",
						       kw, ref->uri, dtbind_strerror(ret)));
			c->fatal = ret;
			return false;
		}
		ref->target = t;
		target = t;
	}
	/* The same schema on the same value, nested: a reference cycle. */
	for (size_t i = 0; i < c->nrefs; i++) {
		if (c->refs[i].s == target && c->refs[i].inst == inst) {
			add_error(c, s, kw, inst->loc,
				  arena_printf(&c->res->arena, "%s '%s' loops back to itself without "
							       "consuming any of the instance", kw,
					       ref->uri));
			c->fatal = -DTBIND_ELIMIT;
			return false;
		}
	}
	if (c->nrefs >= MAX_VALIDATE_DEPTH) {
		c->fatal = -DTBIND_ELIMIT;
		return false;
	}
	c->refs[c->nrefs].s = target;
	c->refs[c->nrefs++].inst = inst;
	bool ok;

	if (s->set->ref_annotations_on_failure) {
		/*
		 * dt-schema's evaluation (python jsonschema): what a referenced
		 * schema accepted stays evaluated even when the schema as a whole
		 * failed, so one bad property is not reported again for every
		 * sibling as "not allowed".
		 */
		struct evald local;

		if (!evald_init(&local, inst)) {
			c->fatal = -DTBIND_ENOMEM;
			c->nrefs--;
			return false;
		}
		ok = validate(c, target, inst, &local);
		if (ev)
			evald_merge(ev, &local);
		evald_free(&local);
	} else {
		ok = validate_merge(c, target, inst, ev);
	}

	c->nrefs--;
	return ok;
}

static bool validate_in_place(struct vctx *c, const struct dtbind_schema *s,
			      const struct dtbind_value *inst, struct evald *ev)
{
	bool ok = true;

	if (s->ref && !validate_ref(c, s, s->ref, "$ref", s->ref->target, inst, ev))
		ok = false;
	if (s->recursive_ref) {
		struct dtbind_schema *t = s->recursive_ref->target;

		if (!t) {
			if (resolve_uri(s->set, s->recursive_ref->uri, &t) == 0)
				s->recursive_ref->target = t;
		}
		/* $recursiveAnchor: the outermost of the contiguous anchored dynamic scopes. */
		if (t && t->recursive_anchor) {
			for (size_t i = c->nscopes; i-- > 0;) {
				if (!c->scopes[i]->recursive_anchor)
					break;
				t = (struct dtbind_schema *)c->scopes[i];
			}
		}
		if (!validate_ref(c, s, s->recursive_ref, "$recursiveRef", t, inst, ev))
			ok = false;
	}
	for (size_t i = 0; i < s->n_all_of; i++)
		if (!validate_merge(c, s->all_of[i], inst, ev))
			ok = false;
	if (s->n_any_of) {
		bool any = false, collect = c->collect;

		c->collect = false;
		for (size_t i = 0; i < s->n_any_of; i++)
			if (validate_merge(c, s->any_of[i], inst, ev))
				any = true;
		c->collect = collect;
		if (!any) {
			explain_branches(c, s, "anyOf", s->any_of, s->n_any_of, inst);
			ok = false;
		}
	}
	if (s->n_one_of) {
		size_t passed = 0, first = 0, second = 0;
		bool collect = c->collect;
		struct evald one;

		if (!evald_init(&one, inst)) {
			c->fatal = -DTBIND_ENOMEM;
			return false;
		}
		c->collect = false;
		for (size_t i = 0; i < s->n_one_of; i++) {
			if (validate_merge(c, s->one_of[i], inst, &one)) {
				if (passed == 0)
					first = i;
				else if (passed == 1)
					second = i;
				passed++;
			}
		}
		c->collect = collect;
		if (passed == 1 && ev)
			evald_merge(ev, &one);
		evald_free(&one);
		if (passed == 0) {
			explain_branches(c, s, "oneOf", s->one_of, s->n_one_of, inst);
			ok = false;
		} else if (passed > 1) {
			FAIL(c, s, "oneOf", inst,
			     "%s is valid under more than one of the 'oneOf' schemas (oneOf/%zu and oneOf/%zu)",
			     short_json(c, inst), first, second);
			ok = false;
		}
	}
	if (s->not_) {
		bool collect = c->collect;

		c->collect = false;
		bool nok = validate_merge(c, s->not_, inst, NULL);

		c->collect = collect;
		if (nok) {
			FAIL(c, s, "not", inst, "%s must not be valid under the 'not' schema",
			     short_json(c, inst));
			ok = false;
		}
	}
	if (s->if_) {
		bool collect = c->collect;

		c->collect = false;
		bool cond = validate_merge(c, s->if_, inst, ev);

		c->collect = collect;
		if (cond && s->then_ && !validate_merge(c, s->then_, inst, ev))
			ok = false;
		if (!cond && s->else_ && !validate_merge(c, s->else_, inst, ev))
			ok = false;
	}
	return ok;
}

static bool validate_unevaluated(struct vctx *c, const struct dtbind_schema *s,
				 const struct dtbind_value *inst, struct evald *ev)
{
	bool ok = true;

	if (s->unevaluated_props && inst->kind == DTBIND_MAP) {
		const struct dtbind_schema *u = s->unevaluated_props;

		for (size_t i = 0; i < inst->u.map.n; i++) {
			const struct dtbind_member *m = &inst->u.map.members[i];

			if (evald_has(ev, i))
				continue;
			if (u->is_bool && !u->bool_value) {
				if (c->collect)
					error_at_property(c, s, "unevaluatedProperties", m);
				ok = false;
			} else if (!validate_child(c, u, m->value, m->key, m->key_len, 0)) {
				ok = false;
			}
			/* dt-schema's validator counts these only under unevaluatedProperties: true. */
			if (!s->set->ref_annotations_on_failure || (u->is_bool && u->bool_value))
				evald_set(ev, i);
		}
	}
	if (s->unevaluated_items && inst->kind == DTBIND_SEQ) {
		const struct dtbind_schema *u = s->unevaluated_items;

		for (size_t i = 0; i < inst->u.seq.n; i++) {
			if (evald_has(ev, i))
				continue;
			if (u->is_bool && !u->bool_value) {
				FAIL(c, s, "unevaluatedItems", inst->u.seq.items[i],
				     "item %zu is not allowed here (unevaluated items are not allowed)", i);
				ok = false;
			} else if (!validate_child(c, u, inst->u.seq.items[i], NULL, 0, i)) {
				ok = false;
			}
			evald_set(ev, i);
		}
	}
	return ok;
}

static bool validate(struct vctx *c, const struct dtbind_schema *s, const struct dtbind_value *inst,
		     struct evald *ev)
{
	bool ok = true;

	if (c->fatal)
		return false;
	if (s->is_bool) {
		if (!s->bool_value)
			FAIL(c, s, NULL, inst, "%s is not allowed here (the schema is 'false')",
			     short_json(c, inst));
		return s->bool_value;
	}
	if (s->bad) {
		add_error(c, s, NULL, s->v->loc, arena_printf(&c->res->arena, "invalid schema: %s",
							       s->bad));
		c->fatal = -DTBIND_EINVAL;
		return false;
	}
	if (++c->depth > MAX_VALIDATE_DEPTH) {
		add_error(c, s, NULL, inst->loc, "validation nested too deeply");
		c->fatal = -DTBIND_ELIMIT;
		c->depth--;
		return false;
	}
	bool pushed = false;

	if (s->is_resource_root) {
		c->scopes[c->nscopes++] = s;
		pushed = true;
	}
	if (s->has_types && !type_matches(s->types, inst)) {
		FAIL(c, s, "type", inst, "%s is not of type %s", short_json(c, inst),
		     type_names(s->types));
		ok = false;
	}
	if (s->const_ && !dtbind_value_equal(s->const_, inst)) {
		FAIL(c, s, "const", inst, "%s was expected, got %s", short_json(c, s->const_),
		     short_json(c, inst));
		ok = false;
	}
	if (s->enum_ && s->enum_->kind == DTBIND_SEQ) {
		bool found = false;

		for (size_t i = 0; i < s->enum_->u.seq.n && !found; i++)
			found = dtbind_value_equal(s->enum_->u.seq.items[i], inst);
		if (!found) {
			if (c->collect) {
				char buf[200];

				dtbind_value_to_json(s->enum_, buf, sizeof(buf));
				FAIL(c, s, "enum", inst, "%s is not one of %s%s", short_json(c, inst), buf,
				     did_you_mean_enum(c, s->enum_, inst));
			}
			ok = false;
		}
	}
	switch (inst->kind) {
	case DTBIND_INT:
	case DTBIND_FLOAT:
		ok &= validate_number(c, s, inst);
		break;
	case DTBIND_STRING:
		ok &= validate_string(c, s, inst);
		break;
	case DTBIND_SEQ:
		ok &= validate_array(c, s, inst, ev);
		break;
	case DTBIND_MAP:
		ok &= validate_object(c, s, inst, ev);
		break;
	default:
		break;
	}
	ok &= validate_in_place(c, s, inst, ev);
	/* unevaluated* look at everything above, so they come last. */
	if (s->unevaluated_props || s->unevaluated_items)
		ok &= validate_unevaluated(c, s, inst, ev);
	if (pushed)
		c->nscopes--;
	c->depth--;
	return ok && !c->fatal;
}

int dtbind_schema_validate(const struct dtbind_schema *schema, const struct dtbind_value *instance,
			   struct dtbind_validation **result)
{
	struct dtbind_schema_set *set = schema->set;
	struct dtbind_validation *res = calloc(1, sizeof(*res));
	/* Not zeroed: the stacks are large and only their counts need a value. */
	struct vctx *c = set->spare_vctx ? set->spare_vctx : malloc(sizeof(*c));
	int ret;

	set->spare_vctx = NULL;	/* taken: a validation inside this one would get its own */
	if (!res || !c) {
		free(res);
		free(c);
		return -DTBIND_ENOMEM;
	}
	arena_init(&res->arena, 16 * 1024);
	c->res = res;
	c->collect = result != NULL;
	c->depth = c->explain = 0;
	c->fatal = 0;
	c->npath = c->nscopes = c->nrefs = 0;
	/* The document root is the outermost dynamic scope even without $id. */
	if (!schema->is_resource_root && schema->sc.res->root != schema->v) {
		struct dtbind_schema *root;

		if (resolve_fragment(schema->set, schema->sc.res, "", &root) == 0)
			c->scopes[c->nscopes++] = root;
	}
	bool ok = validate_merge(c, schema, instance, NULL);

	ret = c->fatal ? c->fatal : ok ? 1 : 0;
	res->result = ret;
	if (!set->spare_vctx)
		set->spare_vctx = c;
	else
		free(c);
	if (result)
		*result = res;
	else
		dtbind_validation_free(res);
	return ret;
}

const struct dtbind_verrors *dtbind_validation_errors(const struct dtbind_validation *r)
{
	return &r->errors;
}

void dtbind_validation_free(struct dtbind_validation *r)
{
	if (!r)
		return;
	free(r->errors.v);
	arena_release(&r->arena);
	free(r);
}

void dtbind_validation_report(const struct dtbind_validation *r, struct dtbind_diag *diag,
			      const char *rule)
{
	for (size_t i = 0; i < r->errors.n; i++) {
		const struct dtbind_verror *e = &r->errors.v[i];
		bool repeated = false;

		if (e->depth)
			continue;	/* printed below their head */
		/*
		 * The same failure reached through several schemas (the 2019-09
		 * meta-schema repeats "type" in each vocabulary) is said once.
		 */
		for (size_t k = 0; k < i; k++)
			if (!r->errors.v[k].depth &&
			    !strcmp(r->errors.v[k].instance_path, e->instance_path) &&
			    !strcmp(r->errors.v[k].message, e->message))
				repeated = true;
		if (repeated)
			continue;
		struct dtbind_finding f = {
			.severity = DTBIND_ERROR,
			.loc = e->loc,
			.rule = rule,
			.message = e->message,
			.node = e->instance_path,
			.schema = e->schema_path,
			.fix_from = e->fix_from,
			.fix_to = e->fix_to,
		};

		dtbind_diag_emit(diag, &f);
		/* The closest branch of an anyOf/oneOf, then where the schema said so. */
		for (size_t k = i + 1; k < r->errors.n && r->errors.v[k].depth; k++) {
			const struct dtbind_verror *d = &r->errors.v[k];
			struct dtbind_finding n = {
				.severity = DTBIND_NOTE,
				.loc = d->loc,
				.rule = rule,
				.message = d->message,
				.node = d->instance_path,
				.schema = d->schema_path,
			};

			dtbind_diag_emit(diag, &n);
		}
		if (e->hint && *e->hint) {
			char *msg = NULL;
			struct dtbind_finding n = {
				.severity = DTBIND_NOTE,
				.loc = e->schema_loc.line ? e->schema_loc : e->loc,
				.rule = rule,
				.node = e->instance_path,
				.schema = e->schema_path,
			};

			if (asprintf(&msg, "hint: %s", e->hint) >= 0) {
				n.message = msg;
				dtbind_diag_emit(diag, &n);
				free(msg);
			}
		}
		if (e->schema_loc.line) {
			char *msg = NULL;
			struct dtbind_finding n = {
				.severity = DTBIND_NOTE,
				.loc = e->schema_loc,
				.rule = rule,
				.node = e->instance_path,
				.schema = e->schema_path,
			};

			if (e->keyword && asprintf(&msg, "'%s' of the schema is here", e->keyword) < 0)
				msg = NULL;
			n.message = msg ? msg : "the schema is here";
			dtbind_diag_emit(diag, &n);
			free(msg);
		}
	}
}
