// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_fdt.c - a .dtb through validate's chain: the FDT checked, decoded by
 * the types of a small fixed schema set (corpus/bindings and the core
 * schemas) and validated against it.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "fuzz.h"
#include "validate.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return fuzz_init_checker(argc, argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned findings;

	/* Not an FDT: the DTS harness covers that branch. */
	if (size < 4 || data[0] != 0xd0 || data[1] != 0x0d || data[2] != 0xfe || data[3] != 0xed)
		return -1;
	dt_checker_tree(fuzz_checker(), fuzz_file("fuzz.dtb", data, size), &findings);
	return 0;
}
