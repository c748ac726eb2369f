// SPDX-License-Identifier: BSD-2-Clause
/*
 * checkpatch.c - dtbind check: the pre-submission checks of a patch series.
 *
 *  1. checkpatch.pl's devicetree rules (kernel 6.12), under their own names,
 *     at the patch lines: DT_SPLIT_BINDING_PATCH, DT_SCHEMA_BINDING_PATCH,
 *     UNDOCUMENTED_DT_STRING, SPDX_LICENSE_TAG.
 *  2. Every binding file the series adds or changes, rebuilt in memory
 *     (new files from the patches alone, changed ones on top of the tree),
 *     written into a temporary tree that mirrors the kernel's (symlinks to
 *     the real files, the series' versions on top) so that $id, $ref and
 *     #include resolve as in the kernel, then linted and example-tested in
 *     process.  Each finding is reported at the file's own line and column,
 *     followed by a note at the patch line that added that line.
 *
 * lint and exampletest report to a private collect sink; its findings (as
 * structured records) have their locations mapped from the temporary tree to the
 * repository paths, and emitted on the user's sink (which applies -W,
 * -Werror, --max-errors and the format).  Findings about files the series
 * does not touch (the tree's own schemas) are dropped.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exampletest/exampletest.h"
#include "lint.h"
#include "patch.h"

#define BINDINGS "Documentation/devicetree/bindings/"
#define BINDINGS_DIR "Documentation/devicetree/bindings"
#define DT_HEADERS "include/dt-bindings/"
#define MAX_READ DTBIND_MAX_FILE_SIZE

/* A file of the series whose content is followed: bindings and dt-bindings headers. */
struct tracked {
	const char *path;		/* repository path, at the end of the series */
	const char *base_path;		/* where its base came from in the tree, or NULL */
	struct dtbind_text text;
	bool exists;			/* false once deleted */
	bool known;			/* text holds the content */
	bool failed;			/* a patch did not apply (reported) */
	bool changed;			/* the series changes it */
	const struct dtbind_patch *last_patch;
	const struct dtbind_patch_file *last_file;
	/* created by the series but in the tree already (buffer in ctx->bufs) */
	const char *tree_buf;
	size_t tree_len;
	const struct dtbind_patch *add_patch;
	const struct dtbind_patch_file *add_file;
};

struct disk_cache {
	char *path;
	char *buf;
	size_t len;
	bool ok;
	unsigned age;
};

struct corpus_file {
	char *path;
	char *buf;
	size_t len;
};

struct ctx {
	struct dtbind_diag *diag;
	const struct dtbind_series_opts *o;
	const struct dtbind_patch_series *s;
	struct arena arena;
	struct tracked *files;
	size_t n_files, cap_files;
	struct hmap by_path;		/* path -> index + 1 */
	char **bufs;			/* base file buffers the texts point into */
	size_t n_bufs, cap_bufs;
	char *tree;			/* realpath of opts->tree, or NULL */
	char *tmp;			/* realpath of the temporary tree, or NULL */
	char *root;			/* tmp/Documentation/devicetree/bindings */
	struct hmap made;		/* directories of tmp already made real */
	/* lint and exampletest write here (JSON Lines) */
	struct dtbind_diag *inner;
	bool keep;			/* the last inner finding was kept: keep its notes */
	struct dtbind_finding pending;	/* the patch note of that finding */
	char *pending_msg;
	bool has_pending;
	bool pending_source;
	struct disk_cache disk[4];
	unsigned disk_clock;
	struct corpus_file *corpus;
	size_t n_corpus;
	bool corpus_loaded;
	bool no_tree_noted;
	bool applied_noted;
};

/* ---- small helpers ---------------------------------------------------- */

static bool has_prefix(const char *s, const char *p)
{
	return s && !strncmp(s, p, strlen(p));
}

static bool tracked_path(const char *p)
{
	return has_prefix(p, BINDINGS) || has_prefix(p, DT_HEADERS);
}

static bool binding_yaml(const char *p)
{
	return has_prefix(p, BINDINGS) && str_ends_with(p, ".yaml");
}

static const char *subject_of(const struct dtbind_patch *p)
{
	return p->subject && *p->subject ? p->subject : NULL;
}

static void report(struct ctx *c, const char *rule, struct dtbind_loc loc, const char *fmt, ...)
	DTBIND_PRINTF(4, 5);
static void report(struct ctx *c, const char *rule, struct dtbind_loc loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dtbind_diag_vreport(c->diag, dtbind_rule_severity(rule, DTBIND_ERROR), loc, rule, fmt, ap);
	va_end(ap);
}

/* Line @line of @path on disk, or NULL (a few files cached). */
static const char *disk_line(struct ctx *c, const char *path, uint32_t line, size_t *len)
{
	struct disk_cache *d = NULL, *oldest = &c->disk[0];

	for (size_t i = 0; i < ARRAY_SIZE(c->disk); i++) {
		if (c->disk[i].path && !strcmp(c->disk[i].path, path))
			d = &c->disk[i];
		if (c->disk[i].age < oldest->age)
			oldest = &c->disk[i];
	}
	if (!d) {
		d = oldest;
		free(d->path);
		free(d->buf);
		d->buf = NULL;
		d->path = strdup(path);
		d->ok = d->path && read_file(path, MAX_READ, &d->buf, &d->len) == 0;
	}
	d->age = ++c->disk_clock;
	if (!d->ok || !line)
		return NULL;
	return text_line(d->buf, d->len, line, len);
}

/* Is line @line of @path on disk exactly @prefix + @text?  (Then the sink may quote it.) */
static bool disk_matches(struct ctx *c, const char *path, uint32_t line, char prefix,
			 const char *text, size_t tlen)
{
	size_t len;
	const char *l = path ? disk_line(c, path, line, &len) : NULL;
	size_t skip = prefix ? 1 : 0;

	return l && len == tlen + skip && (!prefix || l[0] == prefix) &&
	       !memcmp(l + skip, text, tlen);
}

static void emit(struct ctx *c, const struct dtbind_finding *f, bool source_ok)
{
	dtbind_diag_set_show_source(c->diag, c->o->show_source && source_ok);
	dtbind_diag_emit(c->diag, f);
	dtbind_diag_set_show_source(c->diag, c->o->show_source);
}

static void note(struct ctx *c, struct dtbind_loc loc, bool source_ok, const char *fmt, ...)
	DTBIND_PRINTF(4, 5);
