// SPDX-License-Identifier: BSD-2-Clause
/*
 * dtdecode.c - turn an FDT blob (read with libfdt) into the value tree that
 * binding schemas validate: a map per node, properties decoded by the type
 * database (integers as a matrix of rows, strings as a list, flags as true,
 * unknown data as raw bytes), then rows cut the way the reference cuts
 * them: gpios by #gpio-cells, interrupts by #interrupt-cells, reg and ranges
 * by #address-cells/#size-cells, phandle arrays by the provider's #*-cells.
 *
 * Behaviour follows dt-schema 2022.08 (the reference) where it is defined;
 * where the reference would crash (a dangling phandle, zero-size cells) we
 * keep the row whole instead.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtdecode.h"
#include "vbuild.h"

struct decoder {
	struct arena *a;
	const void *fdt;
	const struct dt_types *types;
	dt_loc_fn *loc_of;
	void *user;
	const char *file;
	struct hmap phandles;		/* phandle -> node map */
	struct hmap phandle_loc;	/* "path:prop:byte offset" of each phandle cell (plugins) */
	struct strbuf path;
	struct dtbind_diag *diag;
	unsigned decode_errors;
	int err;
	struct hmap type_memo;		/* property name -> struct type_memo */
};

/*
 * What the type database says of one property name.  A tree names the same
 * properties over and over, and a name that is no known property is tried
 * against every pattern of the database: ask once per name and tree.
 */
struct type_memo {
	size_t n;
	const char *types[16];
	int8_t dim;			/* -1 not asked yet, 0 none, 1 in @dims */
	int64_t dims[2][2];
};

static struct type_memo *type_memo(struct decoder *dc, const char *name)
{
	size_t len = strlen(name);
	struct type_memo *m = hmap_get_str(&dc->type_memo, name, len);
	const char *key;

	if (m)
		return m;
	if (!(m = arena_alloc(dc->a, sizeof(*m))) || !(key = arena_strndup(dc->a, name, len)) ||
	    hmap_put_str(&dc->type_memo, key, len, m))
		return NULL;
	m->n = dt_types_get(dc->types, name, m->types, ARRAY_SIZE(m->types));
	m->dim = -1;
	return m;
}

/* dt_types_get() through the memo. */
static size_t types_get(struct decoder *dc, const char *name, const char **types, size_t max)
{
	struct type_memo *m = type_memo(dc, name);

	if (!m)
		return dt_types_get(dc->types, name, types, max);
	size_t n = m->n < max ? m->n : max;

	memcpy(types, m->types, n * sizeof(*types));
	return n;
}

/* dt_types_dim() through the memo. */
static bool types_dim(struct decoder *dc, const char *name, int64_t dim[2][2])
{
	struct type_memo *m = type_memo(dc, name);

	if (!m)
		return dt_types_dim(dc->types, name, dim);
	if (m->dim < 0)
		m->dim = dt_types_dim(dc->types, name, m->dims);
	if (m->dim)
		memcpy(dim, m->dims, sizeof(m->dims));
	return m->dim;
}

static struct dtbind_value *seq_of_n(struct arena *a, size_t n)
{
	struct dtbind_value *s = vb_seq(a);

	if (s && n && !(s->u.seq.items = arena_alloc(a, n * sizeof(*s->u.seq.items))))
		return NULL;
	return s;
}

static bool is_printable_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return false;
	return true;
}

/* NUL-separated strings with a final NUL, all printable: the list, else NULL. */
static struct dtbind_value *as_strings(struct arena *a, const char *data, int len, bool strict)
{
	if (len <= 0 || data[len - 1] != '\0')
		return NULL;
	size_t count = 0;

	for (int i = 0; i < len; i++)
		if (!data[i])
			count++;
	struct dtbind_value *l = seq_of_n(a, count);

	if (!l)
		return NULL;
	for (int start = 0; start < len;) {
		int end = start;

		while (data[end])
			end++;
		if (strict && end > start && !is_printable_ascii(data + start, (size_t)(end - start)))
			return NULL;
		struct dtbind_value *s = vb_strn(a, data + start, (size_t)(end - start));

		if (!s)
			return NULL;
		l->u.seq.items[l->u.seq.n++] = s;
		start = end + 1;
	}
	return l;
}

static struct dtbind_value *raw_bytes(struct arena *a, const char *data, int len)
{
	struct dtbind_value *v = vb_strn(a, data, (size_t)len);

	if (v)
		v->kind = DTBIND_BYTES;
	return v;
}

static bool is_printable_ascii_or_nul(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] && ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e))
			return false;
	return true;
}

static struct dtbind_loc loc_for(struct decoder *dc, const char *prop);

/*
 * A value its type cannot decode (the reference prints these while
 * decoding): an error at the property.  @ref_fmt is unused; it documents
 * the reference's wording next to ours.
 */
static void decode_error(struct decoder *dc, const char *prop, const char *ref_fmt,
			 const char *fmt, ...) DTBIND_PRINTF(4, 5);
