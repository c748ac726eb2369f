// SPDX-License-Identifier: BSD-2-Clause
/*
 * lint.c - check binding schemas: the devicetree meta-schemas (what
 * dt-doc-validate does), $id against the path, every $ref resolving,
 * quoting, the SPDX line and the .yamllint layout rules.
 */
#define _GNU_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "dtschema.h"
#include "lint.h"
#include "yamllint.h"
#include "cpp.h"
#include "dts.h"
#include "examples.h"

#define DT_SCHEMAS "http://devicetree.org/schemas/"
#define DT_META "http://devicetree.org/meta-schemas/"

/* One schema set per bindings root: linting a tree shares every loaded schema. */
struct root_set {
	struct root_set *next;
	char *root;			/* absolute; "" when none was found */
	struct dtbind_schema_set *set;
	enum dtbind_gen gen;		/* the tree's dt-schema generation */
	struct yamllint_config *yamllint;
	bool yamllint_loaded;
};

struct dtbind_linter {
	struct dtbind_diag *diag;
	struct dtbind_lint_opts opts;
	struct root_set *roots;
	enum dtbind_gen gen_now;	/* of the file being linted */
};

int dtbind_linter_new(struct dtbind_diag *diag, const struct dtbind_lint_opts *opts,
		      struct dtbind_linter **out)
{
	struct dtbind_linter *l = calloc(1, sizeof(*l));

	*out = NULL;
	if (!l)
		return -DTBIND_ENOMEM;
	l->diag = diag;
	/* Rules that are off by default; a later -W from the user turns them on. */
	size_t n;
	const struct dtbind_rule *rules = dtbind_rules(&n);

	for (size_t i = 0; i < n; i++)
		if ((rules[i].tools & DTBIND_TOOL_LINT) && rules[i].off &&
		    dtbind_diag_set_rule_default(diag, rules[i].name, -1))
			return -DTBIND_ENOMEM;
	if (opts)
		l->opts = *opts;
	*out = l;
	return 0;
}

void dtbind_linter_free(struct dtbind_linter *l)
{
	if (!l)
		return;
	for (struct root_set *r = l->roots, *next; r; r = next) {
		next = r->next;
		dtbind_schema_set_free(r->set);
		yamllint_config_free(r->yamllint);
		free(r->root);
		free(r);
	}
	free(l);
}

static struct root_set *root_set_for(struct dtbind_linter *l, const char *root)
{
	struct root_set *r;

	for (r = l->roots; r; r = r->next)
		if (!strcmp(r->root, root ? root : ""))
			return r;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->root = strdup(root ? root : "");
	r->set = dtbind_schema_set_new(l->diag);
	if (!r->root || !r->set || dtbind_dtschemas_configure_set(r->set)) {
		free(r->root);
		dtbind_schema_set_free(r->set);
		free(r);
		return NULL;
	}
	dtbind_schema_set_assert_regex_format(r->set, true);
	r->gen = dtbind_gen_choose(root, l->opts.gen);
	dtbind_schema_set_generation(r->set, r->gen);
	/* Later maps are tried first: the bindings tree, then --schemas, then the embedded ones. */
	if (l->opts.schemas_dir) {
		char core[PATH_MAX], meta[PATH_MAX];

		snprintf(core, sizeof(core), "%s/core", l->opts.schemas_dir);
		snprintf(meta, sizeof(meta), "%s/meta", l->opts.schemas_dir);
		dtbind_schema_set_map_prefix(r->set, DT_SCHEMAS, core);
		dtbind_schema_set_map_prefix(r->set, DT_META, meta);
	}
	if (root)
		dtbind_schema_set_map_prefix(r->set, DT_SCHEMAS, root);
	r->next = l->roots;
	l->roots = r;
	return r;
}

static void report(struct dtbind_linter *l, struct dtbind_loc loc, const char *rule,
		   const char *fmt, ...) DTBIND_PRINTF(4, 5);
