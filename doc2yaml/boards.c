// SPDX-License-Identifier: BSD-2-Clause
/*
 * boards.c - what the tree's board sources say of the device.  A converting
 * developer runs dtbs_check and adds what the boards use that the text does
 * not say: the SoC strings placed before the text's fallback ("fsl,imx6sl-
 * sdma", "fsl,imx35-sdma"), which properties every board really sets, and
 * which -names lists each SoC has.  The sources (*.dts, *.dtsi below arch/
 * of the kernel tree, or --dts DIR) are scanned once per converter: a token
 * scan, no preprocessing, since only names and string literals are read.
 * It keeps each node's compatible list, properties and child names, -names
 * lists, labels and path, and what &label { } blocks and nodes reopened by
 * path add; labels and paths are matched across all sources (no include
 * graph), which errs on "a board has it".
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

#include <dirent.h>
#include <sys/stat.h>

#define BOARD_MAX_FILES 60000
#define BOARD_MAX_DEPTH 12
#define BOARD_MAX_STRINGS 32
#define BOARD_MAX_STRLEN 255
#define BOARD_MAX_NEST 64

#define BOARD_MAPS(b) &(b)->lists, &(b)->seen, &(b)->nodes, &(b)->overrides, &(b)->labelled, &(b)->paths

/* Characters of DTS names, labels and property names (a table: every byte is asked). */
static bool dts_ident_char(char ch)
{
	static bool table[256];
	static bool ready;

	if (!ready) {
		for (int i = 0; i < 256; i++)
			table[i] = isalnum(i) || (i && strchr(",._+*#?@-", i));
		ready = true;
	}
	return table[(unsigned char)ch];
}

/* Past blanks and comments from @p; @line counts the newlines passed. */
static const char *skip_space(const char *p, const char *end, unsigned *line)
{
	while (p < end) {
		if (*p == '\n') {
			++*line;
			p++;
		} else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
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
static const struct board_list *add_list(struct dtbind_doc2yaml *c, const char **s,
					 const size_t *n, size_t k, const char *file,
					 unsigned line)
{
	struct strbuf key;

	sb_init(&key);
	for (size_t i = 0; i < k; i++) {
		sb_putn(&key, s[i], n[i]);
		sb_putc(&key, '\n');
	}
	struct board_list *had = key.buf ? hmap_get_str(&c->boards.seen, key.buf, key.len) : NULL;

	if (!key.len || had) {
		sb_free(&key);
		return had;
	}
	struct board_list *bl = arena_alloc(&c->boards.arena, sizeof(*bl));
	char *kseen = arena_strndup(&c->boards.arena, key.buf, key.len);
	char *kcopy = arena_strndup(&c->boards.arena, key.buf, key.len);
	const char **v = arena_alloc(&c->boards.arena, k * sizeof(*v));

	sb_free(&key);
	if (!bl || !kseen || !kcopy || !v || hmap_put_str(&c->boards.seen, kseen, strlen(kseen), bl))
		return NULL;
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
		struct board_ref *r = arena_alloc(&c->boards.arena, sizeof(*r));

		if (!r)
			return bl;
		r->l = bl;
		r->next = hmap_get_str(&c->boards.lists, v[i], strlen(v[i]));
		hmap_put_str(&c->boards.lists, v[i], strlen(v[i]), r);
	}
	return bl;
}

/*
 * After "compatible" at @p: `= "a", "b";`; *@out is the list when it is only
 * string literals.  Returns where the value ends (its ';', or where it went
 * wrong).
 */
static const char *read_list(struct dtbind_doc2yaml *c, const char *p, const char *end,
			     const char *file, unsigned *line, const struct board_list **out)
{
	const char *s[BOARD_MAX_STRINGS];
	size_t n[BOARD_MAX_STRINGS], k = 0;
	unsigned at = *line;

	*out = NULL;
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
			*out = add_list(c, s, n, k, file, at);
			return p;
		}
		if (p >= end || *p != ',')
			return p;
		p++;
	}
}

static const char *skip_string(const char *p, const char *end)
{
	for (p++; p < end && *p != '"' && *p != '\n'; p++)
		p += *p == '\\' && p + 1 < end && p[1] != '\n';
	return p + (p < end && *p == '"');
}