static void decode_error(struct decoder *dc, const char *prop, const char *ref_fmt,
			 const char *fmt, ...)
{
	char msg[256], node[1024];
	va_list ap;

	(void)ref_fmt;
	snprintf(node, sizeof(node), "%s:%s", sb_cstr(&dc->path), prop);
	if (!dc->diag)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	struct dtbind_finding f = {
		.severity = DTBIND_ERROR,
		.loc = loc_for(dc, prop),
		.rule = "dt-decode",
		.message = msg,
		.node = node,
	};

	dtbind_diag_emit(dc->diag, &f);
	dc->decode_errors++;
}

static bool is_string_type(const char *t)
{
	return !strncmp(t, "string", 6);
}

/* Integers of one width (signed or not), each tagged with its width in bits. */
static struct dtbind_value *unpack(struct arena *a, const uint8_t *d, int len, int bytes,
				   bool is_signed)
{
	size_t n = (size_t)(len / bytes);
	struct dtbind_value *row = seq_of_n(a, n);

	if (!row)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		uint64_t u = 0;

		for (int k = 0; k < bytes; k++)
			u = (u << 8) | d[i * (size_t)bytes + (size_t)k];
		int64_t v;

		if (is_signed && bytes < 8 && (u >> (bytes * 8 - 1)) & 1)
			v = (int64_t)(u | (~0ull << (bytes * 8)));
		else
			v = (int64_t)u;
		struct dtbind_value *iv;

		/* uint64 beyond int64: a float keeps the magnitude for comparisons. */
		if (!is_signed && bytes == 8 && u > INT64_MAX)
			iv = vb_number(a, (double)u);
		else
			iv = vb_int(a, v);
		if (!iv)
			return NULL;
		iv->style = (uint8_t)(bytes * 8);
		row->u.seq.items[row->u.seq.n++] = iv;
	}
	return row;
}

static int width_of(const char *t, bool *is_signed)
{
	*is_signed = t[0] == 'i';
	if (!strncmp(t, "phandle", 7))
		return 4;
	const char *p = t + (t[0] == 'u' ? 4 : 3);	/* past "uint"/"int" */

	switch (atoi(p)) {
	case 8: return 1;
	case 16: return 2;
	case 64: return 8;
	default: return 4;
	}
}

/* How many cells a row has, from the type's dimensions (the reference's stride rules). */
static size_t stride_of(int64_t dim[2][2], size_t n)
{
	if ((dim[1][0] > 0 || dim[1][1] > 0) && dim[1][0] == dim[1][1] && dim[1][1])
		return (size_t)dim[1][1];
	if ((dim[0][0] > 0 || dim[0][1] > 0) && dim[0][0] == dim[0][1] && dim[0][1]) {
		size_t outer = (size_t)dim[0][1];

		return n % outer ? n : n / outer;
	}
	/* One and only one inner size that divides the length. */
	size_t match = 0, stride = 0;

	if (dim[1][0] > 0 && dim[1][1] > 0) {
		for (int64_t d = dim[1][0]; d <= dim[1][1]; d++) {
			if (n % (size_t)d == 0) {
				match++;
				stride = (size_t)d;
			}
		}
	}
	return match == 1 ? stride : n;
}

static struct dtbind_value *rows_of(struct arena *a, struct dtbind_value *row, size_t stride)
{
	size_t n = row->u.seq.n;

	if (!stride || stride >= n) {
		struct dtbind_value *m = seq_of_n(a, 1);

		if (m)
			m->u.seq.items[m->u.seq.n++] = row;
		return m;
	}
	struct dtbind_value *m = seq_of_n(a, (n + stride - 1) / stride);

	if (!m)
		return NULL;
	for (size_t i = 0; i < n; i += stride) {
		size_t len = n - i < stride ? n - i : stride;
		struct dtbind_value *r = seq_of_n(a, len);

		if (!r)
			return NULL;
		memcpy(r->u.seq.items, row->u.seq.items + i, len * sizeof(r->u.seq.items[0]));
		r->u.seq.n = len;
		m->u.seq.items[m->u.seq.n++] = r;
	}
	return m;
}

/*
 * 2026.06's row length (get_stride): the inner size of the first outer
 * count, from the smallest up, that divides the cells exactly within both
 * ranges (a maximum of 0 is unbounded); else a fixed inner size, else the
 * length over a fixed outer count, else one row.
 */
static size_t stride_2026(int64_t dim[2][2], size_t n)
{
	int64_t omax = dim[0][1] ? dim[0][1] : (int64_t)n, imax = dim[1][1] ? dim[1][1] : (int64_t)n;

	for (int64_t outer = dim[0][0] > 0 ? dim[0][0] : 1; outer <= omax; outer++) {
		int64_t inner = (int64_t)n / outer;

		if ((int64_t)n % outer == 0 && inner >= dim[1][0] && inner <= imax)
			return (size_t)inner;
	}
	if (dim[1][0] > 0 && dim[1][0] == dim[1][1])
		return (size_t)dim[1][0];
	if (dim[0][0] > 0 && dim[0][0] == dim[0][1])
		return n / (size_t)dim[0][0];
	return n;
}