static void report(struct dtbind_linter *l, struct dtbind_loc loc, const char *rule,
		   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dtbind_diag_vreport(l->diag, dtbind_rule_severity(rule, DTBIND_ERROR), loc, rule, fmt, ap);
	va_end(ap);
}

/* checkpatch's rule for binding files, as a comment on line 1. */
static void check_spdx(struct dtbind_linter *l, const char *path, const char *buf, size_t len)
{
	struct dtbind_loc loc = { path, 1, 1 };
	const char *eol = memchr(buf, '\n', len);
	size_t n = eol ? (size_t)(eol - buf) : len;
	char line[256];
	const char *tag = "SPDX-License-Identifier:";

	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	memcpy(line, buf, n);
	line[n] = '\0';
	char *p = strstr(line, tag);

	if (!p || line[0] != '#') {
		report(l, loc, "spdx", "missing SPDX line: the first line of a binding should be "
				       "'# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)'");
		return;
	}
	p += strlen(tag);
	while (*p == ' ')
		p++;
	/* checkpatch accepts GPL-2.0 or GPL-2.0-only, with or without parentheses. */
	const char *ok[] = {
		"(GPL-2.0-only OR BSD-2-Clause)", "GPL-2.0-only OR BSD-2-Clause",
		"(GPL-2.0 OR BSD-2-Clause)", "GPL-2.0 OR BSD-2-Clause",
	};
	size_t plen = strlen(p);

	while (plen && (p[plen - 1] == ' ' || p[plen - 1] == '\r'))
		p[--plen] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(ok); i++)
		if (!strcmp(p, ok[i]))
			return;
	loc.col = (uint32_t)(p - line) + 1;
	report(l, loc, "spdx", "DT binding documents should be licensed "
			       "(GPL-2.0-only OR BSD-2-Clause), not '%s'", p);
}

static void check_id(struct dtbind_linter *l, const char *abs, const char *root,
		     const struct dtbind_value *doc)
{
	const struct dtbind_member *m = dtbind_value_member(doc, "$id");

	if (!m || m->value->kind != DTBIND_STRING || !root)
		return;	/* a missing $id is the meta-schema's finding */
	size_t rl = strlen(root);

	if (strncmp(abs, root, rl) || abs[rl] != '/')
		return;
	char *expected = NULL;
	const char *id = m->value->u.str.ptr;

	/*
	 * 2026.06 only needs the $id's path to end the file's path: it finds
	 * the bindings root from it ("altr,pcie-root-port.yaml" in pci/).
	 */
	if (l->gen_now == DTBIND_GEN_2026_06 && !strncmp(id, DT_SCHEMAS, strlen(DT_SCHEMAS))) {
		const char *rel = id + strlen(DT_SCHEMAS);
		size_t n = strlen(rel), al = strlen(abs);

		if (n && rel[n - 1] == '#')
			n--;
		if (n && n <= al && !strncmp(abs + al - n, rel, n))
			return;
		report(l, m->value->loc, "id-matches-path",
		       "$id '%s' is not the end of the file's path: the bindings root cannot be "
		       "found from it (expected '" DT_SCHEMAS "%s#')", id, abs + rl + 1);
		return;
	}
	if (asprintf(&expected, DT_SCHEMAS "%s#", abs + rl + 1) < 0)
		return;
	if (strcmp(m->value->u.str.ptr, expected))
		report(l, m->value->loc, "id-matches-path",
		       "$id '%s' does not match the file's path under the bindings root; "
		       "expected '%s'", m->value->u.str.ptr, expected);
	free(expected);
}

