// SPDX-License-Identifier: BSD-2-Clause
/*
 * checkpatch-rules.c - checkpatch.pl's devicetree rules: split and schema
 * patches, SPDX tags, undocumented compatible strings.
 */
#include "checkpatch-private.h"

/* ---- checkpatch's rules ------------------------------------------------- */

static bool binding_or_header(const char *p)
{
	return cp_has_prefix(p, "Documentation/devicetree/") || cp_has_prefix(p, DT_HEADERS);
}

static const char *file_path(const struct dtbind_patch_file *f)
{
	return f->new_path ? f->new_path : f->old_path ? f->old_path : "?";
}

/* Where a checkpatch finding goes: the patch line, or with --staged the file's. */
static struct dtbind_loc rule_loc(struct ctx *c, const struct dtbind_patch *p,
				  const struct dtbind_patch_file *f, uint32_t patch_line,
				  uint32_t file_line, uint32_t col)
{
	if (c->o->at_files)
		return (struct dtbind_loc){ file_path(f), file_line, file_line ? col : 0 };
	return (struct dtbind_loc){ p->input, patch_line, col ? col + 1 : 1 };
}

/* The note with the file's own line under a finding at the patch line. */
static void file_note(struct ctx *c, const struct dtbind_patch_file *f, uint32_t line,
		      uint32_t col)
{
	if (!c->o->at_files && f->new_path)
		cp_note(c, (struct dtbind_loc){ f->new_path, line, col }, false,
			"the line in the file as patched");
}

/* checkpatch warns when one patch mixes binding docs/headers with other files. */
void cp_rule_split(struct ctx *c, const struct dtbind_patch *p)
{
	const struct dtbind_patch_file *first = NULL;

	for (size_t k = 0; k < p->n_files; k++) {
		const struct dtbind_patch_file *f = &p->files[k];
		const char *path = file_path(f);

		if (!strcmp(path, "MAINTAINERS"))
			continue;
		if (!first) {
			first = f;
			continue;
		}
		if (binding_or_header(path) == binding_or_header(file_path(first)))
			continue;
		cp_report(c, "DT_SPLIT_BINDING_PATCH", rule_loc(c, p, f, f->at, 0, 0),
			  "DT binding docs and includes should be a separate patch. See: "
			  "Documentation/devicetree/bindings/submitting-patches.rst");
		cp_note(c, rule_loc(c, p, first, first->at, 0, 0), true,
			"'%s' is %sa binding file, "
			"'%s' is %s",
			file_path(first), binding_or_header(file_path(first)) ? "" : "not ", path,
			binding_or_header(path) ? "" : "not");
		return;
	}
}

void cp_rule_schema(struct ctx *c, const struct dtbind_patch *p,
		    const struct dtbind_patch_file *f)
{
	if (f->op == DTBIND_PATCH_ADD && f->mode_at && cp_has_prefix(f->new_path, BINDINGS) &&
	    str_ends_with(f->new_path, ".txt"))
		cp_report(c, "DT_SCHEMA_BINDING_PATCH", rule_loc(c, p, f, f->mode_at, 0, 0),
			  "DT bindings should be in DT schema format. See: "
			  "Documentation/devicetree/bindings/writing-schema.rst");
}

static const char *spdx_comment(const char *path)
{
	static const struct {
		const char *ext, *comment;
	} map[] = {
		{ ".h", "/*" }, { ".s", "/*" }, { ".S", "/*" }, { ".c", "//" }, { ".rs", "//" },
		{ ".dts", "//" }, { ".dtsi", "//" }, { ".dtso", "//" }, { ".yaml", "#" },
		{ ".sh", "#" }, { ".py", "#" }, { ".pl", "#" }, { ".rst", ".." },
	};

	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (str_ends_with(path, map[i].ext))
			return map[i].comment;
	return "";
}

static bool dts_path(const char *p)
{
	return str_ends_with(p, ".dts") || str_ends_with(p, ".dtsi") || str_ends_with(p, ".dtso");
}

