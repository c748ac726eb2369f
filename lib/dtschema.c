// SPDX-License-Identifier: BSD-2-Clause
/*
 * dtschema.c - the processed schema set: every binding of a tree plus the
 * core schemas, checked against their meta-schema, fixed up for decoded
 * data, compiled, with the property type database and an index from
 * compatible strings to the bindings that select them.  Then: validate a
 * decoded devicetree node by node against every schema that selects it,
 * as dt-validate does.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dtschema.h"
#include "fixup.h"
#include "vbuild.h"

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

struct doc_keep {
	struct doc_keep *next;
	struct dtbind_doc *doc;
};

struct index_list {
	size_t *v;
	size_t n, cap;
};

struct dtbind_dtschemas {
	struct arena arena;
	struct dtbind_diag *diag;
	struct dtbind_schema_set *set;
	struct dt_types *types;
	struct binding *b;
	size_t n, cap;
	struct hmap by_compat;		/* compatible -> struct index_list */
	struct index_list always;	/* bindings with a select of their own */
	struct index_list by_compat_all;	/* every compatible-indexed binding */
	struct hmap ids;		/* $id without fragment -> binding index + 1 */
	struct hmap documented;		/* compatible strings of every binding */
	struct dtbind_regex **doc_patterns;	/* compatible patterns */
	const char **doc_pattern_text;
	size_t n_doc_patterns, cap_doc_patterns;
	const unsigned char *lazy_patterns;	/* in the cache, not compiled yet */
	uint32_t n_lazy_patterns;
	/* the mapped cache file, when loaded from it */
	void *map;
	size_t map_len;
	const char **names;		/* file names of locations */
	uint32_t n_names;
	char *cache_path;
	struct doc_keep *kept;		/* documents of bindings loaded from source */
};

static int list_push(struct index_list *l, size_t i)
{
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 4;
		size_t *nv = realloc(l->v, ncap * sizeof(*nv));

		if (!nv)
			return -DTBIND_ENOMEM;
		l->v = nv;
		l->cap = ncap;
	}
	l->v[l->n++] = i;
	return 0;
}

/* The meta-schema check of the reference: a binding that fails it is left out. */
static bool passes_meta(struct dtbind_dtschemas *s, const struct dtbind_value *root)
{
	const struct dtbind_value *ms = dtbind_value_get(root, "$schema");
	const struct dtbind_schema *meta;

	if (!ms || ms->kind != DTBIND_STRING)
		return false;
	if (dtbind_schema_set_get(s->set, ms->u.str.ptr, &meta))
		return true;	/* no meta-schema to check with: keep the binding */
	return dtbind_schema_validate(meta, root, NULL) == 1;
}

static int push_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
			const struct dtbind_value *fixed);

static int add_binding(struct dtbind_dtschemas *s, const char *file, const struct dtbind_value *root)
{
	const struct dtbind_value *id = dtbind_value_get(root, "$id");

	if (!id || id->kind != DTBIND_STRING || root->kind != DTBIND_MAP)
		return 0;
	if (hmap_get_str(&s->ids, id->u.str.ptr, uri_fragment_offset(id->u.str.ptr))) {
		/* A tree may carry its own copy of a core schema: the tree's wins, silently. */
		if (!strncmp(file, "<dtbind>/", 9))
			return 0;
		dtbind_diag_report(s->diag, DTBIND_WARNING, id->loc, "duplicate-id",
				   "duplicate '$id' value '%s'; the first file that has it is used",
				   id->u.str.ptr);
		return 0;
	}
	if (!passes_meta(s, root)) {
		dtbind_diag_report(s->diag, DTBIND_WARNING, root->loc, "schema-ignored",
				   "binding left out of validation: it does not pass its meta-schema "
				   "(dtbind lint tells why)");
		return 0;
	}
	struct dtbind_value *fixed = fixup_schema(&s->arena, root);
	const char *bid = arena_strdup(&s->arena, id->u.str.ptr);
	const char *bfile = arena_strdup(&s->arena, file);

	if (!fixed || !bid || !bfile)
		return -DTBIND_ENOMEM;
	return push_binding(s, bid, bfile, fixed);
}

/* The generated select: {required: [compatible], properties: {compatible: {contains: {enum}}}}. */
static const struct dtbind_value *generated_enum(const struct dtbind_value *sel)
{
	const struct dtbind_value *req, *props, *compat, *contains, *e;

	if (!sel || sel->kind != DTBIND_MAP || sel->u.map.n != 2)
		return NULL;
	req = dtbind_value_get(sel, "required");
	props = dtbind_value_get(sel, "properties");
	if (!req || req->kind != DTBIND_SEQ || req->u.seq.n != 1 || !props ||
	    props->kind != DTBIND_MAP || props->u.map.n != 1)
		return NULL;
	if (req->u.seq.items[0]->kind != DTBIND_STRING ||
	    strcmp(req->u.seq.items[0]->u.str.ptr, "compatible"))
		return NULL;
	compat = dtbind_value_get(props, "compatible");
	if (!compat || compat->kind != DTBIND_MAP || compat->u.map.n != 1 ||
	    !(contains = dtbind_value_get(compat, "contains")) || contains->kind != DTBIND_MAP ||
	    contains->u.map.n != 1 || !(e = dtbind_value_get(contains, "enum")) ||
	    e->kind != DTBIND_SEQ)
		return NULL;
	for (size_t i = 0; i < e->u.seq.n; i++)
		if (e->u.seq.items[i]->kind != DTBIND_STRING)
			return NULL;
	return e;
}

/* A binding's own select, compiled (and its binding decoded) on first use. */
static int binding_select(struct dtbind_dtschemas *s, struct binding *b)
{
	char uri[4096];

	if (b->select)
		return 0;
	snprintf(uri, sizeof(uri), "%.*s#/select", (int)uri_fragment_offset(b->id), b->id);
	return dtbind_schema_set_get(s->set, uri, &b->select);
}

static int index_binding(struct dtbind_dtschemas *s, size_t i)
{
	struct binding *b = &s->b[i];
	const struct dtbind_value *sel = dtbind_value_get(b->fixed, "select");
	const struct dtbind_value *e;
	int ret;
	if (sel && sel->kind == DTBIND_BOOL) {
		b->select_true = sel->u.b;
		return sel->u.b ? list_push(&s->always, i) : 0;
	}
	if ((e = generated_enum(sel))) {
		for (size_t k = 0; k < e->u.seq.n; k++) {
			const struct dtbind_value *c = e->u.seq.items[k];
			struct index_list *l = hmap_get_str(&s->by_compat, c->u.str.ptr, c->u.str.len);

			if (!l) {
				l = arena_alloc(&s->arena, sizeof(*l));
				if (!l || hmap_put_str(&s->by_compat, c->u.str.ptr, c->u.str.len, l))
					return -DTBIND_ENOMEM;
			}
			if (!l->n || l->v[l->n - 1] != i)
				if ((ret = list_push(l, i)))
					return ret;
		}
		return list_push(&s->by_compat_all, i);
	}
	if ((ret = binding_select(s, b))) {
		if (ret == -DTBIND_ENOMEM)
			return ret;
		dtbind_diag_report(s->diag, DTBIND_WARNING, (struct dtbind_loc){ .file = b->file },
				   "schema-ignored", "cannot use the 'select' of %s: %s", b->id,
				   dtbind_strerror(ret));
		return 0;
	}
	return list_push(&s->always, i);
}

/* The reference's generic pattern for any compatible: not a documentation. */
#define GENERIC_COMPATIBLE "^[a-zA-Z0-9][a-zA-Z0-9,+\\-._]+$"

static void add_doc_pattern(struct dtbind_dtschemas *s, const char *text, size_t len)
{
	const char *err;
	struct dtbind_regex *re = regex_compile(text, len, &err, &s->arena);

	if (!re)
		return;
	if (s->n_doc_patterns == s->cap_doc_patterns) {
		size_t ncap = s->cap_doc_patterns ? s->cap_doc_patterns * 2 : 64;
		struct dtbind_regex **np = realloc(s->doc_patterns, ncap * sizeof(*np));
		const char **nt = np ? realloc(s->doc_pattern_text, ncap * sizeof(*nt)) : NULL;

		if (np)
			s->doc_patterns = np;
		if (!np || !nt) {
			regex_free(re);
			return;
		}
		s->doc_pattern_text = nt;
		s->cap_doc_patterns = ncap;
	}
	s->doc_pattern_text[s->n_doc_patterns] = text;
	s->doc_patterns[s->n_doc_patterns++] = re;
}