/* Every $ref of the document resolves (examples excluded: they are DTS). */
static void check_refs(struct dtbind_linter *l, struct dtbind_schema_set *set, const char *base,
		       const struct dtbind_value *v, unsigned depth)
{
	if (depth > DTBIND_MAX_DEPTH)
		return;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			check_refs(l, set, base, v->u.seq.items[i], depth + 1);
		return;
	}
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (depth == 0 && !strcmp(m->key, "examples"))
			continue;
		if (!strcmp(m->key, "$ref") && m->value->kind == DTBIND_STRING) {
			struct arena a;
			const struct dtbind_schema *s;
			const char *ref = m->value->u.str.ptr;
			size_t hash = uri_fragment_offset(ref);

			if (hash > 6 && !strncmp(ref + hash - 6, ".yaml/", 6))
				report(l, m->value->loc, "ref-form",
				       "'/' after the file name in $ref '%s'; write '%.*s%s'", ref,
				       (int)hash - 1, ref, ref + hash);
			if (ref[hash] == '#' && ref[hash + 1] && ref[hash + 1] != '/' &&
			    strchr(ref + hash, '/'))
				report(l, m->value->loc, "ref-form",
				       "'%s' in $ref '%s' is not a JSON pointer; write '#/%s'", ref + hash,
				       ref, ref + hash + 1);
			arena_init(&a, 1024);
			char *uri = uri_resolve(&a, base, m->value->u.str.ptr);
			int ret = uri ? dtbind_schema_set_get(set, uri, &s) : -DTBIND_ENOMEM;

			if (ret == -DTBIND_ENOTFOUND) {
				size_t f = uri_fragment_offset(uri);
				bool pointer = uri[f] == '#' && uri[f + 1];
				const struct dtbind_schema *file;

				if (pointer) {
					char *doc_uri = arena_strndup(&a, uri, f);

					pointer = dtbind_schema_set_get(set, doc_uri, &file) == 0;
				}
				report(l, m->value->loc, "ref-resolves",
				       pointer ? "$ref '%s': the file exists but has no '%s'"
					       : "$ref '%s' does not resolve to a schema file (%s)",
				       m->value->u.str.ptr,
				       pointer ? uri + f + 1 : uri);
			} else if (ret && ret != -DTBIND_EPARSE) {
				report(l, m->value->loc, "ref-resolves", "$ref '%s': %s",
				       m->value->u.str.ptr, dtbind_strerror(ret));
			}
			arena_release(&a);
			continue;
		}
		check_refs(l, set, base, m->value, depth + 1);
	}
}

/*
 * 2026.06 resolves "/schemas/..." against the directory the $id implies
 * (the file's path less the $id's): with an $id that is only a suffix of
 * the path under the tree, that is not the tree's root.  NULL when the
 * $id implies @root itself or implies nothing.
 */
static char *id_implied_root(const char *abs, const char *root, const struct dtbind_value *doc)
{
	const struct dtbind_member *m = dtbind_value_member(doc, "$id");
	const char *rel;
	size_t n, al;

	if (!abs || !m || m->value->kind != DTBIND_STRING ||
	    strncmp(m->value->u.str.ptr, DT_SCHEMAS, strlen(DT_SCHEMAS)))
		return NULL;
	rel = m->value->u.str.ptr + strlen(DT_SCHEMAS);
	n = strlen(rel);
	al = strlen(abs);
	if (n && rel[n - 1] == '#')
		n--;
	if (!n || n >= al || strncmp(abs + al - n, rel, n) || abs[al - n - 1] != '/')
		return NULL;
	if (root && strlen(root) == al - n - 1 && !strncmp(abs, root, al - n - 1))
		return NULL;
	return strndup(abs, al - n - 1);
}

/*
 * 2026.06's dt-doc-validate check in code: below a schema that restricts
 * undocumented properties, every node schema restricts its own, itself or
 * through its $ref; a binding that restricts nothing at its top (a common
 * schema, meant to be $ref'd) is exempt.
 */
static bool is_node_schema(const struct dtbind_value *v)
{
	const struct dtbind_member *t;

	if (!v || v->kind != DTBIND_MAP)
		return false;
	t = dtbind_value_member(v, "type");
	if (t && t->value->kind == DTBIND_STRING && !strcmp(t->value->u.str.ptr, "object"))
		return true;
	return dtbind_value_member(v, "properties") || dtbind_value_member(v, "patternProperties") ||
	       dtbind_value_member(v, "additionalProperties") ||
	       dtbind_value_member(v, "unevaluatedProperties");
}

