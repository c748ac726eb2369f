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
 * path add.  A block adds to a node when some .dts build reads both files
 * (the #include graph), as dtc would merge them: "&uart0 { }" of one board
 * is not another SoC's uart0.  boardprops.c asks the index what the
 * device's nodes set.
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

#define BOARD_MAPS(b) &(b)->lists, &(b)->seen, &(b)->nodes, &(b)->overrides, &(b)->labelled, \
		      &(b)->paths, &(b)->values

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
/* Phandle lists whose entries each open with a reference, counted per node. */
static bool counted_list(const char *name, size_t n)
{
	static const char *const lists[] = {
		"clocks", "resets", "dmas", "phys", "power-domains", "iommus", "interconnects",
	};

	for (size_t i = 0; i < ARRAY_SIZE(lists); i++)
		if (strlen(lists[i]) == n && !memcmp(lists[i], name, n))
			return true;
	return false;
}

/* After "clocks" at @p: "clocks=N\n" into @out, N the references up to the ';'. */
static void count_entries(const char *p, const char *end, const char *name, size_t nl,
			  struct strbuf *out)
{
	unsigned refs = 0, line = 0;

	p = skip_space(p, end, &line);
	if (p >= end || *p != '=')
		return;
	for (p++; p < end && *p != ';' && *p != '"' && *p != '{' && *p != '}'; p++)
		refs += *p == '&';
	if (p >= end || *p != ';' || !refs)
		return;	/* a string, a macro or a node: not a plain phandle list */
	if (nl == strlen("interconnects") && !memcmp(name, "interconnects", nl))
		refs = (refs + 1) / 2;	/* a path: its source and its destination */
	char num[16];

	snprintf(num, sizeof(num), "=%u\n", refs);
	sb_putn(out, name, nl);
	sb_puts(out, num);
}

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
	struct strbuf counts;	/* "clocks=2\n": entries of the phandle lists it sets */
	struct strbuf path;	/* "/soc/serial@70006040": a board may reopen it by path */
	char ref[64];		/* &ref { ... }: the label whose node it adds to */
	const struct board_list *l;
};

static void index_props(struct dtbind_doc2yaml *c, struct hmap *m, const char *key, size_t kn,
			unsigned fid, const char *props, const char *counts)
{
	struct board_props *bp = arena_alloc(&c->boards.arena, sizeof(*bp));
	char *k = arena_strndup(&c->boards.arena, key, kn);

	if (!bp || !k)
		return;
	bp->props = props;
	bp->counts = counts;
	bp->fid = fid;
	bp->next = hmap_get_str(m, k, kn);
	hmap_put_str(m, k, kn, bp);
}

