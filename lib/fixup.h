/* SPDX-License-Identifier: BSD-2-Clause */
/* fixup.h - binding schemas rewritten for decoded devicetree data (see fixup.c). */
#ifndef DTBIND_FIXUP_H
#define DTBIND_FIXUP_H

#include "internal.h"

/* A fixed-up deep copy of @schema, allocated in @a (NULL on ENOMEM). */
/* @gen: the dt-schema generation whose fixups apply (2022.08 or 2026.06). */
struct dtbind_value *fixup_schema(struct arena *a, const struct dtbind_value *schema,
				  enum dtbind_gen gen);
/* Does @prop end in a unit suffix whose values are arrays (-ms, -microvolt, ...)? */
bool fixup_has_unit_suffix(const char *prop);
/* (minItems, maxItems) of an array schema as the reference computes them, 0/0 if unknown. */
void fixup_array_range(const struct dtbind_value *s, int64_t *min, int64_t *max);

struct dt_types;
/* 2026.06: the array keywords of integer-array properties moved to the row (see fixup.c). */
void fixup_flat_arrays(struct arena *a, struct dtbind_value *schema, const struct dt_types *t);

#endif
