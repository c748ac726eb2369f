// SPDX-License-Identifier: BSD-2-Clause
/*
 * overlay.c - files in memory over the file system.
 *
 * check (a patch series applied to a tree) and doc2yaml's self-check (its
 * results linted and example-tested) run lint and exampletest on files that
 * are not on disk.  An overlay holds them, path -> buffer, with what else a
 * symlink tree used to give: files that are gone, directories, and paths
 * that read as other paths on disk (a link to one file, or a directory
 * whose entries are another directory's).  Below its top, only what the
 * overlay holds exists.  While an overlay is in use, read_file(), fs_stat(),
 * real_path(), is_dir() and walk_tree() consult it: every file read of
 * lint, exampletest, the preprocessor and the schema set goes through them.
 *
 * The overlay in use is the one piece of process state here: the readers
 * sit deep below the tools (a cpp #include, a $ref'd schema), and passing
 * it down every call chain would touch most of the library for two users.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dtbind.h"
#include "internal.h"

enum ov_kind {
	OV_FILE,	/* @buf */
	OV_GONE,	/* absent, whatever the disk says */
	OV_DIR,		/* a directory: the overlay's entries below it, and the disk's under it */
	OV_LINK,	/* reads as @target and below it, as a symlink does */
	OV_MIRROR,	/* a directory whose entries are links to @target's entries */
};

struct ov_entry {
	char *path;
	enum ov_kind kind;
	char *buf, *target;
	size_t len;
	struct ov_entry *next;		/* the next entry in the same directory */
};

/* The entries directly in one directory, in the order they came. */
struct ov_dir {
	struct ov_entry *first, *last;
};

struct fs_overlay {
	struct arena a;
	struct hmap by_path;		/* normalized path -> struct ov_entry */
	/* Directory path ("" for the root) -> struct ov_dir: a listing is no scan of them all. */
	struct hmap by_dir;
	char *top;			/* below it, only the overlay's entries; NULL: none */
	size_t top_len;
};

static struct fs_overlay *in_use;

/* @path made absolute, with "//", "." and ".." folded lexically (malloc'd), or NULL. */
char *fs_norm_path(const char *path)
{
	char *cwd = NULL, *out;
	size_t n = 0;

	if (path[0] != '/' && !(cwd = getcwd(NULL, 0)))
		return NULL;
	size_t cap = (cwd ? strlen(cwd) : 0) + strlen(path) + 3;

	out = malloc(cap);
	if (!out) {
		free(cwd);
		return NULL;
	}
	for (int part = cwd ? 0 : 1; part < 2; part++) {
		const char *s = part ? path : cwd;

		while (*s) {
			size_t l = strcspn(s, "/");

			if ((l == 1 && s[0] == '.') || !l) {
				/* nothing */
			} else if (l == 2 && s[0] == '.' && s[1] == '.') {
				while (n && out[n - 1] != '/')
					n--;
				if (n)
					n--;
			} else {
				out[n++] = '/';
				memcpy(out + n, s, l);
				n += l;
			}
			s += l;
			while (*s == '/')
				s++;
		}
	}
	if (!n)
		out[n++] = '/';
	out[n] = '\0';
	free(cwd);
	return out;
}

struct fs_overlay *fs_overlay_new(const char *top)
{
	struct fs_overlay *o = calloc(1, sizeof(*o));

	if (!o)
		return NULL;
	arena_init(&o->a, 16 * 1024);
	hmap_init(&o->by_path);
	hmap_init(&o->by_dir);
	if (top) {
		char *t = fs_norm_path(top);

		o->top = t ? arena_strdup(&o->a, t) : NULL;
		free(t);
		if (!o->top || fs_overlay_mkdir(o, o->top)) {
			fs_overlay_free(o);
			return NULL;
		}
		o->top_len = strlen(o->top);
	}
	return o;
}

void fs_overlay_free(struct fs_overlay *o)
{
	if (!o)
		return;
	if (in_use == o)
		in_use = NULL;
	hmap_free(&o->by_path);
	hmap_free(&o->by_dir);
	arena_release(&o->a);
	free(o);
}

struct fs_overlay *fs_overlay_use(struct fs_overlay *o)
{
	struct fs_overlay *was = in_use;

	in_use = o;
	return was;
}

static bool below(const char *path, const char *dir, size_t dl)
{
	return !strncmp(path, dir, dl) && (path[dl] == '/' || (dl == 1 && dir[0] == '/'));
}

static struct ov_entry *find(const struct fs_overlay *o, const char *path, size_t len)
{
	return hmap_get_str(&o->by_path, path, len);
}

