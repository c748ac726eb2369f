/* SPDX-License-Identifier: BSD-2-Clause */
/* dtdecode.h - FDT blob -> value tree for validation (see dtdecode.c). */
#ifndef DTBIND_DTDECODE_H
#define DTBIND_DTDECODE_H

#include "dttypes.h"

/* Where node @path (and property @prop, or NULL for the node) was written. */
typedef struct dtbind_loc dt_loc_fn(void *user, const char *path, const char *prop);

/*
 * True when the @len bytes at @fdt are a blob libfdt can walk safely: a
 * valid header of version 16 or later, fdt_totalsize within @len, and the
 * whole structure consistent (fdt_check_full).
 */
bool dt_fdt_is_valid(const void *fdt, size_t len);

/*
 * Decode @fdt (checked with dt_fdt_is_valid over its fdt_totalsize; the caller
 * checks that the buffer holds that many bytes)
 * into a map per node, allocated in @a.  Values their type cannot decode
 * are reported to @diag (may be NULL) and counted in *@decode_errors.  @loc_of may be NULL: values are
 * then located at @file only.  Returns 0, -DTBIND_EPARSE (not an FDT),
 * -DTBIND_ELIMIT (too deep) or -DTBIND_ENOMEM.
 */
int dt_decode(struct arena *a, const void *fdt, const struct dt_types *types, const char *file,
	      dt_loc_fn *loc_of, void *user, struct dtbind_diag *diag, unsigned *decode_errors,
	      struct dtbind_value **out);

#endif
