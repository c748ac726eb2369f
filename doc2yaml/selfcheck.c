// SPDX-License-Identifier: BSD-2-Clause
/*
 * selfcheck.c - the self-check: lint and exampletest on the output, relayed to .txt lines.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

void rm_tree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}


static bool file_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

/* The sink's text written since the last call. */
static char *take_output(struct dtbind_doc2yaml *c)
{
	char *r;

	fflush(c->cout);
	if (c->clen <= c->coff)
		return NULL;
	r = strndup(c->cbuf + c->coff, c->clen - c->coff);
	c->coff = c->clen;
	return r;
}

static int check_setup(struct dtbind_doc2yaml *c)
{
	const char *base = getenv("TMPDIR");
	char *dir = NULL, *root = NULL;
	struct dtbind_lint_opts lo = { 0 };

	if (c->tmp)
		return 0;
	if (asprintf(&dir, "%s/dtbind-doc2yaml-XXXXXX", base && *base ? base : "/tmp") < 0)
		return -DTBIND_ENOMEM;
	if (!cleanup_mkdtemp(dir)) {	/* removed on a signal too */
		free(dir);
		return -DTBIND_EIO;
	}
	c->tmp = dir;
	c->cout = open_memstream(&c->cbuf, &c->clen);
	c->cdiag = c->cout ? dtbind_diag_new(c->cout, DTBIND_FORMAT_GCC) : NULL;
	if (!c->tmp || !c->cdiag || asprintf(&root, "%s/root", c->tmp) < 0)
		return -DTBIND_ENOMEM;
	mkdir(root, 0700);
	dtbind_diag_set_rule(c->cdiag, "id-matches-path", -1);
	/* The linter keeps the pointer: the string lives as long as the converter. */
	c->check_root = root;
	lo.bindings_root = root;
	/* The scratch root has no Makefile: the real tree says which dt-schema. */
	lo.gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen);
	return dtbind_linter_new(c->cdiag, &lo, &c->linter);
}

/* Findings of the inner sink for @path, back at the .txt lines. */
static void relay(struct dtbind_doc2yaml *c, const char *txt, const char *path, const unsigned *map,
		  size_t nmap, const char *rule, char *out)
{
	size_t pl = strlen(path);

	for (char *p = out; p && *p;) {
		char *eol = strchr(p, '\n');

		if (eol)
			*eol = '\0';
		if (!strncmp(p, path, pl) && p[pl] == ':') {
			char *q = p + pl + 1;
			unsigned yl = (unsigned)strtoul(q, &q, 10);

			if (*q == ':')
				strtoul(q + 1, &q, 10);
			if (*q == ':')
				q++;
			q = (char *)skip_blanks(q);
			enum dtbind_severity sev = DTBIND_NOTE;

			if (starts_with(q, "error: ")) {
				sev = DTBIND_ERROR;
				q += 7;
			} else if (starts_with(q, "warning: ")) {
				sev = DTBIND_WARNING;
				q += 9;
			} else if (starts_with(q, "note: ")) {
				q += 6;
			}
			/* Example findings are for a reviewer: warnings, not errors. */
			if (!strcmp(rule, "doc2yaml-exampletest") && sev == DTBIND_ERROR)
				sev = DTBIND_WARNING;
			unsigned tl = yl && yl <= nmap ? map[yl - 1] : 1;
			struct dtbind_loc loc = { txt, tl ? tl : 1, 1 };

			dtbind_diag_report(c->diag, sev, loc, rule, "generated schema line %u: %s", yl, q);
		}
		p = eol ? eol + 1 : NULL;
	}
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

		if (asprintf(&dst, "%s/root/%s", c->tmp, path) < 0)
			return;
		if (asprintf(&src, "%s/%s", real_root, path) < 0) {
			free(dst);
			return;
		}
		if (!file_exists(dst) && file_exists(src) && !mkdir_parents(dst, 0700) && !symlink(src, dst)) {
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
		if (asprintf(&path, "%s/inc/%s", c->tmp, h) < 0)
			break;
		mkdir_parents(path, 0700);
		FILE *f = fopen(path, "a");

		if (f) {
			size_t ln = strlen(name);

			if (ln && name[ln - 1] == '(')
				fprintf(f, "#define %.*s(...) 0\n", (int)ln - 1, name);
			else
				fprintf(f, "#define %s %s\n", name, macro_value(name));
			fclose(f);
		}
		free(path);
	}
	free(owned[0]);
	free(owned[1]);
}

/*
 * Exampletest findings of one result: those another result's schema raised
 * (all results share the check root) are not this file's; the "from this
 * schema" notes say whose they are.
 */