static void note(struct ctx *c, struct dtbind_loc loc, bool source_ok, const char *fmt, ...)
{
	va_list ap;

	dtbind_diag_set_show_source(c->diag, c->o->show_source && source_ok);
	va_start(ap, fmt);
	dtbind_diag_vreport(c->diag, DTBIND_NOTE, loc, NULL, fmt, ap);
	va_end(ap);
	dtbind_diag_set_show_source(c->diag, c->o->show_source);
}

/* ---- the state of the files at the end of the series ------------------ */

static struct tracked *lookup(struct ctx *c, const char *path)
{
	uintptr_t i = path ? (uintptr_t)hmap_get_str(&c->by_path, path, strlen(path)) : 0;

	return i ? &c->files[i - 1] : NULL;
}

static struct tracked *get(struct ctx *c, const char *path)
{
	struct tracked *t = lookup(c, path);

	if (t)
		return t;
	if (c->n_files == c->cap_files) {
		size_t cap = c->cap_files ? c->cap_files * 2 : 16;
		struct tracked *nf = realloc(c->files, cap * sizeof(*nf));

		if (!nf)
			return NULL;
		c->files = nf;
		c->cap_files = cap;	/* the index holds positions: still right */
	}
	t = &c->files[c->n_files];
	memset(t, 0, sizeof(*t));
	t->path = arena_strdup(&c->arena, path);
	if (!t->path || hmap_put_str(&c->by_path, t->path, strlen(t->path),
				     (void *)(uintptr_t)(c->n_files + 1)))
		return NULL;
	c->n_files++;
	return t;
}

static bool can_read_base(struct ctx *c)
{
	return c->o->read_base || c->tree;
}

/* The preimage of @path: 0, -DTBIND_ENOTFOUND (not in the tree) or another error. */
static int read_base(struct ctx *c, const char *path, char **buf, size_t *len)
{
	if (c->o->read_base)
		return c->o->read_base(c->o->user, path, buf, len);
	char *full;

	if (asprintf(&full, "%s/%s", c->tree, path) < 0)
		return -DTBIND_ENOMEM;
	struct stat st;
	int ret = stat(full, &st) ? -DTBIND_ENOTFOUND : read_file(full, MAX_READ, buf, len);

	free(full);
	return ret;
}

static int keep_buf(struct ctx *c, char *buf)
{
	if (vec_reserve_one(&c->bufs, c->n_bufs, &c->cap_bufs, sizeof(*c->bufs), 16)) {
		free(buf);
		return -DTBIND_ENOMEM;
	}
	c->bufs[c->n_bufs++] = buf;
	return 0;
}

/*
 * The entry for @path with its tree content loaded, or NULL with *err set
 * (reported when @report_at is set and the file is one we must check).
 */
static struct tracked *load_base(struct ctx *c, const struct dtbind_patch *p,
				 const struct dtbind_patch_file *f, const char *path, int *err)
{
	struct tracked *t = lookup(c, path);
	char *buf = NULL;
	size_t len = 0;
	int ret;

	*err = 0;
	if (t)
		return t;
	if (!(t = get(c, path))) {
		*err = -DTBIND_ENOMEM;
		return NULL;
	}
	t->exists = true;
	t->base_path = t->path;
	if (!can_read_base(c)) {
		/* Only the files we lint need their old content; the rest stay unknown. */
		if (binding_yaml(path) && f->op != DTBIND_PATCH_DELETE) {
			report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
			       "'%s' exists before this patch: give the kernel tree the series "
			       "applies to (--tree DIR) to check it", path);
			t->failed = true;
		}
		return t;
	}
	ret = read_base(c, path, &buf, &len);
	if (ret == -DTBIND_ENOMEM) {
		*err = ret;
		return NULL;
	}
	if (ret) {
		/* A deletion changes nothing we check (and the tree may have it done already). */
		if (f->op == DTBIND_PATCH_DELETE)
			note(c, (struct dtbind_loc){ p->input, f->at, 1 }, true,
			     "'%s' is not in the tree (deleted already?)", path);
		else
			report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
			       "the patch does not apply: '%s' is not in the tree", path);
		t->failed = true;
		t->exists = false;
		return t;
	}
	if ((ret = keep_buf(c, buf)) || (ret = dtbind_text_from_buffer(&t->text, buf, len))) {
		*err = ret;
		return NULL;
	}
	t->known = true;
	return t;
}

static bool in_tree(struct ctx *c, const char *path)
{
	char *buf = NULL;
	size_t len;
	bool there = can_read_base(c) && read_base(c, path, &buf, &len) == 0;

	free(buf);
	return there;
}

static void add_conflict(struct ctx *c, const struct dtbind_patch *p,
			 const struct dtbind_patch_file *f);

/* Once: the tree has the series applied already (checkpatch's usual setting). */
static void applied_note(struct ctx *c, const struct dtbind_patch *p,
			 const struct dtbind_patch_file *f)
{
	if (c->applied_noted)
		return;
	c->applied_noted = true;
	note(c, (struct dtbind_loc){ p->input, f->at, 1 }, true,
	     "the tree has this patch applied already: its files are checked as they are there");
}

/* A file the patch creates: from the patch alone (the tree may have it already). */
static int add_file(struct ctx *c, const struct dtbind_patch *p, const struct dtbind_patch_file *f,
		    struct tracked **out)
{
	struct tracked *prev = lookup(c, f->new_path), *t;
	char *buf = NULL, *mine;
	size_t len = 0, mine_len;
	bool there = prev && prev->exists;
	int ret;

	if (!prev && can_read_base(c) && read_base(c, f->new_path, &buf, &len) == 0)
		there = true;
	if (!(t = *out = get(c, f->new_path))) {
		free(buf);
		return -DTBIND_ENOMEM;
	}
	dtbind_text_free(&t->text);
	t->base_path = NULL;
	t->tree_buf = NULL;
	t->exists = t->known = t->changed = true;
	t->failed = f->broken;	/* the parser said why */
	t->last_patch = p;
	t->last_file = f;
	ret = f->broken ? 0 : dtbind_patch_apply(p, f, &t->text, t->path, c->diag);
	if (ret == -DTBIND_ENOMEM) {
		free(buf);
		return ret;
	}
	t->failed = t->failed || ret;
	if (there && buf && !t->failed && (mine = dtbind_text_join(&t->text, &mine_len))) {
		there = mine_len != len || memcmp(mine, buf, len);
		if (!there)
			applied_note(c, p, f);
		free(mine);
	}
	if (there && buf && !t->failed) {
		/* Later patches may change it into what the tree has: judged at the end. */
		t->tree_buf = buf;
		t->tree_len = len;
		t->add_patch = p;
		t->add_file = f;
		return keep_buf(c, buf);
	}
	free(buf);
	if (there)
		add_conflict(c, p, f);
	return 0;
}

