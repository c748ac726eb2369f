// SPDX-License-Identifier: BSD-2-Clause
/*
 * context.c - what the cursor is on in DTS text, from the text alone: the
 * enclosing node and its compatibles, the property, the word.  A light scan
 * (comments, strings, braces), not the parser: the text being typed is
 * seldom valid DTS.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

struct scan_node {
	size_t open, close;	/* offsets of '{' and '}' (close = len when unclosed) */
	size_t parent;		/* index + 1; 0 for none */
	size_t name_start, name_len;
};

static bool name_char(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
	       (c && strchr("_,.+#@-", c));
}

/* Skip a comment or string starting at @i; returns the offset after it (or @i). */
static size_t skip_lexeme(const char *t, size_t len, size_t i)
{
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && t[i] != '\n')
			i++;
	} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		const char *e = memmem(t + i + 2, len - i - 2, "*/", 2);

		i = e ? (size_t)(e - t) + 2 : len;
	} else if (t[i] == '"') {
		for (i++; i < len && t[i] != '"' && t[i] != '\n'; i++)
			if (t[i] == '\\')
				i++;
		i = i < len ? i + 1 : len;
	} else if (t[i] == '#' && (i == 0 || t[i - 1] == '\n')) {
		while (i < len && t[i] != '\n')
			i++;	/* a preprocessor line */
	}
	return i;
}

/* The innermost node around @off: its name and the span of its body. */
static bool enclosing(const char *t, size_t len, size_t off, struct scan_node *out)
{
	struct scan_node stack[256], best = { 0 };
	size_t depth = 0;
	bool found = false;

	for (size_t i = 0; i < len;) {
		size_t j = skip_lexeme(t, len, i);

		if (j != i) {
			i = j;
			continue;
		}
		if (t[i] == '{' && depth < 256) {
			size_t e = i;

			while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\n'))
				e--;
			size_t s = e;

			while (s > 0 && name_char(t[s - 1]))
				s--;
			stack[depth] = (struct scan_node){ i, len, depth, s, e - s };
			depth++;
		} else if (t[i] == '}' && depth) {
			depth--;
			stack[depth].close = i;
			if (stack[depth].open < off && off <= i && (!found || stack[depth].open > best.open)) {
				best = stack[depth];
				found = true;
			}
		}
		i++;
	}
	/* unclosed nodes (the text being typed) around the cursor */
	for (size_t d = 0; d < depth; d++)
		if (stack[d].open < off && (!found || stack[d].open > best.open)) {
			best = stack[d];
			found = true;
		}
	*out = best;
	return found;
}

/* The compatible strings of the node body [open, close), at its own level. */
static void node_compatibles(const char *t, size_t open, size_t close, struct lsp_dts_ctx *ctx)
{
	unsigned depth = 0;

	for (size_t i = open + 1; i < close;) {
		size_t j;

		if (t[i] == '{' || t[i] == '}') {
			if (t[i] == '{')
				depth++;
			else if (depth)
				depth--;
			i++;
			continue;
		}
		if (depth || strncmp(t + i, "compatible", 10) || (i && name_char(t[i - 1]))) {
			j = skip_lexeme(t, close, i);
			i = j != i ? j : i + 1;
			continue;
		}
		for (i += 10; i < close && (t[i] == ' ' || t[i] == '\t'); i++)
			;
		if (i >= close || t[i] != '=')
			continue;
		/* the strings up to ';' */
		for (; i < close && t[i] != ';'; i++) {
			if (t[i] != '"')
				continue;
			size_t s = ++i;

			while (i < close && t[i] != '"' && t[i] != '\n')
				i++;
			char **nv = realloc(ctx->compatibles, (ctx->n_compatibles + 1) * sizeof(*nv));

			if (!nv)
				return;
			ctx->compatibles = nv;
			nv[ctx->n_compatibles] = strndup(t + s, i - s);
			if (nv[ctx->n_compatibles])
				ctx->n_compatibles++;
		}
	}
}

/* Is @off inside a string of the statement that starts at @s? */
static bool in_string_at(const char *t, size_t s, size_t off, size_t *open_quote)
{
	bool in = false;

	for (size_t i = s; i < off; i++) {
		if (t[i] == '\\' && in) {
			i++;
			continue;
		}
		if (t[i] == '"') {
			in = !in;
			*open_quote = i;
		}
	}
	return in;
}

/*
 * The compatibles of the node labelled @label ("label: name {") in @t, or
 * in the files it #includes ("..."), @depth levels down.
 */
