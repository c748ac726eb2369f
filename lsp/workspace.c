// SPDX-License-Identifier: BSD-2-Clause
/*
 * workspace.c - one checker per kernel tree, loaded on first use and kept:
 * lint and exampletest for a binding, validate for a .dts or .dtsi, run on
 * the editor's text.  Findings are kept by a collect sink and taken from
 * it after each run.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cpp.h"
#include "devicetree.h"
#include "exampletest/exampletest.h"
#include "lint/lint.h"
#include "lsp.h"
#include "validate/validate.h"

#define DT_SCHEMAS_URI "http://devicetree.org/schemas/"
/* The linter keeps each linted text in its schema set: start afresh after this many. */
#define LINTS_PER_LINTER 100

struct tree {
	char *root;			/* the bindings directory; "" when none */
	struct dt_checker *checker;	/* NULL until needed, or after a binding was saved */
	bool checker_failed;
	struct dtbind_schema_set *set;	/* for $ref look-ups in bindings */
};

struct lsp_workspace {
	enum dtbind_gen gen;
	FILE *log;
	struct dtbind_diag *diag;	/* a collect sink: every run's findings */
	struct dtbind_linter *linter;
	unsigned lints;
	struct tree *trees;
	size_t n_trees, cap_trees;
	struct board_of {
		char *dtsi, *board;	/* a .dtsi and the board that shows it (NULL: none) */
	} *boards;
	size_t n_boards, cap_boards;
};

struct lsp_workspace *lsp_workspace_new(enum dtbind_gen gen, FILE *log)
{
	struct lsp_workspace *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->gen = gen;
	w->log = log;
	w->diag = dtbind_diag_new_collect();
	if (!w->diag) {
		lsp_workspace_free(w);
		return NULL;
	}
	return w;
}

void lsp_workspace_free(struct lsp_workspace *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->n_trees; i++) {
		dt_checker_free(w->trees[i].checker);
		dtbind_schema_set_free(w->trees[i].set);
		free(w->trees[i].root);
	}
	free(w->trees);
	for (size_t i = 0; i < w->n_boards; i++) {
		free(w->boards[i].dtsi);
		free(w->boards[i].board);
	}
	free(w->boards);
	dtbind_linter_free(w->linter);
	dtbind_diag_free(w->diag);
	free(w);
}

void lsp_findings_free(struct lsp_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].rule);
		free(f->v[i].message);
		free(f->v[i].fix_from);
		free(f->v[i].fix_to);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static struct tree *tree_of(struct lsp_workspace *w, const char *path)
{
	char *root = path ? bindings_root_above(path) : NULL;
	const char *key = root ? root : "";

	for (size_t i = 0; i < w->n_trees; i++)
		if (!strcmp(w->trees[i].root, key)) {
			free(root);
			return &w->trees[i];
		}
	if (vec_reserve_one(&w->trees, w->n_trees, &w->cap_trees, sizeof(*w->trees), 4)) {
		free(root);
		return NULL;
	}
	struct tree *t = &w->trees[w->n_trees];

	memset(t, 0, sizeof(*t));
	t->root = root ? root : strdup("");
	if (!t->root)
		return NULL;
	w->n_trees++;
	return t;
}

static struct dt_checker *tree_checker(struct lsp_workspace *w, struct tree *t)
{
	if (t->checker || t->checker_failed)
		return t->checker;
	struct dt_checker_opts co = {
		.bindings_root = *t->root ? t->root : NULL,
		.use_cache = true,
		.gen = w->gen,
		.memo = true,
	};

	if (dt_checker_new(w->diag, &co, &t->checker)) {
		t->checker_failed = true;
		if (w->log)
			fprintf(w->log, "dtbind lsp: cannot load the bindings of %s\n",
				*t->root ? t->root : "(no tree)");
	}
	return t->checker;
}

