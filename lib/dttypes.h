/* SPDX-License-Identifier: BSD-2-Clause */
/* dttypes.h - property name -> types.yaml type(s) and matrix dimensions (see dttypes.c). */
#ifndef DTBIND_DTTYPES_H
#define DTBIND_DTTYPES_H

#include "internal.h"

struct dt_types;

/* Learn the types from fixed-up schemas (roots of binding documents). */
int dt_types_build(struct dt_types **out, const struct dtbind_value *const *schemas, size_t n,
		   enum dtbind_gen gen);
/* The type names of a property ("uint32", "phandle-array", ...); returns how many. */
size_t dt_types_get(const struct dt_types *t, const char *name, const char **types, size_t max);
/* Same for a key of 'properties' (@is_pattern false) or 'patternProperties' as written. */
size_t dt_types_get_key(const struct dt_types *t, const char *key, bool is_pattern,
			const char **types, size_t max);
/* Matrix dimensions ((outer min, max), (inner min, max)) when known. */
bool dt_types_dim(const struct dt_types *t, const char *name, int64_t dim[2][2]);
/* The database as a record for the schema cache, and back (names stay in @r's buffer). */
void dt_types_save(const struct dt_types *t, struct strbuf *sb);
int dt_types_load(struct dt_types **out, struct reader *r);
void dt_types_free(struct dt_types *t);
/* The dt-schema generation whose decoding rules apply (set again after a load). */
enum dtbind_gen dt_types_gen(const struct dt_types *t);
void dt_types_set_gen(struct dt_types *t, enum dtbind_gen gen);

#endif
