// SPDX-License-Identifier: BSD-2-Clause
/*
 * cache_seed.c - a small schema-cache file for fuzz_cache's seeds.  A real
 * cache of even a one-binding tree is ~200 KiB, nearly all of it the records
 * of the 130 embedded core schemas, and the reader decodes every record of
 * every input: tens of ms an execution.  This one keeps every part of the
 * format (header, manifest, index with all the ids, type database,
 * compatible table, lists) but empties the records of the core schemas
 * except a few, so each execution decodes a few KiB.
 *
 * Usage: cache_seed BINDINGS_ROOT OUT   (exit 0 written, 1 failed)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "dtschema-private.h"

/* Core schemas kept whole: small ones with $refs, patterns and typed properties. */
static const char *const kept[] = {
	"http://devicetree.org/schemas/dt-core.yaml#",
	"http://devicetree.org/schemas/simple-bus.yaml#",
	"http://devicetree.org/schemas/gpio/gpio.yaml#",
	"http://devicetree.org/schemas/interrupts.yaml#",
};

static bool keep_whole(const struct binding *b)
{
	if (strncmp(b->file, "<dtbind>/", 9))
		return true;	/* the tree's own bindings */
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		if (!strcmp(b->id, kept[i]))
			return true;
	return false;
}

int main(int argc, char **argv)
{
	static const struct dtbind_value empty = { .kind = DTBIND_MAP };
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_dtschemas *s = NULL;
	struct source_tree tree;

	if (argc != 3) {
		fprintf(stderr, "usage: %s BINDINGS_ROOT OUT\n", argv[0]);
		return 2;
	}
	if (!diag || dtbind_dtschemas_load_cached(diag, argv[1], NULL, false, DTBIND_GEN_2026_06, &s) ||
	    source_tree_collect(argv[1], &tree))
		return 1;
	for (size_t i = 0; i < s->n; i++)
		if (!keep_whole(&s->b[i]))
			s->b[i].fixed = &empty;
	/* Program id 0: fuzz_cache writes the one its reader wants. */
	int ret = schema_cache_write(s, argv[2], 0, argv[1], &tree);

	source_tree_free(&tree);
	dtbind_dtschemas_free(s);
	dtbind_diag_free(diag);
	return ret ? 1 : 0;
}
