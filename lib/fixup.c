// SPDX-License-Identifier: BSD-2-Clause
/*
 * fixup.c - rewrite binding schemas into the form that validates decoded
 * devicetree data, as dt-schema 2022.08 (the reference) does before
 * validation: every integer property is a matrix of cells, every string
 * property a list, implicit sizes, implicit node properties, interrupts
 * and interrupts-extended, a select schema for each binding.
 *
 * The behaviour follows the reference so verdicts agree; the code is ours.
 */
#include <stdlib.h>
#include <string.h>

#include "dttypes.h"
#include "fixup.h"
#include "vbuild.h"

static bool is_map(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_MAP;
}

static bool is_seq(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_SEQ;
}

static bool is_true(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_BOOL && v->u.b;
}

/* Python's isinstance(x, int): bool counts, as in the reference. */
static bool is_int(const struct dtbind_value *v)
{
	return v && (v->kind == DTBIND_INT || v->kind == DTBIND_BOOL);
}

static bool is_str(const struct dtbind_value *v)
{
	return v && v->kind == DTBIND_STRING;
}

/* The value at @key, or its first element when it is a list. */
static const struct dtbind_value *first_of(const struct dtbind_value *s, const char *key)
{
	const struct dtbind_value *v = dtbind_value_get(s, key);

	if (is_seq(v))
		return v->u.seq.n ? v->u.seq.items[0] : NULL;
	return v;
}

static bool is_int_schema(const struct dtbind_value *s)
{
	static const char *const keys[] = { "const", "enum", "minimum", "maximum" };

	if (!is_map(s))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (is_int(first_of(s, keys[i])))
			return true;
	return false;
}

static bool is_string_schema(const struct dtbind_value *s)
{
	static const char *const keys[] = { "const", "enum", "pattern" };

	if (!is_map(s))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (is_str(first_of(s, keys[i])))
			return true;
	return false;
}

/* Move the scalar constraints of @s into a new schema. */
static struct dtbind_value *extract_single(struct arena *a, struct dtbind_value *s)
{
	static const char *const keys[] = { "const", "enum", "pattern", "minimum", "maximum" };
	struct dtbind_value *out = vb_map(a);

	for (size_t i = 0; out && i < ARRAY_SIZE(keys); i++) {
		struct dtbind_value *v = vb_pop(s, keys[i]);

		if (v && vb_set(a, out, keys[i], v))
			return NULL;
	}
	return out;
}

static struct dtbind_value *list_of(struct arena *a, struct dtbind_value *v)
{
	struct dtbind_value *l = vb_seq(a);

	return l && v && !vb_push(a, l, v) ? l : NULL;
}

static void fixup_string_to_array(struct arena *a, struct dtbind_value *s)
{
	if (!is_string_schema(s))
		return;
	vb_set(a, s, "items", list_of(a, extract_single(a, s)));
}

static void fixup_reg(struct arena *a, const char *prop, struct dtbind_value *s)
{
	struct dtbind_value *item, *items;

	if (strcmp(prop, "reg"))
		return;
	if ((items = vb_get(s, "items"))) {
		item = is_seq(items) ? (items->u.seq.n ? items->u.seq.items[0] : NULL) : items;
		if (!is_int_schema(item))
			return;
	} else if (is_int_schema(s)) {
		item = s;
	} else {
		return;
	}
	struct dtbind_value *inner = vb_map(a);

	if (!inner)
		return;
	vb_set(a, inner, "items", list_of(a, extract_single(a, item)));
	vb_set(a, s, "items", list_of(a, inner));
}

static bool has_any_key(const struct dtbind_value *s, const char *const *keys, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (dtbind_value_get(s, keys[i]))
			return true;
	return false;
}

static const char *const size_keys[] = { "items", "maxItems", "minItems" };

static bool is_matrix_schema(const struct dtbind_value *s)
{
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (!items)
		return false;
	if (is_seq(items)) {
		for (size_t i = 0; i < items->u.seq.n; i++)
			if (has_any_key(items->u.seq.items[i], size_keys, 3))
				return true;
		return false;
	}
	return has_any_key(items, size_keys, 3);
}

static int64_t get_i(const struct dtbind_value *s, const char *key, int64_t dflt)
{
	const struct dtbind_value *v = dtbind_value_get(s, key);

	return v && v->kind == DTBIND_INT ? v->u.i : dflt;
}

void fixup_array_range(const struct dtbind_value *s, int64_t *min, int64_t *max)
{
	if (is_seq(s)) {
		if (s->u.seq.n != 1) {
			*min = *max = 0;
			return;
		}
		s = s->u.seq.items[0];
	}
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (is_seq(items)) {
		*max = (int64_t)items->u.seq.n;
		*min = get_i(s, "minItems", *max);
	} else {
		*min = get_i(s, "minItems", 1);
		*max = get_i(s, "maxItems", get_i(s, "minItems", 0));
	}
}

static void fixup_int_matrix(struct arena *a, const char *prop, struct dtbind_value *s)
{
	int64_t omin, omax, imin, imax;

	if (!is_matrix_schema(s))
		return;
	fixup_array_range(s, &omin, &omax);
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (items)
		fixup_array_range(items, &imin, &imax);
	else
		imin = 1, imax = 0;
	if (!strcmp(prop, "fsl,pins") || (omin != omax && imin != imax)) {
		vb_pop(s, "items");
		vb_pop(s, "maxItems");
		vb_pop(s, "minItems");
		vb_set(a, s, "type", vb_str(a, "array"));
	}
}

