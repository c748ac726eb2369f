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
	bool trust_cache;			/* take schema_cache as it is (dt-validate -p) */
	bool use_cache;				/* the automatic cache under ~/.cache/dtbind */
	const char *cache_of;			/* read only that tree's cache (bindings_root is
						   a copy of it with changes) */
	enum dtbind_gen gen;			/* --dtschema; AUTO: from the tree */
	bool memo;				/* remember clean nodes across checks (an
						   editor's; one check at a time) */
};

int dt_checker_new(struct dtbind_diag *diag, const struct dt_checker_opts *opts,
		   struct dt_checker **out);
void dt_checker_free(struct dt_checker *c);
/* The sink the checker reports to. */
struct dtbind_diag *dt_checker_diag(const struct dt_checker *c);
struct cpp_unsaved;
/*
 * From now on, the files of @v (@n of them, borrowed: an editor's unsaved
 * buffers, by real path) read as their text when a source includes them;
 * @n = 0: all as on disk.
 */
void dt_checker_set_unsaved(struct dt_checker *c, const struct cpp_unsaved *v, size_t n);
/* The processed schema set it checks against (borrowed). */
struct dtbind_dtschemas *dt_checker_schemas(const struct dt_checker *c);
/* The dt-schema generation its schema set follows (chosen: never AUTO). */
enum dtbind_gen dt_checker_generation(const struct dt_checker *c);

struct hmap;
struct srcmap;

/*
 * Decode and validate an FDT blob; findings at the locations of @paths (the
 * source's nodes by path) when given, otherwise at the blob.  @examples
 * selects exampletest's rules over validate's.
 */
int dt_checker_blob(struct dt_checker *c, const char *file, const void *blob, bool examples,
		    struct hmap *paths, unsigned *findings);
/*
 * Preprocess and parse DTS text (@map: where its lines came from, or NULL),
 * write it as an FDT and check it.  *findings counts schema findings and
 * syntax errors.
 */
int dt_checker_source(struct dt_checker *c, const char *file, const char *text, size_t len,
		      const struct srcmap *map, bool examples, unsigned *findings);
/* Print each decoded tree as JSON on @out as it is checked (debugging; NULL: off). */
void dt_checker_set_dump(struct dt_checker *c, FILE *out);

#endif
