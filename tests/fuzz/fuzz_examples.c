// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_examples.c - a binding's examples through exampletest's chain:
 * loaded, wrapped, preprocessed, parsed, written as an FDT, decoded and
 * validated against a small fixed schema set (corpus/bindings and the
 * core schemas).
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "exampletest.h"
#include "fuzz.h"

static struct dt_checker *checker;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct dt_checker_opts o = { .bindings_root = fuzz_bindings_root() };

	(void)argc;
	(void)argv;
	o.include_dirs = fuzz_include_dirs(&o.n_include_dirs);
	if (dt_checker_new(fuzz_diag(), &o, &checker))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned findings;

	dt_checker_examples(checker, fuzz_file("fuzz.yaml", data, size), &findings);
	return 0;
}