/*
 * -(kBps|bits|percent|...)$: the unit suffixes of dt-schema's property-units.yaml,
 * whose properties the meta-schema types itself (arrays; doc2yaml gives them no $ref).
 */
bool fixup_has_unit_suffix(const char *prop)
{
	static const char *const units[] = {
		"-kBps", "-bits", "-percent", "-bp", "-hz", "-mhz", "-sec", "-ms", "-us", "-ns",
		"-ps", "-mm", "-nanoamp", "-ohms", "-micro-ohms", "-microamp", "-microwatt",
		"-microamp-hours", "-microwatt-hours", "-milliwatt", "-microvolt", "-picofarads",
		"-femtofarads", "-celsius", "-millicelsius", "-kelvin", "-kpascal",
	};

	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (str_ends_with(prop, units[i]))
			return true;
	return false;
}

static bool is_known_array_prop(const char *prop)
{
	static const char *const names[] = {
		"assigned-clock-rates", "linux,keycodes", "max8997,pmic-buck1-dvs-voltage",
		"max8997,pmic-buck2-dvs-voltage", "max8997,pmic-buck5-dvs-voltage",
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(prop, names[i]))
			return true;
	return false;
}

/* int(8|16|32|64)-array anywhere in the string */
static bool ref_is_int_array(const struct dtbind_value *ref)
{
	static const char *const t[] = { "int8-array", "int16-array", "int32-array", "int64-array" };

	if (!is_str(ref))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		if (strstr(ref->u.str.ptr, t[i]))
			return true;
	return false;
}

/* A $ref to an integer array or matrix type ("uint32-array", "int8-matrix", ...). */
static bool ref_is_int_list(const struct dtbind_value *ref)
{
	return ref_is_int_array(ref) ||
	       (is_str(ref) && strstr(ref->u.str.ptr, "int") && strstr(ref->u.str.ptr, "-matrix"));
}

static bool is_int_array_schema(const char *prop, const struct dtbind_value *s)
{
	const struct dtbind_value *all = dtbind_value_get(s, "allOf");

	if (is_seq(all)) {
		for (size_t i = 0; i < all->u.seq.n; i++) {
			const struct dtbind_value *item = all->u.seq.items[i];

			if (dtbind_value_get(item, "items")) {
				s = item;
				continue;
			}
			if (dtbind_value_get(item, "$ref"))
				return ref_is_int_array(dtbind_value_get(item, "$ref"));
		}
	}
	if (dtbind_value_get(s, "$ref"))
		return ref_is_int_array(dtbind_value_get(s, "$ref"));
	if (fixup_has_unit_suffix(prop) || is_known_array_prop(prop))
		return true;
	const struct dtbind_value *items = dtbind_value_get(s, "items");

	if (is_seq(items))
		return items->u.seq.n && is_int_schema(items->u.seq.items[0]);
	return is_map(items) && is_int_schema(items);
}

static void fixup_items_size(struct arena *a, struct dtbind_value *s, bool cond, unsigned depth);

static void fixup_int_array_min_max_to_matrix(struct arena *a, const char *prop,
					      struct dtbind_value *s)
{
	if (!is_int_array_schema(prop, s))
		return;
	struct dtbind_value *all = vb_get(s, "allOf");

	if (is_seq(all)) {
		for (size_t i = 0; i < all->u.seq.n; i++) {
			if (dtbind_value_get(all->u.seq.items[i], "minItems") ||
			    dtbind_value_get(all->u.seq.items[i], "maxItems")) {
				s = all->u.seq.items[i];
				break;
			}
		}
	}
	if (!is_map(s) || is_seq(dtbind_value_get(s, "items")) || is_matrix_schema(s))
		return;
	if (get_i(s, "maxItems", -1) == 1)
		return;
	struct dtbind_value *tmp = vb_map(a);
	struct dtbind_value *v;

	if (!tmp)
		return;
	if ((v = vb_pop(s, "minItems")))
		vb_set(a, tmp, "minItems", v);
	if ((v = vb_pop(s, "maxItems")))
		vb_set(a, tmp, "maxItems", v);
	if (!tmp->u.map.n)
		return;
	/* Either one row of N cells or N rows of one cell. */
	struct dtbind_value *one_row = vb_copy(a, tmp), *per_cell = vb_map(a), *inner, *one_of;

	inner = vb_map(a);
	if (!one_row || !per_cell || !inner || !(one_of = vb_seq(a)))
		return;
	vb_set(a, inner, "maxItems", vb_int(a, 1));
	vb_set(a, one_row, "items", inner);
	vb_set(a, per_cell, "items", list_of(a, vb_copy(a, tmp)));
	if (get_i(one_row, "minItems", -1) == 1)
		vb_set(a, one_row, "minItems", vb_int(a, 2));
	vb_push(a, one_of, one_row);
	vb_push(a, one_of, per_cell);
	vb_set(a, s, "oneOf", one_of);
	fixup_items_size(a, one_of, false, 0);
}

