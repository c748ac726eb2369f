/* SPDX-License-Identifier: BSD-2-Clause */
/* exampletest.h - every example of a binding built into an FDT and validated. */
#ifndef DTBIND_EXAMPLETEST_H
#define DTBIND_EXAMPLETEST_H

#include "devicetree.h"

/*
 * Check the examples of one binding file.  Findings go to the diag sink at
 * the example's line and column in the .yaml; *findings counts schema
 * findings, syntax errors included.  Returns 0, or a negative error when
 * the file could not be read.
 */
int dt_checker_examples(struct dt_checker *c, const char *path, unsigned *findings);
/* Same on @buf, the content of the binding at @path (an editor's unsaved text). */
int dt_checker_examples_buffer(struct dt_checker *c, const char *path, const char *buf, size_t len,
			       unsigned *findings);

int cmd_exampletest(int argc, char **argv);
extern const struct cli_help help_exampletest;

#endif
