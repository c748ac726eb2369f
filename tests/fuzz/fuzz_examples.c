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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return fuzz_init_checker(argc, argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned findings;

	dt_checker_examples(fuzz_checker(), fuzz_file("fuzz.yaml", data, size), &findings);
	return 0;
}