static void add_conflict(struct ctx *c, const struct dtbind_patch *p,
			 const struct dtbind_patch_file *f)
{
	report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
	       "the patch does not apply: it creates '%s', which exists already; "
	       "checking the patch's version", f->new_path);
}

/* Files the series creates that the tree has: is it the series' end result? */
static void judge_added(struct ctx *c)
{
	for (size_t i = 0; i < c->n_files; i++) {
		struct tracked *t = &c->files[i];
		size_t len;
		char *mine;

		if (!t->tree_buf)
			continue;
		mine = t->exists && t->known ? dtbind_text_join(&t->text, &len) : NULL;
		if (mine && len == t->tree_len && !memcmp(mine, t->tree_buf, len))
			applied_note(c, t->add_patch, t->add_file);
		else
			add_conflict(c, t->add_patch, t->add_file);
		free(mine);
	}
}

static int build_state(struct ctx *c)
{
	for (size_t i = 0; i < c->s->n; i++) {
		const struct dtbind_patch *p = &c->s->patches[i];

		for (size_t k = 0; k < p->n_files; k++) {
			const struct dtbind_patch_file *f = &p->files[k];
			const char *from = f->old_path, *to = f->new_path;
			struct tracked *t = NULL;
			int err = 0;

			if (!tracked_path(from) && !tracked_path(to))
				continue;
			if (f->op == DTBIND_PATCH_ADD && !to)
				continue;	/* "new file" to /dev/null: nothing to follow */
			if (f->op == DTBIND_PATCH_ADD) {
				int ret = add_file(c, p, f, &t);

				if (ret)
					return ret;
				continue;
			} else {
				const char *base = from ? from : to;

				/* A rename in a tree that has it already: start from the new name. */
				if ((f->op == DTBIND_PATCH_RENAME || f->op == DTBIND_PATCH_COPY) &&
				    to && !lookup(c, base) && !in_tree(c, base) && in_tree(c, to))
					base = to;
				struct tracked *src = load_base(c, p, f, base, &err);

				if (err)
					return err;
				if (!src->exists) {
					if (src->failed)
						continue;	/* reported: not in the tree */
					report(c, "patch-apply",
					       (struct dtbind_loc){ p->input, f->at, 1 },
					       "the patch does not apply: an earlier patch "
					       "deleted '%s'", from ? from : to);
					continue;
				}
				if (f->op == DTBIND_PATCH_DELETE) {
					src->exists = false;
					src->changed = true;
					src->last_patch = p;
					src->last_file = f;
					continue;
				}
				t = src;
				if ((f->op == DTBIND_PATCH_RENAME || f->op == DTBIND_PATCH_COPY) &&
				    to && strcmp(to, src->path)) {
					if (!(t = get(c, to)))
						return -DTBIND_ENOMEM;
					src = lookup(c, from ? from : to); /* get() may move the array */
					dtbind_text_free(&t->text);
					t->exists = true;
					t->known = src->known;
					t->failed = src->failed;
					t->base_path = src->base_path;
					if (src->known && src->text.n) {
						t->text.lines = malloc(src->text.n *
								       sizeof(*t->text.lines));
						if (!t->text.lines)
							return -DTBIND_ENOMEM;
						memcpy(t->text.lines, src->text.lines,
						       src->text.n * sizeof(*t->text.lines));
					}
					t->text.n = src->known ? src->text.n : 0;
					t->text.no_eol = src->text.no_eol;
					if (f->op == DTBIND_PATCH_RENAME) {
						src->exists = false;
						src->changed = true;
					}
				}
			}
			t->changed = true;
			t->last_patch = p;
			t->last_file = f;
			if (f->broken) {
				t->failed = true;	/* reported by the parser */
				continue;
			}
			if (t->failed || !t->known)
				continue;
			int ret = dtbind_patch_apply(p, f, &t->text, t->path, c->diag);

			if (ret == -DTBIND_ENOMEM)
				return ret;
			if (ret == 1)
				applied_note(c, p, f);
			else if (ret)
				t->failed = true;
		}
	}
	judge_added(c);
	return 0;
}

/* ---- the temporary tree ------------------------------------------------ */

/* Directories below these mirror the tree's entries (symlinks); above, they are bare. */
static bool mirrored(const char *rel)
{
	return has_prefix(rel, BINDINGS_DIR) || has_prefix(rel, "include/dt-bindings");
}

/* Make tmp/@rel a real directory (mirroring the tree's entries where it should). */
static int make_dir(struct ctx *c, const char *rel)
{
	char *full = NULL, *parent;
	struct stat st;
	int ret = 0;

	if (!*rel || hmap_get_str(&c->made, rel, strlen(rel)))
		return 0;
	parent = strdup(rel);
	if (!parent)
		return -DTBIND_ENOMEM;
	char *slash = strrchr(parent, '/');

	if (slash) {
		*slash = '\0';
		ret = make_dir(c, parent);
	}
	free(parent);
	if (ret)
		return ret;
	if (asprintf(&full, "%s/%s", c->tmp, rel) < 0)
		return -DTBIND_ENOMEM;
	if (!lstat(full, &st) && S_ISLNK(st.st_mode))
		unlink(full);
	if (mkdir(full, 0700) && errno != EEXIST) {
		free(full);
		return -DTBIND_EIO;
	}
	if (c->tree && mirrored(rel)) {
		char *src;
		DIR *d;

		if (asprintf(&src, "%s/%s", c->tree, rel) < 0) {
			free(full);
			return -DTBIND_ENOMEM;
		}
		if ((d = opendir(src)) != NULL) {
			struct dirent *de;

			while ((de = readdir(d)) != NULL) {
				char *from, *to;

				if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
					continue;
				if (asprintf(&from, "%s/%s", src, de->d_name) < 0)
					continue;
				if (asprintf(&to, "%s/%s", full, de->d_name) >= 0) {
					if (lstat(to, &st))
						(void)!symlink(from, to);
					free(to);
				}
				free(from);
			}
			closedir(d);
		}
		free(src);
	}
	free(full);
	char *key = arena_strdup(&c->arena, rel);

	return key && !hmap_put_str(&c->made, key, strlen(key), key) ? 0 : -DTBIND_ENOMEM;
}

