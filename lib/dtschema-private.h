/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dtschema-private.h - what dtschema.c (the processed schema set) and
 * schemacache.c (its file on disk) share; not part of the library's API.
 */
#ifndef DTBIND_DTSCHEMA_PRIVATE_H
#define DTBIND_DTSCHEMA_PRIVATE_H

#include "dtschema.h"

#define DT_SCHEMAS "http://devicetree.org/schemas/"

struct binding {
	const char *id;
	const char *file;		/* as given, or <dtbind>/schemas/core/... */
	const struct dtbind_value *fixed;
	const struct dtbind_schema *schema;
	const struct dtbind_schema *select;
	bool select_true;		/* select: true (applies everywhere) */
	bool eager;			/* registers inner $ids: cannot wait for a $ref */
	const unsigned char *rec;	/* its cache record, until decoded */
	size_t rec_len;
	uint64_t rec_hash;
};


struct index_list {
	size_t *v;
	size_t n, cap;
};

struct dtbind_dtschemas {
	struct arena arena;
	struct dtbind_diag *diag;
	struct dtbind_schema_set *set;
	enum dtbind_gen gen;		/* of the built-in schemas (never AUTO) */
	struct dt_types *types;
	struct binding *b;
	size_t n, cap;
	bool b_in_arena;		/* b is the arena's (a cache's), not malloc'd */
	struct hmap by_compat;		/* compatible -> struct index_list */
	struct index_list always;	/* bindings with a select of their own */
	struct index_list by_compat_all;	/* every compatible-indexed binding */
	struct hmap ids;		/* $id without fragment -> binding index + 1 */
	struct hmap documented;		/* compatible strings of every binding */
	struct dtbind_regex **doc_patterns;	/* compatible patterns */
	const char **doc_pattern_text;
	size_t n_doc_patterns, cap_doc_patterns;
	/*
	 * In the cache: the compatible index as saved, sorted by compatible
	 * and searched on lookup (by_compat then memoizes what was found), so
	 * that a run which looks up a few compatibles decodes only those.
	 */
	struct {
		const unsigned char *offsets;	/* n native u32s into entries */
		const unsigned char *entries;	/* each: string, then list */
		size_t entries_len;
		uint32_t n;
	} compat_table;
	/* In the cache: binding indices (native u32s) sorted by $id, searched until ids has it. */
	const unsigned char *id_order;
	uint32_t n_id_order;
	/* in the cache, not indexed and compiled yet: documented strings, patterns */
	const unsigned char *lazy_documented;
	/* the mapped cache file, when loaded from it */
	void *map;
	size_t map_len;
	const char **names;		/* file names of locations */
	uint32_t n_names;
	char *cache_path;
	struct source_file *loading;	/* the file load_source() is on */
	/*
	 * dtschema.c's load_source(), for the cache to load a changed file
	 * with: schemacache.c sits below dtschema.c and does not call it.
	 */
	int (*load_source)(struct dtbind_dtschemas *s, struct source_file *f);
	struct dtschemas_memo *memo;	/* clean nodes remembered (NULL: off) */
};

/* The bindings that list @compatible, from by_compat or the cache's table; NULL: none. */
const struct index_list *compat_bindings(struct dtbind_dtschemas *s, const char *compatible,
					 size_t len);

/* The binding whose $id is @uri (its fragment ignored), as index + 1; 0: none. */
size_t binding_by_id(struct dtbind_dtschemas *s, const char *uri);

/* What tells a file's content changed without reading it, as git's index does. */
struct file_stamp {
	uint64_t size, mtime_ns, ctime_ns, ino;
};

/* A binding file of the tree, as the cache's manifest records it. */
struct source_file {
	char *path;
	struct file_stamp st;
	uint32_t dir;		/* index of its directory in the source_tree */
	uint32_t cached_binding;	/* its record's binding + 1, for a manifest refresh */
	uint64_t hash;		/* of the content, once read */
	/* why the file gave no binding, as warned when it was loaded ("": it did) */
	char note_rule[24];
	char *note;
	unsigned note_line, note_col;
};

enum { BINDING_EAGER = 1, BINDING_SELECT_TRUE = 2 };	/* flags of a cached binding */

/* bindingset.c */
/* An empty set of generation @gen (the cache-reader harness starts from one too). */
struct dtbind_dtschemas *dtschemas_new(struct dtbind_diag *diag, enum dtbind_gen gen);
int list_push(struct index_list *l, size_t i);
int push_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
		 const struct dtbind_value *fixed);
/* The same without indexing its $id: the cache's id_order finds it. */
int append_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
		   const struct dtbind_value *fixed);
/* A file that gives no binding: warned now, and noted for the cache to warn again. */
void left_out(struct dtbind_dtschemas *s, struct dtbind_loc loc, const char *rule,
	      const char *fmt, ...) DTBIND_PRINTF(4, 5);
/* Is @id in the set already?  Then warn (at @loc) unless @file is a core schema. */
bool id_taken(struct dtbind_dtschemas *s, const char *id, const char *file, struct dtbind_loc loc);

