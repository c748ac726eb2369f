// SPDX-License-Identifier: BSD-2-Clause
/*
 * checkpatch.c - dtbind check: the pre-submission checks of a patch series.
 *
 *  1. checkpatch.pl's devicetree rules (kernel 6.12), under their own names,
 *     at the patch lines: DT_SPLIT_BINDING_PATCH, DT_SCHEMA_BINDING_PATCH,
 *     UNDOCUMENTED_DT_STRING, SPDX_LICENSE_TAG.
 *  2. Every binding file the series adds or changes, rebuilt in memory
 *     (new files from the patches alone, changed ones on top of the tree),
 *     laid in memory over the kernel's (an overlay: the tree's bindings and
 *     dt-bindings headers as they are, the series' versions on top; nothing
 *     is written to disk) so that $id, $ref and #include resolve as in the
 *     kernel, then linted and example-tested in process.  Each finding is reported at the file's own line and column,
 *     followed by a note at the patch line that added that line.
 *
 * lint and exampletest report to a private collect sink; its findings (as
 * structured records) have their locations mapped from the overlay's paths to the
 * repository paths, and emitted on the user's sink (which applies -W,
 * -Werror, --max-errors and the format).  Findings about files the series
 * does not touch (the tree's own schemas) are dropped.
 */
#include "checkpatch-private.h"

/* ---- small helpers ---------------------------------------------------- */

bool cp_has_prefix(const char *s, const char *p)
{
	return s && !strncmp(s, p, strlen(p));
}

static bool tracked_path(const char *p)
{
	return cp_has_prefix(p, BINDINGS) || cp_has_prefix(p, DT_HEADERS);
}

static bool binding_yaml(const char *p)
{
	return cp_has_prefix(p, BINDINGS) && str_ends_with(p, ".yaml");
}

const char *cp_subject_of(const struct dtbind_patch *p)
{
	return p->subject && *p->subject ? p->subject : NULL;
}

void cp_report(struct ctx *c, const char *rule, struct dtbind_loc loc, const char *fmt, ...)
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
bool cp_disk_matches(struct ctx *c, const char *path, uint32_t line, char prefix,
		     const char *text, size_t tlen)
{
	size_t len;
	const char *l = path ? disk_line(c, path, line, &len) : NULL;
	size_t skip = prefix ? 1 : 0;

	return l && len == tlen + skip && (!prefix || l[0] == prefix) &&
	       !memcmp(l + skip, text, tlen);
}

void cp_emit(struct ctx *c, const struct dtbind_finding *f, bool source_ok)
{
	dtbind_diag_set_show_source(c->diag, c->o->show_source && source_ok);
	dtbind_diag_emit(c->diag, f);
	dtbind_diag_set_show_source(c->diag, c->o->show_source);
}

void cp_note(struct ctx *c, struct dtbind_loc loc, bool source_ok, const char *fmt, ...)
{
	va_list ap;

	dtbind_diag_set_show_source(c->diag, c->o->show_source && source_ok);
	va_start(ap, fmt);
	dtbind_diag_vreport(c->diag, DTBIND_NOTE, loc, NULL, fmt, ap);
	va_end(ap);
	dtbind_diag_set_show_source(c->diag, c->o->show_source);
}

/* ---- the state of the files at the end of the series ------------------ */

struct tracked *cp_lookup(struct ctx *c, const char *path)
{
	uintptr_t i = path ? (uintptr_t)hmap_get_str(&c->by_path, path, strlen(path)) : 0;

	return i ? &c->files[i - 1] : NULL;
}

static struct tracked *get(struct ctx *c, const char *path)
{
	struct tracked *t = cp_lookup(c, path);

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
	struct tracked *t = cp_lookup(c, path);
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
			cp_report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
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
			cp_note(c, (struct dtbind_loc){ p->input, f->at, 1 }, true,
				"'%s' is not in the tree (deleted already?)", path);
		else
			cp_report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
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
	cp_note(c, (struct dtbind_loc){ p->input, f->at, 1 }, true,
		"the tree has this patch applied already: its files are checked as they are there");
}

