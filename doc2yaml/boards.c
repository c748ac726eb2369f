// SPDX-License-Identifier: BSD-2-Clause
/*
 * boards.c - the compatible lists the tree's board sources use.  A legacy
 * text names the fallback ("fsl,imx35-sdma") and rarely every SoC string
 * placed before it ("fsl,imx6sl-sdma", "fsl,imx35-sdma"); a schema that
 * leaves those out makes dtbs_check warn on every such board, so kernel
 * conversions list them.  The sources (*.dts, *.dtsi below arch/ of the
 * kernel tree, or --dts DIR) are scanned once per converter for their
 * `compatible = "a", "b";` lists: a token scan, no preprocessing, since
 * only string literals are read.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

#include <dirent.h>
#include <sys/stat.h>

#define BOARD_MAX_FILES 60000
#define BOARD_MAX_DEPTH 12
#define BOARD_MAX_STRINGS 32
#define BOARD_MAX_STRLEN 255

static bool dts_ident_char(char ch)
{
	return isalnum((unsigned char)ch) || strchr(",._+*#?@-", ch);
}

/* Past blanks and comments from @p; @line counts the newlines passed. */
static const char *skip_space(const char *p, const char *end, unsigned *line)
{
	while (p < end) {
		if (*p == '\n') {
			++*line;
			p++;
		} else if (isspace((unsigned char)*p)) {
			p++;
		} else if (*p == '/' && p + 1 < end && p[1] == '*') {
			const char *q = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);

			for (const char *r = p; r < (q ? q : end); r++)
				*line += *r == '\n';
			p = q ? q + 2 : end;
		} else if (*p == '/' && p + 1 < end && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else {
			break;
		}
	}
	return p;
}

/* A list seen first at @file:@line, each string indexed; repeats are counted once. */
static void add_list(struct dtbind_doc2yaml *c, const char **s, const size_t *n, size_t k,
		     const char *file, unsigned line)
{
	struct strbuf key;

	sb_init(&key);
	for (size_t i = 0; i < k; i++) {
		sb_putn(&key, s[i], n[i]);
		sb_putc(&key, '\n');
	}
	if (!key.len || hmap_get_str(&c->board_seen, key.buf, key.len)) {
		sb_free(&key);
		return;
	}
	struct board_list *bl = arena_alloc(&c->board_arena, sizeof(*bl));
	char *kseen = arena_strndup(&c->board_arena, key.buf, key.len);
	char *kcopy = arena_strndup(&c->board_arena, key.buf, key.len);
	const char **v = arena_alloc(&c->board_arena, k * sizeof(*v));

	sb_free(&key);
	if (!bl || !kseen || !kcopy || !v || hmap_put_str(&c->board_seen, kseen, strlen(kseen), bl))
		return;
	for (size_t i = 0, at = 0; i < k; at += n[i] + 1, i++) {
		kcopy[at + n[i]] = '\0';
		v[i] = kcopy + at;
	}
	bl->s = v;
	bl->n = k;
	bl->file = file;
	bl->line = line;
	for (size_t i = 0; i < k; i++) {
		bool again = false;

		for (size_t j = 0; j < i; j++)
			again = again || !strcmp(v[j], v[i]);
		if (again)
			continue;
		struct board_ref *r = arena_alloc(&c->board_arena, sizeof(*r));

		if (!r)
			return;
		r->l = bl;
		r->next = hmap_get_str(&c->board_lists, v[i], strlen(v[i]));
		hmap_put_str(&c->board_lists, v[i], strlen(v[i]), r);
	}
}

/* After "compatible" at @p: `= "a", "b";`, added when it is only string literals. */
static const char *read_list(struct dtbind_doc2yaml *c, const char *p, const char *end,
			     const char *file, unsigned *line)
{
	const char *s[BOARD_MAX_STRINGS];
	size_t n[BOARD_MAX_STRINGS], k = 0;
	unsigned at = *line;

	p = skip_space(p, end, line);
	if (p >= end || *p != '=')
		return p;
	for (p++;;) {
		p = skip_space(p, end, line);
		if (p >= end || *p != '"')
			return p;
		const char *b = ++p;

		while (p < end && *p != '"' && *p != '\\' && *p != '\n')
			p++;
		if (p >= end || *p != '"' || k == BOARD_MAX_STRINGS ||
		    (size_t)(p - b) > BOARD_MAX_STRLEN || p == b)
			return p;
		s[k] = b;
		n[k++] = (size_t)(p - b);
		p = skip_space(p + 1, end, line);
		if (p < end && *p == ';') {
			add_list(c, s, n, k, file, at);
			return p + 1;
		}
		if (p >= end || *p != ',')
			return p;
		p++;
	}
}

