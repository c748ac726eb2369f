// SPDX-License-Identifier: BSD-2-Clause
/*
 * transport.c - the LSP base protocol: "Content-Length: N\r\n\r\n" then N
 * bytes of JSON.  The reader keeps its own buffer on the descriptor so that
 * the server can ask "is another message already here?" without blocking
 * (what lets a $/cancelRequest overtake the request it cancels).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lsp.h"

void lsp_reader_init(struct lsp_reader *r, int fd)
{
	memset(r, 0, sizeof(*r));
	r->fd = fd;
}

void lsp_reader_free(struct lsp_reader *r)
{
	free(r->buf);
	r->buf = NULL;
	r->len = r->cap = 0;
}

static void drop(struct lsp_reader *r, size_t n)
{
	if (n > r->len)
		n = r->len;
	memmove(r->buf, r->buf + n, r->len - n);
	r->len -= n;
}

/* Read what the descriptor has (blocking when @wait); false at the end of input. */
static bool fill(struct lsp_reader *r, bool wait)
{
	if (r->eof)
		return false;
	if (!wait) {
		struct pollfd p = { .fd = r->fd, .events = POLLIN };

		if (poll(&p, 1, 0) <= 0)
			return true;	/* nothing there yet */
	}
	if (r->cap - r->len < 65536) {
		size_t ncap = r->cap ? r->cap * 2 : 131072;
		char *nb = realloc(r->buf, ncap);

		if (!nb)
			return true;	/* try again with what we have */
		r->buf = nb;
		r->cap = ncap;
	}
	ssize_t n;

	do
		n = read(r->fd, r->buf + r->len, r->cap - r->len);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		r->eof = true;
		return false;
	}
	r->len += (size_t)n;
	return true;
}

/* The end of the header ("\r\n\r\n") in the buffer: its length with the blank line, or 0. */
static size_t header_end(const struct lsp_reader *r)
{
	for (size_t i = 0; i + 3 < r->len; i++)
		if (r->buf[i] == '\r' && !memcmp(r->buf + i, "\r\n\r\n", 4))
			return i + 4;
	return 0;
}

/* Content-Length of the header of @n bytes at the buffer's start; -1 when absent or bad. */
static long long content_length(const char *h, size_t n)
{
	long long value = -1;

	for (size_t i = 0; i < n;) {
		const char *eol = memchr(h + i, '\r', n - i);
		size_t ll = eol ? (size_t)(eol - (h + i)) : n - i;
		static const char name[] = "Content-Length:";

		if (ll > sizeof(name) - 1 && !strncasecmp(h + i, name, sizeof(name) - 1)) {
			const char *p = h + i + sizeof(name) - 1, *end = h + i + ll;
			long long v = 0;

			while (p < end && *p == ' ')
				p++;
			if (p == end)
				return -1;
			for (; p < end; p++) {
				if (*p < '0' || *p > '9' || v > (long long)LSP_MAX_BODY * 16)
					return -1;
				v = v * 10 + (*p - '0');
			}
			value = v;
		}
		i += ll + 2;
	}
	return value;
}

/*
 * Garbage before a header (the rest of a body that was cut short, noise):
 * how many bytes to drop so that the buffer starts at the next
 * "Content-Length:" after its first byte, or 0 when there is none.
 */
static size_t resync(const struct lsp_reader *r, size_t within)
{
	static const char name[] = "Content-Length:";
	const char *p = r->len > 1 ? memmem(r->buf + 1, within - 1, name, sizeof(name) - 1) : NULL;

	return p ? (size_t)(p - r->buf) : 0;
}

enum lsp_read_status lsp_read(struct lsp_reader *r, bool wait, char **body, size_t *len)
{
	*body = NULL;
	*len = 0;
	for (;;) {
		if (r->skip) {
			size_t n = r->skip < r->len ? r->skip : r->len;

			drop(r, n);
			r->skip -= n;
		}
		size_t h = r->skip ? 0 : header_end(r);

		if (h) {
			long long cl = content_length(r->buf, h - 4);

			if (cl < 0) {
				size_t g = resync(r, h);

				drop(r, g ? g : h);
				return LSP_READ_BAD_HEADER;
			}
			if ((unsigned long long)cl > LSP_MAX_BODY) {
				drop(r, h);
				r->skip = (size_t)cl;
				return LSP_READ_TOO_BIG;
			}
			if (r->len - h >= (size_t)cl) {
				char *b = malloc((size_t)cl + 1);

				if (!b)
					return LSP_READ_NONE;
				memcpy(b, r->buf + h, (size_t)cl);
				b[cl] = '\0';
				drop(r, h + (size_t)cl);
				*body = b;
				*len = (size_t)cl;
				return LSP_READ_MESSAGE;
			}
		} else if (!r->skip && r->len > LSP_MAX_HEADER) {
			/*
			 * No header end in sight: drop up to the next header, or all
			 * but a tail that may be the start of one.
			 */
			size_t g = resync(r, r->len);

			drop(r, g ? g : r->len - 16);
			return LSP_READ_BAD_HEADER;
		}
		size_t before = r->len;

		if (!fill(r, wait)) {
			r->len = 0;
			return LSP_READ_EOF;
		}
		if (!wait && r->len == before)
			return LSP_READ_NONE;
	}
}

bool lsp_write(int fd, const char *body, size_t len)
{
	char head[64];
	int hn = snprintf(head, sizeof(head), "Content-Length: %zu\r\n\r\n", len);

	return fd_write_all(fd, head, (size_t)hn) && fd_write_all(fd, body, len);
}
