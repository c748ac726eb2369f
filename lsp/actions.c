// SPDX-License-Identifier: BSD-2-Clause
/*
 * actions.c - quick fixes: a finding that carries a did-you-mean
 * (fix_from/fix_to: a property name, an enum value, a meta-schema keyword)
 * becomes an edit replacing the misspelt text with the suggestion.
 */
#define _GNU_SOURCE
#include <string.h>

#include "lsp.h"

/* How far after the finding's position the misspelt text may start (a value after its name). */
#define FIX_WINDOW 4096

static bool overlaps(const struct lsp_finding *f, struct lsp_pos from, struct lsp_pos to)
{
	return f->from.line <= to.line && f->to.line >= from.line;
}

void lsp_code_actions(const struct lsp_doc *doc, const struct lsp_findings *found,
		      struct lsp_pos from, struct lsp_pos to, struct strbuf *sb)
{
	size_t n = 0;

	sb_putc(sb, '[');
	for (size_t i = 0; i < found->n; i++) {
		const struct lsp_finding *f = &found->v[i];

		if (!f->fix_from || !f->fix_to || !*f->fix_from || !overlaps(f, from, to))
			continue;
		size_t start = lsp_offset(doc->text, doc->len, f->from);
		size_t window = doc->len - start < FIX_WINDOW ? doc->len - start : FIX_WINDOW;
		const char *at = memmem(doc->text + start, window, f->fix_from, strlen(f->fix_from));

		if (!at)
			continue;	/* the text changed since: no fix to offer */
		size_t a = (size_t)(at - doc->text);

		sb_puts(sb, n++ ? ",{\"title\":" : "{\"title\":");
		char title[512];

		snprintf(title, sizeof(title), "Replace '%s' with '%s'", f->fix_from, f->fix_to);
		sb_json_string(sb, title, strlen(title));
		sb_puts(sb, ",\"kind\":\"quickfix\",\"isPreferred\":true,\"diagnostics\":[{\"range\":");
		lsp_put_range(sb, f->from, f->to);
		sb_puts(sb, ",\"message\":");
		sb_json_string(sb, f->message ? f->message : "", f->message ? strlen(f->message) : 0);
		sb_puts(sb, "}],\"edit\":{\"changes\":{");
		sb_json_string(sb, doc->uri, strlen(doc->uri));
		sb_puts(sb, ":[{\"range\":");
		lsp_put_range(sb, lsp_position(doc->text, doc->len, a),
			      lsp_position(doc->text, doc->len, a + strlen(f->fix_from)));
		sb_puts(sb, ",\"newText\":");
		sb_json_string(sb, f->fix_to, strlen(f->fix_to));
		sb_puts(sb, "}]}}}");
	}
	sb_putc(sb, ']');
}