static void remove_empty_items(struct arena *a, struct dtbind_value *s, unsigned depth)
{
	struct dtbind_value *items = vb_get(s, "items");

	if (!items || depth > 64)
		return;
	if (is_map(items)) {
		remove_empty_items(a, items, depth + 1);
		return;
	}
	if (!is_seq(items))
		return;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct dtbind_value *item = items->u.seq.items[i];

		if (!is_map(item))
			return;
		vb_pop(item, "description");
		remove_empty_items(a, item, depth + 1);
		if (item->u.map.n)
			return;
	}
	vb_setdefault(a, s, "type", vb_str(a, "array"));
	vb_setdefault(a, s, "maxItems", vb_int(a, (int64_t)items->u.seq.n));
	vb_setdefault(a, s, "minItems", vb_int(a, (int64_t)items->u.seq.n));
	vb_pop(s, "items");
}

static void fixup_int_array_items_to_matrix(struct arena *a, const char *prop,
					    struct dtbind_value *s)
{
	static const char *const itemkeys[] = { "items", "minItems", "maxItems", "uniqueItems",
						"default" };

	if (!is_int_array_schema(prop, s))
		return;
	struct dtbind_value *all = vb_get(s, "allOf");

	if (is_seq(all)) {
		for (size_t i = 0; i < all->u.seq.n; i++) {
			if (dtbind_value_get(all->u.seq.items[i], "items")) {
				s = all->u.seq.items[i];
				break;
			}
		}
	}
	if (!is_map(s) || !dtbind_value_get(s, "items") || is_matrix_schema(s))
		return;
	bool was_list = is_seq(dtbind_value_get(s, "items"));
	struct dtbind_value *inner = vb_map(a), *v;

	if (!inner)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(itemkeys); i++)
		if ((v = vb_pop(s, itemkeys[i])))
			vb_set(a, inner, itemkeys[i], v);
	vb_set(a, s, "items", was_list ? list_of(a, inner) : inner);
}

static void fixup_scalar_to_array(struct arena *a, struct dtbind_value *s)
{
	if (!is_int_schema(s))
		return;
	struct dtbind_value *inner = vb_map(a);

	if (!inner)
		return;
	vb_set(a, inner, "items", list_of(a, extract_single(a, s)));
	vb_set(a, s, "items", list_of(a, inner));
}

/*
 * List-form items fix the size; a lone maxItems or minItems implies the
 * other, except (2026.06, @cond) under a 'then' or 'else', where a bound
 * only narrows what the unconditional schema allows.
 */
static void fixup_items_size(struct arena *a, struct dtbind_value *s, bool cond, unsigned depth)
{
	if (depth > 64)
		return;
	if (is_seq(s)) {
		for (size_t i = 0; i < s->u.seq.n; i++)
			fixup_items_size(a, s->u.seq.items[i], cond, depth + 1);
		return;
	}
	if (!is_map(s))
		return;
	vb_pop(s, "description");
	struct dtbind_value *items = vb_get(s, "items");

	if (items) {
		vb_set(a, s, "type", vb_str(a, "array"));
		if (is_seq(items)) {
			int64_t c = (int64_t)items->u.seq.n;

			vb_setdefault(a, s, "minItems", vb_int(a, c));
			vb_setdefault(a, s, "maxItems", vb_int(a, c));
		}
		fixup_items_size(a, items, cond, depth + 1);
	} else if (cond) {
		return;
	} else if (dtbind_value_get(s, "maxItems") && !dtbind_value_get(s, "minItems")) {
		vb_set(a, s, "minItems", vb_copy(a, dtbind_value_get(s, "maxItems")));
	} else if (dtbind_value_get(s, "minItems") && !dtbind_value_get(s, "maxItems")) {
		vb_set(a, s, "maxItems", vb_copy(a, dtbind_value_get(s, "minItems")));
	}
}

/* dependencies: split into dependentRequired and dependentSchemas. */
static void to_201909(struct arena *a, struct dtbind_value *s)
{
	struct dtbind_value *deps;

	if (!is_map(s) || !(deps = vb_pop(s, "dependencies")) || !is_map(deps))
		return;
	for (size_t i = 0; i < deps->u.map.n; i++) {
		struct dtbind_member *m = &deps->u.map.members[i];
		const char *kw = is_seq(m->value) ? "dependentRequired" : "dependentSchemas";
		struct dtbind_value *target = vb_setdefault(a, s, kw, vb_map(a));

		if (target)
			vb_set(a, target, m->key, m->value);
	}
}

/*
 * 2026.06's matrix units (-microvolt, -hz) without a $ref: a schema with
 * sizes or items becomes the schema of one row (its copy under items), a
 * scalar one that of one cell.  Says whether the schema is now a matrix.
 */
static bool fixup_unit_matrix_2026(struct arena *a, const char *prop, struct dtbind_value *s)
{
	if (!str_ends_with(prop, "-microvolt") && !str_ends_with(prop, "-hz"))
		return false;
	if (dtbind_value_get(s, "$ref") || is_matrix_schema(s))
		return false;
	if (has_any_key(s, size_keys, 3)) {
		struct dtbind_value *row = vb_copy(a, s);

		vb_set(a, s, "items", list_of(a, row));
		vb_pop(s, "minItems");
		vb_pop(s, "maxItems");
		return true;
	}
	if (!is_int_schema(s))
		return false;
	struct dtbind_value *inner = vb_map(a);

	if (inner) {
		vb_set(a, inner, "items", list_of(a, extract_single(a, s)));
		vb_set(a, s, "items", list_of(a, inner));
	}
	return true;
}

