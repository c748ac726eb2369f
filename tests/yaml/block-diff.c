// SPDX-License-Identifier: BSD-2-Clause
/*
 * block-diff.c - the text of every block scalar as lib/yaml.c makes it from
 * the source, against libfyaml's own (fy_token_get_text(), the formatting
 * lib/yaml.c no longer calls for them because it leaks: tests/fuzz/README.md).
 *
 * Usage: block-diff [-v|-j] FILE...   (@LIST reads file names from LIST)
 * Prints one line per difference (-v: every block scalar; -j: every block
 * scalar as a line of JSON, for tests/yaml/block-diff.py) and a summary:
 * files, block scalars compared, differences, scalars not reached in the
 * tree (block scalars as mapping keys) and files that did not load.
 * Exit 1 on a difference.  Not built with a sanitizer: libfyaml's side leaks.
 */
#define _POSIX_C_SOURCE 200809L
#include <libfyaml.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtbind.h"

struct block {
	unsigned line, col;
	char *text;
	size_t len;
	bool seen;
};

struct totals {
	unsigned long files, compared, differ, unreached, unloaded;
	bool verbose, json;
};

static void put_escaped(const char *s, size_t n)
{
	putchar('"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);	/* bytes: libfyaml's text is not always UTF-8 */
		else
			putchar(c);
	}
	putchar('"');
}

/*
 * Where libfyaml refused a plain '-' in a flow collection (offset + 1), as
 * report_fy_errors() in lib/yaml.c finds it; 0 if it did not.
 */
static size_t refused_dash(struct fy_diag *fyd, const char *buf, size_t len)
{
	void *iter = NULL;
	struct fy_diag_error *e;

	while ((e = fy_diag_errors_iterate(fyd, &iter)) != NULL) {
		const struct fy_mark *m = e->fyt ? fy_token_start_mark(e->fyt) : NULL;

		if (e->type < FYET_ERROR)
			continue;
		if (m && m->input_pos < len && buf[m->input_pos] == '-' &&
		    strstr(e->msg, "plain scalar cannot start with '-'"))
			return m->input_pos + 1;
		return 0;
	}
	return 0;
}

/* libfyaml's block scalars, as lib/yaml.c's loader parses (same flags). */
static struct block *fy_blocks(const char *buf, size_t len, bool json, size_t *count,
			       size_t *dash_at)
{
	struct fy_diag_cfg dcfg;
	struct fy_diag *fyd;
	struct block *b = NULL;
	size_t n = 0, cap = 0;
	struct fy_event *ev;

	fy_diag_cfg_default(&dcfg);
	dcfg.fp = NULL;
	fyd = fy_diag_create(&dcfg);
	if (!fyd)
		abort();
	fy_diag_set_collect_errors(fyd, true);
	struct fy_parse_cfg cfg = {
		.flags = FYPCF_QUIET | FYPCF_COLLECT_DIAG | FYPCF_DEFAULT_VERSION_1_2 |
			 FYPCF_SLOPPY_FLOW_INDENTATION | (json ? FYPCF_JSON_FORCE : FYPCF_JSON_NONE),
		.diag = fyd,
	};
	struct fy_parser *fyp = fy_parser_create(&cfg);

	if (!fyp || fy_parser_set_string(fyp, buf, len))
		abort();
	while ((ev = fy_parser_parse(fyp)) != NULL) {
		struct fy_token *t = ev->type == FYET_SCALAR ? ev->scalar.value : NULL;
		enum fy_scalar_style st = t ? fy_token_scalar_style(t) : FYSS_ANY;

		if (st == FYSS_LITERAL || st == FYSS_FOLDED) {
			size_t tl;
			const char *text = fy_token_get_text(t, &tl);
			const struct fy_mark *m = fy_token_start_mark(t);

			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				b = realloc(b, cap * sizeof(*b));
				if (!b)
					abort();
			}
			b[n] = (struct block){ .line = (unsigned)m->line + 1,
					       .col = (unsigned)m->column + 1, .len = tl,
					       .text = malloc(tl + 1) };
			if (!b[n].text)
				abort();
			memcpy(b[n].text, text ? text : "", tl);
			n++;
		}
		fy_parser_event_free(fyp, ev);
	}
	*dash_at = fy_parser_get_stream_error(fyp) ? refused_dash(fyd, buf, len) : 0;
	fy_parser_destroy(fyp);
	fy_diag_destroy(fyd);
	*count = n;
	return b;
}

/* The loader's retry: each refused '-' quoted, the file parsed again (bounded). */
static struct block *fy_blocks_quoting(char **buf, size_t *len, bool json, size_t *count)
{
	size_t dash_at;
	struct block *b = fy_blocks(*buf, *len, json, count, &dash_at);

