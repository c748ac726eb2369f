// SPDX-License-Identifier: BSD-2-Clause
/*
 * schema-validate.c - the JSON Schema validator: instances against compiled
 * nodes, errors with instance and schema locations, and the explanations
 * of failed branches.
 */
#include "schema-private.h"

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

/* minProperties, maxProperties, required and dependentRequired/dependencies. */
static bool validate_object_counts(struct vctx *c, const struct dtbind_schema *s,
				   const struct dtbind_value *inst)
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
	return ok;
}

/*
 * Property @m against the patternProperties it matches, in their order; the
 * literal ones found through the index.  Returns whether one matched;
 * clears *prop_ok when one fails.
 */
static bool validate_pattern_props(struct vctx *c, const struct dtbind_schema *s,
				   const struct dtbind_member *m, bool *prop_ok)
{
	const struct pattern_index *ix = s->pattern_index;
	size_t hits[16], nh = ix ? schema_prefix_hits(ix, m->key, m->key_len, hits, 16) : 0;
	bool indexed = ix && nh != SIZE_MAX, matched = false;
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
			if (!validate_child(c, p->s, m->value, m->key, m->key_len, 0))
				*prop_ok = false;
		}
	}
	return matched;
}

/* The name of property @m against propertyNames; reports why it fails. */
static bool validate_property_name(struct vctx *c, const struct dtbind_schema *s,
				   const struct dtbind_member *m)
{
	struct dtbind_value name = { .kind = DTBIND_STRING, .loc = m->key_loc,
				     .u.str = { m->key, m->key_len } };
	bool collect = c->collect;

	c->collect = false;
	bool nok = validate_merge(c, s->property_names, &name, NULL);

	c->collect = collect;
	if (nok)
		return true;
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
			why = arena_printf(&c->res->arena, "'%s' is not allowed here%s", m->key,
					   did_you_mean_enum(c, s->property_names->enum_, &name));
		else
			why = arena_printf(&c->res->arena, "property name %s", why);
		add_error(c, s, "propertyNames", m->key_loc, why);
	}
	return false;
}

static bool validate_object(struct vctx *c, const struct dtbind_schema *s,
			    const struct dtbind_value *inst, struct evald *ev)
{
	bool ok = validate_object_counts(c, s, inst);
	size_t n = inst->u.map.n;

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
		bool matched = false, prop_ok = true, by_pattern, by_additional = false;

		for (size_t k = 0; k < s->n_props; k++) {
			if (s->props[k].len == m->key_len && !memcmp(s->props[k].name, m->key, m->key_len)) {
				matched = true;
				if (!validate_child(c, s->props[k].s, m->value, m->key, m->key_len, 0))
					prop_ok = false;
				break;
			}
		}
		by_pattern = validate_pattern_props(c, s, m, &prop_ok);
		matched = matched || by_pattern;
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
		if (s->property_names && !validate_property_name(c, s, m))
			ok = false;
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
	for (const struct keyword_use *u = s->array_keywords; u; u = u->next) {
		char why[256];

		if (!u->kw->check(u->arg, inst, why, sizeof(why))) {
			FAIL(c, s, u->kw->name, inst, "%s %s", short_json(c, inst), why);
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
 * Did a branch fail, among its own errors (not those explaining a nested
 * anyOf/oneOf), by a missing or unevaluated property?  dt-validate looks at
 * every branch for that on disabled nodes, not only the closest one.
 */
static bool branch_missing(const struct vctx *c, size_t mark)
{
	for (size_t i = mark; i < c->res->errors.n; i++) {
		const struct dtbind_verror *e = &c->res->errors.v[i];

		if (e->depth == c->explain && e->keyword &&
		    (!strcmp(e->keyword, "required") || !strcmp(e->keyword, "unevaluatedProperties")))
			return true;
	}
	return false;
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
	size_t at = c->res->errors.n;

	add_error(c, s, kw, inst->loc,
		  arena_printf(&c->res->arena, "%s is not valid under any of the %zu '%s' schemas",
			       short_json(c, inst), n, kw));
	if (c->explain >= MAX_EXPLAIN_DEPTH || c->res->errors.n == at)
		return;
	size_t base = c->res->errors.n, best = SIZE_MAX, best_end = base;
	struct branch_score best_score = { 0 };
	bool missing = false;

	c->explain++;
	for (size_t i = 0; i < n; i++) {
		size_t mark = c->res->errors.n;

		validate_merge(c, branches[i], inst, NULL);
		struct branch_score sc = score_since(c, mark);

		missing = missing || branch_missing(c, mark);
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
	c->res->errors.v[base - 1].branch_missing = missing;
	if (best != SIZE_MAX && c->res->errors.n > base) {
		/* Say which branch the details belong to. */
		struct dtbind_verror *head = &c->res->errors.v[base - 1];

		head->message = arena_printf(&c->res->arena, "%s; the closest, %s/%zu, fails because:", head->message,
					     kw, best);
		/* The closest branch's did-you-mean is the head's fix: what every caller reports. */
		for (size_t k = base; !head->fix_from && k < c->res->errors.n; k++) {
			head->fix_from = c->res->errors.v[k].fix_from;
			head->fix_to = c->res->errors.v[k].fix_to;
		}
	}
}

static bool validate_ref(struct vctx *c, const struct dtbind_schema *s, struct schema_ref *ref,
			 const char *kw, const struct dtbind_schema *target,
			 const struct dtbind_value *inst, struct evald *ev)
{
	if (!target) {
		struct dtbind_schema *t;
		int ret = schema_resolve_uri(s->set, ref->uri, &t);

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
			if (schema_resolve_uri(s->set, s->recursive_ref->uri, &t) == 0)
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
	c->fix_from = c->fix_to = NULL;	/* not zeroed with the rest: no did-you-mean yet */
	/* The document root is the outermost dynamic scope even without $id. */
	if (!schema->is_resource_root && schema->sc.res->root != schema->v) {
		struct dtbind_schema *root;

		if (schema_resolve_fragment(schema->set, schema->sc.res, "", &root) == 0)
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