const char *lsp_workspace_root(struct lsp_workspace *w, const char *path)
{
	struct tree *t = tree_of(w, path);

	return t && *t->root ? t->root : NULL;
}

struct dtbind_dtschemas *lsp_workspace_bindings(struct lsp_workspace *w, const char *path)
{
	struct tree *t = tree_of(w, path);
	struct dt_checker *c = t ? tree_checker(w, t) : NULL;

	return c ? dt_checker_schemas(c) : NULL;
}

struct dtbind_schema_set *lsp_workspace_schema_set(struct lsp_workspace *w, const char *path)
{
	struct tree *t = tree_of(w, path);

	if (!t)
		return NULL;
	if (!t->set && (t->set = dtbind_schema_set_new(w->diag)) != NULL) {
		dtbind_dtschemas_configure_set(t->set);
		dtbind_schema_set_generation(t->set, dtbind_gen_choose(*t->root ? t->root : NULL,
								       w->gen));
		if (*t->root)
			dtbind_schema_set_map_prefix(t->set, DT_SCHEMAS_URI, t->root);
	}
	return t->set;
}

static void collect_begin(struct lsp_workspace *w)
{
	dtbind_diag_clear(w->diag);
}

/* The end of the token at @off: a quoted string, else a name; at least one character. */
static size_t token_end(const char *text, size_t len, size_t off)
{
	size_t e = off;

	if (off < len && text[off] == '"') {
		for (e = off + 1; e < len && text[e] != '"' && text[e] != '\n'; e++)
			if (text[e] == '\\' && e + 1 < len)
				e++;
		return e < len && text[e] == '"' ? e + 1 : e;
	}
	while (e < len && (strchr("_,.+#@$-/", text[e]) || (text[e] >= '0' && text[e] <= '9') ||
			   ((text[e] | 0x20) >= 'a' && (text[e] | 0x20) <= 'z')))
		e++;
	if (e == off) {
		while (e < len && text[e] != '\n')
			e++;	/* no token there: the rest of the line */
	}
	return e;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* Is @file (as a finding names it) the file @real (a realpath)? */
static bool same_file(const char *file, const char *real)
{
	if (!file || !real)
		return false;
	if (!strcmp(file, real))
		return true;
	char *r = realpath(file, NULL);
	bool same = r && !strcmp(r, real);

	free(r);
	return same;
}

static void add_finding(struct lsp_findings *out, const struct lsp_doc *doc,
			const struct dtbind_finding *f, const char *suffix)
{
	const char *node = f->node;
	struct lsp_finding *x;

	if (!f->message || vec_reserve_one(&out->v, out->n, &out->cap, sizeof(*out->v), 16))
		return;
	x = &out->v[out->n++];
	memset(x, 0, sizeof(*x));
	x->from = lsp_pos_from_loc(doc->text, doc->len, f->loc.line, f->loc.col ? f->loc.col : 1);
	size_t off = lsp_offset(doc->text, doc->len, x->from);

	x->to = lsp_position(doc->text, doc->len, token_end(doc->text, doc->len, off));
	x->severity = f->severity;
	if (asprintf(&x->message, "%s%s%s%s", node && *node ? node : "", node && *node ? ": " : "",
		     f->message, suffix ? suffix : "") < 0)
		x->message = NULL;
	x->rule = dup_or_null(f->rule);
	x->fix_from = dup_or_null(f->fix_from);
	x->fix_to = dup_or_null(f->fix_to);
}

/* Append a note to the finding it follows. */
static void add_note(struct lsp_findings *out, const char *msg)
{
	struct lsp_finding *x = out->n ? &out->v[out->n - 1] : NULL;
	char *m;

	if (!x || !x->message || !msg || asprintf(&m, "%s\n%s", x->message, msg) < 0)
		return;
	free(x->message);
	x->message = m;
}

/* The findings of the run about @doc's file (@real), with @suffix added to their message. */
static void collect_end(struct lsp_workspace *w, const struct lsp_doc *doc, const char *real,
			const char *suffix, struct lsp_findings *out)
{
	const struct dtbind_finding *f;
	size_t n = dtbind_diag_collected(w->diag, &f);
	bool last_kept = false;

	for (size_t i = 0; i < n; i++) {
		if (f[i].severity == DTBIND_NOTE) {
			if (last_kept)
				add_note(out, f[i].message);
			continue;
		}
		last_kept = same_file(f[i].loc.file, real);
		if (last_kept)
			add_finding(out, doc, &f[i], suffix);
	}
	dtbind_diag_clear(w->diag);
}

static bool has_ext(const char *path, const char *ext)
{
	return path && str_ends_with(path, ext);
}

/* Does the DTS text of @file #include (or /include/) a file named @base? */
static bool includes(const char *file, const char *base)
{
	char *buf;
	size_t len;
	bool found = false;

	if (read_file(file, DTBIND_MAX_FILE_SIZE, &buf, &len))
		return false;
	size_t bl = strlen(base);

	for (const char *p = buf; (p = strstr(p, base)) != NULL; p += bl) {
		const char *ls = p;

		while (ls > buf && ls[-1] != '\n')
			ls--;
		/* the name ends a quoted or bracketed path on an include line */
		if ((p == ls || strchr("\"</", p[-1])) && strchr("\">", p[bl]) &&
		    (strstr(ls, "include") && strstr(ls, "include") < p)) {
			found = true;
			break;
		}
	}
	free(buf);
	return found;
}

/* A file in @dir with extension @ext that includes @base, or NULL (malloc'd). */
static char *includer_in(const char *dir, const char *base, const char *ext)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *best = NULL;

	if (!d)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		char *p;

		if (!has_ext(e->d_name, ext) || asprintf(&p, "%s/%s", dir, e->d_name) < 0)
			continue;
		/* the first by name, so that the same board is shown each time */
		if (includes(p, base) && (!best || strcmp(p, best) < 0)) {
			free(best);
			best = p;
		} else {
			free(p);
		}
	}
	closedir(d);
	return best;
}

