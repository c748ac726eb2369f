// SPDX-License-Identifier: BSD-2-Clause
/*
 * bindingset.c - the bindings of a processed schema set, by $id, and the
 * warnings for files left out of it.  Below both dtschema.c (which loads
 * bindings from their files) and schemacache.c (which loads them from the
 * cache): neither calls the other's loading code through this.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtschema-private.h"

int list_push(struct index_list *l, size_t i)
{
	if (vec_reserve_one(&l->v, l->n, &l->cap, sizeof(*l->v), 4))
		return -DTBIND_ENOMEM;
	l->v[l->n++] = i;
	return 0;
}

/* A file that gives no binding: warned now, and noted for the cache to warn again. */
void left_out(struct dtbind_dtschemas *s, struct dtbind_loc loc, const char *rule,
	      const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dtbind_diag_report(s->diag, DTBIND_WARNING, loc, rule, "%s", msg);
	if (s->loading) {
		struct source_file *f = s->loading;

		snprintf(f->note_rule, sizeof(f->note_rule), "%s", rule);
		free(f->note);
		f->note = strdup(msg);
		f->note_line = loc.line;
		f->note_col = loc.col;
	}
}

bool id_taken(struct dtbind_dtschemas *s, const char *id, const char *file, struct dtbind_loc loc)
{
	if (!binding_by_id(s, id))
		return false;
	/* A tree may carry its own copy of a core schema: the tree's wins, silently. */
	if (strncmp(file, "<dtbind>/", 9))
		left_out(s, loc, "duplicate-id",
			 "duplicate '$id' value '%s'; the first file that has it is used", id);
	return true;
}

int append_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
		   const struct dtbind_value *fixed)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		struct binding *nb = s->b_in_arena ? malloc(cap * sizeof(*nb))
						   : realloc(s->b, cap * sizeof(*nb));

		if (!nb)
			return -DTBIND_ENOMEM;
		if (s->b_in_arena)
			memcpy(nb, s->b, s->n * sizeof(*nb));
		s->b_in_arena = false;
		s->b = nb;
		s->cap = cap;
	}
	struct binding *b = &s->b[s->n++];

	memset(b, 0, sizeof(*b));
	b->id = id;
	b->file = file;
	b->fixed = fixed;
	return 0;
}

int push_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
		 const struct dtbind_value *fixed)
{
	int ret = append_binding(s, id, file, fixed);

	/* Keyed without the fragment: that is how a $ref asks for a document. */
	if (!ret && hmap_put_str(&s->ids, id, uri_fragment_offset(id), (void *)(uintptr_t)s->n))
		ret = -DTBIND_ENOMEM;
	return ret;
}

static int id_cmp(const char *a, size_t al, const char *b)
{
	size_t bl = uri_fragment_offset(b);
	int c = memcmp(a, b, al < bl ? al : bl);

	return c ? c : (al > bl) - (al < bl);
}

size_t binding_by_id(struct dtbind_dtschemas *s, const char *uri)
{
	size_t len = uri_fragment_offset(uri);
	uintptr_t i = (uintptr_t)hmap_get_str(&s->ids, uri, len);
	uint32_t lo = 0, hi = s->n_id_order;

	while (!i && lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2, k;
		int c;

		memcpy(&k, s->id_order + (size_t)mid * 4, 4);
		if (k >= s->n)
			return 0;
		if ((c = id_cmp(uri, len, s->b[k].id)) < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return (size_t)k + 1;
	}
	return i;
}