static void document(struct dtbind_dtschemas *s, const struct dtbind_value *v, bool pattern)
{
	if (!v || v->kind != DTBIND_STRING)
		return;
	/* Strings with regex syntax are patterns, as the reference decides. */
	if (pattern || strpbrk(v->u.str.ptr, "^[{($")) {
		if (strcmp(v->u.str.ptr, GENERIC_COMPATIBLE))
			add_doc_pattern(s, v->u.str.ptr, v->u.str.len);
		return;
	}
	hmap_put_str(&s->documented, v->u.str.ptr, v->u.str.len, (void *)1);
}

/* enum, const and pattern strings under a compatible schema. */
static void document_compatibles(struct dtbind_dtschemas *s, const struct dtbind_value *v,
				 unsigned depth)
{
	if (!v || depth > 64)
		return;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			document_compatibles(s, v->u.seq.items[i], depth + 1);
		return;
	}
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "enum") && m->value->kind == DTBIND_SEQ) {
			for (size_t k = 0; k < m->value->u.seq.n; k++)
				document(s, m->value->u.seq.items[k], false);
		} else if (!strcmp(m->key, "const")) {
			document(s, m->value, false);
		} else if (!strcmp(m->key, "pattern")) {
			document(s, m->value, true);
		} else {
			document_compatibles(s, m->value, depth + 1);
		}
	}
}

/* Every "compatible" schema anywhere in a binding. */
static void find_compatible_schemas(struct dtbind_dtschemas *s, const struct dtbind_value *v,
				    unsigned depth)
{
	if (!v || depth > 64)
		return;
	if (v->kind == DTBIND_SEQ)
		for (size_t i = 0; i < v->u.seq.n; i++)
			find_compatible_schemas(s, v->u.seq.items[i], depth + 1);
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "compatible"))
			document_compatibles(s, m->value, depth + 1);
		else
			find_compatible_schemas(s, m->value, depth + 1);
	}
}

bool dtbind_dtschemas_documented(struct dtbind_dtschemas *s, const char *compatible)
{
	size_t n = strlen(compatible);

	if (s->n_lazy_patterns) {
		struct reader r = { s->lazy_patterns, (const unsigned char *)s->map + s->map_len, false };

		for (uint32_t i = 0; i < s->n_lazy_patterns && !r.bad; i++) {
			size_t len;
			const char *text = get_str(&r, &len);

			if (!r.bad)
				add_doc_pattern(s, text, len);
		}
		s->n_lazy_patterns = 0;
	}
	if (hmap_get_str(&s->documented, compatible, n))
		return true;
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		if (regex_match(s->doc_patterns[i], compatible, n) == 1)
			return true;
	return false;
}

/* ---- the compiled schema cache ------------------------------------------
 *
 * The processed set (fixed-up bindings that passed their meta-schema, the
 * type database, the compatible index) is saved so that later runs skip
 * loading, checking and fixing ~3,000 YAML files.  It is mapped, not read:
 * a run decodes only the bindings it uses (those that select its nodes and
 * what they $ref), each checked against its own checksum when decoded.
 *
 * It is valid for the content of the inputs: a manifest holds each binding
 * file's path, stat signature and content hash.  A file whose signature
 * changed (or was written too close to the cache to tell) is hashed again.
 * When every file is unchanged the cache is used as it is.  When some
 * changed, were added or removed, the unchanged ones come from their
 * records (no parse, meta-schema check or fixups) and the rest from
 * source, and the set is finished and saved as a fresh one.  Another
 * dtbind program (its build-id covers the embedded schemas too), a bad
 * checksum or a malformed record means a rebuild from source, never trust.
 * A binding whose record turns out damaged later is loaded from its source
 * instead, and the cache file is removed so that the next run rebuilds it.
 * Paths are recorded with the root of the build and moved with the tree.
 *
 *   header: "DTBSCH03", u32 0x01020304, u32 header size, u64 program id,
 *           u64 write time (ns), u64 index offset, u64 index length,
 *           u64 index hash, u64 values offset, u64 values length
 *   index:  str root; u32 files, each (str path relative to the root,
 *           u64 size, u64 mtime ns, u64 ctime ns, u64 inode, u64 content
 *           hash, u32 binding + 1 or 0);
 *           u32 location names, each str;
 *           u32 bindings, each (str id, str file, u8 flags, u64 value offset,
 *           u64 value length, u64 value hash);
 *           the type database (dt_types_save);
 *           u32 compatibles, each (str, u32 n, n * u32 binding);
 *           lists "always" and "compatible-indexed": u32 n, n * u32 binding;
 *           u32 documented strings, each str; u32 documented patterns, each str
 *   value:  u8 kind, u8 style, u32 file+1, u32 line, u32 col, then by kind:
 *           bool u8 | int u64 | float u64 bits | string/bytes str |
 *           seq u32 n, values | map u32 n, (str key, u32 file+1, u32 line,
 *           u32 col, value)
 */
#define CACHE_MAGIC "DTBSCH03"
#define CACHE_HEADER_SIZE 72
#define CACHE_KEEP 8		/* cache files kept in the default directory */
#define RACY_NS 2000000000ll	/* mtime this close to the cache's: hash again */

enum { BINDING_EAGER = 1, BINDING_SELECT_TRUE = 2 };

struct source_file {
	char *path;
	struct stat st;
	uint64_t hash;		/* of the content, once read */
};

static int cmp_source(const void *a, const void *b)
{
	return strcmp(((const struct source_file *)a)->path, ((const struct source_file *)b)->path);
}

struct source_list {
	struct source_file *v;
	size_t n, cap;
};

static int add_source(void *ctx, char *path, const struct stat *st)
{
	struct source_list *l = ctx;

	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 256;
		struct source_file *nv = realloc(l->v, ncap * sizeof(*nv));

		if (!nv) {
			free(path);
			return -DTBIND_ENOMEM;
		}
		l->v = nv;
		l->cap = ncap;
	}
	l->v[l->n++] = (struct source_file){ .path = path, .st = *st };
	return 0;
}

static void free_files(struct source_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(files[i].path);
	free(files);
}

static int64_t ns_of(struct timespec ts)
{
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static bool hash_file(const char *path, uint64_t *out)
{
	char *buf;
	size_t len;

	if (read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len))
		return false;
	*out = hash64(0, buf, len);
	free(buf);
	return true;
}

struct build_id {
	const unsigned char *p;
	size_t n;
};

/* The GNU build-id note of the program itself, when it was linked with one. */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	struct build_id *id = data;

	(void)size;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t left = ph->p_memsz;

		if (ph->p_type != PT_NOTE)
			continue;
		while (left >= sizeof(ElfW(Nhdr))) {
			ElfW(Nhdr) nh;

			memcpy(&nh, p, sizeof(nh));
			size_t name_sz = (nh.n_namesz + 3u) & ~3u, desc_sz = (nh.n_descsz + 3u) & ~3u;
			size_t total = sizeof(nh) + name_sz + desc_sz;

			if (total > left)
				break;
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp(p + sizeof(nh), "GNU", 4) && nh.n_descsz) {
				id->p = p + sizeof(nh) + name_sz;
				id->n = nh.n_descsz;
				return 1;
			}
			p += total;
			left -= total;
		}
	}
	return 1;	/* the first object is the program: look no further */
}

/* Which dtbind made a cache: one that fixes up or decodes differently is another. */
static uint64_t program_id(void)
{
	struct build_id id = { 0 };
	uint64_t h = hash64(0, CACHE_MAGIC, 8);

	dl_iterate_phdr(find_build_id, &id);
	if (id.n)
		return hash64(h, id.p, id.n);
	/* No build-id: the program's bytes, which cost a read of the binary. */
	char *self;
	size_t len;

	if (read_file("/proc/self/exe", 256u << 20, &self, &len) == 0) {
		h = hash64(h, self, len);
		free(self);
	}
	for (size_t i = 0; i < dtbind_embedded_count; i++)
		h = hash64(h, dtbind_embedded_files[i].data, dtbind_embedded_files[i].len);
	return h;
}

