// SPDX-License-Identifier: BSD-2-Clause
/*
 * selfcheck.c - the self-check: lint and exampletest on the output (in memory, an
 * overlay), their findings relayed to .txt lines.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

/*
 * The results are checked where lint and exampletest find them: in memory,
 * in an overlay whose top is this path (nothing under it is on disk).
 */
#define SELFCHECK_TOP "/dtbind-doc2yaml"

static bool file_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

/* Does @p exist as the inner tools see it (the overlay over the disk)? */
static bool seen(struct dtbind_doc2yaml *c, const char *p)
{
	struct fs_overlay *was = fs_overlay_use(c->ov);
	struct stat st;
	bool r = fs_stat(p, &st) == 0;

	fs_overlay_use(was);
	return r;
}

static int check_setup(struct dtbind_doc2yaml *c)
{
	struct dtbind_lint_opts lo = { 0 };

	if (c->ov)
		return 0;
	if (!(c->top = strdup(SELFCHECK_TOP)) || !(c->ov = fs_overlay_new(c->top)) ||
	    asprintf(&c->check_root, "%s/root", c->top) < 0 ||
	    fs_overlay_mkdir(c->ov, c->check_root) || !(c->cdiag = dtbind_diag_new_collect()))
		return -DTBIND_ENOMEM;
	dtbind_diag_set_rule(c->cdiag, "id-matches-path", -1);
	/* The linter keeps the pointer: the string lives as long as the converter. */
	lo.bindings_root = c->check_root;
	/* The scratch root has no Makefile: the real tree says which dt-schema. */
	lo.gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen);
	return dtbind_linter_new(c->cdiag, &lo, &c->linter);
}

/*
 * A finding's text after "severity: " as the gcc format prints it (node,
 * message, rule), up to the first line break.
 */
static char *finding_text(const struct dtbind_finding *f)
{
	char *t = NULL;
	bool node = f->node && *f->node && f->severity != DTBIND_NOTE;

	if (asprintf(&t, "%s%s%s%s%s%s", node ? f->node : "", node ? ": " : "", f->message,
		     f->rule ? " [" : "", f->rule ? f->rule : "", f->rule ? "]" : "") < 0)
		return NULL;
	t[strcspn(t, "\n")] = '\0';
	return t;
}

/* Findings of the inner sink about @path, back at the .txt lines. */
static void relay(struct dtbind_doc2yaml *c, const char *txt, const char *path, const unsigned *map,
		  size_t nmap, const char *rule, const struct dtbind_finding *const *fs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct dtbind_finding *f = fs[i];
		enum dtbind_severity sev = f->severity;
		unsigned yl = f->loc.line;
		char *text;
		bool seen = false;

		if (!f->loc.file || strcmp(f->loc.file, path) || !(text = finding_text(f)))
			continue;
		/*
		 * Once: a node two schemas select (a panel by its compatible and
		 * by the child's $ref) raises the same finding from each.
		 */
		for (size_t k = 0; k < i && !seen; k++) {
			char *prev;

			if (fs[k]->loc.line != yl || !fs[k]->loc.file || strcmp(fs[k]->loc.file, path) ||
			    !(prev = finding_text(fs[k])))
				continue;
			seen = !strcmp(prev, text);
			free(prev);
		}
		if (seen) {
			free(text);
			continue;
		}
		/* Example findings are for a reviewer: warnings, not errors. */
		if (!strcmp(rule, "doc2yaml-exampletest") && sev == DTBIND_ERROR)
			sev = DTBIND_WARNING;
		unsigned tl = yl && yl <= nmap ? map[yl - 1] : 1;
		struct dtbind_loc loc = { txt, tl ? tl : 1, 1 };

		dtbind_diag_report(c->diag, sev, loc, rule, "generated schema line %u: %s", yl, text);
		free(text);
	}
}

/* What the inner sink collected since the last call, as pointers (caller frees the array). */
static const struct dtbind_finding **take_findings(struct dtbind_doc2yaml *c, size_t *n)
{
	const struct dtbind_finding *fs;
	const struct dtbind_finding **v;

	*n = dtbind_diag_collected(c->cdiag, &fs);
	v = calloc(*n + 1, sizeof(*v));
	for (size_t i = 0; v && i < *n; i++)
		v[i] = &fs[i];
	if (!v)
		*n = 0;
	return v;
}