/* A node is read: a device node indexed by its compatibles, its properties by its labels. */
static void close_frame(struct dtbind_doc2yaml *c, struct frame *f, unsigned fid)
{
	const char *props = arena_strndup(&c->boards.arena, f->props.buf ? f->props.buf : "",
					  f->props.len);
	const char *labels = f->labels.buf ? f->labels.buf : "";
	const char *counts = f->counts.len ? arena_strndup(&c->boards.arena, f->counts.buf,
							   f->counts.len) : NULL;

	if (!f->props.len)
		props = NULL;	/* nothing to add to any node */
	if (props && f->ref[0])
		index_props(c, &c->boards.overrides, f->ref, strlen(f->ref), fid, props, counts);
	if (props && f->path.len && !f->ref[0])
		index_props(c, &c->boards.paths, f->path.buf, f->path.len, fid, props, counts);
	for (const char *l = labels; props && *l;) {
		size_t n = strcspn(l, "\n");

		index_props(c, &c->boards.labelled, l, n, fid, props, counts);
		l += n + (l[n] == '\n');
	}
	if (f->l) {
		struct board_node *bn = arena_alloc(&c->boards.arena, sizeof(*bn));

		if (bn) {
			bn->fid = fid;
			bn->l = f->l;
			bn->props = props ? props : "";
			bn->labels = arena_strdup(&c->boards.arena, labels);
			bn->ref = f->ref[0] ? arena_strdup(&c->boards.arena, f->ref) : NULL;
			bn->names = f->names.len ? arena_strndup(&c->boards.arena, f->names.buf,
								 f->names.len) : NULL;
			bn->counts = counts;
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
	sb_free(&f->counts);
}

/* The statement being read: its last name, its labels and the reference it opens with. */
struct head {
	const char *name;
	size_t name_len;
	struct strbuf labels;
	char ref[64];
	bool directive;		/* "/delete-property/ x;", "/dts-v1/;" */
	bool include;		/* the directive is /include/ */
};

static void head_reset(struct head *h)
{
	h->name = NULL;
	h->name_len = 0;
	h->labels.len = 0;
	h->ref[0] = '\0';
	h->directive = false;
	h->include = false;
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
			h->include = p - b == 8 && !memcmp(b, "/include", 8);
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

/* An included source ("x.dtsi", not a dt-bindings header) is kept by name. */
static void note_include(struct strbuf *incs, const char *b, size_t n)
{
	if ((n > 5 && !memcmp(b + n - 5, ".dtsi", 5)) || (n > 4 && !memcmp(b + n - 4, ".dts", 4))) {
		if (!memchr(b, '\n', n)) {
			sb_putn(incs, b, n);
			sb_putc(incs, '\n');
		}
	}
}

/* After "#include" at @p: the name between quotes or angle brackets. */
static void read_include_directive(const char *p, const char *end, struct strbuf *incs)
{
	p += 1 + strlen("include");
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || (*p != '"' && *p != '<'))
		return;
	const char close = *p == '"' ? '"' : '>';
	const char *b = ++p;

	while (p < end && *p != close && *p != '\n')
		p++;
	if (p < end && *p == close)
		note_include(incs, b, (size_t)(p - b));
}

/*
 * The first value a vendor property is given, @b..@e, kept to type what
 * boards use and the text does not name ("" for a flag); bounded.
 */
static void keep_value(struct dtbind_doc2yaml *c, const struct head *h, const char *b, const char *e)
{
	if (!h->name || h->directive || h->ref[0] || !memchr(h->name, ',', h->name_len) ||
	    hmap_get_str(&c->boards.values, h->name, h->name_len))
		return;
	while (b < e && isspace((unsigned char)*b))
		b++;
	if ((size_t)(e - b) > 4096 || memmem(b, (size_t)(e - b), "/*", 2) ||
	    memmem(b, (size_t)(e - b), "//", 2))
		return;	/* a long or commented value: not one to read */
	char *k = arena_strndup(&c->boards.arena, h->name, h->name_len);
	char *v = arena_strndup(&c->boards.arena, b, (size_t)(e - b));

	if (!k || !v)
		return;
	/* On one line, as an example's value is read. */
	size_t o = 0;

	for (const char *r = v; *r; r++)
		if (!isspace((unsigned char)*r) || (o && v[o - 1] != ' '))
			v[o++] = isspace((unsigned char)*r) ? ' ' : *r;
	while (o && v[o - 1] == ' ')
		o--;
	v[o] = '\0';
	hmap_put_str(&c->boards.values, k, h->name_len, v);
}

static void scan_source(struct dtbind_doc2yaml *c, const char *buf, size_t len, unsigned fid)
{
	const char *file = c->boards.files[fid].rel;
	struct strbuf incs;
	static const char kw[] = "compatible";
	struct frame st[BOARD_MAX_NEST];
	size_t depth = 0;	/* nodes open; those past BOARD_MAX_NEST are not recorded */
	struct head h = { 0 };
	const char *p = buf, *end = buf + len;
	unsigned line = 1;

	sb_init(&h.labels);
	sb_init(&incs);
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
			if ((size_t)(end - p) > 8 && !memcmp(p + 1, "include", 7))
				read_include_directive(p, end, &incs);
			p = q;
		} else if (*p == '"') {
			q = skip_string(p, end);	/* /include/ "file" */
			if (h.include && q - p >= 2 && q[-1] == '"')
				note_include(&incs, p + 1, (size_t)(q - p - 2));
			p = q;
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
			else if (top && h.name && !h.ref[0] && counted_list(h.name, h.name_len))
				count_entries(p, end, h.name, h.name_len, &top->counts);
			if (top && l)
				top->l = l;
			q = p;
			p = skip_value(p, end, &line);
			keep_value(c, &h, q + 1, p);
			head_reset(&h);
		} else if (*p == ';') {
			frame_prop(top, &h);	/* a flag */
			keep_value(c, &h, p, p);
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
				sb_init(&f->counts);
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
				close_frame(c, top, fid);
			depth -= depth > 0;
			head_reset(&h);
			p++;
		} else {
			p++;
		}
	}
	while (depth)
		if (depth-- <= BOARD_MAX_NEST)
			close_frame(c, &st[depth], fid);
	sb_free(&h.labels);
	c->boards.files[fid].incs = incs.len ? arena_strndup(&c->boards.arena, incs.buf, incs.len) :
				    NULL;
	sb_free(&incs);
}

