// SPDX-License-Identifier: BSD-2-Clause
/*
 * schemacache.c - the compiled schema set on disk, the job of dt-mk-schema
 * done once: written after a set is built from source, mapped by later
 * runs, which decode only the bindings they use.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "dtschema-private.h"
#include "fixup.h"

/*
 * The processed set (fixed-up bindings that passed their meta-schema, the
 * type database, the compatible index) is saved so that later runs skip
 * loading, checking and fixing ~3,000 YAML files.  It is mapped, not read:
 * a run decodes only the bindings it uses (those that select its nodes and
 * what they $ref), each checked against its own checksum when decoded.
 *
 * It is valid for the content of the inputs: a manifest holds each binding
 * file's path, stat signature and content hash, and the stamps of the
 * directories listed to find them (schemamanifest.c says how they are
 * checked without listing the tree again).  A file whose signature changed
 * (or was too close to the listing to tell) is hashed again.  When every
 * file is unchanged the cache is used as it is.  When some
 * changed, were added or removed, the unchanged ones come from their
 * records (no parse, meta-schema check or fixups) and the rest from
 * source, and the set is finished and saved as a fresh one.  Another
 * dtbind program (its build-id covers the embedded schemas too), a bad
 * checksum or a malformed record means a rebuild from source, never trust.
 * A binding whose record turns out damaged later is loaded from its source
 * instead, and the cache file is removed so that the next run rebuilds it.
 * Paths are recorded with the root of the build and moved with the tree.
 *
 *   header: "DTBSCH06", u32 0x01020304, u32 header size, u64 program id,
 *           u64 time the listing of the sources began (ns), u64 set hash
 *           (of the index after the manifest: what the set holds, not the
 *           stamps it was checked by), u64 index offset, u64 index length,
 *           u64 index hash, u64 values offset, u64 values length
 *   index:  str root; u32 directories, each (str path relative to the root,
 *           "" for it, u64 mtime ns, u64 ctime ns, u64 inode, u32 the index
 *           of the one above); u32 files, each (u64 size, u64 mtime ns,
 *           u64 ctime ns, u64 inode, u64 content hash, u32 directory, u32
 *           binding + 1 or 0, u32 line and u32 col of the warning that said
 *           why it gave none, str path relative to the root, str rule and
 *           str message of that warning);
 *           u32 location names, each str;
 *           u32 bindings, each (str id, str file, u8 flags, u64 value offset,
 *           u64 value length, u64 value hash);
 *           the type database (dt_types_save: a name-sorted offset table, then
 *           the records, read lazily);
 *           u32 compatibles, each (str, u32 n, n * u32 binding);
 *           lists "always" and "compatible-indexed": u32 n, n * u32 binding;
 *           u32 documented strings, each str; u32 documented patterns, each str
 *   value:  u8 kind, u8 style, u32 file+1, u32 line, u32 col, then by kind:
 *           bool u8 | int u64 | float u64 bits | string/bytes str |
 *           seq u32 n, values | map u32 n, (str key, u32 file+1, u32 line,
 *           u32 col, value)
 */
#define CACHE_MAGIC "DTBSCH06"
#define CACHE_HEADER_SIZE 80
#define CACHE_KEEP 8		/* cache files kept in the default directory */
#define CACHE_HUGE_INDEX (1u << 20)	/* an index this large decodes into huge pages */

/*
 * A checksum over @n bytes at @p.  Fuzzing builds accept any, so that the
 * fuzzer reaches the decoder behind it (a damaged file with a good checksum
 * must be safe too).
 */
static bool checksum_ok(uint64_t want, const void *p, size_t n)
{
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	(void)want;
	(void)p;
	(void)n;
	return true;
#else
	return hash64(0, p, n) == want;
#endif
}

