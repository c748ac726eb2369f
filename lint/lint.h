/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lint.h - binding schemas against the devicetree meta-schemas and the
 * kernel's .yamllint rules; patches and series with checkpatch's DT rules.
 */
#ifndef DTBIND_LINT_H
#define DTBIND_LINT_H

#include "dtbind.h"

struct dtbind_lint_opts {
	const char *bindings_root;	/* NULL: found by walking up to devicetree/bindings */
	const char *schemas_dir;	/* NULL: the embedded core and meta-schemas */
	bool yamllint;			/* run the .yamllint layout rules */
	enum dtbind_gen gen;		/* AUTO: each bindings tree's own (dtbind_gen_choose) */
};

struct dtbind_linter;

int dtbind_linter_new(struct dtbind_diag *diag, const struct dtbind_lint_opts *opts,
		      struct dtbind_linter **out);
/*
 * Lint one binding file; findings go to the diag sink.  Returns 0 when the
 * file could be checked (findings or not), or a negative error (I/O).
 */
int dtbind_lint_file(struct dtbind_linter *l, const char *path);
/*
 * Lint @buf as the content of the binding at @path (an editor's unsaved
 * text; the path places it in its tree).  Returns 0 or -DTBIND_ENOMEM.
 */
int dtbind_lint_buffer(struct dtbind_linter *l, const char *path, const char *buf, size_t len);
void dtbind_linter_free(struct dtbind_linter *l);

int cmd_lint(int argc, char **argv);
extern const struct cli_help help_lint;
int cmd_check(int argc, char **argv);
extern const struct cli_help help_check;
int cmd_hook(int argc, char **argv);
extern const struct cli_help help_hook;

#endif