/* A new source file's number, or -1 when out of memory. */
static long add_file(struct dtbind_doc2yaml *c, const char *rel)
{
	struct board_index *b = &c->boards;

	if (!rel)
		return -1;
	if (b->nfiles == b->capfiles) {
		size_t cap = b->capfiles ? 2 * b->capfiles : 256;
		struct board_file *v = realloc(b->files, cap * sizeof(*v));

		if (!v)
			return -1;
		b->files = v;
		b->capfiles = cap;
	}
	memset(&b->files[b->nfiles], 0, sizeof(b->files[0]));
	b->files[b->nfiles].rel = rel;
	return (long)b->nfiles++;
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

			long fid = -1;

			++*files;
			if (rel && !read_file(p, 8u << 20, &buf, &len)) {
				fid = add_file(c, rel);
				if (fid >= 0)
					scan_source(c, buf, len, (unsigned)fid);
				free(buf);
			}
		}
		free(p);
	}
	closedir(d);
}

/* @rel below the boards directory's own name: "arm/boot/dts/x.dtsi". */
static const char *below_dir(const char *rel)
{
	const char *slash = strchr(rel, '/');

	return slash ? slash + 1 : rel;
}

/* "a/b/../c.dtsi" as "a/c.dtsi" into @out; false when it leaves the top or is too long. */
static bool normalize_path(const char *in, char *out, size_t size)
{
	size_t o = 0;

	for (const char *p = in; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !memcmp(p, "..", 2)) {
			if (!o)
				return false;
			while (o > 0 && out[o - 1] != '/')
				o--;
			o -= o > 0;
		} else if (n && !(n == 1 && *p == '.')) {
			if (o + !!o + n + 1 > size)
				return false;
			if (o)
				out[o++] = '/';
			memcpy(out + o, p, n);
			o += n;
		}
		p += n + (p[n] == '/');
	}
	out[o] = '\0';
	return o > 0;
}

/*
 * The file an include of file @fid names: beside it, else under the
 * kernel's include-prefixes ("arm/x.dtsi" is arm/boot/dts/x.dtsi).
 */
static long resolve_include(const struct board_index *b, const struct hmap *byname, unsigned fid,
			    const char *name, size_t n)
{
	const char *key = below_dir(b->files[fid].rel);
	const char *slash = strrchr(key, '/');
	const char *arch_end = memchr(name, '/', n);
	char joined[512], norm[512];
	int k = snprintf(joined, sizeof(joined), "%.*s%s%.*s", slash ? (int)(slash - key) : 0, key,
			 slash ? "/" : "", (int)n, name);
	void *v = NULL;

	if (k > 0 && (size_t)k < sizeof(joined) && normalize_path(joined, norm, sizeof(norm)))
		v = hmap_get_str(byname, norm, strlen(norm));
	if (!v && arch_end) {
		k = snprintf(joined, sizeof(joined), "%.*s/boot/dts%.*s", (int)(arch_end - name), name,
			     (int)(n - (size_t)(arch_end - name)), arch_end);
		if (k > 0 && (size_t)k < sizeof(joined) && normalize_path(joined, norm, sizeof(norm)))
			v = hmap_get_str(byname, norm, strlen(norm));
	}
	return v ? (long)((uintptr_t)v - 1) : -1;
}

