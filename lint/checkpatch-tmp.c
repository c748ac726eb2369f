// SPDX-License-Identifier: BSD-2-Clause
/*
 * checkpatch-tmp.c - the tree the series' bindings are checked in (in memory,
 * an overlay over the kernel tree), and the private sink whose findings are
 * mapped back to the patches.
 */
#include "checkpatch-private.h"

/* ---- the tree lint and exampletest see -------------------------------------- */

/*
 * Where the tree appears to them: a path of the overlay's own, under which
 * only what the overlay holds exists (never a directory on disk).
 */
#define CHECK_TOP "/dtbind-check"

/* Directories below these show the tree's entries; above, only the series' files. */
static bool mirrored(const char *rel)
{
	return cp_has_prefix(rel, BINDINGS_DIR) || cp_has_prefix(rel, "include/dt-bindings");
}

/* The tree's directory that shows under the mirrored one @rel is in, made once. */
static int mirror_for(struct ctx *c, const char *rel)
{
	static const char *const tops[] = { BINDINGS_DIR, "include/dt-bindings" };

	for (size_t i = 0; c->tree && i < ARRAY_SIZE(tops); i++) {
		char *v, *t;
		int ret;

		if (!cp_has_prefix(rel, tops[i]) || c->mirrored[i])
			continue;
		if (asprintf(&v, "%s/%s", c->top, tops[i]) < 0)
			return -DTBIND_ENOMEM;
		if (asprintf(&t, "%s/%s", c->tree, tops[i]) < 0) {
			free(v);
			return -DTBIND_ENOMEM;
		}
		ret = fs_overlay_mirror(c->ov, v, t);
		free(v);
		free(t);
		if (ret)
			return ret;
		c->mirrored[i] = true;
	}
	return 0;
}

/*
 * The series applied in memory: the tree's bindings and headers (the
 * directories a check reads) as they are, with the series' files over them.
 */
int cp_make_overlay(struct ctx *c)
{
	int ret;

	if (!(c->top = strdup(CHECK_TOP)) || !(c->ov = fs_overlay_new(c->top)) ||
	    asprintf(&c->root, "%s/%s", c->top, BINDINGS_DIR) < 0)
		return -DTBIND_ENOMEM;
	if ((ret = fs_overlay_mkdir(c->ov, c->root)) || (ret = mirror_for(c, BINDINGS_DIR)))
		return ret;
	for (size_t i = 0; i < c->n_files; i++) {
		struct tracked *t = &c->files[i];
		char *full, *buf = NULL;
		size_t len;

		if (!t->changed || (t->exists && (!t->known || t->failed)))
			continue;	/* unchanged, or the tree's version is the best we have */
		if (mirrored(t->path) && (ret = mirror_for(c, t->path)))
			return ret;
		if (asprintf(&full, "%s/%s", c->top, t->path) < 0)
			return -DTBIND_ENOMEM;
		if (!t->exists)
			ret = fs_overlay_remove(c->ov, full);
		else if (!(buf = dtbind_text_join(&t->text, &len)))
			ret = -DTBIND_ENOMEM;
		else
			ret = fs_overlay_put(c->ov, full, buf, len);
		free(buf);
		free(full);
		if (ret)
			return ret;
	}
	return 0;
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

int cp_extract(struct ctx *c)
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
			cp_report(c, "io", (struct dtbind_loc){ .file = full },
				  "cannot write the file");
			free(full);
			return ret;
		}
		free(full);
	}
	return 0;
}

/* ---- the private sink of lint and exampletest ---------------------------- */

/* @s with every "file://TOP/" and "TOP/" removed (malloc'd), or NULL. */
static char *untmp(struct ctx *c, const char *s)
{
	struct strbuf sb;
	size_t tl = strlen(c->top);
	char *out;

	if (!s)
		return NULL;
	sb_init(&sb);
	while (*s) {
		if (!strncmp(s, "file://", 7) && !strncmp(s + 7, c->top, tl) && s[7 + tl] == '/') {
			s += 7 + tl + 1;
		} else if (!strncmp(s, c->top, tl) && s[tl] == '/') {
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
	cp_emit(c, &c->pending, c->pending_source);
	free(c->pending_msg);
	c->pending_msg = NULL;
	c->has_pending = false;
}

/* The finding's file: one of ours (*t set), a tree file (*real set), or other. */
static const char *map_file(struct ctx *c, const char *file, struct tracked **t, char **real)
{
	size_t tl = strlen(c->top);

	*t = NULL;
	*real = NULL;
	if (!file || strncmp(file, c->top, tl) || file[tl] != '/')
		return file;
	const char *rel = file + tl + 1;
	struct tracked *e = cp_lookup(c, rel);

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
			const char *subj = cp_subject_of(tl->patch);

			pf->loc =
				(struct dtbind_loc){ tl->patch->input, tl->at, col ? col + 1 : 1 };
			if (subj ? asprintf(&c->pending_msg, "added by '%s'", subj) < 0
				 : !(c->pending_msg = strdup("added by this patch")))
				return;
			c->pending_source = cp_disk_matches(c, tl->patch->input, tl->at, '+', tl->s,
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
		const char *subj = cp_subject_of(t->last_patch);

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

		source_ok = tl && cp_disk_matches(c, t->path, f.loc.line, 0, tl->s, tl->len);
	}
	cp_emit(c, &f, source_ok);
	if (t && f.severity != DTBIND_NOTE)
		set_pending(c, t, f.loc.line, f.loc.col);
	free(msg);
	free(schema);
	free(real);
}

/* Re-emit what lint or exampletest wrote since the last call. */
void cp_drain(struct ctx *c)
{
	const struct dtbind_finding *fs;
	size_t n = dtbind_diag_collected(c->inner, &fs);

	for (size_t i = 0; i < n; i++)
		handle_inner(c, &fs[i]);
	dtbind_diag_clear(c->inner);
	flush_pending(c);
	c->keep = false;
}

int cp_inner_new(struct ctx *c)
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

