// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_cache.c - the schema-cache reader on a damaged cache file: the
 * header, the manifest, the index, then every binding record decoded and
 * the documented compatibles indexed, bindings looked up by $id and by
 * compatible through the tables searched in place.  The harness writes the program id
 * the reader expects; a fuzzing build skips the checksums (schemacache.c).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "dtschema-private.h"
#include "dttypes.h"
#include "fuzz.h"

#define PROGRAM 0x66757a7a63616368ull	/* any value: the harness writes it into the header */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dtbind_dtschemas *s = dtschemas_new(fuzz_diag(), DTBIND_GEN_2026_06);
	uint8_t *copy = malloc(size + 1);
	struct source_tree tree = { 0 };
	bool whole = false;

	if (!s || !copy) {
		free(copy);
		dtbind_dtschemas_free(s);
		return 0;
	}
	memcpy(copy, data, size);
	if (size >= 24) {
		uint64_t program = PROGRAM;

		memcpy(copy + 16, &program, 8);
	}
	if (schema_cache_read(s, fuzz_file("cache.bin", copy, size), PROGRAM, NULL, &tree,
			      false, &whole) == 0) {
		for (size_t i = 0; i < s->n; i++) {
			binding_value(s, i);
			/* The lazy indexes: by $id, and by compatible (ids as keys too). */
			binding_by_id(s, s->b[i].id);
			compat_bindings(s, s->b[i].id, strlen(s->b[i].id));
		}
		compat_bindings(s, "simple-bus", 10);
		/* The type database, decoded record by record: exact names, then the patterns. */
		static const char *const names[] = { "reg", "clocks", "#address-cells", "acme,lanes-3" };
		const char *types[4];
		int64_t dim[2][2];

		for (size_t k = 0; s->types && k < ARRAY_SIZE(names); k++) {
			dt_types_get(s->types, names[k], types, 4);
			dt_types_dim(s->types, names[k], dim);
		}
		if (whole)
			dtbind_dtschemas_documented(s, "acme,widget");
	}
	source_tree_free(&tree);
	dtbind_dtschemas_free(s);
	free(copy);
	return 0;
}