/* A "-names" value `= "a", "b";` of only string literals, kept as "prop=a\x1fb\x1f\n". */
static void read_names(const char *p, const char *end, const char *name, size_t nl,
		       struct strbuf *out)
{
	size_t mark = out->len;
	unsigned line = 0;

	p = skip_space(p, end, &line);
	if (p >= end || *p != '=')
		return;
	sb_putn(out, name, nl);
	sb_putc(out, '=');
	for (p++;;) {
		p = skip_space(p, end, &line);
		if (p >= end || *p != '"')
			break;
		const char *b = ++p;

		while (p < end && *p != '"' && *p != '\\' && *p != '\n' && *p != '\x1f')
			p++;
		if (p >= end || *p != '"' || p - b > BOARD_MAX_STRLEN)
			break;
		sb_putn(out, b, (size_t)(p - b));
		sb_putc(out, '\x1f');
		p = skip_space(p + 1, end, &line);
		if (p < end && *p == ';') {
			sb_putc(out, '\n');
			return;
		}
		if (p >= end || *p != ',')
			break;
		p++;
	}
	out->len = mark;	/* not a plain list: not kept */
	if (out->buf)
		out->buf[mark] = '\0';
}

/* To the ';' that ends a property's value, past strings, <cells>, [bytes] and (expressions). */
static const char *skip_value(const char *p, const char *end, unsigned *line)
{
	int angle = 0, square = 0, paren = 0;

	while (p < end) {
		char ch = *p;

		if (ch == '\n') {
			++*line;
			p++;
			continue;
		}
		if (ch == '/') {
			const char *q = skip_space(p, end, line);

			if (q != p) {
				p = q;
				continue;
			}
		}
		if (ch == '"') {
			p = skip_string(p, end);
			continue;
		}
		if (ch == '(')
			paren++;
		else if (ch == ')' && paren)
			paren--;
		else if (ch == '<' && !paren)
			angle++;
		else if (ch == '>' && !paren && angle)
			angle--;
		else if (ch == '[')
			square++;
		else if (ch == ']' && square)
			square--;
		else if ((ch == ';' && !angle && !square) || ch == '{' || ch == '}')
			return p;	/* a brace: the value was broken; the structure goes on */
		p++;
	}
	return p;
}

/* A preprocessor line ("#include", "#define X ..."), not "#address-cells = ...". */
static const char *skip_directive(const char *p, const char *end, unsigned *line)
{
	static const char *const words[] = {
		"include", "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif",
		"error", "warning", "pragma", "line",
	};
	const char *w = p + 1;
	size_t n = 0;

	while (w + n < end && isalpha((unsigned char)w[n]))
		n++;
	bool directive = false;

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		directive = directive || (strlen(words[i]) == n && !memcmp(w, words[i], n));
	if (!directive)
		return NULL;
	while (p < end && *p != '\n') {
		if (*p == '\\' && p + 1 < end && p[1] == '\n') {
			++*line;
			p++;
		}
		p++;
	}
	return p;
}

/* One node being read: its properties and labels ("name\n" each), its list, what it extends. */
struct frame {
	struct strbuf props, labels;
	struct strbuf names;	/* "clock-names=ipg\x1fper\x1f\n": the -names lists it sets */
	struct strbuf path;	/* "/soc/serial@70006040": a board may reopen it by path */
	char ref[64];		/* &ref { ... }: the label whose node it adds to */
	const struct board_list *l;
};

static void index_props(struct dtbind_doc2yaml *c, struct hmap *m, const char *key, size_t kn,
			const char *props)
{
	struct board_props *bp = arena_alloc(&c->boards.arena, sizeof(*bp));
	char *k = arena_strndup(&c->boards.arena, key, kn);

	if (!bp || !k)
		return;
	bp->props = props;
	bp->next = hmap_get_str(m, k, kn);
	hmap_put_str(m, k, kn, bp);
}

