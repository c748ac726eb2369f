// SPDX-License-Identifier: BSD-2-Clause
/*
 * yamllint-scan.c - the text, tokens, comments and syntax errors of a file
 * as yamllint sees them through PyYAML, rebuilt from libyaml.
 */
#include "yamllint-private.h"

bool yl_grow(void **p, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *np;

	if (need <= *cap)
		return true;
	ncap = *cap ? *cap * 2 : 64;
	while (ncap < need)
		ncap *= 2;
	np = realloc(*p, ncap * elem);
	if (!np)
		return false;
	*p = np;
	*cap = ncap;
	return true;
}

size_t yl_boff(const struct lint *l, size_t ci)
{
	if (ci > l->nchars)
		ci = l->nchars;
	return l->c2b ? l->c2b[ci] : ci;
}

/* Character index of byte offset @b (which starts a character). */
size_t yl_cidx(const struct lint *l, size_t b)
{
	size_t lo = 0, hi = l->nchars;

	if (!l->c2b)
		return b;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->c2b[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The first byte of character @ci, or 0 outside the text: PyYAML's buffer ends
 * in '\0', and index -1 reads that '\0'.
 */
int yl_ch(const struct lint *l, long ci)
{
	if (ci < 0 || (size_t)ci >= l->nchars)
		return 0;
	return l->buf[yl_boff(l, (size_t)ci)];
}

/* Characters in bytes [a, b). */
size_t yl_nchars_in(const struct lint *l, size_t a, size_t b)
{
	size_t n = 0;

	if (!l->c2b)
		return b - a;
	for (; a < b; a++)
		n += (l->buf[a] & 0xc0) != 0x80;
	return n;
}

bool yl_py_whitespace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Length of the line break at byte @i for PyYAML's scanner ("\r" of "\r\n" is none). */
static size_t break_len(const unsigned char *b, size_t i, size_t len)
{
	if (b[i] == '\n' || (b[i] == '\r' && (i + 1 >= len || b[i + 1] != '\n')))
		return 1;
	if (b[i] == 0xc2 && i + 1 < len && b[i + 1] == 0x85)
		return 2;
	if (b[i] == 0xe2 && i + 2 < len && b[i + 1] == 0x80 &&
	    (b[i + 2] == 0xa8 || b[i + 2] == 0xa9))
		return 3;
	return 0;
}

/* PyYAML's mark of character @ci. */
struct mark yl_mark_of(const struct lint *l, size_t ci)
{
	struct mark m = { ci, 0, 0 };
	size_t end = yl_boff(l, ci), k;

	for (size_t i = l->bom ? 3 : 0; i < end;) {
		if ((k = break_len(l->buf, i, l->len))) {
			m.line++;
			m.col = 0;
			i += k;
		} else {
			m.col += (l->buf[i] & 0xc0) != 0x80;
			i++;
		}
	}
	return m;
}

/*
 * Character map and PyYAML's mark of the end of the text.  PyYAML counts a
 * BOM as a character (index) but not a column; so does this.
 */
int yl_map_text(struct lint *l)
{
	const unsigned char *b = l->buf;
	size_t n = 0, len = l->len;
	bool ascii = true;
	uint32_t line = 0, col = 0;

	for (size_t i = 0; i < len; i++)
		if (b[i] & 0x80) {
			ascii = false;
			break;
		}
	if (!ascii) {
		for (size_t i = 0; i < len; i++)
			n += (b[i] & 0xc0) != 0x80;
		l->c2b = malloc((n + 1) * sizeof(*l->c2b));
		if (!l->c2b)
			return -DTBIND_ENOMEM;
		n = 0;
		for (size_t i = 0; i < len; i++)
			if ((b[i] & 0xc0) != 0x80)
				l->c2b[n++] = (uint32_t)i;
		l->c2b[n] = (uint32_t)len;
	} else {
		n = len;
	}
	l->nchars = n;
	l->bom = len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf;
	{
		struct mark m = yl_mark_of(l, n);

		line = m.line;
		col = m.col;
	}
	l->eof_line = line;
	l->eof_col = col;
	return 0;
}

static struct mark mk(const struct lint *l, yaml_mark_t m)
{
	struct mark r = { m.index + l->bom, (uint32_t)m.line, (uint32_t)m.column };

	/* libyaml starts a new line for the end of the stream; PyYAML does not. */
	if (r.i >= l->nchars) {
		r.i = l->nchars;
		r.line = l->eof_line;
		r.col = l->eof_col;
	}
	return r;
}

/* Scan @text (the file, or a copy with one tab replaced) into l->t. */
/* Append a copy of libyaml's token to l->t; false when out of memory. */
static bool add_token(struct lint *l, const yaml_token_t *yt)
{
	struct tok *t;

	if (!yl_grow((void **)&l->t, &l->cap_t, l->nt + 1, sizeof(*l->t)))
		return false;
	t = &l->t[l->nt++];
	memset(t, 0, sizeof(*t));
	t->type = yt->type;
	t->s = mk(l, yt->start_mark);
	t->e = mk(l, yt->end_mark);
	if (yt->type == YAML_SCALAR_TOKEN) {
		switch (yt->data.scalar.style) {
		case YAML_SINGLE_QUOTED_SCALAR_STYLE: t->style = '\''; break;
		case YAML_DOUBLE_QUOTED_SCALAR_STYLE: t->style = '"'; break;
		case YAML_LITERAL_SCALAR_STYLE: t->style = '|'; break;
		case YAML_FOLDED_SCALAR_STYLE: t->style = '>'; break;
		default: t->style = 0; break;
		}
		t->vlen = yt->data.scalar.length;
		t->val = arena_strndup(&l->a, (const char *)yt->data.scalar.value, t->vlen);
	} else if (yt->type == YAML_TAG_TOKEN && yt->data.tag.handle) {
		t->vlen = strlen((const char *)yt->data.tag.handle);
		t->val = arena_strndup(&l->a, (const char *)yt->data.tag.handle, t->vlen);
	} else if (yt->type == YAML_TAG_DIRECTIVE_TOKEN && yt->data.tag_directive.handle) {
		t->vlen = strlen((const char *)yt->data.tag_directive.handle);
		t->val = arena_strndup(&l->a, (const char *)yt->data.tag_directive.handle, t->vlen);
	} else {
		t->val = "";
	}
	return t->val != NULL;
}

/*
 * At the end of a text without a final line break, libyaml starts a new line
 * before it looks at pending simple keys again, and gives up on a required one
 * of the last line ("could not find expected ':'"); PyYAML ends the stream
 * without that.  Is @p's error that one?
 */
static bool eof_key_error(const struct lint *l, const yaml_parser_t *p, size_t len)
{
	unsigned char last = len ? l->buf[len - 1] : '\n';

	return p->error == YAML_SCANNER_ERROR && p->problem &&
	       strcmp(p->problem, "could not find expected ':'") == 0 &&
	       last != '\n' && last != '\r' && len == l->len &&
	       mk(l, p->context_mark).line == l->eof_line &&
	       p->tokens.tail > p->tokens.head &&
	       p->tokens.tail[-1].type == YAML_STREAM_END_TOKEN;
}

/* Our own error, where the nesting passes DTBIND_MAX_DEPTH (compared by address). */
const char yl_too_deep[] = "nested too deeply (more than 512 levels)";

/* libyaml's error, located in our marks; true when it ran out of memory. */
static bool take_parser_error(struct lint *l, const yaml_parser_t *p, struct yerr *err)
{
	err->kind = p->error;
	err->problem = p->problem;
	err->context = p->context;
	err->mark = mk(l, p->problem_mark);
	err->context_mark = mk(l, p->context_mark);
	if (p->error == YAML_READER_ERROR)
		err->mark = yl_mark_of(l, yl_cidx(l, p->problem_offset));
	return p->error == YAML_MEMORY_ERROR;
}

int yl_scan_tokens(struct lint *l, const unsigned char *text, size_t len, struct yerr *err)
{
	yaml_parser_t p;
	int ret = 0;
	unsigned depth;

	l->nt = 0;
	memset(err, 0, sizeof(*err));
	if (!yaml_parser_initialize(&p))
		return -DTBIND_ENOMEM;
	depth = 0;
	yaml_parser_set_input_string(&p, text, len);
	for (;;) {
		yaml_token_t yt;
		struct tok *t;
		bool end;

		if (!yaml_parser_scan(&p, &yt)) {
			if (eof_key_error(l, &p, len)) {
				/* take the rest, up to STREAM-END, from libyaml's queue */
				for (yaml_token_t *q = p.tokens.head; q < p.tokens.tail; q++)
					if (!add_token(l, q)) {
						ret = -DTBIND_ENOMEM;
						break;
					}
				break;
			}
			err->indent = p.indent;
			if (take_parser_error(l, &p, err))
				ret = -DTBIND_ENOMEM;
			break;
		}
		if (yt.type == YAML_NO_TOKEN)
			break;
		if (!add_token(l, &yt)) {
			yaml_token_delete(&yt);
			ret = -DTBIND_ENOMEM;
			break;
		}
		t = &l->t[l->nt - 1];
		end = yt.type == YAML_STREAM_END_TOKEN;
		yaml_token_delete(&yt);
		if (end)
			break;
		/*
		 * libyaml (like PyYAML) looks at every open flow level for each
		 * token: cap the nesting to stay linear.
		 */
		switch (t->type) {
		case YAML_BLOCK_SEQUENCE_START_TOKEN:
		case YAML_BLOCK_MAPPING_START_TOKEN:
		case YAML_FLOW_SEQUENCE_START_TOKEN:
		case YAML_FLOW_MAPPING_START_TOKEN:
			depth++;
			break;
		case YAML_BLOCK_END_TOKEN:
		case YAML_FLOW_SEQUENCE_END_TOKEN:
		case YAML_FLOW_MAPPING_END_TOKEN:
			depth -= depth > 0;
			break;
		default:
			break;
		}
		if (depth > DTBIND_MAX_DEPTH) {
			err->kind = YAML_SCANNER_ERROR;
			err->problem = yl_too_deep;
			err->mark = t->s;
			break;
		}
	}
	yaml_parser_delete(&p);
	return ret;
}

/* Parse @text into events to find the first error yaml.parse() would raise. */
int yl_parse_events(struct lint *l, const unsigned char *text, size_t len, struct yerr *err)
{
	yaml_parser_t p;
	int ret = 0;

	memset(err, 0, sizeof(*err));
	if (!yaml_parser_initialize(&p))
		return -DTBIND_ENOMEM;
	yaml_parser_set_input_string(&p, text, len);
	for (;;) {
		yaml_event_t ev;
		bool end;

		if (!yaml_parser_parse(&p, &ev)) {
			if (eof_key_error(l, &p, len)) {
				/*
				 * PyYAML's parser gets that key: a node where a block
				 * collection wants its next key or entry.
				 */
				err->kind = YAML_PARSER_ERROR;
				err->problem = "did not find expected key";
				err->mark = mk(l, p.context_mark);
				err->tokens_parsed = p.tokens_parsed;
				break;
			}
			err->tokens_parsed = p.tokens_parsed;
			if (take_parser_error(l, &p, err))
				ret = -DTBIND_ENOMEM;
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT || ev.type == YAML_NO_EVENT;
		yaml_event_delete(&ev);
		if (end)
			break;
	}
	yaml_parser_delete(&p);
	return ret;
}

/* Python's repr() of the character at @ci. */
static void py_repr_char(const struct lint *l, struct strbuf *sb, size_t ci)
{
	size_t b = yl_boff(l, ci), e = ci + 1 <= l->nchars ? yl_boff(l, ci + 1) : b;
	int c = b < l->len ? l->buf[b] : 0;

	if (c == '\'') {
		sb_puts(sb, "\"'\"");
		return;
	}
	sb_putc(sb, '\'');
	if (c == '\t')
		sb_puts(sb, "\\t");
	else if (c == '\n')
		sb_puts(sb, "\\n");
	else if (c == '\r')
		sb_puts(sb, "\\r");
	else if (c == '\\')
		sb_puts(sb, "\\\\");
	else if (c < 0x20 || c == 0x7f)
		sb_printf(sb, "\\x%02x", c);
	else if (c < 0x80)
		sb_putc(sb, (char)c);
	else
		sb_putn(sb, (const char *)l->buf + b, e - b);
	sb_putc(sb, '\'');
}

/* PyYAML's Token.id, repr()'d. */
static const char *py_token_id(yaml_token_type_t type)
{
	switch (type) {
	case YAML_STREAM_START_TOKEN: return "'<stream start>'";
	case YAML_STREAM_END_TOKEN: return "'<stream end>'";
	case YAML_VERSION_DIRECTIVE_TOKEN:
	case YAML_TAG_DIRECTIVE_TOKEN: return "'<directive>'";
	case YAML_DOCUMENT_START_TOKEN: return "'<document start>'";
	case YAML_DOCUMENT_END_TOKEN: return "'<document end>'";
	case YAML_BLOCK_SEQUENCE_START_TOKEN: return "'<block sequence start>'";
	case YAML_BLOCK_MAPPING_START_TOKEN: return "'<block mapping start>'";
	case YAML_BLOCK_END_TOKEN: return "'<block end>'";
	case YAML_FLOW_SEQUENCE_START_TOKEN: return "'['";
	case YAML_FLOW_SEQUENCE_END_TOKEN: return "']'";
	case YAML_FLOW_MAPPING_START_TOKEN: return "'{'";
	case YAML_FLOW_MAPPING_END_TOKEN: return "'}'";
	case YAML_BLOCK_ENTRY_TOKEN: return "'-'";
	case YAML_FLOW_ENTRY_TOKEN: return "','";
	case YAML_KEY_TOKEN: return "'?'";
	case YAML_VALUE_TOKEN: return "':'";
	case YAML_ALIAS_TOKEN: return "'<alias>'";
	case YAML_ANCHOR_TOKEN: return "'<anchor>'";
	case YAML_TAG_TOKEN: return "'<tag>'";
	case YAML_SCALAR_TOKEN: return "'<scalar>'";
	default: return "'<unknown>'";
	}
}

/* A_BREAK: PyYAML says what it expected right after a version or block scalar indicators */
enum arg { A_NONE, A_CHAR, A_TOKEN, A_HEX, A_BREAK, A_ESCAPE, A_HANDLE };

/* libyaml's problem -> PyYAML's (scanner.py, parser.py) */
static const struct {
	const char *libyaml, *pyyaml;
	enum arg arg;
} problem_map[] = {
	{ "mapping values are not allowed in this context",
	  "mapping values are not allowed here", A_NONE },
	{ "block sequence entries are not allowed in this context",
	  "sequence entries are not allowed here", A_NONE },
	{ "mapping keys are not allowed in this context",
	  "mapping keys are not allowed here", A_NONE },
	{ "found character that cannot start any token",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found a tab character where an indentation space is expected",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found a tab character that violates indentation",
	  "found character %s that cannot start any token", A_CHAR },
	{ "found unexpected document indicator",
	  "found unexpected document separator", A_NONE },
	{ "found unknown escape character",
	  "found unknown escape character %s", A_ESCAPE },
	{ "did not find expected tag URI",
	  "expected URI, but found %s", A_CHAR },
	{ "did not find expected comment or line break",
	  "expected a comment or a line break, but found %s", A_BREAK },
	{ "could not find expected directive name",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "found unexpected non-alphabetical character",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "did not find expected version number",
	  "expected a digit, but found %s", A_CHAR },
	{ "did not find expected alphabetic or numeric character",
	  "expected alphabetic or numeric character, but found %s", A_CHAR },
	{ "did not find the expected '>'",
	  "expected '>', but found %s", A_CHAR },
	{ "did not find expected whitespace or line break",
	  "expected ' ', but found %s", A_CHAR },
	{ "did not find expected whitespace",
	  "expected ' ', but found %s", A_CHAR },
	{ "did not find expected hexdecimal number",
	  "expected escape sequence of %d hexadecimal numbers, but found %s", A_HEX },
	{ "found an indentation indicator equal to 0",
	  "expected indentation indicator in the range 1-9, but found 0", A_NONE },
	{ "did not find expected digit or '.' character",
	  "expected a digit or '.', but found %s", A_CHAR },
	{ "did not find expected <document start>",
	  "expected '<document start>', but found %s", A_TOKEN },
	{ "did not find expected key",
	  "expected <block end>, but found %s", A_TOKEN },
	{ "did not find expected '-' indicator",
	  "expected <block end>, but found %s", A_TOKEN },
	{ "did not find expected ',' or ']'",
	  "expected ',' or ']', but got %s", A_TOKEN },
	{ "did not find expected ',' or '}'",
	  "expected ',' or '}', but got %s", A_TOKEN },
	{ "did not find expected node content",
	  "expected the node content, but found %s", A_TOKEN },
	{ "found duplicate %YAML directive",
	  "found duplicate YAML directive", A_NONE },
	{ "found undefined tag handle",
	  "found undefined tag handle %s", A_HANDLE },
	{ "found duplicate %TAG directive",
	  "duplicate tag handle %s", A_HANDLE },
	{ "found incompatible YAML document",
	  "found incompatible YAML document (version 1.* is required)", A_NONE },
};

/* The syntax error yamllint reports for @e, in PyYAML's words. */
void yl_set_syntax_error(struct lint *l, const struct yerr *e)
{
	struct strbuf sb, arg;
	const char *fmt = NULL;
	enum arg kind = A_NONE;
	struct mark mark = e->mark;

	sb_init(&sb);
	sb_init(&arg);
	for (size_t i = 0; e->problem && i < ARRAY_SIZE(problem_map); i++)
		if (strcmp(e->problem, problem_map[i].libyaml) == 0) {
			fmt = problem_map[i].pyyaml;
			kind = problem_map[i].arg;
			break;
		}
	sb_puts(&sb, "syntax error: ");
	if (!fmt) {
		sb_puts(&sb, e->problem ? e->problem : "unknown error");
	} else if (kind == A_NONE) {
		sb_puts(&sb, fmt);
	} else if (kind == A_CHAR || kind == A_BREAK || kind == A_ESCAPE) {
		int prev = yl_ch(l, (long)e->mark.i - 1);

		if (kind == A_ESCAPE) {
			/* libyaml points at the backslash, PyYAML after it */
			mark = yl_mark_of(l, e->mark.i + 1);
		} else if (e->context && strstr(e->context, "tag") &&
			   strstr(e->problem, "whitespace") && prev == '!') {
			fmt = "expected URI, but found %s";	/* "!" and no suffix */
		}

		if (kind == A_BREAK && e->context && strstr(e->context, "directive") &&
		    prev >= '0' && prev <= '9')
			fmt = "expected a digit or ' ', but found %s";
		else if (kind == A_BREAK && e->context && strstr(e->context, "block scalar") &&
			 prev != ' ')
			fmt = "expected chomping or indentation indicators, but found %s";
		py_repr_char(l, &arg, mark.i);
		sb_printf(&sb, fmt, sb_cstr(&arg));
	} else if (kind == A_HANDLE) {
		/* the handle of the tag or %TAG directive there, repr()'d */
		const char *h = "!";

		for (size_t k = 0; k < l->nt; k++)
			if (l->t[k].s.i == e->mark.i && l->t[k].val && l->t[k].vlen &&
			    (l->t[k].type == YAML_TAG_TOKEN ||
			     l->t[k].type == YAML_TAG_DIRECTIVE_TOKEN)) {
				h = l->t[k].val;
				break;
			}
		sb_printf(&arg, "'%s'", h);
		sb_printf(&sb, fmt, sb_cstr(&arg));
	} else if (kind == A_TOKEN) {
		const char *id = e->tokens_parsed < l->nt ? py_token_id(l->t[e->tokens_parsed].type)
							  : "'<stream end>'";

		sb_printf(&sb, fmt, id);
	} else {
		/* \x, \u, \U: the escape letter is before the hex digits read so far */
		int n = 2;

		for (long k = (long)e->mark.i - 1; k >= 0 && k + 9 >= (long)e->mark.i; k--)
			if (yl_ch(l, k - 1) == '\\' && strchr("xuU", yl_ch(l, k))) {
				n = yl_ch(l, k) == 'x' ? 2 : yl_ch(l, k) == 'u' ? 4 : 8;
				break;
			}
		py_repr_char(l, &arg, e->mark.i);
		sb_printf(&sb, fmt, n, sb_cstr(&arg));
	}
	l->syn = true;
	l->syn_line = mark.line + 1;
	l->syn_col = mark.col + 1;
	l->syn_msg = sb.oom ? NULL : arena_strdup(&l->a, sb_cstr(&sb));
	if (!l->syn_msg)
		l->oom = true;
	sb_free(&sb);
	sb_free(&arg);
}

/* ---- tabs: PyYAML takes them only in quoted and block scalars and comments ---- */

/* First tab outside comments in characters [a, b). */
static size_t gap_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = yl_boff(l, b);
	bool comment = false;

	for (size_t i = yl_boff(l, a); i < bb; i++) {
		unsigned char c = l->buf[i];

		if (c == '\n' || c == '\r')
			comment = false;
		else if (c == '#')
			comment = true;
		else if (c == '\t' && !comment)
			return yl_cidx(l, i);
	}
	return SIZE_MAX;
}

bool yl_is_blank_or_break(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * First tab in text libyaml scanned but did not return before its error
 * (characters [a, b)): skip comments and quoted scalars lexically.
 */
static size_t tail_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = yl_boff(l, b), ba = yl_boff(l, a);
	bool comment = false;

	for (size_t i = ba; i < bb; i++) {
		unsigned char c = l->buf[i], pc = i > 0 ? l->buf[i - 1] : '\n';

		if (c == '\n' || c == '\r') {
			comment = false;
		} else if (comment) {
			continue;
		} else if (c == '#' && (i == ba || yl_is_blank_or_break(pc))) {
			comment = true;
		} else if ((c == '\'' || c == '"') && (i == ba || yl_is_blank_or_break(pc) ||
						       strchr("[{,:-?", pc))) {
			for (i++; i < bb; i++) {
				if (c == '"' && l->buf[i] == '\\')
					i++;
				else if (c == '\'' && l->buf[i] == '\'' && i + 1 < bb &&
					 l->buf[i + 1] == '\'')
					i++;
				else if (l->buf[i] == c)
					break;
			}
		} else if (c == '\t') {
			return yl_cidx(l, i);
		}
	}
	return SIZE_MAX;
}

static size_t first_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = yl_boff(l, b);
	const unsigned char *p;

	if (a >= b)
		return SIZE_MAX;
	p = memchr(l->buf + yl_boff(l, a), '\t', bb - yl_boff(l, a));
	return p ? yl_cidx(l, (size_t)(p - l->buf)) : SIZE_MAX;
}

/* The header line of a block scalar from @a: a tab before its comment is an error. */
static size_t header_tab(const struct lint *l, size_t a, size_t b)
{
	size_t bb = yl_boff(l, b);

	for (size_t i = yl_boff(l, a); i < bb; i++) {
		unsigned char c = l->buf[i];

		if (c == '\n' || c == '\r' || c == '#')
			break;
		if (c == '\t')
			return yl_cidx(l, i);
	}
	return SIZE_MAX;
}

/*
 * The first tab PyYAML's scanner stops at (a character index, or SIZE_MAX),
 * among what libyaml scanned up to its own scanner error @se, if any.
 */
size_t yl_find_bad_tab(const struct lint *l, const struct yerr *se)
{
	size_t cur = 0, x;

	for (size_t k = 0; k < l->nt; k++) {
		const struct tok *t = &l->t[k];

		if (t->s.i > cur && (x = gap_tab(l, cur, t->s.i)) != SIZE_MAX)
			return x;
		if ((t->type == YAML_VERSION_DIRECTIVE_TOKEN || t->type == YAML_TAG_DIRECTIVE_TOKEN) &&
		    (x = first_tab(l, t->s.i, t->e.i)) != SIZE_MAX)
			return x;
		if (t->type == YAML_SCALAR_TOKEN && t->e.i > t->s.i) {
			if (!t->style)
				x = first_tab(l, t->s.i, t->e.i);
			else if (t->style == '|' || t->style == '>')
				x = header_tab(l, t->s.i, t->e.i);
			else
				x = SIZE_MAX;
			if (x != SIZE_MAX)
				return x;
		}
		if (t->e.i > cur)
			cur = t->e.i;
	}
	if (se->kind == YAML_NO_ERROR)
		return gap_tab(l, cur, l->nchars);
	/* up to and with the character libyaml stopped at */
	x = tail_tab(l, cur, se->mark.i < l->nchars ? se->mark.i + 1 : l->nchars);
	if (x == SIZE_MAX && se->context && strstr(se->context, "block scalar") &&
	    se->mark.i < l->nchars && yl_ch(l, (long)se->mark.i) == '\t')
		x = se->mark.i;	/* in the indentation of a block scalar */
	return x;
}

/*
 * Does the tab at @tab end a tag, a directive or a block scalar's indicators?
 * There PyYAML has its own words for it ("expected ' ', but found '\t'"), and
 * a '`' in its place stops libyaml with the same error at the same place.
 * Elsewhere the tab ends what PyYAML was scanning like a space would.
 */
bool yl_tab_ends_token(const struct lint *l, size_t tab)
{
	size_t bt = yl_boff(l, tab), ls = bt, i = bt;

	while (ls > 0 && l->buf[ls - 1] != '\n' && l->buf[ls - 1] != '\r')
		ls--;
	if (l->buf[ls] == '%')
		return true;		/* a directive */
	if (i == ls || l->buf[i - 1] == ' ' || l->buf[i - 1] == '\t') {
		/* after blanks: only a block scalar header "|  \t" */
		while (i > ls && (l->buf[i - 1] == ' ' || l->buf[i - 1] == '\t'))
			i--;
		if (i == bt)
			return false;
	}
	while (i > ls && strchr("+-0123456789", l->buf[i - 1]))
		i--;
	if (i > ls && (l->buf[i - 1] == '|' || l->buf[i - 1] == '>') &&
	    (i - 1 == ls || l->buf[i - 2] == ' ' || l->buf[i - 2] == '\t'))
		return true;		/* block scalar indicators */
	if (i != bt)
		return false;
	/* the word right before the tab: a tag? */
	while (i > ls && !strchr(" \t[]{},", l->buf[i - 1]))
		i--;
	return l->buf[i] == '!';
}

/*
 * PyYAML's possible simple keys, replayed over the tokens libyaml returned for
 * the text before a tab, which libyaml scanned to its end without an error.
 * Returns how many of them PyYAML hands out before it stops at the tab: none
 * from a key still waiting for its ':'.  (A required key that goes stale
 * stops libyaml too: that case does not come here.)
 */
struct skey {
	bool possible;
	size_t tok;		/* index of its first token */
	uint32_t line;
	size_t i;
};

size_t yl_returned_before_tab(struct lint *l, struct mark last)
{
	struct skey *keys = NULL;	/* by flow level */
	size_t nkeys = 0, cap = 0, level = 0, ret;
	bool allow = true;
	uint32_t line = 0;

	for (size_t k = 0; k < l->nt && !l->oom; k++) {
		const struct tok *t = &l->t[k];
		bool save = false;

		/* one more level for a flow collection's start */
		if (!yl_grow((void **)&keys, &cap, level + 2, sizeof(*keys))) {
			l->oom = true;
			break;
		}
		for (; nkeys < level + 2; nkeys++)
			keys[nkeys].possible = false;
		if (t->s.line != line) {
			/* a new line: keys of earlier lines are stale */
			for (size_t v = 0; v < nkeys; v++)
				if (keys[v].line != t->s.line)
					keys[v].possible = false;
			if (!level)
				allow = true;
			line = t->s.line;
		}
		switch (t->type) {
		case YAML_STREAM_START_TOKEN:
			allow = true;
			break;
		case YAML_KEY_TOKEN:
			if (t->s.i == t->e.i)
				break;	/* put in for a simple key */
			keys[level].possible = false;
			allow = !level;
			break;
		case YAML_VALUE_TOKEN:
			/* no simple key after a simple key's ':' */
			allow = keys[level].possible ? false : !level;
			keys[level].possible = false;
			break;
		case YAML_DOCUMENT_START_TOKEN:
		case YAML_DOCUMENT_END_TOKEN:
		case YAML_VERSION_DIRECTIVE_TOKEN:
		case YAML_TAG_DIRECTIVE_TOKEN:
			keys[level].possible = false;
			allow = false;
			break;
		case YAML_FLOW_SEQUENCE_END_TOKEN:
		case YAML_FLOW_MAPPING_END_TOKEN:
			keys[level].possible = false;
			level -= level > 0;
			allow = false;
			break;
		case YAML_FLOW_ENTRY_TOKEN:
		case YAML_BLOCK_ENTRY_TOKEN:
			keys[level].possible = false;
			allow = true;
			break;
		case YAML_SCALAR_TOKEN:
			if (t->style == '|' || t->style == '>') {
				keys[level].possible = false;
				allow = true;
			} else {
				save = true;
			}
			break;
		case YAML_FLOW_SEQUENCE_START_TOKEN:
		case YAML_FLOW_MAPPING_START_TOKEN:
		case YAML_ALIAS_TOKEN:
		case YAML_ANCHOR_TOKEN:
		case YAML_TAG_TOKEN:
			save = true;
			break;
		default:
			break;	/* BLOCK-MAPPING-START and the like: put in, not scanned */
		}
		if (save) {
			if (allow)
				keys[level] = (struct skey){ true, k, t->s.line, t->s.i };
			allow = false;
			if (t->type == YAML_FLOW_SEQUENCE_START_TOKEN ||
			    t->type == YAML_FLOW_MAPPING_START_TOKEN) {
				level++;
				keys[level].possible = false;
				allow = true;
			}
		}
	}
	/*
	 * PyYAML hands out no token that may still be a simple key: asking for
	 * one makes it scan on, to the tab, where it stops.  Before that it drops
	 * the keys of other lines than the one its scanner stands on (@last).
	 */
	ret = l->nt;
	for (size_t v = 0; v < nkeys; v++)
		if (keys[v].possible && keys[v].line == last.line &&
		    last.i - keys[v].i <= 1024 && keys[v].tok < ret)
			ret = keys[v].tok;
	free(keys);
	return ret;
}