/* Element width in bytes of an integer or phandle type name. */
static int width_bytes(const char *t)
{
	bool is_signed;

	return width_of(t, &is_signed);
}

static bool is_int_like(const char *t)
{
	return !strncmp(t, "int", 3) || !strncmp(t, "uint", 4) || !strncmp(t, "phandle", 7);
}

/*
 * 2026.06's "address" type (reg, the chosen node's memory ranges): 32-bit
 * cells, one row when decoded, cut into entries of the parent's
 * #address-cells + #size-cells by fixup_addresses().
 */
static bool is_address_type(const char *t)
{
	return !strcmp(t, "address");
}

/*
 * 2026.06 drops the types a value of @len bytes cannot have: widths that
 * do not divide it, scalars it is too long for, arrays too short for their
 * width, a flag with a value; then the unsigned twin of a signed type.
 */
static size_t filter_types_2026(const char **types, size_t nt, int len)
{
	size_t k = 0;

	for (size_t i = 0; i < nt; i++) {
		const char *t = types[i];
		bool scalar = !strchr(t, '-');

		if (!strcmp(t, "flag")) {
			if (len > 0)
				continue;
		} else if (is_int_like(t) && !strstr(t, "matrix")) {
			/* matrices are never ruled out; a 64-bit scalar only by width */
			int w = width_bytes(t);

			if (len % w || (scalar && w < 8 && len > w) || (w == 8 && len <= 4) ||
			    (!scalar && w == 4 && len <= 2) || (!scalar && w == 2 && len <= 1))
				continue;
		}
		types[k++] = t;
	}
	nt = k;
	k = 0;
	for (size_t i = 0; i < nt; i++) {
		bool twin = false;

		if (types[i][0] == 'u' && !strchr(types[i], '-'))
			for (size_t j = 0; j < nt; j++)
				twin |= !strcmp(types[j], types[i] + 1);
		if (!twin)
			types[k++] = types[i];
	}
	return k;
}

/* No printable, non-empty, NUL-ended strings: what 2026.06 takes for a string list. */
static struct dtbind_value *strings_2026(struct arena *a, const char *data, int len)
{
	if (len <= 0 || data[len - 1])
		return NULL;
	for (int i = 0; i < len; i++) {
		if (!data[i] && (i == 0 || !data[i - 1]))
			return NULL;	/* an empty string: not a string list */
		if (data[i] && ((unsigned char)data[i] < 0x20 || (unsigned char)data[i] > 0x7e))
			return NULL;
	}
	return as_strings(a, data, len, true);
}

/*
 * 2026.06's choice among several types of one property name: the types the
 * length allows; then a string list if the bytes read as one, else the
 * other type; a scalar or its matrix by whether the value reaches the
 * matrix's smallest size (then cut as a matrix; else as one cell); else no
 * type.  Returns the type, NULL for none, or sets *@out to the value.
 */
static const char *choose_type_2026(struct decoder *dc, const char *name, const char *data,
				    int len, const char **types, size_t nt, bool *one_cell,
				    struct dtbind_value **out)
{
	nt = filter_types_2026(types, nt, len);
	if (nt == 1)
		return types[0];
	if (nt == 0)
		return NULL;
	if (!strcmp(name, "dma-masters") || !strcmp(name, "mode-gpios"))
		return "phandle-array";
	const char *other = NULL, *matrix = NULL, *scalar = NULL;
	bool has_string = false;
	size_t nscalar = 0;

	for (size_t i = 0; i < nt; i++) {
		if (is_string_type(types[i])) {
			has_string = true;
			continue;
		}
		if (!other)
			other = types[i];
		if (strstr(types[i], "matrix") || !strcmp(types[i], "phandle-array")) {
			matrix = types[i];
		} else {
			scalar = types[i];
			nscalar++;
		}
	}
	if (has_string) {
		if ((*out = strings_2026(dc->a, data, len)))
			return NULL;
		if (!other)
			*out = raw_bytes(dc->a, data, len);
		return other;
	}
	if (!matrix || nscalar != 1)
		return NULL;
	int64_t dim[2][2] = { { 0, 0 }, { 0, 0 } };

	dt_types_dim(dc->types, name, dim);
	int64_t min = (dim[1][0] ? dim[1][0] : 1) * dim[0][0];

	if (len / width_bytes(scalar) >= min)
		return matrix;
	*one_cell = true;
	return scalar;
}