/* A node is read: a device node indexed by its compatibles, its properties by its labels. */
static void close_frame(struct dtbind_doc2yaml *c, struct frame *f)
{
	const char *props = arena_strndup(&c->boards.arena, f->props.buf ? f->props.buf : "",
					  f->props.len);
	const char *labels = f->labels.buf ? f->labels.buf : "";

	if (!f->props.len)
		props = NULL;	/* nothing to add to any node */
	if (props && f->ref[0])
		index_props(c, &c->boards.overrides, f->ref, strlen(f->ref), props);
	if (props && f->path.len && !f->ref[0])
		index_props(c, &c->boards.paths, f->path.buf, f->path.len, props);
	for (const char *l = labels; props && *l;) {
		size_t n = strcspn(l, "\n");

		index_props(c, &c->boards.labelled, l, n, props);
		l += n + (l[n] == '\n');
	}
	if (f->l) {
		struct board_node *bn = arena_alloc(&c->boards.arena, sizeof(*bn));

		if (bn) {
			bn->l = f->l;
			bn->props = props ? props : "";
			bn->labels = arena_strdup(&c->boards.arena, labels);
			bn->ref = f->ref[0] ? arena_strdup(&c->boards.arena, f->ref) : NULL;
			bn->names = f->names.len ? arena_strndup(&c->boards.arena, f->names.buf,
								 f->names.len) : NULL;
			bn->path = f->path.len && !f->ref[0] ?
				   arena_strndup(&c->boards.arena, f->path.buf, f->path.len) : NULL;
			for (size_t i = 0; i < f->l->n; i++) {
				const char *s = f->l->s[i];
				struct board_noderef *r = arena_alloc(&c->boards.arena, sizeof(*r));

				if (!r)
					break;
				r->node = bn;
				r->next = hmap_get_str(&c->boards.nodes, s, strlen(s));
				hmap_put_str(&c->boards.nodes, s, strlen(s), r);
			}
		}
	}
	sb_free(&f->props);
	sb_free(&f->labels);
	sb_free(&f->path);
	sb_free(&f->names);
}

/* The statement being read: its last name, its labels and the reference it opens with. */
struct head {
	const char *name;
	size_t name_len;
	struct strbuf labels;
	char ref[64];
	bool directive;		/* "/delete-property/ x;", "/dts-v1/;" */
};

static void head_reset(struct head *h)
{
	h->name = NULL;
	h->name_len = 0;
	h->labels.len = 0;
	h->ref[0] = '\0';
	h->directive = false;
}

static void frame_prop(struct frame *f, const struct head *h)
{
	if (f && h->name && !h->directive && !h->ref[0]) {
		sb_putn(&f->props, h->name, h->name_len);
		sb_putc(&f->props, '\n');
	}
}

/* A token of a statement's head at @p: a name, a label, a &reference or a /directive/. */
static const char *head_token(const char *p, const char *end, struct head *h)
{
	if (*p == '&') {
		const char *b = ++p;

		while (p < end && dts_ident_char(*p))
			p++;
		snprintf(h->ref, sizeof(h->ref), "%.*s", (int)(p - b), b);
		return p;
	}
	if (*p == '/') {
		const char *b = p++;

		while (p < end && (isalnum((unsigned char)*p) || *p == '-'))
			p++;
		if (p < end && *p == '/' && p > b + 1) {
			h->directive = true;
			return p + 1;
		}
		h->name = b;	/* the root node */
		h->name_len = 1;
		return b + 1;
	}
	const char *b = p;

	while (p < end && dts_ident_char(*p))
		p++;
	if (p < end && *p == ':') {
		sb_putn(&h->labels, b, (size_t)(p - b));
		sb_putc(&h->labels, '\n');
		return p + 1;
	}
	h->name = b;
	h->name_len = (size_t)(p - b);
	return p;
}