/* A board that includes the .dtsi @path, directly or through another .dtsi of its folder. */
static char *board_for(const char *path)
{
	char *dir = strdup(path), *name = strdup(path), *board = NULL;

	if (!dir || !name)
		goto out;
	const char *d = dirname(dir), *base = basename(name);

	board = includer_in(d, base, ".dts");
	if (!board) {
		char *mid = includer_in(d, base, ".dtsi");

		if (mid) {
			char *mname = strdup(mid);

			if (mname)
				board = includer_in(d, basename(mname), ".dts");
			free(mname);
			free(mid);
		}
	}
out:
	free(dir);
	free(name);
	return board;
}

/* board_for(), remembered: a folder of boards is read once, not at each keystroke. */
static const char *board_of(struct lsp_workspace *w, const char *dtsi)
{
	struct stat st;

	for (size_t i = 0; i < w->n_boards; i++)
		if (!strcmp(w->boards[i].dtsi, dtsi)) {
			if (w->boards[i].board && !stat(w->boards[i].board, &st))
				return w->boards[i].board;
			free(w->boards[i].board);	/* gone since: look again */
			return w->boards[i].board = board_for(dtsi);
		}
	if (vec_reserve_one(&w->boards, w->n_boards, &w->cap_boards, sizeof(*w->boards), 8))
		return NULL;
	struct board_of *b = &w->boards[w->n_boards];

	if (!(b->dtsi = strdup(dtsi)))
		return NULL;
	b->board = board_for(dtsi);
	w->n_boards++;
	return b->board;
}

