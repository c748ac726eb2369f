// SPDX-License-Identifier: BSD-2-Clause
/*
 * srcmap.c - where each line of a generated text came from (see dt.h):
 * preprocessor output, binding examples wrapped into one DTS source.
 */
#include <stdlib.h>

#include "dt.h"

void srcmap_init(struct srcmap *m)
{
	m->lines = NULL;
	m->n = m->cap = 0;
}

void srcmap_free(struct srcmap *m)
{
	free(m->lines);
	srcmap_init(m);
}

int srcmap_push(struct srcmap *m, const char *file, uint32_t line, uint32_t col_offset)
{
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		struct srcmap_line *nl;

		if (cap > SIZE_MAX / sizeof(*nl))
			return -DTBIND_ENOMEM;
		nl = realloc(m->lines, cap * sizeof(*nl));
		if (!nl)
			return -DTBIND_ENOMEM;
		m->lines = nl;
		m->cap = cap;
	}
	m->lines[m->n++] = (struct srcmap_line){ file, line, col_offset };
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
	return (struct dtbind_loc){ l->file, l->line + extra, col ? col + l->col_offset : 0 };
}