static void mkdir_p(char *dir)
{
	for (char *p = dir + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
	}
	mkdir(dir, 0755);
}

static char *default_cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *dir = NULL;

	if (xdg && *xdg) {
		if (asprintf(&dir, "%s/dtbind", xdg) < 0)
			return NULL;
	} else if (home && *home) {
		if (asprintf(&dir, "%s/.cache/dtbind", home) < 0)
			return NULL;
	}
	return dir;
}

/* One file per program and bindings tree: a tree being edited rewrites its own. */
static char *default_cache_path(const char *root, uint64_t program)
{
	char *dir = default_cache_dir(), *path = NULL, *real = root ? realpath(root, NULL) : NULL;
	uint64_t h = program;

	if (!dir) {
		free(real);
		return NULL;
	}
	if (real)
		h = hash64(h, real, strlen(real));
	if (asprintf(&path, "%s/schemas-%016llx.bin", dir, (unsigned long long)h) < 0)
		path = NULL;
	free(dir);
	free(real);
	return path;
}

struct cache_entry {
	char *path;
	int64_t mtime;
};

static int cmp_newest(const void *a, const void *b)
{
	int64_t x = ((const struct cache_entry *)a)->mtime, y = ((const struct cache_entry *)b)->mtime;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Keep the most recent few: trees and programs come and go. */
static void prune_cache_dir(void)
{
	char *dir = default_cache_dir();
	DIR *d = dir ? opendir(dir) : NULL;
	struct cache_entry *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;

	while (d && (de = readdir(d)) != NULL) {
		struct stat st;
		char *p;

		if (strncmp(de->d_name, "schemas-", 8) || !str_ends_with(de->d_name, ".bin") ||
		    asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (stat(p, &st) || (n == cap && !(cap = cap ? cap * 2 : 16,
						   v = realloc(v, cap * sizeof(*v))))) {
			free(p);
			if (!v)
				break;
			continue;
		}
		v[n++] = (struct cache_entry){ p, ns_of(st.st_mtim) };
	}
	if (v)
		qsort(v, n, sizeof(*v), cmp_newest);
	for (size_t i = 0; i < n; i++) {
		if (i >= CACHE_KEEP)
			unlink(v[i].path);
		free(v[i].path);
	}
	free(v);
	if (d)
		closedir(d);
	free(dir);
}

/* ---- writing ---- */

struct wbuf {
	struct strbuf sb;
	struct hmap files;		/* file name -> index + 1 */
	const char **names;
	size_t n_names, cap_names;
};

static uint32_t file_index(struct wbuf *w, const char *file)
{
	if (!file)
		return 0;
	uintptr_t i = (uintptr_t)hmap_get_str(&w->files, file, strlen(file));

	if (i)
		return (uint32_t)i;
	if (w->n_names == w->cap_names) {
		w->cap_names = w->cap_names ? w->cap_names * 2 : 64;
		const char **nn = realloc(w->names, w->cap_names * sizeof(*nn));

		if (!nn) {
			w->sb.oom = true;
			return 0;
		}
		w->names = nn;
	}
	w->names[w->n_names++] = file;
	hmap_put_str(&w->files, file, strlen(file), (void *)(uintptr_t)w->n_names);
	return (uint32_t)w->n_names;
}

static void put_value(struct wbuf *w, const struct dtbind_value *v, unsigned depth)
{
	struct strbuf *sb = &w->sb;

	if (depth > DTBIND_MAX_DEPTH) {
		sb->oom = true;
		return;
	}
	put_u8(sb, (uint8_t)v->kind);
	put_u8(sb, v->style);
	put_u32(sb, file_index(w, v->loc.file));
	put_u32(sb, v->loc.line);
	put_u32(sb, v->loc.col);
	switch (v->kind) {
	case DTBIND_BOOL:
		put_u8(sb, v->u.b);
		break;
	case DTBIND_INT:
		put_u64(sb, (uint64_t)v->u.i);
		break;
	case DTBIND_FLOAT: {
		uint64_t bits;

		memcpy(&bits, &v->u.f, 8);
		put_u64(sb, bits);
		break;
	}
	case DTBIND_STRING:
	case DTBIND_BYTES:
		put_str(sb, v->u.str.ptr, v->u.str.len);
		break;
	case DTBIND_SEQ:
		put_u32(sb, (uint32_t)v->u.seq.n);
		for (size_t i = 0; i < v->u.seq.n; i++)
			put_value(w, v->u.seq.items[i], depth + 1);
		break;
	case DTBIND_MAP:
		put_u32(sb, (uint32_t)v->u.map.n);
		for (size_t i = 0; i < v->u.map.n; i++) {
			const struct dtbind_member *m = &v->u.map.members[i];

			put_str(sb, m->key, m->key_len);
			put_u32(sb, file_index(w, m->key_loc.file));
			put_u32(sb, m->key_loc.line);
			put_u32(sb, m->key_loc.col);
			put_value(w, m->value, depth + 1);
		}
		break;
	default:
		break;
	}
}

static void put_list(struct strbuf *sb, const struct index_list *l)
{
	put_u32(sb, (uint32_t)l->n);
	for (size_t i = 0; i < l->n; i++)
		put_u32(sb, (uint32_t)l->v[i]);
}

/* $id or $anchor below the root: registered when the binding is, so never lazily. */
static bool has_inner_resource(const struct dtbind_value *v, unsigned depth)
{
	if (depth > DTBIND_MAX_DEPTH)
		return true;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (has_inner_resource(v->u.seq.items[i], depth + 1))
				return true;
	} else if (v->kind == DTBIND_MAP) {
		for (size_t i = 0; i < v->u.map.n; i++) {
			const struct dtbind_member *m = &v->u.map.members[i];

			if (depth && (!strcmp(m->key, "$id") || !strcmp(m->key, "$anchor")))
				return true;
			if (has_inner_resource(m->value, depth + 1))
				return true;
		}
	}
	return false;
}

static int write_atomically(const char *path, const struct strbuf *parts[], size_t n)
{
	char *tmp = NULL, *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;
	int ret = -DTBIND_EIO;

	/* Written next to its place and renamed: never a half file. */
	if (slash && slash != dir) {
		*slash = '\0';
		mkdir_p(dir);
	}
	if (asprintf(&tmp, "%s.%ld.tmp", path, (long)getpid()) >= 0) {
		FILE *f = fopen(tmp, "wb");

		if (f) {
			bool ok = true;

			for (size_t i = 0; i < n; i++)
				ok &= fwrite(parts[i]->buf, 1, parts[i]->len, f) == parts[i]->len;
			ok &= fclose(f) == 0;
			if (ok && rename(tmp, path) == 0)
				ret = 0;
			else
				remove(tmp);
		}
	}
	free(tmp);
	free(dir);
	return ret;
}

static int cache_write(const struct dtbind_dtschemas *s, const char *path, uint64_t program,
		       const char *root, const struct source_file *files, size_t nfiles)
{
	struct wbuf w = { 0 };
	struct strbuf idx, head;
	size_t rl = root ? strlen(root) : 0;
	struct timespec now;
	int ret = -DTBIND_ENOMEM;

	clock_gettime(CLOCK_REALTIME, &now);
	sb_init(&w.sb);
	sb_init(&idx);
	sb_init(&head);
	hmap_init(&w.files);
	/* The values first: the index names the files their locations use. */
	uint64_t *off = calloc(s->n + 1, sizeof(*off));

	if (!off)
		goto out;
	for (size_t i = 0; i < s->n; i++) {
		off[i] = w.sb.len;
		put_value(&w, s->b[i].fixed, 0);
	}
	off[s->n] = w.sb.len;

	/* Which binding each file gave, if any: an unchanged file is taken from its record. */
	struct hmap by_file;

	hmap_init(&by_file);
	for (size_t i = 0; i < s->n; i++)
		hmap_put_str(&by_file, s->b[i].file, strlen(s->b[i].file), (void *)(uintptr_t)(i + 1));
	put_str(&idx, root ? root : "", rl);
	put_u32(&idx, (uint32_t)nfiles);
	for (size_t i = 0; i < nfiles; i++) {
		const char *rel = files[i].path;

		if (rl && !strncmp(rel, root, rl))
			rel += rl;
		put_str(&idx, rel, strlen(rel));
		put_u64(&idx, (uint64_t)files[i].st.st_size);
		put_u64(&idx, (uint64_t)ns_of(files[i].st.st_mtim));
		put_u64(&idx, (uint64_t)ns_of(files[i].st.st_ctim));
		put_u64(&idx, (uint64_t)files[i].st.st_ino);
		put_u64(&idx, files[i].hash);
		put_u32(&idx, (uint32_t)(uintptr_t)hmap_get_str(&by_file, files[i].path,
								  strlen(files[i].path)));
	}
	hmap_free(&by_file);
	put_u32(&idx, (uint32_t)w.n_names);
	for (size_t i = 0; i < w.n_names; i++)
		put_str(&idx, w.names[i], strlen(w.names[i]));
	put_u32(&idx, (uint32_t)s->n);
	for (size_t i = 0; i < s->n; i++) {
		const struct binding *b = &s->b[i];

		put_str(&idx, b->id, strlen(b->id));
		put_str(&idx, b->file, strlen(b->file));
		put_u8(&idx, (uint8_t)((has_inner_resource(b->fixed, 0) ? BINDING_EAGER : 0) |
				       (b->select_true ? BINDING_SELECT_TRUE : 0)));
		put_u64(&idx, off[i]);
		put_u64(&idx, off[i + 1] - off[i]);
		put_u64(&idx, hash64(0, w.sb.buf + off[i], off[i + 1] - off[i]));
	}
	dt_types_save(s->types, &idx);
	put_u32(&idx, (uint32_t)s->by_compat.n);
	for (size_t i = 0; i < s->by_compat.cap; i++) {
		const struct hmap_entry *e = &s->by_compat.e[i];

		if (!e->hash)
			continue;
		put_str(&idx, e->key, e->key_len);
		put_list(&idx, e->value);
	}
	put_list(&idx, &s->always);
	put_list(&idx, &s->by_compat_all);
	put_u32(&idx, (uint32_t)s->documented.n);
	for (size_t i = 0; i < s->documented.cap; i++)
		if (s->documented.e[i].hash)
			put_str(&idx, s->documented.e[i].key, s->documented.e[i].key_len);
	put_u32(&idx, (uint32_t)s->n_doc_patterns);
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		put_str(&idx, s->doc_pattern_text[i], strlen(s->doc_pattern_text[i]));

	sb_putn(&head, CACHE_MAGIC, 8);
	put_u32(&head, 0x01020304);
	put_u32(&head, CACHE_HEADER_SIZE);
	put_u64(&head, program);
	put_u64(&head, (uint64_t)ns_of(now));
	put_u64(&head, CACHE_HEADER_SIZE);
	put_u64(&head, idx.len);
	put_u64(&head, hash64(0, idx.buf, idx.len));
	put_u64(&head, CACHE_HEADER_SIZE + idx.len);
	put_u64(&head, w.sb.len);
	if (!head.oom && !idx.oom && !w.sb.oom && head.len == CACHE_HEADER_SIZE) {
		const struct strbuf *parts[] = { &head, &idx, &w.sb };

		ret = write_atomically(path, parts, 3);
	}
out:
	free(off);
	sb_free(&head);
	sb_free(&idx);
	sb_free(&w.sb);
	hmap_free(&w.files);
	free(w.names);
	return ret;
}

/* ---- reading ---- */

struct vreader {
	struct reader r;
	const char *const *names;
	uint32_t n_names;
	struct arena *a;
};

static const char *get_file(struct vreader *vr)
{
	uint32_t file = get_u32(&vr->r);

	if (file > vr->n_names) {
		vr->r.bad = true;
		return NULL;
	}
	return file ? vr->names[file - 1] : NULL;
}

/* Strings point into the mapped file, which lives as long as the set. */
static struct dtbind_value *get_value(struct vreader *vr, unsigned depth)
{
	struct reader *r = &vr->r;
	struct dtbind_value *v;

	if (r->bad || depth > DTBIND_MAX_DEPTH || !(v = arena_alloc(vr->a, sizeof(*v)))) {
		r->bad = true;
		return NULL;
	}
	uint8_t kind = get_u8(r);

	v->style = get_u8(r);
	v->loc.file = get_file(vr);
	v->loc.line = get_u32(r);
	v->loc.col = get_u32(r);
	if (r->bad || kind > DTBIND_BYTES) {
		r->bad = true;
		return NULL;
	}
	v->kind = (enum dtbind_kind)kind;
	switch (v->kind) {
	case DTBIND_BOOL:
		v->u.b = get_u8(r) != 0;
		break;
	case DTBIND_INT:
		v->u.i = (int64_t)get_u64(r);
		break;
	case DTBIND_FLOAT: {
		uint64_t bits = get_u64(r);

		memcpy(&v->u.f, &bits, 8);
		break;
	}
	case DTBIND_STRING:
	case DTBIND_BYTES:
		v->u.str.ptr = get_str(r, &v->u.str.len);
		break;
	case DTBIND_SEQ: {
		uint32_t n = get_u32(r);

		/* Each item takes 14 bytes at least: a count beyond the data is corrupt. */
		if (!reader_fits(r, n, 14) ||
		    !(v->u.seq.items = arena_alloc(vr->a, ((size_t)n + 1) * sizeof(*v->u.seq.items)))) {
			r->bad = true;
			return NULL;
		}
		for (uint32_t i = 0; i < n && !r->bad; i++)
			v->u.seq.items[v->u.seq.n++] = get_value(vr, depth + 1);
		break;
	}
	case DTBIND_MAP: {
		uint32_t n = get_u32(r);

		if (!reader_fits(r, n, 31) ||
		    !(v->u.map.members = arena_alloc(vr->a, ((size_t)n + 1) * sizeof(*v->u.map.members)))) {
			r->bad = true;
			return NULL;
		}
		for (uint32_t i = 0; i < n && !r->bad; i++) {
			struct dtbind_member *m = &v->u.map.members[v->u.map.n++];

			m->key = get_str(r, &m->key_len);
			m->key_loc.file = get_file(vr);
			m->key_loc.line = get_u32(r);
			m->key_loc.col = get_u32(r);
			m->value = get_value(vr, depth + 1);
		}
		break;
	}
	default:
		break;
	}
	return r->bad ? NULL : v;
}

static bool get_list(struct reader *r, struct index_list *l, size_t nb)
{
	uint32_t n = get_u32(r);

	if (!reader_fits(r, n, 4))
		return false;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = get_u32(r);

		if (k >= nb || list_push(l, k)) {
			r->bad = true;
			return false;
		}
	}
	return true;
}