static struct dtbind_value *prop_value(struct decoder *dc, const char *nodename, const char *name,
				       const char *data, int len)
{
	struct arena *a = dc->a;
	const char *types[16];
	const char *fmt = NULL;

	if (len == 0)
		return vb_bool(a, true);
	if (!strcmp(nodename, "__fixups__") || !strcmp(nodename, "aliases")) {
		struct dtbind_value *l = as_strings(a, data, len, false);

		return l ? l : raw_bytes(a, data, len);
	}
	size_t nt = types_get(dc, name, types, ARRAY_SIZE(types));
	size_t k = 0;

	for (size_t i = 0; i < nt; i++)
		if (strcmp(types[i], "node"))
			types[k++] = types[i];
	nt = k;
	bool modern = dt_types_gen(dc->types) == DTBIND_GEN_2026_06, one_cell = false;

	if (nt > 1 && modern) {
		struct dtbind_value *v = NULL;

		fmt = choose_type_2026(dc, name, data, len, types, nt, &one_cell, &v);
		if (v)
			return v;
	} else if (nt > 1) {
		bool has_string = false, has_flag = false;

		for (size_t i = 0; i < nt; i++) {
			has_string |= is_string_type(types[i]);
			has_flag |= !strcmp(types[i], "flag");
		}
		if (has_string) {
			struct dtbind_value *s = as_strings(a, data, len, true);

			if (s)
				return s;
			for (size_t i = 0; i < nt && !fmt; i++)
				if (!is_string_type(types[i]))
					fmt = types[i];
			if (!fmt)
				return raw_bytes(a, data, len);
		} else if (has_flag) {
			for (size_t i = 0; i < nt && !fmt; i++)
				if (strcmp(types[i], "flag"))
					fmt = types[i];
		}
	} else if (nt == 1) {
		fmt = types[0];
	}
	if (!fmt) {
		/* No type known: a printable string, else u32 cells, else bytes. */
		if (data[len - 1] == '\0' && is_printable_ascii(data, (size_t)len - 1)) {
			struct dtbind_value *l = seq_of_n(a, 1), *s = vb_strn(a, data, (size_t)len - 1);

			if (!l || !s)
				return NULL;
			l->u.seq.items[l->u.seq.n++] = s;
			return l;
		}
		if (len % 4)
			return raw_bytes(a, data, len);
		fmt = "uint32-array";
	}
	if (is_string_type(fmt) && modern && data[len - 1])
		return raw_bytes(a, data, len);	/* 2026.06: not NUL-ended, not strings */
	if (is_string_type(fmt)) {
		/* As the reference: drop the last byte, split at NULs, NUL-ended or not. */
		struct dtbind_value *l = as_strings(a, data, len, false);

		if (!l && is_printable_ascii_or_nul(data, (size_t)len - 1)) {
			char *copy = arena_alloc(a, (size_t)len);

			if (!copy)
				return NULL;
			memcpy(copy, data, (size_t)len - 1);
			copy[len - 1] = '\0';
			l = as_strings(a, copy, len, false);
		}
		return l ? l : raw_bytes(a, data, len);
	}
	if (!strcmp(fmt, "flag")) {
		decode_error(dc, name, "boolean property with value %s",
			     "a flag has no value; this one has %d bytes", len);
		return raw_bytes(a, data, len);	/* a flag with a value */
	}
	bool is_signed;
	int w = width_of(fmt, &is_signed);

	if (len % w) {
		decode_error(dc, name, "size (%d) error for type %s",
			     "%d bytes cannot be cells of type %s", len, fmt);
		/* The reference falls back to the width of the whole value. */
		if (len == 4 || len == 2 || len == 1) {
			w = len;
			is_signed = false;
		} else {
			return raw_bytes(a, data, len);
		}
	}
	struct dtbind_value *row = unpack(a, (const uint8_t *)data, len, w, is_signed);
	int64_t dim[2][2];

	if (!row)
		return NULL;
	if (modern && (strstr(fmt, "matrix") || !strncmp(fmt, "phandle", 7) || is_address_type(fmt))) {
		if (one_cell)
			return rows_of(a, row, 1);
		if (dt_types_dim(dc->types, name, dim))
			return rows_of(a, row, stride_2026(dim, row->u.seq.n));
		return rows_of(a, row, 0);
	}
	if ((strstr(fmt, "matrix") || strstr(fmt, "phandle-array")) &&
	    types_dim(dc, name, dim))
		return rows_of(a, row, stride_of(dim, row->u.seq.n));
	return rows_of(a, row, 0);
}

static struct dtbind_loc loc_for(struct decoder *dc, const char *prop)
{
	if (dc->loc_of)
		return dc->loc_of(dc->user, sb_cstr(&dc->path), prop);
	return (struct dtbind_loc){ .file = dc->file };
}

static void scan_fixups(struct decoder *dc, int offset)
{
	int p;

	fdt_for_each_property_offset(p, dc->fdt, offset) {
		const char *name;
		int len;
		const char *data = fdt_getprop_by_offset(dc->fdt, p, &name, &len);

		/* Each value: NUL-separated "path:prop:offset" strings. */
		for (int s = 0; data && s < len;) {
			int e = s;

			while (e < len && data[e])
				e++;
			if (e > s) {
				char *key = arena_strndup(dc->a, data + s, (size_t)(e - s));

				if (key)
					hmap_put_str(&dc->phandle_loc, key, strlen(key), (void *)1);
			}
			s = e + 1;
		}
	}
}