/* "GPL-2.0 OR x" or "GPL-2.0-only OR x" somewhere in @lic (checkpatch's headers rule). */
static bool gpl_or_something(const char *lic)
{
	static const char *const forms[] = { "GPL-2.0 OR ", "GPL-2.0-only OR " };

	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		const char *g = strstr(lic, forms[i]);
		char next = g ? g[strlen(forms[i])] : '\0';

		if (next && next != ' ' && next != '\t')
			return true;
	}
	return false;
}

/* The added line @pl is line @license_line of the file: is its SPDX tag right? */
static void spdx_first_line(struct ctx *c, const struct dtbind_patch *p,
			    const struct dtbind_patch_file *f, const struct dtbind_patch_line *pl,
			    uint32_t nl, const char *comment, uint32_t license_line)
{
	static const char tag[] = "SPDX-License-Identifier: ";
	const char *t = pl->text, *path = f->new_path;
	const char *lic = strstr(t, tag);
	size_t cl = strlen(comment);
	uint32_t col = lic ? (uint32_t)(lic - t + strlen(tag)) + 1 : 1;
	struct dtbind_loc at = rule_loc(c, p, f, pl->at, nl, col);

	if (cl && !(!strncmp(t, comment, cl) && t[cl] == ' ' &&
		    !strncmp(t + cl + 1, tag, strlen(tag)))) {
		cp_report(c, "SPDX_LICENSE_TAG", rule_loc(c, p, f, pl->at, nl, 1),
			  "Missing or malformed SPDX-License-Identifier tag in line %u", license_line);
		file_note(c, f, nl, 1);
	} else if (lic && cp_has_prefix(path, BINDINGS) && !strstr(lic, "GPL-2.0 OR BSD-2-Clause") &&
		   !strstr(lic, "GPL-2.0-only OR BSD-2-Clause")) {
		cp_report(c, "SPDX_LICENSE_TAG", at,
			  "DT binding documents should be licensed (GPL-2.0-only OR BSD-2-Clause)");
		file_note(c, f, nl, col);
	} else if (lic && cp_has_prefix(path, DT_HEADERS) && !gpl_or_something(lic)) {
		cp_report(c, "SPDX_LICENSE_TAG", at,
			  "DT binding headers should be licensed (GPL-2.0-only OR .*)");
		file_note(c, f, nl, col);
	}
}

/* checkpatch's SPDX rules, for the files a devicetree patch is about. */
void cp_rule_spdx(struct ctx *c, const struct dtbind_patch *p,
		  const struct dtbind_patch_file *f)
{
	const char *path = f->new_path;

	if (!path || f->broken ||
	    !(cp_has_prefix(path, BINDINGS) || cp_has_prefix(path, DT_HEADERS) || dts_path(path)))
		return;
	const char *comment = spdx_comment(path);
	bool source = dts_path(path) || str_ends_with(path, ".h");
	uint32_t license_line = 1;

	for (size_t h = 0; h < f->n_hunks; h++) {
		const struct dtbind_patch_hunk *hk = &f->hunks[h];
		uint32_t nl = hk->new_start;

		for (size_t j = 0; j < hk->n; j++, nl++) {
			const struct dtbind_patch_line *pl = &hk->lines[j];
			const char *t = pl->text, *q = t, *hit;

			if (pl->kind == '-') {
				nl--;
				continue;
			}
			while (*q == ' ' || *q == '\t')
				q++;
			if (nl == license_line) {
				if (q[0] == '#' && q[1] == '!') {
					license_line = 2;	/* a script: tag under #! */
					comment = "#";
				} else if (pl->kind == '+') {
					spdx_first_line(c, p, f, pl, nl, comment, license_line);
				}
				continue;
			}
			hit = strstr(t, "SPDX-License-Identifier:");
			if (pl->kind != '+' || !source || !hit)
				continue;
			/* Only a tag inside a comment counts, as checkpatch sees it. */
			const char *cm = strstr(t, "//"), *cm2 = strstr(t, "/*");

			if ((cm && cm < hit) || (cm2 && cm2 < hit) || *q == '*') {
				uint32_t col = (uint32_t)(hit - t) + 1;

				cp_report(c, "SPDX_LICENSE_TAG", rule_loc(c, p, f, pl->at, nl, col),
					  "Misplaced SPDX-License-Identifier tag - use line %u "
					  "instead", license_line);
				file_note(c, f, nl, col);
			}
		}
	}
}

