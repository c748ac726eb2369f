// SPDX-License-Identifier: BSD-2-Clause
/*
 * dttypes.c - the property type database: which types.yaml type each
 * property name has, learnt from every (fixed-up) binding, and the matrix
 * dimensions of matrix and phandle-array properties.  An FDT carries bytes
 * only; this is what turns them back into typed values, the way the
 * reference (dt-schema 2022.08) does it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dttypes.h"
#include "fixup.h"
#include "vbuild.h"

struct type_entry {
	const char *type;		/* NULL: the schema gave no type */
	bool has_dim;
	int64_t dim[2][2];		/* (outer min,max), (inner min,max) */
	struct dtbind_regex *re;	/* for patternProperties */
	bool is_pattern;
	struct type_entry *next;
};

struct prop_types {
	const char *name;
	struct type_entry *entries;
	struct prop_types *next_in_order;
};

/*
 * A database loaded from a cache file stays there: the records are decoded
 * one by one as lookups name them (a binary search of the name-sorted offset
 * table), so that a one-binding run does not build a map of every property.
 */
struct saved_view {
	const unsigned char *offsets;	/* n u32, by name */
	const unsigned char *records;	/* in learnt order */
	size_t len;
	uint32_t n;
	bool all_decoded;		/* first..last lists every record */
};

struct dt_types {
	struct arena arena;
	struct hmap props;		/* name -> struct prop_types (loaded: those decoded so far) */
	struct prop_types *first, *last;
	struct saved_view view;		/* loaded from a cache file: records non-NULL */
	struct prop_types **patterns;	/* typed patternProperties, in order */
	size_t n_patterns;
	bool patterns_indexed;		/* compiled at the first lookup needing them */
	/* while building: */
	enum dtbind_gen gen;
	const struct dtbind_value *root;	/* the binding, for local $refs */
};

static bool is_map(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_MAP;
}

static bool is_seq(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_SEQ;
}

static const char *const type_names[] = {
	/* longest first, so a prefix never wins over the whole name */
	"phandle-array", "phandle", "string-array", "string", "flag",
};

/*
 * The first type name in a $ref (the reference searches
 * (flag|u?int(8|16|32|64)(-(array|matrix))?|string(-array)?|phandle(-array)?);
 * 2026.06 adds "address" as the first choice).
 */
static const char *type_in_ref(struct arena *a, const char *ref, bool modern)
{
	for (const char *p = ref; *p; p++) {
		if (modern && !strncmp(p, "address", 7))
			return "address";
		for (size_t i = 0; i < ARRAY_SIZE(type_names); i++)
			if (!strncmp(p, type_names[i], strlen(type_names[i])))
				return type_names[i];
		const char *q = p;

		if (*q == 'u')
			q++;
		if (strncmp(q, "int", 3))
			continue;
		q += 3;
		static const char *const widths[] = { "8", "16", "32", "64" };

		for (size_t w = 0; w < ARRAY_SIZE(widths); w++) {
			size_t wl = strlen(widths[w]);

			if (strncmp(q, widths[w], wl))
				continue;
			const char *e = q + wl;

			if (!strncmp(e, "-array", 6))
				e += 6;
			else if (!strncmp(e, "-matrix", 7))
				e += 7;
			return arena_strndup(a, p, (size_t)(e - p));
		}
	}
	return NULL;
}

static bool is_string_schema(const struct dtbind_value *s)
{
	static const char *const keys[] = { "const", "enum", "pattern" };

	for (size_t i = 0; is_map(s) && i < ARRAY_SIZE(keys); i++) {
		const struct dtbind_value *v = dtbind_value_get(s, keys[i]);

		if (is_seq(v))
			v = v->u.seq.n ? v->u.seq.items[0] : NULL;
		if (v && v->kind == DTBIND_STRING)
			return true;
	}
	return false;
}

static bool str_is(const struct dtbind_value *v, const char *s)
{
	return v && v->kind == DTBIND_STRING && !strcmp(v->u.str.ptr, s);
}