static void scan_local_fixups(struct decoder *dc, int offset, const char *path, unsigned depth)
{
	int p, child;

	if (depth > 256)
		return;
	fdt_for_each_property_offset(p, dc->fdt, offset) {
		const char *name;
		int len;
		const uint8_t *data = fdt_getprop_by_offset(dc->fdt, p, &name, &len);

		for (int i = 0; data && i + 4 <= len; i += 4) {
			uint32_t off = ((uint32_t)data[i] << 24) | ((uint32_t)data[i + 1] << 16) |
				       ((uint32_t)data[i + 2] << 8) | data[i + 3];
			char *key = arena_printf(dc->a, "%s:%s:%u", path, name, off);

			if (key)
				hmap_put_str(&dc->phandle_loc, key, strlen(key), (void *)1);
		}
	}
	fdt_for_each_subnode(child, dc->fdt, offset) {
		const char *cname = fdt_get_name(dc->fdt, child, NULL);
		char *cpath = arena_printf(dc->a, "%s/%s", path, cname ? cname : "");

		if (cpath)
			scan_local_fixups(dc, child, cpath, depth + 1);
	}
}

static uint32_t first_cell(const struct dtbind_value *v)
{
	if (v && v->kind == DTBIND_SEQ && v->u.seq.n && v->u.seq.items[0]->kind == DTBIND_SEQ &&
	    v->u.seq.items[0]->u.seq.n && v->u.seq.items[0]->u.seq.items[0]->kind == DTBIND_INT)
		return (uint32_t)v->u.seq.items[0]->u.seq.items[0]->u.i;
	return 0;
}

static struct dtbind_value *scan_node(struct decoder *dc, int offset, const char *name,
				      unsigned depth)
{
	if (depth > 256) {
		dc->err = -DTBIND_ELIMIT;
		return NULL;
	}
	if (!strcmp(name, "__fixups__")) {
		scan_fixups(dc, offset);
		return NULL;
	}
	if (!strcmp(name, "__local_fixups__")) {
		scan_local_fixups(dc, offset, "", 0);
		return NULL;
	}
	if (!strncmp(name, "__", 2))
		return NULL;
	struct dtbind_value *node = vb_map(dc->a);
	int p, child;

	if (!node) {
		dc->err = -DTBIND_ENOMEM;
		return NULL;
	}
	node->loc = loc_for(dc, NULL);
	fdt_for_each_property_offset(p, dc->fdt, offset) {
		const char *pname;
		int len;
		const char *data = fdt_getprop_by_offset(dc->fdt, p, &pname, &len);
		struct dtbind_value *v;

		/* A length libfdt 1.6.1's checks let through wrapped round (0xffffffff). */
		if (!data || len < 0) {
			dc->err = -DTBIND_EPARSE;
			return NULL;
		}
		if (!(v = prop_value(dc, name, pname, data, len))) {
			dc->err = -DTBIND_ENOMEM;
			return NULL;
		}
		v->loc = loc_for(dc, pname);
		if (vb_set(dc->a, node, pname, v)) {
			dc->err = -DTBIND_ENOMEM;
			return NULL;
		}
		node->u.map.members[node->u.map.n - 1].key_loc = v->loc;
	}
	const struct dtbind_value *ph = dtbind_value_get(node, "phandle");

	if (ph && first_cell(ph))
		hmap_put_ptr(&dc->phandles, (void *)(uintptr_t)first_cell(ph), node);
	fdt_for_each_subnode(child, dc->fdt, offset) {
		const char *cname = fdt_get_name(dc->fdt, child, NULL);
		size_t plen = dc->path.len;

		if (!cname)
			continue;
		if (plen != 1)
			sb_putc(&dc->path, '/');
		sb_puts(&dc->path, cname);
		struct dtbind_value *c = scan_node(dc, child, cname, depth + 1);

		dc->path.len = plen;
		dc->path.buf[plen] = '\0';
		if (dc->err)
			return NULL;
		if (c && vb_set(dc->a, node, cname, c)) {
			dc->err = -DTBIND_ENOMEM;
			return NULL;
		}
		if (c)
			node->u.map.members[node->u.map.n - 1].key_loc = c->loc;
	}
	return node;
}

static struct dtbind_value *node_by_phandle(struct decoder *dc, uint32_t ph)
{
	return ph ? hmap_get_ptr(&dc->phandles, (void *)(uintptr_t)ph) : NULL;
}

static int64_t cells_size(const struct dtbind_value *node, const char *cellname)
{
	const struct dtbind_value *v = dtbind_value_get(node, cellname);

	return v ? (int64_t)first_cell(v) : 0;
}

/* The one row of an undivided integer property, or NULL. */
static struct dtbind_value *single_row(struct dtbind_value *v)
{
	if (!v || v->kind != DTBIND_SEQ || v->u.seq.n < 1 || v->u.seq.items[0]->kind != DTBIND_SEQ)
		return NULL;
	return v->u.seq.items[0];
}

