/* SPDX-License-Identifier: BSD-2-Clause */
/* dtschema.h - the processed schema set and devicetree validation (see dtschema.c). */
#ifndef DTBIND_DTSCHEMA_H
#define DTBIND_DTSCHEMA_H

#include "dttypes.h"

struct dtbind_dtschemas;

/*
 * What dt-schema adds to a JSON Schema set: its meta-schemas and core
 * schemas at their devicetree.org URIs (the embedded copies), and its
 * typeSize keyword.  Every set that reads bindings is configured so;
 * dtbind_dtschemas_load*() do it themselves.  0 or -DTBIND_ENOMEM.
 */
int dtbind_dtschemas_configure_set(struct dtbind_schema_set *set);

/*
 * Load every binding under @bindings_root (may be NULL) and the embedded
 * core schemas, check each against its meta-schema (failures are left out
 * with a warning, as the reference does), fix them up, compile them, build
 * the type database and the compatible index.
 */
int dtbind_dtschemas_load(struct dtbind_diag *diag, const char *bindings_root,
			  struct dtbind_dtschemas **out);
/*
 * Same, through the compiled schema cache (@gen: the generation, AUTO for
 * dtbind_gen_choose() on @bindings_root; the cache is keyed on it): @cache names the file (NULL: the
 * automatic one under $XDG_CACHE_HOME/dtbind, one per tree and program, used
 * when @use_cache).  The file is mapped and each binding decoded when first
 * used.  A cache made from other content, by another program, or failing a
 * checksum is rebuilt and rewritten; one that cannot be written is skipped.
 */
int dtbind_dtschemas_load_cached(struct dtbind_diag *diag, const char *bindings_root,
				 const char *cache, bool use_cache, enum dtbind_gen gen,
				 struct dtbind_dtschemas **out);
/*
 * Same, with the named cache @cache taken as it is, without comparing it with
 * the binding files (as dt-validate -p takes a processed schema: kbuild
 * remakes it when a binding changes).  One made by another dtbind build, or
 * damaged, is made again from the sources.
 */
int dtbind_dtschemas_load_trusted(struct dtbind_diag *diag, const char *bindings_root,
				  const char *cache, enum dtbind_gen gen,
				  struct dtbind_dtschemas **out);
/*
 * Same, reading (never writing) the automatic cache of the tree at
 * @cache_of, of which @bindings_root is a copy with some files changed
 * (check: a series applied in memory over the tree).  The unchanged files
 * come from the cache, the others from source.
 */
int dtbind_dtschemas_load_from(struct dtbind_diag *diag, const char *bindings_root,
			       const char *cache_of, enum dtbind_gen gen,
			       struct dtbind_dtschemas **out);
/*
 * The file of the automatic cache that dtbind_dtschemas_load_cached() with
 * @use_cache keeps for @bindings_root and @gen (caller frees), or NULL.
 */
char *dtbind_dtschemas_cache_path(const char *bindings_root, enum dtbind_gen gen);
/*
 * The bindings root a compiled schema set file (mkschema -o) was written
 * for, in *@root (caller frees; "" for none).  -DTBIND_EPARSE when @path is
 * not such a file (a dt-mk-schema JSON, say), -DTBIND_EIO when unreadable.
 */
int dtbind_dtschemas_file_root(const char *path, char **root);
/*
 * The identity of the compiled schema set file @path, in *@id: a hash of
 * the program that made it and of the set it holds (not of the stamps its
 * manifest records nor of when it was made), which stays the same when
 * the same set is written again.  -DTBIND_EPARSE when @path is
 * not such a file, -DTBIND_EIO when unreadable.
 */
int dtbind_dtschemas_file_identity(const char *path, uint64_t *id);
/* The generation the set was built as (@gen of the load, chosen: never AUTO). */
enum dtbind_gen dtbind_dtschemas_generation(const struct dtbind_dtschemas *s);
void dtbind_dtschemas_free(struct dtbind_dtschemas *s);
const struct dt_types *dtbind_dtschemas_types(const struct dtbind_dtschemas *s);
size_t dtbind_dtschemas_count(const struct dtbind_dtschemas *s);
/*
 * Remember the nodes found clean, by content, and skip them in later
 * checks (an editor checking the same tree after each keystroke).  Checks
 * with -m, -M, --undocumented or -l validate every node.  Not for checks
 * running at the same time in several threads.  Returns 0 or -DTBIND_ENOMEM.
 */
int dtbind_dtschemas_memo(struct dtbind_dtschemas *s);

struct dtbind_check_opts {
	const char *rule;		/* rule name of the findings */
	const char *limit;		/* only schemas whose file contains this, or NULL */
	bool examples;			/* skip the example-N wrapper nodes, as the reference */
	bool show_schema;		/* a note naming the schema of each finding */
	bool show_unmatched;		/* -m: compatibles no binding documents */
	bool show_matched;		/* -M: which schemas selected each node */
	bool only_undocumented;		/* report undocumented compatibles, validate nothing */
};

/* Does @file contain @limit (-l: one substring, or several separated by ':')? */
bool dtbind_dtschemas_limit_matches(const char *file, const char *limit);

/* Is @compatible documented by some binding (an enum, const or pattern of a compatible)? */
bool dtbind_dtschemas_documented(struct dtbind_dtschemas *s, const char *compatible);

/* A binding of the set, as an editor shows it: borrowed, valid as long as the set. */
struct dtbind_binding_ref {
	const char *id;				/* $id */
	const char *file;			/* its file */
	const struct dtbind_value *value;	/* the fixed-up schema (NULL: could not be read) */
};

/*
 * The bindings that select nodes by @compatible through the index: up to
 * @max into @out.  Returns how many there are.
 */
size_t dtbind_dtschemas_for_compatible(struct dtbind_dtschemas *s, const char *compatible,
				       struct dtbind_binding_ref *out, size_t max);
/* The binding whose $id is @uri (a fragment is ignored); false when none is. */
bool dtbind_dtschemas_binding(struct dtbind_dtschemas *s, const char *uri,
			      struct dtbind_binding_ref *out);

/*
 * Validate a decoded tree (dt_decode) against every schema that selects
 * each node.  Findings go to @diag; @findings counts them.  Adds $nodename
 * to each node map, as the reference does.
 */
int dtbind_dtschemas_check(struct dtbind_dtschemas *s, struct dtbind_value *root,
			   const struct dtbind_check_opts *opts, struct dtbind_diag *diag,
			   unsigned *findings);

#endif
