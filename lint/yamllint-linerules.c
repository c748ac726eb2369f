// SPDX-License-Identifier: BSD-2-Clause
/*
 * yamllint-linerules.c - yamllint's comment rules, its `# yamllint` directives
 * and its line rules.
 */
#include "yamllint-private.h"

/* ------------------------------------------------------------------ */
/* Comment rules and directives                                        */

bool yl_comment_inline(const struct lint *l, size_t before, uint32_t line)
{
	const struct tok *tb = &l->t[before];

	return tb->type != YAML_STREAM_START_TOKEN && line == tb->e.line + 1 &&
	       yl_ch(l, (long)tb->e.i - 1) != '\n';
}

/* The indentation of the line @t starts on. */
static int line_indent_of(const struct lint *l, const struct tok *t)
{
	size_t b = yl_boff(l, t->s.i), s = b;
	int n = 0;

	while (s > 0 && l->buf[s - 1] != '\n')
		s--;
	while (s + (size_t)n < l->len && l->buf[s + (size_t)n] == ' ')
		n++;
	return n;
}

static void r_comments(struct lint *l, const struct comment *cm, const struct rule_conf *rc)
{
	const int *v = rc->v;
	size_t b, start;

	if (v[CT_MIN_FROM_CONTENT] != -1 && yl_comment_inline(l, cm->before, cm->line) &&
	    (long)cm->ptr - (long)l->t[cm->before].e.i < v[CT_MIN_FROM_CONTENT])
		yl_add(l, R_COMMENTS, cm->line, cm->col, "too few spaces before comment");
	if (!v[CT_STARTING_SPACE])
		return;
	start = yl_boff(l, cm->ptr) + 1;
	for (b = start; b < l->len && l->buf[b] == '#'; b++)
		;
	/* PyYAML's buffer ends in '\0': a comment at the very end is fine */
	if (b < l->len) {
		unsigned char c = l->buf[b];

		if (v[CT_SHEBANGS] && cm->line == 1 && cm->col == 1 && c == '!')
			return;
		if (c != ' ' && c != '\n' && c != '\r' && c != '\0')
			yl_add(l, R_COMMENTS, cm->line, cm->col + (uint32_t)(b - start) + 1,
			       "missing starting space in comment");
	}
}

static void r_comments_indentation(struct lint *l, const struct comment *cm)
{
	const struct tok *tb = &l->t[cm->before];
	const struct tok *ta = cm->after != SIZE_MAX ? &l->t[cm->after] : NULL;
	int next_indent, prev_indent;

	/* only comments on their own line */
	if (tb->type != YAML_STREAM_START_TOKEN && tb->e.line + 1 == cm->line)
		return;
	next_indent = ta ? (int)ta->s.col : 0;
	if (!ta || ta->type == YAML_STREAM_END_TOKEN)
		next_indent = 0;
	prev_indent = tb->type == YAML_STREAM_START_TOKEN ? 0 : line_indent_of(l, tb);
	if (prev_indent < next_indent)
		prev_indent = next_indent;
	/* after a comment that went back to the indentation of what follows */
	if (cm->has_prev && !cm->prev_inline)
		prev_indent = (int)cm->prev_col - 1;
	if ((int)cm->col - 1 != prev_indent && (int)cm->col - 1 != next_indent)
		yl_add(l, R_COMMENTS_INDENTATION, cm->line, cm->col,
		       "comment not indented like content");
}