static struct prop_types *get_or_add(struct dt_types *t, const char *name)
{
	struct prop_types *p = hmap_get_str(&t->props, name, strlen(name));

	if (p)
		return p;
	p = arena_alloc(&t->arena, sizeof(*p));
	if (!p || !(p->name = arena_strdup(&t->arena, name)) ||
	    hmap_put_str(&t->props, p->name, strlen(p->name), p))
		return NULL;
	if (t->last)
		t->last->next_in_order = p;
	else
		t->first = p;
	t->last = p;
	return p;
}

static bool dim_is_zero(int64_t d[2][2])
{
	return !d[0][0] && !d[0][1] && !d[1][0] && !d[1][1];
}

static void merge_dim(int64_t into[2][2], int64_t d[2][2])
{
	for (int i = 0; i < 2; i++) {
		if (!into[i][0] && !into[i][1]) {
			into[i][0] = d[i][0];
			into[i][1] = d[i][1];
		} else if (d[i][0] || d[i][1]) {
			int64_t lo = into[i][0], hi = into[i][0];
			int64_t vals[4] = { into[i][0], into[i][1], d[i][0], d[i][1] };

			for (int k = 0; k < 4; k++) {
				if (vals[k] < lo)
					lo = vals[k];
				if (vals[k] > hi)
					hi = vals[k];
			}
			into[i][0] = lo;
			into[i][1] = hi;
		}
	}
}

static void extract_subschema(struct dt_types *t, const struct dtbind_value *s, unsigned depth);

/* @e appended to @p's entries, in place of @dup (an entry it supersedes) when given. */
static void replace_entry(struct prop_types *p, struct type_entry *dup, struct type_entry *e)
{
	struct type_entry **pp;

	for (pp = &p->entries; dup && *pp; pp = &(*pp)->next)
		if (*pp == dup) {
			*pp = dup->next;
			break;
		}
	for (pp = &p->entries; *pp; pp = &(*pp)->next)
		;
	*pp = e;
}

/* 2026.06: the widest of two ranges, 0 (unbounded) winning a maximum; a maximum of 1 fixes it. */
static void merge_dim_2026(int64_t into[2][2], int64_t d[2][2])
{
	for (int i = 0; i < 2; i++) {
		int64_t lo = into[i][0] < d[i][0] ? into[i][0] : d[i][0];
		int64_t hi = into[i][1] > d[i][1] ? into[i][1] : d[i][1];

		if (!into[i][1] || !d[i][1])
			hi = 0;
		if (hi == 1)
			lo = 1;
		into[i][0] = lo;
		into[i][1] = hi;
	}
}

static bool is_matrix_type(const char *type)
{
	return !strcmp(type, "phandle-array") || str_ends_with(type, "-matrix");
}

enum settle { NEXT, KNOWN, REPLACES };

/*
 * What a new entry @e does to an entry @o already known, in 2026.06: all
 * matrix types share the first one's merged dimensions, an equal type is
 * known, string widens to string-array; a scalar stays next to its array
 * (the length decides when decoding).
 */
static enum settle settle_2026(struct type_entry *o, struct type_entry *e)
{
	if (e->has_dim && is_matrix_type(o->type)) {
		merge_dim_2026(o->dim, e->dim);
		return KNOWN;
	}
	if (!strcmp(o->type, e->type))
		return KNOWN;
	if (strstr(o->type, "string") && strstr(e->type, "string")) {
		if (!strcmp(e->type, "string-array"))
			o->type = e->type;
		return KNOWN;
	}
	return NEXT;
}

/* The same in 2022.08: the same or a looser type is known; a scalar gives way to its array. */
static enum settle settle_2022(struct type_entry *o, struct type_entry *e)
{
	if (e->has_dim && !dim_is_zero(e->dim) && is_matrix_type(o->type)) {
		if (!o->has_dim) {
			o->has_dim = true;
			memcpy(o->dim, e->dim, sizeof(o->dim));
		} else if (memcmp(o->dim, e->dim, sizeof(o->dim))) {
			merge_dim(o->dim, e->dim);
		}
		return KNOWN;
	}
	if (!strncmp(o->type, e->type, strlen(e->type)))
		return KNOWN;
	return strstr(e->type, o->type) ? REPLACES : NEXT;
}