	for (unsigned tries = 0; dash_at && tries < 64; tries++) {
		char *nb = malloc(*len + 3);

		if (!nb)
			abort();
		memcpy(nb, *buf, dash_at - 1);
		memcpy(nb + dash_at - 1, "\"-\"", 3);
		memcpy(nb + dash_at + 2, *buf + dash_at, *len - dash_at);
		free(*buf);
		*buf = nb;
		*len += 2;
		for (size_t i = 0; i < *count; i++)
			free(b[i].text);
		free(b);
		b = fy_blocks(*buf, *len, json, count, &dash_at);
	}
	return b;
}

static void compare(const char *file, const struct dtbind_value *v, struct block *b, size_t n,
		    struct totals *t)
{
	size_t i;

	switch (v->kind) {
	case DTBIND_SEQ:
		for (i = 0; i < v->u.seq.n; i++)
			compare(file, v->u.seq.items[i], b, n, t);
		return;
	case DTBIND_MAP:
		for (i = 0; i < v->u.map.n; i++)
			compare(file, v->u.map.members[i].value, b, n, t);
		return;
	case DTBIND_STRING:
		break;
	default:
		return;
	}
	if (v->style != DTBIND_STYLE_LITERAL && v->style != DTBIND_STYLE_FOLDED)
		return;
	for (i = 0; i < n && (b[i].line != v->loc.line || b[i].col != v->loc.col); i++)
		;
	if (i == n) {
		printf("%s:%u:%u: not a libfyaml block scalar\n", file, v->loc.line, v->loc.col);
		t->differ++;
		return;
	}
	if (b[i].seen)
		return;	/* an alias of one already compared */
	b[i].seen = true;
	t->compared++;
	bool same = b[i].len == v->u.str.len && !memcmp(b[i].text, v->u.str.ptr, b[i].len);

	if (!same)
		t->differ++;
	if (t->json) {
		fputs("{\"file\": ", stdout);
		put_escaped(file, strlen(file));
		printf(", \"line\": %u, \"col\": %u, \"libfyaml\": ", v->loc.line, v->loc.col);
		put_escaped(b[i].text, b[i].len);
		fputs(", \"dtbind\": ", stdout);
		put_escaped(v->u.str.ptr, v->u.str.len);
		puts("}");
		return;
	}
	if (same && !t->verbose)
		return;
	printf("%s:%u:%u: %s\n  libfyaml: ", file, v->loc.line, v->loc.col, same ? "same" : "DIFFERENT");
	put_escaped(b[i].text, b[i].len);
	fputs("\n  dtbind:   ", stdout);
	put_escaped(v->u.str.ptr, v->u.str.len);
	putchar('\n');
}

static void one_file(const char *path, struct totals *t)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n, got;
	struct dtbind_doc *doc = NULL;

	t->files++;
	if (!fp) {
		printf("%s: cannot open\n", path);
		t->unloaded++;
		return;
	}
	do {
		if (len + 4096 > cap) {
			cap = (cap + 4096) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
	} while (got);
	fclose(fp);
	bool json = strlen(path) > 5 && !strcmp(path + strlen(path) - 5, ".json");
	struct block *b = fy_blocks_quoting(&buf, &len, json, &n);

	if (dtbind_doc_load_string(path, buf, len, NULL, 0, &doc)) {
		/* Counted apart: the scalars of a file we refuse are compared nowhere. */
		t->unloaded++;
		t->unreached += n;
	} else {
		compare(path, dtbind_doc_root(doc), b, n, t);
		for (size_t i = 0; i < n; i++)
			if (!b[i].seen) {
				printf("%s:%u:%u: not reached in the tree (a key?)\n", path, b[i].line,
				       b[i].col);
				t->unreached++;
			}
	}
	for (size_t i = 0; i < n; i++)
		free(b[i].text);
	free(b);
	dtbind_doc_free(doc);
	free(buf);
}

int main(int argc, char **argv)
{
	struct totals t = { 0 };
	int i = 1;

	if (i < argc && (!strcmp(argv[i], "-v") || !strcmp(argv[i], "-j"))) {
		t.verbose = true;
		t.json = argv[i][1] == 'j';
		i++;
	}
	for (; i < argc; i++) {
		if (argv[i][0] != '@') {
			one_file(argv[i], &t);
			continue;
		}
		FILE *list = fopen(argv[i] + 1, "r");
		char line[4096];

		if (!list) {
			perror(argv[i] + 1);
			return 2;
		}
		while (fgets(line, sizeof(line), list)) {
			line[strcspn(line, "\n")] = '\0';
			if (*line)
				one_file(line, &t);
		}
		fclose(list);
	}
	printf("%s%lu files, %lu block scalars compared, %lu different, %lu not reached, "
	       "%lu files not loaded\n", t.json ? "# " : "", t.files, t.compared, t.differ, t.unreached, t.unloaded);
	return t.differ ? 1 : 0;
}
