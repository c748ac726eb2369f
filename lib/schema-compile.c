// SPDX-License-Identifier: BSD-2-Clause
/*
 * schema-compile.c - the JSON Schema compiler: schema values to nodes with
 * their subschemas, regexes, pattern indexes and $ref slots.
 */
#include "schema-private.h"

/* ------------------------------------------------------------------ */
/* Compiler                                                             */

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
	if (!schema_is_schema_value(v)) {
		if (!s->bad)
			s->bad = arena_printf(&s->set->arena, "'%s' must be a schema", kw);
		return NULL;
	}
	return schema_compile(s->set, v, s->sc, ptr_append(&s->set->arena, s->sc.ptr, kw), depth + 1);
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

		if (!schema_is_schema_value(c)) {
			if (!s->bad)
				s->bad = arena_printf(&s->set->arena, "'%s/%zu' must be a schema", kw, i);
			*n = 0;
			return NULL;
		}
		arr[i] = schema_compile(s->set, c, s->sc, ptr_append_index(&s->set->arena, base, i),
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

		if (!schema_is_schema_value(m->value))
			continue;	/* dependencies: arrays are handled apart */
		arr[k].name = m->key;
		arr[k].len = m->key_len;
		arr[k].s = schema_compile(s->set, m->value, s->sc, ptr_append(&s->set->arena, base, m->key),
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
size_t schema_prefix_hits(const struct pattern_index *ix, const char *key, size_t key_len,
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
	/* An integral float past int64 ("maxItems: 1e300") bounds nothing an
	 * array can reach: clamp it rather than convert out of range (UB). */
	if (v->kind == DTBIND_INT)
		*out = v->u.i;
	else
		*out = v->u.f >= 0x1p63 ? INT64_MAX : (int64_t)v->u.f;
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
			/* The key as sub_map kept it, with its length: a lookup by
			 * C string misses a key holding a NUL byte. */
			struct dtbind_value pat = { .kind = DTBIND_STRING,
						    .u.str = { ps[i].name, ps[i].len } };

			s->pattern_props[i].pattern = ps[i].name;

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
	for (const struct array_keyword *k = s->set->array_keywords; k; k = k->next) {
		struct keyword_use *u;

		if (!(c = dtbind_value_get(v, k->name)) ||
		    !(u = arena_alloc(&s->set->arena, sizeof(*u))))
			continue;
		*u = (struct keyword_use){ k, c, s->array_keywords };
		s->array_keywords = u;
	}
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

struct dtbind_schema *schema_compile(struct dtbind_schema_set *set, const struct dtbind_value *v,
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

