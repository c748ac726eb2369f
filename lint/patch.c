// SPDX-License-Identifier: BSD-2-Clause
/*
 * patch.c - read git format-patch files and mbox series into patches,
 * files and hunks with the input line of everything, and apply hunks to
 * in-memory texts that remember where each line came from.
 *
 * The reader is line-based and bounded: hunk bodies are read by the counts
 * of their "@@" header, never past the message, and arrays are sized from
 * what is left of the input, whatever the header claims.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "patch.h"

#define MAX_COUNT (1u << 30)	/* larger hunk counts or line numbers are malformed */

struct iline {
	char *s;
	size_t len;
	uint32_t at;
};

void dtbind_patch_series_init(struct dtbind_patch_series *s)
{
	memset(s, 0, sizeof(*s));
	arena_init(&s->arena, 64 * 1024);
}

void dtbind_patch_series_release(struct dtbind_patch_series *s)
{
	for (size_t i = 0; i < s->n; i++) {
		struct dtbind_patch *p = &s->patches[i];

		for (size_t f = 0; f < p->n_files; f++)
			free(p->files[f].hunks);
		free(p->files);
	}
	free(s->patches);
	free(s->seen);
	arena_release(&s->arena);
	memset(s, 0, sizeof(*s));
}

static bool starts(const struct iline *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l->len >= n && !memcmp(l->s, prefix, n);
}

static void perr(struct dtbind_diag *diag, enum dtbind_severity sev, const char *name,
		 uint32_t line, const char *fmt, ...) DTBIND_PRINTF(5, 6);
static void perr(struct dtbind_diag *diag, enum dtbind_severity sev, const char *name,
		 uint32_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dtbind_diag_vreport(diag, sev, (struct dtbind_loc){ name, line, 1 }, "patch", fmt, ap);
	va_end(ap);
}

/* ---- mbox structure ------------------------------------------------ */

/* "From <anything> <weekday> ..." after a blank line: an mbox separator. */
static bool is_mbox_from(const struct iline *l, size_t i)
{
	static const char *const days[] = {
		"Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun ",
	};
	const char *p, *end;

	if (!starts(&l[i], "From ") || (i > 0 && l[i - 1].len))
		return false;
	p = l[i].s + 5;
	end = l[i].s + l[i].len;
	while (p < end && *p != ' ')
		p++;
	while (p < end && *p == ' ')
		p++;
	for (size_t d = 0; d < ARRAY_SIZE(days); d++)
		if (end - p >= 4 && !memcmp(p, days[d], 4))
			return true;
	return false;
}

static bool is_archive_preamble(const struct iline *l)
{
	return starts(l, "WARNING: multiple messages have this Message-ID");
}