static int dir_of(struct ctx *c, const char *rel)
{
	char *d = strdup(rel), *slash;
	int ret;

	if (!d)
		return -DTBIND_ENOMEM;
	slash = strrchr(d, '/');
	if (slash)
		*slash = '\0';
	ret = slash ? make_dir(c, d) : 0;
	free(d);
	return ret;
}

static int write_text(const char *full, const struct dtbind_text *t)
{
	size_t len;
	char *buf = dtbind_text_join(t, &len);
	int fd, ret = 0;

	if (!buf)
		return -DTBIND_ENOMEM;
	unlink(full);
	fd = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		ret = -DTBIND_EIO;
	if (fd >= 0 && close(fd))
		ret = -DTBIND_EIO;
	free(buf);
	return ret;
}

static int make_tmp_tree(struct ctx *c)
{
	const char *base = getenv("TMPDIR");
	char *tmpl;
	int ret;

	if (asprintf(&tmpl, "%s/dtbind-check-XXXXXX", base && *base ? base : "/tmp") < 0)
		return -DTBIND_ENOMEM;
	if (!mkdtemp(tmpl)) {
		free(tmpl);
		return -DTBIND_EIO;
	}
	c->tmp = realpath(tmpl, NULL);
	free(tmpl);
	if (!c->tmp)
		return -DTBIND_EIO;
	if ((ret = make_dir(c, BINDINGS_DIR)))
		return ret;
	if (asprintf(&c->root, "%s/%s", c->tmp, BINDINGS_DIR) < 0)
		return -DTBIND_ENOMEM;
	for (size_t i = 0; i < c->n_files; i++) {
		struct tracked *t = &c->files[i];
		char *full;

		if (!t->changed || (t->exists && (!t->known || t->failed)))
			continue;	/* unchanged, or the tree's version is the best we have */
		if ((ret = dir_of(c, t->path)))
			return ret;
		if (asprintf(&full, "%s/%s", c->tmp, t->path) < 0)
			return -DTBIND_ENOMEM;
		ret = t->exists ? write_text(full, &t->text) : (unlink(full), 0);
		free(full);
		if (ret)
			return ret;
	}
	return 0;
}

