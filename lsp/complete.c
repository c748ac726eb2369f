// SPDX-License-Identifier: BSD-2-Clause
/*
 * complete.c - completion from the bindings: in a DTS node the property
 * names its bindings allow and, at a value, their enum values; in a binding
 * the top-level keys and $ref targets.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dtschema.h"
#include "lsp.h"

#define MAX_BINDINGS 8
#define MAX_ITEMS 5000

/* CompletionItemKind */
enum { KIND_PROPERTY = 10, KIND_VALUE = 12, KIND_KEYWORD = 14, KIND_FILE = 17 };

struct items {
	struct strbuf *sb;
	struct hmap seen;
	size_t n;
};

static void item(struct items *it, const char *label, int kind, const char *detail)
{
	size_t len = strlen(label);

	if (!len || it->n >= MAX_ITEMS || hmap_get_str(&it->seen, label, len))
		return;
	char *key = strdup(label);

	if (!key || hmap_put_str(&it->seen, key, len, key)) {
		free(key);
		return;
	}
	sb_puts(it->sb, it->n++ ? ",{\"label\":" : "{\"label\":");
	sb_json_string(it->sb, label, len);
	sb_printf(it->sb, ",\"kind\":%d", kind);
	if (detail) {
		sb_puts(it->sb, ",\"detail\":");
		sb_json_string(it->sb, detail, strlen(detail));
	}
	sb_putc(it->sb, '}');
}

static void items_free(struct items *it)
{
	for (size_t i = 0; i < it->seen.cap; i++)
		if (it->seen.e[i].key)
			free(it->seen.e[i].value);
	hmap_free(&it->seen);
}

/* Names a binding allows: its properties, and patterns that are literal names. */
static void prop_names(struct items *it, const struct dtbind_value *b, const char *detail)
{
	const struct dtbind_value *props = b ? dtbind_value_get(b, "properties") : NULL;

	for (size_t i = 0; props && props->kind == DTBIND_MAP && i < props->u.map.n; i++)
		if (strcmp(props->u.map.members[i].key, "$nodename"))
			item(it, props->u.map.members[i].key, KIND_PROPERTY, detail);
	props = b ? dtbind_value_get(b, "patternProperties") : NULL;
	for (size_t i = 0; props && props->kind == DTBIND_MAP && i < props->u.map.n; i++) {
		const char *k = props->u.map.members[i].key;
		size_t kl = strlen(k);

		if (kl > 2 && k[0] == '^' && k[kl - 1] == '$' && !strpbrk(k + 1, "^$[]()*+?\\|.{}")) {
			char *name = strndup(k + 1, kl - 2);

			if (name)
				item(it, name, KIND_PROPERTY, detail);
			free(name);
		}
	}
}

/* The strings of enum/const in @v and the schemas under it (items, oneOf...). */
static void enum_values(struct items *it, const struct dtbind_value *v, unsigned depth)
{
	if (!v || depth > 8)
		return;
	if (v->kind == DTBIND_SEQ) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			enum_values(it, v->u.seq.items[i], depth + 1);
		return;
	}
	if (v->kind != DTBIND_MAP)
		return;
	for (size_t i = 0; i < v->u.map.n; i++) {
		const struct dtbind_member *m = &v->u.map.members[i];

		if (!strcmp(m->key, "const") && m->value->kind == DTBIND_STRING) {
			item(it, m->value->u.str.ptr, KIND_VALUE, NULL);
		} else if (!strcmp(m->key, "enum") && m->value->kind == DTBIND_SEQ) {
			for (size_t k = 0; k < m->value->u.seq.n; k++)
				if (m->value->u.seq.items[k]->kind == DTBIND_STRING)
					item(it, m->value->u.seq.items[k]->u.str.ptr, KIND_VALUE, NULL);
		} else if (!strcmp(m->key, "items") || !strcmp(m->key, "oneOf") ||
			   !strcmp(m->key, "anyOf") || !strcmp(m->key, "allOf") ||
			   !strcmp(m->key, "contains")) {
			enum_values(it, m->value, depth + 1);
		}
	}
}

static void complete_dts(struct lsp_workspace *w, const struct lsp_doc *doc, size_t off,
			 struct items *it)
{
	struct dtbind_dtschemas *s = lsp_workspace_bindings(w, doc->path);
	struct lsp_dts_ctx ctx;