static bool label_compatibles(const char *t, size_t len, const char *dir, const char *label,
			      unsigned depth, struct lsp_dts_ctx *ctx)
{
	size_t ll = strlen(label);

	for (const char *p = t; (p = memmem(p, len - (size_t)(p - t), label, ll)) != NULL; p += ll) {
		const char *q = p + ll;

		if ((p > t && name_char(p[-1])) || q >= t + len || *q != ':')
			continue;
		const char *brace = memchr(q, '{', (size_t)(t + len - q));
		const char *semi = memchr(q, ';', (size_t)(t + len - q));
		struct scan_node n;

		if (!brace || (semi && semi < brace))
			continue;
		if (enclosing(t, len, (size_t)(brace - t) + 1, &n))
			node_compatibles(t, n.open, n.close, ctx);
		return true;
	}
	for (const char *p = t; depth && (p = memmem(p, len - (size_t)(p - t), "#include \"", 10)); p += 10) {
		const char *s = p + 10, *e = memchr(s, '"', (size_t)(t + len - s));
		char *file, *buf;
		size_t blen;
		bool found = false;

		if (!e || asprintf(&file, "%s/%.*s", dir, (int)(e - s), s) < 0)
			continue;
		if (!read_file(file, DTBIND_MAX_FILE_SIZE, &buf, &blen)) {
			char *sub = strdup(file), *slash = sub ? strrchr(sub, '/') : NULL;

			if (slash) {
				*slash = '\0';
				found = label_compatibles(buf, blen, sub, label, depth - 1, ctx);
			}
			free(sub);
			free(buf);
		}
		free(file);
		if (found)
			return true;
	}
	return false;
}

void lsp_dts_context(const char *t, size_t len, size_t off, const char *path,
		     struct lsp_dts_ctx *ctx)
{
	struct scan_node n;

	memset(ctx, 0, sizeof(*ctx));
	if (off > len)
		off = len;
	if (enclosing(t, len, off, &n)) {
		ctx->node_name = strndup(t + n.name_start, n.name_len);
		node_compatibles(t, n.open, n.close, ctx);
		/* "&label {": the node is defined elsewhere, usually in an included .dtsi */
		if (!ctx->n_compatibles && n.name_start && t[n.name_start - 1] == '&' && path &&
		    ctx->node_name) {
			char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;

			if (slash) {
				*slash = '\0';
				label_compatibles(t, len, dir, ctx->node_name, 4, ctx);
			}
			free(dir);
		}
	}
	/* The statement around the cursor: from after the last ';', '{' or '}'. */
	size_t s = off;

	while (s > 0 && !strchr(";{}", t[s - 1]))
		s--;
	while (s < off && strchr(" \t\r\n", t[s]))
		s++;
	const char *eq = memchr(t + s, '=', off - s);
	size_t q = 0;

	ctx->in_string = in_string_at(t, s, off, &q);
	if (eq) {
		size_t e = (size_t)(eq - t);

		while (e > s && strchr(" \t", t[e - 1]))
			e--;
		ctx->prop = strndup(t + s, e - s);
		ctx->in_value = true;
	}
	/* The word under the cursor: a string's content, or a name. */
	size_t ws = off, we = off;

	if (ctx->in_string) {
		ws = q + 1;
		for (we = off; we < len && t[we] != '"' && t[we] != '\n'; we++)
			;
	} else {
		while (ws > s && name_char(t[ws - 1]))
			ws--;
		while (we < len && name_char(t[we]))
			we++;
	}
	ctx->word = strndup(t + ws, we - ws);
	ctx->word_start = ws;
	if (!ctx->prop && !ctx->in_string && we > ws)
		ctx->prop = strndup(t + ws, we - ws);
}

void lsp_dts_ctx_free(struct lsp_dts_ctx *ctx)
{
	for (size_t i = 0; i < ctx->n_compatibles; i++)
		free(ctx->compatibles[i]);
	free(ctx->compatibles);
	free(ctx->node_name);
	free(ctx->prop);
	free(ctx->word);
	memset(ctx, 0, sizeof(*ctx));
}

const struct dtbind_value *lsp_binding_prop(const struct dtbind_value *b, const char *name)
{
	const struct dtbind_value *props = b ? dtbind_value_get(b, "properties") : NULL;
	const struct dtbind_value *v = props && props->kind == DTBIND_MAP ?
					       dtbind_value_get(props, name) : NULL;

	if (v)
		return v;
	/* a pattern that is a literal name: "^foo-supply$" */
	props = b ? dtbind_value_get(b, "patternProperties") : NULL;
	for (size_t i = 0; props && props->kind == DTBIND_MAP && i < props->u.map.n; i++) {
		const char *k = props->u.map.members[i].key;
		size_t kl = strlen(k), nl = strlen(name);

		if (k[0] == '^' && kl == nl + 2 && k[kl - 1] == '$' && !strncmp(k + 1, name, nl))
			return props->u.map.members[i].value;
	}
	return NULL;
}