static int load_source(struct dtbind_dtschemas *s, struct source_file *f);

/* The index of a cache file, read before deciding how much of it to use. */
struct cached_file {
	const char *rel;
	uint64_t size, mtime, ctime, ino, hash;
	uint32_t binding;		/* index + 1 into the cached bindings, 0: none */
};

struct cached_binding {
	const char *id, *file;
	uint8_t flags;
	const unsigned char *rec;
	size_t len;
	uint64_t hash;
};

struct cache_view {
	int64_t written;
	struct cached_file *files;
	uint32_t n_files;
	struct cached_binding *b;
	uint32_t n_b;
	struct reader rest;		/* types, compatible index, documented */
};

/* Paths were recorded under the root of the build; the same tree may sit elsewhere now. */
static const char *rebase(struct dtbind_dtschemas *s, const char *name, const char *then,
			  const char *now)
{
	size_t tl = strlen(then);

	if (!tl || strncmp(name, then, tl) || !strcmp(then, now))
		return name;
	return arena_printf(&s->arena, "%s%s", now, name + tl);
}

static void cache_unmap(struct dtbind_dtschemas *s)
{
	if (s->map)
		munmap(s->map, s->map_len);
	s->map = NULL;
	s->map_len = 0;
}

static int cache_open(struct dtbind_dtschemas *s, const char *path, uint64_t program,
		      const char *root, struct cache_view *cv)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;

	memset(cv, 0, sizeof(*cv));
	if (fd < 0)
		return -DTBIND_EIO;
	if (fstat(fd, &st) || st.st_size < CACHE_HEADER_SIZE || (uint64_t)st.st_size > (4ull << 30)) {
		close(fd);
		return -DTBIND_EPARSE;
	}
	void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

	close(fd);
	if (map == MAP_FAILED)
		return -DTBIND_EIO;
	s->map = map;
	s->map_len = (size_t)st.st_size;

	const unsigned char *base = map;
	struct reader h = { base, base + CACHE_HEADER_SIZE, false };
	char magic[8];

	memcpy(magic, base, 8);
	h.p += 8;
	uint32_t order = get_u32(&h), hsize = get_u32(&h);
	uint64_t prog = get_u64(&h), written = get_u64(&h);
	uint64_t ioff = get_u64(&h), ilen = get_u64(&h), ihash = get_u64(&h);
	uint64_t voff = get_u64(&h), vlen = get_u64(&h);

	if (memcmp(magic, CACHE_MAGIC, 8) || order != 0x01020304 || hsize != CACHE_HEADER_SIZE ||
	    prog != program || ioff != CACHE_HEADER_SIZE || ilen > s->map_len - ioff ||
	    voff != ioff + ilen || vlen != s->map_len - voff ||
	    hash64(0, base + ioff, ilen) != ihash)
		return -DTBIND_EPARSE;

	struct reader r = { base + ioff, base + ioff + ilen, false };
	const char *then = get_str(&r, NULL), *now = root ? root : "";

	cv->written = (int64_t)written;
	cv->n_files = get_u32(&r);
	if (!reader_fits(&r, cv->n_files, 49) ||
	    !(cv->files = arena_alloc(&s->arena, ((size_t)cv->n_files + 1) * sizeof(*cv->files))))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < cv->n_files; i++) {
		struct cached_file *f = &cv->files[i];

		f->rel = get_str(&r, NULL);
		f->size = get_u64(&r);
		f->mtime = get_u64(&r);
		f->ctime = get_u64(&r);
		f->ino = get_u64(&r);
		f->hash = get_u64(&r);
		f->binding = get_u32(&r);
	}
	s->n_names = get_u32(&r);
	if (!reader_fits(&r, s->n_names, 5) ||
	    !(s->names = arena_alloc(&s->arena, ((size_t)s->n_names + 1) * sizeof(*s->names))))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < s->n_names; i++)
		s->names[i] = rebase(s, get_str(&r, NULL), then, now);
	cv->n_b = get_u32(&r);
	if (!reader_fits(&r, cv->n_b, 35) ||
	    !(cv->b = arena_alloc(&s->arena, ((size_t)cv->n_b + 1) * sizeof(*cv->b))))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < cv->n_b && !r.bad; i++) {
		struct cached_binding *b = &cv->b[i];
		uint64_t off, len;

		b->id = get_str(&r, NULL);
		b->file = rebase(s, get_str(&r, NULL), then, now);
		b->flags = get_u8(&r);
		off = get_u64(&r);
		len = get_u64(&r);
		b->hash = get_u64(&r);
		if (!b->file || off > vlen || len > vlen - off)
			return -DTBIND_EPARSE;
		b->rec = base + voff + off;
		b->len = len;
	}
	for (uint32_t i = 0; i < cv->n_files; i++)
		if (cv->files[i].binding > cv->n_b)
			r.bad = true;
	if (r.bad)
		return -DTBIND_EPARSE;
	cv->rest = r;
	return 0;
}

