// SPDX-License-Identifier: BSD-2-Clause
/*
 * hover.c - what the cursor is on, from the bindings: a DTS property (its
 * type, description and binding), a compatible string (the binding that
 * documents it), a $ref in a binding (the target's title).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "dtschema.h"
#include "lsp.h"

#define MAX_BINDINGS 8

static void put_hover(struct strbuf *sb, const char *markdown)
{
	sb_puts(sb, "{\"contents\":{\"kind\":\"markdown\",\"value\":");
	sb_json_string(sb, markdown, strlen(markdown));
	sb_puts(sb, "}}");
}

static const char *str_member(const struct dtbind_value *v, const char *key)
{
	const struct dtbind_value *m = v && v->kind == DTBIND_MAP ? dtbind_value_get(v, key) : NULL;

	return m && m->kind == DTBIND_STRING ? m->u.str.ptr : NULL;
}

/* The file name of a binding under the tree, shorter when it can be. */
static const char *short_file(const char *file)
{
	const char *b = strstr(file, "/devicetree/bindings/");

	return b ? b + strlen("/devicetree/bindings/") : file;
}

/* The type a property schema names: its $ref into types.yaml, or one under allOf. */
static const char *schema_type(const struct dtbind_value *p)
{
	const char *ref = str_member(p, "$ref");
	const struct dtbind_value *all = p && p->kind == DTBIND_MAP ? dtbind_value_get(p, "allOf") : NULL;

	for (size_t i = 0; !ref && all && all->kind == DTBIND_SEQ && i < all->u.seq.n; i++)
		ref = str_member(all->u.seq.items[i], "$ref");
	if (ref && strstr(ref, "types.yaml#/definitions/"))
		return strstr(ref, "#/definitions/") + strlen("#/definitions/");
	return ref ? ref : str_member(p, "type");
}

/*
 * The schema of property @name in binding @b, or in a binding it $refs
 * under allOf (the common schemas: spi-controller.yaml...); *@where is the
 * binding that has it.
 */
static const struct dtbind_value *find_prop(struct dtbind_dtschemas *s,
					    const struct dtbind_binding_ref *b, const char *name,
					    struct dtbind_binding_ref *where)
{
	const struct dtbind_value *p = lsp_binding_prop(b->value, name);
	const struct dtbind_value *all = b->value ? dtbind_value_get(b->value, "allOf") : NULL;

	*where = *b;
	for (size_t i = 0; !p && all && all->kind == DTBIND_SEQ && i < all->u.seq.n; i++) {
		const char *ref = str_member(all->u.seq.items[i], "$ref");
		struct arena a;

		if (!ref)
			continue;
		arena_init(&a, 512);
		char *uri = uri_resolve(&a, b->id, ref);

		if (uri && dtbind_dtschemas_binding(s, uri, where))
			p = lsp_binding_prop(where->value, name);
		arena_release(&a);
	}
	return p;
}

static void hover_compatible(struct dtbind_dtschemas *s, const char *compat, struct strbuf *sb)
{
	struct dtbind_binding_ref b[MAX_BINDINGS];
	size_t n = dtbind_dtschemas_for_compatible(s, compat, b, MAX_BINDINGS);
	struct strbuf md;

	sb_init(&md);
	if (!n)
		sb_printf(&md, "`%s`: no binding documents this compatible", compat);
	for (size_t i = 0; i < n && i < MAX_BINDINGS; i++) {
		const char *title = str_member(b[i].value, "title");

		sb_printf(&md, "%s`%s` is documented by **%s**%s%s", i ? "\n\n" : "", compat,
			  short_file(b[i].file), title ? ": " : "", title ? title : "");
	}
	put_hover(sb, sb_cstr(&md));
	sb_free(&md);
}

static void hover_property(struct dtbind_dtschemas *s,
			   const struct lsp_dts_ctx *ctx, const char *name, struct strbuf *sb)
{
	const struct dtbind_value *p = NULL;
	struct dtbind_binding_ref where = { 0 };
	const char *types[4];
	size_t nt = dt_types_get(dtbind_dtschemas_types(s), name, types, 4);

	for (size_t i = 0; !p && i < ctx->n_compatibles; i++) {
		struct dtbind_binding_ref b[MAX_BINDINGS];
		size_t n = dtbind_dtschemas_for_compatible(s, ctx->compatibles[i], b, MAX_BINDINGS);

		for (size_t k = 0; !p && k < n && k < MAX_BINDINGS; k++)
			p = find_prop(s, &b[k], name, &where);
	}
	if (!p && !nt) {
		sb_puts(sb, "null");
		return;
	}
	struct strbuf md;
	const char *type = p ? schema_type(p) : NULL;
	const char *desc = str_member(p, "description");
	struct dtbind_doc *src = NULL;

	/* The processed bindings keep no descriptions: read the binding's own file. */
	if (p && !desc && where.file && !dtbind_doc_load_file(where.file, NULL, 0, &src))
		desc = str_member(lsp_binding_prop(dtbind_doc_root(src), name), "description");
	sb_init(&md);
	sb_printf(&md, "**%s**", name);
	if (type)
		sb_printf(&md, ": `%s`", type);
	else if (nt)
		sb_printf(&md, ": `%s`", types[0]);
	if (desc)
		sb_printf(&md, "\n\n%s", desc);
	if (p)
		sb_printf(&md, "\n\nDefined in %s", short_file(where.file));
	put_hover(sb, sb_cstr(&md));
	sb_free(&md);
	dtbind_doc_free(src);
}