/* @e among @p's entries: an untyped entry gives way to it. */
static void add_entry(struct prop_types *p, struct type_entry *e, enum dtbind_gen gen)
{
	struct type_entry *dup = NULL;

	for (struct type_entry *o = p->entries; o && !dup; o = o->next) {
		enum settle r = !o->type ? REPLACES
			      : gen == DTBIND_GEN_2026_06 ? settle_2026(o, e) : settle_2022(o, e);

		if (r == KNOWN)
			return;
		if (r == REPLACES)
			dup = o;
	}
	replace_entry(p, dup, e);
}

static int64_t int_at(const struct dtbind_value *s, const char *key, int64_t dflt)
{
	const struct dtbind_value *v = dtbind_value_get(s, key);

	return v && v->kind == DTBIND_INT ? v->u.i : dflt;
}

/* 2026.06's size range of one level: a lone minItems no longer bounds it (max 0). */
static void range_2026(const struct dtbind_value *s, int64_t *min, int64_t *max)
{
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (is_seq(items)) {
		*max = (int64_t)items->u.seq.n;
		*min = int_at(s, "minItems", *max);
	} else {
		*min = int_at(s, "minItems", 1);
		*max = int_at(s, "maxItems", 0);
	}
}

/* 2026.06's dimensions: inner from the first of an items list, (0, 0) without items. */
static void dims_2026(const struct dtbind_value *s, int64_t dim[2][2])
{
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	range_2026(s, &dim[0][0], &dim[0][1]);
	dim[1][0] = dim[1][1] = 0;
	if (is_seq(items) && items->u.seq.n)
		range_2026(items->u.seq.items[0], &dim[1][0], &dim[1][1]);
	else if (is_map(items))
		range_2026(items, &dim[1][0], &dim[1][1]);
}

/* '#/a/b' in the binding being read, or NULL (read only: the cast is for the lookup). */
static const struct dtbind_value *local_target(const struct dt_types *t, const char *ref)
{
	return vb_pointer((struct dtbind_value *)(uintptr_t)t->root, ref);
}

/* 2026.06's implicit type of a unit-suffix array: microvolts signed, hertz. */
static const char *unit_matrix_2026(const char *name)
{
	size_t n = strlen(name);

	if (n >= 10 && !strcmp(name + n - 10, "-microvolt"))
		return "int32-matrix";
	if (n >= 3 && !strcmp(name + n - 3, "-hz") && strncmp(name, "opp", 3))
		return "uint32-matrix";
	return NULL;
}

