// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_patch.c - check's reader: patches, mbox series and bare diffs,
 * then every file's hunks applied in memory to the input itself (so that
 * the fuzzer can make context that matches) and the result joined.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "fuzz.h"
#include "patch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dtbind_patch_series s;

	dtbind_patch_series_init(&s);
	dtbind_patch_parse(&s, "fuzz.patch", (const char *)data, size, fuzz_diag());
	for (size_t i = 0; i < s.n; i++) {
		const struct dtbind_patch *p = &s.patches[i];

		for (size_t k = 0; k < p->n_files; k++) {
			struct dtbind_text t = { 0 };
			size_t len;

			if (p->files[k].broken ||
			    dtbind_text_from_buffer(&t, (const char *)data, size))
				continue;
			dtbind_patch_apply(p, &p->files[k], &t, "fuzz", fuzz_diag());
			free(dtbind_text_join(&t, &len));
			dtbind_text_free(&t);
		}
	}
	dtbind_patch_series_release(&s);
	return 0;
}
