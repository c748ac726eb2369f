// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_dts.c - the preprocessor, then the DTS parser on its output, then
 * the tree written as an FDT.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "cpp.h"
#include "dts.h"
#include "fdtwrite.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n_inc;
	const char *const *inc = fuzz_include_dirs(&n_inc);
	struct cpp_opts po = {
		.include_dirs = inc,
		.n_include_dirs = n_inc,
		.defines = (const char *const[]){ "__DTS__" },
		.n_defines = 1,
	};
	struct cpp_output pp;
	struct dt_tree t;

	if (cpp_run(&po, "fuzz.dts", (const char *)data, size, NULL, fuzz_diag(), &pp))
		return 0;
	dt_tree_init(&t);
	if (dts_parse(&t, "fuzz.dts", pp.text, pp.len, &pp.map, fuzz_diag()) == 0) {
		struct hmap paths;
		void *blob = NULL;
		size_t len;

		hmap_init(&paths);
		dt_to_fdt(&t, &t.arena, &paths, &blob, &len);
		free(blob);
		hmap_free(&paths);
	}
	dt_tree_release(&t);
	cpp_output_free(&pp);
	return 0;
}