static void extract_prop(struct dt_types *t, const char *name, const struct dtbind_value *s,
			 bool is_pattern, unsigned depth)
{
	static const char *const nested[] = { "properties", "patternProperties",
					      "additionalProperties" };
	static const char *const conds[] = { "allOf", "oneOf", "anyOf" };
	struct prop_types *p;

	if (!is_map(s) || name[0] == '$' || depth > 64 || !(p = get_or_add(t, name)))
		return;
	bool has_nested = false;

	for (size_t i = 0; i < ARRAY_SIZE(nested); i++)
		has_nested |= dtbind_value_get(s, nested[i]) != NULL;
	if (has_nested)
		extract_subschema(t, s, depth + 1);
	/* 2026.06 follows a binding's own '#/...' refs for the type. */
	const struct dtbind_value *lref = dtbind_value_get(s, "$ref");

	if (t->gen == DTBIND_GEN_2026_06 && lref && lref->kind == DTBIND_STRING)
		extract_prop(t, name, local_target(t, lref->u.str.ptr), is_pattern, depth + 1);
	for (size_t c = 0; c < ARRAY_SIZE(conds); c++) {
		const struct dtbind_value *l = dtbind_value_get(s, conds[c]);

		for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++)
			extract_prop(t, name, l->u.seq.items[i], is_pattern, depth + 1);
	}
	const char *type = NULL;
	const struct dtbind_value *ref = dtbind_value_get(s, "$ref");
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (str_is(dtbind_value_get(s, "type"), "object") ||
	    (t->gen == DTBIND_GEN_2026_06 && has_nested)) {
		type = "node";
	} else if (ref && ref->kind == DTBIND_STRING &&
		   (type = type_in_ref(&t->arena, ref->u.str.ptr, t->gen == DTBIND_GEN_2026_06))) {
		/* a types.yaml type */
	} else if (str_is(dtbind_value_get(s, "type"), "boolean")) {
		type = "flag";
	} else if (items) {
		const struct dtbind_value *first = is_seq(items) ? (items->u.seq.n ? items->u.seq.items[0] : NULL)
								  : items;

		if (is_string_schema(first))
			type = "string-array";
		else if (t->gen == DTBIND_GEN_2026_06)
			type = unit_matrix_2026(name);
		else if (fixup_has_unit_suffix(name))
			type = "uint32-matrix";
	} else if (ref && ref->kind == DTBIND_STRING &&
		   (str_ends_with(ref->u.str.ptr, ".yaml") || str_ends_with(ref->u.str.ptr, ".yaml#"))) {
		type = "node";
	}
	struct type_entry *e = arena_alloc(&t->arena, sizeof(*e));

	if (!e)
		return;
	e->type = type;
	e->is_pattern = is_pattern;
	if (!type) {
		if (!p->entries)
			p->entries = e;
		return;
	}
	int64_t dim[2][2] = { { 0, 0 }, { 0, 0 } };
	bool matrix = !strcmp(type, "phandle-array") || str_ends_with(type, "-matrix");

	if (matrix && t->gen == DTBIND_GEN_2026_06) {
		dims_2026(s, dim);
	} else if (matrix) {
		fixup_array_range(s, &dim[0][0], &dim[0][1]);
		if (items)
			fixup_array_range(items, &dim[1][0], &dim[1][1]);
		else
			dim[1][0] = 1, dim[1][1] = 0;
	}
	e->has_dim = matrix;
	memcpy(e->dim, dim, sizeof(dim));
	add_entry(p, e, t->gen);
}

static void extract_subschema(struct dt_types *t, const struct dtbind_value *s, unsigned depth)
{
	if (!is_map(s) || depth > 64)
		return;
	const struct dtbind_value *ap = dtbind_value_get(s, "additionalProperties");

	if (ap)
		extract_subschema(t, ap, depth + 1);
	/* 2026.06 also reads the node schema's conditional branches. */
	static const char *const conds[] = { "allOf", "oneOf", "anyOf" };

	for (size_t c = 0; t->gen == DTBIND_GEN_2026_06 && c < ARRAY_SIZE(conds); c++) {
		const struct dtbind_value *l = dtbind_value_get(s, conds[c]);

		for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++)
			extract_subschema(t, l->u.seq.items[i], depth + 1);
	}
	static const char *const kws[] = { "properties", "patternProperties" };

	for (size_t k = 0; k < ARRAY_SIZE(kws); k++) {
		const struct dtbind_value *m = dtbind_value_get(s, kws[k]);

		for (size_t i = 0; is_map(m) && i < m->u.map.n; i++)
			extract_prop(t, m->u.map.members[i].key, m->u.map.members[i].value, k == 1,
				     depth + 1);
	}
}

/* The generic name patterns of dt-core that would type everything. */
static bool is_generic_pattern(const char *k)
{
	static const char *const generic[] = {
		"^[a-z][a-z0-9\\-]*$", "^[a-zA-Z][a-zA-Z0-9\\-_]{0,63}$", "^.*$", ".*",
	};

	for (size_t i = 0; i < ARRAY_SIZE(generic); i++)
		if (!strcmp(k, generic[i]))
			return true;
	return false;
}

/* re.search(r'[0-9a-zA-F-]{3}', key): some fixed text in the pattern. */
static bool has_fixed_text(const char *k)
{
	unsigned run = 0;

	for (; *k; k++) {
		char c = *k;
		bool in = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'F') ||
			  c == '-';

		run = in ? run + 1 : 0;
		if (run >= 3)
			return true;
	}
	return false;
}

