// SPDX-License-Identifier: BSD-2-Clause
/*
 * schemamanifest.c - which binding files a cached schema set was made from,
 * and whether they still are: the manifest written with the set, checked
 * by every run that uses it.
 *
 * A file's stamps (size, mtime, ctime, inode) unchanged mean its content
 * is, as in git's index; a directory's stamps unchanged mean its entries
 * are (adding, removing or renaming an entry sets the directory's mtime
 * and ctime).  So a run stats each recorded directory and each recorded
 * file by its path below the root, and lists only the directories whose
 * stamps moved: no getdents, open or close for the others, no sort, no
 * path formatting.  A stamp too close to the time the recorded listing
 * began is not trusted (git's "racy" rule): the file system's clock ticks
 * coarsely, and a change made in the same tick just after the listing
 * would leave it as it was.  Such a file is hashed again, such a directory
 * listed again.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dtschema-private.h"

/* Wider than any file system's timestamp tick (FAT's 2 s included). */
#define RACY_NS 2000000000ll

static int64_t ns_of(struct timespec ts)
{
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static struct file_stamp stamp_of(const struct stat *st)
{
	return (struct file_stamp){ (uint64_t)st->st_size, (uint64_t)ns_of(st->st_mtim),
				    (uint64_t)ns_of(st->st_ctim), (uint64_t)st->st_ino };
}

/* Stamps taken at least RACY_NS before @listed: a later change would show in them. */
static bool settled(uint64_t mtime, uint64_t ctime, int64_t listed)
{
	uint64_t last = mtime > ctime ? mtime : ctime;

	return (int64_t)last < listed - RACY_NS;
}

/* ---- listing the tree ---- */

/* The directory @path[0..@len) among those entered so far: the last one or one above it. */
static uint32_t dir_of(const struct source_tree *t, const char *path, size_t len)
{
	uint32_t i = (uint32_t)t->n_dirs - 1;

	while (strlen(t->dirs[i].path) != len || memcmp(t->dirs[i].path, path, len)) {
		if (t->dirs[i].parent == i)
			break;
		i = t->dirs[i].parent;
	}
	return i;
}

static size_t dirname_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}

static int add_dir(void *ctx, const char *path, const struct stat *st)
{
	struct source_tree *t = ctx;
	char *copy = strdup(path);

	if (!copy || vec_reserve_one(&t->dirs, t->n_dirs, &t->cap_dirs, sizeof(*t->dirs), 64)) {
		free(copy);
		return -DTBIND_ENOMEM;
	}
	uint32_t parent = t->n_dirs ? dir_of(t, path, dirname_len(path)) : 0;

	t->dirs[t->n_dirs++] = (struct source_dir){ copy, stamp_of(st), parent };
	return 0;
}

static int add_file(void *ctx, char *path, const struct stat *st)
{
	struct source_tree *t = ctx;

	if (vec_reserve_one(&t->files, t->n, &t->cap, sizeof(*t->files), 256)) {
		free(path);
		return -DTBIND_ENOMEM;
	}
	t->files[t->n++] = (struct source_file){
		.path = path,
		.st = stamp_of(st),
		.dir = dir_of(t, path, dirname_len(path)),
	};
	return 0;
}

static int cmp_source(const void *a, const void *b)
{
	return strcmp(((const struct source_file *)a)->path, ((const struct source_file *)b)->path);
}

int source_tree_collect(const char *root, struct source_tree *t)
{
	struct timespec now;

	memset(t, 0, sizeof(*t));
	/* Before the first stat: what changes after it shows in stamps newer than this. */
	clock_gettime(CLOCK_REALTIME, &now);
	t->listed = ns_of(now);
	t->collected = true;
	int ret = root ? walk_tree_path_order(root, is_binding_name, add_file, add_dir, t) : 0;
	size_t i = 1;

	/* Already in order unless the file system gave no entry types. */
	while (i < t->n && strcmp(t->files[i - 1].path, t->files[i].path) < 0)
		i++;
	if (i < t->n)
		qsort(t->files, t->n, sizeof(*t->files), cmp_source);
	return ret;
}

void source_tree_free(struct source_tree *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->files[i].path);
		free(t->files[i].note);
	}
	for (size_t i = 0; i < t->n_dirs; i++)
		free(t->dirs[i].path);
	free(t->files);
	free(t->dirs);
	memset(t, 0, sizeof(*t));
}