static bool is_header_line(const struct iline *l)
{
	size_t i = 0;

	if (!l->len || !((l->s[0] >= 'A' && l->s[0] <= 'Z') || (l->s[0] >= 'a' && l->s[0] <= 'z')))
		return false;
	while (i < l->len &&
	       (l->s[i] == '-' || (l->s[i] >= '0' && l->s[i] <= '9') ||
		(l->s[i] >= 'A' && l->s[i] <= 'Z') || (l->s[i] >= 'a' && l->s[i] <= 'z')))
		i++;
	return i < l->len && l->s[i] == ':' && (i + 1 == l->len || l->s[i + 1] == ' ' ||
						l->s[i + 1] == '\t');
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* ---- paths ---------------------------------------------------------- */

/* Git's C-style quoted name at @p (the opening quote); *end gets the byte after the closing one. */
static char *unquote(struct arena *a, const char *p, const char *lim, const char **end)
{
	char *out = arena_alloc(a, (size_t)(lim - p) + 1), *o = out;

	if (!out)
		return NULL;
	for (p++; p < lim && *p != '"'; p++) {
		if (*p != '\\' || p + 1 >= lim) {
			*o++ = *p;
			continue;
		}
		p++;
		switch (*p) {
		case 'a': *o++ = '\a'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'v': *o++ = '\v'; break;
		default:
			if (*p >= '0' && *p <= '3' && p + 2 < lim && p[1] >= '0' && p[1] <= '7' &&
			    p[2] >= '0' && p[2] <= '7') {
				*o++ = (char)((p[0] - '0') * 64 + (p[1] - '0') * 8 + (p[2] - '0'));
				p += 2;
			} else {
				*o++ = *p;
			}
		}
	}
	*o = '\0';
	if (end)
		*end = p < lim ? p + 1 : lim;
	return out;
}

/* Drop the first path component ("a/", "b/", or any -p1 prefix). */
static const char *strip1(const char *path)
{
	const char *slash = strchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/* The name of a "---"/"+++" line: NULL for /dev/null. */
static const char *header_path(struct arena *a, const char *p, const char *lim)
{
	char *name;

	if (p >= lim)
		return NULL;
	if (*p == '"') {
		name = unquote(a, p, lim, NULL);
	} else {
		const char *tab = memchr(p, '\t', (size_t)(lim - p));

		if (tab)
			lim = tab;
		while (lim > p && lim[-1] == ' ')
			lim--;
		name = arena_strndup(a, p, (size_t)(lim - p));
	}
	if (!name || !strcmp(name, "/dev/null"))
		return NULL;
	return strip1(name);
}

/* The two names of a "diff --git a/X b/Y" line (tentative for renames). */
static void git_paths(struct arena *a, const char *p, const char *lim, const char **old,
		      const char **new)
{
	const char *mid;

	*old = *new = NULL;
	if (p < lim && *p == '"') {
		char *o = unquote(a, p, lim, &mid);

		while (mid < lim && *mid == ' ')
			mid++;
		*old = o ? strip1(o) : NULL;
		*new = mid < lim && *mid == '"' ? unquote(a, mid, lim, NULL)
						: arena_strndup(a, mid, (size_t)(lim - mid));
		if (*new)
			*new = strip1(*new);
		return;
	}
	size_t n = (size_t)(lim - p);

	/* Same name on both sides: "a/NAME b/NAME", split in the middle. */
	if (n % 2 && p[n / 2] == ' ') {
		char *l = arena_strndup(a, p, n / 2), *r = arena_strndup(a, p + n / 2 + 1, n / 2);

		if (l && r && !strcmp(strip1(l), strip1(r))) {
			*old = strip1(l);
			*new = strip1(r);
			return;
		}
	}
	mid = NULL;
	for (const char *q = p; q + 3 < lim; q++)
		if (!memcmp(q, " b/", 3)) {
			mid = q;
			break;
		}
	if (!mid)
		mid = memchr(p, ' ', n);
	if (!mid)
		return;
	char *l = arena_strndup(a, p, (size_t)(mid - p));
	const char *r = mid + 1;
	char *rr = r < lim && *r == '"' ? unquote(a, r, lim, NULL)
					: arena_strndup(a, r, (size_t)(lim - r));

	*old = l ? strip1(l) : NULL;
	*new = rr ? strip1(rr) : NULL;
}

/* ---- the diff part of one message ---------------------------------- */

struct parser {
	struct dtbind_patch_series *s;
	struct dtbind_diag *diag;
	const char *name;
	struct iline *l;
	size_t n, i;
	struct dtbind_patch *p;
	size_t files_cap, hunks_cap;
};

static struct dtbind_patch_file *new_file(struct parser *ps, uint32_t at)
{
	struct dtbind_patch *p = ps->p;

	if (p->n_files == ps->files_cap) {
		size_t cap = ps->files_cap ? ps->files_cap * 2 : 8;
		struct dtbind_patch_file *nf = realloc(p->files, cap * sizeof(*nf));

		if (!nf)
			return NULL;
		p->files = nf;
		ps->files_cap = cap;
	}
	struct dtbind_patch_file *f = &p->files[p->n_files++];

	memset(f, 0, sizeof(*f));
	f->at = at;
	ps->hunks_cap = 0;
	return f;
}

static bool parse_num(const char **pp, const char *lim, uint32_t *out)
{
	const char *p = *pp;
	uint64_t v = 0;

	if (p >= lim || *p < '0' || *p > '9')
		return false;
	while (p < lim && *p >= '0' && *p <= '9') {
		v = v * 10 + (uint64_t)(*p++ - '0');
		if (v > MAX_COUNT)
			return false;
	}
	*out = (uint32_t)v;
	*pp = p;
	return true;
}

/* "@@ -a[,b] +c[,d] @@": false when malformed. */
static bool parse_hunk_header(const struct iline *l, struct dtbind_patch_hunk *h)
{
	const char *p = l->s + 3, *lim = l->s + l->len;

	h->old_count = h->new_count = 1;
	if (p >= lim || *p++ != '-' || !parse_num(&p, lim, &h->old_start))
		return false;
	if (p < lim && *p == ',' && (p++, !parse_num(&p, lim, &h->old_count)))
		return false;
	if (p >= lim || *p++ != ' ' || p >= lim || *p++ != '+' ||
	    !parse_num(&p, lim, &h->new_start))
		return false;
	if (p < lim && *p == ',' && (p++, !parse_num(&p, lim, &h->new_count)))
		return false;
	return lim - p >= 3 && !memcmp(p, " @@", 3);
}

static int parse_hunk(struct parser *ps, struct dtbind_patch_file *f)
{
	const struct iline *hl = &ps->l[ps->i];
	struct dtbind_patch_hunk h = { .at = hl->at };

	ps->i++;
	if (!parse_hunk_header(hl, &h)) {
		perr(ps->diag, DTBIND_ERROR, ps->name, hl->at,
		     "malformed hunk header '%.*s' in the diff of '%s'",
		     (int)(hl->len > 60 ? 60 : hl->len), hl->s,
		     f->new_path ? f->new_path :
		     f->old_path ? f->old_path :
				   "?");
		f->broken = true;
		return 0;
	}
	size_t left = ps->n - ps->i, cap = (size_t)h.old_count + h.new_count;

	if (cap > left)
		cap = left;
	h.lines = arena_alloc(&ps->s->arena, (cap ? cap : 1) * sizeof(*h.lines));
	if (!h.lines)
		return -DTBIND_ENOMEM;
	uint32_t old_left = h.old_count, new_left = h.new_count;
	const char *bad = NULL;

	while ((old_left || new_left) && ps->i < ps->n) {
		const struct iline *l = &ps->l[ps->i];
		char kind = l->len ? l->s[0] : ' '; /* an empty line is an empty context line */

		if (kind == '\\') {
			if (h.n)
				h.lines[h.n - 1].no_eol = true;
			ps->i++;
			continue;
		}
		if (kind == ' ' ? !(old_left && new_left) : kind == '-' ? !old_left
			      : kind == '+' ? !new_left : true) {
			bad = kind == ' ' || kind == '-' || kind == '+'
				      ? "does not fit the counts of its hunk header"
				      : "is not a hunk line (' ', '-', '+' or '\\')";
			break;
		}
		struct dtbind_patch_line *pl = &h.lines[h.n++];

		pl->kind = kind;
		pl->text = l->len ? l->s + 1 : l->s;
		pl->len = l->len ? l->len - 1 : 0;
		pl->at = l->at;
		if (kind != '+')
			old_left--;
		if (kind != '-')
			new_left--;
		ps->i++;
	}
	if (old_left || new_left) {
		uint32_t at = ps->i < ps->n ? ps->l[ps->i].at : ps->l[ps->n - 1].at;

		perr(ps->diag, DTBIND_ERROR, ps->name, at,
		     "the hunk at line %u of '%s' ends early: line %u %s; %u old and %u new lines "
		     "are missing",
		     h.at,
		     f->new_path ? f->new_path :
		     f->old_path ? f->old_path :
				   "?",
		     at,
		     ps->i >= ps->n		    ? "is the end of the message" :
		     !strcmp(ps->l[ps->i].s, "-- ") ? "is the signature ('-- ')" :
		     bad			    ? bad :
						      "ends it",
		     old_left, new_left);
		f->broken = true;
	}
	if (ps->i < ps->n && ps->l[ps->i].len && ps->l[ps->i].s[0] == '\\') {
		if (h.n)
			h.lines[h.n - 1].no_eol = true;
		ps->i++;
	}
	if (f->n_hunks == ps->hunks_cap) {
		size_t ncap = ps->hunks_cap ? ps->hunks_cap * 2 : 4;
		struct dtbind_patch_hunk *nh = realloc(f->hunks, ncap * sizeof(*nh));

		if (!nh)
			return -DTBIND_ENOMEM;
		f->hunks = nh;
		ps->hunks_cap = ncap;
	}
	f->hunks[f->n_hunks++] = h;
	return 0;
}

/* The extended header lines after "diff --git". */
static void parse_git_header(struct parser *ps, struct dtbind_patch_file *f)
{
	struct arena *a = &ps->s->arena;

	for (; ps->i < ps->n; ps->i++) {
		const struct iline *l = &ps->l[ps->i];
		const char *lim = l->s + l->len;

		if (starts(l, "new file mode ")) {
			f->op = DTBIND_PATCH_ADD;
			f->mode_at = l->at;
			f->old_path = NULL;
		} else if (starts(l, "deleted file mode ")) {
			f->op = DTBIND_PATCH_DELETE;
			f->new_path = NULL;
		} else if (starts(l, "rename from ") || starts(l, "copy from ")) {
			const char *p = strchr(l->s, ' ') + 6;

			f->op = starts(l, "rename") ? DTBIND_PATCH_RENAME : DTBIND_PATCH_COPY;
			f->old_path = *p == '"' ? unquote(a, p, lim, NULL) : arena_strdup(a, p);
		} else if (starts(l, "rename to ") || starts(l, "copy to ")) {
			const char *p = strchr(l->s, ' ') + 4;

			f->new_path = *p == '"' ? unquote(a, p, lim, NULL) : arena_strdup(a, p);
		} else if (starts(l, "Binary files ")) {
			f->binary = true;
		} else if (starts(l, "GIT binary patch")) {
			f->binary = true;
			/* Base85 blocks up to the next file or the signature. */
			while (ps->i + 1 < ps->n && !starts(&ps->l[ps->i + 1], "diff --git ") &&
			       strcmp(ps->l[ps->i + 1].s, "-- "))
				ps->i++;
		} else if (!(starts(l, "old mode ") || starts(l, "new mode ") ||
			     starts(l, "index ") || starts(l, "similarity index ") ||
			     starts(l, "dissimilarity index ") || starts(l, "rename old ") ||
			     starts(l, "rename new "))) {
			return;
		}
	}
}

static int parse_diff(struct parser *ps)
{
	struct dtbind_patch_file *f = NULL;
	bool after_hunk = false;
	int ret;

	while (ps->i < ps->n) {
		const struct iline *l = &ps->l[ps->i];

		if (starts(l, "diff --git ")) {
			if (!(f = new_file(ps, l->at)))
				return -DTBIND_ENOMEM;
			git_paths(&ps->s->arena, l->s + 11, l->s + l->len, &f->old_path,
				  &f->new_path);
			ps->i++;
			parse_git_header(ps, f);
			after_hunk = false;
			continue;
		}
		if (starts(l, "--- ") && ps->i + 1 < ps->n && starts(&ps->l[ps->i + 1], "+++ ")) {
			const struct iline *l2 = &ps->l[ps->i + 1];

			/* A bare diff (no "diff --git") starts its file here. */
			if (!f || f->n_hunks) {
				if (!(f = new_file(ps, l->at)))
					return -DTBIND_ENOMEM;
			}
			const char *o = header_path(&ps->s->arena, l->s + 4, l->s + l->len);
			const char *n = header_path(&ps->s->arena, l2->s + 4, l2->s + l2->len);

			if (!o && f->op == DTBIND_PATCH_MODIFY)
				f->op = DTBIND_PATCH_ADD;
			if (!n && f->op == DTBIND_PATCH_MODIFY)
				f->op = DTBIND_PATCH_DELETE;
			if (f->op != DTBIND_PATCH_RENAME && f->op != DTBIND_PATCH_COPY) {
				f->old_path = o;
				f->new_path = n;
			}
			ps->i += 2;
			after_hunk = false;
			continue;
		}
		if (starts(l, "@@ ") && f) {
			if ((ret = parse_hunk(ps, f)))
				return ret;
			after_hunk = true;
			continue;
		}
		if (!strcmp(l->s, "-- ") && f)
			break;	/* the signature: "-- \n2.17.1" */
		/* (a hunk header that was refused added no hunk: nothing to count against) */
		if (after_hunk && f && f->n_hunks && l->len && (l->s[0] == '+' || l->s[0] == '-')) {
			perr(ps->diag, DTBIND_ERROR, ps->name, l->at,
			     "a diff line after the hunk at line %u of '%s' is complete: the hunk "
			     "header counts fewer lines (corrupted patch?)",
			     f->hunks[f->n_hunks - 1].at, f->new_path ? f->new_path : f->old_path);
			f->broken = true;
		}
		after_hunk = false;
		ps->i++;
	}
	return 0;
}

/* ---- messages -------------------------------------------------------- */

struct headers {
	const char *subject, *message_id, *cte;
	uint32_t cte_at;
};

/* Parse the header block at l[*i]; *i ends after the blank line. */
static void parse_headers(struct arena *a, const struct iline *l, size_t n, size_t *i,
			  struct headers *h)
{
	while (*i < n && l[*i].len) {
		const struct iline *hl = &l[*i];
		struct strbuf v;
		const char *colon = memchr(hl->s, ':', hl->len);
		size_t name_len = colon ? (size_t)(colon - hl->s) : 0;

		sb_init(&v);
		if (colon)
			sb_putn(&v, colon + 1, hl->len - name_len - 1);
		for ((*i)++; *i < n && l[*i].len && (l[*i].s[0] == ' ' || l[*i].s[0] == '\t');
		     (*i)++)
			sb_putn(&v, l[*i].s, l[*i].len);
		/* Unfold and squeeze white space. */
		char *val = arena_strdup(a, sb_cstr(&v)), *o = val;

		sb_free(&v);
		if (!val)
			return;
		for (const char *p = val; *p; p++) {
			bool sp = *p == ' ' || *p == '\t';

			if (sp && (o == val || o[-1] == ' '))
				continue;
			*o++ = sp ? ' ' : *p;
		}
		while (o > val && o[-1] == ' ')
			o--;
		*o = '\0';
		if (name_len == 7 && !strncasecmp(hl->s, "Subject", 7)) {
			h->subject = val;
		} else if (name_len == 10 && !strncasecmp(hl->s, "Message-ID", 10)) {
			char *lt = strchr(val, '<'), *gt = lt ? strchr(lt, '>') : NULL;

			if (gt)
				gt[1] = '\0';
			h->message_id = lt && gt ? lt : val;
		} else if (name_len == 25 && !strncasecmp(hl->s, "Content-Transfer-Encoding", 25)) {
			h->cte = val;
			h->cte_at = hl->at;
		}
	}
	if (*i < n)
		(*i)++;	/* the blank line */
}

/*
 * Decode a quoted-printable body into new lines (malloc'd array, texts in
 * the arena); each decoded line keeps the input line it starts on.
 */
static int qp_decode(struct arena *a, const struct iline *in, size_t n, struct iline **outp,
		     size_t *nout)
{
	struct iline *out = NULL;
	size_t no = 0, cap = 0;
	struct strbuf sb;
	uint32_t at = 0;
	bool open = false;

	sb_init(&sb);
	for (size_t i = 0; i < n; i++) {
		const char *p = in[i].s, *lim = p + in[i].len;
		bool soft = false;

		if (!open)
			at = in[i].at;
		while (lim > p && (lim[-1] == ' ' || lim[-1] == '\t'))
			lim--;	/* transport padding */
		if (lim > p && lim[-1] == '=') {
			soft = true;
			lim--;
		}
		for (; p < lim; p++) {
			int hi, lo;

			if (*p == '=' && lim - p >= 3 && (hi = hexval(p[1])) >= 0 &&
			    (lo = hexval(p[2])) >= 0) {
				sb_putc(&sb, (char)(hi * 16 + lo));
				p += 2;
			} else {
				sb_putc(&sb, *p);
			}
		}
		open = soft;
		if (soft && i + 1 < n)
			continue;
		/* A decoded "=0A" splits the line further. */
		const char *t = sb_cstr(&sb), *tend = t + sb.len;

		for (;;) {
			const char *nl = memchr(t, '\n', (size_t)(tend - t));
			const char *e = nl ? nl : tend;
			char *s = arena_strndup(a, t, (size_t)(e - t));

			if (no == cap) {
				cap = cap ? cap * 2 : n + 16;
				struct iline *nv = realloc(out, cap * sizeof(*nv));

				if (!nv)
					s = NULL;
				else
					out = nv;
			}
			if (!s || sb.oom) {
				sb_free(&sb);
				free(out);
				return -DTBIND_ENOMEM;
			}
			out[no++] = (struct iline){ s, (size_t)(e - t), at };
			if (!nl)
				break;
			t = nl + 1;
		}
		sb.len = 0;
		open = false;
	}
	sb_free(&sb);
	*outp = out;
	*nout = no;
	return 0;
}

static int grow_patches(struct dtbind_patch_series *s)
{
	if (s->n < s->cap)
		return 0;
	size_t cap = s->cap ? s->cap * 2 : 16;
	struct dtbind_patch *np = realloc(s->patches, cap * sizeof(*np));

	if (!np)
		return -DTBIND_ENOMEM;
	s->patches = np;
	void *ns = realloc(s->seen, cap * sizeof(*s->seen));

	if (!ns)
		return -DTBIND_ENOMEM;
	s->seen = ns;
	s->cap = cap;
	return 0;
}

/* One message: lines [b, e); @archive when a mail-archive preamble opened it. */
static int parse_message(struct dtbind_patch_series *s, const char *name, struct iline *l,
			 size_t b, size_t e, bool archive, struct dtbind_diag *diag)
{
	struct headers h = { 0 };
	size_t i = b;
	uint32_t first = l[b].at;
	int ret;

	if (i < e && is_mbox_from(l, i)) {
		if (strstr(l[i].s, "mboxrd@z")) {
			/* mboxrd: ">From " in bodies was escaped with one more '>'. */
			for (size_t k = i + 1; k < e; k++) {
				size_t q = 0;

				while (q < l[k].len && l[k].s[q] == '>')
					q++;
				if (q && l[k].len - q >= 5 && !memcmp(l[k].s + q, "From ", 5)) {
					l[k].s++;
					l[k].len--;
				}
			}
		}
		i++;
	}
	if (i < e && is_header_line(&l[i]))
		parse_headers(&s->arena, l, e, &i, &h);

	struct iline *body = l + i, *decoded = NULL;
	size_t nbody = e - i;

	if (h.cte && !strcasecmp(h.cte, "base64")) {
		perr(diag, DTBIND_ERROR, name, h.cte_at,
		     "the message body is base64: decode it first (git am, b4 am, or the "
		     "archive's raw message)");
		return 0;
	}
	if (h.cte && !strcasecmp(h.cte, "quoted-printable") && nbody) {
		if ((ret = qp_decode(&s->arena, body, nbody, &decoded, &nbody)))
			return ret;
		body = decoded;
	}

	/* The diff part (from its first line to the signature) tells copies apart. */
	uint64_t hash = 0xcbf29ce484222325ull;
	size_t d = 0, last = 0;

	while (d < nbody && !starts(&body[d], "diff --git ") &&
	       !(starts(&body[d], "--- ") && d + 1 < nbody && starts(&body[d + 1], "+++ ")))
		d++;
	for (size_t k = d; k < nbody && strcmp(body[k].s, "-- "); k++)
		if (body[k].len)
			last = k + 1;
	for (size_t k = d; k < last; k++)
		hash = fnv(fnv(hash, body[k].s, body[k].len), "\n", 1);

	const char *subject = h.subject ? h.subject : "";

	for (size_t k = 0; k < s->n; k++) {
		const struct dtbind_patch *q = &s->patches[k];
		bool same_id = h.message_id && q->message_id &&
			       !strcmp(h.message_id, q->message_id);
		bool same_subject = *subject && !strcmp(subject, q->subject);
		bool same_body = hash == s->seen[k].body_hash;

		if (!same_id && !(same_subject && (same_body || archive || s->seen[k].archive)))
			continue;
		if (!same_body)
			perr(diag, DTBIND_NOTE, name, first,
			     "another copy of '%s' (first at %s%s%u) has a different diff (a mail "
			     "archive's copy?); only the first is checked",
			     *subject ? subject : "the patch", q->input == name ? "" : q->input,
			     q->input == name ? "line " : ":", q->at);
		free(decoded);
		return 0;
	}

	if ((ret = grow_patches(s))) {
		free(decoded);
		return ret;
	}
	struct dtbind_patch *p = &s->patches[s->n];

	memset(p, 0, sizeof(*p));
	p->input = name;
	p->subject = subject;
	p->message_id = h.message_id;
	p->at = first;
	s->seen[s->n].body_hash = hash;
	s->seen[s->n].archive = archive;
	s->n++;

	struct parser ps = {
		.s = s, .diag = diag, .name = name, .l = body, .n = nbody, .i = d, .p = p
	};

	ret = parse_diff(&ps);
	free(decoded);
	return ret;
}

int dtbind_patch_parse(struct dtbind_patch_series *s, const char *name, const char *buf,
		       size_t len, struct dtbind_diag *diag)
{
	char *text = arena_alloc(&s->arena, len + 1);
	struct iline *l;
	size_t n = 0, b = 0;
	bool crlf, archive = false;
	int ret = 0;

	if (!text)
		return -DTBIND_ENOMEM;
	memcpy(text, buf, len);
	text[len] = '\0';
	size_t lines = 1;

	for (const char *q = text; (q = memchr(q, '\n', (size_t)(text + len - q))) != NULL; q++)
		lines++;
	l = malloc(lines * sizeof(*l));
	if (!l)
		return -DTBIND_ENOMEM;
	{
		const char *nl = memchr(text, '\n', len);

		crlf = nl && nl > text && nl[-1] == '\r';
	}
	for (char *p = text, *end = text + len; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *e = nl ? nl : end;

		if (crlf && e > p && e[-1] == '\r')
			e--;
		*e = '\0';
		l[n] = (struct iline){ p, (size_t)(e - p), (uint32_t)(n + 1) };
		n++;
		if (!nl)
			break;
		p = nl + 1;
	}
	if (!n) {
		free(l);
		return 0;
	}
	for (size_t i = 0; i <= n && !ret; i++) {
		bool pre = i < n && is_archive_preamble(&l[i]);

		if (i < n && !pre && !(i > b && is_mbox_from(l, i)))
			continue;
		/* A message ends here; leading blank lines belong to nobody. */
		while (b < i && !l[b].len)
			b++;
		if (b < i)
			ret = parse_message(s, name, l, b, i, archive, diag);
		if (i == n)
			break;
		archive = pre;
		b = pre ? i + 1 : i;
	}
	free(l);
	return ret;
}

/* ---- texts and apply ------------------------------------------------ */

int dtbind_text_from_buffer(struct dtbind_text *t, const char *buf, size_t len)
{
	size_t n = 0, cap = 0;

	memset(t, 0, sizeof(*t));
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;

		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			struct dtbind_text_line *nv = realloc(t->lines, cap * sizeof(*nv));

			if (!nv) {
				dtbind_text_free(t);
				return -DTBIND_ENOMEM;
			}
			t->lines = nv;
		}
		t->lines[n] =
			(struct dtbind_text_line){ p, (size_t)(e - p), NULL, (uint32_t)(n + 1) };
		n++;
		t->n = n;
		if (!nl) {
			t->no_eol = true;
			break;
		}
		p = nl + 1;
	}
	return 0;
}

