// SPDX-License-Identifier: BSD-2-Clause
/*
 * srcmap.c - where each line of a generated text came from (see dt.h):
 * preprocessor output, binding examples wrapped into one DTS source.
 */
#include <stdlib.h>
#include <string.h>

#include "dt.h"

void srcmap_init(struct srcmap *m)
{
	m->lines = NULL;
	m->n = m->cap = 0;
	m->spans = NULL;
	m->n_spans = m->cap_spans = 0;
}

void srcmap_free(struct srcmap *m)
{
	free(m->lines);
	free(m->spans);
	srcmap_init(m);
}

/* Room for one more element of @size in *@v holding @n of *@cap. */
static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *nv;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 64;
	if (ncap > SIZE_MAX / size)
		return -DTBIND_ENOMEM;
	nv = realloc(*v, ncap * size);
	if (!nv)
		return -DTBIND_ENOMEM;
	*v = nv;
	*cap = ncap;
	return 0;
}

int srcmap_push(struct srcmap *m, const char *file, uint32_t line, uint32_t col_offset)
{
	void *v = m->lines;

	if (grow(&v, &m->cap, m->n, sizeof(*m->lines)))
		return -DTBIND_ENOMEM;
	m->lines = v;
	m->lines[m->n++] = (struct srcmap_line){ file, line, col_offset, 0, m->n_spans };
	return 0;
}

/* What the line's map says from @l's out_col on: its last span, or the line itself. */
static struct srcmap_span current_span(const struct srcmap *m, const struct srcmap_line *l)
{
	if (l->n_spans)
		return m->spans[l->first_span + l->n_spans - 1];
	return (struct srcmap_span){ l->file, l->line, 1, 1 + l->col_offset, false };
}

static bool same_file(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int srcmap_add_span(struct srcmap *m, uint32_t out_col, const char *file, uint32_t line,
		    uint32_t col, bool fixed)
{
	struct srcmap_line *l;
	struct srcmap_span cur;
	void *v = m->spans;

	if (!m->n || !out_col)
		return 0;
	l = &m->lines[m->n - 1];
	cur = current_span(m, l);
	if (out_col >= cur.out_col && cur.fixed == fixed && cur.line == line &&
	    same_file(cur.file, file) &&
	    col == (fixed ? cur.col : cur.col + (out_col - cur.out_col)))
		return 0;
	if (!l->n_spans) {
		/* The line may have been reused (cpp's move_to): its spans start here. */
		l->first_span = m->n_spans;
	} else if (cur.out_col >= out_col) {
		/* Not left to right: the later span wins from @out_col on. */
		while (l->n_spans && m->spans[l->first_span + l->n_spans - 1].out_col >= out_col) {
			l->n_spans--;
			m->n_spans--;
		}
	}
	if (grow(&v, &m->cap_spans, m->n_spans, sizeof(*m->spans)))
		return -DTBIND_ENOMEM;
	m->spans = v;
	m->spans[m->n_spans++] = (struct srcmap_span){ file, line, out_col, col, fixed };
	l->n_spans++;
	return 0;
}

/*
 * Lines past the end of the map (an error at the end of the text) continue
 * the last entry, so "unexpected end of input" still lands after the last
 * mapped line.  Column 0 ("no column") stays 0.
 */
struct dtbind_loc srcmap_loc(const struct srcmap *m, const char *fallback_file, uint32_t line,
			     uint32_t col)
{
	const struct srcmap_line *l;
	uint32_t extra = 0;

	if (!m || !m->n || !line)
		return (struct dtbind_loc){ fallback_file, line, col };
	if (line <= m->n) {
		l = &m->lines[line - 1];
	} else {
		l = &m->lines[m->n - 1];
		extra = (uint32_t)(line - m->n);
	}
	if (col && !extra && l->n_spans && m->spans[l->first_span].out_col <= col) {
		/* The last span starting at or before @col. */
		const struct srcmap_span *s = &m->spans[l->first_span];
		size_t lo = 0, hi = l->n_spans;

		while (hi - lo > 1) {
			size_t mid = lo + (hi - lo) / 2;

			if (s[mid].out_col <= col)
				lo = mid;
			else
				hi = mid;
		}
		s += lo;
		return (struct dtbind_loc){ s->file, s->line,
					    s->fixed ? s->col : s->col + (col - s->out_col) };
	}
	return (struct dtbind_loc){ l->file, l->line + extra, col ? col + l->col_offset : 0 };
}