static void remove_tree(const char *path, unsigned depth)
{
	struct stat st;

	if (depth > 64 || lstat(path, &st))
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		struct dirent *de;

		while (d && (de = readdir(d)) != NULL) {
			char *p;

			if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
				continue;
			if (asprintf(&p, "%s/%s", path, de->d_name) >= 0) {
				remove_tree(p, depth + 1);
				free(p);
			}
		}
		if (d)
			closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

static int extract(struct ctx *c)
{
	for (size_t i = 0; i < c->n_files; i++) {
		struct tracked *t = &c->files[i];
		char *full, *slash;
		int ret;

		if (!t->changed || !t->exists || !t->known)
			continue;
		if (asprintf(&full, "%s/%s", c->o->extract_dir, t->path) < 0)
			return -DTBIND_ENOMEM;
		for (slash = full + 1; (slash = strchr(slash, '/'));
		     slash++) {
			*slash = '\0';
			mkdir(full, 0755);
			*slash = '/';
		}
		ret = write_text(full, &t->text);
		if (ret) {
			report(c, "io", (struct dtbind_loc){ .file = full },
			       "cannot write the file");
			free(full);
			return ret;
		}
		free(full);
	}
	return 0;
}

/* ---- the private sink of lint and exampletest ---------------------------- */

/* @s with every "file://TMP/" and "TMP/" removed (malloc'd), or NULL. */
static char *untmp(struct ctx *c, const char *s)
{
	struct strbuf sb;
	size_t tl = strlen(c->tmp);
	char *out;

	if (!s)
		return NULL;
	sb_init(&sb);
	while (*s) {
		if (!strncmp(s, "file://", 7) && !strncmp(s + 7, c->tmp, tl) && s[7 + tl] == '/') {
			s += 7 + tl + 1;
		} else if (!strncmp(s, c->tmp, tl) && s[tl] == '/') {
			s += tl + 1;
		} else {
			sb_putc(&sb, *s++);
		}
	}
	out = strdup(sb_cstr(&sb));
	sb_free(&sb);
	return out;
}

static void flush_pending(struct ctx *c)
{
	if (!c->has_pending)
		return;
	c->pending.message = c->pending_msg;
	emit(c, &c->pending, c->pending_source);
	free(c->pending_msg);
	c->pending_msg = NULL;
	c->has_pending = false;
}

/* The finding's file: one of ours (*t set), a tree file (*real set), or other. */
static const char *map_file(struct ctx *c, const char *file, struct tracked **t, char **real)
{
	size_t tl = strlen(c->tmp);

	*t = NULL;
	*real = NULL;
	if (!file || strncmp(file, c->tmp, tl) || file[tl] != '/')
		return file;
	const char *rel = file + tl + 1;
	struct tracked *e = lookup(c, rel);

	if (e && e->changed && e->exists && e->known && !e->failed) {
		*t = e;
		return e->path;
	}
	if (c->tree && asprintf(real, "%s/%s", c->o->tree, rel) >= 0)
		return *real;
	return rel;
}

/* The note that names the patch line a finding's line came from. */
static void set_pending(struct ctx *c, struct tracked *t, uint32_t line, uint32_t col)
{
	struct dtbind_finding *pf = &c->pending;

	memset(pf, 0, sizeof(*pf));
	pf->severity = DTBIND_NOTE;
	c->pending_msg = NULL;
	c->has_pending = false;
	if (c->o->at_files)
		return;
	if (line && line <= t->text.n) {
		const struct dtbind_text_line *tl = &t->text.lines[line - 1];

		if (tl->patch) {
			const char *subj = subject_of(tl->patch);

			pf->loc =
				(struct dtbind_loc){ tl->patch->input, tl->at, col ? col + 1 : 1 };
			if (subj ? asprintf(&c->pending_msg, "added by '%s'", subj) < 0
				 : !(c->pending_msg = strdup("added by this patch")))
				return;
			c->pending_source = disk_matches(c, tl->patch->input, tl->at, '+', tl->s,
							 tl->len);
		} else {
			char *where = NULL;

			if (!c->tree || !t->base_path ||
			    asprintf(&where, "%s/%s", c->o->tree, t->base_path) < 0)
				return;
			/* The path must live until the note is printed: keep it in the arena. */
			pf->loc =
				(struct dtbind_loc){ arena_strdup(&c->arena, where), tl->at, col };
			free(where);
			if (asprintf(&c->pending_msg, "this line is not changed by the series "
				     "(line %u in the tree)", tl->at) < 0)
				return;
			c->pending_source = true;
		}
	} else if (t->last_patch) {
		const char *subj = subject_of(t->last_patch);

		pf->loc = (struct dtbind_loc){ t->last_patch->input, t->last_file->at, 1 };
		if (subj ? asprintf(&c->pending_msg, "the file as changed by '%s'", subj) < 0
			 : !(c->pending_msg = strdup("the file as changed by this patch")))
			return;
		c->pending_source = true;
	} else {
		return;
	}
	c->has_pending = pf->loc.file != NULL;
}

static void handle_inner(struct ctx *c, const struct dtbind_finding *in)
{
	struct dtbind_finding f = { .severity = in->severity };
	struct tracked *t;
	char *real = NULL, *msg, *schema;

	f.loc.file = map_file(c, in->loc.file, &t, &real);
	f.loc.line = in->loc.line;
	/* A located finding without a column is at column 1, as printed. */
	f.loc.col = in->loc.line && !in->loc.col ? 1 : in->loc.col;
	if (f.severity != DTBIND_NOTE) {
		flush_pending(c);
		/* Only what is about the series' files: the tree's own problems are not ours. */
		c->keep = t != NULL;
	}
	if (!c->keep) {
		free(real);
		return;
	}
	f.rule = in->rule;
	f.node = in->node;
	f.message = msg = untmp(c, in->message);
	/*
	 * Without the tree, a $ref to a binding outside the series cannot
	 * resolve: say so, without failing the check.
	 */
	if (!c->tree && f.severity != DTBIND_NOTE && msg &&
	    (strstr(msg, "does not resolve to a schema file") ||
	     strstr(msg, "cannot resolve $ref"))) {
		char *m2;

		if (asprintf(&m2, "%s; not checked without the kernel tree (--tree DIR)", msg) >=
		    0) {
			free(msg);
			f.message = msg = m2;
		}
		f.severity = DTBIND_NOTE;
	}
	f.schema = schema = untmp(c, in->schema);
	if (!msg)
		f.message = "?";
	bool source_ok = true;

	if (t) {
		const struct dtbind_text_line *tl = f.loc.line && f.loc.line <= t->text.n ?
							    &t->text.lines[f.loc.line - 1] :
							    NULL;

		source_ok = tl && disk_matches(c, t->path, f.loc.line, 0, tl->s, tl->len);
	}
	emit(c, &f, source_ok);
	if (t && f.severity != DTBIND_NOTE)
		set_pending(c, t, f.loc.line, f.loc.col);
	free(msg);
	free(schema);
	free(real);
}

/* Re-emit what lint or exampletest wrote since the last call. */
static void drain(struct ctx *c)
{
	const struct dtbind_finding *fs;
	size_t n = dtbind_diag_collected(c->inner, &fs);

	for (size_t i = 0; i < n; i++)
		handle_inner(c, &fs[i]);
	dtbind_diag_clear(c->inner);
	flush_pending(c);
	c->keep = false;
}

static int inner_new(struct ctx *c)
{
	c->inner = dtbind_diag_new_collect();
	if (!c->inner)
		return -DTBIND_ENOMEM;
	/* The user's -W for lint's rules (some are off by default); -Wno for all. */
	for (size_t i = 0; c->o->rules && i < c->o->rules->n; i++) {
		const struct cli_rule_set *w = &c->o->rules->v[i];
		const struct dtbind_rule *r = dtbind_rule_find(w->rule);

		if (w->severity < 0 || (r->tools & DTBIND_TOOL_LINT))
			dtbind_diag_set_rule(c->inner, w->rule, w->severity);
	}
	/* lint's spdx rule says what SPDX_LICENSE_TAG says, at the patch line. */
	return dtbind_diag_set_rule_default(c->inner, "spdx", -1);
}

/* ---- lint and exampletest ------------------------------------------------ */

static int check_bindings(struct ctx *c)
{
	struct dtbind_lint_opts lo = {
		.bindings_root = c->root,
		.schemas_dir = c->o->schemas_dir,
		.yamllint = true,
	};
	struct dtbind_linter *linter = NULL;
	struct dt_checker *checker = NULL;
	const char **incs = NULL;
	char *tmp_inc = NULL, *tree_inc = NULL;
	struct dt_checker_opts co = { .bindings_root = c->root };
	char *tree_root = NULL;
	size_t n = 0;
	int ret;

	for (size_t i = 0; i < c->n_files; i++)
		if (c->files[i].changed && c->files[i].exists && c->files[i].known &&
		    !c->files[i].failed && binding_yaml(c->files[i].path))
			n++;
	if (!n)
		return 0;
	/* The mirror may lack the tree's Makefile: the tree says which dt-schema it wants. */
	if (c->tree && asprintf(&tree_root, "%s/%s", c->tree, BINDINGS_DIR) < 0)
		tree_root = NULL;
	lo.gen = co.gen = dtbind_gen_choose(tree_root ? tree_root : c->root, c->o->gen);
	if ((ret = dtbind_linter_new(c->inner, &lo, &linter)))
		goto out;
	/* #include <dt-bindings/...>: the series' headers first, then the tree's. */
	incs = calloc(c->o->n_include_dirs + 2, sizeof(*incs));
	if (!incs || asprintf(&tmp_inc, "%s/include", c->tmp) < 0) {
		ret = -DTBIND_ENOMEM;
		goto out;
	}
	if (c->o->n_include_dirs) {
		for (size_t i = 0; i < c->o->n_include_dirs; i++)
			incs[co.n_include_dirs++] = c->o->include_dirs[i];
	} else {
		incs[co.n_include_dirs++] = tmp_inc;
		if (c->tree && asprintf(&tree_inc, "%s/scripts/dtc/include-prefixes", c->tree) >= 0)
			incs[co.n_include_dirs++] = tree_inc;
	}
	co.include_dirs = incs;
	/*
	 * The mirror differs from the tree in the series' files only: the tree's
	 * schema cache serves the others (read, never written, from here).
	 */
	co.cache_of = tree_root;
	/* lint each file, then build the schema set once (with the series' bindings) */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			ret = dt_checker_new(c->inner, &co, &checker);
			drain(c); /* among them, the tree's schemas that fail their meta-schema */
			if (ret)
				goto out;
		}
		for (size_t i = 0; i < c->n_files; i++) {
			struct tracked *t = &c->files[i];
			char *full;
			unsigned findings;

			if (!t->changed || !t->exists || !t->known || t->failed ||
			    !binding_yaml(t->path))
				continue;
			if (asprintf(&full, "%s/%s", c->tmp, t->path) < 0) {
				ret = -DTBIND_ENOMEM;
				goto out;
			}
			if (pass == 0)
				dtbind_lint_file(linter, full);
			else
				dt_checker_examples(checker, full, &findings);
			drain(c);
			free(full);
		}
	}
	ret = 0;