static void scan_source(struct dtbind_doc2yaml *c, const char *buf, size_t len, const char *file)
{
	static const char kw[] = "compatible";
	struct frame st[BOARD_MAX_NEST];
	size_t depth = 0;	/* nodes open; those past BOARD_MAX_NEST are not recorded */
	struct head h = { 0 };
	const char *p = buf, *end = buf + len;
	unsigned line = 1;

	sb_init(&h.labels);
	while (p < end) {
		struct frame *top = depth && depth <= BOARD_MAX_NEST ? &st[depth - 1] : NULL;
		const char *q;

		if ((unsigned char)*p <= ' ' || *p == '/') {
			q = skip_space(p, end, &line);
			if (q != p) {
				p = q;
				continue;
			}
		}
		if (*p == '#' && (q = skip_directive(p, end, &line)) != NULL) {
			p = q;
		} else if (*p == '"') {
			p = skip_string(p, end);	/* /include/ "file" */
		} else if (*p == '&' || *p == '/' || dts_ident_char(*p)) {
			p = head_token(p, end, &h);
		} else if (*p == '=') {
			const struct board_list *l = NULL;

			frame_prop(top, &h);
			if (h.name && h.name_len == sizeof(kw) - 1 && !memcmp(h.name, kw, h.name_len))
				p = read_list(c, p, end, file, &line, &l);
			else if (top && h.name && !h.ref[0] && h.name_len > 6 &&
				 !memcmp(h.name + h.name_len - 6, "-names", 6))
				read_names(p, end, h.name, h.name_len, &top->names);
			if (top && l)
				top->l = l;
			p = skip_value(p, end, &line);
			head_reset(&h);
		} else if (*p == ';') {
			frame_prop(top, &h);	/* a flag */
			head_reset(&h);
			p++;
		} else if (*p == '{') {
			/* A child node is named among its parent's properties ("ports", "port"). */
			if (top && h.name && !h.ref[0] && h.name[0] != '/') {
				const char *at = memchr(h.name, '@', h.name_len);

				sb_putn(&top->props, h.name, at ? (size_t)(at - h.name) : h.name_len);
				sb_putc(&top->props, '\n');
			}
			if (++depth <= BOARD_MAX_NEST) {
				struct frame *f = &st[depth - 1];

				sb_init(&f->props);
				sb_init(&f->labels);
				sb_init(&f->path);
				sb_init(&f->names);
				sb_putn(&f->labels, h.labels.buf ? h.labels.buf : "", h.labels.len);
				memcpy(f->ref, h.ref, sizeof(f->ref));
				f->l = NULL;
				/* The path, for nodes under the root: "&x { y { } }" has none. */
				if (top && top->path.len && h.name && !h.ref[0]) {
					sb_putn(&f->path, top->path.buf, top->path.len);
					if (top->path.len > 1)
						sb_putc(&f->path, '/');
					sb_putn(&f->path, h.name, h.name_len);
				}
				else if (!top && h.name && h.name_len == 1 && h.name[0] == '/')
					sb_puts(&f->path, "/");
			}
			head_reset(&h);
			p++;
		} else if (*p == '}') {
			if (top)
				close_frame(c, top);
			depth -= depth > 0;
			head_reset(&h);
			p++;
		} else {
			p++;
		}
	}
	while (depth)
		if (depth-- <= BOARD_MAX_NEST)
			close_frame(c, &st[depth]);
	sb_free(&h.labels);
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
			const char *rel = arena_strdup(&c->boards.arena, p + skip);

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

/* An empty index for @dir (taken over); false, and @dir freed, when out of memory. */
static bool board_index_reset(struct dtbind_doc2yaml *c, char *dir)
{
	struct hmap *const maps[] = { BOARD_MAPS(&c->boards) };

	board_index_free(c);
	if (!dir)
		return false;
	c->boards.dir = dir;
	for (size_t i = 0; i < ARRAY_SIZE(maps); i++)
		hmap_init(maps[i]);
	arena_init(&c->boards.arena, 256 * 1024);
	return true;
}

/* The index of one source in memory, as if it were all of @dir (the fuzz harness). */
void board_index_from_buffer(struct dtbind_doc2yaml *c, const char *dir, const char *buf,
			     size_t len)
{
	if (board_index_reset(c, strdup(dir)))
		scan_source(c, buf, len, "fuzz.dts");
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
	if (!dir || (c->boards.dir && !strcmp(c->boards.dir, dir)) || !is_dir(dir)) {
		free(dir);
		return;
	}
	if (!board_index_reset(c, dir))
		return;

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
	struct board_index *b = &c->boards;
	struct hmap *const maps[] = { BOARD_MAPS(b) };

	if (!b->dir)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(maps); i++)
		hmap_free(maps[i]);
	arena_release(&b->arena);
	free(b->dir);
	b->dir = NULL;
}

const struct board_ref *board_lists_with(struct conv *cv, const char *compat)
{
	load_boards(cv);
	if (!cv->c->boards.dir || !compat)
		return NULL;
	return hmap_get_str(&cv->c->boards.lists, compat, strlen(compat));
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
			      (same_vendor(s, l->s[i]) && generic_fallback(l->s[i], s)) ||
			      used_as_fallback(cv, s) ||
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

static bool has_line(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = list; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (k == n && !memcmp(l, name, n))
			return true;
		l += k + (l[k] == '\n');
	}
	return false;
}