/* A file the patch creates: from the patch alone (the tree may have it already). */
static int add_file(struct ctx *c, const struct dtbind_patch *p, const struct dtbind_patch_file *f,
		    struct tracked **out)
{
	struct tracked *prev = cp_lookup(c, f->new_path), *t;
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
	cp_report(c, "patch-apply", (struct dtbind_loc){ p->input, f->at, 1 },
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
				    to && !cp_lookup(c, base) && !in_tree(c, base) && in_tree(c, to))
					base = to;
				struct tracked *src = load_base(c, p, f, base, &err);

				if (err)
					return err;
				if (!src->exists) {
					if (src->failed)
						continue;	/* reported: not in the tree */
					cp_report(c, "patch-apply",
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
					src = cp_lookup(c, from ? from : to); /* get() may move the array */
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
	/* The overlay may lack the tree's Makefile: the tree says which dt-schema it wants. */
	if (c->tree && asprintf(&tree_root, "%s/%s", c->tree, BINDINGS_DIR) < 0)
		tree_root = NULL;
	lo.gen = co.gen = dtbind_gen_choose(tree_root ? tree_root : c->root, c->o->gen);
	if ((ret = dtbind_linter_new(c->inner, &lo, &linter)))
		goto out;
	/* #include <dt-bindings/...>: the series' headers first, then the tree's. */
	incs = calloc(c->o->n_include_dirs + 2, sizeof(*incs));
	if (!incs || asprintf(&tmp_inc, "%s/include", c->top) < 0) {
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
	 * The overlay differs from the tree in the series' files only: the tree's
	 * schema cache serves the others (read, never written, from here).
	 */
	co.cache_of = tree_root;
	/* lint each file, then build the schema set once (with the series' bindings) */
	for (int pass = 0; pass < 2; pass++) {
		struct fs_overlay *was;

		if (pass == 1) {
			/* They read the series' files from memory; cp_drain() reads the disk. */
			was = fs_overlay_use(c->ov);
			ret = dt_checker_new(c->inner, &co, &checker);
			fs_overlay_use(was);
			cp_drain(c); /* among them, the tree's schemas that fail their meta-schema */
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
			if (asprintf(&full, "%s/%s", c->top, t->path) < 0) {
				ret = -DTBIND_ENOMEM;
				goto out;
			}
			was = fs_overlay_use(c->ov);
			if (pass == 0)
				dtbind_lint_file(linter, full);
			else
				dt_checker_examples(checker, full, &findings);
			fs_overlay_use(was);
			cp_drain(c);
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

static bool need_overlay(struct ctx *c)
{
	if (c->tree)
		return true;	/* compatibles, and the tree's bindings */
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
	if (need_overlay(&c) && (ret = cp_make_overlay(&c))) {
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ 0 }, "io",
				   "cannot apply the series in memory: %s", dtbind_strerror(ret));
		goto out;
	}
	if (opts->extract_dir && (ret = cp_extract(&c)))
		goto out;
	for (size_t i = 0; i < s->n; i++) {
		const struct dtbind_patch *p = &s->patches[i];

		cp_rule_split(&c, p);
		for (size_t k = 0; k < p->n_files; k++) {
			cp_rule_schema(&c, p, &p->files[k]);
			cp_rule_spdx(&c, p, &p->files[k]);
			if ((ret = cp_rule_compatibles(&c, p, &p->files[k])))
				goto out;
		}
	}
	if (c.ov) {
		if ((ret = cp_inner_new(&c)))
			goto out;
		ret = check_bindings(&c);
	}
out:
	fs_overlay_free(c.ov);
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
	free(c.tree);
	free(c.top);
	free(c.root);
	arena_release(&c.arena);
	return ret;
}