static int64_t ns_of(struct timespec ts)
{
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
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
uint64_t schema_cache_program(void)
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
char *schema_cache_default_path(const char *root, uint64_t program)
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

struct cache_list {
	struct cache_entry *v;
	size_t n, cap;
};

static bool is_cache_name(const char *name)
{
	return !strncmp(name, "schemas-", 8) && str_ends_with(name, ".bin");
}

/* ".schemas-*.bin.PID.N.tmp": a cache being written, by write_file_atomic(). */
static bool is_temp_name(const char *name)
{
	if (*name == '.')
		name++;
	return !strncmp(name, "schemas-", 8) && str_ends_with(name, ".tmp") && strstr(name, ".bin.");
}

/*
 * A temporary file whose writer was killed (SIGKILL, power loss) stays
 * behind: remove it once its process is gone, or after a day (the pid may
 * have been reused).  A live writer's file is left alone.
 */
static int remove_stale_temp(void *ctx, char *path, const struct stat *st)
{
	const char *pid = strstr(strrchr(path, '/') ? strrchr(path, '/') : path, ".bin.");
	long p = pid ? strtol(pid + 5, NULL, 10) : 0;
	struct timespec now;

	(void)ctx;
	clock_gettime(CLOCK_REALTIME, &now);
	if (p <= 0 || (kill((pid_t)p, 0) && errno == ESRCH) ||
	    ns_of(now) - ns_of(st->st_mtim) > 86400ll * 1000000000ll)
		unlink(path);
	free(path);
	return 0;
}

static int add_cache_file(void *ctx, char *path, const struct stat *st)
{
	struct cache_list *l = ctx;

	if (vec_reserve_one(&l->v, l->n, &l->cap, sizeof(*l->v), 16)) {
		free(path);
		return -DTBIND_ENOMEM;
	}
	l->v[l->n++] = (struct cache_entry){ path, ns_of(st->st_mtim) };
	return 0;
}

static int cmp_newest(const void *a, const void *b)
{
	int64_t x = ((const struct cache_entry *)a)->mtime, y = ((const struct cache_entry *)b)->mtime;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* Keep the most recent few: trees and programs come and go. */
void schema_cache_prune(void)
{
	char *dir = default_cache_dir();
	struct cache_list l = { 0 };

	/* A listing cut short (out of memory) may lack the newest: prune nothing then. */
	bool whole = dir && walk_tree(dir, is_cache_name, add_cache_file, &l) == 0;

	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_newest);
	for (size_t i = 0; i < l.n; i++) {
		if (whole && i >= CACHE_KEEP)
			unlink(l.v[i].path);
		free(l.v[i].path);
	}
	if (dir)
		walk_tree(dir, is_temp_name, remove_stale_temp, NULL);
	free(l.v);
	free(dir);
}

/* ---- writing ---- */

struct wbuf {
	struct strbuf sb;
	struct hmap files;		/* file name -> index + 1 */
	const char **names;
	size_t n_names, cap_names;
	const char *last_file;		/* the values of a binding share one name */
	uint32_t last_index;
};

static uint32_t file_index(struct wbuf *w, const char *file)
{
	if (!file)
		return 0;
	/* The same pointer is the same name: no hashing for each value (20 % of a write). */
	if (file == w->last_file)
		return w->last_index;
	uintptr_t i = (uintptr_t)hmap_get_str(&w->files, file, strlen(file));

	if (i) {
		w->last_file = file;
		w->last_index = (uint32_t)i;
		return (uint32_t)i;
	}
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
	w->last_file = file;
	w->last_index = (uint32_t)w->n_names;
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

static int key_cmp(const char *a, size_t al, const char *b, size_t bl)
{
	int c = memcmp(a, b, al < bl ? al : bl);

	return c ? c : (al > bl) - (al < bl);
}

static int cmp_ids(const void *a, const void *b, void *ctx)
{
	const struct binding *v = ctx;
	const char *x = v[*(const uint32_t *)a].id, *y = v[*(const uint32_t *)b].id;

	return key_cmp(x, uri_fragment_offset(x), y, uri_fragment_offset(y));
}

/* The bindings' indices sorted by $id: a reader finds one by binary search (binding_by_id). */
static int put_id_order(struct strbuf *idx, const struct dtbind_dtschemas *s)
{
	uint32_t *order = malloc((s->n + 1) * sizeof(*order));

	if (!order)
		return -DTBIND_ENOMEM;
	for (size_t i = 0; i < s->n; i++)
		order[i] = (uint32_t)i;
	qsort_r(order, s->n, sizeof(*order), cmp_ids, s->b);
	put_u32(idx, (uint32_t)s->n);
	for (size_t i = 0; i < s->n; i++)
		put_u32(idx, order[i]);
	free(order);
	return 0;
}

static int cmp_entry_keys(const void *a, const void *b)
{
	const struct hmap_entry *x = *(const struct hmap_entry *const *)a;
	const struct hmap_entry *y = *(const struct hmap_entry *const *)b;

	return key_cmp(x->key, x->key_len, y->key, y->key_len);
}

/*
 * The compatible index, sorted, with a table of offsets in front: a reader
 * finds one compatible by binary search without building the whole index.
 */
static int put_compat_table(struct strbuf *idx, const struct hmap *by_compat)
{
	const struct hmap_entry **e = malloc((by_compat->n + 1) * sizeof(*e));
	struct strbuf entries;
	size_t n = 0;

	if (!e)
		return -DTBIND_ENOMEM;
	for (size_t i = 0; i < by_compat->cap; i++)
		if (by_compat->e[i].hash)
			e[n++] = &by_compat->e[i];
	qsort(e, n, sizeof(*e), cmp_entry_keys);
	sb_init(&entries);
	put_u32(idx, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		put_u32(idx, (uint32_t)entries.len);
		put_str(&entries, e[i]->key, e[i]->key_len);
		put_list(&entries, e[i]->value);
	}
	put_u64(idx, entries.len);
	sb_putn(idx, entries.buf ? entries.buf : "", entries.len);
	free(e);
	bool oom = entries.oom || entries.len > UINT32_MAX;

	sb_free(&entries);
	return oom ? -DTBIND_ENOMEM : 0;
}

/* Which binding a file gave, if any: an unchanged file is taken from its record. */
static uint32_t binding_of_file(void *ctx, const struct source_file *f)
{
	return (uint32_t)(uintptr_t)hmap_get_str(ctx, f->path, strlen(f->path));
}

static void put_header(struct strbuf *head, uint64_t program, int64_t listed,
		       uint64_t set_hash, const struct strbuf *idx, size_t values_len)
{
	sb_putn(head, CACHE_MAGIC, 8);
	put_u32(head, 0x01020304);
	put_u32(head, CACHE_HEADER_SIZE);
	put_u64(head, program);
	put_u64(head, (uint64_t)listed);
	put_u64(head, set_hash);
	put_u64(head, CACHE_HEADER_SIZE);
	put_u64(head, idx->len);
	put_u64(head, hash64(0, idx->buf, idx->len));
	put_u64(head, CACHE_HEADER_SIZE + idx->len);
	put_u64(head, values_len);
	if (head->len != CACHE_HEADER_SIZE)
		head->oom = true;
}

int schema_cache_write(const struct dtbind_dtschemas *s, const char *path, uint64_t program,
		       const char *root, const struct source_tree *t)
{
	struct wbuf w = { 0 };
	struct strbuf idx, head;
	int ret = -DTBIND_ENOMEM;

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

	struct hmap by_file;

	hmap_init(&by_file);
	for (size_t i = 0; i < s->n; i++)
		hmap_put_str(&by_file, s->b[i].file, strlen(s->b[i].file), (void *)(uintptr_t)(i + 1));
	put_str(&idx, root ? root : "", root ? strlen(root) : 0);
	manifest_put(&idx, root, t, binding_of_file, &by_file);
	size_t manifest_end = idx.len;
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
	if (put_id_order(&idx, s))
		goto out;
	dt_types_save(s->types, &idx);
	if (put_compat_table(&idx, &s->by_compat))
		goto out;
	put_list(&idx, &s->always);
	put_list(&idx, &s->by_compat_all);
	put_u32(&idx, (uint32_t)s->documented.n);
	for (size_t i = 0; i < s->documented.cap; i++)
		if (s->documented.e[i].hash)
			put_str(&idx, s->documented.e[i].key, s->documented.e[i].key_len);
	put_u32(&idx, (uint32_t)s->n_doc_patterns);
	for (size_t i = 0; i < s->n_doc_patterns; i++)
		put_str(&idx, s->doc_pattern_text[i], strlen(s->doc_pattern_text[i]));

	put_header(&head, program, t->listed,
		   idx.oom ? 0 : hash64(0, idx.buf + manifest_end, idx.len - manifest_end), &idx,
		   w.sb.len);
	if (!head.oom && !idx.oom && !w.sb.oom) {
		const struct strbuf *parts[] = { &head, &idx, &w.sb };

		/* Written next to its place and renamed: never a half file. */
		mkdir_parents(path, 0755);
		ret = write_file_atomic(path, parts, 3, -1, 0);
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

struct cached_binding {
	const char *id, *file;
	uint8_t flags;
	const unsigned char *rec;
	size_t len;
	uint64_t hash;
};

/* The index of a cache file, read before deciding how much of it to use. */
struct cache_view {
	uint64_t program, set_hash;
	const char *then;		/* the root the paths were recorded under */
	struct manifest m;
	/* the index after the manifest, and the values: what a refresh copies */
	const unsigned char *after_manifest, *index_end, *values;
	size_t values_len;
	struct cached_binding *b;
	uint32_t n_b;
	const unsigned char *id_order;	/* see put_id_order() */
	struct reader rest;		/* types, compatible index, documented */
};

/* Where the tree was when the cache was made, and where it is now. */
struct roots {
	const char *then, *now;
	size_t then_len, now_len;
	bool moved;
};

/* Paths were recorded under the root of the build; the same tree may sit elsewhere now. */
static const char *rebase(struct dtbind_dtschemas *s, const char *name, const struct roots *r)
{
	if (!r->moved || strncmp(name, r->then, r->then_len))
		return name;
	size_t rest = strlen(name + r->then_len);
	char *p = arena_alloc(&s->arena, r->now_len + rest + 1);

	if (p) {
		memcpy(p, r->now, r->now_len);
		memcpy(p + r->now_len, name + r->then_len, rest + 1);
	}
	return p;
}

void schema_cache_unmap(struct dtbind_dtschemas *s)
{
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	free(s->map);
#else
	if (s->map)
		munmap(s->map, s->map_len);
#endif
	s->map = NULL;
	s->map_len = 0;
}

/*
 * The file's bytes for the reader: mapped, or in a fuzzing build copied to
 * the heap, where ASan sees a read past the end (in the last page of a
 * mapping it cannot) and no mapping is made and torn down per input (each
 * unmapping flushed the TLBs of the other CPUs: most of the harness's time).
 */
static void *cache_map(int fd, size_t len)
{
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	void *copy = malloc(len);

	if (copy && pread(fd, copy, len, 0) != (ssize_t)len) {
		free(copy);
		copy = NULL;
	}
	return copy ? copy : MAP_FAILED;
#else
	return mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
#endif
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
	void *map = cache_map(fd, (size_t)st.st_size);

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
	uint64_t prog = get_u64(&h), listed = get_u64(&h), set_hash = get_u64(&h);
	uint64_t ioff = get_u64(&h), ilen = get_u64(&h), ihash = get_u64(&h);
	uint64_t voff = get_u64(&h), vlen = get_u64(&h);

	if (memcmp(magic, CACHE_MAGIC, 8) || order != 0x01020304 || hsize != CACHE_HEADER_SIZE ||
	    prog != program || ioff != CACHE_HEADER_SIZE || ilen > s->map_len - ioff ||
	    voff != ioff + ilen || vlen != s->map_len - voff ||
	    !checksum_ok(ihash, base + ioff, ilen))
		return -DTBIND_EPARSE;

	/*
	 * The arrays decoded from the index below (files, bindings, names) come
	 * to about a third of it: in huge pages where it is large.
	 */
	if (ilen >= CACHE_HUGE_INDEX)
		(void)arena_reserve_huge(&s->arena, (size_t)ilen / 2);
	struct reader r = { base + ioff, base + ioff + ilen, false };
	struct roots roots = { .then = get_str(&r, NULL), .now = root ? root : "" };

	roots.then_len = strlen(roots.then);
	roots.now_len = strlen(roots.now);
	roots.moved = roots.then_len && strcmp(roots.then, roots.now);
	if (!manifest_get(&r, &s->arena, (int64_t)listed, &cv->m))
		return -DTBIND_EPARSE;
	cv->program = prog;
	cv->set_hash = set_hash;
	cv->then = roots.then;
	cv->after_manifest = r.p;
	cv->index_end = r.end;
	cv->values = base + voff;
	cv->values_len = vlen;
	s->n_names = get_u32(&r);
	if (!reader_fits(&r, s->n_names, 5) ||
	    !(s->names = arena_alloc(&s->arena, ((size_t)s->n_names + 1) * sizeof(*s->names))))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < s->n_names; i++)
		s->names[i] = rebase(s, get_str(&r, NULL), &roots);
	cv->n_b = get_u32(&r);
	if (!reader_fits(&r, cv->n_b, 35) ||
	    !(cv->b = arena_alloc(&s->arena, ((size_t)cv->n_b + 1) * sizeof(*cv->b))))
		return -DTBIND_EPARSE;
	for (uint32_t i = 0; i < cv->n_b && !r.bad; i++) {
		struct cached_binding *b = &cv->b[i];
		uint64_t off, len;

		b->id = get_str(&r, NULL);
		b->file = rebase(s, get_str(&r, NULL), &roots);
		b->flags = get_u8(&r);
		off = get_u64(&r);
		len = get_u64(&r);
		b->hash = get_u64(&r);
		if (!b->file || off > vlen || len > vlen - off)
			return -DTBIND_EPARSE;
		b->rec = base + voff + off;
		b->len = len;
	}
	if (get_u32(&r) != cv->n_b || !reader_fits(&r, cv->n_b, 4))
		return -DTBIND_EPARSE;
	cv->id_order = r.p;
	r.p += (size_t)cv->n_b * 4;
	for (uint32_t i = 0; i < cv->m.n_files; i++)
		if (cv->m.files[i].binding > cv->n_b)
			r.bad = true;
	if (r.bad)
		return -DTBIND_EPARSE;
	cv->rest = r;
	return 0;
}

/* Everything unchanged: the index as saved, each binding decoded when first used. */
static int use_whole_cache(struct dtbind_dtschemas *s, struct cache_view *cv, const char *path,
			   const char *root)
{
	struct reader *r = &cv->rest;

	/* What loading the files from source warned about, the same way: named as the walk names them. */
	for (uint32_t i = 0; i < cv->m.n_files; i++) {
		const struct cached_file *f = &cv->m.files[i];
		char *name = NULL;

		if (!*f->note_rule)
			continue;
		if (asprintf(&name, "%s%s", root ? root : ".", f->rel) < 0)
			return -DTBIND_ENOMEM;
		dtbind_diag_report(s->diag, DTBIND_WARNING,
				   (struct dtbind_loc){ .file = name, .line = f->note_line,
							.col = f->note_col },
				   f->note_rule, "%s", f->note);
		free(name);
	}

	/* In the arena, next to the index decoded (huge pages): a copy on growth. */
	size_t cap = s->n + (size_t)cv->n_b + 1;
	struct binding *all = arena_alloc(&s->arena, cap * sizeof(*s->b));

	if (!all)
		return -DTBIND_ENOMEM;
	if (s->n)
		memcpy(all, s->b, s->n * sizeof(*all));
	if (!s->b_in_arena)
		free(s->b);
	s->b = all;
	s->b_in_arena = true;
	s->cap = cap;
	/* Found by $id through the saved order, not a hash built on every run. */
	s->id_order = cv->id_order;
	s->n_id_order = cv->n_b;
	for (uint32_t i = 0; i < cv->n_b; i++) {
		const struct cached_binding *c = &cv->b[i];

		if (append_binding(s, c->id, c->file, NULL))
			return -DTBIND_ENOMEM;
		struct binding *b = &s->b[s->n - 1];

		b->rec = c->rec;
		b->rec_len = c->len;
		b->rec_hash = c->hash;
		b->eager = c->flags & BINDING_EAGER;
		b->select_true = c->flags & BINDING_SELECT_TRUE;
	}
	if (!dt_types_load(&s->types, r))
		dt_types_set_gen(s->types, s->gen);
	else
		return -DTBIND_EPARSE;
	uint32_t nc = get_u32(r);

	/* The compatible index stays in the file until a lookup: compat_bindings(). */
	if (!reader_fits(r, nc, 4))
		return -DTBIND_EPARSE;
	s->compat_table.offsets = r->p;
	r->p += (size_t)nc * 4;
	uint64_t elen = get_u64(r);

	if (r->bad || elen > (uint64_t)(r->end - r->p))
		return -DTBIND_EPARSE;
	s->compat_table.entries = r->p;
	s->compat_table.entries_len = (size_t)elen;
	s->compat_table.n = nc;
	r->p += elen;
	if (!get_list(r, &s->always, cv->n_b) || !get_list(r, &s->by_compat_all, cv->n_b))
		return -DTBIND_EPARSE;
	/* Indexed and compiled on first use: only -m and --undocumented need them. */
	s->lazy_documented = r->p;
	for (int list = 0; list < 2; list++) {
		uint32_t n = get_u32(r);

		if (!reader_fits(r, n, 5))
			return -DTBIND_EPARSE;
		for (uint32_t i = 0; i < n; i++)
			get_str(r, NULL);
	}
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

	if (!checksum_ok(hash, rec, len))
		return NULL;
	v = get_value(&vr, 0);
	return vr.r.p == vr.r.end ? v : NULL;
}

/* A binding whose file is unchanged: its record instead of parse, meta-schema check, fixups. */
static int add_cached_binding(struct dtbind_dtschemas *s, const struct cached_binding *c)
{
	const struct dtbind_value *fixed = decode_record(s, c->rec, c->len, c->hash);

	if (!fixed)
		return -DTBIND_EPARSE;
	if (id_taken(s, c->id, c->file, fixed->loc))
		return 0;
	return push_binding(s, c->id, c->file, fixed);
}

/*
 * Some files changed: those that did not come from their records, the
 * others from source, and the set is finished as a fresh one (the types,
 * the index and the selects depend on every binding).
 */
static int load_incremental(struct dtbind_dtschemas *s, const struct cache_view *cv,
			    struct source_tree *t, const uint32_t *same)
{
	int ret = 0;

	for (size_t i = 0; i < t->n && !ret; i++) {
		const struct cached_file *m = same[i] ? &cv->m.files[same[i] - 1] : NULL;

		if (m && m->binding)
			ret = add_cached_binding(s, &cv->b[m->binding - 1]);
		else
			ret = s->load_source(s, &t->files[i]);
	}
	/* The embedded core schemas belong to the program, which is the same. */
	for (uint32_t i = 0; i < cv->n_b && !ret; i++)
		if (!strncmp(cv->b[i].file, "<dtbind>/", 9))
			ret = add_cached_binding(s, &cv->b[i]);
	return ret;
}

/* Entry @i of the cache's compatible table: its key, the reader left at its list. */
static bool compat_entry(const struct dtbind_dtschemas *s, uint32_t i, struct reader *r,
			 const char **key, size_t *len)
{
	uint32_t off;

	memcpy(&off, s->compat_table.offsets + (size_t)i * 4, 4);
	if (off >= s->compat_table.entries_len)
		return false;
	*r = (struct reader){ s->compat_table.entries + off,
			      s->compat_table.entries + s->compat_table.entries_len, false };
	*key = get_str(r, len);
	return !r->bad && *key;
}

/* The list of the cache's entry at @r, in the arena (cap 0: not to be freed). */
static struct index_list *compat_list(struct dtbind_dtschemas *s, struct reader *r)
{
	uint32_t n = get_u32(r);
	struct index_list *l;

	if (!reader_fits(r, n, 4) || !(l = arena_alloc(&s->arena, sizeof(*l))) ||
	    !(l->v = arena_alloc(&s->arena, (n ? n : 1) * sizeof(*l->v))))
		return NULL;
	for (uint32_t k = 0; k < n; k++)
		if ((l->v[k] = get_u32(r)) >= s->n)
			return NULL;
	l->n = n;
	l->cap = 0;
	return l;
}

const struct index_list *compat_bindings(struct dtbind_dtschemas *s, const char *compatible,
					 size_t len)
{
	const struct index_list *found = hmap_get_str(&s->by_compat, compatible, len);
	uint32_t lo = 0, hi = s->compat_table.n;

	while (!found && lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		struct reader r;
		const char *key;
		size_t klen;
		int c;

		if (!compat_entry(s, mid, &r, &key, &klen))
			return NULL;
		if ((c = key_cmp(compatible, len, key, klen)) < 0) {
			hi = mid;
		} else if (c > 0) {
			lo = mid + 1;
		} else {
			struct index_list *l = compat_list(s, &r);

			/* Remembered under the key in the mapped file, which lives as long as @s. */
			if (l && hmap_put_str(&s->by_compat, key, klen, l))
				l = NULL;
			return l;
		}
	}
	return found;
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
	if (!doc || dtbind_schema_set_keep_doc(s->set, doc))
		return NULL;
	return fixup_schema(&s->arena, dtbind_doc_root(doc), s->gen);
}

/* The fixed-up schema of a binding, decoded from the cache on first use. */
const struct dtbind_value *binding_value(struct dtbind_dtschemas *s, size_t i)
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
const struct dtbind_value *schema_cache_loader(void *ctx, const char *uri)
{
	struct dtbind_dtschemas *s = ctx;
	size_t i = binding_by_id(s, uri);

	return i ? binding_value(s, i - 1) : NULL;
}

static uint32_t binding_recorded(void *ctx, const struct source_file *f)
{
	(void)ctx;
	return f->cached_binding;
}

/*
 * The same set with the manifest of @t, the present stamps: the index after
 * the manifest and the values are copied as they are.  The paths there are
 * under the root recorded then, which stays recorded.
 */
static int refresh_manifest(const struct cache_view *cv, const char *path, const char *root,
			    struct source_tree *t, const uint32_t *same)
{
	struct strbuf idx, head, values = { .buf = (char *)cv->values, .len = cv->values_len };
	int ret = -DTBIND_ENOMEM;

	for (size_t i = 0; i < t->n; i++) {
		const struct cached_file *r = &cv->m.files[same[i] - 1];
		struct source_file *f = &t->files[i];

		f->cached_binding = r->binding;
		snprintf(f->note_rule, sizeof(f->note_rule), "%s", r->note_rule);
		if (*r->note && !(f->note = strdup(r->note)))
			return -DTBIND_ENOMEM;
		f->note_line = r->note_line;
		f->note_col = r->note_col;
	}
	sb_init(&idx);
	sb_init(&head);
	put_str(&idx, cv->then, strlen(cv->then));
	manifest_put(&idx, root, t, binding_recorded, NULL);
	sb_putn(&idx, (const char *)cv->after_manifest, (size_t)(cv->index_end - cv->after_manifest));
	put_header(&head, cv->program, t->listed, cv->set_hash, &idx, cv->values_len);
	if (!head.oom && !idx.oom) {
		const struct strbuf *parts[] = { &head, &idx, &values };

		ret = write_file_atomic(path, parts, 3, -1, 0);
	}
	sb_free(&head);
	sb_free(&idx);
	return ret;
}

/*
 * Load @s from the cache file at @path: all of it lazily when every binding
 * file is unchanged (*@whole), else the unchanged ones from their records
 * and the rest from source.  Non-zero: not usable, @s must be reset.
 */
int schema_cache_read(struct dtbind_dtschemas *s, const char *path, uint64_t program,
		      const char *root, struct source_tree *t, bool may_write, bool *whole)
{
	struct cache_view cv;
	int ret = cache_open(s, path, program, root, &cv);
	uint32_t *same = NULL;
	bool stale = false;

	if (ret)
		return ret;
	/* The stamps alone, most of the time: no listing of the tree. */
	if (manifest_unchanged(&cv.m, root, &stale) && (!stale || !may_write)) {
		*whole = true;
		return use_whole_cache(s, &cv, path, root);
	}
	if (!t->collected)
		t->collect_ret = source_tree_collect(root, t);
	if (!(same = calloc(t->n + 1, sizeof(*same))))
		return -DTBIND_ENOMEM;
	*whole = manifest_compare(&cv.m, root, t, same, &stale);
	ret = *whole ? use_whole_cache(s, &cv, path, root) : load_incremental(s, &cv, t, same);
	/*
	 * The same content under new stamps (a checkout, a touch, an editor's
	 * swap file, or stamps too recent to trust): recorded now, once they can
	 * be trusted, so that later runs need not read again what they tell.
	 */
	if (!ret && *whole && stale && may_write && !t->collect_ret && source_tree_settled(t))
		refresh_manifest(&cv, path, root, t, same);
	free(same);
	return ret;
}

int schema_cache_read_trusted(struct dtbind_dtschemas *s, const char *path, uint64_t program,
			      const char *root)
{
	struct cache_view cv;
	int ret = cache_open(s, path, program, root, &cv);

	return ret ? ret : use_whole_cache(s, &cv, path, root);
}

int dtbind_dtschemas_file_identity(const char *path, uint64_t *id)
{
	unsigned char head[CACHE_HEADER_SIZE];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool got = fd >= 0 && read(fd, head, sizeof(head)) == (ssize_t)sizeof(head);

	if (fd >= 0)
		close(fd);
	if (fd < 0)
		return -DTBIND_EIO;
	if (!got || memcmp(head, CACHE_MAGIC, 8))
		return -DTBIND_EPARSE;
	/* The format and program (bytes 0-23) and the set hash (32-39): not the listing time. */
	*id = hash64(hash64(0, head, 24), head + 32, 8);
	return 0;
}

int dtbind_dtschemas_file_root(const char *path, char **root)
{
	unsigned char head[CACHE_HEADER_SIZE + 4];
	FILE *f = fopen(path, "rb");

	*root = NULL;
	if (!f)
		return -DTBIND_EIO;
	size_t got = fread(head, 1, sizeof(head), f);
	struct reader r = { head + 8, head + sizeof(head), false };
	uint32_t order = get_u32(&r), hsize = get_u32(&r);

	r.p = head + CACHE_HEADER_SIZE;
	uint32_t n = get_u32(&r);

	/* Any version of our header: the loader says whether it still fits. */
	if (got != sizeof(head) || memcmp(head, CACHE_MAGIC, 6) || order != 0x01020304 ||
	    hsize != CACHE_HEADER_SIZE || n > 65536) {
		fclose(f);
		return -DTBIND_EPARSE;
	}
	char *s = malloc((size_t)n + 1);

	if (!s || fread(s, 1, n, f) != n) {
		free(s);
		fclose(f);
		return s ? -DTBIND_EPARSE : -DTBIND_ENOMEM;
	}
	s[n] = '\0';
	fclose(f);
	*root = s;
	return 0;
}
