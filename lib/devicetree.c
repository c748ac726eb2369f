// SPDX-License-Identifier: BSD-2-Clause
/* devicetree.c - source -> FDT -> decoded tree -> findings (see devicetree.h). */
#define _GNU_SOURCE
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cpp.h"
#include "devicetree.h"
#include "dtdecode.h"
#include "dts.h"
#include "fdtwrite.h"

struct dt_checker {
	struct dtbind_diag *diag;
	struct dt_checker_opts opts;
	struct dtbind_dtschemas *schemas;
	char **incs;
	size_t n_incs;
	FILE *dump;
	const struct cpp_unsaved *unsaved;	/* see dt_checker_set_unsaved() */
	size_t n_unsaved;
};

int dt_checker_new(struct dtbind_diag *diag, const struct dt_checker_opts *opts,
		   struct dt_checker **out)
{
	struct dt_checker *c = calloc(1, sizeof(*c));
	int ret;

	*out = NULL;
	if (!c)
		return -DTBIND_ENOMEM;
	c->diag = diag;
	c->opts = *opts;
	c->incs = calloc(opts->n_include_dirs + 3, sizeof(*c->incs));
	if (!c->incs) {
		free(c);
		return -DTBIND_ENOMEM;
	}
	for (size_t i = 0; i < opts->n_include_dirs; i++)
		c->incs[c->n_incs++] = strdup(opts->include_dirs[i]);
	/* As the kernel runs cpp: -I scripts/dtc/include-prefixes, found from the bindings root. */
	if (!opts->n_include_dirs && opts->bindings_root) {
		char *p;

		if (asprintf(&p, "%s/../../../scripts/dtc/include-prefixes", opts->bindings_root) >= 0) {
			if (is_dir(p))
				c->incs[c->n_incs++] = p;
			else
				free(p);
		}
	}
	if (opts->trust_cache && opts->schema_cache)
		ret = dtbind_dtschemas_load_trusted(diag, opts->bindings_root, opts->schema_cache,
						    opts->gen, &c->schemas);
	else if (opts->cache_of)
		ret = dtbind_dtschemas_load_from(diag, opts->bindings_root, opts->cache_of,
						 opts->gen, &c->schemas);
	else
		ret = dtbind_dtschemas_load_cached(diag, opts->bindings_root, opts->schema_cache,
						   opts->use_cache, opts->gen, &c->schemas);
	if (!ret && opts->memo)
		ret = dtbind_dtschemas_memo(c->schemas);
	if (ret) {
		dt_checker_free(c);
		return ret;
	}
	*out = c;
	return 0;
}

void dt_checker_free(struct dt_checker *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_incs; i++)
		free(c->incs[i]);
	free(c->incs);
	dtbind_dtschemas_free(c->schemas);
	free(c);
}

struct dtbind_diag *dt_checker_diag(const struct dt_checker *c)
{
	return c->diag;
}

void dt_checker_set_unsaved(struct dt_checker *c, const struct cpp_unsaved *v, size_t n)
{
	c->unsaved = n ? v : NULL;
	c->n_unsaved = n;
}

struct dtbind_dtschemas *dt_checker_schemas(const struct dt_checker *c)
{
	return c->schemas;
}

enum dtbind_gen dt_checker_generation(const struct dt_checker *c)
{
	return dtbind_dtschemas_generation(c->schemas);
}

void dt_checker_set_dump(struct dt_checker *c, FILE *out)
{
	c->dump = out;
}

struct loc_ctx {
	struct hmap *paths;
};

static struct dtbind_loc source_loc(void *user, const char *path, const char *prop)
{
	struct loc_ctx *lc = user;
	const struct dt_node *n = hmap_get_str(lc->paths, path, strlen(path));
	const struct dt_property *p;

	if (!n)
		return (struct dtbind_loc){ 0 };
	if (prop && (p = dt_node_prop(n, prop)))
		return p->loc;
	return n->loc;
}

int dt_checker_blob(struct dt_checker *c, const char *file, const void *blob, bool examples,
		      struct hmap *paths, unsigned *findings)
{
	struct arena a;
	struct dtbind_value *tree;
	struct loc_ctx lc = { paths };
	struct dtbind_check_opts co = {
		.rule = examples ? "example-schema" : "dt-schema",
		.limit = c->opts.limit,
		.examples = examples,
		.show_schema = c->opts.show_schema,
		.show_unmatched = c->opts.show_unmatched,
		.show_matched = c->opts.show_matched,
		.only_undocumented = c->opts.only_undocumented,
	};
	int ret;

	arena_init(&a, 256 * 1024);
	unsigned decode_errors = 0;

	ret = dt_decode(&a, blob, dtbind_dtschemas_types(c->schemas), file,
			paths ? source_loc : NULL, &lc, c->diag, &decode_errors, &tree);
	if (!ret) {
		if (c->dump) {
			size_t max = 1u << 24;
			char *buf = malloc(max);

			if (buf) {
				dtbind_value_to_json(tree, buf, max);
				fprintf(c->dump, "%s\n", buf);
				free(buf);
			}
		}
		ret = dtbind_dtschemas_check(c->schemas, tree, &co, c->diag, findings);
		*findings += decode_errors;
	}
	arena_release(&a);
	return ret;
}

int dt_checker_source(struct dt_checker *c, const char *file, const char *text, size_t len,
			const struct srcmap *map, bool examples, unsigned *findings)
{
	struct cpp_opts po = {
		.include_dirs = (const char *const *)c->incs,
		.n_include_dirs = c->n_incs,
		.defines = (const char *const[]){ "__DTS__" },
		.n_defines = 1,
		.unsaved = c->unsaved,
		.n_unsaved = c->n_unsaved,
	};
	struct cpp_output pp;
	struct dt_tree t;
	struct hmap paths;
	void *blob = NULL;
	size_t size;
	unsigned before = dtbind_diag_count(c->diag, DTBIND_ERROR);
	int ret;

	*findings = 0;
	if ((ret = cpp_run(&po, file, text, len, map, c->diag, &pp))) {
		*findings = dtbind_diag_count(c->diag, DTBIND_ERROR) - before;
		return ret == -DTBIND_ENOMEM ? ret : 0;
	}
	dt_tree_init(&t);
	hmap_init(&paths);
	ret = dts_parse(&t, file, pp.text, pp.len, &pp.map, c->diag);
	if (ret == 0 || ret == -DTBIND_EPARSE)
		*findings += dtbind_diag_count(c->diag, DTBIND_ERROR) - before;
	if (!ret) {
		ret = dt_to_fdt(&t, &t.arena, &paths, &blob, &size);
		if (ret)
			dtbind_diag_report(c->diag, DTBIND_ERROR, (struct dtbind_loc){ .file = file },
					   "dtb", "cannot write the tree as an FDT: %s",
					   dtbind_strerror(ret));
	}
	if (!ret) {
		unsigned n = 0;

		ret = dt_checker_blob(c, file, blob, examples, &paths, &n);
		*findings += n;
	}
	free(blob);
	hmap_free(&paths);
	dt_tree_release(&t);
	cpp_output_free(&pp);
	return ret == -DTBIND_EPARSE ? 0 : ret;
}
