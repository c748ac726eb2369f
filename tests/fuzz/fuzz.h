/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz.h - what the libFuzzer harnesses share (tests/fuzz/README.md).
 * Each harness is one LLVMFuzzerTestOneInput over one input kind.
 */
#ifndef DTBIND_FUZZ_H
#define DTBIND_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "dtbind.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/*
 * A sink that formats every finding (to /dev/null), so that the message
 * formatting runs too.  Made once; counts are never read.
 */
struct dtbind_diag *fuzz_diag(void);
/*
 * Write @data to a file of this process named @name (under $TMPDIR or
 * /dev/shm) and return its path: for the entry points that read files.
 */
const char *fuzz_file(const char *name, const uint8_t *data, size_t size);
/*
 * The kernel's include directories for #include <dt-bindings/...>, from
 * $DTBIND_FUZZ_KERNEL (a kernel tree root), so that seeds taken from the
 * kernel preprocess as they do there; none when it is unset.
 */
const char *const *fuzz_include_dirs(size_t *n);
struct dt_checker;
/*
 * The checker of the harnesses that validate (made once): a small fixed
 * schema set, corpus/bindings of the source tree and the core schemas.
 */
struct dt_checker *fuzz_checker(void);
/* LLVMFuzzerInitialize of those harnesses: the schema set loaded before the first input. */
int fuzz_init_checker(int *argc, char ***argv);

#endif
