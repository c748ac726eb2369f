// SPDX-License-Identifier: BSD-2-Clause
/*
 * documents.c - the texts the editor has open, and positions: LSP counts
 * characters in UTF-16 code units, dtbind's locations count code points
 * from 1, the texts are UTF-8 bytes.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

/* Length of the UTF-8 sequence starting with @c (1 for a stray byte: counted as one unit). */
static size_t seq_len(unsigned char c)
{
	if (c >= 0xf0 && c < 0xf8)
		return 4;
	if (c >= 0xe0)
		return c < 0xf0 ? 3 : 1;
	if (c >= 0xc0)
		return 2;
	return 1;
}

/* The byte offset where line @line starts (the text's end when it has fewer lines). */
static size_t line_start(const char *text, size_t len, uint32_t line)
{
	size_t off = 0;

	while (line && off < len) {
		const char *nl = memchr(text + off, '\n', len - off);

		if (!nl)
			return len;
		off = (size_t)(nl - text) + 1;
		line--;
	}
	return off;
}

static size_t line_end(const char *text, size_t len, size_t start)
{
	const char *nl = memchr(text + start, '\n', len - start);
	size_t end = nl ? (size_t)(nl - text) : len;

	if (end > start && text[end - 1] == '\r')
		end--;
	return end;
}

size_t lsp_offset(const char *text, size_t len, struct lsp_pos p)
{
	size_t off = line_start(text, len, p.line), end = line_end(text, len, off);
	uint32_t units = 0;

	while (off < end && units < p.character) {
		size_t n = seq_len((unsigned char)text[off]);

		if (off + n > end)
			n = 1;
		units += n == 4 ? 2 : 1;	/* beyond the BMP: a surrogate pair */
		off += n;
	}
	return off;
}

struct lsp_pos lsp_position(const char *text, size_t len, size_t off)
{
	struct lsp_pos p = { 0, 0 };
	size_t start = 0;

	if (off > len)
		off = len;
	for (size_t i = 0; i < off; i++)
		if (text[i] == '\n') {
			p.line++;
			start = i + 1;
		}
	for (size_t i = start; i < off;) {
		size_t n = seq_len((unsigned char)text[i]);

		if (i + n > off)
			break;
		p.character += n == 4 ? 2 : 1;
		i += n;
	}
	return p;
}

struct lsp_pos lsp_pos_from_loc(const char *text, size_t len, uint32_t line, uint32_t col)
{
	struct lsp_pos p = { line ? line - 1 : 0, 0 };
	size_t off = line_start(text, len, p.line), end = line_end(text, len, off);

	for (uint32_t c = 1; c < col && off < end; c++) {
		size_t n = seq_len((unsigned char)text[off]);

		if (off + n > end)
			n = 1;
		p.character += n == 4 ? 2 : 1;
		off += n;
	}
	return p;
}

char *lsp_uri_to_path(const char *uri)
{
	if (strncmp(uri, "file://", 7))
		return NULL;
	const char *p = uri + 7;

	while (*p == '/' && p[1] == '/')
		p++;
	char *out = strdup(p);

	if (!out)
		return NULL;
	size_t n = uri_percent_decode(out);

	if (out[0] != '/' || strlen(out) != n) {
		free(out);	/* not absolute, or a %00 inside */
		return NULL;
	}
	return out;
}

char *lsp_path_to_uri(const char *path)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-_.~,+@", *p))
			sb_putc(&sb, (char)*p);
		else
			sb_printf(&sb, "%%%02X", *p);
	}
	char *s = strdup(sb_cstr(&sb));

	sb_free(&sb);
	return s;
}

struct lsp_doc *lsp_docs_get(struct lsp_docs *d, const char *uri)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->v[i]->uri, uri))
			return d->v[i];
	return NULL;
}

static void doc_free(struct lsp_doc *doc)
{
	if (!doc)
		return;
	free(doc->uri);
	free(doc->path);
	free(doc->text);
	lsp_findings_free(&doc->found);
	free(doc);
}

struct lsp_doc *lsp_docs_open(struct lsp_docs *d, const char *uri, const char *text, size_t len,
			      int64_t version)
{
	struct lsp_doc *doc = lsp_docs_get(d, uri);

	if (len > DTBIND_MAX_FILE_SIZE)
		return NULL;
	if (!doc) {
		if (vec_reserve_one(&d->v, d->n, &d->cap, sizeof(*d->v), 16))
			return NULL;
		doc = calloc(1, sizeof(*doc));
		if (!doc || !(doc->uri = strdup(uri))) {
			doc_free(doc);
			return NULL;
		}
		doc->path = lsp_uri_to_path(uri);
		d->v[d->n++] = doc;
	}
	char *t = malloc(len + 1);

	if (!t)
		return NULL;
	memcpy(t, text, len);
	t[len] = '\0';
	free(doc->text);
	doc->text = t;
	doc->len = len;
	doc->version = version;
	doc->dirty = true;
	return doc;
}

void lsp_docs_close(struct lsp_docs *d, const char *uri)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->v[i]->uri, uri)) {
			doc_free(d->v[i]);
			d->v[i] = d->v[--d->n];
			return;
		}
}

void lsp_docs_free(struct lsp_docs *d)
{
	for (size_t i = 0; i < d->n; i++)
		doc_free(d->v[i]);
	free(d->v);
	memset(d, 0, sizeof(*d));
}

int lsp_doc_edit(struct lsp_doc *doc, bool full, struct lsp_pos from, struct lsp_pos to,
		 const char *text, size_t len)
{
	size_t a = full ? 0 : lsp_offset(doc->text, doc->len, from);
	size_t b = full ? doc->len : lsp_offset(doc->text, doc->len, to);

	if (b < a) {
		size_t t = a;	/* a reversed range: take it as written the other way */

		a = b;
		b = t;
	}
	size_t nlen = doc->len - (b - a) + len;

	if (nlen > DTBIND_MAX_FILE_SIZE)
		return -DTBIND_ELIMIT;
	char *t = malloc(nlen + 1);

	if (!t)
		return -DTBIND_ENOMEM;
	memcpy(t, doc->text, a);
	memcpy(t + a, text, len);
	memcpy(t + a + len, doc->text + b, doc->len - b);
	t[nlen] = '\0';
	free(doc->text);
	doc->text = t;
	doc->len = nlen;
	doc->dirty = true;
	return 0;
}