/* New entry @e (its path normalized) listed in its directory. */
static int add_child(struct fs_overlay *o, struct ov_entry *e)
{
	size_t dl = (size_t)(strrchr(e->path, '/') - e->path);
	struct ov_dir *d = hmap_get_str(&o->by_dir, e->path, dl);

	if (!d) {
		if (!(d = arena_alloc(&o->a, sizeof(*d))) ||
		    hmap_put_str(&o->by_dir, e->path, dl, d))
			return -DTBIND_ENOMEM;
		d->first = d->last = NULL;
	}
	e->next = NULL;
	if (d->last)
		d->last->next = e;
	else
		d->first = e;
	d->last = e;
	return 0;
}

/* The entry for normalized @path, made or replaced as @kind. */
static struct ov_entry *put(struct fs_overlay *o, const char *path, enum ov_kind kind)
{
	size_t len = strlen(path);
	struct ov_entry *e = find(o, path, len);

	if (!e) {
		if (!(e = arena_alloc(&o->a, sizeof(*e))) || !(e->path = arena_strdup(&o->a, path)) ||
		    hmap_put_str(&o->by_path, e->path, len, e) || add_child(o, e))
			return NULL;
	}
	e->kind = kind;
	return e;
}

/* The directories above @path, down to the top or the root, exist. */
static int put_parents(struct fs_overlay *o, const char *path)
{
	char *p = arena_strdup(&o->a, path), *slash;

	if (!p)
		return -DTBIND_ENOMEM;
	while ((slash = strrchr(p, '/')) && slash != p) {
		*slash = '\0';
		if (find(o, p, strlen(p)))
			break;
		if (!put(o, p, OV_DIR))
			return -DTBIND_ENOMEM;
		if (o->top && !strcmp(p, o->top))
			break;
	}
	return 0;
}

static struct ov_entry *add(struct fs_overlay *o, const char *path, enum ov_kind kind,
			    const char *target)
{
	char *norm = fs_norm_path(path), *t = target ? fs_norm_path(target) : NULL;
	struct ov_entry *e = NULL;

	if (norm && (!target || t) && !put_parents(o, norm) && (e = put(o, norm, kind)) && t &&
	    !(e->target = arena_strdup(&o->a, t)))
		e = NULL;
	free(norm);
	free(t);
	return e;
}

int fs_overlay_put(struct fs_overlay *o, const char *path, const char *buf, size_t len)
{
	struct ov_entry *e = add(o, path, OV_FILE, NULL);

	if (!e || !(e->buf = arena_alloc(&o->a, len + 1)))
		return -DTBIND_ENOMEM;
	memcpy(e->buf, buf, len);
	e->len = len;
	return 0;
}

int fs_overlay_remove(struct fs_overlay *o, const char *path)
{
	return add(o, path, OV_GONE, NULL) ? 0 : -DTBIND_ENOMEM;
}

int fs_overlay_mkdir(struct fs_overlay *o, const char *path)
{
	return add(o, path, OV_DIR, NULL) ? 0 : -DTBIND_ENOMEM;
}

int fs_overlay_link(struct fs_overlay *o, const char *path, const char *target)
{
	return add(o, path, OV_LINK, target) ? 0 : -DTBIND_ENOMEM;
}

int fs_overlay_mirror(struct fs_overlay *o, const char *dir, const char *target)
{
	return add(o, dir, OV_MIRROR, target) ? 0 : -DTBIND_ENOMEM;
}

/* What a path is, seen through the overlay. */
enum ov_res {
	R_DISK,		/* the disk's, at @disk */
	R_FILE,		/* the overlay's file @e */
	R_GONE,
	R_DIR,		/* the overlay's directory, over @disk when that is set */
};

struct resolved {
	enum ov_res res;
	const struct ov_entry *e;
	char *disk;		/* malloc'd */
	bool linked;		/* @disk is reached through a link: a real path resolves it */
};

/* Where @norm is on disk when not below the top: through a link or mirror above it, or itself. */
static void disk_of(const struct fs_overlay *o, const char *norm, struct resolved *r)
{
	size_t len = strlen(norm);

	for (size_t l = len; l > 0; l--) {
		if (l < len && norm[l] != '/')
			continue;
		const struct ov_entry *e = find(o, norm, l);

		if (!e || e->kind == OV_DIR)
			continue;
		if (e->kind == OV_LINK || (e->kind == OV_MIRROR && l < len)) {
			if (asprintf(&r->disk, "%s%s", e->target, norm + l) < 0)
				r->disk = NULL;
			r->linked = true;
		} else if (e->kind == OV_MIRROR) {
			r->disk = strdup(e->target);
		}
		/* below a file or a removed path: nothing */
		return;
	}
	if (!o->top || (!below(norm, o->top, o->top_len) && strcmp(norm, o->top)))
		r->disk = strdup(norm);
}

