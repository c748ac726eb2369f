// SPDX-License-Identifier: BSD-2-Clause
/*
 * dts-lex.c - the DTS lexer: dtc-lexer.l's rules and start conditions,
 * /include/ and cpp line markers.
 */
#include "dts-private.h"

/* ---- lexer -------------------------------------------------------- */

/* Character classes of dtc-lexer.l, by table: the lexer asks for every byte. */
enum { C_IDSTART = 1, C_IDENT = 2, C_PROPNODE = 4, C_HEX = 8, C_SPACE = 16 };

#define IDS (C_IDSTART | C_IDENT | C_PROPNODE)
#define HEXL (IDS | C_HEX)
#define DIG (C_IDENT | C_PROPNODE | C_HEX)
static const uint8_t cclass[256] = {
	['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE,
	['\r'] = C_SPACE, [' '] = C_SPACE,
	['0'] = DIG, ['1'] = DIG, ['2'] = DIG, ['3'] = DIG, ['4'] = DIG,
	['5'] = DIG, ['6'] = DIG, ['7'] = DIG, ['8'] = DIG, ['9'] = DIG,
	['a'] = HEXL, ['b'] = HEXL, ['c'] = HEXL, ['d'] = HEXL, ['e'] = HEXL, ['f'] = HEXL,
	['A'] = HEXL, ['B'] = HEXL, ['C'] = HEXL, ['D'] = HEXL, ['E'] = HEXL, ['F'] = HEXL,
	['g'] = IDS, ['h'] = IDS, ['i'] = IDS, ['j'] = IDS, ['k'] = IDS, ['l'] = IDS,
	['m'] = IDS, ['n'] = IDS, ['o'] = IDS, ['p'] = IDS, ['q'] = IDS, ['r'] = IDS,
	['s'] = IDS, ['t'] = IDS, ['u'] = IDS, ['v'] = IDS, ['w'] = IDS, ['x'] = IDS,
	['y'] = IDS, ['z'] = IDS,
	['G'] = IDS, ['H'] = IDS, ['I'] = IDS, ['J'] = IDS, ['K'] = IDS, ['L'] = IDS,
	['M'] = IDS, ['N'] = IDS, ['O'] = IDS, ['P'] = IDS, ['Q'] = IDS, ['R'] = IDS,
	['S'] = IDS, ['T'] = IDS, ['U'] = IDS, ['V'] = IDS, ['W'] = IDS, ['X'] = IDS,
	['Y'] = IDS, ['Z'] = IDS,
	['_'] = IDS,
	/* PROPNODECHAR [a-zA-Z0-9,._+*#?@-] */
	[','] = C_PROPNODE, ['.'] = C_PROPNODE, ['+'] = C_PROPNODE, ['*'] = C_PROPNODE,
	['#'] = C_PROPNODE, ['?'] = C_PROPNODE, ['@'] = C_PROPNODE, ['-'] = C_PROPNODE,
};
#undef IDS
#undef HEXL
#undef DIG

static bool is_propnodechar(unsigned char c)
{
	return cclass[c] & C_PROPNODE;
}

static bool is_ident_start(unsigned char c)
{
	return cclass[c] & C_IDSTART;
}

static bool is_ident(unsigned char c)
{
	return cclass[c] & C_IDENT;
}

static bool is_hex(unsigned char c)
{
	return cclass[c] & C_HEX;
}

static int hex_val(unsigned char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static bool is_space(unsigned char c)
{
	return cclass[c] & C_SPACE;
}

/* Move @s to @to, counting lines. */
static void advance_to(struct src *s, size_t to)
{
	const char *b = s->text;

	for (size_t i = s->pos; i < to;) {
		const char *nl = memchr(b + i, '\n', to - i);

		if (!nl)
			break;
		i = (size_t)(nl - b) + 1;
		s->line++;
		s->line_start = i;
	}
	s->pos = to;
}

static struct pos pos_here(const struct src *s)
{
	return (struct pos){
		.src = s, .line = s->line, .col = (uint32_t)(s->pos - s->line_start) + 1,
		.mfile = s->mfile, .mdelta = s->mdelta,
	};
}

/*
 * One escape sequence of a string, char literal or line marker body, as
 * dtc's get_escape_char(): @s[*i] follows the backslash.  @s[len] is the
 * closing quote, so reading one past the body is safe and stops digit runs.
 */
static unsigned char unescape(const char *s, size_t len, size_t *i, bool *bad_hex)
{
	unsigned char c = (unsigned char)s[*i];
	unsigned v = 0;
	int n = 0;

	(*i)++;
	switch (c) {
	case 'a': return '\a';
	case 'b': return '\b';
	case 't': return '\t';
	case 'n': return '\n';
	case 'v': return '\v';
	case 'f': return '\f';
	case 'r': return '\r';
	case 'x':
		while (n < 2 && *i < len && is_hex((unsigned char)s[*i])) {
			v = v * 16 + (unsigned)hex_val((unsigned char)s[(*i)++]);
			n++;
		}
		if (!n)
			*bad_hex = true;
		return (unsigned char)v;
	default:
		if (c >= '0' && c <= '7') {
			v = c - '0';
			for (n = 1; n < 3 && *i < len && s[*i] >= '0' && s[*i] <= '7'; n++)
				v = v * 8 + (unsigned)(s[(*i)++] - '0');
			return (unsigned char)v;
		}
		return c;
	}
}

/* Decode an escaped body into @out (at least @len bytes); returns the length. */
size_t dts_unescape_all(const char *s, size_t len, uint8_t *out, bool *bad_hex)
{
	size_t n = 0;

	for (size_t i = 0; i < len;) {
		if (s[i] == '\\') {
			i++;
			out[n++] = unescape(s, len, &i, bad_hex);
		} else {
			out[n++] = (uint8_t)s[i++];
		}
	}
	return n;
}

/*
 * The end (offset after the closing quote) of the string starting at @at,
 * or 0: flex's \"([^\\"]|\\.)*\" - a backslash escapes anything but a newline.
 */
static size_t string_end(const struct src *s, size_t at)
{
	for (size_t i = at + 1; i < s->len; i++) {
		if (s->text[i] == '"')
			return i + 1;
		if (s->text[i] == '\\') {
			if (i + 1 >= s->len || s->text[i + 1] == '\n')
				return 0;
			i++;
		}
	}
	return 0;
}

/*
 * The longest match of '([^']|\\')*' at @at, or 0: the body may hold a quote
 * only right after a backslash, so the match runs to the first quote that
 * is not escaped, or else to the last escaped one.
 */
static size_t char_literal_end(const struct src *s, size_t at)
{
	size_t last = 0;

	for (size_t i = at + 1; i < s->len; i++) {
		if (s->text[i] != '\'')
			continue;
		if (i > at + 1 && s->text[i - 1] == '\\') {
			last = i + 1;
			continue;
		}
		return i + 1;
	}
	return last;
}

static void lex_error(struct parser *p, const struct pos *ps, const char *fmt, ...)
	DTBIND_PRINTF(3, 4);

static void lex_error(struct parser *p, const struct pos *ps, const char *fmt, ...)
{
	va_list ap;

	/* Skipping after a syntax error: what follows is likely more of the same. */
	if (p->serr)
		return;
	p->syntax_errors++;
	va_start(ap, fmt);
	dts_vreport(p, dts_loc_of(p, ps), RULE_SYNTAX, NULL, fmt, ap);
	va_end(ap);
}

void dts_free_sources(struct parser *p)
{
	for (struct src *s = p->srcs, *dts_next; s; s = dts_next) {
		dts_next = s->all;
		free(s->owned);
		free(s);
	}
	p->srcs = p->src = NULL;
}

struct src *dts_push_source(struct parser *p, const char *name, const char *text, size_t len,
			    char *owned)
{
	struct src *s = calloc(1, sizeof(*s));

	if (!s) {
		free(owned);
		oom(p);
	}
	s->all = p->srcs;
	p->srcs = s;
	s->owned = owned;
	s->text = text;
	s->len = len;
	s->line = 1;
	s->name = name;
	s->prev = p->src;
	s->depth = p->src ? p->src->depth + 1 : 1;
	p->src = s;
	return s;
}

/* @fname relative to the directory of the file @s reads (dtc's srcfile_relative_open). */
static char *relative_path(struct parser *p, const struct src *s, const char *fname, size_t len)
{
	const char *slash = s ? strrchr(s->name, '/') : NULL;

	if (fname[0] == '/' || !slash)
		return strndup_a(p, fname, len);
	return need(p, arena_printf(&p->t->arena, "%.*s/%.*s", (int)(slash - s->name), s->name,
				    (int)len, fname));
}

/* Read @fname for /include/ or /incbin/; reports and returns -1 on failure. */
int dts_read_relative(struct parser *p, const struct pos *at, const char *what,
		      const char *fname, size_t flen, const char **path, char **buf, size_t *len)
{
	*path = relative_path(p, p->src, fname, flen);
	int ret = read_file(*path, DTBIND_MAX_FILE_SIZE, buf, len);

	if (ret == -DTBIND_ENOMEM)
		oom(p);
	if (ret) {
		lex_error(p, at, "cannot %s '%.*s': %s", what, (int)flen, fname,
			  ret == -DTBIND_ELIMIT ? "file too large" : strerror(errno));
		return -1;
	}
	return 0;
}

/* "/include/" WS* STRING at @at (the keyword is known to be there); returns its end or 0. */
static size_t include_end(const struct src *s, size_t at)
{
	size_t i = at + 9;

	while (i < s->len && is_space((unsigned char)s->text[i]))
		i++;
	if (i >= s->len || s->text[i] != '"')
		return 0;
	return string_end(s, i);
}

static void do_include(struct parser *p, size_t end)
{
	struct src *s = p->src;
	struct pos at = pos_here(s);
	const char *q = memchr(s->text + s->pos, '"', end - s->pos);
	const char *fname = q + 1;
	size_t flen = (size_t)(s->text + end - 1 - fname);
	const char *path;
	char *buf;
	size_t len;

	advance_to(s, end);
	if (memchr(fname, '\0', flen)) {
		lex_error(p, &at, "nul in include file name");
		return;
	}
	if (s->depth >= MAX_INCLUDE_DEPTH) {
		lex_error(p, &at, "includes nested too deeply (more than %u levels)",
			  MAX_INCLUDE_DEPTH);
		p->fatal = true;
		return;
	}
	if (dts_read_relative(p, &at, "open include file", fname, flen, &path, &buf, &len) == 0)
		dts_push_source(p, path, buf, len, buf);
}

/* ^"#"(line)?[ \t]+[0-9]+[ \t]+{STRING}([ \t]+[0-9]+)* at @at; returns its end or 0. */
static size_t line_marker_end(const struct src *s, size_t at, size_t *num, size_t *str)
{
	const char *t = s->text;
	size_t i = at + 1, n = s->len, j;

	if (n - i >= 4 && memcmp(t + i, "line", 4) == 0)
		i += 4;
	for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
		;
	if (j == i)
		return 0;
	*num = i = j;
	while (i < n && t[i] >= '0' && t[i] <= '9')
		i++;
	if (i == j)
		return 0;
	for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
		;
	if (j == i || j >= n || t[j] != '"')
		return 0;
	*str = j;
	i = string_end(s, j);
	if (!i)
		return 0;
	for (;;) {
		for (j = i; j < n && (t[j] == ' ' || t[j] == '\t'); j++)
			;
		size_t k = j;

		while (k < n && t[k] >= '0' && t[k] <= '9')
			k++;
		if (j == i || k == j)
			return i;
		i = k;
	}
}

static void do_line_marker(struct parser *p, size_t end, size_t num, size_t str)
{
	struct src *s = p->src;
	struct pos at = pos_here(s);
	const char *t = s->text;
	uint64_t line = 0;

	for (size_t i = num; t[i] >= '0' && t[i] <= '9'; i++)
		line = line < UINT32_MAX ? line * 10 + (uint64_t)(t[i] - '0') : line;
	/* The filename, unescaped, as dtc does. */
	size_t flen = end - str;	/* bounds the unescaped length */
	const char *body = t + str + 1;
	size_t blen;

	for (blen = flen - 2; body[blen] != '"'; blen--)
		;
	char small[256], *name = blen < sizeof(small) ? small : alloc(p, blen + 1);
	bool bad_hex = false;
	size_t n = dts_unescape_all(body, blen, (uint8_t *)name, &bad_hex);

	name[n] = '\0';
	if (memchr(name, '\0', n))
		lex_error(p, &at, "nul in line number directive");
	if (bad_hex)
		lex_error(p, &at, "\\x used with no following hex digits");
	advance_to(s, end);
	/* cpp repeats the same few names in thousands of markers: keep one copy of each. */
	const char *known = hmap_get_str(&p->mnames, name, n);

	if (!known) {
		known = strndup_a(p, name, n);
		if (hmap_put_str(&p->mnames, known, n, (void *)known) < 0)
			oom(p);
	}
	/* The marker names the line after it. */
	s->mfile = known;
	s->mdelta = (int64_t)(line > UINT32_MAX ? UINT32_MAX : line) - (int64_t)(s->line + 1);
}

/* [0-9]+|0[xX][0-9a-fA-F]+ then (U|L|UL|LL|ULL)?, and its value as strtoull(.., 0). */
static size_t literal(struct parser *p, struct token *tk, const char *t, size_t n)
{
	size_t i = 0, dig, base = 10;
	uint64_t v = 0;
	bool overflow = false, bad = false;

	while (i < n && t[i] >= '0' && t[i] <= '9')
		i++;
	if (t[0] == '0' && i == 1 && n > 2 && (t[1] | 0x20) == 'x' && is_hex((unsigned char)t[2])) {
		for (i = 2; i < n && is_hex((unsigned char)t[i]); i++)
			;
		dig = 2;
		base = 16;
	} else {
		dig = 0;
		if (t[0] == '0' && i > 1)
			base = 8;
	}
	size_t end = i;

	if (end < n && t[end] == 'U')
		end++;
	if (end < n && t[end] == 'L')
		end += end + 1 < n && t[end + 1] == 'L' ? 2 : 1;
	/* U?L?L? covers exactly the suffixes U, L, UL, LL and ULL. */
	for (size_t k = dig; k < i; k++) {
		unsigned d = (unsigned)hex_val((unsigned char)t[k]);

		if (d >= base) {
			bad = true;
			break;
		}
		if (v > (UINT64_MAX - d) / base)
			overflow = true;
		v = overflow ? UINT64_MAX : v * base + d;
	}
	tk->val = v;
	tk->type = T_LITERAL;
	if (bad || overflow) {
		struct pos at = tk->pos;

		if (bad)
			lex_error(p, &at, "bad integer literal '%.*s'", (int)end, t);
		else
			lex_error(p, &at, "integer literal '%.*s' out of range", (int)end, t);
	}
	return end;
}

static const struct keyword {
	const char *text;
	int type;
	enum lex_state to;	/* LS_INITIAL: no change */
} keywords[] = {
	{ "/dts-v1/", T_V1, LS_V1 },
	{ "/plugin/", T_PLUGIN, LS_INITIAL },
	{ "/memreserve/", T_MEMRESERVE, LS_V1 },
	{ "/bits/", T_BITS, LS_V1 },
	{ "/delete-property/", T_DEL_PROP, LS_PROPNODENAME },
	{ "/delete-node/", T_DEL_NODE, LS_PROPNODENAME },
	{ "/omit-if-no-ref/", T_OMIT, LS_PROPNODENAME },
	{ "/incbin/", T_INCBIN, LS_INITIAL },	/* not in <PROPNODENAME> nor <BYTESTRING> */
};

/* Skip whitespace and comments; returns false at an unterminated comment (reported). */
static bool skip_blanks(struct parser *p, struct src *s)
{
	const char *t = s->text;

	while (s->pos < s->len) {
		size_t i = s->pos;

		if (is_space((unsigned char)t[i])) {
			while (i < s->len && is_space((unsigned char)t[i]))
				i++;
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '*') {
			const char *e = NULL;

			for (size_t k = i + 2; k + 1 < s->len; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k + 2;
					break;
				}
			if (!e) {
				struct pos at = pos_here(s);

				lex_error(p, &at, "unterminated comment");
				advance_to(s, s->len);
				p->input_lost |= !s->prev;
				return false;
			}
			i = (size_t)(e - t);
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '/') {
			const char *nl = memchr(t + i, '\n', s->len - i);

			i = nl ? (size_t)(nl - t) + 1 : s->len;
		} else {
			return true;
		}
		advance_to(s, i);
	}
	return true;
}

/*
 * The token classes of lex(), one function each.  Each gets the text @t (@n
 * bytes left) where token @tk starts, typed as its first byte, and returns
 * the token's length, @len (1) when its rule does not match.
 */

/* '/': /include/ (entered, returns 0), or a /keyword/. */
static size_t lex_slash(struct parser *p, struct token *tk, const char *t, size_t n, size_t len)
{
	struct src *s = p->src;

	if (n >= 9 && memcmp(t, "/include/", 9) == 0) {
		size_t end = include_end(s, s->pos);

		if (end) {
			do_include(p, end);
			return 0;
		}
	}
	for (size_t k = 0; k < ARRAY_SIZE(keywords); k++) {
		size_t kl = strlen(keywords[k].text);

		if (n < kl || memcmp(t, keywords[k].text, kl) != 0)
			continue;
		if (keywords[k].type == T_INCBIN &&
		    (p->state == LS_PROPNODENAME || p->state == LS_BYTESTRING))
			continue;
		tk->type = keywords[k].type;
		len = kl;
		if (keywords[k].to != LS_INITIAL)
			p->state = keywords[k].to;
		break;
	}
	return len;
}

static size_t lex_string(struct parser *p, struct token *tk, const char *t, size_t n)
{
	struct src *s = p->src;
	size_t end = string_end(s, s->pos), len;

	if (!end) {
		lex_error(p, &tk->pos, "unterminated string");
		tk->type = T_ERROR;
		p->input_lost |= !s->prev;
		return n;
	}
	len = end - s->pos;
	tk->type = T_STRING;
	tk->s = t + 1;
	tk->slen = len - 2;
	return len;
}

static size_t lex_char(struct parser *p, struct token *tk, const char *t, size_t len)
{
	struct src *s = p->src;
	size_t end = char_literal_end(s, s->pos);

	if (!end)
		return len;
	len = end - s->pos;
	tk->type = T_CHAR;
	/* Decode into the arena only when it is long: usually 1 or 2 bytes. */
	uint8_t small[8], *out = len - 2 <= sizeof(small) ? small : alloc(p, len);
	bool bad_hex = false;
	size_t dl = dts_unescape_all(t + 1, len - 2, out, &bad_hex);

	if (bad_hex)
		lex_error(p, &tk->pos, "\\x used with no following hex digits");
	if (dl == 0) {
		lex_error(p, &tk->pos, "empty character literal");
	} else {
		tk->val = out[0];
		if (dl > 1)
			lex_error(p, &tk->pos,
				  "character literal has %zu characters instead of 1", dl);
	}
	return len;
}

/* '&': &&, &{/path}, &label. */
static size_t lex_amp(struct token *tk, const char *t, size_t n, size_t len)
{
	if (n >= 2 && t[1] == '&') {
		tk->type = T_AND;
		len = 2;
	} else if (n >= 3 && t[1] == '{' &&
		   (t[2] == '/' || is_ident_start((unsigned char)t[2]))) {
		/* &{/path}, and dtc 1.7's &{label/path} */
		size_t i = 3;

		while (i < n && (is_propnodechar((unsigned char)t[i]) || t[i] == '/'))
			i++;
		if (i < n && t[i] == '}') {
			tk->type = T_PATH_REF;
			tk->s = t + 2;
			tk->slen = i - 2;
			len = i + 1;
		}
	} else if (n >= 2 && is_ident_start((unsigned char)t[1])) {
		size_t i = 2;

		while (i < n && is_ident((unsigned char)t[i]))
			i++;
		tk->type = T_LABEL_REF;
		tk->s = t + 1;
		tk->slen = i - 1;
		len = i;
	}
	return len;
}

/* The two-character operators: << <= >> >= == != ||. */
static size_t lex_operator(struct token *tk, const char *t, size_t n, size_t len)
{
	unsigned char c = (unsigned char)t[0];

	if (n < 2)
		return len;
	if ((c == '<' || c == '>') && (t[1] == c || t[1] == '=')) {
		if (c == '<')
			tk->type = t[1] == '<' ? T_LSHIFT : T_LE;
		else
			tk->type = t[1] == '>' ? T_RSHIFT : T_GE;
		return 2;
	}
	if ((c == '=' || c == '!') && t[1] == '=') {
		tk->type = c == '=' ? T_EQ : T_NE;
		return 2;
	}
	if (c == '|' && t[1] == '|') {
		tk->type = T_OR;
		return 2;
	}
	return len;
}

/* No punctuation rule matched: labels, numbers, names, bytes, words. */
static size_t lex_word(struct parser *p, struct token *tk, const char *t, size_t n, size_t len)
{
	unsigned char c = (unsigned char)t[0];
	size_t il = 0;

	if (is_ident_start(c))
		for (il = 1; il < n && is_ident((unsigned char)t[il]); il++)
			;
	if (il && il < n && t[il] == ':') {
		tk->type = T_LABEL;
		tk->s = t;
		tk->slen = il;
		len = il + 1;
	} else if (p->state == LS_PROPNODENAME &&
		   (is_propnodechar(c) ||
		    (c == '\\' && n > 1 && is_propnodechar((unsigned char)t[1])))) {
		size_t i = c == '\\';

		while (i < n && is_propnodechar((unsigned char)t[i]))
			i++;
		tk->type = T_NAME;
		tk->s = t + (c == '\\');
		tk->slen = i - (c == '\\');
		len = i;
		p->state = LS_V1;
	} else if (p->state == LS_BYTESTRING) {
		if (n >= 2 && is_hex(c) && is_hex((unsigned char)t[1])) {
			tk->type = T_BYTE;
			tk->val = (uint64_t)(hex_val(c) * 16 + hex_val((unsigned char)t[1]));
			len = 2;
		}
	} else if (p->state == LS_V1 && c >= '0' && c <= '9') {
		len = literal(p, tk, t, n);
	} else if (il) {
		tk->type = T_WORD;
		len = il;
	}
	return len;
}

static void lex(struct parser *p, struct token *tk)
{
	struct src *s;

again:
	s = p->src;
	memset(tk, 0, sizeof(*tk));
	if (p->fatal) {
		tk->type = T_EOF;
		tk->pos = pos_here(s);
		tk->text = s->text + s->pos;
		return;
	}
	skip_blanks(p, s);
	if (s->pos >= s->len) {
		if (s->prev) {
			p->src = s->prev;
			goto again;
		}
		tk->type = T_EOF;
		tk->pos = pos_here(s);
		tk->text = s->text + s->len;
		return;
	}

	const char *t = s->text + s->pos;
	size_t n = s->len - s->pos, len = 1;
	unsigned char c = (unsigned char)t[0];

	tk->pos = pos_here(s);
	tk->text = t;
	tk->type = c;

	switch (c) {
	case '/':
		len = lex_slash(p, tk, t, n, len);
		if (!len)
			goto again;
		break;
	case '#':
		if (s->pos == 0 || t[-1] == '\n') {
			size_t num, str, end = line_marker_end(s, s->pos, &num, &str);

			if (end) {
				do_line_marker(p, end, num, str);
				goto again;
			}
		}
		break;
	case '"':
		len = lex_string(p, tk, t, n);
		break;
	case '\'':
		len = lex_char(p, tk, t, len);
		break;
	case '&':
		len = lex_amp(tk, t, n, len);
		break;
	case '<':
	case '>':
	case '=':
	case '!':
	case '|':
		len = lex_operator(tk, t, n, len);
		break;
	case '[':
		p->state = LS_BYTESTRING;
		break;
	case '{':
	case ';':
		p->state = LS_PROPNODENAME;
		break;
	case ']':
		if (p->state == LS_BYTESTRING)
			p->state = LS_V1;
		break;
	default:
		break;
	}
	if (tk->type == c && c != '\'')
		len = lex_word(p, tk, t, n, len);
	tk->len = len;
	advance_to(s, s->pos + len);
}

const struct token *dts_peek(struct parser *p, unsigned i)
{
	while (p->nla <= i)
		lex(p, &p->la[p->nla++]);
	return &p->la[i];
}

int dts_peek_type(struct parser *p)
{
	return dts_peek(p, 0)->type;
}

struct token dts_next(struct parser *p)
{
	dts_peek(p, 0);
	p->prev = p->la[0];
	p->la[0] = p->la[1];
	p->nla--;
	return p->prev;
}