/*
 * Which binding files still have the content the cache was made from:
 * @same[i] for files[i].  True when every file does and none was added or
 * removed.  Files whose content is read again get their hash set.
 */
static bool compare_manifest(const struct cache_view *cv, const char *root,
			     struct source_file *files, size_t nfiles, uint32_t *same)
{
	size_t rl = root ? strlen(root) : 0, k = 0;
	bool all = nfiles == cv->n_files;

	for (size_t i = 0; i < nfiles; i++) {
		struct source_file *f = &files[i];
		const char *rel = f->path + (rl && !strncmp(f->path, root, rl) ? rl : 0);
		int c = 1;

		same[i] = 0;
		/* Both lists are sorted: walk them side by side. */
		while (k < cv->n_files && (c = strcmp(cv->files[k].rel, rel)) < 0)
			k++;
		if (k == cv->n_files || c) {
			all = false;
			continue;
		}
		const struct cached_file *m = &cv->files[k++];

		if (m->size == (uint64_t)f->st.st_size && m->mtime == (uint64_t)ns_of(f->st.st_mtim) &&
		    m->ctime == (uint64_t)ns_of(f->st.st_ctim) && m->ino == (uint64_t)f->st.st_ino &&
		    ns_of(f->st.st_mtim) < cv->written - RACY_NS) {
			f->hash = m->hash;
		} else if (!hash_file(f->path, &f->hash) || f->hash != m->hash) {
			all = false;
			continue;
		}
		same[i] = (uint32_t)(m - cv->files) + 1;
	}
	return all;
}

/* Everything unchanged: the index as saved, each binding decoded when first used. */
static int use_whole_cache(struct dtbind_dtschemas *s, struct cache_view *cv, const char *path)
{
	struct reader *r = &cv->rest;

	for (uint32_t i = 0; i < cv->n_b; i++) {
		const struct cached_binding *c = &cv->b[i];

		if (push_binding(s, c->id, c->file, NULL))
			return -DTBIND_ENOMEM;
		struct binding *b = &s->b[s->n - 1];

		b->rec = c->rec;
		b->rec_len = c->len;
		b->rec_hash = c->hash;
		b->eager = c->flags & BINDING_EAGER;
		b->select_true = c->flags & BINDING_SELECT_TRUE;
	}
	if (dt_types_load(&s->types, r))
		return -DTBIND_EPARSE;
	uint32_t nc = get_u32(r);

	if (!reader_fits(r, nc, 9))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < nc && !r->bad; i++) {
		size_t len;
		const char *c = get_str(r, &len);
		struct index_list *l = arena_alloc(&s->arena, sizeof(*l));

		if (!l || hmap_put_str(&s->by_compat, c, len, l) || !get_list(r, l, cv->n_b))
			return -DTBIND_EPARSE;
	}
	if (!get_list(r, &s->always, cv->n_b) || !get_list(r, &s->by_compat_all, cv->n_b))
		return -DTBIND_EPARSE;
	uint32_t nd = get_u32(r);

	if (!reader_fits(r, nd, 5))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < nd && !r->bad; i++) {
		size_t len;
		const char *c = get_str(r, &len);

		if (hmap_put_str(&s->documented, c, len, (void *)1))
			return -DTBIND_EPARSE;
	}
	/* Compiled on first use: only -m and --undocumented need them. */
	s->n_lazy_patterns = get_u32(r);
	if (!reader_fits(r, s->n_lazy_patterns, 5))
		return -DTBIND_EPARSE;
	s->lazy_patterns = r->p;
	for (uint32_t i = 0; i < s->n_lazy_patterns; i++)
		get_str(r, NULL);
	if (r->bad || r->p != r->end)
		return -DTBIND_EPARSE;
	s->cache_path = strdup(path);
	return 0;
}

/* A cached record, decoded now; NULL when it is damaged. */
static const struct dtbind_value *decode_record(struct dtbind_dtschemas *s,
						const unsigned char *rec, size_t len, uint64_t hash)
{
	struct vreader vr = { { rec, rec + len, false }, s->names, s->n_names, &s->arena };
	const struct dtbind_value *v;

	if (hash64(0, rec, len) != hash)
		return NULL;
	v = get_value(&vr, 0);
	return vr.r.p == vr.r.end ? v : NULL;
}