bool yl_is_space_c(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/*
 * `# yamllint disable( rule:ID)*`: when @s matches @head and the rest,
 * the rules named (0 when none: all) go to *mask.
 */
static bool directive(const struct lint *l, const char *s, size_t n, const char *head,
		      uint32_t *mask, bool *all)
{
	size_t hl = strlen(head), i;

	if (n < hl || memcmp(s, head, hl) != 0)
		return false;
	*mask = 0;
	*all = true;
	i = hl;
	while (i + 6 < n && memcmp(s + i, " rule:", 6) == 0 &&
	       !yl_is_space_c((unsigned char)s[i + 6])) {
		size_t j = i + 6, k;

		while (j < n && !yl_is_space_c((unsigned char)s[j]))
			j++;
		for (k = 0; k < R_COUNT; k++)
			if (strlen(yl_rule_defs[k].name) == j - i - 6 &&
			    memcmp(yl_rule_defs[k].name, s + i + 6, j - i - 6) == 0)
				*mask |= 1u << k;
		*all = false;
		i = j;
	}
	for (; i < n; i++)
		if (!yl_is_space_c((unsigned char)s[i]))
			return false;
	*mask &= l->enabled;
	return true;
}

static void directives(struct lint *l, const struct comment *cm)
{
	size_t b = yl_boff(l, cm->ptr), e = b;
	const char *s = (const char *)l->buf + b;
	uint32_t mask;
	bool all;

	while (e < l->len && l->buf[e] != '\n')
		e++;
	if (directive(l, s, e - b, "# yamllint disable", &mask, &all))
		l->dis = all ? l->enabled : l->dis | mask;
	else if (directive(l, s, e - b, "# yamllint enable", &mask, &all))
		l->dis = all ? 0 : l->dis & ~mask;
	if (directive(l, s, e - b, "# yamllint disable-line", &mask, &all)) {
		if (yl_comment_inline(l, cm->before, cm->line))
			l->dis_line = all ? l->enabled : l->dis_line | mask;
		else
			l->dis_next = all ? l->enabled : l->dis_next | mask;
	}
}

void yl_run_comment(struct lint *l, const struct comment *cm)
{
	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];

		if (!l->cfg->rule[r].enabled)
			continue;
		if (r == R_COMMENTS)
			r_comments(l, cm, &l->cfg->rule[r]);
		else if (r == R_COMMENTS_INDENTATION)
			r_comments_indentation(l, cm);
	}
	directives(l, cm);
}

/* ------------------------------------------------------------------ */
/* Line rules                                                          */

struct line {
	uint32_t no;
	size_t start, end;	/* bytes; end before "\n" or "\r\n" */
};

static void r_empty_lines(struct lint *l, const struct line *ln, const int *v)
{
	const unsigned char *b = l->buf;
	size_t len = l->len, start = ln->start;
	int blank = 0, max = v[EL_MAX];

	if (ln->start != ln->end || ln->end >= len)
		return;
	/* only the last blank line of a series */
	if ((ln->end + 2 <= len && b[ln->end] == '\n' && b[ln->end + 1] == '\n') ||
	    (ln->end + 4 <= len && memcmp(b + ln->end, "\r\n\r\n", 4) == 0))
		return;
	while (start >= 2 && b[start - 2] == '\r' && b[start - 1] == '\n') {
		blank++;
		start -= 2;
	}
	while (start >= 1 && b[start - 1] == '\n') {
		blank++;
		start--;
	}
	if (start == 0) {
		blank++;	/* the first line has no newline before it */
		max = v[EL_MAX_START];
	}
	if ((ln->end == len - 1 && b[ln->end] == '\n') ||
	    (ln->end + 2 == len && b[ln->end] == '\r' && b[ln->end + 1] == '\n')) {
		if (ln->end == 0)
			return;	/* a file of just "\n" */
		max = v[EL_MAX_END];
	}
	if (blank > max)
		yl_add(l, R_EMPTY_LINES, ln->no, 1, "too many blank lines (%d > %d)", blank, max);
}

/* yamllint's check_inline_mapping(): `key: value-without-spaces` on one line */
static bool inline_mapping(const struct lint *l, const struct line *ln)
{
	yaml_parser_t p;
	yaml_token_t tk;
	bool res = false, in_map = false, after_value = false, stop = false;
	const unsigned char *s = l->buf + ln->start;
	size_t n = ln->end - ln->start;
	unsigned depth = 0;

	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, s, n);
	/* a scanner error ends the search: false; so does deep nesting (see scan_tokens) */
	while (!stop && yaml_parser_scan(&p, &tk)) {
		if (tk.type == YAML_FLOW_SEQUENCE_START_TOKEN ||
		    tk.type == YAML_FLOW_MAPPING_START_TOKEN)
			stop = ++depth > DTBIND_MAX_DEPTH;
		else if (tk.type == YAML_FLOW_SEQUENCE_END_TOKEN ||
			 tk.type == YAML_FLOW_MAPPING_END_TOKEN)
			depth -= depth > 0;
		if (stop) {
		} else if (tk.type == YAML_NO_TOKEN) {
			stop = true;
		} else if (!in_map) {
			in_map = tk.type == YAML_BLOCK_MAPPING_START_TOKEN;
		} else if (after_value) {
			/* the token after ':' is taken, whatever it is */
			after_value = false;
			if (tk.type == YAML_SCALAR_TOKEN) {
				size_t b = 0;

				/* no space from the value's column on */
				for (size_t col = 0; b < n && col < tk.start_mark.column; col++)
					for (b++; b < n && (s[b] & 0xc0) == 0x80; b++)
						;
				res = !memchr(s + b, ' ', n - b);
				stop = true;
			}
		} else if (tk.type == YAML_VALUE_TOKEN) {
			after_value = true;
		}
		yaml_token_delete(&tk);
	}
	yaml_parser_delete(&p);
	return res;
}