/* Cut @row into pieces whose sizes @next gives; stop at a zero size. */
static struct dtbind_value *cut_fixed(struct arena *a, struct dtbind_value *row, size_t size)
{
	return rows_of(a, row, size ? size : row->u.seq.n);
}

static uint32_t cell_at(const struct dtbind_value *row, size_t i)
{
	const struct dtbind_value *v = row->u.seq.items[i];

	return v->kind == DTBIND_INT ? (uint32_t)v->u.i : 0;
}

static void fixup_gpios(struct decoder *dc, struct dtbind_value *node, unsigned depth)
{
	if (dtbind_value_get(node, "gpio-hog") || depth > 256)
		return;
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];
		struct dtbind_value *row;

		if (m->value->kind == DTBIND_MAP) {
			fixup_gpios(dc, m->value, depth + 1);
			continue;
		}
		if (!(str_ends_with(m->key, "-gpios") || str_ends_with(m->key, "-gpio") ||
		      !strcmp(m->key, "gpio") || !strcmp(m->key, "gpios")) ||
		    str_ends_with(m->key, ",nr-gpios") || !(row = single_row(m->value)))
			continue;
		struct dtbind_value *out = vb_seq(dc->a);
		size_t n = row->u.seq.n;

		if (!out)
			return;
		for (size_t k = 0; k < n;) {
			uint32_t ph = cell_at(row, k);
			size_t cells = 0;

			if (ph == 0xffffffff) {
				size_t e = k + 1;

				while (e < n - 1 && cell_at(row, e) != 0xffffffff)
					e++;
				cells = (e < n - 1 ? e : n) - (k + 1);
			} else if (ph) {
				cells = (size_t)cells_size(node_by_phandle(dc, ph), "#gpio-cells");
			}
			size_t len = k + cells + 1 <= n ? cells + 1 : n - k;
			struct dtbind_value *r = seq_of_n(dc->a, len);

			if (!r)
				return;
			memcpy(r->u.seq.items, row->u.seq.items + k, len * sizeof(r->u.seq.items[0]));
			r->u.seq.n = len;
			vb_push(dc->a, out, r);
			k += cells + 1;
		}
		out->loc = m->value->loc;
		m->value = out;
	}
}

static void fixup_interrupts(struct decoder *dc, struct dtbind_value *node, int64_t icells,
			     unsigned depth)
{
	if (depth > 256)
		return;
	struct dtbind_value *ip = vb_get(node, "interrupt-parent");

	if (ip && ip->kind == DTBIND_SEQ) {
		uint32_t ph = first_cell(ip);

		if (ph == 0xffffffff)
			vb_pop(node, "interrupt-parent");
		else
			icells = cells_size(node_by_phandle(dc, ph), "#interrupt-cells");
	}
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];
		struct dtbind_value *row;

		if (m->value->kind == DTBIND_MAP) {
			if (dtbind_value_get(node, "#interrupt-cells"))
				icells = cells_size(node, "#interrupt-cells");
			fixup_interrupts(dc, m->value, icells, depth + 1);
		} else if (!strcmp(m->key, "interrupts") && (row = single_row(m->value))) {
			struct dtbind_loc loc = m->value->loc;

			m->value = cut_fixed(dc->a, row, (size_t)(icells > 0 ? icells : 0));
			if (m->value)
				m->value->loc = loc;
		} else if (!strcmp(m->key, "interrupt-map") && (row = single_row(m->value))) {
			int64_t ic = cells_size(node, "#interrupt-cells");
			int64_t ac = cells_size(node, "#address-cells");
			size_t n = row->u.seq.n, at = (size_t)(ac + ic);
			struct dtbind_loc loc = m->value->loc;

			if (at >= n)
				continue;
			uint32_t ph = cell_at(row, at);
			struct dtbind_value *out = NULL;

			if (ph == 0xffffffff) {
				/* Assume one provider: rows end where the next unresolved phandle starts. */
				size_t e = at + 1;

				while (e < n && cell_at(row, e) != 0xffffffff)
					e++;
				if (e < n)
					out = cut_fixed(dc->a, row, e - at);
			} else {
				struct dtbind_value *parent = node_by_phandle(dc, ph);

				if (!parent)
					continue;
				int64_t pic = cells_size(parent, "#interrupt-cells");
				int64_t pac = cells_size(parent, "#address-cells");

				out = cut_fixed(dc->a, row, (size_t)(ac + ic + 1 + pac + pic));
			}
			if (out) {
				out->loc = loc;
				m->value = out;
			}
		}
	}
}

/* Is @name typed "address" by some binding (2026.06's reg.yaml and chosen.yaml)? */
static bool has_address_type(struct decoder *dc, const char *name)
{
	const char *types[16];
	size_t nt;

	/* Only 2026.06's types have it: no type lookup per property for 2022.08. */
	if (dt_types_gen(dc->types) != DTBIND_GEN_2026_06)
		return false;
	nt = types_get(dc, name, types, ARRAY_SIZE(types));
	for (size_t i = 0; i < nt; i++)
		if (is_address_type(types[i]))
			return true;
	return false;
}