static void fixup_vals(struct arena *a, const char *prop, struct dtbind_value *s,
		       enum dtbind_gen gen, bool cond)
{
	vb_pop(s, "description");
	fixup_reg(a, prop, s);
	remove_empty_items(a, s, 0);
	/* 2026.06 cuts matrix rows by the dimensions when decoding: sizes stay. */
	if (gen != DTBIND_GEN_2026_06)
		fixup_int_matrix(a, prop, s);
	else if (fixup_unit_matrix_2026(a, prop, s))
		goto sized;
	/* 2026.06: sizes stay on the flat array; fixup_flat_arrays() moves them by type. */
	if (gen != DTBIND_GEN_2026_06) {
		fixup_int_array_min_max_to_matrix(a, prop, s);
		fixup_int_array_items_to_matrix(a, prop, s);
	}
	fixup_string_to_array(a, s);
	/*
	 * 2026.06 has no such fixup: an integer array or matrix decodes as a
	 * list, which minimum/maximum/const/enum at its top never constrain,
	 * so they are not moved onto the cells of a schema typed so here.
	 */
	if (gen != DTBIND_GEN_2026_06 || !ref_is_int_list(dtbind_value_get(s, "$ref")))
		fixup_scalar_to_array(a, s);
sized:
	fixup_items_size(a, s, cond, 0);
	to_201909(a, s);
}

static void walk_properties(struct arena *a, const char *prop, struct dtbind_value *s,
			    enum dtbind_gen gen, bool cond, unsigned depth)
{
	static const char *const conds[] = { "allOf", "oneOf", "anyOf" };

	if (!is_map(s) || depth > 64)
		return;
	for (size_t c = 0; c < ARRAY_SIZE(conds); c++) {
		struct dtbind_value *l = vb_get(s, conds[c]);

		for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++)
			walk_properties(a, prop, l->u.seq.items[i], gen, cond, depth + 1);
	}
	if (vb_get(s, "then"))
		walk_properties(a, prop, vb_get(s, "then"), gen, cond || gen == DTBIND_GEN_2026_06,
				depth + 1);
	fixup_vals(a, prop, s, gen, cond);
}

static bool seq_has_str(const struct dtbind_value *l, const char *s)
{
	for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++)
		if (is_str(l->u.seq.items[i]) && !strcmp(l->u.seq.items[i]->u.str.ptr, s))
			return true;
	return false;
}

static struct dtbind_value *required_one(struct arena *a, const char *name)
{
	struct dtbind_value *m = vb_map(a);

	if (m)
		vb_set(a, m, "required", list_of(a, vb_str(a, name)));
	return m;
}

/* A list without its first "name" entry. */
static void seq_drop_str(struct dtbind_value *l, const char *name)
{
	for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++) {
		if (is_str(l->u.seq.items[i]) && !strcmp(l->u.seq.items[i]->u.str.ptr, name)) {
			memmove(&l->u.seq.items[i], &l->u.seq.items[i + 1],
				(l->u.seq.n - i - 1) * sizeof(l->u.seq.items[0]));
			l->u.seq.n--;
			return;
		}
	}
}

/* [{required: [interrupts]}, {required: [interrupts-extended]}] */
static struct dtbind_value *either_interrupts(struct arena *a)
{
	struct dtbind_value *either = vb_seq(a);

	if (either) {
		vb_push(a, either, required_one(a, "interrupts"));
		vb_push(a, either, required_one(a, "interrupts-extended"));
	}
	return either;
}

/* required: [interrupts] becomes a oneOf of it and interrupts-extended. */
static void require_either_interrupts(struct arena *a, struct dtbind_value *s,
				      struct dtbind_value *req)
{
	struct dtbind_value *either = either_interrupts(a);

	if (!either)
		return;
	if (vb_get(s, "oneOf")) {
		struct dtbind_value *all = vb_setdefault(a, s, "allOf", vb_seq(a)), *wrap = vb_map(a);

		if (all && wrap) {
			vb_set(a, wrap, "oneOf", either);
			vb_push(a, all, wrap);
		}
	} else {
		vb_set(a, s, "oneOf", either);
	}
	seq_drop_str(req, "interrupts");
}

/*
 * 2026.06 rewrites every required 'interrupts' (not only next to its
 * property, not in a oneOf branch) and dependentRequired on it, the last
 * such dependency replacing dependentSchemas as the reference does.
 */
static void fixup_interrupts_required_2026(struct arena *a, struct dtbind_value *s, bool in_oneof)
{
	struct dtbind_value *req = vb_get(s, "required"), *dep = vb_get(s, "dependentRequired");

	if (seq_has_str(req, "interrupts") && !in_oneof) {
		require_either_interrupts(a, s, req);
		if (is_seq(req) && !req->u.seq.n)
			vb_pop(s, "required");
	}
	if (!is_map(dep))
		return;
	struct dtbind_value *irq = vb_get(dep, "interrupts");

	if (irq && !dtbind_value_get(dep, "interrupts-extended"))
		vb_set(a, dep, "interrupts-extended", vb_copy(a, irq));
	for (size_t i = 0; i < dep->u.map.n; i++) {
		struct dtbind_member *m = &dep->u.map.members[i];
		struct dtbind_value *ds = vb_map(a), *one = vb_map(a);

		if (!seq_has_str(m->value, "interrupts") || !ds || !one)
			continue;
		vb_set(a, one, "oneOf", either_interrupts(a));
		vb_set(a, ds, m->key, one);
		vb_set(a, s, "dependentSchemas", ds);
		seq_drop_str(m->value, "interrupts");
		if (!m->value->u.seq.n) {
			vb_pop(dep, m->key);
			i--;
		}
	}
}