char *dtbind_text_join(const struct dtbind_text *t, size_t *len)
{
	size_t total = 1;

	for (size_t i = 0; i < t->n; i++)
		total += t->lines[i].len + 1;
	char *out = malloc(total), *o = out;

	if (!out)
		return NULL;
	for (size_t i = 0; i < t->n; i++) {
		memcpy(o, t->lines[i].s, t->lines[i].len);
		o += t->lines[i].len;
		if (i + 1 < t->n || !t->no_eol)
			*o++ = '\n';
	}
	*o = '\0';
	if (len)
		*len = (size_t)(o - out);
	return out;
}

void dtbind_text_free(struct dtbind_text *t)
{
	free(t->lines);
	memset(t, 0, sizeof(*t));
}

/* Do the old lines of @h (or its new lines, @post) match @t at @pos? */
static bool hunk_matches(const struct dtbind_patch_hunk *h, const struct dtbind_text *t, size_t pos,
			 bool post)
{
	size_t k = pos;

	for (size_t j = 0; j < h->n; j++) {
		const struct dtbind_patch_line *pl = &h->lines[j];

		if (pl->kind == (post ? '-' : '+'))
			continue;
		if (k >= t->n || t->lines[k].len != pl->len || memcmp(t->lines[k].s, pl->text, pl->len))
			return false;
		k++;
	}
	return true;
}