static void r_line_length(struct lint *l, const struct line *ln, const int *v)
{
	size_t len = yl_nchars_in(l, ln->start, ln->end), start = ln->start;
	const unsigned char *b = l->buf;

	if ((long)len <= (long)v[LL_MAX])
		return;
	if (v[LL_WORDS] || v[LL_INLINE_MAPPINGS]) {
		while (start < ln->end && b[start] == ' ')
			start++;
		if (start != ln->end) {
			if (b[start] == '#') {
				while (start < l->len && b[start] == '#')
					start++;
				start++;
			} else if (b[start] == '-') {
				start += 2;
			}
			if (start >= ln->end || !memchr(b + start, ' ', ln->end - start))
				return;
			if (v[LL_INLINE_MAPPINGS] && inline_mapping(l, ln))
				return;
		}
	}
	yl_add(l, R_LINE_LENGTH, ln->no, (uint32_t)v[LL_MAX] + 1,
	       "line too long (%zu > %d characters)", len, v[LL_MAX]);
}

static void r_trailing_spaces(struct lint *l, const struct line *ln)
{
	size_t pos = ln->end;

	if (ln->end == 0)
		return;
	while (pos > ln->start && yl_py_whitespace(l->buf[pos - 1]))
		pos--;
	if (pos != ln->end && (l->buf[pos] == ' ' || l->buf[pos] == '\t'))
		yl_add(l, R_TRAILING_SPACES, ln->no, (uint32_t)yl_nchars_in(l, ln->start, pos) + 1,
		       "trailing spaces");
}

static void run_line(struct lint *l, const struct line *ln)
{
	for (unsigned k = 0; k < l->cfg->norder; k++) {
		enum rid r = (enum rid)l->cfg->order[k];
		const int *v = l->cfg->rule[r].v;

		if (!l->cfg->rule[r].enabled)
			continue;
		switch (r) {
		case R_EMPTY_LINES:
			r_empty_lines(l, ln, v);
			break;
		case R_LINE_LENGTH:
			r_line_length(l, ln, v);
			break;
		case R_NEW_LINE_AT_END_OF_FILE:
			if (ln->end == l->len && ln->end > ln->start)
				yl_add(l, r, ln->no, (uint32_t)yl_nchars_in(l, ln->start, ln->end) + 1,
				       "no new line character at the end of file");
			break;
		case R_NEW_LINES:
			if (ln->start == 0 && l->len > ln->end) {
				bool dos = v[NL_TYPE] == NL_DOS;
				bool ok = dos ? ln->end + 2 <= l->len &&
						memcmp(l->buf + ln->end, "\r\n", 2) == 0
					      : l->buf[ln->end] == '\n';

				if (!ok)
					yl_add(l, r, 1, (uint32_t)yl_nchars_in(l, ln->start, ln->end) + 1,
					       "wrong new line character: expected %s",
					       dos ? "\\r\\n" : "\\n");
			}
			break;
		case R_TRAILING_SPACES:
			r_trailing_spaces(l, ln);
			break;
		default:
			break;
		}
	}
	/* the end of a line: what was found on it goes out, filtered by directives */
	yl_flush(l);
	l->dis_line = l->dis_next;
	l->dis_next = 0;
}

void yl_lines_until(struct lint *l, struct lines *it, uint32_t before)
{
	while (!it->done && it->no < before) {
		struct line ln = { it->no, it->pos, l->len };
		const unsigned char *nl = it->pos < l->len ?
			memchr(l->buf + it->pos, '\n', l->len - it->pos) : NULL;

		if (nl) {
			size_t n = (size_t)(nl - l->buf);

			/* "\r\n" ends a line; the "\r" is not part of it */
			ln.end = n > 0 && l->buf[n - 1] == '\r' ? n - 1 : n;
			it->pos = n + 1;
		} else {
			it->done = true;
		}
		it->no++;
		run_line(l, &ln);
	}
}