static int check_binding(struct lsp_workspace *w, struct tree *t, const struct lsp_doc *doc)
{
	struct dtbind_lint_opts lo = { .yamllint = true, .gen = w->gen };
	unsigned findings;
	struct dt_checker *c;

	if (w->linter && ++w->lints > LINTS_PER_LINTER) {
		dtbind_linter_free(w->linter);
		w->linter = NULL;
	}
	if (!w->linter) {
		w->lints = 0;
		if (dtbind_linter_new(w->diag, &lo, &w->linter))
			return -DTBIND_ENOMEM;
	}
	int ret = dtbind_lint_buffer(w->linter, doc->path, doc->text, doc->len);

	if (!ret && (c = tree_checker(w, t)) != NULL)
		ret = dt_checker_examples_buffer(c, doc->path, doc->text, doc->len, &findings);
	return ret;
}

/* The open sources (.dts, .dtsi, .h) by real path, for the preprocessor; free with unsaved_free(). */
static struct cpp_unsaved *unsaved_of(const struct lsp_docs *open, size_t *n)
{
	struct cpp_unsaved *v = calloc(open->n + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; v && i < open->n; i++) {
		const struct lsp_doc *d = open->v[i];
		char *real;

		if (!d->path || !(has_ext(d->path, ".dts") || has_ext(d->path, ".dtsi") ||
				  has_ext(d->path, ".h")) || !(real = realpath(d->path, NULL)))
			continue;
		v[(*n)++] = (struct cpp_unsaved){ real, d->text, d->len };
	}
	return v;
}

static void unsaved_free(struct cpp_unsaved *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free((char *)v[i].path);
	free(v);
}

int lsp_workspace_check(struct lsp_workspace *w, const struct lsp_doc *doc,
			const struct lsp_docs *open, struct lsp_findings *out)
{
	struct tree *t = tree_of(w, doc->path);
	char *real = doc->path ? realpath(doc->path, NULL) : NULL;
	char *suffix = NULL;
	const char *board;
	unsigned findings;
	int ret = 0;

	if (!t || !doc->path)
		return -DTBIND_EINVAL;
	if (!real)
		real = strdup(doc->path);	/* not saved yet */
	collect_begin(w);
	if (has_ext(doc->path, ".yaml")) {
		ret = check_binding(w, t, doc);
	} else if (has_ext(doc->path, ".dts") || has_ext(doc->path, ".dtsi")) {
		struct dt_checker *c = tree_checker(w, t);
		size_t n_unsaved = 0;
		struct cpp_unsaved *unsaved = c ? unsaved_of(open, &n_unsaved) : NULL;

		if (c && unsaved)
			dt_checker_set_unsaved(c, unsaved, n_unsaved);
		if (c && unsaved && has_ext(doc->path, ".dts")) {
			ret = dt_checker_source(c, doc->path, doc->text, doc->len, NULL, false, &findings);
		} else if (c && unsaved && (board = board_of(w, real)) != NULL) {
			/* A .dtsi: seen through a board that includes it. */
			const char *b = strrchr(board, '/');

			if (asprintf(&suffix, " (seen from board %s)", b ? b + 1 : board) < 0)
				suffix = NULL;
			ret = dt_checker_tree(c, board, &findings);
		}
		if (c)
			dt_checker_set_unsaved(c, NULL, 0);
		unsaved_free(unsaved, n_unsaved);
	}
	collect_end(w, doc, real, suffix, out);
	free(real);
	free(suffix);
	return ret < 0 && ret != -DTBIND_EPARSE ? ret : 0;
}

void lsp_workspace_saved(struct lsp_workspace *w, const struct lsp_doc *doc)
{
	struct tree *t;

	if (!has_ext(doc->path, ".yaml") || !(t = tree_of(w, doc->path)) || !*t->root ||
	    strncmp(doc->path, t->root, strlen(t->root)))
		return;
	/*
	 * The next check reloads the tree's bindings through the schema cache,
	 * which processes again only the files whose content changed.
	 */
	dt_checker_free(t->checker);
	t->checker = NULL;
	t->checker_failed = false;
}