/*
 * Where hunk @h applies in @t, at or after line @done: at its own line
 * (moved by @offset, how far the previous hunk moved) or the nearest line
 * where its lines match exactly.  @post looks for its new lines instead
 * (is the patch in @t already?).  SIZE_MAX when nowhere.
 */
static size_t locate(const struct dtbind_patch_hunk *h, const struct dtbind_text *t, size_t done,
		     long offset, bool post)
{
	size_t n = post ? h->new_count : h->old_count;
	long start = post ? h->new_start : h->old_start;
	/* "-0,0" and "-N,0" insert after line N: no context to search with. */
	long want = start - (n ? 1 : 0) + offset;

	if (n == 0)
		return want >= (long)done && want <= (long)t->n ? (size_t)want : SIZE_MAX;
	/* Start inside the file: the search is then at most its length. */
	if (want > (long)t->n)
		want = (long)t->n;
	if (want < (long)done)
		want = (long)done;
	for (long d = 0;; d++) {
		long lo = want - d, hi = want + d;

		if (lo >= (long)done && lo + (long)n <= (long)t->n && hunk_matches(h, t, (size_t)lo, post))
			return (size_t)lo;
		if (d && hi + (long)n <= (long)t->n && hunk_matches(h, t, (size_t)hi, post))
			return (size_t)hi;
		if (lo < (long)done && hi + (long)n > (long)t->n)
			return SIZE_MAX;
	}
}