/* dtschema-memo.c: clean nodes by content (see there) */
struct memo_key {
	uint64_t a, b;
};
struct dtschemas_memo;
struct dtschemas_memo *dtschemas_memo_new(void);
void dtschemas_memo_free(struct dtschemas_memo *m);
/* Hash the nodes of @root, the tree about to be checked. */
void dtschemas_memo_begin(struct dtschemas_memo *m, const struct dtbind_value *root);
/* The key of @node (a map of that tree) named @name under @context; false: none. */
bool dtschemas_memo_key(struct dtschemas_memo *m, const struct dtbind_value *node,
			const char *name, uint64_t context, struct memo_key *out);
bool dtschemas_memo_clean(const struct dtschemas_memo *m, const struct memo_key *k);
void dtschemas_memo_add(struct dtschemas_memo *m, const struct memo_key *k);

/*
 * A directory of the tree: while its stamps stay as recorded, its entries
 * do too (an entry added, removed or renamed changes its mtime and ctime).
 */
struct source_dir {
	char *path;
	struct file_stamp st;	/* size unused */
	uint32_t parent;	/* index of the directory above; the root's is its own */
};

/* Every binding file below a root and the directories walked to find them. */
struct source_tree {
	struct source_file *files;
	size_t n;
	struct source_dir *dirs;
	size_t n_dirs, cap, cap_dirs;
	/* when the listing began (ns): a stamp this recent may not show a later change */
	int64_t listed;
	bool collected;
	int collect_ret;	/* non-zero: the listing may lack files, keep no manifest of it */
};

/* The manifest of a cache file (schemamanifest.c), as read. */
struct cached_dir {
	const char *rel;	/* below the root, "" for the root, else "/a/b" */
	uint64_t mtime, ctime, ino;
	uint32_t parent;
};

struct cached_file {
	const char *rel;	/* "/a/b.yaml" */
	uint32_t dir;
	uint64_t size, mtime, ctime, ino, hash;
	uint32_t binding;		/* index + 1 into the cached bindings, 0: none */
	const char *note_rule, *note;	/* why there is none, warned again */
	uint32_t note_line, note_col;
};

struct manifest {
	int64_t listed;			/* when the listing it records began */
	struct cached_dir *dirs;
	uint32_t n_dirs;
	struct cached_file *files;
	uint32_t n_files;
};

/* schemamanifest.c */
/* Every binding file below @root, in the reference's order (sorted by whole path). */
int source_tree_collect(const char *root, struct source_tree *t);
void source_tree_free(struct source_tree *t);
/* @path below @root, as the manifest names it ("/dir/file.yaml"); else @path. */
const char *manifest_relative(const char *root, const char *path);
/*
 * The manifest of @t, paths relative to @root, appended to @idx; @binding_of
 * numbers each file's binding (index + 1, 0 none).
 */
void manifest_put(struct strbuf *idx, const char *root, const struct source_tree *t,
		  uint32_t (*binding_of)(void *ctx, const struct source_file *f), void *ctx);
/* Every stamp of @t old enough, against its listing, to be trusted later. */
bool source_tree_settled(const struct source_tree *t);
/* The manifest at @r (strings point into it), arrays in @a; false when malformed. */
bool manifest_get(struct reader *r, struct arena *a, int64_t listed, struct manifest *m);
/*
 * Whether every binding file below @root has the content @m records, told
 * from stamps alone where they are old enough: no listing of a directory
 * whose stamps are unchanged, each file stat'ed by its path below the root.
 * False as soon as anything differs or cannot be told (the caller lists
 * the tree then and compares it with manifest_compare()).  *@stale when
 * some stamps moved or were too recent, so that contents or listings had
 * to be read: a manifest with the present stamps would spare that.
 */
bool manifest_unchanged(const struct manifest *m, const char *root, bool *stale);
/*
 * Which files of @t still have the content @m records: @same[i] = index + 1
 * of its record for t->files[i], else 0.  True when every file does and none
 * was added or removed.  Files whose content is read again get their hash set.
 * *@stale as for manifest_unchanged(), directories included.
 */
bool manifest_compare(const struct manifest *m, const char *root, struct source_tree *t,
		      uint32_t *same, bool *stale);

/* schemacache.c */
uint64_t schema_cache_program(void);
char *schema_cache_default_path(const char *root, uint64_t program);
/*
 * @s from the cache file @path when usable: *@whole when every binding file is
 * unchanged, else the unchanged ones from their records and the rest from
 * source.  @t is listed when the manifest's stamps cannot tell alone.
 */
int schema_cache_read(struct dtbind_dtschemas *s, const char *path, uint64_t program,
		      const char *root, struct source_tree *t, bool may_write, bool *whole);
/* The whole set of the cache file @path, not compared with the sources (dt-validate -p). */
int schema_cache_read_trusted(struct dtbind_dtschemas *s, const char *path, uint64_t program,
			      const char *root);
int schema_cache_write(const struct dtbind_dtschemas *s, const char *path, uint64_t program,
		       const char *root, const struct source_tree *t);
void schema_cache_prune(void);
void schema_cache_unmap(struct dtbind_dtschemas *s);
/* The fixed-up schema of binding @i, decoded from the cache on first use. */
const struct dtbind_value *binding_value(struct dtbind_dtschemas *s, size_t i);
/* The schema set's loader: a binding by its $id. */
const struct dtbind_value *schema_cache_loader(void *ctx, const char *uri);

#endif