bool source_tree_settled(const struct source_tree *t)
{
	for (size_t i = 0; i < t->n_dirs; i++)
		if (!settled(t->dirs[i].st.mtime_ns, t->dirs[i].st.ctime_ns, t->listed))
			return false;
	for (size_t i = 0; i < t->n; i++)
		if (!settled(t->files[i].st.mtime_ns, t->files[i].st.ctime_ns, t->listed))
			return false;
	return true;
}

const char *manifest_relative(const char *root, const char *path)
{
	size_t rl = root ? strlen(root) : 0;

	return rl && !strncmp(path, root, rl) ? path + rl : path;
}

/* ---- the manifest in the cache file ---- */

void manifest_put(struct strbuf *idx, const char *root, const struct source_tree *t,
		  uint32_t (*binding_of)(void *ctx, const struct source_file *f), void *ctx)
{
	put_u32(idx, (uint32_t)t->n_dirs);
	for (size_t i = 0; i < t->n_dirs; i++) {
		const struct source_dir *d = &t->dirs[i];
		const char *rel = manifest_relative(root, d->path);

		put_str(idx, rel, strlen(rel));
		put_u64(idx, d->st.mtime_ns);
		put_u64(idx, d->st.ctime_ns);
		put_u64(idx, d->st.ino);
		put_u32(idx, d->parent);
	}
	put_u32(idx, (uint32_t)t->n);
	for (size_t i = 0; i < t->n; i++) {
		const struct source_file *f = &t->files[i];
		const char *rel = manifest_relative(root, f->path);

		/* The fixed-size fields first, read as one block (FILE_FIXED bytes). */
		put_u64(idx, f->st.size);
		put_u64(idx, f->st.mtime_ns);
		put_u64(idx, f->st.ctime_ns);
		put_u64(idx, f->st.ino);
		put_u64(idx, f->hash);
		put_u32(idx, f->dir);
		put_u32(idx, binding_of(ctx, f));
		put_u32(idx, f->note_line);
		put_u32(idx, f->note_col);
		put_str(idx, rel, strlen(rel));
		put_str(idx, f->note_rule, strlen(f->note_rule));
		put_str(idx, f->note ? f->note : "", f->note ? strlen(f->note) : 0);
	}
}

/* A file's record starts with 5 u64 and 4 u32: one bounds check for them, not nine calls. */
#define FILE_FIXED 56

static const unsigned char *take(struct reader *r, size_t n)
{
	const unsigned char *p = r->p;

	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	r->p += n;
	return p;
}

bool manifest_get(struct reader *r, struct arena *a, int64_t listed, struct manifest *m)
{
	memset(m, 0, sizeof(*m));
	m->listed = listed;
	m->n_dirs = get_u32(r);
	if (!reader_fits(r, m->n_dirs, 33) ||
	    !(m->dirs = arena_alloc(a, ((size_t)m->n_dirs + 1) * sizeof(*m->dirs))))
		return false;
	for (uint32_t i = 0; i < m->n_dirs; i++) {
		struct cached_dir *d = &m->dirs[i];

		d->rel = get_str(r, NULL);
		d->mtime = get_u64(r);
		d->ctime = get_u64(r);
		d->ino = get_u64(r);
		d->parent = get_u32(r);
		if (d->parent > i)
			r->bad = true;
	}
	m->n_files = get_u32(r);
	if (!reader_fits(r, m->n_files, 71) ||
	    !(m->files = arena_alloc(a, ((size_t)m->n_files + 1) * sizeof(*m->files))))
		return false;
	for (uint32_t i = 0; i < m->n_files && !r->bad; i++) {
		struct cached_file *f = &m->files[i];
		const unsigned char *p = take(r, FILE_FIXED);

		if (!p)
			break;
		f->size = load_u64(p);
		f->mtime = load_u64(p + 8);
		f->ctime = load_u64(p + 16);
		f->ino = load_u64(p + 24);
		f->hash = load_u64(p + 32);
		f->dir = load_u32(p + 40);
		f->binding = load_u32(p + 44);
		f->note_line = load_u32(p + 48);
		f->note_col = load_u32(p + 52);
		f->rel = get_str(r, NULL);
		f->note_rule = get_str(r, NULL);
		f->note = get_str(r, NULL);
		if (f->dir >= m->n_dirs || *f->rel != '/')
			r->bad = true;
	}
	return !r->bad;
}

