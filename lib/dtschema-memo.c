// SPDX-License-Identifier: BSD-2-Clause
/*
 * dtschema-memo.c - the nodes a schema set found clean, remembered by
 * content, so that checking a tree again after a small edit (an editor's
 * keystroke) validates only the nodes the edit changed.
 *
 * A node's findings depend on its decoded value (its properties and its
 * whole subtree, which the schemas see), its name, whether an ancestor is
 * disabled, and the check's options.  Only clean nodes are remembered: a
 * node with findings is validated again, since its findings carry source
 * locations that an edit may have moved.  Keys are 128 bits of hash over
 * all of that; a false match would need a collision of both halves.
 */
#include <stdlib.h>
#include <string.h>

#include "dtschema-private.h"

#define MEMO_MAX (1u << 20)	/* slots; emptied when half full */
#define HASH_DEPTH 300		/* deeper values are not remembered */

struct dtschemas_memo {
	struct memo_key *slot;	/* open addressing; {0, 0} is empty */
	size_t n, cap;
	struct hmap hashes;	/* this run: node map value -> struct memo_key * */
	struct arena a;		/* the keys of hashes */
};

struct dtschemas_memo *dtschemas_memo_new(void)
{
	struct dtschemas_memo *m = calloc(1, sizeof(*m));

	if (m) {
		hmap_init(&m->hashes);
		arena_init(&m->a, 64 * 1024);
	}
	return m;
}

void dtschemas_memo_free(struct dtschemas_memo *m)
{
	if (!m)
		return;
	free(m->slot);
	hmap_free(&m->hashes);
	arena_release(&m->a);
	free(m);
}

static void mix(struct memo_key *k, const void *p, size_t n)
{
	k->a = hash64(k->a, p, n);
	k->b = hash64(k->b ^ 0x5bd1e9955bd1e995ull, p, n);
}

static void mix_u64(struct memo_key *k, uint64_t v)
{
	mix(k, &v, sizeof(v));
}

/* Hash @v into @k; node maps get their own key in m->hashes.  False: too deep or no memory. */
static bool hash_value(struct dtschemas_memo *m, const struct dtbind_value *v, struct memo_key *k,
		       unsigned depth)
{
	if (depth > HASH_DEPTH)
		return false;
	mix_u64(k, (uint64_t)v->kind << 8 | v->style);
	switch (v->kind) {
	case DTBIND_NULL:
		break;
	case DTBIND_BOOL:
		mix_u64(k, v->u.b);
		break;
	case DTBIND_INT:
		mix_u64(k, (uint64_t)v->u.i);
		break;
	case DTBIND_FLOAT:
		mix(k, &v->u.f, sizeof(v->u.f));
		break;
	case DTBIND_SEQ:
		mix_u64(k, v->u.seq.n);
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (!hash_value(m, v->u.seq.items[i], k, depth + 1))
				return false;
		break;
	case DTBIND_MAP: {
		struct memo_key *own = arena_alloc(&m->a, sizeof(*own));

		if (!own)
			return false;
		*own = (struct memo_key){ 0x243f6a8885a308d3ull, 0x13198a2e03707344ull };
		mix_u64(own, v->u.map.n);
		for (size_t i = 0; i < v->u.map.n; i++) {
			const struct dtbind_member *mb = &v->u.map.members[i];

			mix(own, mb->key, mb->key_len + 1);
			if (!hash_value(m, mb->value, own, depth + 1))
				return false;
		}
		if (hmap_put_ptr(&m->hashes, v, own))
			return false;
		mix(k, own, sizeof(*own));
		break;
	}
	default:	/* strings and raw bytes */
		mix_u64(k, v->u.str.len);
		mix(k, v->u.str.ptr, v->u.str.len);
		break;
	}
	return true;
}

void dtschemas_memo_begin(struct dtschemas_memo *m, const struct dtbind_value *root)
{
	struct memo_key top = { 0 };

	hmap_free(&m->hashes);
	hmap_init(&m->hashes);
	arena_release(&m->a);
	arena_init(&m->a, 64 * 1024);
	/* Too deep or out of memory: nodes without a key are simply validated. */
	hash_value(m, root, &top, 0);
}

bool dtschemas_memo_key(struct dtschemas_memo *m, const struct dtbind_value *node,
			const char *name, uint64_t context, struct memo_key *out)
{
	const struct memo_key *own = hmap_get_ptr(&m->hashes, node);

	if (!own)
		return false;
	*out = *own;
	mix(out, name, strlen(name) + 1);
	mix_u64(out, context);
	if (!out->a && !out->b)
		out->a = 1;	/* {0, 0} marks an empty slot */
	return true;
}

static size_t slot_of(const struct dtschemas_memo *m, const struct memo_key *k)
{
	size_t i = k->a & (m->cap - 1);

	while ((m->slot[i].a || m->slot[i].b) && (m->slot[i].a != k->a || m->slot[i].b != k->b))
		i = (i + 1) & (m->cap - 1);
	return i;
}

bool dtschemas_memo_clean(const struct dtschemas_memo *m, const struct memo_key *k)
{
	return m->cap && (m->slot[slot_of(m, k)].a || m->slot[slot_of(m, k)].b);
}

void dtschemas_memo_add(struct dtschemas_memo *m, const struct memo_key *k)
{
	if (m->n + 1 > m->cap / 2) {
		size_t cap = m->cap ? m->cap * 2 : 4096;
		struct memo_key *old = m->slot;
		size_t old_cap = m->cap;

		if (cap > MEMO_MAX) {
			/* Full of the states of past edits: start again. */
			memset(m->slot, 0, m->cap * sizeof(*m->slot));
			m->n = 0;
		} else {
			struct memo_key *nv = calloc(cap, sizeof(*nv));

			if (!nv)
				return;
			m->slot = nv;
			m->cap = cap;
			for (size_t i = 0; i < old_cap; i++)
				if (old[i].a || old[i].b)
					m->slot[slot_of(m, &old[i])] = old[i];
			free(old);
		}
	}
	size_t i = slot_of(m, k);

	if (!m->slot[i].a && !m->slot[i].b) {
		m->slot[i] = *k;
		m->n++;
	}
}
