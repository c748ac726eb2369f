/* SPDX-License-Identifier: BSD-2-Clause */
/* internal.h - helpers shared by the modules of libdtbind; not installed. */
#ifndef DTBIND_INTERNAL_H
#define DTBIND_INTERNAL_H

#include <string.h>
#include <sys/stat.h>

#include "dtbind.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- arena: many small allocations, one free ---------------------- */
struct arena_chunk;
struct arena {
	struct arena_chunk *head;
	size_t chunk_size;	/* the largest regular chunk */
	size_t next_size;	/* the next regular chunk's: from 4 KiB, doubling up to chunk_size */
};

void arena_init(struct arena *a, size_t chunk_size);
void *arena_alloc(struct arena *a, size_t size);	/* zeroed, 16-aligned; NULL on ENOMEM */
char *arena_strndup(struct arena *a, const char *s, size_t len);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...) DTBIND_PRINTF(2, 3);
void arena_release(struct arena *a);
/* The next @size bytes of @a in transparent huge pages where the system has them. */
int arena_reserve_huge(struct arena *a, size_t size);

/* ---- growable string buffer -------------------------------------- */
struct strbuf {
	char *buf;
	size_t len, cap;
	bool oom;
};

void sb_init(struct strbuf *sb);
void sb_free(struct strbuf *sb);
void sb_putn(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...) DTBIND_PRINTF(2, 3);
void sb_json_string(struct strbuf *sb, const char *s, size_t n);	/* quoted, escaped */
const char *sb_cstr(struct strbuf *sb);	/* never NULL */
/* Append @f to @sb as a record for dtbind_diag_replay() (diag.c). */
void dtbind_diag_encode(struct strbuf *sb, const struct dtbind_finding *f);

/* ---- hash map: string or pointer keys --------------------------- */
struct hmap_entry {
	const void *key;	/* string (owned by caller) or pointer */
	size_t key_len;		/* SIZE_MAX for pointer keys */
	uint64_t hash;
	void *value;
};

struct hmap {
	struct hmap_entry *e;
	size_t n, cap;
};

void hmap_init(struct hmap *m);
void hmap_free(struct hmap *m);
void *hmap_get_str(const struct hmap *m, const char *key, size_t len);
int hmap_put_str(struct hmap *m, const char *key, size_t len, void *value);	/* key borrowed */
/* Room for @n entries in all, without growing on the way. */
int hmap_reserve(struct hmap *m, size_t n);
void *hmap_get_ptr(const struct hmap *m, const void *key);
int hmap_put_ptr(struct hmap *m, const void *key, void *value);

/*
 * Room for one more element in the array *@vp (a T ** passed as void *) of
 * @n elements of @elem bytes: its capacity *@cap doubles, from @first.
 */
int vec_reserve_one(void *vp, size_t n, size_t *cap, size_t elem, size_t first);

/* ---- binary records (the schema cache) ------------------------------
 * Native byte order; strings as u32 length, bytes, NUL, so a reader can
 * point into the buffer.  A reader that runs out or meets a malformed
 * string sets @bad and returns zeros from then on: check it once, at the end.
 */
uint64_t hash64(uint64_t h, const void *p, size_t n);
void put_u8(struct strbuf *sb, uint8_t v);
void put_u32(struct strbuf *sb, uint32_t v);
void put_u64(struct strbuf *sb, uint64_t v);
void put_str(struct strbuf *sb, const char *s, size_t n);

struct reader {
	const unsigned char *p, *end;
	bool bad;
};