static struct resolved resolve(const struct fs_overlay *o, const char *path)
{
	struct resolved r = { R_DISK, NULL, NULL, false };
	char *norm = fs_norm_path(path);

	if (!norm) {
		r.res = R_GONE;
		return r;
	}
	r.e = find(o, norm, strlen(norm));
	if (r.e && r.e->kind == OV_FILE) {
		r.res = R_FILE;
	} else if (r.e && r.e->kind == OV_GONE) {
		r.res = R_GONE;
	} else {
		disk_of(o, norm, &r);
		if (r.e && (r.e->kind == OV_DIR || r.e->kind == OV_MIRROR))
			r.res = R_DIR;
		else if (!r.disk)
			r.res = R_GONE;
	}
	free(norm);
	return r;
}

bool fs_overlay_active(void)
{
	return in_use != NULL;
}

int fs_stat(const char *path, struct stat *st)
{
	if (!in_use)
		return stat(path, st);
	struct resolved r = resolve(in_use, path);
	int ret = 0;

	memset(st, 0, sizeof(*st));
	switch (r.res) {
	case R_DISK:
		ret = stat(r.linked ? r.disk : path, st);
		break;
	case R_FILE:
		st->st_mode = S_IFREG | 0644;
		st->st_size = (off_t)r.e->len;
		st->st_nlink = 1;
		break;
	case R_DIR:
		st->st_mode = S_IFDIR | 0755;
		st->st_nlink = 2;
		break;
	case R_GONE:
		errno = ENOENT;
		ret = -1;
		break;
	}
	free(r.disk);
	return ret;
}

char *real_path(const char *path)
{
	if (!in_use)
		return realpath(path, NULL);
	struct resolved r = resolve(in_use, path);
	char *out = NULL;

	if (r.res == R_DISK)
		out = realpath(r.linked ? r.disk : path, NULL);
	else if (r.res != R_GONE)
		out = fs_norm_path(path);
	else
		errno = ENOENT;
	free(r.disk);
	return out;
}

/*
 * The overlay's answer for reading @path: 1 with *@buf (malloc'd) when it
 * has the file, 0 with *@disk (malloc'd, NULL: @path itself) for the disk,
 * negative (errno set) when there is nothing to read.
 */
int fs_overlay_read(const char *path, char **buf, size_t *len, char **disk)
{
	*disk = NULL;
	if (!in_use)
		return 0;
	struct resolved r = resolve(in_use, path);

	switch (r.res) {
	case R_FILE:
		*buf = malloc(r.e->len + 1);
		if (!*buf)
			return -DTBIND_ENOMEM;
		memcpy(*buf, r.e->buf, r.e->len);
		(*buf)[r.e->len] = '\0';
		*len = r.e->len;
		return 1;
	case R_DIR:
		free(r.disk);
		errno = EISDIR;
		return -DTBIND_EIO;
	case R_GONE:
		errno = ENOENT;
		return -DTBIND_EIO;
	case R_DISK:
		break;
	}
	if (r.linked)
		*disk = r.disk;
	else
		free(r.disk);
	return 0;
}

/*
 * The overlay's view of directory @dir for a walk: 1 with *@disk (the
 * directory on disk whose entries show, or NULL) when the overlay has a say,
 * 0 when the disk's @dir is all there is, negative when it does not exist.
 */
int fs_overlay_dir(const char *dir, char **disk)
{
	*disk = NULL;
	if (!in_use)
		return 0;
	struct resolved r = resolve(in_use, dir);

	if (r.res == R_GONE || r.res == R_FILE) {
		free(r.disk);
		return -DTBIND_EIO;
	}
	*disk = r.disk;
	return 1;
}

/* The names the overlay has directly in @dir (some may be gone): @fn(ctx, name). */
int fs_overlay_children(const char *dir, int (*fn)(void *ctx, const char *name), void *ctx)
{
	char *norm = in_use ? fs_norm_path(dir) : NULL;
	int ret = 0;

	if (!norm)
		return in_use ? -DTBIND_ENOMEM : 0;
	size_t dl = strlen(norm);
	const struct ov_dir *d = hmap_get_str(&in_use->by_dir, norm, dl == 1 ? 0 : dl);

	for (const struct ov_entry *e = d ? d->first : NULL; e && !ret; e = e->next)
		ret = fn(ctx, e->path + (dl == 1 ? 0 : dl) + 1);
	free(norm);
	return ret;
}