/* $refs of a YAML text ("$ref: /schemas/x.yaml#..." or "$ref: x.yaml#"), by file. */
static void link_refs(struct dtbind_doc2yaml *c, const char *real_root, const char *text,
		      const char *rel, unsigned depth)
{
	if (depth > 8)
		return;
	for (const char *p = strstr(text, "$ref:"); p; p = strstr(p + 5, "$ref:")) {
		const char *q = skip_blanks(p + 5);
		char ref[512], path[512];
		size_t n = 0;

		if (*q == '"' || *q == '\'')
			q++;
		while (q[n] && q[n] != '#' && !isspace((unsigned char)q[n]) && q[n] != '"' &&
		       q[n] != '\'' && n + 1 < sizeof(ref))
			n++;
		if (!n)
			continue;
		snprintf(ref, sizeof(ref), "%.*s", (int)n, q);
		if (starts_with(ref, "/schemas/")) {
			snprintf(path, sizeof(path), "%s", ref + 9);
		} else if (!strstr(ref, "://")) {
			const char *slash = strrchr(rel, '/');

			int dl = slash ? (int)(slash - rel + 1) : 0;

			if ((size_t)dl + strlen(ref) + 1 > sizeof(path))
				continue;
			memcpy(path, rel, (size_t)dl);
			strcpy(path + dl, ref);
		} else {
			continue;
		}
		if (strstr(path, ".."))
			continue;
		char *dst, *src;

		if (asprintf(&dst, "%s/%s", c->check_root, path) < 0)
			return;
		if (asprintf(&src, "%s/%s", real_root, path) < 0) {
			free(dst);
			return;
		}
		/* The bindings tree's file, seen in the check root as a symlink would show it. */
		if (!seen(c, dst) && file_exists(src) && !fs_overlay_link(c->ov, dst, src)) {
			char *buf;
			size_t len;

			if (read_file(src, 4u << 20, &buf, &len) == 0) {
				link_refs(c, real_root, buf, path, depth + 1);
				free(buf);
			}
		}
		free(dst);
		free(src);
	}
}

static bool is_core_ref(const char *ref)
{
	char path[512];
	size_t n = 0;

	if (ref[0] == '#')
		return true;
	if (!starts_with(ref, "/schemas/"))
		return false;
	ref += 9;
	while (ref[n] && ref[n] != '#' && n + 1 < sizeof(path) - 5)
		n++;
	snprintf(path, sizeof(path), "core/%.*s", (int)n, ref);
	return embedded_find(path) != NULL;
}

/* Without the bindings tree: drop $refs to its schemas, let what they allowed pass. */
static void strip_refs(struct conv *cv, struct ynode *n, unsigned depth)
{
	bool stripped = false;

	if (!n || depth > 32)
		return;
	if (n->kind == Y_MAP) {
		for (struct ynode **pp = &n->first; *pp;) {
			struct ynode *m = *pp;

			if (!strcmp(m->key, "$ref") && m->kind == Y_STR && !is_core_ref(m->s)) {
				*pp = m->next;
				stripped = true;
				continue;
			}
			if (!strcmp(m->key, "allOf") && m->kind == Y_SEQ) {
				for (struct ynode **ap = &m->first; *ap;) {
					struct ynode *r = yget(*ap, "$ref");

					if (r && r->kind == Y_STR && !is_core_ref(r->s) && !r->next &&
					    (*ap)->first == r) {
						*ap = (*ap)->next;
						stripped = true;
						continue;
					}
					ap = &(*ap)->next;
				}
				m->last = NULL;
				for (struct ynode *x = m->first; x; x = x->next)
					m->last = x;
				if (!m->first) {
					*pp = m->next;
					continue;
				}
			}
			pp = &m->next;
		}
		n->last = NULL;
		for (struct ynode *x = n->first; x; x = x->next)
			n->last = x;
		if (stripped) {
			struct ynode *u = yget(n, "unevaluatedProperties");

			if (u && u->kind == Y_RAW)
				u->s = "true";
			if (yget(n, "properties") && !yget(n, "type") && !yget(n, "$ref") && depth)
				yset(n, "type", yraw(cv, "object", n->src));
		}
	}
	for (struct ynode *m = n->first; m; m = m->next)
		if (m->kind == Y_MAP || m->kind == Y_SEQ)
			strip_refs(cv, m, depth + 1);
}

