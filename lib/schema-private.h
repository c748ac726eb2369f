/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * schema-private.h - what the JSON Schema engine's modules share: the
 * schema set, its resources, compiled schema nodes, and the functions one
 * module calls in another.  See schema.c for the design.
 */
#ifndef DTBIND_SCHEMA_PRIVATE_H
#define DTBIND_SCHEMA_PRIVATE_H

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
#define EMBED_SCHEME DTBIND_EMBEDDED

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
	struct array_keyword *array_keywords;	/* the application's, checked on arrays */
	dtbind_schema_loader loader;
	void *loader_ctx;
	struct doc_list *docs;
	struct vctx *spare_vctx;	/* reused: it is large, and validations come by the thousand */
	unsigned anon;			/* counter for documents without a URI */
	bool ref_annotations_on_failure;
	bool assert_regex_format;
};

struct array_keyword {
	const char *name;
	dtbind_array_keyword_fn check;
	struct array_keyword *next;
};

/* An application keyword a schema has, with its value. */
struct keyword_use {
	const struct array_keyword *kw;
	const struct dtbind_value *arg;
	struct keyword_use *next;
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
	struct keyword_use *array_keywords;	/* the application's keywords it has */
	bool format_regex;		/* format: regex, asserted */
	struct dtbind_regex *pattern;
	const char *pattern_text;
};

/* ---- schema.c ---- */
bool schema_is_schema_value(const struct dtbind_value *v);
int schema_resolve_fragment(struct dtbind_schema_set *set, struct resource *r, const char *frag,
			    struct dtbind_schema **out);
int schema_resolve_uri(struct dtbind_schema_set *set, const char *uri, struct dtbind_schema **out);

/* ---- schema-compile.c ---- */
size_t schema_prefix_hits(const struct pattern_index *ix, const char *key, size_t key_len,
			  size_t *hits, size_t max);
struct dtbind_schema *schema_compile(struct dtbind_schema_set *set, const struct dtbind_value *v,
				     struct scope sc, const char *ptr, unsigned depth);

#endif /* DTBIND_SCHEMA_PRIVATE_H */
