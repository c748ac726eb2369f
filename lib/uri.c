// SPDX-License-Identifier: BSD-2-Clause
/* uri.c - RFC 3986 reference resolution, just what $id and $ref need. */
#include <string.h>

#include "internal.h"

struct uri_parts {
	const char *scheme, *auth, *path, *query, *frag;
	size_t scheme_n, auth_n, path_n, query_n, frag_n;
	bool has_scheme, has_auth, has_query, has_frag;
};

static void uri_split(const char *s, struct uri_parts *p)
{
	const char *c = s;

	memset(p, 0, sizeof(*p));
	/* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
	if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')) {
		const char *e = c;

		while ((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
		       (*e >= '0' && *e <= '9') || *e == '+' || *e == '-' || *e == '.')
			e++;
		if (*e == ':') {
			p->has_scheme = true;
			p->scheme = c;
			p->scheme_n = (size_t)(e - c);
			c = e + 1;
		}
	}
	if (c[0] == '/' && c[1] == '/') {
		c += 2;
		p->has_auth = true;
		p->auth = c;
		while (*c && *c != '/' && *c != '?' && *c != '#')
			c++;
		p->auth_n = (size_t)(c - p->auth);
	}
	p->path = c;
	while (*c && *c != '?' && *c != '#')
		c++;
	p->path_n = (size_t)(c - p->path);
	if (*c == '?') {
		p->has_query = true;
		p->query = ++c;
		while (*c && *c != '#')
			c++;
		p->query_n = (size_t)(c - p->query);
	}
	if (*c == '#') {
		p->has_frag = true;
		p->frag = c + 1;
		p->frag_n = strlen(c + 1);
	}
}

/*
 * RFC 3986 5.2.4, on a buffer of its own; the result is appended to @out,
 * whose existing contents (scheme and authority) ".." never removes.
 */
static void remove_dot_segments(struct strbuf *out, const char *in, size_t n)
{
	struct strbuf tmp;
	size_t start = out->len;

	sb_init(&tmp);
	sb_putn(&tmp, in, n);
	char *s = tmp.buf ? tmp.buf : (char *)"";
	size_t i = 0, len = tmp.len;

	while (i < len) {
		if (!strncmp(s + i, "../", 3)) {
			i += 3;
		} else if (!strncmp(s + i, "./", 2)) {
			i += 2;
		} else if (!strncmp(s + i, "/./", 3)) {
			i += 2;
		} else if (len - i == 2 && !strncmp(s + i, "/.", 2)) {
			s[i + 1] = '/';
			i += 1;
			len = i + 1;
		} else if (!strncmp(s + i, "/../", 4) || (len - i == 3 && !strncmp(s + i, "/..", 3))) {
			bool last = len - i == 3;

			i += 3;
			if (last) {
				s[--i] = '/';
				len = i + 1;
			}
			/* drop the last segment of out */
			while (out->len > start && out->buf[out->len - 1] != '/')
				out->len--;
			if (out->len > start)
				out->len--;
			if (out->buf)
				out->buf[out->len] = '\0';
		} else if ((len - i == 1 && s[i] == '.') || (len - i == 2 && !strncmp(s + i, "..", 2))) {
			i = len;
		} else {
			size_t j = i + (s[i] == '/' ? 1 : 0);

			while (j < len && s[j] != '/')
				j++;
			sb_putn(out, s + i, j - i);
			i = j;
		}
	}
	sb_free(&tmp);
}

char *uri_resolve(struct arena *a, const char *base, const char *ref)
{
	struct uri_parts b, r;
	struct strbuf out;
	char *res;

	uri_split(ref, &r);
	sb_init(&out);
	if (r.has_scheme || !base || !*base) {
		if (r.has_scheme) {
			sb_putn(&out, r.scheme, r.scheme_n);
			sb_putc(&out, ':');
		}
		if (r.has_auth) {
			sb_puts(&out, "//");
			sb_putn(&out, r.auth, r.auth_n);
		}
		if (r.has_scheme && (r.has_auth || (r.path_n && r.path[0] == '/')))
			remove_dot_segments(&out, r.path, r.path_n);
		else
			sb_putn(&out, r.path, r.path_n);
		if (r.has_query) {
			sb_putc(&out, '?');
			sb_putn(&out, r.query, r.query_n);
		}
	} else {
		uri_split(base, &b);
		if (b.has_scheme) {
			sb_putn(&out, b.scheme, b.scheme_n);
			sb_putc(&out, ':');
		}
		if (r.has_auth) {
			sb_puts(&out, "//");
			sb_putn(&out, r.auth, r.auth_n);
			remove_dot_segments(&out, r.path, r.path_n);
			if (r.has_query) {
				sb_putc(&out, '?');
				sb_putn(&out, r.query, r.query_n);
			}
		} else {
			if (b.has_auth) {
				sb_puts(&out, "//");
				sb_putn(&out, b.auth, b.auth_n);
			}
			if (!r.path_n) {
				sb_putn(&out, b.path, b.path_n);
				if (r.has_query) {
					sb_putc(&out, '?');
					sb_putn(&out, r.query, r.query_n);
				} else if (b.has_query) {
					sb_putc(&out, '?');
					sb_putn(&out, b.query, b.query_n);
				}
			} else {
				if (r.path[0] == '/') {
					remove_dot_segments(&out, r.path, r.path_n);
				} else {
					/* merge: base path up to its last '/', then the reference */
					struct strbuf merged;

					sb_init(&merged);
					if (b.has_auth && !b.path_n) {
						sb_putc(&merged, '/');
					} else {
						size_t k = b.path_n;

						while (k && b.path[k - 1] != '/')
							k--;
						sb_putn(&merged, b.path, k);
					}
					sb_putn(&merged, r.path, r.path_n);
					if (b.has_auth || (merged.len && merged.buf[0] == '/'))
						remove_dot_segments(&out, sb_cstr(&merged), merged.len);
					else
						sb_putn(&out, sb_cstr(&merged), merged.len);
					sb_free(&merged);
				}
				if (r.has_query) {
					sb_putc(&out, '?');
					sb_putn(&out, r.query, r.query_n);
				}
			}
		}
	}
	if (r.has_frag) {
		sb_putc(&out, '#');
		sb_putn(&out, r.frag, r.frag_n);
	}
	res = out.oom ? NULL : arena_strndup(a, sb_cstr(&out), out.len);
	sb_free(&out);
	return res;
}

size_t uri_fragment_offset(const char *uri)
{
	const char *h = strchr(uri, '#');

	return h ? (size_t)(h - uri) : strlen(uri);
}

size_t uri_percent_decode(char *s)
{
	char *w = s;

	for (const char *r = s; *r; r++) {
		if (r[0] == '%' && hexval(r[1]) >= 0 && hexval(r[2]) >= 0) {
			*w++ = (char)(hexval(r[1]) * 16 + hexval(r[2]));
			r += 2;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
	return (size_t)(w - s);
}