static void fixup_addresses(struct decoder *dc, struct dtbind_value *node, int64_t ac, int64_t sc,
			    unsigned depth)
{
	if (depth > 256)
		return;
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];
		struct dtbind_value *row;

		if (m->value->kind == DTBIND_MAP) {
			if (dtbind_value_get(node, "#address-cells"))
				ac = cells_size(node, "#address-cells");
			if (dtbind_value_get(node, "#size-cells"))
				sc = cells_size(node, "#size-cells");
			fixup_addresses(dc, m->value, ac, sc, depth + 1);
		} else if ((!strcmp(m->key, "reg") || has_address_type(dc, m->key)) &&
			   (row = single_row(m->value))) {
			struct dtbind_loc loc = m->value->loc;

			m->value = cut_fixed(dc->a, row, (size_t)(ac + sc > 0 ? ac + sc : 0));
			if (m->value)
				m->value->loc = loc;
		} else if ((!strcmp(m->key, "ranges") || !strcmp(m->key, "dma-ranges")) &&
			   (row = single_row(m->value))) {
			int64_t child = cells_size(node, "#address-cells") + cells_size(node, "#size-cells");
			struct dtbind_loc loc = m->value->loc;

			m->value = cut_fixed(dc->a, row, (size_t)(ac + child > 0 ? ac + child : 0));
			if (m->value)
				m->value->loc = loc;
		}
	}
}

static bool is_phandle_at(struct decoder *dc, const char *prop_path, size_t cell)
{
	char key[1024];

	snprintf(key, sizeof(key), "%s:%zu", prop_path, cell * 4);
	return hmap_get_str(&dc->phandle_loc, key, strlen(key)) != NULL;
}

/* Cells in the phandle+args entry starting at @idx (0 = cannot tell). */
static size_t arg_size(struct decoder *dc, const char *prop_path, struct dtbind_value *row,
		       size_t idx, const char *cellname, int fixed)
{
	size_t n = row->u.seq.n;

	if (idx >= n)
		return 0;
	uint32_t ph = cell_at(row, idx);

	if (ph == 0 || (!cellname && fixed < 0))
		return 1;
	if (ph == 0xffffffff) {
		/* Examples: the fixups say where each phandle is. */
		if (!is_phandle_at(dc, prop_path, idx))
			return 0;
		size_t count = 1;

		while (idx + count < n && !is_phandle_at(dc, prop_path, idx + count))
			count++;
		return count;
	}
	struct dtbind_value *target = node_by_phandle(dc, ph);

	if (!target)
		return 0;
	return (size_t)(fixed >= 0 ? fixed : cells_size(target, cellname)) + 1;
}

/* Dimensions the bindings fix: outer or inner minimum equal to its maximum. */
static bool fixed_dims(struct decoder *dc, const char *name)
{
	int64_t dim[2][2];

	if (!types_dim(dc, name, dim))
		return false;
	return (dim[0][0] > 0 && dim[0][0] == dim[0][1]) || (dim[1][0] > 0 && dim[1][0] == dim[1][1]);
}

