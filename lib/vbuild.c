// SPDX-License-Identifier: BSD-2-Clause
/* vbuild.c - building and editing value trees in an arena. */
#include <math.h>
#include <string.h>

#include "vbuild.h"

static struct dtbind_value *new_value(struct arena *a, enum dtbind_kind kind)
{
	struct dtbind_value *v = arena_alloc(a, sizeof(*v));

	if (v)
		v->kind = kind;
	return v;
}

struct dtbind_value *vb_null(struct arena *a)
{
	return new_value(a, DTBIND_NULL);
}

struct dtbind_value *vb_bool(struct arena *a, bool b)
{
	struct dtbind_value *v = new_value(a, DTBIND_BOOL);

	if (v)
		v->u.b = b;
	return v;
}

struct dtbind_value *vb_int(struct arena *a, int64_t i)
{
	struct dtbind_value *v = new_value(a, DTBIND_INT);

	if (v)
		v->u.i = i;
	return v;
}

struct dtbind_value *vb_number(struct arena *a, double f)
{
	if (f == floor(f) && f >= -9.2e18 && f <= 9.2e18)
		return vb_int(a, (int64_t)f);
	struct dtbind_value *v = new_value(a, DTBIND_FLOAT);

	if (v)
		v->u.f = f;
	return v;
}

struct dtbind_value *vb_strn(struct arena *a, const char *s, size_t n)
{
	struct dtbind_value *v = new_value(a, DTBIND_STRING);

	if (!v)
		return NULL;
	v->u.str.ptr = arena_strndup(a, s, n);
	v->u.str.len = n;
	return v->u.str.ptr ? v : NULL;
}

struct dtbind_value *vb_str(struct arena *a, const char *s)
{
	return vb_strn(a, s, strlen(s));
}

struct dtbind_value *vb_seq(struct arena *a)
{
	return new_value(a, DTBIND_SEQ);
}

struct dtbind_value *vb_map(struct arena *a)
{
	return new_value(a, DTBIND_MAP);
}

static struct dtbind_value *copy(struct arena *a, const struct dtbind_value *v, unsigned depth)
{
	struct dtbind_value *c;

	if (depth > DTBIND_MAX_DEPTH || !(c = arena_alloc(a, sizeof(*c))))
		return NULL;
	*c = *v;
	switch (v->kind) {
	case DTBIND_SEQ:
		c->u.seq.items = arena_alloc(a, (v->u.seq.n + 1) * sizeof(*c->u.seq.items));
		if (!c->u.seq.items)
			return NULL;
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (!(c->u.seq.items[i] = copy(a, v->u.seq.items[i], depth + 1)))
				return NULL;
		break;
	case DTBIND_MAP:
		c->u.map.members = arena_alloc(a, (v->u.map.n + 1) * sizeof(*c->u.map.members));
		if (!c->u.map.members)
			return NULL;
		for (size_t i = 0; i < v->u.map.n; i++) {
			c->u.map.members[i] = v->u.map.members[i];
			if (!(c->u.map.members[i].value = copy(a, v->u.map.members[i].value, depth + 1)))
				return NULL;
		}
		break;
	default:
		break;	/* strings are immutable and may be shared */
	}
	return c;
}

struct dtbind_value *vb_copy(struct arena *a, const struct dtbind_value *v)
{
	return copy(a, v, 0);
}

/* Exact-size reallocation: sequences may come from the loader; callers building long arrays size them up front. */
int vb_push(struct arena *a, struct dtbind_value *seq, struct dtbind_value *item)
{
	size_t n = seq->u.seq.n;
	struct dtbind_value **ni = arena_alloc(a, (n + 1) * sizeof(*ni));

	if (!ni)
		return -DTBIND_ENOMEM;
	if (n)
		memcpy(ni, seq->u.seq.items, n * sizeof(*ni));
	ni[n] = item;
	seq->u.seq.items = ni;
	seq->u.seq.n = n + 1;
	return 0;
}

struct dtbind_value *vb_get(struct dtbind_value *map, const char *key)
{
	return (struct dtbind_value *)dtbind_value_get(map, key);
}

struct dtbind_value *vb_pointer(struct dtbind_value *root, const char *ref)
{
	struct dtbind_value *v = root;
	char seg[256];

	if (!ref || strncmp(ref, "#/", 2))
		return NULL;
	for (const char *p = ref + 2; v && *p;) {
		size_t n = strcspn(p, "/");

		if (n >= sizeof(seg))
			return NULL;
		memcpy(seg, p, n);
		seg[n] = 0;
		v = v->kind == DTBIND_MAP ? vb_get(v, seg) : NULL;
		p += n + (p[n] == '/');
	}
	return v;
}

int vb_set(struct arena *a, struct dtbind_value *map, const char *key, struct dtbind_value *v)
{
	size_t n = map->u.map.n, len = strlen(key);

	for (size_t i = 0; i < n; i++) {
		if (map->u.map.members[i].key_len == len && !memcmp(map->u.map.members[i].key, key, len)) {
			map->u.map.members[i].value = v;
			return 0;
		}
	}
	/* Members arrays from the loader are exact-size: always reallocate when appending. */
	struct dtbind_member *nm = arena_alloc(a, (n + 1) * sizeof(*nm));

	if (!nm)
		return -DTBIND_ENOMEM;
	if (n)
		memcpy(nm, map->u.map.members, n * sizeof(*nm));
	nm[n].key = arena_strndup(a, key, len);
	nm[n].key_len = len;
	nm[n].key_loc = v ? v->loc : (struct dtbind_loc){ 0 };
	nm[n].value = v;
	if (!nm[n].key)
		return -DTBIND_ENOMEM;
	map->u.map.members = nm;
	map->u.map.n = n + 1;
	return 0;
}

struct dtbind_value *vb_setdefault(struct arena *a, struct dtbind_value *map, const char *key,
				   struct dtbind_value *v)
{
	struct dtbind_value *old = vb_get(map, key);

	if (old)
		return old;
	return vb_set(a, map, key, v) ? NULL : v;
}

struct dtbind_value *vb_pop(struct dtbind_value *map, const char *key)
{
	size_t n = map->u.map.n, len = strlen(key);

	for (size_t i = 0; i < n; i++) {
		struct dtbind_member *m = &map->u.map.members[i];

		if (m->key_len == len && !memcmp(m->key, key, len)) {
			struct dtbind_value *v = m->value;

			memmove(m, m + 1, (n - i - 1) * sizeof(*m));
			map->u.map.n--;
			return v;
		}
	}
	return NULL;
}