/* interrupts implies interrupt-parent and interrupts-extended. */
static void fixup_interrupts(struct arena *a, struct dtbind_value *s, enum dtbind_gen gen,
			     bool in_oneof)
{
	struct dtbind_value *props = vb_get(s, "properties"), *irq;

	if (gen == DTBIND_GEN_2026_06)
		fixup_interrupts_required_2026(a, s, in_oneof);
	if (!is_map(props))
		return;
	if ((dtbind_value_get(props, "interrupts") || dtbind_value_get(props, "interrupt-controller")) &&
	    !dtbind_value_get(props, "interrupt-parent"))
		vb_set(a, props, "interrupt-parent", vb_bool(a, true));
	irq = vb_get(props, "interrupts");
	if (!irq || dtbind_value_get(props, "interrupts-extended"))
		return;
	vb_set(a, props, "interrupts-extended", vb_copy(a, irq));
	struct dtbind_value *req = vb_get(s, "required");

	if (gen != DTBIND_GEN_2026_06 && seq_has_str(req, "interrupts"))
		require_either_interrupts(a, s, req);
}

static bool key_matches_pinctrl(const char *k)
{
	/* re.match(r'^pinctrl-[0-9]', key) */
	return !strncmp(k, "pinctrl-", 8) && k[8] >= '0' && k[8] <= '9';
}

/* The properties every node may have: status, phandle, pinctrl-N, ... */
static void fixup_node_props(struct arena *a, struct dtbind_value *s)
{
	static const char *const implied[] = { "phandle", "status", "secure-status", "$nodename" };

	if (!dtbind_value_get(s, "properties") && !dtbind_value_get(s, "patternProperties") &&
	    !dtbind_value_get(s, "unevaluatedProperties"))
		return;
	if (is_true(dtbind_value_get(s, "additionalProperties")) ||
	    is_true(dtbind_value_get(s, "unevaluatedProperties")))
		return;
	struct dtbind_value *props = vb_setdefault(a, s, "properties", vb_map(a));

	if (!is_map(props))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(implied); i++)
		vb_setdefault(a, props, implied[i], vb_bool(a, true));
	bool has_pinctrl = false, has_clocks = false, has_assigned = false;
	const struct dtbind_value *lists[] = { props, dtbind_value_get(s, "patternProperties") };

	for (size_t l = 0; l < 2; l++) {
		for (size_t i = 0; is_map(lists[l]) && i < lists[l]->u.map.n; i++) {
			const char *k = lists[l]->u.map.members[i].key;

			if (key_matches_pinctrl(k))
				has_pinctrl = true;
			if (!strcmp(k, "clocks"))
				has_clocks = true;
			if (!strcmp(k, "assigned-clocks"))
				has_assigned = true;
		}
	}
	if (!has_pinctrl) {
		vb_setdefault(a, props, "pinctrl-names", vb_bool(a, true));
		struct dtbind_value *pp = vb_setdefault(a, s, "patternProperties", vb_map(a));

		if (is_map(pp))
			vb_set(a, pp, "pinctrl-[0-9]+", vb_bool(a, true));
	}
	if (has_clocks && !has_assigned) {
		vb_set(a, props, "assigned-clocks", vb_bool(a, true));
		vb_set(a, props, "assigned-clock-rates", vb_bool(a, true));
		vb_set(a, props, "assigned-clock-parents", vb_bool(a, true));
	}
}

/*
 * 2026.06's implied properties: for every schema that restricts extra
 * properties (additionalProperties or unevaluatedProperties present,
 * wherever it sits: under additionalProperties, without "properties"...),
 * the properties a node may always have, now with the bootph-* set;
 * assigned-clock-* next to clocks and dma-ranges next to ranges even when
 * extra properties are allowed.
 */