static bool props_chain_has(const struct hmap *m, const char *label, size_t n, const char *name)
{
	for (const struct board_props *bp = hmap_get_str(m, label, n); bp; bp = bp->next)
		if (has_line(bp->props, name))
			return true;
	return false;
}

/*
 * Does board node @bn have property @name: its own, in a &label { } block
 * of one of its labels, or (a node set in a &ref { } block) the labelled
 * node's?  Labels are matched across all sources, which errs on "has".
 */
static bool node_has(struct dtbind_doc2yaml *c, const struct board_node *bn, const char *name)
{
	if (has_line(bn->props, name))
		return true;
	for (const char *l = bn->labels; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (props_chain_has(&c->boards.overrides, l, k, name))
			return true;
		l += k + (l[k] == '\n');
	}
	if (bn->path && props_chain_has(&c->boards.paths, bn->path, strlen(bn->path), name))
		return true;
	return bn->ref && (props_chain_has(&c->boards.labelled, bn->ref, strlen(bn->ref), name) ||
			   props_chain_has(&c->boards.overrides, bn->ref, strlen(bn->ref), name));
}

/*
 * Do the board nodes with one of our compatibles (generic ones and those
 * without a vendor aside) all lack property @name?  *@nodes: how many
 * there are; false when fewer than two.
 */
bool boards_lack_property(struct conv *cv, const char *name, size_t *nodes)
{
	/* dt-schema takes interrupts-extended for interrupts (its fixup). */
	if (!strcmp(name, "interrupts") && !boards_lack_property(cv, "interrupts-extended", nodes))
		return false;

	struct dtbind_doc2yaml *c = cv->c;
	const char *seen[256];
	size_t nseen = 0;

	*nodes = 0;
	load_boards(cv);
	if (!c->boards.dir)
		return false;
	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t m = 0; m < ch->n; m++) {
			const char *s = ch->s[m];
			bool again = false;

			for (size_t k = 0; k < nseen; k++)
				again = again || !strcmp(seen[k], s);
			/* "cache", "syscon": every such node of the tree, not the device's. */
			if (again || generic_compatible(s) || !strchr(s, ',') ||
			    nseen == ARRAY_SIZE(seen))
				continue;
			seen[nseen++] = s;
			for (const struct board_noderef *r = hmap_get_str(&c->boards.nodes, s, strlen(s));
			     r; r = r->next) {
				const struct board_list *l = r->node->l;
				size_t first = 0;

				while (first < l->n && (!our_compatible(cv, l->s[first]) ||
							generic_compatible(l->s[first]) ||
							!strchr(l->s[first], ',')))
					first++;
				if (first < l->n && strcmp(l->s[first], s))
					continue;	/* counted at the list's first string of ours */
				if (node_has(c, r->node, name))
					return false;
				++*nodes;
			}
		}
	}
	return *nodes >= 2;	/* one board is thin evidence against the text */
}

/* The value of list @prop in @names ("a\x1fb\x1f"), or NULL. */
static const char *names_value(const char *names, const char *prop, size_t *len)
{
	size_t pl = strlen(prop);

	for (const char *l = names; l && *l;) {
		size_t k = strcspn(l, "\n");

		if (k > pl && l[pl] == '=' && !memcmp(l, prop, pl)) {
			*len = k - pl - 1;
			return l + pl + 1;
		}
		l += k + (l[k] == '\n');
	}
	return NULL;
}

/*
 * The names list @prop ("clock-names") the board nodes whose compatible
 * list starts with @head agree on, as "a\x1fb\x1f" (arena); NULL when no
 * such node sets it or two disagree.  *@nodes: how many set it.
 */
const char *board_names_of(struct conv *cv, const char *head, const char *prop, size_t *nodes)
{
	const char *common = NULL;
	size_t clen = 0;

	*nodes = 0;
	load_boards(cv);
	if (!cv->c->boards.dir)
		return NULL;
	for (const struct board_noderef *r = hmap_get_str(&cv->c->boards.nodes, head, strlen(head));
	     r; r = r->next) {
		size_t len;
		const char *v;

		if (strcmp(r->node->l->s[0], head) ||
		    !(v = names_value(r->node->names, prop, &len)))
			continue;
		if (common && (len != clen || memcmp(v, common, len)))
			return NULL;
		common = v;
		clen = len;
		++*nodes;
	}
	return common ? cv_strndup(cv, common, clen) : NULL;
}