static void relay_examples(struct dtbind_doc2yaml *c, const struct check_item *ci, char *out)
{
	char own[64];
	const char *slash = strstr(ci->path, "/dtbind-selfcheck/");
	struct strbuf keep;

	if (!out)
		return;
	snprintf(own, sizeof(own), "%.*s", slash ? (int)(strcspn(slash + 18, "/") + 18) : 0,
		 slash ? slash : "");
	sb_init(&keep);
	for (char *p = out; p && *p;) {
		/* One block: a finding and its notes. */
		char *end = p;

		do {
			end = strchr(end, '\n');
			if (end)
				end++;
		} while (end && *end && (strstr(end, ": note: ") &&
					 strstr(end, ": note: ") < strchr(end, '\n')));
		size_t n = end ? (size_t)(end - p) : strlen(p);
		bool other = false;

		for (char *q = p; q < p + n;) {
			char *eol = memchr(q, '\n', (size_t)(p + n - q));
			size_t ln = eol ? (size_t)(eol - q) : (size_t)(p + n - q);
			char *sc = strstr(q, "/dtbind-selfcheck/");

			if (sc && sc < q + ln && memmem(q, ln, "from this schema", 16) && own[0] &&
			    strncmp(sc, own, strlen(own)))
				other = true;
			q = eol ? eol + 1 : p + n;
		}
		if (!other)
			for (char *q = p; q < p + n;) {
				char *eol = memchr(q, '\n', (size_t)(p + n - q));
				size_t ln = eol ? (size_t)(eol - q) + 1 : (size_t)(p + n - q);

				if (!memmem(q, ln, "from this schema", 16))
					sb_putn(&keep, q, ln);
				q += ln;
			}
		p = end;
	}
	if (keep.len)
		relay(c, ci->txt, ci->path, ci->map, ci->nmap, "doc2yaml-exampletest", keep.buf);
	sb_free(&keep);
}

void run_example_checks(struct dtbind_doc2yaml *c)
{
	const char *dirs[16];
	char *owned[2] = { NULL, NULL }, *root = NULL, *inc = NULL;
	size_t nd;
	struct dt_checker *chk = NULL;

	if (!c->pending)
		return;
	include_dirs(c, dirs, &nd, ARRAY_SIZE(dirs) - 2, owned);
	if (asprintf(&inc, "%s/inc", c->tmp) >= 0)
		dirs[nd++] = inc;
	struct dt_checker_opts o = { .include_dirs = dirs, .n_include_dirs = nd, .show_schema = true,
				     .gen = dtbind_gen_choose(c->opts.bindings_root, c->opts.gen) };

	if (asprintf(&root, "%s/root", c->tmp) >= 0) {
		o.bindings_root = root;
		if (dt_checker_new(c->cdiag, &o, &chk))
			chk = NULL;
	}
	free(take_output(c));	/* schema load warnings are not ours to report */
	for (struct check_item *ci = c->pending, *next; ci; ci = next) {
		unsigned findings = 0;

		next = ci->next;
		if (chk) {
			dt_checker_examples(chk, ci->path, &findings);
			char *out = take_output(c);

			relay_examples(c, ci, out);
			free(out);
		}
		free(ci->txt);
		free(ci->path);
		free(ci->map);
		free(ci);
	}
	c->pending = NULL;
	c->ptail = &c->pending;
	dt_checker_free(chk);
	free(root);
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
	char *lint_path = NULL, *ex_path = NULL, *out;
	struct emitter cem = { .src = 1 };
	const struct emitter *em = &cem;

	if (check_setup(c))
		return;
	if (!c->inc_root && cv->root)
		c->inc_root = strdup(cv->root);
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
	if (asprintf(&lint_path, "%s/lint-%u.yaml", c->tmp, seq) < 0)
		goto done;
	if (!write_file_atomic(lint_path, (const struct strbuf *[]){ &em->sb }, 1, -1, 0)) {
		dtbind_diag_set_rule(c->cdiag, "ref-resolves", cv->root ? DTBIND_ERROR : -1);
		dtbind_lint_file(c->linter, lint_path);
		out = take_output(c);
		relay(c, cv->file, lint_path, out_em->map, out_em->nmap, "doc2yaml-lint", out);
		free(out);
		unlink(lint_path);
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
	if (asprintf(&ex_path, "%s/root/%s", c->tmp, rel) >= 0) {
		if (file_exists(ex_path)) {
			/* Another result has this $id: check this one under a name of its own. */
			free(ex_path);
			ex_path = NULL;
			if (asprintf(&ex_path, "%s/root/dtbind-%u/%s", c->tmp, seq, rel) < 0)
				ex_path = NULL;
		}
	}
	if (ex_path && !mkdir_parents(ex_path, 0700) &&
	    !write_file_atomic(ex_path, (const struct strbuf *[]){ &use->sb }, 1, -1, 0)) {
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