static struct dt_types *types_new(void)
{
	struct dt_types *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	arena_init(&t->arena, 256 * 1024);
	hmap_init(&t->props);
	return t;
}

/* The typed patternProperties, compiled, in the order they were learnt. */
static int index_patterns(struct dt_types *t)
{
	size_t cap = 0;

	for (struct prop_types *p = t->first; p; p = p->next_in_order) {
		if (!p->entries || !p->entries->is_pattern || is_generic_pattern(p->name) ||
		    !has_fixed_text(p->name))
			continue;
		const char *err;

		p->entries->re = regex_compile(p->name, strlen(p->name), &err, &t->arena);
		if (!p->entries->re)
			continue;
		if (t->n_patterns == cap) {
			cap = cap ? cap * 2 : 64;
			struct prop_types **np = realloc(t->patterns, cap * sizeof(*np));

			if (!np)
				return -DTBIND_ENOMEM;
			t->patterns = np;
		}
		t->patterns[t->n_patterns++] = p;
	}
	return 0;
}

/*
 * Compiling every typed pattern costs more than all the lookups of a
 * one-binding run, most of which an exact name answers; so the patterns are
 * compiled at the first lookup that falls through to them.  The database is
 * always heap-allocated (never defined const) and workers are forked, not
 * threads, so filling it in behind a const pointer is sound.  Out of memory,
 * the patterns compiled so far are used.
 */
static void decode_all(struct dt_types *t);

static const struct dt_types *with_patterns(const struct dt_types *t)
{
	struct dt_types *filled = (struct dt_types *)t;

	if (!filled->patterns_indexed) {
		filled->patterns_indexed = true;
		if (filled->view.records && !filled->view.all_decoded)
			decode_all(filled);
		(void)index_patterns(filled);
	}
	return t;
}

int dt_types_build(struct dt_types **out, const struct dtbind_value *const *schemas, size_t n,
		   enum dtbind_gen gen)
{
	struct dt_types *t = types_new();

	*out = NULL;
	if (!t)
		return -DTBIND_ENOMEM;
	t->gen = gen;
	for (size_t i = 0; i < n; i++) {
		t->root = schemas[i];
		extract_subschema(t, schemas[i], 0);
	}
	t->root = NULL;

	/* Drop node and untyped entries; the typed patterns are split out lazily. */
	for (struct prop_types *p = t->first; p; p = p->next_in_order) {
		struct type_entry **pp = &p->entries;

		while (*pp) {
			if (!(*pp)->type || !strcmp((*pp)->type, "node"))
				*pp = (*pp)->next;
			else
				pp = &(*pp)->next;
		}
	}
	*out = t;
	return 0;
}

enum dtbind_gen dt_types_gen(const struct dt_types *t)
{
	return t ? t->gen : DTBIND_GEN_AUTO;
}

void dt_types_set_gen(struct dt_types *t, enum dtbind_gen gen)
{
	if (t)
		t->gen = gen;
}

/* Names in the order of the saved offset table: bytes, then the shorter first. */
static int name_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : (alen > blen) - (alen < blen);
}

struct named_offset {
	const char *name;
	size_t len;
	uint32_t offset;
};

static int named_offset_cmp(const void *a, const void *b)
{
	const struct named_offset *x = a, *y = b;

	return name_cmp(x->name, x->len, y->name, y->len);
}

static void put_record(struct strbuf *sb, const struct prop_types *p)
{
	uint32_t ne = 0;

	put_str(sb, p->name, strlen(p->name));
	for (const struct type_entry *e = p->entries; e; e = e->next)
		ne++;
	put_u32(sb, ne);
	for (const struct type_entry *e = p->entries; e; e = e->next) {
		put_str(sb, e->type, strlen(e->type));
		put_u8(sb, (uint8_t)(e->has_dim | e->is_pattern << 1));
		for (int i = 0; i < 2; i++)
			for (int k = 0; k < 2; k++)
				put_u64(sb, (uint64_t)e->dim[i][k]);
	}
}