static void fixup_phandles(struct decoder *dc, struct dtbind_value *node, const char *path,
			   unsigned depth)
{
	static const struct {
		const char *prop;
		const char *cells;	/* NULL: no argument cells */
		int fixed;		/* >= 0: a fixed number of argument cells */
	} table[] = {
		{ "assigned-clocks", "#clock-cells", -1 },
		{ "assigned-clock-parents", "#clock-cells", -1 },
		{ "cooling-device", "#cooling-cells", -1 },
		{ "interrupts-extended", "#interrupt-cells", -1 },
		{ "interconnects", "#interconnect-cells", -1 },
		{ "mboxes", "#mbox-cells", -1 },
		{ "sound-dai", "#sound-dai-cells", -1 },
		{ "msi-parent", "#msi-cells", -1 },
		{ "gpio-ranges", NULL, 3 },
		{ "nvmem-cells", NULL, -1 },
		{ "memory-region", NULL, -1 },
		/* 2026.06 only (see below) */
		{ "msi-ranges", "#interrupt-cells", -1 },
	};
	bool modern = dt_types_gen(dc->types) == DTBIND_GEN_2026_06;

	if (depth > 256)
		return;
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];

		if (m->value->kind == DTBIND_MAP) {
			char *cpath = arena_printf(dc->a, "%s/%s", path, m->key);

			if (cpath)
				fixup_phandles(dc, m->value, cpath, depth + 1);
			continue;
		}
		const char *types[16];
		size_t nt = types_get(dc, m->key, types, ARRAY_SIZE(types));
		bool pa = false;

		for (size_t k = 0; k < nt; k++)
			pa |= !strcmp(types[k], "phandle-array");
		struct dtbind_value *v = m->value, *row;

		if (!pa || v->kind != DTBIND_SEQ || v->u.seq.n != 1 || !(row = single_row(v)))
			continue;
		/*
		 * 2026.06 leaves a phandle-array whose bindings fix its
		 * dimensions as it is (not dma-masters, a known type clash).
		 */
		if (modern && strcmp(m->key, "dma-masters") && fixed_dims(dc, m->key))
			continue;
		const char *cellname = NULL;
		int fixed = -1;
		bool known = false;
		char *prop_path = arena_printf(dc->a, "%s:%s", path, m->key);

		if (!prop_path)
			return;
		for (size_t k = 0; k < ARRAY_SIZE(table); k++) {
			if (!modern && !strcmp(table[k].prop, "msi-ranges"))
				continue;
			if (!strcmp(m->key, table[k].prop)) {
				cellname = table[k].cells;
				fixed = table[k].fixed;
				known = true;
			}
		}
		if (!known) {
			size_t kl = strlen(m->key);

			if (kl < 2 || m->key[kl - 1] != 's' || strstr(m->key, "gpio"))
				continue;
			cellname = arena_printf(dc->a, "#%.*s-cells", (int)kl - 1, m->key);
			if (!cellname || !arg_size(dc, prop_path, row, 0, cellname, -1))
				continue;
		}
		struct dtbind_value *out = vb_seq(dc->a);
		size_t n = row->u.seq.n;

		if (!out)
			return;
		for (size_t k = 0; k < n;) {
			size_t cells = arg_size(dc, prop_path, row, k, cellname, fixed);

			if (!cells)
				break;
			if (!strcmp(m->key, "interconnects"))
				cells += arg_size(dc, prop_path, row, k + cells, cellname, fixed);
			else if (modern && !strcmp(m->key, "msi-ranges"))
				cells++;	/* and a span cell */
			size_t len = k + cells <= n ? cells : n - k;
			struct dtbind_value *r = seq_of_n(dc->a, len);

			if (!r)
				return;
			memcpy(r->u.seq.items, row->u.seq.items + k, len * sizeof(r->u.seq.items[0]));
			r->u.seq.n = len;
			vb_push(dc->a, out, r);
			k += cells;
		}
		out->loc = v->loc;
		m->value = out;
	}
}

/* Values made while decoding and cutting rows carry the location of their property. */
static void set_loc_deep(struct dtbind_value *v, struct dtbind_loc loc, unsigned depth)
{
	if (depth > 64)
		return;
	if (!v->loc.file && !v->loc.line)
		v->loc = loc;
	if (v->kind == DTBIND_SEQ)
		for (size_t i = 0; i < v->u.seq.n; i++)
			set_loc_deep(v->u.seq.items[i], v->loc, depth + 1);
}

static void fill_locs(struct dtbind_value *node, unsigned depth)
{
	if (depth > 256)
		return;
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];

		if (m->value->kind == DTBIND_MAP)
			fill_locs(m->value, depth + 1);
		else
			set_loc_deep(m->value, m->key_loc, 0);
	}
}

bool dt_fdt_is_valid(const void *fdt, size_t len)
{
	/*
	 * libfdt 1.6.1's fdt_check_full() dereferences NULL on a blob older
	 * than version 16 (no string-block size: a property name it cannot
	 * find).  dtc has written version 17 since 2007; refuse the old ones.
	 */
	return len >= sizeof(struct fdt_header) && fdt_check_header(fdt) == 0 &&
	       fdt_version(fdt) >= 16 && fdt_totalsize(fdt) <= len &&
	       fdt_check_full(fdt, len) == 0;
}

int dt_decode(struct arena *a, const void *fdt, const struct dt_types *types, const char *file,
	      dt_loc_fn *loc_of, void *user, struct dtbind_diag *diag, unsigned *decode_errors,
	      struct dtbind_value **out)
{
	struct decoder dc = { .a = a, .fdt = fdt, .types = types, .loc_of = loc_of, .user = user,
			      .file = file, .diag = diag };
	int ret;

	*out = NULL;
	/* The whole structure, not just the header: a cut or inconsistent
	 * block would otherwise end the node walk early, silently. */
	if (!dt_fdt_is_valid(fdt, fdt_totalsize(fdt)))
		return -DTBIND_EPARSE;
	hmap_init(&dc.phandles);
	hmap_init(&dc.phandle_loc);
	hmap_init(&dc.type_memo);
	sb_init(&dc.path);
	sb_putc(&dc.path, '/');
	struct dtbind_value *root = scan_node(&dc, 0, "/", 0);

	if (root && !dc.err) {
		fixup_gpios(&dc, root, 0);
		fixup_interrupts(&dc, root, 1, 0);
		fixup_addresses(&dc, root, 2, 1, 0);
		fixup_phandles(&dc, root, "", 0);
		fill_locs(root, 0);
	}
	ret = dc.err;
	if (decode_errors)
		*decode_errors = dc.decode_errors;
	hmap_free(&dc.phandles);
	hmap_free(&dc.phandle_loc);
	hmap_free(&dc.type_memo);
	sb_free(&dc.path);
	if (!ret && !root)
		ret = -DTBIND_ENOMEM;
	*out = ret ? NULL : root;
	return ret;
}