/* Native words at @p, any alignment (the cache's records are packed). */
static inline uint64_t load_u64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t load_u32(const void *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

uint8_t get_u8(struct reader *r);
uint32_t get_u32(struct reader *r);
uint64_t get_u64(struct reader *r);
const char *get_str(struct reader *r, size_t *len);	/* into the buffer, NUL-terminated */
/* A count of records of at least @min_size bytes each that can still be in the buffer. */
bool reader_fits(struct reader *r, uint64_t count, size_t min_size);

/* ---- files -------------------------------------------------------- */
/* Read a whole file (NUL-terminated). Returns 0, -DTBIND_EIO or -DTBIND_ELIMIT. */
int read_file(const char *path, size_t max, char **buf, size_t *len);
/* Write all of @p to @fd (retrying short writes and EINTR); false on an error. */
bool fd_write_all(int fd, const char *p, size_t len);

/*
 * Every regular file below @dir whose name @want accepts (NULL: all), in
 * name order within each directory, depth first; dot entries are skipped
 * and the depth is bounded.  @visit owns the path it is given (malloc'd);
 * a non-zero return stops the walk and is returned.  -DTBIND_EIO when
 * @dir cannot be read.
 */
typedef int (*tree_visit)(void *ctx, char *path, const struct stat *st);
int walk_tree(const char *dir, bool (*want)(const char *name), tree_visit visit, void *ctx);
/*
 * The same, visiting files in the order of their whole paths (as strcmp
 * sorts them) where the file system gives entry types, and each directory
 * read (@dir first) with @visit_dir, before its files, when not NULL.
 */
typedef int (*tree_visit_dir)(void *ctx, const char *path, const struct stat *st);
int walk_tree_path_order(const char *dir, bool (*want)(const char *name), tree_visit visit,
			 tree_visit_dir visit_dir, void *ctx);
/* A binding schema's file name, as the reference globs them: *.yaml, not processed-schema*. */
bool is_binding_name(const char *name);

bool is_dir(const char *path);
/*
 * Write the @n buffers @parts as the file @path, atomically: into a new
 * temporary file in @path's directory, fsync'ed, then renamed over @path, so
 * readers and a crash see the old file or the new one, never a part; the
 * temporary file is removed on failure.  @mode: the new file's permissions
 * exactly, or -1 for 0666 less the umask.  @flags: WRITE_NO_REPLACE fails
 * (errno EEXIST) rather than replace a file that exists, even one that
 * appears while writing; WRITE_IF_CHANGED leaves a regular file that holds
 * these bytes already untouched (its time too: make sees nothing new).  0,
 * or -DTBIND_EIO (errno set) or -DTBIND_ENOMEM.
 */
#define WRITE_NO_REPLACE 1u
#define WRITE_IF_CHANGED 2u
int write_file_atomic(const char *path, const struct strbuf *const parts[], size_t n, int mode,
		      unsigned flags);
/*
 * The bindings root for @path (a file or directory, which need not exist),
 * the same for every tool: walking up from @path itself, the first directory
 * that is a "devicetree/bindings" directory, or that holds
 * "Documentation/devicetree/bindings" (the top of a kernel tree, seen from
 * any of its directories outside the bindings: arch/, scripts/, ...), whose
 * bindings directory it is then.  Absolute and canonical; NULL when there is
 * none.  Caller frees.
 */
char *bindings_root_above(const char *path);
/* @path made absolute and canonical; its last component need not exist yet.  Caller frees. */
char *abs_path(const char *path);

/*
 * ---- overlay.c: files in memory over the file system ----
 *
 * An overlay holds files by path (copied), paths that are gone, directories,
 * links (a path that reads as another, as a symlink) and mirrors (a
 * directory whose entries are links to another directory's).  Below @top
 * (NULL: none) only what it holds exists.  Paths are made absolute and
 * folded lexically.  While in use (fs_overlay_use()), read_file(),
 * fs_stat(), real_path(), is_dir(), walk_tree() and path_list_add() see the
 * file system through it.  0 or -DTBIND_ENOMEM.
 */
struct fs_overlay;
struct fs_overlay *fs_overlay_new(const char *top);
void fs_overlay_free(struct fs_overlay *o);
int fs_overlay_put(struct fs_overlay *o, const char *path, const char *buf, size_t len);
int fs_overlay_remove(struct fs_overlay *o, const char *path);
int fs_overlay_mkdir(struct fs_overlay *o, const char *path);
int fs_overlay_link(struct fs_overlay *o, const char *path, const char *target);
int fs_overlay_mirror(struct fs_overlay *o, const char *dir, const char *target);
/* Reads consult @o (NULL: none) from now on; the overlay in use before is returned. */
struct fs_overlay *fs_overlay_use(struct fs_overlay *o);
bool fs_overlay_active(void);
/* stat() and realpath() (caller frees) through the overlay in use. */
int fs_stat(const char *path, struct stat *st);
char *real_path(const char *path);
/* @path absolute, "//", "." and ".." folded without the file system (caller frees). */
char *fs_norm_path(const char *path);
/* For util.c's readers: see overlay.c. */
int fs_overlay_read(const char *path, char **buf, size_t *len, char **disk);
int fs_overlay_dir(const char *dir, char **disk);
int fs_overlay_children(const char *dir, int (*fn)(void *ctx, const char *name), void *ctx);

/* mkdir -p: @dir and its parents (existing ones are fine).  0, or -1 with errno. */
int mkdir_p(const char *dir, unsigned mode);
/* The same for the directories above the file @path. */
int mkdir_parents(const char *path, unsigned mode);

/* Paths named on a command line: files as given, directories walked. */
struct path_list {
	char **v;
	size_t n, cap;
};

/* Add @path, or what walk_tree finds below it.  -DTBIND_EIO when it does not exist. */
int path_list_add(struct path_list *l, const char *path, bool (*want)(const char *name));
void path_list_free(struct path_list *l);

/* ---- URIs (RFC 3986) ---------------------------------------------- */
/* Resolve @ref against @base; result allocated in @a.  Never NULL unless ENOMEM. */
char *uri_resolve(struct arena *a, const char *base, const char *ref);
/* Split at '#': returns the length of the part before the fragment. */
size_t uri_fragment_offset(const char *uri);
/* Percent-decode in place; returns the new length. */
size_t uri_percent_decode(char *s);

/* ---- regular expressions (ECMA-262 syntax on pcre2) ------------- */
struct dtbind_regex;
/*
 * Compile an ECMA-262 pattern.  On a syntax error returns NULL and, when
 * @err is not NULL, writes a message there (arena @a).
 */
struct dtbind_regex *regex_compile(const char *pattern, size_t len, const char **err,
				   struct arena *a);
/* 1 match, 0 no match, -DTBIND_ELIMIT when the match or depth limit was hit. */
int regex_match(const struct dtbind_regex *re, const char *subject, size_t len);
/* Well-formed UTF-8, as pcre2 requires of a subject (and YAML of a stream). */
bool utf8_valid(const unsigned char *s, size_t n);
/* The length of the well-formed UTF-8 character at @s (1 to 4), or 0. */
size_t utf8_sequence(const unsigned char *s, size_t n);
/* The offset of the first byte that is not well-formed UTF-8, or @n. */
size_t utf8_invalid_at(const unsigned char *s, size_t n);
void regex_free(struct dtbind_regex *re);
/* The ECMA -> PCRE2 translation alone (for tests); result in @a. */
char *regex_translate(const char *pattern, size_t len, struct arena *a);

/* ---- embedded files (generated from schemas/) ---------------------- */
struct embedded_file {
	const char *path;	/* relative to schemas/ */
	const char *data;
	size_t len;
};
extern const struct embedded_file dtbind_embedded_files[];
extern const size_t dtbind_embedded_count;
const struct embedded_file *embedded_find(const char *path);
/* @path ("core/x.yaml") as generation @gen has it: its overlay's file, else the base one. */
const struct embedded_file *embedded_find_gen(const char *path, enum dtbind_gen gen);
/* Walk the files of @gen whose generation-relative path starts with @prefix; *@i from 0. */
const struct embedded_file *embedded_next(const char *prefix, enum dtbind_gen gen, size_t *i);

/* ---- small string helpers ----------------------------------------- */
unsigned edit_distance(const char *a, const char *b, unsigned cap);
/* The candidate closest to @name by edit distance (case-only differences count as 1), or NULL. */
const char *nearest_name(const char *name, const char *const *names, size_t n);
bool str_ends_with(const char *s, const char *suffix);
/* The value of hex digit @c, or -1 when it is none. */
int hexval(int c);
/* Line @line (1-based) of a text buffer, without its newline, and its length; NULL if past the end. */
const char *text_line(const char *buf, size_t buf_len, uint32_t line, size_t *len);

#endif