static void scan_source(struct dtbind_doc2yaml *c, const char *buf, size_t len, const char *file)
{
	static const char kw[] = "compatible";
	const char *p = buf, *end = buf + len;
	unsigned line = 1;

	while (p < end) {
		const char *q = skip_space(p, end, &line);

		if (q != p) {
			p = q;
			continue;
		}
		if (*p == '"') {	/* a string elsewhere: not a property name */
			for (p++; p < end && *p != '"' && *p != '\n'; p++)
				p += *p == '\\' && p + 1 < end && p[1] != '\n';
			p += p < end && *p == '"';
			continue;
		}
		if (!dts_ident_char(*p)) {
			p++;
			continue;
		}
		const char *b = p;

		while (p < end && dts_ident_char(*p))
			p++;
		if ((size_t)(p - b) == sizeof(kw) - 1 && !memcmp(b, kw, sizeof(kw) - 1))
			p = read_list(c, p, end, file, &line);
	}
}

/* Files below @dir, named by their path past its first @skip characters. */
static void scan_dir(struct dtbind_doc2yaml *c, size_t skip, const char *dir, unsigned depth,
		     size_t *files)
{
	DIR *d = depth <= BOARD_MAX_DEPTH ? opendir(dir) : NULL;
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL && *files < BOARD_MAX_FILES) {
		struct stat st;
		char *p;

		if (de->d_name[0] == '.' || asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		/* lstat: a symlinked directory (include-prefixes) would loop or repeat. */
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			scan_dir(c, skip, p, depth + 1, files);
		} else if (S_ISREG(st.st_mode) && (str_ends_with(de->d_name, ".dts") ||
						   str_ends_with(de->d_name, ".dtsi"))) {
			char *buf;
			size_t len;
			const char *rel = arena_strdup(&c->board_arena, p + skip);

			++*files;
			if (rel && !read_file(p, 8u << 20, &buf, &len)) {
				scan_source(c, buf, len, rel);
				free(buf);
			}
		}
		free(p);
	}
	closedir(d);
}

/* The board sources: --dts, else arch/ of the kernel tree around the bindings root. */
static void load_boards(struct conv *cv)
{
	struct dtbind_doc2yaml *c = cv->c;
	char *dir = NULL;

	if (c->opts.dts_dir)
		dir = strdup(c->opts.dts_dir);
	else if (cv->root && asprintf(&dir, "%s/../../../arch", cv->root) < 0)
		dir = NULL;
	if (!dir || (c->boards_dir && !strcmp(c->boards_dir, dir)) || !is_dir(dir)) {
		free(dir);
		return;
	}
	board_index_free(c);
	c->boards_dir = dir;
	hmap_init(&c->board_lists);
	hmap_init(&c->board_seen);
	arena_init(&c->board_arena, 256 * 1024);

	/* Findings name files from the directory's own name on: "arch/arm/boot/dts/x.dtsi". */
	size_t n = strlen(dir), files = 0;

	while (n > 1 && dir[n - 1] == '/')
		dir[--n] = '\0';
	while (n > 0 && dir[n - 1] != '/')
		n--;
	scan_dir(c, n, dir, 0, &files);
}

void board_index_free(struct dtbind_doc2yaml *c)
{
	if (!c->boards_dir)
		return;
	hmap_free(&c->board_lists);
	hmap_free(&c->board_seen);
	arena_release(&c->board_arena);
	free(c->boards_dir);
	c->boards_dir = NULL;
}

const struct board_ref *board_lists_with(struct conv *cv, const char *compat)
{
	load_boards(cv);
	if (!cv->c->boards_dir || !compat)
		return NULL;
	return hmap_get_str(&cv->c->board_lists, compat, strlen(compat));
}

/* Does a board use @s as its only compatible? */
bool board_uses_alone(struct conv *cv, const char *s)
{
	for (const struct board_ref *r = board_lists_with(cv, s); r; r = r->next)
		if (r->l->n == 1)
			return true;
	return false;
}

/* Is @s a compatible another node of the text has ("fsl,imx-audmux" beside the device)? */
static bool other_nodes_compatible(const struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->sub_compat.n; i++)
		if (cv->sub_compat.v[i] && !strcmp(cv->sub_compat.v[i], s))
			return true;
	return false;
}