out:
	dt_checker_free(checker);
	dtbind_linter_free(linter);
	free(incs);
	free(tmp_inc);
	free(tree_inc);
	free(tree_root);
	return ret;
}

/* ---- checkpatch's rules ------------------------------------------------- */

static bool binding_or_header(const char *p)
{
	return has_prefix(p, "Documentation/devicetree/") || has_prefix(p, DT_HEADERS);
}

static const char *file_path(const struct dtbind_patch_file *f)
{
	return f->new_path ? f->new_path : f->old_path ? f->old_path : "?";
}

/* Where a checkpatch finding goes: the patch line, or with --staged the file's. */
static struct dtbind_loc rule_loc(struct ctx *c, const struct dtbind_patch *p,
				  const struct dtbind_patch_file *f, uint32_t patch_line,
				  uint32_t file_line, uint32_t col)
{
	if (c->o->at_files)
		return (struct dtbind_loc){ file_path(f), file_line, file_line ? col : 0 };
	return (struct dtbind_loc){ p->input, patch_line, col ? col + 1 : 1 };
}

/* The note with the file's own line under a finding at the patch line. */
static void file_note(struct ctx *c, const struct dtbind_patch_file *f, uint32_t line,
		      uint32_t col)
{
	if (!c->o->at_files && f->new_path)
		note(c, (struct dtbind_loc){ f->new_path, line, col }, false,
		     "the line in the file as patched");
}

/* checkpatch warns when one patch mixes binding docs/headers with other files. */
static void rule_split(struct ctx *c, const struct dtbind_patch *p)
{
	const struct dtbind_patch_file *first = NULL;

	for (size_t k = 0; k < p->n_files; k++) {
		const struct dtbind_patch_file *f = &p->files[k];
		const char *path = file_path(f);

		if (!strcmp(path, "MAINTAINERS"))
			continue;
		if (!first) {
			first = f;
			continue;
		}
		if (binding_or_header(path) == binding_or_header(file_path(first)))
			continue;
		report(c, "DT_SPLIT_BINDING_PATCH", rule_loc(c, p, f, f->at, 0, 0),
		       "DT binding docs and includes should be a separate patch. See: "
		       "Documentation/devicetree/bindings/submitting-patches.rst");
		note(c, rule_loc(c, p, first, first->at, 0, 0), true,
		     "'%s' is %sa binding file, "
		     "'%s' is %s",
		     file_path(first), binding_or_header(file_path(first)) ? "" : "not ", path,
		     binding_or_header(path) ? "" : "not");
		return;
	}
}

static void rule_schema(struct ctx *c, const struct dtbind_patch *p,
			const struct dtbind_patch_file *f)
{
	if (f->op == DTBIND_PATCH_ADD && f->mode_at && has_prefix(f->new_path, BINDINGS) &&
	    str_ends_with(f->new_path, ".txt"))
		report(c, "DT_SCHEMA_BINDING_PATCH", rule_loc(c, p, f, f->mode_at, 0, 0),
		       "DT bindings should be in DT schema format. See: "
		       "Documentation/devicetree/bindings/writing-schema.rst");
}

static const char *spdx_comment(const char *path)
{
	static const struct {
		const char *ext, *comment;
	} map[] = {
		{ ".h", "/*" }, { ".s", "/*" }, { ".S", "/*" }, { ".c", "//" }, { ".rs", "//" },
		{ ".dts", "//" }, { ".dtsi", "//" }, { ".dtso", "//" }, { ".yaml", "#" },
		{ ".sh", "#" }, { ".py", "#" }, { ".pl", "#" }, { ".rst", ".." },
	};

	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (str_ends_with(path, map[i].ext))
			return map[i].comment;
	return "";
}

static bool dts_path(const char *p)
{
	return str_ends_with(p, ".dts") || str_ends_with(p, ".dtsi") || str_ends_with(p, ".dtso");
}

/* "GPL-2.0 OR x" or "GPL-2.0-only OR x" somewhere in @lic (checkpatch's headers rule). */
static bool gpl_or_something(const char *lic)
{
	static const char *const forms[] = { "GPL-2.0 OR ", "GPL-2.0-only OR " };

	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		const char *g = strstr(lic, forms[i]);
		char next = g ? g[strlen(forms[i])] : '\0';

		if (next && next != ' ' && next != '\t')
			return true;
	}
	return false;
}

/* The added line @pl is line @license_line of the file: is its SPDX tag right? */
static void spdx_first_line(struct ctx *c, const struct dtbind_patch *p,
			    const struct dtbind_patch_file *f, const struct dtbind_patch_line *pl,
			    uint32_t nl, const char *comment, uint32_t license_line)
{
	static const char tag[] = "SPDX-License-Identifier: ";
	const char *t = pl->text, *path = f->new_path;
	const char *lic = strstr(t, tag);
	size_t cl = strlen(comment);
	uint32_t col = lic ? (uint32_t)(lic - t + strlen(tag)) + 1 : 1;
	struct dtbind_loc at = rule_loc(c, p, f, pl->at, nl, col);

	if (cl && !(!strncmp(t, comment, cl) && t[cl] == ' ' &&
		    !strncmp(t + cl + 1, tag, strlen(tag)))) {
		report(c, "SPDX_LICENSE_TAG", rule_loc(c, p, f, pl->at, nl, 1),
		       "Missing or malformed SPDX-License-Identifier tag in line %u", license_line);
		file_note(c, f, nl, 1);
	} else if (lic && has_prefix(path, BINDINGS) && !strstr(lic, "GPL-2.0 OR BSD-2-Clause") &&
		   !strstr(lic, "GPL-2.0-only OR BSD-2-Clause")) {
		report(c, "SPDX_LICENSE_TAG", at,
		       "DT binding documents should be licensed (GPL-2.0-only OR BSD-2-Clause)");
		file_note(c, f, nl, col);
	} else if (lic && has_prefix(path, DT_HEADERS) && !gpl_or_something(lic)) {
		report(c, "SPDX_LICENSE_TAG", at,
		       "DT binding headers should be licensed (GPL-2.0-only OR .*)");
		file_note(c, f, nl, col);
	}
}

