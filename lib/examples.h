/* SPDX-License-Identifier: BSD-2-Clause */
/* examples.h - a binding's examples wrapped into one DTS source (see examples.c). */
#ifndef DTBIND_EXAMPLES_H
#define DTBIND_EXAMPLES_H

#include "dt.h"

/*
 * Append the wrapped examples of @binding (loaded from @file, whose text is
 * @text) to @out, one srcmap line per output line.  *count receives the
 * number of examples.  Returns 0 or -DTBIND_ENOMEM.
 */
int examples_wrap(const struct dtbind_value *binding, const char *file, const char *text,
		  size_t len, struct strbuf *out, struct srcmap *map, unsigned *count);
/*
 * Same, in the wrapper of dt-schema generation @gen (2026.06 puts a fake
 * interrupt controller node into each example; 2022.08 makes example-N one).
 */
int examples_wrap_gen(const struct dtbind_value *binding, const char *file, const char *text,
		      size_t len, enum dtbind_gen gen, struct strbuf *out, struct srcmap *map,
		      unsigned *count);
/* The #interrupt-cells of the fake controller for an example (0: none). */
unsigned example_interrupt_cells(const char *example);

#endif