/* A binding whose file is unchanged: its record instead of parse, meta-schema check, fixups. */
static int add_cached_binding(struct dtbind_dtschemas *s, const struct cached_binding *c)
{
	const struct dtbind_value *fixed = decode_record(s, c->rec, c->len, c->hash);
	uintptr_t dup = (uintptr_t)hmap_get_str(&s->ids, c->id, uri_fragment_offset(c->id));

	if (!fixed)
		return -DTBIND_EPARSE;
	if (dup) {
		if (strncmp(c->file, "<dtbind>/", 9))
			dtbind_diag_report(s->diag, DTBIND_WARNING, fixed->loc, "duplicate-id",
					   "duplicate '$id' value '%s'; the first file that has it is used",
					   c->id);
		return 0;
	}
	return push_binding(s, c->id, c->file, fixed);
}

/*
 * Some files changed: those that did not come from their records, the
 * others from source, and the set is finished as a fresh one (the types,
 * the index and the selects depend on every binding).
 */
static int load_incremental(struct dtbind_dtschemas *s, const struct cache_view *cv,
			    struct source_file *files, size_t nfiles, const uint32_t *same)
{
	int ret = 0;

	for (size_t i = 0; i < nfiles && !ret; i++) {
		const struct cached_file *m = same[i] ? &cv->files[same[i] - 1] : NULL;

		if (m && m->binding)
			ret = add_cached_binding(s, &cv->b[m->binding - 1]);
		else
			ret = load_source(s, &files[i]);
	}
	/* The embedded core schemas belong to the program, which is the same. */
	for (uint32_t i = 0; i < cv->n_b && !ret; i++)
		if (!strncmp(cv->b[i].file, "<dtbind>/", 9))
			ret = add_cached_binding(s, &cv->b[i]);
	return ret;
}

/* A binding from its source: when its cache record is damaged. */
static const struct dtbind_value *binding_from_source(struct dtbind_dtschemas *s,
						      const struct binding *b)
{
	struct dtbind_doc *doc = NULL;

	if (!strncmp(b->file, "<dtbind>/schemas/", 17)) {
		const struct embedded_file *ef = embedded_find(b->file + 17);

		if (ef)
			dtbind_doc_load_string(b->file, ef->data, ef->len, s->diag, 0, &doc);
	} else {
		dtbind_doc_load_file(b->file, s->diag, 0, &doc);
	}
	if (!doc)
		return NULL;
	struct doc_keep *k = malloc(sizeof(*k));

	if (!k) {
		dtbind_doc_free(doc);
		return NULL;
	}
	/* The fixed copy points at the document's strings: it lives with the set. */
	k->doc = doc;
	k->next = s->kept;
	s->kept = k;
	return fixup_schema(&s->arena, dtbind_doc_root(doc));
}

/* The fixed-up schema of a binding, decoded from the cache on first use. */
static const struct dtbind_value *binding_value(struct dtbind_dtschemas *s, size_t i)
{
	struct binding *b = &s->b[i];

	if (b->fixed || !b->rec)
		return b->fixed;
	b->fixed = decode_record(s, b->rec, b->rec_len, b->rec_hash);
	b->rec = NULL;
	if (!b->fixed) {
		/* Damaged since it was checked: this run goes on from source, the next rebuilds. */
		dtbind_diag_report(s->diag, DTBIND_WARNING, (struct dtbind_loc){ .file = s->cache_path },
				   "schema-cache", "damaged record for %s: loaded from %s; the "
				   "cache is removed and rebuilt next time", b->id, b->file);
		if (s->cache_path)
			unlink(s->cache_path);
		b->fixed = binding_from_source(s, b);
	}
	return b->fixed;
}

/* The schema set asks for documents it does not have: bindings, by $id. */
static const struct dtbind_value *load_binding(void *ctx, const char *uri)
{
	struct dtbind_dtschemas *s = ctx;
	uintptr_t i = (uintptr_t)hmap_get_str(&s->ids, uri, uri_fragment_offset(uri));

	return i ? binding_value(s, i - 1) : NULL;
}

static int push_binding(struct dtbind_dtschemas *s, const char *id, const char *file,
			const struct dtbind_value *fixed)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		struct binding *nb = realloc(s->b, s->cap * sizeof(*nb));

		if (!nb)
			return -DTBIND_ENOMEM;
		s->b = nb;
	}
	struct binding *b = &s->b[s->n];

	memset(b, 0, sizeof(*b));
	b->id = id;
	b->file = file;
	b->fixed = fixed;
	/* Keyed without the fragment: that is how a $ref asks for a document. */
	hmap_put_str(&s->ids, b->id, uri_fragment_offset(b->id), (void *)(uintptr_t)(s->n + 1));
	s->n++;
	return 0;
}

static void reset_bindings(struct dtbind_dtschemas *s)
{
	s->n = 0;
	hmap_free(&s->ids);
	hmap_init(&s->ids);
	for (size_t i = 0; i < s->by_compat.cap; i++)
		if (s->by_compat.e[i].hash)
			free(((struct index_list *)s->by_compat.e[i].value)->v);
	hmap_free(&s->by_compat);
	hmap_init(&s->by_compat);
	hmap_free(&s->documented);
	hmap_init(&s->documented);
	s->always.n = s->by_compat_all.n = 0;
	dt_types_free(s->types);
	s->types = NULL;
	s->n_lazy_patterns = 0;
	free(s->cache_path);
	s->cache_path = NULL;
	cache_unmap(s);
}

static struct dtbind_dtschemas *dtschemas_new(struct dtbind_diag *diag)
{
	struct dtbind_dtschemas *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	arena_init(&s->arena, 1u << 20);
	s->diag = diag;
	hmap_init(&s->by_compat);
	hmap_init(&s->ids);
	hmap_init(&s->documented);
	s->set = dtbind_schema_set_new(diag);
	if (!s->set) {
		dtbind_dtschemas_free(s);
		return NULL;
	}
	dtbind_schema_set_dt_annotations(s->set, true);
	dtbind_schema_set_loader(s->set, load_binding, s);
	return s;
}

/* Bindings are in from their sources: register them, learn the types, index the selects. */
static int dtschemas_finish(struct dtbind_dtschemas *s)
{
	const struct dtbind_value **roots = calloc(s->n + 1, sizeof(*roots));
	int ret = 0;

	if (!roots)
		return -DTBIND_ENOMEM;
	/* Registered under their $id, $refs resolve to the fixed-up schemas. */
	for (size_t i = 0; i < s->n && !ret; i++) {
		roots[i] = s->b[i].fixed;
		/* Compiled on first use: most bindings select nothing in a given tree. */
		ret = dtbind_schema_set_add_value(s->set, s->b[i].fixed, s->b[i].id, NULL);
	}
	if (!ret)
		ret = dt_types_build(&s->types, roots, s->n);
	free(roots);
	for (size_t i = 0; i < s->n && !ret; i++) {
		ret = index_binding(s, i);
		find_compatible_schemas(s, s->b[i].fixed, 0);
	}
	return ret;
}

/* From the cache: only the bindings a lazy $ref could not find are registered now. */
static int dtschemas_finish_cached(struct dtbind_dtschemas *s)
{
	for (size_t i = 0; i < s->n; i++) {
		if (!s->b[i].eager)
			continue;
		const struct dtbind_value *v = binding_value(s, i);
		int ret = v ? dtbind_schema_set_add_value(s->set, v, s->b[i].id, NULL) : 0;

		if (ret)
			return ret;
	}
	return 0;
}

/* One binding file: hashed for the manifest, parsed, checked, fixed up. */
static int load_source(struct dtbind_dtschemas *s, struct source_file *f)
{
	struct dtbind_doc *doc;
	char *buf;
	size_t len;
	int ret = 0;

	if (read_file(f->path, DTBIND_MAX_FILE_SIZE, &buf, &len) == 0) {
		f->hash = hash64(0, buf, len);
		free(buf);
	}
	/* Documents stay alive with the set: the fixed copies point at their strings. */
	if (dtbind_doc_load_file(f->path, s->diag, 0, &doc) == 0) {
		ret = add_binding(s, f->path, dtbind_doc_root(doc));
		dtbind_schema_set_add_doc(s->set, doc, NULL, NULL);
	}
	return ret;
}