/*
 * Only what lookups use, the properties with a type: u32 n, u64 length of
 * the records, n u32 offsets of the records in name order, then the records
 * in the order learnt (patterns are tried in that order).
 */
void dt_types_save(const struct dt_types *t, struct strbuf *sb)
{
	const struct saved_view *v = &t->view;

	if (v->records) {	/* as it was read */
		put_u32(sb, v->n);
		put_u64(sb, v->len);
		sb_putn(sb, (const char *)v->offsets, (size_t)v->n * 4);
		sb_putn(sb, (const char *)v->records, v->len);
		return;
	}
	size_t n = 0, i = 0;

	for (const struct prop_types *p = t->first; p; p = p->next_in_order)
		n += p->entries != NULL;
	struct named_offset *by_name = malloc((n ? n : 1) * sizeof(*by_name));
	struct strbuf records;

	sb_init(&records);
	for (const struct prop_types *p = t->first; by_name && p; p = p->next_in_order) {
		if (!p->entries)
			continue;
		by_name[i++] = (struct named_offset){ p->name, strlen(p->name), (uint32_t)records.len };
		put_record(&records, p);
	}
	if (!by_name || records.oom || records.len > UINT32_MAX) {
		sb->oom = true;
	} else {
		if (n)
			qsort(by_name, n, sizeof(*by_name), named_offset_cmp);
		put_u32(sb, (uint32_t)n);
		put_u64(sb, records.len);
		for (i = 0; i < n; i++)
			put_u32(sb, by_name[i].offset);
		sb_putn(sb, records.buf, records.len);
	}
	sb_free(&records);
	free(by_name);
}

/* One saved record at @r, into the arena, its name @len bytes; NULL when damaged or out of memory. */
static struct prop_types *decode_record(struct dt_types *t, struct reader *r, size_t *len)
{
	struct prop_types *p = arena_alloc(&t->arena, sizeof(*p));

	if (!p)
		return NULL;
	p->name = get_str(r, len);
	uint32_t ne = get_u32(r);
	struct type_entry **tail = &p->entries;
	struct type_entry *entries = reader_fits(r, ne, 38) ?
		arena_alloc(&t->arena, (size_t)ne * sizeof(*entries)) : NULL;

	if (r->bad || (ne && !entries))
		return NULL;
	for (uint32_t k = 0; k < ne; k++) {
		struct type_entry *e = &entries[k];

		e->type = get_str(r, NULL);
		uint8_t flags = get_u8(r);

		e->has_dim = flags & 1;
		e->is_pattern = flags & 2;
		for (int a = 0; a < 2; a++)
			for (int b = 0; b < 2; b++)
				e->dim[a][b] = (int64_t)get_u64(r);
		*tail = e;
		tail = &e->next;
	}
	return r->bad ? NULL : p;
}

/* The record at @r, through the map: decoded once, whichever lookup comes first. */
static struct prop_types *saved_record(struct dt_types *t, struct reader *r)
{
	size_t len;
	struct prop_types *d = decode_record(t, r, &len);
	struct prop_types *p = d ? hmap_get_str(&t->props, d->name, len) : NULL;

	if (p || !d)
		return p;
	return hmap_put_str(&t->props, d->name, len, d) ? NULL : d;
}

/* Every saved record, in the order learnt, as first..last (the patterns need them all). */
static void decode_all(struct dt_types *t)
{
	struct reader r = { t->view.records, t->view.records + t->view.len, false };

	t->view.all_decoded = true;
	while (r.p < r.end) {
		struct prop_types *p = saved_record(t, &r);

		if (!p)
			return;
		if (p == t->last || p->next_in_order)
			continue;	/* a damaged file's second record of one name */
		if (t->last)
			t->last->next_in_order = p;
		else
			t->first = p;
		t->last = p;
	}
}