/* checkpatch's SPDX rules, for the files a devicetree patch is about. */
static void rule_spdx(struct ctx *c, const struct dtbind_patch *p,
		      const struct dtbind_patch_file *f)
{
	const char *path = f->new_path;

	if (!path || f->broken ||
	    !(has_prefix(path, BINDINGS) || has_prefix(path, DT_HEADERS) || dts_path(path)))
		return;
	const char *comment = spdx_comment(path);
	bool source = dts_path(path) || str_ends_with(path, ".h");
	uint32_t license_line = 1;

	for (size_t h = 0; h < f->n_hunks; h++) {
		const struct dtbind_patch_hunk *hk = &f->hunks[h];
		uint32_t nl = hk->new_start;

		for (size_t j = 0; j < hk->n; j++, nl++) {
			const struct dtbind_patch_line *pl = &hk->lines[j];
			const char *t = pl->text, *q = t, *hit;

			if (pl->kind == '-') {
				nl--;
				continue;
			}
			while (*q == ' ' || *q == '\t')
				q++;
			if (nl == license_line) {
				if (q[0] == '#' && q[1] == '!') {
					license_line = 2;	/* a script: tag under #! */
					comment = "#";
				} else if (pl->kind == '+') {
					spdx_first_line(c, p, f, pl, nl, comment, license_line);
				}
				continue;
			}
			hit = strstr(t, "SPDX-License-Identifier:");
			if (pl->kind != '+' || !source || !hit)
				continue;
			/* Only a tag inside a comment counts, as checkpatch sees it. */
			const char *cm = strstr(t, "//"), *cm2 = strstr(t, "/*");

			if ((cm && cm < hit) || (cm2 && cm2 < hit) || *q == '*') {
				uint32_t col = (uint32_t)(hit - t) + 1;

				report(c, "SPDX_LICENSE_TAG", rule_loc(c, p, f, pl->at, nl, col),
				       "Misplaced SPDX-License-Identifier tag - use line %u "
				       "instead", license_line);
				file_note(c, f, nl, col);
			}
		}
	}
}

/* ---- compatible strings ------------------------------------------------- */

static void corpus_collect(struct ctx *c, const char *dir, unsigned depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while (depth < 32 && (de = readdir(d)) != NULL) {
		char *p;
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (stat(p, &st)) {
			free(p);
		} else if (S_ISDIR(st.st_mode)) {
			corpus_collect(c, p, depth + 1);
			free(p);
		} else {
			struct corpus_file cf = { .path = p };
			struct corpus_file *nc;

			if (!S_ISREG(st.st_mode) || read_file(p, MAX_READ, &cf.buf, &cf.len) ||
			    !(nc = realloc(c->corpus, (c->n_corpus + 1) * sizeof(*nc)))) {
				free(cf.buf);
				free(p);
				continue;
			}
			c->corpus = nc;
			c->corpus[c->n_corpus++] = cf;
		}
	}
	closedir(d);
}

/* grep -Eq PATTERN over the binding files, line by line as grep reads them. */
static bool corpus_grep(struct ctx *c, const char *pattern)
{
	struct arena a;
	const char *err = NULL;
	struct dtbind_regex *re;
	bool found = false;

	if (!c->corpus_loaded) {
		corpus_collect(c, c->root, 0);
		c->corpus_loaded = true;
	}
	arena_init(&a, 1024);
	re = regex_compile(pattern, strlen(pattern), &err, &a);
	for (size_t i = 0; i < c->n_corpus && !found; i++) {
		const struct corpus_file *cf = &c->corpus[i];

		if (!re) {
			found = memmem(cf->buf, cf->len, pattern, strlen(pattern)) != NULL;
			continue;
		}
		int r = regex_match(re, cf->buf, cf->len);

		if (r < 0) {	/* over the match limit on the whole file: one line at a time */
			for (const char *p = cf->buf, *end = p + cf->len; p < end && !found;) {
				const char *nl = memchr(p, '\n', (size_t)(end - p));
				const char *e = nl ? nl : end;

				found = regex_match(re, p, (size_t)(e - p)) > 0;
				p = e + 1;
			}
		} else {
			found = r > 0;
		}
	}
	regex_free(re);
	arena_release(&a);
	return found;
}

/* The vendor-prefixes.yaml entry checkpatch looks for: "^vendor,.*": */
static bool vendor_known(struct ctx *c, const char *vendor)
{
	char *path, *buf, *want;
	size_t len;
	bool found = false;

	if (asprintf(&path, "%s/vendor-prefixes.yaml", c->root) < 0)
		return true;
	if (asprintf(&want, "\"^%s,.*\":", vendor) >= 0) {
		if (!read_file(path, MAX_READ, &buf, &len)) {
			found = memmem(buf, len, want, strlen(want)) != NULL;
			free(buf);
		}
		free(want);
	}
	free(path);
	return found;
}

static bool compat_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '-' || ch == ',' || ch == '.' || ch == '+' || ch == '_';
}

/* checkpatch's two wildcard forms: "vendor,<.*>-rest" and "vendor,abc<.*>-rest". */
static char *compat_pattern(const char *compat)
{
	const char *comma = strchr(compat, ',');
	struct strbuf sb;
	char *out;

	sb_init(&sb);
	sb_puts(&sb, compat);
	if (comma) {
		/* s/\,[a-zA-Z0-9]*\-/\,<\.\*>\-/ */
		const char *q = comma + 1;

		while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
		       (*q >= '0' && *q <= '9'))
			q++;
		sb_putc(&sb, '|');
		if (*q == '-') {
			sb_putn(&sb, compat, (size_t)(comma - compat));
			sb_puts(&sb, ",<.*>");
			sb_puts(&sb, q);
		} else {
			sb_puts(&sb, compat);
		}
		/* s/\,([a-z]*)[0-9]*\-/\,$1<\.\*>\-/ */
		const char *l = comma + 1, *dg;

		while (*l >= 'a' && *l <= 'z')
			l++;
		for (dg = l; *dg >= '0' && *dg <= '9'; dg++)
			;
		sb_putc(&sb, '|');
		if (*dg == '-') {
			sb_putn(&sb, compat, (size_t)(l - compat));
			sb_puts(&sb, "<.*>");
			sb_puts(&sb, dg);
		} else {
			sb_puts(&sb, compat);
		}
	}
	out = sb.oom ? NULL : strdup(sb_cstr(&sb));
	sb_free(&sb);
	return out;
}

static bool compat_line(const char *path, const char *t)
{
	const char *q = t;

	if (dts_path(path)) {
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "compatible", 10))
			return false;
		q += 10;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q++ != '=')
			return false;
		while (*q == ' ' || *q == '\t')
			q++;
		return *q == '"';
	}
	if (str_ends_with(path, ".c") || str_ends_with(path, ".h")) {
		for (const char *h = strstr(t, ".compatible"); h;
		     h = strstr(h + 1, ".compatible")) {
			q = h + 11;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q++ != '=')
				continue;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '"')
				return true;
		}
	}
	return false;
}