/* Known values of the macros whose headers we name (for stub headers). */
static const char *macro_value(const char *name)
{
	static const struct { const char *n, *v; } known[] = {
		{ "GIC_SPI", "0" }, { "GIC_PPI", "1" }, { "IRQ_TYPE_NONE", "0" },
		{ "IRQ_TYPE_EDGE_RISING", "1" }, { "IRQ_TYPE_EDGE_FALLING", "2" },
		{ "IRQ_TYPE_EDGE_BOTH", "3" }, { "IRQ_TYPE_LEVEL_HIGH", "4" },
		{ "IRQ_TYPE_LEVEL_LOW", "8" }, { "GPIO_ACTIVE_HIGH", "0" },
		{ "GPIO_ACTIVE_LOW", "1" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(known); i++)
		if (!strcmp(known[i].n, name))
			return known[i].v;
	return "0";
}

/* The tree whose include/ the examples use: the first one a conversion is in. */
void settle_example_tree(struct conv *cv)
{
	if (!cv->c->inc_root && cv->root)
		cv->c->inc_root = strdup(cv->root);
}

void include_dirs(struct dtbind_doc2yaml *c, const char **dirs, size_t *n, size_t max,
			 char **owned)
{
	*n = 0;
	for (size_t i = 0; i < c->opts.n_include_dirs && *n < max; i++)
		dirs[(*n)++] = c->opts.include_dirs[i];
	if (c->inc_root && *n + 2 < max) {
		if (asprintf(&owned[0], "%s/../../../include", c->inc_root) >= 0)
			dirs[(*n)++] = owned[0];
		if (asprintf(&owned[1], "%s/../../../scripts/dtc/include-prefixes", c->inc_root) >= 0)
			dirs[(*n)++] = owned[1];
	}
}

/* A definition of @name appended to the stub header @path (in the overlay). */
static void add_stub(struct dtbind_doc2yaml *c, const char *path, const char *name)
{
	struct fs_overlay *was = fs_overlay_use(c->ov);
	struct strbuf sb;
	char *old = NULL;
	size_t len = 0, ln = strlen(name);

	sb_init(&sb);
	if (!read_file(path, DTBIND_MAX_FILE_SIZE, &old, &len))
		sb_putn(&sb, old, len);
	fs_overlay_use(was);
	if (ln && name[ln - 1] == '(')
		sb_printf(&sb, "#define %.*s(...) 0\n", (int)ln - 1, name);
	else if (ln && name[ln - 1] == '"')
		sb_printf(&sb, "#define %.*s \"stub\"\n", (int)ln - 1, name);	/* a string macro */
	else
		sb_printf(&sb, "#define %s %s\n", name, macro_value(name));
	if (!sb.oom)
		fs_overlay_put(c->ov, path, sb.buf, sb.len);
	sb_free(&sb);
	free(old);
}

/* Stub headers for the macros whose header no include directory has. */
static void write_stubs(struct conv *cv)
{
	struct dtbind_doc2yaml *c = cv->c;
	const char *dirs[16];
	char *owned[2] = { NULL, NULL };
	size_t nd;

	include_dirs(c, dirs, &nd, ARRAY_SIZE(dirs) - 1, owned);
	for (size_t i = 0; i < cv->macro_uses.n; i++) {
		const char *h = cv->macro_uses.v[i], *name = h + strlen(h) + 1;
		bool found = false;
		size_t hl = strlen(h), nl = strlen(name);

		if (hmap_get_str(&c->stubs, h, hl + nl + 1))
			continue;
		for (size_t d = 0; d < nd && !found; d++) {
			char *p;

			if (asprintf(&p, "%s/%s", dirs[d], h) >= 0) {
				found = file_exists(p);
				free(p);
			}
		}
		if (found)
			continue;
		char *key = arena_strndup(&c->macro_arena, h, hl + nl + 1), *path;

		if (!key)
			break;
		hmap_put_str(&c->stubs, key, hl + nl + 1, (void *)1);
		if (asprintf(&path, "%s/inc/%s", c->top, h) < 0)
			break;
		add_stub(c, path, name);
		free(path);
	}
	free(owned[0]);
	free(owned[1]);
}

/* The finding's line as the gcc format prints it contains @what. */
static bool line_has(const struct dtbind_finding *f, const char *what)
{
	char *t = finding_text(f);
	bool r = (f->loc.file && strstr(f->loc.file, what)) || (t && strstr(t, what));

	free(t);
	return r;
}

/*
 * Exampletest findings of one result: those another result's schema raised
 * (all results share the check root) are not this file's; the "from this
 * schema" notes say whose they are.
 */
static void relay_examples(struct dtbind_doc2yaml *c, const struct check_item *ci,
			   const struct dtbind_finding *const *fs, size_t n)
{
	char own[64];
	const char *slash = strstr(ci->path, "/dtbind-selfcheck/");
	const struct dtbind_finding **keep = calloc(n + 1, sizeof(*keep));
	size_t nk = 0;

	if (!keep)
		return;
	snprintf(own, sizeof(own), "%.*s", slash ? (int)(strcspn(slash + 18, "/") + 18) : 0,
		 slash ? slash : "");
	for (size_t i = 0, end; i < n; i = end) {
		/* One block: a finding and its notes. */
		bool other = false;

		for (end = i + 1; end < n && fs[end]->severity == DTBIND_NOTE; end++)
			;
		for (size_t k = i; k < end; k++) {
			const char *sc = fs[k]->loc.file ? strstr(fs[k]->loc.file, "/dtbind-selfcheck/")
							 : NULL;

			if (sc && line_has(fs[k], "from this schema") && own[0] &&
			    strncmp(sc, own, strlen(own)))
				other = true;
		}
		for (size_t k = i; k < end && !other; k++)
			if (!line_has(fs[k], "from this schema"))
				keep[nk++] = fs[k];
	}
	relay(c, ci->txt, ci->path, ci->map, ci->nmap, "doc2yaml-exampletest", keep, nk);
	free(keep);
}

void run_example_checks(struct dtbind_doc2yaml *c)
{
	const char *dirs[16];
	char *owned[2] = { NULL, NULL }, *inc = NULL;
	size_t nd;
	struct dt_checker *chk = NULL;
	struct fs_overlay *was;

	if (!c->pending)
		return;
	include_dirs(c, dirs, &nd, ARRAY_SIZE(dirs) - 2, owned);
	if (asprintf(&inc, "%s/inc", c->top) >= 0)
		dirs[nd++] = inc;
	struct dt_checker_opts o = { .include_dirs = dirs, .n_include_dirs = nd, .show_schema = true,
				     .gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen),
				     .bindings_root = c->check_root };

	was = fs_overlay_use(c->ov);
	if (dt_checker_new(c->cdiag, &o, &chk))
		chk = NULL;
	fs_overlay_use(was);
	dtbind_diag_clear(c->cdiag);	/* schema load warnings are not ours to report */
	for (struct check_item *ci = c->pending, *next; ci; ci = next) {
		unsigned findings = 0;

		next = ci->next;
		if (chk) {
			size_t n;

			was = fs_overlay_use(c->ov);
			dt_checker_examples(chk, ci->path, &findings);
			fs_overlay_use(was);
			const struct dtbind_finding **fs = take_findings(c, &n);

			relay_examples(c, ci, fs, n);
			free(fs);
			dtbind_diag_clear(c->cdiag);
		}
		free(ci->txt);
		free(ci->path);
		free(ci->map);
		free(ci);
	}
	c->pending = NULL;
	c->ptail = &c->pending;
	dt_checker_free(chk);
	free(inc);
	free(owned[0]);
	free(owned[1]);
}