/* The $ref value on the line of @off in a binding, or NULL (malloc'd). */
static char *ref_on_line(const char *t, size_t len, size_t off)
{
	size_t s = off, e = off;

	while (s > 0 && t[s - 1] != '\n')
		s--;
	while (e < len && t[e] != '\n')
		e++;
	const char *r = memmem(t + s, e - s, "$ref:", 5);

	if (!r)
		return NULL;
	r += 5;
	while (r < t + e && (*r == ' ' || *r == '"' || *r == '\''))
		r++;
	const char *re = r;

	while (re < t + e && *re != ' ' && *re != '"' && *re != '\'' && *re != '\r')
		re++;
	return re > r ? strndup(r, (size_t)(re - r)) : NULL;
}

/* The $id of the binding text, for resolving its relative $refs. */
static char *binding_id(const char *t, size_t len, const char *path)
{
	const char *id = memmem(t, len, "\n$id:", 5);

	if (id) {
		const char *p = id + 5, *end = t + len;

		while (p < end && (*p == ' ' || *p == '"' || *p == '\''))
			p++;
		const char *e = p;

		while (e < end && !strchr(" \"'\r\n", *e))
			e++;
		if (e > p)
			return strndup(p, (size_t)(e - p));
	}
	char *u = NULL;

	return asprintf(&u, "file://%s", path) < 0 ? NULL : u;
}

static void hover_ref(struct lsp_workspace *w, const struct lsp_doc *doc, const char *ref,
		      struct strbuf *sb)
{
	struct dtbind_schema_set *set = lsp_workspace_schema_set(w, doc->path);
	char *base = binding_id(doc->text, doc->len, doc->path);
	const struct dtbind_schema *target;
	struct arena a;

	arena_init(&a, 512);
	char *uri = base ? uri_resolve(&a, base, ref) : NULL;
	size_t f = uri ? uri_fragment_offset(uri) : 0;
	char *doc_uri = uri ? arena_strndup(&a, uri, f) : NULL;
	struct strbuf md;

	sb_init(&md);
	if (set && uri && !dtbind_schema_set_get(set, uri, &target)) {
		const struct dtbind_value *v = dtbind_schema_value(target);
		const char *text = str_member(v, "title");
		const struct dtbind_schema *file;

		if (!text)
			text = str_member(v, "description");
		if (!text && !dtbind_schema_set_get(set, doc_uri, &file))
			text = str_member(dtbind_schema_value(file), "title");
		sb_printf(&md, "`%s`%s%s", ref, text ? ": " : "", text ? text : "");
	} else {
		sb_printf(&md, "`%s` does not resolve", ref);
	}
	put_hover(sb, sb_cstr(&md));
	sb_free(&md);
	arena_release(&a);
	free(base);
}

void lsp_hover(struct lsp_workspace *w, const struct lsp_doc *doc, struct lsp_pos pos,
	       struct strbuf *sb)
{
	size_t off = lsp_offset(doc->text, doc->len, pos);

	if (doc->path && str_ends_with(doc->path, ".yaml")) {
		char *ref = ref_on_line(doc->text, doc->len, off);

		if (ref)
			hover_ref(w, doc, ref, sb);
		else
			sb_puts(sb, "null");
		free(ref);
		return;
	}
	struct dtbind_dtschemas *s = doc->path ? lsp_workspace_bindings(w, doc->path) : NULL;
	struct lsp_dts_ctx ctx;

	if (!s) {
		sb_puts(sb, "null");
		return;
	}
	lsp_dts_context(doc->text, doc->len, off, doc->path, &ctx);
	if (ctx.in_string && ctx.prop && !strcmp(ctx.prop, "compatible") && ctx.word && *ctx.word)
		hover_compatible(s, ctx.word, sb);
	else if (!ctx.in_value && ctx.word && *ctx.word)
		hover_property(s, &ctx, ctx.word, sb);
	else if (ctx.in_value && ctx.prop)
		hover_property(s, &ctx, ctx.prop, sb);
	else
		sb_puts(sb, "null");
	lsp_dts_ctx_free(&ctx);
}