/* Counts (or, @fill, records) @root as a build of each file it reads: a walk of the includes. */
static void walk_build(const struct board_index *b, const struct hmap *byname, unsigned root,
		       unsigned *stamp, unsigned *stack, bool fill)
{
	size_t sp = 0;

	stamp[root] = root + 1;
	stack[sp++] = root;
	while (sp) {
		struct board_file *f = &b->files[stack[--sp]];

		if (!fill)
			f->nroots++;
		else if (f->roots)
			f->roots[f->nroots++] = root;
		for (const char *l = f->incs; l && *l;) {
			size_t n = strcspn(l, "\n");
			long g = resolve_include(b, byname, (unsigned)(f - b->files), l, n);

			if (g >= 0 && stamp[g] != root + 1 && sp < b->nfiles) {
				stamp[g] = root + 1;
				stack[sp++] = (unsigned)g;
			}
			l += n + (l[n] == '\n');
		}
	}
}

/* Which .dts builds read each file (struct board_file's roots). */
static void board_roots(struct dtbind_doc2yaml *c)
{
	struct board_index *b = &c->boards;
	struct hmap byname;
	unsigned *stamp = calloc(b->nfiles + 1, sizeof(*stamp));
	unsigned *stack = calloc(b->nfiles + 1, sizeof(*stack));

	hmap_init(&byname);
	for (size_t f = 0; stamp && stack && f < b->nfiles; f++) {
		const char *key = below_dir(b->files[f].rel);

		hmap_put_str(&byname, key, strlen(key), (void *)(uintptr_t)(f + 1));
	}
	/* Count, make room, then fill: each file's roots come out ascending. */
	for (int fill = 0; stamp && stack && fill < 2; fill++) {
		memset(stamp, 0, (b->nfiles + 1) * sizeof(*stamp));
		for (size_t f = 0; fill && f < b->nfiles; f++) {
			b->files[f].roots = b->files[f].nroots ?
					    arena_alloc(&b->arena, b->files[f].nroots * sizeof(unsigned)) :
					    NULL;
			b->files[f].nroots = 0;
		}
		for (size_t r = 0; r < b->nfiles; r++)
			if (str_ends_with(b->files[r].rel, ".dts"))
				walk_build(b, &byname, (unsigned)r, stamp, stack, fill);
	}
	hmap_free(&byname);
	free(stamp);
	free(stack);
}

/* Is @v in ascending @roots? */
static bool has_root(const unsigned *roots, size_t n, unsigned v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (roots[mid] == v)
			return true;
		if (roots[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* Does some .dts build read both files @x and @y (or are they one)? */
bool built_together(const struct board_index *b, unsigned x, unsigned y)
{
	if (x == y)
		return true;
	if (x >= b->nfiles || y >= b->nfiles)
		return false;
	const struct board_file *fx = &b->files[x], *fy = &b->files[y];

	if (fx->nroots > fy->nroots) {
		const struct board_file *t = fx;

		fx = fy;
		fy = t;
	}
	/* A board's .dts has one build; a SoC's .dtsi has hundreds. */
	for (size_t i = 0; i < fx->nroots; i++)
		if (has_root(fy->roots, fy->nroots, fx->roots[i]))
			return true;
	return false;
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
	if (!board_index_reset(c, strdup(dir)) || add_file(c, "fuzz.dts") < 0)
		return;
	scan_source(c, buf, len, 0);
	board_roots(c);
}

/* The board sources: --dts, else arch/ of the kernel tree around the bindings root. */
void load_boards(struct conv *cv)
{
	struct dtbind_doc2yaml *c = cv->c;
	char *dir = NULL;

	if (c->opts.dts_dir)
		dir = strdup(c->opts.dts_dir);
	else if (cv->root && asprintf(&dir, "%s/../../../arch", cv->root) < 0)
		dir = NULL;
	if (!dir || (c->boards.dir && !strcmp(c->boards.dir, dir)) || !is_dir(dir)) {
		/* Outside a kernel tree the board rules stay silent: say why, once. */
		if (!c->opts.dts_dir && !c->boards.dir && !c->no_boards_said) {
			c->no_boards_said = true;
			finding(cv, DTBIND_NOTE, 1, 1, "doc2yaml-boards",
				"no board sources: no kernel tree with arch/ around the bindings; "
				"--dts DIR reads them, to add the SoC strings, properties and counts "
				"the boards use that the text does not say");
		}
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
	board_roots(c);
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
	free(b->files);
	b->files = NULL;
	b->nfiles = b->capfiles = 0;
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

bool same_vendor(const char *a, const char *b)
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