static void fixup_node_props_2026(struct arena *a, struct dtbind_value *s)
{
	static const char *const implied[] = {
		"phandle", "status", "secure-status", "$nodename", "bootph-pre-sram",
		"bootph-verify", "bootph-pre-ram", "bootph-some-ram", "bootph-all",
	};
	static const char *const assigned[] = {
		"assigned-clocks", "assigned-clock-rates-u64", "assigned-clock-rates",
		"assigned-clock-parents", "assigned-clock-sscs",
	};

	if (!dtbind_value_get(s, "additionalProperties") &&
	    !dtbind_value_get(s, "unevaluatedProperties"))
		return;
	struct dtbind_value *props = vb_get(s, "properties");
	const struct dtbind_value *lists[] = { props, dtbind_value_get(s, "patternProperties") };
	bool has_pinctrl = false, has_clocks = false, has_assigned = false, has_ranges = false;

	for (size_t l = 0; l < 2; l++) {
		for (size_t i = 0; is_map(lists[l]) && i < lists[l]->u.map.n; i++) {
			const char *k = lists[l]->u.map.members[i].key;

			has_pinctrl |= key_matches_pinctrl(k);
			has_clocks |= !strcmp(k, "clocks");
			has_assigned |= !strcmp(k, "assigned-clocks");
			has_ranges |= !strcmp(k, "ranges");
		}
	}
	if (is_map(props) && has_clocks && !has_assigned)
		for (size_t i = 0; i < ARRAY_SIZE(assigned); i++)
			vb_set(a, props, assigned[i], vb_bool(a, true));
	if (is_map(props) && has_ranges)
		vb_setdefault(a, props, "dma-ranges", vb_bool(a, true));
	if (is_true(dtbind_value_get(s, "additionalProperties")) ||
	    is_true(dtbind_value_get(s, "unevaluatedProperties")))
		return;
	props = vb_setdefault(a, s, "properties", vb_map(a));
	if (!is_map(props))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(implied); i++)
		vb_setdefault(a, props, implied[i], vb_bool(a, true));
	if (!has_pinctrl) {
		vb_setdefault(a, props, "pinctrl-names", vb_bool(a, true));
		struct dtbind_value *pp = vb_setdefault(a, s, "patternProperties", vb_map(a));

		if (is_map(pp))
			vb_set(a, pp, "^pinctrl-[0-9]+$", vb_bool(a, true));
	}
}

/*
 * 2026.06 keeps only the type of the matrices whose rows vary in length
 * (fsl,pins, qcom,board-id): nothing else of their schema is checked.
 */
static bool variable_matrix_2026(struct arena *a, struct dtbind_member *p)
{
	struct dtbind_value *ref, *only;

	if ((strcmp(p->key, "fsl,pins") && strcmp(p->key, "qcom,board-id")) || !is_map(p->value))
		return false;
	if (!(only = vb_map(a)))
		return true;
	if ((ref = vb_pop(p->value, "$ref")))
		vb_set(a, only, "$ref", ref);
	p->value = only;
	return true;
}

static void fixup_sub_schema(struct arena *a, struct dtbind_value *s, bool is_prop,
			     enum dtbind_gen gen, bool in_oneof, bool cond, unsigned depth)
{
	static const char *const single[] = { "select", "if", "then", "else",
					      "additionalProperties", "not" };
	static const char *const lists[] = { "allOf", "anyOf", "oneOf" };
	static const char *const maps[] = { "dependentRequired", "dependentSchemas", "dependencies",
					    "properties", "patternProperties", "$defs" };

	if (!is_map(s) || depth > 128)
		return;
	vb_pop(s, "description");
	/* 2026.06 splits 'dependencies' first, so its interrupts rewrite sees them. */
	if (gen == DTBIND_GEN_2026_06)
		to_201909(a, s);
	fixup_interrupts(a, s, gen, in_oneof);
	if (gen == DTBIND_GEN_2026_06)
		fixup_node_props_2026(a, s);
	else if (is_prop)
		fixup_node_props(a, s);
	/* additionalProperties: true defeats unevaluatedProperties: drop it. */
	if (is_true(dtbind_value_get(s, "additionalProperties")))
		vb_pop(s, "additionalProperties");
	for (size_t i = 0; i < s->u.map.n; i++) {
		struct dtbind_member *m = &s->u.map.members[i];

		for (size_t k = 0; k < ARRAY_SIZE(single); k++)
			if (!strcmp(m->key, single[k]))
				fixup_sub_schema(a, m->value, false, gen, false,
						 cond || (gen == DTBIND_GEN_2026_06 &&
							  (!strcmp(m->key, "then") || !strcmp(m->key, "else"))),
						 depth + 1);
		for (size_t k = 0; k < ARRAY_SIZE(lists); k++)
			if (!strcmp(m->key, lists[k]) && is_seq(m->value))
				for (size_t j = 0; j < m->value->u.seq.n; j++)
					fixup_sub_schema(a, m->value->u.seq.items[j], true, gen,
							 !strcmp(m->key, "oneOf"), cond, depth + 1);
		for (size_t k = 0; k < ARRAY_SIZE(maps); k++) {
			if (strcmp(m->key, maps[k]) || !is_map(m->value))
				continue;
			for (size_t j = 0; j < m->value->u.map.n; j++) {
				struct dtbind_member *p = &m->value->u.map.members[j];

				if (gen == DTBIND_GEN_2026_06 && variable_matrix_2026(a, p))
					continue;

				walk_properties(a, p->key, p->value, gen, cond, depth + 1);
				fixup_sub_schema(a, p->value, true, gen, false, cond, depth + 1);
			}
		}
	}
	to_201909(a, s);
}

