/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * vbuild.h - building and editing value trees in an arena: what schema
 * fixups and devicetree decoding produce.  Values built here have no source
 * location unless one is copied in.
 */
#ifndef DTBIND_VBUILD_H
#define DTBIND_VBUILD_H

#include "internal.h"

struct dtbind_value *vb_null(struct arena *a);
struct dtbind_value *vb_bool(struct arena *a, bool b);
struct dtbind_value *vb_int(struct arena *a, int64_t i);
struct dtbind_value *vb_number(struct arena *a, double f);	/* INT when integral and in range */
struct dtbind_value *vb_str(struct arena *a, const char *s);
struct dtbind_value *vb_strn(struct arena *a, const char *s, size_t n);
struct dtbind_value *vb_seq(struct arena *a);
struct dtbind_value *vb_map(struct arena *a);

/* Deep copy; locations are kept. Returns NULL on ENOMEM or past the depth limit. */
struct dtbind_value *vb_copy(struct arena *a, const struct dtbind_value *v);
/* Append to a sequence; 0 or -DTBIND_ENOMEM. */
int vb_push(struct arena *a, struct dtbind_value *seq, struct dtbind_value *item);
/* Set a key (replacing in place, else appending); 0 or -DTBIND_ENOMEM. */
int vb_set(struct arena *a, struct dtbind_value *map, const char *key, struct dtbind_value *v);
/* Set only when absent ("setdefault"); returns the value now there, NULL on ENOMEM. */
struct dtbind_value *vb_setdefault(struct arena *a, struct dtbind_value *map, const char *key,
				   struct dtbind_value *v);
/* Remove a key; returns its value or NULL. */
struct dtbind_value *vb_pop(struct dtbind_value *map, const char *key);
/* Mutable lookup. */
struct dtbind_value *vb_get(struct dtbind_value *map, const char *key);
/* The value a local '#/a/b' reference names under @root (map keys only), or NULL. */
struct dtbind_value *vb_pointer(struct dtbind_value *root, const char *ref);

#endif