	if (!s)
		return;
	lsp_dts_context(doc->text, doc->len, off, doc->path, &ctx);
	for (size_t i = 0; i < ctx.n_compatibles; i++) {
		struct dtbind_binding_ref b[MAX_BINDINGS];
		size_t n = dtbind_dtschemas_for_compatible(s, ctx.compatibles[i], b, MAX_BINDINGS);

		for (size_t k = 0; k < n && k < MAX_BINDINGS; k++) {
			const char *file = strstr(b[k].file, "/devicetree/bindings/");
			const char *detail = file ? file + 21 : b[k].file;

			if (ctx.in_value && ctx.prop) {
				enum_values(it, lsp_binding_prop(b[k].value, ctx.prop), 0);
				continue;
			}
			prop_names(it, b[k].value, detail);
			/* and the common schemas it $refs under allOf */
			const struct dtbind_value *all = b[k].value ? dtbind_value_get(b[k].value, "allOf") : NULL;

			for (size_t j = 0; all && all->kind == DTBIND_SEQ && j < all->u.seq.n; j++) {
				const struct dtbind_value *r = all->u.seq.items[j]->kind == DTBIND_MAP ?
					dtbind_value_get(all->u.seq.items[j], "$ref") : NULL;
				struct dtbind_binding_ref common;
				struct arena a;

				if (!r || r->kind != DTBIND_STRING)
					continue;
				arena_init(&a, 512);
				char *uri = uri_resolve(&a, b[k].id, r->u.str.ptr);

				if (uri && dtbind_dtschemas_binding(s, uri, &common))
					prop_names(it, common.value, detail);
				arena_release(&a);
			}
		}
	}
	lsp_dts_ctx_free(&ctx);
}

static const char *const top_keys[] = {
	"$id", "$schema", "title", "description", "maintainers", "select", "properties",
	"patternProperties", "required", "allOf", "anyOf", "oneOf", "if", "then", "else",
	"dependencies", "dependentRequired", "dependentSchemas", "additionalProperties",
	"unevaluatedProperties", "definitions", "$defs", "examples",
};

/* Every binding file under @dir as "/schemas/REL#". */
static void schema_files(struct items *it, const char *root, const char *dir, unsigned depth)
{
	DIR *d = depth < 8 ? opendir(dir) : NULL;
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL && it->n < MAX_ITEMS) {
		char *p, *label;
		struct stat st;

		if (e->d_name[0] == '.' || asprintf(&p, "%s/%s", dir, e->d_name) < 0)
			continue;
		if (!stat(p, &st) && S_ISDIR(st.st_mode)) {
			schema_files(it, root, p, depth + 1);
		} else if (str_ends_with(e->d_name, ".yaml") &&
			   asprintf(&label, "/schemas%s#", p + strlen(root)) >= 0) {
			item(it, label, KIND_FILE, NULL);
			free(label);
		}
		free(p);
	}
	closedir(d);
}

static void complete_binding(struct lsp_workspace *w, const struct lsp_doc *doc, size_t off,
			     struct items *it)
{
	size_t s = off;

	while (s > 0 && doc->text[s - 1] != '\n')
		s--;
	const char *line = doc->text + s;
	const char *ref = memmem(line, off - s, "$ref:", 5);

	if (ref) {
		struct dtbind_schema_set *set = lsp_workspace_schema_set(w, doc->path);
		const struct dtbind_schema *types;
		const char *root = lsp_workspace_root(w, doc->path);

		if (set && !dtbind_schema_set_get(set, "http://devicetree.org/schemas/types.yaml#",
						   &types)) {
			const struct dtbind_value *defs =
				dtbind_value_get(dtbind_schema_value(types), "definitions");

			for (size_t i = 0; defs && defs->kind == DTBIND_MAP && i < defs->u.map.n; i++) {
				char *label;

				if (asprintf(&label, "/schemas/types.yaml#/definitions/%s",
					     defs->u.map.members[i].key) >= 0)
					item(it, label, KIND_VALUE, "types.yaml");
				free(label);
			}
		}
		if (root)
			schema_files(it, root, root, 0);
		return;
	}
	/* A key at the left margin: the top level of the schema. */
	if (!memchr(line, ':', off - s) && (off == s || (line[0] != ' ' && line[0] != '-')))
		for (size_t i = 0; i < ARRAY_SIZE(top_keys); i++)
			item(it, top_keys[i], KIND_KEYWORD, NULL);
}

void lsp_complete(struct lsp_workspace *w, const struct lsp_doc *doc, struct lsp_pos pos,
		  struct strbuf *sb)
{
	struct items it = { .sb = sb };
	size_t off = lsp_offset(doc->text, doc->len, pos);

	hmap_init(&it.seen);
	sb_puts(sb, "[");
	if (doc->path && str_ends_with(doc->path, ".yaml"))
		complete_binding(w, doc, off, &it);
	else if (doc->path)
		complete_dts(w, doc, off, &it);
	sb_puts(sb, "]");
	items_free(&it);
}