/* Every string a compatible schema names through enum, const or pattern. */
static void collect_compatibles(struct arena *a, const struct dtbind_value *v,
				struct dtbind_value *out, unsigned depth)
{
	if (depth > 64)
		return;
	if (is_seq(v)) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			collect_compatibles(a, v->u.seq.items[i], out, depth + 1);
		return;
	}
	if (!is_map(v))
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "enum") && is_seq(m->value) && m->value->u.seq.n &&
		    is_str(m->value->u.seq.items[0])) {
			for (size_t k = 0; k < m->value->u.seq.n; k++)
				if (is_str(m->value->u.seq.items[k]))
					vb_push(a, out, m->value->u.seq.items[k]);
		} else if ((!strcmp(m->key, "const") || !strcmp(m->key, "pattern")) &&
			   is_str(m->value)) {
			vb_push(a, out, m->value);
		} else if (strcmp(m->key, "enum") && strcmp(m->key, "const") && strcmp(m->key, "pattern")) {
			collect_compatibles(a, m->value, out, depth + 1);
		}
	}
}

static int cmp_value_str(const void *x, const void *y)
{
	const struct dtbind_value *a = *(const struct dtbind_value *const *)x;
	const struct dtbind_value *b = *(const struct dtbind_value *const *)y;

	return strcmp(a->u.str.ptr, b->u.str.ptr);
}

/*
 * Sorted, without duplicates; 2022.08 also drops the generic syscon and
 * simple-mfd (2026.06 drops those only next to others, see below).
 */
static void normalise_compatibles(struct dtbind_value *list, bool drop_generic)
{
	size_t n = 0;

	if (list->u.seq.n > 1)
		qsort(list->u.seq.items, list->u.seq.n, sizeof(list->u.seq.items[0]), cmp_value_str);
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const char *s = list->u.seq.items[i]->u.str.ptr;

		if (drop_generic && (!strcmp(s, "syscon") || !strcmp(s, "simple-mfd")))
			continue;
		if (n && !strcmp(list->u.seq.items[n - 1]->u.str.ptr, s))
			continue;
		list->u.seq.items[n++] = list->u.seq.items[i];
	}
	list->u.seq.n = n;
}

/* 2026.06: generic compatibles listed next to others select nothing. */
static void drop_generic_compatibles(struct dtbind_value *list)
{
	static const char *const generic[] = { "syscon", "simple-mfd", "simple-bus" };
	size_t n = 0;

	if (list->u.seq.n < 2)
		return;
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct dtbind_value *c = list->u.seq.items[i];
		bool drop = false;

		for (size_t g = 0; is_str(c) && g < ARRAY_SIZE(generic); g++)
			drop |= !strcmp(c->u.str.ptr, generic[g]);
		if (!drop)
			list->u.seq.items[n++] = list->u.seq.items[i];
	}
	list->u.seq.n = n;
}

/* A binding without 'select' is selected by its compatibles, else by $nodename, else never. */
static void add_select(struct arena *a, struct dtbind_value *s, enum dtbind_gen gen)
{
	struct dtbind_value *props = vb_get(s, "properties"), *compat;

	if (dtbind_value_get(s, "select"))
		return;
	if (!props) {
		vb_set(a, s, "select", vb_bool(a, false));
		return;
	}
	if ((compat = vb_get(props, "compatible"))) {
		struct dtbind_value *list = vb_seq(a);

		if (!list)
			return;
		collect_compatibles(a, compat, list, 0);
		normalise_compatibles(list, gen != DTBIND_GEN_2026_06);
		if (gen == DTBIND_GEN_2026_06)
			drop_generic_compatibles(list);
		if (list->u.seq.n) {
			struct dtbind_value *sel = vb_map(a), *p = vb_map(a), *c = vb_map(a),
					    *e = vb_map(a);

			if (!sel || !p || !c || !e)
				return;
			vb_set(a, e, "enum", list);
			vb_set(a, c, "contains", e);
			vb_set(a, p, "compatible", c);
			vb_set(a, sel, "required", list_of(a, vb_str(a, "compatible")));
			vb_set(a, sel, "properties", p);
			vb_set(a, s, "select", sel);
			return;
		}
	}
	struct dtbind_value *nodename = vb_get(props, "$nodename");

	if (nodename && !is_true(nodename)) {
		struct dtbind_value *sel = vb_map(a), *p = vb_map(a);

		if (!sel || !p)
			return;
		vb_set(a, p, "$nodename", vb_copy(a, nodename));
		vb_set(a, sel, "required", list_of(a, vb_str(a, "$nodename")));
		vb_set(a, sel, "properties", p);
		vb_set(a, s, "select", sel);
		return;
	}
	vb_set(a, s, "select", vb_bool(a, false));
}

struct dtbind_value *fixup_schema(struct arena *a, const struct dtbind_value *schema,
				  enum dtbind_gen gen)
{
	struct dtbind_value *s = vb_copy(a, schema);

	if (!is_map(s))
		return s;
	vb_pop(s, "examples");
	vb_pop(s, "maintainers");
	vb_pop(s, "historical");
	add_select(a, s, gen);
	fixup_sub_schema(a, s, true, gen, false, false, 0);
	vb_set(a, s, "type", vb_str(a, "object"));
	return s;
}

/*
 * dt-schema 2026.06 decodes an integer array flat ([1, 2]) and leaves its
 * schema as written; dtbind decodes it as one row ([[1, 2]]), so the array
 * keywords of such a property belong one level down.  Whether a property
 * is an array is known only once every binding has given its types: a
 * binding that sizes 'data-lanes' without a $ref relies on another's.
 */
static const char *const array_keys[] = {
	"items", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains",
	"additionalItems", "unevaluatedItems",
};