/* additionalProperties / unevaluatedProperties as false or a schema. */
static bool restricts_props(const struct dtbind_value *v)
{
	static const char *const keys[] = { "additionalProperties", "unevaluatedProperties" };

	if (!is_node_schema(v))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		const struct dtbind_member *m = dtbind_value_member(v, keys[i]);

		if (m && (m->value->kind == DTBIND_MAP ||
			  (m->value->kind == DTBIND_BOOL && !m->value->u.b)))
			return true;
	}
	return false;
}

struct constraint_walk {
	struct dtbind_linter *l;
	struct dtbind_schema_set *set;
	const char *base;
	bool is_common;
	bool stop;		/* a $ref did not resolve: the reference gives up too */
};

static bool constraint_skipped(const char *parent)
{
	static const char *const skip[] = { "if", "select", "definitions", "$defs", "then",
					    "else", "dependencies", "dependentSchemas" };

	for (size_t i = 0; parent && i < ARRAY_SIZE(skip); i++)
		if (!strcmp(parent, skip[i]))
			return true;
	return false;
}

/* Does the schema $ref names restrict properties (true when it is no node schema)? */
static bool ref_restricts(struct constraint_walk *w, const struct dtbind_value *v)
{
	const struct dtbind_member *r = dtbind_value_member(v, "$ref");
	const struct dtbind_schema *s;
	struct arena a;
	bool ok = true;

	if (!r || r->value->kind != DTBIND_STRING)
		return true;
	arena_init(&a, 1024);
	char *uri = uri_resolve(&a, w->base, r->value->u.str.ptr);

	if (!uri || dtbind_schema_set_get(w->set, uri, &s))
		w->stop = true;
	else
		ok = restricts_props(dtbind_schema_value(s));
	arena_release(&a);
	return ok;
}

static void check_constraints(struct constraint_walk *w, const struct dtbind_value *v,
			      const char *parent, bool has_constraint, unsigned depth)
{
	if (w->stop || depth > DTBIND_MAX_DEPTH)
		return;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			check_constraints(w, v->u.seq.items[i], parent, has_constraint, depth + 1);
		return;
	}
	if (v->kind != DTBIND_MAP || constraint_skipped(parent))
		return;
	bool combinator = parent && (!strcmp(parent, "allOf") || !strcmp(parent, "anyOf") ||
				     !strcmp(parent, "oneOf"));

	if (is_node_schema(v) && !combinator)
		has_constraint = restricts_props(v);
	bool ref_ok = ref_restricts(w, v);

	if (w->stop)
		return;
	if (!w->is_common && !ref_ok && !has_constraint &&
	    !dtbind_value_member(v, "additionalProperties") &&
	    !dtbind_value_member(v, "unevaluatedProperties"))
		report(w->l, v->loc, "node-constraint",
		       "%s: Missing additionalProperties/unevaluatedProperties constraint",
		       parent ? parent : "(top)");
	for (size_t i = 0; i < v->u.map.n; i++)
		check_constraints(w, v->u.map.members[i].value, v->u.map.members[i].key,
				  has_constraint, depth + 1);
}

/*
 * dt-doc-validate's quoting check: a quoted const value or list item that
 * YAML would read the same way without quotes.
 */
static void check_quotes(struct dtbind_linter *l, const struct dtbind_value *v,
			 const char *key, bool parent_flow, unsigned depth)
{
	if (depth > DTBIND_MAX_DEPTH)
		return;
	if (v->kind == DTBIND_STRING) {
		const char *s = v->u.str.ptr;

		if (v->style != DTBIND_STYLE_SINGLE_QUOTED && v->style != DTBIND_STYLE_DOUBLE_QUOTED)
			return;
		if (key && strcmp(key, "const"))
			return;
		if (!s[0] || strchr("#/\"", s[0]))
			return;
		if (parent_flow && strchr(s, ','))
			return;
		report(l, v->loc, "quotes", "quotes are not necessary: %s", s);
		return;
	}
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			check_quotes(l, v->u.seq.items[i], NULL, v->style == DTBIND_STYLE_FLOW,
				     depth + 1);
	} else if (v->kind == DTBIND_MAP) {
		for (size_t i = 0; i < v->u.map.n; i++)
			check_quotes(l, v->u.map.members[i].value, v->u.map.members[i].key,
				     v->style == DTBIND_STYLE_FLOW, depth + 1);
	}
}