/*
 * The patch is in @t already (a tree where the series was applied): give
 * its added lines their origin, and say so.  Returns 1, or 0 when it is not.
 */
static int already_applied(const struct dtbind_patch *p, const struct dtbind_patch_file *f,
			   struct dtbind_text *t)
{
	size_t *at = malloc((f->n_hunks ? f->n_hunks : 1) * sizeof(*at)), done = 0;
	long offset = 0;

	if (!at)
		return 0;
	for (size_t i = 0; i < f->n_hunks; i++) {
		const struct dtbind_patch_hunk *h = &f->hunks[i];

		if ((at[i] = locate(h, t, done, offset, true)) == SIZE_MAX) {
			free(at);
			return 0;
		}
		offset = (long)at[i] - (long)h->new_start + (h->new_count ? 1 : 0);
		done = at[i] + h->new_count;
	}
	for (size_t i = 0; i < f->n_hunks; i++) {
		size_t k = at[i];

		for (size_t j = 0; j < f->hunks[i].n; j++) {
			const struct dtbind_patch_line *pl = &f->hunks[i].lines[j];

			if (pl->kind == '+')
				t->lines[k] = (struct dtbind_text_line){ pl->text, pl->len, p, pl->at };
			if (pl->kind != '-')
				k++;
		}
	}
	free(at);
	return 1;
}