/* {items: {type: array}}: the value is rows of integers, not strings. */
static struct dtbind_value *rows_test(struct arena *a)
{
	struct dtbind_value *t = vb_map(a), *it = vb_map(a);

	if (!t || !it)
		return NULL;
	vb_set(a, it, "type", vb_str(a, "array"));
	vb_set(a, t, "items", it);
	return t;
}

/* The branch made below for a name that is also a string list: done already. */
static bool is_rows_branch(const struct dtbind_value *s)
{
	const struct dtbind_value *i = dtbind_value_get(dtbind_value_get(s, "if"), "items");

	return is_map(s) && dtbind_value_get(s, "else") && is_map(i) && i->u.map.n == 1 &&
	       is_str(dtbind_value_get(i, "type"));
}

/*
 * Moves the array keywords of @s into its 'items'; with @strings (the name
 * is a string list too) only for values that are rows, through an if.
 */
/* The target of a '#/a/b' $ref of @s within @root, or NULL. */
static struct dtbind_value *local_ref(struct dtbind_value *root, const struct dtbind_value *s)
{
	const struct dtbind_value *ref = dtbind_value_get(s, "$ref");

	return is_str(ref) ? vb_pointer(root, ref->u.str.ptr) : NULL;
}

static void move_array_keys(struct arena *a, struct dtbind_value *root, struct dtbind_value *s,
			    bool strings, unsigned depth)
{
	static const char *const branches[] = { "allOf", "oneOf", "anyOf" };
	static const char *const single[] = { "if", "then", "else", "not" };
	struct dtbind_value *inner, *v;

	if (!is_map(s) || depth > 64 || is_rows_branch(s))
		return;
	/* a property defined under $defs: its sizes are the property's */
	move_array_keys(a, root, local_ref(root, s), strings, depth + 1);
	for (size_t b = 0; b < ARRAY_SIZE(branches); b++) {
		struct dtbind_value *l = vb_get(s, branches[b]);

		for (size_t i = 0; is_seq(l) && i < l->u.seq.n; i++)
			move_array_keys(a, root, l->u.seq.items[i], strings, depth + 1);
	}
	for (size_t k = 0; k < ARRAY_SIZE(single); k++)
		move_array_keys(a, root, vb_get(s, single[k]), strings, depth + 1);
	if (is_matrix_schema(s) || !has_any_key(s, array_keys, ARRAY_SIZE(array_keys)) ||
	    !(inner = vb_map(a)))
		return;
	for (size_t k = 0; k < ARRAY_SIZE(array_keys); k++)
		if ((v = vb_pop(s, array_keys[k])))
			vb_set(a, inner, array_keys[k], v);
	if (!strings) {
		vb_set(a, s, "items", inner);
		vb_set(a, s, "type", vb_str(a, "array"));
		return;
	}
	struct dtbind_value *cond = vb_map(a), *then = vb_map(a);
	struct dtbind_value *all = vb_setdefault(a, s, "allOf", vb_seq(a));

	if (!cond || !then || !is_seq(all))
		return;
	vb_set(a, then, "items", inner);
	vb_set(a, cond, "if", rows_test(a));
	vb_set(a, cond, "then", then);
	vb_set(a, cond, "else", vb_copy(a, inner));
	vb_push(a, all, cond);
}

/* 0: not an integer array; 1: one; 2: one, or else a string list. */
static int flat_int_array(const struct dt_types *t, const char *name, bool is_pattern)
{
	const char *types[16];
	size_t n = dt_types_get_key(t, name, is_pattern, types, ARRAY_SIZE(types));
	bool array = false, strings = false;

	for (size_t i = 0; i < n; i++) {
		const char *ty = types[i];

		if (strstr(ty, "matrix") || !strncmp(ty, "phandle", 7) || !strcmp(ty, "flag") ||
		    !strcmp(ty, "address"))
			return 0;
		strings |= !strncmp(ty, "string", 6);
		array |= !strncmp(ty, "int", 3) || !strncmp(ty, "uint", 4) ? strstr(ty, "-array") != NULL
									    : false;
	}
	return array ? 1 + strings : 0;
}

static void flat_arrays(struct arena *a, struct dtbind_value *root, struct dtbind_value *s,
			const struct dt_types *t, unsigned depth)
{
	static const char *const maps[] = { "properties", "patternProperties" };

	if (depth > 128)
		return;
	if (is_seq(s)) {
		for (size_t i = 0; i < s->u.seq.n; i++)
			flat_arrays(a, root, s->u.seq.items[i], t, depth + 1);
		return;
	}
	if (!is_map(s))
		return;
	for (size_t k = 0; k < ARRAY_SIZE(maps); k++) {
		struct dtbind_value *m = vb_get(s, maps[k]);

		for (size_t i = 0; is_map(m) && i < m->u.map.n; i++) {
			int flat = flat_int_array(t, m->u.map.members[i].key, k == 1);

			if (flat)
				move_array_keys(a, root, m->u.map.members[i].value, flat == 2, 0);
		}
	}
	for (size_t i = 0; i < s->u.map.n; i++)
		flat_arrays(a, root, s->u.map.members[i].value, t, depth + 1);
}

void fixup_flat_arrays(struct arena *a, struct dtbind_value *schema, const struct dt_types *t)
{
	flat_arrays(a, schema, schema, t, 0);
}