/*
 * The copy that is checked has an $id of its own (a result named like a
 * common schema, graph.txt say, must not stand in for it) and absolute $refs.
 */
static void check_identity(struct conv *cv, struct ynode *n, const char *idpath, unsigned depth)
{
	if (!n || depth > 32)
		return;
	for (struct ynode *m = n->first; m; m = m->next) {
		if (n->kind == Y_MAP && !strcmp(m->key, "$ref") && m->kind == Y_STR &&
		    m->s[0] != '/' && m->s[0] != '#' && !strstr(m->s, "://")) {
			const char *slash = strrchr(idpath, '/');

			m->s = cv_printf(cv, "/schemas/%.*s%s", slash ? (int)(slash - idpath + 1) : 0,
					 idpath, m->s);
		}
		if (m->kind == Y_MAP || m->kind == Y_SEQ)
			check_identity(cv, m, idpath, depth + 1);
	}
}

void self_check(struct conv *cv, struct ynode *schema, const char *rel,
		       const struct emitter *out_em)
{
	struct dtbind_doc2yaml *c = cv->c;
	char *lint_path = NULL, *ex_path = NULL;
	struct emitter cem = { .src = 1 };
	const struct emitter *em = &cem;

	if (check_setup(c))
		return;
	settle_example_tree(cv);
	unsigned seq = c->seq++;
	const char *crel = cv_printf(cv, "dtbind-selfcheck/%u/%s", seq, rel);

	if (!crel)
		return;
	if (cv->root)
		link_refs(c, cv->root, out_em->sb.buf, rel, 0);
	check_identity(cv, schema, rel, 0);
	yset(schema, "$id", ystr(cv, cv_printf(cv, DT_SCHEMAS "%s#", crel), 1));
	if (emit_schema(cv, schema, &cem) || cem.nmap != out_em->nmap)
		goto done;

	/* Lint the result (its copy: only $id and the $ref spelling differ). */
	if (asprintf(&lint_path, "%s/lint-%u.yaml", c->top, seq) < 0)
		goto done;
	if (!fs_overlay_put(c->ov, lint_path, em->sb.buf, em->sb.len)) {
		struct fs_overlay *was = fs_overlay_use(c->ov);
		size_t n;

		dtbind_diag_set_rule(c->cdiag, "ref-resolves", cv->root ? DTBIND_ERROR : -1);
		dtbind_lint_file(c->linter, lint_path);
		fs_overlay_use(was);
		const struct dtbind_finding **fs = take_findings(c, &n);

		relay(c, cv->file, lint_path, out_em->map, out_em->nmap, "doc2yaml-lint", fs, n);
		free(fs);
		dtbind_diag_clear(c->cdiag);
		fs_overlay_remove(c->ov, lint_path);
	}
	free(lint_path);
	rel = crel;
	if (!yget(schema, "examples"))
		goto done;
	/* The examples, against the schema in a bindings root of its own. */
	struct emitter vem = { .src = 1 };
	const struct emitter *use = em;

	if (!cv->root) {
		strip_refs(cv, schema, 0);
		if (emit_schema(cv, schema, &vem)) {
			sb_free(&vem.sb);
			free(vem.map);
			goto done;
		}
		use = &vem;
	}
	if (asprintf(&ex_path, "%s/%s", c->check_root, rel) >= 0) {
		if (seen(c, ex_path)) {
			/* Another result has this $id: check this one under a name of its own. */
			free(ex_path);
			ex_path = NULL;
			if (asprintf(&ex_path, "%s/dtbind-%u/%s", c->check_root, seq, rel) < 0)
				ex_path = NULL;
		}
	}
	if (ex_path && !fs_overlay_put(c->ov, ex_path, use->sb.buf, use->sb.len)) {
		struct check_item *ci = calloc(1, sizeof(*ci));

		write_stubs(cv);
		if (ci) {
			ci->txt = strdup(cv->file);
			ci->path = ex_path;
			ex_path = NULL;
			ci->map = malloc((use->nmap + 1) * sizeof(*ci->map));
			ci->nmap = use->nmap;
			if (ci->map && use->nmap)
				memcpy(ci->map, use->map, use->nmap * sizeof(*ci->map));
			if (!c->ptail)
				c->ptail = &c->pending;
			*c->ptail = ci;
			c->ptail = &ci->next;
		}
		if (!c->defer)
			run_example_checks(c);
	}
	free(ex_path);
	if (use == &vem) {
		sb_free(&vem.sb);
		free(vem.map);
	}
done:
	sb_free(&cem.sb);
	free(cem.map);
}