/* ---- compatible strings ------------------------------------------------- */

static int corpus_add(void *ctx, char *path, const struct stat *st)
{
	struct ctx *c = ctx;
	struct corpus_file cf = { .path = path };
	struct corpus_file *nc;

	(void)st;
	if (read_file(path, MAX_READ, &cf.buf, &cf.len) ||
	    !(nc = realloc(c->corpus, (c->n_corpus + 1) * sizeof(*nc)))) {
		free(cf.buf);
		free(path);
		return 0;
	}
	c->corpus = nc;
	c->corpus[c->n_corpus++] = cf;
	return 0;
}

/* Every file of the bindings with the series applied (grep -r reads them all). */
static void corpus_collect(struct ctx *c)
{
	struct fs_overlay *was = fs_overlay_use(c->ov);

	walk_tree(c->root, NULL, corpus_add, c);
	fs_overlay_use(was);
}

/* grep -Eq PATTERN over the binding files, line by line as grep reads them. */
static bool corpus_grep(struct ctx *c, const char *pattern)
{
	struct arena a;
	const char *err = NULL;
	struct dtbind_regex *re;
	bool found = false;

	if (!c->corpus_loaded) {
		corpus_collect(c);
		c->corpus_loaded = true;
	}
	arena_init(&a, 1024);
	re = regex_compile(pattern, strlen(pattern), &err, &a);
	for (size_t i = 0; i < c->n_corpus && !found; i++) {
		const struct corpus_file *cf = &c->corpus[i];

		if (!re) {
			found = memmem(cf->buf, cf->len, pattern, strlen(pattern)) != NULL;
			continue;
		}
		int r = regex_match(re, cf->buf, cf->len);

		if (r < 0) {	/* over the match limit on the whole file: one line at a time */
			for (const char *p = cf->buf, *end = p + cf->len; p < end && !found;) {
				const char *nl = memchr(p, '\n', (size_t)(end - p));
				const char *e = nl ? nl : end;

				found = regex_match(re, p, (size_t)(e - p)) > 0;
				p = e + 1;
			}
		} else {
			found = r > 0;
		}
	}
	regex_free(re);
	arena_release(&a);
	return found;
}

/* The vendor-prefixes.yaml entry checkpatch looks for: "^vendor,.*": */
static bool vendor_known(struct ctx *c, const char *vendor)
{
	char *path, *buf, *want;
	size_t len;
	bool found = false;

	if (asprintf(&path, "%s/vendor-prefixes.yaml", c->root) < 0)
		return true;
	if (asprintf(&want, "\"^%s,.*\":", vendor) >= 0) {
		struct fs_overlay *was = fs_overlay_use(c->ov);
		int ret = read_file(path, MAX_READ, &buf, &len);

		fs_overlay_use(was);
		if (!ret) {
			found = memmem(buf, len, want, strlen(want)) != NULL;
			free(buf);
		}
		free(want);
	}
	free(path);
	return found;
}

static bool compat_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '-' || ch == ',' || ch == '.' || ch == '+' || ch == '_';
}

/* checkpatch's two wildcard forms: "vendor,<.*>-rest" and "vendor,abc<.*>-rest". */
static char *compat_pattern(const char *compat)
{
	const char *comma = strchr(compat, ',');
	struct strbuf sb;
	char *out;

	sb_init(&sb);
	sb_puts(&sb, compat);
	if (comma) {
		/* s/\,[a-zA-Z0-9]*\-/\,<\.\*>\-/ */
		const char *q = comma + 1;

		while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
		       (*q >= '0' && *q <= '9'))
			q++;
		sb_putc(&sb, '|');
		if (*q == '-') {
			sb_putn(&sb, compat, (size_t)(comma - compat));
			sb_puts(&sb, ",<.*>");
			sb_puts(&sb, q);
		} else {
			sb_puts(&sb, compat);
		}
		/* s/\,([a-z]*)[0-9]*\-/\,$1<\.\*>\-/ */
		const char *l = comma + 1, *dg;

		while (*l >= 'a' && *l <= 'z')
			l++;
		for (dg = l; *dg >= '0' && *dg <= '9'; dg++)
			;
		sb_putc(&sb, '|');
		if (*dg == '-') {
			sb_putn(&sb, compat, (size_t)(l - compat));
			sb_puts(&sb, "<.*>");
			sb_puts(&sb, dg);
		} else {
			sb_puts(&sb, compat);
		}
	}
	out = sb.oom ? NULL : strdup(sb_cstr(&sb));
	sb_free(&sb);
	return out;
}