static bool is_dt_meta_schema(const char *s)
{
	static const char *const ok[] = {
		DT_META "core.yaml#", DT_META "core.yaml", DT_META "base.yaml#", DT_META "base.yaml",
	};

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++)
		if (!strcmp(s, ok[i]))
			return true;
	return false;
}

static void check_meta(struct dtbind_linter *l, struct dtbind_schema_set *set,
		       const char *path, const struct dtbind_value *doc)
{
	const struct dtbind_member *m = dtbind_value_member(doc, "$schema");
	const struct dtbind_schema *meta;
	struct dtbind_validation *res = NULL;

	if (!m) {
		report(l, doc->loc, "schema-dialect",
		       "'$schema' is missing; bindings use '" DT_META "core.yaml#'");
		return;
	}
	if (m->value->kind != DTBIND_STRING || !is_dt_meta_schema(m->value->u.str.ptr)) {
		char buf[120];

		dtbind_value_to_json(m->value, buf, sizeof(buf));
		report(l, m->value->loc, "schema-dialect",
		       "'$schema' is %s; bindings use '" DT_META "core.yaml#' (or base.yaml# "
		       "for schemas of common properties)", buf);
		return;
	}
	int ret = dtbind_schema_set_get(set, m->value->u.str.ptr, &meta);

	if (ret) {
		report(l, m->value->loc, "schema-dialect", "cannot load the meta-schema '%s': %s",
		       m->value->u.str.ptr, dtbind_strerror(ret));
		return;
	}
	ret = dtbind_schema_validate(meta, doc, &res);
	if (res)
		dtbind_validation_report(res, l->diag, "meta-schema");
	if (ret < 0 && !dtbind_validation_errors(res)->n)
		report(l, (struct dtbind_loc){ .file = path }, "meta-schema",
		       "the meta-schema check failed: %s", dtbind_strerror(ret));
	dtbind_validation_free(res);
}

/*
 * The examples, wrapped as dt_binding_check wraps them, preprocessed and
 * parsed: syntax and tree errors at their line in the .yaml.  Validating
 * them is exampletest's job.
 */
static void check_examples(struct dtbind_linter *l, const char *path, const char *root,
			   const char *buf, size_t len, const struct dtbind_value *doc)
{
	struct strbuf dts;
	struct srcmap map;
	struct cpp_output pp;
	unsigned count = 0;
	char *inc = NULL;
	const char *incs[1];
	struct cpp_opts po = { .include_dirs = incs, .defines = (const char *const[]){ "__DTS__" },
			       .n_defines = 1 };

	struct stat st;

	if (!dtbind_value_get(doc, "examples"))
		return;
	/* Only inside a kernel tree: elsewhere the examples' #includes cannot be found. */
	if (!root || asprintf(&inc, "%s/../../../scripts/dtc/include-prefixes", root) < 0)
		return;
	if (fs_stat(inc, &st) || !S_ISDIR(st.st_mode)) {
		free(inc);
		return;
	}
	incs[po.n_include_dirs++] = inc;
	sb_init(&dts);
	srcmap_init(&map);
	if (examples_wrap(doc, path, buf, len, &dts, &map, &count) == 0 && count &&
	    cpp_run(&po, path, sb_cstr(&dts), dts.len, &map, l->diag, &pp) == 0) {
		struct dt_tree t;

		dt_tree_init(&t);
		dts_parse(&t, path, pp.text, pp.len, &pp.map, l->diag);
		dt_tree_release(&t);
		cpp_output_free(&pp);
	}
	srcmap_free(&map);
	sb_free(&dts);
	free(inc);
}