/* checkpatch's two greps for one compatible of an added line. */
static int check_compatible(struct ctx *c, const struct dtbind_patch *p,
			    const struct dtbind_patch_file *f, const struct dtbind_patch_line *pl,
			    uint32_t nl, char *compat, uint32_t col)
{
	struct dtbind_loc at = rule_loc(c, p, f, pl->at, nl, col);
	char *pattern = compat_pattern(compat);
	size_t vl = 0;

	if (!pattern)
		return -DTBIND_ENOMEM;
	if (!corpus_grep(c, pattern)) {
		report(c, "UNDOCUMENTED_DT_STRING", at,
		       "DT compatible string \"%s\" appears un-documented -- check " BINDINGS,
		       compat);
		file_note(c, f, nl, col);
	}
	free(pattern);
	/* The vendor: /^([a-zA-Z0-9\-]+)\,/ */
	while (isalnum((unsigned char)compat[vl]) || compat[vl] == '-')
		vl++;
	if (!vl || compat[vl] != ',')
		return 0;
	compat[vl] = '\0';
	if (!vendor_known(c, compat)) {
		report(c, "UNDOCUMENTED_DT_STRING", at,
		       "DT compatible string vendor \"%s\" appears un-documented -- check " BINDINGS
		       "vendor-prefixes.yaml", compat);
		file_note(c, f, nl, col);
	}
	return 0;
}

static int rule_compatibles(struct ctx *c, const struct dtbind_patch *p,
			    const struct dtbind_patch_file *f)
{
	const char *path = f->new_path;

	if (!path || !(dts_path(path) || str_ends_with(path, ".c") || str_ends_with(path, ".h")))
		return 0;
	for (size_t h = 0; h < f->n_hunks; h++) {
		const struct dtbind_patch_hunk *hk = &f->hunks[h];
		uint32_t nl = hk->new_start - 1;

		for (size_t j = 0; j < hk->n; j++) {
			const struct dtbind_patch_line *pl = &hk->lines[j];

			if (pl->kind == '-')
				continue;
			nl++;
			if (pl->kind != '+' || !compat_line(path, pl->text))
				continue;
			if (!c->root || !c->tree) {
				if (!c->no_tree_noted)
					note(c, rule_loc(c, p, f, pl->at, nl, 1), true,
					     "compatible strings are not checked against the "
					     "bindings without the kernel tree (--tree DIR) "
					     "[UNDOCUMENTED_DT_STRING]");
				c->no_tree_noted = true;
				return 0;
			}
			/* Every "string" of the line made of compatible characters. */
			for (const char *q = pl->text; (q = strchr(q, '"')) != NULL;) {
				const char *e = q + 1;

				while (compat_char(*e))
					e++;
				if (*e != '"' || e == q + 1) {
					q++;
					continue;
				}
				char *compat = strndup(q + 1, (size_t)(e - q - 1));
				int ret = compat ? check_compatible(c, p, f, pl, nl, compat,
								    (uint32_t)(q - pl->text) + 2)
						 : -DTBIND_ENOMEM;

				free(compat);
				if (ret)
					return ret;
				q = e + 1;
			}
		}
	}
	return 0;
}

static bool need_tmp(struct ctx *c)
{
	if (c->tree)
		return true;	/* compatibles, and the mirror for bindings */
	for (size_t i = 0; i < c->n_files; i++)
		if (c->files[i].changed && c->files[i].exists && c->files[i].known)
			return true;
	return false;
}

int dtbind_check_series(struct dtbind_diag *diag, const struct dtbind_patch_series *s,
			const struct dtbind_series_opts *opts)
{
	struct ctx c = { .diag = diag, .o = opts, .s = s };
	int ret;

	arena_init(&c.arena, 16 * 1024);
	hmap_init(&c.by_path);
	hmap_init(&c.made);
	if (opts->tree) {
		char *bdir;

		c.tree = realpath(opts->tree, NULL);
		if (!c.tree || asprintf(&bdir, "%s/" BINDINGS_DIR, c.tree) < 0) {
			dtbind_diag_report(diag, DTBIND_ERROR,
					   (struct dtbind_loc){ .file = opts->tree }, "io",
					   "cannot read the kernel tree");
			ret = -DTBIND_EIO;
			goto out;
		}
		struct stat st;

		if (stat(bdir, &st) || !S_ISDIR(st.st_mode)) {
			/* Not a kernel tree (a --staged repository without bindings): no tree. */
			free(c.tree);
			c.tree = NULL;
		}
		free(bdir);
	}
	if ((ret = build_state(&c)))
		goto out;
	if (need_tmp(&c) && (ret = make_tmp_tree(&c))) {
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ 0 }, "io",
				   "cannot make the temporary tree: %s", dtbind_strerror(ret));
		goto out;
	}
	if (opts->extract_dir && (ret = extract(&c)))
		goto out;
	for (size_t i = 0; i < s->n; i++) {
		const struct dtbind_patch *p = &s->patches[i];

		rule_split(&c, p);
		for (size_t k = 0; k < p->n_files; k++) {
			rule_schema(&c, p, &p->files[k]);
			rule_spdx(&c, p, &p->files[k]);
			if ((ret = rule_compatibles(&c, p, &p->files[k])))
				goto out;
		}
	}
	if (c.tmp) {
		if ((ret = inner_new(&c)))
			goto out;
		ret = check_bindings(&c);
	}
out:
	if (c.tmp)
		remove_tree(c.tmp, 0);
	dtbind_diag_free(c.inner);
	free(c.pending_msg);
	for (size_t i = 0; i < ARRAY_SIZE(c.disk); i++) {
		free(c.disk[i].path);
		free(c.disk[i].buf);
	}
	for (size_t i = 0; i < c.n_corpus; i++) {
		free(c.corpus[i].path);
		free(c.corpus[i].buf);
	}
	free(c.corpus);
	for (size_t i = 0; i < c.n_files; i++)
		dtbind_text_free(&c.files[i].text);
	free(c.files);
	for (size_t i = 0; i < c.n_bufs; i++)
		free(c.bufs[i]);
	free(c.bufs);
	hmap_free(&c.by_path);
	hmap_free(&c.made);
	free(c.tree);
	free(c.tmp);
	free(c.root);
	arena_release(&c.arena);
	return ret;
}