static bool compat_line(const char *path, const char *t)
{
	const char *q = t;

	if (dts_path(path)) {
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "compatible", 10))
			return false;
		q += 10;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q++ != '=')
			return false;
		while (*q == ' ' || *q == '\t')
			q++;
		return *q == '"';
	}
	if (str_ends_with(path, ".c") || str_ends_with(path, ".h")) {
		for (const char *h = strstr(t, ".compatible"); h;
		     h = strstr(h + 1, ".compatible")) {
			q = h + 11;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q++ != '=')
				continue;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '"')
				return true;
		}
	}
	return false;
}

/* checkpatch's two greps for one compatible of an added line. */
static int check_compatible(struct ctx *c, const struct dtbind_patch *p,
			    const struct dtbind_patch_file *f, const struct dtbind_patch_line *pl,
			    uint32_t nl, char *compat, uint32_t col)
{
	struct dtbind_loc at = rule_loc(c, p, f, pl->at, nl, col);
	char *pattern = compat_pattern(compat);
	size_t vl = 0;

	if (!pattern)
		return -DTBIND_ENOMEM;
	if (!corpus_grep(c, pattern)) {
		cp_report(c, "UNDOCUMENTED_DT_STRING", at,
			  "DT compatible string \"%s\" appears un-documented -- check " BINDINGS,
			  compat);
		file_note(c, f, nl, col);
	}
	free(pattern);
	/* The vendor: /^([a-zA-Z0-9\-]+)\,/ */
	while (isalnum((unsigned char)compat[vl]) || compat[vl] == '-')
		vl++;
	if (!vl || compat[vl] != ',')
		return 0;
	compat[vl] = '\0';
	if (!vendor_known(c, compat)) {
		cp_report(c, "UNDOCUMENTED_DT_STRING", at,
			  "DT compatible string vendor \"%s\" appears un-documented -- check " BINDINGS
			  "vendor-prefixes.yaml", compat);
		file_note(c, f, nl, col);
	}
	return 0;
}

int cp_rule_compatibles(struct ctx *c, const struct dtbind_patch *p,
			const struct dtbind_patch_file *f)
{
	const char *path = f->new_path;

	if (!path || !(dts_path(path) || str_ends_with(path, ".c") || str_ends_with(path, ".h")))
		return 0;
	for (size_t h = 0; h < f->n_hunks; h++) {
		const struct dtbind_patch_hunk *hk = &f->hunks[h];
		uint32_t nl = hk->new_start - 1;

		for (size_t j = 0; j < hk->n; j++) {
			const struct dtbind_patch_line *pl = &hk->lines[j];

			if (pl->kind == '-')
				continue;
			nl++;
			if (pl->kind != '+' || !compat_line(path, pl->text))
				continue;
			if (!c->root || !c->tree) {
				if (!c->no_tree_noted)
					cp_note(c, rule_loc(c, p, f, pl->at, nl, 1), true,
						"compatible strings are not checked against the "
						"bindings without the kernel tree (--tree DIR) "
						"[UNDOCUMENTED_DT_STRING]");
				c->no_tree_noted = true;
				return 0;
			}
			/* Every "string" of the line made of compatible characters. */
			for (const char *q = pl->text; (q = strchr(q, '"')) != NULL;) {
				const char *e = q + 1;

				while (compat_char(*e))
					e++;
				if (*e != '"' || e == q + 1) {
					q++;
					continue;
				}
				char *compat = strndup(q + 1, (size_t)(e - q - 1));
				int ret = compat ? check_compatible(c, p, f, pl, nl, compat,
								    (uint32_t)(q - pl->text) + 2)
						 : -DTBIND_ENOMEM;

				free(compat);
				if (ret)
					return ret;
				q = e + 1;
			}
		}
	}
	return 0;
}