/* Is @s the fallback of a chain of ours, or of a board list with one of ours? */
static bool used_as_fallback(struct conv *cv, const char *s)
{
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		if (ch->n > 1 && !strcmp(ch->s[ch->n - 1], s))
			return true;
	}
	for (const struct board_ref *r = board_lists_with(cv, s); r; r = r->next) {
		const struct board_list *l = r->l;

		if (l->n < 2 || strcmp(l->s[l->n - 1], s))
			continue;
		for (size_t k = 0; k + 1 < l->n; k++)
			if (our_compatible(cv, l->s[k]))
				return true;
	}
	return false;
}

static bool same_vendor(const char *a, const char *b)
{
	const char *ca = strchr(a, ','), *cb = strchr(b, ',');

	return ca && cb && ca - a == cb - b && !strncmp(a, b, (size_t)(ca - a));
}

/*
 * Where a board list of two or more strings has one of ours, and every
 * string from ours on is ours or a generic fallback, the list is a chain of
 * the device's: "fsl,imx6sl-sdma", "fsl,imx35-sdma" when the text names
 * imx35's, or "fsl,imx6q-sdma", "fsl,imx35-sdma" when it names both as
 * alternatives.  The new strings must be no other schema's (in a tree) and no
 * other node's of the text.  Each addition is said at the compatible item.
 */
static bool board_chain(struct conv *cv, const struct board_list *l)
{
	size_t i = 0;

	while (i < l->n && !our_compatible(cv, l->s[i]))
		i++;
	if (i == l->n || l->n < 2 || generic_compatible(l->s[i]))
		return false;
	for (size_t k = 0; k < l->n; k++) {
		const char *s = l->s[k];

		if (!valid_compatible(s) || generic_compatible(s))
			return false;
		if (k >= i && !our_compatible(cv, s) && !generic_fallback(l->s[0], s))
			return false;
		/* A fallback first ("amlogic,meson-gpio-intc", "...meson8b-..."): reversed. */
		if (k < i && (!strchr(s, ',') || other_nodes_compatible(cv, s) ||
			      generic_fallback(l->s[i], s) || used_as_fallback(cv, s) ||
			      (cv->root && documented_elsewhere(cv, s))))
			return false;
	}
	return true;
}

void board_chains(struct conv *cv)
{
	const struct board_list *add[64];
	size_t nadd = 0, ntext = cv->chains.n;

	if (cv->root_binding)
		return;
	for (size_t c = 0; c < ntext; c++) {
		const struct chain *ch = cv->chains.v[c];

		for (size_t m = 0; m < ch->n; m++) {
			for (const struct board_ref *r = board_lists_with(cv, ch->s[m]); r;
			     r = r->next) {
				bool dup = false;

				for (size_t k = 0; k < nadd; k++)
					dup = dup || add[k] == r->l;
				if (!dup && nadd < ARRAY_SIZE(add) && board_chain(cv, r->l))
					add[nadd++] = r->l;
			}
		}
	}
	for (size_t k = 0; k < nadd; k++) {
		size_t before = cv->chains.n;
		bool lone[BOARD_MAX_STRINGS] = { false };

		/*
		 * A fallback the text does not name that boards also use alone,
		 * of the same vendor and no other schema's, is a device of ours
		 * too ("amlogic,axg-frddr" where the text repeats axg-toddr).
		 */
		for (size_t m = 1; m < add[k]->n; m++) {
			const char *t = add[k]->s[m];

			lone[m] = !our_compatible(cv, t) && same_vendor(t, add[k]->s[0]) &&
				  board_uses_alone(cv, t) && !(cv->root && documented_elsewhere(cv, t));
		}

		add_chain(cv, (const char **)add[k]->s, add[k]->n, cv->compat_line, false);
		if (cv->chains.n == before)
			continue;
		for (size_t m = 1; m < add[k]->n; m++)
			if (lone[m])
				add_chain(cv, (const char **)&add[k]->s[m], 1, cv->compat_line, false);
		struct strbuf sb;

		sb_init(&sb);
		for (size_t m = 0; m < add[k]->n; m++)
			sb_printf(&sb, "%s\"%s\"", m ? ", " : "", add[k]->s[m]);
		finding(cv, DTBIND_NOTE, cv->compat_line, 1, "doc2yaml-compatible",
			"compatible list %s added: %s:%u uses it", sb.buf ? sb.buf : "",
			add[k]->file, add[k]->line);
		sb_free(&sb);
	}
}
