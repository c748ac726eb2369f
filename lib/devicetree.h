/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * devicetree.h - the whole chain from source to findings, shared by
 * exampletest and validate: preprocess, parse, write a real FDT with
 * libfdt, decode it back, validate against the processed schema set, and
 * map findings to the source line and column.
 */
#ifndef DTBIND_DEVICETREE_H
#define DTBIND_DEVICETREE_H

#include "dt.h"
#include "dtschema.h"

struct dt_checker;

struct dt_checker_opts {
	const char *bindings_root;		/* NULL: none (core schemas only) */
	const char *const *include_dirs;	/* for #include; NULL: from the kernel tree */
	size_t n_include_dirs;
	const char *limit;			/* only schemas whose file contains this */
	bool show_schema;
	bool show_unmatched;			/* -m */
	bool show_matched;			/* -M */
	bool only_undocumented;			/* --undocumented */
	const char *schema_cache;		/* compiled schema set file, or NULL */
	bool use_cache;				/* the automatic cache under ~/.cache/dtbind */
	const char *cache_of;			/* read only that tree's cache (bindings_root is
						   a copy of it with changes) */
};

int dt_checker_new(struct dtbind_diag *diag, const struct dt_checker_opts *opts,
		   struct dt_checker **out);
void dt_checker_free(struct dt_checker *c);

/*
 * Check the examples of one binding file.  Findings go to the diag sink at
 * the example's line and column in the .yaml; *findings counts schema
 * findings, syntax errors included.  Returns 0, or a negative error when
 * the file could not be read.
 */
int dt_checker_examples(struct dt_checker *c, const char *path, unsigned *findings);
/* Check a .dts source (preprocessed in process) or a .dtb/.dtbo blob. */
int dt_checker_tree(struct dt_checker *c, const char *path, unsigned *findings);
/* Print each decoded tree as JSON on @out as it is checked (debugging; NULL: off). */
void dt_checker_set_dump(struct dt_checker *c, FILE *out);

#endif