static int load_sources(struct dtbind_dtschemas *s, struct source_file *files, size_t nfiles)
{
	int ret = 0;

	for (size_t i = 0; i < nfiles && !ret; i++)
		ret = load_source(s, &files[i]);
	/* The core schemas: those a tree does not override. */
	for (size_t i = 0; i < dtbind_embedded_count && !ret; i++) {
		const struct embedded_file *ef = &dtbind_embedded_files[i];
		struct dtbind_doc *doc;
		char name[512];

		if (strncmp(ef->path, "core/", 5))
			continue;
		snprintf(name, sizeof(name), "<dtbind>/schemas/%s", ef->path);
		if (dtbind_doc_load_string(name, ef->data, ef->len, s->diag, 0, &doc) == 0) {
			ret = add_binding(s, name, dtbind_doc_root(doc));
			dtbind_schema_set_add_doc(s->set, doc, NULL, NULL);
		}
	}
	return ret;
}

int dtbind_dtschemas_load(struct dtbind_diag *diag, const char *bindings_root,
			  struct dtbind_dtschemas **out)
{
	return dtbind_dtschemas_load_cached(diag, bindings_root, NULL, false, out);
}

int dtbind_dtschemas_load_cached(struct dtbind_diag *diag, const char *bindings_root,
				 const char *cache, bool use_cache, struct dtbind_dtschemas **out)
{
	struct dtbind_dtschemas *s = dtschemas_new(diag);
	struct source_list sl = { 0 };
	struct source_file *files;
	uint32_t *same = NULL;
	char *path = NULL;
	size_t nfiles;
	uint64_t program = 0;
	int ret = -DTBIND_EPARSE;
	enum { FROM_SOURCE, WHOLE_CACHE, INCREMENTAL } how = FROM_SOURCE;

	*out = NULL;
	if (!s)
		return -DTBIND_ENOMEM;
	if (bindings_root)
		walk_tree(bindings_root, is_binding_name, add_source, &sl);
	files = sl.v;
	nfiles = sl.n;
	/* In the reference's order: sorted by whole path. */
	if (nfiles)
		qsort(files, nfiles, sizeof(*files), cmp_source);
	if (use_cache || cache) {
		struct cache_view cv;

		program = program_id();
		path = cache ? strdup(cache) : default_cache_path(bindings_root, program);
		same = calloc(nfiles + 1, sizeof(*same));
		if (path && same && cache_open(s, path, program, bindings_root, &cv) == 0) {
			if (compare_manifest(&cv, bindings_root, files, nfiles, same)) {
				how = WHOLE_CACHE;
				ret = use_whole_cache(s, &cv, path);
			} else {
				how = INCREMENTAL;
				ret = load_incremental(s, &cv, files, nfiles, same);
			}
		}
		if (ret) {
			/* Unusable after all: start again from the sources, with nothing of it. */
			reset_bindings(s);
			how = FROM_SOURCE;
		}
	}
	if (how == WHOLE_CACHE)
		ret = dtschemas_finish_cached(s);
	else if (how == INCREMENTAL)
		ret = dtschemas_finish(s);
	else if (!(ret = load_sources(s, files, nfiles)))
		ret = dtschemas_finish(s);
	/* A fresh result is kept for the next run; a cache that cannot be written is no error. */
	if (!ret && how != WHOLE_CACHE && path &&
	    cache_write(s, path, program, bindings_root, files, nfiles) == 0 && !cache)
		prune_cache_dir();
	free_files(files, nfiles);
	free(same);
	free(path);
	if (ret) {
		dtbind_dtschemas_free(s);
		return ret;
	}
	*out = s;
	return 0;
}

void dtbind_dtschemas_free(struct dtbind_dtschemas *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->by_compat.cap; i++) {
		if (s->by_compat.e[i].hash) {
			struct index_list *l = s->by_compat.e[i].value;

			free(l->v);
		}
	}
	hmap_free(&s->by_compat);
	hmap_free(&s->ids);
	hmap_free(&s->documented);
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		regex_free(s->doc_patterns[i]);
	free(s->doc_patterns);
	free(s->doc_pattern_text);
	free(s->always.v);
	free(s->by_compat_all.v);
	dt_types_free(s->types);
	dtbind_schema_set_free(s->set);
	while (s->kept) {
		struct doc_keep *k = s->kept;

		s->kept = k->next;
		dtbind_doc_free(k->doc);
		free(k);
	}
	free(s->b);
	free(s->cache_path);
	arena_release(&s->arena);
	cache_unmap(s);
	free(s);
}

const struct dt_types *dtbind_dtschemas_types(const struct dtbind_dtschemas *s)
{
	return s->types;
}

size_t dtbind_dtschemas_count(const struct dtbind_dtschemas *s)
{
	return s->n;
}

/* ---- validation ------------------------------------------------------ */

struct checker {
	struct dtbind_dtschemas *s;
	const struct dtbind_check_opts *opts;
	struct dtbind_diag *diag;
	struct arena *a;
	const struct dtbind_value *node;	/* being checked */
	bool *selected;			/* per binding, reset per node */
	size_t *order;
	unsigned findings;
};

static bool has_str(const struct dtbind_value *list, const char *s)
{
	if (!list || list->kind != DTBIND_SEQ)
		return false;
	for (size_t i = 0; i < list->u.seq.n; i++)
		if (list->u.seq.items[i]->kind == DTBIND_STRING && !strcmp(list->u.seq.items[i]->u.str.ptr, s))
			return true;
	return false;
}

/* Missing properties are normal in a disabled node (filled in by boards). */
static bool only_required(const struct dtbind_verrors *errs, size_t i)
{
	const struct dtbind_verror *e = &errs->v[i];

	if (e->keyword && !strcmp(e->keyword, "required"))
		return true;
	if (e->keyword && (!strcmp(e->keyword, "oneOf") || !strcmp(e->keyword, "anyOf"))) {
		/* The explained branch: all of it about required properties? */
		bool any = false;

		for (size_t k = i + 1; k < errs->n && errs->v[k].depth > e->depth; k++) {
			any = true;
			if (!errs->v[k].keyword || strcmp(errs->v[k].keyword, "required"))
				return false;
		}
		return any;
	}
	return false;
}

/*
 * The next segment of the JSON pointer at @ptr (which starts with '/'),
 * unescaped (~1 is '/', ~0 is '~') into @seg; returns the rest.
 */
static const char *next_segment(const char *ptr, char *seg, size_t size)
{
	const char *end = strchr(ptr + 1, '/');
	size_t n = end ? (size_t)(end - ptr - 1) : strlen(ptr + 1), k = 0;

	for (size_t i = 0; i < n && k < size - 1; i++) {
		if (ptr[1 + i] == '~' && i + 1 < n) {
			seg[k++] = ptr[2 + i] == '1' ? '/' : '~';
			i++;
		} else {
			seg[k++] = ptr[1 + i];
		}
	}
	seg[k] = '\0';
	return ptr + 1 + n;
}

/*
 * "/soc/i2c@1000/dev@50:reg:0" from the node path and an instance pointer:
 * pointer steps into child nodes extend the path, the rest names the
 * property and the position in it, as dt-validate prints them.
 */
static char *dt_error_path(const char *path, const struct dtbind_value *node, const char *ptr)
{
	struct strbuf sb;
	bool in_prop = false;
	char *res;

	sb_init(&sb);
	sb_puts(&sb, path);
	while (*ptr == '/') {
		char seg[512];

		ptr = next_segment(ptr, seg, sizeof(seg));
		const struct dtbind_value *child = in_prop ? NULL : dtbind_value_get(node, seg);

		if (child && child->kind == DTBIND_MAP) {
			if (strcmp(sb_cstr(&sb), "/"))
				sb_putc(&sb, '/');
			sb_puts(&sb, seg);
			node = child;
		} else {
			sb_putc(&sb, ':');
			sb_puts(&sb, seg);
			in_prop = true;
		}
	}
	res = sb.oom ? NULL : strdup(sb_cstr(&sb));
	sb_free(&sb);
	return res;
}