/* The property named @name (@len bytes): the map, else a binary search of the saved offsets. */
static const struct prop_types *find(const struct dt_types *t, const char *name, size_t len)
{
	struct dt_types *filled = (struct dt_types *)(uintptr_t)t;	/* see with_patterns() */
	struct prop_types *p = hmap_get_str(&t->props, name, len);
	const struct saved_view *v = &t->view;

	if (p || !v->records || v->all_decoded)
		return p;
	for (size_t lo = 0, hi = v->n; lo < hi;) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t off = load_u32(v->offsets + mid * 4);
		struct reader r = { v->records + (off < v->len ? off : v->len), v->records + v->len, false };
		size_t mlen;
		const char *mname = get_str(&r, &mlen);

		if (r.bad)
			return NULL;
		int c = name_cmp(name, len, mname, mlen);

		if (!c) {
			r.p = v->records + off;
			return saved_record(filled, &r);
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/*
 * The database saved at @r, which must outlive it: only its framing is read
 * here, each record when a lookup needs it.
 */
int dt_types_load(struct dt_types **out, struct reader *r)
{
	struct dt_types *t = types_new();

	*out = NULL;
	if (!t)
		return -DTBIND_ENOMEM;
	uint32_t n = get_u32(r);
	uint64_t len = get_u64(r);

	if (reader_fits(r, n, 4)) {
		t->view.offsets = r->p;
		r->p += (size_t)n * 4;
	}
	if (r->bad || len > (uint64_t)(r->end - r->p) || (n && len < (uint64_t)n * 9) ||
	    len > UINT32_MAX) {
		r->bad = true;
		dt_types_free(t);
		return -DTBIND_EPARSE;
	}
	t->view.records = r->p;
	t->view.len = (size_t)len;
	t->view.n = n;
	r->p += len;
	*out = t;
	return 0;
}

static const struct prop_types *exact(const struct dt_types *t, const char *name)
{
	const struct prop_types *p = find(t, name, strlen(name));

	if (!p || !p->entries || p->entries->is_pattern || is_generic_pattern(name))
		return NULL;
	return p;
}

size_t dt_types_get(const struct dt_types *t, const char *name, const char **types, size_t max)
{
	size_t n = 0;
	const struct prop_types *p = exact(t, name);

	if (p) {
		for (const struct type_entry *e = p->entries; e && n < max; e = e->next)
			types[n++] = e->type;
		return n;
	}
	t = with_patterns(t);
	for (size_t i = 0; i < t->n_patterns && n < max; i++) {
		const struct type_entry *e = t->patterns[i]->entries;
		bool seen = false;

		for (size_t k = 0; k < n; k++)
			seen |= !strcmp(types[k], e->type);
		if (!seen && regex_match(e->re, name, strlen(name)) == 1)
			types[n++] = e->type;
	}
	return n;
}

size_t dt_types_get_key(const struct dt_types *t, const char *key, bool is_pattern,
			const char **types, size_t max)
{
	const struct prop_types *p;
	size_t n = 0;

	if (!is_pattern)
		return dt_types_get(t, key, types, max);
	p = find(t, key, strlen(key));
	for (const struct type_entry *e = p ? p->entries : NULL; e && n < max; e = e->next)
		types[n++] = e->type;
	return n;
}

bool dt_types_dim(const struct dt_types *t, const char *name, int64_t dim[2][2])
{
	const struct prop_types *p = exact(t, name);

	if (p) {
		for (const struct type_entry *e = p->entries; e; e = e->next)
			if (e->has_dim) {
				memcpy(dim, e->dim, sizeof(e->dim));
				return true;
			}
		return false;
	}
	t = with_patterns(t);
	for (size_t i = 0; i < t->n_patterns; i++) {
		const struct type_entry *e = t->patterns[i]->entries;

		if (e->has_dim && regex_match(e->re, name, strlen(name)) == 1) {
			memcpy(dim, e->dim, sizeof(e->dim));
			return true;
		}
	}
	return false;
}

void dt_types_free(struct dt_types *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_patterns; i++)
		regex_free(t->patterns[i]->entries->re);
	free(t->patterns);
	hmap_free(&t->props);
	arena_release(&t->arena);
	free(t);
}