/* ---- checking it ---- */

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

/* @rel ("", "/a/b") as a path relative to the root's descriptor. */
static const char *below_root(const char *rel)
{
	return *rel == '/' ? rel + 1 : *rel ? rel : ".";
}

static const char *base_name(const char *rel)
{
	const char *slash = strrchr(rel, '/');

	return slash ? slash + 1 : rel;
}

/* An entry of a directory as the walk takes it: "f" + name for a file, "d" + name for a directory. */
struct names {
	char **v;
	size_t n, cap;
};

static bool names_add(struct names *l, char kind, const char *name)
{
	char *e;

	if (vec_reserve_one(&l->v, l->n, &l->cap, sizeof(*l->v), 32) ||
	    asprintf(&e, "%c%s", kind, name) < 0)
		return false;
	l->v[l->n++] = e;
	return true;
}

static void names_free(struct names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of directory @fd that the walk keeps (walk_dir's rules), into @l. */
static bool list_entries(int fd, struct names *l)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	bool ok = d != NULL;

	if (!d)
		close(fd);
	while (ok && (de = readdir(d)) != NULL) {
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		if (de->d_type == DT_REG)
			st.st_mode = S_IFREG;
		else if (de->d_type == DT_DIR)
			st.st_mode = S_IFDIR;
		else if (fstatat(fd, de->d_name, &st, 0))
			continue;	/* a dangling link, say: the walk skips it too */
		if (S_ISDIR(st.st_mode))
			ok = names_add(l, 'd', de->d_name);
		else if (S_ISREG(st.st_mode) && is_binding_name(de->d_name))
			ok = names_add(l, 'f', de->d_name);
	}
	if (d)
		closedir(d);
	return ok;
}

/* Directory @i, whose stamps moved: are its entries still those recorded? */
static bool listing_unchanged(int root_fd, const struct manifest *m, uint32_t i)
{
	int fd = openat(root_fd, below_root(m->dirs[i].rel), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct names now = { 0 }, then = { 0 };
	bool same = fd >= 0 && list_entries(fd, &now);

	for (uint32_t k = 0; same && k < m->n_files; k++)
		if (m->files[k].dir == i)
			same = names_add(&then, 'f', base_name(m->files[k].rel));
	for (uint32_t k = i + 1; same && k < m->n_dirs; k++)
		if (m->dirs[k].parent == i)
			same = names_add(&then, 'd', base_name(m->dirs[k].rel));
	same = same && now.n == then.n;
	if (same && now.n) {	/* (qsort wants an array, even of none) */
		qsort(now.v, now.n, sizeof(*now.v), cmp_names);
		qsort(then.v, then.n, sizeof(*then.v), cmp_names);
		for (size_t k = 0; same && k < now.n; k++)
			same = !strcmp(now.v[k], then.v[k]);
	}
	names_free(&now);
	names_free(&then);
	return same;
}

/* @rel ("/a/b/c") names an entry of the directory @dir ("" or "/a/b")? */
static bool is_entry_of(const char *dir, const char *rel)
{
	size_t n = strlen(dir);

	return !strncmp(rel, dir, n) && rel[n] == '/' && !strchr(rel + n + 1, '/');
}

/*
 * The descriptors of the directories, so that each file is looked up by its
 * own name: a stat here costs as much as the rest of a one-binding run, and
 * the path walk from the root was a third of it.
 */
struct dir_fds {
	int root;
	int *fd;		/* per directory, -1 while not open */
};

/* Where @rel, an entry of directory @dir, is looked up from, and as what name. */
static int lookup_at(const struct dir_fds *fds, const struct manifest *m, uint32_t dir,
		     const char *rel, const char **name)
{
	if (dir < m->n_dirs && fds->fd[dir] >= 0 && is_entry_of(m->dirs[dir].rel, rel)) {
		*name = base_name(rel);
		return fds->fd[dir];
	}
	*name = below_root(rel);
	return fds->root;
}

static bool dir_unchanged(struct dir_fds *fds, const struct manifest *m, uint32_t i, bool *stale)
{
	const struct cached_dir *d = &m->dirs[i];
	const char *name = below_root(d->rel);
	/* from the parent, opened before it (a damaged file's parent may not be) */
	int at = d->parent < i ? lookup_at(fds, m, d->parent, d->rel, &name) : fds->root;
	struct stat st;

	fds->fd[i] = openat(at, name, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fds->fd[i] < 0 || fstat(fds->fd[i], &st) || !S_ISDIR(st.st_mode))
		return false;
	struct file_stamp now = stamp_of(&st);

	if (now.mtime_ns == d->mtime && now.ctime_ns == d->ctime && now.ino == d->ino &&
	    settled(d->mtime, d->ctime, m->listed))
		return true;
	*stale = true;
	return listing_unchanged(fds->root, m, i);
}

static bool file_unchanged(const struct dir_fds *fds, const struct manifest *m,
			   const struct cached_file *f, const char *root, bool *stale)
{
	struct stat st;
	const char *name;
	int at = lookup_at(fds, m, f->dir, f->rel, &name);
	char *path;
	uint64_t hash;

	if (fstatat(at, name, &st, 0) || !S_ISREG(st.st_mode))
		return false;
	struct file_stamp now = stamp_of(&st);

	if (now.size == f->size && now.mtime_ns == f->mtime && now.ctime_ns == f->ctime &&
	    now.ino == f->ino && settled(f->mtime, f->ctime, m->listed))
		return true;
	*stale = true;
	if (asprintf(&path, "%s%s", root, f->rel) < 0)
		return false;
	bool same = hash_file(path, &hash) && hash == f->hash;

	free(path);
	return same;
}

bool manifest_unchanged(const struct manifest *m, const char *root, bool *stale)
{
	*stale = false;
	/* Files in memory are not the tree's: the listing says what they are. */
	if (!root || !m->n_dirs || fs_overlay_active())
		return false;
	struct dir_fds fds = { open(root, O_PATH | O_DIRECTORY | O_CLOEXEC),
			       malloc(m->n_dirs * sizeof(int)) };
	bool same = fds.root >= 0 && fds.fd;
	uint32_t opened = 0;

	for (uint32_t i = 0; same && i < m->n_dirs; i++, opened++)
		same = dir_unchanged(&fds, m, i, stale);
	for (uint32_t i = 0; same && i < m->n_files; i++)
		same = file_unchanged(&fds, m, &m->files[i], root, stale);
	for (uint32_t i = 0; fds.fd && i < opened; i++)
		if (fds.fd[i] >= 0)
			close(fds.fd[i]);
	free(fds.fd);
	if (fds.root >= 0)
		close(fds.root);
	return same;
}

/* The directories of @t with the stamps @m records, all settled? */
static bool dirs_as_recorded(const struct manifest *m, const char *root,
			     const struct source_tree *t)
{
	if (t->n_dirs != m->n_dirs)
		return false;
	for (size_t i = 0; i < t->n_dirs; i++) {
		const struct source_dir *d = &t->dirs[i];
		const struct cached_dir *r = &m->dirs[i];

		if (strcmp(r->rel, manifest_relative(root, d->path)) || r->mtime != d->st.mtime_ns ||
		    r->ctime != d->st.ctime_ns || r->ino != d->st.ino ||
		    !settled(r->mtime, r->ctime, m->listed))
			return false;
	}
	return true;
}

bool manifest_compare(const struct manifest *m, const char *root, struct source_tree *t,
		      uint32_t *same, bool *stale)
{
	size_t k = 0;
	bool all = t->n == m->n_files;

	*stale = !dirs_as_recorded(m, root, t);
	for (size_t i = 0; i < t->n; i++) {
		struct source_file *f = &t->files[i];
		const char *rel = manifest_relative(root, f->path);
		int c = 1;

		same[i] = 0;
		/* Both lists are sorted: walk them side by side. */
		while (k < m->n_files && (c = strcmp(m->files[k].rel, rel)) < 0)
			k++;
		if (k == m->n_files || c) {
			all = false;
			continue;
		}
		const struct cached_file *r = &m->files[k++];

		if (r->size == f->st.size && r->mtime == f->st.mtime_ns && r->ctime == f->st.ctime_ns &&
		    r->ino == f->st.ino && settled(r->mtime, r->ctime, m->listed)) {
			f->hash = r->hash;
		} else if (!hash_file(f->path, &f->hash) || f->hash != r->hash) {
			all = false;
			continue;
		} else {
			*stale = true;
		}
		same[i] = (uint32_t)(r - m->files) + 1;
	}
	return all;
}