/* Does the instance at @ptr (inside @node) have status = "disabled"? */
static bool instance_disabled(const struct dtbind_value *node, const char *ptr)
{
	const struct dtbind_value *v = node;

	while (v && *ptr == '/') {
		char seg[512];

		ptr = next_segment(ptr, seg, sizeof(seg));
		if (v->kind == DTBIND_MAP)
			v = dtbind_value_get(v, seg);
		else if (v->kind == DTBIND_SEQ && (size_t)atol(seg) < v->u.seq.n)
			v = v->u.seq.items[atol(seg)];
		else
			v = NULL;
	}
	return v && v->kind == DTBIND_MAP && has_str(dtbind_value_get(v, "status"), "disabled");
}

static void report_errors(struct checker *c, const struct binding *b,
			  const struct dtbind_validation *res, const char *path, bool disabled)
{
	const struct dtbind_verrors *errs = dtbind_validation_errors(res);

	for (size_t i = 0; i < errs->n; i++) {
		const struct dtbind_verror *e = &errs->v[i];

		if (e->depth)
			continue;	/* printed with their head below */
		if ((disabled || instance_disabled(c->node, e->instance_path)) &&
		    only_required(errs, i)) {
			while (i + 1 < errs->n && errs->v[i + 1].depth)
				i++;
			continue;
		}
		char *node = dt_error_path(path, c->node, e->instance_path);

		if (!node)
			return;
		struct dtbind_finding f = {
			.severity = DTBIND_ERROR,
			.loc = e->loc,
			.rule = c->opts->rule,
			.message = e->message,
			.node = node,
			.schema = e->schema_path,
		};

		dtbind_diag_emit(c->diag, &f);
		c->findings++;
		for (size_t k = i + 1; k < errs->n && errs->v[k].depth; k++) {
			struct dtbind_finding n = {
				.severity = DTBIND_NOTE,
				.loc = errs->v[k].loc,
				.message = errs->v[k].message,
				.node = errs->v[k].instance_path,
				.schema = errs->v[k].schema_path,
			};

			dtbind_diag_emit(c->diag, &n);
		}
		struct dtbind_finding from = {
			.severity = DTBIND_NOTE,
			.loc = e->schema_loc.line ? e->schema_loc : (struct dtbind_loc){ .file = b->file },
			.message = "from this schema",
			.schema = b->id,
		};

		if (c->opts->show_schema)
			dtbind_diag_emit(c->diag, &from);
		free(node);
	}
}

static void check_node(struct checker *c, struct dtbind_value *node, const char *name,
		       const char *path, bool disabled)
{
	struct dtbind_dtschemas *s = c->s;
	const struct dtbind_value *compat = dtbind_value_get(node, "compatible");
	size_t n = 0;

	/* The reference skips the wrapper nodes of examples. */
	if (c->opts->examples && (dtbind_value_get(node, "example-0") || strstr(name, "example-")))
		return;
	struct dtbind_value *nn = vb_seq(c->a);

	struct dtbind_value *name_v = vb_str(c->a, name);

	if (!nn || !name_v || vb_push(c->a, nn, name_v))
		return;
	nn->loc = name_v->loc = node->loc;
	vb_set(c->a, node, "$nodename", nn);
	/* Bindings selected by compatible, through the index. */
	if (compat && compat->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < compat->u.seq.n; i++) {
			const struct dtbind_value *cs = compat->u.seq.items[i];
			const struct index_list *l;

			if (cs->kind != DTBIND_STRING ||
			    !(l = hmap_get_str(&s->by_compat, cs->u.str.ptr, cs->u.str.len)))
				continue;
			for (size_t k = 0; k < l->n; k++)
				if (!c->selected[l->v[k]]) {
					c->selected[l->v[k]] = true;
					c->order[n++] = l->v[k];
				}
		}
	} else if (compat) {
		/* Not a list: "contains" does not apply, so every such select matches. */
		for (size_t k = 0; k < s->by_compat_all.n; k++)
			if (!c->selected[s->by_compat_all.v[k]]) {
				c->selected[s->by_compat_all.v[k]] = true;
				c->order[n++] = s->by_compat_all.v[k];
			}
	}
	for (size_t k = 0; k < s->always.n; k++) {
		size_t i = s->always.v[k];
		struct binding *b = &s->b[i];

		if (c->selected[i])
			continue;
		if (b->select_true ||
		    (!binding_select(s, b) && dtbind_schema_validate(b->select, node, NULL) == 1)) {
			c->selected[i] = true;
			c->order[n++] = i;
		}
	}
	if ((c->opts->show_unmatched || c->opts->only_undocumented) && compat &&
	    compat->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < compat->u.seq.n; i++) {
			const struct dtbind_value *cs = compat->u.seq.items[i];

			/* "foo": the reference documents its test compatible, that one only. */
			if (cs->kind != DTBIND_STRING || dtbind_dtschemas_documented(s, cs->u.str.ptr) ||
			    !strcmp(cs->u.str.ptr, "foo"))
				continue;
			dtbind_diag_report(c->diag, DTBIND_WARNING, cs->loc, "undocumented-compatible",
					   "%s: compatible '%s' is not documented by any binding", path,
					   cs->u.str.ptr);
			c->findings += c->opts->only_undocumented;
		}
	}
	if (c->opts->only_undocumented) {
		for (size_t k = 0; k < n; k++)
			c->selected[c->order[k]] = false;
		return;
	}
	/* In file order, as the reference walks its schemas. */
	for (size_t k = 1; k < n; k++)
		for (size_t j = k; j > 0 && c->order[j - 1] > c->order[j]; j--) {
			size_t t = c->order[j];

			c->order[j] = c->order[j - 1];
			c->order[j - 1] = t;
		}
	if (c->opts->show_matched) {
		for (size_t k = 0; k < n; k++) {
			const struct binding *b = &s->b[c->order[k]];

			if (!b->select_true)
				dtbind_diag_report(c->diag, DTBIND_NOTE, node->loc, NULL,
						   "%s: matched by %s", path, b->id);
		}
	}
	for (size_t k = 0; k < n; k++) {
		struct binding *b = &s->b[c->order[k]];
		struct dtbind_validation *res = NULL;

		c->selected[c->order[k]] = false;
		c->node = node;
		if (c->opts->limit && !strstr(b->file, c->opts->limit))
			continue;
		if (!b->schema && dtbind_schema_set_get(s->set, b->id, &b->schema))
			continue;
		int ret = dtbind_schema_validate(b->schema, node, &res);

		if (ret == 0 || ret < 0)
			report_errors(c, b, res, path,
				      disabled || has_str(dtbind_value_get(node, "status"), "disabled"));
		dtbind_validation_free(res);
	}
}

static void check_subtree(struct checker *c, struct dtbind_value *node, const char *name,
			  const char *path, bool disabled, unsigned depth)
{
	if (!strncmp(name, "__", 2) || depth > 256)
		return;
	const struct dtbind_value *status = dtbind_value_get(node, "status");

	if (status)
		disabled = has_str(status, "disabled");
	check_node(c, node, name, path, disabled);
	for (size_t i = 0; i < node->u.map.n; i++) {
		struct dtbind_member *m = &node->u.map.members[i];
		char *cpath;

		if (m->value->kind != DTBIND_MAP)
			continue;
		if (asprintf(&cpath, "%s/%s", strcmp(path, "/") ? path : "", m->key) < 0)
			return;
		check_subtree(c, m->value, m->key, cpath, disabled, depth + 1);
		free(cpath);
	}
}

int dtbind_dtschemas_check(struct dtbind_dtschemas *s, struct dtbind_value *root,
			   const struct dtbind_check_opts *opts, struct dtbind_diag *diag,
			   unsigned *findings)
{
	struct arena a;
	struct checker c = { .s = s, .opts = opts, .diag = diag, .a = &a };

	arena_init(&a, 64 * 1024);
	c.selected = calloc(s->n + 1, sizeof(*c.selected));
	c.order = calloc(s->n + 1, sizeof(*c.order));
	if (!c.selected || !c.order) {
		free(c.selected);
		free(c.order);
		arena_release(&a);
		return -DTBIND_ENOMEM;
	}
	check_subtree(&c, root, "/", "/", false, 0);
	free(c.selected);
	free(c.order);
	arena_release(&a);
	if (findings)
		*findings = c.findings;
	return 0;
}