int dtbind_lint_file(struct dtbind_linter *l, const char *path)
{
	char *buf = NULL;
	size_t len;
	int ret = read_file(path, DTBIND_MAX_FILE_SIZE, &buf, &len);

	if (ret) {
		struct dtbind_loc at = { .file = path };

		if (ret == -DTBIND_ELIMIT)
			report(l, at, "yaml-limit", "file is larger than %u MiB",
			       DTBIND_MAX_FILE_SIZE >> 20);
		else
			report(l, at, "io", "cannot read: %s", strerror(errno));
		return ret;
	}
	ret = dtbind_lint_buffer(l, path, buf, len);
	free(buf);
	return ret;
}

int dtbind_lint_buffer(struct dtbind_linter *l, const char *path, const char *buf, size_t len)
{
	char *abs = NULL, *root = NULL;
	struct dtbind_doc *doc = NULL;
	int ret = 0;

	abs = real_path(path);
	if (l->opts.bindings_root)
		root = real_path(l->opts.bindings_root);
	else if (abs)
		root = bindings_root_above(abs);
	struct root_set *rs = root_set_for(l, root);

	if (!rs) {
		ret = -DTBIND_ENOMEM;
		goto out;
	}
	check_spdx(l, path, buf, len);
	if (l->opts.yamllint) {
		if (!rs->yamllint_loaded) {
			char *cfg = NULL;
			struct stat st;

			rs->yamllint_loaded = true;
			/* The tree's .yamllint when it has one, else the kernel's settings. */
			if (root && asprintf(&cfg, "%s/.yamllint", root) >= 0 && fs_stat(cfg, &st)) {
				free(cfg);
				cfg = NULL;
			}
			/* trees of the 2026.06 generation run yamllint 1.38, older ones 1.29 */
			yamllint_config_load_release(cfg, rs->gen == DTBIND_GEN_2026_06 ?
						     YAMLLINT_1_38 : YAMLLINT_1_29,
						     l->diag, &rs->yamllint);
			free(cfg);
		}
		if (rs->yamllint)
			yamllint_check(rs->yamllint, path, buf, len, l->diag);
	}
	ret = dtbind_doc_load_string(path, buf, len, l->diag, 0, &doc);
	if (ret) {
		ret = 0;	/* a located finding, already reported */
		goto out;
	}
	const struct dtbind_value *v = dtbind_doc_root(doc);

	if (v->kind != DTBIND_MAP) {
		report(l, v->loc, "meta-schema", "a binding is a YAML mapping, not %s",
		       dtbind_kind_name(v->kind));
		goto out;
	}
	l->gen_now = rs->gen;
	check_meta(l, rs->set, path, v);
	check_id(l, abs, root, v);
	check_quotes(l, v, NULL, false, 0);
	check_examples(l, path, root, buf, len, v);

	/* Register the document so its own "#/..." references resolve against it. */
	const struct dtbind_member *id = dtbind_value_member(v, "$id");
	char *file_uri = NULL;
	const char *base;

	if (asprintf(&file_uri, "file://%s", abs ? abs : path) < 0) {
		ret = -DTBIND_ENOMEM;
		goto out;
	}
	base = id && id->value->kind == DTBIND_STRING ? id->value->u.str.ptr : file_uri;
	struct dtbind_doc *copy;

	char *implied = rs->gen == DTBIND_GEN_2026_06 ? id_implied_root(abs, root, v) : NULL;

	if (implied) {
		struct root_set *irs = root_set_for(l, implied);

		free(implied);
		if (irs)
			rs = irs;
	}
	if (dtbind_doc_from_value(path, v, &copy) == 0 &&
	    dtbind_schema_set_add_doc(rs->set, copy, file_uri, NULL) == 0) {
		check_refs(l, rs->set, base, v, 0);
		if (rs->gen == DTBIND_GEN_2026_06) {
			struct constraint_walk w = { l, rs->set, base, !restricts_props(v), false };

			check_constraints(&w, v, NULL, false, 0);
		}
	}
	free(file_uri);
out:
	dtbind_doc_free(doc);
	free(abs);
	free(root);
	return ret;
}
