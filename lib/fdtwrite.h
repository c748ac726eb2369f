/* SPDX-License-Identifier: BSD-2-Clause */
/* fdtwrite.h - struct dt_tree -> FDT blob with libfdt (see fdtwrite.c). */
#ifndef DTBIND_FDTWRITE_H
#define DTBIND_FDTWRITE_H

#include "dt.h"

/*
 * Write @t as an FDT (malloc'd *blob, *size bytes).  Strings for fixups come
 * from @a.  When @paths is not NULL it receives "/node/path" -> struct
 * dt_node * for every node written (for mapping findings back to source).
 * Returns 0, -DTBIND_ENOMEM, -DTBIND_ELIMIT (too deep or too large) or
 * -DTBIND_EINVAL (libfdt refused a name).
 */
int dt_to_fdt(struct dt_tree *t, struct arena *a, struct hmap *paths, void **blob, size_t *size);

#endif