int dtbind_patch_apply(const struct dtbind_patch *p, const struct dtbind_patch_file *f,
		       struct dtbind_text *t, const char *display, struct dtbind_diag *diag)
{
	struct dtbind_text out = { 0 };
	size_t done = 0;	/* lines of @t already copied to @out */
	long offset = 0;	/* where the previous hunk applied, against where it said */

	if (f->binary) {
		dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ p->input, f->at, 1 },
				   "patch-apply",
				   "'%s' is a binary diff: it cannot be applied here", display);
		return -DTBIND_EPARSE;
	}
	size_t cap = t->n;

	for (size_t i = 0; i < f->n_hunks; i++)
		cap += f->hunks[i].n;
	out.lines = malloc((cap ? cap : 1) * sizeof(*out.lines));
	if (!out.lines)
		return -DTBIND_ENOMEM;
	out.no_eol = t->no_eol;
	for (size_t i = 0; i < f->n_hunks; i++) {
		const struct dtbind_patch_hunk *h = &f->hunks[i];
		size_t nold = h->old_count, pos = locate(h, t, done, offset, false);

		if (pos == SIZE_MAX) {
			free(out.lines);
			if (h->new_count && already_applied(p, f, t))
				return 1;
			dtbind_diag_report(diag, DTBIND_ERROR, (struct dtbind_loc){ p->input, h->at, 1 },
					   "patch-apply",
					   "this hunk does not apply to '%s': its %zu old lines are not "
					   "in the file (from line %u on)",
					   display, nold, h->old_start);
			return -DTBIND_EPARSE;
		}
		offset = (long)pos - (long)h->old_start + (nold ? 1 : 0);
		while (done < pos)
			out.lines[out.n++] = t->lines[done++];
		bool last_no_eol = false, touches_end = pos + nold == t->n;

		for (size_t j = 0; j < h->n; j++) {
			const struct dtbind_patch_line *pl = &h->lines[j];

			if (pl->kind == '-') {
				done++;
				continue;
			}
			if (pl->kind == ' ') {
				out.lines[out.n++] = t->lines[done++];
			} else {
				out.lines[out.n++] =
					(struct dtbind_text_line){ pl->text, pl->len, p, pl->at };
			}
			last_no_eol = pl->no_eol;
		}
		if (touches_end)
			out.no_eol = last_no_eol;
	}
	while (done < t->n)
		out.lines[out.n++] = t->lines[done++];
	free(t->lines);
	*t = out;
	return 0;
}
